/**
 * Is a value of the kind a parameter holds? A model that gets a value wrong puts a wrong value of
 * the right kind there — another city for a city, another id for an id, a date in another format —
 * never a piece of a name ("York" of "New York"), a clause of the user's sentence for a time
 * ("I need to book"), or a value of an unrelated parameter (an airport code for a booking id).
 * The injectors hold every value they make up to this, and the quality report measures it.
 */
import type { ToolParam } from '../schemas.js';
import { isPlainObject } from './values.js';
import { imageKindProblem } from './pathKinds.js';
import { escapeRegExp } from './vocabulary.js';

export type ParamKind = 'id' | 'date' | 'time' | 'place' | 'file' | 'folder' | 'text' | 'name' | 'number' | 'flag' | 'list' | 'record' | 'other';

const ID_KEY = /(^id$|_id$|Id$|ID$|^id_|ids$|Ids$)/;

/** What a parameter holds, read from its name, type and description. */
export function kindOfParam(param: Pick<ToolParam, 'name' | 'type'> & { description?: string }): ParamKind {
  const n = param.name;
  if (param.type === 'boolean') return 'flag';
  if (param.type === 'array') return 'list';
  if (param.type === 'dict') return 'record';
  if (ID_KEY.test(n)) return 'id';
  if (param.type === 'integer' || param.type === 'float') return 'number';
  if (/date|day$|^day|birthday|check_?in|check_?out/i.test(n)) return 'date';
  if (/time|hour/i.test(n)) return 'time';
  if (/folder|dir/i.test(n)) return 'folder';
  if (/file|image|path|document/i.test(n)) return 'file';
  if (/city|place|location|address|destination|origin|airport|^from$|^to$|_from$|_to$|^start$|^end$|country|state$/i.test(n)) return 'place';
  if (/query|keyword|search|term|content|text|message|body|title|comment|description|note|pattern|review|summary|bullet|prompt/i.test(n)) return 'text';
  if (/name|user|symbol|ticker|stock|company|film|movie|author|brand|model|team|player|artist/i.test(n)) return 'name';
  return 'other';
}

const SEARCH_KEY = /query|keyword|search|term/i;
const FILE_EXTENSION = /\.(?:pptx?|txt|csv|pdf|jpe?g|png|gif|json|md|py|docx?|xlsx?|log|zip)$/i;

/** A folder or file path ("outputs/", "/data/a.png", "notes/report.txt", "slides.pptx"): no spaces, and a slash or a file's extension; never a URL. */
export function looksLikePath(text: string): boolean {
  const t = text.trim();
  if (/\s/.test(t) || t.includes('://') || t.includes('@')) return false;
  return /^\.{0,2}\/|\/$|^[\w.-]+\/[\w./-]*$/.test(t) || FILE_EXTENSION.test(t);
}

const PRONOUN_CLAUSE = /^(i|i'm|i've|i'll|we|my|please|could|can|would|let's|you|it|this|that|and|but|so|then)\b/i;
const VERB_CLAUSE = /\b(need|want|would like|have|handled|book|check|find|get|make|tell|show|help)\b/i;

/** Reads as a piece of a sentence rather than a value: a clause that starts with a pronoun or carries a verb phrase. */
export function looksLikeClause(text: string): boolean {
  const t = text.trim();
  const n = t.split(/\s+/).length;
  return (n >= 2 && PRONOUN_CLAUSE.test(t)) || (n >= 3 && VERB_CLAUSE.test(t) && /\b(i|we|you|me|my)\b/i.test(t));
}

/**
 * A word or words cut out of a longer name in `context`: "York" of "New York", "Square" of
 * "Times Square", "Industries" of "Stark Industries". A whole name is no fragment.
 */
export function isNameFragment(value: string, context: string): boolean {
  const v = value.trim();
  if (!v || /\s{2,}/.test(v) || v.length > 60) return false;
  // Only a capitalised value can be cut from a capitalised name.
  if (!/^[A-Z]/.test(v)) return false;
  let ofContext = fragments.get(context);
  if (!ofContext) {
    if (fragments.size >= 2_000) fragments.clear();
    fragments.set(context, (ofContext = new Map()));
  }
  let known = ofContext.get(v);
  if (known === undefined) ofContext.set(v, (known = cutFromName(v, context)));
  return known;
}

/**
 * isNameFragment per value and text: the injectors ask it of every span of the request for every
 * parameter of every listed tool, and each asking compiled four patterns.
 */
const fragments = new Map<string, Map<string, boolean>>();

