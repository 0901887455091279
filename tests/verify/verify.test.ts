import { beforeAll, describe, expect, it } from 'vitest';
import type { ItemStage } from '../../pipeline/stage.js';
import { Verification, type TestCase, type ToolDoc } from '../../pipeline/schemas.js';
import { queryIndex, protectedValues, statedGroundTruthValues } from '../../stages/evolve/caseParts.js';
import { evolveStage, type EvolveInput } from '../../stages/evolve/index.js';
import { checkInvariants, INVARIANT_NAMES } from '../../stages/verify/invariants.js';
import { fixtureCases } from '../evolve/fixtures/cases.js';
import { runEvolveVerify, type EvolveRun } from '../evolve/fixtures/harness.js';
import { ScriptedGateway } from './fixtures/scriptedGateway.js';
import { readRef } from '../../pipeline/artifactRef.js';
import { NOISY_RULES_VERSION } from '../../stages/evolve/roles/noisyQuery.js';
import { HARDER_RULES_VERSION } from '../../stages/evolve/roles/harderTools.js';
import { JUDGE_RULES_VERSION } from '../../stages/verify/judge.js';

const cases = fixtureCases();
const byId = new Map(cases.map((c) => [c.id, c]));
const CONFIG = { evolve: { internal: 24, external: 10 } };
let offline: EvolveRun;

beforeAll(async () => {
  offline = await runEvolveVerify(cases, { config: CONFIG });
}, 60_000);

const yesJudge = new ScriptedGateway({ judge: () => JSON.stringify({ answer: 'Yes', reason: 'looks equivalent to me' }) });

/** The real evolve stage, then a deliberate defect in every noisy query: the first stated ground-truth value deleted. */
const valueDeletingEvolve: ItemStage<EvolveInput, TestCase> = {
  ...evolveStage,
  version: 'defect-1',
  async run(item, ctx) {
    const result = await evolveStage.run(item, ctx);
    const e = result.content;
    if (!e || !e.evolution!.applied.includes('noisy_query')) return result;
    const base = readRef<TestCase>(ctx.store, item.parents, item.input.base);
    const values = statedGroundTruthValues(base, base.messages[queryIndex(base.messages)].content);
    if (!values.length) return result;
    const q = queryIndex(e.messages);
    const messages = e.messages.slice();
    messages[q] = { role: 'user', content: messages[q].content.split(values[0]).join('[something]') };
    return { ...result, content: { ...e, messages, evolution: { ...e.evolution!, details: { ...e.evolution!.details, deleted: values[0] } } } };
  },
};

