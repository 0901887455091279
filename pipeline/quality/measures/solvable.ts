/**
 * Can a model solve the case from what it shows, and is the case what it claims to be?
 * (issue 13: grounded ground truth, error-free controls, feasible skips, real errors, fitting
 * environment errors, exact integers.)
 */
import { RENTAL_KINDS, rentalKindOf } from '../../resolution/rentalKinds.js';
import { argumentDates, unanchoredDates, unanchoredHistoryDate } from '../dates.js';
import { FINISH_ACTION, type Action, type ChatMessage, type TestCase, type ToolDoc, type Trajectory } from '../../schemas.js';
import { changesNothing, historyBefore, toolSteps, type LocatedStep } from '../../steps.js';
import { docFieldNames, dropSignOffSlots, placeholderArgument, SIGN_OFF_SLOT, skipCandidates, skipObstacle, unshownPlaceholder } from '../../afterFailure.js';
import { isPlainObject, sameValue, toolkitOf } from '../../errors/values.js';
import { isErrorResponse } from '../../errors/responses.js';
import { DEVICE_FAULT, isComputation, localityOf, onlineTool, retryFutile } from '../../errors/environment.js';
import { describeUngrounded, foreignRecordedResponse, httpStyleError, needShownIn, ungroundedHistory, ungroundedValues, unsupportedNumbers } from '../grounding.js';
import { correctCalls, groundTruthActions, shownAction, shownSteps, simulatedDefect, userText } from '../evidence.js';
import { clockDay, knownFacts, knownField, knownGenre, publicationParts, shownWeekday, taskToday, WEEKDAY_NAMES, weekdayOfDate, type EarlierStep } from '../../resolution/knownFacts.js';
import { PyFloat, toJson } from '../../pyValues.js';
import { parseToolResponse } from '../../prompts/parseAction.js';
import { docListCap } from '../../resolution/askedCount.js';
import { distanceKm, placesNamedIn } from '../../resolution/places.js';
import { straightKm, TRIP_END, TRIP_START, tripToItself } from '../../resolution/trips.js';
import { coordinateAgainstDoc } from '../../resolution/coordinateOrder.js';
import { FIELDS } from '../../resolution/simulatedText.js';
import { aboutDaysAhead, FILES_TOOLKIT, isClock, rankedBy } from '../../resolution/simulatorRules.js';
import { askedForecastDay, statedToday } from '../../resolution/statedToday.js';
import type { CaseMeasure, QualityContext } from '../types.js';
import { CARRIED_MEASURES } from './carried.js';
import { planGoesOnUnavailable } from './planGoesOn.js';
import { answeredText, dictatedText, responseStrings } from '../../dictatedText.js';
import { firstLines, firstLinesAsked, holdsLines, joinSplitBullets, LISTED_CONTENT_KEY, readText, standInKind } from '../../standIns.js';
import { argumentKindMismatch, declaredKind, describeKindMismatch, tickerLeftOut } from '../argumentKinds.js';
import { confusedShownAuthor, personArgs, undecidedAuthor } from '../undecidedAuthor.js';
import { todayToolForOtherDay } from '../todayTools.js';
import { asksOpenPick, skippedSibling, undecidedPick } from '../undecidedPick.js';
import { findServesStep, walkBesideFind } from '../findServes.js';
import { daysAheadParam, unanchoredDayCount } from '../forecastDays.js';
import { freeTextParams, unfixedQueryWording } from '../queryWording.js';

/** A review's complaint words and its unreserved praise: the mixed-review check reads the sentence around a complaint only when both occur. */
const COMPLAINT_WORDS = /could be better|noisy|smaller than|too long|drags/i;
const UNRESERVED_PRAISE = /no complaints|five stars|eight out of ten/i;

/** The tool calls among a case's ground-truth actions, with their position in the file's `ground_truth`. */
function toolCalls(tc: TestCase): { action: Action; index: number }[] {
  return groundTruthActions(tc)
    .map((action, index) => ({ action, index }))
    .filter(({ action }) => action.name !== FINISH_ACTION && typeof action.args === 'object');
}

export const unshownGroundTruth: CaseMeasure = {
  kind: 'case',
  id: 'gt_value_unshown',
  group: 'solvable',
  title: 'ground-truth id / name / number / airport code / ticker / file or folder name shown by no user turn, tool response or doc (an id, an airport code, a ticker or a file name by no user turn or tool response: a doc example is not the user\'s data, only a city with one airport names its code, only a real company names its ticker; an error case\'s wrong call\'s own answer shows nothing)',
  population: 'cases whose ground truth calls a tool',
  check(tc) {
    if (toolCalls(tc).length === 0) return undefined;
    const missing = ungroundedValues(tc);
    return missing.length ? `not shown: ${describeUngrounded(missing.slice(0, 3))}` : null;
  },
};

export const absentGroundTruth: CaseMeasure = {
  kind: 'case',
  id: 'gt_value_absent',
  group: 'solvable',
  title: 'ground-truth id / name / number that appears nowhere in the prompt, earlier calls included (no model could produce it)',
  population: 'cases whose ground truth calls a tool',
  check(tc) {
    if (toolCalls(tc).length === 0) return undefined;
    const calls = tc.messages.filter((m) => m.role === 'assistant').map((m) => m.content).join('\n');
    const missing = ungroundedValues(tc).filter((u) => !needShownIn(u, calls));
    return missing.length ? `nowhere in the prompt: ${describeUngrounded(missing.slice(0, 3))}` : null;
  },
};

/**
 * A ground-truth date nothing lets a model work out: not shown in any form, and no date to count
 * "tomorrow" or "next week" from (the user's words or a clock's answer). T-Eval plans date "a stay
 * for the next week" 2023-11-20 in cases that never say what today is.
 */
export const unanchoredGroundTruthDate: CaseMeasure = {
  kind: 'case',
  id: 'gt_date_unanchored',
  group: 'solvable',
  title: 'ground-truth date neither shown in any form nor countable from a date the user or a clock gives ("next week" as 2023-11-20 with no today)',
  population: 'cases whose ground truth passes a calendar date',
  check(tc) {
    const actions = Array.isArray(tc.groundTruth) ? tc.groundTruth : [tc.groundTruth];
    if (!actions.some((a) => argumentDates(a).length > 0)) return undefined;
    const missing = unanchoredDates(tc);
    return missing.length ? `${missing.map((m) => `${m.action} ${m.key}="${m.value}"`).join(', ')}: no date in the case to work it out from` : null;
  },
};

