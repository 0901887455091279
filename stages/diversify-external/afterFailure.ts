/**
 * The action a model should take once a_k has failed for good and it moves on: the external ground
 * truth's second element. It must make sense in a world where a_k never succeeded:
 * - a later tool step of the turn stands only when it needs nothing from a_k (pipeline/afterFailure.ts:
 *   no value or text only a_k's answer shows, no file or session a_k opens, no condition the user
 *   tied to a_k's result, no claim that a_k worked, no placeholder argument); for BFCL the step
 *   also runs on the backends without a_k (steps 1..k-1, then it) and must answer exactly as it did
 *   after a_k (`cd deep_folder` fails once `cd projects` never ran). The turn's next step is tried
 *   first, then the later ones that need nothing from a_k (independentLaterSteps): a request's
 *   independent part is still done;
 * - when none stands — and when a_k was the turn's last tool call — the model closes the turn with
 *   an answer that reports the failure. The turn's recorded closing answer reports a_k's result,
 *   which the model never got, so the answer is written again (role `answer-writer`) from the
 *   turn's steps up to a_k with a_k failed: the ground truth never rewards claiming a result that
 *   did not arrive.
 * The CoT thought of a step taken after the failure says that the call failed and cites nothing it
 * never returned (skipThought).
 */
import { FINISH_ACTION, type Action, type ToolArgs, type ToolResponse, type Trajectory } from '../../pipeline/schemas.js';
import type { ItemContext } from '../../pipeline/stage.js';
import { renderAction, renderPrefix } from '../../pipeline/prompts/standard.js';
import { callAt, stepAt, toolSteps, type LocatedStep } from '../../pipeline/steps.js';
import { skipCandidates, skipObstacle, stepsWaitingOn } from '../../pipeline/afterFailure.js';
import type { Rng } from '../../pipeline/rng.js';
import { argPhrase, intentOf } from '../../pipeline/thoughtPhrases.js';
import { failureKind, localityOf } from '../../pipeline/errors/environment.js';
import { toJson } from '../../pipeline/pyValues.js';
import { apiOf, isPlainObject } from '../../pipeline/errors/index.js';
import type { CallToResolve } from '../../pipeline/resolution/types.js';
import { answerWriterRole } from '../resolve/answerWriter.js';

export interface AfterFailure {
  action: Action;
  /** The answer-writer's method when the closing answer was rewritten; absent when the trajectory's own next step stands. */
  method?: string;
  /** Why the trajectory's next tool step could not stand after the failure. */
  skipProblem?: string;
}

/** Runs one call the way the resolution chain would (the live backends for BFCL). */
export type Execute = (call: CallToResolve) => Promise<ToolResponse>;

/**
 * Why `candidate` (a later tool step of a_k's turn) cannot be taken once a_k has failed, or
 * undefined when it can: the data-flow rules of pipeline/afterFailure.ts (a value or text only a_k's
 * answer shows, the file or session it opens, a condition tied to its result, a claim that it
 * worked, a placeholder argument); for BFCL also execution without a_k (steps 1..k-1, then the
 * candidate), compared with what the candidate answered in the trajectory.
 */
export async function skipProblem(trajectory: Trajectory, k: number, failure: ToolResponse, execute: Execute | undefined, candidate: LocatedStep | undefined = toolSteps(trajectory)[k]): Promise<string | undefined> {
  if (!candidate) return undefined;
  const here = stepAt(trajectory, k);
  const next = candidate.step.action;
  // The failed call as the case shows it: an airport it chose for a city with several ("Tokyo" as
  // HND) is the one the next step goes on with (grounding.ts ungroundedValues), as the measure reads it.
  const messages = [...renderPrefix(trajectory, k, { cot: false }), { role: 'assistant' as const, content: renderAction(here.step.action, { cot: false }) }, { role: 'function' as const, content: failure.content }];
  const obstacle = skipObstacle(trajectory, k, candidate, messages);
  if (obstacle) return obstacle;
  if (trajectory.source !== 'bfcl' || !execute || !isPlainObject(next.args)) return undefined;
  if (!candidate.step.response) return undefined;
  const without = await execute(callAt(trajectory, k, next));
  if (without.error) return `without ${here.step.action.name} the next step ${next.name} fails: ${without.content.slice(0, 160)}`;
  if (without.content !== candidate.step.response.content) {
    return `without ${here.step.action.name} the next step ${next.name} answers differently (${without.content.slice(0, 80)} instead of ${candidate.step.response.content.slice(0, 80)})`;
  }
  return undefined;
}

