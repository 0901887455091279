/**
 * A worker thread's entry (pipeline/parallel/pool.ts): runs items of the registered stages against
 * a read-only connection to the database, on the offline engine, and sends each outcome back.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { Store } from '../pipeline/store/store.js';
import { OfflineGateway } from '../pipeline/llm/offline.js';
import { createServices } from '../pipeline/services.js';
import { itemContext, stageContext } from '../pipeline/context.js';
import { runItem, type ItemOutcome } from '../pipeline/parallel/outcome.js';
import type { WorkerMessage, WorkerSetup, WorkRequest } from '../pipeline/parallel/pool.js';
import type { ItemStage } from '../pipeline/stage.js';
import { registry } from './index.js';

const port = parentPort;
if (!port) throw new Error('stages/worker.ts runs only as a worker thread');
const setup = workerData as WorkerSetup;
const store = Store.open(setup.dbPath, { readonly: true });
const llm = new OfflineGateway();
const stages = registry();
const ctx = stageContext({
  store,
  config: setup.config,
  llm,
  services: createServices(store, setup.config, llm),
  options: setup.options,
  log: (line) => port.postMessage({ kind: 'log', line } satisfies WorkerMessage),
});

port.on('message', async (req: WorkRequest) => {
  const stage = stages.get(req.stage);
  let outcome: ItemOutcome;
  if (!stage || stage.kind !== 'items') outcome = { kind: 'failed', message: `worker thread: no item stage "${req.stage}"` };
  else outcome = await runItem(stage as ItemStage, req.item, itemContext(ctx, req.item, req.key));
  port.postMessage({ kind: 'outcome', id: req.id, outcome } satisfies WorkerMessage);
});
