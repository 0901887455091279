/**
 * One TestCase as the official CRITICTOOL evaluator reads it. What it reads, per file:
 * - internal files (`LLMEvaluator`): `query_prompt` (message 0 the system prompt it slices the tool
 *   list from and inserts its instructions into), `ground_truth` (the corrected action, whose
 *   `thought` the CoT goal metric reads), `error_type` (one of the four, or "" for a control);
 * - external files (`EnvironmentEvaluator` and test.py's retry loop): `query_prompt` ending with the
 *   failed call's response (re-sent after each retry), `ground_truth` = [retry of a_k, next action].
 * It never reads key order, so every object is written with sorted keys; float-typed arguments are
 * written as floats (`5.0`) because it checks `isinstance(value, float)`.
 */
import type { Action, TestCase } from '../../pipeline/schemas.js';
import { sha256, sortKeysInPlace } from '../../pipeline/hash.js';
import { markFloats, PyFloat } from '../pythonJson.js';

/** Recursively sorted keys; PyFloat markers are kept as they are. */
export function sortKeys(value: unknown): unknown {
  if (value instanceof PyFloat) return value;
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    const keys = Object.keys(value);
    sortKeysInPlace(keys);
    for (const key of keys) {
      const v = (value as Record<string, unknown>)[key];
      if (v !== undefined) out[key] = sortKeys(v);
    }
    return out;
  }
  return value;
}

function groundTruth(tc: TestCase): unknown {
  const mark = (a: Action) => markFloats(a, tc.tools);
  return Array.isArray(tc.groundTruth) ? tc.groundTruth.map(mark) : mark(tc.groundTruth as Action);
}

/** The value stored under the sample id in `{internal,external}_error/*.json`. */
export function evaluatorEntry(tc: TestCase): Record<string, unknown> {
  return sortKeys(evaluatorFields(tc)) as Record<string, unknown>;
}

/** evaluatorEntry's fields before their keys are sorted. */
function evaluatorFields(tc: TestCase): Record<string, unknown> {
  const entry: Record<string, unknown> = {
    query_prompt: tc.messages.map((m) => ({ role: m.role, content: m.content })),
    ground_truth: groundTruth(tc),
  };
  if (tc.kind === 'internal') entry.error_type = tc.errorType;
  return entry;
}

/** An entry as it sits in an evaluator file: one level deep in the file's object. */
export function evaluatorEntryText(tc: TestCase): string {
  return sortedPythonJson(evaluatorFields(tc), 2, 1);
}

/**
 * A whole evaluator file: an object keyed by sample id, 2-space indent, trailing newline. test.py
 * runs the first `--test_num` keys, so samples are ordered by a hash of their id (sortByIdHash):
 * stable across rebuilds, and any prefix is an unbiased sample rather than "all BFCL cases first".
 * Written entry by entry into `out`, exactly as pythonJson would write the whole object, so a file
 * never has to be one string. Cases must come in sortByIdHash order; an id twice is refused (the
 * evaluator's object would keep only one of them).
 */
export class EvaluatorFileWriter {
  private ids = new Set<string>();

  constructor(
    private readonly out: (text: string | Uint8Array) => void,
    private readonly where: string,
  ) {}

  get samples(): number {
    return this.ids.size;
  }

  add(tc: TestCase): void {
    this.addRendered(tc.id, evaluatorEntryText(tc));
  }

  /** A case whose entry is rendered already (evaluatorEntryText), as text or as its UTF-8 bytes. */
  addRendered(id: string, entry: string | Uint8Array): void {
    if (this.ids.has(id)) throw new Error(`${this.where}: sample id ${id} comes twice (the evaluator keys samples by id)`);
    this.out(`${this.ids.size === 0 ? '{\n' : ',\n'}  ${JSON.stringify(id)}: `);
    this.out(entry);
    this.ids.add(id);
  }

  end(): void {
    this.out(this.ids.size === 0 ? '{}\n' : '\n}\n');
  }
}

/** evaluatorFile as one string, for a handful of cases (tests, previews). */
export function evaluatorFile(cases: TestCase[]): string {
  let text = '';
  const w = new EvaluatorFileWriter((t) => (text += typeof t === 'string' ? t : Buffer.from(t).toString('utf8')), 'evaluator file');
  for (const tc of sortByIdHash(cases)) w.add(tc);
  w.end();
  return text;
}

