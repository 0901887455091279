/**
 * `pnpm bench resolve`: the live tier on BFCL's 1,142 ground-truth calls (200 trajectories, each
 * call after its history).
 *
 * - kept sessions vs a fresh replay of the history for every call (the live tier keeps a session
 *   per state, so a trajectory resolved in order never replays);
 * - the whole chain (state context, cache write, calls log in a real SQLite file) vs the bare
 *   backends run in order — the chain's overhead.
 *
 * Prints best-of-N times and ratios; no pass/fail.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { parseConfig } from '../../pipeline/config.js';
import { Store } from '../../pipeline/store/store.js';
import { OfflineGateway } from '../../pipeline/llm/offline.js';
import { Rng } from '../../pipeline/rng.js';
import { ChainResolver } from '../../pipeline/resolution/index.js';
import '../../sources/index.js';
import { BfclLive, initialConfigJson } from '../../sources/bfcl/resolution.js';
import { createSession, parseBfclJson } from '../../sources/bfcl/backends/index.js';
import { benchNumber, defineBench } from './lib/bench.js';

const DATA = fileURLToPath(new URL('../../sources/bfcl/data/', import.meta.url));

interface Call {
  name: string;
  args: Record<string, unknown>;
}
interface Record_ {
  id: string;
  meta: Record<string, unknown>;
  calls: Call[];
}

function load(): Record_[] {
  const configs = new Map<string, string>();
  for (const line of readFileSync(DATA + 'multi_turn_base.json', 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const e = parseBfclJson(line) as { id: string; initial_config: unknown };
    configs.set(e.id, initialConfigJson(e.initial_config));
  }
  const executed = JSON.parse(readFileSync(DATA + 'multi_turn_base_executed.json', 'utf8')) as { id: string; involved_classes: string[]; turns: { steps: { class: string; name: string; args: Record<string, unknown> }[] }[] }[];
  return executed.map((r) => ({
    id: r.id,
    meta: { initialConfigJson: configs.get(r.id), involvedClasses: r.involved_classes },
    calls: r.turns.flatMap((t) => t.steps.map((s) => ({ name: `${s.class}.${s.name}`, args: s.args }))),
  }));
}

function best(n: number, f: () => void | Promise<void>): Promise<number> {
  return (async () => {
    let min = Infinity;
    for (let i = 0; i < n; i++) {
      const t = performance.now();
      await f();
      min = Math.min(min, performance.now() - t);
    }
    return min;
  })();
}

export default defineBench({
  describe: "The live tier on BFCL's ground-truth calls: kept sessions vs replaying histories, the whole chain vs bare backends (best of N)",
  positional: '[rounds]',
  builder: (y) =>
    y
      .positional('rounds', { type: 'number', default: 5, describe: 'Timed rounds per measurement (best of N)' })
      .coerce('rounds', benchNumber('rounds', { integer: true, min: 1 })),
  handler: bench,
});

async function bench({ rounds }: { rounds: number }): Promise<void> {
  const records = load();
  const total = records.reduce((n, r) => n + r.calls.length, 0);

  const live = (keep: number) => () => {
    const l = new BfclLive({ keep });
    for (const r of records) {
      r.calls.forEach((c, i) => l.execute({ trajectoryId: r.id, tools: [], name: c.name, args: c.args, history: r.calls.slice(0, i), meta: r.meta }));
    }
  };
  live(64)();
  const kept = await best(rounds, live(64));
  const fresh = await best(rounds, live(0));

  const bare = await best(rounds, () => {
    for (const r of records) {
      const s = createSession(parseBfclJson(r.meta.initialConfigJson as string) as Record<string, unknown>, r.meta.involvedClasses as string[]);
      for (const c of r.calls) s.execute(c.name, c.args);
    }
  });

  const dir = mkdtempSync(join(tmpdir(), 'forge-bench-resolve-'));
  let n = 0;
  const chain = await best(rounds, async () => {
    const store = Store.open(join(dir, `bench-${n++}.db`));
    const resolver = new ChainResolver({ store, config: parseConfig({ llm: { mode: 'offline' } }), llm: new OfflineGateway() });
    for (const r of records) {
      for (let i = 0; i < r.calls.length; i++) {
        await resolver.resolve(
          { source: 'bfcl', trajectoryId: r.id, tools: [], name: r.calls[i].name, args: r.calls[i].args, history: r.calls.slice(0, i), meta: r.meta },
          { rng: new Rng(42, r.id, 'bench'), stage: 'bench' },
        );
      }
    }
    store.close();
  });
  rmSync(dir, { recursive: true, force: true });

  const ms = (x: number) => `${x.toFixed(0)} ms`;
  console.log(`BFCL ground truth: ${records.length} trajectories, ${total} calls, best of ${rounds}`);
  console.log(`live tier, kept sessions:        ${ms(kept)}  (${((1000 * total) / kept).toFixed(0)} calls/s)`);
  console.log(`live tier, replay every history: ${ms(fresh)}  -> kept sessions are ${(fresh / kept).toFixed(1)}x faster`);
  console.log(`bare backends in order:          ${ms(bare)}`);
  console.log(`whole chain (cache + calls log): ${ms(chain)}  -> ${(chain / bare).toFixed(1)}x the bare backends, ${(chain / total).toFixed(2)} ms per call`);
}
