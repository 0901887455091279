// Thought-writer 63–65 and resolve 52–54 (lead40): a tie citing a field of a tool that answered more than once says which call it was.
import { describe, expect, it } from 'vitest';
import { sourceCallUnsaid } from '../../pipeline/quality/measures/thoughtWording.js';
import { misattributedValue } from '../../pipeline/quality/measures/thoughts.js';
import { tieThoughtsToAnswers, type TiedStep } from '../../stages/standardize/thoughtWriter.js';
import { Rng } from '../../pipeline/rng.js';

const zip = 'VehicleControlAPI.get_zipcode_based_on_city';
const zipCalls = [
  { name: zip, args: { city: 'San Francisco' }, response: '{"zipcode": "94016"}' },
  { name: zip, args: { city: 'Rivermist' }, response: '{"zipcode": "83214"}' },
];
const coordinate = 'GaodeMap.get_coordinate';
const coordinateCalls = [
  { name: coordinate, args: { address: '北京市政府' }, response: "{'coordinate': '116.407417,39.904172'}" },
  { name: coordinate, args: { address: '上海市政府' }, response: "{'coordinate': '121.473657,31.230378'}" },
];

describe('thought_source_call_unsaid', () => {
  it('flags a field of a tool that answered twice cited without its call', () => {
    // bfcl_multi_turn_base_58-tool_hallucination_error-k6-cot and teval_query_464_1-parameters_key_error-k5-cot on lead39 f3.
    expect(sourceCallUnsaid('From `get_zipcode_based_on_city` I know that the zipcode is "94016". What remains is to estimate the distance.', zipCalls)).toMatch(/San Francisco/);
    expect(sourceCallUnsaid('From `get_coordinate` I know that the coordinate is "116.407417,39.904172". Last, I need to search for places near the location.', coordinateCalls)).toMatch(/北京市政府/);
    expect(sourceCallUnsaid('The destination is again "121.473657,31.230378", the one `get_coordinate` gave. Next, I need to get the route.', coordinateCalls)).toMatch(/上海市政府/);
  });
  it('passes the call said, a tool that answered once, and answers that agree', () => {
    expect(sourceCallUnsaid('From `get_zipcode_based_on_city` I know that the zipcode for San Francisco is "94016" and the one for Rivermist is "83214". Next, I can estimate the distance.', zipCalls)).toBeUndefined();
    expect(sourceCallUnsaid('The destination is again "121.473657,31.230378", the one `get_coordinate` gave for "上海市政府". Next, I need to get the route.', coordinateCalls)).toBeUndefined();
    expect(sourceCallUnsaid('`get_zipcode_based_on_city` says the zipcode is "94016". Next, I can estimate the distance.', zipCalls.slice(0, 1))).toBeUndefined();
    const same = [zipCalls[0], { ...zipCalls[0], args: { city: 'SF' } }];
    expect(sourceCallUnsaid('From `get_zipcode_based_on_city` I know that the zipcode is "94016". Next.', same)).toBeUndefined();
  });
});

describe('tieThoughtsToAnswers says which call a value came from', () => {
  const steps = (): TiedStep[] => [
    { action: { name: zip, args: { city: 'San Francisco' }, thought: 'First I need the zipcode of San Francisco.' }, response: { content: zipCalls[0].response } },
    { action: { name: zip, args: { city: 'Rivermist' }, thought: 'I still need the zipcode of Rivermist.' }, response: { content: zipCalls[1].response } },
    { action: { name: 'VehicleControlAPI.estimate_distance', args: { cityA: '94016', cityB: '83214' }, thought: 'The zipcode will be "94016". What remains is to estimate the distance between the two cities, so `estimate_distance` comes next.' } },
  ];
  it('both zipcodes with their cities, in every draw', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const turn = steps();
      tieThoughtsToAnswers([{ user: 'How far is Rivermist from San Francisco?', steps: turn }], new Map(), new Rng(seed));
      const t = turn[2].action.thought!;
      expect(t).toMatch(/the zipcode for San Francisco is "94016" and the one for Rivermist is "83214"/);
      expect(t).not.toMatch(/^The last call tells me/);
      expect(sourceCallUnsaid(t, zipCalls)).toBeUndefined();
    }
  });
  it('a later use of one coordinate says whose it is; an id says what it names', () => {
    const turn: TiedStep[] = [
      { action: { name: coordinate, args: { address: '北京市政府' }, thought: 'First the coordinates of Beijing City Hall.' }, response: { content: coordinateCalls[0].response } },
      { action: { name: coordinate, args: { address: '上海市政府' }, thought: 'Then those of Shanghai City Hall.' }, response: { content: coordinateCalls[1].response } },
      { action: { name: 'GaodeMap.search_nearby', args: { keywords: 'restaurant', location: '116.407417,39.904172' }, thought: 'Last, I need to search for places near the location.' } },
    ];
    tieThoughtsToAnswers([{ user: 'Find restaurants near Beijing City Hall.', steps: turn }], new Map(), new Rng(3));
    expect(turn[2].action.thought).toMatch(/the coordinate for "北京市政府" is "116\.407417,39\.904172"/);
    const details = 'AirbnbSearch.get_property_details';
    const props: TiedStep[] = [
      { action: { name: details, args: { propertyId: 51403713 }, thought: 'Details of the first property.' }, response: { content: "{'latitude': 37.79108, 'longitude': -122.42006}" } },
      { action: { name: details, args: { propertyId: 561489475078914207n }, thought: 'Details of the second property.' }, response: { content: "{'latitude': 37.797432, 'longitude': -122.407883}" } },
      { action: { name: 'BINGMap.search_nearby', args: { latitude: 37.79108, longitude: -122.42006, search_term: 'restaurant' }, thought: 'Now I can search for places near the location.' } },
    ];
    tieThoughtsToAnswers([{ user: 'Find restaurants near each property.', steps: props }], new Map(), new Rng(5));
    expect(props[2].action.thought).toMatch(/the latitude for property 51403713 is 37\.79108 and the longitude is -122\.42006/);
  });
});

