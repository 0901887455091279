/**
 * Facts a closing answer needs from a tool's doc and a response's values, shared by the answer writer
 * (stages/resolve/answerWriter.ts) and the measures that read its answers (quality/measures/answers.ts):
 * the unit a returned number is in ("The distance between the two cities in km." -> "km"), whether a
 * number is an epoch timestamp, and a date or time written as people write it.
 */

import { keyAsWords } from './quality/grammar.js';
import { apiOf, isPlainObject } from './errors/values.js';
import { parseToolResponse } from './prompts/parseAction.js';
import { escapeRegExp } from './errors/vocabulary.js';

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

/** A field that holds an amount of money: a cost, a price, a balance, a budget, an exchanged value. */
export const MONEY_KEY = /(?:^|_)(?:cost|costs|price|balance|budget|fare|fee|fees|refund|amount|total|exchanged_value|new_balance|card_balance)(?:_|$)|^travel_cost_list$|^budget_limit$/i;

/**
 * The currency a money field of a call is in, when something says it: the field's or the tool's doc
 * ("The budget limit set in USD", "the list of cost of a flight in USD"), the currency an exchange
 * converted into (compute_exchange_rate's `target_currency`), or BFCL's travel API, whose amounts are
 * in USD unless the call names another. Undefined for a field that holds no money or whose currency
 * nothing states (a stock price).
 */
export function moneyUnit(tool: { name: string; description?: string } | undefined, key: string, fieldDescription: string | undefined, args: unknown): string | undefined {
  if (!MONEY_KEY.test(key)) return undefined;
  const a = args !== null && typeof args === 'object' && !Array.isArray(args) ? (args as Record<string, unknown>) : {};
  const name = tool?.name ?? '';
  if (/(?:^|\.)compute_exchange_rate$/.test(name) && /exchanged/i.test(key)) return typeof a.target_currency === 'string' && /^[A-Z]{3}$/.test(a.target_currency) ? a.target_currency : undefined;
  const stated = (text: string | undefined) => /\bin (USD|EUR|GBP|RMB|CNY|JPY|CAD|AUD|INR)\b/.exec(text ?? '')?.[1];
  const given = stated(fieldDescription) ?? stated(tool?.description);
  if (given) return given;
  if (/^TravelAPI\./.test(name)) return typeof a.currency === 'string' && /^[A-Z]{3}$/.test(a.currency) ? a.currency : 'USD';
  return undefined;
}

/** Currencies as an answer may write them after or before an amount. */
export const CURRENCY_AFTER = /^\s*(?:USD|EUR|GBP|RMB|CNY|JPY|CAD|AUD|INR|dollars?|euros?|pounds?|yuan|yen|rupees?)\b/;
export const CURRENCY_BEFORE = /(?:\$|€|£|¥|US\$|USD|EUR|GBP|RMB|CNY|JPY|CAD|AUD|INR)\s?$/;

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

/**
 * The yes/no question a request puts to the assistant, as a clause in the user's words ("my car can
 * endure a stretch of over 300 miles", "there are any meeting rooms free between 10:00 AM and 12:00
 * PM", "it is going to rain in Paris tomorrow"): a sentence opening with an auxiliary verb ("Is it
 * going to rain …?", "Do I have enough …?"), or a "whether"/"if" clause after a verb that asks the
 * assistant to find out ("check if …", "verify whether …", "let me know if …"), or "make sure" a
 * comparison holds ("make sure the cost is below $10,000"). A polite request ("Could you book …?",
 * "Would you mind …?") is no question, nor a clause about the request itself ("I wonder whether my
 * wording is clear") or a wish ("I need to see if it aligns with my vision").
 */
