/**
 * A wrong-tool call is clearly a wrong tool, and only that.
 *
 * 1. It is no later step of the same request with a shortened or lengthened form of that step's
 *    search: teval_query_20_1 k1 called serper_search("quantum computing") where the request also
 *    asks for a web search on "the fundamentals and applications of quantum computing" (and says
 *    "Simultaneously"); query_199_1 searched Google before the email it asks for first, a search that
 *    reads nothing the email changes. tool_select_early_step missed them (it took only identical
 *    arguments): 3.3% (15/453) of tool_select cases on the build before error-injectors@18 -> 0.
 * 2. It fills each parameter with a value of its kind: bfcl_multi_turn_base_155 k1 was
 *    book_flight(access_token="business", card_id="abc123xyz", …), 187 k4 create_ticket(title="mthompson"),
 *    62 k2 estimate_distance(cityB="The distance from Rivermist to Stonebrook is xxx km."), 103 k1
 *    get_available_stocks(sector="OMEG"). value_implausible read 0 on them (it judged a wrong tool's
 *    values without the values the case gives for other parameters); widened: 7.1% (75/1054) -> 0.
 */
import { describe, expect, it } from 'vitest';
import { earlyLaterStep, inject, applicability, toolkitOf } from '../../pipeline/errors/index.js';
import { sameText } from '../../pipeline/errors/injectors/context.js';
import { keysAgree, labelledFor, misplacedValue, type GivenValue } from '../../pipeline/errors/misplaced.js';
import { adaptArgs } from '../../pipeline/errors/injectors/toolSelect.js';
import { laterStepsDoableEarly, toolSteps } from '../../pipeline/steps.js';
import { injectionInputFor, toolkitIndex } from '../../stages/diversify-internal/inputs.js';
import { implausibleValue } from '../../pipeline/quality/measures/errors.js';
import { Rng } from '../../pipeline/rng.js';
import type { ToolDoc } from '../../pipeline/schemas.js';
import { forEachToolSelectDraw } from './fixtures/toolSelectDraws.js';
import { bfclTrajectories, tevalTrajectories } from './fixtures/vendored.js';

describe('a later step done early with a shorter or longer search is no wrong tool', () => {
  it('sameText: one text holding every word of the other, or most of them', () => {
    expect(sameText('quantum computing', 'fundamentals and applications of quantum computing')).toBe(true);
    expect(sameText('methods of data analysis', 'data analysis')).toBe(true);
    expect(sameText('climate change', 'impacts of climate change on biodiversity')).toBe(true);
    expect(sameText('machine learning', 'climate change')).toBe(false);
    expect(sameText('AAPL', 'AAPX')).toBe(false);
  });

  it('earlyLaterStep: a search term shortened matches, a place cut from a longer one does not', () => {
    const later = [{ name: 'G.serper_search', args: { query: 'fundamentals and applications of quantum computing' } }];
    expect(earlyLaterStep({ name: 'G.serper_search', args: { query: 'quantum computing' } }, later)).toEqual(later[0]);
    expect(earlyLaterStep({ name: 'G.serper_search', args: { query: 'machine learning' } }, later)).toBeUndefined();
    const weather = [{ name: 'W.get_weather_today', args: { location: 'Mountain View, California' } }];
    expect(earlyLaterStep({ name: 'W.get_weather_today', args: { location: 'California' } }, weather)).toBeUndefined();
  });

  it('laterStepsDoableEarly: a search after an email of another toolkit may come first (query_199_1)', () => {
    const [t] = tevalTrajectories(['query_199_1']);
    const names = toolSteps(t).map((s) => s.step.action.name);
    expect(names.slice(0, 3)).toEqual(['ArxivSearch.get_arxiv_article_information', 'Email.send', 'GoogleSearch.serper_search']);
    expect(laterStepsDoableEarly(t, 2).map((s) => s.step.action.name)).toContain('GoogleSearch.serper_search');
    // A page of the presentation after create_file still needs the file.
    const [ppt] = tevalTrajectories(['query_101_2']);
    expect(laterStepsDoableEarly(ppt, 1)).toEqual([]);
  });

  it('laterStepsDoableEarly: a clock read after a room search and a reservation of another toolkit may come first (query_250_1)', () => {
    const [t] = tevalTrajectories(['query_250_1']);
    const names = toolSteps(t).map((s) => s.step.action.name);
    expect(names).toEqual(['ReserveMeeting.get_room_status', 'ReserveMeeting.get_empty_room_with_time', 'ReserveMeeting.reserve', 'TimeTool.get_curr_time', 'TimeTool.get_weekday']);
    const early = laterStepsDoableEarly(t, 1).map((s) => s.step.action.name);
    expect(early).toContain('TimeTool.get_curr_time');
    // The reservation itself still follows the room search.
    expect(early).not.toContain('ReserveMeeting.reserve');
  });

  it('the injector draws no such call on query_20_1, query_199_1 and query_246_2', () => {
    const made = forEachToolSelectDraw(tevalTrajectories(['query_20_1', 'query_199_1', 'query_246_2', 'query_360_0']), 5, ({ t, k, input, injection }) => {
      expect(earlyLaterStep(injection.action, input.laterInTurn), `${t.id} k=${k}: ${JSON.stringify(injection.action)}`).toBeUndefined();
    });
    expect(made).toBeGreaterThan(5);
  });
});

