/**
 * simulated_field_form_unlike_recorded: a simulated value written in another form than the one every
 * recorded value of the same field of the same API shares: Airbnb's review times '08:00' where its
 * recordings write '2023-10-17T20:10:47Z' (valueForms.ts). A field whose recordings mix forms or hold
 * free text is not judged, nor a value the plan or the call itself gives.
 */
import type { QualityContext, SetMeasure } from '../types.js';
import { planArgStrings, shareJudged, shownSimulatedSteps } from '../evidence.js';
import { isPlainObject } from '../../errors/values.js';
import { decimalPlaces, decimalsUnlike, formValue, formsUnlike, recordedFieldsOf, sharedForm, fieldValues, type RecordedField } from '../../resolution/valueForms.js';
import { toolSteps } from '../../steps.js';
import { PyFloat, toJson } from '../../pyValues.js';
import type { TestCase } from '../../schemas.js';

const shown = (v: unknown) => (typeof v === 'string' ? JSON.stringify(v) : v instanceof PyFloat ? toJson(v) : String(v));

/** Every recorded (cache or live) answer of every trajectory the cases come from, by API. */
function recordedByApi(cases: readonly TestCase[], ctx: QualityContext, distinct = false): Map<string, Map<string, RecordedField>> {
  const answers = new Map<string, unknown[]>();
  const seen = new Set<string>();
  // One recording shown in many trajectories counts once, when asked: how often a form is printed is a property of the API's answers.
  const counted = new Set<string>();
  for (const tc of cases) {
    if (seen.has(tc.trajectoryId)) continue;
    seen.add(tc.trajectoryId);
    const t = ctx.trajectory(tc.trajectoryId);
    if (!t) continue;
    for (const { step } of toolSteps(t)) {
      const r = step.response;
      if (!r || r.error || (r.tier !== 'cache' && r.tier !== 'live')) continue;
      if (distinct && counted.has(`${step.action.name}\u0000${r.content}`)) continue;
      counted.add(`${step.action.name}\u0000${r.content}`);
      (answers.get(step.action.name) ?? answers.set(step.action.name, []).get(step.action.name)!).push(formValue(r.content));
    }
  }
  return new Map([...answers].map(([api, xs]) => [api, recordedFieldsOf(xs)]));
}

export const simulatedFieldFormUnlikeRecorded: SetMeasure = {
  kind: 'set',
  id: 'simulated_field_form_unlike_recorded',
  group: 'solvable',
  title: 'share of cases showing a simulated value written in another form than every recorded value of the same field of that API (Airbnb review times \'08:00\' beside recorded ISO timestamps)',
  population: 'cases showing a simulated answer holding a field whose recorded values (in the trajectories the shipped cases come from) share one form (ISO timestamp, ISO date, clock time, integer, decimal, URL, digits of one length, upper-case code…); values the plan or the call itself gives are not judged',
  better: 'lower',
  score(cases, ctx) {
    return shareJudged(formsUnlikeRecorded(cases, ctx));
  },
};

/** The simulated answers a case shows whose API has recorded answers, each an object answer (no error) beside its API's recorded fields. */
function* answersBesideRecordings(tc: TestCase, ctx: QualityContext, recorded: Map<string, Map<string, RecordedField>>) {
  for (const step of shownSimulatedSteps(tc, ctx) ?? []) {
    if (step.response!.error) continue;
    const fields = recorded.get(step.action.name);
    if (!fields) continue;
    const v = formValue(step.response!.content);
    if (!isPlainObject(v) || 'error' in v) continue;
    yield { step, fields, v };
  }
}

