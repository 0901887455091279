/**
 * Does a closing answer read like a careful person wrote it? Three ways it did not (answer-writer-42):
 * a record told as its fields ("The reply lists 5 places: "Hartley Museum of Art" (address "116 Rue
 * Montorgueil")", "Author information: name "John Smith", affiliation …", a search's internal ids and
 * snippets nobody asked for), a yes/no check told as undecided where a shown result decides it ("I
 * can't tell from this whether the second available meeting room is empty" after the empty rooms were
 * listed), and failure answers that open with one canned sentence ("I got part of the way.").
 */
import { apiOf, isPlainObject } from '../../errors/values.js';
import { isErrorResponse } from '../../errors/responses.js';
import { escapeRegExp } from '../../errors/vocabulary.js';
import { keyAsWords, QUOTED_TEXT } from '../grammar.js';
import { MOST_AWAITED, askedCount, awaitedOrder, answerSentences, bareNamesOf, nearestPlaceOf, placeOfCoordinates, restatedSentences, wantField } from '../../answerFacts.js';
import { NAMED_PARTIAL_OPENERS, namedOpenerParts } from '../../partialOpeners.js';
import { parseToolResponse } from '../../prompts/parseAction.js';
import type { TestCase } from '../../schemas.js';
import type { CaseMeasure, SetMeasure } from '../types.js';
import { answeredTurns, turnDefect, type AnsweredTurn } from './answers.js';
import { failureAnswers } from './failureAnswers.js';

/** A response field a search gives for its own bookkeeping: said only when the user asks for it. */
const INTERNAL_FIELD = /\b(?:organic(?: result)? id|result id|snippet|pub(?:lication)? info)\b "/;
const ASKS_INTERNAL = /\b(?:ids?|identifiers?|snippets?|excerpts?|publication (?:info|information|details)|pub info)\b/i;
/** An opaque id (letters and digits run together, 8 or more): "0juNTSgAAAAJ". */
const OPAQUE_ID = /\bid (?:is |of )?"(?=[\w-]*\d)(?=[\w-]*[A-Za-z])[\w-]{8,}"/;

/**
 * A closing answer that reads out a record as its fields instead of answering: a frame about the reply
 * ("The reply lists 5 places: …"), a record under a label and a colon ("Author information: name "John
 * Smith", affiliation …"), a place's address as a label and a quoted value in brackets after its name ("Hartley Museum of
 * Art" (address "116 Rue Montorgueil"), ""迷失之城" (release date "11月9日", category "…")), or a search's bookkeeping (organic id, snippet, pub info, an
 * opaque id like "0juNTSgAAAAJ") the request did not ask for.
 */
export function recordDump(turn: Pick<AnsweredTurn, 'answer' | 'request'>): string | undefined {
  const a = turn.answer;
  const reply = /\bThe reply list(?:s|ed) (?:\d|an? |just )/.exec(a);
  if (reply) return `"${reply[0]}…"`;
  const label = /\b[A-Z][a-z]+(?: [a-z]+){0,2} (?:information|info|details|data): [a-z][a-z ]{1,30} "/.exec(a);
  if (label) return `"${label[0]}…"`;
  const bracket = /"[^"]{1,120}" \((?:[a-z]+ ){0,2}[a-z]+ "[^"]*"[,;)]/.exec(a);
  if (bracket) return `"${bracket[0]}"`;
  // A list told by how many "items" it has ("The route has 49 items, the first three being …"): the things go unnamed.
  const items = /\b(?:has|have|had|lists?|listed|holds?|held|gave|gives) (?:\d+|two|three|four|five|six|seven|eight|nine|ten|many) items\b/.exec(a);
  if (items) return `"${items[0]}…"`;
  // A label and a colon before a counted list ("Now playing: 2 films: "A" and "B". Coming soon: …").
  const labelled = /(?:^|[.!?] )[A-Z][^.:;"!?]{0,30}: (?:\d+|no|one|two|three|four|five|six|seven|eight|nine|ten) [a-z]+(?::|, among them) /.exec(a);
  if (labelled) return `"${labelled[0].replace(/^[.!?] /, '')}…"`;
  // A counted list that swallows the record's other fields ("I found 2 genres: "Drama" and "Crime", release date 14 March 1972, runtime 175 minutes").
  // An item's own facts said after its name ("2 films: "The Godfather", released 14 March 1972, rated 8.7; …", answer-writer-47) belong to it,
  // as does its text said by its opening (""Paper A", whose summary opens "…"", answer-writer-56).
  const swallowed = /\b(?:\d+|two|three|four|five|six|seven|eight|nine|ten) [a-z]+: (?:"[^"]*"(?:, | and ))*"[^"]*", (?!with |whose |among |and |at |or |released |published |rated |listed |on |by |located |marked |mentioning |summed up )(?:[a-z]+ ){1,3}(?:"|\d)/.exec(a);
  if (swallowed) return `"${swallowed[0]}…"`;
  if (!ASKS_INTERNAL.test(turn.request)) {
    const internal = INTERNAL_FIELD.exec(a) ?? OPAQUE_ID.exec(a);
    if (internal) return `"${internal[0]}…" not asked for`;
  }
  return undefined;
}

export const answerRecordDump: CaseMeasure = {
  kind: 'case',
  id: 'answer_record_dump',
  group: 'text',
  title: 'closing answer reads a record out as its fields: "The reply lists 5 places: …", a list counted as items ("The route has 49 items, the first three being …"), a label and a colon before a counted list ("Now playing: 2 films: …"), a counted list swallowing the record\'s other fields ("I found 2 genres: "Drama" and "Crime", release date 14 March 1972, runtime 175 minutes"), "Author information: name "John Smith", affiliation …", a label and quoted value in brackets ("Hartley Museum of Art" (address "116 Rue Montorgueil"), ""迷失之城" (release date "11月9日", …)), or a search\'s organic id, snippet, pub info or an opaque id ("0juNTSgAAAAJ") the user did not ask for',
  population: 'cases that show or ask for a closing answer',
  check(tc) {
    const turns = answeredTurns(tc);
    if (turns.length === 0) return undefined;
    for (const t of turns) {
      const hit = recordDump(t);
      if (hit) return hit.length > 160 ? `${hit.slice(0, 160)}…` : hit;
    }
    return null;
  },
};

const MONTH = '(?:January|February|March|April|May|June|July|August|September|October|November|December)';
/** Words that are no field's label when a value follows them: verbs, prepositions, articles ("rated 8.7", "at 52 Vermont Avenue"). */
// A route's steps are imperatives with distances and house numbers ("depart 123 Main Street", "after 0.6 km in town",
// "drive the last 0.6 km", teval_query_262_1-env-k3): directions, never fields.
const NOT_LABEL = /^(?:is|are|was|were|has|have|had|at|of|in|on|for|to|by|with|from|about|than|and|or|the|a|an|it|that|this|which|i|you|we|they|its|their|be|as|among|between|under|over|costs?|comes?|rated|opens?|reads?|after|before|within|depart|drive|continue|take|turn|head|last|next)$/;

/** Nouns in -ing that label a value ("rating 10", "listing 3"), unlike a verb's -ing ("adding "NVDA""). */
const NOUN_ING = /^(?:rating|listing|building|setting|heading|pricing|ranking|seating|parking|opening|closing|meeting|booking|string|thing|morning|evening|ceiling|spelling|reading|warning)$/;

/**
 * The label-value pairs a sentence lists: "the X is Y", and a label of a few lowercase words straight
 * before a quoted value or a number ("booking id "3426812"", "travel date 25 November 2026", "runtime
 * 175 minutes"). Quotes, dates and numbers are masked first; a label is no verb, participle or preposition.
 */
export function labelValuePairs(sentence: string): string[] {
  let s = sentence
    .replace(/"(?:[^"\\]|\\.)*"/g, 'Q')
    .replace(/`[^`]*`/g, 'C')
    .replace(new RegExp(`\\b\\d{1,2} ${MONTH} \\d{4}\\b|${MONTH} \\d{1,2}, \\d{4}`, 'g'), 'N')
    .replace(/-?\d+(?:[.,:/-]\d+)*(?: ?%)?/g, 'N');
  const out: string[] = [];
  s = s.replace(/\bthe [a-z]+(?: [a-z]+){0,3} (?:is|are|was|were|reads|read) (?:Q|N|[A-Za-z]+(?=[,;.)]| and ))/g, (m) => (out.push(m), ' '));
  for (const m of s.matchAll(/(?:^|, |; | and |\(|: )([a-z]+(?: [a-z]+){0,3}) (?:Q|N)/g)) {
    const words = m[1].split(' ');
    if (NOT_LABEL.test(words[words.length - 1]) || NOT_LABEL.test(words[0]) || words.some((w) => /ed$/.test(w) || (/ing$/.test(w) && !NOUN_ING.test(w)))) continue;
    out.push(m[0].replace(/^(?:, |; | and |\(|: )/, ''));
  }
  return out;
}

/** The sentences of an answer, quoted values kept whole. */
function quotedSentences(answer: string): string[] {
  const masked = answer.replace(/"(?:[^"\\]|\\.)*"/g, (q) => q.replace(/[.!?](?=\s)/g, '\u0001'));
  return masked.split(/(?<=[.!?])\s+(?=[A-Z"`(])/).map((t) => t.replace(/\u0001/g, '.'));
}

