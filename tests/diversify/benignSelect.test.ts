/**
 * A tool selection error is a tool that does not do what the step needs, never a read a careful
 * agent may well make there (pipeline/errors/benignSelect.ts). On the build of d01f115 (error-injectors@30),
 * of 425 tool_select cases 28.7% (122) were a pre-check before a step that changes something
 * (ticket_get_login_status before create_ticket, get_flight_cost before book_flight, pwd before cd),
 * 8.5% (36) a look at the session before a read of a named object (ls before cat(file3.txt)), and
 * 2.8% (12) a read whose answer held what the correct call answers (get_all_credit_cards listing
 * "balance": 1500.75 before get_credit_card_balance(card_4455)).
 */
import { describe, expect, it } from 'vitest';
import type { Trajectory } from '../../pipeline/schemas.js';
import { applicability, inject, toolkitOf } from '../../pipeline/errors/index.js';
import { actsOnSameObject, answerEquivalent, plausiblePrecheck, reasonableInstead, statusLook } from '../../pipeline/errors/benignSelect.js';
import { toolSelectAnswerEquivalent, toolSelectPlausiblePrecheck, toolSelectStatusLook } from '../../pipeline/quality/measures/errors.js';
import { toolSteps } from '../../pipeline/steps.js';
import { injectionInputFor, toolkitIndex } from '../../stages/diversify-internal/inputs.js';
import { Rng } from '../../pipeline/rng.js';
import { bfclTrajectories, tevalTrajectories } from './fixtures/vendored.js';

const [fs] = bfclTrajectories([1]);
const tools = bfclTrajectories([1, 140, 141, 159, 161, 26]).flatMap((t) => t.tools);

describe('which wrong calls are reasonable steps', () => {
  it('a read of the same toolkit naming nothing new before a step that changes something is a pre-check', () => {
    expect(plausiblePrecheck({ name: 'GorillaFileSystem.cd', args: { folder: 'workspace' } }, { name: 'GorillaFileSystem.pwd', args: {} }, tools)).toMatch(/pre-check/);
    expect(plausiblePrecheck({ name: 'TicketAPI.create_ticket', args: { title: 'Urgent', priority: 5 } }, { name: 'TicketAPI.ticket_get_login_status', args: {} }, tools)).toMatch(/pre-check/);
    const route = { travel_from: 'SFO', travel_to: 'LAX', travel_date: '2026-11-15', travel_class: 'economy' };
    expect(plausiblePrecheck({ name: 'TravelAPI.book_flight', args: { access_token: 'abc123xyz', card_id: 'card_3456', ...route } }, { name: 'TravelAPI.get_flight_cost', args: route }, tools)).toMatch(/reads about/);
    // Another object, a change, a read before a read, another toolkit: no.
    expect(plausiblePrecheck({ name: 'TravelAPI.book_flight', args: { access_token: 'abc123xyz', card_id: 'card_3456', ...route } }, { name: 'TravelAPI.get_flight_cost', args: { ...route, travel_to: 'JFK' } }, tools)).toBeUndefined();
    expect(plausiblePrecheck({ name: 'GorillaFileSystem.touch', args: { file_name: 'a.txt' } }, { name: 'GorillaFileSystem.mkdir', args: { dir_name: 'a.txt' } }, tools)).toBeUndefined();
    expect(plausiblePrecheck({ name: 'GorillaFileSystem.cat', args: { file_name: 'a.txt' } }, { name: 'GorillaFileSystem.tail', args: { file_name: 'a.txt' } }, tools)).toBeUndefined();
    expect(plausiblePrecheck({ name: 'TicketAPI.create_ticket', args: { title: 'Urgent' } }, { name: 'TwitterAPI.get_user_stats', args: {} }, tools)).toBeUndefined();
    // Being logged in is what any call of the toolkit needs, a read too.
    expect(plausiblePrecheck({ name: 'TicketAPI.get_user_tickets', args: {} }, { name: 'TicketAPI.ticket_get_login_status', args: {} }, tools)).toMatch(/login/);
  });

  it('a read naming nothing before a read of a named object is a look at the session; before a read of the session itself it is a different read', () => {
    expect(statusLook({ name: 'GorillaFileSystem.cat', args: { file_name: 'file3.txt' } }, { name: 'GorillaFileSystem.ls', args: {} }, tools)).toMatch(/look at the session/);
    // ls(a=True) names nothing either: du for it does something else with the same folder.
    expect(statusLook({ name: 'GorillaFileSystem.ls', args: { a: true } }, { name: 'GorillaFileSystem.du', args: {} }, tools)).toBeUndefined();
    expect(statusLook({ name: 'GorillaFileSystem.cat', args: { file_name: 'file3.txt' } }, { name: 'GorillaFileSystem.tail', args: { file_name: 'file3.txt' } }, tools)).toBeUndefined();
    expect(reasonableInstead({ name: 'GorillaFileSystem.sort', args: { file_name: 'a.txt' } }, { name: 'GorillaFileSystem.wc', args: { file_name: 'a.txt', mode: 'l' } }, tools)).toBeUndefined();
  });

  it('a read whose answer holds every value the correct answer gives is answer-equivalent; one among a list of its kind is not', () => {
    const gt = { name: 'TravelAPI.get_credit_card_balance', args: { access_token: '251675', card_id: 'card_4455' } };
    const cards = '{"credit_card_list": {"card_4455": {"card_number": "2378 8753 9012 4455", "expiry_date": "2026", "cardholder_name": "Michael Thompson", "balance": 1500.75}}}';
    expect(answerEquivalent(gt, { name: 'TravelAPI.get_all_credit_cards', args: {} }, '{"balance": 1500.75}', cards)).toMatch(/1500\.75/);
    expect(answerEquivalent(gt, { name: 'TravelAPI.get_all_credit_cards', args: {} }, '{"balance": 1500.75}', cards.replace('1500.75', '99.5'))).toBeUndefined();
    // A wrong call that failed, or one that changes something, is no answer.
    expect(answerEquivalent(gt, { name: 'TravelAPI.get_all_credit_cards', args: {} }, '{"balance": 1500.75}', '{"error": "Token not valid", "balance": 1500.75}')).toBeUndefined();
    const airport = { name: 'TravelAPI.get_nearest_airport_by_city', args: { location: 'Stonebrook' } };
    expect(answerEquivalent(airport, { name: 'TravelAPI.list_all_airports', args: {} }, '{"nearest_airport": "SBK"}', "['RMS', 'SBK', 'MPC', 'SFO']")).toBeUndefined();
    // The same list the correct call gives, in a Python literal, is equivalent.
    expect(answerEquivalent({ name: 'GorillaFileSystem.ls', args: {} }, { name: 'GorillaFileSystem.find', args: { path: '.' } }, '{"current_directory_content": ["alpha.txt", "beta.txt"]}', "{'matches': ['alpha.txt', 'beta.txt']}")).toMatch(/holds/);
  });
});

