/**
 * diversify-external: an environment error in the response to step k (chooseK purpose
 * 'k-external') of every resolved trajectory. The kind is drawn per item, weighted like the
 * failures T-Eval really captured. Sources, most real first: the live collector (repeated calls
 * to a configured HTTP API, when enabled), T-Eval's captured failures of the same API or toolkit,
 * and the API simulator in error mode, whose wording is checked against the kind it was asked for.
 */
import { answerWriterRole } from '../resolve/answerWriter.js';
import { ENVIRONMENT_WORDING_VERSION, SIMULATOR_RULES_VERSION } from '../../pipeline/resolution/simulatorRules.js';
import { tripToItself } from '../../pipeline/resolution/trips.js';
import { modelFor, type Config } from '../../pipeline/config.js';
import { roleMode } from '../../pipeline/llm/types.js';
import { canonicalJson, sha256 } from '../../pipeline/hash.js';
import {
  ENVIRONMENT_ERROR_KINDS,
  FINISH_ACTION,
  ExternalErrorCandidate,
  type Action,
  type EnvironmentErrorKind,
  type ToolArgs,
  type ToolResponse,
  type Trajectory,
} from '../../pipeline/schemas.js';
import type { ItemContext, ItemResult, ItemStage, StageContext, StageItem } from '../../pipeline/stage.js';
import { FlagItem } from '../../pipeline/stage.js';
import { callAt, chooseK, stepAt, toolSteps } from '../../pipeline/steps.js';
import { apiOf, classifyEnvironmentMessage, isPlainObject, kindWeights, toolkitOf } from '../../pipeline/errors/index.js';
import { iterateResolved, parseResolvedTrajectory, readTevalRecords } from '../diversify-internal/inputs.js';
import { readRef, refTo, type ArtifactRef } from '../../pipeline/artifactRef.js';
import { externalEligibleIn } from '../diversify-internal/eligibility.js';
import { indexCaptured, matchCaptured, type CapturedFailure } from './captured.js';
import { collect, describeFailure, environmentFailures, type CollectorTarget } from './collector.js';
import { actionAfterFailure } from './afterFailure.js';
import { docFieldNames, placeholderArgument } from '../../pipeline/afterFailure.js';
import { localityOf, retryFutile, type ToolLocality } from '../../pipeline/errors/environment.js';
import { LOCAL_KINDS } from '../../pipeline/resolution/simulatorRules.js';
import { httpStyleError } from '../../pipeline/quality/grounding.js';

const STAGE = 'diversify-external';
const STAGE_RULES = 'rules:diversify-external@1';

export interface ExternalItemInput {
  /** The resolved trajectory, by reference (pipeline/artifactRef.ts): the item's first parent. */
  trajectory: ArtifactRef;
  k: number | null;
  /** Captured failures of the step's toolkit (the only ones that can apply). */
  captured: CapturedFailure[];
  weights: Record<EnvironmentErrorKind, number>;
  /** The HTTP API to collect from, when enabled and declared for the step's tool. */
  collector?: CollectorTarget;
  repeats: number;
  intervalMs: number;
}

function collectorFor(config: Config, tool: string): CollectorTarget | undefined {
  if (!config.resolve.httpEnabled) return undefined;
  const api = config.resolve.http.find((h) => h.tool === tool);
  if (!api) return undefined;
  return { tool, endpoint: api.endpoint, method: api.method, timeoutMs: api.timeoutMs, authEnv: api.authEnv, authHeader: api.authHeader, authScheme: api.authScheme };
}

