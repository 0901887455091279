/**
 * Where simulated places are, read against each other:
 *
 * - simulated_address_off_coordinates: a record the case shows with a street address and coordinates
 *   (in one answer, or a search's address and a details answer's coordinates for the same id) where
 *   at least one of them was simulated and the two lie apart: "Bright private room in New York City"
 *   at "161 East 14th Street" with 40.7038, -73.9932 (DUMBO, Brooklyn, 3 km off). Only addresses the
 *   street table places (streetGeo.ts: a street, a Tokyo neighbourhood, a known town) are judged.
 * - simulated_distance_same_for_all: simulated distances (or durations) from several distinct places
 *   to one common place that are all the same number: every hotel "10.6 km" from Central Park.
 */
import type { Step } from '../../schemas.js';
import type { CaseMeasure } from '../types.js';
import { planArgStrings, shownStepsWithWrong } from '../evidence.js';
import { toolSteps } from '../../steps.js';
import { toJson } from '../../pyValues.js';
import { parseToolResponse } from '../../prompts/parseAction.js';
import { isPlainObject } from '../../errors/values.js';
import { sameId } from '../../resolution/recordedFacts.js';
import { DRAWN_STREETS, kmFromAddress, kmToRoad, kmToStreet, linesMeet, ROAD_REACH_KM, roadAlongKm, NUMBER_FUZZ_KM, placeAddressIn, spelledOut, streetLegs, streetLine, wrongWay, ONE_WAY } from '../../resolution/streetGeo.js';
import { distanceKm, placesNamedIn } from '../../resolution/places.js';
import { namedPlacesShown } from '../../resolution/knownFacts.js';
import { ferryOf, nearbyLandmark, offshoreAt, streetsOf } from '../../resolution/streets.js';
import { exactSpot, listedSpot, locate, pairPoint, termLandmark, tripEnds, sameEnd, TRIP_END, TRIP_START } from '../../resolution/trips.js';
import { groundTruthActions, shownAction, simulatedDefectAmong } from '../evidence.js';
import { riverBetween, WATER_CROSSING } from '../../resolution/rivers.js';
import { nearestGate } from '../../resolution/realSights.js';
import { answeredDistances, argUnitsOffAnswers, paramDistanceUnit, unitsOffAnswers, type DistanceUnit } from '../../unitWords.js';

export interface AddressedPoint {
  name?: string;
  address: string;
  lat: number;
  lon: number;
  /** Either side simulated; each side's own tier. */
  simulated: boolean;
  addressSimulated: boolean;
  pointSimulated: boolean;
}

interface Located {
  address?: string;
  lat?: number;
  lon?: number;
  simulated: boolean;
  name?: string;
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : undefined);
const field = (o: Record<string, unknown>, re: RegExp) => Object.keys(o).find((k) => re.test(k));

/**
 * Each record the case shows with both an address and coordinates: one answer's record holding both,
 * or an address a list gave under an id and the coordinates an answer about that id gave.
 */
export function addressedPoints(steps: readonly Step[]): AddressedPoint[] {
  const out: AddressedPoint[] = [];
  const byId: { id: unknown; rec: Located }[] = [];
  const pointsOf: { args: unknown; rec: Located }[] = [];
  for (const step of steps) {
    if (!step.response) continue;
    const value = parseToolResponse(step.response.content);
    const simulated = step.response.tier === 'simulated';
    const visit = (v: unknown, top: boolean) => {
      if (Array.isArray(v)) return v.forEach((x) => visit(x, false));
      if (!isPlainObject(v)) return;
      const a = field(v, /address/i);
      const la = field(v, /^(lat|latitude)$/i);
      const lo = field(v, /^(lon|lng|longitude)$/i);
      const address = a && typeof v[a] === 'string' ? (v[a] as string) : undefined;
      const lat = la ? num(v[la]) : undefined;
      const lon = lo ? num(v[lo]) : undefined;
      const name = ['name', 'title'].map((k) => v[k]).find((x): x is string => typeof x === 'string');
      if (address && lat !== undefined && lon !== undefined) out.push({ name, address, lat, lon, simulated, addressSimulated: simulated, pointSimulated: simulated });
      else if (address && v.id !== undefined) byId.push({ id: v.id, rec: { address, simulated, name } });
      else if (top && lat !== undefined && lon !== undefined) pointsOf.push({ args: step.action.args, rec: { lat, lon, simulated, name } });
      for (const x of Object.values(v)) if (typeof x === 'object') visit(x, false);
    };
    visit(value, true);
  }
  for (const p of pointsOf) {
    if (!isPlainObject(p.args)) continue;
    const listed = byId.find((b) => Object.values(p.args as Record<string, unknown>).some((a) => sameId(a, b.id)));
    if (listed) out.push({ name: listed.rec.name ?? p.rec.name, address: listed.rec.address!, lat: p.rec.lat!, lon: p.rec.lon!, simulated: listed.rec.simulated || p.rec.simulated, addressSimulated: listed.rec.simulated, pointSimulated: p.rec.simulated });
  }
  return out;
}

/** Why an address and its coordinates disagree; null when they agree; undefined when nothing places the address. */
export function addressOffCoordinates(address: string, lat: number, lon: number): string | null | undefined {
  const place = placeAddressIn(address);
  if (!place) return undefined;
  const km = kmFromAddress({ lat, lon }, place);
  if (km <= place.reachKm) return null;
  return `"${address}" is ${km.toFixed(1)} km from its coordinates ${lat}, ${lon} (${place.by === 'town' ? `${place.what} reaches ${place.reachKm} km` : `${place.what} is within ${place.reachKm} km of them at most`})`;
}

