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
    expect(toJson(out.vote_average)).toBe('7.0');
    expect(toJson(out.popularity)).toBe('4454.0');
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
