/**
 * A drink's proper name keeps its capitals in the long-context replies whatever the customer typed:
 * "an English Breakfast tea", "a lavender Earl Grey tea", never "an english breakfast tea" read back
 * as typed (long_context_proper_name_lowered, new; 76/1,000 on int32's m4).
 */
import { describe, expect, it } from 'vitest';
import { honestTurns } from '../../sources/dialogue/honest.js';
import { halfCasedName, menuCase } from '../../pipeline/dialogueRules.js';
import { contextProperNameLowered } from '../../pipeline/quality/measures/context.js';
import type { TestCase } from '../../pipeline/schemas.js';

function inserted(...turns: string[]): TestCase {
  const messages = turns.map((content, i) => (i % 2 ? { role: 'assistant', content: JSON.stringify({ name: 'FinishAction', args: content }) } : { role: 'user', content }));
  return { id: 'e', messages: [{ role: 'system', content: 'tools' }, ...messages, { role: 'user', content: 'The task.' }], evolution: { baseCaseId: 'b', details: { longContext: { insertedAt: 1, messages: turns.length, starts: [0] } } } } as unknown as TestCase;
}
const CTX = { baseCase: () => undefined, trajectory: () => undefined };
const dialogue = (...xs: string[]) => xs.map((content, i) => ({ role: (i % 2 ? 'assistant' : 'user') as 'user' | 'assistant', content }));

describe('long_context_proper_name_lowered', () => {
  it('flags "english breakfast" and "earl grey" in a reply, passes them capitalised', () => {
    expect(contextProperNameLowered.check(inserted('Could I get an english breakfast please?', 'So that\'s an english breakfast tea?'), CTX)).toMatch(/"english"/);
    expect(contextProperNameLowered.check(inserted('I\'d like a lavender earl grey.', 'A lavender earl grey tea, did I catch that right?'), CTX)).toMatch(/"earl grey"/);
    expect(contextProperNameLowered.check(inserted('I\'d like a lavender earl grey.', 'A lavender Earl Grey tea, did I catch that right?'), CTX)).toBeNull();
  });

  it('menuCase capitalises the names, and a flavour before one is no half-cased name', () => {
    expect(menuCase('To confirm: an english breakfast tea, is that it?')).toBe('To confirm: an English Breakfast tea, is that it?');
    expect(menuCase('A lavender earl grey tea, did I catch that right?')).toBe('A lavender Earl Grey tea, did I catch that right?');
    expect(halfCasedName('A lavender Earl Grey tea, did I catch that right?')).toBeUndefined();
    // A real half-cased name is still one.
    expect(halfCasedName('One peppermint Rose tea, is that right?')).toBeDefined();
  });

  it('the rewrite reads a lower-cased order back with the names capitalised', () => {
    for (const order of ['Could I get an english breakfast please?', 'I want a lavender earl grey tea please.']) {
      const out = honestTurns(dialogue(order, 'Sure, is that all?', 'Yes', 'Great.'), 'k1');
      const said = (out ?? []).filter((t) => t.role === 'assistant').map((t) => t.content).join(' ');
      expect(said).toMatch(/English|Earl Grey/);
      expect(said).not.toMatch(/\benglish\b|\bearl grey\b/);
    }
  });
});
