/**
 * Worker threads for items whose work is CPU alone. On the offline default most of a build is rule
 * code run item by item (assemble, evolve, verify); one thread leaves every other core idle. A stage
 * that declares itself `pure` (its `run` reads its item, the store, the config and its own seeded
 * randomness, writes nothing and keeps nothing between items) may have its items run here.
 *
 * Each worker opens the database read-only and runs `runItem` (outcome.ts) — the function the main
 * thread uses — and sends back the outcome: status, canonical content text, reason, method. The main
 * thread alone writes, committing each outcome as it arrives, so resumability is unchanged: a kill
 * loses only the items in flight. Which worker runs an item cannot change its artifact: its
 * randomness is seeded by item id, and the outcome is the same plain data either way.
 */
import { Worker } from 'node:worker_threads';
import type { Config } from '../config.js';
import type { StageItem, StageName } from '../stage.js';
import type { ItemOutcome } from './outcome.js';

/** What a worker needs to build the stage context the main thread has. */
export interface WorkerSetup {
  dbPath: string;
  config: Config;
  options: Record<string, unknown>;
}

export interface WorkRequest {
  kind: 'run';
  id: number;
  stage: StageName;
  item: StageItem<unknown>;
  key: string;
}

export type WorkerMessage = { kind: 'outcome'; id: number; outcome: ItemOutcome } | { kind: 'log'; line: string } | { kind: 'ready' };

interface Slot {
  worker: Worker;
  pending: Map<number, (outcome: ItemOutcome) => void>;
  failure?: string;
}

export class ItemPool {
  private readonly slots: Slot[] = [];
  private nextId = 0;

  /**
   * `module`: the worker entry (stages/worker.ts, or its compiled .js). A .ts entry runs with tsx
   * registered in the worker (tests, `tsx` scripts); the compiled CLI's entry needs nothing.
   */
  constructor(module: URL, count: number, setup: WorkerSetup, log: (line: string) => void) {
    for (let i = 0; i < count; i++) {
      const worker = module.pathname.endsWith('.ts')
        ? // Node 20 does not apply `--import tsx` to a worker's entry: register tsx in the worker first.
          new Worker(`import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((tsx) => { tsx.register(); return import(${JSON.stringify(module.href)}); })`, { eval: true, workerData: setup })
        : new Worker(module, { workerData: setup });
      const slot: Slot = { worker, pending: new Map() };
      worker.on('message', (msg: WorkerMessage) => {
        if (msg.kind === 'log') log(msg.line);
        else if (msg.kind === 'outcome') {
          const done = slot.pending.get(msg.id);
          slot.pending.delete(msg.id);
          done?.(msg.outcome);
        }
      });
      // A worker that dies fails the items it held, naming why; the others carry on.
      const fail = (why: string) => {
        slot.failure ??= why;
        for (const done of slot.pending.values()) done({ kind: 'failed', message: `worker thread ${i + 1} ${why}` });
        slot.pending.clear();
      };
      worker.on('error', (err) => fail(`failed: ${err.message}`));
      worker.on('exit', (code) => fail(`exited with code ${code}`));
      this.slots.push(slot);
    }
  }

  get size(): number {
    return this.slots.length;
  }

  run(stage: StageName, item: StageItem<unknown>, key: string): Promise<ItemOutcome> {
    const live = this.slots.filter((s) => !s.failure);
    if (live.length === 0) return Promise.resolve({ kind: 'failed', message: `every worker thread is gone (${this.slots[0]?.failure ?? 'none started'})` });
    // The least busy worker: items differ in cost, so round-robin would leave one idle.
    const slot = live.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
    const id = this.nextId++;
    return new Promise((resolve) => {
      slot.pending.set(id, resolve);
      const request: WorkRequest = { kind: 'run', id, stage, item, key };
      slot.worker.postMessage(request);
    });
  }

  async close(): Promise<void> {
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }
}
