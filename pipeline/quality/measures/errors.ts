/**
 * Are the internal errors ones a real model would make, and does the case keep the answer to
 * itself? (issue 14.) The rules live in pipeline/quality/internalErrors.ts, shared with the
 * injectors' own checks; these are their rates over the shipped cases.
 */
import type { Action, TestCase } from '../../schemas.js';
import { errorOrigin, internalParts, responseHints, selectionSimilarity, thoughtLeaks, valueKindProblems } from '../internalErrors.js';
import { droppedValues, statesDroppedValue, type Leak } from '../../errors/leaks.js';
import type { CaseMeasure, SetMeasure } from '../types.js';
import { earlyLaterStep, isIdKey, laterStepToolOnOtherValues } from '../../errors/injectors/context.js';
import { nearMiss } from '../../errors/nearMiss.js';
import { changesNothing, laterStepsDoableEarly, stepsOnAnswerOf, toolSteps } from '../../steps.js';
import { helpfulLookup } from '../../errors/helpfulLookup.js';
import { answerEquivalent, continuesPlan, fairReading, plausiblePrecheck, repeatsPrevious, statusLook } from '../../errors/benignSelect.js';
import { shownAction } from '../evidence.js';
import { wrongCallChangedState } from '../../errors/sideEffects.js';
import { matchedInAnyCase, pairOrder, symmetricInEnds } from '../../errors/injectors/paramValue.js';
import { apiOf, isPlainObject } from '../../errors/values.js';
import { intentOf } from '../../thoughtPhrases.js';
import { toolPurpose } from '../../errors/injectors/thoughts.js';
import { escapeRegExp } from '../../errors/vocabulary.js';
import { toJson } from '../../pyValues.js';
import { validateCall } from '../../resolution/simulatorRules.js';
import { isErrorResponse } from '../../errors/responses.js';
import { destroysUnasked } from '../../errors/destructive.js';
import { secondDefect } from '../../errors/wrongCall.js';
import { formatSlip, refusesCall } from '../../errors/formatSlip.js';
import { areaSwap, otherKind, swapUndecided, undecidedFlag, underivableTruth } from '../../errors/valueDoubt.js';
import { kindOfParam } from '../../errors/kinds.js';
import { shownBeforeLastCall, unstatedValue } from '../../errors/unstated.js';

function hintMeasure(id: string, what: Leak['what'], types: TestCase['errorType'][], title: string, population: string): CaseMeasure {
  return {
    kind: 'case',
    id,
    group: 'errors',
    title,
    population,
    check(tc) {
      if (tc.kind !== 'internal' || !types.includes(tc.errorType)) return undefined;
      const hints = responseHints(tc).filter((l) => l.what === what);
      return hints.length ? `"${tc.messages[tc.messages.length - 1].content.slice(0, 100)}" gives away ${hints[0].text.slice(0, 40)}` : null;
    },
  };
}

export const toolErrorHint = hintMeasure('tool_error_hint', 'tool', ['tool_select_error', 'tool_hallucination_error'], 'response to a wrong / invented tool names the correct tool', 'tool_select and tool_hallucination cases');
export const keyErrorHint = hintMeasure(
  'key_error_hint',
  'key',
  ['parameters_key_error'],
  'response to a key error names the correct key (fair when the key is missing: an API says which; BFCL\'s own TypeErrors name keys)',
  'parameters_key cases',
);
export const valueErrorHint = hintMeasure('value_error_hint', 'value', ['parameters_value_error'], 'response to a wrong value states the correct value', 'parameters_value cases');

/**
 * A "wrong tool" that is a later step of the same request done early: the same tool, no argument
 * against that step's (get_ticker_news(ticker="AAPL") when the request also asks for the news).
 * A model that calls it made no mistake, so a case asking it to find one misleads.
 */
export const toolSelectEarlyStep: CaseMeasure = {
  kind: 'case',
  id: 'tool_select_early_step',
  group: 'errors',
  title: 'a tool selection "error" that is a later step of the same request done early (the same tool, no argument against it, a step that does not need the one due first)',
  population: 'tool_select cases whose trajectory resolve kept',
  check(tc, ctx) {
    if (tc.kind !== 'internal' || tc.errorType !== 'tool_select_error' || !tc.erroneousAction) return undefined;
    const trajectory = ctx.trajectory(tc.trajectoryId);
    if (!trajectory) return undefined;
    const later = laterStepsDoableEarly(trajectory, tc.k);
    const early = earlyLaterStep(tc.erroneousAction, later.map(({ step }) => step.action));
    return early ? `${tc.erroneousAction.name} is step ${later.find(({ step }) => step.action === early)!.k} of the same request, which does not need step ${tc.k} first` : null;
  },
};

/**
 * A "wrong tool" that is the tool of a later step of the same request, one that does not need the
 * step due first, called on none of the due step's values (teval_query_116_1: Email.show(only_unread)
 * while get_property_reviews(28722771) is due and the request asks to "show the emails" next): the
 * tool is right for a part of the request, so after it a model may as well redo that step rightly
 * as take the step the ground truth names — a second right next call. A later step's tool on the due
 * step's own values (search_movie("artificial intelligence") where the paper search is due) is a
 * wrong tool for this step and stays a case.
 */
export const toolSelectLaterStepTool: CaseMeasure = {
  kind: 'case',
  id: 'tool_select_later_step_tool',
  group: 'errors',
  title: 'a tool selection "error" whose tool is that of a later step of the same request that does not need the one due first, called on none of the due step\'s values (Email.show while get_property_reviews(28722771) is due and "show the emails" comes next): redoing that step rightly is as right a next call',
  population: 'tool_select cases whose trajectory resolve kept',
  check(tc, ctx) {
    if (tc.kind !== 'internal' || tc.errorType !== 'tool_select_error' || !tc.erroneousAction) return undefined;
    const trajectory = ctx.trajectory(tc.trajectoryId);
    if (!trajectory) return undefined;
    if (Array.isArray(tc.groundTruth)) return undefined;
    const later = laterStepsDoableEarly(trajectory, tc.k);
    const same = laterStepToolOnOtherValues(tc.erroneousAction, tc.groundTruth, later.map(({ step }) => step.action));
    const k = same && later.find(({ step }) => step.action === same)!.k;
    return same ? `${tc.erroneousAction.name}, on none of ${tc.groundTruth.name}'s values, is the tool of step ${k} of the same request, which does not need step ${tc.k} first` : null;
  },
};

