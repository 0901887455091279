/**
 * A listing named for a district is in it ("Hotel in Minato City" not at "4-23-16 Nishi-Shinjuku,
 * Shinjuku, Tokyo"; simulated_listing_place_mismatch, new); a Scholar snippet names no year after its
 * paper's ("since 2015" in a paper of 2011; simulated_snippet_after_publication, new); a film searched
 * on Scholar gets film-studies snippets and venues, its title as written (simulated_text_off_topic,
 * simulated_venue_templated and simulated_name_lowercased widened).
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../pipeline/rng.js';
import type { ToolDoc } from '../../pipeline/schemas.js';
import { simulateOffline } from '../../pipeline/resolution/simulatorRules.js';
import { passage, snippetWithinYear } from '../../pipeline/resolution/simulatedText.js';
import { filmInScienceVenue, filmStudiedAsScience, listingOutsideNamedPlace, nameLowercased, snippetAfterPublication } from '../../pipeline/quality/measures/simulatedAbout.js';
import { parseToolResponse } from '../../pipeline/prompts/parseAction.js';

const doc = (d: Omit<ToolDoc, 'optional_parameters'> & { optional_parameters?: ToolDoc['optional_parameters'] }) => ({ optional_parameters: [], ...d }) as ToolDoc;
const AIRBNB = doc({ name: 'AirbnbSearch.search_property_by_place', description: 'This function takes various parameters to search properties on Airbnb.', required_parameters: [{ name: 'place', type: 'string', description: 'The name of the destination.' }], return_data: [{ name: 'property', description: 'a list of at most 3 properties, containing id, name, and address.' }] });
const SCHOLAR = doc({
  name: 'GoogleScholar.search_google_scholar',
  description: 'Search for scholarly articles on Google Scholar',
  required_parameters: [{ name: 'query', description: 'search query content', type: 'string' }],
  return_data: [
    { name: 'title', description: 'list of the titles of papers' },
    { name: 'cited_by', description: 'citation number of papers' },
    { name: 'organic_id', description: "list of organic results' ids of the papers" },
    { name: 'snipets', description: 'snippets of the papers' },
    { name: 'pub_info', description: 'publication information of selected papers' },
  ],
});
const value = (text: string) => parseToolResponse(text) as Record<string, unknown>;

describe('the measures', () => {
  it('simulated_listing_place_mismatch: a listing named for a district at an address elsewhere', () => {
    const call = { name: AIRBNB.name };
    const answer = (name: string, address: string) => JSON.stringify({ property: [{ id: 1, name, address }] });
    expect(listingOutsideNamedPlace(call, answer('Hotel in Minato City', '4-23-16 Nishi-Shinjuku, Shinjuku, Tokyo'))).toMatch(/Minato/);
    expect(listingOutsideNamedPlace(call, answer('Rental unit in Queens', '81 Mulberry Street, New York City'))).toMatch(/Queens/);
    expect(listingOutsideNamedPlace(call, answer('Cozy condominium in Eiffel Tower, Paris', '137 Rue de Rivoli, Paris'))).toMatch(/Eiffel/);
    expect(listingOutsideNamedPlace(call, answer('Selat', 'Jalan Pantai Kuta No. 93, Bali'))).toMatch(/Selat/);
    expect(listingOutsideNamedPlace(call, answer('Hotel in Minato City', '3-5-7 Roppongi, Minato, Tokyo'))).toBeNull();
    expect(listingOutsideNamedPlace(call, answer('Rental unit in Queens', '12 Steinway Street, Queens, NY'))).toBeNull();
    expect(listingOutsideNamedPlace(call, answer('Modern condominium', '81 Mulberry Street, New York City'))).toBeNull();
  });

  it('simulated_snippet_after_publication: a snippet citing years after its paper', () => {
    const call = { name: SCHOLAR.name };
    const answer = (snip: string, line: string) => JSON.stringify({ title: ['A'], snipets: [snip], pub_info: [line] });
    expect(snippetAfterPublication(call, answer('Sustainable architecture has attracted growing attention since 2015. This paper reviews …', 'G Chen - Renewable and Sustainable Energy Reviews, 2011 - Elsevier'))).toMatch(/2015.*2011/);
    expect(snippetAfterPublication(call, answer('… a systematic review of 228 studies published between 2008 and 2023 …', 'P Patel - PLOS ONE, 2022 - journals.plos.org'))).toMatch(/2023/);
    expect(snippetAfterPublication(call, answer('… a systematic review of 228 studies published between 2008 and 2021 …', 'P Patel - PLOS ONE, 2022 - journals.plos.org'))).toBeNull();
    expect(snippetWithinYear('It has attracted growing attention since 2015. This paper', 2011)).toBe('It has attracted growing attention in recent years. This paper');
    expect(snippetWithinYear('… 228 studies published between 2008 and 2023 …', 2022)).toBe('… 228 studies published between 2008 and 2022 …');
    expect(snippetWithinYear('… 228 studies published between 2009 and 2019 …', 2008)).toBe('… 228 studies published between 2000 and 2008 …');
  });

  it('a film on Scholar in science frames, science venues, or lowercased', () => {
    const call = { name: SCHOLAR.name, args: { query: 'The Godfather' } };
    const answer = (snip: string, line: string) => JSON.stringify({ title: ['A'], snipets: [snip], pub_info: [line] });
    expect(filmStudiedAsScience(call, answer('… we propose a framework for the godfather that combines expert interviews with a life-cycle analysis …', 'A B - Film Quarterly, 2010 - JSTOR'))).toMatch(/science frame/);
    expect(filmStudiedAsScience(call, answer('… a close reading of The Godfather shows how its opening and closing sequences mirror each other …', 'A B - Film Quarterly, 2010 - JSTOR'))).toBeNull();
    expect(filmInScienceVenue(call, answer('…', 'GR Kowalski, L Ito - Nature, 2010 - nature.com'))).toMatch(/Nature/);
    expect(filmInScienceVenue(call, answer('…', 'GR Kowalski - Film Quarterly, 2010 - online.ucpress.edu'))).toBeNull();
    expect(filmInScienceVenue({ name: SCHOLAR.name, args: { query: 'solar energy' } }, answer('…', 'A - Nature, 2010 - nature.com'))).toBeUndefined();
    const part2 = { name: SCHOLAR.name, args: { query: 'The Godfather Part II' } };
    expect(nameLowercased(part2, JSON.stringify({ title: ['Narrative and time in The godfather part II'] }))).toMatch(/godfather part II/);
    expect(nameLowercased(part2, JSON.stringify({ title: ['Narrative and time in The Godfather Part II'] }))).toBeNull();
  });
});

describe('the simulator', () => {
  it('puts a listing named for a district in that district, unless its address is carried', () => {
    let moved = 0;
    for (let seed = 0; seed < 30; seed++) {
      for (const [place, name] of [['Tokyo', 'Hotel in Minato City'], ['New York City', 'Rental unit in Queens'], ['Paris', 'Cozy condominium in Eiffel Tower, Paris'], ['Bali', 'Selat']]) {
        const carry = [{ key: 'name', value: name, field: 'property', sub: 'name' }];
        const answer = simulateOffline({ name: AIRBNB.name, args: { place }, tools: [AIRBNB], carry, place }, new Rng(seed, 'district', place));
        expect(listingOutsideNamedPlace({ name: AIRBNB.name }, answer.response) ?? null, answer.response).toBeNull();
        expect(answer.response).toContain(name);
        moved++;
      }
    }
    expect(moved).toBe(120);
    const kept = [
      { key: 'name', value: 'Rental unit in Queens', field: 'property', sub: 'name' },
      { key: 'address', value: '81 Mulberry Street, New York City', field: 'property', sub: 'address' },
    ];
    const answer = simulateOffline({ name: AIRBNB.name, args: { place: 'New York City' }, tools: [AIRBNB], carry: kept, place: 'New York City' }, new Rng(1, 'district', 'kept'));
    expect(answer.response).toContain('81 Mulberry Street, New York City');
  });

  it('writes Scholar snippets within their papers\' years, and a film as a film', () => {
    for (let seed = 0; seed < 60; seed++) {
      const sci = simulateOffline({ name: SCHOLAR.name, args: { query: 'sustainable architecture' }, tools: [SCHOLAR] }, new Rng(seed, 'years', 'scholar'));
      expect(snippetAfterPublication({ name: SCHOLAR.name }, sci.response) ?? null, sci.response).toBeNull();
      for (const query of ['The Godfather', 'The Shawshank Redemption', 'The Godfather Part II']) {
        const call = { name: SCHOLAR.name, args: { query } };
        const film = simulateOffline({ ...call, tools: [SCHOLAR] }, new Rng(seed, 'film', query));
        expect(filmStudiedAsScience(call, film.response), film.response).toBeNull();
        expect(filmInScienceVenue(call, film.response), film.response).toBeNull();
        expect(nameLowercased(call, film.response), film.response).toBeNull();
        const snips = value(film.response).snipets as string[];
        expect(snips.some((s) => s.includes(query)), film.response).toBe(true);
      }
    }
  });

  it('a file\'s text that points to sections below has them', () => {
    for (let seed = 0; seed < 60; seed++) {
      const text = passage('text', { rng: new Rng(seed, 'file'), args: { file_path: 'notes/project_plan.txt' }, subject: 'project plan', hint: 'FileOperation.read_file the content of the file' });
      expect(text).not.toMatch(/sections below/);
    }
  });
});
