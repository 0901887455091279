/**
 * `pnpm evaluate`: every selected file × mode × sample through the protocol, replies and scores kept
 * per sample in the store. A sample already done (same data, model, file, mode, retry limit and
 * content) is not asked again; a sample cut off mid-way replays its stored rounds and asks only the
 * rest; the LLM layer's cache answers anything asked before. So a killed run, rerun, pays nothing
 * twice, and what one run did is there for `pnpm inspect <sample id>` and `pnpm evaluate report`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { hashParts } from '../pipeline/hash.js';
import { StopRunError } from '../pipeline/llm/types.js';
import { dataIdentity, functionList, jsonlAttrs, loadFile, selectFiles, type EvalFile, type EvalSampleData } from './dataset.js';
import { formatLoadForScoring } from './formatLoad.js';
import { aggregate, scoreExternal, scoreInternal, type SampleScore } from './metrics.js';
import type { Policy } from './policies.js';
import { afterRetry, repeatsFailedCall, withInstructions, type ChatTurn, type EvalMode } from './protocol.js';
import { PyDict, type PyValue, toJsonPretty } from './python/value.js';
import type { EvalRecords } from './records.js';
import type { Similarity } from './similarity.js';

export interface EvaluateOptions {
  dataDir: string;
  files?: string[];
  environmentModes: ('skip' | 'finish')[];
  retryLimit: number;
  /** First N samples of each file (test.py's --test_num). */
  limit?: number;
  concurrency: number;
  policy: Policy;
  /** Whatever besides the policy id changes its replies (sampling parameters). */
  policyFingerprint: string;
  similarity: Similarity;
  /** Null in a dry run: nothing is read back or written. */
  records: EvalRecords | null;
  predictionsOut?: string;
  onSampleDone?: (done: number, total: number) => void;
}

export interface FileResult {
  file: string;
  mode: EvalMode;
  cot: boolean;
  samples: number;
  scored: number;
  failed: number;
  means: Record<string, number | null>;
}

export interface EvaluateResult {
  dataId: string;
  label: string;
  results: FileResult[];
  failures: { file: string; mode: EvalMode; sampleId: string; error: string }[];
  /** Why the run stopped early (budget, refused key), if it did. */
  stopped?: string;
  /** Requests the policy was asked (not replayed from the store). */
  asked: number;
}

interface Task {
  file: EvalFile;
  mode: EvalMode;
  sample: EvalSampleData;
}

interface TaskOutcome {
  score?: SampleScore;
  replies?: string[];
  conversation?: ChatTurn[];
  error?: string;
}

export function sampleKey(dataId: string, policyId: string, fingerprint: string, file: string, sample: EvalSampleData, mode: EvalMode, retryLimit: number): string {
  return hashParts('eval-sample-1', dataId, policyId, fingerprint, file, sample.contentHash, mode, retryLimit);
}

/** The conversation a sample's replies lead to (test.py's mutated query_prompt). */
export function replayConversation(sample: EvalSampleData, mode: EvalMode, cot: boolean, replies: string[], where: string): ChatTurn[] {
  let conversation = withInstructions(sample.messages, mode, cot, where);
  if (mode === 'internal') return conversation;
  const failed = (sample.groundTruth as PyDict[])[0];
  for (const reply of replies) {
    if (repeatsFailedCall(reply, { name: failed.get('name')!, args: failed.get('args')! })) conversation = afterRetry(conversation, reply);
  }
  return conversation;
}

