/**
 * Routes a reader can follow (api-simulator-154): a drive across Los Angeles names its freeways
 * (Griffith Park to the Santa Monica Pier was "Continue on the highway for 23.7 km", teval_query_314_1:
 * simulated_route_road_unnamed, widened to legs of 10 km, 2/48 on g0); Stanford to Google's
 * headquarters takes US-101, not El Camino Real (CA-82) left "the last 1 km" 3 km short of it
 * (188_0); a drive from 1 Infinite Loop names Cupertino's streets, not Mountain View's; a drive from
 * City Hall to Miami sets off west on Canal Street, never north up Mulberry Street (272_0:
 * simulated_route_heads_away 2/46 on g0).
 */
import { describe, expect, it } from 'vitest';
import type { ToolDoc } from '../../pipeline/schemas.js';
import { Rng } from '../../pipeline/rng.js';
import { routeSteps } from '../../pipeline/resolution/simulatedText.js';
import { tripOf } from '../../pipeline/resolution/trips.js';
import { interstateLegs } from '../../pipeline/resolution/interstates.js';
import { LONG_LEG_KM, routeRoadUnnamed } from '../../pipeline/quality/measures/simulatedRouteRoadNames.js';
import { routeHeadsAway } from '../../pipeline/quality/measures/simulatedRouteEnds.js';
import { routeOffDistance } from '../../pipeline/quality/measures/simulatedReviews.js';

const ROUTE: ToolDoc = {
  name: 'BINGMap.get_route', description: 'get the route between two places',
  required_parameters: [{ name: 'start', type: 'string', description: 'the start' }, { name: 'end', type: 'string', description: 'the end' }], optional_parameters: [],
  return_data: [{ name: 'route', description: 'the route, a list of actions' }],
};
const route = (start: string, end: string, seed: number) => {
  const args = { start, end };
  return routeSteps({ rng: new Rng(seed, 'route'), args, subject: '', hint: ROUTE.name, trip: tripOf(ROUTE, args) });
};
const act = (start: string, end: string) => ({ name: ROUTE.name, args: { start, end } });

describe('simulated_route_road_unnamed over a town drive', () => {
  it(`flags ${LONG_LEG_KM} km and more on "the highway" across Los Angeles, passes named freeways`, () => {
    const g0 = JSON.stringify({ route: ['Depart Griffith Park and head south', 'Continue onto Vermont Avenue', 'After 2.9 km in town, take the ramp on the right for the highway', 'Continue on the highway for 23.7 km', 'Leave the highway and drive the last 2.9 km in town', 'Arrive at Santa Monica Pier'] });
    expect(routeRoadUnnamed(act('Griffith Park', 'Santa Monica Pier'), g0)).toMatch(/23\.7 km on a road it never names/);
    expect(routeRoadUnnamed(act('Griffith Park', 'Santa Monica Pier'), JSON.stringify({ route: ['Continue on US-101 S for 5.7 km', 'Continue on I-10 W for 15.8 km'] }))).toBeNull();
  });

  it('the simulator drives Griffith Park to the Santa Monica Pier on US-101, I-110 and I-10, its legs adding up to the trip', () => {
    for (const [start, end] of [['Griffith Park', 'Santa Monica Pier'], ['Santa Monica Pier', 'Griffith Park']]) {
      const km = tripOf(ROUTE, { start, end })!.km!;
      for (let seed = 0; seed < 6; seed++) {
        const steps = route(start, end, seed);
        const text = steps.join(' | ');
        expect(text, text).not.toMatch(/the highway/);
        expect(text).toMatch(/US-101 [NS].*I-110 [NS].*I-10 [EW]|I-10 [EW].*I-110 [NS].*US-101 [NS]/);
        expect(routeRoadUnnamed(act(start, end), JSON.stringify({ route: steps }))).toBeNull();
        expect(routeOffDistance(steps, km), text).toBeNull();
      }
    }
    // Only districts the table pairs: two spots of one district take none.
    expect(interstateLegs({ lat: 34.0195, lon: -118.4912 }, { lat: 34.0083, lon: -118.4988 }, 2, true)).toBeUndefined();
  });
});

describe('the Peninsula, Cupertino and City Hall', () => {
  it('Stanford to Google takes US-101 after 4.5 km of streets, never CA-82 left a kilometre short', () => {
    for (let seed = 0; seed < 6; seed++) {
      const text = route('Stanford University', 'Google Headquarters', seed).join(' | ');
      expect(text, text).toMatch(/After 4\.5 km in town, take the ramp on the right for US-101 S/);
      expect(text, text).not.toMatch(/CA-82|I-280/);
    }
  });

  it('a drive from 1 Infinite Loop names Cupertino\'s streets, none of Mountain View\'s', () => {
    for (let seed = 0; seed < 6; seed++) {
      const text = route('1 Infinite Loop, Cupertino, CA', '1600 Pennsylvania Ave NW, Washington, DC', seed).join(' | ');
      expect(text, text).not.toMatch(/Castro Street|Shoreline Boulevard|Rengstorff|Middlefield|Amphitheatre|El Camino Real/);
    }
  });

  it('City Hall to Miami sets off the destination\'s way (was north up Mulberry Street)', () => {
    for (let seed = 0; seed < 12; seed++) {
      const steps = route('New York City', 'Miami', seed);
      expect(routeHeadsAway(act('New York City', 'Miami'), JSON.stringify({ route: steps })), steps.join(' | ')).toBeNull();
      // Within a right angle of Miami's bearing (201°) from the first street: west on Canal Street, never east to Mulberry first.
      expect(steps[0], steps.join(' | ')).toMatch(/\b(?:west|south|southwest)\b on Canal Street|Canal Street heading (?:west|south)/);
    }
  });
});
