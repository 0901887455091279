/**
 * `pnpm release <version>`: a versioned, self-describing, byte-reproducible release.
 *
 *   <out>/                        default output/releases/<version>/
 *     internal_error/…, external_error/…, jsonl/…   the data (writeExport, see writer.ts)
 *     README.md                   dataset card with Hugging Face front matter
 *     CHANGELOG.md                against the previous release in the releases table
 *     manifest.json               version, seed, config, commit, sources, models, counts,
 *                                 review statistics, sha256 of every other file
 *
 * No file holds a time: the same store, seed and config give the same bytes (the creation time
 * lives only in the releases table). Files are built in a staging directory beside the target,
 * fsynced and swapped into place (output/atomicDir.ts), so a failed release leaves nothing
 * half-written; a run killed after the move but before the database row is finished by the rerun.
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { recoverDir, stagingDirFor, swapInto, writeFileDurably } from '../atomicDir.js';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Store } from '../../pipeline/store/store.js';
import type { Config } from '../../pipeline/config.js';
import { canonicalJson, hashValue, sha256 } from '../../pipeline/hash.js';
import { selectSamples, writeReleaseData, type ExportFile, type Selection } from './writer.js';
import { compareSemver, parseSemver } from './semver.js';
import type { OnProgress } from '../progress.js';
import { renderChangelog, type SampleIndex } from './changelog.js';
import { renderCard } from './card.js';
import { writeHfData } from './huggingface.js';
import { codeCommit, methodsUsed, modelsUsed, releaseConfig, sourceChecksums } from './provenance.js';
import { latestDecisions } from '../review/decisions.js';
import { breachedMeasures, qualityOf, type QualityReport } from '../../pipeline/quality/report.js';
import { cellText, limitText, qualityMarkdown } from '../../pipeline/quality/format.js';

export const DEFAULT_RELEASE_ROOT = 'output/releases';

export class ReleaseError extends Error {}

export interface ReleaseOptions {
  outDir?: string;
  includeFlagged?: boolean;
  dryRun?: boolean;
  /** Repository root for the commit and sources/provenance.json (default: cwd). */
  root?: string;
  /** Publish even though `pnpm report quality` breaches a threshold (the card and manifest say so). */
  allowQualityBreach?: boolean;
  /** Called between the steps (checks, quality report, files, publish). */
  onProgress?: OnProgress;
}

export interface ReleasePlan {
  version: string;
  outDir: string;
  files: ExportFile[];
  manifest: Record<string, unknown>;
  selection: Selection;
  previous?: string;
  dryRun: boolean;
  /** This run replaced a release of the same version that a killed run had moved into place but not recorded. */
  finishedInterrupted?: boolean;
}

interface ReleaseRow {
  version: string;
  created_at: string;
  out_dir: string;
  manifest: string;
}

/** The latest earlier release (by semver precedence), whose sample index the changelog compares to. */
function previousRelease(store: Store, version: string): { version: string; index: SampleIndex } | undefined {
  const me = parseSemver(version)!;
  const rows = (store.db.prepare('SELECT * FROM releases').all() as ReleaseRow[])
    .map((r) => ({ row: r, v: parseSemver(r.version) }))
    .filter((r): r is { row: ReleaseRow; v: NonNullable<typeof r.v> } => !!r.v && compareSemver(r.v, me) < 0)
    .sort((a, b) => compareSemver(a.v, b.v));
  const last = rows.at(-1);
  if (!last) return undefined;
  const stored = JSON.parse(last.row.manifest) as { samples?: SampleIndex };
  return { version: last.row.version, index: stored.samples ?? {} };
}

