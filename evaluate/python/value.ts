/**
 * Python values as the official evaluator holds them after `json.load` / `ast.literal_eval`, and the
 * three things it does with them: `==`, `str()` and truthiness. Scores hang on these: `5 == 5.0` is
 * true but `str(5) != str(5.0)`, `isinstance(True, int)` holds, a tuple never equals a list. So ints
 * are bigint (exact, as Python's are), floats are number, and tuples, sets, dicts, complex numbers
 * and bytes get their own classes.
 */

export type PyValue = null | boolean | bigint | number | string | PyValue[] | PyTuple | PyDict | PySet | PyComplex | PyBytes | PyEllipsisType;

export class PyTuple {
  constructor(readonly items: PyValue[]) {}
}

export class PySet {
  constructor(readonly items: PyValue[]) {}
}

export class PyComplex {
  constructor(
    readonly re: number,
    readonly im: number,
  ) {}
}

export class PyBytes {
  constructor(readonly bytes: number[]) {}
}

export class PyEllipsisType {}
export const PyEllipsis = new PyEllipsisType();

/** A dict in insertion order; a repeated key keeps its first position and takes the last value, as in Python. */
export class PyDict {
  readonly entries: [PyValue, PyValue][] = [];
  /** Fast path for the common all-string-keys case. */
  private readonly byString = new Map<string, number>();

  set(key: PyValue, value: PyValue): void {
    const at = this.indexOf(key);
    if (at >= 0) this.entries[at][1] = value;
    else {
      if (typeof key === 'string') this.byString.set(key, this.entries.length);
      this.entries.push([key, value]);
    }
  }

  indexOf(key: PyValue): number {
    if (typeof key === 'string') return this.byString.get(key) ?? -1;
    return this.entries.findIndex(([k]) => typeof k !== 'string' && pyEquals(k, key));
  }

  has(key: PyValue): boolean {
    return this.indexOf(key) >= 0;
  }

  get(key: PyValue): PyValue | undefined {
    const at = this.indexOf(key);
    return at >= 0 ? this.entries[at][1] : undefined;
  }

  keys(): PyValue[] {
    return this.entries.map(([k]) => k);
  }

  get size(): number {
    return this.entries.length;
  }
}

/** Python's hashability: what may be a dict key or a set member (else literal_eval raises TypeError). */
export function isHashable(v: PyValue): boolean {
  if (Array.isArray(v) || v instanceof PyDict || v instanceof PySet) return false;
  if (v instanceof PyTuple) return v.items.every(isHashable);
  return true;
}

/** The numeric value of bool / int / float for cross-type comparison, or undefined. */
function realOf(v: PyValue): bigint | number | undefined {
  if (typeof v === 'boolean') return v ? 1n : 0n;
  if (typeof v === 'bigint' || typeof v === 'number') return v;
  return undefined;
}

function realEquals(a: bigint | number, b: bigint | number): boolean {
  if (typeof a === 'bigint' && typeof b === 'bigint') return a === b;
  if (typeof a === 'number' && typeof b === 'number') return a === b;
  const [i, f] = typeof a === 'bigint' ? [a, b as number] : [b as bigint, a as number];
  return Number.isInteger(f) && BigInt(f) === i;
}

/** Python `a == b`. */
export function pyEquals(a: PyValue, b: PyValue): boolean {
  const ra = realOf(a);
  const rb = realOf(b);
  if (ra !== undefined && rb !== undefined) return realEquals(ra, rb);
  if (a instanceof PyComplex || b instanceof PyComplex) {
    const ca = a instanceof PyComplex ? a : ra !== undefined ? new PyComplex(Number(ra), 0) : undefined;
    const cb = b instanceof PyComplex ? b : rb !== undefined ? new PyComplex(Number(rb), 0) : undefined;
    return !!ca && !!cb && ca.re === cb.re && ca.im === cb.im;
  }
  if (a === null || b === null) return a === b;
  if (typeof a === 'string' || typeof b === 'string') return a === b;
  if (Array.isArray(a) || Array.isArray(b)) return Array.isArray(a) && Array.isArray(b) && seqEquals(a, b);
  if (a instanceof PyTuple || b instanceof PyTuple) return a instanceof PyTuple && b instanceof PyTuple && seqEquals(a.items, b.items);
  if (a instanceof PyDict || b instanceof PyDict) {
    if (!(a instanceof PyDict && b instanceof PyDict) || a.size !== b.size) return false;
    return a.entries.every(([k, v]) => {
      const other = b.get(k);
      return other !== undefined && pyEquals(v, other);
    });
  }
  if (a instanceof PySet || b instanceof PySet) {
    if (!(a instanceof PySet && b instanceof PySet)) return false;
    const ua = uniq(a.items);
    const ub = uniq(b.items);
    return ua.length === ub.length && ua.every((x) => ub.some((y) => pyEquals(x, y)));
  }
  if (a instanceof PyBytes || b instanceof PyBytes) {
    return a instanceof PyBytes && b instanceof PyBytes && a.bytes.length === b.bytes.length && a.bytes.every((x, i) => x === b.bytes[i]);
  }
  return a === b; // Ellipsis
}

