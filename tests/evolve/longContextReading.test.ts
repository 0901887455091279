/**
 * The inserted coffee dialogues read again (h-ctx4): drinks spelt right, a check that names what
 * was ordered, no menu known either way, menu clauses without the asking words, no stacked fillers,
 * no customer's line given to the assistant, short closings that keep an option whole and say two
 * drinks as two. Each measure flags the old text and passes the new; the pool no longer makes it.
 */
import { describe, expect, it } from 'vitest';
import { closeInsertion, honestTurns, menuClause, shortOrder } from '../../sources/dialogue/honest.js';
import { claimsAction, describesRecipe, saysUnavailable, speaksAsCustomer, spellDrinks, statesMenu } from '../../pipeline/dialogueRules.js';
import { confirmsNothing, cutOption, garbledMenuClause, garbledReadBack, misspeltDrink, pluralDisagrees, readBackRepeated, stackedFiller } from '../../pipeline/quality/measures/context.js';
import { loadCorpus } from '../../sources/dialogue/corpus.js';
import { contextPool, insertionTurns } from '../../sources/dialogue/context.js';

const dialogue = (...xs: string[]) => xs.map((content, i) => ({ role: (i % 2 ? 'assistant' : 'user') as 'user' | 'assistant', content }));
const spoken = (d: { role: string; content: string }[]) => d.map((t) => ({ role: t.role, text: t.content }));