// A list counted in what it holds ("the route has 49 steps, starting with …", "7 files and folders, among them …", answer-writer-46) is shown by that list too.
const COUNT_RE = /\b\d[\d,]*-(?:word|character)\b|\blist of \d[\d,]*|\b\d[\d,]* (?:items|entries|results|records|lines|words|characters|elements|values|files and folders)\b|\b\d[\d,]* (?:steps|stops|songs)(?=, starting with ")/gi;

export const unsupportedAnswer: CaseMeasure = {
  kind: 'case',
  id: 'answer_unsupported',
  group: 'solvable',
  title: 'closing answer in the ground truth states numbers no response or turn shows',
  population: 'cases whose ground truth includes a closing answer (FinishAction)',
  check(tc) {
    const finals = groundTruthActions(tc).filter((a) => a.name === FINISH_ACTION && typeof a.args === 'string');
    if (finals.length === 0) return undefined;
    // An external case's closing answer may quote the failure it reports (a status code, a limit);
    // a count the answer makes of what it saw ("a 230-word text", "a list of 3") is shown by that text.
    // What the assistant's own shown calls passed is shown too: "I reserved room 103 from 14:00 to
    // 16:00" after reserve(start_time="14:00", end_time="16:00") for "between 2:00 PM and 4:00 PM"
    // tells what was booked (teval_query_81_0-env-k3 on m29).
    const passed = tc.messages.filter((m) => m.role === 'assistant').map((m) => shownAction(m.content)).filter((x) => x && x.name !== FINISH_ACTION).map((x) => toJson(x!.args)).join('\n');
    const bad = finals.flatMap((a) => unsupportedNumbers((a.args as string).replace(COUNT_RE, ' '), tc.messages)).filter((n) => !new RegExp(`(?<![\\w.])${n.replace(/[.\-]/g, '\\$&')}(?![\\w])`).test(passed));
    return bad.length ? `the answer states ${bad.slice(0, 4).join(', ')}, which nothing shown supports` : null;
  },
};

export const controlNotErrorFree: CaseMeasure = {
  kind: 'case',
  id: 'control_not_error_free',
  group: 'solvable',
  title: 'error-free control that is not error-free, or whose next action cannot be reached',
  population: 'error-free controls (error_type "")',
  check(tc, ctx) {
    if (tc.kind !== 'internal' || tc.errorType !== '') return undefined;
    const t = ctx.trajectory(tc.trajectoryId);
    const problems: string[] = [];
    const last = tc.messages[tc.messages.length - 1];
    if (t) {
      const step = toolSteps(t)[tc.k - 1]?.step;
      if (!step) problems.push(`trajectory has no tool step ${tc.k}`);
      else {
        if (!step.response || last.role !== 'function' || last.content !== step.response.content) problems.push(`the shown response at k=${tc.k} is not the trajectory's own`);
        else if (isErrorResponse(step.response)) problems.push(`the shown response at k=${tc.k} is an error`);
      }
    }
    const shownArgs = shownAction(tc.messages[tc.messages.length - 2]?.content ?? '')?.args ?? {};
    const recordId = typeof t?.meta.recordId === 'string' ? t.meta.recordId : tc.trajectoryId;
    if (foreignRecordedResponse(tc.provenance.methods.response?.replace(/^cache:/, ''), recordId, shownArgs)) {
      problems.push(`the shown response was recorded for another task (${tc.provenance.methods.response})`);
    }
    const gt = groundTruthActions(tc)[0];
    if (gt.name !== FINISH_ACTION) {
      const missing = ungroundedValues(tc);
      if (missing.length) problems.push(`next action needs ${describeUngrounded(missing.slice(0, 3))}, which nothing shows`);
    } else if (typeof gt.args === 'string') {
      const bad = unsupportedNumbers(gt.args, tc.messages);
      if (bad.length) problems.push(`the closing answer states ${bad.slice(0, 3).join(', ')}, which no response shows`);
    }
    return problems.length ? problems.join('; ') : null;
  },
};

/** The trajectory's tool step after k (in k's turn) that a case's skip ground truth takes, if it is one. */
function skipStep(t: Trajectory, k: number, next: Action): LocatedStep | undefined {
  const steps = toolSteps(t);
  const at = steps[k - 1];
  return steps.slice(k).find((s) => s.turnIndex === at?.turnIndex && s.step.action.name === next.name && sameValue(s.step.action.args, next.args));
}

/**
 * Why the step a case (or the generator) goes on with after giving up on a_k cannot be taken: the
 * data-flow rules of pipeline/afterFailure.ts, then, where the source has live backends, the step
 * run without a_k (and the steps skipped with it) must answer as it did after them.
 */
export function skipStepProblem(t: Trajectory, k: number, step: LocatedStep, messages: ChatMessage[], ctx: QualityContext, action: Action = step.step.action): string | undefined {
  const failed = toolSteps(t)[k - 1]?.step.action;
  const obstacle = skipObstacle(t, k, step, messages, action);
  if (obstacle) return obstacle;
  if (!failed || !ctx.execute || !step.step.response || !isPlainObject(action.args)) return undefined;
  const without = ctx.execute(t, { name: action.name, args: action.args, history: historyBefore(t, k) });
  if (!without) return undefined;
  if (without.isError) return `without ${failed.name} the next step fails: ${without.response.slice(0, 100)}`;
  if (without.response !== step.step.response.content) return `without ${failed.name} the next step answers differently (${without.response.slice(0, 60)} instead of ${step.step.response.content.slice(0, 60)})`;
  return undefined;
}

export const infeasibleSkip: CaseMeasure = {
  kind: 'case',
  id: 'skip_infeasible',
  group: 'solvable',
  title: 'external case whose next action (after giving up on the failed call) needs that call\'s output or side effect: a value or text only its answer would show, the file or session it opens, a condition the user tied to its result, a claim that it worked, a placeholder argument',
  population: 'external cases whose next ground-truth action is a tool call',
  check(tc, ctx) {
    if (tc.kind !== 'external' || !Array.isArray(tc.groundTruth)) return undefined;
    const [, next] = tc.groundTruth;
    if (next.name === FINISH_ACTION || !isPlainObject(next.args)) return undefined;
    // Data flow: the failure message is shown, the failed call's answer never was.
    const missing = ungroundedValues({ messages: tc.messages, groundTruth: next });
    if (missing.length) return `the next action takes ${describeUngrounded(missing.slice(0, 3))}, which only the failed call would have shown`;
    const t = ctx.trajectory(tc.trajectoryId);
    const step = t && skipStep(t, tc.k, next);
    if (!t || !step) return null;
    return skipStepProblem(t, tc.k, step, tc.messages, ctx, next) ?? null;
  },
};

export const finishWithStepsLeft: CaseMeasure = {
  kind: 'case',
  id: 'skip_finishes_early',
  group: 'solvable',
  title: 'external case whose ground truth closes the turn after the failure though a later step of the request needs nothing from the failed call (e.g. the ticker of "Apple Inc." after a movie search failed)',
  population: 'external cases whose next ground-truth action is a closing answer, with their trajectory',
  check(tc, ctx) {
    if (tc.kind !== 'external' || !Array.isArray(tc.groundTruth) || tc.groundTruth[1].name !== FINISH_ACTION) return undefined;
    const t = ctx.trajectory(tc.trajectoryId);
    if (!t) return undefined;
    for (const step of skipCandidates(t, tc.k)) {
      if (!skipStepProblem(t, tc.k, step, tc.messages, ctx)) return `step ${step.k} ${step.step.action.name}(${toJson(step.step.action.args).slice(0, 80)}) needs nothing from the failed ${tc.groundTruth[0].name}, yet the ground truth closes the turn`;
    }
    return null;
  },
};

/**
 * External cases whose ground truth goes on, after giving up, with a later step of the turn while an
 * earlier one needs nothing from the failed call either: the model is asked to pass over a step the
 * request put first (teval_query_486_2: the open and close of TSLA "on October 18, 2023" passed over
 * for the current time, its date read as one only the failed call would have shown).
 */
export const skipPassesOverStep: CaseMeasure = {
  kind: 'case',
  id: 'skip_passes_over_step',
  group: 'solvable',
  title: 'external case whose ground truth goes on after the failure with a later step while an earlier step of the request needs nothing from the failed call (the open and close of TSLA "on October 18, 2023" passed over for the current time)',
  population: 'external cases whose next ground-truth action is a tool call, with their trajectory',
  check(tc, ctx) {
    if (tc.kind !== 'external' || !Array.isArray(tc.groundTruth) || tc.groundTruth[1].name === FINISH_ACTION) return undefined;
    const t = ctx.trajectory(tc.trajectoryId);
    if (!t) return undefined;
    const chosen = skipStep(t, tc.k, tc.groundTruth[1]);
    if (!chosen) return undefined;
    for (const step of skipCandidates(t, tc.k)) {
      if (step.k >= chosen.k) break;
      if (!skipStepProblem(t, tc.k, step, tc.messages, ctx)) return `step ${step.k} ${step.step.action.name}(${toJson(step.step.action.args).slice(0, 80)}) needs nothing from the failed ${tc.groundTruth[0].name}, yet the ground truth goes on with step ${chosen.k} ${chosen.step.action.name}`;
    }
    return null;
  },
};

/**
 * An external case whose ground truth goes on after the failure with a text reporting the failed
 * call's deed as a success: teval_query_194_1-env-k2 gives up on Email.send, then writes
 * "Email sent successfully." to outputs/status.txt for "write the status of the email sending
 * operation". The status the user asked for is that the send failed; a careful model writes that
 * or stops, and the case marks either wrong.
 */
export const skipReportsFailedSuccess: CaseMeasure = {
  kind: 'case',
  id: 'skip_reports_failed_success',
  group: 'solvable',
  title: 'external case whose next action after the failure writes a text saying the failed call succeeded ("Email sent successfully." after Email.send failed for good)',
  population: 'external cases whose next ground-truth action is a tool call that changes state, after a failed call that changes state',
  check(tc) {
    if (tc.kind !== 'external' || !Array.isArray(tc.groundTruth)) return undefined;
    const [failed, next] = tc.groundTruth;
    if (next.name === FINISH_ACTION || !isPlainObject(next.args) || changesNothing(failed.name) || changesNothing(next.name)) return undefined;
    // The failed tool's own words: its toolkit and the words of its name, done or not ("Email", "send", "sent").
    const name = failed.name.slice(failed.name.indexOf('.') + 1).replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase();
    const kit = failed.name.includes('.') ? failed.name.slice(0, failed.name.indexOf('.')).toLowerCase() : '';
    const stems = [kit, ...name.split('_')].filter((w) => w.length >= 3).map((w) => w.replace(/e?$/, '').slice(0, Math.max(3, w.length - 1)));
    for (const v of Object.values(next.args)) {
      if (typeof v !== 'string' || !/\bsucce(?:ss|ed)/i.test(v)) continue;
      const words = v.toLowerCase().match(/[a-z]+/g) ?? [];
      if (words.some((w) => stems.some((st) => w.startsWith(st))) || /\bsent\b/i.test(v)) return `${next.name} writes "${v.slice(0, 60)}" though ${failed.name} failed`;
    }
    return null;
  },
};

/**
 * An external case whose ground truth, after the failure, passes over the turn's next step though
 * that step takes only what the case shows — the request's own place, written in the language its
 * tool's doc asks (GaodeMap.get_coordinate "Param must be in Chinese": 天安门广场 and 北京 for the
 * request's "Tiananmen Square in Beijing", teval_query_358_0-env-k1 going on with the weather).
 * Counted where a value of that step is such a place; places.ts's table tells two names of one spot.
 */
export const skipPassesTranslatedPlace: CaseMeasure = {
  kind: 'case',
  id: 'skip_passes_translated_place',
  group: 'solvable',
  title: 'external case whose next action after the failure passes over the turn\'s next step though that step takes only shown values, one of them a place the request names written in the language the tool\'s doc asks (天安门广场 for "Tiananmen Square")',
  population: 'external cases with their trajectory whose failed step has a next tool step in its turn',
  check(tc, ctx) {
    if (tc.kind !== 'external' || !Array.isArray(tc.groundTruth)) return undefined;
    const t = ctx.trajectory(tc.trajectoryId);
    if (!t) return undefined;
    const steps = toolSteps(t);
    const at = steps[tc.k - 1];
    const next = steps[tc.k];
    if (!at || !next || next.turnIndex !== at.turnIndex || !isPlainObject(next.step.action.args)) return undefined;
    const goesOn = tc.groundTruth[1];
    if (goesOn.name === next.step.action.name && sameValue(goesOn.args, next.step.action.args)) return null;
    const shown = tc.messages.filter((m) => m.role !== 'assistant').map((m) => m.content).join('\n');
    const named = placesNamedIn(shown);
    let translated: string | undefined;
    for (const v of Object.values(next.step.action.args)) {
      if (typeof v !== 'string') return null;
      if (shown.includes(v)) continue;
      const own = placesNamedIn(v)[0];
      if (!own || !/\p{Script=Han}/u.test(v) || !named.some((p) => p.name !== own.name && distanceKm(p, own) < 0.5)) return null;
      translated ??= v;
    }
    return translated ? `step ${next.k} ${next.step.action.name} takes ${JSON.stringify(translated)}, the request's own place written as its doc asks, yet the ground truth goes on with ${goesOn.name}` : null;
  },
};

/**
 * A closing answer telling a door reading as the doors' present state though a lock or unlock of
 * the same turn came after it: bfcl_multi_turn_base_98 "… the rear left door is unlocked. I locked
 * every door." — the history a scored model reads says a door is open and shut at once.
 */
export const answerDoorStateUndone: CaseMeasure = {
  kind: 'case',
  id: 'answer_door_state_undone',
  group: 'solvable',
  title: 'a closing answer in the history says a door "is unlocked" (or "are locked") from a reading a later lock or unlock of the same turn changed',
  population: 'cases showing a turn that reads the doors and then locks or unlocks them, closed by an answer',
  check(tc) {
    let population = false;
    let calls: string[] = [];
    for (const m of tc.messages) {
      if (m.role === 'user') calls = [];
      if (m.role !== 'assistant') continue;
      const a = shownAction(m.content);
      if (!a) continue;
      if (a.name !== FINISH_ACTION) { calls.push(a.name); continue; }
      const read = calls.findIndex((n) => /displayCarStatus|check_?doors?/i.test(n));
      if (read < 0 || !calls.slice(read + 1).some((n) => /\.(?:lock|unlock)_?doors?$/i.test(n))) continue;
      population = true;
      const said = typeof a.args === 'string' ? a.args : '';
      const present = /\bdoors? (?:is|are) (?:un)?locked\b(?! now)/i.exec(said);
      if (present && !/\b(?:all (?:the )?doors are|doors are all|every door is) locked\b/i.test(present[0])) return `"${said.slice(Math.max(0, present.index - 40), present.index + 40)}" before the turn's ${calls[calls.length - 1]}`;
    }
    return population ? null : undefined;
  },
};

export const placeholderRetry: CaseMeasure = {
  kind: 'case',
  id: 'external_placeholder_call',
  group: 'solvable',
  title: 'external case whose ground truth retries (or goes on with) a call whose argument is a placeholder ("company name", "{places}", "organic_result_id", "Bullet point 1"): no careful step',
  population: 'external cases',
  check(tc) {
    if (tc.kind !== 'external' || !Array.isArray(tc.groundTruth)) return undefined;
    const fields = docFieldNames(tc.messages[0]?.content ?? '');
    const said = tc.messages.filter((m) => m.role === 'user').map((m) => m.content).join('\n');
    for (const [i, action] of tc.groundTruth.entries()) {
      const why = placeholderArgument(action, fields, said);
      if (why) return `${i === 0 ? 'the retried' : 'the next'} ${action.name}: ${why}`;
    }
    return null;
  },
};

export const errorEqualsValidStep: CaseMeasure = {
  kind: 'case',
  id: 'error_equals_valid_step',
  group: 'solvable',
  title: 'injected "error" equal to a completed step or to another ground-truth step of the trajectory',
  population: 'internal error cases (tool_select / parameter_value / key / hallucination)',
  check(tc, ctx) {
    if (tc.kind !== 'internal' || tc.errorType === '') return undefined;
    const wrong = tc.erroneousAction ?? shownAction(tc.messages[tc.messages.length - 2]?.content ?? '');
    const t = ctx.trajectory(tc.trajectoryId);
    if (!wrong || !t) return null;
    const hit = toolSteps(t).find(({ k, step }) => k !== tc.k && step.action.name === wrong.name && sameValue(step.action.args, wrong.args));
    return hit ? `the erroneous call equals tool step ${hit.k} (${hit.step.action.name}), a valid step ${hit.k < tc.k ? 'already done' : 'of the trajectory'}` : null;
  },
};

export const httpErrorOnLocalTool: CaseMeasure = {
  kind: 'case',
  id: 'http_error_on_local_tool',
  group: 'solvable',
  title: 'environment error in HTTP / network-service terms on a local tool (file system, vehicle, math)',
  population: 'external cases whose failed call is a local tool',
  check(tc) {
    if (tc.kind !== 'external' || !Array.isArray(tc.groundTruth)) return undefined;
    if (localityOf(tc.groundTruth[0].name, tc.tools) !== 'local') return undefined;
    const msg = tc.messages[tc.messages.length - 1].content;
    return httpStyleError(msg) ? `"${msg.slice(0, 100)}"` : null;
  },
};

/** A ground truth passing a placeholder nothing in the prompt says ("Bullet point 1[SPAN]…", "Lorem ipsum"): no one right value. */
export const gtPlaceholderArgument: CaseMeasure = {
  kind: 'case',
  id: 'gt_placeholder_argument',
  group: 'solvable',
  title: 'ground truth passes a placeholder nothing in the prompt says ("Bullet point 1[SPAN]Bullet point 2", "Lorem ipsum…", search="company name", an email signed "Best regards,\\n[Your Name]"), so any other content would be as right; or a shown call sent a message with a sign-off slot the user never wrote',
  population: 'cases whose ground truth calls a tool',
  check(tc) {
    const gts = Array.isArray(tc.groundTruth) ? tc.groundTruth : [tc.groundTruth];
    if (!gts.some((g) => g.name !== FINISH_ACTION)) return undefined;
    const gt = unshownPlaceholder(tc.messages, tc.groundTruth);
    if (gt) return gt;
    // A shown call that sent a message signed "[Your Name]" the user never wrote reads as the model's own careless step.
    const said = tc.messages.filter((m) => m.role === 'user').map((m) => m.content).join('\n');
    const lastCall = tc.messages.map((m) => m.role).lastIndexOf('assistant');
    for (const [i, m] of tc.messages.entries()) {
      if (m.role !== 'assistant' || (tc.kind === 'internal' && tc.errorType !== '' && i === lastCall)) continue;
      const a = shownAction(m.content);
      if (!a || a.name === FINISH_ACTION || typeof a.args !== 'object' || a.args === null) continue;
      for (const [key, v] of Object.entries(a.args)) {
        if (typeof v === 'string' && SIGN_OFF_SLOT.test(v) && dropSignOffSlots(v, said) !== v) return `shown ${a.name} ${key} holds the sign-off slot "${SIGN_OFF_SLOT.exec(v)![0]}" the user never wrote`;
      }
    }
    return null;
  },
};

/**
 * Every call a case shows (its history, but for the erroneous call an internal case injects, and its
 * ground truth) passing stand-in content nothing the user or an answer said: T-Eval's imagined
 * "Line 1\nLine 2\nLine 3", "{'text': 'Updated content of the file.'}", "Bullet item 1.", an outline
 * with every field empty, "[LINK_TO_BLOG_POST]"; or bullets the user defined as "the first three
 * lines of the read text" that are not the lines the read answered.
 */
export const shownPlaceholderArgument: CaseMeasure = {
  kind: 'case',
  id: 'shown_placeholder_argument',
  group: 'solvable',
  title: 'a call the case shows (history or ground truth) passes stand-in content nothing the user or an answer said ("Line 1\\nLine 2", "{\'text\': \'Updated content of the file.\'}", "Bullet item 1.", "1. Date: [SPAN]2. Time: ", "[LINK_TO_BLOG_POST]"), or bullets "from the first three lines of the read text" that are not those lines',
  population: 'cases showing or expecting a tool call',
  check(tc) {
    const calls = correctCalls(tc);
    if (calls.length === 0) return undefined;
    const said = tc.messages.filter((m) => m.role === 'user' || m.role === 'function').map((m) => m.content).join('\n');
    for (const { where, action, at } of calls) {
      if (!isPlainObject(action.args)) continue;
      for (const [key, v] of Object.entries(action.args)) {
        if (typeof v !== 'string') continue;
        const kind = standInKind(v);
        if (kind && !said.includes(v.trim())) return `${where} ${action.name} ${key}=${JSON.stringify(v.slice(0, 60))} is ${kind}`;
        // Bullets the user defined as the first lines of the text read before them.
        const users = tc.messages.slice(0, at).filter((m) => m.role === 'user');
        const n = LISTED_CONTENT_KEY.test(key) && /bullet/i.test(key) ? firstLinesAsked(users[users.length - 1]?.content ?? '') : undefined;
        if (!n) continue;
        const read = tc.messages.slice(0, at).filter((m) => m.role === 'function').map((m) => readText(m.content)).filter((t): t is string => t !== undefined).pop();
        const lines = read === undefined ? undefined : firstLines(read, n);
        if (lines && !holdsLines(v, lines)) return `${where} ${action.name} ${key}=${JSON.stringify(v.slice(0, 60))} is not the first ${n} lines of the read text (${JSON.stringify(lines.join(' / ').slice(0, 60))})`;
      }
    }
    return null;
  },
};

/**
 * A call the case shows or expects whose [SPAN]-separated bullets split one bullet in two (456_1's
 * first slide "Date and Time: [SPAN]2023-10-22 22:53": a bullet "Date and Time:" and a bullet
 * holding the time; "1. [SPAN]红猪[SPAN] - 喜剧 / 动画 / 冒险"): the separator is markup left in
 * the middle of a line, and a model writing the bullets whole is marked wrong.
 */
export const shownBulletSplit: CaseMeasure = {
  kind: 'case',
  id: 'shown_bullet_split',
  group: 'solvable',
  title: 'a call the case shows or expects splits one bullet in two with the [SPAN] separator: a label from its value ("Date and Time: [SPAN]2023-10-22 22:53", 456_1), an enumerator from its item ("1. [SPAN]红猪"), a line from its " - " continuation',
  population: 'cases showing or expecting a call with a [SPAN]-separated text',
  check(tc) {
    const calls = correctCalls(tc).filter(({ action }) => isPlainObject(action.args) && Object.values(action.args).some((v) => typeof v === 'string' && v.includes('[SPAN]')));
    if (calls.length === 0) return undefined;
    for (const { where, action } of calls) {
      for (const [key, v] of Object.entries(action.args as Record<string, unknown>)) {
        if (typeof v === 'string' && joinSplitBullets(v) !== undefined) return `${where} ${action.name} ${key}=${JSON.stringify(v.slice(0, 60))} splits one bullet with [SPAN]`;
      }
    }
    return null;
  },
};

/** One line of a written list: numbered ("1. Opening Remarks"), marked ("- BP", "• Shell"), or a field ("Capacity: 1 person", "导演：诺兰"). */
const LIST_LINE = /^\s*(?:\(?\d{1,2}[.)]\s+\S|[-*•]\s+\S|[^:：\n]{1,30}[:：]\s*\S)/;

/**
 * A call the case shows or expects that passes several items as lines where its parameter's doc
 * says how to separate them: PPT.add_text_page's bullet_items reads "for multiple bullet items,
 * please use [SPAN] to separate them", and 254_1 passes "1. Introduction to computer vision\n2.
 * Applications of computer vision\n3. Computer vision algorithms" (one bullet of three lines). A
 * model that writes the items as the doc says is scored against a ground truth the doc rules out.
 */
export const shownListUnlikeDoc: CaseMeasure = {
  kind: 'case',
  id: 'shown_list_unlike_doc',
  group: 'solvable',
  title: 'a call the case shows or expects passes several items one per line where its parameter\'s doc says to separate them with [SPAN] (bullet_items "1. Introduction to computer vision\\n2. Applications of computer vision", 254_1)',
  population: 'cases showing or expecting a call with a parameter whose doc separates items with [SPAN]',
  check(tc) {
    const spanned = new Map<string, Set<string>>();
    for (const t of tc.tools) {
      const keys = [...t.required_parameters, ...t.optional_parameters].filter((p) => (p.description ?? '').includes('[SPAN]')).map((p) => p.name);
      if (keys.length) spanned.set(t.name, new Set(keys));
    }
    const calls = correctCalls(tc).filter(({ action }) => spanned.has(action.name) && isPlainObject(action.args));
    if (calls.length === 0) return undefined;
    for (const { where, action } of calls) {
      for (const [key, v] of Object.entries(action.args as Record<string, unknown>)) {
        if (!spanned.get(action.name)!.has(key) || typeof v !== 'string' || v.includes('[SPAN]')) continue;
        const lines = v.split('\n').filter((l) => l.trim());
        if (lines.length >= 2 && lines.every((l) => LIST_LINE.test(l))) return `${where} ${action.name} ${key}=${JSON.stringify(v.slice(0, 70))} puts ${lines.length} items on lines, where its doc separates them with [SPAN]`;
      }
    }
    return null;
  },
};

/**
 * A ground truth passing a text the user dictated with its numbers changed (BFCL 176: the ticket
 * description "… on December 15, 2023, needs to be canceled" where the user wrote 2026): a model that
 * copies the user is scored wrong.
 */
export const gtTextUnlikeDictated: CaseMeasure = {
  kind: 'case',
  id: 'gt_text_unlike_dictated',
  group: 'solvable',
  title: 'ground truth passes a text the user dictated with a number changed ("December 15, 2023" where the user wrote 2026)',
  population: 'cases whose ground truth calls a tool',
  check(tc) {
    const gts = (Array.isArray(tc.groundTruth) ? tc.groundTruth : [tc.groundTruth]).filter((g) => g.name !== FINISH_ACTION);
    if (gts.length === 0) return undefined;
    const users = tc.messages.filter((m) => m.role === 'user').map((m) => m.content);
    for (const g of gts) {
      if (!g.args || typeof g.args !== 'object' || Array.isArray(g.args)) continue;
      for (const [k, v] of Object.entries(g.args)) {
        const said = typeof v === 'string' ? dictatedText(v, users) : undefined;
        if (said === undefined) continue;
        const text = v as string;
        let at = 0;
        while (at < text.length && text[at] === said[at]) at++;
        const from = Math.max(0, at - 30);
        return `${g.name}.${k} "…${text.slice(from, at + 20)}…" where the user wrote "…${said.slice(from, at + 20)}…"`;
      }
    }
    return null;
  },
};

/**
 * A ground truth passing an earlier answer's text with its words reordered (BFCL 4: `sort` answered
 * "Initial report content Unsorted data More unsorted data", the file holding one line, and the
 * tweet of "the sorted result" carries "Initial report content More unsorted data Unsorted data"):
 * a model that copies the answer is scored wrong.
 */
export const gtTextUnlikeAnswer: CaseMeasure = {
  kind: 'case',
  id: 'gt_text_unlike_answer',
  group: 'solvable',
  title: 'ground truth passes an earlier answer\'s text with its words reordered (a tweet of "the sorted result" that is not what `sort` answered)',
  population: 'cases whose ground truth calls a tool',
  check(tc) {
    const gts = (Array.isArray(tc.groundTruth) ? tc.groundTruth : [tc.groundTruth]).filter((g) => g.name !== FINISH_ACTION);
    if (gts.length === 0) return undefined;
    const answers = tc.messages.filter((m) => m.role === 'function').flatMap((m) => responseStrings(m.content));
    for (const g of gts) {
      if (!isPlainObject(g.args)) continue;
      for (const [k, v] of Object.entries(g.args)) {
        const given = typeof v === 'string' ? answeredText(v, answers) : undefined;
        if (given !== undefined) return `${g.name}.${k} is ${JSON.stringify(v)} where an earlier answer gave ${JSON.stringify(given)}`;
      }
    }
    return null;
  },
};

/**
 * An environment failure in another tool's words: a device, lock or storage fault on a tool that
 * only computes or looks up ("get_weekday failed: device not ready; the controller did not
 * respond", "estimate_distance failed: the resource is locked by another process"), or AMap's
 * `{"status": "0", "infocode": ...}` body on a tool that is not AMap's.
 */
/** A device's own fault: a controller's connection, a device not ready or not connected: wrong on files and slide decks. */
const CONTROLLER_FAULT = /\bcontroller\b|device not ready|device is not connected/i;
/** RFC 6750's error codes in a Bearer challenge: none of them passes on a retry. */
const BEARER_ERRORS = new Set(['invalid_request', 'invalid_token', 'insufficient_scope']);
/** Something "held open" by another process. */
const HELD_OPEN = /\bholds? it open\b|\bheld open\b|\bhas it open\b/i;

export const envErrorUnfitTool: CaseMeasure = {
  kind: 'case',
  id: 'env_error_unfit_tool',
  group: 'solvable',
  title: 'environment error in another tool\'s words: a device, lock or I/O fault on a tool that only computes or looks up (a weekday, a conversion, a zip code), a controller or device fault on files or slides ("cat failed: the device is not connected"), a bearer challenge with a code RFC 6750 does not have (error="temporarily_unavailable"), EACCES for something "held open" by another process, or AMap\'s error body on a tool that is not AMap\'s',
  population: 'external cases whose failure was simulated',
  check(tc) {
    if (tc.kind !== 'external' || !(tc.provenance.origin ?? '').startsWith('simulated')) return undefined;
    const failed = shownAction(tc.messages[tc.messages.length - 2]?.content ?? '');
    const msg = tc.messages[tc.messages.length - 1].content;
    if (!failed) return undefined;
    if (isComputation(failed.name, tc.tools) && DEVICE_FAULT.test(msg)) return `${failed.name} only computes, yet failed with "${msg.slice(0, 90)}"`;
    if (FILES_TOOLKIT.test(toolkitOf(failed.name)) && CONTROLLER_FAULT.test(msg)) return `${failed.name} works on files or slides, yet failed with a device's fault "${msg.slice(0, 90)}"`;
    const challenge = /WWW-Authenticate:\s*Bearer\b[^\n]*?\berror="([^"]*)"/i.exec(msg);
    if (challenge && !BEARER_ERRORS.has(challenge[1])) return `a bearer challenge with error="${challenge[1]}", which RFC 6750 has no code for: "${msg.replace(/\s+/g, ' ').slice(0, 90)}"`;
    if (/\bEACCES\b|Errno 13|permission denied/i.test(msg) && HELD_OPEN.test(msg)) return `EACCES for something another process holds open, which Linux never answers so: "${msg.slice(0, 90)}"`;
    if (/"infocode"/.test(msg) && !/^(GaodeMap|AMap)\./i.test(failed.name)) return `${failed.name} failed with AMap's error body "${msg.slice(0, 90)}"`;
    return null;
  },
};

