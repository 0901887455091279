import type { CommandModule } from 'yargs';
import { REPORTS } from '../report/index.js';
import { sessionFrom, withCommon, type CommonArgs } from './common.js';

interface ReportArgs extends CommonArgs {
  name: string;
  out?: string;
}

export const reportCommand: CommandModule<object, ReportArgs> = {
  command: 'report <name>',
  describe: `Print a report: ${Object.keys(REPORTS).join(', ')}`,
  builder: (y) =>
    withCommon(y)
      .positional('name', { choices: Object.keys(REPORTS), demandOption: true, describe: Object.entries(REPORTS).map(([k, r]) => `${k}: ${r.describe}`).join('; ') })
      .option('out', { type: 'string', describe: 'Directory for report files (charts), default output/reports' }) as never,
  handler: async (args) => {
    const session = sessionFrom(args, { readonly: true });
    try {
      console.log(await REPORTS[args.name].run(session.store, { out: args.out }));
    } finally {
      session.close();
    }
  },
};
