/**
 * What a reviewer sees of one evolved sample: the `verify` artifact (read through
 * pipeline/verified.ts: the evolved TestCase with its verification) beside the `assemble` case it evolved from, reduced to what changed — the query
 * before and after, the context the evolution inserted, the tool list diff — plus the judge's
 * verdicts, the failed invariants and the content hash that a decision is bound to.
 *
 * The content hash is the store's own hash of the verify artifact (sha256 of its canonical JSON, a
 * VerifyRecord naming the evolved case by its content hash): any change to the sample, however
 * small, makes an older decision stale.
 */
import type { Store, StoredArtifact } from '../../pipeline/store/store.js';
import { TestCase, type ChatMessage, type ToolDoc } from '../../pipeline/schemas.js';
import { canonicalJson } from '../../pipeline/hash.js';
import { alignMessages as verifyAlign } from '../../stages/verify/invariants.js';
import { queryIndex } from '../../stages/evolve/caseParts.js';
import { toJson } from '../../pipeline/pyValues.js';
import { readVerified } from '../../pipeline/verified.js';

/** The stage whose output is reviewed, and the stage holding the base cases. */
export const REVIEW_STAGE = 'verify';
export const BASE_STAGE = 'assemble';

export interface ToolChange {
  name: string;
  base: string;
  evolved: string;
}

export interface ReviewSample {
  id: string;
  artifactKey: string;
  contentHash: string;
  /** The verify artifact's status: ok (accepted), flagged (to review), rejected. */
  status: 'ok' | 'flagged' | 'rejected';
  outcome: string;
  strategy: string;
  applied: string[];
  kind: 'internal' | 'external';
  errorType: string;
  cot: boolean;
  k: number;
  source: string;
  baseCaseId: string;
  /** False when the base case is not in the store (the diff then compares against nothing). */
  baseFound: boolean;
  baseQuery: string;
  evolvedQuery: string;
  /** Index (in the evolved messages) of the query an edit replaces. */
  queryIndex: number;
  insertedContext: ChatMessage[];
  tools: { added: string[]; removed: string[]; changed: ToolChange[] };
  judge: { method: string; result: string; reason: string }[];
  failedInvariants: { name: string; detail?: string }[];
  reasons: string[];
  groundTruth: string;
  method: string;
}

export class ReviewDataError extends Error {}

/**
 * Base and evolved conversations split the way `verify` splits them (stages/verify/invariants.ts):
 * the query is the last user message (the turn holding step k); what sits between the shared
 * prefix and the evolved query was inserted. Reviewers see exactly what the invariants checked.
 */
export function alignForReview(base: TestCase | undefined, evolved: TestCase): { baseQuery: string; evolvedQuery: string; queryIndex: number; inserted: ChatMessage[] } {
  const qe = queryIndex(evolved.messages);
  if (!base) return { baseQuery: '', evolvedQuery: evolved.messages[qe].content, queryIndex: qe, inserted: [] };
  const a = verifyAlign(base.messages, evolved.messages);
  return { baseQuery: a.baseQuery, evolvedQuery: a.evolvedQuery, queryIndex: qe, inserted: a.inserted };
}

const toolText = (t: ToolDoc) => JSON.stringify(t, null, 2);

export function diffTools(base: ToolDoc[], evolved: ToolDoc[]): ReviewSample['tools'] {
  const bm = new Map(base.map((t) => [t.name, t]));
  const em = new Map(evolved.map((t) => [t.name, t]));
  const added = evolved.filter((t) => !bm.has(t.name)).map((t) => t.name);
  const removed = base.filter((t) => !em.has(t.name)).map((t) => t.name);
  const changed: ToolChange[] = [];
  for (const t of evolved) {
    const old = bm.get(t.name);
    if (old && canonicalJson(old) !== canonicalJson(t)) changed.push({ name: t.name, base: toolText(old), evolved: toolText(t) });
  }
  return { added, removed, changed };
}

