/**
 * shownTextOf builds the normalised text a lookup reads from each part's memoized normalisation
 * (pipeline/quality/grounding.ts): it must answer exactly as a lookup in the parts joined by newlines,
 * whatever whitespace, case and JSON escapes sit at the joins.
 */
import { describe, expect, it } from 'vitest';
import { needShownIn, needShownInText, shownTextOf, type NeededValue } from '../../pipeline/quality/grounding.js';

const PARTS = [
  'Tools: [{"name": "get_weather", "description": "The weather in a city, e.g. \\u00c9vry or Paris"}]  ',
  '  ',
  '',
  'I need the five best restaurants near 37.7749,-122.4194 in SAN FRANCISCO\n',
  '\tBook property 691676460109271194 for 2 nights, total $1,250.50 ',
  '{"id": "Dfr79tjK7j4J", "distance": "1 km", "time": "6 PM"}',
  'ΟΔΟΣ Σ',
];

const VALUES: unknown[] = [
  'Évry', 'évry', 'paris', 'San Francisco', 'san  francisco', '37.7749,-122.4194', '37.7749, -122.4194', 691676460109271194n, 2, 5, 'five',
  1250.5, 1250.50, 1000, 'Dfr79tjK7j4J', 'dfr79tjk7j4j', '6 PM', '18:00', 'οδος', 'ς', 'restaurants near', 'nights, total', 'weather"}] i need',
  'x', 12, 0.5,
];

describe('shownTextOf', () => {
  it('answers every lookup as the joined text does, for every run of parts', () => {
    let compared = 0;
    for (let from = 0; from < PARTS.length; from++) {
      for (let to = from; to <= PARTS.length; to++) {
        const parts = PARTS.slice(from, to);
        const text = shownTextOf(parts);
        expect(text.raw).toBe(parts.join('\n'));
        for (const value of VALUES) {
          const need: NeededValue = { key: 'q', value };
          expect(needShownInText(need, text)).toBe(needShownIn(need, parts.join('\n')));
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(500);
    // Some lookups succeed and some fail, so the comparison means something.
    expect(needShownInText({ key: 'q', value: 'PARIS' }, shownTextOf(PARTS))).toBe(true);
    expect(needShownInText({ key: 'q', value: 'Lyon' }, shownTextOf(PARTS))).toBe(false);
  });
});
