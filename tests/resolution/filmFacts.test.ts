/**
 * One film, one region in a task: the now-playing list gives 雪豹和她的朋友们 the region its later
 * slide (copied from the details T-Eval's run saw) gives it, "中国大陆", not a drawn "中国香港"
 * (grounded.ts regionsLater); simulated_film_facts_disagree counts a film two answers of one case
 * give different facts.
 */
import { describe, expect, it } from 'vitest';
import { toolSteps } from '../../pipeline/steps.js';
import { filmFactsDisagree, filmRuntimeImplausible } from '../../pipeline/quality/measures/simulatedRecords.js';
import { tevalTrajectories } from '../diversify/fixtures/vendored.js';
import { simulateTrajectory } from '../support/simulatedCases.js';
import type { Trajectory } from '../../pipeline/schemas.js';
import { carryPlan, type GroundingView } from '../../pipeline/resolution/grounded.js';
import { simulateOffline } from '../../pipeline/resolution/simulatorRules.js';
import { filmsDisagree, filmsShown, shownFilm, type KnownFacts } from '../../pipeline/resolution/knownFacts.js';
import { parseToolResponse } from '../../pipeline/prompts/parseAction.js';
import { Rng } from '../../pipeline/rng.js';

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
    // TMDB's own genre records ({'id': 35, 'name': 'Comedy'}), as its recorded details answers give them.
    expect(d.genres).toContainEqual({ id: 35, name: 'Comedy' });
    expect(d.genres.map((g: { name: string }) => g.name)).not.toContain('Science Fiction');
  });
});

/**
 * One film, one set of facts in a task (KnownFacts.films): a simulated chart that picks a film the
 * task's recorded answers give (anywhere in the trajectory) or an earlier answer showed takes their
 * popularity, rating and date, and keeps them with the film through the chart's ranking.
 */
