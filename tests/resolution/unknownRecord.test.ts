/**
 * A lookup by an identifier the task never showed finds nothing: the default build answered
 * get_ticker_detail("The Matrix") with a company called The Matrix and "aapl" with one called aapl.
 * The resolver now answers such calls "not found" (Polygon's own NOT_FOUND form for tickers), the
 * value injector no longer offers a letter-case slip where the service matches any case ("ibm" finds
 * IBM), and the measures find both.
 */
import { describe, expect, it } from 'vitest';
import type { ToolDoc } from '../../pipeline/schemas.js';
import { unknownRecord, isIdentifierParam } from '../../pipeline/resolution/unknownRecord.js';
import { tevalNotFound } from '../../sources/teval/resolution.js';
import { Rng } from '../../pipeline/rng.js';
import { matchedInAnyCase } from '../../pipeline/errors/injectors/paramValue.js';
import { valueNotWrong } from '../../pipeline/quality/measures/errors.js';
import { placeholderContent } from '../../pipeline/quality/measures/simulated.js';
import { simulateOffline } from '../../pipeline/resolution/simulatorRules.js';

const doc = (name: string, params: [string, ToolDoc['required_parameters'][number]['type'], string][], returns: [string, string][] = [['result', '']]): ToolDoc => ({
  name,
  description: '',
  required_parameters: params.map(([n, type, description]) => ({ name: n, type, description })),
  optional_parameters: [],
  return_data: returns.map(([n, description]) => ({ name: n, description })),
});
const TICKER = doc('PolygonFinance.get_ticker_detail', [['ticker', 'string', '']]);
const SEARCH = doc('PolygonFinance.search_stock_ticker', [['search', 'string', 'search for terms within the ticker and/or company name']]);
const REVIEWS = doc('AirbnbSearch.get_property_reviews', [['propertyId', 'integer', 'The ID of the property.']]);
const CITATION = doc('GoogleScholar.get_citation_format', [['q', 'string', 'ID of an individual Google Scholar organic search result']]);

