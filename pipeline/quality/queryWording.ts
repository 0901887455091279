/**
 * A free-text search argument whose wording nothing the case shows fixes: T-Eval's plan for "search
 * for additional information about the first movie using Google search" (teval_query_477_1) passes
 * `serper_search(query="The Godfather movie information")`, and for "add a text page … with an image
 * from the internet related to computer vision" (254_1) `get_image(keywords="computer vision,image
 * recognition")`. "The Godfather", "The Godfather movie" or "computer vision" are as careful a call, so
 * the case has no one right answer. A query the user states, or one a shown call or answer already
 * holds (a wrong call's query the correction keeps, a listed title), is fixed.
 */
import { FINISH_ACTION, type Action, type ChatMessage, type ToolDoc } from '../schemas.js';

/** A string parameter whose doc asks for free search text: "the content of search query", "search query content", "keywords to describe the image". */
export function freeTextParams(doc: ToolDoc | undefined): string[] {
  if (!doc) return [];
  return [...doc.required_parameters, ...doc.optional_parameters]
    .filter((p) => /^str/i.test(p.type) && /\b(?:content of (?:the )?search query|search query content|keywords? to describe)\b/i.test(p.description ?? ''))
    .map((p) => p.name);
}

/** Lower case, every run of what is neither letter nor digit one space: "Kuta Beach," and "kuta beach" read alike. */
const norm = (s: string) => ` ${s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim()} `;

/** Why a ground-truth call's free search text is one nothing the case shows fixes, or undefined. */
export function unfixedQueryWording(messages: readonly ChatMessage[], groundTruth: Action | Action[], tools: readonly ToolDoc[]): string | undefined {
  const shown = norm(messages.filter((m) => m.role !== 'system').map((m) => m.content).join('\n'));
  for (const a of Array.isArray(groundTruth) ? groundTruth : [groundTruth]) {
    if (a.name === FINISH_ACTION || !a.args || typeof a.args !== 'object') continue;
    for (const key of freeTextParams(tools.find((t) => t.name === a.name))) {
      const value = (a.args as Record<string, unknown>)[key];
      if (typeof value !== 'string' || norm(value).trim() === '' || shown.includes(norm(value))) continue;
      return `${a.name}(${key}=${JSON.stringify(value)}): no user turn, shown call or answer holds that wording`;
    }
  }
  return undefined;
}
