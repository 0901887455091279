/**
 * The official metrics, per sample and per file, as LLMEvaluator (internal_evaluator.py) and
 * EnvironmentEvaluator (external_evaluator.py) compute them:
 *
 * internal — parse_rate and critic over all samples; reflect, name, args (and goal with CoT) over the
 *   error samples (error_type not ""). critic: an error sample whose reply names any error, or a
 *   control whose reply names none and parses; reflect: the reply's error is one of the four types and
 *   the right one; name: the corrected tool; args: `_arg_eval`; goal: thought similarity.
 * external — every metric over all samples: retry (some reply repeats the failed call), break (some
 *   reply does not, and every reply parses), and for skip: name / args of the next action (args by
 *   `_arg_eval`, or similarity for a FinishAction), thought (CoT) against the next action's thought;
 *   for finish: name (a FinishAction), thought (CoT) against the evaluator's fixed sentence, taking the
 *   better of thought and args.
 */
import type { LoadedReply } from './formatLoad.js';
import { finishCriticThought, type EvalMode } from './protocol.js';
import { PyDict, pyEquals, pyIsInstance, pySameType, pyStr, pyTruthy, type PyClass, type PyValue } from './python/value.js';
import type { Similarity } from './similarity.js';

export const ERROR_TYPES = ['tool_select_error', 'tool_hallucination_error', 'parameters_value_error', 'parameters_key_error'] as const;

/** The metric keys the official evaluators report, in their order. */
export function metricKeys(mode: EvalMode, cot: boolean): string[] {
  if (mode === 'internal') return cot ? ['critic', 'reflect', 'name', 'args', 'goal', 'parse_rate'] : ['critic', 'reflect', 'name', 'args', 'parse_rate'];
  if (mode === 'finish') return cot ? ['retry', 'break', 'thought', 'name', 'parse_rate'] : ['retry', 'break', 'name', 'parse_rate'];
  return cot ? ['retry', 'break', 'thought', 'name', 'args', 'parse_rate'] : ['retry', 'break', 'name', 'args', 'parse_rate'];
}

/** Metrics averaged over every sample; the rest (internal only) over the error samples. */
export function overAllSamples(mode: EvalMode, metric: string): boolean {
  return mode !== 'internal' || metric === 'critic' || metric === 'parse_rate';
}

export class ScoringError extends Error {}

const TYPE_MAP: Record<string, PyClass | 'any'> = {
  NUMBER: 'int',
  integer: 'int',
  FLOAT: 'float',
  float: 'float',
  BOOLEAN: 'bool',
  boolean: 'bool',
  STRING: 'str',
  string: 'str',
  array: 'list',
  dict: 'dict',
  any: 'any',
};

function hasChinese(text: string): boolean {
  return /[\u4e00-\u9fff]/.test(text);
}

function dictGet(d: PyValue, key: string, where: string): PyValue {
  if (!(d instanceof PyDict)) throw new ScoringError(`${where} is not a dict`);
  const v = d.get(key);
  if (v === undefined) throw new ScoringError(`${where} has no "${key}" (the official evaluator raises KeyError)`);
  return v;
}

function pyLen(v: PyValue, where: string): number {
  if (v instanceof PyDict) return v.size;
  if (typeof v === 'string') return [...v].length;
  if (Array.isArray(v)) return v.length;
  throw new ScoringError(`${where}: len() of a non-container`);
}

/** `_arg_eval(function_list, pred, gt)`. */
export async function argEval(functionList: PyValue[], pred: LoadedReply, gt: PyValue, sim: Similarity, where: string): Promise<number> {
  const func = functionList.find((f) => pyEquals(dictGet(f, 'name', `${where}: a tool in the system prompt`), pred.name));
  if (!func) return 0;
  const types = new Map<string, PyClass | 'any'>();
  const required: PyValue[] = [];
  const optional: PyValue[] = [];
  for (const kind of ['required_parameters', 'optional_parameters'] as const) {
    const list = func instanceof PyDict ? (func.get(kind) ?? []) : [];
    if (!Array.isArray(list)) throw new ScoringError(`${where}: ${kind} of ${pred.name} is not a list`);
    for (const param of list) {
      const name = dictGet(param, 'name', `${where}: a parameter of ${pred.name}`);
      const type = dictGet(param, 'type', `${where}: parameter ${pyStr(name)} of ${pred.name}`);
      (kind === 'required_parameters' ? required : optional).push(name);
      types.set(pyStr(name), (typeof type === 'string' ? TYPE_MAP[type] : undefined) ?? 'str');
    }
  }
  if (!(pred.args instanceof PyDict)) return 0;
  const gtArgs = dictGet(gt, 'args', `${where}: ground truth`);
  const isIn = (x: PyValue, list: PyValue[]) => list.some((y) => pyEquals(x, y));
  if (pyLen(gtArgs, `${where}: ground-truth args`) === 0) {
    let score = 1;
    for (const key of pred.args.keys()) if (!isIn(key, required) && !isIn(key, optional)) score = 0;
    return score;
  }
  if (!(gtArgs instanceof PyDict)) throw new ScoringError(`${where}: ground-truth args is not a dict`);
  let score = 0;
  for (const [key, gtValue] of gtArgs.entries) {
    if (pred.args.has(key)) {
      const type = types.get(pyStr(key));
      if (type === undefined) throw new ScoringError(`${where}: ground-truth argument ${pyStr(key)} is not declared by ${pred.name} (the official evaluator raises KeyError)`);
      const value = pred.args.get(key)!;
      if (type === 'any' || pyIsInstance(value, type)) {
        score += pyStr(value) === pyStr(gtValue) ? 1 : await sim.similarity(pyStr(value), pyStr(gtValue));
      } else if (pySameType(value, gtValue) && typeof gtValue === 'string') {
        if (!hasChinese(pyStr(gtValue)) && !hasChinese(pyStr(value))) score += await sim.similarity(pyStr(value), pyStr(gtValue));
      }
    } else if (!isIn(key, required)) {
      score += 0.5;
    }
  }
  return score / gtArgs.size;
}

