/**
 * A value in the wrong slot: what a wrong-tool call must never hold. A model that picks the wrong
 * tool still fills each of its parameters with a value of that parameter's kind — it does not put
 * the travel class in the access token, the access token in the card id, the user name in a ticket
 * title, a stock ticker in a sector or a whole sentence of the request in a city. The tool
 * selection injector (injectors/toolSelect.ts adaptArgs) turns a candidate tool down when a value
 * would land in such a slot, and the quality report measures the shipped cases with the same rules
 * (pipeline/quality/internalErrors.ts valueKindProblems).
 */
import type { ToolDoc, ToolParam } from '../schemas.js';
import { kindOfParam, looksLikeClause } from './kinds.js';
import { enumOf, sameValue } from './values.js';
import { KEY_SYNONYMS, words, escapeRegExp } from './vocabulary.js';

type ParamLike = Pick<ToolParam, 'name' | 'type'> & { description?: string };

/** A value the case gives for some parameter: an argument of the correct call, of an earlier call, or one the request labels. */
export interface GivenValue {
  key: string;
  value: unknown;
  param?: ParamLike;
  /** For the message: "the correct call", "an earlier call", "the request". */
  where: string;
  /** The tool the value was given to, when known ("Email.send" for an email's title). */
  tool?: string;
}

/** Keys that hold credentials or account names: they take only values given for a related key. */
const CREDENTIAL = /user|login|account|password|token|secret|key$/i;
/** Parameters that take any term to look up (a company name, a topic, a place). */
const SEARCH = /^(q|query|queries|keywords?|search(_?term|_?query)?|term|pattern|search_for)$/i;

const CODE_KEY = /symbol|ticker|stock|airport|code|^travel_(from|to)$/i;

/** A parameter that takes a code (a ticker, an airport code, a zip code) rather than a name. */
function holdsCode(p: ParamLike): boolean {
  return CODE_KEY.test(p.name) || /\b(zip ?code|postal code|code|symbol|ticker)\b/i.test(p.description ?? '');
}

function relatedNames(a: string, b: string): boolean {
  if (a === b) return true;
  if ((KEY_SYNONYMS[a] ?? []).includes(b) || (KEY_SYNONYMS[b] ?? []).includes(a)) return true;
  const wb = words(b);
  return words(a).some((w) => w.length > 2 && w !== 'ids' && wb.includes(w));
}

/**
 * May a value given for `from` fill `to`? The same or a related name (ids only of the same entity:
 * a booking id is no card id), or the same specific kind (a city for a place, a date for a date);
 * a search term takes any name or text. Loose kinds ("other": a travel class, a sector, an access
 * token) and credentials take only values of a related name.
 */
export function keysAgree(from: ParamLike, to: ParamLike): boolean {
  if (from.name === to.name) return true;
  const fk = kindOfParam(from);
  const tk = kindOfParam(to);
  if (fk === 'id' || tk === 'id') {
    const entity = (k: string) => words(k).filter((w) => w !== 'id' && w !== 'ids');
    return fk === tk && entity(from.name).some((w) => entity(to.name).includes(w));
  }
  // A ticker or an airport code is no company name or city, a city no zip code: a code goes only
  // where a code goes (a search term aside).
  if (holdsCode(from) !== holdsCode(to) && !SEARCH.test(to.name)) return false;
  if (relatedNames(from.name, to.name)) return true;
  if (CREDENTIAL.test(from.name) || CREDENTIAL.test(to.name)) return false;
  if (SEARCH.test(to.name) && ['name', 'text', 'place', 'other'].includes(fk)) return true;
  return fk === tk && fk !== 'other';
}

const GENERIC_LABEL = new Set(['id', 'ids', 'name', 'the', 'for', 'and', 'new', 'type', 'value', 'list', 'info', 'data', 'number', 'num']);

/**
 * The parameters (of any listed tool) the request names right before `value`: "my access token
 * 'abc123xyz'" labels the value for access_token, "Mastercard with id 'id15583'" for card_id. Empty
 * when the value is not in the request or nothing names a parameter just before it.
 */
