/**
 * A file a tool cannot use gets the real tool's error, not a made-up success: the rule
 * (pipeline/errors/pathKinds.ts), the resolver that answers with it in T-Eval's own forms, the
 * tool-selection injector that no longer builds such a call, and the quality measure that counts
 * simulated successes for such calls (the default build showed `add_text_image_page(image=
 * "outputs/MiamiProperties.ppt")` answered "completed successfully").
 */
import { describe, expect, it } from 'vitest';
import type { Action, ChatMessage, TestCase, ToolDoc, Trajectory } from '../../pipeline/schemas.js';
import { pathProblem, pathRole } from '../../pipeline/errors/pathKinds.js';
import { valueKindProblem } from '../../pipeline/errors/kinds.js';
import { confusableTools } from '../../pipeline/errors/injectors/toolSelect.js';
import type { InjectionInput } from '../../pipeline/errors/injectors/context.js';
import { simulatedPathSuccess } from '../../pipeline/quality/measures/paths.js';
import { tevalFileError } from '../../sources/teval/resolution.js';
import { ChainResolver } from '../../pipeline/resolution/index.js';
import { Rng } from '../../pipeline/rng.js';
import { Store } from '../../pipeline/store/store.js';
import { parseConfig } from '../../pipeline/config.js';
import { OfflineGateway } from '../../pipeline/llm/offline.js';
import '../../sources/index.js';

const s = (name: string, description: string) => ({ name, type: 'string' as const, description });
const GET_IMAGE: ToolDoc = { name: 'PPT.get_image', description: 'get an image given keywords from Internet, return the image path', required_parameters: [s('keywords', 'the comma separated keywords to describe the image')], optional_parameters: [], return_data: [{ name: 'picture_url', description: 'the path of the image' }] };
const ADD_IMAGE_PAGE: ToolDoc = {
  name: 'PPT.add_text_image_page',
  description: 'Add a text page with one image. Image should be a path',
  required_parameters: [s('title', 'the title of the page'), s('bullet_items', 'bullet_items should be string'), s('image', 'the path of the image')],
  optional_parameters: [],
  return_data: [{ name: 'status', description: 'the result of the execution' }],
};
const CREATE: ToolDoc = { name: 'PPT.create_file', description: 'Create a pptx file with specific themes', required_parameters: [s('theme', 'the theme name'), s('abs_location', "the ppt file's absolute saving location")], optional_parameters: [], return_data: [{ name: 'status', description: 'the result of the execution' }] };
const READ: ToolDoc = { name: 'FileOperation.read_file', description: 'get the text inside a file', required_parameters: [s('file_path', 'The path of the file.')], optional_parameters: [], return_data: [{ name: 'text', description: 'the text inside the file' }] };
const WRITE: ToolDoc = { name: 'FileOperation.write_file', description: 'write text to a file', required_parameters: [s('file_path', 'The path of the file.'), s('text', 'the text')], optional_parameters: [], return_data: [{ name: 'status', description: 'the result' }] };
const TOOLS = [GET_IMAGE, ADD_IMAGE_PAGE, CREATE, READ, WRITE];

