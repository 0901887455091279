import { describe, expect, it } from 'vitest';
import { offlineAnswer, type AnswerInput } from '../../stages/resolve/answerWriter.js';
import { Rng } from '../../pipeline/rng.js';
import { deedRun, failedCalledPending, fieldWordCount, idForTitle, pendingSingular, placeholderFact, questionParroted, recordCommaRun } from '../../pipeline/quality/measures/answerReads.js';
import { recordDump } from '../../pipeline/quality/measures/answerCraft.js';
import { unphrasedField } from '../../pipeline/quality/measures/text.js';
import { DEFAULT_QUALITY_THRESHOLDS } from '../../pipeline/config.js';

const seeds = Array.from({ length: 12 }, (_, i) => new Rng(i, 'answer-writer'));
const answers = (input: AnswerInput) => seeds.map((rng) => offlineAnswer(input, rng));

const OVERVIEW = 'Spanning the years 1945 to 1955, a chronicle of the fictional Italian-American Corleone crime family. When organized crime family patriarch, Vito Corleone barely survives an attempt on his life, his youngest son, Michael steps in to take care of the would-be killers, launching a campaign of bloody revenge.';
const godfather = { id: 238, title: 'The Godfather', genres: [{ id: 18, name: 'Drama' }, { id: 80, name: 'Crime' }], release_date: '1972-03-14', runtime: 175, overview: OVERVIEW, vote_average: 8.7 };
const topRated = { results: [{ id: 238, title: 'The Godfather', vote_average: 8.7 }, { id: 278, title: 'The Shawshank Redemption', vote_average: 8.7 }] };
const reviews = (who: string) => ({ results: [{ author: who, rating: 10, content: 'Worth every minute.' }] });

describe('a record with a long text is not one comma run (answer_record_comma_run)', () => {
  it('flags the f23 form and passes the text said after the record', () => {
    expect(recordCommaRun('"The Godfather" (movie 238) is a drama and crime film, released 14 March 1972, 175 minutes long, the overview reads "' + OVERVIEW + '", rated 8.7 and with a popularity of 14136.')).toBeDefined();
    expect(recordCommaRun('"Batman Begins" (movie 272) is an action, crime and drama film, released 10 June 2005, 140 minutes long, the overview is "After years abroad learning to fight, Bruce Wayne returns to a corrupt Gotham City and takes up the mask of Batman.", rated 7.7.')).toBeDefined();
    expect(recordCommaRun('"The Godfather" (movie 238) is a drama and crime film, released 14 March 1972, 175 minutes long and rated 8.7. Its overview reads "' + OVERVIEW + '"')).toBeUndefined();
  });
  it('says the overview in a sentence of its own, whole', () => {
    const input: AnswerInput = { request: 'Give me the details of movie 238, including its overview.', steps: [{ name: 'FilmTMDB.get_movie_details', args: { movie_id: 238 }, response: JSON.stringify(godfather) }] };
    for (const a of answers(input)) {
      expect(recordCommaRun(a)).toBeUndefined();
      expect(a).toContain(OVERVIEW);
      expect(a).toMatch(/14 March 1972/);
      expect(a).toMatch(/175/);
    }
  });
});

