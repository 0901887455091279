/**
 * One test case from one pool member, in one variant (plain or CoT). Pure and deterministic:
 * `enumerate` calls it to screen the pool and `run` calls it again to make the artifact, so a case
 * is rejected for the same reason in both places. Every way a pool member can be unusable comes
 * back as a reason naming the trajectory, step and field — never a throw.
 */
import { unshownPlaceholder } from '../../pipeline/afterFailure.js';
import { argumentKindMismatch, describeKindMismatch } from '../../pipeline/quality/argumentKinds.js';
import { todayToolForOtherDay } from '../../pipeline/quality/todayTools.js';
import { confusedShownAuthor, undecidedAuthor } from '../../pipeline/quality/undecidedAuthor.js';
import { skippedSibling, undecidedPick } from '../../pipeline/quality/undecidedPick.js';
import { findServesStep } from '../../pipeline/quality/findServes.js';
import { unanchoredDayCount } from '../../pipeline/quality/forecastDays.js';
import { unfixedQueryWording } from '../../pipeline/quality/queryWording.js';
import { z } from 'zod';
import {
  ExternalErrorCandidate,
  FINISH_ACTION,
  InternalErrorCandidate,
  type Action,
  type ChatMessage,
  type ErrorType,
  type TestCase,
  type Trajectory,
} from '../../pipeline/schemas.js';
import { nextAction, renderPrefix, renderStep } from '../../pipeline/prompts/standard.js';
import { repeatsAnsweredCall, toolSteps } from '../../pipeline/steps.js';
import { classifyAction, isErrorResponse, sameValue } from '../../pipeline/errors/index.js';
import { internalEligible } from '../diversify-internal/eligibility.js';
import { retryThought } from '../diversify-external/afterFailure.js';
import { Rng } from '../../pipeline/rng.js';
import { groundTruthProblems, promptProblems } from './checks.js';
import { unanchoredDates } from '../../pipeline/quality/dates.js';
import { describeUngrounded, foreignRecordedResponse, ungroundedHistory, ungroundedValues, unshownTitle, unsupportedNumbers } from '../../pipeline/quality/grounding.js';
import { rankContradiction } from '../../pipeline/quality/ranking.js';
import { thoughtAfterError } from './afterError.js';
import { apiOf } from '../../pipeline/errors/values.js';
import { unshownField } from '../../pipeline/quality/copiedFields.js';
import { incoherentAnswer } from '../../pipeline/quality/measures/solvable.js';
import { recordContradictsRecording } from '../../pipeline/quality/measures/simulated.js';
import { answeredDistances, argUnitsOffAnswers, type DistanceUnit } from '../../pipeline/unitWords.js';

export const ASSEMBLE_RULES = 'rules:assemble@3';
export const PROMPT_RULES = 'rules:standard-prompt@1';

/** What a case is made from. `candidate` stays unparsed until `buildCase`, so a malformed one is a recorded rejection. */
export type CaseSpec =
  | {
      part: 'internal';
      trajectory: Trajectory | null;
      trajectoryId: string;
      candidate: unknown;
      candidateItemId: string;
      thoughtsMethod: string;
      /** Set for errors a model really made (observe): names the case apart from a simulated one at the same step. */
      observed?: { model: string };
      /** Set for T-Eval's recorded input errors (stages/assemble/recorded.ts): the review record id. */
      recorded?: { recordId: string };
    }
  | { part: 'control'; trajectory: Trajectory; trajectoryId: string; k: number; thoughtsMethod: string }
  | { part: 'external'; trajectory: Trajectory | null; trajectoryId: string; candidate: unknown; candidateItemId: string; thoughtsMethod: string };

export type CaseTag = ErrorType | 'control' | 'env';

export type BuildResult = { ok: true; testCase: TestCase } | { ok: false; reason: string };

/** Sample ids are file names in the evaluator's resume cache (`<id>.json`, read back by split('.')[0]): no dots, no slashes. */
export function caseId(trajectoryId: string, tag: CaseTag, k: number, cot: boolean, observedModel?: string, recordedId?: string): string {
  const safe = (s: string) => s.replace(/[^A-Za-z0-9_-]/g, '_');
  // The model is part of an observed case's id: two models making the same error are two cases.
  // A recorded error's record id likewise keeps it apart from a simulated error at the same step.
  return `${safe(trajectoryId)}-${tag}-k${k}${observedModel ? `-observed-${safe(observedModel)}` : ''}${recordedId ? `-recorded-${safe(recordedId)}` : ''}${cot ? '-cot' : ''}`;
}

