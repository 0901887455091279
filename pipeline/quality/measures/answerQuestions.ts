/**
 * Does a closing answer answer the question the user asked, first? A yes/no question ("Is it going to
 * rain in Paris tomorrow?", "check if there are any rooms free between 10:00 and 12:00", "verify if my
 * car can endure 300 miles") is answered by saying yes or no, then the fact that decides it; when the
 * calls cannot decide it, or failed, the answer says so plainly. An answer that opens with the forecast,
 * the balance or the room list leaves the user to work the answer out.
 */
import type { TestCase } from '../../schemas.js';
import { yesNoQuestion } from '../../answerFacts.js';
import { turnDefect, type AnsweredTurn } from './answers.js';
import { readsAsFailure } from './failureAnswers.js';
import type { CaseMeasure } from '../types.js';

/** The sentences of an answer, cut outside quotes. */
const sentencesOf = (answer: string) => answer.replace(/"(?:[^"\\]|\\.)*"/g, (q) => q.replace(/[.!?]/g, '·')).split(/(?<=[.!?])\s+(?=[A-Z`"(])/);

/**
 * The question left unanswered: the request asks a yes/no question and the answer's first sentence (an
 * apology aside) neither says yes or no, nor says it cannot tell or could not find out (a failed call's
 * sentence saying what could not be done counts as that). Undefined when answered or when no such
 * question was asked.
 */
export function yesNoUnanswered(turn: AnsweredTurn): string | undefined {
  const question = yesNoQuestion(turn.request);
  if (!question) return undefined;
  const first = sentencesOf(turn.answer).find((s) => !/^(?:I'm |I am )?sorry\.?$/i.test(s.trim()))?.trim() ?? '';
  if (/^(?:Yes|No)\b/.test(first)) return undefined;
  if (/\b(?:can(?:'|no)t|can not|could(?:n't| not)|unable to|wasn't able to|was not able to) (?:tell|say|find out|check|confirm|verify|see)\b/i.test(first)) return undefined;
  // What was looked at and that it does not settle it ("The listing shows only "workspace"; it doesn't say whose directory this is."), or that it is still open.
  if (/\b(?:doesn't|does not|don't|do not) say\b|\bNone of what came back says\b|\bI don't know yet whether\b/.test(first)) return undefined;
  const failed = turn.calls.some((c) => c.response !== '' && readsAsFailure(c.response));
  if (failed && /\b(?:fail(?:ed|s)?|could(?:n't| not)|did(?:n't| not) (?:go through|work)|was(?:n't| not) able|unable|tried to|attempt|problem|timed out|refused)\b/i.test(first)) return undefined;
  return `asked whether ${question.slice(0, 70)}; answer opens "${first.slice(0, 70)}"`;
}

export const answerYesNoUnanswered: CaseMeasure = {
  kind: 'case',
  id: 'answer_yesno_unanswered',
  group: 'text',
  title: 'closing answer to a yes/no question that does not open with yes or no ("Could you check if there are any meeting rooms free between 10:00 and 12:00?" answered "The only room is 102.", "verify if my tire pressure is in check" answered with four pressures first), nor says the calls do not settle it',
  population: 'cases that show or ask for a closing answer',
  check: (tc: TestCase) => turnDefect(tc, yesNoUnanswered),
};

/** Words that carry a sentence's subject: four letters or more, cut to a stem ("rooms" and "room" meet). */
const STOP = /^(?:there|these|those|this|that|with|from|into|your|have|does|will|would|could|should|which|what|when|where|some|only|also|just|then|than|them|they|their|about|after|before|between)$/;
const subjectWords = (text: string) => new Set((text.toLowerCase().replace(/"(?:[^"\\]|\\.)*"/g, ' ').match(/[a-z]{4,}/g) ?? []).filter((w) => !STOP.test(w)).map((w) => w.slice(0, 4)));

/**
 * A yes or no said of the wrong list: the request asks whether there are meeting rooms free and the
 * answer opens "Yes, the five top-rated films include …" (teval_query_66_2: the films listed before
 * the rooms took the verdict). The sentence carrying the yes or no lists things and shares no word
 * with the question.
 */
export function verdictOffQuestion(turn: AnsweredTurn): string | undefined {
  const question = yesNoQuestion(turn.request);
  if (!question) return undefined;
  const first = sentencesOf(turn.answer).find((s) => !/^(?:I'm |I am )?sorry\.?$/i.test(s.trim()))?.trim() ?? '';
  const said = /^(?:Yes|No), (.+)$/.exec(first)?.[1];
  // The shape that goes wrong is a list answering "are there any …": a verdict sentence that lists things
  // ("Yes, the five top-rated films include "A", "B" and "C".). A flag said in other words than the
  // question's ("No, the verification was not successful" for "whether my details match") is on it.
  if (!said || (said.match(/"(?:[^"\\]|\\.)*"/g) ?? []).length < 2) return undefined;
  const asked = subjectWords(question);
  return [...subjectWords(said)].some((w) => asked.has(w)) ? undefined : `asked whether ${question.slice(0, 70)}; answer opens "${first.slice(0, 70)}"`;
}

export const answerVerdictOffQuestion: CaseMeasure = {
  kind: 'case',
  id: 'answer_verdict_off_question',
  group: 'text',
  title: 'closing answer says yes or no of something other than what the yes/no question asked ("Yes, the five top-rated films include …" for "could you see if there are any meeting rooms available from 2pm to 4pm")',
  population: 'cases that show or ask for a closing answer',
  check: (tc: TestCase) => turnDefect(tc, verdictOffQuestion),
};

export const ANSWER_QUESTION_MEASURES = [answerYesNoUnanswered, answerVerdictOffQuestion];
