/**
 * Inserted café dialogues read the order back as it was said (evolve 40). Before, over the 1,000
 * long-context/mixed cases: 38.8% (388/1000) had a read-back leaving out an add-in the option rules
 * did not know (chocolate, sweetener, sugar, cream: CORPUS_ADD_INS, derived from Taskmaster-4);
 * 1 put the check before the read-back ("If it's right let me know. A mocha with no foam? …"); 8
 * read back a drink the customer only asked about ("that's a coffee with vanilla?" after "I'd like a
 * Mocha"); "Have I got that right?" closed a read-back in 11.5% of all inserted dialogues.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CORPUS_ADD_INS, drinkCut, checkBeforeReadBack, deriveAddIns, incompleteReadBack, orderModifiers, readBackOfQuestion, spellDrinks } from '../../pipeline/dialogueRules.js';
import { honestTurns, honestWordings } from '../../sources/dialogue/honest.js';
import { contextCheckBeforeReadBack, contextMisspeltDrink, contextReadBackAddInDropped, contextReadBackOfQuestion, contextSentenceTopShare } from '../../pipeline/quality/measures/context.js';
import { DEFAULT_QUALITY_THRESHOLDS } from '../../pipeline/config.js';
import { dialogue, longContextCase, noContext, spoken } from '../support/longContextCases.js';

const caseOf = longContextCase;
const ctx = noContext;

describe('corpus add-ins', () => {
  it('are derived from Taskmaster-4 and read as options', () => {
    const texts = readFileSync('sources/dialogue/taskmaster4/dialogues.jsonl', 'utf8').trim().split('\n').flatMap((l) => (JSON.parse(l).messages as { role: string; content: string }[]).filter((m) => m.role === 'user').map((m) => m.content));
    expect(deriveAddIns(texts)).toEqual([...CORPUS_ADD_INS]);
    expect(orderModifiers('a Macchiato with 2% milk and please add chocolate syrup')).toEqual(['2%', 'chocolate']);
    expect(orderModifiers('a hot chocolate with whipped cream')).toEqual(['whipped cream']);
    expect(orderModifiers('a sugar-free vanilla latte with two sugars')).toEqual(['double sugar', 'vanilla', 'sugar-free']);
  });

  it('a read-back carries every add-in the customer put in', () => {
    const cases: [string, RegExp][] = [
      ['I would like a Macchiato with 2% Lactose-Free milk and please add chocolate syrup.', /a macchiato with 2% lactose-free milk and chocolate syrup\b/],
      ["Can I get a mocha that's iced with oat milk and sugar-free vanilla sweetener?", /an iced mocha with oat milk and sugar-free vanilla sweetener\b/],
      ["I'd like a Whole Milk Mocha and leave room for cream please.", /a whole milk mocha with room for cream\b/],
      ["Can I get the whole milk mocha that's light on the chocolate please?", /a whole milk mocha with light chocolate\b/],
    ];
    for (const [order, readBack] of cases) {
      const out = honestTurns(dialogue(order, 'Is the order on the screen correct?', 'Yes.', 'Ok, it will be ready soon.'), 'k')!;
      expect(out[1].content.toLowerCase()).toMatch(readBack);
      expect(incompleteReadBack(spoken(out))).toBeUndefined();
      // The closing names it short without cutting the option ("the mocha with room for cream", not "with room").
      expect(out[3].content).not.toMatch(/\bwith (?:room|two|light)(?= sounds| is|[.,])/);
    }
    // The corpus's own read-back that drops one is read back whole.
    const kept = honestTurns(dialogue("I'd like a Whole Milk Mocha and leave room for cream please.", "You'd like a Whole Milk Mocha?", 'Yes.', 'Ok, it will be ready soon.'), 'k')!;
    expect(kept[1].content).toMatch(/room for cream/);
  });

  it('long_context_readback_addin_dropped flags a dropped add-in and passes a whole read-back; gated at 0', () => {
    const bad = dialogue('I would like a Macchiato with 2% milk and please add chocolate syrup.', "Let me read that back: a macchiato with 2% milk. Is that right?", 'Yes.', 'Great. Ask for it at the counter.');
    const good = dialogue('I would like a Macchiato with 2% milk and please add chocolate syrup.', "Let me read that back: a macchiato with 2% milk and chocolate syrup. Is that right?", 'Yes.', 'Great. Ask for it at the counter.');
    expect(contextReadBackAddInDropped.check(caseOf(bad), ctx)).toMatch(/lacks chocolate/);
    expect(contextReadBackAddInDropped.check(caseOf(good), ctx)).toBeNull();
    expect(DEFAULT_QUALITY_THRESHOLDS.long_context_readback_addin_dropped).toBe(0);
  });
});

describe('the check comes after the read-back', () => {
  it('a kept "let me know if it is right" gives way to the read-back', () => {
    const out = honestTurns(dialogue('Hi could I please get a Mocha Latte with no foam?', "Your order is on the screen. If it's right let me know.", 'Yes it is right.', 'Ok it will be ready soon.'), 'k')!;
    expect(out[1].content).not.toMatch(/let me know/i);
    expect(out[1].content).toMatch(/mocha with no foam/i);
    expect(checkBeforeReadBack(out[1].content)).toBeUndefined();
  });

  it('long_context_check_before_readback flags it; gated at 0', () => {
    expect(checkBeforeReadBack("If it's right let me know. A mocha with no foam? I want to make sure I heard you.")).toMatch(/let me know/);
    expect(checkBeforeReadBack('Alright. A mocha with no foam? I want to make sure I heard you.')).toBeUndefined();
    const bad = dialogue('Could I get a mocha with no foam?', "If it's right let me know. A mocha with no foam? I want to make sure I heard you.", 'Yes.', 'Great. Ask for it at the counter.');
    expect(contextCheckBeforeReadBack.check(caseOf(bad), ctx)).toMatch(/before/);
    expect(DEFAULT_QUALITY_THRESHOLDS.long_context_check_before_readback).toBe(0);
  });
});

describe('a read-back names what was ordered, not what was asked about', () => {
  const order = () => dialogue("I'd like a Mocha, please.", 'Is this order correct?', 'Actually, what kind of syrups do you have for the coffee?', 'We have vanilla and caramel.', "I guess I'd like to add Vanilla then.", 'Okay, is this correct now?', 'Yup, you got it.', 'Great, it will be ready soon.');
  it('the mocha with vanilla, not "a coffee with vanilla"', () => {
    const out = honestTurns(order(), 'k')!;
    expect(out[5].content).toMatch(/a mocha with vanilla/i);
    expect(out.map((t) => t.content).join(' ')).not.toMatch(/coffee with vanilla/);
    expect(readBackOfQuestion(spoken(out))).toBeUndefined();
  });

  it('long_context_readback_of_question flags it; gated at 0', () => {
    const bad = dialogue("I'd like a Mocha, please.", 'A mocha, is that right?', 'What kind of syrups do you have for the coffee?', "I can't see their menu. Ask the barista.", "I'd like to add vanilla then.", "To be sure I follow, that's a coffee with vanilla?", 'Yes.', 'Great. Ask for it at the counter.');
    expect(contextReadBackOfQuestion.check(caseOf(bad), ctx)).toMatch(/coffee/);
    expect(DEFAULT_QUALITY_THRESHOLDS.long_context_readback_of_question).toBe(0);
  });
});

describe('the customer\'s misspellings', () => {
  it('"Matcha Letta" is a matcha latte, "decalf" is decaf; "sweetened" stays a word', () => {
    expect(spellDrinks('Can I get a Matcha Letta please?')).toBe('Can I get a Matcha Latte please?');
    expect(spellDrinks('a decalf cortado')).toBe('a decaf cortado');
    expect(spellDrinks('how they want it flavoured or sweetened')).toBe('how they want it flavoured or sweetened');
    const out = honestTurns(dialogue('Can I get a Matcha Letta please?', 'Is this correct?', 'Yes.', 'Ok it will be ready soon.'), 'k')!;
    expect(out[1].content).toMatch(/\ba matcha latte\b/i);
  });

  it('long_context_misspelt_drink reads the thoughts too', () => {
    const d = dialogue('Can I get a Matcha Letta please?', 'A matcha latte, is that right?', 'Yes.', 'Great. Ask for it at the counter.');
    expect(contextMisspeltDrink.check(caseOf(d, 'Saying the matcha letta back to them lets them correct me.'), ctx)).toMatch(/letta/);
    expect(contextMisspeltDrink.check(caseOf(d, 'Saying the matcha latte back to them lets them correct me.'), ctx)).toBeNull();
  });
});

describe('read-back checks are varied', () => {
  it('every wording reads as a read-back, in fitting words', () => {
    const words = honestWordings('two cortados, one with oat milk and one with 2% milk');
    expect(words).toContain('Two cortados, one with oat milk and one with 2% milk, have I got both right?');
    expect(honestWordings('a latte')).not.toContain('A latte, did I catch every detail right?');
    expect(honestWordings('a latte with oat milk')).toContain('A latte with oat milk, did I catch every detail right?');
    expect(new Set(honestWordings("a latte with oat milk").filter((w) => /^A latte with oat milk, .*\?$/.test(w))).size).toBe(5); // with READ_BACK_MORE's ", is that correct?" (evolve 60)
  });

  it('long_context_sentence_top_share reads the most repeated sentence over dialogues; gated at 5%', () => {
    const many = Array.from({ length: 4 }, (_, k) => caseOf(dialogue(`Can I get a latte number ${k}?`, 'A latte. Have I got that right?', 'Yes.', `Fine, ask for latte ${k}.`)));
    const r = contextSentenceTopShare.score(many, ctx)!;
    expect(r.value).toBe(1);
    expect(r.detail).toMatch(/Have I got that right/);
    expect(DEFAULT_QUALITY_THRESHOLDS.long_context_sentence_top_share).toBe(0.05);
  });
});

describe('every reply answers the line before it', () => {
  it('a contents question gets no made-up or off-topic answer; a menu request gets no menu', () => {
    const recipe = honestTurns(dialogue('What are the ingredients in an americano?', 'It is US based.'), 'k')!;
    expect(recipe[1].content).toMatch(/can't|cannot|beyond me|no access/i);
    const exactly = honestTurns(dialogue('Could you tell me what exactly is in a Americano?', 'Its basically an espresso with hot water.'), 'k')!;
    expect(exactly[1].content).not.toMatch(/hot water/);
    const menu = honestTurns(dialogue('Can I see the menu again please?', 'There you go, let me know when you are ready to order.'), 'k')!;
    expect(menu[1].content).toMatch(/menu/);
    expect(menu[1].content).not.toMatch(/there you go/i);
  });

  it('an order put with a question mark is read back, not checked bare; the screen is not pointed at', () => {
    const out = honestTurns(dialogue('One Mocha please?', 'Alright, is that correct?', 'Yes.', 'Ok it will be ready soon.'), 'k')!;
    expect(out[1].content).toMatch(/\bmocha\b/i);
    const screen = honestTurns(dialogue('Can I have an Americano with Chocolate Sauce added?', 'Is the order you see there what you want?', 'Yes.', 'Ok it will be ready soon.'), 'k')!;
    expect(screen[1].content).not.toMatch(/you see/);
    expect(screen[1].content).toMatch(/americano with chocolate sauce/i);
    const look = honestTurns(dialogue('I would like a latte.', 'Sure.', 'Hm. Can I try the hazelnut?', 'Sure. How does the order look now?', 'Good.', 'Ok it will be ready soon.'), 'k')!;
    expect(look[3].content).toMatch(/latte with hazelnut/i);
  });
});

describe('a chai tea latte stays a latte', () => {
  it('is read back whole; long_context_drink_cut flags "a chai"; gated at 0', () => {
    const out = honestTurns(dialogue('Can I get a Chai Tea Latte, just one.', 'Is this correct?', 'Yes.', 'Ok it will be ready soon.'), 'k')!;
    expect(out[1].content).toMatch(/chai tea latte/i);
    expect(drinkCut(spoken(out))).toBeUndefined();
    expect(drinkCut(spoken(dialogue('Can I get a Chai Tea Latte, just one.', "To be sure I follow, that's a chai?")))).toMatch(/chai latte ordered/);
    expect(DEFAULT_QUALITY_THRESHOLDS.long_context_drink_cut).toBe(0);
  });
});
