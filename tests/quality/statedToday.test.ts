/**
 * Simulated answers agree with the day the case fixes as today. query_450_0's user asks for the
 * weather "for today, October 20, 2023", yet the simulator, which read today only from a clock, a
 * weekday or a call's date, listed the coming films from 2024-11-09; query_220_2's clock says
 * 2020-09-29 and the films now playing opened 2023-12-20. The reader of the user's words
 * (statedToday.ts), its place in taskToday, the measure (simulated_date_contradicts_today) and the
 * simulator obeying it, on real T-Eval plans.
 */
import { describe, expect, it } from 'vitest';
import type { TestCase, Trajectory } from '../../pipeline/schemas.js';
import { statedToday } from '../../pipeline/resolution/statedToday.js';
import { agreeingCarries, knownFacts, taskToday } from '../../pipeline/resolution/knownFacts.js';
import { datesContradictToday, misdatedForecast } from '../../pipeline/quality/measures/solvable.js';
import { carryPlan } from '../../pipeline/resolution/grounded.js';
import { simulateOffline } from '../../pipeline/resolution/simulatorRules.js';
import { toolSteps } from '../../pipeline/steps.js';
import { Rng } from '../../pipeline/rng.js';
import { parseJson } from '../../pipeline/pyValues.js';
import { tevalTrajectories } from '../diversify/fixtures/vendored.js';

describe('the day the user says it is', () => {
  it('reads words that say a date is today, in the forms people write', () => {
    expect(statedToday('Lastly, what is the weather forecast in Beijing for today, October 20, 2023?')).toBe('2023-10-20');
    expect(statedToday('Today is 2023-10-20. Book the room on 2023-10-25.')).toBe('2023-10-20');
    expect(statedToday("today's date is 20/10/2023")).toBe('2023-10-20');
    expect(statedToday('The current date is Friday, October 20th 2023.')).toBe('2023-10-20');
    expect(statedToday("It's October 20, 2023 today, so which films open soon?")).toBe('2023-10-20');
    expect(statedToday('2023-10-20 (today): the weather, please')).toBe('2023-10-20');
    expect(statedToday('今天是2023年10月20日，请帮我查一下天气')).toBe('2023-10-20');
    // No year said: another full date of the text, else the year a call takes, else 2023.
    expect(statedToday('let me know the weather forecast for today, October 17, in New York City.')).toBe('2023-10-17');
    expect(statedToday('the weather for today, October 17, in New York City', '2024')).toBe('2024-10-17');
  });

  it('takes no date said for something else, a range, or a date it cannot read one way', () => {
    expect(statedToday('Book a meeting on 2023-10-25 from 14:00 to 16:00.')).toBeUndefined();
    expect(statedToday('book a meeting room for a team meeting today from 14:00 to 16:00')).toBeUndefined();
    expect(statedToday('find the news today, 2023-10-20 to 2023-10-25')).toBeUndefined();
    expect(statedToday('today is 10/11/2023')).toBeUndefined();
    expect(statedToday('请查询2023年10月25日的会议')).toBeUndefined();
    expect(statedToday('a first-class flight on December 15th 2026 today')).toBeUndefined();
  });

  it('taskToday: the user\'s word first, then a clock, a weekday, the dates calls take', () => {
    const clock = { name: 'TimeTool.get_curr_time', args: {}, response: '{"time": "2020-09-29 05:30"}' };
    expect(taskToday({}, [clock], 'What is on? Today is October 20, 2023.')).toBe('2023-10-20');
    expect(taskToday({}, [clock], 'What is on?')).toBe('2020-09-29');
    expect(taskToday({ date: '2024-03-02' }, [], 'the weather for today, March 1')).toBe('2024-03-01');
  });
});

const step = (name: string, args: Record<string, unknown>, content: string) => ({ action: { name, args }, response: { content, tier: 'simulated' as const } });
const doc = (name: string, description: string, fields: string[]) => ({ name, description, required_parameters: [], optional_parameters: [], return_data: fields.map((f) => ({ name: f, description: '' })) });
const TOOLS = [
  doc('FilmDouban.coming_out_filter', 'prints the details of the filtered [outNum] coming films in China', ['film']),
  doc('FilmDouban.now_playing_out_filter', 'prints the details of the filtered [outNum] playing films now in China', ['film']),
  doc('TimeTool.get_curr_time', 'Get curr time: get current time.', ['time']),
  doc('TimeTool.get_weekday', 'get the weekday today', ['weekday']),
];
function caseOf(user: string, steps: { name: string; args: Record<string, unknown>; content: string }[]) {
  const trajectory = { id: 't', source: 'teval', tools: TOOLS, final: '', meta: {}, turns: [{ user, steps: steps.map((s) => step(s.name, s.args, s.content)) }] } as unknown as Trajectory;
  const tc = { id: 'c', kind: 'internal', errorType: '', cot: false, trajectoryId: 't', source: 'teval', k: steps.length + 1, tools: TOOLS, groundTruth: { name: 'FinishAction', args: 'x' }, provenance: { methods: {}, parents: [] }, messages: [{ role: 'user', content: user }, ...steps.map((s) => ({ role: 'function', content: s.content }))] } as unknown as TestCase;
  return { tc, ctx: { trajectory: () => trajectory, baseCase: () => undefined } };
}
const films = (...dates: string[]) => JSON.stringify({ film: dates.map((date, i) => ({ date, title: `Film ${i}` })) });
const USER = 'Which films are coming soon? And the weather in Beijing for today, October 20, 2023?';

