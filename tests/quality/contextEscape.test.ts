/**
 * A Long Context insertion shows no line break its corpus escaped into text. On the default build
 * before the corpus reader read them as spaces, 281 of 997 cases with an inserted context (28.2%)
 * showed one ("It is.\r", "…at the coffee bar\r").
 */
import { describe, expect, it } from 'vitest';
import type { TestCase } from '../../pipeline/schemas.js';
import { contextEscapeResidue } from '../../pipeline/quality/measures/text.js';

const ctx = { trajectory: () => undefined, baseCase: () => undefined };
const mk = (reply: string, user = 'A latte, please.'): TestCase =>
  ({
    id: 'c~long_context',
    kind: 'internal',
    errorType: '',
    cot: false,
    trajectoryId: 't',
    source: 'bfcl',
    k: 1,
    messages: [
      { role: 'system', content: 'tools' },
      { role: 'user', content: user },
      { role: 'assistant', content: JSON.stringify({ name: 'FinishAction', args: reply }) },
      { role: 'user', content: 'Now move the file.' },
    ],
    tools: [],
    groundTruth: { name: 'mv', args: {} },
    provenance: { methods: {}, parents: [] },
    evolution: { applied: ['long_context'], baseCaseId: 'c', strategy: 'long_context', details: { longContext: { insertedAt: 1, messages: 2 } } },
  }) as unknown as TestCase;

describe('escaped line breaks in an inserted context', () => {
  it('flags one in a reply or a user turn, not in the task\'s own turns or clean text', () => {
    expect(contextEscapeResidue.check(mk('Your order will be ready at the coffee bar\\r'), ctx)).toMatch(/assistant turn: ".*coffee bar\\r"/);
    expect(contextEscapeResidue.check(mk('Ready soon.', 'It is.\\r'), ctx)).toMatch(/user turn/);
    expect(contextEscapeResidue.check(mk('Ready soon.'), ctx)).toBeNull();
    const plain = { ...mk('x'), evolution: undefined } as TestCase;
    expect(contextEscapeResidue.check(plain, ctx)).toBeUndefined();
  });
});
