/**
 * Does a closing answer call what it tells by what it is (answer-writer-91)? Ten slips found reading
 * g0's closing answers beside their requests:
 *
 * - answer_order_label_tail: a stock order's status left as a label after a comma ("I placed the order:
 *   order 12446, a buy order for 100 shares of TSLA at 700, status Pending."), where a person says what
 *   the order is ("…; it is pending").
 * - answer_records_called_results: records a look-up (no search) lists under a container key counted
 *   as search results ("For AAPL, I found 1 result: "Apple agreed …"" for a ticker's news, "In London, I
 *   found 3 results: on 19 October 2023, windy at 13.6 °C; …" for a forecast).
 * - answer_failed_film_counted: a failure answer that tells the failed look-up for one film, named alone
 *   by a title search, as done for several ("getting the reviews of the five films did not" where the
 *   reviews were of "Inception" and the five films are the popular ones).
 * - answer_one_counted_as_digit: a count of one told as a tally ("found 1 paper: …", "There is 1 line in …"),
 *   where a person says "one" — or, for one day's forecast, the forecast itself.
 * - answer_read_told_as_got: reading a file told as "getting the file" ("Getting the file worked; …"),
 *   where a person says which file was read ("Reading "data_v2/template_data/movies.txt" worked; …").
 * - answer_record_by_field_names: a found thing told by its fields' names ("The id is 78156 and the title
 *   is "Quantum Computing: The Movie"."), where a person says what the search found.
 * - answer_asked_text_withheld: a look-up's text the user asked to be given told by nothing but the deed
 *   that saved it ("I wrote the text to "outputs/quantum_computing_articles.txt".").
 * - answer_steps_as_things: a route's directions run together as things it holds ("the route has "Head east
 *   …", "Turn left …" and "Arrive at …""), where a person tells them as steps in order.
 * - answer_grep_name_unsaid: a grep run to learn what a function or class is called answered by quoting the
 *   line it found ("the only matching line is "def deploy(): # update the system pass# …""), where a person
 *   says the name ("deploy").
 * - answer_timestamp_quoted: a machine timestamp quoted as it came ("a reviewer rated it 5 (posted
 *   "2023-10-12T12:00:34Z")"), where a person says the day.
 */
import { isErrorResponse } from '../../errors/responses.js';
import { parseToolResponse } from '../../prompts/parseAction.js';
import type { TestCase } from '../../schemas.js';
import type { CaseMeasure } from '../types.js';
import { answeredTurns, turnDefect, type AnsweredTurn } from './answers.js';
import { failureAnswers, readsAsFailure } from './failureAnswers.js';
import { QUOTED_TEXT } from '../grammar.js';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
/** Quoted text left out: a title or a quoted reply may hold any words. */
const unquoted = (answer: string) => answer.replace(QUOTED_TEXT, '""');

/** An order's sentence whose status trails as a label: "…shares of TSLA at 700, status Pending". */
export function orderLabelTail(answer: string): string | undefined {
  const m = /\border\b(?:[^.;]|\.\d)*?,? (?:and )?status [A-Z][a-z]+\b/.exec(unquoted(answer));
  return m ? `"…${m[0].slice(-80)}"` : undefined;
}

export const answerOrderLabelTail: CaseMeasure = {
  kind: 'case',
  id: 'answer_order_label_tail',
  group: 'text',
  title: 'closing answer leaves a stock order\'s status as a label after a comma ("I placed the order: order 12446, a buy order for 100 shares of TSLA at 700, status Pending.") instead of saying what the order is',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, (t) => orderLabelTail(t.answer)),
};

/** Keys that hold a response's records without naming them. */
const CONTAINER = /^(?:results?|data|items|content|records|entries|hits)$/i;
const NUMBER = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

/**
 * The answer counts "N results" where a call that searched nothing (no "search" or "query" in its name or
 * arguments) listed N records under a container key, and no searching call of the turn listed N.
 */