/** Each case in the population, with why it is defective (null when it is not). */
export function formsUnlikeRecorded(cases: readonly TestCase[], ctx: QualityContext, all?: Map<string, string[]>): Map<string, string | null> {
  const recorded = recordedByApi(cases, ctx);
  const out = new Map<string, string | null>();
  for (const tc of cases) {
    let inPopulation = false;
    let why: string | undefined;
    const given = new Set(planArgStrings(tc, ctx));
    for (const { step, fields, v } of answersBesideRecordings(tc, ctx, recorded)) {
      if (!fieldValues(v).some(({ path }) => sharedForm(fields.get(path)))) continue;
      inPopulation = true;
      const own = toJson(step.action.args) ?? '';
      const every = formsUnlike(v, fields, (x) => given.has(x instanceof PyFloat ? String(x.value) : String(x)) || (typeof x === 'string' && x.length > 2 && own.includes(x)));
      if (all && every.length) all.set(tc.id, [...(all.get(tc.id) ?? []), ...every.map((u) => `${step.action.name}: ${u.path} (${u.form.replace(/^\d+ digits$/, 'N digits')}) where recorded ${u.shared}`)]);
      const unlike = every[0];
      if (unlike) why ??= `${step.action.name}: ${unlike.path} ${shown(unlike.value)} (${unlike.form}) where recorded values are ${unlike.shared} (${fields.get(unlike.path)!.samples.slice(0, 2).map(shown).join(', ')})`;
    }
    if (inPopulation) out.set(tc.id, why ?? null);
  }
  return out;
}

/**
 * simulated_decimals_unlike_recorded: a simulated float printed with a count of decimals no recorded
 * value of its field has (one fewer allowed: Python drops a last zero, 4.90 prints 4.9): a Bing
 * distance 2053.4 where every recorded one has three places, a TMDB popularity 8824.5 beside
 * recorded 1489.424. Fields with fewer than two recorded floats, and values the plan or the call
 * itself gives, are not judged.
 */
export const simulatedDecimalsUnlikeRecorded: SetMeasure = {
  kind: 'set',
  id: 'simulated_decimals_unlike_recorded',
  group: 'solvable',
  title: 'share of cases showing a simulated number with a count of decimals no recorded value of the same field of that API has, a last zero Python drops allowed (Bing distance 2053.4 beside recorded 2053.367; TMDB popularity 8824.5 beside 1489.424)',
  population: 'cases showing a simulated answer holding a float in a field with two or more recorded floats (in the trajectories the shipped cases come from); values the plan or the call itself gives are not judged',
  better: 'lower',
  score(cases, ctx) {
    return shareJudged(decimalsUnlikeRecorded(cases, ctx));
  },
};

/** Every number the plan's calls take, as written (38.897671 of search_nearby's latitude, "116.40,39.90" read as two): values a later step copies stay as they are. */
function planNumbers(tc: TestCase, ctx: QualityContext): Set<string> {
  const out = new Set<string>(planArgStrings(tc, ctx));
  const t = ctx.trajectory(tc.trajectoryId);
  const visit = (v: unknown): void => {
    if (typeof v === 'number') out.add(String(v));
    else if (typeof v === 'string') for (const m of v.matchAll(/-?\d+\.\d+/g)) out.add(String(Number(m[0])));
    else if (Array.isArray(v)) v.forEach(visit);
    else if (isPlainObject(v)) Object.values(v).forEach(visit);
  };
  for (const { step } of t ? toolSteps(t) : []) visit(step.action.args);
  return out;
}

/** Each case in the population, with why it is defective (null when it is not). */
export function decimalsUnlikeRecorded(cases: readonly TestCase[], ctx: QualityContext): Map<string, string | null> {
  const recorded = recordedByApi(cases, ctx, true);
  const out = new Map<string, string | null>();
  for (const tc of cases) {
    let inPopulation = false;
    let why: string | undefined;
    const given = planNumbers(tc, ctx);
    for (const { step, fields, v } of answersBesideRecordings(tc, ctx, recorded)) {
      if (!fieldValues(v).some(({ path, value }) => decimalPlaces(value) !== undefined && (fields.get(path)?.places.length ?? 0) >= 2)) continue;
      inPopulation = true;
      const own = toJson(step.action.args) ?? '';
      const unlike = decimalsUnlike(v, fields, (x) => given.has(x instanceof PyFloat ? String(x.value) : String(x)) || own.includes(String(x instanceof PyFloat ? x.value : x)))[0];
      if (unlike) why ??= `${step.action.name}: ${unlike.path} ${shown(unlike.value)} (${unlike.places} decimal${unlike.places === 1 ? '' : 's'}) where recorded values have ${unlike.recorded.join(' or ')} (${fields.get(unlike.path)!.samples.filter((x) => decimalPlaces(x) !== undefined).slice(0, 2).map(shown).join(', ')})`;
    }
    if (inPopulation) out.set(tc.id, why ?? null);
  }
  return out;
}
