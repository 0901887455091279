import { describe, expect, it } from 'vitest';
import { offlineAnswer, type AnswerInput } from '../../stages/resolve/answerWriter.js';
import { partialOpener } from '../../stages/resolve/failureSentences.js';
import { addressInWords, spokenField } from '../../pipeline/answerFacts.js';
import { Rng } from '../../pipeline/rng.js';
import { labelRun, labelValuePairs, recordDump } from '../../pipeline/quality/measures/answerCraft.js';
import { DEFAULT_QUALITY_THRESHOLDS } from '../../pipeline/config.js';

const seeds = Array.from({ length: 12 }, (_, i) => new Rng(i, 'answer-writer'));
const answers = (input: AnswerInput) => seeds.map((rng) => offlineAnswer(input, rng));

describe('a record said in sentences, not as a run of labels (answer_label_run, answer-writer-47)', () => {
  it('flags the label runs of the 626d0a5 build and passes their rewrites; gated at 0', () => {
    expect(labelRun('The invoice has booking id "3426812", travel date 25 November 2026, travel from "SFO", travel to "LAX", travel class "business", travel cost 400 USD and transaction id "45451592".')).toBeDefined();
    expect(labelRun('For AAPL: address "ONE APPLE PARK WAY, CUPERTINO, CA, 95014", homepage url "https://www.apple.com", the description is "Apple designs things." and list date 12 December 1980.')).toBeDefined();
    expect(labelRun('For movie 238, I found 3 reviews: user "Maya Garcia", rating 10 and content "Worth every minute."; user "Bo", rating 7 and content "Long.".')).toBeDefined();
    expect(labelRun('I found 3 results in Seattle: date 28 December 2020, overall weather "Light rain" and temperature 7.2; date 29 December 2020, overall weather "Windy" and temperature 4.8.')).toBeDefined();
    // Rewrites, and a list that gives each item the one labelled value it was asked for.
    expect(labelRun('The invoice is for the business-class trip from SFO to LAX on 25 November 2026, 400 USD (booking 3426812, transaction 45451592).')).toBeUndefined();
    // A route's steps are directions, not fields (teval_query_262_1-env-k3 on h-lead30's l3).
    expect(labelRun('The route is as follows: depart 123 Main Street and head northwest on Main Street; after 0.6 km in town, take the ramp on the right for the ring road; continue on the ring road for 4.6 km; take the exit and drive the last 0.6 km; turn right onto Oak Avenue; and arrive at 456 Oak Avenue on the right.')).toBeUndefined();
    expect(labelRun('For movie 238, I found 3 reviews: Maya Garcia rated it 10: "Worth every minute."; Bo rated it 7: "Long.".')).toBeUndefined();
    expect(labelRun('There are 3 results: "A" (cited by 5; snippet "x"), "B" (cited by 6; snippet "y") and "C" (cited by 7; snippet "z").')).toBeUndefined();
    expect(labelValuePairs('"X", released 14 March 1972, rated 8.7 and with a popularity of 118.4')).toEqual([]);
    expect(DEFAULT_QUALITY_THRESHOLDS.answer_label_run).toBe(0);
    // An item's own facts after its name are not a counted list swallowing a record's fields (answer_record_dump).
    const request = 'Get the top-rated films with their release dates and ratings.';
    expect(recordDump({ request, answer: 'I found 2 films: "The Godfather", released 14 March 1972, rated 8.7; and "Heat", released 15 December 1995, rated 7.9.' })).toBeUndefined();
    expect(recordDump({ request, answer: 'I found 2 genres: "Drama" and "Crime", release date 14 March 1972, runtime 175 minutes.' })).toBeDefined();
  });

  it('tells an invoice as the trip it is for and a booking\'s ids in brackets (bfcl_multi_turn_base_159, 175)', () => {
    const invoice: AnswerInput = { request: 'Show me the invoice for my booking.', steps: [{ name: 'TravelAPI.retrieve_invoice', args: { booking_id: '3426812' }, response: JSON.stringify({ invoice: { booking_id: '3426812', travel_date: '2026-11-25', travel_from: 'SFO', travel_to: 'LAX', travel_class: 'business', travel_cost: 400.0, transaction_id: '45451592' } }) }] };
    for (const a of answers(invoice)) {
      expect(labelRun(a), a).toBeUndefined();
      expect(a).toMatch(/business-class trip from SFO to LAX on 25 November 2026/);
      expect(a).toMatch(/transaction 45451592/);
    }
    const booked: AnswerInput = { request: 'Book the flight from SFO to LAX.', steps: [{ name: 'TravelAPI.book_flight', args: { travel_from: 'SFO', travel_to: 'LAX' }, response: JSON.stringify({ booking_id: '3426812', transaction_id: '45451592', booking_status: true, booking_history: {} }) }] };
    const said = answers(booked);
    for (const a of said) {
      expect(a, a).not.toMatch(/id is "3426812" and the transaction id is/);
      expect(a).toMatch(/booking 3426812/);
      expect(a).toMatch(/transaction 45451592/);
    }
    expect(new Set(said).size).toBeGreaterThan(1);
  });

  it('says an address as an address (teval_query_335_0)', () => {
    expect(addressInWords({ address1: 'ONE APPLE PARK WAY', city: 'CUPERTINO', state: 'CA', postal_code: '95014' })).toBe('One Apple Park Way, Cupertino, CA 95014');
    expect(addressInWords('ONE APPLE PARK WAY, CUPERTINO, CA, 95014')).toBe('One Apple Park Way, Cupertino, CA 95014');
    expect(addressInWords('1 Tesla Road, Austin, TX 78725')).toBe('1 Tesla Road, Austin, TX 78725');
    expect(addressInWords({ name: 'x', city: 'Paris' })).toBeUndefined();
    const profile: AnswerInput = { request: 'Get the details of AAPL.', steps: [{ name: 'PolygonFinance.get_ticker_details', args: { ticker: 'AAPL' }, response: JSON.stringify({ results: { address: { address1: 'ONE APPLE PARK WAY', city: 'CUPERTINO', state: 'CA', postal_code: '95014' }, homepage_url: 'https://www.apple.com', list_date: '1980-12-12', name: 'Apple Inc.' } }) }] };
    for (const a of answers(profile)) {
      expect(a).toContain('One Apple Park Way, Cupertino, CA 95014');
      expect(a).not.toMatch(/address1|postal code/);
      expect(labelRun(a), a).toBeUndefined();
    }
  });

  it('says reviews, a day\'s weather, a car\'s doors and a film\'s details as people do', () => {
    const reviews: AnswerInput = { request: 'Get the reviews of movie 238.', steps: [{ name: 'FilmTMDB.get_movie_reviews', args: { movie_id: 238 }, response: JSON.stringify({ results: [{ user: 'Maya Garcia', rating: 10, content: 'Worth every minute.' }, { user: 'Bo Chen', rating: 7, content: 'Long, but good.' }] }) }] };
    for (const a of answers(reviews)) {
      expect(a).toContain('Maya Garcia rated it 10, writing "Worth every minute."');
      expect(labelRun(a), a).toBeUndefined();
    }
    const weather: AnswerInput = { request: 'What is the weather in Seattle for the next days?', steps: [{ name: 'Weather.forecast_weather', args: { location: 'Seattle', days: 2 }, response: JSON.stringify([{ date: '2020-12-28', 'overall weather': 'Light rain', temperature: 7.2 }, { date: '2020-12-29', 'overall weather': 'Windy', temperature: 4.8 }]) }] };
    for (const a of answers(weather)) {
      expect(a).toContain('on 28 December 2020, light rain at 7.2 °C');
      expect(labelRun(a), a).toBeUndefined();
    }
    const doors: AnswerInput = { request: 'Check the doors.', steps: [{ name: 'VehicleControlAPI.check_doors', args: {}, response: JSON.stringify({ door_status: { driver: 'locked', passenger: 'locked', rear_left: 'unlocked', rear_right: 'locked' } }) }] };
    for (const a of answers(doors)) {
      expect(a).toMatch(/the rear left door is unlocked/);
      expect(labelRun(a), a).toBeUndefined();
    }
    // A reading the turn's lock then undid is told as it was (bfcl_multi_turn_base_98), never "is unlocked. I locked every door."
    const locked: AnswerInput = { request: 'Check the door locks and lock any that are unlocked.', steps: [{ name: 'VehicleControlAPI.displayCarStatus', args: { option: 'doors' }, response: JSON.stringify({ doorStatus: { driver: 'locked', passenger: 'locked', rear_left: 'unlocked', rear_right: 'locked' } }) }, { name: 'VehicleControlAPI.lockDoors', args: { door: ['driver', 'passenger', 'rear_left', 'rear_right'], unlock: false }, response: JSON.stringify({ lockStatus: 'locked', remainingUnlockedDoors: 0 }) }] };
    for (const a of answers(locked)) {
      expect(a).toMatch(/the rear left door was unlocked/);
      expect(a).not.toMatch(/door is unlocked|doors are locked and/);
    }
    const film: AnswerInput = { request: 'Retrieve the details of the movie with id 238.', steps: [{ name: 'FilmTMDB.get_movie_details', args: { movie_id: 238 }, response: "{'id': 238, 'genres': [{'id': 18, 'name': 'Drama'}, {'id': 80, 'name': 'Crime'}], 'release_date': '1972-03-14', 'runtime': 175, 'title': 'The Godfather', 'vote_average': 8.709, 'popularity': 118.372}" }] };
    for (const a of answers(film)) {
      expect(a).toMatch(/"The Godfather"(?: \(movie 238\))? is a drama and crime film, released 14 March 1972, runtime 175, rated 8.709/);
      expect(labelRun(a), a).toBeUndefined();
    }
    expect(spokenField('vote_average', '8.7', 8.7)).toBe('rated 8.7');
    expect(spokenField('color', '"red"', 'red')).toBeUndefined();
  });
});

