/**
 * A listing's availability and what the plan does next (teval_query_114_0: check_availability
 * answered every day "available": False for property 691676460109271194, then the plan, for "find
 * properties in New York City that are available from October 24 to October 31", went on to
 * get_property_details of it; 127_1: "not available on 2023-10-25", then the checkout price from
 * 2023-10-25). A careful agent drops a listing found unavailable, so a case whose next step goes on
 * with it asks for what a careful agent would not do. The simulator draws an availability flag; when
 * a later step of the plan acts on the same record (its id under another tool), the record is
 * available, so what the plan does next follows. Shared by resolve (which tells the simulator) and
 * the plan_goes_on_unavailable measure (which counts what reaches the cases).
 */
import { isPlainObject } from '../errors/values.js';
import type { ToolDoc } from '../schemas.js';

/** A return field that says whether a thing is available ("availability", "available"). */
export const AVAILABILITY_FIELD = /availab/i;

/** An argument that names one record by its id (propertyId, property_id, room_id, movie_id). */
const ID_KEY = /(?:^|_)id$|[a-z]Id$/;

/** The ids a call's arguments name, as strings. */
export function idsNamed(args: unknown): string[] {
  if (!isPlainObject(args)) return [];
  return Object.entries(args)
    .filter(([k, v]) => ID_KEY.test(k) && ((typeof v === 'number' && Number.isFinite(v)) || typeof v === 'bigint' || (typeof v === 'string' && v.trim() !== '')))
    .map(([, v]) => String(v).trim());
}

/** What a request finds or picks: a stay, a room, a listing. */
const THINGS = String.raw`(?:propert(?:y|ies)|accommodations?|rentals?|listings?|places?|stays?|homes?|apartments?|hotels?|rooms?|options?|ones|airbnbs?|lodgings?)`;
/**
 * The request picks things by being available ("the first available rental property", "available
 * accommodations in Bali", "properties in New York City that are available from October 24"), not
 * only asks whether they are ("could you verify if these properties are available"): then a thing
 * found unavailable is not one it asked about.
 */
const PICKS_AVAILABLE = new RegExp(
  String.raw`\bavailable (?:[\w-]+ ){0,2}${THINGS}\b|\b${THINGS}\b[^.?!]{0,60}?\b(?:that|which) (?:are|is) (?:still )?available\b|\b${THINGS} available\b`,
  'i',
);

export function picksAvailable(request: string): boolean {
  return PICKS_AVAILABLE.test(request);
}

/** Does the tool answer whether a thing is available (a return field named for it)? */
export function answersAvailability(doc: Pick<ToolDoc, 'return_data'> | undefined): boolean {
  return !!doc && doc.return_data.some((r) => AVAILABILITY_FIELD.test(r.name));
}

/**
 * Does a later step of the plan (after `at`) act on a record the call at `at` names: its id under
 * another tool (get_property_details, get_property_reviews, get_property_checkout_price after
 * check_availability of the same property)?
 */
export function planGoesOnWith(at: number, steps: readonly { name: string; args: unknown }[]): boolean {
  const ids = idsNamed(steps[at]?.args);
  if (!ids.length) return false;
  return steps.some((s, m) => m > at && s.name !== steps[at].name && idsNamed(s.args).some((v) => ids.includes(v)));
}

/**
 * Does a parsed answer say the thing is not available, every flag it gives false: {'availability':
 * False}, or day by day [{'date': …, 'available': False}, …] with no day available?
 */
export function saysUnavailable(answer: unknown): boolean {
  if (!isPlainObject(answer)) return false;
  const flags: boolean[] = [];
  for (const [field, value] of Object.entries(answer)) {
    if (!AVAILABILITY_FIELD.test(field)) continue;
    if (typeof value === 'boolean') flags.push(value);
    else if (Array.isArray(value)) {
      for (const r of value) {
        if (!isPlainObject(r)) continue;
        for (const [k, v] of Object.entries(r)) if (typeof v === 'boolean' && (AVAILABILITY_FIELD.test(k) || Object.keys(r).length === 2)) flags.push(v);
      }
    }
  }
  return flags.length > 0 && flags.every((f) => !f);
}
