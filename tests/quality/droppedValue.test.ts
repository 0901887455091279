/**
 * A CoT thought before a call that leaves out a required key must not state that key's value (the
 * default build: 'The user gave the file path as "data_v2/template_data/movies.txt".
 * FileOperation.read_file needs no further input, so I'll call it.' before `read_file({})`).
 */
import { describe, expect, it } from 'vitest';
import type { Action, TestCase, ToolDoc } from '../../pipeline/schemas.js';
import { erroneousThought } from '../../pipeline/errors/injectors/thoughts.js';
import { droppedValues, statesDroppedValue, statesUnpassedValue } from '../../pipeline/errors/leaks.js';
import { thoughtStatesDroppedValue } from '../../pipeline/quality/measures/errors.js';

const READ: ToolDoc = { name: 'FileOperation.read_file', description: 'get the text inside a file', required_parameters: [{ name: 'file_path', type: 'string', description: 'The path of the file.' }], optional_parameters: [], return_data: [{ name: 'text', description: 'the text' }] };
const correct: Action = {
  name: 'FileOperation.read_file',
  args: { file_path: 'data_v2/template_data/movies.txt' },
  thought: 'The user gave the file path as "data_v2/template_data/movies.txt". To start, I need to read file from disk, so I will call `read_file` with file path "data_v2/template_data/movies.txt".',
};
const dropped: Action = { name: 'FileOperation.read_file', args: {} };
const renamed: Action = { name: 'FileOperation.read_file', args: { path: 'data_v2/template_data/movies.txt' } };

const mk = (thought: string, wrong: Action = dropped): TestCase =>
  ({
    id: 'c',
    kind: 'internal',
    errorType: 'parameters_key_error',
    cot: true,
    trajectoryId: 't',
    source: 'teval',
    k: 1,
    messages: [
      { role: 'system', content: 'tools' },
      { role: 'user', content: 'Read `data_v2/template_data/movies.txt`.' },
      { role: 'assistant', content: JSON.stringify({ ...wrong, thought }) },
      { role: 'function', content: "{\"error\": \"Missing required parameter 'file_path'\"}" },
    ],
    tools: [READ],
    groundTruth: correct,
    erroneousAction: { ...wrong, thought },
    provenance: { methods: {}, parents: [] },
  }) as TestCase;

describe('thought before a dropped key', () => {
  it('the measure flags a thought stating the dropped value or claiming no input is needed', () => {
    const ctx = { trajectory: () => undefined, baseCase: () => undefined };
    expect(thoughtStatesDroppedValue.check(mk('The user gave the file path as "data_v2/template_data/movies.txt". I\'ll call it.'), ctx)).toMatch(/leaves out/);
    expect(thoughtStatesDroppedValue.check(mk('FileOperation.read_file needs no further input, so I\'ll call it.'), ctx)).toMatch(/needs no input/);
    expect(thoughtStatesDroppedValue.check(mk('To start I read the file. I\'ll call FileOperation.read_file.'), ctx)).toBeNull();
    // A renamed key still passes the value: stating it is no contradiction, and the case is not in the population.
    expect(droppedValues(correct, renamed)).toEqual([]);
    expect(thoughtStatesDroppedValue.check(mk('The user gave the file path as "data_v2/template_data/movies.txt".', renamed), ctx)).toBeUndefined();
  });

  it('does not count a mention inside a value the call passes (the merged build: theme "Conference" in "outputs/conference.ppt")', () => {
    const full: Action = { name: 'PPT.create_file', args: { abs_location: 'outputs/conference.ppt', theme: 'Conference' } };
    const wrong: Action = { name: 'PPT.create_file', args: { abs_location: 'outputs/conference.ppt' } };
    expect(statesDroppedValue('Calling PPT.create_file with abs_location "outputs/conference.ppt" now.', full, wrong)).toBeUndefined();
    expect(statesDroppedValue('A Conference theme, then: calling PPT.create_file with abs_location "outputs/conference.ppt".', full, wrong)).toBe('Conference');
  });

  it('the thought writer keeps neither the value nor a "needs no input" claim', () => {
    const thought = erroneousThought('parameters_key_error', correct, dropped, { tools: [READ] })!;
    expect(thought).not.toContain('movies.txt');
    expect(thought).not.toMatch(/needs no (further )?input/);
    expect(thought).toContain('`read_file`');
    const ctx = { trajectory: () => undefined, baseCase: () => undefined };
    expect(thoughtStatesDroppedValue.check(mk(thought), ctx)).toBeNull();
  });
});

// Before error-injectors@9, 3.7% (53/1,446) of CoT internal errors: a letter-case slip announced after
// the correct spelling ("The user gave the stock as \"AMZN\". Calling … with stock \"amzn\" now."), and
// wrong tools after a sentence about the correct call's value ("The request names \"quantum
// computing\" as the query. … Weather.get_weather_today … \"Mountain View\"").
describe('a wrong call\'s thought argues for no other call', () => {
  it('leaksIn: the correct spelling of a value the call writes in another case gives it away', async () => {
    const { leaksIn } = await import('../../pipeline/errors/leaks.js');
    const gt: Action = { name: 'TradingBot.add_to_watchlist', args: { stock: 'AMZN' } };
    const wrong: Action = { name: gt.name, args: { stock: 'amzn' } };
    expect(leaksIn('The user gave the stock as "AMZN".', 'parameters_value_error', gt, wrong)).toEqual([{ what: 'value', text: 'AMZN' }]);
    expect(leaksIn('Calling it with stock "amzn" now.', 'parameters_value_error', gt, wrong)).toEqual([]);
    const thought = erroneousThought('parameters_value_error', { ...gt, thought: 'The user gave the stock as "AMZN". Next, I add it with `add_to_watchlist`.' }, wrong);
    expect(thought).not.toContain('AMZN');
  });

  it('a wrong tool\'s thought keeps no sentence about the value the correct call takes', () => {
    const gt: Action = { name: 'ArxivSearch.get_arxiv_article_information', args: { query: 'quantum computing' }, thought: 'The request names "quantum computing" as the query. The first thing to do is to run Arxiv search, which `get_arxiv_article_information` handles with query "quantum computing".' };
    const wrong: Action = { name: 'Weather.get_weather_today', args: { location: 'Mountain View' } };
    const tools: ToolDoc[] = [
      { name: gt.name, description: 'Run Arxiv search.', required_parameters: [{ name: 'query', type: 'string', description: 'the content of search query' }], optional_parameters: [], return_data: [] },
      { name: wrong.name, description: 'Get the weather of today for a location.', required_parameters: [{ name: 'location', type: 'string', description: 'the location' }], optional_parameters: [], return_data: [] },
    ];
    const thought = erroneousThought('tool_select_error', gt, wrong, { tools })!;
    // In the correct thought's own frame: the wrong tool, the step's act it is taken for (error-injectors@54), what it is passed; where the correct thought said
    // where its value came from, the wrong one says it of its own value (no request or earlier answers given: where it
    // came from is unknown, so it is said without a source, never as the assistant's own pick).
    expect(thought).toBe('The location will be "Mountain View". The first thing to do is to run Arxiv search, which `get_weather_today` handles with location "Mountain View".');
    expect(thought).not.toContain('quantum computing');
    expect(statesUnpassedValue('The request names "quantum computing" as the query.', gt, wrong)).toBe('quantum computing');
    // A wrong tool taking the same value may say it.
    expect(statesUnpassedValue('The request names "quantum computing" as the query.', gt, { args: { query: 'quantum computing' } })).toBeUndefined();
  });
});
