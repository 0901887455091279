/**
 * Does a closing answer tell what went through the way a careful assistant would? Each measure reads
 * every closing answer a case shows or asks for, with the request it answers and the calls since that
 * request (answeredTurns): an answer that says one thing twice, an epoch timestamp left raw, a number
 * without the unit its doc gives, a date or a status word quoted as code, a reply message parroted
 * after saying what was done, an action that does not say what it acted on, fields the user named left
 * out, a list of records told by its first one only, and an opener that does not fit what follows.
 */
import { FINISH_ACTION, type TestCase } from '../../schemas.js';
import { apiOf, isPlainObject } from '../../errors/values.js';
import { groundTruthActions, shownAction } from '../evidence.js';
import { insertedRange } from '../text.js';
import { parseToolResponse } from '../../prompts/parseAction.js';
import { keyAsWords, QUOTED_TEXT } from '../grammar.js';
import { callChangesState } from '../../errors/sideEffects.js';
import { awaitedOrder, answerSentences, askedCount, asksWholeList, askedFieldWord, CURRENCY_AFTER, CURRENCY_BEFORE, dayInWords, epochDate, moneyUnit, requestUsesKey, unitOf, unitPattern } from '../../answerFacts.js';
import { escapeRegExp } from '../../errors/vocabulary.js';
import { dayInEnglish, genresInEnglish, regionInEnglish } from '../../doubanWords.js';
import type { CaseMeasure } from '../types.js';

export interface AnsweredTurn {
  request: string;
  calls: { name: string; args: unknown; response: string }[];
  answer: string;
}

/**
 * Every closing answer of a case (shown in its history or asked for as ground truth) with its request,
 * the calls it answers, and which of the task's user turns it answers (`turn`, from 0; an inserted
 * conversation's turns are none of them).
 */
export function answeredTurns(tc: TestCase): (AnsweredTurn & { turn: number })[] {
  const out: (AnsweredTurn & { turn: number })[] = [];
  const range = insertedRange(tc);
  let request = '';
  let turn = -1;
  let calls: AnsweredTurn['calls'] = [];
  for (const [i, m] of tc.messages.entries()) {
    if (range && i >= range[0] && i < range[1]) continue;
    if (m.role === 'user') {
      request = m.content;
      turn++;
      calls = [];
    } else if (m.role === 'assistant') {
      const a = shownAction(m.content);
      if (a?.name === FINISH_ACTION) {
        if (typeof a.args === 'string') out.push({ request, calls, answer: a.args, turn });
        calls = [];
      } else if (a) calls.push({ name: a.name, args: a.args, response: '' });
    } else if (m.role === 'function' && calls.length) calls[calls.length - 1].response = m.content;
  }
  for (const a of groundTruthActions(tc)) if (a.name === FINISH_ACTION && typeof a.args === 'string') out.push({ request, calls, answer: a.args, turn });
  return out;
}

/** The first faulty closing answer of a case, told by its hit; null when none is faulty, undefined when there is none. */
export function turnDefect(tc: TestCase, find: (turn: AnsweredTurn) => string | undefined): string | null | undefined {
  const turns = answeredTurns(tc);
  if (turns.length === 0) return undefined;
  for (const t of turns) {
    const hit = find(t);
    if (hit) return hit.length > 160 ? `${hit.slice(0, 160)}…` : hit;
  }
  return null;
}

const norm = (s: string) => s.toLowerCase().replace(/^i have (\w+)/, 'i $1').replace(/[.!?]+$/, '').replace(/\s+/g, ' ').trim();

/**
 * A closing answer that says one thing twice: a sentence repeated word for word ("I sent the email. I
 * sent the email. I sent the email."), or a later sentence that only repeats what an earlier one said
 * ("I have added "ZETA" to the watchlist: the watchlist has "NVDA" and "ZETA". The watchlist has "NVDA"
 * and "ZETA".").
 */
export function repeatedSentence(answer: string): string | undefined {
  const said: string[] = [];
  for (const s of answerSentences(answer)) {
    const n = norm(s);
    if (n.length >= 12 && said.some((p) => p === n || p.includes(n))) return s;
    said.push(n);
  }
  return undefined;
}

