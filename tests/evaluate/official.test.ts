/**
 * Our scores against the authors' own evaluators: the replies of several policies are written with
 * --predictions-out, scored by critictool/evaluators/* from the reference copy (imported by
 * tests/support/evaluator/official_scores.py, with the sentence model replaced by the same offline
 * similarity), and every metric of every file and mode must agree. Skipped where the reference copy
 * or numpy is missing.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Store } from '../../pipeline/store/store.js';
import { BASELINES, baselinePolicy, groundTruthReply, type Policy } from '../../evaluate/policies.js';
import { EvalRecords } from '../../evaluate/records.js';
import { runEvaluation } from '../../evaluate/runner.js';
import { LexicalSimilarity } from '../../evaluate/similarity.js';
import { parseLikePython } from '../../evaluate/formatLoad.js';
import { PyDict, toJsonText } from '../../evaluate/python/value.js';
import { writeFixture } from './fixture.js';

const REFERENCE = [resolve('../shared/reference/critictool'), resolve('../../shared/reference/critictool'), '/work/shared/reference/critictool'].find((p) =>
  existsSync(join(p, 'critictool/evaluators/internal_evaluator.py')),
);
const NUMPY = spawnSync('python3', ['-c', 'import numpy'], { encoding: 'utf8' }).status === 0;

/** Near misses everywhere: wrong error types on odd samples, string values reworded, thoughts paraphrased. */
const nearMiss: Policy = {
  id: 'near-miss',
  reply: async (turn) => {
    const gt = parseLikePython(groundTruthReply(turn)) as PyDict;
    const reworded = new PyDict();
    for (const [k, v] of gt.entries) {
      if (k === 'thought' && typeof v === 'string') reworded.set(k, `I think ${v.toLowerCase()}`);
      else if (k === 'error' && turn.sample.id.includes('2')) reworded.set(k, 'parameters_key_error');
      else if (k === 'args' && v instanceof PyDict) {
        const args = new PyDict();
        for (const [a, x] of v.entries) args.set(a, typeof x === 'string' ? `${x} city` : x);
        reworded.set(k, args);
      } else if (k === 'args' && typeof v === 'string') reworded.set(k, `${v} — sorry about the trouble`);
      else reworded.set(k, v);
    }
    return { text: toJsonText(reworded) };
  },
};

const dir = mkdtempSync(join(tmpdir(), 'h16-official-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(!REFERENCE || !NUMPY)("scores equal the authors' evaluators", () => {
  const policies: Policy[] = [...BASELINES.map((b) => baselinePolicy(b)), nearMiss];
  for (const policy of policies) {
    it(`${policy.id}: every metric of every file and mode`, async () => {
      const data = join(dir, 'data');
      if (!existsSync(data)) writeFixture(data, 1, { cot: true });
      const out = join(dir, `preds-${policy.id.replace(/\W/g, '_')}`);
      const store = Store.open(':memory:');
      let ours;
      try {
        ours = await runEvaluation({
          dataDir: data,
          environmentModes: ['skip', 'finish'],
          retryLimit: 3,
          concurrency: 2,
          policy,
          policyFingerprint: 'test',
          similarity: new LexicalSimilarity(),
          records: new EvalRecords(store),
          predictionsOut: out,
        });
      } finally {
        store.close();
      }
      const jobs = ours.results.map((r) => ({
        path: join(out, r.mode === 'internal' ? '' : r.mode, r.file),
        kind: r.mode === 'internal' ? 'internal' : 'external',
        mode: r.mode === 'internal' ? null : r.mode,
        cot: r.cot,
      }));
      const jobsFile = join(out, 'jobs.json');
      writeFileSync(jobsFile, JSON.stringify(jobs));
      const theirs = JSON.parse(execFileSync('python3', ['tests/support/evaluator/official_scores.py', REFERENCE!, jobsFile], { encoding: 'utf8' })) as { metrics: Record<string, number> }[];
      ours.results.forEach((r, i) => {
        for (const [k, v] of Object.entries(theirs[i].metrics)) expect(r.means[k], `${r.file} ${r.mode} ${k}`).toBeCloseTo(v, 9);
        expect(Object.keys(r.means).sort()).toEqual(Object.keys(theirs[i].metrics).sort());
      });
      // Not a vacuous agreement: the near misses land between 0 and 1 (similarity at work).
      if (policy === nearMiss) expect(ours.results.some((r) => Object.values(r.means).some((v) => v !== null && v > 0 && v < 1))).toBe(true);
    });
  }
});