function issue(error: z.ZodError): string {
  const first = error.issues[0];
  return `${first.path.join('.') || '(root)'}: ${first.message}`;
}

/** The ground truth as the file shows it: the thought only in CoT variants. */
function shown(action: Action, cot: boolean): Action {
  return cot && action.thought !== undefined ? { thought: action.thought, name: action.name, args: action.args } : { name: action.name, args: action.args };
}

/** Everything before step k must be showable: every earlier tool step answered, every earlier turn closed. */
function prefixProblems(t: Trajectory, k: number): string[] {
  const steps = toolSteps(t);
  const problems: string[] = [];
  for (const s of steps.slice(0, k - 1)) if (!s.step.response) problems.push(`tool step ${s.k} of ${t.id} has no response (was it resolved?)`);
  const turnOfK = steps[k - 1].turnIndex;
  for (let i = 0; i < turnOfK; i++) if (!t.turns[i].final?.trim()) problems.push(`turn ${i + 1} of ${t.id} has no final answer to close it`);
  return problems;
}

function locate(t: Trajectory, k: number): { problem?: string; action?: Action } {
  const steps = toolSteps(t);
  if (k > steps.length) return { problem: `trajectory ${t.id} has ${steps.length} tool steps, too short for k=${k}` };
  const at = steps[k - 1];
  if (!internalEligible(at)) return { problem: `tool step k=${k} of ${t.id} (${at.step.action.name}) is not a tool call with object arguments` };
  return { action: at.step.action };
}

/** The tool of the step before step k, in the same turn: what the correct step's "last call" meant. */
function previousApi(t: Trajectory, k: number): string | undefined {
  const steps = toolSteps(t);
  const at = steps[k - 1];
  const before = steps[k - 2];
  return before && at && before.turnIndex === at.turnIndex ? apiOf(before.step.action.name) : undefined;
}

