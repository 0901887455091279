/**
 * LLM client throughput: N distinct calls through the real OpenAiGateway (queue, limiter, retries,
 * SQLite call log and cache on a temp file) against the local test server answering after a fixed
 * latency. Prints wall time over the ideal (calls × latency / concurrency; aim under 1.15), then the
 * same with a share of 429s carrying a short Retry-After, which the shared cool-down turns into a
 * pause for every request.
 *
 *   pnpm bench llm [--calls=2000] [--latency=200] [--concurrency=50] [--rate429=0.2] [--retry-after=0.2]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Store } from '../../pipeline/store/store.js';
import { Rng } from '../../pipeline/rng.js';
import { countTokens } from '../../pipeline/tokens.js';
import { forgetLearnedModes } from '../../pipeline/llm/structured.js';
import { startOpenAiServer } from '../../tests/support/openaiServer.js';
import { testGateway } from '../../tests/support/llmGateway.js';
import { answerFor, answerRole } from '../../tests/llm/fixtures/roles.js';
import { benchNumber, defineBench } from './lib/bench.js';


interface Result {
  wallMs: number;
  /** CPU time of this process (client and test server together) per call, ms. */
  cpuPerCall: number;
  requests: number;
  refused: number;
  retries: number;
  peak: number;
  cooldownWaitMs: number;
}

async function run(calls: number, latencyMs: number, concurrency: number, rate429: number, retryAfterS: number, label: string): Promise<Result> {
  let inFlight = 0;
  let peak = 0;
  let refused = 0;
  const server = await startOpenAiServer(async (body, index) => {
    // Which requests are refused is seeded by arrival index: the same share every run.
    if (rate429 > 0 && new Rng(7, 'bench-llm', label, String(index)).chance(rate429)) {
      refused++;
      return { status: 429, retryAfter: retryAfterS, content: 'Rate limit reached (bench)' };
    }
    inFlight++;
    peak = Math.max(peak, inFlight);
    await new Promise((r) => setTimeout(r, latencyMs));
    inFlight--;
    return { content: answerFor(body), usage: { prompt_tokens: 40, completion_tokens: 12 } };
  });
  const dir = mkdtempSync(join(tmpdir(), 'forge-bench-llm-'));
  const store = Store.open(join(dir, 'bench.db'));
  try {
    store.startRun('bench llm', {}, 42, 'bench');
    forgetLearnedModes();
    const gw = testGateway(store, server.baseUrl, {
      llm: { concurrency, requestsPerMinute: 1_000_000, tokensPerMinute: 1_000_000_000, maxRetries: 20, timeoutMs: 30_000, backoffBaseMs: 100, backoffMaxMs: 2_000 },
    });
    const started = performance.now();
    const cpu0 = process.cpuUsage();
    // Distinct prompts: every call is a real request, none is a cache hit.
    await Promise.all(Array.from({ length: calls }, (_, i) => gw.invoke(answerRole, { q: `${label} question ${i}` }, { rng: new Rng(1, 'bench', String(i)), stage: 'bench' })));
    const wallMs = performance.now() - started;
    const cpu = process.cpuUsage(cpu0);
    const rows = (store.db.prepare("SELECT count(*) AS n FROM calls WHERE status = 'ok' AND cached = 0").get() as { n: number }).n;
    if (rows !== calls) throw new Error(`expected ${calls} paid ok calls in the log, found ${rows}`);
    return { wallMs, cpuPerCall: (cpu.user + cpu.system) / 1000 / calls, requests: gw.stats.requests, refused, retries: gw.stats.retries, peak, cooldownWaitMs: gw.limiter.waitedMs };
  } finally {
    store.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The same calls with bare fetch and no client at all: what this machine (and the test server in
 * the same process) allows, so the gateway's own overhead can be told from a busy machine.
 */
async function rawFetch(calls: number, latencyMs: number, concurrency: number): Promise<{ wallMs: number; cpuPerCall: number }> {
  const server = await startOpenAiServer(async (body) => {
    await new Promise((r) => setTimeout(r, latencyMs));
    return { content: answerFor(body), usage: { prompt_tokens: 40, completion_tokens: 12 } };
  });
  try {
    let next = 0;
    const started = performance.now();
    const cpu0 = process.cpuUsage();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < calls) {
          const i = next++;
          const res = await fetch(`${server.baseUrl}/chat/completions`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: `raw question ${i}` }] }),
          });
          await res.json();
        }
      }),
    );
    const cpu = process.cpuUsage(cpu0);
    return { wallMs: performance.now() - started, cpuPerCall: (cpu.user + cpu.system) / 1000 / calls };
  } finally {
    await server.close();
  }
}

