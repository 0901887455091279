/**
 * Real trajectories answered by the offline simulator as resolve answers them (the carry plan's values
 * in the answers before the calls that take them), and control cases cut from them: what the tests of
 * the grounding, carried-value and later-fact measures read.
 */
import type { TestCase, Trajectory } from '../../pipeline/schemas.js';
import { carryPlan, type GroundingView } from '../../pipeline/resolution/grounded.js';
import { simulateOffline } from '../../pipeline/resolution/simulatorRules.js';
import { renderPrefix } from '../../pipeline/prompts/standard.js';
import { toolSteps } from '../../pipeline/steps.js';
import { Rng } from '../../pipeline/rng.js';

/** Every step simulated, none known from a recording. */
export const ALL_SIMULATED: GroundingView = { known: () => undefined, simulated: () => true };

/**
 * The steps `view` leaves to the simulator (and those the plan simulates again) answered offline, with
 * the plan's carries unless `carried` is false; every turn's final answer "Done.". Changes `t` and returns it.
 */
export function simulateTrajectory(t: Trajectory, opts: { view?: GroundingView; carried?: boolean } = {}): Trajectory {
  const view = opts.view ?? ALL_SIMULATED;
  const plan = carryPlan(t, view);
  toolSteps(t).forEach((s, i) => {
    if (!view.simulated(i) && !plan.resimulate.includes(i)) return;
    const r = simulateOffline({ name: s.step.action.name, args: s.step.action.args, tools: t.tools, ...(opts.carried === false ? {} : { carry: plan.carries[i] }) }, new Rng(1, t.id, String(i)));
    s.step.response = { content: r.response || JSON.stringify({ error: r.error }), tier: 'simulated' };
  });
  t.turns.forEach((turn) => (turn.final = 'Done.'));
  return t;
}

/** A control case of trajectory `t` at tool step k (1-based): the history before it, the step as ground truth. */
export function controlCaseAt(t: Trajectory, k: number): TestCase {
  const steps = toolSteps(t);
  return {
    id: `${t.id}-control-k${k}`, kind: 'internal', errorType: '', cot: false, trajectoryId: t.id, source: 'teval', k,
    messages: renderPrefix(t, k, { cot: false }), tools: t.tools,
    groundTruth: { name: steps[k - 1].step.action.name, args: steps[k - 1].step.action.args },
    provenance: { methods: {}, parents: [] },
  } as TestCase;
}

/** The quality context of a case cut from `t`, with no base case. */
export const contextOf = (t: Trajectory) => ({ trajectory: () => t, baseCase: () => undefined });
