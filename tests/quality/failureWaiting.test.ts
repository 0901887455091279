/**
 * After a failure, what waits on the failed call and what it was for (answer-writer 99, diversify-external 41):
 * - answer_failure_waiting_told_pending: teval_query_144_2-env-k1 said "Still to do: checking the availability."
 *   after the property search failed, though check_availability takes the property id 691676460109271194 that
 *   search was to list (steps.ts read no bigint argument): 3/47 on g0.
 * - answer_failed_task_overcounted: teval_query_217_1-env-k2 said "getting the details of the three films did
 *   not" where the plan reads one film's details: 4/496 on g0.
 */
import { describe, expect, it } from 'vitest';
import type { TestCase, Trajectory } from '../../pipeline/schemas.js';
import { stepsOnAnswerOf, toolSteps } from '../../pipeline/steps.js';
import { stepsWaitingOn } from '../../pipeline/afterFailure.js';
import { answerFailedTaskOvercounted, answerFailureWaitingToldPending } from '../../pipeline/quality/measures/failureAnswers.js';
import { partialOpener } from '../../stages/resolve/failureSentences.js';
import { Rng } from '../../pipeline/rng.js';
import { tevalTrajectories } from '../diversify/fixtures/vendored.js';
import { simulateTrajectory } from '../support/simulatedCases.js';

const closing = (t: Trajectory, k: number, answer: string): TestCase =>
  ({
    id: 'x', kind: 'external', errorType: '', k, cot: false, trajectoryId: t.id, source: 'teval', tools: t.tools,
    messages: [{ role: 'system', content: 'tools' }, { role: 'user', content: t.turns[0].user }],
    groundTruth: [toolSteps(t)[k - 1].step.action, { name: 'FinishAction', args: answer }],
    provenance: { methods: {}, origin: '', parents: [] },
  }) as unknown as TestCase;

describe('a later step taking an id past 2^53 the failed call was to give (teval_query_144_2)', () => {
  // The fixture reads T-Eval's JSON as JS numbers; the pipeline reads ids past 2^53 exactly, as bigints (pyValues.ts).
  const EXACT = '691676460109271194';
  const read = simulateTrajectory(tevalTrajectories(['query_144_2'])[0]);
  const rounded = String(Number(EXACT));
  const t: Trajectory = {
    ...read,
    turns: read.turns.map((turn) => ({
      ...turn,
      steps: turn.steps.map((s) => ({
        ...s,
        action: { ...s.action, args: Object.fromEntries(Object.entries(s.action.args as Record<string, unknown>).map(([k, v]) => [k, v === Number(EXACT) ? BigInt(EXACT) : v])) },
        ...(s.response ? { response: { ...s.response, content: s.response.content.split(rounded).join(EXACT) } } : {}),
      })),
    })),
  };
  const steps = toolSteps(t);
  const availability = steps.find((s) => s.step.action.name === 'AirbnbSearch.check_availability')!;

  it('reads the bigint id as a value the search answered, so the availability check waits on it (failed before steps.ts read bigints)', () => {
    expect(typeof (availability.step.action.args as Record<string, unknown>).propertyId).toBe('bigint');
    expect(stepsOnAnswerOf(t, 1).map((s) => s.k)).toContain(availability.k);
    expect(stepsWaitingOn(t, 1).has(availability.k)).toBe(true);
  });

  it('the measure flags the availability check told as merely still to do, and passes it told as waiting', () => {
    const ctx = { trajectory: () => t, baseCase: () => undefined };
    const told = (answer: string) => answerFailureWaitingToldPending.check(closing(t, 1, answer), ctx);
    expect(told('My attempt to search for properties in "New York City" failed. Getting the property checkout price needs it first. Still to do: checking the availability. Shall I try again?')).toMatch(/^AirbnbSearch\.check_availability takes 691676460109271194/);
    expect(told('My attempt to search for properties in "New York City" failed. Getting the property checkout price and checking the availability need it first. Shall I try again?')).toBeUndefined();
  });
});

