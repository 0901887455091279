/**
 * The share of units (cases, inserted dialogues) holding the most frequent key (a sentence, a noise
 * frame): how the template measures tell a stock line from real variety. Each unit counts a key once;
 * the top few keys are reported with the first unit that held each.
 */
import type { SetScore } from '../types.js';

export interface ShareUnit {
  id: string;
  keys: Iterable<string>;
}

export function topShare(units: Iterable<ShareUnit>, opts: { top: number; unit: string; shown?: (key: string) => string }): SetScore | undefined {
  const counts = new Map<string, { n: number; id: string }>();
  let n = 0;
  for (const u of units) {
    n++;
    for (const key of new Set(u.keys)) {
      const c = counts.get(key) ?? { n: 0, id: u.id };
      c.n++;
      counts.set(key, c);
    }
  }
  if (!n) return undefined;
  const shown = opts.shown ?? ((k: string) => k);
  const top = [...counts].sort((a, b) => b[1].n - a[1].n || (a[0] < b[0] ? -1 : 1)).slice(0, opts.top);
  return {
    value: (top[0]?.[1].n ?? 0) / n,
    n,
    detail: top.map(([k, c]) => `${c.n}: "${shown(k).slice(0, 60)}"`).join('; '),
    examples: top.map(([k, c]) => ({ id: c.id, detail: `${c.n} ${opts.unit}: "${shown(k).slice(0, 90)}"` })),
  };
}
