/**
 * Long-context dialogues that speak for the café or let the customer say yes to an order no reply
 * named (evolve 87): "Can I a mocha with two hearts drawn on it?" -> "Yeah sure, is this everything?"
 * (bfcl_multi_turn_base_3-control-k2~long_context), "Alright please confirm that your mocha order is
 * correct thank you." after "a Mocha with 2% milk and also add an extra shot of chocolate"
 * (bfcl_multi_turn_base_27-parameters_key_error-k5~long_context), "You sure can." (teval_query_104_2),
 * "…; the barista can make it for you there." (teval_query_350_0-env-k1~long_context), "You can order
 * classic black tea, iced black tea, and iced sweetened black tea." (teval_query_255_1-env-k3-cot~mixed),
 * "2% Lactose Free milk" capitalised mid-sentence.
 */
import { describe, expect, it } from 'vitest';
import { unfaithfulReadBack } from '../../pipeline/quality/measures/longContextReadBack.js';
import { speaksForCafe } from '../../pipeline/quality/measures/longContextCafeVoice.js';
import { honestTurns, honestWordings, orderPhrase } from '../../sources/dialogue/honest.js';
import { menuCase, userAsks, withoutGrant } from '../../pipeline/dialogueRules.js';
import { contextMenuCapitalised } from '../../pipeline/quality/measures/context.js';
import { contextGrantsForCafe } from '../../pipeline/quality/measures/longContextCafeVoice.js';
import type { TestCase } from '../../pipeline/schemas.js';

/** An evolved case whose inserted dialogue is `turns` (user, assistant, …), before the task's own turn. */
function inserted(...turns: string[]): TestCase {
  const messages = turns.map((content, i) => (i % 2 ? { role: 'assistant', content: JSON.stringify({ name: 'FinishAction', args: content }) } : { role: 'user', content }));
  return { id: 'e', messages: [{ role: 'system', content: 'tools' }, ...messages, { role: 'user', content: 'The task.' }], evolution: { baseCaseId: 'b', details: { longContext: { insertedAt: 1, messages: turns.length, starts: [0] } } } } as unknown as TestCase;
}
const CTX = { baseCase: () => undefined, trajectory: () => undefined };

const dialogue = (...xs: string[]) => xs.map((content, i) => ({ role: (i % 2 ? 'assistant' : 'user') as 'user' | 'assistant', content }));
const spoken = (turns: { role: 'user' | 'assistant'; content: string }[]) => turns.map((t) => ({ role: t.role, text: t.content }));
const replies = (turns: { role: string; content: string }[]) => turns.filter((t) => t.role === 'assistant').map((t) => t.content);

const HEARTS = ['Can I a mocha with two hearts drawn on it?', 'Yeah sure, is this everything?', 'Yes thats it.', 'Okay Ill work on that right now.'];
const MOCHA = ['Can I get a Mocha with 2% milk and also add an extra shot of chocolate please.', 'Alright please confirm that your mocha order is correct thank you.', 'Thats the one thanks.', 'Awesome, it will be ready soon.'];
const HOT = ['I would like a decaffeinated Mocha. Could you make that a hot please?', 'A decaffeinated mocha?', 'Yes', 'Great, it will be ready soon.'];

describe('long_context_readback_unfaithful: a reply the customer says yes to', () => {
  it('flags one naming no drink or leaving out an option they gave, passes the full read-back', () => {
    expect(unfaithfulReadBack(spoken(dialogue(...HEARTS)))).toMatch(/leaves out the drink/);
    expect(unfaithfulReadBack(spoken(dialogue(...MOCHA)))).toMatch(/leaves out extra, chocolate/);
    expect(unfaithfulReadBack(spoken(dialogue(...HOT)))).toMatch(/leaves out hot/);
    expect(unfaithfulReadBack(spoken(dialogue(HEARTS[0], 'Just to check: a mocha with two hearts drawn on it, correct?', 'Yes thats it.', 'Good.')))).toBeUndefined();
    expect(unfaithfulReadBack(spoken(dialogue(MOCHA[0], 'A mocha with 2% milk and an extra shot of chocolate, is that right?', 'Thats the one thanks.', 'Good.')))).toBeUndefined();
    // Weather, a ruled-out option and "luke warm" read back "lukewarm" are no option left out.
    expect(unfaithfulReadBack(spoken(dialogue("I'd like a Cortado, but make it extra hot, it's cold out today.", 'A cortado, extra hot, is that right?', 'Yes.', 'Good.')))).toBeUndefined();
    expect(unfaithfulReadBack(spoken(dialogue('Can I get a cappuccino with almond milk? And can I get that Luke warm?', 'A cappuccino with almond milk, lukewarm, is that it?', 'Yes.', 'Good.')))).toBeUndefined();
  });

  it('the rules read the order back in those replies\' place (evolve 86 kept them)', () => {
    for (const d of [HEARTS, MOCHA, HOT, ["Hey. I'd like a matcha latte, please.", 'Will that be all for you?', "Yup, that's it.", 'Great, coming right up.'], ['I want a latte it is for jay', 'Can I check I have it right: a latte?', 'No I want it to be decaf', 'Great so decaf', 'Yes thanks', 'Great, coming right up.']]) {
      const out = honestTurns(dialogue(...d), 'k1')!;
      expect(unfaithfulReadBack(spoken(out)), replies(out).join(' | ')).toBeUndefined();
    }
    expect(replies(honestTurns(dialogue(...HEARTS), 'k1')!)[0]).toMatch(/a mocha with two hearts drawn on it\b.*\?$/);
    expect(replies(honestTurns(dialogue(...HOT), 'k1')!)[0]).toMatch(/\bhot decaffeinated mocha\b/);
    // "Can I a mocha …" is an order with its verb dropped, "What kinds of black tea can I order here?" a question.
    expect(userAsks(HEARTS[0])).toBe(false);
    expect(userAsks('What kinds of black tea can I order here?')).toBe(true);
  });
});

