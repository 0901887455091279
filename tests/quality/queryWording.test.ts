/**
 * Free search text in words nothing shows fixes (assemble 57): T-Eval's serper_search(query="The Godfather
 * movie information") for "search for additional information about the first movie" (teval_query_477_1),
 * get_image(keywords="computer vision,image recognition") (254_1); gt_query_wording_unfixed counted 11/357 on g0.
 */
import { describe, expect, it } from 'vitest';
import type { Action, ChatMessage, TestCase, ToolDoc } from '../../pipeline/schemas.js';
import { freeTextParams, unfixedQueryWording } from '../../pipeline/quality/queryWording.js';
import { gtQueryWordingUnfixed } from '../../pipeline/quality/measures/solvable.js';
import { buildCase } from '../../stages/assemble/build.js';
import { tevalTrajectories } from '../diversify/fixtures/vendored.js';
import { simulateTrajectory } from '../support/simulatedCases.js';

const SERPER: ToolDoc = { name: 'GoogleSearch.serper_search', description: 'A google search API.', required_parameters: [{ name: 'query', type: 'string', description: '[Required] the content of search query' }], optional_parameters: [], return_data: [] } as unknown as ToolDoc;
const CITE: ToolDoc = { name: 'GoogleScholar.get_citation_format', description: 'cite', required_parameters: [{ name: 'q', type: 'string', description: '[Required] ID of an individual Google Scholar organic search result' }], optional_parameters: [], return_data: [] } as unknown as ToolDoc;
const search = (query: string): Action => ({ name: SERPER.name, args: { query } });
const REQUEST = 'Retrieve the list of top-rated movies. Then, search for additional information about the first movie using Google search.';
const FILMS = "{'films': [{'id': 238, 'title': 'The Godfather'}, {'id': 278, 'title': 'The Shawshank Redemption'}]}";
const shown = (request: string, ...calls: [Action, string][]): ChatMessage[] => [
  { role: 'system', content: 'tools' },
  { role: 'user', content: request },
  { role: 'assistant', content: JSON.stringify({ name: 'FilmTMDB.get_top_rated_movies', args: {} }) },
  { role: 'function', content: FILMS },
  ...calls.flatMap(([a, answer]) => [{ role: 'assistant' as const, content: JSON.stringify(a) }, { role: 'function' as const, content: answer }]),
];

describe('free search text whose wording nothing fixes', () => {
  it('reads free-text parameters off the doc, not ids', () => {
    expect(freeTextParams(SERPER)).toEqual(['query']);
    expect(freeTextParams(CITE)).toEqual([]);
  });

  it('flags a query in words no turn, call or answer holds (teval_query_477_1-control-k2)', () => {
    expect(unfixedQueryWording(shown(REQUEST), search('The Godfather movie information'), [SERPER])).toBe('GoogleSearch.serper_search(query="The Godfather movie information"): no user turn, shown call or answer holds that wording');
  });

  it('passes a query the user states, an answer lists or a shown call already passed', () => {
    expect(unfixedQueryWording(shown(REQUEST), search('The Godfather'), [SERPER])).toBeUndefined();
    expect(unfixedQueryWording(shown("Search Google for 'quantum computing news'."), search('quantum computing news'), [SERPER])).toBeUndefined();
    // A key error's wrong call holds the query: the correction keeps its words.
    expect(unfixedQueryWording(shown(REQUEST, [{ name: SERPER.name, args: { q: 'The Godfather movie information' } }, "{'error': \"Unexpected parameter 'q'\"}"]), search('The Godfather movie information'), [SERPER])).toBeUndefined();
    expect(unfixedQueryWording(shown(REQUEST), { name: CITE.name, args: { q: 'efZZXguoqq8J' } }, [CITE])).toBeUndefined();
  });

  it('the measure reads the case the same way', () => {
    const tc = (gt: Action) => ({ id: 'x', kind: 'internal', errorType: '', k: 1, cot: false, trajectoryId: 't', source: 'teval', tools: [SERPER], messages: shown(REQUEST), groundTruth: gt, provenance: { methods: {}, origin: '', parents: [] } }) as unknown as TestCase;
    const none = { trajectory: () => undefined, baseCase: () => undefined };
    expect(gtQueryWordingUnfixed.check(tc(search('The Godfather movie information')), none)).toMatch(/no user turn, shown call or answer holds that wording/);
    expect(gtQueryWordingUnfixed.check(tc(search('The Godfather')), none)).toBeNull();
    expect(gtQueryWordingUnfixed.check(tc({ name: 'FilmTMDB.get_movie_reviews', args: { movie_id: 238 } }), none)).toBeUndefined();
  });

  it("assemble turns down teval_query_477_1's control asking for the web search", () => {
    const t = simulateTrajectory(tevalTrajectories(['query_477_1'])[0]);
    const steps = t.turns.flatMap((turn) => turn.steps);
    const at = steps.findIndex((s) => s.action.name === 'GoogleSearch.serper_search');
    expect(at).toBeGreaterThan(0);
    const built = buildCase({ part: 'control', trajectory: t, trajectoryId: t.id, k: at, thoughtsMethod: 'x' }, false);
    expect(built.ok ? '' : built.reason).toMatch(/unfixed query wording: GoogleSearch\.serper_search\(query="[^"]+"\)/);
  });
});
