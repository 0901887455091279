/**
 * The resolution chain knows no source: it asks the registry (pipeline/resolution/sources.ts) for a
 * source's live executor, cache seeds and grounding hints, and pipeline/ imports nothing from
 * sources/.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseConfig } from '../../pipeline/config.js';
import { Store } from '../../pipeline/store/store.js';
import { OfflineGateway } from '../../pipeline/llm/offline.js';
import { Rng } from '../../pipeline/rng.js';
import { ChainResolver, groundingHints, registerSourceResolution, sourceResolution } from '../../pipeline/resolution/index.js';
import type { Trajectory } from '../../pipeline/schemas.js';
import { tevalResolution } from '../../sources/teval/resolution.js';
import { listFiles } from '../support/files.js';

const PIPELINE = fileURLToPath(new URL('../../pipeline/', import.meta.url));

describe('the source registry of the resolution chain', () => {
  afterEach(() => registerSourceResolution(tevalResolution));

  it('pipeline/ imports nothing from sources/', () => {
    const offenders = listFiles(PIPELINE)
      .filter((f) => f.endsWith('.ts'))
      .filter((f) => /from\s+['"](\.\.\/)+sources\//.test(readFileSync(PIPELINE + f, 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('runs a call on the executor its source registered, and caches the answer with its context', async () => {
    const seen: string[] = [];
    registerSourceResolution({
      ...tevalResolution,
      live: () => ({ execute: (call) => (seen.push(`${call.trajectoryId}:${call.name}`), { response: 'executed', isError: false, origin: 'test-executor', context: 'ctx', replayed: 0 }) }),
    });
    const store = Store.open(':memory:');
    const resolver = new ChainResolver({ store, config: parseConfig({ llm: { mode: 'offline' } }), llm: new OfflineGateway() });
    const r = await resolver.resolve({ source: 'teval', trajectoryId: 't1', tools: [], name: 'Any.call', args: { id: 691676460109271194n }, history: [], meta: {} }, { rng: new Rng(1, 'x') });
    expect(r).toEqual({ content: 'executed', tier: 'live', origin: 'test-executor' });
    expect(seen).toEqual(['t1:Any.call']);
    expect(store.db.prepare('SELECT args, context, origin FROM tool_cache').all()).toEqual([{ args: '{"id":691676460109271194}', context: 'ctx', origin: 'test-executor' }]);
    store.close();
  });

  it('names the source when none is registered', () => {
    expect(() => sourceResolution('nosuch')).toThrow(/no resolution registered for source "nosuch"/);
  });

  it('gives T-Eval grounding hints from the plans’ prev lists, BFCL none to ground', () => {
    const step = (prev: number[]) => ({ action: { name: 'A.b', args: {} }, prev });
    const teval = { id: 't', source: 'teval', tools: [], turns: [{ user: 'u', steps: [step([]), step([0]), step([0, 1, 5])] }], final: '', meta: {} } as Trajectory;
    const hints = groundingHints(teval);
    expect(hints.executed).toBe(false);
    expect(hints.suppliersOf(2)).toEqual([0, 1]);
    expect(groundingHints({ ...teval, source: 'bfcl' }).executed).toBe(true);
  });
});
