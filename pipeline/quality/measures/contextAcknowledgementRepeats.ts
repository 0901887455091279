/**
 * A long-context insertion whose replies keep opening with the same acknowledgement ("OK." on
 * sixteen replies of one café visit, ten times on the opened reply just before): the share measures
 * (long_context_acknowledgement_share, _top_share) count openers over all insertions and do not see
 * one visit saying "OK." at every turn. A person varies them; one may open MOST replies of a visit,
 * and never two opened replies in a row.
 */
import type { CaseMeasure } from '../types.js';
import { spokenTurns } from './context.js';
import { ACKNOWLEDGEMENT_MOST as MOST, acknowledgementWord, openingAcknowledgement } from '../../dialogueRules.js';

/** How the openers of an insertion's replies repeat, or undefined when they vary ("OK." said 16 times; "Great." opens two opened replies in a row). */
export function acknowledgementRepeated(replies: string[]): string | undefined {
  const uses = new Map<string, number>();
  let previous: { word: string; text: string } | undefined;
  let inRow: string | undefined;
  for (const r of replies) {
    const ack = openingAcknowledgement(r);
    if (!ack) continue;
    const word = acknowledgementWord(ack);
    uses.set(word, (uses.get(word) ?? 0) + 1);
    if (!inRow && previous?.word === word) inRow = `"${previous.text.slice(0, 50)}" then "${r.slice(0, 50)}"`;
    previous = { word, text: r };
  }
  const top = [...uses].sort((a, b) => b[1] - a[1])[0];
  if (top && top[1] > MOST) return `"${top[0]}" opens ${top[1]} replies${inRow ? `; in a row: ${inRow}` : ''}`;
  return inRow ? `in a row: ${inRow}` : undefined;
}

export const contextAcknowledgementRepeated: CaseMeasure = {
  kind: 'case',
  id: 'long_context_acknowledgement_repeated',
  group: 'text',
  title: `long context: one inserted café visit opens its replies with the same acknowledgement again and again ("OK." on 16 replies, 10 of them right after another "OK."): more than ${MOST} times, or on two opened replies in a row`,
  population: 'evolved cases with an inserted long context',
  check(tc) {
    const turns = spokenTurns(tc);
    if (!turns) return undefined;
    return acknowledgementRepeated(turns.filter((t) => t.role === 'assistant').map((t) => t.text)) ?? null;
  },
};
