/**
 * Evolve 49 (h-ctx13). Over the 1,000 long-context/mixed cases of the build of main at 494cdd3 a
 * reader found: the assistant speaking as the café's server ("Okay I'll go make that right now.",
 * "Hi what would you like"); read-backs and closings stating a garbled order ("a guys do chocolate
 * americanos", "one triple latte, one triple and the other with 2% milk", "an almond milk
 * macchiato and a few raw coffee?", "a single mocha with oat milk and can you make that to go");
 * counts lost ("I'll take a couple of Macchiatos." -> "a macchiatos?"); CoT thoughts calling a
 * detail open right after the customer said it ("a cap to go" -> "Nothing they said tells me
 * whether it is for here or to go."); and "Yes it does" answering a read-back with no "does".
 */
import { describe, expect, it } from 'vitest';
import { confirmationMisfits, drinkCount, fitConfirmation, readBackItemDropped, speaksAsServer, thoughtDeniesSaid, claimsAction } from '../../pipeline/dialogueRules.js';
import { garbledReadBack, pluralDisagrees } from '../../pipeline/quality/measures/context.js';
import { honestTurns, orderPhrase, restate, shortOrder } from '../../sources/dialogue/honest.js';
import { unusableReason } from '../../sources/dialogue/context.js';
import { replyAct } from '../../stages/evolve/contextThoughts.js';
import { DEFAULT_QUALITY_THRESHOLDS } from '../../pipeline/config.js';

type Role = 'user' | 'assistant';
const dialogue = (...xs: string[]) => xs.map((content, i) => ({ role: (i % 2 ? 'assistant' : 'user') as Role, content }));
const spoken = (d: { role: Role; content: string }[]) => d.map((t) => ({ role: t.role, text: t.content }));
const replies = (d: { role: Role; content: string }[]) => d.filter((t) => t.role === 'assistant').map((t) => t.content);

describe('the assistant does not speak as the café\'s server', () => {
  it('the rule flags making the drink and a server\'s offer, and passes a helper\'s question', () => {
    expect(speaksAsServer("Okay I'll go make that right now.")).toBeDefined();
    expect(speaksAsServer('Hi what would you like')).toBeDefined();
    expect(speaksAsServer('Hello, what would you like today.')).toBeDefined();
    expect(speaksAsServer("That's once cappuccino, 2% milk, with a double shot of espresso. Would you like anything else?")).toBeDefined();
    expect(speaksAsServer('Hello, what would you like to order today?')).toBeUndefined();
    expect(speaksAsServer("That's one cappuccino with 2% milk. Would you like to order anything else?")).toBeUndefined();
    expect(claimsAction("Okay I'll go make that for you right now.")).toBeDefined();
    expect(DEFAULT_QUALITY_THRESHOLDS.long_context_speaks_as_cafe).toBe(0);
  });

  it('the rewrite drops the making and words the offer as the helper\'s', () => {
    const made = honestTurns(dialogue('Can I get a latte please', 'Okay is this correct?', "Yes that's it.", "Okay I'll go make that right now."), 'k')!;
    expect(replies(made).some((r) => speaksAsServer(r) || claimsAction(r))).toBe(false);
    const offer = honestTurns(dialogue("Hi. Could I get a cappuccino with 2% milk, and I'd like a double shot of espresso, please.", "That's once cappuccino, 2% milk, with a double shot of espresso. Can I get you anything else?", "Nope. That's all.", "Great. We'll have that right up for you at the bar."), 'k')!;
    expect(replies(offer).some((r) => speaksAsServer(r))).toBe(false);
  });
});

