/**
 * diversify-internal: the four CRITICTOOL internal errors at step k of every resolved trajectory.
 * One item per trajectory × error type. The error comes from the error simulator (an LLM with
 * few-shot examples) or, offline, from the rule-based injectors — one RoleSpec, the gateway picks.
 * Every error is held to the label checker: it must differ from the ground truth and be the type
 * it claims, else it is retried with the checker's verdict as feedback and finally flagged. The
 * erroneous call's response comes through the resolution chain (BFCL: the live backends' real
 * errors; T-Eval: cache, then the API simulator).
 */
import { SIMULATOR_RULES_VERSION } from '../../pipeline/resolution/simulatorRules.js';
import { askedCount } from '../../pipeline/resolution/askedCount.js';
import { modelFor } from '../../pipeline/config.js';
import { LlmOutputError, StopRunError, roleMode } from '../../pipeline/llm/types.js';
import { renderAction, renderPrefix } from '../../pipeline/prompts/standard.js';
import {
  ERROR_TYPES,
  InternalErrorCandidate,
  type Action,
  type ErrorType,
  type FewShotPool,
  type InternalErrorAttempt,
  type ToolDoc,
  type Trajectory,
} from '../../pipeline/schemas.js';
import type { ItemContext, ItemResult, ItemStage, StageContext, StageItem } from '../../pipeline/stage.js';
import { callAt, chooseK, historyBefore, placeOfStep, shownBefore, toolSteps } from '../../pipeline/steps.js';
import { filmsDisagree, filmsShown, isFilmApi, knownFacts, taskToday } from '../../pipeline/resolution/knownFacts.js';
import { wrongCallChangedState } from '../../pipeline/errors/sideEffects.js';
import { helpfulLookup } from '../../pipeline/errors/helpfulLookup.js';
import { answerEquivalent } from '../../pipeline/errors/benignSelect.js';
import { toJson } from '../../pipeline/pyValues.js';
import { formatSlip, refusesCall } from '../../pipeline/errors/formatSlip.js';
import {
  agreementByMethod,
  applicability,
  classifyAction,
  erroneousThought,
  formatAgreement,
  isErrorResponse,
  leaksIn,
  repeatsValidStep,
  earlyLaterStep,
  toolkitOf,
  type CandidateRecord,
  type Verdict,
} from '../../pipeline/errors/index.js';
import { errorSimulatorRole, type ErrorSimulatorOutput } from './errorSimulator.js';
import { docsByName, injectorExamples, observedExamples, selectFewShot, tevalExamples, type FewShotExample, type PoolSet } from './fewShot.js';
import { injectionInputFor, iterateResolved, parseResolvedTrajectory, readObservedErrors, readTevalRecords, toolkitIndex } from './inputs.js';
import { readRef, refTo, type ArtifactRef } from '../../pipeline/artifactRef.js';
import { internalEligibleIn } from './eligibility.js';
import { secondDefect } from '../../pipeline/errors/wrongCall.js';

export interface InternalItemInput {
  /** The resolved trajectory, by reference (pipeline/artifactRef.ts): the item's first parent. */
  trajectory: ArtifactRef;
  /** null: no tool step of the trajectory can carry an internal error. */
  k: number | null;
  errorType: ErrorType;
  /** Every known tool of the ground truth's toolkit (an invented name must be none of them). */
  toolkitApis: string[];
  fewShot: FewShotExample[];
  fewShotPool: FewShotPool;
}

const STAGE = 'diversify-internal';
/** The stage's own decisions (applicability, rejection) are rules too. */
const STAGE_RULES = 'rules:diversify-internal@2';
/** Injector examples built per error type for the last few-shot pool. */
const INJECTOR_EXAMPLES_PER_TYPE = 12;

function clip(text: string, max = 200): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function toAction(output: ErrorSimulatorOutput): Action {
  return output.thought !== undefined ? { thought: output.thought, name: output.name, args: output.args } : { name: output.name, args: output.args };
}

/** What the items need of a resolved trajectory, kept instead of the trajectory. */
interface Listed {
  key: string;
  contentHash: string | null;
  id: string;
  k: number | null;
  gtName: string;
}

