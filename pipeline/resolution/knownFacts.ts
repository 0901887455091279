/**
 * What earlier answers of a task already say about the thing a call looks up. A call that takes an
 * id from an earlier answer asks about that answer's record: get_citation_format(q) about the paper
 * the search listed under that result id, get_author_information(author_id) about the author
 * get_author_id was asked for. A simulated answer that names another paper or another person
 * ("Hiro Haddad" for the id of Robert Gross) reads as made up; these facts let the simulator agree,
 * and the quality report check that it did (simulated_answer_contradicts).
 */
import { parseToolResponse } from '../prompts/parseAction.js';
import { isPlainObject } from '../errors/values.js';
import { isOpaqueId, isPersonName } from '../quality/grounding.js';
import { answeredReviews } from '../quality/copiedFields.js';
import { askedForecastDay, statedToday } from './statedToday.js';
import { TRIP_END, TRIP_START } from './trips.js';
import { placesNamedIn } from './places.js';
import { streetsOf } from './streets.js';
import { placeAddressIn } from './streetGeo.js';
import type { ShownPaper } from './scholarShown.js';

export interface KnownFacts {
  /** The name the id stands for, as the call that gave the id named it (get_author_id's mauthors). */
  name?: string;
  /** The title of the record the id is from (the paper a search listed under that result id). */
  title?: string;
  /** The record's publication line, "P Anderson, R Rossi - IEEE Access, 2021 - ieeexplore.ieee.org": a citation of it names that first author, venue and year. */
  publication?: string;
  /** What the task searched for before: the subject of free text about the thing (an author's articles). */
  topic?: string;
  /**
   * The other short facts the record listed the id with (a film's release_date, popularity, rating):
   * a details answer about the same film says the same.
   */
  fields?: Record<string, string | number | boolean>;
  /**
   * The papers earlier searches listed with their publication lines, when the call is about a person
   * (get_author_information of the id get_author_id gave for "Robert Gross"): the person's articles
   * include the ones whose line names them and none a line says others wrote. For another search: it
   * lists none of them again (under another id and citation count).
   */
  papers?: { title: string; publication: string }[];
  /**
   * The kilometres an earlier answer gave for the same trip (get_distance's {'distance': 2053.367}
   * from New York City to Miami): a route between the same ends adds up to it.
   */
  tripKm?: number;
  /**
   * Where a trip's ends are when earlier answers listed them by name with an address or coordinates
   * ("New York Marriott Marquis" at "450 Madison Avenue"): its distance is measured from there, not
   * from a spot drawn for the name (teval_query_28_0: 12.7 km from a Times Square hotel to Central Park).
   */
  tripAt?: { start?: { lat: number; lon: number }; end?: { lat: number; lon: number } };
  /** The review texts earlier answers of the trajectory showed: a later list of reviews says nothing they said. */
  reviewsShown?: string[];
  /**
   * What an earlier details answer about the same listing said (get_property_details' title,
   * propertyType, personCapacity): its reviews then speak of a place that size and kind.
   */
  stay?: { title?: string; propertyType?: string; personCapacity?: number; lat?: number; lon?: number };
  /**
   * Every film the task's answers give a popularity, rating or release date for: its recorded answers
   * anywhere in the trajectory first, then the answers before the call (filmsShown). A simulated record
   * of one of these films gives the same facts (one film, one popularity in a task: Expend4bles at the
   * recorded 2919.272 in a simulated now-playing list, not a drawn 18029).
   */
  films?: FilmShown[];
  /**
   * A later step of the plan acts on the record this call names (get_property_details of the property
   * check_availability asks about): the record is available, so the plan's next step follows (availability.ts).
   */
  planGoesOn?: true;
  /**
   * The papers the task's other Scholar answers list (scholarShown.ts): a drawn search listing one of
   * their titles gives it their id, count and line, one paper being one record in a task.
   */
  scholarPapers?: ShownPaper[];
}

/** A call to a film API (FilmTMDB, FilmDouban): its answers name films. */
export const isFilmApi = (name: string): boolean => /film|movie|tmdb|douban/i.test(name.split('.')[0]);

