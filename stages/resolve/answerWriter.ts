/**
 * The `answer-writer` role: the assistant's closing answer to a turn (its FinishAction), written
 * from the user's request and the answers its tool calls got. Offline, the rules restate what each
 * call returned, whole (long values counted and described, never cut), and nothing the responses do
 * not say.
 */
import { z } from 'zod';
import type { RoleSpec } from '../../pipeline/llm/types.js';
import { parseToolResponse } from '../../pipeline/prompts/parseAction.js';
import { recordName, singular } from '../../pipeline/resolution/simulatorRules.js';
import { apiOf, isPlainObject } from '../../pipeline/errors/values.js';
import { toJson } from '../../pipeline/pyValues.js';
import { Rng } from '../../pipeline/rng.js';
import { isCjkText, joinAnd, keyAsWords, QUOTED_TEXT } from '../../pipeline/quality/grammar.js';
import { callChangesState, responseRefuses } from '../../pipeline/errors/sideEffects.js';
import { awaitedOrder, writtenWhat, answerSentences, addressOfLonLat, lonLatText, bareNamesOf, codesBare, placeOfCoordinates, propertyOfCoordinates, restatedSentences, titlesById, nearestPlaceOf, addressInWords, askedCount, asksWholeList, pressureFloor, askedFieldWord, dayInWords, spokenField, epochInWords, fieldWords, inSecondPerson, moneyUnit, requestUsesKey, singularOf, momentInWords, isPlaceholderValue, unitOf, webSearchOf, yesNoQuestion, pickAsked, pickedRecords, rankedRecords, type PickAsked, type Ranked } from '../../pipeline/answerFacts.js';
import { FAILURE_OPENERS, failedSentence, nextStepQuestion, partialOpener, shownInAnswer } from './failureSentences.js';
import { lastSentenceOf } from '../../pipeline/failureQuestion.js';
import { namedOpenerParts, openerWithFailure } from '../../pipeline/partialOpeners.js';
import { availabilityPhrase } from './availabilityPhrase.js';
import { keepFirstUnits } from '../../pipeline/unitWords.js';
import { escapeRegExp } from '../../pipeline/errors/vocabulary.js';
import { describedFilm, doubanFilmPhrase } from '../../pipeline/doubanWords.js';
import { unfilterableGenre, unfilteredGenreSentence } from '../../pipeline/quality/askedItems.js';
import { ARXIV_NOTHING_FOUND } from '../../pipeline/resolution/arxivPapers.js';
import { placeNamed } from '../../pipeline/resolution/places.js';
import { SEARCH_FOUND, SEARCH_SERVICES, searchFramesVaried } from '../../pipeline/searchFrames.js';
import { WEEKDAY_NAMES } from '../../pipeline/resolution/knownFacts.js';
import { namesOnce } from './namesOnce.js';
import { LON_LAT_DOC } from '../../pipeline/resolution/coordinateOrder.js';

export interface AnswerInput {
  request: string;
  steps: { name: string; args: Record<string, unknown> | string; response: string; error?: string }[];
  /** The turn's tool docs (name and return fields): the unit a returned number is in ("The distance between the two cities in km."). */
  tools?: { name: string; description?: string; return_data?: { name: string; description: string }[]; /** The parameters the tool takes, by name: a list asked for in a genre it cannot filter by is told as not limited to it. */ params?: string[] }[];
  /**
   * The request's later tool steps, not run (set only when a closing answer follows a failure with
   * steps still to come): the answer counts them among the steps not done, says those that take what
   * the failed step was to give (`needsFailed`) wait on it, and never offers to go on without it.
   */
  waiting?: { name: string; args: Record<string, unknown> | string; needsFailed?: boolean }[];
  /**
   * The trajectory's earlier turns, each request with its closing answer as shown: a number told again keeps
   * the unit it was first told in (keepFirstUnits: "the 750 km drive" after "the distance is 750 km").
   */
  earlier?: { request: string; answer: string }[];
}

/**
 * What the step being told has to go by while its value is said: the units its doc gives its return
 * fields, and the request's words (a field the user named is given for every record listed). Set by
 * stepSentence for the one synchronous call that says a step.
 */
const told: { /** What one record of this call's list under a container key ("results") is: "news article" for get_ticker_news, never "result", a search's word. */ recordNoun?: string; /** The drive a feasibility check was for, as a distance ("750-mile"): set while a step with a distance argument is told. */ drive?: string; units: Record<string, string>; docs: Record<string, string>; request: string; lastAbout?: string; /** The pattern a grep step searched for: a long matching line is told by its sentences that hold it. */ pattern?: string; /** The file a grep step searched: a name it found is said to be in it. */ grepFile?: string; /** A later step of the turn locks or unlocks doors: a door reading is told in the past. */ doorsChangeLater?: boolean; /** How a map of ids to messages says the id: "to" for messages sent (view_messages_sent), else "under". */ mapPrep?: string; /** The company a quote's symbol was looked up from, where the answer leaves that look-up out: "Quasar Ltd. (QUAS) is at …". */ company?: string; money?: (key: string) => string | undefined; titles?: ReadonlyMap<string, string>; /** Queries more than one service was searched for in the turn. */ sharedQueries?: ReadonlySet<string>; openings?: number } = { units: {}, docs: {}, request: '' };

/** An amount with the currency its call is in (moneyUnit): "400 USD", never a bare "400". */
const withMoney = (key: string, v: unknown, depth = 0) => {
  const unit = typeof v === 'number' ? told.money?.(key) : undefined;
  return unit ? `${say(v, depth)} ${unit}` : say(v, depth);
};

export const AnswerOutput = z.object({ answer: z.string().trim().min(1) });
export type AnswerOutput = z.infer<typeof AnswerOutput>;

