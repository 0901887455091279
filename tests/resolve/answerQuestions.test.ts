/**
 * Closing answers answer the question asked, first (answer-writer-35): a yes/no question opens with
 * yes or no and the fact that decides it, or says the calls cannot tell; a field the user asks for in
 * other words than the source's key ("categories" for `cate`, "rating" for `vote_average`, "the number
 * of people interested" for `wantWatchPeopleNum`) is given for every record named, in the user's word.
 * Each measure flags the old answer (taken from the answer-writer-34 build) and passes the new; the
 * writer no longer makes the old one.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../pipeline/rng.js';
import { offlineAnswer, type AnswerInput } from '../../stages/resolve/answerWriter.js';
import { askedFieldMissing } from '../../pipeline/quality/measures/answers.js';
import { yesNoUnanswered } from '../../pipeline/quality/measures/answerQuestions.js';
import { fieldUntranslated } from '../../pipeline/quality/measures/answerCraft.js';
import { askedFieldWord, yesNoQuestion } from '../../pipeline/answerFacts.js';
import type { TestCase } from '../../pipeline/schemas.js';

const answers = (input: AnswerInput, seeds = 12) => Array.from({ length: seeds }, (_, i) => offlineAnswer(input, new Rng(i, 'answer')));
const turn = (input: AnswerInput, answer: string) => ({ request: input.request, calls: input.steps.map((s) => ({ name: s.name, args: s.args, response: s.error ?? s.response })), answer });
const doc = (name: string, fields: [string, string][]) => ({ name, description: '', required_parameters: [], optional_parameters: [], return_data: fields.map(([n, d]) => ({ name: n, description: d })) }) as TestCase['tools'][number];

describe('yes/no questions are answered first', () => {
  it('tells a yes/no question from a polite request and from a remark about the request', () => {
    expect(yesNoQuestion('Is it going to rain in Paris tomorrow?')).toBe('it is going to rain in Paris tomorrow');
    expect(yesNoQuestion('Do I have enough balance to buy the laptop?')).toBe('I have enough balance to buy the laptop');
    expect(yesNoQuestion('Could you check if there are any meeting rooms free between 10:00 AM and 12:00 PM? If there are, book one.')).toBe('there are any meeting rooms free between 10:00 AM and 12:00 PM');
    expect(yesNoQuestion('I am alex. Check if the current directory is under my name and list all the contents, please.')).toBe('the current directory is under my name');
    for (const polite of ['Could you provide the current time?', 'Could the system initiate a cancellation process for the flight booking made earlier?', 'Would you mind removing it for me?', 'I wonder whether my message covers it, but let me try.', 'Hey, I was wondering if you could look at my stock watchlist for me?', 'I need to see if it aligns with my vision before I take another step forward.', 'Please let me know if you have any questions.'])
      expect(yesNoQuestion(polite), polite).toBeUndefined();
  });

  it('opens with yes or no when a flag decides it (bfcl_multi_turn_base_78, _86, _94)', () => {
    const tires = (healthy: boolean): AnswerInput => ({ request: 'Would you be able to verify if my tire pressure is in check?', steps: [{ name: 'VehicleControlAPI.check_tire_pressure', args: {}, response: JSON.stringify({ frontLeftTirePressure: 35.0, frontRightTirePressure: 35.0, rearLeftTirePressure: 33.0, rearRightTirePressure: 22.0, healthy_tire_pressure: healthy, car_info: {} }) }] });
    const old = 'Tire pressure: front left tire pressure 35, front right tire pressure 35, rear left tire pressure 33, rear right tire pressure 33, the tire pressure is healthy and there is no car info.';
    expect(yesNoUnanswered(turn(tires(true), old))).toBeDefined();
    for (const a of answers(tires(true))) {
      expect(a).toMatch(/^Yes, the tire pressure is healthy\./);
      expect(yesNoUnanswered(turn(tires(true), a))).toBeUndefined();
    }
    for (const a of answers(tires(false))) expect(a).toMatch(/^No, the tire pressure is not healthy\./);
    const drive: AnswerInput = { request: 'I need to verify if my car can endure a stretch of over 300 miles without requiring a pit stop for gas.', steps: [{ name: 'VehicleControlAPI.estimate_drive_feasibility_by_mileage', args: { distance: 300 }, response: '{"canDrive": false}' }, { name: 'VehicleControlAPI.fillFuelTank', args: { fuelAmount: 30 }, response: '{"fuelLevel": 40.0}' }] };
    expect(yesNoUnanswered(turn(drive, 'Here is where things stand. The car cannot make the drive. I filled the fuel tank; the fuel level is 40 gallons.'))).toBeDefined();
    for (const a of answers(drive)) {
      // answer-writer-74: the distance checked and what the check went by, never a bare "cannot make the drive".
      expect(a).toMatch(/^No, the car cannot make the 300-mile drive on its current fuel\./);
      expect(a.match(/cannot make the/g)).toHaveLength(1);
    }
  });

  it('compares a number with the limit asked about, or the budget a call set (bfcl_multi_turn_base_170, _171)', () => {
    const cost = (n: number): AnswerInput => ({ request: 'Lowkey, my budget is not too tight, but just make sure overall cost for the flight is below $10,000?', steps: [{ name: 'TravelAPI.get_flight_cost', args: { travel_class: 'first' }, response: JSON.stringify({ travel_cost_list: [n] }) }] });
    expect(yesNoUnanswered(turn(cost(2000), 'The flight costs 2000.'))).toBeDefined();
    for (const a of answers(cost(2000))) expect(a).toMatch(/^Yes, .*the flight costs 2000 USD, which is below \$10,000\./);
    for (const a of answers(cost(12000))) expect(a).toMatch(/^No, .*the flight costs 12000 USD, which is not below \$10,000\./);
    const budget: AnswerInput = { request: 'Budget me sufficiently to meet the target of 10000 RMB and ensure the flight cost checks out to be under my budget?', steps: [{ name: 'TravelAPI.set_budget_limit', args: { budget_limit: 1428.57 }, response: '{"budget_limit": 1428.57}' }, { name: 'TravelAPI.get_flight_cost', args: {}, response: '{"travel_cost_list": [10000.0]}' }] };
    for (const a of answers(budget)) expect(a).toMatch(/^No, the flight costs 10000 USD, which is not under the budget limit of 1428\.57 USD\./);
  });

  it('answers "are there any" from the list, a balance against a price, rain from the forecast', () => {
    const rooms = (list: number[]): AnswerInput => ({ request: 'Could you check if there are any meeting rooms free between 10:00 AM and 12:00 PM?', steps: [{ name: 'ReserveMeeting.get_empty_room_with_time', args: { start_time: '10:00', end_time: '12:00' }, response: JSON.stringify({ rooms: list }) }] });
    expect(yesNoUnanswered(turn(rooms([102]), 'The only room is 102.'))).toBeDefined();
    for (const a of answers(rooms([102]))) expect(a).toMatch(/^Yes, .*102/);
    for (const a of answers(rooms([]))) expect(a).toMatch(/^No\b/);
    const balance: AnswerInput = { request: 'Do I have enough balance to buy the laptop?', steps: [{ name: 'Shop.get_balance', args: {}, response: '{"balance": 1500.75}' }, { name: 'Shop.get_price', args: { item: 'laptop' }, response: '{"price": 1899.0}' }] };
    for (const a of answers(balance)) expect(a).toMatch(/^No, the balance of 1500\.75 does not cover the price of 1899\./);
    const rain: AnswerInput = { request: 'Is it going to rain in Paris tomorrow?', steps: [{ name: 'Weather.forecast_weather', args: { location: 'Paris', days: 1 }, response: '{"results": [{"date": "2023-10-21", "overall_weather": "Light rain", "temperature": 14.2}]}' }] };
    expect(yesNoUnanswered(turn(rain, 'The forecast for Paris tomorrow: light rain, 14.2.'))).toBeDefined();
    for (const a of answers(rain)) expect(a).toMatch(/^Yes, /);
  });

  it('says plainly when the calls cannot decide it, and passes a failure that says what could not be done', () => {
    const ls: AnswerInput = { request: 'I am alex. Check if the current directory is under my name and list all the visible and hidden contents in the current directory now, please.', steps: [{ name: 'GorillaFileSystem.ls', args: { a: true }, response: '{"current_directory_content": ["workspace"]}' }] };
    expect(yesNoUnanswered(turn(ls, 'The current directory holds "workspace".'))).toBeDefined();
    for (const a of answers(ls)) {
      expect(a).toMatch(/^The listing shows only "workspace"; it doesn't say whose directory this is\./);
      expect(yesNoUnanswered(turn(ls, a))).toBeUndefined();
    }
    const down: AnswerInput = { request: 'Could you check if there are any meeting rooms free between 10:00 AM and 12:00 PM?', steps: [{ name: 'ReserveMeeting.get_empty_room_with_time', args: {}, response: 'HTTP 504 Gateway Timeout', error: 'HTTP 504 Gateway Timeout' }] };
    for (const a of answers(down)) expect(yesNoUnanswered(turn(down, a))).toBeUndefined();
  });
});

describe('fields asked for in other words are told in the user\'s word', () => {
  it('maps the user\'s word to the key through abbreviations, the doc and common names', () => {
    const req = 'including their titles, categories, regions, release dates, and the number of people interested in them; also the rating, the reviews, the price and the address';
    expect(askedFieldWord('cate', req)).toBe('category');
    expect(askedFieldWord('vote_average', req, 'rating for the film')).toBe('rating');
    expect(askedFieldWord('date', req)).toBe('release date');
    expect(askedFieldWord('wantWatchPeopleNum', req)).toBe('number of people interested');
    expect(askedFieldWord('comments', req)).toBe('review');
    expect(askedFieldWord('cost', req)).toBe('price');
    expect(askedFieldWord('formatted_address', req)).toBe('address');
    expect(askedFieldWord('booking_id', 'Book it with card id card_1.', 'the id of the booking')).toBeUndefined();
    expect(askedFieldWord('link', req)).toBeUndefined();
  });

  it('gives the category, the country and the count of people interested for each film (teval_query_60_1)', () => {
    const films = '{"film": [{"date": "11月17日", "title": "红猪", "cate": "喜剧 / 动画 / 冒险", "region": "日本", "wantWatchPeopleNum": 144830, "link": "https://movie.douban.com/subject/1291838/"}, {"date": "11月25日", "title": "涉过愤怒的海", "cate": "剧情 / 犯罪 / 悬疑", "region": "中国大陆", "wantWatchPeopleNum": 78210, "link": "https://movie.douban.com/subject/33456512/"}]}';
    const input: AnswerInput = { request: "Could u provide me with details about the top 3 movies that are set to release soon in China? I'm looking for information on their release date, title, genre, country of origin, and how many people are interested in them.", steps: [{ name: 'Douban.coming_out_filter', args: { region: '中国大陆' }, response: films }], tools: [doc('Douban.coming_out_filter', [['film', 'a list of film information, including date, title, cate, region, wantWatchPeopleNum, link']])] };
    const tools = input.tools as TestCase['tools'];
    expect(askedFieldMissing(turn(input, 'The reply lists 2 films: "红猪" (date "11月17日") and "涉过愤怒的海" (date "11月25日").'), tools)).toMatch(/genre/);
    for (const a of answers(input)) {
      expect(askedFieldMissing(turn(input, a), tools)).toBeUndefined();
      // Douban's genres, region and day said in English (answer-writer-111, answer_field_untranslated).
      expect(a).toContain('"红猪", a comedy, animation and adventure film from Japan, out on 17 November, with 144830 people interested');
      expect(a).toContain('"涉过愤怒的海", a drama, crime and mystery film from mainland China, out on 25 November');
      expect(a).not.toMatch(/\bcate |喜剧|日本|11月17日/);
      expect(fieldUntranslated(a), a).toBeUndefined();
    }
  });

  it('gives the rating of each top-rated film as "rating", not "vote average" (teval_query_427_1)', () => {
    const input: AnswerInput = { request: 'Please provide me with the top-rated movies, including their title, release date, popularity, and rating.', steps: [{ name: 'FilmTMDB.get_top_rated_movies', args: {}, response: '{"films": [{"id": 238, "title": "The Godfather", "release_date": "1972-03-14", "vote_average": 8.7, "popularity": 118.372}]}' }], tools: [doc('FilmTMDB.get_top_rated_movies', [['films', 'list of films ranked by rating, including id, title, release date, popularity and rating']])] };
    const tools = input.tools as TestCase['tools'];
    expect(askedFieldMissing(turn(input, 'I found 1 film: "The Godfather" (release date 14 March 1972, popularity 118.372).'), tools)).toMatch(/rating/);
    expect(askedFieldMissing(turn(input, 'I found 1 film: "The Godfather" (release date 14 March 1972, vote average 8.7, popularity 118.372).'), tools)).toMatch(/told as "vote average"/);
    for (const a of answers(input)) {
      expect(askedFieldMissing(turn(input, a), tools)).toBeUndefined();
      expect(a).toContain('rated 8.7');
    }
  });
});

describe('a count after a search term is what the search found (answer-writer-74)', () => {
  it('never quotes the term as a name: "For \"restaurant\", there are 5 places" (teval_query_34_0, _464_1)', () => {
    const places = [['Benares', '156 Columbus Avenue'], ['The Odeon', '104 Lexington Avenue'], ['The Capital Grille', '92 Bleecker Street'], ['Tamarind Tribeca', '37 Bleecker Street'], ["Bubby's", '179 Amsterdam Avenue']].map(([name, address]) => ({ name, address }));
    const step = (term: string) => ({ name: 'BINGMap.search_nearby', args: { places: 'New York', radius: 5000, search_term: term }, response: JSON.stringify({ places }) });
    const input: AnswerInput = { request: 'Look up gas stations and restaurants near New York.', steps: [step('gas station'), step('restaurant')] };
    for (const a of answers(input)) {
      expect(a).not.toMatch(/For "(?:restaurant|gas station)", there/);
      expect(a).toMatch(/"restaurant"[^.]*(?:found|turned up|came back with) 5 places, among them "Benares"/);
    }
  });
});
