/**
 * Outputs replaced in one step (output/atomicDir.ts): an export with nothing to write fails and
 * leaves the previous files; a full disk leaves the previous set, no truncated file and no staging
 * folder; an interrupted swap is restored by the next writer; a release moved into place by a run
 * killed before the database recorded it is finished by the rerun; build metadata cannot make a
 * second release of the same precedence.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Store } from '../../pipeline/store/store.js';
import type { Config } from '../../pipeline/config.js';
import { buildFixture } from '../review/fixtures.js';
import { writeExport } from '../../output/critictool/export.js';
import { buildReleaseInto, publishRelease } from '../../output/release/release.js';
import { recoverDir, replaceDir } from '../../output/atomicDir.js';
import { exportQueue } from '../../output/review/export.js';
import { listFiles } from '../support/files.js';

let dir: string;
let store: Store;
let config: Config;

const snapshot = (root: string) => new Map(listFiles(root).map((f) => [f, readFileSync(join(root, f), 'utf8')]));
const leaked = (parent: string) => readdirSync(parent).filter((f) => /\.(partial|previous)-/.test(f));

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'forge-atomic-'));
  ({ store, config } = await buildFixture({ dbPath: join(dir, 'a.db') }));
});
afterAll(() => {
  store?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('export', () => {
  it('with nothing to write fails with a clear message and leaves the previous files alone', () => {
    const out = join(dir, 'export');
    writeExport(store, config, out);
    writeFileSync(join(out, 'notes.txt'), 'mine');
    const before = snapshot(out);
    expect(before.size).toBeGreaterThan(5);
    const empty = Store.open(join(dir, 'empty.db'));
    try {
      expect(() => writeExport(empty, config, out)).toThrow(/nothing to export into .*export.*left as they were/);
    } finally {
      empty.close();
    }
    expect(snapshot(out)).toEqual(before);
    expect(leaked(dir)).toEqual([]);
  });

  it('keeps files that are not its own, and drops its own files it no longer writes', () => {
    const out = join(dir, 'export-own');
    writeExport(store, config, out);
    writeFileSync(join(out, 'notes.txt'), 'mine');
    writeFileSync(join(out, 'internal_error/evol_data_wo_cot.json'), '{}'); // ours, rewritten
    writeExport(store, config, out);
    expect(readFileSync(join(out, 'notes.txt'), 'utf8')).toBe('mine');
    expect(readFileSync(join(out, 'internal_error/evol_data_wo_cot.json'), 'utf8')).not.toBe('{}');
  });

  it('on a full disk leaves the previous set whole, with no truncated file and no staging folder', () => {
    if (process.getuid?.() !== 0) return; // mounting a small tmpfs needs root
    const mnt = join(dir, 'small');
    mkdirSync(mnt);
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', mnt]);
    try {
      const out = join(mnt, 'out');
      writeExport(store, config, out);
      const before = snapshot(out);
      // Leave less room than a second copy of the set needs.
      const bytes = [...before.values()].reduce((n, t) => n + Buffer.byteLength(t), 0);
      const free = Number(execFileSync('df', ['--output=avail', '-B1', mnt]).toString().trim().split('\n')[1]);
      writeFileSync(join(mnt, 'filler'), Buffer.alloc(Math.max(0, free - Math.floor(bytes / 2))));
      expect(() => writeExport(store, config, out)).toThrow(/cannot write .*: ENOSPC/);
      expect(snapshot(out)).toEqual(before);
      expect(leaked(mnt)).toEqual([]);
    } finally {
      execFileSync('umount', [mnt]);
    }
  });

  it('an interrupted swap (killed between the two renames) is restored by the next writer', () => {
    const out = join(dir, 'swap');
    replaceDir(out, (d) => d.writeFile('a.txt', 'old'));
    // The state a kill leaves between "target → .previous-*" and "staging → target".
    renameSync(out, join(dir, '.swap.previous-x1'));
    mkdirSync(join(dir, '.swap.partial-x2'));
    writeFileSync(join(dir, '.swap.partial-x2/a.txt'), 'ne');
    expect(recoverDir(out)).toHaveLength(2);
    expect(readFileSync(join(out, 'a.txt'), 'utf8')).toBe('old');
    expect(leaked(dir)).toEqual([]);
  });

  it('review queues are replaced in one step too', () => {
    const out = join(dir, 'queue');
    exportQueue(store, { spec: { kind: 'flagged' } as never, formats: ['csv'], outDir: out, seed: 42 });
    expect(existsSync(join(out, 'review.csv'))).toBe(true);
    expect(leaked(dir)).toEqual([]);
  });
});

describe('release', () => {
  it('a release moved into place but not recorded (killed in between) is finished by the rerun; staging folders do not leak', () => {
    const out = join(dir, 'rel');
    mkdirSync(out);
    buildReleaseInto(store, config, '3.0.0', out); // what the killed run had moved into place
    mkdirSync(join(dir, '.rel.partial-dead')); // and a staging folder of an earlier killed run
    const plan = publishRelease(store, config, '3.0.0', { outDir: out });
    expect(plan.finishedInterrupted).toBe(true);
    expect(store.db.prepare("SELECT count(*) FROM releases WHERE version = '3.0.0'").pluck().get()).toBe(1);
    expect(JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')).version).toBe('3.0.0');
    expect(leaked(dir)).toEqual([]);
  });

  it('refuses 1.0.0+rebuild beside 1.0.0 (build metadata does not order versions)', () => {
    publishRelease(store, config, '4.0.0', { outDir: join(dir, 'rel4') });
    expect(() => publishRelease(store, config, '4.0.0+rebuild', { outDir: join(dir, 'rel4b') })).toThrow(/same precedence as the existing release 4\.0\.0/);
    expect(existsSync(join(dir, 'rel4b'))).toBe(false);
  });
});
