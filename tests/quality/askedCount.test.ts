/**
 * A list call answers as many results as the user asked for, as far as the API's doc allows: the
 * default build answered "Give me a list of 5 restaurants nearby" with one restaurant (59.7% (194/325)
 * of the cases asking a number of results showed fewer). askedCount reads the number off the request,
 * the rules simulator honours it, and the measure finds any answer that falls short.
 */
import { describe, expect, it } from 'vitest';
import type { ToolDoc } from '../../pipeline/schemas.js';
import type { TestCase, Trajectory } from '../../pipeline/schemas.js';
import { Rng } from '../../pipeline/rng.js';
import { askedCount } from '../../pipeline/resolution/askedCount.js';
import { simulateOffline } from '../../pipeline/resolution/simulatorRules.js';
import { responseValue, simulatedListShort } from '../../pipeline/quality/measures/simulated.js';

const NEARBY: ToolDoc = {
  name: 'BINGMap.search_nearby',
  description: 'Search for places nearby a location, within a given radius, and return the results into a list.',
  required_parameters: [{ name: 'search_term', type: 'string', description: 'the place name' }],
  optional_parameters: [{ name: 'places', type: 'string', description: 'the name of the location.' }],
  return_data: [{ name: 'places', description: 'the list of places, each place is a dict with name and address, at most 5 places.' }],
};
const PROPERTIES: ToolDoc = {
  name: 'AirbnbSearch.search_property_by_place',
  description: 'This function takes various parameters to search properties on Airbnb.',
  required_parameters: [{ name: 'place', type: 'string', description: 'The name of the destination.' }],
  optional_parameters: [],
  return_data: [{ name: 'property', description: 'a list of at most 3 properties, containing id, name, and address.' }],
};

describe('asked-for list sizes', () => {
  it('reads the count off the request, on the noun the call searches or its answer lists', () => {
    expect(askedCount('Give me a list of 5 restaurants nearby Times Square.', { search_term: 'restaurant' }, NEARBY)).toBe(5);
    expect(askedCount('Find three sushi restaurants near me.', { search_term: 'sushi restaurant' }, NEARBY)).toBe(3);
    expect(askedCount('Show me 4 places to stay in Paris.', { place: 'Paris' }, PROPERTIES)).toBe(4);
    // A number of something else is no list size: two people, 5 stars, the year.
    expect(askedCount('Book a table for 2 people at a restaurant with 5 stars.', { search_term: 'restaurant' }, NEARBY)).toBeUndefined();
    expect(askedCount('Find a restaurant nearby.', { search_term: 'restaurant' }, NEARBY)).toBeUndefined();
  });

  it('a news list counts news articles, not the papers another call is asked for (teval_query_256_2)', () => {
    const NEWS: ToolDoc = {
      name: 'PolygonFinance.get_ticker_news',
      description: 'get the most recent news articles relating to a stock ticker symbol',
      required_parameters: [],
      optional_parameters: [{ name: 'ticker', type: 'string', description: 'Return results that contain this ticker' }],
      return_data: [{ name: 'results', description: 'A list of news including title, summary, and author' }],
    };
    const request = "Retrieve the most recent news articles related to the stock ticker symbol 'AAPL'. Also, search for articles on arxiv.org related to 'financial markets' and get the meta information of the first three papers.";
    expect(askedCount(request, { ticker: 'AAPL' }, NEWS)).toBeUndefined();
    expect(askedCount("Get the three latest news articles about 'AAPL'.", { ticker: 'AAPL' }, NEWS)).toBe(3);
  });

  it('the rules simulator answers as many as asked, capped by the doc', () => {
    for (let seed = 0; seed < 20; seed++) {
      const nearby = responseValue(simulateOffline({ name: NEARBY.name, args: { search_term: 'restaurant', places: 'Times Square' }, tools: [NEARBY], asked: 5 }, new Rng(seed, 'asked')).response) as { places: unknown[] };
      expect(nearby.places).toHaveLength(5);
      const homes = responseValue(simulateOffline({ name: PROPERTIES.name, args: { place: 'Paris' }, tools: [PROPERTIES], asked: 6 }, new Rng(seed, 'asked')).response) as { property: unknown[] };
      expect(homes.property).toHaveLength(3);
    }
  });

  it('the measure flags one restaurant for five asked and passes five', () => {
    const user = 'Give me a list of 5 restaurants nearby Times Square.';
    const answer = (n: number) => JSON.stringify({ places: Array.from({ length: n }, (_, i) => ({ name: `Diner ${i + 1}`, address: `${i + 1} Broadway` })) });
    const trajectory = (n: number) => ({
      id: 't1', source: 'teval', tools: [NEARBY], meta: {},
      turns: [{ user, steps: [{ action: { name: NEARBY.name, args: { search_term: 'restaurant', places: 'Times Square' } }, response: { content: answer(n), tier: 'simulated' } }], answer: 'Here they are.' }],
    }) as unknown as Trajectory;
    const tc = (n: number) => ({ id: 'c1', trajectoryId: 't1', k: 1, tools: [NEARBY], messages: [{ role: 'user', content: user }, { role: 'function', content: answer(n) }] }) as unknown as TestCase;
    const check = (n: number) => simulatedListShort.check(tc(n), { trajectory: () => trajectory(n) } as never);
    expect(check(1)).toMatch(/1 places for 5 asked/);
    expect(check(5)).toBeNull();
  });

  it('a search centred where nothing is owes no list (AMap given the Statue of Liberty as lat,lon: off Antarctica read as its lon,lat)', () => {
    const GAODE: ToolDoc = { name: 'GaodeMap.search_nearby', description: 'Search for places nearby a location', required_parameters: [{ name: 'location', type: 'string', description: "The coordinate of the location, format with 'lon,lat'" }, { name: 'keywords', type: 'string', description: 'The search type, e.g., restaurant, school' }], optional_parameters: [], return_data: [{ name: 'places', description: 'the list of places, each place is a dict with name and address, at most 5 places.' }] };
    const user = "Find places within a 1 kilometer radius related to the keyword 'restaurants'. Provide a list of no more than 5 places.";
    const at = (location: string) => ({
      trajectory: { id: 't2', source: 'teval', tools: [GAODE], meta: {}, turns: [{ user, steps: [{ action: { name: GAODE.name, args: { location, keywords: 'restaurants' } }, response: { content: "{'places': []}", tier: 'simulated' } }], answer: 'x' }] } as unknown as Trajectory,
      tc: { id: 'c2', trajectoryId: 't2', k: 1, tools: [GAODE], messages: [{ role: 'user', content: user }, { role: 'function', content: "{'places': []}" }] } as unknown as TestCase,
    });
    const offAntarctica = at('40.6892,-74.0445');
    expect(simulatedListShort.check(offAntarctica.tc, { trajectory: () => offAntarctica.trajectory } as never)).toBeUndefined();
    const timesSquare = at('-73.9855,40.758');
    expect(simulatedListShort.check(timesSquare.tc, { trajectory: () => timesSquare.trajectory } as never)).toMatch(/0 places for 5 asked/);
  });
});
