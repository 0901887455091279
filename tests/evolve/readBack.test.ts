/**
 * Read-backs of the inserted coffee dialogues restate the order as items and options, ask to
 * confirm only what they name, claim no shop or menu, and do not repeat a confirmed order whole
 * (h-ctxread). Each measure flags the old output and passes the new.
 */
import { describe, expect, it } from 'vitest';
import { honestTurns, requestedItem, restate, shortOrder } from '../../sources/dialogue/honest.js';
import { claimsSituation, menuCase, menuCapitalised } from '../../pipeline/dialogueRules.js';
import { DANGLING_END, confirmsNothing, echoedRequest, readBackRepeated } from '../../pipeline/quality/measures/context.js';
import { loadCorpus } from '../../sources/dialogue/corpus.js';
import { honestDialogue } from '../../sources/dialogue/context.js';

const dialogue = (...xs: string[]) => xs.map((content, i) => ({ role: (i % 2 ? 'assistant' : 'user') as 'user' | 'assistant', content }));
const spoken = (d: { role: string; content: string }[]) => d.map((t) => ({ role: t.role, text: t.content }));

describe('read-backs restate the order', () => {
  it('restates items and options, not the request', () => {
    expect(restate('a Mocha with whole milk and make the milk steamed extra hot')).toBe('a mocha with whole milk, steamed extra hot');
    expect(restate('a Latte with both oat milk and caramel')).toBe('a latte with oat milk and caramel');
    expect(restate('an Americano and please add caramel syrup')).toBe('an americano with caramel syrup');
    expect(restate('a mocha with almond milk and double the almond milk')).toBe('a mocha with double almond milk');
    expect(restate('two Lattes, one with almond milk and the other with oat milk')).toBe('two lattes, one with almond milk and the other with oat milk');
    expect(restate('a Triple Cappucino')).toBe('a triple cappuccino');
    // An order cut where the customer's sentence went on ("… to go since I'm in a rush") ends on no joining word.
    expect(restate('a mocha to go since')).toBe('a mocha to go');
    expect(restate('a latte with 2% milk and vanilla and')).toBe('a latte with 2% milk and vanilla');
    expect(restate('a mocha with milk but')).toBe('a mocha with milk');
    expect(DANGLING_END.test('OK. Let me read that back: a mocha to go since. Is that right?')).toBe(true);
    expect(DANGLING_END.test('OK. Let me read that back: a mocha to go. Is that right?')).toBe(false);
    expect(DANGLING_END.test('That settles what to ask for.')).toBe(false);
  });

  it('the measures flag the old read-back and pass the new', () => {
    const old = "OK. You'd like a Mocha with whole milk and make the milk steamed extra hot, is that it?";
    expect(echoedRequest(old)).toBeTruthy();
    expect(menuCapitalised(old)).toBe('Mocha');
    const d = honestTurns(dialogue('Hi, can I get a Mocha with whole milk and make the milk steamed extra hot', 'Please confirm the order shown on the screen.', 'Yes it looks good', 'Okay, your order will be ready at the coffee bar soon.'), 'k1')!;
    expect(d[1].content).toContain('a mocha with whole milk, steamed extra hot');
    for (const t of d.filter((x) => x.role === 'assistant')) {
      expect(echoedRequest(t.content)).toBeUndefined();
      expect(menuCapitalised(t.content)).toBeUndefined();
    }
    // Confirmed, the closing names the drink, not the whole order again.
    expect(readBackRepeated(spoken(dialogue('x', "So that's a mocha with whole milk, steamed extra hot?", 'Yes it looks good', 'Then a mocha with whole milk, steamed extra hot is your order.')))).toBeTruthy();
    expect(readBackRepeated(spoken(d))).toBeUndefined();
    expect(d[3].content).toMatch(/\bthe mocha\b/i);
    expect(shortOrder('an almond milk latte and an oat milk mocha')).toBe('the latte and the mocha');
  });

  it('a check names what was asked for', () => {
    expect(confirmsNothing('I want a Jin Xuan.', 'Is that everything you want?')).toBeTruthy();
    expect(requestedItem('I want a Jin Xuan.')).toBe('a Jin Xuan');
    const d = honestTurns(dialogue('I want a Jin Xuan.', 'Please confirm the order shown.', 'Yes.', 'It will be ready soon.'), 'k2')!;
    expect(confirmsNothing(d[0].content, d[1].content)).toBeUndefined();
    expect(d[1].content).toContain('Jin Xuan');
    // A check without its question mark, and one after a change, read the order back too.
    const unmarked = honestTurns(dialogue('Can I have a a 2% Cappuccino, please?', 'This is your order. Is that correct', 'yes', 'Okay. Your order will be available soon at the coffee bar.'), 'k4')!;
    expect(confirmsNothing(unmarked[0].content, unmarked[1].content)).toBeUndefined();
    expect(unmarked[1].content).toMatch(/a 2% cappuccino/i);
    const changed = honestTurns(dialogue('I would like a mocha.', 'A mocha, is that right?', "No, it's not. I need decaf. My bad.", 'Decaf, sure. Is it correct now?', 'Yes.', 'Okay, it will be ready soon.'), 'k5')!;
    expect(confirmsNothing(changed[2].content, changed[3].content)).toBeUndefined();
    expect(changed[3].content).toMatch(/a decaf mocha/i);
    // A question is not an order: "Is that right?" after one names nothing and needs nothing.
    expect(confirmsNothing('Do you have oat milk?', 'Yes, is that what you want?')).toBeUndefined();
  });

  it('no shop or menu the assistant does not have', () => {
    expect(claimsSituation('They have a chai latte and an iced chai latte at this location.')).toBeTruthy();
    expect(claimsSituation('They have a large variety. Take a look at their menu')).toBeTruthy();
    expect(claimsSituation("I can't reach the shop from here.")).toBeUndefined();
    const d = honestTurns(dialogue('What drinks do you have?', 'We have lattes, mochas and americanos. Take a look at our menu', 'A latte please.', 'Sure, a latte.'), 'k3')!;
    // The menu itself is not the assistant's to state either (h-ctx3): it says it cannot see it.
    expect(d[1].content).toMatch(/what drinks they have/);
    expect(d[1].content).not.toMatch(/lattes, mochas/);
    expect(claimsSituation(d[1].content)).toBeUndefined();
  });

  it('menu words in lower case inside a sentence, proper names kept', () => {
    expect(menuCase('Yes, they have a Latte and Earl Grey Tea. Two Mocha\'s, then.')).toBe("Yes, they have a latte and Earl Grey tea. Two mochas, then.");
  });

  it('no dialogue of the vendored corpus, as inserted, echoes a request, capitalises a menu word, claims a shop or menu or ends a sentence on a joining word', () => {
    let n = 0;
    for (const d of loadCorpus().dialogues) {
      const h = honestDialogue(d);
      if (!h) continue;
      n++;
      for (const t of h.turns.filter((x) => x.role === 'assistant')) {
        expect(echoedRequest(t.content), t.content).toBeUndefined();
        expect(menuCapitalised(t.content), t.content).toBeUndefined();
        expect(claimsSituation(t.content), t.content).toBeUndefined();
        expect(DANGLING_END.test(t.content), t.content).toBe(false);
      }
    }
    expect(n).toBeGreaterThan(3000);
  });
});