function seqEquals(a: PyValue[], b: PyValue[]): boolean {
  return a.length === b.length && a.every((x, i) => pyEquals(x, b[i]));
}

function uniq(items: PyValue[]): PyValue[] {
  const out: PyValue[] = [];
  for (const x of items) if (!out.some((y) => pyEquals(x, y))) out.push(x);
  return out;
}

/** Python truthiness (`if value:`). */
export function pyTruthy(v: PyValue | undefined): boolean {
  if (v === undefined || v === null) return false;
  if (typeof v === 'boolean') return v;
  if (typeof v === 'bigint') return v !== 0n;
  if (typeof v === 'number') return v !== 0; // NaN is truthy in Python too
  if (typeof v === 'string') return v.length > 0;
  if (Array.isArray(v)) return v.length > 0;
  if (v instanceof PyTuple || v instanceof PySet) return v.items.length > 0;
  if (v instanceof PyDict) return v.size > 0;
  if (v instanceof PyComplex) return v.re !== 0 || v.im !== 0;
  if (v instanceof PyBytes) return v.bytes.length > 0;
  return true;
}

/** The Python type name, for messages. */
export function pyTypeName(v: PyValue): string {
  if (v === null) return 'NoneType';
  if (typeof v === 'boolean') return 'bool';
  if (typeof v === 'bigint') return 'int';
  if (typeof v === 'number') return 'float';
  if (typeof v === 'string') return 'str';
  if (Array.isArray(v)) return 'list';
  if (v instanceof PyTuple) return 'tuple';
  if (v instanceof PyDict) return 'dict';
  if (v instanceof PySet) return 'set';
  if (v instanceof PyComplex) return 'complex';
  if (v instanceof PyBytes) return 'bytes';
  return 'ellipsis';
}

/** The classes the evaluator's TYPE_MAP names. */
export type PyClass = 'int' | 'float' | 'bool' | 'str' | 'list' | 'dict';

/** Python `isinstance(v, cls)` (bool is a subclass of int). */
export function pyIsInstance(v: PyValue, cls: PyClass): boolean {
  switch (cls) {
    case 'int':
      return typeof v === 'bigint' || typeof v === 'boolean';
    case 'float':
      return typeof v === 'number';
    case 'bool':
      return typeof v === 'boolean';
    case 'str':
      return typeof v === 'string';
    case 'list':
      return Array.isArray(v);
    case 'dict':
      return v instanceof PyDict;
  }
}

/** Python `type(a) == type(b)`. */
export function pySameType(a: PyValue, b: PyValue): boolean {
  return pyTypeName(a) === pyTypeName(b);
}

/** Python `str(v)`. */
export function pyStr(v: PyValue): string {
  return typeof v === 'string' ? v : pyRepr(v);
}

/** Python `repr(float)`: the shortest round-trip digits, exponent form outside 1e-4 ≤ |x| < 1e16. */
export function floatRepr(x: number): string {
  if (Number.isNaN(x)) return 'nan';
  if (!Number.isFinite(x)) return x > 0 ? 'inf' : '-inf';
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0';
  const [mantissa, expText] = x.toExponential().split('e');
  const exp = Number(expText);
  const negative = mantissa.startsWith('-');
  const digits = mantissa.replace('-', '').replace('.', '');
  const sign = negative ? '-' : '';
  if (exp < -4 || exp >= 16) {
    const m = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    const e = Math.abs(exp);
    return `${sign}${m}e${exp < 0 ? '-' : '+'}${e < 10 ? '0' : ''}${e}`;
  }
  if (exp < 0) return `${sign}0.${'0'.repeat(-exp - 1)}${digits}`;
  const intPart = digits.slice(0, exp + 1).padEnd(exp + 1, '0');
  const frac = digits.slice(exp + 1);
  return `${sign}${intPart}.${frac || '0'}`;
}

/** Python's repr of a str: single quotes unless the text has ' and no ". */
export function strRepr(s: string): string {
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    if (ch === quote || ch === '\\') out += `\\${ch}`;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (cp < 0x20 || cp === 0x7f) out += `\\x${cp.toString(16).padStart(2, '0')}`;
    else if (!isPrintable(cp)) out += cp <= 0xff ? `\\x${cp.toString(16).padStart(2, '0')}` : cp <= 0xffff ? `\\u${cp.toString(16).padStart(4, '0')}` : `\\U${cp.toString(16).padStart(8, '0')}`;
    else out += ch;
  }
  return out + quote;
}

/**
 * Python's str.isprintable for the code points repr escapes: C1 controls, unpaired surrogates,
 * separators other than the ASCII space, format characters and unassigned/private-use code points.
 */
function isPrintable(cp: number): boolean {
  if (cp === 0x20) return true;
  if (cp >= 0x80 && cp <= 0xa0) return false;
  if (cp === 0xad) return false;
  if (cp >= 0xd800 && cp <= 0xdfff) return false;
  return /[^\p{Z}\p{C}]/u.test(String.fromCodePoint(cp));
}

