/**
 * A simulated route through a town the street map draws turns only between streets that meet, left
 * or right as the corner turns, and starts and arrives on streets by its ends (api-simulator-100):
 * "Start on Columbus Avenue heading south", "At the light, turn left onto Lexington Avenue" (parallel
 * avenues 1.6 km apart, teval_query_272_0) and "Turn left onto Avenue de La Bourdonnais", "Arrive at
 * Louvre Museum" (3 km short, teval_query_185_2) were in all 89 cases with such a route on f46
 * (simulated_route_streets_apart).
 */
import { describe, expect, it } from 'vitest';
import type { ToolDoc } from '../../pipeline/schemas.js';
import { Rng } from '../../pipeline/rng.js';
import { routeSteps } from '../../pipeline/resolution/simulatedText.js';
import { tripOf } from '../../pipeline/resolution/trips.js';
import { linesMeet, streetLegs, streetLine } from '../../pipeline/resolution/streetGeo.js';
import { routeStreetsApart } from '../../pipeline/quality/measures/simulatedGeo.js';
import { foreignStreet } from '../../pipeline/quality/measures/simulated.js';

const ROUTE: ToolDoc = {
  name: 'BINGMap.get_route', description: 'get the route between two places',
  required_parameters: [{ name: 'start', type: 'string', description: 'the start' }, { name: 'end', type: 'string', description: 'the end' }], optional_parameters: [],
  return_data: [{ name: 'route', description: 'the route, a list of actions' }],
};
const judge = (start: string, end: string, route: string[]) => routeStreetsApart({ name: ROUTE.name, args: { start, end } }, JSON.stringify({ route }));

describe('simulated_route_streets_apart', () => {
  it('flags the recorded routes: parallel avenues in a row, a street far short of the end', () => {
    expect(judge('New York', 'Miami', ['Start on Columbus Avenue heading south', 'At the light, turn left onto Lexington Avenue', 'After 4 km in town, take the ramp on the right for the highway', 'Continue on the highway for 2045.4 km', 'Arrive at Miami'])).toMatch(/Columbus Avenue never meets Lexington Avenue/);
    // api-simulator-144 widened the ends: this route's start, Avenue Bosquet 0.7 km from the tower that Rue Saint-Dominique passes
    // 130 m off, is now its first defect; the same arrival after a start by the tower is still flagged.
    expect(judge('Eiffel Tower', 'Louvre Museum', ['Head north on Avenue Bosquet toward Rue Saint-Dominique', 'Turn left onto Rue Saint-Dominique', 'Turn right onto Avenue de La Bourdonnais', 'Arrive at Louvre Museum'])).toMatch(/starts on Avenue Bosquet, 0\.7 km/);
    expect(judge('Eiffel Tower', 'Louvre Museum', ['Head east on Rue Saint-Dominique toward Avenue de La Bourdonnais', 'Turn left onto Avenue de La Bourdonnais', 'Arrive at Louvre Museum'])).toMatch(/arrives from Avenue de La Bourdonnais, \d\.\d km/);
    // Streets that meet, arriving by the end: no defect. A highway between two streets breaks the row (nothing left to judge).
    expect(judge('81 Lexington Avenue, New York', '300 Amsterdam Avenue, New York', ['Start on Lexington Avenue heading northeast', 'Turn left onto East 57th Street', 'Continue onto West 57th Street', 'Turn right onto Amsterdam Avenue', 'Arrive at 300 Amsterdam Avenue, New York'])).toBeNull();
    expect(judge('New York', 'Miami', ['Start on Mulberry Street heading north', 'Continue on the highway for 2045.4 km', 'Turn right onto Brickell Avenue', 'Arrive at Miami'])).toBeUndefined();
  });

  it('a crossing is the town\'s own street: Eighth Avenue in New York is no foreign street, Park Lane is', () => {
    const action = { name: ROUTE.name, args: { start: 'New York', end: 'Miami' } };
    expect(foreignStreet(action, JSON.stringify({ route: ['Start on Bleecker Street heading northwest', 'Turn right onto Eighth Avenue', 'Arrive at Miami'] }), '')).toBeNull();
    expect(foreignStreet(action, JSON.stringify({ route: ['Start on Park Lane heading north', 'Arrive at Miami'] }), '')).toMatch(/Park Lane/);
  });

  it('side by side is not meeting: Columbus and Amsterdam Avenues never meet, 57th Street crosses Lexington', () => {
    expect(linesMeet(streetLine('Columbus Avenue')!, streetLine('Amsterdam Avenue')!)).toBe(false);
    expect(linesMeet(streetLine('East 57th Street')!, streetLine('Lexington Avenue')!)).toBe(true);
  });

  it('turns as the corner turns: north up Lexington, left onto East 57th, right up Amsterdam', () => {
    const legs = streetLegs(['Lexington Avenue', 'East 57th Street', 'West 57th Street', 'Amsterdam Avenue'], { lat: 40.7415, lon: -73.983 }, { lat: 40.7813, lon: -73.9813 })!;
    expect(legs.map((l) => l.turn)).toEqual([undefined, 'left', 'continue', 'right']);
    expect(legs[0].heading).toBe('northeast');
  });

  it('the simulator routes through drawn towns on streets that meet, from and to streets by the ends', () => {
    const pairs = [['Eiffel Tower', 'Louvre Museum'], ['Times Square', 'Empire State Building'], ['New York', 'Miami'], ['Central Park', 'Metropolitan Museum of Art'], ['81 Lexington Avenue, New York', '300 Amsterdam Avenue, New York'], ['Battery Park, New York City', 'Times Square'], ['Los Angeles', 'San Francisco'], ['Bleecker Street, New York', 'Lexington Avenue, New York']];
    for (const [start, end] of pairs) {
      for (let i = 0; i < 12; i++) {
        const args = { start, end };
        const route = routeSteps({ rng: new Rng(i, 'route'), args, subject: '', hint: ROUTE.name, trip: tripOf(ROUTE, args) });
        expect(judge(start, end, route), `${start} → ${end}: ${route.join(' | ')}`).not.toEqual(expect.any(String));
      }
    }
  });
});
