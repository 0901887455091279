/**
 * A drive across town takes a highway only where its line runs between the ends, and a drive to an
 * island ends at its ferry (api-simulator-106): "Continue on I-95 for 9.9 km" from Central Park to
 * Battery Park (I-95 crosses Manhattan at 178th Street, teval_query_35_1) and Times Square → Statue of
 * Liberty on I-495 (the Lincoln Tunnel to New Jersey, teval_query_307_1) were 28 of 37 cases with such
 * a route on f52 (simulated_route_road_astray). Towns drawn for routes only (Washington, Seattle,
 * Oxford, Cambridge MA, Beijing) are judged by simulated_route_streets_apart too.
 */
import { describe, expect, it } from 'vitest';
import type { ToolDoc } from '../../pipeline/schemas.js';
import { Rng } from '../../pipeline/rng.js';
import { routeSteps } from '../../pipeline/resolution/simulatedText.js';
import { tripOf } from '../../pipeline/resolution/trips.js';
import { kmToRoad, linesMeet, roadAlongKm, streetLine } from '../../pipeline/resolution/streetGeo.js';
import { routeRampOntoSurfaceRoad, routeRoadAstray, routeStreetsApart } from '../../pipeline/quality/measures/simulatedGeo.js';

const ROUTE: ToolDoc = {
  name: 'BINGMap.get_route', description: 'get the route between two places',
  required_parameters: [{ name: 'start', type: 'string', description: 'the start' }, { name: 'end', type: 'string', description: 'the end' }], optional_parameters: [],
  return_data: [{ name: 'route', description: 'the route, a list of actions' }],
};
const judge = (start: string, end: string, route: string[]) => routeRoadAstray({ name: ROUTE.name, args: { start, end } }, JSON.stringify({ route }));
const route = (start: string, end: string, seed: number) => {
  const args = { start, end };
  return routeSteps({ rng: new Rng(seed, 'route'), args, subject: '', hint: ROUTE.name, trip: tripOf(ROUTE, args) });
};

describe('simulated_route_road_astray', () => {
  it('flags the recorded routes: I-95 from Central Park to Battery Park, a drive to Liberty Island', () => {
    expect(judge('Central Park, New York City', 'Battery Park, New York City', ['Depart Central Park, New York City and head southeast on 86th Street Transverse', 'After 1.2 km in town, take the ramp on the right for I-95', 'Continue on I-95 for 9.9 km', 'Take the exit and drive the last 1.2 km', 'Arrive at Battery Park, New York City on the left'])).toMatch(/takes I-95, whose line runs 1\d\.\d km from its end/);
    expect(judge('Times Square', 'Statue of Liberty', ['Start on West 44th Street heading northwest', 'After 1.1 km in town, take the ramp on the right for I-495', 'Continue on I-495 for 9.2 km', 'Take the exit and drive the last 1.1 km', 'Arrive at Statue of Liberty on the left'])).toMatch(/drives to Liberty Island.*no ferry/);
    // The FDR Drive runs from East 79th Street to the Battery: no defect. "the highway" is no road the map draws.
    expect(judge('Central Park, New York City', 'Battery Park, New York City', ['Start on 86th Street Transverse heading southeast', 'After 2.2 km in town, take the ramp on the right for the FDR Drive', 'Continue on the FDR Drive for 8.9 km', 'Take the exit and drive the last 1.2 km', 'Arrive at Battery Park, New York City'])).toBeNull();
    expect(judge('Griffith Park', 'Santa Monica Pier', ['Depart Griffith Park and head south', 'After 2.9 km in town, take the ramp on the right for the highway', 'Continue on the highway for 23.6 km', 'Take the exit and drive the last 2.9 km', 'Arrive at Santa Monica Pier'])).toBeUndefined();
  });

  it('a road\'s lines: I-95 far from Battery Park, the FDR Drive by it; the FDR\'s stretch from 79th Street to the Battery is about 9 km', () => {
    const battery = { lat: 40.7033, lon: -74.017 };
    const park = { lat: 40.7829, lon: -73.9654 };
    expect(kmToRoad(battery, 'I-95')!).toBeGreaterThan(15);
    expect(kmToRoad(battery, 'the FDR Drive')!).toBeLessThan(1);
    expect(roadAlongKm('the FDR Drive', park, battery)!).toBeGreaterThan(8);
    expect(kmToRoad(battery, 'the A40')).toBeUndefined();
  });

  it('the simulator takes a highway across town only where it runs between the ends, and the ferry to an island', () => {
    const pairs = [['Central Park, New York City', 'Battery Park, New York City'], ['Times Square', 'Statue of Liberty'], ['Statue of Liberty', 'Times Square'], ['Central Park, New York, NY', 'Empire State Building, New York, NY'], ['Griffith Park', 'Santa Monica Pier'], ['Santa Monica Pier', 'Griffith Park']];
    for (const [start, end] of pairs) {
      for (let i = 0; i < 12; i++) {
        const steps = route(start, end, i);
        expect(judge(start, end, steps), `${start} → ${end}: ${steps.join(' | ')}`).not.toEqual(expect.any(String));
        expect(routeStreetsApart({ name: ROUTE.name, args: { start, end } }, JSON.stringify({ route: steps })), `${start} → ${end}: ${steps.join(' | ')}`).not.toEqual(expect.any(String));
      }
    }
    const island = route('Times Square', 'Statue of Liberty', 3);
    expect(island.slice(-3, -1)).toEqual(['Arrive at the Battery Park ferry terminal', expect.stringMatching(/^Take the ferry to Liberty Island/)]);
    // From Jersey City the Statue's ferry leaves from Liberty State Park, not Battery Park across the Hudson.
    expect(route('187 Warren St, Jersey City, NJ', 'Statue of Liberty', 1).join(' | ')).toMatch(/Liberty State Park ferry terminal/);
  });
});

