import { describe, expect, it } from 'vitest';
import { answerWriterRole, offlineAnswer } from '../../stages/resolve/answerWriter.js';
import { Rng } from '../../pipeline/rng.js';
import { isTruncated } from '../../pipeline/quality/text.js';
import { answerFailureNoNextStep, unphrasedField, withheldFields } from '../../pipeline/quality/measures/text.js';

describe('answer-writer offline rules', () => {
  it('restates what each call returned, whole, reading JSON and Python literals, and nothing else', () => {
    const answer = offlineAnswer(
      {
        request: 'Move the report and show me the summary.',
        steps: [
          { name: 'GorillaFileSystem.mv', args: { source: 'a', destination: 'b' }, response: '{"result": "a moved to b"}' },
          { name: 'TimeTool.get_curr_time', args: {}, response: "{'time': '2023-10-19 20:53', 'zone': None}" },
          { name: 'GorillaFileSystem.ls', args: {}, response: '{"current_directory_content": ["a.txt", "b", "notes.md"]}' },
          { name: 'Weather.get_weather_today', args: { location: 'Oslo' }, response: '{"error": "quota"}', error: 'Monthly quota exceeded for Weather.get_weather_today' },
        ],
      },
      new Rng(1, 'test'),
    );
    for (const fact of ['"a moved to b"', 'the time is "2023-10-19 20:53"', 'the zone is null', '"a.txt", "b" and "notes.md"', '"Monthly quota exceeded for Weather.get_weather_today"']) expect(answer).toContain(fact);
    expect(answer).not.toMatch(/^(Done|All set|Here are the results|I have finished)/);
  });

  // 6.1% (91/1,502) of closing answers before answer-writer-11: "the created by is", "the cited by is", "the success is true".
  it('reads a field named as a phrase as that phrase, and a success flag as what happened', () => {
    for (let seed = 0; seed < 10; seed++) {
      const answer = offlineAnswer(
        {
          request: 'Log in and open a ticket, then find papers on solar power.',
          steps: [
            { name: 'TicketAPI.ticket_login', args: {}, response: '{"success": true}' },
            { name: 'TicketAPI.create_ticket', args: {}, response: '{"id": 2, "title": "emergency", "created_by": "tech_guru"}' },
            { name: 'GoogleScholar.search_google_scholar', args: {}, response: '{"title": ["A", "B", "C"], "cited_by": [5854, 12360, 4942]}' },
            { name: 'TravelAPI.authenticate_travel', args: {}, response: '{"expires_in": 2, "checkIn": "2023-10-20"}' },
            { name: 'MessageAPI.message_login', args: {}, response: '{"login_status": false, "success": false}' },
          ],
        },
        new Rng(seed, 'phrase'),
      );
      expect(unphrasedField(answer), answer).toBeUndefined();
      for (const fact of ['logged in', 'created by "tech_guru"', 'cited by 5854, 12360 and 4942', 'expires in 2', 'it did not succeed']) expect(answer).toContain(fact);
      expect(answer).toContain('the check in is "2023-10-20"');
    }
    // The measure over what the writer used to write.
    expect(unphrasedField('`get_ticket` says the id is 1, the created by is "Michael Thompson".')).toBe('the created by is');
    expect(unphrasedField('According to `ticket_login`, the success is true.')).toBe('the success is true');
    expect(unphrasedField('the check in is "2023-10-20" and the number of rooms is 2.')).toBeUndefined();
  });

  // 5.5% (82/1,502) before answer-writer-12: "`get_movie_details` reports that 8 fields (id, genres, …)".
  it('states a record\'s values, a nested one\'s too, and sums up only past ten fields', () => {
    const details = JSON.stringify({ id: 299534, title: 'Avengers: Endgame', genres: ['Action', 'Drama'], release_date: '2019-04-24', runtime: 181, overview: 'After the devastating events…', vote_average: 8.3, popularity: 5968 });
    const invoice = JSON.stringify({ invoice: { booking_id: '3426812', travel_date: '2024-12-15', travel_from: 'JFK', travel_to: 'LAX', travel_class: 'economy', travel_cost: 1020.0, transaction_id: '45451592' } });
    const wide = JSON.stringify(Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`field_${i}`, i])));
    const search = JSON.stringify({ content: { searchParameters: { q: 'nutrition', type: 'search', engine: 'google' }, organic: [{ title: 'a' }, { title: 'b' }] } });
    for (let seed = 0; seed < 10; seed++) {
      const answer = offlineAnswer({ request: 'x', steps: [{ name: 'FilmTMDB.get_movie_details', args: {}, response: details }, { name: 'TravelAPI.retrieve_invoice', args: {}, response: invoice }, { name: 'X.wide', args: {}, response: wide }, { name: 'GoogleSearch.serper_search', args: {}, response: search }] }, new Rng(seed, 'fields'));
      expect(withheldFields(answer), answer).toBeUndefined();
      for (const fact of ['the runtime is 181', 'the release date is "2019-04-24"', 'the invoice has booking id "3426812"', 'travel cost 1020', 'the field 9 is 9', '2 more fields (field 10 and field 11)', 'search parameters (q "nutrition", type "search" and engine "google")']) expect(answer).toContain(fact);
    }
    expect(withheldFields('`get_movie_details` reports that 8 fields (id, genres, release date, runtime, overview, title, vote average and popularity).')).toMatch(/^8 fields \(/);
    expect(withheldFields('the invoice is {7 fields (booking id, travel date)}.')).toBeDefined();
  });

  // 100% (488/488) before answer-writer-13: a failure reported and nothing asked, where CRITICTOOL's
  // protocol says "report the error to the user and ask the user for next action".
  it('after a failure asks the user what to do next, fitted to what failed', () => {
    const fail = (error: string) => offlineAnswer({ request: 'x', steps: [{ name: 'R.get_room_status', args: {}, response: '', error }] }, new Rng(4, 'fail'));
    const limit = fail('HTTP 429 Too Many Requests: rate limit exceeded for R.get_room_status');
    expect(limit).toMatch(/limit resets|retry `get_room_status` later|limit should reset/);
    const denied = fail('PermissionError: [Errno 13] Permission denied while running R.get_room_status');
    expect(denied).toMatch(/access|permissions/);
    const timeout = fail('Request to R.get_room_status timed out after 15 seconds');
    expect(timeout).toMatch(/again|another go|retry|once more/);
    for (const a of [limit, denied, timeout]) {
      expect(a.trim().endsWith('?'), a).toBe(true);
      expect(answerFailureNoNextStep.check({ messages: [], groundTruth: { name: 'FinishAction', args: a } } as never, {} as never)).toBeNull();
    }
    const ok = offlineAnswer({ request: 'x', steps: [{ name: 'R.get_room_status', args: {}, response: '{"rooms": ["101"]}' }] }, new Rng(4, 'ok'));
    expect(ok).not.toContain('?');
    expect(answerFailureNoNextStep.check({ messages: [], groundTruth: { name: 'FinishAction', args: 'This did not work. The `touch` call did not go through ("OSError").' } } as never, {} as never)).toMatch(/did not go through/);
  });

  it('counts records in the noun of what they are and names them; a list answer is what came back', () => {
    const nearby = (n: number) => JSON.stringify({ places: Array.from({ length: n }, (_, i) => ({ name: `Sushi Place ${i + 1}`, address: `${i + 1} Main St` })) });
    for (let seed = 0; seed < 10; seed++) {
      const one = offlineAnswer({ request: 'x', steps: [{ name: 'BINGMap.search_nearby', args: {}, response: nearby(1) }] }, new Rng(seed, 'one'));
      expect(one).toContain('there is 1 place: "Sushi Place 1"');
      expect(one).not.toMatch(/are 1 entry|1 entries/);
      const five = offlineAnswer({ request: 'x', steps: [{ name: 'BINGMap.search_nearby', args: {}, response: nearby(5) }] }, new Rng(seed, 'five'));
      expect(five).toContain('there are 5 places, among them "Sushi Place 1", "Sushi Place 2" and "Sushi Place 3"');
      const airports = offlineAnswer({ request: 'x', steps: [{ name: 'TravelAPI.list_all_airports', args: {}, response: JSON.stringify(Array.from({ length: 23 }, (_, i) => `A${i}`)) }] }, new Rng(seed, 'list'));
      expect(airports).toMatch(/23 items, the first three being "A0", "A1" and "A2"/);
      expect(airports).not.toMatch(/the result is 23 items/);
    }
  });

  it('reports an HTTP failure by its status and message, not its raw text; a one-item list as its item', () => {
    const error = 'HTTP 429 Too Many Requests\nRetry-After: 60\n{"error": {"code": 429, "message": "Rate limit exceeded for R.get_room_status: 100 requests per minute allowed."}}';
    const answer = offlineAnswer({ request: 'x', steps: [{ name: 'R.get_room_status', args: {}, response: '', error }] }, new Rng(3, 'http'));
    expect(answer).toContain('HTTP 429 Too Many Requests: "Rate limit exceeded for R.get_room_status: 100 requests per minute allowed.", to retry after 60 seconds');
    expect(answer).not.toContain('\\"');
    const quota = '{"error": {"code": 403, "status": "QUOTA_EXCEEDED", "message": "Daily usage limit for TravelAPI.book_flight exceeded."}}';
    const q = offlineAnswer({ request: 'x', steps: [{ name: 'TravelAPI.book_flight', args: {}, response: '', error: quota }] }, new Rng(3, 'quota'));
    expect(q).toContain('403 QUOTA_EXCEEDED: "Daily usage limit for TravelAPI.book_flight exceeded."');
    expect(q).not.toContain('\\"');
    expect(offlineAnswer({ request: 'x', steps: [{ name: 'R.get_empty_room_with_time', args: {}, response: "{'rooms': [103]}" }] }, new Rng(1, 'one'))).toContain('the only room is 103');
    const captured = offlineAnswer({ request: 'x', steps: [{ name: 'S.get_ticker_detail', args: {}, response: '', error: `{'text': "('Connection aborted.', ConnectionResetError(104, 'Connection reset by peer'))"}` }] }, new Rng(1, 'cap'));
    expect(captured).toContain(`"('Connection aborted.', ConnectionResetError(104, 'Connection reset by peer'))"`);
    expect(captured).not.toContain("{'text'");
  });

  it('says an empty record is empty', () => {
    const answer = offlineAnswer({ request: 'x', steps: [{ name: 'TravelAPI.book_flight', args: {}, response: '{"booking_id": "3426812", "booking_history": {}}' }] }, new Rng(1, 'empty'));
    expect(answer).toContain('there is no booking history');
    expect(answer).not.toContain('{no fields}');
  });

  it('tells calls of one API apart by the argument that differs', () => {
    const steps = [25433, 99120].map((id) => ({ name: 'AirbnbSearch.check_availability', args: { id, start_date: '2024-05-01' }, response: '{"availability": true}' }));
    const answer = offlineAnswer({ request: 'x', steps }, new Rng(2, 'same'));
    expect(answer).toContain('`check_availability` for id 25433');
    expect(answer).toContain('`check_availability` for id 99120');
    expect(answer).not.toContain('for start date');
  });

  it('never opens as a success when a call failed, and never as a failure when all worked', () => {
    const step = (error?: string) => ({ name: 'Weather.get_weather_today', args: { location: 'Oslo' }, response: '{"overall": "Sunny"}', ...(error ? { error } : {}) });
    for (let seed = 0; seed < 40; seed++) {
      const ok = offlineAnswer({ request: 'x', steps: [step()] }, new Rng(seed, 'ok'));
      expect(ok).toContain('the overall is "Sunny"');
      expect(ok).not.toMatch(/not|fail|could not|Unfortunately/i);
      const bad = offlineAnswer({ request: 'x', steps: [step('429 Too Many Requests')] }, new Rng(seed, 'bad'));
      expect(bad).toContain('"429 Too Many Requests"');
      expect(bad).not.toMatch(/All set|taken care|Here are the results|I have finished|Here is what I found/);
    }
  });

  it('is never cut: long values are counted and described whole, with no ellipsis', () => {
    expect(['No tool call was needed for this request.', 'This needed no tool call.', 'There was nothing to look up or change for this.']).toContain(offlineAnswer({ request: 'Hi', steps: [] }));
    const long = offlineAnswer({
      request: 'x',
      steps: Array.from({ length: 20 }, (_, i) => ({ name: `A.api${i}`, args: {}, response: JSON.stringify({ text: `This is a long text number ${i}. ` + 'y '.repeat(200), items: Array.from({ length: 30 }, (_, j) => j) }) })),
    });
    expect(isTruncated(long)).toBe(false);
    expect(long).toContain('the text runs to 207 words and opens with "This is a long text number 19."');
    expect(long).toContain('30 items, the first three being 0, 1 and 2');
    // The measure itself: a cut answer is caught.
    expect(isTruncated('`ls` says the content is "a.txt", "b"…')).toBe(true);
  });

  it('prompts a model with the request and every call with its result', () => {
    const [system, user] = answerWriterRole.template.render({ request: 'Weather in Oslo?', steps: [{ name: 'Weather.get_weather_today', args: { location: 'Oslo' }, response: '{"overall": "Sunny"}' }] });
    expect(system.content).toContain('Use only what the tool results below say');
    expect(user.content).toBe('User request:\nWeather in Oslo?\n\nTool calls and results, in order:\n1. Weather.get_weather_today({"location":"Oslo"})\n   -> {"overall": "Sunny"}');
  });
});