/** Only for the model's prompt: a huge response is shortened there, never in an answer. */
const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1).trimEnd()}…` : s);
const humanize = keyAsWords;
/** Strings up to this many characters are quoted whole; a longer one is described, never cut. */
const WHOLE_STRING = 240;
/** Lists up to this many items are named in full; a longer one is counted and its first items named. */
const WHOLE_LIST = 6;
/** The longest list of names or codes told whole when the user asks for all of it (list_all_airports gives 23 codes). */
const ASKED_WHOLE_LIST = 40;
/**
 * Objects up to this many fields are stated in full (a film's details, an invoice); a larger one has
 * that many stated and the rest counted with their keys named. A closing answer that names fields
 * without their values tells the user nothing they asked for.
 */
const WHOLE_OBJECT = 10;

/**
 * A record's fields in a row, a closing "with …" after a comma, not an "and": "rated 8.7, with a popularity
 * of 118.4", not "rated 8.7 and with a popularity of 118.4" (answer_field_word_count).
 */
function joinFields(items: string[]): string {
  const last = items[items.length - 1];
  if (items.length < 2 || !/^with /.test(last) || /^with /.test(items[items.length - 2])) return joinAnd(items);
  return `${items.slice(0, -1).join(', ')}, ${last}`;
}

/** "entry" → "entries", "day" → "days", "address" → "addresses". */
const pluralOf = (word: string) => (word === 'more' ? word : /[^aeiou]y$/.test(word) ? `${word.slice(0, -1)}ies` : /(s|x|ch|sh)$/.test(word) ? `${word}es` : `${word}s`);
/** "entry under people also ask" -> "entries under people also ask": the head noun takes the plural. */
const plural = (n: number, word: string) => {
  const [head, tail] = word.split(/(?= under )/);
  return `${n.toLocaleString('en-US')} ${n === 1 ? head : pluralOf(head)}${tail ?? ''}`;
};

/** A line that opens with a list marker: "- 8 items reviewed", "2. Melting ice caps", "• Shell". */
const POINT_LINE = /^(?:[-*•]|\d{1,2}[.)])\s+(?=\S)/;

/**
 * A text quoted whole. Lines that are points ("Notes: hotel\n- 8 items reviewed\n- open questions sent
 * to the team") are quoted one by one, their markers said in words ("\"Notes: hotel\" and then, point by
 * point, \"8 items reviewed\" and \"open questions sent to the team\""): run into one line they read as a
 * sentence broken by dashes (answer_points_run_together). Any other text on one line.
 */
function quoteWhole(text: string): string {
  const lines = text.split(/\n|\[SPAN\]/).map((l) => l.trim()).filter(Boolean);
  const points = lines.findIndex((l) => POINT_LINE.test(l));
  if (points >= 0 && points <= 1 && lines.length - points >= 2 && lines.slice(points).every((l) => POINT_LINE.test(l))) {
    const said = joinAnd(lines.slice(points).map((l) => JSON.stringify(l.replace(POINT_LINE, ''))));
    return points ? `${JSON.stringify(lines[0])} and then, point by point, ${said}` : `point by point ${said}`;
  }
  return JSON.stringify(text.replace(/\s+/g, ' ').trim());
}

/** A string stated whole, or — when too long to repeat — what it is, with its first sentence if that is short. */
function sayString(text: string): string {
  const t = text.replace(/\s+/g, ' ').trim();
  if (!t) return 'an empty text';
  if (t.length <= WHOLE_STRING) return quoteWhole(text);
  const records = labelledRecords(text);
  if (records) return sayLabelled(records);
  // A text is told by what it says, not by its length ("106 words of text, opening with …": answer_field_word_count).
  const first = openingOf(text) ?? (isCjkText(t) ? t.slice(0, 60) : t.split(' ').slice(0, 20).join(' '));
  return `a longer text opening ${JSON.stringify(first)}`;
}

/**
 * A text under a field's name is quoted whole up to this many characters (a film's overview, a
 * paper's abstract): the user asked to see it, and a word count tells them nothing.
 */
const WHOLE_TEXT = 600;
/** Chinese or Japanese says as much in half the characters. */
const fitsWhole = (t: string) => t.length <= (isCjkText(t) ? WHOLE_TEXT / 2 : WHOLE_TEXT);

/** A synopsis after "Douban's synopsis": whole when it reads in a breath (`: "…"`), else by its first sentence (` opens "…"`). */
function synopsisQuoted(text: string): string {
  const t = text.replace(/\s+/g, ' ').trim();
  if (fitsWhole(t)) return `: ${quoteWhole(t)}`;
  const first = /^[^。！？.!?]{6,150}[。！？.!?]/.exec(t)?.[0] ?? t.slice(0, 60);
  return ` opens ${JSON.stringify(first)}`;
}

/** A text's opening to quote: its first sentence, or its first line, when short enough to read as one. */
function openingOf(text: string): string | undefined {
  const line = text.trim().split(/\n/)[0].trim();
  const t = text.replace(/\s+/g, ' ').trim();
  return t.match(/^[^.!?]{10,300}[.!?](?=\s)/)?.[0] ?? (line.length >= 10 && line.length <= 300 && line.length < t.length ? line : undefined);
}

/** A long text under a field's name: whole when it reads in a breath, else "runs to 400 words and opens with "…"". */
function longText(text: string): string | undefined {
  const t = text.replace(/\s+/g, ' ').trim();
  if (t.length <= WHOLE_STRING) return undefined;
  if (fitsWhole(t)) return `reads ${quoteWhole(text)}`;
  const first = openingOf(text) ?? (isCjkText(t) ? t.slice(0, 60) : t.split(' ').slice(0, 20).join(' '));
  return `opens with ${JSON.stringify(first)}`;
}

/**
 * A text that holds records as labelled lines, blank lines between them ("Published: 2019-09-08\n
 * Title: …\nAuthors: …\nSummary: …" — an arXiv search): the records, each label with its value.
 */
export function labelledRecords(text: string): Record<string, string>[] | undefined {
  const blocks = text.trim().split(/\n\s*\n/);
  const records: Record<string, string>[] = [];
  for (const block of blocks) {
    const record: Record<string, string> = {};
    let last: string | undefined;
    for (const line of block.split('\n')) {
      const m = /^([A-Z][A-Za-z]*(?: [A-Za-z]+){0,2}):\s*(.*)$/.exec(line.trim());
      if (m && !(m[1] in record)) record[(last = m[1])] = m[2].trim();
      else if (last) record[last] = `${record[last]} ${line.trim()}`.trim();
      else return undefined;
    }
    if (Object.keys(record).length < 2) return undefined;
    records.push(record);
  }
  return records.length >= 2 || (records.length === 1 && Object.keys(records[0]).length >= 3) ? records : undefined;
}

/** Such records in words: "3 papers: "Lecture Notes…" by Elad Hazan (published 2019-09-08; summary opening "…"), …". */
function sayLabelled(records: Record<string, string>[]): string {
  const keys = new Set(records.flatMap((r) => Object.keys(r).map((k) => k.toLowerCase())));
  const noun = keys.has('title') && keys.has('authors') ? 'paper' : 'entry';
  const items = records.map((r) => {
    const title = Object.entries(r).find(([k]) => /^(?:title|name)$/i.test(k));
    const by = Object.entries(r).find(([k]) => /^(?:authors?|by)$/i.test(k));
    const rest = Object.entries(r).filter(([k]) => k !== title?.[0] && k !== by?.[0]);
    const parts = rest.map(([k, v]) => {
      const key = k.toLowerCase();
      const text = v.replace(/\s+/g, ' ').trim();
      // A date or a number as it is written; a short text quoted whole; an abstract by its opening sentence.
      if (/^[\d.,:/ -]+$/.test(text)) return spokenField(k, dayInWords(text) ?? text, text) ?? `${key} ${text}`;
      if (text.length <= WHOLE_STRING) return spokenField(k, JSON.stringify(text), text) ?? `${key} ${JSON.stringify(text)}`;
      const first = openingOf(v);
      if (first) return /^(?:summary|abstract)$/.test(key) ? `it opens ${JSON.stringify(first)}` : `${key} opening ${JSON.stringify(first)}`;
      return fitsWhole(text) ? `${key} ${JSON.stringify(text)}` : `a ${plural(text.split(' ').length, 'word').replace(/ words?$/, '-word')} ${key}`;
    });
    const head = `${title ? JSON.stringify(title[1]) : 'one'}${by ? ` by ${authorsSaid(by[1])}` : ''}`;
    return parts.length ? `${head} (${parts.join('; ')})` : head;
  });
  return `${plural(records.length, noun)}: ${joinAnd(items)}`;
}

/**
 * A record's author field said as an English list: arXiv's "Yingbo Li, Anamaria-Beatrice Spulber, Yucong Duan"
 * is "Yingbo Li, Anamaria-Beatrice Spulber and Yucong Duan" (answer_authors_unjoined). A field that is no plain
 * list of full names ("Smith, J.", one name, one already joined with "and") stays as it is.
 */
export function authorsSaid(field: string): string {
  const names = field.split(/,\s+/);
  if (names.length < 2 || /\band\b/.test(field) || !names.every((n) => /^[A-Z][\w.'-]*(?: [A-Z][\w.'-]*)+$/.test(n.trim()))) return field;
  return joinAnd(names.map((n) => n.trim()));
}

/**
 * A subject said once: a sentence opening with the same long subject as the one before it takes "It"
 * ("The business-class flight from SFO to LAX on 10 November 2026 costs 400 USD. It is booked as booking
 * 3426812, …"), never the six words again (answer_subject_repeated: bfcl_multi_turn_base_151).
 */
export function subjectOnce(sentences: string[]): string[] {
  const out = sentences.slice();
  for (let i = 1; i < out.length; i++) {
    const a = out[i - 1].split(' ');
    const b = out[i].split(' ');
    let n = 0;
    while (n < a.length && n < b.length && a[n] === b[n]) n++;
    if (n >= 6 && /^(?:is|was|costs|has|had)$/.test(b[n] ?? '') && /^(?:is|was|costs|has|had|cost)$/.test(a[n] ?? '')) out[i] = `It ${b.slice(n).join(' ')}`;
    // A company named with its symbol right after the sentence telling that symbol: "Apple Inc. trades under the symbol
    // AAPL. It is at One Apple Park Way, …", never "Apple Inc. (AAPL) is at …" (the name and symbol said again).
    const traded = /^(?:(.+) trades under the symbol (\S+)|The stock symbol of (.+) is (\S+))\.$/.exec(out[i - 1])?.filter(Boolean);
    const named = traded ? `${traded[1]} (${traded[2]}) ` : undefined;
    if (named && out[i].startsWith(`${named}is `)) out[i] = `It ${out[i].slice(named.length)}`;
  }
  return out;
}

/** A conversion of money as conversion() says it ("400 USD is 320 EUR.", "400 USD comes to 320 EUR."). */
const MONEY_CONVERTED = /^(\d[\d.,]*) ([A-Z]{3}) (?:is|are|comes? to) (\d[\d.,]*) ([A-Z]{3})\.$/;

/**
 * A price converted said with the price, where the answer tells what costs it: "The business-class flight … costs
 * 400 USD, which is 320 EUR.", never "400 USD is 320 EUR." before anything has cost 400 USD (answer_conversion_apart,
 * bfcl_multi_turn_base_151).
 */
export function conversionWithCost(answer: string): string {
  const sentences = answerSentences(answer);
  for (const [i, s] of sentences.entries()) {
    const m = MONEY_CONVERTED.exec(s);
    if (!m) continue;
    const cost = new RegExp(`\\bcosts? ${escapeRegExp(`${m[1]} ${m[2]}`)}(?=[.;,]|$)`);
    const at = sentences.findIndex((t, k) => k !== i && cost.test(t));
    if (at < 0) continue;
    const out = sentences.slice();
    out[at] = out[at].replace(cost, (c) => `${c}, which is ${m[3]} ${m[4]}`);
    out.splice(i, 1);
    return out.join(' ');
  }
  return answer;
}

/** "It is 16:15 on 19 October 2023." and "It is Thursday." (or "Today is …"), either first. */
const CLOCK_SAID = /^It is (now )?(\d{1,2}:\d{2}) on (\d{1,2} [A-Z][a-z]+ \d{4})\.$/;
const WEEKDAY_SAID = /^(?:It is|Today is) ((?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day)\.$/;

/**
 * The time and the weekday of one moment said in one sentence ("It is 16:15 on Thursday, 19 October 2023."),
 * never two in a row of one frame ("It is 16:15 on 19 October 2023. It is Thursday.": answer_clock_split).
 */
export function clockOnce(answer: string): string {
  const sentences = answerSentences(answer);
  const out: string[] = [];
  for (let i = 0; i < sentences.length; i++) {
    const a = sentences[i];
    const b = sentences[i + 1] ?? '';
    // The clock's sentence and the weekday's, in either order.
    const [clock, day] = CLOCK_SAID.test(a) ? [CLOCK_SAID.exec(a), WEEKDAY_SAID.exec(b)] : [CLOCK_SAID.exec(b), WEEKDAY_SAID.exec(a)];
    // Only a weekday that is the date's own: two tools that disagree are told apart as they answered.
    if (clock && day && WEEKDAY_NAMES[new Date(`${clock[3]} 12:00 UTC`).getUTCDay()] === day[1]) {
      out.push(`It is ${clock[1] ?? ''}${clock[2]} on ${day[1]}, ${clock[3]}.`);
      i++;
      continue;
    }
    out.push(a);
  }
  return out.length === sentences.length ? answer : out.join(' ');
}

/**
 * The passes over a whole answer that say each thing once, in order: numbers told again said by what they add
 * (answer_facts_restated), a flight said whole once (answer_thing_named_twice), each search in its own frame
 * (answer_search_frame_twice), one moment in one sentence (answer_clock_split), a converted price with its price
 * (answer_conversion_apart), a name said once where "it" would do (answer_name_said_again).
 */
const SAID_ONCE: ((answer: string) => string)[] = [restatedOnce, flightOnce, searchFramesVaried, clockOnce, conversionWithCost, namesOnce, pairsJoined];

/**
 * Two sentences in a row in one frame, about two things, joined: "The nearest airport to Rivermist is RMS, and the one to
 * Stonebrook is SBK.", "The zipcode of San Francisco is 94016, and that of Rivermist is 83214.", ""北京市政府" is at …, and
 * "上海市政府" at …", never the frame said twice over (answer_frame_twice_in_row, bfcl_multi_turn_base_192, 63; teval_query_464_1).
 */
export function pairsJoined(answer: string): string {
  const sentences = answerSentences(answer);
  const out: string[] = [];
  for (let i = 0; i < sentences.length; i++) {
    const [a, b = ''] = [sentences[i], sentences[i + 1]];
    const [fa, fb] = [FIELD_OF.exec(a), FIELD_OF.exec(b)];
    if (fa && fb && fa[1] === fb[1] && fa[2] === fb[2] && fa[3] !== fb[3]) {
      out.push(`${a.slice(0, -1)}, and ${fa[2] === 'of' ? 'that' : 'the one'} ${fb[2]} ${fb[3]} is ${fb[4]}.`);
      i++;
      continue;
    }
    const [pa, pb] = [PLACED_AT.exec(a), PLACED_AT.exec(b)];
    if (pa && pb && pa[1] !== pb[1]) {
      out.push(`${a.slice(0, -1)}, and ${pb[1]} at ${pb[2]}.`);
      i++;
      continue;
    }
    out.push(a);
  }
  return out.length === sentences.length ? answer : out.join(' ');
}
/** A field of a thing in one sentence: "The nearest airport to Rivermist is RMS.", "The zipcode of Rivermist is 83214.". */
const FIELD_OF = /^The ([a-z][a-z ]*?) (of|to|for|in) ([^,;:"]+?|"[^"]+") is ([^,;:]+)\.$/;
/** Where a named thing is: ""北京市政府" is at longitude 116.407417, latitude 39.904172.". */
const PLACED_AT = /^("[^"]+") is at ([^;:]+)\.$/;

/** A flight as flightOf says it ("first-class flight from SFO to ORD on 15 November 2026"), after its article. */
const FLIGHT_SAID = /\b(?:[Aa]n?|[Tt]he) ((?:first-class |business-class |premium economy |economy )?flight from [^\s;,.]+ to [^\s;,.]+(?: on \d{1,2} [A-Z][a-z]+ \d{4})?)/g;

/**
 * A flight said whole once (answer_thing_named_twice): after "A first-class flight from SFO to ORD on 15 November
 * 2026 costs 4000 USD." the booking is "I booked it under booking 3426812; …" or "It is booked as booking …",
 * and further on "the flight" where the answer has no other, never the eight words again.
 */
export function flightOnce(answer: string): string {
  const sentences = answerSentences(answer);
  const firstAt = new Map<string, number>();
  sentences.forEach((s, i) => {
    for (const m of s.replace(QUOTED_TEXT, '""').matchAll(FLIGHT_SAID)) if (!firstAt.has(m[1])) firstAt.set(m[1], i);
  });
  if (!firstAt.size) return answer;
  const only = firstAt.size === 1;
  let changed = false;
  const out = sentences.map((s, i) => {
    let t = s;
    for (const [flight, at] of firstAt) {
      if (at >= i) continue;
      const f = escapeRegExp(flight);
      const before = t;
      if (at === i - 1) t = t.replace(new RegExp(`^The ${f} (?=is\\b)`), 'It ').replace(new RegExp(`\\b(booked|reserved) the ${f}(?=[ ;,.])`), '$1 it');
      if (only) t = t.replace(new RegExp(`^The ${f}\\b`), 'The flight').replace(new RegExp(`\\bthe ${f}\\b`, 'g'), 'the flight');
      changed ||= t !== before;
    }
    return t;
  });
  return changed ? out.join(' ') : answer;
}

/**
 * A sentence that would only tell again numbers the answer already told is said by what it adds
 * (answer_facts_restated): a room reserved right after it was told free runs into that sentence ("Room 103
 * is the only one free from 14:00 to 16:00, so I reserved it."); an invoice of the booking just told
 * confirms its charge ("The invoice confirms the charge of 400 USD for booking 3426812."), never the
 * whole trip again.
 */
export function restatedOnce(answer: string): string {
  const sentences = answerSentences(answer);
  const restated = new Set(restatedSentences(sentences));
  if (!restated.size) return answer;
  const out: string[] = [];
  sentences.forEach((s, i) => {
    const room = restated.has(i) ? /^I (?:have )?reserved room (\S+) from (\S+) to (\S+)\.$/.exec(s) : null;
    // The sentence that told the room free, wherever it stands (a yes/no answer puts it first).
    const at = room ? out.findLastIndex((p) => /\.$/.test(p) && p.includes(`from ${room[2]} to ${room[3]}`) && new RegExp(`\\b${escapeRegExp(room[1])}\\b`).test(p)) : -1;
    if (room && at >= 0) {
      const prev = out[at];
      const alone = new RegExp(`^(?:Yes, )?[Rr]oom ${escapeRegExp(room[1])} is the only one\\b`).test(prev);
      out[at] = alone ? `${prev.slice(0, -1)}, so I reserved it.` : `${prev.slice(0, -1)}; I reserved room ${room[1]}.`;
      return;
    }
    const invoice = restated.has(i) ? /^The invoice is for the .+?, (\d[\d.,]* [A-Z]{3}) \(booking (\w+)(?:, transaction \w+)?\)\.$/.exec(s) : null;
    out.push(invoice ? `The invoice confirms the charge of ${invoice[1]} for booking ${invoice[2]}.` : s);
  });
  return out.join(' ');
}

/** A value in words: whole where it is short, otherwise counted and described (never cut with an ellipsis). */
function say(value: unknown, depth = 0): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return dayInWords(value) ?? momentInWords(value) ?? sayString(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  // Binary floating point's noise (5.283440000000001) is no digit anyone stated.
  if (typeof value === 'number') return String(Number.isInteger(value) ? value : Number(value.toPrecision(12)));
  if (Array.isArray(value)) {
    if (value.length === 0) return 'an empty list';
    const scalar = value.every((v) => v === null || typeof v !== 'object');
    if (scalar && value.length === 1 && depth < 2) return `just ${say(value[0], depth + 1)}`;
    if (scalar && value.length <= WHOLE_LIST && depth < 2) return `a list of ${value.length}: ${joinAnd(value.map((v) => say(v, depth + 1)))}`;
    if (scalar) return `${plural(value.length, 'item')}, the first three being ${joinAnd(value.slice(0, 3).map((v) => say(v, depth + 1)))}`;
    if (value.every(isPlainObject)) return recordList(value, 'entry', depth + 1);
    // Lists inside a list (a conversation's lines): the plain values they hold, counted.
    const flat = value.flat(Infinity as 1);
    if (flat.every((v) => v === null || typeof v !== 'object')) return say(flat, depth);
    return plural(value.length, 'entry');
  }
  if (isPlainObject(value)) {
    if (Object.keys(value).length === 0) return 'empty';
    return depth > 1 ? plural(Object.keys(value).length, 'field') : `one with ${pairs(value, depth + 1)}`;
  }
  return toJson(value);
}

/** "key value, key value and key value" — every field when there are few, else counted with the keys named. */
function fields(value: unknown, depth: number): string {
  if (!isPlainObject(value)) return say(value, depth);
  // An empty part beside others ("booking_history": {}, whose doc says it may be empty anyway) is no
  // fact to tell: "there is no booking history" (answer_field_dump).
  // A search's echo of its own query ("search parameters (q "…", type "search" and engine "google")") is
  // no finding: said only when the user asks for it (answer_label_run).
  const all = Object.entries(value).filter(([k]) => !/^search_?(?:parameters|metadata|information)$/i.test(k) || requestUsesKey(k, told.request));
  const nonEmpty = all.length > 1 ? all.filter(([, v]) => !(isPlainObject(v) && Object.keys(v).length === 0)) : all;
  // A field with no value ("director": null, "affiliation": "Unknown affiliation") beside others is left out, never read as a fact (answer_placeholder_fact).
  // A look-up's bookkeeping beside what it found ("status": "1", "info": "OK", "infocode": "10000", "count": "0") is no finding (answer_label_run).
  const found = nonEmpty.some(([k, v]) => Array.isArray(v) && !/^(?:status|info|infocode|count)$/i.test(k));
  const bookkeeping = (k: string, v: unknown) => found && /^(?:status|info|infocode|count)$/i.test(k) && (typeof v === 'string' || typeof v === 'number') && /^(?:ok|\d+)$/i.test(String(v).trim());
  const valued = nonEmpty.filter(([k, v]) => v !== null && !isPlaceholderValue(v) && !bookkeeping(k, v));
  const entries = valued.length ? valued : nonEmpty;
  if (entries.length === 0) return 'no fields';
  const order = orderPhrase(value);
  if (order) return order;
  const weather = weatherPhrase(value);
  if (weather) return weather.rest ? `${weather.said}; besides, ${fields(weather.rest, depth)}` : weather.said;
  const days = availabilityPhrase(value);
  if (days) return days;
  const tires = tirePhrase(value);
  if (tires) return tires.rest ? `${tires.said}, and ${fields(tires.rest, depth)}` : tires.said;
  // Four or more plain fields read as a record's line ("price 227.16, volume 2.552 and status Open"),
  // not as "the price is …, the volume is …, the status is …" (answer_field_dump).
  const plainCount = entries.filter(([k, v]) => plainField(k, v)).length;
  const compact = plainCount >= 3 || (plainCount >= 2 && entries.length >= 4);
  if (isListMap(value)) return listMap('entries', value, depth);
  const columns = parallelLists(value);
  if (columns) return columnsByItem(value, columns, depth);
  const rest = entries.slice(WHOLE_OBJECT);
  const more = rest.length ? [`${plural(rest.length, 'more field')} (${joinAnd(rest.map(([k]) => humanize(k)))})`] : [];
  const kind = propertyKind(value);
  const spot = coordinates(value);
  return joinFields([
    ...entries.slice(0, WHOLE_OBJECT).filter(([k]) => !kind?.skip.has(k) && !(spot && k === spot.lon)).map(([k, v]) => {
      if (kind && k === kind.key) return kind.said;
      if (spot && k === spot.lat) return spot.said;
      const genres = genrePhrase(k, v, value);
      if (genres) return genres;
      const doors = isPlainObject(v) ? doorPhrase(v) : undefined;
      if (doors) return doors;
      const records = Array.isArray(v) && v.length > 0 && v.every(isPlainObject);
      // A list of records is counted by what it holds ("there are 3 places: …"), never "the places are 3 entries".
      if (records || (Array.isArray(v) && v.length === 0)) {
        const noun = CONTAINER_KEY.test(k) ? (told.recordNoun ?? 'result') : singularWord(humanize(k).toLowerCase());
        // Beside the record's other fields a short named list is one field ("the genres are "Drama" and
        // "Crime""), never a count and a colon that swallows the fields after it (answer_record_dump).
        const names = records ? v.map(recordName) : [];
        if (entries.length > 1 && records && v.length <= WHOLE_LIST && names.every((n) => n !== undefined)) {
          const said = joinAnd(names.map((n) => JSON.stringify(n)));
          return v.length === 1 ? `the only ${noun} is ${said}` : `the ${humanize(k).toLowerCase()} are ${said}`;
        }
        return `there ${v.length === 1 ? 'is' : 'are'} ${recordList(v, noun, depth)}`;
      }
      const name = userWord(k) ?? humanize(k);
      // A text field with nothing in it ("resolution": "") is a thing not recorded, never "the resolution is an empty text" (answer_empty_text_read).
      if (typeof v === 'string' && !v.trim()) return `no ${name.toLowerCase()} ${isPluralNoun(k) ? 'are' : 'is'} recorded`;
      // A flag of success reads as what happened; a name ending in a preposition ("created by",
      // "cited by", "expires in") is a phrase its value completes, never a noun with "the … is".
      if (typeof v === 'boolean' && /^(success|ok|succeeded)$/i.test(name)) return v ? 'it succeeded' : 'it did not succeed';
      if (typeof v === 'boolean') return sayFlag(name, v);
      if (typeof v === 'string' && /address/i.test(k) && addressInWords(v)) return `the address is ${addressInWords(v)}`;
      if (compact && plainField(k, v) && spokenField(k, measured(k, v, depth) ?? bare(v), v)) return spokenField(k, measured(k, v, depth) ?? bare(v), v)!;
      if (compact && plainField(k, v)) return `${(userWord(k) ?? lineKey(k, v)).replace(/^[A-Z](?=[a-z]|$)/, (c) => c.toLowerCase())} ${measured(k, v, depth) ?? bare(v)}`;
      if (PHRASE_FIELD.test(name) && !NOUN_COMPOUND.test(name)) return `${name.toLowerCase()} ${completing(v, depth)}`;
      // A map from ids to lists ({"USR005": [["Hey Sarah…"]], "travel_agent": ["Thank you…"]}): the
      // items counted in the field's own noun, each id with what it holds.
      if (isPlainObject(v) && isListMap(v)) return listMap(k, v, depth);
      // One field inside another ({"message_id": {"new_id": 67410}}): one value, named once.
      if (isPlainObject(v) && Object.keys(v).length === 1 && !isPlainObject(Object.values(v)[0]) && !Array.isArray(Object.values(v)[0])) return soleField(k, v);
      // A record inside the answer (an invoice) has its own fields, stated as "booking id …, travel date …".
      if (isPlainObject(v) && addressInWords(v)) return `the ${name} is ${addressInWords(v)}`;
      if (isPlainObject(v) && Object.keys(v).length > 0 && depth < 3) {
        const spoken = recordPhrase(v, depth + 1);
        if (spoken) return `the ${name} is for ${spoken}`;
        // A wrapper holding one named record is said of its name: ""Apple Inc." is at One Apple Park Way, …", not "the results have at …".
        const named = CONTAINER_KEY.test(k) ? Object.keys(v).find((x) => /^(?:name|title)$/i.test(x) && typeof v[x] === 'string' && (v[x] as string).trim()) : undefined;
        if (named) {
          const rest = pairs(Object.fromEntries(Object.entries(v).filter(([x]) => x !== named)), depth + 1);
          return `${JSON.stringify((v[named] as string).trim())} ${SPOKEN.test(rest) ? 'is' : 'has'} ${rest}`;
        }
        const held = pairs(v, depth + 1);
        // A wrapper's key is no thing found ("the content has 9 organic entries"): what it holds is ("there are 9 search results, …").
        if (CONTAINER_KEY.test(k) && /^\d/.test(held)) return `there ${/^1 /.test(held) ? 'is' : 'are'} ${held}`;
        return `the ${name} ${isPluralNoun(k) ? 'have' : 'has'} ${held}`;
      }
      if (isPlainObject(v)) return `there is no ${name.toLowerCase()}`;
      // A unit is what the number counts: "that is 3.96258 gallons", not "the gallon is 3.96258".
      if (typeof v === 'number' && UNITS[k.toLowerCase()]) return `that is ${say(v)} ${UNITS[k.toLowerCase()]}`;
      if (typeof v === 'number' && /^result$/i.test(k)) return `it comes to ${say(v)}`;
      // "the remaining unlocked doors are 0" is "no door is left unlocked"; 4 after an unlock are unlocked now, not "still" (the answer does not say which call it follows).
      if (typeof v === 'number' && /^remaining_?unlocked_?doors$/i.test(k)) return v === 0 ? 'no door is left unlocked' : `${plural(v, 'door')} ${v === 1 ? 'is' : 'are'} unlocked now`;
      if (measured(k, v, depth)) return `the ${lineKey(k, v) === 'date' ? 'date' : name} ${/[^siu]s$/.test(k) ? 'are' : 'is'} ${measured(k, v, depth)}`;
      // A one-word value ("words", "running") is a word of the sentence, not code to quote.
      if (typeof v === 'string' && /^[a-z][a-z-]{0,24}$/.test(v.trim())) return `the ${name} ${/[^siu]s$/.test(k) ? 'are' : 'is'} ${v.trim()}`;
      if (typeof v === 'string' && v.length > WHOLE_STRING) {
        // Records written as labelled lines, or a value written out as text ({'film': […]} read from a file): what they hold.
        const records = labelledRecords(v);
        if (records) return `there ${records.length === 1 ? 'is' : 'are'} ${sayLabelled(records)}`;
        const inner = parseToolResponse(v.trim());
        if ((isPlainObject(inner) && Object.keys(inner).length > 0) || (Array.isArray(inner) && inner.length > 0)) return isPlainObject(inner) ? fields(inner, depth + 1) : `the ${name} ${/[^siu]s$/.test(k) ? 'hold' : 'holds'} ${say(inner, depth + 1)}`;
      }
      const long = typeof v === 'string' ? longText(v) : undefined;
      if (long) return `the ${name} ${long}`;
      // A reply's one message under a name that repeats who sent it ("customer_support_message") is the reply:
      // "I contacted customer support, and the reply reads "…"", not "the customer support message reads" (answer_field_name_frame).
      if (typeof v === 'string' && entries.length === 1 && /\S \S*message$/i.test(name)) return replyAsStatement(v) ?? `the reply reads ${say(v, depth)}`;
      if (typeof v === 'string' && /(?:content|text|lines|message)$/i.test(name)) return `the ${name} ${isPluralNoun(k) ? 'read' : 'reads'} ${say(v, depth)}`;
      // A status that is a sentence ("Stock TSLA removed from watchlist successfully.") is a message, quoted as one.
      if (typeof v === 'string' && /^(?:status|state|result)$/i.test(name) && v.trim().split(/\s+/).length >= 3) return replyAsStatement(v) ?? `the reply reads ${say(v, depth)}`;
      if (Array.isArray(v) && v.every((x) => x === null || typeof x !== 'object')) return sayScalarList(k, v, depth);
      return `the ${name} ${/[^siu]s$/.test(k) ? 'are' : 'is'} ${say(v, depth)}`;
    }),
    ...more,
  ]);
}

/** A short plain value a record line states after its key: a number, a short text (a one-word one unquoted: "status Open"). */
function plainField(k: string, v: unknown): boolean {
  const name = humanize(k);
  if (PHRASE_FIELD.test(name) || UNITS[k.toLowerCase()] || /^result$/i.test(k)) return false;
  if (typeof v === 'number') return true;
  if (typeof v !== 'string' || v.trim() === '' || v.length > 80 || /(?:content|text|lines|message)$/i.test(name)) return false;
  // A status that is a sentence is a message, quoted as one.
  return !(/^(?:status|state)$/i.test(name) && v.trim().split(/\s+/).length >= 3);
}
/** A value on a record's line: a one-word text as it is ("Open", "AAPL"), anything else as say() puts it. */
function bare(v: unknown): string {
  return typeof v === 'string' && /^[A-Za-z][A-Za-z-]{0,24}$/.test(v.trim()) ? v.trim() : say(v, 2);
}

/** A field's number with what it is in: an epoch moment as its date, a number its doc gives a unit for with that unit ("980 km"). */
function measured(k: string, v: unknown, depth: number): string | undefined {
  if (typeof v !== 'number') return undefined;
  if (/(?:^t$|time|date|timestamp)/i.test(k)) {
    const when = epochInWords(v);
    if (when) return when;
  }
  const unit = told.units[k] ?? told.money?.(k);
  return unit ? `${say(v, depth)} ${unit}` : undefined;
}
/** A field's name on a record's line: an epoch "timestamp" is the date it gives. */
const lineKey = (k: string, v: unknown) => (typeof v === 'number' && /^(?:t|timestamp)$/i.test(k) && epochInWords(v) ? 'date' : keyName(k));

/**
 * A stock order in a trader's words: "order 12446 is a buy order for 100 shares of AAPL at 227.16 a
 * share; it is open" (TradingBot's order details), not "the order type is "Buy", the symbol is "AAPL", …".
 * Its status is said as what the order is, never as a label after a comma ("…, status Pending", 109 closing
 * answers on g0: answer_order_label_tail); the price is per share, in no currency the tool never names.
 * Placed just now (`done`), the order is what was placed: "a buy order for … a share (order 12446); it is
 * pending". Undefined for any other record.
 */
function orderPhrase(record: Record<string, unknown>, args: unknown = {}, done = false): string | undefined {
  const type = record.order_type ?? record.type;
  const { price, status } = record;
  const symbol = record.symbol ?? (isPlainObject(args) ? args.symbol : undefined);
  const amount = record.amount ?? record.quantity;
  if (typeof type !== 'string' || !/^(?:buy|sell)$/i.test(type) || typeof symbol !== 'string' || typeof amount !== 'number' || typeof price !== 'number') return undefined;
  const used = new Set(['order_type', 'type', 'symbol', 'price', 'amount', 'quantity', 'status', 'id', 'order_id']);
  const id = record.order_id ?? record.id;
  const order = `a ${type.toLowerCase()} order for ${say(amount)} ${amount === 1 ? 'share' : 'shares'} of ${symbol} at ${say(price)} a share`;
  const head = id === undefined ? (done ? order : `it is ${order}`) : done ? `${order} (order ${say(id)})` : `order ${say(id)} is ${order}`;
  const rest = Object.fromEntries(Object.entries(record).filter(([k]) => !used.has(k)));
  const state = typeof status === 'string' && status.trim() ? orderState(status) : undefined;
  const tail = state ? `; it ${state}` : '';
  return Object.keys(rest).length ? `${head}${tail}; besides, ${fields(rest, 2)}` : `${head}${tail}`;
}

/** An order's status as what the order is: "is open", "is pending", "has been completed"; any other status word said as it is. */
function orderState(status: string): string {
  const word = status.trim().toLowerCase();
  if (/^(?:completed|filled|executed|cancell?ed|rejected|expired)$/.test(word)) return `has been ${word}`;
  return /^[a-z]+(?: [a-z]+)?$/.test(word) ? `is ${word}` : `has the status ${JSON.stringify(status.trim())}`;
}

/**
 * A record people say in a sentence of its own kind, not field by field (answer_label_run): a trip's
 * invoice ("the business-class trip from SFO to LAX on 25 November 2026, 400 USD (booking 3426812,
 * transaction 45451592)"), a review ("Maya Garcia rated it 10: "…""), a day's weather ("on 28
 * December 2020, light rain at 7.2 °C"). Undefined for any other record.
 */
function recordPhrase(record: Record<string, unknown>, depth: number): string | undefined {
  const doors = doorPhrase(record);
  if (doors) return doors;
  const keys = Object.keys(record);
  const get = (re: RegExp) => keys.find((k) => re.test(k) && record[k] !== undefined && record[k] !== null && record[k] !== '');
  const from = get(/^(?:travel_?from|origin|from)$/i);
  const to = get(/^(?:travel_?to|destination|to)$/i);
  if (from && to && typeof record[from] === 'string' && typeof record[to] === 'string') {
    const date = get(/^(?:travel_?date|date)$/i);
    const cls = get(/^(?:travel_?class|class)$/i);
    const cost = get(/^(?:travel_?cost|cost|price|total)$/i);
    const ids = keys.filter((k) => /(?:^|_)id$/i.test(k) && (typeof record[k] === 'string' || typeof record[k] === 'number'));
    const used = new Set([from, to, date, cls, cost, ...ids].filter(Boolean) as string[]);
    if (keys.some((k) => !used.has(k))) return undefined;
    const klass = cls && typeof record[cls] === 'string' ? `${(record[cls] as string).trim().toLowerCase()}-class ` : '';
    const when = date ? ` on ${measured(date, record[date], depth) ?? say(record[date], depth)}` : '';
    const price = cost ? `, ${withMoney(cost, record[cost], depth)}` : '';
    const refs = ids.map((k) => `${keyAsWords(k).toLowerCase().replace(/ id$/, '')} ${String(record[k])}`);
    return `the ${klass}trip from ${String(record[from])} to ${String(record[to])}${when}${price}${refs.length ? ` (${refs.join(', ')})` : ''}`;
  }
  const who = get(/^(?:user|username|user_?name|author|reviewer)$/i);
  const rating = get(/^(?:rating|score|stars)$/i);
  const content = get(/^(?:content|text|review|comments?)$/i);
  const posted = get(/^(?:time|date|created_?at|posted_?at)$/i);
  if ((who || rating) && content && typeof record[content] === 'string' && (!who || typeof record[who] === 'string') && keys.every((k) => k === who || k === rating || k === content || k === posted)) {
    const by = who ? (record[who] as string).trim() : 'a reviewer';
    // A machine timestamp ("2023-10-12T12:00:34Z") is told as its day ("posted 12 October 2023"), never quoted (answer_timestamp_quoted).
    const stamp = posted && typeof record[posted] === 'string' ? /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?$/.exec((record[posted] as string).trim()) : null;
    const day = stamp ? dayInWords(stamp[1]) : undefined;
    const when = posted && (typeof record[posted] === 'string' || typeof record[posted] === 'number') ? ` (posted ${day ?? `${/^\d{1,2}:\d{2}$/.test(String(record[posted]).trim()) ? 'at ' : ''}${measured(posted, record[posted], depth) ?? say(record[posted], depth)}`})` : '';
    const text = say(record[content], depth).replace(/^a longer text opening /, 'a longer review opening ');
    return rating && typeof record[rating] === 'number' ? `${by} rated it ${say(record[rating])}${when}, writing ${text}` : `${by} wrote${when} ${text}`;
  }
  const weather = weatherPhrase(record);
  const day = get(/^(?:date|day)$/i);
  if (weather && day && weather.rest && Object.keys(weather.rest).length === 1) {
    return `on ${measured(day, record[day], depth) ?? say(record[day], depth)}, ${weather.said.replace(/^the weather is /, '').replace(/, at /, ' at ')}`;
  }
  return undefined;
}

/** "booking id \"3426812\", travel date \"2024-12-15\" and travel cost 1020.0": a record's fields and values. */
function pairs(given: Record<string, unknown>, depth: number): string {
  // A field with no value ("rating": null, "affiliation": "Unknown affiliation") is no finding: left out, never read as "rating null" (answer_placeholder_fact).
  const known = Object.fromEntries(Object.entries(given).filter(([, v]) => v !== null && !isPlaceholderValue(v)));
  const record = Object.keys(known).length ? known : given;
  const spoken = recordPhrase(record, depth);
  if (spoken) return spoken;
  // A search's echo of its own query is no finding (answer_label_run): said only when asked for.
  const entries = Object.entries(record).filter(([k]) => !/^search_?(?:parameters|metadata|information)$/i.test(k) || requestUsesKey(k, told.request));
  const rest = entries.slice(WHOLE_OBJECT);
  const more = rest.length ? [`${plural(rest.length, 'more field')} (${joinAnd(rest.map(([k]) => keyName(k)))})`] : [];
  const small = (v: Record<string, unknown>) => Object.keys(v).length <= 4 && Object.values(v).every((x) => x === null || typeof x !== 'object');
  const stated = (k: string, v: unknown) => {
    const name = keyName(k);
    if (isPlainObject(v)) {
      if (isListMap(v)) return listMap(k, v, depth);
      const address = addressInWords(v);
      if (address) return `at ${address}`;
      return small(v) && depth < 4 ? `${name} (${pairs(v, depth + 1)})` : `${name} with ${plural(Object.keys(v).length, 'field')} of its own`;
    }
    if (Array.isArray(v)) {
      // A list under a key: counted in its noun ("9 organic entries", "8 related searches"), named when short.
      if (v.length > 0 && v.every(isPlainObject)) return recordList(v, nounOf(k), depth + 1, true);
      const flat = v.flat(Infinity as 1);
      if (flat.every((x) => x === null || typeof x !== 'object')) {
        if (flat.length === 0) return `no ${isPluralNoun(k) ? name : `${name} entries`}`;
        const shown = flat.length <= WHOLE_LIST ? joinAnd(flat.map((x) => say(x, depth + 1))) : `${plural(flat.length, 'value')}, the first three being ${joinAnd(flat.slice(0, 3).map((x) => say(x, depth + 1)))}`;
        return `${name} ${shown}`;
      }
      return `${name} with ${plural(v.length, 'entry')}`;
    }
    const value = measured(k, v, depth) ?? say(v, depth);
    const address = /address/i.test(k) ? addressInWords(v) : undefined;
    if (address) return `at ${address}`;
    return spokenField(k, value, v) ?? `${lineKey(k, v) === 'date' ? 'date' : userWord(k) ?? name} ${value}`;
  };
  const kind = propertyKind(record);
  const spot = coordinates(record);
  return joinFields([...entries.slice(0, WHOLE_OBJECT).filter(([k]) => !kind?.skip.has(k) && !(spot && k === spot.lon)).map(([k, v]) => (kind && k === kind.key ? kind.said : spot && k === spot.lat ? spot.said : stated(k, v))), ...more]);
}

/** A place's latitude and longitude as one place: "located at 37.7749, -122.4194", not "latitude 37.7749 and longitude -122.4194". */
function coordinates(record: Record<string, unknown>): { lat: string; lon: string; said: string } | undefined {
  const lat = Object.keys(record).find((k) => /^(?:lat|latitude)$/i.test(k) && typeof record[k] === 'number');
  const lon = Object.keys(record).find((k) => /^(?:lng|lon|long|longitude)$/i.test(k) && typeof record[k] === 'number');
  return lat && lon && Object.keys(record).length > 2 ? { lat, lon, said: `located at ${say(record[lat])}, ${say(record[lon])}` } : undefined;
}

/**
 * A car's doors by their state, as a driver says it: "the rear left door is unlocked and the driver,
 * passenger and rear right doors are locked", not "driver "locked", passenger "locked", rear left …".
 */
function doorPhrase(record: Record<string, unknown>): string | undefined {
  const entries = Object.entries(record);
  if (entries.length < 2 || !entries.every(([k, v]) => /^(?:driver|passenger|rear_?left|rear_?right|front_?left|front_?right)$/i.test(k) && typeof v === 'string' && /^(?:locked|unlocked|open|closed)$/i.test(v.trim()))) return undefined;
  const states = [...new Set(entries.map(([, v]) => (v as string).trim().toLowerCase()))];
  // "the rear left door was unlocked", not "is", when the turn locks it afterwards (bfcl_multi_turn_base_98: "… the rear left
  // door is unlocked. I locked every door." told a state the next step undid as the present one).
  const [is, are] = told.doorsChangeLater ? ['was', 'were'] : ['is', 'are'];
  if (states.length === 1) return `all ${countWord(entries.length)} doors ${are} ${states[0]}`;
  return joinAnd(states.map((st) => {
    const which = entries.filter(([, v]) => (v as string).trim().toLowerCase() === st).map(([k]) => keyAsWords(k).toLowerCase());
    return `the ${joinAnd(which)} ${which.length === 1 ? `door ${is}` : `doors ${are}`} ${st}`;
  }));
}

/** A film's genres as the kind of film it is: "a drama and crime film", not "the genres are "Drama" and "Crime"". */
function genrePhrase(k: string, v: unknown, record: Record<string, unknown>): string | undefined {
  if (!/^genres?$/i.test(k) || !Array.isArray(v) || v.length === 0 || v.length > 4) return undefined;
  if (!Object.keys(record).some((o) => /^(?:release_?date|runtime|overview|vote_?average)$/i.test(o))) return undefined;
  const names = v.map((g) => (typeof g === 'string' ? g : isPlainObject(g) ? recordName(g) : undefined));
  if (!names.every((n): n is string => typeof n === 'string' && /^[A-Za-z][A-Za-z -]{1,30}$/.test(n))) return undefined;
  const said = joinAnd(names.map((n) => n.toLowerCase()));
  return `${/^[aeiou]/.test(said) ? 'an' : 'a'} ${said} film`;
}

/**
 * A rental's type and capacity as a host says them: "a house for 2 guests", not "property type House,
 * person capacity 2". `key` is the field the phrase stands in for, `skip` the one it makes redundant.
 */
function propertyKind(record: Record<string, unknown>): { key: string; said: string; skip: Set<string> } | undefined {
  const key = Object.keys(record).find((k) => /^property_?type$/i.test(k));
  const type = key ? record[key] : undefined;
  if (!key || typeof type !== 'string' || !/^[A-Za-z][A-Za-z /-]{1,40}$/.test(type.trim())) return undefined;
  const cap = Object.keys(record).find((k) => /^(?:person_?capacity|capacity|max_?guests|guests)$/i.test(k) && typeof record[k] === 'number');
  const noun = type.trim().toLowerCase();
  const a = /^[aeiou]/.test(noun) ? 'an' : 'a';
  const n = cap ? (record[cap] as number) : undefined;
  return { key, said: `${a} ${noun}${n !== undefined ? ` for ${plural(n, 'guest')}` : ''}`, skip: new Set(cap ? [cap] : []) };
}

/**
 * A day's weather as people say it: "the weather is light rain, averaging 29.4 °C", not "the overall is
 * "Light rain" and the avg temperature is 29.4" (T-Eval's Weather API: `overall`, `avg temperature`, in °C).
 */
function weatherPhrase(record: Record<string, unknown>): { said: string; rest?: Record<string, unknown> } | undefined {
  const overallKey = Object.keys(record).find((k) => /^overall(?:[ _]?weather)?$/i.test(k) && typeof record[k] === 'string');
  // A number is in °C; a text gives its own unit ("16.1°C").
  const tempKey = Object.keys(record).find((k) => /^(?:(?:avg|average)[ _]?)?temp(?:erature)?$/i.test(k) && (typeof record[k] === 'number' || (typeof record[k] === 'string' && /^-?\d+(?:\.\d+)?\s*°\s*[CF]$/.test((record[k] as string).trim()))));
  if (!overallKey || !tempKey) return undefined;
  const overall = (record[overallKey] as string).trim();
  const sky = /^[A-Z][a-z]+(?: [a-z]+)*$/.test(overall) ? overall.toLowerCase() : overall;
  const t = record[tempKey];
  const degrees = typeof t === 'number' ? `${say(t)} °C` : (t as string).trim().replace(/\s*°\s*([CF])$/, ' °$1');
  const said = `the weather is ${sky}, ${/^(?:avg|average)/i.test(tempKey) ? 'averaging' : 'at'} ${degrees}`;
  const rest = Object.fromEntries(Object.entries(record).filter(([k]) => k !== overallKey && k !== tempKey));
  return Object.keys(rest).length ? { said, rest } : { said };
}

/**
 * A car's four tire pressures as a mechanic says them, in the psi BFCL's doc gives them in: "the tires
 * are at 32 psi front left, 32 psi front right, 30 psi rear left and 30 psi rear right", not "front
 * left tire pressure 32, front right tire pressure 32, …".
 */
function tirePhrase(record: Record<string, unknown>): { said: string; rest?: Record<string, unknown> } | undefined {
  const inner = Object.entries(record).find(([k, v]) => /^tire_?pressure$/i.test(k) && isPlainObject(v));
  const tires = inner ? (inner[1] as Record<string, unknown>) : record;
  const keys = Object.keys(tires).filter((k) => /^(?:front|rear)(?:Left|Right)TirePressure$/.test(k) && typeof tires[k] === 'number');
  if (keys.length < 2) return undefined;
  const where = (k: string) => keyAsWords(k.replace(/TirePressure$/, '')).toLowerCase();
  // One pressure said once (a sentence opening "the", never a labelled line): "the four tires are all at 35 psi", "the front tires are at 32 psi and the rear ones at 30 psi",
  // never "35 psi front left, 35 psi front right, 35 psi rear left and 35 psi rear right" (answer_same_value_run).
  const at = (k: string) => tires[k] as number;
  const pair = (side: string) => keys.filter((k) => k.startsWith(side));
  const [front, rear] = [pair('front'), pair('rear')];
  const same = (ks: string[]) => ks.length > 0 && ks.every((k) => at(k) === at(ks[0]));
  const all = keys.length === 4 ? 'all four' : `all ${keys.length}`;
  const byPair = front.length === 2 && rear.length === 2 && same(front) && same(rear);
  let said = same(keys)
    ? `the ${keys.length === 4 ? 'four' : keys.length} tires are all at ${say(at(keys[0]))} psi`
    : byPair
      ? `the front tires are at ${say(at(front[0]))} psi and the rear ones at ${say(at(rear[0]))} psi`
      : `the tires are at ${joinAnd(
          [front, rear].flatMap((ks) => (ks.length === 2 && same(ks) ? [`${say(at(ks[0]))} psi on both ${ks[0].startsWith('front') ? 'front' : 'rear'} ones`] : ks.map((k) => `${say(at(k))} psi ${where(k)}`))),
        )}`;
  // The user's own floor ("If it falls under 37.5 PSI, …") decides, not the API's "healthy" flag, which is left out:
  // "…; all four are under your 37.5 psi threshold" (answer_threshold_contradicted).
  const floor = pressureFloor(told.request);
  if (floor !== undefined) {
    const low = keys.filter((k) => at(k) < floor);
    // The user's floor in the sentence's own unit, as a threshold of theirs: "under your 40 psi threshold", never "35 psi, under the 40 PSI
    // you set": one unit written two ways in a sentence, and a setting the user never made (answer_unit_case_mixed).
    const limit = `your ${say(floor)} psi threshold`;
    const lowPair = byPair && low.length === 2 ? [['front', front] as const, ['rear', rear] as const].find(([, ks]) => low.every((k) => ks.includes(k)))?.[0] : undefined;
    said += same(keys)
      ? low.length === 0 ? `, not under ${limit}` : `, under ${limit}`
      : low.length === 0 ? `; none is under ${limit}` : low.length === keys.length ? `; ${all} are under ${limit}` : lowPair ? `; the ${lowPair} ones are under ${limit}` : `; the ${joinAnd(low.map(where))} ${low.length === 1 ? 'is' : 'are'} under ${limit}`;
  }
  const fields = { ...Object.fromEntries(Object.entries(record).filter(([k]) => !inner || k !== inner[0])), ...(inner ? tires : {}) };
  const own = Object.fromEntries(Object.entries(fields).filter(([k, v]) => !keys.includes(k) && !(isPlainObject(v) && Object.keys(v).length === 0) && !(floor !== undefined && /healthy|pressure/i.test(k) && typeof v === 'boolean')));
  return Object.keys(own).length ? { said, rest: own } : { said };
}

const PHRASE_FIELD = /\b(by|at|on|in|from|to|with|for)$/i;
const NOUN_COMPOUND = /\b(check|log|sign|plug|add|drop) (in|on)$/i;

/** A value completing a phrase: "cited by 5,854, 12,360 and 4,942", not "cited by a list of 3: …". */
function completing(v: unknown, depth: number): string {
  if (Array.isArray(v) && v.length > 1 && v.length <= WHOLE_LIST && v.every((x) => x === null || typeof x !== 'object')) return joinAnd(v.map((x) => say(x, depth + 1)));
  return say(v, depth);
}

/** What a number under a unit's name counts. */
const UNITS: Record<string, string> = { gallon: 'gallons', gallons: 'gallons', liter: 'liters', liters: 'liters', litre: 'litres', litres: 'litres', km: 'kilometres', miles: 'miles', mile: 'miles' };
/** Adjectives a flag's name may open with ("healthy tire pressure"): the rest is what they describe. */
const FLAG_ADJECTIVE = /^(healthy|available|valid|open|locked|active|enabled|empty|full|complete|ready|verified|paid|online|connected|visible|public|private|read|new)\b/i;
/** The act a "… status" flag reports, as a noun: "cancel status" -> "the cancellation". */
const STATUS_ACT: Record<string, string> = { cancel: 'the cancellation', cancellation: 'the cancellation', booking: 'the booking', book: 'the booking', authentication: 'authentication', auth: 'authentication', verification: 'the verification', login: 'the login', logout: 'the logout', payment: 'the payment', delete: 'the deletion', deletion: 'the deletion', update: 'the update', upload: 'the upload', registration: 'the registration', transfer: 'the transfer', order: 'the order' };

/** The distance a drive check took, in the unit its tool counts in (estimate_drive_feasibility_by_mileage: miles): "750-mile". */
function driveOf(s: { name: string; args: Record<string, unknown> | string } | undefined): string | undefined {
  const n = s && isPlainObject(s.args) && typeof s.args.distance === 'number' ? s.args.distance : undefined;
  const unit = s && /mileage|miles/i.test(s.name) ? 'mile' : s && /\bkm|kilomet/i.test(s.name) ? 'kilometre' : undefined;
  return n !== undefined && unit ? `${say(n)}-${unit}` : undefined;
}

/** A yes-or-no field in words: "the tire pressure is healthy", "the cancellation went through", "it is available". */
function sayFlag(name: string, v: boolean): string {
  const n = name.toLowerCase();
  const adj = FLAG_ADJECTIVE.exec(n);
  if (adj && n.length > adj[0].length) return `the ${n.slice(adj[0].length).trim()} ${v ? 'is' : 'is not'} ${adj[1]}`;
  if (adj || /^availab/.test(n)) return v ? `it is ${adj?.[1] ?? 'available'}` : `it is not ${adj?.[1] ?? 'available'}`;
  const is = /^is (.+)$/.exec(n);
  if (is) return `it ${v ? 'is' : 'is not'} ${is[1]}`;
  const can = /^can (.+)$/.exec(n);
  // A drive said with the distance the check was for and what it went by: "the car cannot make the 750-mile drive on its current fuel", never a bare "cannot make the drive".
  if (can) return can[1] === 'drive' ? `the car ${v ? 'can' : 'cannot'} make the ${told.drive ? `${told.drive} ` : ''}drive${told.drive ? ' on its current fuel' : ''}` : `it ${v ? 'can' : 'cannot'} ${can[1]}`;
  const status = /^(.+?) (?:status|state|result)$/.exec(n);
  if (status) {
    const act = STATUS_ACT[status[1]] ?? `the ${status[1]}`;
    return `${act} ${v ? 'went through' : 'was not successful'}`;
  }
  return `${n}: ${v ? 'yes' : 'no'}`;
}

/** What a list under a singular name is made of: a route's entries are its steps. */
const PART_OF: Record<string, string> = { route: 'step', directions: 'step', direction: 'step', itinerary: 'stop', path: 'step', instructions: 'step', recipe: 'step', playlist: 'song', queue: 'entry' };

/**
 * A list of things each with its status ("Room 103: available", "Room 971: booked", as ReserveMeeting's
 * get_room_status answers) said as what each thing is, those alike together: "Room 103 and Room 234 are
 * available, and Room 971 is booked", never "the rooms are "Room 103: available", … and "Room 971: booked"".
 */
const STATUS_SENTENCE = /^[A-Z][A-Za-z]* [A-Z]?\d+[A-Z]?(?:(?:,| and) [A-Z][A-Za-z]* [A-Z]?\d+[A-Z]?)* (?:is|are) /;
function statusLines(list: unknown[]): string | undefined {
  if (!list.length || list.length > WHOLE_LIST * 2) return undefined;
  const lines = list.map((x) => (typeof x === 'string' ? /^([A-Z][A-Za-z]* [A-Z]?\d+[A-Z]?): (available|booked|free|occupied|in use|(?:free|occupied|booked) (?:after|until|from) [\d:]+(?: ?[AP]M)?)$/i.exec(x.trim()) : null));
  if (lines.some((m) => !m)) return undefined;
  const by = new Map<string, string[]>();
  for (const m of lines as RegExpExecArray[]) by.set(m[2], [...(by.get(m[2]) ?? []), m[1]]);
  return joinAnd([...by].map(([status, things]) => `${joinAnd(things)} ${things.length === 1 ? 'is' : 'are'} ${status}`));
}

/** The words a driving or walking direction opens with: a step that opens so is an instruction the sentence may carry in lower case. */
const DIRECTION_VERB = /^(?:head|turn|continue|start|depart|after|take|arrive|keep|merge|follow|exit|go|drive|walk|bear|slight|make|use|at|then|in|board|get|cross|pass|stay|enter|leave|proceed|ride|transfer|change)\b/i;

/**
 * A short route told as its directions in order, as a person reads them out ("the route is as follows:
 * head east on Rue Saint-Dominique toward Avenue Bosquet, turn left onto Avenue Bosquet and arrive at
 * Louvre Museum on the right"), never its directions quoted and run together as if things it holds
 * ("the route has "Head east …", "Turn left …" and "Arrive at …"": answer_steps_as_things). No step count:
 * the response never states one (answer_unsupported), and a count before the steps reads as a record's
 * fields (answer_record_dump). Steps that hold commas themselves ("After 4 km in town, take the ramp …")
 * are set apart by semicolons. Undefined for anything but a short list of direction texts.
 */
function routeSteps(base: string, list: unknown[], depth: number): string | undefined {
  if (PART_OF[base.split(' ').pop() ?? ''] !== 'step' || list.length < 2 || list.length > WHOLE_LIST || depth >= 2) return undefined;
  if (!list.every((x): x is string => typeof x === 'string' && x.trim().length > 0 && x.trim().length <= WHOLE_STRING && !x.includes('"'))) return undefined;
  const said = list.map((x) => {
    const t = x.replace(/\s+/g, ' ').trim().replace(/[.;]+$/, '');
    return DIRECTION_VERB.test(t) ? t[0].toLowerCase() + t.slice(1) : t;
  });
  const semi = said.some((t) => t.includes(','));
  const joined = semi ? `${said.slice(0, -1).join('; ')}; and ${said[said.length - 1]}` : joinAnd(said);
  return `the ${base} ${/s$/.test(base) ? 'are' : 'is'} as follows: ${joined}`;
}

/** A short list of plain values under its field's name: "the rooms are 68155 and 15801", "the only tag is "#x"", "the watchlist has "NVDA" and "AMZN"". */
function sayScalarList(key: string, list: unknown[], depth: number): string {
  const named = key === 'matching_lines' ? definedNames(list) : undefined;
  if (named) return named;
  const grepped = key === 'matching_lines' ? matchingLines(list) : undefined;
  if (grepped) return grepped;
  const listed = /_list$/i.test(key);
  const base = humanize(key.replace(/_list$/i, '')).toLowerCase();
  if (key === 'travel_cost_list') {
    if (list.length === 1) return `the flight costs ${withMoney(key, list[0], depth + 1)}`;
    if (list.length > 1 && list.length <= WHOLE_LIST) return `the flights cost ${joinAnd(list.map((x) => withMoney(key, x, depth + 1)))}`;
  }
  const statuses = statusLines(list);
  if (statuses) return statuses;
  if (key === 'current_directory_content') return list.length === 0 ? 'the current directory is empty' : list.length <= WHOLE_LIST ? `the current directory holds ${joinAnd(list.map((x) => say(x, depth + 1)))}` : `the current directory holds ${list.length} files and folders, among them ${joinAnd(list.slice(0, 3).map((x) => say(x, depth + 1)))}`;
  // A wrapper's key ("content": ["…", "…"]) names no thing: its entries are results ("the results are …", not "the content has …").
  const wrapper = CONTAINER_KEY.test(key) && list.every((x) => typeof x === 'string');
  const pluralName = wrapper || listed || /[^siu]s$/.test(base);
  const one = wrapper ? 'result' : pluralName ? base.replace(/(\S+)$/, (w) => singularWord(w)) : base;
  const many = wrapper ? 'results' : pluralName ? (listed ? pluralOf(base) : base) : undefined;
  if (list.length === 0) return many ? `there are no ${many}` : `the ${base} is empty`;
  if (list.length === 1) return many ? `the only ${one} is ${say(list[0], depth + 1)}` : `the ${base} has only ${say(list[0], depth + 1)}`;
  if (wrapper && list.length <= WHOLE_LIST) return `there are ${plural(list.length, 'result')}: ${joinAnd(list.map((x) => say(x, depth + 1)))}`;
  const steps = routeSteps(base, list, depth);
  if (steps) return steps;
  if (list.length <= WHOLE_LIST && depth < 2) return many ? `the ${many} are ${joinAnd(list.map((x) => say(x, depth + 1)))}` : `the ${base} has ${joinAnd(list.map((x) => say(x, depth + 1)))}`;
  const first = joinAnd(list.slice(0, 3).map((x) => say(x, depth + 1)));
  if (many) return `there are ${plural(list.length, one)}, the first three being ${first}`;
  // A route's entries are its steps, said as such: "the route has 49 steps, starting with "Head northwest …"", not "49 items, the first three being" (answer_record_dump).
  const part = PART_OF[base.split(' ').pop() ?? ''];
  // Steps in order, each after "then", so no "and" runs into the sentence's own ("… and the distance is …").
  return part ? `the ${base} has ${plural(list.length, part)}, starting with ${list.slice(0, 3).map((x) => say(x, depth + 1)).join(', then ')}` : `the ${base} has ${plural(list.length, 'entry')}, among them ${first}`;
}

/** A request that asks what a function, class or method is called: "the name of the function of the script". */
const ASKS_DEFINED_NAME = /\b(?:names? of (?:the |its |this |that )?(function|class|method)s?|(function|class|method)(?:'s)? names?|what (?:is )?(?:the )?(function|class|method)s? (?:is |are )?(?:called|named))\b/i;
/** What a line of code defines: "def deploy():" → deploy (Python, JavaScript, and the like). */
const DEFINES = { function: /\b(?:def|function|func|fn)\s+([A-Za-z_$][\w$]*)\s*\(/g, method: /\b(?:def|function|func|fn)\s+([A-Za-z_$][\w$]*)\s*\(/g, class: /\bclass\s+([A-Za-z_$][\w$]*)/g } as const;

/**
 * A grep for code the user ran to learn a function's or class's name ("Use grep to find out the name of the
 * function of the script", pattern "def") answered with that name ("the function in "deploy.py" is called
 * "deploy""), never by quoting back the line grep found ("the only matching line is "def deploy(): # update
 * the system pass# …"", bfcl_multi_turn_base_33: answer_grep_name_unsaid). Undefined when the request asks
 * for no such name or the lines define none.
 */
function definedNames(list: unknown[]): string | undefined {
  const asked = ASKS_DEFINED_NAME.exec(told.request);
  if (!asked || !list.every((x) => typeof x === 'string')) return undefined;
  const kind = (asked[1] ?? asked[2] ?? asked[3]).toLowerCase() as keyof typeof DEFINES;
  const names = [...new Set((list as string[]).flatMap((line) => [...line.matchAll(DEFINES[kind])].map((m) => m[1])))];
  if (names.length === 0) return undefined;
  const where = told.grepFile ? ` in ${JSON.stringify(told.grepFile)}` : '';
  const quoted = names.map((n) => JSON.stringify(n));
  // The line that defines it, up to its signature, is what grep found: quoted too, so the match itself is told (answer_grep_lines_unsaid).
  const signatures = (list as string[]).flatMap((line) => [...line.matchAll(/\b(?:def|function|func|fn|class)\s+[A-Za-z_$][\w$]*\s*(?:\([^)]*\))?\s*:?/g)].map((m) => JSON.stringify(m[0].trim())));
  const found = signatures.length ? ` (the ${signatures.length === 1 ? 'line' : 'lines'} grep found ${signatures.length === 1 ? 'opens' : 'open'} ${joinAnd(signatures)})` : '';
  return names.length === 1 ? `the ${kind}${where} is called ${quoted[0]}${found}` : `the ${kind === 'class' ? 'classes' : `${kind}s`}${where} are called ${joinAnd(quoted)}${found}`;
}

/**
 * A grep's matching lines when one is too long to quote whole: each such line told by its sentences that
 * hold the pattern, the matches the user asked for ("the only matching line is a long one; the sentences in
 * it with "server error" are "No server error occurred …", …"), never by its opening alone, which need not
 * hold the pattern at all (answer_grep_lines_unsaid). Undefined when every line is short enough to quote.
 */
function matchingLines(list: unknown[]): string | undefined {
  const pattern = told.pattern;
  if (!pattern || !list.every((x) => typeof x === 'string') || !list.some((x) => (x as string).replace(/\s+/g, ' ').trim().length > WHOLE_STRING)) return undefined;
  const lines = list as string[];
  const told1 = (line: string) => {
    const t = line.replace(/\s+/g, ' ').trim();
    if (t.length <= WHOLE_STRING) return JSON.stringify(t);
    const sentences = t.match(/[^.!?]+[.!?]+(?=\s|$)|[^.!?]+$/g)?.map((x) => x.trim()) ?? [t];
    const holding = sentences.filter((x) => x.includes(pattern));
    const hits = holding.length ? holding : sentences.filter((x) => x.toLowerCase().includes(pattern.toLowerCase()));
    if (hits.length === 0 || hits.some((x) => x.length > WHOLE_STRING)) return sayString(line);
    const shown = hits.slice(0, 3).map((x) => JSON.stringify(x));
    const more = hits.length > 3 ? [`${hits.length - 3} more`] : [];
    return `a long one; its ${hits.length === 1 ? 'sentence' : 'sentences'} with ${JSON.stringify(pattern)} ${hits.length === 1 ? 'is' : 'are'} ${joinAnd([...shown, ...more])}`;
  };
  if (lines.length === 1) return `the only matching line is ${told1(lines[0])}`;
  if (lines.length > WHOLE_LIST) return undefined;
  return `there are ${lines.length} matching lines: ${lines.map(told1).join('; ')}`;
}

/**
 * A list of records in words: counted in the noun of what they are, named when they have names (up
 * to three, "among them" when more), else the first one's fields.
 */
/** An address that is only a town (and its region): "Bayonne", "Monterey Park, CA, United States". */
function isTownOnly(address: string): boolean {
  if (/\d/.test(address)) return false;
  const town = placeNamed(address);
  if (town === undefined || !address.toLowerCase().startsWith(town.name.toLowerCase())) return false;
  // What follows the town is only its region ("Monterey Park, CA, United States"), never more of a name ("Shanghai Jiao Tong University").
  const rest = address.slice(town.name.length);
  return rest === '' || /^(?:, [A-Z][A-Za-z. ]*)+$/.test(rest);
}

function recordList(list: unknown[], noun: string, depth: number, inner = false): string {
  if (list.length === 0) return `no ${plural(2, noun).replace(/^2 /, '')}`;
  const count = plural(list.length, noun);
  const names = list.map(recordName);
  if (names.every((n) => n !== undefined)) {
    // The fields the user asked for by name ("the property ID, name, and address") go with each name.
    const asked = inner ? [] : askedKeys(list[0] as Record<string, unknown>);
    const withAsked = (r: unknown, n: string) => {
      const asGiven = asked.map(([k, word]) => [k, word, (r as Record<string, unknown>)[k]] as const).filter(([, , v]) => (typeof v === 'string' && v.trim() && v !== n) || typeof v === 'number');
      // A Douban film's genres, region and release day said in English after its title ("a comedy, animation and
      // adventure film from Japan, out on 17 November"), never "category 喜剧 / 动画 / 冒险, region 日本" (answer_field_untranslated).
      const film = doubanFilmPhrase(Object.fromEntries(asGiven.map(([k, , v]) => [k, v])));
      const given = film ? asGiven.filter(([k]) => !film.keys.includes(k)) : asGiven;
      // A place is where it is: ""Hartley Museum of Art" at 116 Rue Montorgueil", not "(address "116 Rue Montorgueil")" (answer_record_dump).
      const where = given.find(([k, , v]) => /^(?:address|location|street_?address|venue)$/i.test(k) && typeof v === 'string' && v.length <= 120);
      const parts = given.filter((g) => g !== where).map(([k, word, v]) => askedPart(k, word, v, depth));
      const spot = where ? String(where[2]).trim() : '';
      // A town is where a place is "in": ""Sparrow High School" in Bayonne", never "at Bayonne".
      const head = where ? `${JSON.stringify(n)} ${isTownOnly(spot) ? 'in' : 'at'} ${spot}` : JSON.stringify(n);
      // Said after the name, a short value unquoted: ""红猪", with release date 11月17日 and region 日本", not "(release date "11月17日", region "日本")" (answer_record_dump).
      const plainParts = parts.map((p) => p.replace(/^([^"]+) "([^".,;:!?()]{1,40})"$/, '$1 $2'));
      // A field said as people say it ("released 14 March 1972", "rated 8.7") needs no "with" (answer_label_run).
      // Its "with" fields go under one "with", after the rest ("rated 7.7, with a popularity of 3925 and id 272", not "rated 7.7
      // and with id 272"); a long text's opening goes last, in brackets ("by A and B (its summary opens "…")": answer_field_word_count).
      const opening = plainParts.filter((p) => /^\(its /.test(p));
      const spoken = plainParts.filter((p) => SPOKEN.test(p) && !/^with /.test(p) && !opening.includes(p));
      const withs = [...plainParts.filter((p) => /^with /.test(p)).map((p) => p.replace(/^with /, '')), ...plainParts.filter((p) => !SPOKEN.test(p) && !opening.includes(p))];
      // Who wrote it goes with the name (""Title" by Noah Evans"), a quoted text after the record's other
      // phrases, never "summed up as "…." and by Noah Evans" (answer_text_then_field).
      const by = spoken.filter((p) => /^by /.test(p));
      const texts = spoken.filter((p) => /^(?:summed up|described in|mentioning) /.test(p));
      const rest = spoken.filter((p) => !by.includes(p) && !texts.includes(p));
      const said = [...(film ? [film.phrase] : []), ...(rest.length ? [joinAnd(rest)] : []), ...(withs.length ? [`with ${joinAnd(withs)}`] : []), ...texts];
      const named = by.length ? `${head} ${by.join(' ')}` : head;
      const told = said.length ? `${named}, ${said.join(', ')}` : named;
      // Straight after the name, "whose summary opens "…"": a bracket there reads as a label ("Title" (its summary …): answer_record_dump).
      // With its authors said, the opening stays in brackets after them (""Title" by A (its summary opens "…")"): "…, whose summary opens" three times over reads as a label run (answer_label_run).
      if (opening.length && !said.length && !by.length) return `${named}, whose ${opening.map((o) => o.replace(/^\(its |\)$/g, '')).join(' and whose ')}`;
      return opening.length ? `${told} ${opening.join(' ')}` : told;
    };
    // As many as the user asked for when they named a count ("the top 5 places", "five movies"), else three.
    const want = inner ? 3 : Math.min(list.length, Math.max(3, Math.min(askedCount(told.request) ?? 3, 10)));
    // "The three most anticipated" of a coming list are the three most people want to see, whatever order the list
    // gives them in (teval_query_58_1: Douban's first, "迷失之城", has the fewest; answer_most_awaited_unranked).
    const order = inner ? list.map((_, i) => i) : awaitedOrder(list, told.request);
    const items = order.slice(0, want).map((i) => withAsked(list[i], names[i]!));
    // Addresses hold their own commas: the places are kept apart by semicolons.
    const shown = items.some((t) => /, /.test(t.replace(QUOTED_TEXT, '""'))) ? (items.length > 1 ? `${items.slice(0, -1).join('; ')}; and ${items[items.length - 1]}` : items[0]) : joinAnd(items);
    // Inside a list of a record's fields the names go in brackets, so the list still reads as one.
    if (inner) return list.length <= want ? `${count} (${shown})` : `${count} (among them ${shown})`;
    return list.length <= want ? `${count}: ${shown}` : `${count}, among them ${shown}`;
  }
  if (depth > 1) return count;
  const spoken = list.length === 1 && isPlainObject(list[0]) ? recordPhrase(list[0], depth + 1) : undefined;
  if (spoken) return `${count}: ${spoken}`;
  if (list.length === 1) return `${count}, in which ${fields(list[0], depth + 1)}`;
  // Each record with its own values, not the first alone ("2 results: open 20.08, close 19.61 and date
  // 9 October 2023; open 19.35, …"); a long list by its first three, the rest counted.
  // Each as a record's line ("user elshaarawy, rating 9 and content …"), never a run of "the X is Y" (answer_field_dump).
  const each = list.slice(0, list.length <= 5 ? list.length : 3).map((r) => (isPlainObject(r) ? pairs(r, depth + 1) : say(r, depth + 1)));
  return list.length <= 5 ? `${count}: ${each.join('; ')}` : `${count}; the first three: ${each.join('; ')}; and ${plural(list.length - 3, 'more')}`;
}

/** The phrases spokenField opens with: a field said without its label. */
const SPOKEN = /^(?:released|published|listed|on|rated|with a|at|by|summed up|described in|mentioning|online at|marked|\(its)\b|\blong$/;

/**
 * Keys of a record the request asks for, besides its name, each with the user's word for it ("including
 * the property ID, name, and address" -> id, address; "categories" -> `cate`; "rating" -> `vote_average`).
 */
function askedKeys(record: Record<string, unknown>): [string, string][] {
  if (!told.request) return [];
  return Object.keys(record).flatMap((k): [string, string][] => {
    if (/^(?:name|title)$/i.test(k)) return [];
    const word = askedFieldWord(k, told.request, told.docs[k]);
    return word ? [[k, word]] : [];
  });
}

/**
 * A field the user asked for under another word than its key says, in the user's word ("rating" for
 * `vote_average`, "category" for `cate`); undefined when the request uses the key's own words or does
 * not ask for it.
 */
function userWord(k: string): string | undefined {
  if (!told.request || requestUsesKey(k, told.request)) return undefined;
  const word = askedFieldWord(k, told.request, told.docs[k]);
  return word && !/^number of /.test(word) ? word : undefined;
}

/**
 * A text too long to quote, said by its opening in brackets after the record it belongs to: "(its summary opens
 * "Benefiting from …")", never by its length ("with summary 106 words of text, opening with …": answer_field_word_count).
 */
function openingPart(word: string, text: string): string {
  const first = openingOf(text) ?? text.replace(/\s+/g, ' ').trim().split(' ').slice(0, 20).join(' ');
  // Records told one after another do not all say "opens": the step's count of openings said picks the verb.
  const verb = ['opens', 'begins', 'starts'][(told.openings = (told.openings ?? 0) + 1) % 3];
  return `(its ${word} ${verb} ${JSON.stringify(first)})`;
}

/** An asked field with its value in the user's word: "category "喜剧 / 动画"", "144830 people interested", "release date 15 September 2023". */
function askedPart(k: string, word: string, v: unknown, depth: number): string {
  if (typeof v === 'string' && v.replace(/\s+/g, ' ').trim().length > WHOLE_STRING && !labelledRecords(v)) return openingPart(singularOf(word) === singularOf(keyAsWords(k).toLowerCase()) ? lineKey(k, v).toLowerCase() : word, v);
  const value = measured(k, v, depth) ?? say(v, depth + 1);
  const people = /^number of (.+)$/.exec(word);
  if (people && typeof v === 'number') return `${value} ${people[1]}`;
  // The user's word, unless it is the key's own ("authors" stays "authors", "cate" becomes "category", "date" "release date").
  const own = singularOf(word) === singularOf(keyAsWords(k).toLowerCase());
  const spoken = spokenField(k, value, v);
  if (spoken) return spoken;
  return `${lineKey(k, v) === 'date' && !/date/.test(word) ? 'date' : own ? lineKey(k, v).toLowerCase() : word} ${value}`;
}

/**
 * A record that holds its items column by column ({"title": ["A", "B"], "cited_by": [5854, 12360],
 * "organic_id": […]}): the keys of the lists that run beside a list of names, as long as it.
 */
function parallelLists(record: Record<string, unknown>): { name: string; others: string[] } | undefined {
  const scalarList = (v: unknown): v is unknown[] => Array.isArray(v) && v.length >= 2 && v.every((x) => x === null || typeof x !== 'object');
  const name = Object.keys(record).find((k) => /^(?:titles?|names?)$/i.test(k) && scalarList(record[k]) && (record[k] as unknown[]).length <= WHOLE_LIST);
  if (!name) return undefined;
  const n = (record[name] as unknown[]).length;
  const others = Object.keys(record).filter((k) => k !== name && scalarList(record[k]) && (record[k] as unknown[]).length === n);
  return others.length ? { name, others } : undefined;
}

/** A search's bookkeeping field: a result's organic id, its snippet, its publication line. */
const internalField = (k: string) => /^(?:organic_?(?:result_?)?ids?|result_?ids?|snipp?ets?|pub(?:lication)?_?info|publication_?summary)$/i.test(k);
/** Whether the request asks for such a field: "ids" for an id, "snippets" for a snippet, "publication" for a publication line. */
function asksFor(k: string, request: string): boolean {
  if (requestUsesKey(k, request)) return true;
  if (/zip_?code/i.test(k)) return /\bzip ?codes?\b|\bpostal codes?\b/i.test(request);
  if (/ids?$/i.test(k)) return /\b(?:ids?|identifiers?)\b/i.test(request);
  if (/snipp?et/i.test(k)) return /\b(?:snippets?|excerpts?)\b/i.test(request);
  // Only a publication field is asked by "publication": a picture's path is not ("their publication date, title, …" then "add a page with an image").
  return /pub/i.test(k) && /\bpublication\b|\bpub info\b/i.test(request);
}

/**
 * A person's record as a sentence about them: "John Smith is at University of Amsterdam; their
 * articles include "A", "B" and "C"; and their website is https://…", not "Author information: name
 * "John Smith", affiliation …" (answer_record_dump). Undefined for a record with fields it has no
 * words for.
 */
function personSentence(record: Record<string, unknown>): string | undefined {
  const name = record.name;
  if (typeof name !== 'string' || !name.trim() || name.length > 60) return undefined;
  const clauses: string[] = [];
  let at: string | undefined;
  let unlisted: string | undefined;
  const titles = (v: unknown) => (Array.isArray(v) ? v.map((x) => (typeof x === 'string' ? x : isPlainObject(x) && typeof x.title === 'string' ? x.title : undefined)) : []);
  for (const [k, v] of Object.entries(record)) {
    if (k === 'name') continue;
    if (/^(?:author_?)?id$/i.test(k) && !asksFor(k, told.request)) continue;
    // "Unknown affiliation" is no place: "No affiliation is listed for Jane Brown", not "Jane Brown is at Unknown affiliation" (answer_placeholder_fact).
    // Scholar's recordings write "affiliations", T-Eval's doc "affliation": one field, said in the singular.
    if (/^(?:aff(?:i)?liations?|organi[sz]ation|institution)$/i.test(k) && isPlaceholderValue(v)) unlisted = /^aff/i.test(k) ? 'affiliation' : humanize(k).toLowerCase();
    else if (/^(?:aff(?:i)?liations?|organi[sz]ation|institution)$/i.test(k) && typeof v === 'string' && v.trim()) at = v.trim();
    else if (/^(?:articles|papers|publications)$/i.test(k) && titles(v).length > 0 && titles(v).every(Boolean)) {
      // An article's authors line, when the user asks for authors: "A" (J Smith, CP Schmidt).
      const byline = (x: unknown) => (asksFor('authors', told.request) && isPlainObject(x) && typeof x.authors === 'string' && x.authors.trim() ? ` (${x.authors.trim()})` : '');
      const items = (v as unknown[]).slice(0, WHOLE_LIST).map((x, i) => `${JSON.stringify(titles(v)[i])}${byline(x)}`);
      clauses.push(`their ${humanize(k).toLowerCase()} ${(v as unknown[]).length > WHOLE_LIST ? `number ${(v as unknown[]).length}, among them` : 'include'} ${joinAnd(items)}`);
    }
    else if (/^(?:website|homepage|url|home_?page)$/i.test(k) && typeof v === 'string' && v.trim()) clauses.push(`their website is ${v.trim()}`);
    else if (/^e-?mail$/i.test(k) && typeof v === 'string' && v.trim()) clauses.push(`they can be reached at ${v.trim()}`);
    else if (/^(?:research_?)?interests$/i.test(k) && Array.isArray(v) && v.length && v.every((x) => typeof x === 'string')) clauses.push(`they work on ${joinAnd(v.map((x) => String(x)))}`);
    else if (/^(?:cited_?by|citations)$/i.test(k) && typeof v === 'number') clauses.push(`they have been cited ${v.toLocaleString('en-US')} times`);
    else return undefined;
  }
  if (!at && !unlisted && (clauses.length === 0 || !/^their /.test(clauses[0]))) return undefined;
  const head = at ? `${name.trim()} is at ${at}` : unlisted ? `No ${unlisted} is listed for ${name.trim()}` : `${name.trim()}'s ${clauses.shift()!.replace(/^their /, '')}`;
  const all = [head, ...clauses];
  return all.length > 2 ? `${all.slice(0, -1).join('; ')}; and ${all[all.length - 1]}.` : `${all.join('; ')}.`;
}

