/**
 * A CoT case whose only thought is its ground truth's (a `PPT.add_text_page` call with `args`): what
 * the thought measures read when a test needs one thought and its call's arguments, nothing else.
 */
import type { TestCase } from '../../pipeline/schemas.js';

export function groundTruthThoughtCase(thought: string, args: Record<string, unknown>, request: string): TestCase {
  return {
    id: 'c',
    kind: 'internal',
    errorType: '',
    cot: true,
    trajectoryId: 't',
    source: 'teval',
    k: 1,
    messages: [
      { role: 'system', content: 'tools' },
      { role: 'user', content: request },
    ],
    tools: [],
    groundTruth: { name: 'PPT.add_text_page', args, thought },
    provenance: { methods: {}, parents: [] },
  } as unknown as TestCase;
}
