/**
 * Simulated trips follow the map: a distance between two places the table knows (or two
 * coordinates) is about the road between them, the same both ways; a drive inside one town is a
 * few kilometres; a route's highway leg is most of its length. The measure flags a distance the
 * map contradicts (simulated_answer_incoherent) — on the old answers and not on the new ones.
 */
import { describe, expect, it } from 'vitest';
import type { ToolDoc } from '../../pipeline/schemas.js';
import { bingDistance, bingRoute, gaode, MAP_TOOLS, param } from '../support/mapDocs.js';
import { simulateOffline } from '../../pipeline/resolution/simulatorRules.js';
import { localKm, straightKm, tripOf } from '../../pipeline/resolution/trips.js';
import { incoherentAnswer } from '../../pipeline/quality/measures/solvable.js';
import { Rng } from '../../pipeline/rng.js';

const TOOLS = MAP_TOOLS;
const answer = (name: string, args: Record<string, unknown>, seed = 1) => JSON.parse(simulateOffline({ name, args, tools: TOOLS }, new Rng(seed, 'trip')).response);

describe('simulated trips follow the map', () => {
  it('a distance between known places is the road between them, the same both ways', () => {
    const there = answer('BINGMap.get_distance', { start: 'Paris', end: 'London' }).distance;
    const back = answer('BINGMap.get_distance', { start: 'London', end: 'Paris' }, 2).distance;
    expect(there).toBe(back);
    expect(there).toBeGreaterThan(straightKm(bingDistance, { start: 'Paris', end: 'London' })!);
    expect(there).toBeLessThan(600);
    // AMap writes "lon,lat": Beijing to Shanghai is a long drive, with a duration to match.
    const bs = answer('GaodeMap.get_distance', { origins: '116.407417,39.904172', destination: '121.473657,31.230378' });
    expect(bs.distance).toBeGreaterThan(1000);
    expect(bs.duration).toBeGreaterThan(600);
  });

  it('a drive inside one town is a few kilometres; a route takes its highway for most of a long one and none in town', () => {
    for (let seed = 0; seed < 10; seed++) {
      const d = answer('BINGMap.get_distance', { start: '123 Orchard St, Springfield', end: '321 Industrial Ln, Springfield' }, seed).distance;
      expect(d).toBeLessThan(20);
      // Two addresses that locate only to their town are still two places (teval_query_25_2 answered 0 km).
      expect(d).toBeGreaterThan(0);
      const long = answer('BINGMap.get_route', { start: 'New York City', end: 'Miami' }, seed).route as string[];
      const leg = long.map((s) => /for (\d+(?:\.\d+)?) km/.exec(s)?.[1]).find(Boolean);
      expect(Number(leg)).toBeGreaterThan(1000);
      const short = answer('BINGMap.get_route', { start: 'Times Square', end: 'Central Park' }, seed).route as string[];
      expect(short.join(' ')).not.toMatch(/ramp|km/);
    }
    expect(tripOf(bingDistance, { start: 'somewhere', end: 'elsewhere' })?.km).toBeUndefined();
    // Two ends only the user can see: a drive across town, as long either way round (api-simulator-75).
    const there = localKm('somewhere', 'elsewhere');
    expect(there).toBeGreaterThan(0);
    expect(there).toBeLessThanOrEqual(15);
    expect(localKm('Elsewhere', 'somewhere')).toBe(there);
  });

  it('a drive across one town is as long for its route as for its distance, whichever seed draws each (api-simulator-75)', () => {
    // teval_query_305_1: the route Harvard University → Boston Public Library added up to 13.8 km beside a distance of 10.5 km.
    const ends = { start: 'Harvard University', end: 'Boston Public Library' };
    const distance = answer('BINGMap.get_distance', ends, 7).distance as number;
    for (let seed = 0; seed < 6; seed++) {
      expect(answer('BINGMap.get_distance', ends, seed).distance).toBe(distance);
      const route = answer('BINGMap.get_route', ends, seed).route as string[];
      const km = route.reduce((sum, s) => sum + [...s.matchAll(/(\d+(?:\.\d+)?) km/g)].reduce((t, m) => t + Number(m[1]), 0), 0);
      if (km > 0) expect(Math.abs(km - distance)).toBeLessThanOrEqual(Math.max(1, distance * 0.05));
    }
  });

  it('the measure flags a distance the map contradicts, and passes the road distance', () => {
    const call = { name: 'BINGMap.get_distance', args: { start: 'Times Square', end: 'Central Park' } };
    expect(incoherentAnswer(call, '{"distance": 543.9}', 'How far is it?', bingDistance)).toMatch(/distance 543.9 km where the places the call names lie 3 km apart/);
    const real = JSON.stringify(answer('BINGMap.get_distance', call.args));
    expect(incoherentAnswer(call, real, 'How far is it?', bingDistance)).toBeUndefined();
    const gaodeCall = { name: 'GaodeMap.get_distance', args: { origins: '116.407526,39.904030', destination: '121.473701,31.230416' } };
    expect(incoherentAnswer(gaodeCall, '{"distance": 61.8, "duration": 43}', 'x', gaode)).toMatch(/lie 1067 km apart/);
  });
});

