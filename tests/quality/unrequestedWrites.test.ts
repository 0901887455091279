import { describe, expect, it } from 'vitest';
import { pathMismatch, requestedExtension, unrequestedWrites } from '../../pipeline/quality/planFollows.js';
import { gtPathDropsNamedFolder, gtUnrequestedWrite } from '../../pipeline/quality/measures/plans.js';
import type { TestCase, ToolDoc } from '../../pipeline/schemas.js';

const doc = (name: string, params: [string, string][]): ToolDoc => ({ name, description: name, required_parameters: params.map(([n, d]) => ({ name: n, type: 'string', description: d })), optional_parameters: [], return_data: [] }) as unknown as ToolDoc;
const WRITE = doc('FileOperation.write_file', [['file_path', 'The path of the file.'], ['text', 'The text needed to write.']]);
const READ = doc('FileOperation.read_file', [['file_path', 'The path of the file.']]);
const CREATE = doc('PPT.create_file', [['theme', 'theme'], ['abs_location', 'The path of the file to create.']]);
const PAGE = doc('PPT.add_text_page', [['title', 'title'], ['bullet_items', 'items']]);
const SAVE = doc('PPT.save_file', []);
const RESERVE = doc('ReserveMeeting.reserve', [['room_id', 'room'], ['start_time', 'start'], ['end_time', 'end']]);
const DETAILS = doc('FilmTMDB.get_movie_details', [['movie_id', 'id']]);
const TOOLS = [WRITE, READ, CREATE, PAGE, SAVE, RESERVE, DETAILS];

// T-Eval 134_2, 392_1, 413_0, 134_0, 53_2, 420_0 as the upstream plans have them.
const MIAMI = "Once I have the information, I would like to create a presentation about the properties, with a text and image page for each property. After creating the presentation, save it to 'outputs/MiamiProperties.ppt'.";
const MOVIES = 'Please provide me with a list of movies that are currently playing. After I\'ve chosen the third movie from the list, I\'d like to read its user reviews. Additionally, I need to know its genres, release date, runtime, and a brief summary.';
const DIRECTOR = "Read the content of the file at `data_v2/template_data/movies.txt`. Based on the content, find information about the movie director's biography. After that, write a short summary of the director's life and works to the file at `outputs/director_summary.txt`.";
const PARIS = "Then, I would like to create a presentation about the trip, with a text page containing some information about Paris. Please read the content for the presentation from 'data_v2/template_data/paper_readme.txt'. After creating the presentation, save it to 'outputs/ParisTrip.ppt'.";
const HOTEL = "Please read the content of an existing file located at 'data_v2/template_data/hotel.txt' and provide me with the text. After making the necessary changes to the text, I want to create a new PowerPoint presentation with an education theme. Please create a PowerPoint file with the theme and save it at 'outputs/lesson_presentation.pptx'.";
const JOURNAL = "Then, create a new PowerPoint slide with the title 'Journal Entry'. Save the PowerPoint presentation as 'Daily_Journal.ppt' in the 'outputs' directory.";

