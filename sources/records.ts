/**
 * What a source adapter yields: a record, or a problem with the file and record it came from (so
 * one broken record is reported and the rest of the source still loads).
 */
import type { CollectRecord } from '../pipeline/schemas.js';
import { readFileSync } from 'node:fs';
import { parseJson } from '../pipeline/pyValues.js';

export interface SourceProblem {
  kind: 'problem';
  id: string;
  sourceFile: string;
  recordId: string;
  code: 'broken_json' | 'malformed_record';
  detail: string;
}

export type SourceItem = CollectRecord | SourceProblem;

/** Reads a JSON-lines file (lossless numbers unless `parse` says otherwise); each broken line becomes a problem naming its line number. */
export function jsonLines(
  text: string,
  file: string,
  idOf: (value: unknown, line: number) => string,
  parse: (line: string) => unknown = parseJson,
): ({ value: unknown; line: number; id: string } | SourceProblem)[] {
  return [...iterateJsonLines(text, file, idOf, parse)];
}

/** jsonLines one line at a time: a reader that keeps little of each record never holds them all parsed. */
export function* iterateJsonLines(
  text: string,
  file: string,
  idOf: (value: unknown, line: number) => string,
  parse: (line: string) => unknown = parseJson,
): Generator<{ value: unknown; line: number; id: string } | SourceProblem> {
  let line = 0;
  for (let at = 0; at <= text.length; ) {
    const nl = text.indexOf('\n', at);
    const end = nl < 0 ? text.length : nl;
    const raw = text.slice(at, end);
    at = end + 1;
    line++;
    if (raw.trim() === '') continue;
    let entry: { value: unknown; line: number; id: string } | SourceProblem;
    try {
      const value = parse(raw);
      entry = { value, line, id: idOf(value, line) };
    } catch (err) {
      entry = { kind: 'problem', id: `${file}#line${line}`, sourceFile: file, recordId: `line ${line}`, code: 'broken_json', detail: (err as Error).message };
    }
    yield entry;
  }
}

export class SourceFileError extends Error {}

/**
 * A whole-file JSON source (T-Eval's plans, reviews and docs, BFCL's executed responses), read
 * losslessly. A file that cannot be read or parsed (truncated, not JSON) is an error naming it, and
 * the line and column where parsing stopped, instead of a bare "Unexpected end of JSON input".
 */
export function readJsonFile(path: string, parse: (text: string) => unknown = parseJson): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new SourceFileError(`cannot read source file ${path}: ${(err as Error).message}`);
  }
  try {
    return parse(text);
  } catch (err) {
    const message = (err as Error).message;
    const at = /position (\d+)/.exec(message);
    const where = at ? ` (line ${text.slice(0, Number(at[1])).split('\n').length})` : text.trim() === '' ? ' (the file is empty)' : '';
    throw new SourceFileError(`source file ${path} is not valid JSON${where}: ${message}`);
  }
}
