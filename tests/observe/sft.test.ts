import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Store } from '../../pipeline/store/store.js';
import type { Observation, ToolDoc, Trajectory } from '../../pipeline/schemas.js';
import { exportSft } from '../../output/sft/export.js';
import { FineTuneLine } from '../support/openaiFineTuneFormat.js';
import { sequenceProblems } from './fixtures/fineTuneSequence.js';

const cd: ToolDoc = {
  name: 'GorillaFileSystem.cd',
  description: 'Change the current working directory.',
  required_parameters: [{ name: 'folder', type: 'string', description: '[Required] The folder to move into.' }],
  optional_parameters: [],
  return_data: [{ name: 'current_working_directory', description: 'The new working directory.' }],
};
const mkdir: ToolDoc = {
  name: 'GorillaFileSystem.mkdir',
  description: 'Create a new directory in the current directory.',
  required_parameters: [{ name: 'dir_name', type: 'string', description: '[Required] Name of the new directory.' }],
  optional_parameters: [],
  return_data: [],
};

function trajectory(id: string): Trajectory {
  return {
    id,
    source: 'bfcl',
    tools: [cd, mkdir],
    turns: [
      {
        user: 'Go into the document folder.',
        steps: [{ action: { thought: 'Move into document.', name: cd.name, args: { folder: 'document' } }, response: { content: '{"current_working_directory": "document"}', tier: 'live' } }],
        final: 'I moved into the document folder.',
      },
      {
        user: "Create a folder called 'temp' there.",
        steps: [{ action: { thought: 'Create temp.', name: mkdir.name, args: { dir_name: 'temp' } }, response: { content: 'None', tier: 'live' } }],
        final: "I created the folder 'temp'.",
      },
    ],
    final: "I created the folder 'temp'.",
    meta: {},
  };
}

function seed(store: Store, n: number) {
  const resolve = Array.from({ length: n }, (_, i) => trajectory(`bfcl_t${i}`));
  store.setStageItems('resolve', resolve.map((t) => ({ itemId: t.id, key: `r-${t.id}` })));
  for (const t of resolve) store.putArtifact({ key: `r-${t.id}`, stage: 'resolve', stageVersion: '1', itemId: t.id, content: { trajectory: t }, parents: [], status: 'ok', method: 'rules:x' });
  // A simulated key error at k=2 (second turn) for every trajectory...
  store.setStageItems('diversify-internal', resolve.map((t) => ({ itemId: `${t.id}-key`, key: `d-${t.id}` })));
  for (const t of resolve) {
    store.putArtifact({
      key: `d-${t.id}`,
      stage: 'diversify-internal',
      stageVersion: '1',
      itemId: `${t.id}-key`,
      content: {
        trajectoryId: t.id,
        source: 'bfcl',
        k: 2,
        errorType: 'parameters_key_error',
        erroneousAction: { thought: 'Create temp.', name: mkdir.name, args: { folder_name: 'temp' } },
        response: { content: "Error during execution: GorillaFileSystem.mkdir() got an unexpected keyword argument 'folder_name'", tier: 'live', error: { source: 'internal', message: 'unexpected keyword' } },
      },
      parents: [`r-${t.id}`],
      status: 'ok',
      method: 'rules:injectors-1',
    });
  }
  // ...and one observed hallucination at k=1.
  const obs: Observation = {
    trajectoryId: 'bfcl_t0',
    source: 'bfcl',
    k: 1,
    model: 'test-model',
    raw: '{"name": "GorillaFileSystem.change_dir", "args": {"folder": "document"}}',
    action: { name: 'GorillaFileSystem.change_dir', args: { folder: 'document' } },
    label: 'tool_hallucination_error',
    reasons: ['GorillaFileSystem.change_dir is not in the tool list'],
    groundTruth: { name: cd.name, args: { folder: 'document' } },
    response: { content: "Error during execution: name 'change_dir' is not defined", tier: 'live', error: { source: 'internal', message: 'not defined' } },
  };
  store.setStageItems('observe', [{ itemId: 'bfcl_t0-k1', key: 'o-1' }]);
  store.putArtifact({ key: 'o-1', stage: 'observe', stageVersion: '1', itemId: 'bfcl_t0-k1', content: obs, parents: ['r-bfcl_t0'], status: 'ok', method: 'llm:test-model' });
}

const readLines = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));


