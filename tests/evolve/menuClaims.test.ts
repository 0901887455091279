/**
 * The inserted coffee dialogues state no café's menu as fact, read back how hot, the foam and the
 * ice the customer asked for, and put "an" before a vowel sound (h-ctx3). Each measure flags the old
 * output and passes the new; no dialogue of the vendored corpus, as inserted, has the defect.
 */
import { describe, expect, it } from 'vitest';
import { completeOrder, honestTurns, menuClause, orderPhrase } from '../../sources/dialogue/honest.js';
import { asksMenu, incompleteReadBack, indefiniteFor, saysNoMenu, statesMenu, wrongArticle, declines, claimsAction, claimsSituation, saysCannotOrder } from '../../pipeline/dialogueRules.js';
import { loadCorpus } from '../../sources/dialogue/corpus.js';
import { honestDialogue } from '../../sources/dialogue/context.js';
import { replyAct } from '../../stages/evolve/contextThoughts.js';

const dialogue = (...xs: string[]) => xs.map((content, i) => ({ role: (i % 2 ? 'assistant' : 'user') as 'user' | 'assistant', content }));
const spoken = (d: { role: string; content: string }[]) => d.map((t) => ({ role: t.role, text: t.content }));

describe('no café menu stated as fact', () => {
  it('the rule flags the old replies and passes an honest one', () => {
    expect(asksMenu('Hi. Do you serve honey here?')).toBe(true);
    expect(asksMenu('What types of sweeteners do you have?')).toBe(true);
    expect(asksMenu('Can I get a mocha with oat milk?')).toBe(false);
    expect(statesMenu('Yes they do. They have buckwheat and clover.', true)).toBeTruthy();
    expect(statesMenu('They offer mint, ginger and chamomile')).toBeTruthy();
    expect(statesMenu('Yes, they have herbal lemon tea and herbal orange tea.')).toBeTruthy();
    expect(statesMenu('Chamomile, peppermint and ginger.', true)).toBeTruthy();
    const honest = "I can't see the café's menu from here, so I have no way to check whether they have honey. The barista can tell you.";
    expect(statesMenu(honest, true)).toBeUndefined();
    expect(saysNoMenu(honest)).toBe(true);
    // Not a refusal, not a claim, not a shop or menu to hand, not the one "I can't order" disclaimer.
    expect(declines(honest)).toBe(false);
    expect(claimsAction(honest)).toBeUndefined();
    expect(claimsSituation(honest)).toBeUndefined();
    expect(saysCannotOrder(honest)).toBe(false);
    expect(replyAct('Do you serve honey here?', honest)).toBe('nomenu');
  });

  it('the rewrite answers a menu question with what it cannot see and where to ask, in the question\'s words', () => {
    expect(menuClause('Hi. Do you serve honey here?')).toBe('whether they have honey');
    expect(menuClause('What kinds of black tea do you have?')).toBe('what black tea they have');
    expect(menuClause('Do you guys have any chocolate drinks?')).toBe('whether they have any chocolate drinks');
    const d = honestTurns(dialogue('Hi. Do you serve honey here?', 'Yes they do. We have buckwheat and clover.', 'Great, a latte with honey then.', 'Okay, your order will be ready soon.'), 'k-honey')!;
    expect(statesMenu(d[1].content, true)).toBeUndefined();
    expect(d[1].content).toMatch(/whether they have honey/);
    expect(d[1].content).not.toMatch(/buckwheat|clover/);
    // The customer's side stays as recorded.
    expect(d[0].content).toBe('Hi. Do you serve honey here?');
    expect(d[2].content).toBe('Great, a latte with honey then.');
  });

  it('no dialogue of the vendored corpus, as inserted, states a café menu, and the answers vary', () => {
    const answers = new Map<string, number>();
    let n = 0;
    for (const raw of loadCorpus().dialogues) {
      const h = honestDialogue(raw);
      if (!h) continue;
      n++;
      h.turns.forEach((t, i) => {
        if (t.role !== 'assistant') return;
        const asked = i > 0 && asksMenu(h.turns[i - 1].content);
        expect(statesMenu(t.content, asked), `${h.turns[i - 1]?.content} -> ${t.content}`).toBeUndefined();
        if (saysNoMenu(t.content)) answers.set(t.content, (answers.get(t.content) ?? 0) + 1);
      });
    }
    expect(n).toBeGreaterThan(3000);
    expect(answers.size).toBeGreaterThan(100);
    expect(Math.max(...answers.values())).toBeLessThan(15);
  });
});

describe('read-backs keep how hot, the foam and the ice', () => {
  it('the widened check flags the old read-back and the rewrite keeps the wish', () => {
    const old = dialogue('Can I get a Macchiato with whole milk, and not too hot, I like my drinks tepid', 'A Macchiato with whole milk? I want to make sure I heard you.', 'Yes', 'Great.');
    expect(incompleteReadBack(spoken(old))).toMatch(/not too hot/);
    const order = completeOrder(orderPhrase('Can I get a Macchiato with whole milk, and not too hot, I like my drinks tepid')!, ['Can I get a Macchiato with whole milk, and not too hot, I like my drinks tepid']);
    expect(order).toMatch(/not too hot/);
    expect(completeOrder('a cortado', ['Can I get a cortado with no foam please'])).toBe('a cortado with no foam');
    expect(completeOrder('a mocha', ['I want a mocha, extra hot please'])).toBe('a mocha, extra hot');
    const d = honestTurns(dialogue('Can I get a Macchiato with whole milk, and not too hot, I like my drinks tepid', 'Please confirm the order shown on the screen.', 'Yes', 'Okay, your order will be ready at the coffee bar soon.'), 'k-tepid')!;
    expect(incompleteReadBack(spoken(d))).toBeUndefined();
  });
});

describe('"a" or "an" by sound', () => {
  it('numbers and words by how they are said', () => {
    expect(indefiniteFor('8oz cappuccino')).toBe('an');
    expect(indefiniteFor('11 ounce latte')).toBe('an');
    expect(indefiniteFor('18oz iced coffee')).toBe('an');
    expect(indefiniteFor('12oz latte')).toBe('a');
    expect(indefiniteFor('espresso')).toBe('an');
    expect(indefiniteFor('usual')).toBe('a');
    expect(indefiniteFor('one-shot latte')).toBe('a');
    expect(wrongArticle('Okay. A 8oz cappuccino? I want to make sure I heard you.')).toBe('A 8oz');
    expect(wrongArticle('Okay. An 8oz cappuccino? I want to make sure I heard you.')).toBeUndefined();
  });

  it('a read-back of "an 8oz Cappuccino" says "an"', () => {
    expect(orderPhrase("I'd like to get an 8oz Cappuccino.")).toBe('an 8oz Cappuccino');
    const d = honestTurns(dialogue("I'd like to get an 8oz Cappuccino.", 'Does everything look correct?', 'Yes', 'Okay, your order will be ready soon.'), 'k-8oz')!;
    expect(d[1].content).toMatch(/\ban 8oz cappuccino\b/i);
    for (const t of d) if (t.role === 'assistant') expect(wrongArticle(t.content), t.content).toBeUndefined();
  });
});

describe('claimsAction: a time the order takes (evolve 58)', () => {
  it('hears "in a short amount of time" as the order under way', () => {
    expect(claimsAction('OK, the order will be in in a short amount of time, thank you.')).toBe('in a short amount of time');
    expect(claimsAction("It'll be out in a little while.")).toBeTruthy();
    expect(claimsAction('A short reply is all this needs.')).toBeUndefined();
  });
});
