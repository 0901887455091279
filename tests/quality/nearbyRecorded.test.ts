/**
 * A nearby search of a place and kind T-Eval recorded a search of lists the recorded places
 * (api-simulator-150, recordedNearby.ts): "restaurant" near "Times Square, New York City" listed
 * made-up "Bistro Basile" at "388 West 44th Street" (teval_query_264_0) where the recording of
 * "restaurant" near "Times Square" found Hard Rock Cafe, Carmine's …; hotels within 20 km of Times
 * Square were "Walnut Suites" on Mulberry Street (35_0). simulated_nearby_unlike_recorded 8/13 on g0 -> 0/13 on h-geo31's b1.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../pipeline/rng.js';
import { simulateOffline } from '../../pipeline/resolution/simulatorRules.js';
import { kindOfTerm, nearbyUnlikeRecorded, recordedNearbySearches } from '../../pipeline/quality/measures/simulatedNearbyRecorded.js';
import type { ToolDoc } from '../../pipeline/schemas.js';

const NEARBY: ToolDoc = {
  name: 'BINGMap.search_nearby',
  description: 'Search for places nearby a location, within a given radius, and return the results into a list.',
  required_parameters: [{ name: 'search_term', type: 'string', description: 'the place name' }],
  optional_parameters: [
    { name: 'places', type: 'string', description: 'the name of the location.' },
    { name: 'latitude', type: 'float', description: 'the latitude of the location.' },
    { name: 'longitude', type: 'float', description: 'the longitude of the location.' },
    { name: 'radius', type: 'integer', description: 'radius in meters.' },
  ],
  return_data: [{ name: 'places', description: 'the list of places, each place is a dict with name and address, at most 5 places.' }],
};
const RESTAURANTS = { places: 'Times Square, New York City', radius: 500, search_term: 'restaurant' };
const HOTELS = { places: 'Times Square, New York City', radius: 20000, search_term: 'hotels' };

describe('a nearby search T-Eval recorded lists the recorded places', () => {
  it('the measure reads the recordings from the vendored data and flags a made-up name, passing the recorded ones', () => {
    const records = recordedNearbySearches();
    expect(records.some((r) => r.kind === 'restaurant' && r.names.includes("Carmine's"))).toBe(true);
    expect(kindOfTerm('eateries')).toBe('restaurant');
    expect(kindOfTerm('accommodation')).toBe('hotel');
    const act = (args: object) => ({ name: NEARBY.name, args });
    expect(nearbyUnlikeRecorded(act(RESTAURANTS), "{'places': [{'name': 'Bistro Basile', 'address': '388 West 44th Street, New York City'}]}", [], records, NEARBY)).toMatch(/Bistro Basile/);
    expect(nearbyUnlikeRecorded(act({ ...RESTAURANTS, search_term: 'eateries' }), "{'places': [{'name': 'Hard Rock Cafe', 'address': '1501 Broadway, New York, NY, 10036'}]}", [], records, NEARBY)).toBeNull();
    // A name the plan writes is the task's own; a kind no recording searched there is outside the population.
    expect(nearbyUnlikeRecorded(act(RESTAURANTS), "{'places': [{'name': 'Bistro Basile', 'address': 'x'}]}", ['bistro basile'], records, NEARBY)).toBeNull();
    expect(nearbyUnlikeRecorded(act({ ...RESTAURANTS, search_term: 'gas station' }), "{'places': [{'name': 'BP', 'address': 'x'}]}", [], records, NEARBY)).toBeUndefined();
    expect(nearbyUnlikeRecorded(act({ ...RESTAURANTS, places: 'Central Park' }), "{'places': [{'name': 'Sage Kitchen', 'address': 'x'}]}", [], records, NEARBY)).toBeUndefined();
  });

  it('the simulator lists the recorded restaurants and hotels near Times Square however the search is spelt', () => {
    const records = recordedNearbySearches();
    for (let seed = 0; seed < 6; seed++) {
      for (const args of [RESTAURANTS, { ...RESTAURANTS, places: 'Times Square', search_term: 'eateries', radius: 1000 }, HOTELS, { ...HOTELS, search_term: 'accommodation', radius: 1000 }]) {
        const r = simulateOffline({ name: NEARBY.name, args, tools: [NEARBY], place: 'New York City' }, new Rng(seed, 'nearby')).response;
        expect(nearbyUnlikeRecorded({ name: NEARBY.name, args }, r, [], records, NEARBY), r).toBeNull();
        expect((r.match(/["']name["']/g) ?? []).length, r).toBe(5);
      }
      // Asked for three, three; a later step copying a drawn name keeps it.
      const three = simulateOffline({ name: NEARBY.name, args: RESTAURANTS, tools: [NEARBY], asked: 3 }, new Rng(seed, 'nearby')).response;
      expect((three.match(/["']name["']/g) ?? []).length, three).toBe(3);
      const kept = simulateOffline({ name: NEARBY.name, args: RESTAURANTS, tools: [NEARBY], carry: [{ key: 'name', field: 'places', sub: 'name', value: 'Bistro Basile' }] }, new Rng(seed, 'nearby')).response;
      expect(kept).toMatch(/Bistro Basile/);
      expect(kept).toMatch(/Hard Rock Cafe/);
    }
  });
});
