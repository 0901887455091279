/**
 * Does a closing answer say what was asked, and say it against what the user said (answer-writer-52)?
 * Three ways it did not: a check answered by the API's own flag where the user set the number
 * ("Yes, the tire pressure is healthy. The tires are at 35 psi …" under "If it falls under 37.5 PSI, …"),
 * a value looked up only to be handed to a later call told as news ("The zipcode of Stonebrook is
 * "74532"." after the distance), and a record's fields told where the request named one ("QUAS is at
 * 725.89, down 0.03%, with a trading volume of 1.789; its 5-day moving average is …" for "the current price").
 */
import { isPlainObject } from '../../errors/values.js';
import { callChangesState } from '../../errors/sideEffects.js';
import { isErrorResponse } from '../../errors/responses.js';
import { parseToolResponse } from '../../prompts/parseAction.js';
import { askedFieldWord, pressureFloor, requestUsesKey } from '../../answerFacts.js';
import { keyAsWords } from '../grammar.js';
import type { CaseMeasure } from '../types.js';
import { answeredTurns, type AnsweredTurn } from './answers.js';

const GOOD_STATE = /\b(?:healthy|in check|fine|okay|in good shape|normal|sufficient|adequate)\b|^Yes\b/i;

/** A pressure check told as fine ("healthy", "Yes, …") while a tire the answer gives is under the floor the user set, and the answer never weighs it against that floor. */
export function thresholdContradicted(turn: Pick<AnsweredTurn, 'answer' | 'request'>): string | undefined {
  const floor = pressureFloor(turn.request);
  if (floor === undefined || !GOOD_STATE.test(turn.answer)) return undefined;
  const readings = [...turn.answer.matchAll(/(\d+(?:\.\d+)?)\s*psi\b/gi)].map((m) => Number(m[1])).filter((n) => n !== floor);
  const low = readings.filter((n) => n < floor);
  if (low.length === 0) return undefined;
  // Told against the user's number ("all four are under your 37.5 psi threshold") the answer is honest.
  if (new RegExp(`\\b(?:under|below|less than|short of)\\b[^.]*\\b${String(floor).replace('.', '\\.')}(?:\\.0)?\\s*psi`, 'i').test(turn.answer)) return undefined;
  return `says "${GOOD_STATE.exec(turn.answer)![0]}" with ${low[0]} psi under the user's ${floor} PSI`;
}

export const answerThresholdContradicted: CaseMeasure = {
  kind: 'case',
  id: 'answer_threshold_contradicted',
  group: 'text',
  title: 'closing answer says a check passed (healthy, in check, "Yes") where the number the user set says otherwise ("Yes, the tire pressure is healthy. The tires are at 35 psi …" under "If it falls under 37.5 PSI, …")',
  population: 'cases that show or ask for a closing answer',
  check(tc) {
    const turns = answeredTurns(tc);
    if (turns.length === 0) return undefined;
    for (const t of turns) {
      const hit = thresholdContradicted(t);
      if (hit) return `${hit} in "${t.answer.slice(0, 110)}"`;
    }
    return null;
  },
};

/**
 * A value a look-up gave only to be handed to a later call, told in the answer though the request did
 * not ask for it: a zip code, a nearest airport, a symbol ({"zipcode": "74532"} then estimate_distance
 * with it). A turn with that look-up alone is answered by it and is not counted.
 */
