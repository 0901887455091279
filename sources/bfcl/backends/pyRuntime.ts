/**
 * A tiny model of the Python values and operators that BFCL's reference
 * backends rely on, so that the TypeScript backends reproduce Python's
 * results *and* Python's exceptions (TypeError, KeyError, ...) when a call
 * passes arguments of the wrong type.
 *
 * Representation:
 *   None  -> null          bool -> boolean        int -> number (integer) | bigint
 *   float -> PyFloat       str  -> string         list -> PyValue[]
 *   dict  -> PyDict        other opaque objects (mpf, Decimal, set) -> PyOpaque / PySet
 */

// One PyFloat for the whole pipeline (the exporter and the cache keys recognise the backends' floats).
import { PyFloat } from "../../../pipeline/pyValues.js";
export { PyFloat };

/** An object whose only observable behaviour is its repr()/str() (mpmath.mpf, decimal.Decimal, complex...). */
export class PyOpaque {
  constructor(
    readonly typeName: string,
    readonly reprText: string,
    readonly strText: string = reprText,
  ) {}
}

/** A Python set of hashable values (insertion ordered here). */
export class PySet {
  private readonly items = new Map<string, PyValue>();
  add(v: PyValue): void {
    this.items.set(hashKey(v), v);
  }
  has(v: PyValue): boolean {
    return this.items.has(hashKey(v));
  }
  get size(): number {
    return this.items.size;
  }
  values(): PyValue[] {
    return [...this.items.values()];
  }
}

export type PyValue =
  | null
  | boolean
  | number
  | bigint
  | string
  | PyFloat
  | PyValue[]
  | PyDict
  | PySet
  | PyOpaque;

/** Python dict: insertion ordered, keys compared with Python hash/equality semantics (1 == 1.0 == True). */
export class PyDict {
  private readonly m = new Map<string, [PyValue, PyValue]>();

  static from(entries: Iterable<[PyValue, PyValue]>): PyDict {
    const d = new PyDict();
    for (const [k, v] of entries) d.set(k, v);
    return d;
  }

  get size(): number {
    return this.m.size;
  }
  has(key: PyValue): boolean {
    return this.m.has(hashKey(key));
  }
  get(key: PyValue): PyValue | undefined {
    const e = this.m.get(hashKey(key));
    return e === undefined ? undefined : e[1];
  }
  /** d[key] — raises KeyError like Python. */
  getItem(key: PyValue): PyValue {
    const e = this.m.get(hashKey(key));
    if (e === undefined) throw new PyException("KeyError", repr(key));
    return e[1];
  }
  set(key: PyValue, value: PyValue): void {
    const h = hashKey(key);
    const e = this.m.get(h);
    if (e) e[1] = value; // Python keeps the original key object
    else this.m.set(h, [key, value]);
  }
  delete(key: PyValue): boolean {
    return this.m.delete(hashKey(key));
  }
  keys(): PyValue[] {
    return [...this.m.values()].map((e) => e[0]);
  }
  values(): PyValue[] {
    return [...this.m.values()].map((e) => e[1]);
  }
  entries(): [PyValue, PyValue][] {
    return [...this.m.values()].map((e) => [e[0], e[1]]);
  }
}

/** A Python exception raised inside a backend method. */
export class PyException extends Error {
  constructor(
    readonly pyType: string,
    readonly pyMessage: string,
  ) {
    super(`${pyType}: ${pyMessage}`);
  }
}

export const typeError = (msg: string) => new PyException("TypeError", msg);
export const valueError = (msg: string) => new PyException("ValueError", msg);

// ---------------------------------------------------------------------------
// type predicates

export function isFloat(v: PyValue): v is PyFloat {
  return v instanceof PyFloat;
}
export function isDict(v: PyValue | undefined): v is PyDict {
  return v instanceof PyDict;
}
export function isList(v: PyValue | undefined): v is PyValue[] {
  return Array.isArray(v);
}
export function isStr(v: PyValue | undefined): v is string {
  return typeof v === "string";
}
/** int or bool (bool is a subclass of int). */
export function isIntLike(v: PyValue): v is number | bigint | boolean {
  return typeof v === "number" || typeof v === "bigint" || typeof v === "boolean";
}
/** isinstance(v, (int, float)) */
export function isNumber(v: PyValue): v is number | bigint | boolean | PyFloat {
  return isIntLike(v) || v instanceof PyFloat;
}

