/**
 * The live collector: calls a reachable HTTP API N times with the step's arguments and keeps the
 * failures exactly as it saw them — status, headers, timing, network error — so environment
 * errors can come from the real environment. Only used for APIs declared in config
 * (`resolve.http`) when `resolve.httpEnabled` is on; nothing leaves the machine otherwise.
 * Credentials are read from the environment variable the config names and never recorded.
 */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { CollectedAttempt, EnvironmentErrorKind, ToolArgs } from '../../pipeline/schemas.js';
import { redactSecrets } from '../../pipeline/secrets.js';
import { kindForStatus } from '../../pipeline/errors/index.js';
import { publicEndpoint } from '../../pipeline/resolution/http.js';
import { toJson } from '../../pipeline/pyValues.js';

export interface CollectorTarget {
  tool: string;
  endpoint: string;
  method: 'GET' | 'POST';
  timeoutMs: number;
  authEnv?: string;
  authHeader: string;
  authScheme: string;
}

export interface CollectorOptions {
  repeats: number;
  /** Pause between calls, so the collector itself does not cause the rate limits it records. */
  intervalMs: number;
  env?: NodeJS.ProcessEnv;
}

export interface CollectionResult {
  /** Scheme, host and path: no query string, no credentials. */
  endpoint: string;
  attempts: CollectedAttempt[];
}

const BODY_LIMIT = 2000;
/** Headers never worth keeping (and cookies may identify the caller). */
const DROPPED_HEADERS = new Set(['set-cookie', 'cookie', 'authorization', 'proxy-authorization']);

function flatHeaders(headers: IncomingHttpHeaders, env?: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || DROPPED_HEADERS.has(name.toLowerCase())) continue;
    out[name.toLowerCase()] = redactSecrets(Array.isArray(value) ? value.join(', ') : value, env);
  }
  return out;
}

function queryFor(args: ToolArgs): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(args)) {
    if (v === undefined || v === null) continue;
    params.set(k, typeof v === 'object' ? toJson(v) : String(v));
  }
  return params.toString();
}

function networkKind(code: string): EnvironmentErrorKind {
  if (code === 'ETIMEDOUT' || code === 'ESOCKETTIMEDOUT') return 'timeout';
  return 'connection_error';
}

/** One call, timed from the request to the end of the body (or the failure). */
function callOnce(target: CollectorTarget, args: ToolArgs, attempt: number, env: NodeJS.ProcessEnv): Promise<CollectedAttempt> {
  const url = new URL(target.endpoint);
  const body = target.method === 'POST' ? toJson(args) : undefined;
  if (target.method === 'GET') {
    const q = queryFor(args);
    if (q) url.search = url.search ? `${url.search}&${q}` : q;
  }
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const secret = target.authEnv ? env[target.authEnv] : undefined;
  if (secret) headers[target.authHeader.toLowerCase()] = target.authScheme ? `${target.authScheme} ${secret}` : secret;

  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const started = performance.now();
  return new Promise((resolve) => {
    let settled = false;
    let timedOut = false;
    const finish = (a: Omit<CollectedAttempt, 'attempt' | 'elapsedMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // Whatever error the aborted socket reports, a call we gave up on is a timeout.
      const outcome = timedOut ? { ...a, ok: false, error: `ETIMEDOUT: no complete answer within ${target.timeoutMs} ms`, kind: 'timeout' as const } : a;
      resolve({ attempt, elapsedMs: Math.round(performance.now() - started), ...outcome });
    };
    let answered: { status?: number; headers: Record<string, string> } | undefined;
    const req = send(url, { method: target.method, headers }, (res) => {
      answered = { status: res.statusCode, headers: flatHeaders(res.headers, env) };
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (c: Buffer) => {
        if (size < BODY_LIMIT) chunks.push(c);
        size += c.length;
      });
      const broken = (err: NodeJS.ErrnoException) =>
        finish({ ok: false, status: res.statusCode, headers: flatHeaders(res.headers, env), error: redactSecrets(`${err.code ?? 'ERROR'}: ${err.message}`, env), kind: networkKind(err.code ?? '') });
      res.on('error', broken);
      res.on('close', () => {
        if (!res.complete) broken(Object.assign(new Error('the connection closed before the answer was complete'), { code: 'ECONNRESET' }));
      });
      res.on('end', () => {
        const status = res.statusCode ?? 0;
        const text = redactSecrets(Buffer.concat(chunks).toString('utf8').slice(0, BODY_LIMIT), env);
        const ok = status >= 200 && status < 400;
        const kind = ok ? undefined : kindForStatus(status, text);
        finish({
          ok,
          status,
          statusText: res.statusMessage ?? '',
          headers: flatHeaders(res.headers, env),
          ...(ok ? {} : { body: text }),
          ...(kind ? { kind } : {}),
        });
      });
    });
    // The deadline covers the whole exchange: a server that answers headers and then stalls is a timeout too.
    const timer = setTimeout(() => {
      timedOut = true;
      req.destroy(Object.assign(new Error(`no complete answer within ${target.timeoutMs} ms`), { code: 'ETIMEDOUT' }));
    }, target.timeoutMs);
    req.on('error', (err: NodeJS.ErrnoException) => {
      const code = err.code ?? 'ERROR';
      // Headers may have arrived before the exchange broke off: keep what was seen.
      finish({ ok: false, ...(answered?.status !== undefined ? { status: answered.status } : {}), headers: answered?.headers ?? {}, error: redactSecrets(`${code}: ${err.message}`, env), kind: networkKind(code) });
    });
    if (body !== undefined) req.write(body);
    req.end();
  });
}

export async function collect(target: CollectorTarget, args: ToolArgs, opts: CollectorOptions): Promise<CollectionResult> {
  const env = opts.env ?? process.env;
  const attempts: CollectedAttempt[] = [];
  for (let i = 1; i <= opts.repeats; i++) {
    if (i > 1 && opts.intervalMs > 0) await sleep(opts.intervalMs);
    attempts.push(await callOnce(target, args, i, env));
  }
  return { endpoint: publicEndpoint(target.endpoint), attempts };
}

/** The failures that are environment errors (a 404 or 400 is the caller's fault, not the environment's). */
export function environmentFailures(result: CollectionResult): CollectedAttempt[] {
  return result.attempts.filter((a) => !a.ok && a.kind !== undefined);
}

/** What the model is shown for a collected failure: what the client saw, in a client's words. */
export function describeFailure(a: CollectedAttempt, endpoint: string, timeoutMs: number): string {
  if (a.status !== undefined && a.error === undefined) {
    const retry = a.headers['retry-after'] ? `; Retry-After: ${a.headers['retry-after']}` : '';
    const body = a.body ? `: ${a.body.slice(0, 300)}` : '';
    return `HTTP ${a.status} ${a.statusText ?? ''}`.trimEnd() + ` from ${endpoint}${retry}${body}`;
  }
  if (a.kind === 'timeout') return `Request to ${endpoint} timed out after ${a.elapsedMs} ms (read timeout=${timeoutMs / 1000}s)`;
  return `Connection error calling ${endpoint}: ${a.error ?? 'connection failed'}`;
}
