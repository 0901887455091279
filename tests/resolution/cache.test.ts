/**
 * The cache tier on a real SQLite store: seeded from T-Eval's recorded successful responses
 * (collect artifacts, label A), keyed by canonical arguments, first writer wins, every entry
 * with its origin; hits logged as tool calls with their artifact and stage.
 */
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../pipeline/config.js';
import { Store } from '../../pipeline/store/store.js';
import { OfflineGateway } from '../../pipeline/llm/offline.js';
import { Rng } from '../../pipeline/rng.js';
import type { ToolDoc } from '../../pipeline/schemas.js';
import { ChainResolver, SIMULATOR_RULES_VERSION } from '../../pipeline/resolution/index.js';

const DOC: ToolDoc = {
  name: 'Weather.forecast_weather',
  description: 'Forecast.',
  required_parameters: [
    { name: 'location', type: 'string', description: 'the location' },
    { name: 'days', type: 'integer', description: 'days ahead' },
  ],
  optional_parameters: [],
  return_data: [{ name: 'results', description: 'list of forecasts, including date, overall and temperature' }],
};

function storeWithRecords(records: { id: string; label: string; args: unknown; response: string; tool?: string }[]): Store {
  const store = Store.open(':memory:');
  const items = records.map((r) => {
    const key = `collect-${r.id}`;
    store.putArtifact({
      key,
      stage: 'collect',
      stageVersion: '1',
      itemId: `teval-review_${r.id}`,
      content: { kind: 'recorded-response', id: `teval-review_${r.id}`, sourceFile: 'teval/data/review_str_v1.json', recordId: r.id, tool: r.tool ?? DOC.name, args: r.args, response: r.response, label: r.label, goal: 'g', thought: '' },
      parents: [],
      status: 'ok',
      method: 'rules:collect',
    });
    return { itemId: `teval-review_${r.id}`, key };
  });
  store.setStageItems('collect', items);
  return store;
}

const call = (args: unknown) => ({ source: 'teval' as const, trajectoryId: 't', tools: [DOC], name: DOC.name, args: args as Record<string, unknown>, history: [], meta: {} });
const opts = { rng: new Rng(1, 'i', 'p'), artifactKey: 'resolve-art', stage: 'resolve' };

