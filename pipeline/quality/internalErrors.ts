/**
 * Measures of internal error cases for `pnpm report quality` — pure functions over one test case
 * (and its trajectory's tool docs, which the case carries):
 *
 * - hint: the tool's answer to the wrong call names the correct tool / key / value (a real API
 *   says what is wrong with the call, not what would have been right);
 * - thought leak: the CoT thought before the wrong call states the correct tool / key / value;
 * - similarity: how alike the injected and the correct tool look, beside a random draw from the
 *   same tool list (a confusable tool should score well above random);
 * - value kind: an injected value not of the kind its parameter holds (a fragment of a name, a
 *   clause of the request, an airport code for a booking id);
 * - origin: a real error (recorded in the source, observed from a model) or an injected one.
 */
import type { Action, ErrorType, TestCase, ToolDoc } from '../schemas.js';
import { changedValues, leaksIn, statesUnpassedValue, statesValueNotPassed, type Leak } from '../errors/leaks.js';
import { valueKindProblem } from '../errors/kinds.js';
import { misplacedValue, slipProblem, type GivenValue } from '../errors/misplaced.js';
import { randomDrawSimilarity, toolSimilarity } from '../errors/similarity.js';
import { findTool, isPlainObject, paramIndex, sameValue } from '../errors/values.js';
import { userText } from './evidence.js';

export type ErrorOrigin = 'recorded' | 'observed' | 'injected' | 'error-simulator';

interface InternalParts {
  type: ErrorType;
  correct: Action;
  erroneous: Action;
  /** The tool's answer to the erroneous call, as the case shows it. */
  response: string;
}

/** The parts of an internal error case, or undefined for controls, external cases and malformed ones. */
export function internalParts(tc: TestCase): InternalParts | undefined {
  if (tc.kind !== 'internal' || !tc.errorType || !tc.erroneousAction || !tc.groundTruth) return undefined;
  // Internal cases ask for one action; a pair is an external case's [retry, next].
  if (Array.isArray(tc.groundTruth)) return undefined;
  const correct = tc.groundTruth;
  // The wrong call's answer is the last message of the prompt.
  const last = tc.messages[tc.messages.length - 1];
  return { type: tc.errorType as ErrorType, correct, erroneous: tc.erroneousAction, response: last?.content ?? '' };
}

/** What the tool's answer to the wrong call gives away about the correct step. */
export function responseHints(tc: TestCase): Leak[] {
  const p = internalParts(tc);
  if (!p) return [];
  return leaksIn(p.response, p.type, p.correct, p.erroneous);
}

/**
 * What the CoT thought before the wrong call gives away about the correct step. In a CoT case the
 * erroneous action shown carries the thought.
 */
export function thoughtLeaks(tc: TestCase): Leak[] {
  const p = internalParts(tc);
  if (!p || !tc.cot || !p.erroneous.thought) return [];
  const leaks = leaksIn(p.erroneous.thought, p.type, p.correct, p.erroneous, findTool(tc.tools, p.correct.name));
  // A wrong tool's thought stating the correct call's value it does not pass argues for the right call.
  const unpassed = p.type === 'tool_select_error' ? statesUnpassedValue(p.erroneous.thought, p.correct, p.erroneous) : undefined;
  // A thought saying the call takes a value it does not pass ("\"12:00\" comes straight from the request" before end_time="12:00 PM").
  const notPassed = statesValueNotPassed(p.erroneous.thought, p.erroneous, userText(tc));
  return [...leaks, ...(unpassed ? [{ what: 'value' as const, text: unpassed }] : []), ...(notPassed ? [{ what: 'value' as const, text: notPassed }] : [])];
}

export interface SelectionSimilarity {
  /** Similarity (0..1, pipeline/errors/similarity.ts) of the selected tool to the correct one. */
  injected: number;
  /** The mean similarity of every other listed tool to the correct one (a random draw's expectation). */
  random: number;
}

/** Tool selection errors only: how alike the selected and the correct tool are, beside a random draw. */
export function selectionSimilarity(tc: TestCase): SelectionSimilarity | undefined {
  const p = internalParts(tc);
  if (!p || p.type !== 'tool_select_error') return undefined;
  const correctDoc = findTool(tc.tools, p.correct.name);
  const chosenDoc = findTool(tc.tools, p.erroneous.name);
  if (!correctDoc || !chosenDoc) return undefined;
  const random = randomDrawSimilarity(correctDoc, tc.tools);
  if (random === undefined) return undefined;
  return { injected: toolSimilarity(correctDoc, chosenDoc, tc.tools).score, random };
}


