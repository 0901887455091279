/**
 * The forms of a closing answer's opener, where some calls went through and some did not, that name
 * the tasks done and the tasks not done (each a list: "a, b and c"): the answer writer says them
 * (stages/resolve/failureSentences.ts partialOpener) and the quality measure
 * answer_opener_contradicts reads them back, from this one definition.
 */
const cap = (t: string) => t.charAt(0).toUpperCase() + t.slice(1);

export const NAMED_PARTIAL_OPENERS: ((done: string, undone: string) => string)[] = [
  (done, undone) => `${cap(done)} went through, but not ${undone}.`,
  // Not "I took care of …": an "I …" opener before the answer's own "I got …", "I found …" ran three deeds in one shape (answer_deed_run).
  (done, undone) => `${cap(done)} got done, but not ${undone}.`,
  // "did not" agrees with any list of tasks; "still to do: …" called a failed task pending, then told it as
  // failed (59 of 875 closing answers before answer-writer-60).
  (done, undone) => `${cap(done)} worked; ${undone} did not.`,
  (done, undone) => `${cap(done)} came through; ${undone} did not.`,
];

/** How each named opener says its done tasks went, in NAMED_PARTIAL_OPENERS' order. */
const DONE_SAID = ['went through', 'got done', 'worked', 'came through'];

/** The named openers read back: each form with its two lists as lazy groups, followed by the answer's next sentence or its end. */
const NAMED_FORMS = NAMED_PARTIAL_OPENERS.map((form) => new RegExp(`^${form('\u0000', '\u0001').replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace('\u0000', '(.+?)').replace('\u0001', '(.+?)')}(?= |$)`));

/** Which named opener a text opens with, and the done and not-done lists it names (undefined when it opens with none). */
export function namedOpenerParts(text: string): { form: number; done: string; undone: string } | undefined {
  for (const [form, r] of NAMED_FORMS.entries()) {
    const m = r.exec(text);
    if (m) return { form, done: m[1], undone: m[2] };
  }
  return undefined;
}

/** A failure sentence's first word that may go lower-case after "but": a gerund or a plain function word, never a name ("Twitter"). */
const MAY_LOWER = /^(?:[A-Z][a-z]+ing|The|A|An|It|There|Since|When|Unfortunately|My|Its|This|That|Your|Their|No|Too|Access|Permission)\b/;

/**
 * A named opener that tells the one failure itself, in its own failure sentence: "Searching arXiv and getting
 * the top-rated movies came through, but I wasn't able to get the ticker news for "AAPL", because the connection
 * was reset by the server." The failure is said once, never as "…; getting the ticker news did not." and again
 * after the findings (answer_failure_said_twice). Undefined when the sentence cannot follow "but" as it is.
 */
export function openerWithFailure(form: number, done: string, failure: string): string | undefined {
  const clause = /^I\b/.test(failure) ? failure : MAY_LOWER.test(failure) ? failure.charAt(0).toLowerCase() + failure.slice(1) : undefined;
  // Never a second "but" ("…, but I tried to …, but …"), nor "went through, but … didn't go through".
  if (!clause || /^(?:unfortunately|there was a problem)\b/i.test(clause) || /,? but\b/.test(clause)) return undefined;
  const said = DONE_SAID[form] ?? DONE_SAID[0];
  return `${cap(done)} ${/\bthrough\b/.test(clause) && /through/.test(said) ? 'worked' : said}, but ${clause}`;
}
