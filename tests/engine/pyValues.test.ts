/** The one lossless JSON path: integers beyond 2^53 keep every digit, PyFloat stays a float. */
import { describe, expect, it } from 'vitest';
import { canonicalJson, hashValue } from '../../pipeline/hash.js';
import { parseJson, pyInt, PyFloat, pythonJson, pythonJsonWalk, toJson } from '../../pipeline/pyValues.js';

describe('pipeline/pyValues', () => {
  it('reads an id beyond 2^53 as a bigint with every digit, smaller integers as numbers', () => {
    const v = parseJson('{"propertyId": 691676460109271194, "n": 5, "x": 2.5, "neg": -9007199254740993}') as Record<string, unknown>;
    expect(v).toEqual({ propertyId: 691676460109271194n, n: 5, x: 2.5, neg: -9007199254740993n });
    expect(pyInt('9007199254740991')).toBe(9007199254740991);
    expect(pyInt('9007199254740993')).toBe(9007199254740993n);
  });

  it('reads bigints anywhere in a document: nested arrays and objects, the root, an own __proto__ key', () => {
    const text = '{"a": [1, 691676460109271194, {"b": [-9007199254740993, "691676460109271194"]}], "__proto__": 12345678901234567890, "s": "x"}';
    const v = parseJson(text) as Record<string, unknown>;
    expect(v.a).toEqual([1, 691676460109271194n, { b: [-9007199254740993n, '691676460109271194'] }]);
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
    expect(Object.prototype.hasOwnProperty.call(v, '__proto__')).toBe(true);
    expect(Object.getOwnPropertyDescriptor(v, '__proto__')?.value).toBe(12345678901234567890n);
    expect(Object.keys(v)).toEqual(['a', '__proto__', 's']);
    expect(parseJson('12345678901234567890')).toBe(12345678901234567890n);
    expect(parseJson('[12345678901234567890, [12345678901234567891]]')).toEqual([12345678901234567890n, [12345678901234567891n]]);
  });

  it('keeps integral floats as PyFloat only when asked, and the last of duplicate keys', () => {
    expect(parseJson('{"a": 10.0}')).toEqual({ a: 10 });
    expect((parseJson('{"a": 10.0, "b": 12345678901234567890}', { floats: 'keep' }) as { a: unknown }).a).toBeInstanceOf(PyFloat);
    expect(parseJson('{"a": 1, "a": 12345678901234567890}')).toEqual({ a: 12345678901234567890n });
  });

  it('writes bigints as integer literals and PyFloat with a decimal point; otherwise JSON.stringify', () => {
    const value = { b: [1, 'x', null], a: 691676460109271194n, f: new PyFloat(5) };
    expect(toJson(value)).toBe('{"b":[1,"x",null],"a":691676460109271194,"f":5.0}');
    expect(toJson({ b: [1, 'é'], a: { c: true } }, 2)).toBe(JSON.stringify({ b: [1, 'é'], a: { c: true } }, null, 2));
    expect(pythonJson({ id: 691676460109271194n, f: new PyFloat(2) }, 0)).toBe('{"id": 691676460109271194, "f": 2.0}');
    expect(() => JSON.stringify({ id: 1n })).toThrow();
  });

  it('hashes and stores ids that share a float64 apart, and round-trips them', () => {
    const exact = { id: 691676460109271194n };
    const rounded = { id: Number(691676460109271194n) };
    expect(hashValue(exact)).not.toBe(hashValue(rounded));
    expect(parseJson(canonicalJson(exact))).toEqual(exact);
  });
});

describe('pipeline/pyValues fast path', () => {
  it('agrees with the full lossless parser, digits inside strings and long floats untouched', () => {
    const text = '{"s": "id 691676460109271194 \\" 12345678901234567", "a": [1.12345678901234567, -691676460109271194, 12345678901234567.5, 1e400], "n": 12345678901234567890}';
    const v = parseJson(text) as Record<string, unknown>;
    expect(v).toEqual({ s: 'id 691676460109271194 " 12345678901234567', a: [1.12345678901234567, -691676460109271194n, 12345678901234567.5, Infinity], n: 12345678901234567890n });
    // A string that spells the marker the fast path uses is read by the full parser, as it is.
    expect(parseJson('{"s": "\\u0000py-int:1", "n": 12345678901234567890}')).toEqual({ s: '\u0000py-int:1', n: 12345678901234567890n });
  });
});

describe('pythonJson native path', () => {
  // Values the evaluator files hold, plus what could trip a text rewrite of JSON.stringify's output:
  // commas, brackets and escaped newlines inside strings, empty containers, nesting, odd numbers.
  const values: unknown[] = [
    { query_prompt: [{ role: 'system', content: 'a, b\n[c]: {d}\t"e"' }, { role: 'user', content: '' }], ground_truth: { name: 'f', args: { x: [], y: {}, z: [[], [{}]] } }, error_type: '' },
    [1, -0, 0.1, 1e21, 1e-7, -2.5, 123456789012345, 'x', true, false, null],
    { 'k, "q"': { '\n': [' ,\n ', '\u2028', 'é😀'] }, 2: 'int-like key first', a: undefined },
    // Quotes after runs of backslashes, and separators inside strings, for the one-line scan.
    { 'a\\': 'b\\\\', '\\"': ['\\\\"x,y:z"', '\\', '"', ':', ','], 'c:d,e': { '': '' } },
    [],
    {},
    'plain string',
    42,
    null,
  ];

  it('writes exactly what the walking writer writes, at every indent and depth', () => {
    let compared = 0;
    for (const v of values) {
      for (const [indent, depth] of [[0, 0], [2, 0], [2, 1], [2, 3], [4, 2]]) {
        expect(pythonJson(v, indent, depth)).toBe(pythonJsonWalk(v, indent, depth));
        compared++;
      }
    }
    expect(compared).toBe(values.length * 5);
    expect(pythonJson({ a: [1, 'b'] }, 0)).toBe('{"a": [1, "b"]}');
    expect(pythonJson({ a: [1] }, 2, 1)).toBe('{\n    "a": [\n      1\n    ]\n  }');
  });

  it('leaves PyFloat, bigints and non-finite numbers to the walking writer', () => {
    expect(pythonJson({ f: new PyFloat(5), n: 691676460109271194n }, 2)).toBe('{\n  "f": 5.0,\n  "n": 691676460109271194\n}');
    expect(() => pythonJson({ x: NaN })).toThrow(/NaN/);
    expect(() => pythonJson([Infinity], 0)).toThrow(/Infinity/);
  });
});
