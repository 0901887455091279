import { describe, expect, it } from 'vitest';
import { INJECTORS_VERSION } from '../../pipeline/errors/injectors/index.js';
import { ERROR_TYPES, FINISH_ACTION, type Action, type InternalErrorCandidate, type Observation, type TestCase, type Trajectory } from '../../pipeline/schemas.js';
import { chooseK, toolSteps } from '../../pipeline/steps.js';
import { externalEligible } from '../../stages/diversify-internal/eligibility.js';
import { classifyAction, sameValue } from '../../pipeline/errors/index.js';
import { nextAction, REMEMBER_LINE, renderSystemPrompt } from '../../pipeline/prompts/standard.js';
import { allocate } from '../../stages/assemble/sampling.js';
import { caseId } from '../../stages/assemble/build.js';
import { assembleSummary } from '../../stages/assemble/index.js';
import { bfclTrajectories, tevalRecordedResponses, tevalTrajectories, withLookups } from '../diversify/fixtures/vendored.js';
import { fixtureStage, runAssembleChain, type AssembleHarnessResult } from './fixtures/harness.js';

const REAL = [
  // With the lookups standardize puts in (stages/standardize/lookups.ts): BFCL's own ground truth leaves them out.
  // Not 5: its first step lists a folder toward a file the request asks to find, which assemble turns down (findServes.ts).
  ...bfclTrajectories([0, 6, 12, 30, 45, 75, 110, 150, 190]).map(withLookups),
  ...tevalTrajectories(['query_0_1', 'query_13_0', 'query_107_2', 'query_132_1', 'query_10_1']),
];
const RECORDS = [...tevalRecordedResponses(['B']), ...tevalRecordedResponses(['C'])];
const SIZES = { internal: 30, external: 8, cotInternal: 20, cotExternal: 5, errorFreeShare: 0.2 };

const ok = (r: AssembleHarnessResult): TestCase[] => r.artifacts.filter((a) => a.status === 'ok').map((a) => a.content as TestCase);
const byTraj = new Map(REAL.map((t) => [t.id, t]));

