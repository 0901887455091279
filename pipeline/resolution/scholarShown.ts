/**
 * One paper, one record within a task. Google Scholar lists a paper under one result id with one
 * citation count and one publication line, whichever search finds it; two drawn searches of one task
 * could each draw the same title ("Quantum computing: a review") with its own id, count and venue
 * (teval_query_187_0: vpqgLoqv6xAZ cited by 8336 in Reviews of Modern Physics, 2017, then
 * YH5jfPBH829m cited by 14734 in Science, 2007), two records no reader can reconcile
 * (simulated_scholar_record_repeated). A title the task's other answers already list keeps their record.
 */
import { parseToolResponse } from '../prompts/parseAction.js';
import { isPlainObject } from '../errors/values.js';

/** A paper another answer of the task lists: its title and every parallel column's value at its place (cited_by, organic_id, pub_info, snippets). */
export interface ShownPaper {
  title: string;
  columns: Record<string, unknown>;
}

/** The title column of an answer written as parallel columns (Scholar's search), with the columns of its length. */
function paperColumns(answer: Record<string, unknown>): { titles: unknown[]; columns: [string, unknown[]][] } | undefined {
  const titles = answer.title;
  if (!Array.isArray(titles) || !titles.length) return undefined;
  const columns = Object.entries(answer).filter((e): e is [string, unknown[]] => e[0] !== 'title' && Array.isArray(e[1]) && e[1].length === titles.length);
  return columns.length ? { titles, columns } : undefined;
}

/** The papers `answers` list as parallel columns, the first listing of a title winning. */
export function scholarPapersShown(answers: readonly (string | undefined)[]): ShownPaper[] {
  const out: ShownPaper[] = [];
  for (const a of answers) {
    const v = a ? parseToolResponse(a) : undefined;
    const cols = isPlainObject(v) ? paperColumns(v as Record<string, unknown>) : undefined;
    if (!cols) continue;
    cols.titles.forEach((t, i) => {
      if (typeof t !== 'string' || out.some((p) => p.title === t)) return;
      out.push({ title: t, columns: Object.fromEntries(cols.columns.map(([k, col]) => [k, col[i]])) });
    });
  }
  return out;
}

/**
 * `answer` with each paper another answer listed given that answer's record: its id, count and line
 * at its place in every column both share (its snippet stays this search's). A paper whose values at its place a later step copies
 * (`kept`) stays as drawn, as does one whose shown id this answer already lists for another title.
 */
export function papersKeepShownRecords(answer: unknown, shown: readonly ShownPaper[], kept: (v: unknown) => boolean): unknown {
  if (!shown.length || !isPlainObject(answer)) return answer;
  const cols = paperColumns(answer as Record<string, unknown>);
  if (!cols) return answer;
  cols.titles.forEach((t, i) => {
    const paper = shown.find((p) => p.title === t);
    if (!paper || cols.columns.some(([, col]) => kept(col[i]))) return;
    const clash = cols.columns.some(([k, col]) => /id$/i.test(k) && k in paper.columns && col.some((v, j) => j !== i && v === paper.columns[k]));
    if (clash) return;
    // Not its snippet: Scholar's snippet is the passage matching each query, so two searches show two (and one passage twice reads as copied text: simulated_text_repeated).
    for (const [k, col] of cols.columns) if (k in paper.columns && !/^snippets?$/i.test(k)) col[i] = paper.columns[k];
  });
  return answer;
}
