/**
 * A full garbage collection between stages. A stage's live data is gone when it ends (43–140 MB of
 * heap stays on the default build), but V8 sizes its heap to the machine (a 4 GB limit on 24 GB)
 * and collects lazily, so one process running every stage peaked at 1.05 GB RSS while each stage
 * alone needed under 500 MB. Collecting at each boundary keeps the peak to the largest stage.
 * `gc` is exposed at run time (the documented `--expose-gc` flag, set from inside the process)
 * so no launcher needs a node option.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let gc: (() => void) | undefined;
let growthBounded = false;

/**
 * How far V8 lets the old generation grow past what the last full collection kept, in percent.
 * By default the factor is chosen per collection, up to 4× on a machine this size: a stage whose
 * live heap stays near 60 MB at 3× the data (what a forced collection leaves in diversify-internal,
 * diversify-external and assemble) grew its heap, and its RSS, with the garbage the data makes.
 * 1.5× keeps the heap a fixed step above what is live, at no CPU cost measurable on the shared 2 cores.
 */
export const HEAP_GROWING_PERCENT = 50;

/** Bound the old generation's growth (once per process, before the stages allocate). */
export function boundHeapGrowth(): void {
  if (growthBounded) return;
  growthBounded = true;
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}

export function collectGarbage(): void {
  if (!gc) {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as () => void;
  }
  gc();
}