/** The values a case gives for parameters before its wrong call: the correct call's arguments and the earlier calls' in its messages. */
export function givenValuesOf(tc: TestCase, correct: Action): GivenValue[] {
  const out: GivenValue[] = [];
  const add = (call: Action, where: string) => {
    if (!isPlainObject(call.args)) return;
    const doc = findTool(tc.tools, call.name);
    for (const [key, value] of Object.entries(call.args)) {
      const param = doc ? paramIndex(doc).byName.get(key) : undefined;
      out.push({ key, value, where, tool: call.name, ...(param ? { param } : {}) });
    }
  };
  add(correct, 'the correct call');
  for (const m of tc.messages.slice(0, -2)) {
    if (m.role !== 'assistant') continue;
    try {
      const call = JSON.parse(m.content) as Action;
      if (call && typeof call.name === 'string' && call.name !== 'FinishAction') add(call, 'an earlier call');
    } catch {
      // a reply in words, no call
    }
  }
  return out;
}

/**
 * Injected values not of their parameter's kind: for a value error, each changed argument; for a
 * tool selection error, every argument of the selected tool (they were filled for it). Empty when
 * every value fits — or the case is of another type.
 */
export function valueKindProblems(tc: TestCase): string[] {
  const p = internalParts(tc);
  if (!p) return [];
  const context = userText(tc);
  const out: string[] = [];
  const check = (doc: ToolDoc | undefined, key: string, value: unknown, reference?: unknown, within = context) => {
    const param = doc ? paramIndex(doc).byName.get(key) : undefined;
    const problem = valueKindProblem(param ?? { name: key, type: 'any' }, value, reference, within);
    if (problem) out.push(problem);
  };
  if (p.type === 'parameters_value_error') {
    const doc = findTool(tc.tools, p.correct.name);
    const correctArgs = isPlainObject(p.correct.args) ? p.correct.args : {};
    const wrongArgs = isPlainObject(p.erroneous.args) ? p.erroneous.args : {};
    // Two arguments exchanged (first_name "Smith", last_name "Eleanor") is a slip people make; the
    // value was not cut out of a name in the query.
    const swapped = (key: string, value: unknown) => Object.entries(correctArgs).some(([k, v]) => k !== key && sameValue(v, value) && sameValue(wrongArgs[k], correctArgs[key]));
    for (const c of changedValues(p.correct, p.erroneous)) check(doc, c.key, c.to, c.from, swapped(c.key, c.to) ? '' : context);
    // A slip of another kind: a card id as the travel class, an email's title as a location, a film
    // as a ticker (a company's name for its ticker, another city, a film of an earlier search are real slips).
    const given = givenValuesOf(tc, p.correct);
    for (const c of changedValues(p.correct, p.erroneous)) {
      if (swapped(c.key, c.to)) continue;
      const param = doc ? paramIndex(doc).byName.get(c.key) : undefined;
      const problem = slipProblem(param ?? { name: c.key, type: 'any' }, c.to, c.from, given, context, tc.tools, p.correct.name);
      if (problem) out.push(problem);
    }
  } else if (p.type === 'tool_select_error' && isPlainObject(p.erroneous.args)) {
    const doc = findTool(tc.tools, p.erroneous.name);
    for (const [k, v] of Object.entries(p.erroneous.args)) check(doc, k, v);
    // A value in a slot of another kind: another parameter's value (the travel class as the access
    // token), one the request labels for another parameter, a sentence of the request.
    const given = givenValuesOf(tc, p.correct);
    for (const [k, v] of Object.entries(p.erroneous.args)) {
      const param = doc ? paramIndex(doc).byName.get(k) : undefined;
      const problem = misplacedValue(param ?? { name: k, type: 'any' }, v, given, context, tc.tools);
      if (problem) out.push(problem);
    }
  }
  return out;
}

/** Where the error came from, read from the case's provenance. */
export function errorOrigin(tc: TestCase): ErrorOrigin | undefined {
  if (!internalParts(tc)) return undefined;
  const origin = tc.provenance.origin ?? '';
  if (origin.startsWith('recorded')) return 'recorded';
  if (origin.startsWith('observed')) return 'observed';
  if (origin.startsWith('error-simulator')) return 'error-simulator';
  return 'injected';
}

/** The error family recorded on the case (provenance.methods.family), when there is one. */
export function errorFamily(tc: TestCase): string | undefined {
  return internalParts(tc) ? tc.provenance.methods.family : undefined;
}