describe('a film named by its title is not called by its id after (answer_id_for_title)', () => {
  const calls = [{ response: JSON.stringify(topRated) }];
  it('flags "For movie 238" after the list gave its title, passes the title and an id beside it', () => {
    expect(idForTitle({ calls, answer: 'There are 2 films: "The Godfather" and "The Shawshank Redemption". For movie 238, I found 1 review: …' })).toBeDefined();
    expect(idForTitle({ calls, answer: 'For "The Godfather", I found 1 review: …' })).toBeUndefined();
    expect(idForTitle({ calls, answer: '"The Godfather" (movie 238) is a drama.' })).toBeUndefined();
  });
  it('names the films whose reviews it tells by their titles', () => {
    const input: AnswerInput = {
      request: 'Show me the top rated movies and the reviews of the first two.',
      steps: [
        { name: 'FilmTMDB.get_top_rated_movies', args: {}, response: JSON.stringify(topRated) },
        { name: 'FilmTMDB.get_movie_reviews', args: { movie_id: 238 }, response: JSON.stringify(reviews('Maya Garcia')) },
        { name: 'FilmTMDB.get_movie_reviews', args: { movie_id: 278 }, response: JSON.stringify(reviews('John Chard')) },
      ],
    };
    for (const a of answers(input)) {
      expect(idForTitle({ calls: input.steps, answer: a })).toBeUndefined();
      expect(a).toMatch(/"The Godfather"[^.]*Maya Garcia/);
    }
  });
  it('names a failed look-up\'s film by the title an earlier call gave', () => {
    const input: AnswerInput = {
      request: 'Show me the top rated movies and the details of the first.',
      steps: [
        { name: 'FilmTMDB.get_top_rated_movies', args: {}, response: JSON.stringify(topRated) },
        { name: 'FilmTMDB.get_movie_details', args: { movie_id: 238 }, response: '429 RESOURCE_EXHAUSTED', error: '429 RESOURCE_EXHAUSTED' },
      ],
    };
    for (const a of answers(input)) expect(idForTitle({ calls: input.steps, answer: a })).toBeUndefined();
  });
});

describe('a search result is named by its title, not its id (answer_id_for_title)', () => {
  const search = { name: 'GoogleScholar.search_google_scholar', args: { query: 'machine learning in healthcare' }, response: JSON.stringify({ title: ['Machine learning in healthcare: A review', 'Interpretable ML'], cited_by: [297, 584], organic_id: ['I9ke4-WO9y8J', '0-gwNu8O3TQJ'] }) };
  it('flags "The citation for "I9ke4-WO9y8J"" after the search listed it with its title', () => {
    expect(idForTitle({ calls: [search], answer: 'The citation for "I9ke4-WO9y8J" is "Tanaka, Carmen. 2013."' })).toBeDefined();
    expect(idForTitle({ calls: [search], answer: 'The citation for "Machine learning in healthcare: A review" is "Tanaka, Carmen. 2013."' })).toBeUndefined();
  });
  it('names each citation by the title of the result it is for', () => {
    const cite = (q: string, c: string) => ({ name: 'GoogleScholar.get_citation_format', args: { q }, response: JSON.stringify({ citation: c }) });
    const input: AnswerInput = { request: 'Search Google Scholar for machine learning in healthcare and give me the citations of the results.', steps: [search, cite('I9ke4-WO9y8J', 'Tanaka, Carmen. 2013.'), cite('0-gwNu8O3TQJ', 'Schmidt, David. 2008.')] };
    for (const a of answers(input)) {
      expect(idForTitle({ calls: input.steps, answer: a })).toBeUndefined();
      expect(a).not.toContain('I9ke4-WO9y8J');
    }
  });
});

it('reads a quote after a short one as a quote (answer_field_unphrased pairs quotes left to right)', () => {
  expect(unphrasedField('"The Matrix" has id 603. "The Matrix" is an action film, released 30 March 1999. The overview says "A hacker learns that the world he lives in is a simulation run by machines."')).toBeUndefined();
  expect(unphrasedField('"The Matrix" has id 603. The created by is tech_guru.')).toBeDefined();
});

describe('a wrapper key is never told as a thing found', () => {
  it('says a wrapped named record of its name, not "the results have at …"', () => {
    const input: AnswerInput = { request: 'Get the details of AAPL: address, homepage and list date.', steps: [{ name: 'PolygonFinance.get_ticker_details', args: { ticker: 'AAPL' }, response: JSON.stringify({ results: { address: 'One Apple Park Way, Cupertino, CA 95014', list_date: '1980-12-12', homepage_url: 'https://www.apple.com', name: 'Apple Inc.' } }) }] };
    for (const a of answers(input)) {
      expect(a).not.toMatch(/the results? ha(?:s|ve)\b/);
      // Said of its name, the ticker it was asked by beside it (answer-writer-152: the {"results": …} wrapper read as the record it holds).
      expect(a).toMatch(/"Apple Inc\." (?:\(AAPL\) )?is at One Apple Park Way/);
    }
  });
  it('says what a search\'s "content" holds, not "the content has"', () => {
    const serper = { content: { organic: [{ title: 'A', link: 'l' }, { title: 'B', link: 'l' }], relatedSearches: [{ query: 'r1' }] } };
    const plain = { content: ['Tool A - Reddit. People ask.', 'Tool B - SciAm. Researchers explain.'] };
    for (const response of [serper, plain]) {
      const input: AnswerInput = { request: 'Search Google for big data tools.', steps: [{ name: 'GoogleSearch.serper_search', args: { query: 'big data tools' }, response: JSON.stringify(response) }] };
      for (const a of answers(input)) expect(a).not.toMatch(/\bthe content\b|organic entr/);
    }
  });
});

