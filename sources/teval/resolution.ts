/**
 * T-Eval's part of the resolution chain: no live tier (its APIs were real web services, recorded
 * once), cache seeds from the responses T-Eval recorded with outcome label A, and grounding hints
 * from the plans' `prev` lists (which earlier steps a step takes its values from).
 */
import type { CacheSeed, SourceResolution } from '../../pipeline/resolution/sources.js';

/** T-Eval's successful recorded responses among collect's records, in collect's order. */
export function recordedSeeds(collected: unknown[]): CacheSeed[] {
  const out: CacheSeed[] = [];
  for (const c of collected) {
    if (!c || typeof c !== 'object') continue;
    const r = c as Record<string, unknown>;
    if (r.kind !== 'recorded-response' || r.label !== 'A' || typeof r.tool !== 'string' || typeof r.response !== 'string') continue;
    const recordId = String(r.recordId);
    out.push({ recordId, tool: r.tool, args: r.args, response: r.response, origin: `teval-review:${recordId}` });
  }
  return out;
}

export const tevalResolution: SourceResolution = {
  source: 'teval',
  cacheSeeds: recordedSeeds,
  groundingHints: (trajectory) => {
    const steps = trajectory.turns.flatMap((t) => t.steps);
    return { executed: false, suppliersOf: (step) => (steps[step]?.prev ?? []).filter((p) => p >= 0 && p < step) };
  },
};
