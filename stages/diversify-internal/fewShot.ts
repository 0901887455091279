/**
 * The error simulator's few-shot examples (paper Fig. 16: "randomly select 3 instances of a
 * specific pattern of error"). Pools in order of preference: errors a model really made
 * (observe); T-Eval's recorded input errors (label C), typed against the tool docs; examples the
 * offline injectors make on other trajectories. Examples never come from the item's own trajectory.
 */
import type { Rng } from '../../pipeline/rng.js';
import { ERROR_TYPES, type Action, type ErrorType, type FewShotPool, type ToolDoc, type Trajectory } from '../../pipeline/schemas.js';
import { chooseK, stepAt } from '../../pipeline/steps.js';
import { applicability, classifyAction, fitsType, inject, paramIndex, toolkitOf } from '../../pipeline/errors/index.js';
import { Rng as SeededRng } from '../../pipeline/rng.js';
import type { ObservedError, ResolvedTrajectory, TevalRecord } from './inputs.js';
import { injectionInputFor } from './inputs.js';
import { internalEligible } from './eligibility.js';

export type ExamplePool = Exclude<FewShotPool, 'none'>;

export interface FewShotExample {
  /** `<pool>:<source id>`, recorded on the candidate. */
  id: string;
  pool: ExamplePool;
  errorType: ErrorType;
  /** Trajectory it came from, when known (an item never sees its own). */
  trajectoryId?: string;
  /** The user's request (or T-Eval's step goal). */
  goal: string;
  /** The correct action, when the source knows it. */
  correct?: Action;
  erroneous: Action;
  /** The tool's answer to the erroneous call, shortened. */
  response?: string;
  /** The artifact the example was read from (lineage). */
  parentKey: string;
}

export type PoolSet = Record<ExamplePool, FewShotExample[]>;

const POOL_ORDER: ExamplePool[] = ['observed', 'teval-recorded', 'injectors'];

