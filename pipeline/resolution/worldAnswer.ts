/**
 * A simulated answer about a real film or company says what the world knows of it (worldFacts.ts):
 * TMDB's details and lists, Douban's descriptions and lists, Polygon's searches, company details
 * and prices. Values carried for later steps stay as they are; everything else about a known film
 * or company follows the facts table. Stock prices of any ticker (known or not) come from one
 * deterministic level per ticker, so the open and close of one day, and the days of one range,
 * stay within a few percent of each other.
 */
import type { ReturnField, ToolDoc } from '../schemas.js';
import type { Rng } from '../rng.js';
import { isPlainObject, sameValue } from '../errors/values.js';
import { FILM_FACTS, knownField, knownGenre, shownFilm, type KnownFacts } from './knownFacts.js';
import type { CarriedValue } from './simulatorRules.js';
import { DOUBAN, FILMS, doubanDescription, doubanFact, genreName, companyBySearch, companyByTicker, dayPrices, filmById, filmByTitle, homepageFor, similarFilms, tmdbGenres, type CompanyFact, type DoubanFact, type FilmFact } from './worldFacts.js';
import { newsHeadline } from './simulatedText.js';

/**
 * Return fields whose doc says otherwise than the API answers: T-Eval's FilmTMDB.get_similar_movies
 * documents `films` as "list of reviews including user's name, rating, and reviews" (copied from
 * get_movie_reviews), while its recorded answers list films: {id, title, release_date, vote_average, popularity}.
 */
const DOC_SLIPS: { api: RegExp; field: string; slip: RegExp; description: string }[] = [
  // A doc rewritten without the record's fields ("list of similar movies") still answers films as records, never plot lines with no title.
  { api: /\.get_similar_movies$/, field: 'films', slip: /\breviews?\b|^(?![\s\S]*\btitle\b)/i, description: 'list of similar films, including id, title, release_date, vote_average and popularity' },
  // Douban's now-playing list is documented with the coming list's fields (a date, how many want to see it); its recorded answer gives each film's score, director and cast instead.
  // T-Eval's recorded answers name these records' fields otherwise than the docs do.
  { api: /AirbnbSearch\.get_property_reviews$/, field: 'reviews', slip: /\bcomment, rating, and date\b/, description: 'The reviews of the property, containing comments, rating, and time (date and time, ISO). At most 3 reviews are returned.' },
  { api: /FilmTMDB\.get_popular_movies$/, field: 'films', slip: /popularity and rating/, description: 'list of films ranked by popularity, including id, title, release_date, vote_average and popularity' },
  { api: /FilmTMDB\.get_top_rated_movies$/, field: 'films', slip: /popularity and rating/, description: 'list of films ranked by vote_average, including id, title, release_date, vote_average and popularity' },
  { api: /FilmTMDB\.get_now_playing$/, field: 'films', slip: /popularity and rating/, description: 'list of films playing, including id, title, release_date, vote_average and popularity' },
  { api: /FilmTMDB\.get_movie_reviews$/, field: 'reviews', slip: /user's name/, description: 'list of reviews including user, rating and content' },
  { api: /Douban\.now_playing_out_filter$/, field: 'film', slip: /wantWatchPeopleNum/, description: 'a list of film information, including title, score, region, director, actors, link' },
];

/** The doc as the API really answers (a slip in a return field's description mended); the same doc when there is none. */
export function answeredDoc(doc: ToolDoc): ToolDoc {
  const slips = DOC_SLIPS.filter((s) => s.api.test(doc.name));
  if (!slips.length) return doc;
  const fix = (f: ReturnField): ReturnField => {
    const slip = slips.find((s) => s.field === f.name && s.slip.test(f.description ?? ''));
    return slip ? { ...f, description: slip.description } : f;
  };
  return { ...doc, return_data: doc.return_data.map(fix) };
}

/** A day of the film's release: its own when the table gives it, else a fixed day of the known year. */
export function releaseDate(film: FilmFact): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(film.release)) return film.release;
  let h = 0;
  for (const ch of film.title) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return `${film.release}-${String(1 + (h % 12)).padStart(2, '0')}-${String(1 + ((h >>> 4) % 28)).padStart(2, '0')}`;
}

