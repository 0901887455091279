/**
 * A long-context reply saying the order twice: the corpus's own acknowledgement kept before the
 * read-back the rewrite added in place of a check on the till's screen ("Okay, so it's a latte with
 * oat milk and chocolate sauce. Let me read that back: a latte with oat milk and chocolate, is every
 * detail right?", "Yes, one mocha. Let me read that back: a mocha, does that sound right?"). A
 * careful barista says the order once and asks about it; the second saying adds nothing but length.
 */
import type { CaseMeasure } from '../types.js';
import { dialogueSegments, spokenTurns } from './context.js';

/** Drinks a coffee order names, by their stem ("lattes" is "latte"). Read here, not from the rules that wrote the replies. */
const DRINKS = /\b(chai|matcha|latte|mocha|cappuccino|americano|espresso|macchiato|cortado|tea|coffee|frappuccino|frappe|cold brew|steamer|hot chocolate|flat white|smoothie)s?\b/gi;

/** A sentence that says what cannot be done or checked, not what was ordered ("I can't see if they have chai."). */
const NOT_ORDER = /\b(?:can'?t|cannot|can not|don'?t|do not|no access|not sure|menu|ask (?:for|the|them)|at the (?:counter|till|register))\b/i;

const drinksOf = (sentence: string) => new Set([...sentence.matchAll(DRINKS)].map((m) => m[1].toLowerCase()));

/**
 * The first statement of `reply` naming a drink that a later question of the same reply names
 * again, with that question; undefined when the reply names its order once.
 */
export function orderSaidTwice(reply: string): { said: string; asked: string } | undefined {
  const sentences = reply.trim().split(/(?<=[.!?])\s+/).filter(Boolean);
  for (const [i, s] of sentences.entries()) {
    if (/\?\s*$/.test(s) || NOT_ORDER.test(s)) continue;
    const drinks = drinksOf(s);
    if (!drinks.size) continue;
    const asked = sentences.slice(i + 1).find((q) => /\?\s*$/.test(q) && [...drinksOf(q)].some((d) => drinks.has(d)));
    if (asked) return { said: s, asked };
  }
  return undefined;
}

export const contextOrderSaidTwice: CaseMeasure = {
  kind: 'case',
  id: 'long_context_order_said_twice',
  group: 'text',
  title: 'long context: a reply states the order, then reads the same order back ("Yes, one mocha. Let me read that back: a mocha, does that sound right?")',
  population: 'evolved cases with a long-context insertion',
  check(tc) {
    const turns = spokenTurns(tc);
    if (!turns) return undefined;
    for (const dialogue of dialogueSegments(tc, turns) ?? [turns]) {
      for (const t of dialogue) {
        if (t.role !== 'assistant') continue;
        const twice = orderSaidTwice(t.text);
        if (twice) return `"${twice.said.slice(0, 90)}" then "${twice.asked.slice(0, 90)}"`;
      }
    }
    return null;
  },
};