/** Parses a verify artifact, joined (pipeline/verified.ts), as an evolved TestCase; the error names the artifact and the field. */
export function parseEvolved(a: StoredArtifact<unknown>): TestCase {
  const parsed = TestCase.safeParse(a.content);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ReviewDataError(`${REVIEW_STAGE} artifact ${a.itemId} (${a.key.slice(0, 12)}): field ${issue.path.join('.') || '(root)'}: ${issue.message}`);
  }
  return parsed.data;
}

export function buildSample(a: StoredArtifact<unknown>, base: TestCase | undefined): ReviewSample {
  const evolved = parseEvolved(a);
  if (!evolved.evolution) throw new ReviewDataError(`${REVIEW_STAGE} artifact ${a.itemId}: field evolution: missing (only evolved cases are reviewed)`);
  if (a.status === 'failed') throw new ReviewDataError(`${REVIEW_STAGE} artifact ${a.itemId} failed; it has nothing to review`);
  const align = alignForReview(base, evolved);
  const v = evolved.verification;
  return {
    id: evolved.id,
    artifactKey: a.key,
    contentHash: a.contentHash ?? '',
    status: a.status,
    outcome: v?.outcome ?? (a.status === 'ok' ? 'accepted' : a.status),
    strategy: evolved.evolution.strategy,
    applied: evolved.evolution.applied,
    kind: evolved.kind,
    errorType: evolved.errorType,
    cot: evolved.cot,
    k: evolved.k,
    source: evolved.source,
    baseCaseId: evolved.evolution.baseCaseId,
    baseFound: !!base,
    baseQuery: align.baseQuery,
    evolvedQuery: align.evolvedQuery,
    queryIndex: align.queryIndex,
    insertedContext: align.inserted,
    tools: diffTools(base?.tools ?? evolved.tools, evolved.tools),
    judge: v?.judge ?? [],
    failedInvariants: (v?.invariants ?? []).filter((i) => !i.passed).map((i) => ({ name: i.name, ...(i.detail ? { detail: i.detail } : {}) })),
    reasons: v?.reasons ?? (a.reason ? [a.reason] : []),
    groundTruth: toJson(evolved.groundTruth),
    method: a.method,
  };
}

/** Base cases by item id (the assemble stage's current output). */
export function baseCases(store: Store): Map<string, TestCase> {
  const out = new Map<string, TestCase>();
  for (const a of store.readStage<unknown>(BASE_STAGE, ['ok', 'flagged'])) {
    const parsed = TestCase.safeParse(a.content);
    if (parsed.success) out.set(a.itemId, parsed.data);
  }
  return out;
}

/**
 * A base case by item id, read from the store when asked: what an edit needs (its base) without
 * holding every base case. Same cases as baseCases.
 */
export function baseCaseLookup(store: Store): { get(itemId: string): TestCase | undefined } {
  const keyOf = store.db.prepare("SELECT s.key FROM stage_items s JOIN artifacts a INDEXED BY artifacts_meta ON a.stage = s.stage AND a.key = s.key WHERE s.stage = ? AND s.item_id = ? AND a.status IN ('ok', 'flagged')").pluck();
  return {
    get(itemId) {
      const key = keyOf.get(BASE_STAGE, itemId) as string | undefined;
      const parsed = key === undefined ? undefined : TestCase.safeParse(store.getArtifact(key)?.content);
      return parsed?.success ? parsed.data : undefined;
    },
  };
}

/** Every current evolved sample (ok, flagged, rejected), in the verify stage's order. */
export function loadSamples(store: Store): ReviewSample[] {
  const bases = baseCases(store);
  const out: ReviewSample[] = [];
  for (const a of readVerified(store, ['ok', 'flagged', 'rejected'])) {
    const tc = parseEvolved(a);
    if (!tc.evolution) continue;
    out.push(buildSample(a, bases.get(tc.evolution.baseCaseId)));
  }
  return out;
}

/** One current sample by id, with its artifact (the page and import need the current hash). */
export function currentArtifacts(store: Store): Map<string, StoredArtifact<unknown>> {
  const out = new Map<string, StoredArtifact<unknown>>();
  for (const a of readVerified(store, ['ok', 'flagged', 'rejected'])) {
    const id = (a.content as { id?: unknown } | null)?.id;
    out.set(typeof id === 'string' ? id : a.itemId, a);
  }
  return out;
}
