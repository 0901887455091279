import { describe, expect, it } from 'vitest';
import { offlineAnswer } from '../../stages/resolve/answerWriter.js';
import { searchTermUnsaid } from '../../pipeline/quality/measures/answerCraft.js';
import { Rng } from '../../pipeline/rng.js';

// teval_query_277_0-control-k4: the gas stations near 123 Main Street, told on g0 as "There are 5 places, among them …".
const request = 'Search for nearby gas stations within a 2-kilometer radius from 123 Main Street.';
const nearby = { name: 'BINGMap.search_nearby', args: { places: '123 Main Street', radius: 2000, search_term: 'gas station' }, response: "{'places': [{'name': 'Getty', 'address': '106 Maple Street'}, {'name': 'Shell', 'address': '175 Oak Avenue'}, {'name': 'Valero', 'address': '150 Oak Avenue'}, {'name': 'Citgo', 'address': '144 Market Street'}, {'name': 'Sunoco', 'address': '179 Main Street'}]}" };
// teval_query_114_2: a search by a property's coordinates, told on g0 as "For latitude 37.797432, I found 5 places".
const byCoordinates = { name: 'BINGMap.search_nearby', args: { latitude: 37.797432, longitude: -122.4194, radius: 1000, search_term: 'restaurant' }, response: "{'places': [{'name': \"Max's Opera Cafe\", 'address': '601 Van Ness Ave'}, {'name': 'Nojo Ramen Tavern', 'address': '231 Franklin St'}]}" };

describe('a nearby search\'s finds said with what was searched for (answer_search_term_unsaid)', () => {
  it('flags the count with the term left out', () => {
    expect(searchTermUnsaid({ request, calls: [nearby], answer: 'There are 5 places, among them "Getty", "Shell" and "Valero".' })).toBeDefined();
    expect(searchTermUnsaid({ request, calls: [nearby], answer: 'A search for "gas station" near "123 Main Street" found 5 places, among them "Getty", "Shell" and "Valero".' })).toBeUndefined();
  });
  it('says the term and where, by name or by coordinates', () => {
    for (let seed = 0; seed < 8; seed++) {
      for (const step of [nearby, byCoordinates]) {
        const answer = offlineAnswer({ request, steps: [step] } as never, new Rng(seed, 'answer-writer'));
        expect(searchTermUnsaid({ request, calls: [step], answer }), answer).toBeUndefined();
        expect(answer).not.toMatch(/For latitude|^There are \d+ places/);
      }
    }
    expect(offlineAnswer({ request, steps: [byCoordinates] } as never, new Rng(1, 'answer-writer'))).toMatch(/"restaurant" near 37\.797432, -122\.4194/);
  });
});
