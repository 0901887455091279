/**
 * h-envbase26. On f56 (bfa3eb4):
 * - 15/525 simulated remote failures quoted a per-key allowance the case cannot check: "Rate limit exceeded
 *   for get_distance: 60 requests per minute allowed" after 2 calls (teval_query_26_2-env-k2), and its closing
 *   repeated it ("it hit the rate limit of 60 requests per minute") (env_rate_allowance_quoted);
 * - 26/1,594 closings said "getting the details" of nothing ("Getting the details came through; placing the buy
 *   order did not.", bfcl_multi_turn_base_103-env-k5; "Getting the details and posting the tweet wait on it.",
 *   base_147-env-k1) (answer_details_of_nothing);
 * - 7/1,594 told one number in two units: "the distance is 750 km" in one turn, "the car cannot make the
 *   750-mile drive" in the next (bfcl_multi_turn_base_92), "420 USD makes 2940 RMB. I have set the budget limit
 *   to 2940 USD." (base_162) (answer_units_differ);
 * - 31/516 failure closings told a step the request asks for only on a condition as planned: "If it falls under
 *   37.5 PSI, perhaps we could swing by the nearest tire shop?" → "Without it I can't go on to find the nearest
 *   tire shop." (bfcl_multi_turn_base_78-env-k1) (answer_conditional_as_planned).
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../pipeline/rng.js';
import { environmentMessage } from '../../pipeline/resolution/simulatorRules.js';
import { allowanceQuoted } from '../../pipeline/quality/measures/solvable.js';
import { detailsOfNothing, unitsDiffer } from '../../pipeline/quality/measures/answerFlow.js';
import { keepFirstUnits } from '../../pipeline/unitWords.js';
import { nextStepQuestion, shortTask, shownInAnswer, taskOf } from '../../stages/resolve/failureSentences.js';
import { answerWriterRole } from '../../stages/resolve/answerWriter.js';
import { conditionalTask } from '../../pipeline/afterFailure.js';
import { conditionalToldAsPlanned } from '../../pipeline/quality/measures/failureAnswers.js';

describe('a remote rate limit quotes no allowance per key (env-wording-11)', () => {
  it('finds the allowance', () => {
    expect(allowanceQuoted('HTTP 429 Too Many Requests\nRetry-After: 30\n{"error": {"code": 429, "message": "Rate limit exceeded for get_distance: 60 requests per minute allowed. Retry later."}}')).toBe('"60 requests per minute"');
    expect(allowanceQuoted('HTTP 429 Too Many Requests\n{"error": {"code": 429, "message": "Rate limit exceeded for get_distance. Retry later."}}')).toBeUndefined();
    expect(allowanceQuoted("Quota exceeded for quota metric 'Queries' and limit 'Queries per minute' of x. The quota resets in 16 s.")).toBeUndefined();
  });
  it('no remote rate limit wording quotes one', () => {
    for (let seed = 0; seed < 60; seed++) {
      const msg = environmentMessage('rate_limit', 'get_distance', new Rng(seed), 'remote');
      expect(allowanceQuoted(msg), msg).toBeUndefined();
      expect(msg).toMatch(/429/);
    }
  });
});

describe('"the details" said with whose they are (answer-writer-87)', () => {
  it('the measure finds a bare "getting the details"', () => {
    expect(detailsOfNothing('Getting the details came through; placing the buy order did not.')).toBeDefined();
    expect(detailsOfNothing('Getting the details of "OMEG" came through.')).toBeUndefined();
    expect(detailsOfNothing('I got the details for order 12446.')).toBeUndefined();
  });
  it('a short task keeps the thing whose details they are', () => {
    expect(shortTask(taskOf({ name: 'TradingBot.get_stock_info', args: { symbol: 'OMEG' } }))).toBe('get the details of the stock');
    expect(shortTask(taskOf({ name: 'PolygonFinance.get_ticker_detail', args: { ticker: 'AAPL' } }))).toBe('get the details of the stock');
    expect(taskOf({ name: 'TradingBot.get_stock_info', args: { symbol: 'OMEG' } })).toBe('get the details of the stock "OMEG"');
    expect(shortTask(taskOf({ name: 'FilmTMDB.get_movie_details', args: { movie_id: 238 } }, new Map([['238', 'The Godfather']])))).not.toBe('get the details');
    expect(shortTask(taskOf({ name: 'TradingBot.get_order_details', args: { order_id: 12446 } }))).toBe('get the details of the order');
  });
  it('a waiting look-up whose symbol nothing shown gives is of the stock', () => {
    const failed = { name: 'TradingBot.get_symbol_by_name', args: { name: 'Omega Industries' }, response: 'x', error: 'HTTP 500 Internal Server Error' };
    const shown = shownInAnswer({ request: 'Get the stock info of Omega Industries and tweet it.', steps: [failed] } as never);
    for (let seed = 0; seed < 20; seed++) {
      const out = nextStepQuestion(failed, new Rng(seed), 'get_symbol_by_name', [{ name: 'TradingBot.get_stock_info', args: { symbol: 'OMEG' }, needsFailed: true }], shown);
      expect(detailsOfNothing(out), out).toBeUndefined();
      expect(out).toMatch(/the details of the stock/);
      expect(out).not.toContain('OMEG');
    }
  });
});

describe('a number told again keeps the unit it was first told in (answer-writer-87)', () => {
  it('keepFirstUnits', () => {
    expect(keepFirstUnits('I found that the car cannot make the 750-mile drive on its current fuel.', ['I found that the distance is 750 km.'], [])).toBe('I found that the car cannot make the 750 km drive on its current fuel.');
    // Money keeps its tool's currency (answer_unitless_number).
    expect(keepFirstUnits('420 USD makes 2940 RMB. I have set the budget limit to 2940 USD.', [], ['… to 2940?'])).toBe('420 USD makes 2940 RMB. I have set the budget limit to 2940 USD.');
    expect(keepFirstUnits('That is 20 liters.', ['I added 20 gallons.'], [])).toBe('That is 20 gallons.');
    // The user's own 10000 RMB and the flight's 10000 USD are two quantities.
    const two = 'No, the flight costs 10000 USD, which is not under the budget limit of 1428.57 USD. 10000 RMB makes 1428.57 USD.';
    expect(keepFirstUnits(two, [], ['Budget me sufficiently to meet the target of 10000 RMB'])).toBe(two);
  });
  it('the measure', () => {
    expect(unitsDiffer(['I found that the distance is 750 km.', 'I found that the car cannot make the 750-mile drive on its current fuel.'])).toMatch(/750 told in km and in mile/);
    expect(unitsDiffer(['No, the flight costs 10000 USD. 10000 RMB makes 1428.57 USD.'], ['the target of 10000 RMB'])).toBeUndefined();
  });
  it('the writer reads the earlier answers', () => {
    const input = {
      request: "I'm concerned about whether my vehicle's fuel level is adequate for the journey. Could you evaluate this for me?",
      steps: [{ name: 'VehicleControlAPI.estimate_drive_feasibility_by_mileage', args: { distance: 750 }, response: '{"canDrive": false}' }],
      earlier: [{ request: 'Could you provide me with a rough distance from Rivermist to Greenway?', answer: 'I found that the distance is 750 km.' }],
    };
    const { answer } = answerWriterRole.offline.run(input, new Rng(1)) as { answer: string };
    expect(answer).toContain('750 km drive');
    const { answer: alone } = answerWriterRole.offline.run({ ...input, earlier: undefined }, new Rng(1)) as { answer: string };
    expect(alone).toContain('750-mile drive');
  });
});

describe('a step asked for only on a condition is told as depending on the failed one (answer-writer-88)', () => {
  const req = "I'm gearing up for a quick business getaway. Would you be able to verify if my tire pressure is in check? If it falls under 37.5 PSI, perhaps we could swing by the nearest tire shop?";
  it('conditionalTask reads a sentence opening with "If" and naming the task, not an embedded "check if"', () => {
    expect(conditionalTask(req, 'find the nearest tire shop')).toBe(true);
    expect(conditionalTask('Could you check if there are any meeting rooms available? Then reserve the room.', 'reserve the meeting room')).toBe(false);
    expect(conditionalTask('If there are, could you please reserve the first available room for me?', 'reserving the meeting room')).toBe(true);
  });
  it('the closing says whether it is needed depends on the failed step', () => {
    const failed = { name: 'VehicleControlAPI.check_tire_pressure', args: {}, response: 'x', error: 'TimeoutError: Operation timed out after 10 s while running check_tire_pressure' };
    const shown = shownInAnswer({ request: req, steps: [failed] } as never);
    for (let seed = 0; seed < 20; seed++) {
      const out = nextStepQuestion(failed as never, new Rng(seed), 'check_tire_pressure', [{ name: 'VehicleControlAPI.find_nearest_tire_shop', args: {}, needsFailed: true }], shown, req);
      expect(out).toContain('Whether to find the nearest tire shop depends on it.');
      expect(conditionalToldAsPlanned(out, req), out).toBeUndefined();
    }
    expect(conditionalToldAsPlanned("Without it I can't go on to find the nearest tire shop. Shall I retry?", req)).toBeDefined();
  });
});
