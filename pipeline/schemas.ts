/**
 * The data model of critictool-forge: every artifact that crosses a stage boundary is validated
 * against one of these schemas. This file is the only place they are declared.
 */
import { z } from 'zod';

// ---------------------------------------------------------------------------------------------
// Tool documentation (T-Eval / CRITICTOOL format)
// ---------------------------------------------------------------------------------------------

/** The type names the official CRITICTOOL evaluator maps to Python types. */
export const PARAM_TYPES = ['string', 'integer', 'float', 'boolean', 'array', 'dict', 'any'] as const;
export const ParamType = z.enum(PARAM_TYPES);
export type ParamType = z.infer<typeof ParamType>;

export const ToolParam = z
  .object({
    name: z.string().min(1),
    type: ParamType,
    description: z.string(),
  })
  // Extra JSON-schema details (items, enum, default, properties) ride along untouched.
  .catchall(z.unknown());
export type ToolParam = z.infer<typeof ToolParam>;

export const ReturnField = z.object({ name: z.string(), description: z.string() }).catchall(z.unknown());
export type ReturnField = z.infer<typeof ReturnField>;

export const TOOL_NAME_RE = /^[A-Za-z][A-Za-z0-9_]*\.[A-Za-z_][A-Za-z0-9_]*$/;

export const ToolDoc = z.object({
  name: z.string().regex(TOOL_NAME_RE, 'tool names are "Toolkit.api"'),
  description: z.string(),
  required_parameters: z.array(ToolParam),
  optional_parameters: z.array(ToolParam),
  return_data: z.array(ReturnField),
  /**
   * Where the tool runs, classified per toolkit from its docs (standardize): `local` software (a
   * file system, a car's controls, math) fails as local software does, a `remote` network API as
   * HTTP APIs do. Never shown in prompts (orderedDoc leaves it out).
   */
  locality: z.enum(['local', 'remote']).optional(),
});
export type ToolDoc = z.infer<typeof ToolDoc>;

// ---------------------------------------------------------------------------------------------
// Actions, responses, trajectories
// ---------------------------------------------------------------------------------------------

export const FINISH_ACTION = 'FinishAction';

export const ToolArgs = z.record(z.string(), z.unknown());
export type ToolArgs = z.infer<typeof ToolArgs>;

/** A tool call, or `FinishAction` whose args is the final answer string. */
export const Action = z.object({
  thought: z.string().optional(),
  name: z.string().min(1),
  args: z.union([ToolArgs, z.string()]),
});
export type Action = z.infer<typeof Action>;

export const RESPONSE_TIERS = ['recorded', 'cache', 'live', 'simulated'] as const;
export const ResponseTier = z.enum(RESPONSE_TIERS);
export type ResponseTier = z.infer<typeof ResponseTier>;

export const ToolResponse = z.object({
  content: z.string(),
  tier: ResponseTier,
  error: z
    .object({
      source: z.enum(['internal', 'environment']),
      message: z.string(),
    })
    .optional(),
  /** Where the answer came from inside its tier: a cache entry id, a backend class, a simulator method. */
  origin: z.string().optional(),
  /** How the shown answer departs from its origin's text (a recording cut to its doc's "at most 3"), said in the case's provenance. */
  note: z.string().optional(),
});
export type ToolResponse = z.infer<typeof ToolResponse>;

export const Step = z.object({
  action: Action,
  /** Filled by `resolve`; absent in raw trajectories whose source recorded no response. */
  response: ToolResponse.optional(),
  /** T-Eval plan dependencies (indices of earlier steps in the same trajectory). */
  prev: z.array(z.number().int()).optional(),
});
export type Step = z.infer<typeof Step>;

export const Turn = z.object({
  user: z.string(),
  steps: z.array(Step),
  /** The assistant's closing answer for this turn (a FinishAction), if any. */
  final: z.string().optional(),
});
export type Turn = z.infer<typeof Turn>;

export const SOURCES = ['bfcl', 'teval'] as const;
export const SourceName = z.enum(SOURCES);
export type SourceName = z.infer<typeof SourceName>;

export const Trajectory = z.object({
  id: z.string(),
  source: SourceName,
  tools: z.array(ToolDoc),
  turns: z.array(Turn).min(1),
  /** Final answer of the whole trajectory (the last FinishAction's args). */
  final: z.string(),
  /** Source-specific state needed to execute calls again (BFCL initial_config, involved classes...). */
  meta: z.record(z.string(), z.unknown()).default({}),
});
export type Trajectory = z.infer<typeof Trajectory>;

// ---------------------------------------------------------------------------------------------
// Test cases
// ---------------------------------------------------------------------------------------------

export const ERROR_TYPES = [
  'tool_select_error',
  'tool_hallucination_error',
  'parameters_key_error',
  'parameters_value_error',
] as const;
export const ErrorType = z.enum(ERROR_TYPES);
export type ErrorType = z.infer<typeof ErrorType>;