function buildPools(ctx: StageContext, listed: Listed[], docs: Map<string, ToolDoc>, toolkits: Map<string, string[]>): PoolSet {
  // The injector draw reads the trajectories it reaches, one at a time.
  const lazy = listed.map((l) => ({ key: l.key, trajectory: () => readRef(ctx.store, [l.key], refTo(l, 0), parseResolvedTrajectory) }));
  const pools: PoolSet = {
    observed: observedExamples(readObservedErrors(ctx)),
    'teval-recorded': tevalExamples(readTevalRecords(ctx, STAGE, ['C']), docs),
    injectors: injectorExamples(lazy, ctx.seed, INJECTOR_EXAMPLES_PER_TYPE, toolkits),
  };
  const byType = (examples: FewShotExample[]) => ERROR_TYPES.map((t) => examples.filter((e) => e.errorType === t).length).join('/');
  ctx.log(
    `[${STAGE}] few-shot pools (select/hallucination/key/value): observed ${byType(pools.observed)}` +
      (pools.observed.length === 0 ? ' (observe has no output)' : '') +
      `, teval-recorded ${byType(pools['teval-recorded'])}, injectors ${byType(pools.injectors)}`,
  );
  return pools;
}

export function enumerateInternal(ctx: StageContext): StageItem<InternalItemInput>[] {
  // One trajectory at a time: its step k and ground-truth tool, and the tool names and docs the pools need.
  const listed: Listed[] = [];
  const names = new Set<string>();
  const docs = docsByName(
    (function* () {
      for (const r of iterateResolved(ctx, STAGE)) {
        const { trajectory } = r;
        const k = chooseK(trajectory, ctx.seed, 'k-internal', internalEligibleIn(trajectory)) ?? null;
        const gtName = k === null ? '' : (toolSteps(trajectory)[k - 1]?.step.action.name ?? '');
        listed.push({ key: r.key, contentHash: r.contentHash, id: trajectory.id, k, gtName });
        for (const tool of trajectory.tools) names.add(tool.name);
        yield r;
      }
    })(),
  );
  const toolkits = toolkitIndex([], [...names]);
  const pools = buildPools(ctx, listed, docs, toolkits);
  const items: StageItem<InternalItemInput>[] = [];
  for (const l of listed) {
    for (const errorType of ERROR_TYPES) {
      const id = `${l.id}-${errorType}`;
      const { examples, pool } = selectFewShot(pools, errorType, l.id, ctx.config.diversify.fewShot, ctx.rng(`few-shot:${id}`));
      items.push({
        id,
        input: { trajectory: refTo(l, 0), k: l.k, errorType, toolkitApis: toolkits.get(toolkitOf(l.gtName)) ?? [], fewShot: examples, fewShotPool: pool },
        parents: [l.key, ...new Set(examples.map((e) => e.parentKey))],
      });
    }
  }
  return items;
}

function rejected(reason: string): ItemResult<InternalErrorCandidate> {
  return { status: 'rejected', content: null, reason, method: STAGE_RULES };
}

