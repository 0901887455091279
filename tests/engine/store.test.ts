import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Store, StoreError, StoreInUseError } from '../../pipeline/store/store.js';
import { SCHEMA_VERSION } from '../../pipeline/store/migrations.js';
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
