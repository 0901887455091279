/**
 * How long a simulated trip is, read against where its two ends are:
 *
 * - simulated_distance_beyond_town: a simulated distance or route between two street addresses that
 *   name no town but each other's ("123 Main Street" to "456 Oak Street"; "221B Baker Street, London"
 *   to "10 Downing Street, London") that runs beyond a city's span: a delivery driver's day across
 *   town answered with 2256.4 km and a route of "Continue on the highway for 2248.4 km"
 *   (teval_query_277_0). Two such addresses are in one town; a drive between them is a few km.
 * - simulated_distance_short_for_far_places: a simulated distance or route between two places the
 *   places table knows (or coordinates) that lie far apart, answered with a figure shorter than the
 *   straight line between them: the Forbidden City to the Shanghai Tower "12.3" km, 30 minutes
 *   (teval_query_434_1); 1,000 km of straight line is at least 1,000 km of road. Across an ocean no road
 *   runs: London to Washington is the great circle's 5898 km, not a drive of 7372.0 (teval_query_35_2).
 */
import type { CaseMeasure } from '../types.js';
import { simulatedDefectAmong } from '../evidence.js';
import { parseToolResponse } from '../../prompts/parseAction.js';
import { isPlainObject } from '../../errors/values.js';
import { distanceKm, placesNamedIn } from '../../resolution/places.js';

/**
 * The longest drive inside one city: Los Angeles, the widest of the big cities the tasks name, spans
 * about 71 km from San Pedro to Sylmar in a straight line (Greater London about 56 km, Tokyo's 23
 * wards about 30, Beijing's six central districts about 50); its roads run about a quarter longer
 * (~90 km). A trip between two addresses of one town past 100 km has left it.
 */
export const CITY_SPAN_KM = 100;
/** The longest drive across such a span: 100 km at town speed with its lights and jams, about three hours. */
export const CITY_SPAN_MINUTES = 180;
/** Ends this far apart are in different towns (no town the tasks name spans more, see CITY_SPAN_KM). */
const FAR_APART_KM = 100;

const SUFFIX = String.raw`(?:street|st|avenue|ave|road|rd|lane|ln|boulevard|blvd|drive|dr|way|place|pl|court|ct|terrace|parkway|pkwy|highway|hwy|loop|circle|square|sq)`;
/** A numbered street address, then what follows its street (the town, the state), if anything. */
const STREET_ADDRESS = new RegExp(String.raw`^\s*\d+[A-Za-z]?\s+[\p{L}\p{N} .'-]*?\b${SUFFIX}\b\.?(?:\s+(?:NW|NE|SW|SE|N|S|E|W))?\s*(?:,\s*(.*))?$`, 'iu');

