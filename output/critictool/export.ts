/**
 * writeExport: the CRITICTOOL-format files and the rich JSONL, from the store.
 *
 *   <out>/internal_error/{base,evol}_data_{wo,w}_cot.json   (LLMEvaluator input)
 *   <out>/external_error/{base,evol}_data_{wo,w}_cot.json   (EnvironmentEvaluator input)
 *   <out>/strategies/<strategy>/{internal,external}_error/evol_data_{wo,w}_cot.json
 *   <out>/jsonl/{base,evol}_cases.jsonl                     (every TestCase field)
 *
 * `evol_data_*` holds the paper's evolved set (every strategy: long context, extra tools, noisy query,
 * harder tools, mixed); each strategy's subset of it gets the same files under `strategies/<strategy>/`,
 * so it can be scored alone by the same evaluator (the paper's Tables 6 and 13–17).
 *
 * Base files come from `assemble` (status ok); evolved files from `verify`, whose artifacts (read
 * through pipeline/verified.ts) are the evolved TestCases carrying `evolution` and `verification`,
 * status ok meaning accepted, under the review
 * rule (output/review/decisions.ts `reviewedCases`: reviewed rejects out, reviewed accepts in,
 * edits applied). `includeFlagged` adds unreviewed flagged cases (a reviewer's preview; releases
 * leave it off). No file is written without samples — an empty file would make the evaluator
 * divide by zero — and the evolved files only once verify has output.
 * Every case is checked once more against what the evaluator does with it (markers, tool-list
 * slicing, ground-truth keys and types); one that fails is left out and listed, never written.
 * Same store content, same bytes: a stable sample order, keys sorted, Python-faithful numbers, no timestamps.
 *
 * Scale: no file is built as one string and no set of cases is held. One pass reads, validates and
 * renders each case once — its evaluator entry and its JSONL line go to a temporary spool file
 * (output/spool.ts) — and keeps a small reference (id, what routing and counts need, where its text
 * lies); the files are then written in their own orders from the spool.
 */
import { replaceDir, stagingDir, type FileSink, type StagingDir } from '../atomicDir.js';
import type { Config } from '../../pipeline/config.js';
import type { Store, StoredArtifact } from '../../pipeline/store/store.js';
import { EVOLUTION_STRATEGIES, FINISH_ACTION, TestCase, type Action, type ArtifactStatus, type EvolutionStrategy } from '../../pipeline/schemas.js';
import { groundTruthProblems, promptProblems } from '../../stages/assemble/checks.js';
import { EvaluatorFileWriter, evaluatorEntryText, jsonlLine, sortById, sortByIdHash } from './format.js';
import { eachReviewedCase } from '../review/decisions.js';
import { TextSpool, type SpoolRef } from '../spool.js';
import { withCurrentParents } from '../../pipeline/currentParents.js';

export interface ExportFile {
  /** Relative to the output directory, with forward slashes. */
  path: string;
  sha256: string;
  bytes: number;
  samples: number;
}

export interface SetCounts {
  internal: number;
  internalCot: number;
  /** Error-free controls among the plain internal cases. */
  controls: number;
  /** Error-free controls among the CoT internal cases. */
  controlsCot: number;
  external: number;
  externalCot: number;
  /** Cases per error type (internal) or environment kind (external), plain + CoT. */
  byType: Record<string, number>;
}

export interface ExportResult {
  files: ExportFile[];
  /** Files not written because no case belongs in them (e.g. cotExternal 0, or nothing accepted by verify). */
  empty: string[];
  counts: {
    base: SetCounts;
    /** The evolved set (evol_data_*: every strategy); null when verify has no output yet (no evolved files written). */
    evolved: SetCounts | null;
    /** Each strategy's subset of it (strategies/<strategy>/…). */
    strategies: Partial<Record<EvolutionStrategy, SetCounts>>;
    flaggedIncluded: number;
    /** Cases left out because the evaluator could not score them as they are, with the reason. */
    skipped: { id: string; stage: string; reason: string }[];
  };
}

