/**
 * simulated_film_number_off_recorded: T-Eval recorded TMDB's answers about real films in many tasks
 * (the top-rated list gives The Godfather popularity 118.372, the popular list Expend4bles 2919.272,
 * its now-playing list 1489.424). A simulated answer of another task giving the same film (its id,
 * else its title) a popularity, vote count, rating, runtime, revenue or budget far from every
 * recording of it reads as another world: The Godfather at popularity 1576.114 in a simulated
 * top-rated list (teval_query_231_0), Expend4bles at 19995.976 in a simulated popular list.
 *
 * "Far" is a band around the recordings, wide enough for what TMDB's numbers do over the weeks
 * T-Eval ran (one film's recorded popularity went from 1489 to 2919): a count or score below half
 * the lowest recording or above twice the highest, a rating more than half a point from every
 * recording, a runtime more than five minutes from it. A number the task's own plan writes (a slide
 * copying "Popularity: 59.152" from the run T-Eval recorded) is that task's record and not judged.
 */
import type { QualityContext, SetMeasure } from '../types.js';
import { firstRecordDefect, planArgStrings, shareJudged, shownSimulatedSteps, trajectorySteps } from '../evidence.js';
import { parseToolResponse } from '../../prompts/parseAction.js';
import { isPlainObject } from '../../errors/values.js';
import type { TestCase } from '../../schemas.js';
import { toolSteps } from '../../steps.js';

/** The numbers of a film TMDB's answers give, and how far from a recording each may drift. */
const FILM_NUMBERS: Record<string, (value: number, recorded: readonly number[]) => boolean> = {
  popularity: (v, r) => within(v, r, 2),
  vote_count: (v, r) => within(v, r, 2),
  revenue: (v, r) => within(v, r, 2),
  budget: (v, r) => within(v, r, 2),
  vote_average: (v, r) => r.some((x) => Math.abs(x - v) <= 0.5),
  runtime: (v, r) => r.some((x) => Math.abs(x - v) <= 5),
};

/** Within `factor` of the recordings: no lower than the lowest over it, no higher than the highest times it. */
function within(v: number, recorded: readonly number[], factor: number): boolean {
  return v >= Math.min(...recorded) / factor && v <= Math.max(...recorded) * factor;
}

/** A number as an answer prints it (a Python float parsed to an object holding its value included). */
function numberOf(x: unknown): number | undefined {
  if (typeof x === 'number' && Number.isFinite(x)) return x;
  if (isPlainObject(x) && typeof x.value === 'number') return x.value;
  return undefined;
}

interface FilmNumbers {
  keys: string[];
  numbers: Record<string, number>;
}

/** Every film record an answer gives (a list's records, a details answer) with the numbers it gives, known by its id and its title. */
export function filmNumbers(answer: unknown): FilmNumbers[] {
  const out: FilmNumbers[] = [];
  const visit = (v: unknown): void => {
    if (Array.isArray(v)) return v.forEach(visit);
    if (!isPlainObject(v)) return;
    const id = numberOf(v.id);
    const title = typeof v.title === 'string' && v.title.trim() ? v.title.trim().toLowerCase() : undefined;
    const numbers: Record<string, number> = {};
    for (const field of Object.keys(FILM_NUMBERS)) {
      const n = numberOf(v[field]);
      if (n !== undefined) numbers[field] = n;
    }
    const keys = [...(id !== undefined ? [`id ${id}`] : []), ...(title ? [`title ${title}`] : [])];
    if (keys.length && Object.keys(numbers).length) out.push({ keys, numbers });
    for (const x of Object.values(v)) if (typeof x === 'object') visit(x);
  };
  visit(answer);
  return out;
}

const isFilmTool = (name: string) => /film|movie|tmdb/i.test(name.split('.')[0]);

/** Every number T-Eval's recordings (cache or live answers of a film tool, in any trajectory the cases come from) give each film, by id and by title. */
export function recordedFilmNumbers(answers: Iterable<unknown>): Map<string, Record<string, number[]>> {
  const out = new Map<string, Record<string, number[]>>();
  for (const answer of answers) {
    for (const { keys, numbers } of filmNumbers(answer)) {
      for (const key of keys) {
        const film = out.get(key) ?? out.set(key, {}).get(key)!;
        for (const [field, n] of Object.entries(numbers)) if (!(film[field] ??= []).includes(n)) film[field].push(n);
      }
    }
  }
  return out;
}

