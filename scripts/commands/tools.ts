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
export function replayLines(text: string, file: string): ReplayOutput[] {
  const out: ReplayOutput[] = [];
  text.split('\n').forEach((raw, i) => {
    const line = i + 1;
    if (!raw.trim()) return;
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
}

const replayCommand: CommandModule<object, ReplayArgs> = {
  command: 'replay <file>',
  describe: 'Replay JSONL call sequences ({initial_config, involved_classes, calls:[{name,args}]}) on fresh BFCL backend state; one JSONL line of responses per input line',
  builder: (y) => y.positional('file', { type: 'string', demandOption: true, describe: 'JSONL file' }) as never,
  handler: (args) => {
    let text: string;
    try {
      text = readFileSync(args.file, 'utf8');
    } catch (err) {
      throw new Error(`cannot read ${args.file}: ${(err as Error).message}`);
    }
    let bad = 0;
    for (const r of replayLines(text, args.file)) {
      if (r.error) {
        bad++;
        console.error(`error: ${r.error}`);
      }
      process.stdout.write(toJson(r) + '\n');
    }
    if (bad) process.exitCode = 1;
  },
};

export const toolsCommand: CommandModule<object, object> = {
  command: 'tools <command>',
  describe: 'Tool utilities: replay call sequences on the executable BFCL backends',
  builder: (y) => y.command(replayCommand).demandCommand(1, 'name a tools command (replay)') as never,
  handler: () => {},
};
