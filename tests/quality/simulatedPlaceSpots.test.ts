/**
 * A nearby search's made-up places suit the city and stand at doors of their own: the measures flag
 * "Heron Creek Trail" at "1 Columbus Avenue" near Times Square (teval_query_310_2), two restaurants at
 * "1 Mulberry Street" (teval_query_314_0) and a made-up tavern at Eleven Madison Park's door; the
 * simulator's names and addresses no longer give them.
 */
import { describe, expect, it } from 'vitest';
import { addressNumberOffStreet, addressTownNotTown, geocodeOffFamousAddress, sightMadeUp, placeAtRealVenueAddress, placesShareAddress, wildInCity } from '../../pipeline/quality/measures/simulatedPlaceSpots.js';
import { simulateOffline } from '../../pipeline/resolution/simulatorRules.js';
import type { ToolDoc } from '../../pipeline/schemas.js';
import { venueName } from '../../pipeline/resolution/simulatedText.js';
import { madeUpPlacesAtOwnDoors, venueAtAddress } from '../../pipeline/resolution/realVenues.js';
import { isCityLocale, streetsOf } from '../../pipeline/resolution/streets.js';
import { placeNamed } from '../../pipeline/resolution/places.js';
import { Rng } from '../../pipeline/rng.js';
import { numberOnItsStreet } from '../../pipeline/resolution/streetGeo.js';
import { bingNearby } from '../support/mapDocs.js';

const nearby = (args: Record<string, unknown>) => ({ name: 'BINGMap.search_nearby', args });
const listing = (...places: [string, string][]) => `{'places': [${places.map(([n, a]) => `{'name': '${n}', 'address': '${a}'}`).join(', ')}]}`;

describe('simulated_place_wild_in_city', () => {
  it('flags a trail at a house number near Times Square, passes city parks and the open country', () => {
    const times = nearby({ places: 'Times Square', radius: 5000, search_term: 'park' });
    expect(wildInCity(times, listing(['Magnolia Gardens', '112 Columbus Avenue'], ['Heron Creek Trail', '1 Columbus Avenue']))).toMatch(/Heron Creek Trail/);
    expect(wildInCity(times, listing(['Magnolia Gardens', '112 Columbus Avenue'], ['Murphy Park', '143 Amsterdam Avenue']))).toBeNull();
    // Yosemite is no big city: its campgrounds are where they should be.
    expect(wildInCity(nearby({ latitude: 37.8486, longitude: -119.5573, radius: 10000, search_term: 'camping' }), listing(['Anchor Creek Campground', '63 Big Oak Flat Road, Yosemite']))).toBeUndefined();
  });

  it('the simulator names no open-country place in a city, and keeps them outside one', () => {
    const city = isCityLocale(streetsOf(placeNamed('Times Square')));
    expect(city).toBe(true);
    expect(isCityLocale(streetsOf(placeNamed('Yosemite')))).toBe(false);
    const rng = new Rng(7, 'parks');
    const names = Array.from({ length: 60 }, () => venueName('Park', rng, new Set(), true));
    expect(names.filter((n) => /Trail|Creek|Nature Reserve|Lookout/.test(n))).toEqual([]);
    const attractions = Array.from({ length: 60 }, () => venueName('Attraction', rng, new Set(), true));
    expect(attractions.filter((n) => /Lookout/.test(n))).toEqual([]);
    // Outside a city the forms stay (a trail in the country is fine); a kind with only such forms keeps them.
    const country = Array.from({ length: 60 }, () => venueName('Park', rng, new Set(), false));
    expect(country.some((n) => /Trail|Nature Reserve/.test(n))).toBe(true);
    expect(venueName('Campground', rng, new Set(), true)).toMatch(/\S/);
    // Five city parks of one answer are not three "Park"s (simulated_venue_templated on b4: "Brennan Park", "Brennan Memorial Park", "Weber Park").
    for (let seed = 0; seed < 20; seed++) {
      const r = new Rng(seed, 'city-parks');
      const used = new Set<string>();
      const five = Array.from({ length: 5 }, () => venueName('Park', r, used, true));
      expect(five.filter((n) => / Park$/.test(n)).length, five.join(', ')).toBeLessThanOrEqual(2);
    }
  });
});

