/**
 * Does a text hand the model the correction it is being tested on? For an internal error case,
 * the correct tool (a tool error), the correct key (a key error) or the correct value (a value
 * error) named in the thought before the wrong call, or in the tool's answer to it. The thought
 * writer holds its thoughts to this; the quality report counts it.
 */
import type { Action, ErrorType } from '../schemas.js';
import { apiOf, isPlainObject, sameValue } from './values.js';
import { escapeRegExp, numberToWords } from './vocabulary.js';
import { toJson } from '../pyValues.js';
import { holdsValue, valueSource } from '../thoughtPhrases.js';
import { keyAsWords, keyNoun, type KeyDoc } from '../quality/grammar.js';

export interface Leak {
  what: 'tool' | 'key' | 'value';
  /** The correct name or value the text gives away. */
  text: string;
}

function mentions(text: string, word: string, caseInsensitive = false): boolean {
  if (!word) return false;
  return new RegExp(`(?<![\\w])${escapeRegExp(word)}(?![\\w])`, caseInsensitive ? 'i' : '').test(text);
}

function argsOf(action: Pick<Action, 'args'>): Record<string, unknown> {
  return isPlainObject(action.args) ? action.args : {};
}

/** The ways a correct value can be written out; empty for values too common to count (booleans, "", single letters). */
function spellings(value: unknown): string[] {
  if (typeof value === 'number') {
    const out = [String(value)];
    const w = numberToWords(value);
    if (w) out.push(w);
    return out;
  }
  if (typeof value === 'string') return value.trim().length >= 2 ? [value.trim()] : [];
  if (Array.isArray(value)) return value.flatMap((v) => (typeof v === 'object' ? [] : spellings(v)));
  return [];
}

/** The keys a key error got wrong: renamed or left out keys of the ground truth. */
export function wrongKeys(correct: Pick<Action, 'args'>, erroneous: Pick<Action, 'args'>): string[] {
  const after = argsOf(erroneous);
  return Object.keys(argsOf(correct)).filter((k) => !(k in after));
}

/**
 * The key of the correct call a wrong call's `key` stands for: itself where the correct call has it, else the key the
 * wrong call left out whose value it passes (a key error's "starts" for "start"), looked over in `keys`' order; itself
 * where none is. The wrong call's thought says its arguments where the correct one says that key's.
 */
export function keyStandingFor(key: string, correct: Record<string, unknown>, wrong: Record<string, unknown>, keys: readonly string[] = Object.keys(correct)): string {
  if (key in correct) return key;
  return keys.find((c) => !(c in wrong) && toJson(correct[c]) === toJson(wrong[key])) ?? key;
}

/** The ground-truth arguments a value error changed. */
export function changedValues(correct: Pick<Action, 'args'>, erroneous: Pick<Action, 'args'>): { key: string; from: unknown; to: unknown }[] {
  const before = argsOf(correct);
  const after = argsOf(erroneous);
  return Object.keys(before)
    .filter((k) => k in after && !sameValue(before[k], after[k]))
    .map((k) => ({ key: k, from: before[k], to: after[k] }));
}

/** The ways a thought says a key in words: as the docs name it ("starting point" for start) and as its own words. */
const keyWords = (k: string, doc?: KeyDoc) => [keyNoun(k, doc), keyAsWords(k)];

/**
 * `text` with each mention of `value` said in the role of one of `keys` taken out: "destination "Empire
 * State Building"" for a wrong call passing it as its end. A swapped pair's thought names both values
 * as the wrong call passes them, which tells nothing of where the correct call puts them.
 */
function withoutOwnRoles(text: string, keys: string[], value: string, correctKey: string, doc?: KeyDoc): string {
  const nounsOf = (k: string) => [...keyWords(k, doc), k].map((n) => n.toLowerCase());
  const correctNouns = nounsOf(correctKey);
  // A noun the correct key's own ends with ("date" of "end date") would read the correct role as the other.
  const nouns = [...new Set(keys.flatMap(nounsOf))].filter((n) => n && !correctNouns.some((c) => c.endsWith(n))).sort((a, b) => b.length - a.length);
  if (nouns.length === 0) return text;
  const said = new RegExp(`(?<![\\w-])(?:${nouns.map(escapeRegExp).join('|')}) (?:"${escapeRegExp(value)}"|${escapeRegExp(value)}(?![\\w]))`, 'gi');
  return text.replace(said, ' ');
}

/** `text` with the wrong call's keys said in words ("comment content", "tweet id") taken out. */
function withoutKeyNouns(text: string, keys: string[], doc?: KeyDoc): string {
  const nouns = [...new Set(keys.flatMap((k) => keyWords(k, doc)))].filter((n) => n.includes(' ')).sort((a, b) => b.length - a.length);
  return nouns.length === 0 ? text : text.replace(new RegExp(`(?<![\\w-])(?:${nouns.map(escapeRegExp).join('|')})(?![\\w-])`, 'gi'), ' ');
}

/**
 * What `text` gives away about the correct step of an internal error of `type`. A value error's
 * correct value that the wrong call passes under another key (a swapped pair) gives nothing away
 * where the text says it in that other key's role (`doc` names the keys as the thought writer does).
 */
