/**
 * Python's number types as the pipeline carries them, and the one lossless JSON path every
 * module parses, hashes, stores and writes values with.
 *
 * The official evaluator reads our files with Python, whose ints have no 2^53 limit and whose
 * `isinstance(v, float)` tells 5.0 from 5. JavaScript's JSON.parse rounds 691676460109271194 to
 * 691676460109271200 and reads 5.0 as 5, so:
 * - an integer literal beyond the safe range is a `bigint` (within it, a plain number);
 * - a float that must stay a float when its value is integral is a `PyFloat`.
 * JSON.stringify throws on a bigint, so a value that skips this module fails loudly rather than
 * being rounded. The BFCL backends and the exporter share these classes (sources/bfcl/backends
 * re-export PyFloat from here).
 */
import { parse, stringify, type NumberStringifier } from 'lossless-json';

/** A number Python must read as a float (5.0, not 5). */
export class PyFloat {
  constructor(readonly value: number) {}
  /** A plain JSON.stringify sees the number (the float-ness is this module's business). */
  toJSON(): number {
    return this.value;
  }
}

/** A Python int from its decimal digits: a number when exact, a bigint beyond 2^53. */
export function pyInt(digits: string): number | bigint {
  const n = Number(digits);
  if (Number.isSafeInteger(n)) return Object.is(n, -0) ? 0 : n;
  return BigInt(digits.trim());
}

/** A number read from text: an integer past 2^53 as its exact bigint (pyInt), any other as a number. */
export function exactNumber(text: string): number | bigint {
  return INT_RE.test(text.trim()) ? pyInt(text) : Number(text);
}

/** An integer value (number or bigint) in the form that compares exactly: safe ones as numbers. */
export function exactInt(value: number | bigint): number | bigint {
  if (typeof value === 'number') return Number.isSafeInteger(value) || !Number.isInteger(value) ? value : BigInt(value);
  return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value;
}

const INT_RE = /^-?(0|[1-9]\d*)$/;
// Fewer than 16 digits in a row anywhere in the text: no integer literal can reach 2^53.
const LONG_DIGITS_RE = /\d{16}/;

function parseNumber(text: string): unknown {
  return INT_RE.test(text) ? pyInt(text) : Number(text);
}

function parseNumberKeepFloats(text: string): unknown {
  if (INT_RE.test(text)) return pyInt(text);
  const x = Number(text);
  return Number.isInteger(x) ? new PyFloat(x) : x;
}

/**
 * JSON text → value without losing an integer: literals beyond 2^53 become bigints. With
 * `floats: 'keep'`, integral float literals (`10.0`, `1e3`) become PyFloat. Duplicate keys keep
 * the last value, as JSON.parse and Python's json.loads do.
 */
export function parseJson(text: string, opts: { floats?: 'number' | 'keep' } = {}): unknown {
  const keep = opts.floats === 'keep';
  if (!keep && !LONG_DIGITS_RE.test(text)) return JSON.parse(text);
  if (!keep && !text.includes(SENTINEL_ESCAPED)) {
    // Long digit runs are mostly inside strings (ids in responses, timestamps): the native parse
    // is exact unless some integer literal lies beyond 2^53, and such a literal parses to an
    // integral number beyond it — only then is the text marked and parsed again.
    const plain: unknown = JSON.parse(text);
    return holdsUnsafeInteger(plain) ? parseMarked(text) : plain;
  }
  return parse(text, null, { parseNumber: keep ? parseNumberKeepFloats : parseNumber, onDuplicateKey: ({ newValue }) => newValue });
}

// The native parser is ~70x faster than a JavaScript one on the 2 MB T-Eval files, so a long integer
// literal is first quoted with a marker no JSON string can hold unescaped, and the reviver turns
// marked strings back into bigints. Strings are matched first, so digits inside them are left alone.
const SENTINEL = '\u0000py-int:';
const SENTINEL_ESCAPED = '\\u0000py-int:';
// A number token starts after a structural character or whitespace, never inside another number.
const TOKEN_RE = /"(?:[^"\\]|\\.)*"|(?<![\d.eE+-])-?\d{16,}(?:\.\d+)?(?:[eE][+-]?\d+)?/g;

