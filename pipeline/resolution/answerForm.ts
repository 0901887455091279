/**
 * One API, one serialisation. T-Eval recorded its tools' answers as Python prints them
 * ({'description': '…', 'ok': True}); the simulator writes JSON ({"description": "…"}). In a task
 * where one API answers once recorded and once simulated, the two forms side by side showed which
 * answer was made up (303 of 3,408 T-Eval cases). A simulated answer of an API whose recorded
 * answers are Python literals is written as one too: same values, same spacing, Python's quotes
 * and True/False/None.
 */
import { pythonLiteralToJson } from '../prompts/parseAction.js';

export type AnswerForm = 'json' | 'python';

/** How a whole answer is written: a JSON object or list, a Python literal one, or neither (plain text, an HTTP status line). */
export function answerForm(text: string): AnswerForm | undefined {
  const t = text.trim();
  if (!/^[[{]/.test(t)) return undefined;
  try {
    JSON.parse(t);
    // A JSON text with no string in it reads the same in both forms.
    return /"/.test(t) ? 'json' : undefined;
  } catch {
    try {
      JSON.parse(pythonLiteralToJson(t));
      return 'python';
    } catch {
      return undefined;
    }
  }
}

/** A string as Python's repr() writes it: single quotes unless it holds one and no double quote. */
export function pyStr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (ch === '\\') out += '\\\\';
    else if (ch === quote) out += `\\${quote}`;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).padStart(2, '0')}`;
    else out += ch;
  }
  return out + quote;
}

/** A JSON text rewritten as the Python literal of the same value, numbers and spacing as written; undefined when it is no JSON. */
export function jsonAsPython(text: string): string | undefined {
  try {
    JSON.parse(text);
  } catch {
    return undefined;
  }
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      out += pyStr(JSON.parse(text.slice(i, j + 1)) as string);
      i = j + 1;
      continue;
    }
    const word = /^(true|false|null)\b/.exec(text.slice(i, i + 5));
    if (word) {
      out += { true: 'True', false: 'False', null: 'None' }[word[1] as 'true' | 'false' | 'null'];
      i += word[1].length;
      continue;
    }
    out += c;
    i++;
    // Python's repr puts one space after every ':' and ',' of a dict or list.
    if ((c === ':' || c === ',') && text[i] !== ' ') out += ' ';
  }
  return out;
}

/**
 * A simulated answer in the form the API's recorded answers take: a JSON answer of an API whose
 * recorded answers are all Python literals is written as one; anything else is left as it is.
 */
export function inRecordedForm(content: string, recorded: readonly string[]): string {
  const forms = new Set(recorded.map(answerForm).filter((f) => f !== undefined));
  if (forms.size !== 1 || !forms.has('python') || answerForm(content) !== 'json') return content;
  return jsonAsPython(content.trim()) ?? content;
}

/** A recorded answer that reports a failure or nothing found (Scholar's "Fully empty", an error record), not what the API answers when it works. */
function failureRecord(text: string): boolean {
  return /^[[{]/.test(text.trim()) && /\berror\b|fully empty|no results/i.test(text);
}

/**
 * A simulated answer in plain text where the API answers in plain text. Google Scholar's citation is
 * recorded as a bare string ("Zhou, Zhi-Hua. Machine learning. Springer Nature, 2021."), but the
 * simulator drew it as a record of its doc's one return field ({"citation": "…"}): 181 of 193 citation
 * answers a build showed were in a form the API never answers in. An answer that is one text field
 * of an API whose every working recording is plain text is written as that text; anything else is left.
 */
export function inRecordedText(content: string, recorded: readonly string[]): string {
  const working = recorded.filter((r) => r.trim() && !failureRecord(r));
  if (!working.length || working.some((r) => /^[[{]/.test(r.trim()) || /^HTTP \d/.test(r.trim()))) return content;
  let value: unknown;
  try {
    value = answerForm(content) === 'python' ? JSON.parse(pythonLiteralToJson(content.trim())) : JSON.parse(content.trim());
  } catch {
    return content;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return content;
  const fields = Object.values(value as Record<string, unknown>);
  return fields.length === 1 && typeof fields[0] === 'string' && fields[0].trim() ? fields[0] : content;
}
