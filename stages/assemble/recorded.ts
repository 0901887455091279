/**
 * T-Eval's recorded input errors as base-benchmark candidates. review_str_v1.json holds real calls
 * a model made with the tool's real answer, 86 of them judged "C: input error" (the tool mismatches
 * the query, or the arguments are wrong). A record names no trajectory, so it is bound to the step
 * of a resolved T-Eval trajectory it was an attempt at: the same tool, no key the step's tool lacks,
 * and either an argument value shared with the step or an argument value the step's user turn
 * mentions ('Joker' where the plan asks FilmDouban for 小丑). The step's own action is the ground
 * truth; the label checker types the record against it. A record equal to a ground-truth step of
 * the trajectory is no error there (43 of the 86 are the plan's own call failing) and binds nowhere.
 *
 * Pure: records and trajectories in, candidates and the reasons for every record left out, out.
 */
import { InternalErrorCandidate, type ToolResponse, type Trajectory } from '../../pipeline/schemas.js';
import { classifyAction, erroneousThought, isErrorLabel, isErrorResponse, isPlainObject, repeatsValidStep, sameValue } from '../../pipeline/errors/index.js';
import { stepAt, toolSteps } from '../../pipeline/steps.js';
import type { TevalRecord } from '../diversify-internal/inputs.js';
import { toJson } from '../../pipeline/pyValues.js';
import { secondDefect } from '../../pipeline/errors/wrongCall.js';
import { underivableTruth } from '../../pipeline/errors/valueDoubt.js';

export const RECORDED_ORIGIN = 'recorded';
export const RECORDED_METHOD = 'recorded:teval-review_str_v1';

export interface RecordedCandidate {
  /** `recorded:<collect item id>`. */
  id: string;
  /** The T-Eval review record id (the case id carries it). */
  recordId: string;
  origin: typeof RECORDED_ORIGIN;
  /** The collect artifact of the record (lineage). */
  parentKey: string;
  candidate: InternalErrorCandidate;
}

export interface RecordedCandidates {
  candidates: RecordedCandidate[];
  skipped: { itemId: string; reason: string }[];
}

interface Binding {
  trajectory: Trajectory;
  k: number;
  /** 2: shares an argument value with the step; 1: its value is mentioned in the step's user turn. */
  strength: number;
}

/** The steps of one trajectory a record binds to. */
function bindingsIn(record: TevalRecord['record'], t: Trajectory): Binding[] {
  const args = record.args;
  if (!isPlainObject(args) || t.source !== 'teval') return [];
  const validSteps = toolSteps(t).map(({ step }) => ({ name: step.action.name, args: step.action.args }));
  if (repeatsValidStep({ name: record.tool, args }, { validSteps, correct: validSteps[0] ?? { name: '', args: {} } })) return [];
  const out: Binding[] = [];
  for (const { k, step, turnIndex } of toolSteps(t)) {
    const gt = step.action;
    if (gt.name !== record.tool || !isPlainObject(gt.args)) continue;
    const gtArgs = gt.args;
    if (Object.keys(args).some((key) => !(key in gtArgs))) continue;
    const shared = Object.entries(args).some(([key, v]) => sameValue(v, gtArgs[key]));
    const user = t.turns[turnIndex]?.user ?? '';
    const mentioned = Object.values(args).some((v) => typeof v === 'string' && v.trim().length > 3 && user.includes(v.trim()));
    if (shared || mentioned) out.push({ trajectory: t, k, strength: shared ? 2 : 1 });
  }
  return out;
}

/** The stronger binding first; ties to the first trajectory id, then the first step. */
function before(a: Binding, b: Binding): boolean {
  if (a.strength !== b.strength) return a.strength > b.strength;
  if (a.trajectory.id !== b.trajectory.id) return a.trajectory.id < b.trajectory.id;
  return a.k < b.k;
}

/**
 * The best binding of each record, over trajectories seen one at a time: a caller streaming the
 * resolved trajectories keeps only the ones some record binds to. A binding depends on the call
 * alone (tool and arguments), so records of one call are bound once.
 */
export class RecordBinder {
  /** One record per distinct call, and the best binding of that call so far. */
  private calls = new Map<string, { record: TevalRecord['record']; best?: Binding }>();

  constructor(private records: TevalRecord[]) {
    for (const r of records) {
      const call = callOf(r.record);
      if (r.record.label === 'C' && !this.calls.has(call)) this.calls.set(call, { record: r.record });
    }
  }

  see(t: Trajectory): void {
    for (const entry of this.calls.values()) {
      for (const b of bindingsIn(entry.record, t)) if (!entry.best || before(b, entry.best)) entry.best = b;
    }
  }

  candidates(): RecordedCandidates {
    return candidatesFrom(this.records, (r) => this.calls.get(callOf(r.record))?.best);
  }
}

/** A record's call, as the dedupe of records compares them. */
function callOf(record: TevalRecord['record']): string {
  return toJson([record.tool, record.args]);
}

/**
 * Every label-C record that binds to a step becomes a candidate there (the strongest binding, ties
 * to the first trajectory id), typed by the label checker, with the tool's recorded answer as the
 * response. Records with the same call are one error: the first by id is kept.
 */
