import { describe, expect, it } from 'vitest';
import type { Action, TestCase, ToolDoc } from '../../pipeline/schemas.js';
import { errorFamily, errorOrigin, responseHints, selectionSimilarity, thoughtLeaks, valueKindProblems } from '../../pipeline/quality/internalErrors.js';
import { querySpans } from '../../pipeline/errors/injectors/context.js';

const doc = (name: string, description: string, params: string[]): ToolDoc => ({
  name,
  description,
  required_parameters: params.map((p) => ({ name: p, type: 'string', description: '' })),
  optional_parameters: [],
  return_data: [],
});
const TOOLS = [
  doc('Files.cat', 'Display the contents of a file.', ['file_name']),
  doc('Files.tail', 'Display the last lines of a file.', ['file_name']),
  doc('Files.cd', 'Change the working directory.', ['folder']),
  doc('Travel.purchase_insurance', 'Buy insurance for a booking.', ['booking_id']),
  doc('Weather.get_weather', 'Weather of a city.', ['city']),
];

function internalCase(type: TestCase['errorType'], correct: Action, erroneous: Action, response: string, opts: { cot?: boolean; origin?: string; family?: string; user?: string } = {}): TestCase {
  return {
    id: 'x',
    kind: 'internal',
    errorType: type,
    k: 1,
    cot: opts.cot ?? false,
    trajectoryId: 't',
    source: 'teval',
    tools: TOOLS,
    messages: [
      { role: 'system', content: 'sys' },
      { role: 'user', content: opts.user ?? 'Show me report.txt' },
      { role: 'assistant', content: JSON.stringify(erroneous) },
      { role: 'function', content: response },
    ],
    groundTruth: correct,
    erroneousAction: erroneous,
    provenance: { methods: { family: opts.family ?? 'format' }, origin: opts.origin ?? 'injector format:x', parents: [] },
  } as unknown as TestCase;
}

