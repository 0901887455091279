/**
 * Small readers of a case the measures share: its ground-truth actions, the actions its assistant
 * messages show, its user turns (what the user said, where a wrong value a model might take could
 * come from), and the simulated tool answers it shows.
 */
import { labelledBlocks } from '../resolution/recordedBlocks.js';
import { FINISH_ACTION, type Action, type Step, type TestCase } from '../schemas.js';
import { shownAction as shownActionOf } from './grounding.js';
import { toolSteps } from '../steps.js';
import type { QualityContext } from './types.js';

/** The ground-truth actions of a case: internal a_k, external [retry, next]. */
export function groundTruthActions(tc: TestCase): Action[] {
  return Array.isArray(tc.groundTruth) ? tc.groundTruth : [tc.groundTruth as Action];
}

/** Every user turn of a case, the query and any earlier turns or inserted conversation. */
export function userText(tc: TestCase): string {
  return tc.messages
    .filter((m) => m.role === 'user')
    .map((m) => m.content)
    .join('\n');
}

export { shownAction } from './grounding.js';

/**
 * The trajectory steps up to the case's step k whose answer the case shows, whatever answered it;
 * undefined when resolve kept no trajectory for the case.
 */
export function shownSteps(tc: TestCase, ctx: QualityContext): Step[] | undefined {
  const t = ctx.trajectory(tc.trajectoryId);
  if (!t) return undefined;
  const shown = new Set(tc.messages.filter((m) => m.role === 'function').map((m) => m.content));
  return toolSteps(t)
    .filter(({ k, step }) => k <= tc.k && step.response !== undefined && shown.has(step.response.content))
    .map(({ step }) => step);
}

/**
 * The trajectory steps up to the case's step k whose simulated answer the case shows; undefined
 * when resolve kept no trajectory for the case (not in the population of a measure over them).
 */
export function shownSimulatedSteps(tc: TestCase, ctx: QualityContext): Step[] | undefined {
  // The wrong call's answer is simulated too.
  return shownStepsWithWrong(tc, ctx)?.filter((step) => step.response?.tier === 'simulated');
}

/** The steps the case shows (shownSteps), then its wrong call with the answer the case shows for it, when simulated. */
export function shownStepsWithWrong(tc: TestCase, ctx: QualityContext): Step[] | undefined {
  const steps = shownSteps(tc, ctx);
  const wrong = wrongCallAnswer(tc);
  return steps && wrong ? [...steps, wrong] : steps;
}

/**
 * The simulated answers the case shows, each with the user turn it answers: the trajectory's steps up
 * to k (their turn's request), then the wrong call's (the case's last user turn). Undefined when
 * resolve kept no trajectory for the case.
 */
export function shownSimulatedRequests(tc: TestCase, ctx: QualityContext): { step: Step; request: string; wrong: boolean }[] | undefined {
  const t = ctx.trajectory(tc.trajectoryId);
  if (!t) return undefined;
  const shown = new Set(tc.messages.filter((m) => m.role === 'function').map((m) => m.content));
  const out = toolSteps(t)
    .filter(({ k, step }) => k <= tc.k && step.response?.tier === 'simulated' && shown.has(step.response.content))
    .map(({ turnIndex, step }) => ({ step, request: t.turns[turnIndex].user, wrong: false }));
  const wrong = wrongCallAnswer(tc);
  const request = [...tc.messages].reverse().find((m) => m.role === 'user')?.content;
  if (wrong && request !== undefined) out.push({ step: wrong, request, wrong: true });
  return out;
}

/**
 * The wrong call of an internal error case with the answer the simulator gave it, as a step: the case
 * shows it as much as any earlier answer (a route for the start and end swapped is read as closely as
 * the right one). Undefined when the wrong call's answer did not come from the simulator (a backend's
 * own error, a recorded answer).
 */
export function wrongCallAnswer(tc: TestCase): Step | undefined {
  if (!tc.erroneousAction || !tc.provenance.methods.response?.startsWith('simulated:')) return undefined;
  const last = tc.messages[tc.messages.length - 1];
  if (last?.role !== 'function') return undefined;
  return { action: tc.erroneousAction, response: { content: last.content, tier: 'simulated' } };
}

/**
 * The first simulated answer the case shows that `defect` finds fault with, as "<tool>: <why>";
 * null when none is faulty, undefined when the case shows no simulated answer (not in the population).
 */
export function simulatedDefect(tc: TestCase, ctx: QualityContext, defect: (step: Step) => string | undefined): string | null | undefined {
  return simulatedDefectAmong(tc, ctx, (step) => defect(step) ?? null);
}

/**
 * The same over the simulated answers a measure speaks to: `defect` says undefined for an answer
 * outside its population (no address about such a town, no search for a named place), null for
 * one that is fine. Undefined when the case shows no answer in the population.
 */
export function simulatedDefectAmong(tc: TestCase, ctx: QualityContext, defect: (step: Step) => string | null | undefined): string | null | undefined {
  return firstDefect(shownSimulatedSteps(tc, ctx) ?? [], (step) => {
    const why = defect(step);
    return why ? `${step.action.name}: ${why}` : why;
  });
}

/**
 * A case measure's verdict over some of its parts (its shown calls, its simulated steps): the first
 * defect `defect` finds; null when some part is in the population and none is faulty; undefined
 * when no part is (`defect` answers undefined for a part outside it).
 */