/** Such a record item by item: "there are 2 results: "A" (cited by 5854; organic id "x") and "B" (…)", then its other fields. */
function columnsByItem(record: Record<string, unknown>, given: { name: string; others: string[] }, depth: number): string {
  const names = record[given.name] as unknown[];
  // A search's bookkeeping (a result's organic id, its snippet, its publication line) is said only
  // when the user asks for it (answer_record_dump); what it was cited by is the finding.
  const internal = (k: string) => internalField(k) && !asksFor(k, told.request);
  const columns = { name: given.name, others: given.others.filter((k) => !internal(k)) };
  const dropped = given.others.filter(internal);
  const items = names.map((title, i) => {
    const parts = columns.others.map((k) => {
      const v = (record[k] as unknown[])[i];
      const key = humanize(k).toLowerCase();
      const one = isPluralNoun(k) ? key.replace(/(\S+)$/, (w) => singularWord(w)) : key;
      return PHRASE_FIELD.test(one) && !NOUN_COMPOUND.test(one) ? `${one} ${say(v, depth + 1)}` : spokenField(k, say(v, depth + 1), v) ?? `${keyName(one)} ${say(v, depth + 1)}`;
    });
    return parts.length ? `${say(title, depth + 1)} (${parts.join('; ')})` : say(title, depth + 1);
  });
  const rest = Object.fromEntries(Object.entries(record).filter(([k]) => k !== columns.name && !columns.others.includes(k) && !dropped.includes(k)));
  const head = `there are ${plural(names.length, 'result')}: ${joinAnd(items)}`;
  return Object.keys(rest).length ? `${head}; besides, ${fields(rest, depth)}` : head;
}

/** Plural nouns, not "status", "address", "news" or "analysis". */
function isPluralNoun(key: string): boolean {
  const w = keyAsWords(key).toLowerCase().split(' ').pop() ?? '';
  return /[^su]s$/.test(w) && !/^(?:news|series|species)$/.test(w);
}

/** One of what a plural word names: "searches" -> "search", "entries" -> "entry", "places" -> "place". */
function singularWord(word: string): string {
  if (/ies$/.test(word)) return word.replace(/ies$/, 'y');
  if (/(?:ch|sh|ss|x|z)es$/.test(word)) return word.slice(0, -2);
  return singular(word);
}

/** Keys that name a container, not what it holds: its records are results. */
const CONTAINER_KEY = /^(?:content|contents|data|result|results|items?|hits|records?|list|output|value|values|response|entries|entry)$/i;

/**
 * What the records a look-up (no search) lists under a container key are: a ticker's news are news
 * articles and a forecast's days daily forecasts, never "results" ("For AAPL, I found 1 result: …",
 * "In London, I found 3 results: on 19 October 2023, windy …": answer_records_called_results, 29 closing
 * answers on g0).
 */
const RECORD_NOUN: Record<string, string> = { get_ticker_news: 'news article', forecast_weather: 'daily forecast' };

/** What one record of a list under this key is called: "films" -> "film", "organic" -> "organic entry", "content" -> "result". */
function nounOf(key: string): string {
  const words = keyAsWords(key).toLowerCase();
  if (CONTAINER_KEY.test(key)) return told.recordNoun ?? 'result';
  // A search engine's sections in words: "organic" results are its search results, "people also ask" its related questions.
  if (/^organic(?:_?results)?$/i.test(key)) return 'search result';
  if (/^people_?also_?ask$/i.test(key)) return 'related question';
  if (isPluralNoun(key)) return words.replace(/(\S+)$/, (w) => singularWord(w));
  // "organic" -> "organic entry"; a longer name is a section's: "entry under people also ask".
  return words.includes(' ') ? `entry under ${words}` : `${words} entry`;
}

/** A key in prose: an id ("USR005", "travel_agent" among ids) as it is written, any other key in words. */
function keyName(key: string): string {
  return /\d/.test(key) ? key : humanize(key);
}

/** A map whose values are all lists (of plain values or of lists of them): an id to what it holds. */
function isListMap(v: Record<string, unknown>): boolean {
  const values = Object.values(v);
  return values.length > 0 && values.every((x) => Array.isArray(x) && x.flat(Infinity as 1).every((y) => y === null || typeof y !== 'object')) && Object.keys(v).some((k) => /\d/.test(k));
}

const NUMBER_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
const countWord = (n: number) => NUMBER_WORDS[n] ?? n.toLocaleString('en-US');

/**
 * A map from ids to lists in words: "there are 5 messages, one under USR005 ("Hey Sarah…"), one
 * under USR007 ("I'll be there soon.") …". The ids are as the answer writes them; the direction is
 * said only where the call says it: messages sent are "one to USR001" (view_messages_sent).
 */
function listMap(key: string, map: Record<string, unknown>, depth: number): string {
  const prep = told.mapPrep ?? 'under';
  const noun = isPluralNoun(key) ? singularWord(keyAsWords(key).toLowerCase().split(' ').pop()!) : 'entry';
  const groups = Object.entries(map).map(([id, list]) => ({ id, items: (list as unknown[]).flat(Infinity as 1) }));
  const total = groups.reduce((n, g) => n + g.items.length, 0);
  if (total === 0) return `there are no ${pluralOf(noun)}`;
  const shown = groups.slice(0, WHOLE_LIST).map(({ id, items }) => {
    const said = items.length === 0 ? 'nothing' : items.length <= 3 ? `(${joinAnd(items.map((x) => say(x, depth + 1)))})` : `(${joinAnd(items.slice(0, 2).map((x) => say(x, depth + 1)))} and ${countWord(items.length - 2)} more)`;
    return items.length === 0 ? `none ${prep} ${id}` : `${countWord(items.length)} ${prep} ${id} ${said}`;
  });
  const rest = groups.length - shown.length;
  const tail = rest > 0 ? [`${plural(groups.slice(WHOLE_LIST).reduce((n, g) => n + g.items.length, 0), 'more')} ${prep} ${plural(rest, 'other id')}`] : [];
  return `there ${total === 1 ? 'is' : 'are'} ${plural(total, noun)}, ${joinAnd([...shown, ...tail])}`;
}

/** A field holding one field ({"message_id": {"new_id": 67410}}): "the new message id is 67410". */
function soleField(outer: string, record: Record<string, unknown>): string {
  const [inner, value] = Object.entries(record)[0];
  const o = keyAsWords(outer).toLowerCase().split(' ');
  const i = keyAsWords(inner).toLowerCase().split(' ');
  // The inner key qualifies the outer one when they end in the same word ("new id" of "message id").
  const name = o[o.length - 1] === i[i.length - 1] ? [...i.slice(0, -1), ...o].join(' ') : `${o.join(' ')}'s ${i.join(' ')}`;
  return `the ${name} is ${say(value, 2)}`;
}

/** How a step is named in prose: its API name in backticks, as people write code names. */
const named = (name: string) => `\`${apiOf(name)}\``;

/** The one short argument a look-up was asked about, as a phrase: "the place "Berlin"", "the property id 36339325". */
function askedAbout(s: AnswerInput['steps'][number]): string | undefined {
  if (!isPlainObject(s.args)) return undefined;
  // A name or an id, not a quantity: "For the liter 15, that is 3.96 gallons" reads wrong.
  // A credential is no subject of the finding ("For the access token …, the invoice has …").
  // Nor a choice of what to show ("option": "doors" of displayCarStatus): "For "doors", the driver … doors are locked" names a switch, not a thing.
  const short = Object.entries(s.args).filter(([k, v]) => !/token|password|secret|api_?key|auth/i.test(k) && !/^(?:option|options|mode|format|view|display)$/i.test(k) && (typeof v === 'string' && v.trim().length > 0 && v.length <= 40 && !/^\d[\d.,]*$/.test(v)) || (typeof v === 'number' && /id$/i.test(k)));
  // A day beside an id is when, not what: the id is the subject ("Property 50971005 is not available on 18 October 2023").
  const things = short.length > 1 ? short.filter(([, v]) => !(typeof v === 'string' && dayInWords(v) !== undefined)) : short;
  if (things.length !== 1 || humanize(things[0][0]).length < 2) return undefined;
  const [key, value] = things[0];
  return subjectPhrase(key, value);
}

/** Keys whose value is what was searched for: the finding is "a search for "X"". */
const QUERY_KEY = /^(?:q|query|search|search_?query|search_?term|term|keywords?|key_?words?|text|topic)$/i;
/** Keys whose value is a place: said bare ("Los Angeles"), and a list found there is "in Los Angeles". */
const PLACE_KEY = /^(?:place|city|location|region|country|destination|area|address)$/i;
/** Keys whose value names a kind ("Technology" of sector): "the Technology sector". */
const KIND_KEY = /^(?:sector|category|genre|industry|type|department)$/i;

/**
 * What a look-up was about, in the user's terms, never under its argument's key ("the name "Quasar
 * Ltd."", "the keywords "movies""): the value itself ("Quasar Ltd.", "movies"), a ticker or a place
 * bare (QUAS, Los Angeles), a kind with its noun ("the Technology sector"), an id with what it is the id
 * of ("movie 27205", "ticket 1", "property 24424717"). answer_echo_frame.
 */
