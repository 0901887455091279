/**
 * Memos of pure text rules (issue 17): each answers what the rule computes afresh, for every call,
 * whatever was asked before — a repeat, a cleared memo, a caller editing an array it was handed.
 */
import { describe, expect, it } from 'vitest';
import { perText } from '../../pipeline/textMemo.js';
import { claimsAction, orderModifiers, saidModifierKeys, spellDrinks, withoutSlips } from '../../pipeline/dialogueRules.js';
import { drawnName, streetLine } from '../../pipeline/resolution/streetGeo.js';
import { relativeDescription } from '../../stages/evolve/roles/harderTools.js';
import { commonPrefix, countTokens, countTokensUncached } from '../../pipeline/tokens.js';
import { Rng } from '../../pipeline/rng.js';

describe('perText', () => {
  it('computes a text once, answers each text its own, and stays right once full', () => {
    const calls: string[] = [];
    const f = perText((t: string) => {
      calls.push(t);
      return t.length > 2 ? t.toUpperCase() : undefined;
    }, 3);
    expect(f('abc')).toBe('ABC');
    expect(f('abc')).toBe('ABC');
    expect(f('ab')).toBeUndefined();
    expect(f('ab')).toBeUndefined(); // an undefined answer is remembered too
    expect(calls).toEqual(['abc', 'ab']);
    for (const t of ['xyz', 'wxyz', 'vwxyz', 'abc', 'ab']) expect(f(t)).toBe(t.length > 2 ? t.toUpperCase() : undefined);
    expect(calls.length).toBeGreaterThan(2); // the memo started over past 3 texts, and still answered right
  });
});

describe('the remembered dialogue rules', () => {
  const texts = [
    'Can I get a large Machiatto with oat milk and an extra shot of vanilla syrup?',
    "I'd like two capps, one with almond milk instead of whole, not too hot.",
    'Your order has been placed and will be ready in 5 minutes.',
    'Sound good. a Cortado with whole milk and can you put some extra hot water in it?',
    'Do you have honey?',
  ];
  it('answer a repeat as the first call', () => {
    const first = texts.map((t) => [spellDrinks(t), claimsAction(t), orderModifiers(t), saidModifierKeys(t), withoutSlips(t)]);
    const again = texts.map((t) => [spellDrinks(t), claimsAction(t), orderModifiers(t), saidModifierKeys(t), withoutSlips(t)]);
    expect(again).toEqual(first);
    expect(first[0][2]).toEqual(expect.arrayContaining(['oat', 'vanilla']));
    expect(first[0][0]).toContain('Macchiato');
    expect(first[2][1]).toBeTruthy();
  });
  it('hand each caller its own array: editing one does not change the next answer', () => {
    const t = texts[0];
    const mods = orderModifiers(t);
    const before = [...mods];
    mods.push('edited');
    mods.length = 0;
    expect(orderModifiers(t)).toEqual(before);
    const keys = saidModifierKeys(texts[3]);
    const keysBefore = [...keys];
    keys.splice(0, keys.length, 'edited');
    expect(saidModifierKeys(texts[3])).toEqual(keysBefore);
  });
});

describe('street names in full, remembered', () => {
  it('name the same map street on every call, for every spelling', () => {
    const a = drawnName('W 44th St');
    expect(drawnName('W 44th St')).toBe(a);
    expect(drawnName('West 44th Street')).toBe(a);
    expect(drawnName('Nowhere Lane')).toBe('Nowhere Lane');
    expect(streetLine('W 44th St')).toEqual(streetLine('West 44th Street'));
  });
});

describe('relativeDescription with remembered sibling summaries', () => {
  const tool = { name: 'FilmTMDB.get_top_rated_movies', description: 'Get a list of movies ordered by rating.' };
  const original = 'Get a list of movies ordered by popularity.';
  const plain = { name: 'FilmTMDB.get_popular_movies', description: original, original };
  const citing = { ...plain, description: 'Like `FilmTMDB.get_upcoming`, but ordered by popularity.' };
  it('reads a sibling the same way each time, and afresh when its shown doc changes', () => {
    const first = relativeDescription(tool, [plain], new Rng(1, 'test'));
    expect(first).toMatch(/`FilmTMDB\.get_popular_movies`.*ordered by rating/);
    expect(relativeDescription(tool, [plain], new Rng(1, 'test'))).toBe(first);
    // The same original, now shown written relative to another tool: never a sibling.
    expect(relativeDescription(tool, [citing], new Rng(1, 'test'))).toBeUndefined();
    expect(relativeDescription(tool, [plain], new Rng(1, 'test'))).toBe(first);
  });
});

describe('the special-token check', () => {
  it('takes the tokens\u2019 common start, and counts a text with "<|" but no special token as the encoder does', () => {
    expect(commonPrefix(['<|endoftext|>', '<|endofprompt|>'])).toBe('<|endof');
    expect(commonPrefix(['abc', 'xyz'])).toBe('');
    expect(commonPrefix([])).toBe('');
    for (const t of ['a <|b|> c', 'x <|endof y', '<|endoftext', '|endoftext|>']) expect(countTokens(t)).toBe(countTokensUncached(t));
    expect(() => countTokens('a <|endoftext|>')).toThrow(/special token/);
  });
});
