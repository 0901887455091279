/**
 * Every parameters_value_error is solvable, unambiguous and its wrong value a believable mistake.
 *
 * At 4f07e43 the value injector shipped: teval_query_354_0 k3 GaodeMap.get_coordinate(address="123
 * Main Street, City") whose right value "城市, 123号 主街" nothing shown gives (a translation has many
 * renderings); teval_query_264_0 k3 Email.show(only_unread=true) for "see what's new in my inbox …
 * display the contents of my inbox" (the request decides no flag); teval_query_450_0 k3 the weather in
 * "China" for "Beijing", query_307_1 k2 "New York City" for "Times Square" (a wider area the service
 * takes as well); query_311_0 k1 get_coordinates(location="Italian") of "5 Italian restaurants",
 * query_407_2 k2 get_author_id(mauthors="Society") of the quoted title 'The Impact of Social Media on
 * Society' (values of another kind). errors/valueDoubt.ts says what each is; the injector draws none
 * and four measures flag any that ships.
 */
import { describe, expect, it } from 'vitest';
import { areaSwap, otherKind, swapUndecided, undecidedFlag, underivableTruth } from '../../pipeline/errors/valueDoubt.js';
import { valueErrorAreaSwap, valueErrorFlagUndecided, valueErrorOtherKind, valueErrorTruthUnderivable } from '../../pipeline/quality/measures/errors.js';
import { sameValue } from '../../pipeline/errors/values.js';
import { pairOrder } from '../../pipeline/errors/injectors/paramValue.js';
import { kindOfParam } from '../../pipeline/errors/kinds.js';
import type { ToolArgs } from '../../pipeline/schemas.js';
import { tevalTrajectories } from './fixtures/vendored.js';
import { valueInjections } from './fixtures/valueInjections.js';

describe('underivableTruth: a right value nothing shown derives', () => {
  it('flags a Chinese rendering of an English address, passes one an earlier answer shows and values in the request', () => {
    expect(underivableTruth('城市, 123号 主街', 'Please find the coordinates of 123 Main Street, City.')).toMatch(/城市/);
    expect(underivableTruth('时代广场, 纽约', "Find eateries around 'Times Square, New York'.")).toMatch(/时代广场/);
    // FilmDouban's 'Joker' → 小丑: the now-playing list showed 小丑.
    expect(underivableTruth('小丑', 'Tell me about Joker.\n{"films": [{"title": "小丑"}]}')).toBeUndefined();
    expect(underivableTruth('Central Park, New York, NY', 'the coordinates of Central Park in New York, NY')).toBeUndefined();
    expect(underivableTruth('2023-10-20', 'check-in on October 20, 2023')).toBeUndefined();
    expect(underivableTruth('SFO', 'fly from San Francisco')).toBeUndefined();
  });
});

describe('undecidedFlag: a flag flip the request does not rule out', () => {
  const doc = 'whether to show only unread emails in the inbox';
  it('flags only_unread either way where the user says neither "unread" nor "all"', () => {
    expect(undecidedFlag('only_unread', doc, false, "I need to see what's new in my inbox and send a crucial message. Please display the contents of my inbox.")).toMatch(/neither/);
    expect(undecidedFlag('only_unread', doc, true, 'I want to check my email inbox for any new messages.')).toMatch(/neither/);
    expect(undecidedFlag('only_unread', doc, false, 'Please display the first 5 emails in my inbox.')).toMatch(/neither/);
  });
  it('passes a flag the request decides', () => {
    expect(undecidedFlag('only_unread', doc, true, 'I want to review the unread emails in my inbox.')).toBeUndefined();
    expect(undecidedFlag('only_unread', doc, true, 'Display the emails in my inbox that I have not yet opened.')).toBeUndefined();
    expect(undecidedFlag('only_unread', doc, false, 'Show me all the emails in my inbox, read and unread.')).toBeUndefined();
    expect(undecidedFlag('a', 'Show hidden files and directories. Defaults to False.', true, "Display all the available files located within the '/temp' directory including hidden one.")).toBeUndefined();
    expect(undecidedFlag('unlock', '[Required] True if the doors are to be unlocked, False otherwise.', false, 'Lock all the doors before we go.')).toBeUndefined();
  });
});