export function enumerateExternal(ctx: StageContext): StageItem<ExternalItemInput>[] {
  const captured = indexCaptured(readTevalRecords(ctx, STAGE, ['B']));
  // Weighted by every real failure seen, the ones a retry cannot fix too (their kind is drawn, in a wording that passes).
  const weights = kindWeights(captured.seenKinds);
  const { repeats, intervalMs } = { repeats: ctx.config.diversify.externalCollectorRepeats, intervalMs: ctx.config.diversify.collectorIntervalMs };
  ctx.log(
    `[${STAGE}] captured T-Eval failures: ${captured.seenKinds.length} environment failures (` +
      ENVIRONMENT_ERROR_KINDS.map((k) => `${k} ${weights[k] - 1}`).join(', ') +
      `), ${captured.usable.length} reusable; ${captured.unusable.length} left out (${[...new Set(captured.unusable.map((u) => u.why))].join('; ') || '-'})`,
  );
  if (!ctx.config.resolve.httpEnabled) {
    ctx.log(`[${STAGE}] HTTP adapters are off (resolve.httpEnabled=false): the live collector calls nothing; environment errors come from captured T-Eval failures and the API simulator in error mode`);
  } else if (ctx.config.resolve.http.length === 0) {
    ctx.log(`[${STAGE}] HTTP adapters are enabled but none is declared (resolve.http is empty): the live collector calls nothing`);
  }

  const items: StageItem<ExternalItemInput>[] = [];
  // One trajectory at a time: an item keeps its step k, the failures that fit it and a reference.
  for (const { key, contentHash, trajectory } of iterateResolved(ctx, STAGE)) {
    // A call whose argument is a placeholder ("company name", "{places}") is no step a careful model retries.
    const fields = docFieldNames(JSON.stringify(trajectory.tools));
    const eligible = externalEligibleIn(trajectory);
    // Nor is a trip from a place to itself (get_distance from one point to the same point): the call is wrong before any service fails it.
    const k = chooseK(trajectory, ctx.seed, 'k-external', (s) => eligible(s) && !placeholderArgument(s.step.action, fields) && !tripToItself(s.step.action.args)) ?? null;
    const tool = k === null ? '' : (toolSteps(trajectory)[k - 1]?.step.action.name ?? '');
    // A local tool's failures never read as an HTTP API's, whatever T-Eval's wrapper once printed.
    const local = k !== null && localityOf(tool, trajectory.tools) === 'local';
    const relevant = captured.usable.filter((c) => toolkitOf(c.tool) === toolkitOf(tool) && !(local && httpStyleError(c.message)));
    const collector = collectorFor(ctx.config, tool);
    items.push({
      id: trajectory.id,
      input: { trajectory: refTo({ key, contentHash }, 0), k, captured: relevant, weights, ...(collector ? { collector } : {}), repeats, intervalMs },
      parents: [key, ...relevant.map((c) => c.key)],
    });
  }
  return items;
}

function environmentResponse(message: string, tier: ToolResponse['tier'], origin: string): ToolResponse {
  return { content: message, tier, error: { source: 'environment', message }, origin };
}

/** A kind drawn by the weights, among those the tool can really fail with (a local tool has no billing quota). */
function drawKind(weights: Record<EnvironmentErrorKind, number>, locality: ToolLocality, ctx: ItemContext): EnvironmentErrorKind {
  const possible = (k: EnvironmentErrorKind) => locality === 'remote' || LOCAL_KINDS.includes(k);
  return ENVIRONMENT_ERROR_KINDS[ctx.rng('environment-kind').weighted(ENVIRONMENT_ERROR_KINDS.map((k) => (possible(k) ? weights[k] : 0)))];
}

