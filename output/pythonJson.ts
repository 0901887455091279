/**
 * JSON as Python will read it. The official evaluator checks `isinstance(value, float)` for
 * float-typed parameters, and JavaScript prints 5.0 as `5` (an int to Python), so values of
 * float-typed parameters are marked and written with a decimal point. The writer and the value
 * types live in pipeline/pyValues.ts (one module for the whole pipeline).
 */
import type { Action, ToolDoc } from '../pipeline/schemas.js';
import { PyFloat } from '../pipeline/pyValues.js';

export { PyFloat, pythonJson } from '../pipeline/pyValues.js';

/** Marks the float-typed arguments of an action (by its tool's doc) so the writer keeps them floats. */
export function markFloats(action: Action, tools: ToolDoc[]): unknown {
  if (typeof action.args === 'string') return action;
  const doc = tools.find((t) => t.name === action.name);
  if (!doc) return action;
  const floats = new Set([...doc.required_parameters, ...doc.optional_parameters].filter((p) => p.type === 'float').map((p) => p.name));
  const args: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(action.args)) args[k] = floats.has(k) && (typeof v === 'number' || typeof v === 'bigint') ? new PyFloat(Number(v)) : v;
  return { ...action, args };
}
