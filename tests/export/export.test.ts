import { describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runPipeline } from '../../pipeline/runner.js';
import { OfflineGateway } from '../../pipeline/llm/offline.js';
import type { Stage, StageName } from '../../pipeline/stage.js';
import type { TestCase } from '../../pipeline/schemas.js';
import { registry } from '../../stages/index.js';
import { EXPORT_FILES, writeExport } from '../../output/critictool/export.js';
import { evaluatorFile, sortByIdHash } from '../../output/critictool/format.js';
import { bfclTrajectories, tevalRecordedResponses, tevalTrajectories } from '../diversify/fixtures/vendored.js';
import { TestResolver } from '../diversify/fixtures/testResolver.js';
import { fixtureStage, runAssembleChain } from '../assemble/fixtures/harness.js';
import { verifiedFixtureStages } from '../support/fixtureStage.js';

// Enough trajectories that every target is met: the seven used before gave only 17 of the 20 internal cases once this
// stop's gates (grounded ids and airport codes, same-kind wrong values) turned more candidates down.
const REAL = [...bfclTrajectories([0, 12, 75, 150, 33]), ...tevalTrajectories(['query_0_1', 'query_13_0', 'query_107_2', 'query_20_1'])];
const RECORDS = [...tevalRecordedResponses(['B']), ...tevalRecordedResponses(['C'])];
const SIZES = { internal: 20, external: 5, cotInternal: 10, cotExternal: 3, errorFreeShare: 0.2 };
const tmp = (p: string) => mkdtempSync(join(tmpdir(), `forge-export-${p}-`));

async function exportTo(out: string, config: Record<string, unknown> = {}) {
  return runAssembleChain({ trajectories: REAL, tevalRecords: RECORDS, config: { assemble: SIZES, ...config }, target: 'export', options: { out } });
}

