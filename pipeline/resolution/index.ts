/**
 * The resolution chain: every tool call the pipeline needs an answer to goes cache → live →
 * simulator, and the answer records its tier and origin. Every call is logged in the `calls`
 * table (kind 'tool', with the artifact and stage it served).
 *
 * Routing, and why:
 * - `environmentError` asked for: the simulator in error mode (an environment failure on
 *   purpose is never a cached or live answer).
 * - A source that registered a live executor (sources/<name>/resolution.ts; BFCL's backends,
 *   state rebuilt from the initial config the trajectory carries and the history): executed.
 *   Such calls SKIP the cache lookup: the executors are stateful (the same call answers
 *   differently after other calls), local and fast, and deterministic — a state-keyed cache could
 *   only return what live recomputes, while making the recorded tier depend on what happened to
 *   run before (byte-identical reruns would break). Live answers are still written to the cache
 *   with their state context, as the record of what the backend said and as examples for the
 *   simulator. The engine knows no source: it asks the registry (./sources.ts) by source name.
 * - Everything else: first the call is checked against the trajectory's tool docs with the
 *   simulator's deterministic rules. A call the docs rule out (unknown tool, missing or unknown
 *   keys, wrong types) gets that explicit error (tier simulated) whatever the LLM mode: the docs
 *   are the contract the benchmark holds calls to, so a lenient real API's cached answer (T-Eval
 *   recorded `Email.show` answering `{}` without its required key) must not make an erroneous
 *   call look fine, "the API rejected it" never depends on a model's mood, and nothing is sent
 *   to an HTTP API for a call that is wrong on paper. A valid call then goes to the cache
 *   (canonical arguments, no state: T-Eval's APIs are stateless lookups), then an HTTP adapter
 *   when `resolve.httpEnabled` and the tool is declared in `resolve.http` (its successful answers
 *   are cached); a call whose path argument its parameter cannot take (pathKinds.ts) then fails as
 *   the real tool would, in the source's own error form; otherwise the `api-simulator` role (rules offline, a model otherwise), seeded from
 *   the call. Error mode goes straight to the simulator.
 *
 * `ResolveOptions.rng` is not drawn from for answers: an answer depends on the call (and the
 * seed), never on which item asked first or how often, so two stages asking the same call get the
 * same answer. The one use: in error mode with a model, a wording variant is drawn from it, so a
 * consumer that retries with another rng purpose (diversify-external does, until the message reads
 * as the kind it asked for) sends a new request instead of getting the cached same reply.
 */
import type { Config } from '../config.js';
import { modelFor } from '../config.js';
import type { Store } from '../store/store.js';
import { roleMode, type LlmGateway } from '../llm/types.js';
import { hashValue } from '../hash.js';
import { Rng } from '../rng.js';
import type { ToolArgs, ToolResponse } from '../schemas.js';
import { isPlainObject, toolkitOf } from '../errors/values.js';
import { redactSecrets } from '../secrets.js';
import type { CallToResolve, ResolveOptions, ToolResolver } from './types.js';
import { canonicalArgs } from './canonical.js';
import { ToolCache } from './cache.js';
import { registeredSources, sourceResolution, type CacheSeed, type LiveExecutor } from './sources.js';
import { callHttp, publicEndpoint, type HttpApi } from './http.js';
import { apiSimulatorRole } from './apiSimulator.js';
import { SIMULATOR_RULES_VERSION, applyCarried, isClock, pyJson, recordedClockDay, validateCall, refusalContent, type CarriedValue } from './simulatorRules.js';
import { valueShownIn } from '../quality/grounding.js';
import { pathProblem } from '../errors/pathKinds.js';
import { unknownRecord } from './unknownRecord.js';
import { oneTypePerField } from './fieldTypes.js';
import { inRecordedBlocks } from './recordedBlocks.js';
import { answerForm, inRecordedForm, inRecordedText } from './answerForm.js';
import { cutResponse } from './recordedSearch.js';
import { filmsShown, isFilmApi, withRecordedFilms } from './knownFacts.js';

/** The source's form for a file error, when it registered one. */
function sourceFileError(source: string): ((tool: string, message: string) => string) | undefined {
  return registeredSources().find((d) => d.source === source)?.fileError;
}

