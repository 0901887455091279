/**
 * The offline injectors, one per CRITICTOOL internal error type, behind one entry point. They are
 * the error simulator's offline rules and the last fallback of its few-shot pool.
 */
import type { Rng } from '../../rng.js';
import type { Action, ErrorType } from '../../schemas.js';
import { findTool, isPlainObject } from '../values.js';
import { repeatsValidStep, type Applicability, type Injection, type InjectionInput, type Injector } from './context.js';
import { hallucinationInjector } from './hallucination.js';
import { paramKeyInjector } from './paramKey.js';
import { paramValueInjector } from './paramValue.js';
import { toolSelectInjector } from './toolSelect.js';
import { erroneousThought } from './thoughts.js';

export * from './context.js';
export { inventedApiNames } from './hallucination.js';
export { renamesFor } from './paramKey.js';
export { adaptArgs, confusableTools, relevance } from './toolSelect.js';
export { erroneousThought } from './thoughts.js';

/** Bumped whenever an injector's behaviour changes; recorded as `rules:error-injectors@<version>`. */
export const INJECTORS_VERSION = 'error-injectors@48'; // 48: h-key1's 46 merged on h-thoughts13's 47. 46 (h-key1): a key error leaves out no required key whose value the case never states before the step (errors/unstated.ts: no contact_customer_support without the message "Please assist with my confirmed booking." the user never wrote); another key is dropped or renamed instead; 47 (h-thoughts13; 46 its first cut, which left the composed frame's fallback quoted): a wrong call's thought says a number its call passes as a number bare ("The end will be 12.", "I'll go with 20000 for the radius."), as the thought writer now does; 45 (h-thoughts12): a wrong call's thought says a short list argument item by item, as the thought writer now does; 44 (h-thoughts12): a wrong call's thought quotes no request clause cut inside a date, a number or a place with its region (thoughtPhrases unitSpans) and names the file type its path has ("a ppt file", not the doc's "pptx"); 43: 42 (h-teval9) and 42 (h-val4) merged; 42 (h-val4): a value error a reader can be sure of (errors/valueDoubt.ts): a right value the case derives (no GaodeMap address "城市, 123号 主街" for "123 Main Street, City"), a flag flipped only where the request decides it ("unread", "all"; not "what's new in my inbox"), no wider or narrower area for a place ("New York City" for Times Square, "China" for Beijing), no value of another kind lifted from the request (location="Italian" of "Italian restaurants", mauthors="Society" of a quoted title); 42 (h-teval9): a wrong call's cited request clause ends on its value, never on "in the path" (thoughtPhrases requestClause); 41: a value error is wrong beyond doubt (errors/nearMiss.ts): off by one only in a count of ten or less (no radius 1001 for 1000; a larger number gets a zero too many or too few), no number within a tenth of the right one, no paraphrase of the right text ("art exhibitions" for "art gallery") and no place the request puts the right one in; no letter-case slip for a plural key the service matches in any case (places="central park": matchedInAnyCase); 40: a wrong call's thought says where a value comes from as the correct one does, in the user's own words around it (The request says "if 'AMZN' appears promising", so the stocks are "AMZN": thoughtPhrases citedRequest), not in a plain frame the correct thoughts use only where nothing can be cited, and of an earlier turn's value too; 39: no wrong tool that repeats the step just before (its tool naming nothing the correct call names, or keeping that step's values: benignSelect repeatsPrevious), and no login with the id or credentials the user gives as a wrong tool (invitedLogin); a month's or weekday's short form is no name either ("Sept" as get_nearest_airport_by_city's location: kinds.ts isCalendarWord); 38: a long text argument is said by what it is (thoughtPhrases describeText: "four numbered points, the first …", "a record of Published, Title, …"), not as "a 15-word text" counting a list's "1." as a word; 37: a source sentence's verb agrees with a plural key noun ("which are the places here": thoughtPhrases isPlural); 36: h-toolsel2's 33 merged (wrong calls wrong only in the labelled way: errors/wrongCall.ts); 35: 33 and 34 merged; 34: a wrong call's thought names every argument (no "and one more argument"); 33: a key prose cannot say as spelled (mauthors, q) named by its doc (keyNoun)

export const INJECTORS: Record<ErrorType, Injector> = {
  tool_select_error: toolSelectInjector,
  tool_hallucination_error: hallucinationInjector,
  parameters_key_error: paramKeyInjector,
  parameters_value_error: paramValueInjector,
};

/**
 * Can step k carry this error at all? The step must be a tool call whose tool is listed (else
 * nothing can be judged against its documentation), and the type must have something to act on.
 */
export function applicability(type: ErrorType, input: InjectionInput): Applicability {
  if (!isPlainObject(input.correct.args)) {
    return { ok: false, reason: `the ground-truth action ${input.correct.name} has string arguments, not a tool call` };
  }
  if (!findTool(input.tools, input.correct.name)) {
    return {
      ok: false,
      reason: `the ground-truth tool ${input.correct.name} is not in the trajectory's tool list (${input.tools.map((t) => t.name).join(', ') || 'empty'}), so no error can be judged against it`,
    };
  }
  return INJECTORS[type].applies(input);
}

/** Draws before giving up on an error that keeps repeating a valid step of the trajectory. */
const MAX_DRAWS = 8;

/**
 * One error of `type` at the step: never an action equal to a step of the trajectory's ground
 * truth (a completed step, or one still to come, is no error), and with the CoT thought written
 * for the wrong call when the correct step has one.
 */
export function inject(type: ErrorType, input: InjectionInput, rng: Rng): Injection {
  const verdict = applicability(type, input);
  if (!verdict.ok) throw new Error(verdict.reason);
  for (let draw = 0; draw < MAX_DRAWS; draw++) {
    const injection = INJECTORS[type].inject(input, rng);
    if (repeatsValidStep(injection.action, input)) continue;
    const thought = erroneousThought(type, input.correct, injection.action, { tools: input.tools, rng, query: input.query, earlierRequests: input.earlierRequests, earlier: input.earlier });
    const action: Action = thought === undefined ? { name: injection.action.name, args: injection.action.args } : { thought, name: injection.action.name, args: injection.action.args };
    return { ...injection, action };
  }
  throw new Error(`every ${type} drawn at ${input.correct.name} repeated a valid step of the trajectory`);
}
