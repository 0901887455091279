/**
 * Grounding: is every value a ground truth needs visible in what the case shows?
 *
 * A model can only be asked to produce an id, a coordinate, a name or a number that a user turn,
 * a tool doc or an earlier tool response gives it. Free text a model composes (a query, an email
 * body) is not checked: it has no single right spelling to find. Shared by the resolve stage
 * (which values a simulated response must carry), assemble (which cases to reject) and the
 * quality report (how many cases break it).
 */
import { FINISH_ACTION, type Action, type ChatMessage } from '../schemas.js';
import { parseJson } from '../pyValues.js';
import { isPlainObject } from '../errors/values.js';
import { escapeRegExp } from '../errors/vocabulary.js';

export interface NeededValue {
  /** The argument that takes it. */
  key: string;
  value: unknown;
  /** For a number written inside a free-text argument: the words before it ("Average temperature"). */
  label?: string;
  /**
   * For a place named under a location argument ("24 Reed St, Brooklyn, NY"): the part before the
   * first comma, which is what must be shown; the city, state or country after it is context a
   * writer adds from what it knows.
   */
  head?: string;
  /** An airport code (airportNeeds): shown as a code or by the one city it serves (airportShownIn). */
  airport?: true;
  /** A stock ticker (tickerNeeds): shown as written, or a real company's by its name (tickerShownIn). */
  ticker?: true;
  /** A file or folder name a file-system call takes (pathNeeds): shown as written (pathShownIn). */
  path?: true;
  /** A name the call gives to what it creates (touch, mkdir, echo's file, a copy's or move's destination): its stem shown is enough ("file3.docx" after "file3.txt"). */
  created?: true;
}

export interface UngroundedValue extends NeededValue {
  /** The ground-truth action that uses it. */
  action: string;
}

/** Argument names whose string values are ids, names or coordinates: taken from somewhere, never composed. */
// Tickers are left out (a model may know NVDA for Nvidia), and titles, which a model composes (a slide's, an email's).
const TAKEN_KEY = /(^|_)ids?$|[a-z]Ids?$|identifier|latitude|longitude|^lat$|^lng$|^lon$|coordinate|(^|_)name$|[a-z]Name$|^name$/;
/** "18:00", "9:30", "18:00:00": a time of day. */
const CLOCK_TIME = /^(\d{1,2}):(\d{2})(?::00)?$/;

export function isClockTime(value: unknown): boolean {
  return typeof value === 'string' && CLOCK_TIME.test(value.trim());
}

/**
 * Is the time of day `value` said in `t` (normText) in any form people write it: "18:00", "6:00
 * pm", "6pm", "6 p.m.", "six o'clock in the evening", "noon", "midnight"?
 */
function timeShownIn(value: string, t: string): boolean {
  const m = CLOCK_TIME.exec(value);
  if (!m) return false;
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (h > 23 || min > 59) return false;
  const mm = String(min).padStart(2, '0');
  const h12 = h % 12 === 0 ? 12 : h % 12;
  const half = h < 12 ? '(?:am|a\\.m\\.|in the morning)' : '(?:pm|p\\.m\\.|in the (?:afternoon|evening)|at night|tonight)';
  const hours = [String(h12), ...(h12 < NUMBER_WORDS.length ? [NUMBER_WORDS[h12]] : [])].join('|');
  const forms = [
    `(?<![\\d:])0?${h}:${mm}(?![\\d])`,
    `(?<![\\d:])(?:${hours})(?::${mm})?\\s*${half}`,
    ...(min === 0 ? [`(?<![\\d:])(?:${hours})\\s*o'?clock`] : []),
    ...(min === 0 && h === 12 ? ['\\bnoon\\b', '\\bmidday\\b'] : []),
    ...(min === 0 && h === 0 ? ['\\bmidnight\\b'] : []),
  ];
  return forms.some((f) => new RegExp(f).test(t)) || timeFromShownClock(h * 60 + min, t);
}

/** A duration said in words or digits: "two hours", "2 hrs", "30 minutes", "an hour", "half an hour", "1.5 hours". */
const DURATION = /(?<![\w.])(?<!half )(\d{1,3}(?:\.\d+)?|zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|an?|half an?)[\s-]*(hours?|hrs?|minutes?|mins?)\b/g;

/**
 * Is the time of day `minutes` (after midnight) a clock time `t` shows moved by a duration `t` says
 * ("the next two hours" from a clock at 20:53 ends at 22:53)? A model does this sum; the value is not
 * one only a failed call could give.
 */
function timeFromShownClock(minutes: number, t: string): boolean {
  const clocks = [...t.matchAll(/(?<![\d:])(\d{1,2}):(\d{2})(?![\d])/g)].map((m) => Number(m[1]) * 60 + Number(m[2])).filter((c) => c < 24 * 60);
  if (clocks.length === 0) return false;
  const spans: number[] = [];
  for (const m of t.matchAll(DURATION)) {
    const word = m[1];
    const n = /^half/.test(word) ? 0.5 : /^an?$/.test(word) ? 1 : NUMBER_WORDS.includes(word) ? NUMBER_WORDS.indexOf(word) : Number(word);
    const span = /^h/.test(m[2]) ? n * 60 : n;
    if (span > 0 && span <= 24 * 60 && Number.isInteger(span)) spans.push(span);
  }
  const day = 24 * 60;
  return clocks.some((c) => spans.some((d) => (c + d) % day === minutes || (c - d + day) % day === minutes));
}

