/**
 * The inserted coffee dialogues read turn by turn (h-ctx5): a customer turn follows the reply before
 * it, no corpus line is spliced, a read-back puts each modifier on its own item ("double sugar" is
 * no double mocha), a short closing keeps a split order's split, no "I'll get working on that", no
 * "that's the one" for two drinks. Each measure flags the old text and passes the new; the pool,
 * strung into insertions, makes none of them.
 */
import { describe, expect, it } from 'vitest';
import { closeInsertion, honestTurns, shortOrder } from '../../sources/dialogue/honest.js';
import { claimsAction, misattachedModifier, mendSplice, orderModifiers, splicedLine, splitOrderLost, turnNotFollowing, withoutOpeningAnswer } from '../../pipeline/dialogueRules.js';
import { dialogueTurnNotFollowing, pluralDisagrees } from '../../pipeline/quality/measures/context.js';
import { loadCorpus } from '../../sources/dialogue/corpus.js';
import { contextPool, insertionTurns, unusableReason } from '../../sources/dialogue/context.js';

const dialogue = (...xs: string[]) => xs.map((content, i) => ({ role: (i % 2 ? 'assistant' : 'user') as 'user' | 'assistant', content }));
const spoken = (d: { role: string; content: string }[]) => d.map((t) => ({ role: t.role, text: t.content }));