export { ToolCache } from './cache.js';
export { cacheKey, canonicalArgs, stateContext } from './canonical.js';
export { apiSimulatorRole, renderApiSimulatorPrompt, KIND_DESCRIPTIONS, type ApiSimulatorInput } from './apiSimulator.js';
export { validateCall, environmentMessage, plausibleAnswer, simulateOffline, pyJson, SIMULATOR_RULES_VERSION } from './simulatorRules.js';
export { callHttp, publicEndpoint } from './http.js';
export { registerSourceResolution, sourceResolution, registeredSources, groundingHints, type SourceResolution, type LiveExecutor, type LiveCall, type LiveAnswer, type CacheSeed, type GroundingHints } from './sources.js';

export interface ResolverDeps {
  store: Store;
  config: Config;
  llm: LlmGateway;
  /** Where credentials of HTTP adapters are read (default process.env). */
  env?: NodeJS.ProcessEnv;
}

/** Every registered source's cache seeds among collect's records (the sources' order, then collect's). */
function sourceSeeds(store: Store): CacheSeed[] {
  const collected = store.readStage<unknown>('collect', ['ok']).map((a) => a.content);
  return registeredSources().flatMap((def) => def.cacheSeeds?.(collected) ?? []);
}


/** How many recordings of an API the simulator reads for the forms its fields take. */
const RECORDED_FORMS = 60;
/** How many recorded answers of a film toolkit the simulator reads for the films T-Eval recorded (FilmTMDB holds 17). */
const RECORDED_FILMS = 200;

export class ChainResolver implements ToolResolver {
  readonly cache: ToolCache;
  /** Live executors by source, made on first use (a resolver that never runs BFCL never loads its backends' state). */
  private readonly live = new Map<string, LiveExecutor | null>();
  private seeded = false;
  private readonly http: Map<string, HttpApi>;
  private readonly env: NodeJS.ProcessEnv;

  constructor(private readonly deps: ResolverDeps) {
    this.cache = new ToolCache(deps.store);
    this.http = new Map(deps.config.resolve.http.map((h) => [h.tool, h]));
    this.env = deps.env ?? process.env;
  }

  /** Seed the cache from collect's recorded responses, once per resolver (idempotent). */
  seed(): number {
    if (this.seeded) return 0;
    this.seeded = true;
    return this.cache.seedRecorded(sourceSeeds(this.deps.store));
  }

  async resolve(call: CallToResolve, opts: ResolveOptions): Promise<ToolResponse> {
    const started = Date.now();
    let response: ToolResponse;
    let context = '';
    try {
      ({ response, context } = await this.route(call, opts));
    } catch (err) {
      this.record(call, opts, context, undefined, started, redactSecrets((err as Error).message, this.env));
      throw err;
    }
    this.record(call, opts, context, response, started);
    return response;
  }

  private async route(call: CallToResolve, opts: ResolveOptions): Promise<{ response: ToolResponse; context: string }> {
    if (opts.environmentError) return { response: await this.simulate(call, opts), context: '' };

    const executor = this.executor(call.source);
    if (executor && isPlainObject(call.args)) {
      const r = executor.execute({ trajectoryId: call.trajectoryId, tools: call.tools, name: call.name, args: call.args, history: call.history, meta: call.meta });
      if (r) {
        const response: ToolResponse = {
          content: r.response,
          tier: 'live',
          origin: r.origin,
          ...(r.isError ? { error: { source: 'internal' as const, message: r.errorMessage ?? r.response } } : {}),
        };
        this.cache.put(call.name, call.args, r.context, response, r.origin);
        return { response, context: r.context };
      }
    }

    // The tool docs are the contract the benchmark holds calls to: a call they rule out gets the
    // API's error, never a lenient real API's answer from the cache, and is never sent anywhere.
    const invalid = this.invalid(call);
    if (invalid) return { response: invalid, context: '' };

    if (isPlainObject(call.args)) {
      this.seed();
      const hit = opts.skipCache ? undefined : this.cache.get(call.name, call.args);
      // A recording listing more results than the doc shown beside it allows is cut to the doc's count, and says so (recordedSearch.ts cutToDocCap).
      if (hit) return { response: cutResponse({ content: hit.response.content, tier: 'cache', origin: hit.origin, ...(hit.response.error ? { error: hit.response.error } : {}) }, call.tools.find((t) => t.name === call.name)), context: '' };
      const api = this.deps.config.resolve.httpEnabled ? this.http.get(call.name) : undefined;
      if (api) {
        const { response } = await callHttp(api, call.args as ToolArgs, this.env);
        // Only a real answer is worth reusing; failures are the environment's mood of the moment.
        if (!response.error) this.cache.put(call.name, call.args, '', response, response.origin ?? `http:${publicEndpoint(api.endpoint)}`);
        return { response, context: '' };
      }
    }
    const unusable = this.unusablePath(call) ?? this.unknownRecord(call);
    if (unusable) return { response: unusable, context: '' };
    return { response: await this.simulate(call, opts), context: '' };
  }