describe('areaSwap: a wider or narrower area for a place', () => {
  it('flags an area for a site, a country for a city, the qualifier of a place', () => {
    expect(areaSwap('Times Square', 'New York City')).toMatch(/wider/);
    expect(areaSwap('Beijing', 'China')).toMatch(/wider/);
    expect(areaSwap('Nusa Dua Beach', 'Bali')).toMatch(/wider/);
    expect(areaSwap('Golden Gate Bridge, San Francisco', 'San Francisco')).toMatch(/area the other is in/);
  });
  it('passes another place of the same grain, and codes', () => {
    expect(areaSwap('Central Park', 'Times Square')).toBeUndefined();
    expect(areaSwap('Central Park, New York, NY', 'Empire State Building')).toBeUndefined();
    expect(areaSwap('New York', 'Miami')).toBeUndefined();
    expect(areaSwap('1 Infinite Loop, Cupertino, CA', '1600 Pennsylvania Ave NW, Washington, DC')).toBeUndefined();
    expect(areaSwap('LAX', 'San Francisco International')).toBeUndefined();
  });
});

describe('otherKind: a value of another kind lifted from the request', () => {
  const location = { name: 'location', type: 'string' as const, description: 'the location to look up' };
  it('flags a cuisine as a place, a word of a title as an author, a word of a longer name, a person as a place', () => {
    const r311 = 'Please find restaurants near Times Square, within 1 kilometer radius. I would prefer a list of 5 Italian restaurants. Could you provide me with the coordinates of Times Square?';
    expect(otherKind(location, 'Times Square', 'Italian', r311)).toMatch(/said only of something else/);
    const r407 = "Compose an article about 'The Impact of Social Media on Society'. Search for the author named 'John Smith' who has written most on this topic on Google Scholar.";
    expect(otherKind({ name: 'mauthors', type: 'string', description: "the author's name" }, 'John Smith', 'Society', r407)).toMatch(/title the request quotes/);
    expect(otherKind({ name: 'mauthors', type: 'string', description: "the author's name" }, 'John Smith', 'The Impact of Social Media on Society', r407)).toMatch(/no name of one/);
    const r190 = 'Determine the physical distance between the University of California, Berkeley and the Massachusetts Institute of Technology.';
    expect(otherKind({ name: 'end', type: 'string' }, 'Massachusetts Institute of Technology', 'University', r190)).toMatch(/word of a longer name/);
    const r369 = "Compose an email to John Doe at johndoe@example.com with the subject 'Product Inquiry'. Check today's weather in New York City as well.";
    expect(otherKind(location, 'New York City', 'John Doe', r369)).toMatch(/person the request names/);
  });
  it('passes another place, another person, a company name for its ticker', () => {
    const r = 'Find restaurants near Times Square and the coordinates of Central Park. Look up the author John Smith and the author Jane Doe.';
    expect(otherKind(location, 'Central Park', 'Times Square', r)).toBeUndefined();
    expect(otherKind({ name: 'mauthors', type: 'string' }, 'John Smith', 'Jane Doe', r)).toBeUndefined();
    expect(otherKind({ name: 'ticker', type: 'string' }, 'AAPL', 'Apple Inc', "identify the stock ticker of the company 'Apple Inc.'")).toBeUndefined();
    expect(otherKind({ name: 'start', type: 'string' }, 'Times Square', 'New York City', 'a geography project on New York City landmarks, from Times Square')).toBeUndefined();
  });
});

