/**
 * Noise that says the same thing twice: "Bit of background: life has been a blur and I'm catching up -
 * anyway. … I should have done this ages ago, but anyway." (bfcl_multi_turn_base_108-parameters_key_error-k5~mixed),
 * "Forgive me, the dog next door keeps barking as we speak, so forgive me if this is scattered."
 * (bfcl_multi_turn_base_25-control-k5-cot~mixed): noise_repeats_itself, 30/1,000 on g0. And an
 * interruption that "will not stop on and off" (teval_query_92_2-control-k5-cot~noisy_query; noise_grammar_slip widened).
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../pipeline/rng.js';
import { noisyRules } from '../../stages/evolve/roles/noisyQuery.js';
import { noiseRepeats, noiseRepeatsItself } from '../../pipeline/quality/measures/noiseRepeats.js';
import { noiseGrammarSlips } from '../../pipeline/quality/measures/text.js';
import type { TestCase } from '../../pipeline/schemas.js';

const REVERSE = 'Would it be possible for you to assist in reversing the transaction we just completed?';
const QUERIES = [
  REVERSE,
  "Find analysis_report.csv and upon locating it, ensure you move it to the 'archive' directory.",
  "Can you find details for the top five Airbnb properties in San Francisco? Also, search for the top three scholarly articles about conference planning on Google Scholar. Lastly, create a PowerPoint presentation and save it as conference_plan.ppt.",
  'Could you provide a list of films currently being screened in China? Also, could you check the availability of the meeting rooms and reserve one?',
  // Car noise says "the car" in its reason, its context and its summing-up (bfcl_multi_turn_base_54 on h-lead30's l3).
  'Would you be able to convert 20 liters of gasoline into gallons for me? Afterwards, starting the engine to check for smooth operation would be appreciated.',
];

describe('noise_repeats_itself', () => {
  it('flags a tic, a phrase or a plea said twice by the noise, not words the request has, not "side by side"', () => {
    expect(noiseRepeats(REVERSE, `Bit of background: life has been a blur and I'm catching up - anyway. ${REVERSE} I should have done this ages ago, but anyway.`)).toMatch(/"anyway" twice/);
    expect(noiseRepeats(REVERSE, `Long story short, my folders are a mess. ${REVERSE} My mentor called an hour ago, long story short, I'm running late.`)).toMatch(/"long story" twice/);
    expect(noiseRepeats(REVERSE, `Forgive me, the dog next door keeps barking, so forgive me if this is scattered. ${REVERSE}`)).toMatch(/"forgive me" twice/);
    expect(noiseRepeats(REVERSE, `Apologies for the typos, I typed this in a rush. ${REVERSE} Thank you in advance, sorry for going on!!`)).toMatch(/2 apologies/);
    expect(noiseRepeats(REVERSE, `Honestly, I learn best from reading a few sources side by side. ${REVERSE} Thanks a ton, all the best.`)).toBeUndefined();
    expect(noiseRepeats(REVERSE, `No idea if this is detailed enough, but here goes. ${REVERSE} Cheers, take care.`)).toBeUndefined();
  });

  it('reads the noisy case against its original request; a case with no noisy query is out of its population', () => {
    const tc = (noisy: string, noise = true) => ({ id: 'n', messages: [{ role: 'system', content: 'tools' }, { role: 'user', content: noisy }], evolution: { baseCaseId: 'b', details: noise ? { noisyQuery: { originalQuery: REVERSE } } : {} } }) as unknown as TestCase;
    const ctx = { baseCase: () => undefined, trajectory: () => undefined };
    expect(noiseRepeatsItself.check(tc(`Sorry if this is long. ${REVERSE} so here goes, sorry.`), ctx)).toMatch(/apologies/);
    expect(noiseRepeatsItself.check(tc(`Hi there. ${REVERSE}`), ctx)).toBeNull();
    expect(noiseRepeatsItself.check(tc(REVERSE, false), ctx)).toBeUndefined();
  });

  it('the rules never say a tic, a phrase or a plea twice (noisy-query-34 did in 30 of 1,000 cases)', () => {
    for (const query of QUERIES)
      for (let i = 0; i < 300; i++) {
        const out = noisyRules({ query, protected: [] }, new Rng(i, 'repeats', query)).query;
        expect(noiseRepeats(query, out), out).toBeUndefined();
      }
  });

  it('an interruption that "will not stop" never comes "on and off" or "every few minutes"', () => {
    expect(noiseGrammarSlips('Fair warning, the upstairs drill will not stop on and off.').map((s) => s.rule)).toEqual(['doubled-adverb']);
    expect(noiseGrammarSlips('Forgive me, my phone will not stop pinging every few minutes.').map((s) => s.rule)).toEqual(['doubled-adverb']);
    expect(noiseGrammarSlips('Ugh, the smoke alarm keeps chirping on and off.')).toEqual([]);
    for (const query of QUERIES)
      for (let i = 0; i < 300; i++) {
        const out = noisyRules({ query, protected: [] }, new Rng(i, 'stop', query)).query;
        expect(out, out).not.toMatch(/\bwill not stop(?: [a-z]+ing)? (?:non-stop|on and off|every few minutes)\b/);
      }
  });
});
