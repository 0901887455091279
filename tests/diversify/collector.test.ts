import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyEnvironmentMessage } from '../../pipeline/errors/index.js';
import type { ExternalErrorCandidate } from '../../pipeline/schemas.js';
import { chooseK, toolSteps } from '../../pipeline/steps.js';
import { collect, describeFailure, environmentFailures, type CollectorTarget } from '../../stages/diversify-external/collector.js';
import { externalEligible } from '../../stages/diversify-internal/eligibility.js';
import { bfclTrajectories } from './fixtures/vendored.js';
import { runDiversify } from './fixtures/harness.js';

const TIMEOUT_MS = 150;
const SECRET = 'sk-test-0123456789abcdef';

/** A server that fails on purpose: resets, 429 with Retry-After, 503, answers too slow, stalls mid-body. */
function failingServer(): { server: Server; seen: { path: string; auth?: string }[] } {
  const seen: { path: string; auth?: string }[] = [];
  const counters = new Map<string, number>();
  const behaviours: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {
    reset: (req) => req.socket.destroy(),
    rate: (_req, res) => {
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '2', 'x-ratelimit-remaining': '0' });
      res.end('{"message": "Rate limit exceeded: 5 requests per second"}');
    },
    quota: (_req, res) => {
      res.writeHead(429, { 'content-type': 'application/json' });
      res.end('{"error": "Daily quota exceeded for this key"}');
    },
    unavailable: (_req, res) => {
      res.writeHead(503, { 'content-type': 'text/plain', 'retry-after': '30' });
      res.end('Service Unavailable');
    },
    slow: (_req, res) => {
      setTimeout(() => {
        if (!res.destroyed) res.end('{"late": true}');
      }, TIMEOUT_MS * 3);
    },
    stall: (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"partial": ');
    },
    ok: (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'set-cookie': 'session=abc' });
      res.end('{"result": "fine"}');
    },
    forbidden: (req, res) => {
      res.writeHead(403, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: `key ${req.headers.authorization} is not allowed here` }));
    },
    notfound: (_req, res) => {
      res.writeHead(404);
      res.end('no such thing');
    },
  };
  const cycle = ['rate', 'reset', 'ok', 'unavailable', 'slow'];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const name = url.pathname.slice(1);
    seen.push({ path: url.pathname + url.search, auth: req.headers.authorization });
    if (name === 'flaky') {
      const n = counters.get(name) ?? 0;
      counters.set(name, n + 1);
      behaviours[cycle[n % cycle.length]](req, res);
      return;
    }
    (behaviours[name] ?? behaviours.notfound)(req, res);
  });
  return { server, seen };
}

let base = '';
let seen: { path: string; auth?: string }[] = [];
let server: Server;

