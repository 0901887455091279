/**
 * Distances a plan writes in another unit than the tool that gave them: T-Eval's plan puts
 * get_distance's 4488.454 (its doc: "the distance in km") on a slide as "Total Distance: 4488.454
 * miles" (teval_query_34_0). The number is the tool's; the unit word is the plan's slip. Standardize
 * writes the tool's unit (repairUnits); the quality report's gt_number_unit_off_doc counts what is left.
 */
import type { ToolDoc } from './schemas.js';

export type DistanceUnit = 'km' | 'miles';

const UNIT_WORD = /(\d[\d,]*(?:\.\d+)?)(\s*)(km|kilomet(?:er|re)s?|miles?)\b/gi;
const unitOf = (word: string): DistanceUnit => (/^mile/i.test(word) ? 'miles' : 'km');

/** The distance unit a tool's doc gives its answers in ("the distance in km"), if it names one. */
export function docDistanceUnit(doc: ToolDoc | undefined): DistanceUnit | undefined {
  if (!doc) return undefined;
  return paramDistanceUnit([doc.description, ...(doc.return_data ?? []).map((r) => r.description)].join(' '));
}

/** The numbers an answer gives (three digits or a decimal point: no "1", "2" of a list), each with its doc's unit. */
export function answeredDistances(doc: ToolDoc | undefined, content: string, into: Map<string, DistanceUnit>): void {
  const unit = docDistanceUnit(doc);
  if (!unit) return;
  for (const m of content.matchAll(/(?<![\d.])\d+(?:\.\d+)?(?![\d.])/g)) if (m[0].includes('.') || m[0].length >= 3) into.set(m[0], unit);
}

/** Each number of `text` an answer gave, written with another unit than the answer's: the number, the unit written, the answer's. */
export function unitsOffAnswers(text: string, answered: ReadonlyMap<string, DistanceUnit>): { n: string; written: string; unit: DistanceUnit }[] {
  return [...text.matchAll(UNIT_WORD)].flatMap((m) => {
    const unit = answered.get(m[1].replace(/,/g, ''));
    return unit && unit !== unitOf(m[3]) ? [{ n: m[1], written: m[3], unit }] : [];
  });
}

/**
 * `text` with each such number's unit written as its answer's ("4488.454 miles" → "4488.454 km"); the
 * text itself when none. `pending` is the unit of an earlier distance call not answered yet: resolve
 * answers it with the number the plan writes after it (34_0's get_distance carries the slide's
 * 4488.454), in its doc's unit, so a distance the plan writes in another unit is that call's too.
 */
export function repairUnits(text: string, answered: ReadonlyMap<string, DistanceUnit>, pending?: DistanceUnit): string {
  return text.replace(UNIT_WORD, (whole, n: string, sp: string, word: string) => {
    const unit = answered.get(n.replace(/,/g, '')) ?? pending;
    return unit && unit !== unitOf(word) ? `${n}${sp}${unit}` : whole;
  });
}

/** The distance unit of a distance call (its name says distance, its doc names the unit): what an answer to it will be in. */
export function distanceCallUnit(name: string, doc: ToolDoc | undefined): DistanceUnit | undefined {
  return /distance/i.test(name) ? docDistanceUnit(doc) : undefined;
}

/** The distance unit a text names ("The distance to travel in miles", "the distance in km"), if it names exactly one: a parameter's doc, or a tool's with its return data. */
export function paramDistanceUnit(description: string | undefined): DistanceUnit | undefined {
  const text = description ?? '';
  const km = /\bin (?:km|kilomet(?:er|re)s)\b/i.test(text);
  const mi = /\bin miles\b/i.test(text);
  return km === mi ? undefined : km ? 'km' : 'miles';
}

/**
 * Each numeric argument of `call` that is a distance an answer gave (`answered`, its doc's unit) passed
 * to a parameter whose doc asks for another unit: BFCL's ground truth passes estimate_distance's 980
 * ("The distance between the two cities in km") to estimate_drive_feasibility_by_mileage ("The
 * distance to travel in miles", bfcl_multi_turn_base_85). A careful model converts to 609 miles, so
 * a case expecting 980 scores the reading the docs ask for as wrong.
 */
export function argUnitsOffAnswers(call: { name: string; args: unknown }, doc: ToolDoc | undefined, answered: ReadonlyMap<string, DistanceUnit>): { key: string; value: number; asked: DistanceUnit; unit: DistanceUnit }[] {
  if (!doc || typeof call.args !== 'object' || call.args === null || Array.isArray(call.args)) return [];
  const out: { key: string; value: number; asked: DistanceUnit; unit: DistanceUnit }[] = [];
  for (const [key, value] of Object.entries(call.args as Record<string, unknown>)) {
    const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d+(?:\.\d+)?$/.test(value.trim()) ? Number(value) : undefined;
    if (n === undefined) continue;
    const param = [...doc.required_parameters, ...doc.optional_parameters].find((p) => p.name === key);
    const asked = paramDistanceUnit(param?.description);
    if (!asked) continue;
    const unit = [...answered].find(([text]) => Number(text) === n)?.[1];
    if (unit && unit !== asked) out.push({ key, value: n, asked, unit });
  }
  return out;
}

