/**
 * Google Scholar's MLA references and publication lines as Scholar gives them:
 *
 * - simulated_citation_unlike_scholar: a simulated get_citation_format answer Scholar would never give:
 *   a record {"citation": "…"} where the API answers a plain reference (every working recording is
 *   one: "Zhou, Zhi-Hua. Machine learning. Springer Nature, 2021."); an initial without its full stop
 *   ("Dubois, M. J, et al."); a title re-cased from the one the case's search listed ("Lessons From
 *   two Decades of Climate Change" for "Lessons from two decades of climate change"); a title's own
 *   question mark followed by a full stop ("What Have we Learned?.").
 * - simulated_journal_volume_impossible: a reference or publication line naming a journal in a year it
 *   did not publish ("Nature Energy, 2010": it began in 2016) or a volume it did not have that year
 *   ("Nature 18.4 (2021)": Nature's volumes of 2021 are 589-600; "Scientific Reports 50.9 (2013)": 3).
 */
import type { Step, TestCase } from '../../schemas.js';
import type { CaseMeasure, QualityContext } from '../types.js';
import { shownStepsWithWrong, simulatedDefectAmong } from '../evidence.js';
import { parseToolResponse } from '../../prompts/parseAction.js';
import { isPlainObject } from '../../errors/values.js';
import { journalOf, pagesUnlikeJournal, volumesOf, yearsOf } from '../../resolution/journalVolumes.js';
import { scholarListed } from './simulatedScholar.js';

const isCitationCall = (name: string) => /scholar/i.test(name) && /citation/i.test(name);

/** The reference a citation answer gives, and whether it came as a record; undefined for a failure or nothing found. */
function referenceOf(content: string): { text: string; record: boolean } | undefined {
  const t = content.trim();
  if (!t || /fully empty|\berror\b|^HTTP \d|timed out|Max retries/i.test(t)) return undefined;
  if (!/^[[{]/.test(t)) return { text: t, record: false };
  const v = parseToolResponse(t);
  if (!isPlainObject(v)) return undefined;
  const text = Object.values(v).find((x): x is string => typeof x === 'string');
  return text ? { text, record: true } : undefined;
}

/** The quoted title of a reference ("… \"A survey of X.\" Nature …"), without its closing full stop. */
function quotedTitle(reference: string): string | undefined {
  return /"([^"]+?)\.?"/.exec(reference)?.[1];
}

/** What a citation answer does that Scholar's never does; null when it reads as Scholar's; undefined for another call or a failure. */
export function citationUnlikeScholar(step: Step, listedTitles: readonly string[]): string | null | undefined {
  if (!isCitationCall(step.action.name) || !step.response || step.response.error) return undefined;
  const ref = referenceOf(step.response.content);
  if (!ref) return undefined;
  if (ref.record) return `a record ${step.response.content.trim().slice(0, 40)}…, where Scholar answers a plain reference`;
  const authors = ref.text.split(/\s"|\.\s(?=\p{Lu}[^.,]*\.)/u)[0];
  const bare = /(?:^|[\s,])(\p{Lu})(?=,)/u.exec(authors);
  if (bare) return `the initial "${bare[1]}" without its full stop: "${authors.slice(0, 60)}"`;
  const doubled = /[?!]\.(?=["\s]|$)/.exec(ref.text);
  if (doubled) return `a title's own mark followed by a full stop: "${ref.text.slice(Math.max(0, doubled.index - 30), doubled.index + 3)}"`;
  const title = quotedTitle(ref.text);
  if (title) {
    const listed = listedTitles.find((t) => t.replace(/[.\s]+$/, '').toLowerCase() === title.toLowerCase());
    if (listed && listed.replace(/[.\s]+$/, '') !== title) return `cites "${title}", re-cased from the listed "${listed}"`;
  }
  return null;
}

export const simulatedCitationUnlikeScholar: CaseMeasure = {
  kind: 'case',
  id: 'simulated_citation_unlike_scholar',
  group: 'text',
  title: 'a simulated Scholar MLA reference Scholar never gives: a record {"citation": "…"} where the API answers plain text, an initial without its full stop ("Dubois, M. J, et al."), a title re-cased from the one listed ("Lessons From two Decades of Climate Change"), "learned?."',
  population: 'cases showing a simulated Scholar citation',
  check(tc: TestCase, ctx: QualityContext) {
    const shown = shownStepsWithWrong(tc, ctx) ?? [];
    const listed = shown.filter((s) => /scholar/i.test(s.action.name) && s.response).flatMap((s) => (scholarListed(s.response!.content) ?? []).map((p) => p.title));
    return simulatedDefectAmong(tc, ctx, (step) => citationUnlikeScholar(step, listed));
  },
};

/** A journal named with a year it did not publish in, or a volume it did not have that year; null when none; undefined when the text names no journal the table knows. */
export function journalVolumeImpossible(text: string): string | null | undefined {
  let seen = false;
  // A reference: `"Title." Venue 589.7841 (2021)` or `Venue 13 (2021)`.
  for (const m of text.matchAll(/"\s+([^"(]+?)\s+(\d+)(?:\.(\d+))?\s+\((\d{4})\)(?::\s*([\w-]+))?/g)) {
    const j = journalOf(m[1].trim());
    if (!j) continue;
    seen = true;
    const year = Number(m[4]);
    if (!yearsOf(j, year, year)) return `${m[1].trim()} in ${year}, a year it did not publish`;
    const [first, last] = volumesOf(j, year);
    const volume = Number(m[2]);
    if (volume < first - 1 || volume > last + 1) return `${m[1].trim()} ${volume} (${year}); its volumes of ${year} are ${first === last ? first : `${first}-${last}`}`;
    // Pages as the journal has them: an article number where it numbers its articles (Scientific Reports "11 (2021): 12345"), a Nature letter's few pages.
    const pages = m[5] ? pagesUnlikeJournal(j, m[5]) : undefined;
    if (pages) return `${m[1].trim()} ${volume} (${year}): ${m[5]}: ${pages}`;
  }
  // A publication line: "MJ Dubois, HT Lopez - Nature Energy, 2010 - nature.com".
  for (const m of text.matchAll(/ - ([^-\n"']+?), (\d{4}) - /g)) {
    const j = journalOf(m[1].trim());
    if (!j) continue;
    seen = true;
    const year = Number(m[2]);
    if (!yearsOf(j, year, year)) return `${m[1].trim()}, ${year}: a year it did not publish`;
  }
  return seen ? null : undefined;
}

export const simulatedJournalVolumeImpossible: CaseMeasure = {
  kind: 'case',
  id: 'simulated_journal_volume_impossible',
  group: 'text',
  title: 'a simulated Scholar line or reference names a journal in a year it did not publish ("Nature Energy, 2010": it began in 2016) or a volume it did not have that year ("Nature 18.4 (2021)": 589-600)',
  population: 'cases showing a simulated Scholar answer naming a journal the table knows',
  check(tc: TestCase, ctx: QualityContext) {
    return simulatedDefectAmong(tc, ctx, (step) => (/scholar/i.test(step.action.name) && step.response && !step.response.error ? journalVolumeImpossible(step.response.content) : undefined));
  },
};
