/**
 * The action a model should take once a_k has failed for good and it moves on: the external ground
 * truth's second element. It must make sense in a world where a_k never succeeded:
 * - the turn's next tool step stands only when it does not depend on a_k. BFCL decides by
 *   execution: the step runs on the backends without a_k (steps 1..k-1, then it) and must answer
 *   exactly as it did after a_k (`cd deep_folder` fails once `cd projects` never ran). T-Eval
 *   decides by data flow: the step may use no value that only a_k's response would have shown;
 * - otherwise — and when a_k was the turn's last tool call — the model closes the turn with an
 *   answer that reports the failure. The turn's recorded closing answer reports a_k's result,
 *   which the model never got, so the answer is written again (role `answer-writer`) from the
 *   turn's steps up to a_k with a_k failed: the ground truth never rewards claiming a result that
 *   did not arrive.
 */
import { FINISH_ACTION, type Action, type ToolArgs, type ToolResponse, type Trajectory } from '../../pipeline/schemas.js';
import type { ItemContext } from '../../pipeline/stage.js';
import { nextAction, renderPrefix } from '../../pipeline/prompts/standard.js';
import { historyBefore, stepAt, toolSteps } from '../../pipeline/steps.js';
import { apiOf, isPlainObject } from '../../pipeline/errors/index.js';
import { describeUngrounded, ungroundedValues } from '../../pipeline/quality/grounding.js';
import type { CallToResolve } from '../../pipeline/resolution/types.js';
import { answerWriterRole } from '../resolve/answerWriter.js';

export interface AfterFailure {
  action: Action;
  /** The answer-writer's method when the closing answer was rewritten; absent when the trajectory's own next step stands. */
  method?: string;
  /** Why the trajectory's next tool step could not stand after the failure. */
  skipProblem?: string;
}

/** Runs one call the way the resolution chain would (the live backends for BFCL). */
export type Execute = (call: CallToResolve) => Promise<ToolResponse>;

/**
 * Why the next tool step after a_k cannot be taken once a_k has failed, or undefined when it can.
 * Data flow for every source (a value of the next step that only a_k's response shows); for BFCL
 * also execution without a_k, compared with what the step answered after a_k.
 */
export async function skipProblem(trajectory: Trajectory, k: number, failure: ToolResponse, execute: Execute | undefined): Promise<string | undefined> {
  const next = nextAction(trajectory, k);
  if (next.name === FINISH_ACTION) return undefined;
  const here = stepAt(trajectory, k);
  const messages = [...renderPrefix(trajectory, k, { cot: false }), { role: 'assistant' as const, content: '' }, { role: 'function' as const, content: failure.content }];
  const missing = ungroundedValues({ messages, groundTruth: next });
  if (missing.length) return `the next step ${next.name} takes ${describeUngrounded(missing)}, which only the failed ${here.step.action.name} would have shown`;
  if (trajectory.source !== 'bfcl' || !execute || !isPlainObject(next.args)) return undefined;
  const after = toolSteps(trajectory)[k];
  if (!after?.step.response) return undefined;
  const without = await execute({
    source: trajectory.source,
    trajectoryId: trajectory.id,
    tools: trajectory.tools,
    name: next.name,
    args: next.args,
    history: historyBefore(trajectory, k),
    meta: trajectory.meta,
  });
  if (without.error) return `without ${here.step.action.name} the next step ${next.name} fails: ${without.content.slice(0, 160)}`;
  if (without.content !== after.step.response.content) {
    return `without ${here.step.action.name} the next step ${next.name} answers differently (${without.content.slice(0, 80)} instead of ${after.step.response.content.slice(0, 80)})`;
  }
  return undefined;
}

export async function actionAfterFailure(trajectory: Trajectory, k: number, failure: ToolResponse, ctx: ItemContext): Promise<AfterFailure> {
  const next = nextAction(trajectory, k);
  const problem = await skipProblem(trajectory, k, failure, (call) => ctx.services.resolver.resolve(call, { rng: ctx.rng('skip-without-a_k'), artifactKey: ctx.itemKey, stage: 'diversify-external' }));
  if (next.name !== FINISH_ACTION && !problem) return { action: next };
  const here = stepAt(trajectory, k);
  const turn = trajectory.turns[here.turnIndex];
  const steps = turn.steps
    .slice(0, here.stepIndex + 1)
    .filter((s) => s.action.name !== FINISH_ACTION)
    .map((s, i, all) => ({
      name: s.action.name,
      args: s.action.args as ToolArgs | string,
      response: i === all.length - 1 ? failure.content : (s.response?.content ?? ''),
      ...(i === all.length - 1 ? { error: failure.error?.message ?? failure.content } : {}),
    }));
  const { output, method } = await ctx.llm.invoke(
    answerWriterRole,
    { request: turn.user, steps },
    { rng: ctx.rng('answer-after-failure'), artifactKey: ctx.itemKey, stage: 'diversify-external' },
  );
  const api = apiOf(here.step.action.name);
  return {
    action: {
      thought: `The ${api} call kept failing (an environment error) after retrying, so the request cannot be fully accomplished; I report what was done and what failed.`,
      name: FINISH_ACTION,
      args: output.answer,
    },
    method,
    ...(problem ? { skipProblem: problem } : {}),
  };
}
