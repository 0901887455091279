/**
 * Simulated answers about places and listings agree with the place and the list: an Airbnb listing
 * the search named "Spacious guest suite in Berlin" is not described as a "Bright private room near
 * Park Lane" (simulated_answer_contradicts: 38.0% of its population in the default build of
 * 8de660b), and an address in Berlin, Tokyo or Bali is on one of that town's streets, not on
 * "Park Lane" (simulated_address_foreign: 149 of 149). The rules, the measures, and the simulator.
 */
import { describe, expect, it } from 'vitest';
import type { ToolDoc } from '../../pipeline/schemas.js';
import { Rng } from '../../pipeline/rng.js';
import { namesOnePlace, plausibleAnswer } from '../../pipeline/resolution/simulatorRules.js';
import { rentalKindOf } from '../../pipeline/resolution/rentalKinds.js';
import { localeNear, streetsOf, ENGLISH_STREET } from '../../pipeline/resolution/streets.js';
import { placeNamed } from '../../pipeline/resolution/places.js';
import { contradictedFacts } from '../../pipeline/quality/measures/solvable.js';
import { foreignStreet, mangledVenue } from '../../pipeline/quality/measures/simulated.js';
import { routeSteps } from '../../pipeline/resolution/simulatedText.js';
import { tripOf } from '../../pipeline/resolution/trips.js';
import { shownSimulatedSteps } from '../../pipeline/quality/evidence.js';
import type { TestCase, Trajectory } from '../../pipeline/schemas.js';

const SEARCH: ToolDoc = {
  name: 'AirbnbSearch.search_property_by_place', description: 'search properties on Airbnb',
  required_parameters: [{ name: 'place', type: 'string', description: 'the name of the place' }], optional_parameters: [],
  return_data: [{ name: 'property', description: 'a list of at most 3 properties, containing id, name, and address' }],
};
const DETAILS: ToolDoc = {
  name: 'AirbnbSearch.get_property_details', description: 'retrieve the details of a property given its ID',
  required_parameters: [{ name: 'propertyId', type: 'integer', description: 'The ID of the property.' }], optional_parameters: [],
  return_data: [{ name: 'title', description: 'the title of the property' }, { name: 'propertyType', description: 'the type of the property' }, { name: 'personCapacity', description: 'the capacity' }],
};
const list = (name: string, address = '203 Park Lane, Berlin') => ({ name: SEARCH.name, args: { place: 'Berlin' }, response: JSON.stringify({ property: [{ id: 45475252, name, address }] }) });

describe('a listing\'s details agree with the list that named it', () => {
  it('reads the kind from a listing\'s name', () => {
    expect(rentalKindOf('Spacious guest suite in Berlin')).toBe('Guest suite');
    expect(rentalKindOf('Sunny room in a shared flat')).toBe('Private room');
    expect(rentalKindOf('Cozy loft near the canal')).toBe('Loft');
    expect(rentalKindOf('Modern entire apartment in Paris')).toBe('Entire apartment');
    expect(rentalKindOf('Ocean view')).toBeUndefined();
  });

  it('the measure flags details under another name or of another kind, and passes agreeing ones', () => {
    const details = (answer: object) => ({ action: { name: DETAILS.name, args: { propertyId: 45475252 } }, response: JSON.stringify(answer) });
    const earlier = [list('Spacious guest suite in Berlin')];
    expect(contradictedFacts(details({ title: 'Bright private room near Park Lane', propertyType: 'Guest suite' }), earlier)).toMatch(/named it "Spacious guest suite in Berlin"/);
    expect(contradictedFacts(details({ title: 'Spacious guest suite in Berlin', propertyType: 'Private room' }), earlier)).toMatch(/propertyType is "Private room"/);
    expect(contradictedFacts(details({ title: 'Spacious guest suite in Berlin', propertyType: 'Guest suite' }), earlier)).toBeNull();
  });

  it('the simulator describes the listing the search gave', () => {
    for (let i = 0; i < 20; i++) {
      const earlier = [list('Spacious guest suite in Berlin')];
      const answer = plausibleAnswer(DETAILS, { propertyId: 45475252 }, new Rng(i, 'details'), 'Berlin', [], { name: 'Spacious guest suite in Berlin', fields: { address: '203 Park Lane, Berlin' } });
      expect(contradictedFacts({ action: { name: DETAILS.name, args: { propertyId: 45475252 } }, response: JSON.stringify(answer) }, earlier), JSON.stringify(answer)).toBeNull();
      expect(answer.propertyType).toBe('Guest suite');
    }
  });
});