describe('long_context_grants_for_cafe', () => {
  it('flags a yes for the café, a promise it will make the drink, its menu listed; passes a read-back and a plain acknowledgement', () => {
    expect(speaksForCafe('Can I have an Americano with chocolate?', 'You sure can. An americano with chocolate, is that correct?')).toMatch(/says yes/);
    expect(speaksForCafe('Could I please order a cortado?', 'Yes, of course. A cortado, have I got that right?')).toMatch(/says yes/);
    expect(speaksForCafe(HEARTS[0], HEARTS[1])).toMatch(/says yes/);
    expect(speaksForCafe('Yes.', 'Good, the mocha; the barista can make it for you there.')).toMatch(/promises/);
    expect(speaksForCafe('What kinds of black tea can I order here?', 'You can order classic black tea, iced black tea, and iced sweetened black tea.')).toMatch(/menu/);
    expect(speaksForCafe('Can I have an Americano with chocolate?', 'An americano with chocolate, is that correct?')).toBeUndefined();
    expect(speaksForCafe('I need to get a Cortado please', 'Sure. A cortado, did I catch that right?')).toBeUndefined();
    expect(speaksForCafe('Yes.', 'Good, the mocha; tell the barista when you get there.')).toBeUndefined();
  });

  it('the rules drop the yes and the promise, and answer the menu question with the can\'t-see-the-menu reply', () => {
    expect(withoutGrant('Can I have an Americano with chocolate?', 'You sure can. Does this look right?')).toBe('Does this look right?');
    expect(withoutGrant('Hi there, can I please get a mocha with oat milk?', 'Sure you can! I have you down for a mocha with oat milk. Is that correct?')).toBe('I have you down for a mocha with oat milk. Is that correct?');
    expect(withoutGrant('I need to get a Cortado please', 'Sure. A cortado?')).toBe('Sure. A cortado?');
    const americano = honestTurns(dialogue('Can I have an Americano with chocolate?', 'You sure can. Does this look right?', 'Yes', 'Great, it will be ready soon.'), 'k')!;
    for (const [i, r] of replies(americano).entries()) expect(speaksForCafe(i === 0 ? 'Can I have an Americano with chocolate?' : 'Yes', r), r).toBeUndefined();
    const tea = replies(honestTurns(dialogue('What kinds of black tea can I order here?', 'You can order classic black tea, iced black tea, and iced sweetened black tea.'), 'k')!)[0];
    expect(tea).toMatch(/can't|cannot|isn't something I can see/);
    for (const w of honestWordings('a mocha')) expect(speaksForCafe(undefined, w), w).toBeUndefined();
  });
});

describe('option words are not capitalised mid-sentence as if a tea\'s name', () => {
  it('menuCase lowers "Lactose Free", "To go"; keeps a tea\'s own name; "Both Cortado\'s" is two cortados', () => {
    expect(menuCase('A cortado with almond milk and another one with 2% Lactose Free milk, have I got that right?')).toMatch(/2% lactose-free milk/);
    expect(menuCase('Just to check: a Triple Oat Cortado To go, correct?')).toBe('Just to check: a triple oat cortado to go, correct?');
    expect(menuCase('A Peppermint Rose tea, is that right?')).toBe('A Peppermint Rose tea, is that right?');
    expect(orderPhrase("Hi I want to order two drinks. Both Cortado's, one with 2% milk and the other with non-fat.")).toMatch(/^two Cortado/);
  });
});

describe('the measures over an inserted dialogue', () => {
  it('long_context_menu_capitalised flags "Lactose Free" and "To go" mid-sentence, passes a tea\'s name', () => {
    expect(contextMenuCapitalised.check(inserted('I want two cortados.', 'A cortado with almond milk and another one with 2% Lactose Free milk, have I got that right?'), CTX)).toMatch(/Lactose Free/);
    expect(contextMenuCapitalised.check(inserted('A mocha to go.', 'Please confirm: a double mocha with whole milk To go?'), CTX)).toMatch(/To go/);
    expect(contextMenuCapitalised.check(inserted('A Peppermint Rose tea, please.', 'A Peppermint Rose tea, is that right?'), CTX)).toBeNull();
  });

  it('long_context_grants_for_cafe reads each reply against the customer\'s turn before it', () => {
    expect(contextGrantsForCafe.check(inserted('Can I have an Americano with chocolate?', 'You sure can. An americano with chocolate, is that correct?'), CTX)).toMatch(/says yes/);
    expect(contextGrantsForCafe.check(inserted('Can I have an Americano with chocolate?', 'An americano with chocolate, is that correct?'), CTX)).toBeNull();
  });
});
