/**
 * An author the ground truth looks up that the request leaves open (assemble 55): T-Eval's plan for
 * "search for the information of an author using his or her unique ID" (teval_query_274_0) passes
 * "John Doe", the first name the search lists; gt_author_undecided counted 9/51 cases on l1, 0 after.
 */
import { describe, expect, it } from 'vitest';
import type { Action, ChatMessage, TestCase, ToolDoc } from '../../pipeline/schemas.js';
import { confusedShownAuthor, undecidedAuthor } from '../../pipeline/quality/undecidedAuthor.js';
import { gtAuthorUndecided, shownAuthorConfused } from '../../pipeline/quality/measures/solvable.js';
import { buildCase } from '../../stages/assemble/build.js';
import { tevalTrajectories } from '../diversify/fixtures/vendored.js';
import { simulateTrajectory } from '../support/simulatedCases.js';

const GET_AUTHOR_ID: ToolDoc = {
  name: 'GoogleScholar.get_author_id', description: 'The getAuthorId function is used to get the author\'s id by his or her name.',
  required_parameters: [{ name: 'mauthors', type: 'string', description: 'the name of the author' }], optional_parameters: [], return_data: [{ name: 'author_id', description: 'the author_id of the author' }],
};
const SEARCH = "{'title': ['Interdisciplinary perspectives on artificial intelligence'], 'pub_info': ['John Doe, G Schmidt, S Garcia - Scientific Reports, 2013 - nature.com']}";
const call = (mauthors?: string): Action => ({ name: GET_AUTHOR_ID.name, args: mauthors === undefined ? {} : { mauthors } });
const shown = (request: string, last?: Action): ChatMessage[] => [
  { role: 'system', content: 'tools' },
  { role: 'user', content: request },
  { role: 'assistant', content: JSON.stringify({ name: 'GoogleScholar.search_google_scholar', args: { query: 'artificial intelligence' } }) },
  { role: 'function', content: SEARCH },
  ...(last ? [{ role: 'assistant' as const, content: JSON.stringify(last) }, { role: 'function' as const, content: "{'error': 'Missing required parameter'}" }] : []),
];
const OPEN = 'Search Google Scholar for artificial intelligence. Finally, I need to search for the information of an author using his or her unique ID.';

