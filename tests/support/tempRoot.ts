// Every test run gets one temporary root, removed when the run ends. Tests make their scratch
// directories with mkdtempSync(join(tmpdir(), …)); pointing TMPDIR here before any worker starts
// sends them all (and those of the child processes and Python evaluators they spawn) into this root,
// so a run leaves nothing behind in the machine's /tmp. FORGE_KEEP_TEST_TMP=1 keeps it for debugging.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  const root = mkdtempSync(join(tmpdir(), 'forge-tests-'));
  process.env.TMPDIR = root;
  return () => {
    if (process.env.FORGE_KEEP_TEST_TMP === '1') {
      console.log(`test scratch kept in ${root}`);
      return;
    }
    rmSync(root, { recursive: true, force: true });
  };
}
