/**
 * A CoT thought gives reasons, not restatements (h-text32). On g0 (main 91cd00d), 613 of 2,186 CoT cases held a
 * thought restating an argument bare ("For the folder, I'll pass "document".", "The name will be "Zeta Corp"."),
 * mostly a value the user's words hold, demoted at random to the neutral frame, and the wrong call's fallback
 * frame; 64 ran two "next" openings together, 16 of 34 booked "today" for a request for tomorrow, 23 read "days
 * in London" as what the user asks for, 60 named an earlier call's argument as "the user first name Michael".
 */
import { describe, expect, it } from 'vitest';
import type { Action, TestCase } from '../../pipeline/schemas.js';
import { Rng } from '../../pipeline/rng.js';
import { askedForMisread, dayContradicted, givenStiffly, nextTwice, restatedValues, thoughtValueRestated } from '../../pipeline/quality/measures/thoughtReasons.js';
import { erroneousThought } from '../../pipeline/errors/injectors/thoughts.js';
import { offlineThoughts, tieThoughtsToAnswers, type ThoughtInput } from '../../stages/standardize/thoughtWriter.js';
import { askedFor, valueSource } from '../../pipeline/thoughtPhrases.js';

const CD = { name: 'GorillaFileSystem.cd', description: 'This tool belongs to the Gorilla file system. Tool description: Change the current working directory to the specified folder.' };
const STOCK = { name: 'TradingBot.get_stock_info', description: 'This tool belongs to the trading bot. Tool description: Get the details of a stock.' };
const ORDER = { name: 'TradingBot.get_order_details', description: 'This tool belongs to the trading bot. Tool description: Get the details of an order.' };

describe('the measures', () => {
  it('thought_value_restated flags a bare restatement and passes a value said with its source', () => {
    expect(restatedValues(['The name will be "Zeta Corp". I need to get the symbol, which is what `get_symbol_by_name` is for.'])).toHaveLength(1);
    expect(restatedValues(['For the folder, I\'ll pass "document". Before anything else I have to change into the folder.'])).toHaveLength(1);
    expect(restatedValues(['The order id will be 12446. Calling `cancel_order` now.'])).toHaveLength(1);
    expect(restatedValues(['The request names "document" as the folder. Before anything else I have to change into the folder.'])).toEqual([]);
    expect(restatedValues(['The sector is "Technology", in the letter case the tool takes. All this takes is one call.'])).toEqual([]);
    const tc = { id: 'c', cot: true, kind: 'internal', errorType: '', messages: [{ role: 'user', content: 'Go to document.' }], groundTruth: { ...CD, args: { folder: 'document' }, thought: 'For the folder, I\'ll pass "document". `cd` does it.' } } as unknown as TestCase;
    expect(thoughtValueRestated.check(tc, {} as never)).toMatch(/1 thought/);
  });

  it('thought_next_twice, thought_day_contradicts_request, thought_asked_for_misread, thought_given_key_stiff flag the bad form only', () => {
    expect(nextTwice(['The next listed property, "Loft", has id 5. Next, I need to retrieve the details of the property.'])).toHaveLength(1);
    expect(nextTwice(['The next listed entry is "a.txt". The next step is to copy the file.'])).toHaveLength(1);
    expect(nextTwice(['The next listed property, "Loft", has id 5. Now I need to retrieve the details of the property.'])).toEqual([]);
    expect(dayContradicted('Now I can book the meeting room today by calling `reserve`.', 'Book a meeting room for tomorrow.')).toBeDefined();
    expect(dayContradicted('Now I can book the meeting room by calling `reserve`. `reserve` books for today only, though the user asked for tomorrow.', 'Book a room for tomorrow.')).toBeUndefined();
    expect(dayContradicted('Now I can book the meeting room today.', 'Book a meeting room for this afternoon.')).toBeUndefined();
    expect(askedForMisread('The user asks for days in "London", which is the location.')).toBeDefined();
    expect(askedForMisread('The user asks for hues of "San Francisco", which is the city.')).toBeDefined();
    expect(askedForMisread('The user asks for papers on "quantum computing", which is the query.')).toBeUndefined();
    expect(givenStiffly('`authenticate_travel` told me last time that the access token is "251675", when it was given the user first name Michael.')).toBeDefined();
    expect(givenStiffly('`book_flight` told me last time that the booking id is "3426812", when it was given the travel from SFO.')).toBeDefined();
    // Any key and value tacked on so reads stiffly (thought-writer-42; 84 of g0's 936 CoT base cases): the answer is said with what it was for.
    expect(givenStiffly('`place_order` told me last time that the order id is 12446, when it was given the symbol TSLA.')).toBeDefined();
    expect(givenStiffly('`authenticate_travel` told me last time that the access token is "251675" for Michael.')).toBeUndefined();
  });
});

