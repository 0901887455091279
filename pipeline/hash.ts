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
  return toJson(sortDeep(value));
}

function sortDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortDeep);
  if (value && typeof value === 'object' && !(value instanceof Date) && !(value instanceof PyFloat)) {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value as Record<string, unknown>).sort()) {
      const v = (value as Record<string, unknown>)[key];
      if (v !== undefined) out[key] = sortDeep(v);
    }
    return out;
  }
  if (typeof value === 'number' && !Number.isFinite(value)) {
    throw new Error(`cannot hash non-finite number ${value}`);
  }
  return value;
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