describe('ranked lists keep their rank', () => {
  const films = (by: string): ToolDoc => ({
    name: `FilmTMDB.get_${by}`,
    description: `films by ${by}`,
    required_parameters: [],
    optional_parameters: [],
    return_data: [{ name: 'films', description: `list of films ranked by ${by}, including id, title, release date, popularity and rating` }],
  });
  const ranks = (doc: ToolDoc, carry: Parameters<typeof simulateOffline>[0]['carry'], seed: number, by: string) =>
    (JSON.parse(simulateOffline({ name: doc.name, args: {}, tools: [doc], carry }, new Rng(seed, 'rank')).response).films as Record<string, number>[]).map((f) => f[by]);
  const descending = (xs: number[]) => xs.every((x, i) => i === 0 || x <= xs[i - 1]);

  it('a list "ranked by rating" or "by popularity" is in that order, carried values included', () => {
    for (let seed = 0; seed < 20; seed++) {
      expect(descending(ranks(films('rating'), [], seed, 'rating'))).toBe(true);
      // The first film is the one a later call takes (its id), with a small popularity: the others fit below it.
      const first = [{ key: 'movie_id', value: 299054, field: 'films', sub: 'id' }, { key: 'bullet_items', value: 100.7, field: 'films', sub: 'popularity' }];
      const pop = ranks(films('popularity'), first, seed, 'popularity');
      expect(pop[0]).toBe(100.7);
      expect(descending(pop)).toBe(true);
    }
    const call = { name: 'FilmTMDB.get_rating', args: {} };
    expect(incoherentAnswer(call, '{"films": [{"rating": 6.3}, {"rating": 8.9}]}', 'x', films('rating'))).toMatch(/ranked by rating lists 6.3 before 8.9/);
  });
});

describe('places T-Eval names', () => {
  it('Springfield is in Illinois, not wherever a draw puts it; Cambridge, MA is not Cambridge, England', async () => {
    const { placeNamed, distanceKm } = await import('../../pipeline/resolution/places.js');
    const coords: ToolDoc = {
      name: 'BINGMap.get_coordinates',
      description: 'Get the coordinates of a location.',
      required_parameters: [param('location', 'the location')],
      optional_parameters: [],
      return_data: [{ name: 'latitude', description: 'the latitude' }, { name: 'longitude', description: 'the longitude' }],
    };
    for (let seed = 0; seed < 5; seed++) {
      const at = JSON.parse(simulateOffline({ name: coords.name, args: { location: '123 Main St, Springfield' }, tools: [coords] }, new Rng(seed, 'place')).response);
      expect(distanceKm({ lat: at.latitude, lon: at.longitude }, placeNamed('Springfield')!)).toBeLessThan(10);
    }
    expect(distanceKm(placeNamed('Cambridge, MA')!, placeNamed('Boston')!)).toBeLessThan(10);
    expect(distanceKm(placeNamed('Cambridge')!, placeNamed('London')!)).toBeLessThan(100);
  });
});

// teval_query_290_0 before api-simulator-21: the Statue of Liberty to "212 Washington St, Jersey City"
// read as Washington, DC, a route "Continue on the ring road for 323 km" for a 3 km drive (11 cases).
describe('a place named in a street is that street', () => {
  it('placesNamedIn: "Washington St" and "Washington Square" are no Washington; ", Washington, DC" is', async () => {
    const { placesNamedIn } = await import('../../pipeline/resolution/places.js');
    expect(placesNamedIn('212 Washington St, Jersey City, NJ, 07302')).toEqual([]);
    expect(placesNamedIn('Washington Square Park')).toEqual([]);
    expect(placesNamedIn('London Road, Paris').map((p) => p.name)).toEqual(['Paris']);
    // The White House's own address is in the places table at its door since api-simulator-125 (h-geo27), before the town it names.
    expect(placesNamedIn('1600 Pennsylvania Avenue NW, Washington, DC 20500').map((p) => p.name)).toEqual(['1600 Pennsylvania Avenue', 'Washington']);
    expect(placesNamedIn('1700 Pennsylvania Avenue NW, Washington, DC 20500').map((p) => p.name)).toEqual(['Washington']);
  });

  it('a route from the Statue of Liberty to an address on Washington St is no 300 km drive', () => {
    const args = { start: '40.6892,-74.0445', end: '212 Washington St, Jersey City, NJ, 07302' };
    expect(straightKm(bingRoute, args)).toBeUndefined();
    for (let seed = 0; seed < 10; seed++) {
      const route = JSON.parse(simulateOffline({ name: 'BINGMap.get_route', args, tools: TOOLS }, new Rng(seed, 'ws')).response) as { route: string[] };
      const km = route.route.map((s) => Number(/for (\d+) km/.exec(s)?.[1] ?? 0)).reduce((a, b) => a + b, 0);
      expect(km, route.route.join(' | ')).toBeLessThan(100);
    }
  });
});
