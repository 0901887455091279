/**
 * `pnpm export sft`: gathers correction samples from observed and simulated errors and writes
 * them as OpenAI chat JSONL and ShareGPT JSONL, split into train and validation by trajectory so
 * no trajectory appears on both sides.
 */
import { replaceDir } from '../atomicDir.js';
import { join } from 'node:path';
import { z } from 'zod';
import type { Store } from '../../pipeline/store/store.js';
import { Rng } from '../../pipeline/rng.js';
import { countTokens, TOKENIZER } from '../../pipeline/tokens.js';
import { Action, ErrorType, ToolResponse, Trajectory } from '../../pipeline/schemas.js';
import { classifyAction } from '../../pipeline/errors/index.js';
import { observedCandidates } from '../../stages/assemble/observed.js';
import { groundTruthAt, type CorrectionSample } from './samples.js';
import { toOpenAIChat } from './openaiChat.js';
import { llamaFactoryDatasetInfo, toShareGpt } from './shareGpt.js';
import { toJson } from '../../pipeline/pyValues.js';
import type { OnProgress } from '../progress.js';

const Resolved = z.object({ trajectory: Trajectory }).passthrough();
// Only the fields this exporter needs from a diversify-internal candidate.
const Candidate = z
  .object({ trajectoryId: z.string(), k: z.number().int().positive(), errorType: ErrorType, erroneousAction: Action, response: ToolResponse, method: z.string().optional() })
  .passthrough();

/**
 * OpenAI's per-example limit for chat fine-tuning of the GPT-4o family (65,536 tokens); longer
 * examples are truncated by the service, which could cut off the trained correction at the end.
 */
export const OPENAI_EXAMPLE_TOKEN_LIMIT = 65_536;

export interface SftExportResult {
  /**
   * longestTokens: o200k_base tokens of the longest line (by bytes), over its serialized JSON — an
   * upper bound on what the model reads. overLimit: lines over OPENAI_EXAMPLE_TOKEN_LIMIT, exact.
   */
  files: Record<string, { lines: number; sha256: string; longestTokens: number; overLimit: number }>;
  counts: { observed: number; simulated: number; train: number; validation: number; trajectoriesTrain: number; trajectoriesValidation: number };
  /** Errors that did not become samples, each with why (never silently). */
  skipped: { itemId: string; reason: string }[];
  tokenizer: string;
}

export function collectSamples(store: Store): { samples: CorrectionSample[]; skipped: SftExportResult['skipped'] } {
  const trajectories = new Map<string, Trajectory>();
  for (const a of store.readStage<unknown>('resolve', ['ok'])) {
    const t = Resolved.parse(a.content).trajectory;
    trajectories.set(t.id, t);
  }
  const samples: CorrectionSample[] = [];
  // Observed errors pass the same gate as the base benchmark's observed cases: an error the
  // environment's failure would hide, or a key/tool error the backend did not complain about, would
  // teach a reflection the feedback does not support.
  const observed = observedCandidates(store.readStage<unknown>('observe', ['ok']));
  const skipped = observed.skipped.map((s) => ({ itemId: `observe:${s.itemId}`, reason: s.reason }));
  for (const { id, candidate: c } of observed.candidates) {
    const trajectory = trajectories.get(c.trajectoryId);
    if (!trajectory) {
      skipped.push({ itemId: id, reason: `trajectory ${c.trajectoryId} is not among resolve's current output` });
      continue;
    }
    samples.push({ id: id.replace(':', '-'), trajectory, k: c.k, errorType: c.errorType, erroneous: c.erroneousAction!, feedback: c.response!, reasons: c.label.reasons, origin: 'observed', method: c.method });
  }
  for (const a of store.readStage<unknown>('diversify-internal', ['ok'])) {
    const parsed = Candidate.safeParse(a.content);
    if (!parsed.success) throw new Error(`diversify-internal artifact ${a.itemId} is not a candidate: ${parsed.error.issues[0]?.path.join('.')}: ${parsed.error.issues[0]?.message}`);
    const c = parsed.data;
    const trajectory = trajectories.get(c.trajectoryId);
    if (!trajectory) {
      skipped.push({ itemId: `diversify-internal:${a.itemId}`, reason: `trajectory ${c.trajectoryId} is not among resolve's current output` });
      continue;
    }
    const verdict = classifyAction(c.erroneousAction, { tools: trajectory.tools, groundTruth: groundTruthAt(trajectory, c.k) });
    samples.push({ id: `simulated-${a.itemId}`, trajectory, k: c.k, errorType: c.errorType, erroneous: c.erroneousAction, feedback: c.response, reasons: verdict.reasons, origin: 'simulated', method: a.method });
  }
  return { samples, skipped };
}

