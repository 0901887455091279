/**
 * Items of pure stages run in worker threads: the same artifacts as on the main thread, byte for
 * byte, through the real CLI (compiled copy, real worker threads, real SQLite files); a worker that
 * dies fails the items it held, by name, and the run goes on.
 */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { ItemPool } from '../../pipeline/parallel/pool.js';
import { parseConfig } from '../../pipeline/config.js';

const REPO = join(import.meta.dirname, '../..');

function build(db: string, workers: number): string {
  const res = spawnSync(process.execPath, ['bin/forge.js', 'stage', 'verify', '--limit', '12', '--workers', String(workers), '--db', db], { cwd: REPO, encoding: 'utf8' });
  expect(res.status, res.stderr).toBe(0);
  return res.stderr;
}

function artifacts(db: string): [string, string, string | null, string][] {
  const raw = new Database(db, { readonly: true });
  try {
    return raw
      .prepare("SELECT key, status, content_hash, method FROM artifacts WHERE stage IN ('assemble', 'evolve', 'verify') ORDER BY key")
      .raw()
      .all() as [string, string, string | null, string][];
  } finally {
    raw.close();
  }
}

describe('worker threads', () => {
  it('give assemble, evolve and verify exactly the artifacts the main thread gives', () => {
    const dir = mkdtempSync(join(tmpdir(), 'forge-workers-'));
    build(join(dir, 'one.db'), 0);
    build(join(dir, 'two.db'), 2);
    const one = artifacts(join(dir, 'one.db'));
    const two = artifacts(join(dir, 'two.db'));
    expect(one.length).toBeGreaterThan(50);
    expect(new Set(one.map((r) => r[1]))).toContain('ok');
    expect(two).toEqual(one);
  }, 300_000);

  it('fail the items a dead worker held, naming it, and keep the others running', async () => {
    const pool = new ItemPool(new URL('./fixtures/exitingWorker.ts', import.meta.url), 1, { dbPath: ':memory:', config: parseConfig({}), options: {} }, () => {});
    try {
      const item = { id: 'a', input: {}, parents: [] };
      const outcome = await pool.run('verify', item, 'k1');
      expect(outcome).toEqual({ kind: 'failed', message: 'worker thread 1 exited with code 3' });
      expect(await pool.run('verify', { ...item, id: 'b' }, 'k2')).toMatchObject({ kind: 'failed', message: /every worker thread is gone/ });
    } finally {
      await pool.close();
    }
  }, 60_000);
});
