/**
 * Can a model say the calendar date a ground-truth call takes? Either the case shows that date in
 * some form ("2023-10-19", "October 19", "10/19/2023"), or it shows some date to count from, so that
 * "tomorrow" or "next Friday" resolves. T-Eval plans put "2023-10-19" for "starting from tomorrow"
 * where nothing in the case says what today is: no model can get that date, and a case built on it
 * scores guessing. Tool docs are not read for this: a doc's example date ("e.g. 2023-10-01") is no today.
 */
import type { Action, ChatMessage } from '../schemas.js';
import { shownAction } from './grounding.js';

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const ISO = /\b(\d{4})-(\d{1,2})-(\d{1,2})\b/g;
const MONTH = '(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\\.?';
const MONTH_WORD = new RegExp(`\\b${MONTH}\\s+(?:the\\s+)?(\\d{1,2})(?:st|nd|rd|th)?\\b|\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:day\\s+)?(?:of\\s+)?${MONTH}`, 'gi');
const NUMERIC = /\b(\d{1,2})[/.](\d{1,2})(?:[/.](\d{2,4}))?\b(?![/.]\d)|\b(\d{4})\/(\d{1,2})\/(\d{1,2})\b/g;

/** Every (month, day) a text states, in any of the forms people write dates in. */
function datesIn(text: string): { month: number; day: number }[] {
  const out: { month: number; day: number }[] = [];
  for (const m of text.matchAll(ISO)) out.push({ month: Number(m[2]), day: Number(m[3]) });
  for (const m of text.matchAll(MONTH_WORD)) {
    const name = (m[1] ?? m[4]).toLowerCase();
    out.push({ month: MONTHS.findIndex((x) => x.startsWith(name)) + 1, day: Number(m[2] ?? m[3]) });
  }
  for (const m of text.matchAll(NUMERIC)) {
    if (m[4]) out.push({ month: Number(m[5]), day: Number(m[6]) });
    // 10/19/2023 and 19.10.2023 both occur: either reading counts.
    else out.push({ month: Number(m[1]), day: Number(m[2]) }, { month: Number(m[2]), day: Number(m[1]) });
  }
  return out.filter((d) => d.month >= 1 && d.month <= 12 && d.day >= 1 && d.day <= 31);
}

/** Does `text` state the ISO date `iso` ("2023-10-01") in some form ("October 1, 2023", "10/1/2023"), its year written too? */
export function isoDateStated(iso: string, text: string): boolean {
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(iso.trim());
  if (!m || !text.includes(m[1])) return false;
  return datesIn(text).some((d) => d.month === Number(m[2]) && d.day === Number(m[3]));
}

/** The calendar dates an action's arguments take (a value that is, or starts with, an ISO date). */
export function argumentDates(action: Action): { key: string; value: string; month: number; day: number }[] {
  if (!action.args || typeof action.args !== 'object') return [];
  const out: { key: string; value: string; month: number; day: number }[] = [];
  for (const [key, v] of Object.entries(action.args)) {
    if (typeof v !== 'string') continue;
    const m = /^\s*(\d{4})-(\d{1,2})-(\d{1,2})(?:$|[T\s])/.exec(v);
    if (m) out.push({ key, value: v.trim(), month: Number(m[2]), day: Number(m[3]) });
  }
  return out;
}

/** A short answer that states the current date or time ({"time": "2023-10-17 09:00"}, {"date": …}). */
function isClockAnswer(content: string): boolean {
  return content.length < 200 && /["'](?:time|date|today|now|current[_ ]?(?:time|date))["']\s*:/i.test(content);
}

/** What a case shows a model to work dates out from: its user turns, its calls and their answers. */
export function dateContext(messages: ChatMessage[]): string {
  return messages.filter((m) => m.role !== 'system').map((m) => m.content).join('\n');
}

/**
 * The ground-truth dates a model cannot work out: neither shown in any form nor countable from
 * another date the case shows. Empty when every date is derivable.
 */
export function unanchoredDates(testCase: { messages: ChatMessage[]; groundTruth: Action | [Action, Action]; errorType?: string }): { action: string; key: string; value: string }[] {
  // An injected wrong call's date is a wrong value: it shows no date to count from.
  const actions = Array.isArray(testCase.groundTruth) ? testCase.groundTruth : [testCase.groundTruth];
  const dated = actions.map((action) => ({ action, dates: argumentDates(action) }));
  // Most calls take no date: the case's texts are scanned for dates only when one does.
  if (dated.every((a) => a.dates.length === 0)) return [];
  const last = testCase.errorType ? testCase.messages.map((m) => m.role).lastIndexOf('assistant') : -1;
  const messages = testCase.messages.filter((_, i) => i !== last);
  const shown = datesIn(dateContext(messages));
  // What says what day it is: the user, or a clock's answer. A review's or a film's date is no today.
  const anchors = datesIn(messages.filter((m) => m.role === 'user' || (m.role === 'function' && isClockAnswer(m.content))).map((m) => m.content).join('\n'));
  const out: { action: string; key: string; value: string }[] = [];
  for (const { action, dates } of dated) {
    for (const d of dates) {
      if (shown.some((s) => s.month === d.month && s.day === d.day)) continue;
      // Some other date to count from ("tomorrow", "next Friday", "the day after").
      if (anchors.length > 0) continue;
      out.push({ action: action.name, key: d.key, value: d.value });
    }
  }
  return out;
}

/**
 * The first call the case shows before `historyEnd` passing a date nothing before it shows in any form
 * or lets a model count (no date the user or a clock gives): T-Eval's plan checks availability on
 * "2023-11-15" for "a trip to New York next month … for my travel dates" (teval_query_5_1) and
 * "2023-10-25" for "available for the next week" (172_0), with no today anywhere. The history then shows
 * the assistant making a date up, and every later step copying it builds on that guess.
 */
export function unanchoredHistoryDate(messages: ChatMessage[], historyEnd = messages.length): { action: string; key: string; value: string } | undefined {
  for (let i = 0; i < Math.min(historyEnd, messages.length); i++) {
    if (messages[i].role !== 'assistant') continue;
    const action = shownAction(messages[i].content);
    if (!action || argumentDates(action).length === 0) continue;
    // A date the user put in words with its year ("the 15th of the year 2026's eleventh month", "the last day of
    // October 2026", BFCL 152 and 194) is worked out, not made up: only a year nobody gave marks a guess.
    const before = dateContext(messages.slice(0, i));
    const missing = unanchoredDates({ messages: messages.slice(0, i), groundTruth: action }).filter((u) => !new RegExp(`\\b${u.value.slice(0, 4)}\\b`).test(before));
    if (missing.length) return missing[0];
  }
  return undefined;
}
