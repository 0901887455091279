/**
 * How a quality result is written, shared by the terminal report and the dataset card.
 */
import { FAMILIES, type Cell, type MeasureResult, type QualityReport } from './report.js';

export function cellText(m: MeasureResult, c: Cell | null): string {
  if (!c) return '-';
  if (m.kind === 'set') return m.id.endsWith('_ratio') ? `${c.value.toFixed(2)}x` : c.value.toFixed(3);
  return `${(100 * c.value).toFixed(1)}% (${c.defects}/${c.n})`;
}

export function limitText(m: MeasureResult): string {
  if (m.threshold === undefined) return '';
  const v = m.kind === 'set' ? String(m.threshold) : `${(100 * m.threshold).toFixed(1)}%`;
  return `${m.better === 'lower' ? '≤' : '≥'} ${v}`;
}

export function statusText(m: MeasureResult): string {
  if (m.threshold === undefined) return '';
  return m.breached ? 'BREACH' : 'ok';
}

/** The table the dataset card carries: one row per measure, overall and per file family. */
export function qualityMarkdown(report: QualityReport): string {
  const rows = report.measures.map(
    (m) => `| ${m.id} | ${m.title.replace(/\|/g, '/')} | ${cellText(m, m.overall)} | ${FAMILIES.map((f) => cellText(m, m.byFamily[f] ?? null)).join(' | ')} | ${`${limitText(m)} ${statusText(m)}`.trim()} |`,
  );
  return [`| measure | what | all | ${FAMILIES.join(' | ')} | limit |`, `| --- | --- | ---: | ${FAMILIES.map(() => '---:').join(' | ')} | --- |`, ...rows].join('\n');
}
