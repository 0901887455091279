/**
 * A long-context reply saying the order twice: the corpus's acknowledgement ("Yes, one mocha.") kept
 * before the read-back the rules put in place of its check on the till's screen
 * (long_context_order_said_twice, 73/1,000 on g0).
 */
import { describe, expect, it } from 'vitest';
import { contextOrderSaidTwice, orderSaidTwice } from '../../pipeline/quality/measures/contextOrderTwice.js';
import { honestTurns } from '../../sources/dialogue/honest.js';
import type { TestCase } from '../../pipeline/schemas.js';

type Turn = { role: 'user' | 'assistant'; content: string };
const dialogue = (...texts: string[]): Turn[] => texts.map((content, i) => ({ role: i % 2 ? 'assistant' : 'user', content }));

describe('long_context_order_said_twice', () => {
  it('flags a statement of the order followed by its read-back, not a read-back alone nor a menu note', () => {
    expect(orderSaidTwice('Yes, one mocha. Let me read that back: a mocha, does that sound right?')).toEqual({ said: 'Yes, one mocha.', asked: 'Let me read that back: a mocha, does that sound right?' });
    expect(orderSaidTwice("Okay, so it's a latte with oat milk and chocolate sauce. Is it a latte with oat milk and chocolate you'd like?")).toBeDefined();
    expect(orderSaidTwice('I have the tea you requested. Just making sure I heard you right: an English Breakfast tea?')).toBeDefined();
    expect(orderSaidTwice('Let me read that back: a mocha, does that sound right?')).toBeUndefined();
    expect(orderSaidTwice('Hi! A tall macchiato, have I got that right?')).toBeUndefined();
    expect(orderSaidTwice("I can't see whether they have chai. A chai latte, is that right?")).toBeUndefined();
    // A closing names the order once, with no question after it.
    expect(orderSaidTwice('That makes the cortado; tell the barista when you get there.')).toBeUndefined();
  });

  it('reads the inserted dialogue of a case', () => {
    const tc = (reply: string) =>
      ({
        id: 'e',
        messages: [
          { role: 'system', content: 'tools' },
          { role: 'user', content: 'Can I get a mocha, please' },
          { role: 'assistant', content: JSON.stringify({ name: 'FinishAction', args: reply }) },
          { role: 'user', content: 'Yes' },
          { role: 'assistant', content: JSON.stringify({ name: 'FinishAction', args: 'A mocha; ask for that when it is your turn in line.' }) },
          { role: 'user', content: 'The task.' },
        ],
        evolution: { baseCaseId: 'b', details: { longContext: { insertedAt: 1, messages: 4, starts: [0] } } },
      }) as unknown as TestCase;
    const ctx = { baseCase: () => undefined, trajectory: () => undefined };
    expect(contextOrderSaidTwice.check(tc('Yes, one mocha. Let me read that back: a mocha, does that sound right?'), ctx)).toMatch(/"Yes, one mocha\." then/);
    expect(contextOrderSaidTwice.check(tc('So that is a mocha?'), ctx)).toBeNull();
  });

  it('the rewrite reads the order back once where the corpus said it before its check on the screen (evolve 78 kept both)', () => {
    const cases: [string, Turn[]][] = [
      ['dlg-55ed4005-08b6-4523-b066-39c6d51d3b90', dialogue('Can I get a mocha, please', 'Yes, one mocha. Can you make sure it is right on the screen?', 'Yes', 'Ok, we will make it next. Thanks')],
      ['dlg-e0d8583c-b833-4d36-a901-773c15e36eb4', dialogue('I like a Latte with oat milk and chocolate please?', "Okay, so it's a latte with oat milk and chocolate sauce. Is this correct?", 'Yes.', "Okay, I'll make it.")],
      ['dlg-7c145971-202d-4d25-aa27-71564ec6c685', dialogue('Hi there I think I would like to try on of your English Breakfast tea.', 'I have the tea you requested. Does this order look right for you?', 'Yes it does.', 'Okay so I have an English breakfast tea. It will be ready shortly.')],
      ['dlg-705d2b1b-bc65-4b86-b55d-c2ff9af6a57c', dialogue('Can I please get a wild strawberry tea', 'Yes, one tea. Can you make sure it is right on the screen in front of you', 'Yes', 'Great, we will work on it now')],
    ];
    for (const [id, turns] of cases) {
      const out = honestTurns(turns, id);
      expect(out, id).toBeDefined();
      const readBack = out![1].content;
      expect(readBack, id).toMatch(/\?\s*$/);
      expect(orderSaidTwice(readBack), `${id}: ${readBack}`).toBeUndefined();
    }
  });
});