export function labelledFor(value: string, request: string, tools: ToolDoc[], strict = false): ParamLike[] {
  const at = request.indexOf(value);
  if (at < 0 || value.length < 3) return [];
  // The clause before the value, at most four words: "…, I'll be using my access token '".
  const before = request.slice(Math.max(0, at - 60), at).split(/[.;!?,()]/).pop() ?? '';
  const label = before.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean).slice(-4);
  if (label.length === 0) return [];
  const out: ParamLike[] = [];
  const seen = new Set<string>();
  for (const tool of tools) {
    for (const p of [...tool.required_parameters, ...tool.optional_parameters]) {
      if (seen.has(p.name)) continue;
      const own = words(p.name).filter((w) => w.length > 2 && !GENERIC_LABEL.has(w));
      const names = (l: string, w: string) => l === w || (l.length > w.length && l.includes(w)) || (w.length > 4 && l.startsWith(w.slice(0, -1)));
      // Strict: the label is the word right before the value ("my access token 'abc123'"), not a word
      // of the clause before it ("a 5 km radius of The Ritz", "a grand getaway to Los Angeles").
      if (strict && !own.some((w) => names(label[label.length - 1], w))) continue;
      if (own.length > 0 && own.every((w) => label.some((l) => names(l, w)))) {
        seen.add(p.name);
        out.push(p);
      }
    }
  }
  return out;
}

/**
 * Reads as a sentence (or a clause) of the request rather than a value: five words or more ending
 * in a full stop or reading as a clause, nine or more taken from the request, or an opening mark of
 * punctuation. A title ("Impact of AI on Modern Society") is a value.
 */
function sentenceOf(text: string, request: string): boolean {
  const t = text.trim();
  if (/^[.,;:!?)\]]/.test(t)) return true;
  const n = t.split(/\s+/).length;
  return n >= 5 && (/[.!?]$/.test(t) || looksLikeClause(t) || (n >= 9 && request.includes(t)));
}

/**
 * Why `value` sits in the wrong slot as `param` of a wrong-tool call, or undefined: a sentence of
 * the request where a short value goes, a value the case gives only for parameters of another kind
 * (given: the correct call's arguments, earlier calls'), or one the request labels for another parameter.
 */
export function misplacedValue(param: ParamLike, value: unknown, given: GivenValue[], request: string, tools: ToolDoc[]): string | undefined {
  const kind = kindOfParam(param);
  if (typeof value === 'string') {
    const text = value.trim();
    if (kind !== 'text' && kind !== 'list' && kind !== 'record' && sentenceOf(text, request)) return `${param.name} holds a sentence of the request ("${text.slice(0, 50)}")`;
    if (/^[.,;:!?)\]]/.test(text)) return `${param.name} holds a cut-off clause ("${text.slice(0, 50)}")`;
  }
  if (typeof value !== 'string' || value.trim().length < 3) return undefined;
  // A member of the parameter's own list of options is of its kind whatever else the request calls it.
  if (enumOf(param as ToolParam).some((v) => sameValue(v, value))) return undefined;
  const same = given.filter((g) => sameValue(g.value, value) && g.key !== '');
  if (same.length > 0 && !same.some((g) => keysAgree(g.param ?? { name: g.key, type: 'any' }, param))) {
    return `${param.name}="${value.slice(0, 40)}" is the ${same[0].key} of ${same[0].where}`;
  }
  if (same.length === 0) {
    const labels = labelledFor(value, request, tools);
    if (labels.length > 0 && !labels.some((l) => keysAgree(l, param))) return `${param.name}="${value.slice(0, 40)}" is what the request gives as ${labels[0].name}`;
  }
  return undefined;
}

/**
 * A wrong value a model could really write in place of `reference` for `param` — or why not. A
 * value error is a slip of the right kind (another city for a city, an earlier booking id, a
 * company's name for its ticker, a film named for another purpose), never a value of another kind:
 * a card id as a travel class, a city as an access token, an email's title as a location, a film as
 * a ticker, a place the request names as a paper topic. `given` are the values the case gives for
 * parameters (with the tool they were given for); a value two arguments exchanged is the caller's
 * to pass over (a swap is a real slip).
 */