/**
 * How a thought opens when the call before it failed for good: it says so, and how, where the
 * failure says it ("timed out", "hit its usage limit"), and cites nothing the call never returned.
 */
const GAVE_UP: ((api: string, how: string) => string)[] = [
  (api, how) => (how === 'failed' ? `${api} still fails after retrying, so I set it aside.` : `${api} ${stillPresent(how)} after retrying, so I set it aside.`),
  (api, how) => `Retrying ${api} did not help${how === 'failed' ? '' : ` (it ${how} again)`}; I will leave it and go on with the rest of the request.`,
  (api, how) => (how === 'failed' ? `${api} keeps returning an error, so that part has to wait.` : `${api} ${how} again, so that part has to wait.`),
  // "on every retry", never "again on every retry": every retry already says each time (thought_again_every_retry).
  (api, how) => `Since ${api} ${how === 'failed' ? 'failed' : how} on every retry, I move on.`,
  (api, how) => (how === 'failed' ? `${api} gave no answer on any try, so I skip it for now.` : `Every try at ${api} ${how}, so I skip it for now.`),
];
const GO_ON: ((p: { api: string; intent: string; withArgs: string }) => string)[] = [
  // Not "the request also asks me to …": the step may be a means to the request (a zipcode looked up to
  // find a place), which the user never asked for in those words.
  // "by calling", not "with `touch` with file name …" (two withs: 22/376 CoT external cases, skip_thought_double_with).
  ({ api, intent, withArgs }) => `The rest does not depend on it: I can still ${intent} by calling ${api}${withArgs}.`,
  ({ api, intent, withArgs }) => `Next I can still ${intent}: ${api}${withArgs} does that.`,
  ({ api, intent, withArgs }) => `What I can do without it is ${intent}, so I call ${api}${withArgs}.`,
  // The purpose before the tool: "`get_image` … so I use it to get the image" says the name's verb twice (thought_tool_verb_echoed).
  ({ api, intent, withArgs }) => `To ${intent} I need nothing from that call, so ${api}${withArgs} goes ahead.`,
];
// The step after giving up calls the failed API again with other arguments (the second property's
// availability): what it does is what just failed, so it is said as a separate request, not as what
// "I can still do" in the failed call's own words ("What I can do without it is check the availability
// of the property" right after `check_availability` was given up).
const SAME_API_GO_ON: ((p: { api: string; withArgs: string }) => string)[] = [
  ({ api, withArgs }) => `${api}${withArgs} is a separate request that needs nothing from the failed one, so I make it next.`,
  ({ api, withArgs }) => `I go on to the next one: ${api}${withArgs}, which does not depend on the call that failed.`,
  ({ api, withArgs }) => `The other request does not hang on that one, so ${api}${withArgs} goes next.`,
];

/**
 * The CoT thought of the step taken after giving up on `failedName`: that the call failed, then
 * what the step does (the tool's own description) with its arguments. It states no value the case
 * does not show: the step's arguments are shown, a_k's answer never was.
 */

/** A failure kind said in the present ("hit its usage limit" -> "hits its usage limit"). */
function presentOf(how: string): string {
  return how
    .replace(/^was /, 'is ')
    .replace(/^hit /, 'hits ')
    .replace(/^met /, 'meets ')
    .replace(/^lost /, 'loses ')
    .replace(/^had /, 'has ')
    .replace(/^sent /, 'sends ')
    .replace(/^could not /, 'cannot ')
    .replace(/^crashed$/, 'crashes')
    .replace(/^timed out$/, 'times out');
}

/** "still" put where English puts it: "is still refused access", "still cannot get through the proxy", "still times out". */
function stillPresent(how: string): string {
  const now = presentOf(how);
  return /^is /.test(now) ? now.replace(/^is /, 'is still ') : `still ${now}`;
}

/** The status code a failure shows (a 504, a 429), if any. */
function statusCode(message: string): string | undefined {
  return /\b(429|40[13]|5\d\d)\b/.exec(message)?.[1];
}