describe('verify (offline, real evolve + verify run)', () => {
  it('accepts cases, and every accepted case passes every invariant', () => {
    expect(offline.verified).toHaveLength(offline.evolved.filter((a) => a.status === 'ok').length);
    const accepted = offline.verified.filter((a) => a.status === 'ok');
    expect(accepted.length).toBeGreaterThan(offline.verified.length * 0.8);
    for (const a of accepted) {
      const v = Verification.parse(a.content.verification);
      expect(v.outcome).toBe('accepted');
      expect(v.invariants.map((i) => i.name)).toEqual([...INVARIANT_NAMES]);
      expect(v.invariants.every((i) => i.passed)).toBe(true);
      expect(v.judge.length).toBe(a.content.evolution!.applied.length);
      expect(v.judge.every((j) => j.result === 'Yes' && j.method === `rules:${JUDGE_RULES_VERSION}`)).toBe(true);
      // Independently of the stage: the invariants hold against the base case.
      const base = byId.get(a.content.evolution!.baseCaseId)!;
      expect(checkInvariants(base, a.content).filter((i) => !i.passed)).toEqual([]);
      expect(a.method).toBe(`rules:${JUDGE_RULES_VERSION}+rules:verify-1`);
      expect(a.parents).toHaveLength(2);
    }
    for (const a of offline.verified.filter((x) => x.status !== 'ok')) {
      expect(a.content.verification!.outcome).toBe(a.status);
      expect(a.content.verification!.reasons.length).toBeGreaterThan(0);
    }
  });

  it('a Yes-to-everything judge does not save an evolution that deletes a ground-truth value: the invariant rejects it', async () => {
    const r = await runEvolveVerify(cases, { config: CONFIG, llm: yesJudge, evolveStage: valueDeletingEvolve });
    const damaged = r.verified.filter((a) => a.content.evolution!.details.deleted !== undefined);
    expect(damaged.length).toBeGreaterThan(5);
    for (const a of damaged) {
      expect(a.status).toBe('rejected');
      const v = a.content.verification!;
      expect(v.outcome).toBe('rejected');
      expect(v.judge.every((j) => j.result === 'Yes' && j.method === 'llm:scripted-model')).toBe(true);
      const inv = v.invariants.find((i) => i.name === 'query_values_kept')!;
      expect(inv.passed).toBe(false);
      expect(inv.detail).toContain(JSON.stringify(a.content.evolution!.details.deleted));
      expect(a.reason).toMatch(/invariant query_values_kept failed: ground-truth values no longer stated/);
    }
    // Undamaged cases pass with the same judge.
    const clean = r.verified.filter((a) => a.content.evolution!.details.deleted === undefined);
    expect(clean.length).toBeGreaterThan(0);
    expect(clean.every((a) => a.status === 'ok')).toBe(true);
  }, 60_000);

  it('a judge that answers garbage flags the case, which still carries the evolved case and the reason', async () => {
    const garbage = new ScriptedGateway({ judge: () => 'Sure! The answer is probably yes.' });
    const r = await runEvolveVerify(cases.slice(0, 9), { config: { evolve: { internal: 3, external: 1 } }, llm: garbage });
    expect(r.verified.length).toBeGreaterThan(0);
    for (const a of r.verified) {
      expect(a.status).toBe('flagged');
      expect(a.content).not.toBeNull();
      expect(a.content.messages.length).toBeGreaterThan(1);
      const v = a.content.verification!;
      expect(v.outcome).toBe('flagged');
      expect(v.invariants.every((i) => i.passed)).toBe(true);
      expect(v.judge.every((j) => j.result === 'invalid')).toBe(true);
      expect(v.reasons[0]).toMatch(/judge output on \w+ was invalid: judge reply is not JSON/);
    }
    const wrongShape = new ScriptedGateway({ judge: () => JSON.stringify({ answer: 'Maybe', reason: 'hmm' }) });
    const r2 = await runEvolveVerify(cases.slice(0, 9), { config: { evolve: { internal: 3, external: 1 } }, llm: wrongShape });
    expect(r2.verified.every((a) => a.status === 'flagged' && /does not match equivalence_judgement: answer/.test(a.content.verification!.reasons[0]))).toBe(true);
  }, 60_000);

  it('a judge "No" flags by default and rejects with judgeNoMeans=reject; a garbage judge never hides a failed invariant', async () => {
    const no = new ScriptedGateway({ judge: (input) => JSON.stringify({ answer: input.strategy === 'noisy_query' ? 'No' : 'Yes', reason: 'the query lost its meaning' }) });
    const cfg = { evolve: { internal: 20, external: 0 } };
    const flagged = await runEvolveVerify(cases, { config: cfg, llm: no });
    const noisy = flagged.verified.filter((a) => a.content.evolution!.applied.includes('noisy_query'));
    expect(noisy.length).toBeGreaterThan(0);
    expect(noisy.every((a) => a.status === 'flagged' && a.content.verification!.reasons[0] === 'judge says No on noisy_query: the query lost its meaning')).toBe(true);
    expect(flagged.verified.filter((a) => !a.content.evolution!.applied.includes('noisy_query')).every((a) => a.status === 'ok')).toBe(true);
    const rejecting = await runEvolveVerify(cases, { config: { ...cfg, verify: { judgeNoMeans: 'reject' } }, llm: no });
    expect(rejecting.verified.filter((a) => a.content.evolution!.applied.includes('noisy_query')).every((a) => a.status === 'rejected')).toBe(true);

    const garbage = new ScriptedGateway({ judge: () => '{"answer":' });
    const r = await runEvolveVerify(cases, { config: cfg, llm: garbage, evolveStage: valueDeletingEvolve });
    const damaged = r.verified.filter((a) => a.content.evolution!.details.deleted !== undefined);
    expect(damaged.length).toBeGreaterThan(0);
    expect(damaged.every((a) => a.status === 'rejected')).toBe(true);
  }, 60_000);

  it('the judge prompt is the role template for the strategy (Figs. 20-23)', async () => {
    const gw = new ScriptedGateway({ judge: () => JSON.stringify({ answer: 'Yes', reason: 'ok' }) });
    await runEvolveVerify(cases.slice(0, 6), { config: { evolve: { internal: 5, external: 0 } }, llm: gw });
    const texts = gw.prompts.map((p) => p.messages[1].content);
    expect(texts.some((t) => t.startsWith('A long piece of dialogue context was inserted'))).toBe(true);
    expect(texts.some((t) => t.startsWith('The original user query was rewritten'))).toBe(true);
    expect(texts.some((t) => t.startsWith('New tools were added'))).toBe(true);
    expect(texts.some((t) => t.startsWith('Tool documentation was rewritten'))).toBe(true);
  }, 60_000);
});

