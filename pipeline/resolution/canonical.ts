/**
 * Cache keys for tool calls. Two calls share a cached answer only if an API could not tell them
 * apart, so the canonical form loosens exactly what JSON itself does not carry:
 *
 * - object key order never matters; keys whose value is `undefined` are absent;
 * - numbers compare by value, as Python's `==` does: `5`, `5.0` and `5e0` are one number (a
 *   `PyFloat` box is unwrapped to its value), `-0` is `0`, and integers compare exactly — a bigint
 *   id beyond 2^53 keeps every digit (pipeline/pyValues.ts), so two ids that share a float64 are
 *   two calls;
 * - strings are compared after Unicode NFC normalisation only — no trimming or case folding,
 *   because whitespace and case can matter to an API (file contents, passwords, paths);
 * - types are never coerced: the string `"5"` and the number `5` are different calls, and
 *   `null` is not an absent key;
 * - array order matters.
 *
 * A stateful API's answer also depends on its state, so a key carries a `context`: the empty
 * string for stateless calls, or a hash of the state the call runs in (see `stateContext`).
 */
import { canonicalJson, sha256 } from '../hash.js';
import { exactInt, PyFloat } from '../pyValues.js';

function canonicalValue(value: unknown): unknown {
  if (typeof value === 'number') return Object.is(value, -0) ? 0 : exactInt(value);
  if (typeof value === 'bigint') return exactInt(value);
  if (typeof value === 'string') return value.normalize('NFC');
  if (Array.isArray(value)) return value.map(canonicalValue);
  if (value && typeof value === 'object') {
    // The BFCL backends' PyFloat keeps Python's 10.0-vs-10 distinction; a cache key does not.
    if (value instanceof PyFloat) return canonicalValue(value.value);
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) if (v !== undefined) out[k.normalize('NFC')] = canonicalValue(v);
    return out;
  }
  return value;
}

/** The canonical JSON text of a call's arguments (an unparsed argument string stays a string). */
export function canonicalArgs(args: unknown): string {
  return canonicalJson(canonicalValue(args ?? {}));
}

/** The cache key of a call: tool name, state context and canonical arguments. */
export function cacheKey(tool: string, args: unknown, context = ''): string {
  return sha256(`${tool}\u0000${context}\u0000${canonicalArgs(args)}`);
}

/** The state after one more call, from the state before it (a hash chain: O(1) per call). */
export function nextContext(context: string, call: { name: string; args: unknown }): string {
  return sha256(`${context}\u0000${call.name}\u0000${canonicalArgs(call.args)}`);
}

/**
 * The state a stateful call runs in: the source's hash of the initial state, then every call
 * replayed before it, chained. Two calls with the same context see the same backend state.
 */
export function stateContext(initial: string, history: { name: string; args: unknown }[]): string {
  let context = initial;
  for (const h of history) context = nextContext(context, h);
  return context;
}
