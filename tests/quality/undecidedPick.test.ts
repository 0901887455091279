/**
 * A record the ground truth picks out of a shown list where the request leaves the pick open (assemble 56):
 * T-Eval's plan for "provide the citation for one of the articles in MLA format" (teval_query_291_2) cites
 * the first result; gt_pick_undecided counted 1/74 on g0 and 6/84 on b1 (whose freed slots took 291_2's
 * controls), 0 after.
 */
import { describe, expect, it } from 'vitest';
import type { Action, ChatMessage, TestCase } from '../../pipeline/schemas.js';
import { skippedSibling, undecidedPick } from '../../pipeline/quality/undecidedPick.js';
import { gtPickUndecided, gtSkipsListedSibling } from '../../pipeline/quality/measures/solvable.js';
import { buildCase } from '../../stages/assemble/build.js';
import { tevalTrajectories } from '../diversify/fixtures/vendored.js';
import { simulateTrajectory } from '../support/simulatedCases.js';

const SEARCH = "{'title': ['Interdisciplinary perspectives on artificial intelligence', 'Artificial intelligence and its applications', 'Reconsidering artificial intelligence'], 'organic_id': ['WLaj9ZUvTjoJ', 'Yvdjji3KGuVx', 'd8qXkZ6kCcVv']}";
const OPEN = 'Find the top 3 articles on artificial intelligence. I would also appreciate it if you could provide the citation for one of the articles in MLA format.';
const cite = (q: string): Action => ({ name: 'GoogleScholar.get_citation_format', args: { q } });
const shown = (request: string, ...calls: [Action, string][]): ChatMessage[] => [
  { role: 'system', content: 'tools' },
  { role: 'user', content: request },
  { role: 'assistant', content: JSON.stringify({ name: 'GoogleScholar.search_google_scholar', args: { query: 'artificial intelligence' } }) },
  { role: 'function', content: SEARCH },
  ...calls.flatMap(([a, answer]) => [{ role: 'assistant' as const, content: JSON.stringify(a) }, { role: 'function' as const, content: answer }]),
];

