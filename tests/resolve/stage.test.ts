/**
 * The resolve stage through the real runner and store: on a small slice of the vendored data
 * (collect → filter → standardize → resolve, --limit), and on fixtures for the cases the data
 * does not show (an erroring ground truth, a cache hit that standardize did not attach).
 */
import { foreignRecordedResponse } from '../../pipeline/quality/grounding.js';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../pipeline/config.js';
import { Store } from '../../pipeline/store/store.js';
import { OfflineGateway } from '../../pipeline/llm/offline.js';
import { createServices } from '../../pipeline/services.js';
import { runPipeline } from '../../pipeline/runner.js';
import { toolSteps } from '../../pipeline/steps.js';
import type { Stage, StageName } from '../../pipeline/stage.js';
import { ResolvedTrajectory, type StandardizedTrajectory, type ToolDoc, type Trajectory } from '../../pipeline/schemas.js';
import { collectStage } from '../../stages/collect/index.js';
import { filterStage } from '../../stages/filter/index.js';
import { standardizeStage } from '../../stages/standardize/index.js';
import { resolveStage, resolveSummary } from '../../stages/resolve/index.js';
import { answerWriterRole } from '../../stages/resolve/answerWriter.js';
import { formatTiers, tierRows } from '../../scripts/report/tiers.js';
import { fixtureStage } from '../support/fixtureStage.js';

async function run(store: Store, stages: Stage[], options: Record<string, unknown> = {}) {
  const config = parseConfig({ llm: { mode: 'offline' } });
  const llm = new OfflineGateway();
  const logs: string[] = [];
  store.startRun('test resolve', {}, config.seed, 'test');
  const reports = await runPipeline(
    { store, config, llm, services: createServices(store, config, llm), stages: new Map(stages.map((s) => [s.name, s] as [StageName, Stage])), options, log: (l) => logs.push(l) },
    'resolve',
    { concurrency: 3 },
  );
  return { reports, logs };
}

const REAL = [collectStage, filterStage, standardizeStage, resolveStage];