export function recordedCandidates(records: TevalRecord[], trajectories: Iterable<Trajectory>): RecordedCandidates {
  const binder = new RecordBinder(records);
  for (const t of trajectories) binder.see(t);
  return binder.candidates();
}

function candidatesFrom(records: TevalRecord[], bindingOf: (r: TevalRecord) => Binding | undefined): RecordedCandidates {
  const candidates: RecordedCandidate[] = [];
  const skipped: RecordedCandidates['skipped'] = [];
  const seenCalls = new Set<string>();
  const sorted = [...records].sort((a, b) => a.itemId.localeCompare(b.itemId, 'en', { numeric: true }));
  for (const r of sorted) {
    const { key, itemId, record } = r;
    if (record.label !== 'C') continue;
    const call = callOf(record);
    if (seenCalls.has(call)) {
      skipped.push({ itemId, reason: 'the same call as an earlier record' });
      continue;
    }
    const bound = bindingOf(r);
    if (!bound) {
      skipped.push({ itemId, reason: `binds to no step of a resolved T-Eval trajectory (no ${record.tool} step that shares or mentions its values, or the call is a ground-truth step)` });
      continue;
    }
    const step = toolSteps(bound.trajectory)[bound.k - 1].step;
    const correct = step.action;
    const erroneous = { name: record.tool, args: record.args };
    const verdict = classifyAction(erroneous, { tools: bound.trajectory.tools, groundTruth: correct });
    if (!isErrorLabel(verdict.label)) {
      skipped.push({ itemId, reason: `the label checker calls it ${verdict.label} against ${bound.trajectory.id} k=${bound.k}` });
      continue;
    }
    // A real slip that is wrong two ways (a value changed and a key left out) is no clean case of either type.
    const second = secondDefect(verdict.label, correct, erroneous, bound.trajectory.tools);
    if (second) {
      skipped.push({ itemId, reason: `wrong a second way besides its ${verdict.label}: ${second}` });
      continue;
    }
    // A real slip whose right value nothing the case shows derives is no fair case: a model told that
    // "123 Main Street, City" found nothing cannot produce the one rendering "城市, 123号 主街" (review_76).
    if (verdict.label === 'parameters_value_error') {
      const turn = stepAt(bound.trajectory, bound.k).turnIndex;
      const shown = [
        toJson(bound.trajectory.tools),
        ...bound.trajectory.turns.slice(0, turn + 1).map((t) => t.user),
        ...toolSteps(bound.trajectory).slice(0, bound.k - 1).flatMap(({ step: s }) => [toJson(s.action), s.response?.content ?? '']),
        record.response,
      ].join('\n');
      const underivable = isPlainObject(correct.args) && isPlainObject(erroneous.args)
        ? Object.keys(correct.args).map((key) => (sameValue((correct.args as Record<string, unknown>)[key], (erroneous.args as Record<string, unknown>)[key]) ? undefined : underivableTruth((correct.args as Record<string, unknown>)[key], shown))).find(Boolean)
        : undefined;
      if (underivable) {
        skipped.push({ itemId, reason: `its right value cannot be derived from what the case shows: ${underivable}` });
        continue;
      }
    }
    const response: ToolResponse = { content: record.response, tier: 'recorded', origin: `teval-review:${itemId}` };
    if (!isErrorResponse(response) && (verdict.label === 'tool_hallucination_error' || verdict.label === 'parameters_key_error')) {
      skipped.push({ itemId, reason: `the recorded answer shows no error for this ${verdict.label}` });
      continue;
    }
    seenCalls.add(call);
    const turnIndex = stepAt(bound.trajectory, bound.k).turnIndex;
    const earlier = toolSteps(bound.trajectory).slice(0, bound.k - 1).map(({ step: s }) => ({ name: s.action.name, response: s.response?.content }));
    const thought = erroneousThought(verdict.label, correct, erroneous, { tools: bound.trajectory.tools, query: bound.trajectory.turns[turnIndex].user, earlierRequests: bound.trajectory.turns.slice(0, turnIndex).map((t) => t.user), earlier });
    const action = thought === undefined ? erroneous : { thought, ...erroneous };
    const notes = [`origin: ${RECORDED_ORIGIN} (T-Eval review record ${itemId}, judged C: input error; bound to ${bound.trajectory.id} k=${bound.k} by ${bound.strength === 2 ? 'a shared argument value' : 'a value its user turn mentions'})`];
    if (thought !== undefined) notes.push('T-Eval records no thought; the CoT thought was written by the rules');
    const candidate = InternalErrorCandidate.parse({
      trajectoryId: bound.trajectory.id,
      source: 'teval',
      k: bound.k,
      errorType: verdict.label,
      correctAction: correct,
      erroneousAction: action,
      response,
      method: RECORDED_METHOD,
      variant: `${RECORDED_ORIGIN}:teval-review`,
      label: { claimed: verdict.label, detected: verdict.label, agrees: true, reasons: verdict.reasons },
      attempts: [{ attempt: 1, method: RECORDED_METHOD, action, detected: verdict.label, agrees: true }],
      fewShot: [],
      fewShotPool: 'none',
      notes,
    } satisfies InternalErrorCandidate);
    candidates.push({ id: `${RECORDED_ORIGIN}:${itemId}`, recordId: itemId, origin: RECORDED_ORIGIN, parentKey: key, candidate });
  }
  return { candidates, skipped };
}
