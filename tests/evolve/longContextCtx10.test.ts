/**
 * Evolve 45 (h-ctx10). Before, over the 1,000 long-context/mixed cases of the build of main at
 * 9bb88e9: closings repeated a confirmed order whole, 3.2% (32/1000: "A macchiato with one pump of
 * cinnamon?" "Yes" "The macchiato with one pump of cinnamon, just as you said"); a customer who
 * confirmed by saying the order again lost its amounts, 0.2% (2/1000: "a splash of hazelnut" ->
 * "an Ice latte with almond milk and hazelnut"); CoT thoughts said the customer had not said what
 * they wanted right after they said it, 12% (60/500); replies thanked "a loyal customer".
 */
import { describe, expect, it } from 'vitest';
import { claimsHistory, readBackModifierLost, thoughtDeniesSaid } from '../../pipeline/dialogueRules.js';
import { readBackRepeated } from '../../pipeline/quality/measures/context.js';
import { honestTurns, shortOrder } from '../../sources/dialogue/honest.js';
import { replyAct } from '../../stages/evolve/contextThoughts.js';
import { DEFAULT_QUALITY_THRESHOLDS } from '../../pipeline/config.js';

type Role = 'user' | 'assistant';
const dialogue = (...xs: string[]) => xs.map((content, i) => ({ role: (i % 2 ? 'assistant' : 'user') as Role, content }));
const spoken = (d: { role: Role; content: string }[]) => d.map((t) => ({ role: t.role, text: t.content }));

describe('a closing after a confirmed read-back', () => {
  it('the measures flag the order said whole again and an amount lost, and pass a short closing', () => {
    const repeated = dialogue('x', 'A macchiato with one pump of cinnamon? I want to make sure I heard you.', 'Yes', 'OK. The macchiato with one pump of cinnamon, just as you said; tell the barista.');
    expect(readBackRepeated(spoken(repeated))).toBeDefined();
    expect(readBackRepeated(spoken(dialogue('x', 'A macchiato with one pump of cinnamon? I want to make sure I heard you.', 'Yes', 'OK. The macchiato, just as you said; tell the barista.')))).toBeUndefined();
    expect(readBackModifierLost(spoken(dialogue('Can I get an iced latte with almond milk? Could you add a splash of hazelnut too?', 'Just to check: an iced latte with almond milk and a splash of hazelnut, correct?', 'Ice latte, almond milk, hazelnut. This all looks good to me.', 'Great! Write down an Ice latte with almond milk and hazelnut if it helps.')))).toBeDefined();
  });

  it('the short form drops an option carrying an amount, keeps one without', () => {
    expect(shortOrder('a macchiato with one pump of cinnamon dolce syrup')).toBe('the macchiato');
    expect(shortOrder('a chai latte with half the milk')).toBe('the chai latte');
    // Some options and not the others would read as the order (h-ctx14): the drink alone.
    expect(shortOrder('a mocha with whole milk, steamed extra hot')).toBe('the mocha');
    expect(shortOrder('a mocha with whole milk')).toBe('the mocha with whole milk');
  });

  it('the rewrite neither repeats the order nor loses an amount', () => {
    for (const d of [
      dialogue('I would like a macchiato with one pump of cinnamon dolce syrup.', 'Your order is on the screen. Is it correct?', 'Yes.', 'Great! Your order has been placed.'),
      dialogue('Hi! Can I get a regular iced latte with almond milk, please? Could you add a splash of hazelnut too?', 'Your order is on the screen. Is it correct?', 'Ice latte, almond milk, hazelnut. This all looks good to me.', 'Great! Your order has been placed.'),
    ]) {
      const out = spoken(honestTurns(d, 'k1')!);
      expect(readBackRepeated(out)).toBeUndefined();
      expect(readBackModifierLost(out)).toBeUndefined();
    }
  });
});

describe('a thought does not deny what the customer just said', () => {
  it('the measure flags the denial and passes a detail left open', () => {
    expect(thoughtDeniesSaid('Could I please get a dirty mocha with non-fat milk?', 'Nothing they said tells me what they prefer.')).toBeDefined();
    expect(thoughtDeniesSaid('Can I please have a latte with almond milk', 'They have not said which milk they want yet, so I will ask.')).toBeDefined();
    expect(thoughtDeniesSaid('Can I get a latte?', 'They have not said which size they want yet, so I will ask.')).toBeUndefined();
    expect(DEFAULT_QUALITY_THRESHOLDS.long_context_thought_denies_said).toBe(0);
  });

  it('a question after an order is a check, a detail question stays one', () => {
    expect(replyAct('Could I please get a dirty mocha with non-fat milk?', "That's one mocha, dirty, non-fat milk. Will that be all?")).toBe('check');
    expect(replyAct("No, I'm sorry I meant order that decaf.", 'Okay is that better?')).toBe('check');
    expect(replyAct('Can I get a latte?', 'What size would you like?')).toBe('ask');
  });
});

describe('no customer history is claimed', () => {
  it('the measure word flags a loyal customer, the rewrite leaves the sentence out', () => {
    expect(claimsHistory('Great. Thank you for being a loyal customer.')).toBeDefined();
    expect(claimsHistory('Great. Ask for the latte at the counter.')).toBeUndefined();
    const out = honestTurns(dialogue('I would like a latte.', 'Thank you for being a loyal customer. A latte?', 'Yes.', 'Great! Your order has been placed.'), 'k2')!;
    expect(out.some((t) => claimsHistory(t.content))).toBe(false);
  });
});
