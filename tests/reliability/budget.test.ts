/**
 * Budgets that hold: requests in flight together never overshoot --max-cost (each reserves its
 * worst case before it is sent); a billed 200 without an answer is costed; a key the endpoint
 * echoes is scrubbed before it reaches `calls` or `llm_cache`; small budgets print readably.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Store } from '../../pipeline/store/store.js';
import { VirtualClock } from '../../pipeline/llm/limits.js';
import { usd } from '../../pipeline/llm/openai.js';
import { Rng } from '../../pipeline/rng.js';
import { startOpenAiServer, type OpenAiTestServer } from '../support/openaiServer.js';
import { TEST_API_KEY, testConfig, testGateway } from '../support/llmGateway.js';
import { answerFor, answerRole, runLlmStage } from '../llm/fixtures/roles.js';

let server: OpenAiTestServer;
let store: Store;
const rng = () => new Rng(1, 'test', 'budget');

beforeEach(async () => {
  // Slow replies: many requests are in flight at once, as with a real endpoint.
  server = await startOpenAiServer((body) => ({ content: answerFor(body), usage: { prompt_tokens: 1000, completion_tokens: 500 }, delayMs: 40 }));
  store = Store.open(':memory:');
  store.startRun('test', {}, 42, 'test');
});
afterEach(async () => {
  store.close();
  await server.close();
});

describe('--max-cost', () => {
  it('eight requests in flight at once never spend past the budget', async () => {
    const overrides = { llm: { maxCost: 0.004, concurrency: 8 } };
    const report = await runLlmStage(store, testConfig(overrides), testGateway(store, server.baseUrl, overrides), 40, 8);
    expect(report.stopped).toMatch(/budget reached/);
    expect(store.runCost()).toBeGreaterThan(0);
    expect(store.runCost()).toBeLessThanOrEqual(0.004);
  });

  it('a 200 with usage but no answer is costed (and counts against the budget)', async () => {
    server.setScript((body, i) => (i === 0 ? { noChoices: true, usage: { prompt_tokens: 1000, completion_tokens: 500 } } : { content: answerFor(body), usage: { prompt_tokens: 1000, completion_tokens: 500 } }));
    const gw = testGateway(store, server.baseUrl, { llm: { backoffBaseMs: 1, backoffMaxMs: 1 } }, { clock: new VirtualClock() });
    await gw.invoke(answerRole, { q: 'x' }, { rng: rng() });
    expect(server.requests).toHaveLength(2);
    expect(store.runCost()).toBeCloseTo(0.0009, 8); // both replies were billed
  });

  it('prints small amounts with their digits', () => {
    expect(usd(0.00002)).toBe('$0.00002');
    expect(usd(0.0000123)).toBe('$0.0000123');
    expect(usd(0)).toBe('$0');
    expect(usd(12.5)).toBe('$12.50');
  });
});

describe('secrets', () => {
  it('a key the endpoint echoes is scrubbed before it is stored in calls or llm_cache', async () => {
    server.setScript(() => ({ content: JSON.stringify({ answer: `debug: auth=${TEST_API_KEY}`, n: 1 }) }));
    const gw = testGateway(store, server.baseUrl, {}, { clock: new VirtualClock() });
    const out = await gw.invoke(answerRole, { q: 'echo' }, { rng: rng() });
    expect(out.output.answer).not.toContain(TEST_API_KEY);
    const dump = JSON.stringify([store.db.prepare('SELECT * FROM calls').all(), store.db.prepare('SELECT * FROM llm_cache').all()]);
    expect(dump).toContain('[REDACTED]');
    expect(dump).not.toContain(TEST_API_KEY);
  });
});
