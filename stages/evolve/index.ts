/**
 * evolve: SRM (the paper's §3.3) — harder variants of assembled test cases that keep the same
 * ground truth. Four strategies and their mix:
 *
 * - long_context: pure dialogue (1k–3k tokens from the corpus, never tool calls) inserted before
 *   the task's first user turn (a multi-turn task's turns stay together): whole dialogues that read
 *   as one visit (sources/dialogue/context.ts pickDialogues), none claiming an act no tool did
 *   (sources/dialogue/honest.ts);
 * - extra_tools: distractor tools from the pool of every assembled case's tools, none the same
 *   function as a tool the case uses (pipeline/quality/sameFunction.ts), the system prompt's tool list
 *   re-rendered in place;
 * - noisy_query: the query rewritten verbose, vague, noisy, with typos (role `noisy-query`), every
 *   stated argument value kept verbatim;
 * - harder_tools: tool descriptions made verbose and less ideal (role `harder-tools`), names,
 *   parameters and types untouched;
 * - mixed: all four (extra tools → harder tools → noisy query → long context).
 *
 * Which cases (the paper's composition): for the plain and for the CoT base set alike,
 * config.evolve.internal internal + .external external cases (1,000 + 250), spread evenly over the
 * five strategies, each strategy's share drawn as a stratified sample so it keeps the base
 * error-type distribution. The whole is the evolved set (evol_data_*); each strategy's share is its
 * subset (strategies/<s>/). Every random choice
 * that needs the whole pool (which cases, which distractors, which dialogue) is made in `enumerate`
 * with ctx.rng(purpose + item id) and becomes part of the item's input (and so of its key); `run`
 * draws only from the item's own generator — except the harder-tools rules, seeded by the tool
 * (new Rng(seed, "tool:<name>", ...)), so a tool reads the same in every case, as it does on the
 * model path where each doc is rewritten once and the LLM cache answers every repeat.
 *
 * A case evolve cannot make (no admissible distractor) is rejected with the reason; a model
 * answer that stays invalid flags it (the runner's LlmOutputError path). `details.tokens` holds the
 * chat token counts of the base and evolved prompts for the reports.
 */
import { EVOLUTION_STRATEGIES, FINISH_ACTION, TestCase, type ChatMessage, type EvolutionStrategy, type ToolDoc } from '../../pipeline/schemas.js';
import { renderAction, renderToolList, TOOL_LIST_END_MARKER, finishAction } from '../../pipeline/prompts/standard.js';
import type { ItemContext, ItemResult, ItemStage, StageContext, StageItem } from '../../pipeline/stage.js';
import { countChatTokens } from '../../pipeline/tokens.js';
import { Rng } from '../../pipeline/rng.js';
import { loadCorpus, TASKMASTER4_DIALOGUES, type Corpus } from '../../sources/dialogue/corpus.js';
import { cachedContextPool } from '../../sources/dialogue/poolCache.js';
import { contextPool } from '../../sources/dialogue/context.js';
import { codeDigest } from '../../pipeline/fingerprint.js';
import { REPO_ROOT } from '../../pipeline/repoRoot.js';
import { join } from 'node:path';
import { fileStamps } from '../../pipeline/fingerprint.js';
import { dialoguesAt, drawSlice, LineUsage, pickDialogues, sliceAt, type ContextPool, type ContextSlice, type SliceDraw } from '../../sources/dialogue/context.js';
import { contextThoughts } from './contextThoughts.js';
import { docFrame, framedLikeListed } from './docFrame.js';
import { readRef, refTo, type ArtifactRef } from '../../pipeline/artifactRef.js';
import { argValues, groundTruthActions, firstUserIndex, historyActions, protectedValues, queryIndex, taskValues, usedToolDocs } from './caseParts.js';
import { conflictWith, requestStep, servesRequest, servesUnmetAsk, type RequestStep } from '../../pipeline/quality/sameFunction.js';
import { stratifiedSample } from './sampling.js';
import { caseSubject, relatedness, subjectFrequencies, type CaseSubject } from '../../pipeline/quality/distractors.js';
import { indistinctDocs, leftToFieldDocs, namedTools, ownFieldText } from '../../pipeline/quality/toolDocs.js';
import { NOISY_RULES_VERSION, noisyQueryRole, type NoisyQueryInput, type NoisyQueryOutput } from './roles/noisyQuery.js';
import { HARDER_RULES_VERSION, HARDER_VARIANTS, harderInput, inListMood, harderToolsRole, harderVariants, mergeDescriptions, type HarderToolsOutput } from './roles/harderTools.js';

export const EVOLVE_RULES = 'rules:evolve-1';
export const SINGLE_STRATEGIES = ['long_context', 'extra_tools', 'noisy_query', 'harder_tools'] as const;
export type SingleStrategy = (typeof SINGLE_STRATEGIES)[number];
/** The order mixed applies them in: distractors first so they get harder docs too; context last so noise stays in the query. */
/** Fresh draws of a Long Context slice when one mentions a task value. */
const LONG_CONTEXT_REDRAWS = 5;

/**
 * The long-context pool, its dialogues' verdicts kept between runs in .cache/context-pool/ under a
 * digest of the code and the corpus (sources/dialogue/poolCache.ts): judging ~3,700 dialogues is the
 * same work in every build of the same code. FORGE_POOL_CACHE=off judges them afresh and keeps nothing.
 */
function poolFor(corpus: Corpus, minTokens: number): ContextPool {
  if (process.env.FORGE_POOL_CACHE === 'off') return contextPool(corpus, minTokens);
  return cachedContextPool(corpus, minTokens, join(REPO_ROOT, '.cache', 'context-pool'), codeDigest());
}
const MIXED_ORDER: SingleStrategy[] = ['extra_tools', 'harder_tools', 'noisy_query', 'long_context'];

export interface EvolveInput {
  /** The base case, by reference (pipeline/artifactRef.ts): the item's only parent. */
  base: ArtifactRef;
  strategy: EvolutionStrategy;
  /**
   * The long context as drawn: whole dialogues by id (`dialogues`), or, when the corpus cannot make
   * one under the rules (a user's corpus of few long dialogues), a run of it from `start`; run takes
   * the same turns from the corpus this digest names.
   */
  context?: SliceDraw & { corpusDigest: string; redraws?: number; dialogues?: string[] };
  extraTools?: { tools: ToolDoc[]; candidates: number };
}

/** The base case as evolve reads it, in enumerate and in run alike. */
const parseCase = (content: unknown): TestCase => TestCase.parse(content);

export function evolvedId(baseId: string, strategy: EvolutionStrategy): string {
  return `${baseId}~${strategy}`;
}

/** The system prompt with its tool list (first `[` up to `\nTo use a tool`) replaced, the rest byte-for-byte kept. */
export function replaceToolList(system: string, tools: ToolDoc[]): string {
  const start = system.indexOf('[');
  const end = system.indexOf(TOOL_LIST_END_MARKER);
  if (start < 0 || end < start) throw new Error('the system prompt has no tool list between the first "[" and "\\nTo use a tool"');
  return system.slice(0, start) + renderToolList(tools) + system.slice(end);
}

