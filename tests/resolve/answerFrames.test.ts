import { describe, expect, it } from 'vitest';
import { offlineAnswer, type AnswerInput } from '../../stages/resolve/answerWriter.js';
import { DEFAULT_QUALITY_THRESHOLDS } from '../../pipeline/config.js';
import { Rng } from '../../pipeline/rng.js';
import { answerOpeningFrameTopShare, apologyDoubled, openingFrame, sameValueRun, statementsOf } from '../../pipeline/quality/measures/answerFrames.js';
import { timestampQuoted } from '../../pipeline/quality/measures/answerNouns.js';
import { singledFilmCounted } from '../../pipeline/quality/measures/answerReads.js';
import type { TestCase } from '../../pipeline/schemas.js';

/** A case holding one closing answer in its ground truth, of its own trajectory. */
const withAnswer = (trajectoryId: string, answer: string) =>
  ({ id: `${trajectoryId}-control-k1`, trajectoryId, source: 'bfcl', messages: [{ role: 'system', content: 's' }, { role: 'user', content: 'Show me.' }], groundTruth: { name: 'FinishAction', args: answer } }) as unknown as TestCase;

describe('answer_opening_frame_top_share (g0: "I found that …" in 26 of 242 trajectories)', () => {
  it('blanks what a statement is about and leaves questions out', () => {
    expect(openingFrame('For "quantum computing", the search came back with 3 papers.')).toBe('For Q, the');
    expect(statementsOf('I found that the distance is 980 km. Shall I go on? "A." is quoted.')).toEqual(['I found that the distance is 980 km.', '"A." is quoted.']);
  });

  it('scores the share of trajectories whose answers open a statement alike', () => {
    const cases = [withAnswer('t1', 'I found that the watchlist has "NVDA".'), withAnswer('t2', 'I found that the distance is 980 km.'), withAnswer('t3', 'The route is as follows: head east.'), withAnswer('t4', 'Your flight is booked.')];
    const s = answerOpeningFrameTopShare.score(cases, {} as never)!;
    expect(s.value).toBe(0.5);
    expect(s.detail).toContain('2: "I found that …"');
  });

  it('the writer says a finding as itself, never after "I found that" (failed on answer-writer-91)', () => {
    for (let seed = 0; seed < 12; seed++) {
      const a = offlineAnswer({ request: 'Show me my watchlist.', steps: [{ name: 'TradingBot.get_watchlist', args: {}, response: JSON.stringify({ watchlist: ['NVDA', 'OMEG'] }) }] }, new Rng(seed, 'found'));
      expect(a).not.toMatch(/I found that/);
      expect(a).toContain('NVDA and OMEG');
      // Stock symbols bare (answer-writer-113, answer_code_quoted).
      expect(a).not.toMatch(/"(?:NVDA|OMEG)"/);
    }
  });
});

describe('answer_apology_doubled (bfcl_multi_turn_base_123-env-k4)', () => {
  it('flags "Sorry. Unfortunately, …" and passes one apology', () => {
    expect(apologyDoubled('Sorry. Unfortunately, getting the details of order 12446 failed; the connection was reset.')).toBeDefined();
    expect(apologyDoubled("I'm sorry. Unfortunately, searching failed.")).toBeDefined();
    expect(apologyDoubled('Sorry. Getting the details of order 12446 failed.')).toBeUndefined();
  });

  it('the writer apologises once (failed on answer-writer-91)', () => {
    for (let seed = 0; seed < 60; seed++) {
      const a = offlineAnswer({ request: 'Show the order.', steps: [{ name: 'TradingBot.get_order_details', args: { order_id: 12446 }, response: '', error: 'HTTP 500 Internal Server Error' }] }, new Rng(seed, 'sorry'));
      expect(apologyDoubled(a), a).toBeUndefined();
    }
  });
});

describe('answer_timestamp_quoted (teval_query_177_1-control-k4)', () => {
  const reviews = JSON.stringify({ reviews: [{ rating: 5, time: '2023-10-12T12:00:34Z', text: 'Lovely stay.' }, { rating: 4, time: '2023-09-21T20:00:02Z', text: 'Good value.' }] });
  it('flags a quoted timestamp and passes a day', () => {
    expect(timestampQuoted('a reviewer rated it 5 (posted "2023-10-12T12:00:34Z"), writing "Lovely stay."')).toBeDefined();
    expect(timestampQuoted('a reviewer rated it 5 (posted 12 October 2023), writing "Lovely stay."')).toBeUndefined();
  });

  it("the writer says a review's day (failed on answer-writer-91)", () => {
    const a = offlineAnswer({ request: 'Get the reviews.', steps: [{ name: 'Airbnb.get_property_reviews', args: { property_id: 1 }, response: reviews }] }, new Rng(1, 'reviews'));
    expect(timestampQuoted(a), a).toBeUndefined();
    expect(a).toContain('posted 12 October 2023');
  });
});

