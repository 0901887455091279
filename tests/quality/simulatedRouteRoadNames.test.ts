/**
 * A long drive names its roads (api-simulator-150): "Continue on the highway for 4480.5 km" from New
 * York City to Los Angeles named no road anyone could follow (simulated_route_road_unnamed 62/72 on
 * g0: teval_query_26_2, 269_0, 322_0). Between towns the interstate table knows, each road a fastest
 * route takes is named with its share of the trip.
 */
import { describe, expect, it } from 'vitest';
import type { ToolDoc } from '../../pipeline/schemas.js';
import { Rng } from '../../pipeline/rng.js';
import { routeSteps } from '../../pipeline/resolution/simulatedText.js';
import { tripOf } from '../../pipeline/resolution/trips.js';
import { interstateLegs, interstateRoads } from '../../pipeline/resolution/interstates.js';
import { routeRoadUnnamed } from '../../pipeline/quality/measures/simulatedRouteRoadNames.js';
import { impossibleRouteLeg, routeOffDistance, routeUnlikeTrip } from '../../pipeline/quality/measures/simulatedReviews.js';

const ROUTE: ToolDoc = {
  name: 'BINGMap.get_route', description: 'get the route between two places',
  required_parameters: [{ name: 'start', type: 'string', description: 'the start' }, { name: 'end', type: 'string', description: 'the end' }], optional_parameters: [],
  return_data: [{ name: 'route', description: 'the route, a list of actions' }],
};
const judge = (start: string, end: string, route: string[]) => routeRoadUnnamed({ name: ROUTE.name, args: { start, end } }, JSON.stringify({ route }));
const route = (start: string, end: string, seed: number) => {
  const args = { start, end };
  return routeSteps({ rng: new Rng(seed, 'route'), args, subject: '', hint: ROUTE.name, trip: tripOf(ROUTE, args) });
};
const NYC = { lat: 40.7128, lon: -74.006 };
const LA = { lat: 34.0522, lon: -118.2437 };

describe('simulated_route_road_unnamed', () => {
  it('flags a long leg on "the highway", passes a named road, leaves short drives out', () => {
    expect(judge('New York City', 'Los Angeles', ['Start on Mulberry Street heading north', 'After 4 km in town, take the ramp on the right for the highway', 'Continue on the highway for 4480.5 km', 'Take the exit and drive the last 4 km', 'Arrive at Los Angeles'])).toMatch(/4480\.5 km on a road it never names/);
    expect(judge('Washington, DC', 'New York', ['After 4 km in town, take the ramp on the right for I-95 N', 'Continue on I-95 N for 351.3 km', 'Take the exit and drive the last 4 km', 'Arrive at New York'])).toBeNull();
    // "the ring road" of a town nothing names, for a few kilometres: not judged.
    expect(judge('123 Main Street', '456 Oak Avenue', ['Depart 123 Main Street and head northwest on Main Street', 'After 0.6 km in town, take the ramp on the right for the ring road', 'Continue on the ring road for 4.6 km', 'Take the exit and drive the last 0.6 km', 'Arrive at 456 Oak Avenue'])).toBeUndefined();
  });
});

describe('interstate legs', () => {
  it('names the roads in order, back the other way in the other direction, adding up to the trip', () => {
    expect(interstateRoads(NYC, LA)).toEqual(['I-78 W', 'I-81 S', 'I-76 W', 'I-70 W', 'I-15 S', 'I-10 W']);
    expect(interstateRoads(LA, NYC)).toEqual(['I-10 E', 'I-15 N', 'I-70 E', 'I-76 E', 'I-81 N', 'I-78 E']);
    const legs = interstateLegs(NYC, LA, 4472.5)!;
    expect(Math.round(legs.reduce((s, l) => s + l.km, 0) * 10) / 10).toBe(4472.5);
    expect(legs.find((l) => l.road === 'I-70 W')!.km).toBeGreaterThan(3000);
    // Two ends in one metro area, or a pair the table does not hold: nothing named.
    expect(interstateLegs(NYC, { lat: 40.75, lon: -73.98 }, 5)).toBeUndefined();
    expect(interstateLegs(NYC, { lat: 51.5074, lon: -0.1278 }, 5500)).toBeUndefined();
  });

  it('the simulator names every road of a drive across the country, its legs adding up to the distance', () => {
    const pairs = [['New York City', 'Los Angeles'], ['Los Angeles', 'New York City'], ['1600 Pennsylvania Ave NW, Washington, DC', '350 5th Ave, New York, NY'], ['Seattle', 'San Francisco'], ['New York City', 'Miami'], ['350 5th Ave, New York, NY', '1 Infinite Loop, Cupertino, CA']];
    for (const [start, end] of pairs) {
      for (let i = 0; i < 6; i++) {
        const steps = route(start, end, i);
        const trip = tripOf(ROUTE, { start, end })!;
        expect(judge(start, end, steps), `${start} → ${end}: ${steps.join(' | ')}`).toBeNull();
        expect(steps.join(' | '), `${start} → ${end}`).toMatch(/Continue on I-\d+ [NSEW] for/);
        expect(routeOffDistance(steps, trip.km!), `${start} → ${end}: ${steps.join(' | ')}`).toBeNull();
        expect(impossibleRouteLeg(steps, trip.km!)).toBeNull();
        expect(routeUnlikeTrip({ name: ROUTE.name, args: { start, end } }, steps)).toBeNull();
      }
    }
    expect(route('New York City', 'Miami', 1).join(' | ')).toMatch(/Continue on I-95 S for \d{4}\.\d km/);
  });
});