export const simulatedAddressOffCoordinates: CaseMeasure = {
  kind: 'case',
  id: 'simulated_address_off_coordinates',
  group: 'solvable',
  title: 'a simulated address and the coordinates shown for the same record lie apart ("Bright private room in New York City" at "161 East 14th Street" with 40.7038, -73.9932 in DUMBO, Brooklyn)',
  population: 'cases showing a record with an address the street table places and coordinates, one of them simulated (not both copied by the task\'s own plan)',
  check: (tc, ctx) => {
    const steps = shownStepsWithWrong(tc, ctx);
    if (!steps) return undefined;
    // What the task's own plan copies (a place it routes to, a latitude on its slide) is what the source's run found: both given so, nothing simulated decided them.
    const t = ctx.trajectory(tc.trajectoryId);
    const written = [...planArgStrings(tc, ctx), ...(t ? toolSteps(t).map(({ step }) => toJson(step.action.args) ?? '') : [])].join('\n');
    let judged = false;
    for (const p of addressedPoints(steps)) {
      // A side decided by no simulator: recorded, or copied by the plan.
      const addressGiven = !p.addressSimulated || written.includes(p.address);
      const pointGiven = !p.pointSimulated || written.includes(String(p.lat));
      if (addressGiven && pointGiven) continue;
      // A town line naming the town the listing's own name gives, beside coordinates the plan states elsewhere, is
      // upstream's slip: T-Eval lists property 51403713 "in San Francisco" and its plan searches near it in San Bruno
      // (teval_query_114_2), as simulated_listing_title_off_place allows too.
      const town = /^([^,]+),/.exec(p.address)?.[1];
      if (pointGiven && town && p.name && new RegExp(`\\bin ${town.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`).test(p.name)) continue;
      const why = addressOffCoordinates(p.address, p.lat, p.lon);
      if (why === undefined) continue;
      judged = true;
      if (why) return `${p.name ? `"${p.name}": ` : ''}${why}`;
    }
    return judged ? null : undefined;
  },
};

/** The number a distance or duration answer gives, with the key it is under. */
function measured(response: string): { key: string; value: number } | undefined {
  const v = parseToolResponse(response);
  if (!isPlainObject(v) || 'error' in v) return undefined;
  const key = Object.keys(v).find((k) => /distance|duration|time|km|miles|minutes/i.test(k) && num(v[k]) !== undefined);
  return key ? { key, value: num(v[key])! } : undefined;
}

/**
 * Simulated distances from three or more distinct places to one common end (or from one to three or
 * more) that are all the same number: "why" naming them, null when they differ, undefined when the
 * steps hold no such set.
 */
export function sameDistanceForAll(steps: readonly Step[]): string | null | undefined {
  const groups = new Map<string, { other: string; value: number; key: string }[]>();
  for (const step of steps) {
    if (step.response?.tier !== 'simulated' || !/distance|route|direction|duration|travel_?time/i.test(step.action.name)) continue;
    const ends = tripEnds(step.action.args);
    if (!ends) continue;
    const [start, end] = ends;
    if (typeof start !== 'string' || typeof end !== 'string' || sameEnd(start, end)) continue;
    const m = measured(step.response.content);
    if (!m) continue;
    for (const [common, other] of [[end, start], [start, end]] as const) {
      const k = `${step.action.name}|${m.key}|${common.trim().toLowerCase()}`;
      groups.set(k, [...(groups.get(k) ?? []), { other: other.trim().toLowerCase(), value: m.value, key: m.key }]);
    }
  }
  let judged = false;
  for (const [k, list] of groups) {
    const distinct = [...new Map(list.map((x) => [x.other, x])).values()];
    if (distinct.length < 3) continue;
    judged = true;
    if (new Set(distinct.map((x) => x.value)).size === 1) return `${distinct.length} places all ${distinct[0].value} (${distinct[0].key}) from "${k.split('|')[2]}"`;
  }
  return judged ? null : undefined;
}

export const simulatedDistanceSameForAll: CaseMeasure = {
  kind: 'case',
  id: 'simulated_distance_same_for_all',
  group: 'solvable',
  title: 'simulated distances from several distinct places to one common place are all the same number (every hotel near Times Square "10.6" km from Central Park)',
  population: 'cases whose trajectory holds simulated distances or durations from three or more distinct places to one common end (every answer resolve wrote for the case\'s plan, shown or not: a case cut early shows only some)',
  check: (tc, ctx) => {
    const t = ctx.trajectory(tc.trajectoryId);
    return t ? sameDistanceForAll(toolSteps(t).map(({ step }) => step)) : undefined;
  },
};

/**
 * A nearby search's radius in km, read in the unit its doc gives it ("radius in meters": a radius of 1
 * is one metre, not a kilometre); a doc naming no unit reads a number over 100 as metres, else km; 1 km
 * when the call gives none (a "nearby" place is within a walk).
 */
export function radiusKmOf(args: Record<string, unknown>, doc?: Parameters<typeof nearbyCentre>[1]): number {
  const entry = Object.entries(args).find(([k]) => /radius/i.test(k));
  const r = num(entry?.[1]);
  if (r === undefined) return 1;
  const said = [...(doc?.required_parameters ?? []), ...(doc?.optional_parameters ?? [])].find((p) => p.name === entry![0])?.description ?? '';
  if (/\bmet(?:er|re)s?\b|\(m\)|\bin m\b/i.test(said)) return r / 1000;
  if (/\bkm\b|kilomet/i.test(said)) return r;
  return r > 100 ? r / 1000 : r;
}

/** A radius under this many km (50 m) reaches no place but the spot the search stands on: a search so tight lists nothing else. */
export const TIGHT_RADIUS_KM = 0.05;

/**
 * Where a nearby search is centred: its latitude and longitude, else a coordinate pair its location
 * argument gives in the order its doc says (AMap's "lon,lat": "116.407417,39.904172" is Beijing), else
 * the landmark its term or place names ("hotels near Times Square", a bare "Central Park, New York
 * City"); and its radius in km (1 when it gives none: a "nearby" place is within a walk).
 */
