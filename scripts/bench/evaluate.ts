/**
 * `pnpm evaluate` throughput: the scripted model of tests/evaluate (internal samples one reply,
 * external ones a retry then the next step, or four retries) on a synthetic data set, through the
 * real OpenAiGateway and the evaluation store on a temp file, against the local test server answering
 * after a fixed latency. Prints wall time over the ideal (requests × latency / concurrency) and the CPU
 * per request, which (unlike the wall time) does not depend on what else the machine is running.
 *
 *   pnpm bench evaluate [--copies=100] [--latency=200] [--concurrency=50]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Store } from '../../pipeline/store/store.js';
import { forgetLearnedModes } from '../../pipeline/llm/structured.js';
import { modelPolicy } from '../../evaluate/policies.js';
import { EvalRecords } from '../../evaluate/records.js';
import { runEvaluation } from '../../evaluate/runner.js';
import { LexicalSimilarity } from '../../evaluate/similarity.js';
import { startOpenAiServer } from '../../tests/support/openaiServer.js';
import { testConfig, testGateway } from '../../tests/support/llmGateway.js';
import { scriptedModel, writeFixture } from '../../tests/evaluate/fixture.js';
import { benchNumber, defineBench } from './lib/bench.js';

export default defineBench({
  describe: '`pnpm evaluate` throughput through the real gateway against the local test server',
  builder: (y) =>
    y
      .option('copies', { type: 'number', default: 100, describe: 'Copies of the fixture data set' })
      .coerce('copies', benchNumber('--copies', { integer: true, min: 1 }))
      .option('latency', { type: 'number', default: 200, describe: 'Server reply latency, ms' })
      .coerce('latency', benchNumber('--latency', { min: 0 }))
      .option('concurrency', { type: 'number', default: 50, describe: 'Requests in flight at once' })
      .coerce('concurrency', benchNumber('--concurrency', { integer: true, min: 1, max: 1024 })),
  handler: bench,
});

async function bench({ copies, latency, concurrency }: { copies: number; latency: number; concurrency: number }): Promise<void> {
  let inFlight = 0;
  let peak = 0;
  const server = await startOpenAiServer(async (body) => {
    inFlight++;
    peak = Math.max(peak, inFlight);
    await new Promise((r) => setTimeout(r, latency));
    inFlight--;
    return { ...scriptedModel(body), usage: { prompt_tokens: 300, completion_tokens: 30 } };
  });
  const dir = mkdtempSync(join(tmpdir(), 'forge-bench-evaluate-'));
  const data = join(dir, 'data');
  writeFixture(data, copies);
  const store = Store.open(join(dir, 'bench.db'));
  try {
    store.startRun('bench evaluate', {}, 42, 'bench');
    forgetLearnedModes();
    const overrides = { llm: { concurrency, requestsPerMinute: 1_000_000, tokensPerMinute: 1_000_000_000, timeoutMs: 30_000, temperature: 0, maxTokens: 512, models: { 'observed-model': 'bench-model' } } };
    const gateway = testGateway(store, server.baseUrl, overrides);
    const config = testConfig(overrides);
    const started = Date.now();
    const cpuStart = process.cpuUsage();
    const result = await runEvaluation({
      dataDir: data,
      environmentModes: ['skip'],
      retryLimit: 3,
      concurrency,
      policy: modelPolicy('bench-model', gateway, config),
      policyFingerprint: 't=0;max_tokens=512',
      similarity: new LexicalSimilarity(),
      records: new EvalRecords(store),
    });
    const wall = Date.now() - started;
    const cpu = process.cpuUsage(cpuStart);
    const requests = server.requests.length;
    const ideal = (requests * latency) / concurrency;
    const samples = result.results.reduce((n, r) => n + r.samples, 0);
    console.log(`evaluate: ${samples} samples, ${requests} requests, ${latency} ms replies, concurrency ${concurrency} (peak in flight ${peak})`);
    console.log(`  wall ${wall} ms, ideal ${Math.round(ideal)} ms, wall/ideal ${(wall / ideal).toFixed(2)}; cpu ${((cpu.user + cpu.system) / 1000 / requests).toFixed(2)} ms/request (client, store and test server together)`);
  } finally {
    store.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
