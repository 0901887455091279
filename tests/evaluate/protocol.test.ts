/**
 * The protocol and metrics in-process on the hand-written fixture: the baselines' scores (ceiling and
 * floors, worked out by hand), the retry loop's parse against the evaluators' parse, the instruction
 * blocks against the authors' prompt.py, and the Overall weights.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Store } from '../../pipeline/store/store.js';
import { baselinePolicy, type Policy } from '../../evaluate/policies.js';
import { instructionBlock } from '../../evaluate/protocol.js';
import { EvalRecords } from '../../evaluate/records.js';
import { components } from '../../evaluate/report.js';
import { runEvaluation, type EvaluateResult } from '../../evaluate/runner.js';
import { LexicalSimilarity } from '../../evaluate/similarity.js';
import { writeFixture } from './fixture.js';
import { loadFile, selectFiles } from '../../evaluate/dataset.js';

let dir: string;
let store: Store;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'h16-protocol-'));
  writeFixture(join(dir, 'data'));
  store = Store.open(join(dir, 'eval.db'));
});

afterAll(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

function run(policy: Policy, modes: ('skip' | 'finish')[] = ['skip', 'finish']): Promise<EvaluateResult> {
  return runEvaluation({
    dataDir: join(dir, 'data'),
    environmentModes: modes,
    retryLimit: 3,
    concurrency: 4,
    policy,
    policyFingerprint: 'test',
    similarity: new LexicalSimilarity(),
    records: new EvalRecords(store),
  });
}

const means = (r: EvaluateResult, mode: string) => r.results.find((x) => x.mode === mode)!.means;

describe('baselines', () => {
  it('ground truth scores 100 on every metric, internal, skip and finish', async () => {
    const r = await run(baselinePolicy('baseline:ground-truth'));
    expect(r.failures).toEqual([]);
    for (const res of r.results) for (const [k, v] of Object.entries(res.means)) expect(v, `${res.mode} ${k}`).toBe(1);
  });

  it('no-reflect repeats the step shown last: the floor worked out by hand', async () => {
    const r = await run(baselinePolicy('baseline:no-reflect'), ['skip']);
    // Internal: only the control earns critic; s2's repeated call has the right tool, query right, limit 30 ≠ 3.
    expect(means(r, 'internal')).toEqual({ critic: 1 / 4, reflect: 0, name: 1 / 3, args: 0.5 / 3, parse_rate: 1 });
    // External: the failed call again and again — retried, never moved on.
    expect(means(r, 'skip')).toEqual({ retry: 1, break: 0, name: 0, args: 0, parse_rate: 1 });
  });

  it('always-retry claims an error everywhere: critic counts the error samples only', async () => {
    const r = await run(baselinePolicy('baseline:always-retry'), ['skip']);
    expect(means(r, 'internal')).toMatchObject({ critic: 3 / 4, reflect: 0, name: 1 / 3 });
  });
});

describe('the retry loop', () => {
  it("decides a retry with format_load's bare parse, while the evaluator scores with the brace cut", async () => {
    const asked: number[] = [];
    const prose: Policy = {
      id: 'prose-retry',
      reply: async (turn) => {
        if (turn.mode !== 'internal') asked.push(turn.round);
        const failed = turn.sample.id.startsWith('e1') ? 7 : 9;
        return { text: `Retrying: {"name": "Maps.fetch", "args": {"id": ${failed}}}` };
      },
    };
    const r = await run(prose, ['skip']);
    // test.py sees no JSON in "Retrying: {...}" (no start character given), so it does not loop...
    expect(asked).toEqual([0, 0]);
    // ...but the evaluator cuts from the first '{' and counts it as a retry, and not a move on.
    expect(means(r, 'skip')).toMatchObject({ retry: 1, break: 0 });
  });
});

describe('instruction blocks', () => {
  const candidates = [resolve('../shared/reference'), resolve('../../shared/reference'), '/work/shared/reference'];
  const ref = candidates.map((c) => join(c, 'critictool/critictool/utils/prompt.py')).find((p) => existsSync(p));
  it.skipIf(!ref)("equal the authors' prompt.py character for character", () => {
    const out = execFileSync('python3', ['-c', `import json,runpy; d=runpy.run_path(${JSON.stringify(ref)}); print(json.dumps({k: v for k, v in d.items() if k.endswith('PROMPT')}))`], { encoding: 'utf8' });
    const theirs = JSON.parse(out) as Record<string, string>;
    expect(instructionBlock('internal', false)).toBe(theirs.LLM_PROMPT);
    expect(instructionBlock('internal', true)).toBe(theirs.LLM_COT_PROMPT);
    expect(instructionBlock('skip', false)).toBe(theirs.ENV_SKIP_PROMPT);
    expect(instructionBlock('skip', true)).toBe(theirs.ENV_SKIP_COT_PROMPT);
    expect(instructionBlock('finish', false)).toBe(theirs.ENV_FINISH_PROMPT);
    expect(instructionBlock('finish', true)).toBe(theirs.ENV_FINISH_COT_PROMPT);
  });
});

describe('overall score', () => {
  it("weights Reflect 20, Correct 30, Retry 5, Skip/Finish 45", () => {
    const c = components({
      internal: { critic: 1, reflect: 0, name: 1, args: 0.5, parse_rate: 1 },
      skip: { retry: 1, break: 0, name: 0, args: 0, parse_rate: 1 },
      finish: { retry: 1, break: 1, name: 1, parse_rate: 1 },
    });
    expect(c.reflect).toBe(0.5);
    expect(c.correct).toBe(0.75);
    expect(c.skipFinish).toBe(0.5);
    expect(c.overall).toBeCloseTo(0.2 * 0.5 + 0.3 * 0.75 + 0.05 * 1 + 0.45 * 0.5, 12);
    expect(components({ internal: { critic: 1, reflect: 1, name: 1, args: 1 } }).overall).toBeNull();
  });
});

describe('offline similarity', () => {
  it('is 1 on identical text, 0 on text with nothing in common, and deterministic', async () => {
    const sim = new LexicalSimilarity();
    expect(await sim.similarity('book a flight to Paris', 'book a flight to Paris')).toBe(1);
    expect(await sim.similarity('30', '3')).toBe(0);
    const a = await sim.similarity('book a flight to Paris', 'reserve a flight to Paris');
    expect(a).toBeGreaterThan(0.3);
    expect(a).toBeLessThan(1);
    expect(await sim.similarity('book a flight to Paris', 'reserve a flight to Paris')).toBe(a);
  });
});

describe('bad data', () => {
  it('is an error naming the file, the sample and the field', () => {
    const bad = join(dir, 'bad');
    mkdirSync(join(bad, 'internal_error'), { recursive: true });
    const sample = { ground_truth: { name: 'A.b', args: {} }, query_prompt: [{ role: 'system', content: '[]\nTo use a tool\nRemember: only generate ONE step each time' }] };
    writeFileSync(join(bad, 'internal_error', 'base_data_wo_cot.json'), JSON.stringify({ 'case-7': sample }));
    expect(() => loadFile(bad, 'internal_error/base_data_wo_cot.json')).toThrow(/internal_error\/base_data_wo_cot\.json sample case-7: error_type is missing/);
    expect(() => selectFiles(bad, ['external_error/*'])).toThrow(/matches no evaluator file/);
  });
});
