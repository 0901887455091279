/**
 * Evolve 59 (h-evol18). On f28, 265 of 1,000 long-context insertions held a dialogue whose last
 * reply, after the customer's yes to a read-back, was a bare "OK!" or "Great!": the corpus's "OK!
 * We will get that ready for you at the coffee bar shortly." lost its claim (claimsCanMake) and
 * only the opener stayed, with the CoT thought "Nothing here calls for a tool; I can reply straight
 * away." (184 of 500 CoT insertions held such a stock thought).
 */
import { describe, expect, it } from 'vitest';
import { honestTurns } from '../../sources/dialogue/honest.js';
import { contextThoughts } from '../../stages/evolve/contextThoughts.js';
import { contextBareClosing, readBackFrame } from '../../pipeline/quality/measures/context.js';
import { DEFAULT_QUALITY_THRESHOLDS } from '../../pipeline/config.js';

type Role = 'user' | 'assistant';
const dialogue = (...xs: string[]) => xs.map((content, i) => ({ role: (i % 2 ? 'assistant' : 'user') as Role, content }));
const BARE = /^\W*(?:ok|okay|great|thank you|awesome)\W*(?:thank you)?\W*$/i;

describe('the last reply after a yes names the order', () => {
  it('"OK! We will get that ready …" becomes a closing naming the lattes', () => {
    const made = honestTurns(dialogue('I want 2 lattes, please.', 'Is this correct for your order, sir? Look at the screen.', 'Yes.', 'OK! We will get that ready for you at the coffee bar shortly.'), 'dlg-89c1')!;
    const closing = made[3].content;
    expect(closing).not.toMatch(BARE);
    expect(closing).toMatch(/lattes/);
    expect(closing).not.toMatch(/\bwe will\b/i);
  });

  it('"Great. We got your order, and it\'ll be right up!" too, and a pun dropped after a yes', () => {
    const a = honestTurns(dialogue("Hi, I'd like to order an english breakfast tea please.", "Hello, your order should be on the screen. Can you review it and confirm that it's right?", 'Yes, everything looks right.', "Great. We got your order, and it'll be right up!"), 'dlg-a912')!;
    expect(a[3].content).not.toMatch(BARE);
    expect(a[3].content).toMatch(/tea/);
    const b = honestTurns(dialogue('Can I have a Mocha with Almond milk in it?', 'Yep. Is your order correct on the screen?', 'Yes.', 'Great! We will get that for you right away at the coffee bar.'), 'dlg-bb70')!;
    expect(b[3].content).toMatch(/mocha/);
  });
});

describe('a plain reply\'s thought says what it answers', () => {
  it('names the drink or the change, not "Nothing here calls for a tool"', () => {
    const turns = [
      { role: 'user' as const, content: "I'd like a Mocha with whole milk, and only half the normal chocolate." },
      { role: 'assistant' as const, content: 'Sure, a mocha with whole milk, and only half the normal chocolate.' },
      { role: 'user' as const, content: 'No, I guess I will just have a tea.' },
      { role: 'assistant' as const, content: 'OK.' },
    ];
    const [named, change] = contextThoughts(turns, new Set([0]));
    expect(named).toMatch(/the mocha/);
    expect(named).not.toMatch(/\bback\b|no tool|calls for a tool/i);
    expect(change).toMatch(/changed|change/i);
  });
});

describe('measures', () => {
  const tc = (reply: string) =>
    ({
      id: 'x~long_context', kind: 'internal', errorType: '', cot: false, k: 1, trajectoryId: 't', source: 'bfcl', tools: [],
      messages: [
        { role: 'system', content: 'tools' },
        { role: 'user', content: 'I want 2 lattes, please.' },
        { role: 'assistant', content: JSON.stringify({ name: 'FinishAction', args: "To be sure I follow, that's 2 lattes?" }) },
        { role: 'user', content: 'Yes.' },
        { role: 'assistant', content: JSON.stringify({ name: 'FinishAction', args: reply }) },
        { role: 'user', content: 'Book a flight.' },
      ],
      groundTruth: { name: 'FinishAction', args: 'ok' },
      evolution: { strategy: 'long_context', method: 'rules', details: { longContext: { insertedAt: 1, messages: 4 } } },
      provenance: { methods: {}, parents: [] },
    }) as never;
  const ctx = { trajectory: () => undefined, baseCase: () => undefined } as never;

  it('long_context_bare_closing flags "OK!" after a confirmed read-back; gated at 0', () => {
    expect(contextBareClosing.check(tc('OK!'), ctx)).toMatch(/OK!/);
    expect(contextBareClosing.check(tc('OK! 2 lattes, just as you said; order them at the counter.'), ctx)).toBeNull();
    expect(DEFAULT_QUALITY_THRESHOLDS.long_context_bare_closing).toBe(0);
  });

  it('readBackFrame masks the order', () => {
    expect(readBackFrame("To be sure I follow, that's 2 lattes?")).toBe(readBackFrame("To be sure I follow, that's a mocha with oat milk?"));
    expect(readBackFrame('A latte with oat milk, is that right?')).toBe(readBackFrame('Two mochas, is that right?'));
    expect(readBackFrame('Ask for it at the counter.')).toBeUndefined();
  });
});
