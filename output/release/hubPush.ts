/**
 * `pnpm release <version> --push <org/name>`: uploads a release folder to a Hugging Face Hub dataset
 * repo over HTTP, with the calls huggingface_hub's `create_repo` + `create_commit` + `create_tag`
 * make (hf_api.py, _commit_api.py, lfs.py), so it works on huggingface.co and on any server that
 * speaks the same API (`HF_ENDPOINT`):
 *
 *   1. POST /api/repos/create {name, organization, type: "dataset"}   409 = it exists, fine
 *   2. GET  /api/datasets/{repo}/refs        the version's tag there already? then compare manifests
 *   3. POST /api/datasets/{repo}/preupload/main   the server says "regular" or "lfs" per file, and
 *      gives the oid of the file it holds (git sha1, or sha256 for LFS): an equal oid is skipped
 *   4. POST /datasets/{repo}.git/info/lfs/objects/batch   then PUT (or multipart PUT + complete) each
 *      object the server lacks, and POST its verify action when it names one
 *   5. POST /api/datasets/{repo}/commit/main   NDJSON: a header line, then `file` (base64) and
 *      `lfsFile` (sha256 pointer) lines; nothing changed → no commit (GET …/revision/main instead)
 *   6. POST /api/datasets/{repo}/tag/{commit}  {"tag": "v<version>"}   409 = it exists, fine
 *
 * Why not @huggingface/hub: it has no tag call, ignores the oids preupload returns (so a re-push
 * commits everything again), and offers xet first; the protocol above is short.
 *
 * The token comes from the environment only (HF_TOKEN, else HUGGING_FACE_HUB_TOKEN), goes into the
 * Authorization header of Hub calls and nowhere else: every error passes through redactSecrets with
 * the token named explicitly, and presigned LFS URLs get no Authorization header (as in lfs.py).
 */
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, openAsBlob, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { redactSecrets } from '../../pipeline/secrets.js';
import { fileHead } from '../../pipeline/fileLines.js';
import { compareSemver, parseSemver } from './semver.js';

export const DEFAULT_HUB_ENDPOINT = 'https://huggingface.co';
const REVISION = 'main';
/** huggingface_hub sends preupload and LFS batch calls 256 files at a time. */
const CHUNK = 256;
const LFS_HEADERS = { Accept: 'application/vnd.git-lfs+json', 'Content-Type': 'application/vnd.git-lfs+json' };
const RETRY_STATUS = new Set([429, 500, 502, 503, 504]);
const REPO_ID = /^[A-Za-z0-9][A-Za-z0-9._-]*\/[A-Za-z0-9][A-Za-z0-9._-]*$/;

export class HubPushError extends Error {}

export interface HubTarget {
  endpoint: string;
  repoId: string;
  /** Absent only for a dry run. */
  token?: string;
}

export interface PushFile {
  path: string;
  bytes: number;
  sha256: string;
}

export interface PushResult {
  repoId: string;
  tag: string;
  commit: string;
  /** The tag already held this very release: nothing was sent past the refs check. */
  alreadyPublished: boolean;
  committed: string[];
  unchanged: string[];
  lfsUploaded: string[];
  lfsAlreadyStored: string[];
}

export interface PushOptions {
  fetch?: typeof fetch;
  log?: (line: string) => void;
  /** Base wait before a retry of a 429/5xx or a dropped connection (doubled each time; default 1000 ms). */
  retryBaseMs?: number;
  retries?: number;
}

/** The version's tag on the Hub: `v1.3.0` (build metadata's "+" kept; it is URL-encoded where it goes in a path). */
export const versionTag = (version: string) => `v${version}`;

/**
 * Where to push: `--push org/name` (or the config's release.hubRepo when --push has no value), the
 * endpoint from HF_ENDPOINT, the token from HF_TOKEN / HUGGING_FACE_HUB_TOKEN. A dry run needs no token.
 */
