/**
 * Step arithmetic shared by every stage that stops a trajectory at step k, so that diversify,
 * assemble and evolve agree on what "step k" is.
 */
import { Rng } from './rng.js';
import { FINISH_ACTION, type Step, type Trajectory } from './schemas.js';
import { placesNamedIn } from './resolution/places.js';
import { sameValue } from './errors/values.js';
import { isErrorResponse } from './errors/responses.js';
import type { CallToResolve } from './resolution/types.js';

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

/** A call made at step k of a trajectory, as the resolver takes it: the trajectory's tools, meta and the calls before k. */
export function callAt(trajectory: Trajectory, k: number, action: { name: string; args: CallToResolve['args'] }): CallToResolve {
  return { source: trajectory.source, trajectoryId: trajectory.id, tools: trajectory.tools, name: action.name, args: action.args, history: historyBefore(trajectory, k), meta: trajectory.meta };
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
 * Tools whose call changes no state, so two of them may run in either order. Named by the verb
 * their name starts with (after a toolkit prefix such as "ticket_get_login_status"); a verb not
 * listed counts as a change, which keeps the order the trajectory gives. Checked against BFCL's
 * backends (sort, diff, verify_traveler_information assign nothing) and T-Eval's docs.
 */
const READ_VERBS = new Set([
  'get', 'search', 'check', 'find', 'list', 'show', 'print', 'display', 'view', 'retrieve', 'estimate', 'compute',
  'filter', 'verify', 'aggregate', 'serper', 'coming', 'now', 'ls', 'pwd', 'cat', 'grep', 'du', 'wc', 'tail', 'diff', 'sort',
  'gallon', 'liter',
]);
/** BFCL's MathAPI holds no state at all: every function of it is a pure computation. */
const STATELESS_TOOLKITS = new Set(['MathAPI']);

export function changesNothing(tool: string): boolean {
  const dot = tool.indexOf('.');
  if (dot > 0 && STATELESS_TOOLKITS.has(tool.slice(0, dot))) return true;
  const words = tool.slice(dot + 1).replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase().split('_').filter(Boolean);
  return READ_VERBS.has(words[0] ?? '') || words[1] === 'get';
}

function argLeaves(args: unknown, out: string[] = []): string[] {
  if (typeof args === 'string') { if (args.trim().length >= 2) out.push(args.trim()); }
  // An id past 2^53 is read exactly as a bigint (pyValues.ts pyInt): 144_2's property id 691676460109271194, which
  // check_availability takes from the property search's answer, is a value that answer gave like any other.
  else if (typeof args === 'number' || typeof args === 'bigint') out.push(String(args));
  else if (Array.isArray(args)) args.forEach((a) => argLeaves(a, out));
  else if (args && typeof args === 'object') Object.values(args).forEach((a) => argLeaves(a, out));
  return out;
}

/**
 * Does `later` take a value nothing showed before `earlier` ran? Its answer, or one after it, is
 * where that value came from; `answered` asks for `earlier`'s own answer to show it.
 */
function takesNewValue(trajectory: Trajectory, later: LocatedStep, earlier: LocatedStep, answered: boolean): boolean {
  const answer = earlier.step.response?.content ?? '';
  if (answered && !answer) return false;
  const before = shownBefore(trajectory, earlier.k);
  return argLeaves(later.step.action.args).some((v) => !before.includes(v) && (!answered || answer.includes(v)));
}

/**
 * The tool steps after k, in k's turn, that do not need step k done first. A step needs an earlier
 * one when it takes a value only that one's answer showed, or when either changes state and the
 * source orders them: T-Eval's plans list the steps each needs (`prev`, plan ids counted from 0),
 * though many chain every step to the one before whatever the request says, so a link between two
 * lookups counts only when the later takes a value nothing showed before the earlier ran; BFCL's calls share one state, so each follows
 * every earlier call of its turn.
 */
export function independentLaterSteps(trajectory: Trajectory, k: number): LocatedStep[] {
  const steps = toolSteps(trajectory);
  const at = steps[k - 1];
  if (!at) return [];
  const ordered = (s: LocatedStep): LocatedStep[] =>
    s.step.prev !== undefined
      ? s.step.prev.map((id) => steps[id]).filter((p): p is LocatedStep => p !== undefined && p.k < s.k)
      : steps.filter((p) => p.k < s.k && p.turnIndex === s.turnIndex);
  const needs = (s: LocatedStep, p: LocatedStep): boolean =>
    takesNewValue(trajectory, s, p, true) ||
    (ordered(s).includes(p) && (!(changesNothing(s.step.action.name) && changesNothing(p.step.action.name)) || takesNewValue(trajectory, s, p, false)));
  const memo = new Map<number, boolean>();
  const needsK = (s: LocatedStep): boolean => {
    const known = memo.get(s.k);
    if (known !== undefined) return known;
    const result = steps.slice(k - 1, s.k - 1).some((p) => needs(s, p) && (p.k === k || needsK(p)));
    memo.set(s.k, result);
    return result;
  };
  return steps.slice(k).filter((s) => s.turnIndex === at.turnIndex && !needsK(s));
}

/**
 * The later tool steps of k's turn that take a value only step k's answer showed, directly or
 * through another such step: those that really wait on step k's result. Narrower than "not
 * independent" (independentLaterSteps): a step whose value nothing showed at all (a film id no
 * search gave) is no more waiting on step k than on anything else.
 */
export function stepsOnAnswerOf(trajectory: Trajectory, k: number): LocatedStep[] {
  const steps = toolSteps(trajectory);
  const at = steps[k - 1];
  if (!at) return [];
  const out: LocatedStep[] = [];
  for (const s of steps.slice(k).filter((x) => x.turnIndex === at.turnIndex)) {
    if (takesNewValue(trajectory, s, at, true) || out.some((p) => takesNewValue(trajectory, s, p, true))) out.push(s);
  }
  return out;
}

/**
 * The known place (resolution/places.ts) a trajectory is about at the step in `turnIndex` after the
 * calls `history`: the last call that names one, else the first the user turns so far name. A
 * simulated answer's addresses and coordinates go there, the wrong call's as much as the right one's.
 */
export function placeOfStep(trajectory: Trajectory, turnIndex: number, history: { name: string; args: Record<string, unknown> }[]): string | undefined {
  for (let h = history.length - 1; h >= 0; h--) {
    const named = placesNamedIn(Object.values(history[h].args).filter((v): v is string => typeof v === 'string').join(' \n '));
    if (named.length) return named[0].name;
  }
  const users = trajectory.turns.slice(0, turnIndex + 1).map((t) => t.user).join('\n');
  return placesNamedIn(users)[0]?.name;
}

/**
 * Whether step `s` asks again what an earlier call already answered: the same call of a tool that
 * changes nothing, with the same arguments, answered without an error, and no call that changes
 * state in between (T-Eval plans call `get_arxiv_article_information("solar energy")` twice). A
 * case stopping there has two right next steps, calling again or using the answer shown, so no
 * case stops there, and an environment case does not stop just before one either (its "go on"
 * step would be such a repeat).
 */
export function repeatsAnsweredCall(trajectory: Trajectory, s: LocatedStep): boolean {
  const { name, args } = s.step.action;
  if (!changesNothing(name)) return false;
  const before = toolSteps(trajectory).slice(0, s.k - 1);
  for (let i = before.length - 1; i >= 0; i--) {
    const { step } = before[i];
    if (step.action.name === name && sameValue(step.action.args, args) && step.response && !isErrorResponse(step.response)) return true;
    if (!changesNothing(step.action.name)) return false;
  }
  return false;
}

function toolkitName(tool: string): string {
  const dot = tool.indexOf('.');
  return dot > 0 ? tool.slice(0, dot) : '';
}

/**
 * The tool steps after k, in k's turn, that a model could do before step k with the same result:
 * those that do not need it (independentLaterSteps), and lookups of another toolkit than every
 * step from k on that changes state, taking no value those steps answered — the web search of
 * "…send the email to my professor. Then, look for tutorials on Google" reads nothing the email
 * changed, so searching first only swaps the order of two steps.
 */
export function laterStepsDoableEarly(trajectory: Trajectory, k: number): LocatedStep[] {
  const steps = toolSteps(trajectory);
  const at = steps[k - 1];
  if (!at) return [];
  const independent = independentLaterSteps(trajectory, k);
  const out = [...independent];
  for (const s of steps.slice(k)) {
    if (s.turnIndex !== at.turnIndex || out.some((o) => o.k === s.k)) continue;
    const name = s.step.action.name;
    if (!changesNothing(name) || !toolkitName(name)) continue;
    const between = steps.slice(k - 1, s.k - 1);
    // A lookup between of another toolkit is no barrier either: the clock reads nothing a room search found (teval_query_250_1).
    const free = between.every((p) => !takesNewValue(trajectory, s, p, true) && (changesNothing(p.step.action.name) ? independent.some((o) => o.k === p.k) || p.k === k || toolkitName(p.step.action.name) !== toolkitName(name) : toolkitName(p.step.action.name) !== toolkitName(name)));
    if (free) out.push(s);
  }
  return out.sort((a, b) => a.k - b.k);
}
