import type { CommandModule } from 'yargs';
import { REPORTS } from '../report/index.js';
import { sessionFrom, withCommon, type CommonArgs } from './common.js';
import { toJson } from '../../pipeline/pyValues.js';

interface ReportArgs extends CommonArgs {
  name: string;
  out?: string;
  json?: boolean;
}

export const reportCommand: CommandModule<object, ReportArgs> = {
  command: 'report <name>',
  describe: `Print a report: ${Object.keys(REPORTS).join(', ')}`,
  builder: (y) =>
    withCommon(y)
      .positional('name', { choices: Object.keys(REPORTS), demandOption: true, describe: Object.entries(REPORTS).map(([k, r]) => `${k}: ${r.describe}`).join('; ') })
      .option('out', { type: 'string', describe: 'Directory for report files (charts), default output/reports' })
      .option('json', { type: 'boolean', default: false, describe: 'Print the data behind the report as JSON (no chart is written)' }) as never,
  handler: async (args) => {
    const session = sessionFrom(args, { readonly: true });
    try {
      const report = REPORTS[args.name];
      console.log(args.json ? toJson(report.json(session.store, { config: session.config }), 2) : await report.run(session.store, { out: args.out, config: session.config }));
    } finally {
      session.close();
    }
  },
};
