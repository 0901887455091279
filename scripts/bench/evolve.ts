/**
 * `pnpm bench evolve [--limit N]`: what evolve's two caches buy, as ratios on real assembled
 * cases (the offline pipeline up to assemble on the first N source records per source, in memory):
 *
 * - extra-tool candidates: per-tool conflict lists (PairMemo) against the plain rule applied to
 *   every pool tool × listed tool of every case;
 * - chat token counts: pipeline/tokens.ts countChatTokens with its memo (each distinct message
 *   tokenised once) against encoding every message of every evolved case.
 *
 * Both sides compute the same answer; the bench checks that before printing the ratio.
 */
import { parseConfig } from '../../pipeline/config.js';
import { OfflineGateway } from '../../pipeline/llm/offline.js';
import { runPipeline } from '../../pipeline/runner.js';
import { createServices } from '../../pipeline/services.js';
import { Store } from '../../pipeline/store/store.js';
import type { TestCase } from '../../pipeline/schemas.js';
import { clearTokenMemo, countChatTokens, countTokensUncached } from '../../pipeline/tokens.js';
import { registry } from '../../stages/index.js';
import { extraToolCandidates, PairMemo, toolPool } from '../../stages/evolve/index.js';
import { usedToolDocs } from '../../stages/evolve/caseParts.js';
import { conflictWith } from '../../pipeline/quality/sameFunction.js';
import { benchNumber, defineBench } from './lib/bench.js';

function time<T>(fn: () => T): { ms: number; value: T } {
  const t = performance.now();
  const value = fn();
  return { ms: performance.now() - t, value };
}

export default defineBench({
  describe: "What evolve's two caches (extra-tool candidates, chat token counts) buy, as ratios on real assembled cases",
  builder: (y) =>
    y
      .option('limit', { type: 'number', default: 60, describe: 'Source records per source run through the offline pipeline' })
      .coerce('limit', benchNumber('--limit', { integer: true, min: 1 })),
  handler: bench,
});

async function bench({ limit }: { limit: number }): Promise<void> {
  const config = parseConfig({ llm: { mode: 'offline' } });
  const store = Store.open(':memory:');
  const llm = new OfflineGateway();
  store.startRun('bench evolve', {}, config.seed, 'bench');
  await runPipeline({ store, config, llm, services: createServices(store, config, llm), stages: registry(), options: { limit }, log: () => {} }, 'verify', { concurrency: 4 });
  const bases = store.readStage<TestCase>('assemble', ['ok']).map((a) => a.content);
  const evolved = store.readStage<TestCase>('evolve', ['ok']).map((a) => a.content);
  const pool = toolPool(bases);

  const naive = time(() =>
    bases.map((b) => {
      const listed = new Set(b.tools.map((t) => t.name));
      const against = [...b.tools, ...usedToolDocs(b).filter((u) => !listed.has(u.name))];
      return pool.filter((t) => !listed.has(t.name) && conflictWith(t, against) === undefined).map((t) => t.name);
    }),
  );
  const memo = time(() => {
    const m = new PairMemo(pool);
    return bases.map((b) => extraToolCandidates(b, pool, m).map((t) => t.name));
  });
  if (JSON.stringify(naive.value) !== JSON.stringify(memo.value)) throw new Error('PairMemo disagrees with the plain rule');

  const plainTokens = time(() => evolved.map((e) => countChatTokens(e.messages, countTokensUncached)));
  clearTokenMemo(); // evolve itself just filled it: measure from cold
  const memoTokens = time(() => evolved.map((e) => countChatTokens(e.messages)));
  if (JSON.stringify(plainTokens.value) !== JSON.stringify(memoTokens.value)) throw new Error('the memoised count disagrees with encoding every time');

  console.log(`evolve bench on ${bases.length} assembled cases (--limit ${limit}), ${evolved.length} evolved, tool pool ${pool.length}`);
  console.log(`extra-tool candidates: plain ${naive.ms.toFixed(0)} ms, per-tool memo ${memo.ms.toFixed(0)} ms, ratio ${(naive.ms / memo.ms).toFixed(1)}x`);
  console.log(`chat tokens of evolved cases (memo cold): plain ${plainTokens.ms.toFixed(0)} ms, memo ${memoTokens.ms.toFixed(0)} ms, ratio ${(plainTokens.ms / memoTokens.ms).toFixed(1)}x`);
  store.close();
}
