/**
 * Provenance after a partial rebuild: when an upstream stage reruns under a new version and writes
 * the same contents under new keys, the downstream cases are reused (their inputs did not change),
 * and what the export says they were built from must be the artifacts the store holds now, not the
 * keys of the run that first built them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { OfflineGateway } from '../../pipeline/llm/offline.js';
import { createServices } from '../../pipeline/services.js';
import { parseConfig } from '../../pipeline/config.js';
import { runPipeline, type StageReport } from '../../pipeline/runner.js';
import type { Stage } from '../../pipeline/stage.js';
import { registry } from '../../stages/index.js';
import { realRun, type RealRun } from './fixtures/realRun.js';

let run: RealRun;
/** Reports and output folder of each rerun, by the stage whose version it bumped. */
const reruns = new Map<string, { reports: StageReport[]; out: string; keys: Map<string, string> }>();

interface Line { id: string; provenance: { parents: string[] } }
const lines = (path: string): Line[] => readFileSync(path, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Line);

/** Run the chain again with one stage's version bumped and its rules unchanged: same contents, new keys. */
async function rerunBumping(name: 'resolve' | 'assemble'): Promise<void> {
  const stages = registry();
  const stage = stages.get(name) as Stage;
  stages.set(name, { ...stage, version: `${stage.version}-bumped` } as Stage);
  const config = parseConfig({
    llm: { mode: 'offline' },
    assemble: { internal: 40, external: 10, cotInternal: 20, cotExternal: 6, errorFreeShare: 0.2 },
    evolve: { internal: 20, external: 6 },
  });
  const llm = new OfflineGateway();
  const out = join(run.dir, `out-${name}`);
  run.store.startRun(`test rerun (${name} bumped)`, {}, config.seed, 'test');
  const reports = await runPipeline({ store: run.store, config, llm, services: createServices(run.store, config, llm), stages, log: () => {}, options: { limit: 12, out } }, 'export');
  // Each stage's item keys as this run left them (the next run, unbumped, goes back to the first keys).
  const keys = new Map(run.store.stageListing(name === 'resolve' ? 'resolve' : 'assemble', ['ok', 'flagged', 'rejected'], { id: '$.id' }).map((a) => [name === 'resolve' ? a.itemId : (a.fields.id as string), a.key]));
  reruns.set(name, { reports, out, keys });
}

const report = (bumped: string, stage: string) => reruns.get(bumped)?.reports.find((r) => r.stage === stage);

beforeAll(async () => {
  run = await realRun(12);
  await rerunBumping('resolve');
  await rerunBumping('assemble');
}, 600_000);

afterAll(() => {
  run?.store.close();
  if (run) rmSync(run.dir, { recursive: true, force: true });
});

describe('provenance.parents after an upstream rerun', () => {
  it('reran the bumped stage and reused the cases built on it', () => {
    expect(report('resolve', 'resolve')?.reused).toBe(0);
    expect(report('resolve', 'assemble')?.total).toBeGreaterThan(0);
    expect(report('resolve', 'assemble')?.reused).toBe(report('resolve', 'assemble')?.total);
    expect(report('assemble', 'assemble')?.reused).toBe(0);
    expect(report('assemble', 'evolve')?.total).toBeGreaterThan(0);
    expect(report('assemble', 'evolve')?.reused).toBe(report('assemble', 'evolve')?.total);
  });

  it('a reused base case names the resolved trajectory resolve holds now', () => {
    const resolved = reruns.get('resolve')!.keys;
    const before = new Map(lines(join(run.out, 'jsonl/base_cases.jsonl')).map((c) => [c.id, c.provenance.parents]));
    const base = lines(join(reruns.get('resolve')!.out, 'jsonl/base_cases.jsonl'));
    let checked = 0;
    for (const c of base) {
      const resolvedKey = c.provenance.parents.find((k) => run.store.artifactInfo(k)?.stage === 'resolve');
      if (resolvedKey === undefined) continue; // a case built without a trajectory
      const trajectoryId = run.store.artifactInfo(resolvedKey)!.itemId;
      expect(resolvedKey, c.id).toBe(resolved.get(trajectoryId));
      // The first run's export named the keys of then: there was something to catch.
      expect(before.get(c.id), c.id).not.toEqual(c.provenance.parents);
      checked++;
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('a reused evolved case names the base case assemble holds now', () => {
    const current = reruns.get('assemble')!.keys;
    const before = new Map(lines(join(run.out, 'jsonl/evol_cases.jsonl')).map((c) => [c.id, c.provenance.parents[0]]));
    const evolved = lines(join(reruns.get('assemble')!.out, 'jsonl/evol_cases.jsonl'));
    expect(evolved.length).toBeGreaterThan(0);
    for (const c of evolved) {
      expect(c.provenance.parents, c.id).toEqual([current.get(c.id.split('~')[0])]);
      expect(before.get(c.id), c.id).not.toBe(c.provenance.parents[0]);
    }
  });
});