/** What an I/O error's message says failed: the disk, the device, the storage layer, the controller. */
function ioSubject(message: string): string {
  const m = /\b(disk|storage layer|controller|driver|device)\b/i.exec(message);
  return m ? `the ${m[1].toLowerCase()}` : /\bfile\b/i.test(message) ? 'the file system' : 'the machine';
}

/**
 * Why sending the same call again is worth a try, by how it failed: an environment failure says
 * nothing against the arguments, and the thought says which kind of failure that is. A local tool's failure (a file
 * system, a car, a worker computing a value) is said as the message says it, never as "the service":
 * "The message points at the service" after "echo failed: I/O error (EIO) reading from the disk"
 * and "Timing out is about the service" after a local tail timed out read what the message never said.
 */
function retryReason(how: string, code: string | undefined, rng: Rng, message = '', local = false): string {
  switch (how) {
    case 'timed out':
      return local
        ? rng.pick(['A timeout is no fault of what I sent', 'Timing out says nothing against the request itself'])
        : rng.pick(['A timeout is no fault of what I sent', 'Timing out is about the service, not the request itself']);
    case 'hit an I/O error':
      return rng.pick([`An I/O error is a fault of ${ioSubject(message)}, not of the arguments`, `The I/O error is ${ioSubject(message)}'s trouble, not a problem with what I sent`]);
    case 'crashed':
      return 'A crashed worker says nothing against the arguments';
    case 'met a server error':
      return code ? `A ${code} is the server's trouble, not a problem with the arguments` : rng.pick(['A server error is on their side, not in the arguments', 'The server failed, not the request']);
    case 'hit its usage limit':
      return rng.pick(['A usage limit can lift after a moment', 'Being throttled is about how often I call, not what I pass']);
    case 'lost its connection':
      return rng.pick(['A dropped connection says nothing against the arguments', 'The connection broke off mid-call, which is no fault of what I sent']);
    // A connection never made is told as such: nothing was accepting connections, no connection
    // was up, the proxy would not open the tunnel, the server could not be reached.
    case 'was refused a connection':
      return rng.pick([
        'A refused connection means nothing was accepting connections there at that moment, which says nothing against the arguments',
        local ? 'Nothing took the connection just then, which says nothing against what I sent' : 'Nothing took the connection just then, which points at the service and not at what I sent',
      ]);
    case 'had no connection':
      return 'No connection was up to carry the call, which says nothing against the arguments';
    case 'could not get through the proxy':
      return 'The proxy in between would not open the tunnel and the request never reached the service';
    case 'could not reach its server':
      return 'The server could not be reached, which says nothing against the arguments';
    // A refusal whose message says why a retry goes through is told so, never only "may not last" (thought_retry_reason_unsaid).
    case 'was refused access':
      if (/signed with a key that was rotated/i.test(message)) return 'The key the request was signed with was rotated while it was in flight, and the new one is in place';
      if (/access token\b.*\bexpired while the request was in flight/i.test(message)) return 'The access token expired while the request was in flight and has been renewed';
      return 'A refusal like that may not last';
    // The client could not decode the body as JSON: the service answered with nothing, or with an
    // error page, which is the service breaking mid-answer; not "the message points at the service".
    case 'sent back no JSON':
      return rng.pick([
        'An empty or non-JSON body where JSON should be means the service broke while answering, not that the arguments were wrong',
        'The service answered with something that is not JSON at all (an empty body or an error page), which is its fault, not the request\'s',
      ]);
    default:
      return local ? 'Nothing in the message points at what I sent' : 'The message points at the service, not at what I sent';
  }
}

/** What a call is for and what it passes, as the thoughts after its failure say them. */
function callWords(action: Pick<Action, 'name' | 'args'>, tools: Trajectory['tools']): { call: string; intent: string; phrase: string } {
  const api = apiOf(action.name);
  const doc = tools.find((t) => t.name === action.name);
  const args = typeof action.args === 'string' || isPlainObject(action.args) ? (action.args as Record<string, unknown> | string) : {};
  return { call: `\`${api}\``, intent: intentOf(doc?.description ?? '', api, args), phrase: argPhrase(args, doc) };
}

/**
 * The CoT thought of the closing answer after a call that kept failing: what failed and how, what
 * it was for, and that the answer reports it and asks (CRITICTOOL's protocol), in one of several
 * wordings. One sentence for all 227 such thoughts read as the template it was; "I'll sum up what
 * was done and ask the user how to proceed" (73 cases) said nothing of this one.
 */
