/**
 * A rerun whose inputs are all unchanged skips enumerate (the stage input fingerprint); any change
 * to what a stage reads makes it enumerate again. Real runner, real SQLite file; enumerate is spied.
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseConfig } from '../../pipeline/config.js';
import { Store } from '../../pipeline/store/store.js';
import { OfflineGateway } from '../../pipeline/llm/offline.js';
import { createServices } from '../../pipeline/services.js';
import { runPipeline, type StageReport } from '../../pipeline/runner.js';
import { fileStamps } from '../../pipeline/fingerprint.js';
import type { ItemStage, Stage, StageName } from '../../pipeline/stage.js';

interface World {
  dir: string;
  db: string;
  source: string;
  /** What collect's run adds to every value: changing it and forcing collect changes its content, not its keys. */
  offset: number;
  /** collect's method string: changing it and forcing collect changes nothing standardize sees through filter. */
  method: string;
  enumerated: StageName[];
  failId?: string;
}

function world(): World {
  const dir = mkdtempSync(join(tmpdir(), 'forge-noop-'));
  const source = join(dir, 'numbers.json');
  writeFileSync(source, JSON.stringify([1, 2, 3, 4, 5, 6]));
  return { dir, db: join(dir, 'a.db'), source, offset: 0, method: 'rules:collect-a', enumerated: [] };
}

function stages(w: World): Map<StageName, Stage> {
  // Reads a source file and --limit.
  const collect: ItemStage<{ n: number }, { n: number }> = {
    kind: 'items',
    name: 'collect',
    version: '1',
    upstream: [],
    description: 'numbers from a file',
    configSlice: () => ({}),
    externalInputs: () => fileStamps([w.source]),
    summarize: (ctx) => `collect has ${ctx.store.stageCounts('collect').total} numbers`,
    enumerate(ctx) {
      w.enumerated.push('collect');
      const numbers = JSON.parse(readFileSync(w.source, 'utf8')) as number[];
      const limit = typeof ctx.options.limit === 'number' ? ctx.options.limit : numbers.length;
      return numbers.slice(0, limit).map((n) => ({ id: `n${n}`, input: { n }, parents: [] }));
    },
    async run(item) {
      if (item.id === w.failId) throw new Error('synthetic failure');
      return { status: 'ok', content: { n: item.input.n + w.offset }, method: w.method };
    },
  };
  // Reads config.filter.minSteps in enumerate.
  const filter: ItemStage<{ n: number; min: number }, { n: number }> = {
    kind: 'items',
    name: 'filter',
    version: '1',
    upstream: ['collect'],
    description: 'numbers of at least minSteps',
    configSlice: (c) => ({ minSteps: c.filter.minSteps }),
    enumerate(ctx) {
      w.enumerated.push('filter');
      return ctx
        .upstream<{ n: number }>('collect', ['ok'])
        .filter((a) => a.content.n >= ctx.config.filter.minSteps)
        .map((a) => ({ id: a.itemId, input: { n: a.content.n, min: ctx.config.filter.minSteps }, parents: [a.key] }));
    },
    async run(item) {
      return { status: 'ok', content: { n: item.input.n }, method: 'rules:filter' };
    },
  };
  // Reads, beside filter's output, the collect artifacts behind it (as assemble reads standardize through resolve).
  const standardize: ItemStage<{ n: number; via: string }, { label: string }> = {
    kind: 'items',
    name: 'standardize',
    version: '1',
    upstream: ['filter'],
    description: 'labels with the method of the collect artifact behind',
    configSlice: () => ({}),
    enumerate(ctx) {
      w.enumerated.push('standardize');
      return ctx.upstream<{ n: number }>('filter', ['ok']).map((a) => {
        const via = ctx.store.getArtifact(a.parents[0])?.method ?? '?';
        return { id: a.itemId, input: { n: a.content.n, via }, parents: [a.key] };
      });
    },
    async run(item) {
      return { status: 'ok', content: { label: `${item.input.n}:${item.input.via}` }, method: 'rules:standardize' };
    },
  };
  return new Map<StageName, Stage>([
    ['collect', collect],
    ['filter', filter],
    ['standardize', standardize],
  ]);
}

