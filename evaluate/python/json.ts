/**
 * Python's `json.loads`: what the evaluator gets from a data file or a reply. Unlike JSON.parse it
 * keeps `5` (int) apart from `5.0` (float), keeps big integers exact, and accepts NaN / Infinity.
 * Like Python: whitespace is space, tab, CR and LF only; control characters inside strings are
 * refused (strict mode); a repeated key keeps the last value.
 */
import { PyDict, type PyValue } from './value.js';

export class PyJsonError extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(`${message} at char ${position}`);
  }
}

const WS = new Set([0x20, 0x09, 0x0a, 0x0d]);
const NUMBER = /-?(?:0|[1-9]\d*)(\.\d+)?([eE][-+]?\d+)?/y;
// A run of string characters that need no attention: no quote, backslash or control character.
const PLAIN = /[^"\\\u0000-\u001f]*/y;

export function parsePyJson(text: string): PyValue {
  let i = 0;
  const skip = () => {
    while (i < text.length && WS.has(text.charCodeAt(i))) i++;
  };
  const fail = (msg: string): never => {
    throw new PyJsonError(msg, i);
  };

  const parseString = (): string => {
    // text[i] is the opening quote
    i++;
    let out = '';
    let runStart = i;
    for (;;) {
      // Ordinary characters are skipped by the regex engine, not one by one (a message may run to megabytes).
      PLAIN.lastIndex = i;
      PLAIN.test(text);
      i = PLAIN.lastIndex;
      if (i >= text.length) fail('Unterminated string');
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        out += text.slice(runStart, i);
        i++;
        return out;
      }
      if (c < 0x20) fail('Invalid control character');
      if (c !== 0x5c) {
        i++;
        continue;
      }
      out += text.slice(runStart, i);
      const e = text[i + 1];
      switch (e) {
        case '"':
        case '\\':
        case '/':
          out += e;
          i += 2;
          break;
        case 'b':
          out += '\b';
          i += 2;
          break;
        case 'f':
          out += '\f';
          i += 2;
          break;
        case 'n':
          out += '\n';
          i += 2;
          break;
        case 'r':
          out += '\r';
          i += 2;
          break;
        case 't':
          out += '\t';
          i += 2;
          break;
        case 'u': {
          const hex = text.slice(i + 2, i + 6);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) fail('Invalid \\uXXXX escape');
          out += String.fromCharCode(parseInt(hex, 16));
          i += 6;
          break;
        }
        default:
          fail('Invalid \\escape');
      }
      runStart = i;
    }
  };

  const parseValue = (depth: number): PyValue => {
    if (depth > 1000) fail('nesting too deep');
    skip();
    if (i >= text.length) fail('Expecting value');
    const c = text[i];
    if (c === '"') return parseString();
    if (c === '{') {
      i++;
      const d = new PyDict();
      skip();
      if (text[i] === '}') {
        i++;
        return d;
      }
      for (;;) {
        skip();
        if (text[i] !== '"') fail('Expecting property name enclosed in double quotes');
        const key = parseString();
        skip();
        if (text[i] !== ':') fail("Expecting ':' delimiter");
        i++;
        d.set(key, parseValue(depth + 1));
        skip();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === '}') {
          i++;
          return d;
        }
        fail("Expecting ',' delimiter");
      }
    }
    if (c === '[') {
      i++;
      const list: PyValue[] = [];
      skip();
      if (text[i] === ']') {
        i++;
        return list;
      }
      for (;;) {
        list.push(parseValue(depth + 1));
        skip();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === ']') {
          i++;
          return list;
        }
        fail("Expecting ',' delimiter");
      }
    }
    for (const [word, value] of [
      ['null', null],
      ['true', true],
      ['false', false],
      ['NaN', NaN],
      ['Infinity', Infinity],
      ['-Infinity', -Infinity],
    ] as const) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return value;
      }
    }
    NUMBER.lastIndex = i;
    const m = NUMBER.exec(text);
    if (!m) fail('Expecting value');
    i += m![0].length;
    return m![1] !== undefined || m![2] !== undefined ? Number(m![0]) : BigInt(m![0]);
  };

  const value = parseValue(0);
  skip();
  if (i < text.length) fail('Extra data');
  return value;
}