async function fromCollector(
  input: ExternalItemInput,
  action: Action,
  drawn: EnvironmentErrorKind,
  ctx: ItemContext,
): Promise<{ candidate?: Omit<ExternalErrorCandidate, 'trajectoryId' | 'source' | 'k' | 'action' | 'drawnKind'>; note?: string }> {
  const target = input.collector!;
  const args: ToolArgs = isPlainObject(action.args) ? action.args : {};
  const result = await collect(target, args, { repeats: input.repeats, intervalMs: input.intervalMs });
  for (const a of result.attempts) {
    ctx.store.recordCall({
      kind: 'tool',
      artifactKey: ctx.itemKey,
      stage: STAGE,
      requestHash: sha256(canonicalJson({ tool: target.tool, endpoint: result.endpoint, args, attempt: a.attempt })),
      tier: 'live',
      request: { tool: target.tool, endpoint: result.endpoint, method: target.method, args, attempt: a.attempt },
      response: a,
      status: a.ok ? 'ok' : 'failed',
      error: a.error ?? (a.ok ? null : `HTTP ${a.status}`),
      latencyMs: a.elapsedMs,
    });
  }
  // A real failure that cannot pass (a rejected key, a used-up monthly quota) is kept in the call log,
  // not shown: the protocol's retry would not be the careful next step after it.
  const seen = environmentFailures(result);
  const failures = seen.filter((f) => !retryFutile(describeFailure(f, result.endpoint, target.timeoutMs)));
  if (failures.length === 0) {
    return {
      note: seen.length
        ? `the live collector called ${result.endpoint} ${result.attempts.length} times and saw only failures a retry cannot fix (${[...new Set(seen.map((f) => retryFutile(describeFailure(f, result.endpoint, target.timeoutMs))))].join('; ')})`
        : `the live collector called ${result.endpoint} ${result.attempts.length} times and saw no environment failure`,
    };
  }
  // A failure of the drawn kind if the API produced one; otherwise whatever it really did.
  const ofKind = failures.filter((f) => f.kind === drawn);
  const chosen = ctx.rng('collected-pick').pick(ofKind.length ? ofKind : failures);
  const message = describeFailure(chosen, result.endpoint, target.timeoutMs);
  return {
    candidate: {
      kind: chosen.kind!,
      origin: 'collected',
      response: environmentResponse(message, 'live', `collector:${result.endpoint}`),
      method: 'rules:http-collector@1',
      details: {
        collected: { endpoint: result.endpoint, repeats: input.repeats, failures: failures.length, attempts: result.attempts },
        notes: ofKind.length ? [] : [`drew ${drawn}, but the API failed only with ${[...new Set(failures.map((f) => f.kind))].join(', ')}; kept what it really did`],
      },
    },
  };
}

export async function runExternal(item: StageItem<ExternalItemInput>, ctx: ItemContext): Promise<ItemResult<ExternalErrorCandidate>> {
  const trajectory = readRef(ctx.store, item.parents, item.input.trajectory, parseResolvedTrajectory);
  const result = await drawFailure(item, trajectory, ctx);
  if (!result.content || item.input.k === null) return result;
  const after = await actionAfterFailure(trajectory, item.input.k, result.content.response, ctx);
  const method = after.method ? `${result.method}+${after.method}` : result.method;
  const outcome = after.action.name === FINISH_ACTION ? 'so the ground truth closes the turn' : `so the ground truth goes on with a later step that needs nothing from a_k (${after.action.name})`;
  const details = after.skipProblem ? { ...result.content.details, notes: [...result.content.details.notes, `the next step cannot be taken without a_k, ${outcome}: ${after.skipProblem}`] } : result.content.details;
  return { ...result, method, content: { ...result.content, next: after.action, method, details } };
}