describe('a road with lights, an address\'s own street abbreviated (api-simulator-108)', () => {
  it('the West Side Highway is left, never exited; "1600 Pennsylvania Ave NW" starts on Pennsylvania Avenue', () => {
    for (let i = 0; i < 12; i++) {
      const steps = route('Central Park, New York City', 'Battery Park, New York City', i).join(' | ');
      expect(steps).not.toMatch(/West Side Highway.*Take the exit/);
      expect(route('1600 Pennsylvania Ave NW, Washington, DC', '350 5th Ave, New York, NY', i)[0]).toMatch(/Pennsylvania Ave NW/);
    }
    expect(streetLine('Pennsylvania Ave NW')).toEqual(streetLine('Pennsylvania Avenue NW'));
  });
});

describe('towns drawn for routes only', () => {
  it('Washington\'s, Oxford\'s and Beijing\'s streets meet where they cross, and not where they do not', () => {
    expect(linesMeet(streetLine('M Street NW')!, streetLine('14th Street NW')!)).toBe(true);
    expect(linesMeet(streetLine('U Street NW')!, streetLine('Constitution Avenue NW')!)).toBe(false);
    expect(linesMeet(streetLine('Cornmarket Street')!, streetLine('Broad Street')!)).toBe(true);
    expect(linesMeet(streetLine('Sanlitun Road')!, streetLine('Gulou East Street')!)).toBe(false);
  });

  it('flags the recorded route through Washington; "Camden High Street" is London\'s, not Oxford\'s High Street', () => {
    const apart = (start: string, end: string, r: string[]) => routeStreetsApart({ name: ROUTE.name, args: { start, end } }, JSON.stringify({ route: r }));
    expect(apart('Washington Convention Center', 'Marriott Marquis Washington, DC', ['Start on U Street NW heading west', 'Turn right onto Constitution Avenue NW', 'Arrive at Marriott Marquis Washington, DC'])).toMatch(/U Street NW never meets Constitution Avenue NW/);
    expect(apart('London', 'Oxford', ['Start on Camden High Street heading north', 'Turn left onto Broad Street', 'Arrive at Oxford'])).toBeUndefined();
  });
});

describe('simulated_route_ramp_onto_surface_road (api-simulator-146)', () => {
  const ramp = (start: string, end: string, r: string[]) => routeRampOntoSurfaceRoad({ name: ROUTE.name, args: { start, end } }, JSON.stringify({ route: r }));
  it('flags a ramp onto El Camino Real and an exit off it, passes a turn onto it', () => {
    // teval_query_188_0: CA-82 is El Camino Real, a boulevard with lights.
    expect(ramp('Stanford University', 'Google Headquarters', ['Depart Stanford University and head east', 'After 1 km in town, take the ramp on the right for CA-82', 'Continue on CA-82 for 7.5 km', 'Leave CA-82 and drive the last 1 km in town', 'Arrive at Google Headquarters'])).toMatch(/CA-82 has lights/);
    expect(ramp('Stanford University', 'Google Headquarters', ['Depart Stanford University and head east', 'After 1 km in town, turn onto CA-82', 'Continue on CA-82 for 7.5 km', 'Take the exit and drive the last 1 km', 'Arrive at Google Headquarters'])).toMatch(/no exits/);
    expect(ramp('Stanford University', 'Google Headquarters', ['Depart Stanford University and head east', 'After 1 km in town, turn onto CA-82', 'Continue on CA-82 for 7.5 km', 'Leave CA-82 and drive the last 1 km in town', 'Arrive at Google Headquarters'])).toBeNull();
    expect(ramp('Central Park', 'Battery Park', ['After 2.1 km in town, take the ramp on the right for the FDR Drive', 'Continue on the FDR Drive for 9 km', 'Take the exit and drive the last 1.2 km'])).toBeUndefined();
  });

  it('the simulator turns onto CA-82 and leaves it', () => {
    for (let seed = 0; seed < 16; seed++) {
      const r = route('Stanford University', 'Google Headquarters', seed);
      expect(ramp('Stanford University', 'Google Headquarters', r) ?? '', r.join(' | ')).not.toMatch(/lights|exits/);
    }
  });
});