export const EXPORT_FILES = (['internal', 'external'] as const).flatMap((kind) =>
  (['base', 'evol', ...EVOLUTION_STRATEGIES] as const).flatMap((set) =>
    (['wo', 'w'] as const).map((cot) => evaluatorFilePath(set, kind, cot === 'w')),
  ),
);

/** Where a case of this set (base, the evolved set, or one strategy's subset of it) is written. */
export function evaluatorFilePath(set: 'base' | 'evol' | EvolutionStrategy, kind: 'internal' | 'external', cot: boolean): string {
  const file = `${kind}_error/${set === 'base' ? 'base' : 'evol'}_data_${cot ? 'w' : 'wo'}_cot.json`;
  return set === 'base' || set === 'evol' ? file : `strategies/${set}/${file}`;
}

/** The evaluator file a case belongs in: base, or the evolved set (evol_data_*, all strategies). */
type Routed = Pick<TestCase, 'kind' | 'cot'> & { evolution?: { strategy: EvolutionStrategy } };

export function evaluatorFileOf(tc: Routed): string {
  return evaluatorFilePath(tc.evolution ? 'evol' : 'base', tc.kind, tc.cot);
}

/** Every evaluator file a case is written to: an evolved case is also in its strategy's subset. */
export function evaluatorFilesOf(tc: Routed): string[] {
  return tc.evolution ? [evaluatorFileOf(tc), evaluatorFilePath(tc.evolution.strategy, tc.kind, tc.cot)] : [evaluatorFileOf(tc)];
}
export const JSONL_FILES = ['jsonl/base_cases.jsonl', 'jsonl/evol_cases.jsonl'];

/** A base case as a TestCase; one that is not a TestCase is a bug upstream, named and fatal. */
function baseCase(a: StoredArtifact<unknown>): TestCase {
  const parsed = TestCase.safeParse(withCurrentParents(a.content, a.parents));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`assemble artifact ${a.itemId} (${a.key.slice(0, 12)}) is not a TestCase at ${issue.path.join('.') || '(root)'}: ${issue.message}`);
  }
  return parsed.data;
}

/** What the export keeps of a case between reading it and writing it: enough to order, route and count. */
interface CaseRef {
  id: string;
  /** The case's evaluator entry and JSONL line, rendered once. */
  entry: SpoolRef;
  line: SpoolRef;
  kind: TestCase['kind'];
  cot: boolean;
  errorType: TestCase['errorType'];
  environmentError?: TestCase['environmentError'];
  evolution?: { strategy: EvolutionStrategy };
}

function caseRef(tc: TestCase, spool: TextSpool): CaseRef {
  return { id: tc.id, entry: spool.put(evaluatorEntryText(tc)), line: spool.put(jsonlLine(tc)), kind: tc.kind, cot: tc.cot, errorType: tc.errorType, environmentError: tc.environmentError, ...(tc.evolution ? { evolution: { strategy: tc.evolution.strategy } } : {}) };
}

/** What keeps the evaluator from scoring this case as a perfect model would answer it (empty = none). */
export function evaluatorProblems(tc: TestCase): string[] {
  const gts: Action[] = Array.isArray(tc.groundTruth) ? tc.groundTruth : [tc.groundTruth as Action];
  const problems = promptProblems(tc.messages, tc.tools);
  gts.forEach((a, i) => problems.push(...groundTruthProblems(a, tc.tools, { cot: tc.cot, what: gts.length > 1 ? `ground_truth[${i}]` : 'ground_truth' })));
  if (tc.kind === 'internal' && tc.errorType !== '' && (gts[0].name === FINISH_ACTION || Array.isArray(tc.groundTruth))) {
    problems.push('an internal error case must ask for the corrected tool call');
  }
  if (tc.kind === 'external' && (gts.length !== 2 || tc.messages[tc.messages.length - 1].role !== 'function')) {
    problems.push('an external case needs [retry, next action] and must end with the failed call\'s response');
  }
  if (/[./\\]/.test(tc.id)) problems.push(`sample id ${tc.id} holds a dot or slash (the evaluator's resume cache names files <id>.json)`);
  return problems;
}