describe('simulated_places_share_address and simulated_place_at_real_venue_address', () => {
  const args = { latitude: 40.713, longitude: -74.0072, radius: 1000, search_term: 'restaurants' };
  it('flags two places at one door and a made-up place at a real venue\'s', () => {
    expect(placesShareAddress(nearby(args), listing(['Lantern Kitchen', '1 Mulberry Street, New York City'], ['Bistro Colette', '1 Mulberry Street, New York City']))).toMatch(/both at "1 Mulberry Street/);
    expect(placesShareAddress(nearby(args), listing(['Lantern Kitchen', '1 Mulberry Street, New York City'], ['Bistro Colette', '3 Mulberry Street, New York City']))).toBeNull();
    expect(placeAtRealVenueAddress(nearby(args), listing(['Sage Tavern', '11 Madison Avenue']))).toMatch(/Eleven Madison Park/);
    expect(placeAtRealVenueAddress(nearby(args), listing(['Eleven Madison Park', '11 Madison Ave, New York, NY, 10010'], ['Sage Tavern', '13 Madison Avenue']))).toBeNull();
    // Another town's 11 Madison Avenue is no venue's.
    expect(venueAtAddress('11 Madison Avenue, Chicago')).toBeUndefined();
  });

  it('the simulator moves made-up places off taken doors, real venues and copied addresses staying', () => {
    const answer = {
      places: [
        { name: 'Lantern Kitchen', address: '1 Mulberry Street, New York City' },
        { name: 'Bistro Colette', address: '1 Mulberry Street, New York City' },
        { name: 'Sage Tavern', address: '11 Madison Avenue' },
        { name: 'Eleven Madison Park', address: '11 Madison Ave, New York, NY, 10010' },
        { name: 'Copied Grill', address: '59 West 44th Street' },
      ],
    };
    madeUpPlacesAtOwnDoors(answer, (v) => v === '59 West 44th Street');
    const out = JSON.stringify(answer);
    expect(placesShareAddress(nearby(args), out)).toBeNull();
    expect(answer.places[0].address).toBe('1 Mulberry Street, New York City');
    expect(answer.places[1].address).toBe('3 Mulberry Street, New York City');
    expect(answer.places[2].address).toBe('13 Madison Avenue');
    expect(answer.places[3].address).toBe('11 Madison Ave, New York, NY, 10010');
    // The task's own plan copies it: the source's run found it there (the Algonquin's door, yet carried).
    expect(answer.places[4].address).toBe('59 West 44th Street');
  });
});

describe('simulated_geocode_off_famous_address', () => {
  const geocoder: ToolDoc = {
    name: 'BINGMap.get_coordinates',
    description: 'Get the coordinates of a location.',
    required_parameters: [{ name: 'location', type: 'string', description: 'the location need to get coordinates.' }],
    optional_parameters: [],
    return_data: [{ name: 'latitude', description: 'the latitude of the location.' }, { name: 'longitude', description: 'the longitude of the location.' }],
  };
  const ask = (location: string) => ({ name: 'BINGMap.get_coordinates', args: { location } });
  it('flags Downing Street geocoded in Camden, passes its door and addresses the table does not know', () => {
    expect(geocodeOffFamousAddress(ask('10 Downing Street, London'), "{'latitude': 51.531507, 'longitude': -0.136534}")).toMatch(/3\.\d km from its door/);
    expect(geocodeOffFamousAddress(ask('10 Downing Street, London'), "{'latitude': 51.5035, 'longitude': -0.1275}")).toBeNull();
    expect(geocodeOffFamousAddress(ask('123 Main Street'), "{'latitude': 1, 'longitude': 2}")).toBeUndefined();
  });
  it('the simulator geocodes famous addresses at their doors (was 3.2 km off)', () => {
    for (const location of ['10 Downing Street, London', '1600 Pennsylvania Avenue, Washington D.C.']) {
      for (let seed = 0; seed < 5; seed++) {
        const r = simulateOffline({ name: 'BINGMap.get_coordinates', args: { location }, tools: [geocoder] }, new Rng(seed, 'geocode')).response;
        expect(geocodeOffFamousAddress(ask(location), r)).toBeNull();
      }
    }
  });
});

describe('simulated_address_number_off_street', () => {
  const walk = nearby({ latitude: 34.10173035, longitude: -118.32644653, places: 'Hollywood Walk of Fame', radius: 1000, search_term: 'attractions' });
  it('flags a house number Los Angeles does not give its street, passes one it does and streets it does not number', () => {
    expect(addressNumberOffStreet(walk, listing(['Whitfield Museum of Natural History', '67 Santa Monica Boulevard']))).toMatch(/5500 to 9600/);
    expect(addressNumberOffStreet(walk, listing(['Whitfield Museum of Natural History', '6520 Santa Monica Boulevard']))).toBeNull();
    expect(addressNumberOffStreet(walk, listing(['Old Walnut Market Hall', '36 La Brea Avenue']))).toBeUndefined();
    // New York's streets are numbered from 1: a drawn 1-180 is one of theirs.
    expect(addressNumberOffStreet(nearby({ places: 'Times Square', radius: 5000, search_term: 'park' }), listing(['Murphy Park', '143 Amsterdam Avenue']))).toBeNull();
  });
  it('the simulator redraws a number its street lacks, in the street\'s range', () => {
    const rng = new Rng(3, 'numbers');
    const moved = numberOnItsStreet('67 Santa Monica Boulevard', (lo, hi) => rng.int(lo, hi), 'Los Angeles');
    const n = Number(/^\d+/.exec(moved)?.[0]);
    expect(moved).toMatch(/^\d+ Santa Monica Boulevard$/);
    expect(n).toBeGreaterThanOrEqual(5500);
    expect(n).toBeLessThanOrEqual(9600);
    expect(numberOnItsStreet('143 Amsterdam Avenue', () => 0, 'New York')).toBe('143 Amsterdam Avenue');
    expect(numberOnItsStreet('36 La Brea Avenue', () => 0, 'Los Angeles')).toBe('36 La Brea Avenue');
  });
});

describe('simulated_address_town_not_town (teval_query_188_0, 26_0)', () => {
  it('flags an address ending in a campus or another address, passes towns and postal towns', () => {
    const stanford = nearby({ places: 'Stanford University', radius: 1000, search_term: 'restaurants' });
    expect(addressTownNotTown(stanford, listing(['The Humble Clover', '61 Serra Street, Stanford University']))).toMatch(/Stanford University/);
    expect(addressTownNotTown(nearby({ search_term: '1600 Pennsylvania Avenue NW, Washington, DC 20500' }), listing(['The Rosemary Lodge', '168 Constitution Avenue NW, 1600 Pennsylvania Avenue']))).toMatch(/1600 Pennsylvania Avenue/);
    expect(addressTownNotTown(stanford, listing(['The Humble Clover', '61 Serra Street']))).toBeNull();
    // A town that sounds like a park, a postal town, a Brazilian house number after its street: all towns' lines.
    expect(addressTownNotTown(nearby({ places: 'Los Angeles' }), listing(['Lantern House', '141 Garvey Avenue, Monterey Park'], ['Hotel Lapin', '61 Avenue de La Bourdonnais, 75007 Paris'], ['Casa', 'Rua Ramos Ferreira, 76, Manaus']))).toBeNull();
  });

  it('the simulator ends such an address in the town the place is in, or in nothing (failed on api-simulator-132)', () => {
    const tool = bingNearby;
    for (let seed = 0; seed < 20; seed++) {
      for (const args of [{ places: 'Stanford University', radius: 1000, search_term: 'restaurants' }, { search_term: '1600 Pennsylvania Avenue NW, Washington, DC 20500' }, { places: '1600 Pennsylvania Avenue NW, Washington, DC 20500', search_term: 'cafe' }]) {
        const response = simulateOffline({ name: tool.name, args, tools: [tool] }, new Rng(seed, 'town', JSON.stringify(args))).response;
        expect(addressTownNotTown(nearby(args), response), response).toBeNull();
      }
    }
  });
});

describe('simulated_sight_made_up (teval_query_185_2, 188_1, 270_1, 305_0, 107_2)', () => {
  const tool = bingNearby;
  const eiffel = { places: 'Eiffel Tower', radius: 1000, search_term: 'attractions' };

  it('flags a made-up sight at a drawn address in a big city, passes published addresses, restaurants and small towns', () => {
    expect(sightMadeUp(nearby(eiffel), listing(['Hartley Memorial Park', '116 Rue Saint-Dominique'], ['Castillo Museum of Art', '54 Rue Saint-Dominique']))).toMatch(/Hartley Memorial Park/);
    expect(sightMadeUp(nearby(eiffel), listing(['Musée du quai Branly - Jacques Chirac', '37 Quai Branly, 75007 Paris']))).toBeNull();
    expect(sightMadeUp(nearby({ places: 'Eiffel Tower', radius: 1000, search_term: 'cafe' }), listing(['Café Odette', '48 Rue Saint-Dominique']))).toBeUndefined();
    expect(sightMadeUp(nearby({ places: 'Yosemite', radius: 10000, search_term: 'attractions' }), listing(['Anchor Creek Campground', '63 Big Oak Flat Road, Yosemite']))).toBeUndefined();
    // A sight the task's plan names is what the source's run found.
    expect(sightMadeUp(nearby(eiffel), listing(['Hartley Memorial Park', '116 Rue Saint-Dominique']), ['hartley memorial park'])).toBeNull();
  });

  it('the simulator lists the real sights in reach, nearest first around a spot and best known first for a town (failed on api-simulator-133)', () => {
    const searches = [
      eiffel,
      { search_term: 'top tourist attractions in Paris' },
      { places: 'The Ritz-Carlton, New York', radius: 5000, search_term: 'tourist attractions' },
      { latitude: 40.78247833, longitude: -73.96555328, places: 'Central Park', radius: 1000, search_term: 'landmark' },
      { latitude: 34.10173035, longitude: -118.32644653, places: 'Hollywood Walk of Fame', radius: 10000, search_term: 'attractions' },
    ];
    for (let seed = 0; seed < 10; seed++) {
      for (const args of searches) {
        const response = simulateOffline({ name: tool.name, args, tools: [tool] }, new Rng(seed, 'sights', JSON.stringify(args))).response;
        expect(sightMadeUp(nearby(args), response), response).toBeNull();
        expect(JSON.parse(response).places.length, response).toBeGreaterThan(0);
      }
    }
    const paris = JSON.parse(simulateOffline({ name: tool.name, args: searches[1], tools: [tool] }, new Rng(1, 'sights', 'paris')).response);
    expect(paris.places[0]).toEqual({ name: 'Eiffel Tower', address: 'Champ de Mars, 5 Avenue Anatole France, 75007 Paris' });
    // Within 1 km of the tower, never the tower itself.
    for (let seed = 0; seed < 10; seed++) expect(simulateOffline({ name: tool.name, args: eiffel, tools: [tool] }, new Rng(seed, 'tower')).response).not.toMatch(/Eiffel Tower/);
    // Restaurants stay drawn.
    const food = simulateOffline({ name: tool.name, args: { places: 'Eiffel Tower', radius: 1000, search_term: 'restaurant' }, tools: [tool] }, new Rng(2, 'food')).response;
    expect(food).not.toMatch(/Branly|Invalides/);
  });
});

describe('real sights at their own addresses are no made-up place (api-simulator-134)', () => {
  it('a real institution, a row of real theatres and a real spot in the park pass where drawn ones are flagged', async () => {
    const { templatedVenues } = await import('../../pipeline/quality/measures/simulatedAbout.js');
    const { realInstitutionNamed } = await import('../../pipeline/quality/measures/simulatedPlaces.js');
    const ritz = nearby({ places: 'The Ritz-Carlton, New York', radius: 5000, search_term: 'tourist attractions' });
    expect(realInstitutionNamed(ritz, listing(['Museum of Modern Art', '11 W 53rd St, New York, NY, 10019']))).toBeNull();
    expect(realInstitutionNamed(ritz, listing(['Museum of Modern Art', '152 W 44th St']))).toMatch(/real institution/);
    const walk = nearby({ places: 'Hollywood Walk of Fame', radius: 10000, search_term: 'attractions' });
    const real = listing(['Pantages Theatre', '6233 Hollywood Blvd, Los Angeles, CA, 90028'], ['Dolby Theatre', '6801 Hollywood Blvd, Los Angeles, CA, 90028'], ['TCL Chinese Theatre', '6925 Hollywood Blvd, Los Angeles, CA, 90028']);
    expect(templatedVenues(walk, real)).toBeNull();
    expect(templatedVenues(walk, listing(['Rossi Theatre', '8090 Santa Monica Boulevard'], ['Ortega Theatre', '7010 Santa Monica Boulevard'], ['Weber Theatre', '6120 Santa Monica Boulevard']))).toMatch(/end in "Theatre"/);
    const park = nearby({ places: 'Central Park', radius: 1000, search_term: 'landmark' });
    expect(templatedVenues(park, JSON.stringify({ places: [{ name: "Cleopatra's Needle", address: 'East Dr at 81st St, Central Park, New York, NY, 10028' }] }))).toBeNull();
    expect(templatedVenues(park, listing(['Brennan Lodge', '12 East Drive, Central Park']))).toMatch(/ends in "Central Park"/);
  });
});

describe('real sights near Hollywood and Vine', () => {
  // teval_query_107_2-control-k2 on int29's m1: "the five closest places" within 1 km of the Hollywood Walk of Fame's
  // coordinates listed two (Pantages Theatre, Capitol Records Building): simulated_list_short.
  it('has five within 1 km of the Walk of Fame\'s recorded coordinates, each at a real address', async () => {
    const { sightsNear, sightKindsAsked } = await import('../../pipeline/resolution/realSights.js');
    const near = sightsNear({ lat: 34.10173035, lon: -118.32644653 }, 1, sightKindsAsked('attractions') ?? ['landmark', 'museum']);
    expect(near.length).toBeGreaterThanOrEqual(5);
    for (const s of near) expect(s.address).toMatch(/, CA, 900\d\d$/);
  });
});
