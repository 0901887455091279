/**
 * `pnpm review import <file>`: reads decisions from whichever tool they come back from — Argilla
 * records with responses (JSON array or JSONL), a Label Studio JSON export with annotations, or the
 * CSV with its decision column — and applies them by sample id and content hash.
 *  - a decision on a sample whose content changed since export is stale: reported, not applied;
 *  - the same decision again is a duplicate (nothing changes);
 *  - an edit is re-checked (see edit.ts) before it is stored;
 *  - a bad record is an error naming the file, record and field; the good records still apply.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { Store } from '../../pipeline/store/store.js';
import { recordDecision, type Decision } from './decisions.js';
import { applyEdit } from './edit.js';
import { baseCases, buildSample, currentArtifacts, parseEvolved } from './samples.js';
import type { FieldError, ParsedDecisions, RawDecision } from './formats/common.js';
import { readArgilla } from './formats/argilla.js';
import { readLabelStudio } from './formats/labelstudio.js';
import { readCsvQueue } from './formats/csvQueue.js';
import { CsvError } from './formats/csv.js';

export class ReviewImportError extends Error {}

export interface ImportReport {
  file: string;
  format: ParsedDecisions['format'];
  applied: { sampleId: string; decision: string; reviewer: string }[];
  duplicates: string[];
  stale: { where: string; sampleId: string; fileHash: string; currentHash: string }[];
  errors: FieldError[];
  undecided: number;
}

/** Parses a returned review file; the format is told by its extension and shape. */
export function parseReviewFile(path: string): ParsedDecisions {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new ReviewImportError(`cannot read ${path}: ${(err as Error).message}`);
  }
  if (/\.csv$/i.test(path)) {
    try {
      return readCsvQueue(text);
    } catch (err) {
      if (err instanceof CsvError) throw new ReviewImportError(`${path}: ${err.message}`);
      throw err;
    }
  }
  let records: unknown[];
  if (/\.jsonl$/i.test(path)) {
    records = [];
    const errors: FieldError[] = [];
    const lineOf: number[] = [];
    const broken = new Set<number>();
    text.split('\n').forEach((line, i) => {
      if (!line.trim()) return;
      lineOf.push(i + 1);
      try {
        records.push(JSON.parse(line));
      } catch (err) {
        errors.push({ where: `line ${i + 1}`, field: '(json)', message: (err as Error).message });
        broken.add(records.length + 1);
        records.push(null);
      }
    });
    const parsed = readArgilla(records);
    // Errors name the file's line, not the record's position (blank lines are skipped); a line that
    // is not JSON is named once, as the JSON error, and every other line's errors still show.
    const onLine = (e: FieldError) => e.where.replace(/^record (\d+)/, (_, n: string) => `line ${lineOf[Number(n) - 1]}`);
    const recordNo = (e: FieldError) => Number(/^record (\d+)/.exec(e.where)?.[1] ?? 0);
    parsed.errors = [...errors, ...parsed.errors.filter((e) => !broken.has(recordNo(e))).map((e) => ({ ...e, where: onLine(e) }))];
    for (const d of parsed.decisions) d.where = d.where.replace(/^record (\d+)/, (_, n: string) => `line ${lineOf[Number(n) - 1]}`);
    return parsed;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new ReviewImportError(`${path}: not valid JSON: ${(err as Error).message}`);
  }
  // Argilla's to_disk/to_json may wrap records; Label Studio exports a bare list of tasks.
  if (value && typeof value === 'object' && !Array.isArray(value) && Array.isArray((value as { records?: unknown }).records)) {
    return readArgilla((value as { records: unknown[] }).records);
  }
  if (!Array.isArray(value)) throw new ReviewImportError(`${path}: expected a list of Label Studio tasks or Argilla records`);
  const first = value.find((v) => v && typeof v === 'object') as Record<string, unknown> | undefined;
  if (first && ('annotations' in first || ('data' in first && !('fields' in first)))) return readLabelStudio(value);
  return readArgilla(value);
}

export interface ImportOptions {
  /** Reviewer for decisions whose file names none (else $USER). */
  reviewer?: string;
  env?: NodeJS.ProcessEnv;
  now?: () => string;
}

export function importDecisions(store: Store, path: string, opts: ImportOptions = {}): ImportReport {
  const parsed = parseReviewFile(path);
  return applyDecisions(store, parsed, `${parsed.format}:${basename(path)}`, path, opts);
}