const p = (name: string, description = '') => ({ name, type: 'string' as const, description });

describe('a wrong tool fills each parameter with a value of its kind', () => {
  it('keysAgree: a travel class is no access token, a user name no title, a ticker no sector or company name', () => {
    expect(keysAgree(p('travel_class'), p('access_token'))).toBe(false);
    expect(keysAgree(p('access_token'), p('travel_class'))).toBe(false);
    expect(keysAgree(p('username'), p('title'))).toBe(false);
    expect(keysAgree(p('stock'), p('sector'))).toBe(false);
    expect(keysAgree(p('symbol'), p('name'))).toBe(false);
    expect(keysAgree(p('city'), p('cityA', 'The zipcode of the first city.'))).toBe(false);
    expect(keysAgree(p('booking_id'), p('card_id'))).toBe(false);
    // Related names and the same specific kind agree; a search takes any term.
    expect(keysAgree(p('symbol'), p('stock'))).toBe(true);
    expect(keysAgree(p('location'), p('city'))).toBe(true);
    expect(keysAgree(p('film_name'), p('query'))).toBe(true);
    expect(keysAgree(p('travel_from'), p('travel_from'))).toBe(true);
  });

  it('labelledFor: the parameter the request names right before a value', () => {
    const tools = [{ name: 'T.book_flight', description: '', required_parameters: [p('access_token'), p('card_id')], optional_parameters: [] }] as unknown as ToolDoc[];
    const request = "I'll be using my access token 'abc123xyz' and Mastercard with id 'id15583' for payment.";
    expect(labelledFor('abc123xyz', request, tools).map((x) => x.name)).toEqual(['access_token']);
    expect(labelledFor('id15583', request, tools).map((x) => x.name)).toEqual(['card_id']);
    expect(misplacedValue(p('card_id'), 'abc123xyz', [], request, tools)).toMatch(/access_token/);
    expect(misplacedValue(p('card_id'), 'id15583', [], request, tools)).toBeUndefined();
  });

  it('misplacedValue: another parameter\'s value or a sentence of the request, not a value of the same key', () => {
    const given: GivenValue[] = [{ key: 'travel_class', value: 'business', where: 'the correct call' }];
    expect(misplacedValue(p('access_token'), 'business', given, '', [])).toMatch(/travel_class/);
    expect(misplacedValue(p('travel_class'), 'business', given, '', [])).toBeUndefined();
    const request = "forward it in the format 'The distance from Rivermist to Stonebrook is xxx km.'";
    expect(misplacedValue(p('cityB'), 'The distance from Rivermist to Stonebrook is xxx km.', [], request, [])).toMatch(/sentence/);
    expect(misplacedValue(p('q'), 'Impact of AI on Modern Society', [], 'papers titled Impact of AI on Modern Society', [])).toBeUndefined();
  });

  it('value_implausible flags bfcl 155 k1 as shipped before and passes the call with values in their slots', () => {
    const tools = bfclTrajectories([155])[0].tools;
    const request = "I'm planning to fly from LAX to JFK on November 15th 2026 and aim to travel in business class with a budget of $2400. Could you please book a seat for this flight? I'll be using my access token 'abc123xyz' and Mastercard with id 'id15583' for payment.";
    const gt = { name: 'TravelAPI.get_flight_cost', args: { travel_class: 'business', travel_date: '2026-11-15', travel_from: 'LAX', travel_to: 'JFK' } };
    const tc = (args: Record<string, unknown>) =>
      ({ id: 'c', kind: 'internal', errorType: 'tool_select_error', cot: false, trajectoryId: 't', source: 'bfcl', k: 1, tools, groundTruth: gt, erroneousAction: { name: 'TravelAPI.book_flight', args }, provenance: { origin: 'injected', methods: {}, parents: [] }, messages: [{ role: 'system', content: 'docs' }, { role: 'user', content: request }, { role: 'assistant', content: '{}' }, { role: 'function', content: '{}' }] }) as never;
    const trip = { travel_class: 'business', travel_date: '2026-11-15', travel_from: 'LAX', travel_to: 'JFK' };
    expect(implausibleValue.check(tc({ access_token: 'business', card_id: 'abc123xyz', ...trip }), {} as never)).toMatch(/access_token="business" is the travel_class/);
    expect(implausibleValue.check(tc({ access_token: 'abc123xyz', card_id: 'id15583', ...trip }), {} as never)).toBeNull();
  });

  it('adaptArgs and the injector: no value in another kind\'s slot over real BFCL trajectories', () => {
    const trajectories = bfclTrajectories([155, 182, 187, 62, 103, 135, 156, 169, 190]);
    const toolkits = toolkitIndex(trajectories);
    let made = 0;
    for (const t of trajectories) {
      for (const { k, step } of toolSteps(t)) {
        const input = injectionInputFor(t, k, toolkits.get(toolkitOf(step.action.name)) ?? []);
        const book = input.tools.find((x) => x.name === 'TravelAPI.book_flight');
        if (book && input.correct.name === 'TravelAPI.get_flight_cost') {
          const args = adaptArgs(book, input);
          if (args) expect(args.access_token, JSON.stringify(args)).not.toBe(input.correct.args && (input.correct.args as Record<string, unknown>).travel_class);
        }
        if (!applicability('tool_select_error', input).ok) continue;
        for (let seed = 0; seed < 4; seed++) {
          const injection = inject('tool_select_error', input, new Rng(seed, t.id, `k${k}`));
          made++;
          const doc = input.tools.find((x) => x.name === injection.action.name)!;
          const params = [...doc.required_parameters, ...doc.optional_parameters];
          const given: GivenValue[] = [
            ...Object.entries(input.correct.args as Record<string, unknown>).map(([key, value]) => ({ key, value, where: 'the correct call' })),
            ...input.earlier.flatMap((e) => (typeof e.args === 'object' ? Object.entries(e.args).map(([key, value]) => ({ key, value, where: 'an earlier call' })) : [])),
          ];
          for (const [key, value] of Object.entries(injection.action.args as Record<string, unknown>)) {
            const param = params.find((x) => x.name === key)!;
            expect(misplacedValue(param, value, given, input.query, input.tools), `${t.id} k=${k}: ${JSON.stringify(injection.action)}`).toBeUndefined();
          }
        }
      }
    }
    expect(made).toBeGreaterThan(20);
  });
});
