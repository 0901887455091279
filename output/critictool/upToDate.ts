/**
 * Whether an output folder already holds exactly what an export would write, so a rerun with
 * nothing changed keeps the files instead of rewriting hundreds of megabytes.
 *
 * Recorded per folder in the store (export_state): the export's fingerprint — the stage's input
 * fingerprint (pipeline/runner.ts: code, config, options, the live output of every upstream stage)
 * plus the review decisions `reviewedCases` applies — and each written file's size, mtime and inode.
 * The folder is current when the fingerprint matches, every recorded file is there unchanged, and
 * no other file of ours (EXPORT_FILES, JSONL_FILES) has appeared. Anything else: write as usual.
 */
import { statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { hashParts } from '../../pipeline/hash.js';
import type { Store } from '../../pipeline/store/store.js';
import { reviewsDigest } from '../review/decisions.js';
import { EXPORT_FILES, JSONL_FILES } from './export.js';

type Stamp = [path: string, size: string, mtimeNs: string, ino: string];

function stamp(outDir: string, path: string): Stamp | undefined {
  try {
    const st = statSync(join(outDir, path), { bigint: true });
    return st.isFile() ? [path, String(st.size), String(st.mtimeNs), String(st.ino)] : undefined;
  } catch {
    return undefined;
  }
}

export function exportFingerprint(store: Store, inputFingerprint: string): string {
  return hashParts(inputFingerprint, reviewsDigest(store));
}

/** The summary of the recorded export when `outDir` still holds exactly its files; otherwise undefined. */
export function currentExport(store: Store, outDir: string, fingerprint: string): string | undefined {
  const dir = resolve(outDir);
  const state = store.exportState(dir);
  if (!state || state.fingerprint !== fingerprint) return undefined;
  const files = JSON.parse(state.files) as Stamp[];
  const recorded = new Set(files.map((f) => f[0]));
  for (const f of files) if (stamp(dir, f[0])?.join('\u0000') !== f.join('\u0000')) return undefined;
  for (const path of [...EXPORT_FILES, ...JSONL_FILES]) if (!recorded.has(path) && stamp(dir, path)) return undefined;
  return state.summary;
}

/** Forget what was recorded for `outDir` (before writing into it: a write that dies must not look current). */
export function forgetExport(store: Store, outDir: string): void {
  store.setExportState(resolve(outDir), null);
}

export function recordExport(store: Store, outDir: string, fingerprint: string, paths: string[], summary: string): void {
  const dir = resolve(outDir);
  const files = paths.map((p) => stamp(dir, p)).filter((s): s is Stamp => !!s);
  // A file that vanished between writing and stamping: record nothing, so the next run writes again.
  if (files.length !== paths.length) return;
  store.setExportState(dir, { fingerprint, files: JSON.stringify(files), summary });
}