export function applyDecisions(store: Store, parsed: ParsedDecisions, source: string, file: string, opts: ImportOptions = {}): ImportReport {
  const env = opts.env ?? process.env;
  const now = opts.now ?? (() => new Date().toISOString());
  const report: ImportReport = { file, format: parsed.format, applied: [], duplicates: [], stale: [], errors: [...parsed.errors], undecided: parsed.undecided };
  const current = currentArtifacts(store);
  let bases: ReturnType<typeof baseCases> | undefined;
  const fail = (d: RawDecision, field: string, message: string) => report.errors.push({ where: d.where, field, message });
  const reviewerOf = (d: RawDecision) => d.reviewer ?? opts.reviewer ?? env.USER ?? env.USERNAME ?? 'unknown';
  const conflicted = conflicts(parsed.decisions, reviewerOf);
  for (const [d, other] of conflicted) fail(d, 'decision', `conflicts with ${other.where} on the same sample ${d.sampleId} by ${reviewerOf(d)} (${describe(d)} vs ${describe(other)}); neither is applied — keep one`);
  // IMMEDIATE: take the write lock up front, so a stage committing items makes this wait (busy
  // timeout) instead of failing half-way with "database is locked".
  store.db.transaction(() => {
    for (const d of parsed.decisions) {
      if (conflicted.has(d)) continue;
      const artifact = current.get(d.sampleId);
      if (!artifact) {
        fail(d, 'sample_id', `no sample ${d.sampleId} in the verify stage's current output`);
        continue;
      }
      if (artifact.contentHash !== d.contentHash) {
        report.stale.push({ where: d.where, sampleId: d.sampleId, fileHash: d.contentHash, currentHash: artifact.contentHash ?? '' });
        continue;
      }
      let kind = d.decision;
      let edited: Decision['edited'];
      // Only an edit needs the sample itself (its query, the base case for the re-check).
      const needsSample = kind === 'edit' || (kind === 'accept' && d.editedQuery !== undefined);
      bases ??= needsSample ? baseCases(store) : undefined;
      const tc = needsSample ? parseEvolved(artifact) : undefined;
      const base = tc?.evolution ? bases?.get(tc.evolution.baseCaseId) : undefined;
      const sample = tc ? buildSample(artifact, base) : undefined;
      if (sample && kind !== 'reject' && d.editedQuery !== undefined && d.editedQuery !== sample.evolvedQuery) kind = 'edit';
      else if (kind === 'edit') {
        if (d.editedQuery === undefined) {
          fail(d, 'edited_query', 'an edit needs the edited query');
          continue;
        }
        kind = 'accept'; // "edited" to the text it already had
      }
      if (kind === 'edit') {
        edited = { field: 'query', value: d.editedQuery!, messageIndex: sample!.queryIndex };
        const check = applyEdit(tc!, edited, base);
        if (!check.ok) {
          fail(d, 'edited_query', `edit not applied: ${check.problems.join('; ')}`);
          continue;
        }
      }
      const reviewer = reviewerOf(d);
      const inserted = recordDecision(store, {
        sampleId: d.sampleId,
        contentHash: d.contentHash,
        decision: kind,
        ...(edited ? { edited } : {}),
        reviewer,
        ...(d.note ? { note: d.note } : {}),
        source,
        decidedAt: d.decidedAt ?? now(),
      });
      if (inserted) report.applied.push({ sampleId: d.sampleId, decision: kind, reviewer });
      else report.duplicates.push(d.sampleId);
    }
  }).immediate();
  return report;
}

const describe = (d: RawDecision) => (d.editedQuery !== undefined && d.decision !== 'reject' ? `${d.decision} with edited query` : d.decision);

/**
 * Decisions in one file by the same reviewer on the same sample and content that say different
 * things (accept then reject, two different edits): each maps to the first one it contradicts.
 */
function conflicts(decisions: RawDecision[], reviewerOf: (d: RawDecision) => string): Map<RawDecision, RawDecision> {
  const out = new Map<RawDecision, RawDecision>();
  const seen = new Map<string, RawDecision>();
  for (const d of decisions) {
    const key = JSON.stringify([d.sampleId, d.contentHash, reviewerOf(d)]);
    const first = seen.get(key);
    if (!first) {
      seen.set(key, d);
      continue;
    }
    const what = (x: RawDecision) => JSON.stringify([x.decision === 'reject' ? 'reject' : 'keep', x.decision === 'reject' ? null : (x.editedQuery ?? null)]);
    if (what(first) !== what(d)) {
      out.set(d, first);
      if (!out.has(first)) out.set(first, d);
    }
  }
  return out;
}
