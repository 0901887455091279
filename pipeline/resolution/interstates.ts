/**
 * The roads of a long drive between two towns, as a map service names them. A route that says
 * "Continue on the highway for 4480.5 km" from New York to Los Angeles names no road a driver could
 * follow; a real routing answer names each interstate it takes. The table holds the drives between
 * big towns the tasks ask about, each as the interstates a fastest route takes in order, with their
 * rough lengths (their shares of the trip: a drawn trip's kilometres are scaled onto them).
 *
 * Directions are written from the first hub to the second; the drive back takes the roads in the
 * other order, each in its other direction ("I-95 S" back as "I-95 N").
 */
import { distanceKm } from './places.js';

interface Hub {
  name: string;
  lat: number;
  lon: number;
  /** How far from its point an end still counts as the hub (a metro area's reach). */
  reachKm: number;
}

const HUBS: Hub[] = [
  { name: 'New York', lat: 40.7128, lon: -74.006, reachKm: 35 },
  { name: 'Los Angeles', lat: 34.0522, lon: -118.2437, reachKm: 35 },
  { name: 'San Francisco', lat: 37.7749, lon: -122.4194, reachKm: 15 },
  // Cupertino, Palo Alto and San Jose: reached down the East Bay and I-280, not through San Francisco.
  { name: 'South Bay', lat: 37.3541, lon: -121.9552, reachKm: 25 },
  { name: 'Seattle', lat: 47.6062, lon: -122.3321, reachKm: 25 },
  { name: 'Miami', lat: 25.7617, lon: -80.1918, reachKm: 30 },
  { name: 'Washington', lat: 38.9072, lon: -77.0369, reachKm: 25 },
];

type Leg = [road: string, km: number];

/** Interstates of a fastest drive from the first hub to the second, with rough kilometres on each. */
const DRIVES: [from: string, to: string, legs: Leg[]][] = [
  // The Holland Tunnel to I-78, the Pennsylvania Turnpike, I-70 across the plains and the Rockies to Cove Fort, I-15 down to the Inland Empire.
  ['New York', 'Los Angeles', [['I-78 W', 230], ['I-81 S', 40], ['I-76 W', 220], ['I-70 W', 3080], ['I-15 S', 640], ['I-10 W', 60]]],
  // The George Washington Bridge onto I-80, which runs to the Bay; I-680 down the East Bay, I-280 into Cupertino.
  ['New York', 'South Bay', [['I-95 N', 15], ['I-80 W', 4590], ['I-680 S', 113], ['I-280 N', 12]]],
  ['New York', 'San Francisco', [['I-95 N', 15], ['I-80 W', 4660]]],
  // I-95 is the New Jersey Turnpike and the Baltimore–Washington stretch.
  ['Washington', 'New York', [['I-95 N', 360]]],
  ['New York', 'Miami', [['I-95 S', 2060]]],
  ['Washington', 'Miami', [['I-95 S', 1680]]],
  ['Washington', 'South Bay', [['I-270 N', 50], ['I-70 W', 150], ['I-76 W', 290], ['I-80 W', 3880], ['I-680 S', 113], ['I-280 N', 12]]],
  ['Seattle', 'San Francisco', [['I-5 S', 1130], ['I-505 S', 53], ['I-80 W', 100]]],
  ['Los Angeles', 'San Francisco', [['I-5 N', 483], ['I-580 W', 90], ['I-80 W', 13]]],
  ['Los Angeles', 'South Bay', [['I-5 N', 400], ['CA-152 W', 60], ['US-101 N', 50]]],
  ['Seattle', 'Los Angeles', [['I-5 S', 1840]]],
];

/**
 * Districts of a town so wide that a drive across it takes its freeways (Los Angeles, ~70 km across), each
 * by its landmark's point: a drive from Griffith Park to the Santa Monica Pier is on named freeways, never
 * "Continue on the highway for 23.7 km" (teval_query_314_1).
 */
const TOWN_HUBS: Hub[] = [
  { name: 'Griffith Park', lat: 34.1366, lon: -118.2942, reachKm: 4 },
  { name: 'Hollywood', lat: 34.1016, lon: -118.3267, reachKm: 2.5 },
  { name: 'Downtown Los Angeles', lat: 34.0522, lon: -118.2437, reachKm: 3 },
  { name: 'Santa Monica', lat: 34.0195, lon: -118.4912, reachKm: 4 },
  { name: 'LAX', lat: 33.9416, lon: -118.4085, reachKm: 3 },
  // The Peninsula: Stanford's campus and Google's Mountain View headquarters, US-101 between them.
  { name: 'Stanford', lat: 37.4275, lon: -122.1697, reachKm: 2 },
  { name: 'Googleplex', lat: 37.422, lon: -122.0841, reachKm: 1.5 },
];

