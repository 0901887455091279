/**
 * A temporary file of text pieces, each read back by its place. A writer that must put the same
 * pieces into several files in several orders (the export: each case's evaluator entry into up to
 * two files in id-hash order, its JSONL line in id order) renders each piece once, in whatever order
 * it reads its input, and keeps only offsets: memory stays flat in data size, and no case is read,
 * validated and rendered again per file.
 */
import { closeSync, mkdtempSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface SpoolRef {
  at: number;
  bytes: number;
}

export class TextSpool {
  private readonly dir: string;
  private fd: number;
  private end = 0;

  constructor(purpose: string) {
    this.dir = mkdtempSync(join(tmpdir(), `forge-${purpose}-`));
    this.fd = openSync(join(this.dir, 'spool'), 'w+');
  }

  put(text: string): SpoolRef {
    const data = Buffer.from(text, 'utf8');
    let written = 0;
    try {
      while (written < data.length) written += writeSync(this.fd, data, written, data.length - written, this.end + written);
    } catch (err) {
      throw new Error(`cannot write the temporary file in ${this.dir}: ${(err as Error).message}`);
    }
    const ref = { at: this.end, bytes: data.length };
    this.end += data.length;
    return ref;
  }

  get(ref: SpoolRef): string {
    return this.bytes(ref).toString('utf8');
  }

  /** A piece as the UTF-8 bytes it was stored as: what a file sink takes without decoding and encoding it again. */
  bytes(ref: SpoolRef): Buffer {
    const buf = Buffer.allocUnsafe(ref.bytes);
    let read = 0;
    while (read < ref.bytes) {
      const n = readSync(this.fd, buf, read, ref.bytes - read, ref.at + read);
      if (n === 0) throw new Error(`the temporary file in ${this.dir} ends before byte ${ref.at + ref.bytes}`);
      read += n;
    }
    return buf;
  }

  /** Closes and removes the file; safe to call twice. */
  dispose(): void {
    if (this.fd >= 0) closeSync(this.fd);
    this.fd = -1;
    rmSync(this.dir, { recursive: true, force: true });
  }
}
