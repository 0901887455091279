/**
 * Where a simulated route sets off and arrives (api-simulator-151): from "350 5th Ave" to Cupertino the
 * streets to the highway turned east onto West 23rd Street and north up Madison Avenue, and from
 * Cupertino to Washington the drive headed northwest (teval_query_269_0: simulated_route_heads_away
 * 30/72 on g0 -> 3/72 on h-geo31's b2); the drive to Hotel Mela Times Square ("120 W 44th St") arrived
 * on Eighth Avenue (266_0: simulated_route_arrives_off_street 2/24 on g0 -> 0/24 on b2).
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../pipeline/rng.js';
import { simulateOffline } from '../../pipeline/resolution/simulatorRules.js';
import { placeAddress, streetLine } from '../../pipeline/resolution/streetGeo.js';
import { routeArrivesOffStreet, routeHeadsAway, streetWords } from '../../pipeline/quality/measures/simulatedRouteEnds.js';
import type { ToolDoc } from '../../pipeline/schemas.js';

const ROUTE: ToolDoc = {
  name: 'BINGMap.get_route',
  description: 'Get the route between two locations in km.',
  required_parameters: [{ name: 'start', type: 'string', description: 'The start location.' }, { name: 'end', type: 'string', description: 'The end location.' }],
  optional_parameters: [],
  return_data: [{ name: 'route', description: 'the route, a list of actions.' }],
};
const route = (args: { start: string; end: string }, seed: number) => simulateOffline({ name: ROUTE.name, args, tools: [ROUTE] }, new Rng(seed, 'route')).response;
const TO_CUPERTINO = { start: '350 5th Ave, New York, NY', end: '1 Infinite Loop, Cupertino, CA' };
const TO_WASHINGTON = { start: '1 Infinite Loop, Cupertino, CA', end: '1600 Pennsylvania Ave NW, Washington, DC' };
const TO_MELA = { start: 'Empire State Building', end: 'Hotel Mela Times Square' };

describe('a drive between towns heads the way its destination lies', () => {
  it('the measure flags a turn back east or a start heading away, and passes a drive heading the way', () => {
    const act = (args: object) => ({ name: ROUTE.name, args });
    const g0 = "{'route': ['Start on 5th Ave heading southwest', 'At the light, turn left onto West 23rd Street', 'At the light, turn left onto Madison Avenue', 'After 4 km in town, take the ramp on the right for the highway', 'Continue on the highway for 4727 km', 'Arrive at 1 Infinite Loop, Cupertino, CA']}";
    expect(routeHeadsAway(act(TO_CUPERTINO), g0)).toMatch(/West 23rd Street/);
    expect(routeHeadsAway(act(TO_WASHINGTON), "{'route': ['Depart 1 Infinite Loop, Cupertino, CA and head northwest', 'Continue onto El Camino Real', 'After 4 km in town, take the ramp on the right for the highway', 'Arrive at 1600 Pennsylvania Ave NW, Washington, DC']}")).toMatch(/northwest/);
    expect(routeHeadsAway(act(TO_CUPERTINO), "{'route': ['Start on 5th Ave heading southwest', 'Turn right onto West 34th Street', 'After 4 km in town, take the ramp on the right for the highway', 'Arrive at 1 Infinite Loop, Cupertino, CA']}")).toBeNull();
    // A town drive is outside the population: its streets may wind.
    expect(routeHeadsAway(act(TO_MELA), "{'route': ['Start on West 34th Street heading southeast', 'Arrive at Hotel Mela Times Square']}")).toBeUndefined();
  });

  it('the simulator sets off toward Cupertino and toward Washington', () => {
    for (let seed = 0; seed < 8; seed++) {
      for (const args of [TO_CUPERTINO, TO_WASHINGTON]) {
        const r = route(args, seed);
        expect(routeHeadsAway({ name: ROUTE.name, args }, r), r).toBeNull();
      }
    }
  });
});

describe('a route arrives on its end address\'s street, abbreviations read in full', () => {
  it('reads "120 W 44th St" as West 44th Street', () => {
    expect(streetWords('W 44th St')).toBe(streetWords('West 44th Street'));
    expect(streetWords('5th Ave')).toBe(streetWords('Fifth Avenue'));
    expect(placeAddress('120 W 44th St, New York, NY, 10036')?.what).toBe('West 44th Street');
    expect(streetLine('W 44th St')).toEqual(streetLine('West 44th Street'));
  });

  it('the measure flags an arrival on Eighth Avenue for the hotel on West 44th Street, and passes one on it', () => {
    const addresses = new Map([['hotel mela times square', '120 W 44th St, New York, NY, 10036']]);
    const act = { name: ROUTE.name, args: TO_MELA };
    expect(routeArrivesOffStreet(act, "{'route': ['Head northwest on West 34th Street toward Eighth Avenue', 'Turn right onto Eighth Avenue', 'Arrive at Hotel Mela Times Square on the right']}", addresses)).toMatch(/W 44th St/);
    expect(routeArrivesOffStreet(act, "{'route': ['Turn right onto Eighth Avenue', 'Turn right onto West 44th Street', 'Arrive at Hotel Mela Times Square on the right']}", addresses)).toBeNull();
    expect(routeArrivesOffStreet(act, "{'route': ['Turn right onto Eighth Avenue', 'Arrive at Hotel Mela Times Square']}", new Map())).toBeUndefined();
  });

  it('the simulator drives to Hotel Mela Times Square on West 44th Street', () => {
    const addresses = new Map([['hotel mela times square', '120 W 44th St, New York, NY, 10036']]);
    for (let seed = 0; seed < 8; seed++) {
      const r = route(TO_MELA, seed);
      expect(r).toMatch(/West 44th Street", "Arrive at Hotel Mela/);
      expect(routeArrivesOffStreet({ name: ROUTE.name, args: TO_MELA }, r, addresses), r).toBeNull();
    }
  });
});
