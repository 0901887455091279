/**
 * Simulated records a reader can check against the world and against themselves: a forecast for San
 * Francisco at 31.6 °C one day and 1.4 °C the next, Beijing at 29.4 °C on October 20; a "Cozy
 * condominium in Bali" that sleeps one, a review of a one-guest room with "plenty of room for three
 * friends" or "such a cosy flat".
 */
import { isPlainObject } from '../../errors/values.js';
import { parseToolResponse } from '../../prompts/parseAction.js';
import type { CaseMeasure } from '../types.js';
import { shownSimulatedSteps, shownStepsWithWrong, userText } from '../evidence.js';
import { DAY_SWING, knownClimate, MONTH_SPREAD, SNOWY } from '../../resolution/climate.js';
import { detailsContradiction, reviewContradiction, type StayDetails } from '../../resolution/stays.js';
import { detailsTitleParts } from '../../resolution/detailsTitles.js';
import { statedToday } from '../../resolution/statedToday.js';
import { factField, labelledFacts, sameFact } from '../copiedFields.js';
import type { Action } from '../../schemas.js';

/** One day of a weather answer: its temperature, its conditions and the month it is for, where it says. */
interface Day { t: number; overall?: string; month?: number }

function daysOf(answer: unknown): Day[] | undefined {
  if (!isPlainObject(answer)) return undefined;
  const tempKey = (r: Record<string, unknown>) => Object.keys(r).find((k) => /temp/i.test(k) && typeof r[k] === 'number');
  const day = (r: Record<string, unknown>): Day | undefined => {
    const k = tempKey(r);
    if (!k) return undefined;
    const overall = Object.entries(r).find(([x, v]) => /overall|weather|condition/i.test(x) && typeof v === 'string')?.[1] as string | undefined;
    const date = Object.entries(r).find(([x, v]) => /date/i.test(x) && typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v))?.[1] as string | undefined;
    return { t: r[k] as number, ...(overall ? { overall } : {}), ...(date ? { month: Number(date.slice(5, 7)) - 1 } : {}) };
  };
  const list = Object.values(answer).find((v): v is Record<string, unknown>[] => Array.isArray(v) && v.some((x) => isPlainObject(x) && tempKey(x)));
  if (list) return list.flatMap((r) => (isPlainObject(r) ? [day(r)].filter((d): d is Day => d !== undefined) : []));
  const one = day(answer);
  return one ? [one] : undefined;
}

/**
 * What is implausible in a weather answer for `place`: two consecutive days more than DAY_SWING
 * apart, snow above 3 °C, or a city the climate table knows more than MONTH_SPREAD from its
 * monthly mean (the month the record dates, else the month the user states; with neither, outside
 * every month's).
 */
export function weatherImplausible(place: string, answer: unknown, statedMonth?: number): string | undefined {
  const days = daysOf(answer);
  if (!days?.length) return undefined;
  for (let i = 1; i < days.length; i++) {
    if (Math.abs(days[i].t - days[i - 1].t) > DAY_SWING) return `${days[i - 1].t} °C then ${days[i].t} °C the next day`;
  }
  for (const d of days) if (d.overall && SNOWY.test(d.overall) && d.t > 3) return `"${d.overall}" at ${d.t} °C`;
  const means = knownClimate(place);
  if (!means) return undefined;
  for (const d of days) {
    const month = d.month ?? statedMonth;
    const [lo, hi] = month === undefined ? [Math.min(...means), Math.max(...means)] : [means[month], means[month]];
    if (d.t < lo - MONTH_SPREAD || d.t > hi + MONTH_SPREAD) return `${place}: ${d.t} °C${month === undefined ? '' : ` in month ${month + 1}`} (mean ${month === undefined ? `${lo}–${hi}` : lo} °C)`;
  }
  return undefined;
}

