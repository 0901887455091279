/**
 * The must-show test of observe: the REAL observe stage, run by the real runner, asks a model
 * under test — a local OpenAI-compatible server reached over HTTP through the real `openai` client —
 * for every tool step of real BFCL and T-Eval trajectories (vendored data through collect → filter →
 * standardize → resolve). The model is scripted to make known mistakes; each must be classified as
 * the right type and carry the backend's real answer to the wrong call — from the real resolution
 * chain (pipeline/resolution, BFCL live tier) and the real resolve stage.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseConfig, type Config } from '../../pipeline/config.js';
import { Store } from '../../pipeline/store/store.js';
import { OfflineGateway } from '../../pipeline/llm/offline.js';
import { createServices, type Services } from '../../pipeline/services.js';
import { runPipeline, runStage, type StageReport } from '../../pipeline/runner.js';
import type { Observation, TestCase, Trajectory } from '../../pipeline/schemas.js';
import { parseToolResponse } from '../../pipeline/prompts/parseAction.js';
import { registry } from '../../stages/index.js';
import { observeStage } from '../../stages/observe/index.js';
import { diversifyInternalStage } from '../../stages/diversify-internal/index.js';
import { observedCandidates } from '../../stages/assemble/observed.js';
import { observeReport, formatObserveReport } from '../../scripts/report/observe.js';
import { exportSft } from '../../output/sft/export.js';
import { scriptedModel } from './fixtures/mistakes.js';
import { startOpenAiServer, type OpenAiTestServer } from '../support/openaiServer.js';
import { testConfig, testGateway, TEST_API_KEY } from '../support/llmGateway.js';

const TARGET = 'bfcl_multi_turn_base_0';
// query_0_2, not query_0_1: resolve 22 turns query_0_1 down (its step 5 searches arXiv for "solar energy", which no recorded paper matches).
const TEVAL_TARGET = 'teval_query_0_2';
const MODEL = 'mistake-model';

/**
 * multi_turn_base_0's first turn: cd(document), mkdir(temp), mv(final_report.pdf → temp), then
 * turn 2 cd(temp), grep(...), turn 3 sort(final_report.pdf). One planned reply per kind of mistake.
 */
const PLAN: Record<number, string> = {
  // a wrong value: the folder is "document"
  1: '{"name": "GorillaFileSystem.cd", "args": {"folder": "documents"}}',
  // a missing required key: mkdir without dir_name
  2: '```json\n{"name": "GorillaFileSystem.mkdir", "args": {}}\n```',
  // a tool that does not exist
  3: "{'name': 'GorillaFileSystem.move', 'args': {'source': 'final_report.pdf', 'destination': 'temp'}}",
  // a wrong but existing tool: ls where the ground truth changes into temp
  4: '{"name": "GorillaFileSystem.ls", "args": {}}',
  // 5 is answered correctly (the ground truth)
  // an unparsable reply
  6: 'I think the next thing to do is to sort the report by line.',
};

/**
 * T-Eval's query_0_2: search_property_by_place(place=San Francisco), then get_property_checkout_price(checkIn, checkOut, propertyId).
 * Its APIs are answered by the simulator, whose rules reject an invalid call before any model is asked.
 */
const TEVAL_PLAN: Record<number, string> = {
  1: '{"name": "AirbnbSearch.search_by_city", "args": {"place": "San Francisco"}}',
  2: '{"name": "AirbnbSearch.get_property_checkout_price", "args": {"checkIn": "2023-12-01", "checkOut": "2023-12-05"}}',
};

