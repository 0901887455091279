/**
 * The form a field's values are written in, as an API's recordings write them. T-Eval's Airbnb
 * reviews carry ISO timestamps ('time': '2023-10-17T20:10:47Z'); the simulator drew bare clock times
 * ('time': '08:00') beside them, a tell of which answer was made up (and nonsense for a review). A
 * field whose recorded values all share one form (an ISO timestamp, an ISO date, a clock time, an
 * integer, a decimal, a URL, digits of one length…) is judged: a simulated value of another form is
 * unlike it. A field whose recordings mix forms, or hold free text, is not judged.
 */
import { isPlainObject } from '../errors/values.js';
import { parseJson, PyFloat } from '../pyValues.js';
import { pythonLiteralToJson } from '../prompts/parseAction.js';
import type { Rng } from '../rng.js';
import { isTownLine, TOWN_LINE_FORM, townLineOf } from './townLines.js';
import { addressIn, districtNamed } from './districts.js';

/** The form of one scalar value; undefined for null, records and lists. Digit strings say their length ("8 digits"). */
export function valueForm(v: unknown): string | undefined {
  if (v instanceof PyFloat) return 'decimal';
  if (typeof v === 'boolean') return 'boolean';
  if (typeof v === 'bigint') return 'integer';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'decimal';
  if (typeof v !== 'string') return undefined;
  const t = v.trim();
  if (!t) return undefined;
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?$/.test(t)) return 'ISO timestamp';
  if (/^\d{4}-\d{2}-\d{2} \d{1,2}:\d{2}(?::\d{2})?$/.test(t)) return 'date and time';
  if (/^\d{4}-\d{2}-\d{2}$/.test(t)) return 'ISO date';
  if (/^\d{1,2}:\d{2}(?::\d{2})?$/.test(t)) return 'clock time';
  if (/^\d+$/.test(t)) return `${t.length} digits`;
  if (/^-?\d+(?:\.\d+)?$/.test(t)) return 'number as text';
  if (/^[$€£¥]\s?\d[\d,]*(?:\.\d+)?$|^\d[\d,]*(?:\.\d+)? ?(?:USD|EUR|GBP|CNY|JPY|RMB)$/.test(t)) return 'currency amount';
  if (/^https?:\/\/\S+$/.test(t)) return 'URL';
  if (/^[^@\s]+@[^@\s]+\.[a-z]{2,}$/i.test(t)) return 'e-mail';
  if (/^\+?\(?\d[\d\s().-]{6,}\d$/.test(t) && /[\s().-]/.test(t)) return 'phone';
  if (/^[A-Z][A-Z0-9]{1,5}$/.test(t)) return 'upper-case code';
  // Airbnb's details title, "Home in Monterey Park · ★4.79 · 1 bedroom · 1 bed · 1 shared bath": parts a spaced middle dot joins.
  if (t.split(' · ').length >= 3) return 'parts joined by " · "';
  // Airbnb's search writes a listing's address "Monterey Park, CA, United States": a town, its region and its country, no street.
  if (isTownLine(t)) return TOWN_LINE_FORM;
  return 'text';
}

/** Every scalar an answer holds, with its field's path ("reviews[].time", "rooms[]", "temperature"). */
export function fieldValues(answer: unknown): { path: string; value: unknown }[] {
  const out: { path: string; value: unknown }[] = [];
  const visit = (v: unknown, path: string) => {
    if (Array.isArray(v)) return v.forEach((x) => visit(x, `${path}[]`));
    if (isPlainObject(v) && !(v instanceof PyFloat)) {
      for (const [k, x] of Object.entries(v)) visit(x, path ? `${path}.${k}` : k);
      return;
    }
    if (path && valueForm(v) !== undefined) out.push({ path, value: v });
  };
  visit(answer, '');
  return out;
}

/** What the recordings say of one field: the forms its values take, how many values, in how many answers. */
export interface RecordedField {
  forms: Set<string>;
  values: number;
  answers: number;
  /** A few of its values, as recorded (to draw like them and to say what they look like). */
  samples: unknown[];
  /** The decimal places of each recorded decimal value, as Python printed it (4.9 has 1, 7.0 has 0). */
  places: number[];
}

