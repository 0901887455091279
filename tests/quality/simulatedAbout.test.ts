/**
 * Simulated text is about what was asked: a paper's summary about its own title (not "a 6-year
 * field study across 21 organisations" under "An Introduction to MM Algorithms…"), web results
 * about the query without filler ("Kuta Beach information is the subject of this article"), a film
 * search for a topic ("fitness") finding a titled film about it, places named as places of their
 * kind, addresses in the town, not the hotel searched from (simulated_text_off_topic and
 * simulated_venue_templated, new; simulated_placeholder_text widened to filler frames).
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../pipeline/rng.js';
import type { ToolDoc } from '../../pipeline/schemas.js';
import { simulateOffline } from '../../pipeline/resolution/simulatorRules.js';
import { searchResult } from '../../pipeline/resolution/simulatedText.js';
import { filmOffTopic, newsHeadlineUnlikeSummary, summaryOffTitle, templatedVenues } from '../../pipeline/quality/measures/simulatedAbout.js';
import { placeholderContent } from '../../pipeline/quality/measures/simulated.js';

const doc = (d: Omit<ToolDoc, 'optional_parameters'> & { optional_parameters?: ToolDoc['optional_parameters'] }) => ({ optional_parameters: [], ...d }) as ToolDoc;
const ARXIV = doc({ name: 'ArxivSearch.get_arxiv_article_information', description: 'Run Arxiv search and get the article meta information.', required_parameters: [{ name: 'query', type: 'string', description: '[Required] the content of search query' }], return_data: [{ name: 'content', description: 'a list of 3 arxiv search papers, including published date, title, authors, and summary' }] });
const SEARCH_MOVIE = doc({ name: 'FilmTMDB.search_movie', description: 'Search for movies by their original, translated and alternative titles', required_parameters: [{ name: 'query', type: 'string', description: '[Required] the title of the movie' }], return_data: [{ name: 'id', description: 'movie ID of the searched movie' }, { name: 'title', description: '' }] });
const DETAILS = doc({ name: 'FilmTMDB.get_movie_details', description: 'Get the top level details of a movie by ID', required_parameters: [{ name: 'movie_id', type: 'integer', description: "[Required] ','" }], return_data: [{ name: 'genres', description: 'category list of film' }, { name: 'id', description: '' }, { name: 'title', description: '' }, { name: 'overview', description: '' }] });
const NEARBY = doc({ name: 'BINGMap.search_nearby', description: 'Search for places nearby a location, within a given radius, and return the results into a list.', required_parameters: [{ name: 'search_term', type: 'string', description: '[Required] the place name' }], optional_parameters: [{ name: 'places', type: 'string', description: 'the name of the location.' }], return_data: [{ name: 'places', description: 'the list of places, each place is a dict with name and address, at most 5 places.' }] });
const NEWS = doc({ name: 'PolygonFinance.get_ticker_news', description: 'get the most recent news articles relating to a stock ticker symbol', required_parameters: [], optional_parameters: [{ name: 'ticker', type: 'string', description: 'Return results that contain this ticker' }], return_data: [{ name: 'results', description: 'A list of news including title, summary, and author' }] });

describe('the measures', () => {
  it('simulated_text_off_topic: a summary unrelated to its title, a topic echoed as a film title, an overview off the topic', () => {
    expect(summaryOffTitle({ content: [{ title: 'An Introduction to MM Algorithms for Machine Learning', summary: 'We report a 6-year field study of reinforcement policies across 21 organisations.' }] })).toMatch(/MM Algorithms/);
    expect(summaryOffTitle({ content: [{ title: 'An Introduction to MM Algorithms for Machine Learning', summary: 'This paper gives an introduction to MM algorithms for machine learning.' }] })).toBeNull();
    // A summary written from the query alone shares the query's words with the title, none of its own.
    const title = 'An Introduction to MM Algorithms for Machine Learning and Statistical';
    expect(summaryOffTitle({ content: [{ title, summary: 'We report a 6-year field study of machine learning algorithms across 21 organisations.' }] }, 'machine learning algorithms')).toMatch(/field study/);
    expect(summaryOffTitle({ content: [{ title, summary: 'This paper gives an introduction to MM algorithms for machine learning and statistical.' }] }, 'machine learning algorithms')).toBeNull();
    expect(summaryOffTitle({ content: [{ title: 'Rethinking solar energy', summary: 'We revisit the usual assumptions behind solar energy.' }] }, 'solar energy')).toBeNull();
    expect(filmOffTopic({ name: 'FilmTMDB.search_movie', args: { query: 'fitness' } }, '{"id": 785218, "title": "fitness"}', [])).toMatch(/fitness/);
    expect(filmOffTopic({ name: 'FilmTMDB.search_movie', args: { query: 'fitness' } }, '{"id": 785218, "title": "The Fitness Club"}', [])).toBeNull();
    expect(filmOffTopic({ name: 'FilmTMDB.search_movie', args: { query: 'Inception' } }, '{"id": 27205, "title": "Inception"}', [])).toBeUndefined();
    const details = (overview: string) => JSON.stringify({ id: 785218, title: 'The Fitness Club', overview });
    expect(filmOffTopic({ name: 'FilmTMDB.get_movie_details', args: { movie_id: 785218 } }, details('An aging jazz pianist crosses the country to face a rival.'), ['fitness'])).toMatch(/jazz pianist/);
    expect(filmOffTopic({ name: 'FilmTMDB.get_movie_details', args: { movie_id: 785218 } }, details('A documentary about fitness, following four strangers over a year.'), ['fitness'])).toBeNull();
  });

  it('simulated_venue_templated: names from one pool before the kind, an address ending in the hotel searched from', () => {
    const call = { name: 'BINGMap.search_nearby', args: { places: 'San Bruno', search_term: 'restaurant' } };
    expect(templatedVenues(call, JSON.stringify({ places: ['Riverside', 'Old Town', 'Greenleaf', 'The Corner'].map((w, i) => ({ name: `${w} Restaurant`, address: `${i + 1} Sneath Lane, San Bruno` })) }))).toMatch(/end in "Restaurant"/);
    expect(templatedVenues(call, JSON.stringify({ places: [{ name: "Max's Opera Cafe", address: '601 Van Ness Ave' }, { name: 'Nojo Ramen Tavern', address: '231 Franklin St' }, { name: 'Monsieur Benjamin', address: '451 Gough St' }] }))).toBeNull();
    const ritz = { name: 'BINGMap.search_nearby', args: { places: 'The Ritz-Carlton, New York', search_term: 'tourist attractions' } };
    expect(templatedVenues(ritz, JSON.stringify({ places: [{ name: 'Whitfield Museum of Art', address: '66 Columbus Avenue, The Ritz-Carlton, New York' }] }))).toMatch(/Ritz-Carlton/);
    expect(templatedVenues(ritz, JSON.stringify({ places: [{ name: 'Whitfield Museum of Art', address: '66 Columbus Avenue, New York' }] }))).toBeNull();
    // Beaches all end in "Beach" in any real list (Kuta, Seminyak, Legian): no pool's tell. Restaurants and hotels vary theirs.
    const beach = { name: 'BINGMap.search_nearby', args: { places: 'Bali', search_term: 'beach' } };
    expect(templatedVenues(beach, JSON.stringify({ places: ['Kuta', 'Seminyak', 'Legian'].map((w) => ({ name: `${w} Beach`, address: 'Bali' })) }))).toBeNull();
    const hotels = { name: 'BINGMap.search_nearby', args: { places: 'San Bruno', search_term: 'hotels' } };
    expect(templatedVenues(hotels, JSON.stringify({ places: ['Riverside', 'Old Town', 'Greenleaf'].map((w) => ({ name: `${w} Hotel`, address: '1 Sneath Lane' })) }))).toMatch(/end in "Hotel"/);
  });

  it('simulated_placeholder_text: web results that only restate the query in a fixed frame', () => {
    expect(placeholderContent(JSON.stringify({ content: ['Kuta Beach Information - Wikipedia. Kuta Beach information is the subject of this article; see also related topics and references.'] }))).toMatch(/filler/);
    expect(placeholderContent(JSON.stringify({ content: ['Kuta Beach - Tripadvisor. See traveller reviews, photos and tips for Kuta Beach, and find what is nearby.'] }))).toBeUndefined();
  });
});

describe('the simulator writes about what was asked', () => {
  it('each arXiv summary is about its own title, also a title carried from a recorded answer', () => {
    for (let seed = 0; seed < 40; seed++) {
      const carry = [{ key: 'title', value: 'An Introduction to MM Algorithms for Machine Learning and Statistical', field: 'content', sub: 'title' }];
      const answer = simulateOffline({ name: ARXIV.name, args: { query: 'machine learning algorithms' }, tools: [ARXIV], carry }, new Rng(seed, 'about', 'arxiv'));
      const value = JSON.parse(answer.response);
      expect(summaryOffTitle(value, 'machine learning algorithms'), answer.response).toBeNull();
      // The carried title is a recorded paper: shown first, with its own recorded summary (api-simulator-106).
      expect(value.content).toMatch(/^Published: 2016-11-12\nTitle: An Introduction to MM Algorithms for Machine Learning and Statistical\nAuthors: Hien D\. Nguyen\nSummary: [^]*MM algorithm framework/);
      expect(answer.response).not.toMatch(/field study|organisations|\d+k examples/);
    }
  });

  it('a film search for a topic finds a titled film about it, the same in its details', () => {
    for (let seed = 0; seed < 30; seed++) {
      const search = JSON.parse(simulateOffline({ name: SEARCH_MOVIE.name, args: { query: 'fitness' }, tools: [SEARCH_MOVIE] }, new Rng(seed, 'about', 'film')).response);
      expect(search.title).not.toBe('fitness');
      expect(search.title).toMatch(/Fitness/);
      const details = simulateOffline({ name: DETAILS.name, args: { movie_id: search.id }, tools: [DETAILS], known: { topic: 'fitness' } }, new Rng(seed, 'about', 'details')).response;
      expect(JSON.parse(details).title).toBe(search.title);
      expect(filmOffTopic({ name: DETAILS.name, args: { movie_id: search.id } }, details, ['fitness']), details).toBeNull();
      expect(JSON.parse(details).genres.join(' ')).not.toMatch(/Thriller|Romance|Science Fiction/);
    }
    // A title is searched as a title.
    expect(JSON.parse(simulateOffline({ name: SEARCH_MOVIE.name, args: { query: 'Paris' }, tools: [SEARCH_MOVIE] }, new Rng(1)).response).title).toBe('Paris');
  });

  it('places are named as places of their kind, from a large pool; addresses end in the town, not the hotel', () => {
    const names = new Set<string>();
    for (let seed = 0; seed < 40; seed++) {
      // Bakeries by the Ritz, not its attractions: a big city's sights are its real ones since api-simulator-134 (realSights.ts), a short list, not drawn names.
      for (const [term, places] of [['restaurant', 'San Bruno'], ['bakery', 'The Ritz-Carlton, New York'], ['sushi restaurant', 'Tokyo'], ['camping', 'Yosemite']]) {
        const response = simulateOffline({ name: NEARBY.name, args: { search_term: term, places }, tools: [NEARBY] }, new Rng(seed, 'about', term)).response;
        expect(templatedVenues({ name: NEARBY.name, args: { search_term: term, places } }, response), response).toBeNull();
        expect(response).not.toMatch(/Riverside|Old Town|Greenleaf|The Corner|Blue Door|Ritz-Carlton"/);
        for (const p of JSON.parse(response).places) names.add(p.name);
      }
    }
    expect(names.size).toBeGreaterThan(300);
    // In a town whose addresses are written in Chinese, the places are named in Chinese too.
    const zh = JSON.parse(simulateOffline({ name: NEARBY.name, args: { search_term: 'restaurant', places: '上海' }, tools: [NEARBY] }, new Rng(3, 'about', 'zh')).response);
    for (const p of zh.places) expect(p.name).toMatch(/\p{Script=Han}/u);
  });

  it('web results are about the query, without filler, and news headlines say what their summaries report', () => {
    for (let seed = 0; seed < 30; seed++) {
      const used = new Set<string>();
      for (let i = 0; i < 3; i++) {
        const text = searchResult({ rng: new Rng(seed, 'web'), args: { query: 'Kuta Beach information' }, subject: 'Kuta Beach information', hint: 'GoogleSearch.serper_search', used });
        // Real pages for Kuta Beach (api-simulator-91, webItems.ts) include "Kuta - Wikipedia", the article on the area and its beach.
        expect(text).toMatch(/\bKuta\b/);
        expect(text).not.toMatch(/Kuta Beach information|subject of this article/i);
        expect(placeholderContent(JSON.stringify({ content: [text] }))).toBeUndefined();
      }
      const news = JSON.parse(simulateOffline({ name: NEWS.name, args: {}, tools: [NEWS] }, new Rng(seed, 'about', 'news')).response);
      // A headline is the desk's over its story (api-simulator-143: "Tesla names new head of operations"), no longer the summary's own
      // first clause, which every summary opened with (simulated_summary_opens_with_title): it tells the same story, in other words.
      expect(newsHeadlineUnlikeSummary({ name: NEWS.name }, JSON.stringify(news)), JSON.stringify(news)).toBeNull();
      for (const item of news.results) expect(item.summary.toLowerCase().startsWith(item.title.toLowerCase().split(' ').slice(0, 4).join(' ')), JSON.stringify(item)).toBe(false);
    }
  });

  it("gives a known company's news one story per item, headline and summary alike (simulated_news_headline_unlike_summary)", () => {
    for (const [ticker, name] of [['AAPL', 'Apple'], ['TSLA', 'Tesla'], ['IBM', 'IBM']]) {
      for (let seed = 1; seed <= 8; seed++) {
        const response = simulateOffline({ name: NEWS.name, args: { ticker }, tools: [NEWS] }, new Rng(seed, 'news', ticker)).response;
        const news = JSON.parse(response);
        for (const item of news.results) {
          expect(item.title, response).toContain(name);
          expect(item.summary, response).not.toMatch(/International Business Machines's/);
        }
        expect(newsHeadlineUnlikeSummary({ name: NEWS.name }, response), response).toBeNull();
      }
    }
    expect(newsHeadlineUnlikeSummary({ name: NEWS.name }, JSON.stringify({ results: [{ title: "Apple stock: is it a buy after this week's rally?", summary: 'Apple agreed to form a joint venture for an undisclosed sum.' }] }))).toMatch(/two stories|headline/);
  });
});
