// Evolve 97 (h-lead35): one drink's options read back joined by "and", never a second "with" (long_context_with_twice).
import { describe, expect, it } from 'vitest';
import { restate } from '../../sources/dialogue/honest.js';
import { withTwice } from '../../pipeline/quality/measures/context.js';

describe('a read-back joins one drink\'s options with "and"', () => {
  it('restates "with A with B" as "with A and B"', () => {
    // teval_query_98_2's café: "Can I get a Cortando with chocolate drizzle with some Almond milk?"
    expect(restate('a Cortando with chocolate drizzle with some Almond milk')).toBe('a cortado with chocolate drizzle and almond milk');
    expect(restate('a cortado with oat milk with caramel flavor')).toBe('a cortado with oat milk and caramel flavor');
    expect(restate('a latte with whole milk with a triple shot of espresso')).toBe('a latte with whole milk and a triple shot of espresso');
  });
  it('keeps "flavored with", "along with" and a second drink\'s own "with"', () => {
    expect(restate('a cortado with 2% milk flavored with caramel')).toBe('a cortado with 2% milk flavored with caramel');
    expect(restate('a mocha with whole milk along with crema')).toBe('a mocha with whole milk along with crema');
    expect(restate('a mocha with oat milk and a cortado with almond')).toBe('a mocha with oat milk and a cortado with almond');
  });
  it('the measure flags the doubled "with" and passes the rest', () => {
    expect(withTwice("To be sure I follow, that's a cortado with chocolate drizzle with almond milk?")).toBe('with chocolate drizzle with');
    expect(withTwice("That's a cortado with chocolate drizzle and almond milk?")).toBeUndefined();
    expect(withTwice('Let me be sure: a cortado with 2% milk flavored with caramel, right?')).toBeUndefined();
    expect(withTwice('Two mochas, one with oat milk and one with almond milk?')).toBeUndefined();
  });
});
