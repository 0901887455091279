/**
 * Text (and markdown, for the dataset card) of `pnpm report quality`.
 */
import { FAMILIES, GROUP_TITLES, type QualityReport } from '../../pipeline/quality/report.js';
import { cellText, limitText, statusText } from '../../pipeline/quality/format.js';
import { formatTable } from './table.js';

export function formatQuality(report: QualityReport): string {
  const out: string[] = [];
  out.push(`Quality of the shipped cases: ${report.cases.total} (${FAMILIES.map((f) => `${f} ${report.cases.byFamily[f] ?? 0}`).join(', ')})`);
  out.push('Case measures: defect rate (defective / population). Set measures: a score over the population. Limits from quality.thresholds.');
  for (const group of Object.keys(GROUP_TITLES) as (keyof typeof GROUP_TITLES)[]) {
    const ms = report.measures.filter((m) => m.group === group);
    out.push('', `## ${GROUP_TITLES[group]}`, '');
    out.push(
      formatTable(
        ['measure', 'all', 'bfcl', 'teval', ...FAMILIES, 'limit', ''],
        ms.map((m) => [m.id, cellText(m, m.overall), cellText(m, m.bySource.bfcl ?? null), cellText(m, m.bySource.teval ?? null), ...FAMILIES.map((f) => cellText(m, m.byFamily[f] ?? null)), limitText(m), statusText(m)]),
      ),
    );
    out.push('');
    for (const m of ms) {
      out.push(`- ${m.id}: ${m.title} [over: ${m.population}]${m.detail ? ` — ${m.detail}` : ''}`);
      for (const e of m.examples) out.push(`    ${e.id}: ${e.detail}`);
    }
  }
  out.push('', '## Candidates rejected upstream, per rule', '');
  out.push(report.rejections.length ? formatTable(['stage', 'count', 'rule', 'example'], report.rejections.map((r) => [r.stage, r.count, r.rule, r.example])) : '(none)');
  const breached = report.measures.filter((m) => m.breached);
  out.push('', breached.length ? `Thresholds breached: ${breached.map((m) => m.id).join(', ')} — \`pnpm release\` refuses this build unless --allow-quality-breach.` : 'Every gated measure is within its threshold.');
  return out.join('\n');
}