beforeAll(async () => {
  ({ server, seen } = failingServer());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const target = (path: string, extra: Partial<CollectorTarget> = {}): CollectorTarget => ({
  tool: 'Demo.api',
  endpoint: `${base}/${path}`,
  method: 'GET',
  timeoutMs: TIMEOUT_MS,
  authHeader: 'Authorization',
  authScheme: 'Bearer',
  ...extra,
});

describe('live collector against a server that fails on purpose', () => {
  it('calls N times and keeps each failure with the status, headers and timing it saw', async () => {
    const result = await collect(target('flaky'), { q: 'solar energy', n: 3 }, { repeats: 5, intervalMs: 0 });
    expect(result.endpoint).toBe(`${base}/flaky`);
    const [rate, reset, ok, unavailable, slow] = result.attempts;
    expect(rate).toMatchObject({ attempt: 1, ok: false, status: 429, kind: 'rate_limit' });
    expect(rate.headers['retry-after']).toBe('2');
    expect(rate.headers['x-ratelimit-remaining']).toBe('0');
    expect(rate.body).toContain('Rate limit exceeded');
    expect(reset).toMatchObject({ ok: false, kind: 'connection_error' });
    expect(reset.error).toMatch(/^ECONNRESET/);
    expect(ok).toMatchObject({ ok: true, status: 200 });
    expect(ok.body).toBeUndefined();
    expect(unavailable).toMatchObject({ ok: false, status: 503, kind: 'server_error' });
    expect(slow).toMatchObject({ ok: false, kind: 'timeout' });
    expect(slow.elapsedMs).toBeGreaterThanOrEqual(TIMEOUT_MS - 5);
    expect(slow.elapsedMs).toBeLessThan(TIMEOUT_MS * 3);
    expect(environmentFailures(result).map((a) => a.kind)).toEqual(['rate_limit', 'connection_error', 'server_error', 'timeout']);
    // The step's arguments went out as the query string.
    expect(seen.filter((s) => s.path.startsWith('/flaky'))[0].path).toBe('/flaky?q=solar+energy&n=3');
  });

  it('counts a server that sends headers and then stalls as a timeout', async () => {
    const result = await collect(target('stall'), {}, { repeats: 1, intervalMs: 0 });
    expect(result.attempts[0]).toMatchObject({ ok: false, status: 200, kind: 'timeout' });
    expect(result.attempts[0].error).toMatch(/^ETIMEDOUT/);
  });

  it('tells a quota from a rate limit, and keeps a 404 out of the environment errors', async () => {
    const quota = await collect(target('quota'), {}, { repeats: 1, intervalMs: 0 });
    expect(quota.attempts[0].kind).toBe('quota_exceeded');
    const missing = await collect(target('notfound'), {}, { repeats: 2, intervalMs: 0 });
    expect(missing.attempts.every((a) => !a.ok && a.status === 404 && a.kind === undefined)).toBe(true);
    expect(environmentFailures(missing)).toEqual([]);
  });

  it('sends the credential from the named environment variable and never records it', async () => {
    const env = { DEMO_API_KEY: SECRET };
    const result = await collect(target('forbidden', { authEnv: 'DEMO_API_KEY', method: 'POST' }), { city: 'Berlin' }, { repeats: 1, intervalMs: 0, env });
    expect(seen.at(-1)!.auth).toBe(`Bearer ${SECRET}`);
    expect(result.attempts[0]).toMatchObject({ status: 403, kind: 'permission_denied' });
    expect(JSON.stringify(result)).not.toContain(SECRET);
    expect(result.attempts[0].body).toContain('[REDACTED]');
    const fine = await collect(target('ok'), {}, { repeats: 1, intervalMs: 0 });
    expect(fine.attempts[0].headers['set-cookie']).toBeUndefined();
  });

  it('words each failure so that it reads as its own kind', async () => {
    const result = await collect(target('flaky'), {}, { repeats: 5, intervalMs: 0 });
    for (const failure of environmentFailures(result)) {
      const message = describeFailure(failure, result.endpoint, TIMEOUT_MS);
      expect(classifyEnvironmentMessage(message)?.kind).toBe(failure.kind);
      expect(message).toContain(result.endpoint);
    }
    const rate = environmentFailures(result).find((f) => f.kind === 'rate_limit')!;
    expect(describeFailure(rate, result.endpoint, TIMEOUT_MS)).toContain('Retry-After: 2');
  });
});

describe('diversify-external with the collector', () => {
  const trajectories = bfclTrajectories([0, 5, 12]);
  const seed = 42;
  const toolAt = (i: number) => {
    const t = trajectories[i];
    return toolSteps(t)[chooseK(t, seed, 'k-external', externalEligible)! - 1].step.action.name;
  };

  it('uses what a configured live API really failed with, and records every call', async () => {
    const run = await runDiversify('diversify-external', {
      trajectories,
      config: { resolve: { httpEnabled: true, http: [{ tool: toolAt(0), endpoint: `${base}/flaky`, timeoutMs: TIMEOUT_MS }] }, diversify: { externalCollectorRepeats: 5, collectorIntervalMs: 0 } },
      // One item at a time, so each sees five consecutive answers of the server's cycle.
      concurrency: 1,
    });
    const collected = run.artifacts.find((a) => a.itemId === trajectories[0].id)!;
    expect(collected.status).toBe('ok');
    const c = collected.content as ExternalErrorCandidate;
    expect(c.origin).toBe('collected');
    expect(c.response.tier).toBe('live');
    expect(c.details.collected!.attempts).toHaveLength(5);
    expect(c.details.collected!.failures).toBe(4);
    expect(c.kind).toBe(c.details.collected!.attempts.find((a) => a.kind && describeFailure(a, c.details.collected!.endpoint, TIMEOUT_MS) === c.response.content)!.kind);
    const calls = run.store.callsFor(collected.key);
    expect(calls.filter((x) => x.kind === 'tool' && x.tier === 'live')).toHaveLength(5);
    // Only steps of the configured tool go to the live API; the others fall back to the other sources.
    const expected = trajectories.filter((_, i) => toolAt(i) === toolAt(0)).length;
    expect(run.artifacts.filter((a) => (a.content as ExternalErrorCandidate).origin === 'collected')).toHaveLength(expected);
    expect(expected).toBeLessThan(trajectories.length + 1);
  });

  it('keeps a real failure a retry cannot fix in the call log, not in a case (the ground truth retries)', async () => {
    for (const path of ['forbidden', 'quota']) {
      const run = await runDiversify('diversify-external', {
        trajectories: trajectories.slice(0, 1),
        config: { resolve: { httpEnabled: true, http: [{ tool: toolAt(0), endpoint: `${base}/${path}`, timeoutMs: TIMEOUT_MS }] }, diversify: { externalCollectorRepeats: 2, collectorIntervalMs: 0 } },
      });
      const a = run.artifacts[0];
      const c = a.content as ExternalErrorCandidate;
      expect(c.origin, path).not.toBe('collected');
      expect(c.details.notes.join(' '), path).toMatch(/saw only failures a retry cannot fix/);
      expect(run.store.callsFor(a.key).filter((x) => x.kind === 'tool' && x.tier === 'live')).toHaveLength(2);
    }
  });

  it('calls nothing when HTTP adapters are off (the default) and says so', async () => {
    const run = await runDiversify('diversify-external', {
      trajectories,
      config: { resolve: { http: [{ tool: toolAt(0), endpoint: `${base}/flaky`, timeoutMs: TIMEOUT_MS }] } },
    });
    expect(run.artifacts.every((a) => (a.content as ExternalErrorCandidate).origin !== 'collected')).toBe(true);
    expect(run.logs.some((l) => l.includes('HTTP adapters are off') && l.includes('calls nothing'))).toBe(true);
  });
});