describe('lookups of records nobody showed', () => {
  it('knows identifiers from free text', () => {
    expect(isIdentifierParam(TICKER.required_parameters[0])).toBe(true);
    expect(isIdentifierParam(REVIEWS.required_parameters[0])).toBe(true);
    expect(isIdentifierParam(CITATION.required_parameters[0])).toBe(true);
    expect(isIdentifierParam(SEARCH.required_parameters[0])).toBe(false);
  });

  it('finds an identifier the task never showed, letter case included', () => {
    const shown = 'Look up Apple.\n{"ticker": "AAPL", "name": "Apple Inc."}';
    expect(unknownRecord(TICKER, { ticker: 'AAPL' }, shown)).toBeUndefined();
    expect(unknownRecord(TICKER, { ticker: 'aapl' }, shown)?.message).toBe('No ticker found with ticker "aapl".');
    expect(unknownRecord(TICKER, { ticker: 'The Matrix' }, shown)).toBeDefined();
    // A company's name the user wrote is no ticker (Polygon answers NOT_FOUND for "Tesla")...
    expect(unknownRecord(TICKER, { ticker: 'Tesla' }, 'Tell me about Tesla stock.')?.noun).toBe('ticker');
    // ...unless an answer gave that very string as a ticker.
    expect(unknownRecord(TICKER, { ticker: 'Tesla' }, '{"ticker": "Tesla"}')).toBeUndefined();
    expect(unknownRecord(REVIEWS, { propertyId: 41020754 }, '{"property": [{"id": 41020753}]}')?.noun).toBe('property');
    expect(unknownRecord(REVIEWS, { propertyId: 41020753 }, '{"property": [{"id": 41020753}]}')).toBeUndefined();
    expect(unknownRecord(CITATION, { q: 'John Doe' }, 'Cite the first paper.')?.noun).toBe('result');
    // A name the user wrote, or a name inside a title or a publication line, is no result id.
    expect(unknownRecord(CITATION, { q: 'John Doe' }, "Find the first author named 'John Doe'.")?.noun).toBe('result');
    expect(unknownRecord(CITATION, { q: 'John Doe' }, "{'pub_info': ['John Doe, L Haddad - Nature, 2020']}")).toBeDefined();
    expect(unknownRecord(CITATION, { q: 'Jane Roe' }, '{"organic_id": ["Jane Roe", "x1"]}')).toBeUndefined();
    // A single-token id stays shown wherever the text holds it (the user may give it).
    expect(unknownRecord(CITATION, { q: 'EQ8shYj8Ai8J' }, 'Cite the result EQ8shYj8Ai8J.')).toBeUndefined();
    // A value an earlier call took counts as shown (its answer may have been cut).
    expect(unknownRecord(REVIEWS, { propertyId: 7 }, '', [{ args: { propertyId: 7 } }])).toBeUndefined();
  });

  it("answers a ticker as Polygon does, other records as the simulator's error", () => {
    const missing = unknownRecord(TICKER, { ticker: 'The Matrix' }, '')!;
    expect(tevalNotFound(TICKER.name, missing, new Rng(1, 't'))).toMatch(/^\{'text': "\{'status': 'NOT_FOUND', 'request_id': '[0-9a-f]{32}', 'message': 'Ticker not found.'\}"\}$/);
    expect(tevalNotFound(REVIEWS.name, unknownRecord(REVIEWS, { propertyId: 1 }, '')!, new Rng(1, 't'))).toBeUndefined();
  });

  it('a letter-case slip is no error where the service matches any case', () => {
    expect(matchedInAnyCase('search', SEARCH.required_parameters[0], 'IBM')).toBe(true);
    expect(matchedInAnyCase('location', undefined, 'San Francisco')).toBe(true);
    expect(matchedInAnyCase('order_type', { description: 'Type of the order (Buy/Sell).' }, 'Buy')).toBe(true);
    expect(matchedInAnyCase('ticker', undefined, 'AAPL')).toBe(false);
    expect(matchedInAnyCase('folder', undefined, 'Documents')).toBe(false);
    const distance = doc('BINGMap.get_distance', [['start', 'string', ''], ['end', 'string', '']]);
    expect(valueNotWrong({ tools: [SEARCH], groundTruth: { name: SEARCH.name, args: { search: 'IBM' } }, erroneousAction: { name: SEARCH.name, args: { search: 'ibm' } } })).toMatch(/any letter case/);
    expect(valueNotWrong({ tools: [TICKER], groundTruth: { name: TICKER.name, args: { ticker: 'AAPL' } }, erroneousAction: { name: TICKER.name, args: { ticker: 'aapl' } } })).toBeUndefined();
    expect(valueNotWrong({ tools: [distance], groundTruth: { name: distance.name, args: { start: 'A', end: 'B' } }, erroneousAction: { name: distance.name, args: { start: 'B', end: 'A' } } })).toMatch(/either way round/);
  });

  it('links point where the service keeps its pages, and a reserved example.com link counts as a placeholder', () => {
    const films = doc('FilmDouban.now_playing_out_filter', [], [['film', 'a list of film information, including date, title, cate, region, wantWatchPeopleNum, link']]);
    const answer = JSON.parse(simulateOffline({ name: films.name, args: {}, tools: [films] }, new Rng(3, 'links')).response.replace(/'/g, '"')) as { film: { link: string }[] };
    // Now-playing links carry Douban's ?from=playing_poster, as its recorded answer's do.
    for (const f of answer.film) expect(f.link).toMatch(/^https:\/\/movie\.douban\.com\/subject\/\d{7,8}\/(\?from=playing_poster)?$/);
    const author = doc('GoogleScholar.get_author_information', [['author_id', 'string', 'unique ID of the author']], [['name', 'author name'], ['website', "the authors's homepage url"]]);
    // An id no recording answers (TXdHj3MAAAAJ is now answered with its recorded profile, scholarRecords.ts): the drawn profile's website is its own.
    const info = JSON.parse(simulateOffline({ name: author.name, args: { author_id: 'Qk7dWm2AAAAJ' }, tools: [author] }, new Rng(3, 'links')).response) as { name: string; website: string };
    const last = info.name.split(' ').pop()!.toLowerCase().normalize('NFKD').replace(/[^a-z]/g, '');
    expect(info.website).toContain(last);
    expect(placeholderContent('{"film": [{"link": "https://www.example.com/link/8761"}]}')).toMatch(/placeholder link/);
    expect(placeholderContent('{"film": [{"link": "https://movie.douban.com/subject/1292052/"}]}')).toBeUndefined();
  });
});
