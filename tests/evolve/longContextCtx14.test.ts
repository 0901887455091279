/**
 * Evolve 52 (h-ctx14). A reader of the merged build m20 (main 38d87d4) found: closings giving the
 * customer less than the read-back they just confirmed ("a cortado with vanilla and oat milk?"
 * "Yes" "Give the barista your order: the cortado with vanilla."; 1000/1000 long-context cases);
 * "Yes I am." answering "…, is every detail right?"; and "Alright, I think they can do that." from
 * an assistant that cannot see the café's menu.
 */
import { describe, expect, it } from 'vitest';
import { claimsCanMake, closingDropsConfirmed, confirmationMisfits, fitConfirmation, statesOrder } from '../../pipeline/dialogueRules.js';
import { honestTurns, honestWordings, shortOrder } from '../../sources/dialogue/honest.js';
import { DEFAULT_QUALITY_THRESHOLDS } from '../../pipeline/config.js';

type Role = 'user' | 'assistant';
const dialogue = (...xs: string[]) => xs.map((content, i) => ({ role: (i % 2 ? 'assistant' : 'user') as Role, content }));
const spoken = (d: { role: Role; content: string }[]) => d.map((t) => ({ role: t.role, text: t.content }));

describe('a closing gives the whole order the customer confirmed, or the drink alone', () => {
  it('the rule flags a partial order and passes a short reference or the whole order', () => {
    const bad = [
      ['Just to check: a cortado with vanilla and oat milk, correct?', 'Yes', 'Give the barista your order: the cortado with vanilla.'],
      ['So that\'s a sugar-free vanilla macchiato with almond milk?', 'Yes.', 'Then the macchiato with almond milk is your order; tell the barista when you get there.'],
      ['A decaf almond milk latte with caramel sauce, is that right?', 'Yes please', 'The decaf latte it is. Ordering is up to you, though.'],
      ['Let me read that back: an oat milk mocha, does that sound right?', 'Yes.', 'Your order is the mocha; order that one at the counter.'],
    ];
    for (const [q, a, c] of bad) expect(closingDropsConfirmed(spoken(dialogue('Hi', q, a, c)).slice(1)), c).toBeDefined();
    for (const c of ['The cortado it is; ask for it at the counter.', 'Enjoy the cortado!', 'Ask the barista for a cortado with vanilla and oat milk.'])
      expect(closingDropsConfirmed(spoken(dialogue('Hi', 'Just to check: a cortado with vanilla and oat milk, correct?', 'Yes', c)).slice(1)), c).toBeUndefined();
    expect(statesOrder('Give the barista your order: the latte.')).toBe(true);
    // Two drinks are "them", but "when it's your turn" keeps its "it" (not "when them's your turn").
    expect(honestWordings('the latte and the mocha').filter((w) => /\bthem's\b/.test(w))).toEqual([]);
    expect(statesOrder('The latte it is; ask for it at the counter.')).toBe(false);
    expect(DEFAULT_QUALITY_THRESHOLDS.long_context_closing_drops_confirmed).toBe(0);
  });

  it('the short form is the drink alone unless it says every option', () => {
    expect(shortOrder('a cortado with vanilla and oat milk')).toBe('the cortado');
    expect(shortOrder('a decaf latte with oat milk')).toBe('the latte');
    expect(shortOrder('a mocha with whole milk')).toBe('the mocha with whole milk');
    expect(shortOrder('a large decaf latte')).toMatch(/^the (?:large )?(?:decaf )?latte$/);
  });

  it('the rewrite closes with the whole order or a reference that does not claim to be it', () => {
    for (const key of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l']) {
      const made = honestTurns(dialogue('Can I get a cortado with vanilla and oat milk please?', 'Okay, does this look correct?', 'Yes', 'Great, your order will be ready at the coffee bar soon.'), key)!;
      expect(made, key).toBeDefined();
      expect(closingDropsConfirmed(spoken(made)), `${key}: ${made[made.length - 1].content}`).toBeUndefined();
    }
  });
});

describe('the customer confirms in words that fit the question', () => {
  it('the rule flags "Yes I am" to a question without "are you" and passes fitting echoes', () => {
    expect(confirmationMisfits('Let me read that back: an iced cortado with oat milk and hazelnut, is every detail right?', 'Yes I am.')).toBeDefined();
    expect(confirmationMisfits('Just to check: a decaf hazelnut latte with 2% milk, correct?', 'Yes, I am.')).toBeDefined();
    expect(confirmationMisfits('A latte, did I catch that right?', 'Yes it is')).toBeDefined();
    expect(confirmationMisfits('So that\'s a mocha?', 'Yes I do.')).toBeDefined();
    expect(confirmationMisfits('Are you happy with a latte?', 'Yes I am.')).toBeUndefined();
    expect(confirmationMisfits('So that\'s a mocha?', 'Yes it is.')).toBeUndefined();
    expect(confirmationMisfits('A latte, did I catch that right?', 'Yes it is correct.')).toBeUndefined();
    expect(confirmationMisfits('Are both right?', 'Yes they are')).toBeUndefined();
    // "matcha" is no "match" ("does that match?").
    expect(confirmationMisfits("You'd like a matcha latte with oat milk and a cortado with almond milk, is that it?", 'Yes it does')).toBeDefined();
  });

  it('the rewrite says the confirmation as the question asks', () => {
    expect(fitConfirmation('Let me read that back: an iced cortado with oat milk, is every detail right?', 'Yes I am.')).toBe("Yes, it's all right.");
    expect(fitConfirmation('A latte, did I catch that right?', 'Yes it is')).toBe('Yes, you did');
    expect(fitConfirmation('Just to check: a decaf latte, correct?', 'Yes, I am, everything is correct.')).toBe("Yes, that's right, everything is correct.");
    // 269 of b2's 1,000 insertions: "A latte with caramel in it, is that correct?" -> "Yes, you did" (h-lead33).
    expect(confirmationMisfits('A latte with caramel in it, is that correct?', 'Yes, you did')).toBeDefined();
    expect(confirmationMisfits('Am I right that you want a cappuccino with 2% milk?', 'Yes, you have.')).toBeDefined();
    expect(confirmationMisfits('A latte, did I catch that right?', 'Yes, you did.')).toBeUndefined();
    expect(confirmationMisfits('Have I got that right: a mocha?', 'Yes, you have.')).toBeUndefined();
    expect(confirmationMisfits('So that\'s a mocha?', 'You did great.')).toBeUndefined();
    expect(fitConfirmation('A latte with caramel in it, is that correct?', 'Yes, you did')).toBe("Yes, that's right");
    expect(fitConfirmation('Correct me if I\'m wrong: an oat milk mocha?', 'Yes, you have.')).toBe("Yes, that's right.");
    // Ways enough that no customer of a 30-dialogue insertion says one thrice (six did on b3).
    expect(new Set([0, 1, 2, 3].map((k) => fitConfirmation('To confirm: a latte, is that it?', 'Yes, you did', k))).size).toBe(3);
    expect(new Set([0, 1, 2, 3].map((k) => fitConfirmation('A latte with caramel, is that correct?', 'Yes, you did', k))).size).toBe(4);
  });
});

describe('the assistant does not say the café can make the drink', () => {
  it('the rule flags the claim and passes a hedge', () => {
    expect(claimsCanMake("Alright, I think they can do that. So that's a decaf mocha?")).toBeDefined();
    expect(claimsCanMake('Yeah they can do that.')).toBeDefined();
    expect(claimsCanMake("I can't check whether they can make herbal tea, since their menu isn't something I can see.")).toBeUndefined();
    expect(claimsCanMake('The barista can make it for you there.')).toBeUndefined();
  });

  it('the rewrite leaves the claim out and keeps the read-back', () => {
    const made = honestTurns(dialogue('Can I please get a decaf mocha?', 'Alright, I think we can do that. Could I please get you to look at the screen to check your order is right?', 'Yes', 'Great, it will be ready soon.'), 'k')!;
    const replies = made.filter((t) => t.role === 'assistant').map((t) => t.content);
    expect(replies.some((r) => claimsCanMake(r))).toBe(false);
    expect(replies[0]).toMatch(/decaf mocha/i);
  });
});
