/**
 * Is a wrong call wrong in exactly its labelled way, and only that way? CRITICTOOL's internal error
 * types each isolate one mistake:
 *
 * - tool_select_error: another listed tool, called with arguments that fit THAT tool (its types,
 *   required keys, enums, no unknown keys, ids the conversation gave for that kind of id), so its
 *   answer is the wrong tool's real effect, not a type or execution error about the arguments
 *   (`lockDoors(door="driver")` answered "Error during execution: 'd'");
 * - tool_hallucination_error: an invented name with the ground truth's arguments unchanged;
 * - parameters_key_error: keys renamed or left out, every value the ground truth's, and no new key
 *   that documents another parameter of the tool (that is a value moved to another slot);
 * - parameters_value_error: the same keys, a value of the parameter's own type (a string for a
 *   number is a type mistake, not a wrong value).
 *
 * Shared by diversify-internal's gate (a candidate with a second defect is retried) and the quality
 * measure `wrong_call_second_defect`.
 */
import type { Action, ErrorType, ToolDoc, ToolParam } from '../schemas.js';
import { enumOf, findTool, fitsType, isPlainObject, sameValue, show } from './values.js';
import { isIdKey } from './injectors/context.js';
import { escapeRegExp } from './vocabulary.js';

type Args = Record<string, unknown>;

function paramsOf(doc: ToolDoc): ToolParam[] {
  return [...doc.required_parameters, ...doc.optional_parameters];
}

/** The JSON-schema type of an array's items, when the doc gives one. */
function itemType(param: ToolParam): string | undefined {
  const items = (param as { items?: unknown }).items;
  return isPlainObject(items) && typeof items.type === 'string' ? items.type : undefined;
}

function fitsItem(value: unknown, type: string): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'number':
    case 'float':
      return typeof value === 'number';
    case 'boolean':
      return typeof value === 'boolean';
    case 'object':
    case 'dict':
      return isPlainObject(value);
    case 'array':
      return Array.isArray(value);
    default:
      return true;
  }
}

/** Why `value` does not fit `param`'s documented type, item type or enum; undefined when it does. */
export function typeProblem(param: ToolParam, value: unknown): string | undefined {
  if (!fitsType(value, param.type)) return `${param.name}=${show(value, 40)} is not of its documented type ${param.type}`;
  const allowed = enumOf(param).filter((v) => typeof v !== 'object');
  if (Array.isArray(value)) {
    const item = itemType(param);
    const bad = value.find((v) => (item !== undefined && !fitsItem(v, item)) || (allowed.length > 0 && !allowed.some((a) => sameValue(a, v))));
    if (bad !== undefined) return `${param.name} holds ${show(bad, 30)}, not ${item && !fitsItem(bad, item) ? `a ${item}` : `one of ${allowed.map((a) => show(a)).join(', ')}`}`;
    return undefined;
  }
  if (allowed.length > 0 && (typeof value === 'string' || typeof value === 'number') && !allowed.some((a) => sameValue(a, value))) {
    return `${param.name}=${show(value, 40)} is none of its documented options ${allowed.map((a) => show(a)).join(', ')}`;
  }
  return undefined;
}

/** Is `value` of another type than `param` documents, or does a list hold items of another type than its items'? */
export function typeBroken(param: ToolParam, value: unknown): boolean {
  if (!fitsType(value, param.type)) return true;
  const item = itemType(param);
  return Array.isArray(value) && item !== undefined && value.some((v) => !fitsItem(v, item));
}

/** Does the parameter hold an identifier (by its name, or a doc that opens "ID of …")? */
export function holdsId(param: Pick<ToolParam, 'name' | 'description' | 'type'>): boolean {
  if (param.type === 'boolean' || param.type === 'dict') return false;
  return isIdKey(param.name) || /^(\[(Required|Optional)\]\s*)?(the |an? )?(unique )?(ID|identifier)\b/i.test(param.description ?? '');
}

/**
 * Has the conversation given `value` as an id: under an id key (or `key` itself) of an earlier call
 * or answer, or in the user's words right after "id", "ID" or "number"? A year or a count is no
 * booking id ("expire in 2026" → booking_id "2026"), a search phrase no result id.
 */
export function idShown(key: string, value: unknown, shown: string): boolean {
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'bigint') return true;
  const text = String(value);
  if (text === '') return true;
  const v = escapeRegExp(text);
  // The value right after a key, or in the list a key opens ("card_ids": ["c1", "c2"]).
  const underKey = new RegExp(`["']([A-Za-z_][A-Za-z0-9_]*)["']\\s*:\\s*(?:\\[\\s*(?:["']?[^"',\\]\\n]*["']?\\s*,\\s*)*)?["']?${v}["']?(?=[,}\\]\\s])`, 'g');
  for (const m of shown.matchAll(underKey)) if (m[1] === key || isIdKey(m[1])) return true;
  return new RegExp(`\\b(id|ids|identifier|number|no\\.|#)\\b[^.?!\\n]{0,25}?['"]?${v}(?![A-Za-z0-9])`, 'i').test(shown);
}

