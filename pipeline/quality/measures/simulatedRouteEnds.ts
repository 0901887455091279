/**
 * Where a simulated route sets off and where it arrives, read as a driver reads the directions:
 *
 * - simulated_route_heads_away: a drive between towns (ends 30 km and more apart) whose streets
 *   before the highway head away from the destination: from "350 5th Ave, New York, NY" to Cupertino,
 *   "Start on 5th Ave heading southwest", "At the light, turn left onto West 23rd Street" (east),
 *   "At the light, turn left onto Madison Avenue" (north), then the highway west (teval_query_269_0);
 *   from Cupertino to Washington, "head northwest". Headings are read from the legs themselves: the
 *   first leg's compass word, then each turn (left or right a quarter turn, bear an eighth).
 * - simulated_route_arrives_off_street: a route whose end has a street address (the call's own, or the
 *   one an answer the case shows gives the place it drives to) arriving on another street: "Turn right
 *   onto Eighth Avenue", "Arrive at Hotel Mela Times Square" for the hotel at "120 W 44th St"
 *   (teval_query_266_0). Abbreviations are read as written in full (W → West, St → Street, 5th Ave → Fifth Avenue).
 */
import type { CaseMeasure, QualityContext } from '../types.js';
import type { TestCase } from '../../schemas.js';
import { parseToolResponse } from '../../prompts/parseAction.js';
import { isPlainObject } from '../../errors/values.js';
import { simulatedDefectAmong } from '../evidence.js';
import { exactSpot, locate, TRIP_END, TRIP_START } from '../../resolution/trips.js';
import { routeLegs } from './simulatedGeo.js';

const COMPASS: Record<string, number> = { north: 0, northeast: 45, east: 90, southeast: 135, south: 180, southwest: 225, west: 270, northwest: 315 };

/** The great-circle bearing from one point to another, in degrees from north. */
export function bearingDeg(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const r = Math.PI / 180;
  const y = Math.sin((b.lon - a.lon) * r) * Math.cos(b.lat * r);
  const x = Math.cos(a.lat * r) * Math.sin(b.lat * r) - Math.sin(a.lat * r) * Math.cos(b.lat * r) * Math.cos((b.lon - a.lon) * r);
  return ((Math.atan2(y, x) / r) % 360 + 360) % 360;
}

const angleBetween = (x: number, y: number) => Math.abs((((x - y) % 360) + 540) % 360 - 180);


/** How far off the destination's bearing a leg may head before it heads away: beyond a right angle by more than half a compass step. */
const AWAY_DEG = 112.5;
const INTERCITY_KM = 30;

export function routeHeadsAway(action: { name: string; args: unknown }, response: string): string | null | undefined {
  const route = routeLegs(action, response);
  if (!route) return undefined;
  const { legs, from, to, lonFirst } = route;
  const [a, b] = [exactSpot(from, lonFirst) ?? locate(from, lonFirst), exactSpot(to, lonFirst) ?? locate(to, lonFirst)];
  if (!a || !b) return undefined;
  const r = Math.PI / 180;
  const km = 6371 * Math.acos(Math.min(1, Math.sin(a.lat * r) * Math.sin(b.lat * r) + Math.cos(a.lat * r) * Math.cos(b.lat * r) * Math.cos((b.lon - a.lon) * r)));
  if (km < INTERCITY_KM) return undefined;
  const first = /\b(?:heading|[Hh]ead)\s+(north|south|east|west)(east|west)?\b/.exec(legs[0]);
  if (!first) return undefined;
  const bearing = bearingDeg(a, b);
  let heading = COMPASS[first.slice(1).filter(Boolean).join('')];
  for (let i = 0; i < legs.length; i++) {
    const leg = legs[i];
    // The town's streets end where the road begins.
    if (/\bramp\b|\bContinue on\b|\bafter [\d.]+ km\b|\bturn onto (?:the )?(?:highway|expressway|[A-Z]{1,3}-\d)/i.test(leg)) break;
    if (i > 0) {
      const turn = /\b(turn|bear|keep)\s+(left|right)\b/i.exec(leg);
      if (turn) heading = (heading + (turn[2].toLowerCase() === 'left' ? -1 : 1) * (turn[1].toLowerCase() === 'turn' ? 90 : 45) + 360) % 360;
    }
    if (angleBetween(heading, bearing) > AWAY_DEG) return `"${leg}" heads ${Object.entries(COMPASS).find(([, d]) => d === heading)?.[0] ?? `${heading}°`} on a drive to "${to}", which lies ${Math.round(bearing)}° (${Math.round(km)} km)`;
  }
  return null;
}

