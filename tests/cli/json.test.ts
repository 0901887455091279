/**
 * `--json` on every reporting command, through the real CLI as child processes on a real offline
 * build (`stage verify --limit 2`): each prints one JSON document with the keys its text shows.
 * Also: `review import` with a quoted glob reads every matching file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import PQueue from 'p-queue';
import { REPORTS } from '../../scripts/report/index.js';

const run = promisify(execFile);
const queue = new PQueue({ concurrency: 3 });
// Small counts keep the build short; the offline rules make it deterministic.
const CONFIG = { assemble: { internal: 12, external: 4, cotInternal: 6, cotExternal: 2 }, evolve: { internal: 8, external: 4 } };
let dir: string;
let db: string;

async function cli(...args: string[]): Promise<string> {
  const env = { ...process.env, OPENAI_API_KEY: '', OPENAI_BASE_URL: '', FORGE_DB: '', FORGE_CODE_COMMIT: 'test-json' };
  return (await queue.add(async () => (await run(process.execPath, ['--import', 'tsx', 'scripts/cli.ts', ...args], { env, maxBuffer: 64 * 1024 * 1024 })).stdout))!;
}
const json = async (...args: string[]) => JSON.parse(await cli(...args, '--db', db)) as Record<string, unknown>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'forge-cli-json-'));
  db = join(dir, 'a.db');
  writeFileSync(join(dir, 'config.json'), JSON.stringify(CONFIG));
  await cli('stage', 'verify', '--limit', '2', '--db', db, '--config', join(dir, 'config.json'), '--no-progress');
}, 600_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('--json', () => {
  it('status: one row per stage', async () => {
    const status = await json('status', '--json');
    const stages = status.stages as Record<string, unknown>[];
    expect(stages.map((s) => s.stage)).toContain('verify');
    expect(Object.keys(stages[0])).toEqual(['stage', 'done', 'flagged', 'failed', 'pending', 'lastRun', 'duration', 'note']);
  }, 300_000);

  it('report <each kind>: the data behind the text, no chart written', async () => {
    const keys: Record<string, string[]> = {
      sources: ['sources'],
      filter: ['drops', 'kept', 'paperKept'],
      tiers: ['rows', 'toolCache', 'toolCalls'],
      evolved: ['cases', 'evolveOnly'],
      observe: ['rows', 'unanswered', 'invalid', 'pools', 'poolsUnknown'],
      quality: ['cases', 'measures', 'rejections'],
      dataset: ['base', 'evolved', 'verifyStatuses'],
    };
    expect(Object.keys(keys).sort()).toEqual(Object.keys(REPORTS).sort());
    const out = join(dir, 'reports');
    const reports = await Promise.all(Object.keys(keys).map(async (name) => [name, await json('report', name, '--json', '--out', out)] as const));
    for (const [name, report] of reports) expect(Object.keys(report), name).toEqual(expect.arrayContaining(keys[name]));
    expect((reports.find(([n]) => n === 'dataset')![1].base as unknown[]).length).toBeGreaterThan(0);
    expect(existsSync(join(out, 'dataset.svg'))).toBe(false);
  }, 300_000);

  it('release --dry-run, export sft, review export and a review import of a glob', async () => {
    const release = await json('release', '1.0.0', '--dry-run', '--json', '--out', join(dir, 'rel'));
    expect(release).toMatchObject({ version: '1.0.0', dryRun: true, previous: null });
    expect((release.samples as { base: number }).base).toBeGreaterThan(0);
    expect((release.files as { path: string; sha256: string }[]).map((f) => f.path)).toContain('CHANGELOG.md');
    expect(existsSync(join(dir, 'rel'))).toBe(false);

    const sft = await json('export', 'sft', '--out', join(dir, 'sft'), '--json');
    expect(Object.keys(sft)).toEqual(expect.arrayContaining(['out', 'files', 'counts', 'skipped', 'tokenizer']));

    const queued = await json('review', 'export', '--queue', 'sample:2', '--format', 'csv', '--out', join(dir, 'q'), '--json');
    expect(queued).toMatchObject({ queue: 'sample-2', samples: 2, files: ['review.csv'] });
    copyFileSync(join(dir, 'q', 'review.csv'), join(dir, 'q', 'again.csv'));
    const imported = await json('review', 'import', join(dir, 'q', '*.csv'), '--json');
    const imports = imported.imports as { file: string; format: string; undecided: number }[];
    expect(imports.map((i) => i.file)).toEqual([join(dir, 'q', 'again.csv'), join(dir, 'q', 'review.csv')]);
    expect(imports.every((i) => i.format === 'csv' && i.undecided === 2)).toBe(true);
  }, 300_000);
});
