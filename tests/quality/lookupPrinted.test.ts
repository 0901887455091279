import { describe, expect, it } from 'vitest';
import { intentOf } from '../../pipeline/thoughtPhrases.js';
import { lookupPrinted } from '../../pipeline/quality/measures/thoughts.js';

// FilmDouban's docs as T-Eval gives them.
const COMING = 'prints the details of the filtered [outNum] coming films in China';
const DETAIL = 'prints the details of a movie, giving its name';

describe('a Douban look-up said as one (thought_lookup_printed)', () => {
  it('flags the doc\'s "print" and passes the user\'s own words quoted', () => {
    expect(lookupPrinted('My plan starts with `coming_out_filter`, since it can print the details of the films coming out in China.')).toBeDefined();
    expect(lookupPrinted('"Look for movies coming out soon in China and print the details of each," the user says.')).toBeUndefined();
  });
  it('words the intents as look-ups', () => {
    expect(intentOf(COMING, 'coming_out_filter')).toBe('look up the films coming out in China');
    expect(intentOf(DETAIL, 'print_detail', { film_name: '奥本海默' })).toBe('get the details of the movie');
    for (const [doc, api] of [[COMING, 'coming_out_filter'], [DETAIL, 'print_detail']]) expect(lookupPrinted(`I need to ${intentOf(doc, api)}.`)).toBeUndefined();
  });
});