/**
 * The first number of a simulated answer's film far from every recording of that film, as a reason; null
 * when none is; undefined when it gives none a recording gives. A number `given` says the task's own plan
 * writes (a slide's "Popularity: 59.152" from the run T-Eval recorded) is that task's record, not judged.
 */
export function filmNumberOffRecorded(answer: unknown, recorded: Map<string, Record<string, number[]>>, given: (n: number) => boolean = () => false): string | null | undefined {
  let judged = false;
  for (const { keys, numbers } of filmNumbers(answer)) {
    // Its id first: two films may share a title.
    const film = keys.map((k) => recorded.get(k)).find((f) => f !== undefined);
    if (!film) continue;
    for (const [field, n] of Object.entries(numbers)) {
      const seen = film[field];
      if (!seen?.length) continue;
      if (given(n)) continue;
      judged = true;
      if (!FILM_NUMBERS[field](n, seen)) return `${keys.join(', ')}: ${field} ${n} where T-Eval recorded ${seen.join(' / ')}`;
    }
  }
  return judged ? null : undefined;
}

function recordedAnswers(cases: readonly TestCase[], ctx: QualityContext): unknown[] {
  const out: unknown[] = [];
  for (const step of trajectorySteps(cases, ctx)) {
    const r = step.response;
    if (r && !r.error && (r.tier === 'cache' || r.tier === 'live') && isFilmTool(step.action.name)) out.push(parseToolResponse(r.content));
  }
  return out;
}

/**
 * Each case's verdict over its shown simulated film answers: the first defect `judge` finds, null when it
 * judged one and found none, no entry when it judged none. A number the task's own plan writes is the plan's.
 */
function filmVerdicts(cases: readonly TestCase[], ctx: QualityContext, judge: (value: unknown, inPlan: (n: number) => boolean, takenByPlan: (id: number) => boolean) => string | null | undefined): Map<string, string | null> {
  const out = new Map<string, string | null>();
  for (const tc of cases) {
    let verdict: string | null | undefined;
    const plan = new Set(planArgStrings(tc, ctx).flatMap((a) => a.match(/\d+(?:\.\d+)?/g) ?? []).map(Number));
    // The ids the plan's calls take (get_movie_reviews(movie_id=554600)): films its recorded world listed.
    const t = ctx.trajectory(tc.trajectoryId);
    const taken = new Set((t ? toolSteps(t) : []).flatMap(({ step }) => (isPlainObject(step.action.args) ? Object.values(step.action.args).filter((v): v is number => typeof v === 'number') : [])));
    for (const step of shownSimulatedSteps(tc, ctx) ?? []) {
      if (step.response!.error || !isFilmTool(step.action.name)) continue;
      const why = judge(parseToolResponse(step.response!.content), (n) => plan.has(n), (id) => taken.has(id));
      if (why === undefined) continue;
      verdict = why ? `${step.action.name}: ${why}` : (verdict ?? null);
      if (why) break;
    }
    if (verdict !== undefined) out.set(tc.id, verdict);
  }
  return out;
}

/** Each case showing a simulated film answer about a recorded film, with why it is defective (null when it is not). */
export function filmNumbersOffRecorded(cases: readonly TestCase[], ctx: QualityContext): Map<string, string | null> {
  const recorded = recordedFilmNumbers(recordedAnswers(cases, ctx));
  return filmVerdicts(cases, ctx, (value, inPlan) => filmNumberOffRecorded(value, recorded, inPlan));
}

export const simulatedFilmNumberOffRecorded: SetMeasure = {
  kind: 'set',
  id: 'simulated_film_number_off_recorded',
  group: 'solvable',
  title: 'share of cases showing a simulated answer that gives a real film a popularity, vote count, rating, runtime, revenue or budget far from every value T-Eval recorded for it (The Godfather at popularity 1576.114 in a simulated top-rated list, recorded 118.372)',
  population: 'cases showing a simulated film answer giving a number for a film (by id, else title) that T-Eval\'s recordings (in the trajectories the shipped cases come from) give the same number for; far is below half or above twice the recordings for counts and scores, more than half a point off for a rating, more than five minutes for a runtime',
  better: 'lower',
  score(cases, ctx) {
    return shareJudged(filmNumbersOffRecorded(cases, ctx));
  },
};