/**
 * A sentence of a closing answer that lists label-value pairs under three or more different labels: a
 * record read out as its fields. A list that gives each item one labelled value ("… (cited by 5; snippet
 * "…"), …") repeats one label and is a list, not a record's fields.
 */
export function labelRun(answer: string): string | undefined {
  for (const s of quotedSentences(answer)) {
    const pairs = labelValuePairs(s);
    const labels = new Set(pairs.map((p) => p.replace(/^the /, '').replace(/ (?:is|are|was|were|reads|read) .*$| (?:Q|N)$/, '')));
    if (labels.size >= 3) return `${pairs.length} pairs (${pairs.slice(0, 4).join(' | ')}) in "${s.length > 120 ? `${s.slice(0, 120)}…` : s}"`;
  }
  return undefined;
}

export const answerLabelRun: CaseMeasure = {
  kind: 'case',
  id: 'answer_label_run',
  group: 'text',
  title: 'closing answer lists three or more "label value" pairs in one sentence instead of saying the facts ("The invoice has booking id "3426812", travel date 25 November 2026, travel from "SFO", …", "For AAPL: address "ONE APPLE PARK WAY, …", homepage url "…", …", "user "Maya Garcia", rating 10 and content "…"")',
  population: 'cases that show or ask for a closing answer',
  check(tc) {
    const turns = answeredTurns(tc);
    if (turns.length === 0) return undefined;
    for (const t of turns) {
      const hit = labelRun(t.answer);
      if (hit) return hit;
    }
    return null;
  },
};

const ORDINALS: Record<string, number> = { first: 0, second: 1, third: 2, fourth: 3, fifth: 4, last: -1 };

/**
 * An "I can't tell (from this) whether X" where a shown result decides X: X asks whether something is
 * empty, free or available (or whether there is any), and a successful look-up named for such things
 * (get_empty_room_with_time, check_availability) gave a list: the things it lists are so, and an
 * ordinal in X ("the second available meeting room") picks one of them, when the list is that long.
 */
export function checkUndecided(turn: Pick<AnsweredTurn, 'answer' | 'calls'>): string | undefined {
  const m = /\bI can(?:'|no)t tell(?: from this)? whether ([^.?]+)[.?]/.exec(turn.answer);
  if (!m) return undefined;
  const x = m[1];
  const state = /\b(empty|free|available|vacant|open|unoccupied)\b/i.exec(x)?.[1]?.toLowerCase();
  const any = /\bthere (?:is|are) any\b/i.test(x);
  if (!state && !any) return undefined;
  const ordinal = /\b(first|second|third|fourth|fifth|last)\b/i.exec(x)?.[1]?.toLowerCase();
  for (const c of turn.calls) {
    if (!c.response) continue;
    const v = parseToolResponse(c.response);
    const lists = Array.isArray(v) ? [v] : isPlainObject(v) ? Object.values(v).filter(Array.isArray) : [];
    if (lists.length !== 1) continue;
    const list = lists[0];
    const named = /empty|free|availab|vacan|open/i.test(apiOf(c.name));
    if (any && named) return `${apiOf(c.name)} listed ${list.length} for "${x}"`;
    if (!state || !named || list.length === 0) continue;
    if (!ordinal) return `${apiOf(c.name)} listed ${list.length} ${state} ones for "${x}"`;
    const i = ORDINALS[ordinal];
    if (i < list.length) return `${apiOf(c.name)} listed ${list.length}; the ${ordinal} is ${JSON.stringify(list.at(i))} for "${x}"`;
  }
  return undefined;
}

export const answerCheckUndecided: CaseMeasure = {
  kind: 'case',
  id: 'answer_check_undecided',
  group: 'text',
  title: 'closing answer says it cannot tell whether something is empty, free or available (or whether there is any) where a shown look-up named for such things listed them ("I can\'t tell from this whether the second available meeting room is empty" after get_empty_room_with_time listed [67977, 78304, 63790])',
  population: 'cases that show or ask for a closing answer',
  check(tc) {
    const turns = answeredTurns(tc);
    if (turns.length === 0) return undefined;
    for (const t of turns) {
      const hit = checkUndecided(t);
      if (hit) return hit;
    }
    return null;
  },
};

/** An answer's first sentence, quotes kept whole. */
export function firstSentence(answer: string): string {
  const masked = answer.replace(/"(?:[^"\\]|\\.)*"/g, (q) => '\u0000'.repeat(q.length));
  const end = /[.!?](?=\s|$)/.exec(masked);
  return (end ? answer.slice(0, end.index + 1) : answer).trim();
}

/**
 * Failure answers opening with one canned sentence ("I got part of the way." opened 28 T-Eval
 * answers): the share of distinct closing answers of turns in which a call failed whose first sentence
 * is the most common one, word for word.
 */