describe('observe against an OpenAI-compatible model server, on real BFCL and T-Eval trajectories', () => {
  let store: Store;
  let server: OpenAiTestServer;
  let trajectories: Trajectory[];
  let report: StageReport;
  let observations: Map<string, { status: string; method: string; content: Observation }>;
  let config: Config;
  let services: Services;
  const dir = mkdtempSync(join(tmpdir(), 'forge-observe-'));

  beforeAll(async () => {
    store = Store.open(join(dir, 'db.sqlite'));
    store.startRun('test observe', {}, 42, 'test');
    // Upstream on the offline default: the vendored BFCL data, first 3 records.
    const offlineConfig = parseConfig({ llm: { mode: 'offline' }, sources: { bfcl: true, teval: true } });
    const offline = new OfflineGateway();
    const stages = registry();
    await runPipeline({ store, config: offlineConfig, llm: offline, services: createServices(store, offlineConfig, offline), stages, log: () => {}, options: { limit: 3 } }, 'resolve');
    trajectories = store.readStage<{ trajectory: Trajectory }>('resolve', ['ok']).map((a) => a.content.trajectory);

    const model = scriptedModel(trajectories, { [TARGET]: PLAN, [TEVAL_TARGET]: TEVAL_PLAN });
    server = await startOpenAiServer((req) => ({ content: model(req.messages) }));
    const overrides = { llm: { models: { 'observed-model': MODEL } }, sources: { bfcl: true, teval: true }, observe: { trajectories: 0, stepsPerTrajectory: 0, cot: false } };
    config = testConfig(overrides);
    const llm = testGateway(store, server.baseUrl, overrides);
    services = createServices(store, config, llm);
    report = await runStage({ store, config, llm, services, stages, log: () => {} }, observeStage, { concurrency: 3 });
    observations = new Map(store.readStage<Observation>('observe', ['ok', 'flagged', 'failed']).map((a) => [a.itemId, { status: a.status, method: a.method, content: a.content }]));
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    store?.close();
  });

  const at = (k: number, trajectoryId = TARGET) => {
    const o = observations.get(`${trajectoryId}-k${k}`);
    if (!o) throw new Error(`no observation for ${trajectoryId} k=${k}; have ${[...observations.keys()].join(', ')}`);
    return o;
  };

  it('asks the model for every tool step of every trajectory over HTTP, as the benchmark prompts it', () => {
    expect(trajectories.map((t) => t.id)).toEqual(expect.arrayContaining([TARGET, TEVAL_TARGET]));
    const steps = trajectories.reduce((n, t) => n + t.turns.reduce((m, turn) => m + turn.steps.length, 0), 0);
    expect(report).toMatchObject({ stage: 'observe', total: steps, processed: steps, failed: 0, flagged: 0 });
    expect(server.requests).toHaveLength(steps);
    for (const { body: req } of server.requests) {
      expect(req.model).toBe(MODEL);
      // Text mode: no response format, the reply is data whatever it looks like.
      expect(req.response_format).toBeUndefined();
      expect(req.messages[0].role).toBe('system');
      expect(req.messages[0].content).toContain('Remember: only generate ONE step each time.');
      expect(req.messages.map((m) => m.role).every((r) => ['system', 'user', 'assistant'].includes(r))).toBe(true);
    }
    for (const o of observations.values()) {
      expect(o.status).toBe('ok');
      expect(o.method).toBe(`llm:${MODEL}`);
      expect(o.content.model).toBe(MODEL);
    }
    // Each question is logged against its observation as an LLM call of the observed-model role.
    for (const a of store.readStage('observe', ['ok'])) {
      const llmCalls = store.callsFor(a.key).filter((c) => c.kind === 'llm');
      expect(llmCalls.map((c) => [c.role, c.model]), a.itemId).toEqual([['observed-model', MODEL]]);
    }
  });

  it('a rerun reuses every observation and asks the model nothing again; the API key is nowhere in the database', async () => {
    const asked = server.requests.length;
    const again = await runStage({ store, config, llm: testGateway(store, server.baseUrl, { llm: { models: { 'observed-model': MODEL } }, sources: { bfcl: true, teval: true }, observe: config.observe }), services, stages: registry(), log: () => {} }, observeStage);
    expect(again).toMatchObject({ total: report.total, reused: report.total, processed: 0 });
    expect(server.requests).toHaveLength(asked);
    // The key went out in the Authorization header, and never into the store (database and WAL).
    expect(server.requests[0].headers.authorization).toBe(`Bearer ${TEST_API_KEY}`);
    const files = readdirSync(dir).filter((f) => f.startsWith('db.sqlite'));
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) expect(readFileSync(join(dir, f)).includes(TEST_API_KEY), f).toBe(false);
  });

  it('classifies a wrong value and keeps the file system’s real error', () => {
    const o = at(1).content;
    expect(o.label).toBe('parameters_value_error');
    expect(o.action).toEqual({ name: 'GorillaFileSystem.cd', args: { folder: 'documents' } });
    expect(o.raw).toBe(PLAN[1]);
    expect(o.response).toMatchObject({ tier: 'live', content: '{"error": "cd: \'documents\': No such file or directory"}', error: { source: 'internal' } });
    // The resolution chain logged the call against the observation (the audit trail of `pnpm inspect`).
    const key = store.readStage('observe', ['ok']).find((a) => a.itemId === `${TARGET}-k1`)!.key;
    const toolCalls = store.callsFor(key).filter((c) => c.kind === 'tool');
    expect(toolCalls).toHaveLength(1);
    expect(toolCalls[0]).toMatchObject({ stage: 'observe', tier: 'live', status: 'error:internal' });
    expect(JSON.parse(String(toolCalls[0].request))).toMatchObject({ name: 'GorillaFileSystem.cd', args: { folder: 'documents' }, historyLength: 0 });
  });

  it('classifies a missing required key, read from a fenced reply, with the backend’s TypeError', () => {
    const o = at(2).content;
    expect(o.label).toBe('parameters_key_error');
    expect(o.reasons).toContain('required key dir_name missing');
    expect(o.response?.content).toBe("Error during execution: GorillaFileSystem.mkdir() missing 1 required positional argument: 'dir_name'");
  });

  it('classifies a non-existent tool, read from Python-literal syntax, with the executor’s NameError', () => {
    const o = at(3).content;
    expect(o.label).toBe('tool_hallucination_error');
    expect(o.reasons[0]).toBe('GorillaFileSystem.move is not in the tool list');
    expect(o.response?.content).toBe("Error during execution: name 'move' is not defined");
  });

  it('classifies a wrong but existing tool, whose real answer shows the replayed state (temp made, the report moved)', () => {
    const o = at(4).content;
    expect(o.label).toBe('tool_select_error');
    expect(o.reasons).toEqual(['calls GorillaFileSystem.ls, a listed tool, where the ground truth calls GorillaFileSystem.cd']);
    expect(o.response).toMatchObject({ tier: 'live', content: '{"current_directory_content": ["previous_report.pdf", "temp"]}' });
    expect(o.response?.error).toBeUndefined();
  });

  it('classifies the correct call as correct, with no response to resolve', () => {
    const o = at(5).content;
    expect(o.label).toBe('correct');
    expect(o.action?.name).toBe('GorillaFileSystem.grep');
    expect(o.response).toBeUndefined();
  });

  it('keeps an unparsable reply as a format error with the raw text', () => {
    const o = at(6).content;
    expect(o).toMatchObject({ label: 'format_error', raw: PLAN[6], reasons: ['no JSON object in the reply'] });
    expect(o.action).toBeUndefined();
    expect(o.response).toBeUndefined();
  });

  it('on T-Eval, classifies an invented API and a missing key, with the simulator rules’ explicit rejections', () => {
    const invented = at(1, TEVAL_TARGET).content;
    expect(invented).toMatchObject({ source: 'teval', label: 'tool_hallucination_error', action: { name: 'AirbnbSearch.search_by_city' } });
    expect(invented.response).toMatchObject({ tier: 'simulated', error: { source: 'internal' } });
    expect((parseToolResponse(invented.response!.content) as { error: string }).error).toMatch(/^API AirbnbSearch\.search_by_city does not exist: AirbnbSearch has no API named "search_by_city"$/);
    const missing = at(2, TEVAL_TARGET).content;
    expect(missing).toMatchObject({ source: 'teval', label: 'parameters_key_error', reasons: ['required key propertyId missing'] });
    expect(missing.response!.content).toContain("Missing required parameter 'propertyId' for AirbnbSearch.get_property_checkout_price");
  });

  it('every unplanned step is correct', () => {
    for (const [id, o] of observations) {
      const k = Number(/-k(\d+)$/.exec(id)![1]);
      if (id.startsWith(`${TARGET}-k`) && PLAN[k] !== undefined) continue;
      if (id.startsWith(`${TEVAL_TARGET}-k`) && TEVAL_PLAN[k] !== undefined) continue;
      expect(o.content.label, id).toBe('correct');
    }
  });

  it('shows in pnpm report observe as model × source rows of the Table 3 shape', () => {
    const r = observeReport(store);
    const steps = (source: string) => [...observations.values()].filter((o) => o.content.source === source).length;
    expect(r.rows).toEqual([
      { model: MODEL, source: 'bfcl', steps: steps('bfcl'), errors: 4, formatErrors: 1, correct: steps('bfcl') - 5, byType: { tool_select_error: 1, tool_hallucination_error: 1, parameters_key_error: 1, parameters_value_error: 1 } },
      { model: MODEL, source: 'teval', steps: steps('teval'), errors: 2, formatErrors: 0, correct: steps('teval') - 2, byType: { tool_select_error: 0, tool_hallucination_error: 1, parameters_key_error: 1, parameters_value_error: 0 } },
    ]);
    const text = formatObserveReport(r);
    expect(text).toMatch(/mistake-model\s+bfcl\s+1 \(25\.0%\)\s+1 \(25\.0%\)\s+1 \(25\.0%\)\s+1 \(25\.0%\)/);
    expect(text).toMatch(/mistake-model\s+teval\s+0 \(0\.0%\)\s+1 \(50\.0%\)\s+1 \(50\.0%\)\s+0 \(0\.0%\)/);
    expect(text).toMatch(/mistake-model\s+all\s+1 \(16\.7%\)\s+2 \(33\.3%\)\s+2 \(33\.3%\)\s+1 \(16\.7%\)\s+6 /);
  });

  it('feeds the error simulator’s few-shot pool (observed first) for the other trajectories', async () => {
    const offline = new OfflineGateway();
    const offlineConfig = parseConfig({ llm: { mode: 'offline' }, sources: { bfcl: true, teval: true } });
    await runStage({ store, config: offlineConfig, llm: offline, services: createServices(store, offlineConfig, offline), stages: registry(), log: () => {} }, diversifyInternalStage);
    const candidates = store.readStage<{ trajectoryId: string; errorType: string; fewShotPool: string; fewShot: string[] }>('diversify-internal', ['ok', 'flagged']);
    const others = candidates.filter((c) => c.content.trajectoryId !== TARGET && c.content.trajectoryId !== TEVAL_TARGET);
    expect(others.length).toBeGreaterThan(0);
    for (const c of others) {
      expect(c.content.fewShotPool, `${c.itemId}`).toBe('observed');
      expect(c.content.fewShot.length).toBeGreaterThan(0);
    }
    // Selection and value errors were observed once, on the BFCL target: that is the example.
    const select = others.find((c) => c.content.errorType === 'tool_select_error')!;
    expect(select.content.fewShot[0]).toBe(`observed:${TARGET}-k4-${MODEL}`);
    // Examples never come from the item's own trajectory: each target only sees the other's errors,
    // and falls back where the other made none.
    const own = (c: (typeof candidates)[number]) => c.content.fewShot.filter((id) => id.startsWith(`observed:${c.content.trajectoryId}-`));
    for (const c of candidates) expect(own(c), c.itemId).toEqual([]);
    const pool = (t: string, type: string) => candidates.find((c) => c.content.trajectoryId === t && c.content.errorType === type)?.content.fewShotPool;
    expect(pool(TARGET, 'tool_hallucination_error')).toBe('observed');
    expect(pool(TARGET, 'tool_select_error')).not.toBe('observed');
    // The T-Eval target's internal errors no longer stop at its second Arxiv search for "solar energy"
    // (it repeats one the case would show answered: repeatsAnsweredCall). At its reviews step the only
    // confusable tool, the details lookup of the same toolkit, is a fair reading of "review no more than
    // three of these properties" (error-injectors@53, benignSelect.ts fairReading), so it gets no tool
    // selection error at all rather than one that marks a right reading wrong.
    const tevalSelect = store.readStage('diversify-internal').find((a) => a.itemId === `${TEVAL_TARGET}-tool_select_error`)!;
    expect(tevalSelect.status).toBe('rejected');
    expect(tevalSelect.content).toBeNull();
  });

  it('becomes base-benchmark candidates (origin observed) and SFT samples carrying the real responses', () => {
    const { candidates } = observedCandidates(store.readStage('observe', ['ok']));
    expect(candidates.map((c) => `${c.id} ${c.candidate.errorType} ${c.candidate.method}`)).toEqual([
      `observed:${TARGET}-k1 parameters_value_error llm:${MODEL}`,
      `observed:${TARGET}-k2 parameters_key_error llm:${MODEL}`,
      `observed:${TARGET}-k3 tool_hallucination_error llm:${MODEL}`,
      `observed:${TARGET}-k4 tool_select_error llm:${MODEL}`,
      `observed:${TEVAL_TARGET}-k1 tool_hallucination_error llm:${MODEL}`,
      `observed:${TEVAL_TARGET}-k2 parameters_key_error llm:${MODEL}`,
    ]);
    expect(candidates[2].candidate.response?.content).toBe("Error during execution: name 'move' is not defined");
    const result = exportSft(store, join(dir, 'sft'), { seed: 42, validationShare: 0 });
    expect(result.counts.observed).toBe(6);
  });

  it('enters the base benchmark through assemble as internal cases whose provenance says observed', async () => {
    const assemble = registry().get('assemble')!;
    const offline = new OfflineGateway();
    const offlineConfig = parseConfig({ llm: { mode: 'offline' }, sources: { bfcl: true, teval: true } });
    const env = { store, config: offlineConfig, llm: offline, services: createServices(store, offlineConfig, offline), stages: registry(), log: () => {} };
    await runStage(env, registry().get('diversify-external')!);
    const result = await runStage(env, assemble);
    expect(result.failed).toBe(0);
    const cases = store.readStage<TestCase>('assemble', ['ok']).map((a) => a.content);
    const observedCases = cases.filter((c) => c.provenance.origin?.startsWith('observed'));
    // Six observed errors, each a plain case and a CoT twin.
    expect(observedCases.map((c) => `${c.id} ${c.errorType}`).sort()).toEqual([
      `${TARGET}-parameters_key_error-k2-observed-${MODEL} ${'parameters_key_error'}`,
      `${TARGET}-parameters_key_error-k2-observed-${MODEL}-cot ${'parameters_key_error'}`,
      `${TARGET}-parameters_value_error-k1-observed-${MODEL} ${'parameters_value_error'}`,
      `${TARGET}-parameters_value_error-k1-observed-${MODEL}-cot ${'parameters_value_error'}`,
      `${TARGET}-tool_hallucination_error-k3-observed-${MODEL} ${'tool_hallucination_error'}`,
      `${TARGET}-tool_hallucination_error-k3-observed-${MODEL}-cot ${'tool_hallucination_error'}`,
      `${TARGET}-tool_select_error-k4-observed-${MODEL} ${'tool_select_error'}`,
      `${TARGET}-tool_select_error-k4-observed-${MODEL}-cot ${'tool_select_error'}`,
      `${TEVAL_TARGET}-parameters_key_error-k2-observed-${MODEL} parameters_key_error`,
      `${TEVAL_TARGET}-parameters_key_error-k2-observed-${MODEL}-cot parameters_key_error`,
      `${TEVAL_TARGET}-tool_hallucination_error-k1-observed-${MODEL} tool_hallucination_error`,
      `${TEVAL_TARGET}-tool_hallucination_error-k1-observed-${MODEL}-cot tool_hallucination_error`,
    ]);
    for (const c of observedCases) {
      expect(c.provenance.origin).toBe(`observed (${MODEL})`);
      expect(c.provenance.methods.error).toBe(`llm:${MODEL}`);
      expect(c.provenance.parents).toContain(store.readStage('observe', ['ok']).find((a) => a.itemId === `${c.trajectoryId}-k${c.k}`)!.key);
    }
    // The case shows the model's wrong call followed by the backend's real answer to it.
    const hallucination = observedCases.find((c) => c.id === `${TARGET}-tool_hallucination_error-k3-observed-${MODEL}`)!;
    const [wrong, feedback] = hallucination.messages.slice(-2);
    expect(wrong.role).toBe('assistant');
    expect(JSON.parse(wrong.content)).toEqual({ name: 'GorillaFileSystem.move', args: { source: 'final_report.pdf', destination: 'temp' } });
    expect(feedback).toEqual({ role: 'function', content: "Error during execution: name 'move' is not defined" });
    expect(hallucination.groundTruth).toMatchObject({ name: 'GorillaFileSystem.mv', args: { source: 'final_report.pdf', destination: 'temp' } });
  });
});
