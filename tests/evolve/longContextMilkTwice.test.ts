/**
 * A read-back naming one milk twice ("So that's a non fat single shot latte with non-fat milk?"):
 * the read-back writer did not see the customer's spaced "non fat" in the order phrase and added
 * "with non-fat milk" (long_context_milk_twice, 12/1,000 on g0, 16/1,000 on h-evol27's b3).
 */
import { describe, expect, it } from 'vitest';
import { holdsKey } from '../../pipeline/dialogueRules.js';
import { contextMilkTwice, milksSaidTwice } from '../../pipeline/quality/measures/contextMilkTwice.js';
import { completeOrder, orderPhrase, restate } from '../../sources/dialogue/honest.js';
import type { TestCase } from '../../pipeline/schemas.js';

const readBack = (order: string) => restate(completeOrder(orderPhrase(order)!, [order]));

describe('long_context_milk_twice', () => {
  it('flags a sentence naming a milk twice that the customer said once, not an order that says it twice, not two sentences', () => {
    expect(milksSaidTwice("So that's a non fat single shot latte with non-fat milk?", "Hi, I'd like a non fat single shot latte please.")).toEqual(['non fat']);
    expect(milksSaidTwice('Let me read that back: a chai latte with non fat milk and a latte with oat milk, plus non-fat milk, right?', "Hi, I'd like a chai latte with non fat milk and a latte with oat milk.")).toEqual(['non fat']);
    expect(milksSaidTwice('A mocha with oat milk, chocolate and whipped cream, plus extra oat milk on the side, is that right?', 'A mocha with oat milk, chocolate and whipped cream. And extra oat milk on the side.')).toEqual([]);
    expect(milksSaidTwice("Okay, so it's a latte with oat milk. Let me read that back: a latte with oat milk?", 'I like a Latte with oat milk please?')).toEqual([]);
    expect(milksSaidTwice("So that's a non fat single shot latte?", "Hi, I'd like a non fat single shot latte please.")).toEqual([]);
  });

  it('reads each inserted dialogue on its own', () => {
    const messages = [
      { role: 'system', content: 'tools' },
      { role: 'user', content: "Hi, I'd like a non fat single shot latte please." },
      { role: 'assistant', content: JSON.stringify({ name: 'FinishAction', args: "So that's a non fat single shot latte with non-fat milk?" }) },
      { role: 'user', content: 'Yes.' },
      { role: 'assistant', content: JSON.stringify({ name: 'FinishAction', args: 'The latte it is.' }) },
      { role: 'user', content: 'The task.' },
    ];
    const tc = (reply: string) => ({ id: 'e', messages: messages.map((m, i) => (i === 2 ? { ...m, content: JSON.stringify({ name: 'FinishAction', args: reply }) } : m)), evolution: { baseCaseId: 'b', details: { longContext: { insertedAt: 1, messages: 4, starts: [0] } } } }) as unknown as TestCase;
    const ctx = { baseCase: () => undefined, trajectory: () => undefined };
    expect(contextMilkTwice.check(tc("So that's a non fat single shot latte with non-fat milk?"), ctx)).toMatch(/names non fat twice/);
    expect(contextMilkTwice.check(tc("So that's a non fat single shot latte?"), ctx)).toBeNull();
  });

  it('the read-back holds a spaced "non fat" and adds no second one (evolve 77 added "with non-fat milk")', () => {
    expect(holdsKey('a non fat single shot latte', 'non-fat')).toBe(true);
    const out = readBack("Hi, I'd like a non fat single shot latte please.");
    expect(out).toMatch(/non fat single shot latte/);
    expect(milksSaidTwice(out, "Hi, I'd like a non fat single shot latte please.")).toEqual([]);
    expect(milksSaidTwice(readBack("Hi, I'd like a chai latte with non fat milk and a latte with oat milk."), "Hi, I'd like a chai latte with non fat milk and a latte with oat milk.")).toEqual([]);
  });

  it('the corpus\'s slip "not-fat" counts as the non-fat said, and the read-back says it as meant, once (failed on evolve 78)', () => {
    const said = 'I need you to get me a not-fat milk Cortado, with Caramel as the sugar substitute please.';
    expect(milksSaidTwice('Can I check I have it right: a not-fat milk cortado with caramel as the sugar substitute and non-fat milk?', said)).toEqual(['non fat']);
    expect(holdsKey('a not-fat milk cortado', 'non-fat')).toBe(true);
    const out = readBack(said);
    expect(out).toMatch(/non-fat milk cortado/);
    expect(out).not.toMatch(/not-fat/);
    expect(milksSaidTwice(out, said)).toEqual([]);
  });
});
