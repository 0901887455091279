/**
 * evolve 41: replies that read a menu or till the assistant cannot see (long_context_menu_claim_contradicted,
 * long_context_turn_not_following widened), plural thoughts saying "it" (long_context_plural_agreement widened),
 * stock lines per case (long_context_stock_line_share).
 */
import { describe, expect, it } from 'vitest';
import { replyNotAnswering } from '../../pipeline/dialogueRules.js';
import { honestTurns, honestWordings } from '../../sources/dialogue/honest.js';
import { unusableReason } from '../../sources/dialogue/context.js';
import { contextThoughts } from '../../stages/evolve/contextThoughts.js';
import { menuClaimContradicted, thoughtPluralIt, contextStockLineShare } from '../../pipeline/quality/measures/context.js';
import { DEFAULT_QUALITY_THRESHOLDS } from '../../pipeline/config.js';

type Role = 'user' | 'assistant';
const dialogue = (...xs: string[]) => xs.map((content, i) => ({ role: (i % 2 ? 'assistant' : 'user') as Role, content }));

describe('menu claims', () => {
  it('flags replies reading a menu or till, and the pool leaves their dialogues out', () => {
    expect(replyNotAnswering("I'd like a macchiato", "I can't seem to find that item. Do you want something else?")).toBeTruthy();
    expect(replyNotAnswering('I would like to get a Mocha please', 'That looks perfect.')).toBeTruthy();
    expect(replyNotAnswering('Can I see the menu again?', "Let me know if you'd like anything.")).toBeTruthy();
    expect(replyNotAnswering("I'd like a macchiato", 'A macchiato, is that right?')).toBeUndefined();
    const bad = dialogue("I'd like a macchiato", "I can't seem to find that item. Do you want something else?", 'A latte then', 'Sure.');
    expect(unusableReason(bad)).toMatch(/menu or till/);
    const turns = [{ role: 'assistant', text: "I can't see their menu, so I can't check whether they have honey." }, { role: 'user', text: "I'd like a macchiato" }, { role: 'assistant', text: "I can't seem to find that item." }];
    expect(menuClaimContradicted(turns)).toBeTruthy();
    expect(menuClaimContradicted(turns.slice(0, 2))).toBeUndefined();
  });
});

describe('plural thoughts', () => {
  it('flags "it" for two drinks; the thoughts say "them"', () => {
    expect(thoughtPluralIt('Their choice is the lattes, so naming it for the counter is enough.')).toBeTruthy();
    expect(thoughtPluralIt('They want the mocha and the latte, so I will tell them where to ask for it.')).toBeUndefined(); // "them" present: reader's rule
    expect(thoughtPluralIt('Their choice is the latte, so naming it for the counter is enough.')).toBeUndefined();
    const turns = dialogue('Two lattes please', 'Two lattes, then. Ask for both at the counter.', 'And a mocha and a cortado', 'A mocha and a cortado, then. Ask for the mocha and the cortado at the counter.');
    for (const t of contextThoughts(turns, new Set([0]))) expect(thoughtPluralIt(t)).toBeUndefined();
  });
});

describe('stock lines', () => {
  it('read-back checks and instructions name the order; café puns are left out; gated at 30%', () => {
    const words = honestWordings('a decaf latte with oat milk');
    expect(words).not.toContain('Have I got that right?');
    expect(words.some((w) => / Ask for it at the counter\.$/.test(w))).toBe(false);
    expect(words).toContain('A decaf latte with oat milk, have I got that right?');
    const out = honestTurns(dialogue('A latte please', 'Okay. A latte, is that right?', 'Yes', 'Great, I put it in. Have a Brew-tiful day!'), 'k');
    expect(JSON.stringify(out ?? [])).not.toMatch(/Brew-tiful/);
    expect(DEFAULT_QUALITY_THRESHOLDS.long_context_stock_line_share).toBe(0.3);
    expect(DEFAULT_QUALITY_THRESHOLDS.long_context_menu_claim_contradicted).toBe(0);
    expect(contextStockLineShare.id).toBe('long_context_stock_line_share');
  });
});
