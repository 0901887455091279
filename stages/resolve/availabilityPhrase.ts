/**
 * A thing's availability day by day ({'availability': [{'date': '2023-10-01', 'available': True}, …]},
 * as AirbnbSearch.check_availability answers) said as a person says it: "it is available every day
 * from 1 to 10 October 2023", "it is available from 1 to 3 October 2023 and on 6 October 2023, but not
 * from 4 to 5 October 2023" — never "I found 10 availabilities; the first three: on 1 October 2023
 * and available true; …; and 7 mores" or "there is 1 availability, in which the date is …".
 */
import { isPlainObject } from '../../pipeline/errors/values.js';
import { MONTHS } from '../../pipeline/errors/vocabulary.js';
import { joinAnd } from '../../pipeline/quality/grammar.js';

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A flag named for the opposite of free ("booked", "occupied") says the day is taken when true. */
const TAKEN = /booked|occupied|taken|unavailable|reserved|sold_?out/i;

interface Day {
  date: string;
  free: boolean;
}

/** The one list of day records a record holds, or undefined: each a calendar date and one yes/no flag. */
function daysOf(record: Record<string, unknown>): Day[] | undefined {
  const entries = Object.entries(record);
  if (entries.length !== 1 || !Array.isArray(entries[0][1]) || entries[0][1].length === 0) return undefined;
  const days: Day[] = [];
  for (const item of entries[0][1]) {
    if (!isPlainObject(item) || Object.keys(item).length !== 2) return undefined;
    const date = Object.values(item).find((v): v is string => typeof v === 'string' && ISO_DAY.test(v.trim()));
    const flag = Object.entries(item).find(([, v]) => typeof v === 'boolean');
    if (!date || !flag) return undefined;
    days.push({ date: date.trim(), free: TAKEN.test(flag[0]) ? !flag[1] : (flag[1] as boolean) });
  }
  return days;
}

const parts = (date: string) => {
  const m = ISO_DAY.exec(date)!;
  return { year: m[1], month: MONTHS[+m[2] - 1], day: +m[3] };
};

/** "1 October 2023"; a run of days "from 1 to 3 October 2023", "from 30 September to 2 October 2023". */
function runInWords(first: string, last: string): string {
  const a = parts(first);
  const b = parts(last);
  if (first === last) return `on ${a.day} ${a.month} ${a.year}`;
  if (a.year !== b.year) return `from ${a.day} ${a.month} ${a.year} to ${b.day} ${b.month} ${b.year}`;
  if (a.month !== b.month) return `from ${a.day} ${a.month} to ${b.day} ${b.month} ${b.year}`;
  return `from ${a.day} to ${b.day} ${b.month} ${b.year}`;
}

const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** Days that follow one another with one flag, in date order. */
function runs(days: Day[]): { free: boolean; first: string; last: string }[] {
  const out: { free: boolean; first: string; last: string }[] = [];
  for (const d of [...days].sort((x, y) => x.date.localeCompare(y.date))) {
    const open = out[out.length - 1];
    if (open && open.free === d.free && nextDay(open.last) === d.date) open.last = d.date;
    else out.push({ free: d.free, first: d.date, last: d.date });
  }
  return out;
}

/** The sentence's words after its subject ("it is available every day from 1 to 10 October 2023"), or undefined for any other record. */
export function availabilityPhrase(record: Record<string, unknown>): string | undefined {
  const days = daysOf(record);
  if (!days) return undefined;
  const all = runs(days);
  const free = all.filter((r) => r.free).map((r) => runInWords(r.first, r.last));
  const taken = all.filter((r) => !r.free).map((r) => runInWords(r.first, r.last));
  if (!taken.length) return `it is available ${all.length === 1 && days.length > 1 ? 'every day ' : ''}${joinAnd(free)}`;
  if (!free.length) return `it is not available ${all.length === 1 && days.length > 1 ? 'on any day ' : ''}${joinAnd(taken)}`;
  return `it is available ${joinAnd(free)}, but not ${joinAnd(taken)}`;
}
