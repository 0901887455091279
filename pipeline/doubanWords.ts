/**
 * Douban's film fields in English, for an answer written in English: a film's genres ("喜剧 / 动画 / 冒险"
 * -> "comedy, animation and adventure"), its region ("美国 加拿大" -> "the US and Canada") and its release
 * day ("11月17日" -> "17 November"). Titles, directors and actors stay as Douban writes them: they are
 * names. A value with a word these tables do not hold is left to the caller (said as Douban wrote it),
 * never guessed (answer_field_untranslated). The quality report reads answers with the same tables
 * (answer_asked_field_missing takes "from Japan" for region 日本).
 */
import { joinAnd } from './quality/grammar.js';

const REGIONS: Record<string, string> = {
  美国: 'the US', 中国大陆: 'mainland China', 中国香港: 'Hong Kong', 中国台湾: 'Taiwan', 加拿大: 'Canada', 日本: 'Japan', 英国: 'the UK',
  韩国: 'South Korea', 法国: 'France', 德国: 'Germany', 意大利: 'Italy', 西班牙: 'Spain', 印度: 'India', 澳大利亚: 'Australia',
  新西兰: 'New Zealand', 爱尔兰: 'Ireland', 比利时: 'Belgium', 俄罗斯: 'Russia', 泰国: 'Thailand', 墨西哥: 'Mexico', 丹麦: 'Denmark', 瑞典: 'Sweden',
};
const GENRES: Record<string, string> = {
  剧情: 'drama', 喜剧: 'comedy', 动作: 'action', 爱情: 'romance', 科幻: 'science fiction', 动画: 'animation', 悬疑: 'mystery', 惊悚: 'thriller',
  恐怖: 'horror', 犯罪: 'crime', 冒险: 'adventure', 奇幻: 'fantasy', 历史: 'history', 战争: 'war', 家庭: 'family', 传记: 'biography',
  音乐: 'music', 歌舞: 'musical', 纪录片: 'documentary', 运动: 'sport', 武侠: 'martial arts', 西部: 'western', 灾难: 'disaster',
};
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

const words = (value: string) => value.split(/[\s/、,，]+/).map((w) => w.trim()).filter(Boolean);
const all = (value: string, table: Record<string, string>) => {
  const said = words(value).map((w) => table[w]);
  return said.length && said.every(Boolean) ? joinAnd([...new Set(said as string[])]) : undefined;
};

/** A film's genres in English ("comedy, animation and adventure"), or undefined. */
export const genresInEnglish = (value: unknown) => (typeof value === 'string' ? all(value, GENRES) : undefined);
/** Where a film is from, in English ("the US and Canada"), or undefined. */
export const regionInEnglish = (value: unknown) => (typeof value === 'string' ? all(value, REGIONS) : undefined);
/** A release day Douban writes as month and day ("11月17日"), in English ("17 November"), or undefined. */
export function dayInEnglish(value: unknown): string | undefined {
  const m = typeof value === 'string' ? /^(\d{1,2})月(\d{1,2})日$/.exec(value.trim()) : null;
  return m && Number(m[1]) >= 1 && Number(m[1]) <= 12 && Number(m[2]) >= 1 && Number(m[2]) <= 31 ? `${Number(m[2])} ${MONTHS[Number(m[1]) - 1]}` : undefined;
}

/**
 * What a Douban film record's genre, region and release day say, as one phrase after its title: "a comedy,
 * animation and adventure film from Japan, out on 17 November", "a film from the US". The keys it said,
 * for the caller to leave out of the rest. Undefined when the record gives none of them in words these
 * tables hold.
 */
