/**
 * The day the user says the task is on: "what is the weather in Beijing for today, October 20,
 * 2023?", "today is 2023-10-20", "今天是2023年10月20日". Only words that say this is today (or the
 * current date) count: a meeting "on October 25", a search "from 2023-10-01 to 2023-10-07" or a
 * flight "on December 15th 2026" say nothing about today, and a date range after "today" ("today,
 * 2023-10-20 to 2023-10-25") is a range, not today.
 */

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const MONTH = '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?';
const WEEKDAY = '(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day,?\\s+)?';
const ORD = '(?:st|nd|rd|th)?';
const YEAR = '(?:,?\\s*((?:19|20)\\d\\d))?';

/** The forms a date is written in, each with the groups it reads (year, month, day). */
const FORMS: { re: string; read: (g: string[]) => { y?: string; m: number; d: number } | undefined }[] = [
  // 2023-10-20, 2023/10/20
  { re: '((?:19|20)\\d\\d)[-/.](\\d{1,2})[-/.](\\d{1,2})(?![\\d])', read: (g) => ({ y: g[0], m: Number(g[1]), d: Number(g[2]) }) },
  // October 20, 2023; Oct 20th
  { re: `${MONTH}\\s+(?:the\\s+)?(\\d{1,2})${ORD}(?![\\d:])${YEAR}`, read: (g) => ({ y: g[2], m: monthOf(g[0]), d: Number(g[1]) }) },
  // 20 October 2023; the 20th of October
  { re: `(?:the\\s+)?(\\d{1,2})${ORD}\\s+(?:of\\s+)?${MONTH}${YEAR}`, read: (g) => ({ y: g[2], m: monthOf(g[1]), d: Number(g[0]) }) },
  // 20/10/2023 or 10/20/2023: only when one reading alone is a date (a part above 12 is the day)
  {
    re: '(\\d{1,2})[/.](\\d{1,2})[/.]((?:19|20)\\d\\d)(?![\\d])',
    read: (g) => {
      const [a, b] = [Number(g[0]), Number(g[1])];
      if (a > 12 && b <= 12) return { y: g[2], m: b, d: a };
      if (b > 12 && a <= 12) return { y: g[2], m: a, d: b };
      return a === b ? { y: g[2], m: a, d: b } : undefined;
    },
  },
  // 2023年10月20日, 10月20日
  { re: '(?:((?:19|20)\\d\\d)\\s*年\\s*)?(\\d{1,2})\\s*月\\s*(\\d{1,2})\\s*[日号]', read: (g) => ({ y: g[0], m: Number(g[1]), d: Number(g[2]) }) },
];

function monthOf(name: string): number {
  const n = name.toLowerCase().replace(/\.$/, '');
  return MONTHS.findIndex((m) => m.startsWith(n.slice(0, 3))) + 1;
}

const DATE = FORMS.map((f) => `(?:${f.re})`).join('|');
const GROUPS = FORMS.map((f) => (new RegExp(`${f.re}|`).exec('') ?? []).length - 1);
/** A date straight after another, as a range reads ("2023-10-20 to 2023-10-25", "October 20-22"). */
const RANGE_AFTER = new RegExp(`^\\s*(?:-|–|—|to|until|till|through|thru|and|&|至|到)\\s*(?:\\d|${MONTH}\\s*\\d)`, 'i');

/** Words that say the date next to them is today, and where the date stands (after them, or before). */
const SAYS_TODAY: { re: RegExp; dateAt: 'after' | 'before' }[] = [
  // "today is", "today, ", "for today (", "today's date is", "today being"
  { re: new RegExp(`\\btoday(?:'s|’s)?(?:\\s+date)?\\s*(?:is|being|:|,|\\(|–|—|-|=)?\\s*(?:the\\s+)?${WEEKDAY}(?:${DATE})`, 'giu'), dateAt: 'after' },
  // "the current date is", "the date today is", "current date: "
  { re: new RegExp(`\\b(?:(?:the\\s+)?(?:current|present)\\s+date|(?:the\\s+)?date\\s+today)\\s*(?:is|:|,|\\(|=)?\\s*${WEEKDAY}(?:${DATE})`, 'giu'), dateAt: 'after' },
  // "it's October 20, 2023 today", "it is now 2023-10-20"
  { re: new RegExp(`\\bit(?:'s|’s|\\s+is)\\s+(?:now\\s+)?${WEEKDAY}(?:${DATE})(?=\\s*(?:today|now)\\b)`, 'giu'), dateAt: 'after' },
  // "2023-10-20 (today)", "October 20, which is today", "2023-10-20 is today"
  { re: new RegExp(`(?:${DATE})\\s*(?:\\(\\s*today\\s*\\)|,?\\s*(?:which|that)\\s+is\\s+today\\b|\\s+is\\s+today\\b)`, 'giu'), dateAt: 'before' },
  // "今天是2023年10月20日", "今日：", "当前日期为"
  { re: new RegExp(`(?:今天|今日|当前日期|当前时间|现在)(?:的日期)?\\s*(?:是|为|：|:|，|,)?\\s*(?:${DATE})`, 'gu'), dateAt: 'after' },
  { re: new RegExp(`(?:${DATE})\\s*[（(]?\\s*(?:今天|今日)`, 'gu'), dateAt: 'before' },
];