export const answerSentenceRepeated: CaseMeasure = {
  kind: 'case',
  id: 'answer_sentence_repeated',
  group: 'text',
  title: 'closing answer says one thing twice: a sentence repeated ("I sent the email. I sent the email.") or one that only repeats an earlier one ("…: the watchlist has "NVDA" and "ZETA". The watchlist has "NVDA" and "ZETA".")',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, (t) => repeatedSentence(t.answer)),
};

/** A 10- or 13-digit Unix time left as a number ("timestamp 1696896000000"), outside quotes. */
export function rawTimestamp(answer: string): string | undefined {
  const plain = answer.replace(QUOTED_TEXT, '""');
  for (const m of plain.matchAll(/(?<![\d.])\d{10}(?:\d{3})?(?!\d|\.\d)/g)) if (epochDate(Number(m[0]))) return plain.slice(Math.max(0, m.index - 30), m.index + m[0].length);
  return undefined;
}

export const answerRawTimestamp: CaseMeasure = {
  kind: 'case',
  id: 'answer_raw_timestamp',
  group: 'text',
  title: 'closing answer leaves a Unix timestamp as a number ("timestamp 1696896000000") instead of the date it is',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, (t) => rawTimestamp(t.answer)),
};

const numberText = (n: number) => String(Number.isInteger(n) ? n : Number(n.toPrecision(12)));

/**
 * A number told without what it is of: a returned value whose doc gives its unit ("The distance between
 * the two cities in km.") said without it ("The distance is 980."), or a conversion's result said
 * without the quantity converted ("That is 10.56688 gallons." for 40 litres).
 */
export function unitlessNumber(turn: AnsweredTurn, tools: TestCase['tools']): string | undefined {
  for (const c of turn.calls) {
    const value = parseToolResponse(c.response);
    if (!isPlainObject(value)) continue;
    const doc = tools.find((t) => t.name === c.name);
    const api = apiOf(c.name);
    // A conversion ("liter_to_gallon", "si_unit_conversion"): the quantity it was given is said with its result.
    if (/_to_/.test(api) && isPlainObject(c.args)) {
      const input = Object.values(c.args).find((v): v is number => typeof v === 'number');
      const result = Object.values(value).find((v): v is number => typeof v === 'number');
      if (input !== undefined && result !== undefined && turn.answer.includes(numberText(result)) && !new RegExp(`(?<![\\d.])${numberText(input).replace('.', '\\.')}(?![\\d])`).test(turn.answer)) return `${numberText(result)} said without the ${numberText(input)} converted`;
    }
    for (const field of doc?.return_data ?? []) {
      const v = value[field.name];
      const unit = unitOf(field.description);
      if (typeof v !== 'number' || !unit) continue;
      const n = numberText(v).replace('.', '\\.');
      const at = [...turn.answer.matchAll(new RegExp(`(?<![\\d.])${n}(?![\\d])`, 'g'))];
      if (at.length === 0) continue;
      const withUnit = at.some((m) => {
        const after = turn.answer.slice(m.index + m[0].length, m.index + m[0].length + 14);
        const before = turn.answer.slice(Math.max(0, m.index - 3), m.index);
        return new RegExp(`^\\s*(?:${unitPattern(unit).source})(?![A-Za-z])`, 'i').test(after) || (unit === 'USD' && /\$\s*$/.test(before));
      });
      if (!withUnit) return `${keyAsWords(field.name).toLowerCase()} ${numberText(v)} without "${unit}"`;
    }
  }
  return undefined;
}

export const answerUnitlessNumber: CaseMeasure = {
  kind: 'case',
  id: 'answer_unitless_number',
  group: 'text',
  title: 'closing answer gives a number without what it is of: without the unit its doc names ("The distance is 980." where the doc says km), or a conversion without the quantity converted ("That is 10.56688 gallons." for 40 litres)',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, (t) => unitlessNumber(t, tc.tools)),
};

/** Every number a response holds under a key, with that key (a list of numbers under its list's key). */
function keyedNumbers(value: unknown, key = ''): [string, number][] {
  if (typeof value === 'number') return key ? [[key, value]] : [];
  if (Array.isArray(value)) return value.flatMap((v) => keyedNumbers(v, key));
  if (isPlainObject(value)) return Object.entries(value).flatMap(([k, v]) => keyedNumbers(v, k));
  return [];
}

/**
 * An amount of money told without its currency where the call's doc or arguments say it: "The flight
 * costs 400." for BFCL's get_flight_cost ("the list of cost of a flight in USD"), "The exchanged value is
 * 320." for an exchange into EUR, "the card balance is 1500." (moneyUnit: the travel API's amounts are in
 * USD unless a call names another currency). A person writes "400 USD" or "$400".
 */
