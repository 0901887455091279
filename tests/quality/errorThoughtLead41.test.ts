// error-injectors 83–85 (lead41): a wrong call's thought names the values it passes in the roles it passes them, in
// the order the correct thought says its own, so neither saying less nor saying them out of order marks it out.
import { describe, expect, it } from 'vitest';
import { erroneousThought } from '../../pipeline/errors/injectors/thoughts.js';
import { leaksIn } from '../../pipeline/errors/leaks.js';
import { errorThoughtArgOrder, errorThoughtArgsUnsaid } from '../../pipeline/quality/measures/thoughts.js';
import type { Action, TestCase, ToolDoc } from '../../pipeline/schemas.js';

// T-Eval's BINGMap.get_route doc, as teval_query_266_0 lists it.
const ROUTE: ToolDoc = {
  name: 'BINGMap.get_route',
  description: 'Get the route between two locations in km.',
  required_parameters: [
    { name: 'start', type: 'string', description: '[Required] The start location.' },
    { name: 'end', type: 'string', description: '[Required] The end location.' },
  ],
  optional_parameters: [],
  return_data: [{ name: 'route', description: 'the route, a list of actions.' }],
} as ToolDoc;

const correct: Action = {
  name: ROUTE.name,
  args: { end: 'Empire State Building', start: 'Hotel Mela Times Square' },
  thought: 'Now I can get the route between the two locations by calling `get_route` with starting point "Hotel Mela Times Square" and destination "Empire State Building".',
};
const swapped = { name: ROUTE.name, args: { end: 'Hotel Mela Times Square', start: 'Empire State Building' } };
const caseOf = (type: string, gt: Action, wrong: Action) => ({ cot: true, kind: 'internal', errorType: type, groundTruth: gt, erroneousAction: wrong }) as unknown as TestCase;

describe('leaksIn reads a swapped value by its role', () => {
  it('a value said in the role the wrong call passes it gives nothing away', () => {
    expect(leaksIn('`get_route` with starting point "Empire State Building" and destination "Hotel Mela Times Square"', 'parameters_value_error', correct, swapped, ROUTE)).toEqual([]);
  });
  it('the same value said in its correct role, or with no role, still does', () => {
    expect(leaksIn('`get_route` with starting point "Hotel Mela Times Square"', 'parameters_value_error', correct, swapped, ROUTE)).toEqual([{ what: 'value', text: 'Hotel Mela Times Square' }]);
    expect(leaksIn('The first place is "Hotel Mela Times Square".', 'parameters_value_error', correct, swapped, ROUTE)).toHaveLength(1);
  });
  it('a noun the correct key ends with is no role of the other key', () => {
    const c = { name: 'X.range', args: { date: '2023-10-01', end_date: '2023-10-15' } };
    const w = { name: 'X.range', args: { date: '2023-10-15', end_date: '2023-10-01' } };
    // "end date "2023-10-15"" is the correct role of 2023-10-15: its "date" is not the wrong call's date.
    expect(leaksIn('with end date "2023-10-15"', 'parameters_value_error', c, w)).toEqual([{ what: 'value', text: '2023-10-15' }]);
  });
});