function finish(spec: CaseSpec, cot: boolean, parts: Omit<TestCase, 'id' | 'cot' | 'trajectoryId' | 'source' | 'tools' | 'provenance'> & { methods: Record<string, string>; origin: string }, t: Trajectory): BuildResult {
  const problems = promptProblems(parts.messages, t.tools);
  // Solvable from what it shows: every id, name, coordinate and number the ground truth needs is
  // in a user turn, a tool doc or a tool response of the prompt.
  const missing = ungroundedValues({ messages: parts.messages, groundTruth: parts.groundTruth, kind: parts.kind, errorType: parts.errorType });
  if (missing.length) problems.push(`ungrounded ground truth: ${describeUngrounded(missing)} appear${missing.length === 1 ? 's' : ''} in no user turn, tool doc or tool response of the prompt`);
  // A date is said many ways, and "tomorrow" is one: it needs the date, or a today to count from.
  const undated = unanchoredDates({ messages: parts.messages, groundTruth: parts.groundTruth, errorType: parts.kind === 'internal' ? parts.errorType : '' });
  if (undated.length) problems.push(`unanchored date: ${undated.map((u) => `${u.action} ${u.key}="${u.value}"`).join(', ')}, and nothing in the prompt says what day it is`);
  // Coherent history: no shown call takes an id, name, number or place that nothing before it shows
  // (BFCL's hidden state, a plan's value from nowhere). An internal case's wrong call is the injected error.
  const lastCall = parts.messages.map((m) => m.role).lastIndexOf('assistant');
  const gap = ungroundedHistory(parts.messages, parts.kind === 'internal' && parts.errorType !== '' ? lastCall : parts.messages.length);
  if (gap) problems.push(`ungrounded history: the shown call ${gap.values[0].action} takes ${describeUngrounded(gap.values)}, which nothing before it shows`);
  // A title a call copies (a paper in an email, a film on a slide) must have been shown before it.
  const historyEnd = parts.kind === 'internal' && parts.errorType !== '' ? lastCall : parts.messages.length;
  const title = unshownTitle(parts.messages, parts.groundTruth, historyEnd);
  if (title) problems.push(`unshown title: ${title.action} copies "${title.title}", which nothing before it shows`);
  // A record's fields a call copies beside its title (a paper's "Published:" and "Authors:") must be the ones shown for it.
  const field = unshownField(parts.messages, parts.groundTruth, historyEnd);
  if (field) problems.push(`unshown record field: ${field.action} copies ${field.label} "${field.value.slice(0, 80)}" for "${field.title.slice(0, 80)}", ${field.shown === undefined ? 'which no answer before it gives' : `where the answer shows ${JSON.stringify(field.shown).slice(0, 80)}`}`);
  // A pick by rank ("the most popular movie") must be the record the shown list ranks there.
  const ranking = rankContradiction(parts.messages, parts.groundTruth, historyEnd);
  if (ranking) problems.push(`pick contradicts the shown ranking: ${ranking}`);
  // A placeholder the plan passes where the user gave no content ("Bullet point 1") has no one right value.
  // An argument of another kind than its doc declares (T-Eval's get_author_id(mauthors="machine learning")), asked for or shown.
  const kindMiss = argumentKindMismatch(parts.messages, parts.groundTruth, t.tools, historyEnd);
  if (kindMiss) problems.push(`argument of another kind: ${describeKindMismatch(kindMiss)}`);
  // A tool that tells only today, asked the weekday of another day (T-Eval's plan for Inception's release weekday).
  const todayOnly = todayToolForOtherDay(parts.messages, parts.groundTruth, t.tools, historyEnd);
  if (todayOnly) problems.push(`a tool that tells only today, for another day: ${todayOnly}`);
  // An author the request leaves open (T-Eval's get_author_id("John Doe") for "an author using his or her
  // unique ID"): any other listed author is as right a call, so the case has no one right answer.
  const author = undecidedAuthor(parts.messages, parts.groundTruth, t.tools);
  if (author) problems.push(`undecided author: ${author}`);
  // A shown call (history step or the wrong call) passing an author the request points at on one service that no
  // answer of that service before it names (217_2's "Elad Hazan", the first arXiv author, for "the author of the
  // first article on Google Scholar"): nobody could derive that step, so the case would hand a confused pick over.
  const confused = confusedShownAuthor(parts.messages, t.tools);
  if (confused) problems.push(`confused author shown: ${confused}`);
  // A record picked out of a shown list where the request leaves the pick open (291_2's citation of the first
  // result for "the citation for one of the articles"): any other listed record is as right a call.
  const pick = undecidedPick(parts.messages, parts.groundTruth);
  if (pick) problems.push(`undecided pick: ${pick}`);
  // A later record of a list the history goes over, while an earlier one has not had the call (104_2's third
  // property's reviews before the second's): the earlier record's call is as right a next step.
  const sibling = parts.kind === 'internal' ? skippedSibling(parts.messages, parts.groundTruth, historyEnd) : undefined;
  if (sibling) problems.push(`skipped listed sibling: ${sibling}`);
  // A listing or a walk toward a file the request asks to find by name, with `find` listed and nothing shown placing the
  // file (bfcl_multi_turn_base_5's ls, then cd "project", for "Find analysis_report.csv"): find(name=…) is as right a call.
  const findServes = parts.kind === 'internal' ? findServesStep(parts.messages, parts.groundTruth, t.tools) : undefined;
  if (findServes) problems.push(`find serves the step: ${findServes}`);
  // A forecast's days ahead counted from a today nothing shows (314_2's forecast_weather(days=1) for "the weather …
  // on October 17, 2023"): days=2 or 3 is as right a call when today may be earlier.
  const dayCount = unanchoredDayCount(parts.messages, parts.groundTruth, t.tools, historyEnd);
  if (dayCount) problems.push(`unanchored day count: ${dayCount}`);
  // Free search text in words nothing shows (477_1's serper_search(query="The Godfather movie information") for
  // "search for additional information about the first movie"): "The Godfather" is as careful a query.
  const wording = unfixedQueryWording(parts.messages, parts.groundTruth, t.tools);
  if (wording) problems.push(`unfixed query wording: ${wording}`);
  const placeholder = unshownPlaceholder(parts.messages, parts.groundTruth);
  if (placeholder) problems.push(`placeholder ground truth: ${placeholder}, which nothing in the prompt says`);
  // A simulated answer the case shows must read as real: a "top rated" list out of its rating order
  // (a list carried over from a popularity ranking) cannot be put right here, so the case is turned down.
  const request = parts.messages.filter((m) => m.role === 'user').map((m) => m.content).join('\n');
  const shownAnswers = new Set(parts.messages.filter((m) => m.role === 'function').map((m) => m.content));
  for (const { step } of toolSteps(t)) {
    if (step.response?.tier !== 'simulated' || !shownAnswers.has(step.response.content)) continue;
    const why = incoherentAnswer(step.action, step.response.content, request, t.tools.find((d) => d.name === step.action.name));
    if (why) {
      problems.push(`incoherent simulated answer: ${step.action.name} ${why}`);
      break;
    }
  }
  // A distance an answer gave in one unit, passed by the ground truth where the parameter's doc asks for
  // another (BFCL's mileage check takes estimate_distance's km figure "in miles"): the docs make the
  // converted number the right one, so the case would score the careful reading as wrong.
  const answeredUnits = new Map<string, DistanceUnit>();
  for (const { step } of toolSteps(t)) {
    if (step.response && shownAnswers.has(step.response.content)) answeredDistances(t.tools.find((d) => d.name === step.action.name), step.response.content, answeredUnits);
  }
  for (const a of Array.isArray(parts.groundTruth) ? parts.groundTruth : [parts.groundTruth]) {
    const off = argUnitsOffAnswers(a, t.tools.find((d) => d.name === a.name), answeredUnits)[0];
    if (off) {
      problems.push(`ground truth contradicts the docs' units: ${a.name}(${off.key}=${off.value}) passes a distance an answer gave in ${off.unit} where the parameter's doc asks for ${off.asked}`);
      break;
    }
  }
  // A simulated list record a recording in the case names otherwise (teval_query_2_2: the email the
  // plan writes quotes "Guesthouse in Culver City", the recorded details say Huntington Beach) has no
  // consistent repair: the case is turned down.
  const shownSteps = toolSteps(t)
    .filter(({ step }) => step.response && shownAnswers.has(step.response.content))
    .map(({ step }) => ({ action: step.action, content: step.response!.content, simulated: step.response!.tier === 'simulated' }));
  const contradiction = t.source === 'teval' ? recordContradictsRecording(shownSteps) : undefined;
  if (contradiction) problems.push(`simulated record contradicts the recording: ${contradiction}`);
  if (problems.length) return { ok: false, reason: problems.join('; ') };
  const tag: CaseTag = spec.part === 'control' ? 'control' : spec.part === 'external' ? 'env' : (parts.errorType as ErrorType);
  const { methods, origin, ...rest } = parts;
  // A recording the case shows cut from what was recorded (a search cut to its doc's "at most 3") says so.
  const cuts = toolSteps(t).flatMap(({ step }) => (step.response?.note && shownAnswers.has(step.response.content) ? [`${step.action.name}: ${step.response.note}`] : []));
  return {
    ok: true,
    testCase: {
      id: caseId(t.id, tag, parts.k, cot, spec.part === 'internal' ? spec.observed?.model : undefined, spec.part === 'internal' ? spec.recorded?.recordId : undefined),
      cot,
      trajectoryId: t.id,
      source: t.source,
      tools: t.tools,
      ...rest,
      provenance: { methods: { case: ASSEMBLE_RULES, prompt: PROMPT_RULES, thoughts: spec.thoughtsMethod, ...methods, ...(cuts.length ? { recordingCut: [...new Set(cuts)].join('; ') } : {}) }, origin, parents: [] },
    },
  };
}