export function typeName(v: PyValue | undefined): string {
  if (v === null || v === undefined) return "NoneType";
  if (typeof v === "boolean") return "bool";
  if (typeof v === "number" || typeof v === "bigint") return "int";
  if (typeof v === "string") return "str";
  if (v instanceof PyFloat) return "float";
  if (Array.isArray(v)) return "list";
  if (v instanceof PyDict) return "dict";
  if (v instanceof PySet) return "set";
  return v.typeName;
}

export function f(x: number): PyFloat {
  return new PyFloat(x);
}

/** Normalise an int that may have been produced as a bigint back to number when safe. */
export function normInt(x: bigint | number): number | bigint {
  if (typeof x === "number") return x;
  return x >= BigInt(Number.MIN_SAFE_INTEGER) && x <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(x) : x;
}

/** JS number for any Python number (bool/int/float). Caller must have checked isNumber. */
export function num(v: PyValue): number {
  if (typeof v === "boolean") return v ? 1 : 0;
  if (typeof v === "number") return v;
  if (typeof v === "bigint") return Number(v);
  if (v instanceof PyFloat) return v.value;
  throw typeError(`expected a number, got '${typeName(v)}'`);
}

/** An operand of a float operation: ints convert like float(int), raising for ints beyond the float range. */
function floatOperand(v: PyValue): number {
  const x = num(v);
  if (typeof v === "bigint" && !Number.isFinite(x)) throw new PyException("OverflowError", "int too large to convert to float");
  return x;
}

function toBig(v: number | bigint | boolean): bigint {
  if (typeof v === "boolean") return v ? 1n : 0n;
  return typeof v === "bigint" ? v : BigInt(v);
}

// ---------------------------------------------------------------------------
// hashing / equality / truthiness

function floatKey(x: number): string {
  if (Number.isInteger(x)) return `n:${x}`;
  if (Number.isNaN(x)) return "nan";
  return `f:${x}`;
}

export function hashKey(v: PyValue): string {
  if (v === null) return "None";
  if (typeof v === "boolean") return v ? "n:1" : "n:0";
  if (typeof v === "number") return `n:${v}`;
  if (typeof v === "bigint") return `n:${v}`;
  if (typeof v === "string") return `s:${v}`;
  if (v instanceof PyFloat) return floatKey(v.value);
  if (v instanceof PyOpaque) return `o:${v.typeName}:${v.reprText}`;
  throw typeError(`unhashable type: '${typeName(v)}'`);
}

export function truthy(v: PyValue | undefined): boolean {
  if (v === null || v === undefined) return false;
  if (typeof v === "boolean") return v;
  if (typeof v === "number") return v !== 0;
  if (typeof v === "bigint") return v !== 0n;
  if (typeof v === "string") return v.length > 0;
  if (v instanceof PyFloat) return v.value !== 0;
  if (Array.isArray(v)) return v.length > 0;
  if (v instanceof PyDict || v instanceof PySet) return v.size > 0;
  return true;
}

export function pyEq(a: PyValue | undefined, b: PyValue | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (isNumber(a) && isNumber(b)) {
    if (isIntLike(a) && isIntLike(b)) return toBig(a) === toBig(b);
    return num(a) === num(b);
  }
  if (a === null || b === null) return a === b;
  if (typeof a === "string" || typeof b === "string") return a === b;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((x, i) => pyEq(x, b[i]));
  }
  if (a instanceof PyDict && b instanceof PyDict) {
    if (a.size !== b.size) return false;
    for (const [k, v] of a.entries()) {
      if (!b.has(k) || !pyEq(v, b.get(k))) return false;
    }
    return true;
  }
  if (a instanceof PyOpaque && b instanceof PyOpaque) return a.typeName === b.typeName && a.reprText === b.reprText;
  return a === b;
}

// ---------------------------------------------------------------------------
// comparison

export type CmpOp = "<" | "<=" | ">" | ">=";

