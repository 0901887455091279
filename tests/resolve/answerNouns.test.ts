import { describe, expect, it } from 'vitest';
import { offlineAnswer } from '../../stages/resolve/answerWriter.js';
import { partialOpener } from '../../stages/resolve/failureSentences.js';
import { Rng } from '../../pipeline/rng.js';
import { grepLinesUnsaid } from '../../pipeline/quality/measures/answerFlow.js';
import { askedTextWithheld, grepNameUnsaid, stepsAsThings, failedFilmCounted, oneCountedAsDigit, orderLabelTail, readToldAsGot, recordByFieldNames, recordsCalledResults } from '../../pipeline/quality/measures/answerNouns.js';
import { meansTold } from '../../pipeline/quality/measures/answerAsked.js';

const NEWS = "{'results': [{'title': 'Apple agreed to form a joint venture for an undisclosed sum', 'summary': 'Apple agreed to form a joint venture for an undisclosed sum.', 'author': 'Keiko Lopez'}]}";
const FORECAST = "{'results': [{'date': '2023-10-19', 'overall_weather': 'Windy', 'temperature': 13.6}, {'date': '2023-10-20', 'overall_weather': 'Partly cloudy', 'temperature': 11.7}, {'date': '2023-10-21', 'overall_weather': 'Cloudy', 'temperature': 13.1}]}";
const SEARCH = "{'results': [{'title': 'A', 'link': 'https://a.example'}, {'title': 'B', 'link': 'https://b.example'}, {'title': 'C', 'link': 'https://c.example'}]}";

describe('answer_order_label_tail (bfcl_multi_turn_base_102, 128)', () => {
  it('flags an order whose status trails as a label, and passes the order said as what it is', () => {
    expect(orderLabelTail('I placed the order: order 12446, a buy order for 100 shares of TSLA at 700, status Pending.')).toBeDefined();
    expect(orderLabelTail('Order 12446 is a buy order for 150 shares of MSFT at 310.23, status Open.')).toBeDefined();
    expect(orderLabelTail('I placed a buy order for 100 shares of TSLA at 700 a share (order 12446); it is pending.')).toBeUndefined();
    expect(orderLabelTail('Order 12446 is a buy order for 150 shares of MSFT at 310.23 a share; it is open.')).toBeUndefined();
    // A ticket is no stock order: left to the ticket measures.
    expect(orderLabelTail('I created the ticket: id 2, title "Critical Order Assistance", status Open and priority 5.')).toBeUndefined();
  });

  it('the writer says a placed order and its details without a status label (failed on answer-writer-90)', () => {
    for (let seed = 0; seed < 20; seed++) {
      const a = offlineAnswer({ request: 'Buy 100 shares of TSLA at 700 and then show me the order', steps: [
        { name: 'TradingBot.place_order', args: { order_type: 'Buy', symbol: 'TSLA', price: 700, amount: 100 }, response: JSON.stringify({ order_id: 12446, order_type: 'Buy', status: 'Pending', price: 700, amount: 100 }) },
        { name: 'TradingBot.get_order_details', args: { order_id: 12446 }, response: JSON.stringify({ id: 12446, order_type: 'Buy', symbol: 'TSLA', price: 700, amount: 100, status: 'Completed' }) },
      ] }, new Rng(seed, 'order'));
      expect(orderLabelTail(a), a).toBeUndefined();
      expect(a).toContain('I placed a buy order for 100 shares of TSLA at 700 a share (order 12446); it is pending.');
      expect(a).toContain('Order 12446 is a buy order for 100 shares of TSLA at 700 a share; it has been completed.');
    }
  });
});

