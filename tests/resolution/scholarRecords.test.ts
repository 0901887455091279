/**
 * Simulated Google Scholar answers give real records where T-Eval recorded them (api-simulator-112):
 * the table holds every Scholar paper, citation and author profile T-Eval recorded, exactly as
 * recorded; a search for a recorded query or whose words match recorded papers lists them, a citation
 * or profile of a recorded id is its recorded one, a placeholder id finds nothing
 * (simulated_scholar_paper_unrecorded 176/233 on f56: "Interdisciplinary perspectives on artificial
 * intelligence" for "artificial intelligence", teval_query_139_1).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SCHOLAR_AUTHORS, SCHOLAR_CITATIONS, SCHOLAR_PAPERS, scholarNothingFound, scholarPapersFor } from '../../pipeline/resolution/scholarRecords.js';
import { recordedOnly, simulateOffline } from '../../pipeline/resolution/simulatorRules.js';
import { scholarRecordRepeated, scholarRecordUnrecorded } from '../../pipeline/quality/measures/simulatedScholar.js';
import { sourceFiles } from '../../sources/paths.js';
import { Rng } from '../../pipeline/rng.js';
import type { Step, ToolDoc } from '../../pipeline/schemas.js';

const doc = (name: string, param: string, ret: string[]): ToolDoc => ({ name: `GoogleScholar.${name}`, description: '', required_parameters: [{ name: param, type: 'string', description: '' }], optional_parameters: [], return_data: ret.map((n) => ({ name: n, description: '' })) });
const SEARCH = doc('search_google_scholar', 'query', ['title', 'cited_by', 'organic_id', 'snipets', 'pub_info']);
const CITE = doc('get_citation_format', 'q', ['citation']);
const AUTHOR = doc('get_author_information', 'author_id', ['name', 'affliation', 'articles', 'website']);

/** Every recorded answer of review_str_v1.json: the text after "Response: ". */
function recordedResponses(): string[] {
  const reviews = JSON.parse(readFileSync(sourceFiles().teval.reviews, 'utf8')) as Record<string, { origin_prompt: { content: string }[] }>;
  return Object.values(reviews).map((r) => /\nResponse: ([\s\S]*)$/.exec(r.origin_prompt[r.origin_prompt.length - 1].content)?.[1] ?? '');
}

const simulate = (tool: ToolDoc, args: Record<string, unknown>) => simulateOffline({ name: tool.name, args, tools: [tool], examples: [] }, new Rng(5, 'scholar')).response;

