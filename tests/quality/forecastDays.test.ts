/**
 * A forecast's days ahead counted from a today nothing shows (assemble 57): T-Eval's forecast_weather(days=1)
 * for "the weather at these beaches on October 17, 2023" (teval_query_314_2), with no clock answer and no
 * "today is …"; gt_forecast_days_unanchored counted 10/69 on g0.
 */
import { describe, expect, it } from 'vitest';
import type { Action, ChatMessage, TestCase, ToolDoc } from '../../pipeline/schemas.js';
import { daysAheadParam, unanchoredDayCount } from '../../pipeline/quality/forecastDays.js';
import { gtForecastDaysUnanchored } from '../../pipeline/quality/measures/solvable.js';
import { buildCase } from '../../stages/assemble/build.js';
import { tevalTrajectories } from '../diversify/fixtures/vendored.js';
import { simulateTrajectory } from '../support/simulatedCases.js';

const FORECAST: ToolDoc = {
  name: 'Weather.forecast_weather',
  description: 'forecast weather in the N upcoming days',
  required_parameters: [
    { name: 'location', type: 'string', description: '[Required] The location (string).' },
    { name: 'days', type: 'integer', description: '[Required] the N number of days later, maximum N is 3' },
  ],
  optional_parameters: [],
  return_data: [{ name: 'results', description: 'list weather forecast of N days, including date, overall weather and temperature' }],
} as ToolDoc;
const CLOCK: ToolDoc = { name: 'TimeTool.get_curr_time', description: 'get the current time', required_parameters: [], optional_parameters: [], return_data: [{ name: 'time', description: 'current time' }] } as ToolDoc;
const forecast = (days: number): Action => ({ name: FORECAST.name, args: { location: 'Kuta Beach', days } });
const REQUEST = "Could you find information on 'Kuta Beach'? Please also let me know the weather at these beaches on October 17, 2023.";
const shown = (request: string, ...calls: [Action, string][]): ChatMessage[] => [
  { role: 'system', content: 'tools' },
  { role: 'user', content: request },
  ...calls.flatMap(([a, answer]) => [{ role: 'assistant' as const, content: JSON.stringify(a) }, { role: 'function' as const, content: answer }]),
];

describe('a forecast counted from a today nothing shows', () => {
  it('reads the days-ahead parameter off the doc', () => {
    expect(daysAheadParam(FORECAST)).toBe('days');
    expect(daysAheadParam(CLOCK)).toBeUndefined();
  });

  it('flags days counted to a calendar day with no today (teval_query_314_2)', () => {
    expect(unanchoredDayCount(shown(REQUEST), forecast(1), [FORECAST])).toMatch(/^Weather\.forecast_weather\(days=1\) counts days from a today nothing in the case gives, for "Please also let me know the weather at these beaches on October 17, 2023\."/);
    // A run of days (269_2's "October 19, 20 and 21, 2023") is no better: days=3 holds only if today is the 19th.
    expect(unanchoredDayCount(shown('I would also like to know the weather forecast for October 19, 20 and 21, 2023 in New York.'), forecast(3), [FORECAST])).toBeDefined();
  });

  it('passes a count the request fixes, a today the user or a clock gives, and a count a shown call already passes', () => {
    expect(unanchoredDayCount(shown('What will the weather be in London for the next three days?'), forecast(3), [FORECAST])).toBeUndefined();
    expect(unanchoredDayCount(shown('Let me know the weather forecast for today in San Francisco.'), forecast(1), [FORECAST])).toBeUndefined();
    expect(unanchoredDayCount(shown('Today is October 17, 2023. What is the weather at Kuta Beach on October 17, 2023?'), forecast(1), [FORECAST])).toBeUndefined();
    expect(unanchoredDayCount(shown(REQUEST, [{ name: CLOCK.name, args: {} }, "{'time': '2023-10-17 09:00'}"]), forecast(1), [FORECAST, CLOCK])).toBeUndefined();
    // A hallucination case's wrong call passed days=1: the correction keeps it.
    expect(unanchoredDayCount(shown(REQUEST, [{ name: 'Weather.get_forecast', args: { location: 'Kuta Beach', days: 1 } }, "{'error': 'no such tool'}"]), forecast(1), [FORECAST])).toBeUndefined();
    // No forecast in the ground truth, nothing to count.
    expect(unanchoredDayCount(shown(REQUEST), { name: 'BINGMap.get_coordinates', args: { location: 'Kuta Beach' } }, [FORECAST])).toBeUndefined();
  });

  it('the measure reads the case the same way and leaves noisy rewrites to their base case', () => {
    const tc = (request: string, applied: string[] = []) => ({ id: 'x', kind: 'internal', errorType: '', k: 1, cot: false, trajectoryId: 't', source: 'teval', tools: [FORECAST], messages: shown(request), groundTruth: forecast(1), provenance: { methods: {}, origin: '', parents: [] }, ...(applied.length ? { evolution: { applied } } : {}) }) as unknown as TestCase;
    const none = { trajectory: () => undefined, baseCase: () => undefined };
    expect(gtForecastDaysUnanchored.check(tc(REQUEST), none)).toMatch(/counts days from a today/);
    expect(gtForecastDaysUnanchored.check(tc('Weather forecast for today in Bali, please.'), none)).toBeNull();
    expect(gtForecastDaysUnanchored.check(tc(REQUEST, ['noisy_query']), none)).toBeUndefined();
  });

  it("assemble turns down teval_query_314_2's control asking for the forecast", () => {
    const t = simulateTrajectory(tevalTrajectories(['query_314_2'])[0]);
    const steps = t.turns.flatMap((turn) => turn.steps);
    const at = steps.findIndex((s) => s.action.name === 'Weather.forecast_weather');
    expect(at).toBeGreaterThan(0);
    // A control at k shows k tool steps and asks for the next: k = at asks for the forecast.
    const built = buildCase({ part: 'control', trajectory: t, trajectoryId: t.id, k: at, thoughtsMethod: 'x' }, false);
    expect(built.ok ? '' : built.reason).toMatch(/unanchored day count: Weather\.forecast_weather\(days=1\)/);
  });
});
