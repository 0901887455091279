/**
 * A gas station's name is its brand's (api-simulator-154): the simulator drew "Mobil Cedar", "Chevron
 * Rosemary", "BP Magnolia Fuel Stop" and "Pearl Gas & Go" near 123 Main Street and in Seattle
 * (teval_query_277_0, 322_0: simulated_station_name_made_up 14/29 on g0), where T-Eval's own runs list
 * "BP", "Shell", "Exxon", "Gulf Gas Station".
 */
import { describe, expect, it } from 'vitest';
import { bingNearby } from '../support/mapDocs.js';
import { simulateOffline } from '../../pipeline/resolution/simulatorRules.js';
import { isStationName, stationNameMadeUp } from '../../pipeline/quality/measures/simulatedStations.js';
import { Rng } from '../../pipeline/rng.js';

const search = (args: Record<string, unknown>) => ({ name: bingNearby.name, args });
const answer = (...names: string[]) => JSON.stringify({ places: names.map((name, i) => ({ name, address: `${10 + i} Pike Street, Seattle` })) });

describe('simulated_station_name_made_up', () => {
  it('flags a brand with a drawn word and a name with no brand, passes brands, their kind words and a street', () => {
    expect(stationNameMadeUp(search({ places: 'Seattle', search_term: 'gas station' }), answer('Chevron Sparrow', 'Shell', 'Olive Gas & Go'))).toMatch(/"Chevron Sparrow", "Olive Gas & Go" listed as gas station/);
    expect(stationNameMadeUp(search({ places: 'Seattle', search_term: 'gas station' }), answer('BP Magnolia Fuel Stop'))).toMatch(/BP Magnolia Fuel Stop/);
    expect(stationNameMadeUp(search({ places: 'Seattle', search_term: 'gas station' }), answer('Shell', 'Exxon', 'Gulf Gas Station', 'Mobil - Pike Street', '76', 'Chevron on 1st Avenue'))).toBeNull();
    // The task's plan writes the name its run found: it passes.
    expect(stationNameMadeUp(search({ places: 'Seattle', search_term: 'gas station' }), answer('Joe\'s Fuel'), ["Joe's Fuel"])).toBeNull();
    // Another kind of search is no population.
    expect(stationNameMadeUp(search({ places: 'Seattle', search_term: 'restaurant' }), answer('Pearl Kitchen'))).toBeUndefined();
    expect(isStationName('Tesla Supercharger')).toBe(true);
    expect(isStationName('Mobil Cedar')).toBe(false);
  });

  it('the simulator names each station by a brand of its region', () => {
    const places = ['123 Main Street', 'Seattle', 'Los Angeles', 'Paris', 'Tokyo', 'Bali', 'Times Square'];
    for (const place of places) {
      for (let seed = 1; seed <= 4; seed++) {
        for (const term of ['gas station', 'petrol station', 'EV charging station']) {
          const args = { places: place, search_term: term };
          const out = simulateOffline({ name: bingNearby.name, args, tools: [bingNearby] }, new Rng(seed, 'stations')).response;
          expect(stationNameMadeUp(search(args), out), `${term} near ${place}: ${out}`).toBeNull();
        }
      }
    }
    const paris = simulateOffline({ name: bingNearby.name, args: { places: 'Paris', search_term: 'gas station' }, tools: [bingNearby] }, new Rng(1, 'stations')).response;
    expect(paris).not.toMatch(/Sunoco|Citgo|Speedway|Marathon/);
  });
});