  /**
   * A call whose path argument its parameter cannot take (a file to read that does not exist, an
   * image parameter given a slide deck) fails as the real tool fails, in the tool's own form, whatever
   * the LLM mode: no simulated success for a file nobody made.
   */
  private unusablePath(call: CallToResolve): ToolResponse | undefined {
    const doc = call.tools.find((t) => t.name === call.name);
    const problem = doc ? pathProblem(doc, call.args, call.shown === undefined ? undefined : { shown: call.shown, earlier: call.history, tools: call.tools }) : undefined;
    if (!problem) return undefined;
    const content = sourceFileError(call.source)?.(call.name, problem.message) ?? problem.message;
    return { content, tier: 'simulated', error: { source: 'internal', message: problem.message }, origin: SIMULATOR_RULES_VERSION };
  }

  /**
   * A lookup by an identifier the task never showed (a mistyped property id, the ticker "aapl")
   * names no record: the API answers "not found", in the source's own form when it registered one.
   */
  private unknownRecord(call: CallToResolve): ToolResponse | undefined {
    const doc = call.tools.find((t) => t.name === call.name);
    if (!doc || call.shown === undefined) return undefined;
    const missing = unknownRecord(doc, call.args, call.shown, call.history);
    if (!missing) return undefined;
    const rng = new Rng(this.deps.config.seed, 'not-found', call.name, canonicalArgs(call.args));
    this.seed();
    const recorded = this.recordedForms(call.name);
    const content = registeredSources().find((d) => d.source === call.source)?.notFound?.(call.name, missing, rng) ?? inRecordedForm(JSON.stringify({ error: missing.message }), recorded);
    return { content, tier: 'simulated', error: { source: 'internal', message: missing.message }, origin: SIMULATOR_RULES_VERSION };
  }

  private executor(source: string): LiveExecutor | null {
    let executor = this.live.get(source);
    if (executor === undefined) {
      executor = sourceResolution(source).live?.() ?? null;
      this.live.set(source, executor);
    }
    return executor;
  }

