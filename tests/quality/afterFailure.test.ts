/**
 * The step after a failure (external cases): the rules of pipeline/afterFailure.ts, the measures
 * that check shipped cases with them, and the generator (diversify-external) that must no longer
 * go on with a step that needs the failed call, close a turn whose independent part is left, retry
 * a placeholder call or write a skip thought that cites a result that never came.
 */
import { describe, expect, it } from 'vitest';
import type { Action, ChatMessage, TestCase, ToolDoc, ToolResponse, Trajectory } from '../../pipeline/schemas.js';
import type { QualityContext } from '../../pipeline/quality/types.js';
import { claimsFailedEffect, conditionOnFailed, needsOpenedState, placeholderArgument, placeholderValue, skipCandidates, skipObstacle, valuesFromPlannedAnswer, valuesFromUnseenAnswers } from '../../pipeline/afterFailure.js';
import { toolSteps } from '../../pipeline/steps.js';
import { finishWithStepsLeft, infeasibleSkip, placeholderRetry, skipPassesOverStep, skipPassesTranslatedPlace, skipReportsFailedSuccess } from '../../pipeline/quality/measures/solvable.js';
import { placeSaidOtherwiseIn } from '../../pipeline/resolution/places.js';
import { skipThoughtCitesUnseen } from '../../pipeline/quality/measures/thoughts.js';
import { callGoesAgain } from '../../pipeline/quality/measures/thoughtWording.js';
import { skipProblem, skipThought } from '../../stages/diversify-external/afterFailure.js';
import { Rng } from '../../pipeline/rng.js';
import { contextWith, externalCase as caseAfterFailure } from '../support/externalCases.js';

const tool = (name: string, params: string[], description = `Does ${name}.`): ToolDoc => ({
  name,
  description,
  required_parameters: params.map((p) => ({ name: p, type: 'string', description: `the ${p}` })),
  optional_parameters: [],
  return_data: [{ name: 'organic_result_id', description: 'the id of the result' }],
});

const TOOLS = [
  tool('ReserveMeeting.get_empty_room_with_time', ['start_time', 'end_time'], 'Get the empty rooms in a time slot.'),
  tool('ReserveMeeting.reserve', ['room_id', 'start_time', 'end_time'], 'Reserve a room.'),
  tool('ReserveMeeting.get_reserved', [], 'Get the booking status of all rooms.'),
  tool('ArxivSearch.get_arxiv_article_information', ['query'], 'Run Arxiv search and get the article meta information.'),
  tool('FileOperation.write_file', ['file_path', 'text'], 'Write text to a file.'),
  tool('PPT.create_file', ['abs_location', 'theme'], 'Create a pptx file.'),
  tool('PPT.add_text_page', ['title', 'bullet_items'], 'Add a text page of ppt.'),
  tool('PPT.get_image', ['keywords'], 'Get an image by keywords.'),
  tool('Email.send', ['address', 'title', 'body'], 'Send an email.'),
  tool('GoogleScholar.search_google_scholar', ['query'], 'Search for scholarly articles on Google Scholar.'),
  tool('GoogleScholar.get_citation_format', ['q'], 'Get the citation format of a result.'),
  tool('AirbnbSearch.search_property_by_place', ['place'], 'Search for properties by place.'),
  tool('AirbnbSearch.get_property_details', ['propertyId'], 'Get the details of a property given its ID.'),
  tool('VehicleControlAPI.check_tire_pressure', [], 'Check the tire pressure of the vehicle.'),
  tool('VehicleControlAPI.find_nearest_tire_shop', [], 'Find the nearest tire shop.'),
  tool('Email.show', ['only_unread'], 'show the emails in the inbox'),
  tool('GaodeMap.get_coordinate', ['address', 'city'], 'Get the coordinate of a location. Param must be in Chinese'),
  tool('Weather.get_weather_today', ['location'], "Get today's weather."),
];

