/**
 * When is an extra tool "the same function" as a tool the case uses? Extra Tools must add
 * distractors, never a second correct answer, so evolve excludes and verify re-checks:
 *
 *   1. same name (`Toolkit.api`) — the same tool;
 *   2. same api name in any toolkit (`A.get_weather` vs `B.get_weather`), compared after
 *      normalising case, `_`, camelCase and a plural (`GaodeMap.get_coordinate` vs
 *      `BINGMap.get_coordinates`);
 *   2b. any toolkit, the same thing looked up: both api names a lookup verb (get, estimate, compute,
 *      find, ...) and the same object once verbs, sources ("from_google") and fillers are left out,
 *      an abbreviation counting as its word (`BINGMap.get_distance` vs
 *      `VehicleControlAPI.estimate_distance`, `TimeTool.get_curr_time` vs
 *      `TradingBot.get_current_time`);
 *   2c. any toolkit, the same job: what a tool does read as a verb class and an object class, from
 *      its api name or, when the name does not say both, from its description's first sentence
 *      (`toolJob`): read a file (`GorillaFileSystem.cat` "Display the contents of a file" vs
 *      `FileOperation.read_file` "read file from disk"), write a file (`echo` vs `write_file`),
 *      convert units (`VehicleControlAPI.liter_to_gallon` vs `MathAPI.imperial_si_conversion`), send
 *      a message (`MessageAPI.send_message` vs `Email.send`), read messages, look up the weather, the
 *      details of a movie, what is showing now, places near a location, scholarly articles;
 *   2d. any toolkit, one api name's object words (two or more, verbs and fillers left out) all in
 *      the other's (`FilmTMDB.get_now_playing` vs `FilmDouban.now_playing_out_filter`);
 *   3. same toolkit and similar api names: Jaccard similarity of their word sets ≥ 0.5
 *      (`TravelAPI.book_flight` vs `TravelAPI.book_flight_ticket`), or one word set inside the other;
 *   4. any toolkit, descriptions that say the same thing: Jaccard similarity of their content-word
 *      sets (lower-cased, stop words dropped, plural `s` stripped, words of 3+ letters) ≥ 0.5, when
 *      both descriptions have at least 4 content words (shorter ones say too little to compare).
 *      A BFCL doc is compared on its own text (after "Tool description:"): the toolkit preamble
 *      they share would make every pair of one toolkit alike, and the words of two preambles
 *      would drown what two tools of different toolkits do (`TradingBot.get_symbol_by_name` vs
 *      `PolygonFinance.search_stock_ticker`). Two docs that each name their own toolkit's system, and
 *      not the other's ("Authenticate user for ticket system" of `TicketAPI.ticket_login`, "...with
 *      travel system" of `TravelAPI.authenticate_travel`), are two systems' tools, not one function.
 *
 * The thresholds are deliberately conservative: a distractor wrongly excluded costs nothing, a
 * duplicate wrongly admitted makes the ground truth ambiguous.
 */
import { ownDescription } from '../toolDescription.js';
import { FINISH_ACTION, type TestCase, type ToolDoc } from '../schemas.js';

export const NAME_JACCARD = 0.5;
export const DESCRIPTION_JACCARD = 0.5;
const MIN_DESCRIPTION_WORDS = 4;

const STOP = new Set(
  'the and for with from that this into onto are was were will can may its it’s has have had not but you your our their them they then than when what which who whom whose how all any each per via use used uses using given based also only just more most such other some over under about above after before between both same own very should would could one two a an of to in on by or as at be is if do does'.split(
    ' ',
  ),
);

// Word sets are asked for the same names and descriptions many thousand times (every candidate
// against every listed tool of every case), so they are computed once per string.
const nameMemo = new Map<string, string[]>();
const contentMemo = new Map<string, Set<string>>();

export function nameWords(identifier: string): string[] {
  let words = nameMemo.get(identifier);
  if (!words) nameMemo.set(identifier, (words = splitName(identifier)));
  return words;
}