describe('invariants catch each kind of damage', () => {
  function pair(strategy: string): { base: TestCase; evolved: TestCase } {
    const a = offline.verified.find((x) => x.status === 'ok' && x.content.evolution!.strategy === strategy)!;
    const evolved = structuredClone(a.content);
    delete evolved.verification;
    return { base: byId.get(evolved.evolution!.baseCaseId)!, evolved };
  }
  const failed = (base: TestCase, e: TestCase) => checkInvariants(base, e).filter((i) => !i.passed).map((i) => i.name);

  it('passes an untouched mixed case', () => {
    const { base, evolved } = pair('mixed');
    expect(failed(base, evolved)).toEqual([]);
  });

  it('ground truth changed', () => {
    const { base, evolved } = pair('mixed');
    const gt = structuredClone(evolved.groundTruth) as any;
    (Array.isArray(gt) ? gt[0] : gt).name = 'Other.tool';
    expect(failed(base, { ...evolved, groundTruth: gt })).toEqual(['ground_truth_unchanged']);
  });

  it('a parameter type or required set changed by a "description" rewrite', () => {
    const { base, evolved } = pair('harder_tools');
    const tools = structuredClone(evolved.tools);
    const t = tools.find((x) => x.required_parameters.length)!;
    t.required_parameters[0].type = t.required_parameters[0].type === 'string' ? 'integer' : 'string';
    const e = { ...evolved, tools, messages: [{ ...evolved.messages[0], content: evolved.messages[0].content.replace(/\[.*\]\nTo use a tool/s, JSON.stringify(tools) + '\nTo use a tool') }, ...evolved.messages.slice(1)] };
    expect(failed(base, e)).toEqual(['tool_schemas_identical']);
  });

  it('an added tool with the ground-truth tool\'s name or function', () => {
    const { base, evolved } = pair('extra_tools');
    const gtName = (Array.isArray(base.groundTruth) ? base.groundTruth[0] : base.groundTruth).name;
    const gtDoc = base.tools.find((t) => t.name === gtName)!;
    const clone = { ...gtDoc, name: `Shadow.${gtDoc.name.split('.')[1]}` };
    const tools = [...evolved.tools, clone];
    const e = { ...evolved, tools, messages: [{ ...evolved.messages[0], content: evolved.messages[0].content.replace(/\[.*\]\nTo use a tool/s, JSON.stringify(tools) + '\nTo use a tool') }, ...evolved.messages.slice(1)] };
    const inv = checkInvariants(base, e).find((i) => i.name === 'no_same_function_tool_added')!;
    expect(inv.passed).toBe(false);
    expect(inv.detail).toMatch(/Shadow\..*same api name/);
  });

  it('an added tool serving a part of the base request no listed tool serves fails (a distance tool for "how far", teval_query_272_1)', () => {
    const { base, evolved } = pair('extra_tools');
    const last = base.messages.map((m) => m.role).lastIndexOf('user');
    const asks = (text: string) => ({ ...base, messages: base.messages.map((m, i) => (i === last ? { ...m, content: text } : m)) });
    const distance: ToolDoc = { name: 'BINGMap.get_distance', description: 'Get the distance between two locations in km.', required_parameters: [{ name: 'start', type: 'string', description: 'the start' }, { name: 'end', type: 'string', description: 'the end' }], optional_parameters: [], return_data: [{ name: 'distance', description: 'the distance in km' }] };
    const tools = [...evolved.tools, distance];
    const e = { ...evolved, tools, messages: [{ ...evolved.messages[0], content: evolved.messages[0].content.replace(/\[.*\]\nTo use a tool/s, JSON.stringify(tools) + '\nTo use a tool') }, ...evolved.messages.slice(1)] };
    const inv = (b: TestCase) => checkInvariants(b, e).find((i) => i.name === 'no_same_function_tool_added')!;
    expect(inv(asks('Find out how far the first Italian restaurant is from 123 Main Street, then list the films playing now.')).detail).toMatch(/BINGMap\.get_distance: serves "how far"/);
    expect(inv(asks('List the films playing now.')).passed).toBe(true);
  });

  it('an added tool whose harder rewrite reads like a used tool is judged on its own doc (mixed); a real clone still fails', () => {
    // harder-tools-9 left "given its ID and check-in date" to the parameters: "This function retrieves the checkout cost of a
    // property." beside "... the details of a property." overlaps by words (Jaccard 0.50), not by function; 22 mixed cases were rejected.
    const { base, evolved } = pair('extra_tools');
    const gtName = (Array.isArray(base.groundTruth) ? base.groundTruth[0] : base.groundTruth).name;
    const gtDoc = base.tools.find((t) => t.name === gtName)!;
    const added = { ...gtDoc, name: 'Zeta.unrelated_thing', required_parameters: [], optional_parameters: [], return_data: [] };
    const tools = [...evolved.tools, added];
    const messages = [{ ...evolved.messages[0], content: evolved.messages[0].content.replace(/\[.*\]\nTo use a tool/s, JSON.stringify(tools) + '\nTo use a tool') }, ...evolved.messages.slice(1)];
    const mixed = (harderTools: Record<string, unknown>) => ({ ...evolved, tools, messages, evolution: { ...evolved.evolution!, applied: ['extra_tools', 'harder_tools'], details: { ...evolved.evolution!.details, harderTools } } });
    const inv = (e: TestCase) => checkInvariants(base, e).find((i) => i.name === 'no_same_function_tool_added')!;
    // Its rewritten doc reads like the ground-truth tool's: without its own doc on record it fails.
    expect(inv(mixed({ changed: [added.name] })).detail).toMatch(/Zeta\.unrelated_thing: description overlaps/);
    // Its own doc, on record, is another job: it passes; its own doc the same as the used tool's: it still fails.
    expect(inv(mixed({ changed: [added.name], addedOriginals: { [added.name]: 'Plays a song from the music library on the car speakers at a chosen volume.' } })).passed).toBe(true);
    expect(inv(mixed({ changed: [added.name], addedOriginals: { [added.name]: gtDoc.description } })).passed).toBe(false);
  });

  it('a tool call inside the inserted context', () => {
    const { base, evolved } = pair('long_context');
    const at = (evolved.evolution!.details.longContext as { insertedAt: number }).insertedAt;
    const messages = evolved.messages.slice();
    messages.splice(at, 0, { role: 'assistant', content: JSON.stringify({ name: 'MathAPI.add', args: { a: 1, b: 2 } }) }, { role: 'user', content: 'sure, then run cd(folder="tmp") for me' });
    const inv = checkInvariants(base, { ...evolved, messages }).find((i) => i.name === 'context_has_no_tool_call')!;
    expect(inv.passed).toBe(false);
    expect(inv.detail).toMatch(/inserted message 1: assistant turn is a call of "MathAPI.add".*inserted message 2: user turn contains a Python-style function call/);
  });

  it('a system prompt whose tool list no longer parses, or whose text changed', () => {
    const { base, evolved } = pair('extra_tools');
    const broken = { ...evolved, messages: [{ role: 'system' as const, content: evolved.messages[0].content.replace('\nTo use a tool', ' To use a tool') }, ...evolved.messages.slice(1)] };
    expect(failed(base, broken)).toEqual(['tool_list_parses']);
    const reworded = { ...evolved, messages: [{ role: 'system' as const, content: evolved.messages[0].content.replace('Remember: only generate ONE step each time.', 'Take your time.') }, ...evolved.messages.slice(1)] };
    expect(checkInvariants(base, reworded).find((i) => i.name === 'tool_list_parses')!.detail).toMatch(/appears 0 times.*changed outside the tool list/);
  });

  it('a history message dropped, or the query changed by a strategy that must not touch it', () => {
    const { base, evolved } = pair('extra_tools');
    const q = queryIndex(evolved.messages);
    const messages = evolved.messages.slice();
    messages[q] = { role: 'user', content: messages[q].content + ' Also, do it twice.' };
    expect(failed(base, { ...evolved, messages })).toEqual(['history_preserved']);
    if (evolved.messages.length > q + 1) {
      const dropped = [...evolved.messages.slice(0, q + 1), ...evolved.messages.slice(q + 2)];
      expect(failed(base, { ...evolved, messages: dropped })).toContain('history_preserved');
    }
  });

  it('an earlier action\'s value dropped from a noisy query is caught too', () => {
    const { base, evolved } = pair('noisy_query');
    const q = queryIndex(evolved.messages);
    const keep = protectedValues(base, base.messages[queryIndex(base.messages)].content);
    if (keep.length === 0) return;
    const messages = evolved.messages.slice();
    messages[q] = { role: 'user', content: keep.reduce((t, v) => t.split(v).join('[?]'), messages[q].content) };
    const inv = checkInvariants(base, { ...evolved, messages }).find((i) => i.name === 'query_values_kept')!;
    expect(inv.passed).toBe(false);
  });
});