describe('answer_singled_film_counted (teval_query_441_0-env-k2)', () => {
  const request = 'Identify the top three films that are currently being screened in China. Obtain detailed information about the first movie and look up more information about its director on Google.';
  it('flags the singled-out film counted as several, and passes it said alone', () => {
    expect(singledFilmCounted('Looking up the films now playing went through, but not getting the details of the three films.', request)).toBeDefined();
    expect(singledFilmCounted('Looking up the films now playing went through, but not getting the details of the film.', request)).toBeUndefined();
    expect(singledFilmCounted('… but not getting the details of the three films.', 'Retrieve the details of the first three movies.')).toBeUndefined();
    // teval_query_217_1: the three films' details are asked for; "the first movie" is singled out only for its description.
    expect(singledFilmCounted('… but not getting the details of the three films.', 'Find out which movies are currently showing in China and retrieve the details of the first three movies. Afterward, choose the first movie and obtain its description.')).toBeUndefined();
  });

  it('the writer says the failed look-up for the one film (failed on answer-writer-91)', () => {
    const films = JSON.stringify({ film: [{ id: 1, title: 'A', director: 'X' }, { id: 2, title: 'B', director: 'Y' }, { id: 3, title: 'C', director: 'Z' }] });
    for (let seed = 0; seed < 20; seed++) {
      const a = offlineAnswer({ request, steps: [{ name: 'FilmDouban.now_playing_out_filter', args: { region: '中国' }, response: films }, { name: 'FilmDouban.get_movie_detail', args: { movie_id: 1 }, response: '', error: 'HTTP 500 Internal Server Error' }] }, new Rng(seed, 'films'));
      expect(singledFilmCounted(a, request), a).toBeUndefined();
    }
  });
});

describe('the three films whose details are asked for stay counted (teval_query_217_1-env-k2)', () => {
  // answer-writer 99 (h-solv32): counted only where the turn plans the look-up for the three. 217_1's own plan reads one
  // film's details (the list gave the first three's), and "getting the details of the three films did not" told a failure
  // of three look-ups nobody planned (answer_failed_task_overcounted); the waiting list below holds the other two.
  it('keeps "the details of the three films" where the request counts the look-ups and the turn plans them', () => {
    const request = 'Find out which movies are currently showing in China and retrieve the details of the first three movies. Afterward, choose the first movie and obtain its description.';
    const films = JSON.stringify({ film: [{ id: 1, title: 'A' }, { id: 2, title: 'B' }, { id: 3, title: 'C' }] });
    const waiting = [{ name: 'FilmDouban.get_movie_detail', args: { movie_id: 2 } }, { name: 'FilmDouban.get_movie_detail', args: { movie_id: 3 } }];
    const a = offlineAnswer({ request, steps: [{ name: 'FilmDouban.now_playing_out_filter', args: { region: '中国' }, response: films }, { name: 'FilmDouban.get_movie_detail', args: { movie_id: 1 }, response: '', error: 'HTTP 500 Internal Server Error' }], waiting }, new Rng(1, 'films'));
    expect(a).not.toMatch(/details of the (?:film|movie) did not|but not getting the details of the (?:film|movie)\b/);
  });
});

describe('a choice of what to show is no subject (bfcl_multi_turn_base_98)', () => {
  it('says the doors without "For "doors"" (failed on answer-writer-91)', () => {
    const a = offlineAnswer({ request: 'Check the door locks.', steps: [{ name: 'VehicleControlAPI.displayCarStatus', args: { option: 'doors' }, response: JSON.stringify({ doorStatus: { driver: 'locked', passenger: 'locked', rear_left: 'unlocked', rear_right: 'locked' } }) }] }, new Rng(1, 'doors'));
    expect(a).not.toContain('For "doors"');
    expect(a).toContain('the rear left door is unlocked');
  });
});

describe('answer_same_value_run (bfcl_multi_turn_base_94: four tires at 35 psi said four times)', () => {
  const tires = (pressures: [number, number, number, number], request = 'Check the tire pressures. Should any tire fall below the 40 PSI mark, tell me.'): AnswerInput => ({
    request,
    steps: [{ name: 'VehicleControlAPI.check_tire_pressure', args: {}, response: JSON.stringify({ frontLeftTirePressure: pressures[0], frontRightTirePressure: pressures[1], rearLeftTirePressure: pressures[2], rearRightTirePressure: pressures[3], healthy_tire_pressure: true, car_info: {} }) }],
  });

  it('flags one reading repeated in a run of three or more, and passes a run of distinct ones and a value said once', () => {
    expect(sameValueRun('The tires are at 35 psi front left, 35 psi front right, 35 psi rear left and 35 psi rear right; all four are under your 40 psi threshold.')).toMatch(/"35 psi" said 4 times/);
    expect(sameValueRun('The tires are at 32 psi front left, 22 psi front right, 30 psi rear left and 30 psi rear right.')).toMatch(/"30 psi" said 2 times/);
    expect(sameValueRun('The tires are at 35 psi front left, 34 psi front right, 33 psi rear left and 32 psi rear right.')).toBeUndefined();
    expect(sameValueRun('The four tires are all at 35 psi, under your 40 psi threshold.')).toBeUndefined();
    // Two items are no run: an order of two lattes with 2% milk each.
    expect(sameValueRun('Two lattes, one with 2% lactose-free milk and one with 2% milk, is that right?')).toBeUndefined();
    expect(DEFAULT_QUALITY_THRESHOLDS.answer_same_value_run).toBe(0);
  });

  it('the writer says a shared pressure once (failed on answer-writer-97)', () => {
    const cases: [[number, number, number, number], RegExp][] = [
      [[35, 35, 35, 35], /^The four tires are all at 35 psi, under your 40 psi threshold\./],
      [[32, 32, 30, 30], /^The front tires are at 32 psi and the rear ones at 30 psi; all four are under your 40 psi threshold\./],
      [[32, 22, 30, 30], /^The tires are at 32 psi front left, 22 psi front right and 30 psi on both rear ones; all four are under your 40 psi threshold\./],
    ];
    for (const [p, want] of cases) {
      for (let seed = 0; seed < 6; seed++) {
        const a = offlineAnswer(tires(p), new Rng(seed, 'tires'));
        expect(a).toMatch(want);
        expect(sameValueRun(a), a).toBeUndefined();
      }
    }
    // Distinct pressures stay one by one.
    expect(offlineAnswer(tires([35, 34, 33, 32]), new Rng(1, 'tires'))).toMatch(/35 psi front left, 34 psi front right, 33 psi rear left and 32 psi rear right/);
  });
});