const ok = (content: string): ToolResponse => ({ content, tier: 'simulated' });
const failure: ToolResponse = { content: 'HTTP 503 Service Unavailable', tier: 'simulated', error: { source: 'environment', message: 'HTTP 503 Service Unavailable' } };

const externalCase = (t: Trajectory, k: number, next: Action, cot = false): TestCase => caseAfterFailure(t, k, next, failure.content, cot);
const ctxWith = contextWith;

function trajectory(id: string, user: string, steps: [Action, string, number[]?][], source: 'teval' | 'bfcl' = 'teval'): Trajectory {
  return {
    id,
    source,
    tools: TOOLS,
    turns: [{ user, steps: steps.map(([action, response, prev]) => ({ action, response: ok(response), ...(prev ? { prev } : {}) })), final: 'done' }],
    final: 'done',
    meta: {},
  };
}



// teval_query_51_1: reserve room 101 only if the availability check (which failed) says it is free.
const rooms = trajectory(
  'teval_query_51_1',
  'I need to book a meeting room for today. Can you find any available rooms between 14:00 and 16:00? If room 101 is available for that time slot, please reserve it. After the reservation, could you provide me with the current booking status of all the rooms?',
  [
    [{ name: 'ReserveMeeting.get_empty_room_with_time', args: { start_time: '14:00', end_time: '16:00' } }, '{"empty_rooms": ["101", "103"]}'],
    [{ name: 'ReserveMeeting.reserve', args: { room_id: '101', start_time: '14:00', end_time: '16:00' } }, '{"status": "reserved"}', [0]],
    [{ name: 'ReserveMeeting.get_reserved', args: {} }, '{"101": "14:00-16:00"}', [1]],
  ],
);

// teval_query_212_0: the file would hold the articles the failed search was to find.
const articles = trajectory('teval_query_212_0', "Look for articles on 'quantum computing' and save their meta information to 'outputs/quantum.txt'.", [
  [{ name: 'ArxivSearch.get_arxiv_article_information', args: { query: 'quantum computing' } }, 'Published: 2022-08-01\nTitle: The Rise of Quantum Internet Computing\nAuthors: Seng W. Loke'],
  [{ name: 'FileOperation.write_file', args: { file_path: 'outputs/quantum.txt', text: 'Published: 2022-08-01\nTitle: The Rise of Quantum Internet Computing\nAuthors: Seng W. Loke' } }, '{"status": "ok"}', [0]],
]);

// teval_query_88_2: a page added to a presentation that create_file never opened.
const slides = trajectory('teval_query_88_2', "Create a presentation 'outputs/ww2.pptx' with a page 'Causes' listing the Treaty of Versailles, and find an image of a tank.", [
  [{ name: 'PPT.create_file', args: { abs_location: 'outputs/ww2.pptx', theme: 'default' } }, '{"status": "created"}'],
  [{ name: 'PPT.add_text_page', args: { title: 'Causes', bullet_items: 'Treaty of Versailles' } }, '{"status": "added"}', [0]],
  [{ name: 'PPT.get_image', args: { keywords: 'tank' } }, '{"picture_url": "outputs/tank.jpg"}', [1]],
]);

// teval_query_7_1: the property search fails; the scholar search asked for in the same request needs nothing from it.
const paris = trajectory(
  'teval_query_7_1',
  "Search for properties in Paris on Airbnb. Retrieve the details of the first property in the search results. Then, search for scholarly articles related to 'Paris tourism' on Google Scholar.",
  [
    [{ name: 'AirbnbSearch.search_property_by_place', args: { place: 'Paris' } }, '{"property": [{"id": 631154213461762756, "name": "Modern condominium"}]}'],
    [{ name: 'AirbnbSearch.get_property_details', args: { propertyId: 631154213461762756n } }, '{"name": "Modern condominium"}', [0]],
    [{ name: 'GoogleScholar.search_google_scholar', args: { query: 'Paris tourism' } }, '{"organic_results": []}', [1]],
  ],
);


