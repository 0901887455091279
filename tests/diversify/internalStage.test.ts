import { describe, expect, it } from 'vitest';
import { INJECTORS_VERSION } from '../../pipeline/errors/injectors/index.js';
import { parseConfig } from '../../pipeline/config.js';
import { Rng } from '../../pipeline/rng.js';
import { LlmOutputError, type InvokeOptions, type InvokeResult, type LlmGateway, type RoleSpec } from '../../pipeline/llm/types.js';
import type { ItemContext } from '../../pipeline/stage.js';
import { Store } from '../../pipeline/store/store.js';
import { refTo } from '../../pipeline/artifactRef.js';
import { ERROR_TYPES, type Action, type InternalErrorCandidate, type Observation, type Trajectory } from '../../pipeline/schemas.js';
import { toolSteps } from '../../pipeline/steps.js';
import { agreementByMethod, classifyAction, formatAgreement, sameValue } from '../../pipeline/errors/index.js';
import { runInternal, internalSummary, type InternalItemInput } from '../../stages/diversify-internal/index.js';
import { errorSimulatorRole, type ErrorSimulatorInput, type ErrorSimulatorOutput } from '../../stages/diversify-internal/errorSimulator.js';
import { bfclTrajectories, tevalRecordedResponses, tevalTrajectories } from './fixtures/vendored.js';
import { runDiversify } from './fixtures/harness.js';
import { TestResolver } from './fixtures/testResolver.js';

const REAL = [...bfclTrajectories([0, 5, 12, 45, 75, 110, 150, 190]), ...tevalTrajectories(['query_0_1', 'query_13_0', 'query_107_2', 'query_132_1', 'query_10_1'])];
const TEVAL_C = tevalRecordedResponses(['C']);

/** The tools of a real T-Eval trajectory with every ground-truth tool taken out of its list. */
function withoutGroundTruthTools(t: Trajectory): Trajectory {
  const used = new Set(toolSteps(t).map((s) => s.step.action.name));
  const spare = tevalTrajectories(['query_13_0'])[0].tools.filter((d) => !used.has(d.name));
  return { ...t, id: `${t.id}_no_gt_tool`, tools: spare.slice(0, 2) };
}

const NO_STEPS: Trajectory = { ...REAL[0], id: 'bfcl_no_steps', turns: [{ user: 'Just say hello.', steps: [], final: 'Hello!' }], final: 'Hello!' };
const SINGLE_TOOL: Trajectory = (() => {
  const base = bfclTrajectories([0])[0];
  const first = base.turns[0].steps[0];
  return { ...base, id: 'bfcl_single_tool', tools: base.tools.filter((d) => d.name === first.action.name), turns: [{ user: base.turns[0].user, steps: [first], final: 'Done.' }] };
})();
const NO_ARGS: Trajectory = (() => {
  const base = bfclTrajectories([1])[0]; // turn 1 is ls(a=True)
  const ls = base.tools.find((d) => d.name === 'GorillaFileSystem.ls')!;
  return { ...base, id: 'bfcl_no_args', tools: [ls, ...base.tools.filter((d) => d.name === 'GorillaFileSystem.pwd')], turns: [{ user: 'List what is here.', steps: [{ action: { thought: 'List the files.', name: ls.name, args: {} }, response: { content: '{"current_directory_content": []}', tier: 'live' as const } }], final: 'Done.' }] };
})();

function contents(artifacts: { status: string; content: unknown }[]): { status: string; content: InternalErrorCandidate }[] {
  return artifacts.filter((a) => a.content) as { status: string; content: InternalErrorCandidate }[];
}

