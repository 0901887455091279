/**
 * A distance between named places is about the road between their real positions (realCoordinates.ts,
 * the report's own table): the simulator answered "University of California, Berkeley" to the
 * "Massachusetts Institute of Technology" with 9.944 km (teval_query_190_0: Berkeley located alone, MIT
 * nowhere, read as a drive across Berkeley) and "123 Main Street, Anytown" to "John Doe University
 * library" with a drawn 4155.349 km (309_1). simulated_distance_off_real_places flags both; the
 * simulator now answers the campuses' 4,314 km of great circle by road and the home's trip across town.
 */
import { describe, expect, it } from 'vitest';
import { bingDistance, bingRoute, MAP_TOOLS } from '../support/mapDocs.js';
import { simulateOffline } from '../../pipeline/resolution/simulatorRules.js';
import { tripOf } from '../../pipeline/resolution/trips.js';
import { geocodeOffRealPlace, offRealPlaces, ROAD_MAX } from '../../pipeline/quality/measures/simulatedTripReal.js';
import { realPlaceNamed } from '../../pipeline/quality/realCoordinates.js';
import { Rng } from '../../pipeline/rng.js';

const CAMPUSES = { start: 'University of California, Berkeley', end: 'Massachusetts Institute of Technology' };
const HOME = { start: '123 Main Street, Anytown', end: 'John Doe University library' };
const distance = (args: Record<string, unknown>) => ({ name: bingDistance.name, args });
const simulate = (name: string, args: Record<string, unknown>, seed = 1) => simulateOffline({ name, args, tools: MAP_TOOLS }, new Rng(seed, 'trip-real')).response;

describe('simulated_distance_off_real_places', () => {
  it('flags a distance shorter than the straight line or far past any road, passes one between them', () => {
    expect(offRealPlaces(distance(CAMPUSES), "{'distance': 9.944}", bingDistance)).toMatch(/9\.9 km from "University of California, Berkeley" to "Massachusetts Institute of Technology", 431\d\.\d km apart/);
    expect(offRealPlaces(distance(CAMPUSES), "{'distance': 5392}", bingDistance)).toBeNull();
    expect(offRealPlaces(distance(CAMPUSES), `{'distance': ${Math.round(4314 * ROAD_MAX + 200)}}`, bingDistance)).toMatch(/at most 1\.6 times/);
    // Times Square to Central Park's reach (its lawns run 4 km): a few km either way passes.
    expect(offRealPlaces(distance({ start: 'Times Square', end: 'Central Park' }), "{'distance': 4.181}", bingDistance)).toBeNull();
    // Coordinates are ends too; ends the table does not hold are no population.
    expect(offRealPlaces(distance({ start: 'Tokyo Tower', end: '35.71975,139.79289' }), "{'distance': 10.345}", bingDistance)).toBeNull();
    expect(offRealPlaces(distance({ start: 'Whole Foods Market', end: 'Times Square' }), "{'distance': 900}", bingDistance)).toBeUndefined();
    expect(realPlaceNamed('Times Square, New York City')).toBeDefined();
  });

  it('flags a home in a made-up town far from a place named with no town, and passes a drive across it', () => {
    expect(offRealPlaces(distance(HOME), "{'distance': 4155.349}", bingDistance)).toMatch(/4155\.3 km from "123 Main Street, Anytown" to "John Doe University library", a trip inside one town/);
    expect(offRealPlaces(distance(HOME), "{'distance': 12.4}", bingDistance)).toBeNull();
    // A route's legs add up to its length.
    expect(offRealPlaces({ name: bingRoute.name, args: HOME }, "{'route': ['Start on Main Street heading north', 'Continue on the highway for 4150 km', 'Arrive at John Doe University library']}", bingRoute)).toMatch(/4150\.0 km/);
  });

  it('the simulator answers both as the map has them (was 9.944 and 4155.349 km)', () => {
    const trip = tripOf(bingDistance, CAMPUSES)!;
    expect(trip.local).toBe(false);
    expect(trip.km!).toBeGreaterThan(4314);
    expect(tripOf(bingDistance, HOME)!.local).toBe(true);
    for (let seed = 1; seed <= 5; seed++) {
      expect(offRealPlaces(distance(CAMPUSES), simulate(bingDistance.name, CAMPUSES, seed), bingDistance)).toBeNull();
      expect(offRealPlaces(distance(HOME), simulate(bingDistance.name, HOME, seed), bingDistance)).toBeNull();
      expect(offRealPlaces({ name: bingRoute.name, args: HOME }, simulate(bingRoute.name, HOME, seed), bingRoute)).toBeNull();
    }
  });
});

describe('simulated_geocode_off_real_place', () => {
  const GEO = { name: 'BINGMap.get_coordinates', description: 'get the coordinates of a location', required_parameters: [{ name: 'location', type: 'string' as const, description: 'the location' }], optional_parameters: [], return_data: [{ name: 'latitude', description: 'the latitude' }, { name: 'longitude', description: 'the longitude' }] };
  const ask = { name: GEO.name, args: { location: 'Marriott Marquis Washington, DC' } };
  it('flags the hotel geocoded in Kalorama, passes it at its door, leaves places the table does not hold out', () => {
    expect(geocodeOffRealPlace(ask, "{'latitude': 38.92695927, 'longitude': -77.04953343}")).toMatch(/3\.\d km from where it stands/);
    expect(geocodeOffRealPlace(ask, "{'latitude': 38.9026, 'longitude': -77.0236}")).toBeNull();
    expect(geocodeOffRealPlace({ name: GEO.name, args: { location: 'Springfield' } }, "{'latitude': 1, 'longitude': 1}")).toBeUndefined();
  });

  it('the simulator geocodes the Marriott Marquis and the Convention Center where they stand (was 3.5 km off)', () => {
    for (let seed = 1; seed <= 4; seed++) {
      for (const location of ['Marriott Marquis Washington, DC', 'Washington Convention Center']) {
        const out = simulateOffline({ name: GEO.name, args: { location }, tools: [GEO] }, new Rng(seed, 'geo')).response;
        expect(geocodeOffRealPlace({ name: GEO.name, args: { location } }, out), out).toBeNull();
      }
    }
  });
});