describe('long-context dialogues read again', () => {
  it('spells the drinks right by edit distance, and leaves words that are no drink', () => {
    expect(spellDrinks("I'd like a decaffinated cuppuccino")).toBe("I'd like a decaffeinated cappuccino");
    expect(spellDrinks('I think I want a Machiatto, with Almond milk')).toBe('I think I want a Macchiato, with Almond milk');
    expect(spellDrinks('could I get an Almond Corado please?')).toBe('could I get an Almond Cortado please?');
    expect(spellDrinks('two cappuccions and an oat milk late')).toBe('two cappuccinos and an oat milk latte');
    expect(spellDrinks('Can I get two Macha lattes?')).toBe('Can I get two Matcha lattes?');
    expect(spellDrinks('What do you offer? I am running late, watch out.')).toBe('What do you offer? I am running late, watch out.');
    expect(misspeltDrink('Okay. Let me read that back: a decaffinated cuppuccino. Is that right?')).toBe('decaffinated');
    expect(misspeltDrink('Okay. Let me read that back: a decaffeinated cappuccino. Is that right?')).toBeUndefined();
  });

  it('a check names the misspelt drink, and an unknown item in the customer\'s words', () => {
    const d = honestTurns(dialogue("Let's see, I think I want a Machiatto, with Almond milk, and add some Vanilla too. Thanks.", 'Please check the display. Is that your correct order?', "Yep. It'a all right.", 'Ok. Your order will be ready for pick-up, at the coffee bar, in about five minutes.'), 'k1')!;
    expect(d[1].content).toMatch(/a macchiato with almond milk and vanilla/i);
    expect(confirmsNothing(d[0].content, d[1].content)).toBeUndefined();
    expect(confirmsNothing(d[0].content, 'Is that your correct order?')).toBeTruthy();
    // The customer's own noun, read back: not a check that names nothing.
    expect(confirmsNothing('Hi, can I get a jin xuan please?', 'Sure. A jin xuan, is that right?')).toBeUndefined();
    expect(confirmsNothing("I'd like to get a drink for Marge.", 'Okay Marge, do you mind checking to see if the order is right?')).toBeTruthy();
    // "I'm gonna take a Tangerine Rooibos": the item named, and "there's your order" is a display claim.
    const t = honestTurns(dialogue("Hi, I'm gonna take a Tangerine Rooibos for today.", "Alright, there's your order. Will you just make sure that looks right before I send it out to be made?", "Yes, that's perfect.", "Great. That'll be ready soon over at the coffee bar."), 'k2')!;
    expect(t[1].content).toContain('Tangerine Rooibos');
    expect(t[1].content).not.toMatch(/there's your order/i);
    expect(t[3].content).toContain('Tangerine Rooibos');
    // A check after a change ("how about now, do it look right?") reads the changed order back.
    const c = honestTurns(dialogue('Hello, my name is Jim and I would like a Macchiato.', 'Ok Dan do your order look right to you?', 'No, actually I needed it to be decaf please.', 'Ok how about now, do it look right?', 'Yes, perfect.', 'Splendid your Macchiato will be up soon at the coffee bar.'), 'k3')!;
    expect(c[3].content).toMatch(/a decaf macchiato/i);
  });

  it('counts a confirmed order said again by its words, not its hyphens or a shared "and"', () => {
    expect(readBackRepeated(spoken(dialogue('x', 'A cortado with non-fat milk? I want to make sure I heard you.', 'Yes', 'Alright. Tell the barista the cortado with non-fat milk and you\'re set.')))).toBeUndefined();
    expect(readBackRepeated(spoken(dialogue('x', 'A chai latte with oat milk? I want to make sure I heard you.', 'Yes it is.', "Great. So the chai latte with oat milk. I can't contact the café for you.")))).toBeUndefined();
    expect(readBackRepeated(spoken(dialogue('x', "So that's a mocha with whole milk, steamed extra hot?", 'Yes', 'Then a mocha with whole milk, steamed extra hot is your order.')))).toBeTruthy();
    // The corpus's own read-back kept beside a dropped claim: the closing after "That's it" names the drink short.
    const d = honestTurns(dialogue('Can I please get a Macchiato with Almond Milk, also with extra foam and cocoa powder?', "So thats a Macchiato with Almond Milk, extra foam and cocoa powder? Please confirm the drink and I'll put it in to be made.", "That's it thanks.", 'Great. The order will be ready for you in a couple of minutes at the bar.'), 'k4')!;
    expect(d[3].content).not.toMatch(/a macchiato with almond milk and extra foam/);
  });

  it('no reply knows the menu either way', () => {
    for (const s of ['I don’t see cappuccino on the menu. Could you mean cortado?', "I can't find mocha on the menu.", "I'm sorry, but cold brew doesn't match any menu items", 'Sorry, they do not, please see their menu above', "No, they've never had Jello"]) expect(saysUnavailable(s), s).toBeTruthy();
    expect(saysUnavailable("I can't see the café's menu from here, so I'm unable to check whether they have honey.")).toBeUndefined();
    expect(statesMenu('Their chai latte comes in a 12 ounce cup, and it is made with chai concentrate.')).toBeTruthy();
    expect(statesMenu('They actually have a few herbal tea drinks on their menu as well.')).toBeTruthy();
    expect(statesMenu('There are a lot of options including latte, mocha, cappuccino, americano, iced coffee and many others.')).toBeTruthy();
    expect(statesMenu('I think we have this right. But you confirm on the screen?')).toBeUndefined();
    expect(describesRecipe("Can you tell me what's in the Cold Brew", 'That drink has ice and their special coffee concentrate')).toBeTruthy();
    const d = honestTurns(dialogue("What's in the drink Americano?", 'It is a 10 oz mix of hot water and espresso.'), 'k5')!;
    expect(d[1].content).toMatch(/what goes into their americano/);
  });

  it('menu clauses say what was asked for, without the asking words', () => {
    expect(menuClause('What kids of coffee do you have?')).toBe('what coffee they have');
    expect(menuClause("Hi, what kind's of herbal tea do you have today?")).toBe('what herbal tea they have');
    expect(menuClause('Do you have Herbals in tea form?')).toBe('whether they have herbal teas');
    expect(menuClause('Are there any sweeteners available?')).toBe('whether they have any sweeteners');
    expect(menuClause('What kind of sweetener comes with that?')).toBe('what sweetener comes with it');
    expect(menuClause("Well, since it is so hot outside, I'm wondering, if perhaps, you have a cold, chocolate milk shake available, here?")).toBe('whether they have a cold chocolate milk shake');
    expect(garbledMenuClause("Looking up what kids of coffee they have is beyond me; I can't see their menu.")).toBeTruthy();
    expect(garbledMenuClause("I can't check whether they have herbals, since their menu isn't something I can see.")).toBeTruthy();
    expect(garbledMenuClause("I can't check whether they have herbal teas, since their menu isn't something I can see.")).toBeUndefined();
  });

  it('closings: one filler, options whole, two drinks as two', () => {
    expect(stackedFiller("OK. Fine. Ordering it is up to you; I can't reach the shop from here.")).toBeTruthy();
    expect(stackedFiller('OK. Ordering it is up to you.')).toBeUndefined();
    // 517 of g0's 1,000 insertions: "OK. Got it: the latte; say that at the till.", "Got it. Got it: the cortado; …".
    expect(stackedFiller('Got it. Got it: the cortado; mention it when you reach the front.')).toBeTruthy();
    expect(stackedFiller('Got it: the cortado; mention it when you reach the front.')).toBeUndefined();
    const texts = ['OK.', 'Got it.', 'Great.'].flatMap((opener) =>
      closeInsertion([...Array(40)].map((_, i) => ({ index: 3, opener, said: [], leave: [], phrase: i % 3 ? 'the mocha with extra foam' : i % 2 ? 'the mochas' : undefined })), `key ${opener}`),
    );
    for (const t of texts) {
      expect(stackedFiller(t!), t).toBeUndefined();
      expect(pluralDisagrees(t!), t).toBeUndefined();
      expect(t).not.toMatch(/^OK\. That makes the/);
    }
    expect(pluralDisagrees('Okay. The mochas sounds like the one. Ask for it at the counter.')).toBeTruthy();
    // An option with an amount ("extra cream") was read back and confirmed whole: the closing names the drink (evolve 45),
    // one without keeps it whole, never cut on its first word.
    expect(shortOrder('a mocha with extra cream')).toBe('the mocha');
    expect(shortOrder('a macchiato with extra foam and caramel')).toBe('the macchiato');
    expect(shortOrder('1 cortado with extra milk')).toBe('the cortado');
    expect(shortOrder('a cortado with oat milk and caramel')).toBe('the cortado'); // not some options (h-ctx14)
    // Two of one drink said as two, each with what sets it apart (h-ctx5: "the lattes" lost the decaf).
    expect(shortOrder('a regular latte and a decaf latte')).toBe('the regular latte and the decaf one');
    expect(cutOption('Okay. Say the mocha with extra at the register and that\'s it.')).toBeTruthy();
    expect(cutOption('Okay. Say the mocha with extra cream at the register.')).toBeUndefined();
  });

  it('read-backs drop the joins of the request they restate', () => {
    const a = honestTurns(dialogue("I'd like to order a decaf macchiato with chocolate added to it.", 'Please confirm.', 'Yes.', 'It will be ready soon.'), 'k6')!;
    expect(a[1].content).toMatch(/a decaf macchiato with chocolate\b/i);
    const b = honestTurns(dialogue('I need a Decaf Cortado with added Hazelenut Sweetner, Non fat.', 'Please confirm.', 'Yes, you got it.', 'Ready soon.'), 'k7')!;
    expect(b[1].content).toMatch(/a decaf cortado with hazelnut sweetener/i);
    for (const t of [...a, ...b]) expect(garbledReadBack(t.content)).toBeUndefined();
    expect(garbledReadBack('A decaf macchiato with chocolate and to it? I want to make sure I heard you.')).toBeTruthy();
    expect(garbledReadBack('A decaf cortado with and Hazelenut Sweetner. Have I got that right?')).toBeTruthy();
  });

  it('claims and customer lines the rewrite undoes or leaves out', () => {
    for (const s of ['I changed it, do you mind checking to see if it is correct now?', "They'd be happy to get that for you.", "Alright, there's your order.", 'Okay I have a hot coffee for you.', 'Enjoy.', 'Here is the menu.']) expect(claimsAction(s), s).toBeTruthy();
    expect(speaksAsCustomer('Give me a cortada extra foam please.')).toBeTruthy();
    expect(speaksAsCustomer('Yes.. I would like spiked honey oat milk.')).toBeTruthy();
    expect(speaksAsCustomer('Would you like me to read that back?')).toBeUndefined();
    // Taskmaster's "Nothing in it. Just plain coke please." sat in the assistant's turn of 19 insertions.
    expect(speaksAsCustomer('Nothing in it. Just plain coke please.')).toBe('Just plain coke please.');
    expect(speaksAsCustomer('One moment please.')).toBeUndefined();
    expect(speaksAsCustomer('Just a latte for you, please tell the barista.')).toBeUndefined();
    // "Okay, I'll get the order done!" (18 insertions) promises the making.
    expect(claimsAction("Okay, I'll get the order done!")).toBeDefined();
    expect(claimsAction("I'm getting your order in now.")).toBeDefined();
    expect(claimsAction("I can't get the order in from here.")).toBeUndefined();
    expect(claimsAction('You can give the order at the counter.')).toBeUndefined();
  });

  it('the pool, strung into insertions, makes none of these', () => {
    const pool = contextPool(loadCorpus(), 1000);
    const bad: string[] = [];
    for (let k = 0; k < pool.entries.length; k += 30) {
      const turns = insertionTurns(pool.entries.slice(k, k + 30).map((e) => e.dialogue));
      turns.forEach((t, i) => {
        if (t.role !== 'assistant') return;
        const user = turns[i - 1]?.role === 'user' ? turns[i - 1].content : '';
        const why = misspeltDrink(t.content) ?? garbledMenuClause(t.content) ?? stackedFiller(t.content) ?? speaksAsCustomer(t.content) ?? garbledReadBack(t.content) ?? cutOption(t.content) ?? pluralDisagrees(t.content) ?? (saysUnavailable(t.content) ? 'denies' : undefined) ?? describesRecipe(user, t.content) ?? (user && confirmsNothing(user, t.content));
        if (why) bad.push(`${why}: ${t.content}`);
      });
    }
    expect(bad.slice(0, 5)).toEqual([]);
  });
});
