/**
 * The release as Hugging Face loads it: the card's YAML declares `dataset_info.features` per config,
 * every row of `data/*.jsonl` matches them (one type per column, whatever the case holds), the
 * Parquet files read back to the same rows, and the JSON-string columns hold the rich JSONL's
 * values exactly (big integers with every digit, 5.0 as a float).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { parquetReadObjects } from 'hyparquet';
import type { Store } from '../../pipeline/store/store.js';
import type { Config } from '../../pipeline/config.js';
import { buildFixture } from '../review/fixtures.js';
import { publishRelease } from '../../output/release/release.js';
import { HF_FEATURES, hfRow, HfRowError, PARQUET_ROW_GROUP, parquetBytes, writeHfData, type HfFeature } from '../../output/release/huggingface.js';
import { mkdirSync, writeFileSync } from 'node:fs';
import { pythonJson } from '../../pipeline/pyValues.js';
import { parseJson, PyFloat } from '../../pipeline/pyValues.js';

let dir: string;
let store: Store;
let config: Config;
let out: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'forge-hf-'));
  ({ store, config } = await buildFixture({ dbPath: join(dir, 'a.db') }));
  out = join(dir, 'rel');
  publishRelease(store, config, '1.0.0', { outDir: out, allowQualityBreach: true });
});
afterAll(() => {
  store?.close();
  rmSync(dir, { recursive: true, force: true });
});

function front(card: string): Record<string, any> {
  const m = /^---\n([\s\S]*?)\n---\n/.exec(card);
  expect(m).not.toBeNull();
  return parseYaml(m![1]);
}

function matches(value: unknown, f: HfFeature): boolean {
  if ('list' in f) {
    return Array.isArray(value) && value.every((v) => v && typeof v === 'object' && Object.keys(v).sort().join() === f.list.map((s) => s.name).sort().join() && f.list.every((s) => typeof v[s.name] === 'string'));
  }
  if (f.dtype === 'string') return typeof value === 'string';
  if (f.dtype === 'bool') return typeof value === 'boolean';
  return typeof value === 'number' && Number.isInteger(value);
}

describe('Hugging Face release tables', () => {
  it('declare features in the card that every row of every table matches', () => {
    const yaml = front(readFileSync(join(out, 'README.md'), 'utf8'));
    expect(yaml.annotations_creators).toEqual(['machine-generated']);
    expect(yaml.tags).toContain('synthetic');
    const names = yaml.configs.map((c: { config_name: string }) => c.config_name);
    expect(names).toEqual(['base', 'evolved']);
    for (const info of yaml.dataset_info) {
      // The declared features are exactly the writer's, in order.
      expect(info.features.map((f: { name: string }) => f.name)).toEqual(HF_FEATURES.map((f) => f.name));
      const declared: HfFeature[] = info.features;
      const lines = readFileSync(join(out, `data/${info.config_name}.jsonl`), 'utf8').trim().split('\n');
      expect(info.splits[0].num_examples).toBe(lines.length);
      for (const [i, line] of lines.entries()) {
        const row = JSON.parse(line);
        expect(Object.keys(row)).toEqual(declared.map((f) => f.name));
        for (const f of declared) expect(matches(row[f.name], f), `data/${info.config_name}.jsonl line ${i + 1} field ${f.name}`).toBe(true);
      }
    }
  });

  it('write Parquet that reads back to the JSONL rows, and JSON columns equal to the rich JSONL', async () => {
    for (const [table, rich] of [['base', 'base_cases'], ['evolved', 'evol_cases']]) {
      const jsonlRows = readFileSync(join(out, `data/${table}.jsonl`), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
      const buf = readFileSync(join(out, `data/${table}.parquet`));
      const parquetRows = await parquetReadObjects({ file: buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength) });
      expect(parquetRows).toEqual(jsonlRows);
      const richRows = readFileSync(join(out, `jsonl/${rich}.jsonl`), 'utf8').trim().split('\n').map((l) => parseJson(l, { floats: 'keep' }) as Record<string, unknown>);
      richRows.forEach((r, i) => {
        expect(jsonlRows[i].id).toBe(r.id);
        expect(parseJson(jsonlRows[i].ground_truth, { floats: 'keep' })).toEqual(r.groundTruth);
      });
    }
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'));
    expect(manifest.files.map((f: { path: string }) => f.path)).toEqual(expect.arrayContaining(['data/base.parquet', 'data/base.jsonl', 'data/evolved.parquet']));
  });

  it('keeps exact values in JSON columns and names the row and field of a bad one', () => {
    const row = {
      id: 'x', kind: 'internal', errorType: '', cot: false, source: 'teval', trajectoryId: 't', k: 2,
      messages: [{ role: 'user', content: 'hi' }],
      groundTruth: { name: 'AirbnbSearch.get_property_details', args: { propertyId: 691676460109271194n, budget: new PyFloat(5) } },
      tools: [], provenance: { methods: {}, parents: [] },
    };
    const hf = hfRow(row, 'jsonl/base_cases.jsonl line 3');
    expect(hf.ground_truth).toContain('691676460109271194');
    expect(hf.ground_truth).toContain('5.0');
    expect(hf.erroneous_action).toBe('');
    expect(() => hfRow({ ...row, k: '2' }, 'jsonl/base_cases.jsonl line 3')).toThrow(new HfRowError('jsonl/base_cases.jsonl line 3: field k is "2", not a int32'));
  });

  it('stream a table of several row groups: the same rows and bytes as one in-memory write', async () => {
    const tableDir = join(dir, 'groups');
    mkdirSync(join(tableDir, 'jsonl'), { recursive: true });
    const n = 2 * PARQUET_ROW_GROUP + 17;
    const rich = Array.from({ length: n }, (_, i) => ({
      id: `case-${i}`, kind: 'internal', errorType: '', cot: i % 2 === 0, source: 'teval', trajectoryId: `t${i}`, k: 1 + (i % 5),
      messages: [{ role: 'user', content: `query ${i}` }],
      groundTruth: { name: 'A.b', args: { id: 691676460109271194n + BigInt(i) } },
      tools: [], provenance: { methods: {}, parents: [] },
    }));
    writeFileSync(join(tableDir, 'jsonl/base_cases.jsonl'), rich.map((r) => pythonJson(r, 0) + '\n').join(''));
    const { configs, files } = writeHfData(tableDir);
    expect(configs).toEqual([{ name: 'base', parquet: 'data/base.parquet', jsonl: 'data/base.jsonl', rows: n }]);
    const rows = rich.map((r, i) => hfRow(r, `line ${i + 1}`));
    const buf = readFileSync(join(tableDir, 'data/base.parquet'));
    expect(new Uint8Array(buf)).toEqual(parquetBytes(rows));
    expect(await parquetReadObjects({ file: buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength) })).toEqual(rows);
    expect(readFileSync(join(tableDir, 'data/base.jsonl'), 'utf8')).toBe(rows.map((r) => JSON.stringify(r) + '\n').join(''));
    expect(files.map((f) => [f.path, f.samples])).toEqual([['data/base.parquet', n], ['data/base.jsonl', n]]);
  });
});
