/**
 * The reports `pnpm report <name>` can print. Each reads the store only.
 */
import type { Store } from '../../pipeline/store/store.js';
import type { Config } from '../../pipeline/config.js';
import { formatQuality } from './quality.js';
import { qualityOf } from '../../pipeline/quality/report.js';
import { formatSources, sourceRows } from './sources.js';
import { formatFilterReport } from './filter.js';
import { formatTiers } from './tiers.js';
import { formatObserveReport, observeReport } from './observe.js';
import { evolvedDatasetSection, evolvedReportLines } from './evolved.js';
import { datasetReport, registerDatasetSection } from './dataset.js';

// `pnpm report dataset` also shows the evolved set per strategy and method.
registerDatasetSection(evolvedDatasetSection);

export interface Report {
  describe: string;
  /** Whether `--json` prints a machine-readable form. */
  json?: boolean;
  run(store: Store, args: { out?: string; json?: boolean; config?: Config }): Promise<string> | string;
}

export const REPORTS: Record<string, Report> = {
  sources: { describe: 'per source: read, dropped by reason, kept; tools and APIs', run: (store) => formatSources(sourceRows(store)) },
  filter: { describe: 'what collect/filter/standardize dropped and why, with every id', run: (store) => formatFilterReport(store) },
  tiers: { describe: 'which resolution tier (recorded/cache/live/simulated) answered, per source: ground-truth steps and the diversify stages\' calls', run: (store) => formatTiers(store) },
  evolved: { describe: 'evolved cases per SRM strategy: accepted/flagged/rejected and rates, average tokens base vs evolved, acceptance per method', run: (store) => evolvedReportLines(store).join('\n') },
  observe: { describe: 'observed model errors per model × source (paper Table 3 shape) and the few-shot pool diversify-internal used per error type', run: (store) => formatObserveReport(observeReport(store)) },
  quality: {
    describe: 'every defect class over every shipped case: rate over its population with example ids, per source and file family, against quality.thresholds; rejections per rule',
    json: true,
    run: (store, args) => {
      const report = qualityOf(store, args.config);
      return args.json ? JSON.stringify(report, null, 2) : formatQuality(report);
    },
  },
  dataset: { describe: 'base (and evolved) cases by type, source, k and method; prompt tokens beside the paper\'s 1,291; an SVG chart in output/reports (or --out)', run: (store, args) => datasetReport(store, { out: args.out }).text },
};
