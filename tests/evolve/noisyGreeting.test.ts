/**
 * A request that opens with its own greeting keeps it first under the noisy-query rules (noisy-query-29):
 * "Long story short, … Ugh, the wifi is crawling as we speak! Hey there, I need to set up…" greeted
 * after two sentences of small talk (bfcl_multi_turn_base_31~noisy_query).
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../pipeline/rng.js';
import { noisyRules } from '../../stages/evolve/roles/noisyQuery.js';

// A greeting opens a sentence; "have a good evening" is a sign-off.
const GREETING = /(?:^|[.!?]\s+)(?:hey|hi|hello)(?: there| again)?\b/gi;

describe('noisy query greeting', () => {
  it('never greets after small talk, and greets once', () => {
    const queries: [string, string][] = [["Hey there, I need to set up a directory titled 'Reports' in my current workspace.", 'Reports'], ['Hi, can you tell me how much 13.2 gallons is in liters?', '13.2'], ["Hello! Please list the files in 'documents'.", 'documents']];
    let moved = 0;
    for (const [query, value] of queries) {
      for (let i = 0; i < 200; i++) {
        const out = noisyRules({ query, protected: [value] }, new Rng(i, 'greeting', query)).query;
        const greetings = [...out.matchAll(GREETING)];
        expect(greetings.length, out).toBe(1);
        expect(greetings[0].index, out).toBe(0);
        // Small talk between the greeting and the request: the greeting was moved ahead of it.
        if (!out.includes(query.replace(/^\S+(?: there)?[,!]?\s+/, '').slice(0, 12))) continue;
        if (out.indexOf(query.replace(/^\S+(?: there)?[,!]?\s+/, '').slice(1, 12)) > out.indexOf(' ') + 25) moved++;
      }
    }
    expect(moved).toBeGreaterThan(20);
  });
});