/** A film as the task's answers give it: its TMDB id or title, and the facts beside it. */
export interface FilmShown {
  id?: number;
  title?: string;
  facts: Partial<Record<(typeof FILM_FACTS)[number], string | number>>;
}

/** The facts of a film one answer of a task fixes for every other: TMDB's popularity, rating and release date. */
export const FILM_FACTS = ['popularity', 'vote_average', 'release_date'] as const;

/**
 * The films `answers` give facts for (a list's records, a details answer), in the order given; a fact
 * an earlier answer gave wins over a later one's. A film is known by its numeric id, else (a record
 * without one) by its title.
 */
export function filmsShown(answers: (string | undefined)[]): FilmShown[] {
  const out: FilmShown[] = [];
  const visit = (v: unknown): void => {
    if (Array.isArray(v)) {
      for (const x of v) visit(x);
      return;
    }
    if (!isPlainObject(v)) return;
    const id = typeof v.id === 'number' ? v.id : undefined;
    const title = typeof v.title === 'string' && v.title.trim() ? v.title.trim() : undefined;
    const facts: FilmShown['facts'] = {};
    for (const f of FILM_FACTS) {
      const x = v[f];
      if (typeof x === 'number' || (typeof x === 'string' && x.trim())) facts[f] = typeof x === 'string' ? x.trim() : x;
    }
    if ((id !== undefined || title) && Object.keys(facts).length) {
      const same = out.find((s) => (id !== undefined && s.id !== undefined ? s.id === id : !!title && s.title === title));
      if (same) {
        same.facts = { ...facts, ...same.facts };
        same.id ??= id;
        same.title ??= title;
      } else out.push({ ...(id !== undefined ? { id } : {}), ...(title ? { title } : {}), facts });
    }
    for (const x of Object.values(v)) if (typeof x === 'object') visit(x);
  };
  for (const a of answers) if (a) visit(answerOf(a) ?? parseToolResponse(a));
  return out;
}

/**
 * `films` (the task's own: its recordings and earlier answers), then what `recorded` (T-Eval's
 * recordings of the API's toolkit in any task) gives a film they lack or a fact of it they leave out:
 * a film T-Eval recorded is that film in every task. A simulated now-playing list gives Expend4bles
 * the 1489.424 its recorded one gave, never a drawn 103.885 or 19995.976 (the same film's recordings
 * run 1489 to 2919: simulated_film_number_off_recorded).
 */
export function withRecordedFilms(films: readonly FilmShown[] | undefined, recorded: readonly FilmShown[]): FilmShown[] {
  const out = (films ?? []).map((f) => ({ ...f, facts: { ...f.facts } }));
  for (const r of recorded) {
    const same = shownFilm(out, r.id, r.title);
    if (same) same.facts = { ...r.facts, ...same.facts };
    else out.push({ ...r, facts: { ...r.facts } });
  }
  return out;
}

/** The same fact of one film: a vote to a tenth (8.709 is TMDB's 8.7), a popularity to a half, a date to its day. */
function sameFilmFact(field: string, a: string | number, b: string | number): boolean {
  if (typeof a === 'number' && typeof b === 'number') return Math.abs(a - b) < (field === 'vote_average' ? 0.051 : 0.5);
  return String(a).trim().slice(0, 10) === String(b).trim().slice(0, 10);
}

/** A film both lists give, with a fact they give differently ("238: popularity 118.372 and 14136"); undefined when none. */
export function filmsDisagree(a: readonly FilmShown[], b: readonly FilmShown[]): string | undefined {
  for (const x of a) {
    const y = shownFilm(b, x.id, x.title);
    if (!y) continue;
    for (const f of FILM_FACTS) {
      const [u, v] = [x.facts[f], y.facts[f]];
      if (u !== undefined && v !== undefined && !sameFilmFact(f, u, v)) return `${x.id ?? x.title}: ${f} ${u} and ${v}`;
    }
  }
  return undefined;
}

/** What `films` gives the film of this id (else, with no id, of this title). */
export function shownFilm(films: readonly FilmShown[] | undefined, id: unknown, title: unknown): FilmShown | undefined {
  if (!films) return undefined;
  if (typeof id === 'number') return films.find((f) => f.id === id) ?? (typeof title === 'string' ? films.find((f) => f.id === undefined && f.title === title.trim()) : undefined);
  return typeof title === 'string' ? films.find((f) => f.title === title.trim()) : undefined;
}