describe('long-context dialogues read turn by turn', () => {
  it('a customer turn answers only what the reply before it said', () => {
    // Opening a dialogue (after another one's closing): nothing was asked.
    expect(turnNotFollowing(undefined, "Yeah, I'll take a Cortado for the road.")).toBeTruthy();
    expect(turnNotFollowing(undefined, 'OK, could you please get me a Cappuccino?')).toBeTruthy();
    expect(turnNotFollowing(undefined, "I'll take a Cortado for the road.")).toBeUndefined();
    // A reply that asked and named nothing.
    expect(turnNotFollowing('OK.', 'No, I want it decaf')).toBeTruthy();
    expect(turnNotFollowing('OK.', 'Yes, that looks fine')).toBeTruthy();
    expect(turnNotFollowing('A decaf cappuccino? I want to make sure I heard you.', 'Yes, that looks fine')).toBeUndefined();
    expect(turnNotFollowing('Ok you have a mocha with caramel sauce', "Yep, that's it.")).toBeUndefined();
    // After "I can't see their menu": no list to point at, nothing offered to agree to.
    const noMenu = "I can't see the café's menu from here, so I'm unable to check whether they have syrup. The barista can tell you.";
    expect(turnNotFollowing(noMenu, 'Okay. They all sound good, but make mine, Hazelnut.')).toBeTruthy();
    expect(turnNotFollowing(noMenu, 'Yeah, vanilla then.')).toBeTruthy();
    expect(turnNotFollowing(noMenu, 'OK, can I have hazelnut added please.')).toBeUndefined();
    expect(dialogueTurnNotFollowing(spoken(dialogue("Yes I need a triple Mocha with oat milk to go please.", 'A triple mocha with oat milk to go, is that right?')))).toBeTruthy();
  });

  it('the rewrite drops the answer a dialogue opens with, and the pool leaves out what it cannot mend', () => {
    expect(withoutOpeningAnswer("Yeah, I'll take a Cortado for the road.")).toBe("I'll take a Cortado for the road.");
    expect(withoutOpeningAnswer('Yes hi could I please get a Mocha Latte with no foam?')).toBe('Hi could I please get a Mocha Latte with no foam?');
    expect(withoutOpeningAnswer('OK, could you please get me a Cappuccino?')).toBe('Could you please get me a Cappuccino?');
    expect(withoutOpeningAnswer('Yes')).toBe('Yes');
    const d = honestTurns(dialogue("Yeah, I'll take a Cortado for the road.", 'Is that all?', 'Yes', 'Great, it will be ready soon at the bar.'), 'k1')!;
    expect(d[0].content).toBe("I'll take a Cortado for the road.");
    // "Please review your order … before we make it": the check becomes a read-back, not a bare "OK.".
    const r = honestTurns(dialogue('All I want is a decaf Cappuccino', 'Look at the display and please confirm your order looks correct before we make it', 'Yes, that looks fine', "Awesome, you'll find your order over at the coffee bar in a couple minutes"), 'k2')!;
    expect(r[1].content).toMatch(/decaf cappuccino/i);
    expect(dialogueTurnNotFollowing(spoken(r))).toBeUndefined();
    // "I would like to know what kinds of black tea you have." is a menu question, not an order answered "OK.".
    const q = honestTurns(dialogue('I would like to know what kinds of black tea you have.', 'We have black honey tea, black cinnamon tea, and black peppermint tea.'), 'k3')!;
    expect(q[1].content).toMatch(/menu/);
    const c = honestTurns(dialogue('What does a Cold Brew consist of?', 'Their Cold brew is 16 ounces of coffee that is concentrated.'), 'k5')!;
    expect(c[1].content).toMatch(/menu/);
    // A dialogue whose customer answers a reply that offered nothing is left out.
    expect(unusableReason(dialogue('I would like a macchiato.', 'OK.', 'No thanks I would like another drink please.', 'Got it: a macchiato.'))).toBe('has a customer turn that follows nothing said');
  });

  it('corpus lines spliced or left on a comma are mended', () => {
    for (const [raw, mended] of [
      ['Could I get a chai latte?Yes', 'Could I get a chai latte?'],
      ['Could I get an americano with vanilla?Yep,', 'Could I get an americano with vanilla?'],
      ['Hello, can I have a Ginger Green Cold Tea?I n', 'Hello, can I have a Ginger Green Cold Tea?'],
      ['We have several teas.Please take a look at the menu', 'We have several teas. Please take a look at the menu'],
      ['I would like a large Cortado to go please,', 'I would like a large Cortado to go please.'],
      ['Yes,', 'Yes.'],
    ]) {
      expect(splicedLine(raw), raw).toBeTruthy();
      expect(mendSplice(raw)).toBe(mended);
      expect(splicedLine(mended), mended).toBeUndefined();
    }
    expect(splicedLine('I would like a latte with oat milk and')).toBeTruthy();
    expect(splicedLine('Can I get a 12 oz. latte?')).toBeUndefined();
    expect(loadCorpus().dialogues.flatMap((d) => d.turns).filter((t) => splicedLine(t.content)).map((t) => t.content)).toEqual([]);
  });

  it('a size word of an add-in stays on the add-in', () => {
    expect(orderModifiers('make it a dessert by adding double sugar in it')).toEqual(['double sugar']);
    expect(orderModifiers('a double foam Cortado')).toEqual([]);
    expect(orderModifiers('a Mocha with double shots of espresso')).toEqual(['double']);
    expect(misattachedModifier(['I would like a Mocha with Whole milk and make it a dessert by adding double sugar in it.'], 'Just to check: a double mocha with whole milk, correct?')).toBeTruthy();
    expect(misattachedModifier(['I would like to order a double foam Cortado please.', 'Yes'], 'Thank you. That makes the double cortado.')).toBeTruthy();
    expect(misattachedModifier(['I would like to order a double foam Cortado please.', 'Yes'], 'Thank you. That makes the double foam cortado.')).toBeUndefined();
    expect(misattachedModifier(['Can I get a double oat milk latte please?'], 'The double latte it is.')).toBeUndefined();
    const d = honestTurns(dialogue('I would like to order a Mocha with Whole milk and make it a dessert by adding double sugar in it.', 'Is the order shown correct?', 'Yes it is correct.', 'Ok, it will be ready at the bar soon.'), 'k4')!;
    expect(d[1].content).toMatch(/a mocha with whole milk and double sugar/i);
    expect(d.filter((t) => t.role === 'assistant').map((t) => misattachedModifier([d[0].content], t.content))).toEqual([undefined, undefined]);
    expect(shortOrder('a double foam cortado')).toBe('the double foam cortado');
  });

  it('a split order said short keeps its split', () => {
    expect(shortOrder('two mochas, one decaf')).toBe('the mochas, one of them decaf');
    expect(shortOrder('two cortados, one with oat milk and one with 2% milk')).toBe('the cortado with oat milk and the one with 2% milk');
    expect(shortOrder('a mocha with almond milk and a mocha with oat milk')).toBe('the mocha with almond milk and the one with oat milk');
    expect(shortOrder('a decaf latte and a regular latte')).toBe('the decaf latte and the regular one');
    expect(shortOrder('a decaf cortado and a cortado')).toBe('the decaf cortado and the regular one');
    expect(shortOrder('two lattes')).toBe('the lattes');
    const lost = (...xs: string[]) => splitOrderLost(spoken(dialogue(...xs)));
    expect(lost('x', 'Two lattes, one decaf? I want to make sure I heard you.', 'Yes', 'OK. At the counter, just say the lattes.')).toBeTruthy();
    expect(lost('x', 'Just to check: a mocha with almond milk and a mocha with oat milk, correct?', 'Yes', 'OK. When you get there, ask for the mochas.')).toBeTruthy();
    expect(lost('x', 'Two lattes, one decaf? I want to make sure I heard you.', 'Yes', 'OK. At the counter, just say the lattes, one of them decaf.')).toBeUndefined();
    expect(lost('x', 'Two lattes? I want to make sure I heard you.', 'Yes', 'OK. At the counter, just say the lattes.')).toBeUndefined();
  });

  it('no "I\'ll get working on that", no "that\'s the one" for two drinks', () => {
    expect(claimsAction("Okay I'll get working on that.")).toBeTruthy();
    expect(claimsAction("They'll get working on that.")).toBeTruthy();
    expect(pluralDisagrees("Great. That makes two matcha lattes, one decaf. That's the one to ask for at the front.")).toBeTruthy();
    expect(pluralDisagrees("OK. Got it: the latte and the mocha. That's the one to ask for at the front.")).toBeTruthy();
    expect(pluralDisagrees("Great. That makes the matcha latte. That's the one to ask for at the front.")).toBeUndefined();
    expect(pluralDisagrees('Okay. A mocha with two hearts drawn on it, then. Order that one at the counter.')).toBeUndefined();
    expect(pluralDisagrees('Got it: the matcha lattes. Order that one at the counter.')).toBeTruthy();
    expect(pluralDisagrees("Ok. The mocha sounds like the one. Give it to whoever is at the register.")).toBeUndefined();
    for (const s of ['Okay, the adjustment has been made.', "Alright. It's all set.", 'All set.', "Great, you're all set!", 'OK, done.']) expect(claimsAction(s), s).toBeTruthy();
    expect(claimsAction("Tell the barista the latte with almond milk and you're set.")).toBeUndefined();
    // A closing never says "the one" twice, nor "that's the one" of two drinks.
    const plans = Array.from({ length: 40 }, (_, k) => ({ index: 3, opener: 'OK.', said: [], leave: [], phrase: ['the mocha', 'two mochas, one decaf', 'the matcha lattes, one of them decaf'][k % 3] }));
    for (const text of closeInsertion(plans, 'k9')) {
      expect(text).not.toMatch(/\bthe one\b[^]*\bthe one\b/);
      expect(pluralDisagrees(text ?? ''), text).toBeUndefined();
    }
  });

  it('the pool, strung into insertions, makes none of these', () => {
    const pool = contextPool(loadCorpus(), 1000);
    const bad: string[] = [];
    for (let k = 0; k < pool.entries.length; k += 30) {
      const chosen = pool.entries.slice(k, k + 30).map((e) => e.dialogue);
      const turns = insertionTurns(chosen);
      let start = 0;
      chosen.forEach((d) => {
        const seg = spoken(turns.slice(start, start + d.turns.length));
        start += d.turns.length;
        const why = dialogueTurnNotFollowing(seg) ?? splitOrderLost(seg);
        if (why) bad.push(why);
        seg.forEach((t, i) => {
          const wrong = splicedLine(t.text) ?? (t.role === 'assistant' ? (misattachedModifier(seg.slice(0, i).filter((u) => u.role === 'user').map((u) => u.text), t.text) ?? claimsAction(t.text) ?? pluralDisagrees(t.text)) : undefined);
          if (wrong) bad.push(`${wrong}: ${t.text}`);
        });
      });
    }
    expect(bad.slice(0, 5)).toEqual([]);
  });
});