/** Dates and times: a model writes them from what the user says in words ("October 6th", "December 2028"), so no form is required. */
const DATE_LIKE = /^\d{4}-\d{1,2}-\d{1,2}|^\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}$|^\d{1,2}:\d{2}|^\d{1,2}\/\d{4}$|^\d{4}-\d{1,2}$/;
/**
 * Arguments that name a place: where a route starts or ends, what a search is near. A proper name
 * there ("Takami Sushi & Robata", "24 Reed St") is taken from what the user or a tool said, as an
 * id is; a description ("closest train station") is composed.
 */
const PLACE_KEY = /^(start|end|origins?|destination|places?|location|address)$/i;
/** Latin-script words with a capital or a digit: a name someone wrote, which can be looked for as written. */
const PROPER_NAME = /^(?=.*[A-Z0-9])[\p{Script=Latin}0-9][\p{Script=Latin}\p{Mark}0-9 .,'&()#/-]*$/u;
/** A string of numbers only ("116.397428,39.90923", "(37.77, -122.41) and (37.78, -122.40)"): coordinates, a box. */
const NUMBER_LIST = /^[\s(\[]*-?\d+(?:\.\d+)?(?:[\s,;)(\[\]]+(?:and\s+)?-?\d+(?:\.\d+)?)+[\s)\]]*$/;

const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];

const isNumber = (v: unknown): v is number | bigint => (typeof v === 'number' && Number.isFinite(v)) || typeof v === 'bigint';

/**
 * A token nobody composes, only copies: a word holding a run of 3+ digits ("691676460109271194",
 * "tt0111161"), or a code of 8+ characters that mixes digits and letters ("Dfr79tjK7j4J") or
 * switches case inside the word as no word does ("aRCT0jKYjgIJ", "HR5pAakAAAAJ": Google Scholar's
 * result and author ids). "JavaScript" or "YouTube" (one capital inside) is a word.
 */
export function isOpaqueId(value: string): boolean {
  const v = value.trim();
  if (/^\S*\d{3,}\S*$/.test(v)) return true;
  if (!/^[A-Za-z0-9_-]{8,}$/.test(v)) return false;
  const digits = v.match(/\d/g)?.length ?? 0;
  const letters = v.match(/[A-Za-z]/g)?.length ?? 0;
  const innerCapitals = v.slice(1).match(/[A-Z]/g)?.length ?? 0;
  const lower = v.match(/[a-z]/g)?.length ?? 0;
  return (digits >= 2 && letters >= 2) || (innerCapitals >= 2 && lower >= 2 && (digits >= 1 || innerCapitals >= 3));
}

/** An id whose letters' case is part of it ("b8af6XDcmWoJ" is not "b8af6xdcmwoj"): looked for as written. */
function caseSensitiveId(value: string): boolean {
  return isOpaqueId(value) && /[a-z]/.test(value) && /[A-Z]/.test(value);
}

/** Arguments naming a person whose work a call looks up (Google Scholar's get_author_id takes `mauthors`). */
const PERSON_KEY = /(^|_|[a-z])authors?$|^author_?name$/i;

/** Does this argument value have to come from what the case shows (rather than be composed or a switch)? */
export function mustBeShown(key: string, value: unknown): boolean {
  if (isNumber(value)) return true;
  if (typeof value !== 'string') return false;
  const v = value.trim();
  if (v.length < 2) return false;
  // A time of day is said in some form ("6 PM", "18:00", "noon"); one no form of shows is a guess.
  if (CLOCK_TIME.test(v)) return true;
  if (DATE_LIKE.test(v)) return false;
  // An opaque id, a list of numbers, a value of an id / name / coordinate argument, a place or a person named.
  return isOpaqueId(v) || NUMBER_LIST.test(v) || TAKEN_KEY.test(key) || placeHead(key, v) !== undefined || isPersonName(key, v);
}

/**
 * A name (Latin script, every word capitalised but a particle: "Richard S. J. Tol", "Intergovernmental
 * Panel on Climate Change") under an author argument. "first author" is a description and "Global
 * climate change impacts in the United States" a title a plan put there: neither is copied as a name.
 */
