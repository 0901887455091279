import type { CommandModule } from 'yargs';
import { REPORTS } from '../report/index.js';
import { sessionFrom, withCommon, type CommonArgs } from './common.js';

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
      .option('json', { type: 'boolean', default: false, describe: 'Print the report as JSON (reports that have a JSON form: quality)' }) as never,
  handler: async (args) => {
    const session = sessionFrom(args, { readonly: true });
    try {
      const report = REPORTS[args.name];
      if (args.json && !report.json) throw new Error(`report ${args.name} has no JSON form (reports with one: ${Object.keys(REPORTS).filter((k) => REPORTS[k].json).join(', ')})`);
      console.log(await report.run(session.store, { out: args.out, json: args.json, config: session.config }));
    } finally {
      session.close();
    }
  },
};