export function sortByIdHash<T extends { id: string }>(items: T[]): T[] {
  const keyed = items.map((item) => ({ item, h: sha256(`sample-order\u0000${item.id}`) }));
  keyed.sort((a, b) => (a.h < b.h ? -1 : a.h > b.h ? 1 : a.item.id < b.item.id ? -1 : 1));
  return keyed.map((k) => k.item);
}

/** One line of the rich JSONL (written in id order, diffable): every field, sorted keys, float-typed ground-truth arguments as floats. */
export function jsonlLine(tc: TestCase): string {
  return sortedPythonJson({ ...tc, groundTruth: groundTruth(tc) }) + '\n';
}

/**
 * `pythonJson(sortKeys(value), indent, depth)` in one walk: keys sorted as they are written, Python's
 * separators (one line: `, ` and `: `; indented: a newline and the indent) written as they are,
 * strings and numbers by JSON.stringify. It makes no sorted copy of the case, does not walk it again
 * to see whether the native serializer may write it, nor rewrites the text afterwards: every case's
 * JSONL line and evaluator entry cost the export those three passes and the garbage of the copy.
 * Same bytes (tests/export compares the two on every kind of value).
 */
export function sortedPythonJson(value: unknown, indent = 0, depth = 0): string {
  if (value instanceof PyFloat) return floatLiteral(value.value);
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return JSON.stringify(value);
    case 'number':
      if (!Number.isFinite(value)) throw new Error(`cannot write ${value} as JSON (Python would read NaN/Infinity, the evaluator would not)`);
      return JSON.stringify(value);
    case 'bigint':
      return value.toString();
    case 'object': {
      const open = indent > 0 ? '\n' + ' '.repeat(indent * (depth + 1)) : '';
      const sep = indent > 0 ? ',' + open : ', ';
      const close = indent > 0 ? '\n' + ' '.repeat(indent * depth) : '';
      if (Array.isArray(value)) {
        if (value.length === 0) return '[]';
        let out = '[' + open;
        for (let i = 0; i < value.length; i++) {
          const v = value[i];
          out += (i === 0 ? '' : sep) + (v === undefined ? 'null' : sortedPythonJson(v, indent, depth + 1));
        }
        return out + close + ']';
      }
      const obj = value as Record<string, unknown>;
      const keys = Object.keys(obj);
      sortKeysInPlace(keys);
      indexKeysFirst(keys);
      let out = '';
      for (const key of keys) {
        const v = obj[key];
        if (v === undefined) continue;
        out += (out === '' ? '{' + open : sep) + JSON.stringify(key) + ': ' + sortedPythonJson(v, indent, depth + 1);
      }
      return out === '' ? '{}' : out + close + '}';
    }
    default:
      throw new Error(`cannot write a ${typeof value} as JSON`);
  }
}

/**
 * The order a sorted copy's keys come back in: an object lists its array-index keys ("0", "17")
 * first, in numeric order, whatever order they were set in, so sortKeys' copy wrote them so.
 */
function indexKeysFirst(keys: string[]): void {
  let any = false;
  for (const k of keys) {
    const c = k.charCodeAt(0);
    if (c >= 48 && c <= 57 && isIndexKey(k)) {
      any = true;
      break;
    }
  }
  if (!any) return;
  const indices = keys.filter(isIndexKey).sort((a, b) => Number(a) - Number(b));
  const rest = keys.filter((k) => !isIndexKey(k));
  keys.splice(0, keys.length, ...indices, ...rest);
}

const isIndexKey = (k: string): boolean => /^(?:0|[1-9]\d*)$/.test(k) && Number(k) < 4294967295;

function floatLiteral(n: number): string {
  if (!Number.isFinite(n)) throw new Error(`cannot write ${n} as JSON (Python would read NaN/Infinity, the evaluator would not)`);
  const s = JSON.stringify(n);
  return /[.eE]/.test(s) ? s : `${s}.0`;
}

export function sortById<T extends { id: string }>(items: T[]): T[] {
  return [...items].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