export function slipProblem(param: ParamLike, value: unknown, reference: unknown, given: GivenValue[], request: string, tools: ToolDoc[], tool: string): string | undefined {
  const sentence = misplacedSentence(param, value, request);
  if (sentence) return sentence;
  if (typeof value !== 'string' || typeof reference !== 'string') return undefined;
  const text = value.trim();
  const ref = reference.trim();
  if (text.length === 0 || sameValue(text.toLowerCase(), ref.toLowerCase())) return undefined;
  const kind = kindOfParam(param);
  // A cut-off clause: the first word of a sentence taken with the name after it ("If Zeta Corp").
  const opener = /^(If|When|Whether|Since|Because|Unless|Although|While|Once|Also|Then|Now|Next|Please)\s+\S/.exec(text);
  if (opener && new RegExp(`(^|[.!?]\\s+)${escapeRegExp(text)}`).test(request)) return `${param.name}="${text.slice(0, 40)}" is cut from the opening of a sentence ("${opener[1]} …")`;
  const options = enumOf(param as ToolParam);
  if (options.length > 0 && options.some((o) => sameValue(String(o).toLowerCase(), ref.toLowerCase())) && !options.some((o) => sameValue(String(o).toLowerCase(), text.toLowerCase()))) {
    return `${param.name} takes one of ${options.slice(0, 4).map((o) => JSON.stringify(o)).join(', ')}; "${text.slice(0, 40)}" is none of them`;
  }
  // Of another kind by its form: words where an id or token goes, an id or coordinates where words go.
  if (isToken(ref) && isWords(text) && !['place', 'file', 'folder'].includes(kind) && !(holdsCode(param) && nameForCode(text, ref))) {
    return `${param.name} takes an id or token like "${ref.slice(0, 30)}"; "${text.slice(0, 40)}" is words`;
  }
  if (isWords(ref) && (isToken(text) || COORD_PAIR.test(text)) && !['id', 'number', 'date', 'time', 'file', 'folder'].includes(kind) && !CREDENTIAL.test(param.name)) {
    return `${param.name} takes words like "${ref.slice(0, 30)}"; "${text.slice(0, 40)}" is ${COORD_PAIR.test(text) ? 'a pair of coordinates' : 'an id or token'}`;
  }
  if (holdsCode(param) && nameForCode(text, ref)) return undefined;
  // A place or a company the request names where the slot holds neither (an arXiv search for
  // "Times Square", a film search for "Apple Inc."), whatever search it was also given to.
  const as = requestKind(text, request);
  if (as && !slotHolds(param, tool, as, ref, request)) return `${param.name}="${text.slice(0, 40)}" is ${as === 'place' ? 'a place' : 'a company'} the request names, not a value ${param.name} holds`;
  // A value the case gives for a parameter of another kind.
  const same = given.filter((g) => g.key !== '' && sameValue(g.value, value) && !(g.key === param.name && (g.tool ?? tool) === tool && sameValue(g.value, reference)));
  if (same.length > 0) {
    const agree = same.some((g) => slipKeysAgree(g.param ?? { name: g.key, type: 'any' }, g.tool ?? tool, param, tool, text, ref));
    if (!agree) return `${param.name}="${text.slice(0, 40)}" is the ${same[0].key} of ${same[0].where}${same[0].tool && same[0].tool !== tool ? ` (${same[0].tool})` : ''}, a value of another kind`;
    return undefined;
  }
  const labels = labelledFor(text, request, tools, true);
  if (labels.length > 0 && !labels.some((l) => l.name === param.name || keysAgree(l, param))) return `${param.name}="${text.slice(0, 40)}" is what the request gives as ${labels[0].name}`;
  return undefined;
}

function misplacedSentence(param: ParamLike, value: unknown, request: string): string | undefined {
  if (typeof value !== 'string') return undefined;
  const kind = kindOfParam(param);
  const text = value.trim();
  if (kind !== 'text' && kind !== 'list' && kind !== 'record' && sentenceOf(text, request)) return `${param.name} holds a sentence of the request ("${text.slice(0, 50)}")`;
  if (/^[.,;:!?)\]]/.test(text)) return `${param.name} holds a cut-off clause ("${text.slice(0, 50)}")`;
  return undefined;
}

const COORD_PAIR = /^\s*-?\d+(\.\d+)?\s*,\s*-?\d+(\.\d+)?\s*$/;