/**
 * Tokenizing every line is the slow part of an export, and a token is at least one byte: only lines
 * longer than the limit in bytes can be over it, so only those (and the longest line) are counted.
 */
/**
 * longestTokens and overLimit (SftExportResult) over the lines of a file as they are written: only
 * the longest line so far is kept; a line is tokenized only when it may be over the limit.
 */
class TokenStats {
  private longest = '';
  private longestBytes = -1;
  overLimit = 0;

  add(line: string): void {
    const bytes = Buffer.byteLength(line);
    if (bytes > this.longestBytes) {
      this.longest = line;
      this.longestBytes = bytes;
    }
    if (bytes > OPENAI_EXAMPLE_TOKEN_LIMIT && countTokens(line) > OPENAI_EXAMPLE_TOKEN_LIMIT) this.overLimit++;
  }

  result(): { longestTokens: number; overLimit: number } {
    return { longestTokens: this.longestBytes < 0 ? 0 : countTokens(this.longest), overLimit: this.overLimit };
  }
}

export function exportSft(store: Store, outDir: string, opts: { seed: number; validationShare: number; onProgress?: OnProgress }): SftExportResult {
  // Steps: collect, four files rendered (two formats × two splits), write.
  const step = (done: number, what: string) => opts.onProgress?.(done, 6, what);
  step(0, 'collecting samples');
  const { samples, skipped } = collectSamples(store);
  const isValidation = (trajectoryId: string) => new Rng(opts.seed, trajectoryId, 'sft-split').float() < opts.validationShare;
  const split = { train: samples.filter((s) => !isValidation(s.trajectory.id)), validation: samples.filter((s) => isValidation(s.trajectory.id)) };
  const files: SftExportResult['files'] = {};
  const result: SftExportResult = {
    files,
    counts: {
      observed: samples.filter((s) => s.origin === 'observed').length,
      simulated: samples.filter((s) => s.origin === 'simulated').length,
      train: split.train.length,
      validation: split.validation.length,
      trajectoriesTrain: new Set(split.train.map((s) => s.trajectory.id)).size,
      trajectoriesValidation: new Set(split.validation.map((s) => s.trajectory.id)).size,
    },
    skipped,
    tokenizer: TOKENIZER,
  };
  if (samples.length === 0) {
    throw new Error(`nothing to export into ${outDir}: no observed or simulated error makes a training sample (${skipped.length} left out); the files already there were left as they were`);
  }
  // All files written into a staging folder line by line and swapped in at once (output/atomicDir.ts);
  // anything else in outDir is kept.
  const owned = new Set<string>();
  replaceDir(
    outDir,
    (dir) => {
      for (const [format, render] of [
        ['openai', toOpenAIChat],
        ['sharegpt', toShareGpt],
      ] as const) {
        for (const [name, list] of Object.entries(split)) {
          const rel = `${format}/${name}.jsonl`;
          step(1 + owned.size, rel);
          const stats = new TokenStats();
          const { sha256 } = dir.stream(rel, (sink) => {
            for (const s of list) {
              const line = toJson(render(s));
              stats.add(line);
              sink.write(line + '\n');
            }
          });
          files[rel] = { lines: list.length, sha256, ...stats.result() };
          owned.add(rel);
        }
      }
      // LLaMA-Factory finds the files through dataset_info.json (copy its entries into data/dataset_info.json).
      dir.writeFile('sharegpt/dataset_info.json', JSON.stringify(llamaFactoryDatasetInfo(Object.keys(split).map((n) => `${n}.jsonl`)), null, 2) + '\n');
      dir.writeFile('sft_manifest.json', JSON.stringify(result, null, 2) + '\n');
      owned.add('sharegpt/dataset_info.json').add('sft_manifest.json');
    },
    { owned: (rel) => owned.has(rel) },
  );
  step(6, 'done');
  return result;
}