/** Every way a wrong tool's call breaks its own doc: a required key missing, an unknown key, a wrong type, an option not listed, an id nobody gave. */
export function callSchemaProblems(action: Pick<Action, 'name' | 'args'>, tools: ToolDoc[], shown?: string, given: Args = {}): string[] {
  const doc = findTool(tools, action.name);
  if (!doc || !isPlainObject(action.args)) return [];
  const args = action.args as Args;
  const params = paramsOf(doc);
  const out: string[] = [];
  for (const p of doc.required_parameters) if (!(p.name in args)) out.push(`required ${p.name} of ${doc.name} missing`);
  for (const k of Object.keys(args)) if (!params.some((p) => p.name === k)) out.push(`${k} is no parameter of ${doc.name}`);
  for (const p of params) {
    if (!(p.name in args)) continue;
    const problem = typeProblem(p, args[p.name]);
    if (problem) out.push(problem);
    else if (shown !== undefined && holdsId(p) && !Object.entries(given).some(([k, v]) => k === p.name && sameValue(v, args[p.name])) && !idShown(p.name, args[p.name], shown)) {
      out.push(`${p.name}=${show(args[p.name], 30)} is an id nothing gave as one`);
    }
  }
  return out;
}

/** A tool's answer that is about the arguments it was given (a type or execution error, a value it does not take, a file that does not exist), not its effect. */
const ARGUMENT_ERROR =
  /Error during execution|Traceback|\b(TypeError|AttributeError|KeyError|ValueError|IndexError)\b|object has no attribute|unexpected keyword argument|missing \d+ required|required positional argument|invalid literal|not subscriptable|is not iterable|No such file or directory|\bInvalid (value|type|format|argument|parameter|input)\b|\bInvalid \w+ (mode|type|format|value|option)\b/i;

export function argumentErrorIn(response: string): string | undefined {
  const m = ARGUMENT_ERROR.exec(response);
  return m ? `answered "${response.slice(0, 80)}", an error about the arguments rather than what ${'the tool'} does` : undefined;
}

/**
 * The second defect of a wrong call, or undefined when it is wrong only in its labelled way.
 * `shown` is what the conversation showed before the call (user turns, earlier calls and answers);
 * `response` the tool's answer to the wrong call, when it has one.
 */
export function secondDefect(type: ErrorType, correct: Action, wrong: Action, tools: ToolDoc[], opts: { shown?: string; response?: string } = {}): string | undefined {
  if (!isPlainObject(wrong.args) || !isPlainObject(correct.args)) return undefined;
  const gt = correct.args as Args;
  const given = wrong.args as Args;
  const doc = findTool(tools, correct.name);
  switch (type) {
    case 'tool_select_error': {
      const problems = callSchemaProblems(wrong, tools, opts.shown, gt);
      if (problems.length) return `${wrong.name}: ${problems[0]}`;
      const argError = opts.response !== undefined ? argumentErrorIn(opts.response) : undefined;
      return argError ? `${wrong.name} ${argError}` : undefined;
    }
    case 'tool_hallucination_error': {
      const keys = new Set([...Object.keys(gt), ...Object.keys(given)]);
      const changed = [...keys].filter((k) => !sameValue(gt[k], given[k]));
      return changed.length ? `the invented tool's arguments differ from the ground truth's beyond the name (${changed.join(', ')})` : undefined;
    }
    case 'parameters_key_error': {
      const removed = Object.keys(gt).filter((k) => !(k in given));
      const added = Object.keys(given).filter((k) => !(k in gt));
      const changed = Object.keys(gt).filter((k) => k in given && !sameValue(gt[k], given[k]));
      if (changed.length) return `a value changed as well as a key (${changed.map((k) => `${k}=${show(given[k], 30)}`).join(', ')})`;
      const documented = doc ? added.filter((k) => paramsOf(doc).some((p) => p.name === k)) : [];
      if (documented.length) return `the wrong key ${documented[0]} is a documented parameter of ${correct.name}: a value moved to another slot, not a key error`;
      const left = removed.map((k) => gt[k]);
      for (const k of added) {
        const at = left.findIndex((v) => sameValue(v, given[k]));
        if (at < 0) return `the renamed key ${k} holds ${show(given[k], 30)}, a value the ground truth does not pass`;
        left.splice(at, 1);
      }
      if (removed.length === 0 && added.length === 0) return 'no key differs from the ground truth';
      return undefined;
    }
    case 'parameters_value_error': {
      const removed = Object.keys(gt).filter((k) => !(k in given));
      const added = Object.keys(given).filter((k) => !(k in gt));
      if (removed.length || added.length) return `keys changed as well as a value (${[...removed.map((k) => `-${k}`), ...added.map((k) => `+${k}`)].join(', ')})`;
      const params = doc ? paramsOf(doc) : [];
      for (const k of Object.keys(gt)) {
        if (sameValue(gt[k], given[k])) continue;
        const p = params.find((q) => q.name === k);
        if (!p) continue;
        // A type the ground truth itself breaks is the doc's slip, not the error's.
        if (typeProblem(p, gt[k])) continue;
        if (typeBroken(p, given[k])) return `a type mistake, not a wrong value: ${typeProblem(p, given[k]) ?? `${k} holds items of another type than ${itemType(p)}`}`;
      }
      return undefined;
    }
  }
  return undefined;
}
