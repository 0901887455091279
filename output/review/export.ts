/**
 * `pnpm review export`: writes one queue in the formats people load — Argilla (the folder
 * `rg.Dataset.from_disk` reads), Label Studio (tasks JSON + labeling config XML), and CSV. The files hold no time and
 * follow the verify stage's order, so the same queue exports to the same bytes.
 */
import { replaceDir } from '../atomicDir.js';
import { staleDecision } from './decisions.js';
import { join } from 'node:path';
import type { Store } from '../../pipeline/store/store.js';
import { loadSamples, type ReviewSample } from './samples.js';
import { queueName, selectQueue, type QueueSpec } from './queue.js';
import { argillaDiskFiles } from './formats/argilla.js';
import { labelStudioConfig, labelStudioTask } from './formats/labelstudio.js';
import { writeCsvQueue } from './formats/csvQueue.js';
import type { OnProgress } from '../progress.js';

export const REVIEW_FORMATS = ['argilla', 'labelstudio', 'csv'] as const;
export type ReviewFormat = (typeof REVIEW_FORMATS)[number];

export const DEFAULT_QUEUE_ROOT = 'output/review/queues';

export interface QueueExportResult {
  queue: string;
  outDir: string;
  samples: ReviewSample[];
  files: string[];
}

export function exportQueue(store: Store, opts: { spec: QueueSpec; formats: ReviewFormat[]; outDir?: string; seed: number; onProgress?: OnProgress }): QueueExportResult {
  // Steps: select, one per format, write.
  const total = opts.formats.length + 2;
  let done = 0;
  const step = (what: string) => opts.onProgress?.(done++, total, what);
  step('selecting samples');
  const samples = selectQueue(loadSamples(store), opts.spec, opts.seed, (s) => !!staleDecision(store, s.id, s.contentHash));
  const name = queueName(opts.spec);
  const outDir = opts.outDir ?? join(DEFAULT_QUEUE_ROOT, name);
  const files: string[] = [];
  const texts = new Map<string, string>();
  const write = (rel: string, text: string) => {
    texts.set(rel, text);
    files.push(rel);
  };
  if (opts.formats.includes('argilla')) {
    step('argilla');
    for (const [rel, text] of argillaDiskFiles(name, samples)) write(`argilla/${rel}`, text);
  }
  if (opts.formats.includes('labelstudio')) {
    step('labelstudio');
    write('labelstudio/config.xml', labelStudioConfig());
    write('labelstudio/tasks.json', JSON.stringify(samples.map(labelStudioTask), null, 2) + '\n');
  }
  if (opts.formats.includes('csv')) {
    step('csv');
    const { csv, cells } = writeCsvQueue(samples);
    write('review.csv', csv);
    for (const [rel, text] of cells) write(rel, text);
  }
  // Swapped in at once (output/atomicDir.ts): a reviewer never opens half a queue; other formats' files stay.
  step('writing');
  replaceDir(outDir, texts, { owned: (rel) => texts.has(rel) || (opts.formats.includes('csv') && rel.startsWith('review.csv.cells/')) });
  step('done');
  return { queue: name, outDir, samples, files };
}
