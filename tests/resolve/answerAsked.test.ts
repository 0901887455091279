import { describe, expect, it } from 'vitest';
import { offlineAnswer, type AnswerInput } from '../../stages/resolve/answerWriter.js';
import { Rng } from '../../pipeline/rng.js';
import { pressureFloor } from '../../pipeline/answerFacts.js';
import { meansTold, thresholdContradicted, unaskedFields } from '../../pipeline/quality/measures/answerAsked.js';
import { DEFAULT_QUALITY_THRESHOLDS } from '../../pipeline/config.js';

const seeds = Array.from({ length: 12 }, (_, i) => new Rng(i, 'answer-writer'));
const answers = (input: AnswerInput) => seeds.map((rng) => offlineAnswer(input, rng));
const turnOf = (input: AnswerInput, answer: string) => ({ request: input.request, answer, calls: input.steps.map((s) => ({ name: s.name, args: s.args, response: s.response })) });

const TIRES = JSON.stringify({ frontLeftTirePressure: 35.0, frontRightTirePressure: 35.0, rearLeftTirePressure: 33.0, rearRightTirePressure: 33.0, healthy_tire_pressure: true, car_info: {} });

describe('closing answers say what was asked, against what the user said (answer-writer-52)', () => {
  it('answers a pressure check against the user\'s floor, not the API\'s healthy flag (bfcl_multi_turn_base_78)', () => {
    expect(pressureFloor('Would you be able to verify if my tire pressure is in check? If it falls under 37.5 PSI, perhaps we could swing by the nearest tire shop?')).toBe(37.5);
    expect(pressureFloor('confirm that each tire is inflated to a stable 32 PSI. Should any of the tires fall short, chart a course')).toBe(32);
    expect(pressureFloor('Should any tire fall below the 40 PSI mark, kindly pinpoint the nearest tire shop')).toBe(40);
    const input: AnswerInput = {
      request: "I'm gearing up for a quick business getaway and need my ride all set. Would you be able to verify if my tire pressure is in check? If it falls under 37.5 PSI, perhaps we could swing by the nearest tire shop?",
      steps: [
        { name: 'VehicleControlAPI.check_tire_pressure', args: {}, response: TIRES },
        { name: 'VehicleControlAPI.find_nearest_tire_shop', args: {}, response: JSON.stringify({ shopLocation: '456 Oakwood Avenue, Rivermist, 83214' }) },
      ],
    };
    // The 13a8f96 build's answer is flagged; the gate is 0.
    expect(thresholdContradicted({ request: input.request, answer: 'Yes, the tire pressure is healthy. The tires are at 35 psi front left, 35 psi front right, 33 psi rear left and 33 psi rear right. The shop location is "456 Oakwood Avenue, Rivermist, 83214".' })).toBeDefined();
    expect(DEFAULT_QUALITY_THRESHOLDS.answer_threshold_contradicted).toBe(0);
    for (const a of answers(input)) {
      expect(thresholdContradicted(turnOf(input, a)), a).toBeUndefined();
      expect(a).toMatch(/^No, /);
      expect(a).toMatch(/all four are under your 37\.5 psi threshold/);
      expect(a).not.toMatch(/healthy/);
    }
    // Not a question: the rear tires under a 32 PSI floor are named, the flag is not said.
    const stated: AnswerInput = { request: 'Confirm that each tire is inflated to a stable 32 PSI. Should any of the tires fall short, tell me.', steps: [{ name: 'VehicleControlAPI.check_tire_pressure', args: {}, response: JSON.stringify({ frontLeftTirePressure: 32, frontRightTirePressure: 32, rearLeftTirePressure: 30, rearRightTirePressure: 30, healthy_tire_pressure: true }) }] };
    for (const a of answers(stated)) {
      // answer-writer-98 says a pair's shared pressure once, so the pair under the floor is "the rear ones" (answer_same_value_run), not "rear left and rear right".
      expect(a).toMatch(/[Tt]he front tires are at 32 psi and the rear ones at 30 psi; the rear ones are under your 32 psi threshold/);
      expect(a).not.toMatch(/healthy/);
    }
  });

  it('leaves out the zip codes a distance was estimated between (bfcl_multi_turn_base_77)', () => {
    const input: AnswerInput = {
      request: 'How far is it from San Francisco to Stonebrook?',
      steps: [
        { name: 'VehicleControlAPI.get_zipcode_based_on_city', args: { city: 'San Francisco' }, response: JSON.stringify({ zipcode: '94016' }) },
        { name: 'VehicleControlAPI.get_zipcode_based_on_city', args: { city: 'Stonebrook' }, response: JSON.stringify({ zipcode: '74532' }) },
        { name: 'VehicleControlAPI.estimate_distance', args: { cityA: '94016', cityB: '74532' }, response: JSON.stringify({ distance: 880.0 }) },
      ],
    };
    expect(meansTold(turnOf(input, 'The distance is 880 km. The zipcode of San Francisco is "94016". The zipcode of Stonebrook is "74532".'))).toBeDefined();
    expect(DEFAULT_QUALITY_THRESHOLDS.answer_means_told).toBe(0);
    for (const a of answers(input)) {
      expect(meansTold(turnOf(input, a)), a).toBeUndefined();
      expect(a).toMatch(/880/);
      expect(a).not.toMatch(/94016|74532/);
    }
    // Asked for, the zip code is told.
    const asked: AnswerInput = { ...input, request: 'What are the zip codes of San Francisco and Stonebrook, and how far apart are they?' };
    expect(answers(asked).every((a) => /94016/.test(a))).toBe(true);
  });

  it('tells the price asked for, not the quote\'s other fields (bfcl_multi_turn_base_114)', () => {
    const input: AnswerInput = {
      request: "For your investment portfolio, could you inform me of the current price of 'Quasar Ltd.'?",
      steps: [
        { name: 'TradingBot.get_symbol_by_name', args: { name: 'Quasar Ltd.' }, response: JSON.stringify({ symbol: 'QUAS' }) },
        { name: 'TradingBot.get_stock_info', args: { symbol: 'QUAS' }, response: JSON.stringify({ price: 725.89, percent_change: -0.03, volume: 1.789, 'MA(5)': 726.45, 'MA(20)': 728.0 }) },
      ],
    };
    expect(unaskedFields(turnOf(input, 'QUAS is at 725.89, down 0.03%, with a trading volume of 1.789; its 5-day moving average is 726.45 and its 20-day 728.'))).toBeDefined();
    expect(DEFAULT_QUALITY_THRESHOLDS.answer_unasked_fields).toBe(0);
    for (const a of answers(input)) {
      expect(unaskedFields(turnOf(input, a)), a).toBeUndefined();
      expect(a).toMatch(/725\.89/);
      expect(a).not.toMatch(/moving average|volume/);
    }
    // A request for the stock's details still gets them.
    const details: AnswerInput = { ...input, request: "Give me the details of 'Quasar Ltd.' stock." };
    expect(answers(details).every((a) => /moving average/.test(a))).toBe(true);
  });

  it('says a pressed pedal in more than one true form (36 answers closed on "I pressed the brake pedal.")', () => {
    const input: AnswerInput = { request: 'Press the brake pedal.', steps: [{ name: 'VehicleControlAPI.pressBrakePedal', args: { pedalPosition: 1 }, response: JSON.stringify({ brakePedalStatus: 'pressed', brakePedalForce: 1000 }) }] };
    const said = answers(input);
    expect(new Set(said).size).toBeGreaterThan(1);
    for (const a of said) {
      expect(a).toMatch(/^(?:I pressed the brake pedal|I have pressed the brake pedal|The brake pedal is (?:now pressed|pressed now))\.$/);
      expect(a).not.toMatch(/1000/);
    }
  });
});
