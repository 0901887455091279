/**
 * The question a failure answer closes on, read beside the sentence just before it. Shared by the answer
 * writer (stages/resolve/failureSentences.ts, which asks it bare where that sentence just told the task) and
 * the quality measure answer_failure_task_twice, so the two agree.
 */
import { QUOTED_TEXT } from './quality/grammar.js';

/** Words that report a failure or ask what to do about it: a sentence holding one tells the failure. */
export const TELLS_FAILURE = /\b(?:fail(?:ed|s|ure)?|errors?|tried to|attempt|could ?n[o']t|couldn't|did ?n[o']t|didn't|was ?n[o']t able|wasn't able|unable|not go through|not work|timed out|refused|unavailable|no luck|problem)\b/i;

/**
 * Does a sentence tell a failure in its own words? A quoted title or summary may hold one of them ("The article is
 * devoted to the problem of small learning samples"): a finding quoting it tells no failure of ours.
 */
export function tellsFailure(sentence: string): boolean {
  return TELLS_FAILURE.test(sentence.replace(QUOTED_TEXT, '""'));
}

/** Words a run shared by two sentences holds in any wording: not what makes it the same task. */
const COMMON = new Set('a an the to of in on at for from by with and or it its this that is are was me you i my your again later now try retry leave want like would shall should do'.split(' '));

/** A word's stem as the task is said both ways ("posting" and "post", "getting" and "get", "searches" and "search"). */
const stem = (w: string) => (w.length > 5 && w.endsWith('ing') ? w.slice(0, -3).replace(/([^aeiou])\1$/, '$1') : w.length > 4 && /[^s]s$/.test(w) ? w.slice(0, -1) : w);
const wordsOf = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}%'"\s-]/gu, ' ').split(/\s+/).filter(Boolean).map(stem);

/**
 * The run of three or more words (two or more of them not `COMMON`, each read by its stem: "posting the tweet" is
 * "post the tweet") a question says again from the sentence just before it: "Sorry, I wasn't able to convert 1500 USD to EUR, because the request timed out after 5
 * seconds. Shall I have another go at converting 1500 USD to EUR, or leave it there?" -> "1500 usd to eur".
 */
export function taskSaidAgain(before: string, question: string): string | undefined {
  const said = ` ${wordsOf(before).join(' ')} `;
  const asked = wordsOf(question);
  for (let k = asked.length; k >= 3; k--) {
    for (let i = 0; i + k <= asked.length; i++) {
      const run = asked.slice(i, i + k);
      if (run.filter((w) => !COMMON.has(w)).length >= 2 && said.includes(` ${run.join(' ')} `)) return run.join(' ');
    }
  }
  return undefined;
}

// A sentence may end inside its closing quote or bracket ("… "Let's Build for Cosmos IBC!" Would you like …?").
const sentencesOf = (text: string) => text.trim().split(/(?<=[.!?]["')]?)\s+(?=[A-Z`"(])/);

/** The last sentence of a text, as the measure reads it. */
export const lastSentenceOf = (text: string): string => sentencesOf(text).pop() ?? '';

/** An answer's closing question and the sentence just before it (undefined where it closes on no question). */
export function questionAndBefore(answer: string): { question: string; before: string } | undefined {
  const sentences = sentencesOf(answer);
  const question = sentences[sentences.length - 1];
  if (sentences.length < 2 || !/\?$/.test(question)) return undefined;
  return { question, before: sentences[sentences.length - 2] };
}