// teval_query_358_0: the inbox times out; the coordinates of "Tiananmen Square in Beijing" are asked in Chinese, as GaodeMap's doc says.
const beijing = trajectory(
  'teval_query_358_0',
  'I want to check my inbox and see if there are any new emails. Also, I would like to get the coordinates of Tiananmen Square in Beijing. Finally, please give me the current weather for Beijing.',
  [
    [{ name: 'Email.show', args: { only_unread: true } }, "{'emails': [{'sender': 'Microsoft CMT <email@msr-cmt.org>', 'title': 'AAAI-23 Phase 1 notification'}]}"],
    [{ name: 'GaodeMap.get_coordinate', args: { address: '天安门广场', city: '北京' } }, "{'coordinate': '116.400124,39.912625'}", [0]],
    [{ name: 'Weather.get_weather_today', args: { location: 'Beijing' } }, "{'overall': 'light rain'}", [1]],
  ],
);

// teval_query_194_1: the status file the request asks for reports the send's outcome.
const status = trajectory('teval_query_194_1', "Email colleague@example.com with the subject 'Machine Learning Article'. Lastly, write the status of the email sending operation to 'outputs/status.txt'.", [
  [{ name: 'Email.send', args: { address: 'colleague@example.com', title: 'Machine Learning Article', body: 'See the attachment.' } }, "{'status': 'success'}"],
  [{ name: 'FileOperation.write_file', args: { file_path: 'outputs/status.txt', text: 'Email sent successfully.' } }, "{'status': 'ok'}", [0]],
]);