describe('swapUndecided: two ends swapped where the request does not order them', () => {
  it('passes a request that orders the ends and flags one that does not', () => {
    // Ordered: "from … to …", a destination after "reach" with "from" after it, a move "to", codes of cities "from … to …", dates and times.
    expect(swapUndecided('Could you also calculate the route from The Ritz-Carlton to Central Park?', 'The Ritz-Carlton, New York', 'Central Park')).toBeUndefined();
    expect(swapUndecided('Could you find tourist attractions within a 5 km radius of The Ritz-Carlton, New York? Could you also calculate the route from The Ritz-Carlton to Central Park?', 'The Ritz-Carlton, New York', 'Central Park')).toBeUndefined();
    expect(swapUndecided('Also, I would like to know the way to reach the Empire State Building from the first hotel.', 'Hotel Mela Times Square', 'Empire State Building')).toBeUndefined();
    expect(swapUndecided("Move 'previous_report.pdf' in document directory to temp as well.", 'previous_report.pdf', 'temp')).toBeUndefined();
    expect(swapUndecided('I am now curious about the cost of a first-class flight from LAX to the San Francisco airport.', 'LAX', 'SFO')).toBeUndefined();
    expect(swapUndecided("I'm planning to fly from San Francisco to Los Angeles on October 15, 2026.", 'SFO', 'LAX')).toBeUndefined();
    expect(swapUndecided('Are rooms free from 14:00 to 15:00?', '14:00', '15:00')).toBeUndefined();
    // teval_query_25_2: either way is a way between work and home; bfcl_multi_turn_base_8: a diff either way round; teval_query_290_0: the plan's route runs against the request.
    expect(swapUndecided('I want to find out how far my workplace at 321 Industrial Ln, Springfield is from my home at 123 Orchard St, Springfield, and the best path to take.', '123 Orchard St, Springfield', '321 Industrial Ln, Springfield')).toMatch(/which end/);
    expect(swapUndecided("I need you to draw a comparison between 'experiment_log.txt' and 'previous_study_log.txt' to pinpoint any deviations.", 'experiment_log.txt', 'previous_study_log.txt')).toMatch(/which end/);
    expect(swapUndecided('Calculate the distance from each restaurant to a location with latitude 40.6892 and longitude -74.0445 and provide the route to reach there.', '40.6892,-74.0445', '187 Warren St Ste 100, Jersey City, NJ, 07302')).toMatch(/does not say which end/);
  });
});

describe('the four measures', () => {
  const tc = (name: string, right: Record<string, unknown>, wrong: Record<string, unknown>, user: string, response = '{}', origin = 'injector same-kind-entity:other-entity-in-query', tools: unknown[] = []) =>
    ({
      id: 'c',
      kind: 'internal',
      errorType: 'parameters_value_error',
      cot: false,
      trajectoryId: 't',
      source: 'teval',
      k: 1,
      tools,
      groundTruth: { name, args: right },
      erroneousAction: { name, args: wrong },
      provenance: { origin, methods: {}, parents: [] },
      messages: [
        { role: 'system', content: 'docs' },
        { role: 'user', content: user },
        { role: 'assistant', content: JSON.stringify({ name, args: wrong }) },
        { role: 'function', content: response },
      ],
    }) as never;
  const ctx = {} as never;
  const gaode = { name: 'GaodeMap.get_coordinate', description: '', required_parameters: [{ name: 'address', type: 'string', description: 'the address' }], optional_parameters: [] };
  it('flag teval_query_354_0 k3, 264_0 k3, 450_0 k3, 311_0 k1 as shipped and pass a clean value error', () => {
    const u354 = "I need to see what's new in my inbox. Please find the coordinates of 123 Main Street, City.";
    expect(valueErrorTruthUnderivable.check(tc('GaodeMap.get_coordinate', { address: '城市, 123号 主街' }, { address: '123 Main Street, City' }, u354, "{'count': '0', 'geocodes': []}", undefined, [gaode]), ctx)).toMatch(/城市/);
    // A recorded error's right value must be derivable too.
    expect(valueErrorTruthUnderivable.check(tc('GaodeMap.get_coordinate', { address: '城市, 123号 主街' }, { address: '123 Main Street, City' }, u354, 'input param should be a Chinese string', 'recorded (T-Eval review teval-review_171)'), ctx)).toMatch(/城市/);
    expect(valueErrorTruthUnderivable.check(tc('FilmDouban.print_detail', { film_name: '小丑' }, { film_name: 'Joker' }, 'Tell me about Joker.', 'filmName should be a chinese string'), ctx)).toMatch(/小丑/);
    const show = { name: 'Email.show', description: '', required_parameters: [{ name: 'only_unread', type: 'boolean', description: 'whether to show only unread emails in the inbox' }], optional_parameters: [] };
    expect(valueErrorFlagUndecided.check(tc('Email.show', { only_unread: false }, { only_unread: true }, "I need to see what's new in my inbox. Please display the contents of my inbox.", '{}', 'injector same-kind-entity:flag-flipped', [show]), ctx)).toMatch(/neither/);
    expect(valueErrorFlagUndecided.check(tc('Email.show', { only_unread: true }, { only_unread: false }, 'I want to review the unread emails in my inbox.', '{}', 'injector same-kind-entity:flag-flipped', [show]), ctx)).toBeNull();
    const weather = { name: 'Weather.get_weather_today', description: '', required_parameters: [{ name: 'location', type: 'string', description: 'the location' }], optional_parameters: [] };
    const u450 = 'Provide information about the five movies that will be released soon in China. Lastly, what is the weather forecast in Beijing for today?';
    expect(valueErrorAreaSwap.check(tc('Weather.get_weather_today', { location: 'Beijing' }, { location: 'China' }, u450, '{}', undefined, [weather]), ctx)).toMatch(/wider/);
    expect(valueErrorAreaSwap.check(tc('Weather.get_weather_today', { location: 'Beijing' }, { location: 'Shanghai' }, 'Weather in Beijing and Shanghai', '{}', undefined, [weather]), ctx)).toBeNull();
    const coords = { name: 'BINGMap.get_coordinates', description: '', required_parameters: [{ name: 'location', type: 'string', description: 'the location' }], optional_parameters: [] };
    const u311 = 'Please find restaurants near Times Square. I would prefer a list of 5 Italian restaurants. Could you provide me with the coordinates of Times Square?';
    expect(valueErrorOtherKind.check(tc('BINGMap.get_coordinates', { location: 'Times Square' }, { location: 'Italian' }, u311, '{}', undefined, [coords]), ctx)).toMatch(/Italian/);
    expect(valueErrorOtherKind.check(tc('BINGMap.get_coordinates', { location: 'Times Square' }, { location: 'Italian' }, u311, '{}', 'recorded (T-Eval review x)', [coords]), ctx)).toBeUndefined();
  });
});