describe('the thought writer gives a value its source, never a bare restatement (thought-writer-40)', () => {
  const said = (input: ThoughtInput, seeds = 200) => Array.from({ length: seeds }, (_, seed) => offlineThoughts(input, new Rng(seed, 'reasons'))).flat();

  it('says a value the user gave from their words every time (before: the neutral frame about one time in five)', () => {
    const thoughts = said({ query: 'Move into the document folder, please.', steps: [{ ...CD, args: { folder: 'document' } }] });
    expect(restatedValues(thoughts)).toEqual([]);
    expect(thoughts.some((t) => valueSource(t.split(/(?<=\.)\s/)[0])?.kind === 'request')).toBe(true);
  });

  it('says a value shown only in another letter case as spelled for the tool, and one it cannot place with no lead', () => {
    const respelled = said({ query: 'Show me the info of xtc, please.', steps: [{ ...STOCK, args: { symbol: 'XTC' } }] });
    expect(restatedValues(respelled)).toEqual([]);
    expect(respelled.some((t) => t.startsWith('The symbol is "XTC", in the letter case the tool takes.'))).toBe(true);
    // BFCL records no answers before resolve: the value may come from one, so nothing is said of where it comes from.
    const unseen = said({ query: 'And the order?', earlierRequests: ['Buy some shares.'], earlierAnswers: [{ name: 'TradingBot.place_order' }], steps: [{ ...ORDER, args: { order_id: 12446 } }] });
    expect(restatedValues(unseen)).toEqual([]);
    expect(unseen.every((t) => valueSource(t.split(/(?<=\.)\s/)[0]) === undefined)).toBe(true);
  });

  it('books "today" on a request for tomorrow only with a word that says so', () => {
    const reserve = { name: 'ReserveMeeting.reserve', description: 'Book the meeting room today using the room id provided by `check_empty`', args: { room_id: '102', start_time: '10:00', end_time: '12:00' } };
    for (const t of said({ query: 'I need to book a meeting room for tomorrow between 10:00 and 12:00, room 102.', steps: [reserve] }, 40)) {
      expect(dayContradicted(t, 'book a meeting room for tomorrow'), t).toBeUndefined();
      expect(t).toContain('`reserve` books for today only, though the user asked for tomorrow.');
    }
    // A request naming no other day books the room, with no word of the doc's day to contradict anything.
    expect(said({ query: 'Book room 102 between 10:00 and 12:00.', steps: [reserve] }, 10).every((t) => /book the meeting room\b/.test(t) && !/today/.test(t))).toBe(true);
  });

  it('cites the request with the quote or the request first, both read back and both passing the claims check', async () => {
    const { misattributedValue } = await import('../../pipeline/quality/measures/thoughts.js');
    for (const t of ['"Go to documents and list it," the request says, so the folder is "documents".', 'The request says "Go to documents and list it", which means the folder is "documents".']) {
      expect(valueSource(t)).toMatchObject({ kind: 'request', value: 'documents', key: 'folder' });
      expect(misattributedValue(t, 'Go to documents and list it.', '')).toBeUndefined();
    }
    expect(misattributedValue('"Go to documnts and list it," the request says, so the folder is "documents".', 'Go to documents and list it.', '')).toMatch(/never said/);
    // A quoted clause holding a stop is one sentence (bfcl_multi_turn_base_2: 9/2,186 read as a quote of " the request says, …" on h-text32's b3).
    const said = "jot down 'Collaboration leads to success. Innovation ignites growth.' into the previous file";
    expect(misattributedValue(`"${said}," the request says, which means the content is "Collaboration leads to success. Innovation ignites growth.".`, `Now ${said}.`, '')).toBeUndefined();
  });

  it('does not read a measure before a place as what the user asks for', () => {
    expect(askedFor('Could you also let me know the weather predictions for the coming three days in London?', 'London')).toBeUndefined();
    expect(askedFor('a road trip from the vibrant hues of San Francisco to Rivermist', 'San Francisco')).toBeUndefined();
    expect(askedFor('Find me the latest papers on quantum computing', 'quantum computing')).toBe('papers on');
  });

  it('goes on along a listing without a second "next", and names an earlier call\'s argument as a person does', () => {
    const listing = '{"property": [{"id": "11", "name": "Loft"}, {"id": "22", "name": "Suite"}, {"id": "33", "name": "Cabin"}, {"id": "44", "name": "Villa"}]}';
    const get = (id: string) => ({ action: { name: 'Airbnb.get_property_details', args: { property_id: id }, thought: `Next, I need to retrieve the details of the property, so I'll call \`get_property_details\` with property id "${id}".` }, response: { content: '{"ok": true}' } });
    for (let seed = 0; seed < 30; seed++) {
      const turns = [{ user: 'Find places in Bali and show me the details of each.', steps: [{ action: { name: 'Airbnb.search_property_by_place', args: { place: 'Bali' }, thought: 'I\'ll search first.' }, response: { content: listing } }, get('11'), get('22'), get('33')] }];
      tieThoughtsToAnswers(turns, new Map(), new Rng(seed, 'loop'));
      const thoughts = turns[0].steps.map((s) => s.action.thought!);
      expect(nextTwice(thoughts), thoughts.join('\n')).toEqual([]);
    }
    const auth = { action: { name: 'TravelAPI.authenticate_travel', args: { user_first_name: 'Michael', client_id: 'abc' }, thought: 'I\'ll sign in first.' }, response: { content: '{"access_token": "251675"}' } };
    const balance = { action: { name: 'TravelAPI.get_credit_card_balance', args: { access_token: '251675', card_id: 'card_4455' }, thought: 'To get the balance of the credit card, one call is enough: `get_credit_card_balance` with access token "251675".' }, response: { content: '{"balance": 10}' } };
    const turns = [{ user: 'Sign me in as Michael.', steps: [auth] }, { user: 'What is the balance of card_4455?', steps: [balance] }];
    tieThoughtsToAnswers(turns, new Map(), new Rng(1, 'given'));
    expect(balance.action.thought).toContain('the access token is "251675" for Michael.');
    expect(givenStiffly(balance.action.thought)).toBeUndefined();
  });
});

