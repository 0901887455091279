/**
 * A stop signal that arrives after the run has finished ends the command with the run's own exit code,
 * not by Node's default death by signal (the fault battery's SIGINT at 7.5 s of an 8.6 s build came
 * after "wrote 28 files", and the command died by SIGINT as if it had failed).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { handleStopSignals, Interrupt } from '../../pipeline/interrupt.js';

describe('a stop signal after the run', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    process.exitCode = undefined;
  });

  it('exits with the run\'s own code once the handlers are removed', () => {
    const before = process.listenerCount('SIGINT');
    const termBefore = new Set(process.listeners('SIGTERM'));
    const remove = handleStopSignals(new Interrupt(), () => undefined, () => undefined);
    remove();
    // One late handler stays, so the signal no longer kills the process by default.
    expect(process.listenerCount('SIGINT')).toBe(before + 1);
    const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
    process.exitCode = 1;
    process.emit('SIGINT', 'SIGINT');
    expect(exit).toHaveBeenCalledWith(1);
    expect(process.listenerCount('SIGINT')).toBe(before);
    for (const l of process.listeners('SIGTERM')) if (!termBefore.has(l)) process.off('SIGTERM', l);
  });
});
