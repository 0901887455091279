/**
 * A wrong call's CoT thought is written like every correct one. Before error-injectors@11 each was
 * made from its own templates ("The tool for this looks like TicketAPI.resolve_ticket; calling it
 * with ticket_id 1."), which no correct thought used: 1,445 of 1,447 CoT error cases could be told
 * from their style alone. Now the wrong call is said in the correct thought's own frame.
 */
import { describe, expect, it } from 'vitest';
import type { Action, TestCase, ToolDoc } from '../../pipeline/schemas.js';
import { Rng } from '../../pipeline/rng.js';
import { erroneousThought } from '../../pipeline/errors/injectors/thoughts.js';
import { offlineThoughts } from '../../stages/standardize/thoughtWriter.js';
import { errorThoughtStyleTell, thoughtStyle } from '../../pipeline/quality/measures/thoughts.js';

const FORECAST: ToolDoc = {
  name: 'Weather.forecast_weather',
  description: 'forecast weather in the N upcoming days',
  required_parameters: [
    { name: 'location', type: 'string', description: 'the city' },
    { name: 'days', type: 'integer', description: 'how many days' },
  ],
  optional_parameters: [],
  return_data: [],
};
const SHOW: ToolDoc = { name: 'Email.show', description: 'show the emails in the inbox', required_parameters: [{ name: 'only_unread', type: 'boolean', description: '' }], optional_parameters: [], return_data: [] };

function correctAction(doc: ToolDoc, args: Record<string, unknown>, seed: number): Action {
  const [thought] = offlineThoughts({ query: 'What will the weather be in San Francisco?', steps: [{ name: doc.name, description: doc.description, args }] }, new Rng(seed, 'thought'));
  return { name: doc.name, args, thought };
}