export const ENVIRONMENT_ERROR_KINDS = [
  'rate_limit',
  'permission_denied',
  'quota_exceeded',
  'timeout',
  'connection_error',
  'server_error',
] as const;
export const EnvironmentErrorKind = z.enum(ENVIRONMENT_ERROR_KINDS);
export type EnvironmentErrorKind = z.infer<typeof EnvironmentErrorKind>;

/** Roles the official evaluator's chat templates know: system, user, assistant, function. */
export const ChatMessage = z.object({
  role: z.enum(['system', 'user', 'assistant', 'function']),
  content: z.string(),
});
export type ChatMessage = z.infer<typeof ChatMessage>;

export const Verification = z.object({
  outcome: z.enum(['accepted', 'flagged', 'rejected']),
  reasons: z.array(z.string()),
  judge: z
    .object({ method: z.string(), result: z.string(), reason: z.string() })
    .array()
    .default([]),
  invariants: z.array(z.object({ name: z.string(), passed: z.boolean(), detail: z.string().optional() })),
});
export type Verification = z.infer<typeof Verification>;

export const EVOLUTION_STRATEGIES = ['long_context', 'extra_tools', 'noisy_query', 'harder_tools', 'mixed'] as const;
export const EvolutionStrategy = z.enum(EVOLUTION_STRATEGIES);
export type EvolutionStrategy = z.infer<typeof EvolutionStrategy>;

export const TestCase = z.object({
  id: z.string(),
  kind: z.enum(['internal', 'external']),
  /** `""` marks an error-free control (internal files only). */
  errorType: z.union([ErrorType, z.literal('')]),
  environmentError: EnvironmentErrorKind.optional(),
  cot: z.boolean(),
  trajectoryId: z.string(),
  source: SourceName,
  /** 1-based index of the step the case stops at, counted over all tool steps of the trajectory. */
  k: z.number().int().positive(),
  messages: z.array(ChatMessage).min(2),
  /** The tools listed in the system prompt (kept structured so exporters never re-parse prompts). */
  tools: z.array(ToolDoc),
  /** internal: the corrected action a_k; external: [retry of a_k, the next action]. */
  groundTruth: z.union([Action, z.tuple([Action, Action])]),
  /** The erroneous action shown at step k (internal error cases). */
  erroneousAction: Action.optional(),
  evolution: z
    .object({
      strategy: EvolutionStrategy,
      baseCaseId: z.string(),
      applied: z.array(z.string()),
      details: z.record(z.string(), z.unknown()).default({}),
    })
    .optional(),
  verification: Verification.optional(),
  provenance: z.object({
    methods: z.record(z.string(), z.string()),
    origin: z.string().optional(),
    parents: z.array(z.string()).default([]),
  }),
});
export type TestCase = z.infer<typeof TestCase>;

/**
 * What `verify` stores for an evolved case: its verdict beside the case, not a second copy of it.
 * The evolved TestCase stays in its `evolve` artifact (the verify artifact's first parent), named
 * here by content hash, so this record's own hash still changes whenever the case or the verdict
 * does (a review decision is bound to it). pipeline/verified.ts joins the two: every reader of
 * verify's output reads it there, as the evolved case with its `verification`.
 */
export const VerifyRecord = z.object({
  id: z.string(),
  /** Content hash of the evolved case (the evolve artifact at parents[0]) this verdict is about. */
  evolvedHash: z.string(),
  verification: Verification,
});
export type VerifyRecord = z.infer<typeof VerifyRecord>;

// ---------------------------------------------------------------------------------------------
// Store-level records
// ---------------------------------------------------------------------------------------------

export const ARTIFACT_STATUSES = ['ok', 'flagged', 'rejected', 'failed'] as const;
export type ArtifactStatus = (typeof ARTIFACT_STATUSES)[number];

// ---------------------------------------------------------------------------------------------
// observe: a model under test proposing each step of a trajectory
// ---------------------------------------------------------------------------------------------

export const OBSERVED_LABELS = ['correct', ...ERROR_TYPES, 'format_error'] as const;
export const ObservedLabel = z.enum(OBSERVED_LABELS);
export type ObservedLabel = z.infer<typeof ObservedLabel>;

export const Observation = z.object({
  trajectoryId: z.string(),
  source: SourceName,
  /** The tool step the model was asked to propose (1-based, as `k` elsewhere). */
  k: z.number().int().positive(),
  model: z.string(),
  /** The model's reply exactly as it came back. */
  raw: z.string(),
  /** The action parsed from the reply the way the official evaluator parses predictions. */
  action: Action.optional(),
  label: ObservedLabel,
  reasons: z.array(z.string()),
  groundTruth: Action,
  /** The tool's real answer to the observed action (absent when correct or unparsable). */
  response: ToolResponse.optional(),
});
export type Observation = z.infer<typeof Observation>;