export function nearbyCentre(args: unknown, doc?: { required_parameters: { name: string; description: string }[]; optional_parameters: { name: string; description: string }[] }): { lat: number; lon: number; radiusKm: number } | undefined {
  if (!isPlainObject(args)) return undefined;
  const val = (re: RegExp) => Object.entries(args).find(([k]) => re.test(k))?.[1];
  const lat = num(val(/^(lat|latitude)$/i));
  const lon = num(val(/^(lon|lng|longitude)$/i));
  const radiusKm = radiusKmOf(args, doc);
  if (lat !== undefined && lon !== undefined && Math.abs(lat) <= 90 && Math.abs(lon) <= 180) return { lat, lon, radiusKm };
  const pair = pairPoint(args, doc);
  if (pair) return pair.lat !== undefined && Math.abs(pair.lat) <= 90 && Math.abs(pair.lon) <= 180 ? { ...pair, radiusKm } : undefined;
  // A landmark the search is around ("places": "Eiffel Tower"), not a town (a town's search may list places anywhere in it).
  const landmark = nearbyLandmark(args);
  if (landmark) return { lat: landmark.lat, lon: landmark.lon, radiusKm };
  const term = Object.values(args).find((v): v is string => typeof v === 'string' && /\bnear\s+\S/i.test(v));
  const at = term ? placesNamedIn(term.replace(/^.*\bnear\s+/i, ''))[0] : termLandmark(args);
  return at ? { lat: at.lat, lon: at.lon, radiusKm } : undefined;
}

/**
 * A simulated nearby search that lists places at addresses on streets far from where it was centred:
 * "Hilton New York Times Square" at "96 Madison Avenue" (3 km from Times Square), attractions within
 * 1 km of the Hollywood Walk of Fame at "67 Figueroa Street" downtown. Only addresses the street
 * table places on a street or a neighbourhood are judged, a numbered street's address at the spot its
 * house number names ("81 Lexington Avenue", 25th Street: 2 km from Times Square); undefined when none is.
 */
export function nearbyFarFromCentre(action: { name: string; args: unknown }, response: string, doc?: Parameters<typeof nearbyCentre>[1]): string | null | undefined {
  if (!/nearby|search_?places?|\bpoi\b/i.test(action.name)) return undefined;
  const centre = nearbyCentre(action.args, doc);
  if (!centre) return undefined;
  const v = parseToolResponse(response);
  if (!isPlainObject(v) || 'error' in v) return undefined;
  const records = Object.values(v).find((x) => Array.isArray(x) && x.some((r) => isPlainObject(r) && typeof r.address === 'string')) as unknown[] | undefined;
  if (!records) return undefined;
  const town = streetsOf(centre).town;
  let judged = false;
  // A search for a place by its name ("Le Bernardin") finds it where it is, however far.
  const terms = Object.values(action.args as Record<string, unknown>).filter((x): x is string => typeof x === 'string').map((x) => x.trim().toLowerCase());
  for (const r of records) {
    if (!isPlainObject(r) || typeof r.address !== 'string' || terms.includes(String(r.name ?? '').trim().toLowerCase())) continue;
    // A radius of a few metres (a "radius": 2 its doc reads as metres) reaches no other place, wherever the table puts this one
    // ("Granite Beach" at "Tampaksiring, Bali" within 2 m of a villa in the hills).
    if (centre.radiusKm < TIGHT_RADIUS_KM) return `"${String(r.name ?? '')}" at "${r.address}" is listed within ${Math.round(centre.radiusKm * 1000)} m of the search's centre (${centre.lat}, ${centre.lon}), a reach no other place is in`;
    const place = listedSpot(r.address, town);
    if (!place) continue;
    judged = true;
    const km = place.km(centre);
    const name = String(r.name ?? '');
    // A place that says how far it is (AMap's "distance": "0.12 km") is judged by that: it must be true.
    const said = typeof r.distance === 'string' || typeof r.distance === 'number' ? parseFloat(String(r.distance)) * (/\bm$/.test(String(r.distance).trim()) && !/km$/.test(String(r.distance).trim()) ? 0.001 : 1) : undefined;
    if (said !== undefined && Number.isFinite(said)) {
      if (Math.abs(said - km) > place.fuzzKm + 0.5) return `"${name}" at "${r.address}" is said to be ${String(r.distance)} from the search's centre, yet lies ${km.toFixed(1)} km from it`;
      continue;
    }
    if (km > centre.radiusKm + place.fuzzKm) return `"${name}" at "${r.address}" is ${km.toFixed(1)} km from the search's centre (${centre.lat}, ${centre.lon}; radius ${centre.radiusKm} km)`;
  }
  return judged ? null : undefined;
}

export const simulatedNearbyFarFromCentre: CaseMeasure = {
  kind: 'case',
  id: 'simulated_nearby_far_from_centre',
  group: 'solvable',
  title: 'a simulated nearby search lists places beyond its radius from its centre, saying no distance or an untrue one ("hotels near Times Square" at "7 East 14th Street", 3 km off; restaurants within 1 km of Liberty Island in Red Hook and Jersey City; AMap\'s restaurants by Beijing\'s city hall on Shanghai\'s 长乐路; a search for "Central Park, New York City" listing hotels on Bleecker Street)',
  population: 'cases showing a simulated nearby-search answer centred on coordinates (a lon,lat pair read as its doc says) or a known place (one its term is), listing addresses the street table, a ZIP code or another town places',
  check: (tc, ctx) => {
    const steps = shownStepsWithWrong(tc, ctx);
    if (!steps) return undefined;
    let judged = false;
    for (const step of steps) {
      if (step.response?.tier !== 'simulated') continue;
      const why = nearbyFarFromCentre(step.action, step.response.content, tc.tools.find((d) => d.name === step.action.name));
      if (why === undefined) continue;
      judged = true;
      if (why) return `${step.action.name}: ${why}`;
    }
    return judged ? null : undefined;
  },
};