describe('a read-back names the order the customer gave', () => {
  it('the measures flag a garbled item and a lost count, and pass a clean read-back', () => {
    for (const bad of ['Wonderful. So, a guys do chocolate americanos; mention it when you reach the front.', "Alright. So that's one triple latte, one triple and the other with 2% milk?", "To be sure I follow, that's an almond milk macchiato and a few raw coffee?", 'OK. Let me read that back: a single mocha with oat milk and can you make that to go, is that correct?', "So that's a hazelnut cappuccino with 2% milk and could you make that a decaf?"]) expect(garbledReadBack(bad), bad).toBeDefined();
    expect(garbledReadBack("So that's a hazelnut cappuccino with 2% milk, decaf?")).toBeUndefined();
    expect(garbledReadBack('Can you confirm that a latte with oat milk is right?')).toBeUndefined();
    for (const bad of ['Okay. Just making sure I heard you right: a macchiatos?', "So that's a chai lattes?", 'OK. Ask for a macchiatos when you reach the front.', "You'd like a decaf macchiatos, is that it?"]) expect(pluralDisagrees(bad), bad).toBeDefined();
    expect(pluralDisagrees('Okay. Just making sure I heard you right: two macchiatos?')).toBeUndefined();
    expect(pluralDisagrees('A latte and two mochas, is that right?')).toBeUndefined();
    expect(drinkCount("I'll take a couple of Macchiatos.")).toBe(2);
    expect(drinkCount('I need two of your Macchiatos')).toBe(2);
    expect(readBackItemDropped(spoken(dialogue('I need two of your Macchiatos', "You'd like a macchiatos, is that it?", 'Yes', 'OK.')))).toBeDefined();
    for (const id of ['long_context_readback_garbled', 'long_context_plural_agreement', 'long_context_readback_item_dropped'] as const) expect(DEFAULT_QUALITY_THRESHOLDS[id]).toBe(0);
  });

  it('the phrase keeps the count and leaves out the question\'s words', () => {
    expect(orderPhrase("I'll take a couple of Macchiatos.")).toBe('two Macchiatos');
    expect(orderPhrase('I need two of your Macchiatos')).toBe('two Macchiatos');
    expect(orderPhrase('Man, I just love Chai Lattes, so give me one of those, please.')).toBe('a Chai Latte');
    expect(orderPhrase('Do you guys do chocolate Americanos?')).not.toMatch(/guys|\bdo\b/);
    expect(restate('a single mocha with oat milk and can you make that to go')).toBe('a single mocha with oat milk, to go');
    expect(restate('a Hazelnut Cappuccino with 2% milk and could you make that a Decaf')).toBe('a hazelnut cappuccino with 2% milk, decaf');
    // The customer's hedge is theirs, not the order's: said back, "if you have it" would have the assistant ask the customer (h-evol25).
    expect(restate('a latte with almond milk if you have it and chocolate sauce')).toBe('a latte with almond milk and chocolate sauce');
    expect(restate('a Mocha with 2% milk and could you add extra chocolate to it')).toBe('a mocha with 2% milk and extra chocolate');
    expect(restate('a cappuccino with two espresso shots')).toBe('a cappuccino with two espresso shots');
    expect(garbledReadBack("So that's a mocha with 2% milk and could you and extra chocolate?")).toBeDefined();
    expect(pluralDisagrees('a cappuccino with two espresso shots?')).toBeUndefined();
    expect(shortOrder('a cappuccino with two espresso shots')).toBe('the cappuccino');
  });

  it('the rewrite reads back and closes on the whole order', () => {
    const cases: [string[], RegExp][] = [
      [["I'll take a couple of Macchiatos.", "Okay, look that over, make sure it's right, and I'll have it sent off to be made.", 'Yeah, looks right.', 'Okay, your coffee will be ready over at the coffee bar in a moment.'], /two macchiatos/i],
      [['One Triple Latte please. And if you could make that with 2% milk that would be great.', "Alright, before we send this to the coffee bar, please check the order details and confirm they're correct. Once you do, I'll get it started.", 'OK. Let me take a look. Yep, its good.', 'OK. It will be over at the coffee bar in a moment or two.'], /one triple latte with 2% milk/i],
      [["Can I get an Almond Milk Macchiato? And I'd like it with a few raw coffee beans in it, if you'd be so kind.", 'Would you please confirm the accuracy of your order for me?', "Yes, it's all fine.", 'Thank you. The coffee bar will have your order available shortly. Enjoy.'], /macchiato with a few raw coffee beans/i],
      [['I would like a single mocha with oat milk and can you make that to go', "OK. Just confirm the order all looks correct and I'll send it off to be made for you.", 'That is perfect', 'Ok, you order will be up at the coffee counter in a few minutes.'], /oat milk, to go/i],
    ];
    for (const [turns, want] of cases) {
      const out = replies(honestTurns(dialogue(...turns), 'k')!);
      expect(out[0], turns[0]).toMatch(want);
      expect(out.some((r) => garbledReadBack(r) || pluralDisagrees(r)), out.join(' | ')).toBe(false);
    }
  });

  it('a dialogue whose customer confirms a read-back never given is left out', () => {
    const d = honestTurns(dialogue("Do you guys do chocolate Americanos? I'd like that.", "I've entered it in, does everything look right before I send it to be made?", "You've got it, spot-on!", "Wonderful, you're order will be right up!"), 'k');
    expect(d === undefined || unusableReason(d) !== undefined).toBe(true);
  });
});

