/**
 * A long-context customer who says their own name in a case that names its user: "I'm Marge, and I
 * need to get a latte please." in the conversation before a travel account of user first name
 * "Michael" (bfcl_multi_turn_base_193-env-k2-cot~long_context), "My name's Nicodemus." before a
 * Twitter login with username "…". The inserted customer is the case's user: a second name the model
 * could take for theirs.
 */
import type { CaseMeasure } from '../types.js';
import { insertedRange } from '../text.js';
import { spokenTurns } from './context.js';

/** A customer naming themselves, with the name ("My name's Bob", "Hi, I'm Jim.", "a Latte under the name Bob"). Read here, apart from the rules that pick dialogues. */
const SAYS_OWN_NAME = /\b(?:i'm|i am|my name is|my name's|this is|under the name|the name for (?:the|this|my) order is)\s+([A-Z][a-z]+(?:-[a-z]+)?)\b/gi;
/** Capitalised words after "I'm" that name no one. */
const NO_NAME = new Set('sorry just not so here good looking going ready sure okay ok still fine great yes no hi hello hey interested thinking wondering hoping trying getting new back also actually really very glad happy'.split(' '));

/** Where a case says who its user is, outside the insertion: a username or a person's name in its calls or messages. */
const NAMES_USER = /\b(?:first|last|full|user)[_ ]?name\b|\bmy (?:first |full )?name is\b/i;

export function customerName(text: string): string | undefined {
  for (const m of text.matchAll(SAYS_OWN_NAME)) if (/^[A-Z]/.test(m[1]) && !NO_NAME.has(m[1].toLowerCase())) return m[1];
  return undefined;
}

export const contextCustomerNamed: CaseMeasure = {
  kind: 'case',
  id: 'long_context_customer_named',
  group: 'text',
  title: 'long context: the inserted customer says their own name ("I\'m Marge, and I need to get a latte") in a case that names its user (a username, a first name)',
  population: 'evolved cases with a long-context insertion whose messages or ground truth name the user',
  check(tc) {
    const turns = spokenTurns(tc);
    const range = insertedRange(tc);
    if (!turns || !range) return undefined;
    const outside = [...tc.messages.filter((m, i) => m.role !== 'system' && (i < range[0] || i >= range[1])).map((m) => m.content), JSON.stringify(tc.groundTruth ?? [], (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v))].join('\n');
    const named = NAMES_USER.exec(outside);
    if (!named) return undefined;
    for (const t of turns) {
      if (t.role !== 'user') continue;
      const name = customerName(t.text);
      if (name) return `customer "${t.text.slice(0, 80)}" says "${name}" where the case names its user ("${named[0]}")`;
    }
    return null;
  },
};
