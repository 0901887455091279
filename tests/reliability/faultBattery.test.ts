/**
 * The fault battery (scripts/bench/faults.ts) once through on the real CLI: kill -9 during a build,
 * an export and a release, SIGINT during a build, a full disk under the export (root only) — each
 * followed by a rerun that must exit 0 with files byte-identical to a reference and no staging
 * folder left. `pnpm bench faults --rounds N` runs more rounds at other seeded moments.
 */
import { describe, expect, it } from 'vitest';
import { runFaultBattery } from '../../scripts/bench/faults.js';

describe('fault battery', () => {
  it('survives every injected fault, nothing lost', async () => {
    const lines: string[] = [];
    const counts = await runFaultBattery({ rounds: 1, seed: 11, log: (l) => lines.push(l) });
    expect(counts.failures, lines.join('\n')).toEqual([]);
    const injected = Object.values(counts.injected).reduce((a, b) => a + b, 0);
    expect(injected).toBeGreaterThanOrEqual(process.getuid?.() === 0 ? 5 : 4);
    expect(counts.survived).toEqual(counts.injected);
  }, 1_200_000);
});