function reviewStatistics(store: Store, selection: Selection): Record<string, number> {
  const stats: Record<string, number> = {};
  const bump = (k: string) => (stats[k] = (stats[k] ?? 0) + 1);
  for (const s of selection.evolved) bump(`included: ${s.review}`);
  for (const s of selection.leftOut) bump(`left out: ${s.why}`);
  // Decisions on content that changed since (stale) are counted, never applied.
  const current = new Map<string, string>();
  // A VerifyRecord (pipeline/schemas.ts) holds the case id; its content hash is what decisions are bound to.
  for (const a of store.iterateStage<unknown>('verify', ['ok', 'flagged', 'rejected'])) current.set((a.content as { id?: string }).id ?? a.itemId, a.contentHash ?? '');
  const valid = latestDecisions(store, current);
  const total = (store.db.prepare('SELECT count(*) FROM reviews').pluck().get() as number) ?? 0;
  const onCurrent = store.db.prepare('SELECT sample_id, content_hash FROM reviews').all() as { sample_id: string; content_hash: string }[];
  stats['decisions: stored'] = total;
  stats['decisions: on current content'] = onCurrent.filter((r) => current.get(r.sample_id) === r.content_hash).length;
  stats['decisions: stale'] = onCurrent.filter((r) => current.has(r.sample_id) && current.get(r.sample_id) !== r.content_hash).length;
  stats['samples with a decision'] = valid.size;
  return Object.fromEntries(Object.entries(stats).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** Writes every release file into `dir` (which must exist and be empty); returns the plan. */
export function buildReleaseInto(store: Store, config: Config, version: string, dir: string, opts: ReleaseOptions & { quality?: QualityReport } = {}): Omit<ReleasePlan, 'outDir' | 'dryRun'> {
  const root = opts.root ?? process.cwd();
  const { result: data, selection } = writeReleaseData(store, config, dir, { includeFlagged: opts.includeFlagged });
  const previous = previousRelease(store, version);
  const index: SampleIndex = {};
  for (const s of [...selection.base, ...selection.evolved]) index[s.id] = s.contentHash;
  const commit = codeCommit(root);
  const review = reviewStatistics(store, selection);
  const quality = opts.quality ?? qualityOf(store, config);
  const hf = writeHfData(dir);
  const extra: ExportFile[] = [...hf.files];
  const put = (path: string, text: string) => {
    const buf = Buffer.from(text, 'utf8');
    writeFileDurably(join(dir, path), buf);
    extra.push({ path, sha256: sha256(buf), bytes: buf.length, samples: 0 });
  };
  put('CHANGELOG.md', renderChangelog(version, previous, index));
  const counts = { base: selection.base.length, evolved: selection.evolved.length, sets: { base: data.counts.base, evolved: data.counts.evolved }, flaggedIncluded: data.counts.flaggedIncluded, skipped: data.counts.skipped };
  put('README.md', renderCard({ version, files: data.files, counts, review, seed: config.seed, commit, quality: qualityMarkdown(quality), qualityBreached: breachedMeasures(quality).map((m) => m.id), hf: hf.configs }));
  const files = [...data.files, ...extra].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const manifest = {
    name: 'critictool-forge',
    version,
    previous: previous?.version ?? null,
    seed: config.seed,
    config: releaseConfig(config),
    configHash: hashValue(releaseConfig(config)),
    code: { commit },
    sources: sourceChecksums(root),
    methods: methodsUsed(store),
    models: modelsUsed(store),
    counts,
    review,
    quality: Object.fromEntries(quality.measures.map((m) => [m.id, { value: m.overall ? Number(m.overall.value.toFixed(6)) : null, n: m.overall?.n ?? 0, ...(m.threshold !== undefined ? { threshold: m.threshold, breached: m.breached } : {}) }])),
    samplesHash: hashValue(index),
    files,
  };
  writeFileDurably(join(dir, 'manifest.json'), manifestText(manifest));
  return { version, files, manifest, selection, previous: previous?.version };
}

/** manifest.json's bytes. */
export const manifestText = (manifest: Record<string, unknown>): string => JSON.stringify(manifest, null, 2) + '\n';

/**
 * Checks, builds and publishes a release. Refuses a version that is not semver or that exists in
 * the database or on disk. With dryRun it builds in a temporary directory, reports, and removes it:
 * nothing is written to the target or the database.
 */
export function publishRelease(store: Store, config: Config, version: string, opts: ReleaseOptions = {}): ReleasePlan {
  const step = (done: number, what: string) => opts.onProgress?.(done, 4, what);
  step(0, 'checks');
  const parsed = parseSemver(version);
  if (!parsed) throw new ReleaseError(`version "${version}" is not a semantic version (MAJOR.MINOR.PATCH[-pre][+build], e.g. 1.0.0)`);
  const outDir = resolve(opts.outDir ?? join(DEFAULT_RELEASE_ROOT, version));
  const existing = store.db.prepare('SELECT out_dir, created_at FROM releases WHERE version = ?').get(version) as { out_dir: string; created_at: string } | undefined;
  if (existing) throw new ReleaseError(`release ${version} already exists (made ${existing.created_at} into ${existing.out_dir}); versions are immutable, pick a new one`);
  // Build metadata does not order versions (semver §10): 1.0.0+rebuild beside 1.0.0 would be a
  // second release nothing can tell apart from the first.
  const twin = (store.db.prepare('SELECT version FROM releases').pluck().all() as string[]).find((v) => {
    const other = parseSemver(v);
    return other && compareSemver(other, parsed) === 0;
  });
  if (twin) throw new ReleaseError(`release ${version} has the same precedence as the existing release ${twin} (build metadata after "+" does not order versions); pick a new version`);
  if (!opts.dryRun) recoverDir(outDir);
  const halfDone = !opts.dryRun && isUnrecordedRelease(outDir, version);
  if (!halfDone && existsSync(outDir) && readdirSync(outDir).length > 0) throw new ReleaseError(`${outDir} already exists and is not empty; refusing to overwrite a release`);
  const stale = selectSamples(store, opts).leftOut.filter((l) => l.why === 'stale-decision');
  if (stale.length > 0) {
    throw new ReleaseError(
      `${stale.length} sample(s) were reviewed on content that has changed since: ${stale.slice(0, 5).map((s) => `${s.id} (${s.detail})`).join('; ')}${stale.length > 5 ? '; …' : ''}. ` +
        'A stale decision is never applied, and shipping these as unreviewed could ship a rejected sample: review them again (pnpm review export --queue stale, or pnpm review serve), then release',
    );
  }
  // The quality gate: a benchmark that misleads is worse than none, so a breach is refused unless asked for.
  step(1, 'quality report');
  const quality = qualityOf(store, config);
  const breached = breachedMeasures(quality);
  if (breached.length && !opts.allowQualityBreach) {
    throw new ReleaseError(
      `release ${version} refused: ${breached.length} quality measure${breached.length > 1 ? 's' : ''} past the threshold (pnpm report quality):\n${breached
        .map((m) => `  ${m.id}: ${cellText(m, m.overall)} (limit ${limitText(m)})`)
        .join('\n')}\nfix the build, raise quality.thresholds in the config, or pass --allow-quality-breach (the card then lists the breaches)`,
    );
  }
  const staging = opts.dryRun ? mkdtempSync(join(tmpdir(), `forge-release-${version}-`)) : stagingDirFor(outDir);
  try {
    step(2, 'writing files');
    const plan = buildReleaseInto(store, config, version, staging, { ...opts, quality });
    step(3, opts.dryRun ? 'done' : 'publishing');
    if (opts.dryRun) return { ...plan, outDir, dryRun: true };
    // A release moved into place by a run killed before it was recorded is this version, unpublished:
    // the rebuild replaces it (identical bytes when nothing changed since), then records it.
    swapInto(staging, outDir);
    const index: SampleIndex = {};
    for (const s of [...plan.selection.base, ...plan.selection.evolved]) index[s.id] = s.contentHash;
    store.db
      .prepare('INSERT INTO releases (version, created_at, out_dir, manifest) VALUES (?, ?, ?, ?)')
      .run(version, new Date().toISOString(), outDir, canonicalJson({ manifest: plan.manifest, samples: index }));
    step(4, 'done');
    return { ...plan, outDir, dryRun: false, ...(halfDone ? { finishedInterrupted: true } : {}) };
  } finally {
    if (existsSync(staging)) rmSync(staging, { recursive: true, force: true });
  }
}

/** Is `dir` a release of `version` by this tool that the database never recorded (a run killed between move and record)? */
function isUnrecordedRelease(dir: string, version: string): boolean {
  const path = join(dir, 'manifest.json');
  if (!existsSync(path)) return false;
  try {
    const m = JSON.parse(readFileSync(path, 'utf8')) as { name?: unknown; version?: unknown };
    return m.name === 'critictool-forge' && m.version === version;
  } catch {
    return false;
  }
}
