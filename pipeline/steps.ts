/**
 * Step arithmetic shared by every stage that stops a trajectory at step k, so that diversify,
 * assemble and evolve agree on what "step k" is.
 */
import { Rng } from './rng.js';
import { FINISH_ACTION, type Step, type Trajectory } from './schemas.js';

export interface LocatedStep {
  /** 1-based index over the trajectory's tool steps. */
  k: number;
  turnIndex: number;
  stepIndex: number;
  step: Step;
}

/** Every tool step (FinishAction excluded), in order, with its position. */
export function toolSteps(trajectory: Trajectory): LocatedStep[] {
  const out: LocatedStep[] = [];
  trajectory.turns.forEach((turn, turnIndex) => {
    turn.steps.forEach((step, stepIndex) => {
      if (step.action.name !== FINISH_ACTION) out.push({ k: out.length + 1, turnIndex, stepIndex, step });
    });
  });
  return out;
}

export function stepAt(trajectory: Trajectory, k: number): LocatedStep {
  const steps = toolSteps(trajectory);
  const found = steps[k - 1];
  if (!found) throw new Error(`trajectory ${trajectory.id} has ${steps.length} tool steps; no step k=${k}`);
  return found;
}

/** The tool calls before step k (for replaying stateful backends). */
export function historyBefore(trajectory: Trajectory, k: number): { name: string; args: Record<string, unknown> }[] {
  return toolSteps(trajectory)
    .slice(0, k - 1)
    .map(({ step }) => ({ name: step.action.name, args: step.action.args as Record<string, unknown> }));
}

/** What the task shows before step k: the user turns up to k's and the answers of the steps before it. */
export function shownBefore(trajectory: Trajectory, k: number): string {
  const located = stepAt(trajectory, k);
  const users = trajectory.turns.slice(0, located.turnIndex + 1).map((t) => t.user);
  const answers = toolSteps(trajectory)
    .slice(0, k - 1)
    .map(({ step }) => step.response?.content ?? '');
  return [...users, ...answers].join('\n');
}

/**
 * The step a case stops at, drawn uniformly over the tool steps that allow it. `purpose` separates
 * draws (e.g. "k-internal", "k-external") so one trajectory can yield cases at different steps.
 */
export function chooseK(trajectory: Trajectory, seed: number, purpose: string, eligible: (s: LocatedStep) => boolean = () => true): number | undefined {
  const candidates = toolSteps(trajectory).filter(eligible);
  if (candidates.length === 0) return undefined;
  return new Rng(seed, trajectory.id, purpose).pick(candidates).k;
}

/**
 * The tool steps after k, in k's turn, that do not need step k done first: T-Eval's plans say which
 * earlier steps each step needs (`prev`, plan ids counted from 0); BFCL's calls share one state, so
 * each needs every call before it and none is listed.
 */
export function independentLaterSteps(trajectory: Trajectory, k: number): LocatedStep[] {
  const steps = toolSteps(trajectory);
  const at = steps[k - 1];
  if (!at) return [];
  const needsK = (s: LocatedStep, seen = new Set<number>()): boolean => {
    for (const id of s.step.prev ?? []) {
      const j = id + 1;
      if (j === k) return true;
      if (seen.has(j) || !steps[j - 1]) continue;
      seen.add(j);
      if (needsK(steps[j - 1], seen)) return true;
    }
    return false;
  };
  return steps.slice(k).filter((s) => s.turnIndex === at.turnIndex && s.step.prev !== undefined && !needsK(s));
}
