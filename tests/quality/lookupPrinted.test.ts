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

describe('intents said as a person says them (thought_intent_doc_phrase)', () => {
  it('flags the docs\' constructions and words each call as a person would', async () => {
    const { intentDocPhrase } = await import('../../pipeline/quality/measures/thoughts.js');
    // The docs as T-Eval gives them.
    const cases: [string, string, string][] = [
      ['Get a list of movies ordered by rating', 'get_top_rated_movies', 'get the top-rated movies'],
      ['Get a list of movies ordered by popularity', 'get_popular_movies', 'get the most popular movies'],
      ['Get the similar movies based on genres and keywords', 'get_similar_movies', 'find similar movies'],
      ['get the weekday today', 'get_weekday', 'find out what day of the week it is'],
      ['Run Arxiv search and get the article meta information.', 'get_arxiv_article_information', 'search arXiv for articles'],
      // BFCL's, as its function docs give them (h-lead34).
      ['Get the symbol of a stock by company name.', 'get_symbol_by_name', "look up the company's stock symbol"],
      ['Converts the liter to gallon.', 'liter_to_gallon', 'convert liters to gallons'],
      ['Converts the gallon to liter.', 'gallon_to_liter', 'convert gallons to liters'],
      ['Create a ticket in the system and queue it.', 'create_ticket', 'open a support ticket'],
      ['Gets the zipcode based on the city.', 'get_zipcode_based_on_city', 'get the zip code'],
      ['Authenticate a user for ticket system.', 'ticket_login', 'log in to the ticket system'],
    ];
    expect(intentDocPhrase('Let me get the movies ordered by rating first.')).toBeDefined();
    for (const [doc, api, said] of cases) {
      const intent = intentOf(doc, api);
      expect(intent.startsWith(said), `${doc} -> ${intent}`).toBe(true);
      expect(intentDocPhrase(`I need to ${intent}.`)).toBeUndefined();
    }
  });
});
