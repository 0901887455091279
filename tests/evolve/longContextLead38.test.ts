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

describe('a read-back never opens on the word the kept reply opens on (evolve 106)', () => {
  it('the measure flags "That sounds great. That sounds like …?" and passes "I …. I …?"', async () => {
    const { readBackOpenerTwice } = await import('../../pipeline/quality/measures/context.js');
    // teval_query_40_1-env-k1~mixed on lead38 f5.
    expect(readBackOpenerTwice('That sounds great. That sounds like a decaf macchiato with a little bit of chocolate drizzle, is that right?')).toMatch(/That sounds great/);
    expect(readBackOpenerTwice('That sounds great. Can I check I have it right: a decaf macchiato?')).toBeUndefined();
    expect(readBackOpenerTwice('I apologize for the error. I have a latte with non-fat milk for John down; is that accurate?')).toBeUndefined();
  });
});

describe('the insertions that read back on the kept reply\'s own opener no longer do (evolve 106)', () => {
  // The dialogues of two insertions of lead38 f5, in their order: "That sounds great. That sounds like a decaf macchiato …?"
  // (teval_query_40_1-env-k1~mixed) and "That isn't an issue. That sounds like an oat milk macchiato …?" (175_0-…-k3-cot~mixed).
  const INSERTIONS: Record<string, string[]> = {
  'teval_query_175_0-parameters_key_error-k3-cot~mixed': [
    'dlg-20aaa996-ff2a-4654-a75a-698efd71ea69',
    'dlg-a12bc752-138f-42d9-9531-80f546087930',
    'dlg-5c5ad262-5a95-47e7-b359-1c788231c333',
    'dlg-e1953c36-2222-48da-ad78-d6630e010cf0',
    'dlg-dc9d9c17-f4d2-4424-b0ea-97b8dcc1deb3',
    'dlg-f7fe2463-5ce2-4eb1-836e-a934529cb3e0',
    'dlg-0b1f9aa4-32cf-4d73-9236-ff7421cb245c',
    'dlg-d7842858-7f9a-4811-9aa4-802deb7d7962',
    'dlg-b863a3d7-c62d-4983-b8a5-06a0b8d8058c',
    'dlg-52963a46-a958-4a70-a3f8-4c61e518a299',
    'dlg-ca15bc67-1913-4ffa-8369-5547e6501dc5',
    'dlg-8f1583e9-bc50-4c72-9ac3-9f9f6800bd9a',
    'dlg-f58a80e2-f549-48a2-ac0e-dd18551fbd00',
    'dlg-ff271bda-1a2d-4600-b178-993e260de2f6',
    'dlg-75124dc8-ae5a-4b8e-9337-8179cc75a924',
    'dlg-98770c6b-0402-47f5-b6fa-ded47682ea45',
    'dlg-02523c72-df9c-44b0-9b8c-f0b149583a55'
  ],
  'teval_query_40_1-env-k1~mixed': [
    'dlg-07783c80-f979-4b8f-bf37-5b1cb493c1c3',
    'dlg-ddbf931d-0a5f-4365-b497-3f8569160b54',
    'dlg-86d99737-8573-4fec-a9b3-0480c85b528c',
    'dlg-d603c82e-91f8-483c-913d-9016d407dfa6',
    'dlg-ad1d0a90-6993-418f-8260-31a94e89d588',
    'dlg-26f71e40-4451-411f-8250-3b5c9e54d263',
    'dlg-562579a3-8b47-4cc6-b689-ba6eee77bbfa',
    'dlg-6815f89e-cbe5-4133-9b12-bc464011ce29',
    'dlg-e947fdaa-68c0-4749-841b-32521b219964',
    'dlg-08e7c573-5a70-409e-8220-c8f5433ff6f7',
    'dlg-9996d3dc-79b1-4886-ac13-26ea89c47fb9',
    'dlg-112dc8eb-2fe6-43e6-a18a-ba2b7822a2fc',
    'dlg-72ca3952-a888-44d9-9d18-9c3ab6d33bcc',
    'dlg-983a82eb-c04b-470b-88c3-d1204a05ee27',
    'dlg-da751eb4-51e5-4466-9c3d-87b077c3c2f1',
    'dlg-e1370078-db80-46ec-96fb-eed5817275cc',
    'dlg-87070de8-2a3c-4d99-a121-212393634bb7',
    'dlg-4a8f6747-dd0e-4641-b137-04f186242177',
    'dlg-5f87f071-2a94-4176-9aa4-5d269ddea4fd',
    'dlg-bc31aca5-d186-416f-ac25-2a944d23f5d3',
    'dlg-8ca058fe-8c93-443d-9367-8b1752b7a4f0',
    'dlg-50d36f78-93b2-4ef0-9ae8-51982711919e',
    'dlg-08a4ed95-f144-43bd-87e9-0c48f9b57b03',
    'dlg-df3650f5-0995-489e-adc8-211c3a301c60',
    'dlg-e0c984c5-aa35-4213-ae68-253f78021566',
    'dlg-707b68b9-24fc-4276-9c22-cbc3fbe0609e',
    'dlg-8ff9961d-0b05-4393-a8a5-987a5c43ab9a',
    'dlg-77ae545f-b6bf-4f50-8ab5-847ba21871ec',
    'dlg-30580232-f20c-4855-a977-8f1e195c0a2a',
    'dlg-14848fd2-273e-4984-a4a7-c31f0f2a5f52',
    'dlg-dfd5325a-afdf-4106-abe0-6bc46fcb0512',
    'dlg-a66efc1b-8bf0-4e67-948b-b9776027422a',
    'dlg-314cb81b-efea-4ca2-b775-f0e94eddfc3e',
    'dlg-154c1d76-3f61-4afc-84c6-285d8aa8fe2c',
    'dlg-2321a743-a98f-4fbd-8fa2-0c3f261c8c0b',
    'dlg-d3e8907c-8bd0-4eef-ba31-a4e6518f2ae9',
    'dlg-8f56e1d1-7e0c-4db6-b8ce-eeee43bd2263',
    'dlg-b91d72b4-51c1-44dc-b43a-953a76433711',
    'dlg-a9b6737d-2e3a-4aa7-b6de-68a1f004abea',
    'dlg-4fc388d1-6f6c-4f87-9883-de9db9111ec9',
    'dlg-8cf81f4c-c2be-491f-a194-33327b05a4f4'
  ]
};
  it('reads them back in another frame', async () => {
    const { readBackOpenerTwice } = await import('../../pipeline/quality/measures/context.js');
    const { contextPool, insertionTurns } = await import('../../sources/dialogue/context.js');
    const { loadCorpus } = await import('../../sources/dialogue/corpus.js');
    const pool = contextPool(loadCorpus(), 1000);
    const byId = new Map(pool.entries.map((e) => [e.id.split('#').pop()!, e.dialogue]));
    for (const [name, ids] of Object.entries(INSERTIONS)) {
      const turns = insertionTurns(ids.map((id) => byId.get(id)!));
      const replies = turns.filter((t) => t.role === 'assistant').map((t) => t.content);
      expect(replies.filter((r) => readBackOpenerTwice(r)), name).toEqual([]);
      expect(replies.some((r) => /^That (?:sounds great|isn't an issue)\. .+\?$/.test(r)), name).toBe(true);
    }
  });
});

describe('an acknowledgement a reply cannot go without, once the usual ones are used up (evolve 107)', () => {
  it('takes a rarer one, never a fourth "OK."', async () => {
    const { variedAcknowledgements } = await import('../../sources/dialogue/acknowledgements.js');
    const { acknowledgementRepeated } = await import('../../pipeline/quality/measures/contextAcknowledgementRepeats.js');
    // bfcl_multi_turn_base_121-parameters_value_error-k3-cot~mixed: "OK.", "Alright." and "Got it." each open three replies,
    // and the last read-back, left bare, would read word for word as one said before.
    const drinks = ['latte', 'mocha', 'cortado', 'macchiato', 'cappuccino', 'flat white', 'chai latte', 'matcha latte', 'espresso'];
    const acks = ['OK.', 'Alright.', 'Got it.'];
    const turns = [
      { role: 'user' as const, content: 'I want an americano with caramel sauce.' },
      { role: 'assistant' as const, content: 'Checking I have it all: an americano with caramel sauce, correct?' },
      ...drinks.flatMap((d, k) => [
        { role: 'user' as const, content: `I'd like a ${d}.` },
        { role: 'assistant' as const, content: `${acks[k % 3]} So that's a ${d}?` },
      ]),
      { role: 'user' as const, content: 'I want an americano with caramel sauce.' },
      { role: 'assistant' as const, content: 'OK. Checking I have it all: an americano with caramel sauce, correct?' },
    ];
    const changed = variedAcknowledgements(turns, 7);
    const replies = turns.map((t, i) => changed.get(i) ?? t.content).filter((_, i) => turns[i].role === 'assistant');
    expect(acknowledgementRepeated(replies)).toBeUndefined();
    expect(new Set(replies).size).toBe(replies.length);
    expect(replies.some((r) => /^(?:Understood|Noted)\. /.test(r))).toBe(true);
  });
});
