/**
 * Closing answers tell successful results as a careful assistant would (answer-writer-31): one thing
 * said once, dates and times as people write them, numbers with their units, no reply parroted after
 * the deed, actions named, asked-for fields given, every record of a short list, an opener that fits.
 * Each measure flags the old wording and passes the new; the writer no longer makes the old wording.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../pipeline/rng.js';
import { offlineAnswer, type AnswerInput } from '../../stages/resolve/answerWriter.js';
import { askedFieldMissing, echoesDone, firstItemOnly, openerMismatch, quotedScalar, rawTimestamp, repeatedSentence, unitlessNumber, unnamedAction } from '../../pipeline/quality/measures/answers.js';
import type { TestCase } from '../../pipeline/schemas.js';

const answers = (input: AnswerInput, seeds = 12) => Array.from({ length: seeds }, (_, i) => offlineAnswer(input, new Rng(i, 'answer')));
const turn = (input: AnswerInput, answer: string) => ({ request: input.request, calls: input.steps.map((s) => ({ name: s.name, args: s.args, response: s.response })), answer });
const doc = (name: string, fields: [string, string][]) => ({ name, description: '', required_parameters: [], optional_parameters: [], return_data: fields.map(([n, d]) => ({ name: n, description: d })) }) as TestCase['tools'][number];

describe('closing answers tell successful results plainly', () => {
  it('says three emails once, not "I sent the email." three times (teval_query_331_2)', () => {
    expect(repeatedSentence('I sent the email. I sent the email. I sent the email. I found 3 emails.')).toBe('I sent the email.');
    expect(repeatedSentence('I have added "ZETA" to the watchlist: the watchlist has "NVDA" and "ZETA". The watchlist has "NVDA" and "ZETA".')).toBeDefined();
    expect(repeatedSentence('I sent the three emails to a@x.com, b@x.com and c@x.com.')).toBeUndefined();
    const send = (to: string) => ({ name: 'Email.send', args: { address: to, title: 'Department Meeting', body: 'Hi' }, response: '{"state": "Send completed successfully."}' });
    const input = { request: 'Email the three heads.', steps: [send('a@x.com'), send('b@x.com'), send('c@x.com')] };
    for (const a of answers(input)) {
      expect(repeatedSentence(a)).toBeUndefined();
      expect(a).toMatch(/a@x\.com, b@x\.com and c@x\.com/);
    }
    const watch = { request: 'Add ZETA and show the list.', steps: [{ name: 'TradingBot.add_to_watchlist', args: { stock: 'ZETA' }, response: '{"watchlist": ["NVDA", "ZETA"]}' }, { name: 'TradingBot.get_watchlist', args: {}, response: '{"watchlist": ["NVDA", "ZETA"]}' }] };
    for (const a of answers(watch)) expect(repeatedSentence(a)).toBeUndefined();
  });

  it('gives an epoch timestamp as its date and every bar of a short list (teval_query_178_2)', () => {
    expect(rawTimestamp('There are 2 results; in the first, open 20.08, close 19.61 and timestamp 1696896000000.')).toBeDefined();
    expect(rawTimestamp('The picture url is "outputs/1697796325.6373634.jpg".')).toBeUndefined();
    expect(firstItemOnly('There are 2 results; in the first, open 20.08, close 19.61.')).toBeDefined();
    const input = { request: 'Weekly bars for TSLZ.', steps: [{ name: 'PolygonFinance.aggregate_stock_with_time', args: { ticker: 'TSLZ' }, response: '{"results": [{"open": 20.08, "close": 19.61, "timestamp": 1696896000000}, {"open": 19.35, "close": 19.11, "timestamp": 1697500800000}]}' }] };
    for (const a of answers(input)) {
      expect(rawTimestamp(a)).toBeUndefined();
      expect(firstItemOnly(a)).toBeUndefined();
      expect(a).toContain('10 October 2023');
      expect(a).toContain('19.11');
    }
  });

  it('says a number with the unit its doc gives, and a conversion with what was converted', () => {
    const tools = [doc('VehicleControlAPI.estimate_distance', [['distance', 'The distance between the two cities in km.']]), doc('VehicleControlAPI.liter_to_gallon', [['gallon', 'The amount of gallon converted.']])];
    const input = { request: 'How far, and 40 liters in gallons?', steps: [{ name: 'VehicleControlAPI.estimate_distance', args: { cityA: '94016', cityB: '83214' }, response: '{"distance": 980.0}' }, { name: 'VehicleControlAPI.liter_to_gallon', args: { liter: 40 }, response: '{"gallon": 10.566880000000001}' }], tools };
    expect(unitlessNumber(turn(input, 'The distance is 980. That is 10.56688 gallons.'), tools)).toBeDefined();
    for (const a of answers(input)) {
      expect(unitlessNumber(turn(input, a), tools)).toBeUndefined();
      expect(a).toMatch(/980 km/);
      expect(a).toMatch(/40 liters/);
    }
  });

  it('tells the time as people do, not a quoted string', () => {
    expect(quotedScalar('The time is "2020-09-29 05:30".')).toBeDefined();
    expect(quotedScalar('I locked the doors: the lock status is "locked".')).toBeDefined();
    expect(quotedScalar('The title is "Expend4bles".')).toBeUndefined();
    for (const a of answers({ request: 'What time is it?', steps: [{ name: 'TimeTool.get_curr_time', args: {}, response: '{"time": "2020-09-29 05:30"}' }] })) {
      expect(quotedScalar(a)).toBeUndefined();
      expect(a).toContain('05:30 on 29 September 2020');
    }
  });

  it('says what was done without parroting the reply, and truly (unlock is not lock)', () => {
    expect(echoesDone('I logged in, and the message reads "User \'USR001\' logged in successfully."')).toBeDefined();
    expect(echoesDone('I cancelled the order; the status is "Cancelled".')).toBeDefined();
    expect(echoesDone('I have moved into "document": the current working directory is "document".')).toBeDefined();
    expect(echoesDone('I have locked the doors: the lock status is "unlocked" and the remaining unlocked doors are 4.')).toBeDefined();
    expect(echoesDone('I placed the order: order 12446, a buy order for 100 shares of AAPL at 227.16, status Pending.')).toBeUndefined();
    const steps: AnswerInput['steps'] = [
      { name: 'MessageAPI.message_login', args: { user_id: 'USR001' }, response: '{"login_status": true, "message": "User \'USR001\' logged in successfully."}' },
      { name: 'TradingBot.cancel_order', args: { order_id: 12446 }, response: '{"order_id": 12446, "status": "Cancelled"}' },
      { name: 'GorillaFileSystem.cd', args: { folder: 'document' }, response: '{"current_working_directory": "document"}' },
      { name: 'VehicleControlAPI.lockDoors', args: { door: ['driver'], unlock: true }, response: '{"lockStatus": "unlocked", "remainingUnlockedDoors": 4}' },
      { name: 'TradingBot.remove_stock_from_watchlist', args: { symbol: 'TSLA' }, response: '{"status": "Stock TSLA removed from watchlist successfully."}' },
    ];
    for (const a of answers({ request: 'Do these.', steps })) {
      expect(echoesDone(a)).toBeUndefined();
      expect(a).toMatch(/logged in as USR001/);
      expect(a).toMatch(/unlocked the doors/);
      expect(a).toMatch(/removed TSLA from the watchlist/);
      // Four doors left unlocked after an unlock are unlocked now, not "still" unlocked (bfcl_multi_turn_base_79).
      expect(a).not.toMatch(/still unlocked/);
    }
  });

  it('names what an action acted on (the file, the page, the room)', () => {
    const steps: AnswerInput['steps'] = [
      { name: 'PPT.create_file', args: { abs_location: 'outputs/GlobalWarming.ppt', theme: 'Business' }, response: '{"status": "Create file completed successfully."}' },
      { name: 'PPT.add_text_page', args: { title: 'Global Warming', bullet_items: 'Causes[SPAN]Effects' }, response: '{"status": "Add text page completed successfully."}' },
      { name: 'ReserveMeeting.reserve', args: { room_id: '103', start_time: '14:00', end_time: '16:00' }, response: "{'state': 'Book this room successfully.'}" },
      { name: 'PPT.save_file', args: {}, response: '{"status": "Save file completed successfully."}' },
    ];
    const input = { request: 'Make the deck and book the room.', steps };
    expect(unnamedAction(turn(input, 'I created the file. I added the text page. I reserved the room. I saved the file.'))).toBeDefined();
    for (const a of answers(input)) {
      expect(unnamedAction(turn(input, a))).toBeUndefined();
      expect(a).toContain('"outputs/GlobalWarming.ppt"');
      expect(a).toContain('"Global Warming"');
      expect(a).toMatch(/room 103 from 14:00 to 16:00/);
    }
  });

  it('gives the fields the user asked for by name for each record it names (teval_query_178_2)', () => {
    const input = { request: 'List the first three properties, including the property ID, name, and address.', steps: [{ name: 'AirbnbSearch.search_property_by_place', args: { place: 'New York City' }, response: '{"property": [{"id": 67462, "name": "Quiet guest suite", "address": "81 Mulberry Street"}, {"id": 56775, "name": "Bright private room", "address": "161 East 14th Street"}]}' }] };
    expect(askedFieldMissing(turn(input, 'There are 2 properties: "Quiet guest suite" and "Bright private room".'))).toBeDefined();
    for (const a of answers(input)) {
      expect(askedFieldMissing(turn(input, a))).toBeUndefined();
      expect(a).toMatch(/81 Mulberry Street, with id 67462.*161 East 14th Street, with id 56775/);
    }
  });

  it('opens "Here is what I found." only before a finding', () => {
    expect(openerMismatch('Here is what I found. I placed the order: order 12446.')).toBeDefined();
    expect(openerMismatch('Here is what I found. I found that the watchlist has "NVDA".')).toBeDefined();
    expect(openerMismatch('Here is what I found. The watchlist has "NVDA".')).toBeUndefined();
    const order = { request: 'Buy it.', steps: [{ name: 'TradingBot.place_order', args: { symbol: 'AAPL', amount: 100, price: 227.16, order_type: 'Buy' }, response: '{"order_id": 12446, "order_type": "Buy", "status": "Pending", "price": 227.16, "amount": 100}' }] };
    for (const a of answers(order, 40)) expect(openerMismatch(a)).toBeUndefined();
  });
});