export function meansTold(turn: AnsweredTurn): string | undefined {
  const calls = turn.calls.map((c) => ({ c, v: parseToolResponse(c.response) }));
  for (const [i, { c, v }] of calls.entries()) {
    if (callChangesState(c.name) || !isPlainObject(v)) continue;
    // A title search's one film ({"id": 212778, "title": "Chef"} for "the movie titled 'Chef'") gives only its id: the title is the user's.
    const given = (k: string, x: unknown) => /^(?:title|name)$/i.test(k) && typeof x === 'string' && x.trim() !== '' && turn.request.toLowerCase().includes(x.trim().toLowerCase());
    const entries = Object.entries(v).filter(([k, x]) => !given(k, x));
    if (entries.length !== 1) continue;
    const [key, value] = entries[0];
    const isId = /(?:^|_)id$/i.test(key);
    if (!((typeof value === 'string' && value.length >= 2) || (isId && typeof value === 'number'))) continue;
    const text = String(value);
    if (requestUsesKey(key, turn.request) || askedFieldWord(key, turn.request) || (/(?:^|_)id$/i.test(key) && /\b(?:ids?|identifiers?)\b/i.test(turn.request)) || (/zip_?code/i.test(key) && /\bzip ?codes?\b|\bpostal codes?\b/i.test(turn.request)) || turn.request.includes(text)) continue;
    const usedLater = calls.slice(i + 1).some(({ c: t, v: r }) => !isErrorResponse({ content: t.response }) && typeof r === 'object' && r !== null && isPlainObject(t.args) && Object.values(t.args).some((a) => a === value || (Array.isArray(a) && a.includes(value))));
    if (!usedLater) continue;
    // Told as a finding of its own: a sentence that names the field ("The zipcode of Stonebrook is "74532"",
    // ""Zeta Corp" trades under the symbol ZETA"), not the later deed that used it ("I removed ZETA from the watchlist").
    const words = [...keyAsWords(key).toLowerCase().split(' ').filter((w) => w.length >= 4).map((w) => (w === 'zipcode' ? 'zip ?code' : w)), ...(isId ? ['id\\b'] : [])];
    const said = new RegExp(`(?<![\\w.])${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w])`);
    // Clauses joined by ", but" are told apart: "Getting the symbol came through, but my attempt to place the order for "ZETA"
    // failed" names the symbol's look-up and the failed deed that took it, not the symbol as a finding (answer-writer-99's openers).
    const named = turn.answer.split(/(?<=[.!?])\s+(?=[A-Z"])|, but (?=[a-z])/).find((t) => said.test(t) && words.some((w) => new RegExp(`\\b${w}`, 'i').test(t)));
    if (named) return `${key} "${text}" (only handed to a later call) told: "${named.slice(0, 80)}"`;
  }
  return undefined;
}

export const answerMeansTold: CaseMeasure = {
  kind: 'case',
  id: 'answer_means_told',
  group: 'text',
  title: 'closing answer tells a value looked up only to be handed to a later call, which the user did not ask for ("The distance is 880 km. The zipcode of San Francisco is "94016". The zipcode of Stonebrook is "74532".")',
  population: 'cases that show or ask for a closing answer',
  check(tc) {
    const turns = answeredTurns(tc);
    if (turns.length === 0) return undefined;
    for (const t of turns) {
      const hit = meansTold(t);
      if (hit) return `${hit} in "${t.answer.slice(0, 110)}"`;
    }
    return null;
  },
};

/** A number as an answer may write it: 1.789, 0.03 for -0.03, 728 for 728.0. */
const told = (answer: string, n: number) => [String(n), String(Math.abs(n))].some((t) => new RegExp(`(?<![\\w.])${t.replace('.', '\\.')}(?![\\d])`).test(answer));

/**
 * A record of four or more numbers where the request names exactly one of its fields ("the current
 * price"), and the answer tells three or more of the others (volume, change, moving averages).
 */
export function unaskedFields(turn: AnsweredTurn): string | undefined {
  if (/\b(?:details?|info(?:rmation)?|stats?|statistics|overview|everything|all|metrics|data|performance|doing)\b/i.test(turn.request.replace(/\binform me\b/gi, ''))) return undefined;
  for (const c of turn.calls) {
    if (callChangesState(c.name)) continue;
    const v = parseToolResponse(c.response);
    if (!isPlainObject(v)) continue;
    const nums = Object.entries(v).filter((e): e is [string, number] => typeof e[1] === 'number');
    if (nums.length < 4) continue;
    const asked = nums.filter(([k]) => requestUsesKey(k, turn.request));
    if (asked.length !== 1) continue;
    const others = nums.filter(([k, n]) => k !== asked[0][0] && n !== asked[0][1] && told(turn.answer, n));
    if (others.length >= 3) return `asked ${asked[0][0]}, told ${others.map(([k]) => k).join(', ')}`;
  }
  return undefined;
}

export const answerUnaskedFields: CaseMeasure = {
  kind: 'case',
  id: 'answer_unasked_fields',
  group: 'text',
  title: 'closing answer to a request that names one field of a record tells three or more of its other fields ("the current price of \'Quasar Ltd.\'" -> "QUAS is at 725.89, down 0.03%, with a trading volume of 1.789; its 5-day moving average is 726.45 and its 20-day 728.")',
  population: 'cases that show or ask for a closing answer',
  check(tc) {
    const turns = answeredTurns(tc);
    if (turns.length === 0) return undefined;
    for (const t of turns) {
      const hit = unaskedFields(t);
      if (hit) return `${hit} in "${t.answer.slice(0, 110)}"`;
    }
    return null;
  },
};

export const ANSWER_ASKED_MEASURES = [answerThresholdContradicted, answerMeansTold, answerUnaskedFields];
