import { describe, expect, it } from 'vitest';
import { offlineAnswer, type AnswerInput } from '../../stages/resolve/answerWriter.js';
import { Rng } from '../../pipeline/rng.js';
import { deedRun, idForTitle, pendingSingular, questionParroted, recordCommaRun } from '../../pipeline/quality/measures/answerReads.js';
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
  const request = 'Find out which movies are currently showing in China and retrieve the details of the first three movies.';
  it('flags one film where three were asked, passes the count', () => {
    expect(pendingSingular('Looking up the films now playing worked; still to do: getting the details of the film.', request)).toBeDefined();
    expect(pendingSingular('Looking up the films now playing worked; still to do: getting the details of the three films.', request)).toBeUndefined();
    expect(pendingSingular('Without it I can\'t go on to get the details of the film.', 'Identify the three most anticipated films. Choose one of these movies and describe it.')).toBeUndefined();
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
});

it('gates the measures driven to 0', () => {
  for (const id of ['answer_id_for_title', 'answer_question_parroted']) expect(DEFAULT_QUALITY_THRESHOLDS[id]).toBe(0);
});