describe('SFT export', () => {
  it('writes OpenAI fine-tuning chat lines that validate, and never trains on the mistake', () => {
    const dir = mkdtempSync(join(tmpdir(), 'forge-sft-'));
    const store = Store.open(join(dir, 'db.sqlite'));
    seed(store, 30);
    const result = exportSft(store, join(dir, 'out'), { seed: 42, validationShare: 0.2 });
    store.close();
    expect(result.counts.observed).toBe(1);
    expect(result.counts.simulated).toBe(30);

    const lines = [...readLines(join(dir, 'out/openai/train.jsonl')), ...readLines(join(dir, 'out/openai/validation.jsonl'))];
    expect(lines.length).toBe(31);
    for (const line of lines) {
      const parsed = FineTuneLine.safeParse(line);
      expect(parsed.success, parsed.success ? '' : JSON.stringify(parsed.error.issues)).toBe(true);
      const assistants = line.messages.filter((m: { role: string }) => m.role === 'assistant');
      const trained = assistants.filter((m: { weight?: number }) => m.weight !== 0);
      expect(trained).toHaveLength(1);
      expect(trained[0]).toBe(assistants[assistants.length - 1]);
      expect(trained[0].content).toMatch(/This is a (parameters_key_error|tool_hallucination_error)/);
      expect(sequenceProblems(line)).toEqual([]);
    }
    const keyError = lines.find((l) => JSON.stringify(l).includes('folder_name'))!;
    const last = keyError.messages[keyError.messages.length - 1];
    expect(last.tool_calls[0].function).toEqual({ name: 'GorillaFileSystem__mkdir', arguments: '{"dir_name":"temp"}' });
    // The wrong call's real feedback sits right before the correction.
    expect(keyError.messages[keyError.messages.length - 2].content).toContain("unexpected keyword argument 'folder_name'");
  });

  it('splits by trajectory so none appears in both train and validation', () => {
    const dir = mkdtempSync(join(tmpdir(), 'forge-sft-'));
    const store = Store.open(join(dir, 'db.sqlite'));
    seed(store, 40);
    const result = exportSft(store, join(dir, 'out'), { seed: 7, validationShare: 0.3 });
    store.close();
    const ids = (file: string) => new Set(readLines(join(dir, 'out/sharegpt', file)).map((l) => String(l.id).replace(/^(simulated|observed)-/, '').replace(/-(key|k1)$/, '')));
    const train = ids('train.jsonl');
    const validation = ids('validation.jsonl');
    expect(validation.size).toBeGreaterThan(0);
    expect(train.size).toBeGreaterThan(0);
    expect([...validation].filter((t) => train.has(t))).toEqual([]);
    expect(result.counts.trajectoriesTrain + result.counts.trajectoriesValidation).toBe(40);
  });

  it('writes ShareGPT in LLaMA-Factory\'s function-calling shape, ending in the critique format', () => {
    const dir = mkdtempSync(join(tmpdir(), 'forge-sft-'));
    const store = Store.open(join(dir, 'db.sqlite'));
    seed(store, 3);
    exportSft(store, join(dir, 'out'), { seed: 42, validationShare: 0 });
    store.close();
    const lines = readLines(join(dir, 'out/sharegpt/train.jsonl'));
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      // LLaMA-Factory's sharegpt converter: human/observation at even positions, gpt/function_call at odd ones.
      const roles = line.conversations.map((c: { from: string }) => c.from);
      roles.forEach((r: string, i: number) => expect(i % 2 === 0 ? ['human', 'observation'] : ['gpt', 'function_call']).toContain(r));
      expect(roles.at(-1)).toBe('gpt');
      const tools = JSON.parse(line.tools) as { name: string; parameters: { properties: Record<string, { type?: string; items?: { type?: string } }> } }[];
      for (const c of line.conversations.filter((t: { from: string }) => t.from === 'function_call')) {
        const call = JSON.parse(c.value);
        expect(Object.keys(call)).toEqual(['name', 'arguments']);
        expect(typeof call.arguments).toBe('object');
      }
      // The wrong call is the marked function_call, answered by the tool's real feedback, then the critique.
      expect(roles[line.mistake_turn]).toBe('function_call');
      expect(line.mistake_turn).toBe(roles.length - 3);
      const calledTools = line.conversations.filter((t: { from: string }) => t.from === 'function_call').slice(0, -1).map((t: { value: string }) => JSON.parse(t.value).name);
      for (const name of calledTools) expect(tools.map((t) => t.name)).toContain(name);
      for (const t of tools) for (const p of Object.values(t.parameters.properties)) if (p.type === 'array') expect(p.items?.type).toMatch(/^(string|number|integer|boolean|object|array)$/);
      const final = JSON.parse(line.conversations[line.conversations.length - 1].value);
      expect(Object.keys(final)).toEqual(['error', 'thought', 'name', 'args']);
    }
    const info = JSON.parse(readFileSync(join(dir, 'out/sharegpt/dataset_info.json'), 'utf8'));
    expect(info.critictool_forge_train).toMatchObject({ file_name: 'train.jsonl', formatting: 'sharegpt', columns: { messages: 'conversations', system: 'system', tools: 'tools' } });
  });

  it('turns observed and simulated errors alike into error → real tool feedback → reflection → corrected call, and names what it leaves out', () => {
    const dir = mkdtempSync(join(tmpdir(), 'forge-sft-'));
    const store = Store.open(join(dir, 'db.sqlite'));
    seed(store, 2);
    // A trajectory whose first step answered nothing, and two more observations on it: a value
    // error the backend rejected, and a selection error met by an environment failure.
    const quiet = trajectory('bfcl_quiet');
    quiet.turns[0].steps[0].response = { content: '', tier: 'live' };
    quiet.turns[0].final = '';
    store.setStageItems('resolve', [
      ...store.readStage('resolve', ['ok']).map((a) => ({ itemId: a.itemId, key: a.key })),
      { itemId: quiet.id, key: 'r-quiet' },
    ]);
    store.putArtifact({ key: 'r-quiet', stage: 'resolve', stageVersion: '1', itemId: quiet.id, content: { trajectory: quiet }, parents: [], status: 'ok', method: 'rules:x' });
    const base = { source: 'bfcl' as const, model: 'test-model', raw: '', reasons: ['dir_name="tmp" differs from the ground truth "temp"'] };
    const value: Observation = {
      ...base,
      trajectoryId: quiet.id,
      k: 2,
      action: { name: mkdir.name, args: { dir_name: '' } },
      label: 'parameters_value_error',
      groundTruth: { name: mkdir.name, args: { dir_name: 'temp' } },
      response: { content: '{"error": "mkdir: cannot create directory \'\': Invalid directory name"}', tier: 'live', error: { source: 'internal', message: 'invalid name' } },
    };
    const env: Observation = {
      ...base,
      trajectoryId: quiet.id,
      k: 1,
      action: { name: mkdir.name, args: { dir_name: 'document' } },
      label: 'tool_select_error',
      groundTruth: { name: cd.name, args: { folder: 'document' } },
      response: { content: 'Request timed out after 30 seconds', tier: 'simulated', error: { source: 'environment', message: 'timeout' } },
    };
    store.setStageItems('observe', [
      { itemId: 'bfcl_t0-k1', key: 'o-1' },
      { itemId: 'bfcl_quiet-k2', key: 'o-2' },
      { itemId: 'bfcl_quiet-k1', key: 'o-3' },
    ]);
    store.putArtifact({ key: 'o-2', stage: 'observe', stageVersion: '1', itemId: 'bfcl_quiet-k2', content: value, parents: ['r-quiet'], status: 'ok', method: 'llm:test-model' });
    store.putArtifact({ key: 'o-3', stage: 'observe', stageVersion: '1', itemId: 'bfcl_quiet-k1', content: env, parents: ['r-quiet'], status: 'ok', method: 'llm:test-model' });

    const result = exportSft(store, join(dir, 'out'), { seed: 1, validationShare: 0 });
    store.close();
    expect(result.counts).toMatchObject({ observed: 2, simulated: 2 });
    expect(result.skipped).toEqual([{ itemId: 'observe:bfcl_quiet-k1', reason: expect.stringMatching(/^the wrong call met an environment failure \(simulated\), which would hide the tool_select_error/) }]);
    const manifest = JSON.parse(readFileSync(join(dir, 'out/sft_manifest.json'), 'utf8'));
    expect(manifest.skipped).toEqual(result.skipped);

    const openai = readLines(join(dir, 'out/openai/train.jsonl'));
    const sharegpt = readLines(join(dir, 'out/sharegpt/train.jsonl'));
    expect(sharegpt.map((l) => `${l.origin} ${l.method}`).sort()).toEqual(['observed llm:test-model', 'observed llm:test-model', 'simulated rules:injectors-1', 'simulated rules:injectors-1']);
    for (const line of openai) {
      expect(FineTuneLine.safeParse(line).success).toBe(true);
      expect(sequenceProblems(line)).toEqual([]);
    }
    const tail = (line: any) => line.messages.slice(-3);
    // Observed hallucination: the invented tool, BFCL's real complaint, the reflection naming the type, the corrected call.
    const hallucination = openai.find((l) => JSON.stringify(l).includes('change_dir'))!;
    const [wrong, feedback, fix] = tail(hallucination);
    expect(wrong).toMatchObject({ role: 'assistant', weight: 0, tool_calls: [{ function: { name: 'GorillaFileSystem__change_dir', arguments: '{"folder":"document"}' } }] });
    expect(feedback).toEqual({ role: 'tool', tool_call_id: wrong.tool_calls[0].id, content: "Error during execution: name 'change_dir' is not defined" });
    expect(fix.content).toMatch(/^The last call to GorillaFileSystem\.change_dir went wrong: I called a tool that does not exist .*The tool answered: Error during execution: name 'change_dir' is not defined\. This is a tool_hallucination_error\./);
    expect(fix.tool_calls[0].function).toEqual({ name: 'GorillaFileSystem__cd', arguments: '{"folder":"document"}' });
    // Observed value error on the quiet trajectory: empty contents are spelled out, the real error follows the wrong call.
    const valueLine = openai.find((l) => JSON.stringify(l).includes('Invalid directory name'))!;
    expect(valueLine.messages.find((m: any) => m.role === 'tool').content).toBe('(empty response)');
    expect(valueLine.messages.find((m: any) => m.role === 'assistant' && m.content !== undefined).content).toBe('(turn finished)');
    const [vWrong, vFeedback, vFix] = tail(valueLine);
    expect(JSON.parse(vWrong.tool_calls[0].function.arguments)).toEqual({ dir_name: '' });
    expect(vFeedback.content).toContain('Invalid directory name');
    expect(vFix.content).toMatch(/This is a parameters_value_error\./);
    expect(JSON.parse(vFix.tool_calls[0].function.arguments)).toEqual({ dir_name: 'temp' });
    // The same sample in ShareGPT: the critique answer names the error type and the corrected call.
    const shareValue = sharegpt.find((l) => l.id === 'observed-bfcl_quiet-k2')!;
    const final = JSON.parse(shareValue.conversations[shareValue.conversations.length - 1].value);
    expect(final).toMatchObject({ error: 'parameters_value_error', name: mkdir.name, args: { dir_name: 'temp' } });
    expect(shareValue.conversations[shareValue.conversations.length - 2]).toEqual({ from: 'observation', value: value.response!.content });
  });

  it('counts each line’s tokens and names lines over OpenAI’s per-example limit', () => {
    const dir = mkdtempSync(join(tmpdir(), 'forge-sft-'));
    const store = Store.open(join(dir, 'db.sqlite'));
    seed(store, 2);
    // bfcl_t1's simulated key error gets a 70,000-word tool answer: past the 65,536-token limit.
    const huge = store.readStage<Record<string, any>>('diversify-internal', ['ok']).find((a) => a.itemId === 'bfcl_t1-key')!;
    store.putArtifact({ ...huge, key: 'd-huge', content: { ...huge.content, response: { ...huge.content.response, content: 'word '.repeat(70_000) } }, parents: huge.parents });
    store.setStageItems('diversify-internal', [
      { itemId: 'bfcl_t0-key', key: 'd-bfcl_t0' },
      { itemId: 'bfcl_t1-key', key: 'd-huge' },
    ]);
    const result = exportSft(store, join(dir, 'out'), { seed: 1, validationShare: 0 });
    store.close();
    const train = result.files['openai/train.jsonl'];
    expect(train.lines).toBe(3);
    expect(train.overLimit).toBe(1);
    expect(train.longestTokens).toBeGreaterThan(70_000);
    expect(result.tokenizer).toBe('o200k_base');
    expect(result.files['openai/validation.jsonl']).toMatchObject({ lines: 0, longestTokens: 0, overLimit: 0 });
  });
});

describe('OpenAI tool schemas', () => {
  it('give every array parameter a concrete item type, as strict schemas require', async () => {
    const { toolSchema } = await import('../../output/sft/openaiChat.js');
    const doc: ToolDoc = {
      name: 'MathAPI.mean',
      description: 'Mean of numbers.',
      required_parameters: [
        { name: 'numbers', type: 'array', description: 'numbers', items: { type: 'float' } },
        { name: 'tags', type: 'array', description: 'tags' },
        { name: 'matrix', type: 'array', description: 'rows', items: { type: 'array', items: { type: 'integer' } } },
      ],
      optional_parameters: [],
      return_data: [],
    };
    const props = toolSchema(doc).function.parameters.properties;
    expect(props.numbers.items).toEqual({ type: 'number' });
    expect(props.tags.items).toEqual({ type: 'string' });
    expect(props.matrix.items).toEqual({ type: 'array', items: { type: 'integer' } });
  });
});
