/**
 * Releases: byte-identical rebuilds (same store twice, and a fresh offline rebuild into a second
 * database), the refusals (existing version in the DB or on disk, bad semver, unreviewed flagged
 * samples), --dry-run writing nothing, checksums that match the bytes, the Hugging Face card and a
 * changelog against the previous release.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Store } from '../../pipeline/store/store.js';
import type { Config } from '../../pipeline/config.js';
import { sha256 } from '../../pipeline/hash.js';
import { buildFixture } from '../review/fixtures.js';
import { buildReleaseInto, publishRelease, ReleaseError } from '../../output/release/release.js';
import { recordDecision } from '../../output/review/decisions.js';
import { loadSamples } from '../../output/review/samples.js';
import { compareSemver, parseSemver } from '../../output/release/semver.js';
import { codeCommit } from '../../output/release/provenance.js';
import { EXPORT_FILES } from '../../output/critictool/export.js';
import { expectSameTree, listFiles } from '../support/files.js';

let dir: string;
let store: Store;
let config: Config;

function expectIdentical(a: string, b: string): void {
  expect(expectSameTree(a, b).length).toBeGreaterThan(10);
}

beforeAll(async () => {
  // Pinned: another commit landing between two builds of this test must not count as a difference.
  vi.stubEnv('FORGE_CODE_COMMIT', codeCommit());
  dir = mkdtempSync(join(tmpdir(), 'forge-release-'));
  ({ store, config } = await buildFixture({ dbPath: join(dir, 'a.db') }));
  const accept = loadSamples(store).find((s) => s.id === 'evol-4')!;
  recordDecision(store, { sampleId: accept.id, contentHash: accept.contentHash, decision: 'accept', reviewer: 'alice', source: 'test', decidedAt: '2026-11-23T09:00:00.000Z' });
});
afterAll(() => {
  vi.unstubAllEnvs();
  store?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('release', () => {
  it('is byte-identical from the same database, and from a fresh offline rebuild into another database', async () => {
    publishRelease(store, config, '1.0.0', { outDir: join(dir, 'r1') });
    mkdirSync(join(dir, 'r1-again'));
    buildReleaseInto(store, config, '1.0.0', join(dir, 'r1-again'));
    expectIdentical(join(dir, 'r1'), join(dir, 'r1-again'));

    const fresh = await buildFixture({ dbPath: join(dir, 'b.db') });
    const accept = loadSamples(fresh.store).find((s) => s.id === 'evol-4')!;
    // The same decision, made at another time by the same person: times never reach the files.
    recordDecision(fresh.store, { sampleId: accept.id, contentHash: accept.contentHash, decision: 'accept', reviewer: 'alice', source: 'test', decidedAt: '2026-11-24T17:30:00.000Z' });
    publishRelease(fresh.store, fresh.config, '1.0.0', { outDir: join(dir, 'r1-fresh') });
    fresh.store.close();
    expectIdentical(join(dir, 'r1'), join(dir, 'r1-fresh'));
  });

  it('writes a manifest whose checksums match the bytes, with no timestamps in any file', () => {
    const root = join(dir, 'r1');
    const manifest = JSON.parse(readFileSync(join(root, 'manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({ name: 'critictool-forge', version: '1.0.0', seed: 42, previous: null, counts: { base: 14 } });
    expect(manifest.counts.skipped).toEqual([]); // every fixture case is one the evaluator can score
    expect(manifest.code.commit).toMatch(/^([0-9a-f]{40}|unknown)$/);
    expect(manifest.sources.length).toBeGreaterThan(5);
    expect(manifest.sources[0]).toMatchObject({ path: expect.any(String), sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(manifest.methods).toContainEqual({ stage: 'verify', stageVersion: 'fixture', method: 'rules:verify-fixture', items: 14 });
    const listed = manifest.files.map((f: { path: string }) => f.path);
    expect(listed).toEqual(listFiles(root).filter((f) => f !== 'manifest.json'));
    for (const f of manifest.files) {
      const bytes = readFileSync(join(root, f.path));
      expect(sha256(bytes), f.path).toBe(f.sha256);
      expect(bytes.length).toBe(f.bytes);
    }
    for (const f of listFiles(root)) expect(readFileSync(join(root, f), 'utf8'), f).not.toMatch(/\d{4}-\d\d-\d\dT\d\d:\d\d/);
    // The creation time lives in the database only.
    const row = store.db.prepare("SELECT created_at, out_dir FROM releases WHERE version = '1.0.0'").get() as { created_at: string; out_dir: string };
    expect(row.created_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(row.out_dir).toBe(root);
  });

  it('includes reviewed-accepted flagged samples, leaves unreviewed flagged ones out unless --include-flagged', () => {
    const evolIds = (root: string) => readFileSync(join(root, 'jsonl/evol_cases.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l).id);
    const ids = evolIds(join(dir, 'r1'));
    expect(ids).toContain('evol-4'); // flagged, accepted by alice
    for (const id of ['evol-1', 'evol-7', 'evol-10']) expect(ids).not.toContain(id); // flagged, unreviewed
    expect(ids).not.toContain('evol-6'); // rejected by verify
    mkdirSync(join(dir, 'with-flagged'));
    const plan = buildReleaseInto(store, config, '1.0.1', join(dir, 'with-flagged'), { includeFlagged: true });
    const withFlagged = evolIds(join(dir, 'with-flagged'));
    for (const id of ['evol-1', 'evol-4', 'evol-7', 'evol-10']) expect(withFlagged).toContain(id);
    expect(plan.manifest.review).toMatchObject({ 'included: unreviewed-flagged': 3, 'included: accepted': 1 });
    // The official evaluator's files hold the same selection.
    // (the whole evolved set in evol_data_*; each strategy's subset again under strategies/<strategy>/)
    const official = EXPORT_FILES.filter((f) => !f.includes('/base_') && !f.startsWith('strategies/') && existsSync(join(dir, 'r1', f))).flatMap((f) => Object.keys(JSON.parse(readFileSync(join(dir, 'r1', f), 'utf8'))));
    expect(official.sort()).toEqual([...ids].sort());
  });

  it('writes a dataset card with Hugging Face front matter pointing at the files', () => {
    const card = readFileSync(join(dir, 'r1/README.md'), 'utf8');
    const front = card.split('---\n')[1];
    expect(front).toContain('license: apache-2.0');
    expect(front).toMatch(/task_categories:\n- text-generation/);
    expect(front).toMatch(/size_categories:\n- n<1K/);
    expect(front).toMatch(/source_datasets:\n- gorilla-llm\/Berkeley-Function-Calling-Leaderboard\n- lovesnowbest\/T-Eval/);
    expect(front).toContain('- config_name: evolved\n  data_files:\n  - split: test\n    path: "data/evolved.parquet"');
    for (const m of front.matchAll(/path: "([^"]+)"/g)) expect(existsSync(join(dir, 'r1', m[1])), m[1]).toBe(true);
  });

  it('refuses an existing version (database or disk), a non-semver version, and writes nothing on --dry-run', () => {
    expect(() => publishRelease(store, config, '1.0.0', { outDir: join(dir, 'elsewhere') })).toThrow(/release 1.0.0 already exists/);
    mkdirSync(join(dir, 'occupied'));
    writeFileSync(join(dir, 'occupied/keep.txt'), 'x');
    expect(() => publishRelease(store, config, '2.0.0', { outDir: join(dir, 'occupied') })).toThrow(/already exists and is not empty/);
    expect(() => publishRelease(store, config, 'v1', { outDir: join(dir, 'bad') })).toThrow(ReleaseError);
    expect(() => publishRelease(store, config, '1.0', { outDir: join(dir, 'bad') })).toThrow(/not a semantic version/);
    const plan = publishRelease(store, config, '2.0.0', { outDir: join(dir, 'dry'), dryRun: true });
    expect(plan.dryRun).toBe(true);
    expect(plan.files.length).toBeGreaterThan(10);
    expect(existsSync(join(dir, 'dry'))).toBe(false);
    expect(store.db.prepare("SELECT count(*) FROM releases WHERE version = '2.0.0'").pluck().get()).toBe(0);
    expect(readdirSync(dir).filter((f) => f.includes('partial'))).toEqual([]);
  });

  it('writes a changelog against the previous release: added, removed, changed by id and hash', async () => {
    // A reviewer rejects an accepted sample; the pipeline is rebuilt and one sample's content changes.
    const s0 = loadSamples(store).find((s) => s.id === 'evol-0')!;
    recordDecision(store, { sampleId: s0.id, contentHash: s0.contentHash, decision: 'reject', reviewer: 'bob', source: 'test', decidedAt: '2026-11-23T10:00:00.000Z' });
    await buildFixture({ store, mutate: new Set(['evol-3']) });
    const s10 = loadSamples(store).find((s) => s.id === 'evol-10')!;
    recordDecision(store, { sampleId: s10.id, contentHash: s10.contentHash, decision: 'accept', reviewer: 'bob', source: 'test', decidedAt: '2026-11-23T10:01:00.000Z' });
    const plan = publishRelease(store, config, '1.1.0', { outDir: join(dir, 'r2') });
    expect(plan.previous).toBe('1.0.0');
    const log = readFileSync(join(dir, 'r2/CHANGELOG.md'), 'utf8');
    expect(log).toMatch(/Against 1\.0\.0: 1 added, 1 removed, 1 changed/);
    expect(log).toMatch(/### Added \(1\)\n\n- `evol-10` [0-9a-f]{16}/);
    expect(log).toMatch(/### Removed \(1\)\n\n- `evol-0` [0-9a-f]{16}/);
    expect(log).toMatch(/### Changed \(1\)\n\n- `evol-3` [0-9a-f]{16} → [0-9a-f]{16}/);
    expect(JSON.parse(readFileSync(join(dir, 'r2/manifest.json'), 'utf8')).previous).toBe('1.0.0');
  });

  it('orders versions by semver precedence', () => {
    const order = ['1.0.0-alpha', '1.0.0-alpha.1', '1.0.0-beta', '1.0.0-beta.2', '1.0.0-beta.11', '1.0.0-rc.1', '1.0.0', '1.1.0', '2.0.0'];
    const shuffled = [...order].reverse();
    expect(shuffled.sort((a, b) => compareSemver(parseSemver(a)!, parseSemver(b)!))).toEqual(order);
    expect(parseSemver('01.0.0')).toBeUndefined();
  });
});
