/**
 * Simulated answers as real APIs give them: as many results as asked ("the top three search results",
 * "top three properties"), weather that fits the place and month and moves a few degrees a day, a
 * listing whose capacity follows its name and kind and whose reviews agree with it. Each measure
 * flags the bad example the default build showed, and the rules simulator no longer makes it.
 */
import { describe, expect, it } from 'vitest';
import type { ToolDoc } from '../../pipeline/schemas.js';
import { Rng } from '../../pipeline/rng.js';
import { askedCount } from '../../pipeline/resolution/askedCount.js';
import { simulateOffline } from '../../pipeline/resolution/simulatorRules.js';
import { responseValue } from '../../pipeline/quality/measures/simulated.js';
import { weatherImplausible } from '../../pipeline/quality/measures/simulatedRecords.js';
import { detailsContradiction, reviewContradiction } from '../../pipeline/resolution/stays.js';

const doc = (name: string, params: string[], returns: [string, string][]): ToolDoc => ({
  name,
  description: '',
  required_parameters: params.map((p) => ({ name: p, type: 'string', description: '' })),
  optional_parameters: [],
  return_data: returns.map(([n, description]) => ({ name: n, description })),
});
const SCHOLAR = doc('GoogleScholar.search_google_scholar', ['query'], [['title', 'list of the titles of papers'], ['cited_by', 'citation number of papers'], ['organic_id', "list of organic results' ids of the papers"], ['snipets', 'snippets of the papers'], ['pub_info', 'publication information of selected papers']]);
const PROPERTIES = doc('AirbnbSearch.search_property_by_place', ['place'], [['property', 'a list of at most 3 properties, containing id, name, and address.']]);
const FORECAST = doc('Weather.forecast_weather', ['location'], [['results', 'list weather forecast of N days, including date, overall weather and temperature']]);
const TODAY = doc('Weather.get_weather_today', ['location'], [['overall', ''], ['avg temperature', '']]);
const DETAILS = doc('AirbnbSearch.get_property_details', ['propertyId'], [['title', 'The title of the property.'], ['propertyType', 'The type of the property.'], ['personCapacity', 'The capacity of the property.'], ['rating', 'The rating of the property.']]);
const REVIEWS = doc('AirbnbSearch.get_property_reviews', ['propertyId'], [['reviews', 'The reviews of the property, containing comment, rating, and date. At most 3 reviews are returned.']]);

const answer = (d: ToolDoc, args: Record<string, unknown>, seed: number, extra: Record<string, unknown> = {}) =>
  responseValue(simulateOffline({ name: d.name, args, tools: [d], ...extra }, new Rng(seed, 'records')).response) as Record<string, unknown>;

describe('lists as long as asked', () => {
  it('reads "top three search results" off a Scholar request and "top three properties" off a stay search', () => {
    expect(askedCount('Give me the titles of the top three search results on quantum computing.', { query: 'quantum computing' }, SCHOLAR)).toBe(3);
    expect(askedCount('Find the first three articles about federated learning.', { query: 'federated learning' }, SCHOLAR)).toBe(3);
    expect(askedCount('Show me the top three properties in Bali.', { place: 'Bali' }, PROPERTIES)).toBe(3);
  });

  it('the simulator gives Scholar three titles when three are asked', () => {
    for (let seed = 0; seed < 15; seed++) {
      const a = answer(SCHOLAR, { query: 'quantum computing' }, seed, { asked: 3 });
      expect(a.title).toHaveLength(3);
      expect(a.organic_id).toHaveLength(3);
    }
  });
});