/**
 * The same with any later lookup of a T-Eval turn that takes nothing the due step answers, whatever
 * toolkit the steps between change: teval_query_229_2 drew PPT.get_image on another keyword while
 * add_text_page was due and the request asks for "an image related to programming" next. Fetching
 * an image reads the web, not the deck, so getting the programming image now is as right a next
 * call as the text page. BFCL's lookups read the state its calls share (find after cd) and are left out.
 */
export const toolSelectLaterLookupTool: CaseMeasure = {
  kind: 'case',
  id: 'tool_select_later_lookup_tool',
  group: 'errors',
  title: 'a T-Eval tool selection "error" whose tool is that of a later lookup of the same turn taking nothing the due step answers, called on none of the due step\'s values (PPT.get_image on another keyword while add_text_page is due): doing that lookup rightly is as right a next call',
  population: 'T-Eval tool_select cases whose trajectory resolve kept',
  check(tc, ctx) {
    if (tc.kind !== 'internal' || tc.errorType !== 'tool_select_error' || !tc.erroneousAction || Array.isArray(tc.groundTruth)) return undefined;
    const trajectory = ctx.trajectory(tc.trajectoryId);
    if (!trajectory || trajectory.source !== 'teval') return undefined;
    const steps = toolSteps(trajectory);
    const at = steps[tc.k - 1];
    if (!at) return undefined;
    const waiting = new Set(stepsOnAnswerOf(trajectory, tc.k).map((s) => s.k));
    const wrong = tc.erroneousAction;
    const correct = tc.groundTruth;
    const later = steps.slice(tc.k).find((s) => s.turnIndex === at.turnIndex && s.step.action.name === wrong.name && wrong.name !== correct.name && changesNothing(s.step.action.name) && !waiting.has(s.k));
    if (!later) return null;
    const own = isPlainObject(correct.args) ? Object.values(correct.args).map((v) => String(v).toLowerCase()) : [];
    const given = isPlainObject(wrong.args) ? Object.values(wrong.args).map((v) => String(v).toLowerCase()) : [];
    if (given.some((v) => own.some((o) => o === v || o.startsWith(`${v},`) || v.startsWith(`${o},`)))) return null;
    return `${wrong.name}, on none of ${correct.name}'s values, is the lookup of step ${later.k} of the same turn, which takes nothing step ${tc.k} answers`;
  },
};

/**
 * A tool selection "error" that is a lookup answering a value the correct call needs and nothing
 * showed before (get_nearest_airport_by_city answering "SFO" before get_flight_cost(travel_from="SFO")):
 * a step toward the correct call, not a wrong one.
 */
export const toolSelectHelpfulLookup: CaseMeasure = {
  kind: 'case',
  id: 'tool_select_helpful_lookup',
  group: 'errors',
  title: 'a tool selection "error" that is a lookup whose answer gives a value the correct call takes and nothing before showed (a step toward the correct call)',
  population: 'tool_select cases',
  check(tc) {
    if (tc.kind !== 'internal' || tc.errorType !== 'tool_select_error' || !tc.erroneousAction || Array.isArray(tc.groundTruth)) return undefined;
    const answer = tc.messages[tc.messages.length - 1];
    const before = tc.messages.slice(0, -2).filter((m) => m.role !== 'system').map((m) => m.content).join('\n');
    const gives = helpfulLookup(tc.groundTruth, tc.erroneousAction, answer?.role === 'function' ? answer.content : '', before);
    return gives ? `${tc.erroneousAction.name} answers ${gives}, which ${tc.groundTruth.name} takes and nothing showed before` : null;
  },
};

/**
 * A tool selection "error" whose answer already gives what the correct call answers (pipeline/errors/benignSelect.ts (a)):
 * get_all_credit_cards listing "balance": 1500.75 for card_4455 when get_credit_card_balance(card_4455) is due.
 */
export const toolSelectAnswerEquivalent: CaseMeasure = {
  kind: 'case',
  id: 'tool_select_answer_equivalent',
  group: 'errors',
  title: 'a tool selection "error" that only reads, went through and whose answer holds every value the correct call answers (get_all_credit_cards giving "balance": 1500.75 for get_credit_card_balance(card_4455)): answering from it is as right',
  population: 'tool_select cases whose trajectory resolve kept',
  check(tc, ctx) {
    if (tc.kind !== 'internal' || tc.errorType !== 'tool_select_error' || !tc.erroneousAction || Array.isArray(tc.groundTruth)) return undefined;
    const trajectory = ctx.trajectory(tc.trajectoryId);
    if (!trajectory) return undefined;
    const answer = tc.messages[tc.messages.length - 1];
    const correctAnswer = toolSteps(trajectory)[tc.k - 1]?.step.response?.content;
    return answerEquivalent(tc.groundTruth, tc.erroneousAction, correctAnswer, answer?.role === 'function' ? answer.content : undefined) ?? null;
  },
};

/**
 * A tool selection "error" that is a read of the same toolkit about the same object or session
 * before a step that changes it (benignSelect.ts (b)): ticket_get_login_status before create_ticket,
 * get_flight_cost(SFO→LAX) before book_flight(SFO→LAX), pwd before cd.
 */