/** Recorded fields by path, over answers (values, not texts). */
export function recordedFieldsOf(answers: readonly unknown[]): Map<string, RecordedField> {
  const out = new Map<string, RecordedField>();
  for (const answer of answers) {
    if (!isPlainObject(answer) || 'error' in answer) continue;
    const seen = new Set<string>();
    for (const { path, value } of fieldValues(answer)) {
      const f = out.get(path) ?? out.set(path, { forms: new Set(), values: 0, answers: 0, samples: [], places: [] }).get(path)!;
      f.forms.add(valueForm(value)!);
      const places = decimalPlaces(value);
      if (places !== undefined) f.places.push(places);
      f.values++;
      if (f.samples.length < 8) f.samples.push(value);
      if (!seen.has(path)) (seen.add(path), f.answers++);
    }
  }
  return out;
}

/**
 * An answer's text as a value whose whole floats stay floats ('rating': 5.0 is a decimal, as Python
 * wrote it): JSON or a Python literal; undefined when it is neither.
 */
export function formValue(text: string): unknown {
  for (const read of [() => parseJson(text, { floats: 'keep' }), () => parseJson(pythonLiteralToJson(text), { floats: 'keep' })]) {
    try {
      return read();
    } catch {
      // the other form, or neither
    }
  }
  return undefined;
}

const fieldsMemo = new Map<string, Map<string, RecordedField>>();

/** The recorded fields of an API's recorded answers (texts as the cache holds them); shared, read it only. */
export function recordedFields(examples: readonly { response: string }[]): Map<string, RecordedField> {
  const key = examples.map((e) => e.response).join('\u0000');
  const hit = fieldsMemo.get(key);
  if (hit) return hit;
  if (fieldsMemo.size > 2000) fieldsMemo.clear();
  const fields = recordedFieldsOf(examples.map((e) => formValue(e.response)));
  fieldsMemo.set(key, fields);
  return fields;
}

/**
 * The one form a field's recordings share, or undefined when it is not judged: forms mixed (digits
 * of several lengths count as digits of no fixed length, judged only against other forms), free
 * text, or too little recorded (two values at least).
 */
export function sharedForm(field: RecordedField | undefined): string | undefined {
  if (!field || field.values < 2) return undefined;
  const forms = [...field.forms];
  if (forms.length === 1) return forms[0] === 'text' ? undefined : forms[0];
  if (forms.every((f) => /^\d+ digits$/.test(f))) return 'digits';
  return undefined;
}

/** Does a value of `form` fit a field whose recordings share `shared`? */
export function formFits(form: string, shared: string): boolean {
  if (form === shared) return true;
  if (shared === 'digits') return /^\d+ digits$/.test(form);
  return false;
}

/** Each simulated value of `answer` whose form is not the one its field's recordings share (the first of each field). */
export function formsUnlike(answer: unknown, recorded: ReadonlyMap<string, RecordedField>, given: (v: unknown) => boolean = () => false): { path: string; value: unknown; form: string; shared: string }[] {
  const out: { path: string; value: unknown; form: string; shared: string }[] = [];
  for (const { path, value } of fieldValues(answer)) {
    const shared = sharedForm(recorded.get(path));
    if (!shared || given(value) || out.some((o) => o.path === path)) continue;
    const form = valueForm(value)!;
    if (!formFits(form, shared)) out.push({ path, value, form, shared });
  }
  return out;
}

/** The first simulated value of `answer` whose form is not the one its field's recordings share; undefined when none. */
export function formUnlikeRecorded(answer: unknown, recorded: ReadonlyMap<string, RecordedField>, given: (v: unknown) => boolean = () => false): { path: string; value: unknown; form: string; shared: string } | undefined {
  return formsUnlike(answer, recorded, given)[0];
}

/**
 * The decimal places a float is printed with, as Python's repr prints it (shortest round trip, as
 * JavaScript's String does): 1489.424 has 3, 4.9 has 1, a whole float (7.0) 0; undefined for an
 * integer, a number too large or small for plain digits, or anything else.
 */
export function decimalPlaces(v: unknown): number | undefined {
  const n = v instanceof PyFloat ? v.value : typeof v === 'number' && !Number.isInteger(v) ? v : undefined;
  if (n === undefined || !Number.isFinite(n)) return undefined;
  const text = String(n);
  if (/e/i.test(text)) return undefined;
  return text.split('.')[1]?.length ?? 0;
}

/**
 * Does a float printed with `places` decimals fit a field whose recorded decimals have `recorded`
 * places? A count its recordings commonly print (commonPlaces), or one fewer (a last zero Python drops: 4.90 prints 4.9). Two values
 * at least must be recorded; undefined when the field is not judged.
 */
