import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { jsonArrayElements, jsonObjectEntries } from '../../sources/jsonMembers.js';
import { readJsonFile, SourceFileError } from '../../sources/records.js';
import { sourceFiles } from '../../sources/paths.js';
import { canonicalJson } from '../../pipeline/hash.js';

const dir = mkdtempSync(join(tmpdir(), 'forge-json-members-'));
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

describe('whole-file JSON sources read a member at a time', () => {
  it('gives what Object.entries of the whole parse gives: index keys first, a repeated key at its first place with its last value, big integers exact', () => {
    const path = file('obj.json', '{"b": {"x": [1, "a,]}\\"{"]}, "10": 731584702487700952, "2": {"y": 1.5}, "a": null, "b": "last", "0": []}\n');
    expect([...jsonObjectEntries(path)]).toEqual(Object.entries(readJsonFile(path) as object));
    expect([...jsonObjectEntries(path)].map(([k]) => k)).toEqual(['0', '2', '10', 'b', 'a']);
    expect(typeof Object.fromEntries(jsonObjectEntries(path))['10']).toBe('bigint');
  });

  it('reads members larger than its buffer and empty containers', () => {
    const big = 'x'.repeat(3 << 20);
    const path = file('arr.json', `[{"s": "${big}"}, 2, "three"]`);
    expect([...jsonArrayElements(path)]).toEqual(readJsonFile(path));
    expect([...jsonArrayElements(file('empty.json', ' [ ] '))]).toEqual([]);
    expect([...jsonObjectEntries(file('emptyo.json', '{}'))]).toEqual([]);
  });

  it('reports a broken file as readJsonFile does, with its line', () => {
    const broken = file('broken.json', '{"a": 1,\n"b": [1, 2\n');
    expect(() => [...jsonObjectEntries(broken)]).toThrow(SourceFileError);
    expect(() => [...jsonObjectEntries(broken)]).toThrow(/not valid JSON/);
    expect(() => [...jsonObjectEntries(file('trailing.json', '{"a": 1,}'))]).toThrow(SourceFileError);
    expect(() => [...jsonArrayElements(file('obj2.json', '{"a": 1}'))]).toThrow(/top level is an object/);
  });

  it('reads the vendored T-Eval files exactly as the whole-file parse does', () => {
    const files = sourceFiles(undefined);
    for (const path of [files.teval.plans, files.teval.reviews]) {
      expect(canonicalJson([...jsonObjectEntries(path)])).toBe(canonicalJson(Object.entries(readJsonFile(path) as object)));
    }
    expect(canonicalJson([...jsonArrayElements(files.bfcl.executed)])).toBe(canonicalJson(readJsonFile(files.bfcl.executed)));
  });
});
