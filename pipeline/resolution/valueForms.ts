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
}

/** Recorded fields by path, over answers (values, not texts). */
export function recordedFieldsOf(answers: readonly unknown[]): Map<string, RecordedField> {
  const out = new Map<string, RecordedField>();
  for (const answer of answers) {
    if (!isPlainObject(answer) || 'error' in answer) continue;
    const seen = new Set<string>();
    for (const { path, value } of fieldValues(answer)) {
      const f = out.get(path) ?? out.set(path, { forms: new Set(), values: 0, answers: 0, samples: [] }).get(path)!;
      f.forms.add(valueForm(value)!);
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
export function valuesAsRecorded(answer: unknown, recorded: ReadonlyMap<string, RecordedField>, rng: Rng, keep: (v: unknown) => boolean, today?: string): unknown {
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
