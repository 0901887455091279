/**
 * h-plans23: T-Eval plans whose step is not a fair answer to the request, and wrong tools that are a
 * fair reading of it. A ticker searched by a film's title for "the production company behind the
 * first popular movie" (479_1), a citation of "Machine learning" for 'Deep Learning' (57_1) and a
 * Scholar search for a request asking nothing scholarly (446_0) turn the plan down; the Scholar step
 * the plan makes again with a web search (305_0), a dummy id looked up and called again (471_2) and a
 * [SPAN] splitting one bullet (456_1) are repaired.
 */
import { describe, expect, it } from 'vitest';
import { filmSearchForPlace, guessedId, scholarlySearchUnasked, tickerByFilmTitle } from '../../pipeline/quality/planAsks.js';
import { otherItemThanAsked } from '../../pipeline/quality/askedItems.js';
import { joinSplitBullets } from '../../pipeline/standIns.js';
import { fairReading, reasonableInstead } from '../../pipeline/errors/benignSelect.js';
import { checkTrajectory } from '../../stages/filter/rules.js';
import type { ToolDoc } from '../../pipeline/schemas.js';

const step = (name: string, args: Record<string, unknown> = {}, response?: string) => ({ name, args, response });

describe('a ticker searched by a film title', () => {
  const films = "{'films': [{'id': 299054, 'title': 'Expend4bles', 'release_date': '2023-09-15'}, {'id': 575264, 'title': 'Mission: Impossible - Dead Reckoning Part One'}]}";
  it('finds search_stock_ticker("Expend4bles") after a list naming the film (479_1), not a company search', () => {
    expect(tickerByFilmTitle([step('FilmTMDB.get_popular_movies', {}, films), step('PolygonFinance.search_stock_ticker', { search: 'Expend4bles' })])).toEqual({ at: 1, name: 'PolygonFinance.search_stock_ticker', title: 'Expend4bles' });
    expect(tickerByFilmTitle([step('FilmTMDB.get_popular_movies', {}, films), step('PolygonFinance.search_stock_ticker', { search: 'Lionsgate' })])).toBeUndefined();
    expect(tickerByFilmTitle([step('PolygonFinance.search_stock_ticker', { search: 'Expend4bles' })])).toBeUndefined();
  });

  it('filter turns the plan down', () => {
    const tools = [
      { name: 'FilmTMDB.get_popular_movies', params: [] },
      { name: 'PolygonFinance.search_stock_ticker', params: [{ name: 'search', type: 'STRING', required: true }] },
    ];
    const t = { id: 't', source: 'teval', tools, turns: [{ user: 'Get a list of popular movies. Then, search for the ticker symbol of the production company behind the first popular movie.', steps: [{ action: { name: 'FilmTMDB.get_popular_movies', args: {} }, response: { content: films } }, { action: { name: 'PolygonFinance.search_stock_ticker', args: { search: 'Expend4bles' } } }] }] } as never;
    expect(checkTrajectory(t, { minSteps: 1 })).toMatchObject({ code: 'ticker_by_film_title', detail: expect.stringContaining('"Expend4bles"') });
  });
});

describe('another paper than the one the request names', () => {
  const request = "I'm interested in scholarly articles on the subject of machine learning. Also, can you provide me with the MLA citation format for the paper with the title 'Deep Learning'?";
  const search = "{'title': ['Machine learning', 'Machine learning: Trends, perspectives, and prospects'], 'cited_by': [1805, 7004], 'organic_id': ['EQ8shYj8Ai8J', 'pdcI9r5sCJcJ']}";
  it('finds the citation of "Machine learning" for \'Deep Learning\' (57_1), not one whose plan searches the title', () => {
    expect(otherItemThanAsked(request, [step('GoogleScholar.search_google_scholar', { query: 'machine learning' }, search), step('GoogleScholar.get_citation_format', { q: 'EQ8shYj8Ai8J' })], [])).toEqual({ at: 1, kind: 'paper', asked: 'Deep Learning', other: '"Machine learning" (EQ8shYj8Ai8J)' });
    expect(otherItemThanAsked(request, [step('GoogleScholar.search_google_scholar', { query: 'Deep Learning' }, search), step('GoogleScholar.get_citation_format', { q: 'EQ8shYj8Ai8J' })], [])).toBeUndefined();
  });
});

