/**
 * The runner: executes stages over items with per-item commits, content-addressed reuse, bounded
 * concurrency and seeded randomness, and runs every upstream stage first.
 */
import PQueue from 'p-queue';
import cliProgress from 'cli-progress';
import type { Config } from './config.js';
import { createHash } from 'node:crypto';
import { canonicalJson, hashParts, sha256 } from './hash.js';
import type { Store } from './store/store.js';
import type { LlmGateway } from './llm/types.js';
import type { Services } from './services.js';
import type { ItemStage, Stage, StageContext, StageItem, StageName } from './stage.js';
import type { Interrupt } from './interrupt.js';
import { itemContext, stageContext } from './context.js';
import { runItem, type ItemOutcome } from './parallel/outcome.js';
import type { ItemPool } from './parallel/pool.js';
import { usd } from './llm/openai.js';
import { codeDigest } from './fingerprint.js';
import { boundHeapGrowth, collectGarbage } from './memory.js';

export interface RunnerEnv {
  store: Store;
  config: Config;
  llm: LlmGateway;
  services: Services;
  stages: Map<StageName, Stage>;
  log?: (line: string) => void;
  options?: Record<string, unknown>;
  /** A stop request (SIGINT / SIGTERM): no new item starts, items in flight finish. */
  interrupt?: Interrupt;
  /**
   * Starts worker threads for the items of a `pure` stage on the offline engine
   * (pipeline/parallel/pool.ts); the runner closes them when the stage ends, so what they held goes
   * with them. Without it every item runs on this thread.
   */
  pool?: () => ItemPool;
}

export interface RunOptions {
  /** Redo the named stages' items even where a result exists. */
  force?: Set<StageName>;
  concurrency?: number;
  progress?: boolean;
}

export interface StageReport {
  stage: StageName;
  total: number;
  reused: number;
  processed: number;
  failed: number;
  flagged: number;
  rejected: number;
  skipped?: string;
  stopped?: string;
  durationMs: number;
  summary?: string;
}

/** Items committed between two full garbage collections within a stage (each costs tens of milliseconds). */
const COLLECT_EVERY_ITEMS = 2000;

/** Every stage the target needs, upstream first, in a stable topological order. */
export function planStages(stages: Map<StageName, Stage>, target: StageName): StageName[] {
  const order: StageName[] = [];
  const seen = new Set<StageName>();
  const visit = (name: StageName, path: StageName[]) => {
    if (path.includes(name)) throw new Error(`stage cycle: ${[...path, name].join(' -> ')}`);
    if (seen.has(name)) return;
    const stage = stages.get(name);
    if (!stage) throw new Error(`unknown stage "${name}"`);
    for (const up of stage.upstream) visit(up, [...path, name]);
    seen.add(name);
    order.push(name);
  };
  visit(target, []);
  return order;
}

/**
 * An item's key hashes what determines its result: stage and version, the config it reads, the
 * LLM method, the seed, and its input content. Parent keys are lineage, not inputs: an upstream
 * config change that leaves an input's content unchanged must not invalidate this item.
 */
export function itemKey(stage: ItemStage, configSlice: unknown, llmFingerprint: unknown, seed: number, item: { id: string; input: unknown }): string {
  return itemKeyFrom(stagePrefix(stage, configSlice, llmFingerprint, seed), item);
}

/** The part of every item key that is the same for all items of a stage run, hashed once. */
function stagePrefix(stage: ItemStage, configSlice: unknown, llmFingerprint: unknown, seed: number): string {
  return hashParts(stage.name, stage.version, configSlice, llmFingerprint, seed);
}

function itemKeyFrom(prefix: string, item: { id: string; input: unknown }): string {
  // The prefix is a fixed-length hex digest, so plain framing by NUL is unambiguous here.
  return sha256(`${prefix}\u0000${item.id}\u0000${canonicalJson(item.input)}`);
}