/** Every paper earlier answers listed as a title beside its publication line (Scholar's title and pub_info). */
function listedPapers(earlier: EarlierStep[]): { title: string; publication: string }[] {
  const out: { title: string; publication: string }[] = [];
  for (const step of earlier) {
    const answer = answerOf(step.response);
    if (!answer) continue;
    const titles = Object.entries(answer).find(([k, v]) => /^titles?$/i.test(k) && Array.isArray(v))?.[1] as unknown[] | undefined;
    const lines = Object.entries(answer).find(([k, v]) => /^pub_?info$|^publication_?info/i.test(k) && Array.isArray(v))?.[1] as unknown[] | undefined;
    if (!titles || !lines) continue;
    titles.forEach((t, i) => {
      if (typeof t === 'string' && typeof lines[i] === 'string') out.push({ title: t, publication: lines[i] as string });
    });
  }
  return out;
}

/** Does a publication line ("Robert Gross, LI Evans - IEEE Access, 2007") name this person among its authors (by surname)? */
export function namesAuthor(publication: string, person: string): boolean {
  const surname = person.trim().split(/\s+/).pop()?.toLowerCase();
  const authors = publicationParts(publication)?.authors ?? [];
  return !!surname && authors.some((a) => a.toLowerCase().split(/\s+/).includes(surname));
}

/** Names one fact goes by in a list and in a details answer (TMDB lists a film's "rating", its details a "vote_average"). */
const SAME_FACT: string[][] = [['rating', 'vote_average']];

/** The value `fields` gives for `field`, under its own name or one it also goes by. */
export function knownField(field: string, fields: KnownFacts['fields']): string | number | boolean | undefined {
  if (!fields) return undefined;
  if (field in fields) return fields[field];
  const names = SAME_FACT.find((g) => g.includes(field)) ?? [];
  for (const n of names) if (n in fields) return fields[n];
  return undefined;
}

/** A record's short scalar facts, its ids, title and name left out (those are matched on their own). */
function factsOf(record: Record<string, unknown>): KnownFacts['fields'] {
  const out: Record<string, string | number | boolean> = {};
  for (const [k, v] of Object.entries(record)) {
    if (/(^|_)ids?$|^(title|name)$/i.test(k)) continue;
    // An address is a fact of its record however long ("Carrer del Consell de Cent, 135, Barcelona"): coordinates drawn later lie there.
    if (typeof v === 'number' || typeof v === 'boolean' || (typeof v === 'string' && (v.length <= 40 || (/address/i.test(k) && v.length <= 120)))) out[k] = v;
  }
  return Object.keys(out).length ? out : undefined;
}

export interface EarlierStep {
  name: string;
  args: unknown;
  /** The answer's text, undefined when it has none yet. */
  response: string | undefined;
}

const ID_KEY = /(^|_)ids?$|[a-z]Ids?$|^q$/;
const SEARCH_KEY = /^(query|q|search_?term|keywords?|term)$/i;

/** The ids a call takes: values of id arguments, and opaque tokens under any name (get_citation_format's q). */
function idsOf(args: unknown): string[] {
  if (!isPlainObject(args)) return [];
  const out: string[] = [];
  for (const [key, value] of Object.entries(args)) {
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'bigint') continue;
    const text = String(value).trim();
    if (text && (isOpaqueId(text) || (ID_KEY.test(key) && /\d/.test(text)))) out.push(text);
  }
  return out;
}

/** An earlier answer as a record: simulated JSON or a recording's Python literal ({'author_id': 'lyMGnwIAAAAJ'}). */
function answerOf(response: string | undefined): Record<string, unknown> | undefined {
  const v = response ? parseToolResponse(response) : undefined;
  return isPlainObject(v) && !('error' in v && Object.keys(v).length === 1) ? (v as Record<string, unknown>) : undefined;
}

const sameId = (v: unknown, id: string) => (typeof v === 'string' || typeof v === 'number' || typeof v === 'bigint') && String(v).trim() === id;

