/**
 * Does a closing answer say what its calls showed, in the order and words a careful person would
 * (answer-writer-68)? Five slips: one linking word opening two sentences ("Next, I posted the tweet.
 * Next, I retweeted it."), a partial-failure opener naming a step never tried beside the failed one
 * ("…, but not getting the daily open and close and searching the stock ticker" where the ticker search
 * never ran, later "still to do"), a field's name made a sentence's subject ("the customer support
 * message reads …", "The file content of "a.txt" reads …"), a grep whose matching lines the answer never
 * says ("the only matching line is a longer text opening "This is a summary …"" for 'server error'),
 * and an address whose commas run on into the record's next fields ("the address is 1 Tesla Road, Austin,
 * TX 78725, online at https://www.tesla.com").
 */
import { apiOf, isPlainObject } from '../../errors/values.js';
import { parseToolResponse } from '../../prompts/parseAction.js';
import { keyAsWords, QUOTED_TEXT } from '../grammar.js';
import { escapeRegExp } from '../../errors/vocabulary.js';
import type { CaseMeasure } from '../types.js';
import { answeredTurns, turnDefect, type AnsweredTurn } from './answers.js';
import { openerTasks } from './answerCraft.js';
import { quantitiesIn, statedQuantities } from '../../unitWords.js';

/** Words that open a sentence to say it comes next or besides. */
const LINKS = ['Next,', 'Then', 'After that,', 'Also,', 'Finally,', 'Besides,', 'On top of that,'];

/** One linking word opening two sentences of one answer: "Next, I posted the tweet. Next, I retweeted it." */
export function linkRepeated(answer: string): string | undefined {
  const masked = answer.replace(QUOTED_TEXT, '""');
  for (const link of LINKS) {
    const re = new RegExp(`(?:^|[.!?] )${escapeRegExp(link)}(?=[ ,])`, 'g');
    if ((masked.match(re) ?? []).length >= 2) return `"${link}" opens two sentences: "${answer.slice(0, 120)}…"`;
  }
  return undefined;
}

export const answerLinkRepeated: CaseMeasure = {
  kind: 'case',
  id: 'answer_link_repeated',
  group: 'text',
  title: 'closing answer opens two sentences with one linking word ("Next, I activated the parking brake. Next, I locked the doors.")',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, (t) => linkRepeated(t.answer)),
};

/** Sentences that say a task was never tried: it waits on the failed step or is still to do. */
const UNTRIED = /\b(?:still to do|needs? it first|waits? on it)\b/;

/**
 * A partial-failure opener naming as not done a task the answer later says was never tried ("Searching arXiv
 * got done, but not getting the daily open and close and searching the stock ticker. … Searching the stock
 * ticker is still to do."): beside the failed step, it reads as tried and failed.
 */
export function openerUntried(answer: string): string | undefined {
  const tasks = openerTasks(answer);
  if (!tasks) return undefined;
  const rest = answer.replace(/^[^.]*\.\s*/, '');
  for (const task of tasks.undone) {
    for (const sentence of rest.split(/(?<=[.!?])\s+/)) {
      if (UNTRIED.test(sentence) && sentence.toLowerCase().includes(task)) return `"${task}" named beside the failed step, then "${sentence.slice(0, 100)}"`;
    }
  }
  return undefined;
}

export const answerOpenerUntried: CaseMeasure = {
  kind: 'case',
  id: 'answer_opener_untried',
  group: 'text',
  title: 'closing answer opens by naming a step never tried beside the failed one ("Searching arXiv got done, but not getting the daily open and close and searching the stock ticker." where the ticker search is later "still to do")',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, (t) => openerUntried(t.answer)),
};

/** Every key of a value, nested ones too. */
function keysOf(v: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(v)) for (const x of v) keysOf(x, out);
  else if (isPlainObject(v)) for (const [k, x] of Object.entries(v)) { out.add(k); keysOf(x, out); }
  return out;
}

/**
 * A response field's name of two or more words made the subject of a quote: "the customer support message
 * reads "…"", "The file content of "a.txt" reads "…"", "The sorted content of "b.txt" reads "…"". A person
 * names the thing: "the reply reads", ""a.txt" reads".
 */
