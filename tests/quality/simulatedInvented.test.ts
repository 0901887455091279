/**
 * Simulated answers that never invent and picks by place made solvable: a film the facts table does
 * not know gets no made-up credits (the slide the plan copies from its details is what they say),
 * paper titles frame a topic, never the raw query or a film as a research field, and "the third movie
 * from the list" is the third record of the simulated list.
 */
import { describe, expect, it } from 'vitest';
import type { Trajectory } from '../../pipeline/schemas.js';
import { inventedCredits, simulatedTitleTemplateMisfit, simulatedUnknownTitleInvented, titleMisfit } from '../../pipeline/quality/measures/simulatedInvented.js';
import { contradictsRanking } from '../../pipeline/quality/measures/carried.js';
import { rankContradiction } from '../../pipeline/quality/ranking.js';
import { paperTitles, paperTopic } from '../../pipeline/resolution/simulatedText.js';
import { simulateOffline } from '../../pipeline/resolution/simulatorRules.js';
import { toolSteps } from '../../pipeline/steps.js';
import { Rng } from '../../pipeline/rng.js';
import { DEFAULT_QUALITY_THRESHOLDS } from '../../pipeline/config.js';
import { tevalTrajectories } from '../diversify/fixtures/vendored.js';
import { contextOf, controlCaseAt, simulateTrajectory } from '../support/simulatedCases.js';

