/**
 * A wrong value so close to the right one that the case is ambiguous: a model could take the call
 * as right and go on. A parameters_value_error must be wrong beyond doubt, so the value injector
 * draws none of these (injectors/paramValue.ts) and the quality measure value_error_near_miss
 * flags any that ships:
 *  - a number within a tenth of the right one (radius 1001 for "1 kilometer" = 1000, 21 litres
 *    for 20): an off-by-one is wrong beyond doubt only for a small count ("3 days" → 2);
 *  - a paraphrase of the right text: the two share a word that names the thing ("art exhibitions"
 *    for "art gallery", "Rocky Mountains" for "Rocky Mountain National Park", "New York City" for
 *    "New York, NY, United States"), not only a word of the kind ("Battery Park" for "Central
 *    Park", "Stanford University" for "University of California" are other places);
 *  - a larger count of results taken from the start (days 2 for the one day asked, a limit of 6
 *    for "five"): the answer holds every result asked for, so a model can use it and go on;
 *  - a place the request itself puts the right one in, or in it ("Times Square in New York City",
 *    "from Central Park to Battery Park in New York City": the weather "in New York City" and at
 *    "Central Park" are one answer).
 * Ids, years, pages, paths, dates and times are not judged here: another digit of an id, another folder, another
 * form of a date are wrong (or a format slip, formatSlip.ts) however close they look.
 */
import { escapeRegExp } from './vocabulary.js';

/** The largest share of the right number a wrong number may differ by and still be a near miss. */
export const NEAR_NUMBER_SHARE = 0.1;

/** A number that names one thing rather than measures it (a year, a page, a zip code, a port): any other is another thing. */
export function namesByNumber(key: string): boolean {
  return /year|page|zip|postal|port\b|phone/i.test(key);
}

/**
 * A count of results taken from the start (forecast_weather's days, Douban's outNum, tail's lines,
 * a limit): asking more returns every result the right count returns, and more.
 */
export function countsLeadingResults(key: string): boolean {
  return /^(days|limit|top_?n|top_?k|num_?results|max_?results|result_?count|count|out_?num|lines)$/i.test(key);
}

/** Words that say what kind of thing a place or subject is, not which one: sharing one makes no paraphrase. */
const KIND_WORDS = new Set(
  (
    'the and for with from into near around about city town village county state country province district region area ' +
    'street avenue road boulevard lane drive way place square plaza park building tower bridge station airport terminal ' +
    'international national university college institute school hospital hotel restaurant cafe center centre museum ' +
    'north south east west new old upper lower main downtown' // "New York" and "New Jersey" are two places
  ).split(/\s+/),
);

/** Content words of a text value, singular, lower-case: "Rocky Mountains" → rocky, mountain. */
function contentWords(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}]{3,}/gu) ?? [])
    .map((w) => (w.length > 4 && w.endsWith('ies') ? `${w.slice(0, -3)}y` : w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w))
    .filter((w) => !KIND_WORDS.has(w));
}

/** The head of a place: "Empire State Building, New York City" → "Empire State Building" (the qualifier after a comma is shared by places of one city). */
function head(text: string): string {
  return text.split(',')[0];
}

/** Whether `text` is a short name or phrase a paraphrase can be judged on: not an id, a path, a code, a date or a long text. */
function isProse(text: string): boolean {
  const t = text.trim();
  return /\p{L}{3,}/u.test(t) && t.length <= 80 && t.split(/\s+/).length <= 8 && !/[\\/@\n]|^\S*\d\S*$|^\s*\d{1,4}[-/:.]\d/.test(t) && !/^[A-Z0-9_]{2,}$/.test(t);
}

/** A proper name: a word of it capitalised ("Times Square", not "current location"). */
const named = (text: string): boolean => /(^|\s)\p{Lu}/u.test(text);

/** Whether the request puts one named place in the other: "Times Square in New York City", "the Louvre in Paris". */
function nestedInRequest(a: string, b: string, request: string): boolean {
  if (!named(a) || !named(b)) return false;
  const x = escapeRegExp(a.trim());
  const y = escapeRegExp(b.trim());
  const link = String.raw`\s+(?:in|at|of|near)\s+(?:the\s+)?`;
  if (new RegExp(`${x}${link}${y}|${y}${link}${x}`, 'i').test(request)) return true;
  return [a, b].some((inner, i) => setIn(inner, i === 0 ? b : a, request));
}

/**
 * Whether one clause of the request names `inner` and then sets it in `outer`: "cycle from Central
 * Park to Battery Park in New York City" (the weather "in New York City" and at "Central Park" are
 * one answer). Not where `inner` is a setting itself ("hotels in Paris and restaurants in London").
 */
function setIn(inner: string, outer: string, request: string): boolean {
  const clause = new RegExp(String.raw`(^|[^\p{L}])(in\s+(?:the\s+)?)?${escapeRegExp(inner.trim())}(?![\p{L}])([^.?!;]*?)\bin\s+(?:the\s+)?${escapeRegExp(outer.trim())}(?![\p{L}])`, 'iu');
  const m = clause.exec(request);
  return m !== null && m[2] === undefined && !/\bin\s+\p{Lu}/u.test(m[3]);
}

/**
 * Why `wrong` is a near miss of `right` (a reason to show), or undefined when it is clearly another
 * value. `key` is the parameter (ids are never near misses), `request` the user's words.
 */
export function nearMiss(key: string, right: unknown, wrong: unknown, request: string, idKey: (key: string) => boolean): string | undefined {
  if (idKey(key) || namesByNumber(key)) return undefined;
  if (typeof right === 'number' && typeof wrong === 'number' && right !== wrong) {
    // forecast_weather(days=2) for "the forecast for October 17" (today): the answer holds the day asked and one more.
    if (wrong > right && countsLeadingResults(key)) return `${key} ${wrong} for ${right} asks for more results from the start: the answer holds every one the request asks for`;
    const share = Math.abs(wrong - right) / Math.abs(right);
    return right !== 0 && share < NEAR_NUMBER_SHARE ? `${key} ${wrong} for ${right} is within ${Math.round(share * 1000) / 10}% of it` : undefined;
  }
  if (typeof right !== 'string' || typeof wrong !== 'string') return undefined;
  if (right.trim().toLowerCase() === wrong.trim().toLowerCase()) return undefined; // letter case: a format slip, judged by the service
  if (!isProse(right) || !isProse(wrong)) return undefined;
  const r = new Set(contentWords(head(right)));
  const shared = contentWords(head(wrong)).filter((w) => r.has(w));
  if (shared.length) return `${key} "${wrong}" for "${right}" says the same thing (both name "${shared[0]}")`;
  if (nestedInRequest(right, wrong, request)) return `${key} "${wrong}" for "${right}": the request names one within the other`;
  return undefined;
}