/** The evaluator's parse test for one reply. */
export function parses(reply: LoadedReply, cot: boolean): boolean {
  const argsOk = reply.args instanceof PyDict || pyTruthy(reply.args);
  return (!cot || pyTruthy(reply.thought)) && pyTruthy(reply.name) && argsOk;
}

export interface SampleScore {
  /** Metric → value for this sample (all the evaluator's keys, 0 where not earned). */
  metrics: Record<string, number>;
  /** Internal: counts toward the error-sample denominators. External: always true. */
  errorSample: boolean;
}

export interface InternalSample {
  errorType: string;
  groundTruth: PyValue;
  functionList: PyValue[];
}

export async function scoreInternal(sample: InternalSample, reply: LoadedReply, cot: boolean, sim: Similarity, where: string): Promise<SampleScore> {
  const m: Record<string, number> = Object.fromEntries(metricKeys('internal', cot).map((k) => [k, 0]));
  if (parses(reply, cot)) m.parse_rate = 1;
  if (!sample.errorType) {
    if (!pyTruthy(reply.error) && m.parse_rate) m.critic = 1;
    return { metrics: m, errorSample: false };
  }
  if (pyTruthy(reply.error)) {
    m.critic = 1;
    if (ERROR_TYPES.some((t) => pyEquals(reply.error, t)) && pyEquals(sample.errorType, reply.error)) m.reflect = 1;
  }
  if (cot && pyTruthy(reply.thought)) {
    m.goal = await sim.similarity(reply.thought, pyStr(dictGet(sample.groundTruth, 'thought', `${where}: ground_truth`)));
  }
  if (pyTruthy(reply.name) && pyEquals(reply.name, dictGet(sample.groundTruth, 'name', `${where}: ground_truth`))) {
    m.name = 1;
    m.args = await argEval(sample.functionList, reply, sample.groundTruth, sim, where);
  }
  return { metrics: m, errorSample: true };
}

export interface ExternalSample {
  /** [retry of the failed call, the next action]. */
  groundTruth: [PyValue, PyValue];
  functionList: PyValue[];
}

export async function scoreExternal(
  sample: ExternalSample,
  replies: LoadedReply[],
  mode: 'skip' | 'finish',
  cot: boolean,
  sim: Similarity,
  where: string,
): Promise<SampleScore> {
  const m: Record<string, number> = Object.fromEntries(metricKeys(mode, cot).map((k) => [k, 0]));
  const [failed, next] = sample.groundTruth;
  const failedName = dictGet(failed, 'name', `${where}: ground_truth[0]`);
  const failedArgs = dictGet(failed, 'args', `${where}: ground_truth[0]`);
  m.parse_rate = replies.every((r) => parses(r, cot)) ? 1 : 0;
  for (const r of replies) {
    if (pyEquals(r.name, failedName) && pyEquals(r.args, failedArgs)) {
      m.retry = 1;
      continue;
    }
    if (m.parse_rate === 1) m.break = 1;
    if (mode === 'skip') {
      if (cot) m.thought = await sim.similarity(r.thought, pyStr(dictGet(next, 'thought', `${where}: ground_truth[1]`)));
      if (pyEquals(r.name, dictGet(next, 'name', `${where}: ground_truth[1]`))) {
        m.name = 1;
        m.args =
          r.name !== 'FinishAction'
            ? await argEval(sample.functionList, r, next, sim, where)
            : await sim.similarity(pyStr(r.args), pyStr(dictGet(next, 'args', `${where}: ground_truth[1]`)));
      }
    } else {
      const reference = finishCriticThought(pyStr(failedName));
      if (cot) m.thought = await sim.similarity(r.thought, reference);
      if (r.name === 'FinishAction') {
        m.name = 1;
        if (cot) {
          const viaArgs = await sim.similarity(pyStr(r.args), reference);
          if (viaArgs > m.thought) m.thought = viaArgs;
        }
      }
    }
  }
  return { metrics: m, errorSample: true };
}

/** A file's means, as the evaluator reports them (null where its denominator is 0 and Python would divide by zero). */
export function aggregate(mode: EvalMode, cot: boolean, scores: SampleScore[]): Record<string, number | null> {
  const out: Record<string, number | null> = {};
  const errors = scores.filter((s) => s.errorSample).length;
  for (const key of metricKeys(mode, cot)) {
    const total = scores.reduce((sum, s) => sum + (s.metrics[key] ?? 0), 0);
    const denominator = overAllSamples(mode, key) ? scores.length : errors;
    out[key] = denominator ? total / denominator : null;
  }
  return out;
}