/**
 * An environment error whose own words say a retry cannot help, while the ground truth retries:
 * CRITICTOOL's protocol has the model retry a failed call (no more than three times), which is the
 * careful first step only when the failure may pass. "403 … The caller does not have permission
 * to call place_order", "Invalid API key", "Monthly quota exceeded …: 5000/5000 calls used",
 * "PermissionError: [Errno 13] Permission denied" make a careful model report instead of retrying,
 * so the retry in the ground truth is arguable.
 */
/** An external case whose ground truth first sends the failed call again as it was: that retry, and the failure's message. */
function retriedFailure(tc: TestCase): { retry: Action; msg: string } | undefined {
  if (tc.kind !== 'external' || !Array.isArray(tc.groundTruth)) return undefined;
  const failed = shownAction(tc.messages[tc.messages.length - 2]?.content ?? '');
  const retry = tc.groundTruth[0];
  if (!failed || retry.name !== failed.name || !sameValue(retry.args, failed.args)) return undefined;
  return { retry, msg: tc.messages[tc.messages.length - 1].content };
}

export const envErrorRetryFutile: CaseMeasure = {
  kind: 'case',
  id: 'env_error_retry_futile',
  group: 'solvable',
  title: 'environment error whose own text says a retry cannot help (a permission the caller lacks, an invalid key, a daily or monthly quota used up, a full disk, nothing there), while the ground truth retries the call as the protocol says',
  population: 'external cases whose ground truth first retries the failed call',
  check(tc) {
    const r = retriedFailure(tc);
    if (!r) return undefined;
    const { retry, msg } = r;
    const why = retryFutile(msg);
    return why ? `${why}, yet the ground truth retries ${retry.name}: "${msg.replace(/\s+/g, ' ').slice(0, 110)}"` : null;
  },
};

/**
 * The wait an environment error asks for before the next try, in seconds ("Retry-After: 60",
 * "retry in 20s", "The quota resets in 35 s", "x-ratelimit-reset: 51", "replenished in 00:00:17"),
 * or Infinity for a block "for a while" with "try again later"; undefined when it names none.
 */
export function askedWait(message: string): number | undefined {
  const waits = [
    ...[...message.matchAll(/Retry-After:\s*(\d+)|\bretry in (\d+)\s*s\b|\bresets? in (\d+)\s*s\b|x-ratelimit-reset:\s*(\d+)/gi)].map((m) => Number(m.slice(1).find((g) => g !== undefined))),
    ...[...message.matchAll(/\b(?:replenished|resets?) in (\d\d):(\d\d):(\d\d)\b/gi)].map((m) => Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3])),
  ];
  if (/\bblocked for a while\b/i.test(message)) waits.push(Infinity);
  return waits.length ? Math.max(...waits) : undefined;
}

/** The longest wait after which sending the call again at once still keeps to what the error asked: about a model's own turn. */
const RETRY_NOW_WAIT = 10;

/**
 * An environment error that asks the caller to wait before trying again ("HTTP 429 … Retry-After:
 * 60", "403 … blocked for a while after unusual traffic; try again later") while the ground truth
 * sends the call again at once: the protocol's retry is the careful step only when the wait is
 * about a turn's length; after "Retry-After: 60" a careful model tells the user and offers to try
 * later, and the closing answer even says "asked me to wait 60 seconds before trying again" of the
 * retry it just made.
 */
export const envRetryBeforeWait: CaseMeasure = {
  kind: 'case',
  id: 'env_retry_before_wait',
  group: 'solvable',
  title: 'environment error asking to wait longer than a turn before the next try ("Retry-After: 60", "retry in 25s", "blocked for a while … try again later") while the ground truth retries the call at once',
  population: 'external cases whose ground truth first retries the failed call and whose error names a wait',
  check(tc) {
    const r = retriedFailure(tc);
    if (!r) return undefined;
    const { retry, msg } = r;
    const wait = askedWait(msg);
    if (wait === undefined) return undefined;
    return wait > RETRY_NOW_WAIT ? `asks to wait ${wait === Infinity ? '"for a while"' : `${wait} s`}, yet the ground truth retries ${retry.name} at once: "${msg.replace(/\s+/g, ' ').slice(0, 110)}"` : null;
  },
};

/**
 * An external case whose failed call was wrong before the service failed: a distance or route from a
 * place to itself (teval_query_307_2's get_distance from "52.52342987, 13.41143608" to the same
 * point, where the user asked from each coffee shop). The ground truth retries it as it stands, so a
 * careful model that fixes the call is marked wrong.
 */
export const envFailedCallToItself: CaseMeasure = {
  kind: 'case',
  id: 'env_failed_call_to_itself',
  group: 'solvable',
  title: 'external case whose failed call asks for a trip from a place to itself (get_distance from "52.52342987, 13.41143608" to the same point), a wrong call the ground truth retries as it stands',
  population: 'external cases',
  check(tc) {
    if (tc.kind !== 'external') return undefined;
    const failed = shownAction(tc.messages[tc.messages.length - 2]?.content ?? '');
    const place = failed ? tripToItself(failed.args) : undefined;
    return place ? `${failed!.name} from "${place}" to itself` : null;
  },
};

