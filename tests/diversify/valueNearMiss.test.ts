/**
 * A parameters_value_error must be wrong beyond doubt.
 *
 * The value injector put an off-by-one on any integer and took any span of the request for a text
 * value, so it shipped wrong values a model could reasonably accept and go on with:
 * teval_query_107_2 k2 search_nearby(radius=1001) for "within a distance of 1 kilometer" (1000),
 * bfcl_multi_turn_base_54 k1 fillFuelTank(liter=21) for 20, base_92 k2 distance 749 for 750,
 * teval_query_13_1 k2 search_term "art exhibitions" for "art gallery", query_288_2 k1 route end
 * "Rocky Mountains" for "Rocky Mountain National Park", query_91_0 k5 places "New York City" for
 * "New York, NY, United States" (24 of 679 value-error cases at efda615). errors/nearMiss.ts says
 * what a near miss is; the injector draws none and value_error_near_miss flags any that ships.
 */
import { describe, expect, it } from 'vitest';
import { nearMiss } from '../../pipeline/errors/nearMiss.js';
import { matchedInAnyCase } from '../../pipeline/errors/injectors/paramValue.js';
import { isIdKey } from '../../pipeline/errors/injectors/context.js';
import { valueErrorNearMiss } from '../../pipeline/quality/measures/errors.js';
import { sameValue } from '../../pipeline/errors/values.js';
import type { ToolArgs } from '../../pipeline/schemas.js';
import { bfclTrajectories, tevalTrajectories } from './fixtures/vendored.js';
import { valueInjections } from './fixtures/valueInjections.js';

const near = (key: string, right: unknown, wrong: unknown, request = '') => nearMiss(key, right, wrong, request, isIdKey);

describe('nearMiss: a wrong value a model could reasonably take for the right one', () => {
  it('flags a number within a tenth of the right one, a paraphrase, a place the request puts the right one in', () => {
    expect(near('radius', 1000, 1001)).toMatch(/within 0.1%/);
    expect(near('liter', 20, 21)).toMatch(/within 5%/);
    expect(near('distance', 750, 749)).toMatch(/radius|distance 749 for 750/);
    expect(near('search_term', 'art gallery', 'art exhibitions')).toMatch(/both name "art"/);
    expect(near('end', 'Rocky Mountain National Park', 'Rocky Mountains')).toMatch(/both name "rocky"/);
    expect(near('places', 'New York, NY, United States', 'New York City')).toMatch(/both name "york"/);
    expect(near('location', 'New York City', 'Times Square', 'What is the weather at Times Square in New York City today?')).toMatch(/one within the other/);
    // teval_query_35_1 k2 as shipped: the weather at "Central Park" for "New York City".
    const cycle = "I'm planning to cycle from Central Park to Battery Park in New York City. I would also like to know what the weather is like in New York City today.";
    expect(near('location', 'New York City', 'Central Park', cycle)).toMatch(/one within the other/);
  });

  it('passes values that are clearly another: a small count off by one, a zero too many, another place of the kind, an id, a year, a letter-case slip', () => {
    expect(near('days', 3, 2)).toBeUndefined();
    expect(near('precision', 4, 5)).toBeUndefined();
    expect(near('radius', 1000, 10000)).toBeUndefined();
    expect(near('radius', 5000, 5)).toBeUndefined();
    expect(near('end', 'Central Park', 'Battery Park')).toBeUndefined();
    expect(near('start', 'University of California, Berkeley', 'Stanford University')).toBeUndefined();
    expect(near('start', 'Times Square, New York City', 'Central Park, New York City')).toBeUndefined();
    expect(near('location', 'Manaus, Brazil', 'Amazon')).toBeUndefined();
    expect(near('tweet_id', 1000, 1001)).toBeUndefined();
    expect(near('year', 2023, 2024)).toBeUndefined();
    expect(near('city', 'Rivermist', 'rivermist')).toBeUndefined();
    expect(near('location', 'Paris', 'London', 'Find hotels in Paris and restaurants in London.')).toBeUndefined();
    expect(near('location', 'London', 'Paris', 'Find hotels in Paris and restaurants in London.')).toBeUndefined();
    expect(near('start', '456 Broad St, Springfield', 'current location', 'from my current location at 456 Broad St, Springfield')).toBeUndefined();
  });
});