function clip(text: string | undefined, max = 300): string | undefined {
  if (text === undefined) return undefined;
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

export function observedExamples(observed: ObservedError[]): FewShotExample[] {
  return observed.map(({ key, observation: o }) => ({
    id: `observed:${o.trajectoryId}-k${o.k}-${o.model}`,
    pool: 'observed',
    errorType: o.label as ErrorType,
    trajectoryId: o.trajectoryId,
    goal: '',
    correct: o.groundTruth,
    erroneous: o.action,
    response: clip(o.response?.content),
    parentKey: key,
  }));
}

/**
 * T-Eval's label C means "the tool mismatches the query, or the arguments are incorrect or
 * inadequate" without saying which; the doc decides what it can (unknown tool, key problems, type
 * violations), the reviewer's thought names a tool mismatch, and what remains is a wrong value —
 * the arguments were well-formed but wrong for the goal.
 */
export function typeTevalInputError(record: TevalRecord['record'], docs: Map<string, ToolDoc>): { type: ErrorType; basis: string } | undefined {
  // The recorded response came from the tool itself, so the tool exists: a record is never a
  // hallucination, and without its documentation nothing more can be said.
  const doc = docs.get(record.tool);
  if (!doc) return undefined;
  const args = typeof record.args === 'string' ? undefined : record.args;
  const params = paramIndex(doc);
  if (!args) return { type: 'parameters_key_error', basis: 'arguments are a bare string' };
  const missing = params.required.filter((p) => !(p.name in args));
  const unknown = Object.keys(args).filter((k) => !params.byName.has(k));
  if (missing.length || unknown.length) return { type: 'parameters_key_error', basis: `missing ${missing.map((p) => p.name).join(',') || '-'}; unknown ${unknown.join(',') || '-'}` };
  const badType = Object.entries(args).find(([k, v]) => !fitsType(v, params.byName.get(k)!.type));
  if (badType) return { type: 'parameters_value_error', basis: `${badType[0]} breaks its declared type` };
  if (record.thought && /not (designed|suitable|appropriate|intended|meant)|wrong tool|mismatch|not the right tool|instead of a/i.test(record.thought)) {
    return { type: 'tool_select_error', basis: "the reviewer's thought names a tool mismatch" };
  }
  return { type: 'parameters_value_error', basis: 'well-formed arguments judged wrong for the goal' };
}

export function tevalExamples(records: TevalRecord[], docs: Map<string, ToolDoc>): FewShotExample[] {
  const out: FewShotExample[] = [];
  for (const { key, itemId, record } of records) {
    const typed = typeTevalInputError(record, docs);
    if (!typed) continue;
    out.push({
      id: `teval-recorded:${itemId}`,
      pool: 'teval-recorded',
      errorType: typed.type,
      goal: record.goal,
      erroneous: { name: record.tool, args: record.args },
      response: clip(record.response),
      parentKey: key,
    });
  }
  return out;
}

/**
 * Examples the injectors make on a seeded sample of trajectories (`perType` of each type), each
 * checked by the label checker. They are built once per stage run from the stage-wide rng.
 */
/**
 * `resolved` gives each trajectory on demand: the draw goes through a shuffled list and reads only
 * the trajectories it reaches.
 */
export function injectorExamples(resolved: { key: string; trajectory: () => Trajectory }[], seed: number, perType: number, toolkits: Map<string, string[]>): FewShotExample[] {
  const out: FewShotExample[] = [];
  for (const type of ERROR_TYPES) {
    const order = new SeededRng(seed, 'stage', `few-shot-injectors:${type}`).shuffle(resolved);
    let made = 0;
    for (const entry of order) {
      if (made >= perType) break;
      const { key } = entry;
      const trajectory = entry.trajectory();
      const k = chooseK(trajectory, seed, 'few-shot-injectors', internalEligible);
      if (k === undefined) continue;
      const correct = stepAt(trajectory, k).step.action;
      const input = injectionInputFor(trajectory, k, toolkits.get(toolkitOf(correct.name)) ?? []);
      if (!applicability(type, input).ok) continue;
      const injection = inject(type, input, new SeededRng(seed, trajectory.id, `few-shot-injectors:${type}`));
      if (classifyAction(injection.action, { tools: input.tools, groundTruth: correct }).label !== type) continue;
      out.push({
        id: `injectors:${trajectory.id}-k${k}-${type}`,
        pool: 'injectors',
        errorType: type,
        trajectoryId: trajectory.id,
        goal: input.query,
        correct,
        erroneous: injection.action,
        parentKey: key,
      });
      made++;
    }
  }
  return out;
}

/**
 * `n` examples of `type` for an item of `trajectoryId`: drawn from the first pool that has any,
 * topped up from the next pools if it has fewer than `n`.
 */
export function selectFewShot(pools: PoolSet, type: ErrorType, trajectoryId: string, n: number, rng: Rng): { examples: FewShotExample[]; pool: FewShotPool } {
  const chosen: FewShotExample[] = [];
  let primary: FewShotPool = 'none';
  for (const pool of POOL_ORDER) {
    if (chosen.length >= n) break;
    const usable = pools[pool].filter((e) => e.errorType === type && e.trajectoryId !== trajectoryId);
    if (usable.length === 0) continue;
    if (primary === 'none') primary = pool;
    chosen.push(...rng.sample(usable, n - chosen.length));
  }
  return { examples: chosen, pool: primary };
}

/** Every T-Eval tool doc known from the trajectories, by name (for typing label-C records). */
export function docsByName(resolved: Iterable<Pick<ResolvedTrajectory, 'trajectory'>>): Map<string, ToolDoc> {
  const docs = new Map<string, ToolDoc>();
  for (const { trajectory } of resolved) for (const t of trajectory.tools) if (!docs.has(t.name)) docs.set(t.name, t);
  return docs;
}