const textAt = (answer: Record<string, unknown>, field: RegExp, at: number): string | undefined => {
  for (const [k, v] of Object.entries(answer)) {
    if (field.test(k) && Array.isArray(v) && typeof v[at] === 'string') return v[at] as string;
  }
  return undefined;
};

const lineAt = (answer: Record<string, unknown>, field: RegExp): string | undefined => {
  for (const [k, v] of Object.entries(answer)) if (field.test(k) && typeof v === 'string') return v;
  return undefined;
};

/** A call's words: the search term it looked for, when that reads as words rather than an id. */
function searchTerm(args: unknown): string | undefined {
  if (!isPlainObject(args)) return undefined;
  const hit = Object.entries(args).find(([k, v]) => SEARCH_KEY.test(k) && typeof v === 'string' && /\p{L}{3,}/u.test(v) && !isOpaqueId(v));
  return hit ? (hit[1] as string).trim() : undefined;
}

/**
 * The facts earlier answers give about what `args` asks for, or undefined when the call takes no
 * id an earlier answer gave. The nearest earlier answer holding the id decides.
 */
export function knownFacts(args: unknown, earlier: EarlierStep[]): KnownFacts | undefined {
  const facts = factsById(args, earlier);
  const km = tripDistance(args, earlier);
  const reviews = earlier.flatMap((s) => answeredReviews(answerOf(s.response)).map((r) => r.text));
  const stay = stayDetails(args, earlier);
  const at = tripPoints(args, earlier);
  // A search (no id) after searches that listed papers: it lists none of those under another id and count (teval_query_187_0).
  const listed = !facts && searchTerm(args) !== undefined ? listedPapers(earlier) : [];
  if (km === undefined && !reviews.length && !stay && !at && !listed.length) return facts;
  return { ...facts, ...(listed.length ? { papers: listed } : {}), ...(km !== undefined ? { tripKm: km } : {}), ...(reviews.length ? { reviewsShown: reviews } : {}), ...(stay ? { stay } : {}), ...(at ? { tripAt: at } : {}) };
}

/** Each record an answer lists with a name and an address or coordinates, by its name in lower case (the nearest answer's first). */
export function namedPlacesShown(responses: (string | undefined)[]): Map<string, { address?: string; lat?: number; lon?: number }> {
  const out = new Map<string, { address?: string; lat?: number; lon?: number }>();
  const visit = (v: unknown) => {
    if (Array.isArray(v)) return v.forEach(visit);
    if (!isPlainObject(v)) return;
    const name = ['name', 'title'].map((k) => v[k]).find((x): x is string => typeof x === 'string' && x.trim().length > 0);
    const address = Object.entries(v).find(([k, x]) => /address/i.test(k) && typeof x === 'string')?.[1] as string | undefined;
    const num = (re: RegExp) => Object.entries(v).find(([k, x]) => re.test(k) && typeof x === 'number')?.[1] as number | undefined;
    const lat = num(/^(lat|latitude)$/i);
    const lon = num(/^(lon|lng|longitude)$/i);
    if (name && (address || (lat !== undefined && lon !== undefined)) && !out.has(name.trim().toLowerCase())) out.set(name.trim().toLowerCase(), { address, ...(lat !== undefined && lon !== undefined ? { lat, lon } : {}) });
    for (const x of Object.values(v)) if (typeof x === 'object') visit(x);
  };
  for (const r of [...responses].reverse()) visit(answerOf(r));
  return out;
}

/**
 * Where a trip's ends are, for the ends an earlier answer listed by name with coordinates or an
 * address the street table places (read in the town of the trip's other end when it names none).
 * Undefined when neither end is such a record.
 */