describe('closing answers say what was done and found in words that fit each field', () => {
  it('answer_field_unphrased flags fields read as nouns, dumped values and look-up verbs for calls that changed state', () => {
    const bad = [
      'From `liter_to_gallon`: the gallon is 3.96258.',
      '`check_tire_pressure` says the healthy tire pressure is true and the car info is empty.',
      'Per `get_available_stocks`, the stock list is a list of 4: "AAPL", "GOOG", "MSFT" and "NVDA".',
      '`get_flight_cost` reports that the travel cost list is just 10000.',
      'I checked with `send`: the state is "Send completed successfully."',
      'As for `print_detail`, the description is a 349-character text that opens with "A film."',
    ];
    for (const a of bad) expect(unphrasedField(a), a).toBeDefined();
    expect(unphrasedField('I looked this up with `cancel_booking`, and it went through.', ['TravelAPI.cancel_booking'])).toBeDefined();
    expect(unphrasedField('I looked this up with `get_flight_cost`, and the flight costs 220.', ['TravelAPI.get_flight_cost'])).toBeUndefined();
    expect(unphrasedField('I cancelled the booking with `cancel_booking`. That is 3.96258 gallons, and the tire pressure is healthy.')).toBeUndefined();
  });

  it('the writer reports an action as done and each field in words (20 seeds)', () => {
    for (let seed = 0; seed < 20; seed++) {
      const rng = new Rng(seed, 'done');
      const a = offlineAnswer(
        {
          request: 'x',
          steps: [
            { name: 'TravelAPI.cancel_booking', args: { booking_id: '3426812' }, response: '{"cancel_status": true}' },
            { name: 'TravelAPI.get_flight_cost', args: {}, response: '{"travel_cost_list": [10000.0]}' },
            { name: 'VehicleControlAPI.check_tire_pressure', args: {}, response: '{"healthy_tire_pressure": true, "car_info": {}}' },
            { name: 'VehicleControlAPI.liter_to_gallon', args: {}, response: '{"gallon": 3.96258}' },
            { name: 'Email.send', args: {}, response: "{'state': 'Send completed successfully.'}" },
            { name: 'TradingBot.add_to_watchlist', args: { stock: 'NVDA' }, response: '{"watchlist": ["NVDA", "AMZN"]}' },
          ],
        },
        rng,
      );
      expect(unphrasedField(a, ['TravelAPI.cancel_booking', 'Email.send', 'TradingBot.add_to_watchlist']), a).toBeUndefined();
      for (const fact of ['cancelled the booking', 'the flight costs 10000', 'the tire pressure is healthy', 'there is no car info', 'that is 3.96258 gallons', 'sent the email', 'added "NVDA" to the watchlist', 'the watchlist has "NVDA" and "AMZN"']) expect(a, a).toContain(fact);
    }
  });
});
