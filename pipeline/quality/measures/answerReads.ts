/**
 * Does a closing answer read like a careful person wrote it (answer-writer-55)? Five ways it did not:
 * a film told as one long comma run with its overview quoted in the middle ("… 175 minutes long, the
 * overview reads "…", rated 8.7 …"), a film named by its title and then by its id ("For movie 238, I
 * found 3 reviews"), the user's question handed back in the second person ("I can't tell from this
 * whether the current directory is under your name."), a run of deeds each in its own "I …ed …."
 * sentence ("I copied "a" to "X". I copied "b" to "X". I have copied "c" to "X".") and a failure answer
 * whose tasks still to do say one film where the user asked for several ("get the reviews of the movie"
 * for the top 3 films). answer-writer-56 adds two: a placeholder read as a fact ("John Smith is at Unknown
 * affiliation", "rating null") and a long text told by its word count or fields chained with "and with"
 * ("by Xia Hu and with summary 106 words of text, opening with …"); a search result named by its id
 * ("The citation for "I9ke4-WO9y8J"") counts as an id for a title.
 */
import { isPlaceholderValue, titlesById } from '../../answerFacts.js';
import { escapeRegExp } from '../../errors/vocabulary.js';
import { sentencesOf, QUOTED_TEXT } from '../grammar.js';
import { parseToolResponse } from '../../prompts/parseAction.js';
import type { TestCase } from '../../schemas.js';
import type { CaseMeasure } from '../types.js';
import { answeredTurns, turnDefect, type AnsweredTurn } from './answers.js';
import { failureAnswers } from './failureAnswers.js';

