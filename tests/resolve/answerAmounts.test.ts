/**
 * Amounts with their currency and failed actions said as acts (answer-writer-38): "The flight costs
 * 400 USD.", not "The flight costs 400." (answer_amount_unitless); "I couldn't log out of the trading
 * account", not "get the trading logout" (answer_action_unphrased).
 */
import { describe, expect, it } from 'vitest';
import { offlineAnswer, type AnswerInput } from '../../stages/resolve/answerWriter.js';
import { taskOf } from '../../stages/resolve/failureSentences.js';
import { amountUnitless } from '../../pipeline/quality/measures/answers.js';
import { actionUnphrased } from '../../pipeline/quality/measures/failureAnswers.js';
import { Rng } from '../../pipeline/rng.js';
import type { TestCase } from '../../pipeline/schemas.js';

const answers = (input: AnswerInput) => Array.from({ length: 12 }, (_, seed) => offlineAnswer(input, new Rng(seed, 'answer-writer')));

const costTool = { name: 'TravelAPI.get_flight_cost', description: 'This tool belongs to the travel system. Tool description: Get the list of cost of a flight in USD based on location, date, and class', return_data: [{ name: 'travel_cost_list', description: 'The list of cost of the travel' }] };
const rateTool = { name: 'TravelAPI.compute_exchange_rate', description: 'Tool description: Compute the exchange rate between two currencies', return_data: [{ name: 'exchanged_value', description: 'The value after the exchange' }] };
const flight: AnswerInput = {
  request: 'How much is a business flight from LAX to JFK on 2024-11-15, and what is that in EUR?',
  steps: [
    { name: 'TravelAPI.get_flight_cost', args: { travel_from: 'LAX', travel_to: 'JFK', travel_date: '2024-11-15', travel_class: 'business' }, response: '{"travel_cost_list": [400.0]}' },
    { name: 'TravelAPI.compute_exchange_rate', args: { base_currency: 'USD', target_currency: 'EUR', value: 400 }, response: '{"exchanged_value": 320.0}' },
  ],
  tools: [costTool, rateTool],
};
const tools = [costTool, rateTool].map((t) => ({ ...t, parameters: {} })) as unknown as TestCase['tools'];
const turn = (input: AnswerInput, answer: string) => ({ request: input.request, calls: input.steps.map((s) => ({ name: s.name, args: s.args, response: s.response })), answer });

describe('amounts carry their currency', () => {
  it('the measure flags a bare amount and passes one with its currency', () => {
    expect(amountUnitless(turn(flight, 'The flight costs 400. The exchanged value is 320.'), tools)).toMatch(/400 without "USD"/);
    expect(amountUnitless(turn(flight, 'The flight costs 400 USD. The exchanged value is 320.'), tools)).toMatch(/320 without "EUR"/);
    expect(amountUnitless(turn(flight, 'The flight costs $400, which is 320 EUR.'), tools)).toBeUndefined();
  });
  it('the writer says the flight cost in USD and the exchanged value in the target currency', () => {
    for (const a of answers(flight)) {
      expect(a).toMatch(/400 USD/);
      expect(a).toMatch(/320 EUR/);
      expect(amountUnitless(turn(flight, a), tools)).toBeUndefined();
    }
  });
});

describe('a failed action is said as the act', () => {
  const logout = { name: 'TradingBot.trading_logout', args: {}, response: '', error: 'HTTP 503 Service Unavailable\nRetry-After: 30' };
  const write = { name: 'FileOperation.write_file', args: { file_path: 'outputs/report.txt', text: 'a long body of text that is no subject of the act at all, written out in full' }, response: '', error: 'Connection refused' };
  it('the measure flags "get the trading logout" and passes "log out of the trading account"', () => {
    expect(actionUnphrased("I wasn't able to get the trading logout, because the service is down.", [{ ...logout, error: logout.error }])).toMatch(/trading_logout/);
    expect(actionUnphrased('Unfortunately, getting the write file for "outputs/report.txt" failed.', [write])).toMatch(/write_file/);
    expect(actionUnphrased("I wasn't able to log out of the trading account, because the service is down.", [logout])).toBeUndefined();
  });
  it('taskOf says the act from the name', () => {
    expect(taskOf(logout)).toBe('log out of the trading account');
    expect(taskOf(write)).toBe('write the file "outputs/report.txt"');
    expect(taskOf({ name: 'TicketAPI.logout', args: {} })).toBe('log out of the ticket system');
    expect(taskOf({ name: 'VehicleControlAPI.gallon_to_liter', args: { gallon: 10 } })).toBe('convert 10 gallons to liters');
    expect(taskOf({ name: 'MathAPI.absolute_value', args: { number: -4 } })).toBe('work out the absolute value');
  });
  it('the writer never says a failed action as a thing to get', () => {
    for (const step of [logout, write]) {
      const input: AnswerInput = { request: 'Please do it.', steps: [step] };
      for (const a of answers(input)) expect(actionUnphrased(a, [{ name: step.name, args: step.args, error: step.error }])).toBeUndefined();
    }
  });
});

