/**
 * The answer a conditional request's check gets follows the branch the plan takes
 * (pipeline/quality/branches.ts): a weekday check answers a day the plan's steps allow, a free-room
 * listing holds the room the plan reserves as free. Resolve asks these of the simulator through what
 * it already takes (the task's day, the values a step carries), so the simulator's rules are unchanged.
 */
import { branchContradiction, conditionBranches, stoppedBecause, WEEKDAYS, type Branch, type BranchStep } from '../../pipeline/quality/branches.js';
import type { CarriedValue } from '../../pipeline/resolution/simulatorRules.js';
import type { Trajectory } from '../../pipeline/schemas.js';
import type { Rng } from '../../pipeline/rng.js';
import { weekdayOfDate } from '../../pipeline/resolution/knownFacts.js';

export interface PlacedBranch {
  branch: Branch;
  turn: number;
  /** Index among all tool steps of the trajectory of the turn's first step. */
  offset: number;
}

type Located = readonly { turnIndex: number; step: { action: { name: string; args: unknown }; response?: { content: string } } }[];

function turnSteps(located: Located, t: number): BranchStep[] {
  return located.filter((l) => l.turnIndex === t).map((l) => ({ name: l.step.action.name, args: l.step.action.args, response: l.step.response?.content }));
}

/** Every condition of every turn, placed in the whole trajectory. */
export function placedBranches(trajectory: Trajectory, located: Located): PlacedBranch[] {
  const out: PlacedBranch[] = [];
  for (const [t, turn] of trajectory.turns.entries()) {
    const offset = located.findIndex((l) => l.turnIndex === t);
    if (offset < 0) continue;
    for (const branch of conditionBranches(turn.user, turnSteps(located, t))) out.push({ branch, turn: t, offset });
  }
  return out;
}

/** The checking step's index among all tool steps. */
export const checkAt = (p: PlacedBranch): number => p.offset + p.branch.at;

/** The carry a free-room listing needs for the plan's reserve, or undefined. */
export function branchCarry(p: PlacedBranch, located: Located): CarriedValue | undefined {
  if (p.branch.kind !== 'room') return undefined;
  const value = (located[p.offset + p.branch.reserve].step.action.args as Record<string, unknown>).room_id;
  return { key: 'room_id', value, field: 'rooms', list: true, ...(p.branch.place !== undefined ? { at: p.branch.place } : {}) };
}

/** Does the answer known for the check (a recording) rule out the plan's branch? */
export function recordedContradiction(p: PlacedBranch, located: Located, known: string | undefined): string | undefined {
  if (known === undefined) return undefined;
  const steps = turnSteps(located, p.turn);
  steps[p.branch.at] = { ...steps[p.branch.at], response: known };
  return branchContradiction(p.branch, steps);
}

/** The day of the week of Monday 2023-10-16 (the week T-Eval's recorded clocks fall in) with this weekday. */
const dayWithWeekday = (weekday: string) => `2023-10-${15 + WEEKDAYS.indexOf(weekday) + (weekday === 'Sunday' ? 7 : 0)}`;

/**
 * The day the task is on for a weekday check, so that the weekday it answers allows the plan's
 * branch: the day the task was on already when it does (or when the user said what day it is),
 * else a day of the week of 2023-10-16 that does.
 */
export function branchToday(p: PlacedBranch, base: string | undefined, stated: boolean, rng: Rng): string | undefined {
  if (p.branch.kind !== 'weekday') return base;
  const want = p.branch.day;
  if (stated) return base;
  if (p.branch.taken) return base && weekdayOfDate(base) === want ? base : dayWithWeekday(want);
  if (base && weekdayOfDate(base) !== want) return base;
  return dayWithWeekday(rng.pick(WEEKDAYS.filter((d) => d !== want)));
}

/** What rules the plan's branch out once every step is answered, or undefined. */
export function resolvedContradiction(p: PlacedBranch, located: Located): string | undefined {
  return branchContradiction(p.branch, turnSteps(located, p.turn));
}

/** The closing answer with why the plan stopped where a condition did not hold. */
export function withStopReason(answer: string, p: PlacedBranch, located: Located): string {
  const why = stoppedBecause(p.branch, turnSteps(located, p.turn));
  if (!why || answer.includes(why) || (p.branch.kind === 'weekday' && new RegExp(`\\bnot (?:a )?${p.branch.day}\\b`, 'i').test(answer))) return answer;
  // An answer that already says what day it is needs only the consequence.
  const day = p.branch.kind === 'weekday' ? /Since it is (\w+) and not/.exec(why)?.[1] : undefined;
  const said = day && new RegExp(`\\b${day}\\b`).test(answer) && p.branch.kind === 'weekday' ? why.replace(/^Since it is \w+ and not (\w+)/, 'As it is not $1') : why;
  return `${answer.trim()} ${said}`.trim();
}
