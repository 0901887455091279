/**
 * Simulated Google Scholar author records that say false things about people:
 *
 * - simulated_author_affiliation_unfounded: a simulated author record of a person the case names
 *   before it (an arXiv author, the name a get_author_id call asked for) giving an affiliation that
 *   neither the facts table (worldFacts.ts RESEARCHERS) nor a recorded answer gives them, other than
 *   Scholar's own "Unknown affiliation" (Seth Lloyd at "University of Sydney"); or any simulated
 *   author record at a university that does not exist ("University of New York").
 * - simulated_scholar_author_id_unlike: a simulated Scholar answer giving an author id not in
 *   Scholar's form ("cDWxPNd79mVF" beside the recorded "ZbdN-0AAAAAJ": seven characters, then AAAAJ).
 */
import type { CaseMeasure } from '../types.js';
import { shownSimulatedSteps, shownSteps, userText } from '../evidence.js';
import { parseToolResponse } from '../../prompts/parseAction.js';
import { isPlainObject } from '../../errors/values.js';
import { researcherAffiliation } from '../../resolution/worldFacts.js';
import { toJson } from '../../pyValues.js';

const AFFILIATION = /^(aff?i?liations?|institution)$/i;
/** "University of <city>" names no university has (or has had for decades): the old drawn pool's New York, Paris, Berlin, Madrid, Singapore. */
const NO_SUCH_UNIVERSITY = /^University of (New York|Paris|Berlin|Madrid|Singapore)$/;
/** Scholar's author ids: "ZbdN-0AAAAAJ", "lyMGnwIAAAAJ". */
export const SCHOLAR_AUTHOR_ID = /^[A-Za-z0-9_-]{7}AAAAJ$/;

const key = (s: string) => s.toLowerCase().replace(/[^\p{L}]/gu, '');

/** Why a simulated author record's affiliation is unfounded, given the texts before it that name people; null when founded. */
export function affiliationUnfounded(record: Record<string, unknown>, namedBefore: string, recordedAffiliations: string[]): string | null | undefined {
  const name = typeof record.name === 'string' ? record.name.trim() : undefined;
  const entry = Object.entries(record).find(([k, v]) => AFFILIATION.test(k) && typeof v === 'string');
  if (!name || !entry) return undefined;
  const said = (entry[1] as string).trim();
  if (NO_SUCH_UNIVERSITY.test(said)) return `${name} at "${said}", a university that does not exist`;
  if (!key(namedBefore).includes(key(name))) return null;
  const founded = [researcherAffiliation(name), 'Unknown affiliation', ...recordedAffiliations].filter((a): a is string => !!a);
  return founded.some((a) => key(a) === key(said)) ? null : `${name}, whom the case names, at "${said}", which nothing the case or the facts table says gives them`;
}

export const simulatedAuthorAffiliationUnfounded: CaseMeasure = {
  kind: 'case',
  id: 'simulated_author_affiliation_unfounded',
  group: 'solvable',
  title: 'a simulated author record gives a person the case names (an arXiv author, the name get_author_id asked for) an affiliation neither a recording nor the facts table gives them ("Seth Lloyd", "University of Sydney"), or any author a university that does not exist ("University of New York")',
  population: 'cases showing a simulated author record with a name and an affiliation',
  check(tc, ctx) {
    const steps = shownSteps(tc, ctx);
    const simulated = shownSimulatedSteps(tc, ctx);
    if (!steps || !simulated) return undefined;
    let inPopulation = false;
    for (const step of simulated) {
      const v = parseToolResponse(step.response!.content);
      if (!isPlainObject(v)) continue;
      const at = steps.indexOf(step);
      const before = at >= 0 ? steps.slice(0, at) : steps;
      // The people the case names before the record: the user, the calls' arguments, the answers not simulated.
      const named = [userText(tc), ...before.map((s) => toJson(s.action.args)), ...before.filter((s) => s.response?.tier !== 'simulated').map((s) => s.response?.content ?? '')].join('\n');
      const recordedAffiliations = steps
        .filter((s) => s.response?.tier !== 'simulated')
        .flatMap((s) => {
          const r = parseToolResponse(s.response?.content ?? '');
          return isPlainObject(r) ? Object.entries(r).filter(([k, x]) => AFFILIATION.test(k) && typeof x === 'string').map(([, x]) => (x as string).split(',')[0].trim()) : [];
        });
      const why = affiliationUnfounded(v, named, recordedAffiliations);
      if (why === undefined) continue;
      inPopulation = true;
      if (why) return `${step.action.name}: ${why}`;
    }
    return inPopulation ? null : undefined;
  },
};

/** The author ids an answer gives under an author-id key, at any depth. */
function authorIds(v: unknown): string[] {
  if (Array.isArray(v)) return v.flatMap(authorIds);
  if (!isPlainObject(v)) return [];
  return Object.entries(v).flatMap(([k, x]) => (/^author_?id$/i.test(k) && typeof x === 'string' ? [x.trim()] : authorIds(x)));
}

export const simulatedScholarAuthorIdUnlike: CaseMeasure = {
  kind: 'case',
  id: 'simulated_scholar_author_id_unlike',
  group: 'solvable',
  title: 'a simulated Google Scholar answer gives an author id not in Scholar\'s form ("cDWxPNd79mVF" where Scholar and the recorded answers write "ZbdN-0AAAAAJ": seven characters, then AAAAJ)',
  population: 'cases showing a simulated Google Scholar answer that gives an author id',
  check(tc, ctx) {
    const simulated = shownSimulatedSteps(tc, ctx);
    if (!simulated) return undefined;
    let inPopulation = false;
    for (const step of simulated) {
      if (!/scholar/i.test(step.action.name)) continue;
      const ids = authorIds(parseToolResponse(step.response!.content));
      if (!ids.length) continue;
      inPopulation = true;
      const off = ids.find((id) => !SCHOLAR_AUTHOR_ID.test(id));
      if (off) return `${step.action.name} gives author id ${off}`;
    }
    return inPopulation ? null : undefined;
  },
};

export const PEOPLE_MEASURES: CaseMeasure[] = [simulatedAuthorAffiliationUnfounded, simulatedScholarAuthorIdUnlike];
