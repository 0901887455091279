/**
 * A long drive on a road the route never names. A routing API names every road it sends a driver
 * down ("I-95 S", "the A1"); "Continue on the highway for 4480.5 km" from New York to Los Angeles is
 * no direction anyone could follow, and reads as the canned filler it is.
 */
import type { CaseMeasure } from '../types.js';
import { simulatedDefectAmong } from '../evidence.js';
import { routeLegs } from './simulatedGeo.js';

/** A road named by its kind only, not its number or name. */
const UNNAMED_ROAD = /^the (?:highway|expressway|motorway|freeway|interstate|main road)$/i;

/**
 * Shortest leg judged: a few kilometres of "the ring road" in a town nothing names are left alone, but a drive
 * across a wide town takes named freeways too ("Continue on the highway for 23.7 km" from Griffith Park to the
 * Santa Monica Pier, teval_query_314_1, passed the 50 km this floor was until h-geo32).
 */
export const LONG_LEG_KM = 10;

export function routeRoadUnnamed(action: { name: string; args: unknown }, response: string): string | null | undefined {
  const route = routeLegs(action, response);
  if (!route) return undefined;
  let judged = false;
  for (const leg of route.legs) {
    const m = /\bContinue on (.+?) for ([\d.]+) km\s*$/i.exec(leg);
    if (!m || Number(m[2]) < LONG_LEG_KM) continue;
    judged = true;
    if (UNNAMED_ROAD.test(m[1].trim())) return `"${leg}" from "${route.from}" to "${route.to}": ${m[2]} km on a road it never names`;
  }
  return judged ? null : undefined;
}

export const simulatedRouteRoadUnnamed: CaseMeasure = {
  kind: 'case',
  id: 'simulated_route_road_unnamed',
  group: 'text',
  title: `a simulated route drives ${LONG_LEG_KM} km or more on a road it never names ("Continue on the highway for 4480.5 km" from New York to Los Angeles, "for 23.7 km" from Griffith Park to the Santa Monica Pier), where a routing API names each road ("Continue on I-70 W", "US-101 S")`,
  population: `cases showing a simulated route answer with a leg of ${LONG_LEG_KM} km or more`,
  check: (tc, ctx) => simulatedDefectAmong(tc, ctx, (step) => routeRoadUnnamed(step.action, step.response!.content)),
};

export const SIMULATED_ROUTE_ROAD_NAME_MEASURES: CaseMeasure[] = [simulatedRouteRoadUnnamed];
