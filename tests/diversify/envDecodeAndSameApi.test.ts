/**
 * T-Eval's own captured failure "Expecting value: line 1 column 1 (char 0)" is a client's JSON
 * decoder giving up on the body: the service answered with nothing or with something not JSON. The
 * CoT thoughts of main f3b29f2 told it as "The message points at the service, not at what I sent"
 * (11/11 CoT cases, decode_failure_thought_misread). And the step after giving up that calls the
 * failed API with other arguments was said in the failed call's words ("`check_availability` met a
 * server error again … What I can do without it is check the availability of the property", 18/21,
 * skip_thought_repeats_failed_intent).
 */
import { describe, expect, it } from 'vitest';
import type { TestCase } from '../../pipeline/schemas.js';
import { Rng } from '../../pipeline/rng.js';
import { failureKind } from '../../pipeline/errors/environment.js';
import { retryThought, skipThought, finishThought } from '../../stages/diversify-external/afterFailure.js';
import { decodeFailureMisread, skipThoughtRepeatsFailedIntent } from '../../pipeline/quality/measures/thoughts.js';

const tools = [
  { name: 'BINGMap.get_route', description: 'Get the route between two locations.', params: [{ name: 'start', type: 'string', required: true, description: 'start' }, { name: 'end', type: 'string', required: true, description: 'end' }] },
  { name: 'AirbnbSearch.check_availability', description: 'This function checks the availability of a property given its ID.', params: [{ name: 'propertyId', type: 'number', required: true, description: 'The ID of the property.' }] },
] as never;
const ctx = {} as never;

describe('a JSON decode failure is told as the service sending back no JSON', () => {
  it('failureKind reads it, and the retry, skip and closing thoughts say it', () => {
    expect(failureKind('Expecting value: line 1 column 1 (char 0)')).toBe('sent back no JSON');
    expect(failureKind('Expecting value: line 2 column 1 (char 1)')).toBe('sent back no JSON');
    expect(failureKind('HTTP 503 Service Unavailable')).toBe('met a server error');
    const call = { name: 'BINGMap.get_route', args: { start: 'Central Park, New York City', end: 'Battery Park, New York City' } };
    for (let seed = 0; seed < 20; seed++) {
      const r = retryThought(call, 'Expecting value: line 2 column 1 (char 1)', tools, new Rng(seed, 'retry'));
      expect(r, r).toMatch(/JSON/);
      expect(r).not.toMatch(/points at the service|\bfailed\b/);
      const s = skipThought('BINGMap.get_route', { name: 'AirbnbSearch.check_availability', args: { propertyId: 1 } }, tools, new Rng(seed, 'skip'), 'Expecting value: line 1 column 1 (char 0)');
      expect(s, s).toMatch(/JSON/);
      expect(finishThought(call, 'Expecting value: line 1 column 1 (char 0)', tools, new Rng(seed, 'fin'))).toMatch(/JSON/);
    }
  });

  it('decode_failure_thought_misread flags "the message points at the service" and passes a thought saying no JSON came back', () => {
    const caseWith = (thought: string) =>
      ({ kind: 'external', cot: true, messages: [{ role: 'assistant', content: '{}' }, { role: 'function', content: 'Expecting value: line 1 column 1 (char 0)' }], groundTruth: [{ name: 'BINGMap.get_route', args: {}, thought }] }) as unknown as TestCase;
    expect(decodeFailureMisread.check(caseWith('No answer from `get_route` yet: it failed. The message points at the service, not at what I sent, so I try again.'), ctx)).toMatch(/told as/);
    expect(decodeFailureMisread.check(caseWith('`get_route` sent back no JSON before it could get the route. An empty or non-JSON body where JSON should be means the service broke while answering, so I send it again.'), ctx)).toBeNull();
    expect(decodeFailureMisread.check({ ...caseWith('x'), messages: [{ role: 'function', content: 'HTTP 500' }] } as TestCase, ctx)).toBeUndefined();
  });
});

describe('the step after giving up that calls the failed API with other arguments', () => {
  const failedArgs = { propertyId: 691676460109271194 };
  const next = { name: 'AirbnbSearch.check_availability', args: { propertyId: 51619634 } };
  it('is said as a separate request, never in the failed call\'s words', () => {
    for (let seed = 0; seed < 20; seed++) {
      const t = skipThought('AirbnbSearch.check_availability', next, tools, new Rng(seed, 'skip'), 'HTTP 503 Service Unavailable', failedArgs);
      expect(t, t).not.toMatch(/check the availability of the property/);
      expect(t).toMatch(/51619634/);
    }
  });

  it('skip_thought_repeats_failed_intent flags the old wording and passes the new', () => {
    const caseWith = (thought: string) =>
      ({
        kind: 'external', cot: true, tools,
        messages: [{ role: 'assistant', content: JSON.stringify({ name: next.name, args: failedArgs }) }, { role: 'function', content: 'HTTP 503' }],
        groundTruth: [{ name: next.name, args: failedArgs }, { ...next, thought }],
      }) as unknown as TestCase;
    expect(skipThoughtRepeatsFailedIntent.check(caseWith('`check_availability` met a server error again, so that part has to wait. What I can do without it is check the availability of the property, so I call `check_availability` with property id set to 51619634.'), ctx)).toMatch(/check the availability of the property/);
    expect(skipThoughtRepeatsFailedIntent.check(caseWith(skipThought(next.name, next, tools, new Rng(1, 'skip'), 'HTTP 503', failedArgs)), ctx)).toBeNull();
  });
});

describe('a cap on calls at once is told as a limit', () => {
  it('failureKind reads "over the limit of 4 at once" as a usage limit, and failure_thought_limit_misread flags a "server error" thought on it', async () => {
    const { failureThoughtLimitMisread } = await import('../../pipeline/quality/measures/thoughts.js');
    const eagain = 'startEngine failed: resource temporarily unavailable (EAGAIN); 4 calls are already running, over the limit of 4 at once';
    expect(failureKind(eagain)).toBe('hit its usage limit');
    const caseWith = (thought: string) =>
      ({ kind: 'external', cot: true, messages: [{ role: 'assistant', content: '{}' }, { role: 'function', content: eagain }], groundTruth: [{ name: 'VehicleControlAPI.startEngine', args: {}, thought }] }) as unknown as TestCase;
    expect(failureThoughtLimitMisread.check(caseWith('`startEngine` met a server error, and I still need to start the engine. A server error is on their side, not in the arguments, so the same `startEngine` call goes again.'), ctx)).toMatch(/a limit told as/);
    const r = retryThought({ name: 'VehicleControlAPI.startEngine', args: { ignitionMode: 'START' } }, eagain, [], new Rng(3, 'retry'));
    expect(failureThoughtLimitMisread.check(caseWith(r), ctx)).toBeNull();
  });
});