export const simulatedWeatherImplausible: CaseMeasure = {
  kind: 'case',
  id: 'simulated_weather_implausible',
  group: 'solvable',
  title: 'a simulated weather answer the case shows swings more than 8 °C from one day to the next, snows above 3 °C, or puts a known city far outside its climate for the month (Beijing 29.4 °C on October 20)',
  population: 'cases showing a simulated weather answer with a temperature',
  check(tc, ctx) {
    const steps = shownSimulatedSteps(tc, ctx);
    if (!steps?.length) return undefined;
    const today = statedToday(userText(tc));
    const statedMonth = today ? Number(today.slice(5, 7)) - 1 : undefined;
    let inPopulation = false;
    for (const step of steps) {
      const answer = parseToolResponse(step.response!.content);
      if (!daysOf(answer)?.length) continue;
      inPopulation = true;
      const args = isPlainObject(step.action.args) ? step.action.args : {};
      const place = Object.entries(args).find(([k, v]) => /location|city|place/i.test(k) && typeof v === 'string')?.[1] as string | undefined;
      const why = weatherImplausible(place ?? '', answer, statedMonth);
      if (why) return `${step.action.name}: ${why}`;
    }
    return inPopulation ? null : undefined;
  },
};

const idOf = (args: unknown): string | undefined => {
  if (!isPlainObject(args)) return undefined;
  const v = Object.entries(args).find(([k]) => /id$/i.test(k))?.[1];
  return typeof v === 'string' || typeof v === 'number' ? String(v) : undefined;
};

const townWords = (s: string) => s.toLowerCase().replace(/\s+(city|ku|shi)$/, '').trim();

/**
 * Where a details title puts a listing in another town than the search that listed it does: "Condo
 * in Paris · ★4.62 · …" for a listing at "Jalan Kayu Aya No. 119, Bali". The title's town must be
 * in the listed address or name ("Hotel in Koto City" at "1-24-6 Monzennakacho, Koto, Tokyo").
 */
function titleTownContradiction(id: string, d: StayDetails, steps: readonly { action: Action; response?: { content: string } }[]): string | undefined {
  const parts = typeof d.title === 'string' ? detailsTitleParts(d.title) : undefined;
  if (!parts || !id) return undefined;
  for (const step of steps) {
    const answer = step.response ? parseToolResponse(step.response.content) : undefined;
    if (!isPlainObject(answer)) continue;
    for (const list of Object.values(answer)) {
      if (!Array.isArray(list)) continue;
      const listed = list.find((r) => isPlainObject(r) && Object.values(r).some((v) => (typeof v === 'string' || typeof v === 'number') && String(v) === id)) as Record<string, unknown> | undefined;
      if (!listed) continue;
      const where = [listed.address, listed.name].filter((x): x is string => typeof x === 'string').join(' | ');
      if (where && !where.toLowerCase().includes(townWords(parts.town))) return `title "${(d.title as string).slice(0, 60)}" puts ${id} in ${parts.town}, which ${step.action.name} listed as "${where.slice(0, 80)}"`;
    }
  }
  return undefined;
}

/**
 * A simulated listing that contradicts itself or its own reviews: a kind its name denies ("Hotel in
 * Koto City" as a House); personCapacity 1 for "Suite in
 * DTLA w/ King & Twin bed" or a whole condominium; a review of it that had room for more than it
 * sleeps, a second bed in a room for one, or calls a private room a flat.
 */
export const simulatedRecordSelfContradicted: CaseMeasure = {
  kind: 'case',
  id: 'simulated_record_self_contradicted',
  group: 'solvable',
  title: 'a simulated listing the case shows contradicts itself, its reviews or its search (a kind its name denies: "Bright loft in Tokyo" as a guest suite; personCapacity 1 for a "King & Twin bed" suite or a whole condominium; a details title whose stars are not its rating, whose beds cannot sleep its capacity, or whose town is not where the search listed it; "plenty of room for three friends" in a room for one; "such a cosy flat" for a private room)',
  population: 'cases showing simulated property details',
  check(tc, ctx) {
    const steps = shownSimulatedSteps(tc, ctx);
    if (!steps?.length) return undefined;
    const details = new Map<string, StayDetails>();
    for (const step of steps) {
      const answer = parseToolResponse(step.response!.content);
      if (isPlainObject(answer) && ('personCapacity' in answer || 'propertyType' in answer)) details.set(idOf(step.action.args) ?? '', answer);
    }
    if (!details.size) return undefined;
    for (const d of details.values()) {
      const why = detailsContradiction(d);
      if (why) return why;
    }
    for (const [id, d] of details) {
      const why = titleTownContradiction(id, d, shownStepsWithWrong(tc, ctx) ?? []);
      if (why) return why;
    }
    for (const step of steps) {
      const answer = parseToolResponse(step.response!.content);
      const d = details.get(idOf(step.action.args) ?? '\u0000');
      if (!d || !isPlainObject(answer)) continue;
      for (const [k, v] of Object.entries(answer)) {
        if (!/review|comment/i.test(k) || !Array.isArray(v)) continue;
        for (const r of v) {
          if (!isPlainObject(r)) continue;
          for (const [x, text] of Object.entries(r)) {
            if (!/comment|review|content|text/i.test(x) || typeof text !== 'string') continue;
            const why = reviewContradiction(text, d);
            if (why) return `${step.action.name}: ${why}`;
          }
        }
      }
    }
    return null;
  },
};

