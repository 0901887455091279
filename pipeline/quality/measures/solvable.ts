/**
 * Can a model solve the case from what it shows, and is the case what it claims to be?
 * (issue 13: grounded ground truth, error-free controls, feasible skips, real errors, fitting
 * environment errors, exact integers.)
 */
import { FINISH_ACTION, type Action, type TestCase, type ToolDoc } from '../../schemas.js';
import { toolSteps } from '../../steps.js';
import { sameValue, toolkitOf, apiOf } from '../../errors/values.js';
import { isErrorResponse } from '../../errors/responses.js';
import { evidenceOf, groundTruthActions, numbersIn, unshownValues, argLeaves } from '../evidence.js';
import type { CaseMeasure, QualityContext } from '../types.js';

function show(values: { path: string; value: string }[]): string {
  return values
    .slice(0, 3)
    .map((v) => `${v.path}=${v.value}`)
    .join(', ');
}

/** The tool calls among a case's ground-truth actions, with their position in the file's `ground_truth`. */
function toolCalls(tc: TestCase): { action: Action; index: number }[] {
  return groundTruthActions(tc)
    .map((action, index) => ({ action, index }))
    .filter(({ action }) => action.name !== FINISH_ACTION && typeof action.args === 'object');
}

export const unshownGroundTruth: CaseMeasure = {
  kind: 'case',
  id: 'gt_value_unshown',
  group: 'solvable',
  title: 'ground-truth id / number shown by no user turn, tool response or doc',
  population: 'cases whose ground truth calls a tool',
  check(tc) {
    const calls = toolCalls(tc);
    if (calls.length === 0) return undefined;
    // External cases: the failed call's error message is shown but carries no data.
    const ev = evidenceOf(tc.messages);
    const missing = calls.flatMap(({ action, index }) =>
      unshownValues(action, [ev.user, ev.responses, ev.docs]).map((v) => ({ ...v, path: `${calls.length > 1 || index > 0 ? `[${index}].` : ''}${action.name}.${v.path}` })),
    );
    return missing.length ? `not shown: ${show(missing)}` : null;
  },
};

export const absentGroundTruth: CaseMeasure = {
  kind: 'case',
  id: 'gt_value_absent',
  group: 'solvable',
  title: 'ground-truth id / number that appears nowhere in the prompt (no model could produce it)',
  population: 'cases whose ground truth calls a tool',
  check(tc) {
    const calls = toolCalls(tc);
    if (calls.length === 0) return undefined;
    const ev = evidenceOf(tc.messages);
    const missing = calls.flatMap(({ action }) => unshownValues(action, [ev.user, ev.responses, ev.docs, ev.assistant]).map((v) => ({ ...v, path: `${action.name}.${v.path}` })));
    return missing.length ? `nowhere in the prompt: ${show(missing)}` : null;
  },
};

/** Numbers of two or more digits a closing answer states that nothing in the case shows. */
function unsupportedNumbers(answer: string, tc: TestCase, excludeLastFunction: boolean): string[] {
  const ev = evidenceOf(tc.messages, excludeLastFunction);
  const shown = new Set<string>([...numbersIn(ev.user), ...numbersIn(ev.responses), ...numbersIn(ev.assistant)]);
  const out: string[] = [];
  for (const n of numbersIn(answer)) {
    if (n.replace(/[^0-9]/g, '').length < 2 || shown.has(n) || shown.has(n.replace(/^-/, ''))) continue;
    out.push(n);
  }
  return out;
}

export const unsupportedAnswer: CaseMeasure = {
  kind: 'case',
  id: 'answer_unsupported',
  group: 'solvable',
  title: 'closing answer in the ground truth states numbers no response or turn shows',
  population: 'cases whose ground truth includes a closing answer (FinishAction)',
  check(tc) {
    const finals = groundTruthActions(tc).filter((a) => a.name === FINISH_ACTION && typeof a.args === 'string');
    if (finals.length === 0) return undefined;
    const bad = finals.flatMap((a) => unsupportedNumbers(a.args as string, tc, tc.kind === 'external'));
    return bad.length ? `the answer states ${bad.slice(0, 4).join(', ')}, which nothing shown supports` : null;
  },
};

/** A path-like file name in a response that the user never mentioned: a sign of another task's data. */
const FILE_RE = /[\w./-]+\.(?:pptx?|txt|md|json|csv|png|jpe?g|pdf|docx?|xlsx?)\b/gi;

