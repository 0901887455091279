/**
 * Parameter value errors: the right tool and keys, a value a model gets wrong in format or
 * content — a date in another format, a number spelled out or quoted, a value taken from the
 * wrong part of the query, an id from an earlier response, a path in the wrong directory, a unit
 * mix-up, a flipped flag, swapped arguments.
 */
import type { Rng } from '../../rng.js';
import type { ToolArgs, ToolParam } from '../../schemas.js';
import { enumOf, findTool, isPlainObject, paramIndex, sameValue, show } from '../values.js';
import { MONTHS, numberToWords, words } from '../vocabulary.js';
import { earlierIds, gtArgs, isIdKey, knownDirectories, querySpans, shapeAffinity, shapeOf, type Injection, type InjectionInput, type Injector } from './context.js';
import { thoughtForValues, withThought } from './thoughts.js';
import { toJson } from '../../pyValues.js';

interface ValueEdit {
  variant: string;
  weight: number;
  changes: { key: string; to: unknown }[];
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(.*)$/;
const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const CLOCK = /^(\d{1,2}):(\d{2})$/;
const COORDS = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/;

function dateEdits(value: string): { to: string; variant: string }[] {
  const iso = ISO_DATE.exec(value);
  if (iso) {
    const [, y, m, d, rest] = iso;
    const month = MONTHS[Number(m) - 1];
    if (!month) return [];
    return [
      { to: `${m}/${d}/${y}${rest}`, variant: 'date-format:us' },
      { to: `${d}-${m}-${y}${rest}`, variant: 'date-format:day-first' },
      { to: `${month} ${Number(d)}, ${y}`, variant: 'date-format:written' },
      { to: `${y}/${m}/${d}${rest}`, variant: 'date-format:slashes' },
    ];
  }
  const us = US_DATE.exec(value);
  if (us) {
    const [, m, d, y] = us;
    return [{ to: `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`, variant: 'date-format:iso' }];
  }
  return [];
}

function clockEdits(value: string): { to: string; variant: string }[] {
  const t = CLOCK.exec(value);
  if (!t) return [];
  const h = Number(t[1]);
  if (h > 23) return [];
  const suffix = h >= 12 ? 'PM' : 'AM';
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return [
    { to: `${h12}:${t[2]} ${suffix}`, variant: 'time-format:12h' },
    { to: `${t[1]}.${t[2]}`, variant: 'time-format:dot' },
  ];
}

const UNIT_KEYS: { re: RegExp; convert: (n: number) => number; variant: string }[] = [
  { re: /radius|meter|metre/i, convert: (n) => n / 1000, variant: 'unit:metres-as-km' },
  { re: /distance|km|kilomet/i, convert: (n) => n * 0.621371, variant: 'unit:km-as-miles' },
  { re: /mile/i, convert: (n) => n * 1.60934, variant: 'unit:miles-as-km' },
  { re: /temp|celsius/i, convert: (n) => (n * 9) / 5 + 32, variant: 'unit:celsius-as-fahrenheit' },
  { re: /fahrenheit/i, convert: (n) => ((n - 32) * 5) / 9, variant: 'unit:fahrenheit-as-celsius' },
  { re: /weight|kg|kilo/i, convert: (n) => n * 2.20462, variant: 'unit:kg-as-pounds' },
  { re: /gallon/i, convert: (n) => n * 3.78541, variant: 'unit:gallons-as-litres' },
  { re: /lit(er|re)|fuel/i, convert: (n) => n / 3.78541, variant: 'unit:litres-as-gallons' },
  { re: /second|timeout|duration/i, convert: (n) => n / 60, variant: 'unit:seconds-as-minutes' },
  { re: /minute/i, convert: (n) => n * 60, variant: 'unit:minutes-as-seconds' },
];

function roundLike(n: number, integer: boolean): number {
  return integer ? Math.round(n) : Math.round(n * 100) / 100;
}

/** A different id of the same shape: one digit changed, or two neighbouring digits swapped. */
function perturbId(value: string | number, rng: Rng): string | number | undefined {
  const text = String(value);
  const digits = [...text].map((c, i) => (/\d/.test(c) ? i : -1)).filter((i) => i >= 0);
  if (digits.length === 0) return undefined;
  const chars = [...text];
  if (digits.length >= 2 && rng.chance(0.5)) {
    const j = digits[rng.int(0, digits.length - 2)];
    const next = digits[digits.indexOf(j) + 1];
    if (chars[j] !== chars[next]) {
      [chars[j], chars[next]] = [chars[next], chars[j]];
      const out = chars.join('');
      return typeof value === 'number' ? Number(out) : out;
    }
  }
  const i = digits[digits.length - 1];
  chars[i] = String((Number(chars[i]) + 1 + rng.int(0, 7)) % 10);
  if (typeof value === 'number' && chars[0] === '0' && chars.length > 1) chars[0] = '1';
  const out = chars.join('');
  return typeof value === 'number' ? Number(out) : out;
}

/** `document` ↔ `documents`: the slip models make on lower-case names (never on codes like AMZN). */
function nearMissWord(value: string): string | undefined {
  const t = value.trim();
  if (!/^[a-z][a-z_-]*$/.test(t)) return undefined;
  if (t.endsWith('s') && t.length > 3) return t.slice(0, -1);
  return `${t}s`;
}

const PAIRS: [string, string][] = [
  ['source', 'destination'],
  ['start', 'end'],
  ['origin', 'destination'],
  ['origins', 'destination'],
  ['from', 'to'],
  ['in', 'out'],
  ['min', 'max'],
  ['sender', 'receiver'],
  ['first', 'last'],
  ['1', '2'],
];

/** Two keys that name the two ends of one thing (source/destination, file_name1/file_name2, travel_from/travel_to). */
function counterparts(a: string, b: string): boolean {
  const wa = words(a);
  const wb = words(b);
  const rest = (w: string[], drop: string) => w.filter((x) => x !== drop).join('_');
  return PAIRS.some(
    ([x, y]) =>
      (wa.includes(x) && wb.includes(y) && rest(wa, x) === rest(wb, y)) ||
      (wa.includes(y) && wb.includes(x) && rest(wa, y) === rest(wb, x)) ||
      (a.replace(/\d$/, '') === b.replace(/\d$/, '') && /\d$/.test(a) && /\d$/.test(b) && x === '1'),
  );
}

function editsFor(key: string, value: unknown, param: ToolParam | undefined, input: InjectionInput, args: ToolArgs, rng: Rng): ValueEdit[] {
  const out: ValueEdit[] = [];
  const one = (to: unknown, variant: string, weight: number) => {
    if (!sameValue(to, value)) out.push({ variant, weight, changes: [{ key, to }] });
  };
  const enumValues = enumOf(param);
  for (const e of enumValues) one(e, 'enum-other-member', 4 / enumValues.length);

  if (typeof value === 'boolean') one(!value, 'flag-flipped', 3);

  if (typeof value === 'number') {
    const integer = Number.isInteger(value);
    if (isIdKey(key)) {
      const other = earlierIds(input, key, value).find((id) => /^\d+$/.test(id));
      if (other) one(Number(other), 'wrong-id:earlier', 4);
      const p = perturbId(value, rng);
      if (p !== undefined) one(p, 'wrong-id:mistyped', 3);
      one(String(value), 'number-as-string', 1);
    } else {
      const words = numberToWords(value);
      if (words && integer) one(words, 'number-as-words', 2);
      one(String(value), 'number-as-string', 2);
      for (const u of UNIT_KEYS) if (u.re.test(key) || u.re.test(param?.description ?? '')) one(roundLike(u.convert(value), integer), u.variant, 3);
      const fromQuery = querySpans(input.query).filter((s) => s.kind === 'number' && Number(s.text) !== value);
      for (const s of fromQuery) one(Number(s.text), 'wrong-part-of-query', 3 / fromQuery.length);
      one(value * 10, 'magnitude-slip', 1);
    }
  }

  if (typeof value === 'string') {
    for (const d of dateEdits(value)) one(d.to, d.variant, 4 / 2);
    for (const c of clockEdits(value)) one(c.to, c.variant, 3 / 2);
    const coords = COORDS.exec(value);
    if (coords) one(`${coords[2]},${coords[1]}`, 'coordinates-swapped', 3);
    if (isIdKey(key)) {
      const other = earlierIds(input, key, value)[0];
      if (other) one(other, 'wrong-id:earlier', 4);
      const p = perturbId(value, rng);
      if (p !== undefined) one(p, 'wrong-id:mistyped', 3);
    }
    if (/^\d+$/.test(value.trim()) && param?.type === 'string') one(Number(value), 'string-as-number', 2);
    const dirs = knownDirectories(input).filter((d) => d !== value);
    if (value.includes('/')) {
      const parts = value.split('/');
      const base = parts.pop()!;
      const otherDir = dirs.find((d) => !parts.includes(d));
      if (otherDir) one([...parts.slice(0, -1), otherDir, base].join('/'), 'path:wrong-directory', 3);
      one(base, 'path:directory-dropped', 2);
    } else if (/\.\w{1,5}$/.test(value) && dirs.length > 0) {
      one(`${rng.pick(dirs)}/${value}`, 'path:wrong-directory', 2);
    } else if (/folder|dir|destination|path|location/i.test(key) && dirs.length > 0) {
      one(rng.pick(dirs), 'path:wrong-directory', 3);
    }
    // Another span of the query with the same shape (a city for a city, a date for a date).
    const shape = shapeOf(value);
    const spans = querySpans(input.query)
      .map((s) => ({ text: s.text, affinity: shapeAffinity(shape, shapeOf(s.text)) }))
      .filter((s) => s.affinity > 0 && !sameValue(s.text, value) && !value.includes(s.text));
    for (const s of spans) one(s.text, 'wrong-part-of-query', (3 * s.affinity) / spans.length);
    // Codes and names in the wrong letter case: 'start' for START, 'aapl' for AAPL.
    if ((shape === 'code' || shape === 'name') && /[A-Z]/.test(value)) one(value.toLowerCase(), 'letter-case', 1);
    const wordsIn = value.trim().split(/\s+/);
    if (wordsIn.length >= 3) one(wordsIn.slice(0, Math.ceil(wordsIn.length / 2)).join(' ').replace(/[\s,;:.-]+$/, ''), 'value-truncated', 1);
    const near = nearMissWord(value);
    if (near) one(near, 'near-miss-spelling', 0.5);
  }

  if (Array.isArray(value)) {
    if (value.length >= 2) one(value.slice(0, -1), 'array-element-missing', 2);
    if (value.some((v) => typeof v === 'number')) one(value.map((v) => (typeof v === 'number' ? String(v) : v)), 'array-numbers-as-strings', 1);
    if (value.length === 1 && typeof value[0] === 'string') one(value[0], 'array-as-scalar', 2);
  }

  if (isPlainObject(value)) {
    const keys = Object.keys(value);
    if (keys.length >= 1) {
      const dropped = { ...value };
      delete dropped[keys[keys.length - 1]];
      one(dropped, 'dict-entry-missing', 1);
    }
  }
  // Whatever the value, a model can still send it in the wrong shape; the least likely slip, kept
  // so that every argument has at least one realistic way to go wrong.
  const reshaped =
    typeof value === 'string' ? [value] : Array.isArray(value) ? value.map(String).join(', ') : value === null ? 'None' : isPlainObject(value) ? toJson(value) : String(value);
  one(reshaped, 'wrong-shape', 0.3);
  return out;
}

export const paramValueInjector: Injector = {
  type: 'parameters_value_error',
  applies(input) {
    if (Object.keys(gtArgs(input)).length === 0) {
      return { ok: false, reason: `the ground-truth call ${input.correct.name} passes no arguments; a parameter value error needs a value to get wrong` };
    }
    return { ok: true };
  },
  inject(input: InjectionInput, rng: Rng): Injection {
    const doc = findTool(input.tools, input.correct.name);
    if (!doc) throw new Error(`${input.correct.name} is not in the tool list`);
    const params = paramIndex(doc);
    const args = gtArgs(input);
    const edits: ValueEdit[] = [];
    for (const [key, value] of Object.entries(args)) edits.push(...editsFor(key, value, params.byName.get(key), input, args, rng));

    // Swapped arguments: the two ends of a pair exchanged (source/destination, travel_from/travel_to).
    const keys = Object.keys(args);
    for (let i = 0; i < keys.length; i++) {
      for (let j = i + 1; j < keys.length; j++) {
        const [a, b] = [keys[i], keys[j]];
        if (counterparts(a, b) && typeof args[a] === typeof args[b] && !sameValue(args[a], args[b])) {
          edits.push({ variant: 'arguments-swapped', weight: 3, changes: [{ key: a, to: args[b] }, { key: b, to: args[a] }] });
        }
      }
    }
    if (edits.length === 0) {
      throw new Error(`no value edit found for ${doc.name} ${show(args)}`);
    }
    const edit = edits[rng.weighted(edits.map((e) => e.weight))];
    const changed: ToolArgs = { ...args };
    for (const c of edit.changes) changed[c.key] = c.to;
    return {
      action: withThought({ name: doc.name, args: changed }, thoughtForValues(input.correct, edit.changes.map((c) => ({ from: args[c.key], to: c.to })))),
      variant: edit.variant,
      detail: edit.changes.map((c) => `${c.key}: ${show(args[c.key], 40)} → ${show(c.to, 40)}`).join('; '),
    };
  },
};
