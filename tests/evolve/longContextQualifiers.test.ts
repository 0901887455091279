/**
 * An inserted read-back keeps the qualifying phrase the customer gave a part of the drink (evolve 61,
 * h-evol20). Before, on f36: 46 of 1,000 long-context/mixed cases read "I'd like a Mocha but make it
 * with only half espresso." back as "a mocha?", "Please take it easy on the milk." as "One chai
 * latte?", "a whole milk mocha, but light on the milk" as "A whole milk mocha?"; "made with only half
 * espresso and double on the milk" became "a double cortado"; "that has no added sugar" became "that
 * has no and sugar".
 */
import { describe, expect, it } from 'vitest';
import { orderQualifiers, readBackModifierLost, orderModifiers } from '../../pipeline/dialogueRules.js';
import { completeOrder, orderPhrase, restate } from '../../sources/dialogue/honest.js';

type Role = 'user' | 'assistant';
const spoken = (...xs: string[]) => xs.map((text, i) => ({ role: (i % 2 ? 'assistant' : 'user') as Role, text }));
const readBack = (order: string) => restate(completeOrder(orderPhrase(order)!, [order]));

describe('a read-back keeps how much of a part the customer asked for', () => {
  it('the measure flags a dropped qualifier and passes a read-back holding it', () => {
    expect(readBackModifierLost(spoken("I'd like a Mocha but make it with only half espresso.", 'Just making sure I heard you right: a mocha?'))).toMatch(/half espresso/);
    expect(readBackModifierLost(spoken('I would like to order one Chai Latte please. Please take it easy on the milk.', 'One chai latte, is that correct?'))).toMatch(/easy on the milk/);
    expect(readBackModifierLost(spoken("I'd like a Mocha but make it with only half espresso.", 'Just making sure I heard you right: a mocha with half the espresso?'))).toBeUndefined();
    expect(readBackModifierLost(spoken('I would like a whole milk mocha, but light on the milk, please.', 'A whole milk mocha, light on the milk, is that right?'))).toBeUndefined();
    // Half and half is a milk, not half of something.
    expect(orderQualifiers('Can I get a latte with half and half?')).toEqual([]);
  });
  it('the rewrite reads the qualifier back', () => {
    expect(readBack("I'd like a Mocha but make it with only half espresso.")).toBe('a mocha with half the espresso');
    expect(readBack('I would like to order one Chai Latte please. Please take it easy on the milk.')).toBe('one chai latte, light on the milk');
    expect(readBack('I would like a whole milk mocha, but light on the milk, please.')).toBe('a whole milk mocha, light on the milk');
    expect(readBack("Hi. I'd like a Cortado. I need it made with only half espresso and double on the milk.")).toBe('a cortado with half the espresso and double milk');
    expect(readBack("I'd like to order a macchiato with whole milk that has no added sugar.")).not.toMatch(/no and sugar/);
  });
  it('"double on the milk" is no double shot', () => {
    expect(orderModifiers('made with only half espresso and double on the milk')).not.toContain('double');
    expect(orderModifiers('a double latte')).toContain('double');
  });
});

describe('a read-back keeps how hot the customer wants it', () => {
  it('"warmed" and "room temperature" are the option "not too hot"', () => {
    expect(orderModifiers("I'd like an Almond Cappuccino, warmed please.")).toContain('not too hot');
    expect(orderModifiers('I would like it served room temperature please.')).toContain('not too hot');
    expect(orderModifiers('Can I have it warmed up?')).not.toContain('not too hot');
    // Read back in the customer's own word since evolve 85: "not too hot" for "warmed" or "room temperature"
    // named a drink they did not describe (long_context_readback_unfaithful, 158/1,000 on g0).
    expect(readBack("I'd like an Almond Cappuccino, warmed please.")).toBe('an almond cappuccino, warmed');
    expect(readBack('I would like a Macchiato served room temperature please.')).toBe('a macchiato, at room temperature');
  });
});

describe('"half the espresso" is no second drink', () => {
  it('the closing and the thought name the mocha alone', async () => {
    const { replyDrinks } = await import('../../pipeline/dialogueRules.js');
    const { shortOrder } = await import('../../sources/dialogue/honest.js');
    expect(shortOrder('a mocha with half the espresso')).toBe('the mocha');
    expect(shortOrder('a cortado and an espresso')).toBe('the cortado and the espresso');
    expect(replyDrinks('Let me check I have it: a mocha with half the espresso?')?.phrase).toBe('mocha');
  });
});
