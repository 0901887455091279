/**
 * Progress of the long one-shot writers (release, export sft, review export): they call
 * `onProgress(done, total, what)` between steps, and the CLI turns that into a bar on stderr.
 * The writers run synchronously, so the bar is drawn on each update, not by a timer.
 */
import cliProgress from 'cli-progress';

export type OnProgress = (done: number, total: number, what: string) => void;

/** A bar on stderr (only a terminal shows it: piped output stays clean), or undefined when off. */
export function stepProgress(enabled: boolean, label: string): { onProgress?: OnProgress; stop(): void } {
  if (!enabled) return { stop: () => {} };
  let bar: cliProgress.SingleBar | undefined;
  return {
    onProgress: (done, total, what) => {
      if (!bar) {
        bar = new cliProgress.SingleBar({ format: `${label} {bar} {value}/{total} | {what}`, hideCursor: true, stream: process.stderr }, cliProgress.Presets.shades_classic);
        bar.start(total, done, { what });
      } else bar.update(done, { what });
    },
    stop: () => {
      bar?.stop();
      bar = undefined;
    },
  };
}