export const toolSelectPlausiblePrecheck: CaseMeasure = {
  kind: 'case',
  id: 'tool_select_plausible_precheck',
  group: 'errors',
  title: 'a tool selection "error" that is a plausible pre-check: a read of the same toolkit naming nothing the correct state-changing call does not name (ticket_get_login_status before create_ticket, get_flight_cost before book_flight, get_account_info before place_order, pwd before cd)',
  population: 'tool_select cases',
  check(tc) {
    if (tc.kind !== 'internal' || tc.errorType !== 'tool_select_error' || !tc.erroneousAction || Array.isArray(tc.groundTruth)) return undefined;
    const requests = tc.messages.filter((m) => m.role === 'user').map((m) => m.content).join('\n');
    return plausiblePrecheck(tc.groundTruth, tc.erroneousAction, tc.tools, requests) ?? null;
  },
};

/**
 * A tool selection "error" that is the step just before done again (benignSelect.ts repeatsPrevious):
 * search_nearby(search_term="restaurant") right after search_nearby(places="Times Square", radius=1000,
 * search_term="restaurant") when get_coordinates("Central Park") is due — the same tool as that step
 * with keys dropped, not a wrong tool for this one.
 */
export const toolSelectRepeatsPrevious: CaseMeasure = {
  kind: 'case',
  id: 'tool_select_repeats_previous',
  group: 'errors',
  title: 'a tool selection "error" that repeats the step just before: its tool, naming nothing the correct call names or keeping a value of that step the correct call does not give (search_nearby(search_term="restaurant") again, places and radius dropped, when get_coordinates is due)',
  population: 'tool_select cases whose trajectory resolve kept',
  check(tc, ctx) {
    if (tc.kind !== 'internal' || tc.errorType !== 'tool_select_error' || !tc.erroneousAction || Array.isArray(tc.groundTruth)) return undefined;
    const trajectory = ctx.trajectory(tc.trajectoryId);
    if (!trajectory) return undefined;
    const previous = toolSteps(trajectory)[tc.k - 2]?.step.action;
    return repeatsPrevious(tc.groundTruth, tc.erroneousAction, previous, tc.tools) ?? null;
  },
};

/**
 * A tool selection "error" that carries on the plan (benignSelect.ts continuesPlan): an earlier step's
 * tool again on its record with an argument left out (check_availability(41020735) after
 * check_availability(41020735, date="2023-10-25"), teval_query_172_0), or on the next record of a
 * list the plan is putting through that tool (get_movie_details(27205), Inception, after the five
 * popular films before it, 262_2). The case shows the calls before the wrong one with their answers.
 */
export const toolSelectContinuesPlan: CaseMeasure = {
  kind: 'case',
  id: 'tool_select_continues_plan',
  group: 'errors',
  title: 'a tool selection "error" that carries on the plan: an earlier step\'s tool again on its record with an argument left out (check_availability(41020735) after check_availability(41020735, date="2023-10-25") for "available for the next week"), or on the next record of a list the plan is putting through it (get_movie_details of Inception, the sixth popular film, after the first five)',
  population: 'tool_select cases',
  check(tc) {
    if (tc.kind !== 'internal' || tc.errorType !== 'tool_select_error' || !tc.erroneousAction || Array.isArray(tc.groundTruth)) return undefined;
    const earlier: { name: string; args: unknown; response?: string }[] = [];
    tc.messages.slice(0, -2).forEach((m, i, all) => {
      if (m.role !== 'assistant') return;
      const a = shownAction(m.content);
      if (a && a.name !== 'FinishAction') earlier.push({ name: a.name, args: a.args, ...(all[i + 1]?.role === 'function' ? { response: all[i + 1].content } : {}) });
    });
    return continuesPlan(tc.groundTruth, tc.erroneousAction, earlier) ?? null;
  },
};

/**
 * A tool selection "error" that is a look around the session before a read of a named object
 * (benignSelect.ts (c)): ls before cat(file3.txt), get_order_history before get_order_details(12446).
 */
export const toolSelectStatusLook: CaseMeasure = {
  kind: 'case',
  id: 'tool_select_status_look',
  group: 'errors',
  title: 'a tool selection "error" that is a look at the session (a read of the same toolkit naming nothing) before a read of what the request names (ls or pwd before cat(file3.txt), get_order_history before get_order_details(12446)): not a different action on the request\'s object',
  population: 'tool_select cases',
  check(tc) {
    if (tc.kind !== 'internal' || tc.errorType !== 'tool_select_error' || !tc.erroneousAction || Array.isArray(tc.groundTruth)) return undefined;
    return statusLook(tc.groundTruth, tc.erroneousAction, tc.tools) ?? null;
  },
};

/**
 * A tool selection "error" that removes what the request never asked to remove (errors/destructive.ts):
 * remove_stock_from_watchlist(MSFT) for "give me a detailed update on Microsoft's stock", rmdir("documents")
 * for "draft a document in documents", delete_message(USR007) for "dispatch a message to USR007". The
 * opposite action on the user's object is no tool a model takes for the right one.
 */
export const toolSelectDestroysUnasked: CaseMeasure = {
  kind: 'case',
  id: 'tool_select_destroys_unasked',
  group: 'errors',
  title: 'a tool selection "error" that removes what the request never asked to remove (remove_stock_from_watchlist for a stock\'s details, rmdir("documents") for a file to write there, delete_message for a message to send): the opposite action, not a tool taken for the right one',
  population: 'tool_select cases',
  check(tc) {
    if (tc.kind !== 'internal' || tc.errorType !== 'tool_select_error' || !tc.erroneousAction || Array.isArray(tc.groundTruth)) return undefined;
    const request = [...tc.messages].reverse().find((m) => m.role === 'user')?.content ?? '';
    return destroysUnasked(tc.groundTruth.name, tc.erroneousAction.name, request) ?? null;
  },
};

/** A verb's forms a request may use ("create", "creates", "created", "creating"). */
function verbForms(verb: string): RegExp {
  const stem = verb.replace(/e$/, '');
  return new RegExp(`\\b(?:${escapeRegExp(verb)}|${escapeRegExp(verb)}s|${escapeRegExp(stem)}ed|${escapeRegExp(stem)}ing|${escapeRegExp(verb)}es)\\b`, 'i');
}