describe("a wrong call's thought says where its value shows or that it picks it, never restating it bare (error-injectors@67)", () => {
  const tools = [
    { ...ORDER, required_parameters: [{ name: 'order_id', type: 'integer', description: 'ID of the order.' }], optional_parameters: [], return_data: [] },
    { ...STOCK, required_parameters: [{ name: 'symbol', type: 'string', description: 'Symbol of the stock.' }], optional_parameters: [], return_data: [] },
  ] as never;
  const correct: Action = { name: ORDER.name, args: { order_id: 12446 }, thought: '`place_order` told me last time that the order id is 12446. All this takes is to get the details of the order, and `get_order_details` with order id 12446 does that.' };

  it('calls a value nothing shown gave its own pick', () => {
    for (let seed = 0; seed < 20; seed++) {
      const t = erroneousThought('parameters_value_error', correct, { name: ORDER.name, args: { order_id: 14246 } }, { tools, rng: new Rng(seed, 'w'), query: 'Show me my order.', earlierRequests: ['Buy 100 shares of AAPL.'], earlier: [{ name: 'TradingBot.place_order', response: '{"order_id": 12446, "status": "Pending"}' }] })!;
      expect(restatedValues([t]), t).toEqual([]);
      expect(t).toMatch(/^I'll (?:go with|pick) 14246 for the order id\./);
    }
  });

  it('says a call left with no arguments as a means, not after a colon that reads as a key and its value', () => {
    const detail: Action = { name: 'PolygonFinance.get_ticker_detail', args: { ticker: 'AAPL' }, thought: 'The last call tells me the ticker is "AAPL". Building on the last answer, I can get the details of the ticker: `get_ticker_detail` with ticker "AAPL".' };
    const docs = [{ name: detail.name, description: 'Get detailed information of a ticker', required_parameters: [{ name: 'ticker', type: 'string', description: 'the ticker' }], optional_parameters: [], return_data: [] }] as never;
    const t = erroneousThought('parameters_key_error', detail, { name: detail.name, args: {} }, { tools: docs, query: 'q', earlierRequests: [], earlier: [{ name: 'PolygonFinance.search_stock_ticker', response: "{'name': 'Apple Inc.', 'ticker': 'AAPL'}" }] });
    // Before: the fallback "Next step: `get_ticker_detail`.", a frame no correct thought uses (error_thought_style_tell 3/1,448 on h-text32's b1).
    expect(t).toBe('Building on the last answer, I can get the details of the ticker by calling `get_ticker_detail`.');
  });

  it('says a value shown only in another letter case as spelled for the tool', () => {
    const stock: Action = { name: STOCK.name, args: { symbol: 'XTC' }, thought: 'The request says "the info of XTC", so the symbol is "XTC". All this takes is to get the details of the stock, and `get_stock_info` with symbol "XTC" does that.' };
    const t = erroneousThought('parameters_value_error', stock, { name: STOCK.name, args: { symbol: 'xtc' } }, { tools, rng: new Rng(3, 'w'), query: 'Show me the info of XTC.', earlierRequests: [], earlier: [] })!;
    expect(restatedValues([t]), t).toEqual([]);
    expect(t).not.toContain('"XTC"');
  });
});