function cmpResult(c: number, op: CmpOp): boolean {
  switch (op) {
    case "<":
      return c < 0;
    case "<=":
      return c <= 0;
    case ">":
      return c > 0;
    case ">=":
      return c >= 0;
  }
}

export function codePointCompare(a: string, b: string): number {
  const ia = a[Symbol.iterator]();
  const ib = b[Symbol.iterator]();
  for (;;) {
    const x = ia.next();
    const y = ib.next();
    if (x.done || y.done) return x.done && y.done ? 0 : x.done ? -1 : 1;
    const cx = x.value.codePointAt(0)!;
    const cy = y.value.codePointAt(0)!;
    if (cx !== cy) return cx < cy ? -1 : 1;
  }
}

/** Python rich comparison a <op> b, raising TypeError for unorderable types. */
export function pyCmp(a: PyValue, op: CmpOp, b: PyValue): boolean {
  if (isNumber(a) && isNumber(b)) {
    if (isIntLike(a) && isIntLike(b)) {
      const x = toBig(a);
      const y = toBig(b);
      return cmpResult(x < y ? -1 : x > y ? 1 : 0, op);
    }
    const x = num(a);
    const y = num(b);
    if (Number.isNaN(x) || Number.isNaN(y)) return false;
    return cmpResult(x < y ? -1 : x > y ? 1 : 0, op);
  }
  if (typeof a === "string" && typeof b === "string") return cmpResult(codePointCompare(a, b), op);
  if (Array.isArray(a) && Array.isArray(b)) {
    const n = Math.min(a.length, b.length);
    for (let i = 0; i < n; i++) {
      if (!pyEq(a[i], b[i])) return pyCmp(a[i], op, b[i]);
    }
    return cmpResult(a.length - b.length, op);
  }
  throw typeError(`'${op}' not supported between instances of '${typeName(a)}' and '${typeName(b)}'`);
}

/** Sort key comparator for sorted()/min()/max() */
export function pyCompareForSort(a: PyValue, b: PyValue): number {
  if (pyCmp(a, "<", b)) return -1;
  if (pyCmp(b, "<", a)) return 1;
  return 0;
}

// ---------------------------------------------------------------------------
// arithmetic

function intResult(x: bigint): number | bigint {
  return normInt(x);
}

function unsupported(op: string, a: PyValue, b: PyValue): PyException {
  return typeError(`unsupported operand type(s) for ${op}: '${typeName(a)}' and '${typeName(b)}'`);
}

/** a + b (op may be "+=" to reproduce augmented-assignment messages). */
export function pyAdd(a: PyValue, b: PyValue, op: "+" | "+=" = "+"): PyValue {
  if (isNumber(a) && isNumber(b)) {
    if (isIntLike(a) && isIntLike(b)) return intResult(toBig(a) + toBig(b));
    return f(floatOperand(a) + floatOperand(b));
  }
  if (typeof a === "string") {
    if (typeof b === "string") return a + b;
    throw typeError(`can only concatenate str (not "${typeName(b)}") to str`);
  }
  if (Array.isArray(a)) {
    if (Array.isArray(b)) return [...a, ...b];
    if (op === "+=") {
      // list += iterable extends in place (handled by callers that need it)
      throw typeError(`'${typeName(b)}' object is not iterable`);
    }
    throw typeError(`can only concatenate list (not "${typeName(b)}") to list`);
  }
  throw unsupported(op, a, b);
}

export function pySub(a: PyValue, b: PyValue, op: "-" | "-=" = "-"): PyValue {
  if (isNumber(a) && isNumber(b)) {
    if (isIntLike(a) && isIntLike(b)) return intResult(toBig(a) - toBig(b));
    return f(floatOperand(a) - floatOperand(b));
  }
  throw unsupported(op, a, b);
}

