/**
 * Schema migrations, applied in order. A database records the highest version it has; one from a
 * newer build is refused rather than guessed at. Add a migration; never edit a shipped one.
 */
export const APP_ID = 'critictool-forge';

export const MIGRATIONS: { version: number; sql: string }[] = [
  {
    version: 1,
    sql: `
      CREATE TABLE runs (
        id INTEGER PRIMARY KEY,
        command TEXT NOT NULL,
        args TEXT NOT NULL,
        seed INTEGER NOT NULL,
        config_hash TEXT NOT NULL,
        started_at TEXT NOT NULL,
        finished_at TEXT,
        status TEXT NOT NULL DEFAULT 'running'
      );
      CREATE TABLE stage_runs (
        id INTEGER PRIMARY KEY,
        run_id INTEGER NOT NULL REFERENCES runs(id),
        stage TEXT NOT NULL,
        started_at TEXT NOT NULL,
        finished_at TEXT,
        duration_ms INTEGER,
        items_total INTEGER NOT NULL DEFAULT 0,
        reused INTEGER NOT NULL DEFAULT 0,
        processed INTEGER NOT NULL DEFAULT 0,
        failed INTEGER NOT NULL DEFAULT 0,
        status TEXT NOT NULL DEFAULT 'running',
        message TEXT
      );
      CREATE INDEX stage_runs_stage ON stage_runs(stage, id);
      CREATE TABLE artifacts (
        key TEXT PRIMARY KEY,
        stage TEXT NOT NULL,
        stage_version TEXT NOT NULL,
        item_id TEXT NOT NULL,
        content TEXT,
        content_hash TEXT,
        parents TEXT NOT NULL DEFAULT '[]',
        status TEXT NOT NULL CHECK (status IN ('ok','flagged','rejected','failed')),
        reason TEXT,
        method TEXT NOT NULL,
        run_id INTEGER,
        created_at TEXT NOT NULL
      );
      CREATE INDEX artifacts_stage_item ON artifacts(stage, item_id);
      CREATE INDEX artifacts_content_hash ON artifacts(content_hash);
      -- The current output of each stage: which key each item maps to under the last enumeration.
      -- An item whose key has no ok/flagged/rejected artifact yet is pending.
      CREATE TABLE stage_items (
        stage TEXT NOT NULL,
        item_id TEXT NOT NULL,
        position INTEGER NOT NULL,
        key TEXT NOT NULL,
        PRIMARY KEY (stage, item_id)
      );
      CREATE INDEX stage_items_key ON stage_items(key);
      -- Digest of a stage's last mapping (ids, keys, parents): an unchanged enumeration skips rewriting it.
      CREATE TABLE stage_state (
        stage TEXT PRIMARY KEY,
        mapping_digest TEXT NOT NULL
      );
      CREATE TABLE calls (
        id INTEGER PRIMARY KEY,
        kind TEXT NOT NULL CHECK (kind IN ('llm','tool')),
        artifact_key TEXT,
        stage TEXT,
        request_hash TEXT NOT NULL,
        role TEXT,
        model TEXT,
        tier TEXT,
        request TEXT NOT NULL,
        response TEXT,
        status TEXT NOT NULL,
        error TEXT,
        prompt_tokens INTEGER,
        completion_tokens INTEGER,
        latency_ms INTEGER,
        cost REAL,
        cached INTEGER NOT NULL DEFAULT 0,
        system_fingerprint TEXT,
        run_id INTEGER,
        created_at TEXT NOT NULL
      );
      CREATE INDEX calls_artifact ON calls(artifact_key);
      CREATE INDEX calls_request ON calls(request_hash);
      CREATE TABLE llm_cache (
        request_hash TEXT PRIMARY KEY,
        model TEXT NOT NULL,
        response TEXT NOT NULL,
        prompt_tokens INTEGER,
        completion_tokens INTEGER,
        cost REAL,
        system_fingerprint TEXT,
        created_at TEXT NOT NULL
      );
      CREATE TABLE tool_cache (
        cache_key TEXT PRIMARY KEY,
        tool TEXT NOT NULL,
        args TEXT NOT NULL,
        context TEXT NOT NULL DEFAULT '',
        response TEXT NOT NULL,
        origin TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE INDEX tool_cache_tool ON tool_cache(tool);
      CREATE TABLE reviews (
        id INTEGER PRIMARY KEY,
        sample_id TEXT NOT NULL,
        content_hash TEXT NOT NULL,
        decision TEXT NOT NULL CHECK (decision IN ('accept','reject','edit')),
        edited TEXT,
        reviewer TEXT NOT NULL,
        note TEXT,
        source TEXT NOT NULL,
        decision_hash TEXT NOT NULL UNIQUE,
        decided_at TEXT NOT NULL,
        imported_at TEXT NOT NULL
      );
      CREATE INDEX reviews_sample ON reviews(sample_id);
      CREATE TABLE releases (
        version TEXT PRIMARY KEY,
        created_at TEXT NOT NULL,
        out_dir TEXT NOT NULL,
        manifest TEXT NOT NULL
      );
      CREATE TABLE lock (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        pid INTEGER NOT NULL,
        host TEXT NOT NULL,
        command TEXT NOT NULL,
        acquired_at TEXT NOT NULL
      );
    `,
  },
  {
    // pnpm evaluate: one row per (data, model, file, mode, sample) with its breakdown attributes and
    // scores, every reply round of it, and the embeddings the similarity metrics used.
    version: 2,
    sql: `
      CREATE TABLE eval_datasets (
        data_id TEXT PRIMARY KEY,
        label TEXT NOT NULL,
        dir TEXT NOT NULL,
        files TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE TABLE eval_samples (
        key TEXT PRIMARY KEY,
        data_id TEXT NOT NULL,
        model TEXT NOT NULL,
        file TEXT NOT NULL,
        sample_id TEXT NOT NULL,
        mode TEXT NOT NULL CHECK (mode IN ('internal','skip','finish')),
        cot INTEGER NOT NULL,
        retry_limit INTEGER NOT NULL,
        attrs TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('running','done','failed')),
        error TEXT,
        scores TEXT,
        error_sample INTEGER,
        similarity TEXT,
        run_id INTEGER,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX eval_samples_sample ON eval_samples(sample_id);
      CREATE INDEX eval_samples_group ON eval_samples(data_id, model, file, mode);
      CREATE TABLE eval_replies (
        key TEXT NOT NULL REFERENCES eval_samples(key),
        round INTEGER NOT NULL,
        reply TEXT NOT NULL,
        request_hash TEXT,
        cached INTEGER NOT NULL DEFAULT 0,
        created_at TEXT NOT NULL,
        PRIMARY KEY (key, round)
      );
      CREATE TABLE eval_embeddings (
        model TEXT NOT NULL,
        text_hash TEXT NOT NULL,
        vector BLOB NOT NULL,
        created_at TEXT NOT NULL,
        PRIMARY KEY (model, text_hash)
      );
    `,
  },
  {
    // A stage's input fingerprint (pipeline/fingerprint.ts), recorded when it finished with nothing
    // pending, and the summary it gave then: an unchanged rerun reuses both without enumerating.
    // export_state: what the last export wrote into each output folder, so an unchanged one is kept.
    version: 3,
    sql: `
      ALTER TABLE stage_state ADD COLUMN input_fingerprint TEXT;
      ALTER TABLE stage_state ADD COLUMN summary TEXT;
      CREATE TABLE export_state (
        out_dir TEXT PRIMARY KEY,
        fingerprint TEXT NOT NULL,
        files TEXT NOT NULL,
        summary TEXT NOT NULL
      );
    `,
  },
  {
    // lossless: 1 when the content holds a bigint or PyFloat and must be read back with the
    // lossless parser, 0 when JSON.parse gives back exactly what was stored (NULL: written before
    // this column, read losslessly). artifacts_meta covers every column a listing reads (not the
    // content, the run or the time): the content comes before them in each row, so without it
    // reading a status walks the content's overflow pages. Queries name it (INDEXED BY): the planner,
    // without statistics, would take the primary key and the row.
    version: 4,
    sql: `
      ALTER TABLE artifacts ADD COLUMN lossless INTEGER;
      CREATE INDEX artifacts_meta ON artifacts(stage, key, status, content_hash, method, stage_version, parents, reason);
    `,
  },
];

export const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1].version;