describe('the value injector draws none of them', () => {
  it('over the trajectories that shipped one', () => {
    const keys = ['query_25_2', 'query_290_0', 'query_354_0', 'query_264_0', 'query_365_2', 'query_348_2', 'query_450_0', 'query_307_1', 'query_270_1', 'query_314_2', 'query_311_0', 'query_407_2', 'query_190_0', 'query_369_0', 'query_30_1', 'query_289_1'];
    const trajectories = tevalTrajectories(keys);
    expect(trajectories.length).toBeGreaterThan(8);
    let made = 0;
    for (const { t, k, input, correct, request, injection } of valueInjections(trajectories, 10)) {
      const doc = input.tools.find((d) => d.name === input.correct.name)!;
      const params = [...doc.required_parameters, ...doc.optional_parameters];
      const shown = [JSON.stringify(input.tools), request, ...input.earlier.map((s) => `${JSON.stringify(s.args)}\n${s.response ?? ''}`)].join('\n');
      made++;
      const wrong = injection.action.args as ToolArgs;
      const why = `${t.id} k=${k}: ${injection.variant} ${injection.detail}`;
      for (const [key, value] of Object.entries(wrong)) {
        if (sameValue(value, correct[key])) continue;
        const param = params.find((p) => p.name === key) ?? { name: key, type: 'any' as const, description: '' };
        expect(underivableTruth(correct[key], shown), why).toBeUndefined();
        if (injection.variant.endsWith('arguments-swapped')) {
          const other = Object.keys(wrong).find((o) => o !== key && sameValue(wrong[o], correct[key]));
          const order = other ? pairOrder(key, other) : undefined;
          if (order) expect(swapUndecided(input.query, correct[order[0]], correct[order[1]]), why).toBeUndefined();
          continue;
        }
        if (typeof value === 'boolean') expect(undecidedFlag(key, param.description ?? '', correct[key] as boolean, request), why).toBeUndefined();
        if (kindOfParam(param) === 'place') expect(areaSwap(correct[key], value), why).toBeUndefined();
        expect(otherKind(param, correct[key], value, request), why).toBeUndefined();
      }
    }
    expect(made).toBeGreaterThan(50);
  });
});
