/**
 * When is an extra tool "the same function" as a tool the case uses? Extra Tools must add
 * distractors, never a second correct answer, so evolve excludes and verify re-checks:
 *
 *   1. same name (`Toolkit.api`) — the same tool;
 *   2. same api name in any toolkit (`A.get_weather` vs `B.get_weather`), compared after
 *      normalising case, `_`, camelCase and a plural (`GaodeMap.get_coordinate` vs
 *      `BINGMap.get_coordinates`);
 *   2b. any toolkit, the same thing looked up: both api names a lookup verb (get, estimate, compute,
 *      find, ...) and the same object once verbs, sources ("from_google") and fillers are left out,
 *      an abbreviation counting as its word (`BINGMap.get_distance` vs
 *      `VehicleControlAPI.estimate_distance`, `TimeTool.get_curr_time` vs
 *      `TradingBot.get_current_time`);
 *   3. same toolkit and similar api names: Jaccard similarity of their word sets ≥ 0.5
 *      (`TravelAPI.book_flight` vs `TravelAPI.book_flight_ticket`), or one word set inside the other;
 *   4. any toolkit, descriptions that say the same thing: Jaccard similarity of their content-word
 *      sets (lower-cased, stop words dropped, plural `s` stripped, words of 3+ letters) ≥ 0.5, when
 *      both descriptions have at least 4 content words (shorter ones say too little to compare).
 *      A BFCL doc is compared on its own text (after "Tool description:"): the toolkit preamble
 *      they share would make every pair of one toolkit alike, and the words of two preambles
 *      would drown what two tools of different toolkits do (`TradingBot.get_symbol_by_name` vs
 *      `PolygonFinance.search_stock_ticker`).
 *
 * The thresholds are deliberately conservative: a distractor wrongly excluded costs nothing, a
 * duplicate wrongly admitted makes the ground truth ambiguous.
 */
import { ownDescription } from '../toolDescription.js';
import type { ToolDoc } from '../schemas.js';

export const NAME_JACCARD = 0.5;
export const DESCRIPTION_JACCARD = 0.5;
const MIN_DESCRIPTION_WORDS = 4;

const STOP = new Set(
  'the and for with from that this into onto are was were will can may its it’s has have had not but you your our their them they then than when what which who whom whose how all any each per via use used uses using given based also only just more most such other some over under about above after before between both same own very should would could one two a an of to in on by or as at be is if do does'.split(
    ' ',
  ),
);

// Word sets are asked for the same names and descriptions many thousand times (every candidate
// against every listed tool of every case), so they are computed once per string.
const nameMemo = new Map<string, string[]>();
const contentMemo = new Map<string, Set<string>>();

export function nameWords(identifier: string): string[] {
  let words = nameMemo.get(identifier);
  if (!words) nameMemo.set(identifier, (words = splitName(identifier)));
  return words;
}

function splitName(identifier: string): string[] {
  return identifier
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** Content words of a text; the returned set is shared, do not modify it. */
export function contentWords(text: string): Set<string> {
  let words = contentMemo.get(text);
  if (!words) contentMemo.set(text, (words = splitContent(text)));
  return words;
}

function splitContent(text: string): Set<string> {
  const out = new Set<string>();
  for (const w of text.toLowerCase().split(/[^a-z0-9]+/)) {
    if (w.length < 3 || STOP.has(w)) continue;
    out.add(w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w);
  }
  return out;
}

export function jaccard<T>(a: Set<T>, b: Set<T>): number {
  if (a.size === 0 && b.size === 0) return 1;
  let inter = 0;
  for (const x of a) if (b.has(x)) inter++;
  return inter / (a.size + b.size - inter);
}

const stemWord = (w: string) => (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w);

/** Verbs of an api name that look something up without changing anything. */
const LOOKUP_VERBS = new Set(['get', 'fetch', 'retrieve', 'estimate', 'compute', 'calculate', 'find', 'search', 'lookup', 'query', 'list', 'show', 'display', 'check']);
/** Words of an api name that say where from or how, not what: `get_outside_temperature_from_google`. */
const NAME_FILLERS = new Set(['by', 'from', 'of', 'for', 'with', 'to', 'on', 'in', 'the', 'a', 'based', 'info', 'information', 'detail', 'details', 'data']);

/** What a lookup api fetches ("get_curr_time" -> ["curr", "time"]), or undefined when its name does not open with a lookup verb. */
function lookupObject(words: string[]): string[] | undefined {
  if (!LOOKUP_VERBS.has(words[0] ?? '')) return undefined;
  const from = words.indexOf('from');
  const object = (from > 0 ? words.slice(1, from) : words.slice(1)).filter((w) => !NAME_FILLERS.has(w) && !LOOKUP_VERBS.has(w)).map(stemWord);
  return object.length ? object : undefined;
}

/** One word the abbreviation of the other ("curr" of "current", "temp" of "temperature"), or the same. */
function sameNameWord(a: string, b: string): boolean {
  return a === b || (a.length >= 3 && b.length >= 3 && (a.startsWith(b) || b.startsWith(a)));
}


function split(name: string): { toolkit: string; api: string } {
  const dot = name.indexOf('.');
  return dot < 0 ? { toolkit: '', api: name } : { toolkit: name.slice(0, dot), api: name.slice(dot + 1) };
}

/** Why `candidate` counts as the same function as `used`, or undefined when it is a fair distractor. */
export function sameFunction(candidate: Pick<ToolDoc, 'name' | 'description'>, used: Pick<ToolDoc, 'name' | 'description'>): string | undefined {
  if (candidate.name === used.name) return `same name ${used.name}`;
  const a = split(candidate.name);
  const b = split(used.name);
  const wa = nameWords(a.api);
  const wb = nameWords(b.api);
  if (wa.map(stemWord).join('_') === wb.map(stemWord).join('_')) return `same api name as ${used.name}`;
  const oa = lookupObject(wa);
  const ob = lookupObject(wb);
  if (oa && ob && oa.length === ob.length && oa.every((w, i) => sameNameWord(w, ob[i]))) return `looks up the same thing as ${used.name} (${ob.join(' ')})`;
  if (a.toolkit === b.toolkit) {
    const sa = new Set(wa);
    const sb = new Set(wb);
    const j = jaccard(sa, sb);
    if (j >= NAME_JACCARD) return `same toolkit and similar name as ${used.name} (name Jaccard ${j.toFixed(2)})`;
    if ([...sa].every((w) => sb.has(w)) || [...sb].every((w) => sa.has(w))) return `same toolkit and a name contained in ${used.name}`;
  }
  const da = contentWords(ownDescription(candidate.description));
  const db = contentWords(ownDescription(used.description));
  if (da.size >= MIN_DESCRIPTION_WORDS && db.size >= MIN_DESCRIPTION_WORDS) {
    const j = jaccard(da, db);
    if (j >= DESCRIPTION_JACCARD) return `description overlaps ${used.name}'s (content-word Jaccard ${j.toFixed(2)})`;
  }
  return undefined;
}

/** The first conflict of `candidate` with any of `used`. */
export function conflictWith(candidate: Pick<ToolDoc, 'name' | 'description'>, used: Pick<ToolDoc, 'name' | 'description'>[]): string | undefined {
  // Name rules against every used tool first, so the reason given is the strongest one.
  for (const u of used) {
    const why = sameFunction(candidate, { name: u.name, description: '' });
    if (why) return why;
  }
  for (const u of used) {
    const why = sameFunction(candidate, u);
    if (why) return why;
  }
  return undefined;
}