// ---------------------------------------------------------------------------------------------
// diversify-internal / diversify-external: error candidates at step k
// ---------------------------------------------------------------------------------------------

/** Where the error simulator's few-shot examples came from (first pool that had the type). */
export const FEW_SHOT_POOLS = ['observed', 'teval-recorded', 'injectors', 'none'] as const;
export const FewShotPool = z.enum(FEW_SHOT_POOLS);
export type FewShotPool = z.infer<typeof FewShotPool>;

/** One try at making the error: what came out and what the label checker made of it. */
export const InternalErrorAttempt = z.object({
  attempt: z.number().int().positive(),
  method: z.string(),
  action: Action.optional(),
  /** The injector strategy (rules) — absent for the LLM simulator. */
  variant: z.string().optional(),
  detected: ObservedLabel.optional(),
  agrees: z.boolean(),
  problem: z.string().optional(),
});
export type InternalErrorAttempt = z.infer<typeof InternalErrorAttempt>;

export const InternalErrorCandidate = z.object({
  trajectoryId: z.string(),
  source: SourceName,
  /** 1-based tool step (see pipeline/steps.ts), drawn with chooseK(..., 'k-internal'). */
  k: z.number().int().positive(),
  errorType: ErrorType,
  /** a_k, the ground truth the case will ask for. */
  correctAction: Action,
  /** The erroneous a_k; absent only on a flagged candidate whose attempts produced no action. */
  erroneousAction: Action.optional(),
  /** Its response through the resolution chain; absent on flagged candidates (never resolved). */
  response: ToolResponse.optional(),
  /** `llm:<model>` or `rules:<version>` of the accepted (or last) attempt. */
  method: z.string(),
  variant: z.string().optional(),
  label: z.object({
    claimed: ErrorType,
    detected: ObservedLabel.optional(),
    agrees: z.boolean(),
    reasons: z.array(z.string()),
  }),
  attempts: z.array(InternalErrorAttempt).min(1),
  /** Ids of the few-shot examples shown to the error simulator (`<pool>:<id>`); the offline rules do not read them. */
  fewShot: z.array(z.string()),
  fewShotPool: FewShotPool,
  /** Things a reviewer should know (e.g. the backend accepted an erroneous value). */
  notes: z.array(z.string()),
});
export type InternalErrorCandidate = z.infer<typeof InternalErrorCandidate>;

export const ENVIRONMENT_ORIGINS = ['captured', 'collected', 'simulated'] as const;
export const EnvironmentOrigin = z.enum(ENVIRONMENT_ORIGINS);
export type EnvironmentOrigin = z.infer<typeof EnvironmentOrigin>;

/** One call the live collector made, as it saw it (never the request's credentials). */
export const CollectedAttempt = z.object({
  attempt: z.number().int().positive(),
  ok: z.boolean(),
  status: z.number().int().optional(),
  statusText: z.string().optional(),
  /** Response headers, lower-cased names. */
  headers: z.record(z.string(), z.string()),
  elapsedMs: z.number().nonnegative(),
  /** Network-level failure: code and message (ECONNRESET, timeout...). */
  error: z.string().optional(),
  /** The start of the body, for failures. */
  body: z.string().optional(),
  kind: EnvironmentErrorKind.optional(),
});
export type CollectedAttempt = z.infer<typeof CollectedAttempt>;

export const ExternalErrorCandidate = z.object({
  trajectoryId: z.string(),
  source: SourceName,
  /** 1-based tool step, drawn with chooseK(..., 'k-external'). */
  k: z.number().int().positive(),
  /** a_k: the correct call whose response is the environment failure (ground truth retries it). */
  action: Action,
  /**
   * What the model should do once a_k has failed for good (the ground truth's second action): the
   * turn's next tool step, or a closing answer that reports the failure. Absent on older artifacts.
   */
  next: Action.optional(),
  kind: EnvironmentErrorKind,
  /** The kind the seeded draw asked for; a collected failure keeps the kind it really was. */
  drawnKind: EnvironmentErrorKind,
  origin: EnvironmentOrigin,
  response: ToolResponse.refine((r) => r.error?.source === 'environment', 'an external candidate response must carry an environment error'),
  method: z.string(),
  details: z.object({
    captured: z
      .object({
        recordId: z.string(),
        tool: z.string(),
        message: z.string(),
        adaptation: z.enum(['exact', 'args-adapted', 'path-adapted', 'toolkit-generic']),
      })
      .optional(),
    collected: z
      .object({
        /** Scheme, host and path only: no query string, no credentials. */
        endpoint: z.string(),
        repeats: z.number().int().positive(),
        failures: z.number().int().nonnegative(),
        attempts: z.array(CollectedAttempt),
      })
      .optional(),
    simulated: z.object({ attempts: z.number().int().positive(), problems: z.array(z.string()) }).optional(),
    notes: z.array(z.string()),
  }),
});
export type ExternalErrorCandidate = z.infer<typeof ExternalErrorCandidate>;

