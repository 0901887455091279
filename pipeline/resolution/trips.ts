/**
 * How far a simulated trip is: a distance or route call between two places the table knows
 * (places.ts) or two coordinates is about as long as the road between them — Beijing to Shanghai
 * is not 61.8 km, London to Paris is the same both ways. The road runs about a quarter longer than
 * the great circle. Endpoints nothing locates give no trip: the simulator draws a distance then.
 */
import type { ToolDoc } from '../schemas.js';
import { distanceKm, isPlaceholderAddress, placesNamedIn, zipPoint, ZIP_REACH_KM, type Place } from './places.js';
import { townReachKm } from './streets.js';
import { kmFromAddress, NUMBER_FUZZ_KM, placeAddress, placeAddressIn } from './streetGeo.js';
import { isPlainObject } from '../errors/values.js';
import { createHash } from 'node:crypto';

/** The arguments naming where a trip starts and ends (a distance's, a route's). */
export const TRIP_START = /^(start|origins?|from|source|city_?a|departure)$/i;
export const TRIP_END = /^(end|destination|to|target|city_?b|arrival)$/i;
/** The landmass a point is on, as roads join them: the Americas, Australia, or Europe, Asia and Africa. */
export function landmassOf(p: Point): 'americas' | 'australia' | 'old world' {
  if (p.lon < -25) return 'americas';
  return p.lat < -10 && p.lon > 112 ? 'australia' : 'old world';
}

/** Roads wind: the drive is this much longer than the straight line. */
export const ROAD_FACTOR = 1.25;

export type Point = { lat: number; lon: number };

/** Where an endpoint is: coordinates written as "a,b" (in the order its parameter documents), or the known place it names. */
export function locate(value: unknown, lonFirst: boolean): Point | undefined {
  if (typeof value !== 'string') return undefined;
  const m = /^\s*\(?\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*\)?\s*$/.exec(value);
  if (m) {
    const [a, b] = [Number(m[1]), Number(m[2])];
    // The documented order, unless the numbers cannot be read that way (a latitude beyond 90).
    const lonLat = Math.abs(a) > 90 || (lonFirst && Math.abs(b) <= 90);
    return lonLat ? { lat: b, lon: a } : { lat: a, lon: b };
  }
  const places = placesNamedIn(value);
  return places.length ? spotOf(value, places) : undefined;
}

/** Words beside a place's name that name no other spot: "Paris, France", "New York, NY", "downtown Chicago". */
const REGION_WORD = /^(?:[A-Z]{2}|usa?|uk|united|states|kingdom|france|china|japan|germany|spain|italy|indonesia|australia|korea|city|downtown|center|centre|central|the|in|of|near|at|and|area|district|province|prefecture|district|中国|市|区)$/i;

/** Words saying what kind of place the named one is, naming no other spot: "AMC Empire 25 cinema" is AMC Empire 25. */
const KIND_WORD = /^(?:cinemas?|movie|theat(?:er|re)s?|multiplex)$/i;

/**
 * Where a place a name holds puts the named thing: the place itself ("Paris, France"), else a spot of
 * its own by the most specific place it names, the same for the same name in every answer:
 * "Hilton New York Times Square" by Times Square, "Sofitel New York" somewhere in New York, a few
 * kilometres from the centre. Every hotel of a search was at the town's centre, all "10.6 km" from
 * Central Park (teval_query_28_0). Addresses ("161 East 14th Street, New York City") keep the town's point.
 */
