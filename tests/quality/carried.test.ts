/**
 * What a plan takes from a simulated answer: a value only where the tool could hold it (no film
 * among arXiv papers, no Scholar result id among meeting rooms), a record picked "as the most
 * popular" ranked so by the list it came from, and titles later steps copy (papers in an email,
 * films and caterers on slides) listed by the answer before them. The rules, the measures that
 * count each defect, and the simulated answers of real T-Eval plans.
 */
import { describe, expect, it } from 'vitest';
import type { Action, ChatMessage, Trajectory } from '../../pipeline/schemas.js';
import { namesAThing, ungroundedHistory, unshownTitle } from '../../pipeline/quality/grounding.js';
import { rankContradiction, rankRequest } from '../../pipeline/quality/ranking.js';
import { contradictsRanking, fieldUnshown, titleUnshown, valueInUnfitCarrier } from '../../pipeline/quality/measures/carried.js';
import { copiedRecords, labelledBlocks, unshownField } from '../../pipeline/quality/copiedFields.js';
import { argumentKind, carrierKind, kindsFit } from '../../pipeline/resolution/carrierKinds.js';
import { renderPrefix } from '../../pipeline/prompts/standard.js';
import { toolSteps } from '../../pipeline/steps.js';
import { DEFAULT_QUALITY_THRESHOLDS } from '../../pipeline/config.js';
import { tevalTrajectories } from '../diversify/fixtures/vendored.js';
import { ALL_SIMULATED, contextOf, controlCaseAt, simulateTrajectory } from '../support/simulatedCases.js';

const answer = (t: Trajectory, i: number) => JSON.parse(toolSteps(t)[i].step.response!.content);
const stepOf = (t: Trajectory, name: string) => toolSteps(t).findIndex((s) => s.step.action.name === name);

describe('a value is carried only by an answer that could hold that kind of thing', () => {
  it('reads kinds from the argument and the field: a film is no arXiv paper, a Scholar result id no room, an author id no organic id', () => {
    const [t] = tevalTrajectories(['query_77_2']);
    const doc = (n: string) => t.tools.find((d) => d.name === n)!;
    expect(argumentKind(doc('GoogleScholar.get_citation_format'), 'q')).toBe('paper');
    expect(carrierKind(doc('ReserveMeeting.get_empty_room_with_time'), 'rooms')).toBe('room');
    expect(carrierKind(doc('GoogleScholar.search_google_scholar'), 'organic_id')).toBe('paper');
    expect(kindsFit('paper', 'room')).toBe(false);
    expect(kindsFit('author', 'paper')).toBe(false);
    expect(kindsFit('place', 'property')).toBe(true);
    expect(kindsFit(undefined, 'room')).toBe(true);
  });

  it('query_77_2: the citation id goes into the Scholar search\'s organic ids, not among the free meeting rooms', () => {
    const t = simulateTrajectory(tevalTrajectories(['query_77_2'])[0]);
    const rooms = answer(t, stepOf(t, 'ReserveMeeting.get_empty_room_with_time')).rooms as string[];
    const q = (toolSteps(t).find((s) => s.step.action.name === 'GoogleScholar.get_citation_format')!.step.action.args as { q: string }).q;
    expect(rooms).not.toContain(q);
    expect(answer(t, stepOf(t, 'GoogleScholar.search_google_scholar')).organic_id).toContain(q);
    expect(valueInUnfitCarrier.check(controlCaseAt(t, toolSteps(t).length), contextOf(t))).toBeNull();
  });

  it('query_223_0: no answer before print_detail(沙丘) can hold a film, so none carries it and the history is ungrounded (assemble turns it down)', () => {
    const t = simulateTrajectory(tevalTrajectories(['query_223_0'])[0]);
    const arxiv = JSON.stringify(answer(t, 0));
    expect(arxiv).not.toContain('沙丘');
    expect(ungroundedHistory(renderPrefix(t, 3, { cot: false }))?.values[0]).toMatchObject({ key: 'film_name', value: '沙丘' });
  });

  it('the measure flags a film planted as an arXiv paper\'s title, and passes the answer that does not', () => {
    const t = simulateTrajectory(tevalTrajectories(['query_223_0'])[0]);
    const step = toolSteps(t)[0].step;
    step.response = { content: JSON.stringify({ content: [{ published_date: '2022-11-01', title: '沙丘', authors: 'Alice Dubois', summary: 'We present a model of deep learning.' }] }), tier: 'simulated' };
    expect(valueInUnfitCarrier.check(controlCaseAt(t, 2), contextOf(t))).toMatch(/film_name="沙丘" \(a film\).*content\[\]\.title, which holds a paper/);
    // A recorded answer is the API's own: the plan may be wrong, but nothing was planted.
    step.response = { ...step.response, tier: 'cache' } as typeof step.response;
    expect(valueInUnfitCarrier.check(controlCaseAt(t, 2), contextOf(t))).toBeNull();
  });

  it('an author a later call looks up is an author of an arXiv paper, not the whole list', () => {
    const t = simulateTrajectory(tevalTrajectories(['query_242_1'])[0]);
    const content = answer(t, 0).content;
    expect(Array.isArray(content)).toBe(true);
    expect(content[0].authors).toContain('Richard S. J. Tol');
  });
});