describe('pnpm report evolved', () => {
  it('counts per strategy and overall, with token averages and acceptance per method', async () => {
    const { evolvedReportLines, evolvedRows } = await import('../../scripts/report/evolved.js');
    const lines = evolvedReportLines(offline.store);
    const text = lines.join('\n');
    const { rows } = evolvedRows(offline.store);
    expect(rows).toHaveLength(offline.verified.length);
    for (const s of ['long_context', 'extra_tools', 'noisy_query', 'harder_tools', 'mixed']) expect(text).toMatch(new RegExp(`^${s}\\s+\\d+`, 'm'));
    const all = text.split('\n').find((l) => l.startsWith('all '))!.trim().split(/\s+/);
    expect(Number(all[1])).toBe(offline.verified.length);
    expect(Number(all[3])).toBe(offline.verified.filter((a) => a.status === 'ok').length);
    // Long context makes cases longer on average than their base cases.
    const lc = rows.filter((r) => r.strategy === 'long_context');
    expect(lc.every((r) => r.tokens > r.baseTokens + 900)).toBe(true);
    // The method names every rule set that made the case, by its current version.
    expect(text).toContain(`rules:evolve-1+rules:${HARDER_RULES_VERSION}+rules:${NOISY_RULES_VERSION} | rules:${JUDGE_RULES_VERSION}+rules:verify-1`);
    expect(text).toMatch(/paper 2387/);
  });
});