export function pyMul(a: PyValue, b: PyValue): PyValue {
  if (isNumber(a) && isNumber(b)) {
    if (isIntLike(a) && isIntLike(b)) return intResult(toBig(a) * toBig(b));
    return f(floatOperand(a) * floatOperand(b));
  }
  const seqTimes = (seq: string | PyValue[], n: PyValue): PyValue => {
    if (!isIntLike(n)) throw typeError(`can't multiply sequence by non-int of type '${typeName(n)}'`);
    const k = Math.max(0, Number(toBig(n)));
    if (typeof seq === "string") return seq.repeat(k);
    const out: PyValue[] = [];
    for (let i = 0; i < k; i++) out.push(...seq);
    return out;
  };
  if (typeof a === "string" || Array.isArray(a)) return seqTimes(a, b);
  if (typeof b === "string" || Array.isArray(b)) return seqTimes(b, a);
  throw unsupported("*", a, b);
}

export function pyTrueDiv(a: PyValue, b: PyValue): PyFloat {
  if (isNumber(a) && isNumber(b)) {
    if (isIntLike(a) && isIntLike(b)) {
      if (toBig(b) === 0n) throw new PyException("ZeroDivisionError", "division by zero");
      return f(bigIntTrueDiv(toBig(a), toBig(b)));
    }
    const x = floatOperand(a);
    const y = floatOperand(b);
    if (y === 0) throw new PyException("ZeroDivisionError", "float division by zero");
    return f(x / y);
  }
  throw unsupported("/", a, b);
}

/** Correctly rounded int/int true division (Python semantics), good enough for our magnitudes. */
function bigIntTrueDiv(a: bigint, b: bigint): number {
  const safe = BigInt(Number.MAX_SAFE_INTEGER);
  const abs = (x: bigint) => (x < 0n ? -x : x);
  if (abs(a) <= safe && abs(b) <= safe) return Number(a) / Number(b);
  // scale to keep 64+ significant bits then divide
  const neg = a < 0n !== b < 0n;
  let x = abs(a);
  const y = abs(b);
  const shift = 80n;
  x <<= shift;
  const q = x / y;
  const r = Number(q) / 2 ** 80;
  if (!Number.isFinite(r)) throw new PyException("OverflowError", "integer division result too large for a float");
  return neg ? -r : r;
}

export function pyMod(a: PyValue, b: PyValue): PyValue {
  if (isNumber(a) && isNumber(b)) {
    if (isIntLike(a) && isIntLike(b)) {
      const x = toBig(a);
      const y = toBig(b);
      if (y === 0n) throw new PyException("ZeroDivisionError", "integer division or modulo by zero");
      let r = x % y;
      if (r !== 0n && r < 0n !== y < 0n) r += y;
      return intResult(r);
    }
    const x = floatOperand(a);
    const y = floatOperand(b);
    if (y === 0) throw new PyException("ZeroDivisionError", "float modulo");
    let r = x % y;
    if (r !== 0 && r < 0 !== y < 0) r += y;
    else if (r === 0) r = y < 0 ? -0 : 0;
    return f(r);
  }
  if (typeof a === "string") throw typeError("not all arguments converted during string formatting");
  throw unsupported("%", a, b);
}

export function pyNeg(a: PyValue): PyValue {
  if (isIntLike(a)) return intResult(-toBig(a));
  if (a instanceof PyFloat) return f(-a.value);
  throw typeError(`bad operand type for unary -: '${typeName(a)}'`);
}

export function pyAbs(a: PyValue): PyValue {
  if (isIntLike(a)) {
    const x = toBig(a);
    return intResult(x < 0n ? -x : x);
  }
  if (a instanceof PyFloat) return f(Math.abs(a.value));
  throw typeError(`bad operand type for abs(): '${typeName(a)}'`);
}