/**
 * What the wrong call's thought in a tool selection case states of the act it does, when that is
 * the wrong tool's own act and the request never asks it: "The first thing to do is to create a new
 * directory, which `mkdir` handles" for "First cd within the 'ResearchDocs' directory", "I need to
 * retrieve all booking history" for "ascertain my current balance". A model that picks the wrong
 * tool believes it does what the step needs; a thought that says it does something else was not
 * slipping but doing something other than asked.
 */
export function thoughtStatesOtherAct(tc: TestCase): string | undefined {
  if (tc.kind !== 'internal' || tc.errorType !== 'tool_select_error' || !tc.cot || !tc.erroneousAction?.thought || Array.isArray(tc.groundTruth)) return undefined;
  const wrong = tc.erroneousAction;
  const wrongDoc = tc.tools.find((t) => t.name === wrong.name);
  const rightDoc = tc.tools.find((t) => t.name === (tc.groundTruth as Action).name);
  if (!wrongDoc) return undefined;
  const argsOf = (a: Action['args']) => (isPlainObject(a) || typeof a === 'string' ? a : {});
  const act = intentOf(wrongDoc.description, apiOf(wrong.name), argsOf(wrong.args));
  const rightAct = rightDoc ? intentOf(rightDoc.description, apiOf(tc.groundTruth.name), argsOf(tc.groundTruth.args)) : '';
  const said = [act, toolPurpose(wrongDoc)].find((a): a is string => !!a && a.length > 6 && a !== rightAct && tc.erroneousAction!.thought!.toLowerCase().includes(a.toLowerCase()));
  if (!said) return undefined;
  const verb = /^[a-z]+/.exec(said.toLowerCase())?.[0] ?? '';
  const requests = tc.messages.filter((m) => m.role === 'user').map((m) => m.content).join('\n');
  if (verb.length > 2 && verbForms(verb.replace(/s$/, '')).test(requests)) return undefined;
  return `the thought says the call will "${said}", which the request never asks: "${tc.erroneousAction.thought.slice(0, 110)}"`;
}

export const toolSelectThoughtStatesOtherAct: CaseMeasure = {
  kind: 'case',
  id: 'tool_select_thought_states_other_act',
  group: 'errors',
  title: 'CoT tool selection: the wrong call\'s thought states the wrong tool\'s own act, one the request never asks ("The first thing to do is to create a new directory, which `mkdir` handles" for "First cd within the \'ResearchDocs\' directory"), so it reads as doing something other than asked, not as a slip',
  population: 'CoT tool_select cases',
  check(tc) {
    if (tc.kind !== 'internal' || tc.errorType !== 'tool_select_error' || !tc.cot || !tc.erroneousAction?.thought) return undefined;
    return thoughtStatesOtherAct(tc) ?? null;
  },
};

/**
 * A tool selection "error" that is a fair reading of the request (benignSelect.ts fairReading):
 * get_property_details for "review no more than three of these properties" where
 * get_property_reviews is due (0_1) — "review" is the request's verb, which a look at the details does too.
 */
export const toolSelectFairReading: CaseMeasure = {
  kind: 'case',
  id: 'tool_select_fair_reading',
  group: 'errors',
  title: 'a tool selection "error" that is a fair reading of the request: a read of the same object in the same toolkit, where the word naming what the correct tool returns is in the request only as a verb (get_property_details for "review no more than three of these properties" when get_property_reviews is due, 0_1)',
  population: 'tool_select cases',
  check(tc) {
    if (tc.kind !== 'internal' || tc.errorType !== 'tool_select_error' || !tc.erroneousAction || Array.isArray(tc.groundTruth)) return undefined;
    const requests = tc.messages.filter((m) => m.role === 'user').map((m) => m.content).join('\n');
    return fairReading(tc.groundTruth, tc.erroneousAction, tc.tools, requests) ?? null;
  },
};

export const thoughtLeak: CaseMeasure = {
  kind: 'case',
  id: 'thought_leak',
  group: 'errors',
  title: 'CoT: the thought before the wrong call states the correct tool, key or value, or says the call takes a value it does not pass ("12:00" comes straight from the request, then end_time="12:00 PM")',
  population: 'CoT internal error cases',
  check(tc) {
    if (!tc.cot || tc.kind !== 'internal' || tc.errorType === '') return undefined;
    const leaks = thoughtLeaks(tc);
    return leaks.length ? `the thought states the correct ${leaks[0].what} ${leaks[0].text.slice(0, 40)}: "${(tc.erroneousAction?.thought ?? '').slice(0, 80)}"` : null;
  },
};

export const thoughtStatesDroppedValue: CaseMeasure = {
  kind: 'case',
  id: 'thought_states_dropped_value',
  group: 'errors',
  title: 'CoT: the thought before a call that leaves out a required key states that key\'s value, or says the call needs no input (it contradicts the call it announces)',
  population: 'CoT parameters_key cases whose wrong call leaves a ground-truth value out altogether',
  check(tc) {
    if (!tc.cot || tc.errorType !== 'parameters_key_error' || !tc.erroneousAction || Array.isArray(tc.groundTruth)) return undefined;
    const correct = tc.groundTruth as Action;
    if (droppedValues(correct, tc.erroneousAction).length === 0) return undefined;
    const thought = tc.erroneousAction.thought ?? '';
    const stated = statesDroppedValue(thought, correct, tc.erroneousAction);
    if (stated) return `the thought states ${stated.slice(0, 40)}, which the call then leaves out: "${thought.slice(0, 100)}"`;
    if (/needs no (further )?input/i.test(thought)) return `the thought says the call needs no input, yet it leaves out a required key: "${thought.slice(0, 100)}"`;
    return null;
  },
};

/**
 * A key error that leaves out a required key whose ground-truth value is a free choice the case never
 * states before the wrong call (errors/unstated.ts): contact_customer_support's message "Please assist
 * with my confirmed booking." when the user only said "mention my confirmed booking". The corrected call
 * fills in what nobody gave: a model that asks the user is marked wrong, one that guesses matches by luck.
 * A value the user gave in another form (NVDA for "Nvidia", 20.0 for "20 liters") or an earlier answer
 * or call shows is no free choice.
 */
