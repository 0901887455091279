/**
 * `pnpm bench <name>`: runs scripts/bench/<name>.ts, whose default export is an async function
 * that prints its measurements (ratios, not pass/fail).
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const available = readdirSync(here)
  .filter((f) => f.endsWith('.ts') && f !== 'index.ts')
  .map((f) => f.replace(/\.ts$/, ''))
  .sort();

const name = process.argv[2];
if (!name || !available.includes(name)) {
  console.error(`usage: pnpm bench <${available.join('|')}> [options]`);
  process.exit(2);
}
const mod = (await import(pathToFileURL(join(here, `${name}.ts`)).href)) as { default: (args: string[]) => Promise<void> };
await mod.default(process.argv.slice(3));