export function fieldNameFrame(turn: Pick<AnsweredTurn, 'answer' | 'calls'>): string | undefined {
  const keys = new Set<string>();
  for (const c of turn.calls) keysOf(parseToolResponse(c.response), keys);
  for (const k of keys) {
    const words = keyAsWords(k).toLowerCase();
    if (words.split(' ').length < 2) continue;
    const m = new RegExp(`\\b[Tt]he ${escapeRegExp(words)}(?: of "[^"]*")? (?:reads|read|says)\\b`).exec(turn.answer);
    if (m) return `"${m[0]}"`;
  }
  return undefined;
}

export const answerFieldNameFrame: CaseMeasure = {
  kind: 'case',
  id: 'answer_field_name_frame',
  group: 'text',
  title: 'closing answer makes a field\'s name the subject of a quote ("I contacted customer support, and the customer support message reads "…"", "The file content of "a.txt" reads "…"")',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, (t) => fieldNameFrame(t)),
};

/**
 * A grep that matched whose matching lines the answer never says: no quote in the answer holds the
 * pattern ("I found that the only matching line is a longer text opening "This is a summary of the
 * development process."" for 'server error'). Undefined for a turn with no grep that matched.
 */
export function grepLinesUnsaid(turn: Pick<AnsweredTurn, 'answer' | 'calls'>): string | undefined {
  const quotes = (turn.answer.match(/"(?:[^"\\]|\\.)*"/g) ?? []).map((q) => q.toLowerCase());
  for (const c of turn.calls) {
    if (apiOf(c.name) !== 'grep' || !isPlainObject(c.args) || typeof c.args.pattern !== 'string' || !c.args.pattern.trim()) continue;
    const v = parseToolResponse(c.response);
    const lines = isPlainObject(v) && Array.isArray(v.matching_lines) ? v.matching_lines : undefined;
    const pattern = c.args.pattern.toLowerCase();
    if (!lines?.length || !lines.every((l) => typeof l === 'string' && l.toLowerCase().includes(pattern))) continue;
    if (!quotes.some((q) => q.includes(pattern))) return `grep for ${JSON.stringify(c.args.pattern)} matched, no quote holds it: "${turn.answer.slice(0, 120)}…"`;
  }
  return undefined;
}

export const answerGrepLinesUnsaid: CaseMeasure = {
  kind: 'case',
  id: 'answer_grep_lines_unsaid',
  group: 'text',
  title: 'closing answer after a grep that matched never quotes a line that holds the pattern ("the only matching line is a longer text opening "This is a summary of the development process."" for \'server error\')',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, (t) => grepLinesUnsaid(t)),
};

/** An address whose own commas run on into the record's next field: "the address is 1 Tesla Road, Austin, TX 78725, online at https://…". */
export function addressRunOn(answer: string): string | undefined {
  const m = /\b(?:the address is|is at) [^.;"]*\d[^.;"]*, (?:online at|listed on|released|published|rated|with)\b/.exec(answer);
  return m ? `"${m[0]}"` : undefined;
}

export const answerAddressRunOn: CaseMeasure = {
  kind: 'case',
  id: 'answer_address_run_on',
  group: 'text',
  title: 'closing answer runs an address\'s commas on into the record\'s next fields ("the address is 1 Tesla Road, Austin, TX 78725, online at https://www.tesla.com and listed on 29 June 2010")',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, (t) => addressRunOn(t.answer)),
};

/**
 * A look-up of "the details" with no object: "Getting the details came through" — the details of what? The details
 * and another part of one thing ("Getting the details and the reviews of the movie") say whose they are; the details
 * and another task ("Getting the details and posting the tweet") do not.
 */
export function detailsOfNothing(answer: string): string | undefined {
  const masked = answer.replace(QUOTED_TEXT, '""');
  const m = /\b(?:get(?:ting)?|got|fetch(?:ing|ed)?|retriev(?:e|ing|ed)|look(?:ing)? up) the details\b(?!\s+(?:of|for|on|about)\b|\s+and the [a-z]+(?: [a-z]+)? (?:of|for|on|about)\b)/i.exec(masked);
  return m ? `"${m[0]}" says of nothing whose details: "${answer.slice(Math.max(0, m.index - 40), m.index + 80)}"` : undefined;
}

