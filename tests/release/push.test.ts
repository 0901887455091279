/**
 * `pnpm release <v> --push`: a release uploaded to a stand-in Hub (tests/support/hubServer.ts, real
 * HTTP on 127.0.0.1) — repo created as a dataset, every file arriving with its bytes (LFS ones through
 * the batch API and a PUT or the multipart protocol, regular ones as base64 in the NDJSON commit), the
 * version in the commit summary and the tag, the token in Authorization headers and nowhere else;
 * reruns after a failure at any step finish the job without a second copy; a refused token is a clear
 * error naming the repo. The CLI runs as a child process with HF_ENDPOINT pointing at the stand-in.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Store } from '../../pipeline/store/store.js';
import type { Config } from '../../pipeline/config.js';
import { sha256 } from '../../pipeline/hash.js';
import { buildFixture } from '../review/fixtures.js';
import { buildReleaseInto, publishRelease } from '../../output/release/release.js';
import { codeCommit } from '../../output/release/provenance.js';
import { hubTarget, pushRelease, releaseFiles, HubPushError, type PushFile } from '../../output/release/hubPush.js';
import { startHub, type StandInHub } from '../support/hubServer.js';
import { listFiles } from '../support/files.js';
import { redactSecrets } from '../../pipeline/secrets.js';

const TOKEN = 'hf_StandInWriteToken0123456789abcdef';
const REPO = 'forge-org/critictool-forge';
const COMMIT = codeCommit();
const run = promisify(execFile);
const TSX = join(process.cwd(), 'node_modules/.bin/tsx');

let dir: string;
let store: Store;
let config: Config;
let release: string;
/** The smallest file the stand-in takes through LFS: it goes by a single PUT, every larger one by multipart. */
let smallestLfs: PushFile;
const hubs: StandInHub[] = [];

async function hub(opts: Partial<Parameters<typeof startHub>[0]> = {}): Promise<StandInHub> {
  const h = await startHub({ token: TOKEN, multipartAbove: smallestLfs.bytes, chunkSize: 4096, ...opts });
  hubs.push(h);
  return h;
}

const target = (h: StandInHub) => hubTarget(REPO, { HF_ENDPOINT: h.url, HF_TOKEN: TOKEN });
const fast = { retryBaseMs: 0 };

