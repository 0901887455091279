/**
 * Python's `ast.literal_eval` on a string: the first parser `format_load` tries on a reply. It reads
 * one expression (leading spaces/tabs stripped, as literal_eval does) made of strings (prefixes r/u/b,
 * triple quotes, adjacent literals joined), numbers (ints of any size with underscores, hex/octal/
 * binary, floats, imaginary), True/False/None/..., lists, tuples, dicts, sets, `set()`, a unary sign
 * on a number and `real ± imaginary`. Anything else — a name such as `true` or `null`, a call, an
 * unhashable dict key — is an error, as in Python, so format_load falls through to json.loads.
 */
import { isHashable, PyBytes, PyComplex, PyDict, PyEllipsis, PySet, PyTuple, type PyValue } from './value.js';

export class LiteralError extends Error {}

type Tok =
  | { t: 'op'; v: string; pos: number }
  | { t: 'str'; v: string; bytes: boolean; pos: number }
  | { t: 'num'; v: PyValue; pos: number }
  | { t: 'name'; v: string; pos: number }
  | { t: 'end'; pos: number };

const SIMPLE_ESCAPES: Record<string, string> = { '\\': '\\', "'": "'", '"': '"', a: '\x07', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v' };

function decodeEscapes(body: string, bytes: boolean, pos: number): string {
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c !== '\\') {
      if (bytes && c.charCodeAt(0) > 0x7f) throw new LiteralError(`bytes can only contain ASCII literal characters (at ${pos})`);
      out += c;
      continue;
    }
    const e = body[i + 1];
    if (e === undefined) throw new LiteralError(`unterminated escape at ${pos}`);
    if (e === '\n') {
      i++;
      continue;
    }
    if (e in SIMPLE_ESCAPES) {
      out += SIMPLE_ESCAPES[e];
      i++;
      continue;
    }
    if (/[0-7]/.test(e)) {
      const m = /^[0-7]{1,3}/.exec(body.slice(i + 1))![0];
      out += String.fromCharCode(parseInt(m, 8));
      i += m.length;
      continue;
    }
    if (e === 'x') {
      const hex = body.slice(i + 2, i + 4);
      if (!/^[0-9a-fA-F]{2}$/.test(hex)) throw new LiteralError(`truncated \\xXX escape at ${pos}`);
      out += String.fromCharCode(parseInt(hex, 16));
      i += 3;
      continue;
    }
    if (!bytes && (e === 'u' || e === 'U')) {
      const n = e === 'u' ? 4 : 8;
      const hex = body.slice(i + 2, i + 2 + n);
      if (hex.length !== n || !/^[0-9a-fA-F]+$/.test(hex)) throw new LiteralError(`truncated \\${e} escape at ${pos}`);
      const cp = parseInt(hex, 16);
      if (cp > 0x10ffff) throw new LiteralError(`illegal Unicode character at ${pos}`);
      out += String.fromCodePoint(cp);
      i += 1 + n;
      continue;
    }
    if (!bytes && e === 'N') throw new LiteralError(`\\N{...} escapes are not supported (at ${pos})`);
    // An unknown escape keeps its backslash (Python warns, and keeps it).
    out += '\\';
  }
  return out;
}

function parseNumber(text: string, pos: number): PyValue {
  const clean = text.replace(/_/g, '');
  if (/^0[xX][0-9a-fA-F]+$/.test(clean)) return BigInt(clean);
  if (/^0[oO][0-7]+$/.test(clean)) return BigInt(clean);
  if (/^0[bB][01]+$/.test(clean)) return BigInt(clean);
  if (/[jJ]$/.test(clean)) return new PyComplex(0, Number(clean.slice(0, -1)));
  if (/^\d+$/.test(clean)) {
    if (/^0+\d/.test(clean) && !/^0+$/.test(clean)) throw new LiteralError(`leading zeros in a decimal integer literal at ${pos}`);
    return BigInt(clean);
  }
  const n = Number(clean);
  if (Number.isNaN(n)) throw new LiteralError(`invalid number ${text} at ${pos}`);
  return n;
}

