/**
 * Lead38. Classes counted over the long-context cases of g0 (lead37's f4) and driven to 0:
 * - a read-back leaving out whom the customer said the order is for ("I'd like a latte for Mark." ->
 *   "I want to make sure I heard you: a latte?"; long_context_readback_name_dropped 257/1,000 -> 0).
 */
import { describe, expect, it } from 'vitest';
import { completeOrder, honestTurns, orderPhrase, restate } from '../../sources/dialogue/honest.js';
import { confirmsNothing, readBackDropsName, statedName, userAsks } from '../../pipeline/dialogueRules.js';

const order = (...ts: string[]) => restate(completeOrder(orderPhrase(ts[0])!, ts));

describe('a read-back names whom the order is for', () => {
  it('reads the name in each of the corpus shapes', () => {
    expect(statedName(["I'd like a latte for Mark."])).toBe('Mark');
    expect(statedName(["Can I get a Cortado, please? It'll be for Geoff."])).toBe('Geoff');
    expect(statedName(["I'm placing an order for Tyler. One Mocha, please."])).toBe('Tyler');
    expect(statedName(['I would like to order a latte. My name is john.'])).toBe('John');
    expect(statedName(["I'll have a Mocha, name for the order is Pete."])).toBe('Pete');
    expect(statedName(['Can I get a Macchiato? And the name for my order is Jessica.'])).toBe('Jessica');
    expect(statedName(["I'd like a mocha under the name Sam, please."])).toBe('Sam');
    expect(statedName(['i would like a latte under jay please'])).toBe('Jay');
    expect(statedName(["So, I'd like a nice Mocha, and my name will be jack of clubs."])).toBe('Jack of Clubs');
  });
  it('reads no name from "for here", a question about a song, or a size', () => {
    expect(statedName(['Hi, I\'d like a Single Almond Mocha for Here, please.'])).toBeUndefined();
    expect(statedName(["Hi there, whats the name of the song playing in the store right now?"])).toBeUndefined();
    expect(statedName(['A latte for two, under 12 ounces'])).toBeUndefined();
    // The last said wins.
    expect(statedName(['A latte for Mark.', 'Actually, the name is Ray.'])).toBe('Ray');
  });
  it('puts the name in the completed order, before where it is had', () => {
    expect(order("I'd like a latte for Mark.", "No, I'd like it decaf.")).toBe('a decaf latte for Mark');
    expect(order('Can I get a Cortado, please? It\'ll be for Geoff.')).toBe('a cortado for Geoff');
    expect(order('I need to get a Mocha, my name is Dan.')).toBe('a mocha for Dan');
    expect(order('Can I get a mocha for Liz to go')).toBe('a mocha for Liz, to go');
    // Said already: once.
    expect(order('A mocha for Jerry, please')).not.toMatch(/Jerry.*Jerry/);
  });
  it('keeps the name when the customer names the drink again to change it', () => {
    const turns = [
      { role: 'user', content: 'Hi, I would like to order the Mocha for Yeo please.' },
      { role: 'assistant', content: 'Ok, so is the order correct on the screen?' },
      { role: 'user', content: 'No, because I need to make that mocha decaffeinteated please.' },
      { role: 'assistant', content: 'Ok, so now is it correct?' },
      { role: 'user', content: 'Yes, it is correct.' },
      { role: 'assistant', content: 'Ok, your order will be ready soon.' },
    ] as const;
    const out = honestTurns([...turns], 'yeo')!;
    expect(out[1].content).toMatch(/\ba mocha for Yeo\b/);
    expect(out[3].content).toMatch(/\ba decaf mocha for Yeo\b/);
    expect(readBackDropsName(out.map((t) => ({ role: t.role, text: t.content })))).toBeUndefined();
    // The measure carries the name the same way: the changed order's read-back without it is flagged.
    const dropped = out.map((t, k) => ({ role: t.role, text: k === 3 ? 'To confirm: a decaffeinated mocha?' : t.content }));
    expect(readBackDropsName(dropped)).toMatch(/for Yeo/);
  });
  it('measures a read-back without the name', () => {
    const d = [
      { role: 'user', text: "I'd like a latte for Mark." },
      { role: 'assistant', text: 'I want to make sure I heard you: a latte?' },
    ];
    expect(readBackDropsName(d)).toMatch(/for Mark/);
    expect(readBackDropsName([d[0], { role: 'assistant', text: 'I want to make sure I heard you: a latte for Mark?' }])).toBeUndefined();
    // A closing names the drink only; it reads nothing back.
    expect(readBackDropsName([...d.slice(0, 1), { role: 'assistant', text: 'A latte for Mark, is that right?' }, { role: 'user', text: 'Yes.' }, { role: 'assistant', text: 'Great, order the latte at the counter.' }])).toBeUndefined();
  });
});

describe('an order put as "How about …?" or after a greeting is an order (evolve 102)', () => {
  it('reads neither as a question, and a lone greeting still as one', () => {
    expect(userAsks('How about a caramel flavored cortado with almond milk?')).toBe(false);
    expect(userAsks('Hi how are you? I would like hot Latte please.')).toBe(false);
    expect(userAsks('How are you?')).toBe(true);
    expect(userAsks('How about the tea, what is in it?')).toBe(true);
  });
  it('flags the bare check after it, and the rules read the order back instead', () => {
    const order = 'How about a caramel flavored cortado with almond milk?';
    expect(confirmsNothing(order, 'Sounds great! Does everything look correct about your order?')).toBeDefined();
    const out = honestTurns([
      { role: 'user', content: order },
      { role: 'assistant', content: 'Sounds great! Does everything look correct about your order?' },
      { role: 'user', content: 'Everything looks good.' },
      { role: 'assistant', content: 'Great, we will have it ready at the bar shortly.' },
    ], 'howabout')!;
    expect(out[1].content).toMatch(/caramel flavored cortado with almond milk/);
    expect(confirmsNothing(order, out[1].content)).toBeUndefined();
  });
});