export function recordsCalledResults(turn: AnsweredTurn): string | undefined {
  const text = unquoted(turn.answer);
  const counts = (searching: boolean) =>
    turn.calls.flatMap((c) => {
      const search = /search|query|find/i.test(c.name) || (isRecord(c.args) && Object.keys(c.args).some((k) => /^(?:query|q|keywords?)$/i.test(k)));
      if (search !== searching) return [];
      const value = parseToolResponse(c.response);
      if (!isRecord(value)) return [];
      return Object.entries(value).flatMap(([k, v]) => (CONTAINER.test(k) && Array.isArray(v) && v.length > 0 && v.every(isRecord) ? [{ n: v.length, name: c.name }] : []));
    });
  const searched = new Set(counts(true).map((x) => x.n));
  for (const { n, name } of counts(false)) {
    if (searched.has(n)) continue;
    const m = new RegExp(`\\b(?:${n}|${NUMBER[n] ?? n}) results?\\b`, 'i').exec(text);
    if (m) return `"${text.slice(Math.max(0, m.index - 40), m.index + m[0].length + 20).trim()}" for ${name.split('.').pop()}'s records`;
  }
  return undefined;
}

export const answerRecordsCalledResults: CaseMeasure = {
  kind: 'case',
  id: 'answer_records_called_results',
  group: 'text',
  title: 'closing answer counts a look-up\'s records as search results ("For AAPL, I found 1 result: …" for a ticker\'s news, "In London, I found 3 results: on 19 October 2023, windy …" for a forecast)',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, recordsCalledResults),
};

/**
 * A failure answer that says a task "of/for the N films" where a failed call took the id of a film a call
 * of the same turn gave alone ({"id": 27205, "title": "Inception"}), not in a list of N.
 */
export function failedFilmCounted(answer: string, calls: AnsweredTurn['calls'], failedIds: string[]): string | undefined {
  const alone = new Set(
    calls.flatMap((c) => {
      const v = parseToolResponse(c.response);
      return isRecord(v) && (typeof v.id === 'number' || typeof v.id === 'string') && typeof v.title === 'string' ? [String(v.id)] : [];
    }),
  );
  if (!failedIds.some((id) => alone.has(id))) return undefined;
  const m = /\b(?:of|for) the (?:two|three|four|five|six|seven|eight|nine|ten|\d+) (?:films|movies)\b/.exec(unquoted(answer));
  return m ? `"${m[0]}" for movie ${failedIds.find((id) => alone.has(id))}, found alone` : undefined;
}

export const answerFailedFilmCounted: CaseMeasure = {
  kind: 'case',
  id: 'answer_failed_film_counted',
  group: 'text',
  title: 'failure answer tells a failed look-up for one film, found alone by its title, as done for several ("getting the reviews of the five films did not" for the reviews of "Inception")',
  population: 'cases with a closing answer after a failed call',
  check(tc: TestCase) {
    const failures = failureAnswers(tc);
    if (failures.length === 0) return undefined;
    const turns = new Map(answeredTurns(tc).map((t) => [t.answer, t.calls]));
    for (const { answer, failed } of failures) {
      const ids = failed.flatMap((f) => (isRecord(f.args) && f.args.movie_id !== undefined ? [String(f.args.movie_id)] : []));
      const hit = ids.length ? failedFilmCounted(answer, turns.get(answer) ?? [], ids) : undefined;
      if (hit) return hit;
    }
    return null;
  },
};

/** A count of one told as a tally's digit: "A search for "neural networks" found 1 paper: …", "There is 1 line in …", "I found 1 daily forecast: …". */
export function oneCountedAsDigit(answer: string): string | undefined {
  const text = unquoted(answer);
  const m = /\b(?:found|got back|came across|[Tt]here is) 1 [a-z]+(?: [a-z]+)?/.exec(text);
  return m ? `"${m[0]}"` : undefined;
}

export const answerOneCountedAsDigit: CaseMeasure = {
  kind: 'case',
  id: 'answer_one_counted_as_digit',
  group: 'text',
  title: 'closing answer tells a count of one as a tally\'s digit ("A search for "neural networks" found 1 paper: …", "There is 1 line in "summary.txt".", "In San Francisco, I found 1 result: on 17 October 2023, light rain …")',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, (t) => oneCountedAsDigit(t.answer)),
};

/** A file read told as fetched: "Getting the file worked; writing the file did not." for read_file("data_v2/template_data/movies.txt"). */
export function readToldAsGot(turn: AnsweredTurn): string | undefined {
  if (!turn.calls.some((c) => /(?:^|\.)read_file$/.test(c.name))) return undefined;
  const m = /\b(?:[Gg]etting|[Gg]et) the file\b[^.;]*/.exec(unquoted(turn.answer));
  return m ? `"${m[0].slice(0, 80)}" for read_file` : undefined;
}