/** Where one end of a trip is, as a straight-line range to a point: a named record an earlier answer placed (its coordinates, its numbered address, its street's line), else a known place the end names exactly, else coordinates. */
function endPlace(value: unknown, shown: Map<string, { address?: string; lat?: number; lon?: number }>, town: string | undefined): { kind: 'record' | 'place'; at: (p: { lat: number; lon: number }) => [number, number]; point: { lat: number; lon: number } } | undefined {
  if (typeof value !== 'string') return undefined;
  const rec = shown.get(value.trim().toLowerCase());
  if (rec) {
    if (rec.lat !== undefined && rec.lon !== undefined) {
      const point = { lat: rec.lat, lon: rec.lon };
      return { kind: 'record', point, at: (p) => [distanceKm(p, point), distanceKm(p, point)] };
    }
    const place = rec.address ? placeAddressIn(rec.address, town) : undefined;
    if (!place || place.by === 'town') return undefined;
    const fuzz = place.number !== undefined ? NUMBER_FUZZ_KM : place.by === 'area' ? 1 : 0;
    const line = place.line;
    const far = (p: { lat: number; lon: number }) => (line && place.number === undefined ? Math.max(distanceKm(p, { lat: line[0], lon: line[1] }), distanceKm(p, { lat: line[2], lon: line[3] })) : distanceKm(p, place));
    return { kind: 'record', point: place, at: (p) => [Math.max(0, kmFromAddress(p, place) - fuzz), far(p) + fuzz] };
  }
  const known = placesNamedIn(value)[0];
  if (known && known.name.toLowerCase() === value.trim().toLowerCase()) return { kind: 'place', point: known, at: (p) => [distanceKm(p, known), distanceKm(p, known)] };
  const m = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/.exec(value);
  if (m && Math.abs(Number(m[1])) <= 90) {
    const point = { lat: Number(m[1]), lon: Number(m[2]) };
    return { kind: 'place', point, at: (p) => [distanceKm(p, point), distanceKm(p, point)] };
  }
  return undefined;
}

/**
 * A simulated distance between two ends, at least one a place an earlier answer of the case listed by
 * name with an address or coordinates, that the places' positions cannot give: "New York Marriott
 * Marquis" (listed at "450 Madison Avenue") 12.7 km from Central Park, 3 km away. A road runs at least
 * as far as the straight line and at most about 1.6 times it (half a kilometre either way for a short
 * hop); a street without a number is anywhere on its line. Undefined when no such distance is shown.
 */
export function distanceOffNamedPlaces(steps: readonly Step[]): string | null | undefined {
  let judged = false;
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i];
    if (step.response?.tier !== 'simulated' || !/distance/i.test(step.action.name) || /route|direction/i.test(step.action.name)) continue;
    const ends = tripEnds(step.action.args);
    if (!ends) continue;
    const m = measured(step.response.content);
    if (!m || /duration|time|minutes/i.test(m.key)) continue;
    const shown = namedPlacesShown(steps.slice(0, i).map((s) => s.response?.content));
    if (!shown.size) continue;
    const [start, end] = ends;
    const town = (v: unknown) => {
      const p = typeof v === 'string' ? placesNamedIn(v)[0] : undefined;
      return p ? streetsOf(p).town : undefined;
    };
    const a = endPlace(start, shown, town(end));
    const b = endPlace(end, shown, town(start));
    if (!a || !b || (a.kind !== 'record' && b.kind !== 'record')) continue;
    // The range of straight-line kilometres: one end's range to the other's point, widened by the other's own spread.
    const [lo1, hi1] = a.at(b.point);
    const [lo2, hi2] = b.at(a.point);
    const lo = Math.max(0, Math.min(lo1, lo2) - Math.abs(hi2 - lo2));
    const hi = Math.max(hi1, hi2) + Math.abs(hi1 - lo1);
    const km = /mile/i.test(m.key) ? m.value * 1.609 : m.value;
    judged = true;
    if (km < lo - 0.5 || km > hi * 1.6 + 0.5) return `${step.action.name} ${JSON.stringify(start)} to ${JSON.stringify(end)}: ${m.value} (${m.key}) where the places lie ${lo.toFixed(1)}–${hi.toFixed(1)} km apart in a straight line`;
  }
  return judged ? null : undefined;
}

export const simulatedDistanceOffNamedPlaces: CaseMeasure = {
  kind: 'case',
  id: 'simulated_distance_off_named_places',
  group: 'solvable',
  title: 'a simulated distance from a place an earlier answer listed with its address is not the distance between the places ("New York Marriott Marquis", listed at "450 Madison Avenue", 12.7 km from Central Park)',
  population: 'cases showing a simulated distance whose ends are a record an earlier shown answer listed by name with an address the street table places or coordinates, and another such record, a known place or coordinates',
  check: (tc, ctx) => {
    const steps = shownStepsWithWrong(tc, ctx);
    return steps ? distanceOffNamedPlaces(steps) : undefined;
  },
};

/** How far (km) a route's first or last street may run from the spot its end names: a block or two beyond the street map's error. */
const ROUTE_END_KM = 1;
/**
 * Where the street map draws a street within BY_END_KM of the end, its first or last street may run
 * at most SIDE_END_KM from it: a drive to Times Square arrives on 44th Street or 42nd, which pass it,
 * never on Fifth Avenue two long blocks east ("Turn right onto Fifth Avenue", "Arrive at Times Square":
 * teval_query_303_0).
 */
const BY_END_KM = 0.25;
const SIDE_END_KM = 0.5;

/** How far a route's end street may run from `spot`: SIDE_END_KM where a drawn street passes within BY_END_KM of it, else ROUTE_END_KM. */
function endReachKm(spot: { lat: number; lon: number }): number {
  return DRAWN_STREETS.some((s) => (kmToStreet(spot, s) ?? Infinity) <= BY_END_KM) ? SIDE_END_KM : ROUTE_END_KM;
}

/** The street a route leg drives (after "on", "onto", "stay on") and the one it heads toward, among the streets the street map draws. */
function legStreets(leg: string): { driven?: string; toward?: string } {
  // "5th Ave" is the map's "Fifth Avenue".
  let rest = spelledOut(leg);
  const hits: { s: string; at: number }[] = [];
  for (const s of DRAWN_STREETS) {
    // Not the tail of a longer name the map does not draw ("High Street" of "Camden High Street", London's, not Oxford's).
    const re = new RegExp(`(?<![\\p{L}\\d'-])(?<!\\p{Lu}\\p{Ll}+ )${s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}-])`, 'u');
    const m = re.exec(rest);
    if (!m) continue;
    hits.push({ s, at: m.index });
    rest = rest.slice(0, m.index) + ' '.repeat(s.length) + rest.slice(m.index + s.length);
  }
  const out: { driven?: string; toward?: string } = {};
  for (const { s, at } of hits.sort((a, b) => a.at - b.at)) {
    if (/\btoward\s+$/.test(leg.slice(0, at))) out.toward ??= s;
    else out.driven ??= s;
  }
  return out;
}

