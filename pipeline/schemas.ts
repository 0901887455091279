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

// ---------------------------------------------------------------------------------------------
// Store-level records
// ---------------------------------------------------------------------------------------------

export const ARTIFACT_STATUSES = ['ok', 'flagged', 'rejected', 'failed'] as const;
export type ArtifactStatus = (typeof ARTIFACT_STATUSES)[number];
