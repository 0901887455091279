/**
 * Grounded simulated answers. T-Eval plans record only calls, so a later step's arguments (a
 * movie id, a property id, coordinates) often come from a response nobody recorded. Before step j
 * is simulated, every value of a later step i that no user turn, tool doc or response before i
 * shows is given to the step that can carry it: the nearest step before i whose answer will be
 * simulated and whose documented return fields include one that fits the argument (name and
 * type). When that step is j, its answer must carry the value (CarriedValue). Recorded answers keep
 * precedence: a step answered from a recording carries nothing, and a value only it could have
 * shown stays ungrounded (assemble then rejects the cases that need it).
 */
import type { Trajectory } from '../schemas.js';
import { toolSteps } from '../steps.js';
import { renderToolList } from '../prompts/standard.js';
import { neededValues, valueShownIn } from '../quality/grounding.js';
import { carrierField, type CarriedValue } from './simulatorRules.js';
import { sameValue } from '../errors/values.js';

export interface GroundingView {
  /** The response content of tool step `index` (0-based) when it is already known (resolved, or recorded), else undefined. */
  known(index: number): string | undefined;
  /** Will tool step `index` be answered by the simulator (and so can carry values)? */
  simulated(index: number): boolean;
}

/** The values tool step `j` (0-based) must carry for later steps. */
export function carriesFor(trajectory: Trajectory, j: number, view: GroundingView): CarriedValue[] {
  const steps = toolSteps(trajectory);
  const docs = renderToolList(trajectory.tools);
  const out: CarriedValue[] = [];
  for (let i = j + 1; i < steps.length; i++) {
    const users = trajectory.turns.slice(0, steps[i].turnIndex + 1).map((t) => t.user);
    const responses = steps.slice(0, i).map((_, m) => view.known(m) ?? '');
    const text = [docs, ...users, ...responses].join('\n');
    for (const need of neededValues(steps[i].step.action)) {
      if (valueShownIn(need.value, text)) continue;
      if (out.some((c) => sameValue(c.value, need.value))) continue;
      for (let m = i - 1; m >= j; m--) {
        if (!view.simulated(m)) continue;
        const doc = trajectory.tools.find((t) => t.name === steps[m].step.action.name);
        const where = doc && carrierField(doc, need.key, need.value, need.label);
        if (!where) continue;
        if (m === j) out.push({ key: need.key, value: need.value, ...where });
        break;
      }
    }
  }
  return out;
}
