/**
 * What this task's own recordings say about a record a simulated list must hold. A simulated
 * property search carries the id a later get_property_details takes; when that later answer is
 * recorded ("Home in Hawthorne · ★4.88 · …", reviews of "Marina Motel"), the search must not call
 * the same id "Charming house in Los Angeles, 52 Vermont Avenue". The whole trajectory is known when
 * resolve plans its answers, so recordings after the step count as much as those before it.
 */
import { parseToolResponse } from '../prompts/parseAction.js';
import { isPlainObject, sameValue } from '../errors/values.js';

export interface RecordFacts {
  /** The record's name as the recording gives it ("Home in Hawthorne"). */
  name?: string;
  /** The town the recording puts it in (the name says it; the address keeps the town the call searched). */
  town?: string;
  /** Where the recording puts it (a details answer's latitude and longitude): a simulated address of it lies there. */
  point?: { lat: number; lon: number };
}

/** A lodging's own name in a review ("Marina Motel", "Aloft Long Island"), when a review names one. */
const LODGING = /\b((?:[A-Z][\w'&-]+\s){1,3}(?:Motel|Hotel|Hostel|Inn|Lodge))\b|\b((?:Aloft|Hilton|Marriott|Hyatt|Sheraton|Holiday Inn|Best Western)(?:\s[A-Z][\w'-]+){0,2})\b/;

/** The facts one recorded answer gives about the record it describes; undefined when it gives none. */
export function factsOfRecording(content: string): RecordFacts | undefined {
  const v = parseToolResponse(content);
  if (!isPlainObject(v) || 'error' in v || 'text' in v) return undefined;
  const lat = typeof v.latitude === 'number' ? v.latitude : typeof v.lat === 'number' ? v.lat : undefined;
  const lon = typeof v.longitude === 'number' ? v.longitude : typeof v.lng === 'number' ? v.lng : typeof v.lon === 'number' ? v.lon : undefined;
  const point = lat !== undefined && lon !== undefined && Math.abs(lat) <= 90 && Math.abs(lon) <= 180 ? { point: { lat, lon } } : {};
  if (typeof v.title === 'string') {
    // Airbnb's details title: "Rental unit in Queens · ★4.81 · 1 bedroom · …".
    const m = /^\s*([\p{L}][\p{L} '-]*?) in ([^·]+?)\s+·/u.exec(v.title);
    if (m) return { name: `${m[1]} in ${m[2].trim()}`, town: m[2].trim(), ...point };
  }
  if (point.point) return point;
  if (Array.isArray(v.reviews)) {
    for (const r of v.reviews) {
      const text = isPlainObject(r) ? Object.values(r).filter((x): x is string => typeof x === 'string').join(' ') : typeof r === 'string' ? r : '';
      const m = LODGING.exec(text);
      if (m) return { name: (m[1] ?? m[2]).trim() };
    }
  }
  return undefined;
}

/** The same id, whether a parser kept it as a bigint (941597372112246343n) or as the nearest number. */
export function sameId(a: unknown, b: unknown): boolean {
  if (sameValue(a, b)) return true;
  const big = typeof a === 'bigint' ? a : typeof b === 'bigint' ? b : undefined;
  const num = typeof a === 'number' ? a : typeof b === 'number' ? b : undefined;
  if (big !== undefined && num !== undefined) return Number(big) === num;
  return (typeof a === 'string' || typeof a === 'number' || typeof a === 'bigint') && (typeof b === 'string' || typeof b === 'number' || typeof b === 'bigint') && String(a).trim() === String(b).trim();
}

/**
 * The facts the recorded answers of the steps after `at` give about `value`: the first recording of a
 * call that takes it as an argument and says something about it.
 */
export function recordedFactsAbout(value: unknown, steps: { args: unknown; recorded: string | undefined }[], at: number): RecordFacts | undefined {
  // The first recording that names it, and the first that places it (one details answer may do both).
  let named: RecordFacts | undefined;
  let point: RecordFacts['point'];
  for (let m = 0; m < steps.length; m++) {
    if (m === at) continue;
    const { args, recorded } = steps[m];
    if (!recorded || !isPlainObject(args) || !Object.values(args).some((a) => sameId(a, value))) continue;
    const facts = factsOfRecording(recorded);
    if (!named && (facts?.name || facts?.town)) named = { ...(facts.name ? { name: facts.name } : {}), ...(facts.town ? { town: facts.town } : {}) };
    point ??= facts?.point;
  }
  return named || point ? { ...named, ...(point ? { point } : {}) } : undefined;
}