describe("a web search's results said as a person passes them on (answer-writer-68)", () => {
  const organic = (n: number) => Array.from({ length: n }, (_, i) => ({ title: `Page ${i + 1} - Site`, link: `https://site.example/p${i + 1}`, snippet: `About page ${i + 1}.`, position: i + 1 }));
  const serper = (n: number) => ({ content: { searchParameters: { q: 'big data tools', type: 'search', engine: 'google' }, organic: organic(n), peopleAlsoAsk: [{ question: 'What is big data?', snippet: '…', title: 'Big data - Wikipedia', link: 'https://en.wikipedia.org/wiki/Big_data' }], relatedSearches: [{ query: 'big data tools list' }] } });
  const input = (n: number, request = 'Search Google for big data tools and give me up to three results.'): AnswerInput => ({ request, steps: [{ name: 'GoogleSearch.serper_search', args: { query: 'big data tools' }, response: JSON.stringify(serper(n)) }] });

  it('names each result with its link, the first three of a longer list, and not the side sections unasked', () => {
    for (const a of answers(input(3))) {
      expect(a).toMatch(/(?:A search for "big data tools" found|Searching for "big data tools" turned up|I searched for "big data tools" and found|The search for "big data tools" came back with) 3 results: "Page 1 - Site" \(https:\/\/site\.example\/p1\), "Page 2 - Site" \(https:\/\/site\.example\/p2\) and "Page 3 - Site" \(https:\/\/site\.example\/p3\)\./);
      expect(a).not.toMatch(/related (?:questions|searches)|people also ask|Big data - Wikipedia/i);
    }
    for (const a of answers(input(9))) expect(a).toMatch(/found 9 results; the first three are "Page 1 - Site" \(https:\/\/site\.example\/p1\), "Page 2 - Site" \(https:\/\/site\.example\/p2\) and "Page 3 - Site"|turned up 9 results; the first three are/);
  });

  it('says the questions people also ask and the related searches when the user asks for them, as questions and searches', () => {
    for (const a of answers(input(2, 'Search Google for big data tools; tell me the related searches and what people also ask.'))) {
      expect(a).toMatch(/People also ask "What is big data\?"\.? Related/);
      expect(a).toContain('Related searches include "big data tools list".');
    }
  });
});