function cutFromName(v: string, context: string): boolean {
  const esc = escapeRegExp(v);
  if (!new RegExp(`(?<![\\w])${esc}(?![\\w])`).test(context)) return false;
  const name = /[A-Z][\w'&-]*/.source;
  const before = new RegExp(`${name}\\s+${esc}(?![\\w])`);
  const after = new RegExp(`(?<![\\w])${esc}\\s+${name}`);
  // A name joined by a hyphen is one name: "The Ritz" of "The Ritz-Carlton".
  const hyphened = new RegExp(`(?<![\\w])${esc}-[A-Z]|[A-Z][\\w']*-${esc}(?![\\w])`);
  return before.test(context) || after.test(context) || hyphened.test(context);
}

// And their short forms ("Sept" of "Friday 19th Sept 2026" is no city), those that are no common name or word too ("Jan", "Mar", "Sun", "Sat", "Wed" may be).
const CALENDAR_WORD = /^(?:january|february|march|april|may|june|july|august|september|october|november|december|monday|tuesday|wednesday|thursday|friday|saturday|sunday|(?:feb|apr|jun|jul|aug|sept?|oct|nov|dec|mon|tues?|thu|thurs?|fri)\.?)$/i;

/** "March" of "March 15, 1985", "Friday": a word of a date, never a person, place or company. */
export function isCalendarWord(text: string): boolean {
  return CALENDAR_WORD.test(text.trim());
}

function hasDigit(v: unknown): boolean {
  return /\d/.test(String(v));
}

/**
 * Why `value` is not of the kind `param` holds, or undefined when it is. `reference` is the
 * correct value (its shape is the kind when the parameter's name says little); `context` the text
 * the value was taken from (the user's turn), for the fragment check. Type is not judged here: a
 * type confusion ("5" for 5) is a wrong value of the right kind.
 */
export function valueKindProblem(param: Pick<ToolParam, 'name' | 'type'> & { description?: string }, value: unknown, reference?: unknown, context = ''): string | undefined {
  const kind = kindOfParam(param);
  if (value === undefined || value === null) return `${param.name} is empty`;
  const text = typeof value === 'string' ? value.trim() : undefined;
  if (text !== undefined) {
    if (text === '') return `${param.name} is an empty string`;
    if (looksLikeClause(text) && kind !== 'text') return `${param.name} holds a clause of the user's sentence ("${text.slice(0, 40)}")`;
    // A shortened name ("San Francisco" for "San Francisco International") is a slip people make; a
    // single word cut out of a name ("York", "Square", "Industries") is not, even of the right value.
    if (context && isNameFragment(text, context) && !(typeof reference === 'string' && reference.includes(text) && /\s/.test(text))) return `${param.name} holds "${text}", a fragment of a longer name in the query`;
    if (isCalendarWord(text) && kind !== 'date' && kind !== 'time' && kind !== 'text' && !(typeof reference === 'string' && isCalendarWord(reference))) return `${param.name} holds "${text}", a word of a date`;
    const wordCount = text.split(/\s+/).length;
    // A folder or file path is no search word: get_image(keywords="outputs/") only copies the request's path.
    // (Places and names are left out: abs_location, mv's destination and find's name take paths.)
    if (kind === 'text' && SEARCH_KEY.test(param.name) && !/file|director|folder|path/i.test(param.description ?? '') && looksLikePath(text) && !(typeof reference === 'string' && looksLikePath(reference)))
      return `${param.name} holds "${text.slice(0, 40)}", a file or folder path`;
    switch (kind) {
      case 'id':
        if (/\s/.test(text)) return `${param.name} is an id, "${text.slice(0, 40)}" has spaces`;
        if (/^\d{1,2}:\d{2}|^\d{4}-\d{2}-\d{2}/.test(text)) return `${param.name} is an id, "${text}" is a time or date`;
        if ((reference === undefined || hasDigit(reference)) && !hasDigit(text)) return `${param.name} is an id, "${text}" has no digit`;
        break;
      case 'date':
        if (!hasDigit(text)) return `${param.name} is a date, "${text}" has no digit`;
        break;
      case 'time':
        if (!hasDigit(text) && !/noon|midnight|morning|evening|afternoon/i.test(text)) return `${param.name} is a time, "${text}" has no digit`;
        break;
      case 'place':
        // A place in lower case is a format slip of the right place ("stonebrook"), not another kind of value.
        if (/^[a-z]+$/.test(text) && !(typeof reference === 'string' && reference.toLowerCase() === text) && !(typeof reference === 'string' && /^[a-z]/.test(reference))) return `${param.name} is a place, "${text}" is a lower-case word`;
        if (wordCount > 10) return `${param.name} is a place, "${text.slice(0, 40)}" is a sentence`;
        if (/^\d+$/.test(text) && !(reference !== undefined && /^\d+$/.test(String(reference).trim()))) return `${param.name} is a place, "${text}" is a number`;
        break;
      case 'file':
        if (wordCount > 4) return `${param.name} is a file, "${text.slice(0, 40)}" is a sentence`;
        return imageKindProblem(param, text);
      case 'folder':
        if (wordCount > 4) return `${param.name} is a folder, "${text.slice(0, 40)}" is a sentence`;
        break;
      case 'name':
      case 'other':
        if (wordCount > 8 && !(typeof reference === 'string' && reference.split(/\s+/).length > 4)) return `${param.name} holds a long text ("${text.slice(0, 40)}…") where a short value goes`;
        if (reference !== undefined && typeof reference !== 'string' && /^[A-Za-z]/.test(text) && wordCount > 2) return `${param.name} takes a ${typeof reference}, "${text.slice(0, 40)}" is words`;
        break;
      default:
        break;
    }
    return undefined;
  }
  if (kind === 'list' && !Array.isArray(value) && typeof value !== 'string') return `${param.name} is a list, got ${typeof value}`;
  if (kind === 'record' && !isPlainObject(value) && typeof value !== 'string') return `${param.name} is a record, got ${Array.isArray(value) ? 'a list' : typeof value}`;
  if (kind === 'id' && typeof value === 'boolean') return `${param.name} is an id, got a boolean`;
  return undefined;
}
