/**
 * export keeps an output folder that already holds exactly what it would write (same inputs, files
 * untouched: same inode and mtime), and rewrites it after any change to what it reads or to the
 * folder. Real runner, real SQLite file, real files.
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, statSync, writeFileSync, copyFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bfclTrajectories, tevalRecordedResponses, tevalTrajectories } from '../diversify/fixtures/vendored.js';
import { runAssembleChain } from '../assemble/fixtures/harness.js';
import { recordDecision } from '../../output/review/decisions.js';
import type { StageReport } from '../../pipeline/runner.js';
import { Store } from '../../pipeline/store/store.js';

const REAL = [...bfclTrajectories([0, 12, 75]), ...tevalTrajectories(['query_0_1', 'query_13_0'])];
const RECORDS = tevalRecordedResponses(['B']);
const SIZES = { internal: 10, external: 3, cotInternal: 5, cotExternal: 2, errorFreeShare: 0.2 };
const FILE = 'internal_error/base_data_wo_cot.json';

describe('export of an unchanged store into an unchanged folder', () => {
  const dir = mkdtempSync(join(tmpdir(), 'forge-uptodate-'));
  const db = join(dir, 'a.db');
  const out = join(dir, 'out');

  async function exportOnce(opts: { config?: Record<string, unknown>; options?: Record<string, unknown> } = {}) {
    const run = await runAssembleChain({
      trajectories: REAL,
      tevalRecords: RECORDS,
      config: { assemble: { ...SIZES, ...((opts.config?.assemble as object) ?? {}) } },
      target: 'export',
      options: { out, ...(opts.options ?? {}) },
      dbPath: db,
    });
    run.store.close();
    return run.reports.find((r) => r.stage === 'export') as StageReport;
  }
  const stamp = (path = FILE) => {
    const st = statSync(join(out, path), { bigint: true });
    return `${st.ino}:${st.mtimeNs}`;
  };

  let last = '';
  it('writes on the first run', async () => {
    const report = await exportOnce();
    expect(report.processed).toBe(1);
    last = stamp();
  });

  it('leaves the files untouched on a rerun with nothing changed, with the same summary', async () => {
    const report = await exportOnce();
    expect(report.reused).toBe(1);
    expect(report.processed).toBe(0);
    expect(report.summary).toContain(`${FILE}  10 samples`);
    expect(stamp()).toBe(last);
  });

  it('rewrites after a review decision is recorded', async () => {
    const store = Store.open(db);
    recordDecision(store, { sampleId: 'some-case', contentHash: 'h', decision: 'accept', reviewer: 'r', source: 'csv:test', decidedAt: '2026-01-01T00:00:00Z' });
    store.close();
    const after = await exportOnce();
    expect(after.processed).toBe(1);
    expect(stamp()).not.toBe(last);
    last = stamp();
  });

  it('rewrites after an option it reads changes', async () => {
    const report = await exportOnce({ options: { includeFlagged: true } });
    expect(report.processed).toBe(1);
    expect(stamp()).not.toBe(last);
    last = stamp();
    // and back: the recorded state is the flagged one now
    expect((await exportOnce()).processed).toBe(1);
    last = stamp();
  });

  it('rewrites after upstream output changes', async () => {
    const report = await exportOnce({ config: { assemble: { internal: 8 } } });
    expect(report.processed).toBe(1);
    expect(report.summary).toContain(`${FILE}  8 samples`);
    last = stamp();
  });

  it('rewrites when a written file was edited, even to the same size', async () => {
    expect((await exportOnce({ config: { assemble: { internal: 8 } } })).reused).toBe(1);
    const st = statSync(join(out, FILE));
    writeFileSync(join(out, FILE), 'x'.repeat(st.size));
    const report = await exportOnce({ config: { assemble: { internal: 8 } } });
    expect(report.processed).toBe(1);
    expect(statSync(join(out, FILE)).size).toBe(st.size);
    expect(stamp()).not.toBe(last);
  });

  it('rewrites when a written file is gone, or a file of ours appeared that it would not write', async () => {
    const cfg = { config: { assemble: { internal: 8 } } };
    rmSync(join(out, FILE));
    expect((await exportOnce(cfg)).processed).toBe(1);
    expect(existsSync(join(out, FILE))).toBe(true);
    const stray = 'internal_error/evol_data_wo_cot.json';
    copyFileSync(join(out, FILE), join(out, stray));
    expect((await exportOnce(cfg)).processed).toBe(1);
    // The stray evolved file (no verify output here) went with the rewrite.
    expect(existsSync(join(out, stray))).toBe(false);
    expect((await exportOnce(cfg)).reused).toBe(1);
  });

  it('writes a removed output folder again', async () => {
    rmSync(out, { recursive: true, force: true });
    expect((await exportOnce({ config: { assemble: { internal: 8 } } })).processed).toBe(1);
  });
});