describe('a thought does not call a detail open the customer just gave', () => {
  it('the measure flags it, the thoughts call the read-back a check', () => {
    expect(thoughtDeniesSaid('Hey, can I get a cap to go?', 'Nothing they said tells me whether it is for here or to go.')).toBeDefined();
    expect(thoughtDeniesSaid('Hey, can I get an almond milk latte with a pump of vanilla?', 'It is not clear how they want it flavoured or sweetened, so a question comes next.')).toBeDefined();
    expect(thoughtDeniesSaid('Can I get a latte?', 'Nothing they said tells me whether it is for here or to go.')).toBeUndefined();
    expect(replyAct('Hey, can I get a cap to go?', "OK. So that's a cap to go?")).toBe('check');
    expect(replyAct('Hey, can I get an almond milk latte with a pump of vanilla?', 'Of course, one latte with almond and vanilla?')).toBe('check');
    expect(replyAct('Can I get a latte?', 'For here or to go?')).toBe('ask');
  });
});

describe('the customer\'s confirmation fits the question', () => {
  it('the rule flags "Yes it does" to a read-back and passes it to a "does" question', () => {
    expect(confirmationMisfits("So that's a latte with oat milk and a mocha with almond milk?", 'Yes it does')).toBeDefined();
    expect(confirmationMisfits('Does that look right?', 'Yes it does')).toBeUndefined();
    expect(confirmationMisfits("So that's a latte?", "Yes, that's right.")).toBeUndefined();
    expect(DEFAULT_QUALITY_THRESHOLDS.long_context_confirmation_misfits).toBe(0);
  });

  it('the answer is said as the question asks', () => {
    expect(fitConfirmation("So that's a latte with oat milk?", 'Yes it does')).toBe("Yes, that's right");
    expect(fitConfirmation('OK. A cortado with oat milk, have I got that right?', 'Yes it does.')).toBe('Yes, you have.');
    expect(fitConfirmation('Okay. A decaffeinated mocha, did I catch that right?', 'It does.')).toBe('You did.');
    expect(fitConfirmation("OK. You'd like a cortado, is that it?", 'Yes. It does.')).toBe("Yes. That's it.");
    expect(fitConfirmation('Does this look right?', 'Yes it does')).toBe('Yes it does');
    const out = honestTurns(dialogue('Can I get a latte with oat milk?', 'OK, does this order look all right to you?', 'Yes it does.', 'Great, it will be ready soon.'), 'k')!;
    expect(confirmationMisfits(out[1].content, out[2].content)).toBeUndefined();
  });
});
