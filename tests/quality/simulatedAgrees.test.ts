/**
 * A simulated answer agrees with the call it answers (h-sim13): a file read at a bare name whose
 * user-named path sits in a directory is not found; a forecast has `days` days and a value above
 * the doc's stated maximum or a "lat,lon" string off the globe is refused; a recorded status names
 * this call's file; similar films never list the film itself; a device I/O error on a call that
 * writes says writing. Each rule, the simulator that keeps it, and the measure that flags it.
 */
import { describe, expect, it } from 'vitest';
import type { Action, ChatMessage, TestCase, ToolDoc, Trajectory } from '../../pipeline/schemas.js';
import { namesPath, pathProblem } from '../../pipeline/errors/pathKinds.js';
import { simulatedPathSuccess } from '../../pipeline/quality/measures/paths.js';
import { simulatedStatusContradictsCheck, ioErrorDirectionWrong, similarFilmsListItself, similarFilmsUnlike, similarFilmsUntitled, unlikeFilm, simulatedClockContradictedLater, simulatedStatusNamesOtherPath, simulatedSuccessRuledOut, successRuledOut } from '../../pipeline/quality/measures/simulatedAgrees.js';
import { environmentMessage, refusalContent, simulateOffline, statedMaximum, validateCall } from '../../pipeline/resolution/simulatorRules.js';
import { recordedStatus } from '../../pipeline/resolution/idSearch.js';
import { causeOf } from '../../stages/resolve/failureSentences.js';
import { parseToolResponse } from '../../pipeline/prompts/parseAction.js';
import { Rng } from '../../pipeline/rng.js';
import { carriesFor } from '../../pipeline/resolution/grounded.js';
import { answeredDoc } from '../../pipeline/resolution/worldAnswer.js';

const s = (name: string, description: string, type: 'string' | 'integer' = 'string') => ({ name, type, description });
const READ: ToolDoc = { name: 'FileOperation.read_file', description: 'get the text inside a file', required_parameters: [s('file_path', 'The path of the file.')], optional_parameters: [], return_data: [{ name: 'text', description: 'the text inside the file' }] };
const WRITE: ToolDoc = { name: 'FileOperation.write_file', description: 'write text to a file', required_parameters: [s('file_path', 'The path of the file.'), s('text', 'the text')], optional_parameters: [], return_data: [{ name: 'status', description: 'the result' }] };
const FORECAST: ToolDoc = {
  name: 'Weather.forecast_weather',
  description: 'forecast weather in the N upcoming days',
  required_parameters: [s('location', '[Required] The location (string).'), s('days', '[Required] the N number of days later, maximum N is 3', 'integer')],
  optional_parameters: [],
  return_data: [{ name: 'results', description: 'list weather forecast of N days, including date, overall weather and temperature' }],
};
const DISTANCE: ToolDoc = { name: 'BINGMap.get_distance', description: 'Get the distance between two locations in km.', required_parameters: [s('start', '[Required] The start location.'), s('end', '[Required] The end location.')], optional_parameters: [], return_data: [{ name: 'distance', description: 'the distance in km.' }] };
const SIMILAR: ToolDoc = { name: 'FilmTMDB.get_similar_movies', description: 'Get a list of similar movies.', required_parameters: [{ name: 'movie_id', type: 'integer' as const, description: 'the id of the movie' }], optional_parameters: [], return_data: [{ name: 'films', description: 'list of similar films' }] };
const SAVE: ToolDoc = { name: 'PPT.save_file', description: 'save the file', required_parameters: [], optional_parameters: [], return_data: [{ name: 'status', description: 'the result' }], locality: 'local' } as ToolDoc;
const TOOLS = [READ, WRITE, FORECAST, DISTANCE, SIMILAR, SAVE];

