/**
 * verify: equivalence verification of every evolved case against its base case. Two layers:
 *
 * 1. deterministic invariants (invariants.ts) — a failed invariant rejects the case, whatever
 *    any judge says;
 * 2. the paper's judge (Figs. 20–23), one question per applied strategy, through the `judge` role
 *    (a model, or offline the structural rules in judge.ts). A "No" flags the case for human review
 *    (config.verify.judgeNoMeans = "flag", the default) or rejects it ("reject"). A judge whose
 *    output cannot be made valid (LlmOutputError) flags the case — caught here, so the flagged
 *    artifact still carries the evolved case and its verification for the reviewer.
 *
 * Outcome: accepted (status ok), flagged (status flagged) or rejected (status rejected); every
 * outcome stores a VerifyRecord: the case's id, the content hash of the evolved case it judged and
 * `verification` {outcome, reasons, judge[], invariants[]}. The case itself stays in its evolve
 * artifact (parents[0]); readers get the two joined, the evolved case carrying its verification,
 * from pipeline/verified.ts.
 */
import { LlmOutputError } from '../../pipeline/llm/types.js';
import { orderedDoc } from '../../pipeline/prompts/standard.js';
import { VerifyRecord, type TestCase, type Verification } from '../../pipeline/schemas.js';
import type { ItemContext, ItemResult, ItemStage, StageContext, StageItem } from '../../pipeline/stage.js';
import { protectedValues, taskValues } from '../evolve/caseParts.js';
import { alignMessages, checkInvariants, insertedText, signature } from './invariants.js';
import { JUDGE_RULES_VERSION, judgeRole, type JudgeInput, type JudgeOutput } from './judge.js';
import { toJson } from '../../pipeline/pyValues.js';
import { namedTools } from '../../pipeline/quality/toolDocs.js';
import { readRef, refTo, type ArtifactRef } from '../../pipeline/artifactRef.js';
import type { ArtifactInfo } from '../../pipeline/store/store.js';

export const VERIFY_RULES = 'rules:verify-1';
const JUDGED = ['long_context', 'noisy_query', 'extra_tools', 'harder_tools'] as const;
type Judged = (typeof JUDGED)[number];

/** The evolved case and its base, by reference (pipeline/artifactRef.ts): parents are [evolved, base]. */
export interface VerifyInput {
  evolved: ArtifactRef;
  base: ArtifactRef;
}

export function enumerateVerify(ctx: StageContext): StageItem<VerifyInput>[] {
  // Listings only: which base each evolved case names is all enumerate needs; run reads the cases.
  const evolvedCases = ctx.store.stageListing('evolve', ['ok'], { id: '$.id', baseCaseId: '$.evolution.baseCaseId' });
  const wanted = new Set(evolvedCases.map((a) => a.fields.baseCaseId));
  // A base case is found by its item id, which is its case id (runAssemble makes them one, and run
  // checks the base it reads is the one named): extracting `$.id` made SQLite parse every assemble
  // case's whole JSON. An artifact without content (a rejected pool member) is no case.
  const bases = new Map<string, ArtifactInfo>();
  for (const a of ctx.store.stageListing('assemble', ['ok', 'flagged', 'rejected'])) {
    if (a.contentHash !== null && wanted.has(a.itemId)) bases.set(a.itemId, a);
  }
  const items: StageItem<VerifyInput>[] = [];
  for (const a of evolvedCases) {
    const baseId = a.fields.baseCaseId;
    if (typeof baseId !== 'string' || !baseId) throw new Error(`evolve artifact ${a.itemId} (${a.key}) has no evolution.baseCaseId`);
    const base = bases.get(baseId);
    if (!base) throw new Error(`evolve artifact ${a.itemId}: base case ${baseId} is not among the assemble artifacts`);
    items.push({ id: String(a.fields.id), input: { evolved: refTo(a, 0), base: refTo(base, 1) }, parents: [a.key, base.key] });
  }
  return items;
}