export function firstDefect<T>(parts: Iterable<T>, defect: (part: T) => string | null | undefined): string | null | undefined {
  let inPopulation = false;
  for (const part of parts) {
    const why = defect(part);
    if (why === undefined) continue;
    inPopulation = true;
    if (why) return why;
  }
  return inPopulation ? null : undefined;
}

/**
 * Every call a case shows but the wrong call an internal error case injects, then its ground truth's
 * calls, each with where it stands and the index of its message (the ground truth's after all).
 */
export function correctCalls(tc: TestCase): { where: 'shown' | 'ground-truth'; action: Action; at: number }[] {
  const calls: { where: 'shown' | 'ground-truth'; action: Action; at: number }[] = [];
  const lastCall = tc.messages.map((m) => m.role).lastIndexOf('assistant');
  for (const [i, m] of tc.messages.entries()) {
    if (m.role !== 'assistant' || (tc.kind === 'internal' && tc.errorType !== '' && i === lastCall)) continue;
    const a = shownActionOf(m.content);
    if (a && a.name !== FINISH_ACTION) calls.push({ where: 'shown', action: a, at: i });
  }
  for (const g of Array.isArray(tc.groundTruth) ? tc.groundTruth : [tc.groundTruth]) if (g.name !== FINISH_ACTION) calls.push({ where: 'ground-truth', action: g, at: tc.messages.length });
  return calls;
}

/** The string values of a call's arguments: text the call was given (a FinishAction's answer is its one string). */
export function argStrings(args: unknown): string[] {
  if (typeof args === 'string') return [args];
  if (!args || typeof args !== 'object' || Array.isArray(args)) return [];
  return Object.values(args as Record<string, unknown>).filter((v): v is string => typeof v === 'string');
}

/** Records of an answer with a title and a summary or abstract (arXiv's papers), at any depth. */
export function papersOf(value: unknown, out: { title: string; summary: string }[] = []): { title: string; summary: string }[] {
  // arXiv's answer is one text of labelled blocks ("Title: …\nSummary: …"), simulated ones too since api-simulator-84.
  if (typeof value === 'string') {
    for (const b of labelledBlocks(value) ?? []) if (b.Title && b.Summary) out.push({ title: b.Title, summary: b.Summary.replace(/\s*\n\s*/g, ' ') });
  } else if (Array.isArray(value)) value.forEach((v) => papersOf(v, out));
  else if (value !== null && typeof value === 'object') {
    const rec = value as Record<string, unknown>;
    const summary = typeof rec.summary === 'string' ? rec.summary : rec.abstract;
    if (typeof rec.title === 'string' && typeof summary === 'string') out.push({ title: rec.title, summary });
    Object.values(rec).forEach((v) => papersOf(v, out));
  }
  return out;
}

/** The string arguments of every tool call the case's source plan makes: what the source's own run wrote, found or was given. */
export function planArgStrings(tc: TestCase, ctx: QualityContext): string[] {
  const t = ctx.trajectory(tc.trajectoryId);
  return t ? toolSteps(t).flatMap(({ step }) => argStrings(step.action.args)) : [];
}

/**
 * A set measure's score over cases each judged defective (why) or not (null): the defective share,
 * with the first three reasons as examples; undefined when no case was judged.
 */
export function shareJudged(judged: ReadonlyMap<string, string | null>): { value: number; n: number; detail: string; examples: { id: string; detail: string }[] } | undefined {
  const examples: { id: string; detail: string }[] = [];
  let defective = 0;
  for (const [id, why] of judged) {
    if (!why) continue;
    defective++;
    if (examples.length < 3) examples.push({ id, detail: why });
  }
  const n = judged.size;
  return n ? { value: defective / n, n, detail: `${defective} of ${n} cases`, examples } : undefined;
}

/** The tools Extra Tools added to an evolved case, by name (none for any other case). */
export function addedExtraTools(tc: TestCase): string[] | undefined {
  return (tc.evolution?.details?.extraTools as { added?: string[] } | undefined)?.added;
}

/**
 * Every tool step of the resolved trajectories the cases were cut from, each trajectory once, shown or
 * not: what the task's recordings say, for measures that judge simulated answers beside them.
 */
export function* trajectorySteps(cases: readonly TestCase[], ctx: QualityContext): Generator<Step> {
  const seen = new Set<string>();
  for (const tc of cases) {
    if (seen.has(tc.trajectoryId)) continue;
    seen.add(tc.trajectoryId);
    const t = ctx.trajectory(tc.trajectoryId);
    for (const { step } of t ? toolSteps(t) : []) yield step;
  }
}

/**
 * The first defect `judge` finds in a record of an answer, walking its records depth first: the reason;
 * null when some record was judged and none was faulty; undefined when `judge` judged none (it answers
 * undefined for a record outside it, and the walk goes on into the record's own lists and records).
 */
export function firstRecordDefect(answer: unknown, judge: (record: Record<string, unknown>) => string | null | undefined): string | null | undefined {
  let judged = false;
  let found: string | undefined;
  const visit = (v: unknown): void => {
    if (found) return;
    if (Array.isArray(v)) return v.forEach(visit);
    if (v === null || typeof v !== 'object') return;
    const why = judge(v as Record<string, unknown>);
    if (why !== undefined) judged = true;
    if (why) {
      found = why;
      return;
    }
    for (const x of Object.values(v)) if (typeof x === 'object') visit(x);
  };
  visit(answer);
  return found ?? (judged ? null : undefined);
}
