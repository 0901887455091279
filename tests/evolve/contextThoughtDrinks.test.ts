/**
 * A CoT reply's thought in an inserted café dialogue names every drink the reply does: before evolve
 * 39, 94.4% (472/500) of CoT long-context cases had a thought saying "Saying the cortado back to
 * them …" beside "Two cortados, one with 2% milk and one with almond milk?" (the first drink the
 * reply named, in the singular).
 */
import { describe, expect, it } from 'vitest';
import { replyDrinks } from '../../pipeline/dialogueRules.js';
import { contextThoughts } from '../../stages/evolve/contextThoughts.js';
import { contextThoughtDrinkShort } from '../../pipeline/quality/measures/context.js';
import { DEFAULT_QUALITY_THRESHOLDS } from '../../pipeline/config.js';

describe('thoughts name every drink the reply names', () => {
  it('reads two kinds, a counted plural, and one drink', () => {
    expect(replyDrinks('Two cortados, one with 2% milk and one with almond milk?')).toEqual({ phrase: 'cortados', plural: true });
    expect(replyDrinks('A mocha with 2% milk and a cortado with almond milk. Have I got that right?')).toEqual({ phrase: 'mocha and the cortado', plural: true });
    expect(replyDrinks('Great. Say a decaf cortado at the register and that is it.')).toEqual({ phrase: 'cortado', plural: false });
    expect(replyDrinks('Sure, I can help with that.')).toBeUndefined();
  });

  it('the thought writer says the plural and agrees with it', () => {
    const turns = [
      { role: 'user' as const, content: 'Can I get two cortados, one with 2% milk and one with almond milk?' },
      { role: 'assistant' as const, content: 'Two cortados, one with 2% milk and one with almond milk?' },
      { role: 'user' as const, content: 'Yes.' },
      { role: 'assistant' as const, content: 'Great. At the counter, ask for the cortados, one with 2% milk and one with almond milk.' },
    ];
    const [readback, settle] = contextThoughts(turns, new Set([0]));
    expect(readback).toMatch(/the cortados\b/i);
    expect(settle).toMatch(/the cortados\b/i);
    expect(settle).not.toMatch(/cortados is\b/);
  });

  it('long_context_thought_drink_short flags a singular thought beside two drinks; gated at 0', () => {
    const tc = (thought: string) =>
      ({
        id: 'x~long_context', kind: 'internal', errorType: '', cot: true, k: 1, trajectoryId: 't', source: 'bfcl', tools: [],
        messages: [
          { role: 'system', content: 'tools' },
          { role: 'user', content: 'Can I get two cortados, one with 2% milk and one with almond milk?' },
          { role: 'assistant', content: JSON.stringify({ thought, name: 'FinishAction', args: 'Two cortados, one with 2% milk and one with almond milk?' }) },
          { role: 'user', content: 'Book a flight.' },
        ],
        groundTruth: { name: 'FinishAction', args: 'ok' },
        evolution: { strategy: 'long_context', method: 'rules', details: { longContext: { insertedAt: 1, messages: 2 } } },
        provenance: { methods: {}, parents: [] },
      }) as never;
    const ctx = { trajectory: () => undefined, baseCase: () => undefined };
    const bad = contextThoughtDrinkShort.check(tc('Saying the cortado back to them is the surest way to know I heard it right.'), ctx);
    const good = contextThoughtDrinkShort.check(tc('Saying the cortados back to them is the surest way to know I heard it right.'), ctx);
    expect(DEFAULT_QUALITY_THRESHOLDS.long_context_thought_drink_short).toBe(0);
    // The measure reads the inserted turns of a real case shape; where this hand-made one is not read as one, it says so.
    expect(bad).toBeDefined();
    {
      expect(bad).toMatch(/the cortado back/);
      expect(good).toBeNull();
    }
  });
});

/** Evolve 71: a menu reply's thought names a drink by the cup with its article or "kind of", a plural with "are". */
describe('menu-reply thoughts read as English', () => {
  it('never "the question about steamer" nor "what drinks there is"', () => {
    const seen: string[] = [];
    for (const [question, reply] of [
      ['What is in a steamer?', "I can't see the café's menu, so I can't check what goes into their steamer, but the barista can tell you."],
      ['What drinks do you have?', "I can't see the café's menu, so I can't check what drinks they have, but the staff there can tell you."],
      ['Do you have an americano?', "I can't see the café's menu, so I can't check whether they have an americano, but the barista can tell you."],
    ]) {
      for (let n = 0; n < 12; n++) {
        const turns = [
          ...Array.from({ length: n }, (_, i) => [{ role: 'user' as const, content: `Can I get a latte number ${i}?` }, { role: 'assistant' as const, content: 'A latte, is that right?' }]).flat(),
          { role: 'user' as const, content: question },
          { role: 'assistant' as const, content: reply },
        ];
        seen.push(contextThoughts(turns, new Set([0])).at(-1)!);
      }
    }
    const menu = seen.filter((t) => /café's menu|depends on the café|café decides/.test(t));
    expect(menu.length).toBeGreaterThan(5);
    for (const t of menu) {
      expect(t, t).not.toMatch(/\bquestion about (?:steamer|americano)\b|\bwhat (?:steamer|americano) (?:they|there|to)\b/);
      expect(t, t).not.toMatch(/\bdrinks there is\b/);
    }
  });
});
