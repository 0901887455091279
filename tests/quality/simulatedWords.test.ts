/**
 * Simulated text written as a careful person would: names keep their capitals ("Advances in amazon
 * rainforest biodiversity" had lost Amazon's), paper titles are not ten frames over and over
 * ("Rethinking …", "…: a review"), and a call asked in Chinese is answered in Chinese (a web search
 * for 红猪 finding "红猪 - Wikipedia", Scholar titles "Rethinking 你好，李焕英", Douban describing
 * 大明风华, a 2019 television series, as "an adventure film directed by Hiro Zhang").
 * simulated_name_lowercased, simulated_answered_in_english, simulated_paper_frame_top_share (new).
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../pipeline/rng.js';
import type { ToolDoc } from '../../pipeline/schemas.js';
import { simulateOffline } from '../../pipeline/resolution/simulatorRules.js';
import { answeredInEnglish, nameLowercased, titleFrame } from '../../pipeline/quality/measures/simulatedAbout.js';
import { properCase } from '../../pipeline/resolution/properNouns.js';

const doc = (d: Omit<ToolDoc, 'optional_parameters'> & { optional_parameters?: ToolDoc['optional_parameters'] }) => ({ optional_parameters: [], ...d }) as ToolDoc;
const ARXIV = doc({ name: 'ArxivSearch.get_arxiv_article_information', description: 'Run Arxiv search and get the article meta information.', required_parameters: [{ name: 'query', type: 'string', description: '[Required] the content of search query' }], return_data: [{ name: 'content', description: 'a list of 3 arxiv search papers, including published date, title, authors, and summary' }] });
const SCHOLAR = doc({ name: 'GoogleScholar.search_google_scholar', description: 'Search for scholarly articles based on a query according to the google scholar', required_parameters: [{ name: 'query', type: 'string', description: '[Required] the query to be searched' }], return_data: [{ name: 'title', description: 'the titles of the articles' }, { name: 'snipets', description: 'snippets of the articles' }] });
const SERPER = doc({ name: 'GoogleSearch.serper_search', description: 'Run query through GoogleSearch and parse result', required_parameters: [{ name: 'query', type: 'string', description: '[Required] the query to search' }], return_data: [{ name: 'content', description: 'the search result' }] });
const DOUBAN = doc({ name: 'FilmDouban.print_detail', description: 'parsing from the given film name and print its details', required_parameters: [{ name: 'film_name', type: 'string', description: '[Required] the film name' }], return_data: [{ name: 'description', description: 'the description of the film' }] });

const answer = (tool: ToolDoc, args: Record<string, unknown>, seed: number) => simulateOffline({ name: tool.name, args, tools: [tool] }, new Rng(seed, 'words', tool.name)).response;

describe('the measures', () => {
  it('simulated_name_lowercased: a place, region or company in lower case in written text, not in a copied argument', () => {
    const call = { args: { query: 'amazon rainforest biodiversity' } };
    expect(nameLowercased(call, JSON.stringify({ title: ['Advances in amazon rainforest biodiversity'] }))).toMatch(/Amazon/);
    expect(nameLowercased(call, JSON.stringify({ title: ['Advances in Amazon rainforest biodiversity'] }))).toBeNull();
    expect(nameLowercased({ args: { query: 'tesla' } }, JSON.stringify({ content: ["What tesla's quarterly results mean - Reuters. Analysts weigh in."] }))).toMatch(/Tesla/);
    expect(nameLowercased({ args: {} }, JSON.stringify({ content: [{ title: 'Hotels of paris: a review', summary: 'We review hotels of Paris.' }] }))).toMatch(/Paris/);
    // The call's own argument echoed back is not the simulator's writing.
    expect(nameLowercased({ args: { query: 'paris hotels' } }, JSON.stringify({ query: 'paris hotels', content: ['Hotels in Paris - Tripadvisor. Reviews and photos.'] }))).toBeNull();
  });

  it('simulated_answered_in_english: a Chinese query answered in English prose', () => {
    const serper = { name: SERPER.name, args: { query: '红猪' } };
    expect(answeredInEnglish(serper, JSON.stringify({ content: ['红猪 - Wikipedia. An overview of 红猪: definitions, history and current developments.'] }))).toMatch(/Wikipedia/);
    expect(answeredInEnglish(serper, JSON.stringify({ content: ['红猪 (豆瓣). 红猪的剧情简介、演职员、短评与影评。'] }))).toBeNull();
    expect(answeredInEnglish({ name: DOUBAN.name, args: { film_name: '大明风华' } }, JSON.stringify({ description: '大明风华 is an adventure film directed by Hiro Zhang, starring Olga Lopez and Noah Evans.' }))).toMatch(/adventure film/);
    expect(answeredInEnglish({ name: SERPER.name, args: { query: 'Porco Rosso' } }, JSON.stringify({ content: ['Porco Rosso - Wikipedia. An overview.'] }))).toBeUndefined();
  });

  it('titleFrame: a title without the words of its query', () => {
    expect(titleFrame('Rethinking deep learning', 'deep learning')).toBe('rethinking …');
    expect(titleFrame('Deep learning in practice: evidence from twelve case studies', 'deep learning')).toBe('… in practice: evidence from N case studies');
  });
});

describe('the simulator', () => {
  it('keeps names capitalised in the titles and snippets it builds from the query', () => {
    expect(properCase("amazon rainforest and tesla's results in paris")).toBe("Amazon rainforest and Tesla's results in Paris");
    for (let seed = 0; seed < 20; seed++) {
      for (const query of ['amazon rainforest biodiversity', 'hotels of paris', 'chinese calligraphy']) {
        const text = answer(SCHOLAR, { query }, seed);
        expect(nameLowercased({ args: { query } }, text), text).toBeNull();
      }
    }
  });

  // A paper API other than T-Eval's arXiv (which answers only recorded papers since api-simulator-106: tests/resolution/arxivPapers.test.ts).
  it('draws paper titles from many frames: no frame in more than a tenth of 600 titles', () => {
    const PAPERS = { ...ARXIV, name: 'PaperSearch.search_papers' };
    const counts = new Map<string, number>();
    let n = 0;
    const topics = ['deep learning', 'climate change', 'number theory', 'sustainable tourism', 'neural networks', 'customer behavior'];
    for (let seed = 0; seed < 50; seed++) {
      for (const query of topics) {
        const value = JSON.parse(answer(PAPERS, { query }, seed));
        for (const { title } of value.content as { title: string }[]) {
          const f = titleFrame(title, query);
          counts.set(f, (counts.get(f) ?? 0) + 1);
          n++;
        }
      }
    }
    const top = Math.max(...counts.values());
    expect(counts.size).toBeGreaterThanOrEqual(25);
    expect(top / n).toBeLessThan(0.1);
    // Topic words that only ask ("recent advancements in", "details") are not part of a title.
    const asked = JSON.parse(answer(PAPERS, { query: 'recent advancements in artificial intelligence' }, 1)).content.map((p: { title: string }) => p.title).join(' | ');
    expect(asked).not.toMatch(/advancements/i);
    const place = JSON.parse(answer(PAPERS, { query: 'Times Square' }, 2)).content.map((p: { title: string }) => p.title).join(' | ');
    expect(place).not.toMatch(/Rethinking|Toward a theory|The limits of/);
  });

  it('answers a call asked in Chinese in Chinese', () => {
    for (let seed = 0; seed < 15; seed++) {
      const web = answer(SERPER, { query: '红猪' }, seed);
      expect(answeredInEnglish({ name: SERPER.name, args: { query: '红猪' } }, web), web).toBeNull();
      expect(web).toMatch(/豆瓣|百度百科|知乎|时光网/);
      const scholar = answer(SCHOLAR, { query: '你好，李焕英' }, seed);
      expect(answeredInEnglish({ name: SCHOLAR.name, args: { query: '你好，李焕英' } }, scholar), scholar).toBeNull();
      expect(scholar).toMatch(/《你好，李焕英》/);
      const film = answer(DOUBAN, { film_name: '雪豹和她的朋友们' }, seed);
      expect(answeredInEnglish({ name: DOUBAN.name, args: { film_name: '雪豹和她的朋友们' } }, film), film).toBeNull();
      // A film the facts table does not know: Douban's own words for a missing synopsis, no director or cast made up (api-simulator-57).
      expect(JSON.parse(film).description).toMatch(/^雪豹和她的朋友们/);
      expect(JSON.parse(film).description).not.toMatch(/导演|主演/);
    }
  });

  it('describes 大明风华 as the 2019 television series it is, with only what is sure', () => {
    const text = JSON.parse(answer(DOUBAN, { film_name: '大明风华' }, 3)).description as string;
    expect(text).toMatch(/^大明风华是一部中国大陆的.*电视剧，2019年播出，由张挺导演，汤唯、朱亚文/);
    expect(text).not.toMatch(/电影|film/);
  });
});
