/**
 * Source type names → the evaluator's type set (string integer float boolean array dict any), and
 * ground-truth values made to agree with the declared type (the evaluator scores with Python's
 * isinstance, so an integer parameter must never hold a string).
 */
import type { ParamType } from '../../pipeline/schemas.js';
import { pyInt, toJson } from '../../pipeline/pyValues.js';
import { withArticle } from '../../pipeline/quality/grammar.js';

const DIRECT: Record<string, ParamType> = {
  string: 'string',
  str: 'string',
  integer: 'integer',
  int: 'integer',
  float: 'float',
  number: 'float',
  boolean: 'boolean',
  bool: 'boolean',
  array: 'array',
  list: 'array',
  tuple: 'array',
  dict: 'dict',
  object: 'dict',
  any: 'any',
  STRING: 'string',
  FLOAT: 'float',
  BOOLEAN: 'boolean',
  ARRAY: 'array',
  DICT: 'dict',
  OBJECT: 'dict',
};

/**
 * T-Eval's NUMBER covers both: integer unless a ground-truth value is non-integral or the
 * parameter plainly holds a measure (coordinates, prices...).
 */
export function mapType(sourceType: string, hints: { nonIntegralSeen: boolean; description: string; name: string }): { type: ParamType; why: string } {
  if (sourceType === 'NUMBER') {
    if (hints.nonIntegralSeen) return { type: 'float', why: 'NUMBER with non-integral ground-truth values' };
    if (/\b(latitude|longitude|price|amount|rate|percent|ratio|lat|lng|lon)\b/i.test(`${hints.name} ${hints.description}`)) {
      return { type: 'float', why: 'NUMBER describing a measure' };
    }
    return { type: 'integer', why: 'NUMBER with integral values' };
  }
  const t = DIRECT[sourceType] ?? DIRECT[sourceType.toLowerCase()];
  if (!t) throw new Error(`unknown source type "${sourceType}"`);
  return { type: t, why: sourceType === t ? 'same' : `${sourceType} is ${t}` };
}

export class CoercionError extends Error {}

/** The value as the declared type, or a CoercionError when no faithful conversion exists. */
export function coerce(value: unknown, type: ParamType): unknown {
  switch (type) {
    case 'any':
      return value;
    case 'string':
      if (typeof value === 'string') return value;
      if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
      break;
    case 'integer':
      if ((typeof value === 'number' && Number.isInteger(value)) || typeof value === 'bigint') return value;
      // Every digit kept: an id beyond 2^53 stays that id (a bigint), as Python's int() keeps it.
      if (typeof value === 'string' && /^[+-]?\d+$/.test(value.trim())) return pyInt(value.trim().replace(/^\+/, ''));
      break;
    case 'float':
      if (typeof value === 'number') return value;
      if (typeof value === 'bigint') return Number(value);
      if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
      break;
    case 'boolean':
      if (typeof value === 'boolean') return value;
      if (value === 'true' || value === 'True') return true;
      if (value === 'false' || value === 'False') return false;
      break;
    case 'array':
      if (Array.isArray(value)) return value;
      break;
    case 'dict':
      if (value && typeof value === 'object' && !Array.isArray(value)) return value;
      break;
  }
  throw new CoercionError(`cannot make ${toJson(value)} ${withArticle(type)}`);
}
