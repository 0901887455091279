import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runSynthetic, snapshot } from './fixtures/harness.js';
import { Store } from '../../pipeline/store/store.js';

const tmp = () => mkdtempSync(join(tmpdir(), 'forge-runner-'));

describe('determinism', () => {
  it('gives identical artifacts at concurrency 1 and 16 with the same seed', async () => {
    const dir = tmp();
    await runSynthetic(join(dir, 'c1.db'), 'standardize', { items: 300, concurrency: 1 });
    await runSynthetic(join(dir, 'c16.db'), 'standardize', { items: 300, concurrency: 16, jitterMs: 5 });
    const a = snapshot(join(dir, 'c1.db'));
    expect(a.length).toBe(900);
    expect(snapshot(join(dir, 'c16.db'))).toEqual(a);
  });

  it('gives different values under a different seed', async () => {
    const dir = tmp();
    await runSynthetic(join(dir, 's1.db'), 'collect', { items: 50 });
    await runSynthetic(join(dir, 's2.db'), 'collect', { items: 50, config: { seed: 7 } });
    expect(snapshot(join(dir, 's2.db'))).not.toEqual(snapshot(join(dir, 's1.db')));
  });
});

describe('content-addressed reuse', () => {
  it('reuses every finished key on a rerun', async () => {
    const db = join(tmp(), 'r.db');
    await runSynthetic(db, 'standardize', { items: 100 });
    const reports = await runSynthetic(db, 'standardize', { items: 100 });
    expect(reports.map((r) => [r.stage, r.reused, r.processed])).toEqual([
      ['collect', 100, 0],
      ['filter', 100, 0],
      ['standardize', 100, 0],
    ]);
  });

  it('a config change invalidates exactly the dependent items, downstream included', async () => {
    const dir = tmp();
    const db = join(dir, 'cfg.db');
    const log = join(dir, 'inv.log');
    await runSynthetic(db, 'standardize', { items: 100, config: { filter: { minSteps: 1 } } });
    writeFileSync(log, '');
    const reports = await runSynthetic(db, 'standardize', { items: 100, config: { filter: { minSteps: 3 } }, invocationLog: log });
    const byStage = Object.fromEntries(reports.map((r) => [r.stage, r]));
    // collect does not read filter.minSteps: untouched.
    expect(byStage.collect.processed).toBe(0);
    // filter reads it: every item is new work.
    expect(byStage.filter.processed).toBe(100);
    // standardize sees changed content only for even items (odd values are not scaled).
    expect(byStage.standardize.processed).toBe(50);
    expect(byStage.standardize.reused).toBe(50);
    const redone = readFileSync(log, 'utf8').trim().split('\n').filter((l) => l.startsWith('standardize '));
    expect(redone.every((l) => Number(l.slice(-6)) % 2 === 0)).toBe(true);
  });

  it('--force redoes the named stage only', async () => {
    const db = join(tmp(), 'f.db');
    await runSynthetic(db, 'filter', { items: 40 });
    const reports = await runSynthetic(db, 'filter', { items: 40, force: ['filter'] });
    expect(reports.map((r) => [r.stage, r.processed])).toEqual([
      ['collect', 0],
      ['filter', 40],
    ]);
  });
});

describe('failures', () => {
  it('records a throwing item as failed, goes on, and retries it on the next run', async () => {
    const db = join(tmp(), 'fail.db');
    const reports = await runSynthetic(db, 'collect', { items: 20, failIds: new Set(['n000003', 'n000011']) });
    expect(reports[0].failed).toBe(2);
    expect(reports[0].processed).toBe(18);
    const store = Store.open(db, { readonly: true });
    const counts = store.stageCounts('collect');
    const failed = store.readStage('collect', ['failed']);
    store.close();
    expect(counts).toMatchObject({ total: 20, ok: 18, failed: 2, pending: 0 });
    expect(failed.map((f) => [f.itemId, f.reason])).toEqual([
      ['n000003', 'synthetic failure for n000003'],
      ['n000011', 'synthetic failure for n000011'],
    ]);
    const again = await runSynthetic(db, 'collect', { items: 20 });
    expect(again[0]).toMatchObject({ reused: 18, processed: 2, failed: 0 });
  });

  it('keeps flagged results with their reason and counts them', async () => {
    const db = join(tmp(), 'flag.db');
    await runSynthetic(db, 'standardize', { items: 200 });
    const store = Store.open(db, { readonly: true });
    const flagged = store.readStage<{ label: string }>('standardize', ['flagged']);
    store.close();
    expect(flagged.length).toBeGreaterThan(0);
    for (const a of flagged) {
      expect(a.reason).toBe('multiple of seven');
      expect(Number(a.content.label.split('-')[0]) % 7).toBe(0);
    }
  });
});