describe('quality measures of internal error cases', () => {
  it('a tool-error response that lists the correct tool is a hint; one that names only the wrong call is not', () => {
    const correct = { name: 'Files.cat', args: { file_name: 'a.txt' } };
    const wrong = { name: 'Files.read_file', args: { file_name: 'a.txt' } };
    expect(responseHints(internalCase('tool_hallucination_error', correct, wrong, '{"error": "API Files.read_file does not exist: Files has no API named \\"read_file\\" (available: cat, tail, cd)"}'))).toEqual([{ what: 'tool', text: 'Files.cat' }]);
    expect(responseHints(internalCase('tool_hallucination_error', correct, wrong, '{"error": "API Files.read_file does not exist: Files has no API named \\"read_file\\""}'))).toEqual([]);
  });

  it('a thought that states the correct value before passing a wrong one leaks it (lines=1, passes "one")', () => {
    const correct = { name: 'Files.tail', args: { file_name: 'a.txt', lines: 1 } };
    const leaky = { thought: 'I will call tail with lines=1.', name: 'Files.tail', args: { file_name: 'a.txt', lines: 'one' } };
    const clean = { thought: 'I will call Files.tail with lines "one".', name: 'Files.tail', args: { file_name: 'a.txt', lines: 'one' } };
    expect(thoughtLeaks(internalCase('parameters_value_error', correct, leaky, 'ok', { cot: true }))).toEqual([{ what: 'value', text: '1' }]);
    expect(thoughtLeaks(internalCase('parameters_value_error', correct, clean, 'ok', { cot: true }))).toEqual([]);
    // A plain case shows no thought: nothing to leak.
    expect(thoughtLeaks(internalCase('parameters_value_error', correct, leaky, 'ok', { cot: false }))).toEqual([]);
  });

  it('compares the selected tool with a random draw from the same list', () => {
    const correct = { name: 'Files.cat', args: { file_name: 'a.txt' } };
    const near = selectionSimilarity(internalCase('tool_select_error', correct, { name: 'Files.tail', args: { file_name: 'a.txt' } }, 'ok'))!;
    const far = selectionSimilarity(internalCase('tool_select_error', correct, { name: 'Weather.get_weather', args: { city: 'Paris' } }, 'ok'))!;
    expect(near.injected).toBeGreaterThan(near.random);
    expect(far.injected).toBeLessThan(far.random);
  });

  it('flags injected values not of their parameter\'s kind: a fragment of a name, an airport code for a booking id', () => {
    const weather = { name: 'Weather.get_weather', args: { city: 'Boston' } };
    const user = 'Compare Boston with New York.';
    expect(valueKindProblems(internalCase('parameters_value_error', weather, { name: 'Weather.get_weather', args: { city: 'York' } }, 'ok', { user }))[0]).toContain('fragment');
    expect(valueKindProblems(internalCase('parameters_value_error', weather, { name: 'Weather.get_weather', args: { city: 'New York' } }, 'ok', { user }))).toEqual([]);
    const select = internalCase('tool_select_error', { name: 'Files.cat', args: { file_name: 'a.txt' } }, { name: 'Travel.purchase_insurance', args: { booking_id: 'LAX' } }, 'ok');
    expect(valueKindProblems(select)[0]).toContain('booking_id');
  });

  // teval_query_408_1 before error-injectors@49: get_image(keywords="outputs/") for add_text_page, the request's folder as search words.
  it('flags a path as search words, and passes a path where a place or a search over files takes one', () => {
    const page = { name: 'PPT.add_text_page', args: { title: 'Causes', bullet_items: 'Emissions' } };
    const user = "Please make a PowerPoint file named 'Climate_Change.ppt' in 'outputs/'.";
    const image = { name: 'PPT.get_image', description: 'Get an image by keywords.', required_parameters: [{ name: 'keywords', type: 'string', description: 'Keywords of the image.' }], optional_parameters: [], return_data: [] };
    const find = { name: 'Files.find', description: 'Find files.', required_parameters: [{ name: 'search_term', type: 'string', description: 'Name of the file or directory to find.' }], optional_parameters: [], return_data: [] };
    const withTools = (tc: TestCase) => ({ ...tc, tools: [...tc.tools, image, find] }) as TestCase;
    for (const bad of ['outputs/', 'Climate_Change.ppt', '/data/outputs_50.png'])
      expect(valueKindProblems(withTools(internalCase('tool_select_error', page, { name: 'PPT.get_image', args: { keywords: bad } }, 'ok', { user })))[0]).toMatch(/keywords holds .*a file or folder path/);
    for (const fine of ['climate change impact', 'https://example.org/a.png', 'ann@example.com'])
      expect(valueKindProblems(withTools(internalCase('tool_select_error', page, { name: 'PPT.get_image', args: { keywords: fine } }, 'ok', { user })))).toEqual([]);
    expect(valueKindProblems(withTools(internalCase('tool_select_error', page, { name: 'Files.find', args: { search_term: 'notes/report.txt' } }, 'ok', { user })))).toEqual([]);
  });

  // bfcl_multi_turn_base_165 before error-injectors@9: last_name "March" out of "date of birth, March 15, 1985".
  it('flags a month or weekday given as a name, and passes two arguments swapped', () => {
    const verify = { name: 'Travel.verify_traveler_information', args: { first_name: 'Eleanor', last_name: 'Smith', date_of_birth: '1985-03-15' } };
    const user = "Check Eleanor Smith's details, including her date of birth, March 15, 1985.";
    const month = internalCase('parameters_value_error', verify, { ...verify, args: { ...verify.args, last_name: 'March' } }, 'ok', { user });
    expect(valueKindProblems(month)[0]).toMatch(/last_name holds "March", a word of a date/);
    const swapped = internalCase('parameters_value_error', verify, { ...verify, args: { ...verify.args, first_name: 'Smith', last_name: 'Eleanor' } }, 'ok', { user });
    expect(valueKindProblems(swapped)).toEqual([]);
    // Without the swap, "Smith" in first_name is a word cut out of "Eleanor Smith".
    const cut = internalCase('parameters_value_error', verify, { ...verify, args: { ...verify.args, first_name: 'Smith' } }, 'ok', { user });
    expect(valueKindProblems(cut)[0]).toContain('fragment');
  });

  it('tells real errors from injected ones, and reads the family', () => {
    const a = { name: 'Files.cat', args: { file_name: 'a.txt' } };
    const b = { name: 'Files.cat', args: { file_name: 'b.txt' } };
    expect(errorOrigin(internalCase('parameters_value_error', a, b, 'x', { origin: 'recorded (T-Eval review 1)' }))).toBe('recorded');
    expect(errorOrigin(internalCase('parameters_value_error', a, b, 'x', { origin: 'observed (gpt)' }))).toBe('observed');
    expect(errorOrigin(internalCase('parameters_value_error', a, b, 'x'))).toBe('injected');
    expect(errorFamily(internalCase('parameters_value_error', a, b, 'x', { family: 'stale-value' }))).toBe('stale-value');
  });
});

describe('query spans a value may be taken from', () => {
  it('takes no month or weekday for a name', () => {
    const spans = querySpans("Please verify Eleanor Smith, born March 15, 1985, before the flight on Friday with Delta.").map((s) => s.text);
    expect(spans).toContain('Eleanor Smith');
    expect(spans).toContain('Delta');
    expect(spans).not.toContain('March');
    expect(spans).not.toContain('Friday');
  });
});