export function leaksIn(text: string, type: ErrorType, correct: Pick<Action, 'name' | 'args'>, erroneous: Pick<Action, 'name' | 'args'>, doc?: KeyDoc): Leak[] {
  const out: Leak[] = [];
  if (!text) return out;
  if (type === 'tool_select_error' || type === 'tool_hallucination_error') {
    const api = apiOf(correct.name);
    // A key of the wrong call said in words holds the correct tool's name as a word of its own ("comment content"
    // beside a made-up `add_comment` for `comment`): the call's own parameter, no name of the tool.
    const said = withoutKeyNouns(text, Object.keys(argsOf(erroneous)), doc);
    if (mentions(text, correct.name) || (mentions(said, api) && !mentions(erroneous.name, api))) out.push({ what: 'tool', text: correct.name });
    return out;
  }
  if (type === 'parameters_key_error') {
    for (const key of wrongKeys(correct, erroneous)) {
      // A plain word ("file", "query") is prose as often as a key; an identifier or `key=` is the key.
      const identifier = /[_A-Z]/.test(key.slice(1)) ? mentions(text, key) : new RegExp(`(?<![\\w])${escapeRegExp(key)}\\s*[=:]`).test(text);
      if (identifier) out.push({ what: 'key', text: key });
    }
    return out;
  }
  const passed = argsOf(erroneous);
  for (const { key, from, to } of changedValues(correct, erroneous)) {
    const wrongText = toJson(to) ?? '';
    const heldBy = Object.keys(passed).filter((k) => k !== key && sameValue(passed[k], from));
    for (const s of spellings(from)) {
      const said = heldBy.length > 0 ? withoutOwnRoles(text, heldBy, s, key, doc) : text;
      // The wrong value in another letter case ("amzn" for "AMZN"): the correct spelling, as written, gives it away.
      const caseOnly = !wrongText.includes(s) && wrongText.toLowerCase().includes(s.toLowerCase());
      if (wrongText.toLowerCase().includes(s.toLowerCase()) && !caseOnly) continue;
      if (mentions(said, s, !caseOnly)) {
        out.push({ what: 'value', text: s });
        break;
      }
    }
  }
  return out;
}

/**
 * The ground-truth values a key error leaves out altogether: a required key dropped, its value passed
 * under no other key. A thought that states such a value and then drops it contradicts itself.
 */
export function droppedValues(correct: Pick<Action, 'args'>, erroneous: Pick<Action, 'args'>): { key: string; value: unknown }[] {
  const after = Object.values(argsOf(erroneous));
  return wrongKeys(correct, erroneous)
    .map((key) => ({ key, value: argsOf(correct)[key] }))
    .filter(({ value }) => !after.some((v) => sameValue(v, value)));
}

/**
 * A value of the correct call the wrong one does not pass, as a text states it (its first spelling
 * found), or undefined: a thought that says "The request names \"quantum computing\" as the query"
 * and then calls the weather for Mountain View argues for the call it does not make.
 */
export function statesUnpassedValue(text: string, correct: Pick<Action, 'args'>, erroneous: Pick<Action, 'args'>): string | undefined {
  const after = Object.values(argsOf(erroneous));
  const passed = after.filter((v): v is string => typeof v === 'string' && v.length > 0);
  const rest = passed.reduce((t, v) => t.split(v).join(' '), text);
  for (const value of Object.values(argsOf(correct))) {
    if (after.some((v) => sameValue(v, value)) || (typeof value === 'string' && value.trim().length < 3)) continue;
    const found = spellings(value).find((s) => mentions(rest, s, true));
    if (found) return found;
  }
  return undefined;
}

/** The dropped value a text states (its first spelling found), or undefined. */
export function statesDroppedValue(text: string, correct: Pick<Action, 'args'>, erroneous: Pick<Action, 'args'>): string | undefined {
  // A mention inside a value the call does pass is that value: "outputs/conference.ppt" states the
  // file, not the theme "Conference" the call leaves out.
  const passed = Object.values(argsOf(erroneous)).filter((v): v is string => typeof v === 'string' && v.length > 0);
  const rest = passed.reduce((t, v) => t.split(v).join(' '), text);
  for (const { value } of droppedValues(correct, erroneous)) {
    const found = spellings(value).find((s) => mentions(rest, s, true));
    if (found) return found;
  }
  return undefined;
}

/**
 * A value a thought says the call takes ("\"12:00\" comes straight from the request", "The request
 * names \"321 Industrial Ln, Springfield\" as the address") that the call does not pass as it is — or,
 * for a sentence that says the request holds it, one the request does not hold. Before a wrong call
 * such a sentence hands over the correct value or argues for a call not made ("12:00" before a call
 * passing "12:00 PM"). Undefined when every such sentence states a value the call passes.
 */
export function statesValueNotPassed(text: string, call: Pick<Action, 'args'>, request?: string): string | undefined {
  const passed = Object.values(argsOf(call)).flatMap((v) => (Array.isArray(v) ? v : [v])).map((v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v : undefined));
  for (const sentence of text.split(/(?<=[.!?])\s+(?=[A-Z"`])/)) {
    const source = valueSource(sentence);
    if (!source) continue;
    if (!passed.includes(source.value)) return source.value;
    if (request !== undefined && source.kind === 'request' && !holdsValue(request, source.value, true)) return source.value;
  }
  return undefined;
}
