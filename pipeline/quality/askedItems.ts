/**
 * Does a recorded plan do what its user asked, for the things the user named? Three ways a T-Eval
 * plan does not, shared by filter (which turns the plan down, naming what it asked and what it did)
 * and the gt_* measures (which count what reaches the cases), so the two agree:
 *
 * - another item than the one asked for: 185_1 is asked for the details of 'Inception' and gets the
 *   details of movie 272 ("Batman Begins"); 352_1 looks for films similar to 272 for "similar to
 *   'Inception'"; 51_0 reads "/home/user/documents/data.txt" for 'data_v2/template_data/paper_readme.txt'
 *   (otherItemThanAsked);
 * - a genre the user set dropped by a list call that takes one: 218_1 asks for the coming films "in
 *   the 'Fantasy' category" and calls coming_out_filter with no cate (droppedGenre); where the list
 *   takes no genre (TMDB's get_top_rated_movies for "top-rated movies in the 'Drama' genre", 294_2)
 *   the closing answer says the list is not limited to it (unfilterableGenre, answerWriter);
 * - an act on a record the request names that no earlier answer shows: 375_0 replies to "the most
 *   recent email with 'Marketing Campaign Proposal' as the subject" after an inbox listing that
 *   holds no such email, sending to the sender of another (actsOnUnshownRecord).
 *
 * Items are known by what the world knows of them (worldFacts.ts FILMS: a title, its Chinese title,
 * its TMDB id), so a translation ('Parasite' looked up as 寄生虫) or an id ('Inception' as 27205) is
 * the item asked for, not another.
 */
import { FILMS, type FilmFact } from '../resolution/worldFacts.js';
import { pathRole } from '../errors/pathKinds.js';
import { isPlainObject } from '../errors/values.js';

export interface AskedStep {
  name: string;
  args: unknown;
  /** The step's answer, where one is known (a recorded answer before resolve, the shown one after). */
  response?: string;
}

/** A tool doc in either shape the pipeline holds: raw (`params`) or standardized (required/optional). */
export interface AskedTool {
  name: string;
  description?: string;
  params?: readonly { name: string; type: string; description?: string; required?: boolean }[];
  required_parameters?: readonly { name: string; type: string; description?: string }[];
  optional_parameters?: readonly { name: string; type: string; description?: string }[];
}

const paramsOf = (t: AskedTool) => [...(t.params ?? []), ...(t.required_parameters ?? []), ...(t.optional_parameters ?? [])].map((p) => ({ ...p, type: p.type.toLowerCase() }));

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Does the request name the film (its title as words, or its Chinese title)? */
export function namesFilm(request: string, f: FilmFact): boolean {
  return new RegExp(`(?<![\\w-])${escape(f.title)}(?![\\w-])`, 'i').test(request) || (f.zh !== undefined && request.includes(f.zh));
}

/** The values of a call's arguments, at any depth, with the key each sits under. */
function argValues(args: unknown, key = '', out: { key: string; value: unknown }[] = []): { key: string; value: unknown }[] {
  if (Array.isArray(args)) args.forEach((v) => argValues(v, key, out));
  else if (isPlainObject(args)) for (const [k, v] of Object.entries(args)) argValues(v, k, out);
  else out.push({ key, value: args });
  return out;
}

/** Does the call ask for the film: its title or Chinese title in any text it passes, or its TMDB id under an id key? */
function callAsksFilm(args: unknown, f: FilmFact): boolean {
  return argValues(args).some(({ key, value }) => {
    if (typeof value === 'string' && (value.toLowerCase().includes(f.title.toLowerCase()) || (f.zh !== undefined && value.includes(f.zh)))) return true;
    return f.tmdb !== undefined && /id$/i.test(key) && String(value).trim() === String(f.tmdb);
  });
}

/** The films a call picks out as the one it is about: a TMDB id under an id key, or a film name / query that is a film's title. */
function filmsPicked(args: unknown): FilmFact[] {
  const out: FilmFact[] = [];
  for (const { key, value } of argValues(args)) {
    for (const f of FILMS) {
      const byId = f.tmdb !== undefined && /movie_?id|film_?id/i.test(key) && String(value).trim() === String(f.tmdb);
      const byName = typeof value === 'string' && /film_?name|query|title|movie/i.test(key) && (value.trim().toLowerCase() === f.title.toLowerCase() || value.trim() === f.zh);
      if ((byId || byName) && !out.includes(f)) out.push(f);
    }
  }
  return out;
}

