/**
 * Stage input fingerprints: a digest of everything a stage's `enumerate` (or a sink's `write`) may
 * read, so a rerun whose inputs are all unchanged can skip enumerating — re-reading and re-hashing
 * every upstream artifact — and reuse the stage's output as it stands.
 *
 * Deliberately broad, because a stale output is worse than a slow one: the whole config (not only
 * the stage's slice), the code of the pipeline itself, and the live output of every stage upstream
 * of it, transitively (assemble reads standardize artifacts through resolve's parents). A broad
 * input only costs a re-enumeration, which reuses every item whose key is unchanged.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { REPO_ROOT } from './repoRoot.js';


/** The folders whose code a stage runs (stages import from these and nothing else of ours), and the dependency lock. */
const CODE_DIRS = ['pipeline', 'stages', 'sources', 'output'];
const CODE_FILES = ['package.json', 'pnpm-lock.yaml'];

let codeDigestMemo: string | undefined;

/**
 * The pipeline's own code: an edited rule that forgot its stage version bump must still be seen.
 * Content, not mtimes, so a checkout of the same commit keeps reruns cheap.
 */
export function codeDigest(): string {
  if (codeDigestMemo) return codeDigestMemo;
  const h = createHash('sha256');
  const files = [...CODE_FILES.map((f) => join(REPO_ROOT, f)), ...CODE_DIRS.flatMap((d) => walk(join(REPO_ROOT, d)).filter((f) => f.endsWith('.ts')))];
  for (const f of files) {
    let text: Buffer;
    try {
      text = readFileSync(f);
    } catch {
      continue; // a dependency lock may be absent in an installed copy
    }
    h.update(`${f.slice(REPO_ROOT.length)}\u0000${text.length}\u0000`);
    h.update(text);
  }
  return (codeDigestMemo = h.digest('hex'));
}

/** Every file under `root` (a file itself if it is one), sorted; node_modules and dot folders left out. */
function walk(root: string): string[] {
  let st;
  try {
    st = statSync(root);
  } catch {
    return [];
  }
  if (!st.isDirectory()) return [root];
  const out: string[] = [];
  for (const e of readdirSync(root, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    if (e.name === 'node_modules' || e.name.startsWith('.')) continue;
    const p = join(root, e.name);
    if (e.isDirectory()) out.push(...walk(p));
    else out.push(p);
  }
  return out;
}

/**
 * Path, size and modification time (ns) of every file under the given paths: cheap enough to take on
 * every run, and any edit, replacement or new file changes it. A missing path is recorded as missing.
 */
export function fileStamps(paths: string[]): [string, string][] {
  const out: [string, string][] = [];
  for (const p of paths) {
    const files = walk(resolve(p));
    if (files.length === 0) out.push([resolve(p), 'missing']);
    for (const f of files) {
      const st = statSync(f, { bigint: true });
      out.push([f, `${st.size}:${st.mtimeNs}`]);
    }
  }
  return out;
}
