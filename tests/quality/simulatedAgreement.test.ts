/**
 * Simulated answers that agree with the request, with themselves and with the plan's later steps:
 * a wrong call's list as long as the user asked, a listing whose kind its name says ("Bright loft
 * in Tokyo" is no guest suite), the property details a slide copies (query_11_1: the type and
 * capacity beside the rating and coordinates of the same property), and topics in titles as noun
 * phrases ("the impact of statues"). Each measure flags the bad example and passes a good one, and
 * the rules simulator no longer makes the defect.
 */
import { describe, expect, it } from 'vitest';
import type { TestCase, ToolDoc } from '../../pipeline/schemas.js';
import { Rng } from '../../pipeline/rng.js';
import { askedCount } from '../../pipeline/resolution/askedCount.js';
import { simulateOffline } from '../../pipeline/resolution/simulatorRules.js';
import { geocodeOffPlace, responseValue, simulatedFactContradictedLater, simulatedListShort, titleUngrammatical } from '../../pipeline/quality/measures/simulated.js';
import { laterFactContradiction, simulatedRecordSelfContradicted } from '../../pipeline/quality/measures/simulatedRecords.js';
import { detailsContradiction, kindContradiction } from '../../pipeline/resolution/stays.js';
import { topicAsNounPhrase, ungrammaticalTopic } from '../../pipeline/resolution/topicPhrase.js';
import { paperTitles, snippets } from '../../pipeline/resolution/simulatedText.js';
import { DEFAULT_QUALITY_THRESHOLDS } from '../../pipeline/config.js';
import { toolSteps } from '../../pipeline/steps.js';
import { tevalTrajectories } from '../diversify/fixtures/vendored.js';
import { contextOf, controlCaseAt, simulateTrajectory } from '../support/simulatedCases.js';

const doc = (name: string, params: string[], returns: [string, string][]): ToolDoc => ({
  name,
  description: '',
  required_parameters: params.map((p) => ({ name: p, type: 'string', description: '' })),
  optional_parameters: [],
  return_data: returns.map(([n, description]) => ({ name: n, description })),
});
const NEARBY = doc('BINGMap.search_nearby', ['search_term', 'places'], [['places', 'a list of places, containing name and address']]);
const FORECAST = doc('Weather.forecast_weather', ['location'], [['results', 'list weather forecast of N days, including date, overall weather and temperature']]);
const DETAILS = doc('AirbnbSearch.get_property_details', ['propertyId'], [['title', 'The title of the property.'], ['propertyType', 'The type of the property.'], ['personCapacity', 'The capacity of the property.'], ['rating', 'The rating of the property.']]);

describe('a wrong call\'s own list is as long as the user asked (simulated_list_short, widened)', () => {
  const request = 'I am visiting New York City and want to explore 5 restaurants nearby.';
  const wrongCase = (places: number): TestCase =>
    ({
      id: 'x-parameters_value_error-k1', kind: 'internal', errorType: 'parameters_value_error', cot: false, trajectoryId: 't', source: 'teval', k: 1,
      tools: [NEARBY],
      messages: [
        { role: 'system', content: 'tools' },
        { role: 'user', content: request },
        { role: 'assistant', content: JSON.stringify({ name: NEARBY.name, args: { search_term: 'restaurant', places: 'Boston' } }) },
        { role: 'function', content: JSON.stringify({ places: Array.from({ length: places }, (_, i) => ({ name: `Place ${i}`, address: `${i} Main Street` })) }) },
      ],
      erroneousAction: { name: NEARBY.name, args: { search_term: 'restaurant', places: 'Boston' } },
      groundTruth: { name: NEARBY.name, args: { search_term: 'restaurant', places: 'New York City' } },
      provenance: { methods: { response: 'simulated:api-simulator-60' }, parents: [] },
    }) as unknown as TestCase;
  const ctx = { trajectory: () => ({ id: 't', source: 'teval', tools: [NEARBY], turns: [{ user: request, steps: [] }], meta: {} }), baseCase: () => undefined } as never;

  it('flags a wrong call answered with 4 places for 5 asked, passes 5', () => {
    expect(simulatedListShort.check(wrongCase(4), ctx)).toMatch(/the wrong call\): 4 places for 5 asked/);
    expect(simulatedListShort.check(wrongCase(5), ctx)).toBeNull();
    expect(DEFAULT_QUALITY_THRESHOLDS.simulated_list_short).toBe(0);
  });

  it('a forecast of N days counts days, not the papers a request asks of another call', () => {
    expect(askedCount('Find the three newest papers on AI and the weather in Paris.', { location: 'Paris' }, FORECAST)).toBeUndefined();
    expect(askedCount('What will the weather be in Paris over the next 3 days?', { location: 'Paris' }, FORECAST)).toBe(3);
  });

  it('the simulator answers the wrong call as many as asked', () => {
    for (let seed = 0; seed < 10; seed++) {
      const r = simulateOffline({ name: NEARBY.name, args: { search_term: 'restaurant', places: 'Boston' }, tools: [NEARBY], asked: 5 }, new Rng(seed, 'wrong'));
      expect((responseValue(r.response) as { places: unknown[] }).places).toHaveLength(5);
    }
  });
});

