/**
 * A text file line by line, read in fixed chunks, synchronously: for files of ours too large to be
 * one JavaScript string (V8 caps a string near 2^29 characters) read by synchronous code (the
 * release's tables, the evaluator's loader). `hash`, when given, sees every byte of the file, so a
 * reader gets the file's sha256 in the same pass. Lines are split on "\n" (a "\r" before it is
 * kept); the last line is yielded even without a final newline, an empty file yields nothing.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import type { Hash } from 'node:crypto';
import { StringDecoder } from 'node:string_decoder';

const CHUNK_BYTES = 1 << 20;

export function* fileLines(path: string, opts: { hash?: Hash } = {}): Generator<string> {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (err) {
    throw new Error(`cannot read ${path}: ${(err as Error).message}`);
  }
  try {
    const buf = Buffer.allocUnsafe(CHUNK_BYTES);
    const decoder = new StringDecoder('utf8');
    let rest = '';
    for (;;) {
      let n: number;
      try {
        n = readSync(fd, buf, 0, CHUNK_BYTES, null);
      } catch (err) {
        throw new Error(`cannot read ${path}: ${(err as Error).message}`);
      }
      if (n === 0) break;
      opts.hash?.update(buf.subarray(0, n));
      const text = rest + decoder.write(buf.subarray(0, n));
      let from = 0;
      for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', from)) {
        yield text.slice(from, nl);
        from = nl + 1;
      }
      rest = text.slice(from);
    }
    rest += decoder.end();
    if (rest !== '') yield rest;
  } finally {
    closeSync(fd);
  }
}

/** The first `n` bytes of a file, without reading the rest (a database's header, a preupload sample). */
export function fileHead(path: string, n: number): Buffer {
  const fd = openSync(path, 'r');
  try {
    const buf = Buffer.alloc(n);
    return buf.subarray(0, readSync(fd, buf, 0, n, 0));
  } finally {
    closeSync(fd);
  }
}