function complexPart(x: number): string {
  const r = floatRepr(x);
  return r.endsWith('.0') ? r.slice(0, -2) : r;
}

/** Python `repr(v)`. */
export function pyRepr(v: PyValue): string {
  if (v === null) return 'None';
  if (typeof v === 'boolean') return v ? 'True' : 'False';
  if (typeof v === 'bigint') return v.toString();
  if (typeof v === 'number') return floatRepr(v);
  if (typeof v === 'string') return strRepr(v);
  if (Array.isArray(v)) return `[${v.map(pyRepr).join(', ')}]`;
  if (v instanceof PyTuple) return v.items.length === 1 ? `(${pyRepr(v.items[0])},)` : `(${v.items.map(pyRepr).join(', ')})`;
  if (v instanceof PyDict) return `{${v.entries.map(([k, x]) => `${pyRepr(k)}: ${pyRepr(x)}`).join(', ')}}`;
  if (v instanceof PySet) {
    const items = uniq(v.items);
    return items.length === 0 ? 'set()' : `{${items.map(pyRepr).join(', ')}}`;
  }
  if (v instanceof PyComplex) {
    if (v.re === 0 && !Object.is(v.re, -0)) return `${complexPart(v.im)}j`;
    const im = complexPart(v.im);
    return `(${complexPart(v.re)}${im.startsWith('-') || im === 'nan' ? '' : '+'}${im}j)`;
  }
  if (v instanceof PyBytes) {
    const hasSingle = v.bytes.includes(0x27);
    const quote = hasSingle && !v.bytes.includes(0x22) ? '"' : "'";
    let out = `b${quote}`;
    for (const b of v.bytes) {
      if (b === quote.charCodeAt(0) || b === 0x5c) out += `\\${String.fromCharCode(b)}`;
      else if (b === 0x0a) out += '\\n';
      else if (b === 0x0d) out += '\\r';
      else if (b === 0x09) out += '\\t';
      else if (b < 0x20 || b >= 0x7f) out += `\\x${b.toString(16).padStart(2, '0')}`;
      else out += String.fromCharCode(b);
    }
    return out + quote;
  }
  return 'Ellipsis';
}

/** A plain JS value (from JSON.parse or our schemas) as Python would hold it after json.loads; integral numbers become int. */
export function fromJs(v: unknown): PyValue {
  if (v === null || v === undefined) return null;
  if (typeof v === 'boolean' || typeof v === 'string' || typeof v === 'bigint') return v;
  if (typeof v === 'number') return Number.isInteger(v) ? BigInt(v) : v;
  if (Array.isArray(v)) return v.map(fromJs);
  if (v instanceof PyTuple || v instanceof PyDict || v instanceof PySet || v instanceof PyComplex || v instanceof PyBytes || v instanceof PyEllipsisType) return v;
  const d = new PyDict();
  for (const [k, x] of Object.entries(v as Record<string, unknown>)) d.set(k, fromJs(x));
  return d;
}

/** A Python value as JSON text the way `json.dumps(v, ensure_ascii=False)` writes it (floats keep their point). */
export function toJsonText(v: PyValue): string {
  if (v === null) return 'null';
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v === 'bigint') return v.toString();
  if (typeof v === 'number') {
    if (Number.isNaN(v)) return 'NaN';
    if (!Number.isFinite(v)) return v > 0 ? 'Infinity' : '-Infinity';
    return floatRepr(v);
  }
  if (typeof v === 'string') return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map(toJsonText).join(', ')}]`;
  if (v instanceof PyTuple) return `[${v.items.map(toJsonText).join(', ')}]`;
  if (v instanceof PyDict) {
    return `{${v.entries.map(([k, x]) => `${JSON.stringify(typeof k === 'string' ? k : pyStr(k))}: ${toJsonText(x)}`).join(', ')}}`;
  }
  throw new Error(`a ${pyTypeName(v)} has no JSON form`);
}

/** `json.dump(v, f, ensure_ascii=False, indent=2)`: Python's layout (", " never used, ": " after keys). */
export function toJsonPretty(v: PyValue, indent = 2, depth = 0): string {
  const pad = ' '.repeat(indent * (depth + 1));
  const end = ' '.repeat(indent * depth);
  if (Array.isArray(v) || v instanceof PyTuple) {
    const items = Array.isArray(v) ? v : v.items;
    if (items.length === 0) return '[]';
    return `[\n${items.map((x) => pad + toJsonPretty(x, indent, depth + 1)).join(',\n')}\n${end}]`;
  }
  if (v instanceof PyDict) {
    if (v.size === 0) return '{}';
    return `{\n${v.entries.map(([k, x]) => `${pad}${JSON.stringify(typeof k === 'string' ? k : pyStr(k))}: ${toJsonPretty(x, indent, depth + 1)}`).join(',\n')}\n${end}}`;
  }
  return toJsonText(v);
}
