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
import { writeArgillaDisk } from './formats/argilla.js';
import { labelStudioConfig, labelStudioTask } from './formats/labelstudio.js';
import { csvQueueLines } from './formats/csvQueue.js';
import { writeJsonArray } from '../jsonArray.js';
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
  // Steps: select, one per format; 'done' reports the whole.
  const total = opts.formats.length + 1;
  let done = 0;
  const step = (what: string) => opts.onProgress?.(done++, total, what);
  step('selecting samples');
  const samples = selectQueue(loadSamples(store), opts.spec, opts.seed, (s) => !!staleDecision(store, s.id, s.contentHash));
  const name = queueName(opts.spec);
  const outDir = opts.outDir ?? join(DEFAULT_QUEUE_ROOT, name);
  // Written into a staging folder file by file and swapped in at once (output/atomicDir.ts): a
  // reviewer never opens half a queue; other formats' files stay.
  const files: string[] = [];
  const owned = new Set<string>();
  replaceDir(
    outDir,
    (dir) => {
      if (opts.formats.includes('argilla')) {
        step('argilla');
        files.push(...writeArgillaDisk(dir, 'argilla/', name, samples));
      }
      if (opts.formats.includes('labelstudio')) {
        step('labelstudio');
        dir.writeFile('labelstudio/config.xml', labelStudioConfig());
        dir.stream('labelstudio/tasks.json', (sink) => writeJsonArray(sink, samples.map(labelStudioTask)));
        files.push('labelstudio/config.xml', 'labelstudio/tasks.json');
      }
      if (opts.formats.includes('csv')) {
        step('csv');
        const cells = new Map<string, string>();
        dir.stream('review.csv', (sink) => {
          for (const line of csvQueueLines(samples, cells)) sink.write(line);
        });
        files.push('review.csv');
        for (const [rel, text] of cells) {
          dir.writeFile(rel, text);
          files.push(rel);
        }
      }
      for (const f of files) owned.add(f);
    },
    { owned: (rel) => owned.has(rel) || (opts.formats.includes('csv') && rel.startsWith('review.csv.cells/')) },
  );
  step('done');
  return { queue: name, outDir, samples, files };
}
