import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import Database from 'better-sqlite3';
import { runSynthetic, snapshot } from './fixtures/harness.js';

const CHILD = join(import.meta.dirname, 'fixtures', 'runSyntheticChild.ts');
const ITEMS = 1500;

function startChild(db: string, log: string) {
  return spawn(process.execPath, ['--import', 'tsx', CHILD, db, String(ITEMS), log, '4'], { stdio: ['ignore', 'pipe', 'pipe'] });
}

function committed(db: string, stage: string): number {
  if (!existsSync(db)) return 0;
  try {
    const conn = new Database(db, { readonly: true, fileMustExist: true });
    try {
      return (conn.prepare('SELECT count(*) AS n FROM artifacts WHERE stage = ?').get(stage) as { n: number }).n;
    } finally {
      conn.close();
    }
  } catch {
    return 0; // schema not created yet
  }
}

describe('kill -9 mid-stage and resume', () => {
  it('redoes nothing that finished, loses nothing, and ends byte-identical to an uninterrupted run', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'forge-resume-'));
    const killedDb = join(dir, 'killed.db');
    const log1 = join(dir, 'run1.log');
    const log2 = join(dir, 'run2.log');

    const child = startChild(killedDb, log1);
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
    // Kill while the second stage is part-way through: the first stage is complete, the second is not.
    const deadline = Date.now() + 60_000;
    while (committed(killedDb, 'filter') < 300) {
      if (Date.now() > deadline) throw new Error('child made no progress');
      await sleep(20);
    }
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');

    const before = new Database(killedDb, { readonly: true });
    const doneBefore = before.prepare("SELECT key, created_at FROM artifacts WHERE stage = 'filter'").all() as { key: string; created_at: string }[];
    const itemsBefore = new Set((before.prepare("SELECT item_id FROM artifacts WHERE stage = 'filter'").pluck().all() as string[]));
    before.close();
    expect(doneBefore.length).toBeGreaterThanOrEqual(300);
    expect(doneBefore.length).toBeLessThan(ITEMS);

    // Resume in-process with the same seed.
    await runSynthetic(killedDb, 'standardize', { items: ITEMS, invocationLog: log2, jitterMs: 2, concurrency: 4 });

    // Nothing that finished before the kill ran again, and its stored row is untouched.
    const rerun = readFileSync(log2, 'utf8').trim().split('\n');
    const rerunFilter = rerun.filter((l) => l.startsWith('filter ')).map((l) => l.split(' ')[1]);
    expect(rerunFilter.filter((id) => itemsBefore.has(id))).toEqual([]);
    expect(rerun.filter((l) => l.startsWith('collect '))).toEqual([]);
    expect(new Set(rerunFilter).size).toBe(rerunFilter.length);
    expect(rerunFilter.length).toBe(ITEMS - itemsBefore.size);
    const after = new Database(killedDb, { readonly: true });
    const rowsAfter = new Map(
      (after.prepare("SELECT key, created_at FROM artifacts WHERE stage = 'filter'").all() as { key: string; created_at: string }[]).map((r) => [r.key, r.created_at]),
    );
    after.close();
    for (const row of doneBefore) expect(rowsAfter.get(row.key)).toBe(row.created_at);

    // Nothing lost, and the result equals an uninterrupted run.
    const cleanDb = join(dir, 'clean.db');
    await runSynthetic(cleanDb, 'standardize', { items: ITEMS, concurrency: 4 });
    const resumed = snapshot(killedDb);
    expect(resumed.length).toBe(ITEMS * 3);
    expect(resumed).toEqual(snapshot(cleanDb));
  });
});