/** Does the value hold an integral number beyond ±(2^53 - 1) (a literal JSON.parse rounded, or a float written without a fraction)? */
function holdsUnsafeInteger(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'number') {
      if (Number.isInteger(v) && !Number.isSafeInteger(v)) return true;
    } else if (Array.isArray(v)) {
      for (const x of v) stack.push(x);
    } else if (v !== null && typeof v === 'object') {
      for (const x of Object.values(v)) stack.push(x);
    }
  }
  return false;
}

function parseMarked(text: string): unknown {
  let marked = false;
  const quoted = text.replace(TOKEN_RE, (token) => {
    if (token.startsWith('"') || !INT_RE.test(token) || Number.isSafeInteger(Number(token))) return token;
    marked = true;
    return `"${SENTINEL_ESCAPED}${token}"`;
  });
  if (!marked) return JSON.parse(text);
  // The marked strings turned back by one walk over the parsed value: what a reviver did, without a
  // call for every value of the document.
  return unmark(JSON.parse(quoted));
}

function unmark(value: unknown): unknown {
  if (typeof value === 'string') return value.startsWith(SENTINEL) ? BigInt(value.slice(SENTINEL.length)) : value;
  if (value === null || typeof value !== 'object') return value;
  // Containers are turned in place (the parse made them; nobody else holds them).
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const v = value[i];
      if (typeof v === 'string') {
        if (v.startsWith(SENTINEL)) value[i] = BigInt(v.slice(SENTINEL.length));
      } else if (v !== null && typeof v === 'object') unmark(v);
    }
    return value;
  }
  const obj = value as Record<string, unknown>;
  for (const key of Object.keys(obj)) {
    const v = obj[key];
    if (typeof v === 'string') {
      // Defined, not assigned: an own "__proto__" key (JSON.parse makes one) stays a property.
      if (v.startsWith(SENTINEL)) Object.defineProperty(obj, key, { value: BigInt(v.slice(SENTINEL.length)), writable: true, enumerable: true, configurable: true });
    } else if (v !== null && typeof v === 'object') unmark(v);
  }
  return obj;
}

function floatText(n: number): string {
  if (!Number.isFinite(n)) throw new Error(`cannot write ${n} as JSON (Python would read NaN/Infinity, the evaluator would not)`);
  const s = JSON.stringify(n);
  return /[.eE]/.test(s) ? s : `${s}.0`;
}

const STRINGIFIERS: NumberStringifier[] = [{ test: (v) => v instanceof PyFloat, stringify: (v) => floatText((v as PyFloat).value) }];

function needsLossless(value: unknown, depth = 0): boolean {
  if (typeof value === 'bigint' || value instanceof PyFloat) return true;
  if (depth > 200 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => needsLossless(v, depth + 1));
  for (const v of Object.values(value as Record<string, unknown>)) if (needsLossless(v, depth + 1)) return true;
  return false;
}

/**
 * JSON.stringify that writes a bigint as its digits and a PyFloat with a decimal point (`5.0`);
 * otherwise byte-identical to JSON.stringify (same spacing, same key order).
 */
export function toJson(value: unknown, indent?: number): string {
  if (!needsLossless(value)) return JSON.stringify(value, null, indent);
  return stringify(value, null, indent, STRINGIFIERS) as string;
}

/**
 * JSON text as Python's json.dumps(ensure_ascii=False) writes it: 2-space indent (or indent 0:
 * one line with Python's `, ` and `: ` separators), PyFloat as floats, bigints as their digits.
 * `depth`: the nesting level the value sits at (a member of a file written entry by entry is at 1).
 */
