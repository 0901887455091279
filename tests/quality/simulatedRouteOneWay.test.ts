/**
 * A simulated route never drives a one-way Manhattan avenue against its traffic (api-simulator-113):
 * "Start on West 44th Street heading southeast", "Turn right onto Madison Avenue" to the Empire State
 * Building (south on Madison, which runs north; teval_query_312_1) was in 16 of 30 such cases on f56
 * (simulated_route_wrong_way). And Fifth Avenue is drawn, so "350 5th Ave, New York, NY" is a spot on
 * it: a route there no longer arrives from Mulberry Street, 2.7 km off (teval_query_269_0).
 */
import { describe, expect, it } from 'vitest';
import type { ToolDoc } from '../../pipeline/schemas.js';
import { Rng } from '../../pipeline/rng.js';
import { routeSteps } from '../../pipeline/resolution/simulatedText.js';
import { tripOf } from '../../pipeline/resolution/trips.js';
import { placeAddress, streetLegs, streetLine, wrongWay } from '../../pipeline/resolution/streetGeo.js';
import { ownStreet } from '../../pipeline/resolution/streets.js';
import { distanceKm } from '../../pipeline/resolution/places.js';
import { routeStreetsApart, routeWrongWay } from '../../pipeline/quality/measures/simulatedGeo.js';

const ROUTE: ToolDoc = {
  name: 'BINGMap.get_route', description: 'get the route between two places',
  required_parameters: [{ name: 'start', type: 'string', description: 'the start' }, { name: 'end', type: 'string', description: 'the end' }], optional_parameters: [],
  return_data: [{ name: 'route', description: 'the route, a list of actions' }],
};
const wrong = (start: string, end: string, route: string[]) => routeWrongWay({ name: ROUTE.name, args: { start, end } }, JSON.stringify({ route }));

describe('one-way avenues', () => {
  it('the measure flags south on Madison, passes south on Fifth', () => {
    expect(wrong('Times Square', 'Empire State Building', ['Start on West 44th Street heading southeast', 'Turn right onto Madison Avenue', 'Arrive at Empire State Building'])).toMatch(/Madison Avenue is driven south/);
    expect(wrong('Times Square', 'Empire State Building', ['Start on West 44th Street heading southeast', 'Turn right onto Fifth Avenue', 'Arrive at Empire State Building']) ?? '').not.toMatch(/against/);
    // North on Madison from the park is its own way; a route on two-way streets only is not judged.
    expect(wrong('Central Park', 'Harlem', ['Start on East 86th Street heading east', 'Turn left onto Madison Avenue', 'Arrive at Harlem']) ?? '').not.toMatch(/against/);
    expect(wrong('Times Square', 'Empire State Building', ['Start on West 44th Street heading east', 'Arrive at Empire State Building'])).toBeUndefined();
    expect(wrongWay(streetLegs(['Lexington Avenue'], { lat: 40.7415, lon: -73.983 }, { lat: 40.7813, lon: -73.9613 })!)?.street).toBe('Lexington Avenue');
  });

  it('Fifth Avenue is drawn and "350 5th Ave" is at 34th Street', () => {
    const esb = placeAddress('350 5th Ave, New York, NY')!;
    expect(esb).toMatchObject({ by: 'street', what: 'Fifth Avenue', number: 350 });
    expect(distanceKm(esb, { lat: 40.7484, lon: -73.9857 })).toBeLessThan(0.25);
    expect(distanceKm(placeAddress('1000 Fifth Avenue, New York')!, { lat: 40.7794, lon: -73.9632 })).toBeLessThan(0.25);
    expect(ownStreet('350 5th Ave, New York, NY')).toBe('5th Ave');
    expect(streetLine('5th Ave')).toEqual(streetLine('Fifth Avenue'));
  });

  it('the simulator drives no one-way avenue the wrong way, and reaches 350 5th Ave on Fifth', () => {
    const pairs = [['Times Square', 'Empire State Building'], ['Central Park', 'Empire State Building'], ['Central Park', 'Battery Park'], ['81 Lexington Avenue, New York', '300 Amsterdam Avenue, New York'], ['Times Square', 'Central Park']];
    for (const [start, end] of pairs) {
      for (let i = 0; i < 12; i++) {
        const args = { start, end };
        const route = routeSteps({ rng: new Rng(i, 'route'), args, subject: '', hint: ROUTE.name, trip: tripOf(ROUTE, args) });
        expect(wrong(start, end, route) ?? '', `${start} → ${end}: ${route.join(' | ')}`).not.toMatch(/against/);
      }
    }
    for (let i = 0; i < 12; i++) {
      for (const args of [{ start: '1600 Pennsylvania Ave NW, Washington, DC', end: '350 5th Ave, New York, NY' }, { start: '350 5th Ave, New York, NY', end: '1 Infinite Loop, Cupertino, CA' }]) {
        const route = routeSteps({ rng: new Rng(i, 'fifth'), args, subject: '', hint: ROUTE.name, trip: tripOf(ROUTE, args) });
        expect(routeStreetsApart({ name: ROUTE.name, args }, JSON.stringify({ route })) ?? '', route.join(' | ')).not.toMatch(/km from/);
      }
    }
  });

  it('a drive to Times Square arrives on Seventh Avenue, which passes it, never on Fifth Avenue 600 m east (api-simulator-144; teval_query_303_0)', () => {
    const apart = (start: string, end: string, route: string[]) => routeStreetsApart({ name: ROUTE.name, args: { start, end } }, JSON.stringify({ route }));
    expect(apart('Central Park, New York City', 'Times Square, New York City', ['Start on West 57th Street heading southeast', 'Turn right onto Fifth Avenue', 'Arrive at Times Square, New York City on the left'])).toMatch(/arrives from Fifth Avenue, 0\.\d km/);
    expect(apart('Central Park, New York City', 'Times Square, New York City', ['Start on West 57th Street heading northwest', 'Turn left onto Seventh Avenue', 'Arrive at Times Square, New York City on the left'])).toBeNull();
    // An end no drawn street passes keeps the wider kilometre (a park's gate, a pier).
    expect(apart('Times Square', 'Empire State Building', ['Start on Seventh Avenue heading southwest', 'Turn left onto West 34th Street', 'Arrive at Empire State Building'])).toBeNull();
    for (let i = 0; i < 12; i++) {
      for (const args of [{ start: 'Central Park, New York City', end: 'Times Square, New York City' }, { start: 'Empire State Building', end: 'Times Square' }]) {
        const route = routeSteps({ rng: new Rng(i, 'times'), args, subject: '', hint: ROUTE.name, trip: tripOf(ROUTE, args) });
        expect(route.join(' | ')).not.toMatch(/Fifth Avenue \| Arrive/);
        expect(routeStreetsApart({ name: ROUTE.name, args }, JSON.stringify({ route })) ?? '', route.join(' | ')).not.toMatch(/km from/);
        expect(wrong(args.start, args.end, route) ?? '', route.join(' | ')).not.toMatch(/against/);
      }
    }
  });
});
