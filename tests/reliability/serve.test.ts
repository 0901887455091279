/**
 * The review page's server: a body of `null` (or a list) is a 400, not a 500; a malformed percent
 * escape in a sample URL is a 400; a request whose Host is not a loopback name (DNS rebinding) is
 * refused; the queue is built once, not per request, and rebuilt when the database changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Store } from '../../pipeline/store/store.js';
import { buildFixture } from '../review/fixtures.js';
import { startReviewServer, type ReviewServer } from '../../output/review/serve/server.js';
import Database from 'better-sqlite3';

let dir: string;
let store: Store;
let server: ReviewServer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'forge-serve-'));
  ({ store } = await buildFixture({ dbPath: join(dir, 'a.db') }));
  server = await startReviewServer(store, { port: 0, reviewer: 'tess' });
});
afterAll(async () => {
  await server?.close();
  store?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A raw HTTP request (fetch would normalise the path and refuse to set Host). */
function call(method: string, path: string, body?: string, host = `127.0.0.1:${server.port}`): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.port, method, path, headers: { host, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) } }, (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('review serve', () => {
  it('a JSON body that is null, a list or holds a non-text field is a 400', async () => {
    for (const body of ['null', '[]', '5', JSON.stringify({ sampleId: 'evol-1', contentHash: 'x', decision: 'accept', note: 5 })]) {
      const r = await call('POST', '/api/decisions', body);
      expect(r.status, body).toBe(400);
    }
  });

  it('a malformed escape in a sample URL is a 400', async () => {
    const r = await call('GET', '/api/samples/%');
    expect(r.status).toBe(400);
    expect(JSON.parse(r.body).error).toMatch(/bad sample id/);
  });

  it('refuses a Host that is not a loopback name (DNS rebinding); accepts localhost', async () => {
    expect((await call('GET', '/api/samples', undefined, `evil.example:${server.port}`)).status).toBe(421);
    expect((await call('GET', '/api/samples', undefined, `localhost:${server.port}`)).status).toBe(200);
  });

  it('builds the queue once, and again only after another connection changed the database', async () => {
    const listed = async () => (JSON.parse((await call('GET', '/api/samples')).body).samples as { id: string }[]).map((x) => x.id);
    const ids = await listed();
    const victim = ids[0];
    const results = await Promise.all(ids.map((id) => call('GET', `/api/samples/${id}`)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    // A change through the server's own connection does not move data_version: the cached queue
    // still lists the sample — proof it was not rebuilt for this request.
    store.db.prepare("UPDATE artifacts SET status = 'rejected' WHERE item_id = ? AND stage = 'verify'").run(victim);
    expect(await listed()).toContain(victim);
    // Another process's commit (a stage, an import) does: the queue is rebuilt.
    const other = new Database(join(dir, 'a.db'));
    other.prepare("UPDATE artifacts SET reason = 'touched' WHERE item_id = ? AND stage = 'verify'").run(victim);
    other.close();
    expect(await listed()).not.toContain(victim);
  });
});
