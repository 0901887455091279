/**
 * `pnpm bench faults [--rounds N] [--seed S]`: a fault battery on the real CLI (child processes).
 * A reference build (`stage export --limit 2`) and a reference release are made once; then each
 * round injects faults and reruns:
 *  - build:   kill -9 at a seeded random moment of `stage export`, rerun at once (the dead process
 *             may still be a zombie), compare the export with the reference byte for byte;
 *  - export:  kill -9 during an export over a previous one: the folder must hold a whole set at
 *             every moment (checked right after the kill), and the rerun the reference;
 *  - release: kill -9 during `release`, rerun: the release completes and equals the reference;
 *  - sigint:  SIGINT at a random moment of the build: exit 130 (or 0 if it had finished), the run
 *             recorded interrupted, the rerun equal to the reference;
 *  - disk:    (root only) the export folder on a full 12 MB tmpfs (an export of this build is 2.8 MB; a replacement needs room for two): the export fails, the previous
 *             files stay whole, and after space is freed the rerun succeeds.
 * Prints faults survived / injected per kind. "Survived" means: rerun exit 0, output identical to
 * the reference, no staging folder left behind.
 */
import { spawn, execFileSync } from 'node:child_process';
import Database from 'better-sqlite3';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { Rng } from '../../pipeline/rng.js';
import { benchNumber, defineBench } from './lib/bench.js';

const CONFIG = { assemble: { internal: 12, external: 4, cotInternal: 6, cotExternal: 2 }, evolve: { internal: 8, external: 4 } };

export type FaultKind = 'build' | 'export' | 'release' | 'sigint' | 'disk';
export interface FaultCounts {
  injected: Record<FaultKind, number>;
  survived: Record<FaultKind, number>;
  failures: string[];
}

interface Ran {
  code: number | null;
  signal: NodeJS.Signals | null;
  out: string;
  ms: number;
}

function cli(args: string[], opts: { killAfterMs?: number; signal?: NodeJS.Signals } = {}): Promise<Ran> {
  const env = { ...process.env, OPENAI_API_KEY: '', OPENAI_BASE_URL: '', FORGE_DB: '', FORGE_CODE_COMMIT: 'bench-faults' };
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/cli.ts', ...args], { detached: true, stdio: ['ignore', 'pipe', 'pipe'], env });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const timer = opts.killAfterMs !== undefined ? setTimeout(() => {
      try {
        process.kill(-child.pid!, opts.signal ?? 'SIGKILL');
      } catch {
        /* already gone */
      }
    }, opts.killAfterMs) : undefined;
    child.on('close', (code, signal) => {
      if (timer) clearTimeout(timer);
      resolve({ code, signal, out, ms: Date.now() - started });
    });
  });
}

function files(root: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out.set(relative(root, p), readFileSync(p));
    }
  };
  if (existsSync(root)) walk(root);
  return out;
}

/** Differences between two trees ('' when identical). */
function diffTrees(a: string, b: string): string {
  const x = files(a);
  const y = files(b);
  const names = [...new Set([...x.keys(), ...y.keys()])].sort();
  const bad = names.filter((n) => !x.has(n) || !y.has(n) || !x.get(n)!.equals(y.get(n)!));
  return bad.length ? `${bad.length} file(s) differ: ${bad.slice(0, 3).join(', ')}` : '';
}

/** A consistent copy of a database (its WAL folded in). */
function copyDb(from: string, to: string): void {
  const db = new Database(from, { readonly: true });
  try {
    db.exec(`VACUUM INTO '${to.replace(/'/g, "''")}'`);
  } finally {
    db.close();
  }
}

const leftovers = (parent: string) => readdirSync(parent).filter((f) => /\.(partial|previous)-/.test(f));

