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
