import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Store, StoreError, StoreInUseError } from '../../pipeline/store/store.js';
import { SCHEMA_VERSION } from '../../pipeline/store/migrations.js';
import { BACKSTOP_PAGES } from '../../pipeline/store/checkpointer.js';
import { parseConfig, ConfigError } from '../../pipeline/config.js';

const tmp = () => mkdtempSync(join(tmpdir(), 'forge-store-'));

describe('store safety', () => {
  it('refuses a database from a newer schema', () => {
    const db = join(tmp(), 'new.db');
    Store.open(db).close();
    const raw = new Database(db);
    raw.pragma(`user_version = ${SCHEMA_VERSION + 5}`);
    raw.close();
    expect(() => Store.open(db)).toThrow(/schema version .* newer than this build supports/);
  });

  it('refuses an SQLite database that is not ours, and a file that is not SQLite', () => {
    const dir = tmp();
    const foreign = join(dir, 'foreign.db');
    const raw = new Database(foreign);
    raw.exec('CREATE TABLE users (id INTEGER)');
    raw.close();
    expect(() => Store.open(foreign)).toThrow(StoreError);
    expect(() => Store.open(foreign)).toThrow(/not a critictool-forge one/);
    const text = join(dir, 'notes.txt');
    writeFileSync(text, 'hello, not a database at all\n');
    expect(() => Store.open(text)).toThrow(/not an SQLite file/);
  });

  it('gives a second process a clear "in use" error while the first holds the database', async () => {
    const db = join(tmp(), 'lock.db');
    Store.open(db).close();
    const holder = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `import { Store } from ${JSON.stringify(join(import.meta.dirname, '../../pipeline/store/store.ts'))};
         const s = Store.open(${JSON.stringify(db)}); s.acquireLock('stage collect'); console.log('locked'); setTimeout(() => s.close(), 20000);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve, reject) => {
      holder.stdout.on('data', (d) => String(d).includes('locked') && resolve());
      holder.on('exit', () => reject(new Error('holder exited early')));
    });
    try {
      const store = Store.open(db);
      expect(() => store.acquireLock('stage filter')).toThrow(StoreInUseError);
      expect(() => store.acquireLock('stage filter')).toThrow(new RegExp(`in use by process ${holder.pid}`));
      store.close();
    } finally {
      holder.kill('SIGKILL');
    }
    // A lock left by a dead process is taken over.
    await new Promise((r) => holder.on('exit', r));
    const store = Store.open(db);
    expect(() => store.acquireLock('stage filter')).not.toThrow();
    store.close();
  });
});

describe('config', () => {
  it('names an unknown or mistyped key', () => {
    expect(() => parseConfig({ assemble: { internl: 5 } }, 'my.json')).toThrow(ConfigError);
    expect(() => parseConfig({ assemble: { internl: 5 } }, 'my.json')).toThrow(/my\.json[\s\S]*assemble\.internl/);
    expect(() => parseConfig({ seed: 'x' }, 'my.json')).toThrow(/seed/);
  });

  it('defaults rebuild the paper sizes', () => {
    const c = parseConfig({});
    expect([c.assemble.internal, c.assemble.external, c.assemble.cotInternal, c.assemble.cotExternal]).toEqual([1316, 174, 810, 126]);
  });
});

describe('store reads', () => {
  const put = (store: Store, key: string, content: unknown) =>
    store.commitItem({ key, stage: 'assemble', stageVersion: '1', itemId: key, content, parents: [], status: 'ok', reason: null, method: 'rules' });

  it('marks content that needs the lossless parser and reads every kind back exactly', () => {
    const store = Store.open(join(tmp(), 'lossless.db'));
    put(store, 'big', { id: 691676460109271194n, n: 1 });
    put(store, 'plain', { id: '691676460109271194', n: 1e20, f: 0.1 });
    const flag = (key: string) => store.db.prepare('SELECT lossless FROM artifacts WHERE key = ?').pluck().get(key);
    expect(flag('big')).toBe(1);
    expect(flag('plain')).toBe(0);
    expect(store.getArtifact('big')?.content).toEqual({ id: 691676460109271194n, n: 1 });
    // A number written by JSON.stringify as 21 digits comes back as the number it was.
    expect(store.getArtifact('plain')?.content).toEqual({ id: '691676460109271194', n: 1e20, f: 0.1 });
    // A row from before the flag existed is read with the lossless parser.
    store.db.prepare("UPDATE artifacts SET lossless = NULL WHERE key = 'big'").run();
    expect(store.getArtifact('big')?.content).toEqual({ id: 691676460109271194n, n: 1 });
    store.close();
  });

  it('lists statuses and digests from the covering index, never the row holding the content', () => {
    const store = Store.open(join(tmp(), 'plan.db'));
    const sqls = [
      "SELECT count(*) FROM stage_items s LEFT JOIN artifacts a INDEXED BY artifacts_meta ON a.stage = s.stage AND a.key = s.key AND a.status != 'failed' WHERE s.stage = ? AND a.key IS NULL",
    ];
    // The statements the store runs, taken from its own source so a change to them is what is tested.
    const src = readFileSync(join(import.meta.dirname, '../../pipeline/store/store.ts'), 'utf8');
    for (const fn of ['unfinishedCount', 'outputDigest', 'pendingKeys', 'stageCounts', 'finishedKeys']) {
      const body = src.slice(src.indexOf(`  ${fn}(`));
      const sql = /\.prepare\(\s*[`"]([^`"]+)[`"]/.exec(body)?.[1];
      expect(sql, fn).toBeTruthy();
      sqls.push(sql!.replace(/\$\{[^}]+\}/g, '?'));
    }
    for (const sql of sqls) {
      const plan = (store.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all('assemble') as { detail: string }[]).map((r) => r.detail).join(' | ');
      expect(plan, sql).toMatch(/COVERING INDEX artifacts_meta/);
    }
    store.close();
  });
});

describe('group commit', () => {
  const rec = (key: string) => ({ key, stage: 'evolve', stageVersion: '1', itemId: key, parents: [], status: 'ok' as const, reason: null, method: 'rules' });
  const visible = (db: string) => {
    const reader = new Database(db, { readonly: true });
    try {
      return reader.prepare("SELECT key FROM artifacts WHERE stage = 'evolve' ORDER BY key").pluck().all() as string[];
    } finally {
      reader.close();
    }
  };

  it('commits a batch when it is full, when it is old, on commitPending and at its end — and only then', async () => {
    const db = join(tmp(), 'group.db');
    const store = Store.open(db);
    store.beginGroupCommit({ maxItems: 3, maxMs: 150 });
    store.commitRendered(rec('a'), { text: '{"n":1}', lossless: true });
    store.commitRendered(rec('b'), { text: '{"n":2}', lossless: true });
    // Another connection sees nothing of an open batch; this one reads its own writes.
    expect(visible(db)).toEqual([]);
    expect(store.getArtifact('b')?.content).toEqual({ n: 2 });
    store.commitRendered(rec('c'), { text: '{"n":3}', lossless: true });
    expect(visible(db)).toEqual(['a', 'b', 'c']);

    // An item followed by a long wait (a model call) is committed by the timer, not by the next item.
    store.commitRendered(rec('d'), null);
    expect(visible(db)).toEqual(['a', 'b', 'c']);
    await new Promise((r) => setTimeout(r, 400));
    expect(visible(db)).toEqual(['a', 'b', 'c', 'd']);

    store.commitRendered(rec('e'), null);
    store.commitPending();
    expect(visible(db)).toEqual(['a', 'b', 'c', 'd', 'e']);
    store.commitRendered(rec('f'), null);
    store.endGroupCommit();
    expect(visible(db)).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    // Back to a transaction per item.
    store.commitRendered(rec('g'), null);
    expect(visible(db)).toContain('g');
    store.close();
  });

  it('loses only the open batch when the process is killed, and resumes from what was committed', async () => {
    const db = join(tmp(), 'killed.db');
    Store.open(db).close();
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `import { Store } from ${JSON.stringify(join(process.cwd(), 'pipeline/store/store.ts'))};
         const store = Store.open(${JSON.stringify(db)});
         store.beginGroupCommit({ maxItems: 4, maxMs: 60_000 });
         for (let i = 0; i < 10; i++) store.commitRendered({ key: 'k' + i, stage: 'evolve', stageVersion: '1', itemId: 'k' + i, parents: [], status: 'ok', reason: null, method: 'rules' }, null);
         process.stdout.write('ready\\n');
         setInterval(() => {}, 1000);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve) => child.stdout!.on('data', (d: Buffer) => d.toString().includes('ready') && resolve()));
    child.kill('SIGKILL');
    await new Promise((r) => child.on('exit', r));
    // Two full batches of four were committed; the last two items were in the open batch.
    expect(visible(db)).toEqual(['k0', 'k1', 'k2', 'k3', 'k4', 'k5', 'k6', 'k7']);
    const store = Store.open(db);
    expect(store.getArtifact('k8')).toBeUndefined();
    store.close();
  });
});

