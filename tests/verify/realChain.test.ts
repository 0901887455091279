/**
 * evolve + verify on the real chain: the registered stages from collect to verify, offline, on the
 * first few vendored source records per source — no fixture in between.
 */
import { readVerified } from '../../pipeline/verified.js';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../pipeline/config.js';
import { OfflineGateway } from '../../pipeline/llm/offline.js';
import { runPipeline } from '../../pipeline/runner.js';
import { createServices } from '../../pipeline/services.js';
import { Store } from '../../pipeline/store/store.js';
import { EVOLUTION_STRATEGIES, type TestCase } from '../../pipeline/schemas.js';
import { registry } from '../../stages/index.js';
import { checkInvariants } from '../../stages/verify/invariants.js';

describe('evolve + verify on the real registered chain (vendored data, offline)', () => {
  it('every accepted evolved case passes every invariant against its real assembled base', async () => {
    const config = parseConfig({ llm: { mode: 'offline' }, evolve: { internal: 30, external: 8 } });
    const store = Store.open(':memory:');
    const llm = new OfflineGateway();
    store.startRun('test real chain', {}, config.seed, 'test');
    const reports = await runPipeline({ store, config, llm, services: createServices(store, config, llm), stages: registry(), options: { limit: 4 }, log: () => {} }, 'verify', { concurrency: 4 });
    expect(reports.map((r) => r.stage).slice(-3)).toEqual(['assemble', 'evolve', 'verify']);
    expect(reports.every((r) => r.failed === 0)).toBe(true);

    const bases = new Map(store.readStage<TestCase>('assemble', ['ok']).map((a) => [a.content.id, a.content]));
    const verified = readVerified<TestCase>(store, ['ok', 'flagged', 'rejected']);
    expect(new Set(verified.map((a) => a.content.evolution!.strategy))).toEqual(new Set(EVOLUTION_STRATEGIES));
    const accepted = verified.filter((a) => a.status === 'ok');
    expect(accepted.length).toBeGreaterThan(verified.length * 0.9);
    for (const a of accepted) {
      const base = bases.get(a.content.evolution!.baseCaseId)!;
      expect(a.content.verification!.invariants.every((i) => i.passed)).toBe(true);
      expect(checkInvariants(base, a.content).filter((i) => !i.passed)).toEqual([]);
    }
    // BFCL and T-Eval cases both evolved.
    expect(new Set(accepted.map((a) => a.content.source))).toEqual(new Set(['bfcl', 'teval']));
  }, 120_000);
});
