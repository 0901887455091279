/**
 * The long-context pool's verdicts kept on disk (sources/dialogue/poolCache.ts): a pool read back
 * from the file is the pool worked out afresh, and a file is only ever read for the same code and
 * the same corpus (token counts included); a damaged or mismatched file is judged again.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadCorpus, type Corpus } from '../../sources/dialogue/corpus.js';
import { contextPool, honestDialogue, insertionTurns, type ContextPool } from '../../sources/dialogue/context.js';
import { cachedContextPool, poolCacheKey, readPoolVerdicts, writePoolVerdicts } from '../../sources/dialogue/poolCache.js';

/** The same dialogues as new objects: a process that has judged none of them yet. */
const copy = (c: Corpus): Corpus => ({ ...c, dialogues: c.dialogues.map((d) => ({ id: d.id, turns: d.turns.map((t) => ({ ...t })) })) });
/** A pool as plain data (its entries' dialogues included), for a strict comparison. */
const plain = (p: ContextPool) => JSON.parse(JSON.stringify(p)) as unknown;

const dir = mkdtempSync(join(tmpdir(), 'pool-cache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the kept long-context pool verdicts', () => {
  const corpus = loadCorpus();
  const fresh = contextPool(copy(corpus), 1000);

  it('read back, give the pool worked out afresh, entry for entry and insertion for insertion', () => {
    const first = copy(corpus);
    const written = cachedContextPool(first, 1000, dir, 'code-a');
    expect(readdirSync(dir).filter((n) => n.endsWith('.json'))).toEqual([`${poolCacheKey(first, 'code-a')}.json`]);
    const second = copy(corpus);
    expect(readPoolVerdicts(dir, second, 'code-a')).toBeDefined();
    const read = cachedContextPool(second, 1000, dir, 'code-a');
    expect(written).toStrictEqual(fresh);
    expect(read).toStrictEqual(fresh);
    expect(JSON.stringify(read)).toBe(JSON.stringify(fresh));
    // The entries' dialogues are the ones honestDialogue hands out for the corpus's own dialogues (one object each).
    read.entries.slice(0, 50).forEach((e, i) => expect(honestDialogue(second.dialogues.find((d) => d.id === e.id)!)).toBe(read.entries[i].dialogue));
    // Insertions worded from read-back dialogues: the same turns and token counts.
    for (let k = 0; k + 8 <= 400; k += 8) {
      expect(insertionTurns(read.entries.slice(k, k + 8).map((e) => e.dialogue))).toStrictEqual(insertionTurns(fresh.entries.slice(k, k + 8).map((e) => e.dialogue)));
    }
  });

  it('is never read for other code, another corpus text, or other token counts', () => {
    const base = copy(corpus);
    writePoolVerdicts(dir, base, 'code-b', base.dialogues.map(() => ({ honest: null, why: 'planted' })));
    expect(readPoolVerdicts(dir, copy(corpus), 'code-b')).toBeDefined();
    expect(readPoolVerdicts(dir, copy(corpus), 'code-c')).toBeUndefined();
    const edited = copy(corpus);
    edited.digest = 'another corpus';
    expect(poolCacheKey(edited, 'code-b')).not.toBe(poolCacheKey(base, 'code-b'));
    expect(readPoolVerdicts(dir, edited, 'code-b')).toBeUndefined();
    const recounted = copy(corpus);
    recounted.dialogues[7].turns[0].tokens += 1;
    expect(readPoolVerdicts(dir, recounted, 'code-b')).toBeUndefined();
    // A pool for the other code is worked out, not read from the planted file.
    expect(plain(cachedContextPool(copy(corpus), 1000, dir, 'code-c'))).toStrictEqual(plain(fresh));
  });

  it('judges again when the file is damaged or does not fit the corpus', () => {
    const c = copy(corpus);
    const file = join(dir, `${poolCacheKey(c, 'code-d')}.json`);
    writeFileSync(file, '{"format": "context-pool-verdicts-1", "key": ');
    expect(readPoolVerdicts(dir, c, 'code-d')).toBeUndefined();
    expect(plain(cachedContextPool(c, 1000, dir, 'code-d'))).toStrictEqual(plain(fresh));
    const kept = JSON.parse(readFileSync(file, 'utf8')) as { verdicts: unknown[] };
    writeFileSync(file, JSON.stringify({ ...kept, verdicts: kept.verdicts.slice(1) }));
    expect(readPoolVerdicts(dir, copy(corpus), 'code-d')).toBeUndefined();
    writeFileSync(file, JSON.stringify({ ...kept, format: 'context-pool-verdicts-0' }));
    expect(readPoolVerdicts(dir, copy(corpus), 'code-d')).toBeUndefined();
  });
});