/**
 * Output digests of stages (Store.outputDigest), taken once per pipeline run: a stage's entry is
 * dropped when it runs, and taken again when a downstream stage asks.
 */
export type OutputDigests = Map<string, string>;

/**
/** CLI options only a sink reads; any other option counts for every stage, read or not. */
const SINK_ONLY_OPTIONS = ['out', 'includeFlagged'];

/**
 * Everything the stage's enumerate (or a sink's write) may read, hashed: the pipeline's code, the
 * stage's name and version, its config slice and the seed (the slice is "the part of the config the
 * stage reads", as for item keys), its roles' LLM fingerprints and the LLM mode, the CLI options (but
 * SINK_ONLY_OPTIONS for an item stage), what it reads outside the store (`externalInputs`), and the
 * current output of every stage upstream of it, transitively.
 */
export function stageInputFingerprint(env: RunnerEnv, stage: Stage, ctx: StageContext, digests: OutputDigests = new Map()): string {
  const ancestors = new Set<string>();
  const visit = (name: string) => {
    for (const up of env.stages.get(name as StageName)?.upstream ?? []) {
      if (ancestors.has(up)) continue;
      ancestors.add(up);
      visit(up);
    }
  };
  visit(stage.name);
  const upstream = [...ancestors].sort().map((name) => {
    let digest = digests.get(name);
    if (digest === undefined) digests.set(name, (digest = env.store.outputDigest(name)));
    return [name, digest];
  });
  const options = env.options ?? {};
  const itemOptions = Object.fromEntries(Object.entries(options).filter(([k]) => !SINK_ONLY_OPTIONS.includes(k)));
  return hashParts(
    codeDigest(),
    stage.kind,
    stage.name,
    stage.version,
    stage.configSlice(env.config),
    env.config.seed,
    (stage.roles ?? []).map((r) => [r, env.llm.fingerprint(r)]),
    env.llm.mode,
    stage.kind === 'sink' ? options : itemOptions,
    stage.externalInputs?.(ctx) ?? null,
    upstream,
  );
}

export async function runPipeline(env: RunnerEnv, target: StageName, opts: RunOptions = {}): Promise<StageReport[]> {
  const reports: StageReport[] = [];
  const digests: OutputDigests = new Map();
  boundHeapGrowth();
  for (const name of planStages(env.stages, target)) {
    if (env.interrupt?.signal) break;
    const report = await runStage(env, env.stages.get(name)!, opts, digests);
    // What a stage held is garbage now; without a collection here the next stage grows on top of it.
    if (report.processed > 0) collectGarbage();
    reports.push(report);
    if (report.stopped) break;
  }
  return reports;
}

