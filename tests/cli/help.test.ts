/**
 * `--help` of every CLI command and subcommand and of every bench, through the real entry points as
 * child processes (scripts/cli.ts, scripts/bench/index.ts, and the `forge` bin): exit 0, the help
 * names each of the command's options, and nothing runs (a bench's --help used to start it).
 */
import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import yargs, { type Argv, type CommandModule } from 'yargs';
import PQueue from 'p-queue';
import { COMMANDS } from '../../scripts/commands/index.js';
import type { Bench } from '../../scripts/bench/lib/bench.js';

const ROOT = process.cwd();
const env = { ...process.env, OPENAI_API_KEY: '', OPENAI_BASE_URL: '', FORGE_DB: '/nonexistent/never-opened.db' };
// Each child loads the code through tsx (seconds under load): a few at a time, not all at once.
const queue = new PQueue({ concurrency: 3 });

function spawnHelp(file: string, args: string[]): Promise<{ code: number; out: string }> {
  return queue.add(
    () =>
      new Promise((resolve) => {
        execFile(process.execPath, ['--import', 'tsx', file, ...args], { cwd: ROOT, env, timeout: 120_000 }, (err, stdout, stderr) => {
          resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, out: stdout + stderr });
        });
      }),
  ) as Promise<{ code: number; out: string }>;
}

/** Positional names in a command string: "review <action> [file]" → action, file. */
const positionals = (command: string) => [...command.matchAll(/[<[]([^>\]]+)[>\]]/g)].map((m) => m[1]);

/** The visible options a builder declares (yargs' own help/version and the positionals aside). */
function optionsOf(builder: unknown, command: string): string[] {
  const y = yargs([]) as Argv;
  if (typeof builder === 'function') builder(y);
  const opts = (y as unknown as { getOptions(): unknown }).getOptions() as { key: Record<string, unknown>; hiddenOptions: string[] };
  return Object.keys(opts.key).filter((k) => !['help', 'version', '$0', '_', ...positionals(command)].includes(k) && !opts.hiddenOptions.includes(k));
}

/** Every command and subcommand as argv prefixes, with its builder. */
function commandPaths(): { path: string[]; command: string; builder: unknown }[] {
  const out: { path: string[]; command: string; builder: unknown }[] = [];
  const visit = (cmd: CommandModule, prefix: string[]) => {
    const path = [...prefix, String(cmd.command).split(' ')[0]];
    out.push({ path, command: String(cmd.command), builder: cmd.builder });
    // Nested commands (tools replay): collect what the builder registers.
    const inner: CommandModule[] = [];
    const probe = yargs([]) as Argv;
    (probe as unknown as { command: (c: CommandModule) => Argv }).command = (c: CommandModule) => (typeof c === 'object' ? inner.push(c) : undefined, probe);
    if (typeof cmd.builder === 'function') cmd.builder(probe);
    for (const c of inner) visit(c, path);
  };
  for (const c of COMMANDS) visit(c as CommandModule, []);
  return out;
}

const benchNames = readdirSync(join(ROOT, 'scripts/bench'))
  .filter((f) => f.endsWith('.ts') && f !== 'index.ts')
  .map((f) => f.replace(/\.ts$/, ''));

describe('--help', () => {
  const paths = commandPaths();

  it('covers every command and the nested ones', () => {
    expect(paths.map((p) => p.path.join(' '))).toEqual(expect.arrayContaining(['stage', 'status', 'inspect', 'report', 'export', 'review', 'release', 'tools', 'tools replay', 'evaluate']));
  });

  it('every command and subcommand: exit 0, each option named', async () => {
    const results = await Promise.all(paths.map(async (p) => ({ ...p, ...(await spawnHelp('scripts/cli.ts', [...p.path, '--help'])) })));
    for (const r of results) {
      expect(r.code, `forge ${r.path.join(' ')} --help: ${r.out}`).toBe(0);
      expect(r.out).toContain(`forge ${r.path.join(' ')}`);
      for (const option of optionsOf(r.builder, r.command)) expect(r.out, `forge ${r.path.join(' ')} --help names --${option}`).toContain(`--${option}`);
    }
  }, 600_000);

  it('every bench: exit 0, each option named, nothing run', async () => {
    expect(benchNames).toEqual(expect.arrayContaining(['engine', 'evaluate', 'evolve', 'faults', 'llm', 'resolve']));
    const results = await Promise.all(
      benchNames.map(async (name) => {
        const bench = ((await import(pathToFileURL(join(ROOT, 'scripts/bench', `${name}.ts`)).href)) as { default: Bench<unknown> }).default;
        return { name, bench, ...(await spawnHelp('scripts/bench/index.ts', [name, '--help'])) };
      }),
    );
    for (const r of results) {
      expect(r.code, `pnpm bench ${r.name} --help: ${r.out}`).toBe(0);
      expect(r.out).toContain(`pnpm bench ${r.name}`);
      // A bench in the older form (a bare function) has no declared options to check.
      if (typeof r.bench !== 'function') {
        expect(r.out).toContain(r.bench.describe.slice(0, 20));
        for (const option of optionsOf(r.bench.builder, r.bench.positional ?? '')) expect(r.out, `bench ${r.name} --help names --${option}`).toContain(`--${option}`);
      }
      // What the benches print when they run: none of it may appear.
      expect(r.out).not.toMatch(/best of \d|items\/s\)|wall\/ideal|survived \/ injected \(|NaN|Infinity/);
    }
    const overview = await spawnHelp('scripts/bench/index.ts', ['--help']);
    expect(overview.code).toBe(0);
    for (const name of benchNames) expect(overview.out).toContain(`pnpm bench ${name}`);
  }, 600_000);

  it('a bad bench option is refused with exit 2 before any work', async () => {
    const r = await spawnHelp('scripts/bench/index.ts', ['llm', '--calls=abc']);
    expect(r.code).toBe(2);
    expect(r.out).toContain('--calls must be an integer');
  }, 120_000);

  it('the forge bin runs the CLI', async () => {
    const r = await queue.add(
      () =>
        new Promise<{ code: number; out: string }>((resolve) => {
          execFile(join(ROOT, 'bin/forge.js'), ['status', '--help'], { cwd: ROOT, env, timeout: 120_000 }, (err, stdout, stderr) =>
            resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, out: stdout + stderr }),
          );
        }),
    );
    expect(r!.code, r!.out).toBe(0);
    expect(r!.out).toContain('forge status');
    expect(r!.out).toContain('--json');
  }, 120_000);
});