describe("a wrong call's thought in the correct thought's style", () => {
  it('a value error keeps the frame and says the wrong value, its count in what the step does included', () => {
    for (let seed = 0; seed < 12; seed++) {
      const correct = correctAction(FORECAST, { location: 'San Francisco', days: 3 }, seed);
      const wrong = { name: FORECAST.name, args: { location: 'San Francisco', days: 30 } };
      const thought = erroneousThought('parameters_value_error', correct, wrong, { tools: [FORECAST] })!;
      expect(thought).toContain('`forecast_weather`');
      expect(thought).toContain('30');
      expect(thought).not.toMatch(/\b3 days\b|set to 3\b/);
      expect(thoughtStyle(thought, wrong.args)).toBe(thoughtStyle(correct.thought!, correct.args));
    }
  });

  it('a wrong option that the step\'s purpose names is said in its place ("stop the engine", passing "STOP"), in the correct frame', () => {
    // Before error-injectors@27 "start the engine" held the correct value START, so every such thought fell back to "Calling `startEngine` … now."
    const START: ToolDoc = { name: 'VehicleControlAPI.startEngine', description: 'Starts the engine of the vehicle.', required_parameters: [{ name: 'ignitionMode', type: 'string', description: 'The ignition mode. [Enum]: ["START", "STOP"]' }], optional_parameters: [], return_data: [] };
    const wrong = { name: START.name, args: { ignitionMode: 'STOP' } };
    for (let seed = 0; seed < 12; seed++) {
      const correct = correctAction(START, { ignitionMode: 'START' }, seed);
      const thought = erroneousThought('parameters_value_error', correct, wrong, { tools: [START] })!;
      expect(thought).toContain('"STOP"');
      expect(thought).not.toMatch(/\bstart\b/i);
      expect(thoughtStyle(thought, wrong.args), thought).toBe(thoughtStyle(correct.thought!, correct.args));
    }
  });

  it('an invented `average` for `mean` says "the average", not the real tool\'s name (error-injectors@28)', () => {
    const MEAN: ToolDoc = { name: 'MathAPI.mean', description: 'Calculate the mean of a list of numbers.', required_parameters: [{ name: 'numbers', type: 'array', description: 'List of numbers.' }], optional_parameters: [], return_data: [] };
    const correct = { name: MEAN.name, args: { numbers: [5000, 3000, 2000] }, thought: 'The next step is to calculate the mean of the list of numbers; `mean` with numbers set to [5000, 3000, 2000] will do it.' };
    const wrong = { name: 'MathAPI.average', args: { numbers: [5000, 3000, 2000] } };
    const thought = erroneousThought('tool_hallucination_error', correct, wrong, { tools: [MEAN] })!;
    expect(thought).toBe('The next step is to calculate the average of the list of numbers; `average` with numbers set to [5000, 3000, 2000] will do it.');
    expect(thoughtStyle(thought, wrong.args)).toBe(thoughtStyle(correct.thought, correct.args));
  });

  it('a swapped pair keeps the correct frame, its purpose said of no value ("move it"), not "move "temp"" (which is the right destination) nor a bare "I\'ll call `mv`." (error-injectors@30), its arguments in the roles the wrong call passes them (error-injectors@83)', () => {
    const MV: ToolDoc = { name: 'GorillaFileSystem.mv', description: 'Tool description: Move a file or directory from one location to another.', required_parameters: [{ name: 'source', type: 'string', description: 'Source name.' }, { name: 'destination', type: 'string', description: 'Destination name.' }], optional_parameters: [], return_data: [] };
    const correct = { name: MV.name, args: { destination: 'temp', source: 'previous_report.pdf' }, thought: 'I still need to move the file; calling `mv` with destination "temp" and source "previous_report.pdf" takes care of that.' };
    const wrong = { name: MV.name, args: { destination: 'previous_report.pdf', source: 'temp' } };
    const thought = erroneousThought('parameters_value_error', correct, wrong, { tools: [MV] })!;
    expect(thought).toBe('I still need to move it; calling `mv` with destination "previous_report.pdf" and source "temp" takes care of that.');
    expect(errorThoughtStyleTell.check({ cot: true, errorType: 'parameters_value_error', groundTruth: correct, erroneousAction: { ...wrong, thought } } as unknown as TestCase, {} as never)).toBeNull();
  });

  it('a key error leaving out the option its purpose names says the purpose in other words ("fire up the engine"), not "Next step: `startEngine`."', () => {
    const START: ToolDoc = { name: 'VehicleControlAPI.startEngine', description: 'Starts the engine of the vehicle.', required_parameters: [{ name: 'ignitionMode', type: 'string', description: 'The ignition mode. [Enum]: ["START", "STOP"]' }], optional_parameters: [], return_data: [] };
    const correct = { name: START.name, args: { ignitionMode: 'START' }, thought: 'Now I will use `startEngine` to start the engine, passing ignition mode "START".' };
    const wrong = { name: START.name, args: {} };
    const thought = erroneousThought('parameters_key_error', correct, wrong, { tools: [START] })!;
    expect(thought).toBe('Now I will use `startEngine` to fire up the engine.');
    expect(errorThoughtStyleTell.check({ cot: true, errorType: 'parameters_key_error', groundTruth: correct, erroneousAction: { ...wrong, thought } } as unknown as TestCase, {} as never)).toBeNull();
  });

  it('an invented `sort_lines` for `sort` orders the contents: its purpose does not name the real tool (error-injectors@32)', () => {
    const SORT: ToolDoc = { name: 'GorillaFileSystem.sort', description: 'Tool description: Sort the contents of a file line by line.', required_parameters: [{ name: 'file_name', type: 'string', description: 'The name of the file appear at current directory.' }], optional_parameters: [], return_data: [] };
    const correct = { name: SORT.name, args: { file_name: 'MonthlySummary.docx' }, thought: 'With that done, I can sort the contents of the file line by line by calling `sort` with file name "MonthlySummary.docx".' };
    const wrong = { name: 'GorillaFileSystem.sort_lines', args: { file_name: 'MonthlySummary.docx' } };
    const thought = erroneousThought('tool_hallucination_error', correct, wrong, { tools: [SORT] })!;
    expect(thought).toContain('order the contents of the file');
    expect(errorThoughtStyleTell.check({ cot: true, errorType: 'tool_hallucination_error', groundTruth: correct, erroneousAction: { ...wrong, thought } } as unknown as TestCase, {} as never)).toBeNull();
  });

  it('an invented tool says what the step needs without naming the real tool', () => {
    const correct = correctAction(SHOW, { only_unread: true }, 4);
    const thought = erroneousThought('tool_hallucination_error', correct, { name: 'Email.get_show', args: { only_unread: true } }, { tools: [SHOW] })!;
    expect(thought).toContain('`get_show`');
    expect(thought).not.toMatch(/(?<![\w`])show(?![\w`])/);
  });

  it('the measure flags a thought in a style no correct thought has and passes one in the same style', () => {
    const gt = { name: 'TicketAPI.resolve_ticket', args: { ticket_id: 1 }, thought: '`resolve_ticket` with ticket id set to 1 is the one call this needs: it will resolve a ticket.' };
    const tc = (thought: string) => ({ cot: true, errorType: 'parameters_value_error', groundTruth: gt, erroneousAction: { name: gt.name, args: { ticket_id: '1' }, thought } }) as unknown as TestCase;
    expect(errorThoughtStyleTell.check(tc('Next step: TicketAPI.resolve_ticket with ticket_id "1".'), {} as never)).toMatch(/Toolkit\.api/);
    expect(errorThoughtStyleTell.check(tc('The tool for this looks like `resolve_ticket`; calling it with ticket id "1".'), {} as never)).toMatch(/frame no correct thought uses/);
    // "is the call this needs" was the correct frame with a word taken out: only wrong calls had it.
    expect(errorThoughtStyleTell.check(tc('`resolve_ticket` with ticket id "1" is the call this needs: it will resolve a ticket.'), {} as never)).toMatch(/frame no correct thought uses/);
    expect(errorThoughtStyleTell.check(tc('`resolve_ticket` with ticket id "1" is the one call this needs: it will resolve a ticket.'), {} as never)).toBeNull();
  });
});
