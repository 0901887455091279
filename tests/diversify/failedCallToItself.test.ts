/**
 * An external case retries its failed call as it stands, so that call must be right apart from the
 * failure. teval_query_307_2's get_distance from "52.52342987, 13.41143608" to the same point (the
 * user asked from each coffee shop) was failed and retried in 6 cases of main 5c3aca9
 * (env_failed_call_to_itself); a careful model that fixes the call would be marked wrong.
 */
import { describe, expect, it } from 'vitest';
import type { TestCase } from '../../pipeline/schemas.js';
import { tripToItself } from '../../pipeline/resolution/trips.js';
import { envFailedCallToItself } from '../../pipeline/quality/measures/solvable.js';

function external(args: Record<string, unknown>, name = 'BINGMap.get_distance'): TestCase {
  const call = { name, args };
  return {
    id: 'c',
    kind: 'external',
    errorType: '',
    cot: false,
    trajectoryId: 't',
    source: 'teval',
    k: 1,
    tools: [],
    messages: [
      { role: 'system', content: 'tools' },
      { role: 'user', content: 'How far is each coffee shop from these coordinates?' },
      { role: 'assistant', content: JSON.stringify(call) },
      { role: 'function', content: 'Request to get_distance timed out after 30 seconds' },
    ],
    groundTruth: [call, { name: 'FinishAction', args: 'The distance lookup timed out.' }],
    provenance: { methods: {}, parents: [] },
  } as unknown as TestCase;
}

describe('a trip from a place to itself', () => {
  it('is read from start/end keys, whatever the spacing or case, and never from a window of dates', () => {
    expect(tripToItself({ start: '52.52342987, 13.41143608', end: '52.52342987,13.41143608' })).toBe('52.52342987, 13.41143608');
    expect(tripToItself({ start: 'Oxford', end: 'oxford' })).toBe('Oxford');
    expect(tripToItself({ start: 'Oxford', end: 'Cambridge' })).toBeUndefined();
    expect(tripToItself({ from: '2023-10-10', to: '2023-10-10', ticker: 'AAPL' })).toBeUndefined();
    expect(tripToItself({ location: 'Berlin' })).toBeUndefined();
  });

  it('the measure flags an external case failing such a call and passes a real trip', () => {
    expect(envFailedCallToItself.check(external({ start: '52.52342987, 13.41143608', end: '52.52342987, 13.41143608' }), {} as never)).toMatch(/BINGMap\.get_distance from "52\.52342987, 13\.41143608" to itself/);
    expect(envFailedCallToItself.check(external({ start: 'Oxford', end: 'Cambridge' }), {} as never)).toBeNull();
    expect(envFailedCallToItself.check({ ...external({ start: 'A', end: 'A' }), kind: 'internal' } as TestCase, {} as never)).toBeUndefined();
  });
});

describe('a plan step asking for a trip from a place to itself, anywhere in a case', () => {
  it('flags a ground-truth step and a shown call, passes an internal case\'s injected wrong call', async () => {
    const { tripToItselfAnywhere } = await import('../../pipeline/quality/measures/solvable.js');
    const same = { start: '52.52342987, 13.41143608', end: '52.52342987, 13.41143608' };
    const gtLater = { ...external({ start: 'Oxford', end: 'Cambridge' }), groundTruth: [{ name: 'BINGMap.search_near_by', args: { query: 'coffee' } }, { name: 'BINGMap.get_distance', args: same }] } as unknown as TestCase;
    expect(tripToItselfAnywhere.check(gtLater, {} as never)).toMatch(/^ground truth: BINGMap\.get_distance from "52\.52342987, 13\.41143608" to itself/);
    expect(tripToItselfAnywhere.check(external(same), {} as never)).toMatch(/to itself/);
    expect(tripToItselfAnywhere.check(external({ start: 'Oxford', end: 'Cambridge' }), {} as never)).toBeNull();
    const injected = { ...external(same), kind: 'internal', errorType: 'parameters_value_error', groundTruth: { name: 'BINGMap.get_distance', args: { start: 'Oxford', end: 'Cambridge' } } } as unknown as TestCase;
    expect(tripToItselfAnywhere.check(injected, {} as never)).toBeNull();
  });

  it('filter turns the plan down with a reason saying why', async () => {
    const { checkTrajectory } = await import('../../stages/filter/rules.js');
    const doc = { name: 'BINGMap.get_distance', description: 'distance', params: [{ name: 'start', type: 'string', required: true }, { name: 'end', type: 'string', required: true }] };
    const traj = (end: string) => ({
      id: 't', source: 'teval', tools: [doc],
      turns: [{ user: 'How far is each coffee shop from me?', steps: [{ action: { name: 'BINGMap.get_distance', args: { start: '52.52342987, 13.41143608', end } } }] }],
    }) as never;
    const drop = checkTrajectory(traj('52.52342987, 13.41143608'), { minSteps: 1 });
    expect(drop?.code).toBe('trip_to_itself');
    expect(drop?.detail).toMatch(/get_distance asks for a trip from "52\.52342987, 13\.41143608" to itself/);
    expect(checkTrajectory(traj('52.5, 13.4'), { minSteps: 1 })).toBeUndefined();
  });
});
