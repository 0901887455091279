/**
 * One output file written chunk by chunk: text is encoded and written through a fixed buffer, so no
 * file is ever one JavaScript string (V8 caps a string near 2^29 characters; a large build's
 * evaluator files pass that). The sha256 and byte count are kept as the bytes go out, and the file
 * is fsynced when closed. Writes are synchronous (fd writes): every writer of ours is synchronous,
 * and a sync sink keeps them so. Every error names the file.
 */
import { closeSync, fsyncSync, mkdirSync, openSync, rmSync, writeSync } from 'node:fs';
import { createHash, type Hash } from 'node:crypto';
import { dirname } from 'node:path';

export interface WrittenFile {
  path: string;
  sha256: string;
  bytes: number;
}

export interface FileSink {
  readonly path: string;
  /** Bytes written so far. */
  readonly bytes: number;
  write(data: string | Uint8Array): void;
  /** Flushes, fsyncs and closes; returns the file's sha256 and size. */
  close(): WrittenFile;
  /** Closes and removes the file (after a failed write). */
  abort(): void;
}

// Big enough that a file costs few system calls, small next to the 1 GiB a build may use.
const BUFFER_BYTES = 1 << 20;

export function openFileSink(path: string): FileSink {
  const fail = (err: unknown): never => {
    throw new Error(`cannot write ${path}: ${(err as Error).message}`);
  };
  let fd = -1;
  try {
    mkdirSync(dirname(path), { recursive: true });
    fd = openSync(path, 'w');
  } catch (err) {
    fail(err);
  }
  const hash: Hash = createHash('sha256');
  const buf = Buffer.allocUnsafe(BUFFER_BYTES);
  let used = 0;
  let bytes = 0;
  let open = true;

  const writeOut = (data: Uint8Array, from: number, to: number) => {
    try {
      while (from < to) from += writeSync(fd, data, from, to - from);
    } catch (err) {
      fail(err);
    }
  };
  const flush = () => {
    if (used === 0) return;
    writeOut(buf, 0, used);
    used = 0;
  };
  const ensureOpen = () => {
    if (!open) throw new Error(`cannot write ${path}: already closed`);
  };
  const sink: FileSink = {
    path,
    get bytes() {
      return bytes;
    },
    write(data) {
      ensureOpen();
      if (typeof data === 'string') {
        // A string that fits is encoded straight into the buffer (no intermediate Buffer).
        if (data.length * 3 <= BUFFER_BYTES - used) {
          const n = buf.write(data, used, 'utf8');
          hash.update(buf.subarray(used, used + n));
          used += n;
          bytes += n;
          return;
        }
        data = Buffer.from(data, 'utf8');
      }
      hash.update(data);
      bytes += data.length;
      if (data.length <= BUFFER_BYTES - used) {
        buf.set(data, used);
        used += data.length;
        return;
      }
      flush();
      if (data.length < BUFFER_BYTES) {
        buf.set(data, 0);
        used = data.length;
      } else writeOut(data, 0, data.length);
    },
    close() {
      ensureOpen();
      open = false;
      try {
        flush();
        fsyncSync(fd);
      } catch (err) {
        closeQuietly(fd);
        fail(err);
      }
      try {
        closeSync(fd);
      } catch (err) {
        fail(err);
      }
      return { path, sha256: hash.digest('hex'), bytes };
    },
    abort() {
      if (!open) return;
      open = false;
      closeQuietly(fd);
      rmSync(path, { force: true });
    },
  };
  return sink;
}

function closeQuietly(fd: number): void {
  try {
    closeSync(fd);
  } catch {
    // already failing; the first error is the one to report
  }
}
