/**
 * Reviews that hold: a decision made stale by a content change blocks a release (a rejected sample
 * never ships as "unreviewed-accepted") and fills the `stale` queue; one file deciding the same
 * sample two ways is an error naming both rows, nothing applied; a broken JSONL line does not hide
 * the other lines' errors; an import waits for a stage's write lock instead of "database is locked".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Store } from '../../pipeline/store/store.js';
import type { Config } from '../../pipeline/config.js';
import { buildFixture } from '../review/fixtures.js';
import { exportQueue } from '../../output/review/export.js';
import { importDecisions, parseReviewFile } from '../../output/review/import.js';
import { parseCsv, writeCsv } from '../../output/review/formats/csv.js';
import { decisionsFor, recordDecision } from '../../output/review/decisions.js';
import { loadSamples } from '../../output/review/samples.js';
import { publishRelease, ReleaseError } from '../../output/release/release.js';
import { writeExport } from '../../output/critictool/export.js';

let dir: string;
let store: Store;
let config: Config;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'forge-reviews-'));
  ({ store, config } = await buildFixture({ dbPath: join(dir, 'a.db') }));
});
afterAll(() => {
  store?.close();
  rmSync(dir, { recursive: true, force: true });
});

const evolIds = (root: string) => readFileSync(join(root, 'jsonl/evol_cases.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l).id as string);

describe('stale decisions', () => {
  it('a reject made stale by a content change blocks the release and never ships; the stale queue lists it', async () => {
    const s = loadSamples(store).find((x) => x.id === 'evol-2' && x.status === 'ok')!;
    expect(s).toBeDefined();
    recordDecision(store, { sampleId: s.id, contentHash: s.contentHash, decision: 'reject', reviewer: 'ann', source: 'test', decidedAt: '2026-11-23T10:00:00.000Z' });
    await buildFixture({ store, mutate: new Set(['evol-2']) }); // the content changes: the reject is stale
    expect(() => publishRelease(store, config, '1.0.0', { outDir: join(dir, 'rel') })).toThrow(ReleaseError);
    expect(() => publishRelease(store, config, '1.0.0', { outDir: join(dir, 'rel') })).toThrow(/reviewed on content that has changed since: evol-2 \(reject by ann/);
    writeExport(store, config, join(dir, 'export'));
    expect(evolIds(join(dir, 'export'))).not.toContain('evol-2');
    const queue = exportQueue(store, { spec: { kind: 'stale' }, formats: ['csv'], outDir: join(dir, 'stale-queue'), seed: 42 });
    expect(queue.samples.map((x) => x.id)).toEqual(['evol-2']);
    // Deciding again on the current content settles it.
    const now = loadSamples(store).find((x) => x.id === 'evol-2')!;
    recordDecision(store, { sampleId: now.id, contentHash: now.contentHash, decision: 'reject', reviewer: 'ann', source: 'test', decidedAt: '2026-11-23T11:00:00.000Z' });
    const plan = publishRelease(store, config, '1.0.0', { outDir: join(dir, 'rel') });
    expect(plan.selection.evolved.map((x) => x.id)).not.toContain('evol-2');
  });
});

describe('review import', () => {
  it('one file accepting then rejecting the same sample is an error naming both rows; neither applies', () => {
    exportQueue(store, { spec: { kind: 'sample', n: 3 }, formats: ['csv'], outDir: join(dir, 'q'), seed: 42 });
    const file = join(dir, 'q/review.csv');
    const rows = parseCsv(readFileSync(file, 'utf8'));
    const h = rows[0];
    const row = rows[1];
    const id = row[h.indexOf('sample_id')];
    const accept = [...row];
    accept[h.indexOf('decision')] = 'accept';
    const reject = [...row];
    reject[h.indexOf('decision')] = 'reject';
    writeFileSync(file, writeCsv(h, [accept, reject]));
    const before = decisionsFor(store, id).length;
    const r = importDecisions(store, file, { reviewer: 'zoe' });
    expect(r.applied).toEqual([]);
    expect(r.errors).toHaveLength(2);
    const [e1, e2] = r.errors;
    expect(e1.message).toContain(`conflicts with ${e2.where} on the same sample ${id}`);
    expect(e2.message).toContain(`conflicts with ${e1.where}`);
    expect(decisionsFor(store, id)).toHaveLength(before);
  });

  it('a broken JSONL line does not hide the errors of other lines, and errors name file lines', () => {
    exportQueue(store, { spec: { kind: 'sample', n: 3 }, formats: ['argilla'], outDir: join(dir, 'qa'), seed: 42 });
    // Records as JSON lines (as records.to_json / a line-per-record export gives them back).
    const lines = (JSON.parse(readFileSync(join(dir, 'qa/argilla/records.json'), 'utf8')) as unknown[]).map((r) => JSON.stringify(r));
    const file = join(dir, 'broken.jsonl');
    // line 1 ok, line 2 blank, line 3 truncated JSON, line 4 a number (not a record)
    writeFileSync(file, [lines[0], '', lines[1].slice(0, 20), '5'].join('\n') + '\n');
    const parsed = parseReviewFile(file);
    expect(parsed.errors.map((e) => `${e.where} ${e.field}`)).toEqual(['line 3 (json)', 'line 4 (record)']);
  });

  it('waits for a stage holding the write lock instead of failing with "database is locked"', async () => {
    exportQueue(store, { spec: { kind: 'sample', n: 3 }, formats: ['csv'], outDir: join(dir, 'ql'), seed: 42 });
    const file = join(dir, 'ql/review.csv');
    const rows = parseCsv(readFileSync(file, 'utf8'));
    const h = rows[0];
    rows[2][h.indexOf('decision')] = 'accept';
    writeFileSync(file, writeCsv(h, rows.slice(1)));
    // Another process takes the write lock, commits a write 1.5 s later (as a stage does per item).
    const holder = spawn(process.execPath, ['-e', `
      const db = new (require('better-sqlite3'))(${JSON.stringify(join(dir, 'a.db'))});
      db.exec('BEGIN IMMEDIATE'); db.prepare("INSERT INTO runs (command, args, seed, config_hash, started_at) VALUES ('holder', '{}', 1, 'x', 'now')").run();
      process.stdout.write('locked\\n');
      setTimeout(() => { db.exec('COMMIT'); db.close(); }, 1500);
    `], { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((res) => holder.stdout!.once('data', () => res()));
    const r = importDecisions(store, file, { reviewer: 'lee' });
    expect(r.errors).toEqual([]);
    expect(r.applied).toHaveLength(1);
    await new Promise((res) => holder.once('exit', res));
  });
});
