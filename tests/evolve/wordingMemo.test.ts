/**
 * Memos of an insertion's wording (h-scale11): a read-back's candidate wordings are worked out once
 * per read-back plan (honest.ts readBackCandidates) and a closing's sentence shapes once per customer
 * list and text (closingShapes). Each must give what working it out afresh gives, and a plan object
 * shown with another turn text must not answer from the old text.
 */
import { describe, expect, it } from 'vitest';
import { dialoguesAt, honestDialogue, type HonestDialogue } from '../../sources/dialogue/context.js';
import type { Corpus } from '../../sources/dialogue/corpus.js';
import { wordReadBacks, closeInsertion } from '../../sources/dialogue/honest.js';
import { readBackFrame } from '../../pipeline/dialogueRules.js';
import { contextThoughts } from '../../stages/evolve/contextThoughts.js';

const DRINKS = ['latte', 'mocha', 'cortado', 'cappuccino', 'macchiato', 'americano', 'chai latte', 'flat white'];
const MILKS = ['oat milk', 'almond milk', 'soy milk'];

function corpus(n: number): Corpus {
  const dialogues = Array.from({ length: n }, (_, i) => {
    const drink = DRINKS[i % DRINKS.length];
    const milk = MILKS[Math.floor(i / DRINKS.length) % MILKS.length];
    const turns = [`I'd like a ${drink} with ${milk}, please.`, 'Is this correct for your order? Look at the screen.', 'Yes, that is right.', 'Great. Thank you.'];
    return { id: `t.jsonl#d${i}`, turns: turns.map((content, k) => ({ role: (k % 2 ? 'assistant' : 'user') as 'user' | 'assistant', content, tokens: 10 })) };
  });
  return { files: ['t.jsonl'], digest: 'x', dialogues, dropped: [] };
}

const honest = (c: Corpus) => c.dialogues.map((d) => honestDialogue(d)).filter((d): d is HonestDialogue => !!d && !!d.readBacks?.length);
const lines = (ds: readonly HonestDialogue[]) => new Set(ds.flatMap((d) => d.turns.map((t) => t.content.toLowerCase())));

describe('wording memos give what a fresh wording gives', () => {
  const ds = honest(corpus(24));

  it('the corpus makes read-back plans to word', () => {
    expect(ds.length).toBeGreaterThan(10);
  });

  it('wordReadBacks: remembered candidates equal fresh ones, in any insertion', () => {
    for (const [from, to, key] of [
      [0, 12, 'a'],
      [4, 20, 'b'],
      [0, 12, 'c'],
      [0, 12, 'a'],
    ] as const) {
      const picked = ds.slice(from, to);
      const memo = wordReadBacks(picked, key, readBackFrame, [], lines(picked));
      // structuredClone: new plan objects, so nothing remembered applies.
      const fresh = wordReadBacks(structuredClone(picked), key, readBackFrame, [], lines(picked));
      expect([...memo]).toEqual([...fresh]);
    }
  });

  it('a plan shown with another turn text is worded from that text, not the remembered one', () => {
    const picked = ds.slice(0, 16);
    wordReadBacks(picked, 'k', readBackFrame, [], lines(picked));
    // The same plan objects (readBacks shared), the read-back turn opening differently.
    const changed = picked.map((d) => ({
      ...d,
      turns: d.turns.map((t, i) => (d.readBacks!.some((rb) => rb.index === i) ? { ...t, content: `Sure thing. ${t.content}` } : t)),
    }));
    const memo = wordReadBacks(changed, 'k', readBackFrame, [], lines(changed));
    const fresh = wordReadBacks(structuredClone(changed), 'k', readBackFrame, [], lines(changed));
    expect([...memo]).toEqual([...fresh]);
    expect(memo.size).toBeGreaterThan(0);
    expect([...memo.values()].every((t) => t.startsWith('Sure thing.'))).toBe(true);
  });

  it('closeInsertion: the same customer lists, remembered, and fresh copies word the same closings', () => {
    const picked = ds.slice(0, 10);
    const customer = picked.map((d) => d.turns.filter((t) => t.role === 'user').map((t) => t.content));
    const fixed = picked.map(() => undefined);
    const first = closeInsertion(picked.map((d) => d.closing), 'x', { customer, fixed });
    const again = closeInsertion(picked.map((d) => d.closing), 'x', { customer, fixed });
    const fresh = closeInsertion(picked.map((d) => d.closing), 'x', { customer: structuredClone(customer), fixed });
    expect(again).toEqual(first);
    expect(fresh).toEqual(first);
  });

  it('an insertion worded twice reads the same', () => {
    const c = corpus(24);
    const ids = c.dialogues.map((d) => d.id);
    const a = dialoguesAt(c, ids.slice(2, 18), 400);
    expect(dialoguesAt(structuredClone(c), ids.slice(2, 18), 400)).toEqual(a);
  });
});

describe('long-context thoughts: each reply read once', () => {
  const talk = (drink: string) => [
    { role: 'user' as const, content: `Can I get a ${drink} please?` },
    { role: 'assistant' as const, content: 'Sure.' },
    { role: 'user' as const, content: 'Thanks.' },
    { role: 'assistant' as const, content: "I can't place orders from here, so you'll need to ask for it at the counter yourself." },
  ];

  it('the same reply after another drink is thought about with that drink, and a repeat reads the same', () => {
    const latte = contextThoughts(talk('latte'), new Set([0]));
    const mocha = contextThoughts(talk('mocha'), new Set([0]));
    expect(contextThoughts(talk('latte'), new Set([0]))).toEqual(latte);
    expect(mocha.join(' ')).not.toMatch(/latte/);
    expect(latte.join(' ')).not.toMatch(/mocha/);
    expect(latte.join(' ')).toMatch(/latte/);
    expect(mocha.join(' ')).toMatch(/mocha/);
  });
});
