/**
 * `pnpm report dataset`: what the benchmark holds — counts by kind × type, source, k, method and
 * origin, and prompt lengths in tokens (pipeline/tokens.ts, o200k_base) beside the paper's average
 * — plus an SVG chart in output/reports/ (or --out).
 *
 * Extension point: the report is a list of sections over one `DatasetData` (base cases from
 * assemble, evolved cases from verify). `registerDatasetSection` adds a section — e.g. the evolved
 * set's per-strategy averages and acceptance rates — with its text and, optionally, a chart panel.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Store } from '../../pipeline/store/store.js';
import type { TestCase } from '../../pipeline/schemas.js';
import { readCases } from '../../pipeline/quality/report.js';
import { countChatTokens, TOKENIZER } from '../../pipeline/tokens.js';
import { formatTable, pct } from './table.js';
import { datasetChart, type ChartPanel } from './datasetChart.js';

/** CRITICTOOL paper: average tokens per base test case. */
export const PAPER_AVG_TOKENS = 1291;
export const DEFAULT_REPORT_DIR = 'output/reports';

export interface CaseStat {
  id: string;
  kind: TestCase['kind'];
  /** An internal error type, `control`, or `env:<kind>`. */
  type: string;
  source: string;
  k: number;
  cot: boolean;
  /** The method of the error (internal), the environment error (external), or `control`. */
  method: string;
  origin: string;
  /** Internal errors: the family of real mistakes the error belongs to (provenance.methods.family); '' otherwise. */
  family: string;
  tokens: number;
}

export interface DatasetData {
  base: CaseStat[];
  /** verify's accepted cases (empty until verify ran); `evolution.strategy` names each one's strategy. */
  evolved: TestCase[];
  /** Tokens of a case's query_prompt, counted on demand (long evolved prompts are only paid for when a section asks). */
  tokensOf(tc: TestCase): number;
  /** A case's counting row (type, method, origin, tokens) — the same one the base sections use. */
  statOf(tc: TestCase): CaseStat;
  /** Every artifact of verify, by status (acceptance rates). */
  verifyStatuses: Record<string, number>;
  store: Store;
}

export interface DatasetSection {
  title: string;
  text(data: DatasetData): string;
  chart?(data: DatasetData): ChartPanel | undefined;
}

function stat(tc: TestCase): CaseStat {
  const type = tc.kind === 'external' ? `env:${tc.environmentError ?? '?'}` : tc.errorType || 'control';
  const method = tc.provenance.methods.error ?? tc.provenance.methods.environment ?? (tc.errorType === '' ? 'control' : '?');
  return { id: tc.id, kind: tc.kind, type, source: tc.source, k: tc.k, cot: tc.cot, method, origin: tc.provenance.origin ?? '', family: tc.provenance.methods.family ?? '', tokens: countChatTokens(tc.messages) };
}


export function datasetData(store: Store): DatasetData {
  const verifyStatuses: Record<string, number> = {};
  for (const a of store.readStage('verify', ['ok', 'flagged', 'rejected', 'failed'])) verifyStatuses[a.status] = (verifyStatuses[a.status] ?? 0) + 1;
  return {
    base: readCases(store, 'assemble').map((tc) => stat(tc)),
    evolved: readCases(store, 'verify'),
    tokensOf: (tc) => countChatTokens(tc.messages),
    statOf: (tc) => stat(tc),
    verifyStatuses,
    store,
  };
}

function countBy<T>(items: T[], key: (t: T) => string): Map<string, number> {
  const m = new Map<string, number>();
  for (const t of items) m.set(key(t), (m.get(key(t)) ?? 0) + 1);
  return new Map([...m].sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true })));
}

export interface TokenSummary {
  n: number;
  mean: number;
  median: number;
  p90: number;
  max: number;
}