export function placesFit(places: number, recorded: readonly number[]): boolean | undefined {
  if (recorded.length < 2) return undefined;
  const common = commonPlaces(recorded);
  return common.includes(places) || common.includes(places + 1);
}

/**
 * The counts of places a field's recordings print as a form of the field: every count from one
 * fewer than the most frequent up, and a lower one a third of them have. A rarer lower count is a
 * value's own zeros dropped (Bing's distance 5.5 is 5.500 beside 4669.773, 0.807, 429.331…); a
 * higher one is the API's (Airbnb's 40.74943149228527 beside 34.06046).
 */
export function commonPlaces(recorded: readonly number[]): number[] {
  const tally = new Map<number, number>();
  for (const c of recorded) tally.set(c, (tally.get(c) ?? 0) + 1);
  const most = modal(recorded);
  return [...tally].filter(([c, n]) => c >= most - 1 || n >= recorded.length / 3).map(([c]) => c);
}

/** Each simulated float of `answer` printed with decimals no recorded value of its field has (the first of each field). */
export function decimalsUnlike(answer: unknown, recorded: ReadonlyMap<string, RecordedField>, given: (v: unknown) => boolean = () => false): { path: string; value: unknown; places: number; recorded: number[] }[] {
  const out: { path: string; value: unknown; places: number; recorded: number[] }[] = [];
  for (const { path, value } of fieldValues(answer)) {
    const places = decimalPlaces(value);
    const field = recorded.get(path);
    if (places === undefined || !field || given(value) || out.some((o) => o.path === path)) continue;
    if (placesFit(places, field.places) === false) out.push({ path, value, places, recorded: [...new Set(field.places)].sort((a, b) => a - b) });
  }
  return out;
}

/**
 * `n` printed with `places` decimals, the last one not a zero (Python would drop it): 8824.5 at 3
 * places is 8824.5 and two drawn digits (8824.537), 2.4561 at 1 is 2.5. A whole float (0 places) is
 * a PyFloat.
 */
export function withPlaces(n: number, places: number, rng: Rng): number | PyFloat {
  if (places === 0) return new PyFloat(Math.round(n));
  const rounded = Number(n.toFixed(places));
  if (decimalPlaces(rounded) === places) return rounded;
  // Too few places: digits drawn after the ones the value has, the last of them 1-9.
  const sign = n < 0 ? '-' : '';
  const [whole, frac = ''] = Math.abs(rounded).toFixed(places).split('.');
  const kept = frac.replace(/0+$/, '');
  let drawn = '';
  for (let i = kept.length; i < places - 1; i++) drawn += String(rng.int(0, 9));
  return Number(`${sign}${whole}.${kept}${drawn}${rng.int(1, 9)}`);
}

/** The count most of `counts` are (the larger on a tie). */
export function modal(counts: readonly number[]): number {
  const tally = new Map<number, number>();
  for (const c of counts) tally.set(c, (tally.get(c) ?? 0) + 1);
  return [...tally].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0][0];
}

/**
 * `n`, printed with `places` decimals, at a recorded count of places that still reads as `n`: the
 * nearest count below, rounded (8.709 → 8.7, as TMDB's lists print the 8.709 its details give), else
 * undefined: `n` stays as it is. Never digits drawn after it: a shown 8.7 written 8.712 in a film's details is another
 * number than the list gave (simulated_answer_contradicts, simulated_film_facts_disagree on
 * int27-fields-try's m2, where 8.7 had become 8.784).
 */
export function samePlaces(n: number, places: number, recorded: readonly number[], rng: Rng): number | PyFloat | undefined {
  const below = recorded.filter((p) => p < places).sort((a, b) => b - a)[0];
  return below !== undefined ? withPlaces(n, below, rng) : undefined;
}

const DAY = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);

/** The latest day any recorded value of a field names ("2023-10-17" of '2023-10-17T20:10:47Z'); undefined when none names one. */
function latestDay(samples: readonly unknown[]): string | undefined {
  const days = samples.filter((s): s is string => typeof s === 'string' && /^\d{4}-\d{2}-\d{2}/.test(s)).map((s) => s.slice(0, 10));
  return days.sort().at(-1);
}

