import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { basename, dirname } from 'node:path';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// tests/support/tempRoot.ts points TMPDIR at one root per run and removes it at the end; a test's
// scratch directory (and a child process's) must land inside it, or the run leaks into /tmp.
describe('test scratch directories', () => {
  it('are made inside the run’s own temporary root', () => {
    const dir = mkdtempSync(join(tmpdir(), 'scratch-'));
    expect(basename(dirname(dir))).toMatch(/^forge-tests-/);
  });

  it('are made there by child processes too', () => {
    const childTmp = execFileSync(process.execPath, ['-e', 'process.stdout.write(require("node:os").tmpdir())'], { encoding: 'utf8' });
    expect(childTmp).toBe(tmpdir());
    expect(basename(childTmp)).toMatch(/^forge-tests-/);
  });
});
