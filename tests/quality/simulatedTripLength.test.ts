/**
 * A trip between two addresses of one town (or naming none) is a drive across it, and one between far
 * places is at least their straight line: the measures flag a delivery driver's 2256.4 km between
 * "123 Main Street" and "456 Oak Street" (teval_query_277_0) and AMap's 12.3 km from the Forbidden City
 * to the Shanghai Tower (teval_query_434_1); the simulator now answers both as the map has them.
 */
import { describe, expect, it } from 'vitest';
import type { ToolDoc } from '../../pipeline/schemas.js';
import { bingDistance, bingRoute, gaode, MAP_TOOLS } from '../support/mapDocs.js';
import { simulateOffline } from '../../pipeline/resolution/simulatorRules.js';
import { tripOf } from '../../pipeline/resolution/trips.js';
import { addressTown, beyondTown, CITY_SPAN_KM, shortForFarPlaces, tripFigures } from '../../pipeline/quality/measures/simulatedTripLength.js';
import { Rng } from '../../pipeline/rng.js';

const TOOLS = MAP_TOOLS;
const simulate = (name: string, args: Record<string, unknown>, seed = 1) => simulateOffline({ name, args, tools: TOOLS }, new Rng(seed, 'trip-length')).response;
const drive = { start: '123 Main Street', end: '456 Oak Street' };

describe('simulated_distance_beyond_town', () => {
  it('reads the town an address names, none, or no address at all', () => {
    expect(addressTown('123 Main Street')).toBe('');
    expect(addressTown('221B Baker Street, London')).toBe('london');
    expect(addressTown('1600 Pennsylvania Ave NW, Washington, DC')).toBe('washington dc');
    expect(addressTown('Times Square')).toBeUndefined();
    expect(addressTown('Los Angeles')).toBeUndefined();
  });

  it('flags a distance or route past a city span between two addresses of one town, and passes a drive across it', () => {
    const action = { name: 'BINGMap.get_distance', args: drive };
    expect(beyondTown(action, "{'distance': 2256.4}", bingDistance)).toMatch(/2256\.4 km from "123 Main Street" to "456 Oak Street"/);
    expect(beyondTown(action, "{'distance': 6.2}", bingDistance)).toBeNull();
    const route = { name: 'BINGMap.get_route', args: drive };
    expect(beyondTown(route, "{'route': ['Start on Main Street heading northwest', 'After 4 km in town, take the ramp on the right for the highway', 'Continue on the highway for 2248.4 km', 'Take the exit and drive the last 4 km', 'Arrive at 456 Oak Street']}")).toMatch(/2256\.4 km/);
    // Two towns, or a town and no address: not this measure's.
    expect(beyondTown({ name: 'BINGMap.get_distance', args: { start: '350 5th Ave, New York, NY', end: '1 Infinite Loop, Cupertino, CA' } }, "{'distance': 4734.993}")).toBeUndefined();
    expect(beyondTown({ name: 'BINGMap.get_distance', args: { start: 'New York City', end: 'Los Angeles' } }, "{'distance': 4488.454}")).toBeUndefined();
    expect(tripFigures("{'distance': 10, 'duration': 240}")).toEqual({ km: 10, minutes: 240 });
  });

  it('the simulator answers two town-less addresses with a drive across town, its route too (was 2256.4 km)', () => {
    expect(tripOf(bingDistance, drive)?.local).toBe(true);
    for (let seed = 0; seed < 8; seed++) {
      const d = simulate('BINGMap.get_distance', drive, seed);
      expect(beyondTown({ name: 'BINGMap.get_distance', args: drive }, d, bingDistance)).toBeNull();
      expect(JSON.parse(d).distance).toBeLessThan(CITY_SPAN_KM);
      const r = simulate('BINGMap.get_route', drive, seed);
      // A short route names no kilometres at all (undefined), a longer one's legs stay within the town.
      expect(beyondTown({ name: 'BINGMap.get_route', args: drive }, r, bingRoute)).toBeFalsy();
      expect(r).not.toMatch(/highway for \d{3,}/);
    }
  });

  it('two ends naming different towns make no drive across one, though only one is located', () => {
    expect(tripOf(bingDistance, { start: '350 5th Ave, New York, NY', end: '1 Infinite Loop, Cupertino, CA' })?.km).toBeGreaterThan(4000);
  });
});

describe('simulated_distance_short_for_far_places', () => {
  const args = { origins: 'Forbidden City', destination: 'Shanghai Tower' };
  it('flags a within-town figure between far places, passes the road between them', () => {
    expect(shortForFarPlaces({ name: 'GaodeMap.get_distance', args }, "{'distance': 12.3, 'duration': 30}", gaode)).toMatch(/12\.3 km from Forbidden City to Shanghai Tower/);
    expect(shortForFarPlaces({ name: 'GaodeMap.get_distance', args }, "{'distance': 1337.3, 'duration': 964}", gaode)).toBeNull();
    // Coordinates in the doc's lon,lat order: Beijing to Shanghai.
    expect(shortForFarPlaces({ name: 'GaodeMap.get_distance', args: { origins: '116.407417,39.904172', destination: '121.473657,31.230378' } }, "{'distance': 8.4}", gaode)).toMatch(/8\.4 km/);
    // Near places are not its population.
    expect(shortForFarPlaces({ name: 'BINGMap.get_distance', args: { start: 'Times Square', end: 'Central Park' } }, "{'distance': 4.1}", bingDistance)).toBeUndefined();
  });

  it('the simulator drives the Forbidden City to the Shanghai Tower as the map has them (was 12.3 km, 30 minutes)', () => {
    const a = simulate('GaodeMap.get_distance', args);
    expect(shortForFarPlaces({ name: 'GaodeMap.get_distance', args }, a, gaode)).toBeNull();
    expect(JSON.parse(a).duration).toBeGreaterThan(600);
  });

  it('across an ocean the distance is the great circle, flagged when a drive a quarter longer (was 7372.0 km London to Washington)', () => {
    const args = { start: '10 Downing Street, London', end: '1600 Pennsylvania Avenue, Washington D.C.' };
    expect(shortForFarPlaces({ name: 'BINGMap.get_distance', args }, "{'distance': 7372.0}", bingDistance)).toMatch(/across an ocean/);
    const d = simulate('BINGMap.get_distance', args);
    expect(shortForFarPlaces({ name: 'BINGMap.get_distance', args }, d, bingDistance)).toBeNull();
    // One landmass keeps its roads: Beijing to Shanghai is still a drive longer than the line.
    expect(tripOf(gaode, { origins: '116.407417,39.904172', destination: '121.473657,31.230378' })!.km!).toBeGreaterThan(1.2 * 1067);
  });
});
