/**
 * The checkout's root folder: the nearest folder above this module holding the package.json named
 * critictool-forge. Modules find their data files (sources/, the review page) from here rather than
 * from their own location, because the CLI runs a compiled copy of them from under .cache/
 * (bin/compiled.js), where a path relative to the module would point into the cache.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE_NAME = 'critictool-forge';

function findRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      try {
        if ((JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === PACKAGE_NAME) return dir;
      } catch {
        // not ours (or not JSON): keep looking above it
      }
    }
    if (dirname(dir) === dir) throw new Error(`cannot find the ${PACKAGE_NAME} checkout above ${from} (no package.json named ${PACKAGE_NAME})`);
  }
}

export const REPO_ROOT = findRoot(dirname(fileURLToPath(import.meta.url)));
