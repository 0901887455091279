/**
 * A local OpenAI-compatible HTTP server for tests and benchmarks (node:http on 127.0.0.1, port 0).
 * Every chat request is answered by a script, so a test can make the server slow, rate-limited,
 * broken, hanging, truncating or plain wrong — per request — and then count what the client sent.
 *
 * Serves POST /v1/chat/completions and GET /v1/models. Only 127.0.0.1; nothing leaves the machine.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface ChatRequestBody {
  model: string;
  messages: { role: string; content: string }[];
  response_format?: unknown;
  [k: string]: unknown;
}

export interface ScriptedReply {
  /** Assistant message content (default '{}'). With an error status: the error message. */
  content?: string;
  /** Wait before answering. */
  delayMs?: number;
  /** e.g. 429, 500, 400: an error JSON body in OpenAI's shape. */
  status?: number;
  /** Seconds, sent as Retry-After with 429/503 (or any error status it is given with). */
  retryAfter?: number;
  /** Milliseconds, sent as retry-after-ms (OpenAI's finer-grained header). */
  retryAfterMs?: number;
  /** Never answer (the client times out). */
  hang?: boolean;
  /** 200 with a body that is not JSON. */
  malformed?: boolean;
  /** 200 with an empty choices list but a usage block (billed, no answer). */
  noChoices?: boolean;
  /** finish_reason "length" and the content cut in half. */
  truncated?: boolean;
  /** Destroy the socket mid-request. */
  dropConnection?: boolean;
  usage?: { prompt_tokens: number; completion_tokens: number };
  systemFingerprint?: string;
  /** finish_reason when not truncated (default "stop"). */
  finishReason?: string;
  /** Extra response headers (e.g. x-ratelimit-remaining-requests), on success and error replies alike. */
  headers?: Record<string, string>;
}

export type Script = (req: ChatRequestBody, index: number) => ScriptedReply | Promise<ScriptedReply>;

export interface RecordedRequest {
  body: ChatRequestBody;
  /** Lower-case header names, as node:http gives them. */
  headers: Record<string, string>;
  /** Date.now() when the request body had arrived. */
  at: number;
}

export interface OpenAiTestServer {
  /** e.g. http://127.0.0.1:PORT/v1 */
  baseUrl: string;
  requests: RecordedRequest[];
  setScript(script: Script): void;
  close(): Promise<void>;
}

/** Rough token count (chars / 4, at least 1) for the default usage. */
function roughTokens(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4));
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

function errorType(status: number): string {
  if (status === 429) return 'rate_limit_exceeded';
  if (status === 400) return 'invalid_request_error';
  if (status === 401) return 'authentication_error';
  if (status >= 500) return 'server_error';
  return 'api_error';
}

export async function startOpenAiServer(script: Script): Promise<OpenAiTestServer> {
  let current = script;
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  let completionId = 0;

  const handleChat = async (req: IncomingMessage, res: ServerResponse) => {
    const raw = await readBody(req);
    let body: ChatRequestBody;
    try {
      body = JSON.parse(raw) as ChatRequestBody;
    } catch {
      sendJson(res, 400, { error: { message: 'request body is not JSON', type: 'invalid_request_error', param: null, code: null } });
      return;
    }
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(', ') : v;
    const index = requests.length;
    requests.push({ body, headers, at: Date.now() });

    let reply: ScriptedReply;
    try {
      reply = await current(body, index);
    } catch (err) {
      sendJson(res, 500, { error: { message: `test script threw: ${(err as Error).message}`, type: 'server_error', param: null, code: null } });
      return;
    }
    if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
    if (reply.hang) return; // the socket stays open until the client gives up or close() destroys it
    if (reply.dropConnection) {
      req.socket.destroy();
      return;
    }
    if (reply.status && reply.status !== 200) {
      const extra: Record<string, string> = { ...reply.headers };
      if (reply.retryAfter !== undefined) extra['retry-after'] = String(reply.retryAfter);
      if (reply.retryAfterMs !== undefined) extra['retry-after-ms'] = String(reply.retryAfterMs);
      sendJson(
        res,
        reply.status,
        { error: { message: reply.content ?? `scripted error ${reply.status}`, type: errorType(reply.status), param: null, code: null } },
        extra,
      );
      return;
    }
    if (reply.malformed) {
      const text = '{"id": "chatcmpl-broken", "choices": [ this is not json';
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
      res.end(text);
      return;
    }
    let content = reply.content ?? '{}';
    if (reply.truncated) content = content.slice(0, Math.floor(content.length / 2));
    const usage = reply.usage ?? {
      prompt_tokens: body.messages.reduce((n, m) => n + roughTokens(String(m.content ?? '')) + 4, 3),
      completion_tokens: roughTokens(content),
    };
    if (reply.noChoices) {
      sendJson(res, 200, { id: `chatcmpl-test-${++completionId}`, object: 'chat.completion', created: Math.floor(Date.now() / 1000), model: body.model, choices: [], usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens } }, reply.headers);
      return;
    }
    sendJson(res, 200, {
      id: `chatcmpl-test-${++completionId}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: body.model,
      system_fingerprint: reply.systemFingerprint ?? null,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content, refusal: null },
          finish_reason: reply.truncated ? 'length' : (reply.finishReason ?? 'stop'),
          logprobs: null,
        },
      ],
      usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
    }, reply.headers);
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method === 'POST' && url.pathname === '/v1/chat/completions') {
      handleChat(req, res).catch((err) => {
        if (!res.headersSent) sendJson(res, 500, { error: { message: String(err), type: 'server_error', param: null, code: null } });
      });
      return;
    }
    if (req.method === 'GET' && url.pathname === '/v1/models') {
      const seen = [...new Set(requests.map((r) => r.body.model))];
      const ids = seen.length ? seen : ['test-model'];
      sendJson(res, 200, { object: 'list', data: ids.map((id) => ({ id, object: 'model', created: 0, owned_by: 'openai-test-server' })) });
      return;
    }
    sendJson(res, 404, { error: { message: `no route ${req.method} ${url.pathname}`, type: 'invalid_request_error', param: null, code: null } });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  // Keep-alive sockets from the client must not hold the process open after close().
  server.keepAliveTimeout = 5_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    setScript(next: Script) {
      current = next;
    },
    close() {
      return new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      });
    },
  };
}
