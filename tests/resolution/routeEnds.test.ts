/**
 * Every street a simulated route names is at one of its ends: no Washington street leaving Cupertino
 * (the task's town stood in for a town the table does not know), no Manhattan street leaving Liberty
 * Island, Brooklyn's own streets on the way to a Brooklyn address. And a status look-up for the rooms
 * the user names answers for those rooms only (teval_query_250_1).
 */
import { describe, expect, it } from 'vitest';
import type { ToolDoc } from '../../pipeline/schemas.js';
import { Rng } from '../../pipeline/rng.js';
import { routeSteps } from '../../pipeline/resolution/simulatedText.js';
import { tripOf } from '../../pipeline/resolution/trips.js';
import { placeNamed } from '../../pipeline/resolution/places.js';
import { routeOffPlace } from '../../pipeline/quality/measures/simulatedReviews.js';
import { unaskedItems } from '../../pipeline/quality/measures/simulated.js';
import { namedItems } from '../../pipeline/resolution/askedCount.js';
import { plausibleAnswer, simulateOffline } from '../../pipeline/resolution/simulatorRules.js';

const ROUTE: ToolDoc = {
  name: 'BINGMap.get_route', description: 'get the route between two places',
  required_parameters: [{ name: 'start', type: 'string', description: 'the start' }, { name: 'end', type: 'string', description: 'the end' }], optional_parameters: [],
  return_data: [{ name: 'route', description: 'the route, a list of actions' }],
};
const ROOMS: ToolDoc = {
  name: 'ReserveMeeting.get_room_status', description: 'get the status of the meeting rooms',
  required_parameters: [], optional_parameters: [],
  return_data: [{ name: 'rooms', description: 'list of rooms as well as its booking status' }],
};

const routeFor = (start: string, end: string, i: number, near = placeNamed('Washington')) => {
  const args = { start, end };
  return routeSteps({ rng: new Rng(i, 'route'), args, subject: '', hint: ROUTE.name, trip: tripOf(ROUTE, args), ...(near ? { near } : {}) });
};

