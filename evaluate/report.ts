/**
 * `pnpm evaluate report`: what the store holds, per data set (export or release, by content).
 *  - Per model, the paper's Table-2 layout: for each file set (base / evol / a strategy's subset, with
 *    and without CoT) Reflect (Detect = critic, Category = reflect), Correct (Tool = name, Args),
 *    Retry, Skip (Break, Tool, Args), Finish (Break, Tool), and Overall.
 *  - Breakdowns by error type, environment error, source, step k, strategy and CoT.
 *  - A leaderboard across every model evaluated on the same data (markdown + SVG).
 *  - --json: one row per (data, model, file, mode, metric, value), plus the overall rows per set.
 *
 * Overall = 0.20·Reflect + 0.30·Correct + 0.05·Retry + 0.45·Skip/Finish, the paper's weights, with
 * Reflect = mean(Detect, Category), Correct = mean(Tool, Args), Retry = mean over the modes run,
 * Skip/Finish = mean over the modes run of mean(Break, Tool, Args) (skip) and mean(Break, Tool)
 * (finish). Shown only when the set has its internal file and at least one external mode.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Store } from '../pipeline/store/store.js';
import { aggregate, type SampleScore } from './metrics.js';
import type { EvalMode } from './protocol.js';
import { EvalRecords, hasEvalTables, type SampleRow } from './records.js';

export const OVERALL_WEIGHTS = { reflect: 0.2, correct: 0.3, retry: 0.05, skipFinish: 0.45 } as const;

export interface JsonRow {
  data: string;
  label: string;
  model: string;
  file: string;
  mode: EvalMode | 'overall';
  metric: string;
  value: number | null;
  n: number;
}

type Means = Record<string, number | null>;

interface SetScores {
  internal?: Means;
  skip?: Means;
  finish?: Means;
}

const mean = (xs: (number | null | undefined)[]): number | null => {
  const v = xs.filter((x): x is number => typeof x === 'number');
  return v.length === xs.length && v.length > 0 ? v.reduce((a, b) => a + b, 0) / v.length : null;
};

/** The set a file belongs to: its path with the kind folder taken out ("base_data_wo_cot", "strategies/x/evol_data_w_cot"). */
export function setOf(file: string): string {
  return file.replace(/(^|\/)(internal|external)_error\//, '$1').replace(/\.json$/, '');
}

export function components(s: SetScores): { reflect: number | null; correct: number | null; retry: number | null; skipFinish: number | null; overall: number | null } {
  const reflect = s.internal ? mean([s.internal.critic, s.internal.reflect]) : null;
  const correct = s.internal ? mean([s.internal.name, s.internal.args]) : null;
  const ext = [s.skip, s.finish].filter((m): m is Means => !!m);
  const retry = ext.length ? mean(ext.map((m) => m.retry)) : null;
  const parts = [s.skip ? mean([s.skip.break, s.skip.name, s.skip.args]) : undefined, s.finish ? mean([s.finish.break, s.finish.name]) : undefined].filter((x) => x !== undefined);
  const skipFinish = parts.length ? mean(parts) : null;
  const all = [reflect, correct, retry, skipFinish];
  const overall = all.every((x) => x !== null)
    ? OVERALL_WEIGHTS.reflect * reflect! + OVERALL_WEIGHTS.correct * correct! + OVERALL_WEIGHTS.retry * retry! + OVERALL_WEIGHTS.skipFinish * skipFinish!
    : null;
  return { reflect, correct, retry, skipFinish, overall };
}

function scoresOf(rows: SampleRow[]): SampleScore[] {
  return rows.map((r) => ({ metrics: JSON.parse(r.scores ?? '{}'), errorSample: !!r.error_sample }));
}

function groupBy<T>(items: T[], key: (t: T) => string): Map<string, T[]> {
  const m = new Map<string, T[]>();
  for (const it of items) {
    const k = key(it);
    const list = m.get(k);
    if (list) list.push(it);
    else m.set(k, [it]);
  }
  return m;
}

export interface ModelReport {
  model: string;
  sets: Map<string, SetScores>;
  rows: SampleRow[];
}

export interface DataReport {
  dataId: string;
  label: string;
  models: ModelReport[];
}

/** Everything the report shows, from the store. Latest similarity per row as stored. */
export function buildReport(store: Store, dataFilter?: string): DataReport[] {
  if (!hasEvalTables(store)) return [];
  const records = new EvalRecords(store);
  const labels = new Map(records.datasets().map((d) => [d.data_id, d.label]));
  const out: DataReport[] = [];
  for (const [dataId, rows] of groupBy(records.doneRows(), (r) => r.data_id)) {
    const label = labels.get(dataId) ?? dataId;
    if (dataFilter && dataFilter !== dataId && !label.includes(dataFilter)) continue;
    const models: ModelReport[] = [];
    for (const [model, mrows] of groupBy(rows, (r) => r.model)) {
      const sets = new Map<string, SetScores>();
      for (const [k, frows] of groupBy(mrows, (r) => `${r.file}\u0000${r.mode}`)) {
        const [file, mode] = k.split('\u0000') as [string, EvalMode];
        const set = setOf(file);
        const entry = sets.get(set) ?? {};
        entry[mode] = aggregate(mode, !!frows[0].cot, scoresOf(frows));
        sets.set(set, entry);
      }
      models.push({ model, sets, rows: mrows });
    }
    out.push({ dataId, label, models });
  }
  return out;
}

export function jsonRows(reports: DataReport[]): JsonRow[] {
  const rows: JsonRow[] = [];
  for (const d of reports) {
    for (const m of d.models) {
      for (const [k, frows] of groupBy(m.rows, (r) => `${r.file}\u0000${r.mode}`)) {
        const [file, mode] = k.split('\u0000') as [string, EvalMode];
        const means = aggregate(mode, !!frows[0].cot, scoresOf(frows));
        for (const [metric, value] of Object.entries(means)) rows.push({ data: d.dataId, label: d.label, model: m.model, file, mode, metric, value, n: frows.length });
      }
      for (const [set, s] of m.sets) {
        for (const [metric, value] of Object.entries(components(s))) rows.push({ data: d.dataId, label: d.label, model: m.model, file: set, mode: 'overall', metric, value, n: 0 });
      }
    }
  }
  return rows;
}

const f = (v: number | null | undefined) => (v === null || v === undefined ? '—' : (100 * v).toFixed(1));

/** The Table-2 layout for one model, markdown. */
export function table2(m: ModelReport): string {
  const head = ['set', 'Detect', 'Category', 'Tool', 'Args', 'Goal', 'Retry', 'Skip Break', 'Skip Tool', 'Skip Args', 'Finish Break', 'Finish Tool', 'Overall'];
  const lines = [`| ${head.join(' | ')} |`, `|${head.map(() => ' --- ').join('|')}|`];
  for (const set of [...m.sets.keys()].sort()) {
    const s = m.sets.get(set)!;
    const retry = mean([s.skip?.retry, s.finish?.retry].filter((x) => x !== undefined));
    const cells = [set, f(s.internal?.critic), f(s.internal?.reflect), f(s.internal?.name), f(s.internal?.args), f(s.internal?.goal), f(retry), f(s.skip?.break), f(s.skip?.name), f(s.skip?.args), f(s.finish?.break), f(s.finish?.name), f(components(s).overall)];
    lines.push(`| ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}

/** Metric means per value of each breakdown attribute, per mode. */
export function breakdowns(m: ModelReport): string {
  const lines: string[] = [];
  for (const attr of ['errorType', 'environmentError', 'source', 'k', 'strategy'] as const) {
    // Within one mode and one CoT setting: CoT metrics (goal, thought) exist only on CoT files.
    const byMode = groupBy(m.rows, (r) => `${r.mode}${r.cot ? ', CoT' : ''}`);
    for (const [modeLabel, rows] of byMode) {
      const mode = rows[0].mode;
      const groups = groupBy(rows, (r) => {
        const v = (JSON.parse(r.attrs) as Record<string, unknown>)[attr];
        return v === undefined ? '' : String(v);
      });
      if (groups.size <= 1 && groups.has('')) continue;
      lines.push(`\nby ${attr} (${modeLabel}):`);
      for (const [value, grows] of [...groups].sort(([a], [b]) => (attr === 'k' ? Number(a) - Number(b) : a.localeCompare(b)))) {
        if (value === '') continue;
        const means = aggregate(mode, !!grows[0].cot, scoresOf(grows));
        lines.push(`  ${value.padEnd(28)} n=${String(grows.length).padStart(5)}  ${Object.entries(means).map(([k, v]) => `${k} ${f(v)}`).join('  ')}`);
      }
    }
  }
  return lines.join('\n');
}

export function leaderboard(d: DataReport): { markdown: string; svg: string } {
  const sets = [...new Set(d.models.flatMap((m) => [...m.sets.keys()]))].sort();
  const withOverall = sets.filter((s) => d.models.some((m) => m.sets.get(s) && components(m.sets.get(s)!).overall !== null));
  const primary = withOverall.includes('base_data_wo_cot') ? 'base_data_wo_cot' : withOverall[0];
  const overallOf = (m: ModelReport, s: string) => (m.sets.get(s) ? components(m.sets.get(s)!).overall : null);
  const ranked = [...d.models].sort((a, b) => (overallOf(b, primary) ?? -1) - (overallOf(a, primary) ?? -1) || a.model.localeCompare(b.model));
  const head = ['rank', 'model', ...withOverall.map((s) => `Overall ${s}`)];
  const md = [`Leaderboard on ${d.label} (data ${d.dataId}); ranked by Overall on ${primary ?? '—'}`, '', `| ${head.join(' | ')} |`, `|${head.map(() => ' --- ').join('|')}|`];
  ranked.forEach((m, i) => md.push(`| ${i + 1} | ${m.model} | ${withOverall.map((s) => f(overallOf(m, s))).join(' | ')} |`));

  // One bar per model and set: Overall, 0–100.
  const barH = 14;
  const gap = 6;
  const labelW = 220;
  const chartW = 420;
  const colors = ['#4e79a7', '#f28e2b', '#59a14f', '#e15759', '#76b7b2', '#edc948', '#b07aa1', '#ff9da7'];
  const rowsSvg: string[] = [];
  let y = 40;
  for (const m of ranked) {
    rowsSvg.push(`<text x="${labelW - 8}" y="${y + barH}" text-anchor="end" font-size="12">${escapeXml(m.model)}</text>`);
    withOverall.forEach((s, i) => {
      const v = overallOf(m, s) ?? 0;
      const w = Math.round(chartW * v);
      rowsSvg.push(`<rect x="${labelW}" y="${y}" width="${w}" height="${barH}" fill="${colors[i % colors.length]}"><title>${escapeXml(`${m.model} ${s}: ${f(overallOf(m, s))}`)}</title></rect>`);
      rowsSvg.push(`<text x="${labelW + w + 4}" y="${y + barH - 3}" font-size="10">${f(overallOf(m, s))}</text>`);
      y += barH + 2;
    });
    y += gap;
  }
  const legend = withOverall.map((s, i) => `<rect x="${labelW + i * 150}" y="${y + 4}" width="10" height="10" fill="${colors[i % colors.length]}"/><text x="${labelW + i * 150 + 14}" y="${y + 13}" font-size="10">${escapeXml(s)}</text>`);
  const height = y + 30;
  const width = labelW + chartW + 60;
  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif">`,
    `<text x="10" y="20" font-size="14" font-weight="bold">${escapeXml(`CRITICTOOL Overall on ${d.label}`)}</text>`,
    ...rowsSvg,
    ...legend,
    '</svg>',
  ].join('\n');
  return { markdown: md.join('\n'), svg };
}

function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export function printReport(store: Store, opts: { json: boolean; out: string; data?: string }, print: (l: string) => void = console.log): void {
  const reports = buildReport(store, opts.data);
  if (opts.json) {
    print(JSON.stringify(jsonRows(reports), null, 2));
    return;
  }
  if (reports.length === 0) {
    print('no evaluations in the store yet (pnpm evaluate --data DIR --model NAME)');
    return;
  }
  mkdirSync(opts.out, { recursive: true });
  for (const d of reports) {
    print(`# ${d.label} (data ${d.dataId})`);
    for (const m of d.models) {
      print(`\n## ${m.model}\n`);
      print(table2(m));
      print(breakdowns(m));
    }
    const board = leaderboard(d);
    print(`\n${board.markdown}`);
    const base = join(opts.out, `leaderboard-${d.dataId}`);
    writeFileSync(`${base}.md`, board.markdown + '\n');
    writeFileSync(`${base}.svg`, board.svg + '\n');
    print(`\nwrote ${base}.md and ${base}.svg`);
  }
  print(
    `\nOverall = ${OVERALL_WEIGHTS.reflect}·Reflect + ${OVERALL_WEIGHTS.correct}·Correct + ${OVERALL_WEIGHTS.retry}·Retry + ${OVERALL_WEIGHTS.skipFinish}·Skip/Finish (the paper's weights); Reflect = mean(Detect, Category), Correct = mean(Tool, Args).`,
  );
}
