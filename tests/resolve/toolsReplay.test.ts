/**
 * `pnpm tools replay FILE` as a user runs it: a real child process through the CLI. Each line
 * runs on fresh backend state; a bad line is named by file and line number and the others run.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { replayLines } from '../../scripts/commands/tools.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'forge-replay-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const FS = { GorillaFileSystem: { root: { alex: { type: 'directory', contents: { docs: { type: 'directory', contents: { 'a.txt': { type: 'file', content: 'hello' } } } } } } } };
const LINES = [
  JSON.stringify({ initial_config: FS, involved_classes: ['GorillaFileSystem'], calls: [{ name: 'cd', args: { folder: 'docs' } }, { name: 'GorillaFileSystem.cat', args: { file_name: 'a.txt' } }, { name: 'cd', args: { folder: 'docs' } }] }),
  '{"initial_config": {}, "involved_classes": ["MathAPI"], "calls": [{"name": "add", "args": {"a": 1, "b": 2.0}}]}',
  'this is not json',
  JSON.stringify({ initial_config: {}, involved_classes: ['NoSuchAPI'], calls: [] }),
  '',
  // Fresh state per line: the first line's cd does not carry over.
  JSON.stringify({ initial_config: FS, involved_classes: ['GorillaFileSystem'], calls: [{ name: 'pwd', args: {} }] }),
];

describe('pnpm tools replay', () => {
  it('prints one JSONL line per input line; bad lines name file:line, the others still run; exit code 1', () => {
    const file = join(dir, 'calls.jsonl');
    writeFileSync(file, LINES.join('\n') + '\n');
    const res = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts/cli.ts'), 'tools', 'replay', file], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
    expect(res.status).toBe(1);
    const out = res.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(out.map((o) => o.line)).toEqual([1, 2, 3, 4, 6]);
    expect(out[0].responses).toEqual([
      { name: 'cd', response: '{"current_working_directory": "docs"}' },
      { name: 'GorillaFileSystem.cat', response: '{"file_content": "hello"}' },
      { name: 'cd', response: '{"error": "cd: \'docs\': No such file or directory"}', error: "cd: 'docs': No such file or directory" },
    ]);
    // 2.0 stays a float, as in Python.
    expect(out[1].responses).toEqual([{ name: 'add', response: '{"result": 3.0}' }]);
    expect(out[2].error).toMatch(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}:3: not valid JSON`));
    expect(out[3].error).toContain(`${file}:4: field involved_classes.0`);
    expect(out[4].responses).toEqual([{ name: 'pwd', response: '{"current_working_directory": "/alex"}' }]);
    expect(res.stderr).toContain(`error: ${file}:3:`);
    expect(res.stderr).toContain(`error: ${file}:4:`);
  });

  it('replayLines runs a line\'s calls in order on one state, with BFCL\'s default state for what the config leaves out', () => {
    const text = JSON.stringify({
      initial_config: { TradingBot: {} },
      involved_classes: ['TradingBot'],
      calls: [{ name: 'get_current_time', args: {} }, { name: 'TradingBot.get_symbol_by_name', args: { name: 'Apple' } }],
    });
    const [r] = replayLines(text, 'inline.jsonl');
    expect(r.responses!.map((x) => x.response)).toEqual(['{"current_time": "10:30 AM"}', '{"symbol": "AAPL"}']);
  });
});
