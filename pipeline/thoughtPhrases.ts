/**
 * How a thought says what a call is for and what it passes: the tool's own description as a verb
 * phrase ("get the zipcode of a city") and its arguments in words ("city "Paris" and unit "C"").
 * The thought writer frames them for each ground-truth call; a wrong call's thought (pipeline/errors/
 * injectors/thoughts.ts) says them for the wrong call in the same frame, so nothing but its content
 * tells the two apart.
 */
import { nlp } from './nlp.js';
import { isCjkText, keyAsWords, withArticle } from './quality/grammar.js';

/** The API's own description (BFCL's toolkit preamble dropped), its first sentence, without its period. */
export function purpose(description: string): string {
  // BFCL descriptions carry a preamble about the toolkit; the part after "Tool description:" is the API's own.
  const own = description.includes('Tool description:') ? description.split('Tool description:').pop()! : description;
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
  let text = purpose(description)
    .replace(/^(this|the)( \w+)? (function|tool|api|endpoint|method|operation)( is used to| is used for| will| can| helps to| helps| allows you to| lets you)?\s+/i, '')
    .replace(/^(used|designed) to\s+/i, '')
    .replace(/^(it|this)\s+/i, '')
    .split(/[:;]\s/)[0]
    .trim()
    .replace(/[.!?]+$/, '');
  if (!text) return `use \`${api}\``;
  text = fillPlaceholder(plainWords(text), args);
  // A doc that opens with the question the tool answers ("if they are any rooms available") is a check.
  const question = /^(?:if|whether)\s+(.+)$/i.exec(text);
  if (question) text = `check whether ${question[1].replace(/^they are any\b/i, 'there are any')}`;
  const first = text.match(/^[A-Za-z]+/)?.[0] ?? '';
  const base = baseForm(first);
  const isVerb = OPENING_VERBS.has(base) || opensWithVerb(text, first);
  if (isVerb && first) text = base + text.slice(first.length);
  else text = `use ${/^(a|an|the)\b/i.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : `\`${api}\`, which provides ${text.charAt(0).toLowerCase() + text.slice(1)}`}`;
  return text.charAt(0).toLowerCase() + text.slice(1);
}

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

/**
 * A doc's count placeholder ("forecast weather in the N upcoming days") with the call's number in
 * it when the call passes exactly one ("in the next 3 days"), else without it ("in the upcoming days").
 */
function fillPlaceholder(text: string, args: Record<string, unknown> | string): string {
  if (!/\bN\b/.test(text)) return text;
  const numbers = typeof args === 'string' ? [] : Object.values(args).filter((v): v is number => typeof v === 'number' && Number.isInteger(v));
  if (numbers.length !== 1) return text.replace(/\s*\bN\b/g, '');
  const filled = text.replace(/\bthe N upcoming\b/g, 'the next N').replace(/\bN\b/g, String(numbers[0]));
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

export function sayValue(v: unknown): string {
  if (typeof v === 'string' && v.length > 60) {
    // Chinese or Japanese runs on without spaces: counted in characters, not as "a 3-word text".
    return `${withArticle(isCjkText(v) ? `${v.replace(/\s/g, '').length}-character` : `${v.split(/\s+/).length}-word`)} text`;
  }
  if (typeof v === 'string') return JSON.stringify(v);
  if (Array.isArray(v)) return v.length <= 3 ? `[${v.map(sayValue).join(', ')}]` : `a list of ${v.length} values`;
  if (v && typeof v === 'object') return `an object with ${Object.keys(v).map(humanize).join(', ')}`;
  return String(v);
}

/** "the city "Paris" and the unit "C"" — up to three arguments; "" when there are none. */
export function argPhrase(args: Record<string, unknown> | string): string {
  if (typeof args === 'string') return args ? JSON.stringify(args) : '';
  const entries = Object.entries(args)
    .slice(0, 3)
    .map(([k, v]) => (typeof v === 'string' && v.length <= 60 ? `${humanize(k)} ${sayValue(v)}` : `${humanize(k)} set to ${sayValue(v)}`));
  if (entries.length <= 1) return entries.join('');
  return `${entries.slice(0, -1).join(', ')} and ${entries[entries.length - 1]}`;
}