const NUMBER_RE = /(?:0[xX](?:_?[0-9a-fA-F])+|0[oO](?:_?[0-7])+|0[bB](?:_?[01])+|(?:(?:\d(?:_?\d)*)?\.\d(?:_?\d)*|\d(?:_?\d)*\.?)(?:[eE][-+]?\d(?:_?\d)*)?[jJ]?)/y;
const NAME_RE = /[A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*/y;
const STRING_PREFIX_RE = /(?:[rR][bB]?|[bB][rR]?|[uU]|[fF][rR]?|[rR][fF])?(?='|")/y;

function tokenize(src: string): Tok[] {
  const toks: Tok[] = [];
  let i = 0;
  let depth = 0;
  let sawNewlineAtTop = false;
  while (i < src.length) {
    const c = src[i];
    if (c === ' ' || c === '\t' || c === '\f') {
      i++;
      continue;
    }
    if (c === '#') {
      while (i < src.length && src[i] !== '\n') i++;
      continue;
    }
    if (c === '\\' && (src[i + 1] === '\n' || (src[i + 1] === '\r' && src[i + 2] === '\n'))) {
      i += src[i + 1] === '\n' ? 2 : 3;
      continue;
    }
    if (c === '\n' || c === '\r') {
      if (depth === 0 && toks.length > 0) sawNewlineAtTop = true;
      i++;
      continue;
    }
    if (sawNewlineAtTop) throw new LiteralError(`invalid syntax: a second line at ${i}`);
    STRING_PREFIX_RE.lastIndex = i;
    const pre = STRING_PREFIX_RE.exec(src);
    if (pre) {
      const prefix = pre[0].toLowerCase();
      if (prefix.includes('f')) throw new LiteralError(`f-strings are not literals (at ${i})`);
      const start = i;
      let j = i + pre[0].length;
      const q = src[j];
      const triple = src.startsWith(q.repeat(3), j);
      const quote = triple ? q.repeat(3) : q;
      j += quote.length;
      let body = '';
      for (;;) {
        if (j >= src.length) throw new LiteralError(`unterminated string literal at ${start}`);
        if (src[j] === '\\' && j + 1 < src.length) {
          body += src[j] + src[j + 1];
          j += 2;
          continue;
        }
        if (src.startsWith(quote, j)) {
          j += quote.length;
          break;
        }
        if (!triple && src[j] === '\n') throw new LiteralError(`unterminated string literal at ${start}`);
        body += src[j++];
      }
      const raw = prefix.includes('r');
      const bytes = prefix.includes('b');
      const v = raw ? body : decodeEscapes(body, bytes, start);
      if (raw && bytes && [...v].some((ch) => ch.charCodeAt(0) > 0x7f)) throw new LiteralError(`bytes can only contain ASCII literal characters (at ${start})`);
      toks.push({ t: 'str', v, bytes, pos: start });
      i = j;
      continue;
    }
    if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(src[i + 1] ?? ''))) {
      NUMBER_RE.lastIndex = i;
      const m = NUMBER_RE.exec(src)!;
      const after = src[i + m[0].length] ?? '';
      if (/[A-Za-z0-9_]/.test(after)) throw new LiteralError(`invalid number literal at ${i}`);
      toks.push({ t: 'num', v: parseNumber(m[0], i), pos: i });
      i += m[0].length;
      continue;
    }
    NAME_RE.lastIndex = i;
    const name = NAME_RE.exec(src);
    if (name) {
      toks.push({ t: 'name', v: name[0], pos: i });
      i += name[0].length;
      continue;
    }
    if (src.startsWith('...', i)) {
      toks.push({ t: 'op', v: '...', pos: i });
      i += 3;
      continue;
    }
    if ('([{'.includes(c)) depth++;
    if (')]}'.includes(c)) depth--;
    if ('()[]{},:+-'.includes(c)) {
      toks.push({ t: 'op', v: c, pos: i });
      i++;
      continue;
    }
    throw new LiteralError(`invalid syntax at ${i} (${JSON.stringify(c)})`);
  }
  toks.push({ t: 'end', pos: src.length });
  return toks;
}