/** Freeways of a fastest drive between two districts of one town, with rough kilometres on each. */
const TOWN_DRIVES: [from: string, to: string, legs: Leg[]][] = [
  // Vermont Avenue to the Hollywood Freeway, the Harbor Freeway's stretch past downtown, the Santa Monica Freeway to its end by the pier.
  ['Griffith Park', 'Santa Monica', [['US-101 S', 8], ['I-110 S', 3], ['I-10 W', 22]]],
  ['Griffith Park', 'Downtown Los Angeles', [['I-5 S', 9]]],
  ['Hollywood', 'Downtown Los Angeles', [['US-101 S', 10]]],
  ['Downtown Los Angeles', 'Santa Monica', [['I-10 W', 24]]],
  ['Downtown Los Angeles', 'LAX', [['I-110 S', 13], ['I-105 W', 9]]],
  ['Santa Monica', 'LAX', [['I-10 E', 3], ['I-405 S', 12]]],
  // Embarcadero Road out to US-101, off at Shoreline Boulevard: El Camino Real (CA-82) passes 3 km south of Google, never "the last 1 km" (teval_query_188_0).
  ['Stanford', 'Googleplex', [['US-101 S', 5]]],
];

/** Kilometres in town at each end of a town drive whose ramps are far from its ends (Stanford's quad is 5 km from US-101), from the first hub's side. */
const TOWN_EDGES: Record<string, [number, number]> = { 'Stanford>Googleplex': [4.5, 1.5] };

const FLIP: Record<string, string> = { N: 'S', S: 'N', E: 'W', W: 'E' };

function hubOf(p: { lat: number; lon: number }, hubs: Hub[]): Hub | undefined {
  return hubs.find((h) => distanceKm(p, h) <= h.reachKm);
}

/** The roads of the drive from `a` to `b` in order, with their rough kilometres, when the table holds one. */
function driveLegs(a: { lat: number; lon: number } | undefined, b: { lat: number; lon: number } | undefined, hubs = HUBS, drives = DRIVES): Leg[] | undefined {
  if (!a || !b) return undefined;
  const [ha, hb] = [hubOf(a, hubs), hubOf(b, hubs)];
  if (!ha || !hb || ha === hb) return undefined;
  const hit = drives.find(([x, y]) => (x === ha.name && y === hb.name) || (x === hb.name && y === ha.name));
  if (!hit) return undefined;
  return hit[0] === ha.name ? hit[2] : [...hit[2]].reverse().map(([road, k]) => [road.replace(/ ([NSEW])$/, (_, d: string) => ` ${FLIP[d]}`), k]);
}

/** The roads of the drive from `a` to `b` in order ("I-95 S"), when the table holds one. */
export function interstateRoads(a: { lat: number; lon: number } | undefined, b: { lat: number; lon: number } | undefined): string[] | undefined {
  return driveLegs(a, b)?.map(([road]) => road);
}

/** Whether the town-freeway table holds a drive from `a` to `b` (two districts of one wide town). */
export function townFreewaysBetween(a: { lat: number; lon: number } | undefined, b: { lat: number; lon: number } | undefined): boolean {
  return !!driveLegs(a, b, TOWN_HUBS, TOWN_DRIVES);
}

/** The kilometres in town before and after the freeways of a town drive from `a` to `b`, where the table gives them. */
export function townDriveEdges(a: { lat: number; lon: number } | undefined, b: { lat: number; lon: number } | undefined): [number, number] | undefined {
  const [ha, hb] = a && b ? [hubOf(a, TOWN_HUBS), hubOf(b, TOWN_HUBS)] : [];
  if (!ha || !hb) return undefined;
  const there = TOWN_EDGES[`${ha.name}>${hb.name}`];
  const back = TOWN_EDGES[`${hb.name}>${ha.name}`];
  return there ?? (back ? [back[1], back[0]] : undefined);
}

/**
 * The roads of a drive from `a` to `b` with `km` on the highway, each with its kilometres (one
 * decimal, adding up to `km`), or undefined when the table holds no drive between the two.
 */
export function interstateLegs(a: { lat: number; lon: number } | undefined, b: { lat: number; lon: number } | undefined, km: number, within = false): { road: string; km: number }[] | undefined {
  const legs = km > 0 ? (within ? driveLegs(a, b, TOWN_HUBS, TOWN_DRIVES) : driveLegs(a, b)) : undefined;
  if (!legs) return undefined;
  const total = legs.reduce((s, [, k]) => s + k, 0);
  // The trip's own kilometres spread over the roads in their shares; the longest road takes the rounding.
  const out = legs.map(([road, k]) => ({ road, km: Math.round((k / total) * km * 10) / 10 }));
  const longest = out.reduce((m, l, i) => (l.km > out[m].km ? i : m), 0);
  out[longest].km = Math.round((km - out.reduce((s, l, i) => (i === longest ? s : s + l.km), 0)) * 10) / 10;
  return out;
}