export const answerReadToldAsGot: CaseMeasure = {
  kind: 'case',
  id: 'answer_read_told_as_got',
  group: 'text',
  title: 'closing answer tells reading a file as "getting the file" ("Getting the file worked; writing the file did not.") without saying which file was read',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, readToldAsGot),
};

/** A found thing told by its fields' names: "The id is 78156 and the title is "Quantum Computing: The Movie"." */
export function recordByFieldNames(answer: string): string | undefined {
  const m = /\bthe (?:id|title|name) is [^.;]{1,80}? and the (?:id|title|name) is\b/i.exec(unquoted(answer));
  return m ? `"${m[0]}"` : undefined;
}

export const answerRecordByFieldNames: CaseMeasure = {
  kind: 'case',
  id: 'answer_record_by_field_names',
  group: 'text',
  title: 'closing answer tells a found thing by its fields\' names ("The id is 78156 and the title is "Quantum Computing: The Movie".") instead of saying what was found',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, (t) => recordByFieldNames(t.answer)),
};

/** A request that asks to be told what was found, not only to have it passed on ("provide me with the meta information …"). */
const ASKS_TO_BE_TOLD = /\b(?:provide|give|show|tell) me (?:with )?(?:the |a |their |its )?(?:[\w-]+ ){0,3}(?:information|info|details|titles?|summar(?:y|ies)|list)\b/i;

/**
 * A look-up's text the user asked to be given ("provide me with the meta information of the first three
 * articles"), told by nothing in the answer: neither a "Title: …" line of it nor its opening appears, only the
 * deed that saved it ("I wrote the text to "outputs/quantum_computing_articles.txt"."). Undefined when the
 * request asks for no telling or no such text came back.
 */
export function askedTextWithheld(turn: AnsweredTurn): string | undefined {
  if (!ASKS_TO_BE_TOLD.test(turn.request)) return undefined;
  const flat = (t: string) => t.replace(/\s+/g, ' ').trim();
  const answer = flat(turn.answer);
  for (const c of turn.calls) {
    const v = parseToolResponse(c.response);
    // A failure wrapped as text ({'text': "HTTPSConnectionPool(…): Max retries exceeded …"}, teval_query_185_2's capture) is no text to pass on.
    if (!isRecord(v) || Object.keys(v).length !== 1 || isErrorResponse({ content: c.response }) || readsAsFailure(c.response)) continue;
    const text = Object.values(v)[0];
    if (typeof text !== 'string' || text.length < 200) continue;
    const titles = [...text.matchAll(/^Title: (.{8,})$/gm)].map((m) => flat(m[1]).slice(0, 30));
    // Douban's description is told in English with its synopsis quoted as Douban wrote it (doubanWords describedFilm): the synopsis tells it.
    const synopsis = /剧情简介[:：]\s*(.{8,})/s.exec(text)?.[1];
    const marks = titles.length ? titles : [flat(text).slice(0, 30), ...(synopsis ? [flat(synopsis).slice(0, 30)] : [])];
    if (!marks.some((m) => answer.includes(m))) return `${c.name.split('.').pop()}'s text ("${marks[0]}…") told by nothing, for "${ASKS_TO_BE_TOLD.exec(turn.request)![0]}"`;
  }
  return undefined;
}

export const answerAskedTextWithheld: CaseMeasure = {
  kind: 'case',
  id: 'answer_asked_text_withheld',
  group: 'text',
  title: 'closing answer tells nothing of a look-up\'s text the user asked to be given ("provide me with the meta information of the first three articles … save it to a file" → only "I wrote the text to "outputs/quantum_computing_articles.txt".")',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, askedTextWithheld),
};

/** A route's directions run together as things it holds: "the route has "Head east on …", "Turn left onto …" and "Arrive at …"". */
export function stepsAsThings(answer: string): string | undefined {
  const m = /\bthe (?:route|directions|itinerary|instructions) (?:has|is|are|holds) "[^"]+"(?:, "[^"]+")* and "[^"]+"/i.exec(answer);
  return m ? `"${m[0].slice(0, 100)}…"` : undefined;
}

export const answerStepsAsThings: CaseMeasure = {
  kind: 'case',
  id: 'answer_steps_as_things',
  group: 'text',
  title: 'closing answer runs a route\'s directions together as things it holds ("I found that the route has "Head east on Rue Saint-Dominique …", "Turn left onto Avenue Bosquet" and "Arrive at Louvre Museum on the right"") instead of telling them as steps in order',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, (t) => stepsAsThings(t.answer)),
};

