/**
 * Simulated answers holding placeholder content: the measure finds the kinds the default build
 * showed ("route for X (part 2)", "snipet for …", "… key points on pub info", "comment #895", a
 * number as a citation), and the rules simulator no longer writes them for T-Eval's own tools.
 */
import { describe, expect, it } from 'vitest';
import type { ToolDoc } from '../../pipeline/schemas.js';
import { Rng } from '../../pipeline/rng.js';
import { carrierField, plausibleAnswer, pyJson } from '../../pipeline/resolution/simulatorRules.js';
import { placeholderContent } from '../../pipeline/quality/measures/simulated.js';

const doc = (name: string, params: string[], returns: [string, string][]): ToolDoc => ({
  name,
  description: name,
  required_parameters: params.map((p) => ({ name: p, type: 'string', description: p })),
  optional_parameters: [],
  return_data: returns.map(([n, description]) => ({ name: n, description })),
});

// T-Eval's docs, as api_descrip.json words them.
const CALLS: { doc: ToolDoc; args: Record<string, unknown> }[] = [
  { doc: doc('BINGMap.get_route', ['start', 'end'], [['route', 'the route, a list of actions.']]), args: { start: 'JFK Airport', end: 'TWA Hotel' } },
  { doc: doc('GaodeMap.get_route', ['origin', 'destination'], [['route', 'the route, a list of actions.']]), args: { origin: '116.407417,39.904172', destination: '121.473657,31.230378' } },
  {
    doc: doc('GoogleScholar.search_google_scholar', ['query'], [['title', 'list of the titles of papers'], ['cited_by', 'citation number of papers'], ['organic_id', "list of organic results' ids of the papers"], ['snipets', 'snippets of the papers'], ['pub_info', 'publication information of selected papers']]),
    args: { query: 'sustainable architecture' },
  },
  { doc: doc('GoogleScholar.get_citation_format', ['q'], [['citation', 'the citation format of the article']]), args: { q: 'EQ8shYj8Ai8J' } },
  { doc: doc('GoogleScholar.get_author_information', ['author_id'], [['name', 'author name'], ['affliation', 'affliation of the author'], ['articles', 'at most 3 articles by the author'], ['website', "the authors's homepage url"]]), args: { author_id: 'TXdHj3MAAAAJ' } },
  { doc: doc('AirbnbSearch.get_property_reviews', ['propertyId'], [['reviews', 'The reviews of the property, containing comment, rating, and date. At most 3 reviews are returned.']]), args: { propertyId: 36339325 } },
  { doc: doc('ArxivSearch.get_arxiv_article_information', ['query'], [['content', 'a list of 3 arxiv search papers, including published date, title, authors, and summary']]), args: { query: 'solar energy' } },
  { doc: doc('FilmDouban.print_detail', ['film_name'], [['description', 'the description of the movie']]), args: { film_name: 'Dune' } },
  { doc: doc('GaodeMap.get_coordinate', ['address', 'city'], [['coordinate', 'coordinate of the location, format with (lon, lat)']]), args: { address: '789 Broadway', city: 'New York' } },
  { doc: doc('GoogleSearch.serper_search', ['query'], [['content', 'at most 3 items of google search results']]), args: { query: 'famous landmarks in New York' } },
  { doc: doc('FileOperation.read_file', ['file_path'], [['text', 'the text of the file.']]), args: { file_path: 'outputs/trip_notes.txt' } },
];