describe('a swapped pair is said as the wrong call passes it', () => {
  it('names both values in the roles the call gives them, in the correct thought\'s frame', () => {
    const thought = erroneousThought('parameters_value_error', correct, swapped, { tools: [ROUTE], query: 'Find a hotel near Times Square and the way from it to the Empire State Building.', earlierRequests: [], earlier: [] })!;
    expect(thought).toContain('by calling `get_route` with starting point "Empire State Building" and destination "Hotel Mela Times Square".');
    expect(leaksIn(thought, 'parameters_value_error', correct, swapped, ROUTE)).toEqual([]);
    expect(errorThoughtArgsUnsaid.check(caseOf('parameters_value_error', correct, { ...swapped, thought }), {} as never)).toBeNull();
  });
  it('a changed value stays in its key\'s place among the others', () => {
    const cost: ToolDoc = { name: 'TravelAPI.get_flight_cost', description: 'Get the cost of a flight.', required_parameters: ['travel_from', 'travel_to', 'travel_date', 'travel_class'].map((name) => ({ name, type: 'string', description: '' })), optional_parameters: [], return_data: [] } as unknown as ToolDoc;
    const right: Action = { name: cost.name, args: { travel_class: 'economy', travel_date: '2026-08-10', travel_from: 'ORD', travel_to: 'LAX' }, thought: 'Last, I need to get the cost of the flight, so I\'ll call `get_flight_cost` with travel class "economy", travel date "2026-08-10", travel from "ORD" and travel to "LAX".' };
    const wrong = { name: cost.name, args: { travel_class: 'economy', travel_date: '2026-08-10', travel_from: 'LAX', travel_to: 'ORD' } };
    const thought = erroneousThought('parameters_value_error', right, wrong, { tools: [cost], query: 'How much is a flight from Chicago to Los Angeles?', earlierRequests: [], earlier: [] })!;
    expect(thought).toContain('with travel class "economy", travel date "2026-08-10", travel from "LAX" and travel to "ORD"');
    expect(errorThoughtArgOrder.check(caseOf('parameters_value_error', right, { ...wrong, thought }), {} as never)).toBeNull();
  });
  it('a renamed key stands where the key it replaces stood', () => {
    const wrong = { name: ROUTE.name, args: { end: 'Empire State Building', starts: 'Hotel Mela Times Square' } };
    const thought = erroneousThought('parameters_key_error', correct, wrong, { tools: [ROUTE], query: 'The way from Hotel Mela Times Square to the Empire State Building?', earlierRequests: [], earlier: [] })!;
    expect(thought).toMatch(/with starts "Hotel Mela Times Square" and destination "Empire State Building"/);
    expect(errorThoughtArgOrder.check(caseOf('parameters_key_error', correct, { ...wrong, thought }), {} as never)).toBeNull();
  });
});

describe('error_thought_args_unsaid and error_thought_arg_order', () => {
  it('flag the bare and the reordered wrong thought (teval_query_266_0, teval_query_295_1 on lead40 f3)', () => {
    expect(errorThoughtArgsUnsaid.check(caseOf('parameters_value_error', correct, { ...swapped, thought: 'Now I can get the route between the two locations by calling `get_route`.' }), {} as never)).toMatch(/names none/);
    const wrong = { name: ROUTE.name, args: { end: 'Empire State Building', starts: 'Hotel Mela Times Square' }, thought: 'I still need the route, and `get_route` with destination "Empire State Building" and starts "Hotel Mela Times Square" is the call for it.' };
    expect(errorThoughtArgOrder.check(caseOf('parameters_key_error', correct, wrong), {} as never)).toMatch(/the wrong call says end, start, the correct one start, end/);
  });
  it('leave out a call passing nothing quotable, and two keys passing one value', () => {
    expect(errorThoughtArgsUnsaid.check(caseOf('parameters_value_error', { name: 'ls', args: { a: true }, thought: 'I list it with `ls`.' }, { name: 'ls', args: { a: false }, thought: 'I list it with `ls`.' }), {} as never)).toBeUndefined();
    const same = { name: ROUTE.name, args: { end: 'X Street', start: 'X Street' }, thought: '`get_route` with starting point "X Street" and destination "X Street".' };
    expect(errorThoughtArgOrder.check(caseOf('parameters_value_error', correct, same), {} as never)).toBeUndefined();
  });
});