export function isPersonName(key: string, value: string): boolean {
  const words = value.trim().split(/\s+/);
  return (
    PERSON_KEY.test(key) &&
    PROPER_NAME.test(value.trim()) &&
    words.length <= 6 &&
    words.every((w) => /^[\p{Lu}(]/u.test(w) || /^(of|on|for|and|de|da|del|der|den|van|von|la|le|du|di|bin|al)$/.test(w))
  );
}

/** The part of a place argument's value that must be shown (see NeededValue.head), or undefined for no proper name. */
function placeHead(key: string, value: string): string | undefined {
  if (!PLACE_KEY.test(key) || !PROPER_NAME.test(value) || NUMBER_LIST.test(value)) return undefined;
  const head = value.split(',')[0].trim();
  return head.length >= 2 && /[A-Za-z]/.test(head) ? head : undefined;
}

/**
 * Measurements and ids a free-text argument states ("Average temperature: 11.0°C", "property
 * 691676460109271194"): a decimal, or an integer of 3+ digits that is not a year. They come from a
 * response as much as an id argument does; small counts and years are left to the writer.
 */
function embeddedNumbers(key: string, text: string): NeededValue[] {
  const out: NeededValue[] = [];
  for (const m of text.matchAll(/(?<![\w.])(-?\d+\.\d+|\d{3,})(?![\w.]*\d)/g)) {
    const n = Number(m[1]);
    if (!Number.isFinite(n) || (/^\d{4}$/.test(m[1]) && n >= 1900 && n <= 2099) || m[1].length > 15) continue;
    const label = /([A-Za-z][A-Za-z _-]{2,40})[:=]?\s*[$€£¥]?\s*$/.exec(text.slice(Math.max(0, (m.index ?? 0) - 40), m.index))?.[1].trim();
    out.push({ key, value: n, ...(label ? { label } : {}) });
  }
  return out;
}

/** The scalar (key, value) pairs of an action's arguments that must be shown, lists flattened. */
export function neededValues(action: Action): NeededValue[] {
  if (action.name === FINISH_ACTION || typeof action.args !== 'object' || action.args === null) return [];
  const out: NeededValue[] = [];
  const visit = (key: string, value: unknown) => {
    if (Array.isArray(value)) for (const v of value) visit(key, v);
    else if (mustBeShown(key, value)) {
      const head = typeof value === 'string' ? placeHead(key, value.trim()) : undefined;
      out.push({ key, value, ...(head !== undefined && head !== value ? { head } : {}) });
    }
    else if (typeof value === 'string') out.push(...embeddedNumbers(key, value));
  };
  for (const [key, value] of Object.entries(action.args)) visit(key, value);
  return out;
}

const normText = (s: string) => s.toLowerCase().replace(/\\u([0-9a-f]{4})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))).replace(/\s+/g, ' ');

/**
 * normText of a text that many values are looked up in: a case's shown text (and its system
 * prompt, the same for every candidate of a trajectory) is checked for every value of every
 * candidate built on it, and normalising it each time was a fifth of assemble's work.
 */
const normalizedTexts = new Map<string, string>();
function normalized(text: string): string {
  let n = normalizedTexts.get(text);
  if (n === undefined) {
    n = normText(text);
    if (normalizedTexts.size >= 256) normalizedTexts.delete(normalizedTexts.keys().next().value as string);
    normalizedTexts.set(text, n);
  }
  return n;
}

/** normText(a + '\n' + b) from normText(a) and normText(b): the whitespace where they meet is one space. */
function joinNormalized(a: string, b: string): string {
  return (a.endsWith(' ') ? a.slice(0, -1) : a) + ' ' + (b.startsWith(' ') ? b.slice(1) : b);
}

function numberForms(v: number | bigint): string[] {
  if (typeof v === 'bigint') return [v.toString()];
  const forms = new Set<string>([String(v)]);
  if (Number.isInteger(v)) {
    forms.add(`${v}.0`);
    if (v >= 0 && v < NUMBER_WORDS.length) forms.add(NUMBER_WORDS[v]);
    if (Math.abs(v) >= 1000) forms.add(v.toLocaleString('en-US'));
  } else {
    // 11.0 is shown as "11", 22.50 as "22.5": the decimal forms a response would print.
    forms.add(v.toFixed(1));
    forms.add(v.toFixed(2));
  }
  return [...forms];
}

/** "1", "one", "a" for a count of units written before the unit ("1 km", "one mile", "a mile"). */
function unitCountPattern(n: number): string {
  const forms = [String(n), ...(Number.isInteger(n) && n < NUMBER_WORDS.length ? [NUMBER_WORDS[n]] : []), ...(n === 1 ? ['a', 'an'] : [])];
  return forms.map((f) => f.replace('.', '\\.')).join('|');
}

/** A distance in metres the text states in kilometres or miles ("1 kilometer", "1km", "a 1-mile radius"). */
function metresShownIn(value: number, t: string): boolean {
  if (!Number.isInteger(value) || value < 500) return false;
  const stated = (n: number, unit: string) => new RegExp(`(^|[^\\w.])(${unitCountPattern(n)})\\s*-?\\s*(${unit})`, 'i').test(t);
  if (value % 100 === 0 && stated(value / 1000, 'km\\b|kilomet')) return true;
  // A mile is 1,609.344 m: 1609 or 1610 for one, 8047 for five.
  const miles = Math.round((value / 1609.344) * 2) / 2;
  return miles > 0 && Math.abs(miles * 1609.344 - value) < 1 && stated(miles, 'miles?\\b');
}

/** Every decimal number the text writes with more places than `places`. */
function longerDecimals(t: string, places: number): number[] {
  return [...t.matchAll(/(?<![\w.])-?\d+\.(\d+)(?![\w.]*\d)/g)].filter((m) => m[1].length > places).map((m) => Number(m[0]));
}