/** The town part of a numbered street address ('' when it names none); undefined when the text is no such address. */
export function addressTown(text: unknown): string | undefined {
  if (typeof text !== 'string') return undefined;
  const m = STREET_ADDRESS.exec(text);
  if (!m) return undefined;
  return (m[1] ?? '').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

/** A trip call's start and end (by the keys distance and route tools give them). */
function endsOf(args: unknown): [unknown, unknown] | undefined {
  if (!isPlainObject(args)) return undefined;
  const entries = Object.entries(args);
  const start = entries.find(([k]) => /^(start|origins?|from|source|departure)$/i.test(k))?.[1];
  const end = entries.find(([k]) => /^(end|destination|to|target|arrival)$/i.test(k))?.[1];
  return start === undefined || end === undefined ? undefined : [start, end];
}

const KM_OF = (n: number, unit: string) => (/^mi/i.test(unit) ? n * 1.609 : n);
const LEG_KM = /(?<![\d.])(\d[\d,]*(?:\.\d+)?)\s*(km|kilomet(?:er|re)s?|miles?|mi)\b/gi;

/** What a trip answer says of its length: its kilometres (a distance field, else the sum of its route's legs) and its minutes, when it gives them. */
export function tripFigures(response: string, docUnit?: 'km' | 'miles'): { km?: number; minutes?: number } | undefined {
  const v = parseToolResponse(response);
  if (!isPlainObject(v) || 'error' in v) return undefined;
  const out: { km?: number; minutes?: number } = {};
  for (const [k, x] of Object.entries(v)) {
    const n = typeof x === 'number' ? x : typeof x === 'string' && /^\s*\d+(?:\.\d+)?\s*$/.test(x) ? Number(x) : undefined;
    if (n !== undefined && /distance|^km$|miles/i.test(k)) out.km = /mile/i.test(k) || docUnit === 'miles' ? n * 1.609 : n;
    else if (n !== undefined && /duration|time|minutes/i.test(k)) out.minutes = /hour/i.test(k) ? n * 60 : n;
    else if (Array.isArray(x) && x.every((s) => typeof s === 'string') && /route|step|direction|leg/i.test(k)) {
      const legs = x.flatMap((s: string) => [...s.matchAll(LEG_KM)].map((m) => KM_OF(Number(m[1].replace(/,/g, '')), m[2])));
      if (legs.length) out.km = legs.reduce((a, b) => a + b, 0);
    }
  }
  return out.km === undefined && out.minutes === undefined ? undefined : out;
}

/** The doc's unit for a distance, when its text says "in miles" or "in km". */
function docUnitOf(doc: { description: string; return_data?: { description: string }[] } | undefined): 'km' | 'miles' | undefined {
  const text = [doc?.description ?? '', ...(doc?.return_data ?? []).map((r) => r.description)].join(' ');
  return /\bin miles\b/i.test(text) ? 'miles' : /\bin (?:km|kilomet)/i.test(text) ? 'km' : undefined;
}

/** A trip between two addresses of one town answered beyond a city's span; undefined for any other trip. */
export function beyondTown(action: { name: string; args: unknown }, response: string, doc?: Parameters<typeof docUnitOf>[0]): string | null | undefined {
  if (!/distance|route|direction/i.test(action.name)) return undefined;
  const ends = endsOf(action.args);
  if (!ends) return undefined;
  const [a, b] = ends.map(addressTown);
  if (a === undefined || b === undefined || a !== b) return undefined;
  const f = tripFigures(response, docUnitOf(doc));
  if (!f) return undefined;
  const where = `"${String(ends[0])}" to "${String(ends[1])}"${a ? ` (both in ${a})` : ' (neither names a town)'}`;
  if (f.km !== undefined && f.km > CITY_SPAN_KM) return `${f.km.toFixed(1)} km from ${where}`;
  if (f.minutes !== undefined && f.minutes > CITY_SPAN_MINUTES) return `${f.minutes} minutes from ${where}`;
  return null;
}

export const simulatedDistanceBeyondTown: CaseMeasure = {
  kind: 'case',
  id: 'simulated_distance_beyond_town',
  group: 'solvable',
  title: 'a simulated distance or route between two street addresses naming no town but each other\'s runs beyond a city\'s span ("123 Main Street" to "456 Oak Street": 2256.4 km, "Continue on the highway for 2248.4 km")',
  population: 'cases showing a simulated distance or route answer between two numbered street addresses naming no town, or the same one',
  check: (tc, ctx) => simulatedDefectAmong(tc, ctx, (step) => beyondTown(step.action, step.response!.content, tc.tools.find((d) => d.name === step.action.name))),
};

/** Where an end is: coordinates ("lon,lat" when its doc says so), else the first place of the table it names. */
function pointOf(value: unknown, lonFirst: boolean): { lat: number; lon: number; name: string } | undefined {
  if (typeof value !== 'string') return undefined;
  const m = /^\s*\(?\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*\)?\s*$/.exec(value);
  if (m) {
    const [x, y] = [Number(m[1]), Number(m[2])];
    const swap = Math.abs(x) > 90 || (lonFirst && Math.abs(y) <= 90);
    return swap ? { lat: y, lon: x, name: value } : { lat: x, lon: y, name: value };
  }
  const p = placesNamedIn(value)[0];
  return p ? { ...p, name: p.name } : undefined;
}

/** Whether two points lie on either side of the Atlantic or the Pacific (the Americas against the rest of the world). */
const overseas = (a: { lon: number }, b: { lon: number }) => (a.lon < -30) !== (b.lon < -30);

/** A trip between two far-apart known places answered shorter than the straight line between them; undefined for any other trip. */
export function shortForFarPlaces(action: { name: string; args: unknown }, response: string, doc?: { description: string; return_data?: { description: string }[]; required_parameters: { name: string; description: string }[]; optional_parameters: { name: string; description: string }[] }): string | null | undefined {
  if (!/distance|route|direction/i.test(action.name) || !isPlainObject(action.args)) return undefined;
  const params = doc ? [...doc.required_parameters, ...doc.optional_parameters] : [];
  const entries = Object.entries(action.args);
  const endAt = (re: RegExp) => {
    const e = entries.find(([k]) => re.test(k));
    return e ? pointOf(e[1], /lon\w*\s*,\s*lat/i.test(params.find((p) => p.name === e[0])?.description ?? '')) : undefined;
  };
  const a = endAt(/^(start|origins?|from|source|departure)$/i);
  const b = endAt(/^(end|destination|to|target|arrival)$/i);
  if (!a || !b) return undefined;
  const straight = distanceKm(a, b);
  if (straight < FAR_APART_KM) return undefined;
  const f = tripFigures(response, docUnitOf(doc));
  if (f?.km === undefined) return undefined;
  if (f.km < straight * 0.95) return `${f.km.toFixed(1)} km from ${a.name} to ${b.name}, ${Math.round(straight)} km apart in a straight line`;
  // Across an ocean no road winds: the distance is the great circle's, not a drive a quarter longer (London to Washington 7372.0 km for 5898).
  return overseas(a, b) && f.km > straight * 1.05 ? `${f.km.toFixed(1)} km from ${a.name} to ${b.name} across an ocean, ${Math.round(straight)} km apart in a straight line` : null;
}

export const simulatedDistanceShortForFarPlaces: CaseMeasure = {
  kind: 'case',
  id: 'simulated_distance_short_for_far_places',
  group: 'solvable',
  title: 'a simulated distance or route between two known places far apart is shorter than the straight line between them (the Forbidden City to the Shanghai Tower: 12.3 km, 30 minutes), or a quarter longer across an ocean no road crosses (10 Downing Street to the White House 7372.0 km for 5898)',
  population: `cases showing a simulated distance or route answer between two places the places table knows (or coordinates) at least ${FAR_APART_KM} km apart`,
  check: (tc, ctx) => simulatedDefectAmong(tc, ctx, (step) => shortForFarPlaces(step.action, step.response!.content, tc.tools.find((d) => d.name === step.action.name))),
};

export const SIMULATED_TRIP_LENGTH_MEASURES: CaseMeasure[] = [simulatedDistanceBeyondTown, simulatedDistanceShortForFarPlaces];