export function hubTarget(repo: string | undefined, env: NodeJS.ProcessEnv, opts: { dryRun?: boolean } = {}): HubTarget {
  if (!repo) throw new HubPushError('--push needs a dataset repo id (org/name), given after --push or as release.hubRepo in the config');
  if (!REPO_ID.test(repo) || repo.includes('..')) throw new HubPushError(`--push ${repo}: not a Hub repo id; expected namespace/name (e.g. my-org/critictool-forge)`);
  const endpoint = (env.HF_ENDPOINT?.trim() || DEFAULT_HUB_ENDPOINT).replace(/\/+$/, '');
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new HubPushError(`HF_ENDPOINT is not a URL: ${redactSecrets(endpoint, env)}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new HubPushError(`HF_ENDPOINT must be an http(s) URL, got ${url.protocol}`);
  if (url.username || url.password) throw new HubPushError('HF_ENDPOINT must not carry credentials; the token goes in HF_TOKEN');
  const token = env.HF_TOKEN?.trim() || env.HUGGING_FACE_HUB_TOKEN?.trim() || undefined;
  if (!token && !opts.dryRun) throw new HubPushError(`pushing to dataset ${repo} needs a Hub token with write access: set HF_TOKEN (or HUGGING_FACE_HUB_TOKEN)`);
  return { endpoint, repoId: repo, token };
}

async function fileSha256(path: string): Promise<string> {
  const h = createHash('sha256');
  for await (const chunk of createReadStream(path)) h.update(chunk as Buffer);
  return h.digest('hex');
}

/**
 * The files of a release folder as its manifest lists them, plus manifest.json itself — each checked
 * against the manifest's size and sha256 first, so what reaches the Hub is the release as recorded.
 */
export async function releaseFiles(dir: string): Promise<PushFile[]> {
  const manifestPath = join(dir, 'manifest.json');
  if (!existsSync(manifestPath)) throw new HubPushError(`${manifestPath}: no manifest.json; is ${dir} a release folder?`);
  const manifestBytes = readFileSync(manifestPath);
  let listed: unknown;
  try {
    listed = (JSON.parse(manifestBytes.toString('utf8')) as { files?: unknown }).files;
  } catch (err) {
    throw new HubPushError(`${manifestPath}: not JSON (${(err as Error).message})`);
  }
  if (!Array.isArray(listed)) throw new HubPushError(`${manifestPath}: field files is not a list`);
  const files: PushFile[] = [];
  for (const [i, f] of listed.entries()) {
    const { path, bytes, sha256 } = (f ?? {}) as Partial<PushFile>;
    if (typeof path !== 'string' || typeof bytes !== 'number' || typeof sha256 !== 'string') throw new HubPushError(`${manifestPath}: files[${i}] lacks path, bytes or sha256`);
    const abs = join(dir, path);
    if (!existsSync(abs)) throw new HubPushError(`${abs}: listed in manifest.json (files[${i}]) but missing`);
    const size = statSync(abs).size;
    const actual = size === bytes ? await fileSha256(abs) : '';
    if (actual !== sha256) throw new HubPushError(`${abs}: does not match manifest.json (${size} bytes, manifest says ${bytes}${size === bytes ? `; sha256 ${actual.slice(0, 16)}…, manifest says ${sha256.slice(0, 16)}…` : ''}); the release folder changed after it was made`);
    files.push({ path, bytes, sha256 });
  }
  files.push({ path: 'manifest.json', bytes: manifestBytes.length, sha256: createHash('sha256').update(manifestBytes).digest('hex') });
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** What a dry run prints: nothing is sent. */
export function describePush(target: HubTarget, version: string, files: PushFile[]): string[] {
  const total = files.reduce((n, f) => n + f.bytes, 0);
  return [
    `would push ${files.length} files (${total} bytes) to dataset ${target.repoId} at ${target.endpoint}, commit "Release ${version}" on ${REVISION}, tag ${versionTag(version)}`,
    ...files.map((f) => `  ${f.path}  ${f.bytes} bytes`),
    '  (the Hub decides per file whether it goes as a regular file or through LFS; files it already holds unchanged are skipped)',
    target.token ? '  token: from the environment' : '  token: none set (HF_TOKEN); a real push needs one',
  ];
}

/** git's blob id, which the Hub reports for a regular file (huggingface_hub utils/sha.py git_hash). */
function gitBlobSha1(bytes: Buffer): string {
  return createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
}

interface Call {
  what: string;
  file?: string;
  /** Statuses the caller handles itself (e.g. 409 on create). */
  accept?: number[];
  /** Presigned storage URLs get no Authorization header. */
  noAuth?: boolean;
}

class HubClient {
  private readonly fetchImpl: typeof fetch;
  constructor(
    readonly target: HubTarget,
    private readonly opts: PushOptions,
  ) {
    this.fetchImpl = opts.fetch ?? fetch;
  }

  api(path: string): string {
    return `${this.target.endpoint}${path}`;
  }

  /** A Hub-relative href in a batch answer from huggingface.co is rewritten to HF_ENDPOINT (lfs.py fix_hf_endpoint_in_url). */
  href(url: string): string {
    return this.target.endpoint !== DEFAULT_HUB_ENDPOINT && url.startsWith(DEFAULT_HUB_ENDPOINT) ? this.target.endpoint + url.slice(DEFAULT_HUB_ENDPOINT.length) : url;
  }

  private scrub(text: string): string {
    const token = this.target.token;
    return redactSecrets(token ? text.split(token).join('[REDACTED]') : text);
  }

  fail(call: Call, detail: string): never {
    throw new HubPushError(this.scrub(`${call.what} on dataset ${this.target.repoId}${call.file ? ` (file ${call.file})` : ''} failed: ${detail}`));
  }

  async request(url: string, init: RequestInit, call: Call): Promise<Response> {
    const retries = this.opts.retries ?? 4;
    const base = this.opts.retryBaseMs ?? 1000;
    const headers: Record<string, string> = { 'user-agent': 'critictool-forge (huggingface_hub protocol)', ...(init.headers as Record<string, string> | undefined) };
    if (!call.noAuth && this.target.token) headers.authorization = `Bearer ${this.target.token}`;
    for (let attempt = 0; ; attempt++) {
      let res: Response | undefined;
      let networkError: string | undefined;
      try {
        res = await this.fetchImpl(url, { ...init, headers, redirect: 'follow' });
      } catch (err) {
        const cause = (err as { cause?: { code?: string; message?: string } }).cause;
        networkError = `could not reach ${new URL(url).origin} (${cause?.code ?? cause?.message ?? (err as Error).message})`;
      }
      const retryable = networkError !== undefined || (res !== undefined && RETRY_STATUS.has(res.status));
      if (!retryable && res && (res.ok || call.accept?.includes(res.status))) return res;
      if (!retryable || attempt >= retries) {
        if (networkError) this.fail(call, `${networkError}${attempt ? ` after ${attempt + 1} attempts` : ''}`);
        this.fail(call, await describeFailure(res!, attempt));
      }
      await res?.body?.cancel();
      const wait = retryAfter(res) ?? base * 2 ** attempt;
      this.opts.log?.(`  ${call.what}${call.file ? ` ${call.file}` : ''}: ${networkError ?? `HTTP ${res!.status}`}, retrying in ${Math.round(wait)} ms`);
      await new Promise((r) => setTimeout(r, wait));
    }
  }

  async json<T>(url: string, init: RequestInit, call: Call): Promise<T> {
    const res = await this.request(url, init, call);
    try {
      return (await res.json()) as T;
    } catch {
      this.fail(call, `HTTP ${res.status} with a body that is not JSON`);
    }
  }
}

function retryAfter(res: Response | undefined): number | undefined {
  const v = res?.headers.get('retry-after');
  return v && Number.isFinite(Number(v)) ? Math.min(60_000, Number(v) * 1000) : undefined;
}

/** Status, the server's own message (X-Error-Message or the JSON error, as hf_raise_for_status reads it) and request id. */
async function describeFailure(res: Response, attempt: number): Promise<string> {
  let message = res.headers.get('x-error-message') ?? '';
  if (!message) {
    const body = await res.text().catch(() => '');
    try {
      const parsed = JSON.parse(body) as { error?: unknown; message?: unknown };
      message = String(parsed.error ?? parsed.message ?? body);
    } catch {
      message = body;
    }
  }
  message = message.replace(/\s+/g, ' ').trim().slice(0, 500);
  const id = res.headers.get('x-request-id');
  const hint = res.status === 401 || res.status === 403 ? ' (is HF_TOKEN a write token with access to this namespace?)' : '';
  return `HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ''}${message ? `: ${message}` : ''}${id ? ` [request ${id}]` : ''}${attempt ? ` after ${attempt + 1} attempts` : ''}${hint}`;
}

interface Preupload {
  files: { path: string; uploadMode: 'lfs' | 'regular'; shouldIgnore?: boolean; oid?: string | null }[];
}
interface LfsAction {
  href: string;
  header?: Record<string, string>;
}
interface LfsBatch {
  objects: { oid: string; size: number; actions?: { upload?: LfsAction; verify?: LfsAction }; error?: { code: number; message: string } }[];
}
interface Refs {
  tags?: { name: string; targetCommit: string }[];
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Pushes the release in `dir` (version `version`) to `target`. Safe to rerun after any failure:
 * files the Hub already holds unchanged are skipped, LFS objects it already stores are not sent
 * again, and a version whose tag holds this very manifest is left alone.
 */
export async function pushRelease(dir: string, version: string, target: HubTarget, opts: PushOptions = {}): Promise<PushResult> {
  if (!target.token) throw new HubPushError(`pushing to dataset ${target.repoId} needs a Hub token: set HF_TOKEN`);
  const log = opts.log ?? (() => {});
  const hub = new HubClient(target, opts);
  const repo = target.repoId;
  const tag = versionTag(version);
  const files = await releaseFiles(dir);
  const result: PushResult = { repoId: repo, tag, commit: '', alreadyPublished: false, committed: [], unchanged: [], lfsUploaded: [], lfsAlreadyStored: [] };

  // 1. The repo, created as a dataset; an existing one is fine. A token that may not create repos in
  // the namespace (401/403) is fine too when the repo is already there (as create_repo(exist_ok=True)).
  const [organization, name] = repo.split('/');
  const created = await hub.request(hub.api('/api/repos/create'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name, organization, type: 'dataset' }) }, { what: 'create repo', accept: [401, 402, 403, 409] });
  if (created.status === 401 || created.status === 402 || created.status === 403) {
    const denied = await describeFailure(created, 0);
    const info = await hub.request(hub.api(`/api/datasets/${repo}`), { method: 'GET' }, { what: 'repo info', accept: [401, 403, 404] });
    await info.body?.cancel();
    if (!info.ok) hub.fail({ what: 'create repo' }, denied);
  } else {
    await created.body?.cancel();
    log(created.status === 409 ? `dataset ${repo} exists` : `created dataset ${repo}`);
  }

  // 2. Versions are immutable: a tag for this version must hold this very release, and main must not
  // go back to an older version than one already tagged.
  const refs = await hub.json<Refs>(hub.api(`/api/datasets/${repo}/refs`), { method: 'GET' }, { what: 'list refs' });
  const existing = refs.tags?.find((t) => t.name === tag);
  if (existing) {
    const remote = await hub.request(hub.api(`/datasets/${repo}/resolve/${encodeURIComponent(tag)}/manifest.json`), { method: 'GET' }, { what: `read manifest.json at ${tag}`, file: 'manifest.json' });
    const same = Buffer.from(await remote.arrayBuffer()).equals(readFileSync(join(dir, 'manifest.json')));
    if (!same) throw new HubPushError(`dataset ${repo} already has tag ${tag} with a different manifest.json: that version was published from other files; versions are immutable, release a new one`);
    log(`dataset ${repo} already has ${tag} with this release's manifest: nothing to push`);
    return { ...result, commit: existing.targetCommit, alreadyPublished: true, unchanged: files.map((f) => f.path) };
  }
  const me = parseSemver(version);
  const newer = (refs.tags ?? []).map((t) => ({ name: t.name, v: t.name.startsWith('v') ? parseSemver(t.name.slice(1)) : undefined })).filter((t) => me && t.v && compareSemver(t.v, me) > 0);
  if (newer.length) throw new HubPushError(`dataset ${repo} already has the newer release ${newer.map((t) => t.name).join(', ')}; pushing ${version} would take ${REVISION} back to older files`);

  // 3. Upload modes and the oids the Hub holds now.
  const rev = encodeURIComponent(REVISION);
  const modes = new Map<string, Preupload['files'][number]>();
  for (const part of chunks(files, CHUNK)) {
    const payload = {
      files: part.map((f) => {
        return { path: f.path, sample: fileHead(join(dir, f.path), 512).toString('base64'), size: f.bytes };
      }),
    };
    const answer = await hub.json<Preupload>(hub.api(`/api/datasets/${repo}/preupload/${rev}`), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) }, { what: 'preupload' });
    for (const f of answer.files ?? []) modes.set(f.path, f);
  }
  const regular: PushFile[] = [];
  const lfs: PushFile[] = [];
  for (const f of files) {
    const mode = modes.get(f.path);
    if (!mode || (mode.uploadMode !== 'lfs' && mode.uploadMode !== 'regular')) throw new HubPushError(`preupload on dataset ${repo} gave no upload mode for file ${f.path}`);
    if (mode.shouldIgnore) throw new HubPushError(`dataset ${repo}: the repo's .gitignore ignores file ${f.path}, so the release would arrive incomplete; remove that rule`);
    // Empty files cannot go through LFS (huggingface_hub uploads them as regular).
    const asLfs = mode.uploadMode === 'lfs' && f.bytes > 0;
    const local = asLfs ? f.sha256 : gitBlobSha1(readFileSync(join(dir, f.path)));
    if (mode.oid && mode.oid === local) result.unchanged.push(f.path);
    else (asLfs ? lfs : regular).push(f);
  }

  // 4. LFS objects the storage lacks.
  for (const part of chunks(lfs, CHUNK)) {
    const batch = await hub.json<LfsBatch>(
      hub.api(`/datasets/${repo}.git/info/lfs/objects/batch`),
      { method: 'POST', headers: LFS_HEADERS, body: JSON.stringify({ operation: 'upload', transfers: ['basic', 'multipart'], objects: part.map((f) => ({ oid: f.sha256, size: f.bytes })), hash_algo: 'sha256', ref: { name: REVISION } }) },
      { what: 'LFS batch' },
    );
    const byOid = new Map(part.map((f) => [f.sha256, f]));
    for (const obj of batch.objects ?? []) {
      const f = byOid.get(obj.oid);
      if (!f) throw new HubPushError(`LFS batch on dataset ${repo} answered for an object it was not asked about (${obj.oid})`);
      if (obj.error) hub.fail({ what: 'LFS batch', file: f.path }, `${obj.error.code} ${obj.error.message}`);
      if (!obj.actions?.upload) {
        result.lfsAlreadyStored.push(f.path);
        continue;
      }
      await uploadLfs(hub, join(dir, f.path), f, obj.actions.upload);
      if (obj.actions.verify) {
        const v = await hub.request(hub.href(obj.actions.verify.href), { method: 'POST', headers: { ...LFS_HEADERS, ...obj.actions.verify.header }, body: JSON.stringify({ oid: f.sha256, size: f.bytes }) }, { what: 'LFS verify', file: f.path });
        await v.body?.cancel();
      }
      result.lfsUploaded.push(f.path);
      log(`  uploaded ${f.path} (${f.bytes} bytes, LFS)`);
    }
  }

  // 5. One commit with everything that changed; none when nothing did.
  const changed = [...regular, ...lfs].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  if (changed.length) {
    const lfsPaths = new Set(lfs.map((f) => f.path));
    const lines = [
      { key: 'header', value: { summary: `Release ${version}`, description: `critictool-forge release ${version}: ${files.length} files, checksums in manifest.json` } },
      ...changed.map((f) =>
        lfsPaths.has(f.path)
          ? { key: 'lfsFile', value: { path: f.path, algo: 'sha256', oid: f.sha256, size: f.bytes } }
          : { key: 'file', value: { content: readFileSync(join(dir, f.path)).toString('base64'), path: f.path, encoding: 'base64' } },
      ),
    ];
    const commit = await hub.json<{ commitOid?: string; commitUrl?: string }>(
      hub.api(`/api/datasets/${repo}/commit/${rev}`),
      { method: 'POST', headers: { 'content-type': 'application/x-ndjson' }, body: lines.map((l) => JSON.stringify(l)).join('\n') },
      { what: `commit of ${changed.length} files` },
    );
    if (!commit.commitOid) throw new HubPushError(`commit on dataset ${repo} answered without a commitOid`);
    result.commit = commit.commitOid;
    result.committed = changed.map((f) => f.path);
    log(`committed ${changed.length} files (${result.unchanged.length} unchanged) as ${commit.commitOid}`);
  } else {
    const info = await hub.json<{ sha?: string }>(hub.api(`/api/datasets/${repo}/revision/${rev}`), { method: 'GET' }, { what: 'revision info' });
    if (!info.sha) throw new HubPushError(`revision info on dataset ${repo} answered without a sha`);
    result.commit = info.sha;
    log(`all ${files.length} files already on ${REVISION} unchanged: no commit`);
  }

  // 6. The version's tag on that commit.
  const tagged = await hub.request(hub.api(`/api/datasets/${repo}/tag/${encodeURIComponent(result.commit)}`), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ tag, message: `critictool-forge release ${version}` }) }, { what: `tag ${tag}`, accept: [409] });
  await tagged.body?.cancel();
  log(tagged.status === 409 ? `tag ${tag} already exists` : `tagged ${tag}`);
  return result;
}