function numberShownIn(value: number | bigint, t: string): boolean {
  if (typeof value === 'number' && metresShownIn(value, t)) return true;
  if (
    numberForms(value).some((form) => {
      // The pattern matches only where the form itself is written (t is lower case, a word form too):
      // most values are looked up in texts that never write them, and a pattern that starts with an
      // alternation is tried at every position of a long text.
      if (!t.includes(form)) return false;
      const escaped = escapeRegExp(form);
      return new RegExp(`(^|[^0-9.])${escaped}(?![0-9]|\\.[0-9])`, /^[a-z]/.test(form) ? 'i' : '').test(t);
    })
  )
    return true;
  // A decimal rounded from a longer one the text shows (43.85 from 43.8534 "to the nearest hundredth").
  if (typeof value === 'number' && !Number.isInteger(value)) {
    const places = String(value).split('.')[1]?.length ?? 0;
    // Two places at least: a one-place value (4.5) sits near too many shown numbers (4.54) by chance.
    if (places >= 2 && places <= 4) return longerDecimals(t, places).some((x) => Math.abs(x - value) <= 0.5 * 10 ** -places + 1e-9);
  }
  return false;
}

/**
 * Is `value` written in `text`? Numbers as whole tokens; strings case- and space-insensitively,
 * except an id whose case is part of it, which must be written as it is.
 */
export function valueShownIn(value: unknown, text: string): boolean {
  return shownInNormalized(value, normalized(text), text);
}

/** valueShownIn on a text already normalised (normText), with the text as written for case-sensitive ids. */
function shownInNormalized(value: unknown, t: string, raw: string): boolean {
  if (isNumber(value)) return numberShownIn(value, t);
  if (typeof value === 'string') {
    const v = value.trim();
    if (CLOCK_TIME.test(v)) return timeShownIn(v, t);
    if (caseSensitiveId(v)) return raw.includes(v);
    if (t.includes(normText(v))) return true;
    // Coordinates or a box written another way ("(37.7749, -122.4194)" for "37.7749,-122.4194"): every number shown.
    if (NUMBER_LIST.test(v)) {
      return (v.match(/-?\d+(?:\.\d+)?/g) ?? []).every((n) => new RegExp(`(^|[^0-9.])${n.replace(/[.-]/g, '\\$&')}(?![0-9]|\\.[0-9])`).test(t) || numberShownIn(Number(n), t));
    }
    return false;
  }
  return false;
}

/**
 * A text made of parts joined by newlines, as the lookups below read it: normText of the whole, made
 * from each part's (memoized) normText, and the whole as written. A tool list or a system prompt is
 * the same part for every step and candidate built on one trajectory, and normalising it again inside
 * every joined text was most of what checking grounding cost.
 */
export interface ShownText {
  normalized: string;
  raw: string;
}

export function shownTextOf(parts: readonly string[]): ShownText {
  let t: string | undefined;
  for (const part of parts) {
    const n = normalized(part);
    t = t === undefined ? n : joinNormalized(t, n);
  }
  return { normalized: t ?? '', raw: parts.join('\n') };
}

/** needShownIn on a text made by shownTextOf. */
export function needShownInText(need: NeededValue, text: ShownText): boolean {
  return shownInNormalized(need.head ?? need.value, text.normalized, text.raw);
}

/** Does `text` show what a needed value requires (a place argument's head, else the value)? */
export function needShownIn(need: NeededValue, text: string): boolean {
  if (need.airport) return new RegExp(`(?<![A-Za-z])${String(need.value)}(?![A-Za-z])`).test(text);
  return valueShownIn(need.head ?? need.value, text);
}

function needShownInNormalized(need: NeededValue, t: string, raw: string): boolean {
  return shownInNormalized(need.head ?? need.value, t, raw);
}

/**
 * Arguments that set how far a call looks or how much it returns (a search radius, a number of days
 * or results). When the user names none, an assistant chooses one: a shown call taking an unstated
 * radius is a choice, not a value from nowhere. A ground truth still needs it shown (no model can
 * guess the same choice), so only the history rule below leaves them out.
 */
const SETTING_KEY = /radius|^days?$|limit|^num|num$|count$|^top_?k$|^page_?size$|max_?results/i;

/**
 * Arguments that take an id: a value copied from the user's data, so a user turn or a tool answer
 * must give it. A tool doc's example ("An example of the messages dictionary is {"USR001": [...]}")
 * is not the user's data, and a doc's stray "1" ("1 for Kelvin") does not say which ticket is the
 * user's: for these the docs are no evidence, nor is a number said in words ("the most recent one").
 */
const ID_KEY = /(^|_)ids?$|[a-z]Ids?$|identifier/;

/** Does a needed value have to come from the exchange (user turns, tool answers) rather than the tool docs? */
function exchangeOnly(need: NeededValue): boolean {
  return ID_KEY.test(need.key) && need.label === undefined;
}

/** Arguments that take an airport: a travel API's from / to, an airport, an origin or destination. */
const AIRPORT_KEY = /^(travel_|flight_)?(from|to)$|airport|^(origin|destination)$/i;
const AIRPORT_CODE = /^[A-Z]{3}$/;

/**
 * The airports a model knows a city by: a city with one airport ("Los Angeles" is LAX) names its
 * code; a city with several (New York: JFK, LGA, EWR; Tokyo: HND, NRT) does not name one, though a
 * shown call may choose any of them. A made-up city (BFCL's Rivermist, Crescent Hollow) has no code
 * a model knows: only a tool answer (get_nearest_airport_by_city, list_all_airports) or the user can
 * give it.
 */
