/**
 * A stand-in Hugging Face Hub on 127.0.0.1 with just the endpoints `pnpm release --push` uses, after
 * huggingface_hub's client side: repo create, refs, revision info, preupload, the LFS batch API (single
 * PUT, or the Hub's multipart variant above `multipartAbove` bytes, with a verify action), the NDJSON
 * commit, tags, and resolve. It checks what the real one would reject (bad token, an LFS pointer to an
 * object never uploaded, a sha256 that does not match the bytes) and records every request.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';

export interface HubRequest {
  method: string;
  path: string;
  authorization?: string;
  contentType?: string;
  body: Buffer;
}

export interface HubCommit {
  oid: string;
  summary: string;
  lines: { key: string; value: Record<string, unknown> }[];
  files: Map<string, Buffer>;
}

interface Repo {
  type: string;
  commits: HubCommit[];
  tags: Map<string, string>;
}

export interface StandInHub {
  url: string;
  requests: HubRequest[];
  repos: Map<string, Repo>;
  lfs: Map<string, Buffer>;
  /** How each LFS object arrived: 'put' or 'multipart'. */
  lfsVia: Map<string, string>;
  verified: Set<string>;
  /** The next `times` requests whose "METHOD path" matches get this status. */
  failNext(match: RegExp, status: number, times?: number): void;
  /** Files on a repo's main branch. */
  main(repo: string): Map<string, Buffer>;
  close(): Promise<void>;
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const gitSha1 = (b: Buffer) => createHash('sha1').update(`blob ${b.length}\0`).update(b).digest('hex');
const isLfsPath = (path: string) => /\.(parquet|jsonl)$/.test(path);

