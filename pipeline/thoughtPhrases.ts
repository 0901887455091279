/**
 * How a thought says what a call is for and what it passes: the tool's own description as a verb
 * phrase ("get the zipcode of a city") and its arguments in words ("city "Paris" and unit "C"").
 * The thought writer frames them for each ground-truth call; a wrong call's thought (pipeline/errors/
 * injectors/thoughts.ts) says them for the wrong call in the same frame, so nothing but its content
 * tells the two apart.
 */
import { ownDescription } from './toolDescription.js';
import { nlp } from './nlp.js';
import { isCjkText, joinAnd, keyAsWords, keyNoun, withArticle, type KeyDoc, QUOTED_TEXT } from './quality/grammar.js';
import { parseJson } from './pyValues.js';
import { parseToolResponse } from './prompts/parseAction.js';
import { pluralOf } from './resolution/topicPhrase.js';

/** The API's own description (BFCL's toolkit preamble dropped), its first sentence, without its period. */
export function purpose(description: string): string {
  // BFCL descriptions carry a preamble about the toolkit; the part after "Tool description:" is the API's own.
  const own = ownDescription(description);
  let first = own.trim().split(/(?<=\.)\s/)[0].replace(/\.$/, '').replace(/^\[[^\]]*\]\s*/, '');
  // A doc's template slot ("the filtered [outNum] playing films") is no words a person thinks in.
  first = first.replace(/\s*\[[A-Za-z_]+\]/g, '');
  // A clause pointing at another API by a name no tool list holds ("using the room id provided by `check_empty`").
  first = first.replace(/,?\s+(?:using|with|from|by|via)\b[^,;`]*`[^`]+`[^,;]*/g, '');
  // An instruction to the model ("When all steps done, YOU MUST use save_file() to save PPT") says what the tool is for after "to".
  const instructed = /\buse\s+`?\w+\(\)`?\s+to\s+(.+)$/i.exec(first);
  if (instructed) first = instructed[1].replace(/\bPPT\b/, 'the presentation');
  return first.charAt(0).toLowerCase() + first.slice(1);
}

/** Verbs a doc may open with that compromise may read as nouns ("list", "search", "post", ...). */
const OPENING_VERBS = new Set(['add', 'adjust', 'answer', 'archive', 'ask', 'book', 'buy', 'calculate', 'call', 'cancel', 'change', 'check', 'close', 'compare', 'compute', 'convert', 'copy', 'count', 'create', 'delete', 'display', 'download', 'edit', 'estimate', 'fetch', 'fill', 'filter', 'find', 'follow', 'generate', 'get', 'give', 'handle', 'list', 'load', 'lock', 'log', 'look', 'make', 'mention', 'modify', 'move', 'navigate', 'open', 'order', 'pause', 'place', 'play', 'post', 'press', 'print', 'purchase', 'query', 'raise', 'read', 'record', 'release', 'remove', 'rename', 'reply', 'request', 'reset', 'resolve', 'retrieve', 'retweet', 'return', 'round', 'run', 'save', 'search', 'sell', 'send', 'set', 'share', 'show', 'sort', 'start', 'stop', 'submit', 'take', 'translate', 'turn', 'unlock', 'update', 'upload', 'use', 'verify', 'view', 'withdraw', 'write']);

/** A third-person verb in its base form: "gets" -> "get", "searches" -> "search", "applies" -> "apply". */
export function baseForm(word: string): string {
  const w = word.toLowerCase();
  if (/ies$/.test(w)) return w.slice(0, -3) + 'y';
  if (/(ch|sh|ss|x|z|o)es$/.test(w)) return w.slice(0, -2);
  if (/[^s]s$/.test(w)) return w.slice(0, -1);
  return w;
}

/**
 * What the step does as a base-form verb phrase, for "I need to ___": the doc's first sentence with
 * "This function/tool/API" dropped and a third-person verb put in its base form ("Gets the zipcode"
 * -> "get the zipcode"); a doc that names a thing instead ("A google search API") becomes "use a
 * google search API"; a doc with nothing usable, "use <api>".
 */
export function intentOf(description: string, api: string, args: Record<string, unknown> | string = {}): string {
  const key = `${description}\u0000${api}\u0000${argsReadByIntent(args)}`;
  let intent = intents.get(key);
  if (intent === undefined) {
    intent = writeIntent(description, api, args);
    if (intents.size >= 10_000) intents.clear();
    intents.set(key, intent);
  }
  return intent;
}

/**
 * intentOf per doc, API and what it reads of the arguments: every stage words the same few hundred
 * docs for thousands of steps (the wrong call's thought, the thought writer, checks that compare
 * with them), each wording a dozen regex passes and a tagging.
 */
const intents = new Map<string, string>();

/**
 * All intentOf reads of a call's arguments, in their order: string values (a folder, a mode, a file
 * name), flags set true (unlock=true) and integers (a count for "N"). Other values read the same.
 */
function argsReadByIntent(args: Record<string, unknown> | string): string {
  if (typeof args === 'string') return '';
  return JSON.stringify(
    Object.entries(args).map(([k, v]) => (typeof v === 'string' ? [k, 's', v] : v === true ? [k, 't'] : typeof v === 'number' && Number.isInteger(v) ? [k, 'n', v] : [k])),
  );
}

function writeIntent(description: string, api: string, args: Record<string, unknown> | string): string {
  let text = purpose(description)
    .replace(/^(this|the)( \w+)? (function|tool|api|endpoint|method|operation)( is used to| is used for| will| can| helps to| helps| allows you to| lets you)?\s+/i, '')
    .replace(/^(used|designed) to\s+/i, '')
    .replace(/^(it|this)\s+/i, '');
  // "Send: send email" / "Get curr time: get current time": a name, then what it does; the words after the colon say it.
  const headed = /^([^:;]{1,30}):\s+([^:;]+)/.exec(text);
  text = (headed && headed[2].trim().split(/\s+/).length >= headed[1].trim().split(/\s+/).length ? headed[2] : text.split(/[:;]\s/)[0]).trim().replace(/[.!?]+$/, '');
  if (!text) return `use \`${api}\``;
  text = fillPlaceholder(plainWords(coreOf(text)), args);
  // A doc that opens with the question the tool answers ("if they are any rooms available") is a check.
  const question = /^(?:if|whether)\s+(.+)$/i.exec(text);
  if (question) text = `check whether ${question[1].replace(/^they are any\b/i, 'there are any')}`;
  const first = text.match(/^[A-Za-z]+/)?.[0] ?? '';
  const base = baseForm(first);
  const isVerb = OPENING_VERBS.has(base) || opensWithVerb(text, first);
  if (isVerb && first) text = specific(base + text.slice(first.length));
  else text = `use ${/^(a|an|the)\b/i.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : `\`${api}\`, which provides ${text.charAt(0).toLowerCase() + text.slice(1)}`}`;
  text = forThisCall(text, description, args);
  // Doc constructions no person says of what they are about to do (thought_intent_doc_phrase): "get the movies ordered
  // by rating" is getting the top-rated movies, "look up the article on Arxiv" searching arXiv for articles.
  for (const [re, said] of DOC_PHRASES) text = text.replace(re, said);
  // Douban's docs say their look-ups "print the details": an assistant looks a list up or gets a film's details, it prints nothing (thought_lookup_printed).
  text = text.replace(/^print the details of (the (?:films?|movies?) (?:now|coming|playing|showing|released|that)\b)/i, 'look up $1').replace(/^print the details of\b/i, 'get the details of');
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** Intents the docs word as no person would say them, each with what a person says (thought_intent_doc_phrase). */
export const DOC_PHRASES: readonly [RegExp, string][] = [
  [/^get the (movies|films) ordered by rating\b/i, 'get the top-rated $1'],
  [/^get the (movies|films) ordered by popularity\b/i, 'get the most popular $1'],
  [/^get the similar (movies|films)\b/i, 'find similar $1'],
  [/^get the weekday today\b/i, 'find out what day of the week it is'],
  [/^get the coordinate of\b/i, 'get the coordinates of'],
  [/^look up the article on Arxiv\b/i, 'search arXiv for articles'],
  [/^get the symbol of (?:the|a) stock by company name\b/i, "look up the company's stock symbol"],
  [/^convert the liter to gallon\b/i, 'convert liters to gallons'],
  [/^convert the gallon to liter\b/i, 'convert gallons to liters'],
  [/^create a ticket and queue it\b/i, 'open a support ticket'],
  [/^get the zipcode\b/i, 'get the zip code'],
  [/^authenticate the user for ticket system\b/i, 'log in to the ticket system'],
  // "Get user ID from user name", "Gets the open, close and afterhours prices of a stock symbol": the doc's bare nouns and
  // its symbol for the stock (thought_intent_doc_phrase widened, 52 thoughts on lead40 m8).
  [/^get the user ID from user name\b/i, "look up the user's ID"],
  [/^get the opening, closing and after-hours prices of the stock symbol\b/i, 'get the opening, closing and after-hours prices of the stock'],
];

/** A name that reads as a file's (an extension: "report.pdf", "notes.md"), not a folder's. */
const FILE_NAME = /\.[A-Za-z0-9]{1,5}$/;

/**
 * What the doc says the tool does, said of this call: a doc speaks of every use ("Change the current
 * working directory to the specified folder", "Locks the doors", "Count the lines, words, and
 * characters", "Remove a file or directory"), a step of one, whose arguments can make the doc's
 * words false of it: `cd("..")` goes up to the parent folder, `lockDoors(unlock=true)` unlocks,
 * `wc(mode="w")` counts words, `rm("findings_report")` may remove a folder.
 */
function forThisCall(intent: string, description: string, args: Record<string, unknown> | string): string {
  if (typeof args === 'string') return intent;
  const values = Object.entries(args);
  const value = (keys: RegExp) => values.find(([k, v]) => keys.test(k) && typeof v === 'string')?.[1] as string | undefined;
  let t = intent;
  if (/^change into\b/.test(t)) {
    const folder = value(/^(?:folder|dir(?:ectory)?(?:_name)?|path)$/i);
    if (folder === '..' || folder === '../') t = 'go up to the parent folder';
    else if (folder === '/') t = 'go to the root folder';
    else if (folder === '~') t = 'go to the home folder';
  }
  // A flag that turns the doc's action around (unlock=true on "Locks the doors"): the action it turns into.
  for (const [k, v] of values) {
    const undo = /^un([a-z]+)$/i.exec(k)?.[1]?.toLowerCase();
    if (undo && v === true && new RegExp(`^${undo}\\b`, 'i').test(t)) t = `un${t}`;
  }
  // One of several counts the doc lists, picked by a mode ("'l' for lines, 'w' for words, 'c' for characters").
  const mode = value(/^mode$/i);
  const counted = { l: 'lines', w: 'words', c: 'characters' }[mode ?? ''];
  if (counted && /\blines, words,? and characters\b/.test(t)) t = t.replace(/\blines, words,? and characters\b/, counted);
  // "a file or directory" the step names without an extension may be a folder: named, not called "the file".
  if (/\bfile or directory\b|\bdirectory or file\b/i.test(ownDescription(description)) && /\bthe file\b/.test(t)) {
    const name = value(/^(?:source|file_name|name|path)$/i);
    if (name && !FILE_NAME.test(name) && quotable(name)) t = t.replace(/\bthe file\b/, `"${name}"`);
  }
  // A doc names one file type ("Create a pptx file"); the call's path may end in another ("outputs/talk.ppt"): the step makes that one.
  const typed = new RegExp(`\\b(a|an|the) (${FILE_TYPES})( file| document)\\b`, 'i').exec(t);
  if (typed) {
    const exts = values.flatMap(([, v]) => (typeof v === 'string' ? [FILE_NAME.exec(v)?.[0]?.slice(1).toLowerCase()] : [])).filter((x): x is string => !!x && new RegExp(`^(?:${FILE_TYPES})$`, 'i').test(x));
    const said = typed[2].toLowerCase();
    if (exts.length && !exts.includes(said)) {
      const ext = exts[0];
      t = t.replace(typed[0], `${typed[1].toLowerCase() === 'the' ? 'the' : withArticle(ext).split(' ')[0]} ${ext}${typed[3]}`);
    }
  }
  return t;
}

/** File types a doc may name a file by ("a pptx file", "a PDF document"), as extensions. */
export const FILE_TYPES = 'pptx|ppt|pdf|docx|doc|txt|csv|json|xlsx|xls|png|jpe?g|gif|md|html?|xml|zip|mp3|mp4|wav';

/** Tagging is the costly part of intentOf and the same docs recur in every case: each text is tagged once. */
const verbOpenings = new Map<string, boolean>();

/** Does the text open with a verb (and its first word is no determiner), as compromise tags it? */
function opensWithVerb(text: string, first: string): boolean {
  const key = `${first}\u0000${text}`;
  let known = verbOpenings.get(key);
  if (known === undefined) {
    known = nlp(text).terms().first().has('#Verb') && !nlp(first).has('#Determiner');
    if (verbOpenings.size >= 50_000) verbOpenings.clear();
    verbOpenings.set(key, known);
  }
  return known;
}

/** Misspellings tool docs carry ("currrent directory", "milage") that a person writing the thought would not copy. */
const DOC_TYPOS: Record<string, string> = { currrent: 'current', milage: 'mileage', daliy: 'daily', recieve: 'receive', seperate: 'separate', adress: 'address', occured: 'occurred', untill: 'until' };

/** A word of a doc spelled wrong: a known misspelling, or a letter tripled ("currrent"). */
export function docTypo(word: string): string | undefined {
  const w = word.toLowerCase();
  if (DOC_TYPOS[w]) return DOC_TYPOS[w];
  return /([a-z])\1\1/.test(w) ? w.replace(/([a-z])\1\1+/g, '$1$1') : undefined;
}

/**
 * What the doc's sentence is about, without the qualifiers a doc adds for a reader choosing among
 * tools and no one says of the step in hand: how the tool is keyed ("by its ID", "given its name",
 * "by author's id provided by get_author_id"), where it works ("of any extension", "from current
 * directory"), units and formats ("in km", "in USD"), what it returns ("and return the results into
 * a list"), the options it takes ("within a given radius", "with specific themes"). The call's own
 * arguments say all that about this step.
 */
function coreOf(text: string): string {
  const t = text
    .replace(/\b[a-z]+\b/gi, (w) => (docTypo(w) ? (w[0] === w[0].toUpperCase() ? docTypo(w)!.charAt(0).toUpperCase() + docTypo(w)!.slice(1) : docTypo(w)!) : w))
    .replace(/^takes? (?:the |various |some )?parameters to\s+/i, '')
    // A doc that names the service it is ("A google search API"): what it does, in a person's words.
    .replace(/^an? (\w+) search (?:api|tool|engine|service)$/i, (_m, name: string) => `search ${name.charAt(0).toUpperCase()}${name.slice(1)}`)
    .replace(/^handle (?:the )?user (logout|login) for (?:the )?(.+)$/i, (_m, what: string, where: string) => (what.toLowerCase() === 'logout' ? `log out of the ${where}` : `log in to the ${where}`))
    .replace(/\s+when all steps (?:are )?done$/i, '')
    .replace(/\s+(?:with|using) the given [a-z ]+$/i, '')
    .replace(/^run (\w+) search and get (?:the )?(\w+) meta information$/i, 'look up the $2 on $1')
    // A clause after a comma that adds an option or what comes back ("within a given radius, and return the results into a list").
    .replace(/,\s*(?:within|and return|return|with|get|giving|using|based on|supported by|optionally)\b.*$/i, '')
    .replace(/\s+optionally\b.*$/i, '')
    .replace(/\ball (\w+) created by the (?:current|authenticated|currently authenticated) user\b/i, 'the $1 this user created')
    .replace(/(?<!\b(?:the|a|an))\s+(?:given|based on|provided by|supported by|according to|using|via)\b.*$/i, '')
    .replace(/\s+by (?:its|his or her|their|an?|the)?\s*(?:id|ids|name|names|identification|original|author's id|ticker)\b.*$/i, '')
    .replace(/\s+by (?:ID|id)$/, '')
    .replace(/\s+of any (?:extension|type|kind)\b/gi, '')
    .replace(/\s+(?:in|at|from|under) (?:the )?current (?:working )?directory\b/gi, '')
    .replace(/\s+in (?:km|miles|kilometers|usd|USD)\b/g, '')
    .replace(/\s+with (?:specific|adjustable|detailed|custom)\b.*$/i, '')
    .replace(/\s+in custom\b.*$/i, '')
    .replace(/\s+on a certain \w+$/i, '')
    .replace(/\s+or (?:display|print|show|return)\b.*$/i, '')
    .replace(/\s+for the (?:authenticated|current|currently authenticated) user$/i, '')
    .replace(/\s+of the (?:authenticated|current|currently authenticated) user$/i, '')
    .replace(/\s+with username and password$/i, '')
    .replace(/\s+from one location to another$/i, '')
    .replace(/\s+for the user$/i, '')
    .replace(/\s+(?:with|via|through|using) (?:the )?[\w ]+ API$/i, '')
    .replace(/\s+of the vehicle$/i, '')
    .replace(/\ban? text page with one image\b/i, 'a slide with text and an image')
    .replace(/\s+in the system and queue it$/i, ' and queue it')
    // The day a booking doc fixes ("Book the meeting room today"): a thought saying it books "today" on a request for
    // tomorrow contradicts the user (thought_day_contradicts_request); the writer says the doc's day where it matters.
    .replace(/^(book\b.*?)\s+today$/i, '$1');
  return t.trim();
}

/** Verbs whose object a step brings into being ("create a file", "book a flight"): it stays "a" thing. */
const MAKES = new Set(['add', 'book', 'create', 'generate', 'get', 'make', 'place', 'post', 'register', 'send', 'write', 'open', 'purchase', 'search', 'find', 'list', 'set', 'compute', 'calculate', 'estimate', 'print']);

/**
 * A doc speaks of any thing of a kind ("the details of a movie", "the route between two locations");
 * a step works on the one in hand ("the details of the movie", "the route between the two locations").
 */
function specific(text: string): string {
  const [verb] = text.split(' ');
  let t = text
    .replace(/\b(of|for|to|on|from|between|in|about|nearby|near|relating to|over|containing|matching) (?:a specific|a certain|a given|the given|the specified|the provided|an?|any|some|one|specific|given|specified|provided)\s+(?=\w)/gi, '$1 the ')
    .replace(/\b(between|compare) two\b/gi, '$1 the two')
    .replace(/\bthe (?:specified|given|provided) /gi, 'the ')
    .replace(/\bnearby the\b/gi, 'near the')
    .replace(/\bin the (?:provided |given )?time$/i, 'at that time')
    .replace(/\ba single ticker\b/i, 'the details of the ticker')
    .replace(/^(get|retrieve|fetch) a list of\b/i, '$1 the')
    .replace(/\bthe contents of the current directory\b/i, 'what the current directory holds')
    .replace(/^search for (?:\w+ )?(\w+) on ([A-Z][\w ]+)$/, 'search $2 for $1')
    .replace(/\btop level details\b/gi, 'details')
    .replace(/\bthe list of cost of\b/gi, 'the cost of')
    .replace(/\bthe number of\s+/gi, 'the ')
    .replace(/\ball historical messages\b/gi, 'the messages')
    .replace(/\bthe filtered (\w+ing) films now\b/gi, 'the films now $1')
    .replace(/\bthe filtered coming films\b/gi, 'the films coming out')
    .replace(/\bthe open, close and afterhours prices\b/gi, 'the opening, closing and after-hours prices')
    .replace(/\brelating to the stock ticker symbol\b/gi, 'about the stock')
    .replace(/\bany file or directories under \w+ path that contain name in its file name\b/gi, 'the files whose names match')
    .replace(/\bchange the current working directory to\b/gi, 'change into')
    .replace(/\b(an?) (file|directory) or (?:directory|file)\b/gi, (_m, _a: string, kind: string) => `the ${kind}`)
    .replace(/\bthat the (?:authenticated )?user is following\b/gi, 'the user follows')
    .replace(/^log in an? user\b/i, 'log in')
    .replace(/^get an? specific\b/i, 'get the');
  // The object of a verb that acts on something already there is that thing: "cancel the order".
  if (!MAKES.has(verb.toLowerCase())) t = t.replace(new RegExp(`^${verb} (?:an?) `), `${verb} the `);
  // A bare noun after the verb reads as a telegram ("get weather today", "send email"): it takes "the".
  const next = t.split(' ')[1];
  if (verb.toLowerCase() === 'search' && next && /^[a-z]+s$/i.test(next) && !BARE_OK.has(next.toLowerCase())) return t.replace(/^search /i, `${verb} for `);
  if (next && /^(?:[a-z]+|[A-Z]{2,})$/.test(next) && !BARE_OK.has(next.toLowerCase()) && !/ing$/.test(next) && !adverbOrPreposition(next)) t = t.replace(new RegExp(`^${verb} ${next}`), `${verb} the ${next}`);
  return t;
}

/**
 * Does compromise tag the word, alone, as an adverb or a preposition? A word alone is tagged the same
 * every time, and specific() asked for the same few words after every intent's verb: tagging them
 * afresh (twice a call) was most of what writing thoughts cost.
 */
const adverbsAndPrepositions = new Map<string, boolean>();
function adverbOrPreposition(word: string): boolean {
  let known = adverbsAndPrepositions.get(word);
  if (known === undefined) {
    known = nlp(word).has('#Adverb') || nlp(word).has('#Preposition');
    if (adverbsAndPrepositions.size >= 50_000) adverbsAndPrepositions.clear();
    adverbsAndPrepositions.set(word, known);
  }
  return known;
}

/** Words that may follow the opening verb as they are ("get all", "log in", "look up", "check whether"). */
const BARE_OK = new Set(['a', 'an', 'the', 'all', 'any', 'some', 'his', 'her', 'their', 'its', 'my', 'your', 'our', 'this', 'that', 'these', 'those', 'for', 'to', 'in', 'on', 'up', 'out', 'off', 'down', 'with', 'from', 'into', 'about', 'whether', 'if', 'over', 'at', 'by', 'one', 'two', 'three', 'more', 'most', 'what', 'which', 'how', 'through', 'back', 'into', 'content', 'insurance', 'information', 'statistics', 'aggregate', 'disk', 'scholarly', 'places', 'lines', 'movies', 'files']);

/**
 * A doc's count placeholder ("forecast weather in the N upcoming days") with the call's number in
 * it when the call passes exactly one ("in the next 3 days"), else without it ("in the upcoming days").
 */
function fillPlaceholder(text: string, args: Record<string, unknown> | string): string {
  if (!/\bN\b/.test(text)) return text;
  const numbers = typeof args === 'string' ? [] : Object.values(args).filter((v): v is number => typeof v === 'number' && Number.isInteger(v));
  // A forecast is "for the next 3 days", never "in the next 3 days" (forecast_days_in: 36 texts on b7).
  if (numbers.length !== 1) return text.replace(/\bin the N upcoming\b/g, 'for the coming').replace(/\s*\bN\b/g, '');
  const filled = text.replace(/\bin the N upcoming\b/g, 'for the next N').replace(/\bthe N upcoming\b/g, 'the next N').replace(/\bN\b/g, String(numbers[0]));
  // "in the next 1 days" is the next day.
  return filled.replace(/\bthe next 1 days\b/g, 'the next day').replace(/\b1 (day|hour|week|month|year)s\b/g, '1 $1');
}

/**
 * Doc shorthand no person thinks in, in plain words: "add text page of ppt" is adding a text slide
 * to the presentation; "book a flight given the travel information" is booking the flight.
 */
function plainWords(text: string): string {
  return text
    .replace(/\b(?:an?\s+)?((?:text|image|title|bullet)(?:\s+and\s+\w+)?)\s+page\s+of\s+ppt\b/gi, (_m, kind: string) => `${withArticle(kind.toLowerCase())} slide to the presentation`)
    .replace(/\bpage\s+of\s+ppt\b/gi, 'slide to the presentation')
    .replace(/\bof ppt\b/gi, 'of the presentation')
    .replace(/\bppt\b/gi, 'presentation')
    .replace(/\s+given the [a-z ]+?information$/i, '')
    .replace(/\s+(?:with|using) the given [a-z ]+$/i, '');
}

const humanize = keyAsWords;

const COUNT_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen', 'twenty'];
/** A count as a thought says it: "four", "12" past twenty. */
export function countWord(n: number): string {
  return COUNT_WORDS[n] ?? String(n);
}

/** A list item's marker: "1.", "2)", "-", "•", "a)". */
const LIST_MARKER = /^(?:\d{1,2}[.)]|[-*•‣◦]|[a-z][.)])\s+/;
/** A record's line: "Published: 2019-09-08", "Rating: 5". */
const RECORD_LINE = /^([^\s:：][^:：]{0,30}?)\s*[:：]\s*\S/;

/** The parts of a text, one a line (a recorded "[SPAN]" is a line break too). */
function linesOf(v: string): string[] {
  return v.split(/\r?\n|\[SPAN\]/).map((l) => l.trim()).filter(Boolean);
}

/**
 * What a long text is, as a list: its items without their markers ("1. Rising global temperatures"
 * is the item "Rising global temperatures"), with whether they are numbered; undefined when it is no
 * list. Comma-separated short items with no sentence in them ("Increase brand awareness, Drive
 * website traffic, Generate leads") are a list too.
 */
export function listItems(v: string): { items: string[]; numbered: boolean } | undefined {
  const lines = linesOf(v);
  const marked = lines.filter((l) => LIST_MARKER.test(l));
  if (marked.length >= 2 && marked.length === lines.length) return { items: marked.map((l) => l.replace(LIST_MARKER, '').trim()), numbered: marked.every((l) => /^\d/.test(l)) };
  if (lines.length === 1 && !/[.!?;:]/.test(v)) {
    const parts = v.split(/\s*,\s*/).filter(Boolean);
    if (parts.length >= 3 && parts.every((p) => /^[A-Z]/.test(p) && p.split(/\s+/).length <= 6)) return { items: parts, numbered: false };
  }
  return undefined;
}

/** The labels of a text made of "Label: value" lines ("Published", "Title", "Authors"), in order, once each; undefined for any other text. */
export function recordLabels(v: string): string[] | undefined {
  const lines = linesOf(v);
  if (lines.length < 2) return undefined;
  const labels = lines.map((l) => RECORD_LINE.exec(l)?.[1]);
  // A record opens with a labelled line; a long field (a summary) may run on over lines of its own.
  if (!labels[0] || labels.filter(Boolean).length < 2) return undefined;
  // A schedule's clock times ("9:00 AM - Registration") are no labels: never "a record of 9, 10, 11 and more" (thought_record_of_numbers).
  if (labels.some((l) => l !== undefined && /^\d+$/.test(l.trim()))) return undefined;
  return [...new Set(labels.filter((l): l is string => !!l && !/["\[\]]/.test(l)))];
}

/** Text a thought may quote as the case shows it: no double quote, no placeholder's brackets. */
const QUOTABLE = (s: string) => s.length >= 2 && !/["[\]]/.test(s);

/**
 * The opening of a text a thought can quote word for word: its first sentence, cut to its first
 * words when long (a Chinese text to its first characters); undefined when it has none to quote.
 */
function openingOf(line: string): { text: string; whole: boolean } | undefined {
  const cjk = isCjkText(line);
  const sentence = (cjk ? /^[^。！？]+/ : /^.+?[.!?](?=\s|$)|^.+$/).exec(line)?.[0]?.trim() ?? line;
  let text = sentence;
  if (cjk && text.length > 24) text = text.slice(0, 20).replace(/[，、·：]+$/, '');
  // Cut at a word that can end a phrase, not after "the" or "about".
  else if (!cjk && text.length > 80) {
    // A name is not cut in two ("from San" of "from San Francisco").
    const words = sentence.split(/\s+/);
    let n = 8;
    while (n < words.length && n < 11 && /^[A-Z]/.test(words[n]) && /^[A-Z]/.test(words[n - 1])) n++;
    text = words.slice(0, n).join(' ').replace(/[,;:]+$/, '').replace(/(?:\s+(?:the|a|an|of|to|in|on|for|and|or|with|about|from|by|at|my|our|your|their|his|her|its|that|this|is|are|was|were))+$/i, '');
  }
  return QUOTABLE(text) ? { text, whole: text === sentence } : undefined;
}

/**
 * A long text as a person names it, by what it is, never by a word count that reads a list's "1."
 * as a word: a list as its items ("four bullet points, the first "Rising global temperatures"",
 * "three items ("A", "B" and "C")"), a record by its labels ("a record of Published, Title, Authors
 * and Summary"), a letter by whom it is to and how it opens ("a message to John Doe that opens "I
 * am writing to confirm our meeting on October 17, 2023, at 3 PM.""), other prose by its opening
 * words ("a text beginning "Cobb, a skilled thief who commits corporate espionage"").
 */
export function describeText(v: string): string {
  const list = listItems(v);
  if (list) {
    const kind = list.numbered ? 'numbered points' : v.includes('\n') ? 'bullet points' : 'items';
    const items = list.items.filter(QUOTABLE);
    const said = items.length === list.items.length && list.items.length <= 3 ? ` (${joinAnd(items.map((i) => JSON.stringify(i)))})` : items.length && items[0] === list.items[0] ? `, the first "${items[0]}"` : '';
    return `${countWord(list.items.length)} ${list.items.length === 1 ? kind.replace(/s$/, '') : kind}${said}`;
  }
  const labels = recordLabels(v);
  if (labels?.length) return `a record of ${joinAnd(labels.length > 4 ? [...labels.slice(0, 3), 'more'] : labels)}`;
  const lines = linesOf(v);
  const greeting = /^(?:Dear|Hi|Hello|Hey)\s+([^,\n]{1,40}?)\s*,\s*(.*)$/i.exec(lines[0] ?? '');
  if (greeting) {
    const to = greeting[1].trim();
    // "I hope this email finds you well." says nothing of what the message is.
    const rest = [greeting[2], ...lines.slice(1)].map((l) => l.replace(/^I hope (?:this|the) (?:e-?mail|message|note) finds you well\.\s*/i, '').trim()).find((l) => l && !LIST_MARKER.test(l) && !/^(?:Best|Regards|Thanks|Sincerely)/i.test(l));
    const opening = rest ? openingOf(rest) : undefined;
    const whom = /^friend$/i.test(to)
      ? 'to a friend'
      : /^(?:team|all|everyone|sender|colleague|clients?|customers?|sir|madam|team members|author|editor|professor|manager|hiring manager|recruiter|support team|reviewer)$/i.test(to)
        ? `to the ${to.toLowerCase()}`
        : `to ${to}`;
    return `a message ${whom}${opening ? ` ${opening.whole ? 'that says' : 'beginning'} "${opening.text}"` : ''}`;
  }
  const opening = lines[0] ? openingOf(lines[0]) : undefined;
  return opening ? `a text ${opening.whole && lines.length === 1 && opening.text === lines[0] ? 'reading' : 'beginning'} "${opening.text}"` : 'a long text';
}

/**
 * A list short enough to say item by item: at most six short strings or numbers, 80 characters in
 * all (lockDoors' four doors). "door set to a list of 4 values" leaves unsaid which doors.
 */
export function listSaysWhole(v: unknown[]): boolean {
  return v.length <= 6 && v.every((x) => (typeof x === 'string' && x.length <= 30 && !/["\n]/.test(x)) || typeof x === 'number') && JSON.stringify(v).length <= 80;
}

export function sayValue(v: unknown): string {
  if (typeof v === 'string' && v.length > 60) return describeText(v);
  if (typeof v === 'string') return JSON.stringify(v);
  if (Array.isArray(v)) return v.length <= 3 || listSaysWhole(v) ? `[${v.map(sayValue).join(', ')}]` : `a list of ${v.length} values`;
  if (v && typeof v === 'object') return `an object with ${Object.keys(v).map(humanize).join(', ')}`;
  return String(v);
}

/**
 * "city "Paris" and unit "C"": every argument the call passes, each key as prose can say it
 * (keyNoun), "" when there are none. A thought that names some and counts off the rest ("and one
 * more argument") leaves unsaid the value that often matters most (place_order's symbol), so none is
 * left out. Each is said as a person says it, never as the parameter's name pasted in as a noun with
 * "set to" ("passing only unread set to false", "movie id set to 575264"): see argWords.
 */
/** A text with what its brackets hold left out ("bullet items ()"), nested brackets included. */
export function outsideBrackets(text: string): string {
  let out = text;
  for (let prev = ''; prev !== out; ) [prev, out] = [out, out.replace(/\([^()]*\)/g, '()')];
  return out;
}

export function argPhrase(args: Record<string, unknown> | string, doc?: KeyDoc, slotOf: (key: string) => string = (k) => k): string {
  if (typeof args === 'string') return args ? JSON.stringify(args) : '';
  // A trip's or a window's start before its end ("starting point "New York" and destination "Miami""), and a first file
  // before a second ("first file "a.txt" and second file "b.txt""), whatever order the call passes the keys in. A key
  // standing in for another (a key error's "starts" for "start") takes that key's place.
  const first = (k: string) => (/^(?:start|from)$/.test(slotOf(k)) ? 0 : /\D1$/.test(slotOf(k)) ? 1 : 2);
  const entries = Object.entries(args)
    .sort(([a], [b]) => first(a) - first(b))
    .map(([k, v]) => argWords(keyNoun(k, doc), v));
  if (entries.length <= 1) return entries.join('');
  // A list said item by item holds its own "and": a serial comma keeps the arguments apart ("doors "driver" and "passenger", and the unlock flag off").
  // An "and" inside brackets ("bullet items (a record of Authors and Summary)") is kept apart by them: no comma
  // before the last argument (thought_serial_comma_needless).
  const serial = entries.slice(0, -1).some((e) => / and /.test(outsideBrackets(e.replace(/"[^"]*"/g, '""'))));
  return `${entries.slice(0, -1).join(', ')}${serial ? ',' : ''} and ${entries[entries.length - 1]}`;
}

/** Flags whose name is "only <adjective>", with the other side of the adjective: only_unread=false shows read and unread ones alike. */
const ONLY_OTHER: Record<string, string> = { unread: 'read', read: 'unread', active: 'inactive', open: 'closed', public: 'private', available: 'unavailable', new: 'old' };
/** Units a count is said after ("10 liters", "3 gallons"), not before. */
const COUNT_UNITS = /^(?:liter|litre|gallon|day|hour|minute|second|line|mile|kilometer|km|page|result|item|night|week|month|year)s?$/;

/**
 * One argument in words: a short string quoted after its noun ("symbol "TSLA""), a number likewise
 * ("movie id 575264"), a count before its unit or plural noun ("10 lines", "20 liters"), a flag by
 * what it does ("only unread ones", "read and unread ones alike", "the unlock flag off", "the setting
 * to show hidden files on"), a short list item by item, a long text by what it is ("body beginning
 * "Just a reminder"", "content (a record of Published, Title and Summary)").
 */
export function argWords(noun: string, v: unknown): string {
  if (typeof v === 'string' && v.length <= 60) return `${noun} ${sayValue(v)}`;
  if (typeof v === 'boolean') {
    const only = /^only (\w+?)(s?)$/.exec(noun);
    if (only) return v ? `only ${only[1]} ones` : ONLY_OTHER[only[1]] ? `${ONLY_OTHER[only[1]]} and ${only[1]} ones alike` : `not only ${only[1]} ones`;
    if (/^setting to /.test(noun)) return `the ${noun} ${v ? 'on' : 'off'}`;
    return `the ${noun.replace(/\s+/g, '-')} ${/\b(?:flag|setting|option|filter|mode)$/.test(noun) ? '' : 'flag '}${v ? 'on' : 'off'}`;
  }
  if (typeof v === 'number' || typeof v === 'bigint') {
    // "13.2 gallons", "1 liter": an amount in a unit said as people say it.
    const unit = /^amount in ([a-z]+?)s$/.exec(noun)?.[1];
    if (unit) return `${v} ${Number(v) === 1 ? unit : `${unit}s`}`;
    const last = noun.split(/\s+/).pop() ?? '';
    if (Number.isInteger(Number(v)) && COUNT_UNITS.test(last) && noun === last) return `${v} ${Number(v) === 1 ? last.replace(/s$/, '') : last.replace(/s?$/, 's')}`;
    return `${noun} ${v}`;
  }
  if (Array.isArray(v) && !v.length) return `no ${nounInNumber(noun, 2)}`;
  // A short list of plain values item by item, as a person lists them ("doors "driver", "passenger" and "rear_left"",
  // "tag "#TravelDiaries""), not as code ("door ["driver", "passenger", "rear_left"]").
  if (Array.isArray(v) && v.every((x) => typeof x === 'string' || typeof x === 'number') && (v.length <= 3 || listSaysWhole(v)) && v.every((x) => typeof x !== 'string' || x.length <= 60)) return `${nounInNumber(noun, v.length)} ${joinAnd(v.map(sayValue))}`;
  const said = sayValue(v);
  if (Array.isArray(v)) return said.startsWith('[') ? `${noun} ${said}` : `${noun} (${said})`;
  // A text by how it opens ("body beginning "Just a reminder""); a message to someone names its noun once ("message to John …").
  const text = /^a text (beginning|reading) /.exec(said);
  if (text) return `${noun} ${said.slice('a text '.length)}`;
  const head = /^an? (message|text|record) /.exec(said);
  if (head && noun.split(' ').pop() === head[1]) return `${noun} ${said.slice(head[0].length)}`;
  // A list said with its items in brackets takes no second pair round it ("bullet items (three numbered points ("A", …))"):
  // "three numbered bullet items ("A", "B" and "C")", another noun "of" it (thought_brackets_nested).
  const listed = /^(\w+) (numbered |bullet )?(?:points|items|point|item)( \(.*\))$/.exec(said);
  if (listed && /\b(?:items|points)$/.test(noun)) return `${listed[1]} ${listed[2] === 'numbered ' ? 'numbered ' : ''}${noun}${listed[3]}`;
  if (/\(/.test(said.replace(QUOTED_TEXT, '""'))) return `${noun} of ${said}`;
  return `${noun} (${said})`;
}

/** A key's noun agreeing with how many values it names: "door" of four doors -> "doors", "tags" of one -> "tag". */
function nounInNumber(noun: string, n: number): string {
  const words = noun.split(' ');
  const last = words.pop() ?? '';
  // A noun naming the list itself ("stock list", "id array") stays as it is.
  if (!/^[a-z]+$/.test(last) || /^(?:list|array|set|group|collection|batch)$/.test(last)) return noun;
  const word = n === 1 ? singular(last) : isPlural(last) ? last : pluralOf(last);
  return [...words, word].join(' ');
}

/** How thoughts used to count off the arguments past the third ("and two more arguments"): quality measures read it. */
export const MORE_ARGUMENTS = / and (?:one|two|three|four|five|six|seven|eight|nine|several) more arguments?\b/;

/**
 * The sentences a thought opens with to say where a value of its call comes from, each for one
 * provenance: the user's request (a value the user's words hold as they are), an earlier tool answer
 * (one that answer shows), the assistant's own pick (a value nothing shown gave: a default, one of
 * several the user left open) — or none (the neutral "The folder will be "workspace"", true whatever
 * gave the value). The thought writer picks the frame by where the value really comes from; a wrong
 * call's thought (pipeline/errors/injectors/thoughts.ts) opens with a sentence of the same kind about
 * a value the wrong call passes where that is true of it, else with a neutral one, so that neither
 * its presence nor its kind tells the two apart.
 */
export type SourceKind = 'request' | 'answer' | 'chosen' | 'neutral' | 'respelled';
export interface SourceFrame {
  kind: SourceKind;
  /**
   * The sentence; `api` is the tool whose answer gave the value (answer frames only); `request` the
   * user's words holding the value, for a frame that cites them (without them it says the plain form);
   * `num` that the call passes the value as a number (a frame in the assistant's own words says it bare).
   */
  say: (key: string, value: string, api?: string, request?: string, num?: boolean) => string;
  pattern: RegExp;
}

/**
 * Is a key's noun phrase plural ("places", "bullet items", "keywords")? Its verb and article must
 * agree: "which are the places here", never "which is the places here". Nouns ending in -s that are
 * singular ("address", "status", "news", "analysis") are not.
 */
export function isPlural(phrase: string): boolean {
  // "amount in gallons", "number of results": the head before the preposition decides.
  const head = /^(\S+) (?:in|of) \S/.exec(phrase.trim())?.[1];
  if (head) return isPlural(head);
  const last = phrase.trim().split(/\s+/).pop()?.toLowerCase() ?? '';
  if (/^(?:people|children|data|media|criteria)$/.test(last)) return true;
  if (last.length < 4 || !/[a-z]s$/.test(last)) return false;
  return !/(?:ss|us|is|news|status|series|species|gas|bus|canvas|alias|atlas|lens|ics|ous|'s)$/.test(last);
}
const isAre = (key: string): string => (isPlural(key) ? 'are' : 'is');

/**
 * A value as a frame in the assistant's own words says it: a number the call passes as a number
 * bare ("The movie id will be 27205."), anything else quoted ("The order id will be "12446"." for a
 * string id) — a number said in quotes reads as text, and a model reading it may pass the string.
 * The user's quoted words (request frames) stay quoted as they wrote them.
 */
function said(value: string, num?: boolean): string {
  return num ? value : `"${value}"`;
}
/** A frame's pattern that also reads a bare number where it quotes a value (the frame said of a number). */
function own(pattern: RegExp): RegExp {
  return new RegExp(pattern.source.replace('"(?<value>.*)"', '(?:"(?<value>.*)"|(?<num>-?\\d+(?:\\.\\d+)?(?:e[+-]?\\d+)?))'), pattern.flags);
}

/**
 * How a quote of the request leads to the value: "so" or "which means", fixed per quote and value. Every cited value
 * said "…, so the query is …" once none was restated bare any more put that frame before 5.1% of CoT cases (thought_frame_top_share).
 */
function linkOf(said: string, value: string): string {
  return hashOf(said, value) % 2 ? 'which means' : 'so';
}
/** Whether a cited request opens with the user's words ("\"…,\" the request says, …"), fixed per quote and value. */
function quoteFirst(said: string, value: string): boolean {
  return (hashOf(said, value) >>> 1) % 2 === 1;
}
function hashOf(said: string, value: string): number {
  let h = 0;
  for (const c of `${said}\u0000${value}`) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return h;
}

const RAW_SOURCE_FRAMES: SourceFrame[] = [
  { kind: 'request', say: (key, value) => `The user gave the ${key} as "${value}".`, pattern: /^The user gave the (?<key>.+?) as "(?<value>.*)"\.$/ },
  { kind: 'request', say: (key, value) => `The request names "${value}" as the ${key}.`, pattern: /^The request names "(?<value>.*)" as the (?<key>.+?)\.$/ },
  { kind: 'request', say: (key, value) => `The user mentioned "${value}", which ${isAre(key)} the ${key} here.`, pattern: /^The user mentioned "(?<value>.*)", which (?:is|are) the (?<key>.+?) here\.$/ },
  { kind: 'request', say: (key, value) => `"${value}" comes straight from the request as the ${key}.`, pattern: /^"(?<value>.*)" comes straight from the request as the (?<key>.+?)\.$/ },
  { kind: 'chosen', say: (key, value, _api, _request, num) => `I'll go with ${said(value, num)} for the ${key}.`, pattern: own(/^I'll go with "(?<value>.*)" for the (?<key>.+?)\.$/) },
  { kind: 'neutral', say: (key, value, _api, _request, num) => `The ${key} will be ${said(value, num)}.`, pattern: own(/^The (?<key>.+?) will be "(?<value>.*)"\.$/) },
  { kind: 'answer', say: (key, value, api, _request, num) => `\`${api}\` returned ${said(value, num)}, which ${isAre(key)} the ${key} to pass.`, pattern: own(/^`(?<api>[^`]+)` returned "(?<value>.*)", which (?:is|are) the (?<key>.+?) to pass\.$/) },
  { kind: 'answer', say: (key, value, api, _request, num) => `The ${key} ${said(value, num)} ${isPlural(key) ? 'come' : 'comes'} from what \`${api}\` returned.`, pattern: own(/^The (?<key>.+?) "(?<value>.*)" comes? from what `(?<api>[^`]+)` returned\.$/) },
  { kind: 'chosen', say: (key, value, _api, _request, num) => `Nothing fixes the ${key}, so I'll pick ${said(value, num)}.`, pattern: own(/^Nothing fixes the (?<key>.+?), so I'll pick "(?<value>.*)"\.$/) },
  { kind: 'neutral', say: (key, value, _api, _request, num) => `For the ${key}, I'll pass ${said(value, num)}.`, pattern: own(/^For the (?<key>.+?), I'll pass "(?<value>.*)"\.$/) },
  {
    kind: 'request',
    say: (key, value, _api, request) => {
      const asked = request !== undefined ? askedFor(request, value) : undefined;
      return asked ? `The user asks for ${asked} "${value}", which ${isAre(key)} the ${key}.` : `The user gave the ${key} as "${value}".`;
    },
    pattern: /^The user asks for (?<asked>[a-z][a-z ]*?) "(?<value>.*)", which (?:is|are) the (?<key>.+?)\.$/,
  },
  {
    kind: 'request',
    say: (key, value, _api, request, num) => {
      const cited = request !== undefined ? requestClause(request, value) : undefined;
      if (!cited) return `The request names "${value}" as the ${key}.`;
      // The quote first or the request first, fixed per quote and value: one opening before every cited value put "The
      // request says" before a tenth of all thoughts once none was restated bare (thought_link_top_share 0.096 on h-text32's b2).
      // The value restated as the call passes it: a number bare ("so the amount is 100"), never as text (thought_number_quoted_as_text).
      const rest = `${linkOf(cited, value)} the ${key} ${isAre(key)} ${said(value, num)}.`;
      return quoteFirst(cited, value) ? `"${cited}," the request says, ${rest}` : `The request says "${cited}", ${rest}`;
    },
    pattern: /^(?:The request says "|")(?<said>[^"]*)(?:",|," the request says,) (?:so|which means) the (?<key>.+?) (?:is|are) "?(?<value>.*?)"?\.$/,
  },
  {
    // A clause the user says of themselves ("I am writing an article on artificial intelligence") is cited as what they say.
    kind: 'request',
    say: (key, value, _api, request, num) => {
      const cited = request !== undefined ? requestClause(request, value) : undefined;
      return cited ? `"${cited}," the user says, ${linkOf(cited, value)} the ${key} ${isAre(key)} ${said(value, num)}.` : `The user gave the ${key} as "${value}".`;
    },
    pattern: /^"(?<said>[^"]*)," the user says, (?:so|which means) the (?<key>.+?) (?:is|are) "?(?<value>.*?)"?\.$/,
  },
  {
    kind: 'chosen',
    say: (key, value, _api, request, num) => {
      const parts = request !== undefined ? composedFrom(request, value) : undefined;
      const named = parts?.map((x) => `"${x}"`);
      return named ? `I put ${named.slice(0, -1).join(', ')} and ${named[named.length - 1]} from the request together: the ${key} ${isAre(key)} "${value}".` : `I'll go with ${said(value, num)} for the ${key}.`;
    },
    pattern: /^I put (?<parts>".*") from the request together: the (?<key>.+?) (?:is|are) "(?<value>.*)"\.$/,
  },
  // The third frame of the assistant's own pick: the neutral frames no longer stand in for a pick (thought_value_restated), so
  // a pick says why in one more wording; only of a value nothing shown gives, as the sentence says.
  { kind: 'chosen', say: (key, value, _api, _request, num) => `I'll choose ${said(value, num)} as the ${key}, since nothing so far gives one.`, pattern: own(/^I'll choose "(?<value>.*)" as the (?<key>.+?), since nothing so far gives one\.$/) },
  { kind: 'chosen', say: (key, value, _api, _request, num) => `I'll pick ${said(value, num)} for the ${key}.`, pattern: own(/^I'll pick "(?<value>.*)" for the (?<key>.+?)\.$/) },
  {
    // A value the user's words (or an earlier answer) hold only in another letter case ("technology" for the sector
    // "Technology"): said with why it is spelled so, never restated bare ("The sector will be "Technology".").
    kind: 'respelled',
    say: (key, value, _api, _request, num) => `The ${key} ${isAre(key)} ${said(value, num)}, in the letter case the tool takes.`,
    pattern: own(/^The (?<key>.+?) (?:is|are) "(?<value>.*)", in the letter case the tool takes\.$/),
  },
];

/**
 * One value of a plural key said with the singular ("cities": "San Francisco" -> "the city is "San Francisco"",
 * "queries": "quantum computing" -> "the query is …"), never "the cities are "San Francisco"" of one city
 * (thought_plural_key_one_value). A list said whole ("A, B and C") keeps the plural.
 */
function keyFor(key: string, value: string): string {
  return isPlural(key) && !/,|\band\b|\[SPAN\]/.test(value) ? nounInNumber(key, 1) : key;
}

export const SOURCE_FRAMES: SourceFrame[] = RAW_SOURCE_FRAMES.map((f) => ({ ...f, say: (key, value, api, request, num) => f.say(keyFor(key, value), value, api, request, num) }));

/**
 * The parts of a value the request names one by one but never as the value ("Times Square" and
 * "New York City" for "Times Square, New York City"): a value the assistant put together from the
 * user's words, which a thought says as such rather than as a pick of its own.
 */
export function composedFrom(request: string, value: string): string[] | undefined {
  // A path joined from the folder and the name the request gives ("outputs" and "Delivery_Distance.txt": standardize's folder repair, T-Eval 275_1).
  const slash = value.lastIndexOf('/');
  const parts = slash > 0 && !value.includes(',') ? [value.slice(0, slash), value.slice(slash + 1)] : value.split(/\s*,\s*/).filter(Boolean);
  return parts.length >= 2 && parts.length <= 3 && !holdsValue(request, value) && parts.every((x) => x.length >= 2 && holdsValue(request, x, true)) ? parts : undefined;
}

/** Prepositions that tie a thing asked for to the value naming it ("papers on", "hotels in"). */
const TIES = new Set(['on', 'about', 'in', 'near', 'for', 'from', 'to', 'at', 'of', 'around', 'regarding', 'called', 'named', 'titled', 'by']);
/** Plural nouns that measure, count or colour the value rather than name what is asked for ("days in London", "hues of San Francisco"). */
export const NOT_ASKED = /^(?:seconds|minutes|hours|days|nights|weeks|months|years|times|kilometers|kilometres|miles|meters|metres|feet|yards|lines|words|characters|letters|members|hues|shades|colou?rs|tones|lights|parts|pieces|bits)$/;
/** Nouns a person asks for without an article ("weather in", "news about"). */
const MASS = /^(?:weather|information|news|research|traffic|music|literature|work|details|info|updates|reviews|directions)$/;

/** Where a clause ends: a stop, comma, semicolon or colon before a space or the end ("10:00", "7.5" and "I'm" stay whole), a double quote, bracket or line break. */
const CLAUSE_END = /[.!?;:,](?=\s|$)|[\n"“”()[\]]/g;
/** The asking words a clause opens with ("Could you", "Please"), left out of a quoted clause, which keeps what is asked. */
const ASKING = /^(?:(?:so|and|then|but|also|now)\s+)?(?:(?:could|can|would|will) you(?: please)?|please|kindly|let's|i'd like you to|i want you to)\s+/i;

const MONTH = '(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\\.?';
const WEEKDAY = '(?:Mon|Tues?|Wed(?:nes)?|Thu(?:rs)?|Fri|Sat(?:ur)?|Sun)(?:day)?';
/**
 * Units a comma stands inside of: a date ("March 3, 2024", "Thursday, March 3", "09/10, 2026"), a
 * number with thousands ("1,000", "1, 000"), a place with its region ("Cambridge, MA", "Central
 * Park, New York"): the comma there ends no clause, and a quote cut at it splits the unit.
 */
const UNIT_PATTERNS: RegExp[] = [
  new RegExp(`\\b${MONTH}\\s+\\d{1,2}(?:st|nd|rd|th)?,\\s*\\d{4}\\b`, 'gi'),
  new RegExp(`\\b${WEEKDAY},\\s*(?:${MONTH}\\s+\\d{1,2}|\\d{1,2}(?:st|nd|rd|th)?\\s+${MONTH})`, 'gi'),
  /\b\d{1,2}[/.-]\d{1,2},\s*\d{4}\b/g,
  /\b\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?[A-Z][a-z]+,\s*\d{4}\b/g,
  /\b\d{1,3}(?:,\d{3})+(?:\.\d+)?\b/g,
];
/** Capitalised words that open a clause after a comma ("Then, Find", "Also, I"), not the region of a place before it. */
const CLAUSE_OPENERS = /^(?:I|I'm|I'd|I've|I'll|Also|Then|And|But|Or|So|Please|Could|Can|Would|Will|Lastly|Finally|Additionally|Next|After|Afterwards|Subsequently|Moreover|Furthermore|However|Meanwhile|Besides|First|Second|Third|Now|Once|If|When|What|Which|How|Where|Why|Thanks|Thank|Oh|Hi|Hello|Hey|Yes|No|Sure|Okay|OK|Well|Let|Let's|My|The|This|That|These|It|We|You|He|She|They|Is|Are|Do|Does|In|On|At|For|From|To|With|By|Given|Using|Based|Tell|Find|Get|Search|Show|Give|Check|Book|Send|Create|Make|Provide|Look|Calculate|Retrieve|Fetch|Add|Save|Write|Read|Go|Move|Open|List|Print|Set|Turn|Start|Use|Post|Help|Plus|Otherwise|Instead|Ideally)$/;
/** A place and its region: "Cambridge, MA", "Central Park, New York" after "in"/"from"/"to" or another capitalised word. */
const PLACE_REGION = /(?<=\b(?:in|at|from|to|near|of|around|between|and|[A-Z][\w.'-]*)\s)([A-Z][\w'-]*(?:\s+[A-Z][\w'-]*){0,3}),\s+([A-Z][A-Z]\b|[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*){0,2})/g;

/** The character ranges of the units in `text` a comma stands inside of (see UNIT_PATTERNS), in order. */
export function unitSpans(text: string): [number, number][] {
  const spans: [number, number][] = [];
  for (const re of UNIT_PATTERNS) for (const m of text.matchAll(re)) spans.push([m.index!, m.index! + m[0].length]);
  for (const m of text.matchAll(PLACE_REGION)) {
    const region = m[2].split(/\s+/)[0];
    const head = m[1].split(/\s+/);
    // "Hi Tom, I need", "Then, Find": the word after the comma opens a clause; a greeting's name is no place.
    if (CLAUSE_OPENERS.test(region) || CLAUSE_OPENERS.test(head[0]) || /\b(?:Hi|Hello|Hey|Dear|Thanks|Thank)\s+$/.test(text.slice(0, m.index!))) continue;
    spans.push([m.index!, m.index! + m[0].length]);
  }
  return spans.sort((a, b) => a[0] - b[0]);
}

/** Does character index `at` fall strictly inside one of `spans` (a cut there splits a unit)? */
export function insideSpan(at: number, spans: [number, number][]): boolean {
  return spans.some(([s, e]) => at > s && at < e);
}

/**
 * The clause of `request` holding `value` as whole words (not a piece of "I'm", "30-gallon" or
 * "/outputs/a.txt"; a value in single quotes counts): the text from the clause's start to its end,
 * as the user wrote it, without the asking words it opens with, and its words before and after the value.
 */
function clauseAround(request: string, value: string): { text: string; before: string[]; after: string[] } | undefined {
  const inWord = /[\p{L}\p{N}_\-/\\]/u;
  for (let at = request.indexOf(value); at >= 0; at = request.indexOf(value, at + 1)) {
    const prev = request[at - 1] ?? ' ';
    const next = request[at + value.length] ?? ' ';
    const quoted = (prev === "'" || prev === '‘') && (next === "'" || next === '’');
    if (!quoted && (inWord.test(prev) || inWord.test(next) || /['’]/.test(prev) || /^['’]\p{L}/u.test(request.slice(at + value.length, at + value.length + 2)))) continue;
    const head = request.slice(0, at);
    // A comma inside a date, a number or a place's name ("March 3, 2024", "Cambridge, MA") ends no clause.
    const units = unitSpans(request);
    const ends = (m: RegExpMatchArray, offset: number) => !(m[0] === ',' && insideSpan(offset + m.index!, units));
    const stops = [...head.matchAll(CLAUSE_END)].filter((m) => ends(m, 0));
    let start = stops.length ? stops[stops.length - 1].index! + 1 : 0;
    start += request.slice(start, at).length - request.slice(start, at).trimStart().length;
    const opener = ASKING.exec(request.slice(start, at));
    if (opener) start += opener[0].length;
    // A clause the request joined on with a conjunction is quoted without it: "I recall the ticket number was 987654",
    // never "and I recall …" (thought_quote_opens_conjunction).
    const joined = /^(?:and|but|or|so|then|also|plus)\s+/i.exec(request.slice(start, at));
    if (joined) start += joined[0].length;
    const tail = request.slice(at + value.length);
    const endAt = [...tail.matchAll(CLAUSE_END)].filter((m) => ends(m, at + value.length))[0]?.index;
    const end = at + value.length + (endAt ?? tail.length);
    const words = (x: string) => x.trim().split(/\s+/).filter(Boolean);
    const q = quoted ? 1 : 0;
    return { text: request.slice(start, end).trim(), before: words(request.slice(start, at - q)), after: words(request.slice(at + value.length + q, end)) };
  }
  return undefined;
}

/** The user's words before `value` in its clause of `request` (where `value` stands as whole words). */
function clauseBefore(request: string, value: string): string[] | undefined {
  return clauseAround(request, value)?.before;
}

/**
 * What the user asks for, in their own words, with the preposition that ties it to the value:
 * "papers on" of "Find me the latest papers on quantum computing", "hotels near" — a plural or mass
 * noun right before a preposition right before the value; undefined when the request's words there
 * are no such pair ("search for", "I live in").
 */
export function askedFor(request: string, value: string): string | undefined {
  const words = clauseBefore(request, value);
  if (!words || words.length < 2) return undefined;
  const [noun, tie] = words.slice(-2);
  if (!TIES.has(tie) || !/^[a-z]{3,}$/.test(noun)) return undefined;
  // A measure, a count or a figure of speech before the value is no thing asked for: "the coming three days in
  // London", "5 kilometers from Times Square", "the lines in 'summary.txt'", "team members at …", "the vibrant hues
  // of San Francisco" (thought_asked_for_misread: "The user asks for days in "London"").
  if (NOT_ASKED.test(noun) || (words.length >= 3 && /^(?:\d[\d.,]*|one|two|three|four|five|six|seven|eight|nine|ten|few|several|many)$/i.test(words[words.length - 3]))) return undefined;
  return (isPlural(noun) && !/(?:ss|ous|ness)$/.test(noun)) || MASS.test(noun) ? `${noun} ${tie}` : undefined;
}

/**
 * The clause of the request that holds `value`, as the user wrote it ("Go to documents", "check if
 * there are any meeting rooms free between 10:00 AM and 12:00 PM"), quotable: the value not the whole
 * clause, at most ten words before it and eight after, no double quote, code mark or line break; undefined otherwise.
 */
export function requestClause(request: string, value: string): string | undefined {
  const c = clauseAround(request, value);
  if (!c || c.before.length + c.after.length === 0 || c.before.length > 10 || c.after.length > 8) return undefined;
  if (/["`\n]/.test(c.text) || c.text.length > 110) return undefined;
  // A clause the request's punctuation cut before its complement ("… named 'Delivery_Distance.txt' in the path" of "… in the path \"outputs\"?"):
  // the words after the value that lead into what the cut left out go, so the quote ends on the value, never on "in the path".
  let text = c.text;
  let after = c.after.length;
  while (after > 0 && endsDangling(text)) {
    text = text.replace(/\s*\S+$/, '');
    after--;
  }
  if (after === 0 && c.before.length === 0) return undefined;
  return endsDangling(text) ? undefined : text;
}

/** Words a quote cannot end on without the words they lead into ("in", "named"), and "in the path" before the path it names. */
const DANGLING_WORD = /(?:^|\s)(?:in|into|inside|under|within|named|called|titled|to|from|at|as|with|for|of|on|by|the|a|an|my|your|this|these)$/i;
const DANGLING_PLACE = /\b(?:in|into|inside|under|within|to|at|from)\s+(?:the|a|an|my|your|this)\s+(?:path|folder|directory|location)$/i;
/** Does a quoted request fragment end on a word that needs its complement ("… in the path", "… named")? */
export function endsDangling(said: string): boolean {
  const t = said.trim().replace(/[,;:]+$/, '');
  return DANGLING_WORD.test(t) || DANGLING_PLACE.test(t);
}

/** The role an argument's key gives its value: where a thing goes or who gets it, or where it comes from or who sends it. */
const TO_KEY = /(?:^|[_\s-])(?:to|dest|destination|target|recipient|receiver|arrival|arrive|dst)(?:[_\s-]|$)/i;
const FROM_KEY = /(?:^|[_\s-])(?:from|source|src|origin|sender|departure|depart)(?:[_\s-]|$)/i;
const TO_WORDS = /\b(?:to|into|towards?|destination|recipient|arriving (?:at|in)|landing (?:at|in))\s+(?:[\w'-]+\s+){0,2}$/i;
const FROM_WORDS = /\b(?:from|source|sender|origin|leaving|departing|out of)\s+(?:[\w'-]+\s+){0,2}$/i;

/**
 * Whether quoted request words give a value the other role than the argument's key ("a flight from
 * San Francisco International" for travel_to, "send it to USR003" for sender_id): the role word said
 * just before the value, within the quote. The role the quote gives it ("from"), or undefined.
 */
export function quotedInOtherRole(key: string, quote: string, value: string): string | undefined {
  const to = TO_KEY.test(key);
  const from = FROM_KEY.test(key);
  if (to === from) return undefined;
  const at = quote.toLowerCase().indexOf(value.toLowerCase());
  if (at < 0 || quote.length <= value.length) return undefined;
  const before = quote.slice(Math.max(0, at - 40), at);
  if (to && FROM_WORDS.test(before)) return FROM_WORDS.exec(before)![0].trim();
  if (from && TO_WORDS.test(before)) return TO_WORDS.exec(before)![0].trim();
  return undefined;
}

/** Does a quoted clause speak of the user themselves ("I am writing an article on …", "We need …")? */
export function firstPerson(said: string): boolean {
  return /^(?:I|I'm|I've|I'd|I'll|We|We're|We've|My|Our)\b/.test(said);
}

/** The indices into SOURCE_FRAMES of the frames of one kind. */
export function framesOf(kind: SourceKind): number[] {
  return SOURCE_FRAMES.flatMap((f, i) => (f.kind === kind ? [i] : []));
}

/** The request frames that cite the user's words around the value: "The user asks for papers on …", "The request says "…"", ""I am writing …," the user says". */
export const ASKED_FOR = SOURCE_FRAMES.findIndex((f) => f.pattern.source.startsWith('^The user asks for'));
export const REQUEST_SAYS = SOURCE_FRAMES.findIndex((f) => f.pattern.source.startsWith('^(?:The request says'));
export const USER_SAYS = SOURCE_FRAMES.findIndex((f) => f.pattern.source.startsWith('^"(?<said>'));
/** The frame for a value put together from parts the request names ("Times Square" and "New York City"). */
export const COMPOSED = SOURCE_FRAMES.findIndex((f) => f.pattern.source.startsWith('^I put (?<parts>'));
/** The frame for a value shown only in another letter case ("The sector is "Technology", in the letter case the tool takes."). */
export const RESPELLED = framesOf('respelled')[0];
/**
 * Is `value` shown in `text` only in another letter case (the user's "technology" for "Technology")? A value
 * written with an escape in JSON is left out: its other spelling may be more than its letter case.
 */
export function onlyRespelled(text: string, value: string): boolean {
  return /\p{L}/u.test(value) && JSON.stringify(value).slice(1, -1) === value && !holdsValue(text, value, true) && holdsValue(text, value);
}
/** The plain request frames (no words to cite); of them, "The user gave …" and "The user mentioned …" read true of an earlier turn too ("The request names …" is of this one). */
export const PLAIN_REQUEST = framesOf('request').filter((i) => i !== ASKED_FOR && i !== REQUEST_SAYS && i !== USER_SAYS);
export const EARLIER_REQUEST = [0, 2];

/**
 * The sentence saying a value comes from `request` (the user's words holding it as it is) in the
 * user's own words around it, as a careful reader would say why it is this value: what they ask
 * for ("The user asks for papers on "quantum computing", which is the query"), else the clause
 * that holds it, as the user says it of themselves or as the request says it — of this turn's
 * request only (`earlier`: a turn before, where only what they asked for is cited). Undefined when
 * their words there cannot be cited (the value stands alone in its clause, the clause is too long):
 * then a plain request frame says it. The thought writer and a wrong call's thought both say it so.
 */
export function citedRequest(key: string, value: string, request: string | undefined, earlier = false, num = false): string | undefined {
  if (request === undefined) return undefined;
  if (askedFor(request, value)) return SOURCE_FRAMES[ASKED_FOR].say(key, value, undefined, request);
  const said = earlier ? undefined : requestClause(request, value);
  return said ? SOURCE_FRAMES[firstPerson(said) ? USER_SAYS : REQUEST_SAYS].say(key, value, undefined, request, num) : undefined;
}

/** The frames that say a value comes from the user's request (only for a value the request states as it is). */
export const FROM_REQUEST = framesOf('request').map((i) => SOURCE_FRAMES[i].say);

/** A sentence saying where a value comes from, read back: which frame (index into SOURCE_FRAMES), its kind and the value it states. */
export function valueSource(sentence: string): { index: number; kind: SourceKind; value: string; key?: string; api?: string } | undefined {
  for (const [index, f] of SOURCE_FRAMES.entries()) {
    const m = f.pattern.exec(sentence.trim());
    if (m?.groups) return { index, kind: f.kind, value: m.groups.value ?? m.groups.num, key: m.groups.key, api: m.groups.api };
  }
  return undefined;
}

/**
 * Does `text` hold `value` as a whole token ("12:00" in "from 10:00 to 12:00 PM", not "2:00 PM" in
 * "12:00 PM" nor "restaurant" in "restaurants")? A JSON-escaped spelling counts (an answer's JSON).
 * `exact`: the same letter case, as a sentence quoting the value as the user's words needs.
 */
export function holdsValue(text: string, value: string, exact = false): boolean {
  if (!value) return false;
  const hay = exact ? text : text.toLowerCase();
  const word = (c: string) => /[\p{L}\p{N}_]/u.test(c);
  return [value, JSON.stringify(value).slice(1, -1)].some((v) => {
    const needle = exact ? v : v.toLowerCase();
    for (let at = hay.indexOf(needle); at >= 0; at = hay.indexOf(needle, at + 1)) {
      const before = hay[at - 1] ?? ' ';
      const after = hay[at + needle.length] ?? ' ';
      if ((!word(needle[0]) || !word(before)) && (!word(needle[needle.length - 1]) || !word(after))) return true;
    }
    return false;
  });
}

/** An argument's value as a thought quotes it: a short string or a number; undefined for anything else. */
export function quotable(v: unknown): string | undefined {
  const value = typeof v === 'number' ? String(v) : typeof v === 'string' ? v : undefined;
  // A recorded placeholder ("[IMAGE_PATH]", "Image: [SPAN]…") is no value a person quotes as theirs.
  return value && value.length >= 2 && value.length <= 60 && !/["[\]]/.test(value) ? value : undefined;
}

/** A value a thought could quote, an id past 2^53 read exactly as a bigint (T-Eval's Airbnb ids) included. */
export const quotableValue = (v: unknown): string | undefined => (typeof v === 'bigint' ? String(v) : quotable(v));

/** The values of a call a thought could quote ("Central Park", 51619634), in key order. */
export function quotableArgs(args: unknown): string[] {
  if (!args || typeof args !== 'object' || Array.isArray(args)) return [];
  return Object.values(args).flatMap((v) => quotableValue(v) ?? []);
}

/** Does a key read as a noun ("order id", "price"), not a verb phrase ("expires in", "is active", "has more")? */
export function isNounKey(noun: string): boolean {
  return !/\b(?:in|on|at|by|for|to|of|from|with|than)$/i.test(noun) && !/^(?:is|has|have|was|can|should|did|does|expires?|includes?)\b/i.test(noun);
}

/** Is `x` a value the call passed (its answer echoing it back)? */
function echoes(x: unknown, passed: unknown): boolean {
  if (!passed || typeof passed !== 'object' || (typeof x !== 'string' && typeof x !== 'number')) return false;
  return Object.values(passed as Record<string, unknown>).some((v) => v === x || (typeof v === 'string' && typeof x === 'string' && v.toLowerCase() === x.toLowerCase()));
}

/** A word's stem for matching a field's name against a request ("costs" and "cost", "properties" and "property"). */
const stem = (w: string) => w.toLowerCase().replace(/ies$/, 'y').replace(/(?<!s)s$/, '');

/**
 * Whether a field's name says something the request asks about ("travel_cost" for "the invoice
 * outlining the costs", "balance" for "especially the available balance"): a content word of the
 * name held in a word of the request ("lock" in "unlocking").
 */
function fieldAsked(key: string, request: string, api = ''): boolean {
  const words = (request.toLowerCase().match(/[a-z]+/g) ?? []).map(stem);
  // The record the call is about ("account" of get_account_info's "account_id") is no field the request singles out.
  const own = new Set(keyAsWords(api.slice(api.lastIndexOf('.') + 1)).split(/\s+/).map(stem));
  return keyAsWords(key)
    .split(/\s+/)
    .filter((w) => /^[a-z]{3,}$/i.test(w) && !own.has(stem(w)) && !/^(?:details?|info|information|data|list|results?|items?|values?|type|name|status|the|and|for|with|from|current|latest)$/i.test(w))
    .map(stem)
    .some((w) => words.some((r) => r === w || (w.length >= 4 && r.includes(w))));
}

/** A state field of the call's own record ("lockStatus" of lockDoors, "status" of cancel_order): no word of it but the API's own and "status"/"state". */
function coreState(key: string, api: string): boolean {
  const own = new Set(keyAsWords(api.slice(api.lastIndexOf('.') + 1)).split(/\s+/).map(stem));
  const words = keyAsWords(key).split(/\s+/).map(stem);
  return words.some((w) => w === 'status' || w === 'state') && words.every((w) => w === 'status' || w === 'state' || own.has(w));
}

/** A file system's sentence for a deed ("'a.txt' moved to 'b.txt'", "'notes' removed") in a careful writer's words, or undefined. */
function fileDeed(x: unknown): string | undefined {
  const m = typeof x === 'string' ? /^'([^']+)' (moved|copied|removed|deleted|created|renamed)(?: to '([^']+)')?\.?$/.exec(x.trim()) : null;
  return m ? `${JSON.stringify(m[1])} was ${m[2]}${m[3] ? ` to ${JSON.stringify(m[3])}` : ''}` : undefined;
}

/**
 * One short fact a tool answer shows, as a clause a thought can say after the call's name: "the
 * stock list holds "AAPL" and "NVDA"", "the budget limit is 2857.14", "the matches list is empty",
 * "it lists 3 items". Only what the answer holds, word for word; undefined when nothing short and
 * whole can be said (prose, a long text, nothing returned).
 * A field the request asks about comes first (`request`: "the balance is 31500" for "especially the
 * available balance", never the first field "the account id is 12345"; thought_closing_fact_unasked), after the
 * call's own state where it has one ("the lock status is \"unlocked\"").
 */
export function answerFact(content: string | undefined, passed?: unknown, request = '', api = ''): string | undefined {
  if (!content) return undefined;
  let v: unknown;
  try {
    v = parseJson(content);
  } catch {
    return undefined;
  }
  const scalar = (x: unknown, max: number) => (typeof x === 'string' && x.trim().length > 0 && x.length <= max && !/[\n\r]/.test(x)) || typeof x === 'number' || typeof x === 'boolean';
  // BFCL's file system answers a deed with a sentence of its own ({"result": "'a.txt' moved to 'b.txt'"}): said as the deed
  // (""a.txt" was moved to "b.txt""), never quoted back as "the result is "'a.txt' moved to 'b.txt'"" (thought_reply_quoted).
  const deed = v && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 1 ? fileDeed((v as Record<string, unknown>).result) : undefined;
  if (deed) return deed;
  for (let depth = 0; depth < 3 && v && typeof v === 'object' && !Array.isArray(v); depth++) {
    const entries = Object.entries(v as Record<string, unknown>);
    // The call's own state ("lockStatus" of lockDoors, "engineState" of startEngine) is what it did, said before what the request named.
    const core = request ? entries.filter(([k]) => coreState(k, api)) : [];
    const asked = request ? entries.filter((e) => !core.includes(e) && fieldAsked(e[0], request, api)) : [];
    for (const [k, x] of [...core, ...asked, ...entries.filter((e) => !core.includes(e) && !asked.includes(e))]) {
      const noun = keyAsWords(k);
      if (!/[a-z]/i.test(noun)) continue;
      // "the expires in is 2": a key that is no noun is not said as one; a value the call passed
      // ("the booking id is "insurance_12345"" after retrieve_invoice(booking_id=…)) tells nothing it returned.
      if (!isNounKey(noun) || echoes(x, passed)) continue;
      const plural = /[^su]s$/.test(noun);
      // A field named as a list ("stock_list", "travel_cost_list") is its items: "the stocks are …", "the travel cost is 440", never "the stock list holds …".
      const item = /^(.+) list$/i.exec(noun)?.[1];
      if (item && Array.isArray(x) && x.length > 0 && x.length <= 4 && x.every((y) => scalar(y, 40) && typeof y !== 'boolean')) {
        const said = x.map((y) => (typeof y === 'string' ? JSON.stringify(y) : String(y)));
        if (said.length === 1) return `the ${item} is ${said[0]}`;
        const items = /[^aeiou]y$/.test(item) ? `${item.slice(0, -1)}ies` : /(?:s|x|ch|sh)$/.test(item) ? `${item}es` : `${item}s`;
        return `the ${items} are ${said.slice(0, -1).join(', ')} and ${said[said.length - 1]}`;
      }
      if (scalar(x, 60)) return `the ${noun} ${plural ? 'are' : 'is'} ${typeof x === 'string' ? JSON.stringify(x) : String(x)}`;
      if (Array.isArray(x) && x.length === 0) return plural ? `there are no ${noun}` : `the ${noun} is empty`;
      if (Array.isArray(x) && x.length <= 4 && x.every((y) => scalar(y, 40) && typeof y !== 'boolean')) {
        const said = x.map((y) => (typeof y === 'string' ? JSON.stringify(y) : String(y)));
        const list = said.length === 1 ? said[0] : `${said.slice(0, -1).join(', ')} and ${said[said.length - 1]}`;
        return `the ${noun} ${plural ? 'are' : 'holds'} ${list}`;
      }
    }
    // One object inside (a booking's details, a ticket): its fields are the answer's.
    const nested = entries.filter(([, x]) => x && typeof x === 'object' && !Array.isArray(x));
    v = entries.length === 1 && nested.length === 1 ? nested[0][1] : undefined;
  }
  if (Array.isArray(v) && v.length > 0) return `it lists ${v.length} item${v.length > 1 ? 's' : ''}`;
  return undefined;
}

const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];
/** The plural of a noun as a thought says it ("property" → "properties", "match" → "matches"). */
function plural(noun: string): string {
  if (isPlural(noun)) return noun;
  return /[^aeiou]y$/.test(noun) ? `${noun.slice(0, -1)}ies` : /(?:s|x|ch|sh)$/.test(noun) ? `${noun}es` : `${noun}s`;
}
/** The singular of a list's key ("properties" → "property", "films" → "film"), the noun for one of its items. */
function singular(noun: string): string {
  if (!isPlural(noun)) return noun;
  return /ies$/.test(noun) ? `${noun.slice(0, -3)}y` : /(?:ss|x|ch|sh)es$/.test(noun) ? noun.slice(0, -2) : noun.slice(0, -1);
}
/** A record's own name, by which a person picks it out of a listing: a short title or name that is not the value itself. */
function recordName(record: Record<string, unknown>, value: string): string | undefined {
  for (const k of ['name', 'title', 'username', 'display_name', 'airport_name']) {
    const x = record[k];
    if (typeof x === 'string' && x !== value && x.length >= 2 && x.length <= 60 && !/["\n\r[\]]/.test(x)) return x;
  }
  return undefined;
}
const same = (x: unknown, value: string) => (typeof x === 'string' || typeof x === 'number' || typeof x === 'bigint') && String(x) === value;
/** A list key that names no kind of item ("content", "data", "results" of a listing): its items are said as entries. */
const GENERIC_LIST = /^(?:contents?|data|results?|items?|list|response|output|records?|entries|values?)$/i;

/**
 * Where a tool answer shows a value a call passes, as a clause a thought says after the tool's name
 * ("`search_property_by_place` says …"): the record of a listing that holds it, by its place and its
 * name ("the first property, "Cozy Loft", has id 10803849"), the item of a list ("the second organic id
 * is "Xk8GurSkkSUJ"", with its title where a list beside it gives one), or the field it fills ("the
 * symbol is "ZETA""). Only what the answer holds, word for word; undefined when the answer is no JSON
 * or holds the value nowhere a clause can say (a text, a deeper nesting).
 */
export function whereInAnswer(content: string, value: string, num = false, variant = 0): string | undefined {
  return placeInAnswer(content, value, num, variant)?.text;
}

/**
 * Does a tool answer hold the value as a whole value of its own (a field, an item of a list, at any depth), not
 * only inside a longer text ("Room 102: available")? An id a call passes is read where it stands alone.
 */
export function holdsWhole(content: string, value: string): boolean {
  const seek = (x: unknown, depth: number): boolean =>
    same(x, value) || (depth < 6 && !!x && typeof x === 'object' && Object.values(x as Record<string, unknown>).some((y) => seek(y, depth + 1)));
  return seek(parseToolResponse(content), 0);
}

/**
 * whereInAnswer's clause with the item's place in its listing (`at`, undefined for a field). `follows`: the place
 * of the item the thought before took from the same listing — a loop over a listing goes on with "the next
 * property, "…", has id …" (or "the third listed property" past a skipped one), not placing each item afresh
 * as if the listing were new ("there are three properties, and the second …" after "… and the first …").
 */
export function placeInAnswer(content: string, value: string, num = false, variant = 0, follows?: number, nextSaid = false): { text: string; at?: number } | undefined {
  let placed: number | undefined;
  const text = clauseInAnswer(content, value, num, variant, follows, nextSaid, (at) => (placed = at));
  return text === undefined ? undefined : { text, at: placed };
}

function clauseInAnswer(content: string, value: string, num: boolean, variant: number, follows: number | undefined, nextSaid: boolean, place: (at: number) => void): string | undefined {
  // JSON, or a Python literal as T-Eval recorded its answers ({'property': [{'id': '4464347', …}]}).
  let v = parseToolResponse(content);
  const said = (x: string) => (num ? x : `"${x}"`);
  const isRecord = (x: unknown): x is Record<string, unknown> => !!x && typeof x === 'object' && !Array.isArray(x);
  // A lone object wrapping the answer (a booking's details) is read through.
  for (let depth = 0; depth < 2 && isRecord(v) && Object.keys(v).length === 1 && isRecord(Object.values(v)[0]); depth++) v = Object.values(v)[0];
  const inList = (list: unknown[], listKey: string | undefined, siblings: Record<string, unknown>): string | undefined => {
    const n = list.length;
    const at = list.findIndex((x) => (isRecord(x) ? Object.values(x).some((y) => same(y, value)) : same(x, value)));
    if (at < 0) return undefined;
    const x = list[at];
    // A listing's records are the things its key names ("property": [{…}] holds properties); a list of plain
    // values is named by its key only where that says what each is ("stock_list", "files"): a "watchlist"
    // holds stocks, not watchlists, and "current_directory_content" holds entries.
    const words = listKey ? keyAsWords(listKey) : '';
    const listed = /^(.+) list$/i.exec(words)?.[1];
    const item = listed && !isRecord(x) ? listed : !words || GENERIC_LIST.test(words.split(' ').pop()!) ? 'entry' : isRecord(x) ? singular(words) : isPlural(words) ? singular(words) : 'entry';
    if (!isNounKey(item)) return undefined;
    // "there are three properties, and the first …": the count stands apart from the noun its verb agrees with.
    // Three ways to place an item (`variant`), so a loop over a listing does not read as one sentence filled in:
    // "there are three properties, and the first, "…", has id …", ""…", the first of three properties, has id …",
    // "the first property, "…", has id …".
    const v3 = variant % 3;
    place(at);
    // The next item of a listing the thought before took one from: its place said from there.
    const goesOn = follows !== undefined && n > 1 && at > follows && at < ORDINALS.length;
    // "next" for the item right after, unless the thought before said "next" too (then its place), "last" for the listing's last.
    const loopWord = () => (at === n - 1 && n > 2 ? 'last' : at === follows! + 1 && !nextSaid ? 'next' : ORDINALS[at]);
    const among = (what: string, noun = item) =>
      n === 1 ? `the only ${noun}${what}` : goesOn ? `the ${loopWord()} listed ${noun}${what}` : v3 === 2 ? `the ${ORDINALS[at]} ${noun}${what}` : `there are ${countWord(n)} ${plural(noun)}, and the ${ORDINALS[at]}${what}`;
    // A loop's next item said three ways as well ("the next listed property, "…", has id …", "… is "…", with id …",
    // "… is "…", whose id is …"): one of them for every step of every loop was the most common frame of all thoughts
    // (104 of 2,186 CoT cases on lead36 m8: thought_frame_top_share 0.048 against 0.05).
    const named = (name: string, noun: string, field: string): string => {
      if (goesOn && v3 === 1) return `${among('', noun)} is "${name}", with ${field} ${said(value)}`;
      if (goesOn && v3 === 2) return `${among('', noun)} is "${name}", whose ${field} is ${said(value)}`;
      if (v3 === 1) return `"${name}", ${n === 1 ? `the only ${noun}` : `the ${ORDINALS[at]} of ${countWord(n)} ${plural(noun)}`}, has ${field} ${said(value)}`;
      return `${among(`, "${name}",`, noun)} has ${field} ${said(value)}`;
    };
    // Past twenty, the count is not said (no "23 entries" the answer never writes out); among the first ten the place
    // still is ("the first entry is "RMS"": a request may choose by it, thought_list_place_unsaid), past it only "one of".
    if (n > 1 && (at >= ORDINALS.length || n > COUNT_WORDS.length - 1)) return isRecord(x) ? undefined : at < ORDINALS.length ? `the ${ORDINALS[at]} ${item} is ${said(value)}` : `${said(value)} is one of the ${plural(item)}`;
    if (isRecord(x)) {
      const field = Object.entries(x).find(([, y]) => same(y, value))![0];
      const fieldWords = keyAsWords(field);
      if (!isNounKey(fieldWords)) return undefined;
      const name = recordName(x, value);
      return name ? named(name, item, fieldWords) : `${among('')} has ${fieldWords} ${said(value)}`;
    }
    // A list beside this one of as many titles or names (Google Scholar's title / organic_id) names the item:
    // "there are three entries, and the second, "…", has organic id "…"".
    const names = ['title', 'name', 'names', 'titles'].map((k) => siblings[k]).find((y): y is unknown[] => Array.isArray(y) && y.length === n);
    const name = names && typeof names[at] === 'string' && (names[at] as string).length <= 80 && !/["\n\r]/.test(names[at] as string) ? (names[at] as string) : undefined;
    if (name && name !== value) return named(name, 'entry', singular(words));
    return v3 === 1 && n > 1 && !goesOn ? `${said(value)} is the ${ORDINALS[at]} of ${countWord(n)} ${plural(item)}` : `${among('')} is ${said(value)}`;
  };
  if (Array.isArray(v)) return inList(v, undefined, {});
  if (!isRecord(v)) return undefined;
  for (const [k, x] of Object.entries(v)) {
    const noun = keyAsWords(k);
    if (same(x, value)) return isNounKey(noun) && /[a-z]/i.test(noun) ? `the ${noun} ${isPlural(noun) ? 'are' : 'is'} ${said(value)}` : undefined;
    if (Array.isArray(x)) {
      const found = inList(x, k, v);
      if (found) return found;
    }
  }
  return undefined;
}
