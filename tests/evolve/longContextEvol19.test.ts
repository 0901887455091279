/**
 * Evolve 60 (h-evol19). Each dialogue read its order back in a frame drawn from its id, so one
 * insertion of some thirty orders said "Let me read that back: …" or "To be sure I follow, that's
 * …?" five times (long_context_readback_frame_repeats 5.41 on f31). An insertion now words its
 * read-backs apart (honest.ts wordReadBacks) and fits the customer's answer to the new question.
 */
import { describe, expect, it } from 'vitest';
import { dialoguesAt } from '../../sources/dialogue/context.js';
import type { Corpus } from '../../sources/dialogue/corpus.js';
import { confirmationMisfits, normalizeLine, readBackFrame } from '../../pipeline/dialogueRules.js';
import { DEFAULT_QUALITY_THRESHOLDS } from '../../pipeline/config.js';

const DRINKS = ['latte', 'mocha', 'cortado', 'cappuccino', 'macchiato', 'americano', 'chai latte', 'flat white', 'matcha latte', 'hot chocolate', 'cold brew', 'espresso'];
const MILKS = ['oat milk', 'almond milk', 'soy milk', 'whole milk'];
const ANSWERS = ['Yes it is.', 'Yes.', 'Yes, that is right.', 'Yes I do.'];

function corpus(n: number): Corpus {
  const dialogues = Array.from({ length: n }, (_, i) => {
    const drink = DRINKS[i % DRINKS.length];
    const milk = MILKS[Math.floor(i / DRINKS.length) % MILKS.length];
    const turns = [`I'd like a ${drink} with ${milk}, please.`, 'Is this correct for your order? Look at the screen.', ANSWERS[i % ANSWERS.length], 'Great. Thank you.'];
    return { id: `t.jsonl#d${i}`, turns: turns.map((content, k) => ({ role: (k % 2 ? 'assistant' : 'user') as 'user' | 'assistant', content, tokens: 10 })) };
  });
  return { files: ['t.jsonl'], digest: 'x', dialogues, dropped: [] };
}

describe('an insertion words its read-backs apart', () => {
  const c = corpus(48);
  const ids = c.dialogues.map((d) => d.id);

  it('no read-back frame twice while frames are left, every answer fitting its question', () => {
    for (const start of [0, 12, 24]) {
      const turns = dialoguesAt(c, ids.slice(start, start + 20), 400).turns;
      const frames = new Map<string, number>();
      turns.forEach((t, i) => {
        const f = t.role === 'assistant' ? readBackFrame(t.content) : undefined;
        if (!f) return;
        frames.set(f, (frames.get(f) ?? 0) + 1);
        expect(confirmationMisfits(t.content, turns[i + 1].content), `${t.content} -> ${turns[i + 1].content}`).toBeUndefined();
      });
      expect([...frames.values()].reduce((a, b) => a + b, 0)).toBe(20);
      expect(Math.max(...frames.values()), JSON.stringify([...frames])).toBe(1);
      // No line said twice in one insertion.
      const lines = turns.filter((t) => t.role === 'assistant').map((t) => normalizeLine(t.content));
      expect(new Set(lines).size).toBe(lines.length);
    }
  });

  it('the same dialogues in the same order are worded alike; a read-back keeps its own frame when it is free', () => {
    const a = dialoguesAt(c, ids.slice(0, 20), 400).turns.map((t) => t.content);
    expect(dialoguesAt(c, ids.slice(0, 20), 400).turns.map((t) => t.content)).toEqual(a);
    const alone = dialoguesAt(c, ids.slice(0, 1), 400).turns.map((t) => t.content);
    // The first read-back has every frame free: its own (the closings are worded per insertion, so only it is compared).
    expect(a[1]).toBe(alone[1]);
  });

  it('long_context_readback_frame_repeats is gated', () => {
    expect(DEFAULT_QUALITY_THRESHOLDS.long_context_readback_frame_repeats).toBeLessThanOrEqual(2);
  });
});