describe('a key said in words is no name of the tool (error-injectors@86)', () => {
  const COMMENT = { name: 'TwitterAPI.comment', description: 'Comment on a tweet.', required_parameters: [{ name: 'tweet_id', type: 'integer', description: 'ID of the tweet.' }, { name: 'comment_content', type: 'string', description: 'Content of the comment.' }], optional_parameters: [], return_data: [] } as unknown as ToolDoc;
  const right: Action = { name: COMMENT.name, args: { comment_content: 'Ready for the next adventure!', tweet_id: 5 }, thought: 'I still need to comment on the tweet, and `comment` with comment content "Ready for the next adventure!" and tweet id 5 is the call for it.' };
  const invented = { name: 'TwitterAPI.add_comment', args: right.args };
  it('"comment content" beside a made-up `add_comment` gives nothing away; the tool named as a word still does', () => {
    expect(leaksIn('`add_comment` with comment content "Ready for the next adventure!" and tweet id 5', 'tool_hallucination_error', right, invented, COMMENT)).toEqual([]);
    expect(leaksIn('I could `comment` on it instead.', 'tool_hallucination_error', right, invented, COMMENT)).toHaveLength(1);
  });
  it('the wrong call keeps its arguments (bfcl_multi_turn_base_65-tool_hallucination_error-k9-cot on lead41 m6)', () => {
    const thought = erroneousThought('tool_hallucination_error', right, invented, { tools: [COMMENT], query: "Add a comment saying, 'Ready for the next adventure!'", earlierRequests: [], earlier: [] })!;
    expect(thought).toContain('`add_comment` with comment content "Ready for the next adventure!" and tweet id 5');
    expect(errorThoughtArgsUnsaid.check(caseOf('tool_hallucination_error', right, { ...invented, thought }), {} as never)).toBeNull();
  });
});

describe('thought_tool_verb_echoed reads a key\'s own words as no purpose (lead41)', () => {
  it('"with username to follow "john"" is BFCL\'s username_to_follow, not "to follow" said of `follow_user`', async () => {
    const { echoedVerb } = await import('../../pipeline/quality/measures/thoughtWording.js');
    // bfcl_multi_turn_base_198-tool_select_error-k4-cot on lead41 m7.
    expect(echoedVerb('On to another part of the request: to authenticate the user, I will use `follow_user` with username to follow "john".')).toBeUndefined();
    expect(echoedVerb('Now I will use `follow_user` to follow the account.')).toMatch(/follow_user/);
    expect(echoedVerb('Next, `send` with address "a@b.c", to send the email.')).toMatch(/send/);
  });
});

describe('thought_frame_wrong_only (reported, lead41)', () => {
  it('counts a frame the wrong calls of three trajectories hold and no correct thought does, not one case\'s own words', async () => {
    const { thoughtFrameWrongOnly } = await import('../../pipeline/quality/measures/thoughtContent.js');
    const make = (trajectory: string, n: number, wrongThought: string, rightThought: string) =>
      ({
        id: `${trajectory}-parameters_value_error-k1-cot`,
        trajectoryId: trajectory,
        cot: true,
        kind: 'internal',
        errorType: 'parameters_value_error',
        messages: [
          { role: 'user', content: 'Get order 12446.' },
          { role: 'assistant', content: JSON.stringify({ thought: wrongThought, name: 'T.get_order_details', args: { order_id: n } }) },
          { role: 'function', content: '{"error": "no such order"}' },
        ],
        erroneousAction: { thought: wrongThought, name: 'T.get_order_details', args: { order_id: n } },
        groundTruth: { thought: rightThought, name: 'T.get_order_details', args: { order_id: 12446 } },
        tools: [],
      }) as unknown as TestCase;
    const right = 'The order id is again 12446, the one `place_order` gave.';
    const cases = [make('a', 14246, "I'll pick 14246 for the order id.", right), make('b', 12448, "I'll pick 12448 for the order id.", right), make('c', 12464, "I'll pick 12464 for the order id.", right), make('d', 12447, 'The order id is again 12447, the one `place_order` gave.', right)];
    const s = thoughtFrameWrongOnly.score(cases, {} as never)!;
    expect(s.value).toBeCloseTo(3 / 4);
    expect(s.detail).toMatch(/i'll pick n for the order id/);
    // Two trajectories are one case's words, not a shape.
    expect(thoughtFrameWrongOnly.score(cases.slice(1), {} as never)!.value).toBe(0);
  });
});