export const keyErrorValueUnstated: CaseMeasure = {
  kind: 'case',
  id: 'key_error_value_unstated',
  group: 'errors',
  title: 'a key error leaves out a required key whose ground-truth value the case never states before the wrong call (message="Please assist with my confirmed booking." for "mention my confirmed booking"): the corrected call is a guess',
  population: 'parameters_key cases whose wrong call leaves a required key\'s value out altogether',
  check(tc) {
    if (tc.kind !== 'internal' || tc.errorType !== 'parameters_key_error' || !tc.erroneousAction || Array.isArray(tc.groundTruth)) return undefined;
    const correct = tc.groundTruth as Action;
    const required = new Set(tc.tools.find((t) => t.name === correct.name)?.required_parameters.map((p) => p.name) ?? []);
    const dropped = droppedValues(correct, tc.erroneousAction).filter((d) => required.has(d.key));
    if (dropped.length === 0) return undefined;
    const shown = shownBeforeLastCall(tc.messages);
    for (const d of dropped) {
      const why = unstatedValue(d.key, d.value, shown, correct.name);
      if (why) return `${correct.name} leaves out ${why}`;
    }
    return null;
  },
};

export const implausibleValue: CaseMeasure = {
  kind: 'case',
  id: 'value_implausible',
  group: 'errors',
  title: 'injected value not of its parameter\'s kind (a fragment of a name, a month or weekday as a name, a clause of the request, another parameter\'s value; a value error of another kind than its slot: travel_class="travel_card_12345", location="Product Inquiry", an arXiv search for a place the request names; a swap of two arguments, a company\'s name for its ticker, another city are real slips)',
  population: 'parameters_value and tool_select cases whose error was made up (a recorded or observed model error is real as it is)',
  check(tc) {
    if (tc.errorType !== 'parameters_value_error' && tc.errorType !== 'tool_select_error') return undefined;
    const origin = errorOrigin(tc);
    if (origin === 'recorded' || origin === 'observed') return undefined;
    const problems = valueKindProblems(tc);
    return problems.length ? problems[0] : null;
  },
};

export const confusableTools: SetMeasure = {
  kind: 'set',
  id: 'tool_select_similarity',
  group: 'errors',
  title: 'tool_select: similarity of the selected tool to the correct one (a random tool of the same prompt in the detail)',
  population: 'tool_select cases',
  better: 'higher',
  score(cases) {
    let injected = 0;
    let random = 0;
    let n = 0;
    const low: { id: string; detail: string; s: number }[] = [];
    for (const tc of cases) {
      const s = selectionSimilarity(tc);
      if (!s) continue;
      injected += s.injected;
      random += s.random;
      n++;
      low.push({ id: tc.id, detail: `${tc.erroneousAction?.name} for ${(tc.groundTruth as { name: string }).name} (similarity ${s.injected.toFixed(2)}, random ${s.random.toFixed(2)})`, s: s.injected });
    }
    if (n === 0) return undefined;
    low.sort((a, b) => a.s - b.s || a.id.localeCompare(b.id));
    return { value: injected / n, n, detail: `a random tool of the same prompt: ${(random / n).toFixed(3)}; the least similar picks below`, examples: low.slice(0, 3) };
  },
};

export const realErrors: SetMeasure = {
  kind: 'set',
  id: 'real_error_share',
  group: 'errors',
  title: 'internal errors that are real (recorded in T-Eval or observed from a model) rather than injected',
  population: 'internal error cases',
  better: 'higher',
  score(cases) {
    const byType = new Map<string, [number, number]>();
    let real = 0;
    let n = 0;
    for (const tc of cases) {
      const origin = errorOrigin(tc);
      if (!origin) continue;
      const isReal = origin === 'recorded' || origin === 'observed';
      const e = byType.get(tc.errorType) ?? [0, 0];
      e[1]++;
      if (isReal) e[0]++;
      byType.set(tc.errorType, e);
      n++;
      if (isReal) real++;
    }
    if (n === 0) return undefined;
    const detail = [...byType].sort().map(([t, [r, total]]) => `${t.replace(/_error$/, '')} ${r}/${total}`).join(', ');
    return { value: real / n, n, detail };
  },
};

/**
 * Why an injected value "error" is a value the service takes as the right one, or undefined: a search
 * term, place or listed option in another letter case ("ibm" finds IBM's ticker), the two ends of a
 * distance swapped. A model that calls such a call correct is right, so the case has two answers.
 */
export function valueNotWrong(tc: Pick<TestCase, 'tools' | 'groundTruth' | 'erroneousAction'>): string | undefined {
  const wrong = tc.erroneousAction;
  const correct = Array.isArray(tc.groundTruth) ? undefined : (tc.groundTruth as Action);
  if (!wrong || !correct || wrong.name !== correct.name || !isPlainObject(wrong.args) || !isPlainObject(correct.args)) return undefined;
  const [right, given] = [correct.args as Record<string, unknown>, wrong.args as Record<string, unknown>];
  const doc = tc.tools.find((t) => t.name === correct.name);
  const params = [...(doc?.required_parameters ?? []), ...(doc?.optional_parameters ?? [])];
  const changed = Object.keys(right).filter((k) => toJson(right[k]) !== toJson(given[k]));
  for (const key of changed) {
    const [was, now] = [right[key], given[key]];
    if (typeof was === 'string' && typeof now === 'string' && was.toLowerCase() === now.toLowerCase() && matchedInAnyCase(key, params.find((p) => p.name === key), was)) {
      return `${key} "${now}" for "${was}": ${correct.name} matches it in any letter case`;
    }
  }
  if (doc && changed.length === 2 && symmetricInEnds(doc)) {
    const [a, b] = changed;
    const [ca, cb, wa, wb] = [right[a], right[b], given[a], given[b]];
    if (toJson(ca) === toJson(wb) && toJson(cb) === toJson(wa)) return `${a} and ${b} swapped: ${correct.name} is the same either way round`;
  }
  return undefined;
}

