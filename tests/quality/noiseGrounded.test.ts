/**
 * A noisy query whose drawn kinds came to nothing but typos (a reason skipped beside the request's own,
 * no time-free line, a casual edit or a short greeting) or to the old skeleton's parts only (a doubting
 * opener, a relative's call) says what the request is about, from the subjects it names (noisy-query-41:
 * noise_frame_top_share 0.159 "typos only" and noise_skeleton_share 0.195 on g0). On these 1,000 draws
 * noisy-query-40 left 13.7% typos only and 18.6% skeleton only.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../pipeline/rng.js';
import { noiseFrame, skeletonOnly } from '../../pipeline/quality/noiseShape.js';
import { noisyRules } from '../../stages/evolve/roles/noisyQuery.js';

const QUERIES = [
  'I want to find a recipe for lentil soup and save it to my notes.',
  'Book a meeting room for tomorrow and email the team the agenda.',
  'What is the weather in Rome this weekend, and find me a cheap flight there?',
  'Send the quarterly report to my manager and remind me to follow up on Friday.',
  'Check my portfolio and sell 10 shares of the worst performer.',
];

describe('noisy queries say something of the request beyond typos and the old skeleton', () => {
  it('typos only and skeleton only stay rare over 1,000 draws', () => {
    let only = 0;
    let skeleton = 0;
    for (const [q, query] of QUERIES.entries()) {
      for (let i = 0; i < 200; i++) {
        const out = noisyRules({ query, protected: [] }, new Rng(13, `t${q}-${i}`)).query;
        if (noiseFrame(query, out) === 'typos only') only++;
        if (skeletonOnly(query, out).only) skeleton++;
      }
    }
    // Typos only is meant for the draws of no kind at all (8 in 100); a skeleton-only one needs every sentence of a skeleton part.
    expect(only / 1000).toBeLessThan(0.1);
    expect(skeleton / 1000).toBeLessThan(0.12);
  });
});