function counts(cases: CaseRef[]): SetCounts {
  const byType: Record<string, number> = {};
  for (const c of cases) {
    const type = c.kind === 'external' ? `external:${c.environmentError ?? '?'}` : c.errorType || 'control';
    byType[type] = (byType[type] ?? 0) + 1;
  }
  return {
    internal: cases.filter((c) => c.kind === 'internal' && !c.cot).length,
    internalCot: cases.filter((c) => c.kind === 'internal' && c.cot).length,
    controls: cases.filter((c) => c.kind === 'internal' && c.errorType === '' && !c.cot).length,
    controlsCot: cases.filter((c) => c.kind === 'internal' && c.errorType === '' && c.cot).length,
    external: cases.filter((c) => c.kind === 'external' && !c.cot).length,
    externalCot: cases.filter((c) => c.kind === 'external' && c.cot).length,
    byType: Object.fromEntries(Object.entries(byType).sort(([a], [b]) => a.localeCompare(b))),
  };
}

/** An export that would write no file at all (every case filtered, flagged or unscorable). */
export class ExportEmptyError extends Error {}

/**
 * `opts.staging`: outDir is an empty staging folder the caller swaps into place itself (a release),
 * so the files go straight in.
 */
export function writeExport(store: Store, _config: Config, outDir: string, opts: { includeFlagged?: boolean; staging?: boolean } = {}): ExportResult {
  const spool = new TextSpool('export');
  try {
    return exportFrom(store, outDir, opts, spool);
  } finally {
    spool.dispose();
  }
}

function exportFrom(store: Store, outDir: string, opts: { includeFlagged?: boolean; staging?: boolean }, spool: TextSpool): ExportResult {
  const statuses: ArtifactStatus[] = opts.includeFlagged ? ['ok', 'flagged'] : ['ok'];
  const skipped: ExportResult['counts']['skipped'] = [];
  const keep = (stage: string, tc: TestCase) => {
    const problems = evaluatorProblems(tc);
    if (problems.length) skipped.push({ id: tc.id, stage, reason: problems.join('; ') });
    return problems.length === 0;
  };
  const base: CaseRef[] = [];
  for (const a of store.iterateStage<unknown>('assemble', statuses)) {
    const tc = baseCase(a);
    if (keep('assemble', tc)) base.push(caseRef(tc, spool));
  }
  const verifyCounts = store.stageCounts('verify');
  const verifyRan = verifyCounts.ok + verifyCounts.flagged + verifyCounts.rejected > 0;
  // Which evolved cases ship is the review rule's call (reviewed rejects out, accepts in, edits applied).
  let evolved: CaseRef[] | null = null;
  if (verifyRan) {
    evolved = [];
    for (const { inc } of eachReviewedCase(store, opts)) if (inc.include && keep('verify', inc.content)) evolved.push(caseRef(inc.content, spool));
  }
  const flaggedIncluded = opts.includeFlagged ? store.stageCounts('assemble').flagged + (verifyRan ? verifyCounts.flagged : 0) : 0;

  // Which files are due, with their samples: without verify output no evolved file is due at all, not even an empty one.
  const due = new Map<string, CaseRef[]>(EXPORT_FILES.filter((f) => evolved || f.includes('/base_')).map((f) => [f, []]));
  for (const ref of [...base, ...(evolved ?? [])]) for (const f of evaluatorFilesOf(ref)) due.get(f)?.push(ref);
  due.set('jsonl/base_cases.jsonl', base);
  if (evolved) due.set('jsonl/evol_cases.jsonl', evolved);
  // The evaluator divides by the number of samples: an empty file would crash it, so none is written.
  const empty = [...due].filter(([, refs]) => refs.length === 0).map(([path]) => path);
  for (const path of empty) due.delete(path);
  const strategies: ExportResult['counts']['strategies'] = {};
  for (const s of EVOLUTION_STRATEGIES) {
    const subset = evolved?.filter((c) => c.evolution?.strategy === s) ?? [];
    if (subset.length) strategies[s] = counts(subset);
  }
  // Nothing to write must not look like success, nor wipe the files a previous export left there.
  if (due.size === 0) {
    throw new ExportEmptyError(
      `nothing to export into ${outDir}: no case passed (base ${base.length}, evolved ${evolved?.length ?? 0}${skipped.length ? `, ${skipped.length} left out as unscorable` : ''}); ` +
        'check --limit and the flagged/failed counts in `pnpm status`; the files already there were left as they were',
    );
  }

  const write = (dir: StagingDir): ExportFile[] => {
    const files: ExportFile[] = [];
    const sets: [CaseRef[], string][] = [[base, 'jsonl/base_cases.jsonl']];
    if (evolved) sets.push([evolved, 'jsonl/evol_cases.jsonl']);
    for (const [refs, jsonl] of sets) {
      files.push(...writeEvaluatorFiles(dir, due, sortByIdHash(refs), spool));
      const { sha256, bytes } = dir.stream(jsonl, (sink) => {
        for (const ref of sortById(refs)) sink.write(spool.bytes(ref.line));
      });
      files.push({ path: jsonl, sha256, bytes, samples: refs.length });
    }
    return files;
  };
  // The whole set is staged beside outDir and swapped in at once (output/atomicDir.ts): a kill or a
  // full disk leaves the previous set, never a mix. Files of ours this export does not write (no
  // evolved set now) disappear with the old set; anything else in outDir is kept.
  const ours = new Set([...EXPORT_FILES, ...JSONL_FILES]);
  const files = opts.staging ? write(stagingDir(outDir)) : replaceDir(outDir, write, { owned: (rel) => ours.has(rel) });
  files.sort((a, b) => a.path.localeCompare(b.path));
  return { files, empty, counts: { base: counts(base), evolved: evolved ? counts(evolved) : null, strategies, flaggedIncluded, skipped } };
}

