/**
 * An evaluator file larger than V8's string limit (~2^29 characters, ≈ 512 MiB): the old writer
 * built each file as one string (`evaluatorFile`, then `replaceDir` of a path → text map) and died
 * with "Invalid string length" after all the work was done. The streaming writer (EvaluatorFileWriter
 * into a FileSink) writes it entry by entry, and the streaming reader (evaluate/entries.ts) reads it
 * back entry by entry — first and last entries exact (an integer beyond 2^53 included), every id in
 * order, the sha256 of the bytes on disk.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { constants } from 'node:buffer';
import { openFileSink } from '../../output/fileSink.js';
import { EvaluatorFileWriter, evaluatorEntry, sortByIdHash } from '../../output/critictool/format.js';
import { eachEvaluatorEntry } from '../../evaluate/entries.js';
import { fileLines } from '../../pipeline/fileLines.js';
import { fileSha256 } from '../../pipeline/hash.js';
import { PyDict, pyStr } from '../../evaluate/python/value.js';
import type { TestCase } from '../../pipeline/schemas.js';

const BIG_ID = 691676460109271194n;
// Past the string limit with room to spare; one long message per case keeps the case count (and time) low.
const TARGET_BYTES = 540 * 2 ** 20;
const MESSAGE_CHARS = 1 << 20;

function syntheticCase(i: number, filler: string): TestCase {
  return {
    id: `large-${String(i).padStart(5, '0')}`,
    kind: 'internal',
    errorType: 'parameters_value_error',
    cot: false,
    trajectoryId: `t${i}`,
    source: 'teval',
    k: 1,
    messages: [
      { role: 'system', content: `tools [] case ${i}\nTo use a tool` },
      { role: 'user', content: `${i}: ${filler}` },
    ],
    tools: [
      {
        name: 'Book.room',
        description: 'Book a room.',
        required_parameters: [
          { name: 'property_id', type: 'integer', description: 'id' },
          { name: 'price', type: 'float', description: 'price' },
        ],
        optional_parameters: [],
        return_data: [],
      },
    ],
    groundTruth: { name: 'Book.room', args: { property_id: BIG_ID + BigInt(i), price: 5 } },
    provenance: { methods: {}, parents: [] },
  } as TestCase;
}

describe('an evaluator file past the string limit', () => {
  const dir = mkdtempSync(join(tmpdir(), 'forge-large-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  let writtenSha = '';

  it('is written entry by entry and read back entry by entry', () => {
    expect(TARGET_BYTES).toBeGreaterThan(constants.MAX_STRING_LENGTH);
    const filler = 'x'.repeat(MESSAGE_CHARS);
    const count = Math.ceil(TARGET_BYTES / MESSAGE_CHARS) + 1;
    const ordered = sortByIdHash(Array.from({ length: count }, (_, i) => ({ id: `large-${String(i).padStart(5, '0')}`, i })));
    const path = join(dir, 'internal_error/base_data_wo_cot.json');

    const sink = openFileSink(path);
    const writer = new EvaluatorFileWriter((t) => sink.write(t), path);
    for (const { i } of ordered) writer.add(syntheticCase(i, filler));
    writer.end();
    const written = sink.close();

    expect(written.bytes).toBe(statSync(path).size);
    expect(written.bytes).toBeGreaterThan(constants.MAX_STRING_LENGTH);
    expect(written.sha256).toBe(fileSha256(path));
    expect(writer.samples).toBe(count);
    writtenSha = written.sha256;

    const ids: string[] = [];
    const kept = new Map<number, PyDict>();
    const sha256 = eachEvaluatorEntry(path, (key, value) => {
      if (ids.length === 0 || ids.length === count - 1) kept.set(ids.length, value as PyDict);
      ids.push(pyStr(key));
    });
    expect(sha256).toBe(written.sha256);
    expect(ids).toEqual(ordered.map((o) => o.id));
    for (const at of [0, count - 1]) {
      const { i } = ordered[at];
      const value = kept.get(at)!;
      const args = (value.get('ground_truth') as PyDict).get('args') as PyDict;
      expect(args.get('property_id')).toBe(BIG_ID + BigInt(i)); // every digit, as a Python int
      expect(args.get('price')).toBe(5); // a float (Python reads 5.0)
      const prompt = value.get('query_prompt') as PyDict[];
      expect(prompt[1].get('content')).toBe(`${i}: ${filler}`);
      // The entry is what evaluatorEntry makes of the case (its JSON, key for key).
      expect(Object.keys(evaluatorEntry(syntheticCase(i, filler)))).toEqual(value.keys());
    }
  }, 300_000);

  it('streams its lines with the same hash (the JSONL readers)', () => {
    const path = join(dir, 'internal_error/base_data_wo_cot.json');
    const hash = createHash('sha256');
    let lines = 0;
    let last = '';
    for (const line of fileLines(path, { hash })) {
      lines++;
      last = line;
    }
    expect(last).toBe('}');
    expect(lines).toBeGreaterThan(1000);
    expect(hash.digest('hex')).toBe(writtenSha);
  }, 300_000);
});
