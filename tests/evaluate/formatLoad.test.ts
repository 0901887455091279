/**
 * format_load, Python's ==, str() and json/literal parsing, checked against Python itself: the same
 * replies go through tests/support/evaluator/perfect_model.py's format_load (a re-implementation of
 * the official one, run by python3) and through ours, and the repr of every result must be equal.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { formatLoad } from '../../evaluate/formatLoad.js';
import { literalEval } from '../../evaluate/python/literal.js';
import { parsePyJson } from '../../evaluate/python/json.js';
import { floatRepr, pyEquals, pyRepr, PyDict } from '../../evaluate/python/value.js';

const REPLIES = [
  '{"name": "A.b", "args": {"x": 5, "y": 5.0, "z": true, "w": null}}',
  "{'name': 'A.b', 'args': {'x': True, 'y': None, 'z': (1, 2)}}",
  '```json\n{"error": "tool_select_error", "name": "A.b", "args": {}}\n```',
  'Sure! Here is the call:\n```json\n{"name": "A.b", "args": {"q": "it\'s"}}\n```\nDone.',
  'I think {"name": "A.b", "args": {"k": [1, 2.5, -3]}} is right',
  '{"thought": {"nested": 1}, "name": 42, "args": "just text"}',
  '{"name": "FinishAction", "args": "The answer is 5."}',
  'no json here at all',
  '',
  '{"name": "A.b", "args": {"big": 123456789012345678901234567890, "tiny": 1e-7, "e": 1e16}}',
  "{'name': 'A.b', 'args': {'s': 'caf\\u00e9 \\n tab\\t', \"d\": \"it's\"}}",
  '{"name": "A.b", "args": {"a": 1,},}',
  '["name", "args"]',
  '{"error": "", "name": "", "args": {}}',
  '{"error": ["parameters_key_error"], "name": "x", "args": {1: 2}}',
  "{'name': 'A.b', 'args': {'x': 1_000, 'h': 0x1F, 'c': 1+2j, 'n': -0.0}}",
  '{"name": "A.b", "args": {"u": "\\ud83d\\ude00", "nan": NaN}}',
  "{'name': 'A.b', 'args': {'x': 'a' 'b', 'r': r'\\d+'}}",
  '{"name": "A.b"} trailing } brace',
  '{"name": "A.b", "args": {"x": true}} # comment',
];

function pythonRepr(replies: string[], start: string, end: string): string[] {
  const script = `
import json, sys
sys.path.insert(0, 'tests/support/evaluator')
from perfect_model import format_load
for raw in json.loads(sys.stdin.read()):
    print(repr(format_load(raw, ${JSON.stringify(start)}, ${JSON.stringify(end)})))
`;
  return execFileSync('python3', ['-c', script], { input: JSON.stringify(replies), encoding: 'utf8' }).trimEnd().split('\n');
}

function ourRepr(raw: string, start: string, end: string): string {
  const r = formatLoad(raw, start, end);
  const d = new PyDict();
  d.set('error', r.error);
  d.set('thought', r.thought);
  d.set('name', r.name);
  d.set('args', r.args);
  return pyRepr(d);
}

describe('format_load against Python', () => {
  for (const [start, end] of [
    ['{', '}'],
    ['', ''],
  ]) {
    it(`parses every reply as Python does (start ${JSON.stringify(start)})`, () => {
      const expected = pythonRepr(REPLIES, start, end);
      expect(REPLIES.map((r) => ourRepr(r, start, end))).toEqual(expected);
    });
  }
});

describe('Python values', () => {
  it('== follows Python: 5 == 5.0 == True-ish, a tuple is not a list, dict order does not matter', () => {
    expect(pyEquals(literalEval('5'), literalEval('5.0'))).toBe(true);
    expect(pyEquals(literalEval('1'), literalEval('True'))).toBe(true);
    expect(pyEquals(literalEval('(1, 2)'), literalEval('[1, 2]'))).toBe(false);
    expect(pyEquals(literalEval("{'a': 1, 'b': 2}"), parsePyJson('{"b": 2, "a": 1}'))).toBe(true);
    expect(pyEquals(literalEval("'5'"), literalEval('5'))).toBe(false);
  });

  it('float repr matches Python', () => {
    const xs = [1e16, 1e-5, 0.0001, 123456789012345680, 1.5e300, -0, 0.1, 5, 2.5e-300, 1 / 3, 1e15];
    const script = `import json,sys\nfor x in json.loads(sys.stdin.read()): print(repr(float(x)))`;
    const expected = execFileSync('python3', ['-c', script], { input: JSON.stringify(xs), encoding: 'utf8' }).trimEnd().split('\n');
    expect(xs.map(floatRepr)).toEqual(expected.map((s, i) => (Object.is(xs[i], -0) ? '-0.0' : s)));
  });
});
