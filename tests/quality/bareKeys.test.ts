import { describe, expect, it } from 'vitest';
import { keyNoun } from '../../pipeline/quality/grammar.js';
import { argPhrase } from '../../pipeline/thoughtPhrases.js';
import { finishThought } from '../../pipeline/prompts/standard.js';
import { bareKeyNoun, callContradiction } from '../../pipeline/quality/measures/thoughts.js';

const doc = (params: [string, string][]) => ({ required_parameters: params.map(([name, description]) => ({ name, type: 'string', description })), optional_parameters: [] });
// BINGMap.get_route's, PolygonFinance's and search_nearby's own docs, as the cases show them.
const route = doc([['start', '[Required] The start location.'], ['end', '[Required] The end location.']]);
const ticker = doc([['search', '[Required] search for terms within the ticker and/or company name']]);
const nearby = doc([['places', 'the name of the location.'], ['radius', 'radius in meters']]);
const window = doc([['from', '[Required] The start of the aggregate time window with the format YYYY-MM-DD'], ['to', '[Required] The end of the aggregate time window with the format YYYY-MM-DD']]);

describe('bare parameters said by what their docs say they hold (thought_key_bare)', () => {
  it('flags the key said as a noun, as g0 shipped it in 205 CoT cases', () => {
    expect(bareKeyNoun('"I am planning a road trip from New York to Miami," the user says, so the end is "Miami".', ['end', 'start'])).toMatch(/"end"/);
    expect(bareKeyNoun('I will use `search_stock_ticker` with search "Apple Inc.".', ['search'])).toMatch(/"search"/);
    expect(bareKeyNoun('The request names "12:00" as the end time.', ['end'])).toBeUndefined();
  });

  it('names them by their docs, a start before its end', () => {
    expect(keyNoun('end', route)).toBe('destination');
    expect(keyNoun('start', route)).toBe('starting point');
    expect(keyNoun('search', ticker)).toBe('search terms');
    expect(keyNoun('places', nearby)).toBe('place');
    expect(argPhrase({ end: 'Miami', start: 'New York' }, route)).toBe('starting point "New York" and destination "Miami"');
    expect(argPhrase({ from: '2023-10-01', to: '2023-10-15' }, window)).toBe('start date "2023-10-01" and end date "2023-10-15"');
    expect(bareKeyNoun(`\`get_route\` with ${argPhrase({ end: 'Miami', start: 'New York' }, route)}.`, ['end', 'start'])).toBeUndefined();
    // A key whose doc says nothing of what it holds keeps its own words: "end" of another tool is left as it is.
    expect(keyNoun('end', doc([['end', 'the end']]))).toBe('end');
  });

  it('a made-up tool\'s call naming its window by the doc\'s nouns names every argument (teval_query_335_2-tool_hallucination_error-k3-cot on b6)', () => {
    const args = { from: '2023-10-01', to: '2023-10-15', ticker: 'AAPL', multiplier: 1, timespan: 'hour' };
    const thought = `Last, I need to get aggregate bars for the stock; \`aggregate_equity_with_time\` with ${argPhrase(args, doc([...window.required_parameters.map((p) => [p.name, p.description] as [string, string]), ['ticker', 'the ticker'], ['multiplier', 'the multiplier'], ['timespan', 'the timespan']]))}.`;
    expect(thought).toMatch(/start date "2023-10-01"/);
    expect(callContradiction(thought, args)).toBeUndefined();
  });

  it('a turn\'s closing thought names its last call\'s bare keys by the docs (teval_query_295_1-control-k4-cot after the h-solv33 merge)', () => {
    const turn = { user: 'Show me the route from Central Park to the AMC Empire 25 cinema.', steps: [{ action: { name: 'BINGMap.get_route', args: { end: 'AMC Empire 25 cinema', start: 'Central Park' } }, response: { content: '{"route": ["Head south on 7th Ave", "Turn left onto W 44th St", "Turn right onto 8th Ave", "Turn left onto W 42nd St", "Arrive at AMC Empire 25 cinema"]}' } }] };
    const docs = [{ name: 'BINGMap.get_route', description: 'Get the route between two locations.', ...route }];
    const said: string[] = [];
    for (let i = 0; i < 12; i++) {
      const thought = finishThought({ ...turn, user: `${turn.user}${' '.repeat(i)}` } as never, docs as never);
      expect(bareKeyNoun(thought, ['end', 'start']), thought).toBeUndefined();
      said.push(thought);
    }
    // Some of the closing wordings name the call's arguments: those are the ones this is about.
    expect(said.some((t) => /starting point "Central Park"/.test(t))).toBe(true);
  });
});

describe('Scholar\'s q and Airbnb\'s dates said as a person says them (thought-writer-57, lead38)', () => {
  const citation = doc([['q', 'ID of an individual Google Scholar organic search result']]);
  // T-Eval's own checkOut doc calls it the check-in date: the key says which.
  const checkout = doc([['checkIn', 'The check-in date, it must in the format of YYYY-MM-DD.'], ['checkOut', 'The check-in date, it must in the format of YYYY-MM-DD.'], ['propertyId', 'The id of the property']]);
  it('names q the organic id the listing gave, and the dates check-in and check-out dates', () => {
    expect(keyNoun('q', citation)).toBe('organic id');
    expect(argPhrase({ q: 'O89oBDOtbPMJ' }, citation)).toBe('organic id "O89oBDOtbPMJ"');
    expect(keyNoun('checkIn', checkout)).toBe('check-in date');
    expect(keyNoun('checkOut', checkout)).toBe('check-out date');
    // Another tool's q keeps what its own doc says.
    expect(keyNoun('q', doc([['q', 'the search query']]))).not.toBe('organic id');
  });
});

describe('a key error\'s wrong key said as the call made it (thought_key_bare, lead38)', () => {
  it('passes "with q" on a tool that takes no q, and flags it on the tool whose q its doc names', () => {
    const owns = (api: string, key: string) => (api === 'get_citation_format' ? key === 'q' : api === 'search_google_scholar' ? key === 'query' : true);
    // teval_query_239_0-parameters_key_error-k2-cot: the wrong call passes q to search_google_scholar.
    expect(bareKeyNoun('Another part of the request is to search Google Scholar for articles; `search_google_scholar` with q "machine learning algorithms" handles it.', ['q'], owns)).toBeUndefined();
    expect(bareKeyNoun('Now I can get the MLA citation format by calling `get_citation_format` with q "O89oBDOtbPMJ".', ['q'], owns)).toMatch(/"q"/);
  });
});