describe('a scholarly search for a request asking nothing scholarly', () => {
  const trip = "I'm planning a trip to New York. Finally, I'm interested in finding out more about famous landmarks in New York. Could you do a search for me?";
  it('finds it, and the web search the plan makes of the same query (305_0)', () => {
    const steps = [step('BINGMap.get_coordinates', { location: 'Central Park' }), step('GoogleScholar.search_google_scholar', { query: 'famous landmarks in New York' }), step('GoogleSearch.serper_search', { query: 'famous landmarks in New York' })];
    expect(scholarlySearchUnasked(trip, steps)).toEqual({ at: 1, name: 'GoogleScholar.search_google_scholar', query: 'famous landmarks in New York', redoneAt: 2 });
    expect(scholarlySearchUnasked(trip, steps.slice(0, 2))).toEqual({ at: 1, name: 'GoogleScholar.search_google_scholar', query: 'famous landmarks in New York' });
  });
  it('leaves a request asking for papers alone', () => {
    expect(scholarlySearchUnasked('Find research papers on climate change.', [step('GoogleScholar.search_google_scholar', { query: 'climate change' })])).toBeUndefined();
  });
});

describe('a dummy id', () => {
  it('finds get_author_information("12345") and whether the plan calls it again with another id (471_2)', () => {
    const guess = { name: 'GoogleScholar.get_author_information', args: { author_id: '12345' } };
    expect(guessedId(guess, [{ name: 'GoogleScholar.get_author_id', args: { mauthors: 'John Doe' } }, { name: 'GoogleScholar.get_author_information', args: { author_id: '0juNTSgAAAAJ' } }])).toEqual({ key: 'author_id', value: '12345', redone: true });
    expect(guessedId(guess, [])).toEqual({ key: 'author_id', value: '12345', redone: false });
    expect(guessedId({ name: 'GoogleScholar.get_author_information', args: { author_id: '0juNTSgAAAAJ' } }, [])).toBeUndefined();
  });
});

describe('a [SPAN] splitting one bullet', () => {
  it('joins a label, an enumerator or a " - " continuation with what follows (456_1)', () => {
    expect(joinSplitBullets('Date and Time: [SPAN]2023-10-22 22:53')).toBe('Date and Time: 2023-10-22 22:53');
    expect(joinSplitBullets('1. [SPAN]红猪[SPAN] - 喜剧 / 动画 / 冒险[SPAN] - 11月17日\n2. [SPAN]涉过愤怒的海')).toBe('1. 红猪 - 喜剧 / 动画 / 冒险 - 11月17日[SPAN]2. 涉过愤怒的海');
  });
  it('leaves real bullets alone, a dash list included', () => {
    expect(joinSplitBullets('Variables[SPAN]Loops[SPAN]Functions')).toBeUndefined();
    expect(joinSplitBullets('Notes: hotel[SPAN]- 8 items reviewed[SPAN]- open questions sent to the team')).toBeUndefined();
  });
});

describe('a wrong tool that is a fair reading of the request', () => {
  const doc = (name: string): ToolDoc => ({ name, description: '', required_parameters: [{ name: 'propertyId', type: 'integer', description: '' }], optional_parameters: [], return_data: [] });
  const tools = [doc('AirbnbSearch.get_property_reviews'), doc('AirbnbSearch.get_property_details')];
  const reviews = { name: 'AirbnbSearch.get_property_reviews', args: { propertyId: 36339325 } };
  const details = { name: 'AirbnbSearch.get_property_details', args: { propertyId: 36339325 } };
  it('"review no more than three of these properties" is met by the details as by the reviews (0_1)', () => {
    const request = 'I need to find properties in Berlin and review no more than three of these properties.';
    expect(fairReading(reviews, details, tools, request)).toMatch(/"review" is a verb/);
    expect(reasonableInstead(reviews, details, tools, request)).toMatch(/reading of the request/);
  });
  it('a request asking for the reviews leaves the details a wrong tool', () => {
    expect(fairReading(reviews, details, tools, 'Get the reviews of the first property listed.')).toBeUndefined();
    expect(fairReading(reviews, details, tools, 'Review the property and show its reviews.')).toBeUndefined();
  });
});

describe('a film searched by the name of a place', () => {
  it('finds search_movie("Las Vegas") for whether a film "is being shown in Las Vegas" (292_0), not a quoted title', () => {
    const request = "Organize a journey from Los Angeles to Las Vegas. Additionally, investigate the details of the film 'Spider-Man: No Way Home' to determine if it is being shown in Las Vegas during the journey.";
    expect(filmSearchForPlace(request, [step('FilmTMDB.search_movie', { query: 'Spider-Man: No Way Home' }), step('FilmTMDB.search_movie', { query: 'Las Vegas' })])).toEqual({ at: 1, name: 'FilmTMDB.search_movie', place: 'Las Vegas' });
    expect(filmSearchForPlace(request, [step('FilmTMDB.search_movie', { query: 'Spider-Man: No Way Home' })])).toBeUndefined();
    expect(filmSearchForPlace("I'm in Paris tonight. Find the film 'Paris' and its details.", [step('FilmTMDB.search_movie', { query: 'Paris' })])).toBeUndefined();
  });
});