export function tokenSummary(values: number[]): TokenSummary {
  if (values.length === 0) return { n: 0, mean: 0, median: 0, p90: 0, max: 0 };
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { n: values.length, mean: values.reduce((a, b) => a + b, 0) / values.length, median: at(0.5), p90: at(0.9), max: sorted[sorted.length - 1] };
}

const TYPE_ORDER = ['tool_select_error', 'tool_hallucination_error', 'parameters_key_error', 'parameters_value_error', 'control'];
const typeRank = (t: string) => (TYPE_ORDER.includes(t) ? TYPE_ORDER.indexOf(t) : TYPE_ORDER.length);

const baseCounts: DatasetSection = {
  title: 'base cases by kind and type (plain / CoT)',
  text({ base }) {
    if (base.length === 0) return 'no base cases: run `pnpm stage assemble` first';
    const types = [...new Set(base.map((c) => c.type))].sort((a, b) => typeRank(a) - typeRank(b) || a.localeCompare(b));
    const rows = types.map((t) => {
      const of = base.filter((c) => c.type === t);
      return [of[0].kind, t, of.filter((c) => !c.cot && c.source === 'bfcl').length, of.filter((c) => !c.cot && c.source === 'teval').length, of.filter((c) => !c.cot).length, of.filter((c) => c.cot).length];
    });
    const plain = base.filter((c) => !c.cot);
    const cot = base.filter((c) => c.cot);
    rows.push(['all', 'internal', ...[plain, plain, plain].map((l, i) => l.filter((c) => c.kind === 'internal' && (i === 2 || c.source === (i === 0 ? 'bfcl' : 'teval'))).length), cot.filter((c) => c.kind === 'internal').length]);
    rows.push(['all', 'external', ...[plain, plain, plain].map((l, i) => l.filter((c) => c.kind === 'external' && (i === 2 || c.source === (i === 0 ? 'bfcl' : 'teval'))).length), cot.filter((c) => c.kind === 'external').length]);
    return formatTable(['kind', 'type', 'plain bfcl', 'plain teval', 'plain', 'cot'], rows);
  },
  chart({ base }) {
    const plain = base.filter((c) => !c.cot);
    const types = [...new Set(plain.map((c) => c.type))].sort((a, b) => typeRank(a) - typeRank(b) || a.localeCompare(b));
    return {
      kind: 'bars',
      title: 'Base cases (plain) by type and source',
      categories: types,
      series: ['bfcl', 'teval'].map((s) => ({ name: s, values: types.map((t) => plain.filter((c) => c.type === t && c.source === s).length) })),
    };
  },
};

const byK: DatasetSection = {
  title: 'plain base cases by step k',
  text({ base }) {
    const plain = base.filter((c) => !c.cot);
    const bucket = (k: number) => (k >= 10 ? '10+' : String(k));
    const counts = countBy(plain, (c) => `${bucket(c.k)}\u0000${c.kind}`);
    const ks = [...new Set(plain.map((c) => bucket(c.k)))].sort((a, b) => parseInt(a) - parseInt(b));
    return formatTable(['k', 'internal', 'external'], ks.map((k) => [k, counts.get(`${k}\u0000internal`) ?? 0, counts.get(`${k}\u0000external`) ?? 0]));
  },
};

const byMethod: DatasetSection = {
  title: 'plain base cases by method and origin',
  text({ base }) {
    const plain = base.filter((c) => !c.cot);
    const counts = countBy(plain, (c) => `${c.kind}\u0000${c.method}\u0000${c.origin.replace(/ (rate_limit|permission_denied|quota_exceeded|timeout|connection_error|server_error)$/, '')}`);
    return formatTable(['kind', 'method', 'origin', 'cases'], [...counts].map(([k, n]) => [...k.split('\u0000'), n]));
  },
};

