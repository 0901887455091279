/**
 * The LLM path of the api-simulator (and of resolve's answer-writer) through the real gateway and
 * the real `openai` client, against the scriptable OpenAI-compatible server on 127.0.0.1.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Store } from '../../pipeline/store/store.js';
import { Rng } from '../../pipeline/rng.js';
import { createServices } from '../../pipeline/services.js';
import { runPipeline } from '../../pipeline/runner.js';
import { classifyEnvironmentMessage } from '../../pipeline/errors/environment.js';
import type { ItemStage, Stage, StageName } from '../../pipeline/stage.js';
import type { ResolvedTrajectory, ToolDoc, Trajectory } from '../../pipeline/schemas.js';
import { ChainResolver } from '../../pipeline/resolution/index.js';
import { resolveStage } from '../../stages/resolve/index.js';
import { startOpenAiServer, type ChatRequestBody, type OpenAiTestServer } from '../support/openaiServer.js';
import { testConfig, testGateway, TEST_API_KEY } from '../support/llmGateway.js';

const DOC: ToolDoc = {
  name: 'Weather.forecast_weather',
  description: 'Weather forecast for the next N days.',
  required_parameters: [
    { name: 'location', type: 'string', description: 'the location' },
    { name: 'days', type: 'integer', description: 'days ahead' },
  ],
  optional_parameters: [],
  return_data: [{ name: 'results', description: 'list of forecasts' }],
};

/** The scripted model: answers as the API simulator or the answer writer, by the system prompt. */
function model(req: ChatRequestBody): { content: string } {
  const system = req.messages[0].content;
  const user = req.messages[req.messages.length - 1].content;
  if (system.startsWith('Imagine you are an API Server')) {
    if (user.includes('must FAIL because of the environment')) {
      return { content: JSON.stringify({ error: '429 Too Many Requests: rate limit exceeded for Weather.forecast_weather, retry in 20s', response: '' }) };
    }
    const city = /"location":"([^"]+)"/.exec(user.slice(user.lastIndexOf('Request:')))?.[1];
    return { content: JSON.stringify({ error: '', response: JSON.stringify({ results: [{ date: '2024-05-02', overall: `Clear over ${city}` }] }) }) };
  }
  if (system.includes("closing answer (its FinishAction)")) return { content: JSON.stringify({ answer: 'It will be clear over Oslo on 2024-05-02.' }) };
  return { content: '{}' };
}

let server: OpenAiTestServer;
beforeAll(async () => {
  server = await startOpenAiServer((req) => model(req));
});
afterAll(async () => {
  await server.close();
});

const call = (args: unknown) => ({ source: 'teval' as const, trajectoryId: 't', tools: [DOC], name: DOC.name, args: args as Record<string, unknown>, history: [], meta: {} });