/** A route call's answer as its legs, with the start and end its arguments name; undefined for another call or an answer with no list of legs. */
export function routeLegs(action: { name: string; args: unknown }, response: string): { legs: string[]; from?: string; to?: string; lonFirst: boolean } | undefined {
  if (!/route|direction/i.test(action.name) || !isPlainObject(action.args)) return undefined;
  const answer = parseToolResponse(response);
  const legs = isPlainObject(answer) ? (Object.values(answer).find((x) => Array.isArray(x) && x.length && x.every((y) => typeof y === 'string')) as string[] | undefined) : undefined;
  if (!legs) return undefined;
  const arg = (re: RegExp) => Object.entries(action.args as Record<string, unknown>).find(([k, v]) => re.test(k) && (typeof v === 'string' || typeof v === 'number'))?.[1];
  const [from, to] = [arg(TRIP_START), arg(TRIP_END)].map((v) => (v === undefined ? undefined : String(v).trim()));
  // GaoDe writes coordinates longitude first.
  return { legs, from, to, lonFirst: /gaode|amap/i.test(action.name) };
}

/**
 * A simulated route through a town whose streets the street map draws (streetGeo.ts) that turns
 * between streets that never meet ("Start on Columbus Avenue heading south", "At the light, turn left
 * onto Lexington Avenue": parallel avenues 1.6 km apart), or whose first street is far from the spot
 * its start names, or whose last street before arriving is far from the spot its end names ("Turn
 * left onto Avenue de La Bourdonnais", "Arrive at Louvre Museum": 3 km short). Streets in a row are
 * those of legs one after another (a leg naming no drawn street, a highway's, breaks the row).
 */
export function routeStreetsApart(action: { name: string; args: unknown }, response: string): string | null | undefined {
  const route = routeLegs(action, response);
  if (!route) return undefined;
  const { legs, from, to, lonFirst } = route;
  const [spotA, spotB] = [exactSpot(from, lonFirst), exactSpot(to, lonFirst)];
  // A park that spreads over many blocks (Central Park) is reached at its gate nearest the other end, not its middle.
  const gateOf = (park: string | undefined, other: { lat: number; lon: number } | undefined) => (park && other ? nearestGate(park, other) : undefined);
  const [a, b] = [gateOf(from, spotB ?? locate(to, lonFirst)) ?? spotA, gateOf(to, spotA ?? locate(from, lonFirst)) ?? spotB];
  const strip = (leg: string): string => [from, to].reduce<string>((t, e) => (e ? t.split(e).join(' ') : t), leg);
  const read = legs.map((leg) => legStreets(strip(leg)));
  // Which town's line a street name is (Wilshire Boulevard in Santa Monica or Los Angeles): the start's before the road, the end's after it.
  const [nearA, nearB] = [a ?? locate(from, lonFirst), b ?? locate(to, lonFirst)];
  let near = nearA ?? nearB;
  const line = (s: string) => streetLine(s, near);
  let judged = false;
  for (let i = 0; i < read.length; i++) {
    if (/\bramp\b|\bContinue on\b|\bdrive the last\b/.test(legs[i])) near = nearB ?? nearA;
    const { driven, toward } = read[i];
    if (driven && toward && driven !== toward) {
      judged = true;
      if (!linesMeet(line(driven)!, line(toward)!)) return `"${legs[i]}": ${driven} never meets ${toward}`;
    }
    const prev = i > 0 ? read[i - 1].driven : undefined;
    if (driven && prev && prev !== driven) {
      judged = true;
      if (!linesMeet(line(prev)!, line(driven)!)) return `"${legs[i - 1]}" then "${legs[i]}": ${prev} never meets ${driven}`;
    }
  }
  const first = read[0]?.driven;
  if (a && first && /^(?:Start|Head)\b/.test(legs[0])) {
    judged = true;
    const km = kmToStreet(a, first)!;
    if (km > endReachKm(a)) return `the route from "${from}" starts on ${first}, ${km.toFixed(1)} km from it`;
  }
  const last = legs.length >= 2 && /^Arrive\b/.test(legs[legs.length - 1]) ? read[legs.length - 2].driven : undefined;
  if (b && last) {
    judged = true;
    const km = kmToStreet(b, last)!;
    if (km > endReachKm(b)) return `the route to "${to}" arrives from ${last}, ${km.toFixed(1)} km from it`;
  }
  return judged ? null : undefined;
}

export const simulatedRouteStreetsApart: CaseMeasure = {
  kind: 'case',
  id: 'simulated_route_streets_apart',
  group: 'text',
  title: 'a simulated town route that turns between streets that never meet ("Start on Columbus Avenue heading south", "At the light, turn left onto Lexington Avenue": parallel avenues 1.6 km apart), or starts or arrives on a street more than 1 km from the spot its end names ("Turn left onto Avenue de La Bourdonnais", "Arrive at Louvre Museum": 3 km short); streets the street map draws (streetGeo.ts)',
  population: 'cases showing a simulated route answer naming streets the street map draws, in a row or at a located end',
  check: (tc, ctx) => simulatedDefectAmong(tc, ctx, (step) => routeStreetsApart(step.action, step.response!.content)),
};

/**
 * A simulated route through Manhattan that drives a one-way avenue against its traffic (streetGeo.ts
 * ONE_WAY: Madison, Third and Eighth run north, Fifth, Lexington and Columbus south): "Start on 86th
 * Street Transverse heading southeast", "Turn right onto Madison Avenue" (south on Madison). The legs
 * are read as routeStreetsApart reads them; each row of drawn streets (a highway leg breaks the row)
 * is driven as streetLegs drives it, from the start's spot (first row) to the end's (last row).
 */
