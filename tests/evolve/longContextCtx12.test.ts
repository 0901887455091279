/**
 * Evolve 48 (h-ctx12). Before, over the 1,000 long-context/mixed cases of the build of main at
 * 626d0a5: an inserted reply did not answer the order or change just before it in 16.3% of cases
 * (163/1000: "I would like a Americano with a hint of vanilla please." -> "Okay maybe this drink?",
 * "No, I actually want it decaf." -> "OK, how is the order now?", "Can I get a matcha please?" ->
 * "Yes, it is also a great drink."); 63.2% of inserted replies opened with a bare acknowledgement
 * ("OK." alone 27.7%); a closing's CoT thought was one of a 6 x 6 grid, the commonest frame in half
 * the CoT insertions; "I just punched in your order" passed the act filter; "a sugar-Free vanilla latte".
 */
import { describe, expect, it } from 'vitest';
import { claimsAction, menuCapitalised, menuCase, openingAcknowledgement, replyMissesOrder } from '../../pipeline/dialogueRules.js';
import { thoughtDisagrees, thoughtFrame } from '../../pipeline/quality/measures/context.js';
import { honestTurns } from '../../sources/dialogue/honest.js';
import { contextPool, unusableReason } from '../../sources/dialogue/context.js';
import { loadCorpus } from '../../sources/dialogue/corpus.js';
import { contextThoughts } from '../../stages/evolve/contextThoughts.js';
import { DEFAULT_QUALITY_THRESHOLDS } from '../../pipeline/config.js';

type Role = 'user' | 'assistant';
const dialogue = (...xs: string[]) => xs.map((content, i) => ({ role: (i % 2 ? 'assistant' : 'user') as Role, content }));

describe('a reply answers the order or change just before it', () => {
  it('the rule flags the corpus lines that answer a till, and passes a read-back, a detail question, an acknowledgement', () => {
    expect(replyMissesOrder('I would like a Americano with a hint of vanilla please.', 'Okay maybe this drink?')).toBeDefined();
    expect(replyMissesOrder('No, I actually want it decaf.', 'OK, how is the order now?')).toBeDefined();
    expect(replyMissesOrder("No, I'm sorry I meant order that decaf.", 'Okay is that better?')).toBeDefined();
    expect(replyMissesOrder('Can I get a matcha please?', 'Yes, it is also a great drink.')).toBeDefined();
    expect(replyMissesOrder('Can I please have a latte with almond milk', 'Could you please repeat your order to me?')).toBeDefined();
    expect(replyMissesOrder("I'd like to have 2 Latte drinks please.", 'You want 2 of the 7854 drink?')).toBeDefined();
    expect(replyMissesOrder('I would like a Americano with a hint of vanilla please.', 'So that\'s an americano with a hint of vanilla?')).toBeUndefined();
    expect(replyMissesOrder('No, I actually want it decaf.', 'OK. So that\'s a decaf mocha, is that right?')).toBeUndefined();
    expect(replyMissesOrder('Can I get a latte?', 'What size would you like?')).toBeUndefined();
    expect(replyMissesOrder('Hi, I\'d like a decaf Hazelnut cappuccino, please.', "You've got it!")).toBeUndefined();
    expect(replyMissesOrder('No I want it to be decaf', 'Great so decaf')).toBeUndefined();
    expect(replyMissesOrder('What syrups do you have?', "I can't see their menu, but the barista can tell you.")).toBeUndefined();
    expect(DEFAULT_QUALITY_THRESHOLDS.long_context_reply_misses_order).toBe(0);
  });

  it('a check of a change that names nothing becomes a read-back of the changed order', () => {
    const out = honestTurns(dialogue('I would like a mocha with the name Laura.', 'Is this the correct order.', 'No, I actually want it decaf.', 'OK, how is the order now?', 'Correct, thanks.', 'Good, your order will be at the coffee bar in a couple minutes.'), 'k1')!;
    expect(out[3].content).toMatch(/decaf mocha/i);
    expect(out[3].content).not.toMatch(/how is the order now/i);
    for (let i = 1; i < out.length; i += 2) expect(replyMissesOrder(out[i - 1].content, out[i].content)).toBeUndefined();
  });

  it('a dialogue whose reply still misses the order is left out of the pool', () => {
    for (const d of [
      dialogue('I would like a Americano with a hint of vanilla please.', 'Okay maybe this drink?', 'Yes that will work.', 'Okay it will be out in a second.'),
      dialogue('Can I get a matcha please?', 'Yes, it is also a great drink.'),
    ]) {
      const h = honestTurns(d, 'k2');
      expect(h === undefined || unusableReason(h) !== undefined).toBe(true);
    }
  });
});

