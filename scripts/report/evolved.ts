/**
 * The evolved set in numbers, for `pnpm report evolved` and as a section of `pnpm report dataset`:
 * per strategy (and overall) how many cases evolve made, what verify decided (accepted / flagged /
 * rejected and rates), and the average prompt length in tokens of the evolved cases against their
 * base cases (paper: 2,387 per evolved case against 1,291 per base case); then acceptance per
 * method (evolve's method × the judge's method), so rules and models can be compared.
 *
 * Token counts are pipeline/tokens.ts `countChatTokens` (o200k_base, with chat framing), taken from
 * the counts evolve recorded in `evolution.details.tokens` when present.
 */
import type { Store } from '../../pipeline/store/store.js';
import { readVerified } from '../../pipeline/verified.js';
import type { TestCase } from '../../pipeline/schemas.js';
import { countChatTokens } from '../../pipeline/tokens.js';
import { formatTable, pct } from './table.js';

export const PAPER_EVOLVED_AVG_TOKENS = 2387;
export const PAPER_BASE_AVG_TOKENS = 1291;
/** The paper's evolved / base average length (2,387 / 1,291). */
export const PAPER_LENGTH_RATIO = PAPER_EVOLVED_AVG_TOKENS / PAPER_BASE_AVG_TOKENS;

interface Row {
  strategy: string;
  evolveMethod: string;
  verifyMethod: string;
  status: string;
  tokens: number;
  baseTokens: number;
}

function tokensOf(tc: TestCase): { evolved: number; base?: number } {
  const t = tc.evolution?.details?.tokens as { base?: number; evolved?: number } | undefined;
  return { evolved: t?.evolved ?? countChatTokens(tc.messages), base: t?.base };
}

/** Average evolved length over the average length of the same cases' bases, as "1.85x". */
export function lengthRatio(rows: { tokens: number; baseTokens: number }[]): string {
  const base = rows.reduce((n, r) => n + r.baseTokens, 0);
  return base ? `${(rows.reduce((n, r) => n + r.tokens, 0) / base).toFixed(2)}x` : '-';
}

const avg = (xs: number[]) => (xs.length ? Math.round(xs.reduce((a, b) => a + b, 0) / xs.length) : 0);

export function evolvedRows(store: Store): { rows: Row[]; evolveOnly: { strategy: string; status: string; reason: string | null }[]; baseAll: number[] } {
  const base = new Map<string, number>();
  const baseAll: number[] = [];
  for (const a of store.readStage<TestCase>('assemble', ['ok'])) {
    const n = countChatTokens(a.content.messages);
    base.set(a.content.id, n);
    baseAll.push(n);
  }
  const rows: Row[] = [];
  for (const a of readVerified<TestCase>(store, ['ok', 'flagged', 'rejected'])) {
    const tc = a.content;
    if (!tc?.evolution) continue;
    const t = tokensOf(tc);
    rows.push({
      strategy: tc.evolution.strategy,
      evolveMethod: tc.provenance.methods.evolve ?? '?',
      verifyMethod: a.method,
      status: a.status,
      tokens: t.evolved,
      baseTokens: t.base ?? base.get(tc.evolution.baseCaseId) ?? 0,
    });
  }
  // What evolve itself could not make (no admissible distractor, an invalid model answer).
  const evolveOnly = store
    .readStage<TestCase>('evolve', ['flagged', 'rejected', 'failed'])
    .map((a) => ({ strategy: a.itemId.split('~').pop() ?? '?', status: a.status, reason: a.reason }));
  return { rows, evolveOnly, baseAll };
}

export function evolvedReportLines(store: Store): string[] {
  const { rows, evolveOnly, baseAll } = evolvedRows(store);
  if (rows.length === 0 && evolveOnly.length === 0) return ['evolved cases: none yet (run `pnpm stage verify`)'];
  const strategies = [...new Set(rows.map((r) => r.strategy))].sort();
  const line = (label: string, rs: Row[], failedInEvolve: number): (string | number)[] => {
    const acc = rs.filter((r) => r.status === 'ok').length;
    const fl = rs.filter((r) => r.status === 'flagged').length;
    const rej = rs.filter((r) => r.status === 'rejected').length;
    const b = avg(rs.map((r) => r.baseTokens));
    const e = avg(rs.map((r) => r.tokens));
    return [label, rs.length + failedInEvolve, failedInEvolve, acc, fl, rej, pct(acc, rs.length), pct(fl, rs.length), b, e, b ? `${(e / b).toFixed(2)}x` : '-'];
  };
  const head = ['strategy', 'items', 'not evolved', 'accepted', 'flagged', 'rejected', 'accept', 'flag', 'avg tok base', 'avg tok evolved', 'ratio'];
  const table = formatTable(head, [
    ...strategies.map((s) => line(s, rows.filter((r) => r.strategy === s), evolveOnly.filter((x) => x.strategy === s).length)),
    line('all', rows, evolveOnly.length),
  ]);
  const accepted = rows.filter((r) => r.status === 'ok');
  const methods = [...new Set(rows.map((r) => `${r.evolveMethod} | ${r.verifyMethod}`))].sort();
  const methodTable = formatTable(
    ['evolve method | verify method', 'cases', 'accepted', 'flagged', 'rejected', 'accept'],
    methods.map((m) => {
      const rs = rows.filter((r) => `${r.evolveMethod} | ${r.verifyMethod}` === m);
      const acc = rs.filter((r) => r.status === 'ok').length;
      return [m, rs.length, acc, rs.filter((r) => r.status === 'flagged').length, rs.filter((r) => r.status === 'rejected').length, pct(acc, rs.length)];
    }),
  );
  return [
    'evolved cases (evolve -> verify); tokens: o200k_base chat tokens',
    table,
    '',
    `average tokens: base set ${avg(baseAll)} over ${baseAll.length} cases (paper ${PAPER_BASE_AVG_TOKENS}); accepted evolved ${avg(accepted.map((r) => r.tokens))} over ${accepted.length} (paper ${PAPER_EVOLVED_AVG_TOKENS})`,
    `length ratio evolved / base: ${lengthRatio(accepted)} on the accepted evolved cases against their own base cases (paper ${PAPER_LENGTH_RATIO.toFixed(2)}x: ${PAPER_BASE_AVG_TOKENS} -> ${PAPER_EVOLVED_AVG_TOKENS})`,
    '',
    'acceptance per method',
    methodTable,
  ];
}

/** A `pnpm report dataset` section (scripts/report/dataset.ts registerDatasetSection), structurally typed. */
export const evolvedDatasetSection = {
  title: 'evolved cases per strategy and method (evolve -> verify; o200k_base chat tokens)',
  // The section has its own title: the report's first line would repeat it.
  text: (data: { store: Store }) => evolvedReportLines(data.store).slice(1).join('\n'),
};
