/**
 * Evolve 72 (h-evol25). Four classes counted over the long-context cases of the f52 build and driven to 0:
 * - a read-back dropping where the customer said they will have it ("Can I get it for here?" ->
 *   "A triple shot mocha with whole milk, is that right?"; long_context_readback_place_dropped 518/1,000 -> 0);
 * - a menu answer checking something else than was asked ("May I ask what a steamer is made of?" ->
 *   "I'm unable to check what they have"; an order "I would like a Vanilla Macchiato made with 2% please."
 *   answered as a menu question; long_context_menu_reply_off_topic 223/1,000 -> 0);
 * - a menu answer's CoT thought on stock while its reply checks what goes into a drink ("What is in the
 *   Cold Brew?" -> "What cold brew they carry depends on the café"; long_context_menu_thought_topic 376/500 -> 0);
 * - "and some of the hazelnut stuff" read back as "and of the hazelnut stuff" (long_context_readback_garbled widened, 18 -> 0).
 */
import { describe, expect, it } from 'vitest';
import { completeOrder, menuClause, menuReply, orderPhrase, restate } from '../../sources/dialogue/honest.js';
import { describesRecipe, readBackDropsPlace, statedPlace, statesMenu } from '../../pipeline/dialogueRules.js';
import { contextThoughts, readBackDetails } from '../../stages/evolve/contextThoughts.js';
import { garbledReadBack, menuTopic } from '../../pipeline/quality/measures/context.js';

const order = (...ts: string[]) => restate(completeOrder(orderPhrase(ts[0])!, ts));

describe('a read-back names where the customer will have it', () => {
  it('adds the place said in the order turns', () => {
    expect(order('Can I get a Triple shot Mocha with Whole milk? Can I get it for here?')).toBe('a triple shot mocha with whole milk, for here');
    expect(order("I'd like to get a To go order please. It'll just be a single Cortado with almond milk.")).toBe('a single cortado with almond milk, to go');
    expect(order('Could I get a triple cortado with oat milk for here.')).toBe('a triple cortado with oat milk, for here');
    // Said with the drink already: once.
    expect(order('Yes, a Macchiato to go please.')).toBe('a macchiato to go');
  });
  it('reads no place from "to go with", a question of which, or a negation', () => {
    expect(statedPlace(["I'd like to go with a latte"])).toBeUndefined();
    expect(statedPlace(['Is that for here or to go?'])).toBeUndefined();
    expect(statedPlace(['A latte, not to go'])).toBeUndefined();
    expect(statedPlace(['A latte for here.', 'Actually, make it to go.'])).toBe('to go');
  });
  it('measures a read-back without the place', () => {
    const d = [
      { role: 'user', text: 'Can I get a Triple shot Mocha with Whole milk? Can I get it for here?' },
      { role: 'assistant', text: 'A triple shot mocha with whole milk, is that right?' },
    ];
    expect(readBackDropsPlace(d)).toMatch(/for here/);
    expect(readBackDropsPlace([d[0], { role: 'assistant', text: 'A triple shot mocha with whole milk, for here, is that right?' }])).toBeUndefined();
  });
});