export const answerOpenerTopShare: SetMeasure = {
  kind: 'set',
  id: 'answer_opener_top_share',
  group: 'text',
  title: 'closing answers reporting a failed call: share of distinct ones opening with the most common first sentence, word for word ("I got part of the way.")',
  population: 'distinct closing answers of turns in which a call failed',
  better: 'lower',
  minGateN: 50,
  score(cases: TestCase[]) {
    const distinct = new Map<string, string>();
    for (const tc of cases) for (const { answer } of failureAnswers(tc)) if (!distinct.has(answer)) distinct.set(answer, tc.id);
    if (distinct.size === 0) return undefined;
    const counts = new Map<string, { n: number; id: string }>();
    for (const [text, id] of distinct) {
      const first = firstSentence(text);
      const e = counts.get(first) ?? { n: 0, id };
      e.n++;
      counts.set(first, e);
    }
    const top = [...counts.entries()].sort((a, b) => b[1].n - a[1].n).slice(0, 3);
    return { value: top[0][1].n / distinct.size, n: distinct.size, detail: `most common: "${top[0][0].slice(0, 80)}" (${top[0][1].n})`, examples: top.map(([f, e]) => ({ id: e.id, detail: `${e.n}× "${f.slice(0, 80)}"` })) };
  },
};

/** A present-tense claim about the current directory ("The current directory holds "tmp".", "the current working directory is …"). */
const PRESENT_DIRECTORY = /\bthe current (?:directory (?:holds|is empty)|working directory is)\b/gi;

/**
 * A state read told as the present after the change it preceded: "I have moved into "documents". I
 * found that the current directory holds "documents"." where the listing ran before the move, or two
 * present claims about the current directory across a move ("The current directory holds "tmp". … the
 * current directory holds "file1.txt""). A turn with a move may say the current directory's content
 * only as often as a listing (ls, pwd) ran after its last move.
 */
export function stateToldAfterChange(turn: Pick<AnsweredTurn, 'answer' | 'calls'>): string | undefined {
  const names = turn.calls.map((c) => apiOf(c.name));
  const lastMove = names.map((n, i) => (n === 'cd' && !isErrorResponse({ content: turn.calls[i].response }) ? i : -1)).reduce((a, b) => Math.max(a, b), -1);
  if (lastMove < 0) return undefined;
  const readsAfter = names.filter((n, i) => i > lastMove && (n === 'ls' || n === 'pwd')).length;
  const claims = turn.answer.match(PRESENT_DIRECTORY) ?? [];
  if (claims.length <= readsAfter) return undefined;
  return `${claims.length} present claim(s) about the current directory ("${claims[0]}") but ${readsAfter} listing(s) after the move`;
}

export const answerStateToldAfterChange: CaseMeasure = {
  kind: 'case',
  id: 'answer_state_told_after_change',
  group: 'text',
  title: 'closing answer tells a state read as the present after the change it preceded ("I have moved into "documents". I found that the current directory holds "documents"." where ls ran before cd)',
  population: 'cases that show or ask for a closing answer',
  check(tc) {
    const turns = answeredTurns(tc);
    if (turns.length === 0) return undefined;
    for (const t of turns) {
      const hit = stateToldAfterChange(t);
      if (hit) return `${hit} in "${t.answer.slice(0, 100)}"`;
    }
    return null;
  },
};

/** The named partial-failure openers read back: each form with its two lists as lazy groups, followed by the answer's next sentence. */
const OPENER_FORMS = NAMED_PARTIAL_OPENERS.map((form) => new RegExp(`^${escapeRegExp(form('\u0000', '\u0001')).replace('\u0000', '(.+?)').replace('\u0001', '(.+?)')} `));

/** The tasks a partial-failure opener names as done and as not done (one of the writer's NAMED_PARTIAL_OPENERS). */
export function openerTasks(answer: string): { done: string[]; undone: string[] } | undefined {
  const m = OPENER_FORMS.map((r) => r.exec(answer)).find((x) => x !== null);
  if (!m) return undefined;
  const split = (t: string) => t.split(/, | and /).map((x) => x.trim().toLowerCase()).filter(Boolean);
  return { done: split(m[1]), undone: split(m[2]) };
}

/**
 * A partial-failure opener that names one task as both done and not done: "I took care of getting
 * the top-rated movies and searching Google Scholar, but not searching Google Scholar." (two Scholar
 * searches, one failed): a reader cannot tell what happened.
 */
export const answerOpenerContradicts: CaseMeasure = {
  kind: 'case',
  id: 'answer_opener_contradicts',
  group: 'text',
  title: 'closing answer opens by naming one task as both done and not done ("I took care of … searching Google Scholar, but not searching Google Scholar.")',
  population: 'cases that show or ask for a closing answer',
  check(tc) {
    const turns = answeredTurns(tc);
    if (turns.length === 0) return undefined;
    for (const t of turns) {
      const told = openerTasks(t.answer);
      const both = told?.undone.find((u) => told.done.includes(u));
      if (both) return `"${both}" told as done and as not done: "${t.answer.slice(0, 140)}…"`;
    }
    return null;
  },
};

/** The plain values a response or an argument list holds, as text (3 characters or more: a short value could be anywhere). */
function valuesOf(v: unknown): string[] {
  if (typeof v === 'string' || typeof v === 'number') return String(v).length >= 3 ? [String(v)] : [];
  if (Array.isArray(v)) return v.flatMap(valuesOf);
  if (isPlainObject(v)) return Object.values(v).flatMap(valuesOf);
  return [];
}

/**
 * A look-up told between two later calls that both took what it found: "A search for "school" found 4
 * places … For "500 Ocean Avenue", the latitude is 40.703573 … A search for "supermarket" found 3
 * places …" — the coordinates both searches used, told as if found after the first. Positions are
 * where the answer first quotes the look-up's first finding and each user's own arguments.
 */
export function lookupToldBetween(turn: Pick<AnsweredTurn, 'answer' | 'calls'>): string | undefined {
  for (const [i, c] of turn.calls.entries()) {
    if (isErrorResponse({ content: c.response })) continue;
    let found: string[];
    try {
      found = valuesOf(parseToolResponse(c.response));
    } catch {
      continue;
    }
    if (found.length === 0) continue;
    const users = turn.calls.filter((d, k) => k > i && found.every((v) => valuesOf(d.args).includes(v)));
    if (users.length < 2) continue;
    const at = turn.answer.indexOf(found[0]);
    if (at < 0) continue;
    const own = users.map((d) => Math.min(Infinity, ...valuesOf(d.args).filter((v) => !found.includes(v)).map((v) => turn.answer.indexOf(v)).filter((p) => p >= 0)));
    if (own[0] < at && at < own[own.length - 1] && own[own.length - 1] !== Infinity) return `${c.name}'s "${found[0]}" told between two calls that took it (${users.map((d) => d.name).join(', ')})`;
  }
  return undefined;
}

