/**
 * T-Eval plans pass calendar dates the request never gives: check_availability(date="2023-11-15") for "a trip to
 * New York next month … for my travel dates" (teval_query_5_1), get_property_checkout_price(checkIn="2023-11-20",
 * checkOut="2023-11-27") for "a stay for the next week" (136_2), with no today anywhere. Every case past that step
 * shows the assistant making a date up (quality/dates.ts unanchoredHistoryDate). Turning those plans down left
 * only recordings listing many availability days, so the request states the dates its plan uses instead: the user
 * who says "my travel dates" has them, and saying them makes the shown calls the request's own.
 */
import type { Action } from '../../pipeline/schemas.js';
import { argumentDates, unanchoredDates } from '../../pipeline/quality/dates.js';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

function spoken(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  return `${MONTHS[m - 1]} ${d}, ${y}`;
}

/** "November 15 to November 20, 2023" (one year), "December 30, 2023 to January 2, 2024" (two). */
function span(from: string, to: string): string {
  if (from.slice(0, 4) !== to.slice(0, 4)) return `${spoken(from)} to ${spoken(to)}`;
  return `${spoken(from).replace(/, \d{4}$/, '')} to ${spoken(to)}`;
}

// Each reads on its own wherever it lands: its "That would be" only where it follows the sentence speaking of the dates.
const RANGE = ['My dates are {span}.', 'The dates I have in mind are {span}.', 'That would be {span}.'];
const SINGLE = ['The date I have in mind is {day}.', 'That would be {day}.'];

// Where a request speaks of its dates, most telling first: "my travel dates", then "next week", then a stay.
const DATE_TALK = [/\bdates?\b/i, /\b(?:next|this|coming)\s+(?:week|month|weekend|few days|\w+ days)\b|\btomorrow\b/i, /\b(?:stay|trip|available|availability)\b/i];

/** The request with the sentence put right after the first sentence that speaks of its dates (else at the end). */
export function withStatedDates(request: string, sentence: string): string {
  const text = request.trimEnd();
  const sentences = text.match(/[^.!?]+(?:[.!?]+|$)/g) ?? [text];
  for (const talk of DATE_TALK) {
    const at = sentences.findIndex((x) => talk.test(x));
    if (at < 0) continue;
    const head = sentences.slice(0, at + 1).join('').trimEnd();
    const tail = sentences.slice(at + 1).join('').trim();
    return tail ? `${head} ${sentence} ${tail}` : `${head} ${sentence}`;
  }
  return `${text} ${sentence}`;
}

/** A small stable pick from the record id: the same record always reads the same, records differ. */
function pick<T>(list: T[], seed: string): T {
  let h = 0;
  for (const c of seed) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return list[h % list.length];
}

/**
 * The sentence a request gets when its plan's first dated call passes a date nothing before it shows or lets a
 * model count: the plan's dates from first to last (the ones between are counted from those). Undefined where
 * the request or an answer before that call already gives a date.
 */
export function statedDatesSentence(said: string, steps: { action: Action; response?: { content: string } }[], seed: string): string | undefined {
  const first = steps.findIndex((s) => argumentDates(s.action).length > 0);
  if (first < 0) return undefined;
  const messages = [
    { role: 'user' as const, content: said },
    ...steps.slice(0, first).flatMap((s) => (s.response ? [{ role: 'function' as const, content: s.response.content }] : [])),
  ];
  if (unanchoredDates({ messages, groundTruth: steps[first].action }).length === 0) return undefined;
  const days = [...new Set(steps.flatMap((s) => argumentDates(s.action).map((d) => d.value.slice(0, 10))))]
    .filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d))
    .sort();
  if (days.length === 0) return undefined;
  if (days.length === 1) return pick(SINGLE, seed).replace('{day}', spoken(days[0]));
  return pick(RANGE, seed).replace('{span}', span(days[0], days[days.length - 1]));
}
