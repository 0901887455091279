/**
 * The cache answers a repeated request at zero cost (with a cached call row for the audit trail),
 * the template version is part of the key, --max-cost stops new calls, and the limits hold.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Store } from '../../pipeline/store/store.js';
import { RateLimiter, VirtualClock } from '../../pipeline/llm/limits.js';
import { BudgetExceededError } from '../../pipeline/llm/types.js';
import { Rng } from '../../pipeline/rng.js';
import { startOpenAiServer, type OpenAiTestServer } from '../support/openaiServer.js';
import { testConfig, testGateway } from '../support/llmGateway.js';
import { answerFor, answerRole, runLlmStage } from './fixtures/roles.js';

let server: OpenAiTestServer;
let store: Store;
const rng = () => new Rng(1, 'test', 'cache');

beforeEach(async () => {
  server = await startOpenAiServer((body) => ({ content: answerFor(body), usage: { prompt_tokens: 1000, completion_tokens: 500 }, systemFingerprint: 'fp_test' }));
  store = Store.open(':memory:');
  store.startRun('test', {}, 42, 'test');
});

afterEach(async () => {
  store.close();
  await server.close();
});

const rows = () => store.db.prepare('SELECT * FROM calls ORDER BY id').all() as Record<string, number | string | null>[];

describe('cache', () => {
  it('a repeated request is answered from the cache at zero cost, recorded as a cached call', async () => {
    const gw = testGateway(store, server.baseUrl, {}, { clock: new VirtualClock() });
    const first = await gw.invoke(answerRole, { q: 'same' }, { rng: rng(), artifactKey: 'k1', stage: 'standardize' });
    const second = await gw.invoke(answerRole, { q: 'same' }, { rng: rng(), artifactKey: 'k2', stage: 'standardize' });
    expect(second.output).toEqual(first.output);
    expect(first.cached).toBe(false);
    expect(second.cached).toBe(true);
    expect(server.requests).toHaveLength(1);

    const [paid, free] = rows();
    // gpt-4o-mini: 1000 × $0.15/M + 500 × $0.60/M
    expect(paid.cost).toBeCloseTo(0.00045, 10);
    expect(paid.prompt_tokens).toBe(1000);
    expect(paid.completion_tokens).toBe(500);
    expect(paid.system_fingerprint).toBe('fp_test');
    expect(paid.cached).toBe(0);
    expect(paid.artifact_key).toBe('k1');
    expect(free.cost).toBe(0);
    expect(free.cached).toBe(1);
    expect(free.artifact_key).toBe('k2');
    expect(free.request_hash).toBe(paid.request_hash);
    expect(store.runCost()).toBeCloseTo(0.00045, 10);

    // A new process (a resumed run) pays nothing either.
    store.startRun('test again', {}, 42, 'test');
    const gw2 = testGateway(store, server.baseUrl, {}, { clock: new VirtualClock() });
    await gw2.invoke(answerRole, { q: 'same' }, { rng: rng() });
    expect(server.requests).toHaveLength(1);
    expect(store.runCost()).toBe(0);
  });

  it('the template version and the model are part of the key', async () => {
    const gw = testGateway(store, server.baseUrl, {}, { clock: new VirtualClock() });
    await gw.invoke(answerRole, { q: 'v' }, { rng: rng() });
    const bumped = { ...answerRole, template: { ...answerRole.template, version: '2' } };
    await gw.invoke(bumped, { q: 'v' }, { rng: rng() });
    expect(server.requests).toHaveLength(2);
    const other = testGateway(store, server.baseUrl, { llm: { models: { judge: 'gpt-4o' } } }, { clock: new VirtualClock() });
    await other.invoke(answerRole, { q: 'v' }, { rng: rng() });
    expect(server.requests).toHaveLength(3);
    expect(server.requests[2].body.model).toBe('gpt-4o');
    expect(other.fingerprint('judge')).toBe('openai:gpt-4o');
  });

  it('identical requests in flight at once are sent once', async () => {
    server.setScript((body) => ({ content: answerFor(body), delayMs: 50 }));
    const gw = testGateway(store, server.baseUrl);
    const results = await Promise.all([1, 2, 3].map(() => gw.invoke(answerRole, { q: 'together' }, { rng: rng() })));
    expect(new Set(results.map((r) => r.output.answer)).size).toBe(1);
    expect(server.requests).toHaveLength(1);
    expect(rows().map((r) => r.cached as number).sort()).toEqual([0, 1, 1]);
  });
});

describe('--max-cost', () => {
  it('stops new calls once the next one could overrun the budget; cached answers still flow', async () => {
    // Each request reserves its worst case (prompt + max_tokens ≈ $0.00123) and costs $0.00045.
    const gw = testGateway(store, server.baseUrl, { llm: { maxCost: 0.00175 } }, { clock: new VirtualClock() });
    await gw.invoke(answerRole, { q: 'one' }, { rng: rng() }); // 0 + 0.00123 fits; spent $0.00045
    await gw.invoke(answerRole, { q: 'two' }, { rng: rng() }); // 0.00045 + 0.00123 fits; spent $0.00090
    await expect(gw.invoke(answerRole, { q: 'three' }, { rng: rng() })).rejects.toBeInstanceOf(BudgetExceededError);
    expect(server.requests).toHaveLength(2);
    const cached = await gw.invoke(answerRole, { q: 'one' }, { rng: rng() });
    expect(cached.cached).toBe(true);
    expect(server.requests).toHaveLength(2);
  });

  it('through the runner: the stage stops resumably, and a later run with budget finishes it', async () => {
    const overrides = { llm: { maxCost: 0.0022, concurrency: 1 } };
    const report = await runLlmStage(store, testConfig(overrides), testGateway(store, server.baseUrl, overrides, { clock: new VirtualClock() }), 10, 1);
    expect(report.stopped).toMatch(/budget reached/);
    expect(report.processed).toBe(3); // after 3 × $0.00045 a worst case of $0.00123 no longer fits in $0.0022
    expect(server.requests).toHaveLength(3);

    store.startRun('resume', {}, 42, 'test');
    const resumed = await runLlmStage(store, testConfig(), testGateway(store, server.baseUrl, {}, { clock: new VirtualClock() }), 10, 1);
    expect(resumed.reused).toBe(3);
    expect(resumed.processed).toBe(7);
    expect(server.requests).toHaveLength(10);
  });
});

describe('limits', () => {
  it('requests per minute: the third request in a 2-per-minute window waits for the first to leave it', async () => {
    const clock = new VirtualClock();
    const limiter = new RateLimiter(2, 1_000_000, clock);
    await limiter.acquire(10);
    await limiter.acquire(10);
    expect(clock.sleeps).toEqual([]);
    await limiter.acquire(10);
    expect(clock.sleeps).toEqual([60_000]);
  });

  it('tokens per minute: a request that would overflow the window waits; one bigger than the budget still goes alone', async () => {
    const clock = new VirtualClock();
    const limiter = new RateLimiter(1000, 100, clock);
    await limiter.acquire(60);
    await clock.sleep(10_000);
    await limiter.acquire(60);
    expect(clock.sleeps).toEqual([10_000, 50_000]);
    const big = new RateLimiter(1000, 100, new VirtualClock());
    await big.acquire(500);
  });

  it('the shared queue never has more than llm.concurrency requests at the server', async () => {
    let inFlight = 0;
    let peak = 0;
    server.setScript(async (body) => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      await new Promise((r) => setTimeout(r, 20));
      inFlight--;
      return { content: answerFor(body) };
    });
    const gw = testGateway(store, server.baseUrl, { llm: { concurrency: 3 } });
    await Promise.all(Array.from({ length: 12 }, (_, i) => gw.invoke(answerRole, { q: `c${i}` }, { rng: rng() })));
    expect(server.requests).toHaveLength(12);
    expect(peak).toBe(3);
  });
});
