#!/usr/bin/env node
/**
 * The critictool-forge CLI: `pnpm stage <name>`, `pnpm status`, `pnpm inspect <id>`, and the
 * report / review / release / tools / export commands.
 */
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { COMMANDS } from './commands/index.js';
import { redactSecrets } from '../pipeline/secrets.js';
import { withDatabasePath } from '../pipeline/store/store.js';

// `pnpm status | head -1`: the reader went away; that is the end of the output, not an error.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw err;
  });
}

async function main(): Promise<void> {
  let cli = yargs(hideBin(process.argv)).scriptName('forge').strict().demandCommand(1, 'name a command (see --help)').help().alias('h', 'help');
  for (const command of COMMANDS) cli = cli.command(command);
  await cli
    .fail((msg, err, y) => {
      if (err) throw err;
      console.error(y.help() && msg);
      process.exit(2);
    })
    .parseAsync();
}

main().catch((thrown: unknown) => {
  const err = withDatabasePath(thrown);
  const message = err instanceof Error ? err.message : String(err);
  console.error(`error: ${redactSecrets(message)}`);
  if (process.env.FORGE_DEBUG && err instanceof Error && err.stack) console.error(redactSecrets(err.stack));
  process.exitCode = process.exitCode && process.exitCode !== 0 ? process.exitCode : 2;
});