export async function runInternal(item: StageItem<InternalItemInput>, ctx: ItemContext): Promise<ItemResult<InternalErrorCandidate>> {
  const { k, errorType, fewShot, fewShotPool } = item.input;
  const trajectory = readRef(ctx.store, item.parents, item.input.trajectory, parseResolvedTrajectory);
  const steps = toolSteps(trajectory);
  if (k === null) {
    return rejected(`trajectory ${trajectory.id} has no tool step that can carry an internal error (${steps.length} tool steps; a step needs a tool call with object arguments)`);
  }
  if (k > steps.length) return rejected(`trajectory ${trajectory.id} has ${steps.length} tool steps, too short for k=${k}`);

  const injection = injectionInputFor(trajectory, k, item.input.toolkitApis);
  const applies = applicability(errorType, injection);
  if (!applies.ok) return rejected(`${errorType} cannot apply at step k=${k} of ${trajectory.id}: ${applies.reason}`);
  const correct = injection.correct;
  const dialog = [...renderPrefix(trajectory, k, { cot: true }), { role: 'assistant' as const, content: renderAction(correct, { cot: true }) }];
  const llmMethod = roleMode(ctx.llm, 'error-simulator') === 'openai' ? `llm:${modelFor(ctx.config, 'error-simulator')}` : `rules:${errorSimulatorRole.offline.version}`;

  const attempts: InternalErrorAttempt[] = [];
  const feedback: { action?: Action; problem: string }[] = [];
  let accepted: { action: Action; verdict: Verdict; method: string; variant?: string } | undefined;
  let last: { action?: Action; verdict?: Verdict; method: string; variant?: string } = { method: llmMethod };

  // The wrong call's answer, through the same chain as every call (one answer per action).
  const answers = new Map<string, Awaited<ReturnType<typeof ctx.services.resolver.resolve>>>();
  const answerOf = async (action: Action) => {
    const key = `${action.name}${toJson(action.args)}`;
    let response = answers.get(key);
    if (!response) {
      const place = placeOfStep(trajectory, steps[k - 1].turnIndex, historyBefore(trajectory, k));
      const earlier = steps.slice(0, k - 1).map(({ step }) => ({ name: step.action.name, args: step.action.args, response: step.response?.content }));
      const today = taskToday(action.args, earlier, trajectory.turns.slice(0, steps[k - 1].turnIndex + 1).map((t) => t.user).join('\n'));
      // What earlier answers fix for any call: the distance a route between the same ends adds up to, the
      // reviews already shown (a wrong call's reviews say nothing they said). Facts about an id stay the right call's.
      const facts = knownFacts(action.args, earlier);
      const doc = trajectory.tools.find((d) => d.name === action.name);
      const asked = doc ? askedCount(trajectory.turns[steps[k - 1].turnIndex].user, action.args, doc) : undefined;
      // And the films the task's answers give (any step's): a wrong call's list gives them the same popularity, rating and date.
      const films = isFilmApi(action.name) ? filmsShown(steps.map(({ step }) => step.response?.content)) : [];
      const known = { ...(facts?.tripKm !== undefined ? { tripKm: facts.tripKm } : {}), ...(facts?.tripAt ? { tripAt: facts.tripAt } : {}), ...(facts?.reviewsShown ? { reviewsShown: facts.reviewsShown } : {}), ...(films.length ? { films } : {}) };
      const call = {
        ...callAt(trajectory, k, action),
        shown: shownBefore(trajectory, k),
        // A wrong call to a forecast still answers for the days after the clock the task showed.
        ...(today ? { today } : {}),
        ...(Object.keys(known).length ? { known } : {}),
        // Its places are where the task is, as the right call's are (no generic "Market Street" by Times Square).
        ...(place ? { place } : {}),
        // Its list is as long as the user asked, as the right call's is ("the top 3 properties": three).
        ...(asked ? { asked } : {}),
      };
      response = await ctx.services.resolver.resolve(call, { rng: ctx.rng('resolve-erroneous'), artifactKey: ctx.itemKey, stage: STAGE });
      // A recording made for another task that gives a film other facts than this task's simulated answers
      // (The Godfather at popularity 118.372 where the simulated top-rated list gave 14136): simulated instead, knowing them.
      if (films.length && response.tier !== 'simulated' && filmsDisagree(filmsShown([response.content]), filmsShown(steps.map(({ step }) => (step.response?.tier === 'simulated' ? step.response.content : undefined))))) {
        response = await ctx.services.resolver.resolve(call, { rng: ctx.rng('resolve-erroneous'), artifactKey: ctx.itemKey, stage: STAGE, skipCache: true });
      }
      answers.set(key, response);
    }
    return response;
  };

  for (let attempt = 1; attempt <= ctx.config.diversify.maxAttempts; attempt++) {
    let output: ErrorSimulatorOutput;
    let method: string;
    try {
      const result = await ctx.llm.invoke(
        errorSimulatorRole,
        { errorType, dialog, fewShot, rejected: [...feedback], injection },
        { rng: ctx.rng(`error-simulator:${attempt}`), artifactKey: ctx.itemKey, stage: STAGE },
      );
      output = result.output;
      method = result.method;
    } catch (err) {
      if (err instanceof StopRunError) throw err;
      // A model's unusable reply, or rules that could not make this error: a failed attempt, not a crash.
      if (!(err instanceof LlmOutputError) && roleMode(ctx.llm, 'error-simulator') !== 'offline') throw err;
      const problem = `${err instanceof LlmOutputError ? 'malformed simulator output' : 'the rules could not make the error'}: ${(err as Error).message}`;
      attempts.push({ attempt, method: llmMethod, agrees: false, problem });
      feedback.push({ problem });
      last = { method: llmMethod };
      continue;
    }
    const action = toAction(output);
    // A thought that is missing, or that states the correct tool, key or value, is rewritten for the wrong call.
    if (correct.thought !== undefined && (action.thought === undefined || leaksIn(action.thought, errorType, correct, action, trajectory.tools.find((t) => t.name === correct.name)).length > 0)) {
      const thought = erroneousThought(errorType, correct, action, { tools: trajectory.tools, query: injection.query, earlierRequests: injection.earlierRequests, earlier: injection.earlier });
      if (thought !== undefined) action.thought = thought;
    }
    const variant = method.startsWith('rules:') ? output.variant : undefined;
    const verdict = classifyAction(action, { tools: trajectory.tools, groundTruth: correct });
    // A completed step, or one the trajectory has still to take, is a valid step and no error.
    const repeats = repeatsValidStep(action, injection);
    // The same tool as a step the request still asks for, with no argument against it: done early, not wrong.
    const early = errorType === 'tool_select_error' ? earlyLaterStep(action, injection.laterInTurn) : undefined;
    // A lookup whose answer gives what the correct call needs is a step toward it, not a wrong tool.
    const helps =
      errorType === 'tool_select_error' && verdict.label === errorType && !repeats && !early
        ? helpfulLookup(correct, action, (await answerOf(action)).content, shownBefore(trajectory, k))
        : undefined;
    // A read whose answer already holds what the correct call answers (get_all_credit_cards listing the
    // balance get_credit_card_balance is due to give) leaves answering from it as right as the ground truth.
    const same =
      errorType === 'tool_select_error' && verdict.label === errorType && !repeats && !early && !helps
        ? answerEquivalent(correct, action, steps[k - 1].step.response?.content, (await answerOf(action)).content)
        : undefined;
    // A wrong call that changed something and went through leaves the next step two right answers
    // (undo it, or go on as if it had not happened): place_order(amount=101) filled, then the ground
    // truth places a second order. Only a wrong call that changes nothing, or fails, makes a clean case.
    const changed =
      (errorType === 'tool_select_error' || errorType === 'parameters_value_error') && verdict.label === errorType && !repeats && !early && !helps && !same && wrongCallChangedState(action.name, await answerOf(action))
        ? action.name
        : undefined;
    // Wrong only in its labelled way: a wrong tool with arguments that fit it (answered with its effect,
    // not a type or execution error), a key error with every value kept, a value of its parameter's type,
    // an invented name with the ground truth's arguments (pipeline/errors/wrongCall.ts).
    const second =
      verdict.label === errorType && !repeats && !early && !helps && !same && !changed
        ? secondDefect(errorType, correct, action, trajectory.tools, {
            shown: [shownBefore(trajectory, k), ...steps.slice(0, k - 1).map(({ step }) => toJson({ name: step.action.name, args: step.action.args }))].join('\n'),
            ...(errorType === 'tool_select_error' ? { response: (await answerOf(action)).content } : {}),
          })
        : undefined;
    // The right value in another form the tool takes ("2026/11/15" for get_flight_cost's 2026-11-15,
    // whose answer is the right call's): nothing went wrong, so going on is as right as redoing it.
    const slip =
      errorType === 'parameters_value_error' && verdict.label === errorType && !repeats && !changed && !second ? formatSlip(correct, action) : undefined;
    const slipTaken = slip && !refusesCall((await answerOf(action)).content) ? slip : undefined;
    const agrees = verdict.label === errorType && !repeats && !early && !helps && !same && !changed && !second && !slipTaken;
    const problem =
      verdict.label !== errorType
        ? `claimed ${errorType}, the label checker says ${verdict.label}: ${verdict.reasons.join('; ')}`
        : repeats
          ? `the action repeats a valid step of the trajectory (${action.name} with the same arguments), so it is no error`
          : early
            ? `the action is a later step of the same request done early (${action.name}, no argument against that step's), so it is no wrong tool`
            : helps
              ? `the action is a lookup whose answer gives ${helps}, which the correct call takes and nothing showed before: a step toward it, not a wrong tool`
              : same
                ? `the action is no wrong tool: ${same}`
                : changed
                  ? `the wrong call ${changed} changes state and went through: the next step could undo it or go on, so the correct call is not the one right answer`
                  : second
                    ? `the action is wrong a second way besides its ${errorType}: ${second}`
                  : slipTaken
                    ? `the wrong value is the right one in another form the tool takes (${slipTaken}): it answered as the correct call would, so going on is as right as redoing it`
                    : undefined;
    attempts.push({ attempt, method, action, ...(variant ? { variant } : {}), detected: verdict.label, agrees, ...(problem ? { problem } : {}) });
    last = { action, verdict, method, variant };
    if (agrees) {
      accepted = { action, verdict, method, variant };
      break;
    }
    feedback.push({ action, problem: problem! });
  }

  const base = {
    trajectoryId: trajectory.id,
    source: trajectory.source,
    k,
    errorType,
    correctAction: correct,
    fewShot: fewShot.map((e) => e.id),
    fewShotPool,
    attempts,
  };

  if (!accepted) {
    const reason = `no ${errorType} after ${attempts.length} attempt${attempts.length > 1 ? 's' : ''}: ${attempts.map((a) => `#${a.attempt} ${a.problem}`).join(' | ')}`;
    const content: InternalErrorCandidate = {
      ...base,
      ...(last.action ? { erroneousAction: last.action } : {}),
      method: last.method,
      ...(last.variant ? { variant: last.variant } : {}),
      label: { claimed: errorType, ...(last.verdict ? { detected: last.verdict.label } : {}), agrees: false, reasons: last.verdict?.reasons ?? [] },
      notes: [],
    };
    return { status: 'flagged', content, reason, method: last.method };
  }

  const response = await answerOf(accepted.action);

  const notes: string[] = [];
  let status: 'ok' | 'flagged' = 'ok';
  let reason: string | undefined;
  if (response.error?.source === 'environment') {
    status = 'flagged';
    reason = `the erroneous call met an environment failure (${response.tier}), which would hide the internal error: ${clip(response.error.message)}`;
    notes.push(reason);
  } else if (!isErrorResponse(response)) {
    // A wrong but existing tool, or a wrong value, may well run: the model must notice that the
    // answer does not serve the goal. A name that does not exist or a broken key set must fail.
    if (errorType === 'parameters_value_error') {
      notes.push(`the ${response.tier} tier accepted the erroneous value and answered without an error`);
    } else if (errorType === 'tool_select_error') {
      notes.push(`the wrongly selected tool ran and answered without an error (${response.tier} tier)`);
    } else {
      status = 'flagged';
      reason = `the resolution chain (${response.tier} tier) answered this ${errorType} call without an error: ${clip(response.content)}`;
      notes.push(reason);
    }
  }
  const content: InternalErrorCandidate = {
    ...base,
    erroneousAction: accepted.action,
    response,
    method: accepted.method,
    ...(accepted.variant ? { variant: accepted.variant } : {}),
    label: { claimed: errorType, detected: accepted.verdict.label, agrees: true, reasons: accepted.verdict.reasons },
    notes,
  };
  return { status, content, ...(reason ? { reason } : {}), method: accepted.method };
}

