/**
 * Simulated answers agree with the rest of their case: with recorded answers about the same id
 * (before or after them), with an earlier answer to the very same read, with the authors a search
 * listed; and a window that ends before it starts is refused. Each measure on a real bad example and
 * a good one, and the generator on the fix.
 */
import { describe, expect, it } from 'vitest';
import { applyCarried, reversedWindow, validateCall, type CarriedValue } from '../../pipeline/resolution/simulatorRules.js';
import { factsOfRecording, recordedFactsAbout } from '../../pipeline/resolution/recordedFacts.js';
import { knownFacts, namesAuthor } from '../../pipeline/resolution/knownFacts.js';
import { authorClaimsOthersPaper, recordContradictsRecording, repeatedReadDiffers } from '../../pipeline/quality/measures/simulated.js';
import { simulateOffline } from '../../pipeline/resolution/simulatorRules.js';
import { Rng } from '../../pipeline/rng.js';
import type { ToolDoc } from '../../pipeline/schemas.js';

const search = { name: 'AirbnbSearch.search_property_by_place', args: { place: 'Los Angeles' } };
const details = { name: 'AirbnbSearch.get_property_details', args: { propertyId: 28722771 } };
const recordedDetails = "{'title': 'Home in Hawthorne · ★4.88 · 3 bedrooms · 1 bed · 1 shared bath', 'propertyType': 'Private room in home', 'rating': 4.88}";

describe('a simulated list agrees with recorded answers about its ids (teval_query_136_2)', () => {
  const listed = (name: string) => JSON.stringify({ property: [{ id: 28722771, name, address: '52 Vermont Avenue, Los Angeles' }] });
  it('the measure flags the search that calls a Hawthorne home a charming house in Los Angeles, and passes one that names it', () => {
    const bad = recordContradictsRecording([{ action: search, content: listed('Charming house in Los Angeles'), simulated: true }, { action: details, content: recordedDetails, simulated: false }]);
    expect(bad).toMatch(/Hawthorne/);
    expect(recordContradictsRecording([{ action: search, content: listed('Home in Hawthorne'), simulated: true }, { action: details, content: recordedDetails, simulated: false }])).toBeNull();
    // A review of "Marina Motel" for what the search called a condominium (teval_query_5_2).
    const reviews = "{'reviews': [{'comments': 'It took multiple contacts to prompt Marina Motel to respond to me.', 'rating': 4}]}";
    expect(recordContradictsRecording([{ action: search, content: listed('Modern condominium in San Francisco'), simulated: true }, { action: { name: 'AirbnbSearch.get_property_reviews', args: { propertyId: 28722771 } }, content: reviews, simulated: false }])).toMatch(/Marina Motel/);
  });

  it('the simulator names the carried record as the later recording does, its address in the searched town', () => {
    expect(factsOfRecording(recordedDetails)).toEqual({ name: 'Home in Hawthorne', town: 'Hawthorne' });
    const about = recordedFactsAbout(28722771, [{ args: search.args, recorded: undefined }, { args: details.args, recorded: recordedDetails }], 0);
    const carry: CarriedValue[] = [{ key: 'propertyId', value: 28722771, field: 'property', sub: 'id', ...(about ? { about } : {}) }];
    const answer = applyCarried({ property: [{ id: 1, name: 'Charming house in Los Angeles', address: '52 Vermont Avenue, Los Angeles' }] }, carry);
    expect(answer.property).toEqual([{ id: 28722771, name: 'Home in Hawthorne', address: '52 Vermont Avenue, Los Angeles' }]);
    expect(recordContradictsRecording([{ action: search, content: JSON.stringify(answer), simulated: true }, { action: details, content: recordedDetails, simulated: false }])).toBeNull();
  });
});

describe('one read asked twice answers the same (teval_query_162_0)', () => {
  const call = JSON.stringify({ name: 'GoogleScholar.search_google_scholar', args: { query: 'artificial intelligence' } });
  const a = JSON.stringify({ title: ['Artificial intelligence in practice'], organic_id: ['efZZXguoqq8J'] });
  const b = "{'title': ['Artificial intelligence in medicine'], 'organic_id': ['efZZXguoqq8J']}";
  const msgs = (second: string) => [
    { role: 'user', content: 'find papers' },
    { role: 'assistant', content: call },
    { role: 'function', content: a },
    { role: 'assistant', content: call },
    { role: 'function', content: second },
  ];
  it('flags two answers, passes one answer twice and a failure the second time', () => {
    expect(repeatedReadDiffers({ messages: msgs(b) } as never)).toMatch(/answered twice/);
    expect(repeatedReadDiffers({ messages: msgs(a) } as never)).toBeNull();
    expect(repeatedReadDiffers({ messages: msgs('429 Client Error: Too Many Requests for search_google_scholar') } as never)).toBeUndefined();
  });
});