describe('a menu answer checks what was asked', () => {
  it.each([
    ['May I ask what a steamer is made of?', 'what goes into their steamer'],
    ['How do you guys make your cold brews?', 'what goes into their cold brew'],
    ["What it's in the Cold Brew?", 'what goes into their cold brew'],
    ["Hello, can you tell me what's in Chai Latte?", 'what goes into their chai latte'],
    ['How much is it for an espresso drink?', 'what an espresso drink costs there'],
    ['What would you recommend for how cold it is outside?', 'what they would recommend'],
    ["I'd like an herbal tea. What varieties do you have?", 'what herbal teas they have'],
    ['Are there matcha options available here?', 'what matcha options they have'],
    ['What do you have in the way of black teas?', 'what black teas they have'],
    ['What are my choices for coffee drinks?', 'what coffee drinks they have'],
    ['Can you walk me through your coffee options please?', 'what coffee options they have'],
    ['What syrups are available?', 'what syrups they have'],
    ['Do you have drip coffee by any chance?', 'whether they have drip coffee'],
    ['Do you have sweeteners I can add?', 'whether they have sweeteners'],
    ['Hi! What are your chai drinks?', 'what chai drinks they have'],
    ['Hi, can you tell me what are all of the kinds of black tea that you serve?', 'what black tea they have'],
  ])('%s -> %s', (q, clause) => {
    expect(menuClause(q)).toBe(clause);
  });
  it('gives an order saying how it is made no menu answer', () => {
    expect(describesRecipe('I would like a Vanilla Macchiato made with 2% please.', 'Okay, please confirm that the order looks correct.')).toBeUndefined();
    expect(describesRecipe('What is the Cold Brew made of?', 'Coffee concentrate and ice.')).toBeDefined();
    expect(statesMenu('Okay I think they have the order right.')).toBeUndefined();
  });
});

describe("a menu answer's thought is about what its reply checks", () => {
  const thoughtFor = (q: string) => {
    const reply = menuReply(q, 3);
    return { reply, thought: contextThoughts([{ role: 'user', content: q }, { role: 'assistant', content: reply }], new Set([0]))[0] };
  };
  it.each(['What is in the Cold Brew?', 'May I ask what a steamer is made of?', 'How much is it for an espresso drink?', 'What would you recommend for how cold it is outside?'])('%s', (q) => {
    const { reply, thought } = thoughtFor(q);
    expect(menuTopic(thought)).toBe(menuTopic(reply));
    expect(thought).not.toMatch(/\bcarry\b|\bthere (?:is|are)\b|\bto offer\b/);
  });
});

describe('a read-back keeps "some of"', () => {
  it('reads "and some of the hazelnut stuff" whole', () => {
    expect(order('I want a Cortado with 2% milk added and some of the hazelnut stuff')).toBe('a cortado with 2% milk and some of the hazelnut stuff');
    expect(garbledReadBack('Please confirm: a cortado with 2% milk and of the hazelnut stuff?')).toBe('and of the');
  });
});

describe('second round (h-evol25 reading of 15 evolved cases)', () => {
  it('a menu answer on a recipe or price points to staff without "what they carry"', () => {
    for (let n = 0; n < 42; n++) expect(menuReply('What is in the Cold Brew?', n)).not.toMatch(/what they carry/);
  });
  it('reads back no "if you have it"', () => {
    expect(order('I want a latte with almond milk if you have it and some chocolate sauce today')).toBe('a latte with almond milk and chocolate sauce');
    expect(garbledReadBack('A latte with almond milk if you have it and chocolate sauce, is that right?')).toBe('with almond milk if you have it');
  });
  it('a thought names sugar-free vanilla as the vanilla, never "the sugar"', () => {
    const thoughts = contextThoughts(
      [
        { role: 'user', content: "I'd like to order a Cortado with 2% milk and some sugar free vanilla added to it." },
        { role: 'assistant', content: "You'd like a cortado with 2% milk and sugar free vanilla, is that it?" },
      ],
      new Set([0]),
    );
    expect(thoughts[0]).not.toMatch(/\bsugar\b(?![ -]free)/);
    expect(readBackDetails("You'd like a cortado with 2% milk and sugar free vanilla, is that it?")).toBe('2% milk and sugar-free vanilla');
  });
});

describe('"good to go" is a yes', () => {
  it('says no place', () => {
    expect(statedPlace(["I'm going to go for a Decaf Hazelnut Cappuccino with Non-Fat milk. That's it.", 'Yeah. Its good to go.'])).toBeUndefined();
    // evolve 98: the corpus's own typo for it ("A triple almond milk mocha, to go, just as you said" answered it before).
    expect(statedPlace(['Can I get a Triple Almond milk Mocha.', 'Everything is god to go.'])).toBeUndefined();
    expect(statedPlace(['Can I get a Triple Almond milk Mocha to go.', 'Everything is god to go.'])).toBe('to go');
  });
});
