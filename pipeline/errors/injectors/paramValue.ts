/**
 * Parameter value errors: the right tool and keys, a value a model gets wrong, in six families —
 * format (a date, time, unit or letter case written another way), quantity (off by one in a small
 * count, a zero too many or too few in a larger number, another number of the request, an element
 * missing), another entity of the same kind from the
 * conversation (another city of the request, an earlier id, the other end of a pair), a stale
 * value an earlier step gave the same key, and a mistyped id — always of the parameter's documented
 * type ("one" or "5" for 5 is a type mistake, not a wrong value). A value taken from elsewhere
 * is held to the parameter's kind (kinds.ts): never a fragment of a name, a clause of the
 * request, or a value of an unrelated parameter.
 */
import { Rng as SeededRng, type Rng } from '../../rng.js';
import type { ToolArgs, ToolParam } from '../../schemas.js';
import { enumOf, findTool, isPlainObject, paramIndex, sameValue, show } from '../values.js';
import { MONTHS, words, escapeRegExp } from '../vocabulary.js';
import { earlierIds, gtArgs, isIdKey, knownDirectories, namesATool, querySpans, repeatsValidStep, shapeAffinity, shapeOf, type Injection, type InjectionInput, type Injector } from './context.js';
import { valueKindProblem } from '../kinds.js';
import { slipProblem, type GivenValue } from '../misplaced.js';
import { exactNumber, pyInt, toJson } from '../../pyValues.js';
import { typeBroken, typeProblem } from '../wrongCall.js';
import { NEAR_NUMBER_SHARE, nearMiss, namesByNumber } from '../nearMiss.js';
import { areaSwap, otherKind, undecidedFlag, swapUndecided, underivableTruth, widensResult } from '../valueDoubt.js';
import { kindOfParam } from '../kinds.js';

/** The families of wrong values (README "Internal errors"): what a model really gets wrong. */
// A value of another type than its parameter's ("5" or "five" for 5, a string for a list) is a type
// mistake, not a wrong value: no family makes one (errors/wrongCall.ts; error-injectors@33).
export type ValueFamily = 'format' | 'quantity' | 'same-kind-entity' | 'stale-value' | 'mistyped';