describe('real Google Scholar records (scholarRecords.ts)', () => {
  it('holds each recorded paper, citation and profile exactly as a T-Eval recording prints it', () => {
    const responses = recordedResponses();
    expect(SCHOLAR_PAPERS.length).toBe(18);
    for (const p of SCHOLAR_PAPERS) {
      const cited = typeof p.citedBy === 'number' ? String(p.citedBy) : "''";
      const rec = responses.find((r) => r.includes(p.title.includes("'") ? `"${p.title}"` : `'${p.title}'`) && r.includes(`'${p.organicId}'`));
      expect(rec, p.title).toBeDefined();
      expect(rec).toContain(cited);
      expect(rec).toContain(p.snippet.includes("'") ? `"${p.snippet}"` : `'${p.snippet}'`);
    }
    for (const c of Object.values(SCHOLAR_CITATIONS)) expect(responses).toContain(c);
    for (const a of Object.values(SCHOLAR_AUTHORS)) expect(responses).toContain(a);
    expect(responses).toContain(scholarNothingFound('citations'));
    expect(responses).toContain(scholarNothingFound('profiles'));
  });

  it('answers a recorded query as recorded and a search its words match with recorded papers only', () => {
    expect(scholarPapersFor('Artificial Intelligence', 3).map((p) => p.organicId)).toEqual(['efZZXguoqq8J', '6HqcEiwmoJIJ', 'aTI2DQaQV8gJ']);
    expect(scholarPapersFor('ground water', 3).map((p) => p.title)).toEqual(['Ground water and climate change']);
    const answer = simulate(SEARCH, { query: 'artificial intelligence' });
    expect(answer).toContain('Artificial intelligence in medicine');
    expect(scholarRecordUnrecorded({ name: SEARCH.name }, answer)).toBeNull();
  });

  it('fills a short recorded list with papers holding all but one word, else draws it when fewer than asked (teval_query_239_0)', () => {
    const search = (query: string, asked?: number, carry: { key: string; value: string; field: string }[] = []) => simulateOffline({ name: SEARCH.name, args: { query }, tools: [SEARCH], examples: [], asked, carry }, new Rng(5, 'scholar')).response;
    // Two recorded papers hold "machine learning algorithms"; the recorded "Machine learning" follows them (simulated_list_short on g3: 2 for 3 asked).
    expect(scholarPapersFor('machine learning algorithms', 3).map((p) => p.title)).toEqual(['Machine learning algorithms-a review', 'Machine learning in healthcare: A review', 'Machine learning']);
    // One recorded paper and nothing near it: asked for three, the answer is drawn, never one for three.
    expect(scholarPapersFor('ground water', 3)).toHaveLength(1);
    expect(search('ground water')).toContain('Ground water and climate change');
    expect(search('ground water', 3)).not.toContain('Ground water and climate change');
  });

  it('cites and profiles a recorded id as recorded; a placeholder id finds nothing, as T-Eval recorded', () => {
    expect(simulate(CITE, { q: 'sR_ChBn63tIJ' })).toBe('Mahesh, Batta. "Machine learning algorithms-a review." International Journal of Science and Research (IJSR).[Internet] 9.1 (2020): 381-386.');
    expect(simulate(AUTHOR, { author_id: 'NhWonoUAAAAJ' })).toContain("'name': 'James E. Hansen'");
    expect(simulate(CITE, { q: 'organic_result_id' })).toBe(scholarNothingFound('citations'));
    expect(simulate(AUTHOR, { author_id: 'Qian Zhongshu' })).toBe("{'text': '{}'}");
    // An id-shaped id no recording answers, or what a later step copies that no recorded record holds, is left to the drawn answer (recordedOnly says so).
    expect(recordedOnly(CITE, { q: 'selJwfIN0t8J' }, [])?.kind).toBe('nothing');
    // A Scholar id without a digit is still an id (teval_query_365_0's "-jKcSxGaARwJ", listed by the search before it): drawn, never "Fully empty".
    expect(simulate(CITE, { q: '-jKcSxGaARwJ' })).not.toBe(scholarNothingFound('citations'));
    expect(simulate(CITE, { q: 'organic result id' })).toBe(scholarNothingFound('citations'));
    expect(recordedOnly(SEARCH, { query: 'artificial intelligence' }, [{ key: 'q', value: 'WLaj9ZUvTjoJ', field: 'organic_id' }])?.kind).toBe('unmet');
    expect(recordedOnly(doc('get_author_id', 'mauthors', ['author_id']), { mauthors: 'Seth Lloyd' }, [])).toBeUndefined();
  });

  it('the measures flag a made-up paper, citation or profile, and one title listed with two ids', () => {
    const made = "{'title': ['Quantum computing: a review'], 'cited_by': [8336], 'organic_id': ['vpqgLoqv6xAZ'], 'snippets': ['…']}";
    expect(scholarRecordUnrecorded({ name: SEARCH.name }, made)).toContain('Quantum computing: a review');
    // A recorded title under another id is not the recorded paper.
    expect(scholarRecordUnrecorded({ name: SEARCH.name }, "{'title': ['Machine learning'], 'cited_by': [1805], 'organic_id': ['XXXXshYj8Ai8J'], 'snippets': ['…']}")).toContain('its recording says EQ8shYj8Ai8J');
    expect(scholarRecordUnrecorded({ name: CITE.name }, '{"citation": "Fischer, C. I, et al. \\"Sustainable Architecture.\\" Nature Energy 12.8 (2010): 778-793."}')).toContain('Fischer');
    expect(scholarRecordUnrecorded({ name: AUTHOR.name }, "{'name': 'John Smith', 'affiliations': 'Unknown affiliation', 'articles': [{'title': 'A survey of climate change', 'authors': 'J Smith'}]}")).toContain('John Smith');
    expect(scholarRecordUnrecorded({ name: AUTHOR.name }, SCHOLAR_AUTHORS.NhWonoUAAAAJ)).toBeNull();
    expect(scholarRecordUnrecorded({ name: CITE.name }, scholarNothingFound('citations'))).toBeNull();
    const step = (content: string): Step => ({ action: { name: SEARCH.name, args: {} }, response: { content, tier: 'simulated' } });
    const other = "{'title': ['Lessons from two decades of quantum computing', 'Quantum computing: a review'], 'cited_by': [3162, 14734], 'organic_id': ['aRCT0jKYjgIJ', 'YH5jfPBH829m'], 'snippets': ['…', '…']}";
    expect(scholarRecordRepeated([step(made), step(other)])).toContain('as vpqgLoqv6xAZ cited by 8336 and as YH5jfPBH829m cited by 14734');
    expect(scholarRecordRepeated([step(made), step(made)])).toBeNull();
    expect(scholarRecordRepeated([step("{'title': ['A', 'A'], 'cited_by': [1, 1], 'organic_id': ['x', 'x'], 'snippets': ['', '']}")])).toContain('twice in one answer');
  });
});
