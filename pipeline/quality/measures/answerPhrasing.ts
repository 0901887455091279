/**
 * Does a closing answer read like a careful person wrote it (answer-writer-62)? Four slips of phrasing
 * a reader stops at: a text with nothing in it read out as "an empty text" ("I found that the diff lines
 * read an empty text." where the two files do not differ), a listing before a move told as "the
 * directory I was in then held "documents"", a quoted summary run together with the record's other
 * fields ("…, summed up as "Tesla named a new head of operations, effective next month." and by Noah
 * Evans"), and a failure told in two tenses ("When I tried to book the flight, the service is
 * temporarily unavailable").
 */
import { apiOf } from '../../errors/values.js';
import { parseToolResponse } from '../../prompts/parseAction.js';
import type { CaseMeasure } from '../types.js';
import { turnDefect, type AnsweredTurn } from './answers.js';
import { answerSentences } from '../../answerFacts.js';
import { SEARCH_SERVICES, searchFrameParts } from '../../searchFrames.js';
import { escapeRegExp } from '../../errors/vocabulary.js';
import { QUOTED_TEXT } from '../grammar.js';

/** A text with nothing in it said as one: "the diff lines read an empty text", "the reply reads an empty text". */
export function emptyTextRead(answer: string): string | undefined {
  const m = /[^.!?]{0,60}\ban empty text\b/.exec(answer);
  return m ? `"${m[0].trim()}"` : undefined;
}

export const answerEmptyTextRead: CaseMeasure = {
  kind: 'case',
  id: 'answer_empty_text_read',
  group: 'text',
  title: 'closing answer reads out a text with nothing in it as "an empty text" instead of saying what it means ("I found that the diff lines read an empty text." for two files that do not differ)',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, (t) => emptyTextRead(t.answer)),
};

/** A past state told with a dangling "then": "the directory I was in then held "documents"". */
export function thenListing(answer: string): string | undefined {
  const m = /\b[Tt]he (?:directory|folder) I was in then\b[^.!?]{0,40}/.exec(answer);
  return m ? `"${m[0]}"` : undefined;
}

export const answerThenListing: CaseMeasure = {
  kind: 'case',
  id: 'answer_then_listing',
  group: 'text',
  title: 'closing answer tells a listing read before a move as "the directory I was in then held …" ("The directory I was in then held "documents". I\'m now in "documents".")',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, (t) => thenListing(t.answer)),
};

/**
 * A quoted text of a record (a summary, an abstract, a snippet) run on with the record's other fields
 * by "and": "summed up as "Tesla named a new head of operations, effective next month." and by Noah
 * Evans" — the author reads as part of the summary, after the summary's own full stop.
 */
export function textThenField(answer: string): string | undefined {
  const m = /"[^"]{20,}"\.?,? and (?:by|released|published|rated|listed on|online at|marked|with) [^.;,]{0,30}/.exec(answer);
  return m ? `"…${m[0].slice(-70)}"` : undefined;
}

export const answerTextThenField: CaseMeasure = {
  kind: 'case',
  id: 'answer_text_then_field',
  group: 'text',
  title: 'closing answer runs a quoted text of a record on with its other fields ("…, summed up as "Tesla named a new head of operations, effective next month." and by Noah Evans")',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, (t) => textThenField(t.answer)),
};