describe('bare acknowledgements open fewer replies', () => {
  it('reads the opener', () => {
    expect(openingAcknowledgement("OK. So that's a latte?")).toBe('OK.');
    expect(openingAcknowledgement('Great! Ask for it at the counter.')).toBe('Great!');
    expect(openingAcknowledgement("OK, so that's a latte?")).toBeUndefined();
    expect(openingAcknowledgement('Is that right?')).toBeUndefined();
  });

  it('over the corpus pool, under a third of replies open with one and no one opener holds a tenth', () => {
    const pool = contextPool(loadCorpus(), 1000);
    const replies = pool.entries.flatMap((e) => e.dialogue.turns.filter((t) => t.role === 'assistant').map((t) => t.content));
    const openers = replies.map((r) => openingAcknowledgement(r)?.toLowerCase().replace(/[^a-z ]/g, ''));
    const opened = openers.filter(Boolean).length;
    const counts = new Map<string, number>();
    for (const o of openers) if (o) counts.set(o, (counts.get(o) ?? 0) + 1);
    expect(opened / replies.length).toBeLessThan(0.3);
    expect(Math.max(...counts.values()) / replies.length).toBeLessThan(0.12);
    // Some are kept: a barista does say "OK".
    expect(opened / replies.length).toBeGreaterThan(0.1);
  });
});

describe('closing thoughts follow what the closing says', () => {
  it('a yes, a choice and the place the reply names make the thought', () => {
    const turns = dialogue('Can I get a latte with oat milk?', "So that's a latte with oat milk?", 'Yes.', 'Tell the barista the latte with oat milk.', 'I would like a mocha.', 'Good, the mocha; give it to whoever is at the register.');
    const [, yes, choice] = contextThoughts(turns, new Set([0, 4]));
    expect(yes).toMatch(/\byes\b|confirmed|right, they say/i);
    expect(yes).toMatch(/barista/);
    expect(choice).toMatch(/register/);
    expect(choice).not.toMatch(/\byes\b|confirmed/i);
    // An order said outright is no question: no lead says "they asked".
    const said = dialogue('I would like a mocha.', 'Good, the mocha; ask the barista for it.', 'Can I get a cortado?', 'When you get there, ask for the cortado.');
    contextThoughts(said, new Set([0, 2])).forEach((t, k) => expect(thoughtDisagrees(said[2 * k].content, said[2 * k + 1].content, t)).toBeUndefined());
    expect(thoughtFrame('They confirmed the oat milk latte; they will ask for it at the counter.')).toBe('They confirmed the X; they will ask for it at the counter.');
  });
});

describe('two corpus slips', () => {
  it('"I just punched in your order" claims an act; "Sugar-Free" is lower-cased whole', () => {
    expect(claimsAction('You sure can. I just punched in your order.')).toBeDefined();
    expect(menuCase('Good, the Sugar-Free Vanilla latte.')).toBe('Good, the sugar-free vanilla latte.');
    expect(menuCase('Good, the sugar-Free vanilla latte.')).toBe('Good, the sugar-free vanilla latte.');
    expect(menuCapitalised('Got it: the sugar-Free vanilla latte.')).toBeDefined();
    expect(menuCapitalised('Got it: the sugar-free vanilla latte.')).toBeUndefined();
  });
});
