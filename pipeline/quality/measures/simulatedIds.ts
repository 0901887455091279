/**
 * simulated_id_unlike_recorded: a simulated id whose form (length, all digits or not) matches no recorded id of the same field of the same API the shipped cases show:
 * ReserveMeeting's free rooms [67977, 78304, 63790] where its recordings answer [101, 102, 103].
 */
import type { QualityContext, SetMeasure } from '../types.js';
import { planArgStrings, shareJudged, shownSimulatedSteps, shownSteps } from '../evidence.js';
import { parseToolResponse } from '../../prompts/parseAction.js';
import { isPlainObject } from '../../errors/values.js';
import { idForm, idsIn, worldId } from '../../resolution/recordedIds.js';
import { toolSteps } from '../../steps.js';
import { toJson } from '../../pyValues.js';
import type { ReturnField, TestCase } from '../../schemas.js';

/** Every string or number at any depth of a call's arguments, as text. */
function primitives(v: unknown): string[] {
  // A plan's id past 2^53 is a bigint (Airbnb's 1001125627615934457): given as much as a number is.
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'bigint') return [String(v)];
  if (Array.isArray(v)) return v.flatMap(primitives);
  return isPlainObject(v) ? Object.values(v).flatMap(primitives) : [];
}

const docsOf = (tc: TestCase, api: string): ReturnField[] => tc.tools.find((t) => t.name === api)?.return_data ?? [];

export const simulatedIdUnlikeRecorded: SetMeasure = {
  kind: 'set',
  id: 'simulated_id_unlike_recorded',
  group: 'solvable',
  title: 'share of cases showing a simulated id whose form (length, all digits or not) matches no recorded id of the same field of that API (ReserveMeeting\'s free rooms [67977, 78304, 63790] beside recorded [101, 102, 103])',
  population: 'cases showing a simulated answer holding an id of a field that recorded answers of the same API (in any shipped case) hold ids of; ids the source\'s plan or the call itself writes are given, not judged',
  better: 'lower',
  score(cases, ctx) {
    return shareJudged(idsUnlikeRecorded(cases, ctx));
  },
};

/** Each case in the population, with why it is defective (null when it is not). */
export function idsUnlikeRecorded(cases: readonly TestCase[], ctx: QualityContext): Map<string, string | null> {
    const out = new Map<string, string | null>();
    const recorded = new Map<string, Set<string>>();
    for (const tc of cases) {
      for (const step of shownSteps(tc, ctx) ?? []) {
        if (step.response?.tier !== 'cache' || step.response.error) continue;
        const v = parseToolResponse(step.response.content);
        if (!isPlainObject(v) || 'error' in v) continue;
        for (const { path, value } of idsIn(v, docsOf(tc, step.action.name))) {
          const k = `${step.action.name} ${path}`;
          (recorded.get(k) ?? recorded.set(k, new Set()).get(k)!).add(idForm(value));
        }
      }
    }
    for (const tc of cases) {
      let inPopulation = false;
      let why: string | undefined;
      const t = ctx.trajectory(tc.trajectoryId);
      const given = new Set([...planArgStrings(tc, ctx), ...(t ? toolSteps(t).flatMap(({ step }) => primitives(step.action.args)) : [])]);
      for (const step of shownSimulatedSteps(tc, ctx) ?? []) {
        if (step.response!.error) continue;
        const v = parseToolResponse(step.response!.content);
        if (!isPlainObject(v) || 'error' in v) continue;
        const own = toJson(step.action.args) ?? '';
        for (const { path, value } of idsIn(v, docsOf(tc, step.action.name))) {
          const forms = recorded.get(`${step.action.name} ${path}`);
          if (!forms || given.has(String(value)) || own.includes(String(value)) || worldId(value)) continue;
          inPopulation = true;
          if (!forms.has(idForm(value))) why ??= `${step.action.name}: ${path} ${JSON.stringify(value)} (${idForm(value)}) where recorded ids take ${[...forms].slice(0, 4).join(', ')}`;
        }
      }
      if (inPopulation) out.set(tc.id, why ?? null);
    }
    return out;
}
