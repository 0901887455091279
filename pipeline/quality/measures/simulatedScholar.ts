/**
 * Simulated Google Scholar answers shown as real tool output:
 *
 * - simulated_scholar_paper_unrecorded: a Scholar paper, MLA citation or author profile no T-Eval
 *   recording gives (scholarRecords.ts holds every recorded one): "Quantum computing: a review" in
 *   Nature by made-up authors, a citation "Fischer, C. I, et al. ... Nature Energy 12.8 (2010)", an
 *   author "John Smith" with articles no one wrote. The machine is offline, so a record Scholar really
 *   gives is one T-Eval recorded; a recorded title shown under another id or citation count is not it.
 * - simulated_scholar_record_repeated: one title listed twice with different fields, in one answer or
 *   across one case's Scholar answers ("Quantum computing: a review" twice in teval_query_187_0, cited
 *   by 8336 and by 14734 under two ids).
 */
import type { Step, TestCase } from '../../schemas.js';
import type { CaseMeasure, QualityContext } from '../types.js';
import { shownStepsWithWrong, simulatedDefectAmong } from '../evidence.js';
import { parseToolResponse } from '../../prompts/parseAction.js';
import { isPlainObject } from '../../errors/values.js';
import { SCHOLAR_AUTHORS, isRecordedCitation, isRecordedScholarTitle, recordedScholarPaper } from '../../resolution/scholarRecords.js';

/** The papers a Scholar search answer lists: title with its id and citation count, in order. */
export function scholarListed(response: string): { title: string; organicId: unknown; citedBy: unknown }[] | undefined {
  const v = parseToolResponse(response);
  if (!isPlainObject(v) || !Array.isArray(v.title)) return undefined;
  const ids = Array.isArray(v.organic_id) ? v.organic_id : [];
  const cited = Array.isArray(v.cited_by) ? v.cited_by : [];
  return v.title.map((t, i) => ({ title: String(t), organicId: ids[i], citedBy: cited[i] }));
}

const RECORDED_AUTHORS = Object.values(SCHOLAR_AUTHORS).map((a) => JSON.stringify(parseToolResponse(a)));

/**
 * What a simulated Scholar answer gives that no recording does; null when it gives only recorded
 * records (or nothing: an error, an empty list, "Fully empty"); undefined for another API.
 */
export function scholarRecordUnrecorded(action: { name: string }, response: string): string | null | undefined {
  if (!/scholar/i.test(action.name) || /author_id/i.test(action.name)) return undefined;
  const v = parseToolResponse(response);
  if (/search/i.test(action.name)) {
    const listed = scholarListed(response);
    if (!listed?.length) return null;
    for (const p of listed) {
      const rec = recordedScholarPaper(p.title);
      if (!rec) return `lists "${p.title}", a paper no recording holds`;
      if (p.organicId !== rec.organicId || p.citedBy !== rec.citedBy) return `lists "${p.title}" as ${String(p.organicId)} cited by ${String(p.citedBy)}; its recording says ${rec.organicId}, cited by ${String(rec.citedBy)}`;
    }
    return null;
  }
  if (/citation/i.test(action.name)) {
    const text = typeof v === 'string' ? v : isPlainObject(v) && typeof v.citation === 'string' ? v.citation : isPlainObject(v) ? undefined : response.trim();
    if (!text || /Fully empty|error/i.test(text)) return null;
    return isRecordedCitation(text) ? null : `cites "${text.slice(0, 90)}", which no recording gives`;
  }
  if (/author_information/i.test(action.name)) {
    if (!isPlainObject(v) || typeof v.name !== 'string') return null;
    if (RECORDED_AUTHORS.includes(JSON.stringify(v))) return null;
    const titles = Array.isArray(v.articles) ? v.articles.map((a) => (isPlainObject(a) ? String(a.title) : String(a))) : [];
    const made = titles.find((t) => !isRecordedScholarTitle(t));
    return `profiles "${v.name}"${made ? ` with "${made}"` : ''}, which no recording gives`;
  }
  return undefined;
}

export const simulatedScholarPaperUnrecorded: CaseMeasure = {
  kind: 'case',
  id: 'simulated_scholar_paper_unrecorded',
  group: 'text',
  title: 'a simulated Google Scholar answer gives a paper, citation or author profile no T-Eval recording gives, so no one can find it ("Quantum computing: a review" in Nature by made-up authors; "John Smith", Unknown affiliation, with articles no one wrote)',
  population: 'cases showing a simulated Scholar search, citation or author-profile answer',
  check(tc, ctx) {
    return simulatedDefectAmong(tc, ctx, (step) => scholarRecordUnrecorded(step.action, step.response!.content));
  },
};

/** A title a case's Scholar search answers list twice with different fields (or twice in one answer); null when none; undefined when the case shows no simulated Scholar search. */
export function scholarRecordRepeated(steps: readonly Step[]): string | null | undefined {
  const searches = steps.filter((s) => /scholar/i.test(s.action.name) && /search/i.test(s.action.name) && s.response);
  if (!searches.some((s) => s.response!.tier === 'simulated' && scholarListed(s.response!.content)?.length)) return undefined;
  const seen = new Map<string, string>();
  for (const s of searches) {
    const listed = scholarListed(s.response!.content) ?? [];
    const inThis = new Set<string>();
    for (const p of listed) {
      const fields = `${String(p.organicId)} cited by ${String(p.citedBy)}`;
      if (inThis.has(p.title)) return `"${p.title}" twice in one answer`;
      inThis.add(p.title);
      const before = seen.get(p.title);
      if (before !== undefined && before !== fields) return `"${p.title}" as ${before} and as ${fields}`;
      seen.set(p.title, fields);
    }
  }
  return null;
}

export const simulatedScholarRecordRepeated: CaseMeasure = {
  kind: 'case',
  id: 'simulated_scholar_record_repeated',
  group: 'text',
  title: 'a case\'s Scholar answers list one title twice with different ids or citation counts, or twice in one answer ("Quantum computing: a review" cited by 8336 and by 14734, teval_query_187_0)',
  population: 'cases showing a simulated Scholar search answer that lists papers',
  check(tc: TestCase, ctx: QualityContext) {
    const steps = shownStepsWithWrong(tc, ctx);
    return steps ? scholarRecordRepeated(steps) : undefined;
  },
};