export function amountUnitless(turn: AnsweredTurn, tools: TestCase['tools']): string | undefined {
  for (const c of turn.calls) {
    const value = parseToolResponse(c.response);
    if (value === null || typeof value !== 'object') continue;
    const doc = tools.find((t) => t.name === c.name);
    for (const [key, v] of keyedNumbers(value)) {
      const unit = moneyUnit(doc, key, doc?.return_data?.find((f) => f.name === key)?.description, c.args);
      if (!unit) continue;
      const n = numberText(v).replace('.', '\\.');
      const at = [...turn.answer.matchAll(new RegExp(`(?<![\\d.,])${n}(?!\\d|[.,]\\d)`, 'g'))];
      if (at.length === 0) continue;
      const withUnit = at.some((m) => CURRENCY_AFTER.test(turn.answer.slice(m.index + m[0].length, m.index + m[0].length + 12)) || CURRENCY_BEFORE.test(turn.answer.slice(Math.max(0, m.index - 5), m.index)));
      if (!withUnit) {
        const i = at[0].index;
        return `${keyAsWords(key).toLowerCase()} ${numberText(v)} without "${unit}": "${turn.answer.slice(Math.max(0, i - 40), i + m0len(at[0]) + 12)}"`;
      }
    }
  }
  return undefined;
}
const m0len = (m: RegExpMatchArray) => m[0].length;

export const answerAmountUnitless: CaseMeasure = {
  kind: 'case',
  id: 'answer_amount_unitless',
  group: 'text',
  title: 'closing answer tells an amount of money without the currency its call is in ("The flight costs 400." where get_flight_cost gives USD; "The exchanged value is 320." for an exchange into EUR)',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, (t) => amountUnitless(t, tc.tools)),
};

/**
 * A value quoted as code where it is a date, a time, a size or a plain word: "The time is "2020-09-29 05:30".",
 * "the lock status is "locked"", "release date "2023-09-15"", "The disk usage is "79.00 B"". People write "It is
 * 05:30 on 29 September 2020", "the doors are locked", "it takes up 79.00 B".
 */
export function quotedScalar(answer: string): string | undefined {
  const m = /(?:\b(?:is|are|was|of|date|time|status|state|weekday)\s+)"(\d{4}-\d{2}-\d{2}(?:[ T]\d{1,2}:\d{2}(?::\d{2})?)?|\d{1,2}:\d{2}(?: ?[AP]M)?|[a-z]+|(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day|\d+(?:\.\d+)? ?(?:B|KB|MB|GB|TB|bytes))"/.exec(answer);
  return m?.[0];
}

export const answerQuotedScalar: CaseMeasure = {
  kind: 'case',
  id: 'answer_quoted_scalar',
  group: 'text',
  title: 'closing answer quotes a date, a time, a size or a plain word as code ("The time is "2020-09-29 05:30".", "the lock status is "locked"", "release date "2023-09-15"", "The disk usage is "79.00 B"")',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, (t) => quotedScalar(t.answer)),
};

/**
 * A sentence that says what was done and then parrots the call's reply, which says the same: "I
 * removed the stock from the watchlist, and the reply reads "Stock TSLA removed from watchlist
 * successfully."", "I logged in, and the message reads "User 'USR001' logged in successfully."", "I
 * cancelled the order; the status is "Cancelled"", "I moved into "document": the current working
 * directory is "document"", "I set the budget limit, and the budget limit is 7142.86". Also untrue:
 * "I locked the doors: the lock status is "unlocked"".
 */
export function echoesDone(answer: string): string | undefined {
  for (const s of answerSentences(answer)) {
    const m = /^I (?:have )?(\w+(?:ed|ent|ot|et|ut|ld|ught|ade))\b(.*?)(?:, and |; |: )(?:the|and the) ((?:[a-z]+ ){0,4}?)(?:is|are|reads|read) (.+)$/.exec(s);
    if (!m) continue;
    const [, verb, object, field, rest] = m;
    const value = /^"((?:[^"\\]|\\.)*)"/.exec(rest)?.[1] ?? /^([\w.]+)/.exec(rest)?.[1] ?? '';
    const v = value.toLowerCase();
    if (/\bsuccess(?:ful(?:ly)?)?\b|\bcompleted\b/.test(v) || new RegExp(`\\b${verb}\\b`, 'i').test(value)) return s;
    if (v === verb.toLowerCase() || v === `un${verb.toLowerCase()}` || (v.length > 2 && verb.toLowerCase().startsWith(v.slice(0, -1)) && v.length >= verb.length - 2)) return s;
    if (value && (object.includes(`"${value}"`) || new RegExp(`\\b${field.trim().replace(/\s+/g, ' ')}\\b`, 'i').test(object) && object.includes(value))) return s;
    if (field.trim() && object.toLowerCase().includes(field.trim().toLowerCase()) && /^[\d.]+$/.test(value)) return s;
  }
  return undefined;
}