export const answerLookupToldBetween: CaseMeasure = {
  kind: 'case',
  id: 'answer_lookup_told_between',
  group: 'text',
  title: 'closing answer tells a look-up between two later calls that both took its findings ("A search for "school" found … For "500 Ocean Avenue", the latitude is … A search for "supermarket" found …")',
  population: 'cases that show or ask for a closing answer',
  check(tc) {
    const turns = answeredTurns(tc);
    if (turns.length === 0) return undefined;
    for (const t of turns) {
      const hit = lookupToldBetween(t);
      if (hit) return `${hit} in "${t.answer.slice(0, 120)}…"`;
    }
    return null;
  },
};

/** A run of three or more names after "by" joined by commas alone ("by Yingbo Li, Anamaria-Beatrice Spulber, Yucong Duan"): a record's author field pasted, not said as a list. */
export function authorsUnjoined(answer: string): string | undefined {
  const name = /^[A-Z][\w.'-]*(?: [A-Z][\w.'-]*)+$/;
  for (const m of answer.matchAll(/\bby ([^(;:"]+?)(?= \(|[.;:](?:\s|$)|$)/g)) {
    const items = m[1].split(/, /);
    // "…, Thippa Reddy Gadekallu and Madhusanka Liyanage": an English list's last item carries its "and".
    if (items.length >= 3 && items.every((n) => name.test(n))) return m[0];
  }
  return undefined;
}

export const answerAuthorsUnjoined: CaseMeasure = {
  kind: 'case',
  id: 'answer_authors_unjoined',
  group: 'text',
  title: 'closing answer names a paper\'s authors as its record lists them, by commas alone ("by Yingbo Li, Anamaria-Beatrice Spulber, Yucong Duan"), not as an English list ("…, Anamaria-Beatrice Spulber and Yucong Duan")',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, (t) => {
    const hit = authorsUnjoined(t.answer);
    return hit ? `"${hit}"` : undefined;
  }),
};

/**
 * A nearby search named by its term in one sentence and its finding opening on the same term in the next: "Getting the
 * coordinates, searching for "research facilities" nearby and searching Google Scholar worked, but …. Searching for
 * "research facilities" near "Manaus, Brazil" turned up 3 places: …" (teval_query_30_1-env-k4), where "The search near
 * "Manaus, Brazil" turned up …" says it once.
 */
export function searchTermTwice(answer: string): string | undefined {
  const sentences = answerSentences(answer);
  for (let i = 1; i < sentences.length; i++) {
    const term = /\bsearching for ("(?:[^"\\]|\\.)*") nearby\b/i.exec(sentences[i - 1])?.[1];
    if (term && new RegExp(`^(?:Searching for|A search for|The search for|I searched for) ${escapeRegExp(term)}`).test(sentences[i])) return `${term} named again: "${sentences[i].slice(0, 70)}"`;
  }
  return undefined;
}

export const answerSearchTermTwice: CaseMeasure = {
  kind: 'case',
  id: 'answer_search_term_twice',
  group: 'text',
  title: 'closing answer names a nearby search by its term and opens the next sentence on the same term ("… searching for "research facilities" nearby … worked, but …. Searching for "research facilities" near "Manaus, Brazil" turned up 3 places"), where "The search near … turned up" says it once',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, (t) => searchTermTwice(t.answer)),
};

/**
 * Two sentences in a row in one frame, only their names and values apart: "The nearest airport to Rivermist is RMS. The
 * nearest airport to Stonebrook is SBK." (bfcl_multi_turn_base_192), "The zipcode of San Francisco is 94016. The zipcode
 * of Rivermist is 83214." (63): a form filled twice, where a person joins them.
 */
export function frameTwiceInRow(answer: string): string | undefined {
  const shape = (t: string) => t.replace(QUOTED_TEXT, 'Q').replace(/\b[A-Z][A-Za-z]*(?: [A-Z][A-Za-z]*)*\b/g, 'N').replace(/-?\d[\d.,:]*/g, 'D');
  const sentences = answerSentences(answer);
  for (let i = 1; i < sentences.length; i++) {
    const [a, b] = [sentences[i - 1], sentences[i]];
    if (a.length > 20 && a !== b && shape(a) === shape(b)) return `"${a.slice(0, 60)}" then "${b.slice(0, 60)}"`;
  }
  return undefined;
}

export const answerFrameTwiceInRow: CaseMeasure = {
  kind: 'case',
  id: 'answer_frame_twice_in_row',
  group: 'text',
  title: 'closing answer says two sentences in a row in one frame, only their names and values apart ("The nearest airport to Rivermist is RMS. The nearest airport to Stonebrook is SBK."), where a person joins them',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, (t) => frameTwiceInRow(t.answer)),
};

/**
 * A purchase told after a "No" on a budget as if it followed from the check: "No, the first-class flight … costs 10000 USD,
 * which is not under the budget limit of 1428.57 USD. … Next, I booked the flight; …" (bfcl_multi_turn_base_171). The
 * booking went ahead although the check failed; an honest answer says it was made all the same.
 */
export function deedAgainstVerdict(answer: string): string | undefined {
  if (!/^No, [^.]*\bnot (?:under|below|within|less than|at most|no more than)\b/.test(answer)) return undefined;
  const deed = answerSentences(answer).find((s) => /\bI (?:have )?(?:booked|placed|purchased|bought)\b|\bis (?:booked|placed|purchased) as\b/.test(s) && !/\b(?:anyway|all the same|regardless|still)\b/.test(s));
  return deed ? `"${deed.slice(0, 80)}" after a "No" on the budget` : undefined;
}

export const answerDeedAgainstVerdict: CaseMeasure = {
  kind: 'case',
  id: 'answer_deed_against_verdict',
  group: 'text',
  title: 'closing answer tells a purchase made after its "No" on a budget as if it followed from the check ("No, … which is not under the budget limit of 1428.57 USD. … Next, I booked the flight"), not as made all the same',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, (t) => deedAgainstVerdict(t.answer)),
};

/**
 * A record named by an id the answer never gave, after the answer listed the records by their names: "In Los Angeles, I
 * found 3 properties: "Charming house in Los Angeles", …. For property 28722771, I found 3 reviews: …"
 * (teval_query_116_1-env-k4). Which of the three is 28722771 only the raw call says; the answer names it as it listed it.
 */
export function recordByUnshownId(answer: string): string | undefined {
  for (const m of answer.matchAll(/\b(property|movie|film) (\d{4,})\b/g)) {
    const before = answer.slice(0, m.index);
    if (before.includes(m[2])) continue;
    if (/\b(?:properties|films|movies)\b[^.]*: "/.test(before)) return `"${m[0]}" after a listing that named its records without ids`;
  }
  return undefined;
}

export const answerRecordByUnshownId: CaseMeasure = {
  kind: 'case',
  id: 'answer_record_by_unshown_id',
  group: 'text',
  title: 'closing answer names a record by an id it never gave, after listing the records by name ("… 3 properties: "Charming house in Los Angeles", …. For property 28722771, I found 3 reviews"), not by the name it listed',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, (t) => recordByUnshownId(t.answer)),
};

