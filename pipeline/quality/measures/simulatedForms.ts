/**
 * simulated_field_form_unlike_recorded: a simulated value written in another form than the one every
 * recorded value of the same field of the same API shares: Airbnb's review times '08:00' where its
 * recordings write '2023-10-17T20:10:47Z' (valueForms.ts). A field whose recordings mix forms or hold
 * free text is not judged, nor a value the plan or the call itself gives.
 */
import type { CaseMeasure, QualityContext, SetMeasure } from '../types.js';
import { planArgStrings, shareJudged, shownSimulatedRequests, shownSimulatedSteps } from '../evidence.js';
import { askedCount, docListCap } from '../../resolution/askedCount.js';
import { findsNothing } from '../../resolution/idSearch.js';
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

/**
 * simulated_list_shorter_than_recorded: a simulated list holding fewer items than every recorded
 * answer of the same API lists in that field: PolygonFinance.get_ticker_news with one article where
 * its recordings list five. A list the user asked fewer of, one the doc caps lower, an empty one (a
 * search finding nothing is an answer of its own) and a search that can find nothing are not judged.
 */
export const simulatedListShorterThanRecorded: SetMeasure = {
  kind: 'set',
  id: 'simulated_list_shorter_than_recorded',
  group: 'solvable',
  title: 'share of cases showing a simulated list with fewer items than every recorded answer of the same API lists in that field (PolygonFinance news: one article where the recordings list five)',
  population: 'cases showing a non-empty simulated list in a field the recorded answers of its API (in the trajectories the shipped cases come from) list non-empty, maps\' routes and places nearby and review lists left out; lists the user asked fewer of or the doc caps lower are judged against that',
  better: 'lower',
  score(cases, ctx) {
    return shareJudged(listsShorterThanRecorded(cases, ctx));
  },
};

/** The fewest items each API's recordings list in each top-level list field, over recordings listing any. */
function recordedListLengths(cases: readonly TestCase[], ctx: QualityContext): Map<string, Map<string, number>> {
  const out = new Map<string, Map<string, number>>();
  const seen = new Set<string>();
  for (const tc of cases) {
    if (seen.has(tc.trajectoryId)) continue;
    seen.add(tc.trajectoryId);
    const t = ctx.trajectory(tc.trajectoryId);
    for (const { step } of t ? toolSteps(t) : []) {
      const r = step.response;
      if (!r || r.error || (r.tier !== 'cache' && r.tier !== 'live')) continue;
      const v = formValue(r.content);
      if (!isPlainObject(v) || 'error' in v) continue;
      for (const [field, list] of Object.entries(v)) {
        if (!Array.isArray(list) || !list.length) continue;
        const fields = out.get(step.action.name) ?? out.set(step.action.name, new Map()).get(step.action.name)!;
        fields.set(field, Math.min(fields.get(field) ?? Infinity, list.length));
      }
    }
  }
  return out;
}

/** Each case in the population, with why it is defective (null when it is not). */
export function listsShorterThanRecorded(cases: readonly TestCase[], ctx: QualityContext): Map<string, string | null> {
  const recorded = recordedListLengths(cases, ctx);
  const out = new Map<string, string | null>();
  for (const tc of cases) {
    let inPopulation = false;
    let why: string | undefined;
    for (const { step, request } of shownSimulatedRequests(tc, ctx) ?? []) {
      const fields = recorded.get(step.action.name);
      const v = step.response!.error ? undefined : formValue(step.response!.content);
      // A map's routes and places nearby are as long as the streets and what is near make them: no page to fill.
      if (!fields || /map/i.test(step.action.name) || !isPlainObject(v) || 'error' in v || findsNothing(step.action.name, step.action.args)) continue;
      const doc = tc.tools.find((d) => d.name === step.action.name);
      const asked = doc ? askedCount(request, step.action.args, doc) : undefined;
      for (const [field, list] of Object.entries(v)) {
        const least = fields.get(field);
        // Reviews are as many as were written: a listing or a film may have fewer than a page.
        if (!Array.isArray(list) || !list.length || least === undefined || /review|comment/i.test(field)) continue;
        inPopulation = true;
        const cap = docListCap(doc?.return_data.find((r) => r.name === field)?.description ?? '');
        const expected = Math.min(least, asked ?? least, cap ?? least);
        if (list.length < expected) why ??= `${step.action.name}: ${list.length} ${field} where every recorded answer lists ${least} or more`;
      }
    }
    if (inPopulation) out.set(tc.id, why ?? null);
  }
  return out;
}

/** A text's words, lower case, without punctuation. */
const wordsOf = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}%'\s-]/gu, ' ').split(/\s+/).filter(Boolean);

/** Every record of an answer (at any depth) holding a string title and a string summary. */
function titledSummaries(v: unknown, out: { title: string; summary: string }[] = []): { title: string; summary: string }[] {
  if (Array.isArray(v)) v.forEach((x) => titledSummaries(x, out));
  else if (isPlainObject(v)) {
    if (typeof v.title === 'string' && typeof v.summary === 'string') out.push({ title: v.title, summary: v.summary });
    Object.values(v).forEach((x) => titledSummaries(x, out));
  }
  return out;
}

/**
 * simulated_summary_opens_with_title: a simulated record whose summary opens with its own title's
 * first words ("Tesla named a new head of operations" over "Tesla named a new head of operations,
 * effective next month. …"): a headline is written over a report, not cut from its first clause, and
 * no recorded Polygon headline opens its summary ("Is Tesla starting to look like just any old
 * carmaker?" over "Also: Medicare timing, …").
 */
export const simulatedSummaryOpensWithTitle: CaseMeasure = {
  kind: 'case',
  id: 'simulated_summary_opens_with_title',
  group: 'text',
  title: 'a simulated record\'s summary opens with its own title\'s first four words (a news headline cut from its report\'s first clause)',
  population: 'cases showing a simulated answer holding a record with a title of three words or more and a summary',
  check(tc, ctx) {
    let inPopulation = false;
    for (const step of shownSimulatedSteps(tc, ctx) ?? []) {
      if (step.response!.error) continue;
      for (const { title, summary } of titledSummaries(formValue(step.response!.content))) {
        const t = wordsOf(title);
        if (t.length < 3) continue;
        inPopulation = true;
        const n = Math.min(4, t.length);
        if (wordsOf(summary).slice(0, n).join(' ') === t.slice(0, n).join(' ')) return `${step.action.name}: "${summary.slice(0, 80)}" opens with its title "${title.slice(0, 60)}"`;
      }
    }
    return inPopulation ? null : undefined;
  },
};
