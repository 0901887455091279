/**
 * Options every command shares, and the session they open.
 */
import type { Argv } from 'yargs';
import { openSession, type Session } from '../../pipeline/session.js';

export interface CommonArgs {
  db?: string;
  config?: string;
  seed?: number;
  llm?: 'auto' | 'offline' | 'openai';
}

export function withCommon<T>(y: Argv<T>) {
  return y
    .option('db', { type: 'string', describe: 'SQLite database file (default cache/forge.db, or $FORGE_DB)' })
    .option('config', { type: 'string', describe: 'JSON config file (validated; unknown keys are errors)' })
    .option('seed', { type: 'number', describe: 'Seed for every random choice (default from config: 42)' })
    .option('llm', {
      choices: ['auto', 'offline', 'openai'] as const,
      describe: 'offline: deterministic rules; openai: any OpenAI-compatible endpoint (OPENAI_API_KEY / OPENAI_BASE_URL); auto: openai when those are set',
    });
}

export function sessionFrom(args: CommonArgs, extra: { readonly?: boolean; lock?: string } = {}): Session {
  return openSession({ db: args.db, config: args.config, seed: args.seed, llm: args.llm, ...extra });
}