describe('a larger count of results taken from the start is no value error', () => {
  // teval_query_351_0 k3 at error-injectors@49: forecast_weather(days=2) for "the weather forecast for
  // October 17, 2023" (today) answered October 17 and 18 -- every day asked, and one more.
  it('flags days 2 for 1, a limit of 6 for 5, tail lines 11 for 10; passes fewer, and a larger radius or precision', () => {
    expect(near('days', 1, 2)).toMatch(/days 2 for 1 asks for more results from the start/);
    expect(near('outNum', 5, 6)).toMatch(/outNum 6 for 5/);
    expect(near('lines', 10, 11)).toMatch(/lines 11 for 10/);
    expect(near('days', 3, 2)).toBeUndefined();
    expect(near('radius', 1000, 10000)).toBeUndefined();
    expect(near('precision', 4, 5)).toBeUndefined();
  });

  it('the value injector draws none over teval_query_351_0 and query_255_1', () => {
    let made = 0;
    for (const { t, k, correct, injection } of valueInjections(tevalTrajectories(['query_351_0', 'query_255_1']), 12)) {
      made++;
      const wrong = injection.action.args as ToolArgs;
      if (typeof correct.days === 'number' && typeof wrong.days === 'number') expect(wrong.days, `${t.id} k=${k}: ${injection.detail}`).toBeLessThanOrEqual(correct.days);
    }
    expect(made).toBeGreaterThan(10);
  });
});

describe('a letter-case slip is no error where the service matches any case', () => {
  it('takes a plural key as its singular: "central park" for search_nearby places (teval_query_305_0 k2, query_13_1 k2)', () => {
    expect(matchedInAnyCase('places', undefined, 'Central Park')).toBe(true);
    expect(matchedInAnyCase('locations', undefined, 'Paris')).toBe(true);
    expect(matchedInAnyCase('file_names', undefined, 'Report.txt')).toBe(false);
  });
});

describe('value_error_near_miss', () => {
  const request = 'Can you search for attractions near the Hollywood Walk of Fame within a distance of 1 kilometer?';
  const gt = { name: 'BINGMap.search_nearby', args: { latitude: 34.10173035, longitude: -118.32644653, places: 'Hollywood Walk of Fame', radius: 1000, search_term: 'attractions' } };
  const tc = (args: Record<string, unknown>) =>
    ({ id: 'c', kind: 'internal', errorType: 'parameters_value_error', cot: false, trajectoryId: 't', source: 'teval', k: 2, tools: [], groundTruth: gt, erroneousAction: { name: gt.name, args }, provenance: { origin: 'injector quantity:off-by-one', methods: {}, parents: [] }, messages: [{ role: 'system', content: 'docs' }, { role: 'user', content: request }, { role: 'assistant', content: '{}' }, { role: 'function', content: '{}' }] }) as never;

  it('flags teval_query_107_2 k2 as shipped (radius 1001 for 1000) and passes a wrong value a reader cannot miss', () => {
    expect(valueErrorNearMiss.check(tc({ ...gt.args, radius: 1001 }), {} as never)).toMatch(/radius 1001 for 1000/);
    expect(valueErrorNearMiss.check(tc({ ...gt.args, radius: 10000 }), {} as never)).toBeNull();
    expect(valueErrorNearMiss.check(tc({ ...gt.args, search_term: 'art galleries' }), {} as never)).toBeNull();
    expect(valueErrorNearMiss.check(tc({ ...gt.args, search_term: 'attraction spots' }), {} as never)).toMatch(/both name "attraction"/);
  });
});

describe('the value injector draws no near miss', () => {
  it('over the trajectories that shipped one', () => {
    const trajectories = [...bfclTrajectories([54, 92]), ...tevalTrajectories(['query_107_2', 'query_314_0', 'query_13_1', 'query_288_2', 'query_91_0', 'query_35_1'])];
    let made = 0;
    const variants = new Set<string>();
    for (const { t, k, correct, request, injection } of valueInjections(trajectories, 12)) {
      made++;
      variants.add(injection.variant);
      const wrong = injection.action.args as ToolArgs;
      for (const [key, value] of Object.entries(wrong)) {
        if (sameValue(value, correct[key])) continue;
        const swapped = Object.entries(correct).some(([other, v]) => other !== key && sameValue(v, value) && sameValue(wrong[other], correct[key]));
        if (swapped) continue;
        expect(nearMiss(key, correct[key], value, request, isIdKey), `${t.id} k=${k}: ${injection.variant} ${injection.detail}`).toBeUndefined();
      }
    }
    expect(made).toBeGreaterThan(100);
    // A larger number still gets a quantity error a reader cannot miss: a zero too many or too few.
    expect(variants.has('quantity:magnitude-slip')).toBe(true);
  });
});
