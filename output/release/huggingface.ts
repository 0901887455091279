/**
 * The release's Hugging Face tables: `data/{base,evolved}.parquet` and the same rows as
 * `data/{base,evolved}.jsonl`, with `dataset_info.features` declared in the card so every
 * `datasets` version loads them with the same schema.
 *
 * The rich JSONL (`jsonl/*_cases.jsonl`) keeps every field as the pipeline has it, and some fields
 * change type from row to row (`groundTruth` is an action or a pair of actions, `args` an object or
 * the final answer's string, parameter defaults of any type). pyarrow infers a column's type from
 * the first rows and fails on the first row that differs, so here every such field is a JSON string
 * (written exactly: big integers with all their digits, 5.0 as 5.0); only fields of one type stay
 * typed, and `messages` is a list of {role, content} in every row.
 *
 * Both tables are written as the rich JSONL is read, line by line: the Parquet file in row groups of
 * PARQUET_ROW_GROUP rows (one group in memory at a time), the JSONL one row per line.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ByteWriter, ParquetWriter, parquetWriteBuffer } from 'hyparquet-writer';
import { fileLines } from '../../pipeline/fileLines.js';
import { parseJson, pythonJson } from '../../pipeline/pyValues.js';
import { openFileSink, type FileSink } from '../fileSink.js';
import type { ExportFile } from './writer.js';

export type HfDtype = 'string' | 'bool' | 'int32';
export type HfFeature = { name: string; dtype: HfDtype } | { name: string; list: { name: string; dtype: HfDtype }[] };

/** The columns, in order: their `datasets` feature and how a rich JSONL row fills them. */
const SCALARS: { name: string; dtype: HfDtype; from: (r: Record<string, unknown>) => unknown }[] = [
  { name: 'id', dtype: 'string', from: (r) => r.id },
  { name: 'kind', dtype: 'string', from: (r) => r.kind },
  { name: 'error_type', dtype: 'string', from: (r) => r.errorType ?? '' },
  { name: 'environment_error', dtype: 'string', from: (r) => r.environmentError ?? '' },
  { name: 'cot', dtype: 'bool', from: (r) => r.cot },
  { name: 'source', dtype: 'string', from: (r) => r.source },
  { name: 'trajectory_id', dtype: 'string', from: (r) => r.trajectoryId },
  { name: 'k', dtype: 'int32', from: (r) => r.k },
  { name: 'strategy', dtype: 'string', from: (r) => (r.evolution as { strategy?: string } | undefined)?.strategy ?? '' },
  { name: 'base_case_id', dtype: 'string', from: (r) => (r.evolution as { baseCaseId?: string } | undefined)?.baseCaseId ?? '' },
];
/** Fields whose shape varies between rows: one JSON string each ("" when the row has none). */
const JSON_COLUMNS: { name: string; field: string }[] = [
  { name: 'ground_truth', field: 'groundTruth' },
  { name: 'erroneous_action', field: 'erroneousAction' },
  { name: 'tools', field: 'tools' },
  { name: 'provenance', field: 'provenance' },
  { name: 'evolution', field: 'evolution' },
  { name: 'verification', field: 'verification' },
];

export const HF_FEATURES: HfFeature[] = [
  ...SCALARS.map(({ name, dtype }) => ({ name, dtype })),
  { name: 'messages', list: [{ name: 'role', dtype: 'string' as const }, { name: 'content', dtype: 'string' as const }] },
  ...JSON_COLUMNS.map(({ name }) => ({ name, dtype: 'string' as const })),
];

export type HfRow = Record<string, string | boolean | number | { role: string; content: string }[]>;

export class HfRowError extends Error {}

/** One rich JSONL row (a TestCase) as a row of the declared features; `where` names it in errors. */
export function hfRow(row: Record<string, unknown>, where: string): HfRow {
  const out: HfRow = {};
  for (const c of SCALARS) {
    const v = c.from(row);
    const ok = c.dtype === 'string' ? typeof v === 'string' : c.dtype === 'bool' ? typeof v === 'boolean' : typeof v === 'number' && Number.isInteger(v) && Math.abs(v) < 2 ** 31;
    if (!ok) throw new HfRowError(`${where}: field ${c.name} is ${JSON.stringify(v)}, not a ${c.dtype}`);
    out[c.name] = v as string | boolean | number;
  }
  const messages = row.messages;
  if (!Array.isArray(messages) || messages.some((m) => typeof m?.role !== 'string' || typeof m?.content !== 'string')) {
    throw new HfRowError(`${where}: field messages is not a list of {role, content} strings`);
  }
  out.messages = messages.map((m: { role: string; content: string }) => ({ role: m.role, content: m.content }));
  for (const c of JSON_COLUMNS) out[c.name] = row[c.field] === undefined ? '' : pythonJson(row[c.field], 0);
  return out;
}

const PARQUET_TYPE: Record<HfDtype, Record<string, unknown>> = {
  string: { type: 'BYTE_ARRAY', converted_type: 'UTF8' },
  bool: { type: 'BOOLEAN' },
  int32: { type: 'INT32' },
};