function buildInternal(spec: Extract<CaseSpec, { part: 'internal' }>, cot: boolean): BuildResult {
  const parsed = InternalErrorCandidate.safeParse(spec.candidate);
  if (!parsed.success) return { ok: false, reason: `diversify-internal candidate ${spec.candidateItemId} is malformed at ${issue(parsed.error)}` };
  const c = parsed.data;
  const t = spec.trajectory;
  if (!t) return { ok: false, reason: `diversify-internal candidate ${spec.candidateItemId} names trajectory ${c.trajectoryId}, which resolve did not keep` };
  if (!c.erroneousAction || !c.response) {
    return { ok: false, reason: `diversify-internal candidate ${spec.candidateItemId} has no ${c.erroneousAction ? 'response' : 'erroneous action'}` };
  }
  const here = locate(t, c.k);
  if (here.problem) return { ok: false, reason: here.problem };
  if (!sameValue(here.action, c.correctAction)) {
    return { ok: false, reason: `candidate ${spec.candidateItemId}: its correct action differs from tool step k=${c.k} of ${t.id} (${here.action!.name}); the trajectory changed since diversify ran` };
  }
  const problems = [...prefixProblems(t, c.k), ...groundTruthProblems(c.correctAction, t.tools, { cot, what: `ground truth at k=${c.k}` })];
  if (cot && !c.erroneousAction.thought?.trim()) problems.push(`the erroneous action of ${spec.candidateItemId} has no thought to show in a CoT case`);
  if (c.response.error?.source === 'environment') problems.push(`the erroneous call's response is an environment failure, which hides the internal error`);
  // The claimed type must be what the label checker sees against this case's tool list.
  const verdict = classifyAction(c.erroneousAction, { tools: t.tools, groundTruth: c.correctAction });
  if (verdict.label !== c.errorType) problems.push(`claimed ${c.errorType}, the label checker says ${verdict.label}: ${verdict.reasons.join('; ')}`);
  if (problems.length) return { ok: false, reason: problems.join('; ') };

  const messages: ChatMessage[] = [...renderPrefix(t, c.k, { cot }), ...renderStep(c.erroneousAction, c.response.content, { cot })];
  return finish(
    spec,
    cot,
    {
      kind: 'internal',
      errorType: c.errorType,
      k: c.k,
      messages,
      // After the wrong call's error, "the last call" is the wrong one: the correct step's thought names the tool it meant.
      groundTruth: shown(cot && c.correctAction.thought !== undefined ? { ...c.correctAction, thought: thoughtAfterError(c.correctAction.thought, previousApi(t, c.k)) } : c.correctAction, cot),
      erroneousAction: shown(c.erroneousAction, cot),
      methods: {
        error: c.method,
        label: `rules:label-checker:${verdict.label}`,
        response: `${c.response.tier}${c.response.origin ? `:${c.response.origin}` : ''}`,
        // The family of real mistakes the error belongs to (an injector's variant is `<family>:<detail>`).
        family: spec.observed ? 'observed' : spec.recorded ? 'recorded' : c.method.startsWith('llm:') ? 'error-simulator' : (c.variant?.split(':')[0] ?? 'unknown'),
      },
      origin: spec.observed
        ? `observed (${spec.observed.model})`
        : spec.recorded
          ? `recorded (T-Eval review ${spec.recorded.recordId})`
        : c.method.startsWith('llm:')
          ? `error-simulator (few-shot ${c.fewShotPool})`
          : `injector${c.variant ? ` ${c.variant}` : ''}`,
    },
    t,
  );
}

