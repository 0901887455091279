/**
 * Lazy item inputs. An item's input does not embed the upstream artifacts its `run` reads: it names
 * each by its content hash and the position of its key among the item's parents. The hash is part
 * of the input, so the item key stays content-addressed (a changed upstream content changes it); the
 * key stays lineage, out of the item key, so an upstream rerun that leaves a content unchanged still
 * invalidates nothing downstream; and the content is read from the store only while the item runs,
 * so a stage never holds every upstream artifact at once.
 */
import type { ArtifactInfo, Store } from './store/store.js';

export interface ArtifactRef {
  /** Index into the item's parents of the artifact's key. */
  parent: number;
  /** The artifact's content hash (Store: sha256 of its canonical JSON). */
  hash: string;
}

/** A reference to the artifact an item lists at `parents[parent]`. */
export function refTo(artifact: Pick<ArtifactInfo, 'key' | 'contentHash'>, parent: number): ArtifactRef {
  if (!artifact.contentHash) throw new Error(`artifact ${artifact.key} has no content to refer to`);
  return { parent, hash: artifact.contentHash };
}

/**
 * The few contents read last, per parse: the items that read one artifact (the cases of one
 * trajectory, the evolved variants of one base case) run close together. Keyed by content hash,
 * so a hit is the same content. Readers share what they get and must not change it in place (as
 * items sharing one upstream object always had to); it is not frozen, because frozen and unfrozen
 * copies of one shape make the code that reads both measurably slower (V8 inline caches).
 */
const RECENT = 32;
const recent = new WeakMap<(content: unknown) => unknown, Map<string, unknown>>();
const asIs = (content: unknown) => content;

/**
 * The content `ref` names, read from the store by the key at `parents[ref.parent]` and passed
 * through `parse` (a schema's parse, say). The stored content must still hash to `ref.hash`.
 */
export function readRef<T = unknown>(store: Store, parents: readonly string[], ref: ArtifactRef, parse: (content: unknown) => T = asIs as (content: unknown) => T): T {
  const key = parents[ref.parent];
  if (key === undefined) throw new Error(`an item input refers to parent ${ref.parent}, but the item has ${parents.length} parents`);
  let cache = recent.get(parse);
  if (!cache) recent.set(parse, (cache = new Map()));
  if (cache.has(ref.hash)) {
    const hit = cache.get(ref.hash) as T;
    // Most recently used last: a Map iterates in insertion order, so the first entry is the oldest.
    cache.delete(ref.hash);
    cache.set(ref.hash, hit);
    return hit;
  }
  const artifact = store.getArtifact(key);
  if (!artifact) throw new Error(`artifact ${key} is not in the store`);
  if (artifact.contentHash !== ref.hash) throw new Error(`artifact ${key} (${artifact.stage} ${artifact.itemId}) changed since its reader was enumerated: content hash ${artifact.contentHash}, expected ${ref.hash}`);
  const value = parse(artifact.content);
  cache.set(ref.hash, value);
  if (cache.size > RECENT) cache.delete(cache.keys().next().value!);
  return value;
}
