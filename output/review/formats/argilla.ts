/**
 * Argilla v2, in the folder layout `rg.Dataset.from_disk(path)` reads (argilla's
 * datasets/_io/_disk.py): `.argilla/dataset.json` (the dataset model), `.argilla/settings.json`
 * (what `rg.Settings.to_json` writes: fields, questions, metadata, vectors, guidelines,
 * allow_extra_metadata) and `records.json`, a JSON array of records in the shape of
 * `rg.Record.to_dict()` — `{id, fields, metadata, suggestions: {question: {value, score, agent}},
 * responses: {question: [{value, user_id}]}, vectors, _server_id}` — which `records.from_json` takes.
 * The records exported back (`to_disk` / `to_json` / `to_list`) carry the reviewers' responses,
 * which `readArgilla` reads.
 */
import type { StagingDir } from '../../atomicDir.js';
import { writeJsonArray } from '../../jsonArray.js';
import { EVOLUTION_STRATEGIES } from '../../../pipeline/schemas.js';
import type { ReviewSample } from '../samples.js';
import { isPlainObject } from '../../../pipeline/errors/index.js';
import { decisionLabel, queueRow, suggestion, type FieldError, type ParsedDecisions, type RawDecision } from './common.js';

const textField = (name: string, title: string, required = false) => ({
  name,
  title,
  required,
  settings: { type: 'text', use_markdown: false },
});

export const ARGILLA_GUIDELINES = [
  'Each record is an evolved CRITICTOOL test case next to the base case it came from.',
  'Accept when the evolved case still asks for the same ground-truth action; reject when the',
  'evolution changed the task, dropped a needed value or made the ground truth wrong.',
  'To fix a case instead of rejecting it, choose accept and write the corrected user query in',
  '"edited_query"; it replaces the evolved query in the release and is re-checked on import.',
].join(' ');

export function argillaSettings(): unknown {
  return {
    guidelines: ARGILLA_GUIDELINES,
    questions: [
      {
        name: 'decision',
        title: 'Keep this evolved sample?',
        description: 'accept: ships as is (or with your edited query); reject: left out of the release',
        required: true,
        settings: {
          type: 'label_selection',
          options: [
            { value: 'accept', text: 'accept', description: null },
            { value: 'reject', text: 'reject', description: null },
          ],
          visible_options: null,
        },
      },
      {
        name: 'edited_query',
        title: 'Corrected evolved query (optional)',
        description: 'Leave empty to keep the evolved query as it is',
        required: false,
        settings: { type: 'text', use_markdown: false },
      },
      { name: 'note', title: 'Note', description: null, required: false, settings: { type: 'text', use_markdown: false } },
    ],
    fields: [
      textField('base_query', 'Base query (before evolution)'),
      textField('evolved_query', 'Evolved query', true),
      textField('inserted_context', 'Inserted context'),
      textField('tool_changes', 'Tool list diff'),
      textField('ground_truth', 'Ground truth'),
      textField('judge', 'Judge verdicts'),
      textField('failed_invariants', 'Failed invariants'),
    ],
    vectors: [],
    metadata: [
      { name: 'sample_id', title: 'sample id', visible_for_annotators: true, settings: { type: 'terms', values: null } },
      { name: 'content_hash', title: 'content hash', visible_for_annotators: false, settings: { type: 'terms', values: null } },
      { name: 'strategy', title: 'strategy', visible_for_annotators: true, settings: { type: 'terms', values: [...EVOLUTION_STRATEGIES] } },
      { name: 'outcome', title: 'verify outcome', visible_for_annotators: true, settings: { type: 'terms', values: ['accepted', 'flagged', 'rejected'] } },
      { name: 'kind', title: 'kind', visible_for_annotators: true, settings: { type: 'terms', values: ['internal', 'external'] } },
      { name: 'error_type', title: 'error type', visible_for_annotators: true, settings: { type: 'terms', values: null } },
      { name: 'failed_invariant_count', title: 'failed invariants', visible_for_annotators: true, settings: { type: 'integer', min: null, max: null } },
    ],
    allow_extra_metadata: false,
  };
}

/**
 * `.argilla/dataset.json`: the dataset model `from_disk` creates the dataset from (argilla's
 * `DatasetModel`: the server fills id, workspace and times; `from_disk(name=...)` may rename it).
 */
export function argillaDatasetModel(queue: string): unknown {
  return {
    id: null,
    name: `critictool-forge-${queue.replace(/[^A-Za-z0-9_-]+/g, '-')}`,
    status: 'draft',
    guidelines: ARGILLA_GUIDELINES,
    allow_extra_metadata: false,
    distribution: { strategy: 'overlap', min_submitted: 1 },
    workspace_id: null,
    last_activity_at: null,
    inserted_at: null,
    updated_at: null,
  };
}

