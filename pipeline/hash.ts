/**
 * Canonical JSON and content hashes. Keys are sorted so that the same value always has the
 * same bytes, whatever order it was built in; this is what makes item keys content-addressed.
 * Numbers are written losslessly (pipeline/pyValues.ts): a bigint id keeps every digit, so two
 * ids that share a float64 never share a hash, and the store reads back what was written.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { createHash, hash } from 'node:crypto';
import { PyFloat, toJson } from './pyValues.js';

export function canonicalJson(value: unknown): string {
  return canonicalJsonText(value).text;
}

/** canonicalJson, and whether the text needs the lossless parser to read back (a bigint or PyFloat in it). */
export function canonicalJsonText(value: unknown): { text: string; lossless: boolean } {
  const walk = { lossless: false };
  const sorted = sortDeep(value, walk);
  // No bigint and no PyFloat anywhere: toJson would take JSON.stringify after walking the value again.
  return { text: walk.lossless ? toJson(sorted) : JSON.stringify(sorted), lossless: walk.lossless };
}

/**
 * The value with every plain object's keys in sorted order. Copy on write: values read back from
 * the store are canonical already, and copying every one of them was most of what hashing a large
 * item input cost (in allocation and garbage collection). A plain object whose keys are in order
 * and that holds no undefined is returned as it is, and so is an array none of whose members
 * changed; anything else (a class instance, a Map) is copied as before, own enumerable keys only.
 */
function sortDeep(value: unknown, walk: { lossless: boolean }): unknown {
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const v = value[i];
      const s = sortDeep(v, walk);
      if (s !== v && !out) out = value.slice(0, i);
      if (out) out.push(s);
    }
    return out ?? value;
  }
  if (value && typeof value === 'object' && !(value instanceof Date) && !(value instanceof PyFloat)) {
    const obj = value as Record<string, unknown>;
    const sortedKeys = Object.keys(obj);
    const inOrder = sortKeysInPlace(sortedKeys);
    const proto = Object.getPrototypeOf(obj);
    let out: Record<string, unknown> | undefined;
    if ((proto !== Object.prototype && proto !== null) || !inOrder) out = {};
    for (let i = 0; i < sortedKeys.length; i++) {
      const key = sortedKeys[i];
      const v = obj[key];
      const s = v === undefined ? undefined : sortDeep(v, walk);
      if (!out && (s === undefined || s !== v)) {
        // First difference: the copy takes the keys before it as they are.
        out = {};
        for (let j = 0; j < i; j++) out[sortedKeys[j]] = obj[sortedKeys[j]];
      }
      if (out && s !== undefined) out[key] = s;
    }
    return out ?? value;
  }
  if (typeof value === 'number' && !Number.isFinite(value)) {
    throw new Error(`cannot hash non-finite number ${value}`);
  }
  if (typeof value === 'bigint' || value instanceof PyFloat) walk.lossless = true;
  return value;
}

/**
 * Sorts an object's keys (a fresh array, e.g. from Object.keys) in place, in the order Array#sort
 * gives them (UTF-16 code units, as `<` compares strings), and says whether they were in that order
 * already — checked without copying or sorting anything: most objects come in key order (read back
 * from the store), and a sorted copy of every object's keys was a gigabyte of allocation per build.
 */
export function sortKeysInPlace(keys: string[]): boolean {
  let i = 1;
  while (i < keys.length && keys[i - 1] < keys[i]) i++;
  if (i >= keys.length) return true;
  if (keys.length > 16) keys.sort();
  else {
    for (; i < keys.length; i++) {
      const k = keys[i];
      let j = i - 1;
      for (; j >= 0 && keys[j] > k; j--) keys[j + 1] = keys[j];
      keys[j + 1] = k;
    }
  }
  return false;
}

export function sha256(text: string | Buffer): string {
  // The one-shot hash is markedly faster than createHash for the many small inputs item keys are.
  return hash('sha256', text, 'hex');
}

/** sha256 of a file, read in chunks (a file may be larger than one string or buffer should be). */
export function fileSha256(path: string): string {
  const h = createHash('sha256');
  for (const chunk of fileChunks(path)) h.update(chunk);
  return h.digest('hex');
}

function* fileChunks(path: string): Generator<Buffer> {
  const fd = openSync(path, 'r');
  try {
    const buf = Buffer.allocUnsafe(1 << 20);
    for (let n = readSync(fd, buf); n > 0; n = readSync(fd, buf)) yield buf.subarray(0, n);
  } finally {
    closeSync(fd);
  }
}

/** Hash of a value's canonical JSON. */
export function hashValue(value: unknown): string {
  return sha256(canonicalJson(value));
}

/** Hash of several parts, each framed so that ("ab","c") and ("a","bc") differ. */
export function hashParts(...parts: unknown[]): string {
  const h = createHash('sha256');
  for (const part of parts) {
    const s = typeof part === 'string' ? part : canonicalJson(part);
    h.update(String(s.length));
    h.update(':');
    h.update(s);
  }
  return h.digest('hex');
}