export const answerEchoesDone: CaseMeasure = {
  kind: 'case',
  id: 'answer_echoes_done',
  group: 'text',
  title: 'closing answer says what was done, then parrots the reply that says the same ("I logged in, and the message reads "User \'USR001\' logged in successfully."", "I cancelled the order; the status is "Cancelled"", "I moved into "document": the current working directory is "document"") or contradicts it ("I locked the doors: the lock status is "unlocked"")',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, (t) => echoesDone(t.answer)),
};

/** Arguments that name what a call acted on (a title, a file, an address, a room), not a credential. */
function namingArg(args: unknown): string | undefined {
  if (!isPlainObject(args)) return undefined;
  const hit = Object.entries(args).find(([k, v]) => /^(?:title|abs_location|file_?name|file_path|address|room_id|path|dir_?name|folder|receiver_id|username_to_follow|name)$/i.test(k) && (typeof v === 'string' || typeof v === 'number') && String(v).trim() !== '' && String(v).length <= 80);
  return hit ? String(hit[1]) : undefined;
}

/**
 * A call that changed something told without what it acted on, where the call names it: "I created the
 * file." for outputs/GlobalWarming.ppt, "I added the text page." for a page titled "Global Warming",
 * "I sent the email." for department_head_1@example.com, "I reserved the room." for room 103.
 */
export function unnamedAction(turn: AnsweredTurn): string | undefined {
  for (const s of answerSentences(turn.answer)) {
    const m = /^I (?:have )?(created|added|sent|reserved|saved|posted|deleted|removed|booked) the ([a-z ]+?)\.$/.exec(s);
    if (!m) continue;
    const named = turn.calls.some((c) => callChangesState(c.name) && namingArg(c.args) !== undefined && keyAsWords(apiOf(c.name)).toLowerCase().split(' ').some((w) => m[2].split(' ').includes(w) || (w === 'reserve' && m[2] === 'room') || (w === 'send' && m[2] === 'email') || (w === 'create' && m[2] === 'file')));
    if (named) return s;
  }
  return undefined;
}

export const answerActionUnnamed: CaseMeasure = {
  kind: 'case',
  id: 'answer_action_unnamed',
  group: 'text',
  title: 'closing answer tells an action without what it acted on where the call names it ("I created the file." for outputs/GlobalWarming.ppt, "I added the text page." for the page "Global Warming", "I sent the email." to department_head_1@example.com)',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, unnamedAction),
};

/**
 * Fields the user named left out: the request asks for "the property ID, name, and address" and the
 * answer names the properties only. For each list of records a call returned, each field the request
 * asks for must be given for every record the answer names, in the user's word when the source calls it
 * otherwise: "categories" asks for `cate`, "rating" for `vote_average` (its doc: "rating for the film"),
 * "the number of people interested" for `wantWatchPeopleNum`, "reviews" for `comments`, "price" for
 * `cost`, "address" for `formatted_address` (askedFieldWord). A value told under the source's own name
 * where the user used another ("vote average 8.7" to a user who asked for the rating) is left out too:
 * the user cannot tell it is what they asked for.
 */