export function routeWrongWay(action: { name: string; args: unknown }, response: string): string | null | undefined {
  const route = routeLegs(action, response);
  if (!route) return undefined;
  const { legs, from, to, lonFirst } = route;
  const [a, b] = [exactSpot(from, lonFirst), exactSpot(to, lonFirst)];
  const strip = (leg: string): string => [from, to].reduce<string>((t, e) => (e ? t.split(e).join(' ') : t), leg);
  const rows: { streets: string[]; heading?: string }[] = [{ streets: [] }];
  for (const leg of legs) {
    if (/\bramp\b|\bContinue on\b|\bdrive the last\b|\bferry\b/.test(leg)) { rows.push({ streets: [] }); continue; }
    const { driven } = legStreets(strip(leg));
    const row = rows[rows.length - 1];
    if (!driven || row.streets[row.streets.length - 1] === driven) continue;
    // The heading a leg says it starts on ("Start on 5th Ave heading northeast", "Head south on Madison Avenue").
    if (!row.streets.length) row.heading = /\b(?:heading|Head)\s+(north|south|east|west)(east|west)?\b/i.exec(leg)?.slice(1).join('').toLowerCase();
    row.streets.push(driven);
  }
  let judged = false;
  for (let i = 0; i < rows.length; i++) {
    const { streets, heading } = rows[i];
    if (!streets.length || !streets.some((st) => wrongWay([{ street: st, heading: '', along: 1 }, { street: st, heading: '', along: -1 }]))) continue;
    const from = i === 0 ? (a ?? undefined) : undefined;
    const to = i === rows.length - 1 ? (b ?? undefined) : undefined;
    const driven = streetLegs(streets, from, to);
    if (!driven) continue;
    // Only a leg whose way is known: between two corners, from the start's spot or a heading it says, to the end's spot.
    const known = driven.filter((leg, j) => {
      if (j === 0 && heading) {
        const line = streetLine(leg.street, from ?? to)!;
        const along = headingAlong(heading, line);
        if (along !== undefined) Object.assign(leg, { along, heading });
        return along !== undefined;
      }
      return (j > 0 || !!from) && (j < driven.length - 1 || !!to);
    });
    if (!known.some((leg) => wrongWay([leg]) || Object.keys(ONE_WAY).some((st) => streetLine(st) === streetLine(leg.street)))) continue;
    judged = true;
    const wrong = wrongWay(known);
    if (wrong) return `${wrong.street} is driven ${wrong.heading}, against its one-way traffic (${streets.join(' → ')})`;
  }
  return judged ? null : undefined;
}

/** Whether a compass heading runs along a line from its first point (1) or back (-1); undefined when it crosses it. */
function headingAlong(heading: string, line: [number, number, number, number]): 1 | -1 | undefined {
  const v: Record<string, [number, number]> = { north: [0, 1], south: [0, -1], east: [1, 0], west: [-1, 0], northeast: [1, 1], northwest: [-1, 1], southeast: [1, -1], southwest: [-1, -1] };
  const h = v[heading];
  if (!h) return undefined;
  const k = Math.cos((line[0] * Math.PI) / 180);
  const [dx, dy] = [(line[3] - line[1]) * k, line[2] - line[0]];
  const cos = (h[0] * dx + h[1] * dy) / (Math.hypot(...h) * Math.hypot(dx, dy));
  return Math.abs(cos) < 0.4 ? undefined : cos > 0 ? 1 : -1;
}

export const simulatedRouteWrongWay: CaseMeasure = {
  kind: 'case',
  id: 'simulated_route_wrong_way',
  group: 'text',
  title: 'a simulated route drives a one-way Manhattan avenue against its traffic ("Start on 86th Street Transverse heading southeast", "Turn right onto Madison Avenue": south on Madison, which runs north); streetGeo.ts ONE_WAY (Madison, Third, Eighth north; Fifth, Lexington, Columbus south)',
  population: 'cases showing a simulated route answer driving a one-way street the street map draws',
  check: (tc, ctx) => simulatedDefectAmong(tc, ctx, (step) => routeWrongWay(step.action, step.response!.content)),
};

/**
 * A simulated route within one town (its ends under 40 km apart) that takes a highway whose line (streetGeo.ts
 * ROADS) runs more than ROAD_REACH_KM from one of its ends ("Central Park" → "Battery Park": "Continue on
 * I-95 for 9.9 km", which crosses Manhattan at 178th Street), or that drives to or from an island no
 * street reaches with no ferry ("Times Square" → "Statue of Liberty" on I-495, the Lincoln Tunnel to New
 * Jersey). A drive to an island is judged from the island's ferry terminal; an end only a town or a
 * named hotel places ("24 Reed St, Brooklyn", "The Ritz-Carlton, New York") places no road. Roads the map does not draw
 * in the town ("the highway", Boston's I-90) are not judged.
 */
export function routeRoadAstray(action: { name: string; args: unknown }, response: string): string | null | undefined {
  const route = routeLegs(action, response);
  if (!route) return undefined;
  const { legs, from, to, lonFirst } = route;
  // Ends judged where they name one spot (coordinates, a numbered address, a landmark); a town or a named hotel places no road.
  const [la, lb] = [locate(from, lonFirst), locate(to, lonFirst)];
  if (!la || !lb || distanceKm(la, lb) >= 40) return undefined;
  // A house number on a street the map does not draw ("24 Reed St, Brooklyn") is only its district.
  const exact = (t: string | undefined) => (t && /^\s*\d+[A-Za-z]?\s+\D/.test(t) && placeAddressIn(t)?.number === undefined ? undefined : exactSpot(t, lonFirst));
  const [a, b] = [offshoreAt(la) ? la : exact(from), offshoreAt(lb) ? lb : exact(to)];
  const ferried = legs.some((leg) => /\bferry\b/i.test(leg));
  let judged = false;
  for (const [end, p] of [[from, la], [to, lb]] as const) {
    const island = offshoreAt(p);
    if (!island) continue;
    judged = true;
    if (!ferried) return `the route "${from}" → "${to}" drives ${end === from ? 'from' : 'to'} ${island}, which no street reaches, with no ferry`;
  }
  if (!a || !b) return judged ? null : undefined;
  const spot = (p: { lat: number; lon: number }, other: { lat: number; lon: number }, otherText?: string) => ferryOf(offshoreAt(p), other, otherText) ?? p;
  const [sa, sb] = [spot(a, b, to), spot(b, a, from)];
  for (const leg of legs) {
    const m = /^(?:After [\d.]+ km in town, )?(?:take the ramp on the right for|turn onto|Continue on) (.+?)(?: for ([\d.]+) km)?$/i.exec(leg);
    if (!m) continue;
    const road = m[1];
    const along = m[2] ? roadAlongKm(road, sa, sb) : undefined;
    if (along !== undefined && along < Number(m[2]) * 0.5) return `"${leg}": ${road}'s line runs ${along.toFixed(1)} km between the ramps by the route's ends`;
    const [ka, kb] = [kmToRoad(sa, road), kmToRoad(sb, road, sa)];
    if (ka === undefined || kb === undefined) continue;
    judged = true;
    if (ka > ROAD_REACH_KM || kb > ROAD_REACH_KM) return `the route "${from}" → "${to}" takes ${road}, whose line runs ${Math.max(ka, kb).toFixed(1)} km from its ${ka >= kb ? 'start' : 'end'}`;
  }
  return judged ? null : undefined;
}

