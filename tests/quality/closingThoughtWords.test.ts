/**
 * Thought sentences that recurred across many CoT cases carrying nothing of their case. Before
 * (626d0a5): "After `…` I have no further call to make, so I will write the final answer." (33 CoT
 * cases), "`…` came back, and it was the last call I planned, …" (35), "I could not get an answer
 * from `…`, so I skip it for now." (40): each now says what the call was done with or how it failed.
 */
import { describe, expect, it } from 'vitest';
import { finishThought } from '../../pipeline/prompts/standard.js';
import { skipThought } from '../../stages/diversify-external/afterFailure.js';
import { Rng } from '../../pipeline/rng.js';
import type { ToolDoc } from '../../pipeline/schemas.js';

const step = (name: string, args: Record<string, unknown>, content: string) => ({ action: { name, args }, response: { content, tier: 'live' as const } });

describe('closing and skip thoughts say something of their case', () => {
  it('a closing thought with no fact to cite names the last call with its arguments, never "no further call to make"', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 60; i++) {
      const t = finishThought({ user: `Go to documents, please (${i}).`, steps: [step('GorillaFileSystem.cd', { folder: 'documents' }, 'None')] } as never);
      seen.add(t);
      expect(t).not.toMatch(/no further call to make/);
      if (/last call|is done/.test(t)) expect(t, t).toContain('`cd` with folder "documents"');
    }
    expect(seen.size).toBeGreaterThan(2);
    for (let i = 0; i < 60; i++) {
      const t = finishThought({ user: `Show my watchlist (${i}).`, steps: [step('TradingBot.get_watchlist', {}, '{"watchlist": ["NVDA"]}')] } as never);
      expect(t).not.toMatch(/no further call to make/);
    }
  });
  it('the skip thought says how every try failed', () => {
    const tools: ToolDoc[] = [{ name: 'Scholar.search_google_scholar', description: 'Search Google Scholar for articles.', required_parameters: [], optional_parameters: [], return_data: [] }];
    const all = new Set<string>();
    for (let seed = 0; seed < 60; seed++) all.add(skipThought('Airbnb.search_property_by_place', { name: 'Scholar.search_google_scholar', args: { query: 'Paris tourism' } }, tools, new Rng(seed, 'skip'), '{"error": "Request timed out"}'));
    const texts = [...all].join('\n');
    expect(texts).not.toMatch(/I could not get an answer from/);
    expect(texts).toMatch(/Every try at `search_property_by_place` timed out, so I skip it for now\./);
  });
});