describe('a different action on the request\'s object', () => {
  it('the same name, path, code or id under a key naming the same thing; a date or an amount is no object', () => {
    expect(actsOnSameObject({ name: 'GorillaFileSystem.cd', args: { folder: 'workspace' } }, { name: 'GorillaFileSystem.mkdir', args: { dir_name: 'workspace' } }, tools)).toBe(true);
    expect(actsOnSameObject({ name: 'GorillaFileSystem.cat', args: { file_name: 'file3.txt' } }, { name: 'GorillaFileSystem.mkdir', args: { dir_name: 'file3.txt' } }, tools)).toBe(false);
    // bfcl_multi_turn_base_154 on the first try: the travel date as a date of birth is no shared object.
    const cost = { name: 'TravelAPI.get_flight_cost', args: { travel_from: 'ORD', travel_to: 'LAX', travel_date: '2026-08-10', travel_class: 'economy' } };
    expect(actsOnSameObject(cost, { name: 'TravelAPI.verify_traveler_information', args: { first_name: 'Michael', last_name: 'Smith', date_of_birth: '2026-08-10', passport_number: 'P87654321' } }, tools)).toBe(false);
    expect(actsOnSameObject({ name: 'TradingBot.place_order', args: { order_type: 'Buy', symbol: 'ZETA', price: 150.75, amount: 50 } }, { name: 'TradingBot.fund_account', args: { amount: 50 } }, tools)).toBe(false);
  });
});

