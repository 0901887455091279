import type { CommandModule } from 'yargs';
import { exportSft, OPENAI_EXAMPLE_TOKEN_LIMIT } from '../../output/sft/export.js';
import { checkNumber, sessionFrom, withCommon, type CommonArgs } from './common.js';
import { stepProgress } from '../../output/progress.js';

interface ExportArgs extends CommonArgs {
  what: 'sft';
  out: string;
  'validation-share': number;
  json?: boolean;
  progress: boolean;
}

export const exportCommand: CommandModule<object, ExportArgs> = {
  command: 'export <what>',
  describe: 'Export training data: sft = error → tool feedback → reflection → corrected call (OpenAI chat JSONL and ShareGPT JSONL)',
  builder: (y) =>
    withCommon(y)
      .positional('what', { choices: ['sft'] as const, demandOption: true })
      .option('out', { type: 'string', default: 'output/sft', describe: 'Output directory' })
      .option('validation-share', { type: 'number', default: 0.1, describe: 'Share of trajectories held out for validation' })
      .coerce('validation-share', checkNumber('--validation-share', { min: 0, max: 1 }))
      .option('json', { type: 'boolean', describe: 'Print the result (files with lines and sha256, counts, skipped errors) as JSON' })
      .option('progress', { type: 'boolean', default: !!process.stderr.isTTY, describe: 'Show a progress bar on stderr (default: when stderr is a terminal)' }) as never,
  handler: (args) => {
    const session = sessionFrom(args, { readonly: true });
    const progress = stepProgress(args.progress, 'export sft');
    try {
      const result = exportSft(session.store, args.out, { seed: session.config.seed, validationShare: args['validation-share'], onProgress: progress.onProgress });
      progress.stop();
      if (args.json) {
        console.log(JSON.stringify({ out: args.out, ...result }, null, 2));
        return;
      }
      const c = result.counts;
      console.log(`sft export → ${args.out}: ${c.observed} observed + ${c.simulated} simulated errors; train ${c.train} samples (${c.trajectoriesTrain} trajectories), validation ${c.validation} (${c.trajectoriesValidation} trajectories)`);
      for (const [file, info] of Object.entries(result.files)) {
        console.log(`  ${file}  ${info.lines} lines  longest ${info.longestTokens} tokens (${result.tokenizer})  sha256 ${info.sha256.slice(0, 16)}`);
        if (info.overLimit > 0) console.log(`  WARNING: ${info.overLimit} line(s) of ${file} exceed OpenAI's ${OPENAI_EXAMPLE_TOKEN_LIMIT}-token example limit and would be truncated`);
      }
      if (result.skipped.length > 0) {
        console.log(`left out ${result.skipped.length} error(s) (reasons in sft_manifest.json):`);
        for (const s of result.skipped.slice(0, 10)) console.log(`  ${s.itemId}: ${s.reason}`);
      }
    } finally {
      progress.stop();
      session.close();
    }
  },
};
