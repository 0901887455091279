/**
 * `pnpm bench <name> [options]`: runs scripts/bench/<name>.ts, which exports a Bench (lib/bench.ts):
 * yargs options and a handler that prints its measurements (ratios, not pass/fail).
 * `pnpm bench <name> --help` prints that bench's options and runs nothing.
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import yargs, { type CommandModule } from 'yargs';
import { hideBin } from 'yargs/helpers';
import type { Bench } from './lib/bench.js';

const here = dirname(fileURLToPath(import.meta.url));
const available = readdirSync(here)
  .filter((f) => f.endsWith('.ts') && f !== 'index.ts')
  .map((f) => f.replace(/\.ts$/, ''))
  .sort();

async function load(name: string): Promise<CommandModule> {
  const mod = (await import(pathToFileURL(join(here, `${name}.ts`)).href)) as { default?: Bench<unknown> | ((args: string[]) => Promise<void>) };
  const bench = mod.default;
  if (typeof bench === 'function') {
    // The older form, a function of the raw arguments: it still runs, and --help still stops it,
    // but its options are unknown to yargs — export a Bench to have them checked and listed.
    return { command: name, describe: '(options not declared: see the file)', builder: (y) => y.strict(false), handler: () => bench(argv.slice(1)) };
  }
  if (!bench?.builder || !bench.handler) throw new Error(`scripts/bench/${name}.ts does not export a Bench (see scripts/bench/lib/bench.ts) as its default`);
  return {
    command: bench.positional ? `${name} ${bench.positional}` : name,
    describe: bench.describe,
    builder: bench.builder as CommandModule['builder'],
    handler: bench.handler as CommandModule['handler'],
  };
}

const argv = hideBin(process.argv);
// Only the named bench is loaded (some import the whole pipeline); all of them for the overview.
const names = available.includes(argv[0]) ? [argv[0]] : available;
let cli = yargs(argv)
  .scriptName('pnpm bench')
  .strict()
  .demandCommand(1, `name a bench: ${available.join(', ')}`)
  .help()
  .alias('h', 'help');
for (const name of names) cli = cli.command(await load(name));
try {
  await cli
    .fail((msg, err, y) => {
      // A value an option refused (err from a coerce) is a usage error like a missing name: exit 2.
      if (err && err.name !== 'YError') throw err;
      console.error(err ? `error: ${err.message}` : y.help() && msg);
      process.exit(2);
    })
    .parseAsync();
} catch (err) {
  console.error(`error: ${err instanceof Error ? err.message : String(err)}`);
  if (process.env.FORGE_DEBUG && err instanceof Error) console.error(err.stack);
  process.exitCode = 1;
}
