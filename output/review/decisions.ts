/**
 * Review decisions in the `reviews` table, and the one rule that governs what a release (and the
 * export) includes. A decision is bound to a sample id AND the content hash the reviewer saw:
 *  - a decision whose hash is not the sample's current hash is stale — reported, never applied;
 *  - the same decision imported twice is stored once (decision_hash is UNIQUE and excludes the
 *    import time), so re-importing a file changes nothing;
 *  - every decision is kept with who decided and when; the latest valid one wins.
 */
import type { Store, StoredArtifact } from '../../pipeline/store/store.js';
import { hashValue } from '../../pipeline/hash.js';
import { TestCase } from '../../pipeline/schemas.js';
import { applyEdit, EDITABLE_FIELDS, type EditSpec } from './edit.js';
import { baseCaseLookup, parseEvolved, ReviewDataError, REVIEW_STAGE } from './samples.js';
import { iterateVerified } from '../../pipeline/verified.js';

export const DECISIONS = ['accept', 'reject', 'edit'] as const;
export type DecisionKind = (typeof DECISIONS)[number];

export interface Decision {
  sampleId: string;
  contentHash: string;
  decision: DecisionKind;
  /** For an edit: the edited field and its new text. */
  edited?: EditSpec;
  reviewer: string;
  note?: string;
  /** Where it came from: argilla:<file>, labelstudio:<file>, csv:<file>, serve. */
  source: string;
  /** ISO time the reviewer decided (from the file when it says, else the import time). */
  decidedAt: string;
}

export interface StoredDecision extends Decision {
  id: number;
  importedAt: string;
}

/**
 * Identity of a decision: what was decided on what, by whom, and which of the same reviewer's
 * decisions it supersedes — never when it was imported, so importing a file again is a no-op,
 * while a reviewer who goes accept → reject → accept still ends on accept.
 */
export function decisionHash(d: Pick<Decision, 'sampleId' | 'contentHash' | 'decision' | 'edited' | 'reviewer' | 'note'>, supersedes: number | null = null): string {
  return hashValue({ sampleId: d.sampleId, contentHash: d.contentHash, decision: d.decision, edited: d.edited ?? null, reviewer: d.reviewer, note: d.note ?? null, supersedes });
}

/**
 * Inserts a decision; false when it changes nothing — the same reviewer's latest decision on this
 * sample and content already says exactly this.
 */