export const valueErrorNotWrong: CaseMeasure = {
  kind: 'case',
  id: 'value_error_not_wrong',
  group: 'errors',
  title: 'injected value "error" the service takes as the right value ("ibm" for IBM in a ticker search, "new york city" for a place, the two ends of a distance swapped)',
  population: 'parameters_value cases whose error was made up (a recorded or observed model error is real as it is)',
  check(tc) {
    if (tc.errorType !== 'parameters_value_error') return undefined;
    const origin = errorOrigin(tc);
    if (origin === 'recorded' || origin === 'observed') return undefined;
    return valueNotWrong(tc) ?? null;
  },
};

/**
 * A wrong call that changed state and went through: after `place_order(amount=101)` filled, the
 * ground truth's second order is one right next step of two (cancelling the first is the other).
 */
export const errorChangesState: CaseMeasure = {
  kind: 'case',
  id: 'error_changes_state',
  group: 'errors',
  title: 'a wrong tool or value that changed state and went through (an order filled, an email sent, a slide added), so undoing it is as right a next step as the correct call',
  population: 'tool_select and parameters_value cases',
  check(tc) {
    if ((tc.errorType !== 'tool_select_error' && tc.errorType !== 'parameters_value_error') || !tc.erroneousAction) return undefined;
    const answer = tc.messages[tc.messages.length - 1];
    if (answer?.role !== 'function') return undefined;
    return wrongCallChangedState(tc.erroneousAction.name, { content: answer.content }) ? `${tc.erroneousAction.name} went through: "${answer.content.slice(0, 80)}"` : null;
  },
};

/**
 * A simulated wrong call the tool itself must refuse, answered with a success: `search_nearby` at
 * longitude 1153.11 listing "Parkside Beach", a checkout price for check-out 2023-10-22 after
 * check-in 2023-10-25, free rooms from 12:00 to 10:00 (validateCall's reversedWindow). The error then hides behind a plausible answer that no
 * real service could give.
 */
export const errorAcceptedImpossible: CaseMeasure = {
  kind: 'case',
  id: 'error_accepted_impossible',
  group: 'errors',
  title: 'a wrong call its own tool doc rules out (a parameter of the wrong type, coordinates off the globe, a window that ends before it starts) answered with a success by the simulator',
  population: 'T-Eval tool_select and parameters_value cases',
  check(tc) {
    if (tc.source !== 'teval' || (tc.errorType !== 'tool_select_error' && tc.errorType !== 'parameters_value_error') || !tc.erroneousAction) return undefined;
    const answer = tc.messages[tc.messages.length - 1];
    if (answer?.role !== 'function') return undefined;
    const problems = validateCall(tc.erroneousAction.name, tc.erroneousAction.args, tc.tools);
    return problems.length && !refusesCall(answer.content) ? `${problems[0]}, yet answered "${answer.content.slice(0, 70)}"` : null;
  },
};

/**
 * A wrong call wrong a second way besides its label (pipeline/errors/wrongCall.ts): a wrong tool
 * called with arguments its own doc rules out or an id nobody gave (`lockDoors(door="driver")`
 * answered "Error during execution: 'd'", `cancel_booking(booking_id="2026")` from "expire in
 * 2026"), a key error that also changes a value or moves it to another documented slot, a value
 * error of the wrong type ("5" for 5), an invented tool whose arguments are not the ground truth's.
 */
export const wrongCallSecondDefect: CaseMeasure = {
  kind: 'case',
  id: 'wrong_call_second_defect',
  group: 'errors',
  title: 'a wrong call wrong a second way besides its label: a wrong tool whose arguments break its own doc (type, required key, option, an id nobody gave) or are answered with an argument / execution error; a key error that changes a value or names another documented parameter; a value error of the wrong type or with keys changed; an invented tool with other arguments than the ground truth',
  population: 'internal error cases (base and evolved)',
  check(tc) {
    const p = internalParts(tc);
    if (!p) return undefined;
    const shown = tc.messages
      .slice(0, -2)
      .filter((m) => m.role !== 'system')
      .map((m) => m.content)
      .join('\n');
    const last = tc.messages[tc.messages.length - 1];
    const defect = secondDefect(p.type, p.correct, p.erroneous, tc.tools, { shown, ...(last?.role === 'function' ? { response: last.content } : {}) });
    return defect ? `${p.type.replace(/_error$/, '')}: ${defect}` : null;
  },
};

/**
 * A value error that is the right value in another form, which the tool took and answered as a
 * success ("2026/11/15" for get_flight_cost's 2026-11-15 answered {"travel_cost_list": [2400.0]},
 * "17.00" for 17:00 answered with free rooms): nothing went wrong, so going on is as right as
 * redoing the call and the case has no one right next step. A form the tool refuses ("Time should
 * be in xx:xx format.") makes a real value error.
 */
export const valueErrorAcceptedSlip: CaseMeasure = {
  kind: 'case',
  id: 'value_error_accepted_slip',
  group: 'errors',
  title: 'parameters_value_error whose wrong value is the right one in another form ("2026/11/15" for 2026-11-15, "17.00" or "5:00 PM" for 17:00) and whose wrong call was answered as a success, like the correct call',
  population: 'parameters_value_error cases',
  check(tc) {
    if (tc.kind !== 'internal' || tc.errorType !== 'parameters_value_error' || !tc.erroneousAction) return undefined;
    const answer = tc.messages[tc.messages.length - 1];
    const correct = Array.isArray(tc.groundTruth) ? tc.groundTruth[0] : tc.groundTruth;
    const slip = formatSlip(correct, tc.erroneousAction);
    return slip && answer?.role === 'function' && !refusesCall(answer.content) ? `${slip}, and the call was answered "${answer.content.slice(0, 70)}"` : null;
  },
};

/**
 * A value error so close to the right value that a model could take the call as right and go on
 * (errors/nearMiss.ts): radius 1001 for "1 kilometer", search_term "art exhibitions" for "art
 * gallery", the weather at "Times Square" for "Times Square in New York City". A swap of two
 * arguments is judged as a swap, not value by value.
 */