describe('assemble on real trajectories through the real diversify stages (offline)', async () => {
  const run = await runAssembleChain({ trajectories: REAL, tevalRecords: RECORDS, config: { assemble: SIZES } });
  const cases = ok(run);
  const plain = cases.filter((c) => !c.cot);
  const cot = cases.filter((c) => c.cot);
  const pool = run.store.readStage<InternalErrorCandidate>('diversify-internal', ['ok']).map((a) => a.content);

  it('draws the configured sizes, 20% error-free controls, every CoT case a twin of a plain one', () => {
    expect(run.reports.every((r) => r.failed === 0)).toBe(true);
    expect(plain.filter((c) => c.kind === 'internal')).toHaveLength(30);
    expect(plain.filter((c) => c.kind === 'internal' && c.errorType === '')).toHaveLength(6);
    expect(cot.filter((c) => c.kind === 'internal')).toHaveLength(20);
    expect(cot.filter((c) => c.kind === 'internal' && c.errorType === '')).toHaveLength(4);
    expect(plain.filter((c) => c.kind === 'external')).toHaveLength(8);
    expect(cot.filter((c) => c.kind === 'external')).toHaveLength(5);
    const plainIds = new Set(plain.map((c) => c.id));
    for (const c of cot) expect(plainIds.has(c.id.replace(/-cot$/, ''))).toBe(true);
    for (const c of cases) expect(c.id).toMatch(/^[A-Za-z0-9_-]+-(tool_select_error|tool_hallucination_error|parameters_key_error|parameters_value_error|control|env)-k\d+(-cot)?$/);
  });

  it('keeps the pool mix: each error type × source gets its largest-remainder share', () => {
    // Screening comes first: a candidate assemble rejects (an ungrounded ground truth...) takes no seat.
    const rejected = new Set(run.artifacts.filter((a) => a.status === 'rejected').map((a) => a.itemId));
    const sizes = new Map<string, number>();
    for (const c of pool.filter((p) => !rejected.has(caseId(p.trajectoryId, p.errorType, p.k, false)))) sizes.set(`${c.errorType} | ${c.source}`, (sizes.get(`${c.errorType} | ${c.source}`) ?? 0) + 1);
    const expected = allocate(sizes, 24);
    for (const a of expected) {
      const [type, source] = a.stratum.split(' | ');
      expect(plain.filter((c) => c.errorType === type && c.source === source).length, a.stratum).toBe(a.quota);
    }
    expect(run.logs.some((l) => l.startsWith('[assemble] internal plain: 24/24 from'))).toBe(true);
  });

  it('renders internal cases as prefix + erroneous a_k + its response, asking for the corrected a_k', () => {
    for (const c of cases.filter((x) => x.kind === 'internal' && x.errorType !== '')) {
      const candidate = pool.find((p) => p.trajectoryId === c.trajectoryId && p.errorType === c.errorType)!;
      const [assistant, fn] = c.messages.slice(-2);
      expect(assistant.role).toBe('assistant');
      expect(JSON.parse(assistant.content).name).toBe(candidate.erroneousAction!.name);
      expect(fn).toEqual({ role: 'function', content: candidate.response!.content });
      const gt = c.groundTruth as Action;
      expect(gt.name).toBe(candidate.correctAction.name);
      expect(gt.args).toEqual(candidate.correctAction.args);
      expect('thought' in gt).toBe(c.cot);
      expect(c.messages[0].content).toBe(renderSystemPrompt(byTraj.get(c.trajectoryId)!.tools, { cot: c.cot }));
      expect(c.provenance.methods.error).toBe(`rules:${INJECTORS_VERSION}`);
      expect(c.provenance.parents).toHaveLength(2);
    }
  });

  it('the label checker agrees with the claimed type on 100% of kept internal error cases', () => {
    const internal = cases.filter((c) => c.kind === 'internal' && c.errorType !== '');
    expect(internal.length).toBe(24 + 16);
    const agreeing = internal.filter((c) => classifyAction(c.erroneousAction!, { tools: c.tools, groundTruth: c.groundTruth as Action }).label === c.errorType);
    expect(agreeing.length / internal.length).toBe(1);
    for (const type of ERROR_TYPES) expect(internal.some((c) => c.errorType === type)).toBe(true);
  });

  it('stops controls at the correct a_k with its real response and asks for the next action', () => {
    for (const c of cases.filter((x) => x.errorType === '' && x.kind === 'internal')) {
      const t = byTraj.get(c.trajectoryId)!;
      const step = toolSteps(t)[c.k - 1].step;
      expect(c.messages.at(-1)).toEqual({ role: 'function', content: step.response!.content });
      expect(JSON.parse(c.messages.at(-2)!.content).name).toBe(step.action.name);
      const next = nextAction(t, c.k);
      expect((c.groundTruth as Action).name).toBe(next.name);
      expect(sameValue((c.groundTruth as Action).args, next.args)).toBe(true);
      expect(c.provenance.origin).toBe('error-free control');
    }
  });

  it('ends external cases with the environment failure and asks for [retry of a_k, the next action]', () => {
    const env = run.store.readStage<any>('diversify-external', ['ok']).map((a) => a.content);
    for (const c of cases.filter((x) => x.kind === 'external')) {
      const candidate = env.find((e) => e.trajectoryId === c.trajectoryId)!;
      expect(c.messages.at(-1)).toEqual({ role: 'function', content: candidate.response.content });
      const [retry, next] = c.groundTruth as [Action, Action];
      expect(retry.name).toBe(candidate.action.name);
      expect(retry.args).toEqual(candidate.action.args);
      // The trajectory's next step, unless it cannot be taken without a_k: then a later step of the
      // turn that needs nothing from a_k, or a closing answer reporting the failure.
      const t = byTraj.get(c.trajectoryId)!;
      const planned = nextAction(t, c.k);
      expect(next.name).toBe(candidate.next.name);
      if (next.name !== planned.name || (next.name !== FINISH_ACTION && !sameValue(next.args, planned.args))) {
        expect(candidate.details.notes.join(' ')).toContain('cannot be taken without a_k');
        if (next.name !== FINISH_ACTION) {
          const later = toolSteps(t).filter((s) => s.k > c.k + 1 && s.turnIndex === toolSteps(t)[c.k - 1].turnIndex);
          expect(later.some((s) => s.step.action.name === next.name && sameValue(s.step.action.args, next.args))).toBe(true);
        }
      }
      expect(c.environmentError).toBe(candidate.kind);
      if (c.cot) expect(retry.thought && next.thought).toBeTruthy();
    }
  });

  it('is deterministic: the same seed gives the same cases, another seed another draw', async () => {
    const again = await runAssembleChain({ trajectories: REAL, tevalRecords: RECORDS, config: { assemble: SIZES } });
    expect(ok(again).map((c) => JSON.stringify(c))).toEqual(cases.map((c) => JSON.stringify(c)));
    const other = await runAssembleChain({ trajectories: REAL, tevalRecords: RECORDS, config: { assemble: SIZES, seed: 7 } });
    expect(ok(other).map((c) => c.id)).not.toEqual(cases.map((c) => c.id));
  });

  it('summarises per kind, type, source and variant', () => {
    const text = assembleSummary({ store: run.store });
    expect(text).toContain('internal | control | bfcl | plain');
    expect(text).toContain('external |');
  });
});