describe('a listing\'s kind is the one its name says (simulated_record_self_contradicted, widened)', () => {
  it('flags a loft as a guest suite, a hotel as a house, a guest suite as a boutique-hotel room; passes a site\'s own kinds', () => {
    expect(kindContradiction('Bright loft in Tokyo', 'Guest suite')).toMatch(/names a loft/);
    expect(kindContradiction('Hotel in Koto City', 'House')).toMatch(/names a hotel/);
    expect(kindContradiction('Room in Brooklyn', 'Entire home')).toMatch(/names a room/);
    expect(detailsContradiction({ title: 'Charming guest suite in Barcelona', propertyType: 'Room in boutique hotel', personCapacity: 2 })).toMatch(/guest suite/);
    expect(kindContradiction('Hostel in Barcelona · ★4.72 · 1 bedroom · 1 bed · 1 shared bath', 'Private room in hostel')).toBeUndefined();
    expect(kindContradiction('Home in Monterey Park · ★4.79 · 1 bedroom', 'Private room in home')).toBeUndefined();
    expect(kindContradiction('Rental unit in Queens · ★4.81', 'Entire rental unit')).toBeUndefined();
    expect(kindContradiction('Cosy Nest', 'Loft')).toBeUndefined();
    expect(DEFAULT_QUALITY_THRESHOLDS.simulated_record_self_contradicted).toBe(0);
  });

  it('the simulator gives the kind the name says, or a name for the kind a later step states', () => {
    for (let seed = 0; seed < 30; seed++) {
      const a = responseValue(simulateOffline({ name: DETAILS.name, args: { propertyId: String(1000 + seed) }, tools: [DETAILS] }, new Rng(seed, 'kind')).response) as Record<string, unknown>;
      expect(a.propertyType).toBeTypeOf('string');
      expect(detailsContradiction(a)).toBeUndefined();
      const known = responseValue(simulateOffline({ name: DETAILS.name, args: { propertyId: String(2000 + seed) }, tools: [DETAILS], known: { title: 'Hotel in Koto City' } }, new Rng(seed, 'kind')).response) as Record<string, unknown>;
      if (known.title === 'Hotel in Koto City') expect(kindContradiction('Hotel in Koto City', known.propertyType as string)).toBeUndefined();
      const carried = responseValue(simulateOffline({ name: DETAILS.name, args: { propertyId: String(3000 + seed) }, tools: [DETAILS], carry: [{ key: 'Property Type', value: 'Room in boutique hotel', field: 'propertyType' }] }, new Rng(seed, 'kind')).response) as Record<string, unknown>;
      expect(carried.propertyType).toBe('Room in boutique hotel');
      expect(detailsContradiction(carried)).toBeUndefined();
    }
  });
});

describe('the details a later slide copies are the details of that property (query_11_1)', () => {
  it('the measure flags details the slide with its rating and coordinates contradicts, passes ones that agree', () => {
    const slide = { name: 'PPT.add_text_page', args: { title: 'Property 1: Boutique hotel in Barcelona', bullet_items: 'Property Type: Room in boutique hotel\nCapacity: 2 persons\nRating: 4.83\nLatitude: 41.384632\nLongitude: 2.177421' } };
    const details = { title: 'Bright house in Barcelona', propertyType: 'House', personCapacity: 4, rating: 4.83, latitude: 41.384632, longitude: 2.177421 };
    expect(laterFactContradiction(details, [slide])).toMatch(/propertyType "House".*Room in boutique hotel/);
    expect(laterFactContradiction({ ...details, propertyType: 'Room in boutique hotel', personCapacity: 2 }, [slide])).toBeUndefined();
    // Another property's details share no two facts with the slide: not its record.
    expect(laterFactContradiction({ ...details, rating: 4.47, latitude: 41.3238, longitude: 2.09509 }, [slide])).toBeUndefined();
  });

  it('the plan carries each slide\'s facts, all of them, into the one property they describe', () => {
    const t = simulateTrajectory(tevalTrajectories(['query_11_1'])[0]);
    const steps = toolSteps(t);
    const detailsOf = (id: number) => JSON.parse(steps.find((s) => s.step.action.name === DETAILS.name && (s.step.action.args as { propertyId: number }).propertyId === id)!.step.response!.content);
    const slides = steps.filter((s) => s.step.action.name === 'PPT.add_text_page' && /Property \d/.test(String((s.step.action.args as { title: string }).title)));
    expect(slides.length).toBeGreaterThanOrEqual(3);
    const ids = steps.filter((s) => s.step.action.name === DETAILS.name).map((s) => (s.step.action.args as { propertyId: number }).propertyId);
    for (const id of ids) {
      const d = detailsOf(id);
      for (const s of slides) expect(laterFactContradiction(d, [s.step.action])).toBeUndefined();
      expect(detailsContradiction(d)).toBeUndefined();
    }
    const last = slides[slides.length - 1];
    const k = steps.indexOf(last) + 1;
    expect(simulatedFactContradictedLater.check(controlCaseAt(t, k), contextOf(t))).toBeNull();
    expect(simulatedRecordSelfContradicted.check(controlCaseAt(t, k), contextOf(t))).toBeNull();
  });
});

