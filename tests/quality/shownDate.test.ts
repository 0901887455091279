/**
 * A shown call passing a date nothing before it lets a model work out (gated at 0 since h-solv33): T-Eval's plan checks
 * availability on "2023-11-15" for "a trip to New York next month" (teval_query_5_1) with no today anywhere;
 * shown_date_unanchored counted 45/345 on g0. Turning such cases down (solv32 b2) left only recordings listing ten or
 * more availability days, so simulated_list_shorter_than_recorded breached; standardize now states the plan's dates.
 */
import { describe, expect, it } from 'vitest';
import type { Action, ChatMessage, TestCase } from '../../pipeline/schemas.js';
import { unanchoredHistoryDate } from '../../pipeline/quality/dates.js';
import { shownDateUnanchored } from '../../pipeline/quality/measures/solvable.js';

const check = (date: string): Action => ({ name: 'AirbnbSearch.check_availability', args: { propertyId: 15955444, date } });
const messages = (request: string, ...calls: [Action, string][]): ChatMessage[] => [
  { role: 'system', content: 'tools' },
  { role: 'user', content: request },
  ...calls.flatMap(([a, answer]) => [{ role: 'assistant' as const, content: JSON.stringify(a) }, { role: 'function' as const, content: answer }]),
];
const TRIP = "I'm preparing for a trip to New York next month. Can you also let me know about the availability of these properties for my travel dates?";
const AVAILABLE = "{'availability': [{'date': '2023-11-15', 'available': True}]}";

describe('a shown call passing a date nobody gave', () => {
  it('flags a made-up date for "next month" with no today (teval_query_5_1)', () => {
    expect(unanchoredHistoryDate(messages(TRIP, [check('2023-11-15'), AVAILABLE]))).toEqual({ action: 'AirbnbSearch.check_availability', key: 'date', value: '2023-11-15' });
  });

  it('passes a date the user states, one a clock lets a model count, and one worded with its year', () => {
    expect(unanchoredHistoryDate(messages('Is it free on November 15, 2023?', [check('2023-11-15'), AVAILABLE]))).toBeUndefined();
    expect(unanchoredHistoryDate(messages('Is it free tomorrow?', [{ name: 'TimeTool.get_curr_time', args: {} }, "{'time': '2023-11-14 09:00'}"], [check('2023-11-15'), AVAILABLE]))).toBeUndefined();
    // BFCL 152's date in words: worked out, not made up.
    expect(unanchoredHistoryDate(messages("a journey on the 15th of the year 2026's eleventh month", [{ name: 'TravelAPI.get_flight_cost', args: { travel_date: '2026-11-15' } }, '{"travel_cost_list": [400.0]}']))).toBeUndefined();
    // An internal case's wrong call (the last call, past historyEnd) is the injected error, not history.
    const m = messages(TRIP, [check('2023-11-15'), AVAILABLE]);
    expect(unanchoredHistoryDate(m, m.length - 2)).toBeUndefined();
  });

  it('the measure reads the case the same way', () => {
    const tc = (request: string) => ({ id: 'x', kind: 'internal', errorType: '', k: 1, cot: false, trajectoryId: 't', source: 'teval', tools: [], messages: messages(request, [check('2023-11-15'), AVAILABLE]), groundTruth: { name: 'FinishAction', args: 'It is available.' }, provenance: { methods: {}, origin: '', parents: [] } }) as unknown as TestCase;
    const none = { trajectory: () => undefined, baseCase: () => undefined };
    expect(shownDateUnanchored.check(tc(TRIP), none)).toBe('AirbnbSearch.check_availability date="2023-11-15": no date before it to work it out from');
    expect(shownDateUnanchored.check(tc('Is it free on November 15, 2023?'), none)).toBeNull();
  });

});