/** The first date `text` (a match of SAYS_TODAY) holds, as written: its year (maybe none), month and day. */
function dateIn(text: string): { y?: string; m: number; d: number; end: number } | undefined {
  const re = new RegExp(DATE, 'iu');
  const m = re.exec(text);
  if (!m) return undefined;
  let at = 1;
  for (const [i, form] of FORMS.entries()) {
    const groups = m.slice(at, at + GROUPS[i]);
    at += GROUPS[i];
    if (groups.every((g) => g === undefined)) continue;
    const read = form.read(groups);
    return read ? { ...read, end: m.index + m[0].length } : undefined;
  }
  return undefined;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The date the user says is today, as YYYY-MM-DD, or undefined when no words of `text` say it. A
 * date said without its year ("for today, October 17") takes the year another full date of the text
 * gives, else `year` (a year the task's calls take), else 2023: the year T-Eval's tasks are set in,
 * whose recorded clocks and weekday answers fall in October 2023.
 */
export function statedToday(text: string, year?: string): string | undefined {
  for (const { re, dateAt } of SAYS_TODAY) {
    re.lastIndex = 0;
    for (const m of text.matchAll(re)) {
      // The date stands after the words (search from past them) or before them (the match's start).
      const from = dateAt === 'after' ? m[0].search(new RegExp(DATE, 'iu')) : 0;
      const date = dateIn(m[0].slice(Math.max(0, from)));
      if (!date) continue;
      const after = text.slice(m.index + Math.max(0, from) + date.end);
      if (dateAt === 'after' && RANGE_AFTER.test(after)) continue;
      if (date.m < 1 || date.m > 12 || date.d < 1 || date.d > 31) continue;
      const y = date.y ?? /\b((?:19|20)\d\d)-\d{1,2}-\d{1,2}\b|\b(?:19|20)\d\d年/.exec(text)?.[0].slice(0, 4) ?? yearOfText(text) ?? year ?? '2023';
      const iso = `${y}-${pad(date.m)}-${pad(date.d)}`;
      const parsed = new Date(`${iso}T00:00:00Z`);
      if (Number.isNaN(parsed.getTime()) || parsed.getUTCDate() !== date.d) continue;
      return iso;
    }
  }
  return undefined;
}

/** Whether `text` names a calendar day in one of the forms above ("October 17, 2023", "2023-10-17", "10月17日"). */
export function namesCalendarDay(text: string): boolean {
  return new RegExp(DATE, 'iu').test(text);
}

/** A year some full date of the text states ("October 19, 2023"). */
function yearOfText(text: string): string | undefined {
  return new RegExp(`${MONTH}\\s+\\d{1,2}${ORD},?\\s*((?:19|20)\\d\\d)`, 'i').exec(text)?.[2];
}

/** Words asking the weather for a day: "the weather forecast for October 17, 2023", "weather on 2023-10-17", "天气预报 10月17日". */
const ASKS_WEATHER = new RegExp(`\\b(?:weather|forecast)(?:\\s+(?:forecast|report|conditions?|predictions?))?(?:\\s+(?:in|at|of)\\s+[\\p{L} .'-]{2,40}?)?,?\\s+(?:for|on)\\s+(?:the\\s+(?:day|date)\\s+)?${WEEKDAY}(?:${DATE})|(?:天气|天气预报)\\s*(?:${DATE})|(?:${DATE})\\s*的?(?:天气|天气预报)`, 'giu');

/**
 * The day the user asks the weather forecast for ("check the weather forecast for October 17, 2023,
 * in San Francisco"), as YYYY-MM-DD, or undefined. Not the task's today by the user's words, but the
 * day a forecast must cover: with nothing else dating the task, the forecast begins on it.
 */
export function askedForecastDay(text: string, year?: string): string | undefined {
  ASKS_WEATHER.lastIndex = 0;
  for (const m of text.matchAll(ASKS_WEATHER)) {
    const at = m[0].search(new RegExp(DATE, 'iu'));
    const date = at >= 0 ? dateIn(m[0].slice(at)) : undefined;
    if (!date || date.m < 1 || date.m > 12 || date.d < 1 || date.d > 31) continue;
    if (RANGE_AFTER.test(text.slice(m.index + at + date.end))) continue;
    const y = date.y ?? yearOfText(text) ?? year ?? '2023';
    const iso = `${y}-${pad(date.m)}-${pad(date.d)}`;
    const parsed = new Date(`${iso}T00:00:00Z`);
    if (!Number.isNaN(parsed.getTime()) && parsed.getUTCDate() === date.d) return iso;
  }
  return undefined;
}
