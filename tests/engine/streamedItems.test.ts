/**
 * A stage may stream its items (enumerate returns an iterable that is not an array, as collect
 * does): the runner keys and queues each as it comes. It must record what the listed path records —
 * the same keys, positions and mapping digest — reuse finished items, and read no item ahead of need.
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseConfig } from '../../pipeline/config.js';
import { Store } from '../../pipeline/store/store.js';
import { OfflineGateway } from '../../pipeline/llm/offline.js';
import { createServices } from '../../pipeline/services.js';
import { runPipeline, type StageReport } from '../../pipeline/runner.js';
import type { ItemStage, Stage, StageItem, StageName } from '../../pipeline/stage.js';

const N = 300;

function collect(streamed: boolean, seen: { produced: number; maxAhead: number; ran: number }): ItemStage<{ n: number }, { n: number }> {
  const items = (): StageItem<{ n: number }>[] => Array.from({ length: N }, (_, n) => ({ id: `n${n}`, input: { n }, parents: [`source:f#${n}`] }));
  return {
    kind: 'items',
    name: 'collect',
    version: '1',
    upstream: [],
    description: 'numbers',
    configSlice: () => ({}),
    enumerate: streamed
      ? function* () {
          for (const item of items()) {
            seen.produced++;
            seen.maxAhead = Math.max(seen.maxAhead, seen.produced - seen.ran);
            yield item;
          }
        }
      : items,
    async run(item) {
      seen.ran++;
      return { status: 'ok', content: { n: item.input.n * 2 }, method: 'rules:test' };
    },
  };
}

async function run(db: string, streamed: boolean, seen = { produced: 0, maxAhead: 0, ran: 0 }): Promise<StageReport> {
  const config = parseConfig({ llm: { mode: 'offline' } });
  const store = Store.open(db);
  try {
    store.acquireLock('streamed test');
    store.startRun('streamed test', {}, config.seed, 'test');
    const llm = new OfflineGateway();
    const stages = new Map<StageName, Stage>([['collect', collect(streamed, seen)]]);
    const [report] = await runPipeline({ store, config, llm, services: createServices(store, config, llm), stages, log: () => {}, options: {} }, 'collect', {
      force: undefined,
    });
    return report;
  } finally {
    store.close();
  }
}

function mapping(db: string) {
  const store = Store.open(db);
  try {
    return { digest: store.mappingDigest('collect'), listing: store.stageListing('collect').map((a) => [a.itemId, a.key, a.contentHash, a.parents]) };
  } finally {
    store.close();
  }
}

describe('streamed items', () => {
  it('record the same keys, order and mapping digest as listed items, reading no further ahead than the items in flight', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'forge-streamed-'));
    const seen = { produced: 0, maxAhead: 0, ran: 0 };
    const streamed = await run(join(dir, 's.db'), true, seen);
    const listed = await run(join(dir, 'l.db'), false);
    expect(streamed.total).toBe(N);
    expect(streamed.processed).toBe(N);
    expect(mapping(join(dir, 's.db'))).toEqual(mapping(join(dir, 'l.db')));
    expect(listed.processed).toBe(N);
    expect(seen.maxAhead).toBeLessThan(N / 4);
  });

  it('reuse what is finished when the stage runs again', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'forge-streamed-'));
    const db = join(dir, 's.db');
    await run(db, false);
    const again = await run(db, true);
    expect([again.total, again.reused, again.processed]).toEqual([N, N, 0]);
    expect(mapping(db)).toEqual((await run(join(dir, 'l.db'), false), mapping(join(dir, 'l.db'))));
  });
});