/** An id, token or key: one piece with a digit, an underscore or an @, or of mixed case inside ("secureAccessToken12345", "-jKcSxGaARwJ"). */
function isToken(t: string): boolean {
  if (/\s/.test(t) || t.length < 3) return false;
  return /\d/.test(t) || /[_@#]/.test(t) || /^-/.test(t) || (t.match(/[a-z][A-Z]/g) ?? []).length >= 2;
}

/** Plain words: letters (any script), spaces and the marks of a name, no digit. */
function isWords(t: string): boolean {
  return /^\p{L}[\p{L}\p{M}\s.,'’&()-]*$/u.test(t) && !isToken(t) && !/\.\w{1,5}$/.test(t);
}

/** A company's name for its ticker ("Amazon" for AMZN, "Apple Inc" for AAPL): the code's first letter and its letters are the name's. */
export function nameForCode(name: string, code: string): boolean {
  if (!/^[A-Z]{2,6}$/.test(code)) return false;
  const n = name.toLowerCase();
  const c = code.toLowerCase();
  return n.startsWith(c[0]) && [...new Set(c)].every((ch) => n.includes(ch));
}

function apiOf(tool: string): string {
  return tool.includes('.') ? tool.slice(0, tool.indexOf('.')) : tool;
}

/**
 * May a value given for `from` (of tool `fromTool`) be mistaken for `to`'s? Stricter than keysAgree
 * (a wrong tool's slots): the same or a related name, ids of one entity, a place for a place, a
 * company's name for its ticker; a name or text only within one API (the film a search was for as
 * the film whose details are wanted), never across (an email's title as an author).
 */
function slipKeysAgree(from: ParamLike, fromTool: string, to: ParamLike, toTool: string, value: string, reference: string): boolean {
  const fk = kindOfParam(from);
  const tk = kindOfParam(to);
  // One key of two APIs is one kind only where the key says what it holds: a finance search's
  // "query" (a company) is no film search's.
  if (from.name === to.name) return apiOf(fromTool) === apiOf(toTool) || !['name', 'text', 'other'].includes(fk);
  if (fk === 'id' || tk === 'id') return keysAgree(from, to);
  if (CREDENTIAL.test(from.name) || CREDENTIAL.test(to.name)) return relatedNames(from.name, to.name);
  if (holdsCode(to) && !holdsCode(from)) return nameForCode(value, reference) || (fk === 'place' && tk === 'place');
  if (relatedNames(from.name, to.name)) return true;
  if (fk === 'place' || tk === 'place') return fk === tk;
  const loose = ['name', 'text'];
  // A search takes any term: the film or the topic it searched for says nothing against another slot of names.
  if (loose.includes(tk) && SEARCH.test(from.name)) return true;
  if (loose.includes(fk) && loose.includes(tk)) return apiOf(fromTool) === apiOf(toTool);
  return fk === tk && fk !== 'other' && apiOf(fromTool) === apiOf(toTool);
}

/** What the request calls `value` just before it: a place ("in New York", "from Times Square") or a company ("the company name 'Apple Inc.'", "Tesla's stock"). */
function requestKind(value: string, request: string): 'place' | 'company' | undefined {
  if (!/^\p{Lu}/u.test(value)) return undefined;
  const at = new RegExp(`(?<![\\w])${escapeRegExp(value)}(?![\\w])`).exec(request);
  if (!at) return undefined;
  const before = request.slice(Math.max(0, at.index - 40), at.index).toLowerCase();
  const after = request.slice(at.index + value.length, at.index + value.length + 30).toLowerCase();
  if (/\b(in|at|near|around|from|towards|between|visit|visiting|reach)\s+(the\s+)?['"‘“]?$/.test(before) && !/\binvest(ing|ment|ments)?\s+in\s+$/.test(before)) return 'place';
  if (/\b(company|companies|corporation|firm|stock|stocks|shares|ticker|symbol|invest(?:ing|ment)? in)\b[^.,;!?]{0,30}$/.test(before) || /^(['’]s)?\s+(stock|shares|ticker|share price)\b/.test(after)) return 'company';
  return undefined;
}

/** Does the slot hold a place (or a company)? By its kind, its name and description, or because the right value is one too. */
function slotHolds(param: ParamLike, tool: string, what: 'place' | 'company', reference: string, request: string): boolean {
  const doc = `${param.name} ${param.description ?? ''}`;
  if (requestKind(reference, request) === what) return true;
  if (what === 'place') return kindOfParam(param) === 'place' || /locat|place|address|city|region|area|destination|origin|airport|coordinat/i.test(doc);
  return holdsCode(param) || /compan|stock|ticker|symbol|organi[sz]ation|brand|firm/i.test(doc) || /financ|stock|trad|polygon|market/i.test(tool);
}