export function tripPoints(args: unknown, earlier: EarlierStep[]): KnownFacts['tripAt'] {
  const mine = tripEnds(args);
  if (!mine) return undefined;
  const shown = namedPlacesShown(earlier.map((s) => s.response));
  if (!shown.size) return undefined;
  const [start, end] = mine;
  const other = (v: string) => placesNamedIn(v)[0];
  const at = (v: string, far: string) => {
    const rec = shown.get(v.trim().toLowerCase());
    if (!rec) return undefined;
    if (rec.lat !== undefined && rec.lon !== undefined) return { lat: rec.lat, lon: rec.lon };
    const o = other(far);
    const town = o ? streetsOf(o).town : undefined;
    const place = rec.address ? placeAddressIn(rec.address, town) : undefined;
    return place && place.by !== 'town' ? { lat: place.lat, lon: place.lon } : undefined;
  };
  const a = at(start, end);
  const b = at(end, start);
  return a || b ? { ...(a ? { start: a } : {}), ...(b ? { end: b } : {}) } : undefined;
}

/** The nearest earlier answer about the same listing id that says how many it sleeps. */
function stayDetails(args: unknown, earlier: EarlierStep[]): KnownFacts['stay'] {
  const ids = idsOf(args);
  if (!ids.length) return undefined;
  for (let j = earlier.length - 1; j >= 0; j--) {
    if (!idsOf(earlier[j].args).some((id) => ids.includes(id))) continue;
    const answer = answerOf(earlier[j].response);
    if (!answer || typeof answer.personCapacity !== 'number') continue;
    return {
      personCapacity: answer.personCapacity,
      ...(typeof answer.title === 'string' ? { title: answer.title } : {}),
      ...(typeof answer.propertyType === 'string' ? { propertyType: answer.propertyType } : {}),
      // Where it is: its reviews name a street near there, not any street of the town.
      ...(typeof answer.latitude === 'number' && typeof answer.longitude === 'number' ? { lat: answer.latitude, lon: answer.longitude } : {}),
    };
  }
  return undefined;
}


/** A trip call's two ends, in lower case ("new york city", "miami"). */
function tripEnds(args: unknown): [string, string] | undefined {
  if (!isPlainObject(args)) return undefined;
  const at = (re: RegExp) => Object.entries(args).find(([k, v]) => re.test(k) && typeof v === 'string' && v.trim())?.[1] as string | undefined;
  const [start, end] = [at(TRIP_START), at(TRIP_END)];
  return start && end ? [start.trim().toLowerCase(), end.trim().toLowerCase()] : undefined;
}

/** The distance the nearest earlier answer gave between the same two ends (either way round), in its own kilometres: a distance's, else what a route's legs add up to. */
export function tripDistance(args: unknown, earlier: EarlierStep[]): number | undefined {
  const mine = tripEnds(args);
  if (!mine) return undefined;
  for (let j = earlier.length - 1; j >= 0; j--) {
    const theirs = tripEnds(earlier[j].args);
    if (!theirs || !((theirs[0] === mine[0] && theirs[1] === mine[1]) || (theirs[0] === mine[1] && theirs[1] === mine[0]))) continue;
    const answer = answerOf(earlier[j].response);
    const distance = answer?.distance;
    if (typeof distance === 'number' && distance > 0) return distance;
    // A route between them: what its legs add up to, so a distance asked after it agrees with it (teval_query_305_1: legs of 13.8 km, then a get_distance of 10.5).
    const legs = answer && /route/i.test(earlier[j].name) ? Object.values(answer).find(Array.isArray) : undefined;
    const kms = (legs ?? []).filter((x): x is string => typeof x === 'string').flatMap((x) => [...x.matchAll(/(\d+(?:\.\d+)?) km\b/g)].map((m) => Number(m[1])));
    const total = Math.round(kms.reduce((x, y) => x + y, 0) * 10) / 10;
    if (total > 0) return total;
  }
  return undefined;
}