describe('topics as noun phrases in titles and summaries (simulated_title_ungrammatical)', () => {
  it('flags a bare singular count noun or a place glued to its subject after a frame; passes the phrase done right', () => {
    expect(ungrammaticalTopic('Measuring the impact of statue')).toMatch(/statue/);
    expect(ungrammaticalTopic('Lessons from two decades of tourist attractions New York City')).toMatch(/New York City/);
    expect(ungrammaticalTopic('We review the literature on job application.')).toMatch(/job application/);
    expect(ungrammaticalTopic('Measuring the impact of statues')).toBeUndefined();
    expect(ungrammaticalTopic('Lessons from two decades of tourist attractions in New York City')).toBeUndefined();
    expect(ungrammaticalTopic('A survey of statue conservation')).toBeUndefined();
    expect(ungrammaticalTopic('Advances in renewable energy')).toBeUndefined();
    expect(titleUngrammatical(JSON.stringify({ title: ['Measuring the impact of statue'] }))).toMatch(/statue/);
    expect(titleUngrammatical(JSON.stringify({ title: ['Advances in renewable energy'] }))).toBeNull();
    expect(DEFAULT_QUALITY_THRESHOLDS.simulated_title_ungrammatical).toBe(0);
  });

  it('the simulator writes the topic as a noun phrase', () => {
    expect(topicAsNounPhrase('statue')).toBe('statues');
    expect(topicAsNounPhrase('job application')).toBe('job applications');
    expect(topicAsNounPhrase('tourist attractions New York City')).toBe('tourist attractions in New York City');
    expect(topicAsNounPhrase('renewable energy')).toBe('renewable energy');
    for (let seed = 0; seed < 10; seed++) {
      for (const subject of ['statue', 'job application', 'museum']) {
        const c = { rng: new Rng(seed, 'titles', subject), args: { query: subject }, subject, hint: 'GoogleScholar.search_google_scholar', used: new Set<string>() };
        for (const t of [...paperTitles(c, 5), ...snippets(c, 3)]) expect(ungrammaticalTopic(t)).toBeUndefined();
      }
    }
  });
});

describe('a geocoder answers a known place where it is (simulated_geocode_off_place)', () => {
  const GEO = doc('BINGMap.get_coordinates', ['location'], [['latitude', 'the latitude of the location'], ['longitude', 'the longitude of the location']]);
  it('flags Times Square 2 km off, passes it at Times Square and a town a few kilometres from its centre', () => {
    const call = { name: GEO.name, args: { location: 'Times Square, New York City' } };
    expect(geocodeOffPlace(call, JSON.stringify({ latitude: 40.744462, longitude: -73.965046 }))).toMatch(/km from Times Square/);
    expect(geocodeOffPlace(call, JSON.stringify({ latitude: 40.7581, longitude: -73.9854 }))).toBeNull();
    expect(geocodeOffPlace({ name: GEO.name, args: { location: 'Los Angeles' } }, JSON.stringify({ latitude: 34.045271, longitude: -118.22089 }))).toBeNull();
    expect(DEFAULT_QUALITY_THRESHOLDS.simulated_geocode_off_place).toBe(0);
  });

  it('the simulator gives Times Square and the Empire State Building their own coordinates', () => {
    for (let seed = 0; seed < 20; seed++) {
      for (const location of ['Times Square, New York City', 'Empire State Building']) {
        const r = simulateOffline({ name: GEO.name, args: { location }, tools: [GEO] }, new Rng(seed, 'geo'));
        expect(geocodeOffPlace({ name: GEO.name, args: { location } }, r.response)).toBeNull();
      }
    }
  });
});
