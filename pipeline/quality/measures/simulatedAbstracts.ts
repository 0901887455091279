/**
 * A simulated arXiv abstract that misreads its own paper or its field:
 * - its title's frame taken for the subject: "This paper is about beyond the hype: artificial
 *   intelligence in context.", "The gains reported for beyond the hype shrink …", "We address what do
 *   we know about art exhibitions?.", "progress in evaluating quantum computing";
 * - another field's words: quantum mechanics tested by "ablations over model size and training data",
 *   customer behaviour shaped by "local institutions" and studied through "a survey of residents".
 * A field's words are in scholarFields.ts (AbstractVocab) and a title's frames in paperAbstract.ts,
 * which the simulator writes from, so the check and the writer agree on what is whose.
 */
import { argStrings, papersOf, simulatedDefectAmong } from '../evidence.js';
import { sentencesOf } from '../grammar.js';
import type { CaseMeasure } from '../types.js';
import { parseToolResponse } from '../../prompts/parseAction.js';
import { escapeRegExp } from '../../errors/vocabulary.js';
import { GENERAL_FIELD, SCHOLAR_FIELDS, abstractVocab, type AbstractVocab } from '../../resolution/scholarFields.js';
import { titleParts } from '../../resolution/paperAbstract.js';

const phrasesOf = (v: AbstractVocab) => [...v.evidence, ...v.factors, ...(v.caveats ?? [])];
const VOCABS: AbstractVocab[] = [...SCHOLAR_FIELDS, GENERAL_FIELD].flatMap((f) => [f.abstract, ...(f.abstract.phenomenon ? [f.abstract.phenomenon] : [])]);
/** Phrases of two words or more: "scale", "age" or "prices" are any writer's words, "ablations over model size" a field's. */
const FIELD_PHRASES = [...new Set(VOCABS.flatMap(phrasesOf))].filter((p) => /\s/.test(p));

/** A phrase of some field's vocabulary that none of the vocabularies `topics` are written in holds, or undefined. */
export function offFieldPhrase(summary: string, topics: string[], fields: string[] = []): string | undefined {
  const own = new Set([
    ...phrasesOf(GENERAL_FIELD.abstract),
    ...topics.filter(Boolean).flatMap((t) => phrasesOf(abstractVocab(t))),
    ...fields.flatMap((name) => SCHOLAR_FIELDS.filter((f) => f.name === name).flatMap((f) => phrasesOf(f.abstract))),
  ]);
  // The subject's own words and the field's phrases are taken out first: "mathematics education" holds no society's "education".
  let text = ` ${summary.toLowerCase()} `;
  for (const p of [...own, ...topics].filter(Boolean).sort((a, b) => b.length - a.length)) text = text.split(p.toLowerCase()).join(' | ');
  return FIELD_PHRASES.find((p) => !own.has(p) && new RegExp(`\\b${escapeRegExp(p.toLowerCase())}\\b`).test(text));
}

/** How an abstract misreads its title, or null; undefined for a title in no known frame whose abstract says nothing of it. */
export function abstractMisreadsTitle(title: string, summary: string): string | null {
  const t = title.trim().replace(/[.\s]+$/, '');
  const s = summary.toLowerCase();
  if (/\?\s*\./.test(summary)) return `a question title read as a noun phrase: "${summary.slice(0, 90)}"`;
  if (/[:?]/.test(t) && s.includes(t.toLowerCase())) return `the whole title "${t}" as the paper's subject: "${summary.slice(0, 90)}"`;
  const parts = titleParts(t);
  if (!parts || parts.studied) return null;
  // After the first sentence, which says what the title says in its own words.
  const rest = sentencesOf(summary).slice(1).join(' ');
  const r = rest.toLowerCase();
  const subject = parts.subject.toLowerCase();
  const lead = parts.lead.trim().toLowerCase();
  const tail = parts.tail.trim().toLowerCase();
  const leadPhrase = lead.replace(/:$/, '');
  if (lead.endsWith(':') && r.includes(leadPhrase)) return `the title's frame "${leadPhrase}" taken for a subject after the first sentence: "${rest.trim().slice(0, 90)}"`;
  if (lead && r.includes(`${lead} ${subject}`)) return `the title's frame "${parts.lead.trim()}" said with its subject after the first sentence: "${rest.trim().slice(0, 90)}"`;
  if (tail && /^[a-z]/.test(tail) && r.includes(`${subject} ${tail}`)) return `the title's frame "${parts.tail.trim()}" said with its subject after the first sentence: "${rest.trim().slice(0, 90)}"`;
  if (lead && /\b(?:about|studies|address|consider|is)\s*$/.test(s.slice(0, s.indexOf(lead) >= 0 ? s.indexOf(lead) : 0))) return `the title's frame taken for its subject: "${summary.slice(0, 90)}"`;
  return null;
}

/** A simulated paper answer's first abstract that misreads its title or its field. */
export function abstractMisread(action: { name: string; args: unknown }, response: string): string | null | undefined {
  const value = parseToolResponse(response);
  const papers = papersOf(value);
  if (!papers.length) return undefined;
  const query = argStrings(action.args).join(' ');
  for (const { title, summary } of papers) {
    const misread = abstractMisreadsTitle(title, summary);
    if (misread) return `"${title}": ${misread}`;
    const parts = titleParts(title);
    const off = offFieldPhrase(summary, [query, parts?.subject ?? title], parts?.field ? [parts.field] : []);
    if (off) return `"${title}" (asked "${query}"): "${off}" is another field's words`;
  }
  return null;
}

export const simulatedAbstractMisread: CaseMeasure = {
  kind: 'case',
  id: 'simulated_abstract_misread',
  group: 'text',
  title: 'a simulated paper abstract misreads its title or its field: the title\'s frame taken for the subject ("This paper is about beyond the hype: …", "The gains reported for beyond the hype shrink", "We address what do we know about art exhibitions?."), or another field\'s words (quantum mechanics tested by "ablations over model size and training data", customer behaviour shaped by "local institutions")',
  population: 'cases showing a simulated answer listing papers with titles and summaries',
  check: (tc, ctx) => simulatedDefectAmong(tc, ctx, (step) => (/arxiv|paper|article|scholar/i.test(step.action.name) ? abstractMisread(step.action, step.response!.content) : undefined)),
};