/** The question the judge gets for one applied strategy. */
export function judgeInput(strategy: Judged, base: TestCase, evolved: TestCase): JudgeInput {
  const align = alignMessages(base.messages, evolved.messages);
  switch (strategy) {
    case 'long_context':
      return {
        strategy,
        query: align.evolvedQuery,
        context: align.inserted.map((m) => insertedText(m).text ?? m.content),
        toolNames: evolved.tools.map((t) => t.name),
        values: taskValues(base),
      };
    case 'noisy_query':
      return { strategy, original: align.baseQuery, evolved: align.evolvedQuery, protected: protectedValues(base, align.baseQuery) };
    case 'extra_tools': {
      const baseNames = new Set(base.tools.map((t) => t.name));
      const brief = (t: TestCase['tools'][number]) => ({ name: t.name, description: t.description });
      // A distractor the harder-tools step rewrote (mixed) is judged on its own doc: the rewrite changes wording, not function.
      const originals = (evolved.evolution?.details?.harderTools as { addedOriginals?: Record<string, string> } | undefined)?.addedOriginals ?? {};
      const added = evolved.tools.filter((t) => !baseNames.has(t.name)).map((t) => ({ name: t.name, description: originals[t.name] ?? t.description }));
      return { strategy, task: align.baseQuery, original: base.tools.map(brief), added };
    }
    case 'harder_tools': {
      const byName = new Map(evolved.tools.map((t) => [t.name, t]));
      // Each listed tool's original: the base case's, or an added distractor's own doc before its rewrite (mixed).
      const baseByName = new Map(base.tools.map((t) => [t.name, t]));
      const addedOriginals = (evolved.evolution?.details?.harderTools as { addedOriginals?: Record<string, string> } | undefined)?.addedOriginals ?? {};
      const originalOf = (t: TestCase['tools'][number]) => baseByName.get(t.name) ?? (addedOriginals[t.name] !== undefined ? { ...t, description: addedOriginals[t.name] } : t);
      const names = evolved.tools.map((t) => t.name);
      return {
        strategy,
        pairs: base.tools
          .filter((t) => byName.has(t.name))
          .map((t) => {
            const e = byName.get(t.name)!;
            // The tools of the list the rewrite names and the original did not: the judge reads a relative doc beside them.
            const named = namedTools(e.description, names.filter((n) => n !== t.name)).filter((n) => !namedTools(t.description, [n]).length);
            const siblings = named.map((n) => ({ name: n, original: toJson(orderedDoc(originalOf(byName.get(n)!))), shown: toJson(orderedDoc(byName.get(n)!)) }));
            return { name: t.name, original: toJson(orderedDoc(t)), evolved: toJson(orderedDoc(e)), sameSignature: signature(t) === signature(e), ...(siblings.length ? { siblings } : {}) };
          }),
      };
    }
  }
}

/**
 * One judge question per strategy — except harder_tools, asked once per rewritten doc: the same
 * doc pair recurs in every case of a trajectory (the LLM cache answers the repeats) and a prompt
 * with thirty tool docs twice over is both costly and hard to judge. The answers are combined
 * into one verdict: No if any doc is No.
 */
async function askJudge(strategy: Judged, input: JudgeInput, ctx: ItemContext): Promise<{ method: string; output: JudgeOutput }> {
  const opts = (purpose: string) => ({ rng: ctx.rng(purpose), artifactKey: ctx.itemKey, stage: 'verify' });
  if (input.strategy !== 'harder_tools') {
    const r = await ctx.llm.invoke(judgeRole, input, opts(`judge:${strategy}`));
    return { method: r.method, output: r.output };
  }
  const changed = input.pairs.filter((p) => p.original !== p.evolved || !p.sameSignature);
  const methods = new Set<string>();
  const no: string[] = [];
  for (const pair of changed) {
    const r = await ctx.llm.invoke(judgeRole, { strategy: 'harder_tools', pairs: [pair] }, opts(`judge:harder_tools:${pair.name}`));
    methods.add(r.method);
    if (r.output.answer === 'No') no.push(`${pair.name}: ${r.output.reason}`);
  }
  const method = methods.size ? [...methods].join('+') : VERIFY_RULES;
  if (no.length) return { method, output: { answer: 'No', reason: no.join('; ') } };
  return { method, output: { answer: 'Yes', reason: `all ${changed.length} rewritten docs judged equivalent` } };
}

