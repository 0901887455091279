/**
 * `pnpm review serve`: the review page. A node:http server on 127.0.0.1 serving one static page
 * (page.html + app.js beside this file) and a small JSON API over the same database:
 *   GET  /api/samples?strategy=&outcome=&decided=   the queue with each sample's current decision
 *   GET  /api/samples/:id                           one sample: texts, word diff, tool diff, history
 *   POST /api/decisions                             {sampleId, contentHash, decision, editedQuery?, note?, reviewer?}
 * Decisions go through the same path as `review import` (content hash, stale check, edit re-check,
 * who/when), with source "serve". POST bodies must be JSON: a cross-site form cannot send that
 * without a preflight the server never answers, so another page cannot decide for the reviewer.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../../../pipeline/repoRoot.js';
import { diffLines, diffWordsWithSpace } from 'diff';
import type { Store } from '../../../pipeline/store/store.js';
import { loadSamples, type ReviewSample } from '../samples.js';
import { decisionsFor, latestDecisions } from '../decisions.js';
import { applyDecisions } from '../import.js';
import { decisionLabel, queueRow, suggestion } from '../formats/common.js';
import { toJson } from '../../../pipeline/pyValues.js';

const HERE = join(REPO_ROOT, 'output', 'review', 'serve');

export interface ReviewServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

export interface ServeOptions {
  port?: number;
  reviewer?: string;
  env?: NodeJS.ProcessEnv;
}

function send(res: ServerResponse, status: number, body: unknown, type = 'application/json; charset=utf-8'): void {
  const text = typeof body === 'string' ? body : toJson(body);
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
  res.end(text);
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 1_000_000) throw new Error('request body over 1 MB');
    chunks.push(chunk as Buffer);
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

function summary(s: ReviewSample, decision: { decision: string; reviewer: string } | undefined) {
  return {
    id: s.id,
    contentHash: s.contentHash,
    strategy: s.strategy,
    outcome: s.outcome,
    kind: s.kind,
    errorType: s.errorType,
    decision: decision?.decision ?? null,
    reviewer: decision?.reviewer ?? null,
  };
}

export function startReviewServer(store: Store, opts: ServeOptions = {}): Promise<ReviewServer> {
  const env = opts.env ?? process.env;
  const defaultReviewer = opts.reviewer ?? env.USER ?? env.USERNAME ?? 'unknown';
  const page = readFileSync(join(HERE, 'page.html'), 'utf8');
  const app = readFileSync(join(HERE, 'app.js'), 'utf8');

  // The queue is built once and kept until another connection commits to the database (PRAGMA
  // data_version moves: a stage ran, a file was imported); building it takes seconds on a full
  // build, far too long per request. Decisions are one cheap query, read fresh every time.
  let cached: { version: number; samples: ReviewSample[]; byId: Map<string, ReviewSample> } | undefined;
  const current = () => {
    const version = store.db.pragma('data_version', { simple: true }) as number;
    if (!cached || cached.version !== version) {
      const samples = loadSamples(store).filter((s) => s.status !== 'rejected');
      cached = { version, samples, byId: new Map(samples.map((s) => [s.id, s])) };
    }
    const decisions = latestDecisions(store, new Map(cached.samples.map((s) => [s.id, s.contentHash])));
    return { samples: cached.samples, byId: cached.byId, decisions };
  };
  let port = 0;

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    // DNS rebinding: a page on evil.example whose name now resolves to 127.0.0.1 reaches this port
    // with its own Host header; only requests addressed to this server by a loopback name get in.
    const host = (req.headers.host ?? '').toLowerCase();
    if (![`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`].includes(host)) return send(res, 421, { error: `unexpected Host ${JSON.stringify(req.headers.host ?? '')}: open the page at http://127.0.0.1:${port}/` });
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method === 'GET' && url.pathname === '/') return send(res, 200, page, 'text/html; charset=utf-8');
    if (req.method === 'GET' && url.pathname === '/app.js') return send(res, 200, app, 'text/javascript; charset=utf-8');
    if (req.method === 'GET' && url.pathname === '/api/config') return send(res, 200, { reviewer: defaultReviewer });
    if (req.method === 'GET' && url.pathname === '/api/samples') {
      const { samples, decisions } = current();
      const strategy = url.searchParams.get('strategy') || '';
      const outcome = url.searchParams.get('outcome') || '';
      const decided = url.searchParams.get('decided') || '';
      const list = samples
        .filter((s) => !strategy || s.strategy === strategy)
        .filter((s) => !outcome || s.outcome === outcome)
        .filter((s) => !decided || (decided === 'decided') === decisions.has(s.id))
        .map((s) => summary(s, decisions.get(s.id)));
      return send(res, 200, { samples: list, strategies: [...new Set(samples.map((s) => s.strategy))].sort() });
    }
    const one = /^\/api\/samples\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && one) {
      let id: string;
      try {
        id = decodeURIComponent(one[1]);
      } catch {
        return send(res, 400, { error: `bad sample id in the URL: ${one[1]}` });
      }
      const { byId, decisions } = current();
      const s = byId.get(id);
      if (!s) return send(res, 404, { error: `no sample ${id}` });
      return send(res, 200, {
        sample: s,
        row: queueRow(s),
        suggestion: suggestion(s),
        queryDiff: diffWordsWithSpace(s.baseQuery, s.evolvedQuery).map((p) => ({ value: p.value, added: !!p.added, removed: !!p.removed })),
        toolDiffs: s.tools.changed.map((c) => ({ name: c.name, parts: diffLines(c.base, c.evolved).map((p) => ({ value: p.value, added: !!p.added, removed: !!p.removed })) })),
        decision: decisions.get(s.id) ?? null,
        editDiff: (() => {
          const d = decisions.get(s.id);
          return d?.edited ? diffWordsWithSpace(s.evolvedQuery, d.edited.value).map((p) => ({ value: p.value, added: !!p.added, removed: !!p.removed })) : null;
        })(),
        history: decisionsFor(store, s.id),
      });
    }
    if (req.method === 'POST' && url.pathname === '/api/decisions') {
      if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) return send(res, 415, { error: 'send JSON (content-type: application/json)' });
      let parsed: unknown;
      try {
        parsed = await readJson(req);
      } catch (err) {
        return send(res, 400, { error: `bad JSON: ${(err as Error).message}` });
      }
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return send(res, 400, { error: 'the body must be a JSON object {sampleId, contentHash, decision, ...}' });
      const body = parsed as Record<string, unknown>;
      for (const field of ['editedQuery', 'note', 'reviewer'] as const) {
        if (body[field] !== undefined && body[field] !== null && typeof body[field] !== 'string') return send(res, 400, { error: `${field} must be text` });
      }
      const label = decisionLabel(body.decision);
      if (!label || typeof body.sampleId !== 'string' || typeof body.contentHash !== 'string') {
        return send(res, 400, { error: 'need sampleId, contentHash and decision (accept, reject or edit)' });
      }
      const reviewer = typeof body.reviewer === 'string' && body.reviewer.trim() ? body.reviewer.trim() : defaultReviewer;
      const report = applyDecisions(
        store,
        {
          format: 'csv',
          undecided: 0,
          errors: [],
          decisions: [
            {
              where: 'request',
              sampleId: body.sampleId,
              contentHash: body.contentHash,
              decision: label,
              ...(typeof body.editedQuery === 'string' ? { editedQuery: body.editedQuery } : {}),
              ...(typeof body.note === 'string' && body.note.trim() ? { note: body.note } : {}),
              reviewer,
            },
          ],
        },
        'serve',
        'review page',
        { env },
      );
      if (report.errors.length) return send(res, 422, { status: 'error', error: `${report.errors[0].field}: ${report.errors[0].message}` });
      if (report.stale.length) return send(res, 409, { status: 'stale', error: 'the sample changed since the page loaded it; reload' });
      return send(res, 200, { status: report.applied.length ? 'applied' : 'duplicate', decision: report.applied[0]?.decision ?? label });
    }
    return send(res, 404, { error: 'not found' });
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => send(res, 500, { error: (err as Error).message }));
  });
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 4173, '127.0.0.1', () => {
      const address = server.address();
      port = typeof address === 'object' && address ? address.port : 0;
      resolvePromise({
        url: `http://127.0.0.1:${port}/`,
        port,
        close: () => new Promise<void>((r) => {
          server.closeAllConnections();
          server.close(() => r());
        }),
      });
    });
  });
}
