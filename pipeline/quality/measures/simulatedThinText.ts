/**
 * simulated_text_restates_title: a simulated record whose text says nothing its own title does not:
 * Polygon's news item {'title': 'Apple agreed to form a joint venture for an undisclosed sum',
 * 'summary': 'Apple agreed to form a joint venture for an undisclosed sum.'} (teval_query_404_2). A
 * real API's summary, description or overview tells more than the headline above it (T-Eval's
 * recorded "Is Tesla starting to look like just any old carmaker?" over "Also: Medicare timing,
 * Apple's bonds, Nvidia and a semiconductor stock screen …"); one that only repeats it is filler a
 * reader sees through at once.
 */
import type { CaseMeasure } from '../types.js';
import { simulatedDefectAmong } from '../evidence.js';
import { isPlainObject } from '../../errors/values.js';
import { parseToolResponse } from '../../prompts/parseAction.js';

/** A record's own name for itself. */
const TITLE_FIELD = /^(title|name|headline)$/i;
/** A record's prose about itself. */
const TEXT_FIELD = /^(summary|description|overview|snippet|abstract|body|text)$/i;
/** Words any sentence has: they tell nothing. */
const FILLER = new Set(['a', 'an', 'the', 'of', 'in', 'on', 'at', 'for', 'to', 'and', 'or', 'is', 'are', 'was', 'were', 'be', 'been', 'by', 'with', 'from', 'it', 'its', 'this', 'that', 'as', 'has', 'have', 'had', 'will', 'would', 'about']);
/** Fewer new words than this and the text only restates its title. */
const LEAST_NEW_WORDS = 3;

const words = (text: string): string[] => (text.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? []).filter((w) => !FILLER.has(w));

/** The first record of `answer` whose text field adds fewer than three words to its title, as a reason; null when every such record adds more; undefined when no record has both. */
export function textRestatesTitle(answer: unknown): string | null | undefined {
  let judged = false;
  let found: string | undefined;
  const visit = (v: unknown): void => {
    if (found) return;
    if (Array.isArray(v)) return v.forEach(visit);
    if (!isPlainObject(v)) return;
    const title = Object.entries(v).find(([k, x]) => TITLE_FIELD.test(k) && typeof x === 'string' && x.trim())?.[1] as string | undefined;
    if (title) {
      const own = new Set(words(title));
      for (const [field, text] of Object.entries(v)) {
        if (!TEXT_FIELD.test(field) || typeof text !== 'string' || !text.trim()) continue;
        judged = true;
        const added = words(text).filter((w) => !own.has(w));
        if (added.length < LEAST_NEW_WORDS) {
          found = `${field} ${JSON.stringify(text.slice(0, 100))} only restates its title ${JSON.stringify(title.slice(0, 80))}`;
          return;
        }
      }
    }
    for (const x of Object.values(v)) if (typeof x === 'object') visit(x);
  };
  visit(answer);
  return found ?? (judged ? null : undefined);
}

export const simulatedTextRestatesTitle: CaseMeasure = {
  kind: 'case',
  id: 'simulated_text_restates_title',
  group: 'text',
  title: 'a simulated record\'s summary, description or overview says nothing its own title does not (a news item titled "Apple agreed to form a joint venture for an undisclosed sum" summarised "Apple agreed to form a joint venture for an undisclosed sum.")',
  population: 'cases showing a simulated answer with a record holding both a title (title, name, headline) and text about it (summary, description, overview, snippet, abstract, body, text)',
  check: (tc, ctx) => simulatedDefectAmong(tc, ctx, (step) => (step.response!.error ? undefined : textRestatesTitle(parseToolResponse(step.response!.content)))),
};
