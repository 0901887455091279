/**
 * Cases that leave a second right next call (h-solv28): an extra tool serving a part of the request
 * no listed tool serves (extra_tools_serves_unmet_ask, 9/1,000 evolved extra-tools cases on g0:
 * teval_query_272_1, 91_2, 137_1, 174_1), a tool selection error that is a later step's tool on none
 * of the due step's values (tool_select_later_step_tool, 21/249 on g0: 116_1, 155_0, 360_1), and a
 * plan measuring a distance its request never asks for (gt_unrequested_distance: 31_1, 312_1).
 */
import { describe, expect, it } from 'vitest';
import type { TestCase, ToolDoc } from '../../pipeline/schemas.js';
import type { QualityContext } from '../../pipeline/quality/types.js';
import { servesUnmetAsk } from '../../pipeline/quality/sameFunction.js';
import { extraToolsServeUnmetAsk } from '../../pipeline/quality/measures/text.js';
import { laterStepToolOnOtherValues } from '../../pipeline/errors/injectors/context.js';
import { toolSelectLaterLookupTool, toolSelectLaterStepTool } from '../../pipeline/quality/measures/errors.js';
import { unrequestedDistance } from '../../pipeline/quality/planAsks.js';
import { gtUnrequestedDistance } from '../../pipeline/quality/measures/plans.js';
import { checkTrajectory } from '../../stages/filter/rules.js';
import { toolSteps } from '../../pipeline/steps.js';
import { forEachToolSelectDraw } from '../diversify/fixtures/toolSelectDraws.js';
import { tevalTrajectories } from '../diversify/fixtures/vendored.js';

const HOW_FAR = "I'm craving Italian food tonight. Find out how far the first Italian restaurant is from 123 Main Street. Also, search for movies that are currently playing in theaters. Provide me with the details of the first movie.";
const doc = (name: string): ToolDoc => ({ name, description: `Does ${name}.`, required_parameters: [], optional_parameters: [], return_data: [] }) as unknown as ToolDoc;

describe('an extra tool serving a part of the request no listed tool serves', () => {
  const listed = ['BINGMap.get_coordinates', 'BINGMap.search_nearby', 'FilmTMDB.get_now_playing', 'FilmTMDB.get_movie_details'].map(doc);

  it('servesUnmetAsk: a distance or route tool for "how far" with none listed (teval_query_272_1), not a film tool, nor with a distance tool listed', () => {
    expect(servesUnmetAsk({ name: 'BINGMap.get_route' }, HOW_FAR, listed)).toMatch(/serves "how far" \(the distance between two places\)/);
    expect(servesUnmetAsk({ name: 'BINGMap.get_distance' }, HOW_FAR, listed)).toMatch(/how far/);
    expect(servesUnmetAsk({ name: 'FilmTMDB.get_popular_movies' }, HOW_FAR, listed)).toBeUndefined();
    expect(servesUnmetAsk({ name: 'BINGMap.get_route' }, HOW_FAR, [...listed, doc('VehicleControlAPI.estimate_distance')])).toBeUndefined();
    // "within a distance of 1 kilometer" sets a radius, it asks for no distance (107_2).
    expect(servesUnmetAsk({ name: 'BINGMap.get_distance' }, 'Search for attractions near the Hollywood Walk of Fame within a distance of 1 kilometer.', [doc('BINGMap.search_nearby')])).toBeUndefined();
    // A listed route tool leaves "measure the distance" to a distance tool (91_2).
    const bali = 'Also, could you find beaches within a 2 km radius of the first property, measure the distance between the first property and the nearest beach, and provide a driving route?';
    expect(servesUnmetAsk({ name: 'VehicleControlAPI.estimate_distance' }, bali, [doc('BINGMap.get_route'), doc('BINGMap.search_nearby')])).toMatch(/measure the distance/);
    expect(servesUnmetAsk({ name: 'AirbnbSearch.get_property_checkout_price' }, 'Show me details of the top 3, including their name, rating, and the cost for a 3-night stay.', [doc('AirbnbSearch.get_property_details')])).toMatch(/the price of a stay/);
  });

  it('the measure flags such an added tool and passes a distractor', () => {
    const base = { id: 'b', kind: 'internal', cot: false, trajectoryId: 't', source: 'teval', k: 2, tools: listed, messages: [{ role: 'system', content: 'docs' }, { role: 'user', content: HOW_FAR }], groundTruth: { name: 'FilmTMDB.get_now_playing', args: {} }, provenance: { methods: {}, parents: [] } } as unknown as TestCase;
    const ctx = { trajectory: () => undefined, baseCase: () => base } as unknown as QualityContext;
    const evolved = (added: string) => ({ ...base, id: 'b~extra_tools', tools: [...listed, doc(added)], evolution: { strategy: 'extra_tools', baseCaseId: 'b', applied: ['extra_tools'], details: { extraTools: { added: [added], candidates: 9 } } } }) as unknown as TestCase;
    expect(extraToolsServeUnmetAsk.check(evolved('BINGMap.get_route'), ctx)).toMatch(/added BINGMap\.get_route: serves "how far"/);
    expect(extraToolsServeUnmetAsk.check(evolved('MathAPI.absolute_value'), ctx)).toBeNull();
    expect(extraToolsServeUnmetAsk.check(base, ctx)).toBeUndefined();
  });
});