/** An internal case whose last call is `wrong`, answered `answer` by the tier `response`. */
function caseOf(wrong: Action, answer: string, user: string, response = 'simulated:api-simulator-66', errorType = 'parameters_value_error'): TestCase {
  const messages: ChatMessage[] = [
    { role: 'system', content: 'tools' },
    { role: 'user', content: user },
    { role: 'assistant', content: JSON.stringify(wrong) },
    { role: 'function', content: answer },
  ];
  return { id: 'c', kind: 'internal', errorType, cot: false, trajectoryId: 't', source: 'teval', k: 1, messages, tools: TOOLS, groundTruth: wrong, erroneousAction: wrong, provenance: { methods: { response }, parents: [] } } as unknown as TestCase;
}
const traj: Trajectory = { id: 't', source: 'teval', tools: TOOLS, turns: [], final: '', meta: {} };
const ctx = { trajectory: () => traj, baseCase: () => undefined };

describe('a file read at a path nobody gave', () => {
  it('a bare name is not the user-named path in a directory', () => {
    const user = "gather more information from the file located at 'data_v2/template_data/paper_readme.txt'";
    expect(namesPath(user, 'data_v2/template_data/paper_readme.txt')).toBe(true);
    expect(namesPath(user, 'paper_readme.txt')).toBe(false);
    expect(namesPath('Read notes.txt, please.', 'notes.txt')).toBe(true);
    expect(namesPath('Read old_notes.txt', 'notes.txt')).toBe(false);
    expect(pathProblem(READ, { file_path: 'paper_readme.txt' }, { shown: user, earlier: [], tools: TOOLS })?.message).toBe("[Errno 2] No such file or directory: 'paper_readme.txt'");
    expect(pathProblem(READ, { file_path: 'data_v2/template_data/paper_readme.txt' }, { shown: user, earlier: [], tools: TOOLS })).toBeUndefined();
  });

  it('simulated_path_unusable flags the file content answered for the bare name', () => {
    const wrong = { name: READ.name, args: { file_path: 'paper_readme.txt' } };
    const user = "Use the file located at 'data_v2/template_data/paper_readme.txt'.";
    expect(simulatedPathSuccess.check(caseOf(wrong, '{"text": "Paper readme\\nLast updated by Hiro Brown."}', user), ctx)).toMatch(/paper_readme\.txt/);
    expect(simulatedPathSuccess.check(caseOf(wrong, `{'text': "Error: [Errno 2] No such file or directory: 'paper_readme.txt'"}`, user), ctx)).toBeNull();
  });
});

