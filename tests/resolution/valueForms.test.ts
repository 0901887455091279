/**
 * Simulated values take the form their field's recordings share (valueForms.ts;
 * simulated_field_form_unlike_recorded): Airbnb's review times as ISO timestamps before the task's
 * day, never '08:00'; ids as the recordings type them; whole TMDB ratings as floats; money as money.
 */
import { describe, expect, it } from 'vitest';
import type { ToolDoc } from '../../pipeline/schemas.js';
import { Rng } from '../../pipeline/rng.js';
import { PyFloat, toJson } from '../../pipeline/pyValues.js';
import { formUnlikeRecorded, formValue, recordedFields, sharedForm, valueForm, valuesAsRecorded } from '../../pipeline/resolution/valueForms.js';
import { simulateOffline } from '../../pipeline/resolution/simulatorRules.js';

const REVIEWS: ToolDoc = {
  name: 'AirbnbSearch.get_property_reviews',
  description: 'This function retrieves reviews of a property.',
  required_parameters: [{ name: 'propertyId', type: 'string', description: '[Required] The ID of the property.' }],
  optional_parameters: [],
  return_data: [{ name: 'reviews', description: 'a list of reviews, including comments, rating, and time' }],
} as ToolDoc;

const RECORDED_REVIEWS = [
  { response: "{'reviews': [{'comments': 'Great location & host.', 'rating': 5, 'time': '2023-09-30T23:44:54Z'}, {'comments': 'Fine place for 1 night', 'rating': 4, 'time': '2023-09-12T20:27:31Z'}]}" },
  { response: "{'reviews': [{'comments': 'Everything was great!', 'rating': 5, 'time': '2023-10-17T20:10:47Z'}]}" },
];

describe('value forms', () => {
  it('tells the forms apart, whole floats as decimals', () => {
    expect(valueForm('2023-09-26T23:05:31Z')).toBe('ISO timestamp');
    expect(valueForm('08:00')).toBe('clock time');
    expect(valueForm('2023-10-20')).toBe('ISO date');
    expect(valueForm('10803849')).toBe('8 digits');
    expect(valueForm('$288.22')).toBe('currency amount');
    expect(valueForm(7)).toBe('integer');
    expect(valueForm(new PyFloat(7))).toBe('decimal');
    expect(valueForm('https://example.com/a')).toBe('URL');
    expect(valueForm('Lovely stay.')).toBe('text');
    expect(formValue("{'rating': 8.0}")).toEqual({ rating: new PyFloat(8) });
  });

  it('judges a field only when its recordings share one form that is not free text', () => {
    const fields = recordedFields([...RECORDED_REVIEWS, { response: "{'mixed': 1, 'ids': ['101']}" }, { response: "{'mixed': 'one', 'ids': ['10234']}" }]);
    expect(sharedForm(fields.get('reviews[].time'))).toBe('ISO timestamp');
    expect(sharedForm(fields.get('reviews[].comments'))).toBeUndefined();
    expect(sharedForm(fields.get('mixed'))).toBeUndefined();
    expect(sharedForm(fields.get('ids[]'))).toBe('digits');
    expect(formUnlikeRecorded({ reviews: [{ comments: 'x', rating: 5, time: '08:00' }] }, fields)?.path).toBe('reviews[].time');
    expect(formUnlikeRecorded({ reviews: [{ comments: 'x', rating: 5, time: '2023-01-02T10:00:00Z' }] }, fields)).toBeUndefined();
  });

  it('writes drawn review times as the recordings do, before today, newest first', () => {
    const fields = recordedFields(RECORDED_REVIEWS);
    const out = valuesAsRecorded({ reviews: [{ time: '12:00' }, { time: '20:00' }, { time: '14:00' }] }, fields, new Rng(1, 't'), () => false, '2023-12-01') as { reviews: { time: string }[] };
    const times = out.reviews.map((r) => r.time);
    for (const t of times) {
      expect(t).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
      expect(t < '2023-12-01').toBe(true);
    }
    expect(times[0].slice(11, 16)).toBe('12:00');
    expect([...times].sort().reverse()).toEqual(times);
    // Nothing dates the task: before the latest day the recordings name.
    const undated = valuesAsRecorded({ reviews: [{ time: '09:15' }] }, fields, new Rng(2, 't'), () => false) as { reviews: { time: string }[] };
    expect(undated.reviews[0].time < '2023-10-17').toBe(true);
  });

  it('retypes kept values without changing what they say, and rounds, floats and formats drawn ones', () => {
    const fields = recordedFields([
      { response: "{'property': [{'id': '10803849'}, {'id': '48347678'}], 'vote_average': 8.709, 'popularity': 118.372, 'rooms': [101, 102], 'cost': '$288.22', 'stars': 5}" },
      { response: "{'property': [{'id': '22788198'}], 'vote_average': 8.365, 'popularity': 72.301, 'rooms': [103], 'cost': '$1,705.60', 'stars': 4}" },
    ]);
    const kept = (v: unknown) => v === 49634091;
    const out = valuesAsRecorded({ property: [{ id: 49634091 }, { id: 21387647 }], vote_average: 7, popularity: 4454, rooms: ['101', '103'], cost: 2288.5, stars: 4.6 }, fields, new Rng(1, 't'), kept) as Record<string, unknown>;
    expect(out.property).toEqual([{ id: '49634091' }, { id: '21387647' }]);
    // h-fields27: a whole number drawn for a field whose recordings print three places is written with three
    // (simulated_decimals_unlike_recorded), not as 7.0: still a float, still reading as 7 to the unit.
    expect(toJson(out.vote_average)).toMatch(/^7\.\d{3}$/);
    expect(toJson(out.popularity)).toMatch(/^4454\.\d{3}$/);
    expect(out.rooms).toEqual([101, 103]);
    expect(out.cost).toBe('$2,288.50');
    expect(out.stars).toBe(5);
    // A value no form change can keep stays as it is.
    expect((valuesAsRecorded({ vote_average: 'N/A' }, fields, new Rng(1, 't'), () => false) as Record<string, unknown>).vote_average).toBe('N/A');
  });

  it('simulates Airbnb reviews with timestamps like the recorded ones', () => {
    for (const seed of [1, 2, 3]) {
      const out = simulateOffline({ name: REVIEWS.name, args: { propertyId: '10803849' }, tools: [REVIEWS], examples: RECORDED_REVIEWS, today: '2023-10-20' }, new Rng(seed, 'reviews'));
      expect(out.response).not.toMatch(/'time': '\d\d:\d\d'|"time": "\d\d:\d\d"/);
      expect(formUnlikeRecorded(formValue(out.response), recordedFields(RECORDED_REVIEWS))).toBeUndefined();
      for (const t of out.response.match(/\d{4}-\d{2}-\d{2}T[\d:]+Z/g) ?? []) expect(t < '2023-10-20').toBe(true);
    }
  });
});

