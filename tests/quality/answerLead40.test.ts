// Answer-writer 150–151 (lead40): a nearby search said short keeps what it searches for.
import { describe, expect, it } from 'vitest';
import { gerund, partialOpener, shortTask, taskOf } from '../../stages/resolve/failureSentences.js';
import { deedAgainstVerdict, frameTwiceInRow, listingAfterUse, searchTermTwice, recordByUnshownId, recordLabelFrame, searchToldBare, stateToldEachStep } from '../../pipeline/quality/measures/answerCraft.js';
import { offlineAnswer, pairsJoined } from '../../stages/resolve/answerWriter.js';
import { Rng } from '../../pipeline/rng.js';

const nearby = (term: string) => ({ name: 'BINGMap.search_nearby', args: { latitude: 34.05, longitude: -118.24, radius: 5000, search_term: term } });

describe('answer_search_told_bare', () => {
  it('flags "search nearby" and "searching nearby", never a search said with what it seeks', () => {
    // teval_query_297_0-env-k1 and 285_1-env-k4 on lead40 m3.
    expect(searchToldBare('Without it I can\'t go on to search nearby.')).toBe('search nearby');
    expect(searchToldBare('Getting the coordinates and searching nearby worked, but …')).toBe('searching nearby');
    expect(searchToldBare('Without it I can\'t go on to search for "movie theater" nearby.')).toBeUndefined();
    expect(searchToldBare('The user wrote "search nearby" in the note.')).toBeUndefined();
  });
  it('shortTask keeps the term of a nearby search, and gerund reads it', () => {
    expect(shortTask(taskOf(nearby('movie theater')))).toBe('search for "movie theater" nearby');
    expect(gerund(shortTask(taskOf({ name: 'BINGMap.search_nearby', args: { search_term: 'gas station', radius: 500 } })))).toBe('searching for "gas station" nearby');
    // A search near a place keeps its place (tasksCounted counts by it: "near the three places").
    expect(shortTask(taskOf({ name: 'GaodeMap.search_nearby', args: { keywords: 'restaurant', location: '116.4,39.9' } }))).toBe('search for "restaurant" near "116.4,39.9"');
    // Searches of other kinds keep their short forms.
    expect(shortTask(taskOf({ name: 'GoogleScholar.search_google_scholar', args: { query: 'quantum computing' } }))).toBe('search Google Scholar');
  });
  it('an opener names two nearby searches done as one, with both terms', () => {
    const steps = [
      { name: 'BINGMap.get_coordinates', args: { location: '500 Ocean Avenue' }, response: '{"latitude": 37.7, "longitude": -122.4}' },
      { ...nearby('school'), response: "{'places': [{'name': 'A School', 'address': '1 Main St'}]}" },
      { ...nearby('supermarket'), response: "{'places': [{'name': 'B Market', 'address': '2 Main St'}]}" },
      { name: 'FilmDouban.now_playing_out_filter', args: {}, response: 'HTTP 502 Bad Gateway', error: 'HTTP 502 Bad Gateway' },
    ];
    const openers = Array.from({ length: 30 }, (_, i) => partialOpener(steps, new Rng(i, 'opener'))).filter(Boolean);
    expect(openers.length).toBeGreaterThan(0);
    for (const o of openers) {
      expect(searchToldBare(o), o).toBeUndefined();
      if (/school/.test(o)) expect(o).toMatch(/searching for "school" and "supermarket" nearby/);
    }
  });
  it('a failed look-up before a nearby search says the search is waiting by what it seeks', () => {
    const request = 'Give me the coordinates of Los Angeles, California, then find movie theaters within 5 kilometers of them.';
    const steps = [{ name: 'BINGMap.get_coordinates', args: { location: 'Los Angeles, California' }, response: 'ConnectionError: connection refused', error: 'ConnectionError: connection refused' }];
    for (let seed = 1; seed <= 20; seed++) {
      const a = offlineAnswer({ request, steps, waiting: [nearby('movie theater')] }, new Rng(seed, 'nearby'));
      expect(searchToldBare(a), a).toBeUndefined();
      expect(a).toMatch(/"movie theater"/);
    }
  });
});