/** Counts per error type × method and the label agreement, over the stage's current output. */
export function internalSummary(ctx: StageContext): string {
  // One artifact at a time, keeping what the counts and the agreement read.
  const records: { itemId: string; status: string; method: string; content: InternalErrorCandidate | null }[] = [];
  for (const a of ctx.store.iterateStage<InternalErrorCandidate | null>(STAGE, ['ok', 'flagged', 'rejected'])) {
    const c = a.content;
    const slim = c && ({ errorType: c.errorType, method: c.method, label: c.label, attempts: c.attempts.map((t) => ({ method: t.method, agrees: t.agrees })) } as InternalErrorCandidate);
    records.push({ itemId: a.itemId, status: a.status, method: a.method, content: slim });
  }
  const counts = new Map<string, { ok: number; flagged: number; rejected: number }>();
  for (const r of records) {
    const type = r.content?.errorType ?? ERROR_TYPES.find((t) => r.itemId.endsWith(`-${t}`)) ?? '?';
    const key = `${type} | ${r.method}`;
    const c = counts.get(key) ?? { ok: 0, flagged: 0, rejected: 0 };
    if (r.status === 'ok' || r.status === 'flagged' || r.status === 'rejected') c[r.status]++;
    counts.set(key, c);
  }
  const lines = ['candidates (error type | method | ok / flagged / rejected)'];
  for (const [key, c] of [...counts].sort(([a], [b]) => a.localeCompare(b))) lines.push(`${key} | ${c.ok} / ${c.flagged} / ${c.rejected}`);
  const agreement = agreementByMethod(records.map((r) => ({ status: r.status, content: r.content })) as CandidateRecord[]);
  return `${lines.join('\n')}\n${formatAgreement(agreement)}`;
}

