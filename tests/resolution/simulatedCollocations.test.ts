// api-simulator 160–162 (lead41): simulated text says no word its noun cannot take ("Strong bathroom."), and no
// reason that argues against its own event ("raised their price target …, citing margin pressure").
import { describe, expect, it } from 'vitest';
import { newsHeadline, passage, reviewText } from '../../pipeline/resolution/simulatedText.js';
import { Rng } from '../../pipeline/rng.js';

describe('simulated review and news collocations', () => {
  it('a five-star stay review never says "Strong bathroom." (teval_query_121_1-control-k2 on lead41 f1), and still says "Strong shower."', () => {
    const texts: string[] = [];
    for (let seed = 0; seed < 3000; seed++) texts.push(reviewText('stay', 5, new Rng(seed, 'stay'), new Set(), { host: 'Alice', town: 'New York', street: 'Mulberry Street' }));
    expect(texts.filter((t) => /strong bathroom/i.test(t))).toEqual([]);
    expect(texts.some((t) => /Strong (?:shower|water pressure)\./.test(t))).toBe(true);
  });
  it('a raised price target never cites margin pressure, a joint venture is never "for an undisclosed sum", and their headlines follow', () => {
    const news: string[] = [];
    for (let seed = 0; seed < 3000; seed++) news.push(passage('summary', { rng: new Rng(seed, 'news'), args: { ticker: 'Tesla' }, subject: 'Tesla', hint: 'get_ticker_news the news articles' }));
    expect(news.filter((n) => /raised their price target on .+, citing margin pressure/.test(n))).toEqual([]);
    expect(news.filter((n) => /joint venture for an undisclosed sum/.test(n))).toEqual([]);
    const raised = news.find((n) => /citing easing margin pressure/.test(n));
    expect(raised).toBeDefined();
    expect(newsHeadline(raised!)).toMatch(/lifts Tesla price target on easing margin pressure$/);
    const venture = news.find((n) => /joint venture with an industry partner/.test(n));
    expect(venture).toBeDefined();
    expect(newsHeadline(venture!)).toBe('Tesla to form joint venture');
    // A cut may cite the pressure; an acquisition keeps its undisclosed sum.
    expect(news.some((n) => /cut their price target on Tesla, citing margin pressure/.test(n))).toBe(true);
    expect(news.some((n) => /acquire a smaller rival for an undisclosed sum/.test(n))).toBe(true);
  });
});

describe('simulated_phrase_misfit', () => {
  it('reads the three misfits and passes their mended forms', async () => {
    const { phraseMisfit } = await import('../../pipeline/quality/measures/simulatedReviews.js');
    expect(phraseMisfit("{'comments': 'The wifi was good enough to work from. Strong bathroom. Would stay again!'}")).toMatch(/strong said of a room/);
    expect(phraseMisfit("'summary': 'Analysts at Barclays raised their price target on Tesla, citing margin pressure.'")).toMatch(/price target/);
    expect(phraseMisfit("'title': 'Barclays lifts Tesla price target on margin pressure'")).toMatch(/price target/);
    expect(phraseMisfit("'summary': 'Apple agreed to form a joint venture for an undisclosed sum.'")).toMatch(/joint venture/);
    for (const ok of ['Strong shower.', 'raised their price target on Tesla, citing easing margin pressure', 'cut their price target on Tesla, citing margin pressure', 'form a joint venture with an industry partner', 'acquire a smaller rival for an undisclosed sum']) expect(phraseMisfit(ok), ok).toBeUndefined();
  });
});