describe('answer_record_label_frame (answer-writer 152–154)', () => {
  const details = "{'results': {'address': {'address1': 'ONE APPLE PARK WAY', 'city': 'CUPERTINO', 'state': 'CA', 'postal_code': '95014'}, 'description': \"Apple designs a wide variety of consumer electronic devices, including smartphones (iPhone), tablets (iPad), PCs (Mac), smartwatches (Apple Watch), and AirPods, among others. In addition, Apple offers its customers a variety of services.\", 'list_date': '1980-12-12', 'homepage_url': 'https://www.apple.com', 'name': 'Apple Inc.'}}";
  it('flags a record under a label or its long text inside its fields', () => {
    // teval_query_352_0-control-k5 and 335_0-env-k4 on lead40 m5.
    expect(recordLabelFrame('Apple Inc. trades under the symbol AAPL. For AAPL: Apple Inc. is at One Apple Park Way.')).toBe('. For AAPL:');
    expect(recordLabelFrame('Ticker detail: "Apple Inc." is at One Apple Park Way.')).toBe('Ticker detail:');
    expect(recordLabelFrame('Apple Inc. is at One Apple Park Way, described in a longer text opening "Apple designs …", listed on 12 December 1980.')).toMatch(/described in a longer text/);
    expect(recordLabelFrame('For "The Godfather", the genres are "Drama" and "Crime".')).toBeUndefined();
    expect(recordLabelFrame('Apple Inc. is at One Apple Park Way; it is listed on 12 December 1980. Its description opens with "…: …".')).toBeUndefined();
  });
  it('Polygon\'s ticker details said of the company, its fields spoken and its description after them', () => {
    const steps = [
      { name: 'PolygonFinance.search_stock_ticker', args: { search: 'Apple Inc.' }, response: "{'name': 'Apple Inc.', 'ticker': 'AAPL'}" },
      { name: 'PolygonFinance.get_ticker_detail', args: { ticker: 'AAPL' }, response: details },
    ];
    for (let seed = 1; seed <= 10; seed++) {
      const a = offlineAnswer({ request: "Identify the stock ticker of the company 'Apple Inc.' and provide the ticker details.", steps }, new Rng(seed, 'ticker'));
      expect(recordLabelFrame(a), a).toBeUndefined();
      expect(a).toMatch(/^(?:Apple Inc\. trades under the symbol AAPL|The stock symbol of Apple Inc\. is AAPL)\. It is at One Apple Park Way, Cupertino, CA 95014; it is listed on 12 December 1980 and online at https:\/\/www\.apple\.com\. (?:Its|The) description/);
    }
  });
});