function spotOf(value: string, places: Place[]): Point {
  const rest = places.reduce((t, p) => t.replace(new RegExp(p.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi'), ' '), value);
  const words = rest.split(/[^\p{L}\p{N}'&]+/u).filter((w) => w && !REGION_WORD.test(w) && !KIND_WORD.test(w));
  if (!words.length || /^\s*\d/.test(value)) return places[0];
  // A landmark (no town reach) is more specific than the town beside it.
  const reach = (p: Place) => townReachKm(p) ?? 0;
  const by = [...places].sort((a, b) => reach(a) - reach(b))[0];
  const km = reach(by) ? Math.min(4, reach(by) / 4) : 0.8;
  const h = createHash('sha256').update(`spot:${value.trim().toLowerCase()}`).digest();
  const bearing = (h.readUInt16BE(0) / 65536) * 2 * Math.PI;
  const d = (0.25 + 0.75 * (h.readUInt16BE(2) / 65536)) * km;
  const lat = by.lat + (d / 111.2) * Math.cos(bearing);
  const lon = by.lon + (d / (111.2 * Math.cos((by.lat * Math.PI) / 180))) * Math.sin(bearing);
  return { lat: Math.round(lat * 1e6) / 1e6, lon: Math.round(lon * 1e6) / 1e6 };
}

/** Whether an end is written as a coordinate pair ("37.77,-122.42"). */
const isCoordinates = (v: unknown) => typeof v === 'string' && /^\s*\(?\s*-?\d+(?:\.\d+)?\s*,\s*-?\d+(?:\.\d+)?\s*\)?\s*$/.test(v);

/** A place only the user can see ("current location", "the closest gas station"): a trip to it is a short local one. */
function isLocalDescription(value: unknown): boolean {
  return typeof value === 'string' && /\b(current|closest|nearest|nearby|my|here)\b|^[a-z]/.test(value.trim());
}

export interface Trip {
  /** Road kilometres, one decimal; undefined when it is a short local trip nothing locates exactly (the simulator then takes localKm of its ends). */
  km?: number;
  /** A trip inside one town (both ends local descriptions or one town named on both sides). */
  local: boolean;
  /** Where it starts and ends, when coordinates or a known place locate them: the route's streets are those towns'. */
  from?: Point;
  to?: Point;
  /** The call's start and end as written. */
  ends?: [unknown, unknown];
}

/** A call's start and end arguments, and where each is when something locates it. */
function ends(doc: ToolDoc, args: unknown): { start: [string, unknown]; end: [string, unknown]; a?: Point; b?: Point } | undefined {
  if (!isPlainObject(args)) return undefined;
  const params = [...doc.required_parameters, ...doc.optional_parameters];
  const find = (re: RegExp) => Object.entries(args).find(([k]) => re.test(k));
  const start = find(TRIP_START);
  const end = find(TRIP_END);
  if (!start || !end) return undefined;
  const lonFirst = (key: string) => /lon\s*,\s*lat/i.test(params.find((p) => p.name === key)?.description ?? '');
  return { start, end, a: locate(start[1], lonFirst(start[0])), b: locate(end[1], lonFirst(end[0])) };
}

/** The straight-line kilometres between a call's start and end, when both are located. */
export function straightKm(doc: ToolDoc, args: unknown): number | undefined {
  const e = ends(doc, args);
  return e?.a && e.b ? distanceKm(e.a, e.b) : undefined;
}

/** The trip a call asks about, when it names a start and an end; undefined for any other call. */
export function tripOf(doc: ToolDoc, args: unknown, at?: { start?: Point; end?: Point }): Trip | undefined {
  const e = ends(doc, args);
  if (!e) return undefined;
  const { start, end } = e;
  // An end an earlier answer listed with its address or coordinates is there (knownFacts.ts tripPoints).
  const [a, b] = [at?.start ?? e.a, at?.end ?? e.b];
  const located = { ...(a ? { from: a } : {}), ...(b ? { to: b } : {}) };
  // A start and an end written alike ("1600 Pennsylvania Ave NW, Washington, DC" twice) are one place:
  // no distance between them, located or not (never a drawn drive across town).
  if (sameEnd(start[1], end[1])) return { km: 0, local: true, ...located };
  // Two addresses in one town ("123 Orchard St, Springfield" to "321 Industrial Ln, Springfield") locate
  // only to the town: a short drive across it, not 0 km.
  const sameSpot = a && b && distanceKm(a, b) < 0.05 && String(start[1]).trim().toLowerCase() !== String(end[1]).trim().toLowerCase();
  // A numbered address a town's name alone locates ("1100 17th St NW, Washington, DC") is somewhere in that town, not at its
  // centre: from a spot located exactly (the White House's door) it is a drive across town, never the centre's distance for
  // every address (teval_query_191_0: five institutions all 1.3 km from 1600 Pennsylvania Avenue, simulated_distance_same_for_all).
  const townOnly = (v: unknown, known: Point | undefined) => {
    if (known || typeof v !== 'string' || !/^\s*\d/.test(v)) return undefined;
    const p = placesNamedIn(v)[0];
    return p ? townReachKm(p) : undefined;
  };
  const reach = townOnly(start[1], at?.start) ?? townOnly(end[1], at?.end);
  if (a && b && !sameSpot && reach !== undefined && distanceKm(a, b) < reach) return { local: true, ends: [start[1], end[1]], ...located };
  if (a && b && !sameSpot) {
    const straight = distanceKm(a, b);
    // No road crosses an ocean: between the Americas and the Old World the distance is the great circle's
    // (London to Washington was 7372.0 km, a quarter more than the 5898 km between them: teval_query_35_2).
    const factor = landmassOf(a) === landmassOf(b) ? ROAD_FACTOR : 1;
    return { km: straight < 0.05 ? 0 : Math.round(straight * factor * 10) / 10, local: straight < 40, ...located };
  }
  // "123 Orchard St, Springfield" to "321 Industrial Ln, Springfield": one town. So are two numbered addresses that name
  // no town at all ("123 Main Street" to "456 Oak Street", a delivery driver's round): a drive across it, never a drawn
  // 2256.4 km (teval_query_277_0).
  const town = (v: unknown) => (typeof v !== 'string' ? undefined : v.includes(',') ? v.split(',').slice(1).join(',').trim().toLowerCase() : /^\s*\d+[A-Za-z]?\s+\p{L}/u.test(v) ? '' : undefined);
  const sameTown = town(start[1]) !== undefined && town(start[1]) === town(end[1]);
  // One end located makes a trip inside its town, unless the two ends name different towns ("350 5th Ave, New York, NY" to
  // "1 Infinite Loop, Cupertino, CA" is no drive across New York).
  const twoTowns = !!town(start[1]) && !!town(end[1]) && !sameTown;
  // A home in a town no map holds and a place named with no town of its own ("123 Main Street, Anytown" to "John Doe
  // University library") are both in that town: a drive across it, never a drawn 4155.3 km (teval_query_309_1).
  const homeTown = (x: unknown, y: unknown) => typeof x === 'string' && isPlaceholderAddress(x) && town(y) === undefined && !isCoordinates(y);
  const madeUpTown = homeTown(start[1], end[1]) || homeTown(end[1], start[1]);
  return { local: sameTown || madeUpTown || isLocalDescription(start[1]) || isLocalDescription(end[1]) || (!!(a ?? b) && !twoTowns), ends: [start[1], end[1]], ...located };
}

/** A drive across town between two ends nothing locates exactly: 0.8–15 km, the same for the same two ends either way round. */
export function localKm(start: unknown, end: unknown): number {
  const norm = (v: unknown) => String(v ?? '').toLowerCase().replace(/[^\p{L}\p{N}.]+/gu, ' ').trim();
  const key = [norm(start), norm(end)].sort().join('\u0000');
  const n = parseInt(createHash('sha256').update(`local-trip:${key}`).digest('hex').slice(0, 8), 16);
  return Math.round(8 + (n % 143)) / 10;
}

/** A call's start and end arguments (by their keys: TRIP_START, TRIP_END), either undefined when it has none; undefined for arguments that are no record. */
export function tripEnds(args: unknown): [start: unknown, end: unknown] | undefined {
  if (!isPlainObject(args)) return undefined;
  const entries = Object.entries(args);
  return [entries.find(([k]) => TRIP_START.test(k))?.[1], entries.find(([k]) => TRIP_END.test(k))?.[1]];
}

/** Two ends written alike, case, spacing and punctuation aside: "52.52342987, 13.41143608" twice. */
export function sameEnd(start: unknown, end: unknown): boolean {
  const norm = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v).toLowerCase().replace(/[^\p{L}\p{N}.]+/gu, ' ').trim() : '');
  return norm(start) !== '' && norm(start) === norm(end);
}

/**
 * The place a call's start and end both name ("52.52342987, 13.41143608" to itself), or undefined:
 * such a call asks nothing of a route or distance, so it is wrong before any service answers it. A
 * window of dates (from/to "2023-10-10") is no trip.
 */
export function tripToItself(args: unknown): string | undefined {
  const [start, end] = tripEnds(args) ?? [];
  if (typeof start !== 'string' || /^\s*\d{4}-\d{2}-\d{2}/.test(start)) return undefined;
  return sameEnd(start, end) ? start : undefined;
}

/** Minutes to drive `km`: town traffic below 30 km, highway speed beyond. */
export function driveMinutes(km: number): number {
  return Math.max(1, Math.round(km < 30 ? (km / 25) * 60 : 20 + (km / 85) * 60));
}

/**
 * The one spot a route's end names, when it names one: coordinates, a numbered address on a street
 * the street map draws ("450 Madison Avenue, New York"), or a landmark by its own name ("Louvre
 * Museum", "Eiffel Tower"); undefined for a town, a named hotel or an address only its town places.
 */
export function exactSpot(text: unknown, lonFirst = false): Point | undefined {
  if (typeof text !== 'string') return undefined;
  if (/^\s*\(?\s*-?\d+(?:\.\d+)?\s*,\s*-?\d+(?:\.\d+)?\s*\)?\s*$/.test(text)) return locate(text, lonFirst);
  const a = placeAddress(text);
  if (a?.by === 'street' && a.number !== undefined) return { lat: a.lat, lon: a.lon };
  const p = placesNamedIn(text)[0];
  const at = locate(text, lonFirst);
  return p && at && townReachKm(p) === undefined && at.lat === p.lat && at.lon === p.lon ? { lat: p.lat, lon: p.lon } : undefined;
}

/** A coordinate pair a location argument gives ("116.407417,39.904172"), read in the order the doc documents; undefined when there is none. */
export function pairPoint(args: Record<string, unknown>, doc?: { required_parameters: { name: string; description: string }[]; optional_parameters: { name: string; description: string }[] }): { lat: number; lon: number } | undefined {
  const pair = Object.entries(args).find(([k, v]) => /location|coord|cent(?:er|re)|origin|point/i.test(k) && typeof v === 'string' && /^\s*\(?\s*-?\d+(?:\.\d+)?\s*,\s*-?\d+(?:\.\d+)?\s*\)?\s*$/.test(v));
  if (!pair) return undefined;
  const params = doc ? [...doc.required_parameters, ...doc.optional_parameters] : [];
  return locate(pair[1], /lon\w*\s*,\s*lat/i.test(params.find((p) => p.name === pair[0])?.description ?? ''));
}

/** A place search's term: its search, keyword, term or query argument. */
export function searchTermOf(args: Record<string, unknown>): string | undefined {
  return Object.entries(args).find(([k, v]) => /search|keyword|term|query/i.test(k) && typeof v === 'string')?.[1] as string | undefined;
}

/** The landmark a search term names as the whole of itself ("Central Park, New York City", "Times Square"), not a town nor an address. */
export function termLandmark(args: Record<string, unknown>): { lat: number; lon: number } | undefined {
  const term = searchTermOf(args);
  if (!term || /\d/.test(term)) return undefined;
  const at = placesNamedIn(term)[0];
  return at && townReachKm(at) === undefined && term.trim().toLowerCase().startsWith(at.name.toLowerCase()) ? at : undefined;
}

/**
 * Where a listed place is, as the km from a point to it (its nearest possible spot) and how far off that may be:
 * a numbered address on a drawn street (give or take a block), an unnumbered one on its street's line, a
 * neighbourhood; else its ZIP code's middle (places.ts zipPoint); else a town other than the search's own,
 * by its nearest edge ("上海长乐路526号" of a search at Beijing). Undefined when nothing places it so.
 */
export function listedSpot(address: string, town: string): { km: (p: { lat: number; lon: number }) => number; fuzzKm: number } | undefined {
  const place = placeAddressIn(address, town);
  if (place && place.by !== 'town') return { km: (p) => kmFromAddress(p, place), fuzzKm: place.number !== undefined ? NUMBER_FUZZ_KM : place.reachKm };
  const zip = zipPoint(address);
  if (zip) return { km: (p) => distanceKm(p, zip), fuzzKm: ZIP_REACH_KM };
  const own = placeAddress(address);
  if (!own || own.by !== 'town' || own.town === town) return undefined;
  return { km: (p) => Math.max(0, distanceKm(p, own) - own.reachKm), fuzzKm: 1 };
}

