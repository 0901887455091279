/**
 * Does a closing answer say what happened once, in its own words, and answer the one thing asked?
 * Three ways it did not (answer-writer-98): a pick asked ("the details of the highest-rated movie")
 * answered by the list it was to be picked from; a failure named in the opener ("…; getting the ticker
 * news did not.") and said again after the findings ("I wasn't able to get the ticker news …"); a
 * service's message quoted back ("the reply reads "Navigating to …"") instead of what happened.
 */
import { callChangesState } from '../../errors/sideEffects.js';
import { isErrorResponse } from '../../errors/responses.js';
import { parseToolResponse } from '../../prompts/parseAction.js';
import { pickAsked, pickedRecords, rankedRecords } from '../../answerFacts.js';
import type { CaseMeasure } from '../types.js';
import { turnDefect, type AnsweredTurn } from './answers.js';

/** An answer's sentences, cut after a full stop, question or exclamation mark before a capital or a quote. */
const sentences = (answer: string) => answer.split(/(?<=[.!?]["”]?)\s+(?=[A-Z"“])/).filter(Boolean);

const PICK_WORD = /\b(?:highest|lowest|top|best|worst|most|least|cheapest|nearest|closest|ties?|tied)\b/i;

/**
 * A request asking one thing picked from a list by a superlative whose calls gave the ranked list, and an
 * answer with no sentence that names the winner (or one of those tied) as the pick.
 */
export function pickUnsaid(turn: AnsweredTurn): string | undefined {
  const pick = pickAsked(turn.request);
  if (!pick) return undefined;
  for (const c of turn.calls) {
    if (isErrorResponse({ content: c.response })) continue;
    let value: unknown;
    try {
      value = parseToolResponse(c.response);
    } catch {
      continue;
    }
    const top = pickedRecords(rankedRecords(value, pick.key), pick.best);
    if (top.length === 0) continue;
    const said = sentences(turn.answer).some((t) => PICK_WORD.test(t.replace(/"[^"]*"/g, '')) && top.some((r) => t.includes(r.name)));
    return said ? undefined : `"the ${pick.phrase}" asked; ${top.map((r) => `"${r.name}" (${r.value})`).join(', ')} never said to be it`;
  }
  return undefined;
}

export const answerPickUnsaid: CaseMeasure = {
  kind: 'case',
  id: 'answer_pick_unsaid',
  group: 'text',
  title: 'closing answer to a request for one thing picked from a list ("the details of the highest-rated movie") lists the candidates without saying which one it is, or that the list leaves them tied ("I got back 5 films, among them "The Godfather", …")',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, (t) => pickUnsaid(t)),
};

const FAILED = /\b(?:did not|didn't|couldn't|could not|wasn't able|was unable|unable to|failed|but not)\b/i;
const COMMON = new Set(['getting', 'with', 'that', 'this', 'from', 'into', 'went', 'through', 'worked', 'came', 'done', 'because', 'when', 'tried', 'able', 'again', 'them', 'they', 'their', 'there', 'were', 'have', 'been', 'would', 'could', 'after']);
const words = (t: string) => new Set((t.toLowerCase().match(/[a-z]{4,}/g) ?? []).filter((w) => !COMMON.has(w)));

/**
 * An answer whose first sentence names a failure and a later one (not the closing question) says the same
 * failure again: the part of the opener after its last "but" or ";" shares a word with the later sentence.
 */
export function failureSaidTwice(answer: string): string | undefined {
  const [first, ...rest] = sentences(answer);
  if (!first || !FAILED.test(first) || !/(?:, but |; )/.test(first)) return undefined;
  const failedPart = first.split(/, but |; /).pop() ?? '';
  if (!FAILED.test(failedPart) && !/^not /.test(failedPart)) return undefined;
  const named = words(failedPart.replace(/^not /, ''));
  const again = rest.find((t) => !/\?$/.test(t.trim()) && FAILED.test(t) && [...words(t)].some((w) => named.has(w)));
  return again ? `"${first.slice(0, 90)}" then "${again.slice(0, 90)}"` : undefined;
}

export const answerFailureSaidTwice: CaseMeasure = {
  kind: 'case',
  id: 'answer_failure_said_twice',
  group: 'text',
  title: 'closing answer says its failed part twice: named in the opener ("Searching arXiv came through; getting the ticker news did not.") and again after the findings ("I wasn\'t able to get the ticker news for "AAPL", because …")',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, (t) => failureSaidTwice(t.answer)),
};

const QUOTED_REPLY = /\b(?:the reply (?:reads|says)|it came back saying|the (?:response|message) (?:reads|says|was))\s+"([^"]{4,})/gi;

/** A service's message to a call that changed something, quoted back after "the reply reads" instead of said as what happened. */
export function replyQuoted(turn: Pick<AnsweredTurn, 'answer' | 'calls'>): string | undefined {
  const deeds = turn.calls.filter((c) => callChangesState(c.name) && !isErrorResponse({ content: c.response }));
  for (const m of turn.answer.matchAll(QUOTED_REPLY)) {
    const start = m[1].slice(0, 20);
    if (deeds.some((c) => c.response.includes(start))) return `"${m[0].slice(0, 100)}"`;
  }
  return undefined;
}

export const answerReplyQuoted: CaseMeasure = {
  kind: 'case',
  id: 'answer_reply_quoted',
  group: 'text',
  title: 'closing answer quotes a service\'s message back instead of saying what happened ("I set the navigation, and the reply reads "Navigating to 456 Oakwood Avenue, …"")',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, (t) => replyQuoted(t)),
};

export const ANSWER_SAID_ONCE_MEASURES = [answerPickUnsaid, answerFailureSaidTwice, answerReplyQuoted];
