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

const FLIP: Record<string, string> = { N: 'S', S: 'N', E: 'W', W: 'E' };

function hubOf(p: { lat: number; lon: number }): Hub | undefined {
  return HUBS.find((h) => distanceKm(p, h) <= h.reachKm);
}

/** The roads of the drive from `a` to `b` in order, with their rough kilometres, when the table holds one. */
function driveLegs(a: { lat: number; lon: number } | undefined, b: { lat: number; lon: number } | undefined): Leg[] | undefined {
  if (!a || !b) return undefined;
  const [ha, hb] = [hubOf(a), hubOf(b)];
  if (!ha || !hb || ha === hb) return undefined;
  const hit = DRIVES.find(([x, y]) => (x === ha.name && y === hb.name) || (x === hb.name && y === ha.name));
  if (!hit) return undefined;
  return hit[0] === ha.name ? hit[2] : [...hit[2]].reverse().map(([road, k]) => [road.replace(/ ([NSEW])$/, (_, d: string) => ` ${FLIP[d]}`), k]);
}

/** The roads of the drive from `a` to `b` in order ("I-95 S"), when the table holds one. */
export function interstateRoads(a: { lat: number; lon: number } | undefined, b: { lat: number; lon: number } | undefined): string[] | undefined {
  return driveLegs(a, b)?.map(([road]) => road);
}

/**
 * The roads of a drive from `a` to `b` with `km` on the highway, each with its kilometres (one
 * decimal, adding up to `km`), or undefined when the table holds no drive between the two.
 */
export function interstateLegs(a: { lat: number; lon: number } | undefined, b: { lat: number; lon: number } | undefined, km: number): { road: string; km: number }[] | undefined {
  const legs = km > 0 ? driveLegs(a, b) : undefined;
  if (!legs) return undefined;
  const total = legs.reduce((s, [, k]) => s + k, 0);
  // The trip's own kilometres spread over the roads in their shares; the longest road takes the rounding.
  const out = legs.map(([road, k]) => ({ road, km: Math.round((k / total) * km * 10) / 10 }));
  const longest = out.reduce((m, l, i) => (l.km > out[m].km ? i : m), 0);
  out[longest].km = Math.round((km - out.reduce((s, l, i) => (i === longest ? s : s + l.km), 0)) * 10) / 10;
  return out;
}