export async function runStage(env: RunnerEnv, stage: Stage, opts: RunOptions = {}, digests: OutputDigests = new Map()): Promise<StageReport> {
  const { store } = env;
  const ctx = stageContext(env);
  const started = Date.now();
  const base: StageReport = { stage: stage.name, total: 0, reused: 0, processed: 0, failed: 0, flagged: 0, rejected: 0, durationMs: 0 };

  const skipReason = stage.skip?.(ctx);
  // Whatever happens below may change this stage's output; downstream stages take its digest afresh.
  digests.delete(stage.name);
  if (skipReason) {
    store.setStageItems(stage.name, []);
    const id = store.startStageRun(stage.name, 0, 0);
    store.finishStageRun(id, { processed: 0, failed: 0, status: 'skipped', durationMs: 0, message: skipReason });
    ctx.log(`[${stage.name}] skipped: ${skipReason}`);
    return { ...base, skipped: skipReason };
  }

  const force = opts.force?.has(stage.name) ?? false;
  const inputFingerprint = stageInputFingerprint(env, stage, ctx, digests);

  if (stage.kind === 'sink') {
    const id = store.startStageRun(stage.name, 1, 0);
    try {
      const { summary, reused } = await stage.write(force ? ctx : { ...ctx, inputFingerprint });
      const durationMs = Date.now() - started;
      store.finishStageRun(id, { processed: reused ? 0 : 1, failed: 0, status: 'ok', durationMs, message: summary });
      if (reused) ctx.log(`[${stage.name}] inputs and files unchanged since the last write: kept as they are`);
      ctx.log(`[${stage.name}] ${summary}`);
      return { ...base, total: 1, processed: reused ? 0 : 1, reused: reused ? 1 : 0, durationMs, summary };
    } catch (err) {
      store.finishStageRun(id, { processed: 0, failed: 1, status: 'failed', durationMs: Date.now() - started, message: (err as Error).message });
      throw err;
    }
  }

  const recorded = force ? undefined : store.stageFingerprint(stage.name);
  if (recorded?.fingerprint === inputFingerprint && store.unfinishedCount(stage.name) === 0) {
    // Nothing it reads has changed and nothing is left to do: its output stands, unenumerated.
    const total = store.stageCounts(stage.name).total;
    const id = store.startStageRun(stage.name, total, total);
    const durationMs = Date.now() - started;
    const summary = recorded.summary ?? undefined;
    store.finishStageRun(id, { processed: 0, failed: 0, status: 'ok', durationMs, message: summary });
    ctx.log(`[${stage.name}] ${total} items: ${total} reused (inputs unchanged since the last run) in ${(durationMs / 1000).toFixed(1)}s`);
    if (summary) ctx.log(`[${stage.name}] ${summary.split('\n').join(`\n[${stage.name}] `)}`);
    return { ...base, total, reused: total, durationMs, summary };
  }
  // Recorded again only once this run ends with nothing pending.
  store.setStageFingerprint(stage.name, null);

  // Asked for before enumerating, so the workers load their modules while this thread enumerates.
  const pool = stage.pure && env.llm.mode === 'offline' ? env.pool?.() : undefined;
  store.beginGroupCommit();
  const stopCheckpoints = store.startBackgroundCheckpoints();
  try {
    return await runItems(env, stage, ctx, { opts, force, inputFingerprint, started, base, pool });
  } finally {
    store.endGroupCommit();
    await stopCheckpoints();
    await pool?.close();
  }
}

