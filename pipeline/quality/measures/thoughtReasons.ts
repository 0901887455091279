/**
 * Whether a CoT thought gives its reasons as a careful person would: where a value comes from or why it is
 * chosen, never the bare argument again ("The name will be "Zeta Corp"."); the user's words read for what they
 * ask ("days in London" asks for no days); the day the user asked for, not the one a tool's doc names; two
 * openings that do not both say "next"; what an earlier call was given, in words a person uses.
 */
import type { CaseMeasure } from '../types.js';
import { sentencesOf } from '../grammar.js';
import { thoughtsInContext } from './thoughts.js';
import { thoughtsVerdict } from './thoughtAnswerTie.js';

/** A value restated with no word of where it comes from: "The name will be "Zeta Corp".", "For the folder, I'll pass "document".". */
const RESTATED = /^(?:The [^"]{1,60}? will be|For the [^",]{1,60}, I'll pass) (?:"[^"]*"|-?\d[\d.e+-]*)\.$/;

/** The restating sentences of a case's thoughts (shown steps, the wrong call, the ground truth). */
export function restatedValues(thoughts: readonly string[]): string[] {
  return thoughts.flatMap((t) => sentencesOf(t).filter((s) => RESTATED.test(s.trim())).map((s) => `"${s.trim()}"`));
}

export const thoughtValueRestated: CaseMeasure = {
  kind: 'case',
  id: 'thought_value_restated',
  group: 'text',
  title: 'CoT: a thought restates an argument with no reason for it ("The name will be "Zeta Corp".", "For the folder, I\'ll pass "document"."), where it could say where the value comes from (the user\'s words, an earlier answer) or why it is chosen; a wrong call\'s thought counts too, as its frame must read like a right one\'s',
  population: 'CoT cases',
  check(tc) {
    if (!tc.cot) return undefined;
    return thoughtsVerdict(restatedValues(thoughtsInContext(tc).map((x) => x.thought)));
  },
};

/** A sentence opening on "next" ("Next, I need to", "The next step is", "The next listed property"). */
const OPENS_NEXT = /^(?:Next\b|The next (?:step|listed)\b)/;

/** Thoughts whose two sentences in a row both open on "next" ("The next listed property, … has id 7. Next, I need to …"). */
export function nextTwice(thoughts: readonly string[]): string[] {
  return thoughts.filter((t) => {
    const s = sentencesOf(t).map((x) => x.trim());
    return s.some((x, i) => i > 0 && OPENS_NEXT.test(x) && OPENS_NEXT.test(s[i - 1]));
  }).map((t) => `"${t.slice(0, 140)}"`);
}

export const thoughtNextTwice: CaseMeasure = {
  kind: 'case',
  id: 'thought_next_twice',
  group: 'text',
  title: 'CoT: a thought runs two openings together that both say "next" ("The next listed property, "…", has id 51113056. Next, I need to retrieve the details …")',
  population: 'CoT cases',
  check(tc) {
    if (!tc.cot) return undefined;
    return thoughtsVerdict(nextTwice(thoughtsInContext(tc).map((x) => x.thought)));
  },
};

/**
 * A thought that says the step works on "today" where the user's request asks for tomorrow, without a word of
 * that: "I can book the meeting room today" for "book a meeting room for tomorrow" (the tool's doc says it books
 * today) contradicts the user silently.
 */
export function dayContradicted(thought: string, users: string): string | undefined {
  if (!/\btomorrow\b/i.test(users) || /\btomorrow\b/i.test(thought)) return undefined;
  return /\btoday\b|\btoday's\b/i.test(thought) ? `"${thought.slice(0, 140)}"` : undefined;
}

export const thoughtDayContradictsRequest: CaseMeasure = {
  kind: 'case',
  id: 'thought_day_contradicts_request',
  group: 'text',
  title: 'CoT: a thought says the step is for today where the user asked for tomorrow, without saying so ("I can book the meeting room today" for "book a meeting room for tomorrow")',
  population: 'CoT cases whose request names tomorrow',
  check(tc) {
    if (!tc.cot) return undefined;
    const thoughts = thoughtsInContext(tc);
    if (!thoughts.some((x) => /\btomorrow\b/i.test(x.users))) return undefined;
    return thoughtsVerdict(thoughts.flatMap((x) => dayContradicted(x.thought, x.users) ?? []));
  },
};

/** Words that measure, count or colour a value, no thing a person asks for ("three days in London", "the hues of San Francisco"). */
const MEASURE_NOUNS = /^(?:seconds|minutes|hours|days|nights|weeks|months|years|kilometers|kilometres|miles|meters|metres|feet|lines|words|characters|members|hues|shades|colou?rs)$/;

/** "The user asks for <noun> <tie> "V"" where the noun is a measure or count, not what the user asks for. */
export function askedForMisread(thought: string): string | undefined {
  const m = /\bThe user asks for ([a-z]+) [a-z]+ "/.exec(thought);
  return m && MEASURE_NOUNS.test(m[1]) ? `"${thought.slice(0, 120)}"` : undefined;
}

export const thoughtAskedForMisread: CaseMeasure = {
  kind: 'case',
  id: 'thought_asked_for_misread',
  group: 'text',
  title: 'CoT: a thought reads a measure or a figure of speech before a quoted place as what the user asks for ("The user asks for days in "London"" of "the weather predictions for the coming three days in London", "hues of "San Francisco"")',
  population: 'CoT cases',
  check(tc) {
    if (!tc.cot) return undefined;
    return thoughtsVerdict(thoughtsInContext(tc).flatMap((x) => askedForMisread(x.thought) ?? []));
  },
};

/**
 * What an earlier call was given told as a clause of its key and value tacked on: "…, when it was
 * given the symbol TSLA.", "when it was given the user first name Michael", "the travel from JFK".
 * A person says what the answer was for ("…that the order id is 12446 for TSLA.").
 */
export function givenStiffly(thought: string): string | undefined {
  return /,? when it was given the (?:[a-z]+ ){1,3}[A-Z0-9]/.test(thought) ? `"${thought.slice(0, 140)}"` : undefined;
}

export const thoughtGivenKeyStiff: CaseMeasure = {
  kind: 'case',
  id: 'thought_given_key_stiff',
  group: 'text',
  title: 'CoT: a thought tells what an earlier call was given as a clause of its key and value tacked on ("…that the order id is 12446, when it was given the symbol TSLA.", "when it was given the user first name Michael"), not as what the answer was for ("…that the order id is 12446 for TSLA.")',
  population: 'CoT cases',
  check(tc) {
    if (!tc.cot) return undefined;
    return thoughtsVerdict(thoughtsInContext(tc).flatMap((x) => givenStiffly(x.thought) ?? []));
  },
};

export const THOUGHT_REASON_MEASURES = [thoughtValueRestated, thoughtNextTwice, thoughtDayContradictsRequest, thoughtAskedForMisread, thoughtGivenKeyStiff];