describe('streets belong to the town', () => {
  it('knows the towns whose streets are not English, and what they are', () => {
    expect(localeNear(placeNamed('Berlin'))?.english).toBe(false);
    expect(localeNear(placeNamed('Eiffel Tower'))?.town).toBe('Paris');
    expect(localeNear(placeNamed('Times Square'))?.town).toBe('New York');
    expect(localeNear(placeNamed('Yosemite'))?.town).toBe('Yosemite Valley');
    expect(streetsOf(placeNamed('上海'), '上海').address(new Rng(1, 's'), '上海')).toMatch(/^上海\p{Script=Han}+\d+号$/u);
    expect(streetsOf(placeNamed('Berlin')).address(new Rng(1, 's'), 'Berlin')).toMatch(/^\S+(?: \S+)? \d+, Berlin$/);
  });

  it('the measure flags an English street in Berlin or Tokyo and passes a local one', () => {
    const call = { name: SEARCH.name, args: { place: 'Berlin' } };
    expect(foreignStreet(call, '{"property": [{"id": 1, "name": "Loft", "address": "199 Park Lane, Berlin"}]}', 'Find a place in Berlin.')).toMatch(/Park Lane/);
    expect(foreignStreet(call, '{"property": [{"id": 1, "name": "Loft", "address": "Torstraße 88, Berlin"}]}', 'Find a place in Berlin.')).toBeNull();
    // An address naming a town of its own the table does not know (T-Eval's Jersey City places near the Statue of Liberty) is not judged by New York's streets.
    const nearby = { name: 'BINGMap.search_nearby', args: { latitude: 40.6892, longitude: -74.0445, search_term: 'restaurants' } };
    expect(foreignStreet(nearby, '{"places": [{"name": "Cedar Kitchen", "address": "187 Warren St Ste 100, Jersey City, NJ, 07302"}]}', 'restaurants in New York City')).toBeNull();
    expect(foreignStreet(nearby, '{"places": [{"name": "Cedar Kitchen", "address": "187 Station Road, New York City, NY, 10001"}]}', 'restaurants in New York City')).toMatch(/Station Road/);
    // A real venue's own address (realVenues.ts) is a fact, on a street New York's table lacks.
    expect(foreignStreet(nearby, '{"places": [{"name": "Benares", "address": "45 Murray St, New York, NY, 10007"}]}', 'restaurants in New York City')).toBeNull();
    expect(foreignStreet(nearby, '{"places": [{"name": "Cedar Kitchen", "address": "46 Murray St, New York, NY, 10007"}]}', 'restaurants in New York City')).toMatch(/Murray St/);
    // A call about no place: outside the population.
    expect(foreignStreet({ name: SEARCH.name, args: { place: 'Atlantis' } }, '{"property": [{"address": "12 Park Lane, Atlantis"}]}', '')).toBeUndefined();
    expect(foreignStreet({ name: 'PolygonFinance.get_ticker_detail', args: { ticker: 'TSLA' } }, '{"address": "1 Tesla Road, Austin"}', 'I am in Tokyo.')).toBeUndefined();
  });

  it('the simulator writes addresses and routes on the town\'s own streets', () => {
    for (let i = 0; i < 30; i++) {
      for (const place of ['Berlin', 'Tokyo', 'Bali', 'Paris', 'Copenhagen']) {
        const answer = JSON.stringify(plausibleAnswer(SEARCH, { place }, new Rng(i, 'search', place), place));
        expect(foreignStreet({ name: SEARCH.name, args: { place } }, answer, `Find a place in ${place}.`), answer).toBeNull();
      }
      const route = routeSteps({ rng: new Rng(i, 'route'), args: { origin: 'Tokyo', destination: 'Tokyo' }, subject: '', hint: 'BINGMap.get_route', near: placeNamed('Tokyo') }).join(' ');
      expect(ENGLISH_STREET.test(route), route).toBe(false);
    }
  });
});

