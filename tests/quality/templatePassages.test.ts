/**
 * A list answer does not take one template twice: three arXiv abstracts of one search read
 * "X are central to many applications. We introduce a new dataset of 32k examples…" twice a few
 * words apart, and Serper's snippets "… latest news and analysis. Coverage of … from reporters and
 * industry experts." / "… and our readers." (simulated_text_repeated widened to passages a few
 * words apart in one answer: 5.8% (127/2,188) of cases showing a simulated answer before).
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../pipeline/rng.js';
import { abstract, FIELDS, paperTitles, passage, snippets, topicInProse } from '../../pipeline/resolution/simulatedText.js';
import { incoherentAnswer } from '../../pipeline/quality/measures/solvable.js';
import { nearDuplicate } from '../../pipeline/quality/measures/simulated.js';

describe('one answer, no template twice', () => {
  it('the measure finds two passages a word apart and passes two different ones', () => {
    expect(nearDuplicate('Quantum Computing News - latest news and analysis. Coverage of quantum computing news from reporters and industry experts.', 'Quantum Computing News - latest news and analysis. Coverage of quantum computing news from reporters and our readers.')).toBe(true);
    expect(nearDuplicate('We study solar energy from the perspective of game theory. Code and data are publicly available.', 'We analyse 812 reports on solar energy published between 2008 and 2020. Existing methods leave substantial room for improvement.')).toBe(false);
  });

  it('three abstracts or snippets of one answer are never a template twice', () => {
    for (let seed = 0; seed < 100; seed++) {
      const used = new Set<string>();
      const rng = new Rng(seed, 'list');
      const abstracts = [0, 1, 2].map(() => abstract({ rng, args: { query: 'solar energy' }, subject: 'solar energy', hint: 'ArxivSearch.get_arxiv_article_information', used }));
      const snippets = [0, 1, 2].map(() => passage('snippet', { rng, args: { query: 'quantum computing news' }, subject: 'quantum computing news', hint: 'GoogleSearch.serper_search web search', used }));
      for (const list of [abstracts, snippets]) {
        for (let i = 0; i < list.length; i++) for (let j = i + 1; j < list.length; j++) expect(nearDuplicate(list[i], list[j]), `${list[i]}\n${list[j]}`).toBe(false);
      }
    }
  });
});

describe('one Scholar answer is about one thing', () => {
  it('papers by a person are titled and summarised on one field; a place keeps its capitals', () => {
    for (let seed = 0; seed < 50; seed++) {
      const used = new Set<string>();
      const c = { rng: new Rng(seed, 'scholar'), args: { query: 'John Smith' }, subject: 'John Smith', hint: 'GoogleScholar.search_google_scholar', used };
      const titles = paperTitles(c, 3).join(' ').toLowerCase();
      const snips = snippets(c, 3).join(' ').toLowerCase();
      const field = FIELDS.find((f) => titles.includes(f));
      expect(field, titles).toBeDefined();
      expect(snips, `${titles}\n${snips}`).toContain(field!);
    }
    expect(topicInProse('New York City')).toBe('New York City');
    expect(topicInProse('Artificial Intelligence')).toBe('artificial intelligence');
    expect(topicInProse('NLP Methods')).toBe('NLP methods');
  });

  it('the measure finds titles on one field and snippets on another', () => {
    expect(incoherentAnswer({ name: 'GoogleScholar.search_google_scholar', args: { query: 'John Smith' } }, JSON.stringify({ title: ['Materials science and its applications'], snippets: ['… results indicate that urban mobility can reduce emissions by up to 13% when …'] }), 'Find papers by John Smith.')).toMatch(/titled on materials science/);
  });
});

describe('a news list takes no form twice', () => {
  it('five headlines about one ticker are five different stories', () => {
    for (let seed = 0; seed < 50; seed++) {
      const used = new Set<string>();
      const rng = new Rng(seed, 'news');
      const items = [0, 1, 2, 3, 4].map(() => passage('summary', { rng, args: { ticker: 'AAPL' }, subject: 'AAPL', hint: 'PolygonFinance.get_ticker_news news', used }));
      for (let i = 0; i < items.length; i++) for (let j = i + 1; j < items.length; j++) expect(nearDuplicate(items[i], items[j]), `${items[i]}\n${items[j]}`).toBe(false);
    }
  });
});
