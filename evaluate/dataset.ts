/**
 * An export or a release as the evaluator sees it: every `internal_error/*.json` and
 * `external_error/*.json` under the directory (strategies/<s>/… included), each read with Python's
 * json.loads semantics (ints stay ints, floats floats), every sample checked for what the protocol
 * and the metrics need — a bad one is an error naming the file, the sample and the field.
 * Breakdown attributes (source, step k, error / environment kind, strategy) come from the JSONL
 * beside the files when there is one; CoT from the file name, as run_test.sh decides `--cot`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fg from 'fast-glob';
import { fileSha256, hashParts } from '../pipeline/hash.js';
import { fileLines } from '../pipeline/fileLines.js';
import { readEvaluatorEntries } from './entries.js';
import { parsePyJson } from './python/json.js';
import { literalEval } from './python/literal.js';
import { PyDict, pyStr, type PyValue } from './python/value.js';
import { REMEMBER_LINE, type ChatTurn } from './protocol.js';

export class DatasetError extends Error {}

export interface SampleAttrs {
  errorType?: string;
  environmentError?: string;
  source?: string;
  k?: number;
  strategy: string;
  cot: boolean;
}

export interface EvalSampleData {
  id: string;
  /** The sample exactly as read (for --predictions-out). */
  raw: PyDict;
  messages: ChatTurn[];
  groundTruth: PyValue;
  /** Internal files: "" for a control. */
  errorType: string;
  /** sha256 of the sample's JSON text: a changed sample is new work. */
  contentHash: string;
  attrs: SampleAttrs;
}

export interface EvalFile {
  /** Relative to the data directory, forward slashes. */
  path: string;
  kind: 'internal' | 'external';
  cot: boolean;
  sha256: string;
  samples: EvalSampleData[];
}

export interface DataIdentity {
  /** Hash of every evaluator file's path and bytes: the leaderboard groups models by it. */
  dataId: string;
  /** The release version from manifest.json, else the directory. */
  label: string;
  dir: string;
  files: { path: string; sha256: string }[];
}

const FILE_GLOB = ['**/internal_error/*.json', '**/external_error/*.json'];

export function listEvaluatorFiles(dir: string): string[] {
  if (!existsSync(dir)) throw new DatasetError(`no data directory ${dir} (give an export or a release: pnpm stage export --out DIR)`);
  const files = fg.sync(FILE_GLOB, { cwd: dir, onlyFiles: true, ignore: ['**/node_modules/**'] }).sort();
  if (files.length === 0) throw new DatasetError(`${dir} holds no internal_error/*.json or external_error/*.json files`);
  return files;
}

export function dataIdentity(dir: string): DataIdentity {
  const abs = resolve(dir);
  const files = listEvaluatorFiles(abs).map((path) => ({ path, sha256: fileSha256(join(abs, path)) }));
  let label = abs;
  const manifest = join(abs, 'manifest.json');
  if (existsSync(manifest)) {
    try {
      const version = (JSON.parse(readFileSync(manifest, 'utf8')) as { version?: unknown }).version;
      if (typeof version === 'string') label = `release ${version}`;
    } catch {
      /* not a release manifest we know: the directory names the data */
    }
  }
  return { dataId: hashParts('eval-data-1', files).slice(0, 16), label, dir: abs, files };
}

/** The files --files selects (globs relative to the directory; default: all). */
export function selectFiles(dir: string, patterns: string[] | undefined): string[] {
  const all = listEvaluatorFiles(dir);
  if (!patterns?.length) return all;
  const chosen = new Set(fg.sync(patterns, { cwd: dir, onlyFiles: true }));
  const picked = all.filter((f) => chosen.has(f));
  if (picked.length === 0) throw new DatasetError(`--files ${patterns.join(' ')} matches no evaluator file under ${dir} (there are: ${all.join(', ')})`);
  return picked;
}

function strategyOf(path: string): string {
  const m = /(?:^|\/)strategies\/([^/]+)\//.exec(path);
  if (m) return m[1];
  return /(?:^|\/)evol_data_/.test(path) ? 'mixed' : 'base';
}

/** id → attributes from jsonl/*.jsonl beside the files (absent: none). */
export function jsonlAttrs(dir: string): Map<string, Partial<SampleAttrs>> {
  const out = new Map<string, Partial<SampleAttrs>>();
  for (const file of fg.sync(['jsonl/*.jsonl'], { cwd: dir })) {
    let i = -1;
    for (const line of fileLines(join(dir, file))) {
      i++;
      if (!line.trim()) continue;
      let rec: Record<string, unknown>;
      try {
        rec = JSON.parse(line);
      } catch (err) {
        throw new DatasetError(`${join(dir, file)} line ${i + 1}: not JSON (${(err as Error).message})`);
      }
      if (typeof rec.id !== 'string') continue;
      out.set(rec.id, {
        source: typeof rec.source === 'string' ? rec.source : undefined,
        k: typeof rec.k === 'number' ? rec.k : undefined,
        environmentError: typeof rec.environmentError === 'string' ? rec.environmentError : undefined,
      });
    }
  }
  return out;
}

