/**
 * The official `format_load`, ported behaviour for behaviour: after a "```json" the text is cut
 * there and backticks and whitespace stripped from both ends; with start/end characters the text is
 * cut from the first start character (when there is none Python's find gives -1, which keeps only
 * the last character) to the last end character (none: nothing is left); then ast.literal_eval,
 * json.loads, and json.loads with every ' turned into " are tried in that order. The result always
 * has the four fields: error and args as parsed (any value), thought and name through str(), and ''
 * for whatever could not be read.
 *
 * test.py's retry loop calls it with no start/end characters; the evaluators with '{' and '}'. The
 * two can disagree on one reply (prose before the JSON), and both are kept that way on purpose.
 */
import { literalEval } from './python/literal.js';
import { parsePyJson } from './python/json.js';
import { PyDict, pyStr, type PyValue } from './python/value.js';

export interface LoadedReply {
  error: PyValue;
  thought: string;
  name: string;
  args: PyValue;
}

/** Python's str.strip(chars) for a set of characters. */
function stripChars(s: string, chars: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && chars.includes(s[a])) a++;
  while (b > a && chars.includes(s[b - 1])) b--;
  return s.slice(a, b);
}

/** Python's str.strip() with no argument: Unicode whitespace. */
function stripWhitespace(s: string): string {
  return s.replace(/^[\s\u001c-\u001f\u0085]+|[\s\u001c-\u001f\u0085]+$/gu, '');
}

/** Python slice s[a:] with a possibly negative start. */
function sliceFrom(s: string, start: number): string {
  return s.slice(start < 0 ? Math.max(0, s.length + start) : start);
}

/** Python slice s[:b] with a possibly negative end. */
function sliceTo(s: string, end: number): string {
  return s.slice(0, end < 0 ? Math.max(0, s.length + end) : end);
}

/** The text format_load would hand to its parsers. */
export function formatLoadText(raw: string, start = '', end = ''): string {
  let text = raw;
  const fence = text.indexOf('```json');
  if (fence >= 0) text = stripWhitespace(stripChars(text.slice(fence + '```json'.length), '`'));
  if (start !== '') text = sliceFrom(text, text.indexOf(start));
  if (end !== '') {
    const at = text.lastIndexOf(end);
    text = sliceTo(text, at + end.length);
  }
  return text;
}

/** What the three parsers make of the text, or undefined when none could. */
export function parseLikePython(text: string): PyValue | undefined {
  for (const parse of [literalEval, parsePyJson, (s: string) => parsePyJson(s.replaceAll("'", '"'))]) {
    try {
      return parse(text);
    } catch {
      /* the next parser, as format_load's bare excepts do */
    }
  }
  return undefined;
}

/** `data[key]` as Python would evaluate it inside format_load's try: undefined where it raises. */
function subscript(data: PyValue | undefined, key: string): PyValue | undefined {
  if (data instanceof PyDict) return data.get(key);
  // A str, list or tuple indexed by a str raises TypeError; so does everything else that is not a dict.
  return undefined;
}

export function formatLoad(raw: string, start = '', end = ''): LoadedReply {
  const data = parseLikePython(formatLoadText(raw, start, end));
  const error = subscript(data, 'error');
  const thought = subscript(data, 'thought');
  const name = subscript(data, 'name');
  const args = subscript(data, 'args');
  return {
    error: error === undefined ? '' : error,
    thought: thought === undefined ? '' : pyStr(thought),
    name: name === undefined ? '' : pyStr(name),
    args: args === undefined ? '' : args,
  };
}

/** As the evaluators call it: from the first '{' to the last '}'. */
export function formatLoadForScoring(raw: string): LoadedReply {
  return formatLoad(raw, '{', '}');
}
