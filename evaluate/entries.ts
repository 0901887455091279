/**
 * The entries of an evaluator JSON file (`{id: sample, …}`), one at a time, without reading the
 * file as one string: our writer (output/critictool/format.ts EvaluatorFileWriter, pythonJson with
 * a 2-space indent) opens the object on a line of its own and starts every entry on a line with
 * exactly two spaces and a quote; deeper lines are indented further, and a JSON string holds no raw
 * newline. Each entry's lines are parsed alone with parsePyJson (Python's json.loads: exact big
 * integers, 5.0 kept a float). A file in any other layout (a foreign one, minified) is read whole.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileLines } from '../pipeline/fileLines.js';
import { parsePyJson } from './python/json.js';
import { PyDict, type PyValue } from './python/value.js';

export interface EntriesResult {
  /** The entries in file order (a repeated key, as in Python, keeps its first place and last value). */
  data: PyDict;
  sha256: string;
}

/** The layout is not ours: the caller reads the file whole. */
class NotOurLayout extends Error {}

/** Reads a whole evaluator file, entry by entry (no string of the whole file), into one PyDict. */
export function readEvaluatorEntries(path: string): EntriesResult {
  const data = new PyDict();
  const sha256 = eachEvaluatorEntry(path, (k, v) => data.set(k, v));
  return { data, sha256 };
}

/**
 * Hands each entry to `onEntry` as it is parsed, holding none of them; returns the file's sha256.
 * A broken entry is an error naming the line it starts on.
 */
export function eachEvaluatorEntry(path: string, onEntry: (key: PyValue, value: PyValue) => void): string {
  try {
    return readByLayout(path, onEntry);
  } catch (err) {
    if (!(err instanceof NotOurLayout)) throw err;
  }
  const bytes = readFileSync(path);
  const value = parsePyJson(bytes.toString('utf8'));
  if (!(value instanceof PyDict)) notAnObject(path);
  for (const [k, v] of (value as PyDict).entries) onEntry(k, v);
  return createHash('sha256').update(bytes).digest('hex');
}

function notAnObject(path: string): never {
  throw new Error(`${path}: not a JSON object keyed by sample id`);
}

function readByLayout(path: string, onEntry: (key: PyValue, value: PyValue) => void): string {
  const hash = createHash('sha256');
  let lineNo = 0;
  let state: 'start' | 'body' | 'closed' = 'start';
  let entry: string[] = [];
  let entryLine = 0;
  const flush = () => {
    if (entry.length === 0) return;
    const last = entry.length - 1;
    if (entry[last].endsWith(',')) entry[last] = entry[last].slice(0, -1);
    let parsed: PyValue;
    try {
      parsed = parsePyJson(`{${entry.join('\n')}}`);
    } catch (err) {
      throw new Error(`${path}: the entry starting on line ${entryLine} is not JSON (${(err as Error).message})`);
    }
    for (const [k, v] of (parsed as PyDict).entries) onEntry(k, v);
    entry = [];
  };
  for (const line of fileLines(path, { hash })) {
    lineNo++;
    if (state === 'start') {
      if (line === '{}') state = 'closed';
      else if (line === '{') state = 'body';
      else throw new NotOurLayout();
    } else if (state === 'body') {
      if (line === '}') {
        flush();
        state = 'closed';
      } else if (line.startsWith('  "')) {
        flush();
        entry.push(line);
        entryLine = lineNo;
      } else if (line.startsWith('  ') && entry.length > 0) entry.push(line);
      else throw new NotOurLayout();
    } else if (line.trim() !== '') throw new NotOurLayout();
  }
  if (state !== 'closed') {
    if (state === 'start') throw new NotOurLayout();
    throw new Error(`${path}: ends inside the object (truncated at line ${lineNo}?)`);
  }
  return hash.digest('hex');
}
