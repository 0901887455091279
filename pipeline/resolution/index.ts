import type { Config } from '../config.js';
import type { Store } from '../store/store.js';
import type { LlmGateway } from '../llm/types.js';
import type { ToolResolver } from './types.js';

export interface ResolverDeps {
  store: Store;
  config: Config;
  llm: LlmGateway;
}

// Replaced by the real chain (issue 5) — kept throwing so nothing silently fakes a response.
export function createResolver(_deps: ResolverDeps): ToolResolver {
  return {
    async resolve() {
      throw new Error('resolution chain not built yet');
    },
  };
}