/** Python `ast.literal_eval(text)`. Throws LiteralError where Python raises. */
export function literalEval(text: string): PyValue {
  const toks = tokenize(text.replace(/^[ \t]+/, ''));
  let p = 0;
  const peek = () => toks[p];
  const isOp = (v: string) => {
    const t = toks[p];
    return t.t === 'op' && t.v === v;
  };
  const expectOp = (v: string) => {
    if (!isOp(v)) throw new LiteralError(`expected '${v}' at ${peek().pos}`);
    p++;
  };

  const realNumber = (v: PyValue): v is bigint | number => typeof v === 'bigint' || typeof v === 'number';

  // A signed number, optionally `± imaginary` after it; the only operators literal_eval allows.
  const parseAtomOrSigned = (): { value: PyValue; signedNum: boolean } => {
    const t = peek();
    if (t.t === 'op' && (t.v === '+' || t.v === '-')) {
      p++;
      const n = peek();
      if (n.t !== 'num') throw new LiteralError(`malformed node: a sign before a non-number at ${t.pos}`);
      p++;
      const v = n.v;
      if (t.v === '+') return { value: v, signedNum: true };
      if (typeof v === 'bigint') return { value: -v, signedNum: true };
      if (typeof v === 'number') return { value: -v, signedNum: true };
      const c = v as PyComplex;
      return { value: new PyComplex(-c.re, -c.im), signedNum: true };
    }
    return { value: parseAtom(), signedNum: t.t === 'num' };
  };

  const parseOperand = (): PyValue => {
    const { value, signedNum } = parseAtomOrSigned();
    if ((isOp('+') || isOp('-')) && signedNum && realNumber(value)) {
      const op = (peek() as { v: string }).v;
      p++;
      const n = peek();
      if (n.t !== 'num' || !(n.v instanceof PyComplex)) throw new LiteralError(`malformed node: only real ± imaginary is a literal (at ${n.pos})`);
      p++;
      const im = n.v.im;
      return new PyComplex(Number(value), op === '+' ? im : -im);
    }
    return value;
  };

  const parseAtom = (): PyValue => {
    const t = peek();
    if (t.t === 'str') {
      let s = t.v;
      const bytes = t.bytes;
      p++;
      while (peek().t === 'str') {
        const n = peek() as Extract<Tok, { t: 'str' }>;
        if (n.bytes !== bytes) throw new LiteralError(`cannot mix bytes and nonbytes literals (at ${n.pos})`);
        s += n.v;
        p++;
      }
      return bytes ? new PyBytes([...s].map((ch) => ch.charCodeAt(0))) : s;
    }
    if (t.t === 'num') {
      p++;
      return t.v;
    }
    if (t.t === 'name') {
      p++;
      if (t.v === 'True') return true;
      if (t.v === 'False') return false;
      if (t.v === 'None') return null;
      if (t.v === 'set' && isOp('(') && toks[p + 1].t === 'op' && (toks[p + 1] as { v: string }).v === ')') {
        p += 2;
        return new PySet([]);
      }
      throw new LiteralError(`malformed node or string: name ${t.v} at ${t.pos}`);
    }
    if (t.t === 'op') {
      if (t.v === '...') {
        p++;
        return PyEllipsis;
      }
      if (t.v === '[') {
        p++;
        const items = parseSequence(']');
        return items.items;
      }
      if (t.v === '(') {
        p++;
        if (isOp(')')) {
          p++;
          return new PyTuple([]);
        }
        const seq = parseSequence(')');
        return seq.tuple ? new PyTuple(seq.items) : seq.items[0];
      }
      if (t.v === '{') {
        p++;
        return parseBrace();
      }
    }
    throw new LiteralError(`invalid syntax at ${t.pos}`);
  };

  /** Items up to `close`; `tuple` says whether a comma made it one (for parentheses). */
  const parseSequence = (close: string): { items: PyValue[]; tuple: boolean } => {
    const items: PyValue[] = [];
    let comma = false;
    while (!isOp(close)) {
      items.push(parseOperand());
      if (isOp(',')) {
        p++;
        comma = true;
        continue;
      }
      if (!isOp(close)) throw new LiteralError(`invalid syntax at ${peek().pos}`);
    }
    p++;
    return { items, tuple: comma };
  };

  const parseBrace = (): PyValue => {
    if (isOp('}')) {
      p++;
      return new PyDict();
    }
    const first = parseOperand();
    if (isOp(':')) {
      const d = new PyDict();
      let key = first;
      for (;;) {
        expectOp(':');
        const value = parseOperand();
        if (!isHashable(key)) throw new LiteralError(`unhashable dict key`);
        d.set(key, value);
        if (isOp(',')) {
          p++;
          if (isOp('}')) break;
          key = parseOperand();
          continue;
        }
        break;
      }
      expectOp('}');
      return d;
    }
    const items = [first];
    while (isOp(',')) {
      p++;
      if (isOp('}')) break;
      items.push(parseOperand());
    }
    expectOp('}');
    if (!items.every(isHashable)) throw new LiteralError('unhashable set member');
    return new PySet(items);
  };

  if (peek().t === 'end') throw new LiteralError('invalid syntax: empty expression');
  const first = parseOperand();
  let result: PyValue = first;
  if (isOp(',')) {
    const items = [first];
    while (isOp(',')) {
      p++;
      if (peek().t === 'end') break;
      items.push(parseOperand());
    }
    result = new PyTuple(items);
  }
  if (peek().t !== 'end') throw new LiteralError(`invalid syntax at ${peek().pos}`);
  return result;
}