  private async simulate(call: CallToResolve, opts: ResolveOptions): Promise<ToolResponse> {
    const { config, llm } = this.deps;
    // Seeded from the call (and the kind asked for), never from the order calls come in.
    const rng = new Rng(config.seed, 'api-simulator', call.name, canonicalArgs(call.args), opts.environmentError ?? '');
    this.seed();
    const examples = this.cache.examples(call.name, config.resolve.simulatorExamples, isPlainObject(call.args) ? call.args : undefined).map(({ args, response }) => ({ args, response }));
    // A clock nothing in the task dates answers on the day its recordings answer (T-Eval's runs of October 2023; the
    // recordings of this very call count, being all a clock has), never a drawn day years before the recorded papers a case shows.
    const doc = call.tools.find((t) => t.name === call.name);
    const today = call.today ?? (doc && isClock(doc) ? recordedClockDay(this.cache.examples(call.name, config.resolve.simulatorExamples)) : undefined);
    const known = this.withRecordedFilms(call);
    const { output, method } = await llm.invoke(
      apiSimulatorRole,
      {
        name: call.name,
        args: call.args,
        tools: call.tools,
        examples,
        // Every recording of the API, this call's own included: the forms and decimals its fields take (valueForms.ts).
        recorded: this.cache.examples(call.name, RECORDED_FORMS).map((e) => e.response),
        ...(call.carry?.length && !opts.environmentError ? { carry: call.carry } : {}),
        ...(call.place && !opts.environmentError ? { place: call.place } : {}),
        ...(known && !opts.environmentError ? { known } : {}),
        ...(today && !opts.environmentError ? { today } : {}),
        ...(call.asked && !opts.environmentError ? { asked: call.asked } : {}),
        ...(call.named && !opts.environmentError ? { named: call.named } : {}),
        ...(call.used && !opts.environmentError ? { used: call.used } : {}),
        // Only a model is asked for a variant: the rules answer per call, and a retry is the consumer's business.
        ...(opts.environmentError ? { environmentError: opts.environmentError, ...(llm.mode === 'openai' ? { variant: opts.rng.int(1, 999) } : {}) } : {}),
      },
      { rng, artifactKey: opts.artifactKey ?? null, stage: opts.stage ?? null },
    );
    // The origin is the simulator itself: its rules version offline, `llm:<model>` otherwise.
    const origin = method.startsWith('rules:') ? method.slice('rules:'.length) : method;
    const error = output.error.trim();
    // Written as the API's recorded answers are (T-Eval's as Python prints them), not in a form of its own;
    // an API with none (its one recording this very call, or none at all) as its toolkit's are.
    const recorded = this.recordedForms(call.name);
    if (opts.environmentError) {
      // A model that answered instead of failing still failed to answer: its text is the message.
      const message = inRecordedForm(error || output.response.trim() || `${call.name} failed: ${opts.environmentError.replace('_', ' ')}`, recorded);
      return { content: message, tier: 'simulated', error: { source: 'environment', message }, origin };
    }
    if (error) return { content: inRecordedForm(refusalContent(call.name, error), recorded), tier: 'simulated', error: { source: 'internal', message: error }, origin };
    // Records the API's own recordings write as labelled blocks (arXiv's papers) are written so too (recordedBlocks.ts).
    const own = this.cache.examples(call.name, config.resolve.simulatorExamples).map((e) => e.response);
    // An API that answers in plain text (Scholar's citations) answers so, never as a record of its doc's one field (answerForm.ts).
    return { content: inRecordedText(inRecordedForm(inRecordedBlocks(withCarried(output.response, call.carry ?? []), own), recorded), own), tier: 'simulated', origin };
  }

  /**
   * What the call knows, and for a film API the films T-Eval recorded with its toolkit in any task
   * (knownFacts.ts withRecordedFilms), after the task's own: the API's own recordings first (a
   * now-playing list takes the now-playing recording's popularity), then its siblings'.
   */
  private withRecordedFilms(call: CallToResolve): CallToResolve['known'] {
    if (!isFilmApi(call.name)) return call.known;
    const kit = toolkitOf(call.name);
    const own = this.cache.examples(call.name, RECORDED_FILMS).map((e) => e.response);
    const recorded = filmsShown([...own, ...this.cache.toolkitAnswers(kit, RECORDED_FILMS)]);
    if (!recorded.length) return call.known;
    return { ...call.known, films: withRecordedFilms(call.known?.films, recorded) };
  }

  /** The simulator rules' answer to a call the tool docs rule out (unknown tool, keys, types), or undefined. */
  private invalid(call: CallToResolve): ToolResponse | undefined {
    const problems = validateCall(call.name, call.args, call.tools, { hints: this.deps.config.resolve.errorHints });
    if (problems.length === 0) return undefined;
    const message = problems.join('; ');
    this.seed();
    return { content: inRecordedForm(refusalContent(call.name, message), this.formExamples(call)), tier: 'simulated', error: { source: 'internal', message }, origin: SIMULATOR_RULES_VERSION };
  }

  /**
   * The answers whose form a refusal of this call takes: the API's own, or, for an API the docs do
   * not list (an invented name), its toolkit's as the task showed them: ReserveMeeting refuses
   * query_room_status in the Python literals its earlier calls answered in, never in a JSON none of
   * them wrote. An earlier call of the toolkit answers in its recordings' form, or, with none, in the
   * simulator's JSON; with no earlier call of the toolkit, the toolkit's recordings decide.
   */
  private formExamples(call: CallToResolve): string[] {
    const n = this.deps.config.resolve.simulatorExamples;
    const own = this.cache.examples(call.name, n).map((e) => e.response);
    if (own.length || call.tools.some((t) => t.name === call.name)) return this.recordedForms(call.name);
    const kit = toolkitOf(call.name);
    if (!kit) return [];
    const earlier = [...new Set(call.history.map((h) => h.name).filter((name) => toolkitOf(name) === kit))];
    const apis = earlier.length ? earlier : call.tools.filter((t) => toolkitOf(t.name) === kit).map((t) => t.name);
    return apis.flatMap((name) => {
      // Each API's recorded form (recordedForms: its own recordings, its toolkit's where those decide none: an invented
      // Weather API refused in the Python literals of Weather's recordings, teval_query_114_2); an earlier call with
      // none at all answered in the simulator's JSON.
      const recorded = this.recordedForms(name);
      return recorded.length || !earlier.length ? recorded : ['{"simulated": "json"}'];
    });
  }

