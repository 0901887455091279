/**
 * How long a simulated trip is, read against where its ends really are (realCoordinates.ts, the
 * report's own table, not the simulator's):
 *
 * - simulated_distance_off_real_places: a simulated distance or route between two ends whose real
 *   positions are known (a named campus, landmark or town; coordinates) that no road between them
 *   could give: shorter than the straight line, or more than ROAD_MAX times it. "University of
 *   California, Berkeley" to "Massachusetts Institute of Technology" answered 9.944 km, where the
 *   campuses lie 4,300 km apart (teval_query_190_0). A trip with an end in a made-up town ("123 Main
 *   Street, Anytown") and one naming no town at all ("John Doe University library") is a drive in that
 *   town, never 4155.349 km (teval_query_309_1).
 */
import type { CaseMeasure } from '../types.js';
import { simulatedDefectAmong } from '../evidence.js';
import { isPlainObject } from '../../errors/values.js';
import { parseToolResponse } from '../../prompts/parseAction.js';
import { distanceKm } from '../../resolution/places.js';
import { realPlaceNamed, type RealPlace } from '../realCoordinates.js';
import { CITY_SPAN_KM, tripFigures } from './simulatedTripLength.js';

/** The most a road winds over the straight line between its ends (mountain and shore roads; town grids run ~1.3). */
export const ROAD_MAX = 1.6;
/** Kilometres a short hop's figure may be off either way (a block's walk to the door). */
const HOP_KM = 1;

type Doc = { required_parameters: { name: string; description: string }[]; optional_parameters: { name: string; description: string }[]; description: string; return_data?: { description: string }[] };

/** Where an end is: coordinates (longitude first where its parameter's doc says so), else the real place it names. */
function realEnd(value: unknown, lonFirst: boolean): (RealPlace & { name: string }) | undefined {
  if (typeof value !== 'string') return undefined;
  const m = /^\s*\(?\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*\)?\s*$/.exec(value);
  if (m) {
    const [x, y] = [Number(m[1]), Number(m[2])];
    const swap = Math.abs(x) > 90 || (lonFirst && Math.abs(y) <= 90);
    return { ...(swap ? { lat: y, lon: x } : { lat: x, lon: y }), reachKm: 0.1, name: value };
  }
  const p = realPlaceNamed(value);
  return p ? { ...p, name: value } : undefined;
}

/** An address in a town no map holds: "123 Main Street, Anytown", "456 Elm St, Your City". */
const MADE_UP_TOWN = /,\s*(?:anytown|any town|your city|your town|city|town)\s*(?:,.*)?$/i;
/** An end naming no town: no comma, no house number, no known place ("John Doe University library"). */
const namesNoTown = (v: unknown) => typeof v === 'string' && !v.includes(',') && !/^\s*\d/.test(v) && !realPlaceNamed(v) && !/^\s*-?\d+(?:\.\d+)?\s*,/.test(v);

/** A trip answer whose length its ends' real places cannot give; null for one they can; undefined when they are not both known. */
export function offRealPlaces(action: { name: string; args: unknown }, response: string, doc?: Doc): string | null | undefined {
  if (!/distance|route|direction/i.test(action.name) || !isPlainObject(action.args)) return undefined;
  const params = doc ? [...doc.required_parameters, ...doc.optional_parameters] : [];
  const entries = Object.entries(action.args);
  const arg = (re: RegExp) => entries.find(([k]) => re.test(k));
  const [s, e] = [arg(/^(start|origins?|from|source|departure)$/i), arg(/^(end|destination|to|target|arrival)$/i)];
  if (!s || !e) return undefined;
  const unit = /\bin miles\b/i.test([doc?.description ?? '', ...(doc?.return_data ?? []).map((r) => r.description)].join(' ')) ? 'miles' : undefined;
  const f = tripFigures(response, unit);
  if (f?.km === undefined) return undefined;
  const lonFirst = (key: string) => /lon\w*\s*,\s*lat/i.test(params.find((p) => p.name === key)?.description ?? '');
  const [a, b] = [realEnd(s[1], lonFirst(s[0])), realEnd(e[1], lonFirst(e[0]))];
  if (a && b) {
    const straight = distanceKm(a, b);
    const lo = Math.max(0, straight - a.reachKm - b.reachKm);
    const hi = (straight + a.reachKm + b.reachKm) * ROAD_MAX + HOP_KM;
    if (f.km < lo - (lo < 5 ? HOP_KM : 0)) return `${f.km.toFixed(1)} km from "${a.name}" to "${b.name}", ${Math.round(straight * 10) / 10} km apart in a straight line`;
    if (f.km > hi) return `${f.km.toFixed(1)} km from "${a.name}" to "${b.name}", ${Math.round(straight * 10) / 10} km apart in a straight line (a road at most ${ROAD_MAX} times it)`;
    return null;
  }
  // A home in a made-up town and a place named with no town of its own: both in that town.
  const [x, y] = [s[1], e[1]];
  const oneTown = (typeof x === 'string' && MADE_UP_TOWN.test(x) && namesNoTown(y)) || (typeof y === 'string' && MADE_UP_TOWN.test(y) && namesNoTown(x));
  if (!oneTown) return undefined;
  return f.km > CITY_SPAN_KM ? `${f.km.toFixed(1)} km from "${String(x)}" to "${String(y)}", a trip inside one town` : null;
}

