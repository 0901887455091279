/**
 * Integers beyond 2^53 survive the whole chain: T-Eval's Airbnb ids (691676460109271194, …) go
 * from the vendored source through collect, the store, the item hashes, resolve, assemble and
 * export into the evaluator's files as integer literals with every digit. The official evaluator
 * checks `isinstance(v, int)` in Python, whose ints have no 2^53 limit; JSON.parse anywhere on
 * the way would write 691676460109271200 — another property.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseJson } from '../../pipeline/pyValues.js';
import { listFiles } from '../support/files.js';
import { realRun } from './fixtures/realRun.js';

const PLANS = fileURLToPath(new URL('../../sources/teval/data/plan_json_v1.json', import.meta.url));
const UNSAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** Every integer beyond 2^53 in a value, JSON text inside strings (assistant actions) included. */
function bigIntegers(value: unknown, out: bigint[] = []): bigint[] {
  if (typeof value === 'bigint') {
    if (value > UNSAFE || value < -UNSAFE) out.push(value);
  } else if (typeof value === 'number' && Number.isInteger(value) && !Number.isSafeInteger(value)) {
    out.push(BigInt(value)); // a rounded double: never an upstream id
  } else if (typeof value === 'string') {
    const s = value.trim();
    if (s.startsWith('{') && s.endsWith('}')) {
      try {
        bigIntegers(parseJson(s), out);
      } catch {
        /* prose, not an action */
      }
    }
  } else if (Array.isArray(value)) value.forEach((v) => bigIntegers(v, out));
  else if (value && typeof value === 'object') Object.values(value).forEach((v) => bigIntegers(v, out));
  return out;
}

describe('integers beyond 2^53, from the vendored source to the exported files', async () => {
  // The first 14 T-Eval plans include query_105_0 and query_10_*, whose ground truths carry Airbnb ids
  // beyond 2^53 (query_104_0, property 691676460109271194, emails an attachment nobody made: resolve flags it).
  const { out, reports } = await realRun(14);
  const upstream = new Set(bigIntegers(parseJson(readFileSync(PLANS, 'utf8'))).map(String));

  it('keeps every digit: each one in the evaluator files is an integer literal of the upstream plans', () => {
    expect(reports.every((r) => r.failed === 0)).toBe(true);
    expect(upstream.has('691676460109271194')).toBe(true);
    const found: string[] = [];
    for (const file of listFiles(out).filter((f) => f.endsWith('.json') && /(internal|external)_error\//.test(f))) {
      const text = readFileSync(`${out}/${file}`, 'utf8');
      const samples = parseJson(text) as Record<string, unknown>;
      for (const [id, sample] of Object.entries(samples)) {
        if (!id.startsWith('teval_')) continue;
        for (const n of bigIntegers(sample)) {
          expect(upstream.has(String(n)), `${file} ${id}: ${n} is not an upstream integer (rounded through float64?)`).toBe(true);
          found.push(String(n));
        }
      }
      // Written as a bare integer literal (Python reads an int), never as a string or a float.
      expect(text).not.toMatch(/"691676460109271194"|691676460109271194\.0|691676460109271200/);
    }
    // Not vacuous: the sampled cases do carry such ids (165 on this run).
    expect(found.length).toBeGreaterThan(10);
  });
});