describe('simulated_route_off_place', () => {
  it('flags the recorded defects and passes a route on its own ends\' streets', () => {
    const cupertino = { start: '1 Infinite Loop, Cupertino, CA', end: '1600 Pennsylvania Ave NW, Washington, DC' };
    expect(routeOffPlace({ name: ROUTE.name, args: cupertino }, JSON.stringify({ route: ['Head west on Constitution Avenue NW toward K Street NW', 'Continue on the highway', 'Arrive at 1600 Pennsylvania Ave NW, Washington, DC'] }))).toMatch(/Constitution Avenue NW/);
    const liberty = { start: '40.6892,-74.0445', end: '24 Reed St, Brooklyn, NY, 11231' };
    expect(routeOffPlace({ name: ROUTE.name, args: liberty }, JSON.stringify({ route: ['Head west on Mulberry Street toward East 14th Street', 'Arrive at 24 Reed St, Brooklyn, NY, 11231'] }))).toMatch(/Liberty Island/);
    // The far end's street right after the island's ferry, before the road to it (teval_query_290_0).
    const ferryThenFlatbush = ['Take the ferry from Liberty Island to the mainland', 'At the light, turn left onto Flatbush Avenue', 'After 1.1 km in town, take the ramp on the right for I-278', 'Continue on I-278 for 8.5 km', 'Turn right onto Reed St', 'Arrive at 24 Reed St, Brooklyn, NY, 11231 on the right'];
    expect(routeOffPlace({ name: ROUTE.name, args: liberty }, JSON.stringify({ route: ferryThenFlatbush }))).toMatch(/Flatbush Avenue .*right after Liberty Island's ferry/);
    expect(routeOffPlace({ name: ROUTE.name, args: liberty }, JSON.stringify({ route: ferryThenFlatbush.filter((x) => !/Flatbush/.test(x)) }))).toBeNull();
    expect(routeOffPlace({ name: ROUTE.name, args: { start: 'Eiffel Tower', end: 'Louvre Museum' } }, JSON.stringify({ route: ['Head northwest on Rue Montorgueil toward Rue de Rivoli', 'Arrive at Louvre Museum'] }))).toMatch(/Rue Montorgueil/);
    expect(routeOffPlace({ name: ROUTE.name, args: cupertino }, JSON.stringify({ route: ['Start on Infinite Loop heading east', 'Continue on the highway', 'Turn left onto Pennsylvania Avenue NW', 'Arrive at 1600 Pennsylvania Ave NW, Washington, DC'] }))).toBeNull();
  });

  it('the simulator names only streets at the route\'s ends', () => {
    const trips: [string, string][] = [
      ['1 Infinite Loop, Cupertino, CA', '1600 Pennsylvania Ave NW, Washington, DC'],
      ['40.6892,-74.0445', '24 Reed St, Brooklyn, NY, 11231'],
      ['40.6892,-74.0445', '212 Washington St, Jersey City, NJ, 07302'],
      ['Eiffel Tower', 'Louvre Museum'],
      ['New York City', 'Los Angeles'],
      ['Oxford', 'Cambridge'],
    ];
    for (const [start, end] of trips) {
      for (let i = 0; i < 25; i++) {
        const steps = routeFor(start, end, i);
        expect(routeOffPlace({ name: ROUTE.name, args: { start, end } }, JSON.stringify({ route: steps })), steps.join(' | ')).toBeNull();
        expect(steps[steps.length - 1]).toMatch(/^Arrive at/);
      }
    }
    // Leaving Liberty Island, the first leg is its ferry; leaving Cupertino, no Washington street comes before the highway.
    expect(routeFor('40.6892,-74.0445', '24 Reed St, Brooklyn, NY, 11231', 1)[0]).toMatch(/ferry from Liberty Island/);
    for (let i = 0; i < 25; i++) {
      const steps = routeFor('1 Infinite Loop, Cupertino, CA', '1600 Pennsylvania Ave NW, Washington, DC', i);
      // The first road out of town (named since api-simulator-150: I-280 S, no longer "the highway").
      const highway = steps.findIndex((s) => /\bramp\b|highway|expressway/.test(s));
      expect(highway, steps.join(' | ')).toBeGreaterThan(0);
      expect(steps.slice(0, highway).join(' '), steps.join(' | ')).not.toMatch(/ NW\b/);
    }
  });
});

describe('simulated_answer_unasked_items', () => {
  const request = 'Could you please check the status of rooms 101, 102, and 103? If any of them are free between 2pm and 4pm today, please reserve it.';
  it('reads the rooms a request names', () => {
    expect(namedItems(request, ROOMS)).toEqual(['Room 101', 'Room 102', 'Room 103']);
    expect(namedItems('Which meeting rooms are free this afternoon?', ROOMS)).toBeUndefined();
  });
  it('flags rooms nobody asked about and passes the asked ones', () => {
    expect(unaskedItems(request, ROOMS, JSON.stringify({ rooms: ['Room 234: available', 'Room 971: booked', 'Room 555: occupied until 15:00'] }))).toMatch(/Room 234/);
    expect(unaskedItems(request, ROOMS, JSON.stringify({ rooms: ['Room 101: available', 'Room 102: booked', 'Room 103: free after 12:30'] }))).toBeNull();
  });
  it('the simulator answers for the named rooms only', () => {
    for (let i = 0; i < 10; i++) {
      const answer = plausibleAnswer(ROOMS, {}, new Rng(i, 'rooms'), undefined, [], undefined, undefined, undefined, undefined, namedItems(request, ROOMS));
      expect(unaskedItems(request, ROOMS, JSON.stringify(answer)), JSON.stringify(answer)).toBeNull();
      expect((answer.rooms as string[]).length).toBe(3);
    }
  });
});

describe('a room status list agrees with the check that settles which rooms are free (h-solv30)', () => {
  const request = 'Could you please check the status of rooms 101, 102, and 103? If any of them are free between 2pm and 4pm today, please reserve it.';
  // teval_query_250_1: the recorded check for 14:00-16:00 answers {'rooms': [103]}, and the plan reserves 103.
  const used = [{ name: 'Room 103', status: 'available' as const }];
  it('the named rooms the check leaves out are booked, the one it finds free available', () => {
    for (let i = 0; i < 10; i++) {
      const answer = plausibleAnswer(ROOMS, {}, new Rng(i, 'rooms'), undefined, [], undefined, undefined, undefined, undefined, namedItems(request, ROOMS), used);
      // Before h-solv30 the named rooms drew any status: "Room 102: available" beside the check's [103].
      expect(answer.rooms, JSON.stringify(answer)).toEqual(['Room 101: booked', 'Room 102: booked', 'Room 103: available']);
    }
  });
  it('a list of all rooms beside such a check lists every other room booked', () => {
    for (let i = 0; i < 10; i++) {
      const answer = plausibleAnswer(ROOMS, {}, new Rng(i, 'all-rooms'), undefined, [], undefined, undefined, undefined, undefined, undefined, [{ name: 'Room 102', status: 'available' }]);
      const rooms = answer.rooms as string[];
      expect(rooms, JSON.stringify(answer)).toContain('Room 102: available');
      for (const line of rooms.filter((r) => !r.startsWith('Room 102:'))) expect(line, JSON.stringify(answer)).toMatch(/: booked$/);
    }
  });
  it('with nothing settled, the named rooms still draw their statuses', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 20; i++) for (const r of plausibleAnswer(ROOMS, {}, new Rng(i, 'rooms'), undefined, [], undefined, undefined, undefined, undefined, namedItems(request, ROOMS)).rooms as string[]) seen.add(r.split(': ')[1]);
    expect(seen.size).toBeGreaterThan(1);
  });
});

