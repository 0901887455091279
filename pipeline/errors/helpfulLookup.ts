/**
 * A "wrong tool" that is a lookup whose answer gives a value the correct call takes and nothing
 * before showed: get_nearest_airport_by_city("San Francisco") answering "SFO" while
 * get_flight_cost(travel_from="SFO") is due. A careful model calls it to learn the code; a case
 * asking it to find an error there misleads.
 */
import type { Action } from '../schemas.js';
import { changesNothing } from '../steps.js';
import { valueShownIn } from '../quality/grounding.js';
import { isPlainObject } from './values.js';
import { toJson } from '../pyValues.js';

function leaves(args: unknown, key = '', out: { key: string; value: string | number }[] = []): { key: string; value: string | number }[] {
  if (typeof args === 'string' && args.trim().length >= 2) out.push({ key, value: args.trim() });
  // Small numbers turn up in any answer by chance (a count of 2, an amount of 10).
  else if (typeof args === 'number' && Math.abs(args) >= 100) out.push({ key, value: args });
  else if (Array.isArray(args)) args.forEach((a) => leaves(a, key, out));
  else if (isPlainObject(args)) Object.entries(args).forEach(([k, v]) => leaves(v, k, out));
  return out;
}

/** The correct call's value the lookup's answer gives first ("travel_from=\"SFO\""), or undefined. */
export function helpfulLookup(correct: Pick<Action, 'args'>, erroneous: Pick<Action, 'name' | 'args'>, response: string, shownBefore: string): string | undefined {
  if (!changesNothing(erroneous.name) || !response) return undefined;
  // A value the wrong call passes itself and its answer echoes was not learned from the answer.
  const passed = toJson(erroneous.args) ?? '';
  for (const { key, value } of leaves(correct.args)) {
    if (!valueShownIn(value, shownBefore) && !valueShownIn(value, passed) && valueShownIn(value, response)) return `${key}=${toJson(value)}`;
  }
  return undefined;
}