describe('a simulated chart gives the films the task records their recorded facts', () => {
  // query_148_0's recorded popular list (T-Eval's run), the step after the simulated now-playing list.
  const popular = "{'films': [{'id': 299054, 'title': 'Expend4bles', 'release_date': '2023-09-15', 'vote_average': 6.4, 'popularity': 2919.272}, {'id': 575264, 'title': 'Mission: Impossible - Dead Reckoning Part One', 'release_date': '2023-07-08', 'vote_average': 7.7, 'popularity': 2305.783}, {'id': 926393, 'title': 'The Equalizer 3', 'release_date': '2023-08-30', 'vote_average': 7.2, 'popularity': 1692.461}, {'id': 968051, 'title': 'The Nun II', 'release_date': '2023-09-06', 'vote_average': 7, 'popularity': 1323.967}, {'id': 554600, 'title': 'Uri: The Surgical Strike', 'release_date': '2019-01-11', 'vote_average': 7.2, 'popularity': 1462.024}]}";
  const answer = (t: Trajectory, i: number, known?: KnownFacts) => {
    const view: GroundingView = { known: (m) => (m === 1 && t.id.endsWith('148_0') ? popular : undefined), simulated: (m) => !(m === 1 && t.id.endsWith('148_0')) };
    const s = toolSteps(t)[i];
    return simulateOffline({ name: s.step.action.name, args: s.step.action.args, tools: t.tools, carry: carryPlan(t, view).carries[i], ...(known ? { known } : {}) }, new Rng(1, t.id, String(i))).response;
  };

  it('query_148_0: the now-playing list gives Expend4bles, The Equalizer 3 and The Nun II their recorded popularity (2919.272, not a drawn 18029), still ranked', () => {
    const t = tevalTrajectories(['query_148_0'])[0];
    const playing = answer(t, 0, { films: filmsShown([popular]) });
    const films = (parseToolResponse(playing) as { films: { id: number; popularity: number; vote_average: number }[] }).films;
    expect(films.find((f) => f.id === 299054)).toMatchObject({ popularity: 2919.272, vote_average: 6.4 });
    for (const f of films) {
      const recorded = shownFilm(filmsShown([popular]), f.id, undefined);
      if (recorded) expect(f.popularity).toBe(recorded.facts.popularity);
    }
    expect(filmFactsDisagree([{ content: playing, simulated: true }, { content: popular, simulated: false }])).toBeNull();
    // Without the task's films (the old simulator), the list draws its own popularity for the same film.
    expect(filmFactsDisagree([{ content: answer(t, 0), simulated: true }, { content: popular, simulated: false }])).toMatch(/popularity/);
  });

  it('query_262_2: The Equalizer 3 in the simulated popular list has the rating its recorded details give (7.3, not the table\'s 7.2)', () => {
    const t = tevalTrajectories(['query_262_2'])[0];
    const details = "{'id': 926393, 'genres': [{'id': 28, 'name': 'Action'}], 'release_date': '2023-08-30', 'runtime': 109, 'title': 'The Equalizer 3', 'vote_average': 7.3, 'popularity': 1965.688}";
    const list = answer(t, 0, { films: filmsShown([details]) });
    const films = (parseToolResponse(list) as { films: { id: number; popularity: number; vote_average: number }[] }).films;
    expect(films.find((f) => f.id === 926393)).toMatchObject({ vote_average: 7.3, popularity: 1965.688 });
    // Still ranked by popularity.
    expect(films.map((f) => f.popularity)).toEqual([...films.map((f) => f.popularity)].sort((a, b) => b - a));
  });

  it('query_486_2: the similar list gives The Shawshank Redemption the popularity the top-rated list before it gave, and never the queried film', () => {
    const t = tevalTrajectories(['query_486_2'])[0];
    const top = answer(t, 0);
    const similar = answer(t, 1, { films: filmsShown([top]) });
    expect(filmFactsDisagree([{ content: top, simulated: true }, { content: similar, simulated: true }])).toBeNull();
    expect((parseToolResponse(similar) as { films: { id: number }[] }).films.map((f) => f.id)).not.toContain(238);
  });

  it('filmsDisagree: a recording made for another task that gives a shown film another popularity', () => {
    const shown = filmsShown([JSON.stringify({ films: [{ id: 238, title: 'The Godfather', vote_average: 8.7, popularity: 14136 }] })]);
    expect(filmsDisagree(filmsShown(["{'id': 238, 'title': 'The Godfather', 'vote_average': 8.709, 'popularity': 118.372}"]), shown)).toMatch(/238: popularity 118.372 and 14136/);
    expect(filmsDisagree(filmsShown(["{'id': 238, 'title': 'The Godfather', 'vote_average': 8.709, 'popularity': 14136}"]), shown)).toBeUndefined();
  });
});

describe('a slide headed for one kind of film list copies that list (api-simulator-70)', () => {
  it('query_472_2: the "Currently Playing Movies" slide is carried into the now-playing list, not the top-rated one', async () => {
    const { simulateTrajectory } = await import('../support/simulatedCases.js');
    const { tevalTrajectories } = await import('../diversify/fixtures/vendored.js');
    const { toolSteps } = await import('../../pipeline/steps.js');
    const t = simulateTrajectory(tevalTrajectories(['query_472_2'])[0]);
    const [playing, rated] = toolSteps(t).slice(0, 2).map((s) => JSON.parse(s.step.response!.content).films as { title: string; popularity: number }[]);
    expect(playing.find((f) => f.title === 'Expend4bles')?.popularity).toBe(2085.194);
    // No film of the now-playing slide in the top-rated list, so no film with two popularities.
    expect(rated.some((f) => f.title === 'Expend4bles')).toBe(false);
  });
});

/**
 * A fact an earlier answer showed keeps its decimals (api-simulator-133): the merged h-fields27 wrote
 * a drawn details answer's floats with the places its field's recordings print, and so wrote The
 * Shawshank Redemption's 8.7 from the top-rated list as 8.784 in its details (teval_query_107_1:
 * simulated_film_facts_disagree 61/136 on int27-fields-try's m2). Only drawn values take the places.
 */