export const simulatedRouteRoadAstray: CaseMeasure = {
  kind: 'case',
  id: 'simulated_route_road_astray',
  group: 'text',
  title: 'a simulated route within one town that takes a highway whose line runs more than 3 km from one of its ends (Central Park → Battery Park "Continue on I-95 for 9.9 km": I-95 crosses Manhattan at 178th Street) or whose stretch between the ramps by the ends is under half the km said on it, or drives to or from an island with no ferry (Times Square → Statue of Liberty on I-495); roads the street map draws (streetGeo.ts ROADS)',
  population: 'cases showing a simulated route answer within one town that names a road the street map draws, or ends on an island',
  check: (tc, ctx) => simulatedDefectAmong(tc, ctx, (step) => routeRoadAstray(step.action, step.response!.content)),
};

/**
 * A number a tool answered, written by the case's calls (shown, or its ground truth) with another
 * unit than the tool's doc gives it in: get_distance's 4488.454 ("the distance in km") on a slide as
 * "Total Distance: 4488.454 miles" (teval_query_34_0).
 */
export const gtNumberUnitOffDoc: CaseMeasure = {
  kind: 'case',
  id: 'gt_number_unit_off_doc',
  group: 'text',
  title: 'a call the case shows or expects writes a distance a tool answered in another unit than the tool\'s doc gives it: get_distance\'s 4488.454 ("the distance in km") on a slide as "Total Distance: 4488.454 miles"',
  population: 'cases whose shown or expected calls write a number with a distance unit after a tool whose doc names its distance unit answered',
  check(tc, ctx) {
    const t = ctx.trajectory(tc.trajectoryId);
    if (!t) return undefined;
    const docs = new Map(tc.tools.map((d) => [d.name, d]));
    const answered = new Map<string, DistanceUnit>();
    const calls: { name: string; args: unknown }[] = [];
    for (const { k, step } of toolSteps(t)) {
      if (k > tc.k) break;
      calls.push(step.action);
      if (step.response) answeredDistances(docs.get(step.action.name), step.response.content, answered);
    }
    calls.push(...groundTruthActions(tc));
    if (!answered.size) return undefined;
    let seen = false;
    for (const call of calls) {
      for (const text of argStringsOf(call.args)) {
        if (!/\d\s*(?:km|kilomet|mile)/i.test(text)) continue;
        seen = true;
        const off = unitsOffAnswers(text, answered)[0];
        if (off) return `${call.name} writes "${off.n} ${off.written}"; the answer gave ${off.n} in ${off.unit}`;
      }
    }
    return seen ? null : undefined;
  },
};

/**
 * A ground truth passing a distance an answer the case shows gave in one unit to a parameter whose doc
 * asks for another: BFCL's estimate_drive_feasibility_by_mileage(distance=980) ("The distance to travel
 * in miles") after estimate_distance answered 980 "in km" (bfcl_multi_turn_base_85, 92). The docs make
 * the converted 609 the right call, so a careful model is scored wrong.
 */
export const gtArgUnitOffDoc: CaseMeasure = {
  kind: 'case',
  id: 'gt_arg_unit_off_doc',
  group: 'errors',
  title: 'a ground truth passes a distance an answer gave in one unit to a parameter whose doc asks for another: estimate_drive_feasibility_by_mileage(distance=980) ("in miles") after estimate_distance answered 980 "in km", so the docs make 609 the right call',
  population: 'cases whose ground truth passes a number to a parameter whose doc names a distance unit',
  check(tc) {
    const docs = new Map(tc.tools.map((d) => [d.name, d]));
    const truth = groundTruthActions(tc);
    const asks = truth.some((a) => isPlainObject(a.args) && Object.keys(a.args).some((k) => {
      const doc = docs.get(a.name);
      return paramDistanceUnit([...(doc?.required_parameters ?? []), ...(doc?.optional_parameters ?? [])].find((p) => p.name === k)?.description) !== undefined;
    }));
    if (!asks) return undefined;
    // What the case shows: each tool answer after the call it answers (the wrong call's too).
    const answered = new Map<string, DistanceUnit>();
    let last: string | undefined;
    for (const m of tc.messages) {
      if (m.role === 'assistant') last = shownAction(m.content)?.name;
      else if (m.role === 'function' && last) answeredDistances(docs.get(last), m.content, answered);
    }
    for (const a of truth) {
      const off = argUnitsOffAnswers(a, docs.get(a.name), answered)[0];
      if (off) return `${a.name}(${off.key}=${off.value}): the answer gave ${off.value} in ${off.unit}, the parameter asks for ${off.asked}`;
    }
    return null;
  },
};

const argStringsOf = (args: unknown): string[] => (typeof args === 'string' ? [args] : Array.isArray(args) ? args.flatMap(argStringsOf) : isPlainObject(args) ? Object.values(args).flatMap(argStringsOf) : []);

/**
 * A simulated route within one town whose ends are on different banks of a river the rivers table
 * knows (the Seine, the Thames, the Hudson, the East River) and that crosses it by no bridge, tunnel
 * or ferry: the Eiffel Tower (left bank) to the Louvre (right bank) by "Rue Saint-Dominique", "Avenue
 * Bosquet", "Quai d'Orsay", "Boulevard Saint-Germain", all on the left bank (teval_query_185_2).
 * Ends are judged where the places table or a numbered address places them, under 40 km apart.
 */
