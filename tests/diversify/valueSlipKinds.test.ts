/**
 * A made-up parameters_value error is a slip of the right kind, never a value of another kind.
 *
 * The value injector took any capitalised span of the request, or any id of an earlier call, for a
 * slot of names or ids: bfcl_multi_turn_base_156 k1 get_flight_cost(travel_class="travel_card_12345"),
 * 152 k3 cancel_booking(access_token="London"), 161 k2 card_id="client_520" (the client id),
 * teval_query_369_0 k3 get_weather_today(location="Product Inquiry") (an email's title),
 * query_360_1 k2 get_author_id(mauthors="Job Application"), query_190_1 k1 an arXiv search for
 * "Times Square", query_352_0 k5 ticker="The Matrix". No model makes such a call, and where the
 * value is another slot's the error is mislabelled. value_implausible judged only a value error's
 * fragments and clauses; widened with slipProblem (misplaced.ts), which passes the real slips:
 * ticker="Amazon" for AMZN (a name for its symbol), another city of the request, a film an earlier
 * search was for, two arguments swapped.
 */
import { describe, expect, it } from 'vitest';
import { applicability, inject, toolkitOf } from '../../pipeline/errors/index.js';
import { nameForCode, slipProblem, type GivenValue } from '../../pipeline/errors/misplaced.js';
import { injectionInputFor, toolkitIndex } from '../../stages/diversify-internal/inputs.js';
import { implausibleValue } from '../../pipeline/quality/measures/errors.js';
import { toolSteps } from '../../pipeline/steps.js';
import { Rng } from '../../pipeline/rng.js';
import { isPlainObject, sameValue } from '../../pipeline/errors/values.js';
import type { ToolArgs } from '../../pipeline/schemas.js';
import { bfclTrajectories, tevalTrajectories } from './fixtures/vendored.js';

const p = (name: string, description = '') => ({ name, type: 'string' as const, description });

describe('slipProblem: a wrong value of another kind than its slot', () => {
  it('flags an id where words go, words where a token goes, another entity\'s id', () => {
    const request = "Could you assist in securing a first-class seat using my travel card with id 'travel_card_12345'?";
    expect(slipProblem(p('travel_class'), 'travel_card_12345', 'first', [], request, [], 'TravelAPI.get_flight_cost')).toMatch(/travel_class takes words/);
    expect(slipProblem(p('access_token'), 'London', 'secureAccessToken12345', [], 'the flight planned for London', [], 'TravelAPI.cancel_booking')).toMatch(/id or token/);
    const given: GivenValue[] = [{ key: 'client_id', value: 'client_520', where: 'an earlier call', tool: 'TravelAPI.authenticate_travel' }];
    expect(slipProblem(p('card_id'), 'client_520', 'card_4455', given, '', [], 'TravelAPI.get_credit_card_balance')).toMatch(/client_id of an earlier call/);
    expect(slipProblem(p('q', 'ID of an individual search result'), 'John Doe', 'EQ8shYj8Ai8J', [], 'papers by John Doe', [], 'GoogleScholar.get_citation_format')).toMatch(/id or token/);
  });

  it('flags another tool\'s value of another kind and a place or company the request names for another task', () => {
    const title: GivenValue[] = [{ key: 'title', value: 'Product Inquiry', where: 'an earlier call', tool: 'Email.send' }];
    expect(slipProblem(p('location'), 'Product Inquiry', 'New York City', title, '', [], 'Weather.get_weather_today')).toMatch(/title of an earlier call \(Email.send\)/);
    expect(slipProblem(p('mauthors'), 'Product Inquiry', 'Professor John Smith', title, '', [], 'GoogleScholar.get_author_id')).toMatch(/title/);
    const film: GivenValue[] = [{ key: 'query', value: 'The Matrix', where: 'an earlier call', tool: 'FilmTMDB.search_movie' }];
    expect(slipProblem(p('ticker'), 'The Matrix', 'AAPL', film, '', [], 'PolygonFinance.get_ticker_detail')).toMatch(/query of an earlier call/);
    const request = "Find articles on 'European history'. Determine the travel path from Times Square to the Statue of Liberty.";
    expect(slipProblem(p('query'), 'Times Square', 'European history', [], request, [], 'ArxivSearch.get_arxiv_article_information')).toMatch(/a place the request names/);
    const company = "Research the movie 'Inception'. Also search for the stock ticker given the company name 'Apple Inc.'.";
    expect(slipProblem(p('query'), 'Apple Inc', 'Inception', [], company, [], 'FilmTMDB.search_movie')).toMatch(/a company the request names/);
    expect(slipProblem(p('symbol'), 'If Zeta Corp', 'ZETA', [], "If Zeta Corp's stock drops, sell it.", [], 'TradingBot.get_stock_info')).toMatch(/opening of a sentence/);
  });

  it('passes the real slips: a name for its symbol, another city, a film of an earlier search, a stale value of the same key', () => {
    expect(nameForCode('Amazon', 'AMZN')).toBe(true);
    expect(nameForCode('Apple Inc', 'AAPL')).toBe(true);
    expect(nameForCode('The Matrix', 'AAPL')).toBe(false);
    const search: GivenValue[] = [{ key: 'search', value: 'Amazon', where: 'an earlier call', tool: 'PolygonFinance.search_ticker' }];
    expect(slipProblem(p('ticker'), 'Amazon', 'AMZN', search, 'the stock of Amazon', [], 'PolygonFinance.get_ticker_detail')).toBeUndefined();
    expect(slipProblem(p('ticker'), 'Tesla', 'TSLA', [], 'I want to invest in Tesla', [], 'PolygonFinance.get_ticker_detail')).toBeUndefined();
    const request = "Since I'm currently residing in Rivermist but planning a grand getaway to Los Angeles";
    expect(slipProblem(p('travel_from'), 'Los Angeles', 'RMS', [], request, [], 'TravelAPI.get_flight_cost')).toBeUndefined();
    expect(slipProblem(p('location'), 'Times Square', 'Central Park', [], 'the route from Times Square to Central Park', [], 'BINGMap.get_coordinates')).toBeUndefined();
    const film: GivenValue[] = [{ key: 'query', value: '你好，李焕英', where: 'an earlier call', tool: 'GoogleScholar.search_google_scholar' }];
    expect(slipProblem(p('film_name'), '你好，李焕英', '红猪', film, '', [], 'FilmDouban.print_detail')).toBeUndefined();
    const stale: GivenValue[] = [{ key: 'booking_id', value: '45451592', where: 'an earlier call', tool: 'TravelAPI.cancel_booking' }];
    expect(slipProblem(p('booking_id'), '45451592', '3426812', stale, '', [], 'TravelAPI.cancel_booking')).toBeUndefined();
    expect(slipProblem(p('travel_date'), '11/15/2026', '2026-11-15', [], '', [], 'TravelAPI.get_flight_cost')).toBeUndefined();
  });
});