describe('Store.startBackgroundCheckpoints', () => {
  const fill = (store: Store, from: number) => {
    // ~4 MB of WAL per call: far below the backstop, far above SQLite's default of 1000 pages.
    store.db.transaction(() => {
      for (let i = from; i < from + 40; i++) {
        store.putArtifact({ key: `k${i}`, stage: 'assemble', stageVersion: '1', itemId: `i${i}`, content: { text: 'x'.repeat(100_000), i }, parents: [], status: 'ok', method: 'rules' });
      }
    })();
  };
  const pages = (store: Store) => store.db.pragma('page_count', { simple: true }) as number;
  const fileBytes = (path: string) => statSync(path).size;

  it('copies the WAL into the database file from another thread, and gives the connection its checkpoints back when stopped', async () => {
    const path = join(tmp(), 'forge.db');
    const store = Store.open(path);
    const stop = store.startBackgroundCheckpoints();
    expect(store.db.pragma('wal_autocheckpoint', { simple: true })).toBe(BACKSTOP_PAGES);
    const before = fileBytes(path);
    for (let n = 0; n < 5; n++) fill(store, n * 40);
    // The committing connection did not checkpoint (backstop not reached): only the worker can have grown the file.
    const deadline = Date.now() + 5000;
    while (fileBytes(path) < before + 10_000_000 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(fileBytes(path)).toBeGreaterThan(before + 10_000_000);
    await stop();
    expect(store.db.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    expect(pages(store)).toBeGreaterThan(0);
    expect(store.getArtifact<{ i: number }>('k199')?.content.i).toBe(199);
    store.close();
  });

  it('without it, the same writes stay in the WAL until SQLite checkpoints them itself', () => {
    const path = join(tmp(), 'forge.db');
    const store = Store.open(path);
    store.db.pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`);
    const before = fileBytes(path);
    for (let n = 0; n < 5; n++) fill(store, n * 40);
    expect(fileBytes(path)).toBeLessThan(before + 1_000_000);
    store.close();
  });
});
