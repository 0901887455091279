/**
 * The measures of simulated values written unlike the recordings of their field: a details title that
 * repeats the search's name (simulated_field_form_unlike_recorded, widened), a float with decimals no
 * recorded value has (simulated_decimals_unlike_recorded), a title placing a listing in another town
 * than its search (simulated_record_self_contradicted).
 */
import { describe, expect, it } from 'vitest';
import { tevalTrajectories } from '../diversify/fixtures/vendored.js';
import { contextOf, controlCaseAt, simulateTrajectory } from '../support/simulatedCases.js';
import { toolSteps } from '../../pipeline/steps.js';
import { decimalsUnlikeRecorded, formsUnlikeRecorded, listsShorterThanRecorded, simulatedSummaryOpensWithTitle } from '../../pipeline/quality/measures/simulatedForms.js';
import { simulatedRecordSelfContradicted } from '../../pipeline/quality/measures/simulatedRecords.js';
import { DEFAULT_QUALITY_THRESHOLDS } from '../../pipeline/config.js';

const MONTEREY = "{'title': 'Home in Monterey Park · ★4.79 · 1 bedroom · 1 bed · 1 shared bath', 'propertyType': 'Private room in home', 'personCapacity': 1, 'rating': 4.79, 'latitude': 34.06046, 'longitude': -118.13085}";
const HAWTHORNE = "{'title': 'Home in Hawthorne · ★4.88 · 3 bedrooms · 1 bed · 1 shared bath', 'propertyType': 'Private room in home', 'personCapacity': 1, 'rating': 4.88, 'latitude': 33.91234, 'longitude': -118.35211}";
const SEARCH = "{'property': [{'id': '10803849', 'name': 'clean warm quiet otaku private room', 'address': 'Monterey Park, CA, United States'}, {'id': '48347678', 'name': 'Suite in DTLA w/ King & Twin bed, full kitchen', 'address': 'Los Angeles, CA, United States'}, {'id': '22788198', 'name': 'Private cozy guest house 1 mile to downtown Culver', 'address': 'Culver City, CA, United States'}]}";

/** query_104_2 with its search and first two details answers recorded, the third simulated as `third`; the case shows them all. */
function caseWith(third: string) {
  const t = simulateTrajectory(tevalTrajectories(['query_104_2'])[0]);
  const steps = toolSteps(t);
  const details = steps.map((s, i) => (s.step.action.name === 'AirbnbSearch.get_property_details' ? i : -1)).filter((i) => i >= 0);
  steps.find((s) => s.step.action.name === 'AirbnbSearch.search_property_by_place')!.step.response = { content: SEARCH, tier: 'cache' };
  steps[details[0]].step.response = { content: MONTEREY, tier: 'cache' };
  steps[details[1]].step.response = { content: HAWTHORNE, tier: 'cache' };
  steps[details[2]].step.action.args = { propertyId: '22788198' };
  steps[details[2]].step.response = { content: third, tier: 'simulated' };
  const tc = controlCaseAt(t, details[2] + 2);
  return { tc, ctx: contextOf(t) };
}

