/**
 * A parameters_value_error a reader can be sure of: one right value the case lets a model derive,
 * and a wrong value that is a believable slip of the parameter's kind. The value injector draws
 * none of the cases below (injectors/paramValue.ts) and the quality measures flag any that ships
 * (quality/measures/errors.ts value_error_truth_underivable, value_error_flag_undecided,
 * value_error_area_swap, value_error_other_kind):
 *  - a right value nothing shown derives: GaodeMap's address "城市, 123号 主街" for the user's
 *    "123 Main Street, City" (a translation has many renderings), where no earlier answer or doc
 *    gives the Chinese;
 *  - a flag the request does not decide: Email.show(only_unread) for "see what's new in my inbox …
 *    display the contents of my inbox" — only the words "unread" (or "not yet opened") ask for
 *    true, only "all" / "read and unread" for false;
 *  - a place swapped for a wider or narrower area the service takes as well: "New York City" for
 *    "Times Square", "China" for "Beijing", "Bali" for "Nusa Dua Beach";
 *  - a value of another kind than its slot lifted from the request: a cuisine as a place ("Italian"
 *    of "Italian restaurants"), a topic word of a quoted title as an author ("Society" of "The
 *    Impact of Social Media on Society"), a word of a longer name ("University" of "University of
 *    California, Berkeley"), a person as a place ("John Doe" the email goes to).
 */
import type { ToolParam } from '../schemas.js';
import { kindOfParam } from './kinds.js';
import { escapeRegExp, words } from './vocabulary.js';

const norm = (s: string): string => s.normalize('NFC').toLowerCase().replace(/\s+/g, ' ');
/**
 * norm of the last context underivableTruth read: the value-error injector asks it of every edit of a
 * call against the same shown text (every tool doc, the request, the earlier calls), normalised anew each time.
 */
let lastContext: { text: string; normal: string } | undefined;
function normContext(context: string): string {
  if (lastContext?.text !== context) lastContext = { text: context, normal: norm(context) };
  return lastContext.normal;
}

/**
 * Why the right value `right` cannot be derived from `context` (what the model sees: the tool
 * docs, the user's turns, earlier calls and answers, the answer to the wrong call), or undefined.
 * A value is derivable when it is there, or its words all are (a date or a time in the documented
 * form, a path joined from a folder and a file): what fails is a word in a script or wording no
 * text shown has — a Chinese rendering of an English address, a name nobody gave. Short codes in
 * capitals (SFO, AAPL) are looked up by the toolkit's own tools and are not judged here.
 */
export function underivableTruth(right: unknown, context: string): string | undefined {
  if (typeof right !== 'string') return undefined;
  const value = right.trim();
  if (!value) return undefined;
  const shown = normContext(context);
  if (shown.includes(norm(value))) return undefined;
  for (const run of value.match(/\p{Script=Han}+/gu) ?? []) {
    if (!shown.includes(run)) return `"${value.slice(0, 40)}" has "${run}", which nothing shown gives (a translation of the request has many renderings)`;
  }
  for (const word of value.match(/[\p{Script=Latin}]{3,}/gu) ?? []) {
    if (/^[A-Z]{2,5}$/.test(word)) continue;
    if (!shown.includes(word.toLowerCase())) return `"${value.slice(0, 40)}" has "${word}", which nothing shown gives`;
  }
  return undefined;
}

const FLAG_GENERIC = new Set(
  'only show shows use get set include includes whether the and true false defaults default return returns files directories emails email inbox format size with for are is if to in of otherwise required'.split(' '),
);

/** The words that ask for a flag: its key's ("unread" of only_unread, "unlock"), or its doc's where the key says none ("hidden" for ls's a). */
function flagCues(key: string, description: string): string[] {
  const fromKey = key
    .split(/[_\W]+|(?<=[a-z])(?=[A-Z])/)
    .map((w) => w.toLowerCase())
    .filter((w) => w.length >= 3 && !FLAG_GENERIC.has(w));
  if (fromKey.length) return fromKey;
  return (description.toLowerCase().match(/[a-z]{3,}/g) ?? []).filter((w) => !FLAG_GENERIC.has(w)).slice(0, 2);
}

/** The opposite of a verb flag's cue: unlock ↔ lock, activate ↔ deactivate. */
function antonym(cue: string): string | undefined {
  if (/^(un|de)/.test(cue) && cue.length > 5) return cue.slice(2);
  if (/^(lock|activate|enable)/.test(cue)) return cue.startsWith('enable') ? 'disable' : cue.startsWith('lock') ? `un${cue}` : `de${cue}`;
  return undefined;
}