describe('a pick among listed records the request leaves open', () => {
  it('flags a ground truth picking one listed record for "one of the articles"', () => {
    expect(undecidedPick(shown(OPEN), cite('WLaj9ZUvTjoJ'))).toBe('GoogleScholar.get_citation_format(q="WLaj9ZUvTjoJ") picks one of 3 listed records for "one of the articles", and no shown call made that pick');
    // A wrong call citing another listed article is as right a pick: it does not decide the case.
    expect(undecidedPick(shown(OPEN, [cite('Yvdjji3KGuVx'), "{'citation': 'Smith, J. Artificial intelligence and its applications.'}"]), cite('WLaj9ZUvTjoJ'))).toBeDefined();
  });

  it('passes a pick the request decides or a shown call already made', () => {
    expect(undecidedPick(shown(OPEN.replace('one of the articles', 'the first article')), cite('WLaj9ZUvTjoJ'))).toBeUndefined();
    // The wrong call of a hallucination case made the pick: the case asks to put the tool right.
    expect(undecidedPick(shown(OPEN, [{ name: 'GoogleScholar.fetch_citation_format', args: { q: 'WLaj9ZUvTjoJ' } }, "{'error': 'no such API'}"]), cite('WLaj9ZUvTjoJ'))).toBeUndefined();
    // A value no list holds is no pick among records.
    expect(undecidedPick(shown(OPEN), { name: 'GoogleScholar.get_author_id', args: { mauthors: 'John Smith' } })).toBeUndefined();
  });

  it('the measure reads the case the same way, and leaves out requests leaving no pick open', () => {
    const tc = (request: string) => ({ id: 'x', kind: 'internal', errorType: '', k: 1, cot: false, trajectoryId: 't', source: 'teval', tools: [], messages: shown(request), groundTruth: cite('WLaj9ZUvTjoJ'), provenance: { methods: {}, origin: '', parents: [] } }) as unknown as TestCase;
    const none = { trajectory: () => undefined, baseCase: () => undefined };
    expect(gtPickUndecided.check(tc(OPEN), none)).toMatch(/one of 3 listed records/);
    expect(gtPickUndecided.check(tc('Cite one of the articles, the one with id WLaj9ZUvTjoJ.'), none)).toBeNull();
    expect(gtPickUndecided.check(tc('Cite the first article.'), none)).toBeUndefined();
  });

  it("assemble turns down teval_query_291_2's control citing the first result, and keeps the one whose history made the pick", () => {
    const t = simulateTrajectory(tevalTrajectories(['query_291_2'])[0]);
    const steps = t.turns.flatMap((turn) => turn.steps);
    const citation = steps.findIndex((s) => s.action.name === 'GoogleScholar.get_citation_format') + 1;
    expect(citation).toBeGreaterThan(1);
    // A control at k shows k tool steps and asks for the next: at(citation - 1) asks for the citation.
    const at = (k: number) => buildCase({ part: 'control', trajectory: t, trajectoryId: t.id, k, thoughtsMethod: 'x' }, false);
    const asks = at(citation - 1);
    expect(asks.ok ? '' : asks.reason).toMatch(/undecided pick: GoogleScholar.get_citation_format\(q="[^"]+"\) picks one of \d listed records for "one of the articles"/);
    if (citation < steps.length) expect(at(citation).ok).toBe(true);
  });

  // 104_2's plan reads the third property's reviews after the first's, passing over the second
  // (gt_skips_listed_sibling 1/427 on g0, 4/414 on b2, 0 after assemble 56).
  const PROPERTIES = "{'property': [{'id': '10803849', 'name': 'clean warm quiet otaku private room'}, {'id': '48347678', 'name': 'Suite in DTLA'}, {'id': '22788198', 'name': 'Private cozy guest house'}]}";
  const reviews = (propertyId: number): Action => ({ name: 'AirbnbSearch.get_property_reviews', args: { propertyId } });
  const REVIEW = "{'reviews': [{'comments': 'Lovely stay.', 'rating': 5}]}";
  const properties = (...calls: Action[]): ChatMessage[] => [
    { role: 'system', content: 'tools' },
    { role: 'user', content: 'Find properties in Los Angeles and fetch the reviews of these properties.' },
    { role: 'assistant', content: JSON.stringify({ name: 'AirbnbSearch.search_property_by_place', args: { place: 'Los Angeles' } }) },
    { role: 'function', content: PROPERTIES },
    ...calls.flatMap((a) => [{ role: 'assistant' as const, content: JSON.stringify(a) }, { role: 'function' as const, content: REVIEW }]),
  ];

  it('flags a ground truth passing over an earlier listed record the history goes over, and passes the next one in order', () => {
    const shownFirst = properties(reviews(10803849));
    expect(skippedSibling(shownFirst, reviews(22788198), shownFirst.length)).toBe('AirbnbSearch.get_property_reviews(propertyId="22788198") takes record 3 of 3 listed, passing over record 2, which has not had that call though the history makes it for other records of the list');
    expect(skippedSibling(shownFirst, reviews(48347678), shownFirst.length)).toBeUndefined();
    const both = properties(reviews(10803849), reviews(48347678));
    expect(skippedSibling(both, reviews(22788198), both.length)).toBeUndefined();
    // No call of that tool shown yet: the history does not go over the list with it.
    const none = properties();
    expect(skippedSibling(none, reviews(22788198), none.length)).toBeUndefined();
    const tc = (messages: ChatMessage[], groundTruth: Action) => ({ id: 'x', kind: 'internal', errorType: '', k: 1, cot: false, trajectoryId: 't', source: 'teval', tools: [], messages, groundTruth, provenance: { methods: {}, origin: '', parents: [] } }) as unknown as TestCase;
    const ctx = { trajectory: () => undefined, baseCase: () => undefined };
    expect(gtSkipsListedSibling.check(tc(shownFirst, reviews(22788198)), ctx)).toMatch(/passing over record 2/);
    expect(gtSkipsListedSibling.check(tc(shownFirst, reviews(48347678)), ctx)).toBeNull();
    expect(gtSkipsListedSibling.check(tc(none, reviews(22788198)), ctx)).toBeUndefined();
  });

  it("assemble turns down teval_query_104_2's control expecting the third property's reviews after the first's", () => {
    const t = simulateTrajectory(tevalTrajectories(['query_104_2'])[0]);
    const steps = t.turns.flatMap((turn) => turn.steps);
    // The search as T-Eval recorded it, in its order (the plan reads the details of the 1st, 3rd and 2nd).
    const search = steps.find((s) => s.action.name === 'AirbnbSearch.search_property_by_place')!;
    search.response = { ...search.response!, content: PROPERTIES };
    const firstReviews = steps.findIndex((s) => s.action.name === 'AirbnbSearch.get_property_reviews') + 1;
    expect(firstReviews).toBeGreaterThan(1);
    const next = buildCase({ part: 'control', trajectory: t, trajectoryId: t.id, k: firstReviews, thoughtsMethod: 'x' }, false);
    expect(next.ok ? '' : next.reason).toMatch(/skipped listed sibling: AirbnbSearch.get_property_reviews\(propertyId="\d+"\) takes record 3 of 3 listed, passing over record 2/);
  });
});