/** The tool list as get_function_list slices it out of the system prompt (json.loads, then literal_eval). */
export function functionList(systemPrompt: string, where: string): PyValue[] {
  const start = systemPrompt.indexOf('[');
  const endAt = systemPrompt.indexOf('\nTo use a tool');
  // Python: prompt[len(start):-len(end)], with find() giving -1 when a marker is missing.
  const from = start < 0 ? systemPrompt.length - 1 : start;
  const endLen = endAt < 0 ? 1 : systemPrompt.length - endAt;
  const text = endLen === 0 ? '' : systemPrompt.slice(from, systemPrompt.length - endLen);
  let value: PyValue;
  try {
    value = parsePyJson(text);
  } catch {
    try {
      value = literalEval(text);
    } catch (err) {
      throw new DatasetError(`${where}: the tool list cannot be read out of query_prompt[0] (between its first "[" and "\\nTo use a tool"): ${(err as Error).message}`);
    }
  }
  if (!Array.isArray(value)) throw new DatasetError(`${where}: the tool list in query_prompt[0] is not a list`);
  return value;
}

export function loadFile(dir: string, path: string, limit?: number, attrs: Map<string, Partial<SampleAttrs>> = jsonlAttrs(dir)): EvalFile {
  const abs = join(dir, path);
  let data: PyDict;
  let fileHash: string;
  try {
    // Entry by entry: an evaluator file may be larger than one JavaScript string can be.
    ({ data, sha256: fileHash } = readEvaluatorEntries(abs));
  } catch (err) {
    const message = (err as Error).message;
    throw new DatasetError(message.startsWith(abs) ? message : `${abs}: not JSON (${message})`);
  }
  const kind = /(?:^|\/)internal_error\//.test(path) ? 'internal' : 'external';
  const cot = path.endsWith('_w_cot.json');
  const samples: EvalSampleData[] = [];
  const entries = limit !== undefined && limit >= 0 ? data.entries.slice(0, limit) : data.entries;
  for (const [key, value] of entries) {
    const id = pyStr(key);
    const where = `${abs} sample ${id}`;
    if (!(value instanceof PyDict)) throw new DatasetError(`${where}: not an object`);
    const prompt = value.get('query_prompt');
    if (!Array.isArray(prompt) || prompt.length === 0) throw new DatasetError(`${where}: query_prompt is not a non-empty list of messages`);
    const messages = prompt.map((m, i) => {
      const role = m instanceof PyDict ? m.get('role') : undefined;
      const content = m instanceof PyDict ? m.get('content') : undefined;
      if (typeof role !== 'string' || typeof content !== 'string') throw new DatasetError(`${where}: query_prompt[${i}] is not a {role, content} message`);
      return { role, content };
    });
    if (messages[0].role !== 'system' || !messages[0].content.includes(REMEMBER_LINE)) {
      throw new DatasetError(`${where}: query_prompt[0] is not a system prompt holding "${REMEMBER_LINE}"`);
    }
    const groundTruth = value.get('ground_truth');
    if (groundTruth === undefined) throw new DatasetError(`${where}: no ground_truth`);
    let errorType = '';
    if (kind === 'internal') {
      const e = value.get('error_type');
      if (typeof e !== 'string') throw new DatasetError(`${where}: error_type is missing or not a string`);
      errorType = e;
      if (!(groundTruth instanceof PyDict) || !groundTruth.has('name') || !groundTruth.has('args')) throw new DatasetError(`${where}: ground_truth is not an action {name, args}`);
    } else if (!Array.isArray(groundTruth) || groundTruth.length !== 2 || !groundTruth.every((a) => a instanceof PyDict && a.has('name') && a.has('args'))) {
      throw new DatasetError(`${where}: ground_truth is not [retry of the failed call, the next action]`);
    }
    const extra = attrs.get(id) ?? {};
    samples.push({
      id,
      raw: value,
      messages,
      groundTruth,
      errorType,
      contentHash: hashParts('eval-sample-1', id, messages, pyStr(groundTruth), errorType),
      attrs: { ...extra, errorType: kind === 'internal' ? errorType || 'control' : undefined, strategy: strategyOf(path), cot },
    });
  }
  return { path, kind, cot, sha256: fileHash, samples };
}
