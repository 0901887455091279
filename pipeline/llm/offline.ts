/**
 * The offline engine: every role answered by its deterministic rules, recorded as `rules:<version>`.
 */
import type { LlmRole } from '../config.js';
import type { InvokeOptions, InvokeResult, LlmGateway, RoleSpec } from './types.js';

export class OfflineGateway implements LlmGateway {
  readonly mode = 'offline' as const;

  fingerprint(_role: LlmRole): string {
    return 'offline';
  }

  async invoke<I, O>(spec: RoleSpec<I, O>, input: I, opts: InvokeOptions): Promise<InvokeResult<O>> {
    const output = await spec.offline.run(input, opts.rng);
    // The rules are held to the same schema as a model's answer, so a bug there is caught the same way.
    const parsed = spec.schema.parse(output);
    return { output: parsed, method: `rules:${spec.offline.version}`, cached: false };
  }
}