describe('answer_state_told_each_step (answer-writer 156)', () => {
  it('flags a state told whole after each deed, never a state told once or two different things', () => {
    // bfcl_multi_turn_base_105-env-k6 on lead40 m6.
    expect(stateToldEachStep('I have added AAPL to the watchlist: the watchlist has NVDA and AAPL. After that, I added GOOG to the watchlist: the watchlist has NVDA, AAPL and GOOG.')).toMatch(/NVDA and AAPL" then/);
    expect(stateToldEachStep('I added AAPL and GOOG to the watchlist. The watchlist now has NVDA, AAPL and GOOG.')).toBeUndefined();
    expect(stateToldEachStep('The watchlist has NVDA and AAPL. The portfolio has NVDA, AAPL and GOOG.')).toBeUndefined();
  });
  it('a run of adds each answering the watchlist is told once, the watchlist as the last add left it', () => {
    const add = (stock: string, list: string[]) => ({ name: 'TradingBot.add_to_watchlist', args: { stock }, response: JSON.stringify({ watchlist: list }) });
    const steps = [
      { name: 'TradingBot.get_available_stocks', args: { sector: 'Technology' }, response: JSON.stringify({ stock_list: ['AAPL', 'GOOG', 'MSFT'] }) },
      add('AAPL', ['NVDA', 'AAPL']),
      add('GOOG', ['NVDA', 'AAPL', 'GOOG']),
      add('MSFT', ['NVDA', 'AAPL', 'GOOG', 'MSFT']),
    ];
    for (let seed = 1; seed <= 10; seed++) {
      const a = offlineAnswer({ request: 'List the Technology stocks and add all of them to my watchlist.', steps }, new Rng(seed, 'watch'));
      expect(stateToldEachStep(a), a).toBeUndefined();
      expect(a).toMatch(/I added AAPL, GOOG and MSFT to the watchlist\. The watchlist now has NVDA, AAPL, GOOG and MSFT\./);
      expect(a.match(/watchlist (?:now )?has/g)?.length).toBe(1);
    }
  });
});

describe('answer_listing_after_use (answer-writer 158–159)', () => {
  it('flags a listing told after what it lists was named, never one told first', () => {
    // bfcl_multi_turn_base_37-env-k5 on lead40 m7.
    expect(listingAfterUse('"dev_summary.txt" has one line. The current directory holds "dev_summary.txt".')).toMatch(/dev_summary/);
    expect(listingAfterUse('The current directory holds "dev_summary.txt", which has one line.')).toBeUndefined();
    expect(listingAfterUse('"a.txt" has one line. The current directory holds "a.txt" and "b.txt".')).toBeUndefined();
  });
  it('a listing and a count of its one file: the listing first, the count joined to it', () => {
    const steps = [
      { name: 'GorillaFileSystem.ls', args: {}, response: JSON.stringify({ current_directory_content: ['dev_summary.txt'] }) },
      { name: 'GorillaFileSystem.wc', args: { file_name: 'dev_summary.txt', mode: 'l' }, response: JSON.stringify({ count: 1, type: 'lines' }) },
    ];
    for (let seed = 1; seed <= 10; seed++) {
      const a = offlineAnswer({ request: 'For each file in the temp directory, count the number of lines.', steps }, new Rng(seed, 'ls'));
      expect(listingAfterUse(a), a).toBeUndefined();
      expect(a).toBe('The current directory holds "dev_summary.txt", which has one line.');
    }
  });
});

describe('answer_record_by_unshown_id (answer-writer 161)', () => {
  it('flags a record named by an id the answer never gave after a listing by name', () => {
    // teval_query_116_1-env-k4 on lead40 m12.
    expect(recordByUnshownId('In Los Angeles, I found 3 properties: "Charming house in Los Angeles", "Quiet guest suite" and "Modern condo". For property 28722771, I found 3 reviews.')).toMatch(/28722771/);
    expect(recordByUnshownId('I found 3 properties: "Charming house", with id 28722771; …. For property 28722771, I found 3 reviews.')).toBeUndefined();
    expect(recordByUnshownId('For property 28722771, I found 3 reviews.')).toBeUndefined();
  });
  it('the reviews of a listed property are told by its name', () => {
    const steps = [
      { name: 'AirbnbSearch.search_property_by_place', args: { place: 'Los Angeles' }, response: "{'property': [{'id': '28722771', 'name': 'Charming house in Los Angeles', 'address': 'Los Angeles, CA, United States'}, {'id': '42736735', 'name': 'Quiet guest suite in Los Angeles', 'address': 'Los Angeles, CA, United States'}]}" },
      { name: 'AirbnbSearch.get_property_reviews', args: { propertyId: 28722771 }, response: "{'reviews': [{'comments': 'Convenient to airport', 'rating': 5, 'time': '2023-10-13T10:00:00Z'}]}" },
    ];
    for (let seed = 1; seed <= 10; seed++) {
      const a = offlineAnswer({ request: 'Search for properties in Los Angeles and get the reviews of the first one.', steps }, new Rng(seed, 'prop'));
      expect(recordByUnshownId(a), a).toBeUndefined();
      expect(a).not.toMatch(/property 28722771/);
      expect(a).toMatch(/"Charming house in Los Angeles"[^.]*review/);
    }
  });
});

describe('answer_deed_against_verdict (answer-writer 163)', () => {
  const request = "Budget me sufficiently to meet the target of 10000 RMB and ensure the flight cost checks out to be under my budget? Now, let's arrange for a first-class flight from JFK to Beijing Capital Airport for June 15th 2026 with my card 'card_8283'. Here's my access code 897362.";
  const steps = [
    { name: 'TravelAPI.compute_exchange_rate', args: { base_currency: 'RMB', target_currency: 'USD', value: 10000 }, response: '{"exchanged_value": 1428.57}' },
    { name: 'TravelAPI.set_budget_limit', args: { access_token: '897362', budget_limit: 1428.57 }, response: '{"budget_limit": 1428.57}' },
    { name: 'TravelAPI.get_flight_cost', args: { travel_class: 'first', travel_date: '2026-06-15', travel_from: 'JFK', travel_to: 'PEK' }, response: '{"travel_cost_list": [10000.0]}' },
    { name: 'TravelAPI.book_flight', args: { access_token: '897362', card_id: 'card_8283', travel_class: 'first', travel_date: '2026-06-15', travel_from: 'JFK', travel_to: 'PEK' }, response: '{"booking_id": "3426812", "transaction_id": "45451592", "booking_status": true, "booking_history": {}}' },
  ];
  it('flags a booking told as if it followed from a failed budget check, never one told as made anyway', () => {
    // bfcl_multi_turn_base_171 on lead40 m14.
    expect(deedAgainstVerdict('No, the flight costs 10000 USD, which is not under the budget limit of 1428.57 USD. Next, I booked the flight; keep booking 3426812.')).toMatch(/booked/);
    expect(deedAgainstVerdict('No, the flight costs 10000 USD, which is not under the budget limit of 1428.57 USD. I booked the flight anyway; keep booking 3426812.')).toBeUndefined();
    expect(deedAgainstVerdict('Yes, the flight costs 400 USD, which is under the budget limit of 1428.57 USD. I booked the flight.')).toBeUndefined();
  });
  it('the writer says the booking was made anyway', () => {
    for (let seed = 1; seed <= 10; seed++) {
      const a = offlineAnswer({ request, steps }, new Rng(seed, 'budget'));
      expect(a).toMatch(/^No, /);
      expect(deedAgainstVerdict(a), a).toBeUndefined();
      expect(a).toMatch(/booked (?:the flight|it) anyway|is booked all the same/);
    }
  });
});

describe('answer_frame_twice_in_row (answer-writer 165)', () => {
  it('flags one frame filled twice in a row, and pairsJoined joins it', () => {
    // bfcl_multi_turn_base_192-env-k5, 63-env-k9 and teval_query_464_1-control-k5 on lead40 m15.
    const airports = 'The nearest airport to Rivermist is RMS. The nearest airport to Stonebrook is SBK.';
    expect(frameTwiceInRow(airports)).toMatch(/Rivermist/);
    expect(pairsJoined(airports)).toBe('The nearest airport to Rivermist is RMS, and the one to Stonebrook is SBK.');
    expect(pairsJoined('The zipcode of San Francisco is 94016. The zipcode of Rivermist is 83214. Done.')).toBe('The zipcode of San Francisco is 94016, and that of Rivermist is 83214. Done.');
    const halls = '"北京市政府" is at longitude 116.407417, latitude 39.904172. "上海市政府" is at longitude 121.473657, latitude 31.230378.';
    expect(frameTwiceInRow(halls)).toBeDefined();
    expect(frameTwiceInRow(pairsJoined(halls))).toBeUndefined();
    // Two frames that differ, or one thing told twice, stay as they are.
    expect(pairsJoined('The zipcode of San Francisco is 94016. The distance is 980 km.')).toBe('The zipcode of San Francisco is 94016. The distance is 980 km.');
    expect(frameTwiceInRow('The zipcode of San Francisco is 94016. The distance is 980 km.')).toBeUndefined();
  });
});

describe('answer_search_term_twice (answer-writer 166)', () => {
  it('flags a nearby search\'s term named in the opener and again to open its finding; namesOnce says "The search near …"', async () => {
    const { namesOnce } = await import('../../stages/resolve/namesOnce.js');
    // teval_query_30_1-env-k4 on lead40 f1 (answer-writer-150 put the term in the opener).
    const a = 'Getting the coordinates, searching for "research facilities" nearby and searching Google Scholar worked, but I wasn\'t able to get the citation. Searching for "research facilities" near "Manaus, Brazil" turned up 3 places: "Olive Research Centre", "Quince Labs" and "Whitfield Institute".';
    expect(searchTermTwice(a)).toMatch(/research facilities/);
    const once = namesOnce(a);
    expect(once).toMatch(/\. The search near "Manaus, Brazil" turned up 3 places: "Olive Research Centre"/);
    expect(searchTermTwice(once)).toBeUndefined();
    // A finding after a sentence that never named the search keeps its term.
    const alone = 'It is 16:15. Searching for "research facilities" near "Manaus, Brazil" turned up 3 places: "A", "B" and "C".';
    expect(namesOnce(alone)).toBe(alone);
  });
});
