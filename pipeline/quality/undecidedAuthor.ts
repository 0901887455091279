/**
 * An author the ground truth looks up though the request leaves open which one: T-Eval's plan for
 * "search for the information of an author using his or her unique ID" (teval_query_274_0) calls
 * `get_author_id(mauthors="John Doe")`, the first of the names the search shows, and 166_1's for
 * "the author with a certain ID" picks "John Smith". Any other listed author is as right a call, so
 * the case has no one right answer. A request that names the person (or their surname: "Professor
 * Hansen") or points at one ("the author of the first article", "the first author") decides it, and
 * so does a shown call already passing that name (the wrong call of an error case, a failed call to retry):
 * the case then asks to put that call right, not to pick the author.
 *
 * A request pointing at the author of a record of one service ("the author of the first article on
 * Google Scholar") is decided only where an answer of that service the case shows names the author:
 * 217_2's plan passes "Elad Hazan", the first arXiv paper's author, while the Scholar search it shows
 * (T-Eval's recording) names no authors at all.
 */
import { FINISH_ACTION, type Action, type ChatMessage, type ToolDoc } from '../schemas.js';
import { declaredKind } from './argumentKinds.js';
import { shownAction } from './evidence.js';

/** Words that point at one author of what the answers show. */
const POINTS_AT_ONE = [
  /\b(?:first|lead|leading|main|principal|corresponding|senior|last|primary)[- ](?:listed )?author\b/i,
  /\bauthors?\s+(?:of|behind|who wrote)\s+(?:the\s+|that\s+|this\s+)?(?:(?:first|top|1st|second|third|most[- ]cited|latest|newest|above|selected)\b|(?:paper|article|study|book|publication)\s*(?:titled|called|named|["'“‘]))/i,
];

/** Services a request can name as where the pointed-at record is, with the toolkit answering for it. */
const SERVICES: [RegExp, string][] = [
  [/\bgoogle scholar\b|\bscholar\b/i, 'GoogleScholar.'],
  [/\barxiv\b/i, 'ArxivSearch.'],
];

/** The toolkit of the service the sentence pointing at one author names, if it names one. */
function pointedService(request: string): string | undefined {
  for (const sentence of request.split(/(?<=[.?!])\s+/)) {
    if (!POINTS_AT_ONE.some((re) => re.test(sentence))) continue;
    const after = sentence.slice(sentence.search(/\bauthor/i));
    return SERVICES.find(([re]) => re.test(after))?.[1];
  }
  return undefined;
}

/** The answers the case shows, each with the name of the call it answers. */
function shownAnswers(messages: readonly ChatMessage[]): { name: string; content: string }[] {
  const out: { name: string; content: string }[] = [];
  let last: string | undefined;
  for (const m of messages) {
    if (m.role === 'assistant') last = shownAction(m.content)?.name;
    else if (m.role === 'function' && last) out.push({ name: last, content: m.content.toLowerCase() });
  }
  return out;
}

const actionsOf = (gt: Action | Action[]) => (Array.isArray(gt) ? gt : [gt]);

/**
 * The person-name arguments a call passes, as its doc declares them. A call to a tool no doc lists (a
 * hallucination case's fetch_author_id) is read by the listed parameters of the same names.
 */
export function personArgs(a: Action, tools: readonly ToolDoc[]): { param: string; value: string }[] {
  if (a.name === FINISH_ACTION || !a.args || typeof a.args !== 'object' || Array.isArray(a.args)) return [];
  const doc = tools.find((t) => t.name === a.name);
  const params = doc
    ? [...doc.required_parameters, ...(doc.optional_parameters ?? [])]
    : tools.flatMap((t) => [...t.required_parameters, ...(t.optional_parameters ?? [])]).filter((p, i, all) => p.name in (a.args as object) && all.findIndex((q) => q.name === p.name) === i);
  return params.flatMap((p) => {
    const value = (a.args as Record<string, unknown>)[p.name];
    return typeof value === 'string' && value.trim() && declaredKind(p.name, p.description ?? '') === 'person' ? [{ param: p.name, value }] : [];
  });
}

/** Whether the request names the person, in full or by a surname or CJK name it writes ("Professor Hansen" for "James Hansen"). */
function requestNames(request: string, value: string): boolean {
  const v = value.trim().toLowerCase();
  if (request.toLowerCase().includes(v)) return true;
  return v.split(/\s+/).some((w) => w.replace(/\./g, '').length >= 3 && new RegExp(`\\b${w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i').test(request));
}

/**
 * Why the request points at an author of one service's record that no answer of that service among
 * `answers` names as `value`, or undefined when it points at none, names no service, or an answer names them.
 */
function unshownPointedAuthor(request: string, value: string, answers: readonly { name: string; content: string }[]): string | undefined {
  const service = pointedService(request);
  if (!service || answers.some((a) => a.name.startsWith(service) && a.content.includes(value.trim().toLowerCase()))) return undefined;
  return `the request points at an author of a ${service.slice(0, -1)} record, and no ${service.slice(0, -1)} answer the case shows names "${value}"`;
}

const requestOf = (messages: readonly ChatMessage[]) => messages.filter((m) => m.role === 'user').map((m) => m.content).join('\n');

/** Why the ground truth's author is one the request leaves open, or undefined when it names or points at one (or no author is looked up). */
export function undecidedAuthor(messages: readonly ChatMessage[], groundTruth: Action | Action[], tools: readonly ToolDoc[]): string | undefined {
  const request = requestOf(messages);
  const called = messages.filter((m) => m.role === 'assistant').map((m) => m.content.toLowerCase());
  for (const a of actionsOf(groundTruth)) {
    for (const { param, value } of personArgs(a, tools)) {
      if (requestNames(request, value) || called.some((c) => c.includes(value.trim().toLowerCase()))) continue;
      if (POINTS_AT_ONE.some((re) => re.test(request))) {
        const why = unshownPointedAuthor(request, value, shownAnswers(messages));
        if (!why) continue;
        return `${a.name}(${param}="${value}"): ${why}`;
      }
      return `${a.name}(${param}="${value}"): the request names no author and points at none`;
    }
  }
  return undefined;
}

/**
 * Why a call the case shows (a history step, or an error case's wrong call) passes an author the request
 * points at on one service though no answer of that service shown before the call names them, or undefined.
 * 217_2's plan looks up "Elad Hazan", the first arXiv paper's author, for "the author of the first article
 * on Google Scholar", whose recorded search names no authors: a case showing that step (or a wrong call
 * copying its name) shows a step nobody could derive, and asks to keep or build on a confused author.
 * An author the request leaves wholly open ("an author using his or her unique ID") is a free pick for a
 * shown call, as any listed author is; only the ground truth's pick must be decided (undecidedAuthor).
 */
export function confusedShownAuthor(messages: readonly ChatMessage[], tools: readonly ToolDoc[]): string | undefined {
  const request = requestOf(messages);
  if (!POINTS_AT_ONE.some((re) => re.test(request))) return undefined;
  for (let i = 0; i < messages.length; i++) {
    if (messages[i].role !== 'assistant') continue;
    const a = shownAction(messages[i].content);
    if (!a) continue;
    for (const { param, value } of personArgs(a as Action, tools)) {
      if (requestNames(request, value)) continue;
      const why = unshownPointedAuthor(request, value, shownAnswers(messages.slice(0, i)));
      if (why) return `the shown call ${a.name}(${param}="${value}"): ${why} before it`;
    }
  }
  return undefined;
}