/**
 * TMDB's popularity of a film no recording gives one, one value per film in every task: a release of
 * T-Eval's autumn 2023 between 500 and 2500 (its recordings give 802 to 2919), an older film between 20
 * and 150 (The Godfather 118.372, Inception 72.301, The Princess Bride 22.427), never a drawn 17776.454
 * for The Matrix (simulated_film_popularity_beyond_recorded).
 */
export function filmPopularity(film: FilmFact): number {
  let h = 7;
  for (const ch of film.title) h = (h * 131 + ch.charCodeAt(0)) >>> 0;
  const recent = film.release >= '2023';
  const [least, span] = recent ? [500, 2000] : [20, 130];
  return Math.round((least + (h % (span * 1000)) / 1000) * 1000) / 1000;
}

/** Which top-level fields, and which sub-fields of which records, carry values for later steps. */
function carriedSlots(carry: CarriedValue[], answer: Record<string, unknown>): { top: Set<string>; sub: Set<string>; listed: Set<string> } {
  const top = new Set<string>();
  const sub = new Set<string>();
  const listed = new Set<string>();
  const next = new Map<string, number>();
  for (const c of carry) {
    if (c.lead) continue;
    // A field carried beside another (a film's region beside its title) is in the record holding that other value.
    if (c.beside && c.sub) {
      const list = answer[c.field];
      const at = Array.isArray(list) ? list.findIndex((r) => isPlainObject(r) && sameValue(r[c.beside!.sub], c.beside!.value)) : -1;
      if (at >= 0) sub.add(`${c.field}.${at}.${c.sub}`);
      continue;
    }
    if (c.list) listed.add(c.field);
    else if (!c.sub) top.add(c.field);
    else {
      const k = `${c.field}.${c.sub}`;
      const at = next.get(k) ?? 0;
      next.set(k, at + 1);
      sub.add(`${c.field}.${at}.${c.sub}`);
    }
  }
  return { top, sub, listed };
}

const toolkit = (name: string) => name.split('.')[0];
const api = (name: string) => name.split('.').pop() ?? name;

/** A film record of a list (TMDB's films, Douban's film) made true to the film it names by its id or title. */
function fixFilmRecord(record: Record<string, unknown>, isCarried: (sub: string) => boolean, replacement: FilmFact | undefined, douban: boolean): void {
  const idCarried = isCarried('id');
  const titleCarried = isCarried('title');
  let film = idCarried ? filmById(record.id) : undefined;
  film ??= titleCarried ? filmByTitle(record.title) : undefined;
  film ??= !idCarried && !titleCarried ? (filmById(record.id) ?? filmByTitle(record.title) ?? replacement) : undefined;
  if (!film) return;
  const set = (sub: string, value: unknown) => {
    if (sub in record && !isCarried(sub) && value !== undefined) record[sub] = value;
  };
  if (!titleCarried && !douban) set('title', film.title);
  if (!titleCarried && douban && !filmByTitle(record.title)) set('title', film.zh ?? film.title);
  if (!idCarried) set('id', film.tmdb);
  set('release_date', releaseDate(film));
  set('vote_average', film.vote);
  set('rating', film.vote);
  set('cate', film.genres[0]);
  set('region', film.region);
}