describe('answer_records_called_results (teval_query_231_0, 255_1, 351_0)', () => {
  const turn = (name: string, response: string, answer: string, args: Record<string, unknown> = {}) => ({ request: 'x', calls: [{ name, args, response }], answer });
  it('flags a look-up\'s records counted as search results, and passes them named, or a search\'s results', () => {
    expect(recordsCalledResults(turn('PolygonFinance.get_ticker_news', NEWS, 'For AAPL, I found 1 result: "Apple agreed to form a joint venture for an undisclosed sum".', { ticker: 'AAPL' }))).toBeDefined();
    expect(recordsCalledResults(turn('Weather.forecast_weather', FORECAST, 'In London, I found 3 results: on 19 October 2023, windy at 13.6 °C; …', { location: 'London', days: 3 }))).toBeDefined();
    expect(recordsCalledResults(turn('PolygonFinance.get_ticker_news', NEWS, 'For AAPL, I found 1 news article: "Apple agreed to form a joint venture for an undisclosed sum".', { ticker: 'AAPL' }))).toBeUndefined();
    expect(recordsCalledResults(turn('GoogleSearch.serper_search', SEARCH, 'A search for "q" found 3 results: "A", "B" and "C".', { query: 'q' }))).toBeUndefined();
  });

  it('the writer counts news as news articles and a forecast\'s days as daily forecasts (failed on answer-writer-90)', () => {
    for (let seed = 0; seed < 12; seed++) {
      const news = offlineAnswer({ request: 'Find the latest news about Apple', steps: [{ name: 'PolygonFinance.get_ticker_news', args: { ticker: 'AAPL' }, response: NEWS }] }, new Rng(seed, 'news'));
      const weather = offlineAnswer({ request: 'What is the forecast for London for the next 3 days?', steps: [{ name: 'Weather.forecast_weather', args: { location: 'London', days: 3 }, response: FORECAST }] }, new Rng(seed, 'fc'));
      expect(news).toMatch(/\bone news article\b/);
      expect(weather).toMatch(/\b3 daily forecasts\b/);
      for (const [a, name, response] of [[news, 'PolygonFinance.get_ticker_news', NEWS], [weather, 'Weather.forecast_weather', FORECAST]]) expect(recordsCalledResults(turn(name, response, a)), a).toBeUndefined();
    }
  });
});

describe('answer_failed_film_counted (teval_query_17_1-env-k3)', () => {
  const request = "Please find a movie titled 'Inception' and provide me with its identifier. Then, get the top five popular movies. Finally, provide the user reviews for 'Inception'.";
  const calls = [
    { name: 'FilmTMDB.search_movie', args: { query: 'Inception' }, response: "{'id': 27205, 'title': 'Inception'}" },
    { name: 'FilmTMDB.get_popular_movies', args: {}, response: "{'films': [{'id': 1, 'title': 'A'}, {'id': 2, 'title': 'B'}, {'id': 3, 'title': 'C'}, {'id': 4, 'title': 'D'}, {'id': 5, 'title': 'E'}]}" },
  ];
  it('flags the failed look-up for the film found alone told as for several, and passes it told by its title', () => {
    expect(failedFilmCounted('Searching for the movie "Inception" and getting the popular movies came through; getting the reviews of the five films did not.', calls, ['27205'])).toBeDefined();
    expect(failedFilmCounted('Searching for the movie "Inception" and getting the popular movies came through; getting the reviews of "Inception" did not.', calls, ['27205'])).toBeUndefined();
    // One of the listed films failing leaves them all to do: "of the five films" is right there (answer_pending_singular's case).
    expect(failedFilmCounted('Getting the popular movies came through; getting the details of the five films did not.', calls, ['1'])).toBeUndefined();
  });

  it('the writer names that failed look-up by the film\'s title (failed on answer-writer-90)', () => {
    const steps = [...calls, { name: 'FilmTMDB.get_movie_reviews', args: { movie_id: 27205 }, response: 'ProxyError: Max retries exceeded', error: 'ProxyError' }];
    let named = 0;
    for (let seed = 0; seed < 12; seed++) {
      const opener = partialOpener(steps, new Rng(seed, 'film'), [], request);
      expect(opener).not.toMatch(/five films/);
      if (opener) {
        named++;
        expect(opener).toContain('the reviews of "Inception"');
      }
    }
    expect(named).toBeGreaterThan(0);
  });
});

