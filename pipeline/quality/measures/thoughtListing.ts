/**
 * How a CoT thought says where a value read off a tool answer stands there, judged against the
 * answers the case shows: a loop over one listing that places each item afresh, as if the listing
 * were new each time ("`search_property_by_place` says there are three properties, and the second …"
 * right after "… and the first …"), where a careful person goes on "the next property, …"; and a
 * value said to come from an answer that holds it only inside a longer text ("Room 102: available")
 * while an earlier answer or the user gave it as a value of its own (the free rooms {'rooms': [102]}).
 */
import type { CaseMeasure } from '../types.js';
import { sentencesOf, QUOTED_TEXT } from '../grammar.js';
import { holdsValue } from '../../thoughtPhrases.js';
import { apiOf } from '../../errors/values.js';
import { thoughtsVerdict, walkThoughts } from './thoughtAnswerTie.js';

const ORDINAL_WORDS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];
/** A sentence naming the tool whose answer it reads (or the last call), then what it read. */
const SOURCED = /^(?:`([^`]+)` (?:says|said earlier that|told me last time that|lists|listed|returned)|From `([^`]+)` I know that|(The last call) tells me)\b(.*)$/;

/** The listing place a sentence gives an item, with the tool it names as its source: undefined for none. */
export function listingPlace(sentence: string, lastApi: string | undefined): { api: string; at: number } | undefined {
  const m = SOURCED.exec(sentence.trim());
  if (!m) return undefined;
  const api = m[1] ?? m[2] ?? (m[3] ? lastApi : undefined);
  const clause = m[4].replace(QUOTED_TEXT, '""');
  const ord = new RegExp(`\\bthe (${ORDINAL_WORDS.join('|')})\\b`).exec(clause);
  return api && ord ? { api, at: ORDINAL_WORDS.indexOf(ord[1]) } : undefined;
}

/**
 * The thoughts of a CoT case (as walkThoughts meets them) that place an item of a listing afresh — naming
 * the tool again with the item's place — right after the thought of the call before, in the same turn,
 * placed an earlier item of that tool's listing. Undefined when no two thoughts in a row place items of one
 * listing.
 */
export function listingPlacedAfresh(tc: Parameters<typeof walkThoughts>[0]): string[] | undefined {
  if (!tc.cot) return undefined;
  let last: { api: string; at: number } | undefined;
  let lastApi: string | undefined;
  let pairs = 0;
  const out: string[] = [];
  walkThoughts(tc, {
    user: () => (last = undefined),
    answer: (_content, call) => (lastApi = call ? apiOf(call.name) : undefined),
    thought: (thought) => {
      const place = thought ? sentencesOf(thought).map((s) => listingPlace(s, lastApi)).find(Boolean) : undefined;
      const goesOn = !!thought && /(?:^|\. )The (?:next|[a-z]+) listed /.test(thought);
      if (last && (place?.api === last.api || goesOn)) {
        pairs++;
        if (place && place.api === last.api && place.at > last.at) out.push(`"${thought!.slice(0, 140)}"`);
      }
      last = place ?? (goesOn && last ? { api: last.api, at: last.at + 1 } : undefined);
    },
  });
  return pairs ? out : undefined;
}

export const thoughtListingPlacedAfresh: CaseMeasure = {
  kind: 'case',
  id: 'thought_listing_placed_afresh',
  group: 'text',
  title: 'CoT: a loop over a listing places each item afresh, naming its tool and its place again as if the listing were new ("From `search_property_by_place` I know that there are three properties, and the second, …" right after "… and the first, …"), instead of going on "The next listed property, …"',
  population: 'CoT cases with two thoughts in a row placing items of one listing',
  check(tc) {
    const bad = listingPlacedAfresh(tc);
    if (bad === undefined) return undefined;
    return thoughtsVerdict(bad);
  },
};

/** Does a tool answer (JSON or a Python literal) hold the value as a scalar of its own, not inside a longer text? */
export function holdsAsValue(content: string, value: string): boolean {
  const v = value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // A number also as the float an answer writes it (2940 as 2940.0).
  return new RegExp(`(?:^|[\\[{,:]\\s*)(?:(['"])${v}\\1|${v}(?:\\.0+)?)\\s*(?=[,\\]}]|$)`).test(content.trim());
}

/** A sentence saying a value comes from what a tool returned: the tool it names. */
const CITES = /(?:^|[.;] |, and )(?:`([^`]+)` (?:says|said earlier that|told me last time that|returned)|From `([^`]+)` I know that)\b|\bcomes? from what `([^`]+)` returned\b|, the one `([^`]+)` gave\b/g;

/**
 * The thoughts of a CoT case that say a value comes from a tool whose answer holds it only inside a longer
 * text, while an earlier answer held it as a value of its own or the user's words give it. Each as
 * `value (cited tool)`; undefined when no thought cites a tool for a value it passes.
 */
export function tieCitesProse(tc: Parameters<typeof walkThoughts>[0]): string[] | undefined {
  if (!tc.cot) return undefined;
  const answers: { api: string; content: string }[] = [];
  const users: string[] = [];
  let cites = 0;
  const out: string[] = [];
  walkThoughts(tc, {
    user: (content) => users.push(content),
    answer: (content, call) => answers.unshift({ api: call ? apiOf(call.name) : '', content }),
    thought: (thought, args) => {
      if (!thought || !args || typeof args !== 'object' || Array.isArray(args)) return;
      // Each sentence citing a tool, for the values it names (a call's other values are not said to come from that tool).
      const citing = sentencesOf(thought).map((s) => ({ s, cited: [...s.matchAll(CITES)].map((m) => m[1] ?? m[2] ?? m[3] ?? m[4]) })).filter((x) => x.cited.length);
      if (!citing.length) return;
      cites++;
      for (const raw of Object.values(args as Record<string, unknown>)) {
        const value = typeof raw === 'number' ? String(raw) : typeof raw === 'string' && raw.length >= 2 ? raw : undefined;
        if (!value) continue;
        const cited = citing.filter((x) => x.s.includes(value)).flatMap((x) => x.cited);
        // A sentence citing two tools (the access token of one, the card id of another) is fine where either gives it whole.
        if (answers.some((a) => cited.includes(a.api) && holdsAsValue(a.content, value))) continue;
        const source = answers.find((a) => cited.includes(a.api) && holdsValue(a.content, value));
        if (!source) continue;
        const whole = answers.find((a) => a !== source && holdsAsValue(a.content, value));
        if (whole || users.some((u) => holdsValue(u, value, true))) out.push(`${value} (${source.api}, ${whole ? `given whole by ${whole.api}` : 'given by the user'}): "${thought.slice(0, 120)}"`);
      }
    },
  });
  return cites ? out : undefined;
}

export const thoughtTieCitesProse: CaseMeasure = {
  kind: 'case',
  id: 'thought_tie_cites_prose',
  group: 'text',
  title: 'CoT: a thought says a value comes from an answer that holds it only inside a longer text ("The room id "102" comes from what `get_room_status` returned." of "Room 102: available") while an earlier answer gave it as a value of its own ({\'rooms\': [102]}) or the user gave it',
  population: 'CoT cases with a thought citing a tool for a value its call passes',
  check(tc) {
    const bad = tieCitesProse(tc);
    if (bad === undefined) return undefined;
    return thoughtsVerdict(bad);
  },
};

export const THOUGHT_LISTING_MEASURES = [thoughtListingPlacedAfresh, thoughtTieCitesProse];