const CITY_AIRPORTS: [RegExp, string[]][] = [
  [/\blos angeles\b/, ['LAX']],
  [/\bsan francisco\b/, ['SFO']],
  [/\bboston\b/, ['BOS']],
  [/\bhong kong\b/, ['HKG']],
  [/\bnew york\b|\bnyc\b/, ['JFK', 'LGA', 'EWR']],
  [/\bchicago\b/, ['ORD', 'MDW']],
  [/\btokyo\b/, ['HND', 'NRT']],
  [/\bbeijing\b/, ['PEK', 'PKX']],
  [/\bshanghai\b/, ['PVG', 'SHA']],
  [/\blondon\b/, ['LHR', 'LGW', 'STN', 'LCY', 'LTN']],
  [/\bparis\b/, ['CDG', 'ORY']],
  [/\brome\b/, ['FCO', 'CIA']],
];

/** The airport codes (a 3-letter code under an airport argument) an action takes. */
export function airportNeeds(action: Action): NeededValue[] {
  if (action.name === FINISH_ACTION || !isPlainObject(action.args)) return [];
  return Object.entries(action.args).flatMap(([key, value]) => (AIRPORT_KEY.test(key) && typeof value === 'string' && AIRPORT_CODE.test(value.trim()) ? [{ key, value: value.trim(), airport: true }] : []));
}

/**
 * Is the airport `code` shown by an exchange text: written as a code, or (world knowledge) by a city
 * named in it whose airport it is — the city's only one for a ground truth, which has one right
 * value; any of the city's for a shown call, which chose one.
 */
export function airportShownIn(code: string, text: ShownText, choice: boolean): boolean {
  if (new RegExp(`(?<![A-Za-z])${code}(?![A-Za-z])`).test(text.raw)) return true;
  return CITY_AIRPORTS.some(([city, codes]) => codes.includes(code) && (choice || codes.length === 1) && city.test(text.normalized));
}

/**
 * An id as the exchange shows it: a number in digits only, whole ("1", not "one" or "1.5"); a code
 * as written, its case too (a wrong call's "usr001" and its "Receiver ID 'usr001' not found" do not
 * show "USR001"); anything else (a value with spaces) as valueShownIn.
 */
function idShownIn(value: unknown, text: ShownText): boolean {
  if (isNumber(value)) {
    const form = String(value);
    return text.normalized.includes(form) && new RegExp(`(^|[^0-9.])${form.replace('-', '\\-')}(?![0-9]|\\.[0-9])`).test(text.normalized);
  }
  if (typeof value === 'string' && /[A-Za-z]/.test(value) && !/\s/.test(value.trim())) return text.raw.includes(value.trim());
  return shownInNormalized(value, text.normalized, text.raw);
}

/**
 * Is a needed value shown, given everything shown (`all`: docs, user turns, answers) and the
 * exchange alone (`exchange`: user turns and answers)? An id and an airport code must be in the
 * exchange (see exchangeOnly, airportShownIn); `choice` for a shown call, which may pick one of a
 * city's airports.
 */
export function groundedIn(need: NeededValue, all: ShownText, exchange: ShownText, choice = false): boolean {
  if (need.airport) return airportShownIn(String(need.value), exchange, choice);
  if (need.ticker) return tickerShownIn(String(need.value), exchange);
  if (need.path) return pathShownIn(String(need.value), exchange, need.created === true);
  if (exchangeOnly(need)) return idShownIn(need.head ?? need.value, exchange);
  return needShownInText(need, all);
}

/** Arguments that take a stock ticker (a BFCL symbol, a T-Eval ticker, add_to_watchlist's stock). */
const TICKER_KEY = /^(symbols?|tickers?|stocks?|stock_?(symbol|ticker)s?)$/i;
/** A ticker as exchanges write it: capitals, maybe a class suffix ("BRK.B"). */
const TICKER = /^[A-Z]{1,5}(\.[A-Z])?$/;

/**
 * Real companies a model knows the ticker of (world knowledge, as CITY_AIRPORTS): "Nvidia" names
 * NVDA. A made-up company (BFCL's Omega Industries, Quasar Ltd.) has no ticker a model knows: only a
 * lookup (get_symbol_by_name) or the user can give "OMEG".
 */