  /**
   * The answers whose serialisation a simulated answer of `name` takes: the API's own recordings,
   * else its toolkit's (FilmTMDB.get_similar_movies, never recorded, in the Python literals its
   * siblings' recordings are written in), so a toolkit answers in one form throughout a task.
   */
  private recordedForms(name: string): string[] {
    const n = this.deps.config.resolve.simulatorExamples;
    const own = this.cache.examples(name, n).map((e) => e.response);
    // Recordings that are all plain text or failures (Scholar's citations, Weather's "Expecting value: line 1 column 1")
    // say nothing of the form a record of the API takes: its toolkit's do, or a refusal of get_citation_format(title=…)
    // is the one JSON among Scholar's Python literals (wrong_call_form_unlike_toolkit).
    if (own.some((r) => answerForm(r) !== undefined)) return own;
    const kit = toolkitOf(name);
    return [...own, ...(kit ? this.cache.toolkitAnswers(kit, 4 * Math.max(n, 1)) : [])];
  }

  private record(call: CallToResolve, opts: ResolveOptions, context: string, response: ToolResponse | undefined, started: number, failure?: string): void {
    const request = {
      source: call.source,
      trajectoryId: call.trajectoryId,
      name: call.name,
      args: call.args,
      historyLength: call.history.length,
      ...(context ? { context } : {}),
      ...(opts.environmentError ? { environmentError: opts.environmentError } : {}),
      ...(this.http.has(call.name) && this.deps.config.resolve.httpEnabled ? { endpoint: publicEndpoint(this.http.get(call.name)!.endpoint) } : {}),
    };
    this.deps.store.recordCall({
      kind: 'tool',
      artifactKey: opts.artifactKey ?? null,
      stage: opts.stage ?? null,
      requestHash: hashValue({ name: call.name, args: canonicalArgs(call.args), context, environmentError: opts.environmentError ?? null }),
      role: response?.tier === 'simulated' ? 'api-simulator' : null,
      model: response?.tier === 'simulated' && roleMode(this.deps.llm, 'api-simulator') === 'openai' ? modelFor(this.deps.config, 'api-simulator') : null,
      tier: response?.tier ?? null,
      request,
      ...(response ? { response } : {}),
      status: failure ? 'failed' : response?.error ? `error:${response.error.source}` : 'ok',
      error: failure ?? response?.error?.message ?? null,
      latencyMs: Date.now() - started,
      cached: response?.tier === 'cache',
    });
  }
}

/**
 * A model told which values later steps take from its answer may still leave one out: each missing
 * value is put into its field, so the ground truth stays reachable. A value the text already
 * shows, or an answer that is not a JSON object, is left as it is.
 */
function withCarried(response: string, carried: CarriedValue[]): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(response);
  } catch {
    parsed = undefined;
  }
  // A text the answer holds as written is there, whatever its escapes print as in the response: a review with a line
  // break ("…the walls are thin.\nI was near …") read as missing went into the first record, over the review carried
  // there (teval_query_169_2's "Great place").
  const strings = (v: unknown): string[] => (typeof v === 'string' ? [v] : Array.isArray(v) ? v.flatMap(strings) : isPlainObject(v) ? Object.values(v).flatMap(strings) : []);
  const held = new Set(strings(parsed));
  const missing = carried.filter((c) => !valueShownIn(c.value, response) && !(typeof c.value === 'string' && held.has(c.value)));
  if (missing.length === 0 || !isPlainObject(parsed)) return response;
  return pyJson(oneTypePerField(applyCarried(parsed, missing), carried.map((c) => c.value)));
}

export function createResolver(deps: ResolverDeps): ToolResolver {
  return new ChainResolver(deps);
}