/** The Parquet schema of HF_FEATURES: required scalars, messages as a standard 3-level LIST of structs. */
function parquetSchema(): Record<string, unknown>[] {
  const schema: Record<string, unknown>[] = [{ name: 'schema', num_children: HF_FEATURES.length }];
  for (const f of HF_FEATURES) {
    if ('dtype' in f) schema.push({ name: f.name, ...PARQUET_TYPE[f.dtype], repetition_type: 'REQUIRED' });
    else {
      schema.push({ name: f.name, repetition_type: 'REQUIRED', converted_type: 'LIST', num_children: 1 });
      schema.push({ name: 'list', repetition_type: 'REPEATED', num_children: 1 });
      schema.push({ name: 'element', repetition_type: 'REQUIRED', num_children: f.list.length });
      for (const sub of f.list) schema.push({ name: sub.name, ...PARQUET_TYPE[sub.dtype], repetition_type: 'REQUIRED' });
    }
  }
  return schema;
}

export function parquetBytes(rows: HfRow[]): Uint8Array {
  return new Uint8Array(parquetWriteBuffer({ columnData: columnData(rows), schema: parquetSchema() as never, createdBy: 'critictool-forge', rowGroupSize: PARQUET_ROW_GROUP }));
}

/** Rows per Parquet row group: the rows one group holds are all the writer keeps in memory. */
export const PARQUET_ROW_GROUP = 1000;

function columnData(rows: HfRow[]) {
  return HF_FEATURES.map((f) => ({ name: f.name, data: rows.map((r) => r[f.name]) }));
}

/** hyparquet-writer's output buffer, emptied into a file sink after every row group. */
class SinkByteWriter extends ByteWriter {
  constructor(private readonly sink: FileSink) {
    super(1 << 20);
  }

  flush(): void {
    this.sink.write(new Uint8Array(this.buffer, 0, this.index));
    this.index = 0;
  }

  override finish(): void {
    this.flush();
  }
}

/** A Parquet file of HF_FEATURES rows written group by group (same bytes as parquetBytes on the same rows). */
class ParquetTableWriter {
  private readonly pq: ParquetWriter;
  private batch: HfRow[] = [];

  constructor(sink: FileSink) {
    this.pq = new ParquetWriter({ writer: new SinkByteWriter(sink), schema: parquetSchema() as never, createdBy: 'critictool-forge' });
  }

  add(row: HfRow): void {
    this.batch.push(row);
    if (this.batch.length === PARQUET_ROW_GROUP) this.writeBatch();
  }

  end(): void {
    this.writeBatch();
    this.pq.finish();
  }

  private writeBatch(): void {
    if (this.batch.length === 0) return;
    this.pq.write({ columnData: columnData(this.batch), rowGroupSize: PARQUET_ROW_GROUP });
    this.batch = [];
  }
}

export interface HfConfig {
  name: 'base' | 'evolved';
  parquet: string;
  jsonl: string;
  rows: number;
}

const TABLES: { name: HfConfig['name']; from: string }[] = [
  { name: 'base', from: 'jsonl/base_cases.jsonl' },
  { name: 'evolved', from: 'jsonl/evol_cases.jsonl' },
];

/** Writes the tables of every rich JSONL file present in `dir`; returns them and their files. */
export function writeHfData(dir: string): { configs: HfConfig[]; files: ExportFile[] } {
  const configs: HfConfig[] = [];
  const files: ExportFile[] = [];
  for (const t of TABLES) {
    const src = join(dir, t.from);
    if (!existsSync(src)) continue;
    const cfg: HfConfig = { name: t.name, parquet: `data/${t.name}.parquet`, jsonl: `data/${t.name}.jsonl`, rows: 0 };
    const parquet = openFileSink(join(dir, cfg.parquet));
    const jsonl = openFileSink(join(dir, cfg.jsonl));
    try {
      const table = new ParquetTableWriter(parquet);
      let line = 0;
      for (const text of fileLines(src)) {
        line++;
        if (text.trim() === '') continue;
        const row = hfRow(parseJson(text, { floats: 'keep' }) as Record<string, unknown>, `${t.from} line ${line}`);
        table.add(row);
        jsonl.write(JSON.stringify(row) + '\n');
        cfg.rows++;
      }
      table.end();
    } catch (err) {
      parquet.abort();
      jsonl.abort();
      throw err;
    }
    for (const [path, sink] of [[cfg.parquet, parquet], [cfg.jsonl, jsonl]] as const) {
      const { sha256, bytes } = sink.close();
      files.push({ path, sha256, bytes, samples: cfg.rows });
    }
    configs.push(cfg);
  }
  return { configs, files };
}

/** The card's YAML lines for the features (the `dataset_info` block, one entry per config). */
export function datasetInfoYaml(configs: HfConfig[]): string[] {
  const feature = (f: HfFeature): string[] =>
    'dtype' in f ? [`  - name: ${f.name}`, `    dtype: ${f.dtype}`] : [`  - name: ${f.name}`, '    list:', ...f.list.flatMap((s) => [`    - name: ${s.name}`, `      dtype: ${s.dtype}`])];
  return [
    'dataset_info:',
    ...configs.flatMap((c) => [`- config_name: ${c.name}`, '  features:', ...HF_FEATURES.flatMap(feature), '  splits:', '  - name: test', `    num_examples: ${c.rows}`]),
  ];
}
