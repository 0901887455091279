/**
 * A record the ground truth picks out of a shown list where the request leaves the pick open: T-Eval's
 * plan for "provide the citation for one of the articles in MLA format" (teval_query_291_2) passes the
 * first search result's id, "Choose one of these movies and provide a description of it" (144_1) the
 * first film's title. Any other listed record is as right a call, so the case has no one right answer.
 * A shown call already passing that record (the history made the pick; a hallucination case's wrong call
 * keeps it) decides it; a wrong call passing another listed record does not: it is as right a pick.
 */
import { FINISH_ACTION, type Action, type ChatMessage } from '../schemas.js';
import { parseToolResponse } from '../prompts/parseAction.js';
import { shownAction } from './evidence.js';

/** "one of the articles", "one of these movies", "any of the results": words leaving the pick among listed records open. */
const OPEN_PICK =
  /\b(?:one|any) of (?:the|these|those|its|their)\s+(?:[\w-]+\s+){0,2}?(?:articles|papers|(?:search )?results|movies|films|properties|publications|studies|books|hotels|restaurants|listings|records|entries)\b/i;

const scalar = (v: unknown): string | undefined =>
  typeof v === 'string' ? v.trim() : typeof v === 'number' || typeof v === 'bigint' ? String(v) : undefined;

/** The lists of two or more records an answer holds: each item as the set of its scalar values. */
function listsIn(value: unknown, out: Set<string>[][] = []): Set<string>[][] {
  if (Array.isArray(value)) {
    if (value.length >= 2) {
      out.push(
        value.map((item) => {
          const s = scalar(item);
          if (s !== undefined) return new Set([s]);
          if (item && typeof item === 'object') return new Set(Object.values(item as object).map(scalar).filter((x): x is string => !!x));
          return new Set<string>();
        }),
      );
    }
    for (const item of value) if (item && typeof item === 'object') listsIn(item, out);
  } else if (value && typeof value === 'object') {
    for (const v of Object.values(value as object)) listsIn(v, out);
  }
  return out;
}

/** Whether the request leaves a pick among listed records open ("one of the articles"). */
export const asksOpenPick = (request: string): boolean => OPEN_PICK.test(request);

/** Why the ground truth's pick among listed records is one the request leaves open, or undefined. */
export function undecidedPick(messages: readonly ChatMessage[], groundTruth: Action | Action[]): string | undefined {
  const request = messages.filter((m) => m.role === 'user').map((m) => m.content).join('\n');
  const open = request.match(OPEN_PICK);
  if (!open) return undefined;
  const shownCalls = messages.filter((m) => m.role === 'assistant').map((m) => shownAction(m.content)).filter((a): a is Action => !!a);
  const passedBefore = (v: string) => shownCalls.some((a) => a.args && typeof a.args === 'object' && Object.values(a.args as object).some((x) => scalar(x) === v));
  const lists = messages.filter((m) => m.role === 'function').flatMap((m) => listsIn(parseToolResponse(m.content)));
  // An external case's second action (after giving up on the failed call) is as much a pick as its retry.
  for (const gt of Array.isArray(groundTruth) ? groundTruth : [groundTruth]) {
    if (gt.name === FINISH_ACTION || !gt.args || typeof gt.args !== 'object' || Array.isArray(gt.args)) continue;
    for (const [key, raw] of Object.entries(gt.args as Record<string, unknown>)) {
      const v = scalar(raw);
      if (!v || request.toLowerCase().includes(v.toLowerCase()) || passedBefore(v)) continue;
      const list = lists.find((items) => items.filter((item) => item.has(v)).length === 1);
      if (list) return `${gt.name}(${key}=${JSON.stringify(v)}) picks one of ${list.length} listed records for "${open[0]}", and no shown call made that pick`;
    }
  }
  return undefined;
}

/**
 * Why the ground truth's call skips an earlier record of the same shown list that the history's calls
 * go over, or undefined: teval_query_104_2's plan reads the details of the first, third and second
 * property, the first one's reviews, then expects the third one's reviews where nothing puts the third
 * before the second; the second property's reviews are as right a next call. Read only the calls shown
 * before `historyEnd` (an internal case's wrong call is the injected error) and the first ground-truth action.
 */
export function skippedSibling(messages: readonly ChatMessage[], groundTruth: Action | Action[], historyEnd: number): string | undefined {
  const gt = (Array.isArray(groundTruth) ? groundTruth : [groundTruth])[0];
  if (!gt || gt.name === FINISH_ACTION || !gt.args || typeof gt.args !== 'object' || Array.isArray(gt.args)) return undefined;
  const request = messages.filter((m) => m.role === 'user').map((m) => m.content).join('\n').toLowerCase();
  const shown = messages.slice(0, historyEnd);
  const sameTool = shown
    .filter((m) => m.role === 'assistant')
    .map((m) => shownAction(m.content))
    .filter((a): a is Action => !!a && a.name === gt.name && !!a.args && typeof a.args === 'object' && !Array.isArray(a.args));
  if (!sameTool.length) return undefined;
  const lists = shown.filter((m) => m.role === 'function').flatMap((m) => listsIn(parseToolResponse(m.content)));
  for (const [key, raw] of Object.entries(gt.args as Record<string, unknown>)) {
    const v = scalar(raw);
    if (!v || request.includes(v.toLowerCase())) continue;
    const passed = new Set(sameTool.map((a) => scalar((a.args as Record<string, unknown>)[key])).filter((x): x is string => !!x));
    for (const items of lists) {
      const at = items.findIndex((item) => item.has(v));
      if (at < 1 || items.filter((item) => item.has(v)).length !== 1) continue;
      // The history goes over this list with this call: some other record of it already had the call.
      if (!items.some((item, i) => i !== at && [...item].some((x) => passed.has(x)))) continue;
      const skipped = items.findIndex((item, i) => i < at && ![...item].some((x) => passed.has(x)));
      if (skipped >= 0) return `${gt.name}(${key}=${JSON.stringify(v)}) takes record ${at + 1} of ${items.length} listed, passing over record ${skipped + 1}, which has not had that call though the history makes it for other records of the list`;
    }
  }
  return undefined;
}
