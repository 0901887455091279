/**
 * sim11: a search for an opaque id or a ticker search for a film finds nothing; a status-only API
 * says success in its recorded words; web results for a film or a news request fit what was asked.
 */
import { describe, expect, it } from 'vitest';
import { simulateOffline } from '../../pipeline/resolution/simulatorRules.js';
import { Rng } from '../../pipeline/rng.js';
import type { ToolDoc } from '../../pipeline/schemas.js';
import { findsNothing } from '../../pipeline/resolution/idSearch.js';
import { searchForIdInvents, webResultMisfit } from '../../pipeline/quality/measures/simulatedInvented.js';
import { listingOutsideNamedPlace, recordedListingMismatch } from '../../pipeline/quality/measures/simulatedAbout.js';
import { searchResult } from '../../pipeline/resolution/simulatedText.js';

const param = (name: string, description = '') => ({ name, type: 'string', description });
const scholar: ToolDoc = {
  name: 'GoogleScholar.search_google_scholar',
  description: 'Search for scholarly articles on Google Scholar',
  required_parameters: [param('query', 'search query content')],
  optional_parameters: [],
  return_data: [
    { name: 'title', description: 'list of the titles of papers' },
    { name: 'cited_by', description: 'citation number of papers' },
    { name: 'organic_id', description: "list of organic results' ids of the papers" },
    { name: 'snipets', description: 'snippets of the papers' },
    { name: 'pub_info', description: 'publication information of selected papers' },
  ],
} as ToolDoc;
const ticker: ToolDoc = {
  name: 'PolygonFinance.search_stock_ticker',
  description: 'get the stock ticker given the company name',
  required_parameters: [param('search', 'search for terms within the ticker and/or company name')],
  optional_parameters: [],
  return_data: [{ name: 'ticker', description: 'The exchange symbol that this item is traded under' }, { name: 'name', description: 'The name of the asset' }],
} as ToolDoc;
const addPage: ToolDoc = {
  name: 'PPT.add_text_page',
  description: 'Add text page of ppt',
  required_parameters: [param('title', 'the title of the page'), param('bullet_items', 'bullet items')],
  optional_parameters: [],
  return_data: [{ name: 'status', description: 'the result of the execution' }],
} as ToolDoc;

const run = (doc: ToolDoc, args: Record<string, unknown>, examples: { response: string }[] = []) => simulateOffline({ name: doc.name, args, tools: [doc], examples }, new Rng(7, doc.name));

describe('a search for an opaque id finds nothing', () => {
  it('knows an id from words and a film from a company', () => {
    expect(findsNothing(scholar.name, { query: 'aRCT0jKYjgIJ' })).toBeTruthy();
    expect(findsNothing(scholar.name, { query: 'deep learning' })).toBeUndefined();
    expect(findsNothing(ticker.name, { search: 'Expend4bles' })).toBeTruthy();
    expect(findsNothing(ticker.name, { search: 'Apple' })).toBeUndefined();
  });

  it('answers Scholar an empty result in its shape, and a ticker search for a film no company', () => {
    const a = run(scholar, { query: 'aRCT0jKYjgIJ' });
    expect(a.error).toBe('');
    expect(JSON.parse(a.response)).toEqual({ title: [], cited_by: [], organic_id: [], snipets: [], pub_info: [] });
    expect(searchForIdInvents({ name: scholar.name, args: { query: 'aRCT0jKYjgIJ' } }, a.response)).toBeNull();
    const t = run(ticker, { search: 'Expend4bles' });
    expect(t.response).not.toMatch(/"ticker"/);
    expect(searchForIdInvents({ name: ticker.name, args: { search: 'Expend4bles' } }, t.response)).toBeNull();
    // A words search still lists papers.
    expect(JSON.parse(run(scholar, { query: 'deep learning' }).response).title.length).toBeGreaterThan(0);
  });

  it('the measure flags an invented list and a film given a ticker', () => {
    const bad = '{"title": ["Climate policy in practice: evidence from five case studies"], "cited_by": [12159], "organic_id": ["CLnatikCGXWP"]}';
    expect(searchForIdInvents({ name: scholar.name, args: { query: 'aRCT0jKYjgIJ' } }, bad)).toMatch(/is an id/);
    expect(searchForIdInvents({ name: ticker.name, args: { search: 'Expend4bles' } }, '{"ticker": "ZTC", "name": "The Quiet Harbor"}')).toMatch(/is a film/);
    // The one record the id names is fine.
    expect(searchForIdInvents({ name: scholar.name, args: { query: 'aRCT0jKYjgIJ' } }, '{"title": ["A paper"], "organic_id": ["aRCT0jKYjgIJ"]}')).toBeNull();
  });
});