/** A number told with a unit in an answer: "750 km", "the 750-mile drive", "2940 RMB". */
export interface Quantity {
  index: number;
  /** The matched text, number and unit ("750-mile"). */
  text: string;
  /** The number as written, commas and a trailing ".0" dropped ("750"). */
  number: string;
  /** What the unit measures: distance, volume, temperature, money. */
  dim: string;
  /** The unit, one name per unit ("km", "mile", "liter", "USD"). */
  unit: string;
  /** The unit as the text wrote it ("miles", "kilometres", "RMB"). */
  word: string;
}

const QUANTITY = /(?<![\d.])(\d[\d,]*(?:\.\d+)?)(\s*|-)(km|kilomet(?:re|er)s?|miles?|mi|gallons?|lit(?:re|er)s?|°[CF]|degrees? (?:Celsius|Fahrenheit)|USD|EUR|GBP|RMB|CNY|JPY|dollars?|euros?)\b/g;
const UNIT_DIM: [string, RegExp][] = [
  ['distance', /^(?:km|kilomet(?:re|er)s?|mi|miles?)$/i],
  ['volume', /^(?:gallons?|lit(?:re|er)s?)$/i],
  ['temperature', /^(?:°?[CF]|degrees? (?:Celsius|Fahrenheit))$/i],
  ['money', /^(?:USD|EUR|GBP|RMB|CNY|JPY|dollars?|euros?)$/i],
];
const UNIT_NAME: Record<string, string> = { km: 'km', kilometre: 'km', kilometer: 'km', mi: 'mile', mile: 'mile', gallon: 'gallon', litre: 'liter', liter: 'liter', dollar: 'USD', euro: 'EUR', celsius: 'C', fahrenheit: 'F', c: 'C', f: 'F' };

/** Every number an answer tells with a unit, in order. */
export function quantitiesIn(text: string): Quantity[] {
  const out: Quantity[] = [];
  for (const m of text.matchAll(QUANTITY)) {
    const dim = UNIT_DIM.find(([, re]) => re.test(m[3]))?.[0];
    if (!dim) continue;
    const raw = m[3].toLowerCase().replace(/^degrees? /, '').replace(/^°/, '').replace(/s$/, '');
    out.push({ index: m.index!, text: m[0], number: m[1].replace(/,/g, '').replace(/\.0+$/, ''), dim, unit: UNIT_NAME[raw] ?? raw.toUpperCase(), word: m[3] });
  }
  return out;
}

/**
 * The numbers a request states with a unit, as "dim:number" ("10000 RMB" → "money:10000"): a quantity of
 * the user's own, so the same number in another unit later (a flight's 10000 USD) is another quantity.
 */
export function statedQuantities(requests: string[]): Set<string> {
  return new Set(requests.flatMap((r) => quantitiesIn(r).map((q) => `${q.dim}:${q.number}`)));
}

/**
 * One number told in two units of one dimension across a trajectory's answers (`earlier` first, then
 * `answer`), the user's own quantities aside: each later telling keeps the unit the trajectory used
 * first ("the distance is 750 km", then "the car cannot make the 750 km drive", never "the 750-mile
 * drive": BFCL passes estimate_distance's km figure to a check whose doc counts miles). Not money.
 */
export function keepFirstUnits(answer: string, earlier: string[], requests: string[]): string {
  const stated = statedQuantities(requests);
  const first = new Map<string, Quantity>();
  for (const a of earlier) for (const q of quantitiesIn(a)) if (!first.has(`${q.dim}:${q.number}`)) first.set(`${q.dim}:${q.number}`, q);
  let out = '';
  let at = 0;
  // Money keeps its tool's currency: an amount is the record's (a budget set "in USD"), and the doc's currency is
  // what answer_unitless_number holds it to (bfcl_multi_turn_base_162 sets 2940, the RMB figure, as a USD budget: left).
  for (const q of quantitiesIn(answer).filter((x) => x.dim !== 'money')) {
    const key = `${q.dim}:${q.number}`;
    const before = first.get(key);
    if (!before) {
      first.set(key, q);
      continue;
    }
    if (before.unit === q.unit || stated.has(key)) continue;
    out += `${answer.slice(at, q.index)}${answer.slice(q.index, q.index + q.text.length - q.word.length).replace(/-$/, ' ')}${before.word}`;
    at = q.index + q.text.length;
  }
  return out + answer.slice(at);
}
