/**
 * h-ctx6: a read-back of two drinks joined by "and also", "and then", "plus" or "as well as" reads
 * "and" once ("A mocha with 2% milk and also and a cortado with almond milk" was shipped), and an
 * insertion's closings never repeat a sentence shape the closing-shape measure reads, the corpus's
 * kept sentences ("Thank you for being a loyal customer.") and unrewritten menu answers ("The
 * barista can tell you.") included.
 */
import { describe, expect, it } from 'vitest';
import { closeInsertion, completeOrder, honestTurns, orderPhrase, restate, type ClosingPlan } from '../../sources/dialogue/honest.js';
import { closingSentenceShapes, spellDrinks } from '../../pipeline/dialogueRules.js';
import { garbledReadBack } from '../../pipeline/quality/measures/context.js';

const readBack = (turn: string) => {
  const s = spellDrinks(turn);
  const p = orderPhrase(s)!;
  return restate(completeOrder(p, [s]));
};

describe('long-context read-backs join two drinks with one "and"', () => {
  it('the measure flags stacked connectors and passes a plain join', () => {
    expect(garbledReadBack('Okay. A mocha with 2% milk and also and a cortado with almond milk. Have I got that right?')).toBe('and also and');
    expect(garbledReadBack("You'd like a mocha with 2% milk and then and a latte with almond milk, is that it?")).toBe('and then and');
    expect(garbledReadBack('So that is a latte, and and a mocha?')).toBeTruthy();
    expect(garbledReadBack('A latte plus and a mocha?')).toBeTruthy();
    expect(garbledReadBack('So a latte with oat milk and also?')).toBeTruthy();
    expect(garbledReadBack('A mocha with 2% milk and a cortado with almond milk. Have I got that right?')).toBeUndefined();
    expect(garbledReadBack('So that is a mocha with whole milk and vanilla, then.')).toBeUndefined();
  });

  it('the read-back builder says each connector as "and" and keeps both drinks', () => {
    const cases: [string, string][] = [
      ['I would like a Mocha with 2% milk and also I want a Cortado with almond milk, please.', 'a mocha with 2% milk and a cortado with almond milk'],
      ['I would like to order a Mocha with 2% milk and then I want a Latte with almond milk, please.', 'a mocha with 2% milk and a latte with almond milk'],
      ['Hi, I\'d like to order a cappuccino with 2% milk and also a cortado with oat milk.', 'a cappuccino with 2% milk and a cortado with oat milk'],
      ["I'd like a latte with oat milk plus a mocha with whole milk.", 'a latte with oat milk and a mocha with whole milk'],
      ['Can I please get a cortado with oat milk, as well as a mocha with almond milk?', 'a cortado with oat milk and a mocha with almond milk'],
      ['I would like a Mocha and also I want a Cortado, please.', 'a mocha and a cortado'],
    ];
    for (const [turn, want] of cases) {
      expect(readBack(turn)).toBe(want);
      expect(garbledReadBack(readBack(turn))).toBeUndefined();
    }
  });

  it('a whole dialogue no longer reads "and also and" back', () => {
    const turns = honestTurns(
      [
        { role: 'user' as const, content: 'I would like a Mocha with 2% milk and also I want a Cortado with almond milk, please.' },
        { role: 'assistant' as const, content: 'Please confirm the order shown on the screen.' },
        { role: 'user' as const, content: 'Yes.' },
        { role: 'assistant' as const, content: 'Great, it will be ready at the coffee bar.' },
      ],
      'probe-1',
    )!;
    for (const t of turns) if (t.role === 'assistant') expect(garbledReadBack(t.content)).toBeUndefined();
    expect(turns[1].content).toMatch(/mocha with 2% milk and a cortado with almond milk/);
  });
});

describe('an insertion\'s closings never share a sentence shape in a row, nor thrice', () => {
  it('kept corpus sentences and unrewritten menu answers count', () => {
    const drinks = ['latte', 'mocha', 'cortado', 'americano', 'cappuccino', 'macchiato', 'chai latte', 'flat white', 'espresso', 'matcha latte', 'cold brew', 'hot chocolate'];
    const n = drinks.length;
    const plans: (ClosingPlan | undefined)[] = drinks.map((d, k) => (k % 4 === 3 ? undefined : { index: 1, opener: 'Great.', said: ['Thank you for being a loyal customer.'], leave: [], phrase: `a ${d}` }));
    const customer = drinks.map((d) => [`Can I get a ${d}?`]);
    // The menu answers (worded apart by menuInsertion) end as closings can: "The barista can tell you." twice.
    const ask = ['The barista can tell you.', 'Ask the barista at the counter.', 'The barista can tell you.'];
    const why = [(d: string) => `I can't see their menu, so I can't check what goes into their ${d}.`, (d: string) => `Looking up what goes into their ${d} is beyond me.`, (d: string) => `I can't see their menu, so I can't check what goes into their ${d}.`];
    const fixed = drinks.map((d, k) => (k % 4 === 3 ? `${why[(k - 3) / 4](d)} ${ask[(k - 3) / 4]}` : undefined));
    for (const key of ['k1', 'k2', 'k3', 'k4', 'k5']) {
      const out = closeInsertion(plans, key, { customer, fixed });
      const shown = out.map((t, k) => t ?? fixed[k]!);
      const shapes = shown.map((t, k) => closingSentenceShapes(t, customer[k]));
      const uses = new Map<string, number>();
      for (let k = 0; k < n; k++) {
        for (const s of shapes[k]) {
          uses.set(s, (uses.get(s) ?? 0) + 1);
          if (k > 0) expect(shapes[k - 1]).not.toContain(s);
        }
      }
      for (const [, c] of uses) expect(c).toBeLessThanOrEqual(2);
    }
    // Without the shown text the kept sentence repeats in every closing: the test can fail.
    const blind = closeInsertion(plans, 'k1');
    expect(blind.filter((t) => t && /loyal customer/.test(t)).length).toBeGreaterThan(2);
  });
});
