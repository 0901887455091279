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
  it('every drawn count is over its limit, on both local pools', () => {
    let seen = 0;
    for (const api of ['VehicleControlAPI.startEngine', 'TimeTool.get_curr_time']) {
      for (let seed = 0; seed < 400; seed++) {
        const msg = environmentMessage('rate_limit', api, new Rng(seed, 'limit'), 'local');
        const m = /(\d+) calls are already running, over the limit of (\d+)/.exec(msg);
        if (!m) continue;
        seen++;
        expect(Number(m[1]), msg).toBeGreaterThan(Number(m[2]));
      }
    }
    expect(seen).toBeGreaterThan(20);
  });

  it('the measure flags a count at its limit and passes one over it', () => {
    const tc = (msg: string) => ({ id: 'c', kind: 'external', errorType: '', cot: false, trajectoryId: 't', source: 'bfcl', k: 1, tools: [], groundTruth: [], provenance: { methods: {}, parents: [], origin: 'simulated rate_limit' }, messages: [{ role: 'user', content: 'q' }, { role: 'assistant', content: '{}' }, { role: 'function', content: msg }] }) as never;
    expect(environmentErrorLimitNotPassed.check(tc('startEngine failed: resource temporarily unavailable (EAGAIN); 4 calls are already running, over the limit of 4 at once'), {} as never)).toMatch(/not over the limit of 4/);
    expect(environmentErrorLimitNotPassed.check(tc('startEngine failed: resource temporarily unavailable (EAGAIN); 5 calls are already running, over the limit of 4 at once'), {} as never)).toBeNull();
    expect(environmentErrorLimitNotPassed.check(tc('echo failed: throttled after 20 operations in the last second, over the limit the storage allows'), {} as never)).toBeNull();
  });
});
