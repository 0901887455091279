/**
 * WAL checkpoints on a thread of their own while a stage commits items. A checkpoint copies the
 * write-ahead log into the database file and syncs both; run from the committing connection (SQLite's
 * auto-checkpoint, every 1000 pages) it cost the main thread ~1.5 s of the fresh build's 250 MB, time
 * it spent waiting on the disk. Here a worker's connection checkpoints (PASSIVE: never blocking the
 * writer or a reader) a few times a second, and the committing connection keeps an auto-checkpoint
 * only as a backstop, should the worker fall far behind or die.
 */
import { Worker } from 'node:worker_threads';
import { createRequire } from 'node:module';

/** WAL pages the committing connection lets pass before it checkpoints itself (SQLite's default is 1000). */
export const BACKSTOP_PAGES = 16_384;
const EVERY_MS = 100;

// CommonJS, evaluated: the same source serves the compiled CLI and the TypeScript tests.
const SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path, { timeout: 0 });
const checkpoint = () => { try { db.pragma('wal_checkpoint(PASSIVE)'); } catch {} };
const timer = setInterval(checkpoint, workerData.everyMs);
parentPort.on('message', () => { clearInterval(timer); checkpoint(); db.close(); parentPort.postMessage('closed'); });
`;

export class BackgroundCheckpointer {
  private readonly worker: Worker;
  private readonly closed: Promise<void>;

  constructor(path: string) {
    this.worker = new Worker(SOURCE, { eval: true, workerData: { path, driver: createRequire(import.meta.url).resolve('better-sqlite3'), everyMs: EVERY_MS } });
    // It holds nothing the process must wait for: a stage that ends mid-checkpoint leaves a valid WAL.
    this.worker.unref();
    this.closed = new Promise((resolve) => {
      this.worker.once('message', () => resolve());
      this.worker.once('exit', () => resolve());
      this.worker.once('error', () => resolve());
    });
  }

  /** Stop after one last checkpoint; resolves once its connection is closed (or the worker is gone). */
  async stop(): Promise<void> {
    this.worker.postMessage('stop');
    await this.closed;
    await this.worker.terminate();
  }
}
