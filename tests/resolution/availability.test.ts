/**
 * A listing the plan goes on with is available (api-simulator-112, resolve 25): check_availability
 * answering every day "available": False for property 691676460109271194, then the plan's
 * get_property_details of it (teval_query_114_0), asks of a careful agent what it would not do.
 */
import { describe, expect, it } from 'vitest';
import type { TestCase, ToolDoc } from '../../pipeline/schemas.js';
import { Rng } from '../../pipeline/rng.js';
import { answersAvailability, idsNamed, picksAvailable, planGoesOnWith, saysUnavailable } from '../../pipeline/resolution/availability.js';
import { simulateOffline } from '../../pipeline/resolution/simulatorRules.js';
import { parseToolResponse } from '../../pipeline/prompts/parseAction.js';
import { goesOnUnavailable } from '../../pipeline/quality/measures/planGoesOn.js';
import { DEFAULT_QUALITY_THRESHOLDS } from '../../pipeline/config.js';

const check: ToolDoc = {
  name: 'AirbnbSearch.check_availability',
  description: 'This function checks the availability of a property given its ID.',
  required_parameters: [{ name: 'propertyId', type: 'integer', description: 'The ID of the property.' }],
  optional_parameters: [{ name: 'date', type: 'string', description: 'The date to check, it must in the format of YYYY-MM-DD.' }],
  return_data: [{ name: 'availability', description: 'The availability of the property for the given date or the next 10 days.' }],
};
const details: ToolDoc = {
  name: 'AirbnbSearch.get_property_details',
  description: 'This function retrieves the details of a property given its ID.',
  required_parameters: [{ name: 'propertyId', type: 'integer', description: 'The ID of the property.' }],
  optional_parameters: [],
  return_data: [{ name: 'title', description: 'The title of the property.' }],
};
const examples = [{ args: { propertyId: 51113056 }, response: "{'availability': [{'date': '2023-10-01', 'available': False}, {'date': '2023-10-02', 'available': False}]}" }];

describe('a record the plan goes on with is available', () => {
  it('reads ids, availability answers and later steps on the same record', () => {
    expect(idsNamed({ propertyId: 691676460109271194n, date: '2023-10-25' })).toEqual(['691676460109271194']);
    expect(idsNamed({ room_id: '103', start_time: '14:00' })).toEqual(['103']);
    expect(answersAvailability(check)).toBe(true);
    expect(answersAvailability(details)).toBe(false);
    expect(saysUnavailable(parseToolResponse("{'availability': [{'date': '2023-10-25', 'available': False}]}"))).toBe(true);
    expect(saysUnavailable(parseToolResponse("{'availability': [{'date': '2023-10-25', 'available': False}, {'date': '2023-10-26', 'available': True}]}"))).toBe(false);
    expect(saysUnavailable({ availability: false })).toBe(true);
    const steps = [
      { name: check.name, args: { propertyId: 7 } },
      { name: check.name, args: { propertyId: 8 } },
      { name: details.name, args: { propertyId: 7 } },
    ];
    expect(planGoesOnWith(0, steps)).toBe(true);
    // Another check of another record, and nothing after it on record 8: the plan does not go on with it.
    expect(planGoesOnWith(1, steps)).toBe(false);
  });

  it('tells a request that picks things by being available from one that asks whether they are', () => {
    expect(picksAvailable('Please find properties in New York City that are available from October 24 to October 31')).toBe(true);
    expect(picksAvailable("I'm helping a client find the first available rental property in Los Angeles.")).toBe(true);
    expect(picksAvailable('Can you find some available accommodations in Bali?')).toBe(true);
    expect(picksAvailable('Could you find properties in Tokyo … Also, could you verify if these properties are available for the next 3 days?')).toBe(false);
    expect(picksAvailable('Please give me the details, checkout price, and availability for these properties.')).toBe(false);
  });

  it('the offline simulator answers available for a record a later step goes on with, whatever it draws', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const out = simulateOffline({ name: check.name, args: { propertyId: 987654 }, tools: [check, details], examples, known: { planGoesOn: true } }, new Rng(seed, 'test'));
      const days = (parseToolResponse(out.response) as { availability: { available: boolean }[] }).availability;
      expect(days.length).toBeGreaterThan(0);
      expect(days.every((d) => d.available)).toBe(true);
    }
    // Without it, some seed draws a record taken every day (the flag is drawn).
    const drawn = Array.from({ length: 30 }, (_, seed) => simulateOffline({ name: check.name, args: { propertyId: 987654 }, tools: [check, details], examples }, new Rng(seed + 1, 'test')));
    expect(drawn.some((o) => saysUnavailable(parseToolResponse(o.response)))).toBe(true);
  });

  it('plan_goes_on_unavailable flags a case going on with a record found unavailable for a request that picks available ones', () => {
    const msg = (role: 'system' | 'user' | 'assistant' | 'function', content: string) => ({ role, content });
    const tc = (request: string, answer: string): TestCase =>
      ({
        id: 'teval_query_114_0-control-k4',
        trajectoryId: 'teval_query_114_0',
        source: 'teval',
        kind: 'internal',
        errorType: '',
        environmentError: '',
        cot: false,
        k: 2,
        tools: [check, details],
        messages: [msg('system', 'tools'), msg('user', request), msg('assistant', '{"name":"AirbnbSearch.check_availability","args":{"propertyId":691676460109271194}}'), msg('function', answer)],
        groundTruth: { name: details.name, args: { propertyId: 691676460109271194n } },
        provenance: {},
      }) as unknown as TestCase;
    const taken = "{'availability': [{'date': '2023-10-24', 'available': False}, {'date': '2023-10-25', 'available': False}]}";
    const free = "{'availability': [{'date': '2023-10-24', 'available': True}, {'date': '2023-10-25', 'available': True}]}";
    const picking = 'Please find properties in New York City that are available from October 24 to October 31 and give me details of the first three.';
    expect(goesOnUnavailable(tc(picking, taken))).toMatch(/answers not available, then AirbnbSearch.get_property_details/);
    expect(goesOnUnavailable(tc(picking, free))).toBeNull();
    // A request that only asks whether they are available is outside the population.
    expect(goesOnUnavailable(tc('Find properties in New York City and tell me whether they are available.', taken))).toBeUndefined();
    expect(DEFAULT_QUALITY_THRESHOLDS.plan_goes_on_unavailable).toBe(0);
  });
});
