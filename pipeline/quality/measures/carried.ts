/**
 * Values a plan takes from a simulated answer must be values that answer could truly hold, picked
 * as the user asked, and shown before they are copied:
 *
 * - gt_value_in_unfit_carrier: a call takes a value first shown by a simulated answer whose tool
 *   and field cannot hold that kind of thing (print_detail(film_name="沙丘") after an arXiv search
 *   listing a paper titled 沙丘; get_citation_format(q="JY-va7uEmP8J") after a meeting-room list).
 * - gt_contradicts_ranking: the user asks for "the most popular" / "highest rated" / "the first"
 *   one, and a call takes another record of the list the case shows (ranking.ts).
 * - call_title_unshown: a call copies a title (an email's "Title: …" line, a slide named for a film
 *   or a caterer) that no user turn or earlier answer shows (grounding.ts copiedTitles).
 * - call_field_unshown: a call copies a record field (a paper's "Published:" or "Authors:" line, a
 *   property's "Type:" or "Capacity:") beside the title of a record an earlier answer lists, and no
 *   answer before it gives that value: the record shown says otherwise, or nothing says it (copiedFields.ts).
 */
import { FINISH_ACTION, type Action, type TestCase, type ToolDoc } from '../../schemas.js';
import { needShownIn, neededValues, shownAction, unshownTitle } from '../grounding.js';
import { groundTruthActions, shownSimulatedSteps, userText } from '../evidence.js';
import { parseToolResponse } from '../../prompts/parseAction.js';
import { isPlainObject, sameValue } from '../../errors/values.js';
import { argumentKind, carrierKind, kindsFit } from '../../resolution/carrierKinds.js';
import { answeredDoc } from '../../resolution/worldAnswer.js';
import { rankContradiction, rankRequest } from '../ranking.js';
import type { CaseMeasure } from '../types.js';
import { answeredReviews, copiedRecords, sameText, unshownField, writtenReviews } from '../copiedFields.js';
import { labelledBlocks } from '../../resolution/recordedBlocks.js';

/**
 * Where an answer holds `value`: a top-level field (as itself or an item of its list), or a
 * sub-field of its records; as written, else inside a text there ("W Okafor, R Patel - Nature").
 */
export function whereHeld(answer: unknown, value: unknown): { field: string; sub?: string } | undefined {
  if (!isPlainObject(answer)) return undefined;
  const exact = (x: unknown) => sameValue(x, value) || (typeof x === 'string' && typeof value === 'string' && x.trim() === value.trim());
  const inside = (x: unknown) => typeof x === 'string' && typeof value === 'string' && x.includes(value.trim());
  for (const eq of [exact, inside]) {
    const holds = (x: unknown) => eq(x) || (Array.isArray(x) && x.some(eq));
    for (const [field, v] of Object.entries(answer)) {
      // A text of labelled blocks (arXiv's "Published: …\nTitle: …\nAuthors: …") holds the value under its label.
      const blocks = typeof v === 'string' && holds(v) ? labelledBlocks(v) : undefined;
      const label = blocks?.flatMap((b) => Object.entries(b)).find(([, x]) => holds(x))?.[0];
      if (label) return { field, sub: label.toLowerCase() };
      if (holds(v)) return { field };
      if (!Array.isArray(v)) continue;
      for (const r of v) {
        if (!isPlainObject(r)) continue;
        const sub = Object.keys(r).find((k) => holds(r[k]));
        if (sub) return { field, sub };
      }
    }
  }
  return undefined;
}

/** Where the case's coherent history ends: before an internal case's wrong call, which takes a wrong value on purpose. */
function historyEnd(tc: TestCase): number {
  return tc.kind === 'internal' && tc.errorType !== '' ? tc.messages.map((m) => m.role).lastIndexOf('assistant') : tc.messages.length;
}

/** The calls a case shows (before its ground truth) and its ground truth's, each with the message index it follows. */
function callsOf(tc: TestCase): { action: Action; at: number }[] {
  const out: { action: Action; at: number }[] = [];
  const end = historyEnd(tc);
  tc.messages.forEach((m, i) => {
    const a = m.role === 'assistant' && i < end ? shownAction(m.content) : undefined;
    if (a && a.name !== FINISH_ACTION) out.push({ action: a, at: i });
  });
  for (const a of groundTruthActions(tc)) if (a.name !== FINISH_ACTION && typeof a.args === 'object') out.push({ action: a, at: tc.messages.length });
  return out;
}

