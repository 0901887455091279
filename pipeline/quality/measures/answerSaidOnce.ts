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
import { answerSentences, nameSaidAgain, pickAsked, pickedRecords, rankedRecords } from '../../answerFacts.js';
import { searchFrameParts, searchFrameTwice } from '../../searchFrames.js';
import type { CaseMeasure } from '../types.js';
import { turnDefect, type AnsweredTurn } from './answers.js';
import { QUOTED_TEXT } from '../grammar.js';


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
    const said = answerSentences(turn.answer).some((t) => PICK_WORD.test(t.replace(/"[^"]*"/g, '')) && top.some((r) => t.includes(r.name)));
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
  const [first, ...rest] = answerSentences(answer);
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

/**
 * A thing of six words or more said whole again in a later sentence where "it" or "the flight" would do: "A
 * first-class flight from SFO to ORD on 15 November 2026 costs 4000 USD. I booked the first-class flight from
 * SFO to ORD on 15 November 2026 under booking 3426812; …" (bfcl_multi_turn_base_152). Quoted text is left
 * out (two searches for different things share no thing), and so is the closing question, which names its task.
 */
export function thingNamedTwice(answer: string): string | undefined {
  const told = answerSentences(answer).filter((s) => !/\?$/.test(s)).map((s) => s.replace(QUOTED_TEXT, '""'));
  for (const [i, s] of told.entries()) {
    for (const m of s.matchAll(/\b(?:[Aa]n?|[Tt]he) ((?:[\w%-]+ ){5,}?[\w%-]+)/g)) {
      if (m[1].includes('""')) continue;
      const again = new RegExp(`\\b[Tt]he ${m[1].replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`);
      if (told.slice(i + 1).some((t) => again.test(t))) return `"${m[1]}" said twice`;
    }
  }
  return undefined;
}

export const answerThingNamedTwice: CaseMeasure = {
  kind: 'case',
  id: 'answer_thing_named_twice',
  group: 'text',
  title: 'closing answer names one thing in six words or more twice where "it" would do ("A first-class flight from SFO to ORD on 15 November 2026 costs 4000 USD. I booked the first-class flight from SFO to ORD on 15 November 2026 under booking 3426812")',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, (t) => thingNamedTwice(t.answer)),
};

export const answerSearchFrameTwice: CaseMeasure = {
  kind: 'case',
  id: 'answer_search_frame_twice',
  group: 'text',
  title: 'closing answer tells two of its searches in the same words while another way of saying it goes unused ("The search for "history of artificial intelligence" came back with 3 results: …. The search for "AI ethics" came back with …")',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, (t) => {
    const frame = searchFrameTwice(t.answer);
    return frame ? `"${frame}" twice` : undefined;
  }),
};

/**
 * Two searches told as one search, for the same thing near the same place, each with other finds: "Searching for
 * "restaurant" near "San Francisco" turned up 5 places: "Max's Opera Cafe", … . The search for "restaurant" near
 * "San Francisco" came back with 5 places: "Hartley's", …" (teval_query_114_2: the two searches were at two
 * properties' coordinates). The reader cannot tell which finds are near what.
 */
export function searchesToldAlike(answer: string): string | undefined {
  // Finds of one kind ("5 places", "3 places"): an arXiv search's papers and a film search's film for one term tell themselves apart.
  const noun = (found: string) => found.replace(/^(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|no|the|an?) /i, '').split(/[\s:,]/)[0];
  const seen = new Map<string, string>();
  for (const s of answerSentences(answer)) {
    const p = searchFrameParts(s);
    if (!p) continue;
    const key = `${p.query}\u0000${noun(p.found)}`;
    const before = seen.get(key);
    if (before !== undefined && before !== p.found) return `two searches told as ${p.query}`;
    seen.set(key, p.found);
  }
  return undefined;
}