describe('assemble with a pool smaller than the target', () => {
  it('takes every usable case and says it fell short', async () => {
    const run = await runAssembleChain({ trajectories: REAL.slice(0, 3), config: { assemble: { internal: 100, external: 50, cotInternal: 10, cotExternal: 10, errorFreeShare: 0.2 } } });
    const cases = ok(run);
    const internalPool = run.store.readStage('diversify-internal', ['ok']).length;
    expect(cases.filter((c) => c.kind === 'internal' && c.errorType !== '' && !c.cot)).toHaveLength(internalPool);
    expect(cases.filter((c) => c.kind === 'external' && !c.cot)).toHaveLength(3);
    expect(run.logs.some((l) => /internal plain: \d+\/80 from \d+ — SHORT/.test(l))).toBe(true);
    expect(run.logs.some((l) => /external plain: 3\/50 from 3 — SHORT/.test(l))).toBe(true);
  });
});

describe('assemble records a reason for every pool member it cannot use', async () => {
  // Real candidates first, then damaged copies fed to assemble through a fixture diversify-internal.
  const base = await runAssembleChain({ trajectories: REAL.slice(0, 4), target: 'diversify-internal' });
  const good = base.store.readStage<InternalErrorCandidate>('diversify-internal', ['ok']).map((a) => a.content);
  const g0 = good[0];
  const g1 = good.find((c) => c.trajectoryId !== g0.trajectoryId)!;
  const g2 = good.find((c) => c.errorType === 'parameters_value_error' && c.trajectoryId !== g0.trajectoryId && c.trajectoryId !== g1.trajectoryId)!;

  const t0 = byTraj.get(g0.trajectoryId)!;
  // The same trajectory id, but its tool list lost the ground-truth tool.
  const gtTool = toolSteps(t0)[g0.k - 1].step.action.name;
  const noGtTool: Trajectory = { ...t0, tools: t0.tools.filter((d) => d.name !== gtTool) };
  const tooShort = { ...g1, k: 99 };
  const malformed = { trajectoryId: g1.trajectoryId, errorType: 'tool_select_error', k: 'two' };
  const mislabelled: InternalErrorCandidate = { ...g2, errorType: 'tool_select_error', label: { ...g2.label, claimed: 'tool_select_error' } };
  const others = REAL.slice(1, 4);

  const run = await runAssembleChain({
    trajectories: [noGtTool, ...others],
    replace: {
      'diversify-internal': fixtureStage<unknown>('diversify-internal', [
        { id: 'gt-tool-missing', content: g0 },
        { id: 'too-short', content: tooShort },
        { id: 'malformed', content: malformed },
        { id: 'mislabelled', content: mislabelled },
      ]),
    },
    config: { assemble: SIZES },
  });
  const rejected = new Map(run.artifacts.filter((a) => a.status === 'rejected').map((a) => [a.itemId, a.reason as string]));

  it('does not crash: every item finished, the usable ones are ok', () => {
    expect(run.reports.every((r) => r.failed === 0)).toBe(true);
    expect(ok(run).length).toBeGreaterThan(0);
  });

  it('a tool list without the ground-truth tool', () => {
    const reason = rejected.get(caseId(g0.trajectoryId, g0.errorType, g0.k, false))!;
    expect(reason).toContain(`ground-truth tool ${gtTool} is not in the case's tool list`);
    // Its control stops at the same step and fails for the same reason.
    expect(rejected.get(caseId(g0.trajectoryId, 'control', g0.k, false))).toContain(`ground-truth tool ${gtTool} is not in the case's tool list`);
  });

  it('a trajectory too short for k', () => {
    expect(rejected.get(caseId(g1.trajectoryId, g1.errorType, 99, false))).toMatch(/has \d+ tool steps, too short for k=99/);
  });

  it('a malformed candidate', () => {
    expect(rejected.get('malformed-malformed')).toMatch(/^diversify-internal candidate malformed is malformed at \w+: /);
  });

  it('a candidate whose claimed type the label checker does not see', () => {
    expect(rejected.get(caseId(g2.trajectoryId, 'tool_select_error', g2.k, false))).toContain('claimed tool_select_error, the label checker says parameters_value_error');
  });

  it('logs how many it recorded as rejected', () => {
    expect(run.logs.some((l) => l.includes('cannot make a sound case') && l.includes('internal 4'))).toBe(true);
  });
});

