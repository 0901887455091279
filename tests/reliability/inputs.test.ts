/**
 * Bad input gets a message naming it: every numeric option (NaN, fractions, negatives), a config
 * file holding `null`, a database path that is a folder or not a database, an SQLite error raised
 * mid-command; and `forge status | head -1` ends quietly instead of an EPIPE stack trace.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Store, StoreError, withDatabasePath } from '../../pipeline/store/store.js';
import { loadConfig } from '../../pipeline/config.js';

const run = promisify(execFile);
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'forge-inputs-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function cli(args: string[]): Promise<{ code: number; stderr: string }> {
  try {
    await run(process.execPath, ['--import', 'tsx', 'scripts/cli.ts', ...args], { env: { ...process.env, OPENAI_API_KEY: '', FORGE_DB: '' } });
    return { code: 0, stderr: '' };
  } catch (err) {
    const e = err as { code: number; stderr: string };
    return { code: e.code, stderr: e.stderr };
  }
}

describe('options', () => {
  const cases: [string[], RegExp][] = [
    [['--seed', 'abc'], /--seed must be an integer, got abc/],
    [['--seed', '1.5'], /--seed must be an integer, got 1\.5/],
    [['--limit', 'abc'], /--limit must be an integer ≥ 1, got abc/],
    [['--limit', '1.5'], /--limit must be an integer ≥ 1, got 1\.5/],
    [['--limit', '0'], /--limit must be an integer ≥ 1, got 0/],
    [['--limit=-3'], /--limit must be an integer ≥ 1, got -3/],
    [['--concurrency', 'abc'], /--concurrency must be an integer from 1 to 256, got abc/],
    [['--max-cost', 'abc'], /--max-cost must be a number ≥ 0, got abc/],
    [['--max-cost=-5'], /--max-cost must be a number ≥ 0, got -5/],
  ];
  it('every bad numeric option is refused before anything runs, naming the option and the value', async () => {
    const db = join(dir, 'never.db');
    const results = await Promise.all(cases.map(([args]) => cli(['stage', 'collect', '--db', db, ...args])));
    results.forEach((r, i) => {
      expect(r.code, cases[i][0].join(' ')).toBe(2);
      expect(r.stderr).toMatch(cases[i][1]);
    });
  });
});

describe('files', () => {
  it('a config file holding null (or a list) is an error naming the file', () => {
    const path = join(dir, 'null.json');
    writeFileSync(path, 'null');
    expect(() => loadConfig(path)).toThrow(`config ${path} must be a JSON object of settings, got null`);
    writeFileSync(path, '[]');
    expect(() => loadConfig(path)).toThrow(/got a list/);
  });

  it('a database path that is a folder, or a damaged database, is named', () => {
    const folder = join(dir, 'folder.db');
    mkdirSync(folder);
    expect(() => Store.open(folder)).toThrow(`database path ${folder} is a folder`);
    const bad = join(dir, 'bad.db');
    writeFileSync(bad, Buffer.concat([Buffer.from('SQLite format 3\u0000'), Buffer.alloc(4096, 7)]));
    expect(() => Store.open(bad)).toThrow(StoreError);
    expect(() => Store.open(bad)).toThrow(new RegExp(`database ${bad}: `));
  });

  it('an SQLite error raised mid-command names the database', () => {
    const path = join(dir, 'ro.db');
    Store.open(path).close();
    const store = Store.open(path, { readonly: true });
    let caught: unknown;
    try {
      store.db.prepare("INSERT INTO runs (command, args, seed, config_hash, started_at) VALUES ('x', '{}', 1, 'x', 'now')").run();
    } catch (err) {
      caught = withDatabasePath(err);
    } finally {
      store.close();
    }
    expect((caught as Error).message).toMatch(new RegExp(`readonly database \\(database .*${path.replace(/[.]/g, '\\.')}`));
  });
});

describe('output', () => {
  it('`status | head -1` ends quietly (no EPIPE stack trace)', async () => {
    const db = join(dir, 'status.db');
    Store.open(db).close();
    const { stdout, stderr } = await run('sh', ['-c', `${process.execPath} --import tsx scripts/cli.ts status --db ${db} | head -c 10; exit \${PIPESTATUS:-0}`]);
    expect(stdout.length).toBe(10);
    expect(stderr).not.toMatch(/EPIPE|Error/);
  });
});

describe('tools replay', () => {
  it('a line that runs past --time-limit is reported and skipped; the lines after it still run', async () => {
    const file = join(dir, 'replay.jsonl');
    writeFileSync(
      file,
      [
        { involved_classes: ['MathAPI'], calls: [{ name: 'add', args: { a: 1, b: 2 } }] },
        { involved_classes: ['MathAPI'], calls: [{ name: 'power', args: { base: 3, exponent: 100000000 } }] },
        { involved_classes: ['MathAPI'], calls: [{ name: 'add', args: { a: 5, b: 2 } }] },
      ].map((l) => JSON.stringify(l)).join('\n') + '\n',
    );
    let stdout = '';
    let code = 0;
    try {
      ({ stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/cli.ts', 'tools', 'replay', file, '--time-limit', '2']));
    } catch (err) {
      ({ stdout, code } = err as { stdout: string; code: number });
    }
    const out = stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(code).toBe(1);
    expect(out.map((o) => o.line)).toEqual([1, 2, 3]);
    expect(out[0].responses[0].response).toBe('{"result": 3}');
    expect(out[1].error).toBe(`${file}:2: did not finish within 2s (--time-limit); stopped`);
    expect(out[2].responses[0].response).toBe('{"result": 7}');
  });
});