describe('answer_one_counted_as_digit (teval_query_98_0, 351_0, bfcl_multi_turn_base_25)', () => {
  it('flags a count of one told as a digit, and passes it in words', () => {
    expect(oneCountedAsDigit('A search for "quantum mechanics" found 1 paper: "Unconventional Quantum Computing Devices" by Seth Lloyd.')).toBeDefined();
    expect(oneCountedAsDigit('There is 1 line in "summary.txt".')).toBeDefined();
    expect(oneCountedAsDigit('A search for "quantum mechanics" found one paper: "Unconventional Quantum Computing Devices" by Seth Lloyd.')).toBeUndefined();
    // A quoted text's own digits are the text's.
    expect(oneCountedAsDigit('"a.txt" reads "I found 1 bug today".')).toBeUndefined();
  });

  it('the writer says one line in words and one day\'s forecast as the forecast (failed on answer-writer-90)', () => {
    const day = "{'results': [{'date': '2023-10-17', 'overall_weather': 'Light rain', 'temperature': 14.6}]}";
    for (let seed = 0; seed < 12; seed++) {
      const weather = offlineAnswer({ request: 'Check the weather forecast for October 17, 2023, in San Francisco.', steps: [{ name: 'Weather.forecast_weather', args: { location: 'San Francisco', days: 1 }, response: day }] }, new Rng(seed, 'day'));
      expect(weather).toBe('The forecast for San Francisco on 17 October 2023 is light rain at 14.6 °C.');
      const lines = offlineAnswer({ request: 'Count the lines in summary.txt', steps: [{ name: 'GorillaFileSystem.wc', args: { file_name: 'summary.txt', mode: 'l' }, response: '{"count": 1, "type": "lines"}' }] }, new Rng(seed, 'wc'));
      expect(oneCountedAsDigit(lines), lines).toBeUndefined();
    }
  });
});

describe('answer_read_told_as_got (teval_query_413_0-env-k2, 15_0-env-k2)', () => {
  const read = { name: 'FileOperation.read_file', args: { file_path: 'data_v2/template_data/movies.txt' }, response: "{'text': 'Title: A'}" };
  it('flags a file read told as "getting the file", and passes it told by the file', () => {
    expect(readToldAsGot({ request: 'x', calls: [read], answer: 'Getting the file worked; writing the file did not.' })).toBeDefined();
    expect(readToldAsGot({ request: 'x', calls: [read], answer: 'Reading "data_v2/template_data/movies.txt" worked; writing the file did not.' })).toBeUndefined();
  });

  it('the writer names the file it read in a partial failure\'s opener (failed on answer-writer-90)', () => {
    const steps = [
      { ...read, response: "{'text': 'Title: A'}" },
      { name: 'FileOperation.write_file', args: { file_path: 'outputs/movies.txt', text: 'A' }, response: 'TimeoutError: the operation timed out after 30 s', error: 'TimeoutError' },
    ];
    let named = 0;
    for (let seed = 0; seed < 12; seed++) {
      const opener = partialOpener(steps, new Rng(seed, 'read'), [], 'Read data_v2/template_data/movies.txt and write it to outputs/movies.txt');
      expect(opener).not.toMatch(/getting the file/i);
      if (opener) {
        named++;
        expect(opener).toMatch(/^Reading "data_v2\/template_data\/movies\.txt"/);
      }
    }
    expect(named).toBeGreaterThan(0);
  });
});

describe('answer_means_told, widened to a film a title search found (teval_query_463_1-control-k3)', () => {
  const search = { name: 'FilmTMDB.search_movie', args: { query: 'Chef' }, response: "{'id': 212778, 'title': 'Chef'}" };
  const details = { name: 'FilmTMDB.get_movie_details', args: { movie_id: 212778 }, response: "{'genres': [{'id': 35, 'name': 'Comedy'}], 'id': 212778, 'release_date': '2014-05-08', 'runtime': 115, 'title': 'Chef', 'vote_average': 4, 'popularity': 18562.008}" };
  const unasked = "I'm interested in the movie titled 'Chef'. Could you please provide its genre, release date and runtime?";
  const asked = "Please find the movie titled 'Chef' and give me its identifier, then its genre and release date.";
  it('flags the id told where only a later call took it, and passes it where the user asked for it', () => {
    const answer = '"Chef" has id 212778. "Chef" is a comedy film, released 8 May 2014, 115 minutes long.';
    expect(meansTold({ request: unasked, calls: [search, details], answer })).toBeDefined();
    expect(meansTold({ request: asked, calls: [search, details], answer })).toBeUndefined();
    expect(meansTold({ request: unasked, calls: [search, details], answer: '"Chef" is a comedy film, released 8 May 2014, 115 minutes long.' })).toBeUndefined();
  });

  it('the writer leaves that id out unless asked (failed on answer-writer-90)', () => {
    for (let seed = 0; seed < 8; seed++) {
      const a = offlineAnswer({ request: unasked, steps: [search, details] }, new Rng(seed, 'chef'));
      expect(meansTold({ request: unasked, calls: [search, details], answer: a }), a).toBeUndefined();
      expect(a).not.toContain('212778');
      expect(offlineAnswer({ request: asked, steps: [search, details] }, new Rng(seed, 'chef'))).toContain('212778');
    }
  });
});

