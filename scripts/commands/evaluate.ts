/**
 * `pnpm evaluate --data DIR --model NAME|baseline:<name>` scores a model (or a model-free baseline)
 * on an export or a release with the official CRITICTOOL protocol and metrics (evaluate/);
 * `pnpm evaluate report [--json]` prints the paper's Table-2 layout per model and a leaderboard.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { CommandModule } from 'yargs';
import { loadConfig } from '../../pipeline/config.js';
import { createGateway } from '../../pipeline/llm/index.js';
import { DryRunGateway, formatDryRun } from '../../pipeline/llm/dryRun.js';
import { baseUrlFor } from '../../pipeline/llm/openai.js';
import { DEFAULT_DB } from '../../pipeline/session.js';
import { hashValue } from '../../pipeline/hash.js';
import { Store, StoreError } from '../../pipeline/store/store.js';
import { BASELINES, baselinePolicy, modelPolicy, type Policy } from '../../evaluate/policies.js';
import { EvalRecords, hasEvalTables } from '../../evaluate/records.js';
import { runEvaluation, type EvaluateResult } from '../../evaluate/runner.js';
import { EmbeddingSimilarity, LexicalSimilarity, type Similarity } from '../../evaluate/similarity.js';
import { printReport } from '../../evaluate/report.js';
import type { CommonArgs } from './common.js';

export interface EvaluateArgs extends CommonArgs {
  action: 'run' | 'report';
  data?: string;
  model?: string;
  files?: string[];
  'environment-mode': 'skip' | 'finish' | 'both';
  'retry-limit': number;
  'max-tokens': number;
  limit?: number;
  concurrency?: number;
  'max-cost'?: number;
  'dry-run'?: boolean;
  embeddings?: string;
  'predictions-out'?: string;
  json?: boolean;
  out?: string;
  progress: boolean;
}

function fmt(v: number | null): string {
  return v === null ? '—' : (100 * v).toFixed(2);
}

export function printRun(result: EvaluateResult, policy: string, print: (l: string) => void = console.log): void {
  print(`${policy} on ${result.label} (data ${result.dataId}); ${result.asked} request(s) made this run`);
  for (const r of result.results) {
    const metrics = Object.entries(r.means).map(([k, v]) => `${k} ${fmt(v)}`).join('  ');
    print(`  ${r.file} [${r.mode}] ${r.scored}/${r.samples} scored${r.failed ? `, ${r.failed} failed` : ''}: ${metrics}`);
  }
  for (const f of result.failures.slice(0, 20)) print(`  failed: ${f.file} [${f.mode}] ${f.sampleId}: ${f.error}`);
  if (result.failures.length > 20) print(`  … and ${result.failures.length - 20} more failures (pnpm inspect <sample id>)`);
  if (result.stopped) print(`stopped: ${result.stopped} (rerun to resume; nothing done is asked again)`);
}

async function run(args: EvaluateArgs): Promise<void> {
  if (!args.data) throw new Error('--data DIR is required (an export or a release directory)');
  if (!args.model) throw new Error(`--model NAME is required (a model name, or one of ${BASELINES.join(', ')})`);
  if (!Number.isInteger(args['retry-limit']) || args['retry-limit'] < 0) throw new Error('--retry-limit must be an integer ≥ 0');
  const isBaseline = args.model.startsWith('baseline:');
  if (isBaseline && !(BASELINES as readonly string[]).includes(args.model)) throw new Error(`unknown baseline ${args.model} (there are: ${BASELINES.join(', ')})`);
  const config = loadConfig(args.config, { seed: args.seed, llmMode: isBaseline ? 'offline' : 'openai' });
  // The official API wrapper's sampling settings.
  config.llm.temperature = 0;
  config.llm.maxTokens = args['max-tokens'];
  config.llm.models['observed-model'] = args.model;
  // A config that keeps the model-under-test role on the rules would answer with the ground truth: never here.
  config.llm.offlineRoles = config.llm.offlineRoles.filter((r) => r !== 'observed-model');
  if (args.concurrency !== undefined) config.llm.concurrency = args.concurrency;
  if (args['max-cost'] !== undefined) config.llm.maxCost = args['max-cost'];
  const dbPath = resolve(args.db ?? process.env.FORGE_DB ?? DEFAULT_DB);
  const dryRun = !!args['dry-run'];
  if (dryRun && isBaseline) {
    console.log('dry run: baselines make no requests; nothing to estimate.');
    return;
  }
  // A dry run reads what is already done (if the database has it) and writes nothing.
  const store = dryRun ? openForDryRun(dbPath) : Store.open(dbPath);
  try {
    if (!dryRun) store.acquireLock('evaluate');
    const llm = isBaseline ? undefined : createGateway(config, store, process.env, { dryRun });
    const policy: Policy = isBaseline ? baselinePolicy(args.model as (typeof BASELINES)[number]) : modelPolicy(args.model, llm!, config);
    const similarity: Similarity = args.embeddings
      ? new EmbeddingSimilarity({ store, model: args.embeddings, baseUrl: baseUrlFor(config, process.env) })
      : new LexicalSimilarity();
    const records = !dryRun ? new EvalRecords(store) : hasEvalTables(store) ? new EvalRecords(store) : null;
    if (!dryRun) store.startRun('evaluate', { ...args, $0: undefined, _: undefined }, config.seed, hashValue(config));
    const result = await runEvaluation({
      dataDir: args.data,
      files: args.files,
      environmentModes: args['environment-mode'] === 'both' ? ['skip', 'finish'] : [args['environment-mode']],
      retryLimit: args['retry-limit'],
      limit: args.limit,
      concurrency: args.concurrency ?? config.llm.concurrency,
      policy,
      policyFingerprint: isBaseline ? 'baseline-1' : `t=${config.llm.temperature};max_tokens=${config.llm.maxTokens}`,
      similarity,
      records: dryRun ? (records ? readOnly(records) : null) : records,
      predictionsOut: dryRun ? undefined : args['predictions-out'],
      onSampleDone: args.progress ? (d, t) => process.stderr.write(`\r${d}/${t} samples`) : undefined,
    });
    if (args.progress) process.stderr.write('\n');
    if (dryRun) {
      console.log(`dry run of ${args.model} on ${result.label}: estimates only, nothing sent or written`);
      console.log('completion tokens are estimated as the size of a ground-truth reply; external samples as the ground-truth policy plays them (retries, then the next step)');
      console.log(formatDryRun((llm as DryRunGateway).estimate()));
      return;
    }
    store.finishRun(result.stopped ? 'stopped' : result.failures.length ? 'partial' : 'ok');
    printRun(result, args.model);
    if (result.stopped || result.failures.length) process.exitCode = 1;
  } finally {
    store.close();
  }
}

/** The database read-only when it has the evaluation tables' schema; else an empty in-memory one (nothing done yet). */
function openForDryRun(path: string): Store {
  if (!existsSync(path)) return Store.open(':memory:');
  try {
    return Store.open(path, { readonly: true });
  } catch (err) {
    if (err instanceof StoreError && /needs a migration/.test(err.message)) return Store.open(':memory:');
    throw err;
  }
}

