/**
 * Noise that does not fit its request: a second reason beside the request's own ("Honestly, I'm
 * researching a subject for a project." before "I'm working on a research project about sustainable
 * architecture.", teval_query_163_1-control-k6-cot~noisy_query; noise_reason_beside_own, 39/278 on g0)
 * and an aside between a sentence and the next that points back at it ("… fuel tank is running low. I'm
 * doing too many things at once right now haha. It would be great if you could top it up …",
 * bfcl_multi_turn_base_75-parameters_key_error-k1-cot~mixed; noise_aside_splits_reference, 6/1,000 on g0).
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../pipeline/rng.js';
import { noisyRules } from '../../stages/evolve/roles/noisyQuery.js';
import { asideSplitsReference, noiseReasonBesideOwn, reasonBesideOwn } from '../../pipeline/quality/measures/noisyReason.js';
import { foreignAside } from '../../pipeline/quality/measures/noise.js';
import { noiseGrammarSlips } from '../../pipeline/quality/measures/text.js';
import type { TestCase } from '../../pipeline/schemas.js';

const RESEARCH = "I'm working on a research project about sustainable architecture. I need help in finding a few relevant articles and property reviews. Could you search for articles on 'sustainable architecture'?";
const FUEL = "We just got back from a road trip and realized our car's fuel tank is running low. It would be great if you could top it up with an additional 30 gallons. Then check the tire pressure.";

describe('noise_reason_beside_own', () => {
  it('flags a reason the noise adds beside the request\'s own, not one beside a request that gives none', () => {
    expect(reasonBesideOwn(RESEARCH, `Honestly, I'm researching a subject for a project. ${RESEARCH}`)).toMatch(/researching a subject/);
    expect(reasonBesideOwn('As an event organizer, I\'m planning a conference in San Francisco.', "As an event organizer, I'm planning a conference in San Francisco. For context, I'm trying to get my finances in order, hence this message.")).toMatch(/finances/);
    expect(reasonBesideOwn(RESEARCH, `My head is a bit all over the place today. ${RESEARCH}`)).toBeUndefined();
    // int32: an aside ending inside its bracket is a sentence of its own, not glued to the request's own reason (bfcl_multi_turn_base_89~mixed).
    const trip = "I'm planning a road trip from Rivermist to Stonebrook and would love an estimate on how far this journey will take me.";
    expect(reasonBesideOwn(trip, `(Sorry if the spelling is dodgy, I'm typing with a laptop tray on me.) I'm planning a road trip fromm Rivermist to Stonebrook and would lofe an estimate on how far this journey will take me.`)).toBeUndefined();
    expect(reasonBesideOwn('Find articles on sustainable architecture.', "Honestly, I'm researching a subject for a project. Find articles on sustainable architecture.")).toBeUndefined();
    const tc = (original: string, noisy: string) => ({ id: 'n', messages: [{ role: 'system', content: 'tools' }, { role: 'user', content: noisy }], evolution: { baseCaseId: 'b', details: { noisyQuery: { originalQuery: original } } } }) as unknown as TestCase;
    const ctx = { baseCase: () => undefined, trajectory: () => undefined };
    expect(noiseReasonBesideOwn.check(tc(RESEARCH, `So I'm researching a topic for a class. ${RESEARCH}`), ctx)).toMatch(/researching a topic/);
    expect(noiseReasonBesideOwn.check(tc(RESEARCH, `Hello. ${RESEARCH}`), ctx)).toBeNull();
    expect(noiseReasonBesideOwn.check(tc('List my files.', "I'm tidying up my folders. List my files."), ctx)).toBeUndefined();
  });

  it('the rules give a request with a reason of its own no second one (noisy-query-37 did)', () => {
    for (let i = 0; i < 300; i++) {
      const out = noisyRules({ query: RESEARCH, protected: ['sustainable architecture'] }, new Rng(i, 'reason', RESEARCH)).query;
      expect(reasonBesideOwn(RESEARCH, out), out).toBeUndefined();
    }
    // "I'm doing a study on …" is a reason too (teval_query_475_2-control-k1~mixed on int30's m1; noisy-query-39 added one).
    const STUDY = "I'm doing a study on trendy films. Can you provide me with a list of such movies and their details?";
    for (let i = 0; i < 300; i++) {
      const out = noisyRules({ query: STUDY, protected: [] }, new Rng(i, 'reason', STUDY)).query;
      expect(reasonBesideOwn(STUDY, out), out).toBeUndefined();
    }
  });
});

describe('noise_aside_splits_reference', () => {
  it('flags an aside before a sentence that points back, not one before a sentence that names its subject', () => {
    expect(asideSplitsReference(FUEL, FUEL.replace('low. It', "low. I'm doing too many things at once right now haha. It"))).toMatch(/too many things/);
    expect(asideSplitsReference(FUEL, FUEL.replace('gallons. Then', "gallons. I'm doing too many things at once right now haha. Then"))).toBeUndefined();
    expect(asideSplitsReference(FUEL, `${FUEL} I'm doing too many things at once right now haha.`)).toBeUndefined();
    // A phrase leading into the pointer ("Among them, …") points back too (teval_query_57_0-control-k3-cot~mixed).
    const CHINA = "Let's find out about the movies currently showing in China. Among them, I want to know the details of the three movies with the highest ratings.";
    expect(asideSplitsReference(CHINA, CHINA.replace('China. Among', 'China. The courier rang just now about a delivery slot, and honestly I\'m sidetracked. Among'))).toMatch(/courier/);
  });

  it('the rules put no aside before a sentence that points back (noisy-query-37 put one before "It would be great …")', () => {
    const CHINA = "Let's find out about the movies currently showing in China. Among them, I want to know the details of the three movies with the highest ratings. Also, could you give me the details about the movie 'Parasite'?";
    for (let i = 0; i < 300; i++) {
      const out = noisyRules({ query: CHINA, protected: ['Parasite'] }, new Rng(i, 'among', CHINA)).query;
      expect(asideSplitsReference(CHINA, out), out).toBeUndefined();
    }
    let mid = 0;
    for (let i = 0; i < 400; i++) {
      const out = noisyRules({ query: FUEL, protected: ['30 gallons'] }, new Rng(i, 'aside', FUEL)).query;
      expect(asideSplitsReference(FUEL, out), out).toBeUndefined();
      if (/gallons\.\s+(?!Then)\S/.test(out) && !/gallons\.\s+Then/.test(out)) mid++;
    }
    // Asides still go between the sentences where the next one names its own subject.
    expect(mid).toBeGreaterThan(0);
  });
});

describe('noise_aside_foreign: a search engine is no car', () => {
  const SCHOLAR = "I need information from scholarly articles. Could you perform a search in an academic search engine using the keyword 'climate change' and provide the titles of the top three search results?";
  it('flags "the car stuff" summing up a Google Scholar request, not one summing up a request about the engine', () => {
    expect(foreignAside(SCHOLAR, `${SCHOLAR} So yeah, the articles and the car stuff, please.`)).toMatch(/names the car/);
    expect(foreignAside('Please fire up the engine.', 'Please fire up the engine. So yeah, the car stuff, please.')).toBeUndefined();
  });

  it('the rules never sum a search engine up as the car (noisy-query-37 did)', () => {
    for (let i = 0; i < 300; i++) {
      const out = noisyRules({ query: SCHOLAR, protected: ['climate change'] }, new Rng(i, 'engine', SCHOLAR)).query;
      expect(foreignAside(SCHOLAR, out), out).toBeUndefined();
    }
  });
});

describe('noise_aside_foreign: a car\'s AC temperature is no weather', () => {
  // bfcl_multi_turn_base_81's fourth turn; noisy-query-44 summed it up as "Main thing is the car stuff and the weather."
  const CAR = "Now that the tank is replenished, let's fire up the engine with a swift ignition and take a peek at the dashboard stats, particularly the battery voltage and the AC temperature before we continue our picturesque journey.";
  it('flags a priority naming the weather on a car request, not one on a forecast request', () => {
    expect(foreignAside(CAR, `${CAR} Main thing is the car stuff and the weather.`)).toMatch(/names the weather/);
    expect(foreignAside('What is the temperature in Paris tomorrow?', 'What is the temperature in Paris tomorrow? Main thing is the weather.')).toBeUndefined();
  });

  it('the rules never sum the AC temperature up as the weather', () => {
    for (let i = 0; i < 300; i++) {
      const out = noisyRules({ query: CAR, protected: [] }, new Rng(i, 'ac', CAR)).query;
      expect(foreignAside(CAR, out), out).toBeUndefined();
      expect(out, out).not.toMatch(/\b(?:the weather|the forecast)\b/);
    }
  });
});

describe('noise_grammar_slip: a reason opened with "So" never says "so" again', () => {
  // bfcl_multi_turn_base_12~noisy_query on a fresh build of 470db61: "So I'd like to get this done before I lose track, so go easy on me."
  const REQUEST = "It would be great to get a sense of how comprehensive this file has become. Mind tallying up the words in 'summary.txt' for me?";
  it('flags the slip and the rules never make it', () => {
    expect(noiseGrammarSlips("So I'd like to get this done before I lose track, so go easy on me.").map((s) => s.rule)).toContain('so-twice');
    expect(noiseGrammarSlips("So I'd like to get this done before I lose track.")).toEqual([]);
    for (let i = 0; i < 400; i++) {
      const out = noisyRules({ query: REQUEST, protected: ['summary.txt'] }, new Rng(i, 'so', REQUEST)).query;
      for (const s of out.split(/(?<=[.!?])\s+/)) expect(noiseGrammarSlips(s).filter((x) => x.rule === 'so-twice'), out).toEqual([]);
    }
  });
});