/** base ** exponent for the numeric cases BFCL's MathAPI can hit. */
export function pyPow(a: PyValue, b: PyValue): PyValue {
  if (!(isNumber(a) && isNumber(b))) throw unsupported("** or pow()", a, b);
  if (isIntLike(a) && isIntLike(b)) {
    const x = toBig(a);
    const y = toBig(b);
    if (y >= 0n) return intResult(x ** y);
    if (x === 0n) throw new PyException("ZeroDivisionError", "0.0 cannot be raised to a negative power");
    return f(Math.pow(Number(x), Number(y)));
  }
  const x = floatOperand(a);
  const y = floatOperand(b);
  if (x === 0 && y < 0) throw new PyException("ZeroDivisionError", "0.0 cannot be raised to a negative power");
  if (x < 0 && !Number.isInteger(y)) {
    // Python returns a complex number here.
    const mag = Math.pow(-x, y);
    const re = mag * Math.cos(Math.PI * y);
    const im = mag * Math.sin(Math.PI * y);
    return new PyOpaque("complex", complexRepr(re, im));
  }
  const result = Math.pow(x, y);
  // float.__pow__ raises instead of returning inf for finite operands (10.0 ** 400).
  if (!Number.isFinite(result) && Number.isFinite(x) && Number.isFinite(y)) {
    throw new PyException("OverflowError", "(34, 'Numerical result out of range')");
  }
  return f(result);
}

function complexRepr(re: number, im: number): string {
  const r = (x: number) => {
    const s = repr(f(x));
    return s.endsWith(".0") ? s.slice(0, -2) : s;
  };
  const sign = im < 0 || Object.is(im, -0) ? "-" : "+";
  return `(${r(re)}${sign}${r(Math.abs(im))}j)`;
}

// ---------------------------------------------------------------------------
// containers & iteration

/** `x in container` */
export function pyIn(x: PyValue, container: PyValue | undefined): boolean {
  if (typeof container === "string") {
    if (typeof x !== "string") throw typeError(`'in <string>' requires string as left operand, not ${typeName(x)}`);
    return container.includes(x);
  }
  if (Array.isArray(container)) return container.some((y) => pyEq(x, y));
  if (container instanceof PyDict) return container.has(x);
  if (container instanceof PySet) return container.has(x);
  throw typeError(`argument of type '${typeName(container ?? null)}' is not iterable`);
}

/** iter(v) materialised as an array. */
export function pyIter(v: PyValue): PyValue[] {
  if (typeof v === "string") return [...v];
  if (Array.isArray(v)) return v;
  if (v instanceof PyDict) return v.keys();
  if (v instanceof PySet) return v.values();
  throw typeError(`'${typeName(v)}' object is not iterable`);
}

/** len(v) */
export function pyLen(v: PyValue): number {
  if (typeof v === "string") return [...v].length;
  if (Array.isArray(v)) return v.length;
  if (v instanceof PyDict || v instanceof PySet) return v.size;
  throw typeError(`object of type '${typeName(v)}' has no len()`);
}

/** Raise AttributeError as Python does for a missing attribute/method. */
export function noAttr(v: PyValue, attr: string): PyException {
  return new PyException("AttributeError", `'${typeName(v)}' object has no attribute '${attr}'`);
}

/** Require a str receiver for a str method call (e.g. `x.rstrip("/")`). */
export function strSelf(v: PyValue, method: string): string {
  if (typeof v !== "string") throw noAttr(v, method);
  return v;
}

/** Require a dict receiver for a dict method call. */
export function dictSelf(v: PyValue | undefined, method: string): PyDict {
  if (!(v instanceof PyDict)) throw noAttr(v ?? null, method);
  return v;
}

/** Require a list receiver for a list method call. */
export function listSelf(v: PyValue | undefined, method: string): PyValue[] {
  if (!Array.isArray(v)) throw noAttr(v ?? null, method);
  return v;
}

/** obj[key] for dicts and lists (KeyError / IndexError / TypeError as Python). */
export function getItem(obj: PyValue | undefined, key: PyValue): PyValue {
  if (obj instanceof PyDict) return obj.getItem(key);
  if (Array.isArray(obj)) {
    if (!isIntLike(key)) throw typeError(`list indices must be integers or slices, not ${typeName(key)}`);
    let i = Number(toBig(key));
    if (i < 0) i += obj.length;
    if (i < 0 || i >= obj.length) throw new PyException("IndexError", "list index out of range");
    return obj[i];
  }
  if (typeof obj === "string") {
    if (!isIntLike(key)) throw typeError("string indices must be integers, not '" + typeName(key) + "'");
    const cps = [...obj];
    let i = Number(toBig(key));
    if (i < 0) i += cps.length;
    if (i < 0 || i >= cps.length) throw new PyException("IndexError", "string index out of range");
    return cps[i];
  }
  throw typeError(`'${typeName(obj ?? null)}' object is not subscriptable`);
}