export const valueInUnfitCarrier: CaseMeasure = {
  kind: 'case',
  id: 'gt_value_in_unfit_carrier',
  group: 'solvable',
  title: 'a call (shown or ground truth) takes a value first shown by a simulated answer whose tool could not hold it (a film as an arXiv paper title, a Scholar result id among meeting rooms)',
  population: 'T-Eval cases with a call taking an id / name / number the user did not give',
  check(tc, ctx) {
    if (tc.source !== 'teval') return undefined;
    const simulated = new Set((shownSimulatedSteps(tc, ctx) ?? []).map((s) => s.response!.content));
    const users = userText(tc);
    const docOf = (name: string): ToolDoc | undefined => tc.tools.find((t) => t.name === name);
    let inPopulation = false;
    for (const { action, at } of callsOf(tc)) {
      for (const need of neededValues(action)) {
        if (needShownIn(need, users)) continue;
        inPopulation = true;
        // The first answer before the call that shows the value.
        for (let i = 1; i < at; i++) {
          const m = tc.messages[i];
          if (m.role !== 'function' || !needShownIn(need, m.content)) continue;
          const carrier = shownAction(tc.messages[i - 1].content);
          const doc = carrier && docOf(carrier.name);
          if (!simulated.has(m.content) || !doc) break;
          const where = whereHeld(parseToolResponse(m.content), need.value);
          if (!where) break;
          const need_ = argumentKind(docOf(action.name), need.key);
          const held = carrierKind(answeredDoc(doc), where.field, where.sub);
          if (!kindsFit(need_, held)) return `${action.name} ${need.key}=${JSON.stringify(need.value)} (a ${need_}) is first shown by ${carrier.name}'s ${where.field}${where.sub ? `[].${where.sub}` : ''}, which holds a ${held}`;
          break;
        }
      }
    }
    return inPopulation ? null : undefined;
  },
};

export const contradictsRanking: CaseMeasure = {
  kind: 'case',
  id: 'gt_contradicts_ranking',
  group: 'solvable',
  title: 'the user asks for the most popular / highest rated / first one and a call takes another record of the list the case shows',
  population: 'cases whose user asks for the most popular, highest rated or first item(s)',
  check(tc) {
    const users = userText(tc);
    if (!rankRequest(users)) return undefined;
    return rankContradiction(tc.messages, groundTruthActions(tc), historyEnd(tc)) ?? null;
  },
};

export const titleUnshown: CaseMeasure = {
  kind: 'case',
  id: 'call_title_unshown',
  group: 'solvable',
  title: 'a call (shown or ground truth) copies a title (an email\'s "Title: …" line, a slide named for a film or a caterer) that no user turn or earlier answer shows',
  population: 'T-Eval cases with a call taking a title or a free-text argument',
  check(tc) {
    if (tc.source !== 'teval') return undefined;
    const calls = callsOf(tc);
    if (!calls.some(({ action }) => isPlainObject(action.args) && Object.entries(action.args).some(([k, v]) => typeof v === 'string' && (k === 'title' || /\n/.test(v))))) return undefined;
    const gap = unshownTitle(tc.messages, groundTruthActions(tc), historyEnd(tc));
    return gap ? `${gap.action} copies "${gap.title.slice(0, 80)}", which nothing before it shows` : null;
  },
};

export const fieldUnshown: CaseMeasure = {
  kind: 'case',
  id: 'call_field_unshown',
  group: 'solvable',
  title: 'a call (shown or ground truth) copies a record field (a paper\'s "Published:" or "Authors:" line, a property\'s "Type:" or "Rating:") beside a title an earlier answer lists, and no answer before it gives that value',
  population: 'T-Eval cases with a call copying labelled fields of a record an earlier answer lists',
  check(tc) {
    if (tc.source !== 'teval') return undefined;
    const users = userText(tc);
    if (!callsOf(tc).some(({ action }) => copiedRecords(action, users).length > 0)) return undefined;
    const gap = unshownField(tc.messages, groundTruthActions(tc), historyEnd(tc));
    if (!gap) return null;
    const shown = gap.shown === undefined ? 'which no answer before it gives' : `where the answer shows ${JSON.stringify(gap.shown).slice(0, 60)}`;
    return `${gap.action} copies ${gap.label}: "${gap.value.slice(0, 60)}" for "${gap.title.slice(0, 50)}", ${shown}`;
  },
};

/**
 * A review a call writes ("Review 1: Great place\nRating: 5" on a testimonials slide) that no answer before it
 * gives, or gives another rating: T-Eval's plan copied the reviews its own run saw, and a simulated review list
 * that does not carry them leaves the ground truth writing reviews the case never showed (teval_query_169_2).
 */
export function unshownReview(tc: TestCase): string | null | undefined {
  const calls = callsOf(tc).map((c) => ({ ...c, reviews: writtenReviews(c.action) })).filter((c) => c.reviews.length > 0);
  if (!calls.length) return undefined;
  for (const { action, at, reviews } of calls) {
    const shown = tc.messages.slice(0, at).filter((m) => m.role === 'function').flatMap((m) => answeredReviews(parseToolResponse(m.content)));
    for (const r of reviews) {
      const match = shown.find((x) => sameText(r.text, x.text));
      if (!match) return `${action.name} writes the review "${r.text.slice(0, 60)}", which no answer before it gives`;
      if (r.rating !== undefined && match.rating !== undefined && r.rating !== match.rating) return `${action.name} rates the review "${r.text.slice(0, 40)}" ${r.rating}, where the answer gives ${match.rating}`;
    }
  }
  return null;
}

export const reviewUnshown: CaseMeasure = {
  kind: 'case',
  id: 'call_review_unshown',
  group: 'solvable',
  title: 'a call (shown or ground truth) writes a review ("Review 1: Great place\nRating: 5" on a testimonials slide) that no answer before it gives, or with another rating than the answer gives it',
  population: 'cases with a call writing labelled reviews',
  check: unshownReview,
};

export const CARRIED_MEASURES: CaseMeasure[] = [valueInUnfitCarrier, contradictsRanking, titleUnshown, fieldUnshown, reviewUnshown];