export async function runFaultBattery(opts: { rounds: number; seed: number; kinds?: FaultKind[]; log?: (line: string) => void }): Promise<FaultCounts> {
  const log = opts.log ?? ((l: string) => console.log(l));
  const kinds = opts.kinds ?? ['build', 'export', 'release', 'sigint', 'disk'];
  const dir = mkdtempSync(join(tmpdir(), 'forge-faults-'));
  const counts: FaultCounts = { injected: { build: 0, export: 0, release: 0, sigint: 0, disk: 0 }, survived: { build: 0, export: 0, release: 0, sigint: 0, disk: 0 }, failures: [] };
  const config = join(dir, 'config.json');
  writeFileSync(config, JSON.stringify(CONFIG));
  const build = (db: string, out: string) => ['stage', 'export', '--limit', '2', '--llm', 'offline', '--config', config, '--db', db, '--out', out];
  try {
    const ref = await cli(build(join(dir, 'ref.db'), join(dir, 'ref-out')));
    if (ref.code !== 0) throw new Error(`reference build failed: ${ref.out.slice(-500)}`);
    const buildMs = ref.ms;
    const pristine = join(dir, 'pristine.db'); // built, never released
    copyDb(join(dir, 'ref.db'), pristine);
    const refRelease = await cli(['release', '0.1.0', '--config', config, '--db', join(dir, 'ref.db'), '--out', join(dir, 'ref-rel')]);
    if (refRelease.code !== 0) throw new Error(`reference release failed: ${refRelease.out.slice(-500)}`);
    log(`reference: build + export ${(buildMs / 1000).toFixed(1)}s, release ${(refRelease.ms / 1000).toFixed(1)}s`);
    const rng = new Rng(opts.seed, 'faults', 'moments');
    const at = (ms: number) => Math.round(ms * (0.15 + 0.8 * rng.float()));
    const check = (kind: FaultKind, what: string, problem: string) => {
      counts.injected[kind]++;
      if (problem) counts.failures.push(`${kind} (${what}): ${problem}`);
      else counts.survived[kind]++;
      log(`  ${kind.padEnd(8)} ${what}: ${problem || 'survived'}`);
    };

    for (let round = 0; round < opts.rounds; round++) {
      const r = join(dir, `round-${round}`);
      mkdirSync(r);
      if (kinds.includes('build')) {
        const db = join(r, 'build.db');
        const out = join(r, 'build-out');
        const t = at(buildMs);
        const killed = await cli(build(db, out), { killAfterMs: t });
        const rerun = await cli(build(db, out)); // at once: the lock must not outlive its process
        check('build', `kill -9 at ${t} ms (${killed.signal ?? `exit ${killed.code}`})`, rerun.code !== 0 ? `rerun exit ${rerun.code}: ${rerun.out.slice(-300)}` : diffTrees(join(dir, 'ref-out'), out) || leftovers(r).join(' '));
      }
      if (kinds.includes('export')) {
        const db = join(r, 'export.db');
        copyDb(pristine, db);
        const out = join(r, 'export-out');
        await cli(build(db, out));
        writeFileSync(join(out, 'internal_error/base_data_wo_cot.json'), '{}'); // an older, different set
        const before = files(out);
        const t = at(Math.min(buildMs, 15_000));
        await cli(build(db, out), { killAfterMs: t });
        const now = files(out);
        const whole = diffTrees(join(dir, 'ref-out'), out) === '' || (now.size === before.size && [...before].every(([k, v]) => now.get(k)?.equals(v)));
        const rerun = await cli(build(db, out));
        check('export', `kill -9 at ${t} ms`, !whole ? 'the folder held a mix of two exports after the kill' : rerun.code !== 0 ? `rerun exit ${rerun.code}` : diffTrees(join(dir, 'ref-out'), out) || leftovers(r).join(' '));
      }
      if (kinds.includes('release')) {
        const db = join(r, 'release.db');
        copyDb(pristine, db);
        const rel = join(r, 'rel');
        const args = ['release', '0.1.0', '--config', config, '--db', db, '--out', rel];
        const t = at(refRelease.ms);
        await cli(args, { killAfterMs: t });
        let rerun = await cli(args);
        // A rerun after a kill that came too late finds the version released: that is a finished release too.
        if (rerun.code !== 0 && /already exists \(made/.test(rerun.out)) rerun = { ...rerun, code: 0 };
        check('release', `kill -9 at ${t} ms`, rerun.code !== 0 ? `rerun exit ${rerun.code}: ${rerun.out.slice(-300)}` : diffTrees(join(dir, 'ref-rel'), rel) || leftovers(r).join(' '));
      }
      if (kinds.includes('sigint')) {
        const db = join(r, 'sigint.db');
        const out = join(r, 'sigint-out');
        // Past start-up (signal handlers in place) and before the end, so the clean stop is what is tested.
        const t = Math.round(buildMs * (0.4 + 0.5 * rng.float()));
        const stopped = await cli(build(db, out), { killAfterMs: t, signal: 'SIGINT' });
        const okExit = stopped.code === 130 ? /Resume with:/.test(stopped.out) : stopped.code === 0;
        const rerun = await cli(build(db, out));
        check('sigint', `SIGINT at ${t} ms (exit ${stopped.code ?? stopped.signal})`, !okExit ? `exit ${stopped.code}: ${stopped.out.slice(-200)}` : rerun.code !== 0 ? `rerun exit ${rerun.code}` : diffTrees(join(dir, 'ref-out'), out));
      }
      if (kinds.includes('disk') && process.getuid?.() === 0) {
        const mnt = join(r, 'small');
        mkdirSync(mnt);
        execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=12m', 'tmpfs', mnt]);
        try {
          const out = join(mnt, 'out');
          const db = join(r, 'disk.db');
          copyDb(pristine, db);
          const first = await cli(build(db, out));
          if (first.code !== 0) throw new Error(`export onto tmpfs failed: ${first.out.slice(-300)}`);
          const free = Number(execFileSync('df', ['--output=avail', '-B1', mnt]).toString().trim().split('\n')[1]);
          writeFileSync(join(mnt, 'filler'), Buffer.alloc(Math.max(0, free - 64 * 1024)));
          // --force: an export whose folder already holds what it would write keeps it (upToDate.ts); the fault needs a real write.
          const full = await cli([...build(db, out), '--force']);
          const kept = diffTrees(join(dir, 'ref-out'), out);
          rmSync(join(mnt, 'filler'));
          const rerun = await cli(build(db, out));
          check('disk', 'export onto a full disk', full.code === 0 ? 'the export on a full disk reported success' : kept ? `previous files damaged: ${kept}` : rerun.code !== 0 ? `rerun exit ${rerun.code}` : diffTrees(join(dir, 'ref-out'), out) || leftovers(mnt).join(' '));
        } finally {
          execFileSync('umount', [mnt]);
        }
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return counts;
}

export default defineBench({
  describe: 'A fault battery on the real CLI: kill -9, SIGINT and a full disk during build, export and release; faults survived / injected',
  builder: (y) =>
    y
      .option('rounds', { type: 'number', default: 3, describe: 'Rounds of injected faults' })
      .coerce('rounds', benchNumber('--rounds', { integer: true, min: 1 }))
      .option('seed', { type: 'number', default: 7, describe: 'Seed for the kill moments' })
      .coerce('seed', benchNumber('--seed', { integer: true, min: 1 })),
  handler: main,
});

async function main({ rounds, seed }: { rounds: number; seed: number }): Promise<void> {
  const counts = await runFaultBattery({ rounds, seed });
  console.log('\nfaults survived / injected (rerun exit 0, output byte-identical to the reference, no staging folder left):');
  for (const k of Object.keys(counts.injected) as FaultKind[]) if (counts.injected[k]) console.log(`  ${k.padEnd(8)} ${counts.survived[k]}/${counts.injected[k]}`);
  const total = Object.values(counts.injected).reduce((a, b) => a + b, 0);
  const ok = Object.values(counts.survived).reduce((a, b) => a + b, 0);
  console.log(`  total    ${ok}/${total}`);
  for (const f of counts.failures) console.log(`  FAILED ${f}`);
  if (ok < total) process.exitCode = 1;
}