describe('api-simulator through the gateway (LLM path)', () => {
  it('sends the Fig. 17 prompt with the doc, cached examples of the same API and the call; answers tier simulated, origin llm:<model>', async () => {
    const store = Store.open(':memory:');
    const config = testConfig();
    const resolver = new ChainResolver({ store, config, llm: testGateway(store, server.baseUrl) });
    resolver.cache.put(DOC.name, { location: 'Rome', days: 1 }, '', { content: '{"results": [{"date": "2023-10-20", "overall": "Sunny"}]}' }, 'teval-review:5');
    resolver.cache.put('Other.api', { q: 1 }, '', { content: '{"other": true}' }, 'teval-review:6');
    const before = server.requests.length;
    const r = await resolver.resolve(call({ location: 'Oslo', days: 2 }), { rng: new Rng(1, 'a', 'b'), artifactKey: 'art', stage: 'resolve' });
    expect(r).toEqual({ content: '{"results":[{"date":"2024-05-02","overall":"Clear over Oslo"}]}', tier: 'simulated', origin: 'llm:gpt-4o-mini' });
    expect(server.requests.length).toBe(before + 1);
    const sent = server.requests[before].body;
    expect(sent.model).toBe('gpt-4o-mini');
    const user = sent.messages[1].content;
    expect(user).toContain(JSON.stringify(DOC));
    expect(user).toContain('Example 1:\nRequest: {"name":"Weather.forecast_weather","args":{"days":1,"location":"Rome"}}\nResponse: {"results": [{"date": "2023-10-20", "overall": "Sunny"}]}');
    expect(user).not.toContain('Other.api');
    expect(user).toContain('Request:\n{"name":"Weather.forecast_weather","args":{"location":"Oslo","days":2}}');
    // Logged twice: the model call (role, model) and the tool call it answered.
    const calls = store.callsFor('art').map((c) => [c.kind, c.role, c.model, c.tier]);
    expect(calls).toEqual([
      ['llm', 'api-simulator', 'gpt-4o-mini', null],
      ['tool', 'api-simulator', 'gpt-4o-mini', 'simulated'],
    ]);
    let dump = '';
    for (const t of store.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[]) dump += JSON.stringify(store.db.prepare(`SELECT * FROM "${t}"`).all());
    expect(dump).not.toContain(TEST_API_KEY);
    store.close();
  });

  it('error mode: the model is told the kind, and its message becomes an environment error', async () => {
    const store = Store.open(':memory:');
    const resolver = new ChainResolver({ store, config: testConfig(), llm: testGateway(store, server.baseUrl) });
    const before = server.requests.length;
    const r = await resolver.resolve(call({ location: 'Oslo', days: 2 }), { rng: new Rng(1, 'a', 'b'), environmentError: 'rate_limit' });
    expect(r.error?.source).toBe('environment');
    expect(classifyEnvironmentMessage(r.content)?.kind).toBe('rate_limit');
    expect(server.requests[before].body.messages[1].content).toContain('the rate limit was exceeded (HTTP 429 Too Many Requests');
    // The same rng again: the gateway's cache answers. A retry with another rng purpose asks anew.
    await resolver.resolve(call({ location: 'Oslo', days: 2 }), { rng: new Rng(1, 'a', 'b'), environmentError: 'rate_limit' });
    expect(server.requests.length).toBe(before + 1);
    await resolver.resolve(call({ location: 'Oslo', days: 2 }), { rng: new Rng(1, 'a', 'attempt-2'), environmentError: 'rate_limit' });
    expect(server.requests.length).toBe(before + 2);
    expect(server.requests[before + 1].body.messages[1].content).toMatch(/Wording variant \d+/);
    store.close();
  });

  it('an invalid call is rejected by the rules and never reaches the model', async () => {
    const store = Store.open(':memory:');
    const resolver = new ChainResolver({ store, config: testConfig(), llm: testGateway(store, server.baseUrl) });
    const before = server.requests.length;
    const r = await resolver.resolve(call({ location: 'Oslo' }), { rng: new Rng(1, 'a', 'b') });
    expect(r.error).toEqual({ source: 'internal', message: "Missing required parameter 'days' for Weather.forecast_weather" });
    expect(server.requests.length).toBe(before);
    store.close();
  });

  it('the resolve stage on the LLM path: simulated steps and closing answers from the model, methods llm:<model>', async () => {
    const store = Store.open(':memory:');
    store.startRun('test', {}, 42, 'test');
    const trajectory: Trajectory = { id: 'teval_llm', source: 'teval', tools: [DOC], turns: [{ user: 'Weather in Oslo in 2 days?', steps: [{ action: { name: DOC.name, args: { location: 'Oslo', days: 2 } } }] }], final: '', meta: {} };
    const standardize: ItemStage = {
      kind: 'items', name: 'standardize', version: 'fixture', upstream: [], description: 'fixture', configSlice: () => null,
      enumerate: () => [{ id: trajectory.id, input: { trajectory, docNotes: [], coercions: [], typeMappings: [] }, parents: [] }],
      run: async (item) => ({ status: 'ok', content: item.input, method: 'fixture' }),
    };
    const collect: ItemStage = { ...standardize, name: 'collect', enumerate: () => [] };
    const config = testConfig();
    const llm = testGateway(store, server.baseUrl);
    const stages = new Map<StageName, Stage>([['collect', collect], ['standardize', standardize], ['resolve', resolveStage]]);
    await runPipeline({ store, config, llm, services: createServices(store, config, llm), stages, log: () => {} }, 'resolve');
    const [a] = store.readStage<ResolvedTrajectory>('resolve');
    expect(a.status).toBe('ok');
    expect(a.method).toBe('llm:gpt-4o-mini+rules:resolve-2');
    expect(a.content.trajectory.turns[0].steps[0].response).toMatchObject({ tier: 'simulated', origin: 'llm:gpt-4o-mini' });
    expect(a.content.trajectory.final).toBe('It will be clear over Oslo on 2024-05-02.');
    store.close();
  });
});
