/**
 * The stage registry: every stage of the DAG, by CLI name.
 */
import type { Stage, StageName } from '../pipeline/stage.js';
// Registers every source's hooks into the resolution chain (live executors, cache seeds, grounding hints).
import '../sources/index.js';
import { collectStage } from './collect/index.js';
import { filterStage } from './filter/index.js';
import { standardizeStage } from './standardize/index.js';
import { resolveStage } from './resolve/index.js';
import { observeStage } from './observe/index.js';
import { diversifyInternalStage } from './diversify-internal/index.js';
import { diversifyExternalStage } from './diversify-external/index.js';
import { assembleStage } from './assemble/index.js';
import { exportStageAfter } from './export/index.js';
import { evolveStage } from './evolve/index.js';
import { verifyStage } from './verify/index.js';

const ALL: Stage[] = [collectStage, filterStage, standardizeStage, resolveStage, observeStage, diversifyInternalStage, diversifyExternalStage, assembleStage];
ALL.push(evolveStage, verifyStage);
// export goes last: it runs after whichever of assemble and verify are registered above.
ALL.push(exportStageAfter(ALL));

export function registry(extra: Stage[] = []): Map<StageName, Stage> {
  return new Map([...ALL, ...extra].map((s) => [s.name, s]));
}

/** The worker-thread entry for the items of pure stages: its compiled .js when the CLI runs compiled (bin/compiled.js). */
export const WORKER_MODULE = new URL(import.meta.url.endsWith('.ts') ? './worker.ts' : './worker.js', import.meta.url);