async function run(w: World, opts: { config?: Record<string, unknown>; options?: Record<string, unknown>; force?: StageName[] } = {}): Promise<StageReport[]> {
  w.enumerated = [];
  const config = parseConfig({ llm: { mode: 'offline' }, ...(opts.config ?? {}) });
  const store = Store.open(w.db);
  try {
    store.acquireLock('noop test');
    store.startRun('noop test', {}, config.seed, 'test');
    const llm = new OfflineGateway();
    const reports = await runPipeline(
      { store, config, llm, services: createServices(store, config, llm), stages: stages(w), log: () => {}, options: opts.options ?? {} },
      'standardize',
      { force: opts.force ? new Set(opts.force) : undefined },
    );
    store.finishRun('ok');
    return reports;
  } finally {
    store.close();
  }
}

const labels = (db: string) => {
  const store = Store.open(db, { readonly: true });
  try {
    return store.readStage<{ label: string }>('standardize').map((a) => a.content.label);
  } finally {
    store.close();
  }
};

describe('no-op rerun', () => {
  it('calls no enumerate when nothing changed, reuses every item and keeps the summary', async () => {
    const w = world();
    await run(w);
    expect(w.enumerated).toEqual(['collect', 'filter', 'standardize']);
    const reports = await run(w);
    expect(w.enumerated).toEqual([]);
    expect(reports.map((r) => [r.stage, r.total, r.reused, r.processed])).toEqual([
      ['collect', 6, 6, 0],
      ['filter', 6, 6, 0],
      ['standardize', 6, 6, 0],
    ]);
    expect(reports[0].summary).toBe('collect has 6 numbers');
    const store = Store.open(w.db, { readonly: true });
    expect(store.lastStageRun('collect')).toMatchObject({ status: 'ok', message: 'collect has 6 numbers' });
    store.close();
  });

  it('--force enumerates the named stage again', async () => {
    const w = world();
    await run(w);
    await run(w, { force: ['filter'] });
    expect(w.enumerated).toEqual(['filter']);
  });

  it('a config change enumerates the stage that reads it, and downstream', async () => {
    const w = world();
    await run(w);
    await run(w, { config: { filter: { minSteps: 3 } } });
    expect(w.enumerated).toEqual(['filter', 'standardize']);
    expect(labels(w.db)).toHaveLength(4);
  });

  it('an edited source file enumerates the stage that reads it again', async () => {
    const w = world();
    await run(w);
    writeFileSync(w.source, JSON.stringify([1, 2, 3, 4, 5, 7]));
    await run(w);
    expect(w.enumerated).toEqual(['collect', 'filter', 'standardize']);
    expect(labels(w.db)).toContain('7:rules:collect-a');
  });

  it('a changed option enumerates the stage again', async () => {
    const w = world();
    await run(w);
    await run(w, { options: { limit: 3 } });
    expect(w.enumerated).toEqual(['collect', 'filter', 'standardize']);
    expect(labels(w.db)).toHaveLength(3);
  });

  it('changed upstream content under the same keys enumerates downstream again', async () => {
    const w = world();
    await run(w);
    w.offset = 10;
    await run(w, { force: ['collect'] });
    expect(w.enumerated).toEqual(['collect', 'filter', 'standardize']);
    expect(labels(w.db)[0]).toBe('11:rules:collect-a');
  });

  it('a change two stages up, read through parents, enumerates the reader again', async () => {
    const w = world();
    await run(w);
    w.method = 'rules:collect-b';
    await run(w, { force: ['collect'] });
    // filter's output is unchanged (same content, same keys); standardize still reads collect's method.
    expect(w.enumerated).toEqual(['collect', 'filter', 'standardize']);
    expect(labels(w.db)[0]).toBe('1:rules:collect-b');
  });

  it('a stage with a failed item enumerates again on the next run', async () => {
    const w = world();
    w.failId = 'n2';
    const first = await run(w);
    expect(first[0].failed).toBe(1);
    w.failId = undefined;
    const second = await run(w);
    expect(w.enumerated[0]).toBe('collect');
    expect(second[0].processed).toBe(1);
    await run(w);
    expect(w.enumerated).toEqual([]);
  });
});

describe('no-op rerun with a result gone from the store', () => {
  it('enumerates again when an item of the recorded mapping lost its artifact', async () => {
    const w = world();
    await run(w);
    const store = Store.open(w.db);
    store.db.prepare("DELETE FROM artifacts WHERE stage = 'collect' AND item_id = 'n3'").run();
    store.close();
    const reports = await run(w);
    expect(w.enumerated[0]).toBe('collect');
    expect(reports[0].processed).toBe(1);
  });
});
