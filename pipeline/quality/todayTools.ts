/**
 * A tool that can only tell today, called for another day: T-Eval's plan for "determine the day of
 * the week when it was released" (teval_query_430_1, Inception) calls `TimeTool.get_weekday`, whose
 * doc says "get the weekday today" and which takes no arguments. Its answer is today's weekday, not
 * the release date's, so a ground truth calling it is not a right step and a shown call of it reads
 * as a useful one. Read from the tool's doc and the user's words, never from a list of tool names.
 */
import { FINISH_ACTION, type Action, type ChatMessage, type ToolDoc } from '../schemas.js';
import { shownAction } from './evidence.js';

/** A tool taking no arguments whose doc says it tells today's weekday, date or time. */
export function tellsOnlyToday(doc: ToolDoc | undefined): boolean {
  if (!doc || doc.required_parameters.length + doc.optional_parameters.length > 0) return false;
  return /\b(?:today|current|now)\b/i.test(doc.description) && /\b(?:weekday|day of the week|date|time)\b/i.test(doc.description);
}

/** Words that put a question about a day on today: "what day of the week it is", "today's weekday", "the current weekday". */
const ABOUT_TODAY = /\b(?:today|today's|current(?:ly)?|now|it is|it's|this (?:morning|afternoon|evening))\b/i;
/** A day of an event the request names: "the day of the week when it was released", "the weekday of October 5, 2010". */
const OTHER_DAY = /\b(?:weekday|day of the week|what day)\b[^.?!]*\b(?:when|was|were|released?|born|published|premiered?|founded|happened|held|of (?:the )?(?:release|birth|publication|premiere|\d{1,2}|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*))\b/i;

/** The request's sentence asking the weekday or date of a day other than today, if one does. */
export function asksAnotherDay(request: string): string | undefined {
  for (const sentence of request.split(/(?<=[.?!])\s+/)) {
    if (OTHER_DAY.test(sentence) && !ABOUT_TODAY.test(sentence)) return sentence.trim();
  }
  return undefined;
}

/**
 * The first call the case asks for (ground truth) or shows before `historyEnd` of a today-only tool
 * while the request asks about another day; undefined when there is none.
 */
export function todayToolForOtherDay(messages: readonly ChatMessage[], groundTruth: Action | Action[], tools: readonly ToolDoc[], historyEnd = messages.length): string | undefined {
  const request = messages.filter((m) => m.role === 'user').map((m) => m.content).join('\n');
  const asked = asksAnotherDay(request);
  if (!asked) return undefined;
  const docOf = (name: string) => tools.find((t) => t.name === name);
  for (const a of Array.isArray(groundTruth) ? groundTruth : [groundTruth]) {
    if (a.name !== FINISH_ACTION && tellsOnlyToday(docOf(a.name))) return `ground truth ${a.name} ("${docOf(a.name)!.description}") for "${asked}"`;
  }
  for (const [i, msg] of messages.entries()) {
    if (i >= historyEnd || msg.role !== 'assistant') continue;
    const a = shownAction(msg.content);
    if (a && tellsOnlyToday(docOf(a.name))) return `shown ${a.name} ("${docOf(a.name)!.description}") for "${asked}"`;
  }
  return undefined;
}