describe('thought_claims_given_value reads "for" a value an earlier call was given as naming that call', () => {
  const answers = coordinateCalls.map((c) => c.response).join('\n');
  const calls = coordinateCalls.map((c) => JSON.stringify(c.args)).join('\n');
  const thought = '`get_coordinate` says the coordinate for "上海市政府" is "121.473657,31.230378" and the one for "北京市政府" is "116.407417,39.904172".';
  it('passes the call told by what it was given, and still flags a value no call and no answer shows', () => {
    expect(misattributedValue(thought, 'Find restaurants near Beijing City Hall.', answers, calls)).toBeUndefined();
    // Without the calls (a value nothing was given) it is still read as claimed of the answer.
    expect(misattributedValue(thought, 'Find restaurants near Beijing City Hall.', answers)).toMatch(/上海市政府/);
    expect(misattributedValue('`get_coordinate` says the coordinate for "广州市政府" is "121.473657,31.230378".', 'x', answers, calls)).toMatch(/广州市政府/);
  });
});

describe('thought_intent_doc_phrase widened (thought-writer 66)', () => {
  it('flags the two doc constructions and the writer says them as a person does', async () => {
    const { intentDocPhrase } = await import('../../pipeline/quality/measures/thoughts.js');
    const { intentOf } = await import('../../pipeline/thoughtPhrases.js');
    expect(intentDocPhrase('That part is done; now I need to get the user ID from user name, so `get_user_id` comes next.')).toMatch(/user name/);
    expect(intentDocPhrase('Next, I need to get the opening, closing and after-hours prices of the stock symbol, so I\'ll call it.')).toMatch(/stock symbol/);
    const user = intentOf('Get user ID from user name.', 'get_user_id', { user: 'Bob' });
    expect(user).toBe("look up the user's ID");
    const prices = intentOf('Gets the open, close and afterhours prices of a stock symbol.', 'get_daliy_open_close', { ticker: 'AAPL', date: '2023-10-01' });
    expect(intentDocPhrase(prices)).toBeUndefined();
    expect(prices).toMatch(/prices of the stock$/);
  });
});

describe('thought_brackets_nested (thought-writer 67)', () => {
  it('a list said with its items in brackets gets no second pair round it', async () => {
    const { argWords, argPhrase } = await import('../../pipeline/thoughtPhrases.js');
    const { bracketsNested } = await import('../../pipeline/quality/measures/thoughtWording.js');
    const points = '1. Introduction to computer vision\n2. Applications of computer vision\n3. Computer vision algorithms';
    // teval_query_254_1-control-k6-cot on lead40 m9.
    expect(bracketsNested('`add_text_page` with bullet items (three numbered points ("Introduction", "Applications" and "Algorithms")) and title "X".')).toMatch(/three numbered points/);
    expect(argWords('bullet items', points)).toBe('three numbered bullet items ("Introduction to computer vision", "Applications of computer vision" and "Computer vision algorithms")');
    expect(argWords('content', points)).toMatch(/^content of three numbered points \(/);
    const said = argPhrase({ bullet_items: points, title: 'Computer Vision in Action' });
    expect(bracketsNested(said)).toBeUndefined();
    expect(said).toBe('three numbered bullet items ("Introduction to computer vision", "Applications of computer vision" and "Computer vision algorithms") and title "Computer Vision in Action"');
    // A record keeps its one pair.
    expect(argWords('bullet items', 'Published: 2023\nTitle: X\nAuthors: A\nSummary: a text long enough to go past sixty characters')).toBe('bullet items (a record of Published, Title, Authors and Summary)');
  });
});
