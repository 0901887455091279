/**
 * The OpenAI-compatible gateway: any endpoint that speaks /v1/chat/completions (OpenAI, vLLM,
 * Ollama, ...) through the `openai` package, with
 *  - one shared p-queue (config.llm.concurrency) for every request of the process,
 *  - requests- and tokens-per-minute limits and a shared cool-down after a 429,
 *  - its own retries (the client's are off, so counts and waits are ours and testable):
 *    exponential back-off with seeded jitter on 429, 5xx, timeouts, dropped connections and
 *    unreadable bodies, honouring retry-after-ms / Retry-After,
 *  - structured output (json_schema → json_object → text, learned per base URL),
 *  - validation with re-asks, then LlmOutputError (the runner flags the item),
 *  - every call recorded in `calls`, every answer cached in `llm_cache`, so a rerun or a resumed run
 *    pays nothing twice, and a --max-cost budget checked before each new call.
 * The API key lives only in the client object: it is never stored, logged or put in an error.
 */
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import PQueue from 'p-queue';
import { modelFor, type Config, type LlmRole } from '../config.js';
import { redactSecrets } from '../secrets.js';
import type { Store } from '../store/store.js';
import { countChatTokens } from '../tokens.js';
import { callCost, LlmCache, requestHash, type CachedReply, type RequestIdentity } from './callCache.js';
import { backoffMs, RateLimiter, rateLimitHeaders, realClock, retryAfterMs, type Clock } from './limits.js';
import {
  interpretReply,
  isResponseFormatRejection,
  jsonSchemaOf,
  learnedMode,
  nextMode,
  reaskMessage,
  rememberMode,
  shapeRequest,
  type StructuredMode,
} from './structured.js';
import {
  BudgetExceededError,
  LlmCallError,
  EndpointRefusedError,
  LlmOutputError,
  type InvokeOptions,
  type InvokeResult,
  type LlmGateway,
  type PromptMessage,
  type RoleSpec,
} from './types.js';

/** Sent as the key to a local server that wants none (vLLM, Ollama); not a secret. */
export const PLACEHOLDER_KEY = 'no-key-required';
export const DEFAULT_BASE_URL = 'https://api.openai.com/v1';

export interface OpenAiGatewayOptions {
  config: Config;
  store: Store;
  env?: NodeJS.ProcessEnv;
  /** Time source for waits and limits (tests pass a VirtualClock). */
  clock?: Clock;
  /** Progress of retries and waits, for tests and benchmarks. Never receives the key. */
  onEvent?: (event: LlmEvent) => void;
}

export type LlmEvent =
  | { type: 'request'; hash: string; attempt: number; format: StructuredMode | 'raw' }
  | { type: 'retry'; hash: string; attempt: number; waitMs: number; reason: string; retryAfter: boolean }
  | { type: 'format-fallback'; baseUrl: string; from: StructuredMode; to: StructuredMode }
  | { type: 'invalid-output'; hash: string; attempt: number; reason: string };

export interface GatewayStats {
  /** HTTP requests sent (every attempt). */
  requests: number;
  /** Retries after transport failures. */
  retries: number;
  /** Each back-off wait decided, in ms, in order. */
  waits: number[];
  cacheHits: number;
  /** Re-asks after invalid output. */
  reasks: number;
}