export function yesNoQuestion(request: string): string | undefined {
  for (const raw of request.split(/(?<=[.?!])\s+|\n+/)) {
    const s = raw.trim();
    const direct = /^(?:(?:so|and|also|now|then|ok|okay|well|oh|hey|hi|lastly|finally|first|and also)[, ]+)?(is|are|was|were|will|can|could|should|has|have|does|do|did)\s+(.+?)\?$/i.exec(s);
    const aux = direct?.[1].toLowerCase() ?? '';
    // "Could the system initiate …?", "Can we find …?", "Will you …?" ask for a deed, not a fact.
    if (direct && !/^(?:could|would)$/.test(aux) && !/^(?:you|u|it be possible)\b/i.test(direct[2]) && !(/^(?:can|will)$/.test(aux) && /^(?:we|i|this|that|these|those|the system)\b/i.test(direct[2]))) {
      const m = /^(there|(?:the|my|our|your|this|that|any)\s+[\w'-]+|[\w'-]+)\s+(.+)$/i.exec(direct[2]);
      if (m) return trimClause(/^(?:do|does|did)$/.test(aux) ? `${m[1]} ${m[2]}` : `${m[1]} ${aux} ${m[2]}`);
    }
    const embedded = /(?:^|[,;]\s*|\b(?:please|and|then|also|you|me|to|in|let's|let us)\s+)(check|see|verify|confirm|determine|determining|find out|tell me|let me know|know)\s+(?:for me\s+|to see\s+)?(?:whether|if)\s+(.+)$/i.exec(s);
    if (embedded && !/\b(?:I|we)\s+(?:need|want|would like|'d like)\s+to\s+see\b/i.test(s.slice(0, embedded.index + embedded[0].length - embedded[2].length))) {
      const clause = embedded[2];
      if (!/^(?:you|u)\b|^(?:it's|it is|that's|that is) (?:alright|ok|okay|fine|no bother|possible)|^(?:my|the|this) (?:request|message|wording|phrasing|question)|^what I need|^this is something|^you have any questions/i.test(clause)) return trimClause(clause);
    }
    const sure = /\b(?:make sure|ensure)\s+(?:that\s+)?(.+?\b(?:is|are|stays?|checks? out to be|comes? to)\s+(?:below|under|less than|at most|no more than|within|over|above|more than|at least)\s+.+)$/i.exec(s);
    if (sure) return trimClause(sure[1]);
  }
  return undefined;
}

/** A question's clause up to where the next request begins ("… under my name and list all the contents" -> "… under my name"). */
function trimClause(clause: string): string {
  return clause
    .replace(/[?.!]+$/, '')
    .split(/[;,]\s|\s+(?:and|then|so|before)\s+(?:then\s+|also\s+)?(?=(?:list|show|tell|give|find|book|reserve|send|get|check|fill|set|add|remove|print|create|provide|make|let|please|proceed|if|I)\b)|\s+(?:for me|please)$/)[0]
    .trim();
}

/** A clause in the user's words said back to them: "my car" -> "your car", "I have" -> "you have". */
export function inSecondPerson(clause: string): string {
  const swap: Record<string, string> = { my: 'your', our: 'your', i: 'you', me: 'you', we: 'you', us: 'you', mine: 'yours', "i'm": "you're", 'i am': 'you are' };
  return clause.replace(/\b(?:I am|my|our|I|me|we|us|mine|I'm)\b/g, (w) => swap[w.toLowerCase()] ?? w).replace(/\b(?:My|Our)\b/g, 'Your');
}

/** Abbreviations sources write in field names ("cate", "wantWatchPeopleNum", "avg_temp"). */
const ABBREVIATIONS: Record<string, string> = { cate: 'category', num: 'number', avg: 'average', qty: 'quantity', desc: 'description', addr: 'address', loc: 'location', pct: 'percent', cnt: 'count', temp: 'temperature', img: 'image' };
/** Names people give one kind of field, whatever the source calls it. */
const SAME_FIELD: string[][] = [
  ['category', 'genre', 'cate'],
  ['rating', 'score', 'vote average', 'stars'],
  ['review', 'comment'],
  ['price', 'cost', 'fare'],
  ['address', 'location', 'formatted address'],
  ['region', 'country of origin', 'country'],
  ['runtime', 'length', 'duration'],
  ['summary', 'abstract'],
];

/** A field's name in words, its abbreviations written out: "wantWatchPeopleNum" -> "want watch people number". */
export function fieldWords(key: string): string {
  return keyAsWords(key).toLowerCase().split(' ').map((w) => ABBREVIATIONS[w] ?? w).join(' ');
}

/** Whether the request names a field in the key's own words ("summaries" for `summary`, "release dates" for `release_date`). */
export function requestUsesKey(key: string, request: string): boolean {
  const raw = keyAsWords(key).toLowerCase();
  const word = askedFieldWord(key, request);
  if (word && singularOf(word) === singularOf(raw)) return true;
  const words = raw.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '[ _-]?');
  return new RegExp(`\\b(?:${/y$/.test(words) ? `${words.slice(0, -1)}(?:y|ies)` : `${words}(?:e?s)?`})\\b`, 'i').test(request);
}

/** One of what a plural word names, as field names go: "categories" -> "category", "genres" -> "genre", "address" stays. */
export const singularOf = (w: string) => w.replace(/ies$/, 'y').replace(/(ss|x|ch|sh)es$/, '$1').replace(/(?<![su])s$/, '');

/** What a return field's doc calls it: "rating for the film" -> "rating", "The rating of the property." -> "rating", "category list of film" -> "category". */
function docName(doc: string | undefined): string | undefined {
  const m = /^(?:the |a |an )?([a-z]+(?: [a-z]+)?) (?:of|for|list|in|from)\b/i.exec((doc ?? '').trim());
  return m && !/^(?:list|number|the|some|each|all)$/i.test(m[1]) ? m[1].toLowerCase().replace(/ list$/, '') : undefined;
}

/**
 * The words the request asks for a record's field with, when it does: "categories" for `cate`,
 * "rating" for `vote_average` (its doc: "rating for the film"), "release date" for `date`, "number of
 * people who want to watch" for `wantWatchPeopleNum`; undefined when the request does not ask for it.
 * The answer tells the field in these words.
 */
export function askedFieldWord(key: string, request: string, doc?: string): string | undefined {
  const req = request.toLowerCase();
  const words = fieldWords(key);
  if (/\bpeople\b/.test(words) && /\b(?:number|count)\b/.test(words)) {
    const m = /\b(?:number of people|how many people)\b[^,.;?!]*?(?=\s+(?:and|in them|them)\b|[,.;?!]|$)/.exec(req);
    return m ? m[0].replace(/^how many people (?:are )?/, 'number of people ').trim() : undefined;
  }
  const one = (w: string) => w.replace(/ies$/, 'y').replace(/(?<![su])s$/, '');
  const names = new Set([one(words)]);
  // A doc's own name for the field is a second name only when it shares no word with the key: "rating"
  // for `vote_average`, not "id" for `booking_id` ("the id of the booking").
  const fromDoc = docName(doc);
  if (fromDoc && !fromDoc.split(' ').some((w) => words.split(' ').some((k) => one(k) === one(w)))) names.add(one(fromDoc));
  for (const group of SAME_FIELD) if (group.some((g) => names.has(g))) group.forEach((g) => names.add(g));
  for (const name of [...names].sort((a, b) => b.length - a.length)) {
    if (name.length < 2) continue;
    const stem = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '[ _-]?');
    const y = /y$/.test(name);
    const m = new RegExp(`\\b(release |publication |published |check-in |check-out )?(${y ? stem.slice(0, -1) : stem})(${y ? 'y|ies' : '(?:e?s)?'})\\b`, 'i').exec(req);
    if (m) return `${m[1] ?? ''}${m[2]}${y ? 'y' : ''}`;
  }
  return undefined;
}

const COUNT_WORDS: Record<string, number> = { two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };

/**
 * How many items the request asks for, when it names a count (up to ten): "the top 5 places", "five
 * movies that will be released soon", "a list of up to five places", "the first 3 articles", "the top
 * 10 highest-rated movies" -> the largest such count; undefined when it names none. A number before a
 * unit ("within 1 km", "3 days") counts no items.
 */
export function askedCount(request: string): number | undefined {
  const counts: number[] = [];
  const re = /\b(?:(top|first|latest|best|up to|at least)\s+)?(\d{1,2}|two|three|four|five|six|seven|eight|nine|ten)\s+((?:[a-z-]+\s+){0,2}?)([a-z]+s)\b/gi;
  for (const m of request.matchAll(re)) {
    const n = /^\d+$/.test(m[2]) ? Number(m[2]) : COUNT_WORDS[m[2].toLowerCase()];
    const noun = m[4].toLowerCase();
    if (!n || n < 2 || n > 10) continue;
    // A quantity in a unit counts no items: "3 days", "2 adults", "5 miles".
    if (/^(?:days|hours|minutes|seconds|weeks|months|years|times|nights|kms|miles|meters|metres|dollars|people|guests|adults|children|kids|pounds|gallons|liters|litres|percent|stars|words|characters|lines|pages|digits|decimals|rooms|tickets|seats|shares)$/.test(noun)) continue;
    counts.push(n);
  }
  return counts.length ? Math.max(...counts) : undefined;
}

/**
 * Whether the request asks for every item of the list a call named `listed` gives ("a comprehensive list
 * of all available departure airports", "list every airport", "the complete list of rooms"): a word for
 * the whole before the list's noun within a few words. A person asked for all of a short list gives all
 * of it, not "23 airports, among them three"; "all" about something else ("copy all the text files"
 * before listing a directory) does not count, as the noun must be the list's own.
 */
export function asksWholeList(request: string, listed: string): boolean {
  const noun = listed.trim().split(/\s+/).pop() ?? '';
  if (noun.length < 3) return false;
  const stem = escapeRegExp(noun.replace(/(?:ies|es|s)$/, ''));
  return new RegExp(`\\b(?:all|every|each|comprehensive|complete|full|entire|whole)\\b(?:\\s+[\\w'-]+){0,5}?\\s+${stem}\\w*\\b`, 'i').test(request);
}

/**
 * A field value that stands for no value: "Unknown affiliation", "N/A", "None", "null", "not available".
 * Said as a fact it misleads ("John Smith is at Unknown affiliation"): an answer says the field is not
 * listed, or leaves it out (answer_placeholder_fact).
 */
export const PLACEHOLDER_VALUE = /^(?:unknown(?: [a-z]+){0,2}|n\/a|none|null|nil|undefined|not (?:available|applicable|specified|listed|provided|given|known)|unspecified)$/i;
export const isPlaceholderValue = (v: unknown): v is string => typeof v === 'string' && PLACEHOLDER_VALUE.test(v.trim());

/** An author list as a list in words: "Qizhang Feng, Mengnan Du, Na Zou, Xia Hu" -> "Qizhang Feng, Mengnan Du, Na Zou and Xia Hu". */
function authorsInWords(list: string): string {
  const names = list.split(/\s*,\s*/).filter(Boolean);
  if (names.length < 2 || /\band\b|&/.test(list) || names.some((n) => !/^[\p{Lu}][\p{L}.'’ -]*$/u.test(n))) return list;
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/**
 * A record's field said the way people say it, not as its label and value: "released 14 March 1972"
 * (release date), "rated 8.7" (vote average, rating), "with a popularity of 118.4", "by Elad Hazan"
 * (authors), "summed up as "…"" (summary, abstract), "listed on 12 December 1980" (list date),
 * "175 minutes long" (runtime), "at priority 5", "marked Open" (status). `said` is the value already
 * in words. Undefined for a field with no such phrase: it keeps its label (answer_label_run).
 */
export function spokenField(key: string, said: string, value: unknown): string | undefined {
  const k = keyAsWords(key).toLowerCase();
  const day = typeof value === 'string' ? dayInWords(value) !== undefined || /^\d{1,2} [A-Z][a-z]+ \d{4}$/.test(said) : /\b\d{4}$/.test(said);
  if (/^(?:release|released|release date)$/.test(k) && day) return `released ${said}`;
  if (/^(?:published|published date|publish date|publication date|pub date)$/.test(k) && day) return `published ${said}`;
  if (/^(?:list date|listed|listing date)$/.test(k) && day) return `listed on ${said}`;
  if (/^(?:date|day|travel date)$/.test(k) && day) return `on ${said}`;
  if (typeof value === 'number' && /^(?:rating|vote average|score|stars|average rating)$/.test(k)) return `rated ${said}`;
  if (typeof value === 'number' && /^popularity$/.test(k)) return `with a popularity of ${said}`;
  if (typeof value === 'number' && /^(?:runtime|duration|length)$/.test(k)) return /minutes?$/.test(said) ? `${said} long` : undefined;
  if (typeof value === 'number' && /^priority$/.test(k)) return `at priority ${said}`;
  if (typeof value === 'string' && /^(?:authors?|author names?)$/.test(k) && value.trim() && value.length <= 120) return `by ${authorsInWords(value.trim())}`;
  if (typeof value === 'string' && /^(?:summary|abstract|overview|description)$/.test(k) && /^"/.test(said)) return `summed up as ${said}`;
  if (typeof value === 'string' && /^(?:summary|abstract|overview|description)$/.test(k) && /^a longer text opening "/.test(said)) return `described in ${said}`;
  if (typeof value === 'string' && /^snipp?ets?$/.test(k) && /^"/.test(said)) return `mentioning ${said}`;
  if (typeof value === 'string' && /^(?:pub info|publication info|publication summary|pub infos?)$/.test(k) && /^"/.test(said)) return `listed as ${said}`;
  if (typeof value === 'string' && /^(?:homepage url|homepage|website|url)$/.test(k) && /^"https?:/.test(said)) return `online at ${said.replace(/^"|"$/g, '')}`;
  if (typeof value === 'string' && /^(?:status|state)$/.test(k) && /^[A-Za-z][A-Za-z -]{0,20}$/.test(value.trim())) return `marked ${value.trim()}`;
  return undefined;
}

const STATE_CODE = /^[A-Z]{2}$/;
/**
 * An address said as an address: "One Apple Park Way, Cupertino, CA 95014" from {"address1": "ONE APPLE
 * PARK WAY", "city": "CUPERTINO", "state": "CA", "postal_code": "95014"} or from "ONE APPLE PARK WAY,
 * CUPERTINO, CA, 95014" — shouted words in title case, a state code kept, its postcode after it.
 * Undefined for anything that is not an address.
 */
export function addressInWords(value: unknown): string | undefined {
  const title = (t: string) => t.split(/(\s+)/).map((w) => (STATE_CODE.test(w) || !/^[A-Z][A-Z'.-]+$/.test(w) ? w : w.charAt(0) + w.slice(1).toLowerCase())).join('');
  const shout = (t: string) => (t === t.toUpperCase() && /[A-Z]{3}/.test(t) ? title(t) : t);
  if (typeof value === 'string') {
    const parts = value.split(/,\s*/).map((p) => p.trim()).filter(Boolean);
    if (parts.length < 3 || !/\d/.test(value) || value.length > 160) return undefined;
    const last = parts[parts.length - 1];
    if (/^\d{4,6}(?:-\d{4})?$/.test(last) && STATE_CODE.test(parts[parts.length - 2] ?? '')) parts.splice(parts.length - 2, 2, `${parts[parts.length - 2]} ${last}`);
    return parts.map((p) => (/^\d+$/.test(p) ? p : shout(p).replace(/^One\b/, 'One'))).join(', ');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const r = value as Record<string, unknown>;
  const get = (re: RegExp) => Object.entries(r).find(([k, v]) => re.test(k) && typeof v === 'string' && v.trim())?.[1] as string | undefined;
  const street = get(/^(?:address_?1|address_?line_?1|street(?:_?address)?|line_?1)$/i);
  const street2 = get(/^(?:address_?2|address_?line_?2|line_?2)$/i);
  const city = get(/^(?:city|town|locality)$/i);
  const state = get(/^(?:state|region|province)$/i);
  const zip = get(/^(?:postal_?code|zip(?:_?code)?|post_?code)$/i);
  const known = [street, street2, city, state, zip].filter(Boolean).length;
  if (!street || !city || known !== Object.values(r).filter((v) => typeof v === 'string' && v.trim()).length) return undefined;
  const tail = [state, zip].filter(Boolean).join(' ');
  return [shout(street), street2 ? shout(street2) : undefined, shout(city), tail || undefined].filter(Boolean).join(', ');
}

/**
 * The tire pressure the user set as the least they accept, when the request names one: "If it falls
 * under 37.5 PSI, …" -> 37.5, "Should any tire fall below the 40 PSI mark" -> 40, "inflated to a stable
 * 32 PSI. Should any of the tires fall short" -> 32, "insufficient (less than 30.0 psi)" -> 30. A check
 * of the pressure is answered against this number, not the API's own "healthy" flag.
 */
export function pressureFloor(request: string): number | undefined {
  const below = /\b(?:under|below|less than|lower than|short of)\s+(?:the\s+|a\s+|your\s+|my\s+)?(\d+(?:\.\d+)?)\s*psi\b/i.exec(request);
  if (below) return Number(below[1]);
  const short = /\b(\d+(?:\.\d+)?)\s*psi\b[^.?!]*[.?!]?[^.?!]*\b(?:falls?|drops?|is|are|comes?)\s+(?:short|under|below|lower)\b/i.exec(request);
  return short ? Number(short[1]) : undefined;
}

/** The titles a turn's calls gave, by id: {"id": 238, "title": "The Godfather"} anywhere in a response. */
export function titlesById(calls: { response: string; error?: string }[]): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (isPlainObject(v)) {
      const id = v.id ?? v.movie_id;
      const title = typeof v.title === 'string' ? v.title : typeof v.name === 'string' ? v.name : undefined;
      if ((typeof id === 'number' || typeof id === 'string') && title && title.trim()) out.set(String(id), title.trim());
      // Columns side by side ({"title": ["A", "B"], "organic_id": ["x1", "x2"]}): each id goes with the title beside it.
      const titles = Object.entries(v).find(([k, x]) => /^titles?$/i.test(k) && Array.isArray(x) && x.every((t) => typeof t === 'string'))?.[1] as string[] | undefined;
      if (titles) {
        for (const [k, x] of Object.entries(v)) {
          if (!/(?:^|_)ids?$/i.test(k) || !Array.isArray(x) || x.length !== titles.length) continue;
          x.forEach((i, n) => (typeof i === 'string' || typeof i === 'number') && titles[n].trim() && out.set(String(i), titles[n].trim()));
        }
      }
      Object.values(v).forEach(walk);
    }
  };
  for (const c of calls) if (!c.error) walk(parseToolResponse(c.response));
  return out;
}

/** A web search's answer as its parts: the results (title, link, snippet) in order, and the questions and searches it shows beside them. */
export interface WebSearch {
  results: { title: string; link: string; snippet: string }[];
  questions: string[];
  related: string[];
}

/**
 * A web search answer in Serper's shape, as T-Eval recorded it and the simulator writes it
 * ({'content': {'searchParameters': {…}, 'organic': [{title, link, snippet, position}], 'peopleAlsoAsk':
 * [{question, …}], 'relatedSearches': [{query}]}}, or the same without the wrapper): its results
 * and what it shows beside them; undefined for any other answer.
 */
export function webSearchOf(value: unknown): WebSearch | undefined {
  if (!isPlainObject(value)) return undefined;
  const body = Object.keys(value).length === 1 && isPlainObject(Object.values(value)[0]) ? (Object.values(value)[0] as Record<string, unknown>) : value;
  const isResult = (r: unknown): r is Record<string, unknown> => isPlainObject(r) && typeof r.title === 'string' && (typeof r.link === 'string' || typeof r.url === 'string');
  const key = Object.keys(body).find((k) => /^(?:organic(?:_?results)?|results|items|web_?results)$/i.test(k) && Array.isArray(body[k]) && (body[k] as unknown[]).length > 0 && (body[k] as unknown[]).every(isResult));
  if (!key) return undefined;
  const results = (body[key] as Record<string, unknown>[]).map((r) => ({ title: (r.title as string).trim(), link: String(r.link ?? r.url).trim(), snippet: typeof r.snippet === 'string' ? r.snippet.trim() : '' }));
  const listOf = (re: RegExp, field: string) => {
    const k = Object.keys(body).find((x) => re.test(x) && Array.isArray(body[x]));
    return k ? (body[k] as unknown[]).flatMap((r) => (isPlainObject(r) && typeof r[field] === 'string' ? [(r[field] as string).trim()] : [])) : [];
  };
  return { results, questions: listOf(/^people_?also_?ask$/i, 'question'), related: listOf(/^related_?searches$/i, 'query') };
}

/** One thing a request asks to be picked from a list by a superlative: "the highest-rated movie", "the most cited paper", "the cheapest hotel". */
export interface PickAsked {
  /** The request's own words for it, without "the": "highest-rated movie". */
  phrase: string;
  /** The field that decides it. */
  key: RegExp;
  /** Which end of the field wins. */
  best: 'max' | 'min';
}

const PICKS: { ask: RegExp; key: (word: string) => RegExp; best: (word: string) => 'max' | 'min' }[] = [
  { ask: /\b(?:the|which)\s+((?:highest|top|best|lowest|worst)[- ]rated\s+([a-z]+))\b/i, key: () => /^(?:vote_average|average_rating|ratings?|rate|score|stars)$/i, best: (w) => (/^(?:lowest|worst)/i.test(w) ? 'min' : 'max') },
  // "the most popular movie currently playing": the list it is picked from said with it (answer_lists_untold, teval_query_148_0).
  { ask: /\bthe\s+(most\s+(cited|popular)\s+([a-z]+)(?:\s+(?:currently|now)\s+(?:playing|showing)(?:\s+in\s+(?:theaters|theatres|cinemas))?)?)\b/i, key: (w) => (/cited/i.test(w) ? /^(?:cited_?by|citations?|citation_?count)$/i : /^(?:popularity|wish_?count)$/i), best: () => 'max' },
  { ask: /\bthe\s+((cheapest|least expensive|most expensive)\s+([a-z]+))\b/i, key: () => /(?:^|_)(?:price|cost|fare)$/i, best: (w) => (/most/i.test(w) ? 'max' : 'min') },
  { ask: /\bthe\s+((nearest|closest)\s+([a-z]+))\b/i, key: () => /(?:^|_)distance$/i, best: () => 'min' },
];

/**
 * The one thing a request asks picked from a list by a superlative, its noun singular ("Get the details of the
 * highest-rated movie"), never a list asked for ("the highest-rated movies", "the top three papers").
 */
export function pickAsked(request: string): PickAsked | undefined {
  for (const p of PICKS) {
    for (const m of request.matchAll(new RegExp(p.ask.source, 'gi'))) {
      const noun = m[m.length - 1];
      if (/s$/i.test(noun) && !/ss$/i.test(noun)) continue;
      // "the top rated list" asks for the list itself, not one thing in it.
      if (/^(?:of|in|among|from|and|to|for|list|ranking|chart|selection|section|category|page|data|info|information|details?|one)$/i.test(noun)) continue;
      // A noun before a plural head names a list ("the highest-rated research articles"), not one thing.
      const next = /^\s+([a-z]+)/i.exec(request.slice(m.index + m[0].length))?.[1] ?? '';
      if (/^[a-z]{3,}s$/i.test(next) && !/^(?:is|was|has|as|us|its|this|thus|plus|does|goes|across|versus|whereas)$/i.test(next)) continue;
      return { phrase: m[1].replace(/\s+/g, ' ').toLowerCase(), key: p.key(m[1]), best: p.best(m[1]) };
    }
  }
  return undefined;
}

/** A listed thing's name and the value that ranks it. */
export interface Ranked {
  name: string;
  value: number;
}

/** The named records of a response that the asked field ranks: a list of records ({films: [{title, vote_average}]}) or lists side by side ({title: [...], cited_by: [...]}). */
export function rankedRecords(value: unknown, key: RegExp): Ranked[] {
  const named = (r: Record<string, unknown>) => Object.entries(r).find(([k, v]) => /^(?:title|name)$/i.test(k) && typeof v === 'string' && v.trim())?.[1] as string | undefined;
  const rank = (r: Record<string, unknown>) => Object.entries(r).find(([k, v]) => key.test(k) && typeof v === 'number')?.[1] as number | undefined;
  const lists: unknown[][] = Array.isArray(value) ? [value] : isPlainObject(value) ? Object.values(value).filter((v): v is unknown[] => Array.isArray(v)) : [];
  for (const list of lists) {
    const out = list.filter(isPlainObject).flatMap((r) => (named(r) !== undefined && rank(r) !== undefined ? [{ name: named(r)!.trim(), value: rank(r)! }] : []));
    if (out.length >= 2) return out;
  }
  if (isPlainObject(value)) {
    const names = Object.entries(value).find(([k, v]) => /^(?:titles?|names?)$/i.test(k) && Array.isArray(v))?.[1] as unknown[] | undefined;
    const ranks = Object.entries(value).find(([k, v]) => key.test(k) && Array.isArray(v))?.[1] as unknown[] | undefined;
    if (names && ranks && names.length === ranks.length && names.length >= 2 && names.every((n) => typeof n === 'string') && ranks.every((n) => typeof n === 'number')) {
      return names.map((n, i) => ({ name: String(n).trim(), value: ranks[i] as number }));
    }
  }
  return [];
}

/** The records that win the pick: one, or several tied at the winning value. */
export function pickedRecords(records: Ranked[], best: PickAsked['best']): Ranked[] {
  if (records.length === 0) return [];
  const top = best === 'max' ? Math.max(...records.map((r) => r.value)) : Math.min(...records.map((r) => r.value));
  return records.filter((r) => r.value === top);
}

/** The place a "find the nearest …" look-up names ("find_nearest_tire_shop" -> "tire shop"), or undefined for any other call (its API name, without its toolkit). */
export function nearestPlaceOf(api: string): string | undefined {
  return /(?:^|_)(?:find|get|locate)_nearest_([a-z]+(?:_[a-z]+)?)$/.exec(api)?.[1]?.replace(/_/g, ' ');
}

/**
 * An answer's sentences, cut outside quotes only (a quoted snippet's own full stops are the snippet's; a
 * quote that ends its own sentence, "… Cosmos IBC!", ends the answer's too). The one splitter the
 * answer measures, the writer's restatement pass and the doubled-thought measure read.
 */
export function answerSentences(answer: string): string[] {
  const quotes: string[] = [];
  const masked = answer.replace(/"(?:[^"\\]|\\.)*"/g, (q) => `\u0000${quotes.push(q) - 1}\u0001${/[.!?]"$/.test(q) ? '.' : ''}`);
  return masked
    .split(/(?<=[.!?])\s+(?=[A-Z`\u0000(])/)
    .map((s) => s.replace(/\u0000(\d+)\u0001(\.?)/g, (_, i: string, dot: string) => (dot && /[.!?]"$/.test(quotes[+i]) ? quotes[+i] : quotes[+i] + dot)).trim())
    .filter(Boolean);
}

/** The numbers a sentence states outside quotes ("103", "14:00", "3426812"). */
export function numbersTold(sentence: string): string[] {
  return sentence.replace(/"(?:[^"\\]|\\.)*"/g, ' ').match(/\b\d[\d,.:]*\d\b|\b\d\b/g) ?? [];
}

/**
 * The sentences (by index) that state three or more numbers, every one already stated before them in
 * the same answer: "Room 103 is the only one free from 14:00 to 16:00. I reserved room 103 from 14:00
 * to 16:00.", a flight told booked and then its invoice told again field by field (answer_facts_restated).
 */
export function restatedSentences(sentences: readonly string[]): number[] {
  const seen = new Set<string>();
  const out: number[] = [];
  sentences.forEach((s, i) => {
    const told = numbersTold(s);
    // A quote the answer has not given yet is news (a review's text beside a rating and a day told before).
    const quotes = s.match(/"(?:[^"\\]|\\.)*"/g) ?? [];
    if (new Set(told).size >= 3 && told.every((n) => seen.has(n)) && quotes.every((q) => seen.has(q))) out.push(i);
    for (const n of [...told, ...quotes]) seen.add(n);
  });
  return out;
}

/** Fields whose values are codes people write bare: a stock's symbol, a watchlist, an airport. */
const CODE_KEY = /symbol|ticker|stock|watch|airport|travel_?(?:from|to)|iata/i;
const CODE = /^[A-Z]{2,5}$/;
/**
 * Numbers passed or given as text that people write bare all the same: a room's number (T-Eval's reserve takes
 * "102"; 'reserving the meeting room "102"' read as typed text), one of a room list given as text (so "room 101"
 * and the other rooms listed are said alike), a zipcode ('The zipcode of Rivermist is "83214".').
 */
const NUMBER_CODE_KEY = /^(?:room_?id|rooms?|zip_?code)$/i;
const NUMBER_CODE = /^\d{1,5}$/;

/**
 * The codes a turn's calls pass or give under a symbol, stock, watchlist or airport field ("QUAS", "NVDA",
 * "RMS"): stock symbols and airport codes, which a careful writer puts bare ("I added QUAS to the watchlist",
 * "The nearest airport to Rivermist is RMS"), never quoted as if they were text typed in (answer_code_quoted).
 */
export function codesOf(calls: readonly { name?: string; args: unknown; response: string }[]): Set<string> {
  const out = new Set<string>();
  const walk = (v: unknown, key: string): void => {
    if (typeof v === 'string') {
      if ((CODE_KEY.test(key) && CODE.test(v.trim())) || (NUMBER_CODE_KEY.test(key) && NUMBER_CODE.test(v.trim()))) out.add(v.trim());
    } else if (Array.isArray(v)) v.forEach((x) => walk(x, key));
    else if (v !== null && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, k);
  };
  for (const c of calls) {
    walk(c.args, '');
    // A bare list answers under its tool's name: list_all_airports' ['RMS', 'SBK', …] are airport codes.
    walk(parseToolResponse(c.response), c.name ?? '');
  }
  return out;
}

/** A symbol look-up's company argument: get_symbol_by_name(name="Zeta Corp"), search_stock_ticker(search="Airbnb"). */
const COMPANY_LOOKUP = /symbol_by_name|stock_ticker|ticker_by_name|company_symbol/i;
const COMPANY_KEY = /^(?:name|search|company(?:_?name)?|query)$/i;

/**
 * The company names a turn's symbol look-ups were asked about ("Zeta Corp", "Quasar Ltd."): names, which a
 * careful writer puts bare ("Zeta Corp trades under the symbol ZETA"), never quoted as typed text.
 */
export function companiesOf(calls: readonly { name?: string; args: unknown }[]): Set<string> {
  const out = new Set<string>();
  for (const c of calls) {
    if (!c.name || !COMPANY_LOOKUP.test(apiOf(c.name)) || !isPlainObject(c.args)) continue;
    for (const [k, v] of Object.entries(c.args)) if (COMPANY_KEY.test(k) && typeof v === 'string' && /^[A-Z][\w.&',-]*(?: [\w.&',-]+){0,4}$/.test(v.trim())) out.add(v.trim());
  }
  return out;
}

/** Everything a turn's calls give that a careful writer says bare: its codes and the companies its symbol look-ups were for. */
export function bareNamesOf(calls: readonly { name?: string; args: unknown; response: string }[]): Set<string> {
  return new Set([...codesOf(calls), ...companiesOf(calls)]);
}

/**
 * An answer with those codes and names unquoted: ""QUAS"" -> "QUAS", ""Zeta Corp" trades" -> "Zeta Corp
 * trades"; a name ending in its own full stop ends the sentence once ("for Quasar Ltd.", never "Ltd..").
 */
export function codesBare(answer: string, codes: ReadonlySet<string>): string {
  let out = answer;
  // Each code or name by its exact quoted form: a pattern pairing any two quote marks would pair the end of
  // one quoted text with the start of the next.
  for (const code of codes) out = out.replace(new RegExp(`"${escapeRegExp(code)}"(\\.?)`, 'g'), (_q, stop: string) => `${code}${stop && !code.endsWith('.') ? stop : ''}`);
  return out;
}

/** A coordinate given as one 'lon,lat' text (GaodeMap's {"coordinate": "116.407417,39.904172"}): its two numbers, or undefined. */
export function lonLatText(text: string): { lon: number; lat: number } | undefined {
  const m = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/.exec(text);
  return m ? { lon: Number(m[1]), lat: Number(m[2]) } : undefined;
}

/**
 * The address a coordinates look-up among these calls gave this 'lon,lat' text for (GaodeMap.get_coordinate(address=
 * "北京市政府") answering {"coordinate": "116.407417,39.904172"}), or undefined: a later search or distance at that
 * text is said at that place, never at numbers the user never said.
 */
export function addressOfLonLat(calls: readonly { name: string; args: unknown; response: string; error?: string }[], text: string): string | undefined {
  for (const c of calls) {
    if (c.error || !/coordinate/i.test(apiOf(c.name)) || !isPlainObject(c.args)) continue;
    const v = parseToolResponse(c.response);
    if (!isPlainObject(v) || typeof v.coordinate !== 'string' || v.coordinate.replace(/\s/g, '') !== text.replace(/\s/g, '')) continue;
    const named = Object.entries(c.args).find(([k, x]) => /^(?:address|location|place|name)$/i.test(k) && typeof x === 'string' && x.trim() !== '' && x.length <= 80);
    if (named) return (named[1] as string).trim();
  }
  return undefined;
}

/** Whether a call's answer gives exactly these coordinates ({"latitude": …, "longitude": …}, or lat/lon/lng). */
function givesCoordinates(response: string, lat: number, lon: number): boolean {
  const v = parseToolResponse(response);
  return isPlainObject(v) && (v.latitude ?? v.lat) === lat && (v.longitude ?? v.lon ?? v.lng) === lon;
}

/**
 * The place a coordinates look-up among these calls gave these coordinates for, as the call named it
 * ("500 Ocean Avenue"); undefined when none did. The writer says a nearby search near it, and
 * answer_place_as_coordinates flags an answer that says the numbers instead.
 */
export function placeOfCoordinates(calls: readonly { name: string; args: unknown; response: string; error?: string }[], lat: number, lon: number): string | undefined {
  for (const c of calls) {
    if (c.error || !/coordinates|geocod/i.test(apiOf(c.name)) || !givesCoordinates(c.response, lat, lon) || !isPlainObject(c.args)) continue;
    const named = Object.entries(c.args).find(([k, x]) => /^(?:location|address|place|city|query|name)$/i.test(k) && typeof x === 'string' && x.trim() !== '' && x.length <= 80);
    if (named) return (named[1] as string).trim();
  }
  return undefined;
}

/**
 * The property whose details gave these coordinates ("561489475078914207" for the latitude and longitude
 * get_property_details returned for it): a nearby search at a property's door is near that property,
 * whatever town the plan's "places" says (teval_query_114_2 searched two properties' surroundings both
 * "near San Francisco" and found different restaurants: answer_searches_told_alike).
 */
export function propertyOfCoordinates(calls: readonly { name: string; args: unknown; response: string; error?: string }[], lat: number, lon: number): string | undefined {
  for (const c of calls) {
    if (c.error || !/property_?details/i.test(apiOf(c.name)) || !isPlainObject(c.args) || !givesCoordinates(c.response, lat, lon)) continue;
    const id = Object.entries(c.args).find(([k]) => /^property_?id$/i.test(k))?.[1];
    if (typeof id === 'number' || typeof id === 'bigint' || (typeof id === 'string' && /^\d+$/.test(id))) return String(id);
  }
  return undefined;
}

/** The quoted names of a sentence, in order: quotes of up to 80 characters that are no text of their own (none ends on ".", "!" or "?"). */
export function quotedNames(sentence: string): string[] {
  return (sentence.match(/"(?:[^"\\]|\\.)*"/g) ?? []).filter((q) => q.length > 2 && q.length <= 82 && !/[.!?]"$/.test(q));
}

/** A quoted name of a file: it ends in an extension (""notes.txt"", ""outputs/marketing.pptx""). */
export const QUOTED_FILE = /\.[A-Za-z0-9]{1,5}"$/;

/**
 * The file a sentence saves by its name again after the sentences before named it, no other file among them ("I created
 * the file "a.pptx" …." then "Next, I saved "a.pptx"."), or undefined: the writer says "the file" (namesOnce), the
 * measure flags it (nameSaidAgain).
 */
export function savedAgain(earlier: readonly string[], sentence: string): string | undefined {
  const saved = /\bsaved ("[^"]*\.[A-Za-z0-9]{1,5}")/.exec(sentence)?.[1];
  const files = earlier.flatMap((t) => quotedNames(t).filter((q) => QUOTED_FILE.test(q)));
  return saved && files.includes(saved) && files.every((q) => q === saved) ? saved : undefined;
}

/** A sentence that only says the turn changed folder ("I'm now in that folder.", "I went into it."). */
const FOLDER_ONLY = /^(?:I'm now in (?:that folder|"(?:[^"\\]|\\.)*")|"(?:[^"\\]|\\.)*" is now the current folder|That folder is now the current one|I (?:have )?(?:went|moved) into (?:it|"(?:[^"\\]|\\.)*")|I changed to (?:that folder|the folder "(?:[^"\\]|\\.)*"))\.$/;

/**
 * The file a sentence renames by its name right after the sentence before copied or moved it, a sentence that only
 * changed folder allowed between ('… copied "a.txt" to "archives". After that, I changed to the folder "archives", then
 * renamed "a.txt" to "b.txt".'), with how it got there; undefined otherwise. The writer says "the copy" or "the file"
 * (namesOnce), the measure flags the name (nameSaidAgain).
 */
export function renamedAfterCarry(earlier: readonly string[], sentence: string): { name: string; kind: 'copied' | 'moved' } | undefined {
  const name = /\brenamed ("(?:[^"\\]|\\.)*") to "/.exec(sentence)?.[1];
  if (!name || /\?$/.test(sentence)) return undefined;
  const k = earlier.length - 1;
  const prev = k > 0 && FOLDER_ONLY.test(earlier[k]) ? `${earlier[k - 1]} ${earlier[k]}` : (earlier[k] ?? '');
  const kind = new RegExp(`\\b(copied|moved) ${escapeRegExp(name)} (?:to|into) "`).exec(prev)?.[1] as 'copied' | 'moved' | undefined;
  return kind ? { name, kind } : undefined;
}

/** A sentence whose subject is the name: it opens with it, or with "The text of" / "The last line of" it. */
const ABOUT_NAME = (q: string) => new RegExp(`^(?:The (?:text|last line) of )?${escapeRegExp(q)} `);

/**
 * A name said again where once would do (answer_name_said_again): twice in one sentence ("I created the file
 * "a.md" and then wrote the text to "a.md"."; a comparison of two things, "… differ by one line: "a" has … where
 * "b" has …", names each at its part), or in the sentence after one about it, as its subject again (""Paris"
 * has id 8279. "Paris" is a drama …") or at its end ("The text of "S" is "…". There are 36 characters in "S".",
 * "The directory I started in held "tmp". I went into "tmp"."), or a file saved by its name again after a sentence
 * before named it, no other file between ("I created the file "a.pptx" …. Next, I saved "a.pptx"."). The closing
 * question, which names its task, is left out. The name and the sentence, or undefined.
 */
export function nameSaidAgain(answer: string): { name: string; sentence: string } | undefined {
  const told = answerSentences(answer);
  for (const [i, s] of told.entries()) {
    if (/\?$/.test(s)) continue;
    const names = quotedNames(s);
    const twice = /\bdiffer\b/.test(s) ? undefined : names.find((q, k) => names.indexOf(q) !== k);
    if (twice) return { name: twice, sentence: s };
    const saved = savedAgain(told.slice(0, i), s);
    if (saved) return { name: saved, sentence: s };
    // A sentence opening on the name the sentence before ended on ('I moved into "projects". "projects" held …').
    const opener = /^"(?:[^"\\]|\\.)*"/.exec(s)?.[0];
    if (i > 0 && opener && told[i - 1].endsWith(`${opener}.`)) return { name: opener, sentence: `${told[i - 1]} ${s}` };
    // A file renamed by its name right after the sentence before copied or moved it ('… copied "a.txt" to "archives". … then renamed "a.txt" to "b.txt".').
    const renamed = i > 0 ? renamedAfterCarry(told.slice(0, i), s) : undefined;
    if (renamed) return { name: renamed.name, sentence: `${told[i - 1]} ${s}` };
    const before = i > 0 ? quotedNames(told[i - 1]) : [];
    if (new Set(before).size !== 1 || new Set(names).size !== 1 || names[0] !== before[0]) continue;
    const q = names[0];
    const prev = told[i - 1];
    const again = (ABOUT_NAME(q).test(prev) && ABOUT_NAME(q).test(s)) || ((ABOUT_NAME(q).test(prev) || prev.endsWith(`${q}.`)) && new RegExp(`\\b(?:in|into) ${escapeRegExp(q)}\\.$`).test(s));
    if (again) return { name: q, sentence: `${prev} ${s}` };
  }
  return undefined;
}

/** Counts a write's text is said by ("the three papers' details"). */
const WRITTEN_COUNT = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

/**
 * What a write put in its file, so the user knows which text: a short line quoted ("wrote "quantum computing" to
 * "summary.txt""), papers copied from a search by what they are ("wrote the three papers' details to …"), lines
 * by their count; never only "wrote the text to …", which leaves the user to guess (answer_written_text_unsaid).
 */
export function writtenWhat(args: unknown): string {
  const content = isPlainObject(args) ? (args.content ?? args.text) : undefined;
  const text = typeof content === 'string' ? content.trim() : '';
  if (!text) return 'the text';
  const papers = (text.match(/^Title: /gm) ?? []).length;
  if (papers) return papers === 1 ? "the paper's details" : `the ${WRITTEN_COUNT[papers] ?? papers} papers' details`;
  if (!text.includes('\n') && text.length <= 100 && !text.includes('"')) return JSON.stringify(text);
  const lines = text.split('\n').filter((l) => l.trim()).length;
  return lines > 1 ? `the ${WRITTEN_COUNT[lines] ?? lines} lines of text` : 'the text';
}

/** A request for the most anticipated of a coming list ("the three most anticipated films"): ranked by how many want to see them. */
export const MOST_AWAITED = /\bmost (?:eagerly )?(?:anticipated|awaited|wanted)\b/i;

/** The field of a film record that counts the people wanting to see it (Douban's wantWatchPeopleNum). */
export const wantField = (record: unknown): string | undefined => (isPlainObject(record) ? Object.keys(record).find((k) => /want_?watch/i.test(k) && typeof record[k] === 'number') : undefined);

/**
 * A list's records in the order a request for "the N most anticipated" names them, by how many want to see them (the
 * list's own order for any other request, or a list that counts no one): the positions into `list`. The writer names
 * them so, and the measures owe and check them so.
 */
export function awaitedOrder(list: readonly unknown[], request: string): number[] {
  const order = list.map((_, i) => i);
  const wanted = MOST_AWAITED.test(request) ? wantField(list[0]) : undefined;
  const count = (i: number) => Number((list[i] as Record<string, unknown>)[wanted!] ?? 0);
  return wanted ? order.sort((a, b) => count(b) - count(a)) : order;
}

