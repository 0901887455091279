/**
 * Options every command shares, and the session they open.
 */
import type { Argv } from 'yargs';
import { openSession, type Session } from '../../pipeline/session.js';
import { LLM_ROLES, type LlmRole } from '../../pipeline/config.js';

export interface CommonArgs {
  db?: string;
  config?: string;
  seed?: number;
  llm?: 'auto' | 'offline' | 'openai';
  'llm-roles'?: string[];
}

export function withCommon<T>(y: Argv<T>) {
  return y
    .option('db', { type: 'string', describe: 'SQLite database file (default cache/forge.db, or $FORGE_DB)' })
    .option('config', { type: 'string', describe: 'JSON config file (validated; unknown keys are errors)' })
    .option('seed', { type: 'number', describe: 'Seed for every random choice (default from config: 42)' })
    .coerce('seed', checkNumber('--seed', { integer: true }))
    .option('llm', {
      choices: ['auto', 'offline', 'openai'] as const,
      describe: 'offline: deterministic rules; openai: any OpenAI-compatible endpoint (OPENAI_API_KEY / OPENAI_BASE_URL); auto: openai when those are set',
    })
    .option('llm-roles', {
      type: 'string',
      array: true,
      choices: LLM_ROLES,
      describe: 'With a model: only these roles call it, every other role keeps its rules (e.g. --llm-roles observed-model to observe a model on the benchmark the rules built)',
    });
}

export function sessionFrom(args: CommonArgs, extra: { readonly?: boolean; lock?: string } = {}): Session {
  return openSession({ db: args.db, config: args.config, seed: args.seed, llm: args.llm, llmRoles: args['llm-roles'] as LlmRole[] | undefined, ...extra });
}

/** What a numeric option may hold. */
export interface NumberRule {
  integer?: boolean;
  min?: number;
  max?: number;
}

/** The text the user typed for a flag (yargs has already turned "abc" into NaN). */
function typed(flag: string, argv: string[] = process.argv): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === flag) return argv[i + 1];
    if (argv[i].startsWith(`${flag}=`)) return argv[i].slice(flag.length + 1);
  }
  return undefined;
}

/**
 * A yargs coerce function that rejects what a numeric option cannot mean (NaN, 1.5 for a count,
 * a negative budget), naming the option — instead of failing later with a message about hashing NaN.
 */
export function checkNumber(flag: string, rule: NumberRule): (value: unknown) => number | undefined {
  return (value: unknown) => {
    if (value === undefined) return undefined;
    const values = Array.isArray(value) ? value : [value];
    if (values.length > 1) throw new Error(`${flag} was given ${values.length} times; give it once`);
    const n = values[0] as number;
    const shown = typed(flag) ?? String(n);
    const what = rule.integer ? 'an integer' : 'a number';
    const range = rule.min !== undefined && rule.max !== undefined ? ` from ${rule.min} to ${rule.max}` : rule.min !== undefined ? ` ≥ ${rule.min}` : rule.max !== undefined ? ` ≤ ${rule.max}` : '';
    const bad = typeof n !== 'number' || !Number.isFinite(n) || (rule.integer && !Number.isSafeInteger(n)) || (rule.min !== undefined && n < rule.min) || (rule.max !== undefined && n > rule.max);
    if (bad) throw new Error(`${flag} must be ${what}${range}, got ${shown}`);
    return n;
  };
}
