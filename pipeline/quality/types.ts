/**
 * The vocabulary of `pnpm report quality`: a measure looks at shipped cases and says which are
 * defective (a case measure) or scores a whole set (a set measure, e.g. distinct-4-grams). Each
 * measure's population is explicit, so every rate has a denominator a reader can check.
 */
import type { TestCase, ToolArgs, Trajectory } from '../schemas.js';
import type { LiveAnswer } from '../resolution/sources.js';

/** What a measure may look at besides the case itself. */
export interface QualityContext {
  /** The resolved trajectory a case was cut from (resolve's artifact), if resolve kept it. */
  trajectory(id: string): Trajectory | undefined;
  /** The base case an evolved case was made from. */
  baseCase(id: string): TestCase | undefined;
  /**
   * Runs a call on the trajectory's live executor (BFCL's backends) after `history`, when the
   * source registered one; undefined when it did not or the executor does not run this call.
   */
  execute?(trajectory: Trajectory, call: { name: string; args: ToolArgs; history: { name: string; args: ToolArgs }[] }): LiveAnswer | undefined;
}

export type MeasureGroup = 'solvable' | 'errors' | 'text';

export interface CaseMeasure {
  kind: 'case';
  id: string;
  group: MeasureGroup;
  title: string;
  /** Which cases the rate is over, in words. */
  population: string;
  /**
   * `undefined`: the case is not in the population; `null`: in it and fine; a string: a defect,
   * saying what is wrong in a way a reader can check against the case.
   */
  check(tc: TestCase, ctx: QualityContext): string | null | undefined;
  /**
   * Below this many cases in the population the rate is reported but never gated: a limit of 1% is a
   * statement about a full build's pool, and a --limit sample with two trajectories has no related
   * tool to draw at all.
   */
  minGateN?: number;
}

export interface SetScore {
  value: number;
  /** How many cases (or texts) the value is over. */
  n: number;
  detail?: string;
  examples?: { id: string; detail: string }[];
}

export interface SetMeasure {
  kind: 'set';
  id: string;
  group: MeasureGroup;
  title: string;
  population: string;
  /** Which way is good: a threshold is a maximum for 'lower', a minimum for 'higher'. */
  better: 'lower' | 'higher';
  /**
   * Below this many scored items the score is reported but never gated: "no sentence in more than 1%
   * of cases" cannot hold on 20 cases, and saying so about a --limit sample would be noise.
   */
  minGateN?: number;
  /** `undefined` when the set holds nothing to score. */
  score(cases: TestCase[], ctx: QualityContext): SetScore | undefined;
}

export type Measure = CaseMeasure | SetMeasure;
