/**
 * One type per field. An API writes every item of a list, and one field of every record, with one
 * type: `{"rooms": [101, 102]}` or `{"rooms": ["101", "102"]}`, never `["102", 85371]`. A simulated
 * answer mixes them when a value a later call takes (carried, of that call's argument type) lands
 * beside generated ones; the carried value's type is the one the conversation goes on to use, so the
 * generated neighbours take it.
 */
import { isPlainObject, sameValue } from '../errors/values.js';

type Scalar = 'number' | 'string' | 'boolean';

export function scalarType(v: unknown): Scalar | undefined {
  if (typeof v === 'number' || typeof v === 'bigint') return 'number';
  if (typeof v === 'string') return 'string';
  if (typeof v === 'boolean') return 'boolean';
  return undefined;
}

/** `value` written as a `type`, when it can be without changing what it says; undefined when not. */
function asType(value: unknown, type: Scalar): unknown {
  if (scalarType(value) === type) return value;
  if (type === 'string' && (typeof value === 'number' || typeof value === 'bigint')) return String(value);
  if (type === 'number' && typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())) {
    const n = Number(value);
    return Number.isSafeInteger(n) || !/^-?\d+$/.test(value.trim()) ? n : BigInt(value.trim());
  }
  return undefined;
}

/** The type the field keeps: that of a value later calls take, else the first item's. */
function anchorType(values: unknown[], carried: unknown[]): Scalar | undefined {
  const anchor = values.find((v) => carried.some((c) => sameValue(c, v)));
  return scalarType(anchor ?? values.find((v) => scalarType(v) !== undefined));
}

/** Items of another type rewritten to the anchor's (a number that cannot be one keeps its place only if it can). */
function unify(values: unknown[], carried: unknown[]): unknown[] {
  const type = anchorType(values, carried);
  if (!type) return values;
  return values.map((v) => {
    if (scalarType(v) === undefined || scalarType(v) === type) return v;
    const written = asType(v, type);
    return written === undefined ? v : written;
  });
}

/**
 * The answer with every list's scalar items, and every sub-field of a list's records, of one type;
 * `carried` are the values later calls take, whose type wins.
 */
export function oneTypePerField(value: unknown, carried: unknown[] = []): unknown {
  if (Array.isArray(value)) {
    let items = value.map((v) => oneTypePerField(v, carried));
    items = unify(items, carried);
    const records = items.filter(isPlainObject);
    if (records.length > 1) {
      const keys = new Set(records.flatMap((r) => Object.keys(r)));
      for (const key of keys) {
        const unified = unify(records.map((r) => r[key]), carried);
        records.forEach((r, i) => {
          if (key in r) r[key] = unified[i];
        });
      }
    }
    return items;
  }
  if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, oneTypePerField(v, carried)]));
  return value;
}

/**
 * Where an answer gives one field two types: a list mixing numbers and strings, or one sub-field
 * of a list's records written both ways. Undefined when every field keeps one type.
 */
export function mixedTypes(value: unknown, path = ''): string | undefined {
  if (Array.isArray(value)) {
    const types = new Set(value.map(scalarType).filter((t) => t !== undefined));
    if (types.size > 1) return `${path || 'the list'} mixes ${[...types].join(' and ')} items (${value.slice(0, 4).map((v) => JSON.stringify(typeof v === 'bigint' ? String(v) : v)).join(', ')})`;
    const records = value.filter(isPlainObject);
    for (const key of new Set(records.flatMap((r) => Object.keys(r)))) {
      const sub = new Set(records.map((r) => scalarType(r[key])).filter((t) => t !== undefined));
      if (sub.size > 1) return `${path}[].${key} is ${[...sub].join(' in one record and ')} in another`;
    }
    for (const v of value) {
      const why = mixedTypes(v, `${path}[]`);
      if (why) return why;
    }
    return undefined;
  }
  if (isPlainObject(value)) {
    for (const [k, v] of Object.entries(value)) {
      const why = mixedTypes(v, path ? `${path}.${k}` : k);
      if (why) return why;
    }
  }
  return undefined;
}