export function pythonJson(value: unknown, indent = 2, depth = 0): string {
  if (isPlainJson(value)) {
    // Same bytes as the writer below, from the native serializer: it writes numbers and strings as
    // JSON.stringify does and puts `": "` after a key once indented. Strings never hold a raw newline,
    // so every newline is structure: re-indented for a nested value, or, for one line, turned into
    // Python's `, ` after a comma and nothing after an opening or before a closing bracket.
    if (indent === 0) return pythonSeparators(JSON.stringify(value));
    const text = JSON.stringify(value, null, indent);
    return depth > 0 ? text.replace(/\n/g, '\n' + ' '.repeat(indent * depth)) : text;
  }
  return pythonJsonWalk(value, indent, depth);
}

/**
 * Compact JSON (JSON.stringify without indent) with Python's one-line separators: `, ` after every
 * comma and `: ` after every colon outside strings. One scan that jumps from quote to quote; it
 * replaced indenting by one and taking the newlines out with two regular expressions, which cost
 * the export about twice as much for the same bytes.
 */
function pythonSeparators(text: string): string {
  let out = '';
  let last = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      // To the closing quote: one not escaped, i.e. preceded by an even run of backslashes.
      for (let q = text.indexOf('"', i + 1); ; q = text.indexOf('"', q + 1)) {
        let b = q - 1;
        while (text.charCodeAt(b) === 92 /* \ */) b--;
        if ((q - 1 - b) % 2 === 0) {
          i = q;
          break;
        }
      }
    } else if (c === 44 /* , */ || c === 58 /* : */) {
      out += text.slice(last, i + 1) + ' ';
      last = i + 1;
    }
  }
  return last === 0 ? text : out + text.slice(last);
}

/**
 * True when JSON.stringify writes the value exactly as Python would read it: only plain objects,
 * arrays, strings, booleans, null and finite numbers — no PyFloat, no bigint, no class instance
 * (a Date's toJSON), nothing JSON.stringify would silently drop or turn into null.
 */
function isPlainJson(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    switch (typeof v) {
      case 'string':
      case 'boolean':
        continue;
      case 'number':
        if (!Number.isFinite(v)) return false;
        continue;
      case 'object': {
        if (v === null) continue;
        if (Array.isArray(v)) {
          for (const x of v) {
            if (x === undefined) return false;
            stack.push(x);
          }
          continue;
        }
        const proto = Object.getPrototypeOf(v);
        if (proto !== Object.prototype && proto !== null) return false;
        for (const x of Object.values(v)) if (x !== undefined) stack.push(x);
        continue;
      }
      default:
        return false;
    }
  }
  return true;
}

/** pythonJson by walking the value: the form for PyFloat and bigint, and the reference the fast path must match. */
export function pythonJsonWalk(value: unknown, indent = 2, depth = 0): string {
  const nl = indent > 0 ? '\n' : '';
  const write = (v: unknown, depth: number): string => {
    if (v instanceof PyFloat) return floatText(v.value);
    if (v === null) return 'null';
    if (typeof v === 'bigint') return v.toString();
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) throw new Error(`cannot write ${v} as JSON (Python would read NaN/Infinity, the evaluator would not)`);
      return JSON.stringify(v);
    }
    if (typeof v === 'string' || typeof v === 'boolean') return JSON.stringify(v);
    const pad = ' '.repeat(indent * (depth + 1));
    const end = ' '.repeat(indent * depth);
    const sep = `,${indent > 0 ? nl : ' '}`;
    if (Array.isArray(v)) {
      if (v.length === 0) return '[]';
      return `[${nl}${v.map((x) => pad + write(x === undefined ? null : x, depth + 1)).join(sep)}${nl}${end}]`;
    }
    if (typeof v === 'object') {
      const entries = Object.entries(v as Record<string, unknown>).filter(([, x]) => x !== undefined);
      if (entries.length === 0) return '{}';
      return `{${nl}${entries.map(([k, x]) => `${pad}${JSON.stringify(k)}: ${write(x, depth + 1)}`).join(sep)}${nl}${end}}`;
    }
    throw new Error(`cannot write a ${typeof v} as JSON`);
  };
  return write(value, depth);
}
