/**
 * A "wrong" value that is the right one written another way: "2026/11/15" for 2026-11-15, "17.00"
 * for 17:00, "2:00 PM" for 14:00. Where the API refuses the form (T-Eval's ReserveMeeting: "Time
 * should be in xx:xx format."), the case is a real value error with one right next step, the call
 * redone in the form the doc states. Where the API takes it and answers as it would the right value
 * (BFCL's get_flight_cost reads the digits of a date), nothing went wrong: going on is as right as
 * redoing the call, so the case has no one right answer.
 */
import type { Action } from '../schemas.js';
import { isPlainObject, sameValue } from './values.js';
import { isErrorResponse } from './responses.js';

/** "2:00 PM" as "1400"; undefined for a value that is no 12-hour clock time. */
function twentyFourHour(v: string): string | undefined {
  const m = /^\s*(\d{1,2})(?:[:.](\d{2}))?\s*([AaPp])\.?\s*[Mm]\.?\s*$/.exec(v);
  if (!m) return undefined;
  const h = (Number(m[1]) % 12) + (m[3].toLowerCase() === 'p' ? 12 : 0);
  return `${String(h).padStart(2, '0')}${m[2] ?? '00'}`;
}

const digits = (v: string): string => v.replace(/\D/g, '');

/** Whether `wrong` is `right` (a date, a time, a number in digits and separators) in another form. */
export function sameValueOtherForm(wrong: unknown, right: unknown): boolean {
  if (typeof wrong !== 'string' || typeof right !== 'string' || wrong.trim() === right.trim()) return false;
  // The right value is digits and separators only ("2026-11-15", "17:00"), not a name or a sentence.
  if (!/^[\d\W]+$/.test(right) || !/\d/.test(right)) return false;
  if (/^[\d\W]+$/.test(wrong) && digits(wrong) === digits(right)) return true;
  const clock = twentyFourHour(wrong);
  return clock !== undefined && /^\d{1,2}:\d{2}$/.test(right.trim()) && digits(right).padStart(4, '0') === clock;
}

/**
 * How the wrong call differs from the correct one only in the form of its values (`travel_date
 * "2026/11/15" for "2026-11-15"`), or undefined when it differs in a value, a key or the tool.
 */
export function formatSlip(correct: Action, wrong: Action): string | undefined {
  const c = correct.args;
  const w = wrong.args;
  if (correct.name !== wrong.name || !isPlainObject(c) || !isPlainObject(w)) return undefined;
  const keys = [...new Set([...Object.keys(c), ...Object.keys(w)])];
  const differing = keys.filter((k) => !sameValue(c[k], w[k]));
  if (differing.length === 0) return undefined;
  if (!differing.every((k) => sameValueOtherForm(w[k], c[k]))) return undefined;
  return differing.map((k) => `${k} ${JSON.stringify(w[k])} is ${JSON.stringify(c[k])} written another way`).join(', ');
}

/** An answer that refuses the call: an error, the API's own word on the form ("Time should be in xx:xx format."), or Bing's 404 body for a waypoint it cannot place. */
export function refusesCall(content: string): boolean {
  return isErrorResponse({ content }) || /\bshould be in\b[^.]{0,40}\bformat\b|\binvalid (?:format|value|date|time)\b|["']statusCode["']:\s*4\d\d\b/i.test(content);
}