async function cli(env: Record<string, string>, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const base = { ...process.env, OPENAI_API_KEY: '', OPENAI_BASE_URL: '', FORGE_DB: '', HF_TOKEN: '', HUGGING_FACE_HUB_TOKEN: '', HF_ENDPOINT: '', FORGE_CODE_COMMIT: COMMIT };
  try {
    const { stdout, stderr } = await run(TSX, ['scripts/cli.ts', ...args], { env: { ...base, ...env }, maxBuffer: 16 * 1024 * 1024 });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

beforeAll(async () => {
  vi.stubEnv('FORGE_CODE_COMMIT', COMMIT);
  dir = mkdtempSync(join(tmpdir(), 'forge-push-'));
  ({ store, config } = await buildFixture({ dbPath: join(dir, 'a.db') }));
  release = join(dir, 'r1');
  publishRelease(store, config, '1.0.0', { outDir: release });
  smallestLfs = (await releaseFiles(release)).filter((f) => /\.(parquet|jsonl)$/.test(f.path)).sort((a, b) => a.bytes - b.bytes)[0];
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await Promise.all(hubs.map((h) => h.close()));
  store?.close();
  rmSync(dir, { recursive: true, force: true });
});

function expectWholeRelease(h: StandInHub, root: string): void {
  const onHub = h.main(REPO);
  const local = listFiles(root);
  expect([...onHub.keys()].sort()).toEqual(local);
  for (const f of local) expect(sha256(onHub.get(f)!), f).toBe(sha256(readFileSync(join(root, f))));
}

describe('pushRelease against a stand-in Hub', () => {
  it('creates a dataset repo, sends LFS files through the batch API and the rest as base64, commits once and tags the version', async () => {
    const h = await hub();
    // One transient storage failure: retried, not fatal.
    h.failNext(/^PUT \/storage\//, 503);
    const r = await pushRelease(release, '1.0.0', target(h), fast);

    const create = h.requests.find((q) => q.path === '/api/repos/create')!;
    expect(JSON.parse(create.body.toString())).toEqual({ name: 'critictool-forge', organization: 'forge-org', type: 'dataset' });
    expect(h.repos.get(REPO)?.type).toBe('dataset');
    expectWholeRelease(h, release);

    const repo = h.repos.get(REPO)!;
    expect(repo.commits).toHaveLength(1);
    expect(repo.commits[0].summary).toBe('Release 1.0.0');
    expect(repo.tags.get('v1.0.0')).toBe(repo.commits[0].oid);
    expect(r).toMatchObject({ commit: repo.commits[0].oid, tag: 'v1.0.0', alreadyPublished: false, unchanged: [] });

    // Which file went which way is the server's call: .parquet/.jsonl are LFS on the stand-in.
    const lfsLines = repo.commits[0].lines.filter((l) => l.key === 'lfsFile').map((l) => l.value.path as string);
    const regularLines = repo.commits[0].lines.filter((l) => l.key === 'file').map((l) => l.value.path as string);
    const files = await releaseFiles(release);
    expect(lfsLines.sort()).toEqual(files.filter((f) => /\.(parquet|jsonl)$/.test(f.path)).map((f) => f.path));
    expect(regularLines).toEqual(expect.arrayContaining(['README.md', 'CHANGELOG.md', 'manifest.json']));
    expect(lfsLines.length + regularLines.length).toBe(files.length);
    for (const path of lfsLines) {
      const f = files.find((x) => x.path === path)!;
      expect(h.lfs.get(f.sha256)?.equals(readFileSync(join(release, path))), path).toBe(true);
      expect(h.verified.has(f.sha256), path).toBe(true);
    }
    expect(new Set(h.lfsVia.values())).toEqual(new Set(['put', 'multipart']));
    // The 503 was retried: one more storage PUT than objects and parts.
    expect(h.requests.filter((q) => q.method === 'PUT').length).toBeGreaterThan(h.lfs.size);

    // The token went to the Hub API only, as a bearer token; presigned storage URLs never saw it.
    for (const q of h.requests) {
      if (q.path.startsWith('/storage/')) expect(q.authorization, q.path).toBeUndefined();
      else expect(q.authorization, q.path).toBe(`Bearer ${TOKEN}`);
    }
    expect(h.requests.find((q) => q.path.endsWith('/commit/main'))?.contentType).toBe('application/x-ndjson');
  });

  it('resumes after a failed upload, a failed tag, and is a no-op once published', async () => {
    const h = await hub();
    const files = await releaseFiles(release);
    const failing = smallestLfs;
    h.failNext(new RegExp(`^PUT /storage/put/${failing.sha256}$`), 500, 2); // both attempts of retries: 1
    await expect(pushRelease(release, '1.0.0', target(h), { ...fast, retries: 1 })).rejects.toThrow(
      `LFS upload on dataset forge-org/critictool-forge (file ${failing.path}) failed: HTTP 500 Internal Server Error: injected 500 after 2 attempts`,
    );
    expect(h.repos.get(REPO)!.commits).toHaveLength(0);
    const storedBefore = new Set(h.lfs.keys());
    expect(storedBefore.size).toBeGreaterThan(0);

    // Rerun: objects already stored are not sent again; then the tag fails (a 4xx is not retried).
    h.failNext(/^POST \/api\/datasets\/.*\/tag\//, 400);
    const before = h.requests.length;
    await expect(pushRelease(release, '1.0.0', target(h), fast)).rejects.toThrow(/tag v1\.0\.0 on dataset forge-org\/critictool-forge failed: HTTP 400/);
    const puts = h.requests.slice(before).filter((q) => q.method === 'PUT').map((q) => q.path);
    expect(puts).toContain(`/storage/put/${failing.sha256}`);
    for (const oid of storedBefore) expect(puts.some((p) => p.includes(oid))).toBe(false);
    expect(h.repos.get(REPO)!.commits).toHaveLength(1);

    // Rerun: every file is unchanged on main, so no second commit; only the tag is added.
    const third = await pushRelease(release, '1.0.0', target(h), fast);
    expect(third.committed).toEqual([]);
    expect(third.unchanged).toHaveLength(files.length);
    const repo = h.repos.get(REPO)!;
    expect(repo.commits).toHaveLength(1);
    expect(repo.tags.get('v1.0.0')).toBe(repo.commits[0].oid);
    expectWholeRelease(h, release);

    // Published: the tag holds this manifest, nothing more is sent.
    const n = h.requests.length;
    const fourth = await pushRelease(release, '1.0.0', target(h), fast);
    expect(fourth).toMatchObject({ alreadyPublished: true, commit: repo.commits[0].oid });
    expect(h.requests.slice(n).map((q) => `${q.method} ${q.path}`)).toEqual([
      'POST /api/repos/create',
      `GET /api/datasets/${REPO}/refs`,
      `GET /datasets/${REPO}/resolve/v1.0.0/manifest.json`,
    ]);
  });

  it('refuses a version whose tag holds other files, and an older version than one on the Hub', async () => {
    const h = await hub();
    await pushRelease(release, '1.0.0', target(h), fast);
    const other = join(dir, 'r1-other');
    mkdirSync(other);
    buildReleaseInto(store, config, '1.0.0', other, { includeFlagged: true });
    await expect(pushRelease(other, '1.0.0', target(h), fast)).rejects.toThrow(/already has tag v1\.0\.0 with a different manifest\.json/);
    await expect(pushRelease(release, '0.9.0', target(h), fast)).rejects.toThrow(/already has the newer release v1\.0\.0; pushing 0\.9\.0 would take main back/);
    expect(h.repos.get(REPO)!.commits).toHaveLength(1);
  });

  it('refuses a release folder that no longer matches its manifest, before any request', async () => {
    const h = await hub();
    const copy = join(dir, 'r1-copy');
    await run('cp', ['-r', release, copy]);
    await run('sh', ['-c', `printf x >> "${join(copy, 'CHANGELOG.md')}"`]);
    await expect(pushRelease(copy, '1.0.0', target(h), fast)).rejects.toThrow(/CHANGELOG\.md: does not match manifest\.json/);
    expect(h.requests).toHaveLength(0);
  });

  it('needs a repo id of the form org/name and a token', () => {
    expect(() => hubTarget('critictool-forge', { HF_TOKEN: TOKEN })).toThrow(/not a Hub repo id; expected namespace\/name/);
    expect(() => hubTarget(REPO, {})).toThrow(/needs a Hub token with write access: set HF_TOKEN/);
    expect(hubTarget(REPO, { HUGGING_FACE_HUB_TOKEN: TOKEN })).toMatchObject({ endpoint: 'https://huggingface.co', token: TOKEN });
    expect(() => hubTarget(REPO, { HF_TOKEN: TOKEN, HF_ENDPOINT: 'https://user:pw@hub.example' })).toThrow(HubPushError);
    // A Hub token that did not come from the environment is still cut out of messages.
    expect(redactSecrets(`server echoed ${TOKEN}`, {})).toBe('server echoed [REDACTED]');
  });
});

// Each test runs the CLI (tsx, a release build) two times; on a loaded 2-core machine that takes minutes.
describe('pnpm release --push (CLI)', { timeout: 400_000 }, () => {
  let db: string;
  beforeAll(async () => {
    db = join(dir, 'cli.db');
    (await buildFixture({ dbPath: db })).store.close();
  });

  it('releases and pushes; a rerun is idempotent; the token reaches no output, file or database', async () => {
    const h = await hub();
    const out = join(dir, 'cli-rel');
    const env = { HF_ENDPOINT: h.url, HF_TOKEN: TOKEN };
    const first = await cli(env, 'release', '1.0.0', '--db', db, '--llm', 'offline', '--out', out, '--push', REPO);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/released 1\.0\.0/);
    expect(first.stdout).toMatch(new RegExp(`pushed 1\\.0\\.0 → ${h.url}/datasets/${REPO} at [0-9a-f]{40}, tag v1\\.0\\.0: \\d+ files committed, 0 unchanged`));
    expectWholeRelease(h, out);
    expect(h.repos.get(REPO)!.tags.has('v1.0.0')).toBe(true);

    // The same command again: the version is recorded, so it is pushed as it is — and it is already there.
    const again = await cli(env, 'release', '1.0.0', '--db', db, '--llm', 'offline', '--push', REPO);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/already holds 1\.0\.0 \(tag v1\.0\.0 at [0-9a-f]{40}\); nothing sent/);
    expect(h.repos.get(REPO)!.commits).toHaveLength(1);

    for (const text of [first.stdout, first.stderr, again.stdout, again.stderr]) expect(text).not.toContain(TOKEN);
    for (const f of [db, `${db}-wal`].filter(existsSync)) expect(readFileSync(f).includes(TOKEN), f).toBe(false);
    for (const f of listFiles(out)) expect(readFileSync(join(out, f)).includes(TOKEN), f).toBe(false);
  });

  it('--dry-run lists what would be uploaded with sizes and sends nothing, token or not', async () => {
    const h = await hub();
    // --push without a value: the repo comes from the config.
    writeFileSync(join(dir, 'push-config.json'), JSON.stringify({ release: { hubRepo: REPO } }));
    const dry = await cli({ HF_ENDPOINT: h.url }, 'release', '1.1.0', '--db', db, '--llm', 'offline', '--config', join(dir, 'push-config.json'), '--push', '--dry-run');
    expect(dry.code).toBe(0);
    expect(dry.stdout).toMatch(new RegExp(`would push \\d+ files \\(\\d+ bytes\\) to dataset ${REPO} at ${h.url}, commit "Release 1\\.1\\.0" on main, tag v1\\.1\\.0`));
    expect(dry.stdout).toMatch(/ {2}data\/base\.parquet {2}\d+ bytes/);
    expect(dry.stdout).toMatch(/ {2}manifest\.json {2}\d+ bytes/);
    expect(h.requests).toHaveLength(0);
  });

  it('a refused token (401) or missing rights (403) is an error naming the repo, exit code non-zero, no token', async () => {
    const wrong = await hub({ token: 'hf_SomeOtherTokenabcdefghijklmnop' });
    const r401 = await cli({ HF_ENDPOINT: wrong.url, HF_TOKEN: TOKEN }, 'release', '1.0.0', '--db', db, '--llm', 'offline', '--push', REPO);
    expect(r401.code).not.toBe(0);
    expect(r401.stderr).toMatch(/create repo on dataset forge-org\/critictool-forge failed: HTTP 401 Unauthorized: Invalid credentials in Authorization header.*HF_TOKEN/);
    const denied = await hub({ denyStatus: 403 });
    const r403 = await cli({ HF_ENDPOINT: denied.url, HF_TOKEN: TOKEN }, 'release', '1.0.0', '--db', db, '--llm', 'offline', '--push', REPO);
    expect(r403.code).not.toBe(0);
    expect(r403.stderr).toMatch(/create repo on dataset forge-org\/critictool-forge failed: HTTP 403 Forbidden: You don't have the rights/);
    for (const text of [r401.stdout, r401.stderr, r403.stdout, r403.stderr]) expect(text).not.toContain(TOKEN);
    expect(wrong.repos.size + denied.repos.size).toBe(0);
  });
});