function filmAnswer(doc: ToolDoc, args: Record<string, unknown>, answer: Record<string, unknown>, slots: ReturnType<typeof carriedSlots>, known: KnownFacts | undefined, pinned: CarriedValue[]): void {
  const name = api(doc.name);
  const free = (field: string) => field in answer && !slots.top.has(field);
  const douban = /douban/i.test(doc.name);
  // The film a call is about: by its id, else the title it names, else the title the list that gave its id listed.
  const film = filmById(args.movie_id) ?? filmByTitle(args.query) ?? filmByTitle(args.film_name) ?? (args.movie_id === undefined ? undefined : filmByTitle(known?.title));
  if (film && !Array.isArray(answer.films) && !Array.isArray(answer.film)) {
    if (free('id') && film.tmdb !== undefined && args.movie_id === undefined) answer.id = film.tmdb;
    if (free('title') && !douban) answer.title = film.title;
    if (free('genres')) answer.genres = douban ? [...film.genres] : tmdbGenres(film.genres);
    if (free('release_date')) answer.release_date = releaseDate(film);
    if (free('runtime') && film.runtime !== undefined) answer.runtime = film.runtime;
    if (free('overview')) answer.overview = film.premise;
    // The rating the list that gave the id showed, where it showed one: recordings of one film differ by a tenth over time.
    if (free('vote_average') && film.vote !== undefined) answer.vote_average = knownField('vote_average', known?.fields) ?? film.vote;
    // Its popularity as that list gave it: one film, one popularity in a case.
    const popularity = knownField('popularity', known?.fields);
    if (free('popularity') && typeof popularity === 'number') answer.popularity = popularity;
    // What the task's other answers give this film (a recorded popular list's 2919.272 for Expend4bles), where the list that named it gave nothing.
    const shown = shownFilm(known?.films, Number(args.movie_id), film.title)?.facts;
    if (free('popularity') && typeof popularity !== 'number' && typeof shown?.popularity === 'number') answer.popularity = shown.popularity;
    // Else the film's own popularity (no drawn 17776.454 for The Matrix).
    if (free('popularity') && typeof popularity !== 'number' && typeof shown?.popularity !== 'number' && typeof answer.popularity === 'number') answer.popularity = filmPopularity(film);
    if (free('vote_average') && knownField('vote_average', known?.fields) === undefined && typeof shown?.vote_average === 'number') answer.vote_average = shown.vote_average;
    if (free('release_date') && typeof shown?.release_date === 'string') answer.release_date = shown.release_date;
    const zh = douban && typeof args.film_name === 'string' && HAN.test(args.film_name) ? doubanFact(args.film_name) : undefined;
    // Asked in Chinese, Douban answers in its own words (as its recorded answers do).
    if (free('description') && zh) answer.description = doubanDescription(zh);
    else if (free('description') && douban) {
      const shown = typeof args.film_name === 'string' ? args.film_name.trim() : (film.zh ?? film.title);
      const named = shown === film.title ? film.title : `${shown} (${film.title})`;
      // The genre the list that named it gave, when that is one of the film's; else its main one.
      const listed = knownGenre(known?.fields);
      const genre = (listed && film.genres.includes(genreName(listed) ?? '') ? listed : film.genres[0]).toLowerCase();
      answer.description = `${named} is ${/^[aeiou]/.test(genre) ? 'an' : 'a'} ${genre} film from ${film.release.slice(0, 4)}, directed by ${film.director} (${film.region}). ${film.premise}`;
    }
  }
  // A film the facts table does not know: still what the task's other answers give it.
  if (!film && args.movie_id !== undefined && !Array.isArray(answer.films) && !Array.isArray(answer.film)) {
    const shown = shownFilm(known?.films, Number(args.movie_id), known?.title)?.facts;
    for (const sub of FILM_FACTS) if (free(sub) && shown?.[sub] !== undefined && knownField(sub, known?.fields) === undefined) answer[sub] = shown[sub];
  }
  // TMDB lists a film's genres as records of its own id and name, whatever film: never bare names beside its recorded answers' records.
  if (!douban && free('genres') && Array.isArray(answer.genres) && answer.genres.every((g) => typeof g === 'string')) answer.genres = tmdbGenres(answer.genres as string[]);
  if (douban && Array.isArray(answer.film)) doubanList(name, args, answer, slots);
  for (const field of ['films', 'film']) {
    const list = answer[field];
    if (!Array.isArray(list) || (douban && field === 'film')) continue;
    // Films like a known one: the table's films sharing its genres, in the records nothing carried into.
    // A chart of real films (top rated, playing now, popular) lists real films where nothing was carried.
    const present = new Set(list.flatMap((r) => (isPlainObject(r) ? [filmById(r.id), filmByTitle(r.title)] : [])).filter((f) => f !== undefined));
    const chart = name === 'get_similar_movies' && film ? similarFilms(film, list.length + present.size) : !douban ? chartFilms(name) : [];
    const similar = chart.filter((f) => !present.has(f) && f !== film);
    // A film is not similar to itself: a drawn record that is the queried film becomes another similar film, or goes.
    const selfless = name === 'get_similar_movies' && film !== undefined;
    // A list ranked by rating takes, in a slot nothing was carried into, a real film rated between its neighbours.
    const ranked = !douban && /top_rated/.test(name);
    const dropped = new Set<number>();
    list.forEach((r, i) => {
      if (!isPlainObject(r)) return;
      const isCarried = (sub: string) => slots.sub.has(`${field}.${i}.${sub}`);
      if (selfless && !isCarried('id') && !isCarried('title') && (filmById(r.id) === film || filmByTitle(r.title) === film)) {
        const other = similar.shift();
        if (!other || other.tmdb === undefined) return void dropped.add(i);
        r.id = other.tmdb;
        if ('title' in r) r.title = douban ? (other.zh ?? other.title) : other.title;
      }
      const free = !isCarried('id') && !isCarried('title') && !filmById(r.id) && !filmByTitle(r.title);
      fixFilmRecord(r, isCarried, free ? (ranked ? fitting(similar, list, i) : similar.shift()) : undefined, douban);
      // A known film's TMDB rating stays with it through the list's ranking, as carried values do (no Shawshank at 4.4 below a carried Godfather).
      const real = douban ? undefined : (filmById(r.id) ?? filmByTitle(r.title));
      for (const sub of ['vote_average', 'rating']) {
        if (real?.vote === undefined || r[sub] !== real.vote || isCarried(sub)) continue;
        pinned.push({ key: sub, value: real.vote, field, sub, beside: typeof r.id === 'number' ? { sub: 'id', value: r.id } : { sub: 'title', value: r.title } });
      }
      // A film another answer of the task gives (a recorded details or list, a list shown before) has
      // the popularity, rating and date it gave there, and keeps them through the list's ranking.
      const shown = douban ? undefined : shownFilm(known?.films, r.id, r.title);
      // A known film no answer gives a popularity has one of its age. Not pinned: a list ranked by popularity may hand it a
      // neighbour's (a chart's films are of one age), where pinning left a list with carried ids out of order (query_262_2).
      if (real && shown?.facts.popularity === undefined && typeof r.popularity === 'number' && !isCarried('popularity')) r.popularity = filmPopularity(real);
      for (const sub of FILM_FACTS) {
        const value = shown?.facts[sub];
        if (value === undefined || !(sub in r) || isCarried(sub)) continue;
        r[sub] = value;
        pinned.push({ key: sub, value, field, sub, beside: typeof r.id === 'number' ? { sub: 'id', value: r.id } : { sub: 'title', value: r.title } });
      }
    });
    if (dropped.size) answer[field] = list.filter((_, i) => !dropped.has(i));
  }
}