describe('a pick by rank agrees with the list it comes from', () => {
  it('reads what the user picks by rank: "the most popular movie" and "the first article" pick one; "top-rated movies" picks none', () => {
    expect(rankRequest('for the most popular movie, provide details')).toEqual({ by: 'popular', n: 1 });
    expect(rankRequest('the current three most popular movies in China')).toEqual({ by: 'popular', n: 3 });
    expect(rankRequest('get the citation of the first article')).toEqual({ by: 'first', n: 1 });
    expect(rankRequest('I would like to know the top-rated movies')).toBeUndefined();
  });

  it('query_463_2: the simulated now-playing list gives the film the plan details "as the most popular" the highest popularity', () => {
    const t = simulateTrajectory(tevalTrajectories(['query_463_2'])[0]);
    const films = answer(t, 0).films as { id: number; popularity: number }[];
    const picked = (toolSteps(t)[1].step.action.args as { movie_id: number }).movie_id;
    const top = films.reduce((a, b) => (b.popularity > a.popularity ? b : a));
    expect(top.id).toBe(picked);
    expect(contradictsRanking.check(controlCaseAt(t, 2), contextOf(t))).toBeNull();
  });

  it('flags a plan that takes the second organic id "for the first article" (T-Eval query_309_1) or a less popular film', () => {
    const user = 'Search for papers on graph neural networks and give me the citation of the first article.';
    const messages: ChatMessage[] = [
      { role: 'system', content: 'tools' },
      { role: 'user', content: user },
      { role: 'assistant', content: JSON.stringify({ name: 'GoogleScholar.search_google_scholar', args: { query: 'graph neural networks' } }) },
      { role: 'function', content: "{'title': ['A', 'B'], 'organic_id': ['-jKcSxGaARwJ', 'selJwfIN0t8J']}" },
    ];
    const cite = (q: string): Action => ({ name: 'GoogleScholar.get_citation_format', args: { q } });
    expect(rankContradiction(messages, cite('selJwfIN0t8J'))).toMatch(/record 2 of the list, for the first one/);
    expect(rankContradiction(messages, cite('-jKcSxGaARwJ'))).toBeUndefined();
    const films = '{"films": [{"id": 299054, "title": "Expend4bles", "popularity": 14835}, {"id": 968051, "title": "The Nun II", "popularity": 17993}]}';
    const popular: ChatMessage[] = [messages[0], { role: 'user', content: 'For the most popular movie, give me its details.' }, { role: 'assistant', content: '{"name": "FilmTMDB.get_now_playing", "args": {}}' }, { role: 'function', content: films }];
    expect(rankContradiction(popular, { name: 'FilmTMDB.get_movie_details', args: { movie_id: 299054 } })).toMatch(/popularity 14835.*17993 to 968051/);
    expect(rankContradiction(popular, { name: 'FilmTMDB.get_movie_details', args: { movie_id: 968051 } })).toBeUndefined();
  });

  it('query_483_2: "the third movie" picks the third record; query_241_2: "the most cited article" the one Scholar counts most citations for', () => {
    expect(rankRequest("I'm interested in the third movie and want films similar to it")).toEqual({ by: 'place', n: 3 });
    expect(rankRequest('get the citation format of the most cited machine learning article')).toEqual({ by: 'cited', n: 1 });
    expect(rankRequest('the second one of them')).toBeUndefined();
    const films = '{"films": [{"id": 968051, "title": "The Nun II"}, {"id": 299054, "title": "Expend4bles"}, {"id": 926393, "title": "The Equalizer 3"}]}';
    const third: ChatMessage[] = [{ role: 'system', content: 'tools' }, { role: 'user', content: "Show me what's playing. I'm interested in the third movie; find films similar to it." }, { role: 'assistant', content: '{"name": "FilmTMDB.get_now_playing", "args": {}}' }, { role: 'function', content: films }];
    expect(rankContradiction(third, { name: 'FilmTMDB.get_movie_details', args: { movie_id: 968051 } })).toMatch(/record 1 of the list, for record 3/);
    expect(rankContradiction(third, { name: 'FilmTMDB.get_movie_details', args: { movie_id: 926393 } })).toBeUndefined();
    const scholar = "{'title': ['Machine learning', 'Machine learning: Trends, perspectives, and prospects', 'Machine learning algorithms-a review'], 'cited_by': [1805, 7004, 1794], 'organic_id': ['EQ8shYj8Ai8J', 'pdcI9r5sCJcJ', 'sR_ChBn63tIJ']}";
    const cited: ChatMessage[] = [{ role: 'system', content: 'tools' }, { role: 'user', content: "Search for 'machine learning' articles and get the citation format of the most cited one." }, { role: 'assistant', content: '{"name": "GoogleScholar.search_google_scholar", "args": {"query": "machine learning"}}' }, { role: 'function', content: scholar }];
    const cite = (q: string): Action => ({ name: 'GoogleScholar.get_citation_format', args: { q } });
    expect(rankContradiction(cited, cite('EQ8shYj8Ai8J'))).toMatch(/\(cited_by 1805\) for the most cited; the list gives cited_by 7004 to "pdcI9r5sCJcJ"/);
    expect(rankContradiction(cited, cite('pdcI9r5sCJcJ'))).toBeUndefined();
  });

  it('query_329_1: a paper named by its title is the result with that title; query_77_2: one person\'s most cited paper is no search result about something else', () => {
    expect(rankRequest("I have written an article titled 'Impact of AI on Modern Society'. Could you generate an MLA citation for it?")).toEqual({ by: 'titled', n: 1, title: 'Impact of AI on Modern Society' });
    expect(rankRequest('Gather information about author Jane Brown and determine the citation format for her most cited paper.')).toEqual({ by: 'cited', n: 1, owned: true });
    const scholar = "{'title': ['Measuring the impact of AI and modern society', 'Impact of AI on modern society'], 'cited_by': [13487, 1324], 'organic_id': ['DQ2vUWaq85YJ', 'LxFzuHu3Uz7C']}";
    const cite = (q: string): Action => ({ name: 'GoogleScholar.get_citation_format', args: { q } });
    const titled: ChatMessage[] = [{ role: 'system', content: 'tools' }, { role: 'user', content: "I have written an article titled 'Impact of AI on Modern Society'. Could you generate an MLA citation for it?" }, { role: 'assistant', content: '{"name": "GoogleScholar.search_google_scholar", "args": {"query": "Impact of AI on Modern Society"}}' }, { role: 'function', content: scholar }];
    expect(rankContradiction(titled, cite('DQ2vUWaq85YJ'))).toMatch(/"Measuring the impact of AI and modern society"\) for the paper titled "Impact of AI on Modern Society"/);
    expect(rankContradiction(titled, cite('LxFzuHu3Uz7C'))).toBeUndefined();
    const libraries = "{'title': ['Academic libraries and modern education', 'A critical look at academic libraries'], 'cited_by': [12125, 4079], 'organic_id': ['JY-va7uEmP8J', 'JWTSRMsFJ8B8']}";
    const owned = (query: string): ChatMessage[] => [{ role: 'system', content: 'tools' }, { role: 'user', content: "Gather information about author Jane Brown and determine the citation format for her most cited paper. Also search for articles on 'academic libraries'." }, { role: 'assistant', content: JSON.stringify({ name: 'GoogleScholar.search_google_scholar', args: { query } }) }, { role: 'function', content: libraries }];
    expect(rankContradiction(owned('role and impact of academic libraries in modern education'), cite('JY-va7uEmP8J'))).toMatch(/a result of a search for "role and impact of academic libraries in modern education", for one person's most cited paper/);
    // A search by the person's name ranks her papers: its most cited result answers it.
    expect(rankContradiction(owned('Jane Brown'), cite('JY-va7uEmP8J'))).toBeUndefined();
  });
});

