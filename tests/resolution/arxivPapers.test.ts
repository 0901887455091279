/**
 * Simulated arXiv answers list only real papers (api-simulator-106): the table holds every paper
 * T-Eval recorded, exactly as recorded; a search answers with those its words find, within the doc's
 * "a list of 3" and the task's today, or with Lagent's "No good Arxiv Result was found" — never with
 * papers written for the query ("number theory" → "Key debates in number theory" by Keiko Jensen:
 * simulated_arxiv_paper_unrecorded 217/384 on f52).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ARXIV_NOTHING_FOUND, ARXIV_PAPERS, arxivPapersFor } from '../../pipeline/resolution/arxivPapers.js';
import { recordedOnly, simulateOffline, type CarriedValue } from '../../pipeline/resolution/simulatorRules.js';
import { arxivPaperUnrecorded } from '../../pipeline/quality/measures/simulatedInvented.js';
import { offlineAnswer } from '../../stages/resolve/answerWriter.js';
import { sourceFiles } from '../../sources/paths.js';
import { Rng } from '../../pipeline/rng.js';
import type { ToolDoc } from '../../pipeline/schemas.js';

const ARXIV: ToolDoc = {
  name: 'ArxivSearch.get_arxiv_article_information',
  description: 'Run Arxiv search and get the article meta information.',
  required_parameters: [{ name: 'query', type: 'string', description: 'the content of search query' }],
  optional_parameters: [],
  return_data: [{ name: 'content', description: 'a list of 3 arxiv search papers, including published date, title, authors, and summary' }],
};

/** Every string of the vendored T-Eval files, with Python-literal escapes read as the recording's text. */
function recordedTexts(): string[] {
  const out: string[] = [];
  const walk = (v: unknown): void => {
    if (typeof v === 'string') out.push(v, v.replace(/\\n/g, '\n').replace(/\\'/g, "'"));
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  const { teval } = sourceFiles();
  for (const file of [teval.plans, teval.reviews]) walk(JSON.parse(readFileSync(file, 'utf8')));
  return out;
}

/** What later steps copy that no recorded paper of the query holds (the resolve stage's arxiv_paper_unrecorded). */
const arxivCarryUnmet = (doc: ToolDoc, args: unknown, carry: CarriedValue[]) => { const r = recordedOnly(doc, args, carry); return r?.kind === 'unmet' ? r.values : undefined; };
/** The query no recorded paper matches (the resolve stage's arxiv_nothing_recorded). */
const arxivNothingRecorded = (doc: ToolDoc, args: unknown, carry: CarriedValue[]) => { const r = recordedOnly(doc, args, carry); return r?.kind === 'nothing' ? r.query : undefined; };

const simulate = (query: string, today?: string, carry: Parameters<typeof simulateOffline>[0]['carry'] = []) =>
  (JSON.parse(simulateOffline({ name: ARXIV.name, args: { query }, tools: [ARXIV], examples: [], carry, ...(today ? { today } : {}) }, new Rng(3, 'arxiv')).response) as { content: string }).content;

describe('real arXiv papers (arxivPapers.ts)', () => {
  it('holds each recorded paper exactly as a T-Eval recording prints it', () => {
    const texts = recordedTexts();
    expect(ARXIV_PAPERS.length).toBeGreaterThanOrEqual(27);
    for (const p of ARXIV_PAPERS) {
      const block = `Published: ${p.published}\nTitle: ${p.title}\nAuthors: ${p.authors}\nSummary: ${p.summary}`;
      expect(texts.some((t) => t.includes(block)), p.title).toBe(true);
    }
  });

  it('answers a search with the recorded papers its words find, at most the doc\'s 3, none after today', () => {
    const found = simulate('machine learning in healthcare');
    expect(found).toContain('Title: Fair Machine Learning in Healthcare: A Review\nAuthors: Qizhang Feng, Mengnan Du, Na Zou, Xia Hu');
    expect(found.match(/Title: /g)!.length).toBeLessThanOrEqual(3);
    expect(arxivPaperUnrecorded({ name: ARXIV.name }, JSON.stringify({ content: found }))).toBeNull();
    // Ranked by the query's words in the title: all three "quantum computing" papers, the two titled so first.
    const quantum = [...simulate('quantum computing').matchAll(/Title: (.*)/g)].map((m) => m[1]);
    expect(quantum).toHaveLength(3);
    expect(quantum[2]).toBe('Geometrical perspective on quantum states and quantum computation');
    // The task's today: no paper published after it.
    expect(arxivPapersFor('machine learning', 3, '2017-12-31').every((p) => p.published <= '2017-12-31')).toBe(true);
    expect(arxivPapersFor('machine learning', 3, '2017-12-31').length).toBeGreaterThan(0);
  });

  it('answers Lagent\'s "No good Arxiv Result was found" where no recorded paper holds the words, never papers written for them', () => {
    const none = simulate('number theory');
    expect(none).toBe(ARXIV_NOTHING_FOUND);
    expect(arxivPaperUnrecorded({ name: ARXIV.name }, JSON.stringify({ content: none }))).toBeNull();
    // A later step copying what no recorded paper holds: the resolve stage turns the trajectory down (arxiv_paper_unrecorded).
    expect(arxivCarryUnmet(ARXIV, { query: 'climate change' }, [{ key: 'mauthors', value: 'Richard S. J. Tol', field: 'content' }])).toBe('"Richard S. J. Tol"');
    expect(arxivCarryUnmet(ARXIV, { query: 'computer vision' }, [{ key: 'mauthors', value: 'Linda Wang', field: 'content' }])).toBeUndefined();
    // A search no recorded paper matches: the resolve stage turns the trajectory down (arxiv_nothing_recorded) rather than show arXiv empty for "deep learning".
    expect(arxivNothingRecorded(ARXIV, { query: 'number theory' }, [])).toBe('number theory');
    expect(arxivNothingRecorded(ARXIV, { query: 'quantum computing' }, [])).toBeUndefined();
    // A recorded paper the later step copies is shown first, though the query's words miss its summary (T-Eval's run found it for the query).
    expect(arxivCarryUnmet(ARXIV, { query: 'artificial intelligence in healthcare' }, [{ key: 'authors', value: 'Qizhang Feng, Mengnan Du, Na Zou, Xia Hu', field: 'content' }])).toBeUndefined();
    expect(simulate('artificial intelligence in healthcare', undefined, [{ key: 'authors', value: 'Qizhang Feng, Mengnan Du, Na Zou, Xia Hu', field: 'content' }])).toMatch(/^Published: 2022-08-16\nTitle: Fair Machine Learning in Healthcare: A Review/);
  });

  it('the measure flags a paper no recording lists', () => {
    const made = "{'content': 'Published: 2021-07-23\\nTitle: Key debates in number theory\\nAuthors: Keiko Jensen\\nSummary: We set out the key debates in number theory.'}";
    expect(arxivPaperUnrecorded({ name: ARXIV.name }, made)).toContain('Key debates in number theory');
    expect(arxivPaperUnrecorded({ name: 'GoogleSearch.serper_search' }, made)).toBeUndefined();
  });

  it('the closing answer says an empty search found no papers, never that the query "reads" the message', () => {
    for (let seed = 0; seed < 6; seed++) {
      const answer = offlineAnswer({ request: "Identify the research studies related to 'number theory'.", steps: [{ name: ARXIV.name, args: { query: 'number theory' }, response: `{'content': '${ARXIV_NOTHING_FOUND}'}` }] }, new Rng(seed, 'arxiv-none'));
      expect(answer).toMatch(/no papers/);
      expect(answer).not.toContain(ARXIV_NOTHING_FOUND);
      expect(answer).not.toMatch(/ArXiv/);
    }
  });
});