export function routeRiverUncrossed(action: { name: string; args: unknown }, response: string): string | null | undefined {
  const route = routeLegs(action, response);
  if (!route) return undefined;
  const [a, b] = [locate(route.from, route.lonFirst), locate(route.to, route.lonFirst)];
  if (!a || !b || distanceKm(a, b) >= 40) return undefined;
  const river = riverBetween(a, b);
  if (!river) return undefined;
  return route.legs.some((leg) => WATER_CROSSING.test(leg)) ? null : `"${route.from}" and "${route.to}" are on different banks of ${river.name}, and the route crosses it by no bridge, tunnel or ferry: ${route.legs.join(' / ')}`;
}

export const simulatedRouteRiverUncrossed: CaseMeasure = {
  kind: 'case',
  id: 'simulated_route_river_uncrossed',
  group: 'text',
  title: 'a simulated town route between the two banks of a known river (the Seine, the Thames, the Hudson, the East River) that crosses it by no bridge, tunnel or ferry (the Eiffel Tower to the Louvre along the Quai d\'Orsay and the Boulevard Saint-Germain, both on the left bank)',
  population: 'cases showing a simulated route answer whose located ends are on different banks of a known river',
  check: (tc, ctx) => simulatedDefectAmong(tc, ctx, (step) => routeRiverUncrossed(step.action, step.response!.content)),
};

/**
 * A simulated route to or from a park that spreads over many blocks (Central Park: 4 km long) that
 * reaches it on a street far from the gate nearest its other end: from the Ritz-Carlton on Central Park
 * South, across the street from Artists' Gate, "Turn right onto Amsterdam Avenue", "Turn right onto West
 * 86th Street", "Arrive at Central Park" (teval_query_270_1), the park's middle, 2.3 km up the West Side.
 * The street at the park's end is the last the route drives before arriving (the first it starts on,
 * leaving the park); judged where the street map draws it and the other end is located.
 */
export function routeParkCentre(action: { name: string; args: unknown }, response: string): string | null | undefined {
  const route = routeLegs(action, response);
  if (!route) return undefined;
  const { legs, from, to, lonFirst } = route;
  const strip = (leg: string): string => [from, to].reduce<string>((t, e) => (e ? t.split(e).join(' ') : t), leg);
  const streets = legs.map((leg) => legStreets(strip(leg)).driven).filter((s): s is string => !!s);
  if (!streets.length) return undefined;
  for (const [park, other, street] of [[to, from, streets[streets.length - 1]], [from, to, streets[0]]] as const) {
    const otherAt = locate(other, lonFirst);
    const gate = park && otherAt ? nearestGate(park, otherAt) : undefined;
    if (!gate) continue;
    const km = kmToStreet(gate, street);
    if (km === undefined) continue;
    return km > 0.5 ? `the route ${park === to ? 'reaches' : 'leaves'} "${park}" on ${street}, ${km.toFixed(1)} km from ${gate.name}, the park's gate nearest "${other}"` : null;
  }
  return undefined;
}

export const simulatedRouteParkCentre: CaseMeasure = {
  kind: 'case',
  id: 'simulated_route_park_centre',
  group: 'text',
  title: 'a simulated route to or from a large park (Central Park) that reaches it on a street more than 500 m from the park\'s gate nearest its other end (the Ritz-Carlton on Central Park South to Central Park by Amsterdam Avenue and West 86th Street, the park\'s middle, not Artists\' Gate across the street)',
  population: 'cases showing a simulated route answer to or from a park the sights table gives gates, whose other end is located',
  check: (tc, ctx) => simulatedDefectAmong(tc, ctx, (step) => routeParkCentre(step.action, step.response!.content)),
};

/**
 * Roads with lights and crossings, not freeways: El Camino Real (CA-82) down the Peninsula, the West
 * Side Highway along the Hudson. The measure's own list, as a driver knows them.
 */
const SURFACE_ROAD = /^(?:CA-82|El Camino Real|(?:the )?West Side Highway)$/i;

/**
 * A simulated route that takes a ramp onto a road with lights or an exit off one: "After 1 km in town,
 * take the ramp on the right for CA-82" from Stanford to Google's headquarters (teval_query_188_0:
 * CA-82 is El Camino Real, a boulevard joined at its lights). Undefined for a route on no such road.
 */
export function routeRampOntoSurfaceRoad(action: { name: string; args: unknown }, response: string): string | null | undefined {
  const route = routeLegs(action, response);
  if (!route) return undefined;
  let on: string | undefined;
  let judged = false;
  for (const leg of route.legs) {
    const ramp = /\btake the ramp on the right for (.+?)\s*$/i.exec(leg)?.[1];
    const joined = ramp ?? /\b(?:turn onto|Continue on) (.+?)(?: for [\d.]+ km)?\s*$/i.exec(leg)?.[1];
    if (joined && SURFACE_ROAD.test(joined)) {
      judged = true;
      if (ramp) return `"${leg}": ${ramp} has lights and crossings, no ramps`;
      on = joined;
    }
    if (on && /^Take the exit\b/i.test(leg)) return `"${leg}" off ${on}, a road with lights and no exits`;
  }
  return judged ? null : undefined;
}

export const simulatedRouteRampOntoSurfaceRoad: CaseMeasure = {
  kind: 'case',
  id: 'simulated_route_ramp_onto_surface_road',
  group: 'text',
  title: 'a simulated route takes a ramp onto a road with lights, or an exit off one ("take the ramp on the right for CA-82" from Stanford: CA-82 is El Camino Real, a boulevard joined at its lights)',
  population: 'cases showing a simulated route answer on El Camino Real (CA-82) or the West Side Highway',
  check: (tc, ctx) => simulatedDefectAmong(tc, ctx, (step) => routeRampOntoSurfaceRoad(step.action, step.response!.content)),
};

export const SIMULATED_GEO_MEASURES: CaseMeasure[] = [gtNumberUnitOffDoc, gtArgUnitOffDoc, simulatedAddressOffCoordinates, simulatedDistanceSameForAll, simulatedNearbyFarFromCentre, simulatedDistanceOffNamedPlaces, simulatedRouteStreetsApart, simulatedRouteRoadAstray, simulatedRouteWrongWay, simulatedRouteRiverUncrossed, simulatedRouteParkCentre, simulatedRouteRampOntoSurfaceRoad];
