/**
 * Clean stops on SIGINT / SIGTERM. The first signal asks the runner to start no new item: items in
 * flight finish and are committed, the run is recorded as interrupted, and the command exits with
 * 128 + the signal number (130 / 143) after saying how to resume. A second signal abandons the
 * items in flight (nothing half-written is committed: each item commits in one transaction) and
 * exits at once with the same code.
 */
export const SIGNAL_EXIT_CODES: Record<'SIGINT' | 'SIGTERM', number> = { SIGINT: 130, SIGTERM: 143 };
export type StopSignal = keyof typeof SIGNAL_EXIT_CODES;

export class Interrupt {
  signal?: StopSignal;
  private readonly listeners = new Set<(signal: StopSignal) => void>();

  request(signal: StopSignal): void {
    if (this.signal) return;
    this.signal = signal;
    for (const l of this.listeners) l(signal);
  }

  /** Calls fn when a stop is requested (at once if it already was); returns the unsubscribe. */
  onRequest(fn: (signal: StopSignal) => void): () => void {
    if (this.signal) fn(this.signal);
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }
}

/**
 * Routes SIGINT / SIGTERM to `interrupt`; the second signal calls `abandon` (which must exit).
 * Returns the function that removes the handlers.
 */
export function handleStopSignals(interrupt: Interrupt, abandon: (signal: StopSignal) => void, log: (line: string) => void = (l) => process.stderr.write(l + '\n')): () => void {
  const on = (signal: StopSignal) => () => {
    if (interrupt.signal) return abandon(signal);
    log(`\n${signal}: finishing the items in flight, starting no new ones (send it again to stop at once)`);
    interrupt.request(signal);
  };
  const handlers = { SIGINT: on('SIGINT'), SIGTERM: on('SIGTERM') };
  process.on('SIGINT', handlers.SIGINT);
  process.on('SIGTERM', handlers.SIGTERM);
  return () => {
    process.off('SIGINT', handlers.SIGINT);
    process.off('SIGTERM', handlers.SIGTERM);
    // A signal after the run has finished (its output written, the store closing) ends the process with the
    // run's own exit code, never with Node's default death by signal: the fault battery's SIGINT at 7.5 s of
    // an 8.6 s build arrived after "wrote 28 files" and the command died by SIGINT, as if it had failed.
    const late = () => process.exit(typeof process.exitCode === 'number' ? process.exitCode : 0);
    process.once('SIGINT', late);
    process.once('SIGTERM', late);
  };
}
