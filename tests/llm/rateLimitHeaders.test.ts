/**
 * The gateway reads the x-ratelimit-* headers an OpenAI-compatible server sends (on answers and on
 * 429s) and paces itself by them: an exhausted window holds the next request until its reset, an
 * announced limit lowers the configured one. Real gateway, real local HTTP server, virtual clock.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Store } from '../../pipeline/store/store.js';
import { rateLimitHeaders, resetMs, VirtualClock } from '../../pipeline/llm/limits.js';
import { Rng } from '../../pipeline/rng.js';
import { startOpenAiServer, type OpenAiTestServer, type Script } from '../support/openaiServer.js';
import { testGateway } from '../support/llmGateway.js';
import { answerFor, answerRole } from './fixtures/roles.js';

let server: OpenAiTestServer;
let store: Store;
const opts = (i: number) => ({ rng: new Rng(1, 'test', String(i)), stage: 'standardize' });

async function serve(script: Script) {
  server = await startOpenAiServer(script);
}

beforeEach(() => {
  store = Store.open(':memory:');
  store.startRun('test', {}, 42, 'test');
});
afterEach(async () => {
  store.close();
  await server?.close();
});

describe('x-ratelimit-* headers', () => {
  it('parses OpenAI durations, plain seconds and Unix times', () => {
    expect(resetMs('1s')).toBe(1000);
    expect(resetMs('6m0s')).toBe(360_000);
    expect(resetMs('20ms')).toBe(20);
    expect(resetMs('1h2m3.5s')).toBe(3_723_500);
    expect(resetMs('0.5')).toBe(500);
    expect(resetMs(String(2_000_000_010), 2_000_000_000_000)).toBe(10_000);
    expect(resetMs('soon')).toBeUndefined();
    const h = new Headers({ 'x-ratelimit-remaining-requests': '0', 'x-ratelimit-reset-requests': '2s' });
    expect(rateLimitHeaders(h)).toEqual({ remainingRequests: 0, resetRequestsMs: 2000 });
    expect(rateLimitHeaders(new Headers())).toBeUndefined();
  });

  it('no requests left in the window: the next request waits for the reset instead of meeting a 429', async () => {
    await serve((body, i) => ({
      content: answerFor(body),
      headers: i === 0 ? { 'x-ratelimit-remaining-requests': '0', 'x-ratelimit-reset-requests': '2s', 'x-ratelimit-remaining-tokens': '90000', 'x-ratelimit-reset-tokens': '1ms' } : undefined,
    }));
    const clock = new VirtualClock();
    const gw = testGateway(store, server.baseUrl, { llm: { concurrency: 1 } }, { clock });
    await gw.invoke(answerRole, { q: 'first' }, opts(0));
    expect(clock.sleeps).toEqual([]);
    await gw.invoke(answerRole, { q: 'second' }, opts(1));
    expect(clock.sleeps).toEqual([2000]);
    expect(server.requests).toHaveLength(2);
    expect(gw.stats.retries).toBe(0);
  });

  it('too few tokens left: a request waits for the tokens window to reset', async () => {
    await serve((body, i) => ({ content: answerFor(body), headers: i === 0 ? { 'x-ratelimit-remaining-tokens': '5', 'x-ratelimit-reset-tokens': '750ms' } : undefined }));
    const clock = new VirtualClock();
    const gw = testGateway(store, server.baseUrl, { llm: { concurrency: 1 } }, { clock });
    await gw.invoke(answerRole, { q: 'first' }, opts(0));
    await gw.invoke(answerRole, { q: 'second' }, opts(1));
    expect(clock.sleeps).toEqual([750]);
  });

  it('an announced limit below the configured one becomes the pace (read from a 429 too)', async () => {
    await serve((body, i) =>
      i === 0
        ? { status: 429, retryAfterMs: 10, content: 'Rate limit reached', headers: { 'x-ratelimit-limit-requests': '2', 'x-ratelimit-limit-tokens': '500000' } }
        : { content: answerFor(body) },
    );
    const clock = new VirtualClock();
    const gw = testGateway(store, server.baseUrl, { llm: { concurrency: 1, requestsPerMinute: 1000 } }, { clock });
    await gw.invoke(answerRole, { q: 'first' }, opts(0)); // 429 (10 ms), then answered
    expect(gw.limiter.rpm).toBe(2);
    expect(gw.limiter.tpm).toBe(500_000);
    await gw.invoke(answerRole, { q: 'second' }, opts(1));
    // Two requests went in this minute; the third waits for the first to leave the window.
    expect(clock.sleeps.filter((ms) => ms > 1000)).toEqual([60_000 - 10]);
    expect(server.requests).toHaveLength(3);
  });

  it('never raises the configured limits above what the config says', async () => {
    await serve((body) => ({ content: answerFor(body), headers: { 'x-ratelimit-limit-requests': '100000', 'x-ratelimit-limit-tokens': '999999999' } }));
    const gw = testGateway(store, server.baseUrl, { llm: { requestsPerMinute: 60, tokensPerMinute: 1000 } }, { clock: new VirtualClock() });
    await gw.invoke(answerRole, { q: 'one' }, opts(0));
    expect(gw.limiter.rpm).toBe(60);
    expect(gw.limiter.tpm).toBe(1000);
  });
});
