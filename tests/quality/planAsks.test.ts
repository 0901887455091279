/**
 * T-Eval plans that leave undone or answer otherwise what their user asked
 * (pipeline/quality/planAsks.ts): filter turns them down naming what was asked and what the plan
 * did; the gt_* measures count what reaches the cases.
 */
import { describe, expect, it } from 'vitest';
import { emptyWriteNeverFilled, namedTickers, namedValueLeftOut, neverPerformedAct, otherDayThanAsked, routeNeverFetched, tickerOfOtherSecurity, unrequestedNews } from '../../pipeline/quality/planAsks.js';
import { checkTrajectory } from '../../stages/filter/rules.js';
import { requestedTicker } from '../../pipeline/quality/argumentKinds.js';

const step = (name: string, args: Record<string, unknown> = {}, response?: string) => ({ name, args, response });
const traj = (user: string, tools: { name: string; params: { name: string; type: string; required: boolean }[] }[], steps: { name: string; args: Record<string, unknown> }[]) =>
  ({ id: 't', source: 'teval', tools, turns: [{ user, steps: steps.map((s) => ({ action: { name: s.name, args: s.args } })) }] }) as never;

describe('an act the request asks for that no step performs', () => {
  const book = "I have to set up a workshop tomorrow from 9:00 AM to 5:00 PM. Could you find an available meeting room for this duration and book it? Also, could you find the latest 'Artificial Intelligence' related articles?";

  it('finds a booking asked for and never made (teval_query_21_1), not one made', () => {
    const listed = [step('ReserveMeeting.get_empty_room_with_time', { start_time: '09:00', end_time: '17:00' }), step('ArxivSearch.get_arxiv_article_information', { query: 'Artificial Intelligence' })];
    expect(neverPerformedAct(book, listed)).toMatchObject({ act: 'book', words: 'Could you find an available meeting room for this duration and book it?' });
    expect(neverPerformedAct(book, [...listed, step('ReserveMeeting.reserve', { roomid: 1 })])).toBeUndefined();
  });

  it('reads a room "we could book" or "book ideas" as no request to book (5_0, 420_0)', () => {
    expect(neverPerformedAct('Could you show me some available properties in Los Angeles that we could book for the night?', [step('AirbnbSearch.search_property_by_place', { place: 'Los Angeles' })])).toBeUndefined();
    expect(neverPerformedAct("Add the bullet points 'Brainstormed new book ideas'.", [step('PPT.add_text_page', {})])).toBeUndefined();
  });

  it('filter turns such a plan down naming the request and the steps', () => {
    const tools = [{ name: 'ReserveMeeting.get_empty_room_with_time', params: [{ name: 'start_time', type: 'STRING', required: true }, { name: 'end_time', type: 'STRING', required: true }] }];
    const drop = checkTrajectory(traj(book, tools, [step('ReserveMeeting.get_empty_room_with_time', { start_time: '09:00', end_time: '17:00' })]), { minSteps: 1 });
    expect(drop?.code).toBe('act_never_performed');
    expect(drop?.detail).toMatch(/asks to book \("Could you find .* book it\?"\) and no step books or reserves anything: the plan's steps are ReserveMeeting.get_empty_room_with_time/);
  });
});

describe('another day than the one asked for', () => {
  it('finds today\'s weather fetched for a named day (teval_query_288_2), not for a day said to be today or shown as today', () => {
    const asked = 'I am planning a hike. Can you provide the weather conditions for Denver on October 18, and the distance to the park?';
    expect(otherDayThanAsked(asked, [step('Weather.get_weather_today', { location: 'Denver' })])).toEqual({ at: 0, asked: 'the weather on October 18', did: "get_weather_today, today's weather" });
    expect(otherDayThanAsked('Lastly, let me know the weather forecast for today, October 17, in New York City.', [step('Weather.get_weather_today', { location: 'New York City' })])).toBeUndefined();
    expect(otherDayThanAsked(asked, [step('TimeTool.get_curr_time', {}, "{'time': '2023-10-18 09:00'}"), step('Weather.get_weather_today', { location: 'Denver' })])).toBeUndefined();
  });

  it('finds today\'s weekday given as the weekday a film was released on (teval_query_430_1), not today\'s weekday asked for', () => {
    const steps = [step('FilmTMDB.get_movie_details', { movie_id: 27205 }), step('TimeTool.get_weekday')];
    expect(otherDayThanAsked("Provide detailed information about the movie 'Inception'. Also, determine the day of the week when it was released.", steps)).toMatchObject({ at: 1, did: "get_weekday, today's weekday" });
    expect(otherDayThanAsked("Provide detailed information about the movie 'Inception'. Also, what day of the week is it today?", steps)).toBeUndefined();
  });
});

describe('a date a check takes, left out for the day asked about', () => {
  const doc = (returns: string) => [{ name: 'Hotel.check_room', params: [{ name: 'date', type: 'STRING', required: false }], return_data: [{ name: 'rooms', description: returns }] }];
  const request = 'Check the room for October 24, 2023 at the hotel.';
  it('finds a check called without the date the request names, not where the doc answers a window without one (check_availability: "or the next 10 days")', () => {
    expect(otherDayThanAsked(request, [step('Hotel.check_room')], doc('The free rooms on the given date.'))).toMatchObject({ at: 0, did: 'check_room with no date' });
    expect(otherDayThanAsked(request, [step('Hotel.check_room', { date: '2023-10-24' })], doc('The free rooms on the given date.'))).toBeUndefined();
    expect(otherDayThanAsked('Check the room for the next week.', [step('Hotel.check_room')], doc('The free rooms for the given date or the next 10 days.'))).toBeUndefined();
  });
});

describe('a route asked for that no step fetches', () => {
  it('finds the shortest path answered by a distance (teval_query_300_0), not one a route step fetches', () => {
    const request = "I need to determine the shortest path and calculate the distance between '123 Main Street' and '456 Elm Street'.";
    expect(routeNeverFetched(request, [step('BINGMap.get_distance', { start: '123 Main Street', end: '456 Elm Street' })])).toEqual({ words: 'shortest path' });
    expect(routeNeverFetched(request, [step('BINGMap.get_route', { start: '123 Main Street', end: '456 Elm Street' })])).toBeUndefined();
  });
});

describe('a named value a step leaves out or replaces', () => {
  const NEWS = [{ name: 'PolygonFinance.get_ticker_news', params: [{ name: 'ticker', type: 'STRING', required: false }] }];
  const SCHOLAR = [
    { name: 'GoogleScholar.search_google_scholar', params: [{ name: 'query', type: 'STRING', required: true }] },
    { name: 'GoogleScholar.get_author_id', params: [{ name: 'mauthors', type: 'STRING', required: true }] },
  ];

  it('finds get_ticker_news() for the news of a ticker or company named (483_2, 322_0), not for news about the stock market (377_0)', () => {
    expect(namedTickers('the latest news articles related to Amazon, the company I work for')).toEqual(['AMZN']);
    const aapl = 'I would also like to see the most recent news related to the company with the AAPL ticker symbol.';
    expect(namedValueLeftOut(aapl, [step('PolygonFinance.get_ticker_news')], NEWS)).toMatchObject({ at: 0, param: 'ticker', asked: 'AAPL' });
    expect(namedValueLeftOut(aapl, [step('PolygonFinance.get_ticker_news', { ticker: 'AAPL' })], NEWS)).toBeUndefined();
    expect(namedValueLeftOut("Get the details of 'AAPL'. Lastly, I'd like to see the latest news articles about the stock market.", [step('PolygonFinance.get_ticker_news')], NEWS)).toBeUndefined();
  });

  it('finds an author id asked with the topic searched, a quoted title or a role (241_2, 7_2, 97_2), not with a person searched by name (471_2)', () => {
    const ml = "Search for three 'machine learning' articles. Find the information of the author who has written the most articles on 'machine learning'.";
    expect(namedValueLeftOut(ml, [step('GoogleScholar.search_google_scholar', { query: 'machine learning' }), step('GoogleScholar.get_author_id', { mauthors: 'machine learning' })], SCHOLAR)).toMatchObject({ at: 1, given: 'machine learning' });
    expect(namedValueLeftOut('Search for information about the first author listed on Google Scholar.', [step('GoogleScholar.get_author_id', { mauthors: 'first author' })], SCHOLAR)).toMatchObject({ given: 'first author' });
    expect(namedValueLeftOut("Search for articles by 'John Doe' on Google Scholar and provide the author's information.", [step('GoogleScholar.search_google_scholar', { query: 'John Doe' }), step('GoogleScholar.get_author_id', { mauthors: 'John Doe' })], SCHOLAR)).toBeUndefined();
  });

  it('filter turns down a plan replacing the author by the topic, and leaves a news call without its ticker to standardize, which puts the ticker in', () => {
    const ml = "Search for three 'machine learning' articles. Find the information of the author who has written the most articles on 'machine learning'.";
    const drop = checkTrajectory(traj(ml, SCHOLAR, [step('GoogleScholar.search_google_scholar', { query: 'machine learning' }), step('GoogleScholar.get_author_id', { mauthors: 'machine learning' })]), { minSteps: 1 });
    expect(drop).toMatchObject({ code: 'author_replaced' });
    expect(drop?.detail).toMatch(/get_author_id passes mauthors "machine learning" where the request asks for an author's name \(it passes a title or topic the request quotes\)/);
    expect(checkTrajectory(traj('I would also like to see the most recent news related to the company with the AAPL ticker symbol.', NEWS, [step('PolygonFinance.get_ticker_news')]), { minSteps: 1 })).toBeUndefined();
    expect(requestedTicker('I would also like to see the most recent news related to the company with the AAPL ticker symbol.', [])).toBe('AAPL');
    expect(requestedTicker('I am a delivery driver in Seattle. Also, I would like to know the latest news articles related to Amazon, the company I work for.', [])).toBe('AMZN');
  });
});

describe('a news read the request never asks for', () => {
  it('finds get_ticker_news() in a plan asked for a company\'s details only (teval_query_231_1), not where the request asks for news', () => {
    const steps = [step('PolygonFinance.get_ticker_detail', { ticker: 'WB' }), step('PolygonFinance.get_ticker_news')];
    expect(unrequestedNews("Search for recent research articles on film analysis and get detailed information about the company behind the ticker symbol 'WB'.", steps)).toEqual({ at: 1, name: 'PolygonFinance.get_ticker_news' });
    expect(unrequestedNews("Get detailed information about 'WB' and its latest news.", steps)).toBeUndefined();
    const drop = checkTrajectory(traj("Get detailed information about the company behind the ticker symbol 'WB'.", [{ name: 'PolygonFinance.get_ticker_detail', params: [{ name: 'ticker', type: 'STRING', required: true }] }, { name: 'PolygonFinance.get_ticker_news', params: [{ name: 'ticker', type: 'STRING', required: false }] }], steps), { minSteps: 1 });
    expect(drop).toMatchObject({ code: 'unrequested_news' });
    expect(drop?.detail).toMatch(/get_ticker_news reads news the request never asks for/);
  });
});

describe('a partial-failure answer opening with a step count', () => {
  it('never tells "I got through …" right before a finding told "I got …" (answer_deed_run, teval_query_441_0-env-k2)', async () => {
    const { offlineAnswer } = await import('../../stages/resolve/answerWriter.js');
    const { Rng } = await import('../../pipeline/rng.js');
    const { deedRun } = await import('../../pipeline/quality/measures/answerReads.js');
    const films = "{'film': [{'title': '珍·古道尔的传奇一生', 'director': '布莱特·摩根'}, {'title': '贝肯熊：火星任务', 'director': '王超'}]}";
    const input = {
      request: 'Find the films now playing in China and give me the details of the first one. Then search Google for it and look up its director on Google Scholar.',
      steps: [
        { name: 'FilmDouban.now_playing_out_filter', args: {}, response: films },
        { name: 'FilmDouban.print_detail', args: { film_name: '珍·古道尔的传奇一生' }, response: "('Connection aborted.', ConnectionResetError(104, 'Connection reset by peer'))", error: 'connection reset by peer' },
      ],
      waiting: [{ name: 'GoogleSearch.serper_search', args: { query: '珍·古道尔的传奇一生' } }, { name: 'GoogleScholar.get_author_id', args: { mauthors: '布莱特·摩根' } }, { name: 'GoogleScholar.get_author_information', args: { author_id: 'x' } }],
      tools: [{ name: 'FilmDouban.now_playing_out_filter', params: [] }, { name: 'FilmDouban.print_detail', params: [{ name: 'film_name', type: 'STRING', required: true }] }],
    };
    let counted = 0;
    for (let seed = 1; seed <= 60; seed++) {
      const answer = offlineAnswer(input as never, new Rng(seed, 'a'));
      // Since answer-writer-72 (h-ans19) the opener names the failed step itself, never a step count.
      if (/(?:getting|get) the details of the film/.test(answer)) counted++;
      expect(answer).not.toMatch(/I got through [^.]*\. I got /);
      expect(deedRun(answer)).toBeUndefined();
    }
    expect(counted).toBe(60);
  });
});

describe('a ticker search for a company the plan goes on with another security named for it (filter 5)', () => {
  const plan = [
    step('PolygonFinance.search_stock_ticker', { search: 'Tesla' }),
    step('PolygonFinance.aggregate_stock_with_time', { ticker: 'TSLZ', multiplier: 1, timespan: 'week', from: '2023-10-10', to: '2023-10-17' }),
    step('PolygonFinance.get_ticker_news', { ticker: 'TSLZ' }),
  ];

  it('finds TSLZ, an inverse ETF on Tesla, read as Tesla\'s stock (teval_query_178_2)', () => {
    expect(tickerOfOtherSecurity(plan)).toMatchObject({ at: 1, ticker: 'TSLZ', own: 'TSLA', searched: 'Tesla' });
  });

  it('passes the company\'s own ticker and another company asked for after it', () => {
    expect(tickerOfOtherSecurity([plan[0], step('PolygonFinance.get_ticker_detail', { ticker: 'TSLA' })])).toBeUndefined();
    expect(tickerOfOtherSecurity([plan[0], step('PolygonFinance.get_ticker_detail', { ticker: 'AAPL' })])).toBeUndefined();
    expect(tickerOfOtherSecurity(plan.slice(1))).toBeUndefined();
    // Another class of the company's own shares is its stock (teval_query_310_1: LEN.B for "Lennar Corporation").
    expect(tickerOfOtherSecurity([step('PolygonFinance.search_stock_ticker', { search: 'Lennar Corporation' }), step('PolygonFinance.get_ticker_detail', { ticker: 'LEN.B' })])).toBeUndefined();
  });

  it('filter turns such a plan down naming both tickers', () => {
    const tools = [
      { name: 'PolygonFinance.search_stock_ticker', params: [{ name: 'search', type: 'STRING', required: true }] },
      { name: 'PolygonFinance.aggregate_stock_with_time', params: ['ticker', 'multiplier', 'timespan', 'from', 'to'].map((name) => ({ name, type: 'STRING', required: true })) },
      { name: 'PolygonFinance.get_ticker_news', params: [{ name: 'ticker', type: 'STRING', required: true }] },
    ];
    const drop = checkTrajectory(traj("I'm looking for information about a company called 'Tesla'. Can you provide me with the stock ticker and the aggregate bars for the week of October 10 to October 17, 2023? I'm also interested in the most recent news articles about the company.", tools, plan), { minSteps: 1 });
    expect(drop?.code).toBe('ticker_of_other_security');
    expect(drop?.detail).toMatch(/TSLZ \(T-Rex 2X Inverse Tesla Daily Target ETF\) for "Tesla", whose own ticker is TSLA/);
  });
});

describe('a file the request asks to have something recorded in, written empty and never again (filter 8)', () => {
  const weather = "Generate a file titled 'event_weather.txt' and record the predicted weather in Seattle for the next three days, including the general conditions and average temperature. Save it to /outputs/event_weather.txt. Afterwards, open the 'event_weather.txt' file and read its contents to confirm that the information is accurate.";
  const plan = [
    step('FileOperation.write_file', { file_path: '/outputs/event_weather.txt', text: '' }),
    step('Weather.forecast_weather', { location: 'Seattle', days: 3 }),
    step('FileOperation.read_file', { file_path: '/outputs/event_weather.txt' }),
  ];

  it('finds 54_1\'s empty write, and passes a plan that writes the forecast after it', () => {
    expect(emptyWriteNeverFilled(weather, plan)).toEqual({ at: 0, path: '/outputs/event_weather.txt' });
    const filled = [...plan.slice(0, 2), step('FileOperation.write_file', { file_path: '/outputs/event_weather.txt', text: 'Day 1: Light rain, 7.2 °C' }), plan[2]];
    expect(emptyWriteNeverFilled(weather, filled)).toBeUndefined();
    // An empty file asked for as such ("create an empty file notes.txt") records nothing and is no defect.
    expect(emptyWriteNeverFilled("Create an empty file named 'notes.txt' in outputs.", [step('FileOperation.write_file', { file_path: 'outputs/notes.txt', text: '' })])).toBeUndefined();
  });

  it('filter turns such a plan down, naming the file', () => {
    const tools = [
      { name: 'FileOperation.write_file', params: [{ name: 'file_path', type: 'STRING', required: true }, { name: 'text', type: 'STRING', required: true }] },
      { name: 'Weather.forecast_weather', params: [{ name: 'location', type: 'STRING', required: true }, { name: 'days', type: 'NUMBER', required: true }] },
      { name: 'FileOperation.read_file', params: [{ name: 'file_path', type: 'STRING', required: true }] },
    ];
    expect(checkTrajectory(traj(weather, tools, plan), { minSteps: 1 })).toMatchObject({ code: 'content_never_written', detail: expect.stringContaining('/outputs/event_weather.txt') });
  });
});
