/**
 * The reports `pnpm report <name>` can print. Each reads the store only.
 */
import type { Store } from '../../pipeline/store/store.js';
import type { Config } from '../../pipeline/config.js';
import { formatQuality } from './quality.js';
import { qualityOf } from '../../pipeline/quality/report.js';
import { formatSources, sourceRows } from './sources.js';
import { filterData, formatFilterReport } from './filter.js';
import { formatTiers, tierData } from './tiers.js';
import { formatObserveReport, observeReport } from './observe.js';
import { evolvedDatasetSection, evolvedReportLines, evolvedRows } from './evolved.js';
import { datasetData, datasetReport, registerDatasetSection } from './dataset.js';

// `pnpm report dataset` also shows the evolved set per strategy and method.
registerDatasetSection(evolvedDatasetSection);

export interface Report {
  describe: string;
  run(store: Store, args: { out?: string; config?: Config }): Promise<string> | string;
  /** The data behind the text, for `--json` (printed with toJson: big ints stay exact). Writes no files. */
  json(store: Store, args: { config?: Config }): unknown;
}

export const REPORTS: Record<string, Report> = {
  sources: { describe: 'per source: read, dropped by reason, kept; tools and APIs', run: (store) => formatSources(sourceRows(store)), json: (store) => ({ sources: sourceRows(store) }) },
  filter: { describe: 'what collect/filter/standardize dropped and why, with every id', run: (store) => formatFilterReport(store), json: (store) => filterData(store) },
  tiers: { describe: 'which resolution tier (recorded/cache/live/simulated) answered, per source: ground-truth steps and the diversify stages\' calls', run: (store) => formatTiers(store), json: (store) => tierData(store) },
  evolved: {
    describe: 'evolved cases per SRM strategy: accepted/flagged/rejected and rates, average tokens base vs evolved, acceptance per method',
    run: (store) => evolvedReportLines(store).join('\n'),
    json: (store) => {
      const { rows, evolveOnly } = evolvedRows(store);
      return { cases: rows, evolveOnly };
    },
  },
  observe: { describe: 'observed model errors per model × source (paper Table 3 shape) and the few-shot pool diversify-internal used per error type', run: (store) => formatObserveReport(observeReport(store)), json: (store) => observeReport(store) },
  quality: {
    describe: 'every defect class over every shipped case: rate over its population with example ids, per source and file family, against quality.thresholds; rejections per rule',
    run: (store, args) => formatQuality(qualityOf(store, args.config)),
    json: (store, args) => qualityOf(store, args.config),
  },
  dataset: {
    describe: 'base (and evolved) cases by type, source, k and method; prompt tokens beside the paper\'s 1,291; an SVG chart in output/reports (or --out)',
    run: (store, args) => datasetReport(store, { out: args.out }).text,
    json: (store) => {
      const data = datasetData(store);
      return { base: data.base, evolved: data.evolved.map((tc) => data.statOf(tc)), verifyStatuses: data.verifyStatuses };
    },
  },
};