/** An answer's sentences with each quote masked as \u0002, and the quotes in order, cut outside quotes. */
function maskedSentences(answer: string): { masked: string; quotes: string[] }[] {
  const quotes: string[] = [];
  // A quote that ends its sentence with its own mark ("… Cosmos IBC!" The only room is 102.) ends the sentence too (h-plans23: 372_2's "I found 2 emails: … IBC!"" ran on into the next).
  const masked = answer.replace(/"(?:[^"\\]|\\.)*"/g, (q) => `\u0000${quotes.push(q) - 1}\u0001${/[.!?]"$/.test(q) ? '\u0003' : ''}`);
  return masked
    .split(/(?<=[.!?\u0003])\s+(?=[A-Z\u0000(])/)
    .map((s) => s.replace(/\u0003/g, ''))
    .map((s) => ({ masked: s.replace(/\u0000\d+\u0001/g, '\u0002'), quotes: [...s.matchAll(/\u0000(\d+)\u0001/g)].map((m) => quotes[Number(m[1])]) }));
}

/**
 * A record told as one comma run with a long text quoted inside it: a sentence with three or more
 * commas outside its quotes and, among its parts, a text of 80 or more characters quoted as a field
 * ("the overview reads "…"", "the overview is "…"") or described ("runs to 90 words and opens with "…"").
 */
export function recordCommaRun(answer: string): string | undefined {
  for (const { masked, quotes } of maskedSentences(answer)) {
    const commas = (masked.match(/,/g) ?? []).length;
    if (commas < 3) continue;
    let n = 0;
    const numbered = masked.replace(/\u0002/g, () => `\u0002${n++}`);
    for (const m of numbered.matchAll(/,(?: and)? the ([a-z][a-z ]{1,30}) (?:reads|is|are|runs to [\d,]+ (?:words|characters) and opens with) \u0002(\d+)/g)) {
      if ((quotes[Number(m[2])] ?? '').length >= 80) return `"…the ${m[1]} … "${quotes[Number(m[2])].slice(1, 40)}…"" inside a run of ${commas + 1} parts`;
    }
  }
  return undefined;
}

export const answerRecordCommaRun: CaseMeasure = {
  kind: 'case',
  id: 'answer_record_comma_run',
  group: 'text',
  title: 'closing answer tells a record as one long comma run with a long text quoted in the middle (""The Godfather" (movie 238) is a drama and crime film, released 14 March 1972, 175 minutes long, the overview reads "Spanning …", rated 8.7 …")',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, (t) => recordCommaRun(t.answer)),
};

/**
 * A film called by its id where the turn's calls gave its title: "For movie 238, I found 3 reviews"
 * after "The Godfather" came back with id 238. Its id beside its title (""The Godfather" (movie 238)")
 * is fine.
 */
export function idForTitle(turn: { answer: string; calls: { response: string }[] }): string | undefined {
  const titles = titlesById(turn.calls);
  if (titles.size === 0) return undefined;
  for (const m of turn.answer.matchAll(/\b(?:[Mm]ovie|[Ff]ilm) (\d+)\b/g)) {
    const title = titles.get(m[1]);
    if (!title) continue;
    const before = turn.answer.slice(0, m.index);
    // ""The Godfather" (movie 238)": the id beside the title it is of.
    if (/" \($/.test(before) || /\bid $/.test(before)) continue;
    return `"${m[0]}" for ${JSON.stringify(title)}`;
  }
  // A search result by its id ("The citation for "I9ke4-WO9y8J" is …") where the search gave its title.
  for (const m of turn.answer.matchAll(/\b(?:for|of|on|about) "([^"\s]{4,})"/g)) {
    const title = titles.get(m[1]);
    if (title && title !== m[1]) return `"${m[0]}" for ${JSON.stringify(title)}`;
  }
  return undefined;
}

export const answerIdForTitle: CaseMeasure = {
  kind: 'case',
  id: 'answer_id_for_title',
  group: 'text',
  title: 'closing answer calls a film or a search result by its id where the turn\'s calls gave its title ("For movie 238, I found 3 reviews" after "The Godfather" came back as movie 238; "The citation for "I9ke4-WO9y8J" is …" after a search listed it beside its title)',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, (t) => idForTitle(t)),
};

/**
 * The user's question handed back in the second person as the whole reason ("I can't tell from this
 * whether the current directory is under your name.", "I couldn't find out whether …"), instead of
 * what was looked at and why it does not settle it ("The listing shows only "workspace"; it doesn't
 * say whose directory this is.").
 */
export function questionParroted(answer: string): string | undefined {
  const m = /\bI (?:can't|cannot|can not|couldn't|could not) (?:tell|find out)(?: from this)? whether [^.]{0,60}/.exec(answer);
  return m ? `"${m[0]}…"` : undefined;
}

export const answerQuestionParroted: CaseMeasure = {
  kind: 'case',
  id: 'answer_question_parroted',
  group: 'text',
  title: 'closing answer hands the user\'s question back instead of saying what was looked at and why it does not settle it ("I can\'t tell from this whether the current directory is under your name.")',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, (t) => questionParroted(t.answer)),
};

/** A sentence that tells one deed or finding as "I <verb>ed …": its verb, "have" aside. */
const DEED = /^I (?:have )?((?:[a-z]+(?:ed|ied))|copied|sent|set|put|made|wrote|got|took|gave|began|ran|bought|sold|paid|went|found|came|built|left|kept)\b/;

/**
 * A run of deeds told one sentence each, all in one shape: three or more sentences in a row opening
 * "I …ed" ("I moved into "document". I created the directory "temp". I have moved "final_report.pdf"
 * to "temp"."), or two in a row with the same verb ("I copied "a" to "X". I copied "b" to "X".").
 */
export function deedRun(answer: string): string | undefined {
  const verbs = maskedSentences(answer).map(({ masked }) => DEED.exec(masked)?.[1]);
  let run = 0;
  for (let i = 0; i < verbs.length; i++) {
    run = verbs[i] ? run + 1 : 0;
    if (run >= 3) return `three sentences in a row open "I …": "I ${verbs[i - 2]} …", "I ${verbs[i - 1]} …", "I ${verbs[i]} …"`;
    if (run >= 2 && verbs[i] === verbs[i - 1]) return `two sentences in a row open "I ${verbs[i]} …"`;
  }
  return undefined;
}

export const answerDeedRun: CaseMeasure = {
  kind: 'case',
  id: 'answer_deed_run',
  group: 'text',
  title: 'closing answer tells a run of deeds one sentence each in one shape: three or more in a row opening "I …ed" ("I moved into "document". I created the directory "temp". I have moved …"), or two in a row with the same verb ("I copied "a" to "X". I copied "b" to "X".")',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, (t) => deedRun(t.answer)),
};

const COUNT_WORD = '(?:two|three|four|five|six|seven|eight|nine|ten|[2-9]|10)';
/** A request for several films by number: "the top 3 highest-rated movies", "the first three movies". */
const SEVERAL_FILMS = new RegExp(`\\b(?:first|top|the|these|those|all) ${COUNT_WORD}\\b[\\w\\s'-]{0,30}?\\b(?:movies|films)\\b`, 'i');
/** A request that singles one of them out ("Choose one of these movies", "the first movie in the list"): its task is about one film. */
const ONE_FILM = /\b(?:(?:one of (?:these|those|them|the)|a single) (?:movies|films)?|the (?:first|second|third|last|top) (?:movie|film)(?! *s\b))\b/i;
/** Where a failure answer names the tasks still to do. */
const PENDING = /(?:still to do: |worked; (?=[^.;?]* did not\b)|can't go on to |(?:^|[.;] )([A-Z][^.;]*?) (?:needs?|waits?|wait) (?:it first|on it)|but not )([^.;?]*)/g;

/**
 * A failure answer whose tasks still to do name one film ("getting the reviews of the movie") where the
 * user asked for several by number ("the top 3 highest-rated movies") and singled none out.
 */
export function pendingSingular(answer: string, request: string): string | undefined {
  if (!SEVERAL_FILMS.test(request) || ONE_FILM.test(request)) return undefined;
  for (const m of answer.matchAll(PENDING)) {
    const phrase = `${m[1] ?? ''} ${m[2] ?? ''}`;
    const one = /\b(?:of|for) the (?:movie|film)\b/.exec(phrase);
    if (one) return `"${phrase.trim().slice(0, 90)}" for "${SEVERAL_FILMS.exec(request)![0]}"`;
  }
  return undefined;
}

/**
 * The converse: a failure answer that counts the films a task was for ("but not getting the details of the three
 * films") where the request singles one out ("Obtain detailed information about the first movie").
 */
export function singledFilmCounted(answer: string, request: string): string | undefined {
  const several = SEVERAL_FILMS.exec(request);
  if (!several || !ONE_FILM.test(request)) return undefined;
  // Films counted for what is looked up of each ("the details of the first three movies") are several look-ups, rightly counted.
  if (/\b(?:details?|information|info|reviews?|descriptions?|ratings?|genres?|overviews?) (?:of|for|on|about) (?:the )?$/i.test(request.slice(Math.max(0, several.index - 30), several.index))) return undefined;
  for (const m of answer.matchAll(PENDING)) {
    const phrase = `${m[1] ?? ''} ${m[2] ?? ''}`;
    const many = new RegExp(`\\b(?:of|for) the ${COUNT_WORD} (?:movies|films)\\b`, 'i').exec(phrase);
    if (many) return `"${phrase.trim().slice(0, 90)}" for "${ONE_FILM.exec(request)![0]}"`;
  }
  return undefined;
}

/** One case measure over the failure answers, each read beside its turn's request: the first defect `find` names. */
function failureRequestDefect(tc: TestCase, find: (answer: string, request: string) => string | undefined): string | null | undefined {
  const failures = failureAnswers(tc);
  if (failures.length === 0) return undefined;
  const requests = new Map(answeredTurns(tc).map((t) => [t.answer, t.request]));
  for (const { answer } of failures) {
    const hit = find(answer, requests.get(answer) ?? '');
    if (hit) return hit;
  }
  return null;
}

export const answerSingledFilmCounted: CaseMeasure = {
  kind: 'case',
  id: 'answer_singled_film_counted',
  group: 'text',
  title: 'failure answer says a task failed or waits for several films ("but not getting the details of the three films") where the user singled one out ("detailed information about the first movie")',
  population: 'cases with a closing answer after a failed call',
  check: (tc) => failureRequestDefect(tc, singledFilmCounted),
};

export const answerPendingSingular: CaseMeasure = {
  kind: 'case',
  id: 'answer_pending_singular',
  group: 'text',
  title: 'failure answer says a task still to do for one film ("get the reviews of the movie") where the user asked for several by number ("the top 3 highest-rated movies")',
  population: 'cases with a closing answer after a failed call',
  check: (tc) => failureRequestDefect(tc, pendingSingular),
};


/**
 * A failure answer whose opener calls the failed task still to do ("Searching arXiv worked; still to do:
 * sending the email.") and then tells it as failed: the call was made and broke, it is not pending. The
 * opener's undone list always holds the failed call (stages/resolve/failureSentences.ts partialOpener).
 */
export function failedCalledPending(answer: string): string | undefined {
  const first = sentencesOf(answer)[0] ?? '';
  return /\bworked; still to do: /.test(first) ? `"${first.slice(0, 110)}"` : undefined;
}

export const answerFailedCalledPending: CaseMeasure = {
  kind: 'case',
  id: 'answer_failed_called_pending',
  group: 'text',
  title: 'failure answer opens by calling the failed task still to do ("Searching arXiv worked; still to do: sending the email."), then tells it as failed',
  population: 'cases with a closing answer after a failed call',
  check(tc) {
    const failures = failureAnswers(tc);
    if (failures.length === 0) return undefined;
    for (const { answer } of failures) {
      const hit = failedCalledPending(answer);
      if (hit) return hit;
    }
    return null;
  },
};

/** Every string a response holds, however deep. */
function responseStrings(v: unknown, out: string[] = []): string[] {
  if (typeof v === 'string') out.push(v);
  else if (Array.isArray(v)) for (const x of v) responseStrings(x, out);
  else if (v !== null && typeof v === 'object') for (const x of Object.values(v)) responseStrings(x, out);
  return out;
}

/**
 * A closing answer that reads a placeholder as a fact: a response's stand-in for no value ("Unknown
 * affiliation", "N/A", "None") repeated as if it were one ("John Smith is at Unknown affiliation"), or
 * a missing value told as code ("the director is null", "status None"). Words the user wrote are theirs.
 */
export function placeholderFact(turn: Pick<AnsweredTurn, 'answer' | 'request' | 'calls'>): string | undefined {
  const a = turn.answer;
  const shown = new Set(turn.calls.flatMap((c) => responseStrings(parseToolResponse(c.response))).filter(isPlaceholderValue).map((v) => v.trim()));
  for (const v of shown) {
    if (turn.request.includes(v)) continue;
    const m = new RegExp(`(?<![\\w])${escapeRegExp(v)}(?![\\w])`).exec(a);
    // "none" said in English ("none of the rooms") is no read-out value: only the response's own spelling, cased as it was, outside a sentence's start.
    if (m && !(/^none$/i.test(v) && (v === 'none' || /(?:^|[.!?] )$/.test(a.slice(0, m.index))))) return `"${a.slice(Math.max(0, m.index - 40), m.index + v.length + 10)}"`;
  }
  const code = /(?<![\w"])(?:null|undefined|N\/A)(?![\w"])|"(?:None|null|N\/A|undefined)"|(?:\b(?:is|was|are|of|as|status|value)|:) None\b/.exec(a);
  if (code && !turn.request.includes(code[0].replace(/"/g, ''))) return `"${a.slice(Math.max(0, code.index - 40), code.index + code[0].length + 10)}"`;
  return undefined;
}

export const answerPlaceholderFact: CaseMeasure = {
  kind: 'case',
  id: 'answer_placeholder_fact',
  group: 'text',
  title: 'closing answer reads a placeholder field value as a fact: "John Smith is at Unknown affiliation", "the director is null", "status "N/A""',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, placeholderFact),
};

/**
 * A closing answer that tells a text by its length ("with summary 106 words of text, opening with …",
 * "runs to 400 words") or chains a record's fields with "and with" ("by Qizhang Feng, Xia Hu and with
 * summary …", "rated 7.7 and with id 272").
 */
export function fieldWordCount(answer: string): string | undefined {
  const plain = answer.replace(QUOTED_TEXT, '""');
  const m = /\b\d[\d,]* (?:words?|characters?) of text\b|\b(?:runs to|runs|is|a|with) \d[\d,]*[ -](?:words?|characters?)(?: long)?\b|\band with (?!(?:that|this|it|them|which)\b)/.exec(plain);
  return m ? `"${plain.slice(Math.max(0, m.index - 40), m.index + m[0].length + 20)}"` : undefined;
}

export const answerFieldWordCount: CaseMeasure = {
  kind: 'case',
  id: 'answer_field_word_count',
  group: 'text',
  title: 'closing answer tells a text by its word count ("with summary 106 words of text, opening with …") or chains a record\'s fields with "and with" ("by Qizhang Feng, Xia Hu and with summary …", "rated 7.7 and with id 272")',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, (t) => fieldWordCount(t.answer)),
};

export const ANSWER_READS_MEASURES = [answerRecordCommaRun, answerIdForTitle, answerQuestionParroted, answerDeedRun, answerPendingSingular, answerSingledFilmCounted, answerFailedCalledPending, answerPlaceholderFact, answerFieldWordCount];
