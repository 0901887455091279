/**
 * A ground-truth date needs the date shown in some form or a today to count from. T-Eval plans date
 * "a stay for the next week" 2023-11-20 in cases that never say what today is (9.4% (23/245) of the
 * cases passing a date); assemble now turns those down, and gt_date_unanchored counts what is left.
 */
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../pipeline/schemas.js';
import { unanchoredDates } from '../../pipeline/quality/dates.js';

const gt = { name: 'AirbnbSearch.get_property_checkout_price', args: { propertyId: 1, checkIn: '2023-11-20', checkOut: '2023-11-27' } };
const caseWith = (user: string, more: ChatMessage[] = [], errorType = '') => ({ messages: [{ role: 'system' as const, content: 'Tools … e.g. 2023-10-01' }, { role: 'user' as const, content: user }, ...more], groundTruth: gt, errorType });

describe('dates a model can work out', () => {
  it('a date shown in any form, or a today to count from, is derivable', () => {
    expect(unanchoredDates(caseWith('Book it from November 20 to Nov 27th.'))).toEqual([]);
    expect(unanchoredDates(caseWith('Check in 11/20/2023, out 27.11.2023.'))).toEqual([]);
    expect(unanchoredDates(caseWith('Price a stay for the next week.', [{ role: 'function', content: '{"time": "2023-11-19 09:00"}' }]))).toEqual([]);
    expect(unanchoredDates(caseWith('Today is the 19th of November; price next week.'))).toEqual([]);
  });

  it('"next week" with no today, a doc example or a review date is no anchor', () => {
    expect(unanchoredDates(caseWith('Price a stay for the next week.')).map((u) => u.key)).toEqual(['checkIn', 'checkOut']);
    expect(unanchoredDates(caseWith('Price a stay for the next week.', [{ role: 'function', content: '{"reviews": [{"comment": "Lovely", "date": "2021-05-03", "rating": 5, "user": "Ana"}, {"comment": "Noisy street at night but a fine flat", "date": "2021-06-11", "rating": 3, "user": "Bo"}], "count": 2, "average": 4}' }])).length).toBe(2);
    // An injected wrong call's date is a wrong value, not a today.
    expect(unanchoredDates(caseWith('Price a stay for the next week.', [{ role: 'assistant', content: '{"name": "AirbnbSearch.get_property_checkout_price", "args": {"checkIn": "2023-11-21"}}' }, { role: 'function', content: '{"error": "bad"}' }], 'parameters_value_error')).length).toBe(2);
  });
});