/** How a call names the film it picks: "movie 272 (\"Batman Begins\")" for an id, the name it passes otherwise. */
function filmLabel(args: unknown, f: FilmFact): string {
  const byId = argValues(args).some(({ key, value }) => f.tmdb !== undefined && /movie_?id|film_?id/i.test(key) && String(value).trim() === String(f.tmdb));
  if (byId) return `movie ${f.tmdb} ("${f.title}")`;
  const name = argValues(args).find(({ value }) => typeof value === 'string' && (value.trim().toLowerCase() === f.title.toLowerCase() || value.trim() === f.zh));
  return `"${String(name?.value ?? f.title).trim()}"`;
}

/** A path-like file the request names ('data_v2/template_data/hotel.txt', "report.pdf"), as written. */
const NAMED_FILE = /(?<![\w.\\/-])((?:[\w~.-]+\/)*[\w\u4e00-\u9fff][\w\u4e00-\u9fff-]*\.(?:txt|pptx?|pdf|docx?|csv|json|md|xlsx?|html?|xml|log))(?![\w/\\-])/gi;
const baseName = (p: string) => p.replace(/\\/g, '/').split('/').pop()!.toLowerCase();

export interface OtherItem {
  /** The step (index into the steps given) that asks for the other item. */
  at: number;
  kind: 'film' | 'file' | 'paper';
  /** What the request names. */
  asked: string;
  /** What the step asks for instead. */
  other: string;
}

/**
 * A step that asks for another item of the kind the request names, where no step asks for the named
 * one: the details of movie 272 ("Batman Begins") for 'Inception' (185_1), a read of
 * "/home/user/documents/data.txt" for 'data_v2/template_data/paper_readme.txt' (51_0). A film the
 * plan reaches through a list (the first of the films now playing) is no item the request names, and
 * a film named in another language or by its id is the film named.
 */
export function otherItemThanAsked(request: string, steps: readonly AskedStep[], tools: readonly AskedTool[]): OtherItem | undefined {
  const named = FILMS.filter((f) => namesFilm(request, f));
  for (const f of named) {
    if (steps.some((s) => callAsksFilm(s.args, f))) continue;
    for (const [at, s] of steps.entries()) {
      const other = filmsPicked(s.args).find((g) => !named.includes(g));
      if (other) return { at, kind: 'film', asked: f.title, other: filmLabel(s.args, other) };
    }
  }
  // Papers: a citation or a paper's details asked for a search result where the request names another paper by its title, which no step asks for.
  const paper = otherPaperThanAsked(request, steps);
  if (paper) return paper;
  // Files: a read of a file the request never names, where the request names a file no step touches.
  const files = [...request.matchAll(NAMED_FILE)].map((m) => m[1]);
  if (files.length === 0) return undefined;
  const allArgs = steps.flatMap((s) => argValues(s.args).map(({ value }) => String(value).toLowerCase())).join('\n');
  const untouched = files.find((p) => !allArgs.includes(baseName(p)));
  if (untouched === undefined) return undefined;
  const requestLower = request.toLowerCase();
  for (const [at, s] of steps.entries()) {
    const doc = tools.find((t) => t.name === s.name);
    if (!doc || !isPlainObject(s.args)) continue;
    for (const p of paramsOf(doc)) {
      const v = s.args[p.name];
      if (typeof v !== 'string' || !v.trim() || pathRole(doc, { ...p, type: p.type === 'any' ? 'any' : 'string' }) !== 'input' || !/string|any/.test(p.type)) continue;
      if (requestLower.includes(baseName(v)) || files.some((f) => baseName(f) === baseName(v))) continue;
      return { at, kind: 'file', asked: untouched, other: v.trim() };
    }
  }
  return undefined;
}

