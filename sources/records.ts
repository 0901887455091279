/**
 * What a source adapter yields: a record, or a problem with the file and record it came from (so
 * one broken record is reported and the rest of the source still loads).
 */
import type { CollectRecord } from '../pipeline/schemas.js';
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
  const out: ({ value: unknown; line: number; id: string } | SourceProblem)[] = [];
  text.split('\n').forEach((raw, i) => {
    const line = i + 1;
    if (raw.trim() === '') return;
    try {
      const value = parse(raw);
      out.push({ value, line, id: idOf(value, line) });
    } catch (err) {
      out.push({ kind: 'problem', id: `${file}#line${line}`, sourceFile: file, recordId: `line ${line}`, code: 'broken_json', detail: (err as Error).message });
    }
  });
  return out;
}
