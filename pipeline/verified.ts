/**
 * verify's output as its readers see it: each verify artifact (a VerifyRecord, pipeline/schemas.ts)
 * joined with the evolved case it judged (the evolve artifact at its parents[0]), i.e. the evolved
 * TestCase carrying its `verification` — what verify stored whole until it stored the verdict alone.
 * The joined artifact keeps everything of the verify artifact (key, status, reason, method, and its
 * own content hash, which a review decision is bound to); only `content` is the joined case. This is
 * the one place that knows the shape: export, review, release and the reports read verify here.
 */
import { VerifyRecord, type ArtifactStatus } from './schemas.js';
import type { Store, StoredArtifact } from './store/store.js';
import { withCurrentParents } from './currentParents.js';

const FINISHED: ArtifactStatus[] = ['ok', 'flagged', 'rejected'];

export class VerifiedCaseError extends Error {}

/**
 * The evolved case a verify artifact judged, with its verification, as plain content (callers parse
 * it as a TestCase where they need one). Null for an artifact without content (a failed item).
 */
export function verifiedContent(store: Store, a: Pick<StoredArtifact<unknown>, 'key' | 'itemId' | 'parents' | 'content'>): unknown {
  if (a.content === null || a.content === undefined) return null;
  const parsed = VerifyRecord.safeParse(a.content);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new VerifiedCaseError(`verify artifact ${a.itemId} (${a.key.slice(0, 12)}): field ${issue.path.join('.') || '(root)'}: ${issue.message}`);
  }
  const record = parsed.data;
  const evolvedKey = a.parents[0];
  const evolved = evolvedKey === undefined ? undefined : store.getArtifact(evolvedKey);
  if (!evolved) throw new VerifiedCaseError(`verify artifact ${a.itemId} (${a.key.slice(0, 12)}): the evolved case it judged (${evolvedKey ?? 'no parent'}) is not in the store`);
  if (evolved.contentHash !== record.evolvedHash || evolved.content === null || typeof evolved.content !== 'object') {
    throw new VerifiedCaseError(`verify artifact ${a.itemId} (${a.key.slice(0, 12)}): the evolved case ${evolved.itemId} changed since it was verified (content hash ${evolved.contentHash}, verified ${record.evolvedHash}); run verify again`);
  }
  return { ...(withCurrentParents(evolved.content, evolved.parents) as Record<string, unknown>), verification: record.verification };
}

/** A verify artifact with its content joined (verifiedContent). */
export function joinVerified<T = unknown>(store: Store, a: StoredArtifact<unknown>): StoredArtifact<T> {
  return { ...a, content: verifiedContent(store, a) as T };
}

/** Store.iterateStage('verify') with each artifact's content the evolved case it judged, one at a time. */
export function* iterateVerified<T = unknown>(store: Store, statuses: ArtifactStatus[] = FINISHED): Generator<StoredArtifact<T>> {
  for (const a of store.iterateStage<unknown>('verify', statuses)) yield joinVerified<T>(store, a);
}

/** Store.readStage('verify') with each artifact's content the evolved case it judged. */
export function readVerified<T = unknown>(store: Store, statuses: ArtifactStatus[] = FINISHED): StoredArtifact<T>[] {
  return store.readStage<unknown>('verify', statuses).map((a) => joinVerified<T>(store, a));
}