function buildControl(spec: Extract<CaseSpec, { part: 'control' }>, cot: boolean): BuildResult {
  const t = spec.trajectory;
  const here = locate(t, spec.k);
  if (here.problem) return { ok: false, reason: here.problem };
  const step = toolSteps(t)[spec.k - 1].step;
  const problems = prefixProblems(t, spec.k);
  if (!step.response) problems.push(`tool step k=${spec.k} of ${t.id} has no response`);
  else if (isErrorResponse(step.response)) problems.push(`tool step k=${spec.k} of ${t.id} answered with an error, so stopping there is no error-free control`);
  else if (foreignRecordedResponse(step.response.origin, String(t.meta.recordId ?? t.id), here.action!.args)) {
    problems.push(`tool step k=${spec.k} of ${t.id} shows a response recorded in another task's state (${step.response.origin}), not this trajectory's`);
  }
  problems.push(...groundTruthProblems(here.action!, t.tools, { cot, what: `the correct a_k at k=${spec.k}` }));
  const next = nextAction(t, spec.k);
  problems.push(...groundTruthProblems(next, t.tools, { cot, what: `the next action after k=${spec.k}` }));
  // A control's ground truth is the step after k: one asking again what the case shows answered has two right answers.
  const after = toolSteps(t)[spec.k];
  if (next.name !== FINISH_ACTION && after?.step.action.name === next.name && repeatsAnsweredCall(t, after)) problems.push(`the next action after k=${spec.k} (${next.name}) repeats a call the case already shows answered`);
  if (problems.length) return { ok: false, reason: problems.join('; ') };
  const messages = [...renderPrefix(t, spec.k, { cot }), ...renderStep(here.action!, step.response!.content, { cot })];
  if (next.name === FINISH_ACTION && typeof next.args === 'string') {
    // The closing answer must agree with the responses shown: a number nothing shows contradicts them.
    const unsupported = unsupportedNumbers(next.args, messages);
    if (unsupported.length) return { ok: false, reason: `the closing answer after k=${spec.k} states ${unsupported.join(', ')}, which no shown response or user turn says` };
  }
  return finish(
    spec,
    cot,
    {
      kind: 'internal',
      errorType: '',
      k: spec.k,
      messages,
      // The evaluator scores a control only on "no error reported"; the next step is what a model should do.
      groundTruth: shown(next, cot),
      methods: { response: `${step.response!.tier}${step.response!.origin ? `:${step.response!.origin}` : ''}`, next: next.name === FINISH_ACTION ? 'turn-final' : 'trajectory' },
      origin: 'error-free control',
    },
    t,
  );
}