describe('routes run on the roads of the towns they join', () => {
  it('Beijing to Shanghai by coordinates: Chinese streets at each end and a Chinese expressway, never the M25', () => {
    for (let i = 0; i < 30; i++) {
      const from = { lat: 39.904172, lon: 116.407417 };
      const to = { lat: 31.230378, lon: 121.473657 };
      const route = routeSteps({ rng: new Rng(i, 'route'), args: { origin: '116.407417,39.904172', destination: '121.473657,31.230378' }, subject: '', hint: 'GaodeMap.get_route', trip: { km: 1334, local: false, from, to } });
      const text = route.join(' | ');
      expect(text, text).not.toMatch(/\b(M25|US-101|I-\d+|A7|Main St|Oak Ave)\b/);
      expect(text, text).toMatch(/G\d+ \w+ Expressway|Ring Road|Elevated Road/);
    }
  });
});

describe('a search for one named place finds that place', () => {
  const NEARBY: ToolDoc = {
    name: 'BINGMap.search_nearby', description: 'Search for places nearby a location, within a given radius.',
    required_parameters: [{ name: 'search_term', type: 'string', description: 'what to look for' }, { name: 'latitude', type: 'float', description: 'latitude' }, { name: 'longitude', type: 'float', description: 'longitude' }],
    optional_parameters: [], return_data: [{ name: 'places', description: 'a list of at most 3 places, containing name and address' }],
  };
  it('names no made-up place after it; a kind of place still names venues of that kind', () => {
    expect(namesOnePlace('Le Bernardin')).toBe(true);
    expect(namesOnePlace('Italian restaurant')).toBe(false);
    expect(mangledVenue({ name: NEARBY.name, args: { search_term: 'Le Bernardin' } }, '{"places": [{"name": "Harbor View Le Bernardin"}]}')).toMatch(/Harbor View Le Bernardin/);
    for (let i = 0; i < 20; i++) {
      const args = { search_term: 'Le Bernardin', latitude: 40.7614, longitude: -73.9817 };
      const answer = JSON.stringify(plausibleAnswer(NEARBY, args, new Rng(i, 'nearby'), 'New York'));
      expect(mangledVenue({ name: NEARBY.name, args }, answer), answer).toBeNull();
      expect(answer).toContain('"Le Bernardin"');
    }
  });
});

