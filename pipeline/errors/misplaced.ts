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
import { KEY_SYNONYMS, words } from './vocabulary.js';

type ParamLike = Pick<ToolParam, 'name' | 'type'> & { description?: string };

/** A value the case gives for some parameter: an argument of the correct call, of an earlier call, or one the request labels. */
export interface GivenValue {
  key: string;
  value: unknown;
  param?: ParamLike;
  /** For the message: "the correct call", "an earlier call", "the request". */
  where: string;
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
export function labelledFor(value: string, request: string, tools: ToolDoc[]): ParamLike[] {
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
      if (own.length > 0 && own.every((w) => label.some((l) => l === w || (l.length > w.length && l.includes(w)) || (w.length > 4 && l.startsWith(w.slice(0, -1)))))) {
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