describe('a film\'s facts an earlier answer showed keep what it showed', () => {
  const t = tevalTrajectories(['query_107_1'])[0];
  // get_movie_details as T-Eval recorded it: ratings and popularity with three places.
  const recorded = [
    "{'id': 238, 'title': 'The Godfather', 'release_date': '1972-03-14', 'runtime': 175, 'vote_average': 8.709, 'popularity': 118.372}",
    "{'id': 299054, 'title': 'Expend4bles', 'release_date': '2023-09-15', 'runtime': 103, 'vote_average': 6.354, 'popularity': 2919.272}",
    "{'id': 968051, 'title': 'The Nun II', 'release_date': '2023-09-06', 'runtime': 110, 'vote_average': 6.512, 'popularity': 1323.967}",
  ];
  const details = (movieId: number, known?: KnownFacts, seed = 1) =>
    parseToolResponse(simulateOffline({ name: 'FilmTMDB.get_movie_details', args: { movie_id: movieId }, tools: t.tools, examples: [], recorded, ...(known ? { known } : {}) }, new Rng(seed, 'shown-places')).response) as Record<string, unknown>;
  const num = (v: unknown) => (typeof v === 'number' ? v : Number(String((v as { value?: number })?.value ?? v)));

  it('teval_query_107_1: the details of The Shawshank Redemption, listed at 8.7, say 8.7', () => {
    for (let seed = 1; seed <= 10; seed++) {
      const d = details(278, { title: 'The Shawshank Redemption', fields: { release_date: '1994-09-23', vote_average: 8.7, popularity: 4575.403 } }, seed);
      expect(num(d.vote_average)).toBe(8.7);
      expect(num(d.popularity)).toBe(4575.403);
    }
  });

  it('a rating another answer of the task gives (KnownFacts.films) stays as given: Expend4bles 6.3, a whole 7 for The Nun II', () => {
    expect(num(details(299054, { films: [{ id: 299054, title: 'Expend4bles', facts: { vote_average: 6.3 } }] }).vote_average)).toBe(6.3);
    // The list's whole 7 is written as the details' recordings write a rating, 7.0: its type alone (simulated_field_form_unlike_recorded 16 on b2).
    const nun = simulateOffline({ name: 'FilmTMDB.get_movie_details', args: { movie_id: 968051 }, tools: t.tools, examples: [], recorded, known: { title: 'The Nun II', fields: { vote_average: 7 } } }, new Rng(1, 'shown-places')).response;
    expect(nun).toMatch(/"vote_average": 7\.0\b/);
  });

  it('a film nothing shown rates is drawn with the places its field is recorded with', () => {
    const d = details(555555001);
    if (typeof d.vote_average === 'number' && !Number.isInteger(d.vote_average)) expect(String(d.vote_average)).toMatch(/^\d+\.\d{2,3}$/);
  });
});

/**
 * simulated_film_runtime_implausible (api-simulator-134): a drawn film ran any length from 5 to 180
 * minutes, and "Nowhere" (2023, 109 minutes), which the film table gave no runtime, ran 12 in
 * teval_query_262_2 (12/122 cases on g0, 16/112 on h-fields28 b3).
 */
describe('a simulated film runs as a feature film does', () => {
  const t = tevalTrajectories(['query_262_2'])[0];
  const runtime = (movieId: number, seed: number) =>
    (parseToolResponse(simulateOffline({ name: 'FilmTMDB.get_movie_details', args: { movie_id: movieId }, tools: t.tools, examples: [] }, new Rng(seed, 'runtime')).response) as { runtime?: unknown }).runtime;

  it('the measure flags a film under an hour or over four, passes a feature\'s length', () => {
    expect(filmRuntimeImplausible({ title: 'Nowhere', runtime: 12 })).toMatch(/"Nowhere" runs 12 minutes/);
    expect(filmRuntimeImplausible({ title: 'Epic', runtime: 300 })).toMatch(/runs 300 minutes/);
    expect(filmRuntimeImplausible({ title: 'Nowhere', runtime: 109 })).toBeNull();
    expect(filmRuntimeImplausible({ title: 'Nowhere' })).toBeUndefined();
  });

  it('teval_query_262_2: Nowhere runs its 109 minutes; a film nothing knows runs 85 to 160', () => {
    for (let seed = 1; seed <= 20; seed++) {
      expect(runtime(1151534, seed)).toBe(109);
      const drawn = runtime(555555000 + seed, seed);
      expect(typeof drawn).toBe('number');
      expect(filmRuntimeImplausible({ runtime: drawn })).toBeNull();
    }
  });
});
