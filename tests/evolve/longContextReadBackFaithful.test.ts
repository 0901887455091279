/**
 * A long-context read-back that changes what the customer said or leaves part of it out: "Could I get
 * this with a blast of cold whipped milk?" -> "A mocha with oat milk and whipped cream, is that right?"
 * (teval_query_10_1-control-k10-cot~long_context); "May I please have a Mocha with whole milk, milk in n a
 * separate cup?" -> "a mocha with whole milk?" (teval_query_478_0-env-k3~mixed); "make it warm" -> "not
 * too hot" (long_context_readback_unfaithful, 158/1,000 on g0).
 */
import { describe, expect, it } from 'vitest';
import { contextReadBackUnfaithful, readBackUnfaithful } from '../../pipeline/quality/measures/longContextReadBack.js';
import { completeOrder, honestTurns, orderPhrase, restate } from '../../sources/dialogue/honest.js';
import type { TestCase } from '../../pipeline/schemas.js';
import { replyDrinks } from '../../pipeline/dialogueRules.js';

const readBack = (order: string) => restate(completeOrder(orderPhrase(order)!, [order]));

const ORDERS = [
  'Hi there I would like a Mocha with Oat milk. Could I get this with a blast of cold whipped milk?',
  'May I please have a Mocha with whole milk, milk in n a separate cup?',
  "I'd like a Cappuccino. And can I get it with two lids?",
  'Hello, can I get a Macchiato with Whole milk? Is it possible to add coffee ice-cream onto the drink?',
  'Hi there can I get a Cappuccino with non-fat milk? Make it dirty on top of the drink too please.',
  'I want a Mocha drink with Oat milk. Fill it to the top.',
  'I want two mocha. One with caffeine and one without.',
  "Hi, I'd like to order a Macchiato, but with Almond milk, and a Cortado, but with the Lactose-Free 2%.",
  "Hi, how are you? I want to get a quadruple latte please, added with 2% milk that's lactose-free.",
  'Can I get a Chai latte, and can you make it a little cooler',
  'Can you get me a Cortado, medium warm please?',
  "I'd like an Almond Cappuccino, warmed please.",
  'Hello. I would like a cappuccino with almond milk please. And can I get that Luke warm?',
  "Can I get a Mocha with whole milk, and I don't want it hot, more like room temperature.",
  'Can I get a Mocha that is slightly warm?',
];