/** The environment failure of a_k, most real source first. */
async function drawFailure(item: StageItem<ExternalItemInput>, trajectory: Trajectory, ctx: ItemContext): Promise<ItemResult<ExternalErrorCandidate>> {
  const { k } = item.input;
  const steps = toolSteps(trajectory);
  if (k === null) {
    return { status: 'rejected', content: null, reason: `trajectory ${trajectory.id} has no tool call whose response can fail (${steps.length} tool steps)`, method: STAGE_RULES };
  }
  if (k > steps.length) return { status: 'rejected', content: null, reason: `trajectory ${trajectory.id} has ${steps.length} tool steps, too short for k=${k}`, method: STAGE_RULES };
  const action = stepAt(trajectory, k).step.action;
  const drawn = drawKind(item.input.weights, localityOf(action.name, trajectory.tools), ctx);
  const base = { trajectoryId: trajectory.id, source: trajectory.source, k, action, drawnKind: drawn };
  const notes: string[] = [];

  if (item.input.collector) {
    const { candidate, note } = await fromCollector(item.input, action, drawn, ctx);
    if (candidate) return { status: 'ok', content: { ...base, ...candidate }, method: candidate.method };
    if (note) notes.push(note);
  }

  const match = matchCaptured(item.input.captured, action, drawn, ctx.rng('captured-pick'));
  if (match) {
    const exact = match.adaptation === 'exact';
    const method = 'rules:teval-captured@1';
    return {
      status: 'ok',
      method,
      content: {
        ...base,
        kind: drawn,
        origin: 'captured',
        // An adapted message is no longer exactly what was recorded.
        response: environmentResponse(match.message, exact ? 'recorded' : 'simulated', `teval:review_str_v1#${match.failure.recordId}`),
        method,
        details: {
          captured: { recordId: match.failure.recordId, tool: match.failure.tool, message: match.failure.message, adaptation: match.adaptation },
          notes,
        },
      },
    };
  }

  const method = roleMode(ctx.llm, 'api-simulator') === 'openai' ? `llm:${modelFor(ctx.config, 'api-simulator')}` : 'rules:api-simulator';
  const problems: string[] = [];
  let lastEnvironment: ToolResponse | undefined;
  for (let attempt = 1; attempt <= ctx.config.diversify.maxAttempts; attempt++) {
    const response = await ctx.services.resolver.resolve(
      callAt(trajectory, k, action),
      { rng: ctx.rng(`environment-simulator:${attempt}`), artifactKey: ctx.itemKey, stage: STAGE, environmentError: drawn },
    );
    if (response.error?.source !== 'environment') {
      problems.push(`#${attempt}: asked for ${drawn}, the simulator answered without an environment error (${response.tier}: ${response.content.slice(0, 120)})`);
      continue;
    }
    lastEnvironment = response;
    const said = classifyEnvironmentMessage(response.error.message)?.kind;
    if (said !== drawn) {
      problems.push(`#${attempt}: asked for ${drawn}, the message reads as ${said ?? 'no recognisable kind'}: ${response.error.message.slice(0, 160)}`);
      continue;
    }
    // The ground truth retries (the protocol's first step): a failure that cannot pass would make that step arguable.
    const futile = retryFutile(response.error.message);
    if (futile) {
      problems.push(`#${attempt}: the message says a retry cannot help (${futile}): ${response.error.message.slice(0, 160)}`);
      continue;
    }
    const mentionsApi = [action.name, toolkitOf(action.name), action.name.split('.')[1]].some((n) => n && response.error!.message.includes(n));
    if (!mentionsApi) notes.push('the simulated message does not name the API');
    const fullMethod = roleMode(ctx.llm, 'api-simulator') === 'openai' ? method : `rules:${response.origin ?? 'api-simulator'}`;
    return {
      status: 'ok',
      method: fullMethod,
      content: { ...base, kind: drawn, origin: 'simulated', response, method: fullMethod, details: { simulated: { attempts: attempt, problems }, notes } },
    };
  }
  const reason = `no ${drawn} environment error after ${problems.length} attempts: ${problems.join(' | ')}`;
  if (!lastEnvironment) throw new FlagItem(reason);
  return {
    status: 'flagged',
    reason,
    method,
    content: { ...base, kind: drawn, origin: 'simulated', response: lastEnvironment, method, details: { simulated: { attempts: problems.length, problems }, notes } },
  };
}

