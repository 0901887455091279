/**
 * The real offline pipeline and the real CLI, as child processes: `pnpm stage verify --limit 2`
 * into two fresh databases, `pnpm release` from each — every byte equal. Then a review round trip
 * on the CLI: export a sample queue, reject one sample in the CSV, import it (twice: the second
 * import changes nothing), release again — the changelog names the removed sample.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parseCsv, writeCsv } from '../../output/review/formats/csv.js';
import { codeCommit } from '../../output/release/provenance.js';
import { expectSameTree } from '../support/files.js';

const run = promisify(execFile);
const TSX = join(process.cwd(), 'node_modules/.bin/tsx');
let dir: string;

// Small counts keep the run short; the offline rules make it deterministic.
const CONFIG = { assemble: { internal: 12, external: 4, cotInternal: 6, cotExternal: 2 }, evolve: { internal: 8, external: 4 } };

// Pinned once: other work committing between the two releases must not count as a difference.
const COMMIT = codeCommit();

async function cli(...args: string[]): Promise<string> {
  const env = { ...process.env, OPENAI_API_KEY: '', OPENAI_BASE_URL: '', FORGE_DB: '', FORGE_CODE_COMMIT: COMMIT };
  const { stdout } = await run(TSX, ['scripts/cli.ts', ...args], { env, maxBuffer: 16 * 1024 * 1024 });
  return stdout;
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'forge-cli-release-'));
  writeFileSync(join(dir, 'config.json'), JSON.stringify(CONFIG));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('release from the real offline pipeline', () => {
  it('two fresh rebuilds into two databases release byte-identical files', async () => {
    const build = (db: string) => cli('stage', 'verify', '--limit', '2', '--llm', 'offline', '--config', join(dir, 'config.json'), '--db', join(dir, db));
    await Promise.all([build('a.db'), build('b.db')]);
    // The quality gate: a threshold every evolved set breaches (evolved prompts are longer) refuses the release.
    writeFileSync(join(dir, 'strict.json'), JSON.stringify({ ...CONFIG, quality: { thresholds: { evolved_length_ratio: 1 } } }));
    await expect(cli('release', '0.1.0', '--config', join(dir, 'strict.json'), '--db', join(dir, 'a.db'), '--out', join(dir, 'rel-strict'))).rejects.toThrow(
      /release 0\.1\.0 refused: .*quality measure[\s\S]*evolved_length_ratio: [\d.]+x \(limit ≤ 1\)/,
    );
    expect(existsSync(join(dir, 'rel-strict'))).toBe(false);
    // This tiny --limit build is not the benchmark; its quality is not what this test is about.
    const outA = await cli('release', '0.1.0', '--allow-quality-breach', '--config', join(dir, 'config.json'), '--db', join(dir, 'a.db'), '--out', join(dir, 'rel-a'));
    await cli('release', '0.1.0', '--allow-quality-breach', '--config', join(dir, 'config.json'), '--db', join(dir, 'b.db'), '--out', join(dir, 'rel-b'));
    expect(outA).toMatch(/released 0\.1\.0/);
    const files = expectSameTree(join(dir, 'rel-a'), join(dir, 'rel-b'));
    expect(files).toEqual(expect.arrayContaining(['manifest.json', 'README.md', 'CHANGELOG.md', 'jsonl/evol_cases.jsonl', 'internal_error/evol_data_w_cot.json']));
    const manifest = JSON.parse(readFileSync(join(dir, 'rel-a/manifest.json'), 'utf8'));
    expect(manifest.code.commit).toBe(COMMIT);
    expect(manifest.counts.evolved).toBeGreaterThan(0);
    expect(manifest.methods.some((m: { stage: string; method: string }) => m.stage === 'verify' && m.method.startsWith('rules:'))).toBe(true);
    // Two fresh builds side by side: on a loaded 2-core machine they outlast the suite's 120 s default.
  }, 360_000);

  it('a review round trip on the CLI shows in the next release; re-importing changes nothing', async () => {
    const db = join(dir, 'a.db');
    const exported = await cli('review', 'export', '--queue', 'sample:3', '--format', 'csv', '--db', db, '--out', join(dir, 'queue'));
    expect(exported).toMatch(/queue sample-3: 3 samples/);
    const file = join(dir, 'queue/review.csv');
    const rows = parseCsv(readFileSync(file, 'utf8'));
    const h = rows[0];
    const rejected = rows[1][h.indexOf('sample_id')];
    rows[1][h.indexOf('decision')] = 'reject';
    rows[1][h.indexOf('note')] = 'context changes the task';
    writeFileSync(file, writeCsv(h, rows.slice(1)));

    const first = await cli('review', 'import', file, '--db', db, '--reviewer', 'zoe');
    expect(first).toMatch(/1 applied, 0 already recorded, 0 stale, 0 errors, 2 undecided/);
    const again = await cli('review', 'import', file, '--db', db, '--reviewer', 'zoe');
    expect(again).toMatch(/0 applied, 1 already recorded/);

    await cli('release', '0.2.0', '--allow-quality-breach', '--config', join(dir, 'config.json'), '--db', db, '--out', join(dir, 'rel-2'));
    const log = readFileSync(join(dir, 'rel-2/CHANGELOG.md'), 'utf8');
    expect(log).toMatch(/Against 0\.1\.0: 0 added, 1 removed, 0 changed/);
    expect(log).toContain(`- \`${rejected}\``);
    const ids = (f: string) => readFileSync(join(dir, f), 'utf8').trim().split('\n').map((l) => JSON.parse(l).id as string);
    expect(ids('rel-a/jsonl/evol_cases.jsonl')).toContain(rejected);
    expect(ids('rel-2/jsonl/evol_cases.jsonl')).not.toContain(rejected);
    expect(ids('rel-2/jsonl/evol_cases.jsonl').length).toBe(ids('rel-a/jsonl/evol_cases.jsonl').length - 1);
    await expect(cli('release', '0.2.0', '--allow-quality-breach', '--db', db, '--out', join(dir, 'rel-3'))).rejects.toThrow(/release 0\.2\.0 already exists/);
  });
});