export const answerSearchesToldAlike: CaseMeasure = {
  kind: 'case',
  id: 'answer_searches_told_alike',
  group: 'text',
  title: 'closing answer tells two searches as the same search, for one thing near one place, each with other finds ("Searching for "restaurant" near "San Francisco" turned up … . The search for "restaurant" near "San Francisco" came back with …" for the surroundings of two properties)',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, (t) => searchesToldAlike(t.answer)),
};

/** "now" said twice in a breath ("retry looking up the films now playing now"), outside quotes. */
export function nowTwice(answer: string): string | undefined {
  return /\bnow (?:[\w-]+ )?now\b/i.exec(answer.replace(QUOTED_TEXT, '""'))?.[0];
}

export const answerNowTwice: CaseMeasure = {
  kind: 'case',
  id: 'answer_now_twice',
  group: 'text',
  title: 'closing answer says "now" twice in a breath ("Would you rather I retry looking up the films now playing now, or hold off on it?")',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, (t) => nowTwice(t.answer)),
};

/** The time and the weekday of one moment said as two sentences of one frame ("It is 16:15 on 19 October 2023. It is Thursday."). */
export function clockSplit(answer: string): string | undefined {
  return /\b(?:It is|Today is) (?:now )?(?:\d{1,2}:\d{2} on \d{1,2} [A-Z][a-z]+ \d{4}|[A-Z][a-z]+day)\. (?:It is|Today is) (?:now )?(?:\d{1,2}:\d{2} on \d{1,2} [A-Z][a-z]+ \d{4}|[A-Z][a-z]+day)\./.exec(answer)?.[0];
}

export const answerClockSplit: CaseMeasure = {
  kind: 'case',
  id: 'answer_clock_split',
  group: 'text',
  title: 'closing answer says the time and the weekday of one moment in two sentences of one frame ("It is 16:15 on 19 October 2023. It is Thursday.") where one says both ("It is 16:15 on Thursday, 19 October 2023.")',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, (t) => clockSplit(t.answer)),
};

/** A conversion of a price told in a sentence of its own apart from what costs it ("400 USD is 320 EUR. The … flight … costs 400 USD."). */
export function conversionApart(answer: string): string | undefined {
  const sentences = answerSentences(answer);
  for (const s of sentences) {
    const m = /^(\d[\d.,]*) ([A-Z]{3}) (?:is|are|comes? to) \d[\d.,]* [A-Z]{3}\.$/.exec(s);
    if (m && sentences.some((t) => t !== s && t.includes(`costs ${m[1]} ${m[2]}`))) return s;
  }
  return undefined;
}

export const answerConversionApart: CaseMeasure = {
  kind: 'case',
  id: 'answer_conversion_apart',
  group: 'text',
  title: 'closing answer tells a converted price in a sentence of its own, apart from what costs it ("400 USD is 320 EUR. The business-class flight … costs 400 USD."), where one sentence says both ("… costs 400 USD, which is 320 EUR.")',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, (t) => conversionApart(t.answer)),
};

export const answerNameSaidAgain: CaseMeasure = {
  kind: 'case',
  id: 'answer_name_said_again',
  group: 'text',
  title: 'closing answer says a name again where "it" would do: twice in one sentence ("I created the file "Project_Guide_1.md" and then wrote the text to "Project_Guide_1.md".", "I moved "temp_notes.txt" to "archives", went into "archives", then moved "temp_notes.txt" to …"), or in the next sentence about it ("The text of "Spring2023Draft" is "…". There are 36 characters in "Spring2023Draft".", ""Paris" has id 8279. "Paris" is a drama …")',
  population: 'cases that show or ask for a closing answer',
  check: (tc) =>
    turnDefect(tc, (t) => {
      const again = nameSaidAgain(t.answer);
      return again && `${again.name} again in "${again.sentence.slice(0, 160)}"`;
    }),
};

export const ANSWER_SAID_ONCE_MEASURES = [answerNameSaidAgain, answerConversionApart, answerClockSplit, answerPickUnsaid, answerFailureSaidTwice, answerReplyQuoted, answerThingNamedTwice, answerSearchFrameTwice, answerSearchesToldAlike, answerNowTwice];