/** A timestamp written as `sample` is ("2023-09-26T23:05:31Z", "2023-10-20 16:34"), on `day` at `clock` (HH:MM), seconds drawn where the sample has them. */
function stampLike(sample: string, day: string, clock: string, rng: Rng): string {
  const m = /^\d{4}-\d{2}-\d{2}([T ])\d{2}:\d{2}(:\d{2})?(\.\d+)?(Z|[+-]\d{2}:?\d{2})?$/.exec(sample.trim());
  const [, sep = 'T', sec, frac, zone = ''] = m ?? [];
  return `${day}${sep}${clock}${sec ? `:${pad(rng.int(0, 59))}` : ''}${frac ? `.${String(rng.int(0, 999)).padStart(frac.length - 1, '0').slice(0, frac.length - 1)}` : ''}${zone}`;
}

/** A money amount written as `sample` is ("$288.22", "1,204.50 USD"). */
function moneyLike(sample: string, n: number, others: readonly unknown[] = []): string {
  const t = sample.trim();
  // Thousands grouped as any recorded amount groups them, or as a price with its sign is written ("$1,705.60").
  const grouped = others.some((x) => typeof x === 'string' && /\d,\d{3}/.test(x)) || /^[$€£¥]/.test(t);
  const places = /\.(\d+)/.exec(t)?.[1].length ?? 0;
  const digits = grouped ? n.toLocaleString('en-US', { minimumFractionDigits: places, maximumFractionDigits: places }) : n.toFixed(places);
  const pre = /^[$€£¥]\s?/.exec(t)?.[0] ?? '';
  const post = /\s?(?:USD|EUR|GBP|CNY|JPY|RMB)$/.exec(t)?.[0] ?? '';
  return `${pre}${digits}${post}`;
}

/**
 * `answer` with each value whose form is not the one its field's recordings share written in that
 * form: a number the recordings write as digits ('id': '10803849') as digits and the other way round,
 * a whole number of a decimal field as a float ('vote_average': 7.0), a drawn decimal of a whole
 * field rounded, a drawn amount of money as the recordings write money ('$288.22'), a drawn clock
 * time or day as the recordings' timestamps ('2023-09-26T23:05:31Z'): on days before `today` (else
 * before the latest day the recordings name), a list's newest first as the recordings list them.
 * Values `keep` holds (a later step, the call or the world names them) change their type only,
 * never what they say; a value no form change can keep (free text where a number is recorded) stays.
 */