/**
 * A listing told after a sentence that already named what it lists: ""dev_summary.txt" has one line. The current directory
 * holds "dev_summary.txt"." (bfcl_multi_turn_base_37-env-k5). The listing is what found the file; told after, it names
 * again what the answer has just named, backwards.
 */
export function listingAfterUse(answer: string): string | undefined {
  const sentences = answerSentences(answer);
  for (const [i, s] of sentences.entries()) {
    const m = /\b(?:holds|held|contains) ((?:"(?:[^"\\]|\\.)*"(?:, | and )?)+)\.$/.exec(s);
    if (!m || i === 0) continue;
    const listed = m[1].match(QUOTED_TEXT) ?? [];
    if (listed.length && listed.every((q) => sentences.slice(0, i).some((t) => t.includes(q)))) return `"${s.slice(0, 80)}" after ${listed.join(', ')} was named`;
  }
  return undefined;
}

export const answerListingAfterUse: CaseMeasure = {
  kind: 'case',
  id: 'answer_listing_after_use',
  group: 'text',
  title: 'closing answer tells a listing after sentences that already named all it lists (""dev_summary.txt" has one line. The current directory holds "dev_summary.txt"."), the finding before what found it',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, (t) => listingAfterUse(t.answer)),
};

/**
 * A state told again after each of a run of deeds, each time whole: "I have added AAPL to the watchlist: the watchlist
 * has NVDA and AAPL. After that, I added GOOG to the watchlist: the watchlist has NVDA, AAPL and GOOG."
 * (bfcl_multi_turn_base_105-env-k6). The second telling holds all the first did: a person tells the deeds, then the
 * state as they left it, once.
 */
export function stateToldEachStep(answer: string): string | undefined {
  const told = [...answer.matchAll(/\bthe ([a-z][a-z ]*?) (?:now )?(?:has|have|holds|is|are) ([^.;:?]+)/gi)].map((m) => ({ noun: m[1].toLowerCase(), items: m[2].split(/, | and /).map((x) => x.trim()).filter(Boolean), at: m[0] }));
  for (const [i, a] of told.entries()) {
    const b = told.slice(i + 1).find((x) => x.noun === a.noun && x.items.length > a.items.length && a.items.every((it) => x.items.includes(it)));
    if (b) return `"${a.at}" then "${b.at}"`;
  }
  return undefined;
}

export const answerStateToldEachStep: CaseMeasure = {
  kind: 'case',
  id: 'answer_state_told_each_step',
  group: 'text',
  title: 'closing answer tells a state again after each of a run of deeds, each time whole ("I have added AAPL to the watchlist: the watchlist has NVDA and AAPL. After that, I added GOOG to the watchlist: the watchlist has NVDA, AAPL and GOOG."), not the deeds once and the state as they left it',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, (t) => stateToldEachStep(t.answer)),
};

/** A turn's defect as the words `find` found in its answer, with the answer's opening for context. */
const hitWithOpening = (find: (answer: string) => string | undefined) => (t: AnsweredTurn): string | undefined => {
  const hit = find(t.answer);
  return hit ? `"${hit}": "${t.answer.slice(0, 120)}…"` : undefined;
};

/**
 * A record said under a label instead of of its name: "For AAPL: Apple Inc. is at One Apple Park Way, …" (teval_query_352_0),
 * "Ticker detail: "Apple Inc." is at …" (teval_query_335_0-env-k4), or its long text said in the middle of its fields
 * (", described in a longer text opening "Apple designs …", listed on 12 December 1980 and …"). A person names the
 * company and says where it is and when it listed, then what its description says.
 */
export function recordLabelFrame(answer: string): string | undefined {
  const plain = answer.replace(QUOTED_TEXT, '""');
  return /(?:^|[.!?] )(?:For [^,:.]{1,40}|[A-Z][a-z]+(?: [a-z]+)? details?): /.exec(plain)?.[0].trim() ?? /, described in a longer text opening "", [a-z]/.exec(plain)?.[0];
}

export const answerRecordLabelFrame: CaseMeasure = {
  kind: 'case',
  id: 'answer_record_label_frame',
  group: 'text',
  title: 'closing answer says a record under a label ("For AAPL: Apple Inc. is at …", "Ticker detail: "Apple Inc." is at …") or its long text in the middle of its fields (", described in a longer text opening "…", listed on …"), not of its name with its text after it',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, hitWithOpening(recordLabelFrame)),
};

/**
 * A nearby search told as "searching nearby" with nothing of what it searched for: "Without it I can't go on to search
 * nearby." (teval_query_297_0-env-k1, movie theaters within 5 km), "Getting the coordinates and searching nearby worked"
 * (teval_query_285_1-env-k4). Nearby what, for what? The search is the user's, and the answer says it as they asked.
 */
export function searchToldBare(answer: string): string | undefined {
  return /\bsearch(?:ing|ed)? nearby\b/i.exec(answer.replace(QUOTED_TEXT, '""'))?.[0];
}

export const answerSearchToldBare: CaseMeasure = {
  kind: 'case',
  id: 'answer_search_told_bare',
  group: 'text',
  title: 'closing answer tells a nearby search, done, failed or still to do, as "searching nearby" with nothing of what it searched for ("Without it I can\'t go on to search nearby." for movie theaters within 5 km)',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, hitWithOpening(searchToldBare)),
};

/**
 * A nearby search's finds counted with nothing saying what was searched for: "There are 5 places, among
 * them "Getty", "Shell" and "Valero"." for search_nearby(search_term="gas station") (teval_query_277_0-control-k4).
 * The places are gas stations only because the call asked for them; the answer must say so.
 */
export function searchTermUnsaid(t: AnsweredTurn): string | undefined {
  for (const c of t.calls) {
    if (!/search_nearby/i.test(c.name) || !c.args || typeof c.args !== 'object' || isErrorResponse({ content: c.response })) continue;
    const term = Object.entries(c.args as Record<string, unknown>).find(([k, v]) => /^(?:search_?term|keywords?|query|q|types?)$/i.test(k) && typeof v === 'string' && v.trim())?.[1] as string | undefined;
    if (!term) continue;
    const stem = (w: string) => w.toLowerCase().replace(/(?:ies|es|s)$/, '');
    const words = term.split(/[\s,]+/).filter((w) => w.length >= 3).map(stem);
    const said = new Set((t.answer.toLowerCase().match(/[\p{L}]+/gu) ?? []).map(stem));
    if (words.length && !words.some((w) => said.has(w)) && !t.answer.includes(term)) return `search_nearby(${JSON.stringify(term)}) answered without "${term}"`;
  }
  return undefined;
}

export const answerSearchTermUnsaid: CaseMeasure = {
  kind: 'case',
  id: 'answer_search_term_unsaid',
  group: 'text',
  title: 'closing answer counts a nearby search\'s finds with nothing saying what was searched for ("There are 5 places, among them "Getty", "Shell" and "Valero"." for gas stations)',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, (t) => {
    const hit = searchTermUnsaid(t);
    return hit ? `${hit}: "${t.answer.slice(0, 100)}…"` : undefined;
  }),
};

