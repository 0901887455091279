import type { CommandModule } from 'yargs';
import { STAGE_NAMES, type StageName } from '../../pipeline/stage.js';
import { runPipeline } from '../../pipeline/runner.js';
import { availableParallelism } from 'node:os';
import { registry, WORKER_MODULE } from '../../stages/index.js';
import { ItemPool } from '../../pipeline/parallel/pool.js';
import { checkNumber, sessionFrom, withCommon, type CommonArgs } from './common.js';
import { printStatus } from './status.js';
import { dryRunStage } from './dryRun.js';
import { handleStopSignals, Interrupt, SIGNAL_EXIT_CODES } from '../../pipeline/interrupt.js';

export interface StageArgs extends CommonArgs {
  name: StageName;
  limit?: number;
  force?: boolean;
  concurrency: number;
  workers?: number;
  out?: string;
  'source-dir'?: string;
  'max-cost'?: number;
  'dry-run'?: boolean;
  'include-flagged'?: boolean;
  progress: boolean;
}

export const stageCommand: CommandModule<object, StageArgs> = {
  command: 'stage <name>',
  describe: 'Run a stage after every upstream stage whose results are missing or stale',
  builder: (y) =>
    withCommon(y)
      .positional('name', { choices: STAGE_NAMES, demandOption: true, describe: 'stage to run' })
      .option('limit', { type: 'number', describe: 'Only the first N source records per source (a quick sample run)' })
      .coerce('limit', checkNumber('--limit', { integer: true, min: 1 }))
      .option('force', { type: 'boolean', describe: 'Redo the named stage even where results exist' })
      .option('concurrency', { type: 'number', default: 4, describe: 'Items in flight at once' })
      .coerce('concurrency', checkNumber('--concurrency', { integer: true, min: 1, max: 256 }))
      .option('workers', { type: 'number', describe: 'Worker threads for rule-only items on the offline engine (assemble, evolve, verify); 0 runs them on the main thread [default: one per core but one, none on 2 cores or fewer]' })
      .coerce('workers', checkNumber('--workers', { integer: true, min: 0, max: 64 }))
      .option('out', { type: 'string', describe: 'Output directory (export)' })
      .option('source-dir', { type: 'string', describe: 'Directory with the upstream BFCL/T-Eval files (default: vendored sources/)' })
      .option('max-cost', { type: 'number', describe: 'Stop making LLM calls once this many USD were spent (resumable)' })
      .coerce('max-cost', checkNumber('--max-cost', { min: 0 }))
      .option('dry-run', { type: 'boolean', describe: 'Estimate LLM calls, tokens and cost; spend nothing' })
      .option('include-flagged', { type: 'boolean', describe: 'export: also write unreviewed flagged cases (a preview; releases refuse them unless told)' })
      .option('progress', { type: 'boolean', default: !!process.stderr.isTTY, describe: 'Show a progress bar' }) as never,
  handler: async (args) => {
    if (args['dry-run']) return dryRunStage(args);
    const session = sessionFrom(args, { lock: `stage ${args.name}` });
    const interrupt = new Interrupt();
    const resume = `pnpm ${process.argv.slice(2).join(' ')}`;
    const stopHandlers = handleStopSignals(interrupt, (signal) => {
      // Second signal: abandon the items in flight (uncommitted, so the rerun redoes them).
      session.store.finishRun('interrupted');
      session.close();
      console.error(`${signal} again: stopped at once; items in flight were abandoned. Resume with: ${resume}`);
      process.exit(SIGNAL_EXIT_CODES[signal]);
    });
    const options = { limit: args.limit, out: args.out, dryRun: args['dry-run'], includeFlagged: args['include-flagged'] };
    // One core stays with this thread, which enumerates and commits. On 2 cores, once commits were
    // grouped, a lone worker only traded places with this thread: 33.1-40.7 s against 32.7-33.5 s
    // without, at 0.60-0.67 GB against 0.41 GB. Workers start from 3 cores, where two can share the work.
    const cores = availableParallelism();
    const workers = session.store.path === ':memory:' ? 0 : (args.workers ?? (cores <= 2 ? 0 : cores - 1));
    try {
      if (args['max-cost'] !== undefined) session.config.llm.maxCost = args['max-cost'];
      if (args['source-dir']) session.config.sources.dir = args['source-dir'];
      session.store.startRun(`stage ${args.name}`, { ...args, $0: undefined, _: undefined }, session.config.seed, session.configHash);
      const reports = await runPipeline(
        {
          store: session.store,
          config: session.config,
          llm: session.llm,
          services: session.services,
          stages: registry(),
          options,
          interrupt,
          // Started for each pure stage that runs, with the config as it stands then.
          pool: workers > 0 ? () => new ItemPool(WORKER_MODULE, workers, { dbPath: session.store.path, config: session.config, options }, (line) => console.error(line)) : undefined,
        },
        args.name,
        { force: args.force ? new Set([args.name]) : undefined, concurrency: args.concurrency, progress: args.progress },
      );
      const failed = reports.some((r) => r.failed > 0);
      const stopped = reports.find((r) => r.stopped);
      if (interrupt.signal) {
        session.store.finishRun('interrupted');
        console.error(`interrupted by ${interrupt.signal}: every finished item is kept. Resume with: ${resume}`);
        process.exitCode = SIGNAL_EXIT_CODES[interrupt.signal];
        return;
      }
      session.store.finishRun(stopped ? 'stopped' : failed ? 'partial' : 'ok');
      printStatus(session.store, registry());
      if (failed || stopped) process.exitCode = 1;
    } catch (err) {
      session.store.finishRun('failed');
      throw err;
    } finally {
      stopHandlers();
      session.close();
    }
  },
};