describe('value_implausible covers made-up value errors', () => {
  const tools = bfclTrajectories([156])[0].tools;
  const request = "I'm planning to fly from San Francisco to Los Angeles on October 15, 2026. Could you assist in securing a first-class seat using my travel card with id 'travel_card_12345'?";
  const gt = { name: 'TravelAPI.get_flight_cost', args: { travel_class: 'first', travel_date: '2026-10-15', travel_from: 'SFO', travel_to: 'LAX' } };
  const tc = (args: Record<string, unknown>, origin = 'injector same-kind-entity:other-entity-in-query') =>
    ({ id: 'c', kind: 'internal', errorType: 'parameters_value_error', cot: false, trajectoryId: 't', source: 'bfcl', k: 1, tools, groundTruth: gt, erroneousAction: { name: gt.name, args }, provenance: { origin, methods: {}, parents: [] }, messages: [{ role: 'system', content: 'docs' }, { role: 'user', content: request }, { role: 'assistant', content: '{}' }, { role: 'function', content: '{}' }] }) as never;

  it('flags bfcl 156 k1 as shipped before and passes a slip of the right kind', () => {
    expect(implausibleValue.check(tc({ ...gt.args, travel_class: 'travel_card_12345' }), {} as never)).toMatch(/travel_class takes words like "first"/);
    expect(implausibleValue.check(tc({ ...gt.args, travel_class: 'business' }), {} as never)).toBeNull();
    expect(implausibleValue.check(tc({ ...gt.args, travel_from: 'LAX', travel_to: 'SFO' }), {} as never)).toBeNull();
    // A recorded model error is real as it is.
    expect(implausibleValue.check(tc({ ...gt.args, travel_class: 'travel_card_12345' }, 'recorded teval'), {} as never)).toBeUndefined();
  });
});

describe('the value injector draws no slip of another kind', () => {
  it('over the BFCL and T-Eval trajectories that shipped one', () => {
    const trajectories = [
      ...bfclTrajectories([117, 152, 156, 161, 167, 172]),
      ...tevalTrajectories(['query_190_1', 'query_230_1', 'query_255_0', 'query_352_0', 'query_360_1', 'query_369_0', 'query_377_2', 'query_45_2', 'query_468_2']),
    ];
    const toolkits = toolkitIndex(trajectories);
    let made = 0;
    let applies = 0;
    let steps = 0;
    for (const t of trajectories) {
      for (const { k, step } of toolSteps(t)) {
        steps++;
        const input = injectionInputFor(t, k, toolkits.get(toolkitOf(step.action.name)) ?? []);
        if (!applicability('parameters_value_error', input).ok) continue;
        applies++;
        const correct = input.correct.args as ToolArgs;
        const given: GivenValue[] = [input.correct, ...input.earlier, ...(input.validSteps ?? [])].flatMap((s) =>
          isPlainObject(s.args) ? Object.entries(s.args).map(([key, value]) => ({ key, value, where: 'a call', tool: s.name })) : [],
        );
        const request = [...(input.earlierRequests ?? []), input.query].join('\n');
        const doc = input.tools.find((x) => x.name === input.correct.name)!;
        const params = [...doc.required_parameters, ...doc.optional_parameters];
        for (let seed = 0; seed < 8; seed++) {
          const injection = inject('parameters_value_error', input, new Rng(seed, t.id, `k${k}`));
          made++;
          const wrong = injection.action.args as ToolArgs;
          for (const [key, value] of Object.entries(wrong)) {
            if (sameValue(value, correct[key])) continue;
            const swapped = Object.entries(correct).some(([other, v]) => other !== key && sameValue(v, value) && sameValue(wrong[other], correct[key]));
            if (swapped) continue;
            const param = params.find((x) => x.name === key) ?? p(key);
            expect(slipProblem(param, value, correct[key], given, request, input.tools, doc.name), `${t.id} k=${k}: ${injection.variant} ${injection.detail}`).toBeUndefined();
          }
        }
      }
    }
    expect(made).toBeGreaterThan(100);
    // Most steps still have a plausible wrong value (74.6% since error-injectors@42 turns down a flag
    // the request does not decide and a right value nothing shown derives: valueDoubt.ts).
    expect(applies / steps).toBeGreaterThan(0.7);
  });
});