describe('an author the request leaves open', () => {
  it('flags a looked-up author the request neither names nor points at', () => {
    expect(undecidedAuthor(shown(OPEN), call('John Doe'), [GET_AUTHOR_ID])).toBe('GoogleScholar.get_author_id(mauthors="John Doe"): the request names no author and points at none');
    // A wrong call that drops the name asks the model to pick it: still open.
    expect(undecidedAuthor(shown(OPEN, call()), call('John Doe'), [GET_AUTHOR_ID])).toBeDefined();
  });

  it('passes an author the request names, points at, or a shown call already passes', () => {
    expect(undecidedAuthor(shown('Find information about Professor James Hansen.'), call('James Hansen'), [GET_AUTHOR_ID])).toBeUndefined();
    expect(undecidedAuthor(shown('Tell me about Professor Hansen of Columbia.'), call('James Hansen'), [GET_AUTHOR_ID])).toBeUndefined();
    expect(undecidedAuthor(shown('In addition, retrieve information about the author of the first article on Google Scholar.'), call('John Doe'), [GET_AUTHOR_ID])).toBeUndefined();
    expect(undecidedAuthor(shown('Look up the first author of that paper.'), call('John Doe'), [GET_AUTHOR_ID])).toBeUndefined();
    // The wrong call of a hallucination case passes the name: the case asks to put the tool right.
    expect(undecidedAuthor(shown(OPEN, { name: 'GoogleScholar.fetch_author_id', args: { mauthors: 'John Doe' } }), call('John Doe'), [GET_AUTHOR_ID])).toBeUndefined();
  });

  it("flags an author pointed at on one service whose answers the case shows never name them (217_2's Scholar search lists no authors)", () => {
    const request = 'Look for scholarly articles on Google Scholar about machine learning. In addition, retrieve information about the author of the first article on Google Scholar.';
    const messages: ChatMessage[] = [
      { role: 'system', content: 'tools' },
      { role: 'user', content: request },
      { role: 'assistant', content: JSON.stringify({ name: 'ArxivSearch.get_arxiv_article_information', args: { query: 'machine learning' } }) },
      { role: 'function', content: "{'content': 'Published: 2019-09-08\\nTitle: Lecture Notes: Optimization for Machine Learning\\nAuthors: Elad Hazan'}" },
      { role: 'assistant', content: JSON.stringify({ name: 'GoogleScholar.search_google_scholar', args: { query: 'machine learning' } }) },
      { role: 'function', content: "{'title': ['Machine learning'], 'organic_id': ['EQ8shYj8Ai8J']}" },
    ];
    expect(undecidedAuthor(messages, call('Elad Hazan'), [GET_AUTHOR_ID])).toBe('GoogleScholar.get_author_id(mauthors="Elad Hazan"): the request points at an author of a GoogleScholar record, and no GoogleScholar answer the case shows names "Elad Hazan"');
    const listed = messages.map((m, i) => (i === 5 ? { ...m, content: "{'title': ['Machine learning'], 'pub_info': ['Elad Hazan - Foundations and Trends, 2016 - nowpublishers.com']}" } : m));
    expect(undecidedAuthor(listed, call('Elad Hazan'), [GET_AUTHOR_ID])).toBeUndefined();
  });

  it('the measure reads the case the same way, and leaves out cases passing no name', () => {
    const tc = (groundTruth: Action, request = OPEN) => ({ id: 'x', kind: 'internal', errorType: '', k: 1, cot: false, trajectoryId: 't', source: 'teval', tools: [GET_AUTHOR_ID], messages: shown(request), groundTruth, provenance: { methods: {}, origin: '', parents: [] } }) as unknown as TestCase;
    const none = { trajectory: () => undefined, baseCase: () => undefined };
    expect(gtAuthorUndecided.check(tc(call('John Doe')), none)).toMatch(/names no author/);
    expect(gtAuthorUndecided.check(tc(call('John Doe'), 'Who is John Doe?'), none)).toBeNull();
    expect(gtAuthorUndecided.check(tc({ name: 'FinishAction', args: 'Done.' }), none)).toBeUndefined();
  });

  it("assemble turns down teval_query_274_0's case expecting get_author_id(\"John Doe\"), and keeps its neighbours", () => {
    const t = simulateTrajectory(tevalTrajectories(['query_274_0'])[0]);
    const at = (k: number) => buildCase({ part: 'control', trajectory: t, trajectoryId: t.id, k, thoughtsMethod: 'x' }, false);
    const due = at(2);
    expect(due.ok ? '' : due.reason).toBe('undecided author: GoogleScholar.get_author_id(mauthors="John Doe"): the request names no author and points at none');
    // Once a shown call passes the name, the author's record is the one right next call.
    expect(at(1).ok).toBe(true);
    expect(at(3).ok).toBe(true);
  });

  // 217_2's history looks up the first arXiv paper's author for "the author of the first article on Google
  // Scholar", whose recorded search names no authors (shown_author_confused 9/110 on g0, 0/99 on b2 after assemble 56).
  const SCHOLAR_REQUEST = 'Look for the latest articles on Arxiv about machine learning. Also, look for scholarly articles on Google Scholar about machine learning. In addition, retrieve information about the author of the first article on Google Scholar.';
  const confusedHistory = (lookup: Action, scholarAnswer = "{'title': ['Machine learning'], 'organic_id': ['EQ8shYj8Ai8J']}"): ChatMessage[] => [
    { role: 'system', content: 'tools' },
    { role: 'user', content: SCHOLAR_REQUEST },
    { role: 'assistant', content: JSON.stringify({ name: 'ArxivSearch.get_arxiv_article_information', args: { query: 'machine learning' } }) },
    { role: 'function', content: "{'content': 'Published: 2019-09-08\\nTitle: Lecture Notes: Optimization for Machine Learning\\nAuthors: Elad Hazan'}" },
    { role: 'assistant', content: JSON.stringify({ name: 'GoogleScholar.search_google_scholar', args: { query: 'machine learning' } }) },
    { role: 'function', content: scholarAnswer },
    { role: 'assistant', content: JSON.stringify(lookup) },
    { role: 'function', content: "{'author_id': 'LnhCGNMAAAAJ'}" },
  ];

  it('flags a shown call (history step or wrong call, even to an unlisted tool) passing an author no answer of the pointed-at service named before it', () => {
    expect(confusedShownAuthor(confusedHistory(call('Elad Hazan')), [GET_AUTHOR_ID])).toBe('the shown call GoogleScholar.get_author_id(mauthors="Elad Hazan"): the request points at an author of a GoogleScholar record, and no GoogleScholar answer the case shows names "Elad Hazan" before it');
    expect(confusedShownAuthor(confusedHistory({ name: 'GoogleScholar.fetch_author_id', args: { mauthors: 'Elad Hazan' } }), [GET_AUTHOR_ID])).toMatch(/fetch_author_id\(mauthors="Elad Hazan"\)/);
  });

  it('passes a shown author the pointed-at service listed before, and a free pick the request leaves wholly open', () => {
    const listed = "{'title': ['Machine learning'], 'pub_info': ['Elad Hazan - Foundations and Trends, 2016 - nowpublishers.com']}";
    expect(confusedShownAuthor(confusedHistory(call('Elad Hazan'), listed), [GET_AUTHOR_ID])).toBeUndefined();
    expect(confusedShownAuthor(shown(OPEN, call('John Doe')), [GET_AUTHOR_ID])).toBeUndefined();
    const tc = (messages: ChatMessage[]) => ({ id: 'x', kind: 'internal', errorType: '', k: 1, cot: false, trajectoryId: 't', source: 'teval', tools: [GET_AUTHOR_ID], messages, groundTruth: { name: 'FinishAction', args: 'Done.' }, provenance: { methods: {}, origin: '', parents: [] } }) as unknown as TestCase;
    const none = { trajectory: () => undefined, baseCase: () => undefined };
    expect(shownAuthorConfused.check(tc(confusedHistory(call('Elad Hazan'))), none)).toMatch(/Elad Hazan/);
    expect(shownAuthorConfused.check(tc(shown(OPEN, call('John Doe'))), none)).toBeNull();
    expect(shownAuthorConfused.check(tc(shown(OPEN)), none)).toBeUndefined();
  });

  it("assemble turns down teval_query_217_2's cases showing the arXiv author's lookup, and keeps those before it", () => {
    const t = simulateTrajectory(tevalTrajectories(['query_217_2'])[0]);
    // The Scholar search as T-Eval recorded it: titles and ids, no authors (the simulated one lists the plan's name).
    const search = t.turns.flatMap((turn) => turn.steps).find((s) => s.action.name === 'GoogleScholar.search_google_scholar')!;
    search.response = { ...search.response!, content: "{'title': ['Machine learning', 'Machine learning: Trends, perspectives, and prospects'], 'cited_by': [1805, 7004], 'organic_id': ['EQ8shYj8Ai8J', 'pdcI9r5sCJcJ']}" };
    const arxiv = t.turns.flatMap((turn) => turn.steps).find((s) => s.action.name === 'ArxivSearch.get_arxiv_article_information')!;
    arxiv.response = { ...arxiv.response!, content: "{'content': 'Published: 2019-09-08\\nTitle: Lecture Notes: Optimization for Machine Learning\\nAuthors: Elad Hazan\\nSummary: Lecture notes on optimization for machine learning.'}" };
    const at = (k: number) => buildCase({ part: 'control', trajectory: t, trajectoryId: t.id, k, thoughtsMethod: 'x' }, false);
    const lookup = t.turns.flatMap((turn) => turn.steps).findIndex((s) => s.action.name === 'GoogleScholar.get_author_id') + 1;
    expect(lookup).toBeGreaterThan(1);
    // A control at k shows k tool steps and asks for the next: at(lookup) shows the lookup, at(lookup - 1) asks for it.
    const after = at(lookup);
    expect(after.ok ? '' : after.reason).toMatch(/^confused author shown: the shown call GoogleScholar.get_author_id\(mauthors="Elad Hazan"\)/);
    const asks = at(lookup - 1);
    expect(asks.ok ? '' : asks.reason).toMatch(/^undecided author/);
    expect(at(lookup - 2).ok).toBe(true);
  });
});