/**
 * Any call a case shows or expects that asks for a trip from a place to itself: a ground-truth step
 * or a shown call whose start/origin and end/destination are the same (T-Eval's plan for
 * teval_query_307_2 wrote get_distance from "52.52342987, 13.41143608" to the same point where the
 * user asked from each coffee shop). envFailedCallToItself reads only the failed call; a plan that
 * asks such a thing later is as wrong, and a model that would not make the call is marked wrong.
 */
export const tripToItselfAnywhere: CaseMeasure = {
  kind: 'case',
  id: 'trip_to_itself_anywhere',
  group: 'solvable',
  title: 'a ground-truth step or shown call asks for a trip from a place to itself (get_distance from "52.52342987, 13.41143608" to the same point)',
  population: 'all cases',
  check: (tc) =>
    rightCallDefect(tc, (a) => {
      const place = tripToItself(a.args);
      return place && `${a.name} from "${place}" to itself`;
    }),
};

/**
 * The first of a case's ground-truth steps and shown calls `find` faults, said with where it stands; null when
 * none. An internal case's last shown call is its injected wrong call (a value error may well copy the start to
 * the end, or swap a coordinate's two parts), so it is left out.
 */
function rightCallDefect(tc: TestCase, find: (a: NonNullable<ReturnType<typeof shownAction>>) => string | undefined): string | null {
  const assistant = tc.messages.filter((m) => m.role === 'assistant');
  const upTo = tc.kind === 'internal' && tc.errorType !== '' ? assistant.length - 1 : assistant.length;
  const shown = assistant.slice(0, upTo).map((m) => shownAction(m.content)).filter((a): a is NonNullable<typeof a> => !!a);
  for (const [where, actions] of [['ground truth', groundTruthActions(tc)], ['shown', shown]] as const) {
    for (const a of actions) {
      const hit = find(a);
      if (hit) return `${where}: ${hit}`;
    }
  }
  return null;
}

/**
 * A ground-truth step or shown call passing a coordinate in the other order than its doc's 'lon,lat'
 * (pipeline/resolution/coordinateOrder.ts): teval_query_224_1-env-k3 retries GaodeMap.search_nearby at New
 * York's "40.7128, -74.0060" as its ground truth, though the doc asks 'lon,lat' (and maps China only). A model
 * reading the doc would not send it again as it stands.
 */
export const coordinateAgainstDocAnywhere: CaseMeasure = {
  kind: 'case',
  id: 'coordinate_against_doc',
  group: 'solvable',
  title: 'a ground-truth step or shown call passes a coordinate that cannot be its point in its doc\'s \'lon,lat\' order (New York\'s "40.7128, -74.0060" to GaodeMap.search_nearby, which maps China only)',
  population: 'all cases',
  check: (tc) =>
    rightCallDefect(tc, (a) => {
      const doc = tc.tools.find((t) => t.name === a.name);
      const wrong = doc ? coordinateAgainstDoc(a.name, a.args, [...doc.required_parameters, ...doc.optional_parameters]) : undefined;
      return wrong && `${a.name} ${wrong.name} "${wrong.value}"`;
    }),
};

/**
 * The words each environment-error kind is said in: a label the failure text never says reads as a
 * mislabelled case ("rate_limit" on "OSError: [Errno 16] Device or resource busy", "connection_error"
 * on "device not ready; the controller did not respond"). Stricter than classifyEnvironmentMessage,
 * which also reads a lock as "not now": the text must say the kind itself.
 */
export const KIND_WORDS: Record<string, RegExp> = {
  rate_limit: /rate[ _-]?limit|too many|\b429\b|throttl|requests per|\blimit\b|slow down/i,
  quota_exceeded: /quota|no space left|\bENOSPC\b|\blimit\b|insufficient|billing|\b402\b|exhausted|OVER_LIMIT/i,
  timeout: /timed?[ -]?out|timeout|deadline|\b504\b/i,
  connection_error: /connect|broken ?pipe|proxy|network|unreachable|Name or service not known|getaddrinfo|\bDNS\b|SSL|certificate|socket|ECONNRESET|ECONNREFUSED|other side closed|\bEOF\b/i,
  server_error: /\b5\d\d\b|server|internal|unavailable|gateway|I\/O error|input\/output error|\bEIO\b|crash|upstream|Expecting value|ENGINE_RESPONSE_DATA_ERROR/i,
  permission_denied: /permission|denied|forbidden|unauthori[sz]ed|unauthenticated|\b40[13]\b|access|token|credential|EACCES|EPERM|\bkey\b/i,
};

export const envLabelTextMismatch: CaseMeasure = {
  kind: 'case',
  id: 'env_label_text_mismatch',
  group: 'solvable',
  title: 'external case whose environment-error label the failure text never says, or whose failure joins two causes ("Device or resource busy: cd was throttled after too many operations"; "rate_limit" on "OSError: [Errno 16] Device or resource busy: cd could not run", "connection_error" on "device not ready; the controller did not respond")',
  population: 'external cases with an environment-error label',
  check(tc) {
    if (tc.kind !== 'external' || !tc.environmentError) return undefined;
    const words = KIND_WORDS[tc.environmentError];
    if (!words) return undefined;
    const msg = tc.messages[tc.messages.length - 1].content;
    // One cause a failure: a device in use (EBUSY) is not calls coming too fast.
    if (/device or resource busy|\bEBUSY\b/i.test(msg) && /throttl|rate[ _-]?limit|too many|\blimit \d/i.test(msg)) return `the failure joins two causes, a busy device and a throttle: "${msg.replace(/\s+/g, ' ').slice(0, 100)}"`;
    return words.test(msg) ? null : `labelled ${tc.environmentError}, yet the failure says "${msg.replace(/\s+/g, ' ').slice(0, 100)}"`;
  },
};

/** Linux's strerror and the exception Python raises for each errno the simulated failures use. */
const ERRNO_SAYS: Record<number, { cls: string; text: string }> = {
  1: { cls: 'PermissionError', text: 'Operation not permitted' },
  5: { cls: 'OSError', text: 'Input/output error' },
  11: { cls: 'BlockingIOError', text: 'Resource temporarily unavailable' },
  13: { cls: 'PermissionError', text: 'Permission denied' },
  16: { cls: 'OSError', text: 'Device or resource busy' },
  28: { cls: 'OSError', text: 'No space left on device' },
  32: { cls: 'BrokenPipeError', text: 'Broken pipe' },
  104: { cls: 'ConnectionResetError', text: 'Connection reset by peer' },
  107: { cls: 'OSError', text: 'Transport endpoint is not connected' },
  110: { cls: 'TimeoutError', text: 'Connection timed out' },
  111: { cls: 'ConnectionRefusedError', text: 'Connection refused' },
  112: { cls: 'OSError', text: 'Host is down' },
  113: { cls: 'OSError', text: 'No route to host' },
  122: { cls: 'OSError', text: 'Disk quota exceeded' },
};

/** A local permission fault: an errno-13/1 PermissionError, EACCES, EPERM. */
const OS_PERMISSION = /\[Errno (?:13|1)\]|\bEACCES\b|\bEPERM\b|^PermissionError\b/;
/** A cause that lies off the machine or in a login: a session, a token, credentials, a service that did not answer. */
const SESSION_CAUSE = /credential|\bsession\b|\btoken\b|policy service|authori[sz]ation service|did not (?:respond|answer)|\brenew/i;

/**
 * Why a failure text's kind and its stated cause disagree, or undefined: a 4xx (an answer) blamed
 * on a service that did not respond ("HTTP 403 Forbidden … the authorization service did not
 * respond": a service that did not answer is a 503/504 or a timeout), a local permission errno blamed
 * on a session or a network service ("PermissionError: [Errno 13] Permission denied …: the session's
 * credentials expired and are being renewed": errno 13 is the file's mode), a local permission fault
 * that says it passes by itself (EACCES never does), or an errno said in other words or raised as
 * another exception than Linux and Python give it ("TimeoutError: [Errno 110] Operation timed out":
 * errno 110 is "Connection timed out").
 */