describe('assemble rejects cases the evaluator could not score', () => {
  const [t] = bfclTrajectories([0]);
  const first = t.turns[0].steps[0];

  it('an external case whose next action repeats the failed call (skipping could not be told from retrying)', async () => {
    // Two identical steps; an id whose external draw lands on step 1, so the next action is the same call.
    const id = Array.from({ length: 50 }, (_, i) => `bfcl_repeat_${i}`).find((i) => chooseK({ ...t, id: i }, 42, 'k-external', externalEligible) === 1)!;
    const repeated: Trajectory = { ...t, id, turns: [{ user: t.turns[0].user, steps: [first, first], final: 'Done.' }], final: 'Done.' };
    const run = await runAssembleChain({ trajectories: [repeated], config: { assemble: SIZES } });
    const env = run.artifacts.find((a) => a.itemId === `${id}-env-k1`)!;
    // Either turned down for repeating the failed call, or (BFCL's cd: the second cd runs where the
    // failed one was to lead, needsFailedState) the step after the failure is an answer instead.
    if (env.status === 'rejected') expect(env.reason).toContain(`repeats the failed call ${first.action.name} with the same arguments`);
    else {
      const [, after] = env.content.groundTruth as Action[];
      expect(after.name === first.action.name && sameValue(after.args, first.action.args)).toBe(false);
    }
  });

  it('a control case whose next action is a FinishAction with an empty answer; its external case answers anew', async () => {
    const single: Trajectory = { ...t, id: 'bfcl_empty_final', turns: [{ user: t.turns[0].user, steps: [first], final: '' }], final: '' };
    const run = await runAssembleChain({ trajectories: [single], config: { assemble: SIZES } });
    const control = run.artifacts.find((x) => x.itemId === 'bfcl_empty_final-control-k1')!;
    expect(control.status).toBe('rejected');
    expect(control.reason).toContain('the next action after k=1 is a FinishAction with an empty answer');
    // After a_k failed for good, the closing answer is written anew and says so: the recorded one
    // (here empty; normally reporting a_k's result) is not what the model should say.
    const env = run.artifacts.find((x) => x.itemId === 'bfcl_empty_final-env-k1')!;
    expect(env.status).toBe('ok');
    const [retry, after] = env.content.groundTruth;
    expect(retry.name).toBe(first.action.name);
    expect(after.name).toBe('FinishAction');
    // It says what could not be done and that it failed, in the user's words: no function named (failureSentences.ts).
    expect(after.args).not.toContain('`');
    expect(after.args).toMatch(/failed|error|did not go through|could not|couldn't|wasn't able|unable/i);
    expect(env.content.provenance.methods.next).toBe('answer-after-failure');
    // The internal error cases of the same trajectory ask for a_k, not the answer: they stay.
    expect(ok(run).filter((c) => c.errorType !== '').length).toBeGreaterThan(0);
    for (const c of ok(run)) {
      const gts = Array.isArray(c.groundTruth) ? c.groundTruth : [c.groundTruth];
      for (const g of gts) if (g.name === FINISH_ACTION) expect(g.args).not.toBe('');
    }
  });

  // teval_query_472_2-control-k2 showed a simulated "top rated" list with 6.3 before 7.2 (its films
  // carried over from a popularity list); the simulator left it, the case is turned down.
  it('a case showing a simulated answer out of the ranking its doc promises', async () => {
    const doc = { name: 'FilmTMDB.get_top_rated_movies', description: 'Get a list of movies ordered by rating', locality: 'remote' as const, required_parameters: [], optional_parameters: [], return_data: [{ name: 'films', description: 'list of films ranked by rating, including id, title and rating' }] };
    const films = (a: number, b: number) => JSON.stringify({ films: [{ id: 299054, title: 'Expend4bles', rating: a }, { id: 926393, title: 'The Equalizer 3', rating: b }] });
    // The second step is another call: asking the same one twice is turned down for that alone.
    const playing = { ...doc, name: 'FilmTMDB.get_now_playing', description: 'Get the movies now playing', return_data: [{ name: 'films', description: 'list of films now playing' }] };
    const step = (content: string, name = doc.name) => ({ action: { name, args: {} }, response: { content, tier: 'simulated' as const } });
    const make = (id: string, content: string): Trajectory => ({ ...t, id, source: 'teval', tools: [doc, playing], turns: [{ user: 'Show me the top rated movies, then the ones now playing.', steps: [step(content), step(content, playing.name)], final: 'Here they are.' }], final: 'Here they are.' });
    const run = await runAssembleChain({ trajectories: [make('teval_unranked', films(6.3, 7.2)), make('teval_ranked', films(7.2, 6.3))], config: { assemble: SIZES } });
    const controls = (id: string) => run.artifacts.filter((a) => a.itemId.startsWith(`${id}-control`));
    expect(controls('teval_unranked').length).toBeGreaterThan(0);
    for (const c of controls('teval_unranked')) expect(c.reason ?? '', c.itemId).toContain('incoherent simulated answer: FilmTMDB.get_top_rated_movies films ranked by rating lists 6.3 before 7.2');
    expect(controls('teval_ranked').every((c) => !(c.reason ?? '').includes('incoherent'))).toBe(true);
  });
});