/** An item stage's run once it must enumerate: map items to keys, run what is not done, record. */
async function runItems(
  env: RunnerEnv,
  stage: ItemStage,
  ctx: StageContext,
  run: { opts: RunOptions; force: boolean; inputFingerprint: string; started: number; base: StageReport; pool: ItemPool | undefined },
): Promise<StageReport> {
  const { store } = env;
  const { opts, force, inputFingerprint, started, base, pool } = run;
  const enumerated = await stage.enumerate(ctx);
  const slice = stage.configSlice(env.config);
  const fingerprint = (stage.roles ?? []).map((r) => [r, env.llm.fingerprint(r)]);
  const prefix = stagePrefix(stage, slice, fingerprint, env.config.seed);
  const report: StageReport = { ...base, total: 0, reused: 0 };

  // With workers, enough items in flight to keep each busy while its last result crosses back.
  const concurrency = Math.max(1, opts.concurrency ?? 4, pool ? pool.size * 2 : 0);
  const queue = new PQueue({ concurrency });
  let stopped: string | undefined;
  // With a model in use the bar also shows the tokens and dollars paid so far in this run.
  const usesModel = env.llm.mode === 'openai';
  const spend = () => ({ tokens: store.liveUsage.tokens.toLocaleString('en-US'), cost: usd(store.liveUsage.cost) });
  const newBar = () =>
    new cliProgress.SingleBar(
      {
        format: `${stage.name.padEnd(18)} {bar} {value}/{total} | {speed} items/s | ETA {eta_formatted}` + (usesModel ? ' | {tokens} tokens {cost}' : ''),
        hideCursor: true,
        etaBuffer: 200,
      },
      cliProgress.Presets.shades_classic,
    );
  let bar: cliProgress.SingleBar | undefined;
  let spendTimer: NodeJS.Timeout | undefined;
  const startBar = (total: number) => {
    bar = newBar();
    bar.start(total, 0, { speed: '0.0', ...spend() });
    // Model calls take seconds: refresh the spend between finished items too.
    spendTimer = usesModel ? setInterval(() => bar!.update(spend()), 1000) : undefined;
    spendTimer?.unref();
  };

  let lastYield = Date.now();
  let sinceCollection = 0;
  const processOne = async ({ item, key }: { item: StageItem<unknown>; key: string }) => {
    // Items whose work never waits on I/O run back to back in microtasks, where no signal handler
    // (SIGINT / SIGTERM) and no timer can run; hand the event loop a turn every 50 ms.
    if (Date.now() - lastYield > 50) {
      await new Promise((res) => setImmediate(res));
      lastYield = Date.now();
    }
    if (stopped) return;
    const outcome: ItemOutcome = pool ? await pool.run(stage.name, item, key) : await runItem(stage, item, itemContext(ctx, item, key));
    const record = { key, stage: stage.name, stageVersion: stage.version, itemId: item.id, parents: item.parents };
    if (outcome.kind === 'stop') {
      stopped ??= outcome.message;
      queue.clear();
      return;
    }
    if (outcome.kind === 'failed') {
      store.commitRendered({ ...record, status: 'failed', reason: outcome.message, method: 'error' }, null);
      report.failed++;
      ctx.log(`[${stage.name}] item ${item.id} failed: ${outcome.message}`);
      bar?.increment();
      return;
    }
    store.commitRendered({ ...record, status: outcome.status, reason: outcome.reason, method: outcome.method }, outcome.content);
    // Each lazy read leaves the content it parsed behind: at 10x evolve's live heap stays under 180 MB
    // while V8, collecting lazily, let the process reach 0.85 GB; a full collection every so often holds it.
    if (++sinceCollection >= COLLECT_EVERY_ITEMS) {
      sinceCollection = 0;
      collectGarbage();
    }
    report.processed++;
    if (outcome.status === 'flagged') report.flagged++;
    if (outcome.status === 'rejected') report.rejected++;
    if (bar) {
      const secs = (Date.now() - started) / 1000;
      bar.increment(1, { speed: (report.processed / Math.max(secs, 0.001)).toFixed(1), ...spend() });
    }
  };

  const unsubscribe = env.interrupt?.onRequest((signal) => {
    stopped ??= `interrupted by ${signal}`;
    queue.clear();
  });
  let stageRunId: number;
  try {
    if (Array.isArray(enumerated)) {
      const items = enumerated;
      const seenIds = new Set<string>();
      for (const it of items) {
        if (seenIds.has(it.id)) throw new Error(`[${stage.name}] duplicate item id "${it.id}"`);
        seenIds.add(it.id);
      }
      const keyed = items.map((item) => ({ item, key: itemKeyFrom(prefix, item) }));
      const digest = sha256(keyed.map(({ item, key }) => `${item.id}\u0000${key}\u0000${item.parents.join(',')}`).join('\n'));
      let todo: typeof keyed;
      if (!force && store.mappingDigest(stage.name) === digest) {
        // Same items, keys and parents as last time: only what is unfinished needs a look.
        const pending = store.pendingKeys(stage.name);
        todo = keyed.filter(({ key }) => pending.has(key));
      } else {
        const finished = force ? new Map<string, string>() : store.finishedKeys(stage.name);
        todo = keyed.filter(({ key }) => !finished.has(key));
        const parentUpdates = keyed
          .filter(({ item, key }) => finished.has(key) && finished.get(key) !== JSON.stringify(item.parents))
          .map(({ item, key }) => ({ key, parents: item.parents }));
        store.setStageItems(stage.name, keyed.map(({ item, key }) => ({ itemId: item.id, key })), parentUpdates, digest);
      }
      report.total = items.length;
      report.reused = items.length - todo.length;
      stageRunId = store.startStageRun(stage.name, items.length, report.reused);
      if (opts.progress && todo.length > 0) startBar(todo.length);
      // Queued a few at a time, in order, as on the streamed path: a queued task holds its closures
      // and promise until it runs, about 1 KB an item at 3× the data (assemble's 8,680 items).
      for (const entry of todo) {
        if (stopped) break;
        queue.add(() => processOne(entry));
        if (queue.size >= concurrency * 8) await queue.onSizeLessThan(concurrency * 4);
      }
    } else {
      // Streamed items (a stage whose inputs are its sources, collect): each is keyed and, unless a
      // result exists, queued as it comes, and only its id and key are kept. The mapping (the same
      // digest the listed path takes) is recorded once every item has been seen, also after a stop.
      const finished = force ? new Map<string, string>() : store.finishedKeys(stage.name);
      stageRunId = store.startStageRun(stage.name, 0, 0);
      if (opts.progress) startBar(0);
      const seenIds = new Set<string>();
      const mapped: { itemId: string; key: string }[] = [];
      const parentUpdates: { key: string; parents: string[] }[] = [];
      const digestHash = createHash('sha256');
      let queued = 0;
      for (const item of enumerated) {
        if (seenIds.has(item.id)) throw new Error(`[${stage.name}] duplicate item id "${item.id}"`);
        seenIds.add(item.id);
        const key = itemKeyFrom(prefix, item);
        digestHash.update(`${mapped.length ? '\n' : ''}${item.id}\u0000${key}\u0000${item.parents.join(',')}`);
        mapped.push({ itemId: item.id, key });
        if (finished.has(key)) {
          if (finished.get(key) !== JSON.stringify(item.parents)) parentUpdates.push({ key, parents: item.parents });
          continue;
        }
        if (stopped) continue;
        queued++;
        bar?.setTotal(queued);
        queue.add(() => processOne({ item, key }));
        // Backpressure: the source is read no further ahead than the items in flight need.
        if (queue.size >= concurrency * 8) await queue.onSizeLessThan(concurrency * 4);
      }
      const digest = digestHash.digest('hex');
      if (force || store.mappingDigest(stage.name) !== digest) store.setStageItems(stage.name, mapped, parentUpdates, digest);
      report.total = mapped.length;
      report.reused = mapped.length - queued;
      store.setStageRunTotals(stageRunId, report.total, report.reused);
    }
  } catch (err) {
    // A duplicate id or a source that breaks while streamed: what is in flight finishes, nothing more starts.
    queue.clear();
    await queue.onIdle();
    unsubscribe?.();
    clearInterval(spendTimer);
    bar?.stop();
    throw err;
  }
  await queue.onIdle();
  unsubscribe?.();
  clearInterval(spendTimer);
  bar?.stop();

  report.durationMs = Date.now() - started;
  report.stopped = stopped;
  const status = stopped ? (env.interrupt?.signal ? 'interrupted' : 'stopped') : report.failed > 0 ? 'partial' : 'ok';
  if (!stopped && stage.summarize) report.summary = stage.summarize(ctx);
  store.finishStageRun(stageRunId, {
    processed: report.processed,
    failed: report.failed,
    status,
    durationMs: report.durationMs,
    message: stopped ?? report.summary,
  });
  if (status === 'ok' && store.unfinishedCount(stage.name) === 0) store.setStageFingerprint(stage.name, inputFingerprint, report.summary ?? null);
  ctx.log(
    `[${stage.name}] ${report.total} items: ${report.reused} reused, ${report.processed} done` +
      (report.flagged ? `, ${report.flagged} flagged` : '') +
      (report.rejected ? `, ${report.rejected} rejected` : '') +
      (report.failed ? `, ${report.failed} FAILED` : '') +
      (stopped ? ` — stopped (${stopped})` : '') +
      ` in ${(report.durationMs / 1000).toFixed(1)}s`,
  );
  if (report.summary) ctx.log(`[${stage.name}] ${report.summary.split('\n').join(`\n[${stage.name}] `)}`);
  return report;
}