describe("an author's articles are theirs (teval_query_78_1)", () => {
  const searchAnswer = JSON.stringify({
    title: ['Advances in renewable energy', 'Renewable energy: trends, perspectives, and prospects'],
    organic_id: ['Dfr79tjK7j4J', '6Vn-Xp2UGfgJ'],
    pub_info: ['Robert Gross, LI Evans - IEEE Access, 2007 - ieeexplore.ieee.org', 'G Anderson, C Novak, P Brown - Energy Policy, 2015 - Elsevier'],
  });
  const earlier = [
    { name: 'GoogleScholar.search_google_scholar', args: { query: 'renewable energy' }, response: searchAnswer },
    { name: 'GoogleScholar.get_author_id', args: { mauthors: 'Robert Gross' }, response: '{"author_id": "HR5pAakAAAAJ"}' },
  ];
  const doc: ToolDoc = {
    name: 'GoogleScholar.get_author_information',
    description: 'Search for author information',
    required_parameters: [{ name: 'author_id', type: 'string', description: 'the author id' }],
    optional_parameters: [],
    return_data: [
      { name: 'name', description: 'author name' },
      { name: 'affliation', description: 'affliation of the author' },
      { name: 'articles', description: 'at most 3 articles by the author' },
      { name: 'website', description: 'the author homepage url' },
    ],
  } as ToolDoc;

  it('the measure flags a paper the search gave to others, passes the author own one', () => {
    const msgs = (articles: string[]) => [{ role: 'function', content: searchAnswer }, { role: 'function', content: JSON.stringify({ name: 'Robert Gross', articles }) }];
    expect(namesAuthor('Robert Gross, LI Evans - IEEE Access, 2007', 'Robert Gross')).toBe(true);
    expect(authorClaimsOthersPaper(msgs(['Renewable energy: trends, perspectives, and prospects']), () => true)).toMatch(/G Anderson/);
    expect(authorClaimsOthersPaper(msgs(['Advances in renewable energy', 'Renewable energy: a review']), () => true)).toBeNull();
  });

  it('the simulator lists the author own searched paper and none the search gave to others, for every seed', () => {
    const known = knownFacts({ author_id: 'HR5pAakAAAAJ' }, earlier);
    expect(known?.papers).toHaveLength(2);
    for (let seed = 1; seed <= 30; seed++) {
      const answer = JSON.parse(simulateOffline({ name: doc.name, args: { author_id: 'HR5pAakAAAAJ' }, tools: [doc], known }, new Rng(seed, 'author')).response);
      expect(answer.articles).toContain('Advances in renewable energy');
      expect(authorClaimsOthersPaper([{ role: 'function', content: searchAnswer }, { role: 'function', content: JSON.stringify(answer) }], () => true)).toBeNull();
    }
  });
});

describe('a window that ends before it starts is refused (teval_query_175_0, teval_query_372_2)', () => {
  const price: ToolDoc = {
    name: 'AirbnbSearch.get_property_checkout_price',
    description: 'price of a stay',
    required_parameters: [
      { name: 'propertyId', type: 'integer', description: 'id' },
      { name: 'checkIn', type: 'string', description: 'yyyy-mm-dd' },
      { name: 'checkOut', type: 'string', description: 'yyyy-mm-dd' },
    ],
    optional_parameters: [],
    return_data: [{ name: 'accommodationCost', description: 'cost' }],
  } as ToolDoc;
  it('check-out before check-in, or a room from 12:00 to 10:00, is an error; a proper window is not', () => {
    expect(validateCall(price.name, { propertyId: 1, checkIn: '2023-10-25', checkOut: '2023-10-22' }, [price])[0]).toMatch(/checkOut.*2023-10-22 is before checkIn 2023-10-25/);
    expect(validateCall(price.name, { propertyId: 1, checkIn: '2023-10-18', checkOut: '2023-10-19' }, [price])).toEqual([]);
    expect(reversedWindow({ start_time: '12:00', end_time: '10:00' })).toMatchObject({ end: 'end_time' });
    expect(reversedWindow({ start_time: '10:00', end_time: '12:00' })).toBeUndefined();
    expect(reversedWindow({ start_date: '2023-10-01', end_date: '2023-10-01' })).toBeUndefined();
    expect(simulateOffline({ name: price.name, args: { propertyId: 1, checkIn: '2023-10-25', checkOut: '2023-10-22' }, tools: [price] }, new Rng(1, 'w')).error).toMatch(/before/);
  });
});
