import { describe, expect, it } from 'vitest';
import { offlineAnswer } from '../../stages/resolve/answerWriter.js';
import { causeOf, gerund, partialOpener, shortTask, taskOf, tasksCounted } from '../../stages/resolve/failureSentences.js';
import { taskNounBare } from '../../pipeline/quality/measures/failureAnswers.js';
import { Rng } from '../../pipeline/rng.js';
import { classifyEnvironmentMessage } from '../../pipeline/errors/environment.js';
import { answerStepCountFalse, choiceUnclear, failureFrame, failureMisreported, failurePart, offersGoingOn, rawException, taskUnsaid } from '../../pipeline/quality/measures/failureAnswers.js';
import { ENVIRONMENT_ERROR_KINDS, type TestCase } from '../../pipeline/schemas.js';
import { environmentMessage, LOCAL_KINDS } from '../../pipeline/resolution/simulatorRules.js';
import type { QualityContext } from '../../pipeline/quality/types.js';
import { namesApi, nestedUnphrased } from '../../pipeline/quality/measures/text.js';

/** Failures the simulator and T-Eval's captures gave in a full build (answer-writer-28), each with a call it failed. */
const FAILURES: [string, Record<string, unknown>, string][] = [
  ['TravelAPI.book_flight', { travel_from: 'JFK', travel_to: 'LAX' }, 'HTTP 503 Service Unavailable\nRetry-After: 30\n{"error": {"code": 503, "message": "book_flight is temporarily unavailable. Please try again later."}}'],
  ['VehicleControlAPI.fillFuelTank', { fuelAmount: 30 }, 'BrokenPipeError: [Errno 32] Broken pipe while running fillFuelTank: the connection to the controller dropped'],
  ['BINGMap.get_coordinates', { location: 'Manaus, Brazil' }, "ConnectionError: Max retries exceeded with url: /get_coordinates (Caused by NewConnectionError('Failed to establish a new connection: [Errno 111] Connection refused'))"],
  ['PolygonFinance.get_ticker_news', {}, 'HTTP 500 Internal Server Error\n{"error": {"code": 500, "status": "INTERNAL", "message": "Internal error encountered while processing get_ticker_news."}}'],
  ['TradingBot.get_order_details', { order_id: 12446 }, 'HTTP 403 Forbidden\n{"statusCode": 403, "message": "Out of call volume quota for get_order_details. Quota will be replenished in 00:00:59."}'],
  ['Email.show', { only_unread: false }, 'HTTP 429 Too Many Requests\nRetry-After: 14\n{"error": {"code": 429, "status": "RESOURCE_EXHAUSTED", "message": "Quota exceeded for quota metric \'Queries\' and limit \'Queries per minute\' of show. The quota resets in 14 s."}}'],
  ['TicketAPI.close_ticket', { ticket_id: 3 }, 'HTTP 429 Too Many Requests\nRetry-After: 30\n{"error": {"code": 429, "message": "Rate limit exceeded for close_ticket: 60 requests per minute allowed. Retry later."}}'],
  ['TradingBot.place_order', { order_type: 'Buy', amount: 150, symbol: 'NEPT', price: 25.5 }, 'HTTP 403 Forbidden\n{"error": {"code": 403, "status": "PERMISSION_DENIED", "message": "The permission check for place_order could not be completed: the authorization service did not respond. Retry the request."}}'],
  ['GoogleSearch.serper_search', { query: 'quantum computing' }, `{'text': "HTTPSConnectionPool(host='google.serper.dev', port=443): Read timed out. (read timeout=5)"}`],
  ['FilmDouban.coming_out_filter', {}, "('Connection aborted.', ConnectionResetError(104, 'Connection reset by peer'))"],
  ['TravelAPI.compute_exchange_rate', { base_currency: 'RMB', target_currency: 'USD', value: 20000 }, 'ProxyError: Unable to connect to proxy, the tunnel connection for compute_exchange_rate failed: 502 Bad Gateway'],
  ['MathAPI.mean', { numbers: [1, 2] }, 'ConnectionRefusedError: [Errno 111] Connection refused: the local service behind mean is not running'],
  ['GorillaFileSystem.echo', { content: '6500', file_name: 'MeanRevenue.txt' }, 'OSError: [Errno 16] Device or resource busy: echo could not run'],
  ['VehicleControlAPI.pressBrakePedal', { pedalPosition: 1 }, 'PermissionError: [Errno 13] Permission denied while running pressBrakePedal: another process (pid 3164) holds it open; try again once it is closed'],
  ['BINGMap.get_coordinates', { location: 'Hollywood Walk of Fame' }, '429 Client Error: Too Many Requests for get_coordinates (x-ratelimit-remaining: 0, x-ratelimit-reset: 5)'],
  ['GoogleSearch.serper_search', { query: 'tutorials' }, 'HTTP 401 Unauthorized\nWWW-Authenticate: Bearer error="temporarily_unavailable"\nRetry-After: 1\n{"error": "temporarily_unavailable", "error_description": "The token sent with serper_search could not be verified right now; try again shortly."}'],
  ['PPT.save_file', {}, 'save_file failed: device not ready; the controller did not respond'],
  ['TimeTool.get_weekday', {}, 'BrokenPipeError: [Errno 32] Broken pipe: the worker running get_weekday exited before answering'],
  ['VehicleControlAPI.estimate_distance', { cityA: '83214', cityB: '74532' }, 'estimate_distance failed: resource temporarily unavailable (EAGAIN); 15 calls are already running'],
  ['TravelAPI.book_flight', {}, '{"error": {"code": 403, "status": "QUOTA_EXCEEDED", "message": "Daily usage limit for TravelAPI.book_flight exceeded."}}'],
];