export const simulatedRouteHeadsAway: CaseMeasure = {
  kind: 'case',
  id: 'simulated_route_heads_away',
  group: 'text',
  title: 'a simulated drive between towns (ends 30 km and more apart) whose streets before the highway head away from the destination, more than 112.5° off its bearing: from 350 5th Ave to Cupertino "turn left onto West 23rd Street" (east), from Cupertino to Washington "head northwest"',
  population: 'cases showing a simulated route answer between located ends 30 km and more apart whose first leg says a heading',
  check: (tc, ctx) => simulatedDefectAmong(tc, ctx, (step) => routeHeadsAway(step.action, step.response!.content)),
};

const ORDINAL_WORDS: Record<string, string> = { first: '1st', second: '2nd', third: '3rd', fourth: '4th', fifth: '5th', sixth: '6th', seventh: '7th', eighth: '8th', ninth: '9th', tenth: '10th', eleventh: '11th', twelfth: '12th' };
const ABBREVIATIONS: Record<string, string> = { w: 'west', e: 'east', n: 'north', s: 'south', st: 'street', ave: 'avenue', av: 'avenue', blvd: 'boulevard', rd: 'road', dr: 'drive', ln: 'lane', pl: 'place', pkwy: 'parkway', hwy: 'highway', sq: 'square', ct: 'court' };

/** A street's name as words in full, for comparing two writings ("W 44th St" and "West 44th Street", "5th Ave" and "Fifth Avenue"). */
export function streetWords(street: string): string {
  return street
    .toLowerCase()
    .replace(/\./g, '')
    .split(/\s+/)
    .map((w) => ORDINAL_WORDS[w] ?? ABBREVIATIONS[w] ?? w)
    .filter((w) => w && w !== 'the')
    .join(' ');
}

/** The street of a street address ("120 W 44th St, New York, NY, 10036" → "W 44th St"); undefined for another text. */
export function addressStreet(address: string): string | undefined {
  const m = /^\s*\d+[A-Za-z]?\s+([^,]+?)(?:\s+(?:Ste|Suite|Apt|Unit|#)\b[^,]*)?\s*(?:,|$)/.exec(address);
  return m && /\p{L}{2}/u.test(m[1]) ? m[1].trim() : undefined;
}

/** The street a leg drives or turns onto ("Turn right onto Eighth Avenue" → "Eighth Avenue"); undefined for a leg naming none. */
function legStreet(leg: string): string | undefined {
  const m = /\b(?:onto|on|to stay on)\s+(.+?)(?:\s+(?:toward|heading|for|and)\b.*)?$/.exec(leg);
  return m && !/\b(?:highway|expressway|ramp|ferry)\b|^(?:the )?[A-Z]{1,3}-\d/i.test(m[1]) ? m[1].trim() : undefined;
}

/** The addresses the case's shown answers give the places they list, by name (lower case). */
function shownAddresses(tc: TestCase): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of tc.messages) {
    if (m.role !== 'function' || typeof m.content !== 'string' || !/address/.test(m.content)) continue;
    const v = parseToolResponse(m.content);
    const visit = (x: unknown): void => {
      if (Array.isArray(x)) x.forEach(visit);
      else if (isPlainObject(x)) {
        if (typeof x.name === 'string' && typeof x.address === 'string') out.set(x.name.trim().toLowerCase(), x.address);
        Object.values(x).forEach(visit);
      }
    };
    visit(v);
  }
  return out;
}

export function routeArrivesOffStreet(action: { name: string; args: unknown }, response: string, addresses: ReadonlyMap<string, string>): string | null | undefined {
  const route = routeLegs(action, response);
  if (!route?.to) return undefined;
  const { legs, to } = route;
  const address = addressStreet(to) ? to : addresses.get(to.toLowerCase());
  const street = address ? addressStreet(address) : undefined;
  if (!street) return undefined;
  const arrive = legs.findIndex((l) => /^Arrive\b/.test(l));
  if (arrive < 1) return undefined;
  const before = legs[arrive - 1];
  // The drive's last leg is the road's ("drive the last 4 km"): no street arrived on.
  const last = legStreet(before);
  if (!last) return undefined;
  return streetWords(last) === streetWords(street) ? null : `"${before}", then "${legs[arrive]}": ${to}${address !== to ? ` (${address})` : ''} is on ${street}`;
}

export const simulatedRouteArrivesOffStreet: CaseMeasure = {
  kind: 'case',
  id: 'simulated_route_arrives_off_street',
  group: 'text',
  title: 'a simulated route to a street address (the call\'s own, or the one a shown answer gives the place) arriving on another street: "Turn right onto Eighth Avenue", "Arrive at Hotel Mela Times Square" for the hotel at "120 W 44th St"; abbreviations read in full',
  population: 'cases showing a simulated route answer whose end has a street address and whose leg before arriving names a street',
  check: (tc: TestCase, ctx: QualityContext) => {
    const addresses = shownAddresses(tc);
    return simulatedDefectAmong(tc, ctx, (step) => routeArrivesOffStreet(step.action, step.response!.content, addresses));
  },
};

export const SIMULATED_ROUTE_END_MEASURES: CaseMeasure[] = [simulatedRouteHeadsAway, simulatedRouteArrivesOffStreet];
