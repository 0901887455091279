/**
 * What a source tells the resolution chain, registered by the source itself
 * (sources/<name>/resolution.ts; sources/index.ts registers them all). The engine knows no source:
 * it asks this registry, by the trajectory's source name, for
 * - a live executor (the live tier: a call executed for real, in the state its trajectory reached),
 * - cache seeds (answers the source itself recorded, found among collect's records),
 * - grounding hints (which earlier steps a step takes its values from, as the source records it),
 * - the form its tools print a file error in, and a lookup of a record that does not exist.
 */
import type { SourceName, ToolArgs, ToolDoc, Trajectory } from '../schemas.js';
import type { Rng } from '../rng.js';
import type { UnknownRecord } from './unknownRecord.js';

export interface LiveCall {
  trajectoryId: string;
  tools: ToolDoc[];
  name: string;
  args: ToolArgs;
  history: { name: string; args: ToolArgs }[];
  meta: Record<string, unknown>;
}

export interface LiveAnswer {
  response: string;
  isError: boolean;
  errorMessage?: string;
  /** Where inside the live tier the answer came from (e.g. `bfcl-backend:GorillaFileSystem`). */
  origin: string;
  /** The state the call ran in (see canonical.ts stateContext): the cache context of the answer. */
  context: string;
  /** History calls replayed to rebuild the state (0 when a kept session continued). */
  replayed: number;
}

export interface LiveExecutor {
  /**
   * The executed answer, or undefined when this call is not one the executor runs (the chain goes
   * on to the cache and the simulator). A trajectory whose state is malformed is an error.
   */
  execute(call: LiveCall): LiveAnswer | undefined;
}

export interface CacheSeed {
  recordId: string;
  tool: string;
  args: unknown;
  response: string;
  /** The cache entry's origin (e.g. `teval-review:<record id>`). */
  origin: string;
}

export interface GroundingHints {
  /** Responses come from executing the calls: they carry the state's real values, nothing to ground. */
  executed: boolean;
  /** Flat indices of the earlier steps whose responses step `step` takes values from ([] when the source does not say). */
  suppliersOf(step: number): number[];
}

export interface SourceResolution {
  source: SourceName;
  /** A fresh executor per resolver (it may keep sessions). Absent: no live tier for this source. */
  live?: () => LiveExecutor;
  /** The cache seeds among collect's records (each record's content, in collect's order). */
  cacheSeeds?: (collected: unknown[]) => CacheSeed[];
  groundingHints?: (trajectory: Trajectory) => GroundingHints;
  /**
   * How the source's tool prints an OS error such as `[Errno 2] No such file or directory: 'x'`
   * (a call given a file it cannot use). Absent: the error's text as it is, as Python's str() prints it.
   */
  fileError?: (tool: string, message: string) => string;
  /** How the source's tool answers a lookup of a record that does not exist (unknownRecord.ts). Absent: `{"error": message}`. */
  notFound?: (tool: string, missing: UnknownRecord, rng: Rng) => string | undefined;
}

const REGISTRY = new Map<string, SourceResolution>();

/** Registers (or replaces) a source's resolution hooks. */
export function registerSourceResolution(def: SourceResolution): void {
  REGISTRY.set(def.source, def);
}

/** A source's registered hooks; an error naming the source when it registered none. */
export function sourceResolution(source: string): SourceResolution {
  const def = REGISTRY.get(source);
  if (!def) throw new Error(`no resolution registered for source "${source}" (sources/index.ts registers every source; import it before resolving)`);
  return def;
}

export function registeredSources(): SourceResolution[] {
  return [...REGISTRY.values()];
}

const NO_HINTS: GroundingHints = { executed: false, suppliersOf: () => [] };

/** The grounding hints of a trajectory's source (none when the source gives none). */
export function groundingHints(trajectory: Trajectory): GroundingHints {
  return sourceResolution(trajectory.source).groundingHints?.(trajectory) ?? NO_HINTS;
}