describe('a failed look-up counted for the films the turn plans it for (teval_query_217_1)', () => {
  const request = 'Find out which movies are currently showing in China and retrieve the details of the first three movies. Afterward, choose the first movie and obtain its description.';
  const films = "{'film': [{'title': 'A'}, {'title': 'B'}, {'title': 'C'}]}";
  const list = { name: 'FilmDouban.now_playing_out_filter', args: {}, response: films };
  const failed = { name: 'FilmDouban.print_detail', args: { film_name: 'A' }, response: '', error: 'HTTP 503 Service Unavailable' };

  it('says the one planned look-up for the film, and the three when three are planned (failed on answer-writer-98)', () => {
    for (let seed = 0; seed < 12; seed++) {
      expect(partialOpener([list, failed], new Rng(seed, 'films'), [], request)).not.toMatch(/three films/);
    }
    const waiting = [{ name: 'FilmDouban.print_detail', args: { film_name: 'B' } }, { name: 'FilmDouban.print_detail', args: { film_name: 'C' } }];
    const openers = Array.from({ length: 12 }, (_, seed) => partialOpener([list, failed], new Rng(seed, 'films'), waiting, request)).filter(Boolean);
    expect(openers.length).toBeGreaterThan(0);
    for (const o of openers) expect(o).toMatch(/the details of the three films/);
  });

  it('the measure flags the opener counting three where the plan has one look-up', () => {
    const t = simulateTrajectory(tevalTrajectories(['query_217_1'])[0]);
    const k = toolSteps(t).findIndex((s) => s.step.action.name === 'FilmDouban.print_detail') + 1;
    const ctx = { trajectory: () => t, baseCase: () => undefined };
    const check = (answer: string) => answerFailedTaskOvercounted.check(closing(t, k, answer), ctx);
    expect(check('Looking up the films now playing came through; getting the details of the three films did not. Is it worth another try?')).toMatch(/"the three films" where the turn plans print_detail for 1/);
    expect(check('Looking up the films now playing came through; getting the details of the film did not. Is it worth another try?')).toBeNull();
  });
});

describe('a word the later step shares with the failed call tells neither apart (teval_query_431_2-env-k12, lead37)', () => {
  const step = (name: string, args: Record<string, unknown>, content: string) => ({ action: { name, args }, response: { content } });
  const t = {
    id: 't', source: 'teval', tools: [],
    turns: [{ user: 'Make a deck about Inception with a slide for each review, an image on each.', steps: [
      step('PPT.get_image', { keywords: 'Inception movie review' }, "{'picture_url': 'outputs/1697985912.345337.jpg'}"),
      step('PPT.add_text_image_page', { title: 'User Review 1', bullet_items: 'A', image: 'outputs/1697985912.345337.jpg' }, "{'status': 'added page'}"),
      step('PPT.get_image', { keywords: 'Inception movie review' }, "{'picture_url': 'outputs/1697985965.4999645.jpg'}"),
      step('PPT.add_text_image_page', { title: 'User Review 2', bullet_items: 'B', image: 'outputs/1697985965.4999645.jpg' }, "{'status': 'added page'}"),
      step('PPT.get_image', { keywords: 'Inception movie review' }, "{'picture_url': 'outputs/1697986000.1.jpg'}"),
      step('PPT.save_file', {}, "{'status': 'saved'}"),
    ] }],
  } as unknown as Trajectory;
  it('passes "getting another image" as a later get_image, and flags the page that takes the failed image told as still to do', () => {
    const ctx = { trajectory: () => t, baseCase: () => undefined };
    const told = (answer: string) => answerFailureWaitingToldPending.check(closing(t, 3, answer), ctx);
    expect(told('When I tried to get the image, the connection was refused. Adding the page with text and an image waits on it. Still to do: getting another image and saving the presentation file.')).toBeNull();
    expect(told('When I tried to get the image, the connection was refused. Still to do: adding the page with text and an image and saving the presentation file.')).toMatch(/^PPT\.add_text_image_page takes 1697985965/);
    // Lead38 (answer-writer-137): the waiting page told as waiting, and "another" page of its kind still to do, is that later page.
    expect(told('When I tried to get the image, the connection was refused. Adding the page with text and an image waits on it. Still to do: getting another image, adding another page with text and an image and saving the presentation file.')).toBeNull();
    // Without the waiting one told, "another page" still leaves the page that takes the failed image as merely still to do.
    expect(told('When I tried to get the image, the connection was refused. Still to do: getting another image, adding another page with text and an image and saving the presentation file.')).toMatch(/^PPT\.add_text_image_page takes 1697985965/);
  });
});