export default defineBench({
  describe: 'LLM client throughput through the real OpenAiGateway against the local test server, clean and with 429s',
  builder: (y) =>
    y
      .option('calls', { type: 'number', default: 2000, describe: 'Distinct calls' })
      .coerce('calls', benchNumber('--calls', { integer: true, min: 1 }))
      .option('latency', { type: 'number', default: 200, describe: 'Server reply latency, ms' })
      .coerce('latency', benchNumber('--latency', { min: 0 }))
      .option('concurrency', { type: 'number', default: 50, describe: 'Requests in flight at once' })
      .coerce('concurrency', benchNumber('--concurrency', { integer: true, min: 1, max: 1024 }))
      .option('rate429', { type: 'number', default: 0.2, describe: 'Share of requests refused with 429 in the faulty run' })
      .coerce('rate429', benchNumber('--rate429', { min: 0, max: 1 }))
      .option('retry-after', { type: 'number', default: 0.2, describe: 'Retry-After the 429s carry, seconds' })
      .coerce('retry-after', benchNumber('--retry-after', { min: 0 })),
  handler: (a) => main(a.calls, a.latency, a.concurrency, a.rate429, a['retry-after']),
});

async function main(calls: number, latency: number, concurrency: number, rate429: number, retryAfter: number): Promise<void> {
  countTokens('warm up the tokenizer'); // loading the BPE ranks is a one-off, not per-call cost
  const ideal = (calls * latency) / concurrency;
  console.log(`llm bench: ${calls} distinct calls, ${latency} ms server latency, concurrency ${concurrency}; ideal ${(ideal / 1000).toFixed(2)} s`);

  const raw = await rawFetch(calls, latency, concurrency);
  console.log(`  bare fetch, no client (this machine's floor): ${(raw.wallMs / 1000).toFixed(2)} s  wall/ideal ${(raw.wallMs / ideal).toFixed(3)}  cpu ${raw.cpuPerCall.toFixed(2)} ms/call`);

  const clean = await run(calls, latency, concurrency, 0, retryAfter, 'clean');
  console.log(
    `  gateway, no faults:  ${(clean.wallMs / 1000).toFixed(2)} s  wall/ideal ${(clean.wallMs / ideal).toFixed(3)} (aim < 1.15)  requests ${clean.requests}  peak at server ${clean.peak}  ` +
      `gateway/bare fetch ${(clean.wallMs / raw.wallMs).toFixed(3)}  cpu ${clean.cpuPerCall.toFixed(2)} ms/call`,
  );

  const faulty = await run(calls, latency, concurrency, rate429, retryAfter, 'faulty');
  console.log(
    `  gateway, ${Math.round(rate429 * 100)}% 429s (Retry-After ${retryAfter} s): ${(faulty.wallMs / 1000).toFixed(2)} s  wall/ideal ${(faulty.wallMs / ideal).toFixed(3)}  ` +
      `requests ${faulty.requests} (${faulty.refused} refused, ${faulty.retries} retries)  peak at server ${faulty.peak}  cool-down waits ${(faulty.cooldownWaitMs / 1000).toFixed(1)} s summed over requests`,
  );
}
