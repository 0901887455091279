/**
 * `pnpm report tiers`: which tier of the resolution chain answered, per source — for the
 * ground-truth steps (resolve) and, when present, the erroneous calls of diversify-internal and
 * the environment failures of diversify-external — plus the tool cache's entries by origin and the
 * tool calls logged per stage and tier.
 */
import type { Store } from '../../pipeline/store/store.js';
import { RESPONSE_TIERS, type ResponseTier, type Trajectory } from '../../pipeline/schemas.js';
import { formatTable, pct } from './table.js';

export interface TierRow {
  what: string;
  source: string;
  counts: Record<ResponseTier, number>;
  total: number;
}

const empty = (): Record<ResponseTier, number> => Object.fromEntries(RESPONSE_TIERS.map((t) => [t, 0])) as Record<ResponseTier, number>;

function add(rows: Map<string, TierRow>, what: string, source: string, tier: ResponseTier | undefined): void {
  if (!tier || !(RESPONSE_TIERS as readonly string[]).includes(tier)) return;
  const key = `${what}\u0000${source}`;
  let row = rows.get(key);
  if (!row) rows.set(key, (row = { what, source, counts: empty(), total: 0 }));
  row.counts[tier]++;
  row.total++;
}

export function tierRows(store: Store): TierRow[] {
  const rows = new Map<string, TierRow>();
  for (const a of store.readStage<{ trajectory?: Trajectory } | null>('resolve', ['ok', 'flagged'])) {
    const t = a.content?.trajectory;
    if (!t) continue;
    for (const turn of t.turns) for (const s of turn.steps) add(rows, 'ground-truth steps (resolve)', t.source, s.response?.tier);
  }
  for (const [stage, what] of [
    ['diversify-internal', 'erroneous calls (diversify-internal)'],
    ['diversify-external', 'environment failures (diversify-external)'],
  ] as const) {
    for (const a of store.readStage<{ source?: string; response?: { tier?: ResponseTier } } | null>(stage, ['ok', 'flagged'])) {
      if (a.content?.response) add(rows, what, a.content.source ?? '?', a.content.response.tier);
    }
  }
  return [...rows.values()];
}

/** The tier rows plus the tool cache by origin and the tool calls logged per stage and tier. */
export function tierData(store: Store) {
  const cache = store.db
    .prepare("SELECT substr(origin, 1, instr(origin || ':', ':') - 1) AS kind, count(*) AS n FROM tool_cache GROUP BY kind ORDER BY kind")
    .all() as { kind: string; n: number }[];
  const calls = store.db
    .prepare("SELECT coalesce(stage, '-') AS stage, coalesce(tier, 'failed') AS tier, count(*) AS n FROM calls WHERE kind = 'tool' GROUP BY stage, tier ORDER BY stage, tier")
    .all() as { stage: string; tier: string; n: number }[];
  return { rows: tierRows(store), toolCache: cache, toolCalls: calls };
}

export function formatTiers(store: Store): string {
  const { rows, toolCache: cache, toolCalls: calls } = tierData(store);
  if (rows.length === 0) return 'no resolved responses yet: run `pnpm stage resolve` first';
  const table = formatTable(
    ['responses', 'source', ...RESPONSE_TIERS, 'total', ...RESPONSE_TIERS.map((t) => `% ${t}`)],
    rows.map((r) => [r.what, r.source, ...RESPONSE_TIERS.map((t) => r.counts[t]), r.total, ...RESPONSE_TIERS.map((t) => pct(r.counts[t], r.total))]),
  );
  const parts = [table];
  if (cache.length) parts.push(`tool cache entries by origin: ${cache.map((c) => `${c.kind} ${c.n}`).join(', ')}`);
  if (calls.length) parts.push(`tool calls logged (stage / tier): ${calls.map((c) => `${c.stage}/${c.tier} ${c.n}`).join(', ')}`);
  return parts.join('\n\n');
}
