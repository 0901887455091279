/**
 * Listed items (enumerate returns an array) are queued a few at a time as earlier ones finish, not
 * all at once: every item must still run exactly once and be committed, and a stop must leave the
 * items after it unstarted and pending. (Start order was never strictly the listed one: an item that
 * hands the event loop a turn lets the next start first.)
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseConfig } from '../../pipeline/config.js';
import { Store } from '../../pipeline/store/store.js';
import { OfflineGateway } from '../../pipeline/llm/offline.js';
import { StopRunError } from '../../pipeline/llm/types.js';
import { createServices } from '../../pipeline/services.js';
import { runPipeline, type StageReport } from '../../pipeline/runner.js';
import type { ItemStage, Stage, StageItem, StageName } from '../../pipeline/stage.js';

const N = 500;

function numbers(started: number[], stopAt?: number): ItemStage<{ n: number }, { n: number }> {
  return {
    kind: 'items',
    name: 'collect',
    version: '1',
    upstream: [],
    description: 'numbers',
    configSlice: () => ({}),
    enumerate: (): StageItem<{ n: number }>[] => Array.from({ length: N }, (_, n) => ({ id: `n${n}`, input: { n }, parents: [`source:f#${n}`] })),
    async run(item) {
      started.push(item.input.n);
      if (item.input.n === stopAt) throw new StopRunError('enough');
      // Items finish out of order: odd ones wait a turn of the event loop longer.
      await new Promise((res) => setImmediate(res));
      if (item.input.n % 2) await new Promise((res) => setImmediate(res));
      return { status: 'ok', content: { n: item.input.n * 2 }, method: 'rules:test' };
    },
  };
}

async function run(db: string, started: number[], stopAt?: number): Promise<{ report: StageReport; pending: number }> {
  const config = parseConfig({ llm: { mode: 'offline' } });
  const store = Store.open(db);
  try {
    store.acquireLock('listed test');
    store.startRun('listed test', {}, config.seed, 'test');
    const llm = new OfflineGateway();
    const stages = new Map<StageName, Stage>([['collect', numbers(started, stopAt)]]);
    const [report] = await runPipeline({ store, config, llm, services: createServices(store, config, llm), stages, log: () => {}, options: {} }, 'collect', { concurrency: 4 });
    return { report, pending: store.unfinishedCount('collect') };
  } finally {
    store.close();
  }
}

describe('listed items queued as they are needed', () => {
  it('run every item once and commit them all', async () => {
    const started: number[] = [];
    const { report, pending } = await run(join(mkdtempSync(join(tmpdir(), 'forge-listed-')), 'a.db'), started);
    expect([...started].sort((a, b) => a - b)).toEqual(Array.from({ length: N }, (_, n) => n));
    expect([report.total, report.processed, report.reused, pending]).toEqual([N, N, 0, 0]);
  });

  it('start nothing queued after a stop, and finish the rest on the next run', async () => {
    const db = join(mkdtempSync(join(tmpdir(), 'forge-listed-')), 'a.db');
    const started: number[] = [];
    const first = await run(db, started, 100);
    expect(first.report.stopped).toBe('enough');
    // Only the items already in flight beside the stopping one (concurrency 4) may start after it.
    expect(Math.max(...started)).toBeLessThan(100 + 4);
    expect(first.pending).toBe(N - first.report.processed);
    const again: number[] = [];
    const second = await run(db, again);
    expect(second.report.processed).toBe(first.pending);
    expect(second.pending).toBe(0);
    expect(new Set([...started.filter((n) => n !== 100), ...again]).size).toBe(N);
  });
});
