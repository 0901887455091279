/**
 * The SQLite store (better-sqlite3, WAL): runs, stage runs, artifacts, the current item mapping of
 * each stage, LLM and tool calls, caches, reviews and releases.
 */
import { fileHead } from '../fileLines.js';
import Database from 'better-sqlite3';
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { hostname } from 'node:os';
import { createHash } from 'node:crypto';
import { APP_ID, MIGRATIONS, SCHEMA_VERSION } from './migrations.js';
import { BACKSTOP_PAGES, BackgroundCheckpointer } from './checkpointer.js';
import { canonicalJson, canonicalJsonText, sha256 } from '../hash.js';
import { parseJson } from '../pyValues.js';
import type { ArtifactStatus } from '../schemas.js';

/** PRAGMA application_id value: "CTF1". */
const APPLICATION_ID = 0x43544631;

export class StoreError extends Error {}

/** Databases this process opened, so an SQLite error raised anywhere can name its file. */
const openPaths = new Set<string>();

/**
 * An SQLite error's message with the database it concerns ("database disk image is malformed",
 * "attempt to write a readonly database" and "database is locked" name no file by themselves).
 */
export function withDatabasePath(err: unknown): unknown {
  const code = (err as { code?: unknown })?.code;
  if (!(err instanceof Error) || typeof code !== 'string' || !code.startsWith('SQLITE_') || openPaths.size === 0) return err;
  const paths = [...openPaths];
  if (paths.some((p) => err.message.includes(p))) return err;
  const hint = code.startsWith('SQLITE_BUSY') ? '; another process is writing to it (a stage?) — wait for it, then rerun' : '';
  err.message = `${err.message} (database ${paths.join(', ')}${hint})`;
  return err;
}
export class StoreInUseError extends StoreError {}

export interface ArtifactRecord {
  key: string;
  stage: string;
  stageVersion: string;
  itemId: string;
  content: unknown;
  parents: string[];
  status: ArtifactStatus;
  reason?: string | null;
  method: string;
}

export interface StoredArtifact<T = unknown> {
  key: string;
  stage: string;
  stageVersion: string;
  itemId: string;
  content: T;
  contentHash: string | null;
  parents: string[];
  status: ArtifactStatus;
  reason: string | null;
  method: string;
  runId: number | null;
  createdAt: string;
}

export interface CallRecord {
  kind: 'llm' | 'tool';
  artifactKey?: string | null;
  stage?: string | null;
  requestHash: string;
  role?: string | null;
  model?: string | null;
  tier?: string | null;
  request: unknown;
  response?: unknown;
  status: string;
  error?: string | null;
  promptTokens?: number | null;
  completionTokens?: number | null;
  latencyMs?: number | null;
  cost?: number | null;
  cached?: boolean;
  systemFingerprint?: string | null;
}

export interface StageCounts {
  stage: string;
  total: number;
  ok: number;
  flagged: number;
  rejected: number;
  failed: number;
  pending: number;
}

// Every stored row is stamped, thousands a second: the ISO text is made once per millisecond.
let stampedAt = NaN;
let stamp = '';
const now = (): string => {
  const t = Date.now();
  if (t !== stampedAt) {
    stampedAt = t;
    stamp = new Date(t).toISOString();
  }
  return stamp;
};

interface ArtifactRow {
  key: string;
  stage: string;
  stage_version: string;
  item_id: string;
  content: string | null;
  content_hash: string | null;
  parents: string;
  status: ArtifactStatus;
  reason: string | null;
  method: string;
  run_id: number | null;
  created_at: string;
  lossless: number | null;
}

function toArtifact<T>(row: ArtifactRow): StoredArtifact<T> {
  return {
    key: row.key,
    stage: row.stage,
    stageVersion: row.stage_version,
    itemId: row.item_id,
    // Lossless: an id beyond 2^53 comes back with every digit it was stored with. Content known to
    // hold none takes the native parse alone.
    content: (row.content === null ? null : row.lossless === 0 ? JSON.parse(row.content) : parseJson(row.content)) as T,
    contentHash: row.content_hash,
    parents: JSON.parse(row.parents),
    status: row.status,
    reason: row.reason,
    method: row.method,
    runId: row.run_id,
    createdAt: row.created_at,
  };
}