/**
 * Why flipping the boolean `key` from `right` is no error the request rules out, or undefined when
 * the user's words decide it: true only where they say the cue ("unread emails", "including hidden
 * files", "unlock"), false only where they say the opposite ("all my emails", "read and unread",
 * "lock") and not the cue. "See what's new in my inbox" decides neither.
 */
export function undecidedFlag(key: string, description: string, right: boolean, request: string): string | undefined {
  const cues = flagCues(key, description);
  if (!cues.length) return `${key}: nothing in its name or doc says what it asks for`;
  const text = request.toLowerCase();
  const says = (w: string) => new RegExp(`\\b${escapeRegExp(w)}`, 'i').test(text);
  const unreadWords = cues.includes('unread') && /\b(not (yet )?(been )?(opened|read)|haven'?t (yet )?(opened|read)|unopened)\b/.test(text);
  const positive = cues.some(says) || unreadWords;
  const opposites = cues.map(antonym).filter((w): w is string => w !== undefined);
  const negative =
    opposites.some((w) => new RegExp(`\\b${escapeRegExp(w)}\\b`).test(text)) ||
    /\b(all|every)\b[^.?!]{0,20}\b(e-?mails?|messages?|mail|files|inbox)\b|\bread and unread\b|\bincluding (the )?read\b/.test(text);
  // "All the files, including hidden ones" asks for the hidden ones: the cue decides true.
  if (right && positive) return undefined;
  if (!right && negative && (!positive || /\bread and unread\b|\bincluding (the )?read\b/.test(text))) return undefined;
  return `${key}=${String(!right)} for ${String(right)}: the request ${positive && negative ? 'says both' : positive || negative ? 'says the other' : 'says neither'} (${cues.join(', ')})`;
}

/**
 * Why flipping the filter flag `key` from `right` to `to` widens what the call returns, or undefined:
 * a restriction turned off (only_unread=false for the user's "unread emails") or an inclusion turned
 * on. The wider answer still holds every item the right call returns, each marked by what the flag
 * filters on (an email's is_read), so a model may pick them out and go on: no error beyond doubt.
 * Narrowing (only_unread=true for "all my emails", ls without hidden files for "including hidden
 * ones") leaves asked-for items out, which is one.
 */
export function widensResult(key: string, description: string, right: boolean, to: boolean): string | undefined {
  if (right === to) return undefined;
  const text = `${words(key).join(' ')} ${description}`.toLowerCase();
  const restricts = /\b(only|exclude[sd]?|excluding|filter(s|ed)?)\b/.test(text);
  const includes = /\b(include[sd]?|including|hidden|show all|list all)\b/.test(text);
  if (restricts && to === false) return `${key}=false turns off a restriction: the answer holds what ${key}=true returns`;
  if (!restricts && includes && to === true) return `${key}=true includes more: the answer holds what ${key}=false returns`;
  return undefined;
}

/** Words that make a place a site (a landmark, a building, a beach), not an area. */
const SITE = /\b(park|square|bridge|building|beach|station|airport|university|institute|college|school|museum|hotel|inn|tower|centre|center|cinema|theat(?:er|re)|restaurant|headquarters|hall|church|cathedral|temple|palace|market|mall|zoo|garden|gardens|stadium|library|hospital|lake|mountains?|river|forest|statue|falls|monument|gate|plaza|pier|harbou?r|port|campus|office|shop|store|cafe|café|bar|grill|hq|ritz|carlton)\b/i;
const STREET = /\b(st|street|ave|avenue|rd|road|blvd|boulevard|ln|lane|dr|drive|way|pl|place|ct|court|hwy|highway|loop|jalan)\b\.?/i;

/** Countries, states and continents: areas wider than any city. */
const WIDE_AREA = new RegExp(
  `^(${[
    'china', 'japan', 'india', 'france', 'germany', 'italy', 'spain', 'brazil', 'canada', 'mexico', 'russia', 'australia', 'indonesia', 'england', 'uk', 'united kingdom', 'usa', 'us', 'united states', 'america',
    'europe', 'asia', 'africa', 'south america', 'north america', 'california', 'texas', 'florida', 'new york state', 'nevada', 'colorado', 'massachusetts', 'bali', 'hawaii', 'amazon', 'the amazon',
  ].join('|')})$`,
  'i',
);

export type PlaceLevel = 'coordinates' | 'address' | 'site' | 'area' | 'wide-area';

/** How fine a place is: a point, a street address, a site (Times Square), an area (a city), a wide area (a country, a state). */
export function placeLevel(value: string): PlaceLevel {
  const v = value.trim();
  if (/^\s*-?\d+(\.\d+)?\s*,\s*-?\d+(\.\d+)?\s*$/.test(v)) return 'coordinates';
  const head = v.split(',')[0].trim();
  if (/\d/.test(head) && (STREET.test(head) || /号|路|街/.test(head))) return 'address';
  if (SITE.test(head) || /广场|公园|大厦|站|机场/.test(head)) return 'site';
  if (WIDE_AREA.test(head)) return 'wide-area';
  return 'area';
}

/** The qualifiers of a place after its head: "Times Square, New York City" → ["new york city"]. */
function qualifiers(value: string): string[] {
  return value
    .split(',')
    .slice(1)
    .map((q) => q.trim().toLowerCase())
    .filter(Boolean);
}

/**
 * Why `wrong` for the place `right` is a wider or narrower area the service takes as well (the
 * weather in "China" for "Beijing", a route to "New York" for "Central Park"), or undefined when
 * it is another place of the same grain ("Central Park" for "Times Square", "Denver" for "Boulder").
 * Codes (LAX) and coordinates are judged elsewhere.
 */
export function areaSwap(right: unknown, wrong: unknown): string | undefined {
  if (typeof right !== 'string' || typeof wrong !== 'string') return undefined;
  if (/^[A-Z0-9]{2,5}$/.test(right.trim()) || /^[A-Z0-9]{2,5}$/.test(wrong.trim())) return undefined;
  const [a, b] = [placeLevel(right), placeLevel(wrong)];
  if (a === 'coordinates' || b === 'coordinates') return undefined;
  const lw = wrong.trim().toLowerCase();
  const lr = right.trim().toLowerCase();
  if (qualifiers(right).includes(lw) || qualifiers(wrong).includes(lr)) return `"${wrong}" for "${right}": one is the area the other is in`;
  if (a !== b) return `"${wrong}" (${b}) for "${right}" (${a}): a ${rank(b) > rank(a) ? 'wider' : 'narrower'} area the service takes as well`;
  return undefined;
}

function rank(level: PlaceLevel): number {
  return ['coordinates', 'address', 'site', 'area', 'wide-area'].indexOf(level);
}

/** Words that follow a name used as a modifier: "Italian restaurants", "Amazon rainforest". */
const FUNCTION_WORD = /^(and|or|but|to|in|at|on|of|for|from|with|by|near|as|is|are|was|were|be|the|a|an|that|this|which|who|so|if|then|than|within|around|about|into|over|under|between|after|before|during|via|per|please|also|too|i|we|you|it|they|he|she|me|my|your|our|their|its|has|have|had|will|would|could|can|should|may|might|do|does|did|not|no|yes)$/i;

/** A name the request uses only as a modifier of a common noun: "Italian restaurants", "Amazon rainforest biodiversity". */
function onlyModifier(value: string, request: string): boolean {
  const re = new RegExp(`(?<![\\p{L}])${escapeRegExp(value.trim())}(?![\\p{L}'’-])(\\s+([\\p{L}]+))?`, 'giu');
  let seen = 0;
  for (const m of request.matchAll(re)) {
    seen++;
    const next = m[2];
    if (!next || !/^\p{Ll}/u.test(next) || FUNCTION_WORD.test(next)) return false;
  }
  return seen > 0;
}

/** A word of a longer name: "University" of "University of California", "Statue" of "Statue of Liberty". */
function headOfOfName(value: string, request: string): boolean {
  return new RegExp(`(?<![\\p{L}])${escapeRegExp(value.trim())}\\s+of\\s+(the\\s+)?\\p{Lu}`, 'u').test(request);
}

/** A word or words inside a longer quoted title: "Society" of 'The Impact of Social Media on Society'. */
function insideQuotedTitle(value: string, request: string): boolean {
  const v = value.trim().toLowerCase();
  for (const m of request.matchAll(/(?<![\w'])'([^']{3,120})'(?![\w'])|"([^"]{3,120})"|‘([^’]{3,120})’|“([^”]{3,120})”/g)) {
    const q = (m[1] ?? m[2] ?? m[3] ?? m[4]).trim().toLowerCase().replace(/[.!?,;:]+$/, '');
    if (q !== v && new RegExp(`(?<![\\p{L}])${escapeRegExp(v)}(?![\\p{L}])`, 'u').test(q)) return true;
  }
  return false;
}

/** A person the request names: the one an email goes to, an author, a professor. */
export function namedPerson(value: string, request: string): boolean {
  const v = escapeRegExp(value.trim());
  if (!/^\p{Lu}\p{Ll}+(\s+\p{Lu}\.?)?(\s+\p{Lu}[\p{Ll}'-]+){1,2}$/u.test(value.trim())) return false;
  return new RegExp(
    `(author|professor|prof\\.?|dr\\.?|mr\\.?|mrs\\.?|ms\\.?|chef|director|actor|actress|named|called|neighbou?r|friend|colleague|(e-?mail|write|message|send|letter|note)\\s+(\\w+\\s+){0,3}to)\\s+['"‘“]?${v}|${v}['"’”]?\\s*(at|<|\\()\\s*[\\w.+-]+@`,
    'i',
  ).test(request);
}

/** Whether a parameter holds a person: an author, a recipient's name, a user to follow. */
function holdsPerson(param: Pick<ToolParam, 'name'> & { description?: string }): boolean {
  return /author|person|people|recipient|receiver|sender|contact|^name$|user_?name/i.test(param.name) || /\b(author|person)('s)? name\b|name of the (author|person)/i.test(param.description ?? '');
}

/**
 * Why `wrong`, taken from the request, is of another kind than its parameter (a cuisine as a place,
 * a topic word as an author, a word of a longer name, a person as a place), or undefined. `right` is
 * the correct value (a value of its own shape, another case of it, is a format slip, judged elsewhere).
 */
export function otherKind(param: Pick<ToolParam, 'name' | 'type'> & { description?: string }, right: unknown, wrong: unknown, request: string): string | undefined {
  if (typeof wrong !== 'string' || typeof right !== 'string') return undefined;
  const w = wrong.trim();
  if (!w || w.toLowerCase() === right.trim().toLowerCase() || right.includes(w)) return undefined;
  // The parameter's kind before the request: a pattern built for each value and run over the whole request was most of what
  // the value-error injector's checks cost (0.45 s of a profiled build), and most parameters hold no place, text, name or person.
  const kind = kindOfParam(param);
  const person = holdsPerson(param);
  if (kind !== 'place' && kind !== 'text' && kind !== 'name' && !person) return undefined;
  if (!new RegExp(`(?<![\\p{L}])${escapeRegExp(w)}(?![\\p{L}])`, 'iu').test(request)) return undefined;
  if (headOfOfName(w, request)) return `${param.name} "${w}" is a word of a longer name in the request`;
  if (insideQuotedTitle(w, request) && !insideQuotedTitle(right, request)) return `${param.name} "${w}" is a word of a title the request quotes`;
  if ((kind === 'place' || person) && !/\s/.test(w) && onlyModifier(w, request)) return `${param.name} "${w}" is said only of something else ("${w} …"), no ${person ? 'person' : 'place'}`;
  if (kind === 'place' && namedPerson(w, request)) return `${param.name} is a place, "${w}" is a person the request names`;
  if (person && !namedPerson(right, request) && !/\s/.test(right)) return undefined;
  // A person's name is two to four capitalised words ("John Smith", "Mary J. Blige"), no title of a paper ("The Impact of Social Media on Society").
  const nameShape = /^\p{Lu}[\p{L}.'-]*(\s+\p{Lu}[\p{L}.'-]*){1,3}$/u.test(w) && !/^(the|a|an)\s/i.test(w);
  if (person && (!nameShape || SITE.test(w) || WIDE_AREA.test(w))) return `${param.name} holds a person, "${w}" is no name of one`;
  return undefined;
}

/** A value that has an order of its own (a date, a time, a number): two of them swapped make an interval that ends before it starts, which a service refuses. */
const ORDERED_VALUE = /^(?:\d{4}-\d{2}-\d{2}(?:[ T]\d{2}:\d{2}(?::\d{2})?)?|\d{1,2}:\d{2}(?::\d{2})?(?: ?[AP]M)?|-?\d+(?:\.\d+)?)$/i;

/** Where a value stands in the request, each time it does: its whole text, and its part before a comma ("The Ritz-Carlton" of "The Ritz-Carlton, New York"). */
function placesIn(request: string, value: string): { at: number; end: number }[] {
  const low = request.toLowerCase();
  const out: { at: number; end: number }[] = [];
  for (const v of new Set([value, value.split(',')[0]])) {
    const t = v.trim().toLowerCase();
    if (t.length < 3) continue;
    for (let at = low.indexOf(t); at >= 0; at = low.indexOf(t, at + 1)) if (!out.some((o) => o.at === at)) out.push({ at, end: at + t.length });
  }
  return out;
}

/** The sentence of `request` around index `i`. */
function sentenceAround(request: string, i: number): { from: number; to: number } {
  const before = request.slice(0, i).search(/[.!?\n](?=[^.!?\n]*$)/);
  const after = request.slice(i).search(/[.!?\n](?:\s|$)/);
  return { from: before < 0 ? 0 : before + 1, to: after < 0 ? request.length : i + after };
}

const TO_WORD = /\b(?:to|into|onto|towards?|until|till)\b|->|→/i;
/** Words just before an end that make it the destination: "the way to reach the Empire State Building", "drive to Boston". */
const BEFORE_END = /\b(?:to|reach|reaching|towards?|into|onto|arrive at|get to|destination(?: is)?)\s+(?:the\s+|my\s+)?(?:[\w'-]+\s+){0,2}$/i;

/**
 * Why swapping the two ends of a pair (start/end, source/destination, travel_from/travel_to,
 * file_name1/file_name2) is no error a reader can be sure of, or undefined when the request fixes
 * which end is which. It does when the first end comes before the second with "to" between ("from
 * Griffith Park to Santa Monica Pier", "move 'a.pdf' in document to temp"), or the second follows a
 * word that makes it the destination and a "from" follows ("the way to reach the Empire State
 * Building from the first hotel"); dates, times and numbers are fixed by their order. It does not in
 * "how far my workplace at X is from my home at Y, and the best path to take" (either way is a way
 * there), "a comparison between A and B" (a diff either way round), or when the request names
 * neither end (a code an earlier answer gave) — a model then cannot tell the swap from the plan.
 */
export function swapUndecided(request: string, first: unknown, second: unknown): string | undefined {
  if (typeof first !== 'string' || typeof second !== 'string') return ORDERED_VALUE.test(String(first)) && ORDERED_VALUE.test(String(second)) ? undefined : 'not text';
  if (ORDERED_VALUE.test(first.trim()) && ORDERED_VALUE.test(second.trim())) return undefined;
  const starts = placesIn(request, first);
  const ends = placesIn(request, second);
  for (const e of ends) {
    // "from Griffith Park to Santa Monica Pier": the first end before the second, "to" between, in one sentence.
    for (const s of starts) {
      const between = request.slice(s.end, e.at);
      if (s.at < e.at && TO_WORD.test(between) && !/\bfrom\b/i.test(between) && !/[.!?\n]/.test(between)) return undefined;
    }
    // "the way to reach the Empire State Building from the first hotel": the second end made the destination, a "from" after it.
    const sentence = sentenceAround(request, e.at);
    if (!BEFORE_END.test(request.slice(sentence.from, e.at))) continue;
    const after = starts.filter((s) => s.at > e.at && s.at < sentence.to);
    if (after.length ? after.some((s) => /\bfrom\b/i.test(request.slice(e.end, s.at))) : !starts.length && /\bfrom\b/i.test(request.slice(e.end, sentence.to))) return undefined;
  }
  // "from LAX to the San Francisco airport": the first end named after "from", a "to" soon after.
  if (!ends.length) {
    for (const s of starts) {
      const sentence = sentenceAround(request, s.at);
      if (/\bfrom\s+(?:the\s+|my\s+)?(?:[\w'-]+\s+){0,2}$/i.test(request.slice(sentence.from, s.at)) && TO_WORD.test(request.slice(s.end, Math.min(sentence.to, s.end + 40)))) return undefined;
    }
  }
  // Airport codes for the cities a "from … to …" names ("fly from San Francisco to Los Angeles": SFO, LAX): the codes keep the cities' order.
  if (!starts.length && !ends.length && /^[A-Z]{3,4}$/.test(first) && /^[A-Z]{3,4}$/.test(second) && /\bfrom\b[^.!?\n]{1,60}?\bto\b/i.test(request)) return undefined;
  if (!starts.length && !ends.length) return 'the request names neither end';
  return 'the request does not say which end is which';
}
