/**
 * A CoT thought says what its call really does, where it really stands, and in a person's words.
 * On the default build before this fix (d288d3c) thoughts said "change into the folder" for
 * cd(".."), "lock the doors" with unlock=true, "count the lines, words, and characters" with
 * mode "w", "use a google search API" (the doc speaking of itself), "Building on that" for a call
 * that used nothing of the last answer, a fact of the last answer the call never used ("`post_tweet`
 * says the id is 5. I still need to lock the doors"), and a retry after a failure in the words of
 * the first try ("With that done, I can add a stock …"), and "with travel class "business", travel
 * date … and travel from "SFO"" for a call passing a fourth argument. The measures find each; the
 * writers no longer write them.
 */
import { describe, expect, it } from 'vitest';
import type { TestCase, ToolDoc } from '../../pipeline/schemas.js';
import { callContradiction, falseSequence, misplacedClaim, thoughtArgsWavedOff, thoughtContradictsCall, thoughtFalseSequence } from '../../pipeline/quality/measures/thoughts.js';
import { docLifted, docSelfReference } from '../../pipeline/quality/measures/text.js';
import { intentOf, offlineThoughts, type ThoughtInput } from '../../stages/standardize/thoughtWriter.js';
import { argPhrase } from '../../pipeline/thoughtPhrases.js';
import { erroneousThought } from '../../pipeline/errors/injectors/thoughts.js';
import { retryThought } from '../../stages/diversify-external/afterFailure.js';
import { Rng } from '../../pipeline/rng.js';

const doc = (name: string, description: string): ToolDoc => ({ name, description, required_parameters: [], optional_parameters: [], return_data: [] }) as unknown as ToolDoc;
const FS = 'This tool belongs to the Gorilla file system. Tool description: ';
const CD = doc('GorillaFileSystem.cd', `${FS}Change the current working directory to the specified folder.`);
const RM = doc('GorillaFileSystem.rm', `${FS}Remove a file or directory.`);
const WC = doc('GorillaFileSystem.wc', `${FS}Count the number of lines, words, and characters in a file of any extension from current directory.`);
const LOCK = doc('VehicleControlAPI.lockDoors', 'Locks the doors of the vehicle.');
const SEARCH = doc('GoogleSearch.serper_search', 'A google search API. You can use it when you want to get answer about specific `questions.');
const LOGOUT = doc('TradingBot.trading_logout', `This tool belongs to the trading system. Tool description: Handle user logout for trading system.`);
const COMMENT = doc('TwitterAPI.comment', 'Comment on a tweet for the authenticated user.');

/** A CoT control case: shown calls (each answered), then the ground truth. */
const mk = (calls: { name: string; args: Record<string, unknown>; thought: string; answer?: string }[], tools: ToolDoc[], kind: TestCase['kind'] = 'internal'): TestCase =>
  ({
    id: 'c',
    kind,
    errorType: '',
    cot: true,
    trajectoryId: 't',
    source: 'bfcl',
    k: calls.length,
    messages: [
      { role: 'system', content: 'tools' },
      { role: 'user', content: 'Do it.' },
      ...calls.slice(0, -1).flatMap((c) => [
        { role: 'assistant', content: JSON.stringify({ thought: c.thought, name: c.name, args: c.args }) },
        { role: 'function', content: c.answer ?? '{}' },
      ]),
    ],
    tools,
    groundTruth: { name: calls[calls.length - 1].name, args: calls[calls.length - 1].args, thought: calls[calls.length - 1].thought },
    provenance: { methods: {}, parents: [] },
  }) as TestCase;