export function valueNearMiss(tc: TestCase): string | undefined {
  if (tc.errorType !== 'parameters_value_error' || !tc.erroneousAction) return undefined;
  const correct = Array.isArray(tc.groundTruth) ? tc.groundTruth[0] : tc.groundTruth;
  const right = correct?.args;
  const wrong = tc.erroneousAction.args;
  if (!isPlainObject(right) || !isPlainObject(wrong)) return undefined;
  const changed = Object.keys(wrong).filter((k) => k in right && toJson(wrong[k]) !== toJson(right[k]));
  const swapped = (k: string) => changed.some((o) => o !== k && toJson(wrong[k]) === toJson(right[o]) && toJson(wrong[o]) === toJson(right[k]));
  const request = tc.messages.filter((m) => m.role === 'user').map((m) => m.content).join('\n');
  for (const k of changed) {
    if (swapped(k)) continue;
    const why = nearMiss(k, right[k], wrong[k], request, isIdKey);
    if (why) return why;
  }
  return undefined;
}

export const valueErrorNearMiss: CaseMeasure = {
  kind: 'case',
  id: 'value_error_near_miss',
  group: 'errors',
  title: 'parameters_value_error whose wrong value is a near miss of the right one a model could reasonably accept: a number within a tenth of it (radius 1001 for "1 kilometer"), a larger count of results taken from the start (forecast days 2 for the one day asked: the answer holds it), a paraphrase ("art exhibitions" for "art gallery"), a place the request puts the right one in',
  population: 'parameters_value_error cases (base and evolved, injected and recorded)',
  check(tc) {
    if (tc.errorType !== 'parameters_value_error' || !tc.erroneousAction) return undefined;
    return valueNearMiss(tc) ?? null;
  },
};


/** The value error's parts: right and wrong arguments, the changed keys (a swap of two arguments apart), the tool's params, the user's words. */
function valueParts(tc: TestCase) {
  if (tc.errorType !== 'parameters_value_error' || !tc.erroneousAction) return undefined;
  const correct = Array.isArray(tc.groundTruth) ? tc.groundTruth[0] : tc.groundTruth;
  const right = correct?.args;
  const wrong = tc.erroneousAction.args;
  if (!correct || !isPlainObject(right) || !isPlainObject(wrong)) return undefined;
  const changed = Object.keys(right).filter((k) => toJson(wrong[k]) !== toJson(right[k]));
  const swapped = (k: string) => changed.some((o) => o !== k && toJson(wrong[k]) === toJson(right[o]) && toJson(wrong[o]) === toJson(right[k]));
  const doc = tc.tools.find((t) => t.name === correct.name);
  const params = [...(doc?.required_parameters ?? []), ...(doc?.optional_parameters ?? [])];
  const request = tc.messages.filter((m) => m.role === 'user').map((m) => m.content).join('\n');
  return { right, wrong, changed, swapped, param: (k: string) => params.find((p) => p.name === k) ?? { name: k, type: 'any' as const, description: '' }, request };
}

/**
 * A value error whose right value the case gives no way to derive exactly (errors/valueDoubt.ts
 * underivableTruth): GaodeMap's "城市, 123号 主街" for the user's "123 Main Street, City" — a model
 * told of the error cannot produce that one rendering. Recorded errors too: their wrong value is
 * real, but their right value must still follow from what the case shows.
 */
export const valueErrorTruthUnderivable: CaseMeasure = {
  kind: 'case',
  id: 'value_error_truth_underivable',
  group: 'errors',
  title: 'parameters_value_error whose right value nothing the case shows derives (tool docs, user turns, earlier calls and answers, the answer to the wrong call): "城市, 123号 主街" for the user\'s "123 Main Street, City"',
  population: 'parameters_value_error cases (base and evolved, injected and recorded)',
  check(tc) {
    const p = valueParts(tc);
    if (!p) return undefined;
    const last = tc.messages.map((m) => m.role).lastIndexOf('assistant');
    const shown = tc.messages.filter((_, i) => i !== last).map((m) => m.content).join('\n');
    for (const k of p.changed) {
      const why = underivableTruth(p.right[k], shown);
      if (why) return `${k}: ${why}`;
    }
    return null;
  },
};

/** Made-up value errors only: a recorded or observed model error is real as it is. */
function injectedValueError(tc: TestCase) {
  const origin = errorOrigin(tc);
  return origin === 'recorded' || origin === 'observed' ? undefined : valueParts(tc);
}

export const valueErrorFlagUndecided: CaseMeasure = {
  kind: 'case',
  id: 'value_error_flag_undecided',
  group: 'errors',
  title: 'injected value error flipping a flag the request does not decide: Email.show(only_unread=true) for "see what\'s new in my inbox … display the contents of my inbox" (only "unread" asks for true, only "all" for false)',
  population: 'parameters_value cases whose error was made up; a case whose request a noisy rewrite misspelt is judged by its base case',
  check(tc) {
    // The noise may misspell the word that decides the flag ("check all my ejails", teval_query_344_2-…-k1~noisy_query):
    // the error and the ground truth are its base case's, judged there on the words as written.
    if (tc.evolution?.applied.includes('noisy_query')) return undefined;
    const p = injectedValueError(tc);
    if (!p) return undefined;
    for (const k of p.changed) {
      if (typeof p.right[k] !== 'boolean' || typeof p.wrong[k] !== 'boolean') continue;
      const why = undecidedFlag(k, p.param(k).description ?? '', p.right[k] as boolean, p.request);
      if (why) return why;
    }
    return null;
  },
};

/**
 * Which way a boolean widens what a call returns, read from the flag's own name and doc alone: a
 * restriction ("only_unread", "Only show unread emails") returns more when false, an inclusion ("a":
 * "Show hidden files and directories", "include_read") more when true. Undefined for a flag that
 * filters nothing (unlock, activate, a brake's state).
 */