export const answerDetailsOfNothing: CaseMeasure = {
  kind: 'case',
  id: 'answer_details_of_nothing',
  group: 'text',
  title: 'closing answer tells a look-up of "the details" without saying of what ("Getting the details and posting the tweet wait on it.", "Getting the details came through; placing the buy order did not.")',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, (t) => detailsOfNothing(t.answer)),
};

/**
 * One number told in two units of one dimension across a case's closing answers: "the distance is 750 km"
 * in one turn, "the car cannot make the 750-mile drive" in the next (bfcl_multi_turn_base_92, where BFCL
 * passes the km figure to a check that counts miles).
 */
export function unitsDiffer(answers: string[], requests: string[] = []): string | undefined {
  const stated = statedQuantities(requests);
  const seen = new Map<string, string>();
  for (const a of answers) {
    // Money aside: an amount keeps its tool's currency (answer_unitless_number), so a USD budget set to an RMB figure is left (bfcl_multi_turn_base_162).
    for (const { dim, number, unit } of quantitiesIn(a).filter((q) => q.dim !== 'money')) {
      const key = `${dim}:${number}`;
      const before = seen.get(key);
      if (before && before !== unit && !stated.has(key)) return `${number} told in ${before} and in ${unit}: "${a.slice(0, 120)}"`;
      if (!before) seen.set(key, unit);
    }
  }
  return undefined;
}

export const answerUnitsDiffer: CaseMeasure = {
  kind: 'case',
  id: 'answer_units_differ',
  group: 'text',
  title: 'one number told in two units of one dimension across a case\'s closing answers, the user\'s own stated quantities aside ("the distance is 750 km", then "the car cannot make the 750-mile drive")',
  population: 'cases that show or ask for a closing answer',
  check(tc) {
    const turns = answeredTurns(tc);
    if (turns.length === 0) return undefined;
    return unitsDiffer(turns.map((t) => t.answer), tc.messages.filter((m) => m.role === 'user').map((m) => m.content)) ?? null;
  },
};

/** Every string a value holds, at any depth. */
function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  return isPlainObject(value) ? Object.values(value).flatMap(stringsIn) : [];
}

/** A line that opens with a list marker: "- 8 items reviewed", "2. Melting ice caps", "• Shell". */
const POINT = /^(?:[-*•]|\d{1,2}[.)])\s+\S/;

/**
 * A closing answer quoting a text of the turn's answers or calls whose lines are points ("Notes: hotel\n- 8
 * items reviewed\n- open questions sent to the team") with its lines run together into one ("reads "Notes:
 * hotel - 8 items reviewed - open questions sent to the team""), or with the [SPAN] separator left in: the
 * points read as one sentence broken by dashes.
 */
export function pointsRunTogether(turn: AnsweredTurn): string | undefined {
  if (/\[SPAN\]/.test(turn.answer)) return `holds the separator [SPAN]: "${turn.answer.slice(Math.max(0, turn.answer.indexOf('[SPAN]') - 60), turn.answer.indexOf('[SPAN]') + 40)}"`;
  const texts = turn.calls.flatMap((c) => [...stringsIn(parseToolResponse(c.response)), ...stringsIn(c.args).map((t) => t.replace(/\[SPAN\]/g, '\n'))]);
  for (const text of texts) {
    const lines = text.split('\n').map((l) => l.trim()).filter(Boolean);
    for (let i = 0; i + 1 < lines.length; i++) {
      const joined = `${lines[i]} ${lines[i + 1]}`;
      if (POINT.test(lines[i + 1]) && turn.answer.includes(joined)) return `runs the line "${lines[i].slice(0, 40)}" into the point "${lines[i + 1].slice(0, 40)}": "…${joined.slice(0, 100)}…"`;
    }
  }
  return undefined;
}

export const answerPointsRunTogether: CaseMeasure = {
  kind: 'case',
  id: 'answer_points_run_together',
  group: 'text',
  title: 'closing answer quotes a text whose lines are points with the lines run into one ("\"hotel.txt\" reads \"Notes: hotel - 8 items reviewed - open questions sent to the team - …\"", 53_2) or the [SPAN] separator left in',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, pointsRunTogether),
};

export const ANSWER_FLOW_MEASURES = [answerPointsRunTogether, answerLinkRepeated, answerOpenerUntried, answerFieldNameFrame, answerGrepLinesUnsaid, answerAddressRunOn, answerDetailsOfNothing, answerUnitsDiffer];
