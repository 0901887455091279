/**
 * simulated_nearby_unlike_recorded: a simulated nearby search whose place and kind T-Eval recorded a
 * search of (up to spelling and synonyms) lists names no recording of it holds. T-Eval's run found
 * Hard Rock Cafe, Red Lobster, Havana Central, Carmine's and the Olive Garden for "restaurant" near
 * "Times Square"; a simulated "restaurant" search near "Times Square, New York City" listing "Bistro
 * Basile" at "388 West 44th Street" (teval_query_264_0) puts a made-up place where the benchmark's
 * own data says what is there. Hotels likewise ("Walnut Suites" on Mulberry Street among hotels near
 * Times Square, 35_0, where the recording found the Hilton and the Marriott Marquis).
 *
 * The recordings are read from the vendored T-Eval data (review_str_v1.json: every BINGMap
 * search_nearby answer that lists places), not from the simulator's tables; the kinds' synonyms
 * are this measure's own.
 */
import { readFileSync } from 'node:fs';
import type { CaseMeasure } from '../types.js';
import { planArgStrings, simulatedDefectAmong } from '../evidence.js';
import { parseToolResponse } from '../../prompts/parseAction.js';
import { isPlainObject } from '../../errors/values.js';
import { distanceKm, placesNamedIn } from '../../resolution/places.js';
import { nearbyCentre } from './simulatedGeo.js';
import { REPO_ROOT } from '../../repoRoot.js';
import { join } from 'node:path';

/** Words a search term uses for one kind of place: a restaurant search is one for eateries. */
const KIND_WORDS: [kind: string, words: RegExp][] = [
  ['restaurant', /^(?:restaurants?|eater(?:y|ies)|dining|places? to eat|food places?|diners?)$/],
  ['hotel', /^(?:hotels?|accommodations?|lodging|lodgings|places? to stay|stays?)$/],
  ['museum', /^museums?$/],
  ['coffee shop', /^(?:coffee shops?|caf(?:e|é)s?|coffee)$/],
  ['research institution', /^research (?:institutions?|institutes?|centers?|centres?)$/],
  ['hospitality establishment', /^hospitality establishments?$/],
];

/** The kind a search term asks for ("eateries" → restaurant), undefined for a term no kind word names. */
export function kindOfTerm(term: string): string | undefined {
  const t = term.toLowerCase().replace(/^(?:the\s+)?(?:(?:best|top|good|popular|nearby|local)\s+)+/, '').trim();
  return KIND_WORDS.find(([, re]) => re.test(t))?.[0];
}

export interface RecordedNearby {
  kind: string;
  at: { lat: number; lon: number };
  names: string[];
}

/** Where a search is centred: its coordinates, the landmark it names, else the first known place its `places` names (a town). */
function centreOf(args: Record<string, unknown>, doc?: Parameters<typeof nearbyCentre>[1]): { lat: number; lon: number } | undefined {
  const c = nearbyCentre(args, doc);
  if (c) return c;
  const place = Object.entries(args).find(([k, v]) => /^(?:places?|location|near)$/i.test(k) && typeof v === 'string')?.[1] as string | undefined;
  return place ? placesNamedIn(place)[0] : undefined;
}

function termOf(args: Record<string, unknown>): string | undefined {
  return Object.entries(args).find(([k, v]) => /search_?term|keyword|query/i.test(k) && typeof v === 'string')?.[1] as string | undefined;
}

let recorded: RecordedNearby[] | undefined;

/** Every recorded BINGMap nearby search that listed places, with the kind and centre of its call. */
export function recordedNearbySearches(): RecordedNearby[] {
  if (recorded) return recorded;
  // The vendored recordings read as data (pipeline/ imports no module of sources/): the measure's own reading, not the simulator's table.
  const reviews = JSON.parse(readFileSync(join(REPO_ROOT, 'sources', 'teval', 'data', 'review_str_v1.json'), 'utf8')) as Record<string, { origin_prompt: { content: string }[] }>;
  const out: RecordedNearby[] = [];
  for (const r of Object.values(reviews)) {
    const text = r.origin_prompt[r.origin_prompt.length - 1]?.content ?? '';
    const m = /Name: BINGMap\.search_nearby\nArgs: (.*)\nResponse: (.*)/.exec(text);
    if (!m) continue;
    const args = parseToolResponse(m[1]);
    const answer = parseToolResponse(m[2]);
    if (!isPlainObject(args) || !isPlainObject(answer) || !Array.isArray(answer.places)) continue;
    const term = termOf(args);
    const kind = term ? kindOfTerm(term) : undefined;
    const at = centreOf(args);
    const names = answer.places.filter(isPlainObject).map((p) => String(p.name));
    if (kind && at && names.length) out.push({ kind, at, names });
  }
  return (recorded = out);
}

/** How far two centres may be and still be one place spelt two ways ("Times Square" and "Times Square, New York City"). */
const SAME_PLACE_KM = 0.3;

export function nearbyUnlikeRecorded(action: { name: string; args: unknown }, response: string, written: readonly string[], records: RecordedNearby[], doc?: Parameters<typeof nearbyCentre>[1]): string | null | undefined {
  if (!/nearby/i.test(action.name) || !isPlainObject(action.args)) return undefined;
  const term = termOf(action.args);
  const kind = term ? kindOfTerm(term) : undefined;
  const at = centreOf(action.args, doc);
  if (!kind || !at) return undefined;
  const same = records.filter((r) => r.kind === kind && distanceKm(r.at, at) <= SAME_PLACE_KM);
  if (!same.length) return undefined;
  const v = parseToolResponse(response);
  if (!isPlainObject(v) || 'error' in v) return undefined;
  const list = Object.values(v).find((x) => Array.isArray(x));
  if (!Array.isArray(list)) return undefined;
  const known = new Set(same.flatMap((r) => r.names.map((n) => n.toLowerCase())));
  // A name the task's own plan writes (a place a later step copies) is the task's, whatever the recording of another call found.
  const hit = list.filter(isPlainObject).map((p) => String(p.name ?? '')).find((n) => n && !known.has(n.toLowerCase()) && !written.some((w) => w.includes(n.toLowerCase())));
  return hit ? `"${hit}" among ${kind}s near where T-Eval recorded a ${kind} search finding ${same[0].names.slice(0, 3).map((n) => `"${n}"`).join(', ')} …` : null;
}

export const simulatedNearbyUnlikeRecorded: CaseMeasure = {
  kind: 'case',
  id: 'simulated_nearby_unlike_recorded',
  group: 'solvable',
  title: 'a simulated nearby search whose place and kind T-Eval recorded a search of (up to spelling and synonyms) lists a name no recording holds: "Bistro Basile" at "388 West 44th Street" among restaurants near "Times Square, New York City", where the recorded search found Hard Rock Cafe, Red Lobster, Carmine\'s …',
  population: 'cases showing a simulated nearby-search answer whose kind and centre match a recorded BINGMap search_nearby',
  check: (tc, ctx) => {
    const records = recordedNearbySearches();
    const written = planArgStrings(tc, ctx).map((w) => w.toLowerCase());
    return simulatedDefectAmong(tc, ctx, (step) => nearbyUnlikeRecorded(step.action, step.response!.content, written, records, tc.tools.find((d) => d.name === step.action.name)));
  },
};