describe('a tool selection error that is a later step\'s tool on none of the due step\'s values', () => {
  it('laterStepToolOnOtherValues: Email.show while get_property_reviews is due (teval_query_116_1); not a later tool on the due step\'s own value', () => {
    const later = [{ name: 'Email.show', args: { only_unread: false } }, { name: 'FilmTMDB.search_movie', args: { query: 'The Dark Knight' } }];
    expect(laterStepToolOnOtherValues({ name: 'Email.show', args: { only_unread: true } }, { name: 'AirbnbSearch.get_property_reviews', args: { propertyId: 28722771 } }, later)).toEqual(later[0]);
    // search_movie("artificial intelligence") for the paper search on "artificial intelligence": a wrong tool for this step (224_1).
    expect(laterStepToolOnOtherValues({ name: 'FilmTMDB.search_movie', args: { query: 'artificial intelligence' } }, { name: 'ArxivSearch.get_arxiv_article_information', args: { query: 'artificial intelligence' } }, later)).toBeUndefined();
    expect(laterStepToolOnOtherValues({ name: 'Weather.get_weather_today', args: { location: 'Paris' } }, { name: 'X.y', args: {} }, later)).toBeUndefined();
  });

  it('the rules injector never draws one, over every step of real T-Eval plans', () => {
    const trajectories = tevalTrajectories(['query_116_1', 'query_155_0', 'query_360_1', 'query_166_0', 'query_148_1', 'query_255_1']);
    const made = forEachToolSelectDraw(trajectories, 5, ({ t, k, input, injection }) => {
      expect(laterStepToolOnOtherValues(injection.action, input.correct, input.laterInTurn), `${t.id} k=${k}: ${injection.action.name}`).toBeUndefined();
    });
    expect(made).toBeGreaterThanOrEqual(20);
  });

  it('the measure flags the case and passes a wrong tool on the due step\'s value', () => {
    const [t] = tevalTrajectories(['query_116_1']);
    const steps = toolSteps(t);
    const k = steps.findIndex((s) => s.step.action.name === 'AirbnbSearch.get_property_reviews') + 1;
    const show = steps.find((s) => s.step.action.name === 'Email.show')!;
    expect(show.k).toBeGreaterThan(k);
    const ctx = { trajectory: () => t, baseCase: () => undefined } as unknown as QualityContext;
    const tc = (name: string, args: Record<string, unknown>) =>
      ({ id: 'c', kind: 'internal', errorType: 'tool_select_error', cot: false, trajectoryId: t.id, source: 'teval', k, messages: [], tools: t.tools, erroneousAction: { name, args }, groundTruth: steps[k - 1].step.action, provenance: { methods: {}, parents: [] } }) as never;
    expect(toolSelectLaterStepTool.check(tc('Email.show', { only_unread: true }), ctx)).toMatch(/Email\.show, on none of AirbnbSearch\.get_property_reviews's values, is the tool of step \d/);
    expect(toolSelectLaterStepTool.check(tc('AirbnbSearch.get_property_details', steps[k - 1].step.action.args as Record<string, unknown>), ctx)).toBeNull();
  });
});

describe('a later lookup of the turn drawn on other values (teval_query_229_2)', () => {
  it('the measure flags PPT.get_image on another keyword while add_text_page is due, and passes it on the due step\'s own value', () => {
    const [t] = tevalTrajectories(['query_229_2']);
    const steps = toolSteps(t);
    const k = steps.findIndex((s) => s.step.action.name === 'PPT.add_text_page') + 1;
    expect(k).toBeGreaterThan(0);
    expect(steps.slice(k).some((s) => s.step.action.name === 'PPT.get_image')).toBe(true);
    const ctx = { trajectory: () => t, baseCase: () => undefined } as unknown as QualityContext;
    const tc = (args: Record<string, unknown>) =>
      ({ id: 'c', kind: 'internal', errorType: 'tool_select_error', cot: false, trajectoryId: t.id, source: 'teval', k, messages: [], tools: t.tools, erroneousAction: { name: 'PPT.get_image', args }, groundTruth: steps[k - 1].step.action, provenance: { methods: {}, parents: [] } }) as never;
    expect(toolSelectLaterLookupTool.check(tc({ keywords: 'Education' }), ctx)).toMatch(/PPT\.get_image, on none of PPT\.add_text_page's values, is the lookup of step \d/);
    // The narrower measure misses it: a state change of the same toolkit comes between.
    expect(toolSelectLaterStepTool.check(tc({ keywords: 'Education' }), ctx)).toBeNull();
    const title = (steps[k - 1].step.action.args as Record<string, unknown>).title;
    expect(toolSelectLaterLookupTool.check(tc({ keywords: title }), ctx)).toBeNull();
  });

  it('the rules injector never draws one over real T-Eval plans', () => {
    const trajectories = tevalTrajectories(['query_229_2', 'query_116_1', 'query_155_0', 'query_88_2', 'query_134_2', 'query_10_0']);
    let checked = 0;
    const made = forEachToolSelectDraw(trajectories, 6, ({ t, k, input, injection }) => {
      const ctx = { trajectory: () => t, baseCase: () => undefined } as unknown as QualityContext;
      const tc = { id: 'c', kind: 'internal', errorType: 'tool_select_error', cot: false, trajectoryId: t.id, source: 'teval', k, messages: [], tools: t.tools, erroneousAction: injection.action, groundTruth: input.correct, provenance: { methods: {}, parents: [] } } as never;
      expect(toolSelectLaterLookupTool.check(tc, ctx), `${t.id} k=${k}: ${injection.action.name}(${JSON.stringify(injection.action.args)})`).toBeNull();
      checked++;
    });
    expect(made).toBeGreaterThanOrEqual(20);
    expect(checked).toBe(made);
  });
});

describe('a distance the request never asks for', () => {
  const route = 'I have to make a delivery from Seattle to Portland. Could you suggest the shortest route for me? I would also need the exact pickup location in Seattle and the destination in Portland. Lastly, can you provide me with the current traffic conditions on this route?';
  const steps = [{ name: 'BINGMap.get_route', args: { start: 'Seattle', end: 'Portland' } }, { name: 'BINGMap.get_coordinates', args: { location: 'Seattle' } }, { name: 'BINGMap.get_distance', args: { start: 'Seattle', end: 'Portland' } }];
  const tools = [
    { name: 'BINGMap.get_route', params: [{ name: 'start', type: 'STRING', required: true }, { name: 'end', type: 'STRING', required: true }] },
    { name: 'BINGMap.get_coordinates', params: [{ name: 'location', type: 'STRING', required: true }] },
    { name: 'BINGMap.get_distance', params: [{ name: 'start', type: 'STRING', required: true }, { name: 'end', type: 'STRING', required: true }] },
  ];
  const traj = (user: string) => ({ id: 't', source: 'teval', tools, turns: [{ user, steps: steps.map((s) => ({ action: s })) }] }) as never;

  it('finds get_distance in a plan asked for a route, locations and traffic (teval_query_31_1), not where the request asks how far', () => {
    expect(unrequestedDistance(route, steps)).toEqual({ at: 2, name: 'BINGMap.get_distance' });
    expect(unrequestedDistance(`${route} And how far is it?`, steps)).toBeUndefined();
    expect(unrequestedDistance('Calculate the distance between Seattle and Portland.', steps)).toBeUndefined();
    expect(unrequestedDistance("I need to go from Los Angeles to San Francisco. Could you tell me how much ground I'll have to cover to complete this delivery?", steps)).toBeUndefined();
    expect(unrequestedDistance('Organize a journey from Beijing to Shanghai, determining the path and length between these two cities.', steps)).toBeUndefined();
    expect(unrequestedDistance("I'm at the Bund and looking for dinner tonight. Can you recommend the first popular restaurant nearby?", steps)).toBeUndefined();
    expect(checkTrajectory(traj(route), { minSteps: 1 })).toMatchObject({ code: 'unrequested_distance' });
    expect(checkTrajectory(traj('Give me the route from Seattle to Portland, the two locations, and the distance between them.'), { minSteps: 1 })).toBeUndefined();
  });

  it('the measure flags a case of such a plan and passes one whose request asks how far', () => {
    const plan = (user: string) => ({ id: 't', source: 'teval', tools: [], turns: [{ user, steps: steps.map((s) => ({ action: s })) }] });
    const tc = { id: 'c', kind: 'internal', cot: false, trajectoryId: 't', source: 'teval', k: 3, tools: [], messages: [], groundTruth: steps[2], provenance: { methods: {}, parents: [] } } as unknown as TestCase;
    const ctx = (user: string) => ({ trajectory: () => plan(user), baseCase: () => undefined }) as unknown as QualityContext;
    expect(gtUnrequestedDistance.check(tc, ctx(route))).toMatch(/step 3 BINGMap\.get_distance measures a distance the request never asks for/);
    expect(gtUnrequestedDistance.check(tc, ctx(`${route} How far is it?`))).toBeNull();
  });
});
