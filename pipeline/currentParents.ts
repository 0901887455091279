/**
 * A case's `provenance.parents` as the store knows them now. A stage writes the upstream keys it
 * built a case from into the case's content; a later run that reuses the case while an upstream
 * stage's keys changed (a version bump that left the upstream contents as they were) updates the
 * artifact's parents (the runner's parentUpdates) but cannot rewrite its content: later stages and
 * review decisions are bound to that content's hash. So whatever shows a case reads the parents
 * from the artifact, never from the content.
 */
export function withCurrentParents(content: unknown, parents: readonly string[]): unknown {
  if (content === null || typeof content !== 'object' || Array.isArray(content)) return content;
  const provenance = (content as { provenance?: unknown }).provenance;
  if (provenance === null || typeof provenance !== 'object' || Array.isArray(provenance)) return content;
  const recorded = (provenance as { parents?: unknown }).parents;
  if (Array.isArray(recorded) && recorded.length === parents.length && recorded.every((p, i) => p === parents[i])) return content;
  return { ...content, provenance: { ...provenance, parents: [...parents] } };
}
