// The export writes each case's JSONL line and evaluator entry with sortedPythonJson, one walk, where
// it used to sort a copy of the case (sortKeys) and hand that to pythonJson. The bytes must not move.
import { describe, expect, it } from 'vitest';
import { sortKeys, sortedPythonJson } from '../../output/critictool/format.js';
import { pythonJson, pythonJsonWalk, PyFloat } from '../../pipeline/pyValues.js';

class Point {
  constructor(
    readonly y: number,
    readonly x: number,
  ) {}
}

const SAMPLES: unknown[] = [
  null,
  true,
  'a "quoted" \\ back\nslash \u2028 é 😀',
  0,
  -0,
  5,
  5.25,
  1e21,
  -1e-7,
  123456789012345678901234567890n,
  new PyFloat(5),
  new PyFloat(-0),
  new PyFloat(1e21),
  new PyFloat(2.5),
  [],
  {},
  [[], {}, [[]]],
  [1, undefined, 'x', null],
  { b: 1, a: 2, B: 3, _: 4, 'a b': 5, é: 6, '': 7 },
  // Array-index keys: an object lists them first, in numeric order.
  { '10': 'ten', '9': 'nine', '01': 'leading zero', a: 1, '4294967295': 'not an index', '4294967294': 'last index', '-1': 'negative' },
  { skipped: undefined, kept: 1, nested: { z: [new PyFloat(1), 2n ** 70n], y: undefined, x: { w: [] } } },
  { date: new Date(0), map: new Map([[1, 2]]), point: new Point(1, 2) },
  {
    id: 'bfcl_1-k1',
    messages: [
      { role: 'system', content: 'You can call:\n[{"name":"f"}]' },
      { role: 'user', content: 'book 2 rooms' },
    ],
    groundTruth: { name: 'f', args: { n: new PyFloat(2), big: 2n ** 64n, list: [1, 2.5, 'x'] }, thought: 'go' },
    tools: [{ name: 'f', description: 'd', required_parameters: [{ name: 'n', type: 'float', description: '' }], optional_parameters: [], return_data: [] }],
  },
];

describe('sortedPythonJson', () => {
  it('writes what pythonJson writes of the sorted copy, on one line and indented', () => {
    for (const value of SAMPLES) {
      expect(sortedPythonJson(value)).toBe(pythonJson(sortKeys(value), 0));
      expect(sortedPythonJson(value, 2, 1)).toBe(pythonJson(sortKeys(value), 2, 1));
      expect(sortedPythonJson(value, 2, 0)).toBe(pythonJson(sortKeys(value), 2, 0));
      expect(sortedPythonJson(value, 2, 1)).toBe(pythonJsonWalk(sortKeys(value), 2, 1));
    }
  });

  it('refuses what JSON cannot carry, as pythonJson does', () => {
    for (const bad of [Number.NaN, Infinity, new PyFloat(Number.NaN), [() => 1], { f: Symbol('s') }, undefined]) {
      expect(() => pythonJson(sortKeys(bad), 0)).toThrow();
      expect(() => sortedPythonJson(bad)).toThrow();
    }
  });
});
