/**
 * Reading what the diversify stages consume: resolved trajectories (`resolve`), T-Eval's recorded
 * tool responses with their outcome labels (`collect`), and observed model errors (`observe`).
 * A record that does not fit is reported with its stage, item and field, and skipped.
 */
import { z } from 'zod';
import type { StageContext, StageName } from '../../pipeline/stage.js';
import { Action, Observation, ToolArgs, Trajectory, type ToolDoc } from '../../pipeline/schemas.js';
import { changesNothing, laterStepsDoableEarly, stepAt, stepsOnAnswerOf, toolSteps } from '../../pipeline/steps.js';
import type { InjectionInput } from '../../pipeline/errors/index.js';
import { toolkitOf } from '../../pipeline/errors/index.js';

const ResolvedArtifact = z.object({ trajectory: Trajectory }).passthrough();

export interface ResolvedTrajectory {
  key: string;
  trajectory: Trajectory;
}

function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  return `${issue.path.join('.') || '(root)'}: ${issue.message}`;
}

function warnSkip(ctx: StageContext, reader: StageName, upstream: string, itemId: string, why: string): void {
  ctx.log(`[${reader}] skipped ${upstream} artifact ${itemId}: ${why}`);
}

/** A resolve artifact's trajectory, schema-checked (throws on a malformed one): what a reader of one by key parses. */
export const parseResolvedTrajectory = (content: unknown): Trajectory => ResolvedArtifact.parse(content).trajectory;

/**
 * The resolved trajectories (status ok), in resolve's order, one at a time: a reader that keeps
 * only what it needs of each never holds the whole stage.
 */
export function* iterateResolved(ctx: StageContext, reader: StageName): Generator<ResolvedTrajectory & { contentHash: string | null }> {
  for (const a of ctx.store.iterateStage<unknown>('resolve', ['ok'])) {
    const parsed = ResolvedArtifact.safeParse(a.content);
    if (!parsed.success) {
      warnSkip(ctx, reader, 'resolve', a.itemId, `invalid at ${describeIssue(parsed.error)}`);
      continue;
    }
    yield { key: a.key, contentHash: a.contentHash, trajectory: parsed.data.trajectory };
  }
}

/** The resolved trajectories (status ok), in resolve's order. */
export function readResolved(ctx: StageContext, reader: StageName): ResolvedTrajectory[] {
  return [...iterateResolved(ctx, reader)].map(({ key, trajectory }) => ({ key, trajectory }));
}

/**
 * A T-Eval recorded tool response (review_str_v1.json) as collect stores it. T-Eval's labels:
 * A success, B internal error of the tool (real environment failures), C input error, D
 * irrelevant response, E unable to accomplish. The reviewer's `thought` rides along when present.
 */
export const TevalRecordedResponse = z
  .object({
    tool: z.string(),
    args: z.union([ToolArgs, z.string()]),
    response: z.string(),
    label: z.enum(['A', 'B', 'C', 'D', 'E']),
    goal: z.string(),
    thought: z.string().optional(),
  })
  .passthrough();
export type TevalRecordedResponse = z.infer<typeof TevalRecordedResponse>;

export interface TevalRecord {
  key: string;
  itemId: string;
  record: TevalRecordedResponse;
}

/** collect's T-Eval response records with one of `labels`; collect's trajectories are a different shape and pass by. */
export function readTevalRecords(ctx: StageContext, reader: StageName, labels: TevalRecordedResponse['label'][]): TevalRecord[] {
  const out: TevalRecord[] = [];
  // Only records carry a label: collect's trajectories are listed, never read.
  for (const listed of ctx.store.stageListing('collect', ['ok'], { label: '$.label' })) {
    if (listed.fields.label === undefined) continue;
    const a = ctx.store.getArtifact(listed.key)!;
    const c = a.content as Record<string, unknown> | null;
    if (!c || typeof c !== 'object' || !('label' in c) || !('response' in c)) continue;
    const parsed = TevalRecordedResponse.safeParse(c);
    if (!parsed.success) {
      warnSkip(ctx, reader, 'collect', a.itemId, `T-Eval response record invalid at ${describeIssue(parsed.error)}`);
      continue;
    }
    if (labels.includes(parsed.data.label)) out.push({ key: a.key, itemId: a.itemId, record: parsed.data });
  }
  return out;
}

export interface ObservedError {
  key: string;
  observation: Observation & { action: z.infer<typeof Action> };
}

/** Errors a model really made, from observe (empty when observe was skipped or never ran). */
export function readObservedErrors(ctx: StageContext): ObservedError[] {
  const out: ObservedError[] = [];
  for (const a of ctx.upstream<unknown>('observe', ['ok'])) {
    const parsed = Observation.safeParse(a.content);
    if (!parsed.success) {
      warnSkip(ctx, 'diversify-internal', 'observe', a.itemId, `invalid at ${describeIssue(parsed.error)}`);
      continue;
    }
    const o = parsed.data;
    if (o.label === 'correct' || o.label === 'format_error' || !o.action) continue;
    out.push({ key: a.key, observation: o as ObservedError['observation'] });
  }
  return out;
}

/** Every known tool name per toolkit, across all trajectories: an invented name must be none of them. */
export function toolkitIndex(trajectories: Trajectory[], extra: string[] = []): Map<string, string[]> {
  const byToolkit = new Map<string, Set<string>>();
  const add = (name: string) => {
    const tk = toolkitOf(name);
    if (!byToolkit.has(tk)) byToolkit.set(tk, new Set());
    byToolkit.get(tk)!.add(name);
  };
  for (const t of trajectories) for (const tool of t.tools) add(tool.name);
  for (const name of extra) add(name);
  return new Map([...byToolkit].map(([k, v]) => [k, [...v].sort()]));
}

/** What an injector needs to corrupt step k of a trajectory. */
export function injectionInputFor(trajectory: Trajectory, k: number, toolkitApis: string[], tools: ToolDoc[] = trajectory.tools): InjectionInput {
  const located = stepAt(trajectory, k);
  const steps = toolSteps(trajectory);
  const earlier = steps.slice(0, k - 1).map(({ step }) => ({ name: step.action.name, args: step.action.args, response: step.response?.content }));
  return {
    tools,
    correct: located.step.action,
    query: trajectory.turns[located.turnIndex].user,
    earlierRequests: trajectory.turns.slice(0, located.turnIndex).map((t) => t.user),
    earlier,
    toolkitApis,
    meta: trajectory.meta,
    validSteps: steps.map(({ step }) => ({ name: step.action.name, args: step.action.args })),
    laterInTurn: laterStepsDoableEarly(trajectory, k).map(({ step }) => ({ name: step.action.name, args: step.action.args })),
    ...(trajectory.source === 'teval' ? { laterLookupsInTurn: laterLookupsFree(trajectory, k) } : {}),
  };
}

/**
 * The later lookups of step k's turn that take nothing step k (or a step waiting on it) answers. BFCL's
 * are left out: its lookups read the state every call shares (find after cd), so order matters there.
 */
function laterLookupsFree(trajectory: Trajectory, k: number): { name: string; args: Action['args'] }[] {
  const steps = toolSteps(trajectory);
  const at = steps[k - 1];
  const waiting = new Set(stepsOnAnswerOf(trajectory, k).map((s) => s.k));
  return steps
    .slice(k)
    .filter((s) => s.turnIndex === at.turnIndex && changesNothing(s.step.action.name) && !waiting.has(s.k))
    .map(({ step }) => ({ name: step.action.name, args: step.action.args }));
}