/** Names a line of code defines after a keyword: "def deploy():", "class Loader", "function main(". */
const CODE_NAME = /\b(?:def|class|function|func|fn)\s+([A-Za-z_$][\w$]*)/g;

/**
 * The request asks what a function, class or method is called, a call of the turn returned lines that
 * define one, and the answer never says that name except inside the quoted line ("def deploy(): …").
 */
export function grepNameUnsaid(turn: AnsweredTurn): string | undefined {
  if (!/\bname\b/i.test(turn.request) || !/\b(?:function|class|method)s?\b/i.test(turn.request)) return undefined;
  const names = turn.calls.flatMap((c) => [...c.response.matchAll(CODE_NAME)].map((m) => m[1]));
  if (names.length === 0) return undefined;
  const bare = turn.answer.replace(CODE_NAME, ' ');
  const said = names.some((n) => new RegExp(`(?<![\\w$])${n.replace(/\$/g, '\\$')}(?![\\w$])`).test(bare));
  return said ? undefined : `"${turn.answer.slice(0, 100)}" never names ${names.slice(0, 3).map((n) => `"${n}"`).join(', ')}`;
}

export const answerGrepNameUnsaid: CaseMeasure = {
  kind: 'case',
  id: 'answer_grep_name_unsaid',
  group: 'text',
  title: 'closing answer to "what is the function (class) called" quotes back the line grep found ("the only matching line is "def deploy(): # update the system pass# …"") instead of saying the name ("deploy")',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, grepNameUnsaid),
};

/** A quoted ISO timestamp: "2023-10-12T12:00:34Z". */
export function timestampQuoted(answer: string): string | undefined {
  const m = /"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}[^"]{0,12}"/.exec(answer);
  return m ? `${m[0]} in "…${answer.slice(Math.max(0, m.index - 50), m.index + m[0].length)}"` : undefined;
}

export const answerTimestampQuoted: CaseMeasure = {
  kind: 'case',
  id: 'answer_timestamp_quoted',
  group: 'text',
  // The title goes into every release's card, which holds no timestamp (release.test.ts): the example is cut before the clock.
  title: 'closing answer quotes a machine timestamp as it came ("a reviewer rated it 5 (posted "2023-10-12T…Z")") instead of saying the day',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, (t) => timestampQuoted(t.answer)),
};

/**
 * A write told without what it wrote: "I have written the text to "summary.txt"." after `echo("quantum computing")`,
 * "I wrote the text to "outputs/quantum_computing_articles.txt"." after saving three papers: the user is left to
 * guess which text. A person says "I wrote "quantum computing" to "summary.txt"", "the three papers' details".
 * Undefined for a turn with no write that went through.
 */
export function writtenTextUnsaid(turn: AnsweredTurn): string | null | undefined {
  // A write that went through, or one that failed: "When I tried to write the text to "TeamNotes.txt", there was an I/O error"
  // leaves the user as unsure which text as "I wrote the text to …" does (bfcl_multi_turn_base_2-env-k4).
  const wrote = turn.calls.some((c) => /\.(?:echo|write_file)$/.test(c.name) && c.response !== '');
  if (!wrote) return undefined;
  return /\b(?:wrote|written|write|writing) (?:out )?the text\b[^.]*/.exec(turn.answer)?.[0] ?? null;
}

export const answerWrittenTextUnsaid: CaseMeasure = {
  kind: 'case',
  id: 'answer_written_text_unsaid',
  group: 'text',
  title: 'closing answer tells a write without what it wrote ("I have written the text to "summary.txt"." after writing "quantum computing", "I wrote the text to "outputs/quantum_computing_articles.txt"." after saving three papers), where a person says "I wrote "quantum computing" to "summary.txt"", "the three papers\' details"',
  population: 'closing answers of a turn with a file write (gone through or failed)',
  check: (tc) => {
    const found = answeredTurns(tc).map(writtenTextUnsaid).filter((r) => r !== undefined);
    return found.length === 0 ? undefined : (found.find((r) => r !== null) ?? null);
  },
};

export const ANSWER_NOUN_MEASURES = [answerWrittenTextUnsaid, answerTimestampQuoted, answerGrepNameUnsaid, answerStepsAsThings, answerAskedTextWithheld, answerOrderLabelTail, answerRecordsCalledResults, answerFailedFilmCounted, answerOneCountedAsDigit, answerReadToldAsGot, answerRecordByFieldNames];