/**
 * Every due evaluator file of one set (base or evolved), in one pass over its cases in sample order:
 * the files of a set, a strategy's subset included, share that order, so each case is read once.
 */
function writeEvaluatorFiles(dir: StagingDir, due: Map<string, CaseRef[]>, ordered: CaseRef[], spool: TextSpool): ExportFile[] {
  const open = new Map<string, { sink: FileSink; writer: EvaluatorFileWriter }>();
  try {
    for (const ref of ordered) {
      const paths = evaluatorFilesOf(ref).filter((p) => due.has(p));
      if (paths.length === 0) continue;
      const entry = spool.bytes(ref.entry);
      for (const path of paths) {
        let file = open.get(path);
        if (!file) {
          const sink = dir.open(path);
          file = { sink, writer: new EvaluatorFileWriter((t) => sink.write(t), path) };
          open.set(path, file);
        }
        file.writer.addRendered(ref.id, entry);
      }
    }
    const files: ExportFile[] = [];
    for (const [path, { sink, writer }] of open) {
      writer.end();
      const { sha256, bytes } = sink.close();
      open.delete(path);
      files.push({ path, sha256, bytes, samples: writer.samples });
    }
    return files;
  } finally {
    for (const { sink } of open.values()) sink.abort();
  }
}

export function formatExportResult(result: ExportResult, outDir: string): string {
  const c = result.counts;
  const line = (name: string, s: SetCounts) =>
    `${name}: internal ${s.internal} (${s.controls} error-free) + CoT ${s.internalCot} (${s.controlsCot} error-free), external ${s.external} + CoT ${s.externalCot}`;
  return [
    `wrote ${result.files.length} files to ${outDir}`,
    line('base', c.base),
    c.evolved ? line('evolved', c.evolved) : 'evolved: verify has no output yet; no evol_* files written',
    ...Object.entries(c.strategies).map(([s, n]) => line(`  ${s}`, n)),
    ...(result.empty.length ? [`not written (no samples): ${result.empty.join(', ')}`] : []),
    ...(c.flaggedIncluded ? [`flagged cases included: ${c.flaggedIncluded}`] : []),
    ...(c.skipped.length ? [`left out ${c.skipped.length} cases the evaluator could not score: ${c.skipped.slice(0, 5).map((s) => `${s.id} (${s.reason})`).join('; ')}`] : []),
    ...result.files.map((f) => `  ${f.path}  ${f.samples} samples  ${f.bytes} bytes  sha256 ${f.sha256.slice(0, 16)}`),
  ].join('\n');
}