const HAN = /\p{Script=Han}/u;
const ZH_REGIONS = ['中国大陆', '美国', '日本', '中国香港', '韩国', '英国', '法国'];
const ZH_GENRE_WORDS = ['剧情', '喜剧', '动作', '爱情', '动画', '悬疑', '犯罪', '科幻', '冒险', '家庭'];

/**
 * Douban's lists (now playing, coming) as its recorded answers give them: Chinese titles, genre and
 * region words, a coming film's day as Douban writes it ("11月17日"), a playing film's score,
 * director and cast. A slot nothing was carried into lists a real film of Douban's recorded list
 * (the region and genre the call filters by), else is dropped: no made-up film. A carried film
 * the facts table knows takes its facts; one it does not know keeps its title, drawn region,
 * genre and counts, and no director or cast (nobody is made up).
 */
function doubanList(api: string, args: Record<string, unknown>, answer: Record<string, unknown>, slots: ReturnType<typeof carriedSlots>): void {
  const playing = /now_playing/.test(api);
  const list = answer.film as unknown[];
  const region = typeof args.region === 'string' && HAN.test(args.region) ? args.region.trim() : undefined;
  const cate = typeof args.cate === 'string' && HAN.test(args.cate) ? args.cate.trim() : undefined;
  const fits = (d: DoubanFact) => (!region || d.regionZh.includes(region)) && (!cate || d.genresZh.includes(cate));
  const pool = DOUBAN.filter((d) => (playing ? d.playing : d.coming) && fits(d)).sort((a, b) => (a.coming?.at ?? 0) - (b.coming?.at ?? 0));
  const out: unknown[] = [];
  list.forEach((r, i) => {
    if (!isPlainObject(r)) return;
    const carried = (sub: string) => slots.sub.has(`film.${i}.${sub}`);
    const anyCarried = Object.keys(r).some(carried);
    const listedAlready = (d: DoubanFact) => out.some((o) => isPlainObject(o) && o.title === d.zh) || list.some((o, j) => j !== i && isPlainObject(o) && slots.sub.has(`film.${j}.title`) && o.title === d.zh);
    let fact = typeof r.title === 'string' ? doubanFact(r.title) : undefined;
    if (!anyCarried) {
      fact = pool.find((d) => !listedAlready(d));
      if (!fact) return;
      r.title = fact.zh;
    } else if (fact && !carried('title')) r.title = fact.zh;
    const set = (sub: string, value: unknown) => {
      if (carried(sub)) return;
      if (value === undefined) delete r[sub];
      else r[sub] = value;
    };
    const drawnRegion = typeof r.region === 'string' && HAN.test(r.region) ? r.region : (region ?? ZH_REGIONS[i % ZH_REGIONS.length]);
    const drawnCate = cate ?? ZH_GENRE_WORDS[(i * 3) % ZH_GENRE_WORDS.length];
    if ('region' in r) set('region', fact?.regionZh ?? drawnRegion);
    if ('cate' in r) set('cate', fact ? fact.genresZh.join(' / ') : drawnCate);
    if ('director' in r) set('director', fact?.directorZh);
    if ('actors' in r) set('actors', fact?.castZh?.join(' / '));
    // A known film's score only as recorded (none made up for it); a film nobody knows keeps a middling drawn one.
    if ('score' in r) set('score', fact ? fact.playing?.score : typeof r.score === 'number' && r.score >= 5.5 && r.score <= 9 ? r.score : 6.5 + (i % 5) / 5);
    if ('wantWatchPeopleNum' in r && fact?.coming) set('wantWatchPeopleNum', fact.coming.want);
    // Douban writes a coming film's day without its year ("11月17日").
    if ('date' in r) {
      const iso = typeof r.date === 'string' ? /^\d{4}-(\d{2})-(\d{2})/.exec(r.date) : null;
      set('date', fact?.coming?.date ?? (iso ? `${Number(iso[1])}月${Number(iso[2])}日` : r.date));
    }
    if ('link' in r && fact?.subject !== undefined) set('link', `https://movie.douban.com/subject/${fact.subject}/${playing ? '?from=playing_poster' : ''}`);
    else if ('link' in r && playing && typeof r.link === 'string' && !r.link.includes('?')) set('link', `${r.link}?from=playing_poster`);
    out.push(r);
  });
  answer.film = out;
}

