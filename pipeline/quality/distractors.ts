/**
 * How close an extra tool is to a case: a distractor a model must actually weigh is one from the
 * case's own domain — a toolkit the case lists, or a tool whose name or own description speaks of
 * what the request or the listed tools speak of (a city, a flight, a stock, a file) — not a tool of
 * an unrelated system a model can skip at a glance. It must still never do the same job as a tool
 * the case uses (sameFunction.ts): related, not a second right answer.
 *
 * Subject words are content words (sameFunction.ts contentWords) of a tool's api name and the first
 * sentence of its own description (after BFCL's toolkit preamble), less the words every tool doc uses (get, user,
 * given, current, ...), which say nothing of a domain.
 */
import { ownDescription } from '../toolDescription.js';
import type { ToolDoc } from '../schemas.js';
import { contentWords, nameWords } from './sameFunction.js';

/** Words of tool docs that name no domain: verbs of any API, generic nouns and modifiers. */
const GENERIC = new Set(
  (
    'get set list search find add remove delete create update edit modify check show display view print return retrieve fetch ' +
    'user current given specified specific provided name value result results information info detail details data number all new ' +
    'function tool api system parameter param method call using use id ids type types option options status login logout log authenticate ' +
    'authenticated day days date time today list item items total count level top specific various certain optionally optional filter ' +
    'filtered based relative whole part one two single multiple latest recent most given take takes run make need needs returns ' +
    // Function words and verbs that are no subject ("from one location to another", "within a range", "must be").
    'another within must should from out with without containing contain calculate compute estimate available change working write send ' +
    'cancel handle close currently adjustable format put end query empty note perform through last there significant existing created ' +
    'copy copied local needed hold kept until released step done variou supported detailed behind state read want answer question his her ' +
    'giving original alternative similar relating open immediate issue online location place put order ordered rate precision decimal ' +
    'extension keyword text title code amount limit source size custom window class word character position start'
  ).split(' '),
);

const GENERIC_STEMS = new Set([...GENERIC].map((w) => stem(w)));
/** A generic word, in any form contentWords gives it ("status" -> "statu"). */
const isGeneric = (w: string) => GENERIC.has(w) || GENERIC_STEMS.has(w) || GENERIC_STEMS.has(stem(w));

const firstSentence = (text: string) => text.trim().split(/(?<=[.!?])\s+(?=[A-Z])/)[0] ?? '';

const subjectMemo = new Map<string, Set<string>>();

function stem(w: string): string {
  return w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w;
}

/** A tool's subject words: its api name's and own description's content words, generic ones left out. */
export function toolSubject(tool: Pick<ToolDoc, 'name' | 'description'>): Set<string> {
  const key = `${tool.name}\u0000${tool.description}`;
  let out = subjectMemo.get(key);
  if (!out) {
    out = new Set<string>();
    const api = tool.name.slice(tool.name.indexOf('.') + 1);
    for (const w of nameWords(api)) if (w.length >= 3 && !isGeneric(w)) out.add(stem(w));
    // What the tool is about is in its first sentence; later ones say how (a "destination" of a file copy).
    for (const w of contentWords(firstSentence(ownDescription(tool.description)))) if (!isGeneric(w) && !/^\d+$/.test(w)) out.add(w);
    subjectMemo.set(key, out);
  }
  return out;
}

/** What a case is about: its requests' subject words and its listed tools' (by toolkit too). */
export interface CaseSubject {
  toolkits: Set<string>;
  words: Set<string>;
}

export function caseSubject(tools: Pick<ToolDoc, 'name' | 'description'>[], requests: string[]): CaseSubject {
  const words = new Set<string>();
  for (const t of tools) for (const w of toolSubject(t)) words.add(w);
  for (const r of requests) for (const w of contentWords(r)) if (!isGeneric(w) && !/^\d+$/.test(w)) words.add(w);
  return { toolkits: new Set(tools.map((t) => toolkitOf(t.name))), words };
}

export const toolkitOf = (name: string) => (name.includes('.') ? name.slice(0, name.indexOf('.')) : '');

/** The subject words a candidate shares with the case (empty when it shares none). */
export function sharedSubject(candidate: Pick<ToolDoc, 'name' | 'description'>, subject: CaseSubject): string[] {
  return [...toolSubject(candidate)].filter((w) => subject.words.has(w));
}

/** Whether `candidate` is a related distractor for a case: of a toolkit it lists, or sharing a subject word with it. */
export function isRelatedDistractor(candidate: Pick<ToolDoc, 'name' | 'description'>, subject: CaseSubject): boolean {
  return subject.toolkits.has(toolkitOf(candidate.name)) || sharedSubject(candidate, subject).length > 0;
}

/**
 * How related each candidate is, for ranking: shared subject words weighted by how rare each is
 * over the candidates (a word every tool has says little), plus a whole point for a listed toolkit.
 */
export function relatedness(candidates: Pick<ToolDoc, 'name' | 'description'>[], subject: CaseSubject, df: Map<string, number>, poolSize: number): number[] {
  return candidates.map((c) => {
    let score = subject.toolkits.has(toolkitOf(c.name)) ? 1 : 0;
    for (const w of sharedSubject(c, subject)) score += Math.log(poolSize / (df.get(w) ?? 1)) / Math.log(poolSize);
    return score;
  });
}

/** In how many pool tools each subject word occurs. */
export function subjectFrequencies(pool: Pick<ToolDoc, 'name' | 'description'>[]): Map<string, number> {
  const df = new Map<string, number>();
  for (const t of pool) for (const w of toolSubject(t)) df.set(w, (df.get(w) ?? 0) + 1);
  return df;
}
