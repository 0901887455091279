/**
 * The readers take files as the tools give them back: Argilla's flattened `to_list` records and a
 * wrapped `{records: [...]}` file, Label Studio text areas, CSVs from spreadsheets (BOM, CRLF,
 * quoted newlines), and name file, record and field when something is wrong. Also: queue specs,
 * the manifest's models-per-role lookup.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseCsv, writeCsv } from '../../output/review/formats/csv.js';
import { readArgilla } from '../../output/review/formats/argilla.js';
import { readLabelStudio } from '../../output/review/formats/labelstudio.js';
import { parseReviewFile, ReviewImportError } from '../../output/review/import.js';
import { parseQueueSpec, QueueSpecError } from '../../output/review/queue.js';
import { buildFixture } from './fixtures.js';
import { modelsUsed } from '../../output/release/provenance.js';
import { loadSamples } from '../../output/review/samples.js';
import { SPREADSHEET_CELL_LIMIT, writeCsvQueue } from '../../output/review/formats/csvQueue.js';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'forge-formats-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('CSV', () => {
  it('round-trips commas, quotes and newlines, and reads what spreadsheets write back', () => {
    const rows = [['a,b', 'say "hi"', 'line 1\nline 2'], ['', 'x', 'y']];
    expect(parseCsv(writeCsv(['h1', 'h2', 'h3'], rows))).toEqual([['h1', 'h2', 'h3'], ...rows]);
    expect(parseCsv('\uFEFFsample_id,decision\r\nevol-1,accept\nevol-2,"re\r\nject"\r\n')).toEqual([['sample_id', 'decision'], ['evol-1', 'accept'], ['evol-2', 're\r\nject']]);
    expect(() => parseCsv('a,"b\n')).toThrow(/unterminated quoted field/);
  });

  it('names a missing column and an empty hash', () => {
    const missing = join(dir, 'missing.csv');
    writeFileSync(missing, 'sample_id,decision\nevol-1,accept\n');
    expect(parseReviewFile(missing).errors).toEqual([{ where: 'header', field: 'content_hash', message: 'column missing' }]);
    const empty = join(dir, 'empty.csv');
    writeFileSync(empty, 'sample_id,content_hash,decision,edited_query\nevol-1,,accept,\nevol-2,abc,,\nevol-3,abc,Rejected,\n');
    const parsed = parseReviewFile(empty);
    expect(parsed.errors).toEqual([{ where: 'row 2 (evol-1)', field: 'content_hash', message: 'empty' }]);
    expect(parsed.undecided).toBe(1);
    expect(parsed.decisions).toEqual([{ where: 'row 4 (evol-3)', sampleId: 'evol-3', contentHash: 'abc', decision: 'reject' }]);
  });
});

describe('CSV queue cells past the spreadsheet limit', () => {
  it('are cut with a note naming the file that holds the whole text, and the queue still imports', async () => {
    const { store } = await buildFixture({ dbPath: join(dir, 'cells.db') });
    const samples = loadSamples(store).slice(0, 2);
    const long = 'word '.repeat(10_000); // 50,000 characters
    samples[0] = { ...samples[0], evolvedQuery: long };
    const { csv, cells } = writeCsvQueue(samples);
    const rows = parseCsv(csv);
    const col = rows[0].indexOf('evolved_query');
    expect(rows[1][col].length).toBeLessThanOrEqual(SPREADSHEET_CELL_LIMIT);
    const rel = `review.csv.cells/${samples[0].id}.evolved_query.txt`;
    expect(rows[1][col]).toContain(`the whole 50,000 characters are in ${rel}`);
    expect(cells.get(rel)).toBe(long);
    expect(rows[2][col]).toBe(samples[1].evolvedQuery); // short cells untouched
    for (const row of rows) for (const cell of row) expect(cell.length).toBeLessThanOrEqual(SPREADSHEET_CELL_LIMIT);
    // A reviewer's decision on the cut row still imports: the decision columns are whole.
    rows[1][rows[0].indexOf('decision')] = 'accept';
    const file = join(dir, 'cells.csv');
    writeFileSync(file, writeCsv(rows[0], rows.slice(1)));
    expect(parseReviewFile(file).decisions.map((d) => d.sampleId)).toEqual([samples[0].id]);
    store.close();
  });
});

describe('Argilla records', () => {
  it('reads to_dict records per user, skips drafts, and the flattened to_list shape', () => {
    const parsed = readArgilla([
      {
        id: 'evol-1',
        metadata: { sample_id: 'evol-1', content_hash: 'h1' },
        responses: {
          decision: [{ value: 'accept', user_id: 'u1' }, { value: 'reject', user_id: 'u2', status: 'discarded' }, { value: 'reject', user_id: 'u3' }],
          edited_query: [{ value: 'better query', user_id: 'u1' }],
          note: [{ value: 'meh', user_id: 'u3' }],
        },
      },
      { id: 'evol-2', sample_id: 'evol-2', content_hash: 'h2', 'decision.responses': ['reject'], 'decision.responses.users': ['u9'] },
      { id: 'evol-3', metadata: { sample_id: 'evol-3', content_hash: 'h3' }, responses: {} },
      { id: 'evol-4', metadata: { sample_id: 'evol-4', content_hash: 'h4' }, responses: { decision: [{ value: 'perhaps', user_id: 'u1' }] } },
    ]);
    expect(parsed.decisions).toEqual([
      { where: 'record 1 (evol-1) user u1', sampleId: 'evol-1', contentHash: 'h1', decision: 'accept', editedQuery: 'better query', reviewer: 'u1' },
      { where: 'record 1 (evol-1) user u3', sampleId: 'evol-1', contentHash: 'h1', decision: 'reject', reviewer: 'u3', note: 'meh' },
      { where: 'record 2 (evol-2) user u9', sampleId: 'evol-2', contentHash: 'h2', decision: 'reject', reviewer: 'u9' },
    ]);
    expect(parsed.undecided).toBe(1);
    expect(parsed.errors).toEqual([{ where: 'record 4 (evol-4) user u1', field: 'responses.decision', message: 'unknown decision "perhaps" (accept or reject)' }]);
  });

  it('tells the formats apart by shape; names a line that is not JSON', () => {
    const wrapped = join(dir, 'records.json');
    writeFileSync(wrapped, JSON.stringify({ records: [{ id: 'x', metadata: { sample_id: 'x', content_hash: 'h' }, responses: { decision: [{ value: 'accept', user_id: 'u' }] } }] }));
    expect(parseReviewFile(wrapped)).toMatchObject({ format: 'argilla', decisions: [{ sampleId: 'x', decision: 'accept' }] });
    const ls = join(dir, 'ls.json');
    writeFileSync(ls, JSON.stringify([{ id: 1, data: { sample_id: 'x', content_hash: 'h' }, annotations: [] }]));
    expect(parseReviewFile(ls)).toMatchObject({ format: 'labelstudio', undecided: 1 });
    const jsonl = join(dir, 'broken.jsonl');
    writeFileSync(jsonl, '{"id":"x","metadata":{"sample_id":"x","content_hash":"h"},"responses":{"decision":[{"value":"reject","user_id":"u"}]}}\n{oops\n');
    const parsed = parseReviewFile(jsonl);
    expect(parsed.decisions).toHaveLength(1);
    expect(parsed.errors).toEqual([{ where: 'line 2', field: '(json)', message: expect.stringMatching(/JSON/) }]);
    const notJson = join(dir, 'bad.json');
    writeFileSync(notJson, '{');
    expect(() => parseReviewFile(notJson)).toThrow(ReviewImportError);
    expect(() => parseReviewFile(notJson)).toThrow(/bad\.json: not valid JSON/);
  });
});

describe('Label Studio export', () => {
  it('reads text areas given as a list or a string, and names an annotation with no choice', () => {
    const parsed = readLabelStudio([
      {
        id: 5,
        data: { sample_id: 'evol-7', content_hash: 'h7' },
        annotations: [
          { completed_by: { id: 3, email: 'a@b.c' }, result: [{ from_name: 'decision', value: { choices: ['Accept'] } }, { from_name: 'edited_query', value: { text: ['line one', 'line two'] } }] },
          { completed_by: 4, result: [{ from_name: 'note', value: { text: 'only a note' } }] },
        ],
      },
      { id: 6, annotations: [] },
    ]);
    expect(parsed.decisions).toEqual([{ where: 'task 1 (evol-7) annotation 1', sampleId: 'evol-7', contentHash: 'h7', decision: 'accept', editedQuery: 'line one\nline two', reviewer: 'a@b.c' }]);
    expect(parsed.errors).toEqual([
      { where: 'task 1 (evol-7) annotation 2', field: 'result.decision', message: 'no choice made' },
      { where: 'task 2', field: 'data', message: 'missing (not a Label Studio task)' },
    ]);
  });
});

describe('queue specs and manifest lookups', () => {
  it('parses flagged, sample:N, strategy:X and names what is wrong', () => {
    expect(parseQueueSpec('flagged')).toEqual({ kind: 'flagged' });
    expect(parseQueueSpec('sample:25')).toEqual({ kind: 'sample', n: 25 });
    expect(parseQueueSpec('strategy:noisy_query')).toEqual({ kind: 'strategy', strategy: 'noisy_query' });
    expect(() => parseQueueSpec('sample:0')).toThrow(QueueSpecError);
    expect(() => parseQueueSpec('strategy:louder')).toThrow(/unknown strategy "louder"/);
    expect(() => parseQueueSpec('all')).toThrow(/expected flagged, stale, sample:N or strategy:X/);
  });

  it('lists models per role with the prompt template version, from ok calls behind current artifacts', async () => {
    const { store } = await buildFixture({ n: 3 });
    const artifact = store.readStage('verify')[0];
    const call = (status: string, model: string) =>
      store.recordCall({ kind: 'llm', artifactKey: artifact.key, stage: 'verify', requestHash: `h-${status}-${model}`, role: 'judge', model, request: { model, messages: [], template: { id: 'judge/fig20-23', version: '1' } }, status });
    call('ok', 'gpt-4o-mini');
    call('ok', 'gpt-4o-mini');
    call('error', 'gpt-4o');
    store.recordCall({ kind: 'llm', artifactKey: 'not-current', requestHash: 'x', role: 'judge', model: 'old-model', request: {}, status: 'ok' });
    expect(modelsUsed(store)).toEqual([{ role: 'judge', model: 'gpt-4o-mini', template: 'judge/fig20-23@1', calls: 2 }]);
    store.close();
  });
});
