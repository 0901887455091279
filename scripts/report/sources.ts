/**
 * `pnpm report sources`: per source, records read, dropped by reason (collect, filter,
 * standardize), kept; tools and APIs counted.
 */
import type { Store } from '../../pipeline/store/store.js';
import type { StandardizedTrajectory } from '../../pipeline/schemas.js';
import { formatTable } from './table.js';

export const PAPER_KEPT = 733;

export interface SourceRow {
  source: string;
  read: number;
  dropped: Record<string, number>;
  kept: number;
  tools: number;
  apis: number;
}

const reasonCode = (reason: string | null) => (reason ?? 'unknown').split(':')[0];
const sourceOf = (itemId: string) => (itemId.startsWith('bfcl_') ? 'bfcl' : itemId.startsWith('teval') ? 'teval' : itemId.split(/[_#/]/)[0]);

export function sourceRows(store: Store): SourceRow[] {
  const rows = new Map<string, SourceRow>();
  const row = (source: string) => {
    let r = rows.get(source);
    if (!r) rows.set(source, (r = { source, read: 0, dropped: {}, kept: 0, tools: 0, apis: 0 }));
    return r;
  };
  // Listings and one artifact at a time: a source report never holds a whole stage.
  for (const a of store.stageListing('collect', undefined, { kind: '$.kind', source: '$.source' })) {
    if (a.status === 'ok' && a.fields.kind !== 'trajectory') continue;
    const r = row(a.status === 'ok' && a.fields.kind === 'trajectory' ? String(a.fields.source) : sourceOf(a.itemId));
    r.read++;
    if (a.status === 'rejected') r.dropped[`collect:${reasonCode(a.reason)}`] = (r.dropped[`collect:${reasonCode(a.reason)}`] ?? 0) + 1;
  }
  for (const stage of ['filter', 'standardize'] as const) {
    for (const a of store.stageListing(stage, ['rejected'])) {
      const r = row(sourceOf(a.itemId));
      const code = `${stage}:${reasonCode(a.reason)}`;
      r.dropped[code] = (r.dropped[code] ?? 0) + 1;
    }
  }
  const toolsBySource = new Map<string, Set<string>>();
  for (const a of store.iterateStage<StandardizedTrajectory>('standardize', ['ok'])) {
    const r = row(a.content.trajectory.source);
    r.kept++;
    const set = toolsBySource.get(r.source) ?? new Set<string>();
    for (const t of a.content.trajectory.tools) set.add(t.name);
    toolsBySource.set(r.source, set);
  }
  for (const [source, apis] of toolsBySource) {
    const r = row(source);
    r.apis = apis.size;
    r.tools = new Set([...apis].map((n) => n.split('.')[0])).size;
  }
  return [...rows.values()].sort((a, b) => a.source.localeCompare(b.source));
}

export function formatSources(rows: SourceRow[]): string {
  const reasons = [...new Set(rows.flatMap((r) => Object.keys(r.dropped)))].sort();
  const total: SourceRow = {
    source: 'total',
    read: rows.reduce((s, r) => s + r.read, 0),
    dropped: Object.fromEntries(reasons.map((k) => [k, rows.reduce((s, r) => s + (r.dropped[k] ?? 0), 0)])),
    kept: rows.reduce((s, r) => s + r.kept, 0),
    tools: rows.reduce((s, r) => s + r.tools, 0),
    apis: rows.reduce((s, r) => s + r.apis, 0),
  };
  const all = [...rows, total];
  const table = formatTable(
    ['source', 'read', ...reasons.map((r) => `dropped ${r}`), 'kept', 'tools', 'APIs'],
    all.map((r) => [r.source, r.read, ...reasons.map((k) => r.dropped[k] ?? 0), r.kept, r.tools, r.apis]),
  );
  return `${table}\n\nkept ${total.kept} trajectories (the paper kept ${PAPER_KEPT}); ${total.tools} tools, ${total.apis} APIs (the paper: 23 tools, 203 APIs)`;
}
