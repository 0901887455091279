/**
 * `pnpm tools replay FILE`: replay call sequences on the executable BFCL backends.
 *
 * FILE is JSONL; each line is `{ "initial_config": {...}, "involved_classes": [...], "calls":
 * [{"name": "cd" | "GorillaFileSystem.cd", "args": {...}}, ...] }`. Each line runs on fresh
 * backend state and prints one JSONL line: `{"line": n, "responses": [{"name", "response",
 * "error"?}]}`. A line that cannot be read or run prints `{"line": n, "error": "FILE:n: ..."}`
 * (also on stderr), the other lines still run, and the exit code is 1.
 *
 * Lines are parsed with parseBfclJson, so `10.0` stays a float and key order is kept — both are
 * state to BFCL's backends. No database is opened: replay is a pure function of the file.
 */
import { readFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { checkNumber } from './common.js';
import { z } from 'zod';
import type { CommandModule } from 'yargs';
import { BFCL_CLASSES, createSession, parseBfclJson } from '../../sources/bfcl/backends/index.js';
import { toJson } from '../../pipeline/pyValues.js';

const ReplayLine = z
  .object({
    initial_config: z.record(z.string(), z.unknown()).default({}),
    involved_classes: z.array(z.enum(BFCL_CLASSES as [string, ...string[]])).min(1),
    calls: z.array(z.object({ name: z.string().min(1), args: z.record(z.string(), z.unknown()).default({}) }).strict()),
  })
  .passthrough();

export interface ReplayOutput {
  line: number;
  responses?: { name: string; response: string; error?: string }[];
  error?: string;
}

/** Replay every line of a JSONL text; `file` names the source in error messages. */
export function replayLines(text: string, file: string, from = 1, each?: (r: ReplayOutput) => void): ReplayOutput[] {
  const out: ReplayOutput[] = [];
  const push = out.push.bind(out);
  if (each) out.push = (...items: ReplayOutput[]) => (items.forEach(each), push(...items));
  text.split('\n').forEach((raw, i) => {
    const line = i + 1;
    if (line < from || !raw.trim()) return;
    const fail = (why: string) => out.push({ line, error: `${file}:${line}: ${why}` });
    let value: unknown;
    try {
      value = parseBfclJson(raw);
    } catch (err) {
      fail(`not valid JSON: ${(err as Error).message}`);
      return;
    }
    const parsed = ReplayLine.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      fail(`field ${issue.path.join('.') || '(root)'}: ${issue.message}`);
      return;
    }
    try {
      const session = createSession(parsed.data.initial_config, parsed.data.involved_classes);
      const responses = parsed.data.calls.map((c) => {
        const r = session.execute(c.name, c.args);
        return { name: c.name, response: r.response, ...(r.isError ? { error: r.errorMessage ?? r.response } : {}) };
      });
      out.push({ line, responses });
    } catch (err) {
      fail(`cannot build the backend state: ${(err as Error).message}`);
    }
  });
  return out;
}

interface ReplayArgs {
  file: string;
  'time-limit': number;
  from: number;
  child?: boolean;
}

/**
 * Replays `file` in a child process and gives each line `limitS` seconds: the backends run
 * synchronously (one `power` with a huge exponent is a single BigInt operation), so only killing the
 * process stops a runaway line. The line is reported as timed out and a new child goes on after it.
 */
async function superviseReplay(file: string, text: string, limitS: number, emit: (r: ReplayOutput) => void): Promise<void> {
  const lines = text.split('\n').map((l, i) => (l.trim() ? i + 1 : 0)).filter((n) => n > 0);
  let next = 0; // index into lines of the first line without output
  while (next < lines.length) {
    const child = spawn(process.execPath, [...process.execArgv, process.argv[1], 'tools', 'replay', file, '--from', String(lines[next]), '--time-limit', '0', '--child'], { stdio: ['ignore', 'pipe', 'ignore'] });
    const timedOut = await new Promise<boolean>((resolve) => {
      let buf = '';
      // The clock starts when the child is ready: loading the code is not the line's time.
      let timer: NodeJS.Timeout | undefined;
      child.stdout.on('data', (d: Buffer) => {
        buf += d.toString();
        let nl: number;
        while ((nl = buf.indexOf('\n')) >= 0) {
          const r = JSON.parse(buf.slice(0, nl)) as ReplayOutput & { ready?: boolean };
          buf = buf.slice(nl + 1);
          if (!r.ready) emit(r);
          if (!r.ready) next = lines.indexOf(r.line) + 1;
          clearTimeout(timer);
          timer = setTimeout(() => (child.kill('SIGKILL'), resolve(true)), limitS * 1000);
        }
      });
      child.on('close', () => (clearTimeout(timer), resolve(false)));
    });
    if (timedOut) {
      emit({ line: lines[next], error: `${file}:${lines[next]}: did not finish within ${limitS}s (--time-limit); stopped` });
      next++;
    } else if (next < lines.length) {
      emit({ line: lines[next], error: `${file}:${lines[next]}: the replay process ended without an answer` });
      next++;
    }
  }
}

const replayCommand: CommandModule<object, ReplayArgs> = {
  command: 'replay <file>',
  describe: 'Replay JSONL call sequences ({initial_config, involved_classes, calls:[{name,args}]}) on fresh BFCL backend state; one JSONL line of responses per input line',
  builder: (y) =>
    y
      .positional('file', { type: 'string', demandOption: true, describe: 'JSONL file' })
      .option('time-limit', { type: 'number', default: 10, describe: 'Seconds each line may run (0 = no limit); a line over it is reported and skipped' })
      .coerce('time-limit', checkNumber('--time-limit', { min: 0 }))
      .option('from', { type: 'number', default: 1, hidden: true, describe: 'First line to replay' })
      .coerce('from', checkNumber('--from', { integer: true, min: 1 }))
      .option('child', { type: 'boolean', hidden: true, describe: 'Run as the supervised replay process (prints a ready line first)' }) as never,
  handler: async (args) => {
    let text: string;
    try {
      text = readFileSync(args.file, 'utf8');
    } catch (err) {
      throw new Error(`cannot read ${args.file}: ${(err as Error).message}`);
    }
    let bad = 0;
    const emit = (r: ReplayOutput) => {
      if (r.error) {
        bad++;
        console.error(`error: ${r.error}`);
      }
      process.stdout.write(toJson(r) + '\n');
    };
    if (args.child) process.stdout.write('{"ready":true}\n');
    if (args['time-limit'] > 0) await superviseReplay(args.file, text, args['time-limit'], emit);
    else replayLines(text, args.file, args.from, emit);
    if (bad) process.exitCode = 1;
  },
};

export const toolsCommand: CommandModule<object, object> = {
  command: 'tools <command>',
  describe: 'Tool utilities: replay call sequences on the executable BFCL backends',
  builder: (y) => y.command(replayCommand).demandCommand(1, 'name a tools command (replay)') as never,
  handler: () => {},
};