/** The real films a TMDB chart would list: the best rated for top_rated, the autumn 2023 releases for now_playing and popular. */
/** A film's rating as a list record gives it, else as the facts table does. */
function recordRating(r: unknown): number | undefined {
  if (!isPlainObject(r)) return undefined;
  const film = filmById(r.id) ?? filmByTitle(r.title);
  const v = r.vote_average ?? r.rating;
  return film?.vote ?? (typeof v === 'number' ? v : undefined);
}

/**
 * The chart film (taken out of `pool`) for slot i of a list ranked by rating: rated no higher than
 * the record above it and no lower than the next known film below it (no Godfather at 8.7 after
 * Dilwale Dulhania Le Jayenge's 8.6); the pool's first when none fits.
 */
function fitting(pool: FilmFact[], list: unknown[], i: number): FilmFact | undefined {
  const hi = i > 0 ? (recordRating(list[i - 1]) ?? Infinity) : Infinity;
  const below = list.slice(i + 1).find((r) => isPlainObject(r) && (filmById(r.id) ?? filmByTitle(r.title))?.vote !== undefined);
  const lo = recordRating(below) ?? -Infinity;
  const at = pool.findIndex((f) => f.vote !== undefined && f.vote <= hi && f.vote >= lo);
  return at >= 0 ? pool.splice(at, 1)[0] : pool.shift();
}