describe('long_context_readback_unfaithful', () => {
  it('flags a read-back that renames an option or drops a request, not one in the customer\'s words or spelt right', () => {
    expect(readBackUnfaithful('A mocha with oat milk and whipped cream, is that right?', ORDERS[0])).toMatch(/"cream"/);
    expect(readBackUnfaithful('An almond cappuccino, not too hot, is that right?', ORDERS[11])).toMatch(/"hot"/);
    expect(readBackUnfaithful('Ok, that\'s a latte with nonfat milk and caramel sauce?', "Hi, I'd like a latte with caramel and nonfat milk.")).toMatch(/"sauce"/);
    expect(readBackUnfaithful('To be sure I follow, that\'s a mocha with whole milk?', ORDERS[1])).toMatch(/leaves out the milk on the side/);
    expect(readBackUnfaithful('Let me be sure: a cappuccino, right?', ORDERS[2])).toMatch(/leaves out the lids/);
    expect(readBackUnfaithful('Let me be sure: two mochas, right?', ORDERS[6])).toMatch(/leaves out decaf/);
    // The customer's own words, spelt right, a milk's kind said alone, a bare check naming no drink.
    expect(readBackUnfaithful('An americano with hazelnut sweetener, is that right?', 'Hi, I would like to order the Americano with hazlenut sweetner,please.')).toBeUndefined();
    expect(readBackUnfaithful('Is it a latte with 2% milk you\'d like?', 'I would like a latte 2%')).toBeUndefined();
    expect(readBackUnfaithful('A mocha with oat milk and cold whipped milk, is that right?', ORDERS[0])).toBeUndefined();
    expect(readBackUnfaithful('Yeah sure, is this everything?', 'Can I a mocha with two hearts drawn on it?')).toBeUndefined();
  });

  it('reads each inserted dialogue\'s read-backs against its customer\'s turns', () => {
    const tc = (reply: string) =>
      ({
        id: 'e',
        messages: [
          { role: 'system', content: 'tools' },
          { role: 'user', content: ORDERS[1] },
          { role: 'assistant', content: JSON.stringify({ name: 'FinishAction', args: reply }) },
          { role: 'user', content: 'Yes.' },
          { role: 'assistant', content: JSON.stringify({ name: 'FinishAction', args: 'Good, the mocha; ask for it at the counter.' }) },
          { role: 'user', content: 'The task.' },
        ],
        evolution: { baseCaseId: 'b', details: { longContext: { insertedAt: 1, messages: 4, starts: [0] } } },
      }) as unknown as TestCase;
    const ctx = { baseCase: () => undefined, trajectory: () => undefined };
    expect(contextReadBackUnfaithful.check(tc("To be sure I follow, that's a mocha with whole milk?"), ctx)).toMatch(/leaves out/);
    expect(contextReadBackUnfaithful.check(tc("To be sure I follow, that's a mocha with whole milk, the milk in a separate cup?"), ctx)).toBeNull();
  });

  it('the rules read every order back in the customer\'s words (evolve 84 said "whipped cream", "not too hot", dropped the separate cup)', () => {
    for (const order of ORDERS) expect(readBackUnfaithful(`${readBack(order)}, is that right?`, order), `${order} -> ${readBack(order)}`).toBeUndefined();
    expect(readBack(ORDERS[0])).toBe('a mocha with oat milk and cold whipped milk');
    expect(readBack(ORDERS[10])).toBe('a cortado, medium warm');
    expect(readBack(ORDERS[6])).toBe('two mochas, one decaf');
    expect(readBack(ORDERS[7])).toBe('a macchiato with almond milk and a cortado with lactose-free 2% milk');
    // One of two drinks lactose-free stays one; extra milk on the side stays besides the drink's milk.
    expect(readBack("I'll order two Cortado with 2% milk. But I want one of them to be Lactose-Free milk, please.")).toBe('two cortados with 2% milk, one of them lactose-free');
    expect(readBack("Hello, I'd like to order a Mocha with Oat milk. Can I get an extra bit of oat milk on the side?")).toMatch(/^a mocha with oat milk\b.*\ban extra bit of oat milk on the side$/);
  });

  it('a corpus read-back adding a word the customer did not say is replaced by the rules\' (evolve 84 kept "just a regular mocha?")', () => {
    for (const [said, reply] of [
      ["Hi, I'd like a latte with caramel and nonfat milk.", "Ok, that's a latte with nonfat milk and caramel sauce?"],
      ['Hi, can I get a mocha?', 'Of course, just a regular mocha?'],
    ]) {
      const out = honestTurns([{ role: 'user' as const, content: said }, { role: 'assistant' as const, content: reply }, { role: 'user' as const, content: 'Yes.' }, { role: 'assistant' as const, content: 'Great, it will be ready soon.' }], 'k1')!;
      expect(out[1].content).not.toBe(reply);
      expect(readBackUnfaithful(out[1].content, said), out[1].content).toBeUndefined();
    }
  });

  it('"coffee ice cream" on the drink is a topping, no second drink: the closing says "the macchiato", not "the macchiato and the coffee"', () => {
    const out = honestTurns([{ role: 'user' as const, content: ORDERS[3] }, { role: 'assistant' as const, content: 'Is this correct?' }, { role: 'user' as const, content: "It's correct." }, { role: 'assistant' as const, content: 'Great, it will be ready soon.' }], 'k7')!;
    expect(out[1].content).toMatch(/coffee ice cream/);
    expect(out[3].content).not.toMatch(/\bthe coffee\b|\bthem\b/);
    expect(replyDrinks('So that\'s a macchiato with whole milk and coffee ice cream on top?')).toEqual({ phrase: 'macchiato', plural: false });
  });
});
