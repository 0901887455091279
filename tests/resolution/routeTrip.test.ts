/**
 * Routes like their trips: no roundabout in a grid town ("At the roundabout, take the second exit
 * onto Columbus Avenue" leaving Times Square), and a trip between towns as long as it is (Denver to
 * Rocky Mountain National Park is about 110 km by road, not 11). The measure's check
 * (simulated_route_impossible, widened) and the simulator's routes on real T-Eval plans.
 */
import { describe, expect, it } from 'vitest';
import { routeUnlikeTrip } from '../../pipeline/quality/measures/simulatedReviews.js';
import { gridTownAt, hasRoundabouts, streetsOf } from '../../pipeline/resolution/streets.js';
import { placesNamedIn } from '../../pipeline/resolution/places.js';
import { toolSteps } from '../../pipeline/steps.js';
import { tevalTrajectories } from '../diversify/fixtures/vendored.js';
import { simulateTrajectory } from '../support/simulatedCases.js';

const route = (start: string, end: string) => ({ name: 'BINGMap.get_route', args: { start, end } });

describe('a route unlike its trip', () => {
  it('flags a roundabout in Manhattan, Seattle or Washington, and passes one in London', () => {
    expect(routeUnlikeTrip(route('Times Square', 'Statue of Liberty'), ['Head south on Lexington Avenue', 'At the roundabout, take the second exit onto Columbus Avenue', 'Arrive at Statue of Liberty'])).toMatch(/New York City, laid out on a grid/);
    expect(routeUnlikeTrip(route('Seattle', 'Portland'), ['At the roundabout, take the third exit onto Ballard Avenue NW'])).toMatch(/Seattle/);
    expect(routeUnlikeTrip(route('Times Square', 'Statue of Liberty'), ['Head south on Lexington Avenue', 'At the light, turn left onto Columbus Avenue'])).toBeNull();
    expect(routeUnlikeTrip(route('London', 'Camden'), ['At the roundabout, take the second exit onto Old Street'])).toBeNull();
    expect(gridTownAt(placesNamedIn('Washington')[0])).toBe('Washington');
    expect(hasRoundabouts(streetsOf(placesNamedIn('London')[0]))).toBe(true);
    expect(hasRoundabouts(streetsOf(placesNamedIn('Seattle')[0]))).toBe(false);
  });

  it('flags legs adding up to a town drive on a trip between towns', () => {
    const legs = ['Head east on Wynkoop Street', 'After 1.1 km in town, take the ramp on the right for I-25', 'Continue on I-25 for 8.8 km', 'Leave I-25 and drive the last 1.1 km in town'];
    expect(routeUnlikeTrip(route('Denver', 'Rocky Mountain National Park'), legs)).toMatch(/add up to 11 km/);
    const long = ['After 4 km in town, take the ramp on the right for I-25', 'Continue on I-25 for 104 km', 'Leave I-25 and drive the last 4 km in town'];
    expect(routeUnlikeTrip(route('Denver', 'Rocky Mountain National Park'), long)).toBeNull();
  });
});

describe('the simulator\'s routes', () => {
  it('query_288_2: Denver to the Rocky Mountains is a drive out of town, with no roundabout in Denver', () => {
    const t = simulateTrajectory(tevalTrajectories(['query_288_2'])[0]);
    const step = toolSteps(t).find((s) => s.step.action.name === 'BINGMap.get_route')!.step;
    const legs = JSON.parse(step.response!.content).route as string[];
    expect(legs.join('\n')).not.toMatch(/roundabout/);
    expect(routeUnlikeTrip(step.action, legs)).toBeNull();
    const km = legs.flatMap((x) => [...x.matchAll(/(\d+(?:\.\d+)?) km/g)].map((m) => Number(m[1]))).reduce((a, b) => a + b, 0);
    expect(km === 0 || km > 80).toBe(true);
    // On Denver's and the park's own streets, never the generic pool's ("Head east on Maple Street"; api-simulator-69).
    expect(legs.join('\n')).not.toMatch(/Maple Street|Oak Avenue|Main Street|River Road|Hill Street|Church Street|Market Street/);
  });

  it('Denver and Rocky Mountain National Park have streets of their own', () => {
    expect(streetsOf(placesNamedIn('Denver')[0])?.streets).toContain('Larimer Street');
    expect(streetsOf(placesNamedIn('Rocky Mountain National Park')[0])?.streets).toContain('Trail Ridge Road');
  });
});
