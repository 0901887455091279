/**
 * h-solv30: CRITICTOOL's protocol has the model send a call that met an environment error again at
 * once, so an error asking for a wait longer than a turn ("HTTP 429 … Retry-After: 60", "403 … blocked
 * for a while after unusual traffic; try again later") made that retry the step a careful model would
 * not take, and the closing answer said "asked me to wait 60 seconds before trying again" of the retry
 * it had just made (env_retry_before_wait 99/111 on g0 -> 0/90 on h-solv30's b3).
 */
import { describe, expect, it } from 'vitest';
import type { TestCase } from '../../pipeline/schemas.js';
import { Rng } from '../../pipeline/rng.js';
import { environmentMessage } from '../../pipeline/resolution/simulatorRules.js';
import { classifyEnvironmentMessage, retryFutile } from '../../pipeline/errors/environment.js';
import { askedWait, envRetryBeforeWait } from '../../pipeline/quality/measures/solvable.js';

const KINDS = ['rate_limit', 'permission_denied', 'quota_exceeded', 'server_error', 'timeout', 'connection_error'] as const;

describe('a simulated remote failure asks for no wait a retry at once would break', () => {
  it('waits 5 s at most, still reads as its kind, and says a retry can pass', () => {
    for (const kind of KINDS) {
      for (let i = 0; i < 80; i++) {
        const msg = environmentMessage(kind, 'TradingBot.place_order', new Rng(i, `wait-${kind}`));
        const wait = askedWait(msg);
        // Before h-solv30: Retry-After 30/60/120, "retry in 1-30s", resets in 5-59 s, "blocked for a while".
        expect(wait === undefined || wait <= 5, msg).toBe(true);
        expect(classifyEnvironmentMessage(msg)?.kind, msg).toBe(kind);
        expect(retryFutile(msg), msg).toBeUndefined();
      }
    }
  });
});

describe('env_retry_before_wait', () => {
  const failed = { name: 'MessageAPI.send_message', args: { receiver_id: 'USR002', message: 'Hi' } };
  const caseWith = (error: string, next: unknown = failed): TestCase =>
    ({
      id: 'c', kind: 'external', errorType: '', cot: false, trajectoryId: 't', k: 1, tools: [],
      messages: [{ role: 'system', content: 'tools' }, { role: 'user', content: 'Send Hi to USR002.' }, { role: 'assistant', content: JSON.stringify(failed) }, { role: 'function', content: error }],
      groundTruth: [next, { name: 'FinishAction', args: 'Sending failed.' }],
      provenance: { methods: {}, parents: [] },
    }) as unknown as TestCase;

  it('reads the waits errors ask for', () => {
    expect(askedWait('HTTP 429 Too Many Requests\nRetry-After: 60\n{"error": {"code": 429}}')).toBe(60);
    expect(askedWait('{"error": {"code": 429, "message": "Too many requests to x; retry in 25s."}}')).toBe(25);
    expect(askedWait('429 Client Error: Too Many Requests for send (x-ratelimit-remaining: 0, x-ratelimit-reset: 51)')).toBe(51);
    expect(askedWait('Out of call volume quota for x. Quota will be replenished in 00:00:17.')).toBe(17);
    expect(askedWait('HTTP 403 Forbidden\nAccess to x from this address is blocked for a while after unusual traffic; try again later.')).toBe(Infinity);
    expect(askedWait('HTTP 504 Gateway Timeout')).toBeUndefined();
  });

  it('flags a retry at once after a long wait, passes a short one, and leaves out other cases', () => {
    expect(envRetryBeforeWait.check(caseWith('HTTP 429 Too Many Requests\nRetry-After: 60\n{"error": {"code": 429, "message": "Rate limit exceeded for send_message. Retry later."}}'), {} as never)).toMatch(/asks to wait 60 s/);
    expect(envRetryBeforeWait.check(caseWith('HTTP 403 Forbidden\nRetry-After: 30\nAccess to send_message from this address is blocked for a while after unusual traffic; try again later.'), {} as never)).toMatch(/for a while/);
    expect(envRetryBeforeWait.check(caseWith('HTTP 429 Too Many Requests\nRetry-After: 3\n{"error": {"code": 429}}'), {} as never)).toBeNull();
    expect(envRetryBeforeWait.check(caseWith('HTTP 502 Bad Gateway'), {} as never)).toBeUndefined();
    expect(envRetryBeforeWait.check(caseWith('HTTP 429 Too Many Requests\nRetry-After: 60', { name: 'FinishAction', args: 'Wait a minute.' }), {} as never)).toBeUndefined();
  });
});