export function failureCauseContradicts(message: string): string | undefined {
  const msg = message.replace(/\s+/g, ' ').trim();
  const status = /^HTTP (4\d\d)\b/.exec(msg)?.[1] ?? /"code": (4\d\d)\b/.exec(msg)?.[1] ?? /\b(4\d\d) Client Error\b/.exec(msg)?.[1];
  if (status && /did not (?:respond|answer)|no response|not responding/i.test(msg)) return `HTTP ${status} is the service's answer, yet the text says it did not respond`;
  if (OS_PERMISSION.test(msg) && SESSION_CAUSE.test(msg)) return `a local permission fault (errno 13/EACCES is a file's mode) blamed on a session or a service: "${SESSION_CAUSE.exec(msg)![0]}"`;
  if (OS_PERMISSION.test(msg) && /try again|\bretry\b/i.test(msg)) return 'a local permission fault that says it passes by itself; a file mode does not change between two calls';
  for (const m of msg.matchAll(/(?:(\w+(?:Error|Exception)): )?\[Errno (\d+)\] ([^:;,()'"]+)/g)) {
    const says = ERRNO_SAYS[Number(m[2])];
    if (!says) continue;
    if (!m[3].trim().startsWith(says.text)) return `[Errno ${m[2]}] is "${says.text}", yet the text says "${m[3].trim()}"`;
    if (m[1] && m[1] !== says.cls) return `[Errno ${m[2]}] is raised as ${says.cls}, yet the text says ${m[1]}`;
  }
  return undefined;
}

export const envErrorCauseContradicts: CaseMeasure = {
  kind: 'case',
  id: 'env_error_cause_contradicts',
  group: 'solvable',
  title: 'environment failure whose status or exception and its stated cause disagree: a 4xx blamed on a service that did not respond ("HTTP 403 Forbidden … the authorization service did not respond"), an errno-13 PermissionError blamed on expired session credentials, an EACCES that says to try again, an errno in other words than Linux gives it ("[Errno 110] Operation timed out")',
  population: 'external cases',
  check(tc) {
    if (tc.kind !== 'external') return undefined;
    const why = failureCauseContradicts(tc.messages[tc.messages.length - 1].content);
    return why ? `${why}: "${tc.messages[tc.messages.length - 1].content.replace(/\s+/g, ' ').slice(0, 110)}"` : null;
  },
};

/**
 * A local throttle that quotes a count of operations or calls the case's one-call-at-a-time history
 * does not reach: "echo failed: throttled after 20 operations in the last second" after 3 calls
 * (bfcl_multi_turn_base_44-env-k3), "5 calls are already running, over the limit of 4 at once"
 * where no call ever ran beside another. A count of calls at once is never reached (one call runs
 * at a time); a count per second or minute is not when it passes the calls shown.
 */
export function throttleCountUnreached(message: string, callsShown: number): string | undefined {
  const msg = message.replace(/\s+/g, ' ');
  if (!/throttl|EAGAIN|Errno 11|temporarily unavailable|too many (?:calls|operations)/i.test(msg)) return undefined;
  const atOnce = /\b(\d+) calls? (?:are )?already running|\blimit(?: of)? (\d+)(?: calls?)? at once|at once \(limit (\d+)\)/i.exec(msg);
  if (atOnce) return `a cap of calls at once (${atOnce[0]}) where no call ran beside another`;
  const made = /\b(\d+) (?:operations|calls|requests)\b|\(limit (\d+)\)|\blimit(?: of)? (\d+)\b/i.exec(msg);
  const n = made ? Number(made[1] ?? made[2] ?? made[3]) : NaN;
  if (Number.isFinite(n) && n >= callsShown) return `"${made![0]}" quoted after ${callsShown} call${callsShown === 1 ? '' : 's'} shown`;
  return undefined;
}

export const envThrottleCountUnreached: CaseMeasure = {
  kind: 'case',
  id: 'env_throttle_count_unreached',
  group: 'solvable',
  title: 'local throttle quoting a count of operations or calls the visible history does not reach ("echo failed: throttled after 20 operations in the last second" after 3 calls; "5 calls are already running, over the limit of 4 at once" where calls run one at a time)',
  population: 'external cases whose failed tool is local',
  check(tc) {
    if (tc.kind !== 'external') return undefined;
    const failed = shownAction(tc.messages[tc.messages.length - 2]?.content ?? '');
    if (!failed || localityOf(failed.name, tc.tools) !== 'local') return undefined;
    const calls = tc.messages.filter((m) => m.role === 'assistant' && shownAction(m.content)).length;
    const why = throttleCountUnreached(tc.messages[tc.messages.length - 1].content, calls);
    return why ? `${failed.name}: ${why}: "${tc.messages[tc.messages.length - 1].content.replace(/\s+/g, ' ').slice(0, 110)}"` : null;
  },
};

/**
 * A remote rate limit quoting an allowance per key ("60 requests per minute allowed", "limit of 100 requests"):
 * a count the case cannot check (the key's calls are not all shown) and that a history of a few calls
 * over several turns seems to contradict (bfcl_multi_turn_base_43-env-k6: "60 requests per minute" after 6 calls).
 */
export function allowanceQuoted(message: string): string | undefined {
  const msg = message.replace(/\s+/g, ' ');
  const m = /\b\d+ (?:requests|calls|queries)(?: (?:per|a|an|every) (?:second|minute|hour|day)| allowed)|\blimit(?: of)? \d+ (?:requests|calls|queries)\b/i.exec(msg);
  return m ? `"${m[0]}"` : undefined;
}

export const envRateAllowanceQuoted: CaseMeasure = {
  kind: 'case',
  id: 'env_rate_allowance_quoted',
  group: 'solvable',
  title: 'remote rate limit quoting a per-key allowance the history cannot check ("Rate limit exceeded for get_stock_info: 60 requests per minute allowed" after 6 calls over 4 turns)',
  population: 'external cases whose failure was simulated and whose failed tool is remote',
  check(tc) {
    if (tc.kind !== 'external' || !(tc.provenance.origin ?? '').startsWith('simulated')) return undefined;
    const failed = shownAction(tc.messages[tc.messages.length - 2]?.content ?? '');
    if (!failed || localityOf(failed.name, tc.tools) === 'local') return undefined;
    const calls = tc.messages.filter((m) => m.role === 'assistant' && shownAction(m.content)).length;
    const why = allowanceQuoted(tc.messages[tc.messages.length - 1].content);
    return why ? `${failed.name}: ${why} quoted after ${calls} call${calls === 1 ? '' : 's'} shown` : null;
  },
};

/** A fault of the machine a tool runs on: a file, a lock, a disk, a share, a device, a local worker, an OS errno. */
const LOCAL_FAULT = /\bfiles?\b|\block\b|\bdisk\b|network share|\bdevice\b|\bcontroller\b|storage|\bworker\b|\[Errno (?:5|11|28|122)\]|Input\/output|\bEIO\b|\bENOTCONN\b|\bEAGAIN\b/i;
/** A fault of a network between the caller and a server: an HTTP status, a proxy, a host, a peer. */
const NETWORK_FAULT = /^HTTP \d{3}|"code": \d{3}|\b\d{3} (?:Client|Server) Error\b|ProxyError|Max retries exceeded|Host is down|network share|reset by peer|ReadTimeout|ConnectTimeout/i;

export const envErrorUnfitNature: CaseMeasure = {
  kind: 'case',
  id: 'env_error_unfit_nature',
  group: 'solvable',
  title: 'environment failure whose cause does not fit what the tool does: a local file, lock, disk or device fault on a tool whose own doc says it fetches from the Internet (PPT.get_image "Get an image given keywords from Internet" failing "waiting for a lock another operation holds on the file"), or a network fault on a local tool that keeps no files (a car\'s controls, the clock, math)',
  population: 'external cases whose failure was simulated',
  check(tc) {
    if (tc.kind !== 'external' || !(tc.provenance.origin ?? '').startsWith('simulated')) return undefined;
    const failed = shownAction(tc.messages[tc.messages.length - 2]?.content ?? '');
    if (!failed) return undefined;
    const msg = tc.messages[tc.messages.length - 1].content.replace(/\s+/g, ' ');
    const doc = tc.tools.find((t) => t.name === failed.name);
    if (doc && onlineTool(doc.description) && LOCAL_FAULT.test(msg)) return `${failed.name} fetches from the Internet, yet failed with a local fault ("${LOCAL_FAULT.exec(msg)![0]}"): "${msg.slice(0, 100)}"`;
    if (localityOf(failed.name, tc.tools) === 'local' && !FILES_TOOLKIT.test(toolkitOf(failed.name)) && NETWORK_FAULT.test(msg)) return `${failed.name} runs locally and keeps no files, yet failed with a network fault ("${NETWORK_FAULT.exec(msg)![0]}"): "${msg.slice(0, 100)}"`;
    return null;
  },
};

const HOST_RE = /\b(?:[a-z0-9-]+\.)+(?:com|org|net|io|dev|ai|cn)\b/i;

export const inventedHost: CaseMeasure = {
  kind: 'case',
  id: 'invented_host',
  group: 'solvable',
  title: 'simulated environment error naming a host the tool docs never mention (captured real failures keep their real host)',
  population: 'external cases whose failure was simulated',
  check(tc) {
    if (tc.kind !== 'external' || !(tc.provenance.origin ?? '').startsWith('simulated')) return undefined;
    const msg = tc.messages[tc.messages.length - 1].content;
    const m = HOST_RE.exec(msg);
    if (!m) return null;
    return tc.messages[0].content.includes(m[0]) ? null : `"${m[0]}" in "${msg.slice(0, 80)}"`;
  },
};

/**
 * A simulated failure that names its call by the benchmark's `Toolkit.api` label ("Rate limit
 * exceeded for ReserveMeeting.get_room_status"): no server or program knows that label, so the
 * message reads as written by the benchmark. A server names its endpoint, a program its function.
 */
export const environmentErrorNamesToolkit: CaseMeasure = {
  kind: 'case',
  id: 'env_error_names_toolkit',
  group: 'text',
  title: "simulated environment error naming the call by the benchmark's Toolkit.api label (\"Rate limit exceeded for ReserveMeeting.get_room_status\")",
  population: 'external cases whose failure was simulated',
  check(tc) {
    if (tc.kind !== 'external' || !(tc.provenance.origin ?? '').startsWith('simulated')) return undefined;
    const call = tc.messages.map((m) => m.role).lastIndexOf('assistant');
    const name = /"name"\s*:\s*"([^"]+)"/.exec(tc.messages[call]?.content ?? '')?.[1];
    const msg = tc.messages[tc.messages.length - 1].content;
    return name && name.includes('.') && msg.includes(name) ? `"${msg.slice(0, 90)}"` : null;
  },
};

/**
 * A simulated failure that says a count went over a limit the count does not pass: "4 calls are
 * already running, over the limit of 4 at once" (bfcl_multi_turn_base_72-env-k4-cot): 4 running is
 * at a limit of 4, not over it, so the message contradicts itself.
 */
export const environmentErrorLimitNotPassed: CaseMeasure = {
  kind: 'case',
  id: 'env_error_limit_not_passed',
  group: 'text',
  title: 'simulated environment error whose count is not over the limit it says was passed ("4 calls are already running, over the limit of 4 at once")',
  population: 'external cases whose failure was simulated',
  check(tc) {
    if (tc.kind !== 'external' || !(tc.provenance.origin ?? '').startsWith('simulated')) return undefined;
    const msg = tc.messages[tc.messages.length - 1].content;
    const m = /\b(\d+) (?:calls?|requests?|operations?|queries)\b[^.\n]{0,60}?\bover the limit of (\d+)/i.exec(msg);
    return m && Number(m[1]) <= Number(m[2]) ? `${m[1]} is not over the limit of ${m[2]}: "${msg.slice(0, 110)}"` : null;
  },
};

/** An integer-valued double past 2^53: a big id rounded on its way through float64. */
function roundedIntegers(value: unknown): number[] {
  const out: number[] = [];
  const walk = (v: unknown): void => {
    if (typeof v === 'number') {
      if (Number.isInteger(v) && !Number.isSafeInteger(v)) out.push(v);
    } else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(value);
  return out;
}

/**
 * An integer literal past 2^53 in a call that nothing shown holds but a shown one rounds to in
 * float64: an earlier id taken through Number() (propertyId 847456265351637600 for the listed
 * 847456265351637680), a rounded copy no one gave rather than the slip the case means.
 */
export function roundedFromShown(args: unknown, shown: string): string | undefined {
  const literals = (text: string) => text.match(/(?<![\d.])\d{16,}(?![\d.])/g) ?? [];
  const seen = new Set(literals(shown));
  for (const lit of literals(toJson(args))) {
    if (seen.has(lit) || Number.isSafeInteger(Number(lit))) continue;
    const source = [...seen].find((s) => !Number.isSafeInteger(Number(s)) && Number(s) === Number(lit));
    if (source) return `${lit} is ${source}, which the case shows, rounded through float64`;
  }
  return undefined;
}

export const unsafeIntegers: CaseMeasure = {
  kind: 'case',
  id: 'integer_rounded',
  group: 'solvable',
  title: 'ground-truth or wrong-call integer beyond 2^53 held as a float64 or rounded from a shown one (digits lost: propertyId 847456265351637600 for the listed 847456265351637680)',
  population: 'cases whose ground truth or wrong call calls a tool',
  check(tc) {
    const calls = toolCalls(tc);
    const wrong = tc.erroneousAction && typeof tc.erroneousAction.args === 'object' ? tc.erroneousAction : undefined;
    if (calls.length === 0 && !wrong) return undefined;
    const bad = [...calls.map(({ action }) => action), ...(wrong ? [wrong] : [])].flatMap((action) => roundedIntegers(action.args));
    if (bad.length) return `${bad[0]} cannot be an exact integer in float64`;
    if (!wrong) return null;
    // The wrong call is the last assistant message; what came before it is what the case shows.
    const call = tc.messages.map((m) => m.role).lastIndexOf('assistant');
    const shown = tc.messages.slice(0, call).filter((m) => m.role !== 'system').map((m) => m.content).join('\n');
    return roundedFromShown(wrong.args, shown) ?? null;
  },
};

/** Farther than this from every place a task names, coordinates are somewhere else (a metro area spans less). */
const FAR_KM = 300;
const ADDRESS_RE = /\b\d{1,4} [A-Z][a-z]+ (?:Street|Avenue|Road|Lane|Boulevard|Drive), ([A-Z][A-Za-z]+(?: [A-Z][A-Za-z]+)?)/g;
const LOCATION_KEY_RE = /location|latitude|longitude|address|city|place|near|origin|destination|^lat$|^lng$/i;

/**
 * What makes a simulated answer read as made up, for one call: a list of several identical items
 * (a list of rooms that is three copies of one status sentence), or results placed in a city that
 * neither the call nor the request mentions (places "near Times Square" in Madrid), or coordinates
 * more than 300 km from every known place (pipeline/resolution/places.ts) the call and request name,
 * or a distance between two located places shorter than the straight line or over three times it
 * (Beijing to Shanghai "61.8 km"), or a list its doc says is ranked by a field out of that order.
 */
export function incoherentAnswer(call: Action, response: string, request: string, doc?: ToolDoc): string | undefined {
  const value = parseToolResponse(response);
  // One pass over the answer: its lists, and the coordinate pairs its records hold.
  const lists: unknown[][] = [];
  const pairs: { lat: number; lon: number }[] = [];
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) {
      lists.push(v);
      v.forEach(walk);
    } else if (isPlainObject(v)) {
      const lat = Object.entries(v).find(([k]) => /^(latitude|lat)$/i.test(k))?.[1];
      const lon = Object.entries(v).find(([k]) => /^(longitude|lon|lng)$/i.test(k))?.[1];
      if (typeof lat === 'number' && typeof lon === 'number') pairs.push({ lat, lon });
      Object.values(v).forEach(walk);
    }
  };
  walk(value);
  for (const l of lists) {
    if (l.length >= 2 && l.every((x) => toJson(x) === toJson(l[0])) && toJson(l[0]).length > 8) return `${l.length} identical items: ${toJson(l[0]).slice(0, 60)}`;
  }
  const asked = `${toJson(call.args)} ${request}`;
  // Coordinates far from every known place the call and the request name (a Paris flat at 61°S).
  const places = pairs.length ? placesNamedIn(asked) : [];
  for (const p of places.length ? pairs : []) {
    const nearest = Math.min(...places.map((pl) => distanceKm(p, pl)));
    if (nearest > FAR_KM) return `coordinates ${p.lat}, ${p.lon} lie ${Math.round(nearest)} km from ${places.map((pl) => pl.name).join(' / ')}, the places the call and the request name`;
  }
  // A distance between two located places that the map contradicts: shorter than the straight line, or far longer than a road.
  const straight = doc ? straightKm(doc, call.args) : undefined;
  const distance = isPlainObject(value) ? Object.entries(value).find(([k, v]) => /distance/i.test(k) && typeof v === 'number')?.[1] : undefined;
  // Papers titled on one field and summarised on another ("Materials science and its applications" with a snippet on urban mobility).
  if (isPlainObject(value)) {
    const fieldsIn = (re: RegExp) => new Set(Object.entries(value).filter(([k]) => re.test(k)).flatMap(([, v]) => FIELDS.filter((f) => JSON.stringify(v).toLowerCase().includes(f))));
    const [titled, summarised] = [fieldsIn(/title/i), fieldsIn(/snip|summary|abstract/i)];
    if (titled.size && summarised.size && ![...titled].some((f) => summarised.has(f))) return `papers titled on ${[...titled].join(', ')} summarised on ${[...summarised].join(', ')}`;
  }
  // A review that complains and then gives unreserved praise ("the shower pressure could be better. No complaints at all.").
  // The words are looked for first: the sentence-wide match backtracks over every start of a long
  // response (quadratic), and most responses hold no complaint, or no praise, at all.
  const mixed = COMPLAINT_WORDS.test(response) && UNRESERVED_PRAISE.test(response) ? response.match(/[^"{}[\]]*(?:could be better|noisy|smaller than|too long|drags)[^"{}[\]]*/i)?.[0] : undefined;
  if (mixed && UNRESERVED_PRAISE.test(mixed)) return `a review that complains and praises without reserve: "${mixed.slice(0, 90)}"`;
  // No distance between two places the call names apart ("123 Orchard St" and "321 Industrial Ln", both Springfield).
  const ends = isPlainObject(call.args) ? Object.entries(call.args).filter(([k]) => TRIP_START.test(k) || TRIP_END.test(k)).map(([, v]) => String(v).trim().toLowerCase()) : [];
  if (distance === 0 && ends.length === 2 && ends[0] !== ends[1]) return `distance 0 between ${ends.join(' and ')}`;
  if (straight !== undefined && typeof distance === 'number' && (distance < straight * 0.9 - 0.5 || distance > straight * 3 + 30)) {
    return `distance ${distance} km where the places the call names lie ${Math.round(straight)} km apart`;
  }
  // A list the doc says is ranked by a field, out of that order ("top rated" with 6.3 before 8.9).
  for (const field of doc?.return_data ?? []) {
    const by = rankedBy(field);
    const list = isPlainObject(value) ? value[field.name] : undefined;
    if (!by || !Array.isArray(list)) continue;
    const ranks = list.map((r) => (isPlainObject(r) ? r[by] : undefined)).filter((v): v is number => typeof v === 'number');
    const at = ranks.findIndex((v, i) => i > 0 && v > ranks[i - 1]);
    if (at > 0) return `${field.name} ranked by ${by} lists ${ranks[at - 1]} before ${ranks[at]}`;
  }
  if (isPlainObject(call.args) && Object.keys(call.args).some((k) => LOCATION_KEY_RE.test(k))) {
    const lower = asked.toLowerCase();
    for (const m of response.matchAll(ADDRESS_RE)) {
      if (!lower.includes(m[1].toLowerCase())) return `results placed in ${m[1]}, which neither the call nor the request mentions`;
    }
  }
  return undefined;
}

export const incoherentSimulation: CaseMeasure = {
  kind: 'case',
  id: 'simulated_answer_incoherent',
  group: 'solvable',
  title: 'a simulated tool answer the case shows reads as made up (identical list items, results in a city nobody asked about, coordinates far from the place asked about, a distance the map contradicts, a ranked list out of its order)',
  population: 'cases showing at least one simulated tool answer',
  check(tc, ctx) {
    const request = userText(tc);
    return simulatedDefect(tc, ctx, (step) => incoherentAnswer(step.action, step.response!.content, request, tc.tools.find((t) => t.name === step.action.name)));
  },
};