export async function runVerify(item: StageItem<VerifyInput>, ctx: ItemContext): Promise<ItemResult<VerifyRecord>> {
  const evolved = readRef<TestCase>(ctx.store, item.parents, item.input.evolved);
  const base = readRef<TestCase>(ctx.store, item.parents, item.input.base);
  if (base.id !== evolved.evolution?.baseCaseId) throw new Error(`verify ${item.id}: the base read is ${base.id}, the evolved case names ${evolved.evolution?.baseCaseId}`);
  const invariants = checkInvariants(base, evolved);
  const judge: Verification['judge'] = [];
  const judgeProblems: string[] = [];
  const judgeNo: string[] = [];
  const methods = new Set<string>();
  const strategies = (evolved.evolution?.applied ?? []).filter((s): s is Judged => (JUDGED as readonly string[]).includes(s));

  for (const strategy of strategies) {
    try {
      const result = await askJudge(strategy, judgeInput(strategy, base, evolved), ctx);
      methods.add(result.method);
      judge.push({ method: result.method, result: result.output.answer, reason: `${strategy}: ${result.output.reason}` });
      if (result.output.answer === 'No') judgeNo.push(`judge says No on ${strategy}: ${result.output.reason}`);
    } catch (err) {
      if (!(err instanceof LlmOutputError)) throw err;
      // The judge's answer could not be made valid: the case goes to a person, with the evidence.
      const method = `llm:${err.model ?? err.role}`;
      methods.add(method);
      judge.push({ method, result: 'invalid', reason: `${strategy}: ${err.message}` });
      judgeProblems.push(`judge output on ${strategy} was invalid: ${err.message}`);
    }
  }

  const failed = invariants.filter((i) => !i.passed);
  const reasons = [...failed.map((i) => `invariant ${i.name} failed: ${i.detail}`), ...judgeProblems, ...judgeNo];
  let outcome: Verification['outcome'] = 'accepted';
  if (failed.length) outcome = 'rejected';
  else if (judgeNo.length && ctx.config.verify.judgeNoMeans === 'reject') outcome = 'rejected';
  else if (judgeNo.length || judgeProblems.length) outcome = 'flagged';

  // The verdict beside the case, not a second copy of it (pipeline/verified.ts joins them for readers).
  const content: VerifyRecord = { id: evolved.id, evolvedHash: item.input.evolved.hash, verification: { outcome, reasons, judge, invariants } };
  const method = [...methods, VERIFY_RULES].join('+');
  const status = outcome === 'accepted' ? 'ok' : outcome;
  return { status, content, method, ...(reasons.length ? { reason: reasons.join(' | ') } : {}) };
}

export const verifyStage: ItemStage<VerifyInput, VerifyRecord> = {
  kind: 'items',
  pure: true,
  name: 'verify',
  // The judge rules' version is part of the stage version, so changing a rule redoes the items.
  // 4: history_preserved finds a long context's block wherever it starts (before the first user turn now).
  // 5: the artifact is the verdict (VerifyRecord) beside evolve's case, not the case again with it.
  // 8: no_same_function_tool_added also fails an added tool serving a part of the base request no listed tool serves (sameFunction.ts servesUnmetAsk; extra_tools_serves_unmet_ask 0/1,000 on g0 by evolve's pick alone, now held here too).
  version: `8+${JUDGE_RULES_VERSION}`,
  upstream: ['evolve'],
  description: 'equivalence verification of evolved cases: invariants + judge (Figs. 20-23); accepted / flagged / rejected',
  configSlice: (config) => ({ verify: config.verify }),
  roles: ['judge'],
  output: VerifyRecord,
  enumerate: enumerateVerify,
  run: runVerify,
};
