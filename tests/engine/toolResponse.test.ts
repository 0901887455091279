/**
 * parseToolResponse remembers how each response text reads (JSON, a Python literal's rewrite, or
 * neither): a repeated read must give the same value as the first, and a value of its own.
 */
import { describe, expect, it } from 'vitest';
import { parseToolResponse } from '../../pipeline/prompts/parseAction.js';

describe('parseToolResponse', () => {
  it('reads JSON, Python literals and neither alike on every read, each time a fresh value', () => {
    const cases: [string, unknown][] = [
      ['{"id": 691676460109271194, "ok": true}', { id: 691676460109271194n, ok: true }],
      ["{'author_id': 'HR5pAakAAAAJ', 'papers': ('a', 'b'), 'done': True, 'n': None}", { author_id: 'HR5pAakAAAAJ', papers: ['a', 'b'], done: true, n: null }],
      ['not a value at all {', undefined],
      ['42', 42],
    ];
    for (let round = 0; round < 3; round++) {
      for (const [text, expected] of cases) {
        const v = parseToolResponse(text);
        expect(v).toEqual(expected);
        // A caller that changes what it got does not change what the next caller gets.
        if (v && typeof v === 'object') (v as Record<string, unknown>).changed = round;
      }
    }
  });
});
