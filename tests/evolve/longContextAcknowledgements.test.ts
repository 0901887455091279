/**
 * Evolve 96 (h-lead34). Before, over the 1,000 long-context/mixed cases of a fresh build of 470db61,
 * 985 insertions opened more than three replies with one acknowledgement or two opened replies in a
 * row with the same one ("OK." on 16 replies of bfcl_multi_turn_base_101-control-k1-cot~long_context,
 * 10 of them right after another "OK."; "OK." was 61% of all openers shown).
 */
import { describe, expect, it } from 'vitest';
import { ACKNOWLEDGEMENT_MOST as MOST, acknowledgementWord, claimsSituation } from '../../pipeline/dialogueRules.js';
import { acknowledgementRepeated } from '../../pipeline/quality/measures/contextAcknowledgementRepeats.js';
import { variedAcknowledgements } from '../../sources/dialogue/acknowledgements.js';
import { contextPool, insertionTurns } from '../../sources/dialogue/context.js';
import { loadCorpus } from '../../sources/dialogue/corpus.js';
import { stackedFiller } from '../../pipeline/quality/measures/context.js';
import { speaksForCafe } from '../../pipeline/quality/measures/longContextCafeVoice.js';
import { lineWords, normalizeLine } from '../../pipeline/dialogueRules.js';

type Role = 'user' | 'assistant';
const dialogue = (...xs: string[]) => xs.map((content, i) => ({ role: (i % 2 ? 'assistant' : 'user') as Role, content }));