describe('a thought says what its call does', () => {
  it('callContradiction flags the old thoughts and passes the fixed ones', () => {
    expect(callContradiction('Next, I need to change into the folder, so I will call `cd` with folder "..".', { folder: '..' })).toMatch(/parent folder/);
    expect(callContradiction('Next, I need to go up to the parent folder, so I will call `cd` with folder "..".', { folder: '..' })).toBeUndefined();
    expect(callContradiction('Calling `lockDoors` with unlock set to true will lock the doors.', { unlock: true, door: ['driver'] })).toMatch(/unlock=true/);
    expect(callContradiction('Calling `lockDoors` with unlock set to true will unlock the doors.', { unlock: true, door: ['driver'] })).toBeUndefined();
    expect(callContradiction('Calling `lockDoors` with unlock set to false will lock the doors.', { unlock: false })).toBeUndefined();
    expect(callContradiction('It lets me count the lines, words, and characters in the file.', { file_name: 'a.txt', mode: 'w' })).toMatch(/mode "w"/);
    expect(callContradiction('Next, I need to remove the file, so I will call `rm`.', { file_name: 'findings_report' }, RM.description)).toMatch(/may be a folder/);
    expect(callContradiction('Next, I need to remove the file, so I will call `rm`.', { file_name: 'report.pdf' }, RM.description)).toBeUndefined();
    expect(callContradiction('Last, I need to reply to on the tweet, so I will call `add_comment`.', {})).toMatch(/preposition/);
  });

  it('the writer says it, for every seed', () => {
    expect(intentOf(CD.description, 'cd', { folder: '..' })).toBe('go up to the parent folder');
    expect(intentOf(CD.description, 'cd', { folder: 'temp' })).toBe('change into the folder');
    expect(intentOf(LOCK.description, 'lockDoors', { unlock: true })).toBe('unlock the doors');
    expect(intentOf(LOCK.description, 'lockDoors', { unlock: false })).toBe('lock the doors');
    expect(intentOf(WC.description, 'wc', { file_name: 'a.txt', mode: 'l' })).toBe('count the lines in the file');
    expect(intentOf(RM.description, 'rm', { file_name: 'findings_report' })).toBe('remove "findings_report"');
    const steps: ThoughtInput['steps'] = [
      { name: RM.name, description: RM.description, args: { file_name: 'findings_report' } },
      { name: CD.name, description: CD.description, args: { folder: '..' } },
      { name: LOCK.name, description: LOCK.description, args: { unlock: true, door: ['driver'] } },
      { name: WC.name, description: WC.description, args: { file_name: 'a.txt', mode: 'w' } },
    ];
    for (let seed = 0; seed < 40; seed++) {
      const thoughts = offlineThoughts({ query: 'Tidy up.', steps }, new Rng(seed, 'truth'));
      thoughts.forEach((t, i) => expect(callContradiction(t, steps[i].args, steps[i].description), t).toBeUndefined());
    }
  });

  it('a thought names every argument of its call: none listed as if all, none counted off', () => {
    const args = { travel_class: 'business', travel_date: '2026-11-10', travel_from: 'SFO', travel_to: 'LAX' };
    expect(callContradiction('I need to get the cost of the flight, so I will call `get_flight_cost` with travel class "business", travel date "2026-11-10" and travel from "SFO".', args)).toMatch(/3 of the call's 4 arguments/);
    expect(argPhrase(args)).toBe('travel class "business", travel date "2026-11-10", travel from "SFO" and travel to "LAX"');
    // A text named by its opening words counts as named (teval_query_339_0, false-flagged on the merged build).
    const email = { address: 'john.doe@example.com', attachment: 'Agenda.pdf', text: 'Attached is the agenda for our upcoming meeting. Please review it ahead of time.', title: 'Meeting Agenda' };
    expect(callContradiction('Last, I need to send the email, so I will call `send` with address "john.doe@example.com", attachment "Agenda.pdf", text beginning "Attached is the agenda for our upcoming meeting." and title "Meeting Agenda".', email)).toBeUndefined();
    expect(callContradiction('Last, I need to send the email, so I will call `send` with address "john.doe@example.com", attachment "Agenda.pdf" and title "Meeting Agenda".', email)).toMatch(/3 of the call's 4 arguments/);
    // Since thought-writer-34 a number is said after its noun, never "a set to 1" (thought_arg_key_pasted).
    expect(argPhrase({ a: 1, b: 2, c: 3 })).toBe('a 1, b 2 and c 3');
    const order = { amount: 100, order_type: 'Buy', price: 700, symbol: 'NVDA' };
    expect(argPhrase(order)).toBe('amount 100, order type "Buy", price 700 and symbol "NVDA"');
    const waved = mk([{ name: 'place_order', args: order, thought: 'I need to place an order, so I will call `place_order` with amount set to 100, order type "Buy", price set to 700 and one more argument.' }], []);
    expect(thoughtArgsWavedOff.check(waved, { trajectory: () => undefined, baseCase: () => undefined })).toMatch(/and one more argument/);
    const steps: ThoughtInput['steps'] = [{ name: 'Travel.get_flight_cost', description: 'Get the list of cost of a flight in USD based on location, date, and class.', args }];
    for (let seed = 0; seed < 30; seed++) {
      const [t] = offlineThoughts({ query: 'Fly SFO to LAX on 2026-11-10 in business.', steps }, new Rng(seed, 'more'));
      expect(callContradiction(t, args), t).toBeUndefined();
      expect(t).toContain('travel to "LAX"');
      const named = mk([{ name: 'get_flight_cost', args, thought: t }], []);
      expect(thoughtArgsWavedOff.check(named, { trajectory: () => undefined, baseCase: () => undefined }), t).toBeNull();
    }
    // A wrong call's thought names every argument too.
    const correct = { name: 'Trading.place_order', args: order, thought: 'I need to place an order, so I will call `place_order` with amount set to 100, order type "Buy", price set to 700 and symbol "NVDA".' };
    for (let seed = 0; seed < 20; seed++) {
      const wrong = erroneousThought('tool_hallucination_error', correct, { name: 'Trading.submit_order', args: order }, { tools: [], rng: new Rng(seed, 'wrong') });
      if (wrong) expect(wrong).not.toMatch(/more argument/);
    }
  });

  it('an invented tool\'s thought says the verb another way without garbling the keys', () => {
    // The correct thought as the writer says its arguments since thought-writer-34 ("tweet id 5", not "tweet id set to 5"): the wrong call's thought finds them by argPhrase.
    const correct = { name: COMMENT.name, args: { tweet_id: 5, comment_content: 'Nice!' }, thought: 'Last, I need to comment on the tweet, so I will call `comment` with tweet id 5 and comment content "Nice!".' };
    const t = erroneousThought('tool_hallucination_error', correct, { name: 'TwitterAPI.add_comment', args: correct.args }, { tools: [COMMENT] })!;
    expect(t).toMatch(/reply to the tweet/);
    expect(t).not.toMatch(/reply to content|reply to on/);
    expect(callContradiction(t, correct.args)).toBeUndefined();
  });

  it('the measure reads each call\'s own arguments', () => {
    const bad = mk([{ name: CD.name, args: { folder: '..' }, thought: 'To start, I need to change into the folder, so I will call `cd` with folder "..".' }], [CD]);
    expect(thoughtContradictsCall.check(bad, { trajectory: () => undefined, baseCase: () => undefined })).toMatch(/parent folder/);
    const good = mk([{ name: CD.name, args: { folder: '..' }, thought: 'I need to go up to the parent folder, so I will call `cd` with folder "..".' }], [CD]);
    expect(thoughtContradictsCall.check(good, { trajectory: () => undefined, baseCase: () => undefined })).toBeNull();
  });
});

describe('a thought speaks in its own words, not the doc\'s about itself', () => {
  it('docSelfReference and docLifted flag "API" talk and doc framing', () => {
    expect(docSelfReference('Next, I need to use a google search API, so I will call `serper_search` with query "breakfast recipes".')).toMatch(/google search API/);
    expect(docSelfReference('I need to handle the user logout for trading system, so I will call `trading_logout`.')).toMatch(/handle the user logout/);
    expect(docSelfReference('I need to authenticate the user with travel API.')).toMatch(/travel API/);
    expect(docSelfReference('I will call `get_api_key` with service "the API".')).toBeUndefined();
    expect(docSelfReference('Next, I need to search Google, so I will call `serper_search` with query "breakfast recipes".')).toBeUndefined();
    const c = mk([{ name: SEARCH.name, args: { query: 'x' }, thought: 'x' }], [SEARCH]);
    expect(docLifted('Next, I need to use a google search API, so I will call `serper_search`.', c)).toMatch(/as its doc does/);
  });

  it('the writer names what the tool does', () => {
    expect(intentOf(SEARCH.description, 'serper_search', { query: 'breakfast recipes' })).toBe('search Google');
    expect(intentOf(LOGOUT.description, 'trading_logout')).toBe('log out of the trading system');
    expect(intentOf('Authenticate the user with the travel API', 'authenticate_travel')).toBe('authenticate the user');
    expect(intentOf('This function takes various parameters to search properties on Airbnb.', 'search_property_by_place', { place: 'Paris' })).toBe('search for properties on Airbnb');
    for (let seed = 0; seed < 30; seed++) {
      const [t] = offlineThoughts({ query: 'Find breakfast recipes.', steps: [{ name: SEARCH.name, description: SEARCH.description, args: { query: 'breakfast recipes' } }] }, new Rng(seed, 'api'));
      expect(docSelfReference(t), t).toBeUndefined();
    }
  });
});

describe('a thought ties its call to the step before it truly', () => {
  it('misplacedClaim flags a sequencing opener on a turn\'s first call', () => {
    expect(misplacedClaim('Next, I need to use a google search API, so I will call `serper_search`.', 0, 2)).toMatch(/first call/);
    expect(misplacedClaim('I still need to get the time; calling `t` takes care of that.', 0, 2)).toMatch(/first call/);
    expect(misplacedClaim('Next, I need to search Google, so I will call `serper_search`.', 1, 2)).toBeUndefined();
  });

  it('falseSequence flags dependence the call does not have, unused facts and first-try retries', () => {
    expect(falseSequence({ thought: 'Building on that, I can list the users with `list_users`.', name: 'M.list_users', args: {}, lastAnswer: '{"messages": []}' })).toMatch(/passes nothing/);
    expect(falseSequence({ thought: 'Building on that, I can get the movie with `get_movie_details`, passing movie id set to 27205.', name: 'M.get_movie_details', args: { movie_id: 27205 }, lastAnswer: '{"results": [{"id": 27205}]}' })).toBeUndefined();
    expect(falseSequence({ thought: '`post_tweet` says the id is 5. I still need to lock the doors; calling `lockDoors` takes care of that.', name: 'V.lockDoors', args: { unlock: false }, lastAnswer: '{"id": 5}' })).toMatch(/does not use/);
    expect(falseSequence({ thought: 'The last call tells me the zipcode is "69238". Next, I need to estimate the distance, so I will call `estimate_distance` with city A "69238".', name: 'T.estimate_distance', args: { cityA: '69238' }, lastAnswer: '{"zipcode": "69238"}' })).toBeUndefined();
    expect(falseSequence({ thought: 'With that done, I can add a stock to the watchlist by calling `add_to_watchlist` with stock "QUAS".', name: 'T.add_to_watchlist', args: { stock: 'QUAS' }, retry: true })).toMatch(/first try/);
    const retry = retryThought({ name: 'T.add_to_watchlist', args: { stock: 'QUAS' } }, 'HTTP 500 Internal Server Error', [doc('T.add_to_watchlist', 'Add a stock to the watchlist.')], new Rng(1, 'r'));
    expect(falseSequence({ thought: retry, name: 'T.add_to_watchlist', args: { stock: 'QUAS' }, retry: true }), retry).toBeUndefined();
  });

  it('retry thoughts vary, say how the call failed and quote nothing it never returned', () => {
    const seen = new Set<string>();
    for (let seed = 0; seed < 40; seed++) {
      const t = retryThought({ name: 'T.get_stock_info', args: { symbol: 'NVDA' } }, 'HTTP 504 Gateway Timeout', [doc('T.get_stock_info', 'Get the details of the stock.')], new Rng(seed, 'r'));
      seen.add(t);
      expect(t).toMatch(/timed out/);
      for (const q of t.matchAll(/"([^"]+)"/g)) expect(q[1]).toBe('NVDA');
    }
    expect(seen.size).toBeGreaterThanOrEqual(3);
  });

  it('the writer says "Building on that" and cites a fact only of a value the call passes', () => {
    const steps: ThoughtInput['steps'] = [
      { name: 'T.post_tweet', description: 'Post a tweet.', args: { content: 'Hello there' } },
      { name: 'V.lockDoors', description: LOCK.description, args: { unlock: false, door: ['driver'] }, previousResponse: '{"id": 5, "content": "Hello there"}' },
      { name: 'T.get_zip', description: 'Get the zipcode of a city.', args: { city: 'Paris' }, previousResponse: '{"lockStatus": "locked"}' },
      { name: 'T.distance', description: 'Estimate the distance between two cities.', args: { cityA: '75001', cityB: '69001' }, previousResponse: '{"zipcode": "75001"}' },
    ];
    let cited = 0;
    for (let seed = 0; seed < 60; seed++) {
      const thoughts = offlineThoughts({ query: 'Post, lock, then the distance from Paris to Lyon (69001).', steps }, new Rng(seed, 'seq'));
      thoughts.forEach((t, i) => {
        const why = falseSequence({ thought: t, name: steps[i].name, args: steps[i].args, lastAnswer: steps[i].previousResponse });
        expect(why, t).toBeUndefined();
      });
      if (/the zipcode is "75001"/.test(thoughts[3])) cited++;
    }
    expect(cited).toBeGreaterThan(0);
  });

  it('the measure flags a first-try thought on an external retry', () => {
    const calls = [
      { name: 'T.get_watchlist', args: {}, thought: 'I should begin by calling `get_watchlist` in order to get the watchlist.', answer: '{"watchlist": ["NVDA"]}' },
      { name: 'T.add_to_watchlist', args: { stock: 'QUAS' }, thought: 'With that done, I can add a stock to the watchlist by calling `add_to_watchlist` with stock "QUAS".', answer: 'HTTP 500 Internal Server Error' },
    ];
    const c = mk([...calls, calls[1]], [], 'external');
    (c as { groundTruth: unknown }).groundTruth = [{ ...calls[1] }, { name: 'FinishAction', args: 'Could not add it.', thought: 'I could not add it.' }];
    expect(thoughtFalseSequence.check(c, { trajectory: () => undefined, baseCase: () => undefined })).toMatch(/first try/);
  });
});
