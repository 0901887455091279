/**
 * Engine overhead: a no-op stage of 100k items through the real runner and a real SQLite file,
 * then a resume with nothing left to do. Prints items/s and the resume time as a fraction of the
 * full run (aim: under 5%).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseConfig } from '../../pipeline/config.js';
import { Store } from '../../pipeline/store/store.js';
import { OfflineGateway } from '../../pipeline/llm/offline.js';
import { createServices } from '../../pipeline/services.js';
import { runPipeline } from '../../pipeline/runner.js';
import type { ItemStage, Stage, StageName } from '../../pipeline/stage.js';
import { benchNumber, defineBench } from './lib/bench.js';

function noopStage(items: number): ItemStage<{ i: number }, { i: number }> {
  return {
    kind: 'items',
    name: 'collect',
    version: 'bench-1',
    upstream: [],
    description: 'no-op',
    configSlice: () => ({}),
    enumerate: () => Array.from({ length: items }, (_, i) => ({ id: `item-${i}`, input: { i }, parents: [] })),
    run: async (item) => ({ status: 'ok', content: { i: item.input.i }, method: 'rules:noop' }),
  };
}

async function timeRun(db: string, items: number, concurrency: number): Promise<{ ms: number; processed: number; reused: number }> {
  const config = parseConfig({ llm: { mode: 'offline' } });
  const store = Store.open(db);
  const llm = new OfflineGateway();
  const stages = new Map<StageName, Stage>([['collect', noopStage(items)]]);
  const started = performance.now();
  store.startRun('bench', {}, config.seed, 'bench');
  const [report] = await runPipeline({ store, config, llm, services: createServices(store, config, llm), stages, log: () => {} }, 'collect', { concurrency });
  const ms = performance.now() - started;
  store.close();
  return { ms, processed: report.processed, reused: report.reused };
}

export default defineBench({
  describe: 'Engine overhead: a no-op stage through the real runner and SQLite, then a resume with nothing to do',
  builder: (y) =>
    y
      .option('items', { type: 'number', default: 100_000, describe: 'No-op items in the stage' })
      .coerce('items', benchNumber('--items', { integer: true, min: 1 }))
      .option('concurrency', { type: 'number', default: 16, describe: 'Items in flight at once' })
      .coerce('concurrency', benchNumber('--concurrency', { integer: true, min: 1, max: 256 })),
  handler: main,
});

async function main({ items, concurrency }: { items: number; concurrency: number }): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'forge-bench-engine-'));
  const db = join(dir, 'bench.db');
  try {
    const full = await timeRun(db, items, concurrency);
    const resume = await timeRun(db, items, concurrency);
    if (full.processed !== items || resume.reused !== items || resume.processed !== 0) {
      throw new Error(`unexpected counts: full ${JSON.stringify(full)}, resume ${JSON.stringify(resume)}`);
    }
    const rate = items / (full.ms / 1000);
    console.log(`engine bench: ${items} no-op items, concurrency ${concurrency}, one transaction per item`);
    console.log(`  full run:   ${(full.ms / 1000).toFixed(2)} s  (${rate.toFixed(0)} items/s)`);
    console.log(`  resume:     ${(resume.ms / 1000).toFixed(2)} s  (nothing left to do)`);
    console.log(`  resume/full ratio: ${(resume.ms / full.ms).toFixed(4)}  (${((100 * resume.ms) / full.ms).toFixed(2)}%, aim < 5%)`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