const byFamily: DatasetSection = {
  title: 'plain internal error cases by error family (share within the type)',
  text({ base }) {
    const internal = base.filter((c) => !c.cot && c.kind === 'internal' && c.type !== 'control');
    if (internal.length === 0) return 'no internal error cases';
    const perType = countBy(internal, (c) => c.type);
    const counts = countBy(internal, (c) => `${c.type}\u0000${c.family || '(not recorded)'}`);
    const rows = [...counts]
      .map(([k, n]) => [...k.split('\u0000'), n] as [string, string, number])
      .sort((a, b) => typeRank(a[0]) - typeRank(b[0]) || b[2] - a[2] || a[1].localeCompare(b[1]))
      .map(([type, family, n]) => [type, family, n, pct(n, perType.get(type) ?? 0)]);
    return formatTable(['type', 'family', 'cases', 'share'], rows);
  },
};

const tokenSection: DatasetSection = {
  title: `prompt length in tokens (${TOKENIZER}, query_prompt as a chat request)`,
  text({ base }) {
    const groups: [string, CaseStat[]][] = [
      ['all base cases', base],
      ['plain', base.filter((c) => !c.cot)],
      ['cot', base.filter((c) => c.cot)],
      ['internal (plain)', base.filter((c) => !c.cot && c.kind === 'internal')],
      ['external (plain)', base.filter((c) => !c.cot && c.kind === 'external')],
      ['bfcl (plain)', base.filter((c) => !c.cot && c.source === 'bfcl')],
      ['teval (plain)', base.filter((c) => !c.cot && c.source === 'teval')],
    ];
    const rows = groups.map(([name, list]) => {
      const s = tokenSummary(list.map((c) => c.tokens));
      return [name, s.n, Math.round(s.mean), s.median, s.p90, s.max];
    });
    const all = tokenSummary(base.map((c) => c.tokens));
    return `${formatTable(['cases', 'n', 'mean', 'median', 'p90', 'max'], rows)}\nours: ${Math.round(all.mean)} tokens per base case on average; the paper: ${PAPER_AVG_TOKENS.toLocaleString('en')}`;
  },
  chart({ base }) {
    const values = base.map((c) => c.tokens);
    return { kind: 'histogram', title: 'Tokens per base case', values, markers: [{ label: `ours ${Math.round(tokenSummary(values).mean)}`, value: tokenSummary(values).mean }, { label: `paper ${PAPER_AVG_TOKENS}`, value: PAPER_AVG_TOKENS }] };
  },
};

const evolvedSummary: DatasetSection = {
  title: 'evolved cases (verify)',
  text({ evolved, verifyStatuses }) {
    if (Object.keys(verifyStatuses).length === 0) return 'verify has no output yet';
    const statuses = Object.entries(verifyStatuses).map(([s, n]) => `${s} ${n}`).join(', ');
    const strategies = countBy(evolved, (tc) => tc.evolution?.strategy ?? '?');
    return `verify: ${statuses}; accepted by strategy: ${[...strategies].map(([k, n]) => `${k} ${n}`).join(', ')}`;
  },
};

export const DATASET_SECTIONS: DatasetSection[] = [baseCounts, byK, byMethod, byFamily, tokenSection, evolvedSummary];

/** Add a section after the built-in ones (e.g. evolved per-strategy averages and acceptance rates). */
export function registerDatasetSection(section: DatasetSection): void {
  DATASET_SECTIONS.push(section);
}

export function datasetReport(store: Store, opts: { out?: string } = {}): { text: string; chartPath?: string; data: DatasetData } {
  const data = datasetData(store);
  const parts = DATASET_SECTIONS.map((s) => `${s.title}\n${s.text(data)}`);
  let chartPath: string | undefined;
  if (data.base.length > 0) {
    const panels = DATASET_SECTIONS.map((s) => s.chart?.(data)).filter((p): p is ChartPanel => !!p);
    const dir = opts.out ?? DEFAULT_REPORT_DIR;
    mkdirSync(dir, { recursive: true });
    chartPath = join(dir, 'dataset.svg');
    writeFileSync(chartPath, datasetChart(panels));
    parts.push(`chart: ${chartPath}`);
  }
  return { text: parts.join('\n\n'), chartPath, data };
}