/** Verbs in the present that open a clause about what happened at the time of a call. */
const PRESENT = /^(?:is|are|isn't|aren't|does|doesn't|do|don't|has|have|hasn't|haven't|holds|says|refuses|rejects|needs|cannot|can't|can)$/;
/** Verbs in the past (or a modal's past) that settle the clause's tense. */
const PAST = /^(?:was|were|wasn't|weren't|did|didn't|had|hadn't|would|could|couldn't|wouldn't|ran|sent|hit|broke|took|gave|came|went|got|held|kept|said|found|lost|stopped|[a-z]{2,}ed)$/;

/**
 * A failure told in two tenses: a past frame ("When I tried to X,", "My attempt to X failed, as",
 * "I tried to X, but") and a cause in the present ("the service is temporarily unavailable"): the
 * cause's first finite verb is read, quotes and brackets left out.
 */
export function tenseSlip(answer: string): string | undefined {
  const masked = answer.replace(QUOTED_TEXT, '""').replace(/\([^()]*\)/g, '');
  const frames = /\b(?:When I tried to [^,.;:!?]*,|My attempt to [^,.;:!?]* failed, as|I tried to [^,.;:!?]*, but) ([^.;:!?]*)/g;
  for (const m of masked.matchAll(frames)) {
    for (const w of m[1].toLowerCase().split(/\s+/).slice(0, 10)) {
      if (PAST.test(w)) break;
      if (PRESENT.test(w)) return `"${m[0].slice(0, 140)}"`;
    }
  }
  // A lock held then told as held now, after any frame: "timed out after 2000 ms waiting for a lock another operation holds on the file".
  const held = /\bwaiting for a lock (?:another|some other) (?:operation|process) holds\b[^.;]*/.exec(masked);
  if (held) return `"${held[0].slice(0, 140)}"`;
  return undefined;
}

export const answerTenseSlip: CaseMeasure = {
  kind: 'case',
  id: 'answer_tense_slip',
  group: 'text',
  title: 'closing answer tells a failure in two tenses: a past frame and a present cause ("When I tried to book the flight, the service is temporarily unavailable (HTTP 503 Service Unavailable)")',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, (t) => tenseSlip(t.answer)),
};

/**
 * One line told as several: "The last lines of "file1.txt" read "The quick brown fox …"" where the user
 * asked for the last line and `tail` gave one (every tail call of the turn answered a single line).
 */
export function oneLineAsLines(turn: Pick<AnsweredTurn, 'answer' | 'calls'>): string | undefined {
  const m = /\b[Tt]he last lines of "[^"]*" read\b/.exec(turn.answer);
  if (!m) return undefined;
  const tails = turn.calls.filter((c) => apiOf(c.name) === 'tail');
  const texts = tails.map((c) => parseToolResponse(c.response)).map((v) => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>).last_lines : undefined));
  if (tails.length === 0 || !texts.every((t) => typeof t === 'string' && t.trim() && !t.trim().includes('\n'))) return undefined;
  return `"${m[0]} …" for one line`;
}

export const answerOneLineAsLines: CaseMeasure = {
  kind: 'case',
  id: 'answer_one_line_as_lines',
  group: 'text',
  title: 'closing answer tells the one line `tail` gave as several ("The last lines of "file1.txt" read "The quick brown fox jumps over the lazy dog."" for "What does the last line look like?")',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, (t) => oneLineAsLines(t)),
};

/** A dialogue's own openers, which a colon follows as speech, not as a label ("Just to check: a mocha?"), and a failure answer's list of what is left ("Still to do: moving into …"). */
const SPOKEN_OPENER = /^(?:Still to do|Just to check|Got it|Let me read that back|To be sure I follow|Just making sure I heard you right|Noted|Okay|OK|So|Yes|No|Sure|Right|Thanks|Thank you)$/i;

/**
 * A closing answer that opens a sentence with a label and a colon and then reads a record's fields:
 * "Account details: account id 12345, balance 40000 and binding card 1974202140965533." A person says
 * it of the thing: "Account 12345 has a balance of 40000; the card linked to it is …".
 */
