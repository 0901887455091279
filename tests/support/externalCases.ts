/**
 * An external-error case built by hand from a trajectory: the calls before step k with their
 * answers, step k answered by `failure`, and `next` as the ground truth's second action — the shape
 * assemble gives, for the tests of what may follow a failure.
 */
import type { Action, ChatMessage, TestCase, Trajectory } from '../../pipeline/schemas.js';
import type { QualityContext } from '../../pipeline/quality/types.js';
import { toolSteps } from '../../pipeline/steps.js';

export function externalCase(t: Trajectory, k: number, next: Action, failure: string, cot = false): TestCase {
  const steps = toolSteps(t);
  const messages: ChatMessage[] = [
    { role: 'system', content: `You can call: ${JSON.stringify(t.tools)}` },
    { role: 'user', content: t.turns[0].user },
    ...steps.slice(0, k - 1).flatMap(({ step }): ChatMessage[] => [
      { role: 'assistant', content: JSON.stringify(step.action) },
      { role: 'function', content: step.response!.content },
    ]),
    { role: 'assistant', content: JSON.stringify(steps[k - 1].step.action) },
    { role: 'function', content: failure },
  ];
  return {
    id: `${t.id}-env-k${k}${cot ? '-cot' : ''}`,
    kind: 'external',
    errorType: '',
    cot,
    trajectoryId: t.id,
    source: t.source,
    k,
    messages,
    tools: t.tools,
    groundTruth: [steps[k - 1].step.action, next],
    provenance: { methods: {}, parents: [] },
  } as unknown as TestCase;
}

/** A quality context that knows one trajectory. */
export const contextWith = (t: Trajectory): QualityContext => ({ trajectory: (id) => (id === t.id ? t : undefined), baseCase: () => undefined });