/** One LFS object: a single PUT to the presigned href, or the Hub's multipart protocol when the answer carries chunk_size. */
async function uploadLfs(hub: HubClient, abs: string, f: PushFile, action: LfsAction): Promise<void> {
  const blob = await openAsBlob(abs);
  const header = action.header ?? {};
  if (header.chunk_size === undefined) {
    const res = await hub.request(hub.href(action.href), { method: 'PUT', body: blob }, { what: 'LFS upload', file: f.path, noAuth: true });
    await res.body?.cancel();
    return;
  }
  const chunkSize = Number.parseInt(header.chunk_size, 10);
  const parts = Object.keys(header)
    .filter((k) => /^\d+$/.test(k))
    .map((k) => ({ n: Number.parseInt(k, 10), url: header[k] }))
    .sort((a, b) => a.n - b.n);
  if (!(chunkSize > 0) || parts.length !== Math.ceil(f.bytes / chunkSize)) throw new HubPushError(`LFS batch on dataset ${hub.target.repoId} (file ${f.path}): multipart answer with ${parts.length} parts for ${f.bytes} bytes at chunk_size ${header.chunk_size}`);
  const done: { partNumber: number; etag: string }[] = [];
  for (const [i, part] of parts.entries()) {
    const res = await hub.request(part.url, { method: 'PUT', body: blob.slice(i * chunkSize, (i + 1) * chunkSize) }, { what: `LFS upload part ${i + 1}/${parts.length}`, file: f.path, noAuth: true });
    await res.body?.cancel();
    const etag = res.headers.get('etag');
    if (!etag) throw new HubPushError(`LFS upload part ${i + 1} on dataset ${hub.target.repoId} (file ${f.path}): the storage answered without an ETag`);
    done.push({ partNumber: i + 1, etag });
  }
  const res = await hub.request(hub.href(action.href), { method: 'POST', headers: LFS_HEADERS, body: JSON.stringify({ oid: f.sha256, parts: done }) }, { what: 'LFS multipart completion', file: f.path, noAuth: true });
  await res.body?.cancel();
}
