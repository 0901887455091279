/**
 * Noise that says the same thing twice: two added sentences ending on the same tic ("Life has been a
 * blur and I'm catching up - anyway. … I should have done this ages ago, but anyway."), one phrase said
 * twice ("Long story short, my folders … My mentor called …, long story short, I'm running late.",
 * "…, so here goes. …, so here goes."), or an apology made twice ("Forgive me, the dog next door keeps
 * barking, so forgive me if this is scattered.", "Excuse me if I am slow, …, so forgive me if …"). One
 * person's message varies its words; parts drawn each on its own repeat them.
 */
import { insertedText } from '../text.js';
import { noisyPair } from './text.js';
import type { CaseMeasure } from '../types.js';

/** Words that carry no phrase of their own: a pair made of these alone ("if this", "to be") recurs in any text. */
const FUNCTION_WORDS = new Set(
  "a an the i i'm i've i'd me my we our you your u it it's its this that these those is am are was were be been to of in on for at by with from and or but so if as not no do does did just get got have has had can could would will what there here".split(' '),
);
/** Words a message says once: a filler that closes a thought, a state of mind, a plea. */
const TICS = new Set(['anyway', 'basically', 'honestly', 'behind', 'catch', 'overdue', 'finally']);
/** One apology family: "Sorry, …" and "forgive me if …" in one message are two apologies. */
const APOLOGY = /^(?:sorry|apologies|apologise|apologize|forgive|excuse|pardon)$/;

/** The words of a run, lower-cased, with the idioms that double a word by design left out ("side by side", "again and again"). */
function wordsOf(run: string): string[] {
  const text = run
    .toLowerCase()
    .replace(/\bcatch-up\b/g, 'catch up')
    .replace(/\b([a-z]+) (?:by|and|after|to) \1\b/g, ' ');
  return text.match(/[a-z]+(?:'[a-z]+)?/g) ?? [];
}

/** What the added text of a noisy query says twice, or undefined. */
export function noiseRepeats(original: string, noisy: string): string | undefined {
  const runs = insertedText(original, noisy).map(wordsOf);
  const pairs = new Map<string, number>();
  const words = new Map<string, number>();
  let apologies = 0;
  for (const w of runs) {
    for (let i = 0; i + 1 < w.length; i++) {
      if (FUNCTION_WORDS.has(w[i]) && FUNCTION_WORDS.has(w[i + 1])) continue;
      const key = `${w[i]} ${w[i + 1]}`;
      pairs.set(key, (pairs.get(key) ?? 0) + 1);
    }
    for (const x of w) {
      if (TICS.has(x)) words.set(x, (words.get(x) ?? 0) + 1);
      if (APOLOGY.test(x)) apologies++;
    }
  }
  const phrase = [...pairs].find(([, n]) => n > 1)?.[0];
  if (phrase) return `"${phrase}" twice`;
  const tic = [...words].find(([, n]) => n > 1)?.[0];
  if (tic) return `"${tic}" twice`;
  if (apologies > 1) return `${apologies} apologies`;
  return undefined;
}

export const noiseRepeatsItself: CaseMeasure = {
  kind: 'case',
  id: 'noise_repeats_itself',
  group: 'text',
  title: 'noisy query: the added text says a phrase, a tic or an apology twice ("… - anyway. … but anyway.", "long story short" in two sentences, "Forgive me, …, so forgive me if this is scattered.")',
  population: 'evolved cases with a noisy query',
  check(tc) {
    if (tc.evolution?.details?.noisyQuery === undefined) return undefined;
    const pair = noisyPair(tc);
    if (!pair) return null;
    const why = noiseRepeats(pair.original, pair.noisy);
    return why ? `${why}: "${pair.noisy.slice(0, 160)}"` : null;
  },
};