export const diversifyInternalStage: ItemStage<InternalItemInput, InternalErrorCandidate> & { summarize(ctx: StageContext): string } = {
  kind: 'items',
  name: STAGE,
  // 25: prefixes render closing thoughts that say a list field as its items (answerFact).
  version: `31+${errorSimulatorRole.offline.version}+${SIMULATOR_RULES_VERSION}`, // the rules of its roles, and 31: a later lookup of another toolkit than every step between is doable early (steps.ts laterStepsDoableEarly: the clock after a room search and a reservation, teval_query_250_1), so no tool-selection error is drawn as it; 29, 30 (h-sim14): a wrong call's film list knows the films the task's answers give (KnownFacts.films), and a recording made for another task that gives one of them other facts than this task's simulated answers is simulated instead; 28 (h-teval8): no wrong tool reading a file the right call or a later step of the plan writes (53_1 read_file of the deck create_file makes; pathKinds.ts PathContext.later); 27: a short month or weekday ("Sept") is no name (kinds.ts); 26: no wrong tool repeating the step just before, no login the request invites as a wrong tool (toolSelect.ts); 24: a wrong call's list is as long as the user asked (askedCount), as the right call's is; 23: no value error that is the right value in another form the tool takes and answers (h-fsfail's 21: formatSlip, "2026/11/15" for 2026-11-15); 22: an id under a key counts as given only right after that key (or in the list it opens), and no coordinate is taken from a count or a distance of the request; 21: a wrong call wrong a second way besides its label (a wrong tool's arguments its doc rules out or answered with an argument / execution error, a key error changing a value, a value of another type) is retried (errors/wrongCall.ts); 20: no read whose answer already holds what the correct call answers as a wrong tool, and a retry draws no rejected tool again; 19: a wrong call's answer knows the trip distance and the reviews earlier answers showed (a swapped route adds up to the measured 4488.454 km); 18: a wrong call's thought frames where a value comes from by that value's provenance (earlier requests and answers known); 17: no error at a call that repeats one already answered (repeatsAnsweredCall); 16: a wrong call's answer is about the place the task is at (placeOfStep), as the right call's is; 2: BFCL wrong calls answer with BFCL's own error texts; 3: realistic error families, no valid step as an error; 4: a wrong call's file that does not exist fails (the resolver is told what the task showed); 5: no later step of the same request done early as a wrong tool; 6: a wrong call's forecast starts on the task's day; 7: a later lookup counts as done early though the source chains it, unless a value flows from the step due (BFCL lookups too); 8: a month or weekday is no name; 9: a wrong call's thought states no correct value the call leaves out or writes in another case; 10: no lookup whose answer gives what the correct call needs as a wrong tool; 13: no wrong call that changes state and goes through; 11: a wrong call looking up an identifier the task never showed answers not found; 12: a wrong call's thought in the frame of the correct one
  upstream: ['collect', 'resolve', 'observe'],
  description: 'four internal errors (tool select, hallucination, key, value) at step k, held to the label checker, with real responses',
  roles: ['error-simulator', 'api-simulator'],
  output: InternalErrorCandidate,
  // The resolver's settings decide the erroneous call's response, so they are part of every key.
  configSlice: (c) => ({ maxAttempts: c.diversify.maxAttempts, fewShot: c.diversify.fewShot, resolve: c.resolve }),
  enumerate: enumerateInternal,
  run: runInternal,
  summarize: internalSummary,
};