function chartFilms(api: string): FilmFact[] {
  const tmdb = FILMS.filter((f) => f.tmdb !== undefined);
  if (/top_rated/.test(api)) return tmdb.filter((f) => (f.vote ?? 0) >= 8.4).sort((a, b) => (b.vote ?? 0) - (a.vote ?? 0));
  if (/now_playing|popular/.test(api)) return tmdb.filter((f) => /^2023-0[7-9]/.test(f.release));
  return [];
}

/** "Apple Inc." → "Apple", "Alphabet Inc. Class A Common Stock" → "Alphabet", "International Business Machines Corporation" → "IBM" (a name its ticker spells out is called by it). */
function shortName(name: string, ticker = ''): string {
  const short = name.replace(/,?\s+(Inc\.?|Corporation|Corp|Group|Holdings|Class [A-C]|Common Stock|American Depositary Shares|Trust).*$/i, '').replace(/\.com$/, '').trim();
  const words = short.split(/\s+/);
  return words.length >= 3 && words.map((w) => w[0]).join('').toUpperCase() === ticker.toUpperCase() ? ticker.toUpperCase() : short;
}

/** Market news headlines, each different, about the company when the call names one. */
function headlines(company: string | undefined, rng: Rng): string[] {
  const pct = `${rng.int(1, 9)}.${rng.int(0, 9)}%`;
  const about = company
    ? [`${company} shares ${rng.pick(['rise', 'slip', 'climb', 'fall'])} ${pct} after quarterly results`, `What analysts expect from ${company}'s next earnings report`, `${company} stock: is it a buy after this week's ${rng.pick(['rally', 'sell-off', 'swing'])}?`, `${company} ${rng.pick(['expands', 'trims', 'reorganises'])} its ${rng.pick(['product line', 'workforce', 'operations in Asia'])}, sources say`]
    : [`Stocks ${rng.pick(['edge higher', 'close lower', 'finish mixed'])} as investors weigh ${rng.pick(['bond yields', 'the Fed outlook', 'earnings season'])}`, `${rng.int(3, 7)} things to watch in the market this week`, `Treasury yields ${rng.pick(['climb', 'ease'])} ahead of inflation data`, `Earnings season: what to expect from ${rng.pick(['banks', 'tech giants', 'retailers'])}`];
  const start = rng.int(0, about.length - 1);
  return about.map((_, i) => about[(start + i) % about.length]);
}

/** A name for an asset the table does not know: what an earlier search called it, else one made from the symbol. */
function assetName(ticker: string, known: KnownFacts | undefined, rng: Rng): string {
  if (known?.name && known.name.trim().toUpperCase() !== ticker.toUpperCase()) return known.name;
  const stem = ticker.replace(/[^A-Za-z]/g, '').toLowerCase();
  return `${stem.charAt(0).toUpperCase()}${stem.slice(1)} ${rng.pick(['Holdings Inc.', 'Corporation', 'Group Inc.', 'Industries Inc.'])}`;
}