/** obj[key] = value */
export function setItem(obj: PyValue | undefined, key: PyValue, value: PyValue): void {
  if (obj instanceof PyDict) {
    obj.set(key, value);
    return;
  }
  if (Array.isArray(obj)) {
    if (!isIntLike(key)) throw typeError(`list indices must be integers or slices, not ${typeName(key)}`);
    let i = Number(toBig(key));
    if (i < 0) i += obj.length;
    if (i < 0 || i >= obj.length) throw new PyException("IndexError", "list assignment index out of range");
    obj[i] = value;
    return;
  }
  throw typeError(`'${typeName(obj ?? null)}' object does not support item assignment`);
}

/** list.remove(x): removes the first element equal to x. */
export function listRemove(list: PyValue[], x: PyValue): void {
  const i = list.findIndex((y) => pyEq(x, y));
  if (i < 0) throw valueError("list.remove(x): x not in list");
  list.splice(i, 1);
}

// ---------------------------------------------------------------------------
// conversions

const PY_WS = "\\t\\n\\x0b\\x0c\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";
const WS_RUN = new RegExp(`[${PY_WS}]+`, "u");
const WS_TRIM = new RegExp(`^[${PY_WS}]+|[${PY_WS}]+$`, "gu");

export function pyStrip(s: string): string {
  return s.replace(WS_TRIM, "");
}

/** str.split() with no arguments */
export function pySplitWhitespace(s: string): string[] {
  return s.split(WS_RUN).filter((x) => x.length > 0);
}

/** str.splitlines() */
export function pySplitLines(s: string): string[] {
  const out: string[] = [];
  let cur = "";
  const chars = [...s];
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i];
    if (c === "\r" && chars[i + 1] === "\n") {
      out.push(cur);
      cur = "";
      i++;
    } else if ("\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029".includes(c)) {
      out.push(cur);
      cur = "";
    } else {
      cur += c;
    }
  }
  if (cur.length > 0) out.push(cur);
  return out;
}

/** str.rstrip(chars) */
export function pyRstrip(s: string, chars: string): string {
  let end = s.length;
  while (end > 0 && chars.includes(s[end - 1])) end--;
  return s.slice(0, end);
}

/** str.strip(chars) */
export function pyStripChars(s: string, chars: string): string {
  let start = 0;
  let end = s.length;
  while (start < end && chars.includes(s[start])) start++;
  while (end > start && chars.includes(s[end - 1])) end--;
  return s.slice(start, end);
}

/** str.lower() */
export function pyLower(v: PyValue): string {
  return strSelf(v, "lower").toLowerCase();
}

/** float(v) */
export function pyFloatOf(v: PyValue): PyFloat {
  if (v instanceof PyFloat) return v;
  if (isIntLike(v)) return f(floatOperand(v));
  if (typeof v === "string") {
    const s = pyStrip(v).replace(/(?<=\d)_(?=\d)/g, "");
    const low = s.toLowerCase();
    const m = /^([+-]?)(inf|infinity|nan)$/.exec(low);
    if (m) return f(m[2] === "nan" ? NaN : m[1] === "-" ? -Infinity : Infinity);
    if (/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(s)) return f(Number(s));
    throw valueError(`could not convert string to float: ${reprStrLite(v)}`);
  }
  throw typeError(`float() argument must be a string or a real number, not '${typeName(v)}'`);
}

/** int(v) */
export function pyIntOf(v: PyValue): number | bigint {
  if (typeof v === "boolean") return v ? 1 : 0;
  if (typeof v === "number" || typeof v === "bigint") return v;
  if (v instanceof PyFloat) {
    if (Number.isNaN(v.value)) throw valueError("cannot convert float NaN to integer");
    if (!Number.isFinite(v.value)) throw new PyException("OverflowError", "cannot convert float infinity to integer");
    return normInt(BigInt(Math.trunc(v.value)));
  }
  if (typeof v === "string") {
    const s = pyStrip(v).replace(/(?<=\d)_(?=\d)/g, "");
    if (/^[+-]?\d+$/.test(s)) return normInt(BigInt(s));
    throw valueError(`invalid literal for int() with base 10: ${reprStrLite(v)}`);
  }
  throw typeError(`int() argument must be a string, a bytes-like object or a real number, not '${typeName(v)}'`);
}