export class Store {
  readonly db: Database.Database;
  readonly path: string;
  private lockHeld = false;
  runId: number | null = null;

  private constructor(db: Database.Database, path: string) {
    this.db = db;
    this.path = path;
  }

  static open(path: string, opts: { readonly?: boolean } = {}): Store {
    if (path !== ':memory:') {
      if (existsSync(path) && statSync(path).isDirectory()) throw new StoreError(`database path ${path} is a folder; give a file, e.g. ${path}/forge.db`);
      if (existsSync(path)) {
        // The 16-byte header only: a database can be gigabytes.
        const head = fileHead(path, 16).toString('latin1');
        if (head.length > 0 && head !== 'SQLite format 3\u0000') {
          throw new StoreError(`${path} is not a critictool-forge database (not an SQLite file); refusing to touch it`);
        }
      } else if (opts.readonly) {
        throw new StoreError(`no database at ${path}; run a stage first (e.g. pnpm stage collect)`);
      } else {
        mkdirSync(dirname(path), { recursive: true });
      }
    }
    let db: Database.Database;
    try {
      // busy timeout: long enough for another process's per-item commit or a release's swap to finish first.
      db = new Database(path, { readonly: !!opts.readonly, timeout: 30_000 });
    } catch (err) {
      throw new StoreError(`cannot open database ${path}: ${(err as Error).message}`);
    }
    const store = new Store(db, path);
    try {
      store.checkAndMigrate(!!opts.readonly);
    } catch (err) {
      db.close();
      if (err instanceof StoreError) throw err;
      throw new StoreError(`cannot use database ${path}: ${(err as Error).message}`);
    }
    openPaths.add(path);
    return store;
  }