export function finishThought(action: Pick<Action, 'name' | 'args'>, message: string, tools: Trajectory['tools'], rng: Rng): string {
  const how = failureKind(message);
  const words = callWords(action, tools);
  const call = words.call;
  // An intent naming the tool itself ("use `x`, which ...") would name it twice in one sentence.
  const intent = words.intent.includes('`') ? 'finish that step' : words.intent;
  const t = rng.pick([
    `${call} ${how} again on the retry, so I cannot ${intent} now; I will say so and ask how to go on.`,
    `The retry of ${call} ${how === 'failed' ? 'failed too' : `${how} as well`}. I will tell the user I could not ${intent} and let them decide the next step.`,
    `${call} ${how === 'failed' ? 'still fails' : stillPresent(how)} after retrying; rather than guess, I will tell the user what happened and ask what they want.`,
    `No luck with ${call} on the second try either (it ${how}), so I cannot ${intent} for now; I'll say that and ask the user how to proceed.`,
  ]);
  return t.charAt(0).toUpperCase() + t.slice(1);
}

/**
 * The CoT thought of the retry (the external ground truth's first action): the same call sent again
 * after its answer was a failure, so its thought says so: what went wrong, why that is worth another
 * try (a timeout or a server error says nothing against the arguments), and what goes again.
 * The failed call's own thought ("With that done, I can add a stock to the watchlist …", "To start,
 * …") was written for a first try that had not failed yet and reads false once it has; "I'll send it
 * again with the same arguments." (93 cases) said nothing of this call or this failure.
 */
export function retryThought(action: Action, failure: string, tools: Trajectory['tools'], rng: Rng): string {
  const how = failureKind(failure);
  const code = statusCode(failure);
  const { call, phrase, ...words } = callWords(action, tools);
  const intent = words.intent.includes('`') ? 'finish' : words.intent;
  const reason = retryReason(how, code, rng, failure, localityOf(action.name, tools) === 'local');
  const frames: string[] = [
    `${call} ${how} before it could ${intent}. ${reason}, so I'll send it again${phrase ? `, still with ${phrase}` : ' as it was'}.`,
    `No answer from ${call} yet: it ${how}. ${reason}, so I try ${call} once more${phrase ? ` with ${phrase}` : ''}.`,
    // "so I send the same … call again", never "the same … call goes again": a call does not go by itself (thought_call_goes_again).
    `${call} ${how}, and I still need to ${intent}. ${reason}, so I send the same ${call} call again.`,
    // Its reason said as the other frames say it, never "…, which may pass, so I retry it" (thought_retry_may_pass).
    ...(how === 'timed out' || how === 'met a server error' ? [`That attempt at ${call} ${how}; ${reason.charAt(0).toLowerCase()}${reason.slice(1)}, so I retry it${phrase ? ` with ${phrase}` : ''}.`] : []),
  ];
  const t = rng.pick(frames);
  return t.charAt(0).toUpperCase() + t.slice(1);
}

export function skipThought(failedName: string, step: Action, tools: Trajectory['tools'], rng: Rng, failure = '', failedArgs?: unknown): string {
  const apiName = apiOf(step.name);
  const description = tools.find((t) => t.name === step.name)?.description ?? '';
  const args = typeof step.args === 'string' || isPlainObject(step.args) ? (step.args as Record<string, unknown> | string) : {};
  // The next step calls the failed API again with other arguments (the weather for the second
  // address): the failed call is named by what sets it apart, not left reading as the one skipped
  // and then made ("`get_weather_today` gave no answer …; Next I can still … `get_weather_today`").
  let failedApi = `\`${apiOf(failedName)}\``;
  const sameApiOtherArgs = failedName === step.name && failedArgs !== undefined && toJson(failedArgs) !== toJson(args);
  if (failedName === step.name && isPlainObject(failedArgs) && isPlainObject(args)) {
    const own = Object.fromEntries(Object.entries(failedArgs).filter(([key, value]) => toJson(value) !== toJson((args as Record<string, unknown>)[key])));
    const apart = Object.keys(own).length ? argPhrase(own, tools.find((t) => t.name === step.name)) : '';
    if (apart) failedApi = `${failedApi} with ${apart}`;
  }
  const intent = intentOf(description, apiName, args);
  const phrase = argPhrase(args, tools.find((t) => t.name === step.name));
  const open = rng.pick(GAVE_UP)(failedApi, failureKind(failure));
  // An intent that already names the tool ("use `x`, which provides ...") is said once, not framed around the name again.
  const go = sameApiOtherArgs
    ? rng.pick(SAME_API_GO_ON)({ api: `\`${apiName}\``, withArgs: phrase ? ` with ${phrase}` : '' })
    : intent.includes('`')
    ? `${rng.pick(['Next I can still', 'What I can still do is', 'Without it I can still'])} ${intent}${phrase ? `, passing ${phrase}` : ''}.`
    : rng.pick(GO_ON)({ api: `\`${apiName}\``, intent, withArgs: phrase ? ` with ${phrase}` : '' });
  return `${open} ${go.charAt(0).toUpperCase()}${go.slice(1)}`;
}

