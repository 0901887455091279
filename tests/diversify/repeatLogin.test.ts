/**
 * A tool selection error calls a tool that does not do what the step needs. Two draws did not:
 * (1) a login the request invites — "I (user id 'USR001') request you dispatch a message…" answered
 * by message_login(user_id="USR001") before send_message (bfcl_multi_turn_base_114 k5); (2) the step
 * just before done again — search_nearby(search_term="restaurant") right after
 * search_nearby(places="Times Square", radius=1000, search_term="restaurant") when get_coordinates is
 * due (teval_query_187_1 k2, query_264_0 k3). On the build of f182e81 (error-injectors@38) these were
 * 1.3% (4/309) and 9.7% (30/309) of tool_select cases.
 */
import { describe, expect, it } from 'vitest';
import type { Trajectory } from '../../pipeline/schemas.js';
import { applicability, inject, toolkitOf } from '../../pipeline/errors/index.js';
import { invitedLogin, plausiblePrecheck, repeatsPrevious } from '../../pipeline/errors/benignSelect.js';
import { toolSelectPlausiblePrecheck, toolSelectRepeatsPrevious } from '../../pipeline/quality/measures/errors.js';
import { toolSteps } from '../../pipeline/steps.js';
import { injectionInputFor, toolkitIndex } from '../../stages/diversify-internal/inputs.js';
import { Rng } from '../../pipeline/rng.js';
import { isCalendarWord } from '../../pipeline/errors/kinds.js';
import { bfclTrajectories, tevalTrajectories } from './fixtures/vendored.js';

const [msg] = bfclTrajectories([114]);
const teval = tevalTrajectories(['query_187_1', 'query_264_0', 'query_13_1']);
const tools = [...msg.tools, ...teval.flatMap((t) => t.tools)];

const send = { name: 'MessageAPI.send_message', args: { receiver_id: 'USR005', message: 'Hi' } };
const login = { name: 'MessageAPI.message_login', args: { user_id: 'USR001' } };
const nearby = { name: 'BINGMap.search_nearby', args: { places: 'Times Square', radius: 1000, search_term: 'restaurant' } };
const coords = { name: 'BINGMap.get_coordinates', args: { location: 'Central Park' } };

describe('a login the request invites', () => {
  it('is a step the request invites when the user gives every value it takes, not otherwise', () => {
    const request = "I (user id 'USR001') request you dispatch a message to my colleague";
    expect(invitedLogin(send, login, tools, request)).toMatch(/the user gave/);
    expect(plausiblePrecheck(send, login, tools, request)).toMatch(/invites/);
    expect(invitedLogin(send, login, tools, 'Send my colleague a message')).toBeUndefined();
    expect(invitedLogin(send, { name: 'MessageAPI.message_login', args: { user_id: 'USR002' } }, tools, request)).toBeUndefined();
    // A call that is no login stays a wrong tool.
    expect(invitedLogin(send, { name: 'MessageAPI.delete_message', args: { receiver_id: 'USR001' } }, tools, request)).toBeUndefined();
  });
});

describe('the step just before done again', () => {
  it('is a repeat when it names nothing the correct call names or keeps that step\'s values; the previous tool given the correct call\'s object is a wrong tool', () => {
    expect(repeatsPrevious(coords, { name: nearby.name, args: { search_term: 'restaurant' } }, nearby, tools)).toMatch(/repeat/);
    expect(repeatsPrevious({ name: 'Email.show', args: { only_unread: false } }, { name: nearby.name, args: { search_term: 'restaurant' } }, nearby, tools)).toMatch(/repeat/);
    expect(repeatsPrevious({ name: 'Weather.get_weather_today', args: { location: 'New York City' } }, { name: 'BINGMap.get_route', args: { start: 'New York City', end: 'Battery Park' } }, { name: 'BINGMap.get_route', args: { start: 'Central Park', end: 'Battery Park' } }, tools)).toMatch(/end="Battery Park"/);
    const arxiv = 'ArxivSearch.get_arxiv_article_information';
    expect(repeatsPrevious({ name: nearby.name, args: { places: 'Metropolitan Museum of Art', search_term: 'art gallery' } }, { name: arxiv, args: { query: 'art gallery' } }, { name: arxiv, args: { query: 'art exhibitions' } }, tools)).toBeUndefined();
    // Not the tool of the step just before: no repeat.
    expect(repeatsPrevious(coords, { name: nearby.name, args: { search_term: 'restaurant' } }, { name: arxiv, args: { query: 'x' } }, tools)).toBeUndefined();
  });
});

