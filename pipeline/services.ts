/**
 * Shared components a stage may use, built once per command and lazily (a stage that never
 * resolves a tool call never loads the BFCL backends).
 */
import type { Config } from './config.js';
import type { Store } from './store/store.js';
import type { LlmGateway } from './llm/types.js';
import type { ToolResolver } from './resolution/types.js';
import { createResolver } from './resolution/index.js';

export interface Services {
  readonly resolver: ToolResolver;
}

export function createServices(store: Store, config: Config, llm: LlmGateway): Services {
  let resolver: ToolResolver | undefined;
  return {
    get resolver() {
      resolver ??= createResolver({ store, config, llm });
      return resolver;
    },
  };
}