function factsById(args: unknown, earlier: EarlierStep[]): KnownFacts | undefined {
  const ids = idsOf(args);
  if (!ids.length) return namedRecordFacts(args, earlier);
  const topic = [...earlier].reverse().map((s) => searchTerm(s.args)).find((t) => t !== undefined);
  for (let j = earlier.length - 1; j >= 0; j--) {
    const answer = answerOf(earlier[j].response);
    if (!answer) continue;
    for (const id of ids) {
      for (const [field, value] of Object.entries(answer)) {
        if (Array.isArray(value)) {
          // A list of ids beside lists of titles (a search's organic_id and title): the same position.
          const at = value.findIndex((v) => sameId(v, id));
          if (at >= 0) {
            const title = textAt(answer, /title/i, at);
            const name = textAt(answer, /(^|_)names?$/i, at);
            // One line beside lists of papers reads as the first paper's.
            const publication = textAt(answer, /^pub_?info$|^publication_?info/i, at) ?? (at === 0 ? lineAt(answer, /^pub_?info$|^publication_?info/i) : undefined);
            return { ...(title ? { title } : {}), ...(name ? { name } : {}), ...(publication ? { publication } : {}), ...(topic ? { topic } : {}) };
          }
          // A list of records, one of which carries the id.
          const record = value.find((r) => isPlainObject(r) && Object.values(r).some((v) => sameId(v, id))) as Record<string, unknown> | undefined;
          if (record) {
            const title = typeof record.title === 'string' ? record.title : undefined;
            const name = typeof record.name === 'string' ? record.name : undefined;
            const fields = factsOf(record);
            return { ...(title ? { title } : {}), ...(name ? { name } : {}), ...(topic ? { topic } : {}), ...(fields ? { fields } : {}) };
          }
        } else if (sameId(value, id) && field !== 'error') {
          // The answer gave the id for what its call named (get_author_id(mauthors) → author_id).
          const call = earlier[j].args;
          const named = isPlainObject(call) ? Object.entries(call).find(([k, v]) => typeof v === 'string' && isPersonName(k, v)) : undefined;
          const name = named ? (named[1] as string).trim() : undefined;
          const papers = name ? listedPapers(earlier) : [];
          if (name || topic) return { ...(name ? { name } : {}), ...(topic ? { topic } : {}), ...(papers.length ? { papers } : {}) };
        }
      }
    }
  }
  return undefined;
}

const NAME_KEY = /(^|_)(name|title)$|^film_?name$|^movie_?name$/i;

/**
 * A call that names a record an earlier list gave by its title (Douban's print_detail(film_name) of a
 * film now_playing_out_filter listed): that record's facts, so a description of "奥本海默" does not call
 * the film a comedy the list filed under drama.
 */
function namedRecordFacts(args: unknown, earlier: EarlierStep[]): KnownFacts | undefined {
  if (!isPlainObject(args)) return undefined;
  const names = Object.entries(args).filter(([k, v]) => NAME_KEY.test(k) && typeof v === 'string' && v.trim()).map(([, v]) => (v as string).trim());
  if (!names.length) return undefined;
  for (let j = earlier.length - 1; j >= 0; j--) {
    const answer = answerOf(earlier[j].response);
    if (!answer) continue;
    for (const value of Object.values(answer)) {
      if (!Array.isArray(value)) continue;
      const record = value.find((r) => isPlainObject(r) && names.some((n) => r.title === n || r.name === n)) as Record<string, unknown> | undefined;
      if (!record) continue;
      const title = typeof record.title === 'string' ? record.title : undefined;
      const fields = factsOf(record);
      return { ...(title ? { title } : {}), ...(fields ? { fields } : {}) };
    }
  }
  return undefined;
}

/** The genre a record's facts file it under (Douban's cate "Drama", TMDB's genre), lower case. */
export function knownGenre(fields: KnownFacts['fields']): string | undefined {
  const v = fields?.cate ?? fields?.genre ?? fields?.category;
  return typeof v === 'string' && v.trim() ? v.split('/')[0].trim().toLowerCase() : undefined;
}

/**
 * The values later steps need from this answer, less any the list this id came from gave otherwise
 * (a later slide's "Vote Average: 7.3" put in the details of a film the list rated 8.4): the answer
 * stays true to the list, and a plan that needed the value there is rejected as ungrounded in assemble.
 */
export function agreeingCarries<C extends { field: string; sub?: string; list?: boolean; value: unknown }>(carry: C[], known: KnownFacts | undefined): C[] {
  return carry.filter((c) => {
    const listed = c.sub || c.list ? undefined : knownField(c.field, known?.fields);
    return listed === undefined || String(listed) === String(c.value);
  });
}

const ISO_DAY = /^(\d{4}-\d{2}-\d{2})(?:$|[ T])/;

