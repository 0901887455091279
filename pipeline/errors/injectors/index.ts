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
export const INJECTORS_VERSION = 'error-injectors@82'; // 82 (lead40): a list said with its items in brackets takes no second pair round it ("three numbered bullet items (\"Introduction to computer vision\", …)", "content of three numbered points (…)"; thoughtPhrases argWords; thought_brackets_nested 22/2,186 on lead40 m9). 81 (lead39): diff's files said as the first and second file ("`diff` with first file \"config.py\" and second file \"real_config.py\""), never "file name 1" (grammar.ts BARE_KEYS; thought_key_bare widened, 23/2,186 on lead39 m9). 80 (lead39): no comma before the last argument where the "and" before it sits inside brackets ("with bullet items (a record of Authors and Summary) and title \"…\"": thoughtPhrases argPhrase outsideBrackets; thought_serial_comma_needless 29/2,186 on lead39 m8). 79 (lead39): a request clause is quoted without the conjunction that joined it (thoughtPhrases clauseAround; thought_quote_opens_conjunction). 78 (lead37): a listing's entry among its first ten said by its place ("the first entry is "RMS""), a second value off the same listing with it ("… and the second entry is "SBK""), never ""RMS" is one of the entries" (thought_list_place_unsaid 13/2,186 on g0). 77 (lead36): one value of a plural key said with the singular (SOURCE_FRAMES keyFor). 76 (lead36): a number cited from the request restated bare, as the thought writer does. 75 (lead36): a unit key names an amount (pipeline/quality/grammar.ts keyNoun). 74 (lead36): a schedule's clock times are no record labels (pipeline/thoughtPhrases.ts recordLabels). 73 (lead36): a loop's next item placed three ways, as the thought writer places it (pipeline/thoughtPhrases.ts). 72 (h-lead34): a short list said item by item in thoughts, never as code. 71 (h-lead33): intents said as a person does (DOC_PHRASES). 70 (h-lead33): a Douban look-up said as one, never "print the details of" (thought_lookup_printed). 69 (h-lead33): a forecast is "for the next 3 days" (forecast_days_in). 68 (h-lead33): a parameter too bare to stand as a noun is said by what its doc says it holds ("the destination is "Miami"", "search terms "Apple Inc."", "the place is "Times Square"", "start date"; grammar.ts BARE_KEYS; thought_key_bare 0 on b6). 67 (h-text32): a wrong call's thought says where a value it passes shows (the user's words, an answer holding it as passed, another letter case) or calls it its own pick where nothing shown gave it, never the bare "The order id will be 14246." the thought writer no longer writes (thought_value_restated on g0). 66 (h-text31): the writer's ties of thought-writer-39 ("`place_order` told me last time that …", "The next listed property, …", "The order id is again 12446, the one `place_order` gave.") are fact leads too, replaced for the wrong call like the others (error_thought_style_tell 41/1448 without it). 65 (h-text30): the thought writer's past-tense tie ("`place_order` said earlier that …", thought-writer-37) is a fact lead the wrong call's thought keeps like the others (error_thought_style_tell 24/1448 without it). 64: an invented `move_file`'s thought says it will relocate the file, never "will move the file" after its own name (thought_tool_verb_echoed 2/2,186 on int29's m1, bfcl_multi_turn_base_0-tool_hallucination_error-k8-cot). 63: in a T-Eval turn, a tool selection error never draws a later lookup's tool on none of the due step's values when that lookup takes nothing the due step answers, whatever toolkit the steps between change (PPT.get_image on another keyword while add_text_page is due, teval_query_229_2 of an earlier build; inputs.ts laterLookupsFree): fetching the asked image rightly would be as right a next call (tool_select_later_lookup_tool, new: 0/N on g0 by the draw alone, now by construction). 62: an invented `change_directory`'s thought says it will move into the folder, never "will change into the folder" after its own name (thought_tool_verb_echoed 2/2,186 on the merged build m2, bfcl_multi_turn_base_6-tool_hallucination_error-k1-cot). 61: h-solv28's 60 and h-thoughts28's 60 merged. 60 (h-thoughts28): a wrong call's thought says its arguments as the thought writer now does (argPhrase: "movie id 575264", no "set to"). 60 (h-solv28): a tool selection error never draws a later step's tool called on none of the due step's values (context.ts laterStepToolOnOtherValues: Email.show while get_property_reviews(28722771) is due and "show the emails" comes next, teval_query_116_1; search_nearby("Paris") while get_property_reviews is due and restaurants are asked next, 155_0): redoing that step rightly would be as right a next call (tool_select_later_step_tool 21/249 on g0, 0/231 on b3). 59: h-solv27's 58 and h-thoughts27's 58 merged. 58 (h-solv27): a value error never flips a filter flag to the setting that returns more (Email.show(only_unread=false) for "my unread emails": the answer lists the unread ones marked is_read False beside the read, so going on is as right as redoing the call; valueDoubt.ts widensResult; value_error_flag_widens 9/26 on g0: teval_query_195_0, 198_0, 356_0). 57: a tool selection error never draws the tool of an earlier step on the same record with an argument left out (check_availability(41020735) after check_availability(41020735, date), teval_query_172_0), nor that tool on the next record of a list the plan is putting through it (get_movie_details of the sixth popular film after the first five, 262_2) (benignSelect.ts continuesPlan; tool_select_continues_plan 6/250 on f56). 56: a value error never swaps the two ends of a pair the request does not order ("how far my workplace at X is from my home at Y, and the best path to take", "a comparison between A and B"; valueDoubt.ts swapUndecided; value_error_swap_undecided 6/560 on f52: teval_query_25_2, 290_0, bfcl_multi_turn_base_8). 55 (h-env24; 54 was its first step): a tool selection error's CoT thought says the step's own act with the wrong tool, as a slip does, in other words where the act names the correct tool ("calculate the average" for `mean`) ("`mkdir` with directory name "ResearchDocs", to change into the directory"), never the wrong tool's own act the request never asks ("to create a new directory"; tool_select_thought_states_other_act 73/110 on f46). 53: h-read23's 52 and h-plans23's 52 merged (h-read23: a tool selection error never draws a tool that removes what the request never asked to remove (remove_stock_from_watchlist for get_stock_info, rmdir for cd, delete_message for send_message: errors/destructive.ts; tool_select_destroys_unasked 51/285 on f44); h-plans23: a wrong tool that is a fair reading of the request is never drawn (benignSelect.ts fairReading: get_property_details for "review no more than three of these properties" when get_property_reviews is due, 0_1)). 51: h-solv22's 50 and h-evol20's 50 merged (h-solv22: an earlier id past 2^53 taken exactly, no larger leading count as a value error; h-evol20: a wrong value the request gives the other role is said plainly in the wrong call's thought, never backed by quoting the request). Earlier versions: docs/method-versions.md. 58 (h-thoughts27): a wrong call's thought keeps the correct thought's tie to an answer ("From `ls` I know that there are four entries, and the first is \"file1.txt\".") only where it names a value the wrong call passes; else it ties a wrong value an answer shows the same way, else opens with a neutral frame picked at random, not always "The movie id will be N." (thought_false_sequence 5/2186, thought_frame_top_share_wrong 2.2% on h-thoughts27's b3). 57: a tool selection error never draws the tool of an earlier step on the same record with an argument left out (check_availability(41020735) after check_availability(41020735, date), teval_query_172_0), nor that tool on the next record of a list the plan is putting through it (get_movie_details of the sixth popular film after the first five, 262_2) (benignSelect.ts continuesPlan; tool_select_continues_plan 6/250 on f56). 56: a value error never swaps the two ends of a pair the request does not order ("how far my workplace at X is from my home at Y, and the best path to take", "a comparison between A and B"; valueDoubt.ts swapUndecided; value_error_swap_undecided 6/560 on f52: teval_query_25_2, 290_0, bfcl_multi_turn_base_8). 55 (h-env24; 54 was its first step): a tool selection error's CoT thought says the step's own act with the wrong tool, as a slip does, in other words where the act names the correct tool ("calculate the average" for `mean`) ("`mkdir` with directory name "ResearchDocs", to change into the directory"), never the wrong tool's own act the request never asks ("to create a new directory"; tool_select_thought_states_other_act 73/110 on f46). 53: h-read23's 52 and h-plans23's 52 merged (h-read23: a tool selection error never draws a tool that removes what the request never asked to remove (remove_stock_from_watchlist for get_stock_info, rmdir for cd, delete_message for send_message: errors/destructive.ts; tool_select_destroys_unasked 51/285 on f44); h-plans23: a wrong tool that is a fair reading of the request is never drawn (benignSelect.ts fairReading: get_property_details for "review no more than three of these properties" when get_property_reviews is due, 0_1)). 51: h-solv22's 50 and h-evol20's 50 merged (h-solv22: an earlier id past 2^53 taken exactly, no larger leading count as a value error; h-evol20: a wrong value the request gives the other role is said plainly in the wrong call's thought, never backed by quoting the request). Earlier versions: docs/method-versions.md.

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