describe('export through the runner', async () => {
  const out = tmp('a');
  const run = await exportTo(out);
  const read = (p: string) => readFileSync(join(out, p), 'utf8');

  it('writes the four base files and the JSONL, and no evolved file without verify output', () => {
    for (const f of EXPORT_FILES) expect(existsSync(join(out, f)), f).toBe(!f.includes('/evol_'));
    expect(existsSync(join(out, 'jsonl/base_cases.jsonl'))).toBe(true);
    expect(existsSync(join(out, 'jsonl/evol_cases.jsonl'))).toBe(false);
    const summary = run.reports.find((r) => r.stage === 'export')!.summary!;
    expect(summary).toContain('evolved: verify has no output yet');
    expect(summary).toContain('internal_error/base_data_wo_cot.json  20 samples');
  });

  it('writes what the evaluator reads: an object keyed by sample id with query_prompt, ground_truth, error_type', () => {
    const internal = JSON.parse(read('internal_error/base_data_wo_cot.json'));
    const ids = Object.keys(internal);
    // Ordered by a hash of the id, so test.py's first --test_num samples mix sources and types.
    expect(ids).toEqual(sortByIdHash(ids.map((id) => ({ id }))).map((x) => x.id));
    expect(ids).not.toEqual([...ids].sort());
    expect(new Set(ids.slice(0, 8).map((id) => id.split('_')[0])).size).toBe(2);
    expect(ids).toHaveLength(20);
    for (const id of ids) {
      const v = internal[id];
      expect(Object.keys(v)).toEqual(['error_type', 'ground_truth', 'query_prompt']);
      expect(v.query_prompt[0].role).toBe('system');
      expect(Object.keys(v.ground_truth).sort()).toEqual(['args', 'name']);
    }
    expect(Object.values(internal).filter((v: any) => v.error_type === '')).toHaveLength(4);
    const cot = JSON.parse(read('internal_error/base_data_w_cot.json'));
    for (const v of Object.values(cot) as any[]) expect(typeof v.ground_truth.thought).toBe('string');
    const external = JSON.parse(read('external_error/base_data_wo_cot.json'));
    expect(Object.keys(external)).toHaveLength(5);
    for (const v of Object.values(external) as any[]) {
      expect(Object.keys(v)).toEqual(['ground_truth', 'query_prompt']);
      expect(v.ground_truth).toHaveLength(2);
      expect(v.query_prompt.at(-1).role).toBe('function');
    }
    expect(read('internal_error/base_data_wo_cot.json').endsWith('}\n')).toBe(true);
  });

  it('keeps every TestCase field in the JSONL, one case per line', () => {
    const lines = read('jsonl/base_cases.jsonl').trimEnd().split('\n');
    expect(lines).toHaveLength(20 + 10 + 5 + 3);
    const first = JSON.parse(lines[0]) as TestCase;
    expect(Object.keys(first)).toEqual([...Object.keys(first)].sort());
    expect(first.provenance.methods.case).toBe('rules:assemble@3');
    expect(first.provenance.parents.length).toBeGreaterThan(0);
    expect(first.tools.length).toBeGreaterThan(0);
  });

  it('is byte-identical for the same seed, config and inputs (another database, another directory)', async () => {
    const out2 = tmp('b');
    await exportTo(out2);
    for (const f of [...EXPORT_FILES.filter((p) => !p.includes('/evol_')), 'jsonl/base_cases.jsonl']) {
      expect(readFileSync(join(out2, f)).equals(readFileSync(join(out, f))), f).toBe(true);
    }
  });

  it('writes the evolved files from verify\'s accepted cases (flagged ones only on request) and removes stale ones', async () => {
    const base = run.store.readStage<TestCase>('assemble', ['ok']).map((a) => a.content);
    const evolved = (tc: TestCase, outcome: 'accepted' | 'flagged'): TestCase => ({
      ...tc,
      id: `${tc.id}-evol-noisy_query`,
      messages: tc.messages.map((m, i) => (m.role === 'user' && i === 1 ? { ...m, content: `${m.content} (asked in a hurry, sorry)` } : m)),
      evolution: { strategy: 'noisy_query', baseCaseId: tc.id, applied: ['noisy_query'], details: {} },
      verification: { outcome, reasons: [], judge: [], invariants: [{ name: 'ground-truth-unchanged', passed: true }] },
    });
    // The last two stand for what verify flags.
    const [evolve, verify] = verifiedFixtureStages([
      ...base.slice(0, 6).map((tc) => ({ id: `${tc.id}-evol`, content: evolved(tc, 'accepted') })),
      ...base.slice(6, 8).map((tc) => ({ id: `${tc.id}-evol`, content: evolved(tc, 'flagged') })),
    ]);
    const stages = new Map<StageName, Stage>([['evolve', evolve], ['verify', verify]]);
    await runPipeline({ store: run.store, config: run.config, llm: new OfflineGateway(), services: { resolver: new TestResolver() }, stages, log: () => {} }, 'verify');

    const accepted = writeExport(run.store, run.config, out);
    expect(accepted.counts.evolved).not.toBeNull();
    // evol_data_* holds the whole evolved set; strategies/<s>/ the same cases again, as that strategy's subset.
    const evolCount = (r: typeof accepted) => r.files.filter((f) => /^(internal|external)_error\/evol_/.test(f.path)).reduce((n, f) => n + f.samples, 0);
    const subsetCount = (r: typeof accepted) => r.files.filter((f) => f.path.startsWith('strategies/noisy_query/')).reduce((n, f) => n + f.samples, 0);
    expect(evolCount(accepted)).toBe(6);
    expect(subsetCount(accepted)).toBe(6);
    expect(accepted.files.map((f) => f.path).filter((p) => p.startsWith('strategies/')).every((p) => p.startsWith('strategies/noisy_query/'))).toBe(true);
    expect(accepted.counts.evolved!.internal + accepted.counts.evolved!.internalCot + accepted.counts.evolved!.external + accepted.counts.evolved!.externalCot).toBe(6);
    expect(accepted.counts.strategies.noisy_query?.internal).toBeGreaterThan(0);
    const lines = readFileSync(join(out, 'jsonl/evol_cases.jsonl'), 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(lines.every((l) => l.evolution.strategy === 'noisy_query' && l.verification.outcome === 'accepted')).toBe(true);
    const withFlagged = writeExport(run.store, run.config, out, { includeFlagged: true });
    expect(evolCount(withFlagged)).toBe(8);
    expect(subsetCount(withFlagged)).toBe(8);
    expect(withFlagged.counts.flaggedIncluded).toBe(2);

    // Without verify output, an older evol file in the directory must not survive.
    const fresh = tmp('c');
    writeFileSync(join(fresh, 'stale.txt'), 'not ours');
    const other = await exportTo(fresh);
    writeExport(other.store, other.config, fresh);
    expect(existsSync(join(fresh, 'stale.txt'))).toBe(true);
    const copyOut = fresh;
    writeExport(run.store, run.config, copyOut);
    expect(existsSync(join(copyOut, 'strategies/noisy_query/internal_error/evol_data_wo_cot.json'))).toBe(true);
    writeExport(other.store, other.config, copyOut);
    expect(existsSync(join(copyOut, 'strategies/noisy_query/internal_error/evol_data_wo_cot.json'))).toBe(false);
  });

  it('leaves out, with the reason, a case the evaluator could not score', async () => {
    const base = run.store.readStage<TestCase>('assemble', ['ok']).map((a) => a.content);
    const tc = base.find((c) => c.kind === 'internal' && c.errorType !== '' && !c.cot)!;
    const broken: TestCase = {
      ...tc,
      id: `${tc.id}-evol-harder_tools`,
      groundTruth: { name: (tc.groundTruth as any).name, args: { ...(tc.groundTruth as any).args, not_a_parameter: 1 } },
      evolution: { strategy: 'harder_tools', baseCaseId: tc.id, applied: ['harder_tools'], details: {} },
      verification: { outcome: 'accepted', reasons: [], judge: [], invariants: [] },
    };
    const stages = new Map<StageName, Stage>(verifiedFixtureStages([{ id: 'broken', content: broken }]).map((s) => [s.name, s]));
    await runPipeline({ store: run.store, config: run.config, llm: new OfflineGateway(), services: { resolver: new TestResolver() }, stages, log: () => {} }, 'verify');
    const result = writeExport(run.store, run.config, tmp('d'));
    expect(result.counts.skipped).toEqual([
      { id: broken.id, stage: 'verify', reason: expect.stringContaining('argument not_a_parameter is not declared') },
    ]);
  });
});

describe('export with an empty variant', () => {
  it('writes no file for a variant without samples (the evaluator would divide by zero) and says so', async () => {
    const out = tmp('empty');
    const run = await exportTo(out, { assemble: { ...SIZES, cotExternal: 0 } });
    expect(existsSync(join(out, 'external_error/base_data_w_cot.json'))).toBe(false);
    expect(existsSync(join(out, 'external_error/base_data_wo_cot.json'))).toBe(true);
    expect(run.reports.find((r) => r.stage === 'export')!.summary).toContain('not written (no samples): external_error/base_data_w_cot.json');
  });
});

describe('export in the registry', () => {
  it('runs after assemble, and after verify whenever verify is registered', () => {
    const exp = registry().get('export')!;
    expect(exp.upstream).toContain('assemble');
    expect(exp.upstream.includes('verify')).toBe(registry().has('verify'));
  });
});

describe('Python-faithful numbers', () => {
  it('writes float-typed ground-truth values as floats and integers as integers', () => {
    const tc: TestCase = {
      id: 'm-parameters_value_error-k1',
      kind: 'internal',
      errorType: 'parameters_value_error',
      cot: false,
      trajectoryId: 'm',
      source: 'bfcl',
      k: 1,
      messages: [
        { role: 'system', content: 'x' },
        { role: 'user', content: 'y' },
      ],
      tools: [
        {
          name: 'MathAPI.round_number',
          description: 'Round a number.',
          required_parameters: [
            { name: 'number', type: 'float', description: 'the number' },
            { name: 'decimal_places', type: 'integer', description: 'places' },
          ],
          optional_parameters: [],
          return_data: [],
        },
      ],
      groundTruth: { name: 'MathAPI.round_number', args: { number: 5, decimal_places: 2 } },
      provenance: { methods: {}, parents: [] },
    };
    const text = evaluatorFile([tc]);
    expect(text).toContain('"number": 5.0');
    expect(text).toMatch(/"decimal_places": 2,?\n/);
  });
});