/** The papers of a simulated arXiv answer, which since api-simulator-107 is Lagent's text of recorded papers ("Published: …\nTitle: …\nAuthors: …\nSummary: …", a blank line between), as records. */
function arxivPapers(content: unknown): Record<string, string>[] {
  if (Array.isArray(content)) return content as Record<string, string>[];
  return String(content).split(/\n\n(?=Published: )/).map((block) => {
    const field = (label: string) => new RegExp(`^${label}: ([\\s\\S]*?)(?=\\n(?:Published|Title|Authors|Summary): |$)`, 'm').exec(block)?.[1].replace(/\s*\n\s*/g, ' ').trim() ?? '';
    return { published_date: field('Published'), title: field('Title'), authors: field('Authors'), summary: field('Summary') };
  });
}

describe('titles a later call copies are listed by the answer before it', () => {
  it('tells a name from a heading', () => {
    for (const name of ['Shrek 2', 'Wegmans Catering', 'Lassen & Hennigs', '奥本海默', 'The Lord of the Rings: The Fellowship of the Ring']) expect(namesAThing(name, 'Make slides about them.'), name).toBe(true);
    for (const heading of ['Slide 2', 'Road Trip Itinerary', 'Gas Stations Along the Route', 'Top Rated Movies', 'Introduction', 'Property 1: Boutique hotel in Barcelona', 'Audience Ratings']) expect(namesAThing(heading, 'Make slides.'), heading).toBe(false);
    expect(namesAThing('Paris Trip', 'Plan my stay in Paris.')).toBe(false);
  });

  it('query_199_2: the arXiv answer lists the papers the email sends; query_477_0: the similar movies list the films on the slides', () => {
    const mail = simulateTrajectory(tevalTrajectories(['query_199_2'])[0]);
    const titles = arxivPapers(answer(mail, 0).content).map((p) => p.title);
    expect(titles).toContain('A Survey on Federated Learning for the Healthcare Metaverse: Concepts, Applications, Challenges, and Future Directions');
    expect(unshownTitle(renderPrefix(mail, 2, { cot: false }), toolSteps(mail)[1].step.action)).toBeUndefined();
    const slides = simulateTrajectory(tevalTrajectories(['query_477_0'])[0]);
    const similar = (answer(slides, stepOf(slides, 'FilmTMDB.get_similar_movies')).films as { title: string }[]).map((f) => f.title);
    expect(similar).toEqual(expect.arrayContaining(['The Lord of the Rings: The Fellowship of the Ring', 'Shrek 2']));
    expect(titleUnshown.check(controlCaseAt(slides, toolSteps(slides).length), contextOf(slides))).toBeNull();
  });

  it('the measure flags an email copying a paper no answer listed', () => {
    const t = simulateTrajectory(tevalTrajectories(['query_199_2'])[0]);
    toolSteps(t)[0].step.response = { content: JSON.stringify({ content: [{ published_date: '2020-06-10', title: 'The limits of artificial intelligence in healthcare', authors: 'Farid Kowalski', summary: 'We study it.' }] }), tier: 'simulated' };
    expect(titleUnshown.check(controlCaseAt(t, 2), contextOf(t))).toMatch(/Email\.send copies "A Survey on Federated Learning/);
  });
});

it('the three measures are gated at zero by default', () => {
  for (const id of ['gt_value_in_unfit_carrier', 'gt_contradicts_ranking', 'call_title_unshown']) expect(DEFAULT_QUALITY_THRESHOLDS[id]).toBe(0);
});

describe('fields an email copies beside a title are the ones the simulated record gives', () => {
  it('the simulated arXiv record carries the published date, authors and summary the email copies', () => {
    const t = simulateTrajectory(tevalTrajectories(['query_199_2'])[0]);
    const papers = arxivPapers(answer(t, 0).content);
    const survey = papers.find((p) => p.title.startsWith('A Survey on Federated Learning'))!;
    expect(survey.published_date).toBe('2023-04-05');
    expect(survey.authors).toMatch(/^Ali Kashif Bashir, Nancy Victor/);
    expect(survey.summary).toMatch(/^Recent technological advancements/);
    // The other records are other recorded papers, each its own (api-simulator-107: no paper is written for the query).
    expect(new Set(papers.map((p) => p.title)).size).toBe(papers.length);
    expect(fieldUnshown.check(controlCaseAt(t, 2), contextOf(t))).toBeNull();
  });

  it('the measure flags a date the shown record contradicts, and authors nothing shows', () => {
    const t = simulateTrajectory(tevalTrajectories(['query_199_2'])[0]);
    const papers = arxivPapers(answer(t, 0).content);
    const changed = papers.map((p) => (p.title.startsWith('A Survey') ? { ...p, published_date: '2020-06-10' } : p));
    toolSteps(t)[0].step.response = { content: JSON.stringify({ content: changed }), tier: 'simulated' };
    expect(fieldUnshown.check(controlCaseAt(t, 2), contextOf(t))).toMatch(/Email\.send copies Published: "2023-04-05" for "A Survey on Federated.*where the answer shows "2020-06-10"/);
    const noAuthors = papers.map((p) => { const { authors: _a, ...rest } = p; return rest; });
    toolSteps(t)[0].step.response = { content: JSON.stringify({ content: noAuthors }), tier: 'simulated' };
    expect(fieldUnshown.check(controlCaseAt(t, 2), contextOf(t))).toMatch(/copies Authors: "Ali Kashif Bashir.*which no answer before it gives/);
  });

  it('reads labelled blocks and copied records as people write them', () => {
    const body = 'Here they are:\n\n1. Title: Fair Machine Learning in Healthcare: A Review\n   Authors: Qizhang Feng, Xia Hu\n   Summary: Benefiting from the digitization\nof healthcare data.\n\nPublished: 2019-09-08\nTitle: Lecture Notes: Optimization for Machine Learning\nAuthors: Elad Hazan';
    const records = copiedRecords({ name: 'Email.send', args: { address: 'a@b.c', body } }, 'email the papers');
    expect(records.map((r) => r.title)).toEqual(['Fair Machine Learning in Healthcare: A Review', 'Lecture Notes: Optimization for Machine Learning']);
    expect(records[0].fields).toEqual([{ label: 'Authors', value: 'Qizhang Feng, Xia Hu' }, { label: 'Summary', value: 'Benefiting from the digitization of healthcare data.' }]);
    expect(labelledBlocks('Property 1:\nTitle: A\nType: Room\n\nProperty 2:\nTitle: B\nType: Condo')).toEqual([[{ label: 'Title', value: 'A' }, { label: 'Type', value: 'Room' }], [{ label: 'Title', value: 'B' }, { label: 'Type', value: 'Condo' }]]);
    // A slide heading the user named is no record's title.
    expect(copiedRecords({ name: 'PPT.add_text_page', args: { title: 'Client Testimonials', bullet_items: 'Rating: 5' } }, "a page titled 'Client Testimonials'")).toEqual([]);
  });

  it('the assemble gate turns down a case whose copied field no answer gives', () => {
    const t = simulateTrajectory(tevalTrajectories(['query_199_2'])[0]);
    const papers = arxivPapers(answer(t, 0).content).map((p) => ({ ...p, authors: 'Farid Kowalski' }));
    toolSteps(t)[0].step.response = { content: JSON.stringify({ content: papers }), tier: 'simulated' };
    const tc = controlCaseAt(t, 2);
    expect(unshownField(tc.messages, tc.groundTruth as Action)).toMatchObject({ action: 'Email.send', label: 'Authors', shown: 'Farid Kowalski' });
  });
});

it('call_field_unshown is gated at zero by default', () => {
  expect(DEFAULT_QUALITY_THRESHOLDS.call_field_unshown).toBe(0);
});