export function doubanFilmPhrase(fields: Record<string, unknown>): { phrase: string; keys: string[] } | undefined {
  const cate = Object.keys(fields).find((k) => /^(?:cate|category|genres?)$/i.test(k));
  const region = Object.keys(fields).find((k) => /^region$/i.test(k));
  const date = Object.keys(fields).find((k) => /^date$/i.test(k));
  const genres = cate ? genresInEnglish(fields[cate]) : undefined;
  const from = region ? regionInEnglish(fields[region]) : undefined;
  const day = date ? dayInEnglish(fields[date]) : undefined;
  // A value Douban wrote that these tables cannot say is never half said: the record keeps its own words.
  if ((cate && !genres) || (region && !from) || (date && !day) || (!genres && !from && !day)) return undefined;
  const kind = genres || from ? `${genres ? `${/^[aeiou]/.test(genres) ? 'an' : 'a'} ${genres} film` : 'a film'}${from ? ` from ${from}` : ''}` : '';
  const out = day ? `out on ${day}` : '';
  return { phrase: [kind, out].filter(Boolean).join(', '), keys: [cate, region, date].filter((k): k is string => k !== undefined) };
}

/** Douban's film description as its detail page writes it: "红猪是一部日本的喜剧、动画、冒险电影，由宫崎骏导演，…等人主演.\n剧情简介：…". */
const DESCRIBED =
  /^(?<title>.+?)是一部(?<region>[^的]+?)的(?<genres>[^，,。.]*?)(?<kind>电影|电视剧|纪录片)(?:[，,](?<year>\d{4})年播出)?(?:[，,]由(?<directors>[^，,。]+?)导演)?(?:[，,](?<actors>[^，,。]+?)(?<others>等人)?主演)?[.。]\s*(?:剧情简介[：:]\s*(?<synopsis>[\s\S]*?))?\s*$/;
const KINDS: Record<string, string> = { 电影: 'film', 电视剧: 'TV series', 纪录片: 'documentary' };
/** Names Douban lists with "、", a name's own Latin spelling in full-width brackets: "宫崎骏（Hayao Miyazaki）" -> "宫崎骏 (Hayao Miyazaki)". */
const names = (list: string) => list.split('、').map((n) => n.trim().replace(/（([^）]*)）/g, ' ($1)')).filter(Boolean);

/**
 * A Douban description said in English: its frame translated, the names kept, the synopsis quoted as
 * Douban wrote it: ""红猪" is a comedy, animation and adventure film from Japan, directed by 宫崎骏 (Hayao
 * Miyazaki). Douban's synopsis: "二十世纪二十年代的意大利，…"". `quote` says the synopsis after those words
 * (`: "…"` whole, or ` opens "…"` by its opening, as the caller quotes texts). Undefined when the text is not such a description or holds a
 * genre or region the tables cannot say.
 */
export function describedFilm(text: string, quote: (synopsis: string) => string): string | undefined {
  const m = DESCRIBED.exec(text.trim());
  const g = m?.groups;
  if (!g) return undefined;
  const from = regionInEnglish(g.region);
  const genreWords = g.genres.split('、').filter(Boolean);
  const genres = genreWords.length ? genresInEnglish(genreWords.join(' ')) : '';
  if (!from || genres === undefined) return undefined;
  const kind = `${genres ? `${genres} ` : ''}${KINDS[g.kind]}`;
  const credits = [g.directors ? `directed by ${joinAnd(names(g.directors))}` : '', g.actors ? `starring ${joinAnd(g.others ? [...names(g.actors), 'others'] : names(g.actors))}` : ''].filter(Boolean);
  const film = `${JSON.stringify(g.title.trim())} is ${/^[aeiou]/.test(kind) ? 'an' : 'a'} ${kind} from ${from}${g.year ? ` that aired in ${g.year}` : ''}${credits.length ? `, ${credits.join(' and ')}` : ''}.`;
  const synopsis = g.synopsis?.trim() ?? '';
  // "暂无剧情简介" is Douban saying it has no synopsis yet.
  const told = !synopsis ? '' : /^暂无剧情简介[。.]?$/.test(synopsis) ? ' Douban has no synopsis for it yet.' : ` Douban's synopsis${quote(synopsis)}.`.replace(/([.!?]")\.$/, '$1');
  return `${film}${told}`;
}
