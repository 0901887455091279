/**
 * Evolve 64. An order that ends in an aside ("two mochas, one decaf") was read back in frames that go
 * on in words right after it: "Is it two mochas, one decaf you'd like?", "I have two lattes, one decaf
 * down; is that accurate?" (long_context_readback_run_on 144 of 1,000 long-context cases on f36). Such
 * an order now takes the other frames.
 */
import { describe, expect, it } from 'vitest';
import { dialoguesAt } from '../../sources/dialogue/context.js';
import type { Corpus } from '../../sources/dialogue/corpus.js';
import { readBackRunOn } from '../../pipeline/quality/measures/context.js';

const DRINKS = ['latte', 'mocha', 'cortado', 'cappuccino', 'macchiato', 'americano', 'chai latte', 'flat white', 'matcha latte', 'hot chocolate', 'cold brew', 'espresso'];

/** Two-drink orders with one decaf: every read-back names an order ending in an aside. */
function corpus(n: number): Corpus {
  const dialogues = Array.from({ length: n }, (_, i) => {
    const drink = DRINKS[i % DRINKS.length];
    const turns = [`Can I get two ${drink}s? Make one of them decaf, please.`, 'Is this correct for your order? Look at the screen.', 'Yes.', 'Great. Thank you.'];
    return { id: `t.jsonl#d${i}`, turns: turns.map((content, k) => ({ role: (k % 2 ? 'assistant' : 'user') as 'user' | 'assistant', content, tokens: 10 })) };
  });
  return { files: ['t.jsonl'], digest: 'x', dialogues, dropped: [] };
}

describe('a read-back frame never runs on after an order ending in an aside', () => {
  it('the measure flags the run-on frames and passes the others', () => {
    expect(readBackRunOn("Is it two mochas, one decaf you'd like?")).toBeDefined();
    expect(readBackRunOn('I have two lattes, one decaf down; is that accurate?')).toBeDefined();
    expect(readBackRunOn("Is it a mocha you'd like?")).toBeUndefined();
    expect(readBackRunOn('So you want two mochas, one decaf, right?')).toBeUndefined();
  });

  it('an insertion of twenty such orders uses none of them', () => {
    const c = corpus(36);
    const ids = c.dialogues.map((d) => d.id);
    let readBacks = 0;
    for (const start of [0, 12]) {
      for (const t of dialoguesAt(c, ids.slice(start, start + 24), 600).turns) {
        if (t.role !== 'assistant') continue;
        if (/decaf/.test(t.content) && /\?/.test(t.content)) readBacks++;
        expect(readBackRunOn(t.content), t.content).toBeUndefined();
      }
    }
    // The orders were read back (with every frame in use), so the check saw them.
    expect(readBacks).toBeGreaterThan(20);
  });
});
