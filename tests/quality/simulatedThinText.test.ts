/**
 * A simulated record's text tells more than its own title (simulated_text_restates_title): a news
 * summary is the event and a sentence of context, never its headline with a full stop
 * (teval_query_404_2: "Apple agreed to form a joint venture for an undisclosed sum" twice).
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../pipeline/rng.js';
import type { ToolDoc } from '../../pipeline/schemas.js';
import { simulateOffline } from '../../pipeline/resolution/simulatorRules.js';
import { textRestatesTitle } from '../../pipeline/quality/measures/simulatedThinText.js';
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
