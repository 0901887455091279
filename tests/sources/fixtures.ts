/**
 * Builds a small upstream-shaped data directory (bfcl/…, teval/…) for adapter tests, with room
 * for deliberately broken records.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface FixtureOptions {
  extraQuestionLines?: string[];
  extraAnswerLines?: string[];
  extraPlans?: Record<string, unknown>;
}

export function makeSourceDir(opts: FixtureOptions = {}): string {
  const root = mkdtempSync(join(tmpdir(), 'forge-src-'));
  mkdirSync(join(root, 'bfcl', 'func_doc'), { recursive: true });
  mkdirSync(join(root, 'bfcl', 'dialogue'), { recursive: true });
  mkdirSync(join(root, 'teval'), { recursive: true });
  const doc = (name: string, props: Record<string, unknown>, required: string[], description = `Tool description: ${name} things.`) =>
    JSON.stringify({ name, description, parameters: { type: 'dict', properties: props, required }, response: { type: 'dict', properties: { result: { type: 'string', description: 'The result.' } } } });
  writeFileSync(
    join(root, 'bfcl', 'func_doc', 'math_api.json'),
    [
      doc('add', { a: { type: 'float', description: 'First number.' }, b: { type: 'float', description: 'Second number.' } }, ['a', 'b']),
      doc('absolute_value', { number: { type: 'float', description: 'The number.' } }, ['number']),
    ].join('\n') + '\n',
  );
  const q = (id: string, turns: string[]) => JSON.stringify({ id, question: turns.map((t) => [{ role: 'user', content: t }]), initial_config: {}, involved_classes: ['MathAPI'], excluded_function: [], path: [] });
  writeFileSync(
    join(root, 'bfcl', 'multi_turn_base.json'),
    [q('multi_turn_base_0', ['Add 2 and 3.']), q('multi_turn_base_1', ['Absolute value of -4?']), q('multi_turn_base_2', ['Multiply 2 and 3.']), q('multi_turn_base_3', ['Add 1 and 2 and 3.']), ...(opts.extraQuestionLines ?? [])].join('\n') + '\n',
  );
  writeFileSync(
    join(root, 'bfcl', 'multi_turn_base_answer.json'),
    [
      JSON.stringify({ id: 'multi_turn_base_0', ground_truth: [['add(a=2.0, b=3.0)']] }),
      JSON.stringify({ id: 'multi_turn_base_1', ground_truth: [['absolute_value(-4.0)']] }),
      JSON.stringify({ id: 'multi_turn_base_2', ground_truth: [['multiply(a=2, b=3)']] }),
      JSON.stringify({ id: 'multi_turn_base_3', ground_truth: [['add(1.0, 2.0, 3.0)']] }),
      ...(opts.extraAnswerLines ?? []),
    ].join('\n') + '\n',
  );
  writeFileSync(
    join(root, 'bfcl', 'multi_turn_base_executed.json'),
    JSON.stringify([
      { id: 'multi_turn_base_0', turns: [{ steps: [{ call: 'add(a=2.0, b=3.0)', response: '{"result": 5.0}' }] }] },
      { id: 'multi_turn_base_1', turns: [{ steps: [{ call: 'absolute_value(-4.0)', response: '{"error": "boom"}' }] }] },
    ]),
  );
  writeFileSync(
    join(root, 'teval', 'api_descrip.json'),
    JSON.stringify([
      {
        name: 'Weather',
        tool_description: 'Weather.',
        api_list: [
          {
            name: 'get_weather',
            description: 'Get weather.',
            required_parameters: [{ name: 'city', type: 'STRING', description: 'City name.' }],
            optional_parameters: [{ name: 'days', type: 'NUMBER', description: 'Days ahead.' }],
            return_data: [{ name: 'forecast', description: 'The forecast.' }],
          },
        ],
      },
    ]),
  );
  const plan = (gt: unknown[], query = 'Weather in Paris?') => ({ meta: { API_list: ['Weather.get_weather'] }, ground_truth: gt, origin_prompt: [{ role: 'system', content: 'x' }, { role: 'user', content: query }] });
  writeFileSync(
    join(root, 'teval', 'plan_json_v1.json'),
    JSON.stringify({
      query_0_0: plan([{ id: 0, prev: [], name: 'Weather.get_weather', args: { city: 'Paris', days: '3' } }, { id: 1, prev: [0], name: 'FinishAction', args: {} }]),
      query_0_1: plan([{ id: 0, prev: [], name: 'Weather.get_weather', args: { city: 'Paris', days: '3' } }, { id: 1, prev: [0], name: 'FinishAction', args: {} }]),
      query_1_0: plan([{ id: 0, prev: [], name: 'FinishAction', args: {} }], 'Say hi.'),
      query_2_0: plan([{ id: 0, prev: [], name: 'Weather.get_weather', args: { town: 'Rome' } }], 'Weather in Rome?'),
      ...(opts.extraPlans ?? {}),
    }),
  );
  writeFileSync(
    join(root, 'teval', 'review_str_v1.json'),
    JSON.stringify({
      r1: { ground_truth: { answer: 'A', thought: 'fine' }, origin_prompt: [{ role: 'system', content: 's' }, { role: 'user', content: "Goal: weather\nName: Weather.get_weather\nArgs: {'city': 'Paris', 'days': '3'}\nResponse: {'forecast': 'sunny'}" }] },
      r2: { ground_truth: { answer: 'B', thought: 'proxy' }, origin_prompt: [{ role: 'system', content: 's' }, { role: 'user', content: "Goal: weather\nName: Weather.get_weather\nArgs: {'city': 'Oslo'}\nResponse: HTTPSConnectionPool(host='api.weather.com', port=443): Read timed out." }] },
      r3: { ground_truth: { answer: 'Z' }, origin_prompt: [] },
    }),
  );
  return root;
}
