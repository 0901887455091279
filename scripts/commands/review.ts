/**
 * `pnpm review export|import|serve`: review queues in Argilla / Label Studio / CSV, decisions
 * back from any of them, and a local review page. See output/review/.
 */
import type { CommandModule } from 'yargs';
import { exportQueue, REVIEW_FORMATS, type ReviewFormat } from '../../output/review/export.js';
import { parseQueueSpec } from '../../output/review/queue.js';
import { existsSync } from 'node:fs';
import fg from 'fast-glob';
import { importDecisions, type ImportReport } from '../../output/review/import.js';
import { startReviewServer } from '../../output/review/serve/server.js';
import { checkNumber, sessionFrom, withCommon, type CommonArgs } from './common.js';
import { stepProgress } from '../../output/progress.js';

interface ReviewArgs extends CommonArgs {
  action: 'export' | 'import' | 'serve';
  file?: string;
  queue: string;
  format: ReviewFormat | 'all';
  out?: string;
  reviewer?: string;
  port: number;
  json?: boolean;
  progress: boolean;
}

/**
 * The files `review import` reads: the path itself, or, when it is a glob (quote it so the shell
 * leaves it alone), every file it matches in sorted order. A path that exists is never read as a glob.
 */
export function reviewFiles(pathOrGlob: string): string[] {
  if (existsSync(pathOrGlob) || !fg.isDynamicPattern(pathOrGlob)) return [pathOrGlob];
  const files = fg.sync(pathOrGlob, { onlyFiles: true, dot: false }).sort();
  if (!files.length) throw new Error(`review import: no file matches ${pathOrGlob}`);
  return files;
}

function printImport(r: ImportReport): void {
  console.log(`${r.file} (${r.format}): ${r.applied.length} applied, ${r.duplicates.length} already recorded, ${r.stale.length} stale, ${r.errors.length} errors, ${r.undecided} undecided`);
  for (const a of r.applied) console.log(`  applied ${a.decision} ${a.sampleId} (${a.reviewer})`);
  for (const s of r.stale) console.log(`  stale: ${s.where}: sample ${s.sampleId} changed since export (file ${s.fileHash.slice(0, 12)}, now ${s.currentHash.slice(0, 12)}); not applied — export it again`);
  for (const e of r.errors) console.error(`  error: ${r.file}: ${e.where}: field ${e.field}: ${e.message}`);
}

export const reviewCommand: CommandModule<object, ReviewArgs> = {
  command: 'review <action> [file]',
  describe: 'Review queues: export (Argilla, Label Studio, CSV), import decisions, serve a local review page',
  builder: (y) =>
    withCommon(y)
      .positional('action', { choices: ['export', 'import', 'serve'] as const, demandOption: true })
      .positional('file', { type: 'string', describe: 'import: the returned file (Argilla records .json/.jsonl, Label Studio export .json, or the .csv), or a quoted glob of them' })
      .option('queue', { type: 'string', default: 'flagged', describe: 'export: flagged | stale (decided on content that changed since) | sample:N | strategy:X' })
      .option('format', { choices: [...REVIEW_FORMATS, 'all'] as const, default: 'all' as const, describe: 'export: queue format' })
      .option('out', { type: 'string', describe: 'export: output directory (default output/review/queues/<queue>)' })
      .option('reviewer', { type: 'string', describe: 'import/serve: reviewer name when the file names none (default $USER)' })
      .option('port', { type: 'number', default: 4173, describe: 'serve: port on 127.0.0.1 (0 = any free port)' })
      .coerce('port', checkNumber('--port', { integer: true, min: 0, max: 65535 }))
      .option('json', { type: 'boolean', describe: 'export/import: print the result as JSON' })
      .option('progress', { type: 'boolean', default: !!process.stderr.isTTY, describe: 'export: show a progress bar on stderr (default: when stderr is a terminal)' }) as never,
  handler: async (args) => {
    if (args.action === 'export') {
      const spec = parseQueueSpec(args.queue);
      const session = sessionFrom(args, { readonly: true });
      const progress = stepProgress(args.progress, `review export ${args.queue}`);
      try {
        const formats = args.format === 'all' ? [...REVIEW_FORMATS] : [args.format];
        const r = exportQueue(session.store, { spec, formats, outDir: args.out, seed: session.config.seed, onProgress: progress.onProgress });
        progress.stop();
        const verifyEmpty = session.store.readStage('verify').length === 0;
        if (args.json) {
          console.log(JSON.stringify({ queue: r.queue, samples: r.samples.length, outDir: r.outDir, files: r.files, verifyEmpty }, null, 2));
          return;
        }
        console.log(`queue ${r.queue}: ${r.samples.length} samples → ${r.outDir}`);
        if (verifyEmpty) console.log('  note: the verify stage has no output in this database yet (run pnpm stage verify first)');
        for (const f of r.files) console.log(`  ${f}`);
      } finally {
        progress.stop();
        session.close();
      }
      return;
    }
    if (args.action === 'import') {
      if (!args.file) throw new Error('review import needs the file to import (e.g. pnpm review import output/review/queues/flagged/review.csv)');
      const files = reviewFiles(args.file);
      const session = sessionFrom(args);
      try {
        const reports = files.map((file) => importDecisions(session.store, file, { reviewer: args.reviewer }));
        if (reports.some((r) => r.errors.length)) process.exitCode = 1;
        if (args.json) {
          console.log(JSON.stringify({ imports: reports }, null, 2));
          return;
        }
        for (const r of reports) printImport(r);
      } finally {
        session.close();
      }
      return;
    }
    const session = sessionFrom(args);
    const server = await startReviewServer(session.store, { port: args.port, reviewer: args.reviewer });
    console.log(`review page: ${server.url}  (Ctrl-C to stop)`);
    const stop = () => {
      void server.close().then(() => {
        session.close();
        process.exit(0);
      });
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  },
};