describe('a side effect the request never asks for (planFollows.ts unrequestedWrites)', () => {
  it('flags the upstream plans\' unrequested writes, presentation, text over a presentation and overwritten input', () => {
    expect(unrequestedWrites(MIAMI, [{ name: 'PPT.create_file', args: { theme: 'Miami', abs_location: 'outputs/MiamiProperties.ppt' } }, { name: 'PPT.save_file', args: {} }, { name: 'FileOperation.write_file', args: { file_path: 'outputs/query_summary.txt', text: 'The presentation … has been saved.' } }], TOOLS)).toMatchObject([{ at: 2, why: 'unnamed_file', dependents: [] }]);
    expect(unrequestedWrites(MOVIES, [{ name: 'FilmTMDB.get_movie_details', args: { movie_id: '968051' } }, { name: 'FileOperation.write_file', args: { file_path: 'movie_details.txt', text: 'In 1956 France…' } }], TOOLS)).toMatchObject([{ at: 1, why: 'unnamed_file' }]);
    expect(unrequestedWrites(DIRECTOR, [{ name: 'FileOperation.read_file', args: { file_path: 'data_v2/template_data/movies.txt' } }, { name: 'PPT.create_file', args: { theme: 'default', abs_location: 'outputs/director_summary.pptx' } }, { name: 'PPT.add_text_page', args: { title: 'Bio', bullet_items: 'x' } }, { name: 'FileOperation.write_file', args: { file_path: 'outputs/director_summary.txt', text: 'Hayao Miyazaki …' } }], TOOLS)).toMatchObject([{ at: 1, why: 'no_presentation', dependents: [2] }]);
    expect(unrequestedWrites(PARIS, [{ name: 'PPT.create_file', args: { theme: 'default', abs_location: 'outputs/ParisTrip.ppt' } }, { name: 'FileOperation.read_file', args: { file_path: 'data_v2/template_data/paper_readme.txt' } }, { name: 'FileOperation.write_file', args: { file_path: 'outputs/ParisTrip.ppt', text: 'To make a sample Conference paper…' } }, { name: 'PPT.save_file', args: {} }], TOOLS)).toMatchObject([{ at: 2, why: 'text_over_presentation' }]);
    expect(unrequestedWrites(HOTEL, [{ name: 'FileOperation.read_file', args: { file_path: 'data_v2/template_data/hotel.txt' } }, { name: 'FileOperation.write_file', args: { file_path: 'data_v2/template_data/hotel.txt', text: 'changed' } }], TOOLS)).toMatchObject([{ at: 1, why: 'overwrites_input' }]);
    expect(unrequestedWrites('Could you supply a list of the highest-rated films?', [{ name: 'ReserveMeeting.reserve', args: { room_id: '103', start_time: '14:00', end_time: '16:00' } }], TOOLS)).toMatchObject([{ why: 'reserve_not_asked' }]);
  });

  it('passes writes the request asks for in other words, and a write a later step reads is needed', () => {
    const write = (path: string) => [{ name: 'FileOperation.write_file', args: { file_path: path, text: 'x' } }];
    expect(unrequestedWrites('After reviewing the options, I need to keep a record of the chosen property details.', write('chosen_property.txt'), TOOLS)).toEqual([]);
    expect(unrequestedWrites('Also, create a new text file with a content of "This is a sample text.".', write('sample.txt'), TOOLS)).toEqual([]);
    expect(unrequestedWrites('Note down the weather for tomorrow.', write('weather.txt'), TOOLS)).toEqual([]);
    expect(unrequestedWrites("Read 'data/notes.txt' and update the file 'data/notes.txt' with today's date.", [{ name: 'FileOperation.read_file', args: { file_path: 'data/notes.txt' } }, ...write('data/notes.txt')], TOOLS)).toEqual([]);
    expect(unrequestedWrites('Could you secure one meeting room from 2pm to 4pm?', [{ name: 'ReserveMeeting.reserve', args: { room_id: '103', start_time: '14:00', end_time: '16:00' } }], TOOLS)).toEqual([]);
    expect(unrequestedWrites(MOVIES, [...write('movie_details.txt'), { name: 'FileOperation.read_file', args: { file_path: 'movie_details.txt' } }], TOOLS)).toMatchObject([{ at: 0, neededBy: 1 }]);
  });

  it('gt_unrequested_write flags a case expecting the unrequested write and passes the requested one', () => {
    const caseOf = (user: string, groundTruth: unknown): TestCase => ({ id: 'c', kind: 'internal', errorType: '', cot: false, k: 1, tools: TOOLS, trajectoryId: 't', source: 'teval', provenance: {}, messages: [{ role: 'system', content: 'tools' }, { role: 'user', content: user }], groundTruth }) as unknown as TestCase;
    expect(gtUnrequestedWrite.check(caseOf(MOVIES, { name: 'FileOperation.write_file', args: { file_path: 'movie_details.txt', text: 'x' } }), {} as never)).toMatch(/movie_details\.txt" writes a file the request never asks for/);
    expect(gtUnrequestedWrite.check(caseOf(DIRECTOR, { name: 'FileOperation.write_file', args: { file_path: 'outputs/director_summary.txt', text: 'x' } }), {} as never)).toBeNull();
  });
});

describe('a path keeps the extension of the name the request gives (planFollows.ts pathMismatch)', () => {
  it('flags 420_0\'s "outputs/Daily_Journal.pptx" for \'Daily_Journal.ppt\' and repairs to the request\'s name', () => {
    expect(requestedExtension(JOURNAL, 'outputs/Daily_Journal.pptx')).toBe('Daily_Journal.ppt');
    expect(pathMismatch(JOURNAL, 'outputs/Daily_Journal.pptx')).toMatchObject({ requested: 'outputs/Daily_Journal.ppt', how: 'extension' });
    expect(pathMismatch('Save the PowerPoint presentation to `outputs/similar_movies.ppt`.', 'outputs/similar_movies.pptx')).toMatchObject({ requested: 'outputs/similar_movies.ppt', how: 'extension' });
    expect(pathMismatch(JOURNAL, 'outputs/Daily_Journal.ppt')).toBeUndefined();
    // Another kind of file with the same stem is another file (413_0's .pptx beside the .txt asked for).
    expect(requestedExtension(DIRECTOR, 'outputs/director_summary.pptx')).toBeUndefined();
    const tc = { id: 'c', kind: 'internal', errorType: '', cot: false, k: 1, tools: [CREATE], trajectoryId: 't', source: 'teval', provenance: {}, messages: [{ role: 'system', content: 'tools' }, { role: 'user', content: JOURNAL }], groundTruth: { name: 'PPT.create_file', args: { theme: 'default', abs_location: 'outputs/Daily_Journal.pptx' } } } as unknown as TestCase;
    expect(gtPathDropsNamedFolder.check(tc, {} as never)).toMatch(/changes the extension of "outputs\/Daily_Journal.ppt"/);
  });
});
