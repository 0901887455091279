/**
 * observe: run a model under test on standardized trajectories step by step and keep the errors
 * it really makes (CRITICTOOL §2.1, ToolReflection). At step k the model sees steps 1..k-1 with
 * their responses and proposes step k; its action goes through the resolution chain (so BFCL calls
 * really execute) and the label checker classifies it.
 */
import { z } from 'zod';
import type { ItemStage, StageItem } from '../../pipeline/stage.js';
import { Observation, Trajectory, type Action } from '../../pipeline/schemas.js';
import { renderPrefix } from '../../pipeline/prompts/standard.js';
import { parseReply } from '../../pipeline/prompts/parseAction.js';
import { callAt, stepAt, toolSteps } from '../../pipeline/steps.js';
import { modelFor } from '../../pipeline/config.js';
import { classifyAction } from '../../pipeline/errors/index.js';
import { roleMode } from '../../pipeline/llm/types.js';
import { observedModelRole } from './observedModel.js';
import { readRef, refTo, type ArtifactRef } from '../../pipeline/artifactRef.js';

interface ObserveInput {
  /** The resolved trajectory, by reference (pipeline/artifactRef.ts): the item's only parent. */
  trajectory: ArtifactRef;
  k: number;
  cot: boolean;
}

const ResolvedArtifact = z.object({ trajectory: Trajectory }).passthrough();
const parseTrajectory = (content: unknown): Trajectory => ResolvedArtifact.parse(content).trajectory;

export const observeStage: ItemStage<ObserveInput, Observation> = {
  kind: 'items',
  name: 'observe',
  version: '2', // 2: BFCL wrong calls answer with BFCL's own error texts
  upstream: ['resolve'],
  description: 'run a model under test step by step and keep the errors it really makes',
  roles: ['observed-model'],
  output: Observation,
  configSlice: (c) => ({ observe: c.observe, model: modelFor(c, 'observed-model') }),
  skip: (ctx) =>
    roleMode(ctx.llm, 'observed-model') === 'offline'
      ? ctx.llm.mode === 'offline'
        ? "no model to observe on the offline default: the error simulator's few-shot pool falls back to T-Eval's recorded input errors, then to the offline injectors"
        : 'no model to observe: observed-model is in llm.offlineRoles; the few-shot pool falls back to T-Eval\'s recorded input errors, then to the offline injectors'
      : undefined,

  enumerate(ctx) {
    const { trajectories, stepsPerTrajectory, cot } = ctx.config.observe;
    // The draw is made on the listing; only the chosen trajectories are read, one at a time.
    const resolved = ctx.store.stageListing('resolve', ['ok'], { trajectoryId: '$.trajectory.id' });
    const chosen = trajectories > 0 ? ctx.rng('observe-trajectories').sample(resolved, trajectories) : resolved;
    chosen.sort((a, b) => String(a.fields.trajectoryId).localeCompare(String(b.fields.trajectoryId)));
    const items: StageItem<ObserveInput>[] = [];
    for (const a of chosen) {
      const ref = refTo(a, 0);
      const trajectory = readRef(ctx.store, [a.key], ref, parseTrajectory);
      const ks = toolSteps(trajectory).map((s) => s.k);
      const picked = stepsPerTrajectory > 0 ? ctx.rng(`observe-steps:${trajectory.id}`).sample(ks, stepsPerTrajectory).sort((a, b) => a - b) : ks;
      for (const k of picked) items.push({ id: `${trajectory.id}-k${k}`, input: { trajectory: ref, k, cot }, parents: [a.key] });
    }
    return items;
  },

  async run(item, ctx) {
    const { k, cot } = item.input;
    const trajectory = readRef(ctx.store, item.parents, item.input.trajectory, parseTrajectory);
    const groundTruth = stepAt(trajectory, k).step.action as Action;
    const messages = renderPrefix(trajectory, k, { cot });
    const rng = ctx.rng('observe');
    const { output: raw, method } = await ctx.llm.invoke(observedModelRole, { messages, groundTruth, cot }, { rng, artifactKey: ctx.itemKey, stage: 'observe' });
    const model = method.replace(/^llm:/, '');
    const parsed = parseReply(raw);
    if (!parsed.action) {
      return {
        status: 'ok',
        method,
        content: { trajectoryId: trajectory.id, source: trajectory.source, k, model, raw, label: 'format_error', reasons: [parsed.problem ?? 'unparsable'], groundTruth },
      };
    }
    const verdict = classifyAction(parsed.action, { tools: trajectory.tools, groundTruth });
    const observation: Observation = {
      trajectoryId: trajectory.id,
      source: trajectory.source,
      k,
      model,
      raw,
      action: parsed.action,
      label: verdict.label,
      reasons: verdict.reasons,
      groundTruth,
    };
    if (verdict.label !== 'correct' && verdict.label !== 'format_error' && typeof parsed.action.args !== 'string') {
      observation.response = await ctx.services.resolver.resolve(
        callAt(trajectory, k, parsed.action),
        { rng: ctx.rng('observe-resolve'), artifactKey: ctx.itemKey, stage: 'observe' },
      );
    }
    return { status: 'ok', content: observation, method };
  },
};