/** minimal str repr used inside conversion error messages (full repr lives in pythonFormat). */
function reprStrLite(s: string): string {
  const q = s.includes("'") && !s.includes('"') ? '"' : "'";
  let out = "";
  for (const c of s) {
    if (c === "\\") out += "\\\\";
    else if (c === q) out += "\\" + c;
    else if (c === "\n") out += "\\n";
    else if (c === "\r") out += "\\r";
    else if (c === "\t") out += "\\t";
    else if (c.codePointAt(0)! < 0x20 || c.codePointAt(0) === 0x7f) out += "\\x" + c.codePointAt(0)!.toString(16).padStart(2, "0");
    else out += c;
  }
  return q + out + q;
}

// repr() lives in pythonFormat.ts; PyDict.getItem needs it for KeyError messages.
// A late-bound hook avoids a circular module import.
let reprHook: (v: PyValue) => string = (v) => String(v);
export function setReprHook(fn: (v: PyValue) => string): void {
  reprHook = fn;
}
function repr(v: PyValue): string {
  return reprHook(v);
}

// ---------------------------------------------------------------------------
// deep copy / conversion from plain JS input

export function deepCopy<T extends PyValue>(v: T): T {
  if (Array.isArray(v)) return v.map((x) => deepCopy(x)) as T;
  if (v instanceof PyDict) return PyDict.from(v.entries().map(([k, x]) => [k, deepCopy(x)])) as T;
  if (v instanceof PySet) {
    const s = new PySet();
    for (const x of v.values()) s.add(x);
    return s as T;
  }
  return v;
}

/** Set by parseBfclJson on every object it builds: its ints are ints and its floats floats (see createSession). */
export const EXACT_NUMBERS: unique symbol = Symbol.for("bfcl.exactNumbers");

/** Symbol under which parseBfclJson records the original key order of an object (see pythonFormat). */
export const KEY_ORDER: unique symbol = Symbol.for("bfcl.keyOrder");

/**
 * Convert plain JS data (as produced by JSON.parse or parseBfclJson) into Python values.
 * Integer-valued JS numbers become ints, others floats; PyFloat instances stay floats.
 * Always returns fresh containers (never aliases the input).
 */
export function toPy(v: unknown): PyValue {
  if (v === null || v === undefined) return null;
  if (typeof v === "boolean" || typeof v === "string" || typeof v === "bigint") return v;
  if (typeof v === "number") return Number.isInteger(v) && !Object.is(v, -0) ? v : f(v);
  if (v instanceof PyFloat) return v;
  if (v instanceof PyOpaque) return v;
  if (Array.isArray(v)) return v.map(toPy);
  if (v instanceof PyDict) return deepCopy(v);
  if (v instanceof Map) return PyDict.from([...v.entries()].map(([k, x]) => [toPy(k), toPy(x)]));
  if (typeof v === "object") {
    const o = v as Record<string | symbol, unknown>;
    const order = (o[KEY_ORDER] as string[] | undefined) ?? Object.keys(o);
    return PyDict.from(order.map((k) => [k, toPy(o[k])]));
  }
  throw new TypeError(`cannot convert ${typeof v} to a Python value`);
}

/** Convert Python values back to plain JSON-like JS data (for snapshots/debugging). */
export function toPlain(v: PyValue | undefined): unknown {
  if (v === undefined || v === null) return null;
  if (v instanceof PyFloat) return v.value;
  if (typeof v === "bigint") return v.toString();
  if (Array.isArray(v)) return v.map(toPlain);
  if (v instanceof PyDict) {
    const o: Record<string, unknown> = {};
    for (const [k, x] of v.entries()) o[String(k instanceof PyFloat ? k.value : k)] = toPlain(x);
    return o;
  }
  if (v instanceof PySet) return v.values().map(toPlain);
  if (v instanceof PyOpaque) return v.reprText;
  return v;
}
