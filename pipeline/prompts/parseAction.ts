/**
 * Parses a model's reply into an action the way the official evaluator's `format_load` does: a
 * ```json fence is unwrapped, the text from the first `{` to the last `}` is read as a Python
 * literal or JSON, and name/args/thought/error are picked out. The inverse of `renderAction`.
 */
import type { Action } from '../schemas.js';
import { parseJson } from '../pyValues.js';

export interface ParsedReply {
  action?: Action;
  /** The `error` field a critiquing model adds (internal error type), if any. */
  error?: string;
  problem?: string;
}

export function parseReply(raw: string): ParsedReply {
  let text = raw;
  const fence = text.indexOf('```json');
  if (fence >= 0) text = text.slice(fence + '```json'.length).replace(/^[`\s]+|[`\s]+$/g, '');
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end < start) return { problem: 'no JSON object in the reply' };
  const body = text.slice(start, end + 1);
  let data: unknown;
  try {
    data = parseJson(body);
  } catch {
    try {
      data = parseJson(pythonLiteralToJson(body));
    } catch (err) {
      return { problem: `unparsable action: ${(err as Error).message}` };
    }
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) return { problem: 'the reply is not an object' };
  const obj = data as Record<string, unknown>;
  if (typeof obj.name !== 'string' || obj.name === '') return { problem: 'the reply has no "name"' };
  let args = obj.args;
  if (typeof args === 'string' && obj.name !== 'FinishAction') {
    // Models often send args as a JSON string; the evaluator would keep the string, we keep both readings honest.
    try {
      const parsed = parseJson(args) as unknown;
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) args = parsed;
    } catch {
      /* stays a string: a parameter format error the checker will see */
    }
  }
  if (args === undefined || args === null) args = {};
  if (typeof args !== 'string' && (typeof args !== 'object' || Array.isArray(args))) return { problem: 'the reply\'s "args" is neither an object nor a string' };
  const action: Action = { name: obj.name, args: args as Action['args'] };
  if (typeof obj.thought === 'string') action.thought = obj.thought;
  return { action, error: typeof obj.error === 'string' && obj.error ? obj.error : undefined };
}

/**
 * A tool response as a value: JSON (read losslessly), else a Python literal (T-Eval's recordings
 * print dicts: {'author_id': 'HR5pAakAAAAJ'}); undefined when it is neither.
 */
export function parseToolResponse(text: string): unknown {
  const form = responseForms.get(text);
  // Read again from text each time: callers get a value of their own, as before.
  if (form === JSON_FORM) return parseJson(text);
  if (form === NEITHER) return undefined;
  if (form !== undefined) return parseJson(form);
  let value: unknown;
  let learned: string;
  try {
    value = parseJson(text);
    learned = JSON_FORM;
  } catch {
    // not JSON: try it as a Python literal
    try {
      const json = pythonLiteralToJson(text);
      value = parseJson(json);
      learned = json;
    } catch {
      value = undefined;
      learned = NEITHER;
    }
  }
  if (responseFormChars + text.length > MAX_RESPONSE_FORM_CHARS) {
    responseForms.clear();
    responseFormChars = 0;
  }
  responseForms.set(text, learned);
  responseFormChars += text.length + (learned.length > 1 ? learned.length : 0);
  return value;
}

/**
 * How each response text read last time: as JSON, as this JSON rewrite of a Python literal, or as
 * neither. The simulator reads the same recorded responses (an API's examples) for every step that
 * calls the API, and each T-Eval recording is a Python literal: the failed JSON parse (an exception
 * built each time) and the rewrite were most of what reading them cost. Bounded by the characters held.
 */
const responseForms = new Map<string, string>();
// A rewrite is JSON text, never one character: these two cannot be mistaken for one.
const JSON_FORM = '\u0000';
const NEITHER = '\u0001';
const MAX_RESPONSE_FORM_CHARS = 8_000_000;
let responseFormChars = 0;

/** Rewrites a Python literal (single-quoted strings, True/False/None, tuples) as JSON text. */
export function pythonLiteralToJson(src: string): string {
  let out = '';
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (c === "'" || c === '"') {
      const quote = c;
      let value = '';
      i++;
      while (i < src.length && src[i] !== quote) {
        if (src[i] === '\\' && i + 1 < src.length) {
          const n = src[i + 1];
          value += n === 'n' ? '\n' : n === 't' ? '\t' : n === 'r' ? '\r' : n;
          i += 2;
        } else {
          value += src[i++];
        }
      }
      if (i >= src.length) throw new Error('unterminated string');
      i++;
      out += JSON.stringify(value);
      continue;
    }
    const word = /^[A-Za-z_]+/.exec(src.slice(i))?.[0];
    if (word) {
      const mapped = { True: 'true', False: 'false', None: 'null', true: 'true', false: 'false', null: 'null' }[word];
      if (!mapped) throw new Error(`unexpected name ${word}`);
      out += mapped;
      i += word.length;
      continue;
    }
    out += c === '(' ? '[' : c === ')' ? ']' : c;
    i++;
  }
  // Python allows a trailing comma before a closing bracket; JSON does not.
  return out.replace(/,\s*([}\]])/g, '$1');
}
