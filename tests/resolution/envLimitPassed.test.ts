/**
 * A simulated cap on calls at once says more calls running than its limit: f44 wrote "4 calls are
 * already running, over the limit of 4 at once" (bfcl_multi_turn_base_72-env-k4-cot, 4/679 simulated
 * failures; env_error_limit_not_passed), a message that contradicts itself.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../pipeline/rng.js';
import { environmentMessage } from '../../pipeline/resolution/simulatorRules.js';
import { environmentErrorLimitNotPassed } from '../../pipeline/quality/measures/solvable.js';

describe('a cap on calls at once that was passed', () => {
  // env-wording-10 (h-env25): a local throttle quotes no count at all, since a one-call-at-a-time history never reaches
  // one (env_throttle_count_unreached); so no local message can say a count at or under its limit either.
  it('no local throttle quotes a count of calls, on both local pools', () => {
    let drawn = 0;
    for (const api of ['VehicleControlAPI.startEngine', 'TimeTool.get_curr_time']) {
      for (let seed = 0; seed < 400; seed++) {
        const msg = environmentMessage('rate_limit', api, new Rng(seed, 'limit'), 'local');
        if (!msg) continue;
        drawn++;
        expect(msg).not.toMatch(/\d+ calls are already running|\d+ operations in the last/);
      }
    }
    expect(drawn).toBeGreaterThan(700);
  });

  it('the measure flags a count at its limit and passes one over it', () => {
    const tc = (msg: string) => ({ id: 'c', kind: 'external', errorType: '', cot: false, trajectoryId: 't', source: 'bfcl', k: 1, tools: [], groundTruth: [], provenance: { methods: {}, parents: [], origin: 'simulated rate_limit' }, messages: [{ role: 'user', content: 'q' }, { role: 'assistant', content: '{}' }, { role: 'function', content: msg }] }) as never;
    expect(environmentErrorLimitNotPassed.check(tc('startEngine failed: resource temporarily unavailable (EAGAIN); 4 calls are already running, over the limit of 4 at once'), {} as never)).toMatch(/not over the limit of 4/);
    expect(environmentErrorLimitNotPassed.check(tc('startEngine failed: resource temporarily unavailable (EAGAIN); 5 calls are already running, over the limit of 4 at once'), {} as never)).toBeNull();
    expect(environmentErrorLimitNotPassed.check(tc('echo failed: throttled after 20 operations in the last second, over the limit the storage allows'), {} as never)).toBeNull();
  });
});
