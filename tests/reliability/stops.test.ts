/**
 * Clean stops: a lock held by a dead or zombie process is free; a run its dead process left
 * "running" reads as interrupted and is recorded so by the next writer; SIGINT / SIGTERM on a real
 * CLI child finish the items in flight, record the run interrupted, print how to resume and exit
 * 130 / 143; the rerun resumes to the end.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Store, StoreInUseError, pidAlive } from '../../pipeline/store/store.js';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'forge-stops-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ENV = { ...process.env, OPENAI_API_KEY: '', OPENAI_BASE_URL: '', FORGE_DB: '' };

/** Runs a command in its own process group; sends `signal` to the group once the output shows `when`. */
export function runAndSignal(cmd: string, args: string[], signal?: { name: NodeJS.Signals; when: string }): Promise<{ code: number | null; signal: NodeJS.Signals | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: ENV });
    let out = '';
    let sent = false;
    const on = (d: Buffer) => {
      out += d.toString();
      if (signal && !sent && out.includes(signal.when)) {
        sent = true;
        process.kill(-child.pid!, signal.name);
      }
    };
    child.stdout.on('data', on);
    child.stderr.on('data', on);
    child.on('close', (code, signal) => resolve({ code, signal, out }));
  });
}

/** A zombie: `sleep 0.05` exits, and its parent (exec'd into `sleep 3`) never reaps it. */
function zombiePid(): Promise<{ pid: number; stop: () => void }> {
  return new Promise((resolve) => {
    const parent = spawn('sh', ['-c', 'sleep 0.05 & echo $!; exec sleep 3'], { stdio: ['ignore', 'pipe', 'ignore'] });
    parent.stdout.once('data', (d: Buffer) => setTimeout(() => resolve({ pid: Number(d.toString().trim()), stop: () => parent.kill() }), 300));
  });
}

describe('the writer lock', () => {
  it('treats a zombie holder as dead (kill(pid, 0) succeeds on zombies)', async () => {
    const z = await zombiePid();
    try {
      expect(pidAlive(z.pid)).toBe(false);
      const store = Store.open(join(dir, 'z.db'));
      store.db.prepare('INSERT OR REPLACE INTO lock (id, pid, host, command, acquired_at) VALUES (1, ?, ?, ?, ?)').run(z.pid, (await import('node:os')).hostname(), 'stage collect', 'then');
      expect(() => store.acquireLock('stage filter')).not.toThrow();
      store.close();
    } finally {
      z.stop();
    }
  });

  it('still refuses a live holder', async () => {
    const live = spawn('sleep', ['3']);
    const store = Store.open(join(dir, 'live.db'));
    try {
      store.db.prepare('INSERT OR REPLACE INTO lock (id, pid, host, command, acquired_at) VALUES (1, ?, ?, ?, ?)').run(live.pid, (await import('node:os')).hostname(), 'stage collect', 'then');
      expect(() => store.acquireLock('stage filter')).toThrow(StoreInUseError);
    } finally {
      store.close();
      live.kill();
    }
  });

  it('a run left "running" by a dead process reads as interrupted, and the next writer records it so', () => {
    const store = Store.open(join(dir, 'runs.db'));
    store.startRun('stage filter', {}, 42, 'x');
    store.startStageRun('filter', 10, 0);
    store.close(); // the process "died": no finishRun, no lock held
    const reader = Store.open(join(dir, 'runs.db'), { readonly: true });
    expect(reader.lastStageRun('filter')?.status).toBe('interrupted');
    reader.close();
    const writer = Store.open(join(dir, 'runs.db'));
    writer.acquireLock('stage filter');
    expect(writer.db.prepare('SELECT status FROM runs').pluck().all()).toEqual(['interrupted']);
    expect(writer.db.prepare('SELECT status FROM stage_runs').pluck().all()).toEqual(['interrupted']);
    writer.close();
  });
});

describe('SIGINT / SIGTERM on the real CLI', () => {
  const cli = (db: string) => ['--import', 'tsx', 'scripts/cli.ts', 'stage', 'filter', '--llm', 'offline', '--db', db];

  for (const [name, code] of [['SIGINT', 130], ['SIGTERM', 143]] as const) {
    it(`${name}: items in flight finish, the run is recorded interrupted, the way to resume is printed, exit ${code}; the rerun finishes`, async () => {
      const db = join(dir, `${name}.db`);
      const stopped = await runAndSignal(process.execPath, cli(db), { name, when: '[collect] vendored' });
      expect(stopped.out).toContain(`interrupted by ${name}`);
      expect(stopped.out).toMatch(/Resume with: pnpm stage filter --llm offline --db \S+/);
      expect(stopped.code).toBe(code);
      const store = Store.open(db, { readonly: true });
      expect(store.db.prepare('SELECT status FROM runs').pluck().all()).toEqual(['interrupted']);
      const done = store.db.prepare("SELECT count(*) FROM artifacts WHERE stage = 'collect' AND status != 'failed'").pluck().get() as number;
      expect(done).toBeGreaterThan(0);
      expect(done).toBeLessThan(1240);
      store.close();
      const rerun = await runAndSignal(process.execPath, cli(db));
      expect(rerun.code).toBe(0);
      expect(rerun.out).toMatch(new RegExp(`\\[collect\\] 1240 items: ${done} reused`));
    });
  }
});

describe('Ctrl+C through pnpm', () => {
  // pnpm 9 exited 0 when its script died of SIGINT (pnpm/pnpm#9626, fixed in 10.16), so
  // `pnpm stage export && pnpm release …` went on after a Ctrl+C; package.json pins a fixed pnpm.
  it('`pnpm stage …` interrupted by SIGINT to its process group exits 130 with the resume line', async () => {
    const db = join(dir, 'pnpm-sigint.db');
    const stopped = await runAndSignal('pnpm', ['stage', 'filter', '--llm', 'offline', '--db', db], { name: 'SIGINT', when: '[collect] vendored' });
    expect(stopped.out).toContain('interrupted by SIGINT');
    expect(stopped.out).toMatch(/Resume with: pnpm stage filter --llm offline --db \S+/);
    // pnpm re-raises the signal on itself: it dies of SIGINT, which a shell reads as status 130.
    const shellStatus = stopped.code ?? 128 + (stopped.signal === 'SIGINT' ? 2 : 0);
    expect(shellStatus).toBe(130);
  });
});
