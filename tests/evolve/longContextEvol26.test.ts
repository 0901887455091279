// h-evol26 (evolve 75/76): one drink never "them" or "both", the corpus's slips spelt right in a
// read-back, "really dark" / "make it cold" / "Non fat" / "for carry out" / "to drink here" kept, and
// ", and use oat milk" read back as "with oat milk"; harder docs keep "under specific path".
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Rng } from '../../pipeline/rng.js';
import type { ToolDoc } from '../../pipeline/schemas.js';
import { brokenDocIssues } from '../../pipeline/quality/toolDocs.js';
import { harderInput, harderRules } from '../../stages/evolve/roles/harderTools.js';
import { completeOrder, orderPhrase, restate } from '../../sources/dialogue/honest.js';
import { replyDrinks, saidModifierKeys, spellDrinks, statedPlace } from '../../pipeline/dialogueRules.js';
import { garbledReadBack, misspeltDrink, oneDrinkAsMany, pluralDisagrees, thoughtSplitsName } from '../../pipeline/quality/measures/context.js';

const order = (...ts: string[]) => restate(completeOrder(orderPhrase(ts[0])!, ts));

describe('one drink is one', () => {
  it('reads "a chai tea latte" as one drink, named as said', () => {
    expect(replyDrinks('The chai tea latte, just as you said.')).toEqual({ phrase: 'chai tea latte', plural: false });
    expect(replyDrinks('two chai tea lattes')).toEqual({ phrase: 'chai tea lattes', plural: true });
    expect(replyDrinks('a chai tea latte and a mocha')).toEqual({ phrase: 'chai tea latte and the mocha', plural: true });
  });
  it('measures one drink called "them", "those" or "both"', () => {
    expect(pluralDisagrees('The chai tea latte, just as you said; mention them when you reach the front.')).toBeDefined();
    expect(oneDrinkAsMany('Good, the chai tea latte; order those at the counter.')).toBeDefined();
    expect(oneDrinkAsMany('OK. A mocha with a double shot of espresso, have I got both right?')).toBeDefined();
    expect(oneDrinkAsMany('The chai tea latte, just as you said; mention it when you reach the front.')).toBeUndefined();
    expect(oneDrinkAsMany('Two mochas, one decaf, have I got both right?')).toBeUndefined();
    expect(oneDrinkAsMany('The mocha and the latte, then; ask for them at the counter.')).toBeUndefined();
    // "tell them" is the staff, not the drink.
    expect(oneDrinkAsMany('So, the latte; tell them that at the register.')).toBeUndefined();
  });
  it('measures a thought splitting a drink\'s name into two', () => {
    expect(thoughtSplitsName('Naming the chai and the tea back to them costs a second.', "To be sure I follow, that's a chai tea latte?")).toBe('the chai and the tea');
    expect(thoughtSplitsName('Naming the mocha and the latte back.', 'A mocha and a latte, is that right?')).toBeUndefined();
  });
});

describe('a read-back spells the corpus\'s slips right', () => {
  it('spells sinlge, Lavendar, Tripe, Cortana and ordera', () => {
    expect(spellDrinks('I would like a sinlge shot Latte with Whole milk')).toBe('I would like a single shot Latte with Whole milk');
    expect(spellDrinks("I'll have a Lavendar Earl Grey tea.")).toBe("I'll have a Lavender Earl Grey tea.");
    expect(spellDrinks('a Tripe Macchiato with 2% milk')).toBe('a Triple Macchiato with 2% milk');
    expect(spellDrinks('Can I have a Cortana with 2% milk?')).toBe('Can I have a Cortado with 2% milk?');
    expect(spellDrinks('Hi, I would like to ordera Cortado to go, please.')).toBe('Hi, I would like to order a Cortado to go, please.');
    // The assistant's name, not a drink.
    expect(spellDrinks('Hey Cortana, what time is it')).toBe('Hey Cortana, what time is it');
    expect(misspeltDrink('Let me be sure: a sinlge shot latte with whole milk, right?')).toBe('sinlge');
  });
});

describe('a read-back keeps what the customer said of the drink', () => {
  it('reads how dark, how cold and the fat said without "milk"', () => {
    expect(saidModifierKeys('I want a Mocha with milk but, really dark.')).toContain('dark');
    expect(saidModifierKeys('I would like to order a Cortado, make it cold but without ice please.')).toContain('cold');
    expect(saidModifierKeys('I need a Decaf Cortado with added Hazelenut Sweetner, Non fat.')).toContain('non-fat');
    expect(saidModifierKeys('A mocha with dark chocolate sauce')).not.toContain('dark');
    expect(saidModifierKeys("I'll have a cold brew")).not.toContain('cold');
  });
  it('says them back', () => {
    expect(order('I want a Mocha with milk but, really dark.')).toMatch(/really dark/);
    expect(order('I would like to order a Cortado, make it cold but without ice please.')).toMatch(/\bcold\b/);
    expect(order('I need a Decaf Cortado with added Hazelenut Sweetner, Non fat.')).toMatch(/non-fat milk/);
  });
  it('reads "for carry out" and "to drink here" as where it is had', () => {
    expect(statedPlace(["I'd like a Cortado for carry out."])).toBe('to go');
    expect(statedPlace(['Can I have a double Macchiato with 2% milk to drink here'])).toBe('for here');
    expect(order("I'd like a Cortado for carry out.")).toMatch(/, to go$/);
  });
  it('reads ", and use oat milk" back as the drink\'s milk', () => {
    expect(order('Man, I am dragging. Give me a Double Cappuccino, and use Oat milk, please.')).toBe('a double cappuccino with oat milk');
    expect(garbledReadBack('So you want a double cappuccino, and use oat milk, right?')).toBe('and use');
  });
});

describe('harder tool docs keep a qualifier a bare noun needs (harder-tools-16)', () => {
  const DOCS: ToolDoc[] = JSON.parse(readFileSync(new URL('./fixtures/harderDocs.json', import.meta.url), 'utf8'));
  const find = DOCS.find((d) => d.name === 'GorillaFileSystem.find')!;
  it('measures "under specific path" cut to "under path"', () => {
    expect(brokenDocIssues(find, 'Find any file or directories under path that contain name.').join('; ')).toMatch(/bare noun: "under path"/);
    expect(brokenDocIssues(find, 'Find any file or directories under specific path that contain name.').join('; ')).not.toMatch(/bare noun/);
    // A plural noun reads whole without its qualifier.
    expect(brokenDocIssues({ name: 'PPT.create_file', description: 'Create a pptx file with specific themes' }, 'Create a pptx file with themes.').join('; ')).not.toMatch(/bare noun/);
  });
  it('never cuts it, over many seeds', () => {
    for (let seed = 0; seed < 40; seed++) {
      const out = harderRules(harderInput([find]), new Rng(seed, `tool:${find.name}`, 'harder-tools')).tools[0].description;
      expect(out, `seed ${seed}`).not.toMatch(/\bunder path\b/);
    }
  });
});
