/**
 * evolve 68: a reply stating this café's size or recipe gets the can't-see-the-menu answer
 * (long_context_menu_claim_contradicted widened), a tea's own name keeps its capitals
 * (long_context_name_half_cased), an order's second drink takes its article (long_context_item_article_missing).
 */
import { describe, expect, it } from 'vitest';
import { asksContents, bareSecondDrink, halfCasedName, menuCapitalised, menuCase, statesSpec } from '../../pipeline/dialogueRules.js';
import { honestTurns, menuReply, restate } from '../../sources/dialogue/honest.js';
import { menuClaimContradicted } from '../../pipeline/quality/measures/context.js';
import { DEFAULT_QUALITY_THRESHOLDS } from '../../pipeline/config.js';

type Role = 'user' | 'assistant';
const dialogue = (...xs: string[]) => xs.map((content, i) => ({ role: (i % 2 ? 'assistant' : 'user') as Role, content }));

describe("the café's size or recipe", () => {
  it('reads a size the customer did not give, or the café\'s own make, as stated from its menu', () => {
    expect(statesSpec("It's a 12 oz cup of steamed milk with microfoam.")).toBeTruthy();
    expect(statesSpec('Their cold brew is a mix of their delicious coffee concentrate and ice. It\'s 16 oz.')).toBeTruthy();
    expect(statesSpec('A 12oz latte with decaf espresso, is that right?', 'I will like to order a 12oz Latte with decaf espresso')).toBeUndefined();
    expect(statesSpec('Just to check: a 12oz latte with vanilla.', 'I\'d like to order a 12oz Latte')).toBeUndefined();
    expect(statesSpec("I can't see what the café stocks, so checking what goes into their americano is beyond me.")).toBeUndefined();
    for (const q of ['What is a steamer', "What's all in the Cold Brew?", 'Can you tell me how the Chai Latte is made?', 'Can you tell me what all comes in a Chai Latte?', "Could you please tell me what's inside the Steamer?", 'What do you put in your Americano?']) {
      expect(asksContents(q)).toBe(true);
      expect(menuReply(q, 0)).toMatch(/what goes into their (?:steamer|cold brew|chai latte|americano)\b/);
    }
    expect(asksContents('I would like a steamer')).toBe(false);
  });

  it('answers a contents question with the menu answer, and the measure flags the size said', () => {
    const out = honestTurns(dialogue('What is a steamer', "It's a 12 oz cup of steamed milk with microfoam.", 'I would like one please.', 'A steamer, is that right?', 'Yes', 'Great.'), 'k')!;
    expect(out[1].content).toMatch(/can't see|cannot see|no access|beyond me/i);
    expect(out.map((t) => t.content).join(' ')).not.toMatch(/12 oz/);
    const turns = [{ role: 'assistant', text: "I can't see their menu, so I can't check whether they have honey." }, { role: 'user', text: 'What is a steamer' }, { role: 'assistant', text: "It's a 12 oz cup of steamed milk with microfoam." }];
    expect(menuClaimContradicted(turns)).toMatch(/12 oz/);
  });
});

describe("a tea's own name", () => {
  it('keeps the name capitalised whole, lowers the menu words around it', () => {
    expect(menuCase('Just to check: a Peppermint Rose tea?')).toBe('Just to check: a Peppermint Rose tea?');
    expect(menuCase('a Ginger Green Cold Steep Tea')).toBe('a Ginger Green Cold Steep tea');
    expect(menuCase('a Lavender Earl Grey tea with Honey')).toBe('a Lavender Earl Grey tea with honey');
    expect(menuCase("So that's a Mocha with Oat Milk?")).toBe("So that's a mocha with oat milk?");
    expect(menuCase('a simple Cold Brew')).toBe('a simple cold brew');
    expect(menuCase('a Piping Hot matcha latte')).toBe('a piping hot matcha latte');
    expect(menuCase('a Lavender black tea')).toBe('a lavender black tea');
    expect(menuCase('An English breakfast black tea')).toBe('An English Breakfast black tea');
  });

  it('flags a name half lower-cased, not a name beside a kind of tea', () => {
    expect(halfCasedName('Let me read that back: one peppermint Rose tea, is that right?')).toBe('peppermint Rose tea');
    expect(halfCasedName('a Ginger green Cold Steep tea')).toBeTruthy();
    expect(halfCasedName('An English breakfast black tea, is that right')).toBeTruthy();
    expect(halfCasedName('a piping Hot matcha latte')).toBeTruthy();
    expect(menuCapitalised('a Piping Hot matcha latte')).toBeTruthy();
    expect(halfCasedName('So that is a Jin Xuan green tea')).toBeUndefined();
    expect(halfCasedName('a Peppermint Rose herbal tea')).toBeUndefined();
    expect(halfCasedName('I know Bob likes tea')).toBeUndefined();
    expect(menuCapitalised('a Lavender Earl Grey tea')).toBeUndefined();
    expect(menuCapitalised('a Mocha with oat milk')).toBe('Mocha');
    expect(DEFAULT_QUALITY_THRESHOLDS.long_context_name_half_cased).toBe(0);
  });
});

describe("an order's second drink", () => {
  it('takes its article in the read-back', () => {
    expect(bareSecondDrink('Let me read that back: a mocha with 2% milk and cortado with skim milk, is that right?')).toBe('cortado');
    expect(restate('a Mocha with 2% milk and Cortado with skim milk')).toBe('a mocha with 2% milk and a cortado with skim milk');
    expect(restate('a latte with vanilla and mocha')).toBe('a latte with vanilla and mocha');
    expect(bareSecondDrink('a latte with milk and foam')).toBeUndefined();
    expect(DEFAULT_QUALITY_THRESHOLDS.long_context_item_article_missing).toBe(0);
  });
});

describe('espresso that goes into the drink', () => {
  it('is no second drink in a closing or thought; the measure flags the old wording', async () => {
    const { replyDrinks } = await import('../../pipeline/dialogueRules.js');
    const { shortOrder } = await import('../../sources/dialogue/honest.js');
    const { espressoCounted } = await import('../../pipeline/quality/measures/context.js');
    expect(replyDrinks('a cortado with 2% milk and a shot of espresso')?.phrase).toBe('cortado');
    expect(replyDrinks('a 12oz latte with decaf espresso and non-fat milk and chocolate sauce')?.phrase).toBe('latte');
    expect(shortOrder('a 12oz latte espresso with milk and foam')).toBe('the latte');
    expect(replyDrinks('a latte and an espresso')?.phrase).toBe('latte and the espresso');
    expect(replyDrinks('a latte, with a single espresso shot')?.phrase).toBe('latte');
    expect(replyDrinks('a macchiato with almond milk, with a dash of espresso')?.phrase).toBe('macchiato');
    expect(replyDrinks('a mocha with whole milk and can you add an espresso shot')?.phrase).toBe('mocha');
    const said = [{ role: 'user', text: 'Can I please get a cortado with 2% milk and a shot of espresso?' }, { role: 'assistant', text: 'So the order is the cortado and the espresso; read that out at the counter.' }];
    expect(espressoCounted(said)).toBeTruthy();
    expect(espressoCounted([{ role: 'user', text: "I'd like a latte and an espresso" }, said[1]])).toBeUndefined();
    expect(DEFAULT_QUALITY_THRESHOLDS.long_context_espresso_counted).toBe(0);
  });
});