describe('assemble takes errors a model really made (observe) into the internal pool', () => {
  it('makes an -observed case with origin observed and method llm:<model>', async () => {
    // Not 5: its k=1 case walks toward a file the request asks to find, which assemble turns down (findServes.ts).
    const [t] = bfclTrajectories([6]).map(withLookups);
    const step = toolSteps(t)[0];
    const others = t.tools.filter((d) => d.name !== step.step.action.name);
    const wrong: Action = { thought: 'Use another tool.', name: others[0].name, args: {} };
    const observation: Observation = {
      trajectoryId: t.id,
      source: 'bfcl',
      k: 1,
      model: 'gpt-test',
      raw: JSON.stringify(wrong),
      action: wrong,
      label: 'tool_select_error',
      reasons: ['calls another listed tool'],
      groundTruth: step.step.action,
      response: { content: '{"error": "wrong tool for this"}', tier: 'live' },
    };
    const run = await runAssembleChain({ trajectories: [t], observations: [observation], config: { assemble: { ...SIZES, internal: 100 } } });
    const observed = ok(run).find((c) => c.id === `${t.id}-tool_select_error-k1-observed-gpt-test`);
    expect(observed).toBeDefined();
    expect(observed!.provenance.origin).toBe('observed (gpt-test)');
    expect(observed!.provenance.methods.error).toBe('llm:gpt-test');
    expect(observed!.messages.at(-1)!.content).toBe('{"error": "wrong tool for this"}');
    expect(observed!.messages[0].content).toContain(REMEMBER_LINE);
  });
});