const failedOf = ([name, args, error]: (typeof FAILURES)[number]) => ({ name, args, error });

describe('failure answers (answer-writer-28+fail2)', () => {
  // Before: 100% of failure answers named the API in backticks, 50% pasted a raw exception, 81% never
  // said what the failed call was for, 100% asked about a function by name.
  const OLD = [
    '`book_flight` gave an error: HTTP 503 Service Unavailable: "book_flight is temporarily unavailable. Please try again later.", to retry after 30 seconds. How would you like to proceed: another try at `book_flight`, or skip it?',
    'I tried `fillFuelTank`, but it failed with "BrokenPipeError: [Errno 32] Broken pipe while running fillFuelTank: the connection to the controller dropped". Do you want me to retry `fillFuelTank`, or continue without that part?',
    'Unfortunately this could not be completed. My call to `get_coordinates` failed ("ConnectionError: Max retries exceeded with url: /get_coordinates (Caused by NewConnectionError(\'Failed to establish a new connection: [Errno 111] Connection refused\'))"). Should I give `get_coordinates` another go, or leave it for now?',
    'The `get_ticker_news` call did not go through (HTTP 500 Internal Server Error: "Internal error encountered while processing get_ticker_news."). Shall I try `get_ticker_news` again in a moment, or carry on without it?',
  ];

  it('the measures flag the old log-like answers and pass a careful one', () => {
    for (const [i, a] of OLD.entries()) {
      const f = failedOf(FAILURES[i]);
      expect(namesApi(a, [f.name.split('.')[1]]), a).toBeDefined();
      expect(taskUnsaid(a, [f]), a).toBeDefined();
      expect(choiceUnclear(a), a).toBeDefined();
    }
    expect(rawException(OLD[1])).toBe('BrokenPipeError');
    expect(rawException(OLD[2])).toBeDefined();
    expect(choiceUnclear('I can try `mean` once more if you like, or we can skip it. Which do you prefer?')).toBeDefined();
    expect(namesApi('The get_ticker_news call failed. Shall I try again?', ['get_ticker_news'])).toBeDefined();
    const good = "I couldn't book the flight: the service is temporarily unavailable (HTTP 503 Service Unavailable) and asked me to wait 30 seconds before trying again. Shall I try again, or leave the booking for now?";
    const f = failedOf(FAILURES[0]);
    expect(namesApi(good, ['book_flight'])).toBeUndefined();
    expect(rawException(good)).toBeUndefined();
    expect(taskUnsaid(good, [f])).toBeUndefined();
    expect(choiceUnclear(good)).toBeUndefined();
    expect(failureMisreported(good, [f])).toBeUndefined();
    // bfcl_multi_turn_base_131-env-k1: a call named only in common words is told by them.
    const clock = { name: 'TradingBot.get_current_time', args: {}, error: 'Request to get_current_time timed out after 15 seconds' };
    expect(taskUnsaid("I couldn't get the current time: the request timed out after 15 seconds. Shall I try again in a moment, or carry on without it?", [clock])).toBeUndefined();
    expect(taskUnsaid('That did not go through: the request timed out after 15 seconds. Shall I try again in a moment, or carry on without it?', [clock])).toBeDefined();
    // teval_query_98_2-env-k2 on m32: "arXiv" is the word the user reads, not "ar" and "xiv".
    const arxiv = { name: 'ArxivSearch.get_arxiv_article_information', args: { query: 'recent advancements in artificial intelligence' }, error: 'ReadTimeout: the request to get_arxiv_article_information timed out (read timeout=5)' };
    expect(taskUnsaid('The request timed out after 5 seconds, so I couldn\'t search arXiv for "recent advancements in artificial intelligence". Shall I try again, or set it aside?', [arxiv])).toBeUndefined();
    expect(taskUnsaid('The request timed out after 5 seconds, so that did not go through. Shall I try again, or set it aside?', [arxiv])).toBeDefined();
    // Honesty: a timeout told as a server error, or the wait dropped, is flagged.
    expect(failureMisreported("I couldn't book the flight: the service ran into an internal error (HTTP 503). Shall I try again, or leave it?", [f])).toMatch(/server_error told as|wait of 30/);
    expect(failureMisreported("I couldn't book the flight: the service is temporarily unavailable (HTTP 503). Shall I try again, or leave it?", [f])).toMatch(/wait of 30/);
    // teval_query_224_2-env-k3 on h-solv28's b3: a film's popularity 4575.403 and a paper's quoted summary are no 403, no access denied.
    const reset = { name: 'GaodeMap.get_coordinate', args: { address: '洛杉矶, 加利福尼亚' }, error: "ConnectionError: ('Connection aborted.', ConnectionResetError(104, 'Connection reset by peer')) while calling get_coordinate" };
    const told = 'Searching arXiv and getting the top-rated movies came through; getting the coordinate did not. I came across 2 films: "The Godfather", rated 8.7, with a popularity of 1576.114; and "The Shawshank Redemption", rated 8.7, with a popularity of 4575.403. The summary reads "access denied to the archive". After that, I tried to get the coordinate, but the connection was reset by the server (connection reset by peer). Shall I retry?';
    expect(failureMisreported(told, [reset])).toBeUndefined();
    expect(failureMisreported(told.replace('the connection was reset by the server (connection reset by peer)', 'access was denied (HTTP 403)'), [reset])).toMatch(/connection_error told as permission_denied/);
  });

  it('tells every failure by its task and cause, keeping its kind, status and wait, and names no function', () => {
    const frames = new Map<string, number>();
    let n = 0;
    for (const [i, failure] of FAILURES.entries()) {
      for (let seed = 0; seed < 8; seed++) {
        const [name, args, error] = failure;
        const steps = [
          ...(seed % 2 ? [{ name: 'TradingBot.get_stock_info', args: { symbol: 'AAPL' }, response: '{"price": 227.16}' }] : []),
          { name, args, response: error, error },
        ];
        const a = offlineAnswer({ request: 'x', steps }, new Rng(seed * 31 + i, 'fail'));
        const f = failedOf(failure);
        expect(namesApi(a, [name.split('.')[1]]), a).toBeUndefined();
        expect(rawException(a), a).toBeUndefined();
        expect(taskUnsaid(a, [f]), a).toBeUndefined();
        expect(choiceUnclear(a, [name.split('.')[1]]), a).toBeUndefined();
        expect(failureMisreported(a, [f]), a).toBeUndefined();
        expect(a.trim().endsWith('?'), a).toBe(true);
        n++;
        for (const fr of new Set(failurePart(a).map(failureFrame).filter((x) => x.split(/\s+/).length >= 4))) frames.set(fr, (frames.get(fr) ?? 0) + 1);
      }
    }
    // No one frame carries the failures (answer_failure_frame_top_share ≤ 0.12 on a full build).
    expect(Math.max(...frames.values()) / n).toBeLessThan(0.15);
  });

  it('says the task in the user\'s words and the cause without changing its kind', () => {
    expect(taskOf({ name: 'TravelAPI.book_flight', args: {} })).toBe('book the flight');
    expect(taskOf({ name: 'VehicleControlAPI.fillFuelTank', args: { fuelAmount: 30 } })).toBe('fill the fuel tank');
    expect(taskOf({ name: 'BINGMap.get_coordinates', args: { location: 'Manaus' } })).toBe('get the coordinates for "Manaus"');
    expect(taskOf({ name: 'TradingBot.cancel_order', args: { order_id: 12446 } })).toBe('cancel order 12446');
    // The plan's dates may be ones the request never gave (teval_query_231_2): "over those dates" would point at nothing.
    expect(taskOf({ name: 'PolygonFinance.aggregate_stock_with_time', args: { ticker: 'MSFT', from: '2023-10-01', to: '2023-10-18', multiplier: 1, timespan: 'day' } })).toBe('get the stock bars for "MSFT"');
    expect(taskOf({ name: 'TradingBot.add_to_watchlist', args: { stock: 'QUAS' } })).toBe('add "QUAS" to the watchlist');
    // Not "get the movie reviews for the movie" or "listing the all airports" (rread9 on m20: 29 closings).
    expect(shortTask(taskOf({ name: 'FilmTMDB.get_movie_reviews', args: { movie_id: 27205 } }))).toBe('get the reviews of the movie');
    expect(shortTask(taskOf({ name: 'FilmTMDB.get_similar_movies', args: { movie_id: 27205 } }))).toBe('find films similar to the movie');
    expect(taskOf({ name: 'TravelAPI.list_all_airports', args: {} })).toBe('list the airports');
    for (const [name, , error] of FAILURES) {
      const cause = causeOf(error, name.split('.')[1]);
      expect(classifyEnvironmentMessage(cause)?.kind, `${error} -> ${cause}`).toBe(classifyEnvironmentMessage(error)?.kind);
      expect(cause).not.toContain(name.split('.')[1]);
    }
  });
});