/** The base URL a config and environment point at. */
export function baseUrlFor(config: Config, env: NodeJS.ProcessEnv): string {
  return (config.llm.baseUrl ?? env.OPENAI_BASE_URL ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
}

/** What an item key includes for a role on the LLM path: switching model is new work. */
export function llmFingerprint(config: Config, role: LlmRole): string {
  return `openai:${modelFor(config, role)}`;
}

/** The identity of a request for `messages` (the cache key's inputs). */
export function identityFor(config: Config, spec: RoleSpec<unknown, unknown>, messages: PromptMessage[]): RequestIdentity {
  return {
    model: modelFor(config, spec.role),
    messages,
    params: { temperature: config.llm.temperature, max_tokens: config.llm.maxTokens },
    schema: spec.output === 'text' ? 'text' : (jsonSchemaOf(spec) ?? `zod:${spec.schemaName}`),
    template: { id: spec.template.id, version: spec.template.version },
  };
}

interface Reply extends CachedReply {
  cached: boolean;
  /** Attempts this answer took (1 = no retry; a response-format fallback is not counted); not kept in the cache. */
  attempts?: number;
}

/** A failed attempt, classified. */
interface Failure {
  retryable: boolean;
  status?: number;
  message: string;
  serverWaitMs?: number;
}

export class OpenAiGateway implements LlmGateway {
  readonly mode = 'openai' as const;
  readonly baseUrl: string;
  readonly stats: GatewayStats = { requests: 0, retries: 0, waits: [], cacheHits: 0, reasks: 0 };
  readonly limiter: RateLimiter;
  private readonly client: OpenAI;
  private readonly queue: PQueue;
  private readonly cache: LlmCache;
  private readonly clock: Clock;
  private readonly config: Config;
  private readonly store: Store;
  private readonly env: NodeJS.ProcessEnv;
  private readonly onEvent: (event: LlmEvent) => void;
  /** Identical requests in flight at once are sent once. */
  private readonly inflight = new Map<string, Promise<Reply>>();

  constructor(opts: OpenAiGatewayOptions) {
    this.config = opts.config;
    this.store = opts.store;
    this.env = opts.env ?? process.env;
    this.clock = opts.clock ?? realClock;
    this.onEvent = opts.onEvent ?? (() => {});
    this.baseUrl = baseUrlFor(this.config, this.env);
    const key = this.env.OPENAI_API_KEY;
    if (!key && this.baseUrl === DEFAULT_BASE_URL) {
      throw new Error('LLM mode is openai but OPENAI_API_KEY is not set (set it, or OPENAI_BASE_URL / llm.baseUrl for a local server, or use --llm offline)');
    }
    this.client = new OpenAI({
      apiKey: key || PLACEHOLDER_KEY,
      baseURL: this.baseUrl,
      maxRetries: 0,
      timeout: this.config.llm.timeoutMs,
      logLevel: 'off',
    });
    this.queue = new PQueue({ concurrency: this.config.llm.concurrency });
    this.limiter = new RateLimiter(this.config.llm.requestsPerMinute, this.config.llm.tokensPerMinute, this.clock);
    this.cache = new LlmCache(this.store);
  }

  fingerprint(role: LlmRole): string {
    return llmFingerprint(this.config, role);
  }

  /** USD reserved by requests in flight (their worst-case cost). */
  private reserved = 0;

  /** Reserves a request's worst-case cost under --max-cost, or stops the run; returns the amount. */
  private reserve(identity: RequestIdentity): number {
    const maxCost = this.config.llm.maxCost;
    if (maxCost === undefined) return 0;
    const worst = callCost(this.config, identity.model, countChatTokens(identity.messages), identity.params.max_tokens);
    const spent = this.store.runCost();
    if (spent + this.reserved + worst > maxCost) {
      const inFlight = this.reserved > 0 ? ` with ${usd(this.reserved)} reserved by requests in flight` : '';
      throw new BudgetExceededError(`spent ${usd(spent)} of the ${usd(maxCost)} budget (--max-cost)${inFlight}; the next request could cost up to ${usd(worst)}`);
    }
    this.reserved += worst;
    return worst;
  }

  async invoke<I, O>(spec: RoleSpec<I, O>, input: I, opts: InvokeOptions): Promise<InvokeResult<O>> {
    const anySpec = spec as unknown as RoleSpec<unknown, O>;
    const model = modelFor(this.config, spec.role);
    let conversation = spec.template.render(input);
    const attempts = this.config.llm.maxInvalidOutputRetries + 1;
    let lastReason = '';
    for (let attempt = 0; attempt < attempts; attempt++) {
      const identity = identityFor(this.config, anySpec as RoleSpec<unknown, unknown>, conversation);
      const hash = requestHash(identity);
      let verdict: ReturnType<typeof interpretReply<O>> | undefined;
      const reply = await this.complete(anySpec as RoleSpec<unknown, unknown>, identity, hash, opts, (r) => {
        verdict = interpretReply(anySpec, r);
        return verdict.ok ? null : verdict.reason;
      });
      if (verdict!.ok) return { output: verdict!.value, method: `llm:${model}`, cached: reply.cached };
      lastReason = verdict!.reason;
      this.onEvent({ type: 'invalid-output', hash, attempt, reason: lastReason });
      if (attempt + 1 < attempts) this.stats.reasks++;
      const reask = spec.output === 'text' ? { role: 'user' as const, content: `Your previous reply was not usable: ${lastReason}. Reply again.` } : reaskMessage(lastReason);
      conversation = [...conversation, { role: 'assistant', content: reply.content }, reask];
    }
    throw new LlmOutputError(redactSecrets(`${spec.role} (${model}): no valid output after ${attempts} attempt(s); last problem: ${lastReason}`, this.env), spec.role, model);
  }

  /**
   * One request's answer: from the cache, from an identical request in flight, or from the
   * endpoint. `check` says whether the answer is usable, so the call row can say so too.
   */
  private async complete(
    spec: RoleSpec<unknown, unknown>,
    identity: RequestIdentity,
    hash: string,
    opts: InvokeOptions,
    check: (r: CachedReply) => string | null,
  ): Promise<Reply> {
    const hit = this.cache.get(hash);
    const shared = hit ? undefined : this.inflight.get(hash);
    if (hit || shared) {
      const reply = hit ?? (await shared!);
      this.stats.cacheHits++;
      const problem = check(reply);
      this.record(spec, identity, hash, opts, { ...reply, cached: true }, problem, 0);
      return { ...reply, cached: true };
    }
    // The request's worst-case cost (prompt + max_tokens) is reserved before it is sent, so requests
    // in flight together can never overshoot --max-cost; the reservation gives way to the real cost.
    const reservation = this.reserve(identity);
    const started = this.clock.now();
    const pending = this.send(spec, identity, hash);
    this.inflight.set(hash, pending);
    let reply: Reply;
    try {
      reply = await pending;
    } catch (err) {
      this.record(spec, identity, hash, opts, undefined, (err as Error).message, this.clock.now() - started);
      throw err;
    } finally {
      this.inflight.delete(hash);
      this.reserved -= reservation;
    }
    // Every paid answer is kept, usable or not: a resumed run replays the same re-ask chain from
    // the cache instead of paying for it again.
    const problem = check(reply);
    const latencyMs = this.clock.now() - started;
    // One commit for the cache entry and its call row: half the write cost, and never one without the other.
    this.store.db.transaction(() => {
      this.cache.put(hash, identity.model, reply);
      this.record(spec, identity, hash, opts, reply, problem, latencyMs);
    })();
    // Inside a stage's group commit the batch would wait for more items: a paid answer is durable at once.
    this.store.commitPending();
    return reply;
  }

  private record(
    spec: RoleSpec<unknown, unknown>,
    identity: RequestIdentity,
    hash: string,
    opts: InvokeOptions,
    reply: Reply | undefined,
    problem: string | null,
    latencyMs: number,
  ): void {
    this.store.recordCall({
      kind: 'llm',
      artifactKey: opts.artifactKey ?? null,
      stage: opts.stage ?? null,
      requestHash: hash,
      role: spec.role,
      model: identity.model,
      request: { ...identity, schema: spec.output === 'text' ? 'text' : spec.schemaName },
      response: reply ? { content: reply.content, finishReason: reply.finishReason, ...(reply.cached ? {} : { attempts: reply.attempts ?? 1 }) } : undefined,
      status: !reply ? 'error' : problem ? 'invalid' : 'ok',
      error: problem ? redactSecrets(problem, this.env) : null,
      promptTokens: reply?.promptTokens ?? null,
      completionTokens: reply?.completionTokens ?? null,
      latencyMs: reply?.cached ? 0 : latencyMs,
      cost: reply && !reply.cached ? reply.cost : 0,
      cached: reply?.cached ?? false,
      systemFingerprint: reply?.systemFingerprint ?? null,
    });
  }

  /** Send a request until it is answered, retrying what is worth retrying. */
  private async send(spec: RoleSpec<unknown, unknown>, identity: RequestIdentity, hash: string): Promise<Reply> {
    const configured = this.config.llm.structuredOutput;
    let format: StructuredMode = configured === 'auto' ? (learnedMode(this.baseUrl) ?? 'json_schema') : configured;
    let estTokens = -1;
    for (let attempt = 0; ; attempt++) {
      const shaped = shapeRequest(spec, identity.messages, format);
      const body: Record<string, unknown> = {
        model: identity.model,
        messages: shaped.messages,
        temperature: identity.params.temperature,
        max_tokens: identity.params.max_tokens,
      };
      if (shaped.responseFormat) body.response_format = shaped.responseFormat;
      // OpenAI counts the prompt plus max_tokens against the tokens-per-minute limit; so do we.
      if (estTokens < 0) estTokens = countChatTokens(shaped.messages) + identity.params.max_tokens;
      this.onEvent({ type: 'request', hash, attempt, format: spec.output === 'text' ? 'raw' : format });

      const outcome = await this.queue.add(async (): Promise<Reply | Failure> => {
        await this.limiter.acquire(estTokens);
        this.stats.requests++;
        try {
          const { data, response } = await this.client.chat.completions.create(body as never).withResponse();
          this.learnLimits(response.headers);
          const completion = data as OpenAI.Chat.Completions.ChatCompletion;
          // A 200 without a message is the server's fault, like a 5xx — but if it reports usage it
          // was billed, and what was billed counts against the budget.
          const read = this.readCompletion(identity.model, completion);
          if (!read && completion?.usage) this.recordBilledFailure(spec, identity, hash, completion.usage);
          return read ?? { retryable: true, message: 'the response has no assistant message' };
        } catch (err) {
          if (err instanceof APIError) this.learnLimits(err.headers as Headers | undefined);
          const failure = this.classify(err);
          // A 429 is about the client as a whole: everyone waits, not just this request. Set here,
          // inside the queue slot, so the next queued request already sees it.
          if (failure.status === 429) this.limiter.coolDown(this.waitFor(failure, attempt, hash));
          return failure;
        }
      });
      if (!outcome) throw new LlmCallError('request dropped from the queue', spec.role);
      if (!('retryable' in outcome)) return { ...outcome, attempts: attempt + 1 };
      const failure = outcome;

      if (spec.output !== 'text' && configured === 'auto' && isResponseFormatRejection(failure.status, failure.message)) {
        const next = nextMode(format);
        if (next) {
          this.onEvent({ type: 'format-fallback', baseUrl: this.baseUrl, from: format, to: next });
          rememberMode(this.baseUrl, next);
          format = next;
          attempt--; // a different request, not a retry of the same one
          continue;
        }
      }
      if (failure.status === 401 || failure.status === 403 || failure.status === 404) {
        throw new EndpointRefusedError(
          redactSecrets(
            `the endpoint ${this.baseUrl} refused ${spec.role} (${identity.model}) with ${failure.message}; every request would be refused alike, so the run stops ` +
              `(check OPENAI_API_KEY, OPENAI_BASE_URL and llm.models; rerun to resume)`,
            this.env,
          ),
          failure.status,
        );
      }
      if (!failure.retryable || attempt >= this.config.llm.maxRetries) {
        const tries = attempt + 1;
        throw new LlmCallError(
          redactSecrets(`${spec.role} (${identity.model}) at ${this.baseUrl}: ${failure.message}` + (failure.retryable ? ` (gave up after ${tries} attempts)` : ''), this.env),
          spec.role,
          failure.status,
        );
      }
      const waitMs = this.waitFor(failure, attempt, hash);
      this.stats.retries++;
      this.stats.waits.push(waitMs);
      this.onEvent({ type: 'retry', hash, attempt, waitMs, reason: failure.message, retryAfter: failure.serverWaitMs !== undefined });
      await this.clock.sleep(waitMs);
    }
  }

  /** The server's x-ratelimit-* headers, when it sends them, pace the requests that follow. */
  private learnLimits(headers: Headers | undefined): void {
    const limits = rateLimitHeaders(headers, this.clock.now());
    if (limits) this.limiter.learn(limits);
  }

  /** The server's Retry-After when it gave one, else exponential back-off with seeded jitter. */
  private waitFor(failure: Failure, attempt: number, hash: string): number {
    return failure.serverWaitMs ?? backoffMs(attempt, this.config.llm.backoffBaseMs, this.config.llm.backoffMaxMs, this.config.seed, hash);
  }

  /** A reply the endpoint billed (usage reported) but that carries no answer: a call row with its cost. */
  private recordBilledFailure(spec: RoleSpec<unknown, unknown>, identity: RequestIdentity, hash: string, usage: { prompt_tokens?: number; completion_tokens?: number }): void {
    const promptTokens = usage.prompt_tokens ?? 0;
    const completionTokens = usage.completion_tokens ?? 0;
    this.store.recordCall({
      kind: 'llm',
      requestHash: hash,
      role: spec.role,
      model: identity.model,
      request: { ...identity, schema: spec.output === 'text' ? 'text' : spec.schemaName },
      status: 'error',
      error: 'a 200 reply with usage but no assistant message (billed, retried)',
      promptTokens,
      completionTokens,
      cost: callCost(this.config, identity.model, promptTokens, completionTokens),
    });
  }

  private readCompletion(model: string, completion: OpenAI.Chat.Completions.ChatCompletion): Reply | undefined {
    const choice = completion?.choices?.[0];
    if (!choice || !choice.message) return undefined;
    // An endpoint may echo the key back (a proxy's debug output, a model repeating its headers):
    // it is scrubbed before the reply reaches the cache, the calls table or a parser.
    const content = redactSecrets(typeof choice.message.content === 'string' ? choice.message.content : '', this.env);
    const promptTokens = completion.usage?.prompt_tokens ?? countChatTokens([{ content: '' }]);
    const completionTokens = completion.usage?.completion_tokens ?? 0;
    return {
      content,
      finishReason: choice.finish_reason ?? null,
      promptTokens,
      completionTokens,
      cost: callCost(this.config, model, promptTokens, completionTokens),
      systemFingerprint: completion.system_fingerprint ?? null,
      cached: false,
    };
  }

  private classify(err: unknown): Failure {
    if (err instanceof APIConnectionError) {
      // Includes APIConnectionTimeoutError: a timeout or a dropped connection is worth another try.
      const timeout = err instanceof APIConnectionTimeoutError;
      return { retryable: true, message: timeout ? `timed out after ${this.config.llm.timeoutMs} ms` : `connection failed: ${causeOf(err)}` };
    }
    if (err instanceof APIError && typeof err.status === 'number') {
      const status = err.status;
      const retryable = status === 408 || status === 409 || status === 429 || status >= 500;
      const serverWaitMs = retryable ? retryAfterMs(err.headers as { get(name: string): string | null } | undefined, this.clock.now()) : undefined;
      return { retryable, status, message: `HTTP ${status}: ${err.message}`, serverWaitMs };
    }
    if (err instanceof SyntaxError) return { retryable: true, message: `the response body is not JSON (${err.message})` };
    return { retryable: false, message: (err as Error)?.message ?? String(err) };
  }
}

/** Dollars with the digits that matter: $12.50, $0.0123, $0.00002 (never "$0.0000"). */
export function usd(x: number): string {
  if (x === 0) return '$0';
  if (Math.abs(x) >= 1) return `$${x.toFixed(2)}`;
  return `$${Number(x.toPrecision(3)).toString()}`;
}

function causeOf(err: Error): string {
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? err.message;
}