describe('what the step after a failure may not need', () => {
  it('a condition the user tied to the failed call\'s result; not a modal "should", an embedded question or a hedge', () => {
    const [check, reserve] = toolSteps(rooms).map((s) => s.step.action);
    expect(conditionOnFailed(rooms.turns[0].user, check, reserve, TOOLS)).toMatch(/If room 101 is available/);
    const tires = { name: 'VehicleControlAPI.check_tire_pressure', args: {} };
    const shop = { name: 'VehicleControlAPI.find_nearest_tire_shop', args: {} };
    expect(conditionOnFailed('Could you take a look at the tire pressures. Should any tire display a pressure below 40 PSI, kindly guide me to the nearest tire service facility for a fix.', tires, shop, TOOLS)).toMatch(/Should any tire/);
    // "it" is the tire pressure of the sentence before; 37.5 does not end the clause.
    expect(conditionOnFailed('Would you be able to verify if my tire pressure is in check? If it falls under 37.5 PSI, perhaps we could swing by the nearest tire shop?', tires, shop, TOOLS)).toMatch(/37\.5 PSI/);
    expect(conditionOnFailed('Check my tire pressure. The tire shop visit should be booked for Monday, and find the nearest tire shop.', tires, shop, TOOLS)).toBeUndefined();
    expect(conditionOnFailed('Check my tire pressure and, if you can, find the nearest tire shop.', tires, shop, TOOLS)).toBeUndefined();
    expect(conditionOnFailed('Find the nearest tire shop to determine if it is open near my tire pressure check.', tires, shop, TOOLS)).toBeUndefined();
    // "reserve it for that time" points back at the hours said; a clock read is not what the condition asks (teval_query_250_1).
    const status = { name: 'ReserveMeeting.get_room_status', args: {} };
    const clock = { name: 'TimeTool.get_curr_time', args: {} };
    const asked = 'Could you please check the status of rooms 101, 102, and 103? If any of them are free between 2pm and 4pm today, please reserve it for that time. Also, could you tell me the current date and time?';
    expect(conditionOnFailed(asked, status, clock, [{ name: 'TimeTool.get_curr_time', description: 'Get the current time.' }])).toBeUndefined();
    expect(conditionOnFailed(asked, status, { name: 'ReserveMeeting.reserve', args: { room_id: '101', start_time: '14:00', end_time: '16:00' } }, [{ name: 'ReserveMeeting.reserve', description: 'Reserve a meeting room for a time.' }])).toMatch(/If any of them are free/);
  });

  it('text written from the failed call\'s answer; the file or session it opens; a claim that it worked', () => {
    const steps = toolSteps(articles);
    const shown = `${articles.turns[0].user}\n${failure.content}`;
    expect(valuesFromUnseenAnswers(steps[1].step.action, steps.slice(0, 1), shown)).toEqual(expect.arrayContaining(['2022-08-01', 'The Rise of Quantum Internet Computing']));
    expect(valuesFromUnseenAnswers(steps[1].step.action, steps.slice(0, 1), `${shown}\n${steps[0].step.response!.content}`)).toEqual([]);
    // teval_query_375_0: a reply to the sender an inbox showed waits on the failed Email.show.
    const show = { step: { action: { name: 'Email.show', args: { only_unread: true } }, response: { content: "{'emails': [{'sender': 'Microsoft CMT <email@msr-cmt.org>', 'title': 'AAAI-23 Phase 1 notification'}]}" } } } as unknown as (typeof steps)[number];
    const reply = { name: 'Email.send', args: { address: 'email@msr-cmt.org', title: 'Re: Marketing Campaign Proposal' } };
    expect(valuesFromUnseenAnswers(reply, [show], 'Respond to the most recent email about the Marketing Campaign Proposal.')).toEqual(['email@msr-cmt.org']);
    expect(valuesFromUnseenAnswers({ ...reply, args: { address: 'friend@example.com', title: 'Hi' } }, [show], 'Write to friend@example.com.')).toEqual([]);
    const [create, page, image] = toolSteps(slides).map((s) => s.step.action);
    expect(needsOpenedState(create, page)).toMatch(/file the failed create_file would have opened/);
    expect(needsOpenedState(create, image)).toBeUndefined(); // a search for an image reads nothing of the file
    const reserve: Action = { name: 'ReserveMeeting.reserve', args: { room_id: '102', start_time: '10:00', end_time: '12:00' } };
    const email = (body: string): Action => ({ name: 'Email.send', args: { address: 'team@example.com', title: 'Meeting', body } });
    expect(claimsFailedEffect(reserve, email('I have secured a meeting room for us. Room Number: 102, from 10:00 to 12:00.'))).toMatch(/reports reserve/);
    expect(claimsFailedEffect(reserve, email('Could we meet on Monday? I am still looking for a free room.'))).toBeUndefined();
    // A status line however short (teval_query_194_1); a text that says nothing of the send passes.
    const [send, write] = toolSteps(status).map((s) => s.step.action);
    expect(claimsFailedEffect(send, write)).toMatch(/reports send as done \("Email sent successfully\."\)/);
    expect(claimsFailedEffect(send, { ...write, args: { file_path: 'outputs/status.txt', text: 'Email could not be sent.' } })).toBeUndefined();
    expect(claimsFailedEffect(send, { ...write, args: { file_path: 'outputs/notes.txt', text: 'The search was successful.' } })).toBeUndefined();
  });

  it('a place the request names, written in the language the tool asks, is shown (teval_query_358_0); an unshown Chinese name is not', () => {
    const shown = beijing.turns[0].user;
    expect(placeSaidOtherwiseIn('天安门广场', shown)).toBe(true);
    expect(placeSaidOtherwiseIn('北京', shown)).toBe(true);
    expect(placeSaidOtherwiseIn('上海', shown)).toBe(false);
    expect(placeSaidOtherwiseIn('Beijing', shown)).toBe(false); // the same name, not another one
    const coordinate = toolSteps(beijing)[1].step.action;
    expect(valuesFromPlannedAnswer(coordinate, shown)).toEqual([]);
    expect(valuesFromPlannedAnswer({ ...coordinate, args: { address: '外滩', city: '上海' } }, shown)).toEqual(expect.arrayContaining(['外滩', '上海']));
    const messages: ChatMessage[] = [{ role: 'system', content: '' }, { role: 'user', content: shown }, { role: 'assistant', content: '{"name":"Email.show","args":{"only_unread":true}}' }, { role: 'function', content: failure.content }];
    expect(skipObstacle(beijing, 1, toolSteps(beijing)[1], messages)).toBeUndefined();
  });

  it('placeholders: template slots, descriptions of the value, field names, numbered filler, dummy ids; real values pass', () => {
    const fields = new Set(['organic_result_id', 'query']);
    for (const v of ['{places}', 'company name', 'organic_result_id', 'Bullet point 1[SPAN]Bullet point 2[SPAN]Bullet point 3', '12345', '[IMAGE_PATH]', 'Lorem ipsum dolor sit amet']) {
      expect(placeholderValue(v, fields), v).toBeDefined();
    }
    for (const v of ['Apple Inc.', 'b8af6XDcmWoJ', 'project_archive', 'Treaty of Versailles[SPAN]Rise of Fascism', '691676460109271194', 'outputs/ww2.pptx', 'John Smith']) {
      expect(placeholderValue(v, fields), v).toBeUndefined();
    }
    expect(placeholderArgument({ name: 'GoogleScholar.get_citation_format', args: { q: 'organic_result_id' } }, fields)).toMatch(/field name/);
  });
});

