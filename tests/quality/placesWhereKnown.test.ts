/**
 * Places of a kind whose real set is few and known, or that the ground cannot have (api-simulator-143):
 * campgrounds by Yosemite (teval_query_321_2 listed "Saffron Ridge Campsite" at "97 Southside Drive,
 * Yosemite") and beaches in Bali's hills (91_2: "Granite Beach" at "Tampaksiring, Bali", 15 km from
 * the sea). simulated_place_made_up_where_known 15/15 on g0 -> 0/11 on h-geo30's b2.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../pipeline/rng.js';
import { simulateOffline } from '../../pipeline/resolution/simulatorRules.js';
import { placeMadeUpWhereKnown } from '../../pipeline/quality/measures/simulatedPlaceSpots.js';
import type { ToolDoc } from '../../pipeline/schemas.js';

const NEARBY: ToolDoc = {
  name: 'BINGMap.search_nearby',
  description: 'Search for places nearby a location, within a given radius, and return the results into a list.',
  required_parameters: [{ name: 'search_term', type: 'string', description: '[Required] the place name' }],
  optional_parameters: [{ name: 'latitude', type: 'float', description: 'the latitude of the location.' }, { name: 'longitude', type: 'float', description: 'the longitude of the location.' }, { name: 'radius', type: 'integer', description: 'radius in meters.' }],
  return_data: [{ name: 'places', description: 'the list of places, each place is a dict with name and address, at most 5 places.' }],
};
const YOSEMITE = { latitude: 37.84857941, longitude: -119.55725861, radius: 10000, search_term: 'camping' };
const TAMPAKSIRING = { latitude: -8.44929, longitude: 115.3113, radius: 2000, search_term: 'beach' };
const KUTA = { latitude: -8.72, longitude: 115.172, radius: 2000, search_term: 'beach' };

describe('a search for a kind whose real places are known lists them, or none', () => {
  it('the measure flags a made-up Yosemite campground and a beach in the hills, and passes the real ones', () => {
    const act = (args: object) => ({ name: NEARBY.name, args });
    expect(placeMadeUpWhereKnown(act(YOSEMITE), "{'places': [{'name': 'Saffron Ridge Campsite', 'address': '97 Southside Drive, Yosemite'}]}", [], NEARBY)).toMatch(/no such campground/);
    expect(placeMadeUpWhereKnown(act(YOSEMITE), "{'places': [{'name': 'Upper Pines Campground', 'address': 'Southside Dr, Yosemite National Park, CA, 95389'}, {'name': 'Camp 4', 'address': 'Northside Dr'}]}", [], NEARBY)).toBeNull();
    expect(placeMadeUpWhereKnown(act(TAMPAKSIRING), "{'places': [{'name': 'Granite Beach', 'address': 'Tampaksiring, Bali'}]}", [], NEARBY)).toMatch(/from Bali's coast/);
    expect(placeMadeUpWhereKnown(act(TAMPAKSIRING), "{'places': []}", [], NEARBY)).toBeNull();
    expect(placeMadeUpWhereKnown(act(KUTA), "{'places': [{'name': 'Kuta Beach', 'address': 'Jl. Pantai Kuta'}]}", [], NEARBY)).toBeNull();
    // A name the plan itself writes (upstream's, a later step routes to it) is no made-up one.
    expect(placeMadeUpWhereKnown(act(TAMPAKSIRING), "{'places': [{'name': 'Komaneka at Keramas Beach', 'address': 'Tampaksiring, Bali'}]}", ['komaneka at keramas beach'], NEARBY)).toBeNull();
    // A beach resort is a hotel search, not a beach one.
    expect(placeMadeUpWhereKnown(act({ ...TAMPAKSIRING, search_term: 'beach resort' }), "{'places': [{'name': 'X', 'address': 'Y'}]}", [], NEARBY)).toBeUndefined();
  });

  it('the simulator lists Yosemite\'s real campgrounds in reach, no beach in the hills, Kuta Beach by Kuta', () => {
    for (let seed = 0; seed < 8; seed++) {
      const camp = simulateOffline({ name: NEARBY.name, args: YOSEMITE, tools: [NEARBY], place: 'Yosemite' }, new Rng(seed, 'camp')).response;
      expect(camp).toMatch(/Yosemite Creek Campground/);
      expect(placeMadeUpWhereKnown({ name: NEARBY.name, args: YOSEMITE }, camp, [], NEARBY), camp).toBeNull();
      const hills = simulateOffline({ name: NEARBY.name, args: TAMPAKSIRING, tools: [NEARBY], place: 'Bali' }, new Rng(seed, 'beach')).response;
      expect(hills).toMatch(/^\{["']places["']: \[\]\}$/);
      const kuta = simulateOffline({ name: NEARBY.name, args: KUTA, tools: [NEARBY], place: 'Bali' }, new Rng(seed, 'beach')).response;
      expect(kuta).toMatch(/Kuta Beach/);
    }
  });
});