export function subjectPhrase(key: string, value: unknown): string {
  const text = String(value);
  const words = humanize(key).toLowerCase();
  const idOf = /^(.+?) ?id$/.exec(words);
  if (idOf && !/^(?:user|client|card|account)$/.test(idOf[1])) return `${idOf[1].replace(/^(?:film|movie)$/, 'movie')} ${text}`;
  if (words === 'id') return `the one with id ${text}`;
  if (/^(?:symbol|ticker|stock)$/i.test(key) && /^[A-Z][A-Z.]{0,6}$/.test(text)) return text;
  if (PLACE_KEY.test(key) && /^[\p{Lu}][\p{L}\p{M} .,'-]*$/u.test(text)) return text;
  if (KIND_KEY.test(key) && /^[\p{Lu}][\p{L} &-]{0,30}$/u.test(text)) return `the ${text} ${words}`;
  return typeof value === 'string' ? JSON.stringify(value) : `${words} ${text}`;
}

/** Verbs whose past is not "-ed" or "-d", and ones that double their last consonant. */
const IRREGULAR: Record<string, string> = { send: 'sent', set: 'set', make: 'made', buy: 'bought', sell: 'sold', pay: 'paid', put: 'put', write: 'wrote', run: 'ran', get: 'got', give: 'gave', take: 'took', begin: 'began', stop: 'stopped', drop: 'dropped', plan: 'planned', log: 'logged', submit: 'submitted', cancel: 'cancelled', label: 'labelled', ship: 'shipped', tag: 'tagged', pin: 'pinned', mv: 'moved', cp: 'copied', rm: 'removed', rmdir: 'removed', mkdir: 'created', touch: 'created', echo: 'wrote', cd: 'moved', comment: 'posted', retweet: 'retweeted', reserve: 'reserved' };
const PARTICIPLE: Record<string, string> = { wrote: 'written', ran: 'run', got: 'got', gave: 'given', took: 'taken', began: 'begun' };
const participle = (did: string) => did.replace(/^(\S+)/, (v) => PARTICIPLE[v] ?? v);

function pastOf(verb: string): string {
  if (IRREGULAR[verb]) return IRREGULAR[verb];
  if (/e$/.test(verb)) return `${verb}d`;
  if (/[^aeiou]y$/.test(verb)) return `${verb.slice(0, -1)}ied`;
  return `${verb}ed`;
}

const PREPOSITION = new Set(['to', 'from', 'in', 'into', 'on', 'with', 'for', 'of', 'by', 'at']);
/** The toolkit's word for what a bare verb acts on: Email.send sends "the email". */
const TOOLKIT_OBJECT: Record<string, string> = { Email: 'the email', ReserveMeeting: 'the room', MessageAPI: 'the message', TwitterAPI: 'the tweet', PostingAPI: 'the post' };

/** A short string argument of the call: the thing it acted on ("NVDA", "notes.txt"). */
function argNamed(args: AnswerInput['steps'][number]['args'], keys: RegExp, max = 40): string | undefined {
  if (!isPlainObject(args)) return undefined;
  const hit = Object.entries(args).find(([k, v]) => keys.test(k) && typeof v === 'string' && v.length > 0 && v.length <= max);
  return hit ? JSON.stringify(hit[1]) : undefined;
}

/**
 * What a call that changed something did, in the past tense: "cancelled the booking", "sent the
 * email", "added "NVDA" to the watchlist", "created the file "notes.txt"", "logged in". Undefined
 * when its name says too little to tell.
 */
export function didPhrase(s: AnswerInput['steps'][number], steps: AnswerInput['steps'] = [s]): string | undefined {
  const dot = s.name.indexOf('.');
  const kit = dot > 0 ? s.name.slice(0, dot) : '';
  const api = apiOf(s.name);
  const words = api.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase().split('_').filter(Boolean);
  if (words.length === 0) return undefined;
  const who = argNamed(s.args, /^(?:user_?id|user_?name)$/i);
  if (words.includes('login')) return who ? `logged in as ${who.replace(/^"|"$/g, '')}` : 'logged in';
  if (words.includes('logout')) return 'logged out';
  const file = argNamed(s.args, /^(file_?name|name|path)$/i);
  const folder = argNamed(s.args, /^(dir_?name|folder|directory)$/i);
  const source = argNamed(s.args, /^source$/i);
  const target = argNamed(s.args, /^destination$/i);
  const title = argNamed(s.args, /^title$/i, 100);
  const location = argNamed(s.args, /^abs_location$/i, 120);
  const theme = argNamed(s.args, /^theme$/i);
  const receiver = argNamed(s.args, /^receiver_?id$/i);
  const symbol = argNamed(s.args, /^(?:symbol|stock)$/i);
  // A save names the file the turn created ("saved "outputs/GlobalWarming.ppt"").
  const created = steps.filter((o) => apiOf(o.name) === 'create_file' && !o.error).map((o) => argNamed(o.args, /^abs_location$/i, 120)).filter(Boolean);
  const saved = created.length === 1 ? created[0] : undefined;
  switch (api) {
    case 'touch': return file ? `created the file ${file}` : 'created the file';
    case 'mkdir': return folder ? `created the directory ${folder}` : 'created the directory';
    // The parent folder as a person says it, never "moved into ".."" (answer_parent_as_dots).
    case 'cd': return folder === '".."' ? 'went up to the parent folder' : folder ? `moved into ${folder}` : 'changed the directory';
    // BFCL's mv to a name that is no directory renames: "'a.txt' moved to 'b.txt'", never "… to 'dir/a.txt'".
    case 'mv': return source && target ? `${renames(s) ? 'renamed' : 'moved'} ${source} to ${target}` : 'moved the file';
    case 'cp': return source && target ? `copied ${source} to ${target}` : 'copied the file';
    case 'rm': return file ? `removed ${file}` : 'removed the file';
    case 'rmdir': return folder ? `removed the directory ${folder}` : 'removed the directory';
    case 'echo': return file ? `wrote ${writtenWhat(s.args)} to ${file}` : `wrote out ${writtenWhat(s.args)}`;
    case 'authenticate_twitter': return 'signed in to Twitter';
    case 'authenticate_travel': return 'signed in to the travel booking service';
    case 'fillFuelTank': {
      const amount = isPlainObject(s.args) ? s.args.fuelAmount : undefined;
      return typeof amount === 'number' ? `added ${say(amount)} ${amount === 1 ? 'gallon' : 'gallons'} to the fuel tank` : 'filled the fuel tank';
    }
    case 'contact_customer_support': return 'contacted customer support';
    case 'add_text_image_page': return title ? `added a page titled ${title} with text and an image` : 'added a page with text and an image';
    case 'add_text_page': return title ? `added a text page titled ${title}` : 'added a text page';
    case 'create_file': return location ? `created the file ${location}${theme ? ` with the ${theme} theme` : ''}` : 'created the file';
    case 'save_file': return saved ? `saved ${saved}` : 'saved the file';
    case 'write_file': return argNamed(s.args, /^file_?path$/i, 120) ? `wrote ${writtenWhat(s.args)} to ${argNamed(s.args, /^file_?path$/i, 120)}` : 'wrote the file';
    case 'retweet': return 'retweeted the tweet';
    case 'comment': return 'posted the comment';
    case 'send_message': return receiver ? `sent the message to ${receiver.replace(/^"|"$/g, '')}` : 'sent the message';
    case 'delete_message': return receiver ? `deleted the latest message to ${receiver.replace(/^"|"$/g, '')}` : 'deleted the message';
    case 'remove_stock_from_watchlist': return symbol ? `removed ${symbol.replace(/^"|"$/g, '')} from the watchlist` : 'removed the stock from the watchlist';
    case 'lockDoors': return isPlainObject(s.args) && s.args.unlock === true ? 'unlocked the doors' : 'locked the doors';
    // Which order or booking went, by the id the call passed ("cancelled booking 3426812"), as a reservation names its
    // room: "I have cancelled the booking." after "the flight planned for London" (BFCL's slip for SFO-ORD,
    // bfcl_multi_turn_base_152) left the user to guess which.
    case 'cancel_order':
    case 'cancel_booking': {
      const noun = api === 'cancel_order' ? 'order' : 'booking';
      const id = isPlainObject(s.args) ? s.args[`${noun}_id`] : undefined;
      return (typeof id === 'number' || typeof id === 'string') && String(id).trim() !== '' ? `cancelled ${noun} ${String(id)}` : `cancelled the ${noun}`;
    }
    case 'reserve': {
      const room = isPlainObject(s.args) ? s.args.room_id : undefined;
      const from = argNamed(s.args, /^start_time$/i);
      const to = argNamed(s.args, /^end_time$/i);
      return room !== undefined && room !== '' ? `reserved room ${String(room)}${from && to ? ` from ${from.replace(/"/g, '')} to ${to.replace(/"/g, '')}` : ''}` : 'reserved the room';
    }
  }
  if (kit === 'Email' && api === 'send') {
    const to = argNamed(s.args, /^(?:address|to|recipient)$/i);
    return to ? `sent the email to ${to.replace(/^"|"$/g, '')}` : 'sent the email';
  }
  const [verb, ...rest] = words;
  const past = pastOf(verb);
  if (rest.length === 0) return TOOLKIT_OBJECT[kit] ? `${past} ${TOOLKIT_OBJECT[kit]}` : undefined;
  // "add to watchlist" -> "added "NVDA" to the watchlist"; "remove stock from watchlist" -> "removed the stock from the watchlist".
  const out: string[] = [past];
  let i = 0;
  if (PREPOSITION.has(rest[0])) {
    const what = argNamed(s.args, /^(stock|symbol|ticker|item|name|user_?name|content)$/i);
    if (!what) return undefined;
    out.push(what);
  } else {
    const obj: string[] = [];
    while (i < rest.length && !PREPOSITION.has(rest[i])) obj.push(rest[i++]);
    out.push(`the ${obj.join(' ')}`);
  }
  while (i < rest.length) {
    const prep = rest[i++];
    const obj: string[] = [];
    while (i < rest.length && !PREPOSITION.has(rest[i])) obj.push(rest[i++]);
    if (obj.length) out.push(`${prep} the ${obj.join(' ')}`);
  }
  return out.join(' ');
}

/** A move that renamed its file: BFCL's mv answers "'a.txt' moved to 'b.txt'" for that, "'a.txt' moved to 'dir/a.txt'" for a move into a directory. */
function renames(s: AnswerInput['steps'][number]): boolean {
  const to = isPlainObject(s.args) ? s.args.destination : undefined;
  return typeof to === 'string' && !to.includes('/') && s.response.includes(`moved to '${to}'`);
}

/**
 * A call's answer with what the sentence "I cancelled the booking" already says taken out: a flag
 * that it went through, a message that only says so ("Send completed successfully.", "added page").
 * A message that says more ("Ticket 987654 has been resolved successfully.") stays.
 */
function beyondDone(value: Record<string, unknown>, s?: AnswerInput['steps'][number], did = ''): Record<string, unknown> {
  const args = s && isPlainObject(s.args) ? s.args : {};
  const argText = `${did} ${Object.values(args).map((v) => String(v)).join(' ')}`;
  const past = did.split(' ')[0]?.toLowerCase() ?? '';
  return Object.fromEntries(
    Object.entries(value).filter(([k, v]) => {
      if (v === true && /(?:^|_)(?:status|success|ok|result)$|Status$/.test(k)) return false;
      // A list the user gave (a tweet's tags) read back, or an empty one ("there are no mentions"): not news.
      if (Array.isArray(v) && (v.length === 0 || (Array.isArray(args[k]) && toJson(args[k]) === toJson(v)))) return false;
      // A status that only says the deed went through ("success", "Send completed successfully.", "added page"
      // after "I added a text page …"): one test, restatesDone; a number, a quoted name or a code it does not
      // share with the call ("OK", "ERR") is more than that.
      if (typeof v === 'string' && /(?:^|_)(?:status|state|result)$|Status$/.test(k) && restatesDone(did, v) && !/\d|'[^']+'/.test(v) && (v.match(/\b[A-Z]{2,}\b/g) ?? []).every((t) => argText.includes(t))) return false;
      if (typeof v !== 'string' && typeof v !== 'number') return true;
      // What the user wrote themselves (a new ticket's description) or who they are (its "created by"): not news to them.
      if (typeof v === 'string' && /^(?:description|content|message|body|text)$/i.test(k) && Object.values(args).some((a) => a === v)) return false;
      if (/^created_?by$/i.test(k) && s && /^create_/.test(apiOf(s.name))) return false;
      // The poster of one's own new post is the user themselves.
      if (/^(?:username|user_?name|author)$/i.test(k) && s && /^(?:post|create)_/.test(apiOf(s.name))) return false;
      const text = String(v).trim();
      // A reply that only says it worked, naming nothing the call did not name ("Stock TSLA removed
      // from watchlist successfully.", "User 'USR001' logged in successfully."): the sentence says it.
      if (typeof v === 'string' && /\bsuccess(?:ful(?:ly)?)?\b|\bcompleted\b/i.test(text) && (text.match(/'[^']+'|\b\w*\d\w*\b|\b[A-Z]{2,}\w*\b/g) ?? []).every((t) => argText.includes(t.replace(/^'|'$/g, '')))) return false;
      // A reply that restates the deed in the call's own names ("'proposal.docx' moved to 'Projects/proposal.docx'" after "I moved "proposal.docx" to "Projects""; a rename's "'a.txt' moved to 'b.txt'").
      const quoted = typeof v === 'string' ? (text.match(/'[^']+'/g) ?? []) : [];
      if (quoted.length && past && new RegExp(`\\b(?:${past === 'renamed' ? 'renamed|moved' : past})\\b`, 'i').test(text) && text.replace(/'[^']+'/g, '').trim().split(/\s+/).length <= 4 && quoted.every((q) => q.slice(1, -1).split('/').every((part) => argText.includes(part)))) return false;
      // A status that is the deed's own word ("Cancelled" after "I cancelled the order", "unlocked" after "I unlocked the doors").
      if (typeof v === 'string' && past && text.toLowerCase() === past) return false;
      // A value the sentence already names ("the current working directory is "document"" after "I moved into "document"").
      if (did && (did.includes(JSON.stringify(text)) || (typeof v === 'number' && new RegExp(`(?<![\\d.])${String(v).replace('.', '\\.')}(?![\\d])`).test(did)))) return false;
      return true;
    }),
  );
}

/** "set the budget limit" with the value it was set to, when the reply gives back the argument: "set the budget limit to 7142.86 USD". */
function setTo(did: string, value: unknown, s: AnswerInput['steps'][number]): string {
  if (!/^set\b/.test(did) || !isPlainObject(value) || !isPlainObject(s.args)) return did;
  const args = s.args;
  const same = Object.entries(value).find(([k, v]) => (typeof v === 'number' || typeof v === 'string') && args[k] !== undefined && String(args[k]) === String(v));
  if (!same) return did;
  return `${did} to ${measured(same[0], same[1], 1) ?? say(same[1], 1)}`;
}
/** A response that is a list: what came back, counted. */
const EMPTY: ((topic?: string) => string)[] = [
  (topic) => (topic ? `Nothing came back for the ${topic}.` : 'That call returned nothing.'),
  (topic) => (topic ? `The ${topic} came back empty.` : 'There was nothing in the reply.'),
];
/**
 * Openers, chosen by outcome, so a failure is never introduced as a success; often none at all. They
 * speak of the calls, never of the request ("All set.", "Done."): the calls show what went through, not
 * whether they cover all it asks.
 */
const OPENERS = {
  // A person opens with the finding; a frame about the calls ("The results follow.", "Each call
  // succeeded.") is machine talk (answer_canned_opener).
  // "Here is where things stand." and "Here is what I found." said nothing either (answer-writer-37).
  ok: [''],
};

function capitalise(text: string): string {
  return /^[a-z]/.test(text) ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}


/**
 * What a call is called in the answer: its API, and when the turn calls the API more than once, the
 * argument that tells those calls apart ("`check_availability` for id 25433"), so three sentences
 * about three properties do not read as one said three times.
 */
function callName(s: AnswerInput['steps'][number], steps: AnswerInput['steps']): string {
  const same = steps.filter((o) => o.name === s.name);
  if (same.length < 2 || !isPlainObject(s.args)) return named(s.name);
  for (const [key, value] of Object.entries(s.args)) {
    // A short value only: a long text is no name for a call (and is never cut in an answer).
    if (!(typeof value === 'number' || typeof value === 'bigint' || (typeof value === 'string' && value.length <= 40))) continue;
    const values = same.map((o) => (isPlainObject(o.args) ? o.args[key] : undefined));
    if (new Set(values.map((v) => String(v))).size === same.length) return `${named(s.name)} for ${humanize(key)} ${typeof value === 'string' ? `"${value}"` : String(value)}`;
  }
  return named(s.name);
}

/** Verbs an API name opens with that only say "look it up": the rest of the name is what was looked up. */
const LOOKUP_VERBS = /^(?:get|fetch|retrieve|search|list|view|check|show|display|find|query|read|lookup|look|count|calculate|compute|estimate|convert|aggregate)$/;
/** What a look-up was about, from its API's name: "get_stock_info" -> "stock info", "get_curr_time" -> "current time". */
function topicOf(name: string): string | undefined {
  const words = apiOf(name).replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase().split('_').filter(Boolean).map((w) => (w === 'curr' ? 'current' : w === 'info' ? 'details' : w));
  if (words.length >= 2 && LOOKUP_VERBS.test(words[0])) return words.slice(1).join(' ');
  return undefined;
}

/** What a computation's number is, by its API ("mean" -> "the mean"): "It comes to 2." says nothing of which of a turn's numbers it is. */
const QUANTITY: Record<string, string> = {
  add: 'the sum', sum_values: 'the sum', subtract: 'the difference', multiply: 'the product', divide: 'the quotient', mean: 'the mean',
  standard_deviation: 'the standard deviation', logarithm: 'the logarithm', square_root: 'the square root', absolute_value: 'the absolute value',
  round_number: 'the rounded number', percentage: 'the percentage', max_value: 'the largest value', min_value: 'the smallest value', power: 'the power',
  si_unit_conversion: 'the converted value', imperial_si_conversion: 'the converted value',
};

/**
 * What a call that went through says, in words the user reads: the finding, never the API's name
 * (answer_names_api); a failure keeps its API's name, so the user knows which step to retry.
 */
// A finding said as itself ("The watchlist has "NVDA" and "OMEG".", "The distance is 980 km."): "I found that …" before it
// was one frame carrying the closing answers of 25 of g0's 242 trajectories (its most common sentence opening), a
// frame about the telling that says nothing the finding does not (answer_opening_frame_top_share).
const FOUND: ((what: string) => string)[] = [(what) => `${capitalise(what)}.`];
const FOUND_TOPIC: ((topic: string, what: string) => string)[] = [
  (topic, what) => `As for the ${topic}, ${what}.`,
  (topic, what) => `I looked up the ${topic}: ${what}.`,
  (topic, what) => `On the ${topic}, ${what}.`,
];
const LISTED: ((what: string) => string)[] = [(what) => `I found ${what}.`, (what) => `I got back ${what}.`, (what) => `The search gave ${what}.`];
const TEXT: ((text: string) => string)[] = [(text) => `The reply reads ${text}.`, (text) => `The answer was ${text}.`, (text) => `I got back ${text}.`];
const REPLY: ((what: string) => string)[] = [(what) => `${capitalise(what)}.`, (what) => `The reply says ${what}.`, (what) => `It came back saying ${what}.`];
/**
 * A service's message said as what happened, in plain words, never quoted back as "the reply reads "…"" (answer_reply_quoted):
 * its courtesy left out and its "we" turned to "they" ("Thank you for contacting customer support. Your message has
 * been received and we will get back to you shortly." -> "your message has been received and they will get back to
 * you shortly"), a bare progress line said as going on ("Navigating to 456 Oakwood Avenue" -> "it is now navigating
 * to 456 Oakwood Avenue"), a pointer said as where the thing is ("submitted. view ppt at outputs/a.pptx" -> "it can be
 * viewed at outputs/a.pptx"). Undefined when none of these applies: the message is then quoted as it came.
 */
export function replyAsStatement(message: string): string | undefined {
  let parts = message.trim().split(/(?<=[.!])\s+/).map((t) => t.trim()).filter(Boolean);
  let changed = false;
  const kept = parts.filter((t) => !/^(?:thank you|thanks)\b/i.test(t) && !/^[a-z]+ed[.!]?$/i.test(t));
  if (kept.length > 0 && kept.length < parts.length) [parts, changed] = [kept, true];
  parts = parts.map((t) => {
    const going = /^([A-Z][a-z]+ing) ((?:to|for|with|towards?) .+?)\.?$/.exec(t);
    if (going) { changed = true; return `it is now ${going[1].toLowerCase()} ${going[2]}`; }
    const at = /^(?:view|see|find|open)(?: (?:the|your))? \w+ at (\S+?)\.?$/i.exec(t);
    if (at) { changed = true; return `it can be viewed at ${at[1]}`; }
    const third = t.replace(/\bwe'll\b/gi, "they'll").replace(/\bwe\b/gi, 'they').replace(/\bour\b/gi, 'their').replace(/\bus\b/g, 'them');
    if (third !== t) changed = true;
    return third;
  });
  if (!changed || parts.some((t) => /\b(?:I|me|my)\b/.test(t))) return undefined;
  const text = parts.map((t) => t.replace(/[.!]$/, '')).join('; ');
  return /^[A-Z][a-z]/.test(text) && !/^[A-Z][a-z]*[A-Z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}

/** A call that changed something and went through: what I did, then anything else its answer says. */
/** A short reply that says only that the act went through: a success word, or the act's own verb ("created a ppt file." after "created the file …"). */
export function restatesDone(did: string, reply: string): boolean {
  const text = reply.trim();
  if (!text || text.split(/\s+/).length > 12 || /\b(?:not|no|fail(?:ed|ure)?|error|unable|denied)\b/i.test(text)) return false;
  if (/\b(?:success(?:ful(?:ly)?)?|succeeded|completed|done|ok)\b/i.test(text)) return true;
  const verb = /^\w+/.exec(did)?.[0];
  return verb !== undefined && verb.length > 2 && new RegExp(`\\b${verb}\\b`, 'i').test(text);
}

const DONE: ((did: string, what: string) => string)[] = [
  (did, what) => `I ${did}${what ? `, and ${what}` : ''}.`,
  (did, what) => `I ${did}${what ? `; ${what}` : ''}.`,
  (did, what) => `I have ${participle(did)}${what ? `: ${what}` : ''}.`,
  (did, what) => `I have ${participle(did)}${what ? `, and ${what}` : ''}.`,
];

/** The key of the one list of records a response holds ({"film": […]} -> "film"; a bare list -> "[]"). */
function recordListKey(s: AnswerInput['steps'][number]): string | undefined {
  if (s.error) return undefined;
  const value = parseToolResponse(s.response);
  const isRecords = (v: unknown) => Array.isArray(v) && v.length > 0 && v.every(isPlainObject);
  if (isRecords(value)) return '[]';
  if (!isPlainObject(value)) return undefined;
  const keys = Object.keys(value).filter((k) => isRecords(value[k]));
  return keys.length === 1 ? keys[0] : undefined;
}

/**
 * What a list is, by its call, when the turn has another list of the same kind from another call: "now
 * playing" (now_playing_out_filter) against "coming soon" (coming_out_filter), "popular" against "top
 * rated"; undefined when the list is the turn's only one of its kind or the API's name says nothing more.
 */
function listLabel(s: AnswerInput['steps'][number], steps: AnswerInput['steps']): string | undefined {
  const key = recordListKey(s);
  if (!key || !steps.some((o) => o !== s && o.name !== s.name && recordListKey(o) === key)) return undefined;
  const noun = singularWord(key.toLowerCase());
  const words = apiOf(s.name).replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase().split('_').filter((w) => w && !LOOKUP_VERBS.test(w) && !/^(?:filter|out|info|details|data|list|all|films?|movies?|results?)$/.test(w) && singularWord(w) !== noun);
  if (!words.length) return undefined;
  const label = words.join(' ');
  return /^(?:coming|upcoming|coming soon)$/.test(label) ? 'coming soon' : label;
}

/**
 * Two lists of one kind told apart by their label, said as a sentence: "Two films are playing now:
 * "A" and "B".", "Two are coming soon: …", never "Now playing: 2 films: …" (answer_record_dump).
 */
function labelledList(label: string, listed: string): string {
  const m = /^(\d+|no) (\S+?)(:|, among them) (.*)$/.exec(listed);
  if (!m) return `${capitalise(label)}, there ${/^(?:1|one) /.test(listed) ? 'is' : 'are'} ${listed}.`;
  const [, n, noun, sep, rest] = m;
  const count = n === 'no' ? 'No' : capitalise(countWord(Number(n)));
  const are = n === '1' ? 'is' : 'are';
  const state = label === 'now playing' ? 'playing now' : label === 'coming soon' ? 'coming soon' : undefined;
  const head = state ? `${count} ${noun} ${are} ${state}` : `${count} ${label} ${noun}`;
  if (n === 'no') return `${head}.`;
  return state ? `${head}${sep === ':' ? ':' : ', among them'} ${rest}.` : `There ${are} ${head.replace(/^\S+/, (w) => w.toLowerCase())}${sep} ${rest}.`;
}

/**
 * A list said as the list it is, never by a bare count ("I got back 3 films: …", "I came across 3 emails: …",
 * "There are 5 films, among them …": answer_list_unnamed): the user asked for one of them, and the
 * answer says which ("Three films are playing in China now: …", "You have 2 unread emails: …", "The five
 * top-rated films include …", ""The Godfather" has 3 reviews: …", "A search for "q" found 3 papers: …").
 * Undefined where the call tells nothing more than its noun (the fallback frames say the count).
 */
function namedList(s: AnswerInput['steps'][number], counted: string, asked: string | undefined, rng: Rng): string | undefined {
  const m = /^(\d+|no|one|two|three|four|five|six|seven|eight|nine|ten) (\S+(?: \S+)?)(:|, among them) (.*)$/.exec(counted);
  if (!m) return undefined;
  const [, n, noun, sep, rest] = m;
  const count = /^\d+$/.test(n) ? Number(n) : NUMBER_WORDS.indexOf(n);
  const one = count === 1;
  const api = apiOf(s.name);
  const args = isPlainObject(s.args) ? s.args : {};
  // ", among them A, B and C" names some of the list; ": A, B and C" names it whole.
  const whole = sep === ':';
  if (/^(?:show|list|get)_?(?:emails?|inbox|mails?)?$/i.test(api) && /^Email\b/i.test(s.name) && /^emails?$/.test(noun)) {
    const unread = args.only_unread === true || args.unread === true ? 'unread ' : '';
    return `You have ${n} ${unread}${noun}${unread ? '' : ' in your inbox'}${sep} ${rest}.`;
  }
  if (/^(?:films?|movies?)$/.test(noun)) {
    const Count = capitalise(countWord(count));
    const are = one ? 'is' : 'are';
    // Douban's lists are of China's cinemas (their docs: "playing films now in China", "coming films in China"), and
    // cut to the [outNum] films asked: said as what Douban lists ("Douban lists three films coming out in China soon: …"),
    // never "Three films are coming out in China soon", as if no other were (answer_cut_list_told_whole).
    const douban = /^FilmDouban\./.test(s.name);
    const state = /now_?playing/i.test(api) ? (douban ? 'playing in China now' : 'playing now') : /coming|upcoming/i.test(api) ? (douban ? 'coming out in China soon' : 'coming out soon') : undefined;
    if (state && douban) return `Douban lists ${countWord(count)} ${noun} ${state}${whole ? ':' : ', among them'} ${rest}.`;
    if (state) return `${Count} ${noun} ${are} ${state}${whole ? ':' : ', among them'} ${rest}.`;
    const ranked = /popular/i.test(api) ? 'most popular' : /top_?rated/i.test(api) ? 'top-rated' : undefined;
    if (ranked) return one ? `The ${ranked} film is ${rest}.` : `The ${countWord(count)} ${ranked} ${noun} ${whole ? 'are' : 'include'} ${rest}.`;
    if (/similar/i.test(api) && asked) return `${Count} ${noun} ${are} like ${asked}${whole ? ':' : ', among them'} ${rest}.`;
  }
  if (/^reviews?$/.test(noun) && asked) return `${capitalise(asked)} has ${n} ${noun}${sep} ${rest}.`;
  const query = argNamed(args, QUERY_KEY, 120);
  if (query) return rng.pick(SEARCH_FOUND)(searchedAs(s, query), counted);
  return undefined;
}
/**
 * A search step's quoted words as a finding says them: "… for "quantum mechanics" on arXiv" where another service was searched
 * for the same words in the turn (told.sharedQueries), never two searches told alike, one of them failed; else the words alone.
 */
function searchedAs(s: AnswerInput['steps'][number], query: string): string {
  const service = told.sharedQueries?.has(query) ? SEARCH_SERVICES[s.name.split('.')[0]] : undefined;
  return service ? `${query} on ${service}` : query;
}

/** The argument that tells a turn's calls of one API apart ("the property id 25433"), or the one it was asked about. */
function subjectOf(s: AnswerInput['steps'][number], steps: AnswerInput['steps']): string | undefined {
  const same = steps.filter((o) => o.name === s.name);
  if (same.length < 2 || !isPlainObject(s.args)) return askedAbout(s);
  for (const [key, value] of Object.entries(s.args)) {
    if (!(typeof value === 'number' || typeof value === 'bigint' || (typeof value === 'string' && value.length <= 40))) continue;
    // A day asked about is said in the answer's own words ("… is not available on 18 October 2023"), never its subject (""2023-10-18" is not available …").
    if (typeof value === 'string' && dayInWords(value) !== undefined) continue;
    const values = same.map((o) => (isPlainObject(o.args) ? o.args[key] : undefined));
    if (new Set(values.map((v) => String(v))).size === same.length) return subjectPhrase(key, value);
  }
  return askedAbout(s);
}

/** A record without the fields that only repeat what it was asked about ("For the order id 12446, the id is 12446"). */
function withoutAsked(value: Record<string, unknown>, args: AnswerInput['steps'][number]['args']): Record<string, unknown> {
  if (!isPlainObject(args)) return value;
  const asked = new Set(Object.values(args).filter((v) => typeof v === 'string' || typeof v === 'number').map((v) => String(v)));
  const drop = (record: Record<string, unknown>): Record<string, unknown> => {
    const kept = Object.fromEntries(Object.entries(record).filter(([k, v]) => !((typeof v === 'string' || typeof v === 'number') && asked.has(String(v)) && /(?:^|_)(?:id|symbol|ticker|name|title|username|user_?id)$/i.test(k))).map(([k, v]) => [k, isPlainObject(v) ? drop(v) : v]));
    return Object.keys(kept).length ? kept : record;
  };
  const kept = drop(value);
  return Object.keys(kept).length ? kept : value;
}

/**
 * A conversion's result with the quantity converted: "40 liters come to 10.56688 gallons", not "That is
 * 10.56688 gallons." (liter_to_gallon, gallon_to_liter, …: the units are the API's own words).
 */
function conversion(s: AnswerInput['steps'][number], value: Record<string, unknown>, rng: Rng): string | undefined {
  const m = /^([a-z]+)_to_([a-z]+)$/.exec(apiOf(s.name));
  if (!m || !isPlainObject(s.args)) return undefined;
  const inputs = Object.values(s.args).filter((v): v is number => typeof v === 'number');
  const outputs = Object.values(value).filter((v): v is number => typeof v === 'number');
  if (inputs.length !== 1 || outputs.length !== 1 || Object.keys(value).length !== 1) return undefined;
  const unit = (w: string, n: number) => (n === 1 ? w : UNITS[w] ?? pluralOf(w));
  const from = `${say(inputs[0])} ${unit(m[1], inputs[0])}`;
  const to = `${say(outputs[0])} ${unit(m[2], outputs[0])}`;
  // Never "In gallons, 30 liters are 7.92516.", the unit put first and the number left bare (answer_unit_fronted).
  return rng.pick([`${capitalise(from)} come${inputs[0] === 1 ? 's' : ''} to ${to}.`, `${capitalise(from)} ${inputs[0] === 1 ? 'is' : 'are'} ${to}.`, `${capitalise(from)} convert${inputs[0] === 1 ? 's' : ''} to ${to}.`]);
}

/**
 * A flight's cost said with the flight it is for: "A first-class flight from JFK to LAX on 10 October 2026
 * costs 5700 USD.", never a bare "The flight costs 5700 USD." that leaves out the airports the user asked
 * to identify (bfcl_multi_turn_base_181). The day only when the request gives it, so no date the plan worked out
 * is stated as said (answer_unsupported).
 */
/**
 * A flight as its call gave it: "first-class flight from JFK to LAX on 10 October 2026", the day only when the
 * request gives it (a plan's made-up day is not the user's). Undefined without both airports.
 */
function flightOf(args: AnswerInput['steps'][number]['args']): string | undefined {
  if (!isPlainObject(args)) return undefined;
  const { travel_from: from, travel_to: to, travel_date: date, travel_class: cls } = args;
  if (typeof from !== 'string' || typeof to !== 'string' || !from.trim() || !to.trim()) return undefined;
  const kind = typeof cls === 'string' && /^(?:first|business|premium economy|economy)$/i.test(cls.trim()) ? `${cls.trim().toLowerCase()}${/economy/i.test(cls) ? '' : '-class'} ` : '';
  const day = typeof date === 'string' ? dayInWords(date) : undefined;
  const [d, , y] = day?.split(' ') ?? [];
  const said = day && new RegExp(`\\b${y}\\b`).test(told.request) && new RegExp(`\\b${d}(?:st|nd|rd|th)?\\b`).test(told.request.replace(/\b\d{4}\b/g, ' ')) ? ` on ${day}` : '';
  return `${kind}flight from ${from.trim()} to ${to.trim()}${said}`;
}

function flightCost(s: AnswerInput['steps'][number], value: Record<string, unknown>, rng: Rng): string | undefined {
  const list = value.travel_cost_list;
  if (apiOf(s.name) !== 'get_flight_cost' || !Array.isArray(list) || list.length !== 1 || typeof list[0] !== 'number') return undefined;
  const flight = flightOf(s.args);
  if (!flight) return undefined;
  const cost = withMoney('travel_cost_list', list[0]);
  return rng.pick([`A ${flight} costs ${cost}.`, `The ${flight} costs ${cost}.`]).replace(/^A (?=economy)/, 'An ');
}

/**
 * A distance said between the places it was asked for, in the user's names: "Autumnville is 630 km from
 * Crescent Hollow.", "Google Headquarters is 9.533 km from Stanford University.", never "The distance is
 * 630 km.", the one stock statement shared by ten of g0's trajectories about unrelated trips
 * (answer_sentence_frame_top_share). A zip code a call took is named by the city an earlier look-up of the
 * turn gave it for, or the request's "Rivermist (zip 83214)"; one nothing names stays a zip code.
 */
export function distanceSentence(s: AnswerInput['steps'][number], value: Record<string, unknown>, steps: AnswerInput['steps']): string | undefined {
  // GaodeMap's distance comes with the drive's expected minutes: {"distance": 1334.1, "duration": 962}.
  const keys = Object.keys(value).filter((k) => !(/^duration$/i.test(k) && typeof value[k] === 'number'));
  if (keys.length !== 1 || !/^distance$/i.test(keys[0]) || typeof value[keys[0]] !== 'number' || !isPlainObject(s.args)) return undefined;
  const amount = measured(keys[0], value[keys[0]], 0);
  const minutes = typeof value.duration === 'number' ? value.duration : undefined;
  if (minutes !== undefined && !/\bminutes?\b/i.test(told.docs.duration ?? '')) return undefined;
  const ends = Object.entries(s.args).filter(([, v]) => typeof v === 'string' && v.trim());
  if (!amount || ends.length !== 2) return undefined;
  const from = ends.find(([k]) => /^(?:start|origins?|from|source|city_?a|location_?a|place_?a)$/i.test(k));
  const to = ends.find(([k]) => /^(?:end|destination|to|target|city_?b|location_?b|place_?b)$/i.test(k));
  if (!from || !to) return undefined;
  const place = (v: string): string | undefined => {
    const t = v.trim();
    // A 'lon,lat' text is the address a look-up of the turn gave it for, quoted as that look-up's sentence says it, or no place to name.
    if (lonLatText(t)) {
      const address = addressOfLonLat(steps, t);
      return address ? JSON.stringify(address) : undefined;
    }
    if (!/^\d{5}$/.test(t)) return t.length <= 80 && !/["\n]/.test(t) ? t : undefined;
    const looked = steps.find((x) => x !== s && !x.error && /zip_?code/i.test(apiOf(x.name)) && isPlainObject(x.args) && new RegExp(`"${t}"`).test(x.response));
    const city = looked && isPlainObject(looked.args) ? Object.values(looked.args).find((a): a is string => typeof a === 'string' && /^[A-Z][\p{L}' .-]{1,40}$/u.test(a.trim())) : undefined;
    if (city) return city.trim();
    const named = new RegExp(`\\b([A-Z][\\p{L}'.-]*(?: [A-Z][\\p{L}'.-]*){0,3})\\s*\\((?:zip(?:\\s*code)?:?\\s*)?${t}\\)`, 'u').exec(told.request);
    return named ? named[1] : `zip code ${t}`;
  };
  const a = place(from[1] as string);
  const b = place(to[1] as string);
  if (!a || !b || a.toLowerCase() === b.toLowerCase()) return undefined;
  return `${capitalise(b)} is ${amount} from ${a}${minutes !== undefined ? `, a drive of about ${plural(minutes, 'minute')}` : ''}.`;
}

/**
 * A place's coordinate given as one 'lon,lat' text (GaodeMap.get_coordinate: "format with (lon, lat)") said as where
 * the place is: ""北京市政府" is at longitude 116.407417, latitude 39.904172.", never "The coordinate of "北京市政府"
 * is "116.407417,39.904172"." (answer_coordinates_as_text).
 */
function lonLatSentence(s: AnswerInput['steps'][number], value: Record<string, unknown>): string | undefined {
  const keys = Object.keys(value);
  if (keys.length !== 1 || !/^coordinates?$/i.test(keys[0]) || typeof value[keys[0]] !== 'string' || !LON_LAT_DOC.test(told.docs[keys[0]] ?? '')) return undefined;
  const at = lonLatText(value[keys[0]] as string);
  const address = argNamed(s.args, /^(?:address|location|place)$/i, 80);
  return at && address ? `${address} is at longitude ${at.lon}, latitude ${at.lat}.` : undefined;
}

/** An exchange said as the sum it came to: "400 USD comes to 320 EUR.", not "The exchanged value is 320 EUR.". */
function exchange(s: AnswerInput['steps'][number], value: Record<string, unknown>, rng: Rng): string | undefined {
  const keys = Object.keys(value);
  if (keys.length !== 1 || !/^(?:exchanged|converted)_?(?:value|amount)$/i.test(keys[0]) || typeof value[keys[0]] !== 'number' || !isPlainObject(s.args)) return undefined;
  const args = s.args;
  const amount = Object.entries(args).find(([k, v]) => /^(?:value|amount)$/i.test(k) && typeof v === 'number')?.[1] as number | undefined;
  const from = typeof args.base_currency === 'string' ? args.base_currency : undefined;
  const to = typeof args.target_currency === 'string' ? args.target_currency : undefined;
  if (amount === undefined || !from || !to) return undefined;
  const got = `${say(value[keys[0]])} ${to}`;
  return rng.pick([`${say(amount)} ${from} comes to ${got}.`, `${say(amount)} ${from} is ${got}.`, `${say(amount)} ${from} makes ${got}.`]);
}

/** A check that did not pass, with its reason: "The verification did not pass: "Passport must be issued by the United States."", not "the verification failure is …". */
function refusalWithReason(value: Record<string, unknown>, rng: Rng): string | undefined {
  const entries = Object.entries(value);
  if (entries.length !== 2) return undefined;
  const flag = entries.find(([k, v]) => v === false && /^([a-z]+)_?(?:status|success|ok|result)$/i.test(k));
  const reason = entries.find(([k, v]) => typeof v === 'string' && v.trim() !== '' && /(?:failure|reason|error|message)$/i.test(k));
  if (!flag || !reason) return undefined;
  const stem = /^([a-z]+)_?(?:status|success|ok|result)$/i.exec(flag[0])![1].toLowerCase();
  const act = STATUS_ACT[stem] ?? `the ${stem}`;
  const why = sayString((reason[1] as string).trim());
  return rng.pick([`${capitalise(act)} did not pass: ${why}.`, `${capitalise(act)} turned up a problem: ${why}.`]).replace(/([.!?]")\.$/, '$1');
}

/** A clock's answer as people tell the time: "It is 05:30 on 29 September 2020.", not "The time is "2020-09-29 05:30".". */
function timeSentence(value: Record<string, unknown>, rng: Rng): string | undefined {
  const entries = Object.entries(value);
  if (entries.length !== 1 || !/^(?:current_?)?time$|^now$/i.test(entries[0][0]) || typeof entries[0][1] !== 'string') return undefined;
  const when = momentInWords(entries[0][1]);
  return when ? rng.pick([`It is ${when}.`, `It is now ${when}.`]) : undefined;
}

/** The argument whose value a step's subject phrase names (the key its finding is about). */
function aboutKey(s: AnswerInput['steps'][number], about: string): string {
  if (!isPlainObject(s.args)) return '';
  const args = s.args;
  return Object.keys(args).find((k) => subjectPhrase(k, args[k]) === about) ?? '';
}

/**
 * A finding about what the user asked about, said as an answer, never under the argument's key
 * ("As for the name "Quasar Ltd.", the symbol is "QUAS"."): ""Quasar Ltd." trades under the symbol
 * QUAS.", "A search for "quantum computing" found 3 papers: …", "In Los Angeles, I found 3 properties:
 * …", "Property 24424717 is available.", "The stocks in the Technology sector are …". answer_echo_frame.
 */
/**
 * What a search found, said four ways: with two, "A search for Q found N papers: …" closed 22 of the
 * T-Eval answers (answer_frame_top_share_teval 0.190 against its 0.15 once web searches were told too).
 */
/**
 * What a nearby search looked for and where, as SEARCH_FOUND's query: ""gas station" near "123 Main Street"",
 * ""school" near "500 Ocean Avenue"" for coordinates a look-up of the turn gave for that place (never "near
 * 40.703573, -74.080326", numbers the user never said: answer_place_as_coordinates), ""restaurant" near
 * 37.797432, -122.4194" only where nothing named them.
 */
function nearbySearched(args: AnswerInput['steps'][number]['args'], steps: AnswerInput['steps'] = []): string | undefined {
  const term = argNamed(args, /^(?:search_?term|keywords?|types?)$/i, 60);
  if (!term || !isPlainObject(args)) return undefined;
  const place = argNamed(args, /^(?:places?|location|address|city)$/i, 80);
  const lat = args.latitude ?? args.lat;
  const lon = args.longitude ?? args.lon ?? args.lng;
  const at = typeof lat === 'number' && typeof lon === 'number' ? { lat, lon } : undefined;
  const place0 = at && placeOfCoordinates(steps, at.lat, at.lon);
  const named = place0 === undefined ? undefined : JSON.stringify(place0);
  // A property's own coordinates make the search near that property, whatever town the plan's "places" says.
  const property = at && place0 === undefined ? propertyOfCoordinates(steps, at.lat, at.lon) : undefined;
  // GaodeMap's one 'lon,lat' text: near the address a look-up of the turn gave it for ("near "北京市政府""), else said as the numbers they are.
  const bare = place?.slice(1, -1);
  const lonLat = bare ? lonLatText(bare) : undefined;
  const address = lonLat ? addressOfLonLat(steps, bare!) : undefined;
  const near = property ? ` near property ${property}` : address ? ` near ${JSON.stringify(address)}` : lonLat ? ` near longitude ${lonLat.lon}, latitude ${lonLat.lat}` : place ? ` near ${place}` : named ? ` near ${named}` : at ? ` near ${at.lat}, ${at.lon}` : '';
  return `${term}${near}`;
}

function aboutSentence(about: string, key: string, said: string, counted: string | undefined, rng: Rng, searched = about): string {
  const About = capitalise(about);
  if (counted && QUERY_KEY.test(key)) return rng.pick(SEARCH_FOUND)(searched, counted);
  // One day's forecast is the forecast for that day: "The forecast for San Francisco on 17 October 2023 is light rain at
  // 14.6 °C.", never "In San Francisco, I found 1 daily forecast: on 17 October 2023, …" (a look-up told as a search's tally).
  const oneDay = counted ? /^1 daily forecast: on ([^,;]+), ([^;]+)$/.exec(counted) : null;
  if (oneDay) return `The forecast for ${about} on ${oneDay[1]} is ${oneDay[2]}.`;
  if (counted && PLACE_KEY.test(key)) return rng.pick([`In ${about}, I found ${counted}.`, `I found ${counted.replace(/:|, among them/, (m) => ` in ${about}${m}`)}.`]);
  // A file's count is of what it holds: "In "movies.txt", I found 5 films, …".
  if (counted && /file|path/i.test(key)) return `In ${about}, I found ${counted}.`;
  if (counted) return `For ${about}, I found ${counted}.`;
  // Nothing found: "A search for "cafe" found no places.", "I found no geocodes for "…".", never "For "…", there are no geocodes."
  const none = /^there (?:are|is) no (.+)$/.exec(said)?.[1];
  if (none && QUERY_KEY.test(key)) return `A search for ${about} found no ${none}.`;
  if (none) return `I found no ${none} for ${about}.`;
  // One field ("the symbol is "QUAS"", "the stocks are "AAPL" and "GOOG""): the field of what was asked about.
  const one = /^the ([a-z][a-z0-9() ]*?) (is|are|reads|read) (.+)$/.exec(said);
  const clauses = one ? one[3].replace(/"(?:[^"\\]|\\.)*"/g, 'Q') : '';
  if (one && !/\b(?:the|there|it|its) [a-z]|[;:]/.test(clauses) && !/^(?:overall|results?|values?|status|state|data|info|output|response|items|entries)$/.test(one[1])) {
    const [, field, verb, value] = one;
    const bareValue = /^"[A-Z][A-Z.]{0,6}"$/.test(value) ? value.slice(1, -1) : value;
    if (field === 'symbol' || field === 'ticker') return rng.pick([`${About} trades under the symbol ${bareValue}.`, `The stock symbol of ${about} is ${bareValue}.`]);
    if (field === 'id') return `${About} has id ${value}.`;
    if (/^(?:picture|image|photo|img)(?: url| path| link)?$/.test(field)) return rng.pick([`I found a picture for ${about}: ${value}.`, `The picture I found for ${about} is ${value}.`]);
    // A text field named by the file it is read from says so by the file: ""a.txt" reads "…"", not "The file
    // content of "a.txt" reads "…"", the field's name made the sentence's subject (answer_field_name_frame).
    if (/^(?:file )?(?:content|contents|text)$/.test(field) && /^reads?$/.test(verb)) return `${About} reads ${value}.`;
    if (/^sorted (?:content|contents|text|lines)$/.test(field) && /^reads?$/.test(verb)) return rng.pick([`Sorted line by line, ${about} reads ${value}.`, `With its lines sorted, ${about} reads ${value}.`]);
    // The weather is in a place, never "of" it ("The weather in Paris is sunny": answer_weather_of_place).
    const prep = QUERY_KEY.test(key) ? 'for' : KIND_KEY.test(key) || (PLACE_KEY.test(key) && /^(?:weather|temperature)$/.test(field)) ? 'in' : /^nearest\b/.test(field) ? 'to' : 'of';
    // Stocks the user asked for as symbols are named so: "The stock symbols in the Technology sector are …" for "a list of
    // stock symbols", the user's own noun rather than one stock frame shared by nine trajectories (answer_sentence_frame_top_share).
    const asked = field === 'stocks' ? /\b((?:stock |ticker )?symbols|tickers)\b/i.exec(told.request)?.[1]?.toLowerCase() : undefined;
    return `The ${asked ?? field} ${prep} ${about} ${verb} ${value}.`;
  }
  // "it is available" -> "Property 24424717 is available."
  const it = /^it (is|was|has|can|cannot|does|did) (.+)$/.exec(said);
  if (it) return `${About} ${it[1]} ${it[2]}.`;
  const sep = /^(?:the|there|it|that)\b/.test(said) ? ',' : ':';
  return `For ${about}${sep} ${said}.`;
}

/**
 * A stock's quote as a trader reads it: "QUAS is at 725.89, down 0.03%, with a trading volume of
 * 1.789; its 5-day moving average is 726.45 and its 20-day 728." (TradingBot's get_stock_info: the
 * doc calls percent_change a "Percentage change in stock price" and gives volume no unit), not "For the
 * symbol "QUAS": price 725.89, percent change -0.03, volume 1.789, MA(5) 726.45 and MA(20) 728".
 */
function stockQuote(s: AnswerInput['steps'][number], value: Record<string, unknown>): string | undefined {
  const symbol = isPlainObject(s.args) && typeof s.args.symbol === 'string' ? s.args.symbol : undefined;
  const { price, percent_change: change, volume } = value;
  const ma5 = value['MA(5)'];
  const ma20 = value['MA(20)'];
  if (!symbol || typeof price !== 'number' || typeof change !== 'number' || Object.keys(value).some((k) => !['price', 'percent_change', 'volume', 'MA(5)', 'MA(20)'].includes(k))) return undefined;
  // "could you inform me of the current price of 'Quasar Ltd.'?": the price, not the volume and averages nobody asked for (answer_unasked_fields).
  const asksPrice = /\bprice\b|\bquote\b|\btrading at\b|\bworth\b/i.test(told.request);
  const asksMore = /\bvolume\b|moving average|\bMA\b|\bchange\b|percent|\btrend|\bperformance\b|\bdetails?\b|\binfo(?:rmation)?\b|\bstats?\b|\bstatistics\b|overview|\bdoing\b|\beverything\b|\bmetrics\b|\bdata\b/i.test(told.request.replace(/\binform me\b/gi, ''));
  const who = told.company ? `${told.company} (${symbol})` : symbol;
  if (told.request && asksPrice && !asksMore) return `${who} is at ${say(price)}.`;
  const move = change === 0 ? 'unchanged' : `${change > 0 ? 'up' : 'down'} ${say(Math.abs(change))}%`;
  const vol = typeof volume === 'number' ? `, with a trading volume of ${say(volume)}` : '';
  const averages = typeof ma5 === 'number' && typeof ma20 === 'number' ? `; its 5-day moving average is ${say(ma5)} and its 20-day ${say(ma20)}` : typeof ma5 === 'number' ? `; its 5-day moving average is ${say(ma5)}` : '';
  return `${who} is at ${say(price)}, ${move}${vol}${averages}.`;
}

/**
 * The company whose symbol a quote's call takes, when an earlier step of the turn looked the symbol up by the
 * company's name and the user did not ask for the symbol (so the answer leaves that look-up out as its means):
 * "QUAS is at 725.89" alone never says that QUAS is the "Quasar Ltd." the user asked about (answer_symbol_unexplained).
 */
function companyLookedUp(s: AnswerInput['steps'][number], steps: AnswerInput['steps']): string | undefined {
  const symbol = isPlainObject(s.args) && typeof s.args.symbol === 'string' ? s.args.symbol : undefined;
  if (!symbol || asksFor('symbol', told.request)) return undefined;
  for (const t of steps) {
    if (t === s) break;
    if (t.error || apiOf(t.name) !== 'get_symbol_by_name' || !isPlainObject(t.args) || typeof t.args.name !== 'string') continue;
    const v = parseToolResponse(t.response);
    if (isPlainObject(v) && v.symbol === symbol && t.args.name.trim() && t.args.name.trim() !== symbol) return t.args.name.trim();
  }
  return undefined;
}

/** Credentials a call returned (a sign-in's access token, its type, scope and lifetime): nothing the user asked to hear. */
const CREDENTIAL_KEY = /(?:^|_)(?:access_?token|refresh_?token|token|secret|password|api_?key)$/i;
function withoutCredentials(value: unknown, name = ''): unknown {
  if (!isPlainObject(value) || !(Object.keys(value).some((k) => CREDENTIAL_KEY.test(k)) || /auth|login/i.test(apiOf(name)))) return value;
  return Object.fromEntries(Object.entries(value).filter(([k]) => !CREDENTIAL_KEY.test(k) && !/^(?:token_?type|expires_?in|scope)$/i.test(k)));
}

/** A response without its underscore-private fields ("_parkingBrakeForce", "_slopeAngle"): the API's bookkeeping, never said. */
function withoutPrivate(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutPrivate);
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(Object.entries(value).filter(([k]) => !k.startsWith('_')).map(([k, v]) => [k, withoutPrivate(v)]));
}

/** A device's state key ("parkingBrakeStatus", "engineState", "doorStatus") as the thing it is about: "parking brake", "engine". */
const DEVICE_STATE_KEY = /^([a-z][a-zA-Z]*?)_?(?:Status|State|status|state)$/;

/**
 * A device reading the request asks about by its device's state ("monitor the fuel level and battery
 * status" → batteryVoltage): the key's first word, the device, followed by a word for how it is doing.
 */
function readingAsked(key: string, request: string): boolean {
  const device = keyAsWords(key).toLowerCase().split(/\s+/)[0];
  return device.length >= 4 && new RegExp(`\\b${escapeRegExp(device)}(?:'s)? (?:status|level|health|condition|charge|reading)s?\\b`, 'i').test(request);
}

/**
 * A device deed's reply said the way a person would: "The parking brake is now engaged.", the state
 * alone; its other readings (fuel level, battery voltage) only where the request asks about them
 * (answer_field_dump). Undefined when the reply is no device state.
 */
function deviceOutcome(full: string, record: Record<string, unknown>, rng: Rng): string | undefined {
  const states = Object.entries(record).filter(([k, v]) => typeof v === 'string' && DEVICE_STATE_KEY.test(k) && /^[a-z][a-z ]{1,20}$/i.test(v.trim()));
  if (states.length !== 1) return undefined;
  const [key, v] = states[0];
  const thing = keyAsWords(DEVICE_STATE_KEY.exec(key)![1]).toLowerCase();
  if (!thing || /^(?:the|it|result|operation|request|call)$/.test(thing)) return undefined;
  const state = (v as string).trim().toLowerCase();
  const others = Object.entries(record).filter(([k, x]) => k !== key && (typeof x === 'number' || typeof x === 'string') && !!told.request && (requestUsesKey(k, told.request) || readingAsked(k, told.request)));
  const facts = joinAnd(others.map(([k, x]) => `the ${keyName(k).toLowerCase()} is ${measured(k, x, 1) ?? say(x, 1)}`));
  const extra = others.length ? `, and ${facts}` : '';
  // After a clause joined by ", and" the readings follow a semicolon: never "I started the engine, and it is running now, and the fuel level is …" (answer_and_run_on).
  const extraAfterAnd = others.length ? `; ${facts}` : '';
  // A state in the deed's own word ("pressed" after "I pressed the brake pedal") says nothing new: the deed
  // alone, not "…; the brake pedal force is 1000."; what is left to do ("no door is left unlocked") beyondDone tells.
  // Every door locked, said once: "I locked the doors: no door is left unlocked." closed 60 answers word for word.
  const left = Object.entries(record).find(([k]) => /^remaining_?unlocked_?doors$/i.test(k))?.[1];
  if (full === 'locked the doors' && state === 'locked' && left === 0) return rng.pick(['I locked the doors; none is left unlocked.', 'All the doors are locked now.', 'I locked every door.', 'The doors are all locked.']);
  // "I pressed the brake pedal." closed 36 answers word for word: the deed in one of a few true forms.
  if (full.split(' ')[0] === state) {
    if (Object.keys(record).some((k) => /^remaining/i.test(k))) return undefined;
    const forms = [`I ${full}`, `I have ${participle(full)}`, ...(new RegExp(`\\b${escapeRegExp(thing)}$`).test(full) ? [`The ${thing} is ${state} now`, `The ${thing} is now ${state}`] : [])];
    return `${rng.pick(forms)}${extra ? extra.replace(/^, and/, ';') : ''}.`;
  }
  const done = rng.pick([`I ${full}`, `I have ${participle(full)}`]);
  // "I activated the parking brake; it is now engaged.", not "…, and the parking brake is now engaged." twice named.
  if (new RegExp(`\\b${escapeRegExp(thing)}\\b`).test(full)) return rng.pick([`${done}; it is now ${state}${extra}.`, `${done}, and it is ${state} now${extraAfterAnd}.`, `The ${thing} is now ${state}${extra}.`]);
  return rng.pick([`${done}, and the ${thing} is now ${state}${extraAfterAnd}.`, `${done}; the ${thing} is ${state}${extra}.`]);
}

/**
 * A comparison of two files ({"diff_lines": "- a\n+ b"}) as what it found: the files are the same, or
 * which lines each has that the other does not. "I found that the diff lines read an empty text." told
 * the user nothing (answer_empty_text_read). Undefined for any other reply, or lines not marked "-"/"+".
 */
export function diffSentence(s: AnswerInput['steps'][number], value: Record<string, unknown>, rng: Rng): string | undefined {
  const keys = Object.keys(value);
  if (keys.length !== 1 || !/^diff_?lines$/i.test(keys[0]) || typeof value[keys[0]] !== 'string') return undefined;
  const a = argNamed(s.args, /^file_?name_?1$/i, 120);
  const b = argNamed(s.args, /^file_?name_?2$/i, 120);
  if (!a || !b) return undefined;
  const lines = (value[keys[0]] as string).split('\n').map((l) => l.trim()).filter(Boolean);
  if (lines.length === 0) return rng.pick([`${a} and ${b} do not differ: every line is the same in both.`, `${a} and ${b} are the same, line for line.`]);
  if (!lines.every((l) => /^[-+] ?\S/.test(l))) return undefined;
  const text = (sign: string) => lines.filter((l) => l.startsWith(sign)).map((l) => JSON.stringify(l.slice(1).trim()));
  const [only1, only2] = [text('-'), text('+')];
  if (only1.length === 1 && only2.length === 1) return `${a} and ${b} differ by one line: ${a} has ${only1[0]} where ${b} has ${only2[0]}.`;
  const parts = [only1.length ? `only ${a} has ${joinAnd(only1)}` : '', only2.length ? `only ${b} has ${joinAnd(only2)}` : ''].filter(Boolean);
  return `${a} and ${b} differ: ${parts.join('; ')}.`;
}

/**
 * A file's last line as one line: "The last line of "file1.txt" reads "…"", never "The last lines of
 * "file1.txt" read "…"" for the one line `tail` gave (answer_one_line_as_lines). Undefined for more lines.
 */
export function tailSentence(s: AnswerInput['steps'][number], value: Record<string, unknown>, rng: Rng): string | undefined {
  const keys = Object.keys(value);
  const text = keys.length === 1 && /^last_?lines$/i.test(keys[0]) && typeof value[keys[0]] === 'string' ? (value[keys[0]] as string).trim() : undefined;
  const file = argNamed(s.args, /^file_?name$/i, 120);
  if (!text || !file || text.includes('\n') || !fitsWhole(text)) return undefined;
  return rng.pick([`The last line of ${file} reads ${JSON.stringify(text)}.`, `${file} ends with the line ${JSON.stringify(text)}.`]);
}

/**
 * A file's text said of the file: ""a.txt" reads "…"", sorted ones "Sorted line by line, "a.txt" reads "…"",
 * never "The file content of "a.txt" reads …" or "The sorted content reads …", a field's name made the
 * sentence's subject (answer_field_name_frame). Undefined for any other reply, or a text too long to quote.
 */
export function fileTextSentence(s: AnswerInput['steps'][number], value: Record<string, unknown>, rng: Rng): string | undefined {
  const keys = Object.keys(value);
  if (keys.length !== 1 || !/^(?:file_?content|sorted_?content)$/i.test(keys[0]) || typeof value[keys[0]] !== 'string') return undefined;
  const text = (value[keys[0]] as string).replace(/\s+/g, ' ').trim();
  const file = argNamed(s.args, /^file_?name$/i, 120);
  if (!text || !file || !fitsWhole(text)) return undefined;
  const q = quoteWhole(value[keys[0]] as string);
  // Named once: the file the sentence before was about is "it" ("Sorted line by line, it reads …").
  const it = told.lastAbout === file ? 'it' : file;
  told.lastAbout = file;
  if (/^file/i.test(keys[0])) return it === 'it' ? `It reads ${q}.` : rng.pick([`${file} reads ${q}.`, `The text of ${file} is ${q}.`]);
  return rng.pick([`Sorted line by line, ${it} reads ${q}.`, `With its lines sorted, ${it} reads ${q}.`]);
}

/**
 * The rooms a search for empty meeting rooms found, said of the time it searched: "Room 103 is the only
 * one free from 14:00 to 16:00.", "Rooms 102 and 105 are free from 18:00 to 22:00.", never "The only room
 * is 103." (the list under its field's name, which says neither that it is free nor when: 481_1).
 * Undefined for any other reply, or a search without both times.
 */
export function freeRoomsSentence(s: AnswerInput['steps'][number], value: Record<string, unknown>): string | undefined {
  const rooms = value.rooms;
  if (!/empty_?room/i.test(apiOf(s.name)) || Object.keys(value).length !== 1 || !Array.isArray(rooms) || rooms.length > WHOLE_LIST) return undefined;
  if (!rooms.every((r) => typeof r === 'number' || (typeof r === 'string' && /^[\w-]{1,12}$/.test(r)))) return undefined;
  const [from, to] = [/^start_?time$/i, /^end_?time$/i].map((k) => (isPlainObject(s.args) ? Object.entries(s.args).find(([key, v]) => k.test(key) && typeof v === 'string' && /^\d{1,2}:\d{2}$/.test(v))?.[1] : undefined) as string | undefined);
  if (!from || !to) return undefined;
  const when = `from ${from} to ${to}`;
  if (rooms.length === 0) return `None of the meeting rooms is free ${when}.`;
  if (rooms.length === 1) return `Room ${rooms[0]} is the only one free ${when}.`;
  return `Rooms ${joinAnd(rooms.map(String))} are free ${when}.`;
}

/**
 * A trading account as a person says it: "Your account 12345 has a balance of 40000; the card number linked to it
 * is 1974202140965533.", never "Account details: account id 12345, balance 40000 and binding card …"
 * (answer_labelled_line). The balance keeps the currency only its docs state (none for TradingBot).
 */
export function accountSentence(value: Record<string, unknown>): string | undefined {
  const keys = Object.keys(value);
  const id = value.account_id;
  const balance = value.balance;
  if (!keys.every((k) => /^(?:account_id|balance|binding_card)$/.test(k)) || (typeof id !== 'number' && typeof id !== 'string') || typeof balance !== 'number') return undefined;
  const unit = told.money?.('balance');
  const amount = `${say(balance)}${unit ? ` ${unit}` : ''}`;
  const card = typeof value.binding_card === 'number' || typeof value.binding_card === 'string' ? `; the card number linked to it is ${value.binding_card}` : '';
  return `Your account ${id} has a balance of ${amount}${card}.`;
}

/**
 * A web search's results as a person passes them on: "A search for "Kuta Beach information" found 2
 * results: "Kuta Beach - Tripadvisor" (https://…) and "Kuta Beach | Lonely Planet" (https://…).",
 * the first three (or as many as asked) of a longer list; what the page shows beside them (people
 * also ask, related searches) only when the user asks for it. Never "there are 9 search results, 4
 * related questions (among them <their pages' titles>) and 10 related searches".
 */
function webSearchSentence(s: AnswerInput['steps'][number], value: unknown, rng: Rng): string | undefined {
  const search = webSearchOf(value);
  if (!search) return undefined;
  const query = isPlainObject(s.args) ? Object.entries(s.args).find(([k, v]) => QUERY_KEY.test(k) && typeof v === 'string' && v.trim())?.[1] : undefined;
  const n = search.results.length;
  const shown = search.results.slice(0, Math.min(n, Math.max(1, Math.min(askedCount(told.request) ?? 3, 5))));
  const items = joinAnd(shown.map((r) => `${JSON.stringify(r.title)} (${r.link})`));
  const found = n === shown.length ? `${plural(n, 'result')}: ${items}` : `${plural(n, 'result')}; the first ${countWord(shown.length)} are ${items}`;
  const head = typeof query === 'string' ? rng.pick(SEARCH_FOUND)(searchedAs(s, JSON.stringify(query.trim())), found) : `The search found ${found}.`;
  const extra = [
    search.questions.length && /people also ask|related questions?|questions? (?:people|others) ask/i.test(told.request) ? `People also ask ${joinAnd(search.questions.slice(0, 3).map((q) => JSON.stringify(q)))}.` : '',
    search.related.length && /related searches|related (?:queries|terms)|similar searches/i.test(told.request) ? `Related searches include ${joinAnd(search.related.slice(0, 3).map((q) => JSON.stringify(q)))}.` : '',
  ].filter(Boolean);
  return [head, ...extra].join(' ');
}

const PLACE_WORDS: Record<string, (n: number) => number> = { first: () => 0, second: () => 1, third: () => 2, fourth: () => 3, fifth: () => 4, last: (n) => n - 1 };

/** The places in a list the request picks by ("the first airport … the second one in the system's list" → first, second), in list order. */
function listPlacesAsked(request: string, length: number): [string, number][] {
  if (!/\blist\b/i.test(request)) return [];
  const words = [...new Set([...request.matchAll(/\b(first|second|third|fourth|fifth|last)\b(?= (?:one|[a-z]+ (?:on|in|of|from) (?:the|this|that|your|my) (?:[a-z']+ )?list|airports?|items?|entry|entries)\b)/gi)].map((m) => m[1].toLowerCase()))];
  return words.map((w) => [w, PLACE_WORDS[w](length)] as [string, number]).filter(([, i]) => i >= 0 && i < length).sort((a, b) => a[1] - b[1]);
}

/** What one step's response says, in one whole sentence; `api` names the call only when it failed (failureSentences.ts). */
/** A request that asks to be given what was found, not only to have it passed on: "provide me with the meta information of …". */
const ASKED_TO_BE_GIVEN = /\b(?:provide|give|show|tell) me (?:with )?(?:the |a |their |its )?(?:[\w-]+ ){0,3}(?:information|info|details|titles?|summar(?:y|ies)|list)\b/i;

/**
 * A film search's one film, its title not the user's own: what the search found, by its title, the id in brackets
 * ("A search for "quantum computing" found the film "Quantum Computing: The Movie" (id 78156)."), never its
 * fields by name ("The id is 78156 and the title is "…"": answer_record_by_field_names). Undefined for any other reply.
 */
function filmFound(s: AnswerInput['steps'][number], value: Record<string, unknown>): string | undefined {
  const keys = Object.keys(value);
  const { id, title } = value;
  if (!/movie|film/i.test(apiOf(s.name)) || keys.length !== 2 || (typeof id !== 'number' && typeof id !== 'string') || typeof title !== 'string' || !title.trim()) return undefined;
  if (told.request.toLowerCase().includes(title.trim().toLowerCase())) return undefined;
  const q = argNamed(s.args, /^(?:query|title|name|keywords?)$/i, 120);
  const named = `the film ${JSON.stringify(title.trim())} (id ${say(id)})`;
  return q ? `A search for ${searchedAs(s, q)} found ${named}.` : `The search found ${named}.`;
}

/**
 * Where the nearest place a look-up found is: "The nearest tire shop is at 456 Oakwood Avenue, Rivermist, 83214." for
 * find_nearest_tire_shop's {"shopLocation": "…"}, not "The shop location is "…"" (its key made the subject); the place
 * named by the tool, the address said as an address. Undefined for any other answer.
 */
function nearestPlaceSentence(s: AnswerInput['steps'][number], value: Record<string, unknown>): string | undefined {
  const place = nearestPlaceOf(apiOf(s.name));
  const entries = Object.entries(value);
  if (!place || entries.length !== 1 || !/(?:location|address)$/i.test(entries[0][0]) || typeof entries[0][1] !== 'string' || !entries[0][1].trim()) return undefined;
  return `The nearest ${place} is at ${addressInWords(entries[0][1]) ?? entries[0][1].trim()}.`;
}

/**
 * What `du` measured, as the space the directory takes up: "The current directory takes up 79.00 B on disk.", not
 * "The disk usage is "79.00 B"." (a size quoted as code: answer_quoted_scalar). Undefined for any other answer.
 */
function diskUsageSentence(s: AnswerInput['steps'][number], value: Record<string, unknown>): string | undefined {
  const size = value.disk_usage;
  if (apiOf(s.name) !== 'du' || Object.keys(value).length !== 1 || typeof size !== 'string' || !/^\d+(?:\.\d+)? ?[A-Za-z]+$/.test(size.trim())) return undefined;
  return `The current directory takes up ${size.trim()} on disk.`;
}

function stepSentence(s: AnswerInput['steps'][number], rng: Rng, api: string, steps: AnswerInput['steps'] = [s]): string {
  if (s.error) return failedSentence(s, rng, api, told.titles);
  const value = withoutPrivate(withoutCredentials(parseToolResponse(s.response), s.name));
  const changes = callChangesState(s.name);
  const did = changes ? didPhrase(s, steps) : undefined;
  const converted = isPlainObject(value) ? conversion(s, value, rng) ?? exchange(s, value, rng) ?? flightCost(s, value, rng) ?? distanceSentence(s, value, steps) ?? lonLatSentence(s, value) ?? refusalWithReason(value, rng) : undefined;
  if (converted) return converted;
  // arXiv's answer when it lists nothing (arxivPapers.ts): "A search of arXiv for "number theory" found no papers.", never ""number theory" reads "No good Arxiv Result was found"".
  if (isPlainObject(value) && Object.values(value).length === 1 && Object.values(value)[0] === ARXIV_NOTHING_FOUND) {
    const q = argNamed(s.args, /^query$/i, 120);
    // Never opening a sentence with "arXiv" (capitalised to "ArXiv").
    return q ? rng.pick([`Searching arXiv for ${q} turned up no papers.`, `A search of arXiv for ${q} found no papers.`]) : 'A search of arXiv found no papers.';
  }
  const compared = isPlainObject(value) ? nearestPlaceSentence(s, value) ?? diskUsageSentence(s, value) ?? diffSentence(s, value, rng) ?? tailSentence(s, value, rng) ?? fileTextSentence(s, value, rng) ?? freeRoomsSentence(s, value) ?? accountSentence(value) ?? webSearchSentence(s, value, rng) : undefined;
  if (compared) return compared;
  const moment = isPlainObject(value) ? timeSentence(value, rng) : undefined;
  if (moment) return moment;
  const film = isPlainObject(value) ? filmFound(s, value) : undefined;
  if (film) return film;
  // Douban's description of a film said in English, its names and synopsis as Douban wrote them (""红猪" is a
  // comedy, animation and adventure film from Japan, directed by 宫崎骏 (Hayao Miyazaki). Douban's synopsis: "…""),
  // never "The description of "红猪" is "红猪是一部日本的喜剧、动画、冒险电影，…"" (answer_field_untranslated).
  const described = isPlainObject(value) && Object.keys(value).length === 1 && typeof value.description === 'string' ? describedFilm(value.description, synopsisQuoted) : undefined;
  if (described) return described;
  // A weekday as people say it: "It is Tuesday.", not "The weekday is "Tuesday".".
  const day = isPlainObject(value) && Object.keys(value).length === 1 && typeof Object.values(value)[0] === 'string' && /^(?:weekday|day_?of_?(?:the_?)?week|day)$/i.test(Object.keys(value)[0]) ? (Object.values(value)[0] as string).trim() : undefined;
  if (day && /^(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day$/i.test(day)) return rng.pick([`It is ${capitalise(day.toLowerCase())}.`, `Today is ${capitalise(day.toLowerCase())}.`]);
  // A count of a file's words, lines or characters ({"count": 2, "type": "words"}): ""summary.txt" has 2 words".
  if (isPlainObject(value) && Object.keys(value).length === 2 && typeof value.count === 'number' && typeof value.type === 'string' && /^[a-z]+$/.test(value.type)) {
    const file = argNamed(s.args, /^file_?name$/i, 120);
    // One in words ("has one line"), as the count sentences say it (answer_one_counted_as_digit).
    const n = value.count === 1 ? `one ${singularWord(value.type)}` : plural(value.count, singularWord(value.type));
    const are = value.count === 1 ? 'is' : 'are';
    return file ? rng.pick([`${file} has ${n}.`, `There ${are} ${n} in ${file}.`]) : `There ${are} ${n}.`;
  }
  // A reply that is an empty string is an empty reply, never "The reply reads an empty text." (answer_empty_text_read).
  const empty = value === null || (isPlainObject(value) && Object.keys(value).length === 0) || (value === undefined && !s.response.trim()) || (typeof value === 'string' && !value.trim());
  // A call that changed something and answered nothing went through: said as done ("I created the file").
  if (empty) return did ? rng.pick(DONE)(did, '') : rng.pick(EMPTY)(topicOf(s.name));
  if (value === undefined || typeof value === 'string') {
    const text = sayString(typeof value === 'string' ? value : s.response);
    // A reply that only says the act went through ("created a ppt file.", "Send completed successfully.") adds nothing to "I created …".
    if (did && restatesDone(did, typeof value === 'string' ? value : s.response)) return rng.pick(DONE)(did, '');
    const stated = did ? replyAsStatement(typeof value === 'string' ? value : s.response) : undefined;
    return did ? rng.pick(DONE)(did, stated ?? `the reply reads ${text}`) : rng.pick(TEXT)(text);
  }
  if (Array.isArray(value)) {
    const records = value.length > 0 && value.every(isPlainObject);
    // A bare list from a call named for what it lists (list_all_airports): "There are 23 airports, among them "RMS", "SBK" and "MPC".", not "The reply listed 23 items".
    const listed = /^(?:list|get)_(?:all_)?([a-z]+(?:_[a-z]+)*s)$/.exec(apiOf(s.name))?.[1]?.replace(/_/g, ' ');
    if (listed && value.length > 1 && value.every((v) => typeof v === 'string' || typeof v === 'number')) {
      const said = value.map((v) => say(v, 1));
      // Asked for all of them ("a comprehensive list of all available departure airports"), a short list is given whole.
      const whole = value.length <= WHOLE_LIST || (value.length <= ASKED_WHOLE_LIST && asksWholeList(told.request, listed));
      if (whole) return `There are ${value.length} ${listed}: ${joinAnd(said)}.`;
      // Asked by place in the list ("from the first airport to the second one in the system's list", "… to the last airport on the same list"), those places are what the user needs, not the first three.
      const places = listPlacesAsked(told.request, value.length);
      if (places.length) return `There are ${value.length} ${listed}; ${joinAnd(places.map(([word, i], k) => `the ${word}${k === 0 ? ' is ' : ' '}${said[i]}`))}.`;
      return `There are ${value.length} ${listed}, among them ${joinAnd(said.slice(0, 3))}.`;
    }
    return rng.pick(LISTED)(records ? recordList(value, 'entry', 1) : value.length === 0 ? 'an empty list' : say(value));
  }
  // An order says its own id: "Order 12446 is a buy order for 100 shares of AAPL at 227.16 a share; it is open."
  const order = isPlainObject(value) ? orderPhrase(value, s.args, changes) : undefined;
  if (order && !changes) return `${capitalise(order)}.`;
  // "I placed a buy order for … (order 12446); it is pending.", not "I placed the order: order 12446, a buy order …".
  if (order && did && !responseRefuses(s.response)) return /^placed (?:the|an?) order$/.test(did) ? `I placed ${order}.` : `I ${did}: ${order}.`;
  const quote = !changes && isPlainObject(value) ? stockQuote(s, value) : undefined;
  if (quote) {
    told.lastAbout = subjectOf(s, steps);
    return quote;
  }
  const id = subjectOf(s, steps);
  // A film the turn's calls gave a title for is named by it: "For "The Godfather", I found 3 reviews", not "For movie 238, …" (answer_id_for_title).
  // A property a listing of the turn named likewise: "For "Charming house in Los Angeles", I found 3 reviews", never "For property
  // 28722771, …" after a listing that gave only the names (answer_record_by_unshown_id, teval_query_116_1-env-k4).
  const titledId = id ? /^(?:movie|property) (\S+)$/.exec(id)?.[1] : undefined;
  // So is a search result an earlier call listed beside its title: "The citation for "Machine learning in healthcare: A review"", not "for "I9ke4-WO9y8J"".
  const quotedId = id ? /^"([^"\s]{4,})"$/.exec(id)?.[1] : undefined;
  const titled = titledId ? told.titles?.get(titledId) : quotedId ? told.titles?.get(quotedId) : undefined;
  const asked = titled ? JSON.stringify(titled) : id;
  // Said once: a second look at the same file is not introduced again ("For the file name "a.docx", … As for the file name "a.docx", …").
  const about = asked !== undefined && asked === told.lastAbout ? undefined : asked;
  if (asked) told.lastAbout = asked;
  // A lone wrapper around one record (Polygon's {"results": {name, address, description, …}}) is that record: said of its
  // name, its address first and its long text apart ("… "Apple Inc." is at One Apple Park Way, …; it is listed on …. Its
  // description opens "…"."), never "For AAPL: Apple Inc. is at …, described in a longer text opening …" (answer_record_label_frame).
  const unwrapped = loneRecord(value) ?? value;
  const record = isPlainObject(unwrapped) && asked ? withoutAsked(unwrapped, s.args) : unwrapped;
  // An unwrapped record's fields keep the words they had inside their wrapper ("listed on 12 December 1980 and online at …").
  const what = (v: unknown) => (isPlainObject(v) ? fields(v, unwrapped === value ? 1 : 2) : `it comes to ${say(v)}`);
  if (!changes) {
    const person = isPlainObject(record) ? personSentence(record) : undefined;
    if (person) return person;
    const said = what(record);
    const topic = topicOf(s.name);
    const quantity = QUANTITY[apiOf(s.name)];
    if (quantity && !about && said.startsWith('it comes to ')) return rng.pick([`${capitalise(quantity)} comes to ${said.slice(12)}.`, `${capitalise(quantity)} is ${said.slice(12)}.`]);
    // Things told with their status ("Room 103 and Room 234 are available, …") are a sentence already, never "Room status: Room 103 …".
    if (!about && STATUS_SENTENCE.test(said)) return `${said}.`;
    // A record's line ("id 299534, title "Avengers: Endgame", runtime 181") is introduced, never opens the sentence bare.
    if (!about && !/^(?:the|there|it|that)\b/.test(said)) {
      // A record with its own name is said of that name: ""Charming house in Los Angeles" is a house
      // for 5 guests, rating 4.61 …", not "Property details: title "Charming house …", …" (answer_record_dump).
      const nameKey = isPlainObject(record) ? Object.keys(record).find((k) => /^(?:title|name)$/i.test(k) && typeof record[k] === 'string' && (record[k] as string).trim().length > 0 && (record[k] as string).length <= 120) : undefined;
      if (nameKey && isPlainObject(record) && Object.keys(record).length > 1) {
        const { kept, texts } = apartTexts(Object.fromEntries(Object.entries(record).filter(([k]) => k !== nameKey)), rng);
        const rest = what(kept);
        const title = JSON.stringify((record[nameKey] as string).trim());
        const placed = addressFirst(title, kept, what);
        if (placed) return `${placed}.${texts}`;
        if (/^an? /.test(rest)) return `${title} is ${rest}.${texts}`;
        if (/^(?:the|there|it|that)\b/.test(rest)) return `For ${title}, ${rest}.${texts}`;
        return `${title} has ${rest}.${texts}`;
      }
      return topic ? `${capitalise(topic)}: ${said}.` : `The reply gives ${said}.`;
    }
    // A named record whose line opens "the address is …" and holds a long text: said of its name with the text
    // after it ("For "Tesla, Inc.", the address is …. Its description reads "…"."), never the text quoted inside
    // the comma run and the name left at its end as "and name "Tesla, Inc."" (answer_record_comma_run).
    if (!about && isPlainObject(record) && Object.keys(record).length > 2) {
      const nameKey = Object.keys(record).find((k) => /^(?:title|name)$/i.test(k) && typeof record[k] === 'string' && (record[k] as string).trim().length > 0 && (record[k] as string).length <= 120);
      const { kept, texts } = apartTexts(Object.fromEntries(Object.entries(record).filter(([k]) => k !== nameKey)), rng);
      const rest = what(kept);
      const placed = nameKey ? addressFirst(JSON.stringify((record[nameKey] as string).trim()), kept, what) : undefined;
      if (placed && texts) return `${placed}.${texts}`;
      if (nameKey && texts && /^(?:the|it|that)\b/.test(rest)) return `For ${JSON.stringify((record[nameKey] as string).trim())}, ${rest}.${texts}`;
    }
    // Said of the thing the sentence before named ("Property 50971005 is not available on 18 October 2023."): "It is available on 19 October 2023.", no topic frame.
    if (!about && asked !== undefined && /^it is\b/.test(said)) return `${capitalise(said)}.`;
    const forms: ((what: string) => string)[] = [...FOUND];
    // A topic that is no noun ("nearby" of search_nearby) takes no "On the …" frame.
    if (topic && !/^(?:nearby|all|latest|recent|new|popular|upcoming|top|more|now|today)$/.test(topic) && !said.includes(':') && !/\b(?:with|by|filter|now|out|coming|time)\b/.test(topic) && !topic.split(' ').some((w) => w.length >= 4 && said.toLowerCase().includes(w))) forms.push(...FOUND_TOPIC.filter((f) => !f('T', 'W').includes(': W') || !/[:;]/.test(said)).map((f) => (w: string) => f(topic, w)));
    // A count of what came back ("there are 3 films: …") is said more than one way: one frame for every
    // list read as the template it was (answer_frame_top_share_teval).
    // "there are 5 places, among them …" is a count too: never "For "restaurant", there are 5 places, …", the search term quoted as a name.
    const counted = /^there (?:are|is) (\S+ [^:,]+(?:: |, among them ).*)$/.exec(said)?.[1];
    // A record about what was asked, with its own name: said of that name ("For "The Godfather" (movie 238), the genres are …"), its title not left among the fields.
    const titleKey = about && isPlainObject(record) && Object.keys(record).length > 2 ? Object.keys(record).find((k) => /^(?:title|name)$/i.test(k) && typeof record[k] === 'string' && (record[k] as string).trim().length > 0 && (record[k] as string).length <= 120) : undefined;
    if (about && titleKey && isPlainObject(record)) {
      const { kept, texts } = apartTexts(Object.fromEntries(Object.entries(record).filter(([k]) => k !== titleKey)), rng);
      const rest = what(kept);
      const named = JSON.stringify((record[titleKey] as string).trim());
      // Named by its title already ("For "The Godfather"", from an earlier call's list): not "… ("The Godfather")".
      const title = about === named ? named : `${named} (${about})`;
      const placed = addressFirst(title, kept, what);
      if (placed) return `${placed}.${texts}`;
      if (/^an? /.test(rest)) return `${title} is ${rest}.${texts}`;
      if (/^(?:the|it|that)\b/.test(rest)) return `For ${title}, ${rest}.${texts}`;
    }
    // A nearby search's finds said with what was searched for and where: "A search for "gas station" near "123 Main
    // Street" found 5 places, …", never "There are 5 places, …" nor "For latitude 37.797432, I found 5 places"
    // (answer_search_term_unsaid: teval_query_277_0, 114_2, 188_0).
    const nearby = counted && /search_nearby/i.test(s.name) ? nearbySearched(s.args, steps) : undefined;
    if (nearby) return rng.pick(SEARCH_FOUND)(nearby, counted!);
    // What was asked about said first: "For the place "Berlin", there are 3 properties …".
    if (about) return aboutSentence(about, aboutKey(s, about), said, counted, rng, searchedAs(s, about));
    const named = counted ? namedList(s, counted, asked, rng) : undefined;
    if (named) return named;
    // Two lists of one kind (films now playing, films coming soon) each named by what its call asked for.
    const label = listLabel(s, steps);
    const listed = /^there (?:are|is) (\S+ .*)$/.exec(said)?.[1];
    if (label && listed) return labelledList(label, listed);
    // Said as the finding, never as a frame about the reply ("The reply lists 5 places: …", answer_record_dump).
    if (counted) return rng.pick([`${capitalise(said)}.`, `I found ${counted}.`, `I got back ${counted}.`, `I came across ${counted}.`]);
    return rng.pick(forms)(said);
  }
  // A call that changed something: said as done, unless its answer says it did not happen.
  const refused = responseRefuses(s.response) || (isPlainObject(value) && Object.entries(value).some(([k, v]) => v === false && /(?:^|_)(?:status|success|ok|result)$|Status$/.test(k)));
  if (!did || refused) {
    const said = what(record);
    return /^(?:the|there|it|that)\b/.test(said) ? rng.pick(REPLY)(said) : `The reply gives ${said}.`;
  }
  const full = setTo(did, record, s);
  const device = isPlainObject(record) ? deviceOutcome(full, record, rng) : undefined;
  if (device) return device;
  const rest = isPlainObject(record) ? beyondDone(record, s, full) : record;
  const said = isPlainObject(rest) && Object.keys(rest).length === 0 ? '' : what(rest);
  // A move into a folder said more than one way: "I have moved into "…"." closed 56 answers, "I moved into "…"." 33 (answer_frame_top_share).
  const into = /^moved into (".+")$/.exec(full)?.[1];
  // The "now" forms only where no later cd of the answer leaves the folder: "I'm now in "Drafts". … went up to the parent folder" ends elsewhere (answer_now_in_left).
  const leftLater = steps.slice(steps.indexOf(s) + 1).some((t) => /(?:^|\.)cd$/.test(t.name) && !t.error);
  if (into && !said) return rng.pick(leftLater ? [`I ${full}.`, `I went into ${into}.`, `I changed to the folder ${into}.`] : [`I ${full}.`, `I have ${full}.`, `I'm now in ${into}.`, `I went into ${into}.`, `I changed to the folder ${into}.`, `${into} is now the current folder.`]);
  // A record's line ("order id 12446, status Pending and amount 100") follows a colon, never "and".
  if (said && !/^(?:the|there|it|that|expires|created)\b/.test(said)) return `I ${full}: ${said}.`;
  // The one id a deed's reply gives is the new thing's: "I posted the tweet; its id is 10.", not "…, and the id is 10." as if another fact.
  // An empty part beside them ("booking_history": {}) is no fact (fields() leaves it out too).
  const ids = isPlainObject(rest) ? Object.entries(rest).filter(([, v]) => !(isPlainObject(v) && Object.keys(v).length === 0)) : [];
  if (ids.length === 1 && /^(?:id|[a-z]+_id)$/i.test(ids[0][0]) && (typeof ids[0][1] === 'number' || typeof ids[0][1] === 'string')) {
    const named = ids[0][0].toLowerCase() === 'id' ? 'id' : keyName(ids[0][0]).toLowerCase();
    // The thing just named is not named again: "I purchased the insurance; its id is …", not "its insurance id is …" (answer_id_named_twice).
    const thing = named.replace(/\s*\bid$/, '').split(' ').pop() ?? '';
    const idName = thing && new RegExp(`\\b${thing}\\b`, 'i').test(full) ? 'id' : named;
    return rng.pick([`I ${full}; its ${idName} is ${say(ids[0][1])}.`, idName === 'id' && named !== 'id' ? `I ${full}, whose id is ${say(ids[0][1])}.` : `I ${full}, which has ${idName} ${say(ids[0][1])}.`]);
  }
  // Two or more ids and nothing else (a booking's booking and transaction ids): the references in brackets,
  // "I booked the flight (booking 3426812, transaction 45451592).", never "the booking id is … and the transaction id is …".
  if (ids.length >= 2 && ids.every(([k, v]) => /(?:^|_)id$/i.test(k) && k.toLowerCase() !== 'id' && (typeof v === 'number' || typeof v === 'string'))) {
    const list = ids.map(([k, v]) => `${keyAsWords(k).toLowerCase().replace(/ id$/, '')} ${String(v)}`);
    const refs = list.join(', ');
    // A booked flight said as the flight it is ("I booked the business-class flight from LAX to JFK on 15 November 2026 under
    // booking 3426812; the payment is transaction 45451592."), never the canned "Your flight is booked (booking …, transaction …).",
    // the most common whole statement of g0's answers (8 trajectories: answer_sentence_frame_top_share).
    const flight = full === 'booked the flight' ? flightOf(s.args) : undefined;
    const booking = ids.find(([k]) => /^booking_?id$/i.test(k))?.[1];
    const paid = ids.find(([k]) => /^transaction_?id$/i.test(k))?.[1];
    if (flight && booking !== undefined && paid !== undefined && ids.length === 2) {
      return rng.pick([`I booked the ${flight} under booking ${String(booking)}; the payment is transaction ${String(paid)}.`, `The ${flight} is booked as booking ${String(booking)}, paid in transaction ${String(paid)}.`, `I have booked the ${flight}; keep booking ${String(booking)} and transaction ${String(paid)} for your records.`]);
    }
    return rng.pick([`I ${full} (${refs}).`, `I have ${participle(full)}; for your records, that is ${joinAnd(list)}.`, `I ${full}; the references are ${joinAnd(list)}.`]);
  }
  return rng.pick(DONE)(full, said);
}

/** The one record a lone wrapper holds ({"results": {name, address, description, …}}), or undefined for any other answer. */
function loneRecord(value: unknown): Record<string, unknown> | undefined {
  if (!isPlainObject(value)) return undefined;
  const entries = Object.entries(value);
  if (entries.length !== 1 || !/^(?:results?|data|details?)$/i.test(entries[0][0])) return undefined;
  const inner = entries[0][1];
  return isPlainObject(inner) && Object.keys(inner).length > 2 ? inner : undefined;
}

/**
 * A named record with an address and other fields, said of its name, the address first and the rest after
 * a semicolon: ""Tesla, Inc." is at 1 Tesla Road, Austin, TX 78725; it is online at https://www.tesla.com
 * and listed on 29 June 2010", never "the address is 1 Tesla Road, Austin, TX 78725, online at …", where the
 * address's own commas run on into the next fields (answer_address_run_on). Undefined without an address.
 */
function addressFirst(title: string, record: Record<string, unknown>, what: (v: unknown) => string): string | undefined {
  const key = Object.keys(record).find((k) => /^(?:address|street_?address)$/i.test(k) && addressInWords(record[k]) !== undefined);
  if (!key) return undefined;
  const addr = addressInWords(record[key])!;
  const head = `${title} is at ${addr}`;
  if (Object.keys(record).length === 1) return head;
  // The other fields each said as people say them ("listed on 12 December 1980", "online at https://…"), never "the list
  // date is …" where a record too short for a line keeps its labels (answer_record_label_frame).
  const spoken = Object.entries(record).filter(([k]) => k !== key).map(([k, v]) => (plainField(k, v) ? spokenField(k, measured(k, v, 2) ?? bare(v), v) : undefined));
  if (spoken.every((x): x is string => x !== undefined)) return `${head}; it is ${joinAnd(spoken)}`;
  // The record's own line, its address taken off the front: the other fields keep the words the line gave them.
  const said = what(record);
  const lead = `the address is ${addr}`;
  if (!said.startsWith(lead)) return undefined;
  const rest = said.slice(lead.length).replace(/^(?:,| and) /, '');
  if (/^(?:the|there|it|that)\b/.test(rest)) return `${head}; ${rest}`;
  return /^(?:online at|listed|released|published|rated|on)\b/.test(rest) ? `${head}; it is ${rest}` : undefined;
}

/**
 * A plain-text reply of a tool whose doc returns one reference field is that field's value: Scholar
 * answers a citation as a bare string, as every recording of it is, and it is told as the citation it
 * is ("The citation is "Zhou, Zhi-Hua. Machine learning. …"), never as "I got back …" or "The answer
 * was …" of a reply with no name.
 */
function asDocumentedField<S extends { response: string; error?: string }>(s: S, returns: readonly { name: string }[]): S {
  const text = s.response.trim();
  if (s.error || returns.length !== 1 || !/citation|reference/i.test(returns[0].name) || !text || /^[[{]/.test(text)) return s;
  return { ...s, response: toJson({ [returns[0].name]: text }) };
}

/**
 * A record's long texts (a film's overview, a product's description) taken out of the line its other
 * fields make, each said after it in a sentence of its own: ""The Godfather" (movie 238) is a drama and
 * crime film, released 14 March 1972, 175 minutes long. Its overview reads "Spanning …"", never quoted
 * in the middle of a comma run (answer_record_comma_run). `texts` is empty, or the sentences with a
 * leading space; nothing is taken out when fewer than two other fields would be left.
 */
function apartTexts(record: Record<string, unknown>, rng: Rng): { kept: Record<string, unknown>; texts: string } {
  const long = (v: unknown) => {
    if (typeof v !== 'string') return false;
    const t = v.replace(/\s+/g, ' ').trim();
    if (t.length < 80 || labelledRecords(v)) return false;
    const inner = parseToolResponse(v.trim());
    return !isPlainObject(inner) && !Array.isArray(inner);
  };
  const apart = Object.entries(record).filter(([, v]) => long(v));
  if (apart.length === 0 || Object.keys(record).length - apart.length < 2) return { kept: record, texts: '' };
  const kept = Object.fromEntries(Object.entries(record).filter(([, v]) => !long(v)));
  const texts = apart.map(([k, v]) => {
    const name = (userWord(k) ?? humanize(k)).toLowerCase();
    const t = (v as string).replace(/\s+/g, ' ').trim();
    const q = quoteWhole(v as string);
    if (t.length <= WHOLE_STRING || fitsWhole(t)) return rng.pick([`Its ${name} reads ${q}.`, `Its ${name}: ${q}.`, `The ${name} says ${q}.`]);
    return `Its ${name} ${longText(v as string)}.`;
  });
  return { kept, texts: ` ${texts.join(' ')}` };
}

/**
 * The closing answer from the responses alone: an opener that matches the outcome (often none), then
 * one whole sentence per call saying what it returned — every value stated in full where it is short,
 * counted and described where it is long, never cut with an ellipsis — in the calls' order.
 */

/**
 * A run of one API's deeds each telling the state it left ("I have added AAPL to the watchlist: the watchlist has NVDA and
 * AAPL. After that, I added GOOG to the watchlist: the watchlist has NVDA, AAPL and GOOG.", bfcl_multi_turn_base_105):
 * the deeds said plain, so the run is told once, and the state only as the last of them left it, in a sentence of its
 * own after the run ("The watchlist now has NVDA, AAPL and GOOG."; answer_state_told_each_step).
 */
function statesOnce(steps: AnswerInput['steps'], sentences: string[], dids: (string | undefined)[]): { sentences: string[]; tails: Map<number, string> } {
  const out = sentences.slice();
  const tails = new Map<number, string>();
  const stateOf = (k: number) => {
    const d = dids[k];
    if (d === undefined) return undefined;
    // Each way a deed's sentence joins what it answered (DONE's frames and stepSentence's "I <did>: <what>").
    const lead = [`I ${d}`, `I have ${participle(d)}`].flatMap((l) => [`${l}: `, `${l}, and `, `${l}; `]).find((l) => out[k].startsWith(l));
    const finding = lead ? out[k].slice(lead.length).replace(/\.$/, '') : undefined;
    const head = finding ? /^the ([a-z][a-z ]*?) (has|have|holds|is|are) /.exec(finding) : null;
    return head ? { head: head[0], noun: head[1], verb: head[2], rest: finding!.slice(head[0].length) } : undefined;
  };
  for (let i = 0; i < out.length; i++) {
    const first = stateOf(i);
    if (!first) continue;
    let j = i;
    while (j + 1 < out.length && steps[j + 1].name === steps[i].name && stateOf(j + 1)?.head === first.head) j++;
    if (j === i) continue;
    const last = stateOf(j)!;
    for (let k = i; k <= j; k++) out[k] = `I ${dids[k]}.`;
    tails.set(j, `The ${last.noun} now ${last.verb} ${last.rest}.`);
    i = j;
  }
  return { sentences: out, tails };
}

/**
 * The step sentences as one answer: a run of the same deed on several things said once ("I sent the
 * emails to a@x.com, b@x.com and c@x.com" — not "I sent the email." three times), a sentence said word
 * for word before dropped with a count, and a look-up whose finding an earlier sentence already gave
 * said as unchanged, not repeated.
 */
function composed(steps: AnswerInput['steps'], sentences: string[], rng: Rng): string[] {
  const dids = steps.map((s) => (!s.error && callChangesState(s.name) ? didPhrase(s, steps) : undefined));
  const states = statesOnce(steps, sentences, dids);
  sentences = states.sentences;
  // The state a run of deeds left, told once after the run (statesOnce).
  const tailAfter = (n: number) => {
    const tail = states.tails.get(n);
    if (tail) out.push(tail);
  };
  const plain = sentences.map((t, i) => dids[i] !== undefined && (t === `I ${dids[i]}.` || t === `I have ${participle(dids[i]!)}.`));
  const out: string[] = [];
  for (let i = 0; i < sentences.length; i++) {
    // A run of plain deeds of one API: their common words once, what differs listed.
    let j = i;
    while (plain[i] && j + 1 < sentences.length && plain[j + 1] && steps[j + 1].name === steps[i].name) j++;
    if (j > i) {
      const run = dids.slice(i, j + 1).map((d) => d!.split(' '));
      let k = 0;
      while (run.every((w) => k < w.length - 1 && w[k] === run[0][k])) k++;
      const rests = run.map((w) => w.slice(k).join(' '));
      // "copied "a" to "X"", "copied "b" to "X"": the verb and the common end once, what differs between
      // ("I copied "a", "b" and "c" to "X"."), never one sentence each (answer_deed_run).
      let e = 0;
      while (k >= 1 && run.every((w) => e < w.length - k - 1 && w[w.length - 1 - e] === run[0][run[0].length - 1 - e])) e++;
      const middles = run.map((w) => w.slice(k, w.length - e).join(' '));
      if (k >= 1 && k < 2 && e >= 2 && middles.every(Boolean) && new Set(middles).size === middles.length) {
        out.push(`I ${run[0].slice(0, k).join(' ')} ${joinAnd(middles)} ${run[0].slice(run[0].length - e).join(' ')}.`);
        i = j;
        tailAfter(j);
        continue;
      }
      if (k >= 2 && new Set(rests).size === rests.length) {
        const n = run.length;
        const head = run[0].slice(0, k).join(' ')
          .replace(/\bthe (\w+) (to|titled|for|into)$/, (_, noun: string, prep: string) => `the ${countWord(n)} ${pluralOf(noun)} ${prep}`)
          .replace(/\ba ([\w ]+?) (titled)$/, (_, noun: string, prep: string) => `${countWord(n)} ${noun.replace(/(\w+)$/, (w) => pluralOf(w))} ${prep}`);
        out.push(`I ${head} ${joinAnd(rests)}.`);
        i = j;
        tailAfter(j);
        continue;
      }
    }
    const sentence = sentences[i];
    // "I found that …" compared without its frame: deedChains says it bare, so a finding told already is caught here, not said twice.
    const norm = (t: string) => t.toLowerCase().replace(/^i found that /, '').replace(/^i have (\w+)/, 'i $1').replace(/[.!?]+$/, '').trim();
    const before = out.map(norm);
    // The same deed said word for word again: counted on the first telling.
    // Right after itself it is counted ("I saved "a.pptx" twice."); after other steps it is said again
    // where it happened ("I saved "a.pptx" again."), never folded into the first telling as "(2 times)"
    // before the steps that came between (teval_query_247_0).
    const counted = (t: string) => norm(t.replace(/ (?:twice|\d+ times)\.$/, '.'));
    const same = plain[i] ? out.findIndex((t) => counted(t) === norm(sentence)) : -1;
    if (same >= 0 && same === out.length - 1) {
      const times = / twice\.$/.test(out[same]) ? 2 : Number(/ (\d+) times\.$/.exec(out[same])?.[1] ?? '1');
      out[same] = `${out[same].replace(/ (?:twice|\d+ times)\.$/, '.').replace(/\.$/, '')} ${times + 1 === 2 ? 'twice' : `${times + 1} times`}.`;
      tailAfter(i);
      continue;
    }
    if (same >= 0) {
      out.push(`${sentence.replace(/\.$/, '')} again.`);
      tailAfter(i);
      continue;
    }
    // A look-up whose finding was already told (the watchlist an add returned, then read again): said as unchanged.
    if (!callChangesState(steps[i].name) && norm(sentence).length >= 12 && before.some((b) => b.includes(norm(sentence)))) {
      const topic = topicOf(steps[i].name);
      out.push(topic ? rng.pick([`Reading the ${topic} again shows the same.`, `A second look at the ${topic} shows no change.`]) : 'Asking again gave the same answer.');
      continue;
    }
    out.push(sentence);
    tailAfter(i);
  }
  return deedChains(out, rng);
}

/** "have written" -> "wrote": a participle back to the past tense a sentence of its own would use. */
const PAST_OF_PARTICIPLE: Record<string, string> = Object.fromEntries(Object.entries(PARTICIPLE).map(([past, part]) => [part, past]));
/** A sentence that tells one deed in one clause ("I created the directory "temp"."): the deed in the past, "I" and the stop taken off. */
function loneDeed(sentence: string): string | undefined {
  const m = /^I (?:have (\S+)|(\S+ed|\S+ied|went|sent|set|put|made|wrote|got|took|gave|ran|began|bought|sold|paid))\b(.*)\.$/.exec(sentence);
  if (!m) return undefined;
  const rest = m[3];
  // One clause only: a deed with a finding after it (": the watchlist has …", "; its id is 10") is its own sentence.
  if (/[,;:!?]/.test(rest.replace(/"(?:[^"\\]|\\.)*"/g, 'Q'))) return undefined;
  const verb = m[1] ? PAST_OF_PARTICIPLE[m[1]] ?? m[1] : m[2];
  if (/^(?:found|got|came)$/.test(verb)) return undefined;
  return `${verb}${rest}`;
}
/** How a deed told after another deed says it came next. */
const NEXT_LINKS = ['Then', 'After that,', 'Next,'];
/** A sentence opening "I <past>" or "I have <participle>": the same shape, told in a row, reads like a log. */
const I_DEED = /^I (?:have )?(\S+)/;

/**
 * Deeds told one after another said as a person says them: one-clause deeds in a row joined ("I moved
 * into "document", created the directory "temp" and then moved "final_report.pdf" to "temp"."), at most
 * three to a sentence, the next ones after "After that," or "Then"; a deed that says more than itself
 * keeps its sentence, and one after another "I …" sentence opens with "Then" or "After that," so the
 * answer does not say "I …ed …." three times over (answer_deed_run).
 */
function deedChains(sentences: string[], rng: Rng): string[] {
  const out: string[] = [];
  // A link opens one sentence of the answer at most ("Next, I … Next, I …" reads like a form: answer_link_repeated);
  // when all three are used, the deed is told bare.
  const used = new Set<string>();
  const link = (avoid: (l: string) => boolean = () => false) => {
    const free = NEXT_LINKS.filter((l) => !used.has(l) && !avoid(l));
    if (free.length === 0) return '';
    const l = rng.pick(free);
    used.add(l);
    return `${l} `;
  };
  for (let i = 0; i < sentences.length; i++) {
    const deeds: string[] = [];
    let j = i;
    while (j < sentences.length && loneDeed(sentences[j]) !== undefined) deeds.push(loneDeed(sentences[j++])!);
    if (deeds.length >= 2) {
      // At most three to a sentence, never a lone one left over: four are two and two, five three and two.
      for (let c = 0; c < deeds.length; ) {
        const left = deeds.length - c;
        const chunk = deeds.slice(c, c + (left === 4 ? 2 : Math.min(3, left)));
        const said = chunk.length === 1 ? chunk[0] : `${chunk.slice(0, -1).join(', ')}${rng.pick([' and then ', ', then '])}${chunk[chunk.length - 1]}`;
        // "Then" never opens a chain already joined by "then" ("Then I changed to the folder …, then renamed …"; answer_then_twice).
        out.push(c === 0 ? `I ${said}.` : `${link((l) => /^then\b/i.test(l) && /\bthen\b/.test(said))}I ${said}.`);
        c += chunk.length;
      }
      i = j - 1;
      continue;
    }
    out.push(sentences[i]);
  }
  // Still "I …" after "I …": the later one says it came next.
  return out.map((t, k) => {
    const prev = k > 0 ? I_DEED.exec(out[k - 1]) : null;
    const here = I_DEED.exec(t);
    // A finding after another told with the same verb ("I found 5 places: …. I found 3 emails: …"): the second
    // says it came besides ("I also found …"), or a finding framed "I found that …" is said bare (answer_deed_run).
    if (prev && here && /^I found that \S/.test(t)) return capitalise(t.slice('I found that '.length));
    if (prev && here && prev[1] === here[1] && /^I (?:found|got back|came across) /.test(t)) return t.replace(/^I /, 'I also ');
    // Only a deed is said to come next: a finding may be told after the deed it served (meansAfter), so "Then I found …" could be false.
    if (!prev || !here || /^I (?:have )?(?:found|got|came|can|could|was|am|will|would|don't|didn't|couldn't|wasn't)\b/.test(t) || /^I (?:can|could|was|am|will|would|don't|didn't|couldn't|wasn't|got through)\b/.test(out[k - 1])) return t;
    const past = t.replace(/^I have (\S+)/, (_, part: string) => `I ${PAST_OF_PARTICIPLE[part] ?? part}`);
    // Never the same link twice in one answer ("After that, … After that, …"), nor one a sentence just before opens with.
    return `${link((l) => out[k - 1].startsWith(l) || (k > 1 && out[k - 2].startsWith(l)) || (/^then\b/i.test(l) && /\bthen\b/.test(past)))}${past}`;
  });
}

/**
 * A purchase told after a "No" on a budget or a limit, as what it is: done all the same, since the request asked for it
 * ("No, … costs 10000 USD, which is not under the budget limit of 1428.57 USD. … I booked the flight anyway; keep booking
 * …"), never "Next, I booked the flight" as if it followed from the check it failed (answer_deed_against_verdict,
 * bfcl_multi_turn_base_171).
 */
function againstVerdict(answer: string, verdict: Verdict | undefined): string {
  if (!verdict || verdict.yes || !/\bnot (?:under|below|within|less than|at most|no more than)\b/.test(verdict.tail ?? '')) return answer;
  return answerSentences(answer)
    .map((t) => t.replace(BOUGHT_ACTIVE, (_m, verb: string, what: string) => `I ${verb} ${what} anyway`).replace(BOUGHT_PASSIVE, (_m, what: string, verb: string) => `${what} is ${verb} all the same, as`))
    .join(' ');
}
/** "Next, I booked the flight" (its link dropped: it does not follow from a failed check), "I have placed the order". */
const BOUGHT_ACTIVE = /^(?:(?:Then|Next|After that),? )?I (?:have )?(booked|placed|purchased|bought) (the (?:[a-z-]+ )?(?:flight|order|insurance|tickets?|room|trip)|it)(?=[;,. ])/;
/** "The flight is booked as booking 3426812, …". */
const BOUGHT_PASSIVE = /^(The (?:[a-z-]+ )?(?:flight|order|insurance|tickets?|room|trip)) is (booked|placed|purchased) as\b/;

/**
 * The answer to the request's yes/no question, when the calls' answers decide it: a flag the question
 * is about ("canDrive": false for "verify if my car can endure 300 miles"), a number against the limit
 * the question names or a budget a call set ("below $10,000", "under my budget"), a balance against a
 * price ("enough … to buy"), a list that came back empty or not ("are there any rooms free …"), a
 * forecast's conditions ("is it going to rain"), a listing that holds the file asked about. `step` is
 * the call that decides it; `lead` a sentence saying so on its own, `drop` the field it says, so the
 * step's own sentence does not say it again; `tail` what a number is against.
 */
/**
 * `others`: said in place of the deciding step's own sentence when the lead took its pick from that
 * step's list ("Yes, the first room listed, \"101\", is free."): the rest of the list, or nothing
 * when there is no rest, never the whole list again ("The rooms are \"101\", \"21083\" and \"31280\".").
 */
interface Verdict { yes: boolean; step: number; lead?: string; drop?: string; tail?: string; others?: string }

/** A question's or a key's words that carry meaning, cut to a stem ("pressure", "press" alike). */
const stems = (text: string) => new Set((text.toLowerCase().match(/[a-z]{3,}/g) ?? []).filter((w) => !/^(?:the|and|for|are|any|there|this|that|with|your|you|our|can|will|has|have|does|status|value|list|number)$/.test(w)).map((w) => w.slice(0, 5)));
const overlap = (a: Set<string>, b: Set<string>) => [...a].filter((w) => b.has(w)).length;
const COMPARE = /\b(below|under|less than|at most|no more than|within|over|above|more than|greater than|at least)\s+(?:(?:the|my|our|your)\s+)?(\$\s?[\d,]+(?:\.\d+)?|[\d,]+(?:\.\d+)?(?:\s*(?:USD|dollars|RMB|EUR|miles|km|gallons|liters|PSI))?|budget(?: limit)?)/i;
const WEATHER: [RegExp, RegExp][] = [[/\brain/i, /rain|shower|drizzle/i], [/\bsnow/i, /snow|sleet/i], [/\bsun|\bclear/i, /sun|clear/i], [/\bcloud/i, /cloud|overcast/i], [/\bstorm|\bthunder/i, /storm|thunder/i]];

const ORDINAL_AT: Record<string, number> = { first: 0, second: 1, third: 2, fourth: 3, fifth: 4, last: -1 };

function decide(question: string, steps: AnswerInput['steps'], tools: AnswerInput['tools'] = [], request = question): Verdict | undefined {
  const money = (i: number, key: string, n: number) => {
    const tool = tools.find((t) => t.name === steps[i].name) ?? { name: steps[i].name };
    const unit = moneyUnit(tool, key, tool.return_data?.find((f) => f.name === key)?.description, steps[i].args);
    return unit ? `${say(n)} ${unit}` : say(n);
  };
  const ok = steps.map((s, i) => ({ s, i, v: s.error ? undefined : parseToolResponse(s.response) })).filter((x) => !x.s.error && x.v !== undefined && x.v !== null);
  const q = stems(question);
  const numbers = ok.flatMap(({ i, v }) => (isPlainObject(v) ? Object.entries(v) : []).flatMap(([k, x]) => {
    const n = typeof x === 'number' ? x : Array.isArray(x) && x.length === 1 && typeof x[0] === 'number' ? x[0] : undefined;
    return n === undefined ? [] : [{ i, k, n, single: Object.keys(v as object).length === 1 }];
  }));
  // A number against the limit the question names, or a budget a call set.
  const cmp = COMPARE.exec(question);
  if (cmp) {
    const limitNumber = /\d/.test(cmp[2]) ? Number(cmp[2].replace(/[^\d.]/g, '')) : undefined;
    const budget = limitNumber === undefined ? numbers.find((x) => /budget|limit/i.test(x.k)) : undefined;
    const limit = limitNumber ?? budget?.n;
    const measuredBy = numbers.filter((x) => x !== budget && !/budget|limit|exchang/i.test(x.k) && overlap(stems(fieldWords(x.k)), q) > 0);
    if (limit !== undefined && measuredBy.length >= 1 && new Set(measuredBy.map((x) => x.n)).size === 1) {
      const { i, n } = measuredBy[0];
      const below = /^(?:below|under|less than|at most|no more than|within)$/i.test(cmp[1]);
      const yes = below ? (/^(?:at most|no more than|within)$/i.test(cmp[1]) ? n <= limit : n < limit) : /^at least$/i.test(cmp[1]) ? n >= limit : n > limit;
      const against = limitNumber !== undefined ? cmp[2].trim() : `the budget limit of ${budget ? money(budget.i, budget.k, limit) : say(limit)}`;
      return { yes, step: i, tail: `which is ${yes ? '' : 'not '}${cmp[1].toLowerCase()} ${against}` };
    }
  }
  // A balance against a price.
  if (/\b(?:enough|sufficient|afford)\b/i.test(question)) {
    const balance = numbers.find((x) => /balance|funds|available/i.test(x.k));
    const cost = numbers.find((x) => /price|cost|amount|total|fare/i.test(x.k));
    if (balance && cost) {
      const yes = balance.n >= cost.n;
      return { yes, step: Math.max(balance.i, cost.i), lead: `the balance of ${money(balance.i, balance.k, balance.n)} ${yes ? 'covers' : 'does not cover'} the ${humanize(cost.k).toLowerCase().replace(/ list$/, '')} of ${money(cost.i, cost.k, cost.n)}` };
    }
  }
  // A flag the question is about ("healthy_tire_pressure" for "is my tire pressure in check").
  const flags = ok.flatMap(({ i, v }) => (isPlainObject(v) ? Object.entries(v) : []).filter((e): e is [string, boolean] => typeof e[1] === 'boolean').map(([k, b]) => ({ i, k, b, score: overlap(stems(fieldWords(k)), q) })));
  const ambiguous = /\b(?:low|flat|unsafe|short|not|n't|wrong|fail\w*|broken|unlocked|missing|exceed\w*)\b/i.test(question);
  const best = flags.filter((f) => f.score > 0).sort((a, b) => b.score - a.score)[0];
  // "Is my tire pressure in check? If it falls under 37.5 PSI, …": the user's floor decides, not the API's
  // "healthy" flag (35 psi is healthy to the API and under the user's 37.5); the tires' sentence says which are under.
  const floor = pressureFloor(request);
  if (floor !== undefined) {
    const tireStep = ok.find(({ v }) => isPlainObject(v) && Object.entries({ ...v, ...(isPlainObject(v.tire_pressure) ? v.tire_pressure : {}) }).some(([k, x]) => /TirePressure$/.test(k) && typeof x === 'number'));
    if (tireStep && isPlainObject(tireStep.v)) {
      const rec = { ...tireStep.v, ...(isPlainObject(tireStep.v.tire_pressure) ? tireStep.v.tire_pressure : {}) };
      const low = Object.entries(rec).some(([k, x]) => /TirePressure$/.test(k) && typeof x === 'number' && x < floor);
      return { yes: ambiguous ? low : !low, step: tireStep.i };
    }
  }
  const flagVerdict = (f: (typeof flags)[number]): Verdict => {
    // A check that failed with its reason says the reason in the answer, never "The verification failure is "…"" after it.
    const v = ok.find((x) => x.i === f.i)?.v;
    const reason = !f.b && isPlainObject(v) ? Object.entries(v).find(([k, x]) => k !== f.k && typeof x === 'string' && x.trim() !== '' && /(?:failure|reason|error|message)$/i.test(k)) : undefined;
    if (reason && isPlainObject(v)) return { yes: false, step: f.i, lead: `${sayFlag(humanize(f.k), false)}: ${sayString((reason[1] as string).trim())}`, drop: f.k, ...(Object.keys(v).length === 2 ? { others: '' } : {}) };
    told.drive = driveOf(steps[f.i]);
    const lead = sayFlag(humanize(f.k), f.b);
    told.drive = undefined;
    return { yes: f.b, step: f.i, lead, drop: f.k };
  };
  if (best && !ambiguous) return flagVerdict(best);
  // A look-up named for what is empty, free or available lists such things: "is the second available
  // meeting room empty from 16:00 to 18:00" after get_empty_room_with_time gave [67977, 78304, 63790]
  // is answered by the second of them; "is room 102 free" by whether 102 is listed.
  const state = /^.*\b(empty|free|available|vacant|unoccupied)\b(.*)$/i.exec(question);
  if (state) {
    const ordinal = /\b(first|second|third|fourth|fifth|last)\b/i.exec(question)?.[1]?.toLowerCase();
    for (const { s, i, v } of ok) {
      if (callChangesState(s.name) || !/empty|free|availab|vacan/i.test(apiOf(s.name))) continue;
      const keyed = isPlainObject(v) ? Object.entries(v).filter(([, x]) => Array.isArray(x)) : [];
      const list = Array.isArray(v) ? v : keyed.length === 1 ? (keyed[0][1] as unknown[]) : undefined;
      if (!list || !list.every((x) => typeof x === 'string' || typeof x === 'number')) continue;
      const key = keyed.length === 1 ? keyed[0][0] : apiOf(s.name).split('_').find((w) => /s$/.test(w)) ?? 'items';
      const noun = singularWord(humanize(key).toLowerCase().split(' ').pop() ?? 'item');
      const when = state[2].replace(/[?.!]+$/, '').trim();
      const so = `${state[1].toLowerCase()}${when ? ` ${when}` : ''}`;
      // The list is all the step said: the lead's pick and the rest of it tell it whole.
      const whole = Array.isArray(v) || (isPlainObject(v) && Object.keys(v).length === 1);
      const othersListed = (picked: unknown) => {
        const rest = list.filter((x) => x !== picked);
        return rest.length === 0 ? '' : `The other ${rest.length === 1 ? `${noun} listed as ${so} is` : `${pluralOf(noun)} listed as ${so} are`} ${joinAnd(rest.map((x) => say(x)))}.`;
      };
      if (ordinal) {
        const at = ORDINAL_AT[ordinal];
        const item = at < list.length ? list.at(at) : undefined;
        if (item === undefined) return { yes: false, step: i, lead: `only ${plural(list.length, noun)} ${list.length === 1 ? 'is' : 'are'} listed as ${so}, so there is no ${ordinal} one` };
        return { yes: true, step: i, lead: `the ${ordinal} ${noun} listed, ${say(item)}, is ${so}`, ...(whole ? { others: othersListed(item) } : {}) };
      }
      const named = list.find((x) => new RegExp(`(?<![\\w.])${escapeRegExp(String(x))}(?![\\w])`).test(question));
      if (named !== undefined) return { yes: true, step: i, lead: `${noun} ${say(named)} is listed as ${so}`, ...(whole ? { others: othersListed(named) } : {}) };
    }
  }
  // A list that came back, for "are there any …", or a listing that names the file asked about.
  const file = /['"]?([\w-]+\.[a-z]{1,5})\b['"]?/i.exec(question)?.[1];
  if (/\bthere (?:is|are)\b|\bany\b/i.test(question) || file) {
    // The list the question is about, where several came back: "if there are any meeting rooms available"
    // is answered by the room search, never by the top-rated films listed before it (teval_query_66_2).
    const about = (x: (typeof ok)[number]) => overlap(stems(`${apiOf(x.s.name).replace(/_/g, ' ')} ${isPlainObject(x.v) ? Object.keys(x.v).join(' ') : ''}`), q);
    const lookups = ok.filter((x) => !callChangesState(x.s.name));
    const named = lookups.filter((x) => about(x) > 0);
    for (const { s, i, v } of named.length ? named : lookups) {
      const lists = Array.isArray(v) ? [v] : isPlainObject(v) ? Object.values(v).filter(Array.isArray) : [];
      if (lists.length !== 1) continue;
      if (file) {
        if (!lists[0].every((x) => typeof x === 'string')) continue;
        return { yes: lists[0].some((x) => String(x).split('/').pop() === file), step: i };
      }
      return { yes: lists[0].length > 0, step: i };
    }
  }
  // A forecast's conditions, for "is it going to rain".
  const weather = WEATHER.find(([asked]) => asked.test(question));
  if (weather) {
    const conditions = ok.flatMap(({ i, v }) => {
      const records = Array.isArray(v) ? v : isPlainObject(v) ? [v, ...Object.values(v).filter(Array.isArray).flat()] : [];
      return records.filter(isPlainObject).flatMap((r) => Object.entries(r).filter(([k, x]) => typeof x === 'string' && /weather|condition|overall|forecast|sky/i.test(k)).map(([, x]) => ({ i, text: x as string })));
    });
    const oneDay = conditions.length === 1 || !/\b(?:today|tomorrow|tonight|monday|tuesday|wednesday|thursday|friday|saturday|sunday|\d{1,2}(?:st|nd|rd|th)?)\b/i.test(question);
    if (conditions.length && oneDay) {
      const hit = conditions.find((c) => weather[1].test(c.text));
      return { yes: !!hit, step: (hit ?? conditions[0]).i };
    }
  }
  // The one flag the calls gave, when the question names nothing else they answered.
  if (flags.length === 1 && !ambiguous && /(?:^|_)(?:status|success|ok)$|^(?:can|is|has)[A-Z_]|healthy|valid|available|exists?/i.test(flags[0].k)) return flagVerdict(flags[0]);
  return undefined;
}

/**
 * A bare apology ("Sorry.", "I'm sorry.") said in the sentence it is for: "Sorry, getting the symbol for
 * "Zeta Corp" didn't work: …", "I'm sorry to say that the connection was reset …". Only a sentence that
 * opens with "I" or a common word (a task's gerund, "The", "My", "When") is run on, so no name loses its
 * capital; undefined otherwise.
 */
export function apologyInto(opener: string, sentence: string): string | undefined {
  const lead = opener === 'Sorry.' ? 'Sorry, ' : opener === "I'm sorry." ? "I'm sorry to say that " : undefined;
  const first = /^(\S+)\s/.exec(sentence)?.[1];
  if (!lead || !first) return undefined;
  if (/^I(?:'m|'ve|'d)?$/.test(first)) return lead + sentence;
  if (/^(?:[A-Z][a-z]+ing|The|My|When|There|Since|As|Because|It|Your|This|That|While|After)$/.test(first)) return lead + first.toLowerCase() + sentence.slice(first.length);
  return undefined;
}

/** "The only room is 102." -> "Yes, the only room is 102."; "I found that …" said without its frame. */
function answeredFirst(yes: boolean, sentence: string, tail?: string): string {
  const body = sentence.replace(/^I found that /, '').replace(/[.!?]$/, '');
  const lower = /^(?:I|I'm|I've)\b|^[A-Z]{2,}|^"/.test(body) ? body : body.charAt(0).toLowerCase() + body.slice(1);
  // "Are there any rooms free?" — "Yes, there is one: room 102.", not "Yes, the only room is 102.".
  const only = yes && !tail ? /^the only ([a-z]+(?: [a-z]+)?) is (.+)$/.exec(lower) : null;
  if (only) return `Yes, there is one: ${only[1]} ${only[2]}.`;
  return `${yes ? 'Yes' : 'No'}, ${lower}${tail ? `, ${tail}` : ''}.`;
}

/** The plain values a response or an argument list holds, as text. */
function scalarsOf(value: unknown): string[] {
  if (typeof value === 'string' || typeof value === 'number') return [String(value)];
  if (Array.isArray(value)) return value.flatMap(scalarsOf);
  if (isPlainObject(value)) return Object.values(value).flatMap(scalarsOf);
  return [];
}

/**
 * The steps' order with each look-up whose every finding a later call took as its argument (the zip
 * codes "estimate_distance" was given) moved right after the first call that took them: the answer
 * leads with what was asked, then the means.
 */
export function meansAfter(steps: AnswerInput['steps'], asked: (i: number) => boolean = () => false): number[] {
  const consumer = steps.map((s, i) => {
    if (s.error || callChangesState(s.name) || asked(i)) return -1;
    // A listing names the files the calls after it act on: told after them, it names again what they already named
    // (""dev_summary.txt" has one line. The current directory holds "dev_summary.txt"."; answer_listing_after_use).
    if (apiOf(s.name) === 'ls') return -1;
    const found = scalarsOf(parseToolResponse(s.response));
    if (found.length === 0) return -1;
    const takes = (t: AnswerInput['steps'][number], k: number) => k > i && !t.error && found.every((v) => scalarsOf(t.args).includes(v));
    // A look-up several later calls took (the coordinates two nearby searches used) is their common
    // ground: told first, never between them ("A search for "school" … For "500 Ocean Avenue", the
    // latitude is … A search for "supermarket" …").
    if (steps.filter(takes).length > 1) return -1;
    const k = steps.findIndex(takes);
    // A state read (a listing, a balance) is never told after a call that changed that state: "I moved
    // into "documents". The current directory holds "documents"." is false (answer_state_told_after_change).
    return k > i && steps.slice(i + 1, k + 1).some((t) => !t.error && callChangesState(t.name)) ? -1 : k;
  });
  const out: number[] = [];
  const place = (i: number) => {
    out.push(i);
    consumer.forEach((c, k) => (c === i ? place(k) : undefined));
  };
  consumer.forEach((c, i) => (c === -1 ? place(i) : undefined));
  return out.length === steps.length ? out : steps.map((_, i) => i);
}

/**
 * "the current directory holds "a.txt"" as it was before a move, said of the directory it was: "the
 * directory I started in held "a.txt"" (no move before the listing in the turn), ""documents" held
 * "a.txt"" (the folder the last move before it went into), else "before I moved into "temp", the
 * directory held "a.txt"". Never "the directory I was in then held …" (answer_then_listing).
 */
export function pastListing(sentence: string, steps: readonly { name: string; args: unknown; error?: string }[] = [], at = 0): string {
  const folderOf = (x: { name: string; args: unknown; error?: string } | undefined) => (x && !x.error && apiOf(x.name) === 'cd' && isPlainObject(x.args) && typeof x.args.folder === 'string' ? x.args.folder.trim() : undefined);
  const before = steps.slice(0, at).filter((x) => !x.error && apiOf(x.name) === 'cd');
  const last = before.length ? folderOf(before[before.length - 1]) : undefined;
  const next = steps.slice(at + 1).map(folderOf).find((f) => f !== undefined);
  const named = last && /^[^./\\][^/\\]*$/.test(last) ? JSON.stringify(last) : undefined;
  const dir = (t: string) => (before.length === 0 ? `${t}he directory I started in` : named ?? (next && /^[^./\\][^/\\]*$/.test(next) ? `${t === 'T' ? 'B' : 'b'}efore I moved into ${JSON.stringify(next)}, the directory` : `${t}he directory I had moved into`));
  return sentence
    .replace(/\b([Tt])he current directory holds\b/g, (_, t: string) => `${dir(t)} held`)
    .replace(/\b([Tt])he current directory is empty\b/g, (_, t: string) => `${dir(t)} had nothing in it`)
    .replace(/\b([Tt])he current working directory is\b/g, (_, t: string) => `${t}he working directory was`);
}

/** A question about whose a thing is ("is the current directory under my name"): the thing it is about. */
const OWNERSHIP = /\b(?:under (?:my|our) name|(?:belongs?|belonging) to (?:me|us)|owned by (?:me|us)|(?:is|are) (?:mine|ours)|my own)\b/i;

/**
 * The lead of an answer whose calls do not settle the user's yes/no question: what was looked at and
 * why it does not settle it ("The listing shows only "workspace"; it doesn't say whose directory this
 * is."); after a failed look-up, that the question is still open. `drop` is a step whose sentence the
 * lead already says (a short listing it quotes).
 */
function unsettledLead(question: string, steps: AnswerInput['steps'], failedSome: boolean): { lead: string; drop?: number } {
  const clause = inSecondPerson(question);
  const reads = steps.map((s, i) => ({ s, i })).filter(({ s }) => !s.error && !callChangesState(s.name));
  // A look-up that failed is what would have told: the question is still open, and the failure says why.
  if (failedSome && steps.some((s) => s.error && !callChangesState(s.name))) return { lead: `I don't know yet whether ${clause}: the look-up that would tell me didn't go through.` };
  const thing = OWNERSHIP.test(question) ? /\b(directory|folder|file|account|car|vehicle|booking|order|ticket|card|room|phone|device)\b/i.exec(question)?.[1]?.toLowerCase() ?? 'one' : undefined;
  const unsaid = thing ? `whose ${thing} this is` : `whether ${clause}`;
  if (reads.length === 1) {
    const { s, i } = reads[0];
    const value = parseToolResponse(s.response);
    const api = apiOf(s.name);
    const list = isPlainObject(value) ? Object.values(value).find((v) => Array.isArray(v)) : Array.isArray(value) ? value : undefined;
    // A short listing quoted in the lead itself: "The listing shows only "workspace"; it doesn't say whose directory this is."
    if (api === 'ls' && Array.isArray(list) && list.length >= 1 && list.length <= 4 && list.every((x) => typeof x === 'string') && Object.keys(isPlainObject(value) ? value : {}).length <= 1) {
      const items = joinAnd(list.map((x) => JSON.stringify(x)));
      return { lead: `The listing shows ${list.length === 1 ? 'only ' : ''}${items}; it doesn't say ${unsaid}.`, drop: i };
    }
    const looked = api === 'ls' ? 'The listing' : /^(?:read_?file|cat|read)$/.test(api) ? "The file's text" : topicOf(s.name) ? `The ${topicOf(s.name)}` : 'What came back';
    return { lead: `${looked} ${/[^s]s$/.test(looked) && looked !== 'The news' ? "don't" : "doesn't"} say ${unsaid}.` };
  }
  return { lead: `None of what came back says ${unsaid}.` };
}

/** The pick a list supports, said as the answer to what was asked: "The highest-rated movie is "The Godfather", rated 8.7.", or a tie the list does not settle. */
function pickSentence(pick: PickAsked, top: Ranked[]): string {
  const value = (v: number) => (/rated/.test(pick.phrase) ? `rated ${v}` : /cited/.test(pick.phrase) ? `cited by ${v}` : /popular/.test(pick.phrase) ? `with a popularity of ${v}` : `at ${v}`);
  const names = top.map((r) => JSON.stringify(r.name));
  if (names.length === 1) return `The ${pick.phrase} is ${names[0]}, ${value(top[0].value)}.`;
  return `${capitalise(joinAnd(names))} tie for the ${pick.phrase}, ${names.length === 2 ? 'both' : 'all'} ${value(top[0].value)}; nothing in the list sets one above the ${names.length === 2 ? 'other' : 'others'}.`;
}

export function offlineAnswer(input: AnswerInput, rng: Rng = new Rng(0, 'answer-writer')): string {
  if (input.steps.length === 0) return rng.pick(['No tool call was needed for this request.', 'This needed no tool call.', 'There was nothing to look up or change for this.']);
  const failed = input.steps.filter((s) => s.error);
  const outcome = failed.length === 0 ? 'ok' : failed.length === input.steps.length ? 'failed' : 'partial';
  let opener = outcome === 'ok' ? rng.pick(OPENERS.ok) : outcome === 'partial' ? partialOpener(input.steps, rng, input.waiting, input.request) : rng.pick(FAILURE_OPENERS.failed);
  told.lastAbout = undefined;
  told.titles = titlesById(input.steps);
  // A query two services were searched for in one turn (arXiv and Google Scholar for "quantum mechanics"): a finding says whose search it was.
  const byQuery = new Map<string, Set<string>>();
  for (const s of [...input.steps, ...(input.waiting ?? [])]) {
    const q = argNamed(s.args, QUERY_KEY, 120);
    if (q) byQuery.set(q, (byQuery.get(q) ?? new Set()).add(s.name.split('.')[0]));
  }
  told.sharedQueries = new Set([...byQuery].filter(([, kits]) => kits.size > 1).map(([q]) => q));
  // A yes/no question is answered first: yes or no, then the fact that decides it (decide), or, when
  // the calls do not decide it, that I cannot tell.
  const question = yesNoQuestion(input.request);
  const verdict = question ? decide(question, input.steps, input.tools, input.request) : undefined;
  let steps = input.steps;
  if (verdict?.drop) {
    const s = steps[verdict.step];
    const value = parseToolResponse(s.response);
    if (isPlainObject(value) && Object.keys(value).length > 1) steps = steps.map((x, i) => (i === verdict.step ? { ...x, response: toJson(Object.fromEntries(Object.entries(value).filter(([k]) => k !== verdict.drop))) } : x));
  }
  let said = steps.map((s, i) => {
    told.request = input.request;
    // A door reading before a later lock or unlock of the same turn tells how the doors were, not how they are.
    told.doorsChangeLater = steps.slice(i + 1).some((x) => !x.error && /^(?:lock|unlock)_?doors?$/i.test(apiOf(x.name)));
    told.openings = 2;
    const returns = input.tools?.find((t) => t.name === s.name)?.return_data ?? [];
    told.units = Object.fromEntries(returns.flatMap((f) => (unitOf(f.description) ? [[f.name, unitOf(f.description)!]] : [])));
    told.docs = Object.fromEntries(returns.map((f) => [f.name, f.description]));
    const tool = input.tools?.find((t) => t.name === s.name) ?? { name: s.name };
    told.money = (key) => moneyUnit(tool, key, told.docs[key], s.args);
    told.drive = driveOf(s);
    told.recordNoun = RECORD_NOUN[apiOf(s.name)];
    told.mapPrep = /_sent$/.test(apiOf(s.name)) ? 'to' : undefined;
    told.company = companyLookedUp(s, steps);
    told.pattern = apiOf(s.name) === 'grep' && isPlainObject(s.args) && typeof s.args.pattern === 'string' && s.args.pattern.trim() ? s.args.pattern : undefined;
    told.grepFile = apiOf(s.name) === 'grep' && isPlainObject(s.args) && typeof s.args.file_name === 'string' ? s.args.file_name : undefined;
    // A quoted message that ends its own sentence ("Daily quota exceeded.") takes no second period.
    // A count of one said in words, as a person says it ("A search for "neural networks" found one paper: …",
    // "There is one line in "summary.txt"."), never as a tally's digit ("found 1 paper": answer_one_counted_as_digit).
    const sentence = capitalise(stepSentence(asDocumentedField(s, returns), rng, callName(s, steps), steps)).replace(/([\p{L}\p{N})\]'][.!?]")\.(?=\s|$)/gu, '$1').replace(/([.!?]")\)\./g, '$1).').replace(/\b(found|got back|came across|[Tt]here is) 1 (?=[a-z])/g, '$1 one ');
    told.units = {};
    told.docs = {};
    told.money = undefined;
    told.pattern = undefined;
    told.grepFile = undefined;
    told.drive = undefined;
    told.recordNoun = undefined;
    told.mapPrep = undefined;
    told.company = undefined;
    told.doorsChangeLater = undefined;
    told.request = '';
    return sentence;
  });
  // A listing read before a later move in the same turn is no longer the current directory's: told in the past.
  said = said.map((t, i) => (steps.slice(i + 1).some((x) => !x.error && apiOf(x.name) === 'cd') && !callChangesState(steps[i].name) ? pastListing(t, steps, i) : t));
  // A list the request asks for in a genre its tool cannot filter by ("top-rated movies in the
  // 'Drama' genre" from get_top_rated_movies, 294_2) is told as not limited to it, never as the films asked for.
  said = said.map((t, i) => {
    const tool = input.tools?.find((x) => x.name === steps[i].name);
    if (steps[i].error || !tool?.params || tool.params.some((p) => /^(?:cate|category|genres?)$/i.test(p))) return t;
    const genre = unfilterableGenre(input.request, steps[i], undefined);
    return genre ? `${t} ${unfilteredGenreSentence(genre)}` : t;
  });
  // One thing asked picked from a list ("the details of the highest-rated movie") is answered by the pick the list
  // supports, first, and a tie said as one the list does not settle (answer_pick_unsaid, teval_query_231_0).
  const pick = pickAsked(input.request);
  if (pick) {
    const at = steps.findIndex((s) => !s.error && pickedRecords(rankedRecords(parseToolResponse(s.response), pick.key), pick.best).length > 0);
    if (at >= 0) said = said.map((t, i) => (i === at ? `${pickSentence(pick, pickedRecords(rankedRecords(parseToolResponse(steps[at].response), pick.key), pick.best))} ${t}` : t));
  }
  let lead = '';
  if (verdict) {
    opener = '';
    const onlyFlag = verdict.drop !== undefined && steps[verdict.step] === input.steps[verdict.step];
    if (verdict.lead) lead = `${verdict.yes ? 'Yes' : 'No'}, ${verdict.lead}.`.replace(/([.!?]["”])\.$/, '$1');
    // The deciding call's sentence goes first, saying yes or no; a flag said in the lead is not said again. After a
    // lead, the list's other records come right after it ("Yes, the second room listed, 109, is empty …. The other rooms
    // listed … are 101 and 102."), never after a finding between (answer_verdict_rest_apart, teval_query_417_2).
    const order = verdict.lead && !verdict.others ? steps.map((_, i) => i) : [verdict.step, ...steps.map((_, i) => i).filter((i) => i !== verdict.step)];
    if (verdict.others !== undefined) said = said.map((t, i) => (i === verdict.step ? verdict.others! : t));
    const keep = order.filter((i) => !(onlyFlag && i === verdict.step) && !(verdict.others === '' && i === verdict.step));
    if (!verdict.lead) said = said.map((t, i) => (i === verdict.step ? answeredFirst(verdict.yes, t, verdict.tail) : t));
    steps = keep.map((i) => steps[i]);
    said = keep.map((i) => said[i]);
  } else if (question && !(outcome === 'failed')) {
    opener = '';
    // "I couldn't find out" only when no look-up came back: a failed save after the room check (teval_query_417_2) did not keep the check from answering.
    const lookedUp = input.steps.some((s) => !s.error && !callChangesState(s.name));
    // What was looked at and why it does not settle the question, never the question handed back as
    // "I can't tell from this whether the current directory is under your name." (answer_question_parroted).
    const unsettled = unsettledLead(question, steps, outcome !== 'ok');
    lead = unsettled.lead;
    if (unsettled.drop !== undefined) {
      steps = steps.filter((_, i) => i !== unsettled.drop);
      said = said.filter((_, i) => i !== unsettled.drop);
    }
    if (!lookedUp && outcome !== 'ok') lead = `I don't know yet whether ${inSecondPerson(question)}: the step that would tell me didn't go through.`;
  }
  if (!verdict) {
    // What was asked comes first: a look-up that only found the means of a later call (the zip codes
    // a distance was estimated between) is told after the finding it served.
    // An id that only led to a later call ({"author_id": "0juNTSgAAAAJ"} before get_author_information)
    // is the means, not news: left out unless the user asked for it, and then told where it was found,
    // before what it led to (answer_record_dump).
    // A film a title search found ({"id": 212778, "title": "Chef"} for "the movie titled 'Chef'") is its id only: the
    // title is the user's own, so ""Chef" has id 212778." before its details told nothing asked (answer_means_told).
    const givenName = (k: string, x: unknown) => /^(?:title|name)$/i.test(k) && typeof x === 'string' && x.trim().length > 0 && input.request.toLowerCase().includes(x.trim().toLowerCase());
    const idOnly = steps.map((s) => {
      const v = s.error || callChangesState(s.name) ? undefined : parseToolResponse(s.response);
      if (!isPlainObject(v) || Object.keys(v).length === 0) return false;
      const entries = Object.entries(v);
      if (entries.every(([k, x]) => /(?:^|_)id$/i.test(k) && (typeof x === 'string' || typeof x === 'number'))) return true;
      if (entries.some(([k]) => /(?:^|_)id$/i.test(k)) && entries.every(([k, x]) => (/(?:^|_)id$/i.test(k) && (typeof x === 'string' || typeof x === 'number')) || givenName(k, x))) return true;
      // One value looked up only to be handed on — a city's zip code for estimate_distance, the nearest
      // airport for a flight's cost, a company's symbol for its quote — is the means too, unless asked
      // ("The zipcode of Stonebrook is "74532"." after the distance nobody asked the zip codes of: answer_means_told).
      // Never a text the user asked to be given besides saving it ("provide me with the meta information of the first three
      // articles … save it to a file": only "I wrote the text to …" told them nothing, answer_asked_text_withheld).
      if (entries.length === 1 && typeof entries[0][1] === 'string' && entries[0][1].length >= 200 && ASKED_TO_BE_GIVEN.test(input.request)) return false;
      return entries.length === 1 && typeof entries[0][1] === 'string' && !asksFor(entries[0][0], input.request);
    });
    const found = (i: number) => { const v = parseToolResponse(steps[i].response); return scalarsOf(isPlainObject(v) ? Object.fromEntries(Object.entries(v).filter(([k, x]) => !givenName(k, x))) : v); };
    const consumed = (i: number) => steps.some((t, k) => k > i && !t.error && found(i).every((v) => scalarsOf(t.args).includes(v)));
    // What the user asked for is news, not the means: an id they asked for ({"author_id": …} for "their unique author
    // ID"), or a one-value look-up's value (Zeta Corp's "stock symbol"), told before the call that took it, never after
    // a sentence already using it ("ZETA is at 150.75 … "Zeta Corp" trades under the symbol ZETA.").
    const asked = (s: AnswerInput['steps'][number]) => {
      const v = s.error ? undefined : parseToolResponse(s.response);
      if (!isPlainObject(v)) return false;
      const keys = Object.keys(v);
      return keys.some((k) => (/(?:^|_)id$/i.test(k) || keys.length === 1) && asksFor(k, input.request));
    };
    const unasked = steps.map((s, i) => idOnly[i] && consumed(i) && !asked(s));
    if (unasked.some(Boolean) && unasked.some((u) => !u)) {
      steps = steps.filter((_, i) => !unasked[i]);
      said = said.filter((_, i) => !unasked[i]);
    }
    const kept = steps;
    const order = meansAfter(kept, (i) => asked(kept[i]));
    steps = order.map((i) => steps[i]);
    said = order.map((i) => said[i]);
  }
  // One failure said once (answer_failure_said_twice): a named opener ("Searching arXiv came through; getting the
  // ticker news did not.") carries the failed step's own sentence in place of its bare "did not", and the
  // sentence is not said again after the findings; an opener that cannot carry it gives way to none.
  if (outcome === 'partial' && failed.length === 1 && !verdict && !question) {
    const parts = namedOpenerParts(opener);
    const at = steps.indexOf(failed[0]);
    if (parts && at >= 0) {
      const merged = openerWithFailure(parts.form, parts.done, said[at]);
      opener = merged ?? '';
      if (merged) {
        steps = steps.filter((_, i) => i !== at);
        said = said.filter((_, i) => i !== at);
      }
    }
  }
  const body = subjectOnce([lead, ...composed(steps, said, rng)].filter(Boolean));
  // "Here is what I found." opens a finding, never a deed ("I placed the order") or another "I found …".
  if (/^Here is what I found/.test(opener) && (!body[0] || /^I (?:found|have|[a-z]+ed|sent|set|put|made|wrote|got)\b/.test(body[0]) || callChangesState(input.steps[0].name))) opener = '';
  const last = failed[failed.length - 1];
  // The sentence the question will follow, where the failure is the only one: a question right after the failed task's own sentence says it bare.
  const before = failed.length === 1 ? lastSentenceOf([opener, ...body].filter(Boolean).join(' ')) : undefined;
  const question2 = last ? nextStepQuestion(last, rng, named(last.name), input.waiting, shownInAnswer(input), input.request, before) : '';
  // A step count told "I got through …" before a finding told "I got …" says the steps went through ("I got through one of the five steps. I got back 3 films", answer_deed_run).
  const count = /^I got through (.+)\.$/.exec(opener);
  if (count && /^I got\b/.test(body[0] ?? '')) opener = `${capitalise(count[1])} went through.`;
  // An apology opens once: "Sorry. Getting the details … failed", never "Sorry. Unfortunately, …" (answer_apology_doubled).
  if (opener && /^(?:Sorry|I'm sorry)\.$/.test(opener) && /^Unfortunately, /.test(body[0] ?? '')) body[0] = capitalise(body[0].slice('Unfortunately, '.length));
  // The apology runs into what it is for ("Sorry, getting the symbol … didn't work"), never a sentence of its own
  // standing word for word in answers about anything (answer_sentence_frame_top_share).
  const apologised = opener && body[0] ? apologyInto(opener, body[0]) : undefined;
  if (apologised) [opener, body[0]] = ['', apologised];
  // Read after the names are said once: "I booked the flight anyway", never "anyway" inside the flight said whole.
  const answer = againstVerdict(SAID_ONCE.reduce((text, pass) => pass(text), [opener, ...body, question2].filter(Boolean).join(' ')), verdict);
  // Stock symbols, airport codes and the companies a symbol look-up was for said bare ("I added QUAS to the watchlist", "Zeta Corp
  // trades under the symbol ZETA"), never quoted as typed text (answer_code_quoted).
  return codesBare(answer, bareNamesOf(input.steps));
}

export const answerWriterRole: RoleSpec<AnswerInput, AnswerOutput> = {
  role: 'answer-writer',
  schemaName: 'turn_answer',
  schema: AnswerOutput,
  template: {
    id: 'answer-writer/turn-final',
    version: '1',
    render: (input) => [
      {
        role: 'system',
        content:
          "You write the assistant's closing answer (its FinishAction) to one user request in a tool-use dialogue. " +
          'Use only what the tool results below say: report what was done and found, with the concrete values, and say plainly if a call failed. ' +
          'Do not invent facts or promise further actions. One to three sentences. Reply in JSON: {"answer": string}.',
      },
      {
        role: 'user',
        content:
          `User request:\n${input.request}\n\nTool calls and results, in order:\n` +
          (input.steps.length
            ? input.steps.map((s, i) => `${i + 1}. ${s.name}(${toJson(s.args)})\n   ${s.error ? `ERROR: ${s.error}` : `-> ${clip(s.response, 2000)}`}`).join('\n')
            : '(no tool calls)') +
          (input.waiting?.length ? `\n\nNot run:\n${input.waiting.map((w) => `- ${w.name}(${toJson(w.args)})${w.needsFailed ? ' (needs the failed call first)' : ''}`).join('\n')}` : ''),
      },
    ],
  },
  // 44+5: a check that did not pass is a finding, not a failed call ("turned up a problem", not "failed": answer_failure_no_next_step).
  // 44+4: a device deed whose state is its own word said as the deed alone ("I pressed the brake pedal."), its readings only when asked.
  // 44+3: an exchange said as the sum it came to ("400 USD comes to 320 EUR."), a failed check with its reason ("The verification did not pass: …"), not their fields.
  // 44+2: a device state in the deed's own word ("unlocked" after "I unlocked the doors") left to beyondDone, not said as "the lock is now unlocked".
  // 46: lists named for what they hold ("the route has 49 steps, starting with …", "the current directory holds 7 files and folders, among them …"), two labelled lists as sentences ("Two films are playing now: …"), a named list beside a record's fields one field ("the genres are "Drama" and "Crime"", not "2 genres: …, release date …").
  // 44+1: a record's asked fields said after its name ("\"红猪\", with release date 11月17日 and region 日本"), not as labels and quoted values in brackets.
  // 44: a state read never told after the change it preceded (meansAfter), a listing before a move told in the past; underscore-private reply fields never said; a device deed's reply said as the device's state ("the parking brake is now engaged"), its readings only when asked.
  // 43+1: T-Eval's "snipets" key read as a snippet (43's build reused its cached answers under the same version).
  // 43: records said as findings, not fields ("I found 5 places: "Hartley Museum of Art" at 116 Rue Montorgueil; …", "John Smith is at …", a search's ids and snippets only when asked, an unasked id that only led to a later call left out); a check a listed result decides answered ("Yes, the second room listed, 78304, is empty …"); a partial failure opens with what was and was not done; beyondDone's two success-status tests are one (restatesDone).
  // 42: a bare list from a call named for what it lists is told as those things ("There are 23 airports, among them …").
  // 41: a turn whose look-ups came back and whose later save failed no longer says it "couldn't find out" what the look-ups answer.
  // 40: a status field that only says the deed went through in its own verb is left out (beyondDone, restatesDone).
  // 39: the lead's 38 (a reply that only says the act went through is not read back: restatesDone) and h-ans8's 38+2 (amounts with their currency, failed acts said as acts, a look-up told after the finding it fed, a deed's own id) merged.
  // 45: h-ans10's 44+5 (state reads told in the past across a move, no private or device-state fields, records' asked fields after the name, retry questions naming the task) and the lead's 43+2 (a partial failure never names one task as done and not done) merged.
  // 48: after a failure, the steps the request still holds that wait on it (AnswerInput.waiting) are counted among the steps ("one of the five steps", not "one of the two") and said before the question ("Cancelling the booking and posting the tweet need it first."); the question offers to stop, never to go on without it.
  // 49: a local denial while a privilege check was pending is told in words ("the policy service did not answer the privilege check, so access was refused (access denied)"), not quoted with its errno (answer_failure_raw_exception).
  // 50: "… waits on it.", not "… has to wait for it.", which read as a record's field ("the distance between the two places has"; answer_nested_unphrased).
  // 52 (h-ans13): (asksFor: "publication" asks only a publication field) a pressure check answered against the user's own floor, not the API's healthy flag; a one-value look-up (zip code, airport, symbol, picture) only handed on left out; a quote for "the price" is the price; "nearest airport to X"; "I pressed the brake pedal." in a few true forms.
  // 51: h-ans12's 47 (records said as sentences, not label runs: answer_label_run; ids in brackets; invoices, reviews, weather days, doors and films as sentences; addresses as addresses; a partial failure's count only where names cannot tell the steps apart) merged with 48–50.
  // 52: only the later steps that take what the failed one was to give are said to wait on it (stepsWaitingOn); the rest are "still to do": a film look-up whose id nothing showed does not "need" a failed arXiv search.
  // 53: TMDB's look-ups and list_all_airports said as a person says them ("get the reviews of the movie", "list the airports"), not "get the movie reviews for the movie", "listing the all airports".
  // 54: h-ans13's 52 (the user's threshold decides a check, not the API's flag; a value looked up only to feed a later call left out unless asked; a quote asked for its price is the price; the brake pedal said four ways) merged with 52–53.
  // 55: a record's long texts said after its line ("… 175 minutes long. Its overview reads "…""), a film an earlier call named by its title ("For "The Godfather", I found 3 reviews"), an unsettled question told by what was looked at ("The listing shows only "workspace"; it doesn't say whose directory this is."), one-clause deeds in a row joined ("I moved into "document", created the directory "temp" and then moved …"), one task for several things counted ("getting the details of the three films").
  // 56 (h-ans16): a placeholder value is no fact ("No affiliation is listed for Jane Brown", not "Jane Brown is at Unknown affiliation"); a long text told by its opening, never its word count ("(its summary opens "…")", not "with summary 106 words of text, opening with …"); a record's "with" fields after a comma, never "and with"; a failed look-up of one of several films asked for by number leaves "the three films" still to do; a search result an earlier call listed beside its title named by the title ("The citation for "Machine learning in healthcare: A review"", not "for "I9ke4-WO9y8J""); a look-up's status/info/count bookkeeping beside what it found left out; a wrapper key never said ("there are 9 search results, …", "the results are …", not "the content has …").
  // 56 (lead): "There is 1 line", not "There are 1 line" (grammar.ts number-agreement). 57: both 56s merged.
  // 57 (h-env6): a failure before the request was sent says so ("the connection to the service timed out after 10 seconds, before the request was sent"; an I/O error opening the file "before anything was written"); 56: "There is 1 line", not "There are 1 line" (grammar.ts number-agreement)
  // 58: the two 57s merged.
  // 59: a finding after one told with the same verb says "also" (or drops "I found that"); a named record with a long text after "the …" said of its name, the text apart.
  offline: { version: 'answer-writer-171', // 171 (lead41): a cancelled order or booking named by the id the call passed ("I have cancelled booking 3426812.", "I cancelled order 12446."), as a reservation names its room, never "the booking" alone (didPhrase; bfcl_multi_turn_base_152-control-k3, where the user named a London flight for the SFO-ORD booking). 170 (lead41): films like the one an earlier task of a list named said without it again ("Getting the details of the movie and finding similar films need it first.", never "… finding films similar to the movie"; failureSentences.ts similarOnce; teval_query_478_1-env-k1, an open item of the last stop). 169 (lead41): a ticker search and a news look-up said as a person does ("my attempt to look up the stock ticker for Apple Inc failed", "getting the news about \"MSFT\""), never read off the API's name ("search the stock ticker for Apple Inc", "get the ticker news"; failureSentences.ts TASKS; teval_query_335_0-env-k4, 377_0-env-k5). 168 (lead41): what a failure leaves undone says the one film the request names by its title ("Getting the details and the reviews of \"Inception\" is still to do."), never "of the movie", where the plan passes its id and the failed task did not just name it (failureSentences.ts filmsAskedByTitle; answer_film_left_unnamed, new, 10/17 on lead41 m4). 167 (lead41): a failure's "Without it" after a finding whose quoted summary holds a failure word ("… devoted to the problem of small learning samples") names the failed step ("Without sending the email, I can't go on to write the file."): the quote tells no failure of ours (failureQuestion.ts tellsFailure; answer_failure_it_far widened by the same reading, 4/496 on lead41 m3). 166 (lead40): a finding of a nearby search the sentence before named by its term said as "The search near \"Manaus, Brazil\" turned up 3 places", never the term again (namesOnce searchAfterItsOwn; answer_search_term_twice). 165 (lead40): two sentences in a row in one frame about two things joined ("The nearest airport to Rivermist is RMS, and the one to Stonebrook is SBK."; pairsJoined, answer_frame_twice_in_row). 163–164 (lead40): a purchase after a "No" on a budget told as done anyway ("I booked the flight anyway; keep booking …"), never "Next, I booked the flight" (againstVerdict; answer_deed_against_verdict). 162 (lead40): 150's nearby search kept whole only where it names no place (a search near a place keeps its place, counted: "search for \"restaurant\" near the three places"). 161 (lead40): a property a listing of the turn named said by that name ("For \"Charming house in Los Angeles\", I found 3 reviews"), never by an id the answer never gave (answer_record_by_unshown_id). 158–160 (lead40): a listing told before the calls that act on its files, never after them, its one file's finding joined to it ("The current directory holds \"dev_summary.txt\", which has one line."; meansAfter, namesOnce joinHeld; answer_listing_after_use). 156–157 (lead40): a run of one API's deeds each telling the state it left said once, the state as the last left it ("I added AAPL and GOOG to the watchlist. The watchlist now has NVDA, AAPL and GOOG."; statesOnce, answer_state_told_each_step). 152–155 (lead40): a lone wrapper around one record (Polygon's ticker details) said as that record, of its name, its fields in the words they had inside it, the company said as "It" right after the sentence telling its symbol (answer_record_label_frame). 151 (lead40): nearby searches of one kind said once ("searching for \"school\" and \"supermarket\" nearby worked"). 150 (lead40): a nearby search said short keeps what it searches for ("Getting the coordinates and searching for \"restaurant\" nearby worked", "Without it I can't go on to search for \"movie theater\" nearby."), never a bare "searching nearby" (failureSentences shortTask; answer_search_told_bare 20/1,611 on lead40 m3). 149 (lead39): "the three most anticipated" of a coming list named by how many want to see them, not in the list's order (answer_most_awaited_unranked 9/1,611 on lead39 m17, teval_query_58_1). 148 (lead39): a failed write says what it was to write ("When I tried to write \"Collaboration leads to success. Innovation ignites growth.\" to \"TeamNotes.txt\", …"), as the deed that goes through does (answerFacts writtenWhat; answer_written_text_unsaid widened to failed writes: 14/69 on lead39 f1). 147 (lead39): a page titled as something named before it in the sentence is "of the same name"; searches of one kind at one place said once ("searching for \"restaurant\" and \"landmark\" near \"Central Park\""); tasks still to do on one thing merged ("Getting the details and the reviews of the movie is still to do") (answer_name_said_again 13/1,611, answer_waiting_tasks_unmerged 6/496 on lead39 m12, cases the filter change brought in). 146 (lead39): the failed task read by its stems ("posting the tweet" is "post the tweet") and by runs of three words, so "My attempt to book the flight failed … Do you want me to wait a moment and book the flight again?" asks bare too (answer_failure_task_twice widened: 84/496 on lead39 m13). 145 (lead39): a bare list of codes (list_all_airports' ['RMS', 'SBK', …]) is said bare too ("There are 23 airports: RMS, SBK, …"; answer_code_quoted 13/1,692 on lead39 m7 once codesOf reads a bare list under its tool's name). 144 (lead39): the user's pressure floor said "under your 40 psi threshold", in the readings' own unit, never "under the 40 PSI you set" (answer_unit_case_mixed 29/1,692 on lead39 m6). 143 (lead39): a sentence of what waits on the failure that follows a finding, not the failure's own sentence, names the failed task ("Cancelling the booking waits on getting the booking details."), never "it", and the question after it asks bare (answer_failure_it_far 25/535 on lead39 m4). 142 (lead39): a write says what it wrote ("wrote \"quantum computing\" to \"summary.txt\"", "wrote the three papers' details to …"), never only "wrote the text to …" (answer_written_text_unsaid). 141 (lead39): a question right after the only failure's own sentence asks bare ("Shall I have another go, or leave it there?"), never the task in the same words again (answer_failure_task_twice 122/535 on lead39 m1). 140 (lead38): a search's finding says its service where another service was searched for the same words in the turn ("The search for \"quantum mechanics\" on arXiv came back with 1 paper" after "I couldn't search Google Scholar for \"quantum mechanics\""; answer_search_service_unsaid, new, 11/1,692 on g0). 139 (lead38): a citation of an article a Scholar listing of the turn gave said by its title ("I could not get the citation for \"Quantum computing: a review\""), never "that article" among several. 138 (lead38): "Then" never opens a chain already joined by "then" (answer_then_twice, new: 10/1,692 on m5, which 136's past-tense move had made: "Then I changed to the folder \"archives\", then renamed …"); a file renamed right after the sentence before copied or moved it said as that file ("… then renamed the copy to \"2024_research_backup.txt\"."; answer_name_said_again widened). 137 (lead38): after a failure, a later step of the kind a waiting one is said as another of that kind ("Still to do: getting another image, adding another page with text and an image and saving the presentation file."), never dropped; pages and citations planned several times counted ("adding two pages with text and an image", "getting the citations for the three articles"), never one said for several (answer_failure_repeat_dropped, new, 13/535 on lead38 m4). 136 (lead38): a move into a folder a later cd of the answer leaves said in the past ("I moved into \"Drafts\", which held …. I removed …, went up to the parent folder …"), never "I'm now in \"Drafts\"." (answer_now_in_left, new, 14/1,692 on g0); a listing right after the move into its folder joined to it ('I moved into "projects", which held "deep_folder".'), never opening on the name the move ended on (answer_name_said_again widened, 18/1,692 on g0). 135 (lead37): a 403 whose message says the request's key was rotated mid-flight told so ("… the key the request was signed with was rotated while it was in flight (HTTP 403 Forbidden)"), never "access was refused" (answer_failure_cause_generic widened, 18/535 on f1). 134 (lead37): a move not run to a file's name in the same folder said as the rename it is ("… and rename \"test_document.txt\" to \"final_document.txt\""), as one done is (123). 133 (lead37): a device's readings after a clause joined by ", and" follow a semicolon ("I started the engine, and it is running now; the fuel level is 13.96 gallons and the battery voltage is 12.6 volts."), never a second ", and" (answer_and_run_on 4/1,692 on m20). 132 (lead37): a file saved after a sentence before named it said as "the file" ("I created the file \"a.pptx\" …. Next, I … and then saved the file."; answer_name_said_again widened). 131 (lead37): a unit conversion said with both units ("30 liters convert to 7.92516 gallons."), never "In gallons, 30 liters are 7.92516." (answer_unit_fronted 20/1,692 on m15). 130 (lead37): a search the opener named told after it as "The search turned up 5 places: …", never "Searching for \"attractions\" near \"Eiffel Tower\"" opening two sentences in a row (answer_subject_repeated 6/1,692 on m11, teval_query_185_2-env-k3). 129 (lead37): GaodeMap's one 'lon,lat' text said as where its place is ("\"北京市政府\" is at longitude 116.407417, latitude 39.904172."), a search or drive at it said at the address a look-up of the turn gave it for ("near \"北京市政府\"", "\"上海市政府\" is 1334.1 km from \"北京市政府\", a drive of about 962 minutes."), never the pair quoted as text (answer_coordinates_as_text 3/1,692 on m11). 128 (lead37): the rooms a listing gives as text said bare as the reserved room is ("Yes, the first room listed, 101, is free. The other rooms listed as free are 21083 and 31280."), never one bare and the others quoted. 127 (lead37): the parent folder said as such ("… went up to the parent folder and then removed the directory \"Drafts\"."), never "moved into \"..\"" (answer_parent_as_dots 4/1,658 on m8). 126 (lead37): a zipcode said bare ("The zipcode of Rivermist is 83214."), never quoted as typed text (answer_code_quoted widened, 22/1,658 on m7). 125 (lead37): a room number T-Eval's reserve passes as text said bare ("reserving the meeting room 102"), never quoted as typed text (answerFacts codesOf; answer_code_quoted widened, 16/1,658 on m6). 124 (lead37): a yes taken from a listed record told with the list's other records right after it, never after another finding (answer_verdict_rest_apart 7/7 on m5, teval_query_417_2-env-k5, 245_1-env-k4). 123 (lead37): a name said once where "it" would do ("I created the file \"a.md\" and then wrote the text to it.", "… went into it, then renamed the file to \"notes_2024.txt\".", "The text of \"S\" is \"…\". It has 36 characters."; namesOnce.ts), a move BFCL's mv answers as a rename said as one (answer_name_said_again 85/1,658 on g0). 122 (lead36): waiting tasks of one verb on one thing said once ("Getting the details and the reviews of the movie waits on it."; answer_waiting_tasks_unmerged). 121 (lead36): a price converted said with the price ("… costs 400 USD, which is 320 EUR."), never "400 USD is 320 EUR." before anything has cost it (answer_conversion_apart). 120 (lead36): the time and the weekday of one moment said in one sentence ("It is 16:15 on Thursday, 19 October 2023."), never "It is 16:15 on 19 October 2023. It is Thursday." (answer_clock_split). 119 (lead36): a failure's closing question drawn from seventeen, not thirteen (answer_failure_frame_top_share 0.113 on m12). 118 (lead36): 116's "I hit the rate limit … and asked me to wait" and "My request was called too often and asked me to slow down" made the cause's own continuation wrong; a cause whose subject is "it" now never comes before its task ("When I tried to start the engine, it was throttled …"), its words as before (answer_failure_pronoun_unclear). 117 (lead36): Douban's lists, cut to the [outNum] films asked, said as what Douban lists ("Douban lists three films coming out in China soon: …"), never "Three films are coming out in China soon" as if no other were (answer_cut_list_told_whole 31/1,658 on m7). 116 (lead36): a failure's cause said before its task names what failed ("My request was throttled …, so I couldn't …", "I hit the rate limit …"), never "It …" ahead of anything it could be but the sentence before (answer_failure_pronoun_unclear widened: 11/532 on m6). 115 (lead36): a flight said whole once ("A first-class flight from SFO to ORD on 15 November 2026 costs 4000 USD. I booked it under booking 3426812; …", never the eight words again: answer_thing_named_twice); each search of an answer in its own frame (answer_search_frame_twice); a nearby search at a property's coordinates said near that property ("near property 561489475078914207"), never near the plan's town twice with other finds (answer_searches_told_alike, teval_query_114_2); "retry looking up the films now playing", never "… now playing now" (answer_now_twice); "…got done, but since my request hit the rate limit", never "since it hit" after naming what worked (answer_failure_pronoun_unclear). 114 (h-lead35): the company a symbol look-up was for said bare ("Zeta Corp trades under the symbol ZETA.", "Getting the symbol for Quasar Ltd. didn't go through …"), never quoted (answer_code_quoted widened: 52 more answers on f2). 113 (h-lead35): stock symbols and airport codes a turn's calls pass or give said bare ("I added QUAS to the watchlist", "The nearest airport to Rivermist is RMS."), never quoted as typed text (answer_code_quoted 294/1,656 on g0). 112 (h-lead35): a nearby search told near the place a coordinates look-up of the turn was for ("A search for \"school\" near \"500 Ocean Avenue\" found 4 places"), never near the coordinates it gave (answer_place_as_coordinates 17/1,656 on g0). 111 (h-lead35): a Douban film's genres, region and release day said in English after its title ("\"红猪\", a comedy, animation and adventure film from Japan, out on 17 November"), never "with release date 11月17日, category 喜剧 / 动画 / 冒险, region 日本" and Douban's description of a film said in English, its names and synopsis as Douban wrote them ("\"红猪\" is a comedy, animation and adventure film from Japan, directed by 宫崎骏 (Hayao Miyazaki). Douban's synopsis: …"), never its Chinese frame quoted whole (pipeline/doubanWords.ts; answer_field_untranslated 35/1,656 on g0). 110 (h-lead35): a list said as the list it is ("Three films are playing in China now: …", "You have 2 unread emails: …", "The five top-rated films include …", "'The Godfather' has 3 reviews: …"), never by a bare count ("I got back 3 films: …"; answer_list_unnamed 122/1,656 on g0); "are there any …" answered by the list it asks about, never the first list that came back ("Yes, the five top-rated films include …" for free meeting rooms: answer_verdict_off_question 4/1,656); a sentence that would only tell again numbers already told said by what it adds ("Room 103 is the only one free from 14:00 to 16:00, so I reserved it.", "The invoice confirms the charge of 400 USD for booking 3426812.": answer_facts_restated 29/1,656 on g0). 109 (h-lead34): a quote names the company its symbol was looked up from where that look-up is left out ("Quasar Ltd. (QUAS) is at 725.89"); messages sent said as sent to their ids ("one to USR001 (…)", never "one under USR001"); what `du` measured said as the space the directory takes up ("The current directory takes up 79.00 B on disk.", never "The disk usage is \"79.00 B\"."); the nearest place a look-up found said where it is ("The nearest tire shop is at 456 Oakwood Avenue, …", never "The shop location is …"); a one-value look-up the user asked for (a stock symbol) told before the call that took it (answer_told_after_use 13/1,656 on g0); a partial-failure opener names only the look-ups done, the deeds being told after it (answer_done_said_twice 26/1,656 on g0). 108 (h-lead33): the weather said to be in a place, never "of" it ("The weather in Paris is sunny, at 11 °C."; answer_weather_of_place 17 answers on m7). 107 (h-lead33): a long subject said once, the next sentence about it opening "It" ("…costs 400 USD. It is booked as booking 3426812, …"; subjectOnce, answer_subject_repeated 26/1,676 on m3). 106 (h-lead33): a lock held at the time told in the past ("…waiting for a lock another operation held on the file"; answer_tense_slip widened). 105 (h-lead33): a nearby search's finds said with what was searched for and where ("A search for \"gas station\" near \"123 Main Street\" found 5 places, …"), never "There are 5 places, …" or "For latitude 37.797432, I found 5 places" (answer_search_term_unsaid 5/1,676 on g0). 104 (h-lead33): a paper's authors said as an English list ("by Yingbo Li, Anamaria-Beatrice Spulber and Yucong Duan"; answer_authors_unjoined 23/1,676 on g0). 103 (h-lead33): a forecast is "for the next 3 days", never "in the next 3 days" (forecast_days_in). 102 (h-lead33): a failure's cause told from its message, never by its kind alone or quoted ("the access token expired while the request was in flight (401 UNAUTHENTICATED)", never "permission was denied"; "there was an I/O error writing to the disk", never 'it reported "I/O error (EIO) writing to the disk"': answer_failure_cause_generic 21/542 on g0). 101 (int32): a pick asked from the films playing now said so ("The most popular movie currently playing is …"), never told as if from the popular list beside it (answer_lists_untold 5/1,676 on m6, teval_query_148_0-control-k3). 100: int32's 99 and h-solv32's 99 merged. 99 (h-solv32): a failed look-up counted for the films the request numbers only where the turn plans it for several (217_1's plan reads one film's details, the list gave the first three's: "getting the details of the film did not", never "of the three films"; answer_failed_task_overcounted 4/496 on g0); a later step taking an id past 2^53 the failed call's answer was to give waits on it (steps.ts argLeaves reads bigints: 144_2-env-k1's check_availability of the property the failed search was to list, once "Still to do: checking the availability."; answer_failure_waiting_told_pending 3/47 on g0 99 (h-answers32): one thing asked picked from a list answered by the pick the list supports ("The highest-rated movie is …", a tie said as one the list does not settle: answer_pick_unsaid, teval_query_231_0); a partial failure's one failure said once, in the opener ("Searching arXiv came through, but I couldn't get the ticker news: …"), never "…; getting the ticker news did not." and again after the findings (answer_failure_said_twice); a service's message said as what happened ("your message has been received and they will get back to you shortly"), never "the reply reads "…"" (answer_reply_quoted); a booked flight said as the flight it is, never the canned "Your flight is booked (booking …, transaction …)." (answer_sentence_frame_top_share). 98 (h-answers31): a distance said between the places asked about, in the user's names ("Autumnville is 630 km from Crescent Hollow.", a zip code named by the city a look-up of the turn gave it for), never "The distance is 630 km.", the most common whole statement (10 of g0's 241 trajectories: answer_sentence_frame_top_share 0.042); one tire pressure said once ("the four tires are all at 35 psi, under the 40 PSI you set", "the front tires are at 32 psi and the rear ones at 30 psi"), never "35 psi front left, 35 psi front right, 35 psi rear left and 35 psi rear right" (answer_same_value_run); stocks asked for as symbols named so (\"The stock symbols in the Technology sector are …\", the request's noun; 9 trajectories shared \"The stocks in the Technology sector are Q, Q, Q and Q.\"). 97 (h-lead30): Airbnb's look-ups said as the movie ones are ("get the reviews of property 36339325", "searching for properties in \"Tokyo\""), and steps counted after a preposition by the thing itself ("search for \"restaurant\" near the three places"), never "get the property reviews for property and search for \"restaurant\" the three nears" (teval_query_1_0-env-k1, 4 closings on l2; failureSentences.ts). 96: int29's 95 and h-solv29's 94 merged. 94: a door reading before a later lock or unlock of the same turn told in the past ("the rear left door was unlocked. I locked every door.", never "is unlocked" beside the lock that undid it: bfcl_multi_turn_base_98 95: h-lead29's 94 and h-text29's 94 merged. 94 (h-text29): the rooms an empty-room search found said of its time ("Room 103 is the only one free from 14:00 to 16:00.", never "The only room is 103.": freeRoomsSentence, 481_1); a bare "Sorry."/"I'm sorry." run into the sentence it is for ("Sorry, getting the symbol … didn't work": apologyInto; the most common whole statement across trajectories, answer_sentence_frame_top_share 0.041 on g0); a text whose lines are points ("Notes: hotel\n- 8 items reviewed\n- …") is quoted point by point ("\"Notes: hotel\" and then, point by point, \"8 items reviewed\", …"), never run into one line broken by dashes (quoteWhole; answer_points_run_together 12/1644 on g0 94: a plain-text reply of a tool whose doc returns one reference field is told as that field (asDocumentedField): Scholar's citations, now plain text as every recording is (api-simulator-137), are "The citation is …", never "I got back …" or "The answer was …" (teval_query_187_0, 225_2, 363_2 on l1). 93: h-answers28's 92 merged on h-lead28's 92, whose rule for the one film a request singles out (severalFilms) gave way to h-answers28's, which does the same for teval_query_441_0 and keeps 217_1's three (one rule, one measure: answer_singled_film_counted). 92 (h-answers28): a short route told as its directions in order ("The route is as follows: head east on Rue Saint-Dominique toward Avenue Bosquet, turn left onto Avenue Bosquet and arrive at Louvre Museum on the right."), never its directions quoted and run together as things it holds, and with no step count no response gives (answer_steps_as_things 32/1,634 on g0, teval_query_188_1-env-k4; 91's first try, "has 6 steps: …", broke answer_unsupported and answer_record_dump); a grep run to learn a function's name answered with the name ("The function in \"deploy.py\" is called \"deploy\" (the line grep found opens \"def deploy():\")."), never the line it found quoted back (answer_grep_name_unsaid 7/1,634 on g0, bfcl_multi_turn_base_33-control-k2); a finding said as itself, never after \"I found that\" (the most common statement opening, 26 of g0's 242 trajectories: answer_opening_frame_top_share 0.107), and a search as \"The search for Q came back with …\", never \"For Q, the search came back with …\"; one apology, never \"Sorry. Unfortunately, …\" (answer_apology_doubled 12/1,634 on g0, bfcl_multi_turn_base_123-env-k4); a review's timestamp said as its day (\"posted 12 October 2023\"), never quoted (answer_timestamp_quoted 10/1,634 on g0, teval_query_177_1-control-k4); the details of the one film a request singles out (\"the first movie\") never counted as for the several it lists (failureSentences.ts severalFilms: answer_singled_film_counted 5/503 on g0, teval_query_441_0-env-k2); a choice of what to show (displayCarStatus's option \"doors\") is no subject (\"For \\\"doors\\\", the driver … doors are locked\", bfcl_multi_turn_base_98). 91 (h-answers27): a stock order said as what it is ("I placed a buy order for 100 shares of TSLA at 700 a share (order 12446); it is pending."), never its status as a trailing label ("…, status Pending": answer_order_label_tail 109/1,585 on g0); a ticker's news and a forecast's days counted as news articles and daily forecasts, never search "results" (answer_records_called_results 28/1,585 on g0); a failed look-up for a film a title search found alone said by its title ("getting the reviews of \"Inception\" did not"), never as for the several films the request also counts (answer_failed_film_counted 4/493 on g0, teval_query_17_1-env-k3); a film a title search found, its title the user's own, is only its id, left out when a later call took it ("\"Chef\" has id 212778.": answer_means_told, widened, 1/1,585 on g0); a count of one said in words ("found one paper", answer_one_counted_as_digit 38/1,585 on g0) and one day's forecast as the forecast ("The forecast for San Francisco on 17 October 2023 is light rain at 14.6 °C."); T-Eval's read_file told as reading the file it names, never "getting the file" (answer_read_told_as_got 20/1,585 on g0); a film search's one film, its title not the user's, said as what the search found ("A search for \"quantum computing\" found the film … (id 78156)."), never "The id is 78156 and the title is …" (answer_record_by_field_names 7/1,585 on g0); a text the user asked to be given as well as saved is told, never left as only handed on ("I wrote the text to …" alone for "provide me with the meta information …": answer_asked_text_withheld 3/1,585 on g0, teval_query_212_0). 90: h-lead26's 87 merged on h-envbase26's 89 (h-lead26 87: a place whose address is only a town said to be "in" it ("Sparrow High School" in Bayonne); a look-up several later calls took (coordinates used by two nearby searches) told first, never between them (teval_query_285_1-env-k4, 6 closings on f56).) 89 (h-envbase26): a stock's details said as "the details of the stock" (87's "of \"ZETA\"" told a symbol only handed on: answer_means_told 5). 88 (h-envbase26): money keeps its tool's currency in keepFirstUnits (87's "2940 RMB" for a USD budget broke answer_unitless_number); a step the request asks for only on a condition the failed step was to settle told as such ("Whether to find the nearest tire shop depends on it.", never "Without it I can't go on to find the nearest tire shop." after "If it falls under 37.5 PSI, perhaps we could swing by the nearest tire shop?"; answer_conditional_as_planned 31/516 on f56). 87 (h-envbase26): a number told again keeps the unit the trajectory first told it in (keepFirstUnits: "the car cannot make the 750 km drive" after "the distance is 750 km", not "the 750-mile drive"; money keeps its tool's currency; answer_units_differ 2/1,594 on f56); the details a look-up was for said with whose they are ("Getting the details of \"OMEG\" came through", "Getting the details of the stock needs it first."), never "getting the details" of nothing (answer_details_of_nothing 26/1,594 on f56). 86: waiting steps whose ids nothing shown gives counted by the ids they take ("getting the reviews of the three movies", not "of the movie" for the top 3: answer_pending_singular 2/504 on the merged build f53, teval_query_470_0-env-k1). 85: the merged 84 and h-env25's 82 merged (h-env25: 82 (h-env25): a local throttle under other programs' load told in the past as the message says it ("it was throttled while other programs kept the disk busy"; failureSentences.ts), env-wording-10 quoting no count.) (h-lead25's and h-serper25's merged (lead25: 82: a device reading asked about by its device's state ("monitor the fuel level and battery status") told ("the battery voltage is 12.8 V"; bfcl_multi_turn_base_52, 5 closings on f52); a short list of names or codes the request asks for whole ("a comprehensive list of all available departure airports") told whole, never "23 airports, among them" three (answer_whole_list_cut, bfcl_multi_turn_base_162); a list asked by place ("from the first airport to the second one in the system's list") told by those places ("There are 23 airports; the first is \"RMS\" and the second \"SBK\"."), not its first three (bfcl_multi_turn_base_159, 194). serper25: 83 (82 in one step): an arXiv search that found nothing said as such ("A search of arXiv for \"number theory\" found no papers."), never '"number theory" reads "No good Arxiv Result was found"' (api-simulator-106's empty answers).)) 81: a drive check with no distance shown said as "check whether the car's fuel covers the distance", never a bare "make the drive" (answer_argument_as_name 2/1,536 on f47: bfcl_multi_turn_base_63-env-k9). 80: after a failure, a waiting step leaves out a number only the failed call would give ("the drive", not "the 980-mile drive" after estimate_distance failed: bfcl_multi_turn_base_63-env-k9, answer_unsupported) and says a folder nothing shown names in the request's words ("the temporary directory": base_26-env-k1, answer_failure_task_unsaid), both breaches of h-env24's build. 79: the lead's 78 and h-env24's 77 merged (h-env24 77: after a failure, a waiting step is said without a value nothing shown gives ("Adding the stock to the watchlist needs it first.", not "Adding "ZETA" …" when only the failed symbol look-up would have told ZETA; answer_failure_unshown_value 13/519 on f46), a repeated plural task is said "again", not "listing another files", and "while running get_curr_time: too many calls at once (limit 4)" is told whole, not "Resource temporarily unavailable too many calls".). 78: a flight's cost said with its flight ("A first-class flight from JFK to LAX on 10 October 2026 costs 5700 USD.", the day only when the request gives it), never a bare "The flight costs 5700 USD." leaving out the airport asked for (bfcl_multi_turn_base_181); a deed done again after other steps said there as done again ("I saved … again."), right after itself counted ("twice"), never "(2 times)" folded into its first telling (teval_query_247_0). 77: stock bars told without "over those dates" (teval_query_231_2's plan passes dates its request never gave). 76: the lead's 74 and h-sim23's 75 merged (lead 74: doors left unlocked said as "4 doors are unlocked now", never "still unlocked" after an unlock (bfcl_multi_turn_base_79). h-sim23 75 (74 was its first try, the yes/no verdict's drive left bare): a count after a search term said as what the search found ("A search for \"restaurant\" found 5 places, among them …"), never "For \"restaurant\", there are 5 places" (the term quoted as a name); a drive check said with its distance and what it went by ("cannot make the 750-mile drive on its current fuel").). 73: what a search found said four ways (SEARCH_FOUND; answer_frame_top_share_teval 0.190 on f38). 72: h-ans19's 68 merged on 71 (h-ans19 68: one linking word per answer (answer_link_repeated); a partial-failure opener names only the failed steps, the untried ones told as still to do (answer_opener_untried); a text field said of its file or as the reply, not by its name (answer_field_name_frame); a long grep line told by its sentences holding the pattern (answer_grep_lines_unsaid); a named record's address first, the rest after a semicolon (answer_address_run_on); "and 7 more", never "7 mores".) 71: h-serper22's 68 merged on 70 (h-serper22 68: a web search's results said as a person passes them on ("A search for \"q\" found 3 results: \"Title\" (link), …", webSearchSentence reading answerFacts.ts webSearchOf), never "9 search results, 4 related questions (among them <their pages' titles>) and 10 related searches"; people also ask and related searches only when asked.) 70: the lead's 68 and h-plans22's 69 merged (lead 68: a thing's availability day by day said as runs of days ("it is available every day from 1 to 10 October 2023"; availabilityPhrase.ts), never "10 availabilities; the first three: on 1 October 2023 and available true"; a list of things each with its status said as what each is ("Room 103 and Room 234 are available, and Room 971 is booked"), not its lines quoted (statusLines). h-plans22 69: (h-plans22; 68 was its first try, in the wrong place) 68: a step count told "I got through one of the five steps." before a finding told "I got back …" says the steps went through (answer_deed_run: teval_query_441_0-env-k2).) 67: a new thing's id not named by the thing just named ("I purchased the insurance; its id is …", answer_id_named_twice). 66: a person's record with Scholar's recorded "affiliations" and {title, authors} articles said as a sentence about them, an article's authors when asked ("\"A\" (J Smith, CP Schmidt)"). 65: h-ans18's 62 merged on the lead's 64 (62 (h-ans18): a file's one last line said as one ("The last line of "a.txt" reads …"), a trading account as "Your account 12345 has a balance of …", not "Account details: …"; a diff told as what it found (""a" and "b" do not differ"), an empty text as not recorded, never "an empty text"; a listing before a move said of the directory it was ("the directory I started in held …", not "… I was in then held …"); an author with the title, a quoted summary last; failure causes in the past ("the service was temporarily unavailable").). 64: a failed check's reason said in its verdict ("No, the verification was not successful: \"Passport must be issued by the United States.\""), never "The verification failure is …" after it (answer_field_dump, bfcl_multi_turn_base_154). 63: h-env9's 62 and h-filt21's 62 merged. 62 (h-env9): a yes taken from a listed record ("Yes, the first room listed, \"101\", is free.") is followed by the rest of the list, not the whole list again (answer_verdict_list_restated); 62 (h-filt21): a list asked for in a genre its tool cannot filter by says it is not limited to that genre (askedItems.ts unfilterableGenre). 61: partial-failure openers say the failed task did not work ("X worked; Y did not."), never "still to do: Y" before telling Y as failed (pipeline/partialOpeners.ts).
    run: (input, rng) => ({ answer: keepFirstUnits(offlineAnswer(input, rng), (input.earlier ?? []).map((e) => e.answer), [...(input.earlier ?? []).map((e) => e.request), input.request]) }) },
};
