/**
 * Evolve 53 (h-ctx15). A reader of the build f23 (main 4f07e43) found: closings and their CoT
 * thoughts counting two of one drink as one ("the latte with almond milk and the one with oat milk;
 * order it in person", thought "The latte is right, they say"); "The latte, just as you said" after a
 * latte with almond milk and vanilla sweetener, and read-backs dropping "some ice"; the corpus's
 * "Sound good." kept as a closing's lead (and "thats", "breatfast", "2% mild" carried into the
 * helper's words); and two near-limit shares (stock line 0.274, thought frame 0.444).
 */
import { describe, expect, it } from 'vitest';
import { closingDropsConfirmed, holdsKey, readBackDropsSaid, replyDrinks, saidModifierKeys, statesOrder, upstreamSlip, withoutSlips } from '../../pipeline/dialogueRules.js';
import { closeInsertion, honestTurns, honestWordings, type ClosingPlan } from '../../sources/dialogue/honest.js';
import { contextThoughts } from '../../stages/evolve/contextThoughts.js';
import { pluralDisagrees } from '../../pipeline/quality/measures/context.js';
import { DEFAULT_QUALITY_THRESHOLDS } from '../../pipeline/config.js';

type Role = 'user' | 'assistant';
const dialogue = (...xs: string[]) => xs.map((content, i) => ({ role: (i % 2 ? 'assistant' : 'user') as Role, content }));
const spoken = (d: { role: Role; content: string }[]) => d.map((t) => ({ role: t.role, text: t.content }));

describe('two of one drink said as "the one" are two', () => {
  it('replyDrinks counts "the latte … and the one with …" as two lattes', () => {
    expect(replyDrinks('Noted, the mocha with oat milk and the one with 2% milk; ask for them at the counter.')).toEqual({ phrase: 'mochas', plural: true });
    expect(replyDrinks('A decaf latte and a regular one?')).toEqual({ phrase: 'lattes', plural: true });
    expect(replyDrinks("The latte it is; that's the one to ask for at the front.")).toEqual({ phrase: 'latte', plural: false });
  });

  it('the plural measure flags "it" after two drinks and passes "them"', () => {
    expect(pluralDisagrees('OK. You\'ve settled on the latte with almond milk and the one with oat milk; order it in person when you arrive.')).toBeDefined();
    expect(pluralDisagrees('Noted, the mocha with oat milk and the one with 2% milk; ask for it at the counter.')).toBeDefined();
    expect(pluralDisagrees('Noted, the mocha with oat milk and the one with 2% milk; ask for them at the counter.')).toBeUndefined();
    expect(pluralDisagrees("The latte it is; that's the one to ask for at the front.")).toBeUndefined();
  });

  it('the closing calls them "them" and its thought names the drink in the plural', () => {
    const made = honestTurns(dialogue('I want two lattes please. One almond and one with oat milk.', 'Okay, does this look correct?', 'Yes', 'Great, your order will be ready at the coffee bar soon.'), 'dlg-two')!;
    const closing = made[made.length - 1].content;
    expect(pluralDisagrees(closing), closing).toBeUndefined();
    const turns = [
      { role: 'user' as const, content: "I'd like two cortados. One with almond and one with 2%, please." },
      { role: 'assistant' as const, content: 'So that\'s two cortados, one with almond milk and one with 2% milk?' },
      { role: 'user' as const, content: "Yes, it's correct." },
      { role: 'assistant' as const, content: 'The cortado with almond milk and the one with 2% milk for you, then; the staff at the counter can take that order.' },
    ];
    const [, settle] = contextThoughts(turns, new Set([0]));
    expect(settle).toMatch(/\bcortados\b/);
    expect(settle).not.toMatch(/\bthe cortado\b(?!s)/);
  });
});

describe('a closing naming the drink short does not say "just as you said"', () => {
  it('"just as you said" states the order, and the measure flags it of a short reference', () => {
    expect(statesOrder('The latte, just as you said; ask for that when it\'s your turn in line.')).toBe(true);
    const turns = spoken(dialogue('Hi', 'You\'d like a latte with almond milk and vanilla sweetener, is that it?', 'Sure, I would like a latte with almond milk and Vanilla Sweetener', 'Sounds good. The latte, just as you said; ask for that when it\'s your turn in line.')).slice(1);
    expect(closingDropsConfirmed(turns)).toBeDefined();
    expect(closingDropsConfirmed([...turns.slice(0, 2), { role: 'assistant', text: 'So, the latte; order it in person when you arrive.' }])).toBeUndefined();
  });

  it('the rewrite of the corpus dialogue leads with "Sounds good." and names no partial order as said', () => {
    for (const key of ['dlg-c65ab340', 'a', 'b', 'c', 'd', 'e', 'f', 'g']) {
      const made = honestTurns(dialogue('Can I please have a latte with almond milk and Vanilla Sweetener', 'Could you plese repeat what you ordered, so I can make sure I got the correct order?', 'Sure, I would like a latte with almond milk and Vanilla Sweetener', 'Sound good. Your order will be ready at the coffee bat shortly.'), key)!;
      expect(made, key).toBeDefined();
      const closing = made[made.length - 1].content;
      expect(upstreamSlip(closing), closing).toBeUndefined();
      expect(closing).not.toMatch(/just as you said/);
      expect(closingDropsConfirmed(spoken(made)), closing).toBeUndefined();
    }
  });
});

