/**
 * Output folders replaced in one step. A writer builds the whole folder in a staging folder beside
 * the target (same file system, so rename is atomic), fsyncs every file and folder, then swaps it in:
 * the target is renamed aside to `.<name>.previous-*`, the staging folder renamed onto the target,
 * the previous one removed. A reader sees the old set or the new set, never a mix; a disk-full
 * error or a kill leaves the old set in place. The one window where the target is missing (between
 * the two renames) is closed by `recoverDir`, which every writer runs first: it puts a
 * `.previous-*` back when the target is missing and removes leftover staging folders.
 * The price: room for two copies of the folder while it is replaced.
 */
import { chmodSync, closeSync, existsSync, fsyncSync, linkSync, lstatSync, mkdirSync, mkdtempSync, openSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { openFileSink, type FileSink, type WrittenFile } from './fileSink.js';

export { openFileSink, type FileSink, type WrittenFile };

const PARTIAL = 'partial';
const PREVIOUS = 'previous';

/** The leftovers of an interrupted writer of `target`, by kind. */
function leftovers(target: string): { partial: string[]; previous: string[] } {
  const parent = dirname(target);
  const name = basename(target);
  if (!existsSync(parent)) return { partial: [], previous: [] };
  const entries = readdirSync(parent);
  const pick = (kind: string) => entries.filter((e) => e.startsWith(`.${name}.${kind}-`)).map((e) => join(parent, e));
  return { partial: pick(PARTIAL), previous: pick(PREVIOUS) };
}

/**
 * Finishes or rolls back an interrupted swap of `target`: a missing target gets its previous
 * content back; staging and previous folders are removed. Returns what it did, one line each.
 */
export function recoverDir(target: string): string[] {
  const full = resolve(target);
  const { partial, previous } = leftovers(full);
  const notes: string[] = [];
  if (!existsSync(full) && previous.length > 0) {
    const newest = previous.sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
    renameSync(newest, full);
    notes.push(`restored ${full} from an interrupted replacement`);
    previous.splice(previous.indexOf(newest), 1);
  }
  for (const dir of [...partial, ...previous]) {
    rmSync(dir, { recursive: true, force: true });
    notes.push(`removed ${dir} left by an interrupted write`);
  }
  return notes;
}

/** A fresh staging folder beside `target` (after recovering any interrupted write of it). */
export function stagingDirFor(target: string): string {
  const full = resolve(target);
  mkdirSync(dirname(full), { recursive: true });
  recoverDir(full);
  const dir = mkdtempSync(join(dirname(full), `.${basename(full)}.${PARTIAL}-`));
  // mkdtemp makes the folder private (0700); once swapped in it is an ordinary output folder.
  chmodSync(dir, 0o777 & ~process.umask());
  return dir;
}

/** Writes and fsyncs one file; an error names the file. */
export function writeFileDurably(path: string, data: string | Uint8Array): WrittenFile {
  return streamInto(openFileSink(path), (sink) => sink.write(data));
}

function streamInto(sink: FileSink, fill: (sink: FileSink) => void): WrittenFile {
  try {
    fill(sink);
  } catch (err) {
    sink.abort();
    throw err;
  }
  return sink.close();
}

function fsyncDir(dir: string): void {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** fsyncs every folder of a tree (files are fsynced as they are written). */
function fsyncTree(dir: string): void {
  for (const e of readdirSync(dir, { withFileTypes: true })) if (e.isDirectory()) fsyncTree(join(dir, e.name));
  fsyncDir(dir);
}

/** Hard-links every file of `from` that `owned` does not claim and `to` lacks (no data copied). */
function carryOver(from: string, to: string, owned: (rel: string) => boolean, rel = ''): void {
  for (const e of readdirSync(join(from, rel), { withFileTypes: true })) {
    const r = rel ? `${rel}/${e.name}` : e.name;
    const dst = join(to, r);
    if (e.isDirectory()) {
      carryOver(from, to, owned, r);
    } else if (!owned(r) && !existsSync(dst)) {
      mkdirSync(dirname(dst), { recursive: true });
      if (lstatSync(join(from, r)).isSymbolicLink()) continue;
      linkSync(join(from, r), dst);
    }
  }
}

/**
 * Swaps a fully written staging folder onto `target`. Files in the old target that `owned` does
 * not claim (someone else's) are kept; files it claims disappear unless the staging folder has them.
 */
export function swapInto(staging: string, target: string, opts: { owned?: (rel: string) => boolean } = {}): void {
  const full = resolve(target);
  if (existsSync(full)) {
    if (!statSync(full).isDirectory()) throw new Error(`${full} exists and is not a folder`);
    if (opts.owned) carryOver(full, staging, opts.owned);
  }
  fsyncTree(staging);
  let previous: string | undefined;
  if (existsSync(full)) {
    previous = mkdtempSync(join(dirname(full), `.${basename(full)}.${PREVIOUS}-`));
    rmSync(previous, { recursive: true });
    renameSync(full, previous);
  }
  renameSync(staging, full);
  fsyncDir(dirname(full));
  if (previous) rmSync(previous, { recursive: true, force: true });
}

/** A staging folder being filled: files are opened by path relative to it and streamed in. */
export interface StagingDir {
  readonly path: string;
  /** A new file at `rel` (forward slashes), written chunk by chunk; close it to fsync it. */
  open(rel: string): FileSink;
  /** A file written by `fill` through a sink, closed after it (removed if `fill` throws). */
  stream(rel: string, fill: (sink: FileSink) => void): WrittenFile;
  /** A whole small file at once. */
  writeFile(rel: string, data: string | Uint8Array): WrittenFile;
}

export function stagingDir(path: string): StagingDir {
  return {
    path,
    open: (rel) => openFileSink(join(path, rel)),
    stream: (rel, fill) => streamInto(openFileSink(join(path, rel)), fill),
    writeFile: (rel, data) => writeFileDurably(join(path, rel), data),
  };
}

/**
 * Replaces `target` with what `fill` writes into a staging folder, atomically as above. Files of
 * the old target that `owned` does not claim are kept (by default none are: the folder is the
 * writer's). A throw from `fill` leaves the old target untouched; its result is returned.
 */
export function replaceDir<T>(target: string, fill: (dir: StagingDir) => T, opts: { owned?: (rel: string) => boolean } = {}): T {
  const staging = stagingDirFor(target);
  try {
    const result = fill(stagingDir(staging));
    swapInto(staging, target, opts);
    return result;
  } finally {
    if (existsSync(staging)) rmSync(staging, { recursive: true, force: true });
  }
}