describe('weather that fits the place and the month', () => {
  it('the measure flags a 30 °C swing, Beijing at 29.4 °C in October, and snow at 25 °C; passes a steady forecast', () => {
    expect(weatherImplausible('San Francisco', { results: [{ date: '2023-06-01', temperature: 31.6 }, { date: '2023-06-02', temperature: 1.4 }] })).toMatch(/next day/);
    expect(weatherImplausible('Beijing', { overall: 'Light rain', 'avg temperature': 29.4 }, 9)).toMatch(/Beijing/);
    expect(weatherImplausible('San Francisco', { results: [{ date: '2023-06-01', overall: 'Sunny', temperature: -4.2 }] })).toMatch(/San Francisco/);
    expect(weatherImplausible('Paris', { results: [{ date: '2023-07-01', overall: 'Snow', temperature: 25 }] })).toMatch(/Snow/);
    expect(weatherImplausible('San Francisco', { results: [{ date: '2023-06-01', temperature: 15.2 }, { date: '2023-06-02', temperature: 17 }, { date: '2023-06-03', temperature: 14.1 }] })).toBeUndefined();
  });

  it('the simulator draws temperatures from the climate, a few degrees a day', () => {
    for (let seed = 0; seed < 30; seed++) {
      const f = answer(FORECAST, { location: 'San Francisco', days: 3 }, seed, { today: '2023-06-14' });
      expect(weatherImplausible('San Francisco', f)).toBeUndefined();
      const b = answer(TODAY, { location: 'Beijing' }, seed, { today: '2023-10-20' });
      expect(weatherImplausible('Beijing', b, 9)).toBeUndefined();
      expect(b['avg temperature'] as number).toBeLessThan(22);
      const h = answer(FORECAST, { location: 'Harbin', days: 3 }, seed, { today: '2023-01-10' });
      expect(weatherImplausible('Harbin', h)).toBeUndefined();
    }
  });
});

describe('listings that agree with themselves', () => {
  it('the measure flags capacity 1 for a King & Twin suite or a condominium, and reviews beyond the details', () => {
    expect(detailsContradiction({ title: 'Suite in DTLA w/ King & Twin bed, full kitchen', propertyType: 'Guest suite', personCapacity: 1 })).toMatch(/at least 3/);
    expect(detailsContradiction({ title: 'Cozy condominium in Bali', propertyType: 'Condominium', personCapacity: 1 })).toMatch(/at least 2/);
    expect(detailsContradiction({ title: 'Quiet private room near the park', propertyType: 'Private room', personCapacity: 1 })).toBeUndefined();
    const room = { title: 'Bright private room in Monterey Park', propertyType: 'Private room', personCapacity: 1 };
    expect(reviewContradiction('Loved it. Plenty of room for three friends.', room)).toMatch(/party of 3/);
    expect(reviewContradiction('Such a cosy flat. Would stay again!', room)).toMatch(/flat/);
    expect(reviewContradiction('Great stay. The bed was so comfortable.', room)).toBeUndefined();
  });

  it('the simulator gives a listing the capacity its name says, and reviews that fit it', () => {
    for (let seed = 0; seed < 30; seed++) {
      const d = answer(DETAILS, { propertyId: '123' }, seed, { known: { name: 'Suite in DTLA w/ King & Twin bed, full kitchen', fields: { address: '812 S Main St, Los Angeles' } } });
      expect(detailsContradiction(d)).toBeUndefined();
      expect(d.personCapacity as number).toBeGreaterThanOrEqual(3);
      const stay = { title: 'Bright private room in Monterey Park', propertyType: 'Private room', personCapacity: 1 };
      const r = answer(REVIEWS, { propertyId: '123' }, seed, { known: { stay } });
      for (const review of r.reviews as Record<string, unknown>[]) expect(reviewContradiction(String(review.comment), stay)).toBeUndefined();
    }
  });
});

describe('web results about a question', () => {
  it('take the subject out of the question', async () => {
    const { searchSubject } = await import('../../pipeline/resolution/simulatedText.js');
    expect(searchSubject('What are the ethical implications of AI in healthcare?')).toBe('ethical implications of AI in healthcare');
    expect(searchSubject('Kuta Beach information')).toBe('Kuta Beach');
  });
});