describe('simulated_date_contradicts_today', () => {
  it('flags coming films dated before the day the user says it is, and passes those after it', () => {
    const bad = caseOf(USER, [{ name: 'FilmDouban.coming_out_filter', args: {}, content: films('2023-09-01', '2023-09-02') }]);
    expect(datesContradictToday.check(bad.tc, bad.ctx)).toMatch(/dates what is ahead 2023-09-01 .*today as 2023-10-20/);
    const good = caseOf(USER, [{ name: 'FilmDouban.coming_out_filter', args: {}, content: films('2023-10-21', '2023-10-22') }]);
    expect(datesContradictToday.check(good.tc, good.ctx)).toBeNull();
  });

  it('flags films now playing that open after the clock shown before, and a clock or weekday for another day', () => {
    const clock = { name: 'TimeTool.get_curr_time', args: {}, content: '{"time": "2020-09-29 05:30"}' };
    const late = caseOf('What is on?', [clock, { name: 'FilmDouban.now_playing_out_filter', args: {}, content: films('2023-12-20') }]);
    expect(datesContradictToday.check(late.tc, late.ctx)).toMatch(/dates what is past 2023-12-20 .*today as 2020-09-29/);
    const fine = caseOf('What is on?', [clock, { name: 'FilmDouban.now_playing_out_filter', args: {}, content: films('2020-09-10') }]);
    expect(datesContradictToday.check(fine.tc, fine.ctx)).toBeNull();
    const otherClock = caseOf(USER, [{ name: 'TimeTool.get_curr_time', args: {}, content: '{"time": "2020-09-29 05:30"}' }]);
    expect(datesContradictToday.check(otherClock.tc, otherClock.ctx)).toMatch(/current date is 2020-09-29/);
    const weekday = caseOf(USER, [{ name: 'TimeTool.get_weekday', args: {}, content: '{"weekday": "Monday"}' }]);
    expect(datesContradictToday.check(weekday.tc, weekday.ctx)).toMatch(/a Monday; .*a Friday/);
    // Nothing fixes today (no words, no clock): not in the population.
    const unfixed = caseOf('Which films are coming soon?', [{ name: 'FilmDouban.coming_out_filter', args: {}, content: films('2019-01-01') }]);
    expect(datesContradictToday.check(unfixed.tc, unfixed.ctx)).toBeUndefined();
  });
});

/** The rules' answers to a trajectory's steps, each told what the task showed before it, as resolve tells it. */
function resolveByRules(t: Trajectory): { name: string; args: unknown; response: string }[] {
  const steps = toolSteps(t);
  const plan = carryPlan(t, { known: () => undefined, simulated: () => true });
  const done: { name: string; args: unknown; response: string }[] = [];
  steps.forEach((s, i) => {
    const { name, args } = s.step.action;
    const known = knownFacts(args, done);
    const said = t.turns.slice(0, s.turnIndex + 1).map((turn) => turn.user).join('\n');
    const today = taskToday(args, done, said);
    const r = simulateOffline({ name, args, tools: t.tools, carry: agreeingCarries(plan.carries[i], known), ...(known ? { known } : {}), ...(today ? { today } : {}) }, new Rng(1, t.id, String(i)));
    done.push({ name, args, response: r.response || JSON.stringify({ error: r.error }) });
  });
  return done;
}

function asCase(t: Trajectory, answers: { name: string; args: unknown; response: string }[]) {
  const steps = toolSteps(t);
  steps.forEach((s, i) => (s.step.response = { content: answers[i].response, tier: 'simulated' }));
  const tc = { id: 'c', kind: 'internal', errorType: '', cot: false, trajectoryId: t.id, source: 'teval', k: steps.length + 1, tools: t.tools, groundTruth: { name: 'FinishAction', args: 'x' }, provenance: { methods: {}, parents: [] }, messages: [...t.turns.map((turn) => ({ role: 'user', content: turn.user })), ...answers.map((a) => ({ role: 'function', content: a.response }))] } as unknown as TestCase;
  return { tc, ctx: { trajectory: () => t, baseCase: () => undefined } };
}

describe('the simulator dates answers from the day the case fixes', () => {
  it('query_450_0: the coming films open after "today, October 20, 2023"', () => {
    const [t] = tevalTrajectories(['query_450_0']);
    expect(t.turns[0].user).toMatch(/today, October 20, 2023/);
    const answers = resolveByRules(t);
    const coming = parseJson(answers.find((a) => a.name === 'FilmDouban.coming_out_filter')!.response) as { film: { date: string }[] };
    expect(coming.film.length).toBeGreaterThan(0);
    // Douban writes a coming film's day without its year ("11月17日"), as its recorded answer does: this autumn's.
    const iso = (d: string) => ((m) => (m ? `2023-${m[1].padStart(2, '0')}-${m[2].padStart(2, '0')}` : d))(/^(\d{1,2})月(\d{1,2})日$/.exec(d));
    for (const f of coming.film) expect(iso(f.date) > '2023-10-20' && iso(f.date) <= '2023-12-31', f.date).toBe(true);
    const { tc, ctx } = asCase(t, answers);
    expect(datesContradictToday.check(tc, ctx)).not.toBeTruthy();
    expect(misdatedForecast.check(tc, ctx)).not.toBeTruthy();
  });

  it('query_220_2: the films now playing carry no opening day (Douban\'s recorded now-playing list gives none), so none contradicts the clock', () => {
    const [t] = tevalTrajectories(['query_220_2']);
    const answers = resolveByRules(t);
    const playing = parseJson(answers.find((a) => a.name === 'FilmDouban.now_playing_out_filter')!.response) as { film: Record<string, unknown>[] };
    expect(playing.film.length).toBeGreaterThan(0);
    for (const f of playing.film) expect(f.date).toBeUndefined();
    const { tc, ctx } = asCase(t, answers);
    expect(datesContradictToday.check(tc, ctx)).not.toBeTruthy();
  });
});