describe('answer_record_by_field_names (teval_query_226_0-control-k3)', () => {
  const search = { name: 'FilmTMDB.search_movie', args: { query: 'quantum computing' }, response: "{'id': 78156, 'title': 'Quantum Computing: The Movie'}" };
  it('flags a found thing told by its fields\' names, and passes it told as what the search found', () => {
    expect(recordByFieldNames('The id is 78156 and the title is "Quantum Computing: The Movie".')).toBeDefined();
    expect(recordByFieldNames('A search for "quantum computing" found the film "Quantum Computing: The Movie" (id 78156).')).toBeUndefined();
  });

  it('the writer says the film a search found by its title (failed on answer-writer-90)', () => {
    for (let seed = 0; seed < 8; seed++) {
      const a = offlineAnswer({ request: 'Give me the details of the first movie you find that is related to quantum computing.', steps: [search] }, new Rng(seed, 'film'));
      expect(a).toBe('A search for "quantum computing" found the film "Quantum Computing: The Movie" (id 78156).');
    }
  });
});

describe('answer_asked_text_withheld (teval_query_212_0-control-k2)', () => {
  const content = 'Published: 2022-08-01\nTitle: The Rise of Quantum Internet Computing\nAuthors: Seng W. Loke\nSummary: This article highlights quantum Internet computing as referring to distributed quantum computing over the quantum Internet.\n\nPublished: 2000-03-31\nTitle: Unconventional Quantum Computing Devices\nAuthors: Seth Lloyd\nSummary: This paper investigates a variety of unconventional quantum computation devices.';
  const steps = [
    { name: 'ArxivSearch.get_arxiv_article_information', args: { query: 'quantum computing' }, response: JSON.stringify({ content }) },
    { name: 'FileOperation.write_file', args: { file_path: 'outputs/quantum_computing_articles.txt', text: content }, response: "{'status': 'File written successfully to outputs/quantum_computing_articles.txt.'}" },
  ];
  const asked = "Please look for articles related to 'quantum computing' and provide me with the meta information of the first three articles, including the published date, title, authors, and summary. Additionally, save the meta information to a file named 'quantum_computing_articles.txt' in the 'outputs' folder.";
  const saveOnly = 'Search for articles on quantum computing and save them to outputs/quantum_computing_articles.txt.';
  const turn = (request: string, answer: string) => ({ request, calls: steps, answer });
  it('flags a text the user asked to be given told only by the deed that saved it, and passes it told, or only saved when only saving was asked', () => {
    expect(askedTextWithheld(turn(asked, 'I wrote the text to "outputs/quantum_computing_articles.txt".'))).toBeDefined();
    expect(askedTextWithheld(turn(asked, 'A search for "quantum computing" found 2 papers: "The Rise of Quantum Internet Computing" by Seng W. Loke and "Unconventional Quantum Computing Devices" by Seth Lloyd. I wrote the text to "outputs/quantum_computing_articles.txt".'))).toBeUndefined();
    expect(askedTextWithheld(turn(saveOnly, 'I wrote the text to "outputs/quantum_computing_articles.txt".'))).toBeUndefined();
    // "show me the messages in my inbox" asks for the inbox, not the articles' text (teval_query_199_2).
    expect(askedTextWithheld(turn('Find articles on AI and email them to a@b.com. After sending the email, show me the messages in my inbox.', 'I sent the email.'))).toBeUndefined();
    // A failure wrapped as text is no text to give (teval_query_185_2-env-k3's captured proxy error, on h-solv28's b3).
    const failed = [{ name: 'FilmTMDB.get_popular_movies', args: {}, response: `{'text': "HTTPSConnectionPool(host='api.themoviedb.org', port=443): Max retries exceeded with url: /3/movie/popular (Caused by ProxyError('Unable to connect to proxy', OSError('Tunnel connection failed: 500 Internal Server Error')))"}` }];
    expect(askedTextWithheld({ request: 'Find attractions near the Eiffel Tower and give me a list of the popular movies.', calls: failed, answer: 'Getting the popular movies did not go through: the proxy failed.' })).toBeUndefined();
  });

  it('the writer tells the papers it saved when the user asked to be given them too (failed on answer-writer-90)', () => {
    for (let seed = 0; seed < 8; seed++) {
      const a = offlineAnswer({ request: asked, steps }, new Rng(seed, 'arxiv'));
      expect(askedTextWithheld(turn(asked, a)), a).toBeUndefined();
      expect(a).toContain('"The Rise of Quantum Internet Computing"');
      // Only saving asked: the papers are the means, the deed is the answer.
      expect(offlineAnswer({ request: saveOnly, steps }, new Rng(seed, 'arxiv'))).not.toContain('Rise of Quantum');
    }
  });
});