export function recordDecision(store: Store, d: Decision): boolean {
  const prev = store.db
    .prepare('SELECT * FROM reviews WHERE sample_id = ? AND content_hash = ? AND reviewer = ? ORDER BY decided_at DESC, id DESC LIMIT 1')
    .get(d.sampleId, d.contentHash, d.reviewer) as ReviewRow | undefined;
  if (prev) {
    const p = toDecision(prev);
    const same = p.decision === d.decision && JSON.stringify(p.edited ?? null) === JSON.stringify(d.edited ?? null) && (p.note ?? null) === (d.note ?? null);
    if (same) return false;
  }
  const info = store.db
    .prepare(
      `INSERT OR IGNORE INTO reviews (sample_id, content_hash, decision, edited, reviewer, note, source, decision_hash, decided_at, imported_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(d.sampleId, d.contentHash, d.decision, d.edited ? JSON.stringify(d.edited) : null, d.reviewer, d.note ?? null, d.source, decisionHash(d, prev?.id ?? null), d.decidedAt, new Date().toISOString());
  return info.changes > 0;
}

interface ReviewRow {
  id: number;
  sample_id: string;
  content_hash: string;
  decision: DecisionKind;
  edited: string | null;
  reviewer: string;
  note: string | null;
  source: string;
  decided_at: string;
  imported_at: string;
}

function toDecision(r: ReviewRow): StoredDecision {
  return {
    id: r.id,
    sampleId: r.sample_id,
    contentHash: r.content_hash,
    decision: r.decision,
    ...(r.edited ? { edited: JSON.parse(r.edited) } : {}),
    reviewer: r.reviewer,
    ...(r.note ? { note: r.note } : {}),
    source: r.source,
    decidedAt: r.decided_at,
    importedAt: r.imported_at,
  };
}

/** Every decision on a sample, oldest first. */
export function decisionsFor(store: Store, sampleId: string): StoredDecision[] {
  return (store.db.prepare('SELECT * FROM reviews WHERE sample_id = ? ORDER BY decided_at, id').all(sampleId) as ReviewRow[]).map(toDecision);
}

/** The latest decision on each sample that matches the given content hash. */
export function latestDecisions(store: Store, hashes: Map<string, string>): Map<string, StoredDecision> {
  const out = new Map<string, StoredDecision>();
  const rows = store.db.prepare('SELECT * FROM reviews ORDER BY decided_at, id').all() as ReviewRow[];
  for (const r of rows) if (hashes.get(r.sample_id) === r.content_hash) out.set(r.sample_id, toDecision(r));
  return out;
}

export type ReviewedOutcome =
  | { state: 'undecided' }
  | { state: 'accept' | 'reject'; decision: StoredDecision }
  | { state: 'edit'; decision: StoredDecision; edit: EditSpec };

/**
 * The review state of a sample at its current content hash — the lookup export and release use.
 * Decisions on other hashes (stale) are ignored.
 */
export function reviewedOutcome(store: Store, sampleId: string, contentHash: string): ReviewedOutcome {
  const row = store
    .stmt('SELECT * FROM reviews WHERE sample_id = ? AND content_hash = ? ORDER BY decided_at DESC, id DESC LIMIT 1')
    .get(sampleId, contentHash) as ReviewRow | undefined;
  if (!row) return { state: 'undecided' };
  const decision = toDecision(row);
  if (decision.decision === 'edit' && decision.edited) return { state: 'edit', decision, edit: decision.edited };
  return { state: decision.decision === 'edit' ? 'accept' : decision.decision, decision } as ReviewedOutcome;
}

export type Inclusion =
  | { include: true; content: TestCase; review: 'accepted' | 'edited' | 'unreviewed-accepted' | 'unreviewed-flagged'; decision?: StoredDecision }
  | { include: false; why: 'rejected-by-verify' | 'rejected-by-review' | 'flagged-unreviewed' | 'edit-failed-recheck' | 'stale-decision'; detail?: string };

/**
 * The latest decision on a sample made on content it no longer has, when none was made on its
 * current content: the reviewer's word no longer applies, and shipping the sample as if nobody had
 * looked could ship one they rejected.
 */
export function staleDecision(store: Store, sampleId: string, contentHash: string): StoredDecision | undefined {
  const row = store
    .stmt('SELECT * FROM reviews WHERE sample_id = ? ORDER BY decided_at DESC, id DESC LIMIT 1')
    .get(sampleId) as ReviewRow | undefined;
  return row && row.content_hash !== contentHash ? toDecision(row) : undefined;
}

/**
 * Whether an evolved sample goes into a release/export, and with what content:
 *  - verify `rejected`: never (a reviewer cannot override the invariants from the queue);
 *  - reviewed reject: out; reviewed accept: in (a flagged sample too);
 *  - reviewed edit: in, with the edit applied — if the edited case still passes the re-check;
 *  - decided only on content the sample no longer has (stale): out, and a release refuses to ship
 *    until someone decides again (a stale reject must never ship as "unreviewed-accepted");
 *  - verify `ok` and unreviewed: in; verify `flagged` and unreviewed: only with includeFlagged.
 */
export function inclusion(
  store: Store,
  artifact: StoredArtifact<unknown>,
  opts: { includeFlagged?: boolean; bases?: Pick<Map<string, TestCase>, 'get'>; parsed?: TestCase } = {},
): Inclusion {
  if (artifact.status === 'rejected' || artifact.status === 'failed') return { include: false, why: 'rejected-by-verify' };
  // `parsed`: the caller validated the content already (a TestCase parse is most of what this costs).
  const content = opts.parsed ?? TestCase.parse(artifact.content);
  const outcome = reviewedOutcome(store, content.id, artifact.contentHash ?? '');
  if (outcome.state === 'reject') return { include: false, why: 'rejected-by-review' };
  if (outcome.state === 'accept') return { include: true, content, review: 'accepted', decision: outcome.decision };
  if (outcome.state === 'edit') {
    const base = content.evolution ? opts.bases?.get(content.evolution.baseCaseId) : undefined;
    const edited = applyEdit(content, outcome.edit, base);
    if (!edited.ok) return { include: false, why: 'edit-failed-recheck', detail: edited.problems.join('; ') };
    // The lineage says a person rewrote the query (the reviewer and time stay in the reviews table).
    const reviewed = { ...edited.content, provenance: { ...edited.content.provenance, methods: { ...edited.content.provenance.methods, review: `review:edit-${outcome.edit.field}` } } };
    return { include: true, content: reviewed, review: 'edited', decision: outcome.decision };
  }
  const stale = staleDecision(store, content.id, artifact.contentHash ?? '');
  if (stale) return { include: false, why: 'stale-decision', detail: `${stale.decision} by ${stale.reviewer} on content ${stale.contentHash.slice(0, 12)}, now ${(artifact.contentHash ?? '').slice(0, 12)}` };
  if (artifact.status === 'ok') return { include: true, content, review: 'unreviewed-accepted' };
  return opts.includeFlagged ? { include: true, content, review: 'unreviewed-flagged' } : { include: false, why: 'flagged-unreviewed' };
}

export { EDITABLE_FIELDS };

/**
 * The evolved cases an export or release ships, in the verify stage's order, under the review rule
 * (`inclusion`): reviewed rejects out, reviewed accepts in (flagged ones too), edits applied and
 * re-checked, unreviewed flagged only with includeFlagged. output/critictool's writeExport selects
 * its evolved set with this, so `pnpm stage export` and `pnpm release` agree.
 */
export function reviewedCases(store: Store, opts: { includeFlagged?: boolean } = {}): { cases: TestCase[]; leftOut: { id: string; why: string; detail?: string }[]; included: { id: string; review: string }[] } {
  const cases: TestCase[] = [];
  const leftOut: { id: string; why: string; detail?: string }[] = [];
  const included: { id: string; review: string }[] = [];
  for (const { id, inc } of eachReviewedCase(store, opts)) {
    if (inc.include) {
      cases.push(inc.content);
      included.push({ id, review: inc.review });
    } else leftOut.push({ id, why: inc.why, ...(inc.detail ? { detail: inc.detail } : {}) });
  }
  return { cases, leftOut, included };
}

/**
 * A digest of every recorded decision, all fields: `reviewedCases` reads the table, so an export
 * that kept its files must see any decision imported since.
 */
export function reviewsDigest(store: Store): string {
  const rows = store.db.prepare('SELECT * FROM reviews ORDER BY id').raw().all();
  return hashValue(rows);
}

/** reviewedCases one evolved sample at a time (with its artifact key), holding none of the others. */
export function* eachReviewedCase(store: Store, opts: { includeFlagged?: boolean } = {}): Generator<{ key: string; id: string; inc: Inclusion }> {
  const bases = baseCaseLookup(store);
  for (const a of iterateVerified(store, ['ok', 'flagged', 'rejected'])) {
    const parsed = checkedEvolved(a);
    yield { key: a.key, id: parsed.id, inc: inclusion(store, a, { ...opts, bases, parsed }) };
  }
}

function checkedEvolved(a: StoredArtifact<unknown>): TestCase {
  const tc = parseEvolved(a); // names the artifact and field when the content is not a TestCase
  if (!tc.evolution || !tc.verification) throw new ReviewDataError(`${REVIEW_STAGE} artifact ${a.itemId} has no ${tc.evolution ? 'verification' : 'evolution'}: an evolved case must carry both`);
  if (a.status === 'ok' && tc.verification.outcome !== 'accepted') throw new ReviewDataError(`${REVIEW_STAGE} artifact ${a.itemId} has status ok but verification outcome ${tc.verification.outcome}`);
  return tc;
}
