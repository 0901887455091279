/**
 * A long-context customer saying their own name in a case that names its user: "I'm Marge, and I
 * need to get a latte please." before a travel account of user first name "Michael"
 * (bfcl_multi_turn_base_193-env-k2-cot~long_context; long_context_customer_named, 7/44 on g0).
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../pipeline/rng.js';
import { namesSelf } from '../../pipeline/dialogueRules.js';
import { contextCustomerNamed, customerName } from '../../pipeline/quality/measures/contextCustomerNamed.js';
import { contextPool, LineUsage, pickDialogues } from '../../sources/dialogue/context.js';
import { loadCorpus } from '../../sources/dialogue/corpus.js';
import type { TestCase } from '../../pipeline/schemas.js';

describe('long_context_customer_named', () => {
  it('reads a customer naming themselves, not an order for someone else', () => {
    for (const said of ["I'm Marge, and I need to get a latte please.", "Could I have a Cortado? My name's Nicodemus.", 'Hi, can I get a Latte under the name Bob please.', 'I would like a latte and the name for the order is Tisha']) {
      expect(customerName(said), said).toBeDefined();
      expect(namesSelf(said), said).toBe(true);
    }
    for (const said of ['Could I please order a cortado for Gail?', "I'm Ready to order a mocha.", "Sorry, I'm not sure yet."]) {
      expect(customerName(said), said).toBeUndefined();
      expect(namesSelf(said), said).toBe(false);
    }
  });

  it('flags such a customer only in a case that names its user', () => {
    const tc = (customer: string, task: string) =>
      ({
        id: 'e',
        messages: [
          { role: 'system', content: 'tools with a username parameter' },
          { role: 'user', content: customer },
          { role: 'assistant', content: JSON.stringify({ name: 'FinishAction', args: 'So that is a latte?' }) },
          { role: 'user', content: task },
        ],
        groundTruth: [],
        evolution: { baseCaseId: 'b', details: { longContext: { insertedAt: 1, messages: 2, starts: [0] } } },
      }) as unknown as TestCase;
    const ctx = { baseCase: () => undefined, trajectory: () => undefined };
    expect(contextCustomerNamed.check(tc("I'm Marge, and I need to get a latte please.", 'Log me in: my first name is Michael, last name Thompson.'), ctx)).toMatch(/says "Marge"/);
    expect(contextCustomerNamed.check(tc('Can I get a latte for Gail?', 'Log me in: my first name is Michael, last name Thompson.'), ctx)).toBeNull();
    // The tool list's "username" parameter says nothing of this user.
    expect(contextCustomerNamed.check(tc("I'm Marge, and I need to get a latte please.", 'List my files.'), ctx)).toBeUndefined();
  });

  it('the picker gives a case naming its user no dialogue whose customer names themselves (evolve 79 did)', () => {
    const pool = contextPool(loadCorpus(), 1000);
    const named = new Set(pool.entries.filter((e) => e.dialogue.turns.some((t) => t.role === 'user' && namesSelf(t.content))).map((e) => e.id));
    expect(named.size).toBeGreaterThan(5);
    let without = 0;
    for (const namesUser of [true, false]) {
      const usage = new LineUsage();
      for (let i = 0; i < 20; i++) {
        const rng = new Rng(9, `named-${i}`);
        const ids = pickDialogues(pool, usage, rng, { target: rng.int(1000, 3000), minTokens: 1000, maxTokens: 3000, values: [], namesUser })!;
        const hits = ids.filter((id) => named.has(id)).length;
        if (namesUser) expect(hits, ids.join(' ')).toBe(0);
        else without += hits;
      }
    }
    // Without the rule the same draws take such dialogues: the test can fail.
    expect(without).toBeGreaterThan(0);
  });
});