/** Two sentences in a row opening with the same six words or more ("The business-class flight from SFO to LAX on 10 November 2026 costs 400 USD. The business-class flight from SFO to LAX on 10 November 2026 is booked …"). */
export function subjectRepeated(answer: string): string | undefined {
  const sentences = answer.split(/(?<=[.!?])\s+(?=[A-Z])/);
  for (let i = 1; i < sentences.length; i++) {
    const a = sentences[i - 1].split(' ');
    const b = sentences[i].split(' ');
    let n = 0;
    while (n < a.length && n < b.length && a[n] === b[n]) n++;
    if (n >= 6) return `"${b.slice(0, n).join(' ')}" opens two sentences in a row`;
  }
  return undefined;
}

export const answerSubjectRepeated: CaseMeasure = {
  kind: 'case',
  id: 'answer_subject_repeated',
  group: 'text',
  title: 'closing answer opens two sentences in a row with the same six words or more ("The business-class flight from SFO to LAX on 10 November 2026 costs 400 USD. The business-class flight from SFO to LAX on 10 November 2026 is booked …")',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, (t) => subjectRepeated(t.answer)),
};

/** "The weather of Paris is sunny": a place's weather is in it, never of it. */
export function weatherOfPlace(answer: string): string | undefined {
  return /\b[Tt]he (?:weather|temperature) of (?:"[^"]+"|[A-Z][\w ,.'-]*?)(?= is\b| was\b)/.exec(answer)?.[0];
}

export const answerWeatherOfPlace: CaseMeasure = {
  kind: 'case',
  id: 'answer_weather_of_place',
  group: 'text',
  title: 'closing answer says a place\'s weather is "of" it ("The weather of Paris is sunny, at 11 °C.", teval_query_54_0) instead of "in" it',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, (t) => weatherOfPlace(t.answer)),
};

/**
 * A closing answer that tells a value after a sentence already used it: ""Zeta Corp" trades under the
 * symbol ZETA." after "ZETA is at 150.75, …", "The zipcode of Rivermist is "83214"." after a distance
 * from 83214: the reader meets the value before learning what it is. The telling, or undefined.
 */
export function toldAfterUse(answer: string): string | undefined {
  const tells = /(?:\btrades under the symbol|\b[Tt]he (?:stock )?symbol (?:of|for) [^.;]+? is|\b[Tt]he zip ?code (?:of|for) [^.;]+? is) "?([A-Z0-9][A-Za-z0-9_-]*)"?/g;
  for (const m of answer.matchAll(tells)) {
    const before = answer.slice(0, m.index).split(/(?<=[.;])\s+/).slice(0, -1).join(' ');
    if (before && new RegExp(`(?<![\\w-])${escapeRegExp(m[1])}(?![\\w-])`).test(before)) return `"${m[0]}" after "${before.slice(0, 70)}"`;
  }
  return undefined;
}

export const answerToldAfterUse: CaseMeasure = {
  kind: 'case',
  id: 'answer_told_after_use',
  group: 'text',
  title: 'closing answer tells a looked-up value after a sentence already used it (""Zeta Corp" trades under the symbol ZETA." after "ZETA is at 150.75, …", bfcl_multi_turn_base_107): what it is comes first',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, (t) => toldAfterUse(t.answer)),
};

/** Deeds a partial-failure opener may name as done, with how the answer tells each ("sending" -> "sent"). */
const DEED_PAST: Record<string, string> = { sending: 'sent', booking: 'booked', reserving: 'reserved', creating: 'created', posting: 'posted', placing: 'placed', cancelling: 'cancelled', canceling: 'canceled', writing: 'wrote', moving: 'moved', copying: 'copied', deleting: 'deleted', adding: 'added', setting: 'set', locking: 'locked', starting: 'started', registering: 'registered', purchasing: 'purchased', submitting: 'submitted', commenting: 'commented', following: 'followed', updating: 'updated', saving: 'saved', renaming: 'renamed', removing: 'removed', filling: 'filled', transferring: 'transferred', contacting: 'contacted', paying: 'paid', making: 'made', signing: 'signed', logging: 'logged', changing: 'changed', closing: 'closed', resolving: 'resolved', sorting: 'sorted' };

/**
 * A partial-failure answer naming a deed done in its opener and telling it again after the failure
 * ("Searching arXiv and sending the email to smith@example.com went through, but … I sent the email to
 * smith@example.com."): the deed said twice. The deed, or undefined.
 */
export function doneSaidTwice(answer: string): string | undefined {
  // The named opener as written, or run into the failure's own sentence ("… went through, but when I tried to …").
  const opener = /^([A-Z](?:[^.;]|\.(?! ))*?) (?:went through|got done|worked|came through)(?:,? but\b|;)[^]*?[.!?](?= [A-Z"]|$)/.exec(answer);
  const done = namedOpenerParts(answer)?.done ?? opener?.[1];
  if (!done || !opener) return undefined;
  const rest = answer.slice(opener[0].length).trimStart();
  for (const [, gerund] of done.matchAll(/\b([a-z]+ing)\b/gi)) {
    const past = DEED_PAST[gerund.toLowerCase()];
    if (past && new RegExp(`(?:^|[.;!?] )(?:[A-Z][a-z]+(?: [a-z]+)?, )?I (?:have |then |also )?${past}\\b`).test(rest)) return `"${gerund}" in "${done.slice(0, 60)}" and again "I ${past} …"`;
  }
  return undefined;
}

export const answerDoneSaidTwice: CaseMeasure = {
  kind: 'case',
  id: 'answer_done_said_twice',
  group: 'text',
  title: 'closing answer names a deed as done in its partial-failure opener and tells it again after the failure ("Searching arXiv and sending the email to smith@example.com went through, but … I sent the email to smith@example.com.", teval_query_199_1-env-k3)',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, (t) => doneSaidTwice(t.answer)),
};

/**
 * A closing answer that tells where the nearest place a look-up found is by the answer's key ("The shop location is
 * "456 Oakwood Avenue, …"" for find_nearest_tire_shop) and never says it is the nearest one the user asked for. The
 * place unsaid, or undefined.
 */
export function nearestUnsaid(turn: AnsweredTurn): string | undefined {
  for (const c of turn.calls) {
    const place = nearestPlaceOf(apiOf(c.name));
    const v = parseToolResponse(c.response);
    if (!place || !isPlainObject(v) || isErrorResponse({ content: c.response })) continue;
    const [key, value] = Object.entries(v)[0] ?? [];
    if (Object.keys(v).length !== 1 || !/(?:location|address)$/i.test(key ?? '') || typeof value !== 'string') continue;
    // Told by the key ("The shop location is …"), not as the place the user asked for; a navigation set to the address is another deed.
    const byKey = new RegExp(`\\b(?:the )?${escapeRegExp(keyAsWords(key).toLowerCase())} (?:is|was)\\b`, 'i').exec(turn.answer);
    if (byKey && !new RegExp(`\\bnearest ${escapeRegExp(place)}\\b`, 'i').test(turn.answer)) return `"${byKey[0]} …" without "the nearest ${place}"`;
  }
  return undefined;
}

export const answerNearestUnsaid: CaseMeasure = {
  kind: 'case',
  id: 'answer_nearest_unsaid',
  group: 'text',
  title: 'closing answer tells where the nearest place a look-up found is by the tool answer\'s key ("The shop location is "456 Oakwood Avenue, Rivermist, 83214"." for find_nearest_tire_shop), never saying it is the nearest tire shop the user asked for',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, nearestUnsaid),
};

