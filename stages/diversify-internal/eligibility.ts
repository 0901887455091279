/**
 * Which tool steps can carry an error case. Exported so that every stage drawing k for the same
 * purpose (assemble's error-free controls included) passes the same predicate to `chooseK` and
 * lands on the same step.
 */
import { repeatsAnsweredCall, toolSteps, type LocatedStep } from '../../pipeline/steps.js';
import type { Trajectory } from '../../pipeline/schemas.js';

/** An internal error replaces a tool call, so the step must be one (object arguments, not a FinishAction string). */
export function internalEligible(s: LocatedStep): boolean {
  const args = s.step.action.args;
  return typeof args === 'object' && args !== null && !Array.isArray(args);
}

/** An environment error replaces the response of a tool call: the same steps qualify. */
export const externalEligible = internalEligible;

/** The steps of this trajectory an internal case (or a control) may stop at: not one that repeats a call already answered. */
export function internalEligibleIn(trajectory: Trajectory): (s: LocatedStep) => boolean {
  return (s) => internalEligible(s) && !repeatsAnsweredCall(trajectory, s);
}

/** The steps an environment failure may hit: not a repeat of an answered call, nor one whose next step is. */
export function externalEligibleIn(trajectory: Trajectory): (s: LocatedStep) => boolean {
  const steps = toolSteps(trajectory);
  return (s) => externalEligible(s) && !repeatsAnsweredCall(trajectory, s) && !(steps[s.k] && repeatsAnsweredCall(trajectory, steps[s.k]));
}