const stepIndex = (t: Trajectory, name: string, arg?: string) => toolSteps(t).findIndex((s) => s.step.action.name === name && (!arg || JSON.stringify(s.step.action.args).includes(arg)));
const answerOf = (t: Trajectory, i: number) => JSON.parse(toolSteps(t)[i].step.response!.content.replace(/'/g, '"'));

describe('a film the facts table does not know gets no made-up credits', () => {
  it('query_453_1: 雪豹和她的朋友们\'s details say what the slide the plan writes from them says', () => {
    const t = simulateTrajectory(tevalTrajectories(['query_453_1'])[0]);
    const i = stepIndex(t, 'FilmDouban.print_detail', '雪豹和她的朋友们');
    const slide = toolSteps(t).slice(i + 1).map((s) => s.step.action.args as Record<string, unknown>).find((a) => a.title === '雪豹和她的朋友们')!;
    const description = (JSON.parse(toolSteps(t)[i].step.response!.content) as { description: string }).description;
    expect(description).toBe((slide.bullet_items as string).trim());
    expect(simulatedUnknownTitleInvented.check(controlCaseAt(t, i + 2), contextOf(t))).toBeNull();
  });

  it('the measure flags the credits the simulator used to make up, and passes them when the task says them', () => {
    const t = simulateTrajectory(tevalTrajectories(['query_453_1'])[0]);
    const i = stepIndex(t, 'FilmDouban.print_detail', '雪豹和她的朋友们');
    const step = toolSteps(t)[i].step;
    step.response = { content: JSON.stringify({ description: '雪豹和她的朋友们是一部中国大陆的悬疑电影，由李欣然导演，林欣然、杨志强等人主演.\n剧情简介：一位退休的老警察为了一笔旧债四处奔走。' }), tier: 'simulated' };
    expect(simulatedUnknownTitleInvented.check(controlCaseAt(t, i + 2), contextOf(t))).toMatch(/李欣然, 林欣然, 杨志强/);
    expect(inventedCredits(step.action, step.response.content, '李欣然 林欣然 杨志强')).toBeNull();
    expect(DEFAULT_QUALITY_THRESHOLDS.simulated_unknown_title_invented).toBe(0);
  });

  it('with no slide to copy, the details give only what the list said and Douban\'s own "no synopsis"', () => {
    const [t] = tevalTrajectories(['query_453_1']);
    const r = simulateOffline({ name: 'FilmDouban.print_detail', args: { film_name: '雪豹和她的朋友们' }, tools: t.tools, known: { title: '雪豹和她的朋友们', fields: { region: '中国香港', score: 8.3 } } }, new Rng(1, 'x'));
    const description = (JSON.parse(r.response.replace(/'/g, '"')) as { description: string }).description;
    expect(description).toContain('中国香港');
    expect(description).toContain('暂无剧情简介');
    expect(description).not.toMatch(/导演|主演/);
    const english = simulateOffline({ name: 'FilmDouban.print_detail', args: { film_name: 'The Quiet Orchard' }, tools: t.tools }, new Rng(1, 'y'));
    expect(english.response).not.toMatch(/directed by|starring/);
  });
});

describe('paper titles frame a topic, never the raw query or a film as a research field', () => {
  it('the measure reads the misfits', () => {
    expect(titleMisfit('How To Find The Best Papers On Deep Learning For My Thesis', 'A Survey of How To Find The Best Papers On Deep Learning For My Thesis')).toMatch(/question or an instruction/);
    expect(titleMisfit('tourist attractions New York City', 'Lessons from two decades of tourist attractions New York City')).toMatch(/place New York City/);
    expect(titleMisfit('Interstellar', 'Policy lessons from interstellar')).toMatch(/film Interstellar/);
    expect(titleMisfit('quantum computing', 'Open problems in quantum computing')).toBeUndefined();
    expect(titleMisfit('Interstellar', 'Narrative and time in Interstellar')).toBeUndefined();
    expect(DEFAULT_QUALITY_THRESHOLDS.simulated_title_template_misfit).toBe(0);
  });

  it('the generator takes the topic out of the query and frames films and places as studied', () => {
    expect(paperTopic('How To Find The Best Papers On Deep Learning For My Thesis')?.toLowerCase()).toBe('deep learning');
    expect(paperTopic('The Impact of Social Media on Society')?.toLowerCase()).toBe('social media and society');
    expect(paperTopic('quantum computing')).toBeUndefined();
    for (const q of ['How To Find The Best Papers On Deep Learning For My Thesis', 'The Impact of Social Media on Society', 'tourist attractions New York City', 'Berlin history culture', 'Interstellar', 'The Godfather Part II', 'Spider-Man: No Way Home', 'what is reinforcement learning?', 'role and impact of academic libraries in modern education']) {
      for (let seed = 1; seed <= 5; seed++) {
        const titles = paperTitles({ rng: new Rng(seed, q), args: { query: q }, subject: q, hint: 'GoogleScholar.search_google_scholar', used: new Set() }, 5);
        for (const title of titles) expect(titleMisfit(q, title), `${q}: ${title}`).toBeUndefined();
      }
    }
  });

  it('query_230_1\'s arXiv search for Interstellar passes the measure', () => {
    const t = simulateTrajectory(tevalTrajectories(['query_230_1'])[0]);
    const i = stepIndex(t, 'ArxivSearch.get_arxiv_article_information');
    expect(i).toBeGreaterThanOrEqual(0);
    expect(simulatedTitleTemplateMisfit.check(controlCaseAt(t, i + 2), contextOf(t))).toBeNull();
  });
});

describe('a record picked by its place sits there in the simulated list', () => {
  it('query_392_1: "the third movie from the list" is the third film now playing', () => {
    const t = simulateTrajectory(tevalTrajectories(['query_392_1'])[0]);
    const films = answerOf(t, 0).films as { id: number }[];
    const picked = (toolSteps(t)[1].step.action.args as { movie_id: number }).movie_id;
    expect(films[2].id).toBe(picked);
    const tc = controlCaseAt(t, 2);
    expect(rankContradiction(tc.messages, tc.groundTruth)).toBeUndefined();
    expect(contradictsRanking.check(tc, contextOf(t))).toBeNull();
  });

  it('query_76_2: the third Scholar result holds the cited id, its title and its publication line together', () => {
    const t = simulateTrajectory(tevalTrajectories(['query_76_2'])[0]);
    const search = JSON.parse(toolSteps(t)[0].step.response!.content.replace(/'/g, '"')) as { organic_id: string[]; pub_info: string[] };
    const q = (toolSteps(t)[1].step.action.args as { q: string }).q;
    expect(search.organic_id[2]).toBe(q);
    const author = (toolSteps(t)[2].step.action.args as { mauthors: string }).mauthors;
    expect(search.pub_info[2]).toContain(author);
    const tc = controlCaseAt(t, 2);
    expect(rankContradiction(tc.messages, tc.groundTruth)).toBeUndefined();
  });
});
