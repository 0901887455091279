// Answer-writer-112 (h-lead35): a nearby search told near the place the user named, never near its coordinates (answer_place_as_coordinates).
import { describe, expect, it } from 'vitest';
import { offlineAnswer } from '../../stages/resolve/answerWriter.js';
import { placeAsCoordinates } from '../../pipeline/quality/measures/answerCraft.js';
import { Rng } from '../../pipeline/rng.js';

// teval_query_285_1: answer-writer-111 said "A search for "school" near 40.703573, -74.080326 found 4 places".
const request = 'I need to know the exact location of a property situated at 500 Ocean Avenue. Then tell me about the schools around that area.';
const coordinates = { name: 'BINGMap.get_coordinates', args: { location: '500 Ocean Avenue' }, response: "{'latitude': 40.703573, 'longitude': -74.080326}" };
const schools = { name: 'BINGMap.search_nearby', args: { latitude: 40.703573, longitude: -74.080326, radius: 1000, search_term: 'school' }, response: "{'places': [{'name': 'Sparrow High School', 'address': 'Bayonne'}, {'name': 'Lindqvist Academy', 'address': 'Bayonne'}]}" };

describe('a nearby search is told near the place the user named', () => {
  it('flags coordinates a look-up of the turn gave for a named place, and passes the place', () => {
    const turn = (answer: string) => ({ request, calls: [coordinates, schools], answer });
    expect(placeAsCoordinates(turn('A search for "school" near 40.703573, -74.080326 found 2 places.'))).toMatch(/500 Ocean Avenue/);
    expect(placeAsCoordinates(turn('A search for "school" near "500 Ocean Avenue" found 2 places.'))).toBeUndefined();
    // Coordinates nothing named stay what the answer can say.
    expect(placeAsCoordinates({ request, calls: [schools], answer: 'A search for "school" near 40.703573, -74.080326 found 2 places.' })).toBeUndefined();
  });
  it('the writer names the place', () => {
    for (let seed = 0; seed < 6; seed++) {
      const answer = offlineAnswer({ request, steps: [coordinates, schools] } as never, new Rng(seed, 'answer-writer'));
      expect(placeAsCoordinates({ request, calls: [coordinates, schools], answer }), answer).toBeUndefined();
      expect(answer).toMatch(/"school" near "500 Ocean Avenue"/);
    }
  });
});