describe('cache tier', () => {
  it("answers from T-Eval's label-A recorded responses, whatever the key order or number form", async () => {
    const store = storeWithRecords([
      { id: '7', label: 'B', args: { location: 'Oslo', days: 2 }, response: 'HTTP 429 Too Many Requests' },
      { id: '8', label: 'A', args: { days: 2, location: 'Oslo' }, response: "{'results': [{'date': '2023-10-20', 'overall': 'Sunny'}]}" },
      { id: '9', label: 'A', args: { location: 'Oslo', days: 2 }, response: "{'results': 'a later record of the same call'}" },
    ]);
    const resolver = new ChainResolver({ store, config: parseConfig({ llm: { mode: 'offline' } }), llm: new OfflineGateway() });
    const hit = await resolver.resolve(call(JSON.parse('{"location": "Oslo", "days": 2.0}')), opts);
    expect(hit).toEqual({ content: "{'results': [{'date': '2023-10-20', 'overall': 'Sunny'}]}", tier: 'cache', origin: 'teval-review:8' });
    // The first recorded answer of a key is the one kept; the label-B failure never entered.
    const rows = store.db.prepare('SELECT origin, context FROM tool_cache ORDER BY origin').all();
    expect(rows).toEqual([{ origin: 'teval-review:8', context: '' }]);
    const logged = store.db.prepare("SELECT tier, cached, stage, artifact_key, status FROM calls WHERE kind = 'tool'").all();
    expect(logged).toEqual([{ tier: 'cache', cached: 1, stage: 'resolve', artifact_key: 'resolve-art', status: 'ok' }]);
    store.close();
  });

  it('misses on a different type ("2" is not 2) and the simulator answers; simulated answers are not cached', async () => {
    const store = storeWithRecords([{ id: '8', label: 'A', args: { location: 'Oslo', days: 2 }, response: "{'results': []}" }]);
    const resolver = new ChainResolver({ store, config: parseConfig({ llm: { mode: 'offline' } }), llm: new OfflineGateway() });
    const typed = await resolver.resolve(call({ location: 'Oslo', days: '2' }), opts);
    expect(typed.tier).toBe('simulated');
    expect(typed.error?.source).toBe('internal');
    const other = await resolver.resolve(call({ location: 'Bergen', days: 2 }), opts);
    expect(other.tier).toBe('simulated');
    expect(other.error).toBeUndefined();
    expect((store.db.prepare('SELECT count(*) AS n FROM tool_cache').get() as { n: number }).n).toBe(1);
    store.close();
  });

  it('never answers a call the tool docs rule out, even when a lenient real API once did', async () => {
    // T-Eval recorded Email.show answering {} although its doc requires only_unread: a call
    // missing a required key must still read as a parameters_key_error.
    const store = storeWithRecords([{ id: '8', label: 'A', args: { location: 'Oslo' }, response: "{'results': 'answered anyway'}" }]);
    const resolver = new ChainResolver({ store, config: parseConfig({ llm: { mode: 'offline' } }), llm: new OfflineGateway() });
    const r = await resolver.resolve(call({ location: 'Oslo' }), opts);
    expect(r).toEqual({
      // Written as this API's recorded answer is, a Python literal (answerForm.ts).
      content: `{'error': "Missing required parameter 'days' for Weather.forecast_weather"}`,
      tier: 'simulated',
      error: { source: 'internal', message: "Missing required parameter 'days' for Weather.forecast_weather" },
      origin: SIMULATOR_RULES_VERSION,
    });
    store.close();
  });

  it('refuses an invented API in the form its toolkit answers in (a Python literal beside recorded Python literals), JSON where the toolkit has no recording', async () => {
    const store = storeWithRecords([{ id: '8', label: 'A', args: { location: 'Oslo', days: 2 }, response: "{'results': []}" }]);
    const resolver = new ChainResolver({ store, config: parseConfig({ llm: { mode: 'offline' } }), llm: new OfflineGateway() });
    const invented = await resolver.resolve({ ...call({ location: 'Oslo' }), name: 'Weather.get_forecast' }, opts);
    expect(invented.content).toBe(`{'error': 'API Weather.get_forecast does not exist: Weather has no API named "get_forecast"'}`);
    expect(invented.error?.source).toBe('internal');
    // After an earlier call of the toolkit that no recording of its own answers: that call answered in its toolkit's recorded form, and so does the refusal.
    const afterSibling = await resolver.resolve({ ...call({ location: 'Oslo' }), name: 'Weather.get_forecast', history: [{ name: 'Weather.get_humidity', args: { location: 'Oslo' } }] }, opts);
    expect(afterSibling.content).toBe(`{'error': 'API Weather.get_forecast does not exist: Weather has no API named "get_forecast"'}`);
    const elsewhere = await resolver.resolve({ ...call({ location: 'Oslo' }), name: 'Maps.get_forecast' }, opts);
    expect(elsewhere.content).toBe('{"error":"API Maps.get_forecast does not exist: no tool named \\"Maps\\" is available"}');
    store.close();
  });

  it("refuses an API whose own recordings are plain text, and an invented one beside it, in its toolkit's recorded form (wrong_call_form_unlike_toolkit: teval_query_78_1, 114_2)", async () => {
    // Scholar's citations are recorded as bare text and its searches as Python literals; Weather's forecast as a failure text.
    const CITE: ToolDoc = { name: 'GoogleScholar.get_citation_format', description: 'Cite.', required_parameters: [{ name: 'q', type: 'string', description: 'the result id' }], optional_parameters: [], return_data: [{ name: 'citation', description: 'the citation' }] };
    const SEARCH: ToolDoc = { name: 'GoogleScholar.search_google_scholar', description: 'Search.', required_parameters: [{ name: 'query', type: 'string', description: 'the query' }], optional_parameters: [], return_data: [{ name: 'title', description: 'titles' }] };
    const store = storeWithRecords([
      { id: '1', label: 'A', args: { q: 'abc' }, response: 'Zhou, Zhi-Hua. Machine learning. Springer Nature, 2021.', tool: CITE.name },
      { id: '2', label: 'A', args: { query: 'machine learning' }, response: "{'title': ['Machine learning'], 'cited_by': [1805]}", tool: SEARCH.name },
      { id: '3', label: 'A', args: { location: 'Oslo', days: 2 }, response: 'Expecting value: line 1 column 1 (char 0)' },
      { id: '4', label: 'A', args: { location: 'Oslo' }, response: "{'overall': 'Sunny', 'temperature': 11}", tool: 'Weather.get_weather_today' },
    ]);
    const resolver = new ChainResolver({ store, config: parseConfig({ llm: { mode: 'offline' } }), llm: new OfflineGateway() });
    const keyError = await resolver.resolve({ ...call({ title: 'Machine learning' }), tools: [SEARCH, CITE], name: CITE.name }, opts);
    expect(keyError.error?.source).toBe('internal');
    expect(keyError.content).toMatch(/^\{'error': /);
    // No earlier Weather call, and the forecast's only recording is a failure text: Weather's other recordings decide.
    const invented = await resolver.resolve({ ...call({ location: 'Oslo', days: 2 }), name: 'Weather.forecast_forecast' }, opts);
    expect(invented.content).toBe(`{'error': 'API Weather.forecast_forecast does not exist: Weather has no API named "forecast_forecast"'}`);
    store.close();
  });

  it("writes a simulated answer of an API with no recording of its own in its toolkit's recorded form (FilmTMDB.get_similar_movies as its siblings' Python literals)", async () => {
    const store = storeWithRecords([{ id: '8', label: 'A', args: { location: 'Oslo', days: 2 }, response: "{'results': [{'date': '2023-10-20', 'overall': 'Sunny'}]}" }]);
    const resolver = new ChainResolver({ store, config: parseConfig({ llm: { mode: 'offline' } }), llm: new OfflineGateway() });
    const humidity: ToolDoc = { name: 'Weather.get_humidity', description: 'Humidity now.', required_parameters: [{ name: 'location', type: 'string', description: 'the location' }], optional_parameters: [], return_data: [{ name: 'humidity', description: 'relative humidity in percent' }, { name: 'place', description: 'the place' }] };
    const sibling = await resolver.resolve({ ...call({ location: 'Bergen' }), tools: [DOC, humidity], name: humidity.name }, opts);
    expect(sibling.tier).toBe('simulated');
    expect(sibling.content.trim()).toMatch(/^\{'/);
    expect(sibling.content).not.toMatch(/"/);
    // A toolkit with no recording at all keeps the simulator's JSON.
    const bare = await resolver.resolve({ ...call({ location: 'Bergen' }), tools: [{ ...humidity, name: 'Climate.get_humidity' }], name: 'Climate.get_humidity' }, opts);
    expect(bare.content.trim()).toMatch(/^\{"/);
    store.close();
  });

  it('offers cached answers of the same API as simulator examples, stateless first, never errors, never the call itself', () => {
    const store = storeWithRecords([
      { id: '1', label: 'A', args: { location: 'Oslo', days: 1 }, response: '{"results": "oslo"}' },
      { id: '2', label: 'A', args: { location: 'Rome', days: 1 }, response: '{"results": "rome"}' },
      { id: '3', label: 'A', args: { q: 1 }, response: '{"x": 1}', tool: 'Other.api' },
    ]);
    const resolver = new ChainResolver({ store, config: parseConfig({}), llm: new OfflineGateway() });
    resolver.seed();
    resolver.cache.put(DOC.name, { location: 'Nowhere', days: 1 }, '', { content: '{"error": "x"}', error: { source: 'internal', message: 'x' } }, 'http:http://127.0.0.1/x');
    resolver.cache.put(DOC.name, { location: 'Paris', days: 1 }, 'some-state', { content: '{"results": "paris"}' }, 'bfcl-backend:X');
    const ex = resolver.cache.examples(DOC.name, 5, { location: 'Rome', days: 1 });
    expect(ex.map((e) => e.response).sort()).toEqual(['{"results": "oslo"}', '{"results": "paris"}']);
    expect(ex[ex.length - 1].origin).toBe('bfcl-backend:X');
    expect(resolver.cache.examples(DOC.name, 1)).toHaveLength(1);
    expect(resolver.cache.countsByOrigin()).toEqual({ 'bfcl-backend': 1, http: 1, 'teval-review': 3 });
    store.close();
  });
});
