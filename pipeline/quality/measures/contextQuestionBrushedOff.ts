/**
 * A long-context question the reply brushes off: "Hi, I'd like to know what's in a steamer." ->
 * "OK."; "No. I need to know what syrups you have" -> "OK."; "Hey, I'm wondering what's in the
 * Americano." -> "OK.". The café's barista had answered with its recipe or its syrups; the rewrite
 * took that sentence out (the assistant cannot see the menu) and kept only the opener, so the
 * customer's question goes unanswered where every other menu question in the benchmark gets "I can't
 * see their menu, but the barista can tell you". Read with its own words, not the rewrite's rules.
 */
import type { CaseMeasure } from '../types.js';
import { spokenTurns } from './context.js';

/** A reply saying nothing of its own: one acknowledgement word or two. */
const BARE = /^\W*(?:ok(?:ay)?|sure|great|alright|all right|got it|right|cool|fine|perfect|noted|thanks?|thank you)[.!]*\s*$/i;

/** A customer sentence asking something: a question mark, or a want to know put as a statement. */
const ASKS = /\?|\b(?:i'?d like to know|i would like to know|i (?:want|need) to know|i'?m wondering|i was wondering|i wonder|i'?m curious|tell me (?:what|which|how|if|whether))\b/i;

/** Agreeing or ordering questions a bare "OK." does answer ("Can I get a latte?", "Is that all?"). */
const ORDERS = /^\W*(?:(?:hi|hello|hey|so|ok(?:ay)?|um+|oh|and|also|well)\b[,.!]*\s*)*(?:can|could|may) (?:i|we) (?:get|have|order|please|grab)\b|\b(?:is that (?:all|it|everything)|right|correct)\s*\?\s*$/i;

export function questionBrushedOff(user: string, reply: string): boolean {
  if (!BARE.test(reply)) return false;
  const text = user.replace(/[’‘]/g, "'");
  return text.split(/(?<=[.!?])\s+/).some((s) => ASKS.test(s) && !ORDERS.test(s));
}

export const contextQuestionBrushedOff: CaseMeasure = {
  kind: 'case',
  id: 'long_context_question_brushed_off',
  group: 'text',
  title: 'long context: a customer\'s question answered by a bare acknowledgement ("Hi, I\'d like to know what\'s in a steamer." -> "OK.", "No. I need to know what syrups you have" -> "OK.")',
  population: 'evolved cases with a long-context insertion',
  check(tc) {
    const turns = spokenTurns(tc);
    if (!turns) return undefined;
    for (const [i, t] of turns.entries()) {
      const before = turns[i - 1];
      if (t.role === 'assistant' && before?.role === 'user' && questionBrushedOff(before.text, t.text)) return `"${before.text.slice(0, 80)}" -> "${t.text}"`;
    }
    return null;
  },
};