describe('an unsettled question is told by what was looked at (answer_question_parroted)', () => {
  it('flags the question handed back, passes what the listing shows', () => {
    expect(questionParroted('I can\'t tell from this whether the current directory is under your name. The current directory holds "workspace".')).toBeDefined();
    expect(questionParroted('The listing shows only "workspace"; it doesn\'t say whose directory this is.')).toBeUndefined();
  });
  it('says the room check failed rather than parroting the question', () => {
    const input: AnswerInput = {
      request: 'Read the file at path `data/hotel.txt`. Then, check if the first available meeting room is free for the event from 14:00 to 18:00. If available, reserve the room for the event.',
      steps: [
        { name: 'FileOperation.read_file', args: { file_path: 'data/hotel.txt' }, response: "{'text': 'Notes: hotel'}" },
        { name: 'ReserveMeeting.get_empty_room_with_time', args: { start_time: '14:00', end_time: '18:00' }, response: 'ConnectionError: Connection refused', error: 'ConnectionError: Connection refused' },
      ],
      waiting: [{ name: 'ReserveMeeting.reserve', args: { room_id: 1 }, needsFailed: true }],
    };
    for (const a of answers(input)) {
      expect(questionParroted(a)).toBeUndefined();
      expect(a).toMatch(/^I don't know yet whether the first available meeting room is free/);
    }
  });
});

describe('deeds in a row read as one account, not a log (answer_deed_run)', () => {
  it('flags three "I …ed" sentences in a row and two with one verb, passes them joined', () => {
    expect(deedRun('I moved into "document". I created the directory "temp". I have moved "final_report.pdf" to "temp".')).toBeDefined();
    expect(deedRun('I copied "a" to "X". I copied "b" to "X".')).toBeDefined();
    expect(deedRun('I moved into "document", created the directory "temp" and then moved "final_report.pdf" to "temp".')).toBeUndefined();
  });
  it('ends a sentence at a quote ending in its own mark (teval_query_372_2: "… IBC!" The only room is 102.)', () => {
    expect(deedRun('I sent the email to a@b.com. I found 2 emails: "AAAI-23 Phase 1 notification" and "Deadline Extended - Let\'s Build!" The only room is 102. I have reserved room 102 from 10:00 to 12:00.')).toBeUndefined();
    expect(deedRun('I sent the email. I found the note "Done!" I reserved room 102.')).toBeDefined();
  });
  it('joins one-clause deeds and groups copies to one place, keeping every name', () => {
    const files: AnswerInput = { request: 'Go to document, make temp and move the report there.', steps: [
      { name: 'GorillaFileSystem.cd', args: { folder: 'document' }, response: '{"current_working_directory": "document"}' },
      { name: 'GorillaFileSystem.mkdir', args: { dir_name: 'temp' }, response: 'None' },
      { name: 'GorillaFileSystem.mv', args: { source: 'final_report.pdf', destination: 'temp' }, response: '{"result": "\'final_report.pdf\' moved to \'temp/final_report.pdf\'"}' },
    ] };
    for (const a of answers(files)) {
      expect(deedRun(a)).toBeUndefined();
      for (const name of ['"document"', '"temp"', '"final_report.pdf"']) expect(a).toContain(name);
    }
    const names = ['report1.txt', 'report2.txt', 'History101.txt', 'History202.txt'];
    const copies: AnswerInput = { request: 'Copy the reports into Archived_Quarter1.', steps: names.map((f) => ({ name: 'GorillaFileSystem.cp', args: { source: f, destination: 'Archived_Quarter1' }, response: `{"result": "'${f}' copied to 'Archived_Quarter1/${f}'"}` })) };
    for (const a of answers(copies)) expect(a).toBe('I copied "report1.txt", "report2.txt", "History101.txt" and "History202.txt" to "Archived_Quarter1".');
  });
});

describe('a task for several films is said for all of them (answer_pending_singular)', () => {
  // teval_query_470_0-env-k1 on the merged build f53: the films' ids only the failed top-rated list would give were all marked
  // unshown, so the three reviews counted as one ("get the reviews of the movie and get the details of the movie").
  it('counts waiting steps whose ids nothing shown gives by the ids they take', () => {
    const top3 = 'Can you please provide me with the top 3 highest-rated movies? I am interested in reading user reviews for each of these movies.';
    const input = { request: top3, steps: [{ name: 'FilmTMDB.get_top_rated_movies', args: {}, response: 'HTTP 500 Internal Server Error', error: 'HTTP 500 Internal Server Error' }], waiting: [238, 278, 240].map((id) => ({ name: 'FilmTMDB.get_movie_reviews', args: { movie_id: id }, needsFailed: true })) };
    for (const a of answers(input)) {
      expect(a).toMatch(/the reviews of the three movies/);
      expect(a).not.toMatch(/238|278|240/);
      expect(pendingSingular(a, top3)).toBeUndefined();
    }
  });
  const request = 'Find out which movies are currently showing in China and retrieve the details of the first three movies.';
  it('flags one film where three were asked, passes the count', () => {
    expect(pendingSingular('Looking up the films now playing worked; still to do: getting the details of the film.', request)).toBeDefined();
    expect(pendingSingular('Looking up the films now playing worked; still to do: getting the details of the three films.', request)).toBeUndefined();
    expect(pendingSingular('Looking up the films now playing worked; getting the details of the film did not.', request)).toBeDefined();
    expect(failedCalledPending('Searching arXiv worked; still to do: sending the email. When I tried to send the email, the request timed out.')).toBeDefined();
    expect(failedCalledPending('Searching arXiv worked; sending the email did not. When I tried to send the email, the request timed out.')).toBeUndefined();
    expect(pendingSingular('Without it I can\'t go on to get the details of the film.', 'Identify the three most anticipated films. Choose one of these movies and describe it.')).toBeUndefined();
    // teval_query_95_2: "the first movie in the list" is one film; its similar films are said as films.
    expect(pendingSingular('Getting the details of the movie and finding films similar to the movie wait on it.', 'I want to get detailed information about the first movie in the list and also find the top three similar movies.')).toBeUndefined();
  });
  it('counts the films the waiting steps are for', () => {
    const film = (n: string) => ({ name: 'FilmDouban.print_detail', args: { film_name: n } });
    const input: AnswerInput = {
      request,
      steps: [
        { name: 'FilmDouban.now_playing_out_filter', args: {}, response: JSON.stringify({ film: [{ title: 'A' }, { title: 'B' }, { title: 'C' }] }) },
        { ...film('A'), response: 'HTTP 503 Service Unavailable', error: 'HTTP 503 Service Unavailable' },
      ],
      waiting: [{ ...film('B'), needsFailed: false }, { ...film('C') }],
    };
    for (const a of answers(input)) expect(pendingSingular(a, request)).toBeUndefined();
  });
  it('leaves all the films asked for to do when the look-up of the first fails (teval_query_217_1)', () => {
    const input: AnswerInput = {
      request: 'Find out which movies are currently showing in China and retrieve the details of the first three movies. Afterward, choose the first movie and obtain its description.',
      steps: [
        { name: 'FilmDouban.now_playing_out_filter', args: {}, response: JSON.stringify({ film: [{ title: 'A' }, { title: 'B' }, { title: 'C' }] }) },
        { name: 'FilmDouban.print_detail', args: { film_name: 'A' }, response: 'HTTP 503 Service Unavailable', error: 'HTTP 503 Service Unavailable' },
      ],
    };
    const all = answers(input);
    for (const a of all) expect(pendingSingular(a, input.request)).toBeUndefined();
    // Since answer-writer-99 the one failure is said once, by its own sentence (answer_failure_said_twice): the failed
    // look-up was of "A" alone, so it is said of "A"; the old opener's "but not getting the details of the three films"
    // went with the failure sentence it repeated.
    expect(all.some((a) => /the details of the film "A"/.test(a))).toBe(true);
  });
});

describe('a placeholder value is no fact (answer_placeholder_fact)', () => {
  const author = { name: 'Jane Brown', affliation: 'Unknown affiliation', articles: ['Deep nets', 'Shallow nets'], website: 'https://jb.example.org/' };
  const calls = [{ name: 'GoogleScholar.get_author_information', args: { author_id: 'x' }, response: JSON.stringify(author) }];
  it('flags "is at Unknown affiliation" and a value told as null, passes the field said to be missing', () => {
    expect(placeholderFact({ request: 'Find the author Jane Brown.', calls, answer: 'Jane Brown is at Unknown affiliation; their articles include "Deep nets" and "Shallow nets".' })).toBeDefined();
    expect(placeholderFact({ request: 'Get the reviews.', calls: [], answer: 'I found 1 review: user "ohlalipop", rating null and content "Great".' })).toBeDefined();
    expect(placeholderFact({ request: 'Find the author Jane Brown.', calls, answer: 'No affiliation is listed for Jane Brown; their articles include "Deep nets" and "Shallow nets".' })).toBeUndefined();
    expect(placeholderFact({ request: 'Are any rooms free?', calls: [{ name: 'R.get', args: {}, response: JSON.stringify({ rooms: [], note: 'none' }) }], answer: 'None of the rooms is free.' })).toBeUndefined();
  });
  it('says no affiliation is listed instead of placing the author at it', () => {
    const input: AnswerInput = { request: 'Find information about the author Jane Brown.', steps: [{ ...calls[0] }] };
    for (const a of answers(input)) {
      expect(placeholderFact({ request: input.request, calls, answer: a })).toBeUndefined();
      expect(a).toMatch(/No affiliation is listed for Jane Brown/);
      expect(a).toContain('"Deep nets"');
    }
  });
  it('leaves a field with no value out of a record', () => {
    const input: AnswerInput = { request: 'Get the reviews of movie 27205.', steps: [{ name: 'FilmTMDB.get_movie_reviews', args: { movie_id: 27205 }, response: JSON.stringify({ reviews: [{ user: 'ohlalipop', rating: null, content: 'Great.' }, { user: 'Varya', rating: 8, content: 'Fine.' }] }) }] };
    for (const a of answers(input)) expect(placeholderFact({ request: input.request, calls: [], answer: a })).toBeUndefined();
  });
});

describe('a long text is told by its opening, fields without "and with" (answer_field_word_count)', () => {
  const SUMMARY = 'Benefiting from the digitization of healthcare data and the development of computing power, machine learning methods are increasingly used in the healthcare domain. ' + 'Fairness problems have been identified in machine learning for healthcare, resulting in an unfair allocation of limited resources. '.repeat(3);
  it('flags a word count and a chained "and with", passes the opening', () => {
    expect(fieldWordCount('"Fair ML", by Qizhang Feng, Xia Hu and with summary 106 words of text, opening with "Benefiting …"')).toBeDefined();
    expect(fieldWordCount('"Batman Begins", released 10 June 2005, rated 7.7 and with id 272.')).toBeDefined();
    expect(fieldWordCount('"Fair ML" by Qizhang Feng and Xia Hu (its summary opens "Benefiting …")')).toBeUndefined();
    expect(fieldWordCount('I moved the file, and with that the folder is empty.')).toBeUndefined();
    // An item's text by its opening belongs to the item; a list that swallows the record's fields is still caught.
    expect(recordDump({ request: 'x', answer: 'Searching turned up 2 results: "Paper A", whose summary opens "We study x."; and "Paper B", whose summary begins "We study y."' })).toBeUndefined();
    expect(recordDump({ request: 'x', answer: 'I found 2 genres: "Drama" and "Crime", release date 14 March 1972.' })).toBeDefined();
  });
  it('says a summary straight after the title with "whose"', () => {
    const input: AnswerInput = { request: 'Search arXiv and send the title and summary of the first two papers.', steps: [{ name: 'ArxivSearch.get_arxiv_article_information', args: { query: 'ml' }, response: JSON.stringify({ content: [{ title: 'Paper A', summary: SUMMARY }, { title: 'Paper B', summary: SUMMARY }] }) }] };
    for (const a of answers(input)) {
      expect(fieldWordCount(a)).toBeUndefined();
      expect(recordDump({ answer: a, request: input.request })).toBeUndefined();
      expect(a).toMatch(/"Paper A", whose summary (?:opens|begins|starts) "Benefiting/);
    }
  });
  it('says each paper\'s summary by its opening after its authors', () => {
    const paper = (title: string, authors: string) => ({ published_date: '2023-01-01', title, authors, summary: SUMMARY });
    const input: AnswerInput = {
      request: 'Search for papers on machine learning in healthcare and send the title, authors and summary of the first three papers to jane@example.com.',
      steps: [{ name: 'ArxivSearch.get_arxiv_article_information', args: { query: 'machine learning in healthcare' }, response: JSON.stringify({ content: [paper('Fair Machine Learning in Healthcare: A Review', 'Qizhang Feng, Mengnan Du, Na Zou, Xia Hu'), paper('Probabilistic Machine Learning for Healthcare', 'Irene Y. Chen, Rajesh Ranganath')] }) }],
    };
    for (const a of answers(input)) {
      expect(fieldWordCount(a)).toBeUndefined();
      expect(recordDump({ answer: a, request: input.request })).toBeUndefined();
      expect(a).toMatch(/by Qizhang Feng, Mengnan Du, Na Zou and Xia Hu \(its summary (?:opens|begins|starts) "Benefiting from the digitization/);
    }
  });
  it('puts a record\'s "with" fields after a comma', () => {
    const films = { films: [{ id: 272, title: 'Batman Begins', release_date: '2005-06-10', vote_average: 7.7, popularity: 3925 }, { id: 299054, title: 'Expend4bles', release_date: '2023-09-15', vote_average: 6.3, popularity: 11974 }] };
    const input: AnswerInput = { request: 'Give me the popular movies with their release date, rating and popularity.', steps: [{ name: 'FilmTMDB.get_popular_movies', args: {}, response: JSON.stringify(films) }] };
    for (const a of answers(input)) {
      expect(fieldWordCount(a)).toBeUndefined();
      expect(a).toMatch(/rated 7\.7, with a popularity of 3,?925/);
    }
  });
});

it('gates the measures driven to 0', () => {
  for (const id of ['answer_id_for_title', 'answer_question_parroted', 'answer_pending_singular', 'answer_placeholder_fact', 'answer_field_word_count']) expect(DEFAULT_QUALITY_THRESHOLDS[id]).toBe(0);
});

describe('two findings in a row are not told "I found …" twice (answer_deed_run, answer-writer-59)', () => {
  const places = { places: [{ name: 'Bistro Basile' }, { name: 'The Little Willow' }, { name: 'Orchard Kitchen' }] };
  const emails = { emails: [{ subject: 'AAAI-23 Phase 1 notification' }, { subject: 'Hackathon deadline extended' }, { subject: 'Info session' }] };
  it('says the second finding with "also" or in another frame, keeping every name (teval_query_264_0)', () => {
    // 41 of 200 seeds told "I came across 3 places: …. I came across 3 emails: …" on answer-writer-58.
    const input: AnswerInput = {
      request: 'Find restaurants near Times Square and show me my latest emails.',
      steps: [
        { name: 'GoogleMap.search_nearby', args: {}, response: JSON.stringify(places) },
        { name: 'Email.show_email', args: {}, response: JSON.stringify(emails) },
      ],
    };
    for (const a of Array.from({ length: 60 }, (_, i) => offlineAnswer(input, new Rng(i, 'answer-writer')))) {
      expect(deedRun(a)).toBeUndefined();
      expect(a).not.toMatch(/I found that/);
      for (const n of ['Bistro Basile', 'Orchard Kitchen', 'AAAI-23 Phase 1 notification', 'Info session']) expect(a).toContain(n);
    }
  });
});

describe('a named company record keeps its long description apart (answer_record_comma_run, answer-writer-59)', () => {
  const DESC = 'Tesla designs and makes electric cars (Model S, 3, X and Y), battery storage systems and solar products, and runs a network of Supercharger stations.';
  const detail = { address: '1 Tesla Road, Austin, TX 78725', homepage_url: 'https://www.tesla.com', description: DESC, list_date: '2010-06-29', name: 'Tesla, Inc.' };
  const news = { results: [{ title: 'Tesla named a new head of operations', summary: 'Effective next month.', author: 'Noah Evans' }] };
  it('says the record of its name and the description after it (teval_query_315_1)', () => {
    const input: AnswerInput = {
      request: 'Find recent news on Tesla, and give me Tesla\'s company address, homepage URL, description and listing date.',
      steps: [
        { name: 'PolygonFinance.get_ticker_news', args: { ticker: 'TSLA' }, response: JSON.stringify(news) },
        { name: 'PolygonFinance.get_ticker_detail', args: { ticker: 'TSLA' }, response: JSON.stringify(detail) },
      ],
    };
    for (const a of answers(input)) {
      expect(recordCommaRun(a)).toBeUndefined();
      expect(a).toContain(DESC);
      expect(a).toContain('1 Tesla Road');
      expect(a).not.toMatch(/and name "Tesla, Inc\."/);
    }
  });
});