export function askedFieldMissing(turn: AnsweredTurn, tools: TestCase['tools'] = []): string | undefined {
  for (const c of turn.calls) {
    const value = parseToolResponse(c.response);
    const docs = tools.find((t) => t.name === c.name)?.return_data ?? [];
    // A film's genre records ({'id': 28, 'name': 'Action'}, TMDB's details) are its classification, not records the user asks fields of: "the movie ID" is the film's, never a genre's.
    const lists = Array.isArray(value) ? [value] : isPlainObject(value) ? Object.entries(value).filter(([k, v]) => Array.isArray(v) && !/^(genres|categories)$/i.test(k)).map(([, v]) => v as unknown[]) : [];
    for (const list of lists) {
      if (!list.length || !list.every(isPlainObject)) continue;
      const records = list as Record<string, unknown>[];
      const keys = Object.keys(records[0]).flatMap((k) => {
        if (/^(?:name|title)$/i.test(k)) return [];
        const word = askedFieldWord(k, turn.request, docs.find((d) => d.name === k)?.description);
        return word ? [[k, word] as const] : [];
      });
      // A long list is named by its first three ("4 films, among them …"), or as many as the user asked
      // for ("the top 5 places"): their fields are the ones owed.
      // "The three most anticipated" are the three most people want to see, as the writer names them (answer-writer-149):
      // a film of the list named for another part of the request ("The Lost City"'s details) owes no fields of that question.
      const owed = awaitedOrder(records, turn.request).map((i) => records[i]);
      for (const r of owed.slice(0, Math.max(3, Math.min(askedCount(turn.request) ?? 3, 10)))) {
        const name = ['name', 'title'].map((k) => r[k]).find((x): x is string => typeof x === 'string');
        if (!name || !turn.answer.includes(name)) continue;
        for (const [k, word] of keys) {
          const v = r[k];
          if (!((typeof v === 'string' && v.trim()) || typeof v === 'number')) continue;
          // A long text (a paper's summary) is owed at least its opening words: its first 40 characters or its first sentence, if shorter.
          const flat = typeof v === 'string' && v.length > 120 ? v.replace(/\s+/g, ' ').trim() : undefined;
          const text = flat ? flat.slice(0, 40) : String(v);
          const firstSentence = flat ? /^.{8,40}?[.!?](?=\s)/.exec(flat)?.[0] ?? '' : '';
          // A comma list said as a list ("Qizhang Feng, Mengnan Du and Xia Hu" for "Qizhang Feng, Mengnan Du, Xia Hu") is the value told.
          const listed = typeof v === 'string' && !flat && /, [^,]+$/.test(v) ? v.trim().replace(/, ([^,]+)$/, ' and $1') : '';
          // Douban's genres, region and release day are told in English ("a comedy and adventure film from Japan, out on 17 November").
          const english = [genresInEnglish(v), regionInEnglish(v), dayInEnglish(v)].map((x) => x ?? '');
          const shown = [text, firstSentence, listed, typeof v === 'number' ? v.toLocaleString('en-US') : '', typeof v === 'string' ? dayInWords(v) ?? '' : '', ...english].filter(Boolean);
          if (!shown.some((x) => turn.answer.includes(x))) return `${word} (\`${k}\`) of "${name}" asked for and left out`;
          // Told under the source's name where the user said another word ("vote average 8.7" for "rating").
          // A value the call was asked about is the finding's subject ("For the region "中国大陆", …"), not the field told.
          const asked = isPlainObject(c.args) && Object.values(c.args).some((a) => String(a) === String(v));
          if (!asked && !requestUsesKey(k, turn.request) && shown.some((x) => new RegExp(`\\b${escapeRegExp(keyAsWords(k).toLowerCase())}(?: is| are|:)? "?${escapeRegExp(x)}`, 'i').test(turn.answer))) return `${word} of "${name}" told as "${keyAsWords(k).toLowerCase()}"`;
        }
      }
    }
  }
  return undefined;
}

export const answerAskedFieldMissing: CaseMeasure = {
  kind: 'case',
  id: 'answer_asked_field_missing',
  group: 'text',
  title: 'closing answer leaves out a field the user asked for by name for a record it names, or tells it under another name than the user\'s (asked for "the property ID, name, and address", given the names only; asked for "categories" and "rating", given neither `cate` nor `vote_average`, or given "vote average 8.7")',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, (t) => askedFieldMissing(t, tc.tools)),
};

const recordsIn = (value: unknown): [string, Record<string, unknown>[]][] => {
  const isRecords = (v: unknown): v is Record<string, unknown>[] => Array.isArray(v) && v.length > 0 && v.every(isPlainObject);
  if (isRecords(value)) return [['[]', value]];
  return isPlainObject(value) ? Object.entries(value).filter((e): e is [string, Record<string, unknown>[]] => isRecords(e[1])) : [];
};
const nameOf = (r: Record<string, unknown>) => ['name', 'title'].map((k) => r[k]).find((x): x is string => typeof x === 'string' && x.trim() !== '');