describe('a sweetener or some ice the customer adds is read back', () => {
  it('saidModifierKeys reads them and holdsKey finds "iced"', () => {
    expect(saidModifierKeys("I'll have a Cortado, whole milk please - and can you add some ice to cool down some?")).toContain('ice');
    expect(saidModifierKeys('Can I please have a latte with almond milk and Vanilla Sweetener')).toContain('vanilla');
    expect(saidModifierKeys('a cortado with whole milk and a dash of splenda')).toContain('splenda');
    expect(saidModifierKeys('Is it possible to add coffee ice-cream onto the drink?')).not.toContain('ice');
    expect(holdsKey('an iced decaf latte with non-fat milk', 'ice')).toBe(true);
  });

  it('the read-back measure flags the dropped ice and the rewrite adds it', () => {
    const said = "I'll have a Cortado, whole milk please - and can you add some ice to cool down some?";
    expect(readBackDropsSaid(spoken(dialogue(said, 'To be sure I follow, that\'s a cortado with whole milk?', 'Yes its correct.', 'Thanks!')))).toBeDefined();
    const made = honestTurns(dialogue(said, 'Is this correct?', 'Yes its correct.', 'Thanks! Your order will be ready soon.'), 'dlg-ice')!;
    expect(made[1].content).toMatch(/\bice\b/);
    expect(readBackDropsSaid(spoken(made))).toBeUndefined();
  });
});

describe('the corpus\'s slips are not carried into the helper\'s words', () => {
  it('upstreamSlip flags them and withoutSlips spells them right', () => {
    for (const bad of ['Sound good. The latte, just as you said.', 'So thats a macchiato with almond milk?', 'So that\'s an english breatfast tea?', 'So that\'s a latte with 2% mild?', 'Thank you. Prefect.', 'Is macchiato wth extra oat milk correct'])
      expect(upstreamSlip(bad), bad).toBeDefined();
    for (const good of ['Sounds good. The latte it is.', "So that's a macchiato?", 'Perfect.', 'A sound choice.']) expect(upstreamSlip(good), good).toBeUndefined();
    expect(withoutSlips('Sound good. So thats a latte with 2% mild?')).toBe("Sounds good. So that's a latte with 2% milk?");
    expect(DEFAULT_QUALITY_THRESHOLDS.long_context_upstream_slip).toBe(0);
  });

  it('a read-back of the customer\'s slip is spelt right', () => {
    const made = honestTurns(dialogue('Can I have an English breatfast tea please?', 'Does this look right?', 'Yes', 'Okay, your order will be ready soon.'), 'dlg-tea')!;
    // Cased as the tea's name since h-evol24's evolve 69 ("an English Breakfast tea"): the slip is what must go.
    expect(made[1].content).toMatch(/English Breakfast tea/);
    expect(made[1].content).not.toMatch(/breatfast/);
    expect(made.filter((t) => t.role === 'assistant').map((t) => upstreamSlip(t.content))).toEqual([undefined, undefined]);
  });
});

describe('the first closing\'s disclaimer varies', () => {
  it('ten disclaimers after the short names, none a third of the wordings', () => {
    const closings = honestWordings('the latte');
    const disclaimers = new Map<string, number>();
    for (const c of closings) for (const s of c.split(/(?<=[.!?])\s+/)) if (/\b(?:can't|no way|no ordering|not able|beyond me|isn't something|nothing i can use)\b/i.test(s)) disclaimers.set(s, (disclaimers.get(s) ?? 0) + 1);
    expect(disclaimers.size).toBeGreaterThanOrEqual(14);
    // A reference ("the latte" for a latte with oat milk) still has many disclaimers that do not state the order.
    const plan: ClosingPlan = { index: 3, said: [], leave: [], phrase: 'the latte', reference: true };
    const firsts = new Set(Array.from({ length: 60 }, (_x, k) => closeInsertion([plan], `insertion-${k}`)[0]!.replace(/^.*?\.\s+/, '')));
    expect(firsts.size).toBeGreaterThanOrEqual(8);
    for (const f of firsts) expect(statesOrder(f), f).toBe(false);
  });
});