export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The weekday of a "YYYY-MM-DD" day. */
export function weekdayOfDate(day: string): string {
  return WEEKDAY_NAMES[new Date(Date.parse(`${day}T00:00:00Z`)).getUTCDay()];
}

/** The date a clock call answered ("2020-09-29" of get_curr_time's "2020-09-29 05:30"), the latest one first. */
export function clockDay(earlier: EarlierStep[]): string | undefined {
  for (let j = earlier.length - 1; j >= 0; j--) {
    if (!/time|date|today|now/i.test(earlier[j].name.split('.').pop() ?? '')) continue;
    const answer = answerOf(earlier[j].response);
    const day = answer && Object.values(answer).map((v) => (typeof v === 'string' ? ISO_DAY.exec(v.trim())?.[1] : undefined)).find((d) => d !== undefined);
    if (day) return day;
  }
  return undefined;
}

/** The weekday an earlier answer gave (get_weekday's "Thursday"). */
export function shownWeekday(earlier: EarlierStep[]): string | undefined {
  for (let j = earlier.length - 1; j >= 0; j--) {
    const answer = answerOf(earlier[j].response);
    const day = answer && Object.entries(answer).find(([k, v]) => /weekday|day_?of_?(the_?)?week/i.test(k) && typeof v === 'string' && WEEKDAY_NAMES.includes(v.trim()))?.[1];
    if (typeof day === 'string') return day.trim();
  }
  return undefined;
}

/**
 * The day the task is on, for answers about today (a weekday, a clock), the days ahead (a forecast,
 * coming films) and the days behind (films already playing, published papers). In this order:
 *  1. the day the user says it is (`said`, the user's words so far: "the weather in Beijing for
 *     today, October 20, 2023"; statedToday.ts): the task's own premise, stated before any call;
 *     a simulated clock then answers that very day;
 *  2. the date a clock call answered;
 *  3. a day with the weekday an earlier answer gave (in the week of Monday 2023-10-16: any such day
 *     agrees with everything the task shows);
 *  4. the day the user asks the weather forecast for ("the weather forecast for October 17, 2023";
 *     statedToday.ts askedForecastDay): the forecast must cover it, and begins there;
 *  5. the earliest date the calls so far take (the stay checked for 2023-10-18);
 * else undefined. A date the user names for something else (a meeting on the 25th, a range to
 * search) is no today: only words that say it is today count.
 */
export function taskToday(args: unknown, earlier: EarlierStep[], said?: string): string | undefined {
  const days = [...earlier.map((e) => e.args), args].flatMap((a) => (isPlainObject(a) ? Object.values(a) : [])).flatMap((v) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v.trim()) ? [v.trim()] : []));
  const stated = said ? statedToday(said, days.sort()[0]?.slice(0, 4)) : undefined;
  if (stated) return stated;
  const clock = clockDay(earlier);
  if (clock) return clock;
  const weekday = shownWeekday(earlier);
  if (weekday) return `2023-10-${15 + WEEKDAY_NAMES.indexOf(weekday) + (weekday === 'Sunday' ? 7 : 0)}`;
  // The day the user asks the forecast for: nothing else dates the task, so its forecast begins there and covers it.
  const asked = said ? askedForecastDay(said, days.sort()[0]?.slice(0, 4)) : undefined;
  if (asked) return asked;
  return days.sort()[0];
}

/** A publication line's first author, venue and year: "P Anderson, R Rossi - IEEE Access, 2021 - host". */
export function publicationParts(line: string): { authors: string[]; venue?: string; year?: string } | undefined {
  const [authorPart, venuePart] = line.split(/\s+-\s+/);
  if (!authorPart || venuePart === undefined) return undefined;
  const authors = authorPart.split(/\s*,\s*/).filter((a) => /\p{L}/u.test(a) && a !== '…');
  const year = /\b(1[89]\d\d|20\d\d)\b/.exec(venuePart)?.[1];
  const venue = venuePart.replace(/,?\s*\b(1[89]\d\d|20\d\d)\b.*$/, '').trim() || undefined;
  return authors.length ? { authors, ...(venue ? { venue } : {}), ...(year ? { year } : {}) } : undefined;
}