describe('diversify-internal, offline (rules)', async () => {
  const run = await runDiversify('diversify-internal', {
    trajectories: [...REAL, withoutGroundTruthTools(tevalTrajectories(['query_0_1'])[0]), NO_STEPS, SINGLE_TOOL, NO_ARGS],
    tevalRecords: TEVAL_C,
  });
  const byId = new Map(run.artifacts.map((a) => [a.itemId, a]));

  it('makes one candidate per trajectory × error type, each agreeing with the label checker and differing from the ground truth', () => {
    const ok = contents(run.artifacts.filter((a) => a.status === 'ok'));
    // A few are flagged: no realistic error at that step, only wrong calls that would change state and
    // go through, or (error-injectors@18 on) only wrong tools whose calls would hold a value of another kind.
    // One fewer since error-injectors@53: a step whose only confusable tools remove what the request never asked to remove
    // (errors/destructive.ts: rm and rmdir for find in bfcl 45, cancel_booking for get_flight_cost in bfcl 150) or are a fair
    // reading of it (benignSelect.ts: get_property_details for 0_1's "review … these properties") gets no tool selection error.
    expect(ok.length).toBeGreaterThanOrEqual(REAL.length * 4 - 8);
    for (const { content: c } of ok) {
      expect(c.label).toMatchObject({ claimed: c.errorType, detected: c.errorType, agrees: true });
      const again = classifyAction(c.erroneousAction!, { tools: REAL.concat(SINGLE_TOOL, NO_ARGS).find((t) => t.id === c.trajectoryId)!.tools, groundTruth: c.correctAction });
      expect(again.label).toBe(c.errorType);
      expect(sameValue(c.erroneousAction, c.correctAction)).toBe(false);
      expect(c.method).toBe(`rules:${INJECTORS_VERSION}`);
      expect(c.response).toBeDefined();
      expect(c.erroneousAction!.thought).toBeTruthy();
    }
    // A type may not apply at a trajectory's step k (no confusable tool, no realistic wrong value): it is rejected, never forced.
    // tool_select turns down more since error-injectors@18: a wrong tool whose call would put a value in a slot of another kind, or a later step's search done early.
    // One more each since error-injectors@33: a wrong tool needing an id nobody gave (cancel_booking from "expire in 2026") is no candidate, and without type confusions (which failed) a wrong value of a state-changing call goes through and is turned down.
    for (const type of ERROR_TYPES) expect(ok.filter((a) => a.content.errorType === type).length, type).toBeGreaterThanOrEqual(REAL.length - (type === 'tool_select_error' ? 9 : type === 'parameters_value_error' ? 6 : 5));
  });

  it('gets BFCL responses from the backends (real errors) and T-Eval responses from the simulator tier', () => {
    const hallucinated = byId.get('bfcl_multi_turn_base_0-tool_hallucination_error')!.content as InternalErrorCandidate;
    expect(hallucinated.response!.tier).toBe('live');
    expect(hallucinated.response!.content).toContain('is not defined');
    const tevalKey = byId.get('teval_query_0_1-parameters_key_error')!.content as InternalErrorCandidate;
    expect(tevalKey.response!.tier).toBe('simulated');
    expect(tevalKey.response!.error).toBeDefined();
  });

  it('records the few-shot examples and their pool: T-Eval recorded input errors where they have the type, else injector examples', () => {
    const value = run.artifacts.find((a) => a.status === 'ok' && a.itemId.startsWith('teval_') && a.itemId.endsWith('-parameters_value_error'))!.content as InternalErrorCandidate;
    expect(value.fewShotPool).toBe('teval-recorded');
    expect(value.fewShot).toHaveLength(3);
    expect(value.fewShot.every((id) => id.startsWith('teval-recorded:'))).toBe(true);
    const hallucination = byId.get('teval_query_0_1-tool_hallucination_error')!.content as InternalErrorCandidate;
    expect(hallucination.fewShotPool).toBe('injectors');
    expect(hallucination.fewShot).toHaveLength(3);
    expect(hallucination.fewShot.every((id) => id.startsWith('injectors:') && !id.startsWith('injectors:teval_query_0_1-'))).toBe(true);
    // T-Eval holds a single recorded tool-mismatch among these docs: it comes first, the injectors top up.
    const select = run.artifacts.find((a) => a.status === 'ok' && a.itemId.startsWith('teval_') && a.itemId.endsWith('-tool_select_error'))!.content as InternalErrorCandidate;
    expect(select.fewShotPool).toBe('teval-recorded');
    expect(select.fewShot.map((id) => id.split(':')[0])).toEqual(['teval-recorded', 'injectors', 'injectors']);
    expect(run.logs.some((l) => l.includes('few-shot pools') && l.includes('observe has no output'))).toBe(true);
  });

  it('rejects, with the reason, a tool list without the ground-truth tool, a trajectory without tool steps, and types that cannot apply', () => {
    const noGt = byId.get('teval_query_0_1_no_gt_tool-parameters_value_error')!;
    expect(noGt.status).toBe('rejected');
    expect(noGt.reason).toMatch(/ground-truth tool \w+\.\w+ is not in the trajectory's tool list \(BINGMap/);
    const empty = byId.get('bfcl_no_steps-tool_select_error')!;
    expect(empty.status).toBe('rejected');
    expect(empty.reason).toContain('has no tool step that can carry an internal error');
    expect(byId.get('bfcl_single_tool-tool_select_error')!.reason).toContain('a tool selection error needs another listed tool');
    expect(byId.get('bfcl_single_tool-tool_hallucination_error')!.status).toBe('ok');
    expect(byId.get('bfcl_no_args-parameters_value_error')!.reason).toContain('passes no arguments');
    // No key to misspell or leave out: a key error would have to invent an option nobody asked for.
    expect(byId.get('bfcl_no_args-parameters_key_error')!.reason).toContain('no key of GorillaFileSystem.ls has a realistic misspelling');
  });

  it('reports agreement per method: every kept candidate agrees', () => {
    const rows = agreementByMethod(run.artifacts.map((a) => ({ status: a.status, content: a.content })));
    const all = rows.find((r) => r.method === `rules:${INJECTORS_VERSION}` && r.errorType === 'all')!;
    expect(all.kept).toBeGreaterThan(40);
    expect(all.keptRate).toBe(1);
    expect(formatAgreement(rows)).toContain(`rules:${INJECTORS_VERSION} | all`);
    expect(internalSummary({ store: run.store } as never)).toContain('label agreement');
  });

  it('gives the same artifacts whatever the concurrency', async () => {
    const again = await runDiversify('diversify-internal', { trajectories: REAL.slice(0, 4), tevalRecords: TEVAL_C, concurrency: 1 });
    const wide = await runDiversify('diversify-internal', { trajectories: REAL.slice(0, 4), tevalRecords: TEVAL_C, concurrency: 8 });
    const rows = (r: typeof again) => r.artifacts.map((a) => JSON.stringify([a.itemId, a.status, a.content])).sort();
    expect(rows(again)).toEqual(rows(wide));
  });
});

describe('diversify-internal, responses that are no errors', () => {
  it('flags a hallucination the chain answered without an error, and notes an accepted wrong value or a wrong tool that ran', async () => {
    const accepting = { resolve: async () => ({ content: '{"result": "ok"}', tier: 'simulated' as const }) };
    const run = await runDiversify('diversify-internal', { trajectories: tevalTrajectories(['query_13_0', 'query_107_2', 'query_10_1']), resolver: accepting });
    const hallucination = run.artifacts.find((a) => a.itemId.endsWith('tool_hallucination_error'))!;
    expect(hallucination.status).toBe('flagged');
    expect(hallucination.reason).toContain('answered this tool_hallucination_error call without an error');
    const value = run.artifacts.find((a) => a.itemId.endsWith('parameters_value_error') && a.status !== 'rejected')!;
    expect(value.status).toBe('ok');
    expect((value.content as InternalErrorCandidate).notes[0]).toContain('accepted the erroneous value');
    const select = run.artifacts.find((a) => a.itemId.endsWith('tool_select_error') && a.status !== 'rejected')!;
    expect(select.status).toBe('ok');
    expect((select.content as InternalErrorCandidate).notes[0]).toContain('wrongly selected tool ran');
  });
});

describe('diversify-internal, few-shot from observed errors', () => {
  it('draws from the observed pool first and names it', async () => {
    const [a, b] = bfclTrajectories([0, 5]);
    const gt = toolSteps(b)[0].step.action;
    const observation: Observation = {
      trajectoryId: b.id,
      source: 'bfcl',
      k: 1,
      model: 'gpt-test',
      raw: '{}',
      action: { name: 'GorillaFileSystem.ls', args: {} },
      label: 'tool_select_error',
      reasons: ['calls another tool'],
      groundTruth: gt,
    };
    const run = await runDiversify('diversify-internal', { trajectories: [a, b], observations: [observation] });
    const select = run.artifacts.find((x) => x.itemId === `${a.id}-tool_select_error`)!.content as InternalErrorCandidate;
    expect(select.fewShotPool).toBe('observed');
    expect(select.fewShot[0]).toBe(`observed:${b.id}-k1-gpt-test`);
    // The observed example came from b: b's own items never see it.
    const own = run.artifacts.find((x) => x.itemId === `${b.id}-tool_select_error`)!.content as InternalErrorCandidate;
    expect(own.fewShotPool).not.toBe('observed');
  });
});

/** An LLM gateway stand-in (a collaborator): scripted answers per call, every input kept. */
class ScriptedGateway implements LlmGateway {
  readonly mode = 'openai' as const;
  readonly inputs: ErrorSimulatorInput[] = [];
  constructor(private readonly script: (input: ErrorSimulatorInput, call: number) => ErrorSimulatorOutput) {}
  fingerprint(): string {
    return 'scripted';
  }
  async invoke<I, O>(spec: RoleSpec<I, O>, input: I, _opts: InvokeOptions): Promise<InvokeResult<O>> {
    const sim = input as unknown as ErrorSimulatorInput;
    this.inputs.push(sim);
    const output = this.script(sim, this.inputs.length);
    return { output: spec.schema.parse(output), method: 'llm:gpt-4o-mini', cached: false };
  }
}

/** Where the items' trajectories are: an item names its trajectory by reference, as enumerate makes it. */
const store = Store.open(':memory:');

function itemContext(llm: LlmGateway, itemId: string): ItemContext {
  const config = parseConfig({ llm: { mode: 'openai' } });
  return {
    store,
    config,
    seed: config.seed,
    llm,
    services: { resolver: new TestResolver() },
    log: () => {},
    upstream: () => [],
    rng: (purpose: string) => new Rng(config.seed, itemId, purpose),
    options: {},
    itemKey: `key-${itemId}`,
    itemId,
  };
}

function item(trajectory: Trajectory, errorType: InternalItemInput['errorType'], k: number | null = 1) {
  const key = `resolved-${trajectory.id}`;
  store.putArtifact({ key, stage: 'resolve', stageVersion: 'test', itemId: trajectory.id, content: { trajectory }, parents: [], status: 'ok', method: 'test' });
  const ref = refTo(store.artifactInfo(key)!, 0);
  return { id: `${trajectory.id}-${errorType}`, parents: [key], input: { trajectory: ref, k, errorType, toolkitApis: trajectory.tools.map((t) => t.name), fewShot: [], fewShotPool: 'none' as const } };
}

describe('diversify-internal, the LLM error simulator', () => {
  const trajectory = bfclTrajectories([0])[0];
  const correct = toolSteps(trajectory)[0].step.action as Action & { args: Record<string, unknown> };

  it('flags malformed simulator output with the reason after every attempt', async () => {
    const garbage = new ScriptedGateway(() => {
      throw new LlmOutputError('the reply is not JSON: "Sure! Here is the modified dialog…"', 'error-simulator');
    });
    const result = await runInternal(item(trajectory, 'tool_hallucination_error'), itemContext(garbage, 'x'));
    expect(result.status).toBe('flagged');
    expect(result.reason).toContain('malformed simulator output');
    expect(result.reason).toContain('the reply is not JSON');
    expect(result.content!.attempts).toHaveLength(3);
    expect(result.content!.attempts.every((a) => a.method === 'llm:gpt-4o-mini' && !a.agrees)).toBe(true);
    expect(result.method).toBe('llm:gpt-4o-mini');
  });

  it('flags output that is not the claimed error, with the checker\'s verdict', async () => {
    const unchanged = new ScriptedGateway(() => ({ thought: correct.thought, name: correct.name, args: correct.args }));
    // A key error applies at k=1 (cd's folder has no realistic wrong value there that repeats no valid step).
    const result = await runInternal(item(trajectory, 'parameters_key_error'), itemContext(unchanged, 'y'));
    expect(result.status, result.reason ?? '').toBe('flagged');
    expect(result.reason).toContain('the label checker says correct');
    expect(result.content!.label).toMatchObject({ claimed: 'parameters_key_error', detected: 'correct', agrees: false });
  });

  it('retries with the rejection as feedback and keeps a corrected answer, thought filled in', async () => {
    const gateway = new ScriptedGateway((_input, call) =>
      call === 1 ? { name: 'GorillaFileSystem.mkdir', args: { dir_name: 'document' } } : { name: 'GorillaFileSystem.change_dir', args: correct.args },
    );
    const result = await runInternal(item(trajectory, 'tool_hallucination_error'), itemContext(gateway, 'z'));
    expect(result.status).toBe('ok');
    expect(result.method).toBe('llm:gpt-4o-mini');
    expect(result.content!.attempts.map((a) => a.detected)).toEqual(['tool_select_error', 'tool_hallucination_error']);
    expect(result.content!.erroneousAction!.thought).toContain('change_dir');
    const second = errorSimulatorRole.template.render(gateway.inputs[1]);
    expect(second[1].content).toContain('Your previous modification was rejected');
    expect(second[1].content).toContain('claimed tool_hallucination_error, the label checker says tool_select_error');
  });

  it('renders the Fig. 16 prompt: error type, correct dialog ending in a_k, three same-type examples', async () => {
    const input = await captureInput();
    const [system, user] = errorSimulatorRole.template.render(input);
    expect(system.content).toContain('Your goal is to modify the content of the last reply of assistant');
    expect(system.content.match(/^Example \d \(Parameters Value Error\):/gm)).toHaveLength(3);
    expect(user.content).toContain('Error Type: Parameters Value Error');
    expect(user.content).toContain('Correct Dialog Trajectory:');
    const lastLine = user.content.trim().split('\n').pop()!;
    expect(lastLine).toBe(`assistant: ${JSON.stringify({ thought: input.injection.correct.thought, name: input.injection.correct.name, args: input.injection.correct.args })}`);
  });

  it('rejects a trajectory too short for the chosen k, with the reason', async () => {
    const result = await runInternal(item(trajectory, 'parameters_key_error', 99), itemContext(new ScriptedGateway(() => ({ name: 'a.b', args: {} })), 'w'));
    expect(result.status).toBe('rejected');
    expect(result.reason).toBe(`trajectory ${trajectory.id} has ${toolSteps(trajectory).length} tool steps, too short for k=99`);
  });
});

/** The simulator input of a value-error item, as the stage builds it (few-shot from T-Eval's recorded input errors). */
async function captureInput(): Promise<ErrorSimulatorInput> {
  const gateway = new ScriptedGateway(() => ({ name: 'X.y', args: {} }));
  await runDiversify('diversify-internal', { trajectories: REAL, tevalRecords: TEVAL_C, llm: gateway, concurrency: 1 });
  return gateway.inputs.find((i) => i.errorType === 'parameters_value_error')!;
}