/** The parts of a rental's details title as Airbnb writes it: "Condo in Sumida City · ★4.63 · 2 bedrooms · 2 beds · 1 bath". */
interface StayTitle {
  kind: string;
  town: string;
  stars?: number;
  /** Bedrooms; 0 for "Studio". */
  bedrooms: number;
}

/** The measure's own reading of a details title (kind in town · ★rating · bedrooms · beds · baths); undefined for any other text. */
export function stayTitleParts(title: string): StayTitle | undefined {
  const m = /^(.+?) in (.+?) · ★(New|\d+(?:\.\d+)?) · (Studio|(\d+) bedrooms?) · \d+ beds? · /.exec(title.trim());
  if (!m) return undefined;
  return { kind: m[1], town: m[2], ...(m[3] === 'New' ? {} : { stars: Number(m[3]) }), bedrooms: m[4] === 'Studio' ? 0 : Number(m[5]) };
}

const NUMBER_WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6 };
/** A building's kind, never a room's: a private room's title names the home it is in ("Home in Monterey Park"). */
const buildingKind = (s: string) => {
  const k = rentalKindOf(s);
  return k === 'Private room' ? undefined : k;
};

/**
 * Where a details title in Airbnb's shape says what the listing the search gave does not: another
 * town than its name or address ("Condo in Paris" for a listing at "Jalan Kayu Aya No. 119, Bali"),
 * another kind of building than its name ("Rental unit in Bali" for "Cozy villa in Bali"), other
 * bedrooms than its name counts ("1 bedroom" for a "2 bedroom apartment"), or stars unlike the
 * rating the list or the details record give. Undefined when it agrees.
 */
export function stayTitleContradiction(t: StayTitle, name: string, fields: Record<string, string | number | boolean>, record: Record<string, unknown>): string | undefined {
  const where = [name, typeof fields.address === 'string' ? fields.address : ''].join(' | ').toLowerCase();
  const town = t.town.toLowerCase().replace(/\s+(city|ku|shi)$/, '').trim();
  if (!where.includes(town)) return `puts it in ${t.town}, but the list that gave the id has it as ${JSON.stringify(name)}${typeof fields.address === 'string' ? ` at ${JSON.stringify(fields.address)}` : ''}`;
  const named = buildingKind(name);
  const titled = buildingKind(t.kind);
  if (named && titled && named !== titled) return `calls it a ${t.kind.toLowerCase()}, but the list named it ${JSON.stringify(name)}`;
  const counted = /\b(\d|one|two|three|four|five|six)[ -]?(?:bedrooms?|br|bd)\b/i.exec(name)?.[1];
  const bedrooms = counted ? (NUMBER_WORDS[counted.toLowerCase()] ?? Number(counted)) : undefined;
  if (bedrooms !== undefined && bedrooms !== t.bedrooms) return `counts ${t.bedrooms} bedroom${t.bedrooms === 1 ? '' : 's'}, but the list named it ${JSON.stringify(name)}`;
  for (const [source, rating] of [['the list that gave the id', fields.rating as unknown], ['its own record', record.rating]] as const) {
    const r = rating instanceof PyFloat ? rating.value : typeof rating === 'number' ? rating : typeof rating === 'string' && /^\d+(\.\d+)?$/.test(rating) ? Number(rating) : undefined;
    if (r !== undefined && t.stars !== undefined && Math.abs(r - t.stars) >= 0.005) return `gives ★${t.stars}, but ${source} rates it ${r}`;
  }
  return undefined;
}

/**
 * Where a simulated answer about the thing a call looks up contradicts what an earlier answer the
 * case shows said about it (pipeline/resolution/knownFacts.ts): get_author_information naming
 * someone other than the author get_author_id was asked for, a citation of a search result's id
 * citing a title the search did not list under it. Undefined when nothing earlier speaks to it.
 */