// ---------------------------------------------------------------------------------------------
// collect / filter / standardize: source records and standardized trajectories
// ---------------------------------------------------------------------------------------------

/** A tool's documentation as the source gives it, already named `Toolkit.api`; types still the source's own. */
export const RawToolParam = z.object({
  name: z.string(),
  /** The source's type name (BFCL JSON-schema types, T-Eval STRING/NUMBER/FLOAT/BOOLEAN). */
  type: z.string(),
  description: z.string(),
  required: z.boolean(),
  /** default, items, enum, properties... carried over untouched. */
  extra: z.record(z.string(), z.unknown()).default({}),
});
export type RawToolParam = z.infer<typeof RawToolParam>;

export const RawToolDoc = z.object({
  name: z.string().regex(TOOL_NAME_RE),
  description: z.string(),
  params: z.array(RawToolParam),
  returns: z.array(ReturnField),
});
export type RawToolDoc = z.infer<typeof RawToolDoc>;

export const RawStep = z.object({
  action: z.object({ name: z.string(), args: z.union([ToolArgs, z.string()]) }),
  response: ToolResponse.optional(),
  prev: z.array(z.number().int()).optional(),
  /** The source's own text of the call (BFCL's Python call syntax). */
  sourceText: z.string().optional(),
  /** Why the call could not be read (unparsable syntax, too many positional arguments...). */
  problem: z.object({ code: z.string(), detail: z.string() }).optional(),
});
export type RawStep = z.infer<typeof RawStep>;

export const RawTrajectory = z.object({
  kind: z.literal('trajectory'),
  id: z.string(),
  source: SourceName,
  sourceFile: z.string(),
  recordId: z.string(),
  tools: z.array(RawToolDoc),
  turns: z.array(z.object({ user: z.string(), steps: z.array(RawStep) })),
  meta: z.record(z.string(), z.unknown()).default({}),
});
export type RawTrajectory = z.infer<typeof RawTrajectory>;

export const TEVAL_LABELS = ['A', 'B', 'C', 'D', 'E'] as const;

/** One of T-Eval's recorded tool responses with its outcome label (A success, B environment failure, C input error, D irrelevant, E empty/impossible). */
export const RecordedResponse = z.object({
  kind: z.literal('recorded-response'),
  id: z.string(),
  sourceFile: z.string(),
  recordId: z.string(),
  tool: z.string(),
  args: z.union([ToolArgs, z.string()]),
  response: z.string(),
  label: z.enum(TEVAL_LABELS),
  goal: z.string(),
  /** T-Eval's annotated explanation of the label. */
  thought: z.string(),
});
export type RecordedResponse = z.infer<typeof RecordedResponse>;

export const CollectRecord = z.discriminatedUnion('kind', [RawTrajectory, RecordedResponse]);
export type CollectRecord = z.infer<typeof CollectRecord>;

export const DocNote = z.object({
  tool: z.string(),
  /** 'description' or 'param:<name>'. */
  field: z.string(),
  original: z.string(),
  refined: z.string(),
  method: z.string(),
});
export type DocNote = z.infer<typeof DocNote>;

export const Coercion = z.object({
  k: z.number().int().positive(),
  tool: z.string(),
  param: z.string(),
  declared: ParamType,
  from: z.unknown(),
  to: z.unknown(),
});
export type Coercion = z.infer<typeof Coercion>;

export const StandardizedTrajectory = z.object({
  trajectory: Trajectory,
  docNotes: z.array(DocNote),
  coercions: z.array(Coercion),
  /** Source type names normalised into the evaluator's set (e.g. NUMBER → float), per tool parameter. */
  typeMappings: z.array(z.object({ tool: z.string(), param: z.string(), from: z.string(), to: ParamType, why: z.string() })),
});
export type StandardizedTrajectory = z.infer<typeof StandardizedTrajectory>;

// ---------------------------------------------------------------------------------------------
// resolve: every ground-truth tool step answered through the resolution chain
// ---------------------------------------------------------------------------------------------

export const ResolvedTrajectory = z.object({
  /** Every tool step has `response`; every turn has `final`, and so has the trajectory. */
  trajectory: Trajectory,
  /** Ground-truth steps per tier that answered them. */
  tiers: z.partialRecord(ResponseTier, z.number().int().nonnegative()),
  /** What a reviewer should know (live answers that differ from the source's recorded ones...). */
  notes: z.array(z.string()),
});
export type ResolvedTrajectory = z.infer<typeof ResolvedTrajectory>;