describe('a partial failure opens with what was done, not a count (answer_frame_top_share)', () => {
  it('names the steps when the names tell them apart, and counts only when they do not', () => {
    const steps: AnswerInput['steps'] = [
      { name: 'Email.send', args: { address: 'a@x.com', title: 'Hi', content: 'Hello' }, response: '{"status": "success"}' },
      { name: 'PolygonFinance.get_ticker_news', args: {}, response: '', error: 'ConnectionResetError: connection reset by peer' },
    ];
    for (const rng of seeds) expect(partialOpener(steps, rng)).not.toMatch(/\bof the two steps\b/);
    const alike: AnswerInput['steps'] = [
      { name: 'GoogleScholar.search_google_scholar', args: { query: 'A' }, response: '{"organic_results": []}' },
      { name: 'GoogleScholar.search_google_scholar', args: { query: 'B' }, response: '', error: 'ReadTimeout' },
    ];
    expect(seeds.map((rng) => partialOpener(alike, rng)).some((o) => /one of the two steps/i.test(o))).toBe(true);
  });

  it('says the doors are all locked more than one way', () => {
    const lock: AnswerInput = { request: 'Lock all the doors.', steps: [{ name: 'VehicleControlAPI.lockDoors', args: { unlock: false, door: ['driver', 'passenger', 'rear_left', 'rear_right'] }, response: JSON.stringify({ lockStatus: 'locked', remainingUnlockedDoors: 0 }) }] };
    const said = answers(lock);
    for (const a of said) expect(a).not.toBe('I locked the doors: no door is left unlocked.');
    expect(new Set(said).size).toBeGreaterThan(1);
  });
});