function companyAnswer(doc: ToolDoc, args: Record<string, unknown>, answer: Record<string, unknown>, slots: ReturnType<typeof carriedSlots>, known: KnownFacts | undefined, rng: Rng): void {
  const name = api(doc.name);
  const free = (field: string) => field in answer && !slots.top.has(field);
  if (name === 'search_stock_ticker') {
    const carried = slots.top.has('ticker') ? companyByTicker(answer.ticker) : undefined;
    const company: CompanyFact | undefined = carried ?? (slots.top.has('ticker') ? undefined : companyBySearch(args.search));
    if (!company) return;
    if (free('ticker')) answer.ticker = company.ticker;
    if (free('name')) answer.name = company.name;
    return;
  }
  const ticker = typeof args.ticker === 'string' ? args.ticker.trim() : undefined;
  if (!ticker) return;
  // A company looked up by its name where the symbol belongs ("Tesla"): a lenient answer is still about that company.
  const company = companyByTicker(ticker) ?? (/[a-z\s]/.test(ticker) ? companyBySearch(ticker) : undefined);
  if (name === 'get_ticker_news' && Array.isArray(answer.results) && !slots.listed.has('results')) {
    const short = company ? shortName(company.name, company.ticker) : undefined;
    const titles = headlines(short, rng);
    answer.results.forEach((r, i) => {
      if (!isPlainObject(r) || !('title' in r) || slots.sub.has(`results.${i}.title`)) return;
      // A summary drawn before the company was known says "the company": it names the company now, and the
      // headline is the summary's own ("Apple stock: is it a buy after this week's rally?" over "Apple agreed to
      // form a joint venture" told two stories before api-simulator-83).
      if (short && typeof r.summary === 'string' && !slots.sub.has(`results.${i}.summary`)) {
        if (!r.summary.includes(short)) r.summary = r.summary.replace(/\bthe company\b/i, short);
        r.title = newsHeadline(r.summary as string);
      } else r.title = titles[i % titles.length];
    });
  }
  if (name === 'get_ticker_detail' || 'homepage_url' in answer) {
    const drawnName = typeof answer.name === 'string' ? answer.name : undefined;
    const assetCalled = company?.name ?? (free('name') && (!drawnName || drawnName.toUpperCase() === ticker.toUpperCase()) ? assetName(ticker, known, rng) : (drawnName ?? ticker));
    if (free('name')) answer.name = assetCalled;
    if (free('homepage_url')) answer.homepage_url = company?.homepage ?? homepageFor(assetCalled);
    if (company?.address && free('address')) answer.address = company.address;
    if (company?.listDate && free('list_date')) answer.list_date = company.listDate;
    if (free('description')) {
      if (company?.description) answer.description = company.description;
      else if (typeof answer.description === 'string') answer.description = answer.description.split(ticker).join(assetCalled.replace(/\s+(Inc\.|Corporation|Group Inc\.|Industries Inc\.|Holdings Inc\.)$/, ''));
    }
  }
  // Prices: one level per ticker, a few percent from day to day.
  const date = typeof args.date === 'string' ? args.date : undefined;
  if (date) {
    const p = dayPrices(ticker, date);
    for (const f of ['open', 'close', 'high', 'low'] as const) if (free(f) && typeof answer[f] === 'number') answer[f] = p[f];
    for (const f of Object.keys(answer)) if (/after_?hours|pre_?market/i.test(f) && free(f) && typeof answer[f] === 'number') answer[f] = Math.round(p.close * (1 + (rng.float() - 0.5) * 0.01) * 100) / 100;
  }
  if (name === 'aggregate_stock_with_time' && Array.isArray(answer.results) && !slots.listed.has('results')) {
    answer.results = bars(ticker, args);
  }
}

const DAY_MS = 86_400_000;

