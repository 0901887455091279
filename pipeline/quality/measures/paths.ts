/**
 * Does a made-up answer claim success for a file the tool could not use? A call that reads a file
 * nobody named, wrote or showed, or gives an image parameter a slide deck, fails in the real tool
 * (`[Errno 2] No such file or directory`, `cannot identify image file`): a simulated success there is
 * an answer no tool would give, and a tool-selection case built on it shows a second, hidden error.
 * The rule is pipeline/errors/pathKinds.ts, the one the resolver and the injectors keep to.
 */
import type { TestCase } from '../../schemas.js';
import { FINISH_ACTION } from '../../schemas.js';
import { pathProblem, pathRole } from '../../errors/pathKinds.js';
import { isPlainObject } from '../../errors/values.js';
import { toolSteps } from '../../steps.js';
import { shownAction } from '../evidence.js';
import type { CaseMeasure, QualityContext } from '../types.js';

/** How a tool's answer reads as a failure, in the forms the sources and the simulator print. */
const FAILED = /^\s*\{\s*["']error["']\s*:|\[Errno \d+\]|cannot identify image file|^\s*\{\s*'text':\s*["']Error:/;

export interface ShownCall {
  name: string;
  args: unknown;
  answer: string;
  /** recorded | cache | live | simulated; undefined when the case does not say. */
  tier?: string;
  /** Messages before the call: what the task had shown when it was made. */
  before: TestCase['messages'];
  /** The plan's calls from this one's step on (a wrong call stands where the right one was due): what they write is not there yet. */
  later: { name: string; args: unknown }[];
}

/** Every tool call a case shows with the answer after it, and the tier that answered. */
export function shownCalls(tc: TestCase, ctx: QualityContext): ShownCall[] {
  const t = ctx.trajectory(tc.trajectoryId);
  const all = t ? toolSteps(t) : [];
  const steps = all.filter(({ k }) => k <= tc.k);
  let made = 0;
  const out: ShownCall[] = [];
  const last = tc.messages.length - 1;
  tc.messages.forEach((m, i) => {
    if (m.role !== 'assistant' || tc.messages[i + 1]?.role !== 'function') return;
    const action = shownAction(m.content);
    if (!action || action.name === FINISH_ACTION) return;
    const answer = tc.messages[i + 1].content;
    // The wrong call of an internal case is the last call shown; its answer's tier is on the case.
    const isWrongCall = tc.kind === 'internal' && tc.errorType !== '' && i + 1 === last;
    const tier = isWrongCall
      ? tc.provenance.methods.response?.split(':')[0]
      : steps.find(({ step }) => step.action.name === action.name && step.response?.content === answer)?.step.response?.tier;
    // The plan's step this call stands at: the next one for a call of the plan, the one due for the wrong call.
    const later = all.slice(isWrongCall ? tc.k - 1 : made + 1).map(({ step }) => ({ name: step.action.name, args: step.action.args }));
    made++;
    out.push({ name: action.name, args: action.args, answer, ...(tier ? { tier } : {}), before: tc.messages.slice(0, i), later });
  });
  return out;
}

function takesAPath(tc: TestCase, call: ShownCall): boolean {
  const doc = tc.tools.find((d) => d.name === call.name);
  if (!doc || !isPlainObject(call.args)) return false;
  return [...doc.required_parameters, ...doc.optional_parameters].some((p) => {
    const role = pathRole(doc, p);
    return (role === 'input' || role === 'image') && typeof (call.args as Record<string, unknown>)[p.name] === 'string';
  });
}

export const simulatedPathSuccess: CaseMeasure = {
  kind: 'case',
  id: 'simulated_path_unusable',
  group: 'solvable',
  title: 'a simulated answer claims success for a file the tool could not use (a file to read that no user turn, earlier answer or earlier write shows, or that only a later step of the plan writes: read_file of the deck the user asked to create, before create_file; an image parameter given a .ppt / .txt)',
  population: 'cases showing a simulated answer to a call that reads a file or an image',
  check(tc, ctx) {
    const calls = shownCalls(tc, ctx).filter((c) => c.tier === 'simulated' && takesAPath(tc, c));
    if (calls.length === 0) return undefined;
    for (const call of calls) {
      if (FAILED.test(call.answer)) continue;
      const shown = call.before.filter((m) => m.role === 'user' || m.role === 'function').map((m) => m.content).join('\n');
      const earlier = call.before.filter((m) => m.role === 'assistant').map((m) => shownAction(m.content)).filter((a) => a !== undefined && a.name !== FINISH_ACTION).map((a) => ({ name: a!.name, args: a!.args }));
      const problem = pathProblem(tc.tools.find((d) => d.name === call.name)!, call.args, { shown, earlier, tools: tc.tools, later: call.later });
      if (problem) return `${call.name}: ${problem.why}, yet the answer is "${call.answer.slice(0, 60)}"`;
    }
    return null;
  },
};

export const PATH_MEASURES: CaseMeasure[] = [simulatedPathSuccess];
