/**
 * - simulated_station_name_made_up: a simulated nearby search for gas (petrol, fuel) or charging
 *   stations lists one by a name no station carries: a brand and a drawn word ("Mobil Cedar",
 *   "Chevron Rosemary", "BP Magnolia Fuel Stop") or no brand at all ("Pearl Gas & Go"): a station's
 *   sign is its brand's, and a map names it so ("Shell", "Exxon", "Gulf Gas Station", as T-Eval's own
 *   runs found them: teval_query_277_0, 322_0), a street or corner after it at most ("Shell - West
 *   44th Street"). Names the task's own plan writes are its run's and pass.
 */
import type { CaseMeasure } from '../types.js';
import { planArgStrings, simulatedDefectAmong } from '../evidence.js';
import { parseToolResponse } from '../../prompts/parseAction.js';
import { isPlainObject } from '../../errors/values.js';
import { searchPhrase } from './simulatedPlaces.js';
import { FUEL_BRANDS } from '../fuelBrands.js';

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** What may follow a brand on a station's sign or map entry. */
const SIGN_TAIL = String.raw`(?:\s+(?:gas(?:\s+station)?|petrol(?:\s+station)?|fuel(?:\s+station)?|service\s+station|station|food\s+mart|mart|express|travel\s+(?:center|plaza)|supercharger|recharge|charging(?:\s+station)?|fast\s+charging))?`;
/** A street or corner after the brand: "- West 44th Street", "on Pike Street", "at 10th Ave & 42nd St", "(Broadway)". */
const WHERE = String.raw`(?:\s*(?:[-–—,]|\bon\b|\bat\b)\s*[\p{L}\p{N} .'&/-]+|\s*\([^)]*\))?`;
const STATION_NAME = new RegExp(`^(?:${FUEL_BRANDS.map(esc).join('|')})${SIGN_TAIL}${WHERE}$`, 'iu');
/** Search phrases asking for fuel or charging stations. */
const STATION_SEARCH = /\b(?:gas|petrol|fuel|filling|charging|ev charg\w*)\b|\bgas(?:oline)?\s+stations?\b/i;

/** Whether a station's name is one a sign or a map carries: a brand, its kind words, a street or corner at most. */
export function isStationName(name: string): boolean {
  return STATION_NAME.test(name.trim());
}

/** A simulated nearby search for stations listing one by a name no station carries; null when every name is a brand's; undefined for another answer. */
export function stationNameMadeUp(action: { name: string; args: unknown }, response: string, written: readonly string[] = []): string | null | undefined {
  if (!/nearby|places?\b|poi/i.test(action.name)) return undefined;
  const phrase = searchPhrase(action.args);
  if (!phrase || !STATION_SEARCH.test(phrase)) return undefined;
  const value = parseToolResponse(response);
  const list = isPlainObject(value) ? Object.values(value).find((v) => Array.isArray(v) && v.some((r) => isPlainObject(r) && typeof r.name === 'string')) : undefined;
  const names = Array.isArray(list) ? list.filter((r) => isPlainObject(r) && typeof r.name === 'string').map((r) => String((r as { name: string }).name)) : [];
  if (!names.length) return undefined;
  const bad = names.filter((n) => !isStationName(n) && !written.some((w) => w.toLowerCase().includes(n.trim().toLowerCase())));
  return bad.length ? `${bad.map((n) => `"${n}"`).join(', ')} listed as ${phrase}: no brand's sign reads so` : null;
}

export const simulatedStationNameMadeUp: CaseMeasure = {
  kind: 'case',
  id: 'simulated_station_name_made_up',
  group: 'text',
  title: 'a simulated nearby search for gas or charging stations lists one by a brand and a drawn word or by no brand at all ("Mobil Cedar", "BP Magnolia Fuel Stop", "Pearl Gas & Go"), where stations are named by their brand ("Shell", "Exxon", "Gulf Gas Station"), a street at most',
  population: 'cases showing a simulated nearby-search answer listing named places for a gas, petrol, fuel or charging station search',
  check: (tc, ctx) => {
    const written = planArgStrings(tc, ctx);
    return simulatedDefectAmong(tc, ctx, (step) => stationNameMadeUp(step.action, step.response!.content, written));
  },
};

export const SIMULATED_STATION_MEASURES: CaseMeasure[] = [simulatedStationNameMadeUp];