export function contradictedFacts(step: { action: Action; response: string }, earlier: EarlierStep[]): string | null | undefined {
  const facts = knownFacts(step.action.args, earlier);
  if (!facts?.name && !facts?.title && !facts?.fields && !facts?.publication) return undefined;
  const parsed = parseToolResponse(step.response);
  // Scholar answers a citation as plain text, as every recording of it is: read as the reference it is.
  const plainReference = !isPlainObject(parsed) && /citation|reference/i.test(step.action.name) && !/^[[{]/.test(step.response.trim()) && step.response.trim() !== '';
  const answer = plainReference ? { citation: step.response.trim() } : parsed;
  if (!isPlainObject(answer)) return undefined;
  const norm = (t: string) => t.trim().toLowerCase().replace(/[.\s]+$/, '');
  for (const [field, value] of Object.entries(answer)) {
    const listed = knownField(field, facts.fields);
    if (listed !== undefined && (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') && String(value) !== String(listed)) {
      return `${field} is ${JSON.stringify(value)}, but the list that gave the id said ${JSON.stringify(listed)}`;
    }
    if (typeof value !== 'string') continue;
    if (facts.name && /(^|_)(name|author)s?$/i.test(field) && norm(value) !== norm(facts.name)) {
      return `${field} is ${JSON.stringify(value)}, but the id is the one given for ${JSON.stringify(facts.name)}`;
    }
    if (facts.title && /citation|reference|(^|_)title$/i.test(field) && !norm(value).includes(norm(facts.title))) {
      return `${field} ${JSON.stringify(value.slice(0, 80))} is not the result listed under that id (${JSON.stringify(facts.title)})`;
    }
    // A listing's details under another name than the search listed it by, or of another kind than that name says.
    // A title in the shape Airbnb's details write ("Condo in Sumida City · ★4.63 · 2 bedrooms · 2 beds · 1 bath") is not
    // the search's name by design: its parts are compared with the listing and the details record instead.
    if (!facts.title && facts.name && facts.fields && /(^|_)title$/i.test(field) && norm(value) !== norm(facts.name)) {
      const parts = stayTitleParts(value);
      if (!parts) return `${field} is ${JSON.stringify(value)}, but the list that gave the id named it ${JSON.stringify(facts.name)}`;
      const why = stayTitleContradiction(parts, facts.name, facts.fields, answer);
      if (why) return `${field} ${JSON.stringify(value)} ${why}`;
    }
    const kind = rentalKindOf(facts.title ?? facts.name ?? '');
    if (kind && /type|kind/i.test(field) && (RENTAL_KINDS as readonly string[]).includes(value) && value !== kind) {
      return `${field} is ${JSON.stringify(value)}, but the list named it ${JSON.stringify(facts.title ?? facts.name)}`;
    }
    // "奥本海默 is a comedy film" after a list that filed it under Drama.
    const genre = knownGenre(facts.fields);
    const called = /\bis an? ([a-z-]+(?: [a-z-]+)?) film\b/i.exec(value)?.[1]?.toLowerCase().replace(/-/g, ' ');
    if (genre && called && !called.includes(genre.replace(/-/g, ' ')) && !genre.replace(/-/g, ' ').includes(called)) {
      return `${field} calls it ${`a ${called}`} film; the list that named it said ${JSON.stringify(genre)}`;
    }
    const published = facts.publication ? publicationParts(facts.publication) : undefined;
    if (published && /citation|reference/i.test(field)) {
      const surname = published.authors[0].split(/\s+/).pop()!;
      const missing = [!value.includes(surname) && `first author ${surname}`, published.year && !value.includes(published.year) && `year ${published.year}`].filter(Boolean);
      if (missing.length) return `${field} ${JSON.stringify(value.slice(0, 80))} lacks the ${missing.join(' and the ')} the search listed for that paper (${JSON.stringify(facts.publication)})`;
    }
  }
  return null;
}

export const contradictedSimulation: CaseMeasure = {
  kind: 'case',
  id: 'simulated_answer_contradicts',
  group: 'solvable',
  title: 'a simulated tool answer the case shows contradicts an earlier answer about the same id (an author id answered with another person\'s name, a result id cited as a paper the search did not list under it, a film\'s details giving another release date than the list it came from, a citation naming another first author or year than the paper\'s publication line, a film described in another genre than the list that named it, a rental\'s details under another name or of another kind than the list gave)',
  population: 'cases showing a simulated answer to a call that takes an id an earlier shown answer gave with its name, title or other facts',
  check(tc, ctx) {
    const steps = shownSteps(tc, ctx);
    if (!steps) return undefined;
    let inPopulation = false;
    for (const [i, step] of steps.entries()) {
      if (step.response?.tier !== 'simulated' || step.response.error) continue;
      const earlier = steps.slice(0, i).map((s) => ({ name: s.action.name, args: s.action.args, response: s.response?.content }));
      const why = contradictedFacts({ action: step.action, response: step.response.content }, earlier);
      if (why === undefined) continue;
      inPopulation = true;
      if (why) return `${step.action.name}: ${why}`;
    }
    return inPopulation ? null : undefined;
  },
};

/**
 * The history a case shows is a conversation a model is asked to continue: a shown call taking an
 * id, name or number that nothing before it shows (the tool said ticker "KENT", the next call asks
 * for "TSLZ") reads as made up, and teaches a model that values come from nowhere. The wrong call of
 * an internal-error case is the injected error and is left out; so are settings an assistant
 * chooses (a search radius, a number of days) — see ungroundedHistory in grounding.ts.
 */
export const unshownHistoryValue: CaseMeasure = {
  kind: 'case',
  id: 'history_value_unshown',
  group: 'solvable',
  title: 'a call in the shown history takes an id / name / number / place / airport code / ticker / file or folder name that nothing before it shows (an id or a code a tool doc shows, a made-up city\'s airport or a made-up company\'s ticker no lookup gave, a file no ls or find listed, is not shown)',
  population: 'cases showing at least one earlier tool call',
  check(tc) {
    const calls = tc.messages.flatMap((m, i) => (m.role === 'assistant' ? [{ i, action: shownAction(m.content) }] : []));
    const last = calls.length ? calls[calls.length - 1].i : -1;
    const end = tc.kind === 'internal' && tc.errorType !== '' ? last : tc.messages.length;
    if (!calls.some(({ i, action }) => i < end && action && action.name !== FINISH_ACTION)) return undefined;
    const gap = ungroundedHistory(tc.messages, end);
    return gap ? `${describeUngrounded(gap.values.slice(0, 2))} (message ${gap.index})` : null;
  },
};

const TICKER_FIELD = /^(ticker|symbol|stock_?(symbol|ticker))$/i;

/** The tickers a call's arguments or an answer's fields hold (uppercase codes under a ticker / symbol key). */
function tickersIn(value: unknown): string[] {
  if (!isPlainObject(value)) return [];
  return Object.entries(value).flatMap(([k, v]) => (TICKER_FIELD.test(k) && typeof v === 'string' && /^[A-Z][A-Z.]{0,5}$/.test(v.trim()) ? [v.trim()] : []));
}

/**
 * A simulated lookup gave a company's ticker and the case's next ticker call, shown or expected,
 * takes another one nothing shows (search_stock_ticker("Airbnb") → "YMFW", then
 * get_ticker_detail("ABNB")): the answer reads as made up, or the plan ignores it.
 */
export const ignoredTicker: CaseMeasure = {
  kind: 'case',
  id: 'simulated_ticker_ignored',
  group: 'solvable',
  title: 'a simulated lookup gives a ticker and the next call taking a ticker, shown or expected, takes another that nothing shows ("YMFW" for Airbnb, then get_ticker_detail("ABNB"))',
  population: 'cases showing a simulated answer that gives a ticker, followed by a call taking one',
  check(tc, ctx) {
    const steps = shownSteps(tc, ctx);
    if (!steps) return undefined;
    const calls = [...steps.map((s) => s.action), ...groundTruthActions(tc)];
    const shown = tc.messages.filter((m) => m.role !== 'assistant').map((m) => m.content).join('\n');
    let inPopulation = false;
    for (const [i, step] of steps.entries()) {
      if (step.response?.tier !== 'simulated') continue;
      const given = tickersIn(parseToolResponse(step.response.content));
      if (!given.length) continue;
      const next = calls.slice(i + 1).find((a) => tickersIn(a.args).length > 0);
      if (!next) continue;
      inPopulation = true;
      const other = tickersIn(next.args).find((t) => !given.includes(t) && !new RegExp(`\\b${t.replace('.', '\\.')}\\b`).test(shown));
      if (other) return `${step.action.name} gave ${given.join(', ')}, then ${next.name} takes ${other}`;
    }
    return inPopulation ? null : undefined;
  },
};

/**
 * A simulated answer about the days ahead (a forecast) dated away from the day the case shows the
 * task is on: get_curr_time said 2020-09-29 and the three-day forecast begins 2023-09-07.
 */
export const misdatedForecast: CaseMeasure = {
  kind: 'case',
  id: 'simulated_forecast_misdated',
  group: 'solvable',
  title: 'a simulated forecast (an answer about the days ahead) whose first date is not the day the case shows the task is on, or the next (the day the user says it is, else a clock answer, else a weekday answer, else the day the user asks the forecast for, else the earliest date a call takes); or a simulated weather forecast whose dates miss the day the user asks it for ("the weather forecast for October 17, 2023" answered from 2024-04-20)',
  population: 'cases showing a simulated answer about the days ahead after something dates the task, or a simulated weather forecast the user asks for a named day',
  check(tc, ctx) {
    const steps = shownSteps(tc, ctx);
    if (!steps) return undefined;
    let inPopulation = false;
    const said = userText(tc);
    for (const [i, step] of steps.entries()) {
      const doc = tc.tools.find((t) => t.name === step.action.name);
      if (step.response?.tier !== 'simulated' || !doc || !aboutDaysAhead(doc)) continue;
      const earlier = steps.slice(0, i).map((s) => ({ name: s.action.name, args: s.action.args, response: s.response?.content }));
      const today = taskToday(step.action.args, earlier, said);
      const dates = [...step.response.content.matchAll(/\b(\d{4}-\d{2}-\d{2})\b/g)].map((m) => m[1]);
      const first = dates[0];
      // The day the user asks a weather forecast for must be among its days ("for October 17, 2023").
      const asked = /weather|forecast/i.test(doc.name) ? askedForecastDay(said) : undefined;
      if (asked && first) {
        inPopulation = true;
        if (!dates.includes(asked)) return `${step.action.name} gives ${[...new Set(dates)].slice(0, 3).join(', ')}; the user asks the forecast for ${asked}`;
      }
      if (!today || !first) continue;
      inPopulation = true;
      const days = (Date.parse(`${first}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000;
      if (days < 0 || days > 1) return `${step.action.name} begins ${first}; the task is on ${today}`;
    }
    return inPopulation ? null : undefined;
  },
};

/**
 * Two answers about today that disagree: get_curr_time "2020-09-29 05:30" (a Tuesday) and
 * get_weekday "Monday". Each simulated on its own, they read as made up, and a model asked what day
 * it is cannot answer from both.
 */
export const weekdayContradicts: CaseMeasure = {
  kind: 'case',
  id: 'weekday_contradicts_clock',
  group: 'solvable',
  title: 'a weekday answer and a clock answer the case shows disagree (get_curr_time "2020-09-29", a Tuesday; get_weekday "Monday")',
  population: 'cases showing both a clock answer and a weekday answer',
  check(tc, ctx) {
    const steps = shownSteps(tc, ctx);
    if (!steps) return undefined;
    const shown = steps.map((s) => ({ name: s.action.name, args: s.action.args, response: s.response?.content }));
    const day = clockDay(shown);
    const weekday = shownWeekday(shown);
    if (!day || !weekday) return undefined;
    const actual = weekdayOfDate(day);
    return actual === weekday ? null : `the clock says ${day} (a ${actual}), the weekday answer ${weekday}`;
  },
};

/** Every ISO date an answer states, with the field it stands under ("date" of a listed film, "content" of a paper's text). */
function answerDates(value: unknown, key = ''): { key: string; date: string }[] {
  if (typeof value === 'string') return [...value.matchAll(/\b((?:19|20)\d\d-\d{2}-\d{2})\b/g)].map((m) => ({ key, date: m[1] }));
  if (Array.isArray(value)) return value.flatMap((v) => answerDates(v, key));
  if (isPlainObject(value)) return Object.entries(value).flatMap(([k, v]) => answerDates(v, k));
  return [];
}

/** What a tool's doc says its dates are: days ahead (a forecast, coming films), days behind (films now playing, papers published), or neither. */
function datesFacing(doc: ToolDoc): 'ahead' | 'behind' | undefined {
  const text = `${doc.name} ${doc.description} ${doc.return_data.map((r) => `${r.name} ${r.description ?? ''}`).join(' ')}`;
  if (aboutDaysAhead(doc) || /\b(scheduled|upcoming|future)\b|\bnext \d+ days\b/i.test(text)) return 'ahead';
  if (/now[_ ]playing|playing .*now|currently in theat|in theat(?:er|re)s|\bpublished\b|\breviews?\b|\bposted\b|\bhistor(?:y|ical)\b|first publicly listed/i.test(text)) return 'behind';
  return undefined;
}

/**
 * A simulated answer that dates things against the day the case fixes as today: the user asks for
 * the weather "for today, October 20, 2023" and the coming films are dated from 2024-11-09; a film
 * now playing released after today; a clock or a weekday answer for another day. Today is what the
 * user says it is (statedToday.ts), else what a clock answer shown before says; a weekday answer or
 * a call's date does not fix the date. Dates the call itself takes are the call's, not the answer's.
 */
export const datesContradictToday: CaseMeasure = {
  kind: 'case',
  id: 'simulated_date_contradicts_today',
  group: 'solvable',
  title: 'a simulated answer dates things against the today the case fixes (the user\'s "today, October 20, 2023", else an earlier clock answer): coming films or a forecast dated before it, films now playing / papers published / reviews after it, a clock or weekday answer for another day',
  population: 'cases showing a simulated answer that states a date or a weekday, where the user or an earlier clock answer fixes today',
  check(tc, ctx) {
    const steps = shownSteps(tc, ctx);
    if (!steps) return undefined;
    const said = userText(tc);
    let inPopulation = false;
    for (const [i, step] of steps.entries()) {
      const doc = tc.tools.find((t) => t.name === step.action.name);
      if (step.response?.tier !== 'simulated' || step.response.error || !doc) continue;
      const earlier = steps.slice(0, i).map((s) => ({ name: s.action.name, args: s.action.args, response: s.response?.content }));
      const callDates = argumentDates(step.action).map((d) => d.value.slice(0, 10));
      const year = [...steps.flatMap((s) => argumentDates(s.action)), ...groundTruthActions(tc).flatMap((a) => argumentDates(a))].map((d) => d.value.slice(0, 4)).sort()[0];
      const today = statedToday(said, year) ?? clockDay(earlier);
      if (!today) continue;
      const answer = parseToolResponse(step.response.content);
      const weekday = isPlainObject(answer) ? Object.entries(answer).find(([k, v]) => /weekday|day_?of_?(the_?)?week/i.test(k) && typeof v === 'string' && WEEKDAY_NAMES.includes(v.trim()))?.[1] : undefined;
      const dates = answerDates(answer).filter((d) => !callDates.includes(d.date));
      if (typeof weekday !== 'string' && !dates.length) continue;
      inPopulation = true;
      const todayWeekday = weekdayOfDate(today);
      if (typeof weekday === 'string' && weekday.trim() !== todayWeekday) return `${step.action.name} says today is a ${weekday.trim()}; the case fixes today as ${today}, a ${todayWeekday}`;
      if (isClock(doc)) {
        const other = dates.find((d) => d.date !== today);
        if (other) return `${step.action.name} says the current date is ${other.date}; the case fixes today as ${today}`;
        continue;
      }
      const facing = datesFacing(doc);
      const behindField = (key: string) => /publish|release|posted|created|review|list_?date|born|birth/i.test(key);
      const early = facing === 'ahead' ? dates.find((d) => d.date < today) : undefined;
      if (early) return `${step.action.name} dates what is ahead ${early.date} (${early.key}); the case fixes today as ${today}`;
      const late = facing !== 'ahead' ? dates.find((d) => d.date > today && (facing === 'behind' || behindField(d.key))) : undefined;
      if (late) return `${step.action.name} dates what is past ${late.date} (${late.key}); the case fixes today as ${today}`;
    }
    return inPopulation ? null : undefined;
  },
};

const SERPER_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** The days a published thing is dated on in an answer: arXiv's "Published: 2022-08-01", a search result's 'date': 'Sep 29, 2022', a record's publish / release date. */
export function publishedDates(content: string): string[] {
  const out: string[] = [];
  for (const m of content.matchAll(/\bPublished:\s*((?:19|20)\d\d-\d\d-\d\d)/g)) out.push(m[1]);
  for (const m of content.matchAll(/['"](?:date|published(?:_?date)?|publish_?date|release_?date|publication_?date)['"]:\s*['"]([A-Z][a-z]{2}) (\d{1,2}), ((?:19|20)\d\d)['"]/g)) {
    const month = SERPER_MONTHS.indexOf(m[1]);
    if (month >= 0) out.push(`${m[3]}-${String(month + 1).padStart(2, '0')}-${m[2].padStart(2, '0')}`);
  }
  for (const m of content.matchAll(/['"](?:published(?:_?date)?|publish_?date|publication_?date)['"]:\s*['"]((?:19|20)\d\d-\d\d-\d\d)/g)) out.push(m[1]);
  return out;
}

/**
 * A paper, article or result the case shows (recorded or simulated) published after the day the case
 * fixes as today: teval_query_246_0's recorded arXiv paper "Published: 2022-08-01" beside a simulated
 * clock at "2020-09-29 05:30". Today is what the user says it is, else what a clock answer the case
 * shows says, before or after the dated answer: both are the same task's now.
 */
export const shownPublishedAfterToday: CaseMeasure = {
  kind: 'case',
  id: 'shown_published_after_today',
  group: 'solvable',
  title: 'a paper, article or search result the case shows is dated after the today the case fixes (the user\'s words, else a clock answer it shows): a recorded arXiv paper "Published: 2022-08-01" beside get_curr_time "2020-09-29 05:30"',
  population: 'cases showing a dated paper, article or result where the user or a clock answer fixes today',
  check(tc, ctx) {
    const steps = shownSteps(tc, ctx);
    if (!steps) return undefined;
    const shown = steps.map((s) => ({ name: s.action.name, args: s.action.args, response: s.response?.content }));
    const year = [...steps.flatMap((s) => argumentDates(s.action)), ...groundTruthActions(tc).flatMap((a) => argumentDates(a))].map((d) => d.value.slice(0, 4)).sort()[0];
    const today = statedToday(userText(tc), year) ?? clockDay(shown);
    if (!today) return undefined;
    let inPopulation = false;
    for (const step of steps) {
      if (!step.response || step.response.error) continue;
      const dates = publishedDates(step.response.content);
      if (!dates.length) continue;
      inPopulation = true;
      const late = dates.filter((d) => d > today).sort().at(-1);
      if (late) return `${step.action.name} (${step.response.tier}) shows something published ${late}; the case fixes today as ${today}`;
    }
    return inPopulation ? null : undefined;
  },
};

/** How many items an answer's field holds, when it is a list or a record with a list of linked results (Serper's organic); undefined otherwise. */
function listedCount(value: unknown): number | undefined {
  if (Array.isArray(value)) return value.length;
  if (!isPlainObject(value)) return undefined;
  const lists = Object.values(value).filter((x): x is Record<string, unknown>[] => Array.isArray(x) && x.length > 0 && x.every(isPlainObject));
  const main = lists.find((x) => x.some((r) => typeof r.link === 'string' || typeof r.url === 'string'));
  return main?.length;
}

/**
 * A shown answer holding more items than the doc shown beside it allows: T-Eval's GoogleSearch doc
 * says "at most 3 items of google search results" and teval_query_369_0 showed Serper's recorded 10.
 * A case whose doc and answer disagree leaves a model to guess which to trust.
 */
export const shownAnswerOverDocCap: CaseMeasure = {
  kind: 'case',
  id: 'shown_answer_over_doc_cap',
  group: 'solvable',
  title: 'a shown answer holds more items than the tool doc the case shows allows (GoogleSearch "at most 3 items of google search results" answered with 10 recorded results)',
  population: 'cases showing an answer to a tool whose doc caps a list ("at most N", "a list of N")',
  check(tc, ctx) {
    const steps = shownSteps(tc, ctx);
    if (!steps) return undefined;
    let inPopulation = false;
    for (const step of steps) {
      const doc = tc.tools.find((t) => t.name === step.action.name);
      if (!doc || !step.response || step.response.error) continue;
      const answer = parseToolResponse(step.response.content);
      if (!isPlainObject(answer)) continue;
      for (const field of doc.return_data) {
        const cap = docListCap(field.description ?? '');
        const n = cap === undefined ? undefined : listedCount(answer[field.name]);
        if (cap === undefined || n === undefined) continue;
        inPopulation = true;
        if (n > cap) return `${step.action.name} (${step.response.tier}) lists ${n} ${field.name} items; its doc says "${field.description}"`;
      }
    }
    return inPopulation ? null : undefined;
  },
};

/**
 * A ground truth that asks again what the case already shows answered: the same call of a tool that
 * changes nothing, with the same arguments, answered without an error, and nothing changed since
 * (`get_arxiv_article_information("solar energy")` a second time; an environment case's retry of a
 * call an earlier step already made, or its "go on" step done before). Using the answer shown is
 * as right as the call, so the case has two right next steps.
 */
export const gtRepeatsAnsweredCall: CaseMeasure = {
  kind: 'case',
  id: 'gt_repeats_answered_call',
  group: 'solvable',
  title: 'ground truth repeats a read-only call the case already shows answered with the same arguments (nothing changed since), so using the shown answer is as right',
  population: 'cases whose ground truth calls a tool',
  check(tc) {
    const gts = groundTruthActions(tc).filter((g) => g.name !== FINISH_ACTION);
    if (!gts.length) return undefined;
    // The calls the case shows with their answers; an error case's last one is the step it is about.
    const shown: { action: Action; response: string }[] = [];
    tc.messages.forEach((m, i) => {
      const action = m.role === 'assistant' ? shownAction(m.content ?? '') : undefined;
      const next = tc.messages[i + 1];
      if (action && next?.role === 'function') shown.push({ action, response: next.content });
    });
    if (tc.errorType !== '' || tc.kind === 'external') shown.pop();
    for (const g of gts) {
      if (!changesNothing(g.name)) continue;
      for (let i = shown.length - 1; i >= 0; i--) {
        const { action, response } = shown[i];
        if (action.name === g.name && sameValue(action.args, g.args) && !isErrorResponse({ content: response })) return `${g.name} ${toJson(g.args).slice(0, 80)} was already answered`;
        if (!changesNothing(action.name)) break;
      }
    }
    return null;
  },
};

/**
 * How much of a case's messages shows correct calls: all of them, but an internal error case's own
 * wrong call; undefined when the case shows no call and its ground truth makes none.
 */
function correctHistoryEnd(tc: TestCase): number | undefined {
  const gts = Array.isArray(tc.groundTruth) ? tc.groundTruth : [tc.groundTruth];
  if (!gts.some((g) => g.name !== FINISH_ACTION) && !tc.messages.some((m) => m.role === 'assistant')) return undefined;
  const lastCall = tc.messages.map((m) => m.role).lastIndexOf('assistant');
  return tc.kind === 'internal' && tc.errorType !== '' ? lastCall : tc.messages.length;
}

/**
 * A call the case asks for or shows that passes an argument of another kind than its doc declares:
 * T-Eval's `get_author_id(mauthors="machine learning")` (a topic where the author's name belongs),
 * "first author", a paper's title; a company's name where a ticker belongs; free text where a
 * YYYY-MM-DD date belongs. An internal case's wrong call is the injected error and is not read.
 */
export const gtArgumentKindMismatch: CaseMeasure = {
  kind: 'case',
  id: 'gt_argument_kind_mismatch',
  group: 'solvable',
  title: 'a ground-truth or shown call passes an argument of another kind than its doc declares: a research topic, a paper title or "first author" where get_author_id takes the author\'s name, a company name where a ticker belongs, free text where a YYYY-MM-DD date belongs',
  population: 'cases whose ground truth or shown history calls a tool',
  check(tc) {
    const historyEnd = correctHistoryEnd(tc);
    if (historyEnd === undefined) return undefined;
    const m = argumentKindMismatch(tc.messages, tc.groundTruth, tc.tools, historyEnd);
    return m ? describeKindMismatch(m) : null;
  },
};

/**
 * A ground truth looking up an author the request leaves open (quality/undecidedAuthor.ts): T-Eval's
 * get_author_id("John Doe") for "search for the information of an author using his or her unique ID"
 * (teval_query_274_0), where any other author the search lists is as right a call.
 */
export const gtAuthorUndecided: CaseMeasure = {
  kind: 'case',
  id: 'gt_author_undecided',
  group: 'solvable',
  title: 'a ground truth looks up an author the request neither names nor points at ("the information of an author using his or her unique ID" → get_author_id("John Doe"), the first of the names the search lists): any other listed author is as right a call',
  population: 'cases whose ground truth passes a person\'s name where the doc asks for one',
  check(tc) {
    const gts = Array.isArray(tc.groundTruth) ? tc.groundTruth : [tc.groundTruth];
    const names = gts.some((a) => {
      const doc = tc.tools.find((t) => t.name === a.name);
      return isPlainObject(a.args) && [...(doc?.required_parameters ?? []), ...(doc?.optional_parameters ?? [])].some((p) => typeof (a.args as Record<string, unknown>)[p.name] === 'string' && declaredKind(p.name, p.description ?? '') === 'person');
    });
    if (!names) return undefined;
    return undecidedAuthor(tc.messages, tc.groundTruth, tc.tools) ?? null;
  },
};

/**
 * A shown call passing an author the request points at on one service, though no answer of that service
 * shown before it names them (quality/undecidedAuthor.ts confusedShownAuthor): teval_query_217_2's history
 * (or an error case's wrong call) looks up "Elad Hazan", the first arXiv paper's author, for "the author of
 * the first article on Google Scholar", whose recorded search names no authors. Nobody could derive that
 * step, so the case hands a confused pick over as settled.
 */
export const shownAuthorConfused: CaseMeasure = {
  kind: 'case',
  id: 'shown_author_confused',
  group: 'solvable',
  title: 'a shown call (history step or wrong call) looks up an author the request points at on one service that no answer of that service shown before it names ("the author of the first article on Google Scholar" → get_author_id("Elad Hazan"), the first arXiv author)',
  population: "cases showing a call that passes a person's name where the doc asks for one",
  check(tc) {
    const shows = tc.messages.some((m) => {
      if (m.role !== 'assistant') return false;
      const a = shownAction(m.content);
      return a !== undefined && personArgs(a, tc.tools).length > 0;
    });
    if (!shows) return undefined;
    return confusedShownAuthor(tc.messages, tc.tools) ?? null;
  },
};

/**
 * A ground truth picking one record of a shown list where the request leaves the pick open
 * (quality/undecidedPick.ts): T-Eval's get_citation_format(q="WLaj9ZUvTjoJ"), the first result, for
 * "provide the citation for one of the articles in MLA format" (teval_query_291_2): any other listed
 * result is as right a call.
 */
export const gtPickUndecided: CaseMeasure = {
  kind: 'case',
  id: 'gt_pick_undecided',
  group: 'solvable',
  title: 'a ground truth picks one record of a shown list where the request leaves the pick open ("the citation for one of the articles" → get_citation_format of the first result\'s id; "Choose one of these movies" → print_detail of the first film): any other listed record is as right a call',
  population: 'cases whose request leaves a pick among listed records open ("one of the articles") and whose ground truth calls a tool',
  check(tc) {
    const gts = Array.isArray(tc.groundTruth) ? tc.groundTruth : [tc.groundTruth];
    if (!gts.some((a) => a.name !== FINISH_ACTION) || !asksOpenPick(userText(tc))) return undefined;
    return undecidedPick(tc.messages, tc.groundTruth) ?? null;
  },
};

/**
 * A ground truth taking a later record of a shown list the history goes over while an earlier one has
 * not had the call yet (quality/undecidedPick.ts skippedSibling): teval_query_104_2's plan reads the
 * third property's reviews after the first's, though nothing puts it before the second.
 */
export const gtSkipsListedSibling: CaseMeasure = {
  kind: 'case',
  id: 'gt_skips_listed_sibling',
  group: 'solvable',
  title: "a ground truth takes a later record of a shown list whose records the history's calls of the same tool go over, while an earlier record has not had that call (get_property_reviews of the third property after the first's, the second's not read): the earlier record's call is as right a next step",
  population: 'internal cases whose ground truth calls a tool the shown history already called',
  check(tc) {
    if (tc.kind !== 'internal') return undefined;
    const historyEnd = correctHistoryEnd(tc);
    const gt = Array.isArray(tc.groundTruth) ? tc.groundTruth[0] : tc.groundTruth;
    if (historyEnd === undefined || !gt || gt.name === FINISH_ACTION) return undefined;
    if (!tc.messages.slice(0, historyEnd).some((m) => m.role === 'assistant' && shownAction(m.content)?.name === gt.name)) return undefined;
    return skippedSibling(tc.messages, tc.groundTruth, historyEnd) ?? null;
  },
};

/**
 * A ground truth that lists or walks folders toward a file the request asks to find by name while `find` is
 * listed and nothing shown places the file (quality/findServes.ts): BFCL's ls, then cd "project", for "Find
 * analysis_report.csv and … move it" (bfcl_multi_turn_base_5); find(name="analysis_report.csv") is as right.
 */
export const gtFindServesStep: CaseMeasure = {
  kind: 'case',
  id: 'gt_find_serves_step',
  group: 'solvable',
  title: 'a ground truth lists or walks folders (ls, cd) toward a file the request asks to find by name ("Find analysis_report.csv and … move it"), while `find` is listed and nothing shown places the file: find(name=…) is as right a next call',
  population: 'internal cases whose ground truth lists or changes a folder with the toolkit\'s `find` listed',
  check(tc) {
    if (tc.kind !== 'internal' || !walkBesideFind(tc.groundTruth, tc.tools)) return undefined;
    return findServesStep(tc.messages, tc.groundTruth, tc.tools) ?? null;
  },
};

/**
 * A tool that tells only today (no arguments, "get the weekday today") asked for or shown where the
 * request asks the weekday of another day ("the day of the week when it was released").
 */
export const gtTodayToolForOtherDay: CaseMeasure = {
  kind: 'case',
  id: 'gt_today_tool_for_other_day',
  group: 'solvable',
  title: 'a ground-truth or shown call of a tool that tells only today (TimeTool.get_weekday, "get the weekday today", no arguments) where the request asks the weekday of another day ("determine the day of the week when it was released"): its answer is today\'s weekday, not the one asked',
  population: 'cases whose ground truth or shown history calls a tool',
  check(tc) {
    const historyEnd = correctHistoryEnd(tc);
    if (historyEnd === undefined) return undefined;
    return todayToolForOtherDay(tc.messages, tc.groundTruth, tc.tools, historyEnd) ?? null;
  },
};

/** A ticker the request names, left out of a call whose doc takes one (T-Eval's `get_ticker_news()` for "news about 'AAPL'"). */
export const gtTickerLeftOut: CaseMeasure = {
  kind: 'case',
  id: 'gt_ticker_left_out',
  group: 'solvable',
  title: 'a ground-truth or shown call leaves out the ticker the request names though its doc takes one: get_ticker_news() for "the most recent news articles related to the stock ticker symbol \'AAPL\'", so the news is of no company in particular',
  population: 'cases whose ground truth or shown history calls a tool; a case whose request a noisy rewrite misspelt is judged by its base case',
  check(tc) {
    // Noise misspells the very words that say the news is the market's ("the latest ndws articles about the stock mwrket",
    // teval_query_377_2~noisy_query): the ground truth is its base case's, judged there on the words as written.
    if (tc.evolution?.applied.includes('noisy_query')) return undefined;
    const historyEnd = correctHistoryEnd(tc);
    if (historyEnd === undefined) return undefined;
    return tickerLeftOut(tc.messages, tc.groundTruth, tc.tools, historyEnd) ?? null;
  },
};

/**
 * A ground truth counting days ahead of a today the case never gives (quality/forecastDays.ts): T-Eval's
 * `forecast_weather(days=1)` for "the weather at these beaches on October 17, 2023" (teval_query_314_2),
 * with no clock answer and no "today is …": days=1 holds only if today is October 17.
 */
export const gtForecastDaysUnanchored: CaseMeasure = {
  kind: 'case',
  id: 'gt_forecast_days_unanchored',
  group: 'solvable',
  title: 'a ground truth counts a forecast\'s days ahead from a today the case never gives: forecast_weather(days=1) for "the weather … on October 17, 2023" with no clock answer and no "today is …" (days=2 or 3 is as right if today is earlier)',
  population: 'cases whose ground truth calls a tool counting days ahead (forecast_weather\'s "N upcoming days"); a case whose request a noisy rewrite misspelt is judged by its base case',
  check(tc) {
    // Noise can misspell the words that fix the count ("the next three dsys", teval_query_450_2-control-k1-cot~mixed):
    // the ground truth is its base case's, judged there on the words as written.
    if (tc.evolution?.applied.includes('noisy_query')) return undefined;
    const gts = Array.isArray(tc.groundTruth) ? tc.groundTruth : [tc.groundTruth];
    if (!gts.some((a) => a.name !== FINISH_ACTION && daysAheadParam(tc.tools.find((t) => t.name === a.name)))) return undefined;
    return unanchoredDayCount(tc.messages, tc.groundTruth, tc.tools, correctHistoryEnd(tc)) ?? null;
  },
};

/**
 * A ground truth passing free search text whose wording nothing the case shows fixes (quality/queryWording.ts):
 * T-Eval's serper_search(query="The Godfather movie information") for "search for additional information about
 * the first movie" (teval_query_477_1-control-k2), get_image(keywords="computer vision,image recognition") as the
 * go-on of 254_1-env-k3: "The Godfather" or "computer vision" is as careful a call.
 */
export const gtQueryWordingUnfixed: CaseMeasure = {
  kind: 'case',
  id: 'gt_query_wording_unfixed',
  group: 'solvable',
  title: 'a ground truth passes free search text (a search query, image keywords) in words no user turn, shown call or answer holds: serper_search(query="The Godfather movie information") for "search for additional information about the first movie" — "The Godfather" is as right a call',
  population: 'cases whose ground truth calls a tool taking free search text (a doc asking "the content of search query" or "keywords to describe")',
  check(tc) {
    const gts = Array.isArray(tc.groundTruth) ? tc.groundTruth : [tc.groundTruth];
    if (!gts.some((a) => a.name !== FINISH_ACTION && freeTextParams(tc.tools.find((t) => t.name === a.name)).some((k) => typeof a.args === 'object' && k in (a.args as object)))) return undefined;
    return unfixedQueryWording(tc.messages, tc.groundTruth, tc.tools) ?? null;
  },
};

/**
 * A shown call passing a date nothing before it shows or lets a model count (quality/dates.ts
 * unanchoredHistoryDate): T-Eval's check_availability(date="2023-11-15") for "a trip to New York next
 * month" (teval_query_5_1), get_property_checkout_price(checkIn="2023-10-25") for "the next week" (172_0),
 * with no today anywhere: the history shows the assistant making a date up. Turning such cases down (solv32 b2)
 * left only recordings listing ten or more availability days (simulated_list_shorter_than_recorded breached), so
 * standardize has the request state the plan's dates instead (stages/standardize/statedDates.ts); gated at 0.
 */
export const shownDateUnanchored: CaseMeasure = {
  kind: 'case',
  id: 'shown_date_unanchored',
  group: 'solvable',
  title: 'a shown call passes a date nothing before it shows in any form or lets a model count (no date the user or a clock gives): check_availability(date="2023-11-15") for "a trip to New York next month … my travel dates"',
  population: 'cases showing a call that passes a calendar date (an internal case\'s wrong call aside)',
  check(tc) {
    const historyEnd = tc.kind === 'internal' && tc.errorType !== '' ? tc.messages.map((m) => m.role).lastIndexOf('assistant') : tc.messages.length;
    const shown = tc.messages.slice(0, historyEnd).some((m) => {
      const a = m.role === 'assistant' ? shownAction(m.content) : undefined;
      return !!a && argumentDates(a).length > 0;
    });
    if (!shown) return undefined;
    const u = unanchoredHistoryDate(tc.messages, historyEnd);
    return u ? `${u.action} ${u.key}="${u.value}": no date before it to work it out from` : null;
  },
};

export const SOLVABLE_MEASURES: CaseMeasure[] = [
  coordinateAgainstDocAnywhere,
  shownDateUnanchored,
  gtForecastDaysUnanchored,
  gtQueryWordingUnfixed,
  envRetryBeforeWait,
  ...CARRIED_MEASURES,
  planGoesOnUnavailable,
  gtArgumentKindMismatch,
  gtAuthorUndecided,
  shownAuthorConfused,
  gtPickUndecided,
  gtSkipsListedSibling,
  gtFindServesStep,
  gtTickerLeftOut,
  gtTodayToolForOtherDay,
  unanchoredGroundTruthDate,
  gtTextUnlikeDictated,
  gtTextUnlikeAnswer,
  environmentErrorNamesToolkit,
  environmentErrorLimitNotPassed,
  unshownHistoryValue,
  unshownGroundTruth,
  absentGroundTruth,
  controlNotErrorFree,
  unsupportedAnswer,
  infeasibleSkip,
  finishWithStepsLeft,
  skipPassesOverStep,
  skipReportsFailedSuccess,
  skipPassesTranslatedPlace,
  answerDoorStateUndone,
  placeholderRetry,
  errorEqualsValidStep,
  httpErrorOnLocalTool,
  envErrorUnfitTool,
  envErrorUnfitNature,
  envThrottleCountUnreached,
  envRateAllowanceQuoted,
  envErrorRetryFutile,
  envFailedCallToItself,
  tripToItselfAnywhere,
  envLabelTextMismatch,
  envErrorCauseContradicts,
  gtPlaceholderArgument,
  shownPlaceholderArgument,
  shownBulletSplit,
  shownListUnlikeDoc,
  gtRepeatsAnsweredCall,
  inventedHost,
  unsafeIntegers,
  incoherentSimulation,
  contradictedSimulation,
  ignoredTicker,
  misdatedForecast,
  weekdayContradicts,
  datesContradictToday,
  shownPublishedAfterToday,
  shownAnswerOverDocCap,
];