// Every town the place table knows has its own streets (simulated_address_foreign before the change:
// 16.7% (120/717) of the cases showing an address or route about one, on the build of f7ff899).
describe('a known English-speaking town is on its own streets too', () => {
  const ROUTE: ToolDoc = {
    name: 'BINGMap.get_route', description: 'Get the route between two locations in km.',
    required_parameters: [{ name: 'start', type: 'string', description: 'The start location.' }, { name: 'end', type: 'string', description: 'The end location.' }],
    optional_parameters: [], return_data: [{ name: 'route', description: 'the route, a list of actions.' }],
  };
  const NEARBY: ToolDoc = {
    name: 'BINGMap.search_nearby', description: 'Search for places nearby a location, within a given radius.',
    required_parameters: [{ name: 'search_term', type: 'string', description: 'the term to search' }],
    optional_parameters: [{ name: 'latitude', type: 'float', description: 'latitude' }, { name: 'longitude', type: 'float', description: 'longitude' }, { name: 'radius', type: 'float', description: 'radius in meters' }],
    return_data: [{ name: 'places', description: 'a list of places, each with name and address' }],
  };

  it('the measure flags a street from nowhere in New York, San Bruno or Denver and passes the town\'s own', () => {
    const route = { name: ROUTE.name, args: { start: 'AMC Empire 25 cinema', end: 'Central Park' } };
    expect(foreignStreet(route, '{"route": ["Start on Hill Street heading west", "Arrive at Central Park"]}', '')).toMatch(/Hill Street/);
    expect(foreignStreet(route, '{"route": ["Start on Madison Avenue heading west", "Arrive at Central Park"]}', '')).toBeNull();
    expect(foreignStreet({ name: NEARBY.name, args: { search_term: 'cafe', places: 'San Bruno' } }, '{"places": [{"name": "Blue Door Cafe", "address": "12 Station Road"}]}', '')).toMatch(/Station Road/);
    expect(foreignStreet({ name: ROUTE.name, args: { start: 'Denver', end: 'Boulder' } }, '{"route": ["Head north on Larimer Street toward Blake Street"]}', '')).toBeNull();
    // A street the case's own calls name (an address a later call routes to) is the user's.
    expect(foreignStreet(route, '{"route": ["Start on Reed Street"]}', '', '{"end": "24 Reed Street, Brooklyn"}')).toBeNull();
  });

  it('a route from a place nothing locates to Central Park runs on New York streets', () => {
    for (let i = 0; i < 30; i++) {
      const args = { start: 'AMC Empire 25 cinema', end: 'Central Park' };
      const steps = routeSteps({ rng: new Rng(i, 'route'), args, subject: '', hint: ROUTE.name, trip: tripOf(ROUTE, args) }).join(' | ');
      expect(foreignStreet({ name: ROUTE.name, args }, JSON.stringify({ route: steps.split(' | ') }), ''), steps).toBeNull();
    }
  });

  it('a search near coordinates answers on the streets of the town they are in', () => {
    for (let i = 0; i < 30; i++) {
      const args = { search_term: 'coffee shop', latitude: 40.757, longitude: -73.986, radius: 500 };
      const answer = JSON.stringify(plausibleAnswer(NEARBY, args, new Rng(i, 'nearby')));
      expect(foreignStreet({ name: NEARBY.name, args }, answer, 'Coffee shops near Times Square?'), answer).toBeNull();
    }
  });
});

describe('the wrong call\'s answer is measured as every other simulated answer', () => {
  const doc: ToolDoc = { name: 'BINGMap.get_route', description: 'route', required_parameters: [], optional_parameters: [], return_data: [] };
  const trajectory = { id: 't1', source: 'teval', tools: [doc], meta: {}, turns: [{ user: 'Route from Central Park to the AMC Empire 25 cinema.', steps: [] }] } as unknown as Trajectory;
  const tc = (response: string) =>
    ({
      id: 'c1', trajectoryId: 't1', k: 1, tools: [doc],
      messages: [{ role: 'user', content: 'Route from Central Park to the AMC Empire 25 cinema.' }, { role: 'assistant', content: '{}' }, { role: 'function', content: '{"route": ["Start on Hill Street"]}' }],
      erroneousAction: { name: doc.name, args: { start: 'AMC Empire 25 cinema', end: 'Central Park' } },
      groundTruth: { name: doc.name, args: { start: 'Central Park', end: 'AMC Empire 25 cinema' } },
      provenance: { methods: { response }, parents: [] },
    }) as unknown as TestCase;

  it('a simulated answer to the wrong call is among the shown simulated steps; a backend\'s is not', () => {
    const steps = shownSimulatedSteps(tc('simulated:api-simulator-39'), { trajectory: () => trajectory } as never)!;
    expect(steps.map((s) => s.action.args)).toEqual([{ start: 'AMC Empire 25 cinema', end: 'Central Park' }]);
    expect(shownSimulatedSteps(tc('backend:GorillaFileSystem'), { trajectory: () => trajectory } as never)).toEqual([]);
  });
});
