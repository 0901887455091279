import type { Config } from '../config.js';
import type { Store } from '../store/store.js';
import type { LlmGateway } from './types.js';
import { OfflineGateway } from './offline.js';

/** Which path a command takes: the rules, or an OpenAI-compatible endpoint. */
export function resolveLlmMode(config: Config, env: NodeJS.ProcessEnv = process.env): 'offline' | 'openai' {
  if (config.llm.mode === 'offline') return 'offline';
  if (config.llm.mode === 'openai') return 'openai';
  return env.OPENAI_API_KEY || env.OPENAI_BASE_URL || config.llm.baseUrl ? 'openai' : 'offline';
}

export function createGateway(config: Config, _store: Store, env: NodeJS.ProcessEnv = process.env): LlmGateway {
  const mode = resolveLlmMode(config, env);
  if (mode === 'offline') return new OfflineGateway();
  throw new Error('the OpenAI-compatible gateway is not wired yet');
}
