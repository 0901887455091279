/**
 * Noise that does not fit the request it is added to:
 *
 * - a second reason beside the request's own: "Honestly, I'm researching a subject for a project. I'm
 *   working on a research project about sustainable architecture." echoes it; "For context, I'm trying
 *   to get my finances in order. As an event organizer, I'm planning a conference …" contradicts it. A
 *   person who says why they ask says it once.
 * - an aside put between two sentences of the request where the second points back at the first:
 *   "… the alphabetically first file in that directory. To be fair, a former colleague set up these
 *   directories. It's …", "… our car's fuel tank is running low. I'm doing too many things at once right
 *   now haha. It would be great if you could top it up …": the pronoun now reads as the aside's.
 *
 * Judged on the words (the request and its rewrite), with lexicons of this file's own, not the rules'
 * (stages/evolve/roles/noisyQuery.ts).
 */
import type { TestCase } from '../../schemas.js';
import type { CaseMeasure } from '../types.js';
import { noisyPair } from './text.js';

/** A request that says why the user asks: who they are or what it is for. */
const OWN_REASON = /^(?:[^.?!]{0,40}?\b)?(?:I'm|I am|We're|We are|I've been|I have been) (?:planning|organi[sz]ing|researching|preparing|working on|writing|putting together|about to|hosting|trying to|going on|doing|looking (?:for|into)|interested in|conducting|studying|an? )|^(?:As|Being) an? [\w -]+,|^I (?:have|need to (?:plan|prepare|research|write|organi[sz]e)) (?:an? |my )?(?:presentation|project|meeting|trip|report|paper|talk|class)/i;

/** A sentence of the noise that gives a reason: what the user is doing, planning or trying to get done. */
const GIVES_REASON = /\b(?:I'm|I am|we're|we are) (?:planning|organising|organizing|researching|preparing|putting together|trying to|working on|working out|sorting out|about to|cooking|hosting|helping|new to|still new|mapping|checking|catching up|handing|setting things|covering|budgeting|cleaning|tidying|going through|finally|unfamiliar)\b|\bI need (?:background|some) reading\b|\bwe have plans\b/i;

/** A sentence opening on a word that points back at something said before it, or on a phrase leading into one ("Among them, …", "For each of these, …"). */
const POINTS_BACK = /^["'(]?(?:(?:among|of|from|for|with|in|on|using|based on|out of|(?:for )?(?:each|all|both|one|any|some|none|most) of)\s+)?(?:it|its|it's|it’s|it'd|it'll|this|that|these|those|they|their|them|he|she|his|her)\b/i;

const wordsOf = (text: string) => text.toLowerCase().match(/[a-z]+(?:'[a-z]+)?/g) ?? [];
// A sentence may end inside its closing bracket or quote: "(Sorry if the spelling is dodgy, I'm typing with a laptop tray on me.) I'm planning …" is two.
const sentencesOf = (text: string) => text.split(/(?<=[.!?]["')\]]?)\s+(?=["'(]?[A-Z0-9])/).filter((s) => s.trim());

/** Whether most of a sentence's words of four letters or more are the request's (typos aside): a sentence of the request, not of the noise. */
function ofRequest(sentence: string, request: ReadonlySet<string>): boolean {
  // A lead-in a mixed rewrite puts before the request's first sentence ("Changing the subject completely: I am researching …") is no sentence of its own.
  const w = wordsOf(sentence.replace(/^[A-Z][^:.?!]{2,40}:\s+(?=\S)/, '')).filter((x) => x.length >= 4);
  return w.length > 0 && w.filter((x) => request.has(x)).length / w.length >= 0.6;
}

/** The noise's sentences (those not the request's), in order. */
function addedSentences(original: string, noisy: string): { text: string; at: number; all: string[] }[] {
  const request = new Set(wordsOf(original));
  const all = sentencesOf(noisy);
  return all.flatMap((text, at) => (ofRequest(text, request) ? [] : [{ text, at, all }]));
}

function pairOf(tc: TestCase): { original: string; noisy: string } | null | undefined {
  if (tc.evolution?.details?.noisyQuery === undefined) return undefined;
  return noisyPair(tc) ?? null;
}

/** A reason the noise gives beside the request's own, or undefined. */
export function reasonBesideOwn(original: string, noisy: string): string | undefined {
  if (!OWN_REASON.test(original.trim())) return undefined;
  return addedSentences(original, noisy).find((s) => GIVES_REASON.test(s.text))?.text;
}

/** An aside of the noise followed by a sentence of the request that points back past it, or undefined. */
export function asideSplitsReference(original: string, noisy: string): string | undefined {
  const request = new Set(wordsOf(original));
  for (const s of addedSentences(original, noisy)) {
    const next = s.all[s.at + 1];
    const before = s.all[s.at - 1];
    if (next && before && POINTS_BACK.test(next.trim()) && ofRequest(next, request) && ofRequest(before, request)) return `"${s.text.slice(0, 80)}" before "${next.slice(0, 60)}"`;
  }
  return undefined;
}

export const noiseReasonBesideOwn: CaseMeasure = {
  kind: 'case',
  id: 'noise_reason_beside_own',
  group: 'text',
  title: 'noisy query: the noise gives a reason beside the one the request already gives ("Honestly, I\'m researching a subject for a project." before "I\'m working on a research project about sustainable architecture.")',
  population: 'evolved cases with a noisy query whose request gives its own reason',
  check(tc) {
    const pair = pairOf(tc);
    if (!pair) return pair;
    if (!OWN_REASON.test(pair.original.trim())) return undefined;
    const s = reasonBesideOwn(pair.original, pair.noisy);
    return s ? `"${s.slice(0, 100)}" beside "${pair.original.slice(0, 80)}"` : null;
  },
};

export const noiseAsideSplitsReference: CaseMeasure = {
  kind: 'case',
  id: 'noise_aside_splits_reference',
  group: 'text',
  title: 'noisy query: an aside put between a sentence of the request and the next one that points back at it ("… fuel tank is running low. I\'m doing too many things at once right now haha. It would be great if you could top it up …")',
  population: 'evolved cases with a noisy query',
  check(tc) {
    const pair = pairOf(tc);
    if (!pair) return pair;
    return asideSplitsReference(pair.original, pair.noisy) ?? null;
  },
};

export const NOISY_REASON_MEASURES = [noiseReasonBesideOwn, noiseAsideSplitsReference];
