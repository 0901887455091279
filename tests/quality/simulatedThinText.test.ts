/**
 * A simulated record's text tells more than its own title (simulated_text_restates_title): a news
 * summary is the event and a sentence of context, never its headline with a full stop
 * (teval_query_404_2: "Apple agreed to form a joint venture for an undisclosed sum" twice).
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../pipeline/rng.js';
import type { ToolDoc } from '../../pipeline/schemas.js';
import { simulateOffline } from '../../pipeline/resolution/simulatorRules.js';
import { stayCostImplausible, textRestatesTitle } from '../../pipeline/quality/measures/simulatedThinText.js';
import { tevalTrajectories } from '../diversify/fixtures/vendored.js';
import { newsHeadlineUnlikeSummary } from '../../pipeline/quality/measures/simulatedAbout.js';
import { DEFAULT_QUALITY_THRESHOLDS } from '../../pipeline/config.js';

const NEWS: ToolDoc = { name: 'PolygonFinance.get_ticker_news', description: 'get the most recent news articles relating to a stock ticker symbol', required_parameters: [], optional_parameters: [{ name: 'ticker', type: 'string', description: 'Return results that contain this ticker' }], return_data: [{ name: 'results', description: 'A list of news including title, summary, and author' }] };

describe('simulated_text_restates_title', () => {
  it('flags a summary that is its title with a full stop, passes one that tells more', () => {
    expect(textRestatesTitle({ results: [{ title: 'Apple agreed to form a joint venture for an undisclosed sum', summary: 'Apple agreed to form a joint venture for an undisclosed sum.', author: 'Keiko Lopez' }] })).toMatch(/only restates its title/);
    // T-Eval's recorded item: the summary says what the headline does not.
    expect(textRestatesTitle({ results: [{ title: 'Is Tesla starting to look like just any old carmaker?', summary: "Also: Medicare timing, Apple's bonds, Nvidia and a semiconductor stock screen.", author: 'MarketWatch' }] })).toBeNull();
    expect(textRestatesTitle({ results: [{ author: 'MarketWatch' }] })).toBeUndefined();
    expect(DEFAULT_QUALITY_THRESHOLDS.simulated_text_restates_title).toBe(0);
  });
});

describe('a drawn news summary tells more than its headline', () => {
  it('over many draws, every item adds words to its headline and shares its story', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const answer = simulateOffline({ name: NEWS.name, args: { ticker: 'AAPL' }, tools: [NEWS] }, new Rng(seed, 'thin', 'news'));
      expect(answer.error).toBe('');
      expect(textRestatesTitle(JSON.parse(answer.response))).toBeNull();
      expect(newsHeadlineUnlikeSummary({ name: NEWS.name }, answer.response)).toBeNull();
    }
  });
});

describe('a stay costs its nights at a nightly rate (simulated_stay_cost_per_night_implausible)', () => {
  const args = { propertyId: 51634632, checkIn: '2023-10-20', checkOut: '2023-10-27' };
  it('flags $47.96 for a week, passes the recorded $288.22 for five nights', () => {
    expect(stayCostImplausible(args, { accommodationCost: '$47.96' })).toMatch(/\$6.85 a night/);
    expect(stayCostImplausible({ ...args, checkOut: '2023-10-25' }, { accommodationCost: '$288.22' })).toBeNull();
    expect(stayCostImplausible({ propertyId: '1' }, { accommodationCost: '$47.96' })).toBeUndefined();
    expect(DEFAULT_QUALITY_THRESHOLDS.simulated_stay_cost_per_night_implausible).toBe(0);
  });
  it('a drawn checkout price is the nights at $60 to $400 a night', () => {
    const tools = tevalTrajectories(['query_0_1'])[0].tools;
    const name = 'AirbnbSearch.get_property_checkout_price';
    expect(tools.some((t) => t.name === name)).toBe(true);
    for (let seed = 1; seed <= 30; seed++) {
      const answer = JSON.parse(simulateOffline({ name, args, tools }, new Rng(seed, 'stay', 'cost')).response);
      expect(stayCostImplausible(args, answer)).toBeNull();
    }
  });
});
