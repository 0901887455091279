/**
 * Type-aware argument values: does a value fit its declared type, and are two values the same
 * once normalised. The label checker and the injectors share these so that "differs from the
 * ground truth" means one thing everywhere.
 */
import type { ParamType, ToolDoc, ToolParam } from '../schemas.js';
import { toJson } from '../pyValues.js';

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Mirrors the official evaluator's `isinstance(value, TYPE_MAP[type])`, seen from JSON: a JS number
 * is accepted for `float` because the exporter writes float-typed numbers as `5.0`; `integer`
 * needs a whole number; booleans are never numbers (unlike Python's bool ⊂ int, the evaluator
 * would still reject a bool where it checks the type name it documents).
 */
export function fitsType(value: unknown, type: ParamType): boolean {
  switch (type) {
    case 'any':
      return true;
    case 'string':
      return typeof value === 'string';
    case 'integer':
      // A bigint is an id beyond 2^53: written with every digit, Python reads it as an int.
      return (typeof value === 'number' && Number.isInteger(value)) || typeof value === 'bigint';
    case 'float':
      return (typeof value === 'number' && Number.isFinite(value)) || typeof value === 'bigint';
    case 'boolean':
      return typeof value === 'boolean';
    case 'array':
      return Array.isArray(value);
    case 'dict':
      return isPlainObject(value);
  }
}

/** Strings compare after trimming and Unicode normalisation; nothing else is loosened. */
function normaliseString(s: string): string {
  return s.normalize('NFC').trim();
}

function closeNumbers(a: number, b: number): boolean {
  if (a === b) return true;
  return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
}

/** Deep equality after normalisation: key order never matters, 5 and 5.0 are one number, "5" and 5 are not. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (typeof a === 'string' && typeof b === 'string') return normaliseString(a) === normaliseString(b);
  if (typeof a === 'number' && typeof b === 'number') return closeNumbers(a, b);
  // Integers beyond 2^53 compare exactly (two ids sharing a float64 are two ids).
  if (typeof a === 'bigint' || typeof b === 'bigint') {
    const exact = (v: unknown) => (typeof v === 'bigint' ? v : typeof v === 'number' && Number.isInteger(v) ? BigInt(v) : undefined);
    const x = exact(a);
    return x !== undefined && x === exact(b);
  }
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => sameValue(x, b[i]));
  if (isPlainObject(a) && isPlainObject(b)) {
    const ka = Object.keys(a).filter((k) => a[k] !== undefined);
    const kb = Object.keys(b).filter((k) => b[k] !== undefined);
    return ka.length === kb.length && ka.every((k) => k in b && sameValue(a[k], b[k]));
  }
  return a === b;
}

/** A short printable form of a value for reasons and logs. */
export function show(value: unknown, max = 60): string {
  const text = value === undefined ? 'undefined' : toJson(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

export interface ParamIndex {
  required: ToolParam[];
  optional: ToolParam[];
  byName: Map<string, ToolParam>;
}

export function paramIndex(doc: ToolDoc): ParamIndex {
  const byName = new Map<string, ToolParam>();
  for (const p of [...doc.required_parameters, ...doc.optional_parameters]) byName.set(p.name, p);
  return { required: doc.required_parameters, optional: doc.optional_parameters, byName };
}

export function findTool(tools: ToolDoc[], name: string): ToolDoc | undefined {
  return tools.find((t) => t.name === name);
}

export function toolkitOf(name: string): string {
  const dot = name.indexOf('.');
  return dot < 0 ? '' : name.slice(0, dot);
}

export function apiOf(name: string): string {
  const dot = name.indexOf('.');
  return dot < 0 ? name : name.slice(dot + 1);
}

/** The allowed values of a parameter: its `enum`, or the `[Enum]: [...]` list BFCL writes into descriptions. */
export function enumOf(param: ToolParam | undefined): unknown[] {
  if (!param) return [];
  if (Array.isArray(param.enum)) return param.enum as unknown[];
  const m = /\[Enum\]:\s*(\[[^\]]*\])/i.exec(param.description);
  if (!m) return [];
  try {
    const values = JSON.parse(m[1]);
    return Array.isArray(values) ? values : [];
  } catch {
    return [];
  }
}