describe('what was asked comes first', () => {
  const distance: AnswerInput = {
    request: 'How far is San Francisco from Stonebrook?',
    steps: [
      { name: 'VehicleControlAPI.get_zipcode_based_on_city', args: { city: 'San Francisco' }, response: '{"zipcode": "94016"}' },
      { name: 'VehicleControlAPI.get_zipcode_based_on_city', args: { city: 'Stonebrook' }, response: '{"zipcode": "74532"}' },
      { name: 'VehicleControlAPI.estimate_distance', args: { cityA: '94016', cityB: '74532' }, response: '{"distance": 880.0}' },
    ],
    tools: [{ name: 'VehicleControlAPI.estimate_distance', return_data: [{ name: 'distance', description: 'The distance between the two cities in km.' }] }],
  };
  it('the distance leads, the zip codes it was estimated between follow', () => {
    // answer-writer-98 says the distance between the places the zip codes were looked up for, the user's names, not
    // "The distance is 880 km." (the most common whole statement on g0: answer_sentence_frame_top_share).
    for (const a of answers(distance)) expect(a).toMatch(/^Stonebrook is 880 km from San Francisco\./);
  });
  it('a new id a deed gave back is its own, not another fact', () => {
    const tweet: AnswerInput = { request: "Tweet 'Off to Stonebrook!'", steps: [{ name: 'TwitterAPI.post_tweet', args: { content: 'Off to Stonebrook!', tags: [], mentions: [] }, response: '{"id": 10, "username": "u", "content": "Off to Stonebrook!", "tags": [], "mentions": []}' }] };
    for (const a of answers(tweet)) {
      expect(a).not.toMatch(/, and the id is 10/);
      expect(a).toMatch(/its id is 10|which has id 10/);
    }
  });
});

/**
 * answer-writer-77: a flight's cost is said with the flight it is for (bfcl_multi_turn_base_181 asked
 * to identify the airport and got "The flight costs 5700 USD."); the day only when the request gives it.
 */
describe('a flight cost names its flight', () => {
  const cost = (request: string, date = '2026-10-10') => ({ request, steps: [{ name: 'TravelAPI.get_flight_cost', args: { travel_class: 'first', travel_date: date, travel_from: 'JFK', travel_to: 'LAX' }, response: '{"travel_cost_list": [5700.0]}' }], tools: [costTool] }) as AnswerInput;
  it('airports, class and the day the user gave', () => {
    for (const a of answers(cost('Identify the most convenient airport for me in New York City, and estimate a first-class journey to Los Angeles next week Oct 10 2026.'))) {
      expect(a).toMatch(/^(?:A|The) first-class flight from JFK to LAX on 10 October 2026 costs 5700 USD\.$/);
    }
  });
  it('no day the request never says', () => {
    for (const a of answers(cost('What would a first-class flight to Los Angeles next week cost?'))) {
      expect(a).toMatch(/flight from JFK to LAX costs 5700 USD\./);
      expect(a).not.toMatch(/October/);
    }
  });
});

/** answer-writer-77: a save after more pages is said where it happened, not "(2 times)" on the first (teval_query_247_0). */
describe('a deed done again', () => {
  const ppt = (steps: AnswerInput['steps']) => answers({ request: 'Make a presentation and save it, then search the web and add a page, and save it.', steps });
  const save = { name: 'PPT.save_file', args: {}, response: "{'status': 'Save file completed successfully.'}" };
  const create = { name: 'PPT.create_file', args: { abs_location: 'outputs/a.pptx', theme: 'a' }, response: "{'status': 'created a ppt file.'}" };
  const page = { name: 'PPT.add_text_page', args: { title: 'Intro', bullet_items: 'Point one' }, response: "{'status': 'added page'}" };
  it('after other steps: "again" in its place; right after itself: "twice"', () => {
    for (const a of ppt([create, page, save, page, save])) {
      expect(a).not.toMatch(/\(\d+ times\)/);
      expect(a).toMatch(/again\b/);
    }
    for (const a of ppt([create, save, save])) {
      expect(a).not.toMatch(/\(\d+ times\)/);
      expect(a).toMatch(/twice/);
    }
  });
});