describe('after the turn stopped at a failure (answer-writer-48)', () => {
  // bfcl_multi_turn_base_198-env-k2 on 494cdd3: the request plans five steps (cost, book, cancel,
  // sign in, tweet); the booking failed and the other three wait on it.
  const request = 'How much is a first-class flight from SFO to LAX? Book it, then cancel it, and tweet that my plans changed.';
  const steps = [
    { name: 'TravelAPI.get_flight_cost', args: { travel_from: 'SFO', travel_to: 'LAX', travel_class: 'first' }, response: '{"travel_cost_list": [2000.0]}' },
    { name: 'TravelAPI.book_flight', args: { travel_from: 'SFO', travel_to: 'LAX' }, response: FAILURES[0][2], error: FAILURES[0][2] },
  ];
  // Only the cancellation takes what the booking was to give; signing in and tweeting wait on nothing of it.
  const waiting = [
    { name: 'TravelAPI.cancel_booking', args: { booking_id: 'unknown' }, needsFailed: true },
    { name: 'TwitterAPI.authenticate_twitter', args: { username: 'u', password: 'p' } },
    { name: 'TwitterAPI.post_tweet', args: { content: 'Plans changed' } },
  ];

  it('the measures flag the old question and count, and pass the new ones', () => {
    const turn = (answer: string) => ({ answer, calls: steps.map((s) => ({ response: s.response })) });
    expect(offersGoingOn(turn("I couldn't book the flight: it timed out. Shall I try booking the flight again in a moment, or carry on without it?"))).toBeDefined();
    expect(offersGoingOn(turn("I couldn't book the flight: it timed out. Should I give booking the flight another go, or skip it?"))).toBeDefined();
    expect(offersGoingOn(turn("I couldn't book the flight: it timed out. Should I give booking the flight another go, or stop here?"))).toBeUndefined();
    // A turn that went on past its failure may well leave it: not in the population.
    expect(offersGoingOn({ answer: 'Shall I retry it, or carry on without it?', calls: [{ response: FAILURES[0][2] }, { response: '{"ok": true}' }] })).toBeUndefined();

    const tc = (answer: string) =>
      ({
        trajectoryId: 't',
        messages: [{ role: 'system', content: 's' }, { role: 'user', content: request }],
        groundTruth: [{ name: 'TravelAPI.book_flight', args: {} }, { name: 'FinishAction', args: answer }],
      }) as unknown as TestCase;
    const ctx = { trajectory: () => ({ turns: [{ steps: [...steps, ...waiting].map((s) => ({ action: { name: s.name, args: s.args } })) }] }), baseCase: () => undefined } as unknown as QualityContext;
    expect(answerStepCountFalse.check(tc('I got through one of the two steps. The flight costs 2000 USD.'), ctx)).toMatch(/plans 5 steps/);
    expect(answerStepCountFalse.check(tc('I got through one of the five steps. The flight costs 2000 USD.'), ctx)).toBeNull();
    expect(answerStepCountFalse.check(tc('The flight costs 2000 USD.'), ctx)).toBeUndefined();
  });

  it('counts the waiting steps, says they wait on the failure, and offers to stop, never to go on', () => {
    const calls = steps.map((s) => ({ response: s.response }));
    let told = 0;
    for (let seed = 0; seed < 60; seed++) {
      const a = offlineAnswer({ request, steps, waiting }, new Rng(seed, 'waiting'));
      expect(offersGoingOn({ answer: a, calls }), a).toBeUndefined();
      expect(choiceUnclear(a), a).toBeUndefined();
      const count = /\b(\w+) of the (\w+) steps\b/.exec(a);
      if (count) expect(count[2], a).toBe('five');
      // The steps still to come are named as waiting on it (or the rest of the request, past three); after a finding,
      // on the failed step by name ("waits on booking the flight", answer-writer-143).
      if (/needs? it first|waits? on (?:it|[a-z]+ing)\b|can't go on to/.test(a)) told++;
      expect(nestedUnphrased(a), a).toBeUndefined();
      expect(a, a).toMatch(/cancel/i);
      // The steps that need nothing of the booking are never said to wait on it.
      expect(a, a).not.toMatch(/(?:Twitter|tweet)[^.?]*(?:needs? it first|waits? on (?:it|[a-z]+ing)\b)|can't go on to[^.?]*(?:Twitter|tweet)/i);
    }
    expect(told).toBe(60);
    // The opener names as not done only the step tried and failed, never one still waiting (answer_opener_untried,
    // answer-writer-68), and any count it gives is out of the whole request.
    const openers = Array.from({ length: 40 }, (_, i) => partialOpener(steps, new Rng(i, 'opener'), waiting)).filter(Boolean);
    expect(openers.length).toBeGreaterThan(0);
    expect(openers.every((o) => !/of the two steps/.test(o))).toBe(true);
    expect(openers.every((o) => !/cancel|tweet|Twitter/i.test(o)), openers.join(' | ')).toBe(true);
    // Waiting steps none of which needs the failed one: counted and said to be still to do, never to wait on it.
    const unrelated = offlineAnswer({ request, steps, waiting: waiting.map((w) => ({ name: w.name, args: w.args })) }, new Rng(5, 'waiting'));
    expect(unrelated).not.toMatch(/needs? it first|waits? on|can't go on to|depends on/);
    expect(unrelated).toMatch(/still to do/i);
    // Without waiting steps, nothing is said of them.
    const alone = offlineAnswer({ request, steps }, new Rng(3, 'waiting'));
    expect(alone).not.toMatch(/needs? it first|waits? on|can't go on to/);
    expect(offersGoingOn({ answer: alone, calls })).toBeUndefined();
  });

  it('a task shortened for the question keeps its own noun ("reserve the meeting room", not "the meeting the room")', () => {
    expect(shortTask('reserve the meeting room "101"')).toBe('reserve the meeting room');
    expect(shortTask('cancel order 12446')).toBe('cancel the order');
  });
});

describe('every failure the simulator words is told in words (answer-writer-49)', () => {
  // teval_query_356_1-env-k3 on a merged build: "get_curr_time failed: access denied (EACCES) while the
  // privilege check was pending: …" was quoted whole, errno and all, as no rule read it.
  it('no simulated wording reaches the user raw, misreported or without its task', () => {
    const seen = new Set<string>();
    for (const kind of ENVIRONMENT_ERROR_KINDS)
      for (const [api, locality, computation] of [['TimeTool.get_curr_time', 'local', true], ['VehicleControlAPI.startEngine', 'local', false], ['BINGMap.get_route', 'remote', false], ['GaodeMap.get_coordinate', 'remote', false]] as const)
        // env-wording-9 (h-env24): a local tool is never drawn a permission fault (LOCAL_KINDS), so none is worded for one.
        for (let seed = 0; seed < 40 && (locality === 'remote' || LOCAL_KINDS.includes(kind)); seed++) {
          const message = environmentMessage(kind, api, new Rng(seed, 'wording'), locality, computation);
          if (seen.has(message.replace(/\d+/g, 'N'))) continue;
          seen.add(message.replace(/\d+/g, 'N'));
          const steps = [{ name: api, args: {}, response: message, error: message }];
          const answer = offlineAnswer({ request: 'Please do this.', steps }, new Rng(seed, 'told'));
          const failed = [{ name: api, args: {}, error: message }];
          expect(rawException(answer), `${message} -> ${answer}`).toBeUndefined();
          expect(failureMisreported(answer, failed), `${message} -> ${answer}`).toBeUndefined();
          expect(taskUnsaid(answer, failed), `${message} -> ${answer}`).toBeUndefined();
        }
    expect(seen.size).toBeGreaterThan(40);
  });
});

describe('answer_failure_blames_unrelated', () => {
  it('reads a claim naming a step that waits as that step\'s, though a later one shares a word with it (teval_query_51_1-env-k1)', async () => {
    const { answerFailureBlamesUnrelated } = await import('../../pipeline/quality/measures/failureAnswers.js');
    const steps = [
      { name: 'ReserveMeeting.get_empty_room_with_time', args: { start_time: '14:00', end_time: '16:00' }, response: { content: "{'rooms': ['101']}", tier: 'simulated' } },
      { name: 'ReserveMeeting.reserve', args: { room_id: '101', start_time: '14:00', end_time: '16:00' }, response: { content: "{'state': 'ok'}", tier: 'simulated' } },
      { name: 'ReserveMeeting.get_room_status', args: {}, response: { content: "{'rooms': []}", tier: 'simulated' } },
    ];
    const user = 'Can you find any available rooms between 14:00 and 16:00? If room 101 is available, please reserve it. After the reservation, could you provide me with the current booking status of all the rooms?';
    const ctx = { trajectory: () => ({ turns: [{ user, steps: steps.map((s) => ({ action: { name: s.name, args: s.args }, response: s.response })) }] }), baseCase: () => undefined } as unknown as QualityContext;
    const tc = (answer: string) => ({ kind: 'external', k: 1, trajectoryId: 't', groundTruth: [{ name: steps[0].name, args: steps[0].args }, { name: 'FinishAction', args: answer }] }) as unknown as TestCase;
    expect(answerFailureBlamesUnrelated.check(tc("There was a problem with finding an empty meeting room. Without it I can't go on to reserve the meeting room. Still to do: getting the room status."), ctx)).toBeNull();
    expect(answerFailureBlamesUnrelated.check(tc("There was a problem with finding an empty meeting room. Getting the room status needs it first."), ctx)).toMatch(/get_room_status takes nothing/);
  });
});

describe("a waiting task keeps its thing's article and never counts a preposition (teval_query_1_0-env-k1)", () => {
  // Ids nothing shown gives are marked (failureSentences.ts markUnshown), counted by the values they stand for.
  const U = '¤¤';
  const three = (name: string, key: string, extra: Record<string, string> = {}) => [1, 2, 3].map((i) => ({ name, args: { ...extra, [key]: `${U}${key}` }, counted: { [key]: i } }));

  it('says Airbnb look-ups as the movie ones, and the three searches near three listings by what they are near', () => {
    expect(taskOf({ name: 'AirbnbSearch.get_property_reviews', args: { propertyId: 36339325 } })).toBe('get the reviews of property 36339325');
    expect(taskOf({ name: 'AirbnbSearch.search_property_by_place', args: { place: 'Tokyo' } })).toBe('search for properties in "Tokyo"');
    expect(tasksCounted(three('AirbnbSearch.get_property_details', 'propertyId'), shortTask)).toEqual(['get the details of the three properties']);
    expect(tasksCounted(three('AirbnbSearch.get_property_reviews', 'propertyId'), (t) => gerund(shortTask(t)))).toEqual(['getting the reviews of the three properties']);
    expect(tasksCounted(three('BINGMap.search_nearby', 'places', { search_term: 'restaurant' }), shortTask)).toEqual(['search for "restaurant" near the three places']);
  });

  it('the measure finds the bare thing and the counted preposition, and passes the repaired wording', () => {
    expect(taskNounBare('Without it I can\'t go on to get the details of property, get the property reviews for property and search for "restaurant" the three nears.')).toBe('of property');
    expect(taskNounBare('Without it I can\'t go on to search for "restaurant" the three nears.')).toBe('the three nears');
    expect(taskNounBare('Without it I can\'t go on to get the details of the three properties and search for "restaurant" near the three places.')).toBeUndefined();
    expect(taskNounBare('I got the reviews of property 36339325.')).toBeUndefined();
  });
});