describe('the measures', () => {
  const tc = (gt: { name: string; args: Record<string, unknown> }, wrong: { name: string; args: Record<string, unknown> }, answer: string, trajectoryId = fs.id, k = 2) =>
    ({ id: 'c', kind: 'internal', errorType: 'tool_select_error', cot: false, trajectoryId, source: 'bfcl', k, tools, groundTruth: gt, erroneousAction: wrong, provenance: { methods: {}, parents: [] }, messages: [{ role: 'user', content: 'q' }, { role: 'assistant', content: JSON.stringify(wrong) }, { role: 'function', content: answer }] }) as never;
  const ctx = { trajectory: () => fs as Trajectory, baseCase: () => undefined } as never;

  it('flag a pre-check and a status look, pass a different action on the same object', () => {
    const cd = toolSteps(fs)[1].step.action as { name: string; args: Record<string, unknown> };
    expect(cd.name).toBe('GorillaFileSystem.cd');
    expect(toolSelectPlausiblePrecheck.check(tc(cd, { name: 'GorillaFileSystem.pwd', args: {} }, '{"current_working_directory": "/alex"}'), ctx)).toMatch(/pre-check/);
    expect(toolSelectPlausiblePrecheck.check(tc(cd, { name: 'GorillaFileSystem.mkdir', args: { dir_name: cd.args.folder } }, '{"error": "mkdir: cannot create directory: File exists"}'), ctx)).toBeNull();
    const cat = { name: 'GorillaFileSystem.cat', args: { file_name: 'file3.txt' } };
    expect(toolSelectStatusLook.check(tc(cat, { name: 'GorillaFileSystem.ls', args: {} }, '{"current_directory_content": ["file3.txt"]}'), ctx)).toMatch(/look at the session/);
    expect(toolSelectStatusLook.check(tc(cat, { name: 'GorillaFileSystem.tail', args: { file_name: 'file3.txt' } }, '{"last_lines": "x"}'), ctx)).toBeNull();
  });

  it('flag an answer-equivalent read against the trajectory\'s own answer at step k', () => {
    const step = toolSteps(fs)[1];
    const gt = step.step.action as { name: string; args: Record<string, unknown> };
    const answer = step.step.response?.content ?? '';
    const withAnswer = { ...fs, turns: fs.turns.map((t, i) => (i !== step.turnIndex ? t : { ...t, steps: t.steps.map((s, j) => (j !== step.stepIndex ? s : { ...s, response: { ...s.response!, content: '{"current_working_directory": "/alex/workspace"}' } })) })) };
    const c = { trajectory: () => withAnswer as Trajectory, baseCase: () => undefined } as never;
    expect(answer).toBeDefined();
    expect(toolSelectAnswerEquivalent.check(tc(gt, { name: 'GorillaFileSystem.find', args: { path: 'workspace' } }, '{"matches": "/alex/workspace"}'), c)).toMatch(/holds/);
    expect(toolSelectAnswerEquivalent.check(tc(gt, { name: 'GorillaFileSystem.find', args: { path: 'workspace' } }, '{"matches": ["workspace/a.txt"]}'), c)).toBeNull();
  });
});

describe('the rules injector', () => {
  it('never draws a pre-check or a status look, over every step of BFCL and T-Eval trajectories', () => {
    const trajectories = [
      ...bfclTrajectories([1, 6, 14, 17, 19, 24, 26, 36, 40, 43, 46, 48, 51, 60, 65, 107, 112, 120, 130, 140, 141, 149, 151, 159, 160, 161, 175, 181, 182, 184, 189, 192, 193]),
      ...tevalTrajectories(['query_134_0', 'query_356_1', 'query_166_0', 'query_10_0']),
    ];
    const toolkits = toolkitIndex(trajectories);
    let made = 0;
    let before = 0;
    for (const t of trajectories) {
      for (const { k, step } of toolSteps(t)) {
        const input = injectionInputFor(t, k, toolkits.get(toolkitOf(step.action.name)) ?? []);
        if (!applicability('tool_select_error', input).ok) continue;
        for (let seed = 0; seed < 3; seed++) {
          const injection = inject('tool_select_error', input, new Rng(seed, t.id, `k${k}`));
          made++;
          expect(reasonableInstead(input.correct, injection.action, input.tools), `${t.id} k=${k}: ${injection.action.name} for ${input.correct.name}`).toBeUndefined();
        }
        // The pool keeps the different actions on the request's object.
        if (input.tools.some((tool) => tool.name !== input.correct.name && toolkitOf(tool.name) === toolkitOf(input.correct.name))) before++;
      }
    }
    expect(made).toBeGreaterThan(100);
    expect(before).toBeGreaterThan(0);
  });

  it('draws no tool a rejected attempt called', () => {
    const [t] = bfclTrajectories([161]);
    const k = toolSteps(t).findIndex((s) => s.step.action.name === 'TravelAPI.get_credit_card_balance') + 1;
    expect(k).toBeGreaterThan(0);
    const input = injectionInputFor(t, k, toolkitIndex([t]).get('TravelAPI') ?? []);
    const first = inject('tool_select_error', input, new Rng(0, t.id, 'a')).action.name;
    for (let seed = 0; seed < 10; seed++) expect(inject('tool_select_error', { ...input, avoid: [first] }, new Rng(seed, t.id, 'b')).action.name).not.toBe(first);
  });
});
