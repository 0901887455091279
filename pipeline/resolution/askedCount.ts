/**
 * How many results the user asked a list call for: "a list of 5 restaurants nearby", "the three most
 * popular movies", counted on the noun the call searches for or its answer lists. A simulated search
 * then answers that many (as far as the API's own "at most N" allows) instead of one restaurant for
 * five asked.
 */
import type { ToolDoc } from '../schemas.js';
import { escapeRegExp } from '../errors/vocabulary.js';

const WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };
/** What users call the records an answer lists under these field names. */
const SYNONYMS: Record<string, string[]> = {
  film: ['movie', 'film'],
  property: ['property', 'accommodation', 'rental', 'listing', 'apartment', 'place to stay', 'places to stay'],
  place: ['place', 'restaurant', 'hotel', 'cafe', 'coffee shop', 'shop', 'attraction', 'museum', 'park', 'bar', 'store'],
  result: ['result', 'article', 'paper', 'link'],
  review: ['review'],
  // Google Scholar answers lists of titles beside their ids and snippets; arXiv a list of papers as its content.
  title: ['result', 'article', 'paper', 'title', 'publication'],
  content: ['result', 'article', 'paper', 'publication'],
};

const singular = (w: string) => w.replace(/ies$/, 'y').replace(/(ch|sh|ss|x)es$/, '$1').replace(/s$/, '');

/** The most results a list field's doc allows ("a list of at most 3 properties", "a list of 3 papers"); undefined when it sets none. */
export function docListCap(description: string): number | undefined {
  const m = /at most (\d+)|\blist of (\d+)\b/i.exec(description);
  return m ? Number(m[1] ?? m[2]) : undefined;
}

/**
 * The pattern for one set of nouns, compiled once: resolve asks for every simulated list step, and
 * the same few noun sets recur (one per API and argument), so compiling a fresh RegExp per call was
 * a third of a second of the fresh build. Not global or sticky: exec keeps no state between calls.
 */
const countPatterns = new Map<string, RegExp>();
function countPattern(alternatives: string): RegExp {
  let re = countPatterns.get(alternatives);
  if (!re) {
    if (countPatterns.size >= 512) countPatterns.clear();
    re = new RegExp(`\\b(\\d{1,2}|${Object.keys(WORDS).join('|')})\\s+(?:[a-z-]+\\s+){0,2}(?:${alternatives})\\b`, 'i');
    countPatterns.set(alternatives, re);
  }
  return re;
}

export function askedCount(request: string, args: unknown, doc: ToolDoc): number | undefined {
  const nouns = new Set<string>();
  for (const field of doc.return_data) {
    // A list its doc says is of days ("weather forecast of N days") counts days, not the results or papers the request asks of another call.
    if (/\bof (?:n|\d+) days\b/i.test(field.description ?? '')) nouns.add('day');
    // A list its doc says is of news ("A list of news including title, summary, and author") counts news articles, not the papers another call of the request is asked for.
    else if (/\blist of news\b/i.test(field.description ?? '')) for (const s of ['news article', 'article', 'story', 'headline']) nouns.add(s);
    else for (const s of SYNONYMS[singular(field.name.toLowerCase())] ?? []) nouns.add(s);
  }
  if (args && typeof args === 'object') {
    for (const v of Object.values(args)) if (typeof v === 'string' && /^[a-z][a-z ]{2,30}$/i.test(v.trim())) nouns.add(singular(v.trim().toLowerCase()));
  }
  if (!nouns.size) return undefined;
  // "properties", "libraries": a noun ending in a consonant and y makes its plural in -ies.
  const plural = (n: string) => (/[^aeiou]y$/.test(n) ? `${escapeRegExp(n.slice(0, -1))}(?:y|ies)` : `${escapeRegExp(n)}(?:e?s)?`);
  const m = countPattern([...nouns].map(plural).join('|')).exec(request);
  if (!m) return undefined;
  const n = WORDS[m[1].toLowerCase()] ?? Number(m[1]);
  return n >= 2 && n <= 10 ? n : undefined;
}

/**
 * The things a request names for a status look-up to answer about: "the status of rooms 101, 102,
 * and 103" → Room 101, Room 102, Room 103, for a call whose answer lists "rooms as well as its booking
 * status". Undefined when the request names none (then any may be listed). A look-up for given
 * rooms answers for those rooms only (teval_query_250_1 answered for rooms 234, 971 and 555).
 */