/** Records that read what is done but write nothing (dry run). */
function readOnly(records: EvalRecords): EvalRecords {
  const ro = Object.create(records) as EvalRecords;
  const noop = () => {};
  Object.assign(ro, { saveDataset: noop, begin: noop, addReply: noop, finish: noop, fail: noop });
  return ro;
}

export const evaluateCommand: CommandModule<object, EvaluateArgs> = {
  command: 'evaluate [action]',
  describe: 'Score a model (or a baseline) on an export or release with the official CRITICTOOL protocol; `evaluate report` for the tables',
  builder: (y) =>
    // Not withCommon: --llm / --llm-roles mean nothing here (a model name always goes to the endpoint, a baseline never).
    y
      .option('db', { type: 'string', describe: 'SQLite database file (default cache/forge.db, or $FORGE_DB)' })
      .option('config', { type: 'string', describe: 'JSON config file (endpoint, limits, prices; validated)' })
      .option('seed', { type: 'number', describe: 'Seed (retry jitter)' })
      .positional('action', { choices: ['run', 'report'] as const, default: 'run' as const, describe: 'run (default) or report' })
      .option('data', { type: 'string', describe: 'An export or release directory (holds internal_error/ and external_error/)' })
      .option('model', { type: 'string', describe: `Model name at the OpenAI-compatible endpoint, or ${BASELINES.join(' | ')}` })
      .option('files', { type: 'string', array: true, describe: 'Only files matching these globs, relative to --data (e.g. "internal_error/base_*")' })
      .option('environment-mode', { choices: ['skip', 'finish', 'both'] as const, default: 'both' as const, describe: 'External files: after the retries, skip to the next step or finish (both: two runs)' })
      .option('retry-limit', { type: 'number', default: 3, describe: 'Retries of a repeated failed call before the last reply (test.py --retry_limit)' })
      .option('max-tokens', { type: 'number', default: 512, describe: 'Completion tokens per reply (the official wrapper: 512)' })
      .option('limit', { type: 'number', describe: 'Only the first N samples of each file (test.py --test_num)' })
      .option('concurrency', { type: 'number', describe: 'Requests in flight at once (default llm.concurrency)' })
      .option('max-cost', { type: 'number', describe: 'Stop making requests once this many USD were spent in the run (resumable)' })
      .option('dry-run', { type: 'boolean', describe: 'Estimate requests, tokens and cost; send and write nothing' })
      .option('embeddings', { type: 'string', describe: 'Similarity from this embeddings model at the endpoint (official: all-mpnet-base-v2); default: offline lexical-v1' })
      .option('predictions-out', { type: 'string', describe: 'Also write the replies as test.py writes them, one file per input file' })
      .option('json', { type: 'boolean', describe: 'report: one JSON row per (model, file, metric, value)' })
      .option('out', { type: 'string', describe: 'report: where leaderboard.md and leaderboard.svg go (default output/reports)' })
      .option('progress', { type: 'boolean', default: !!process.stderr.isTTY, describe: 'Show progress' }) as never,
  handler: async (args) => {
    if (args.action === 'report') {
      const store = Store.open(resolve(args.db ?? process.env.FORGE_DB ?? DEFAULT_DB), { readonly: true });
      try {
        printReport(store, { json: !!args.json, out: args.out ?? 'output/reports', data: args.data });
      } finally {
        store.close();
      }
      return;
    }
    await run(args);
  },
};