function buildExternal(spec: Extract<CaseSpec, { part: 'external' }>, cot: boolean): BuildResult {
  const parsed = ExternalErrorCandidate.safeParse(spec.candidate);
  if (!parsed.success) return { ok: false, reason: `diversify-external candidate ${spec.candidateItemId} is malformed at ${issue(parsed.error)}` };
  const c = parsed.data;
  const t = spec.trajectory;
  if (!t) return { ok: false, reason: `diversify-external candidate ${spec.candidateItemId} names trajectory ${c.trajectoryId}, which resolve did not keep` };
  const here = locate(t, c.k);
  if (here.problem) return { ok: false, reason: here.problem };
  if (!sameValue(here.action, c.action)) {
    return { ok: false, reason: `candidate ${spec.candidateItemId}: its action differs from tool step k=${c.k} of ${t.id}; the trajectory changed since diversify ran` };
  }
  const next = c.next ?? nextAction(t, c.k);
  const problems = [
    ...prefixProblems(t, c.k),
    ...groundTruthProblems(c.action, t.tools, { cot, what: `the retried a_k at k=${c.k}` }),
    ...groundTruthProblems(next, t.tools, { cot, what: `the next action after k=${c.k}` }),
  ];
  if (next.name === c.action.name && sameValue(next.args, c.action.args)) {
    // The evaluator counts a reply equal to ground_truth[0] as a retry: moving on would be unscorable.
    problems.push(`the next action after k=${c.k} repeats the failed call ${c.action.name} with the same arguments, so skipping cannot be told from retrying`);
  }
  if (problems.length) return { ok: false, reason: problems.join('; ') };
  // The evaluator re-sends the last message after each retry (test.py appends prompt[-2]): it must be the failure.
  const messages = [...renderPrefix(t, c.k, { cot }), ...renderStep(c.action, c.response.content, { cot })];
  // The retry's thought says the call failed and is sent again: the failed call's own was written for a first try.
  const retried = cot && c.action.thought !== undefined ? { ...c.action, thought: retryThought(c.action, c.response.content, t.tools, new Rng(0, 'retry-thought', t.id, String(c.k))) } : c.action;
  return finish(
    spec,
    cot,
    {
      kind: 'external',
      errorType: '',
      environmentError: c.kind,
      k: c.k,
      messages,
      groundTruth: [shown(retried, cot), shown(next, cot)],
      methods: { environment: c.method, response: `${c.response.tier}${c.response.origin ? `:${c.response.origin}` : ''}`, next: next.name !== FINISH_ACTION ? 'trajectory' : c.next ? 'answer-after-failure' : 'turn-final' },
      origin: `${c.origin} ${c.kind}`,
    },
    t,
  );
}

export function buildCase(spec: CaseSpec, cot: boolean): BuildResult {
  if (spec.part === 'internal') return buildInternal(spec, cot);
  if (spec.part === 'control') return buildControl(spec, cot);
  return buildExternal(spec, cot);
}