describe('measures of the step after a failure', () => {
  it('skip_infeasible flags a step on a condition, on the failed answer or in the unopened file, and passes an independent one', () => {
    const [, reserve] = toolSteps(rooms).map((s) => s.step.action);
    expect(infeasibleSkip.check(externalCase(rooms, 1, reserve), ctxWith(rooms))).toMatch(/only "If room 101 is available/);
    expect(infeasibleSkip.check(externalCase(articles, 1, toolSteps(articles)[1].step.action), ctxWith(articles))).toMatch(/2022-08-01/);
    const [, page, image] = toolSteps(slides).map((s) => s.step.action);
    expect(infeasibleSkip.check(externalCase(slides, 1, page), ctxWith(slides))).toMatch(/would have opened/);
    const scholar = toolSteps(paris)[2].step.action;
    expect(infeasibleSkip.check(externalCase(paris, 1, scholar), ctxWith(paris))).toBeNull();
    expect(infeasibleSkip.check(externalCase(slides, 2, image), ctxWith(slides))).toBeNull();
  });

  it('skip_finishes_early flags a closing answer while an independent step is left, not one where every later step needs the failed call', () => {
    const close: Action = { name: 'FinishAction', args: 'The property search kept failing.' };
    expect(finishWithStepsLeft.check(externalCase(paris, 1, close), ctxWith(paris))).toMatch(/step 3 GoogleScholar.search_google_scholar/);
    expect(finishWithStepsLeft.check(externalCase(articles, 1, close), ctxWith(articles))).toBeNull();
    expect(finishWithStepsLeft.check(externalCase(rooms, 1, close), ctxWith(rooms))).toBeNull();
  });

  it('skip_passes_over_step flags going on with a later step while an earlier one stands (teval_query_486_2), and passes the first that stands', () => {
    const three = trajectory('teval_query_7_2', "Search for 'quantum computing' on Arxiv, then search for scholarly articles related to 'Paris tourism' on Google Scholar and reserve a room from 13:00 to 14:00.", [
      [{ name: 'ArxivSearch.get_arxiv_article_information', args: { query: 'quantum computing' } }, 'Published: 2022-08-01'],
      [{ name: 'GoogleScholar.search_google_scholar', args: { query: 'Paris tourism' } }, '{"organic_results": []}'],
      [{ name: 'ReserveMeeting.get_empty_room_with_time', args: { start_time: '13:00', end_time: '14:00' } }, '{"rooms": [101]}'],
    ]);
    const later = toolSteps(three)[2].step.action;
    const first = toolSteps(three)[1].step.action;
    expect(skipPassesOverStep.check(externalCase(three, 1, later), ctxWith(three))).toMatch(/step 2 GoogleScholar.search_google_scholar/);
    expect(skipPassesOverStep.check(externalCase(three, 1, first), ctxWith(three))).toBeNull();
  });

  it('skip_passes_translated_place flags passing over the request\'s place written in Chinese, and passes going on with it', () => {
    const [, coordinate, weather] = toolSteps(beijing).map((s) => s.step.action);
    expect(skipPassesTranslatedPlace.check(externalCase(beijing, 1, weather), ctxWith(beijing))).toMatch(/GaodeMap.get_coordinate takes "天安门广场"/);
    expect(skipPassesTranslatedPlace.check(externalCase(beijing, 1, coordinate), ctxWith(beijing))).toBeNull();
    // A next step on values the case shows as they are is not this measure's.
    expect(skipPassesTranslatedPlace.check(externalCase(paris, 1, toolSteps(paris)[2].step.action), ctxWith(paris))).toBeNull();
    // The generator now goes on with the coordinates.
    expect(skipCandidates(beijing, 1).map((s) => s.step.action.name)).toContain('GaodeMap.get_coordinate');
  });

  it('skip_reports_failed_success flags a status text saying the failed send went through, and passes one saying it failed', () => {
    const [, write] = toolSteps(status).map((s) => s.step.action);
    expect(skipReportsFailedSuccess.check(externalCase(status, 1, write), ctxWith(status))).toMatch(/writes "Email sent successfully\." though Email.send failed/);
    expect(skipReportsFailedSuccess.check(externalCase(status, 1, { ...write, args: { file_path: 'outputs/status.txt', text: 'Email sending failed.' } }), ctxWith(status))).toBeNull();
    expect(infeasibleSkip.check(externalCase(status, 1, write), ctxWith(status))).toMatch(/reports send as done/);
  });

  it('external_placeholder_call flags a retried call whose argument is a placeholder', () => {
    const cite = trajectory('teval_query_443_2', 'Get the citation of the first result.', [[{ name: 'GoogleScholar.get_citation_format', args: { q: 'organic_result_id' } }, '{"citations": []}']]);
    const close: Action = { name: 'FinishAction', args: 'It kept failing.' };
    expect(placeholderRetry.check(externalCase(cite, 1, close), ctxWith(cite))).toMatch(/the retried GoogleScholar.get_citation_format: q="organic_result_id"/);
    expect(placeholderRetry.check(externalCase(paris, 1, close), ctxWith(paris))).toBeNull();
  });

  it('skip_thought_unseen flags a thought citing the failed call\'s result or "with that done", and passes the generator\'s thought', () => {
    const scholar = toolSteps(paris)[2].step.action;
    const cites = externalCase(paris, 1, { ...scholar, thought: '`search_property_by_place` says the id is "631154213461762756". Next I search Google Scholar.' }, true);
    expect(skipThoughtCitesUnseen.check(cites, ctxWith(paris))).toMatch(/cites a result of the failed/);
    const leans = externalCase(paris, 1, { ...scholar, thought: 'With that done, I can search for scholarly articles.' }, true);
    expect(skipThoughtCitesUnseen.check(leans, ctxWith(paris))).toMatch(/With that done/);
    for (let seed = 0; seed < 12; seed++) {
      const thought = skipThought('AirbnbSearch.search_property_by_place', scholar, TOOLS, new Rng(seed, 'skip-thought'));
      expect(skipThoughtCitesUnseen.check(externalCase(paris, 1, { ...scholar, thought }, true), ctxWith(paris)), thought).toBeNull();
      expect(thought).toMatch(/`search_property_by_place`/);
    }
  });
});

describe('the generator goes on only with a step that needs nothing from the failed call', () => {
  it('refuses the conditional, written-from-the-answer and unopened-file steps', async () => {
    expect(await skipProblem(rooms, 1, failure, undefined)).toMatch(/If room 101 is available/);
    expect(await skipProblem(articles, 1, failure, undefined)).toMatch(/Rise of Quantum Internet Computing/);
    expect(await skipProblem(slides, 1, failure, undefined)).toMatch(/would have opened/);
  });

  it('looks past a dependent next step to a later independent one of the request', async () => {
    const candidates = skipCandidates(paris, 1);
    expect(candidates.map((s) => s.k)).toEqual([2, 3]);
    expect(await skipProblem(paris, 1, failure, undefined, candidates[0])).toMatch(/631154213461762756/);
    expect(await skipProblem(paris, 1, failure, undefined, candidates[1])).toBeUndefined();
  });
});

// Before diversify-external 5 every one of the 227 CoT closing thoughts after a failure was one
// sentence: "The X call kept failing (an environment error) after retrying, so the request cannot be
// fully accomplished; I report what was done and what failed."
describe('the closing thought after a call that kept failing', () => {
  it('says how it failed, in more than one wording', async () => {
    const { finishThought } = await import('../../stages/diversify-external/afterFailure.js');
    const { Rng } = await import('../../pipeline/rng.js');
    const thoughts = new Set(Array.from({ length: 30 }, (_, i) => finishThought({ name: 'get_ticker_detail', args: {} }, 'HTTP 429 Too Many Requests', [], new Rng(i, 'f'))));
    expect(thoughts.size).toBeGreaterThanOrEqual(3);
    for (const t of thoughts) expect(t).toMatch(/limit/);
    expect(finishThought({ name: 'search_movie', args: {} }, 'Request timed out after 15 s', [], new Rng(1, 'f'))).toMatch(/time/);
    // The simulator's local wordings (env-wording-4) say their kind: a throttled device hit a limit, a lost link lost its connection.
    for (let i = 0; i < 12; i++) {
      const throttled = finishThought({ name: 'cd', args: {} }, 'OSError: [Errno 16] Device or resource busy: cd was throttled after too many operations in the last second (limit 10); try again shortly', [], new Rng(i, 't'));
      expect(throttled).toMatch(/limit/);
      expect(throttled).not.toMatch(/\(it failed\)|failed too|still fails/);
      const lost = finishThought({ name: 'lockDoors', args: {} }, 'lockDoors failed: device not ready; the connection to the controller was lost', [], new Rng(i, 'l'));
      expect(lost).toMatch(/los(?:t|es) its connection/);
    }
  });

  it('the step taken after giving up says how the call failed, and failure_thought_kind_unsaid flags a bare "still fails"', async () => {
    const { skipThought } = await import('../../stages/diversify-external/afterFailure.js');
    const { Rng } = await import('../../pipeline/rng.js');
    const { failureThoughtKindUnsaid } = await import('../../pipeline/quality/measures/thoughts.js');
    const next = { name: 'Weather.forecast_weather', args: { location: 'Paris', days: 1 } };
    const tools = [{ name: 'Weather.forecast_weather', description: 'Forecast the weather of a place.', required_parameters: [], optional_parameters: [], return_data: [] }];
    const timeout = 'ReadTimeout: the request to get_weather_today timed out (read timeout=5)';
    for (let seed = 0; seed < 12; seed++) {
      const t = skipThought('Weather.get_weather_today', next, tools, new Rng(seed, 'skip-thought'), timeout);
      if (!/could not get an answer/.test(t)) expect(t, t).toMatch(/time(?:d|s) out/);
      expect(t).not.toMatch(/still fails|keeps returning an error/);
    }
    const caseWith = (thought: string) =>
      ({ kind: 'external', cot: true, messages: [{ role: 'function', content: timeout }], groundTruth: [{ name: 'Weather.get_weather_today', args: {} }, { ...next, thought }] }) as unknown as TestCase;
    const ctx = { trajectory: () => undefined, baseCase: () => undefined };
    expect(failureThoughtKindUnsaid.check(caseWith('`get_weather_today` still fails after retrying, so I set it aside.'), ctx)).toMatch(/a timeout told as a bare failure/);
    expect(failureThoughtKindUnsaid.check(caseWith('`get_weather_today` still times out after retrying, so I set it aside.'), ctx)).toBeNull();
  });
});

// Before diversify-external 8 every CoT retry (376/376 external CoT cases) repeated the failed call's
// own thought, written before it failed: "Building on that, I can print the details …" after a 502.
describe('the retry\'s thought says the call failed and goes again', () => {
  it('retry_thought_stale flags the failed call\'s own thought and one that does not say it failed; passes the generator\'s', async () => {
    const { retryThought } = await import('../../stages/diversify-external/afterFailure.js');
    const { retryThoughtStale } = await import('../../pipeline/quality/measures/thoughts.js');
    const failed = toolSteps(paris)[0].step.action;
    const own = 'To start, I search for properties in Paris with `search_property_by_place`.';
    const withRetry = (thought: string): TestCase => {
      const tc = externalCase(paris, 1, toolSteps(paris)[1].step.action, true);
      const gt = tc.groundTruth as Action[];
      const at = tc.messages.map((m) => m.role).lastIndexOf('assistant');
      const messages = tc.messages.map((m, i) => (i === at ? { ...m, content: JSON.stringify({ thought: own, ...failed }) } : m));
      return { ...tc, messages, groundTruth: [{ ...gt[0], thought }, gt[1]] };
    };
    expect(retryThoughtStale(withRetry(own))).toMatch(/repeats the failed call's own thought/);
    expect(retryThoughtStale(withRetry('Building on that, I will search again.'))).toMatch(/does not say the call failed/);
    expect(retryThoughtStale(withRetry('The search timed out, so I will try again. Building on that, the rest follows.'))).toMatch(/Building on that/);
    // A crashed worker is a failure told by its kind (h-env9's local failures): no "does not say the call failed".
    expect(retryThoughtStale(withRetry('`search_property_by_place` crashed before it could search. A crashed worker says nothing against the arguments, so I\'ll send it again as it was.'))).toBeNull();
    // A body that was no JSON told as such (teval_query_24_0-env-k2-cot on f40): a failure, so no "does not say the call failed".
    expect(retryThoughtStale(withRetry('`search_property_by_place` sent back no JSON, and I still need to search for properties. An empty or non-JSON body where JSON should be means the service broke while answering, not that the arguments were wrong, so the same `search_property_by_place` call goes again.'))).toBeNull();
    const thoughts = new Set<string>();
    for (const message of ['HTTP 429 Too Many Requests', 'HTTP 502 Bad Gateway', 'Request timed out after 15 s', 'HTTP 403 Forbidden: permission check failed', 'Connection reset by peer', 'Expecting value: line 1 column 1 (char 0)']) {
      for (let seed = 0; seed < 6; seed++) {
        const thought = retryThought(failed, message, TOOLS, new Rng(seed, 'retry'));
        thoughts.add(thought);
        expect(retryThoughtStale(withRetry(thought)), `${message}: ${thought}`).toBeNull();
        expect(thought).toMatch(/`search_property_by_place`/);
        // assemble 64: the assistant sends the call again; it never "goes again" by itself (thought_call_goes_again).
        expect(callGoesAgain(thought), thought).toBeUndefined();
      }
    }
    expect(thoughts.size).toBeGreaterThanOrEqual(8);
    expect([...thoughts].some((t) => /so I send the same `search_property_by_place` call again\./.test(t))).toBe(true);
    expect(callGoesAgain('A timeout is no fault of what I sent, so the same `get_distance` call goes again.')).toBe('the same `get_distance` call goes again');
  });
});