describe('resolve on the vendored data (first 4 records per source)', async () => {
  const store = Store.open(':memory:');
  const { reports } = await run(store, REAL, { limit: 4 });
  const all = store.readStage<ResolvedTrajectory>('resolve', ['ok', 'flagged', 'rejected', 'failed']);
  // resolve 22 turns down a trajectory whose arXiv search no recorded paper matches (arxiv_nothing_recorded): it has no content to check.
  const resolved = all.filter((a) => a.status !== 'rejected');
  const standardized = new Map(store.readStage<StandardizedTrajectory>('standardize', ['ok']).map((a) => [a.itemId, a.content.trajectory]));

  it('resolves every standardized trajectory, none failed', () => {
    const r = reports.find((x) => x.stage === 'resolve')!;
    expect(r.failed).toBe(0);
    expect(all.length).toBe(standardized.size);
    expect(resolved.length).toBeGreaterThanOrEqual(6);
    // A turned-down trajectory says why: only arXiv searches the recorded papers cannot answer are turned down here.
    for (const a of all.filter((x) => x.status === 'rejected')) expect(a.reason, a.itemId).toMatch(/^arxiv_(?:nothing_recorded|paper_unrecorded): /);
    expect(new Set(resolved.map((a) => a.content.trajectory.source))).toEqual(new Set(['bfcl', 'teval']));
  });

  it('fills a response for every ground-truth step, counts the tiers, writes every closing answer', () => {
    for (const a of resolved) {
      expect(a.status).toBe('ok');
      const out = ResolvedTrajectory.parse(a.content);
      const steps = toolSteps(out.trajectory);
      expect(steps.length).toBe(toolSteps(standardized.get(a.itemId)!).length);
      for (const { step } of steps) expect(step.response, `${a.itemId}`).toBeDefined();
      expect(Object.values(out.tiers).reduce((x, y) => x + y, 0)).toBe(steps.length);
      for (const turn of out.trajectory.turns) expect(turn.final?.length).toBeGreaterThan(0);
      expect(out.trajectory.final).toBe(out.trajectory.turns[out.trajectory.turns.length - 1].final);
      expect(a.method).toContain(`rules:${answerWriterRole.offline.version}`);
    }
  });

  it("BFCL: live answers, byte-identical to the responses BFCL recorded, state carried across turns", () => {
    const bfcl = resolved.filter((a) => a.content.trajectory.source === 'bfcl');
    expect(bfcl.some((a) => a.content.trajectory.turns.length > 1)).toBe(true);
    for (const a of bfcl) {
      const before = toolSteps(standardized.get(a.itemId)!);
      toolSteps(a.content.trajectory).forEach(({ step }, i) => {
        expect(step.response!.tier).toBe('live');
        // A lookup standardize put in (stages/standardize/lookups.ts) has no recorded answer: BFCL's backend gives it live.
        if (before[i].step.response) expect(step.response!.content).toBe(before[i].step.response!.content);
        else expect(['get_symbol_by_name', 'ls', 'find']).toContain(step.action.name.split('.')[1]);
      });
      expect(a.content.notes.at(-1)).toMatch(/^(\d+)\/\1 answers byte-identical/);
    }
  });

  it("T-Eval: the recorded response standardize kept, else the chain; another task's recording of a call with no arguments is simulated again", () => {
    for (const a of resolved.filter((x) => x.content.trajectory.source === 'teval')) {
      const before = toolSteps(standardized.get(a.itemId)!);
      toolSteps(a.content.trajectory).forEach(({ step }, i) => {
        const kept = before[i].step.response;
        if (kept && foreignRecordedResponse(kept.origin, String(a.content.trajectory.meta.recordId), step.action.args)) expect(step.response!.tier).toBe('simulated');
        else if (kept) expect(step.response).toEqual(kept);
        else expect(['cache', 'simulated']).toContain(step.response!.tier);
      });
    }
  });

  it('logs every tool call with the artifact and stage it served', () => {
    for (const a of resolved) {
      const calls = store.callsFor(a.key).filter((c) => c.kind === 'tool');
      const steps = toolSteps(a.content.trajectory);
      // A read asked again takes the answer of its first asking (sameReadBefore): no call of its own.
      const repeat = (i: number) => a.content.trajectory.source !== 'bfcl' && steps.slice(0, i).some(({ step: e }) => e.action.name === steps[i].step.action.name && JSON.stringify(e.action.args) === JSON.stringify(steps[i].step.action.args) && e.response!.content === steps[i].step.response!.content);
      const resolvedHere = steps.filter(({ step }, i) => (step.response!.tier !== 'cache' || !step.response!.origin?.startsWith('teval-review')) && !repeat(i)).length;
      expect(calls.length, a.itemId).toBe(resolvedHere);
      for (const c of calls) expect(c.stage).toBe('resolve');
    }
  });

  it('reuses everything on a rerun, and a fresh database gives byte-identical artifacts', async () => {
    const again = await run(store, REAL, { limit: 4 });
    const r = again.reports.find((x) => x.stage === 'resolve')!;
    expect(r.reused).toBe(r.total);
    const other = Store.open(':memory:');
    await run(other, REAL, { limit: 4 });
    const hashes = (s: Store) => s.readStage('resolve').map((a) => `${a.itemId} ${a.key} ${a.contentHash}`);
    expect(hashes(other)).toEqual(hashes(store));
    other.close();
  });

  it('pnpm report tiers counts per source and tier', () => {
    const rows = tierRows(store);
    const bfcl = rows.find((r) => r.source === 'bfcl')!;
    expect(bfcl.counts.live).toBe(bfcl.total);
    const steps = resolved.filter((a) => a.content.trajectory.source === 'bfcl').reduce((n, a) => n + toolSteps(a.content.trajectory).length, 0);
    expect(bfcl.total).toBe(steps);
    expect(formatTiers(store)).toMatch(/ground-truth steps \(resolve\)\s+bfcl\s+0\s+0\s+\d+\s+0/);
    expect(resolveSummary({ store })).toBe(
      `bfcl: live ${bfcl.total} | teval: ${Object.entries(rows.find((r) => r.source === 'teval')!.counts).filter(([, n]) => n > 0).map(([t, n]) => `${t} ${n}`).join(', ')}`,
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Fixtures: standardize and collect replaced by fixed outputs
// ---------------------------------------------------------------------------------------------


const WEATHER: ToolDoc = {
  name: 'Weather.forecast_weather',
  description: 'Weather forecast for the next N days.',
  required_parameters: [
    { name: 'location', type: 'string', description: 'the location' },
    { name: 'days', type: 'integer', description: 'days ahead' },
  ],
  optional_parameters: [],
  return_data: [{ name: 'results', description: 'list of forecasts, including date, overall and temperature' }],
};

const tevalTrajectory: Trajectory = {
  id: 'teval_fx',
  source: 'teval',
  tools: [WEATHER],
  turns: [{ user: 'What is the weather in Oslo in 2 days?', steps: [{ action: { name: WEATHER.name, args: { location: 'Oslo', days: 2 } } }] }],
  final: '',
  meta: {},
};

const MATH: ToolDoc = { name: 'MathAPI.add', description: 'Add.', required_parameters: [{ name: 'a', type: 'float', description: 'a' }, { name: 'b', type: 'float', description: 'b' }], optional_parameters: [], return_data: [] };
const bfclTrajectory = (args: Record<string, unknown>): Trajectory => ({
  id: 'bfcl_fx',
  source: 'bfcl',
  tools: [MATH],
  turns: [
    { user: 'Add 2 and 3.', steps: [{ action: { name: 'MathAPI.add', args } }] },
    { user: 'And the mean of 1, 2, 3?', steps: [{ action: { name: 'MathAPI.mean', args: { numbers: [1, 2, 3] } } }] },
  ],
  final: '',
  meta: { initialConfigJson: '{}', involvedClasses: ['MathAPI'] },
});

function fixtures(recordedResponse: string, bfclArgs: Record<string, unknown>): Stage[] {
  const record = { kind: 'recorded-response', id: 'teval-review_42', sourceFile: 'x', recordId: '42', tool: WEATHER.name, args: { days: 2.0, location: 'Oslo' }, response: recordedResponse, label: 'A', goal: 'g', thought: '' };
  const standardize = { ...fixtureStage('standardize', [tevalTrajectory, bfclTrajectory(bfclArgs)].map((t) => ({ id: t.id, content: { trajectory: t, docNotes: [], coercions: [], typeMappings: [] } }))), upstream: ['collect'] as StageName[] };
  return [fixtureStage('collect', [{ id: 'teval-review_42', content: record }]), standardize, resolveStage];
}

describe('resolve on fixtures', () => {
  it('answers a T-Eval step from the cache of recorded responses (canonical args), and redoes it when the record changes', async () => {
    const store = Store.open(':memory:');
    await run(store, fixtures("{'results': 'sunny'}", { a: 2, b: 3 }));
    const t = store.readStage<ResolvedTrajectory>('resolve').find((a) => a.itemId === 'teval_fx')!;
    expect(t.status).toBe('ok');
    expect(t.content.trajectory.turns[0].steps[0].response).toEqual({ content: "{'results': 'sunny'}", tier: 'cache', origin: 'teval-review:42' });
    expect(t.content.tiers).toEqual({ cache: 1 });
    expect(t.content.trajectory.final).not.toContain('`forecast_weather`');
    expect(t.content.trajectory.final).toContain('the results are sunny');
    // A changed recorded response is new work (it is part of the item's input), not a stale reuse.
    // The cache keeps its first answer for the key; a fresh store sees the new one.
    const again = Store.open(':memory:');
    await run(again, fixtures("{'results': 'rain'}", { a: 2, b: 3 }));
    const t2 = again.readStage<ResolvedTrajectory>('resolve').find((a) => a.itemId === 'teval_fx')!;
    expect(t2.key).not.toBe(t.key);
    expect(t2.content.trajectory.turns[0].steps[0].response!.content).toBe("{'results': 'rain'}");
    store.close();
    again.close();
  });

  it('carries BFCL state across turns and flags a ground truth that the backend answers with an error', async () => {
    const store = Store.open(':memory:');
    await run(store, fixtures("{'results': 'sunny'}", { a: 2, b: 3 }));
    const ok = store.readStage<ResolvedTrajectory>('resolve').find((a) => a.itemId === 'bfcl_fx')!;
    expect(ok.status).toBe('ok');
    // a and b are documented floats: 2 + 3 runs as 2.0 + 3.0, as BFCL's Python would print it.
    expect(ok.content.trajectory.turns.map((t) => t.steps[0].response!.content)).toEqual(['{"result": 5.0}', '{"result": 2.0}']);
    expect(ok.content.trajectory.turns[1].final).toMatch(/The mean (?:is|comes to) 2\b/);
    store.close();

    const bad = Store.open(':memory:');
    await run(bad, fixtures("{'results': 'sunny'}", { a: 2, c: 3 }));
    const flagged = bad.readStage<ResolvedTrajectory>('resolve', ['flagged'])[0];
    expect(flagged.itemId).toBe('bfcl_fx');
    expect(flagged.reason).toBe(
      "errored_ground_truth: 1 ground-truth step answered with an error: step 1 MathAPI.add: internal error from the live tier: MathAPI.add() got an unexpected keyword argument 'c'",
    );
    expect(flagged.content.trajectory.turns[0].steps[0].response!.error?.source).toBe('internal');
    bad.close();
  });
});
