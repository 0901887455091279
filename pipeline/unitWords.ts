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
  const text = [doc.description, ...(doc.return_data ?? []).map((r) => r.description)].join(' ');
  const km = /\bin (?:km|kilomet(?:er|re)s)\b/i.test(text);
  const mi = /\bin miles\b/i.test(text);
  return km === mi ? undefined : km ? 'km' : 'miles';
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
