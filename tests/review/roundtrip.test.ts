/**
 * A review round trip through every format: export a queue, decide in the files the way the tools
 * give them back (CSV edited in a spreadsheet, Argilla records with responses, a Label Studio
 * export with annotations), import, release — the decisions show in the release; a decision on a
 * sample that changed since export is stale and does not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Store } from '../../pipeline/store/store.js';
import type { Config } from '../../pipeline/config.js';
import { buildFixture } from './fixtures.js';
import { exportQueue } from '../../output/review/export.js';
import { parseQueueSpec } from '../../output/review/queue.js';
import { importDecisions } from '../../output/review/import.js';
import { parseCsv, writeCsv } from '../../output/review/formats/csv.js';
import { recordDecision, reviewedOutcome } from '../../output/review/decisions.js';
import { publishRelease } from '../../output/release/release.js';
import { loadSamples } from '../../output/review/samples.js';
import { evaluatorFileOf } from '../../output/critictool/export.js';

let dir: string;
let store: Store;
let config: Config;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'forge-review-'));
  ({ store, config } = await buildFixture({ dbPath: join(dir, 'forge.db') }));
});
afterAll(() => {
  store?.close();
  rmSync(dir, { recursive: true, force: true });
});

const hashOf = (id: string) => loadSamples(store).find((s) => s.id === id)!.contentHash;
const reviewCount = () => store.db.prepare('SELECT count(*) FROM reviews').pluck().get() as number;

/** Fills the CSV's decision columns the way a spreadsheet user would. */
function decideCsv(file: string, decisions: Record<string, { decision: string; edited?: string; reviewer?: string; note?: string }>): void {
  const rows = parseCsv(readFileSync(file, 'utf8'));
  const h = rows[0];
  const col = (n: string) => h.indexOf(n);
  for (const row of rows.slice(1)) {
    const d = decisions[row[col('sample_id')]];
    if (!d) continue;
    row[col('decision')] = d.decision;
    row[col('edited_query')] = d.edited ?? '';
    row[col('reviewer')] = d.reviewer ?? '';
    row[col('note')] = d.note ?? '';
  }
  writeFileSync(file, writeCsv(h, rows.slice(1)));
}