describe('a status-only API says success in its recorded words', () => {
  it('copies the recorded status rather than its own wording', () => {
    const a = run(addPage, { title: 'Inception', bullet_items: 'Overview' }, [{ response: '{"status": "Add text page completed successfully."}' }, { response: "{'status': 'added page'}" }]);
    expect(a.response).toBe("{'status': 'added page'}");
  });
});

describe('web results fit the query', () => {
  it('the measure flags a film framed as a trip or a term, and a request wrapped as its subject', () => {
    expect(webResultMisfit("'The Lost City' movie news", "'The Lost City' Movie News | Lonely Planet. Plan your visit to 'the lost city' movie news with our guide")).toMatch(/film The Lost City/);
    expect(webResultMisfit('Inception', 'Inception: Definition, Examples and Uses - Investopedia. What inception means in practice, explained with examples.')).toMatch(/term to define/);
    expect(webResultMisfit('latest articles on mathematics education', 'Articles on Mathematics Education - MIT Technology Review. How articles on mathematics education is changing and who is working on it.')).toBeTruthy();
    expect(webResultMisfit('Inception', 'Inception - IMDb. Cast and crew, user reviews, trivia and release dates for Inception.')).toBeUndefined();
  });

  it('the generator finds film pages for a film and news about the subject for a news request', () => {
    for (const q of ["'The Lost City' movie news", 'Inception', 'latest articles on mathematics education', 'research papers on deep learning']) {
      const c = { rng: new Rng(3, q), subject: q, args: { query: q }, hint: 'GoogleSearch.serper_search', used: new Set<string>() } as unknown as Parameters<typeof searchResult>[0];
      for (let i = 0; i < 5; i++) expect(webResultMisfit(q, searchResult(c))).toBeUndefined();
    }
  });
});

describe('listing place mismatch leaves T-Eval\'s own pairs alone', () => {
  it('flags a drawn address, not one the plan states beside a recorded name', () => {
    const resp = '{"property": [{"id": 33884250, "name": "Home in Huntington Beach", "address": "Culver City, CA, United States"}]}';
    expect(listingOutsideNamedPlace({ name: 'AirbnbSearch.search_property_by_place' }, resp)).toMatch(/outside Huntington Beach/);
    expect(listingOutsideNamedPlace({ name: 'AirbnbSearch.search_property_by_place' }, resp, "'title': 'Home in Huntington Beach · ★4.90' … {'location': 'Culver City, CA, United States'}")).toBeNull();
  });
  it('the pairs it leaves are still counted, ungated (simulated_listing_place_recorded)', () => {
    const resp = '{"property": [{"id": 33884250, "name": "Home in Huntington Beach", "address": "Culver City, CA, United States"}]}';
    const recorded = "'title': 'Home in Huntington Beach · ★4.90' … {'location': 'Culver City, CA, United States'}";
    expect(recordedListingMismatch({ name: 'AirbnbSearch.search_property_by_place' }, resp, recorded)).toMatch(/outside Huntington Beach \(T-Eval's own pair\)/);
    // A drawn address is the gated measure's, not this one's.
    expect(recordedListingMismatch({ name: 'AirbnbSearch.search_property_by_place' }, resp, '')).toBeNull();
  });
});

describe('an id search that finds nothing owes no list', () => {
  it('simulated_list_short leaves it out', async () => {
    const { findsNothing: f } = await import('../../pipeline/resolution/idSearch.js');
    expect(f('GoogleScholar.search_google_scholar', { query: 'NBjp4NBMU-oJ' })).toBeTruthy();
  });
});

// api-simulator-151: a place given as coordinates is where the listings are (teval_query_174_1's bounding box is in San Francisco).
const byPlace: ToolDoc = {
  name: 'AirbnbSearch.search_property_by_place',
  description: 'This function takes various parameters to search properties on Airbnb.',
  required_parameters: [param('place', 'The name of the destination.')],
  optional_parameters: [],
  return_data: [{ name: 'property', description: 'a list of at most 3 properties, containing id, name, and address.' }],
} as ToolDoc;

describe('a search by coordinates finds listings in the town they are in', () => {
  it('names listings for San Francisco\'s streets, never a town nobody named\'s', () => {
    for (let seed = 0; seed < 12; seed++) {
      const answer = simulateOffline({ name: byPlace.name, args: { place: '37.7749,-122.4194,37.7833,-122.4081' }, tools: [byPlace], examples: [] }, new Rng(seed, byPlace.name));
      expect(answer.response, answer.response).not.toMatch(/River Road|Oak Avenue|Maple Street|Main Street|Hill Street|Church Street|Park Avenue/);
    }
  });
});
