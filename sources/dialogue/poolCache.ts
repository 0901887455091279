/**
 * The long-context pool's verdicts kept on disk between runs. Judging every corpus dialogue
 * (./honest.ts honestTurns, ./context.ts unusableReason, the entries' lines and menu topics) is the
 * same work in every build of the same code on the same corpus: ~3,700 dialogues, about a tenth of
 * evolve. The verdicts are a function of the dialogues and the code alone, so they are kept in one
 * file named by a digest of
 * - the pipeline's code (pipeline/fingerprint.ts codeDigest: every .ts file of pipeline/, stages/,
 *   sources/, output/, package.json and the dependency lock — any edited rule gives a new name),
 * - the corpus (its digest over every dialogue's id, roles and text) and every turn's token count
 *   as loaded (the tokenizer's own answer),
 * - this file's format.
 * A file whose name matches is therefore never stale; it is checked again on reading (format, the
 * digest inside it, one verdict per dialogue) and anything unreadable or mismatched is worked out
 * afresh and written again. Written to a private name and renamed, so concurrent runs never read
 * half a file; only the newest few files are kept.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Corpus } from './corpus.js';
import { contextPool, judgeDialogue, type ContextPool, type DialogueVerdict } from './context.js';

/** Bump when DialogueVerdict's shape or how it is read back changes. */
export const POOL_CACHE_FORMAT = 'context-pool-verdicts-1';
/** Files kept besides the newest (other checkouts' code, other corpora). */
const KEEP = 4;

/** The name of the file that keeps this corpus's verdicts under this code. */
export function poolCacheKey(corpus: Corpus, code: string): string {
  const h = createHash('sha256');
  h.update(`${POOL_CACHE_FORMAT}\u0000${code}\u0000${corpus.digest}\u0000`);
  for (const d of corpus.dialogues) h.update(`${d.turns.map((t) => t.tokens).join(',')};`);
  return h.digest('hex').slice(0, 32);
}

interface PoolCacheFile {
  format: string;
  key: string;
  verdicts: readonly DialogueVerdict[];
}

/** The verdicts kept for this corpus and code, or undefined when there is no sound file for them. */
export function readPoolVerdicts(dir: string, corpus: Corpus, code: string): readonly DialogueVerdict[] | undefined {
  const key = poolCacheKey(corpus, code);
  let file: PoolCacheFile;
  try {
    file = JSON.parse(readFileSync(join(dir, `${key}.json`), 'utf8')) as PoolCacheFile;
  } catch {
    return undefined;
  }
  if (file?.format !== POOL_CACHE_FORMAT || file.key !== key || !Array.isArray(file.verdicts) || file.verdicts.length !== corpus.dialogues.length) return undefined;
  // The rewritten turns must line up with the corpus's turns.
  for (let i = 0; i < corpus.dialogues.length; i++) {
    const v = file.verdicts[i];
    if (!v || typeof v !== 'object' || (v.honest !== null && (!v.honest || !Array.isArray(v.honest.turns) || v.honest.turns.length !== corpus.dialogues[i].turns.length))) return undefined;
  }
  return file.verdicts;
}

/** Keeps the verdicts for this corpus and code (best effort: a cache that cannot be written is only slower). */
export function writePoolVerdicts(dir: string, corpus: Corpus, code: string, verdicts: readonly DialogueVerdict[]): void {
  const key = poolCacheKey(corpus, code);
  try {
    mkdirSync(dir, { recursive: true });
    const tmp = join(dir, `.${key}.${process.pid}.tmp`);
    writeFileSync(tmp, JSON.stringify({ format: POOL_CACHE_FORMAT, key, verdicts } satisfies PoolCacheFile));
    renameSync(tmp, join(dir, `${key}.json`));
    prune(dir, `${key}.json`);
  } catch {
    // read-only checkout, full disk: the next run judges the corpus again
  }
}

function prune(dir: string, current: string): void {
  const files = readdirSync(dir)
    .filter((n) => n.endsWith('.json') && n !== current)
    .map((n) => {
      try {
        return { n, t: statSync(join(dir, n)).mtimeMs };
      } catch {
        return undefined;
      }
    })
    .filter((f): f is { n: string; t: number } => !!f)
    .sort((a, b) => b.t - a.t);
  for (const f of files.slice(KEEP)) rmSync(join(dir, f.n), { force: true });
}

/**
 * contextPool with the verdicts kept in `dir`: read when a file for this corpus and code exists,
 * else worked out and written. The pool is the same either way (tests/evolve/poolCache.test.ts).
 */
export function cachedContextPool(corpus: Corpus, minTokens: number, dir: string, code: string): ContextPool {
  const kept = readPoolVerdicts(dir, corpus, code);
  if (kept) return contextPool(corpus, minTokens, kept);
  const verdicts = corpus.dialogues.map(judgeDialogue);
  writePoolVerdicts(dir, corpus, code, verdicts);
  return contextPool(corpus, minTokens, verdicts);
}
