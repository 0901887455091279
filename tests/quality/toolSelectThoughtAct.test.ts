/**
 * A tool selection error's CoT thought reads as a slip: the model believes the tool it picked does
 * what the step needs, so the thought says the step's own act beside the wrong tool. Before
 * error-injectors@55 it said the wrong tool's own act, one the request never asked ("Step one:
 * `mkdir` with directory name "ResearchDocs", to create a new directory." for "First cd within the
 * 'ResearchDocs' directory"; 73 of 110 CoT tool selection cases on f46, h-read23's finding 4).
 */
import { describe, expect, it } from 'vitest';
import type { Action, TestCase, ToolDoc } from '../../pipeline/schemas.js';
import { erroneousThought } from '../../pipeline/errors/injectors/thoughts.js';
import { intentOf } from '../../pipeline/thoughtPhrases.js';
import { thoughtStatesOtherAct } from '../../pipeline/quality/measures/errors.js';
import { leaksIn } from '../../pipeline/errors/leaks.js';

const doc = (name: string, description: string, param: string): ToolDoc => ({ name, description, required_parameters: [{ name: param, type: 'string', description: `The ${param}.` }], optional_parameters: [], return_data: [] });
const CD = doc('GorillaFileSystem.cd', 'This tool belongs to the Gorilla file system. Tool description: Change the current working directory to the specified folder.', 'folder');
const MKDIR = doc('GorillaFileSystem.mkdir', 'This tool belongs to the Gorilla file system. Tool description: Create a new directory in the current directory.', 'dir_name');
const MEAN: ToolDoc = { name: 'MathAPI.mean', description: 'This tool belongs to the Math API. Tool description: Calculate the mean of a list of numbers.', required_parameters: [{ name: 'numbers', type: 'array', description: 'List of numbers.' }], optional_parameters: [], return_data: [] };
const SUM: ToolDoc = { ...MEAN, name: 'MathAPI.sum_values', description: 'This tool belongs to the Math API. Tool description: Calculate the sum of a list of numbers.' };

const caseOf = (gt: Action, wrong: Action, tools: ToolDoc[], request: string): TestCase =>
  ({ id: 'c', kind: 'internal', errorType: 'tool_select_error', cot: true, tools, groundTruth: gt, erroneousAction: wrong, messages: [{ role: 'system', content: '' }, { role: 'user', content: request }, { role: 'assistant', content: JSON.stringify(wrong) }] }) as unknown as TestCase;

describe('a wrong tool\'s thought says the step\'s act (error-injectors@55)', () => {
  it('mkdir taken for the way into a folder says it changes into it, not that it creates one', () => {
    const cdAct = intentOf(CD.description, 'cd', { folder: 'ResearchDocs' });
    const gt: Action = { name: CD.name, args: { folder: 'ResearchDocs' }, thought: `Step one: \`cd\` with folder "ResearchDocs", to ${cdAct}.` };
    const wrong: Action = { name: MKDIR.name, args: { dir_name: 'ResearchDocs' } };
    const thought = erroneousThought('tool_select_error', gt, wrong, { tools: [CD, MKDIR] })!;
    expect(thought).toContain('`mkdir`');
    expect(thought).toContain(cdAct);
    expect(thought).not.toContain(intentOf(MKDIR.description, 'mkdir', wrong.args as Record<string, unknown>));
    const request = "First cd within the 'ResearchDocs' directory and then locate any files titled 'report.csv'.";
    expect(thoughtStatesOtherAct(caseOf(gt, { ...wrong, thought }, [CD, MKDIR], request))).toBeUndefined();
    // The old thought, which announced the wrong tool's own act, is what the measure finds.
    const old = 'Step one: `mkdir` with directory name "ResearchDocs", to create a new directory.';
    expect(thoughtStatesOtherAct(caseOf(gt, { ...wrong, thought: old }, [CD, MKDIR], request))).toMatch(/create a new directory/);
    // Not where the request asks that very act.
    expect(thoughtStatesOtherAct(caseOf(gt, { ...wrong, thought: old }, [CD, MKDIR], 'Create a folder ResearchDocs and go into it.'))).toBeUndefined();
  });

  it('an act that names the correct tool is said another way, never naming it', () => {
    const meanAct = intentOf(MEAN.description, 'mean', { numbers: [1, 2] } as never);
    expect(meanAct).toMatch(/\bmean\b/);
    const gt: Action = { name: MEAN.name, args: { numbers: [5000, 3000, 2000] }, thought: `The next step is to ${meanAct}; \`mean\` with numbers set to [5000, 3000, 2000] will do it.` };
    const wrong: Action = { name: SUM.name, args: { numbers: [5000, 3000, 2000] } };
    const thought = erroneousThought('tool_select_error', gt, wrong, { tools: [MEAN, SUM] })!;
    expect(thought).toContain('average');
    expect(thought).toContain('`sum_values`');
    expect(leaksIn(thought, 'tool_select_error', gt, wrong)).toEqual([]);
  });
});