function splitName(identifier: string): string[] {
  return identifier
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** Content words of a text; the returned set is shared, do not modify it. */
export function contentWords(text: string): Set<string> {
  let words = contentMemo.get(text);
  if (!words) contentMemo.set(text, (words = splitContent(text)));
  return words;
}

function splitContent(text: string): Set<string> {
  const out = new Set<string>();
  for (const w of text.toLowerCase().split(/[^a-z0-9]+/)) {
    if (w.length < 3 || STOP.has(w)) continue;
    out.add(w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w);
  }
  return out;
}

export function jaccard<T>(a: Set<T>, b: Set<T>): number {
  if (a.size === 0 && b.size === 0) return 1;
  let inter = 0;
  for (const x of a) if (b.has(x)) inter++;
  return inter / (a.size + b.size - inter);
}

const stemWord = (w: string) => (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w);

/** Verbs of an api name that look something up without changing anything. */
const LOOKUP_VERBS = new Set(['get', 'fetch', 'retrieve', 'estimate', 'compute', 'calculate', 'find', 'search', 'lookup', 'query', 'list', 'show', 'display', 'check']);
/** Words of an api name that say where from or how, not what: `get_outside_temperature_from_google`. */
const NAME_FILLERS = new Set(['by', 'from', 'of', 'for', 'with', 'to', 'on', 'in', 'the', 'a', 'based', 'info', 'information', 'detail', 'details', 'data']);

/** What a lookup api fetches ("get_curr_time" -> ["curr", "time"]), or undefined when its name does not open with a lookup verb. */
function lookupObject(words: string[]): string[] | undefined {
  if (!LOOKUP_VERBS.has(words[0] ?? '')) return undefined;
  const from = words.indexOf('from');
  const object = (from > 0 ? words.slice(1, from) : words.slice(1)).filter((w) => !NAME_FILLERS.has(w) && !LOOKUP_VERBS.has(w)).map(stemWord);
  return object.length ? object : undefined;
}

/** An api name's words once verbs and fillers are left out ("get_now_playing" -> {now, playing}). */
function objectWords(words: string[]): Set<string> {
  return new Set(words.filter((w) => !VERB_CLASS[w] && !LOOKUP_VERBS.has(w) && !NAME_FILLERS.has(w) && !['all', 'out', 'filter', 'list'].includes(w)).map(stemWord));
}

/** One word the abbreviation of the other ("curr" of "current", "temp" of "temperature"), or the same. */
function sameNameWord(a: string, b: string): boolean {
  return a === b || (a.length >= 3 && b.length >= 3 && (a.startsWith(b) || b.startsWith(a)));
}


/** A verb class: what kind of act a verb names. */
const VERB_CLASS: Record<string, string> = {
  ...Object.fromEntries(['read', 'reads', 'cat', 'display', 'displays', 'show', 'shows', 'view', 'views', 'print', 'prints', 'output', 'outputs', 'open', 'opens'].map((w) => [w, 'read'])),
  ...Object.fromEntries(['write', 'writes', 'echo', 'echoes', 'append', 'appends'].map((w) => [w, 'write'])),
  ...Object.fromEntries(['convert', 'converts', 'conversion', 'conversions'].map((w) => [w, 'convert'])),
  ...Object.fromEntries(['send', 'sends'].map((w) => [w, 'send'])),
  ...Object.fromEntries(
    ['get', 'gets', 'fetch', 'fetches', 'retrieve', 'retrieves', 'find', 'finds', 'search', 'searches', 'lookup', 'query', 'queries', 'list', 'lists', 'estimate', 'estimates', 'check', 'checks', 'forecast'].map((w) => [w, 'lookup']),
  ),
};

/** An object class: what a tool acts on, by the words that name it (singular; `stemWord` first). */
const OBJECT_CLASS: Record<string, string> = {
  file: 'file',
  ...Object.fromEntries(['unit', 'gallon', 'liter', 'litre', 'imperial', 'si', 'metric', 'celsiu', 'fahrenheit', 'mile', 'kilometer', 'meter', 'pound', 'kilogram'].map((w) => [w, 'unit'])),
  ...Object.fromEntries(['message', 'msg', 'email', 'mail', 'inbox'].map((w) => [w, 'message'])),
  ...Object.fromEntries(['weather', 'temperature'].map((w) => [w, 'weather'])),
  ...Object.fromEntries(['movie', 'film'].map((w) => [w, 'movie'])),
  ...Object.fromEntries(['article', 'paper', 'arxiv', 'scholar', 'scholarly'].map((w) => [w, 'article'])),
  // A place is a job only as what is near somewhere ("search_nearby", "find_nearest_tire_shop").
  ...Object.fromEntries(['place', 'shop', 'restaurant', 'airport', 'station', 'hotel'].map((w) => [w, 'place'])),
  // Words that name an object of their own, so a sentence about them is not read as about the words above.
  ...Object.fromEntries(['log', 'directory', 'dir', 'folder', 'ppt', 'pptx', 'image', 'page', 'ticket', 'tweet', 'comment', 'user', 'contact', 'stat', 'statistic', 'status', 'line', 'pattern', 'difference', 'usage', 'news', 'ticker', 'stock', 'author', 'citation', 'property', 'room', 'flight', 'booking'].map((w) => [w, 'other'])),
};

/** Jobs an api name alone says: shell commands and the like. */
const NAME_JOBS: Record<string, string> = { cat: 'read:file', tail: 'read:file', head: 'read:file', echo: 'write:file', touch: 'write:file' };

/** Aspects a lookup of some objects asks for: the same object asked for a different aspect is a different job. */
const ASPECTS: Record<string, string> = {
  detail: 'detail', details: 'detail', info: 'detail', information: 'detail', review: 'review', reviews: 'review', similar: 'similar', popular: 'popular', rated: 'rated',
  now: 'now', playing: 'now', coming: 'coming', upcoming: 'coming', nearby: 'nearby', nearest: 'nearby', near: 'nearby', forecast: 'forecast', today: 'today', outside: 'today', sent: 'sent', inbox: 'received',
};

/** Words of a description's first sentence, the BFCL preamble, "This function", a T-Eval heading ("Send:") left out. */
function leadWords(description: string): string[] {
  let text = ownDescription(description).trim();
  text = text.replace(/^[A-Za-z][\w ]{0,40}:\s+/, '').replace(/^(?:this|the)\s+(?:function|tool|api|method)\s+(?:is used to\s+)?/i, '');
  const first = text.split(/(?<=[.!?])\s+/)[0] ?? '';
  return first.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
}

/**
 * The verb class (a verb among the first two words) and object class of a name's or a sentence's
 * words, and the aspects it names. A name's object is its last classed word, its head noun
 * ("get_message_stats" is about stats); a sentence's is its first after the verb ("Display the
 * contents of a file").
 */
function classify(words: string[], head: 'first' | 'last'): { verb?: string; object?: string; aspects: Set<string> } {
  let verb: string | undefined;
  let object: string | undefined;
  const aspects = new Set<string>();
  words.forEach((w, i) => {
    if (verb === undefined && i <= 1 && VERB_CLASS[w]) {
      verb = VERB_CLASS[w];
      return;
    }
    const o = OBJECT_CLASS[stemWord(w)] ?? OBJECT_CLASS[w];
    if (o && (head === 'last' || object === undefined)) object = o;
    if (ASPECTS[w]) aspects.add(ASPECTS[w]);
  });
  if (verb === 'lookup' && words[0] === 'forecast') aspects.add('forecast');
  // "liter_to_gallon": one unit to another is a conversion.
  if (!verb && words.includes('to') && words.filter((w) => OBJECT_CLASS[stemWord(w)] === 'unit').length >= 2) verb = 'convert';
  return { verb, object, aspects };
}

// By description, then name: a key joining the two copied the description (BFCL's carry the toolkit's
// long preamble) on every ask, thousands of times per stage.
const jobMemo = new Map<string, Map<string, string | undefined>>();

/**
 * What a tool does, as `verb:object[:aspect]` (`read:file`, `convert:unit`, `lookup:movie:detail`),
 * or undefined when neither its name nor its description's first sentence says both a known verb
 * class and a known object class. The name speaks first; the description fills in what it leaves out.
 */
export function toolJob(tool: Pick<ToolDoc, 'name' | 'description'>): string | undefined {
  let ofDescription = jobMemo.get(tool.description);
  if (!ofDescription) jobMemo.set(tool.description, (ofDescription = new Map()));
  if (ofDescription.has(tool.name)) return ofDescription.get(tool.name);
  const api = split(tool.name).api;
  let job: string | undefined = NAME_JOBS[api.toLowerCase()];
  if (!job) {
    const n = classify(nameWords(api), 'last');
    const d = tool.description ? classify(leadWords(tool.description), 'first') : { aspects: new Set<string>() };
    const verb = n.verb ?? d.verb;
    // The name's object wins; a name with no object word ("print_detail", "send") takes the description's.
    const object = n.object ?? d.object;
    const aspects = [...new Set([...n.aspects, ...d.aspects])].sort();
    if (verb && object && object !== 'other' && !(object === 'place' && !aspects.includes('nearby'))) {
      if (object === 'file' || object === 'unit' || object === 'article' || verb === 'send') job = `${verb}:${object}`;
      // Showing and viewing messages is one job, whichever box they are in.
      else if (object === 'message' && verb === 'read') job = 'read:message';
      // Looking up and printing out are one job for what is only ever read (a movie's details, the weather).
      else job = `lookup:${object}${aspects.length ? `:${aspects.join('+')}` : ''}`;
    }
  }
  ofDescription.set(tool.name, job);
  return job;
}

function split(name: string): { toolkit: string; api: string } {
  const dot = name.indexOf('.');
  return dot < 0 ? { toolkit: '', api: name } : { toolkit: name.slice(0, dot), api: name.slice(dot + 1) };
}

/**
 * What `sameFunction` reads of a tool's name, worked out once per name: evolve compares every pool
 * tool with every tool a case lists or uses, and each comparison split, stemmed and filtered both
 * names again. A function of the name alone; the returned object is shared, do not modify it.
 */
interface NameFeatures {
  toolkit: string;
  /** The api name's words, stemmed, joined by "_". */
  stemmed: string;
  lookup: string[] | undefined;
  objects: Set<string>;
  wordSet: Set<string>;
}
const featureMemo = new Map<string, NameFeatures>();

function nameFeatures(name: string): NameFeatures {
  let hit = featureMemo.get(name);
  if (!hit) {
    const { toolkit, api } = split(name);
    const words = nameWords(api);
    hit = { toolkit, stemmed: words.map(stemWord).join('_'), lookup: lookupObject(words), objects: objectWords(words), wordSet: new Set(words) };
    featureMemo.set(name, hit);
  }
  return hit;
}

/** Why `candidate` counts as the same function as `used`, or undefined when it is a fair distractor. */
export function sameFunction(candidate: Pick<ToolDoc, 'name' | 'description'>, used: Pick<ToolDoc, 'name' | 'description'>): string | undefined {
  if (candidate.name === used.name) return `same name ${used.name}`;
  const a = nameFeatures(candidate.name);
  const b = nameFeatures(used.name);
  if (a.stemmed === b.stemmed) return `same api name as ${used.name}`;
  const oa = a.lookup;
  const ob = b.lookup;
  if (oa && ob && oa.length === ob.length && oa.every((w, i) => sameNameWord(w, ob[i]))) return `looks up the same thing as ${used.name} (${ob.join(' ')})`;
  const ja = toolJob(candidate);
  if (ja && ja === toolJob(used)) return `does the same job as ${used.name} (${ja.replace(/:/g, ' ')})`;
  const ca = a.objects;
  const cb = b.objects;
  if (a.toolkit !== b.toolkit && Math.min(ca.size, cb.size) >= 2 && ([...ca].every((w) => cb.has(w)) || [...cb].every((w) => ca.has(w)))) return `names the same thing as ${used.name} (${[...(ca.size <= cb.size ? ca : cb)].join(' ')})`;
  if (a.toolkit === b.toolkit) {
    const sa = a.wordSet;
    const sb = b.wordSet;
    const j = jaccard(sa, sb);
    if (j >= NAME_JACCARD) return `same toolkit and similar name as ${used.name} (name Jaccard ${j.toFixed(2)})`;
    if ([...sa].every((w) => sb.has(w)) || [...sb].every((w) => sa.has(w))) return `same toolkit and a name contained in ${used.name}`;
  }
  const da = contentWords(ownDescription(candidate.description));
  const db = contentWords(ownDescription(used.description));
  // Two docs that each name their own, different system ("Authenticate user for ticket system" vs
  // "Authenticate user with travel system") are two systems' logins, not one function.
  const own = (toolkit: string, words: Set<string>) => nameWords(toolkit).some((w) => w.length >= 3 && w !== 'api' && words.has(stemWord(w)));
  const namesOwnSystem = a.toolkit !== b.toolkit && own(a.toolkit, da) && own(b.toolkit, db) && !own(a.toolkit, db) && !own(b.toolkit, da);
  if (!namesOwnSystem && da.size >= MIN_DESCRIPTION_WORDS && db.size >= MIN_DESCRIPTION_WORDS) {
    const j = jaccard(da, db);
    if (j >= DESCRIPTION_JACCARD) return `description overlaps ${used.name}'s (content-word Jaccard ${j.toFixed(2)})`;
  }
  return undefined;
}

/** The first conflict of `candidate` with any of `used`. */
export function conflictWith(candidate: Pick<ToolDoc, 'name' | 'description'>, used: Pick<ToolDoc, 'name' | 'description'>[]): string | undefined {
  // Name rules against every used tool first, so the reason given is the strongest one.
  for (const u of used) {
    const why = sameFunction(candidate, { name: u.name, description: '' });
    if (why) return why;
  }
  for (const u of used) {
    const why = sameFunction(candidate, u);
    if (why) return why;
  }
  return undefined;
}

/**
 * What the ground truth's step asks for, for `servesRequest`: the request of the turn that holds the
 * step (the case's last user message) and the ground truth's calls with their docs.
 */
export interface RequestStep {
  request: string;
  steps: { doc: Pick<ToolDoc, 'name' | 'description'>; args: Record<string, unknown> }[];
}

/** Words of a request that ask for one aspect of a lookup: today's weather, a forecast, what is on now. */
const ASPECT_CUES: [RegExp, string][] = [
  [/\b(?:today|tonight|currently|current|right now|at the moment)\b/i, 'today'],
  [/\b(?:forecasts?|tomorrow|upcoming|next (?:few |couple of |\d+ |two |three |four |five )?days?|this week(?:end)?|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.? \d{1,2}\b|\d{4}-\d\d-\d\d)/i, 'forecast'],
];

/**
 * Lookups whose aspects are windows on one series, so one can stand in for another (a one-day
 * forecast is today's weather). A movie's details, what is showing now and what is coming are
 * different lists: their aspects never stand in for each other.
 */
const SERIES_LOOKUPS = new Set(['lookup:weather']);

function jobParts(job: string): { base: string; aspects: string[] } {
  const [verb, object, aspects] = job.split(':');
  return { base: `${verb}:${object}`, aspects: aspects ? aspects.split('+') : [] };
}

/**
 * Why `candidate`, added next to the case's tools, could serve the request the ground truth's step
 * serves (a second right answer that `sameFunction` cannot see, since the two tools do different
 * jobs), or undefined when it cannot: the same lookup of a series (the weather) as a ground-truth
 * tool, for another window of it that the request or the call asks for too —
 * `Weather.get_weather_today` next to `forecast_weather(days=1)` (a one-day forecast is today's
 * weather), `forecast_weather` next to `get_weather_today` for "the forecast for October 17". A
 * candidate of no window (a plain weather lookup) serves every window.
 *
 * A tool of another job that the request also asks for (`AirbnbSearch.check_availability` for "find
 * available rentals ... with details", the step `get_property_details`) is a fair distractor: it
 * serves another part of the request, not the step, and returns none of what the step asks for.
 */
export function servesRequest(candidate: Pick<ToolDoc, 'name' | 'description'>, at: RequestStep): string | undefined {
  const read = readRequest(at.request);
  const detail = read.detail ? sameDetailLookup(candidate, at) : undefined;
  if (detail) return detail;
  const cJob = toolJob(candidate);
  if (cJob) {
    const c = jobParts(cJob);
    const cues = read.cues;
    for (const step of at.steps) {
      const gJob = toolJob(step.doc);
      if (!gJob) continue;
      const g = jobParts(gJob);
      if (g.base !== c.base || !SERIES_LOOKUPS.has(c.base)) continue;
      const asked = new Set([...g.aspects, ...cues]);
      // A forecast of one day is today's weather.
      if (g.aspects.includes('forecast') && Object.entries(step.args).some(([k, v]) => /day/i.test(k) && Number(v) === 1)) asked.add('today');
      const shared = c.aspects.filter((a) => asked.has(a));
      if (c.aspects.length === 0 || shared.length) return `serves the request ${step.doc.name} serves (${c.base.replace(':', ' ')}${shared.length ? `, ${shared.join('+')}` : ''})`;
    }
  }
  return undefined;
}

/**
 * What a request's words say for `servesRequest`: whether it asks for details, and the aspects it
 * cues. A function of the text alone, read once per request: evolve asks it for every admissible
 * candidate of a case (hundreds), and the two long patterns over the same text were most of its cost.
 */
const requestMemo = new Map<string, { detail: boolean; cues: ReadonlySet<string> }>();

function readRequest(request: string): { detail: boolean; cues: ReadonlySet<string> } {
  let hit = requestMemo.get(request);
  if (!hit) {
    if (requestMemo.size >= 20_000) requestMemo.clear();
    hit = { detail: DETAIL_REQUEST.test(request), cues: new Set(ASPECT_CUES.filter(([re]) => re.test(request)).map(([, a]) => a)) };
    requestMemo.set(request, hit);
  }
  return hit;
}

/** Things two toolkits name by different words: a stock is looked up by its ticker or symbol. */
const SUBJECT_FAMILY: Record<string, string> = { stock: 'security', ticker: 'security', share: 'security', equity: 'security', symbol: 'security' };

/** A request for the details of something ("Bring up information on 'NVDA'", "a comprehensive breakdown of the last stock"). */
const DETAIL_REQUEST = /\b(?:info(?:rmation)?|details?|detailed|about|overview|profile|describe|rundown|breakdown)\b/i;

/** The subject family of a tool that looks up the details of one thing (`get_stock_info`, `get_ticker_detail`): a lookup verb, one family word, a detail aspect in its name or first sentence. */
function detailLookupFamily(tool: Pick<ToolDoc, 'name' | 'description'>): string | undefined {
  const words = nameWords(split(tool.name).api);
  if (!LOOKUP_VERBS.has(words[0] ?? '')) return undefined;
  const objects = [...objectWords(words)];
  const families = new Set(objects.map((w) => SUBJECT_FAMILY[w]));
  if (objects.length !== 1 || families.size !== 1 || families.has(undefined as unknown as string)) return undefined;
  const aspects = new Set([...classify(words, 'last').aspects, ...(tool.description ? classify(leadWords(tool.description), 'first').aspects : [])]);
  return aspects.has('detail') ? [...families][0] : undefined;
}

/**
 * A tool of another toolkit that looks up the details of the same thing as the ground truth's step,
 * for a request that asks for details: `PolygonFinance.get_ticker_detail` ("detailed information about
 * the ticker and the company behind it") next to `TradingBot.get_stock_info` ("Gets the details of a
 * stock.") for "Bring up information on 'NVDA'". Both docs fit the request's words, so either call
 * answers it: a second right answer, not a distractor.
 */
function sameDetailLookup(candidate: Pick<ToolDoc, 'name' | 'description'>, at: RequestStep): string | undefined {
  if (!readRequest(at.request).detail) return undefined;
  const family = detailLookupFamily(candidate);
  if (!family) return undefined;
  const toolkit = split(candidate.name).toolkit;
  const step = at.steps.find((s) => split(s.doc.name).toolkit !== toolkit && detailLookupFamily(s.doc) === family);
  return step ? `looks up the details of the same thing as ${step.doc.name} for a request that asks for them (${family})` : undefined;
}

/**
 * Asks a request can make that some toolkits serve and others do not: what the words say, which
 * tools answer it when listed, and which could be tried for it when added (a route "in km" can be
 * read for how far two places are, so an added route tool serves a distance ask, while a listed
 * route tool still leaves "measure the distance" to a distance tool the plan lacks).
 */
const UNMET_ASKS: { ask: string; cue: RegExp; listedServes: RegExp; addedServes: RegExp }[] = [
  {
    ask: 'the distance between two places',
    cue: /\bhow far\b|\bdistances? (?:between|from)\b|\b(?:measure|calculate|estimate|compute|find|get|know|tell me|give me|provide) (?:me )?(?:the |its )?(?:driving |travel )?distances?\b/i,
    listedServes: /distance/,
    addedServes: /distance|route/,
  },
  { ask: 'the price of a stay', cue: /\b(?:cost|price|total)s?\b[^.?!]{0,40}\b(?:stay|nights?)\b/i, listedServes: /checkout|stay/, addedServes: /checkout|stay/ },
];

function apiName(name: string): string {
  return split(name).api.toLowerCase();
}

/**
 * Why `candidate`, added next to `listed`, would serve a part of `request` that no listed tool can
 * (teval_query_272_1 asks "how far the first Italian restaurant is from 123 Main Street" with no
 * distance tool listed, so its plan goes on to the films; an added `BINGMap.get_route` "in km" or
 * `BINGMap.get_distance` makes measuring it first a call as right as the ground truth's), or
 * undefined. The base case's plan skipped that ask for want of a tool: an added tool for it gives
 * the case a second right next call, not a distractor.
 */
export function servesUnmetAsk(candidate: Pick<ToolDoc, 'name'>, request: string, listed: Pick<ToolDoc, 'name'>[]): string | undefined {
  for (const a of UNMET_ASKS) {
    // The candidate's name first: evolve asks this of every candidate of every case (~390,000), few of them a distance or stay tool,
    // and the cue over the request was 0.7 s of a profiled build.
    if (!a.addedServes.test(apiName(candidate.name))) continue;
    const said = a.cue.exec(request);
    if (!said) continue;
    if (listed.some((t) => a.listedServes.test(apiName(t.name)))) continue;
    return `serves "${said[0]}" (${a.ask}), which no listed tool serves`;
  }
  return undefined;
}

/** What a case's ground-truth step asks for: its turn's request (the last user message) and its calls. */
export function requestStep(tc: Pick<TestCase, 'groundTruth' | 'messages' | 'tools'>): RequestStep {
  const byName = new Map(tc.tools.map((t) => [t.name, t]));
  const calls = (Array.isArray(tc.groundTruth) ? tc.groundTruth : [tc.groundTruth]).filter((a) => a.name !== FINISH_ACTION);
  const request = [...tc.messages].reverse().find((m) => m.role === 'user')?.content ?? '';
  return {
    request,
    steps: calls.map((a) => ({ doc: { name: a.name, description: byName.get(a.name)?.description ?? '' }, args: (a.args && typeof a.args === 'object' && !Array.isArray(a.args) ? a.args : {}) as Record<string, unknown> })),
  };
}