describe('path kinds', () => {
  it('knows which parameters read a file, read an image or write one', () => {
    expect(pathRole(ADD_IMAGE_PAGE, ADD_IMAGE_PAGE.required_parameters[2])).toBe('image');
    expect(pathRole(READ, READ.required_parameters[0])).toBe('input');
    expect(pathRole(WRITE, WRITE.required_parameters[0])).toBe('output');
    expect(pathRole(CREATE, CREATE.required_parameters[1])).toBe('output');
    expect(pathRole(ADD_IMAGE_PAGE, ADD_IMAGE_PAGE.required_parameters[0])).toBeUndefined();
  });

  it('rejects a slide deck as an image and a file nobody named or wrote, and accepts the shown ones', () => {
    const deck = { title: 'Miami', bullet_items: 'x', image: 'outputs/MiamiProperties.ppt' };
    expect(pathProblem(ADD_IMAGE_PAGE, deck)?.message).toBe("[Errno 2] No such file or directory: 'outputs/MiamiProperties.ppt'");
    const saved = { shown: 'Make a deck at outputs/MiamiProperties.ppt', earlier: [{ name: 'PPT.create_file', args: { theme: 'x', abs_location: 'outputs/MiamiProperties.ppt' } }], tools: TOOLS };
    expect(pathProblem(ADD_IMAGE_PAGE, deck, saved)?.message).toBe("cannot identify image file 'outputs/MiamiProperties.ppt'");
    const image = { ...deck, image: 'outputs/1697708811.jpg' };
    expect(pathProblem(ADD_IMAGE_PAGE, image, { shown: "{'picture_url': 'outputs/1697708811.jpg'}", earlier: [], tools: TOOLS })).toBeUndefined();
    expect(pathProblem(ADD_IMAGE_PAGE, image, { shown: 'Make a deck.', earlier: [], tools: TOOLS })?.why).toMatch(/no user turn/);
    expect(pathProblem(READ, { file_path: 'data/notes.txt' }, { shown: 'Read data/notes.txt', earlier: [], tools: TOOLS })).toBeUndefined();
    expect(pathProblem(READ, { file_path: 'outputs/summary.txt' }, { shown: 'Read data/notes.txt', earlier: [], tools: TOOLS })).toBeDefined();
    expect(pathProblem(READ, { file_path: 'outputs/summary.txt' }, { shown: 'Read data/notes.txt', earlier: [{ name: WRITE.name, args: { file_path: 'outputs/summary.txt', text: 'hi' } }], tools: TOOLS })).toBeUndefined();
    // Writing a new file needs nothing to exist.
    expect(pathProblem(WRITE, { file_path: 'outputs/new.txt', text: 'x' }, { shown: '', earlier: [], tools: TOOLS })).toBeUndefined();
    expect(valueKindProblem(ADD_IMAGE_PAGE.required_parameters[2], 'outputs/deck.pptx')).toMatch(/takes an image/);
    expect(valueKindProblem(ADD_IMAGE_PAGE.required_parameters[2], 'outputs/photo.jpg')).toBeUndefined();
  });

  it('prints the error the way T-Eval\'s tools print it', () => {
    expect(tevalFileError('FileOperation.read_file', "[Errno 2] No such file or directory: 'a.txt'")).toBe(`{'text': "Error: [Errno 2] No such file or directory: 'a.txt'"}`);
    expect(tevalFileError('PPT.add_text_image_page', "[Errno 2] No such file or directory: 'a.ppt'")).toBe("[Errno 2] No such file or directory: 'a.ppt'");
  });

  it('the resolver answers such a call with that error instead of a simulated success', async () => {
    const store = Store.open(':memory:');
    const resolver = new ChainResolver({ store, config: parseConfig({ llm: { mode: 'offline' } }), llm: new OfflineGateway() });
    const base = { source: 'teval' as const, trajectoryId: 't', tools: TOOLS, history: [], meta: {} };
    const deck = await resolver.resolve({ ...base, name: ADD_IMAGE_PAGE.name, args: { title: 'Miami', bullet_items: 'x', image: 'outputs/MiamiProperties.ppt' } }, { rng: new Rng(1, 'x') });
    expect(deck.content).toBe("[Errno 2] No such file or directory: 'outputs/MiamiProperties.ppt'");
    expect(deck.error?.source).toBe('internal');
    const unread = await resolver.resolve({ ...base, name: READ.name, args: { file_path: 'outputs/other.txt' }, shown: 'Summarise data/notes.txt' }, { rng: new Rng(1, 'x') });
    expect(unread.content).toBe(`{'text': "Error: [Errno 2] No such file or directory: 'outputs/other.txt'"}`);
    const named = await resolver.resolve({ ...base, name: READ.name, args: { file_path: 'data/notes.txt' }, shown: 'Summarise data/notes.txt' }, { rng: new Rng(1, 'x') });
    expect(named.error).toBeUndefined();
    store.close();
  });

  it('a tool-selection error is not built with a file the wrong tool cannot use', () => {
    // get_image is the step; the deck the user named is the only path in sight, and it is no image.
    const input: InjectionInput = {
      tools: [GET_IMAGE, ADD_IMAGE_PAGE, CREATE],
      correct: { name: 'PPT.get_image', args: { keywords: 'Miami property' } },
      query: "Make a deck called 'Miami homes' listing 'sun and sea', and save it as 'outputs/MiamiProperties.ppt'.",
      earlier: [{ name: 'PPT.create_file', args: { theme: 'Miami', abs_location: 'outputs/MiamiProperties.ppt' }, response: "{'status': 'created a ppt file.'}" }],
      toolkitApis: ['PPT.get_image', 'PPT.add_text_image_page'],
      meta: {},
    };
    const picks = confusableTools(input);
    for (const c of picks) expect(String(c.args.image ?? '')).not.toMatch(/\.ppt$/);
    expect(picks.map((c) => c.tool.name)).not.toContain('PPT.add_text_image_page');
  });

  it('the measure flags a simulated success for such a call and passes the real error', () => {
    const wrong: Action = { name: ADD_IMAGE_PAGE.name, args: { title: 'Miami', bullet_items: 'x', image: 'outputs/MiamiProperties.ppt' } };
    const msgs = (answer: string): ChatMessage[] => [
      { role: 'system', content: 'tools' },
      { role: 'user', content: 'Make a deck and save it as outputs/MiamiProperties.ppt.' },
      { role: 'assistant', content: JSON.stringify(wrong) },
      { role: 'function', content: answer },
    ];
    const mk = (answer: string, response = 'simulated:api-simulator-7'): TestCase =>
      ({ id: 'c', kind: 'internal', errorType: 'tool_select_error', cot: false, trajectoryId: 't', source: 'teval', k: 1, messages: msgs(answer), tools: TOOLS, groundTruth: { name: GET_IMAGE.name, args: { keywords: 'Miami' } }, erroneousAction: wrong, provenance: { methods: { response }, parents: [] } }) as TestCase;
    const traj: Trajectory = { id: 't', source: 'teval', tools: TOOLS, turns: [], final: '', meta: {} };
    const ctx = { trajectory: () => traj, baseCase: () => undefined };
    expect(simulatedPathSuccess.check(mk('{"status": "Add text image page completed successfully."}'), ctx)).toMatch(/takes an image/);
    expect(simulatedPathSuccess.check(mk("[Errno 2] No such file or directory: 'outputs/MiamiProperties.ppt'"), ctx)).toBeNull();
    // A recorded answer is the real tool's: not in the population.
    expect(simulatedPathSuccess.check(mk('{"status": "added page"}', 'recorded:teval-review:x'), ctx)).toBeUndefined();
  });
});
