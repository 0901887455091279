/**
 * The contexts a stage sees: one per stage run, one per item. Built here for the runner's thread
 * and for worker threads (pipeline/parallel) alike, so an item sees the same things wherever it runs.
 */
import type { Config } from './config.js';
import type { LlmGateway } from './llm/types.js';
import { Rng } from './rng.js';
import type { Services } from './services.js';
import type { ItemContext, StageContext, StageItem, StageName } from './stage.js';
import type { ArtifactStatus } from './schemas.js';
import type { Store } from './store/store.js';

export interface ContextParts {
  store: Store;
  config: Config;
  llm: LlmGateway;
  services: Services;
  log?: (line: string) => void;
  options?: Record<string, unknown>;
}

export function stageContext(env: ContextParts): StageContext {
  const { store, config, llm, services } = env;
  return {
    store,
    config,
    seed: config.seed,
    llm,
    services,
    log: env.log ?? ((line) => process.stderr.write(line + '\n')),
    upstream: <T>(name: StageName, statuses?: ArtifactStatus[]) => store.readStage<T>(name, statuses),
    rng: (purpose: string) => new Rng(config.seed, `stage`, purpose),
    options: env.options ?? {},
  };
}

/** An item's context: its key and id, and randomness seeded by (seed, item id, purpose). */
export function itemContext(ctx: StageContext, item: Pick<StageItem<unknown>, 'id'>, key: string): ItemContext {
  return { ...ctx, itemKey: key, itemId: item.id, rng: (purpose: string) => new Rng(ctx.seed, item.id, purpose) };
}