export async function runEvaluation(opts: EvaluateOptions): Promise<EvaluateResult> {
  const identity = dataIdentity(opts.dataDir);
  const dir = identity.dir;
  opts.records?.saveDataset(identity);
  const attrs = jsonlAttrs(dir);
  const files = selectFiles(dir, opts.files).map((path) => loadFile(dir, path, opts.limit, attrs));
  const tasks: Task[] = [];
  for (const file of files) {
    const modes: EvalMode[] = file.kind === 'internal' ? ['internal'] : opts.environmentModes;
    for (const mode of modes) for (const sample of file.samples) tasks.push({ file, mode, sample });
  }

  const outcomes = new Map<Task, TaskOutcome>();
  let stopped: string | undefined;
  let asked = 0;
  let done = 0;

  const runTask = async (task: Task): Promise<TaskOutcome> => {
    const { file, mode, sample } = task;
    const where = `${file.path} sample ${sample.id} (${mode})`;
    const key = sampleKey(identity.dataId, opts.policy.id, opts.policyFingerprint, file.path, sample, mode, opts.retryLimit);
    const records = opts.records;
    const existing = records?.sample(key);
    const stored = records ? records.replies(key) : [];
    const haveScores = existing?.status === 'done' && existing.similarity === opts.similarity.id && existing.scores;
    if (!existing || existing.status !== 'done') {
      records?.begin({ key, dataId: identity.dataId, model: opts.policy.id, file: file.path, sampleId: sample.id, mode, cot: file.cot, retryLimit: opts.retryLimit, attrs: sample.attrs });
    }
    try {
      let conversation = withInstructions(sample.messages, mode, file.cot, where);
      const replies: string[] = [];
      const ask = async (round: number): Promise<string> => {
        const have = stored.find((r) => r.round === round);
        if (have) return have.reply;
        if (existing?.status === 'done') throw new Error(`${where}: marked done but round ${round} is missing from the store`);
        const reply = await opts.policy.reply({ key, sample, mode, cot: file.cot, round, retryLimit: opts.retryLimit, conversation });
        asked++;
        records?.addReply(key, round, reply.text, reply.requestHash ?? null, !!reply.cached);
        return reply.text;
      };
      if (mode === 'internal') {
        replies.push(await ask(0));
      } else {
        const failed = (sample.groundTruth as PyDict[])[0];
        const call = { name: failed.get('name')!, args: failed.get('args')! };
        for (let round = 0; round <= opts.retryLimit; round++) {
          const reply = await ask(round);
          replies.push(reply);
          if (!repeatsFailedCall(reply, call)) break;
          conversation = afterRetry(conversation, reply);
        }
      }
      let score: SampleScore;
      if (haveScores) {
        score = { metrics: JSON.parse(existing!.scores!), errorSample: !!existing!.error_sample };
      } else {
        const tools = functionList(conversation[0].content, where);
        const parsed = replies.map(formatLoadForScoring);
        score =
          mode === 'internal'
            ? await scoreInternal({ errorType: sample.errorType, groundTruth: sample.groundTruth, functionList: tools }, parsed[0], file.cot, opts.similarity, where)
            : await scoreExternal({ groundTruth: sample.groundTruth as [PyValue, PyValue], functionList: tools }, parsed, mode, file.cot, opts.similarity, where);
        records?.finish(key, score.metrics, score.errorSample, opts.similarity.id);
      }
      return { score, replies, conversation };
    } catch (err) {
      if (err instanceof StopRunError) throw err;
      const message = (err as Error).message;
      records?.fail(key, message);
      return { error: message };
    }
  };

  let next = 0;
  const worker = async () => {
    while (!stopped && next < tasks.length) {
      const task = tasks[next++];
      try {
        outcomes.set(task, await runTask(task));
      } catch (err) {
        if (err instanceof StopRunError) {
          stopped ??= err.message;
          return;
        }
        throw err;
      }
      opts.onSampleDone?.(++done, tasks.length);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(opts.concurrency, tasks.length)) }, worker));

  const results: FileResult[] = [];
  const failures: EvaluateResult['failures'] = [];
  for (const file of files) {
    const modes: EvalMode[] = file.kind === 'internal' ? ['internal'] : opts.environmentModes;
    for (const mode of modes) {
      const mine = tasks.filter((t) => t.file === file && t.mode === mode);
      const scores: SampleScore[] = [];
      let failed = 0;
      for (const t of mine) {
        const o = outcomes.get(t);
        if (o?.score) scores.push(o.score);
        else if (o?.error) {
          failed++;
          failures.push({ file: file.path, mode, sampleId: t.sample.id, error: o.error });
        }
      }
      results.push({ file: file.path, mode, cot: file.cot, samples: mine.length, scored: scores.length, failed, means: aggregate(mode, file.cot, scores) });
      if (opts.predictionsOut) writePredictions(opts.predictionsOut, file, mode, opts.environmentModes.length > 1, mine, outcomes);
    }
  }
  return { dataId: identity.dataId, label: identity.label, results, failures, stopped, asked };
}

/**
 * The replies as test.py writes them: the input file's samples (those answered), each with its
 * query_prompt as the run left it (instructions inserted, retry rounds appended) and `predictions` —
 * the reply string (internal) or the list of replies (external). Same relative path under DIR; when
 * both environment modes run, external files go under DIR/skip/ and DIR/finish/.
 */
function writePredictions(out: string, file: EvalFile, mode: EvalMode, bothModes: boolean, tasks: Task[], outcomes: Map<Task, TaskOutcome>): void {
  const data = new PyDict();
  for (const t of tasks) {
    const o = outcomes.get(t);
    if (!o?.replies || !o.conversation) continue;
    const sample = new PyDict();
    const original = t.sample.raw.get('query_prompt') as PyDict[];
    const prompt = o.conversation.map((m, i) => {
      const base = i < original.length ? original[i] : undefined;
      const msg = new PyDict();
      if (base) for (const [k, v] of base.entries) msg.set(k, v);
      msg.set('role', m.role);
      msg.set('content', m.content);
      return msg;
    });
    for (const [k, v] of t.sample.raw.entries) sample.set(k, k === 'query_prompt' ? prompt : v);
    sample.set('predictions', mode === 'internal' ? o.replies[0] : o.replies);
    data.set(t.sample.id, sample);
  }
  const path = join(out, file.kind === 'external' && bothModes ? mode : '', file.path);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, toJsonPretty(data));
}
