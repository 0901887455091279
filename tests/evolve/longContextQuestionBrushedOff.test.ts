/**
 * h-solv30: a customer's question put as a statement ("Hi, I'd like to know what's in a steamer.",
 * "No. I need to know what syrups you have", "I'm wondering what's in the Americano.") was read as no
 * question: the café's answer (its recipe, its syrups) was taken out as a claim about a menu the
 * assistant cannot see, and only "OK." was left (long_context_question_brushed_off 6/1,000 on g0).
 */
import { describe, expect, it } from 'vitest';
type Role = 'user' | 'assistant';
import { userAsks } from '../../pipeline/dialogueRules.js';
import { honestTurns } from '../../sources/dialogue/honest.js';
import { questionBrushedOff } from '../../pipeline/quality/measures/contextQuestionBrushedOff.js';

const dialogue = (...xs: string[]) => xs.map((content, i) => ({ role: (i % 2 ? 'assistant' : 'user') as Role, content }));

describe('a question put as a statement', () => {
  it('is a question, and a want put so is still an order', () => {
    expect(userAsks("Hi, I'd like to know what's in a steamer.")).toBe(true);
    expect(userAsks('No. I need to know what syrups you have')).toBe(true);
    expect(userAsks("Hey, I'm wondering what's in the Americano. I'm not sure I'd like it.")).toBe(true);
    expect(userAsks('I need a latte please')).toBe(false);
    expect(userAsks('I want to get a mocha with oat milk')).toBe(false);
  });

  it('gets the answer every menu question gets, never a bare "OK."', () => {
    for (const [q, a] of [
      ["Hi, I'd like to know what's in a steamer.", "It's a 12 ounce steamed milk with microfoam."],
      ["Hi, I'd like to know what's in your Americano.", 'The Americano is half espresso and half 10 ounces of hot water.'],
      ["Hey, I'm wondering what's in the Americano. I'm not sure I'd like it.", "It's simple, the American is made up of 10 ounces of hot water, and espresso."],
    ]) {
      const out = honestTurns(dialogue(q, a), 'k1')!;
      const reply = out[1].content;
      // Before h-solv30 the reply was "OK.".
      expect(questionBrushedOff(q, reply), reply).toBe(false);
      expect(reply, reply).toMatch(/menu|barista|staff|counter|till|stocks/i);
    }
  });
});

describe('long_context_question_brushed_off', () => {
  it('flags a question answered by a bare acknowledgement and passes answers and orders', () => {
    expect(questionBrushedOff("Hi, I'd like to know what's in a steamer.", 'OK.')).toBe(true);
    expect(questionBrushedOff('No. I need to know what syrups you have', 'OK.')).toBe(true);
    expect(questionBrushedOff('Do you have oat milk?', 'Sure!')).toBe(true);
    expect(questionBrushedOff("Hi, I'd like to know what's in a steamer.", "I can't see their menu, but the barista can tell you.")).toBe(false);
    expect(questionBrushedOff('Can I get a latte?', 'OK.')).toBe(false);
    expect(questionBrushedOff('100%. Thank you!', 'OK.')).toBe(false);
    expect(questionBrushedOff('A latte, is that right?', 'OK.')).toBe(false);
  });
});
