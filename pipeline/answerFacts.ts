/**
 * Facts a closing answer needs from a tool's doc and a response's values, shared by the answer writer
 * (stages/resolve/answerWriter.ts) and the measures that read its answers (quality/measures/answers.ts):
 * the unit a returned number is in ("The distance between the two cities in km." -> "km"), whether a
 * number is an epoch timestamp, and a date or time written as people write it.
 */

/** Units a doc names for a returned number, and how an answer writes them. */
const UNIT_WORDS: [RegExp, string][] = [
  [/\b(?:km|kilometers?|kilometres?)\b/i, 'km'],
  [/\bmiles?\b/i, 'miles'],
  [/\bgallons?\b/i, 'gallons'],
  [/\b(?:liters?|litres?)\b/i, 'liters'],
  [/\bvolts?\b/i, 'volts'],
  [/\bPSI\b/i, 'PSI'],
  [/\bminutes?\b/i, 'minutes'],
  [/\bseconds?\b/i, 'seconds'],
  [/\b(?:celsius|°C)\b/i, '°C'],
  [/\bUSD\b/, 'USD'],
  [/\bmeters?\b|\bmetres?\b/i, 'metres'],
];

/** The unit a return field's doc gives its number in ("The fuel level of the vehicle in gallons." -> "gallons"); undefined when it names none. */
export function unitOf(description: string | undefined): string | undefined {
  if (!description) return undefined;
  // "in km", "in gallons", "set in USD", "expected time in minutes": the unit follows "in".
  const after = /\bin ([A-Za-z°]+)\b/.exec(description)?.[1];
  if (!after) return undefined;
  return UNIT_WORDS.find(([re]) => re.test(after))?.[1];
}

/** The words an answer may write a unit with: "km" may read "kilometres", "liters" "litres". */
export function unitPattern(unit: string): RegExp {
  const alt: Record<string, string> = { km: 'km|kilometers?|kilometres?', liters: 'liters?|litres?', gallons: 'gallons?', miles: 'miles?', volts: 'volts?|V', PSI: 'PSI', minutes: 'minutes?', seconds: 'seconds?', '°C': '°C|degrees', USD: 'USD|dollars?|\\$', metres: 'metres?|meters?' };
  return new RegExp(`(?:${alt[unit] ?? unit})`, 'i');
}

/** A number that is a moment in Unix time: seconds (10 digits) or milliseconds (13) between 2001 and 2033. */
export function epochDate(value: unknown): Date | undefined {
  if (typeof value !== 'number' || !Number.isInteger(value)) return undefined;
  if (value >= 1e12 && value < 2e12) return new Date(value);
  if (value >= 1e9 && value < 2e9) return new Date(value * 1000);
  return undefined;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "2023-10-09" -> "9 October 2023"; undefined for anything that is not a calendar date. */
export function dayInWords(date: string): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date.trim());
  if (!m || +m[2] < 1 || +m[2] > 12 || +m[3] < 1 || +m[3] > 31) return undefined;
  return `${+m[3]} ${MONTHS[+m[2] - 1]} ${m[1]}`;
}

/** An epoch moment as a day ("9 October 2023"), with its UTC time when it is not midnight ("9 October 2023, 14:30 UTC"). */
export function epochInWords(value: unknown): string | undefined {
  const d = epochDate(value);
  if (!d) return undefined;
  const day = dayInWords(d.toISOString().slice(0, 10))!;
  const time = d.toISOString().slice(11, 16);
  return time === '00:00' ? day : `${day}, ${time} UTC`;
}

/** "2020-09-29 05:30" -> "05:30 on 29 September 2020"; "10:30 AM" stays; undefined for anything else. */
export function momentInWords(text: string): string | undefined {
  const t = text.trim();
  const dt = /^(\d{4}-\d{2}-\d{2})[ T](\d{1,2}:\d{2})(?::\d{2})?$/.exec(t);
  if (dt && dayInWords(dt[1])) return `${dt[2]} on ${dayInWords(dt[1])}`;
  if (/^\d{1,2}:\d{2}(?::\d{2})?(?: ?[AaPp]\.?[Mm]\.?)?$/.test(t)) return t;
  return undefined;
}
