/**
 * Time, rate limits and back-off for the LLM client. The clock is injectable so the tests can
 * check every wait the client decided on without waiting for it.
 */
import { Rng } from '../rng.js';

export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms))),
};

/**
 * A virtual clock for tests: sleeping advances time at once and records the wait, so a test can
 * assert "waited 2000 ms then 4000 ms" without any wall-clock timing.
 */
export class VirtualClock implements Clock {
  private t = 1_000_000;
  readonly sleeps: number[] = [];
  now(): number {
    return this.t;
  }
  async sleep(ms: number): Promise<void> {
    const wait = Math.max(0, Math.round(ms));
    this.sleeps.push(wait);
    this.t += wait;
    // Let other tasks run, as a real timer would.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const WINDOW_MS = 60_000;

/**
 * Requests-per-minute and tokens-per-minute over a sliding one-minute window, plus the shared
 * cool-down: after a 429 every request waits until the cool-down ends, not just the one that was
 * refused, since the endpoint is telling the whole client to back off.
 */
export class RateLimiter {
  private starts: { t: number; tokens: number }[] = [];
  private tokensInWindow = 0;
  private coolUntil = 0;
  /** What the server last said is left of its current window (x-ratelimit-remaining-*), until that window resets. */
  private serverRequests?: { remaining: number; until: number };
  private serverTokens?: { remaining: number; until: number };
  /** The per-minute limits in force: the configured ones, lowered to what the server announces. */
  rpm: number;
  tpm: number;
  /** Total ms requests spent waiting for the limits or the cool-down (for reports and tests). */
  waitedMs = 0;

  constructor(
    private readonly configuredRpm: number,
    private readonly configuredTpm: number,
    private readonly clock: Clock,
  ) {
    this.rpm = configuredRpm;
    this.tpm = configuredTpm;
  }

  /**
   * Adapts to the server's x-ratelimit-* headers (OpenAI, Azure, vLLM behind a gateway, ...): its
   * announced limits cap ours (never raise them above the config), and when it says a window has
   * no requests or too few tokens left, requests wait for that window's reset instead of being
   * refused with a 429 first.
   */
  learn(h: RateLimitHeaders): void {
    const now = this.clock.now();
    if (h.limitRequests !== undefined && h.limitRequests > 0) this.rpm = Math.min(this.configuredRpm, h.limitRequests);
    if (h.limitTokens !== undefined && h.limitTokens > 0) this.tpm = Math.min(this.configuredTpm, h.limitTokens);
    if (h.remainingRequests !== undefined && h.resetRequestsMs !== undefined) this.serverRequests = { remaining: h.remainingRequests, until: now + h.resetRequestsMs };
    if (h.remainingTokens !== undefined && h.resetTokensMs !== undefined) this.serverTokens = { remaining: h.remainingTokens, until: now + h.resetTokensMs };
  }

  /** Hold every request until `ms` from now (a later cool-down wins over an earlier one). */
  coolDown(ms: number): void {
    this.coolUntil = Math.max(this.coolUntil, this.clock.now() + ms);
  }

  coolingUntil(): number {
    return this.coolUntil;
  }

  /** Wait until a request of `tokens` fits in the window and no cool-down is in force, then count it. */
  async acquire(tokens: number): Promise<void> {
    for (;;) {
      const now = this.clock.now();
      while (this.starts.length && this.starts[0].t <= now - WINDOW_MS) this.tokensInWindow -= this.starts.shift()!.tokens;
      if (this.serverRequests && this.serverRequests.until <= now) this.serverRequests = undefined;
      if (this.serverTokens && this.serverTokens.until <= now) this.serverTokens = undefined;
      let wait = 0;
      if (this.coolUntil > now) wait = this.coolUntil - now;
      else if (this.serverRequests && this.serverRequests.remaining <= 0) wait = this.serverRequests.until - now;
      else if (this.serverTokens && this.serverTokens.remaining < tokens) wait = this.serverTokens.until - now;
      else if (this.starts.length >= this.rpm) wait = this.starts[0].t + WINDOW_MS - now;
      // A request bigger than the whole budget still goes, alone, rather than never.
      else if (this.starts.length && this.tokensInWindow + tokens > this.tpm) wait = this.starts[0].t + WINDOW_MS - now;
      if (wait <= 0) {
        this.starts.push({ t: now, tokens });
        this.tokensInWindow += tokens;
        // Until the next reply says otherwise, what this request takes is no longer left.
        if (this.serverRequests) this.serverRequests.remaining--;
        if (this.serverTokens) this.serverTokens.remaining -= tokens;
        return;
      }
      this.waitedMs += wait;
      await this.clock.sleep(wait);
    }
  }
}

/**
 * Exponential back-off with jitter: base·2^attempt, capped, scaled by a factor in [0.5, 1) drawn
 * from an Rng seeded by the request and the attempt — never Math.random, so a test knows the waits.
 */
export function backoffMs(attempt: number, baseMs: number, maxMs: number, seed: number, requestHash: string): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** attempt);
  const rng = new Rng(seed, 'llm-backoff', requestHash, String(attempt));
  return Math.round(ceiling * (0.5 + 0.5 * rng.float()));
}

