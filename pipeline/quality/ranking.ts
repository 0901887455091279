/**
 * Picks by rank: "for the most popular movie", "the highest rated film", "the first article". A
 * plan that takes another record than the one the list it read ranks there contradicts the case
 * it shows (T-Eval's teval_query_309_1 takes the second organic id "for the first article").
 * Shared by the simulator's plan (grounded.ts: a simulated list ranks the picked record as asked),
 * assemble (which turns such a case down) and the quality report.
 */
import { FINISH_ACTION, type Action, type ChatMessage } from '../schemas.js';
import { parseToolResponse } from '../prompts/parseAction.js';
import { shownAction } from './grounding.js';
import { toJson } from '../pyValues.js';

const COUNT: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5 };
const COUNT_WORD = '(one|two|three|four|five|[1-5])';
const RANK_REQUEST = new RegExp(
  `\\b(?:${COUNT_WORD}\\s+)?(most[- ]popular|highest[- ]rated|top[- ]rated|best[- ]rated|first)\\s+(?:${COUNT_WORD}\\s+)?(?:[a-z]+\\s+)?(movie|film|article|paper|result|property|listing)(s?)\\b`,
  'i',
);

const ORDINAL: Record<string, number> = { second: 2, third: 3, fourth: 4, fifth: 5, '2nd': 2, '3rd': 3, '4th': 4, '5th': 5 };
/** "the third movie", "the second article": one record by its place in the list (never "the second one of them", which names no list). */
const ORDINAL_REQUEST = /\bthe\s+(second|third|fourth|fifth|2nd|3rd|4th|5th)\s+(?:[a-z]+\s+)?(?:movie|film|article|paper|result|property|listing)\b(?!s)/i;
/** "the most cited article", "the paper with the most citations". */
const CITED_REQUEST = /\bmost[- ]cited\b|\bmost citations\b|\bhighest (?:number of )?citations\b|\bmost frequently cited\b/i;
/** "her most cited paper", "John Smith's most cited article": the most cited of one person's work. */
const OWNED_CITED = /\b(?:her|his|their|[A-Z][a-z]+(?:'s|’s))\s+most[- ]cited\s+(?:paper|article|publication|work|study)\b/;
/** "the article titled 'Impact of AI on Modern Society'": one paper by its title. */
const TITLED_REQUEST = /\b(?:article|paper|publication|study)\s+(?:titled|entitled|called|named)\s+['"‘“]([^'"’”]{3,120})['"’”]/i;

/**
 * What a request picks by rank: the most popular / highest rated / most cited / first `n` of a list,
 * or the record at place `n` ("the third movie": by "place"). Plural without a count ("top-rated
 * movies") is a list, not a pick.
 */
export function rankRequest(userText: string): { by: 'popular' | 'rated' | 'first' | 'cited' | 'place' | 'titled'; n: number; owned?: true; title?: string } | undefined {
  const m = RANK_REQUEST.exec(userText);
  if (!m) {
    const place = ORDINAL_REQUEST.exec(userText);
    if (place) return { by: 'place', n: ORDINAL[place[1].toLowerCase()] };
    if (CITED_REQUEST.test(userText)) return { by: 'cited', n: 1, ...(OWNED_CITED.test(userText) ? { owned: true as const } : {}) };
    const titled = TITLED_REQUEST.exec(userText);
    return titled ? { by: 'titled', n: 1, title: titled[1].trim() } : undefined;
  }
  const count = m[1] ?? m[3];
  const n = count ? (COUNT[count.toLowerCase()] ?? Number(count)) : m[5] ? undefined : 1;
  if (n === undefined) return undefined;
  // "the first movie" is a pick; "first" alone in "first, find..." never matches (a noun must follow).
  const word = m[2].toLowerCase();
  return { by: word.startsWith('most') ? 'popular' : word === 'first' ? 'first' : 'rated', n };
}

/** The record sub-field (of `subs`) the user ranks by, when the request asks for the most popular or highest rated one(s). */
export function rankAsked(userText: string, subs: string[]): string | undefined {
  const asked = rankRequest(userText);
  if (asked?.by === 'popular') return subs.find((s) => /^popularity$/i.test(s)) ?? subs.find((s) => /want_?watch/i.test(s));
  if (asked?.by === 'rated') return subs.find((s) => /^(rating|vote_average)$/i.test(s));
  return undefined;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The ids (or titles) a list answer names, in its order, with each record when it is one. */
function listed(answer: unknown): { keys: unknown[][]; records?: Record<string, unknown>[]; papers?: true } | undefined {
  if (!isRecord(answer)) return undefined;
  for (const v of Object.values(answer)) {
    if (Array.isArray(v) && v.length >= 2 && v.every(isRecord) && v.some((r) => 'id' in r || 'title' in r || 'name' in r)) {
      return { keys: v.map((r) => [r.id, r.title, r.name].filter((x) => x !== undefined)), records: v };
    }
  }
  const ids = answer.organic_id;
  // Scholar's answer lists its results as parallel columns: each result's id, title and count of citations.
  const titles = Array.isArray(answer.title) && answer.title.length === (ids as unknown[] | undefined)?.length ? (answer.title as unknown[]) : undefined;
  const cited = Array.isArray(answer.cited_by) && answer.cited_by.length === (ids as unknown[] | undefined)?.length ? (answer.cited_by as unknown[]) : undefined;
  if (Array.isArray(ids) && ids.length >= 2)
    return { keys: ids.map((x, i) => (titles ? [x, titles[i]] : [x])), papers: true, ...(cited ? { records: ids.map((x, i) => ({ id: x, cited_by: cited[i] })) } : {}) };
  return undefined;
}

const same = (a: unknown, b: unknown) => a === b || (typeof a === 'string' && typeof b === 'string' && a.trim() === b.trim());

/**
 * Where the case's calls pick a record by rank against the ranking the shown list gives: the first
 * list answer a later call (shown or ground truth) takes a record from, and that call's pick. A
 * description of the contradiction, or undefined when the pick agrees (or nothing is picked by rank).
 * Calls from `end` on are left out (an internal case's wrong call picks another record on purpose).
 */
export function rankContradiction(messages: ChatMessage[], groundTruth: Action | Action[], end = messages.length): string | undefined {
  const user = messages.filter((m) => m.role === 'user').map((m) => m.content).join('\n');
  const asked = rankRequest(user);
  if (!asked) return undefined;
  const calls: { action: Action; at: number }[] = [];
  messages.forEach((m, i) => {
    const a = m.role === 'assistant' && i < end ? shownAction(m.content) : undefined;
    if (a) calls.push({ action: a, at: i });
  });
  for (const a of Array.isArray(groundTruth) ? groundTruth : [groundTruth]) calls.push({ action: a, at: messages.length });
  for (let i = 0; i < messages.length; i++) {
    if (messages[i].role !== 'function') continue;
    const list = listed(parseToolResponse(messages[i].content));
    if (!list) continue;
    for (const { action, at } of calls) {
      if (at <= i || action.name === FINISH_ACTION || !isRecord(action.args)) continue;
      const picked = list.keys.findIndex((ks) => Object.values(action.args as Record<string, unknown>).some((v) => ks.some((k) => same(k, v))));
      if (picked < 0) continue;
      const what = toJson(list.keys[picked][0]);
      // A paper named by its title is the result with that title: a citation of another result answers
      // nothing the user asked (teval_query_329_1 cites "Measuring the impact of AI and modern society" for
      // the user's own "Impact of AI on Modern Society", which no result is).
      if (asked.by === 'titled') {
        if (!list.papers || typeof list.keys[picked][1] !== 'string') continue;
        const plain = (t: string) => t.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
        return plain(list.keys[picked][1] as string) === plain(asked.title!) ? undefined : `${action.name} takes ${what} ("${list.keys[picked][1] as string}") for the paper titled "${asked.title}"`;
      }
      // One person's most cited paper is never the most cited result of a search about something else: Scholar's
      // author record gives no citation counts, so nothing shown tells it (teval_query_77_2 cites the first
      // "academic libraries" result for Jane Brown's most cited paper).
      if (asked.owned && list.papers) {
        const search = i > 0 ? shownAction(messages[i - 1].content) : undefined;
        const query = search && isRecord(search.args) ? Object.values(search.args).filter((v): v is string => typeof v === 'string').join(' ') : '';
        const names = [...user.matchAll(/\b([A-Z][a-z]+ [A-Z][a-z]+)\b/g)].map((x) => x[1]);
        if (!names.some((n) => query.includes(n))) return `${action.name} takes ${what}, a result of a search for ${toJson(query)}, for one person's most cited paper`;
      }
      if (asked.by === 'first') return picked < asked.n ? undefined : `${action.name} takes ${what}, record ${picked + 1} of the list, for the first ${asked.n > 1 ? asked.n : 'one'}`;
      if (asked.by === 'place') return picked === asked.n - 1 ? undefined : `${action.name} takes ${what}, record ${picked + 1} of the list, for record ${asked.n}`;
      const by = list.records && (asked.by === 'cited' ? (Object.keys(list.records[0]).includes('cited_by') ? 'cited_by' : undefined) : rankAsked(user, Object.keys(list.records[0])));
      if (!by || !list.records!.every((r) => typeof r[by] === 'number')) return undefined;
      const values = list.records!.map((r) => r[by] as number);
      const ranked = [...values].sort((a, b) => b - a);
      const top = ranked[0];
      // Among the n asked for: its value is at least the n-th highest.
      return values[picked] >= ranked[Math.min(asked.n, ranked.length) - 1] ? undefined : `${action.name} takes ${what} (${by} ${values[picked]}) for the ${asked.n > 1 ? `${asked.n} ` : ''}${asked.by === 'popular' ? 'most popular' : asked.by === 'cited' ? 'most cited' : 'highest rated'}; the list gives ${by} ${top} to ${toJson(list.keys[values.indexOf(top)][0])}`;
    }
  }
  return undefined;
}