describe('the measures', () => {
  const tc = (t: Trajectory, k: number, gt: object, wrong: object, user: string) =>
    ({ id: 'c', kind: 'internal', errorType: 'tool_select_error', cot: false, trajectoryId: t.id, source: 'teval', k, tools, groundTruth: gt, erroneousAction: wrong, provenance: { methods: {}, parents: [] }, messages: [{ role: 'user', content: user }, { role: 'assistant', content: JSON.stringify(wrong) }, { role: 'function', content: '{}' }] }) as never;

  it('flag the invited login and the repeat, pass a wrong tool', () => {
    const ctx = { trajectory: () => msg, baseCase: () => undefined } as never;
    expect(toolSelectPlausiblePrecheck.check(tc(msg, 5, send, login, "I (user id 'USR001') request you dispatch a message"), ctx)).toMatch(/invites/);
    expect(toolSelectPlausiblePrecheck.check(tc(msg, 5, send, login, 'Dispatch a message'), ctx)).toBeNull();
    const [t187] = teval;
    const steps = toolSteps(t187);
    const k = steps.findIndex((s, i) => i > 0 && steps[i - 1].step.action.name === nearby.name) + 1;
    expect(k).toBeGreaterThan(1);
    const c187 = { trajectory: () => t187, baseCase: () => undefined } as never;
    const gt = steps[k - 1].step.action;
    expect(toolSelectRepeatsPrevious.check(tc(t187, k, gt, { name: nearby.name, args: { search_term: (steps[k - 2].step.action.args as Record<string, unknown>).search_term } }, 'q'), c187)).toMatch(/repeat/);
    expect(toolSelectRepeatsPrevious.check(tc(t187, k, gt, { name: 'BINGMap.get_distance', args: { start: 'Times Square', end: 'Central Park' } }, 'q'), c187)).toBeNull();
  });
});

describe('the rules injector', () => {
  it('draws neither, over every step of these trajectories', () => {
    const trajectories = [msg, ...teval, ...bfclTrajectories([1, 26, 140, 161, 188])];
    const toolkits = toolkitIndex(trajectories);
    let made = 0;
    for (const t of trajectories) {
      const steps = toolSteps(t);
      for (const { k, step } of steps) {
        const input = injectionInputFor(t, k, toolkits.get(toolkitOf(step.action.name)) ?? []);
        if (!applicability('tool_select_error', input).ok) continue;
        const requests = [...(input.earlierRequests ?? []), input.query].join('\n');
        for (let seed = 0; seed < 4; seed++) {
          const { action } = inject('tool_select_error', input, new Rng(seed, t.id, `k${k}`));
          made++;
          expect(invitedLogin(input.correct, action, input.tools, requests), `${t.id} k=${k}`).toBeUndefined();
          expect(repeatsPrevious(input.correct, action, steps[k - 2]?.step.action, input.tools), `${t.id} k=${k}: ${action.name}`).toBeUndefined();
          for (const v of Object.values(action.args as Record<string, unknown>)) expect(typeof v === 'string' && isCalendarWord(v), `${t.id} k=${k}: ${action.name}(${String(v)})`).toBe(false);
        }
      }
    }
    expect(made).toBeGreaterThan(30);
  });
});

describe('a short month or weekday', () => {
  it('is no name: "Sept" of "Friday 19th Sept 2026" is no location (bfcl_multi_turn_base_188 k1 called get_nearest_airport_by_city(location="Sept"))', async () => {
    const { valueKindProblem, isCalendarWord } = await import('../../pipeline/errors/kinds.js');
    for (const w of ['Sept', 'Sep.', 'Oct', 'Thurs', 'Fri']) expect(isCalendarWord(w), w).toBe(true);
    for (const w of ['Jan', 'Sun', 'Mar', 'Seattle', 'Nov Street']) expect(isCalendarWord(w), w).toBe(false);
    expect(valueKindProblem({ name: 'location', type: 'string', description: 'The name of the location.' } as never, 'Sept', undefined, 'leave next Friday 19th Sept 2026')).toMatch(/word of a date/);
    expect(valueKindProblem({ name: 'location', type: 'string', description: 'The name of the location.' } as never, 'Rivermist', undefined, 'fly from Rivermist')).toBeUndefined();
  });
});