/** A paper the request names by its title ("the paper with the title 'Deep Learning'", "the article titled '…'", "the 'X' paper"). */
const PAPER_TITLED = /\b(?:paper|article|publication|study)\b[^.?!'"‘“]{0,40}?\b(?:titled|title|called|named|entitled)\s*:?\s*['"‘“]([^'"’”]{3,120})['"’”]|['"‘“]([^'"’”]{3,120})['"’”]\s+(?:paper|article)\b/gi;

/** The paper titles a request names. */
export function namedPaperTitles(request: string): string[] {
  return [...request.matchAll(PAPER_TITLED)].map((m) => (m[1] ?? m[2]).trim()).filter((t) => !/\.[a-z]{2,4}$/i.test(t));
}

/** A step that takes one paper (a citation, a paper's details) by the id a search answer gave it. */
const PAPER_STEP = /citation|article_information|paper_detail/i;

/**
 * 57_1: "can you provide me with the MLA citation format for the paper with the title 'Deep Learning'?"
 * answered by get_citation_format(q="EQ8shYj8Ai8J"), the first result of a search for "machine
 * learning", titled "Machine learning". No step searches for or passes the title named, so the
 * citation is another paper's.
 */
function otherPaperThanAsked(request: string, steps: readonly AskedStep[]): OtherItem | undefined {
  const titles = namedPaperTitles(request);
  if (titles.length === 0) return undefined;
  const passed = steps.flatMap((s) => argValues(s.args).map(({ value }) => String(value).toLowerCase())).join('\n');
  const untouched = titles.find((t) => !passed.includes(t.toLowerCase()));
  if (untouched === undefined) return undefined;
  for (const [at, s] of steps.entries()) {
    if (!PAPER_STEP.test(s.name.split('.').pop() ?? s.name)) continue;
    const id = argValues(s.args).find(({ value }) => typeof value === 'string' && value.trim())?.value as string | undefined;
    if (id === undefined) continue;
    // The result's title, where an earlier answer lists it beside the id (a Scholar search's parallel title / organic_id lists).
    const label = steps.slice(0, at).map((e) => e.response && resultTitle(e.response, id)).find(Boolean);
    return { at, kind: 'paper', asked: untouched, other: label ? `"${label}" (${id})` : `"${id}"` };
  }
  return undefined;
}

/** The title a search answer gives the result with this id (Scholar's `title` and `organic_id` lists, in the same order). */
function resultTitle(response: string, id: string): string | undefined {
  const list = (key: string) => new RegExp(`["']${key}["']\\s*:\\s*\\[([^\\]]*)\\]`).exec(response)?.[1];
  const items = (text: string) => [...text.matchAll(/'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1] ?? m[2]);
  const ids = list('organic_id');
  const titles = list('title');
  if (ids === undefined || titles === undefined) return undefined;
  const i = items(ids).indexOf(id);
  return i < 0 ? undefined : items(titles)[i];
}

/** Genre words a request sets, with the Chinese category Douban lists films under. */
const GENRES: [RegExp, string, string][] = [
  [/\bdramas?\b/i, 'Drama', '剧情'],
  [/\bcomed(?:y|ies)\b/i, 'Comedy', '喜剧'],
  [/\baction\b/i, 'Action', '动作'],
  [/\bfantasy\b/i, 'Fantasy', '奇幻'],
  [/\bhorror\b/i, 'Horror', '恐怖'],
  [/\bromance\b|\bromantic\b/i, 'Romance', '爱情'],
  [/\bthrillers?\b/i, 'Thriller', '惊悚'],
  [/\bsci-?fi\b|\bscience fiction\b/i, 'Science Fiction', '科幻'],
  [/\banimat(?:ion|ed)\b/i, 'Animation', '动画'],
  [/\bdocumentar(?:y|ies)\b/i, 'Documentary', '纪录片'],
  [/\badventure\b/i, 'Adventure', '冒险'],
  [/\bcrime\b/i, 'Crime', '犯罪'],
  [/\bmystery\b/i, 'Mystery', '悬疑'],
];

/** What a list call lists, in the words a request asks for it with. */
const LIST_WORDS: [RegExp, RegExp][] = [
  [/coming_out|upcoming|coming_soon/i, /\b(?:upcoming|coming (?:out|soon)|(?:be |to be |set to be )?releas(?:ed|ing) soon|about to be released|forthcoming|future|soon-to-be-released)\b/i],
  [/top_rated/i, /\b(?:top|highest)[- ]rated\b/i],
  [/popular/i, /\bpopular\b/i],
  [/now_playing/i, /\b(?:now playing|currently (?:playing|showing|screening|in theat(?:er|re)s|being (?:shown|screened))|in theat(?:er|re)s)\b/i],
];

const sentences = (text: string) => text.split(/(?<=[.?!])\s+|\n+/).filter((s) => s.trim());

/** The genre a request sets for what a list call lists: a sentence asking for that list with a genre word ("the upcoming action movies in China"); never a search by words ("films that have 'action' in their titles"). */
export function requestedGenre(request: string, listTool: string): { genre: string; zh: string; words: string } | undefined {
  const list = LIST_WORDS.find(([tool]) => tool.test(listTool));
  if (!list) return undefined;
  const others = LIST_WORDS.filter((l) => l !== list).map(([, words]) => words);
  for (const s of sentences(request)) {
    if (!/\b(?:movies?|films?|cinema|releases?)\b/i.test(s) || /\b(?:search|google|in (?:their|the) titles?)\b/i.test(s)) continue;
    // The genre word goes with this list's words: near them, with no other list's words between ("currently playing in China and the upcoming action movies" sets no genre for the films playing).
    for (const m of s.matchAll(new RegExp(list[1].source, 'gi'))) {
      for (const [re, genre, zh] of GENRES) {
        const g = new RegExp(re.source, 'i').exec(s);
        if (!g) continue;
        const [from, to] = g.index < m.index! ? [g.index, m.index!] : [m.index! + m[0].length, g.index];
        if (to - from > 80 || others.some((o) => o.test(s.slice(from, to)))) continue;
        return { genre, zh, words: s.trim() };
      }
    }
  }
  return undefined;
}

const isListCall = (name: string) => /coming_out_filter|now_playing_out_filter|get_top_rated_movies|get_popular_movies|get_now_playing/i.test(name);

/** The category parameter of a list tool, if it takes one ("cate", "genre", "category"). */
function genreParam(doc: AskedTool | undefined): string | undefined {
  return doc ? paramsOf(doc).find((p) => /^(?:cate|category|genre|genres)$/i.test(p.name))?.name : undefined;
}

/**
 * A list call that drops the genre the request sets although its tool takes one: coming_out_filter
 * with no cate for the coming films "specifically those in the 'Fantasy' category" (218_1).
 */
export function droppedGenre(request: string, steps: readonly AskedStep[], tools: readonly AskedTool[]): { at: number; name: string; param: string; genre: string } | undefined {
  for (const [at, s] of steps.entries()) {
    if (!isListCall(s.name)) continue;
    const param = genreParam(tools.find((t) => t.name === s.name));
    if (!param) continue;
    const asked = requestedGenre(request, s.name);
    if (!asked) continue;
    const given = isPlainObject(s.args) ? s.args[param] : undefined;
    if (given === undefined || given === null || given === '') return { at, name: s.name, param, genre: asked.genre };
  }
  return undefined;
}

/**
 * A list call whose tool takes no genre, for a list the request sets one for: TMDB's
 * get_top_rated_movies for "top-rated movies in the 'Drama' genre" (294_2). The list answers films of
 * every genre; what the closing answer must say.
 */
export function unfilterableGenre(request: string, step: Pick<AskedStep, 'name'>, tool: AskedTool | undefined): string | undefined {
  if (!isListCall(step.name) || (tool && genreParam(tool))) return undefined;
  return requestedGenre(request, step.name)?.genre;
}

/** What the closing answer says when a list could not be limited to the genre asked for. */
export function unfilteredGenreSentence(genre: string): string {
  return `That list is not limited to ${genre.toLowerCase()} films: the service lists films of every genre and cannot filter by one.`;
}

/** Does a closing answer say plainly that the list was not limited to the genre? */
export function saysUnfiltered(answer: string, genre: string): boolean {
  return new RegExp(`not (?:limited|filtered|restricted) (?:to|by) ${escape(genre)}|not (?:limited|filtered) by genre|cannot filter by (?:one|genre)`, 'i').test(answer);
}

/** A record the request names by its subject or title, for a step to act on ("the most recent email with 'Marketing Campaign Proposal' as the subject", "reply to the email titled 'X'"). */
export function namedRecord(request: string): { name: string; act: RegExp } | undefined {
  const subject = /\b(?:e-?mails?|messages?)\s+(?:with|titled|named|called|whose subject is|with the subject(?: line)?)\s+['"‘“]([^'"’”]{3,80})['"’”](?:\s+as (?:the|its) (?:subject|title))?/i.exec(request);
  if (!subject) return undefined;
  if (!/\b(?:reply|respond|answer|forward|delete|archive)\b/i.test(request)) return undefined;
  return { name: subject[1], act: /(?:^|\.)(?:send|reply|respond|forward|delete|archive)\w*$/i };
}

/**
 * A step that acts on a record the request names when no answer before it shows a record so named:
 * 375_0 sends the reply "to this email" — "the most recent email with 'Marketing Campaign Proposal'
 * as the subject" — after an inbox listing that holds no such email. Undefined when no step acts on
 * such a record, or when an answer before the act is unknown (nothing to judge by).
 */
export function actsOnUnshownRecord(request: string, steps: readonly AskedStep[]): { at: number; name: string; record: string } | undefined {
  const named = namedRecord(request);
  if (!named) return undefined;
  const at = steps.findIndex((s) => named.act.test(s.name));
  if (at < 0) return undefined;
  const before = steps.slice(0, at);
  if (before.length === 0 || before.some((s) => s.response === undefined)) return undefined;
  const norm = (s: string) => s.toLowerCase().replace(/\s+/g, ' ');
  if (before.some((s) => norm(s.response!).includes(norm(named.name)))) return undefined;
  return { at, name: steps[at].name, record: named.name };
}