/** Writes the files of the `from_disk` layout into `dir` (the queue's `argilla/` folder); returns their paths. */
export function writeArgillaDisk(dir: Pick<StagingDir, 'stream' | 'writeFile'>, prefix: string, queue: string, samples: ReviewSample[]): string[] {
  const files = [`${prefix}.argilla/dataset.json`, `${prefix}.argilla/settings.json`, `${prefix}records.json`];
  dir.writeFile(files[0], JSON.stringify(argillaDatasetModel(queue), null, 2) + '\n');
  dir.writeFile(files[1], JSON.stringify(argillaSettings(), null, 2) + '\n');
  dir.stream(files[2], (sink) => writeJsonArray(sink, samples.map(argillaRecord)));
  return files;
}

export function argillaRecord(s: ReviewSample): unknown {
  const r = queueRow(s);
  return {
    id: s.id,
    fields: {
      base_query: r.base_query,
      evolved_query: r.evolved_query,
      inserted_context: r.inserted_context,
      tool_changes: r.tool_changes,
      ground_truth: r.ground_truth,
      judge: r.judge,
      failed_invariants: r.failed_invariants,
    },
    metadata: {
      sample_id: s.id,
      content_hash: s.contentHash,
      strategy: s.strategy,
      outcome: s.outcome,
      kind: s.kind,
      error_type: r.error_type,
      failed_invariant_count: s.failedInvariants.length,
    },
    suggestions: { decision: suggestion(s) },
    responses: {},
    vectors: {},
    _server_id: null,
  };
}

type Json = Record<string, unknown>;

/** Responses of one question: `[{value, user_id, status?}]` (to_dict) or a flat value (to_list flatten). */
function responsesOf(record: Json, question: string): { value: unknown; user?: string; status?: string }[] {
  const responses = record.responses;
  if (isPlainObject(responses) && Array.isArray(responses[question])) {
    return (responses[question] as unknown[]).filter(isPlainObject).map((r) => ({
      value: r.value,
      user: typeof r.username === 'string' ? r.username : r.user_id != null ? String(r.user_id) : undefined,
      status: typeof r.status === 'string' ? r.status : undefined,
    }));
  }
  // records.to_list(flatten=True) puts "<question>.responses" and "<question>.responses.users" at the top level.
  const flat = record[`${question}.responses`];
  if (Array.isArray(flat)) {
    const users = record[`${question}.responses.users`];
    return flat.map((value, i) => ({ value, user: Array.isArray(users) && users[i] != null ? String(users[i]) : undefined }));
  }
  return [];
}

/** Reads exported Argilla records (a JSON array or JSON lines) with their responses. */
export function readArgilla(records: unknown[]): ParsedDecisions {
  const decisions: RawDecision[] = [];
  const errors: FieldError[] = [];
  let undecided = 0;
  records.forEach((record, i) => {
    const where = `record ${i + 1}`;
    if (!isPlainObject(record)) {
      errors.push({ where, field: '(record)', message: 'not a JSON object' });
      return;
    }
    const meta = isPlainObject(record.metadata) ? record.metadata : record;
    const sampleId = meta.sample_id ?? record.id;
    const contentHash = meta.content_hash;
    if (typeof sampleId !== 'string' || !sampleId) {
      errors.push({ where, field: 'metadata.sample_id', message: 'missing' });
      return;
    }
    if (typeof contentHash !== 'string' || !contentHash) {
      errors.push({ where: `${where} (${sampleId})`, field: 'metadata.content_hash', message: 'missing' });
      return;
    }
    const byUser = new Map<string, { decision?: unknown; edited?: unknown; note?: unknown }>();
    const take = (question: 'decision' | 'edited' | 'note', name: string) => {
      for (const r of responsesOf(record, name)) {
        if (r.status && r.status !== 'submitted') continue; // drafts and discarded responses are not decisions
        const user = r.user ?? '';
        const entry = byUser.get(user) ?? {};
        entry[question] = r.value;
        byUser.set(user, entry);
      }
    };
    take('decision', 'decision');
    take('edited', 'edited_query');
    take('note', 'note');
    if (![...byUser.values()].some((e) => e.decision !== undefined)) {
      undecided++;
      return;
    }
    for (const [user, e] of byUser) {
      const w = `${where} (${sampleId})${user ? ` user ${user}` : ''}`;
      if (e.decision === undefined) continue;
      const label = decisionLabel(e.decision);
      if (!label) {
        errors.push({ where: w, field: 'responses.decision', message: `unknown decision ${JSON.stringify(e.decision)} (accept or reject)` });
        continue;
      }
      if (e.edited !== undefined && e.edited !== null && typeof e.edited !== 'string') {
        errors.push({ where: w, field: 'responses.edited_query', message: 'not text' });
        continue;
      }
      decisions.push({
        where: w,
        sampleId,
        contentHash,
        decision: label,
        ...(typeof e.edited === 'string' && e.edited.trim() ? { editedQuery: e.edited } : {}),
        ...(user ? { reviewer: user } : {}),
        ...(typeof e.note === 'string' && e.note.trim() ? { note: e.note } : {}),
      });
    }
  });
  return { format: 'argilla', decisions, errors, undecided };
}