describe('decimals as the recordings print them (simulated_decimals_unlike_recorded)', () => {
  const DISTANCES = [{ response: "{'distance': 2053.367}" }, { response: "{'distance': 16.425}" }, { response: "{'distance': 4.508}" }];
  const TOP_RATED = [{ response: "{'films': [{'id': 238, 'vote_average': 8.7, 'popularity': 118.372}, {'id': 278, 'vote_average': 8.7, 'popularity': 124.105}]}" }];

  it('counts places as Python prints a float and allows the one last zero it drops', async () => {
    const { decimalPlaces, placesFit, decimalsUnlike } = await import('../../pipeline/resolution/valueForms.js');
    expect(decimalPlaces(1489.424)).toBe(3);
    expect(decimalPlaces(new PyFloat(7))).toBe(0);
    expect(decimalPlaces(7)).toBeUndefined();
    expect(placesFit(2, [3, 3])).toBe(true);
    expect(placesFit(1, [3, 3])).toBe(false);
    expect(placesFit(4, [3, 3])).toBe(false);
    expect(placesFit(1, [3])).toBeUndefined();
    // Bing's 5.5 (5.500) among distances of three places is a value's dropped zeros, not a form: a drawn 6.1 is unlike them.
    expect(placesFit(1, [3, 3, 3, 3, 3, 1, 3])).toBe(false);
    expect(placesFit(1, [2, 2, 1, 2, 1])).toBe(true);
    const recorded = recordedFields(DISTANCES);
    expect(decimalsUnlike({ distance: 2053.4 }, recorded)).toMatchObject([{ path: 'distance', places: 1 }]);
    expect(decimalsUnlike({ distance: 2053.41 }, recorded)).toEqual([]);
    expect(decimalsUnlike({ distance: 2053.4 }, recorded, (v) => v === 2053.4)).toEqual([]);
  });

  it('writes a drawn float with recorded places, a fact another answer gave so it reads the same, a copied one as it is', async () => {
    const { decimalPlaces, withPlaces, samePlaces } = await import('../../pipeline/resolution/valueForms.js');
    for (let seed = 0; seed < 30; seed++) {
      const rng = new Rng(seed, 'places');
      const longer = withPlaces(8824.5, 3, rng) as number;
      expect(decimalPlaces(longer)).toBe(3);
      expect(Math.floor(longer * 10) / 10).toBe(8824.5);
      expect(withPlaces(2.4561, 1, rng)).toBe(2.5);
      // h-fields27 drew digits after a shown fact where its field prints more places (8.7 -> 8.7xx): merged onto main, a film's
      // details then gave another rating than the list that gave its id (simulated_answer_contradicts on m2). A fact is only rounded.
      expect(samePlaces(8.7, 1, [3, 3], rng)).toBeUndefined();
      expect(samePlaces(8.709, 3, [1, 1], rng)).toBe(8.7);
      const out = valuesAsRecorded({ distance: 2053.4 }, recordedFields(DISTANCES), rng, () => false) as { distance: number };
      expect([2, 3]).toContain(decimalPlaces(out.distance));
      // A whole distance drawn (4, printed 4.0) is written with the recorded places too, still reading as about 4.
      const whole = valuesAsRecorded({ distance: 4 }, recordedFields(DISTANCES), rng, () => false) as { distance: number };
      expect(decimalPlaces(whole.distance)).toBe(3);
      expect(Math.floor(whole.distance)).toBe(4);
      const pinned = valuesAsRecorded({ films: [{ id: 238, vote_average: 8.709, popularity: 8824.5 }] }, recordedFields(TOP_RATED), rng, (v) => v === 8.709, undefined, () => false) as { films: { vote_average: number; popularity: number }[] };
      expect(pinned.films[0].vote_average).toBe(8.7);
      expect(decimalPlaces(pinned.films[0].popularity)).toBe(3);
      const copied = valuesAsRecorded({ distance: 2053.4 }, recordedFields(DISTANCES), rng, (v) => v === 2053.4, undefined, (v) => v === 2053.4) as { distance: number };
      expect(copied.distance).toBe(2053.4);
    }
  });
});
