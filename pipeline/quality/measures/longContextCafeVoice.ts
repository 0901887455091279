/**
 * A long-context reply that says yes for the café the assistant cannot see: "Can I have an Americano
 * with chocolate?" -> "You sure can. …", "Could I please order a cortado?" -> "Yes, of course. …",
 * "Can I a mocha with two hearts drawn on it?" -> "Yeah sure, is this everything?"; a promise that
 * the barista can make it ("Good, the mocha; the barista can make it for you there.", "That will be no
 * problem. So that's a decaffeinated latte?"); or the café's
 * menu said as what the customer can order ("What kinds of black tea can I order here?" -> "You can
 * order classic black tea, iced black tea, and iced sweetened black tea."). The assistant says it
 * cannot see the café's menu nor place orders, so none of these is its to say. Judged on the words
 * alone, with its own patterns (not the rewrite's, pipeline/dialogueRules.ts withoutGrant).
 */
import type { CaseMeasure } from '../types.js';
import { spokenTurns } from './context.js';

/** A customer asking leave to have something: "Can I get …", "Could I please order …", "May I have …", "Can you make …". */
const ASKS_LEAVE = /\b(?:can|could|may) (?:i|we) (?:please |just |also )?(?:get|have|order|try|do|a|an|one|two)\b|\b(?:can|could|would) you (?:please )?(?:make|do|get|give)\b/i;
/** A reply opening with a yes to it. */
const SAYS_YES = /^\W*(?:(?:yes|yeah|yep)[,!.]?\s+)?(?:you (?:sure |certainly |definitely )?can|sure can|of course|absolutely|certainly|definitely|no problem|sure thing|you(?:'ve)? got it|yes|yeah|yep|sure)\b/i;
/** A promise that the café will make or has the drink. */
const PROMISES = /\b(?:the barista|the staff|they|the café|the cafe) (?:can|will|'ll) (?:make|fix|do) (?:it|that|them|one|this)\b(?! if\b)/i;
/** A promise, to any order, that it can be made: "That will be no problem.", "Okay, that's no problem." */
const NO_PROBLEM = /^\W*(?:(?:ok(?:ay)?|sure|yes|alright)[,.!]?\s+)?that(?:'ll| will| would| is|'s) (?:be )?(?:no|not a) problem\b/i;
/** The café's menu said as what the customer can order: a list after "You can order". */
const LISTS_MENU = /(?:^|[.!]\s+)\W*(?:(?:ok(?:ay)?|sure|well|so)[,.!]?\s+)?you (?:can|could) (?:order|get|have|choose(?: from)?)\b[^.?!]*,[^.?!]*\b(?:and|or)\b/i;

/** What in `reply`, answering `customer`, speaks for the café, or undefined. */
export function speaksForCafe(customer: string | undefined, reply: string): string | undefined {
  if (customer && ASKS_LEAVE.test(customer) && !/^\W*(?:what|which)\b/i.test(customer) && SAYS_YES.test(reply)) return `says yes for the café to "${customer.slice(0, 70)}"`;
  if (PROMISES.test(reply)) return 'promises the café will make it';
  if (NO_PROBLEM.test(reply)) return 'promises the order is no problem';
  if (LISTS_MENU.test(reply)) return "lists the café's menu";
  return undefined;
}

export const contextGrantsForCafe: CaseMeasure = {
  kind: 'case',
  id: 'long_context_grants_for_cafe',
  group: 'text',
  title: 'long context: an inserted reply says yes for the café ("Can I have an Americano with chocolate?" -> "You sure can.", "Could I please order a cortado?" -> "Yes, of course."), promises the barista will make it ("the barista can make it for you there") or lists the café\'s menu ("You can order classic black tea, iced black tea, …"), though the assistant cannot see the café',
  population: 'evolved cases with an inserted long context',
  check(tc) {
    const turns = spokenTurns(tc);
    if (!turns) return undefined;
    for (const [i, t] of turns.entries()) {
      if (t.role !== 'assistant') continue;
      const before = turns[i - 1];
      const why = speaksForCafe(before?.role === 'user' ? before.text : undefined, t.text);
      if (why) return `${why}: "${t.text.slice(0, 100)}"`;
    }
    return null;
  },
};