describe('a distance said between the places asked about (answer_sentence_frame_top_share: "The distance is N km." in 10 of g0\'s 237 trajectories)', () => {
  const km = [{ name: 'VehicleControlAPI.estimate_distance', return_data: [{ name: 'distance', description: 'The distance between the two cities in km.' }] }];
  it('names zip codes by the cities a look-up gave them for, or the request\'s "(zip …)", else as zip codes (failed on answer-writer-97)', () => {
    const looked: AnswerInput = {
      request: "I've been thinking of visiting Autumnville, but I'm not sure how far it is from here in Crescent Hollow.",
      steps: [
        { name: 'VehicleControlAPI.get_zipcode_based_on_city', args: { city: 'Crescent Hollow' }, response: '{"zipcode": "69238"}' },
        { name: 'VehicleControlAPI.get_zipcode_based_on_city', args: { city: 'Autumnville' }, response: '{"zipcode": "51479"}' },
        { name: 'VehicleControlAPI.estimate_distance', args: { cityA: '69238', cityB: '51479' }, response: '{"distance": 630.0}' },
      ],
      tools: km,
    };
    expect(offlineAnswer(looked, new Rng(1, 'd'))).toBe('Autumnville is 630 km from Crescent Hollow.');
    const given: AnswerInput = { request: 'Could you provide me with a rough distance from Rivermist (zip 83214) to Greenway (zip 74532)?', steps: [{ name: 'VehicleControlAPI.estimate_distance', args: { cityA: '83214', cityB: '74532' }, response: '{"distance": 750.0}' }], tools: km };
    expect(offlineAnswer(given, new Rng(1, 'd'))).toBe('Greenway is 750 km from Rivermist.');
    const unnamed: AnswerInput = { request: 'How far is Rivermist from there?', steps: [{ name: 'VehicleControlAPI.get_zipcode_based_on_city', args: { city: 'Rivermist' }, response: '{"zipcode": "83214"}' }, { name: 'VehicleControlAPI.estimate_distance', args: { cityA: '94016', cityB: '83214' }, response: '{"distance": 980.0}' }], tools: km };
    expect(offlineAnswer(unnamed, new Rng(1, 'd'))).toBe('Rivermist is 980 km from zip code 94016.');
  });

  it('a map distance names its two ends', () => {
    const bing: AnswerInput = { request: "Find the distance between 'Stanford University' and 'Google Headquarters'.", steps: [{ name: 'BINGMap.get_distance', args: { start: 'Stanford University', end: 'Google Headquarters' }, response: "{'distance': 9.533}" }], tools: [{ name: 'BINGMap.get_distance', return_data: [{ name: 'distance', description: 'the distance in km.' }] }] };
    expect(offlineAnswer(bing, new Rng(1, 'd'))).toBe('Google Headquarters is 9.533 km from Stanford University.');
  });
});

describe('stocks asked for as symbols are named so (9 trajectories shared "The stocks in the Technology sector are Q, Q, Q and Q.")', () => {
  const step = { name: 'TradingBot.get_available_stocks', args: { sector: 'Technology' }, response: '{"stock_list": ["AAPL", "GOOG", "MSFT", "NVDA"]}' };
  it('the request\'s noun, else the field\'s (failed on answer-writer-97)', () => {
    expect(offlineAnswer({ request: "I'm exploring technology sector investments. Could you offer a list of stock symbols to consider?", steps: [step] }, new Rng(1, 's'))).toMatch(/^The stock symbols in the Technology sector are AAPL, GOOG, MSFT and NVDA\./);
    expect(offlineAnswer({ request: 'Get me a list of potential tech stocks I could invest in.', steps: [step] }, new Rng(1, 's'))).toMatch(/^The stocks in the Technology sector are /);
  });
});
