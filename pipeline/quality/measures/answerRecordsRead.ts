/**
 * Does a closing answer read a record's lines as a person would (answer-writer-68)? Two slips found
 * reading the room and availability answers of T-Eval's ReserveMeeting and AirbnbSearch:
 *
 * - answer_record_flag_read_raw: a day-by-day availability read as a count of things and a raw flag —
 *   "For property 42409434, I found 10 availabilities; the first three: on 1 October 2023 and
 *   available true; …; and 7 mores", "there is 1 availability, in which the date is 19 October 2023
 *   and it is not available" — where a person says "It is available every day from 1 to 10 October 2023".
 * - answer_status_lines_quoted: a list of things each with its status quoted line by line — "The rooms
 *   are "Room 103: available", "Room 234: available" and "Room 971: booked"" — where a person says
 *   "Room 103 and Room 234 are available, and Room 971 is booked".
 */
import type { CaseMeasure } from '../types.js';
import { turnDefect } from './answers.js';

/** Quoted text left out: a title or a quoted reply may hold any words. */
const unquoted = (answer: string) => answer.replace(/"[^"]*"/g, '""');

/** A yes/no flag read as its raw word ("available true"), a day's record counted as a thing ("10 availabilities"), "more" made plural ("7 mores"). */
export function recordFlagReadRaw(answer: string): string | undefined {
  const text = unquoted(answer);
  const m = /\b[a-z]+ (?:true|false)\b|\b(?:\d+|one|two|three) availabilit(?:y|ies)\b|\b\d+ mores\b/i.exec(text);
  return m ? `"${text.slice(Math.max(0, m.index - 40), m.index + m[0].length).trim()}"` : undefined;
}

export const answerRecordFlagReadRaw: CaseMeasure = {
  kind: 'case',
  id: 'answer_record_flag_read_raw',
  group: 'text',
  title: 'closing answer reads a day-by-day availability as a count and raw flags ("I found 10 availabilities; the first three: on 1 October 2023 and available true; …; and 7 mores", "there is 1 availability, in which the date is 19 October 2023 and it is not available")',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, (t) => recordFlagReadRaw(t.answer)),
};

/** Two or more "<Thing> <id>: <status>" lines quoted in a row ("Room 103: available", "Room 971: booked"). */
export function statusLinesQuoted(answer: string): string | undefined {
  const m = /"[A-Z][A-Za-z]* [A-Z]?\d+[A-Z]?: [^"]{2,40}"(?:, | and )"[A-Z][A-Za-z]* [A-Z]?\d+[A-Z]?: [^"]{2,40}"/.exec(answer);
  return m ? m[0] : undefined;
}

export const answerStatusLinesQuoted: CaseMeasure = {
  kind: 'case',
  id: 'answer_status_lines_quoted',
  group: 'text',
  title: 'closing answer quotes a status list line by line ("The rooms are "Room 103: available", "Room 234: available" and "Room 971: booked"") instead of saying what each is',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, (t) => statusLinesQuoted(t.answer)),
};

export const ANSWER_RECORDS_READ_MEASURES = [answerRecordFlagReadRaw, answerStatusLinesQuoted];