/** Every distinct tool of every assembled case, by name (first seen wins), sorted by name. */
export function toolPool(cases: Iterable<Pick<TestCase, 'tools'>>): ToolDoc[] {
  const pool = new Map<string, ToolDoc>();
  for (const c of cases) for (const t of c.tools) if (!pool.has(t.name)) pool.set(t.name, t);
  return [...pool.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** What the choice of extra tools reads of a case: the tools it lists, then the other tools it uses, by name and description. */
export interface ToolFootprint {
  /** How many of `tools` are listed in the case (they come first). */
  listed: number;
  tools: Pick<ToolDoc, 'name' | 'description'>[];
}

/**
 * A case's footprint. `shared` hands back one object per (name, description), so the footprints
 * of every case of a stage take little more than their references.
 */
export function toolFootprint(base: TestCase, shared?: Map<string, Pick<ToolDoc, 'name' | 'description'>>): ToolFootprint {
  const listed = new Set(base.tools.map((t) => t.name));
  const against = [...base.tools.map((t) => ({ name: t.name, description: t.description })), ...usedToolDocs(base).filter((u) => !listed.has(u.name))];
  const one = (t: Pick<ToolDoc, 'name' | 'description'>) => {
    if (!shared) return t;
    const key = `${t.name}\u0000${t.description}`;
    let hit = shared.get(key);
    if (!hit) shared.set(key, (hit = t));
    return hit;
  };
  return { listed: base.tools.length, tools: against.map(one) };
}

/** Pool tools that may be added to `base`: not already listed, and not the same function as a listed or used tool. */
export function extraToolCandidates(base: TestCase | ToolFootprint, pool: ToolDoc[], memo: PairMemo = new PairMemo(pool)): ToolDoc[] {
  const footprint = 'listed' in base && typeof base.listed === 'number' ? base : toolFootprint(base as TestCase);
  const listed = new Set(footprint.tools.slice(0, footprint.listed).map((t) => t.name));
  const excluded = new Set<number>();
  for (const u of footprint.tools) for (const i of memo.conflictsOf(u)) excluded.add(i);
  return pool.filter((t, i) => !listed.has(t.name) && !excluded.has(i));
}

/**
 * The same listed tool recurs in many cases (every case of a trajectory, every trajectory of a
 * BFCL class): which pool tools are the same function as it is worked out once per enumeration.
 */
export class PairMemo {
  private byTool = new Map<string, number[]>();

  constructor(private pool: ToolDoc[]) {}

  /** Indices of the pool tools that are the same function as `tool`. */
  conflictsOf(tool: Pick<ToolDoc, 'name' | 'description'>): number[] {
    const key = `${tool.name}\u0000${tool.description}`;
    let hit = this.byTool.get(key);
    if (!hit) {
      hit = [];
      this.pool.forEach((p, i) => {
        if (conflictWith(p, [tool]) !== undefined) hit!.push(i);
      });
      this.byTool.set(key, hit);
    }
    return hit;
  }
}

/**
 * `n` distractors from the admissible candidates: at least half (rounded up) from those related to
 * the case (a toolkit it lists, or a subject word of its request or listed tools; distractors.ts),
 * drawn weighted by how related they are, so a model has to read them; the rest drawn evenly from
 * all the others, so the list still mixes in tools of other systems. Fewer related ones when the
 * pool has fewer.
 */
export function pickDistractors(candidates: ToolDoc[], n: number, subject: CaseSubject, rng: Rng, df: Map<string, number>, poolSize: number): ToolDoc[] {
  const scores = relatedness(candidates, subject, df, poolSize);
  const related = candidates.map((_, i) => i).filter((i) => scores[i] > 0);
  const chosen = new Set<number>();
  const wantRelated = Math.min(related.length, Math.ceil(n / 2));
  while (chosen.size < wantRelated) {
    const left = related.filter((i) => !chosen.has(i));
    chosen.add(left[rng.weighted(left.map((i) => scores[i]))]);
  }
  const rest = candidates.map((_, i) => i).filter((i) => !chosen.has(i));
  for (const i of rng.sample(rest, Math.min(rest.length, n - chosen.size))) chosen.add(i);
  return [...chosen].map((i) => candidates[i]);
}

/** `total` split into `parts` near-equal whole shares, the larger ones first (1,000 / 5 = 200 each; 126 / 5 = 26, 25, 25, 25, 25). */
export function evenSplit(total: number, parts: number): number[] {
  return Array.from({ length: parts }, (_, i) => Math.floor(total / parts) + (i < total % parts ? 1 : 0));
}

function stratum(tc: TestCase): string {
  return `${tc.kind}|${tc.cot ? 'cot' : 'plain'}|${tc.errorType || 'error-free'}|${tc.environmentError ?? ''}`;
}

/** What the draws need of a base case, kept instead of the case. */
interface BaseListing {
  key: string;
  contentHash: string | null;
  id: string;
  kind: TestCase['kind'];
  cot: boolean;
  stratum: string;
  /** Values a long-context slice must not mention. */
  values: string[];
  /** Whether the case names its user (a username, a first name, "my name is …"): no inserted customer then says a name of their own. */
  namesUser: boolean;
  footprint: ToolFootprint;
  /** What the case is about (its requests, its listed tools), for choosing distractors near it. */
  subject: CaseSubject;
  /** What its ground-truth step asks for: no distractor may serve it. */
  step: RequestStep;
  /** Whether a listed tool's doc can be made harder, not only reworded (harderVariants): harder tools and mixed take only such cases. */
  harderable: boolean;
}

export { docFrame } from './docFrame.js';

/**
 * The distractor candidates framed as the listed docs are (docFrame), when there are `max` of them
 * and `related` finds one related to the case among them; else all of `candidates`.
 */
export function framedAsListed<T extends Pick<ToolDoc, 'description'>>(candidates: T[], listed: Pick<ToolDoc, 'description'>[], max: number, related: (alike: T[]) => boolean): T[] {
  const framed = new Set(listed.map((t) => docFrame(t.description)));
  const alike = candidates.filter((t) => framed.has(docFrame(t.description)));
  return alike.length >= max && related(alike) ? alike : candidates;
}

/**
 * Whether a case says who its user is: a username or a person's name among its calls' arguments or
 * its messages ("user first name \"Michael\"", "my name is Theodore Collins"). The tool list is left
 * out: a doc naming a username parameter says nothing of this user.
 */
function namesUser(tc: TestCase): boolean {
  const said = [...tc.messages.filter((m) => m.role !== 'system').map((m) => m.content), JSON.stringify(tc.groundTruth, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v))].join('\n');
  return /\b(?:first|last|full|user)[_ ]?name\b|\bmy (?:first |full )?name is\b/i.test(said);
}

export function enumerateEvolve(ctx: StageContext): StageItem<EvolveInput>[] {
  // One artifact at a time, keeping its listing and its tools: no stage-wide set of cases is held.
  const bases: BaseListing[] = [];
  const shared = new Map<string, Pick<ToolDoc, 'name' | 'description'>>();
  const pool = toolPool(
    (function* () {
      for (const a of ctx.store.iterateStage<TestCase>('assemble', ['ok'])) {
        const tc = parseCase(a.content);
        bases.push({ key: a.key, contentHash: a.contentHash, id: tc.id, kind: tc.kind, cot: tc.cot, stratum: stratum(tc), values: taskValues(tc), namesUser: namesUser(tc), footprint: toolFootprint(tc, shared), subject: caseSubject(tc.tools, tc.messages.filter((m) => m.role === 'user').map((m) => m.content)), step: requestStep(tc), harderable: tc.tools.some((t) => harderVariants(t, ctx.seed).length > 0) });
        yield tc;
      }
    })(),
  );
  const cfg = ctx.config.evolve;
  const pairMemo = new PairMemo(pool);
  const df = subjectFrequencies(pool);
  let corpus: Corpus | undefined;
  const corpusFor = () => (corpus ??= loadCorpus({ corpus: cfg.longContext.corpus, sourceDir: ctx.config.sources.dir }));
  let dialoguePool: ContextPool | undefined;
  // Lines already inserted, over the cases drawn so far (in the fixed order of `picks`): the next
  // case prefers dialogues whose lines were used least, so the corpus is spread evenly.
  const usage = new LineUsage();
  let fallbacks = 0;

  const picks: { base: BaseListing; strategy: EvolutionStrategy }[] = [];
  const notHarderable = new Set<string>();
  // The paper's composition: for each base variant (plain, CoT), config.evolve.internal internal and
  // .external external evolved cases, spread evenly over the five strategies, each strategy's share a
  // stratified sample of that variant's base cases (so a base case is evolved at most once per strategy).
  for (const kind of ['internal', 'external'] as const) {
    for (const cot of [false, true]) {
      const pool = bases.filter((b) => b.kind === kind && b.cot === cot);
      const quotas = evenSplit(kind === 'internal' ? cfg.internal : cfg.external, EVOLUTION_STRATEGIES.length);
      EVOLUTION_STRATEGIES.forEach((strategy, i) => {
        const rng = ctx.rng(`evolve:${kind}:${cot ? 'cot' : 'plain'}:${strategy}`);
        // Harder docs only for a list with a doc that can be made harder: one of only TimeTool's "Get current time." and "get the weekday today"
        // can only be reworded (harder_tools_wording_only, 20/1,000 on g0 at its 2% limit).
        const admitted = strategy === 'harder_tools' || strategy === 'mixed' ? pool.filter((b) => b.harderable) : pool;
        if (admitted.length < pool.length) notHarderable.add(`${kind}/${cot ? 'cot' : 'plain'}: ${pool.length - admitted.length}`);
        for (const b of stratifiedSample(admitted, quotas[i], (x) => x.stratum, rng)) picks.push({ base: b, strategy });
      });
    }
  }

  const items: StageItem<EvolveInput>[] = [];
  let noCandidates = 0;
  let servingRequest = 0;
  for (const { base, strategy } of picks) {
    const id = evolvedId(base.id, strategy);
    const ref = refTo(base, 0);
    const input: EvolveInput = { base: ref, strategy };
    const uses = (s: SingleStrategy) => strategy === s || strategy === 'mixed';
    if (uses('long_context')) {
      const c = corpusFor();
      const { minTokens, maxTokens } = cfg.longContext;
      // Whole dialogues, none mentioning a task value ("Seattle", "machine learning"): a context
      // that did could change the task.
      const values = base.values;
      dialoguePool ??= poolFor(c, minTokens);
      let draw = drawSlice(c, ctx.rng(`long-context:${id}`), minTokens, maxTokens);
      const dialogues = pickDialogues(dialoguePool, usage, ctx.rng(`long-context:${id}:dialogues`), { target: draw.target, minTokens, maxTokens, values, namesUser: base.namesUser });
      if (dialogues) input.context = { ...draw, corpusDigest: c.digest, dialogues };
      else {
        // The pool cannot make one (a user's corpus of a few long dialogues): a run of the corpus, as before.
        fallbacks++;
        let redraws = 0;
        while (redraws < LONG_CONTEXT_REDRAWS && sliceAt(c, draw, minTokens, maxTokens).turns.some((t) => values.some((v) => t.content.includes(v)))) {
          redraws++;
          draw = drawSlice(c, ctx.rng(`long-context:${id}:${redraws}`), minTokens, maxTokens);
        }
        input.context = { ...draw, corpusDigest: c.digest, ...(redraws ? { redraws } : {}) };
      }
    }
    if (uses('extra_tools')) {
      // Not the same function as a tool the case uses, and not a tool that could serve the request
      // the ground truth's step serves (today's weather next to a one-day forecast).
      const admissible = extraToolCandidates(base.footprint, pool, pairMemo);
      // Nor one serving a part of the request no listed tool serves (a distance tool for "how far"
      // when the plan lists none): the plan skipped that part, and the added tool would make doing it now as right.
      const listed = base.footprint.tools.slice(0, base.footprint.listed);
      const serving = admissible.filter((t) => servesRequest(t, base.step) === undefined && servesUnmetAsk(t, base.step.request, listed) === undefined);
      servingRequest += admissible.length - serving.length;
      // Docs written as the listed ones are ("This tool belongs to … Tool description: …" among BFCL's,
      // T-Eval's plain line among T-Eval's): a distractor in the other benchmark's frame stands out as
      // added. The other frame only when too few of the case's own are left, or none of them is
      // related to the case (a BFCL file-and-Twitter case lists both whole toolkits: its related
      // distractors are T-Eval's file tools).
      const candidates = framedAsListed(serving, listed, cfg.extraTools.max, (alike) => relatedness(alike, base.subject, df, pool.length).some((x) => x > 0));
      const rng = ctx.rng(`extra-tools:${id}`);
      const n = Math.min(candidates.length, rng.int(cfg.extraTools.min, Math.max(cfg.extraTools.min, cfg.extraTools.max)));
      if (candidates.length === 0) noCandidates++;
      // A distractor of the other frame (too few of the list's own frame were left, or none related) is re-framed: its own
      // text kept, a toolkit preamble put before it or BFCL's taken off (docFrame.ts; extra_tools_doc_frame_foreign).
      const picked = framedLikeListed(pickDistractors(candidates, n, base.subject, rng, df, pool.length), listed);
      input.extraTools = { tools: picked, candidates: candidates.length };
    }
    items.push({ id, input, parents: [base.key] });
  }
  const counts = [...EVOLUTION_STRATEGIES].map((s) => `${s} ${items.filter((i) => i.input.strategy === s).length}`).join(', ');
  if (notHarderable.size) ctx.log(`[evolve] base cases no harder tools or mixed item takes (no listed doc can be made harder, only reworded): ${[...notHarderable].join(', ')}`);
  ctx.log(`[evolve] ${bases.length} base cases, tool pool ${pool.length}; items: ${counts}` + (noCandidates ? `; ${noCandidates} with no admissible extra tool` : '') + (servingRequest ? `; ${servingRequest} candidate distractors left out as able to serve the ground truth's request` : ''));
  if (dialoguePool) {
    const left = Object.entries(dialoguePool.dropped).map(([why, n]) => `${n} ${why}`).join(', ');
    ctx.log(`[evolve] long-context pool: ${dialoguePool.entries.length} whole dialogues` + (left ? ` (left out: ${left})` : '') + (fallbacks ? `; ${fallbacks} insertions cut as a run of the corpus (no whole dialogues fit)` : ''));
  }
  if (corpus?.dropped.length) ctx.log(`[evolve] long-context corpus: ${corpus.dropped.length} turns dropped (tool calls, unanswered questions; first: ${corpus.dropped[0].where}: ${corpus.dropped[0].why})`);
  return items;
}

/** The turns a drawn slice names, cut from the corpus enumerate drew them from. */
function contextSlice(draw: NonNullable<EvolveInput['context']>, ctx: ItemContext): ContextSlice {
  const cfg = ctx.config.evolve.longContext;
  const corpus = loadCorpus({ corpus: cfg.corpus, sourceDir: ctx.config.sources.dir });
  if (corpus.digest !== draw.corpusDigest) throw new Error(`the long-context corpus changed since evolve enumerated (digest ${corpus.digest}, drawn from ${draw.corpusDigest}); run evolve again`);
  return draw.dialogues ? dialoguesAt(corpus, draw.dialogues, draw.target) : sliceAt(corpus, draw, cfg.minTokens, cfg.maxTokens);
}

function contextMessages(ctxSlice: ContextSlice, cot: boolean): ChatMessage[] {
  // Assistant turns of a corpus become FinishAction replies: the only assistant message in this
  // format that is conversation, not a tool call. In CoT variants each carries a thought, as every
  // other reply of the case does (stages/evolve/contextThoughts.ts).
  const thoughts = cot ? contextThoughts(ctxSlice.turns, new Set(ctxSlice.starts)) : [];
  let r = 0;
  return ctxSlice.turns.map((t) => (t.role === 'user' ? { role: 'user', content: t.content } : { role: 'assistant', content: renderAction(finishAction(t.content, cot ? thoughts[r++] : undefined), { cot }) }));
}

export async function runEvolve(item: StageItem<EvolveInput>, ctx: ItemContext): Promise<ItemResult<TestCase>> {
  const { strategy } = item.input;
  const base = readRef(ctx.store, item.parents, item.input.base, parseCase);
  const steps = strategy === 'mixed' ? MIXED_ORDER : [strategy as SingleStrategy];
  let messages = base.messages.map((m) => ({ ...m }));
  let tools = base.tools;
  const details: Record<string, unknown> = {};
  const methods: string[] = [];
  const applied: string[] = [];

  for (const step of steps) {
    if (step === 'extra_tools') {
      const extra = item.input.extraTools!;
      if (extra.tools.length === 0) {
        return { status: 'rejected', content: null, reason: `no tool in the pool may be added to ${base.id}: every candidate is listed already or the same function as a tool the case uses`, method: EVOLVE_RULES };
      }
      const rng = ctx.rng('extra-tools:positions');
      const out = tools.slice();
      for (const t of extra.tools) out.splice(rng.int(0, out.length), 0, t);
      tools = out;
      details.extraTools = { added: extra.tools.map((t) => t.name), candidates: extra.candidates };
      methods.push(EVOLVE_RULES);
    } else if (step === 'harder_tools') {
      // One request per tool: the same tool recurs in many cases, so a model rewrites each doc once
      // (the LLM cache answers the repeats) and a long tool list never becomes one huge answer.
      const rewrites: HarderToolsOutput['tools'] = [];
      const used = new Set<string>();
      // One of a few draws per tool, picked per case: a tool reads the same throughout a case and in a few ways across cases (not one stock wording).
      const variant = String(ctx.rng('harder-tools:variant').int(0, HARDER_VARIANTS - 1));
      for (const tool of tools) {
        // Seeded by the tool and the case's variant: a tool reads the same throughout a case, one of HARDER_VARIANTS wordings across cases.
        const rng = new Rng(ctx.seed, `tool:${tool.name}`, 'harder-tools', variant);
        const result = await ctx.llm.invoke(harderToolsRole, harderInput([tool]), { rng, artifactKey: ctx.itemKey, stage: 'evolve' });
        rewrites.push(...result.output.tools);
        used.add(result.method);
      }
      // A doc whose rewrite left nothing to its field docs may be written relative to a sibling of the list whose summary runs parallel
      // ("Like `FilmTMDB.get_popular_movies`, but ordered by rating."): a second request with the list as the case shows it. A sibling
      // another doc points to stays as it reads, and no doc points to one that points on, so no two docs lean on each other.
      const shown = new Map(rewrites.map((r) => [r.name, r.description]));
      const anchors = new Set<string>();
      const relative = new Set<string>();
      for (const tool of tools) {
        const first = shown.get(tool.name) ?? tool.description;
        if (anchors.has(tool.name) || leftToFieldDocs(tool, first).length) continue;
        const siblings = tools.filter((t) => t.name !== tool.name && !relative.has(t.name)).map((t) => ({ shown: { ...t, description: shown.get(t.name) ?? t.description }, original: t.description }));
        if (!siblings.length) continue;
        const rng = new Rng(ctx.seed, `tool:${tool.name}`, 'harder-tools-sibling', variant);
        const result = await ctx.llm.invoke(harderToolsRole, harderInput([tool], siblings), { rng, artifactKey: ctx.itemKey, stage: 'evolve' });
        const text = result.output.tools.find((t) => t.name === tool.name)?.description;
        const cited = text ? namedTools(text, siblings.map((s) => s.shown.name)).filter((n) => !namedTools(tool.description, [n]).length) : [];
        if (!text || !cited.length) continue;
        shown.set(tool.name, text);
        relative.add(tool.name);
        for (const n of cited) anchors.add(n);
        used.add(result.method);
      }
      let merged = mergeDescriptions(tools, { tools: rewrites.map((r) => ({ ...r, description: shown.get(r.name) ?? r.description })) });
      // A rewrite that no longer tells its tool from a sibling of this list ("Gets a list of movies." for get_top_rated_movies beside
      // get_now_playing's "Gets a list of movies that are currently in theatres."): the tool's next variant, and after every one its own doc.
      for (let round = 1; round <= HARDER_VARIANTS; round++) {
        const blurred = new Set(indistinctDocs(merged.tools.map((t, i) => ({ name: t.name, before: tools[i].description, after: t.description, params: ownFieldText(t) }))).map((d) => d.slice(0, d.indexOf(' "'))));
        if (!blurred.size) break;
        for (const tool of tools) {
          if (!blurred.has(tool.name)) continue;
          let text = tool.description;
          if (round < HARDER_VARIANTS) {
            const rng = new Rng(ctx.seed, `tool:${tool.name}`, 'harder-tools', String((Number(variant) + round) % HARDER_VARIANTS));
            const result = await ctx.llm.invoke(harderToolsRole, harderInput([tool]), { rng, artifactKey: ctx.itemKey, stage: 'evolve' });
            text = result.output.tools.find((t) => t.name === tool.name)?.description ?? text;
            used.add(result.method);
          }
          shown.set(tool.name, text);
        }
        merged = mergeDescriptions(tools, { tools: rewrites.map((r) => ({ ...r, description: shown.get(r.name) ?? r.description })) });
      }
      // A list whose every rewrite only rewords (the case's variant left no fact to a field doc in any of them): the first tool with
      // another variant that does takes it, so the case is harder to use, not only reworded — enumerate admitted the case because
      // some listed doc has such a variant (harderVariants). One that would blur the tool with a sibling is passed over.
      const madeHarder = (tool: ToolDoc) => {
        const text = shown.get(tool.name);
        return text !== undefined && text !== tool.description && (leftToFieldDocs(tool, text).length > 0 || (relative.has(tool.name) && namedTools(text, tools.map((t) => t.name)).length > 0));
      };
      // The case's own tools, not a mixed case's distractors: the task is read through them (harder_tools_wording_only reads them too).
      const own = tools.filter((t) => base.tools.some((b) => b.name === t.name));
      if (!own.some(madeHarder)) {
        found: for (const tool of own) {
          for (let round = 1; round < HARDER_VARIANTS; round++) {
            const rng = new Rng(ctx.seed, `tool:${tool.name}`, 'harder-tools', String((Number(variant) + round) % HARDER_VARIANTS));
            const result = await ctx.llm.invoke(harderToolsRole, harderInput([tool]), { rng, artifactKey: ctx.itemKey, stage: 'evolve' });
            const text = result.output.tools.find((t) => t.name === tool.name)?.description;
            if (!text || text === tool.description || !leftToFieldDocs(tool, text).length) continue;
            const trial = mergeDescriptions(tools, { tools: rewrites.map((r) => ({ ...r, description: r.name === tool.name ? text : (shown.get(r.name) ?? r.description) })) });
            if (indistinctDocs(trial.tools.map((t, i) => ({ name: t.name, before: tools[i].description, after: t.description, params: ownFieldText(t) }))).length) continue;
            shown.set(tool.name, text);
            used.add(result.method);
            merged = trial;
            break found;
          }
        }
      }
      // The list's rewrites in one mood (harder_tools_list_mood_mixed): the mood most of its docs open in, a tie drawn per case.
      const moods = inListMood(merged.tools.map((t, i) => ({ original: tools[i], after: t.description })), ctx.rng('harder-tools:mood').chance(0.5));
      // The names the rewrite invented were dropped by the first merge: the one-mood merge sees only the list's own, so they are carried over.
      merged = { ...mergeDescriptions(tools, { tools: merged.tools.map((t, i) => ({ name: t.name, description: moods[i], parameters: [] })) }), ignored: merged.ignored };
      // An added distractor's own doc before its rewrite (mixed): verify judges its function on that, as the pool did, since a rewrite leaves the function alone.
      const added = new Set((details.extraTools as { added?: string[] } | undefined)?.added ?? []);
      const addedOriginals = Object.fromEntries(tools.filter((t) => added.has(t.name) && merged.changed.includes(t.name)).map((t) => [t.name, t.description]));
      tools = merged.tools;
      const method = [...used].join('+');
      details.harderTools = { changed: merged.changed, ignoredNames: merged.ignored, method, ...(Object.keys(addedOriginals).length ? { addedOriginals } : {}) };
      methods.push(method);
    } else if (step === 'noisy_query') {
      const qi = queryIndex(messages);
      const original = messages[qi].content;
      const keep = protectedValues(base, original);
      // Words no typo may touch (the task's argument values, in any case) and whether the user spoke before.
      const calls = [...groundTruthActions(base), ...historyActions(base.messages), ...(base.erroneousAction ? [base.erroneousAction] : [])].filter((a) => a.name !== FINISH_ACTION);
      // A flag's word too ("unread" for only_unread): a typo there ("uneead") leaves the flag undecided by the request.
      const flagWords = calls.flatMap((a) => (a.args && typeof a.args === 'object' ? Object.entries(a.args).filter(([, v]) => typeof v === 'boolean').flatMap(([k]) => k.split(/[_\W]+|(?<=[a-z])(?=[A-Z])/).filter((w) => w.length >= 4)) : []));
      const avoid = [...calls.flatMap((a) => argValues(a.args)), ...flagWords];
      // A conversation comes before it where the user spoke earlier, or where a mixed case inserts one (long context comes after this step).
      const earlierTask = messages.slice(0, qi).some((m) => m.role === 'user');
      const followUp = earlierTask || steps.includes('long_context');
      // Only the inserted conversation comes before: the request is a new ask, not the next step of a task.
      const afterChat = !earlierTask && steps.includes('long_context');
      const result = await ctx.llm.invoke<NoisyQueryInput, NoisyQueryOutput>(noisyQueryRole, { query: original, protected: keep, avoid: [...new Set(avoid)].sort(), followUp, ...(afterChat ? { afterChat } : {}) }, {
        rng: ctx.rng('noisy-query'),
        artifactKey: ctx.itemKey,
        stage: 'evolve',
      });
      messages[qi] = { role: 'user', content: result.output.query };
      details.noisyQuery = { originalQuery: original, protected: keep, method: result.method };
      methods.push(result.method);
    } else {
      const slice = contextSlice(item.input.context!, ctx);
      // Before the task's first user turn: never between the turns of a multi-turn task.
      const at = firstUserIndex(messages);
      const inserted = contextMessages(slice, base.cot);
      messages = [...messages.slice(0, at), ...inserted, ...messages.slice(at)];
      details.longContext = { insertedAt: at, messages: inserted.length, tokens: slice.tokens, target: slice.target, from: slice.from, starts: slice.starts, ...(item.input.context!.redraws ? { redraws: item.input.context!.redraws } : {}) };
      methods.push(EVOLVE_RULES);
    }
    applied.push(step);
  }
  if (tools !== base.tools) messages[0] = { ...messages[0], content: replaceToolList(messages[0].content, tools) };
  details.tokens = { base: countChatTokens(base.messages), evolved: countChatTokens(messages) };

  const method = [...new Set(methods)].join('+');
  const evolved: TestCase = {
    ...base,
    id: evolvedId(base.id, strategy),
    messages,
    tools,
    evolution: { strategy, baseCaseId: base.id, applied, details },
    verification: undefined,
    provenance: { ...base.provenance, methods: { ...base.provenance.methods, evolve: method }, parents: [...item.parents] },
  };
  delete (evolved as { verification?: unknown }).verification;
  return { status: 'ok', content: evolved, method };
}

export const evolveStage: ItemStage<EvolveInput, TestCase> = {
  kind: 'items',
  pure: true,
  name: 'evolve',
  // The offline rules' versions are part of the stage version, so changing a rule redoes the items.
  // 5: a long context ends after a reply, cut from a corpus of exchanges (sources/dialogue/context.ts).
  // 6: a long context is whole dialogues the rules pass, spread over the corpus; CoT replies carry a thought.
  // 7: extra tools never the same lookup as a listed tool (plural names, lookup verb + object, own descriptions compared).
  // 10: extra tools never do the same job as a listed tool (verb + object classes: cat/read_file, echo/write_file, units, messages);
  //     at least half of them related to the case (its toolkits, its request's and tools' subject words).
  // 9: one insertion says once that the assistant cannot order; every other dialogue ends naming the order and where to give it.
  // 8: long context inserted before the task's first user turn; the coffee agent's claims of acts undone; off-topic questions and wider declines left out.
  // 11: both 10s merged: closings worded per insertion with whole read-backs (h-closings), related distractors and no same-job twins (h-extra).
  // 19: inserted thoughts say what their reply does, no canned thought twice in a case; waits, order displays and the café's own voice undone (h-ctx2, which counted 11–18 on its branch).
  // 20: a closing whose kept reply already reads the order back adds only where to give it.
  // 21 (h-evolve2): no extra tool that could serve the ground truth's request (sameFunction.ts servesRequest: today's weather next to a one-day forecast).
  // 21 (h-ctxread): read-backs restate the order as items and options (no "and make the milk …" echo, menu words in lower case), a check names what
  //     was asked for, a closing after a confirmed read-back names only the drinks, no "this location" or "look at their menu" (h-ctxread).
  // 22: a check after a change or without its question mark reads the order back too (h-ctxread).
  // 23: both 21s and 22 merged.
  // 24–26 (h-ctx3; 24 and 25 builds of this branch only): no café menu stated as fact (menu questions answered "I can't see their menu"), read-backs keep how hot, foam and ice, "an 8oz".
  // 27: a read-back of an order cut mid-sentence drops the joining word it ended on ("a mocha to go since" -> "a mocha to go").
  // 28 (h-ctx4): drinks spelt right (edit distance to the drink names), checks name an unknown item in the customer's words, no menu
  //     denied or described, no stacked fillers, menu clauses without the asking words; dialogues whose check can name nothing or whose reply orders left out.
  // 29–31 (h-ctx4; 29, 30 builds of this branch only): short closings keep an option whole, two of one drink said as two, no wording for one drink on two; restated requests drop "added (to it)";
  //     what goes into this café's drink is its recipe; "Macha lattes" are matcha; a bare "Enjoy." and "I have a hot coffee for you" are claims; two menu questions asked alike never get one answer word for word (31).
  // 32: the merge of h-harder5's 28 (a distractor's function judged on its own doc, addedOriginals) and h-ctx4's 28–31.
  // 33–37 (h-ctx5; 33–36 builds of this branch only): inserted dialogues read turn by turn: no opening "Yeah, …"/"OK, …" answering a question never shown, dialogues
  //     whose customer answers nothing said left out, spliced corpus lines mended, "double sugar" no double drink, split orders said short with their split;
  //     "the adjustment has been made", "It's all set", "I'll get working on that" are claims; no "that's the one" for two drinks nor twice in one closing; "What does X consist of?" asks the menu.
  // 96 (h-lead34): no acknowledgement opens two opened replies of an insertion in a row nor more than three of them (sources/dialogue/acknowledgements.ts).
  version: `107+${NOISY_RULES_VERSION}+${HARDER_RULES_VERSION}`, // 107 (lead39): a reply that cannot go without its acknowledgement once "OK.", "Alright." and "Got it." are used up takes "Understood." or "Noted.", never a fourth "OK." (acknowledgements.ts; long_context_acknowledgement_repeated 1/1,000 on lead39 m12). // 106 (lead39): a read-back never opens on the first word of the words the reply keeps before it ("That sounds great. Can I check I have it right: …?", never "That sounds great. That sounds like …?"; honest.ts wordReadBacks; long_context_reply_opener_twice). // 105 (lead38): "I'm James, and I want a mocha." names whom the order is for too ("a mocha for James?"; long_context_readback_name_dropped widened, 83/1,000 on m14). 104 (lead38): one cup of a drink sold by the cup read back with its article ("a chai latte" for "some Chai Latte"), never "some chai latte" (honest.ts restate; long_context_some_drink, new, 22/1,000 on g0). 103 (lead38): a tea the customer names after "the" read back by its name ("I'd like the Peppermint Rose, tea, please." -> "a Peppermint Rose tea?"), never "a tea with peppermint" (honest.ts withTeaName; long_context_readback_tea_name_dropped, new, 23/1,000 on g0). 102 (lead38): "How about a caramel flavored cortado with almond milk?" is an order and "Hi how are you? I would like hot Latte please." one after a greeting (dialogueRules userAsks), so the corpus's bare "Sounds great! Does everything look correct about your order?" after them is replaced by a read-back (long_context_confirms_nothing widened by the same reading: 21/1,000 on g0). 101 (lead38): a read-back names whom the customer said the order is for ("I'd like a latte for Mark." -> "a latte for Mark?", "my name is Dan" -> "a mocha for Dan"; honest.ts withName, long_context_readback_name_dropped, new, 257/1,000 on g0). 100 (lead37): the agent's "No, problem." said "No problem." (UPSTREAM_SLIPS; long_context_upstream_slip widened, 21/1,000 on g0). 99 (lead36): an order ending "in it" closed as "A decaf cortado with caramel it is.", never "… in it it is." (long_context_word_doubled 1/1,000 on m11). 98 (lead36): a corpus opener with a dash ("Okay - thanks.", "Ok - great.") read as the acknowledgement it is, so the rewrite adds no filler of its own ("Okay - thanks. The macchiato it is; …", never "Okay - thanks. Right, the macchiato;": long_context_filler_stacked widened, 33/1,000 on g0); "Everything is god to go." (the corpus's typo for good) is a yes, never the order's place (no "…, to go, just as you said" the customer never asked for). 97 (h-lead35): one drink's options read back joined by "and" ("a cortado with chocolate drizzle and almond milk"), never a second "with" (honest.ts restate; long_context_with_twice 43/1,000 on g0). 95 (h-lead33): the refitted confirmations have more ways to be said ("Yes, that's the one.", "Yes, exactly."), so no customer says one three times (long_context_customer_line_repeats 6/1,000 on b3). 94 (h-lead33): a customer's "Yes, you did." or "Yes, you have." to a read-back asked otherwise ("…, is that correct?") said as that question asks ("Yes, that's correct."; long_context_confirmation_misfits widened to the two echoes, 269/1,000 on b2). 93 (h-lead33): a café closing after the reply's own opener never opens "Got it:" ("OK. Got it: the latte", "Got it. Got it: the cortado": long_context_filler_stacked, widened to a filler before a colon, 517/1,000 on g0). 92 (int32): on the LLM path, the tool names a harder-tools rewrite invented stay recorded as ignored after the one-mood merge (90 dropped them: tests/verify/llmPath.test.ts); offline output unchanged. 91 (int32): a drink's proper name capitalised in the replies and thoughts whatever the customer typed ("an English Breakfast tea", "a lavender Earl Grey tea"; long_context_proper_name_lowered 76/1,000 on m4). 90: a harder-tools list's rewrites open in one mood, the one most of its docs open in (inListMood: "Cancels an order." beside "Fund the account." read as stitched; harder_tools_list_mood_mixed, new, see README); a fitted confirmation the customer would say a third time takes another of the corpus's wordings ("Yes, that's correct."); one insertion's customer says one line at most twice (MAX_SAID: "Yes." ten times in one café visit on g0, long_context_customer_line_repeats, new), and "That will be no problem." to an order is dropped as a promise for the café (withoutGrant; 18 cases on g0, long_context_grants_for_cafe widened). 89: that water is read back as the customer said it, "a mocha with a few tablespoons of cold water" (honest.ts SAID_SPAN): 88's "a mocha with water" dropped the cold (long_context_readback_unfaithful 18/1,000 on int31's m4). 88: the water the customer asks in ("a Mocha … with a few tablespoons of cold water added to it", read back "a mocha?") is a said modifier a read-back must hold (dialogueRules.ts saidModifierKeys: long_context_readback_unfaithful 2/1,000 on int31's m2, teval_query_464_0~long_context). 87: the assistant never says yes for the café nor lets the customer say yes to an order no reply named: an opening "You sure can." / "Yes, of course." / "Yeah sure," to "Can I get …?" is dropped (dialogueRules.ts withoutGrant), "the barista can make it for you there" is reworded, "You can order classic black tea, iced black tea, …" gets the can't-see-the-menu answer (statesMenu; "What kinds … can I order here?" asks, userAsks); "Can I a mocha with two hearts drawn on it?" is an order, so "Yeah sure, is this everything?" becomes its read-back; "please confirm that your mocha order is correct", "Will that be all for you?" and "Great so decaf" become read-backs; "make that a hot" is read back hot; "Lactose Free", "To go" lowered mid-sentence, "Both Cortado's" is two cortados (long_context_readback_unfaithful widened 60/1,000 -> 0, long_context_grants_for_cafe new 922/1,000 -> 0, long_context_menu_capitalised widened 57/1,000 -> 0, long_context_states_menu 18 -> 0, g0 -> h-evol31 b2). 86: h-evol30's 85 and h-solv30's 85 merged. (h-solv30: 85 (h-solv30): a customer's question put as a statement ("Hi, I'd like to know what's in a steamer.", "No. I need to know what syrups you have", "I'm wondering what's in the Americano.") gets the can't-see-the-menu answer, never the bare "OK." left once the café's recipe was taken out (dialogueRules.ts userAsks; long_context_question_brushed_off, new, 6) (h-evol30: 85: a read-back says the order in the customer's words and leaves out no request of theirs: "a blast of cold whipped milk" is no "whipped cream", "make it warm" / "room temperature" / "a little cooler" no "not too hot", "medium warm" no medium size; "milk in a separate cup", "two lids", "coffee ice-cream", "dirty on top", "fill it to the top", "Lactose-Free 2%" (one of two drinks stays one), "one with caffeine and one without" read back (honest.ts REQUESTS), "coffee ice cream" no second drink; a corpus read-back adding a word the customer did not say ("just a regular mocha?", "caramel sauce" for caramel) is replaced (long_context_readback_unfaithful, new, 158) /1,000 on g0). 84: a long-context insertion says one pair of menu sentences at most twice (honest.ts menuInsertion: long_context_closing_shape 1/1,000 on int29's m3, teval_query_363_2-parameters_key_error-k9~long_context said "I can't see what the café stocks, so checking … is beyond me, but the staff there can tell you" three times). 83: an extra tool of the other frame than the listed docs' (too few related of their own frame in the pool) is re-framed: a toolkit preamble before its own text ("This tool belongs to the PPT toolkit, which … Tool description: Create a pptx file with specific themes.") or BFCL's preamble taken off, its own text kept (docFrame.ts; extra_tools_doc_frame_foreign 76/1,000 on g0, gated again). 82: int28's 80 and h-evol28's 81 merged. (h-evol28: 81: extra tools are drawn from the docs framed as the listed ones are (BFCL's "This tool belongs to … Tool description:" or T-Eval's plain line) when 8 or more such candidates are left and one is related to the case (extra_tools_doc_frame_foreign, new, 481/1,000 on g0). 80: a case that names its user (a username, a first name, "my name is …") takes no inserted dialogue whose customer says a name of their own ("I'm Marge, and I need to get a latte please." before a travel account of Michael Thompson; long_context_customer_named, new, 7/1,000 on g0). 79: a reply the rules give a read-back keeps no sentence of the corpus's saying the same order before it ("Yes, one mocha. Let me read that back: a mocha, …?" -> the read-back alone; long_context_order_said_twice, new, 73/1,000 on g0) (int28: 80: h-lead28's 79 and h-solv28's 79 merged. (h-solv28: 79: no extra tool serving a part of the request no listed tool serves (sameFunction.ts servesUnmetAsk: BINGMap.get_route or get_distance next to "how far" with no distance tool listed, teval_query_272_1; get_property_checkout_price for "the cost for a 3-night stay", 137_1: extra_tools_serves_unmet_ask 9/1,000 on g0, 0/1,000 on b3) (h-lead28: 79 (h-lead28): the corpus's "a not-fat milk Cortado" read back as "a non-fat milk cortado", never "a not-fat milk cortado … and non-fat milk" (long_context_milk_twice widened to the slip: 18/1,000 on g0, teval_query_177_1-control-k4-cot~mixed)) ). 78: a read-back does not add "with non-fat milk" to an order saying "non fat" spaced ("a non fat single shot latte with non-fat milk": long_context_milk_twice, new, 33/1,000 on b3, its non-fat part). 77: harder tools and mixed take only a base case with a listed doc that can be made harder (harderVariants), and a case whose rewrites all only reword takes the first tool's variant that leaves a fact to its field docs (harder_tools_wording_only 20/1,000 on g0, at its 2% limit). 76: "a matcha latte with extra matcha" is one drink, its check never "are both right?" (long_context_plural_agreement 1/1,000 on the 75 build). 75: one drink is never "them", "those" or "both" ("the chai tea latte" one drink, not "the chai and the tea"; espresso in the drink no second one: long_context_plural_agreement widened, 25/1,000 on f56); the corpus's slips "sinlge", "Lavendar", "Tripe", "Cortana", "ordera" spelt right in read-backs (long_context_misspelt_drink widened, 69/1,000); "really dark", "make it cold", "Non fat" kept in the read-back (long_context_readback_addin_dropped widened, 80/1,000); "for carry out", "to drink here" read back as to go / for here (long_context_readback_place_dropped widened, 34/1,000); ", and use oat milk" read back "with oat milk" (long_context_readback_garbled widened, 19/1,000). 74: "Its good to go." is a yes, not an order to go (the closing after it said the whole order again: long_context_readback_repeated 19/1,000 on the 73 build); a recipe thought no longer says "They want to know …" after a turn the rules read as no question (long_context_thought_disagrees 2/500). 73: a menu answer on a recipe, price or pick points to the staff without "… will know what they carry" (long_context_menu_reply_off_topic widened: 194/1,000 on the 72 build); "with almond milk if you have it" is read back without the customer's hedge (long_context_readback_garbled widened: 18/1,000); a thought names "sugar free vanilla" as the sugar-free vanilla, never "the sugar" (long_context_thought_detail_garbled widened: 15/500). 72: a read-back names where the customer said they will have it ("…, for here", "…, to go"; long_context_readback_place_dropped 518/1,000 on f52); a menu answer checks what was asked ("what goes into their steamer" for "what a steamer is made of", "what an espresso drink costs", "what syrups they have"), never the bare "what they have", and an order saying how it is made ("a Vanilla Macchiato made with 2%") gets no menu answer (long_context_menu_reply_off_topic 223/1,000); a menu answer's CoT thought is about what its reply checks (the recipe, the price, a pick), not stock (long_context_menu_thought_topic 376/500); "and some of the hazelnut stuff" keeps its "some" (long_context_readback_garbled widened: 18/1,000). 71: a menu reply's CoT thought gives a drink ordered by the cup its article or "kind of" ("the question about the steamer", "what kind of americano they carry") and a plural "there are" ("what drinks there are"), never "the question about steamer" or "what drinks there is". 70: the lead's 68 and h-evol24's 69 merged (lead 68: "a latte with oat milk and another with almond milk" is two lattes, closed as "the latte with oat milk and the one with almond milk", not "the latte" (shortOrder; long_context_order_count_misread widened to "another": 74/1,000 on f46); a part with options its short form leaves out is no "regular one"; a reply "Nothing matches that" to "I would like a white flat" reads a menu it cannot see, its dialogue left out (long_context_states_menu 19/1,000 on f46); "mache lattes" spelt "matcha lattes" (long_context_misspelt_drink 19/1,000 on f46)). 69: espresso said as what goes into the drink ("with decaf espresso", "and a shot of espresso", "a 12oz Latte espresso") is no second drink: the closing and thought say "the cortado", not "the cortado and the espresso" (withoutIngredientEspresso; long_context_espresso_counted). 68: a reply stating this café's size or recipe ("It's a 12 oz cup of steamed milk", "Their cold brew is … their delicious coffee concentrate") and every contents question ("What all comes in …", "what's inside …", "What is a steamer") get the can't-see-the-menu answer the insertion gives elsewhere (long_context_menu_claim_contradicted widened); a tea's own name keeps its capitals ("a Peppermint Rose tea", not "a peppermint Rose tea"; long_context_name_half_cased); an order's second drink takes its article ("… and a cortado with skim milk"; long_context_item_article_missing). 67: a read-back's thought names two drinks' details as "the almond milk and oat milk", not "the almond milk and one with oat milk" (readBackDetails; long_context_thought_detail_garbled). 66: an order's drinks are counted as the customer said them: "one latte with almond milk and the other with oat milk" is two lattes (not "the latte"), "a Macchiato … one decaf and the other regular" two macchiatos, "2 coffees. 1 latte … and 1 Cappuccino …" the latte and the cappuccino (not "2 coffees with almond milk and 1 cappuccino"; long_context_order_count_misread). 65: one drink said twice in a turn ("a Cappuccino …, so one Cappuccino") is one order, not "a cappuccino and one cappuccino" (long_context_restated_item_counted); a menu question naming the order gives its options to the closing ("non-fat milk … Vanilla"; long_context_closing_drops_asked); "here" alone is no café talk ("Will the snow storm arrive here tomorrow?" is off the coffee, its dialogue left out; long_context_declines); an order ending in an aside takes no closing wording that runs on after it ("A mocha, not too hot is your order"; long_context_readback_run_on widened). 64: an order ending in an aside ("two mochas, one decaf") is not read back in a frame that runs on after it ("Is it … you'd like?", "I have … down;"; honest.ts RUNS_ON; long_context_readback_run_on). 63: "half the espresso" in a read-back is no second drink: the closing says "the mocha", the thought "the mocha", not "the mocha and the espresso" (8 thoughts on the 62 build). 62: "warmed", "luke warm", "room temperature" are how hot the customer wants it, read back as "not too hot" (long_context_readback_incomplete widened: 40 -> 0 of 1,000). 61: a read-back keeps the qualifying phrase the customer gave a part of the drink (honest.ts withQualifiers: "but make it with only half espresso" -> "a mocha with half the espresso", not "a mocha?"; "easy on the milk" -> ", light on the milk"); "double on the milk" is not a double shot; "no added sugar" is not an add-in (long_context_readback_modifier_lost widened: 46 -> 0 of 1,000). 60: an insertion words its read-backs apart (honest.ts wordReadBacks, 18 more frames): a read-back keeps its dialogue's frame while that frame is among the insertion's least used, else takes a least-used one (long_context_readback_frame_repeats); the customer's answer is fitted to the new question. 59: a dialogue's last reply after the customer's yes is a closing naming the order, never the bare "OK!"/"Great!" left once "We will get that ready for you at the coffee bar" (claimsCanMake), a café pun or a claim was dropped (long_context_bare_closing 265 -> 0 of 1,000); a plain reply's CoT thought says what it answers (the drink said back, the change, the yes, the thanks), not "Nothing here calls for a tool; I can reply straight away." (long_context_stock_thought_share). Earlier versions: docs/method-versions.md.
  upstream: ['assemble'],
  description: 'SRM evolution: long context, extra tools, noisy query, harder tools, mixed',
  configSlice: (config) => ({ evolve: config.evolve, sourcesDir: config.sources.dir ?? null }),
  // The long-context corpus is read in enumerate: a user's file (or the vendored one) edited in place counts.
  externalInputs: (ctx) => fileStamps([ctx.config.evolve.longContext.corpus ?? TASKMASTER4_DIALOGUES]),
  roles: ['noisy-query', 'harder-tools'],
  output: TestCase,
  enumerate: enumerateEvolve,
  run: runEvolve,
};
