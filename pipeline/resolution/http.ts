/**
 * HTTP adapters: the live tier for APIs a user can reach with their own keys, declared in
 * `config.resolve.http` and used only when `config.resolve.httpEnabled` is on (nothing leaves the
 * machine otherwise). GET sends the arguments as the query string, POST as a JSON body.
 *
 * What the answer means:
 * - 2xx/3xx: the body is the tool's response;
 * - a network failure, a timeout, 429, 5xx, 401/403/402/408: the environment failed
 *   (`error.source: 'environment'`), worded the way a client reports it;
 * - any other 4xx: the call itself was wrong (`error.source: 'internal'`).
 *
 * The credential is read from the environment variable the config names (never from the config
 * itself) and never recorded: messages are redacted, and only scheme://host/path is kept.
 */
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Config } from '../config.js';
import type { ToolArgs, ToolResponse } from '../schemas.js';
import { redactSecrets } from '../secrets.js';
import { kindForStatus } from '../errors/environment.js';
import { toJson } from '../pyValues.js';

export type HttpApi = Config['resolve']['http'][number];

/** The body kept from an answer; longer bodies are cut (a tool response is shown to a model). */
const BODY_LIMIT = 20_000;

/** scheme://host/path: no credentials in the userinfo, no query string. */
export function publicEndpoint(endpoint: string): string {
  const url = new URL(endpoint);
  return `${url.protocol}//${url.host}${url.pathname}`;
}

export interface HttpOutcome {
  response: ToolResponse;
  status?: number;
  endpoint: string;
}

function clean(text: string, secret: string | undefined, env: NodeJS.ProcessEnv): string {
  const once = secret ? text.split(secret).join('[REDACTED]') : text;
  return redactSecrets(once, env);
}

export function callHttp(api: HttpApi, args: ToolArgs, env: NodeJS.ProcessEnv = process.env): Promise<HttpOutcome> {
  const endpoint = publicEndpoint(api.endpoint);
  const origin = `http:${endpoint}`;
  const url = new URL(api.endpoint);
  const body = api.method === 'POST' ? toJson(args) : undefined;
  if (api.method === 'GET') {
    for (const [k, v] of Object.entries(args)) {
      if (v === undefined || v === null) continue;
      url.searchParams.set(k, typeof v === 'object' ? toJson(v) : String(v));
    }
  }
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const secret = api.authEnv ? env[api.authEnv] : undefined;
  const environment = (message: string, status?: number): HttpOutcome => {
    const m = clean(message, secret, env);
    return { endpoint, ...(status !== undefined ? { status } : {}), response: { content: m, tier: 'live', error: { source: 'environment', message: m }, origin } };
  };
  if (api.authEnv && !secret) {
    // No request without the credential: the API would refuse it, and the user should know why.
    return Promise.resolve(environment(`Permission denied: no credential for ${api.tool} (environment variable ${api.authEnv} is not set); ${endpoint} was not called`));
  }
  if (secret) headers[api.authHeader.toLowerCase()] = api.authScheme ? `${api.authScheme} ${secret}` : secret;

  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    let settled = false;
    let timedOut = false;
    const finish = (outcome: HttpOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const timeout = () => environment(`Request to ${endpoint} timed out after ${api.timeoutMs} ms (${api.tool})`);
    const req = send(url, { method: api.method, headers }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (c: Buffer) => {
        if (size < BODY_LIMIT) chunks.push(c);
        size += c.length;
      });
      const broken = (err: NodeJS.ErrnoException) =>
        finish(timedOut ? timeout() : environment(`Connection error calling ${endpoint} (${api.tool}): ${err.code ?? 'ECONNRESET'}: ${err.message}`, res.statusCode));
      res.on('error', broken);
      res.on('close', () => {
        if (!res.complete) broken(Object.assign(new Error('the connection closed before the answer was complete'), { code: 'ECONNRESET' }));
      });
      res.on('end', () => {
        const status = res.statusCode ?? 0;
        const text = Buffer.concat(chunks).toString('utf8').slice(0, BODY_LIMIT);
        if (status >= 200 && status < 400) {
          const content = clean(text, secret, env);
          finish({ endpoint, status, response: { content, tier: 'live', origin } });
          return;
        }
        const retry = res.headers['retry-after'] ? `; Retry-After: ${res.headers['retry-after']}` : '';
        const message = `HTTP ${status} ${res.statusMessage ?? ''}`.trimEnd() + ` from ${endpoint}${retry}${text ? `: ${text.slice(0, 500)}` : ''}`;
        if (kindForStatus(status, text) !== undefined) {
          finish(environment(message, status));
          return;
        }
        const m = clean(message, secret, env);
        finish({ endpoint, status, response: { content: m, tier: 'live', error: { source: 'internal', message: m }, origin } });
      });
    });
    // The deadline covers the whole exchange: a server that sends headers and then stalls is a timeout too.
    const timer = setTimeout(() => {
      timedOut = true;
      req.destroy(Object.assign(new Error(`no complete answer within ${api.timeoutMs} ms`), { code: 'ETIMEDOUT' }));
    }, api.timeoutMs);
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (timedOut) finish(timeout());
      else finish(environment(`Connection error calling ${endpoint} (${api.tool}): ${err.code ?? 'ERROR'}: ${err.message}`));
    });
    if (body !== undefined) req.write(body);
    req.end();
  });
}
