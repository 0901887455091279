/**
 * The release's data files come from the CRITICTOOL export writer (output/critictool, the same one
 * `pnpm stage export` uses): the official evaluator's JSON files and the rich JSONL. Which evolved
 * samples it writes — and with what content — is the review rule's call (output/review/decisions.ts),
 * so a release and an export of the same store agree. This module adds what a release needs beside
 * the files: every shipped sample with the hash of its content as shipped (for the changelog) and
 * its review state (for the statistics).
 */
import type { Store } from '../../pipeline/store/store.js';
import type { Config } from '../../pipeline/config.js';
import { hashValue } from '../../pipeline/hash.js';
import { TestCase } from '../../pipeline/schemas.js';
import { writeExport, type ExportFile, type ExportResult } from '../critictool/export.js';
import { eachReviewedCase } from '../review/decisions.js';
import { BASE_STAGE } from '../review/samples.js';

export type { ExportFile, ExportResult };

export interface SelectedSample {
  id: string;
  /** Hash of the content as released (an edited sample hashes its edited content). */
  contentHash: string;
  review: string;
}

export interface Selection {
  base: SelectedSample[];
  evolved: SelectedSample[];
  leftOut: { id: string; why: string; detail?: string }[];
}

/** Base cases: assemble's output (ok, + flagged with includeFlagged). Evolved: verify's under the review rule. */
export function selectSamples(store: Store, opts: { includeFlagged?: boolean }): Selection {
  // One case at a time: a selection keeps ids and hashes, never the cases.
  const base: SelectedSample[] = [];
  for (const a of store.iterateStage<unknown>(BASE_STAGE, opts.includeFlagged ? ['ok', 'flagged'] : ['ok'])) {
    const content = TestCase.parse(a.content);
    base.push({ id: content.id, contentHash: hashValue(content), review: 'base' });
  }
  const evolved: SelectedSample[] = [];
  const leftOut: Selection['leftOut'] = [];
  for (const { id, inc } of eachReviewedCase(store, opts)) {
    if (inc.include) evolved.push({ id: inc.content.id, contentHash: hashValue(inc.content), review: inc.review });
    else leftOut.push({ id, why: inc.why, ...(inc.detail ? { detail: inc.detail } : {}) });
  }
  return { base, evolved, leftOut };
}

/**
 * Writes the data files with writeExport and returns them with the selection as shipped: cases the
 * writer left out (the evaluator could not score them) move to leftOut with its reason.
 */
export function writeReleaseData(store: Store, config: Config, outDir: string, opts: { includeFlagged?: boolean }): { result: ExportResult; selection: Selection } {
  const selection = selectSamples(store, opts);
  const result = writeExport(store, config, outDir, { includeFlagged: opts.includeFlagged, staging: true });
  const skipped = new Map(result.counts.skipped.map((s) => [`${s.stage}:${s.id}`, s.reason]));
  const keep = (stage: string) => (s: SelectedSample) => !skipped.has(`${stage}:${s.id}`);
  for (const s of selection.evolved.filter((x) => !keep('verify')(x))) selection.leftOut.push({ id: s.id, why: 'evaluator-cannot-score', detail: skipped.get(`verify:${s.id}`) });
  return { result, selection: { base: selection.base.filter(keep('assemble')), evolved: selection.evolved.filter(keep('verify')), leftOut: selection.leftOut } };
}