export const simulatedDistanceOffRealPlaces: CaseMeasure = {
  kind: 'case',
  id: 'simulated_distance_off_real_places',
  group: 'solvable',
  title: 'a simulated distance or route between places whose real positions are known is shorter than the straight line between them or far longer than any road ("University of California, Berkeley" to "Massachusetts Institute of Technology": 9.944 km for 4,300), or one from a home in a made-up town to a place named with no town runs beyond a town ("123 Main Street, Anytown" to "John Doe University library": 4155.349 km)',
  population: 'cases showing a simulated distance or route answer between two ends the report\'s table of real places (or coordinates) locates, or between an address in a made-up town and a place naming no town',
  check: (tc, ctx) => simulatedDefectAmong(tc, ctx, (step) => offRealPlaces(step.action, step.response!.content, tc.tools.find((d) => d.name === step.action.name))),
};

/** How far past its reach a geocoder's point for a named place may lie: a block beyond the building's grounds. */
const GEOCODE_SLACK_KM = 1;

/** A simulated geocoding answer for a place the report's table holds, off where it really is; null when near it; undefined for any other answer. */
export function geocodeOffRealPlace(action: { name: string; args: unknown }, response: string): string | null | undefined {
  if (!/coordinat|geocod/i.test(action.name) || !isPlainObject(action.args)) return undefined;
  const asked = Object.values(action.args).find((v): v is string => typeof v === 'string');
  const real = asked ? realPlaceNamed(asked) : undefined;
  if (!real) return undefined;
  const v = parseToolResponse(response);
  if (!isPlainObject(v)) return undefined;
  const [lat, lon] = [Number(v.latitude ?? v.lat), Number(v.longitude ?? v.lon ?? v.lng)];
  const m = typeof v.coordinate === 'string' ? /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/.exec(v.coordinate) : null;
  const at = Number.isFinite(lat) && Number.isFinite(lon) && (v.latitude ?? v.lat) !== undefined ? { lat, lon } : m ? { lon: Number(m[1]), lat: Number(m[2]) } : undefined;
  if (!at) return undefined;
  const km = distanceKm(at, real);
  return km > real.reachKm + GEOCODE_SLACK_KM ? `"${asked}" geocoded to ${at.lat}, ${at.lon}, ${km.toFixed(1)} km from where it stands` : null;
}

export const simulatedGeocodeOffRealPlace: CaseMeasure = {
  kind: 'case',
  id: 'simulated_geocode_off_real_place',
  group: 'solvable',
  title: 'a simulated geocoding answer for a named place whose real position is known lies off it ("Marriott Marquis Washington, DC" at 38.92695927, -77.04953343 in Kalorama, 3.4 km from the hotel by the Convention Center)',
  population: 'cases showing a simulated geocoding answer for a place the report\'s table of real places holds',
  check: (tc, ctx) => simulatedDefectAmong(tc, ctx, (step) => geocodeOffRealPlace(step.action, step.response!.content)),
};

export const SIMULATED_TRIP_REAL_MEASURES: CaseMeasure[] = [simulatedDistanceOffRealPlaces, simulatedGeocodeOffRealPlace];