describe('answer_steps_as_things (teval_query_188_1-env-k4, 26_2-env-k2)', () => {
  const route = ['Head east on Rue Saint-Dominique toward Avenue Bosquet', 'Turn left onto Avenue Bosquet', "Turn right onto Quai d'Orsay", 'Arrive at Louvre Museum on the right'];
  it("flags a route's directions run together as things it holds, and passes them told as steps", () => {
    expect(stepsAsThings('I found that the route has "Head east on Rue Saint-Dominique toward Avenue Bosquet", "Turn left onto Avenue Bosquet" and "Arrive at Louvre Museum on the right".')).toBeDefined();
    expect(stepsAsThings('The route is as follows: head east on Rue Saint-Dominique toward Avenue Bosquet, turn left onto Avenue Bosquet and arrive at Louvre Museum on the right.')).toBeUndefined();
  });

  it('the writer tells a short route as its directions in order, with no step count (failed on answer-writer-91)', () => {
    for (let seed = 0; seed < 8; seed++) {
      const a = offlineAnswer({ request: 'Find the route from the Eiffel Tower to the Louvre Museum.', steps: [{ name: 'BINGMap.get_route', args: { start: 'Eiffel Tower', end: 'Louvre Museum' }, response: JSON.stringify({ route }) }] }, new Rng(seed, 'route'));
      expect(stepsAsThings(a), a).toBeUndefined();
      expect(a).toContain("route is as follows: head east on Rue Saint-Dominique toward Avenue Bosquet, turn left onto Avenue Bosquet, turn right onto Quai d'Orsay and arrive at Louvre Museum on the right.");
      expect(a).not.toMatch(/\b\d+ steps\b|\bfour steps\b/);
    }
  });

  it('sets steps that hold commas apart by semicolons', () => {
    const steps = ['Start on Mulberry Street heading north', 'After 4 km in town, take the ramp on the right for the highway', 'Arrive at Los Angeles'];
    const a = offlineAnswer({ request: 'Find the route.', steps: [{ name: 'BINGMap.get_route', args: { start: 'New York City', end: 'Los Angeles' }, response: JSON.stringify({ route: steps }) }] }, new Rng(1, 'route'));
    expect(a).toContain('start on Mulberry Street heading north; after 4 km in town, take the ramp on the right for the highway; and arrive at Los Angeles.');
  });
});

describe('answer_grep_name_unsaid (bfcl_multi_turn_base_33-control-k2)', () => {
  const request = 'Use grep to find out the name of the function of the script.';
  const line = 'def deploy():    # update the system    pass# update the database# update the server# final checks';
  const calls = [{ name: 'GorillaFileSystem.grep', args: { file_name: 'deploy.py', pattern: 'def' }, response: JSON.stringify({ matching_lines: [line] }) }];
  it('flags the line quoted back for a name asked, and passes the name said', () => {
    expect(grepNameUnsaid({ request, calls, answer: 'I found that the only matching line is "def deploy(): # update the system pass# update the database# update the server# final checks".' })).toBeDefined();
    expect(grepNameUnsaid({ request, calls, answer: 'The function in "deploy.py" is called "deploy".' })).toBeUndefined();
    expect(grepNameUnsaid({ request: 'Find the lines with def.', calls, answer: 'The only matching line is "def deploy():".' })).toBeUndefined();
  });

  it('the writer says the name the grep found (failed on answer-writer-91)', () => {
    for (let seed = 0; seed < 4; seed++) {
      const a = offlineAnswer({ request, steps: calls }, new Rng(seed, 'grep'));
      expect(grepNameUnsaid({ request, calls, answer: a }), a).toBeUndefined();
      expect(a).toContain('function in "deploy.py" is called "deploy" (the line grep found opens "def deploy():")');
      // The match itself is still told: a quote holds the pattern (answer_grep_lines_unsaid, breached by the name alone on b4).
      expect(grepLinesUnsaid({ answer: a, calls }), a).toBeUndefined();
    }
  });
});