const KNOWN_TICKERS: [string, RegExp][] = [
  ['AAPL', /\bapple\b/],
  ['GOOG', /\bgoogle\b|\balphabet\b/],
  ['GOOGL', /\bgoogle\b|\balphabet\b/],
  ['TSLA', /\btesla\b/],
  ['MSFT', /\bmicrosoft\b/],
  ['NVDA', /\bnvidia\b/],
  ['AMZN', /\bamazon\b/],
  ['META', /\bmeta\b|\bfacebook\b/],
  ['NFLX', /\bnetflix\b/],
  ['IBM', /\bibm\b/],
  ['INTC', /\bintel\b/],
  ['AMD', /\bamd\b|advanced micro devices/],
  ['ORCL', /\boracle\b/],
  ['BABA', /\balibaba\b/],
  ['DIS', /\bdisney\b/],
  ['MCD', /\bmcdonald'?s?\b/],
  ['KO', /\bcoca-?cola\b/],
  ['NKE', /\bnike\b/],
  ['SBUX', /\bstarbucks\b/],
  ['WMT', /\bwalmart\b/],
];

/** The tickers (an uppercase code under a ticker argument, lists flattened) an action takes. */
export function tickerNeeds(action: Action): NeededValue[] {
  if (action.name === FINISH_ACTION || !isPlainObject(action.args)) return [];
  const out: NeededValue[] = [];
  for (const [key, value] of Object.entries(action.args)) {
    if (!TICKER_KEY.test(key)) continue;
    for (const v of Array.isArray(value) ? value : [value]) if (typeof v === 'string' && TICKER.test(v.trim())) out.push({ key, value: v.trim(), ticker: true });
  }
  return out;
}

/** Is the ticker shown by an exchange text: written as it is, or a real company's (KNOWN_TICKERS) by the company's name? */
export function tickerShownIn(ticker: string, text: ShownText): boolean {
  if (new RegExp(`(?<![A-Za-z])${ticker.replace('.', '\\.')}(?![A-Za-z])`).test(text.raw)) return true;
  return KNOWN_TICKERS.some(([t, company]) => t === ticker && company.test(text.normalized));
}

/** Arguments of a file-system call that take a file or folder name. */
const PATH_KEY = /^(folder|source|destination|file_name\d*|dir_name|path)$/;
/** Names that need no showing: where one is, its parent, the root, home. */
const PLACE_NAMES = new Set(['.', '..', '/', '~', './']);

/**
 * The file and folder names a file-system call (BFCL's GorillaFileSystem) takes: a model knows none
 * of the tree it starts in, so each is the user's, an earlier answer's (ls, find, pwd) or one an
 * earlier call made.
 */
export function pathNeeds(action: Action): NeededValue[] {
  if (action.name === FINISH_ACTION || !isPlainObject(action.args) || !/FileSystem\./.test(action.name)) return [];
  const method = action.name.slice(action.name.lastIndexOf('.') + 1);
  const creates = (key: string) => CREATING.test(method) && (key === 'file_name' || key === 'dir_name' || key === 'destination');
  return Object.entries(action.args).flatMap(([key, value]) =>
    PATH_KEY.test(key) && typeof value === 'string' && !PLACE_NAMES.has(value.trim()) && value.trim() !== '' ? [{ key, value: value.trim(), path: true as const, ...(creates(key) ? { created: true as const } : {}) }] : [],
  );
}

/** File-system calls that make what they name (echo writes to a file it makes if it is not there; mv and cp make their destination). */
const CREATING = /^(touch|mkdir|echo|mv|cp)$/;

/**
 * Is a file or folder name shown by an exchange text: every part of it ("temp/final_report.pdf":
 * "temp" and "final_report.pdf") written as it is? A name a call makes may be composed: its stem
 * shown as a word will do ("file3.docx" for "a docx with the same name as file3.txt", "79.pdf"
 * for "named after the byte count" that an answer gave as 79).
 */
export function pathShownIn(path: string, text: ShownText, created = false): boolean {
  const parts = path.split('/').filter((p) => p !== '' && !PLACE_NAMES.has(p));
  const shown = (p: string) => {
    if (text.raw.includes(p)) return true;
    const stem = p.replace(/\.[A-Za-z0-9]{1,5}$/, '');
    return created && stem !== p && stem !== '' && new RegExp(`(?<![\\w.])${escapeRegExp(stem)}(?![\\w])`).test(text.raw);
  };
  return parts.length > 0 && parts.every(shown);
}

/** What a call needs shown: its ids, names and numbers (neededValues), its airport codes, tickers and file names in their own kinds. */
function groundingNeeds(action: Action): NeededValue[] {
  const special = [...airportNeeds(action), ...tickerNeeds(action), ...pathNeeds(action)];
  const plain = neededValues(action).filter((n) => !special.some((a) => a.key === n.key && a.value === (typeof n.value === 'string' ? n.value.trim() : n.value)));
  return [...plain, ...special];
}

/**
 * The first call of a case's shown history (its assistant messages before `end`) that takes an
 * id, name or number nothing before it shows — no user turn, tool doc or earlier response (for an
 * id or an airport code, no user turn or earlier response: groundedIn) — with the values; undefined
 * when every shown call is grounded in what precedes it.
 */
export function ungroundedHistory(messages: ChatMessage[], end = messages.length): { index: number; values: UngroundedValue[] } | undefined {
  // normText of what precedes each call (all of it, and the exchange without the system prompt's
  // docs), grown a message at a time rather than rebuilt for each call.
  let before: string | undefined;
  let raw = '';
  let exchange: string | undefined;
  let exchangeRaw = '';
  for (let i = 0; i < end; i++) {
    const m = messages[i];
    if (m.role !== 'assistant') {
      const part = normalized(m.content);
      before = before === undefined ? part : joinNormalized(before, part);
      raw += `${m.content}\n`;
      if (m.role !== 'system') {
        exchange = exchange === undefined ? part : joinNormalized(exchange, part);
        exchangeRaw += `${m.content}\n`;
      }
      continue;
    }
    const action = shownAction(m.content);
    if (!action || action.name === FINISH_ACTION) continue;
    const all = { normalized: before ?? '', raw };
    const said = { normalized: exchange ?? '', raw: exchangeRaw };
    const values = groundingNeeds(action)
      .filter((n) => !(isNumber(n.value) && !n.label && SETTING_KEY.test(n.key)) && !groundedIn(n, all, said, true))
      .map((n) => ({ ...n, action: action.name }));
    if (values.length) return { index: i, values };
  }
  return undefined;
}

/** What a case shows a model as a source of values: the system prompt (tool docs), user turns and tool responses. */
export function shownText(messages: ChatMessage[]): string {
  return messages.filter((m) => m.role !== 'assistant').map((m) => m.content).join('\n');
}

/**
 * The ground-truth values that the case's prompt does not show: in no user turn, tool doc or tool
 * response; an id and an airport code in no user turn or tool response (groundedIn). Empty for a
 * case a model can solve from what it sees.
 */
export function ungroundedValues(testCase: { messages: ChatMessage[]; groundTruth: Action | [Action, Action]; kind?: string; errorType?: string }): UngroundedValue[] {
  // An internal-error case ends on the model's own wrong call and its answer: a value that answer echoes
  // ("touch: cannot touch 'report.txt': File exists") is the mistake handing over the answer, not
  // something the task showed. The ground truth must be grounded in what came before the wrong call.
  const wrongAnswer = testCase.kind === 'internal' && testCase.errorType ? wrongCallAnswer(testCase.messages) : -1;
  const shown = testCase.messages.filter((m, i) => m.role !== 'assistant' && i !== wrongAnswer);
  const all = shownTextOf(shown.map((m) => m.content));
  const exchange = shownTextOf(shown.filter((m) => m.role !== 'system').map((m) => m.content));
  // A city's airport a shown call already chose (JFK for "New York") is the one a next call goes on with.
  const calls = testCase.messages.filter((m) => m.role === 'assistant').map((m) => m.content).join('\n');
  const chosen = (need: NeededValue) => need.airport === true && needShownIn(need, calls) && groundedIn(need, all, exchange, true);
  const actions = Array.isArray(testCase.groundTruth) ? testCase.groundTruth : [testCase.groundTruth];
  const out: UngroundedValue[] = [];
  for (const action of actions) {
    for (const need of groundingNeeds(action)) if (!groundedIn(need, all, exchange) && !chosen(need)) out.push({ ...need, action: action.name });
  }
  return out;
}

/** The index of the tool answer to an internal case's wrong call (the last call's), or -1. */
function wrongCallAnswer(messages: ChatMessage[]): number {
  const last = messages.map((m) => m.role).lastIndexOf('assistant');
  return last >= 0 && messages[last + 1]?.role === 'function' ? last + 1 : -1;
}

/** The action an assistant message shows, read losslessly (an id beyond 2^53 keeps its digits); undefined for other text. */
export function shownAction(content: string): Action | undefined {
  try {
    const a = parseJson(content) as Action;
    return typeof a?.name === 'string' ? a : undefined;
  } catch {
    return undefined;
  }
}

export function describeUngrounded(values: UngroundedValue[]): string {
  return values.map((u) => `${u.action} ${u.key}=${JSON.stringify(typeof u.value === 'bigint' ? u.value.toString() : u.value)}`).join(', ');
}


/** Where a T-Eval recorded response came from: the plan its review record belongs to (`query_420_0_4` → `query_420_0`). */
export function recordPlan(recordId: string): string | undefined {
  const m = /^(query_\d+_\d+)_\d+$/.exec(recordId);
  return m?.[1];
}

/**
 * Is a recorded response another task's? Review records `query_<plan>_<step>` belong to one plan;
 * a response one of them recorded for a call with no arguments (save_file(), show()) answered that
 * task's state, not this one's — the cache, keyed by tool and arguments, cannot tell them apart.
 * A response to a call with arguments is the API's answer to those arguments, whoever asked.
 */
export function foreignRecordedResponse(origin: string | undefined, trajectoryRecordId: string, args: unknown): boolean {
  const m = /teval-review:(\S+)$/.exec(origin ?? '');
  if (!m) return false;
  const plan = recordPlan(m[1]);
  const own = plan !== undefined && trajectoryRecordId.replace(/^teval_/, '') === plan;
  const keyed = typeof args === 'object' && args !== null && Object.keys(args).length > 0;
  return !own && !keyed;
}

/** Numbers a closing answer states that the prompt does not show: it reports what nothing returned. */
export function unsupportedNumbers(answer: string, messages: ChatMessage[]): string[] {
  const text = shownText(messages);
  const numbers = answer.match(/(?<![\w.])-?\d+(?:\.\d+)?(?![\w])/g) ?? [];
  const unsupported = [...new Set(numbers)].filter((n) => !valueShownIn(Number(n), text) && !text.includes(n));
  if (!unsupported.length) return unsupported;
  // An answer states a float to 12 significant digits (no binary noise): 40.7494314923 says the shown 40.749431492345.
  const shown = new Set((text.match(/-?\d+\.\d+/g) ?? []).map((m) => Number(Number(m).toPrecision(12))));
  return unsupported.filter((n) => !shown.has(Number(n)));
}

const HTTP_STYLE = /\bHTTP\b|\b(?:40[0-9]|429|50[0-4])\b|https?:\/\/|\bapi\.[a-z-]+\.(?:com|org|net)\b|host=|Retry-After|x-ratelimit|\bquota\b|rate limit|requests per|\bgateway\b|\bproxy\b|API key|\bscope\b|too many requests|billing|service unavailable|Max retries exceeded/i;

/** Does an environment failure read as an HTTP / network API's (status, headers, host, quota, proxy...)? */
export function httpStyleError(message: string): boolean {
  return HTTP_STYLE.test(message);
}

/**
 * Words slide headings are made of ("Road Trip Itinerary", "Gas Stations Along the Route", "Top
 * Rated Movies", "Box Office Performance"): a title of only these (and the user's own words) is a
 * heading the writer composed, not the name of something an answer gave.
 */
const HEADING_WORDS = new Set(
  `a an the of and or for in on at to with along about from by vs my our your
  introduction intro conclusion conclusions summary overview analysis information info details detail
  itinerary road trip travel plan planning schedule agenda event events performance top rated popular best
  highest most latest new upcoming current now playing coming soon movie movies film films cinema releases release
  route routes gas station stations restaurants restaurant hotels hotel places place nearby options option
  recommendations highlights comparison image images picture pictures photo photos author authors
  box office world war ii iii research papers paper articles article results result references contents
  thank thanks you questions review reviews user users audience critics rating ratings weather forecast news stock stocks report
  market price prices company profile property properties listing listings availability cost costs
  meeting room rooms presentation slide slides page title catering services service food menu`.split(/\s+/),
);

/** "Slide 2", "Property 1: ...", "User Review 3": a numbered heading, whatever follows it. */
const NUMBERED_HEADING = /^(?:slide|page|part|section|chapter|day|step|property|listing|review|user review|option|item|movie|film|paper|article|result)\s*#?\d+\b/i;

/**
 * Is a slide title the name of a thing (a film, a paper, a caterer: "Shrek 2", "Wegmans Catering",
 * 奥本海默) rather than a heading? Chinese text, or a capitalised word neither the user said nor a
 * heading is made of.
 */
export function namesAThing(title: string, userText: string): boolean {
  const t = title.trim();
  if (t.length < 2 || NUMBERED_HEADING.test(t)) return false;
  if (/\p{Script=Han}/u.test(t)) return true;
  const said = new Set(normText(userText).match(/[\p{L}\p{N}'’]+/gu) ?? []);
  return (t.match(/[\p{L}\p{N}'’&]+/gu) ?? []).some((w) => /^\p{Lu}/u.test(w) && w.length >= 3 && !HEADING_WORDS.has(w.toLowerCase()) && !said.has(w.toLowerCase()));
}

/**
 * A call's text with T-Eval's [SPAN] item separator read as the line break it stands for
 * (bullet_items "Title: Expend4bles[SPAN]Release Date: 2023-09-15[SPAN]…" is two lines); one left
 * right after a label's colon ("Date and Time: [SPAN]2023-10-22 22:53", a split bullet) joins the
 * label to its value as before.
 */
export function spanAsLines(text: string): string {
  return text.replace(/([:：])[ \t]*\[SPAN\][ \t]*/g, '$1 ').replace(/[ \t]*\[SPAN\][ \t]*/g, '\n');
}

/**
 * Titles a call copies from an earlier answer: a "Title: …" line of a free-text argument (an
 * email listing the papers a search found) and a slide titled with the name of a thing. A model
 * composes a heading, but it can only copy "A Survey on Federated Learning…" or "Wegmans
 * Catering" from an answer that gave it.
 */
export function copiedTitles(action: Action, userText: string): NeededValue[] {
  if (action.name === FINISH_ACTION || !isPlainObject(action.args)) return [];
  const out: NeededValue[] = [];
  const args = action.args;
  for (const [key, value] of Object.entries(args)) {
    if (typeof value !== 'string') continue;
    for (const m of spanAsLines(value).matchAll(/^[ \t]*(?:\d+[.)][ \t]*)?(?:paper |article |film |movie )?title[ \t]*[:：][ \t]*(.+?)[ \t]*$/gim)) {
      const t = m[1].replace(/[.;,]+$/, '').trim();
      if (t.length >= 4) out.push({ key: 'title', value: t });
    }
    // A slide's title (a page call takes a title and its bullet items).
    if (key === 'title' && 'bullet_items' in args && namesAThing(value, userText)) out.push({ key: 'title', value: value.trim() });
  }
  return out;
}

/**
 * The calls of the shown history before `end`, each with the index of its message, then the
 * ground truth's, placed after every message: what a call copies must be shown before `at`.
 */
export function callsAt(messages: ChatMessage[], groundTruth: Action | Action[], end = messages.length): { action: Action; at: number }[] {
  const calls: { action: Action; at: number }[] = [];
  for (let i = 0; i < end; i++) {
    const a = messages[i].role === 'assistant' ? shownAction(messages[i].content) : undefined;
    if (a) calls.push({ action: a, at: i });
  }
  for (const a of Array.isArray(groundTruth) ? groundTruth : [groundTruth]) calls.push({ action: a, at: messages.length });
  return calls;
}

/**
 * The first call of the shown history (before `end`) or of the ground truth that copies a title
 * (copiedTitles) nothing before it shows; undefined when every copied title is shown first.
 */
export function unshownTitle(messages: ChatMessage[], groundTruth: Action | Action[], end = messages.length): { action: string; title: string } | undefined {
  const users = messages.filter((m) => m.role === 'user').map((m) => m.content).join('\n');
  for (const { action, at } of callsAt(messages, groundTruth, end)) {
    const before = shownText(messages.slice(0, at));
    for (const need of copiedTitles(action, users)) if (!needShownIn(need, before)) return { action: action.name, title: String(need.value) };
  }
  return undefined;
}
