/**
 * Lead38. Classes counted over the long-context cases of g0 (lead37's f4) and driven to 0:
 * - a read-back saying a tea the customer named as an add-in ("the Peppermint Rose, tea" -> "a tea with peppermint?";
 *   long_context_readback_tea_name_dropped 23/1,000 -> 0);
 * - a read-back leaving out whom the customer said the order is for ("I'd like a latte for Mark." ->
 *   "I want to make sure I heard you: a latte?"; long_context_readback_name_dropped 257/1,000 -> 0).
 */
import { describe, expect, it } from 'vitest';
import { completeOrder, honestTurns, orderPhrase, restate } from '../../sources/dialogue/honest.js';
import { confirmsNothing, readBackDropsName, readBackDropsTeaName, statedName, teaNameOf, userAsks } from '../../pipeline/dialogueRules.js';

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
    // evolve 105: the customer's own name said as "I'm …".
    expect(statedName(["I'm James, and I want a mocha."])).toBe('James');
    expect(statedName(["Hi! I'm Bill. I want a latte"])).toBe('Bill');
    expect(statedName(["I'm Jay-jay and i do like a mocha"])).toBe('Jay-jay');
    expect(statedName(["I'm good, thanks. A latte please."])).toBeUndefined();
    expect(statedName(["I'm Sorry, a latte."])).toBeUndefined();
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

describe('a tea read back by the name the customer gave it (evolve 103)', () => {
  it('reads the name after "the", and none from a tea ordered plain', () => {
    expect(teaNameOf(["I'd like the Peppermint Rose, tea, please."])).toBe('Peppermint Rose');
    expect(teaNameOf(["Hi, I'd like to get a hot tea please. Let's try the Peppermint Rose today."])).toBe('Peppermint Rose');
    expect(teaNameOf(['Can I have a hot tea? The Lavender Earl Grey please.'])).toBe('Lavender Earl Grey');
    expect(teaNameOf(["I'd like a green tea with honey."])).toBeUndefined();
    expect(teaNameOf(["I'd like the Vanilla Latte."])).toBeUndefined();
  });
  it('says the name where the rules read "a tea with peppermint", and flags the read-back without it', () => {
    expect(order("I'd like the Peppermint Rose, tea, please.")).toBe('a Peppermint Rose tea');
    expect(order("Hi, I'd like to get a hot tea please. Let's try the Peppermint Rose today.")).toBe('a hot Peppermint Rose tea');
    expect(order('Can I have a hot tea? The Lavender Earl Grey please.')).toBe('a hot Lavender Earl Grey tea');
    const d = [{ role: 'user', text: "I'd like the Peppermint Rose, tea, please." }, { role: 'assistant', text: "So that's a tea with peppermint?" }];
    expect(readBackDropsTeaName(d)).toMatch(/Peppermint Rose/);
    expect(readBackDropsTeaName([d[0], { role: 'assistant', text: 'Please confirm: a Peppermint Rose tea?' }])).toBeUndefined();
  });
});

describe('one cup of a drink sold by the cup said with its article (evolve 104)', () => {
  it('reads back "a chai latte" for "some Chai Latte", and flags "some mocha"', async () => {
    const { someDrink } = await import('../../pipeline/quality/measures/context.js');
    expect(order("I'd really like some Chai Latte, please.")).toBe('a chai latte');
    expect(order('Can I get some iced americano?')).toBe('an iced americano');
    expect(order('I would like some tea.')).toBe('some tea');
    expect(someDrink('All right. Just to check: some mocha, correct?')).toBe('some mocha');
    expect(someDrink('A mocha with some mocha sauce?')).toBeUndefined();
    expect(someDrink('Just to check: some lattes for the team?')).toBeUndefined();
  });
});

describe('"I\'m" names someone only before a capitalised name (evolve 105)', () => {
  it('reads no name from "I am dragging." or "that\'s what I\'m getting."', () => {
    expect(statedName(['Man, I am dragging. Give me a Double Cappuccino, and use Oat milk'])).toBeUndefined();
    expect(statedName(["Yes, that's what I'm getting."])).toBeUndefined();
    expect(order('Man, I am dragging. Give me a Double Cappuccino, and use Oat milk')).toBe('a double cappuccino with oat milk');
  });
});
