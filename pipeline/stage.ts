/**
 * What a stage is. A stage enumerates items (each with the upstream artifacts it reads), and turns
 * each item into one artifact. Global decisions (sampling a dataset to a target size) belong in
 * `enumerate`, seeded; per-item work belongs in `run`. A stage reads artifacts and writes
 * artifacts, nothing else — a sink stage (export, release) writes files from artifacts.
 */
import type { z } from 'zod';
import type { Config, LlmRole } from './config.js';
import type { Store, StoredArtifact } from './store/store.js';
import type { LlmGateway } from './llm/types.js';
import type { Rng } from './rng.js';
import type { ArtifactStatus } from './schemas.js';
import type { Services } from './services.js';

export const STAGE_NAMES = [
  'collect',
  'filter',
  'standardize',
  'resolve',
  'observe',
  'diversify-internal',
  'diversify-external',
  'assemble',
  'evolve',
  'verify',
  'export',
] as const;
export type StageName = (typeof STAGE_NAMES)[number];

export interface StageItem<I> {
  /** Stable and unique within the stage (e.g. a trajectory id, a test-case id). */
  id: string;
  /** Everything `run` needs; hashed into the item key. */
  input: I;
  /** Keys of the upstream artifacts this item reads (lineage). Source records use "source:<file>#<id>". */
  parents: string[];
}

export interface ItemResult<O> {
  status: Exclude<ArtifactStatus, 'failed'>;
  content: O | null;
  reason?: string;
  /** `rules:<version>` or `llm:<model>`, or several joined by "+". */
  method: string;
}

export interface StageContext {
  store: Store;
  config: Config;
  seed: number;
  llm: LlmGateway;
  services: Services;
  log: (line: string) => void;
  /** Current output of an upstream stage, in its enumeration order (ok + flagged + rejected). */
  upstream<T>(stage: StageName, statuses?: ArtifactStatus[]): StoredArtifact<T>[];
  /** Randomness for stage-wide decisions in `enumerate`. */
  rng(purpose: string): Rng;
  /** Options the CLI passed through (e.g. --limit, --out). */
  options: Record<string, unknown>;
  /**
   * The stage's input fingerprint (pipeline/fingerprint.ts): set for a sink, whose write may keep
   * what it wrote last time when this and whatever else it reads are unchanged.
   */
  inputFingerprint?: string;
}

export interface ItemContext extends StageContext {
  itemKey: string;
  itemId: string;
  /** Randomness for this item: seeded by (seed, item id, purpose). */
  rng(purpose: string): Rng;
}

interface StageBase {
  name: StageName;
  /** Bump when the stage's logic changes: every item key changes with it. */
  version: string;
  upstream: StageName[];
  description: string;
  /** The part of the config the stage reads; a change to it invalidates exactly this stage's items (and, through content, downstream). */
  configSlice(config: Config): unknown;
  /** LLM roles the stage may invoke; their mode/model is part of every item key. */
  roles?: LlmRole[];
  /** A reason to skip the stage entirely (e.g. observe with no model), or undefined to run it. */
  skip?(ctx: StageContext): string | undefined;
  /**
   * What `enumerate` reads besides the store, the config and the CLI options — source files, a
   * corpus — as a JSON value that changes whenever they do (pipeline/fingerprint.ts `fileStamps`).
   * It is part of the stage's input fingerprint: with every input unchanged a rerun skips enumerate.
   */
  externalInputs?(ctx: StageContext): unknown;
  /**
   * A short account of the stage's current output (e.g. resolve's tier mix per source), logged after
   * each run and kept as the stage run's message, so `pnpm status` shows it; its first line is the note.
   */
  summarize?(ctx: StageContext): string;
}

export interface ItemStage<I = unknown, O = unknown> extends StageBase {
  kind: 'items';
  /** Validates every ok/flagged output; a violation fails the item with the path named. */
  output?: z.ZodType<O>;
  /**
   * `run` reads only its item, the store, the config and its item's seeded randomness; it writes
   * nothing (no store row, no file) and keeps nothing from one item to the next. On the offline engine
   * such a stage's items may run in worker threads (pipeline/parallel/pool.ts).
   */
  pure?: boolean;
  /**
   * The items, listed; or streamed (an iterable that is not an array): the runner then keys and queues
   * each as it comes and keeps only its id and key, so a stage whose inputs are whole records (collect)
   * never holds them all.
   */
  enumerate(ctx: StageContext): StageItem<I>[] | Promise<StageItem<I>[]> | Iterable<StageItem<I>>;
  run(item: StageItem<I>, ctx: ItemContext): Promise<ItemResult<O>>;
}

/** A stage that writes files from artifacts (export). It runs whole each time; it is cheap and deterministic. */
export interface SinkStage extends StageBase {
  kind: 'sink';
  /** `reused`: what the sink wrote last time was already current, and it was kept. */
  write(ctx: StageContext): Promise<{ summary: string; reused?: boolean }>;
}

export type Stage = ItemStage<any, any> | SinkStage;

/** Thrown inside `run` to flag the item for review with a reason instead of failing it. */
export class FlagItem extends Error {}
/** Thrown inside `run` to reject the item with a reason (it is dropped downstream). */
export class RejectItem extends Error {}