/**
 * A list cut short of the count the user named: "the five movies that will be released soon" (or "the
 * top 5 places", "a list of up to five places") answered "5 films, among them" three. Every item up to
 * the count asked (askedCount, at most ten) that the call returned is owed by name.
 */
export function askedCountCut(turn: AnsweredTurn): string | undefined {
  const k = askedCount(turn.request);
  if (!k || k <= 3) return undefined;
  for (const c of turn.calls) {
    for (const [, list] of recordsIn(parseToolResponse(c.response))) {
      const names = list.map(nameOf);
      if (names.some((n) => n === undefined) || names.length <= 3) continue;
      const owed = names.slice(0, Math.min(k, names.length)) as string[];
      const told = owed.filter((n) => turn.answer.includes(n));
      if (told.length > 0 && told.length < owed.length) return `asked for ${k}, told ${told.length} of ${names.length} (${owed.find((n) => !turn.answer.includes(n))} left out)`;
    }
  }
  return undefined;
}

export const answerAskedCountCut: CaseMeasure = {
  kind: 'case',
  id: 'answer_asked_count_cut',
  group: 'text',
  title: 'closing answer names fewer items of a list than the count the user asked for ("the five movies that will be released soon" answered "5 films, among them" three; "top 5 places" answered with 3)',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, askedCountCut),
};

/**
 * A short list of names or codes the user asked for whole ("a comprehensive list of all available
 * departure airports") told in part: "There are 23 airports, among them "RMS", "SBK" and "MPC"." The
 * list's noun is its call's own (list_all_airports → airports), so "all" about something else does not
 * count; lists over 40 items, or with long items, may be told in part.
 */
export function wholeListCut(turn: AnsweredTurn): string | undefined {
  for (const c of turn.calls) {
    const value = parseToolResponse(c.response);
    const lists = Array.isArray(value) ? [['', value] as const] : isPlainObject(value) ? Object.entries(value).filter(([, v]) => Array.isArray(v)) : [];
    for (const [key, list] of lists as [string, unknown[]][]) {
      if (list.length <= 3 || list.length > 40 || !list.every((v) => (typeof v === 'string' && v.length <= 40) || typeof v === 'number')) continue;
      const nouns = [...apiWords(c.name), ...(key ? keyAsWords(key).toLowerCase().split(/\s+/) : [])].filter((w) => /s$/.test(w));
      if (!nouns.some((n) => asksWholeList(turn.request, n))) continue;
      const told = list.filter((v) => turn.answer.includes(String(v)));
      if (told.length > 0 && told.length < list.length) return `asked for all, told ${told.length} of ${list.length} (${String(list.find((v) => !turn.answer.includes(String(v))))} left out)`;
    }
  }
  return undefined;
}

export const answerWholeListCut: CaseMeasure = {
  kind: 'case',
  id: 'answer_whole_list_cut',
  group: 'text',
  title: 'closing answer tells part of a short list the user asked for whole ("a comprehensive list of all available departure airports" answered "There are 23 airports, among them" three)',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, wholeListCut),
};

/** An API name's words that say what kind of list it gives ("now playing" of now_playing_out_filter), not how it is fetched. */
const apiWords = (name: string) => apiOf(name).replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase().split('_').filter((w) => w.length >= 3 && !/^(?:get|fetch|retrieve|search|list|view|show|find|query|filter|out|info|details|data|all)$/.test(w));

/**
 * Two lists of one kind from two calls (films now playing and films coming soon) told one after the
 * other with nothing saying which is which: "There are 10 films, among them … There are 5 films, among
 * them …". The sentence that tells each list must name it by what its call asked for ("Now playing: …";
 * "Coming soon: …"): a word of its API's name the other call's lacks.
 */
