/**
 * The tool-response resolution chain (cache → live → simulator), one component shared by
 * resolve, diversify-internal, diversify-external and observe.
 */
import type { EnvironmentErrorKind, SourceName, ToolArgs, ToolDoc, ToolResponse } from '../schemas.js';
import type { UsedItem } from './askedCount.js';
import type { Rng } from '../rng.js';
import type { CarriedValue } from './simulatorRules.js';
import type { KnownFacts } from './knownFacts.js';

export interface CallToResolve {
  source: SourceName;
  trajectoryId: string;
  /** The tools the trajectory lists (the simulator validates calls against them). */
  tools: ToolDoc[];
  name: string;
  args: ToolArgs | string;
  /**
   * The calls executed before this one in the same trajectory, in order. Stateful backends (BFCL)
   * rebuild their state by replaying them from the trajectory's initial state.
   */
  history: { name: string; args: ToolArgs }[];
  /** Trajectory meta, read by the source's live executor (BFCL: initialConfigJson, involvedClasses). */
  meta: Record<string, unknown>;
  /** Values later ground-truth steps take from a simulated answer to this call (resolve's grounding plan). */
  carry?: CarriedValue[];
  /** The known place the trajectory is about at this step (places.ts), for a simulated answer's addresses and coordinates. */
  place?: string;
  /** What the trajectory's earlier answers said about the thing this call looks up (knownFacts.ts). */
  known?: KnownFacts;
  /** The day the task is on (knownFacts.ts taskToday), for the dates of an answer about the days ahead. */
  today?: string;
  /** How many results the user asked this list call for (askedCount.ts). */
  asked?: number;
  /** The things the user's request names for this status look-up to answer about ("rooms 101, 102, and 103"; askedCount.ts namedItems). */
  named?: string[];
  /** What the task's other steps name that this status look-up's list must hold, each with the status they give it (askedCount.ts itemsUsedElsewhere). */
  used?: UsedItem[];
  /**
   * What the task showed before this call (user turns, earlier answers), when the caller knows it:
   * a file the call reads must be one of these, or one an earlier call wrote (pipeline/errors/pathKinds.ts).
   * Absent: only a path's kind is judged (an image parameter given a .ppt).
   */
  shown?: string;
}

export interface ResolveOptions {
  artifactKey?: string | null;
  stage?: string | null;
  rng: Rng;
  /** Ask the simulator for an environment failure of this kind instead of an answer. */
  environmentError?: EnvironmentErrorKind;
  /**
   * Do not answer from the cache: its answer for these arguments was recorded in another task's
   * state (a call with no arguments, such as save_file(), answers whatever that task had built).
   */
  skipCache?: boolean;
}

export interface ToolResolver {
  resolve(call: CallToResolve, opts: ResolveOptions): Promise<ToolResponse>;
}