export const controlNotErrorFree: CaseMeasure = {
  kind: 'case',
  id: 'control_not_error_free',
  group: 'solvable',
  title: 'error-free control that is not error-free, or whose next action cannot be reached',
  population: 'error-free controls (error_type "")',
  check(tc, ctx) {
    if (tc.kind !== 'internal' || tc.errorType !== '') return undefined;
    const t = ctx.trajectory(tc.trajectoryId);
    const problems: string[] = [];
    const last = tc.messages[tc.messages.length - 1];
    if (t) {
      const step = toolSteps(t)[tc.k - 1]?.step;
      if (!step) problems.push(`trajectory has no tool step ${tc.k}`);
      else {
        if (!step.response || last.role !== 'function' || last.content !== step.response.content) problems.push(`the shown response at k=${tc.k} is not the trajectory's own`);
        else if (isErrorResponse(step.response)) problems.push(`the shown response at k=${tc.k} is an error`);
      }
    }
    if (last.role === 'function') {
      const user = evidenceOf(tc.messages).user.toLowerCase();
      const foreign = [...last.content.matchAll(FILE_RE)].map((m) => m[0]).filter((f) => !user.includes(f.toLowerCase().split('/').pop()!));
      if (foreign.length && /cache:/.test(tc.provenance.methods.response ?? '')) problems.push(`the shown response names ${foreign[0]}, a file this task never mentions (a cached response of another task)`);
    }
    const gt = groundTruthActions(tc)[0];
    if (gt.name !== FINISH_ACTION) {
      const ev = evidenceOf(tc.messages);
      const missing = unshownValues(gt, [ev.user, ev.responses, ev.docs]);
      if (missing.length) problems.push(`next action needs ${show(missing)}, which nothing shows`);
    } else if (typeof gt.args === 'string') {
      const bad = unsupportedNumbers(gt.args, tc, false);
      if (bad.length) problems.push(`the closing answer states ${bad.slice(0, 3).join(', ')}, which no response shows`);
    }
    return problems.length ? problems.join('; ') : null;
  },
};

/** Calls that only read state; a failed one leaves nothing the next step could depend on. */
const READ_ONLY_RE = /^(get|check|list|display|search|find|view|ls|pwd|cat|grep|wc|du|tail|head|diff|sort|estimate|query|fetch|read|retrieve|show|verify|compare|count|calculate|compute|mean|standard|add|subtract|multiply|divide|power|square|logarithm|round|percentage|max|min|sum|absolute|si_unit|imperial|gallon|liter|celsius|fahrenheit)/i;

export const infeasibleSkip: CaseMeasure = {
  kind: 'case',
  id: 'skip_infeasible',
  group: 'solvable',
  title: 'external case whose next action (after giving up on the failed call) needs that call\'s output or side effect',
  population: 'external cases whose next ground-truth action is a tool call',
  check(tc, ctx) {
    if (tc.kind !== 'external' || !Array.isArray(tc.groundTruth)) return undefined;
    const [failed, next] = tc.groundTruth;
    if (next.name === FINISH_ACTION || typeof next.args !== 'object') return undefined;
    const ev = evidenceOf(tc.messages, true);
    const missing = unshownValues(next, [ev.user, ev.responses, ev.docs]);
    if (missing.length) return `the next action needs ${show(missing)}, which only the failed call could have returned`;
    const t = ctx.trajectory(tc.trajectoryId);
    const real = t ? toolSteps(t)[tc.k - 1]?.step.response?.content : undefined;
    if (real) {
      const fromFailed = argLeaves(next.args).filter(({ value }) => typeof value === 'string' && value.length >= 3 && real.includes(value) && !ev.user.includes(value) && !ev.responses.includes(value));
      if (fromFailed.length) return `the next action's ${fromFailed[0].path}=${JSON.stringify(fromFailed[0].value)} comes from the failed call's response`;
    }
    // A state-changing call on the same backend (BFCL: cd, mkdir, book...) the next call builds on.
    if (tc.source === 'bfcl' && toolkitOf(failed.name) === toolkitOf(next.name) && !READ_ONLY_RE.test(apiOf(failed.name)) && !READ_ONLY_RE.test(apiOf(next.name))) {
      return `${apiOf(next.name)} runs on the state ${apiOf(failed.name)} was to change (same ${toolkitOf(failed.name)} session)`;
    }
    return null;
  },
};

function actionOfMessage(content: string): Action | undefined {
  try {
    const parsed = JSON.parse(content) as Action;
    return typeof parsed?.name === 'string' ? parsed : undefined;
  } catch {
    return undefined;
  }
}