/** TMDB's recorded popularity peaks: over every film, and over films released before `OLD_BEFORE` (a classic's daily interest is a new release's tenth). */
const OLD_BEFORE = '2022-01-01';

interface PopularityPeaks {
  all: number;
  old?: number;
}

/** The highest popularity the recordings give any film, and any film released before OLD_BEFORE; undefined with none. */
export function popularityPeaks(answers: Iterable<unknown>): PopularityPeaks | undefined {
  let all: number | undefined;
  let old: number | undefined;
  for (const answer of answers) {
    const visit = (v: unknown): void => {
      if (Array.isArray(v)) return v.forEach(visit);
      if (!isPlainObject(v)) return;
      const p = numberOf(v.popularity);
      if (p !== undefined) {
        all = Math.max(all ?? p, p);
        if (typeof v.release_date === 'string' && v.release_date < OLD_BEFORE) old = Math.max(old ?? p, p);
      }
      for (const x of Object.values(v)) if (typeof x === 'object') visit(x);
    };
    visit(answer);
  }
  return all === undefined ? undefined : { all, ...(old !== undefined ? { old } : {}) };
}

/**
 * A simulated film's popularity beyond twice any T-Eval recorded (every film peaks at 2919.272, an
 * older one at 124.168): The Matrix at 17776.454, A Year of Fitness at 16307.212. Null when each is
 * within; undefined when the answer gives no film popularity. `given` as for filmNumberOffRecorded.
 */
export function filmPopularityBeyondRecorded(answer: unknown, peaks: PopularityPeaks, given: (n: number) => boolean = () => false, takenByPlan: (id: number) => boolean = () => false): string | null | undefined {
  return firstRecordDefect(answer, (v) => {
    const p = numberOf(v.popularity);
    if (p === undefined || given(p)) return undefined;
    // An older film the task's own plan takes by id from this list was listed there in the world T-Eval recorded
    // (teval_query_478_0's top 5 popular films hold "Uri: The Surgical Strike", 2019, whose reviews the plan reads):
    // its popularity is its place among new releases, judged against any film's peak, not a classic's.
    const listedByPlan = numberOf(v.id) !== undefined && takenByPlan(numberOf(v.id)!);
    const old = typeof v.release_date === 'string' && v.release_date < OLD_BEFORE && peaks.old !== undefined && !listedByPlan;
    const peak = old ? peaks.old! : peaks.all;
    const name = typeof v.title === 'string' ? JSON.stringify(v.title) : `film ${String(numberOf(v.id) ?? '?')}`;
    return p > 2 * peak ? `${name}${old ? ` (${String(v.release_date).slice(0, 4)})` : ''} at popularity ${p}, where T-Eval's recordings give ${old ? 'a film released before 2022' : 'any film'} at most ${peak}` : null;
  });
}

/** Each case showing a simulated film answer with a popularity, with why it is defective (null when it is not). */
export function filmPopularitiesBeyondRecorded(cases: readonly TestCase[], ctx: QualityContext): Map<string, string | null> {
  const peaks = popularityPeaks(recordedAnswers(cases, ctx));
  if (!peaks) return new Map();
  return filmVerdicts(cases, ctx, (value, inPlan, takenByPlan) => filmPopularityBeyondRecorded(value, peaks, inPlan, takenByPlan));
}

export const simulatedFilmPopularityBeyondRecorded: SetMeasure = {
  kind: 'set',
  id: 'simulated_film_popularity_beyond_recorded',
  group: 'solvable',
  title: 'share of cases showing a simulated film popularity beyond twice the highest T-Eval recorded (The Matrix at 17776.454 where a film released before 2022 peaks at 124.168 and any film at 2919.272)',
  population: 'cases showing a simulated film answer with a popularity (a number the task\'s own plan writes not judged); the peaks are read from the recordings of the trajectories the shipped cases come from, older films (released before 2022) against their own peak',
  better: 'lower',
  score(cases, ctx) {
    return shareJudged(filmPopularitiesBeyondRecorded(cases, ctx));
  },
};