export function listsUntold(turn: AnsweredTurn): string | undefined {
  const lists = turn.calls.flatMap((c) => recordsIn(parseToolResponse(c.response)).map(([key, list]) => ({ c, key, list })));
  const sentences = turn.answer.split(/(?<=[.!?])\s+(?=[A-Z"])/);
  for (const a of lists) {
    for (const b of lists) {
      if (a === b || a.key !== b.key || a.c.name === b.c.name) continue;
      const first = a.list.map(nameOf).find((n) => n && turn.answer.includes(n));
      if (!first || !b.list.map(nameOf).some((n) => n && turn.answer.includes(n) && !a.list.some((r) => nameOf(r) === n))) continue;
      const own = apiWords(a.c.name).filter((w) => !apiWords(b.c.name).includes(w));
      if (!own.length) continue;
      const sentence = sentences.find((t) => t.includes(first)) ?? '';
      const head = sentence.slice(0, sentence.indexOf(first)).toLowerCase();
      if (!own.some((w) => head.includes(w.slice(0, 5)))) return `the ${keyAsWords(a.key).toLowerCase()} list of \`${apiOf(a.c.name)}\` not told apart from \`${apiOf(b.c.name)}\`'s: "${head.slice(0, 50).trim()}"`;
    }
  }
  return undefined;
}

export const answerListsUntold: CaseMeasure = {
  kind: 'case',
  id: 'answer_lists_untold',
  group: 'text',
  title: 'closing answer tells two lists of one kind from two calls without saying which is which ("There are 10 films, among them … There are 5 films, among them …" for films now playing and coming soon)',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, listsUntold),
};

/**
 * A yes/no answer taken from a list ("Yes, the first room listed, \"101\", is free.") that then gives
 * the list it was taken from again ("The rooms are \"101\", \"21083\" and \"31280\"."): the record list
 * is said twice, once as the verdict's pick and once whole, though it was fetched once.
 */
export function verdictListRestated(answer: string): string | undefined {
  const lead = /^Yes, (?:the (?:first|second|third|fourth|fifth|last) \w+ listed, ("[^"]+"|[^\s,]+), is\b|\w+ ("[^"]+"|[^\s,]+) is listed as\b)/.exec(answer);
  if (!lead) return undefined;
  const item = lead[1] ?? lead[2];
  const rest = answerSentences(answer).slice(1);
  const again = rest.find((t) => t.includes(item) && (t.match(/"[^"]+"|\b\d[\w-]*/g) ?? []).length >= 2 && !/\b(?:unable|couldn't|could not|didn't|did not|failed)\b/.test(t));
  return again ? `${lead[0]} … then "${again.slice(0, 110)}"` : undefined;
}

export const answerVerdictListRestated: CaseMeasure = {
  kind: 'case',
  id: 'answer_verdict_list_restated',
  group: 'text',
  title: 'closing answer answers a yes/no from a listed record ("Yes, the first room listed, \"101\", is free.") and then gives the whole list again ("The rooms are \"101\", \"21083\" and \"31280\".") though it was fetched once',
  population: 'closing answers that open with a yes taken from a list',
  check: (tc) => verdictDefect(tc, verdictListRestated),
};

/** A yes taken from a listed record ("Yes, the first room listed, 101, is free.", "Yes, room 101 is listed as …"). */
const YES_FROM_LIST = /^Yes, (?:the (?:first|second|third|fourth|fifth|last) \w+ listed, |\w+ \S+ is listed as\b)/;

/** The first closing answer opening with a yes taken from a list that `find` faults; undefined when the case has no such answer. */
function verdictDefect(tc: TestCase, find: (answer: string) => string | undefined): string | null | undefined {
  const turns = answeredTurns(tc).filter((t) => YES_FROM_LIST.test(t.answer));
  if (turns.length === 0) return undefined;
  for (const t of turns) {
    const hit = find(t.answer);
    if (hit) return hit;
  }
  return null;
}

/** A list of records told by its first one only: "There are 2 results; in the first, open 20.08, …". */
export function firstItemOnly(answer: string): string | undefined {
  return /[^.;]*[;,] in the first,/.exec(answer)?.[0].trim();
}

export const answerListFirstOnly: CaseMeasure = {
  kind: 'case',
  id: 'answer_list_first_only',
  group: 'text',
  title: 'closing answer tells a list of records by its first one and drops the rest ("There are 2 results; in the first, open 20.08, close 19.61 …")',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, (t) => firstItemOnly(t.answer)),
};

/** "Here is what I found." before an action ("I placed the order") or before "I found that …": an opener that does not fit. */
export function openerMismatch(answer: string): string | undefined {
  const m = /^(?:Here is what I found|Here is where things stand)\. ((?:I found\b|I (?:have )?(?:\w+ed|sent|made|set|put|ran|wrote|got)\b)[^.]*)/.exec(answer);
  return m && /^Here is what I found/.test(answer) ? m[0].slice(0, 80) : undefined;
}

export const answerOpenerMismatch: CaseMeasure = {
  kind: 'case',
  id: 'answer_opener_mismatch',
  group: 'text',
  title: 'closing answer opens "Here is what I found." before an action ("I placed the order") or before "I found that …"',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, (t) => openerMismatch(t.answer)),
};


/**
 * A finding introduced by the argument it was asked with, under the argument's key: "As for the name
 * "Quasar Ltd.", the symbol is "QUAS".", "For the keywords "movies", the picture url is …", "For the
 * query "Inception", the id is 27205", "Looking up the movie id 27205 gave …". The user asked about
 * Quasar Ltd. or Inception, not about a "name" or a "query": a person answers "Quasar Ltd. trades as
 * QUAS." or "The film "Inception" has id 27205.".
 */
export function echoFrame(answer: string): string | undefined {
  for (const s of answerSentences(answer)) {
    const m = /^(?:For|As for|On|Regarding|Looking up|About) the ([a-z][a-z0-9()]*(?: [a-z][a-z0-9()]*){0,3}) ("(?:[^"\\]|\\.)*"|[\w.-]*\d[\w.-]*|[A-Z][\w.-]*)(?:[,:]| gave\b)/.exec(s);
    if (m) return m[0];
  }
  return undefined;
}

export const answerEchoFrame: CaseMeasure = {
  kind: 'case',
  id: 'answer_echo_frame',
  group: 'text',
  title: 'closing answer introduces a finding by the argument\'s key and value instead of answering ("As for the name "Quasar Ltd.", the symbol is "QUAS".", "For the keywords "movies", the picture url is …", "For the query "Inception", the id is 27205")',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, (t) => echoFrame(t.answer)),
};