/** A closing answer telling messages sent as filed "under" their receiver ("one under USR001 (…)") where the call says they were sent to it. */
export function sentToldUnder(turn: AnsweredTurn): string | undefined {
  if (!turn.calls.some((c) => /_sent$/.test(apiOf(c.name)) && !isErrorResponse({ content: c.response }))) return undefined;
  return /\b(?:one|two|three|four|five|six|seven|eight|nine|ten|\d+|none) under [A-Z]+\d+\b/.exec(turn.answer)?.[0];
}

export const answerSentToldUnder: CaseMeasure = {
  kind: 'case',
  id: 'answer_sent_told_under',
  group: 'text',
  title: 'closing answer tells messages the user sent as filed under their receivers ("There are 2 messages, one under USR001 (…) and one under USR003 (…)" for view_messages_sent) instead of sent to them',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, sentToldUnder),
};

/**
 * A closing answer quoting a stock by a symbol the turn looked up from the company's name ("QUAS is at 725.89, …"
 * after get_symbol_by_name("Quasar Ltd.")) that never says whose symbol it is: the user asked about Quasar Ltd.
 */
export function symbolUnexplained(turn: AnsweredTurn): string | undefined {
  for (const c of turn.calls) {
    if (apiOf(c.name) !== 'get_symbol_by_name' || !isPlainObject(c.args) || typeof c.args.name !== 'string') continue;
    const v = parseToolResponse(c.response);
    if (!isPlainObject(v) || typeof v.symbol !== 'string' || !v.symbol) continue;
    const quoted = new RegExp(`\\b${escapeRegExp(v.symbol)} is at\\b`).test(turn.answer);
    if (quoted && !turn.answer.toLowerCase().includes(c.args.name.trim().toLowerCase())) return `"${v.symbol} is at …" never says it is "${c.args.name.trim()}"`;
  }
  return undefined;
}

export const answerSymbolUnexplained: CaseMeasure = {
  kind: 'case',
  id: 'answer_symbol_unexplained',
  group: 'text',
  title: 'closing answer quotes a stock by a symbol the turn looked up from the company\'s name and never says whose symbol it is ("QUAS is at 725.89, down 0.03%, …" after get_symbol_by_name("Quasar Ltd."))',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, symbolUnexplained),
};

/**
 * A list told by a bare count ("I got back 3 films: …", "I came across 3 emails: …", "There are 5 films, among
 * them …") that never says which list it is: the films playing in China now or the ones coming soon, the
 * user's inbox, the reviews of which film, what a search looked for. The user asked for one of them; a
 * careful assistant says which ("Three films are playing in China now: …", "You have 3 emails in your
 * inbox: …", ""The Godfather" has 3 reviews: …"). A qualifier before the noun ("three popular films", "2
 * unread emails") or after it ("3 properties in Paris"), or a subject before the frame ("For property
 * 28722771, I found …"), says it.
 */
const BARE_LIST = /(?:^|(?<=[.!?;] ))(?:I got back|I came across|I found|There (?:are|is)) (?:\d+|no|one|two|three|four|five|six|seven|eight|nine|ten) (films?|movies?|emails?|reviews?|results?|papers?|articles?|news articles?|properties|property|places?)(?=:|, among them|\.)/;

export function listUnnamed(answer: string): string | undefined {
  return BARE_LIST.exec(answer)?.[0];
}

export const answerListUnnamed: CaseMeasure = {
  kind: 'case',
  id: 'answer_list_unnamed',
  group: 'text',
  title: 'closing answer tells a list by a bare count that never says which list it is ("I got back 3 films: …" for the films playing in China now, "I came across 3 emails: …" for the inbox, "There are 3 reviews: …")',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, (t) => listUnnamed(t.answer)),
};

/**
 * A sentence that only tells again what the answer already said: "Room 103 is the only one free from 14:00
 * to 16:00. I reserved room 103 from 14:00 to 16:00." (teval_query_66_2), a flight told booked at 400 USD
 * under booking 3426812 and then "The invoice is for the business-class trip from SFO to LAX on 25 November
 * 2026, 400 USD (booking 3426812, transaction 45451592)." (bfcl_multi_turn_base_175). Three or more numbers,
 * every one told before.
 */
export function factsRestated(answer: string): string | undefined {
  const sentences = answerSentences(answer);
  const at = restatedSentences(sentences)[0];
  return at === undefined ? undefined : sentences[at];
}

export const answerFactsRestated: CaseMeasure = {
  kind: 'case',
  id: 'answer_facts_restated',
  group: 'text',
  title: 'closing answer has a sentence that only tells again numbers it already told ("Room 103 is the only one free from 14:00 to 16:00. I reserved room 103 from 14:00 to 16:00.", an invoice restating the booking just told)',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, (t) => factsRestated(t.answer)),
};

/**
 * A film's genre, region or release day told in Douban's Chinese inside an English answer: ""红猪", with
 * release date 11月17日, category 喜剧 / 动画 / 冒险, region 日本 …" (teval_query_46_2, 448_0, 58_1). A careful
 * writer says it in the answer's language ("a comedy, animation and adventure film from Japan, out on 17
 * November"); titles and people's names, which are names, stay as written (and titles are quoted). So is
 * Douban's description, whose frame ("红猪是一部日本的喜剧、动画、冒险电影，由宫崎骏导演") was quoted whole.
 */
const FIELD_IN_CHINESE = /\b(?:release date|date|categor(?:y|ies)|genres?|region|country(?: of origin)?)\s+[^\s"]*[\u4e00-\u9fff]|\b\d{1,2}月\d{1,2}日/;

/** Douban's description quoted whole, its frame untranslated: "The description of "红猪" is "红猪是一部日本的喜剧、动画、冒险电影，由宫崎骏导演. …"". */
const DESCRIPTION_IN_CHINESE = /"[^"]{0,60}是一部[^"]{0,40}?(?:电影|电视剧|纪录片)/;

export function fieldUntranslated(answer: string): string | undefined {
  const hit = FIELD_IN_CHINESE.exec(answer.replace(QUOTED_TEXT, '""')) ?? DESCRIPTION_IN_CHINESE.exec(answer);
  return hit?.[0];
}

export const answerFieldUntranslated: CaseMeasure = {
  kind: 'case',
  id: 'answer_field_untranslated',
  group: 'text',
  title: 'closing answer tells a film\'s genre, region or release day in Douban\'s Chinese after an English label ("with release date 11月17日, category 喜剧 / 动画 / 冒险, region 日本"), or quotes Douban\'s description frame untranslated ("The description of "红猪" is "红猪是一部日本的喜剧、动画、冒险电影，…""), instead of saying it in English',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, (t) => fieldUntranslated(t.answer)),
};