  private checkAndMigrate(readonly: boolean): void {
    const appId = this.db.pragma('application_id', { simple: true }) as number;
    const version = this.db.pragma('user_version', { simple: true }) as number;
    const tables = (this.db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type='table'").get() as { n: number }).n;
    if (appId !== APPLICATION_ID && (tables > 0 || version > 0)) {
      throw new StoreError(`${this.path} is an SQLite database but not a ${APP_ID} one; refusing to touch it`);
    }
    if (version > SCHEMA_VERSION) {
      throw new StoreError(
        `${this.path} has schema version ${version}, newer than this build supports (${SCHEMA_VERSION}); upgrade critictool-forge`,
      );
    }
    if (readonly) {
      if (version < SCHEMA_VERSION) throw new StoreError(`${this.path} needs a migration; run any stage command first`);
      return;
    }
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('foreign_keys = ON');
    const pending = MIGRATIONS.filter((m) => m.version > version);
    if (pending.length === 0) return;
    this.db.transaction(() => {
      for (const m of pending) this.db.exec(m.sql);
      this.db.pragma(`application_id = ${APPLICATION_ID}`);
      this.db.pragma(`user_version = ${SCHEMA_VERSION}`);
    }).immediate();
  }

  close(): void {
    this.endGroupCommit();
    if (this.lockHeld) this.releaseLock();
    this.db.close();
  }

  // -------------------------------------------------------------------------------------------
  // Single-writer lock: a second process gets a clear "in use" error instead of interleaving.
  // -------------------------------------------------------------------------------------------

  acquireLock(command: string): void {
    this.db.transaction(() => {
      const row = this.db.prepare('SELECT pid, host, command, acquired_at FROM lock WHERE id = 1').get() as
        | { pid: number; host: string; command: string; acquired_at: string }
        | undefined;
      if (row && row.pid !== process.pid && row.host === hostname() && pidAlive(row.pid)) {
        throw new StoreInUseError(
          `database ${this.path} is in use by process ${row.pid} (${row.command}, since ${row.acquired_at}); wait for it to finish or stop it`,
        );
      }
      this.db
        .prepare('INSERT OR REPLACE INTO lock (id, pid, host, command, acquired_at) VALUES (1, ?, ?, ?, ?)')
        .run(process.pid, hostname(), command, now());
      // Whoever held the lock before is gone: a run it left "running" was killed, not running.
      this.markInterrupted();
    }).immediate();
    this.lockHeld = true;
  }

  /** Runs and stage runs left unfinished by a process that died (kill -9, power loss) become "interrupted". */
  markInterrupted(): number {
    const t = now();
    const runs = this.db.prepare("UPDATE runs SET status = 'interrupted', finished_at = ? WHERE finished_at IS NULL AND status = 'running'").run(t).changes;
    this.db.prepare("UPDATE stage_runs SET status = 'interrupted', finished_at = ? WHERE finished_at IS NULL AND status = 'running'").run(t);
    return runs;
  }

  /** The live process holding the writer lock, if any (a dead or zombie holder does not count). */
  lockHolder(): { pid: number; command: string; acquired_at: string } | undefined {
    const row = this.db.prepare('SELECT pid, host, command, acquired_at FROM lock WHERE id = 1').get() as
      | { pid: number; host: string; command: string; acquired_at: string }
      | undefined;
    return row && row.host === hostname() && pidAlive(row.pid) ? row : undefined;
  }

  releaseLock(): void {
    this.db.prepare('DELETE FROM lock WHERE id = 1 AND pid = ?').run(process.pid);
    this.lockHeld = false;
  }

  // -------------------------------------------------------------------------------------------
  // Runs
  // -------------------------------------------------------------------------------------------

  startRun(command: string, args: unknown, seed: number, configHash: string): number {
    const info = this.db
      .prepare('INSERT INTO runs (command, args, seed, config_hash, started_at) VALUES (?, ?, ?, ?, ?)')
      .run(command, canonicalJson(args), seed, configHash, now());
    this.runId = Number(info.lastInsertRowid);
    Object.assign(this.liveUsage, { calls: 0, tokens: 0, cost: 0 });
    return this.runId;
  }

  finishRun(status: 'ok' | 'failed' | 'partial' | 'stopped' | 'interrupted'): void {
    if (this.runId === null) return;
    this.db.prepare('UPDATE runs SET finished_at = ?, status = ? WHERE id = ?').run(now(), status, this.runId);
  }

  startStageRun(stage: string, total: number, reused: number): number {
    const info = this.db
      .prepare('INSERT INTO stage_runs (run_id, stage, started_at, items_total, reused) VALUES (?, ?, ?, ?, ?)')
      .run(this.runId, stage, now(), total, reused);
    return Number(info.lastInsertRowid);
  }

  /** A streamed stage run's item counts, known once its items have all been seen. */
  setStageRunTotals(id: number, total: number, reused: number): void {
    this.db.prepare('UPDATE stage_runs SET items_total = ?, reused = ? WHERE id = ?').run(total, reused, id);
  }

  finishStageRun(id: number, fields: { processed: number; failed: number; status: string; durationMs: number; message?: string }): void {
    this.db
      .prepare(
        'UPDATE stage_runs SET finished_at = ?, processed = ?, failed = ?, status = ?, duration_ms = ?, message = ? WHERE id = ?',
      )
      .run(now(), fields.processed, fields.failed, fields.status, fields.durationMs, fields.message ?? null, id);
  }

  lastStageRun(stage: string):
    | { started_at: string; finished_at: string | null; duration_ms: number | null; status: string; message: string | null }
    | undefined {
    const row = this.db
      .prepare('SELECT started_at, finished_at, duration_ms, status, message FROM stage_runs WHERE stage = ? ORDER BY id DESC LIMIT 1')
      .get(stage) as { started_at: string; finished_at: string | null; duration_ms: number | null; status: string; message: string | null } | undefined;
    // "running" with nobody holding the writer lock: its process died (a read-only caller cannot record that).
    if (row && row.status === 'running' && row.finished_at === null && !this.lockHolder()) return { ...row, status: 'interrupted' };
    return row;
  }

  // -------------------------------------------------------------------------------------------
  // Stage item mapping and artifacts
  // -------------------------------------------------------------------------------------------

  /**
   * Make a new enumeration a stage's current item mapping, and point reused results at the
   * parents that feed them now — one transaction. Skipped when the digest shows nothing changed.
   */
  setStageItems(stage: string, items: { itemId: string; key: string }[], parentUpdates: { key: string; parents: string[] }[] = [], digest?: string): void {
    const del = this.db.prepare('DELETE FROM stage_items WHERE stage = ?');
    const ins = this.db.prepare('INSERT INTO stage_items (stage, item_id, position, key) VALUES (?, ?, ?, ?)');
    const upd = this.db.prepare('UPDATE artifacts SET parents = ? WHERE key = ?');
    this.db.transaction(() => {
      del.run(stage);
      items.forEach((it, i) => ins.run(stage, it.itemId, i, it.key));
      for (const r of parentUpdates) upd.run(JSON.stringify(r.parents), r.key);
      if (digest) this.db.prepare('INSERT OR REPLACE INTO stage_state (stage, mapping_digest) VALUES (?, ?)').run(stage, digest);
      else this.db.prepare('DELETE FROM stage_state WHERE stage = ?').run(stage);
    })();
  }

  mappingDigest(stage: string): string | undefined {
    return this.db.prepare('SELECT mapping_digest FROM stage_state WHERE stage = ?').pluck().get(stage) as string | undefined;
  }

  /** The input fingerprint recorded when the stage last finished with nothing pending, and its summary then. */
  stageFingerprint(stage: string): { fingerprint: string; summary: string | null } | undefined {
    const row = this.db.prepare('SELECT input_fingerprint, summary FROM stage_state WHERE stage = ?').get(stage) as
      | { input_fingerprint: string | null; summary: string | null }
      | undefined;
    return row?.input_fingerprint ? { fingerprint: row.input_fingerprint, summary: row.summary } : undefined;
  }

  /** Record (or, with null, forget) the fingerprint of the inputs the stage's current mapping was made from. */
  setStageFingerprint(stage: string, fingerprint: string | null, summary: string | null = null): void {
    this.db.prepare('UPDATE stage_state SET input_fingerprint = ?, summary = ? WHERE stage = ?').run(fingerprint, fingerprint ? summary : null, stage);
  }

  /** Items of the stage's current mapping without a finished result (never run, or failed). */
  unfinishedCount(stage: string): number {
    return this.db
      .prepare(
        `SELECT count(*) FROM stage_items s LEFT JOIN artifacts a INDEXED BY artifacts_meta ON a.stage = s.stage AND a.key = s.key AND a.status != 'failed'
         WHERE s.stage = ? AND a.key IS NULL`,
      )
      .pluck()
      .get(stage) as number;
  }

  /**
   * A digest of a stage's current output as readStage and getArtifact show it: every mapped item's
   * id, key, status, content hash, method, reason and parents, in order (pending ones too). Read
   * without the content, so it is cheap beside parsing it.
   */
  outputDigest(stage: string): string {
    const h = createHash('sha256');
    const rows = this.db
      .prepare(
        `SELECT s.item_id, s.key, a.status, a.content_hash, a.method, a.reason, a.parents
         FROM stage_items s LEFT JOIN artifacts a INDEXED BY artifacts_meta ON a.stage = s.stage AND a.key = s.key WHERE s.stage = ? ORDER BY s.position`,
      )
      .raw()
      .iterate(stage) as IterableIterator<(string | null)[]>;
    for (const row of rows) {
      for (const cell of row) h.update(cell === null ? '\u0001' : `${cell.length}:${cell}`);
      h.update('\n');
    }
    return h.digest('hex');
  }

  /** What the last export wrote into `outDir` (an absolute path), if one was recorded. */
  exportState(outDir: string): { fingerprint: string; files: string; summary: string } | undefined {
    return this.db.prepare('SELECT fingerprint, files, summary FROM export_state WHERE out_dir = ?').get(outDir) as
      | { fingerprint: string; files: string; summary: string }
      | undefined;
  }

  setExportState(outDir: string, state: { fingerprint: string; files: string; summary: string } | null): void {
    if (!state) this.db.prepare('DELETE FROM export_state WHERE out_dir = ?').run(outDir);
    else this.db.prepare('INSERT OR REPLACE INTO export_state (out_dir, fingerprint, files, summary) VALUES (?, ?, ?, ?)').run(outDir, state.fingerprint, state.files, state.summary);
  }

  /** Keys of the stage's current mapping that hold no finished result (never run, or failed). */
  pendingKeys(stage: string): Set<string> {
    const rows = this.db
      .prepare(
        `SELECT s.key FROM stage_items s LEFT JOIN artifacts a INDEXED BY artifacts_meta ON a.stage = s.stage AND a.key = s.key AND a.status != 'failed'
         WHERE s.stage = ? AND a.key IS NULL`,
      )
      .pluck()
      .all(stage) as string[];
    return new Set(rows);
  }

  /** Keys of a stage that hold a finished result (anything but failed), with their parents JSON. */
  finishedKeys(stage: string): Map<string, string> {
    const rows = this.db
      .prepare("SELECT key, parents FROM artifacts INDEXED BY artifacts_meta WHERE stage = ? AND status != 'failed'")
      .raw()
      .all(stage) as [string, string][];
    return new Map(rows);
  }

  private statements = new Map<string, Database.Statement>();

  /**
   * Prepared once per connection: compiling SQL per item would dominate a fast stage. For plain
   * `get`/`all`/`run` only: a caller that needs `pluck` or `raw` prepares its own (they change the
   * statement for every later user).
   */
  stmt(sql: string): Database.Statement {
    let s = this.statements.get(sql);
    if (!s) {
      s = this.db.prepare(sql);
      this.statements.set(sql, s);
    }
    return s;
  }

  putArtifact(rec: ArtifactRecord): void {
    this.putRendered(rec, rec.content === undefined || rec.content === null ? null : canonicalJsonText(rec.content));
  }

  /** putArtifact with the content already in canonical form (canonicalJsonText), e.g. by a worker thread. */
  putRendered(rec: Omit<ArtifactRecord, 'content'>, canonical: { text: string; lossless: boolean } | null): void {
    const content = canonical?.text ?? null;
    this.stmt(
      `INSERT OR REPLACE INTO artifacts
         (key, stage, stage_version, item_id, content, content_hash, parents, status, reason, method, run_id, created_at, lossless)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      rec.key,
      rec.stage,
      rec.stageVersion,
      rec.itemId,
      content,
      content === null ? null : sha256(content),
      JSON.stringify(rec.parents),
      rec.status,
      rec.reason ?? null,
      rec.method,
      this.runId,
      now(),
      canonical === null ? null : canonical.lossless ? 1 : 0,
    );
  }

  /** Commit one item's result in its own transaction. */
  commitItem(rec: ArtifactRecord): void {
    this.db.transaction(() => this.putArtifact(rec)).immediate();
  }

  /** commitItem for content already in canonical form; inside a group commit it joins the open batch. */
  commitRendered(rec: Omit<ArtifactRecord, 'content'>, canonical: { text: string; lossless: boolean } | null): void {
    const group = this.groupCommit;
    if (!group) {
      this.db.transaction(() => this.putRendered(rec, canonical)).immediate();
      return;
    }
    if (group.failure) throw group.failure;
    if (!group.open) {
      this.db.exec('BEGIN IMMEDIATE');
      // An item that finishes and is then followed by a long wait (a model call) must not sit uncommitted.
      const timer = setTimeout(() => this.flushGroupCommit(), group.maxMs);
      timer.unref();
      group.open = { since: Date.now(), items: 0, timer };
    }
    this.putRendered(rec, canonical);
    if (++group.open.items >= group.maxItems || Date.now() - group.open.since >= group.maxMs) this.flushGroupCommit();
  }

  /**
   * Group commit: item results are committed together, a transaction every `maxItems` results or
   * `maxMs` milliseconds, whichever comes first. A transaction per item cost 0.75 ms of the fresh
   * build's 45 s — 9 s over 12,000 items, each writing the same B-tree pages of four indexes again.
   * A kill loses at most the last batch, and resume runs exactly those items again; a paid model
   * answer is committed at once (commitPending), so it is never bought twice.
   */
  beginGroupCommit(opts: { maxItems?: number; maxMs?: number } = {}): void {
    this.endGroupCommit();
    this.groupCommit = { maxItems: opts.maxItems ?? 256, maxMs: opts.maxMs ?? 200 };
  }

  /** Commit what the batch holds and go back to a transaction per item. */
  endGroupCommit(): void {
    const group = this.groupCommit;
    if (!group) return;
    this.flushGroupCommit();
    this.groupCommit = undefined;
    if (group.failure) throw group.failure;
  }

  private groupCommit:
    | { maxItems: number; maxMs: number; open?: { since: number; items: number; timer: NodeJS.Timeout }; failure?: Error }
    | undefined;

  /**
   * Checkpoints on a worker thread (checkpointer.ts) until the returned stop is awaited; this
   * connection checkpoints itself meanwhile only past BACKSTOP_PAGES of WAL. Nothing for an
   * in-memory database, which has no WAL.
   */
  startBackgroundCheckpoints(): () => Promise<void> {
    if (this.path === ':memory:') return async () => {};
    const checkpointer = new BackgroundCheckpointer(this.path);
    this.db.pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`);
    return async () => {
      await checkpointer.stop();
      this.db.pragma('wal_autocheckpoint = 1000');
    };
  }

  /** Commit the open batch now, e.g. a paid model answer. Not from inside a db.transaction(). */
  commitPending(): void {
    this.flushGroupCommit();
    const failure = this.groupCommit?.failure;
    if (failure) throw failure;
  }

  private flushGroupCommit(): void {
    const group = this.groupCommit;
    if (!group?.open) return;
    clearTimeout(group.open.timer);
    group.open = undefined;
    try {
      this.db.exec('COMMIT');
    } catch (err) {
      // From the timer nobody could catch it: kept and thrown by the next commit or endGroupCommit.
      group.failure = err as Error;
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
    }
  }

  getArtifact<T = unknown>(key: string): StoredArtifact<T> | undefined {
    const row = this.stmt('SELECT * FROM artifacts WHERE key = ?').get(key) as ArtifactRow | undefined;
    return row ? toArtifact<T>(row) : undefined;
  }

  /**
   * The current output of a stage, in enumeration order. By default only finished results
   * (ok, flagged, rejected); pass statuses to narrow it.
   */
  readStage<T = unknown>(stage: string, statuses: ArtifactStatus[] = ['ok', 'flagged', 'rejected']): StoredArtifact<T>[] {
    const rows = this.db
      .prepare(
        `SELECT a.* FROM stage_items s JOIN artifacts a INDEXED BY artifacts_meta ON a.stage = s.stage AND a.key = s.key
         WHERE s.stage = ? AND a.status IN (${statuses.map(() => '?').join(',')})
         ORDER BY s.position`,
      )
      .all(stage, ...statuses) as ArtifactRow[];
    return rows.map((r) => toArtifact<T>(r));
  }

  /**
   * readStage one artifact at a time, for readers that must not hold a whole stage: the keys are
   * listed first and each artifact is read when reached, so the caller may query the store between
   * items (an open better-sqlite3 iterator would lock the connection).
   */
  *iterateStage<T = unknown>(stage: string, statuses: ArtifactStatus[] = ['ok', 'flagged', 'rejected']): Generator<StoredArtifact<T>> {
    const keys = this.db
      .prepare(
        `SELECT a.key FROM stage_items s JOIN artifacts a INDEXED BY artifacts_meta ON a.stage = s.stage AND a.key = s.key
         WHERE s.stage = ? AND a.status IN (${statuses.map(() => '?').join(',')})
         ORDER BY s.position`,
      )
      .pluck()
      .all(stage, ...statuses) as string[];
    const one = this.stmt('SELECT * FROM artifacts WHERE key = ?');
    for (const key of keys) {
      const row = one.get(key) as ArtifactRow | undefined;
      if (row) yield toArtifact<T>(row);
    }
  }

  /** Artifacts whose key starts with a prefix, or whose item id equals the given id. */
  findArtifacts(idOrPrefix: string): StoredArtifact[] {
    const rows = this.db
      .prepare(
        `SELECT a.* FROM artifacts a WHERE a.key LIKE ? || '%' OR a.item_id = ?
         ORDER BY a.created_at DESC LIMIT 50`,
      )
      .all(idOrPrefix, idOrPrefix) as ArtifactRow[];
    return rows.map((r) => toArtifact(r));
  }

  /** Is the artifact part of its stage's current output? */
  isCurrent(key: string): boolean {
    return !!this.db.prepare('SELECT 1 FROM stage_items WHERE key = ?').get(key);
  }

  stageCounts(stage: string): StageCounts {
    const row = this.db
      .prepare(
        `SELECT count(*) AS total,
           sum(a.status = 'ok') AS ok, sum(a.status = 'flagged') AS flagged,
           sum(a.status = 'rejected') AS rejected, sum(a.status = 'failed') AS failed,
           sum(a.key IS NULL) AS pending
         FROM stage_items s LEFT JOIN artifacts a INDEXED BY artifacts_meta ON a.stage = s.stage AND a.key = s.key WHERE s.stage = ?`,
      )
      .get(stage) as Record<string, number | null>;
    return {
      stage,
      total: row.total ?? 0,
      ok: row.ok ?? 0,
      flagged: row.flagged ?? 0,
      rejected: row.rejected ?? 0,
      failed: row.failed ?? 0,
      pending: row.pending ?? 0,
    };
  }

  // -------------------------------------------------------------------------------------------
  // Calls and caches
  // -------------------------------------------------------------------------------------------

  /** Paid LLM usage this process recorded in the current run (live progress; runCost is the full sum). */
  readonly liveUsage = { calls: 0, tokens: 0, cost: 0 };

  recordCall(call: CallRecord): number {
    if (call.kind === 'llm' && !call.cached) {
      this.liveUsage.calls++;
      this.liveUsage.tokens += (call.promptTokens ?? 0) + (call.completionTokens ?? 0);
      this.liveUsage.cost += call.cost ?? 0;
    }
    const info = this
      .stmt(
        `INSERT INTO calls (kind, artifact_key, stage, request_hash, role, model, tier, request, response, status, error,
           prompt_tokens, completion_tokens, latency_ms, cost, cached, system_fingerprint, run_id, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        call.kind,
        call.artifactKey ?? null,
        call.stage ?? null,
        call.requestHash,
        call.role ?? null,
        call.model ?? null,
        call.tier ?? null,
        canonicalJson(call.request),
        call.response === undefined ? null : canonicalJson(call.response),
        call.status,
        call.error ?? null,
        call.promptTokens ?? null,
        call.completionTokens ?? null,
        call.latencyMs ?? null,
        call.cost ?? null,
        call.cached ? 1 : 0,
        call.systemFingerprint ?? null,
        this.runId,
        now(),
      );
    return Number(info.lastInsertRowid);
  }

  callsFor(artifactKey: string): Record<string, unknown>[] {
    return this.db.prepare('SELECT * FROM calls WHERE artifact_key = ? ORDER BY id').all(artifactKey) as Record<string, unknown>[];
  }

  /** Money spent on LLM calls in a run (cache hits cost nothing). */
  runCost(runId: number | null = this.runId): number {
    if (runId === null) return 0;
    const row = this.db
      .prepare("SELECT coalesce(sum(cost), 0) AS c FROM calls WHERE kind = 'llm' AND cached = 0 AND run_id = ?")
      .get(runId) as { c: number };
    return row.c;
  }

  // -------------------------------------------------------------------------------------------
  // Lazy item inputs: a stage's enumerate lists its upstream without parsing content, keeps what
  // its pool-wide decisions need, and its items name the artifacts `run` reads by key.
  // -------------------------------------------------------------------------------------------

  /**
   * A stage's current output in enumeration order, without its content: key, item id, status,
   * content hash, method, reason and parents, plus `fields` — named JSON paths into the content (`$.id`,
   * `$.evolution.baseCaseId`) that SQLite extracts, so no content is parsed in JavaScript. A field
   * the content lacks is undefined. Meant for small fields: a whole sub-document defeats the point.
   */
  stageListing<F extends string = never>(
    stage: string,
    statuses: ArtifactStatus[] = ['ok', 'flagged', 'rejected'],
    fields: Record<F, string> = {} as Record<F, string>,
  ): ArtifactInfo<F>[] {
    const names = Object.keys(fields) as F[];
    const extracts = names.map((_, i) => `, a.content -> ? AS f${i}`).join('');
    const rows = this.db
      .prepare(
        `SELECT a.key, a.item_id, a.status, a.content_hash, a.method, a.parents, a.reason${extracts}
         FROM stage_items s JOIN artifacts a ON a.key = s.key
         WHERE s.stage = ? AND a.status IN (${statuses.map(() => '?').join(',')})
         ORDER BY s.position`,
      )
      .raw()
      .all(...names.map((n) => fields[n]), stage, ...statuses) as (string | null)[][];
    return rows.map((row) => {
      const [key, itemId, status, contentHash, method, parents, reason] = row as string[];
      const values = {} as Record<F, unknown>;
      // `->` hands back JSON text: parsed losslessly, so a string stays a string and true stays true.
      names.forEach((n, i) => (values[n] = row[7 + i] === null ? undefined : parseJson(row[7 + i]!)));
      return { key, itemId, status: status as ArtifactStatus, contentHash, method, reason, parents: JSON.parse(parents) as string[], fields: values };
    });
  }

  /** One artifact's listing (as stageListing gives it, with its stage), without its content. */
  artifactInfo(key: string): (ArtifactInfo & { stage: string }) | undefined {
    const row = this.stmt('SELECT key, stage, item_id, status, content_hash, method, reason, parents FROM artifacts WHERE key = ?').get(key) as
      | { key: string; stage: string; item_id: string; status: ArtifactStatus; content_hash: string | null; method: string; reason: string | null; parents: string }
      | undefined;
    if (!row) return undefined;
    const { item_id: itemId, content_hash: contentHash, parents, ...rest } = row;
    return { ...rest, itemId, contentHash, parents: JSON.parse(parents) as string[], fields: {} };
  }
}

/**
 * Is the process running? kill(pid, 0) succeeds on a zombie (dead, not yet reaped by its parent —
 * forever in a container whose init does not reap), so on Linux the state in /proc/<pid>/stat
 * decides: Z (zombie) and X (dead) are dead.
 */
export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // pid (comm) state …; comm may hold spaces and parentheses, so read after the last ')'.
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state !== 'Z' && state !== 'X' && state !== 'x';
  } catch {
    return !existsSync('/proc/self/stat'); // no procfs (macOS): trust kill(pid, 0)
  }
}

/** An artifact as a listing shows it: everything but its content, and the content fields asked for. */
export interface ArtifactInfo<F extends string = never> {
  key: string;
  itemId: string;
  status: ArtifactStatus;
  contentHash: string | null;
  method: string;
  reason: string | null;
  parents: string[];
  fields: Record<F, unknown>;
}