describe('an insertion varies the acknowledgements its replies open with', () => {
  it('hears "Okay!" and "OK." as one word, "All right." and "Alright." too', () => {
    expect(acknowledgementWord('Okay!')).toBe(acknowledgementWord('OK.'));
    expect(acknowledgementWord('All right.')).toBe('alright');
    expect(acknowledgementWord('Thank you so much!')).toBe(acknowledgementWord('Thanks.'));
    expect(acknowledgementWord('Great.')).not.toBe(acknowledgementWord('Perfect.'));
  });

  it('the measure flags an opener said in a row or more than MOST times, and passes a varied visit', () => {
    expect(acknowledgementRepeated(["OK. So that's a latte?", 'Ask for it at the counter.', "OK. So that's a mocha?"])).toMatch(/in a row/);
    expect(acknowledgementRepeated(Array.from({ length: MOST + 1 }, (_, k) => [`OK. Drink ${k}?`, 'Ask for it at the counter.', `Great. Drink ${k}.`]).flat())).toMatch(/"ok" opens 4/);
    expect(acknowledgementRepeated(["OK. So that's a latte?", 'Great. Ask for it at the counter.', "Sure. So that's a mocha?", 'Perfect. Tell the barista.'])).toBeUndefined();
  });

  it('gives a repeated opener another that fits what the customer said, or leaves it out', () => {
    const yes = variedAcknowledgements(dialogue('Can I get a latte?', "OK. So that's a latte?", 'Yes.', 'OK. Ask for the latte at the counter.'), 7);
    // The closing after the yes takes a word for a yes, not for a request.
    expect(yes.get(3)).toMatch(/^(?:Great|Perfect|Thanks|Alright|Wonderful|Excellent)\. Ask for the latte at the counter\.$/);
    expect(yes.has(1)).toBe(false);
    // After a question, no "Sure." (it would answer yes): the opener goes.
    const asked = variedAcknowledgements(dialogue('Can I get a latte?', "OK. So that's a latte?", 'Do you have oat milk?', "OK. I can't see their menu, but the barista can tell you."), 7);
    expect(asked.get(3)).toBe("I can't see their menu, but the barista can tell you.");
    // After an order, no "Certainly." or "Sure.": that says yes for the café.
    const ordered = variedAcknowledgements(dialogue('A latte.', 'OK. A latte?', 'Yes.', 'Tell the barista.', 'Can I get a mocha?', "OK. So that's a mocha?"), 3);
    expect(ordered.get(5)).toMatch(/^(?:Alright|Got it)\. So that's a mocha\?$/);
    // One filler a reply: the corpus's "Okay, cool." goes before the rewrite's "Noted, …" (long_context_filler_stacked widened).
    const stackedTwo = variedAcknowledgements(dialogue('A cortado.', 'A cortado?', 'Yes.', "Okay, cool. Noted, the cortado; ask for that when it's your turn in line."), 2);
    expect(stackedTwo.get(3)).toBe("Noted, the cortado; ask for that when it's your turn in line.");
    expect(stackedFiller("Okay, cool. Noted, the cortado; ask for that when it's your turn in line.")).toBe('Okay, cool. Noted,');
    expect(stackedFiller('Okay sounds great. Right, the mocha; order that one at the counter.')).toBeDefined();
    // evolve 98: an opener with a dash is one acknowledgement too (33 replies of g0's lead36 build).
    expect(stackedFiller("Okay - thanks. Right, the macchiato; ask for that when it's your turn in line.")).toBe('Okay - thanks. Right,');
    expect(stackedFiller('Ok - great. The cortado it is; give it to whoever is at the register.')).toBeUndefined();
    expect(stackedFiller('Great. Ask for the mocha at the counter.')).toBeUndefined();
    // The till's screen is a claim the rewrite drops: "Okay, your order is below." (bfcl_multi_turn_base_192~long_context).
    expect(claimsSituation('Okay, your order is below.')).toBeDefined();
    expect(claimsSituation('Okay, so your order is a latte?')).toBeUndefined();
    // Nor so that it reads word for word as another reply.
    const twin = variedAcknowledgements(dialogue('A tea.', 'Ask for the tea.', 'Can I get tea?', 'OK. Tea?', 'Do you have tea?', 'OK. Ask for the tea.'), 3);
    expect(twin.has(5)).toBe(false);
    // A rest opening with a filler of its own takes no new opener on top of it.
    const stacked = variedAcknowledgements(dialogue('A mocha.', 'OK. A mocha?', 'Yes.', 'OK. Got it: the mocha.'), 1);
    expect(stacked.get(3)).toBe('Got it: the mocha.');
  });

  it('the pool, strung into insertions, repeats no opener and stacks no filler', () => {
    const pool = contextPool(loadCorpus(), 1000);
    const bad: string[] = [];
    let opened = 0;
    for (let k = 0; k < pool.entries.length; k += 30) {
      const turns = insertionTurns(pool.entries.slice(k, k + 30).map((e) => e.dialogue));
      const replies = turns.filter((t) => t.role === 'assistant').map((t) => t.content);
      const why = acknowledgementRepeated(replies);
      if (why) bad.push(`${k}: ${why}`);
      turns.forEach((t, i) => {
        const grant = t.role === 'assistant' && turns[i - 1]?.role === 'user' ? speaksForCafe(turns[i - 1].content, t.content) : undefined;
        if (grant) bad.push(`${k}: ${grant}`);
      });
      const lines = replies.filter((r) => lineWords(r) >= 4).map(normalizeLine);
      if (new Set(lines).size !== lines.length) bad.push(`${k}: a reply said twice`);
      for (const r of replies) {
        if (stackedFiller(r)) bad.push(`${k}: stacked "${r.slice(0, 60)}"`);
        if (/^(?:OK|Great|Perfect|Thanks|Alright|Wonderful|Excellent|Sure|Certainly|Of course)\./.test(r)) opened++;
      }
    }
    expect(bad.slice(0, 5)).toEqual([]);
    // A barista still says "OK" now and then: openers are varied, not all gone.
    expect(opened).toBeGreaterThan(pool.entries.length / 10);
  });
});

describe('an order ending "in it" closes without a doubled word (evolve 99)', () => {
  it('says "A decaf cortado with caramel it is.", never "… in it it is."', async () => {
    const { honestWordings } = await import('../../sources/dialogue/honest.js');
    const { wordDoubled } = await import('../../pipeline/quality/measures/context.js');
    // teval_query_95_1-parameters_key_error-k1-cot~mixed on lead36 m11.
    expect(wordDoubled('A decaf cortado with caramel in it it is; tell the barista when you get there.')).toBe('it it');
    const all = honestWordings('a decaf cortado with caramel in it');
    expect(all.some((w) => /^A decaf cortado with caramel it is\./.test(w))).toBe(true);
    for (const w of all) expect(wordDoubled(w), w).toBeUndefined();
  });
});