interface ValueEdit {
  family: ValueFamily;
  variant: string;
  weight: number;
  changes: { key: string; to: unknown }[];
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(.*)$/;
const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const CLOCK = /^(\d{1,2}):(\d{2})$/;
const COORDS = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/;

/**
 * Inputs a service matches whatever their letter case: free text it searches ("ibm", "joker"), a
 * place it geocodes ("san francisco"), an author it searches for, and an option its doc lists
 * ("Buy/Sell": BFCL's place_order lower-cases the order type before comparing).
 */
export function matchedInAnyCase(key: string, param: Pick<ToolParam, 'description'> | undefined, value: string): boolean {
  // Not a name, file or folder: BFCL's backends match those exactly ("rivermist" finds no zip code).
  const said = words(key).join(' ');
  // A plural key is matched as its singular: "central park" finds the same places as "Central Park" (teval_query_305_0).
  if (/\b(search|query|keywords?|terms?|q|mauthors|locations?|places?|address(es)?|start|end|destinations?|origins?)\b/.test(said) && !/\b(name|file|dir|path|folder)\b/.test(said)) return true;
  const description = param?.description ?? '';
  return /\//.test(description) && new RegExp(`(^|[(/,\\s])${escapeRegExp(value)}(?=[/),.\\s]|$)`).test(description);
}

/** A tool whose answer is the same either way round (a distance between two places): swapping its ends is no error. */
export function symmetricInEnds(doc: { name: string; description?: string }): boolean {
  return /distance/i.test(doc.name) && !/route|direction|step/i.test(doc.name);
}

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

/** The two keys of a pair in their order, the start first (start/end, travel_from/travel_to, file_name1/file_name2); undefined when they are no pair. */
export function pairOrder(a: string, b: string): [string, string] | undefined {
  if (!counterparts(a, b)) return undefined;
  const wa = words(a);
  const firstWords = new Set(PAIRS.map(([x]) => x));
  return wa.some((w) => firstWords.has(w)) || (/1$/.test(a) && /2$/.test(b)) ? [a, b] : [b, a];
}

/** Values the same key had in earlier steps (another turn's city, the previous file): the stale value a model carries over. */
function staleValues(input: InjectionInput, key: string, current: unknown): unknown[] {
  const out: unknown[] = [];
  for (const step of [...input.earlier].reverse()) {
    if (!isPlainObject(step.args) || !(key in step.args)) continue;
    const v = step.args[key];
    if (!sameValue(v, current) && typeof v === typeof current && !out.some((o) => sameValue(o, v))) out.push(v);
  }
  return out;
}

function editsFor(key: string, value: unknown, param: ToolParam | undefined, input: InjectionInput, rng: Rng): ValueEdit[] {
  const out: ValueEdit[] = [];
  const kindParam = param ?? { name: key, type: 'any' as const };
  const one = (to: unknown, family: ValueFamily, variant: string, weight: number) => {
    if (sameValue(to, value)) return;
    out.push({ family, variant: `${family}:${variant}`, weight, changes: [{ key, to }] });
  };
  /** A value taken from elsewhere must be of the parameter's kind and no fragment of a longer name. */
  const taken = (to: unknown, family: ValueFamily, variant: string, weight: number) => {
    if (valueKindProblem(kindParam, to, value, input.query)) return;
    one(to, family, variant, weight);
  };
  const type = param?.type;
  const enumValues = enumOf(param);
  for (const e of enumValues) one(e, 'same-kind-entity', 'enum-other-member', 4 / enumValues.length);

  if (typeof value === 'boolean') one(!value, 'same-kind-entity', 'flag-flipped', 3);

  for (const stale of staleValues(input, key, value)) taken(stale, 'stale-value', 'earlier-step', 4);

  if (typeof value === 'number') {
    const integer = Number.isInteger(value);
    if (isIdKey(key)) {
      const other = earlierIds(input, key, value).find((id) => /^\d+$/.test(id));
      // pyInt: an id past 2^53 (T-Eval's Airbnb 847456265351637680) stays exact, not the float64 847456265351637600.
      if (other) one(pyInt(other), 'same-kind-entity', 'earlier-id', 4);
      const p = perturbId(value, rng);
      if (p !== undefined) one(p, 'mistyped', 'id-digits', 3);
    } else {
      for (const u of UNIT_KEYS) if (u.re.test(key) || u.re.test(param?.description ?? '')) one(roundLike(u.convert(value), integer), 'format', u.variant, 3);
      // A coordinate is never taken from a count or a distance the request gives ("a 5 kilometers radius" is no longitude 5).
      const fromQuery = /^(lat|latitude|lon|lng|long|longitude)$/i.test(key) ? [] : querySpans(input.query).filter((s) => s.kind === 'number' && Number(s.text) !== value);
      for (const s of fromQuery) one(exactNumber(s.text), 'quantity', 'other-number-in-query', 3 / fromQuery.length);
      // Off by one only where one is a tenth or more of the value (the user's "3 days" → 2): 1001 for
      // 1000 is no error a reader can be sure of (nearMiss.ts). A larger number gets a zero too many or too few.
      if (integer && (Math.abs(value) <= 1 / NEAR_NUMBER_SHARE || namesByNumber(key))) {
        one(value + 1, 'quantity', 'off-by-one', 2);
        if (value > 1) one(value - 1, 'quantity', 'off-by-one', 2);
      } else if (integer) {
        one(value * 10, 'quantity', 'magnitude-slip', 2);
        if (value % 10 === 0) one(value / 10, 'quantity', 'magnitude-slip', 2);
      } else {
        one(roundLike(value * 10, false), 'quantity', 'magnitude-slip', 1);
      }
    }
  }

  if (typeof value === 'string') {
    for (const d of dateEdits(value)) one(d.to, 'format', d.variant, 4 / 2);
    for (const c of clockEdits(value)) one(c.to, 'format', c.variant, 3 / 2);
    const coords = COORDS.exec(value);
    if (coords) one(`${coords[2]},${coords[1]}`, 'format', 'coordinates-swapped', 3);
    if (isIdKey(key)) {
      const other = earlierIds(input, key, value)[0];
      if (other) taken(other, 'same-kind-entity', 'earlier-id', 4);
      const p = perturbId(value, rng);
      if (p !== undefined) one(p, 'mistyped', 'id-digits', 3);
    }
    const dirs = knownDirectories(input).filter((d) => d !== value);
    if (value.includes('/')) {
      const parts = value.split('/');
      const base = parts.pop()!;
      const otherDir = dirs.find((d) => !parts.includes(d));
      if (otherDir) one([...parts.slice(0, -1), otherDir, base].join('/'), 'same-kind-entity', 'path-wrong-directory', 3);
      one(base, 'format', 'path-directory-dropped', 2);
    } else if (/\.\w{1,5}$/.test(value) && dirs.length > 0) {
      for (const d of dirs) one(`${d}/${value}`, 'same-kind-entity', 'path-wrong-directory', 2 / dirs.length);
    } else if (/folder|dir|destination|path|location/i.test(key) && dirs.length > 0) {
      for (const d of dirs) taken(d, 'same-kind-entity', 'other-directory', 3 / dirs.length);
    }
    // Another entity of the same shape from the user's turn (a city for a city, a date for a date).
    const shape = shapeOf(value);
    const spans = querySpans(input.query)
      .map((s) => ({ text: s.text, affinity: shapeAffinity(shape, shapeOf(s.text)) }))
      .filter((s) => s.affinity >= 0.6 && !sameValue(s.text, value) && !value.includes(s.text) && !s.text.includes(value) && !namesATool(s.text, input))
      // The value another argument of this call already has is the swap below, not a new entity.
      .filter((s) => !Object.values(gtArgs(input)).some((v) => sameValue(v, s.text)));
    for (const s of spans) taken(s.text, 'same-kind-entity', 'other-entity-in-query', (3 * s.affinity) / spans.length);
    // Codes and names in the wrong letter case: 'start' for START, 'aapl' for AAPL. Not where the
    // service matches any case: "ibm" finds IBM's ticker as well as "IBM" does, so it is no error.
    if ((shape === 'code' || shape === 'name') && /[A-Z]/.test(value) && !matchedInAnyCase(key, param, value)) one(value.toLowerCase(), 'format', 'letter-case', 1);
  }

  if (Array.isArray(value)) {
    if (value.length >= 2) one(value.slice(0, -1), 'quantity', 'array-element-missing', 2);
  }

  if (isPlainObject(value)) {
    const keys = Object.keys(value);
    if (keys.length >= 1) {
      const dropped = { ...value };
      delete dropped[keys[keys.length - 1]];
      one(dropped, 'quantity', 'dict-entry-missing', 1);
    }
  }
  return out;
}

/** The values the trajectory gives for parameters, with their tools: the correct call's, earlier and later steps'. */
function givenValues(input: InjectionInput): GivenValue[] {
  const out: GivenValue[] = [];
  const add = (name: string, args: ToolArgs | string, where: string) => {
    if (!isPlainObject(args)) return;
    const doc = findTool(input.tools, name);
    for (const [key, value] of Object.entries(args)) {
      const param = doc ? paramIndex(doc).byName.get(key) : undefined;
      out.push({ key, value, where, tool: name, ...(param ? { param } : {}) });
    }
  };
  add(input.correct.name, gtArgs(input), 'the correct call');
  for (const step of input.earlier) add(step.name, step.args, 'an earlier call');
  for (const step of [...(input.validSteps ?? []), ...(input.laterInTurn ?? [])]) add(step.name, step.args, 'another step');
  return out;
}

/** Every value edit of the correct call that is of its parameter's kind and repeats no valid step, applied. */
function appliedEdits(input: InjectionInput, rng: Rng): { edit: ValueEdit; changed: ToolArgs }[] {
  const doc = findTool(input.tools, input.correct.name);
  if (!doc) return [];
  const params = paramIndex(doc);
  const args = gtArgs(input);
  const edits: ValueEdit[] = [];
  for (const [key, value] of Object.entries(args)) edits.push(...editsFor(key, value, params.byName.get(key), input, rng));

  // Swapped arguments: the two ends of a pair exchanged (source/destination, travel_from/travel_to).
  const keys = Object.keys(args);
  for (let i = 0; i < keys.length; i++) {
    for (let j = i + 1; j < keys.length; j++) {
      const [a, b] = [keys[i], keys[j]];
      const order = pairOrder(a, b);
      // A swap the request does not decide ("how far my workplace is from my home"; "compare A and B") is no error a reader can be sure of (valueDoubt.ts swapUndecided).
      if (order && typeof args[a] === typeof args[b] && !sameValue(args[a], args[b]) && !symmetricInEnds(doc) && !swapUndecided(input.query, args[order[0]], args[order[1]])) {
        edits.push({ family: 'same-kind-entity', variant: 'same-kind-entity:arguments-swapped', weight: 3, changes: [{ key: a, to: args[b] }, { key: b, to: args[a] }] });
      }
    }
  }
  // Only a slip of the right kind: no card id as a travel class, no email title as a location, no
  // place the request names as a paper topic (misplaced.ts slipProblem; a swap of two arguments is a real slip).
  const given = givenValues(input);
  const request = [...(input.earlierRequests ?? []), input.query].join('\n');
  const plausible = edits.filter(
    (edit) =>
      edit.variant === 'same-kind-entity:arguments-swapped' ||
      edit.changes.every(
        (c) =>
          !slipProblem(params.byName.get(c.key) ?? { name: c.key, type: 'any' }, c.to, args[c.key], given, request, input.tools, doc.name) &&
          // Wrong beyond doubt: no number within a tenth of the right one, no paraphrase of the right text (nearMiss.ts).
          nearMiss(c.key, args[c.key], c.to, request, isIdKey) === undefined,
      ),
  );
  // Beyond doubt for a reader too (valueDoubt.ts): a right value the case lets a model derive (no
  // translation nothing shown gives), a flag the request decides, no wider or narrower area for a
  // place, no value of another kind lifted from the request (a cuisine as a place, a word of a title as an author).
  const shown = [toJson(input.tools), request, ...input.earlier.map((s) => `${toJson(s.args)}\n${s.response ?? ''}`)].join('\n');
  const believable = plausible.filter((edit) =>
    edit.changes.every((c) => {
      const right = args[c.key];
      const param = params.byName.get(c.key) ?? { name: c.key, type: 'any' as const, description: '' };
      if (underivableTruth(right, shown)) return false;
      if (edit.variant === 'same-kind-entity:arguments-swapped') return true;
      if (typeof right === 'boolean' && undecidedFlag(c.key, param.description ?? '', right, request)) return false;
      // A flag flipped to the wider setting answers a superset that marks what was asked (valueDoubt.ts widensResult).
      if (typeof right === 'boolean' && typeof c.to === 'boolean' && widensResult(c.key, param.description ?? '', right, c.to)) return false;
      if (kindOfParam(param) === 'place' && areaSwap(right, c.to)) return false;
      return otherKind(param, right, c.to, request) === undefined;
    }),
  );
  const applied = believable
    // Every new value keeps its parameter's documented type (and its items'): a type slip is another mistake.
    .filter((edit) => edit.changes.every((c) => { const p = params.byName.get(c.key); return !p || typeProblem(p, args[c.key]) !== undefined || !typeBroken(p, c.to); }))
    .map((edit) => {
      const changed: ToolArgs = { ...args };
      for (const c of edit.changes) changed[c.key] = c.to;
      return { edit, changed };
    })
    .filter((e) => !repeatsValidStep({ name: doc.name, args: e.changed }, input));
  return applied;
}

/** How often each family is drawn where it applies (format and entity mix-ups are the commonest slips). */
const FAMILY_WEIGHT: Record<ValueFamily, number> = { format: 3, 'same-kind-entity': 3, quantity: 2, 'stale-value': 2, mistyped: 1 };

export const paramValueInjector: Injector = {
  type: 'parameters_value_error',
  applies(input) {
    if (Object.keys(gtArgs(input)).length === 0) {
      return { ok: false, reason: `the ground-truth call ${input.correct.name} passes no arguments; a parameter value error needs a value to get wrong` };
    }
    // Which edits exist does not depend on the draw; a fixed generator keeps this a pure question.
    if (appliedEdits(input, new SeededRng(0, 'applies')).length === 0) {
      return { ok: false, reason: `no argument of ${input.correct.name} has a realistic wrong value (format, quantity, same-kind entity, stale value, type confusion) that repeats no valid step and is wrong beyond doubt (a right value the case derives, a flag the request decides, no wider or narrower area, no value of another kind: valueDoubt.ts)` };
    }
    return { ok: true };
  },
  inject(input: InjectionInput, rng: Rng): Injection {
    const doc = findTool(input.tools, input.correct.name);
    if (!doc) throw new Error(`${input.correct.name} is not in the tool list`);
    const args = gtArgs(input);
    const applied = appliedEdits(input, rng);
    if (applied.length === 0) {
      throw new Error(`no value edit found for ${doc.name} ${show(args)} that is of its parameter's kind and repeats no valid step`);
    }
    // Choose the family first (FAMILY_WEIGHT, among those that apply), then one edit of it: a
    // parameter with many spans in its query must not drown the formats and quantities.
    const families = [...new Set(applied.map((e) => e.edit.family))].sort();
    const family = families[rng.weighted(families.map((f) => FAMILY_WEIGHT[f]))];
    const ofFamily = applied.filter((e) => e.edit.family === family);
    const { edit, changed } = ofFamily[rng.weighted(ofFamily.map((e) => e.edit.weight))];
    return {
      action: { name: doc.name, args: changed },
      family: edit.family,
      variant: edit.variant,
      detail: edit.changes.map((c) => `${c.key}: ${show(args[c.key], 40)} → ${show(c.to, 40)}`).join('; '),
    };
  },
};
