/**
 * A plan that makes the very same read again (same tool, same arguments) with no call of the same
 * toolkit changing anything in between: T-Eval 162_0 runs its whole four-step plan twice, 31_1 asks
 * for the Seattle–Portland route a second time, 194_0 shows the inbox three times. The second call
 * can only answer what the first did; a careful model does not make it. Shared by standardize (which
 * leaves the repeat out) and the measure gt_repeats_answered_read.
 */
import { cacheKey } from '../resolution/canonical.js';
import { callChangesState } from '../errors/sideEffects.js';

/** Indices of the calls that repeat an earlier read of the list. */
export function repeatedReads(calls: readonly { name: string; args: unknown }[]): Set<number> {
  const out = new Set<number>();
  const seen = new Set<string>();
  calls.forEach((c, i) => {
    const kit = c.name.split('.')[0];
    if (callChangesState(c.name)) {
      for (const k of [...seen]) if (k.startsWith(`${kit}.`) || !k.includes('.')) seen.delete(k);
      return;
    }
    if (typeof c.args !== 'object' || c.args === null) return;
    const key = `${c.name}|${cacheKey(c.name, c.args as Record<string, unknown>)}`;
    if (seen.has(key)) out.add(i);
    else seen.add(key);
  });
  return out;
}
