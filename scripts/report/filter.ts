/**
 * `pnpm report filter`: what was dropped and why — counts per source and reason, and every id.
 */
import type { Store } from '../../pipeline/store/store.js';
import { formatTable } from './table.js';
import { PAPER_KEPT } from './sources.js';

export interface FilterData {
  /** Every dropped record, with the reason code and its detail. */
  drops: { stage: string; id: string; code: string; detail: string }[];
  /** Records standardize kept. */
  kept: number;
  paperKept: number;
}

export function filterData(store: Store): FilterData {
  const drops: FilterData['drops'] = [];
  for (const stage of ['collect', 'filter', 'standardize'] as const) {
    for (const a of store.readStage(stage, ['rejected'])) {
      const [code, ...rest] = (a.reason ?? 'unknown').split(':');
      drops.push({ stage, id: a.itemId, code, detail: rest.join(':').trim() });
    }
  }
  return { drops, kept: store.readStage('standardize', ['ok']).length, paperKept: PAPER_KEPT };
}

export function formatFilterReport(store: Store): string {
  const { drops, kept } = filterData(store);
  const counts = new Map<string, number>();
  for (const d of drops) {
    const key = `${d.stage}\u0000${d.id.split('_')[0]}\u0000${d.code}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const summary = formatTable(
    ['stage', 'source', 'reason', 'dropped'],
    [...counts.entries()].sort().map(([k, n]) => [...k.split('\u0000'), n]),
  );
  const detail = drops.map((d) => `  [${d.stage}] ${d.id}  ${d.code}: ${d.detail}`).join('\n');
  return `${summary}\n\ndropped ${drops.length}; kept ${kept} (the paper kept ${PAPER_KEPT})\n\n${detail}`;
}