/**
 * Where a later step states a field of this simulated record otherwise: the facts one argument of a
 * later call writes ("Property Type: Room in boutique hotel\nCapacity: 2 persons\nRating: 4.83\n
 * Latitude: 41.384632 …" on a slide) are about one record; when two or more of them agree with this
 * record's fields, that argument is about this record, and a fact it states that the record's own
 * field contradicts ("House", 4) is one the case's plan could not have written from this answer.
 */
export function laterFactContradiction(answer: unknown, later: readonly Action[]): string | undefined {
  if (!isPlainObject(answer)) return undefined;
  const fields = Object.keys(answer).filter((k) => ['string', 'number'].includes(typeof answer[k]));
  if (fields.length < 2) return undefined;
  for (const action of later) {
    const byKey = new Map<string, { field: string; value: string }[]>();
    for (const f of labelledFacts(action)) {
      const field = factField(f.label, fields);
      if (!field) continue;
      byKey.set(f.key, [...(byKey.get(f.key) ?? []), { field, value: f.value }]);
    }
    for (const facts of byKey.values()) {
      const agree = facts.filter((f) => sameFact(f.value, answer[f.field]));
      const offs = facts.filter((f) => !sameFact(f.value, answer[f.field]) && !agree.some((a) => a.field === f.field));
      // About this record: two or more facts agree with it, and more agree than not (another hostel's
      // "Room in hostel" and "1 person" beside its own rating and coordinates is another record).
      if (new Set(agree.map((f) => f.field)).size < 2 || agree.length <= offs.length) continue;
      const off = offs[0];
      if (off) return `${off.field} ${JSON.stringify(answer[off.field])}, where ${action.name} later writes "${off.value}" beside ${agree.map((a) => `${a.field} ${a.value}`).join(', ')}`;
    }
  }
  return undefined;
}

/** One film's facts as one answer gives them: by TMDB id, else by title. */
interface FilmSaid { key: string; field: string; value: string | number; simulated: boolean }

const FILM_FIELDS = ['popularity', 'vote_average', 'release_date', 'region'];

function filmsSaid(v: unknown, simulated: boolean, out: FilmSaid[]): void {
  if (Array.isArray(v)) {
    for (const x of v) filmsSaid(x, simulated, out);
    return;
  }
  if (!isPlainObject(v)) return;
  const key = typeof v.id === 'number' ? `id ${v.id}` : typeof v.title === 'string' ? `title ${v.title.trim()}` : undefined;
  if (key) {
    for (const field of FILM_FIELDS) {
      const value = v[field];
      if (typeof value === 'number' || (typeof value === 'string' && value.trim())) out.push({ key, field, value: typeof value === 'string' ? value.trim() : value, simulated });
    }
  }
  // Douban's details: "雪豹和她的朋友们是一部中国大陆的纪录片，…".
  const said = typeof v.description === 'string' ? /^(.+?)是一部(.+?)的/.exec(v.description.trim()) : null;
  if (said) out.push({ key: `title ${said[1]}`, field: 'region', value: said[2], simulated });
  for (const x of Object.values(v)) if (typeof x === 'object') filmsSaid(x, simulated, out);
}

/** The same fact of one film: a vote to a tenth (8.709 is TMDB's 8.7), a date to its day, a region whatever its spacing. */
function sameFilmFact(field: string, a: string | number, b: string | number): boolean {
  if (typeof a === 'number' && typeof b === 'number') return field === 'vote_average' ? Math.abs(a - b) < 0.051 : Math.abs(a - b) < 0.5;
  const s = (x: string | number) => String(x).replace(/\s+/g, '');
  return field === 'release_date' ? s(a).slice(0, 10) === s(b).slice(0, 10) || !/^\d{4}-\d{2}-\d{2}/.test(s(a)) || !/^\d{4}-\d{2}-\d{2}/.test(s(b)) : s(a) === s(b);
}