describe('simulated_listing_place_mismatch, widened to towns no table knows', () => {
  it('flags a listing named for another town at a street of the searched one, and passes it in its own town', async () => {
    const { listingPlaceMismatch } = await import('../../pipeline/resolution/districts.js');
    expect(listingPlaceMismatch('Hostel in El Prat de Llobregat', 'Carrer de Verdi, 178, Barcelona')).toMatch(/El Prat de Llobregat/);
    expect(listingPlaceMismatch('Hostel in El Prat de Llobregat', 'El Prat de Llobregat, Barcelona')).toBeUndefined();
    expect(listingPlaceMismatch('Cozy loft near Market Street', 'San Francisco')).toBeUndefined();
    expect(listingPlaceMismatch('Room in boutique hotel', '12 Carrer de Girona, Barcelona')).toBeUndefined();
  });
  it('the simulator puts such a listing in its own town', () => {
    const SEARCH: ToolDoc = {
      name: 'AirbnbSearch.search_property_by_place', description: 'search properties on Airbnb',
      required_parameters: [{ name: 'place', type: 'string', description: 'the name of the place' }], optional_parameters: [],
      return_data: [{ name: 'property', description: 'a list of at most 3 properties, containing id, name, and address' }],
    };
    const carry = [{ key: 'id', field: 'property', sub: 'name', list: true, value: 'Hostel in El Prat de Llobregat' }] as never;
    for (let i = 0; i < 5; i++) {
      const out = simulateOffline({ name: SEARCH.name, args: { place: 'Barcelona' }, tools: [SEARCH], carry, place: 'Barcelona' } as never, new Rng(i, 'prat'));
      const rec = (JSON.parse(out.response).property as Record<string, unknown>[]).find((r) => r.name === 'Hostel in El Prat de Llobregat');
      expect(rec, out.response).toBeDefined();
      expect(String(rec!.address)).toMatch(/El Prat de Llobregat/);
    }
  });
});
