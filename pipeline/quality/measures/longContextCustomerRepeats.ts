/**
 * A long-context insertion whose customer says the same line again and again ("Yes." ten times, "Yes
 * it is." five times in one café visit): Taskmaster-4's dialogues are mostly four turns that end on a
 * confirmation, and a pick of many of them with the same short answer reads as a loop, not a person.
 * The corpus has hundreds of ways to confirm; a customer may say one line twice.
 */
import type { CaseMeasure } from '../types.js';
import { spokenTurns } from './context.js';

/** Times one line may be said by the customer of one insertion. */
const MOST = 2;

/** A line as compared: case, punctuation and apostrophes ignored ("Yes, it is." = "yes it is"). */
const key = (text: string) => text.toLowerCase().replace(/[’']/g, '').replace(/[^a-z0-9]+/g, ' ').trim();

/** The customer's most repeated line of an insertion, when said more than MOST times, or undefined. */
export function customerLineRepeated(lines: string[]): string | undefined {
  const counts = new Map<string, number>();
  for (const l of lines) if (key(l)) counts.set(key(l), (counts.get(key(l)) ?? 0) + 1);
  const top = [...counts].sort((a, b) => b[1] - a[1])[0];
  return top && top[1] > MOST ? `${top[1]} times: "${top[0].slice(0, 80)}"` : undefined;
}

export const contextCustomerLineRepeats: CaseMeasure = {
  kind: 'case',
  id: 'long_context_customer_line_repeats',
  group: 'text',
  title: 'long context: the customer of one inserted café visit says the same line three times or more ("Yes." ten times, "Yes it is." five times): a loop, not a person',
  population: 'evolved cases with an inserted long context',
  check(tc) {
    const turns = spokenTurns(tc);
    if (!turns) return undefined;
    return customerLineRepeated(turns.filter((t) => t.role === 'user').map((t) => t.text)) ?? null;
  },
};