export function labelledLine(answer: string): string | undefined {
  for (const m of answer.matchAll(/(?:^|[.!?] )([A-Z][a-z]+(?: [a-z]+){0,3}): ([a-z]+(?: [a-z]+){0,3} (?:\d|"))/g)) {
    if (SPOKEN_OPENER.test(m[1])) continue;
    return `"${m[1]}: ${m[2]}…"`;
  }
  return undefined;
}

export const answerLabelledLine: CaseMeasure = {
  kind: 'case',
  id: 'answer_labelled_line',
  group: 'text',
  title: 'closing answer opens with a label and a colon before a record\'s fields ("Account details: account id 12345, balance 40000 and binding card 1974202140965533.")',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, (t) => labelledLine(t.answer)),
};

/** A new thing's id named again by the thing just named: "I purchased the insurance; its insurance id is "255316027"." */
export function idNamedTwice(answer: string): string | undefined {
  for (const m of answer.matchAll(/\bI ([^.;!?]{3,80}?)(?:; its|, which has) ([a-z]+(?: [a-z]+)?) id\b/g)) {
    const thing = m[2].split(' ').pop()!;
    if (new RegExp(`\\b${thing}\\b`, 'i').test(m[1])) return `"${m[0]}"`;
  }
  return undefined;
}

export const answerIdNamedTwice: CaseMeasure = {
  kind: 'case',
  id: 'answer_id_named_twice',
  group: 'text',
  title: 'closing answer names a new thing\'s id by the thing it just named ("I purchased the insurance; its insurance id is …", "I registered the credit card; its card id is …")',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, (t) => idNamedTwice(t.answer)),
};

/** The parent folder said as the name `cd` takes: "I removed "DylanProject.txt", moved into ".." and then removed the directory "Drafts"." (bfcl_multi_turn_base_46). */
export function parentAsDots(answer: string): string | undefined {
  return /[^.;!?"]{0,40}"\.\."/.exec(answer)?.[0].trim();
}

export const answerParentAsDots: CaseMeasure = {
  kind: 'case',
  id: 'answer_parent_as_dots',
  group: 'text',
  title: 'closing answer says the parent folder as the ".." `cd` takes ("I removed "DylanProject.txt", moved into ".." and then removed the directory "Drafts".") where a person says they went up a folder',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, (t) => parentAsDots(t.answer)),
};

/**
 * A search told without its service where the answer names another service's search for the same words: "…, so I
 * couldn't search Google Scholar for "quantum mechanics". The search for "quantum mechanics" came back with 1 paper: …"
 * (teval_query_242_2-env-k2: the arXiv search found it), which reads as the failed search having found it.
 */
/** The services' names, longest first ("Google Scholar" before "Google"). */
const SERVICE_NAMES = Object.values(SEARCH_SERVICES).sort((a, b) => b.length - a.length).map(escapeRegExp).join('|');

export function searchServiceUnsaid(answer: string): string | undefined {
  for (const s of answerSentences(answer)) {
    const parts = searchFrameParts(s);
    if (!parts || / (?:near|on) /.test(parts.query)) continue;
    const other = new RegExp(`\\b(?:${SERVICE_NAMES})\\b[^.;]{0,20} for ${escapeRegExp(parts.query)}|\\bfor ${escapeRegExp(parts.query)} on (?:${SERVICE_NAMES})\\b`).exec(answer.replace(s, ''));
    if (other) return `${s.slice(0, 80)} … beside "${other[0]}"`;
  }
  return undefined;
}

export const answerSearchServiceUnsaid: CaseMeasure = {
  kind: 'case',
  id: 'answer_search_service_unsaid',
  group: 'text',
  title: 'closing answer tells a search\'s finding without its service where it names another service\'s search for the same words ("… so I couldn\'t search Google Scholar for "quantum mechanics". The search for "quantum mechanics" came back with 1 paper: …")',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, (t) => searchServiceUnsaid(t.answer)),
};

/** A sentence opening "Then" that joins its own deeds with "then" again: "Then I changed to the folder "archives", then renamed …" (bfcl_multi_turn_base_16). */
export function thenTwice(answer: string): string | undefined {
  return answerSentences(answer).find((s) => /^Then\b/.test(s) && /,? (?:and )?then\b/.test(s.slice(4)));
}

export const answerThenTwice: CaseMeasure = {
  kind: 'case',
  id: 'answer_then_twice',
  group: 'text',
  title: 'closing answer opens a sentence with "Then" and joins its deeds with "then" again ("Then I changed to the folder "archives", then renamed …")',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, (t) => thenTwice(t.answer)),
};

/**
 * A folder said to be where the turn is "now" while a later deed of the same answer leaves it: "I'm now in
 * "Drafts". … went up to the parent folder and then removed the directory "Drafts"." (bfcl_multi_turn_base_46),
 * "I'm now in "research". I copied … to "archives", changed to that folder …" (16): the answer ends elsewhere.
 */
export function nowInLeft(answer: string): string | undefined {
  const m = /\bI'm now in ("(?:[^"\\]|\\.)*")|("(?:[^"\\]|\\.)*") is now the current folder\b/.exec(answer);
  if (!m) return undefined;
  const left = /\b(?:went up to the parent folder|moved into|went into|changed to (?:the folder|that folder)|changed into|moved up)\b/.exec(answer.slice(m.index + m[0].length));
  return left ? `${m[0]} … ${left[0]}` : undefined;
}