export function valuesAsRecorded(answer: unknown, recorded: ReadonlyMap<string, RecordedField>, rng: Rng, keep: (v: unknown) => boolean, today?: string, exact: (v: unknown) => boolean = keep): unknown {
  if (!recorded.size || !isPlainObject(answer)) return answer;
  // Each timestamp field's last day drawn: the next record of the list is older.
  const lastDay = new Map<string, number>();
  const dayFor = (path: string, field: RecordedField): string => {
    const until = Date.parse(`${today ?? latestDay(field.samples) ?? '2023-10-01'}T00:00:00Z`);
    const prev = lastDay.get(path);
    const t = prev === undefined ? until - rng.int(1, 9) * DAY : prev - rng.int(1, 21) * DAY;
    lastDay.set(path, t);
    return isoDay(t);
  };
  const rewrite = (v: unknown, path: string): unknown => {
    const field = recorded.get(path);
    const shared = sharedForm(field);
    const form = valueForm(v);
    // A float printed with decimals no recording of its field has (a Bing distance 2053.4 beside recorded 2053.367): as many as a recorded one has.
    // A fact another answer gave (a film's 8.709 in its details) is rounded to the field's places where they are fewer (8.7 in a top-rated
    // list, as TMDB's recordings show it), else stays as shown (a list's 8.7 in the film's details); a value a later step copies stays exact.
    // A whole number drawn for a field of floats (a Bing distance 4, printed 4.0, beside 4669.773) is a float of no places.
    const places = decimalPlaces(v) ?? (typeof v === 'number' && Number.isInteger(v) && shared === 'decimal' ? 0 : undefined);
    // Drawn ones take the places most recordings have, unless theirs is a recorded count or one fewer than most have (a last zero Python
    // drops: a rating 4.2 beside 4.79): a rarer count's one fewer may be no count the recordings a case shows have.
    if (field && places !== undefined && field.places.length >= 2 && !commonPlaces(field.places).includes(places) && places + 1 !== modal(field.places) && !exact(v)) {
      const n = v instanceof PyFloat ? v.value : (v as number);
      if (!keep(v)) return withPlaces(n, modal(field.places), rng);
      // A shown fact its field prints with fewer places is rounded to them; else it stays, its type alone written as recorded (7 → 7.0).
      const rounded = samePlaces(n, places, commonPlaces(field.places), rng);
      if (rounded !== undefined) return rounded;
    }
    if (!field || !shared || !form || formFits(form, shared)) return v;
    const kept = keep(v);
    const num = typeof v === 'number' ? v : v instanceof PyFloat ? v.value : undefined;
    const sample = field.samples.find((x) => valueForm(x) === shared || (shared === 'digits' && /^\d+ digits$/.test(valueForm(x) ?? '')));
    // The type only: what the value says stays.
    if ((shared === 'digits' || /^\d+ digits$/.test(shared)) && form === 'integer' && typeof v !== 'object') return String(v);
    if (shared === 'integer' && (/^\d+ digits$/.test(form) || form === 'number as text') && /^\d+$/.test(String(v).trim()) && Number.isSafeInteger(Number(v))) return Number(v);
    if (shared === 'decimal' && form === 'number as text' && Number.isFinite(Number(v))) return Number.isInteger(Number(v)) ? new PyFloat(Number(v)) : Number(v);
    if (shared === 'decimal' && form === 'integer' && num !== undefined) return new PyFloat(num);
    if (kept) return v;
    if (shared === 'integer' && form === 'decimal' && num !== undefined) return Math.round(num);
    if (shared === 'currency amount' && typeof sample === 'string' && num !== undefined) return moneyLike(sample, num, field.samples);
    if ((shared === 'decimal' || shared === 'integer') && form === 'currency amount') {
      const n = Number(String(v).replace(/[^\d.-]/g, ''));
      if (Number.isFinite(n)) return shared === 'integer' ? Math.round(n) : Number.isInteger(n) ? new PyFloat(n) : n;
    }
    if (typeof v === 'string' && typeof sample === 'string' && (shared === 'ISO timestamp' || shared === 'date and time' || shared === 'ISO date')) {
      const clock = /^(\d{1,2}):(\d{2})/.exec(v.trim());
      const stamp = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})/.exec(v.trim());
      if (form === 'clock time' && clock) {
        const day = dayFor(path, field);
        return shared === 'ISO date' ? day : stampLike(sample, day, `${pad(Number(clock[1]))}:${clock[2]}`, rng);
      }
      if (form === 'ISO date') return shared === 'ISO date' ? v : stampLike(sample, v.trim(), `${pad(rng.int(7, 22))}:${pad(rng.int(0, 59))}`, rng);
      if (stamp) return shared === 'ISO date' ? stamp[1] : stampLike(sample, stamp[1], `${stamp[2]}:${stamp[3]}`, rng);
    }
    return v;
  };
  const visit = (v: unknown, path: string): unknown => {
    if (Array.isArray(v)) return v.map((x) => visit(x, `${path}[]`));
    if (isPlainObject(v) && !(v instanceof PyFloat)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, visit(x, path ? `${path}.${k}` : k)]));
    return path ? rewrite(v, path) : v;
  };
  return visit(answer, '');
}

/**
 * `answer` with each address of a field whose recordings all write "Town, Region, Country" (Airbnb's
 * search: "Monterey Park, CA, United States") written so: the town the drawn address names with its
 * region and country (townLines.ts), else `fallbackLine` (the searched town's); never
 * "13 Fillmore Street, San Francisco" beside them. A value `keep` holds (a later step copies it) stays.
 */
export function townLinesAsRecorded(answer: unknown, recorded: ReadonlyMap<string, RecordedField>, keep: (v: unknown) => boolean, fallbackLine?: string): unknown {
  if (!recorded.size || !isPlainObject(answer)) return answer;
  // A record's name says which town of an address naming two is its own ("… in San Francisco" at "San Bruno, San Francisco").
  const visit = (v: unknown, path: string, name: string): unknown => {
    if (Array.isArray(v)) return v.map((x) => visit(x, `${path}[]`, name));
    if (isPlainObject(v) && !(v instanceof PyFloat)) {
      const own = Object.entries(v).find(([k, x]) => /\b(name|title)\b/i.test(k) && typeof x === 'string')?.[1] as string | undefined;
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, visit(x, path ? `${path}.${k}` : k, own ?? name)]));
    }
    if (typeof v !== 'string' || sharedForm(recorded.get(path)) !== TOWN_LINE_FORM || keep(v)) return v;
    // A listing its name puts in a district the address is in ("Rental unit in Miami Beach" at "147 Espanola Way, Miami") is in that district's town.
    const d = districtNamed(name);
    const district = d && addressIn(v, d) ? townLineOf(d.name) : undefined;
    return district ?? townLineOf(v, fallbackLine, name) ?? v;
  };
  return visit(answer, '', '');
}