describe('review round trip', () => {
  it('exports the flagged queue with base vs evolved text, diffs, verdicts and hashes in all three formats', () => {
    const r = exportQueue(store, { spec: parseQueueSpec('flagged'), formats: ['argilla', 'labelstudio', 'csv'], outDir: join(dir, 'flagged'), seed: config.seed });
    expect(r.samples.map((s) => s.id)).toEqual(['evol-1', 'evol-4', 'evol-7', 'evol-10']);
    expect(r.files.sort()).toEqual(['argilla/.argilla/dataset.json', 'argilla/.argilla/settings.json', 'argilla/records.json', 'labelstudio/config.xml', 'labelstudio/tasks.json', 'review.csv']);

    // The layout rg.Dataset.from_disk reads: .argilla/dataset.json (a DatasetModel), .argilla/settings.json, records.json (an array).
    const model = JSON.parse(readFileSync(join(dir, 'flagged/argilla/.argilla/dataset.json'), 'utf8'));
    expect(Object.keys(model).sort()).toEqual(['allow_extra_metadata', 'distribution', 'guidelines', 'id', 'inserted_at', 'last_activity_at', 'name', 'status', 'updated_at', 'workspace_id']);
    expect(model).toMatchObject({ id: null, name: 'critictool-forge-flagged', status: 'draft', workspace_id: null });
    const settings = JSON.parse(readFileSync(join(dir, 'flagged/argilla/.argilla/settings.json'), 'utf8'));
    expect(settings.questions.map((q: { name: string; settings: { type: string } }) => `${q.name}:${q.settings.type}`)).toEqual(['decision:label_selection', 'edited_query:text', 'note:text']);
    expect(settings.fields.map((f: { name: string }) => f.name)).toContain('inserted_context');
    const records = JSON.parse(readFileSync(join(dir, 'flagged/argilla/records.json'), 'utf8')) as any[];
    expect(Array.isArray(records)).toBe(true);
    for (const rec of records) expect(Object.keys(rec).sort()).toEqual(['_server_id', 'fields', 'id', 'metadata', 'responses', 'suggestions', 'vectors']);
    const long = records.find((x) => x.id === 'evol-1');
    expect(long.metadata.content_hash).toBe(hashOf('evol-1'));
    expect(long.fields.inserted_context).toContain('Earlier I asked about hotels');
    expect(long.suggestions.decision).toEqual({ value: 'reject', score: 1, agent: 'rules:verify-fixture' });

    const tasks = JSON.parse(readFileSync(join(dir, 'flagged/labelstudio/tasks.json'), 'utf8'));
    const extra = tasks.find((t: { data: { sample_id: string } }) => t.data.sample_id === 'evol-7');
    expect(extra.data.tool_changes).toMatch(/added: WeatherAPI.forecast, MathAPI.add/);
    expect(extra.predictions[0]).toMatchObject({ model_version: 'rules:verify-fixture', score: 1, result: [{ from_name: 'decision', type: 'choices', value: { choices: ['reject'] } }] });
    const xml = readFileSync(join(dir, 'flagged/labelstudio/config.xml'), 'utf8');
    expect(xml).toContain('<Choices name="decision" toName="evolved_query"');
    expect(xml).toContain('<TextArea name="edited_query"');

    const csv = parseCsv(readFileSync(join(dir, 'flagged/review.csv'), 'utf8'));
    const noisy = csv.find((r) => r[0] === 'evol-4')!;
    expect(noisy[csv[0].indexOf('base_query')]).toMatch(/^Please book me a flight/);
    expect(noisy[csv[0].indexOf('evolved_query')]).toMatch(/^uh so Please book me a flight/);
  });

  it('applies CSV decisions (accept, reject, edit) with who decided; a bad row is named and the good ones still apply', () => {
    const file = join(dir, 'flagged/review.csv');
    const evolved7 = loadSamples(store).find((s) => s.id === 'evol-7')!.evolvedQuery;
    decideCsv(file, {
      'evol-1': { decision: 'accept', reviewer: 'alice' },
      'evol-4': { decision: 'reject', note: 'the noise changed the task' },
      'evol-7': { decision: 'edit', edited: evolved7.replace('Please', 'Kindly') },
      'evol-10': { decision: 'maybe' },
    });
    const r = importDecisions(store, file, { reviewer: 'bob' });
    expect(r.format).toBe('csv');
    expect(r.applied.map((a) => `${a.sampleId}:${a.decision}:${a.reviewer}`)).toEqual(['evol-1:accept:alice', 'evol-4:reject:bob', 'evol-7:edit:bob']);
    expect(r.errors).toEqual([{ where: 'row 5 (evol-10)', field: 'decision', message: 'unknown decision "maybe" (accept, reject or edit)' }]);
    expect(reviewedOutcome(store, 'evol-7', hashOf('evol-7'))).toMatchObject({ state: 'edit', edit: { field: 'query', value: evolved7.replace('Please', 'Kindly') } });
    const row = store.db.prepare("SELECT reviewer, note, source, decided_at FROM reviews WHERE sample_id = 'evol-4'").get() as Record<string, string>;
    expect(row).toMatchObject({ reviewer: 'bob', note: 'the noise changed the task', source: 'csv:review.csv' });
    expect(row.decided_at).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('re-importing the same file changes nothing', () => {
    const before = reviewCount();
    const r = importDecisions(store, join(dir, 'flagged/review.csv'), { reviewer: 'bob' });
    expect(r.applied).toEqual([]);
    expect(r.duplicates.sort()).toEqual(['evol-1', 'evol-4', 'evol-7']);
    expect(reviewCount()).toBe(before);
  });

  it('a reviewer who changes their mind ends on the last decision; each step is kept', () => {
    const file = join(dir, 'mind.csv');
    const rows = parseCsv(readFileSync(join(dir, 'flagged/review.csv'), 'utf8'));
    writeFileSync(file, writeCsv(rows[0], rows.filter((r) => r[0] === 'evol-10')));
    const step = (decision: string) => {
      decideCsv(file, { 'evol-10': { decision, reviewer: 'mia' } });
      return importDecisions(store, file).applied.length;
    };
    expect([step('accept'), step('reject'), step('accept'), step('accept')]).toEqual([1, 1, 1, 0]);
    expect(reviewedOutcome(store, 'evol-10', hashOf('evol-10'))).toMatchObject({ state: 'accept', decision: { reviewer: 'mia' } });
    expect(store.db.prepare("SELECT decision FROM reviews WHERE sample_id = 'evol-10' ORDER BY id").pluck().all()).toEqual(['accept', 'reject', 'accept']);
    // Back to undecided for what follows: the sample is flagged and unreviewed in the release test.
    store.db.prepare("DELETE FROM reviews WHERE sample_id = 'evol-10'").run();
  });

  it('refuses an edit that drops a ground-truth value, naming the row and field', () => {
    const file = join(dir, 'bad-edit.csv');
    writeFileSync(file, readFileSync(join(dir, 'flagged/review.csv')));
    decideCsv(file, { 'evol-10': { decision: 'edit', edited: 'book me some flight please' } });
    const r = importDecisions(store, file, { reviewer: 'bob' });
    const bad = r.errors.find((e) => e.where.includes('evol-10'))!;
    expect(bad.field).toBe('edited_query');
    expect(bad.message).toMatch(/^edit not applied: query_values_kept: ground-truth values no longer stated: .*"2024-05-\d+"/);
    expect(reviewedOutcome(store, 'evol-10', hashOf('evol-10')).state).toBe('undecided');
  });

  it('reads Label Studio exports (annotations with completed_by) — an accepted sample can be rejected', () => {
    const r = exportQueue(store, { spec: parseQueueSpec('strategy:extra_tools'), formats: ['labelstudio'], outDir: join(dir, 'ls'), seed: config.seed });
    expect(r.samples.map((s) => s.id)).toEqual(['evol-2', 'evol-7', 'evol-12']);
    const tasks = JSON.parse(readFileSync(join(dir, 'ls/labelstudio/tasks.json'), 'utf8'));
    // What Label Studio's JSON export gives back: ids, annotations with results, cancelled ones too.
    const exported = tasks.map((t: Record<string, unknown>, i: number) => ({ id: 100 + i, ...t, annotations: [] as unknown[] }));
    exported[0].annotations.push({
      id: 1,
      completed_by: { id: 7, email: 'carol@example.org' },
      was_cancelled: false,
      created_at: '2026-11-20T10:00:00.000Z',
      updated_at: '2026-11-20T10:05:00.000Z',
      result: [
        { from_name: 'decision', to_name: 'evolved_query', type: 'choices', value: { choices: ['accept'] } },
        { from_name: 'note', to_name: 'evolved_query', type: 'textarea', value: { text: ['fine'] } },
      ],
    });
    exported[2].annotations.push({
      id: 2,
      completed_by: 8,
      was_cancelled: false,
      updated_at: '2026-11-20T11:00:00.000Z',
      result: [{ from_name: 'decision', to_name: 'evolved_query', type: 'choices', value: { choices: ['reject'] } }],
    });
    exported[1].annotations.push({ id: 3, completed_by: 8, was_cancelled: true, result: [] });
    const file = join(dir, 'ls-export.json');
    writeFileSync(file, JSON.stringify(exported));
    const rep = importDecisions(store, file);
    expect(rep.format).toBe('labelstudio');
    expect(rep.applied.map((a) => `${a.sampleId}:${a.decision}:${a.reviewer}`)).toEqual(['evol-2:accept:carol@example.org', 'evol-12:reject:labelstudio-user-8']);
    expect(rep.undecided).toBe(1);
    const at = store.db.prepare("SELECT decided_at FROM reviews WHERE sample_id = 'evol-12'").pluck().get();
    expect(at).toBe('2026-11-20T11:00:00.000Z');
  });

  it('marks a decision on a sample that changed since export as stale, and does not apply it', async () => {
    // Argilla records as they come back (responses per question, per user), taken from the export...
    const lines = JSON.parse(readFileSync(join(dir, 'flagged/argilla/records.json'), 'utf8')) as any[];
    const r10 = lines.find((x) => x.id === 'evol-10');
    r10.responses = { decision: [{ value: 'accept', user_id: 'dave', status: 'submitted' }] };
    const r4 = lines.find((x) => x.id === 'evol-4');
    r4.responses = { decision: [{ value: 'accept', user_id: 'erin', status: 'draft' }] };
    const bad = { ...lines[0], metadata: { ...lines[0].metadata, content_hash: undefined }, responses: { decision: [{ value: 'accept', user_id: 'x' }] } };
    const file = join(dir, 'argilla-back.jsonl');
    writeFileSync(file, [...lines, bad].map((l) => JSON.stringify(l)).join('\n') + '\n');
    // ...after the pipeline was rebuilt and evol-10 and evol-1 changed (their content hashes moved on).
    const oldHash = hashOf('evol-10');
    await buildFixture({ store, mutate: new Set(['evol-10', 'evol-1']) });
    expect(hashOf('evol-10')).not.toBe(oldHash);
    const rep = importDecisions(store, file);
    expect(rep.format).toBe('argilla');
    expect(rep.stale.map((s) => s.sampleId)).toEqual(['evol-10']);
    expect(rep.applied).toEqual([]);
    expect(rep.errors).toEqual([{ where: 'line 5 (evol-1)', field: 'metadata.content_hash', message: 'missing' }]);
    expect(reviewedOutcome(store, 'evol-10', hashOf('evol-10')).state).toBe('undecided');
    // alice's accept of evol-1 was on the old content: stale now.
    expect(reviewedOutcome(store, 'evol-1', hashOf('evol-1')).state).toBe('undecided');
  });

  it('releases with the decisions applied, and without the stale ones', () => {
    // A stale decision blocks the release until someone decides on the current content.
    expect(() => publishRelease(store, config, '1.0.0', { outDir: join(dir, 'release') })).toThrow(/reviewed on content that has changed since: evol-1 \(accept by alice/);
    recordDecision(store, { sampleId: 'evol-1', contentHash: hashOf('evol-1'), decision: 'reject', reviewer: 'alice', source: 'test', decidedAt: '2026-11-23T12:00:00.000Z' });
    const plan = publishRelease(store, config, '1.0.0', { outDir: join(dir, 'release') });
    const evol = readFileSync(join(dir, 'release/jsonl/evol_cases.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    const byId = new Map(evol.map((e) => [e.id, e]));
    expect(byId.has('evol-4')).toBe(false); // flagged, reviewed reject
    expect(byId.has('evol-12')).toBe(false); // accepted by verify, rejected by review
    expect(byId.has('evol-1')).toBe(false); // its accept went stale; rejected again on the current content
    expect(byId.has('evol-10')).toBe(false); // the stale decision was never applied
    expect(byId.has('evol-6')).toBe(false); // rejected by verify
    const review = new Map(plan.selection.evolved.map((s) => [s.id, s.review]));
    expect(review.get('evol-2')).toBe('accepted');
    expect(review.get('evol-0')).toBe('unreviewed-accepted');
    expect(review.get('evol-7')).toBe('edited');
    expect([...review.keys()].sort()).toEqual([...byId.keys()].sort());
    const edited = byId.get('evol-7');
    expect(edited.provenance.methods.review).toBe('review:edit-query');
    expect(edited.messages[1].content).toMatch(/^Kindly book me a flight/);
    // The evaluator's file carries the edit too.
    const official = JSON.parse(readFileSync(join(dir, 'release', evaluatorFileOf(edited)), 'utf8'));
    expect(official['evol-7'].query_prompt[1].content).toMatch(/^Kindly book me a flight/);
    expect(plan.manifest.review).toMatchObject({
      'included: accepted': 1,
      'included: edited': 1,
      'left out: rejected-by-review': 3,
      'left out: flagged-unreviewed': 1,
      'left out: rejected-by-verify': 2,
      'decisions: stale': 1,
    });
  });
});