/** Counts per origin × kind over the stage's current output. */
export function externalSummary(ctx: StageContext): string {
  const records = ctx.store.stageListing(STAGE, ['ok', 'flagged', 'rejected'], { origin: '$.origin', kind: '$.kind' });
  const counts = new Map<string, number>();
  for (const r of records) {
    const key = r.contentHash !== null ? `${r.status} | ${String(r.fields.origin)} | ${String(r.fields.kind)}` : `${r.status} | - | -`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return ['external candidates (status | origin | kind: count)', ...[...counts].sort(([a], [b]) => a.localeCompare(b)).map(([k, n]) => `${k}: ${n}`)].join('\n');
}

export const diversifyExternalStage: ItemStage<ExternalItemInput, ExternalErrorCandidate> & { summarize(ctx: StageContext): string } = {
  kind: 'items',
  name: STAGE,
  // The rules of its roles are part of its version: changing how failures or closing answers read redoes its items.
  // 4: the step after a failure passes pipeline/afterFailure.ts (no values from the failed answer, no opened state, no condition on it, no placeholder); a later independent step before closing; skip thoughts cite no result; no placeholder retries. 5: the closing thought after a call that kept failing says how it failed, in one of several wordings.
  // 23: prefixes render closing thoughts that say a list field as its items (answerFact).
  version: `58+${SIMULATOR_RULES_VERSION}+${ENVIRONMENT_WORDING_VERSION}+${answerWriterRole.offline.version}`, // 58 (lead40): a list said with its items in brackets takes no second pair round it ("three numbered bullet items (\"Introduction to computer vision\", …)", "content of three numbered points (…)"; thoughtPhrases argWords; thought_brackets_nested 22/2,186 on lead40 m9). 57 (lead39): diff's files said as the first and second file ("`diff` with first file \"config.py\" and second file \"real_config.py\""), never "file name 1" (grammar.ts BARE_KEYS; thought_key_bare widened, 23/2,186 on lead39 m9). 56 (lead39): no comma before the last argument where the "and" before it sits inside brackets ("with bullet items (a record of Authors and Summary) and title \"…\"": thoughtPhrases argPhrase outsideBrackets; thought_serial_comma_needless 29/2,186 on lead39 m8). 55 (lead38): a retry thought for a timeout or a server error gives its reason as the other frames do ("That attempt at `get_now_playing` timed out; a timeout is no fault of what I sent, so I retry it."), never "…, which may pass, so I retry it" (thought_retry_may_pass, new, 62 thoughts on g0). 54 (lead38): a thought giving up on a failed call says it failed "on every retry", never "again on every retry" (thought_again_every_retry, new, 30 thoughts on g0). 53 (lead37): a refusal whose message says why a retry goes through (a key rotated mid-flight, a token renewed) is told so in the retry thought, never only "A refusal like that may not last" (thought_retry_reason_unsaid 8/376 on f2). 52 (lead37): a later step working in the state a waiting step was to leave waits too (pipeline/afterFailure.ts stepsWaitingOn: after a failed ls, the ls after the cd waiting on it is no "still to do"; bfcl_multi_turn_base_26-env-k1). 51 (lead36): one value of a plural key said with the singular. 50 (lead36): a number cited from the request restated bare. 49 (lead36): a unit key names an amount (keyNoun). 48 (lead36): skip thoughts describe a schedule they pass by its opening, never as a record of its clock hours (pipeline/thoughtPhrases.ts recordLabels). 47 (h-lead34): retry thoughts say a short list item by item (argPhrase). 46 (h-lead33): intents said as a person does (DOC_PHRASES). 45 (h-lead33): retry and closing thoughts say a Douban look-up as one (thought_lookup_printed). 44 (h-lead33): a forecast is "for the next 3 days" in retry and closing thoughts (forecast_days_in). 43 (h-lead33): retry and go-on thoughts name bare parameters by their docs ("destination", "search terms"; grammar.ts BARE_KEYS). 42 (int32): h-text32's 41 and h-solv32's 41 merged. 41 (h-solv32): a later step taking an id past 2^53 (a bigint) that the failed call's answer was to give waits on it and is no go-on candidate (steps.ts argLeaves skipped bigints: 144_2-env-k1's check_availability(propertyId=691676460109271194) read as free of the failed property search; answer_failure_waiting_told_pending 3/47 on g0). 41 (h-text32): a booking doc's day is not said as the step's ("I still need to book the meeting room", not "… today" on a request for tomorrow; thoughtPhrases coreOf; thought_day_contradicts_request 3/34 on h-text32's b1). 40: a go-on step writing that the failed call succeeded ("Email sent successfully." after Email.send failed, teval_query_194_1-env-k2) does not stand (afterFailure.ts claimsFailedEffect: skip_reports_failed_success 5/10 on g0); a place the request names, written in the language its tool's doc asks (天安门广场 for "Tiananmen Square"), is shown, so the go-on no longer passes over GaodeMap.get_coordinate (valuesFromPlannedAnswer: skip_passes_translated_place 6/480 on g0, teval_query_358_0-env-k1). 39 (h-thoughts28): the retry and skip thoughts say the call's arguments in words (argPhrase: "movie id 575264", "the unlock flag off"), never "<key> set to <value>" (thought_arg_key_pasted). 38 (h-env25): no step after giving up that meets the same fault: a local failure saying a thing its toolkit shares stood in the way (a lock another operation holds on the file, the network share's server down, the connection to the car's controller dropped, a full disk) leaves no next step of that toolkit on it (pipeline/afterFailure.ts sharedFaultBlocks): teval_query_247_2-env-k4 no longer saves the deck right after add_text_page timed out on its file's lock, bfcl_multi_turn_base_60-env-k1 no longer presses the brake after lockDoors lost the controller (skip_infeasible 23/352 on this branch's first build). 37 (h-env25): a clock time a shown clock and a stated duration give ("the next two hours" from 20:53 ends at 22:53; grounding.ts timeFromShownClock) grounds the step after a failure, so teval_query_85_0 goes on with the room search after get_weekday failed instead of closing (skip_finishes_early 2/456 with the widened grounding on f52). 36: after giving up, a lookup of another toolkit than the writes between may be the next step (skipCandidates takes laterStepsDoableEarly), and "reserve it for that time" ties no clock read to the failed check (conditionOnFailed): teval_query_250_1 went on with get_weekday, passing over the room search and the clock the request asks for (skip_passes_over_step 4/314 on f46). 35 (h-env9): the moving-on thought says "I can still create a new file by calling `touch` with file name …", not "with `touch` with file name …" (GO_ON; skip_thought_double_with 22/376 → 0). 34 (h-env9): a date the request says in words ("October 1, 2023") is shown, so a step taking "2023-10-01" is no longer read as built on the failed call's answer (pipeline/afterFailure.ts isoDateStated: teval_query_455_2 went on with the open and close of AAPL instead of closing; skip_finishes_early 5 → 0). 33 (h-env9): a local failure is told as the message tells it: an I/O error of the disk or device ("hit an I/O error"), a crashed worker, a local timeout or refusal, never "the message points at the service" or "timing out is about the service" (failureKind, retryReason; failure_local_blamed_on_service). 32: an email address an inbox shows is a value copied from it (afterFailure.ts fragments): after Email.show fails, a reply to "email@msr-cmt.org" waits on it, never the next step (teval_query_375_0-env-k1; skip_infeasible 5/274 with the widened check). 31 (h-env8): a cap on calls at once ("4 calls are already running, over the limit of 4 at once") is told as a usage limit, not a server error (failureKind; failure_thought_limit_misread 4 → 0). 30 (h-env8): a JSON decode failure ("Expecting value: line 1 column 1 (char 0)") is told as the service sending back no JSON (failureKind), not "the message points at the service"; the step after giving up that calls the failed API with other arguments is said as a separate request (SAME_API_GO_ON), not as what "I can still do" in the failed call's words. 29: h-env7's 28 merged. 28 (h-env7): no failure at a call asking for a trip from a place to itself (trips.ts tripToItself: teval_query_307_2's get_distance from a point to the same point was retried as it stood; env_failed_call_to_itself 6 → 0); 28 (merge): h-thoughts12's 27 and h-env6's 26 merged. 27 (h-thoughts12): a short list argument is said item by item in the retry and skip thoughts (listSaysWhole); 26 (h-thoughts12): a retry, skip or closing thought says the file type the call's path has ("create a ppt file" for outputs/talk.ppt, not the doc's "pptx"; thoughtPhrases forThisCall) and quotes no request clause cut inside a date or a place; 25: a connection never made is told as what it was (failureKind: refused a connection, had no connection, could not get through the proxy, could not reach its server), never as lost (27/47 CoT cases); 24: the skip thought's last wording says how every try failed ("Every try at `x` timed out, so I skip it for now."), not "I could not get an answer from" (40 cases); 22: a long text argument in the retry and skip thoughts is said by what it is (describeText), not as "an N-word text"; 21: a broken pipe, a dropped or absent connection (ENOTCONN) is told as a lost connection, not "(it failed)" (failureKind); 20: an intent naming the tool is not said beside the tool's name; 19: (rebuild of 18's wording) 18: the closing thought after giving up says what the failed call was for ("so I cannot look up the article on arxiv now"), not "I'll sum up what was done"; 17: the thought of the step taken after giving up says how the call failed ("still times out after retrying"); 16: the closing thought after a retry says a throttled local call hit its usage limit and a lost connection as such, not "(it failed)"; 15: h-fsfail's 13 merged (no step after a failure that needs the state the failed call would have left (needsFailedState: the directory a failed cd was to enter, the copy, folder or file a failed cp/mv/mkdir/touch/echo was to make), so the turn closes with an answer that says what failed); 14: 13 and the lead's 13 merged (the step after a failure names every argument of its call: argPhrase); 13: a key prose cannot say as spelled (mauthors, q) named by its doc in the retry and skip thoughts (keyNoun); 12: no failure at a call passing a stand-in place ("vacation destination", "current") or an email with a slot left to fill (placeholderValue); 11: (merged) the skip check reads the failed call as the case shows it, so an airport it chose (Tokyo as HND) grounds the step after; the step after a failure may not take an id or airport code only a tool doc or a city's name stands for (grounding.ts groundedIn); 10: no retry thought in the candidate (assemble writes it with retryThought), and the step after a failure no longer says "the request also asks me to" of a means to it; 9: "and two more arguments"; 8: only failures a retry can get past (retryFutile): transient permission and quota wordings, a simulated or collected failure that cannot pass redrawn or left out, a captured one left out; the step after a failure says its call as the thought writer does (intentOf of this call: cd("..") goes up; argPhrase: "and two more"); 7: no failure at a call that repeats one already answered, nor just before one (repeatsAnsweredCall); 6: the step after a failure says what it is for in plain words, not the doc's (thoughtPhrases coreOf) 26 (h-env6): when the step after giving up calls the failed API again with other arguments, the skip thought names the failed call by what sets it apart ("`get_weather_today` with location \"10 Downing Street, London\" gave no answer …"), not as the very call it then makes (6/126 CoT external cases); 25: a connection never made is told as what it was (failureKind: refused a connection, had no connection, could not get through the proxy, could not reach its server), never as lost (27/47 CoT cases); 24: the skip thought's last wording says how every try failed ("Every try at `x` timed out, so I skip it for now."), not "I could not get an answer from" (40 cases); 22: a long text argument in the retry and skip thoughts is said by what it is (describeText), not as "an N-word text"; 21: a broken pipe, a dropped or absent connection (ENOTCONN) is told as a lost connection, not "(it failed)" (failureKind); 20: an intent naming the tool is not said beside the tool's name; 19: (rebuild of 18's wording) 18: the closing thought after giving up says what the failed call was for ("so I cannot look up the article on arxiv now"), not "I'll sum up what was done"; 17: the thought of the step taken after giving up says how the call failed ("still times out after retrying"); 16: the closing thought after a retry says a throttled local call hit its usage limit and a lost connection as such, not "(it failed)"; 15: h-fsfail's 13 merged (no step after a failure that needs the state the failed call would have left (needsFailedState: the directory a failed cd was to enter, the copy, folder or file a failed cp/mv/mkdir/touch/echo was to make), so the turn closes with an answer that says what failed); 14: 13 and the lead's 13 merged (the step after a failure names every argument of its call: argPhrase); 13: a key prose cannot say as spelled (mauthors, q) named by its doc in the retry and skip thoughts (keyNoun); 12: no failure at a call passing a stand-in place ("vacation destination", "current") or an email with a slot left to fill (placeholderValue); 11: (merged) the skip check reads the failed call as the case shows it, so an airport it chose (Tokyo as HND) grounds the step after; the step after a failure may not take an id or airport code only a tool doc or a city's name stands for (grounding.ts groundedIn); 10: no retry thought in the candidate (assemble writes it with retryThought), and the step after a failure no longer says "the request also asks me to" of a means to it; 9: "and two more arguments"; 8: only failures a retry can get past (retryFutile): transient permission and quota wordings, a simulated or collected failure that cannot pass redrawn or left out, a captured one left out; the step after a failure says its call as the thought writer does (intentOf of this call: cd("..") goes up; argPhrase: "and two more"); 7: no failure at a call that repeats one already answered, nor just before one (repeatsAnsweredCall); 6: the step after a failure says what it is for in plain words, not the doc's (thoughtPhrases coreOf)
  upstream: ['collect', 'resolve'],
  description: 'environment errors at step k: live collector, T-Eval captured failures, API simulator in error mode',
  roles: ['api-simulator', 'answer-writer'],
  output: ExternalErrorCandidate,
  configSlice: (c) => ({
    maxAttempts: c.diversify.maxAttempts,
    externalCollectorRepeats: c.diversify.externalCollectorRepeats,
    collectorIntervalMs: c.diversify.collectorIntervalMs,
    resolve: c.resolve,
  }),
  enumerate: enumerateExternal,
  run: runExternal,
  summarize: externalSummary,
};
