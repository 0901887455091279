/**
 * How the generated text of a build reads, as numbers: pure functions over texts and TestCases that
 * the text measures of `pnpm report quality` (pipeline/quality/measures/text.ts) and the
 * generators' tests share.
 *
 * - distinct-n (distinct n-grams / all n-grams, lower-cased words) of the text noisy-query inserted,
 *   of ground-truth thoughts and of closing answers: 1 means no phrase repeats, near 0 means a few
 *   canned phrases;
 * - the share of noisy cases holding the most frequent inserted sentences;
 * - template share: the share of texts that open with one of the 3 most frequent 3-word openings;
 * - truncations: texts cut with "…" or "..." or not ending a sentence;
 * - harder-tools fidelity: anything but a tool description that differs from the base case
 *   (names, parameters, parameter descriptions, types, required sets, return docs): must be 0;
 *   and how many rewritten descriptions hold the original verbatim;
 * - one-sided contexts: Long Context insertions with turns of only one side.
 */
import { diffWords } from 'diff';
import { canonicalJson } from '../hash.js';
import type { TestCase, ToolDoc } from '../schemas.js';
import { sentencesOf } from './grammar.js';

export function words(text: string): string[] {
  return text.toLowerCase().match(/[a-z0-9']+/g) ?? [];
}

/** Distinct n-grams over all n-grams of the texts (n-grams never cross two texts); 1 when there are none. */
export function distinctN(texts: string[], n: number): number {
  let total = 0;
  const seen = new Set<string>();
  for (const t of texts) {
    const w = words(t);
    for (let i = 0; i + n <= w.length; i++) {
      total++;
      seen.add(w.slice(i, i + n).join(' '));
    }
  }
  return total ? seen.size / total : 1;
}

/** The text a rewrite added to the original: inserted word runs, joined per run. */
export function insertedText(original: string, rewritten: string): string[] {
  return diffWords(original, rewritten)
    .filter((p) => p.added)
    .map((p) => p.value.trim())
    .filter(Boolean);
}

/** Sentences of the inserted runs (a run with no sentence end counts as one). */
export function insertedSentences(original: string, rewritten: string): string[] {
  return insertedText(original, rewritten).flatMap((run) => sentencesOf(run));
}

/**
 * For each item, how many members hold it (an item counts once per member), with the first holder's
 * id and the item as written there: what "share of cases holding the most frequent line" measures count.
 */
export function holderCounts(members: Iterable<{ id: string; items: Iterable<{ key: string; text: string }> }>): Map<string, { n: number; id: string; text: string }> {
  const counts = new Map<string, { n: number; id: string; text: string }>();
  for (const { id, items } of members) {
    const seen = new Set<string>();
    for (const { key, text } of items) {
      if (seen.has(key)) continue;
      seen.add(key);
      const e = counts.get(key) ?? { n: 0, id, text };
      e.n++;
      counts.set(key, e);
    }
  }
  return counts;
}

/** The most frequent inserted sentences and the share of cases holding each (a sentence counts once per case). */
export function topInsertedSentences(perCase: string[][], top = 5): { sentence: string; cases: number; share: number }[] {
  const counts = new Map<string, number>();
  for (const sentences of perCase) for (const s of new Set(sentences.map((x) => x.toLowerCase()).filter((x) => words(x).length >= 4))) counts.set(s, (counts.get(s) ?? 0) + 1);
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, top)
    .map(([sentence, cases]) => ({ sentence, cases, share: perCase.length ? cases / perCase.length : 0 }));
}

/**
 * Share of texts whose opening is one of the `top` most frequent openings; the opening is the first
 * sentence when it is a stock phrase of at most `n + 1` words ("Done.", "Only partly done."), else
 * the first `n` words.
 */
export function templateShare(texts: string[], n = 3, top = 3): number {
  if (texts.length === 0) return 0;
  const counts = new Map<string, number>();
  const opening = (t: string) => {
    const first = words(t.split(/(?<=[.!?])\s/)[0]);
    return (first.length <= n + 1 ? first : words(t).slice(0, n)).join(' ');
  };
  const keys = texts.map(opening);
  for (const k of keys) counts.set(k, (counts.get(k) ?? 0) + 1);
  const frequent = new Set([...counts.entries()].sort((a, b) => b[1] - a[1]).slice(0, top).map(([k]) => k));
  return keys.filter((k) => frequent.has(k)).length / texts.length;
}

/** Whether a text was cut: an ellipsis anywhere, or no sentence end at the end. */
export function isTruncated(text: string): boolean {
  const t = text.trim();
  return /…|\.\.\./.test(t) || !/[.!?]["')\]`]?$/.test(t);
}

/** What differs between two docs of the same tool besides its description (paths of the differences). */
export function nonDescriptionChanges(before: ToolDoc, after: ToolDoc): string[] {
  const strip = (t: ToolDoc) => ({ ...t, description: '' });
  const a = strip(before) as Record<string, unknown>;
  const b = strip(after) as Record<string, unknown>;
  const out: string[] = [];
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    // Key order is not content (the store writes key-sorted JSON).
    if (canonicalJson(a[key] ?? null) !== canonicalJson(b[key] ?? null)) out.push(`${before.name}.${key}`);
  }
  return out;
}

export interface HarderToolsFidelity {
  toolsCompared: number;
  /** Tools whose parameters, parameter docs, types, required sets or return docs changed: must be 0. */
  otherPartsChanged: number;
  descriptionsChanged: number;
  /** Rewritten descriptions that still hold the original verbatim (a wrapper, not a rewrite). */
  originalWrapped: number;
  examples: string[];
}

export function harderToolsFidelity(pairs: { before: ToolDoc[]; after: ToolDoc[] }[]): HarderToolsFidelity {
  const out: HarderToolsFidelity = { toolsCompared: 0, otherPartsChanged: 0, descriptionsChanged: 0, originalWrapped: 0, examples: [] };
  for (const { before, after } of pairs) {
    const byName = new Map(before.map((t) => [t.name, t]));
    for (const t of after) {
      const b = byName.get(t.name);
      if (!b) continue;
      out.toolsCompared++;
      const diffs = nonDescriptionChanges(b, t);
      if (diffs.length) {
        out.otherPartsChanged++;
        if (out.examples.length < 5) out.examples.push(diffs.join(', '));
      }
      if (t.description !== b.description) {
        out.descriptionsChanged++;
        if (b.description.trim().length > 20 && t.description.includes(b.description.trim())) out.originalWrapped++;
      }
    }
  }
  return out;
}

/** Where evolve's Long Context put the inserted conversation: [first message, end), or undefined. */
export function insertedRange(tc: TestCase): [number, number] | undefined {
  const lc = tc.evolution?.details?.longContext as { insertedAt?: number; messages?: number } | undefined;
  if (!lc || typeof lc.insertedAt !== 'number' || typeof lc.messages !== 'number') return undefined;
  return [lc.insertedAt, lc.insertedAt + lc.messages];
}

/** The Long Context insertion of an evolved case, or undefined. */
export function insertedContext(tc: TestCase): TestCase['messages'] | undefined {
  const range = insertedRange(tc);
  return range && tc.messages.slice(range[0], range[1]);
}

export function isOneSided(context: { role: string }[]): boolean {
  return new Set(context.map((m) => m.role)).size < 2;
}