describe('a success the call\'s own arguments rule out', () => {
  it('the simulator answers days=2 with two days even when the user asked for three, and refuses days=500', () => {
    const two = simulateOffline({ name: FORECAST.name, args: { location: 'London', days: 2 }, tools: TOOLS, asked: 3, today: '2020-09-29' }, new Rng(1, 'f'));
    const results = (parseToolResponse(two.response) as { results: unknown[] }).results;
    expect(results).toHaveLength(2);
    expect(statedMaximum('the N number of days later, maximum N is 3')).toBe(3);
    expect(validateCall(FORECAST.name, { location: 'San Francisco', days: 500 }, TOOLS).join()).toMatch(/above the maximum of 3/);
    expect(validateCall(FORECAST.name, { location: 'San Francisco', days: 3 }, TOOLS)).toEqual([]);
  });

  it('a lat,lon string off the globe is refused, by Bing in its recorded 404 body', () => {
    const problems = validateCall(DISTANCE.name, { start: 'Tokyo Tower', end: '139.79289,35.71975' }, TOOLS);
    expect(problems.join()).toMatch(/latitude 139.79289 is outside/);
    const body = refusalContent(DISTANCE.name, problems.join('; '));
    expect(body).toMatch(/^\{'text': "\{'authenticationResultCode': 'ValidCredentials'.*'errorDetails': \['One or more locations specified in the waypoint parameter are invalid or require more information.', '139.79289,35.71975'\].*'statusCode': 404/);
    expect(validateCall(DISTANCE.name, { start: 'Tokyo Tower', end: '35.71975,139.79289' }, TOOLS)).toEqual([]);
  });

  it('the measure flags such successes and passes agreeing answers and refusals', () => {
    expect(successRuledOut(FORECAST, { location: 'London', days: 2 }, '{"results": [{"date": "2020-09-29"}, {"date": "2020-09-30"}, {"date": "2020-10-01"}]}')).toMatch(/days=2 answered with 3/);
    expect(successRuledOut(FORECAST, { location: 'London', days: 2 }, '{"results": [{"date": "2020-09-29"}, {"date": "2020-09-30"}]}')).toBeNull();
    const far = { name: FORECAST.name, args: { location: 'San Francisco', days: 500 } };
    expect(simulatedSuccessRuledOut.check(caseOf(far, '{"results": [{"date": "2024-06-22"}, {"date": "2024-06-23"}]}', 'Weather'), ctx)).toMatch(/above the maximum/);
    expect(simulatedSuccessRuledOut.check(caseOf(far, '{"error": "Invalid value for parameter \'days\' of Weather.forecast_weather: 500 is above the maximum of 3"}', 'Weather'), ctx)).toBeNull();
    const swapped = { name: DISTANCE.name, args: { start: 'Tokyo Tower', end: '139.79289,35.71975' } };
    expect(simulatedSuccessRuledOut.check(caseOf(swapped, '{"distance": 17.2}', 'Tokyo'), ctx)).toMatch(/off the globe/);
  });
});

describe('a recorded status names this call\'s file', () => {
  const examples = [{ args: { file_path: 'outputs/status.txt', text: 'Email sent successfully.' }, response: "{'status': 'File written successfully to outputs/status.txt.'}" }];
  it('the simulator puts the written path in the recorded words', () => {
    expect(recordedStatus(examples, { file_path: 'weather.txt', text: 'Sunny' })).toBe("{'status': 'File written successfully to weather.txt.'}");
    expect(recordedStatus([{ args: { theme: 'x', abs_location: 'a.ppt' }, response: "{'status': 'added page'}" }], { title: 'y' })).toBe("{'status': 'added page'}");
  });
  it('the measure flags a status naming another file', () => {
    const wrong = { name: WRITE.name, args: { file_path: 'weather.txt', text: 'Sunny' } };
    expect(simulatedStatusNamesOtherPath.check(caseOf(wrong, "{'status': 'File written successfully to outputs/status.txt.'}", 'Save it'), ctx)).toMatch(/outputs\/status\.txt/);
    expect(simulatedStatusNamesOtherPath.check(caseOf(wrong, "{'status': 'File written successfully to weather.txt.'}", 'Save it'), ctx)).toBeNull();
  });
});

describe('similar films', () => {
  it('the simulator never lists the queried film, and the measure flags one that does', () => {
    const answer = simulateOffline({ name: SIMILAR.name, args: { movie_id: 27205 }, tools: TOOLS }, new Rng(3, 's'));
    const films = (parseToolResponse(answer.response) as { films: { id: number }[] }).films;
    expect(films.map((f) => f.id)).not.toContain(27205);
    const call = { name: SIMILAR.name, args: { movie_id: 27205 } };
    expect(similarFilmsListItself.check(caseOf(call, '{"films": [{"id": 27205, "title": "Inception"}]}', 'Inception', 'simulated:x', ''), ctx)).toMatch(/27205 itself/);
    expect(similarFilmsListItself.check(caseOf(call, '{"films": [{"id": 157336, "title": "Interstellar"}]}', 'Inception', 'simulated:x', ''), ctx)).toBeNull();
  });
});

describe('similar films are other films like it (h-base25)', () => {
  it('a film the table does not know is never listed as like a film of its own title, and the measure flags one that is', () => {
    // teval_query_69_1: search_movie("Paris") → 8279 "Paris"; get_similar_movies(8279) listed 23119 "Paris".
    for (const seed of [1, 2, 3, 4, 5]) {
      const answer = simulateOffline({ name: SIMILAR.name, args: { movie_id: 8279 }, tools: TOOLS, known: { title: 'Paris', topic: 'Paris' } }, new Rng(seed, 'similar-paris'));
      const films = (parseToolResponse(answer.response) as { films: { title?: unknown }[] }).films;
      expect(films.length).toBeGreaterThan(0);
      for (const f of films) expect(String(f.title).toLowerCase()).not.toContain('paris');
    }
    expect(unlikeFilm([{ id: 23119, title: 'Paris' }], 8279, 'Paris')).toMatch(/"Paris" \(id 23119\) as like the film "Paris"/);
    expect(unlikeFilm([{ id: 23119, title: 'The Silent River' }], 8279, 'Paris')).toBeUndefined();
    // Known films: The Godfather (Drama, Crime) is not like Kung Fu Panda... only films sharing a genre are.
    expect(unlikeFilm([{ id: 603, title: 'The Matrix' }], 238, undefined)).toMatch(/The Matrix \(Action, Science Fiction\) as like The Godfather/);
    expect(unlikeFilm([{ id: 278, title: 'The Shawshank Redemption' }], 238, undefined)).toBeUndefined();
    const call = { name: SIMILAR.name, args: { movie_id: 238 } };
    expect(similarFilmsUnlike.check(caseOf(call, "{'films': [{'id': 603, 'title': 'The Matrix'}]}", 'Films like The Godfather', 'simulated:x', ''), ctx)).toMatch(/The Matrix/);
    expect(similarFilmsUnlike.check(caseOf(call, "{'films': [{'id': 240, 'title': 'The Godfather Part II'}]}", 'Films like The Godfather', 'simulated:x', ''), ctx)).toBeNull();
  });
});

describe('similar films with titles (h-sim20)', () => {
  it('a doc rewritten as "list of similar movies" still answers TMDB records with titles, and the measure flags plot lines', () => {
    const rewritten: ToolDoc = { ...SIMILAR, return_data: [{ name: 'films', description: 'list of similar movies' }] };
    expect(answeredDoc(rewritten).return_data[0].description).toMatch(/id, title, release_date/);
    // A doc that already lists the record's fields is left as it is.
    const listed: ToolDoc = { ...SIMILAR, return_data: [{ name: 'films', description: 'list of similar films, including id, title and popularity' }] };
    expect(answeredDoc(listed)).toEqual(listed);
    const tools = TOOLS.map((t) => (t.name === SIMILAR.name ? rewritten : t));
    for (const id of [238, 27205, 4242]) {
      const answer = simulateOffline({ name: SIMILAR.name, args: { movie_id: id }, tools }, new Rng(5, 'similar', String(id)));
      const films = (parseToolResponse(answer.response) as { films: unknown[] }).films;
      expect(films.length).toBeGreaterThan(0);
      for (const f of films) expect(typeof (f as { title?: unknown }).title).toBe('string');
    }
    const call = { name: SIMILAR.name, args: { movie_id: 238 } };
    const plots = '{"films": ["A small-town reporter is stranded with a ferry full of strangers after a storm, and the plan falls apart in the first hour."]}';
    expect(similarFilmsUntitled.check(caseOf(call, plots, 'Films like The Godfather', 'simulated:x', ''), ctx)).toMatch(/no title/);
    expect(similarFilmsUntitled.check(caseOf(call, "{'films': [{'id': 240, 'title': 'The Godfather Part II'}]}", 'Films like The Godfather', 'simulated:x', ''), ctx)).toBeNull();
  });
});

describe('a simulated clock agrees with the now a later step writes (h-sim20)', () => {
  const CLOCK: ToolDoc = { name: 'TimeTool.get_curr_time', description: 'get the current time', required_parameters: [], optional_parameters: [], return_data: [{ name: 'time', description: 'the time in YYYY-MM-DD HH:MM format' }] };
  const tools = [...TOOLS, CLOCK];
  const journal: Trajectory = {
    id: 'teval_query_420_0',
    source: 'teval',
    tools,
    turns: [{ user: 'Get the current date and time and write it to outputs/journal.txt.', steps: [{ action: { name: CLOCK.name, args: {} } }, { action: { name: WRITE.name, args: { file_path: 'outputs/journal.txt', text: '2023-10-21 11:14\n' } } }] }],
    final: '',
    meta: {},
  };

  it('the clock carries the date and time write_file writes, and answers it', () => {
    const carry = carriesFor(journal, 0, { known: () => undefined, simulated: () => true });
    expect(carry).toEqual([{ key: 'time', value: '2023-10-21 11:14', field: 'time' }]);
    const answer = simulateOffline({ name: CLOCK.name, args: {}, tools, carry }, new Rng(1, 'clock'));
    expect((parseToolResponse(answer.response) as { time: string }).time).toBe('2023-10-21 11:14');
    // A recorded clock is left alone.
    expect(carriesFor(journal, 0, { known: () => undefined, simulated: (i) => i !== 0 })).toEqual([]);
  });

  it('the measure flags a simulated now a later step contradicts, and passes one it repeats', () => {
    const tj = { ...journal, tools };
    const c = (answer: string): TestCase => {
      const clock = { name: CLOCK.name, args: {} };
      const tc = caseOf(clock, answer, 'Write the time to a file.', 'simulated:x', '');
      return { ...tc, kind: 'internal', errorType: '', tools, groundTruth: { name: WRITE.name, args: { file_path: 'outputs/journal.txt', text: '2023-10-21 11:14\n' } } } as TestCase;
    };
    const steps = { ...tj, turns: [{ ...tj.turns[0], steps: [{ ...tj.turns[0].steps[0], response: { content: "{'time': '2020-09-29 05:30'}", tier: 'simulated' as const } }, tj.turns[0].steps[1]] }] };
    const ctx2 = { trajectory: () => steps, baseCase: () => undefined };
    expect(simulatedClockContradictedLater.check(c("{'time': '2020-09-29 05:30'}"), ctx2)).toMatch(/2020-09-29 05:30; a later step writes 2023-10-21 11:14/);
    const agreeing = { ...steps, turns: [{ ...steps.turns[0], steps: [{ ...steps.turns[0].steps[0], response: { content: "{'time': '2023-10-21 11:14'}", tier: 'simulated' as const } }, steps.turns[0].steps[1]] }] };
    expect(simulatedClockContradictedLater.check(c("{'time': '2023-10-21 11:14'}"), { trajectory: () => agreeing, baseCase: () => undefined })).toBeNull();
  });
});

describe('a device I/O error on a call that writes', () => {
  it('says writing, and the closing sentence keeps it', () => {
    const texts = new Set(Array.from({ length: 60 }, (_, i) => environmentMessage('server_error', 'PPT.save_file', new Rng(i, 'io'), 'local')));
    const eio = [...texts].filter((t) => /EIO/.test(t));
    expect(eio.length).toBeGreaterThan(0);
    for (const t of eio) expect(t).toMatch(/writing to the (?:device|disk)/);
    expect(causeOf('save_file failed: I/O error (EIO) writing to the device')).toMatch(/I\/O error writing to the device/);
    const call = { name: SAVE.name, args: {} };
    expect(ioErrorDirectionWrong.check(caseOf(call, 'save_file failed: I/O error (EIO) reading from the device', 'Save', 'simulated:x', ''), ctx)).toMatch(/writes/);
    expect(ioErrorDirectionWrong.check(caseOf(call, 'save_file failed: I/O error (EIO) writing to the device', 'Save', 'simulated:x', ''), ctx)).toBeNull();
  });
});

describe('one API, one serialisation', () => {
  it('writes a simulated answer of an API T-Eval recorded as a Python literal as one', async () => {
    const { inRecordedForm, jsonAsPython, answerForm } = await import('../../pipeline/resolution/answerForm.js');
    const recorded = ["{'description': 'A documentary.', 'ok': True}"];
    expect(inRecordedForm('{"description": "It\'s a \\"film\\"", "score": 8.0, "ok": false, "x": null}', recorded)).toBe(`{'description': 'It\\'s a "film"', 'score': 8.0, 'ok': False, 'x': None}`);
    expect(jsonAsPython('{"error":"Missing required parameter \'days\'"}')).toBe(`{'error': "Missing required parameter 'days'"}`);
    // JSON-recorded APIs (BFCL) and plain texts stay as they are.
    expect(inRecordedForm('{"a": "b"}', ['{"a": "c"}'])).toBe('{"a": "b"}');
    expect(inRecordedForm('save_file failed: timed out', recorded)).toBe('save_file failed: timed out');
    expect(answerForm("{'a': 'b'}")).toBe('python');
    expect(answerForm('{"a": "b"}')).toBe('json');
  });

  it('the measure flags one API answering in both forms and passes one form', async () => {
    const { oneApiTwoForms } = await import('../../pipeline/quality/measures/simulatedAgrees.js');
    const details = (id: number) => ({ name: 'FilmTMDB.get_movie_details', args: { movie_id: id } });
    const mk = (second: string): TestCase => {
      const messages: ChatMessage[] = [
        { role: 'system', content: 'tools' },
        { role: 'user', content: 'Films' },
        { role: 'assistant', content: JSON.stringify(details(1)) },
        { role: 'function', content: "{'title': 'Inception'}" },
        { role: 'assistant', content: JSON.stringify(details(2)) },
        { role: 'function', content: second },
      ];
      return { id: 'c', kind: 'internal', errorType: '', cot: false, trajectoryId: 't', source: 'teval', k: 2, messages, tools: TOOLS, groundTruth: details(3), provenance: { methods: {}, parents: [] } } as unknown as TestCase;
    };
    expect(oneApiTwoForms.check(mk('{"title": "Interstellar"}'), ctx)).toMatch(/both as JSON and as a Python literal/);
    expect(oneApiTwoForms.check(mk("{'title': 'Interstellar'}"), ctx)).toBeNull();
  });

  it('wrong_call_form_unlike_toolkit flags an invented API refused in JSON after its toolkit\'s Python literals, and passes the same form', async () => {
    const { wrongCallFormUnlikeToolkit } = await import('../../pipeline/quality/measures/simulatedAgrees.js');
    const mk = (refusal: string, errorType = 'tool_hallucination_error'): TestCase => {
      const messages: ChatMessage[] = [
        { role: 'system', content: 'tools' },
        { role: 'user', content: 'Films' },
        { role: 'assistant', content: JSON.stringify({ name: 'FilmTMDB.search_movie', args: { query: 'Inception' } }) },
        { role: 'function', content: "{'id': 27205, 'title': 'Inception'}" },
        { role: 'assistant', content: JSON.stringify({ name: 'FilmTMDB.fetch_movie_details', args: { movie_id: 27205 } }) },
        { role: 'function', content: refusal },
      ];
      return { id: 'c', kind: 'internal', errorType, cot: false, trajectoryId: 't', source: 'teval', k: 2, messages, tools: TOOLS, groundTruth: { name: 'FilmTMDB.get_movie_details', args: { movie_id: 27205 } }, provenance: { methods: {}, parents: [] } } as unknown as TestCase;
    };
    expect(wrongCallFormUnlikeToolkit.check(mk('{"error":"API FilmTMDB.fetch_movie_details does not exist: FilmTMDB has no API named \\"fetch_movie_details\\""}'), ctx)).toMatch(/answers as JSON where FilmTMDB's other answers are Python literals/);
    expect(wrongCallFormUnlikeToolkit.check(mk(`{'error': 'API FilmTMDB.fetch_movie_details does not exist: FilmTMDB has no API named "fetch_movie_details"'}`), ctx)).toBeNull();
    // Widened (h-lead32): any wrong call's refusal, not an invented API's only. A key error of an API whose own
    // recordings are plain text (get_citation_format) was the one JSON among its toolkit's Python literals (teval_query_78_1).
    expect(wrongCallFormUnlikeToolkit.check(mk('{"error":"x"}', 'parameters_key_error'), ctx)).toMatch(/FilmTMDB's other answers are Python literals/);
    expect(wrongCallFormUnlikeToolkit.check(mk("{'error': 'x'}", 'parameters_key_error'), ctx)).toBeNull();
    // No other call of the toolkit shown: the case's other answers decide (an invented Weather API after Airbnb's literals, teval_query_114_2).
    const alone = mk('{"error":"API Weather.forecast_forecast does not exist: Weather has no API named \\"forecast_forecast\\""}');
    alone.messages[4] = { role: 'assistant', content: JSON.stringify({ name: 'Weather.forecast_forecast', args: { location: 'Oslo' } }) };
    expect(wrongCallFormUnlikeToolkit.check(alone, ctx)).toMatch(/the case's other answers are Python literals/);
  });
});

describe('a simulated room status list agrees with the recorded check (h-solv30)', () => {
  const STATUS: ToolDoc = { name: 'ReserveMeeting.get_room_status', description: 'get the room booking status', required_parameters: [], optional_parameters: [], return_data: [{ name: 'rooms', description: 'list of rooms as well as its booking status' }] };
  const CHECK: ToolDoc = { name: 'ReserveMeeting.get_empty_room_with_time', description: 'if they are any rooms available in the provided time', required_parameters: [s('start_time', 'the start time'), s('end_time', 'the end time')], optional_parameters: [], return_data: [{ name: 'rooms', description: 'list of available room ids' }] };
  const tools = [STATUS, CHECK];
  const check = { name: CHECK.name, args: { start_time: '14:00', end_time: '16:00' } };
  // teval_query_250_1: the simulated status, then the recorded check; the case shows the status and a wrong check.
  const world = (status: string): Trajectory => ({ id: 't', source: 'teval', tools, final: '', meta: {}, turns: [{ user: 'Check rooms 101, 102 and 103; reserve one free from 2pm to 4pm.', steps: [
    { action: { name: STATUS.name, args: {} }, response: { content: status, tier: 'simulated' } },
    { action: check, response: { content: "{'rooms': [103]}", tier: 'cache' } },
  ] }] });
  const caseShowing = (status: string): TestCase => {
    const wrong = { name: CHECK.name, args: { start_time: '2:00 PM', end_time: '16:00' } };
    const messages: ChatMessage[] = [
      { role: 'system', content: 'tools' },
      { role: 'user', content: 'Check rooms 101, 102 and 103; reserve one free from 2pm to 4pm.' },
      { role: 'assistant', content: JSON.stringify({ name: STATUS.name, args: {} }) },
      { role: 'function', content: status },
      { role: 'assistant', content: JSON.stringify(wrong) },
      { role: 'function', content: "{'error': 'Time should be in xx:xx format.'}" },
    ];
    return { id: 'c', kind: 'internal', errorType: 'parameters_value_error', cot: false, trajectoryId: 't', source: 'teval', k: 2, messages, tools, groundTruth: check, provenance: { methods: { response: 'simulated:x' }, parents: [] } } as unknown as TestCase;
  };
  const verdict = (status: string) => simulatedStatusContradictsCheck.check(caseShowing(status), { trajectory: () => world(status), baseCase: () => undefined });
  it('flags a room called free that the check leaves out, and one called taken that it finds free', () => {
    expect(verdict("{'rooms': ['Room 101: occupied until 15:00', 'Room 102: available', 'Room 103: free after 12:30']}")).toMatch(/room 102 is "available", yet the check from 14:00 finds only 103 free/);
    expect(verdict("{'rooms': ['Room 101: booked', 'Room 102: free after 13:00', 'Room 103: available']}")).toMatch(/room 102 is "free after 13:00"/);
    expect(verdict("{'rooms': ['Room 101: booked', 'Room 102: booked', 'Room 103: occupied until 15:00']}")).toMatch(/room 103 is "occupied until 15:00", yet the check from 14:00 finds it free/);
  });
  it('passes a list the check agrees with', () => {
    expect(verdict("{'rooms': ['Room 101: booked', 'Room 102: booked', 'Room 103: available']}")).toBeNull();
    expect(verdict("{'rooms': ['Room 101: occupied until 15:00', 'Room 102: booked', 'Room 103: free after 12:30']}")).toBeNull();
  });
});