export async function startHub(opts: { token: string; multipartAbove?: number; chunkSize?: number; denyStatus?: number }): Promise<StandInHub> {
  const requests: HubRequest[] = [];
  const repos = new Map<string, Repo>();
  const lfs = new Map<string, Buffer>();
  const lfsVia = new Map<string, string>();
  const verified = new Set<string>();
  const parts = new Map<string, Map<number, Buffer>>();
  const failures: { match: RegExp; status: number; times: number }[] = [];
  const multipartAbove = opts.multipartAbove ?? Infinity;
  const chunkSize = opts.chunkSize ?? 1024;
  let base = '';

  const mainFiles = (repo: Repo) => repo.commits.at(-1)?.files ?? new Map<string, Buffer>();
  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const path = decodeURI(new URL(req.url ?? '/', base).pathname);
    requests.push({ method: req.method ?? '', path, authorization: req.headers.authorization, contentType: req.headers['content-type'], body });
    const failure = failures.find((f) => f.times > 0 && f.match.test(`${req.method} ${path}`));
    if (failure) {
      failure.times--;
      return send(res, failure.status, { error: `injected ${failure.status}` });
    }
    // Presigned storage URLs carry no token; everything else needs it.
    const storage = path.startsWith('/storage/');
    if (!storage) {
      if (opts.denyStatus) return send(res, opts.denyStatus, { error: 'You don\'t have the rights to create a dataset under the namespace' });
      if (req.headers.authorization !== `Bearer ${opts.token}`) return send(res, 401, { error: 'Invalid credentials in Authorization header' });
    } else if (req.headers.authorization) return send(res, 400, { error: 'a presigned URL takes no Authorization header' });

    let m: RegExpMatchArray | null;
    if (req.method === 'POST' && path === '/api/repos/create') {
      const { name, organization, type } = JSON.parse(body.toString()) as { name: string; organization: string; type: string };
      const id = `${organization}/${name}`;
      if (repos.has(id)) return send(res, 409, { error: 'You already created this dataset repo', url: `${base}/datasets/${id}` });
      repos.set(id, { type, commits: [], tags: new Map() });
      return send(res, 200, { url: `${base}/datasets/${id}` });
    }
    if ((m = path.match(/^\/api\/datasets\/([^/]+\/[^/]+)(\/.*)?$/))) {
      const repo = repos.get(m[1]);
      if (!repo || repo.type !== 'dataset') return send(res, 404, { error: 'Repository not found' });
      const rest = m[2] ?? '';
      if (req.method === 'GET' && rest === '') return send(res, 200, { id: m[1] });
      if (req.method === 'GET' && rest === '/refs') {
        return send(res, 200, { branches: [{ name: 'main', ref: 'refs/heads/main', targetCommit: repo.commits.at(-1)?.oid ?? '' }], tags: [...repo.tags].map(([name, targetCommit]) => ({ name, ref: `refs/tags/${name}`, targetCommit })), converts: [] });
      }
      if (req.method === 'GET' && rest === '/revision/main') return send(res, 200, { sha: repo.commits.at(-1)?.oid });
      if (req.method === 'POST' && rest === '/preupload/main') {
        const { files } = JSON.parse(body.toString()) as { files: { path: string; sample: string; size: number }[] };
        const have = mainFiles(repo);
        return send(res, 200, {
          files: files.map((f) => {
            const mode = isLfsPath(f.path) || f.size > 10 * 1024 * 1024 ? 'lfs' : 'regular';
            const cur = have.get(f.path);
            return { path: f.path, uploadMode: mode, shouldIgnore: false, oid: cur ? (mode === 'lfs' ? sha256(cur) : gitSha1(cur)) : null };
          }),
        });
      }
      if (req.method === 'POST' && rest === '/commit/main') {
        if (req.headers['content-type'] !== 'application/x-ndjson') return send(res, 400, { error: 'expected application/x-ndjson' });
        const lines = body.toString().split('\n').filter(Boolean).map((l) => JSON.parse(l) as { key: string; value: Record<string, unknown> });
        if (lines[0]?.key !== 'header') return send(res, 400, { error: 'first line must be the header' });
        const files = new Map(mainFiles(repo));
        for (const l of lines.slice(1)) {
          const v = l.value as { path: string; content?: string; encoding?: string; oid?: string; size?: number; algo?: string };
          if (l.key === 'file' && v.encoding === 'base64') files.set(v.path, Buffer.from(v.content ?? '', 'base64'));
          else if (l.key === 'lfsFile' && v.algo === 'sha256') {
            const obj = lfs.get(v.oid ?? '');
            if (!obj || obj.length !== v.size) return send(res, 422, { error: `LFS object ${v.oid} for ${v.path} was never uploaded` });
            files.set(v.path, obj);
          } else return send(res, 400, { error: `bad line ${l.key}` });
        }
        const oid = createHash('sha1').update(`${repo.commits.length}:${body.toString()}`).digest('hex');
        repo.commits.push({ oid, summary: String((lines[0].value as { summary?: string }).summary), lines: lines.slice(1), files });
        return send(res, 200, { commitOid: oid, commitUrl: `${base}/datasets/${m[1]}/commit/${oid}` });
      }
      if (req.method === 'POST' && (m = rest.match(/^\/tag\/(.+)$/))) {
        const { tag } = JSON.parse(body.toString()) as { tag: string };
        if (repo.tags.has(tag)) return send(res, 409, { error: `Tag ${tag} already exists` });
        if (!repo.commits.some((c) => c.oid === m![1])) return send(res, 404, { error: `Invalid rev id: ${m[1]}` });
        repo.tags.set(tag, m[1]);
        return send(res, 200, {});
      }
    }
    if (req.method === 'GET' && (m = path.match(/^\/datasets\/([^/]+\/[^/]+)\/resolve\/([^/]+)\/(.+)$/))) {
      const repo = repos.get(m[1]);
      const oid = repo?.tags.get(m[2]) ?? m[2];
      const file = repo?.commits.find((c) => c.oid === oid)?.files.get(m[3]);
      if (!file) return send(res, 404, { error: 'Entry not found' });
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      return void res.end(file);
    }
    if (req.method === 'POST' && (m = path.match(/^\/datasets\/([^/]+\/[^/]+)\.git\/info\/lfs\/objects\/batch$/))) {
      if (!repos.has(m[1])) return send(res, 404, { message: 'Repository not found' });
      const batch = JSON.parse(body.toString()) as { operation: string; objects: { oid: string; size: number }[]; hash_algo: string };
      if (batch.operation !== 'upload' || batch.hash_algo !== 'sha256') return send(res, 400, { message: 'bad batch' });
      return send(
        res,
        200,
        {
          transfer: 'basic',
          objects: batch.objects.map(({ oid, size }) => {
            if (lfs.has(oid)) return { oid, size };
            const verify = { href: `${base}/lfs-verify/${m![1]}` };
            if (size > multipartAbove) {
              const n = Math.ceil(size / chunkSize);
              const header: Record<string, string> = { chunk_size: String(chunkSize) };
              for (let i = 1; i <= n; i++) header[String(i).padStart(5, '0')] = `${base}/storage/part/${oid}/${i}`;
              return { oid, size, actions: { upload: { href: `${base}/storage/complete/${oid}`, header }, verify } };
            }
            return { oid, size, actions: { upload: { href: `${base}/storage/put/${oid}` }, verify } };
          }),
        },
        { 'content-type': 'application/vnd.git-lfs+json' },
      );
    }
    if (req.method === 'POST' && path.startsWith('/lfs-verify/')) {
      const { oid, size } = JSON.parse(body.toString()) as { oid: string; size: number };
      if (lfs.get(oid)?.length !== size) return send(res, 404, { message: 'object not found' });
      verified.add(oid);
      return send(res, 200, {});
    }
    if (req.method === 'PUT' && (m = path.match(/^\/storage\/put\/([0-9a-f]{64})$/))) {
      if (sha256(body) !== m[1]) return send(res, 400, { error: 'sha256 mismatch' });
      lfs.set(m[1], body);
      lfsVia.set(m[1], 'put');
      res.writeHead(200);
      return void res.end();
    }
    if (req.method === 'PUT' && (m = path.match(/^\/storage\/part\/([0-9a-f]{64})\/(\d+)$/))) {
      const got = parts.get(m[1]) ?? new Map<number, Buffer>();
      got.set(Number(m[2]), body);
      parts.set(m[1], got);
      res.writeHead(200, { etag: `"${sha256(body).slice(0, 12)}"` });
      return void res.end();
    }
    if (req.method === 'POST' && (m = path.match(/^\/storage\/complete\/([0-9a-f]{64})$/))) {
      const { oid, parts: done } = JSON.parse(body.toString()) as { oid: string; parts: { partNumber: number; etag: string }[] };
      const got = parts.get(oid);
      if (oid !== m[1] || !got) return send(res, 400, { error: 'unknown upload' });
      const ordered = done.map((p) => {
        const b = got.get(p.partNumber);
        if (!b || p.etag !== `"${sha256(b).slice(0, 12)}"`) throw new Error(`part ${p.partNumber}: bad etag`);
        return b;
      });
      const whole = Buffer.concat(ordered);
      if (sha256(whole) !== oid) return send(res, 400, { error: 'sha256 mismatch' });
      lfs.set(oid, whole);
      lfsVia.set(oid, 'multipart');
      return send(res, 200, {});
    }
    send(res, 404, { error: `no route ${req.method} ${path}` });
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err: Error) => send(res, 500, { error: err.message }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    requests,
    repos,
    lfs,
    lfsVia,
    verified,
    failNext: (match, status, times = 1) => void failures.push({ match, status, times }),
    main: (repo) => mainFiles(repos.get(repo) ?? { type: '', commits: [], tags: new Map() }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
