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
import { firstRecordDefect, simulatedDefectAmong } from '../evidence.js';
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
  return firstRecordDefect(answer, (v) => {
    const title = Object.entries(v).find(([k, x]) => TITLE_FIELD.test(k) && typeof x === 'string' && x.trim())?.[1] as string | undefined;
    if (!title) return undefined;
    const own = new Set(words(title));
    let judged = false;
    for (const [field, text] of Object.entries(v)) {
      if (!TEXT_FIELD.test(field) || typeof text !== 'string' || !text.trim()) continue;
      judged = true;
      const added = words(text).filter((w) => !own.has(w));
      if (added.length < LEAST_NEW_WORDS) return `${field} ${JSON.stringify(text.slice(0, 100))} only restates its title ${JSON.stringify(title.slice(0, 80))}`;
    }
    return judged ? null : undefined;
  });
}

export const simulatedTextRestatesTitle: CaseMeasure = {
  kind: 'case',
  id: 'simulated_text_restates_title',
  group: 'text',
  title: 'a simulated record\'s summary, description or overview says nothing its own title does not (a news item titled "Apple agreed to form a joint venture for an undisclosed sum" summarised "Apple agreed to form a joint venture for an undisclosed sum.")',
  population: 'cases showing a simulated answer with a record holding both a title (title, name, headline) and text about it (summary, description, overview, snippet, abstract, body, text)',
  check: (tc, ctx) => simulatedDefectAmong(tc, ctx, (step) => (step.response!.error ? undefined : textRestatesTitle(parseToolResponse(step.response!.content)))),
};

/** A nightly rate no listing charges: under $40 (a hostel bed's floor) or over $1,500 (T-Eval recorded $58 and $353 a night). */
const NIGHTLY = { least: 40, most: 1500 };

/**
 * A simulated stay's cost that is no nightly rate a listing charges for its nights: Airbnb's
 * {'accommodationCost': '$47.96'} for seven nights in New York ($7 a night, teval_query_115_0).
 * Null when the rate is plausible; undefined when the call names no check-in and check-out days or
 * the answer no cost.
 */
export function stayCostImplausible(args: unknown, answer: unknown): string | null | undefined {
  if (!isPlainObject(args) || !isPlainObject(answer)) return undefined;
  const day = (re: RegExp) => Object.entries(args).find(([k, v]) => re.test(k) && typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v))?.[1] as string | undefined;
  const from = day(/^check_?in/i);
  const to = day(/^check_?out/i);
  const nights = from && to ? Math.round((Date.parse(to.slice(0, 10)) - Date.parse(from.slice(0, 10))) / 86_400_000) : NaN;
  const field = Object.entries(answer).find(([k, v]) => /cost|price|total/i.test(k) && (typeof v === 'number' || typeof v === 'string'));
  const cost = field ? Number(String(field[1]).replace(/[$,\s]/g, '')) : NaN;
  if (!(nights >= 1) || !(cost > 0)) return undefined;
  const rate = cost / nights;
  return rate < NIGHTLY.least || rate > NIGHTLY.most ? `${field![0]} ${JSON.stringify(field![1])} for ${nights} night${nights === 1 ? '' : 's'} is $${rate.toFixed(2)} a night` : null;
}

export const simulatedStayCostPerNightImplausible: CaseMeasure = {
  kind: 'case',
  id: 'simulated_stay_cost_per_night_implausible',
  group: 'solvable',
  title: 'a simulated stay\'s cost comes to a nightly rate no listing charges, under $40 or over $1,500 ({\'accommodationCost\': \'$47.96\'} for seven nights in New York)',
  population: 'cases showing a simulated answer giving a cost for a call naming check-in and check-out days',
  check: (tc, ctx) => simulatedDefectAmong(tc, ctx, (step) => (step.response!.error ? undefined : stayCostImplausible(step.action.args, parseToolResponse(step.response!.content)))),
};