export async function actionAfterFailure(trajectory: Trajectory, k: number, failure: ToolResponse, ctx: ItemContext): Promise<AfterFailure> {
  const execute: Execute = (call) => ctx.services.resolver.resolve(call, { rng: ctx.rng('skip-without-a_k'), artifactKey: ctx.itemKey, stage: 'diversify-external' });
  const failedName = stepAt(trajectory, k).step.action.name;
  // The next step of the turn if it can go on without a_k; else the first later one that needs nothing from a_k.
  const problems: string[] = [];
  for (const candidate of skipCandidates(trajectory, k)) {
    const problem = await skipProblem(trajectory, k, failure, execute, candidate);
    if (!problem) {
      const { name, args } = candidate.step.action;
      return {
        action: { thought: skipThought(failedName, candidate.step.action, trajectory.tools, ctx.rng('skip-thought'), failure.content, stepAt(trajectory, k).step.action.args), name, args },
        ...(problems.length ? { skipProblem: problems.join('; ') } : {}),
      };
    }
    problems.push(`step ${candidate.k}: ${problem}`);
  }
  const problem = problems.length ? problems.join('; ') : undefined;
  const here = stepAt(trajectory, k);
  const turn = trajectory.turns[here.turnIndex];
  const steps = turn.steps
    .slice(0, here.stepIndex + 1)
    .filter((s) => s.action.name !== FINISH_ACTION)
    .map((s, i, all) => ({
      name: s.action.name,
      args: s.action.args as ToolArgs | string,
      response: i === all.length - 1 ? failure.content : (s.response?.content ?? ''),
      ...(i === all.length - 1 ? { error: failure.error?.message ?? failure.content } : {}),
    }));
  // The request's later steps: none could run without a_k (or there are none), so they wait on it.
  const needsFailed = stepsWaitingOn(trajectory, k);
  const waiting = toolSteps(trajectory)
    .filter((s) => s.turnIndex === here.turnIndex && s.k > k)
    .map((s) => ({ name: s.step.action.name, args: s.step.action.args as ToolArgs | string, ...(needsFailed.has(s.k) ? { needsFailed: true } : {}) }));
  const { output, method } = await ctx.llm.invoke(
    answerWriterRole,
    // The docs' return fields: the unit a returned number is in ("the distance … in km").
    { request: turn.user, steps, tools: trajectory.tools.filter((t) => steps.some((s) => s.name === t.name)).map((t) => ({ name: t.name, description: t.description, return_data: t.return_data.map((f) => ({ name: f.name, description: f.description })), params: [...t.required_parameters, ...t.optional_parameters].map((x) => x.name) })), ...(waiting.length ? { waiting } : {}), ...(here.turnIndex > 0 ? { earlier: trajectory.turns.slice(0, here.turnIndex).map((e) => ({ request: e.user, answer: e.final ?? '' })) } : {}) },
    { rng: ctx.rng('answer-after-failure'), artifactKey: ctx.itemKey, stage: 'diversify-external' },
  );
  return {
    action: {
      thought: finishThought(here.step.action, failure.error?.message ?? failure.content, trajectory.tools, ctx.rng('finish-thought')),
      name: FINISH_ACTION,
      args: output.answer,
    },
    method,
    ...(problem ? { skipProblem: problem } : {}),
  };
}