export const errorEqualsValidStep: CaseMeasure = {
  kind: 'case',
  id: 'error_equals_valid_step',
  group: 'solvable',
  title: 'injected "error" equal to a completed step or to another ground-truth step of the trajectory',
  population: 'internal error cases (tool_select / parameter_value / key / hallucination)',
  check(tc, ctx) {
    if (tc.kind !== 'internal' || tc.errorType === '') return undefined;
    const wrong = tc.erroneousAction ?? actionOfMessage(tc.messages[tc.messages.length - 2]?.content ?? '');
    const t = ctx.trajectory(tc.trajectoryId);
    if (!wrong || !t) return null;
    const hit = toolSteps(t).find(({ k, step }) => k !== tc.k && step.action.name === wrong.name && sameValue(step.action.args, wrong.args));
    return hit ? `the erroneous call equals tool step ${hit.k} (${hit.step.action.name}), a valid step ${hit.k < tc.k ? 'already done' : 'of the trajectory'}` : null;
  },
};

/** Toolkits that run in-process or on the user's machine (no network in between). */
const LOCAL_TOOLKITS = new Set(['GorillaFileSystem', 'VehicleControlAPI', 'MathAPI', 'FileOperation', 'PPT', 'TimeTool']);

/** The locality a ToolDoc declares, else the known local toolkits. */
export function isLocalTool(name: string, tools: ToolDoc[]): boolean {
  const doc = tools.find((t) => t.name === name) as (ToolDoc & { locality?: string }) | undefined;
  if (doc?.locality === 'local' || doc?.locality === 'remote') return doc.locality === 'local';
  return LOCAL_TOOLKITS.has(toolkitOf(name));
}

const HTTP_STYLE_RE = /\b(?:HTTP|[1-5]\d\d (?:[A-Z][a-z]+ ?)+|Gateway|Service Unavailable|Too Many Requests|Retry-After|rate.?limit|quota|api\.[a-z0-9-]+\.[a-z]{2,}|https?:\/\/)/i;
const HOST_RE = /\b(?:[a-z0-9-]+\.)+(?:com|org|net|io|dev|ai|cn)\b/i;

export const httpErrorOnLocalTool: CaseMeasure = {
  kind: 'case',
  id: 'http_error_on_local_tool',
  group: 'solvable',
  title: 'environment error in HTTP / network-service terms on a local tool (file system, vehicle, math)',
  population: 'external cases whose failed call is a local tool',
  check(tc) {
    if (tc.kind !== 'external' || !Array.isArray(tc.groundTruth)) return undefined;
    const failed = tc.groundTruth[0];
    if (!isLocalTool(failed.name, tc.tools)) return undefined;
    const msg = tc.messages[tc.messages.length - 1].content;
    const m = HTTP_STYLE_RE.exec(msg);
    return m ? `"${msg.slice(0, 90)}" (${m[0]})` : null;
  },
};

export const inventedHost: CaseMeasure = {
  kind: 'case',
  id: 'invented_host',
  group: 'solvable',
  title: 'environment error naming a host the tool docs never mention',
  population: 'external cases',
  check(tc) {
    if (tc.kind !== 'external') return undefined;
    const msg = tc.messages[tc.messages.length - 1].content;
    const m = HOST_RE.exec(msg);
    if (!m) return null;
    return tc.messages[0].content.includes(m[0]) ? null : `"${m[0]}" in "${msg.slice(0, 80)}"`;
  },
};

/** An integer-valued double past 2^53: a big id rounded on its way through float64. */
function roundedIntegers(value: unknown): number[] {
  const out: number[] = [];
  const walk = (v: unknown): void => {
    if (typeof v === 'number') {
      if (Number.isInteger(v) && !Number.isSafeInteger(v)) out.push(v);
    } else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(value);
  return out;
}

export const unsafeIntegers: CaseMeasure = {
  kind: 'case',
  id: 'integer_rounded',
  group: 'solvable',
  title: 'ground-truth integer beyond 2^53 held as a float64 (digits lost)',
  population: 'cases whose ground truth calls a tool',
  check(tc) {
    const calls = toolCalls(tc);
    if (calls.length === 0) return undefined;
    const bad = calls.flatMap(({ action }) => roundedIntegers(action.args));
    return bad.length ? `${bad[0]} cannot be an exact integer in float64` : null;
  },
};

export const SOLVABLE_MEASURES: CaseMeasure[] = [
  unshownGroundTruth,
  absentGroundTruth,
  controlNotErrorFree,
  unsupportedAnswer,
  infeasibleSkip,
  errorEqualsValidStep,
  httpErrorOnLocalTool,
  inventedHost,
  unsafeIntegers,
];
