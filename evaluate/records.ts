/**
 * The evaluation tables (migration 2): a sample row per (data, model, file, mode, sample), each reply
 * round committed on its own as it arrives (so kill -9 loses at most the replies in flight), and the
 * scores once the sample is done.
 */
import { canonicalJson } from '../pipeline/hash.js';
import type { Statement } from 'better-sqlite3';
import type { Store } from '../pipeline/store/store.js';
import type { DataIdentity, SampleAttrs } from './dataset.js';
import type { EvalMode } from './protocol.js';

export interface SampleRow {
  key: string;
  data_id: string;
  model: string;
  file: string;
  sample_id: string;
  mode: EvalMode;
  cot: number;
  retry_limit: number;
  attrs: string;
  status: 'running' | 'done' | 'failed';
  error: string | null;
  scores: string | null;
  error_sample: number | null;
  similarity: string | null;
  updated_at: string;
}

export interface ReplyRow {
  round: number;
  reply: string;
  request_hash: string | null;
  cached: number;
}

const now = () => new Date().toISOString();

export class EvalRecords {
  private readonly statements = new Map<string, Statement>();

  constructor(private readonly store: Store) {}

  get db() {
    return this.store.db;
  }

  /** Each statement prepared once: a run makes several writes per reply. */
  private stmt(sql: string): Statement {
    let st = this.statements.get(sql);
    if (!st) {
      st = this.store.db.prepare(sql);
      this.statements.set(sql, st);
    }
    return st;
  }

  saveDataset(id: DataIdentity): void {
    this
      .stmt('INSERT OR REPLACE INTO eval_datasets (data_id, label, dir, files, created_at) VALUES (?, ?, ?, ?, coalesce((SELECT created_at FROM eval_datasets WHERE data_id = ?), ?))')
      .run(id.dataId, id.label, id.dir, canonicalJson(id.files), id.dataId, now());
  }

  sample(key: string): SampleRow | undefined {
    return this.stmt('SELECT * FROM eval_samples WHERE key = ?').get(key) as SampleRow | undefined;
  }

  /** Registers a sample as started (keeps rounds already stored). */
  begin(row: { key: string; dataId: string; model: string; file: string; sampleId: string; mode: EvalMode; cot: boolean; retryLimit: number; attrs: SampleAttrs }): void {
    this
      .stmt(
        `INSERT INTO eval_samples (key, data_id, model, file, sample_id, mode, cot, retry_limit, attrs, status, run_id, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'running', ?, ?)
         ON CONFLICT(key) DO UPDATE SET status = 'running', error = NULL, run_id = excluded.run_id, updated_at = excluded.updated_at`,
      )
      .run(row.key, row.dataId, row.model, row.file, row.sampleId, row.mode, row.cot ? 1 : 0, row.retryLimit, canonicalJson(row.attrs), this.store.runId, now());
  }

  replies(key: string): ReplyRow[] {
    return this.stmt('SELECT round, reply, request_hash, cached FROM eval_replies WHERE key = ? ORDER BY round').all(key) as ReplyRow[];
  }

  addReply(key: string, round: number, reply: string, requestHash: string | null, cached: boolean): void {
    this.stmt('INSERT OR REPLACE INTO eval_replies (key, round, reply, request_hash, cached, created_at) VALUES (?, ?, ?, ?, ?, ?)').run(key, round, reply, requestHash, cached ? 1 : 0, now());
  }

  finish(key: string, scores: Record<string, number>, errorSample: boolean, similarity: string): void {
    this
      .stmt("UPDATE eval_samples SET status = 'done', error = NULL, scores = ?, error_sample = ?, similarity = ?, updated_at = ? WHERE key = ?")
      .run(JSON.stringify(scores), errorSample ? 1 : 0, similarity, now(), key);
  }

  fail(key: string, message: string): void {
    this.stmt("UPDATE eval_samples SET status = 'failed', error = ?, updated_at = ? WHERE key = ?").run(message, now(), key);
  }

  /** Every row for a sample id (pnpm inspect). */
  forSampleId(sampleId: string): SampleRow[] {
    return this.stmt('SELECT * FROM eval_samples WHERE sample_id = ? ORDER BY model, file, mode').all(sampleId) as SampleRow[];
  }

  /** Done rows, for reports: optionally one data set. */
  doneRows(dataId?: string): SampleRow[] {
    const sql = "SELECT * FROM eval_samples WHERE status = 'done'" + (dataId ? ' AND data_id = ?' : '') + ' ORDER BY data_id, model, file, mode, sample_id';
    return (dataId ? this.stmt(sql).all(dataId) : this.stmt(sql).all()) as SampleRow[];
  }

  datasets(): { data_id: string; label: string; dir: string; created_at: string }[] {
    return this.stmt('SELECT data_id, label, dir, created_at FROM eval_datasets ORDER BY created_at').all() as never;
  }
}

/** Whether a store has the evaluation tables (a read-only older database may not). */
export function hasEvalTables(store: Store): boolean {
  return !!store.db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'eval_samples'").get();
}
