/**
 * What a bench file exports: its yargs options and the function that measures. scripts/bench/index.ts
 * turns every scripts/bench/<name>.ts into `pnpm bench <name>`, so `--help` prints the options and
 * never starts a run, and a bad value is refused before any work.
 */
import type { Argv } from 'yargs';
import { checkNumber, type NumberRule } from '../../commands/common.js';

export interface Bench<A> {
  /** One line for `pnpm bench --help`. */
  describe: string;
  /** Positional arguments after the name, as a yargs command string tail (e.g. "[rounds]"), if any. */
  positional?: string;
  /** yargs types a coerced option as possibly undefined even with a default, hence Partial. */
  builder: (y: Argv) => Argv<Partial<A>>;
  handler: (args: A) => Promise<void>;
}

/** Typed identity: checks a bench file's options against its handler's argument type. */
export function defineBench<A>(bench: Bench<A>): Bench<A> {
  return bench;
}

/** checkNumber for a bench option that has a default: the value is always there. */
export function benchNumber(flag: string, rule: NumberRule): (value: unknown) => number {
  const check = checkNumber(flag, rule);
  return (value) => check(value) as number;
}
