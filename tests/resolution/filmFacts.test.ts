/**
 * One film, one region in a task: the now-playing list gives 雪豹和她的朋友们 the region its later
 * slide (copied from the details T-Eval's run saw) gives it, "中国大陆", not a drawn "中国香港"
 * (grounded.ts regionsLater); simulated_film_facts_disagree counts a film two answers of one case
 * give different facts.
 */
import { describe, expect, it } from 'vitest';
import { toolSteps } from '../../pipeline/steps.js';
import { filmFactsDisagree } from '../../pipeline/quality/measures/simulatedRecords.js';
import { tevalTrajectories } from '../diversify/fixtures/vendored.js';
import { simulateTrajectory } from '../support/simulatedCases.js';

describe('a film\'s region in a Douban list', () => {
  it('query_453_1: the now-playing list gives 雪豹和她的朋友们 the region its details and slide give', () => {
    const t = simulateTrajectory(tevalTrajectories(['query_453_1'])[0]);
    const list = JSON.parse(toolSteps(t).find((s) => s.step.action.name === 'FilmDouban.now_playing_out_filter')!.step.response!.content).film as { title: string; region?: string }[];
    const leopard = list.find((f) => f.title === '雪豹和她的朋友们')!;
    expect(leopard.region).toBe('中国大陆');
    const answers = toolSteps(t).map((s) => ({ content: s.step.response!.content, simulated: true }));
    expect(filmFactsDisagree(answers)).toBeNull();
  });
});

describe('one film, one set of facts in a case (simulated_film_facts_disagree)', () => {
  const list = JSON.stringify({ films: [{ id: 968051, title: 'The Nun II', release_date: '2023-09-06', vote_average: 7, popularity: 3925 }] });
  const details = (popularity: number, vote: number) => JSON.stringify({ id: 968051, title: 'The Nun II', vote_average: vote, popularity });
  it('flags a popularity two answers give differently, passes a vote rounded to its tenth', () => {
    expect(filmFactsDisagree([{ content: list, simulated: true }, { content: details(1323.967, 7.0), simulated: false }])).toMatch(/popularity 3925.*1323.967/);
    expect(filmFactsDisagree([{ content: list, simulated: true }, { content: details(3925, 7.04), simulated: false }])).toBeNull();
    // Two recordings are the source's own.
    expect(filmFactsDisagree([{ content: list, simulated: false }, { content: details(1323.967, 7.0), simulated: false }])).toBeNull();
    expect(filmFactsDisagree([{ content: list, simulated: true }])).toBeUndefined();
  });
  it('flags a Douban list region the details deny', () => {
    const douban = JSON.stringify({ film: [{ title: '雪豹和她的朋友们', region: '中国香港' }] });
    const said = JSON.stringify({ description: '雪豹和她的朋友们是一部中国大陆的纪录片，由奚志农导演，朱亚文主演。' });
    expect(filmFactsDisagree([{ content: douban, simulated: true }, { content: said, simulated: false }])).toMatch(/中国香港/);
  });
});

describe('a real film the case names keeps its own facts', () => {
  it('query_463_1: Chef (212778) is Jon Favreau\'s 2014 comedy, not a 2021 science-fiction film', () => {
    const t = simulateTrajectory(tevalTrajectories(['query_463_1'])[0]);
    const step = toolSteps(t).find((s) => s.step.action.name === 'FilmTMDB.get_movie_details');
    expect(step).toBeDefined();
    const d = JSON.parse(step!.step.response!.content);
    expect(String(d.release_date)).toMatch(/^2014/);
    expect(d.genres).toContain('Comedy');
    expect(d.genres).not.toContain('Science Fiction');
  });
});