/**
 * Two answers of one case giving one film different facts, one of them simulated: a now-playing list
 * with The Nun II at popularity 3925 and its details at 1323.967; Douban's list with 雪豹和她的朋友们
 * from 中国香港 and its details "是一部中国大陆的纪录片". Null when every film the answers give twice
 * agrees, undefined when none is given twice.
 */
export function filmFactsDisagree(answers: { content: string; simulated: boolean }[]): string | null | undefined {
  const said: FilmSaid[] = [];
  for (const a of answers) filmsSaid(parseToolResponse(a.content), a.simulated, said);
  let twice = false;
  for (let i = 0; i < said.length; i++) {
    for (let j = i + 1; j < said.length; j++) {
      const [x, y] = [said[i], said[j]];
      if (x.key !== y.key || x.field !== y.field) continue;
      twice = true;
      if ((x.simulated || y.simulated) && !sameFilmFact(x.field, x.value, y.value)) return `${x.key.replace(/^\w+ /, '')}: ${x.field} ${JSON.stringify(x.value)} in one answer, ${JSON.stringify(y.value)} in another`;
    }
  }
  return twice ? null : undefined;
}

export const simulatedFilmFactsDisagree: CaseMeasure = {
  kind: 'case',
  id: 'simulated_film_facts_disagree',
  group: 'solvable',
  title: 'two answers a case shows give one film different facts, one of them simulated (The Nun II at popularity 3925 in the now-playing list and 1323.967 in its details; 雪豹和她的朋友们 from 中国香港 in Douban\'s list, "中国大陆" in its details)',
  population: 'cases showing one film\'s popularity, rating, release date or region in two answers',
  check(tc, ctx) {
    const t = ctx.trajectory(tc.trajectoryId);
    if (!t) return undefined;
    const simulated = new Set((shownSimulatedSteps(tc, ctx) ?? []).map((s) => s.response!.content));
    const answers = tc.messages.filter((m) => m.role === 'function').map((m) => ({ content: m.content, simulated: simulated.has(m.content) }));
    return filmFactsDisagree(answers);
  },
};

/** A feature film's running time in minutes: T-Eval's recorded details run 103 to 175; under an hour or over four is no film a chart lists. */
const FEATURE_MINUTES = { least: 60, most: 240 };

/** A simulated film's runtime no feature film has (Nowhere at 12 minutes), else null; undefined when the answer gives no film runtime. */
export function filmRuntimeImplausible(answer: unknown): string | null | undefined {
  if (!isPlainObject(answer) || typeof answer.runtime !== 'number') return undefined;
  const { runtime } = answer;
  if (runtime < FEATURE_MINUTES.least || runtime > FEATURE_MINUTES.most) return `${typeof answer.title === 'string' ? JSON.stringify(answer.title) : 'a film'} runs ${runtime} minutes`;
  return null;
}

/**
 * simulated_film_runtime_implausible: a simulated film's details give a running time no feature film
 * has: "Nowhere" (2023), a 109-minute thriller from a popular-films chart, at 'runtime': 12
 * (teval_query_262_2; the simulator drew any length from 5 to 180 minutes for a film the table gave none).
 */
export const simulatedFilmRuntimeImplausible: CaseMeasure = {
  kind: 'case',
  id: 'simulated_film_runtime_implausible',
  group: 'solvable',
  title: 'a simulated film\'s details give a running time no feature film has, under an hour or over four ("Nowhere" at \'runtime\': 12)',
  population: 'cases showing a simulated film answer with a runtime',
  check(tc, ctx) {
    const steps = shownSimulatedSteps(tc, ctx);
    if (!steps?.length) return undefined;
    let inPopulation = false;
    for (const step of steps) {
      if (!/film|movie|tmdb|douban/i.test(step.action.name)) continue;
      const why = filmRuntimeImplausible(parseToolResponse(step.response!.content));
      if (why === undefined) continue;
      inPopulation = true;
      if (why) return `${step.action.name}: ${why}`;
    }
    return inPopulation ? null : undefined;
  },
};