function widerWhen(key: string, description: string): boolean | undefined {
  const said = `${key.replace(/[_\W]+|(?<=[a-z])(?=[A-Z])/g, ' ')} ${description}`.toLowerCase();
  if (/\bonly\b|\bexclud|\bfilter/.test(said)) return false;
  if (/\binclud|\bhidden\b|\bshow all\b|\blist all\b/.test(said)) return true;
  return undefined;
}

/**
 * A value error flipping a flag to the setting that returns more, answered with a success: the
 * wrong call's list holds every item the right call's would, each marked by what the flag filters
 * on. Email.show(only_unread=false) for "look at my unread emails" (teval_query_195_0) lists the two
 * unread emails with "is_read": False beside the read one, so picking them out and going on is as
 * right as calling again with only_unread=true: the case has no one right next step. The other
 * way (only_unread=true for "all my emails", ls(a=false) for "including hidden files") leaves
 * items out and is a real error.
 */
export const valueErrorFlagWidens: CaseMeasure = {
  kind: 'case',
  id: 'value_error_flag_widens',
  group: 'errors',
  title: 'injected value error flipping a filter flag to the setting that returns more (only_unread=false for "my unread emails"), answered with a success whose list already holds and marks what was asked, so going on is as right as redoing the call',
  population: 'parameters_value cases whose error was made up and flips a boolean',
  check(tc) {
    const p = injectedValueError(tc);
    if (!p) return undefined;
    const flags = p.changed.filter((k) => typeof p.right[k] === 'boolean' && typeof p.wrong[k] === 'boolean');
    if (!flags.length) return undefined;
    const answer = tc.messages[tc.messages.length - 1];
    if (answer?.role !== 'function' || refusesCall(answer.content)) return null;
    for (const k of flags) {
      const wider = widerWhen(k, p.param(k).description ?? '');
      if (wider !== undefined && p.wrong[k] === wider) return `${k}=${String(p.wrong[k])} for ${String(p.right[k])} returns more, answered "${answer.content.replace(/\s+/g, ' ').slice(0, 80)}"`;
    }
    return null;
  },
};

/**
 * A value error that swaps the two ends of a pair where the request does not say which is which:
 * teval_query_25_2's route "how far my workplace at 321 Industrial Ln is from my home at 123 Orchard
 * St, and the best path to take" with start and end exchanged (either way is a way there, and the
 * simulated route answers it), bfcl's diff of "a comparison between A and B" with the files the other
 * way round. The turn the call answers (its last user turn) must fix the order (valueDoubt.ts swapUndecided).
 */
export const valueErrorSwapUndecided: CaseMeasure = {
  kind: 'case',
  id: 'value_error_swap_undecided',
  group: 'errors',
  title: 'injected value error swapping the two ends of a pair the request does not order: a route\'s start and end for "how far my workplace at X is from my home at Y, and the best path to take", a diff\'s files for "a comparison between A and B"',
  population: 'parameters_value cases whose error was made up',
  check(tc) {
    const p = injectedValueError(tc);
    if (!p) return undefined;
    const turn = tc.messages.filter((m) => m.role === 'user').at(-1)?.content ?? '';
    for (const k of p.changed) {
      const other = p.changed.find((o) => o !== k && p.swapped(k) && toJson(p.wrong[k]) === toJson(p.right[o]));
      const order = other ? pairOrder(k, other) : undefined;
      if (!order || order[0] !== k) continue;
      const why = swapUndecided(turn, p.right[order[0]], p.right[order[1]]);
      if (why) return `${order[0]}/${order[1]} swapped: ${why} ("${turn.slice(0, 90)}")`;
    }
    return null;
  },
};

export const valueErrorAreaSwap: CaseMeasure = {
  kind: 'case',
  id: 'value_error_area_swap',
  group: 'errors',
  title: 'injected value error putting a wider or narrower area for a place the service takes either way: "New York City" for "Times Square", "China" for "Beijing", "Bali" for "Nusa Dua Beach"',
  population: 'parameters_value cases whose error was made up',
  check(tc) {
    const p = injectedValueError(tc);
    if (!p) return undefined;
    for (const k of p.changed) {
      if (p.swapped(k) || kindOfParam(p.param(k)) !== 'place') continue;
      const why = areaSwap(p.right[k], p.wrong[k]);
      if (why) return `${k}: ${why}`;
    }
    return null;
  },
};

export const valueErrorOtherKind: CaseMeasure = {
  kind: 'case',
  id: 'value_error_other_kind',
  group: 'errors',
  title: 'injected value error whose wrong value, lifted from the request, is of another kind than its parameter: a cuisine as a place (location="Italian" of "Italian restaurants"), a word of a quoted title as an author (mauthors="Society"), a word of a longer name ("University"), a person as a place',
  population: 'parameters_value cases whose error was made up',
  check(tc) {
    const p = injectedValueError(tc);
    if (!p) return undefined;
    for (const k of p.changed) {
      if (p.swapped(k)) continue;
      const why = otherKind(p.param(k), p.right[k], p.wrong[k], p.request);
      if (why) return why;
    }
    return null;
  },
};

export const ERROR_MEASURES = [valueErrorTruthUnderivable, valueErrorFlagUndecided, valueErrorFlagWidens, valueErrorSwapUndecided, valueErrorAreaSwap, valueErrorOtherKind, valueErrorNearMiss, wrongCallSecondDefect, errorChangesState, valueErrorNotWrong, errorAcceptedImpossible, valueErrorAcceptedSlip, toolErrorHint, keyErrorHint, valueErrorHint, toolSelectEarlyStep, toolSelectLaterStepTool, toolSelectLaterLookupTool, toolSelectHelpfulLookup, toolSelectAnswerEquivalent, toolSelectPlausiblePrecheck, toolSelectRepeatsPrevious, toolSelectContinuesPlan, toolSelectStatusLook, toolSelectDestroysUnasked, toolSelectThoughtStatesOtherAct, toolSelectFairReading, thoughtLeak, thoughtStatesDroppedValue, keyErrorValueUnstated, implausibleValue, confusableTools, realErrors];