/**
 * A nearby search told by the coordinates a look-up of the same turn gave for a place the user named: "A
 * search for "school" near 40.703573, -74.080326 found 4 places" for "the schools around 500 Ocean Avenue"
 * (teval_query_285_1: get_coordinates("500 Ocean Avenue") gave them). The user never said those numbers; a
 * careful writer says "near 500 Ocean Avenue".
 */
export function placeAsCoordinates(turn: AnsweredTurn): string | undefined {
  for (const m of turn.answer.matchAll(/\bnear (-?\d+\.\d+), (-?\d+\.\d+)/g)) {
    const place = placeOfCoordinates(turn.calls, Number(m[1]), Number(m[2]));
    if (place) return `"${m[0]}" where get_coordinates gave them for "${place}"`;
  }
  return undefined;
}

export const answerPlaceAsCoordinates: CaseMeasure = {
  kind: 'case',
  id: 'answer_place_as_coordinates',
  group: 'text',
  title: 'closing answer tells a nearby search by the coordinates a look-up of the turn gave for a place the user named ("A search for "school" near 40.703573, -74.080326 …" for the schools around 500 Ocean Avenue) instead of by the place',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, placeAsCoordinates),
};

/**
 * A stock symbol, an airport code or the company a symbol look-up was for quoted as if it were text typed
 * in: "I have added "QUAS" to the watchlist, and the watchlist has "NVDA" and "QUAS".", "The nearest airport
 * to Rivermist is "RMS".", ""Zeta Corp" trades under the symbol ZETA." (bfcl_multi_turn_base_113, 159, 107).
 * People write such codes and names bare; the quoted one, or undefined.
 */
export function codeQuoted(turn: AnsweredTurn): string | undefined {
  return [...bareNamesOf(turn.calls)].map((code) => `"${code}"`).find((quoted) => turn.answer.includes(quoted));
}

export const answerCodeQuoted: CaseMeasure = {
  kind: 'case',
  id: 'answer_code_quoted',
  group: 'text',
  title: 'closing answer quotes a stock symbol, an airport code or the company a symbol look-up was for as if it were typed text ("I have added "QUAS" to the watchlist", "The nearest airport to Rivermist is "RMS"", ""Zeta Corp" trades under the symbol ZETA") instead of writing it bare',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, codeQuoted),
};

/**
 * A list its tool cuts to a number asked for (Douban's "prints the details of the filtered [outNum] coming films
 * in China") told as if it were every such thing: "Three films are coming out in China soon: …" for "the top 3
 * upcoming films" (teval_query_448_0, 46_2), where Douban has more. A careful person says whose list it is
 * ("Douban lists three films coming out in China soon: …"). The count claim, or undefined.
 */
export function cutListToldWhole(turn: AnsweredTurn, cutTools: ReadonlySet<string>): string | undefined {
  if (!turn.calls.some((c) => cutTools.has(c.name))) return undefined;
  return /(?:^|[.!?] )((?:One|Two|Three|Four|Five|Six|Seven|Eight|Nine|Ten|\d+) (?:films?|movies?) (?:is|are) (?:playing|coming out|showing|out)\b[^.:,;]*)/.exec(turn.answer)?.[1];
}

/** Tools whose doc says they return a number of things the caller sets ("[outNum]", "the number of search query"). */
const CUT_BY_CALLER = /\[outNum\]|\bthe first (?:n|\[\w+\])\b/i;

export const answerCutListToldWhole: CaseMeasure = {
  kind: 'case',
  id: 'answer_cut_list_told_whole',
  group: 'text',
  title: 'closing answer tells a list its tool cuts to a number asked for as if it were all there is ("Three films are coming out in China soon: …" from Douban\'s [outNum] coming films), never whose list it is ("Douban lists three films coming out in China soon: …")',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => {
    const cut = new Set(tc.tools.filter((t) => CUT_BY_CALLER.test(t.description)).map((t) => t.name));
    return turnDefect(tc, (t) => cutListToldWhole(t, cut));
  },
};

/**
 * A request for "the three most anticipated" coming films answered with films the list gives, but not the ones most
 * people want to see: teval_query_58_1 named Douban's first three, "迷失之城" (13,635 want to see it) among them, where
 * "红猪" (144,830), "涉过愤怒的海" and "惊奇队长2" are the most anticipated. The film left out, or undefined.
 */
export function mostAwaitedUnranked(turn: AnsweredTurn): string | undefined {
  if (!MOST_AWAITED.test(turn.request)) return undefined;
  for (const c of turn.calls) {
    const v = parseToolResponse(c.response);
    const list = isPlainObject(v) ? Object.values(v).find((x): x is Record<string, unknown>[] => Array.isArray(x) && x.length > 1 && x.every(isPlainObject)) : undefined;
    const want = list ? wantField(list[0]) : undefined;
    if (!list || !want) continue;
    const named = list.filter((r) => typeof r.title === 'string' && turn.answer.includes(`"${r.title}"`));
    if (named.length === 0) continue;
    // As many as asked ("the three most anticipated"): a film the answer names besides, for another part of the request, is no pick.
    const top = awaitedOrder(list, turn.request).map((i) => list[i]).slice(0, Math.min(askedCount(turn.request) ?? 3, list.length));
    const left = top.find((r) => !named.includes(r));
    if (left) return `names ${named.map((r) => `"${r.title}"`).join(', ')} but not "${String(left.title)}" (${String(left[want])} want to see it)`;
  }
  return undefined;
}

export const answerMostAwaitedUnranked: CaseMeasure = {
  kind: 'case',
  id: 'answer_most_awaited_unranked',
  group: 'text',
  title: 'closing answer to a request for the most anticipated coming films names films of the list that are not the ones most people want to see ("迷失之城", 13,635 wanting to see it, named among "the three most anticipated" where "红猪" has 144,830)',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, mostAwaitedUnranked),
};

export const ANSWER_CRAFT_MEASURES = [answerMostAwaitedUnranked, answerCutListToldWhole, answerCodeQuoted, answerPlaceAsCoordinates, answerFieldUntranslated, answerFactsRestated, answerListUnnamed, answerSymbolUnexplained, answerSentToldUnder, answerNearestUnsaid, answerDoneSaidTwice, answerToldAfterUse, answerWeatherOfPlace, answerSubjectRepeated, answerSearchTermUnsaid, answerSearchToldBare, answerRecordLabelFrame, answerStateToldEachStep, answerListingAfterUse, answerRecordByUnshownId, answerDeedAgainstVerdict, answerFrameTwiceInRow, answerSearchTermTwice, answerAuthorsUnjoined, answerRecordDump, answerLabelRun, answerCheckUndecided, answerOpenerTopShare, answerStateToldAfterChange, answerOpenerContradicts, answerLookupToldBetween];