describe('simulated values unlike the recordings of their field', () => {
  it('flags a details title repeating the search\'s name, and passes one in the recorded shape', () => {
    const bad = caseWith("{'title': 'Private cozy guest house 1 mile to downtown Culver', 'propertyType': 'House', 'personCapacity': 5, 'rating': 4.74, 'latitude': 34.020202, 'longitude': -118.401768}");
    expect(formsUnlikeRecorded([bad.tc], bad.ctx).get(bad.tc.id)).toMatch(/title .* where recorded values are parts joined by " · "/);
    const good = caseWith("{'title': 'Home in Culver City · ★4.74 · 3 bedrooms · 3 beds · 1 bath', 'propertyType': 'House', 'personCapacity': 5, 'rating': 4.74, 'latitude': 34.02020, 'longitude': -118.40176}");
    expect(formsUnlikeRecorded([good.tc], good.ctx).get(good.tc.id)).toBeNull();
    expect(simulatedRecordSelfContradicted.check(good.tc, good.ctx)).toBeNull();
  });

  it('flags a float with decimals no recorded value of its field has, and passes one the recordings print so', () => {
    const bad = caseWith("{'title': 'Home in Culver City · ★4.74 · 3 bedrooms · 3 beds · 1 bath', 'propertyType': 'House', 'personCapacity': 5, 'rating': 4.74, 'latitude': 34.02, 'longitude': -118.40176}");
    expect(decimalsUnlikeRecorded([bad.tc], bad.ctx).get(bad.tc.id)).toMatch(/latitude 34.02 \(2 decimals\) where recorded values have 5/);
    const good = caseWith("{'title': 'Home in Culver City · ★4.74 · 3 bedrooms · 3 beds · 1 bath', 'propertyType': 'House', 'personCapacity': 5, 'rating': 4.74, 'latitude': 34.0202, 'longitude': -118.40176}");
    expect(decimalsUnlikeRecorded([good.tc], good.ctx).get(good.tc.id)).toBeNull();
    expect(DEFAULT_QUALITY_THRESHOLDS.simulated_decimals_unlike_recorded).toBe(0);
  });

  it('flags a title that puts the listing in another town than its search, or stars unlike its rating', () => {
    const town = caseWith("{'title': 'Home in Pasadena · ★4.74 · 3 bedrooms · 3 beds · 1 bath', 'propertyType': 'House', 'personCapacity': 5, 'rating': 4.74, 'latitude': 34.02020, 'longitude': -118.40176}");
    expect(simulatedRecordSelfContradicted.check(town.tc, town.ctx)).toMatch(/in Pasadena, which AirbnbSearch.search_property_by_place listed as "Culver City/);
    const stars = caseWith("{'title': 'Home in Culver City · ★4.90 · 3 bedrooms · 3 beds · 1 bath', 'propertyType': 'House', 'personCapacity': 5, 'rating': 4.74, 'latitude': 34.02020, 'longitude': -118.40176}");
    expect(simulatedRecordSelfContradicted.check(stars.tc, stars.ctx)).toMatch(/★4.90/);
  });
});

describe('a paper one search listed is not listed again by the next under another id (simulated_scholar_record_repeated)', () => {
  it('query_187_0: the second Scholar search draws no title the first listed', async () => {
    const { knownFacts } = await import('../../pipeline/resolution/knownFacts.js');
    const first = "{'title': ['Emerging trends in quantum computing', 'Quantum computing: a review'], 'cited_by': [15571, 8336], 'organic_id': ['FqoeBg9m7uxT', 'vpqgLoqv6xAZ'], 'pub_info': ['OL Chen, D Anderson - Science, 2023 - science.org', 'H Schmidt, K Patel - Reviews of Modern Physics, 2017 - APS']}";
    const known = knownFacts({ query: 'academic articles related to quantum computing' }, [{ name: 'GoogleScholar.search_google_scholar', args: { query: 'recent scholarly articles about quantum computing' }, response: first }]);
    expect(known?.papers?.map((p) => p.title)).toEqual(['Emerging trends in quantum computing', 'Quantum computing: a review']);
    const [raw] = tevalTrajectories(['query_187_0']);
    const doc = raw.tools.find((d) => d.name === 'GoogleScholar.search_google_scholar')!;
    const { simulateOffline } = await import('../../pipeline/resolution/simulatorRules.js');
    const { Rng } = await import('../../pipeline/rng.js');
    for (let seed = 0; seed < 20; seed++) {
      const out = JSON.parse(simulateOffline({ name: doc.name, args: { query: 'academic articles related to quantum computing' }, tools: raw.tools, known: known! }, new Rng(seed, 'scholar')).response) as { title: string[] };
      for (const t of out.title) expect(['emerging trends in quantum computing', 'quantum computing: a review']).not.toContain(t.toLowerCase());
    }
  });
});

describe('simulated lists as long as the recordings list, headlines unlike their summaries', () => {
  /** query_104_2 twice: `a` with its search recorded (three properties), `b` with its search simulated as `simulated`; a case after each search. */
  function pair(simulated: string) {
    const a = simulateTrajectory(tevalTrajectories(['query_104_2'])[0]);
    const b = simulateTrajectory(tevalTrajectories(['query_104_2'])[0]);
    b.id = `${b.id}-b`;
    const search = (t: typeof a) => toolSteps(t).find((s) => s.step.action.name === 'AirbnbSearch.search_property_by_place')!.step;
    search(a).response = { content: SEARCH, tier: 'cache' };
    search(b).response = { content: simulated, tier: 'simulated' };
    const at = toolSteps(a).findIndex((s) => s.step.action.name === 'AirbnbSearch.search_property_by_place') + 2;
    const ctx = { trajectory: (id: string) => (id === b.id ? b : a), baseCase: () => undefined };
    return { cases: [controlCaseAt(a, at), controlCaseAt(b, at)], ctx, id: controlCaseAt(b, at).id };
  }

  it('flags a simulated list shorter than every recorded one of its API, and passes one as long (simulated_list_shorter_than_recorded)', () => {
    const short = pair("{'property': [{'id': '10803849', 'name': 'Cosy room', 'address': 'Monterey Park, CA, United States'}]}");
    expect(listsShorterThanRecorded(short.cases, short.ctx as never).get(short.id)).toMatch(/1 property where every recorded answer lists 3/);
    const full = pair(SEARCH);
    expect(listsShorterThanRecorded(full.cases, full.ctx as never).get(full.id)).toBeNull();
    expect(DEFAULT_QUALITY_THRESHOLDS.simulated_list_shorter_than_recorded).toBe(0);
  });

  it('flags a summary opening with its own headline, and passes a headline of its own (simulated_summary_opens_with_title)', () => {
    const opens = pair("{'results': [{'title': 'Tesla named a new head of operations', 'summary': 'Tesla named a new head of operations, effective next month. The appointment follows a search.', 'author': 'Elena Ito'}]}");
    const tc = opens.cases[1];
    expect(simulatedSummaryOpensWithTitle.check(tc, opens.ctx as never)).toMatch(/opens with its title/);
    const own = pair("{'results': [{'title': 'Tesla names new head of operations', 'summary': 'Tesla named a new head of operations, effective next month. The appointment follows a search.', 'author': 'Elena Ito'}]}");
    expect(simulatedSummaryOpensWithTitle.check(own.cases[1], own.ctx as never)).toBeNull();
  });

  it('simulates Polygon news as long as its recordings list, each headline its own (api-simulator-143)', async () => {
    const { simulateOffline } = await import('../../pipeline/resolution/simulatorRules.js');
    const { Rng } = await import('../../pipeline/rng.js');
    const { formValue } = await import('../../pipeline/resolution/valueForms.js');
    const NEWS = { name: 'PolygonFinance.get_ticker_news', description: 'get the most recent news articles relating to a stock ticker symbol', required_parameters: [], optional_parameters: [{ name: 'ticker', type: 'string', description: 'Return results that contain this ticker' }], return_data: [{ name: 'results', description: 'A list of news including title, summary, and author' }] };
    const RECORDED = "{'results': [{'title': 'Is Tesla starting to look like just any old carmaker?', 'author': 'MarketWatch', 'summary': 'Also: Medicare timing.'}, {'title': 'Meta & Alphabet Earnings: Ad Revenue in Focus', 'author': 'Derek Lewis', 'summary': 'Advertising revenue is critical.'}, {'title': 'Why Bitcoin Rallied This Week', 'author': 'Steve Symington', 'summary': 'Cryptocurrencies rallied.'}, {'title': 'Healthcare Realty Trust Announces Release Date', 'author': 'Healthcare Realty Trust Incorporated', 'summary': 'NASHVILLE, Tenn.'}, {'title': \"Don't give up on the 60:40 portfolio now\", 'author': 'MarketWatch', 'summary': 'The iconic portfolio is doing a lot better this year than last'}]}";
    for (const [ticker, seed] of [['TSLA', 1], ['AAPL', 2], ['IBM', 3]] as const) {
      const out = formValue(simulateOffline({ name: NEWS.name, args: { ticker }, tools: [NEWS as never], examples: [{ response: RECORDED }] }, new Rng(seed, 'news')).response) as { results: { title: string; summary: string }[] };
      expect(out.results).toHaveLength(5);
      for (const r of out.results) expect(r.summary.toLowerCase().startsWith(r.title.toLowerCase().split(' ').slice(0, 4).join(' ')), r.title).toBe(false);
    }
  });
});