/** Aggregate bars from `from` to `to` in windows of multiplier × timespan: open, close and the window's start (unix ms); at most 12. */
function bars(ticker: string, args: Record<string, unknown>): Record<string, unknown>[] {
  const from = Date.parse(`${String(args.from)}T00:00:00Z`);
  const to = Date.parse(`${String(args.to)}T00:00:00Z`);
  if (Number.isNaN(from) || Number.isNaN(to) || to < from) return [];
  const mult = typeof args.multiplier === 'number' && args.multiplier > 0 ? args.multiplier : 1;
  const span = String(args.timespan ?? 'day').toLowerCase();
  const out: Record<string, unknown>[] = [];
  if (span.startsWith('hour')) {
    // Trading hours only (New York, 13:30-20:00 UTC), weekdays.
    for (let d = from; d <= to && out.length < 12; d += DAY_MS) {
      if ([0, 6].includes(new Date(d).getUTCDay())) continue;
      const day = dayPrices(ticker, d);
      const steps = Math.max(1, Math.floor(6 / mult));
      for (let h = 0; h < steps && out.length < 12; h++) {
        const t = d + (13.5 + h * mult) * 3_600_000;
        const at = (x: number) => Math.round((day.open + ((day.close - day.open) * x) / steps) * 100) / 100;
        out.push({ open: at(h), close: at(h + 1), timestamp: t });
      }
    }
    return out;
  }
  const step = (span.startsWith('week') ? 7 : span.startsWith('month') ? 30 : 1) * mult * DAY_MS;
  for (let d = from; d <= to && out.length < 12; d += step) {
    if (step === DAY_MS && [0, 6].includes(new Date(d).getUTCDay())) continue;
    const first = dayPrices(ticker, d);
    const last = dayPrices(ticker, Math.min(to, d + step - DAY_MS));
    out.push({ open: first.open, close: last.close, timestamp: d });
  }
  return out;
}

/**
 * The answer made true to the world where the call is about a film or company the facts table knows, and stock prices made steady.
 * The facts it sets from the task's other answers (KnownFacts.films) in a list's records are added to `pinned`, as values
 * carried beside the record's id: the list's ranking keeps them with their film.
 */
export function worldAnswer(doc: ToolDoc, args: Record<string, unknown>, answer: Record<string, unknown>, carry: CarriedValue[], known: KnownFacts | undefined, rng: Rng, pinned: CarriedValue[] = []): Record<string, unknown> {
  if (!isPlainObject(args)) return answer;
  const slots = carriedSlots(carry, answer);
  const kit = toolkit(doc.name);
  if (/film|movie|tmdb|douban/i.test(kit)) filmAnswer(doc, args, answer, slots, known, pinned);
  else if (/polygon|finance|stock/i.test(kit)) companyAnswer(doc, args, answer, slots, known, rng);
  return answer;
}

/** What the world knows about the film or company a call is about, as lines for a model simulating the API; empty when nothing. */
export function worldFactLines(name: string, args: unknown): string[] {
  if (!isPlainObject(args)) return [];
  const kit = toolkit(name);
  if (/film|movie|tmdb|douban/i.test(kit)) {
    const film = filmById(args.movie_id) ?? filmByTitle(args.query) ?? filmByTitle(args.film_name);
    if (!film) return [];
    return [
      `the film is ${film.title}${film.zh ? ` (${film.zh})` : ''}${film.tmdb !== undefined ? `, TMDB id ${film.tmdb}` : ''}, released ${releaseDate(film).slice(0, /^\d{4}$/.test(film.release) ? 4 : 10)}, directed by ${film.director}, made in ${film.region}`,
      `its genres: ${film.genres.join(', ')}${film.runtime !== undefined ? `; runtime ${film.runtime} minutes` : ''}`,
      `what it is about: ${film.premise}`,
    ];
  }
  if (!/polygon|finance|stock/i.test(kit)) return [];
  const company = companyByTicker(args.ticker) ?? companyBySearch(args.search) ?? companyBySearch(args.ticker);
  if (!company) return [];
  return [
    `the asset is ${company.name}, ticker ${company.ticker}${company.homepage ? `, homepage ${company.homepage}` : ''}${company.address ? `, at ${company.address}` : ''}${company.listDate ? `, listed ${company.listDate}` : ''}`,
    ...(company.description ? [`what it does: ${company.description}`] : []),
    `its shares traded near ${company.price} US dollars in October 2023; prices of one day or of neighbouring days differ by a few percent at most`,
  ];
}