export const answerNowInLeft: CaseMeasure = {
  kind: 'case',
  id: 'answer_now_in_left',
  group: 'text',
  title: 'closing answer says the turn is "now" in a folder a later deed of the same answer leaves ("I\'m now in "Drafts". … went up to the parent folder and then removed the directory "Drafts".")',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, (t) => nowInLeft(t.answer)),
};

/** A coordinate pair quoted as text: 'The coordinate of "北京市政府" is "116.407417,39.904172".', 'near "116.407417,39.904172"' (teval_query_464_1). */
export function coordinatesAsText(answer: string): string | undefined {
  return /[^.;!?"]{0,40}"-?\d+\.\d+\s*,\s*-?\d+\.\d+"/.exec(answer)?.[0].trim();
}

export const answerCoordinatesAsText: CaseMeasure = {
  kind: 'case',
  id: 'answer_coordinates_as_text',
  group: 'text',
  title: 'closing answer quotes a coordinate pair as typed text (\'The coordinate of "北京市政府" is "116.407417,39.904172".\', \'near "116.407417,39.904172"\') instead of saying where the place is or naming the place a look-up gave it for',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, (t) => coordinatesAsText(t.answer)),
};

/** A conversion told with its unit put first and the number bare: "In gallons, 30 liters are 7.92516." (bfcl_multi_turn_base_83). */
export function unitFronted(answer: string): string | undefined {
  return /\bIn [a-z]+s, \d[\d.,]* [a-z]+ (?:is|are) \d[\d.,]*\./.exec(answer)?.[0];
}

export const answerUnitFronted: CaseMeasure = {
  kind: 'case',
  id: 'answer_unit_fronted',
  group: 'text',
  title: 'closing answer tells a conversion with its unit put first and the number left bare ("In gallons, 30 liters are 7.92516.") instead of "30 liters come to 7.92516 gallons."',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, (t) => unitFronted(t.answer)),
};

/** A sentence joining three clauses with ", and" twice: "After that, I started the engine, and it is running now, and the fuel level is 13.96 gallons …" (bfcl_multi_turn_base_65). Quotes left out. */
export function andRunOn(answer: string): string | undefined {
  return answerSentences(answer).find((s) => (s.replace(QUOTED_TEXT, '""').match(/, and /g) ?? []).length >= 2);
}

export const answerAndRunOn: CaseMeasure = {
  kind: 'case',
  id: 'answer_and_run_on',
  group: 'text',
  title: 'closing answer runs three clauses together with ", and" twice ("After that, I started the engine, and it is running now, and the fuel level is 13.96 gallons and the battery voltage is 12.6 volts.")',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, (t) => andRunOn(t.answer)),
};

/** Units a sentence writes in one case ("35 psi"): the same unit in another case beside it reads as two units. */
const UNIT_WORDS = ['psi', 'km', 'kg', 'mph', 'usd', 'eur', 'gbp', 'cny', 'rmb'];

/** One unit written two ways in an answer ("The four tires are all at 35 psi, under the 40 PSI you set."). */
export function unitCaseMixed(answer: string): string | undefined {
  for (const unit of UNIT_WORDS) {
    const forms = new Set([...answer.matchAll(new RegExp(`\\b\\d[\\d.,]*\\s*(${unit})\\b`, 'gi'))].map((m) => m[1]));
    if (forms.size > 1) return `writes ${[...forms].map((f) => `"${f}"`).join(' and ')}`;
  }
  return undefined;
}

export const answerUnitCaseMixed: CaseMeasure = {
  kind: 'case',
  id: 'answer_unit_case_mixed',
  group: 'text',
  title: 'closing answer writes one unit two ways ("The four tires are all at 35 psi, under the 40 PSI you set."), where a person keeps one form',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, (t) => unitCaseMixed(t.answer)),
};

export const ANSWER_PHRASING_MEASURES = [answerUnitCaseMixed, answerSearchServiceUnsaid, answerThenTwice, answerNowInLeft, answerAndRunOn, answerUnitFronted, answerCoordinatesAsText, answerParentAsDots, answerEmptyTextRead, answerThenListing, answerTextThenField, answerTenseSlip, answerOneLineAsLines, answerLabelledLine, answerIdNamedTwice];