describe('simulated placeholder content', () => {
  it('flags a field name echoed as content, numbered repeats and a value of the wrong kind', () => {
    expect(placeholderContent('{"route": ["route for TWA Hotel", "route for TWA Hotel (part 2)"]}')).toMatch(/field name echoed|numbered repeat/);
    expect(placeholderContent('{"route": ["Head north on Main St", "Arrive at TWA Hotel (part 2)"]}')).toMatch(/numbered repeat/);
    expect(placeholderContent('{"snipets": ["snipet for sustainable architecture"]}')).toMatch(/field name echoed as content: snipets/);
    expect(placeholderContent('{"pub_info": "Sustainable architecture: lessons learned, with 3 key points on pub info."}')).toMatch(/template text/);
    expect(placeholderContent("{'reviews': [{'comment': 'comment #895', 'rating': 4}]}")).toMatch(/field name echoed as content: comment/);
    expect(placeholderContent('{"citation": 4634}')).toMatch(/a number for the text field citation/);
    expect(placeholderContent('{"personCapacity": "Room for four guests"}')).toMatch(/a sentence for the count personCapacity/);
  });

  it('passes what the real APIs answer', () => {
    expect(placeholderContent("{'route': ['Head east on James St toward 5th Ave', 'Turn right onto 6th Ave', 'Arrive at 31 Montgomery St']}")).toBeUndefined();
    expect(placeholderContent("{'title': ['Machine learning'], 'cited_by': [1805], 'organic_id': ['EQ8shYj8Ai8J']}")).toBeUndefined();
    expect(placeholderContent('Zhou, Zhi-Hua. Machine learning. Springer Nature, 2021.')).toBeUndefined();
    expect(placeholderContent("{'personCapacity': 2, 'rating': 4.9, 'title': 'Home in Huntington Beach · ★4.90 · 1 bedroom'}")).toBeUndefined();
  });

  it('is not what the rules simulator writes for T-Eval tools, whatever the seed', () => {
    for (const { doc: d, args } of CALLS) {
      for (let seed = 0; seed < 25; seed++) {
        const answer = pyJson(plausibleAnswer(d, args, new Rng(seed, d.name)));
        expect(placeholderContent(answer), `${d.name}: ${answer}`).toBeUndefined();
      }
    }
  });

  it('answers with the call\'s own words: a route ends at the destination, a citation is a formatted reference, snippets are about the query', () => {
    const [route, , scholar, cite] = CALLS;
    const steps = plausibleAnswer(route.doc, route.args, new Rng(1, 'r')).route as string[];
    // JFK Airport to the TWA Hotel (which stands at JFK) is a short drive: a few streets, no highway.
    expect(steps.length).toBeGreaterThanOrEqual(3);
    expect(steps.join(' ')).not.toMatch(/ramp|km/);
    expect(steps.at(-1)).toMatch(/^Arrive at TWA Hotel/);
    expect(new Set(steps).size).toBe(steps.length);
    const s = plausibleAnswer(scholar.doc, scholar.args, new Rng(2, 's'));
    expect((s.snipets as string[]).every((x) => x.toLowerCase().includes('sustainable architecture'))).toBe(true);
    expect(new Set(s.snipets as string[]).size).toBe((s.snipets as string[]).length);
    // "publication information of selected papers": one Scholar line per paper.
    expect((s.pub_info as string[]).length).toBeGreaterThanOrEqual(2);
    for (const line of s.pub_info as string[]) expect(line).toMatch(/^[A-Z]{1,2} [A-ZÀ-ž][a-zà-ž]+.* - .+, (19|20)\d\d - \S+$/);
    for (let seed = 0; seed < 10; seed++) {
      const c = plausibleAnswer(cite.doc, cite.args, new Rng(seed, 'c')).citation;
      expect(typeof c).toBe('string');
      expect(c).toMatch(/^[A-ZÀ-ž][a-zà-ž]+, [A-ZÀ-ž][a-zà-ž]+.*\b(19|20)\d\d\b.*\.$/);
    }
  });

  it('puts no carried number in a citation (a count stated later is not a reference format)', () => {
    const cite = CALLS[3].doc;
    expect(carrierField(cite, 'text', 1603, 'Citation Count')).toBeUndefined();
    const scholar = CALLS[2].doc;
    expect(carrierField(scholar, 'text', 1603, 'Cited by')?.field).toBe('cited_by');
  });

  it('is deterministic per call and varied across calls', () => {
    const [, , scholar] = CALLS;
    const a = pyJson(plausibleAnswer(scholar.doc, scholar.args, new Rng(7, 'x')));
    expect(pyJson(plausibleAnswer(scholar.doc, scholar.args, new Rng(7, 'x')))).toBe(a);
    const forms = new Set(Array.from({ length: 20 }, (_, i) => (plausibleAnswer(scholar.doc, scholar.args, new Rng(i, 'x')).snipets as string[])[0]));
    expect(forms.size).toBeGreaterThanOrEqual(4);
  });
});