/** The server's own wait, from retry-after-ms (OpenAI) or Retry-After (seconds or an HTTP date). */
export function retryAfterMs(headers: { get(name: string): string | null } | undefined, now = Date.now()): number | undefined {
  if (!headers) return undefined;
  const ms = headers.get('retry-after-ms');
  if (ms !== null && ms.trim() !== '' && Number.isFinite(Number(ms))) return Math.max(0, Number(ms));
  const value = headers.get('retry-after');
  if (value === null || value.trim() === '') return undefined;
  if (Number.isFinite(Number(value))) return Math.max(0, Number(value) * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** What a server's x-ratelimit-* headers say; a field is absent when its header is. */
export interface RateLimitHeaders {
  limitRequests?: number;
  limitTokens?: number;
  remainingRequests?: number;
  remainingTokens?: number;
  resetRequestsMs?: number;
  resetTokensMs?: number;
}

/**
 * A reset as servers write it: OpenAI's durations ("1s", "6m0s", "20ms", "1h2m3.5s"), plain
 * seconds ("0.5"), or a Unix time in seconds (some proxies) — as ms from now.
 */
export function resetMs(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) {
    const n = Number(text);
    return n > 1e9 ? Math.max(0, n * 1000 - now) : n * 1000;
  }
  const units: Record<string, number> = { h: 3_600_000, m: 60_000, s: 1000, ms: 1 };
  let ms = 0;
  let rest = text;
  for (;;) {
    const part = /^(\d+(?:\.\d+)?)(ms|h|m|s)/.exec(rest);
    if (!part) break;
    ms += Number(part[1]) * units[part[2]];
    rest = rest.slice(part[0].length);
  }
  return rest === '' && text !== '' ? Math.round(ms) : undefined;
}

/** The x-ratelimit-* headers of a response, or undefined when it sent none. */
export function rateLimitHeaders(headers: { get(name: string): string | null } | undefined, now = Date.now()): RateLimitHeaders | undefined {
  if (!headers) return undefined;
  const count = (name: string) => {
    const v = headers.get(name);
    return v !== null && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : undefined;
  };
  const h: RateLimitHeaders = {
    limitRequests: count('x-ratelimit-limit-requests'),
    limitTokens: count('x-ratelimit-limit-tokens'),
    remainingRequests: count('x-ratelimit-remaining-requests'),
    remainingTokens: count('x-ratelimit-remaining-tokens'),
    resetRequestsMs: resetMs(headers.get('x-ratelimit-reset-requests'), now),
    resetTokensMs: resetMs(headers.get('x-ratelimit-reset-tokens'), now),
  };
  return Object.values(h).some((v) => v !== undefined) ? h : undefined;
}