/**
 * A count or a verdict said of an argument's value as if it were a name: "For \"restaurant\", there are 5
 * places, among them …", "For \"城市, 123号 主街\", there are no geocodes."; or a drive check told with no
 * distance: "the car cannot make the drive" (what drive, on what fuel?).
 */
export function argumentAsName(answer: string): string | undefined {
  return /\bFor "[^"]+", there (?:are|is)\b[^.]*/.exec(answer)?.[0] ?? /\bcan(?:not)? make the drive\b[^.]*/.exec(answer)?.[0];
}

export const answerArgumentAsName: CaseMeasure = {
  kind: 'case',
  id: 'answer_argument_as_name',
  group: 'text',
  title: 'closing answer quotes an argument\'s value as a name before a count ("For \"restaurant\", there are 5 places, among them …") or tells a drive check with no distance ("the car cannot make the drive")',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, (t) => argumentAsName(t.answer)),
};

/**
 * A yes taken from a listed record whose list's other records are told away from it, another finding between:
 * "Yes, the second room listed, 109, is empty from 16:00 to 18:00. "…hotel.txt" reads …. The other rooms listed
 * as empty from 16:00 to 18:00 are 101 and 102." (teval_query_417_2-env-k5). The rest of a list belongs with the pick.
 */
export function verdictRestApart(answer: string): string | undefined {
  if (!YES_FROM_LIST.test(answer)) return undefined;
  const sentences = answerSentences(answer);
  const at = sentences.findIndex((t) => /^The others? (?:\w+ )*?listed\b/.test(t));
  return at > 1 ? `"${sentences[at].slice(0, 80)}" is sentence ${at + 1}, not right after the yes` : undefined;
}

export const answerVerdictRestApart: CaseMeasure = {
  kind: 'case',
  id: 'answer_verdict_rest_apart',
  group: 'text',
  title: 'closing answer answers a yes from a listed record and tells the list\'s other records away from it, another finding between ("Yes, the second room listed, 109, is empty …. "hotel.txt" reads …. The other rooms listed as empty … are 101 and 102.")',
  population: 'closing answers that open with a yes taken from a list',
  check: (tc) => verdictDefect(tc, verdictRestApart),
};

export const ANSWER_MEASURES = [answerVerdictRestApart, answerArgumentAsName, answerAmountUnitless, answerEchoFrame, answerSentenceRepeated, answerRawTimestamp, answerUnitlessNumber, answerQuotedScalar, answerEchoesDone, answerActionUnnamed, answerAskedFieldMissing, answerAskedCountCut, answerWholeListCut, answerListsUntold, answerListFirstOnly, answerOpenerMismatch, answerVerdictListRestated];
