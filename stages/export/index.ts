/**
 * export (sink): writes the CRITICTOOL-format files the official evaluator reads, and the rich JSONL,
 * into `--out DIR` (default output/latest). The writer is output/critictool/export.ts, which the
 * `release` command calls too. Base files come from assemble; evolved files from verify's accepted
 * cases. Export runs after verify whenever verify is part of the pipeline: `exportStageAfter` puts
 * every registered stage of EXPORT_UPSTREAM in its upstream, so the registry decides, not this file.
 */
import type { SinkStage, Stage, StageContext, StageName } from '../../pipeline/stage.js';
import { formatExportResult, writeExport } from '../../output/critictool/export.js';
import { currentExport, exportFingerprint, forgetExport, recordExport } from '../../output/critictool/upToDate.js';

export const DEFAULT_OUT = 'output/latest';
export const EXPORT_UPSTREAM: StageName[] = ['assemble', 'verify'];

async function write(ctx: StageContext): Promise<{ summary: string; reused?: boolean }> {
  const out = typeof ctx.options.out === 'string' && ctx.options.out ? ctx.options.out : DEFAULT_OUT;
  // No fingerprint (--force): write whatever the folder holds.
  const fingerprint = ctx.inputFingerprint ? exportFingerprint(ctx.store, ctx.inputFingerprint) : undefined;
  const kept = fingerprint ? currentExport(ctx.store, out, fingerprint) : undefined;
  if (kept !== undefined) return { summary: kept, reused: true };
  forgetExport(ctx.store, out);
  const result = writeExport(ctx.store, ctx.config, out, { includeFlagged: ctx.options.includeFlagged === true });
  for (const s of result.counts.skipped) ctx.log(`[export] left out ${s.stage} case ${s.id}: ${s.reason}`);
  const summary = formatExportResult(result, out);
  if (fingerprint) recordExport(ctx.store, out, fingerprint, result.files.map((f) => f.path), summary);
  return { summary };
}

/** The export stage, after those of EXPORT_UPSTREAM that are registered (verify joins once it exists). */
export function exportStageAfter(registered: readonly Stage[]): SinkStage {
  const names = new Set(registered.map((s) => s.name));
  return {
    kind: 'sink',
    name: 'export',
    version: '1',
    upstream: EXPORT_UPSTREAM.filter((n) => names.has(n)),
    description: 'CRITICTOOL-format files (internal_error/, external_error/) and rich JSONL into --out',
    configSlice: () => null,
    write,
  };
}

/** Export after assemble alone (tests and callers that build their own stage map). */
export const exportStage: SinkStage = exportStageAfter([{ name: 'assemble' } as Stage]);
