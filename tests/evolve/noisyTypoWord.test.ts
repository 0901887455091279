/**
 * A typo that spells another real word changes what the request says: "ensure you move it" -> "endure u
 * move it" (bfcl_multi_turn_base_5-tool_hallucination_error-k1~noisy_query), "my tire pressure" -> "my tore
 * pressure" (bfcl_multi_turn_base_78-env-k1-cot~noisy_query): noise_typo_real_word, 5/1,000 on g0.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../pipeline/rng.js';
import { addTypos } from '../../stages/evolve/roles/noisyQuery.js';
import { noiseTypoRealWord, realWordTypos, vocabularyOf } from '../../pipeline/quality/measures/noiseTypoWord.js';
import type { TestCase } from '../../pipeline/schemas.js';

const TIRE = 'Would you be able to verify if my tire pressure is in check? If it falls under 37.5 PSI, find the nearest tire shop and ensure we go there.';
const base = { id: 'b', messages: [{ role: 'user', content: TIRE }], tools: [] } as unknown as TestCase;

describe('noise_typo_real_word', () => {
  it('flags a slip that spells another word (the words side by side too), not one that spells none, not a rewording', () => {
    const vocabulary = vocabularyOf([base]);
    expect(realWordTypos(TIRE, TIRE.replace('my tire', 'my tore'), vocabulary)).toEqual([{ from: 'tire', to: 'tore' }]);
    expect(realWordTypos(TIRE, TIRE.replace('ensure we', 'endure wr'), vocabulary)).toEqual([{ from: 'ensure', to: 'endure' }]);
    expect(realWordTypos(TIRE, TIRE.replace('my tire', 'my tirw'), vocabulary)).toEqual([]);
    expect(realWordTypos(TIRE, TIRE.replace('Would you', 'Would u'), vocabulary)).toEqual([]);
  });

  it('scores the share of noisy cases holding one', () => {
    const noisy = (id: string, text: string) => ({ id, messages: [{ role: 'user', content: text }], tools: [], evolution: { baseCaseId: 'b', details: { noisyQuery: { originalQuery: TIRE } } } }) as unknown as TestCase;
    const score = noiseTypoRealWord.score([base, noisy('a', TIRE.replace('my tire', 'my tore')), noisy('c', TIRE.replace('check', 'chekc'))], { baseCase: () => base, trajectory: () => undefined });
    expect(score?.value).toBe(0.5);
    expect(score?.examples?.[0]).toMatchObject({ id: 'a', detail: '"tire" -> "tore"' });
  });

  it('the rules never slip into another word (noisy-query-35 wrote "tore" for "tire", "endure" for "ensure")', () => {
    const vocabulary = vocabularyOf([base]);
    for (let i = 0; i < 600; i++) {
      const { text } = addTypos(TIRE, [], new Rng(i, 'real-word'), 3);
      expect(realWordTypos(TIRE, text, vocabulary), text).toEqual([]);
    }
  });
});

describe('a typo never lands on a word the vendored sources use', () => {
  // bfcl_multi_turn_base_136-tool_hallucination_error-k2~noisy_query on int29's m3: "rate" -> "rare".
  it('never writes "rare" for "rate"', () => {
    const text = 'Could you tell me the current exchange rate for my trip budget?';
    for (let i = 0; i < 400; i++) expect(addTypos(text, [], new Rng(i, 'rate'), 3).text).not.toMatch(/\brare\b/);
  });
});