export function namedItems(request: string, doc: ToolDoc): string[] | undefined {
  const noun = statusListNoun(doc);
  if (!noun) return undefined;
  const id = String.raw`(?:[A-Z]?\d{1,5}[A-Z]?|[A-Z])\b`;
  const re = new RegExp(String.raw`\b${noun}s?\s+(${id}(?:\s*(?:,\s*(?:and\s+|or\s+)?|\s+and\s+|\s+or\s+|\s*&\s*)(?:${noun}s?\s+)?${id})*)`, 'gi');
  const out: string[] = [];
  for (const m of request.matchAll(re)) for (const x of m[1].split(/\s*(?:,|\band\b|\bor\b|&)\s*/i).map((s) => s.replace(new RegExp(`^${noun}s?\\s+`, 'i'), '').trim()).filter(Boolean)) {
    const name = `${noun[0].toUpperCase()}${noun.slice(1)} ${x}`;
    if (!out.includes(name)) out.push(name);
  }
  return out.length ? out : undefined;
}

/** A status look-up's list field and the noun it lists ("rooms as well as its booking status" → room), or undefined. */
export function statusListNoun(doc: ToolDoc): string | undefined {
  for (const field of doc.return_data) {
    if (!/\bstatus\b/i.test(field.description ?? '')) continue;
    const noun = singular(field.name.toLowerCase());
    if (/^[a-z]{3,}$/.test(noun)) return noun;
  }
  return undefined;
}

/** One thing a status list must hold, with the status the task's other steps give it. */
export interface UsedItem {
  name: string;
  status: 'available' | 'booked';
}

/**
 * The things a task's other steps name that a status look-up's list of all of them must hold:
 * the room a later step reserves or another answer finds free (teval_query_481_1 listed rooms
 * 234, 971 and 555, then get_empty_room_with_time answered {'rooms': [103]} and the plan reserved
 * room 103 — a room the list of all rooms never had). Each is booked when the task reserved it
 * before the look-up, else available (an answer found it free, or the task is about to book it).
 * `steps` are the task's calls in order, `at` the look-up's own; answers are those the task
 * already has (recorded ones), parsed with `parse`.
 */
export function itemsUsedElsewhere(
  doc: ToolDoc,
  at: number,
  steps: readonly { name: string; args: unknown; response?: string }[],
  parse: (text: string) => unknown,
): UsedItem[] | undefined {
  const noun = statusListNoun(doc);
  if (!noun) return undefined;
  const key = new RegExp(`^${escapeRegExp(noun)}(?:_?(?:id|number|no))?$`, 'i');
  const listField = new RegExp(`^${escapeRegExp(noun)}s?(?:_?ids)?$`, 'i');
  const idOf = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? String(v) : typeof v === 'string' && /^[A-Z]?\d{1,5}[A-Z]?$/.test(v.trim()) ? v.trim() : undefined);
  const out = new Map<string, UsedItem['status']>();
  steps.forEach((s, m) => {
    if (m === at || s.name === doc.name) return;
    if (s.args && typeof s.args === 'object' && !Array.isArray(s.args)) {
      for (const [k, v] of Object.entries(s.args)) {
        const id = key.test(k) ? idOf(v) : undefined;
        if (id === undefined) continue;
        // Reserved before the look-up: booked then; reserved after it, or only looked at: free then.
        const booked = m < at && !/\b(?:get|check|query|search|find|list|status)\b/i.test(s.name.split('.').pop()!.replace(/_/g, ' '));
        if (booked || !out.has(id)) out.set(id, booked ? 'booked' : 'available');
      }
    }
    const answer = s.response === undefined ? undefined : parse(s.response);
    if (answer && typeof answer === 'object' && !Array.isArray(answer)) {
      for (const [k, v] of Object.entries(answer)) {
        if (!listField.test(k) || !Array.isArray(v)) continue;
        for (const x of v) {
          const id = idOf(x);
          if (id !== undefined && !out.has(id)) out.set(id, 'available');
        }
      }
    }
  });
  if (!out.size) return undefined;
  const Noun = `${noun[0].toUpperCase()}${noun.slice(1)}`;
  return [...out].map(([id, status]) => ({ name: `${Noun} ${id}`, status }));
}
