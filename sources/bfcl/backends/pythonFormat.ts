/**
 * Python-compatible text formatting: repr()/str(), json.dumps() (default
 * arguments, as BFCL's executor uses it), float repr, "%.2f"-style fixed
 * formatting and round() with exact half-even semantics, plus a JSON parser
 * that keeps Python's int/float distinction (`10.0` stays a float).
 */
import {
  EXACT_NUMBERS,
  KEY_ORDER,
  PyDict,
  PyException,
  PyFloat,
  PyOpaque,
  PySet,
  type PyValue,
  setReprHook,
  typeError,
  typeName,
} from "./pyRuntime.js";

// ---------------------------------------------------------------------------
// floats

/** Python's repr(float): shortest round-trip digits, sci notation outside 1e-4 <= |x| < 1e16. */
export function floatRepr(x: number): string {
  if (Number.isNaN(x)) return "nan";
  if (x === Infinity) return "inf";
  if (x === -Infinity) return "-inf";
  if (x === 0) return Object.is(x, -0) ? "-0.0" : "0.0";
  const [mant, expStr] = Math.abs(x).toExponential().split("e");
  const digits = mant.replace(".", "");
  const e = parseInt(expStr, 10);
  const sign = x < 0 ? "-" : "";
  if (e >= -4 && e < 16) {
    if (e >= 0) {
      const intLen = e + 1;
      const intPart = digits.length > intLen ? digits.slice(0, intLen) : digits + "0".repeat(intLen - digits.length);
      const frac = digits.length > intLen ? digits.slice(intLen) : "0";
      return `${sign}${intPart}.${frac}`;
    }
    return `${sign}0.${"0".repeat(-e - 1)}${digits}`;
  }
  const m = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
  const es = (e < 0 ? "-" : "+") + String(Math.abs(e)).padStart(2, "0");
  return `${sign}${m}e${es}`;
}

/** Exact value of a finite double as (sign, integer digits numerator, power-of-ten denominator exponent). */
function exactDecimal(x: number): { neg: boolean; digits: bigint; scale: number } {
  const buf = new DataView(new ArrayBuffer(8));
  buf.setFloat64(0, x);
  const hi = buf.getUint32(0);
  const lo = buf.getUint32(4);
  const neg = hi >>> 31 === 1;
  const expBits = (hi >>> 20) & 0x7ff;
  let mant = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  let e: number;
  if (expBits === 0) e = -1074;
  else {
    mant |= 1n << 52n;
    e = expBits - 1075;
  }
  if (e >= 0) return { neg, digits: mant << BigInt(e), scale: 0 };
  // mant / 2^-e == mant * 5^-e / 10^-e
  return { neg, digits: mant * 5n ** BigInt(-e), scale: -e };
}

/** Round exact decimal (digits / 10^scale) to `nd` decimals, half-even. Returns integer of units 10^-nd. */
function roundHalfEven(digits: bigint, scale: number, nd: number): bigint {
  const drop = scale - nd;
  if (drop <= 0) return digits * 10n ** BigInt(-drop);
  const p = 10n ** BigInt(drop);
  const q = digits / p;
  const r = digits % p;
  const twice = r * 2n;
  if (twice > p || (twice === p && q % 2n === 1n)) return q + 1n;
  return q;
}

/** Python's format(x, f".{nd}f") for a float. */
export function formatFixed(x: number, nd: number): string {
  if (!Number.isFinite(x)) return Number.isNaN(x) ? "nan" : x > 0 ? "inf" : "-inf";
  const { neg, digits, scale } = exactDecimal(x);
  const units = roundHalfEven(digits, scale, nd);
  let s = units.toString();
  if (nd > 0) {
    s = s.padStart(nd + 1, "0");
    s = `${s.slice(0, -nd)}.${s.slice(-nd)}`;
  }
  return (neg ? "-" : "") + s;
}

/** f"{v:.{nd}f}" for any value: ints and bools format as floats; other types raise Python's error. */
export function formatValueFixed(v: PyValue, nd: number): string {
  if (v instanceof PyFloat) return formatFixed(v.value, nd);
  if (typeof v === "number" || typeof v === "bigint") return formatFixed(Number(v), nd);
  if (typeof v === "boolean") return formatFixed(v ? 1 : 0, nd);
  if (typeof v === "string") throw new PyException("ValueError", "Unknown format code 'f' for object of type 'str'");
  throw typeError(`unsupported format string passed to ${typeName(v)}.__format__`);
}

/** Python's round(float, ndigits) (correctly rounded, half-even on the exact binary value). */
export function roundFloat(x: number, nd: number): number {
  if (!Number.isFinite(x) || x === 0) return x;
  if (nd > 323) return x;
  if (nd < -308) return 0 * x;
  const { neg, digits, scale } = exactDecimal(x);
  if (nd >= 0) {
    const units = roundHalfEven(digits, scale, nd);
    const r = Number(`${units}e-${nd}`);
    return neg ? -r : r;
  }
  const units = roundHalfEven(digits, scale, nd); // units of 10^-nd
  const r = Number(`${units}e${-nd}`);
  return neg ? -r : r;
}

/** Python's round(int, ndigits) for negative ndigits (half-even). */
export function roundInt(x: bigint, nd: number): bigint {
  if (nd >= 0) return x;
  const p = 10n ** BigInt(-nd);
  const neg = x < 0n;
  const a = neg ? -x : x;
  let q = a / p;
  const r = a % p;
  if (r * 2n > p || (r * 2n === p && q % 2n === 1n)) q += 1n;
  const out = q * p;
  return neg ? -out : out;
}

// ---------------------------------------------------------------------------
// repr / str

const NON_PRINTABLE = /^[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]$/u;

/** Python's repr(str). */
export function strRepr(s: string): string {
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    if (ch === quote || ch === "\\") out += "\\" + ch;
    else if (ch === "\t") out += "\\t";
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (cp < 0x20 || cp === 0x7f) out += "\\x" + cp.toString(16).padStart(2, "0");
    else if (cp < 0x7f) out += ch;
    else if (ch !== " " && NON_PRINTABLE.test(ch)) {
      if (cp <= 0xff) out += "\\x" + cp.toString(16).padStart(2, "0");
      else if (cp <= 0xffff) out += "\\u" + cp.toString(16).padStart(4, "0");
      else out += "\\U" + cp.toString(16).padStart(8, "0");
    } else out += ch;
  }
  return out + quote;
}

/** Python's repr() of a value. */
export function pyRepr(v: PyValue | undefined): string {
  if (v === null || v === undefined) return "None";
  if (typeof v === "boolean") return v ? "True" : "False";
  if (typeof v === "number") return Object.is(v, -0) ? "0" : String(v);
  if (typeof v === "bigint") return v.toString();
  if (typeof v === "string") return strRepr(v);
  if (v instanceof PyFloat) return floatRepr(v.value);
  if (Array.isArray(v)) return `[${v.map(pyRepr).join(", ")}]`;
  if (v instanceof PyDict) return `{${v.entries().map(([k, x]) => `${pyRepr(k)}: ${pyRepr(x)}`).join(", ")}}`;
  if (v instanceof PySet) return v.size === 0 ? "set()" : `{${v.values().map(pyRepr).join(", ")}}`;
  return v.reprText;
}

/** Python's str() of a value (also what an f-string interpolation produces). */
export function pyStr(v: PyValue | undefined): string {
  if (typeof v === "string") return v;
  if (v instanceof PyOpaque) return v.strText;
  return pyRepr(v);
}

setReprHook(pyRepr);

// ---------------------------------------------------------------------------
// json.dumps (default arguments: ensure_ascii=True, separators (", ", ": "), allow_nan=True)

function jsonString(s: string): string {
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const ch = s[i];
    if (ch === '"') out += '\\"';
    else if (ch === "\\") out += "\\\\";
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (ch === "\t") out += "\\t";
    else if (ch === "\b") out += "\\b";
    else if (ch === "\f") out += "\\f";
    else if (c < 0x20 || c > 0x7e) out += "\\u" + c.toString(16).padStart(4, "0");
    else out += ch;
  }
  return out + '"';
}

function jsonFloat(x: number): string {
  if (Number.isNaN(x)) return "NaN";
  if (x === Infinity) return "Infinity";
  if (x === -Infinity) return "-Infinity";
  return floatRepr(x);
}

function jsonKey(k: PyValue): string {
  if (typeof k === "string") return jsonString(k);
  if (k instanceof PyFloat) return jsonString(jsonFloat(k.value));
  if (k === true) return '"true"';
  if (k === false) return '"false"';
  if (k === null) return '"null"';
  if (typeof k === "number" || typeof k === "bigint") return `"${pyRepr(k)}"`;
  throw typeError(`keys must be str, int, float, bool or None, not ${typeName(k)}`);
}

/** Python's json.dumps(v) with default arguments. Throws PyException(TypeError) for unserialisable values. */
export function jsonDumps(v: PyValue | undefined, seen: Set<object> = new Set()): string {
  if (v === null || v === undefined) return "null";
  if (v === true) return "true";
  if (v === false) return "false";
  if (typeof v === "number") return Object.is(v, -0) ? "0" : String(v);
  if (typeof v === "bigint") return v.toString();
  if (typeof v === "string") return jsonString(v);
  if (v instanceof PyFloat) return jsonFloat(v.value);
  if (Array.isArray(v) || v instanceof PyDict) {
    if (seen.has(v)) throw new PyException("ValueError", "Circular reference detected");
    seen.add(v);
    try {
      if (Array.isArray(v)) return `[${v.map((x) => jsonDumps(x, seen)).join(", ")}]`;
      return `{${v
        .entries()
        .map(([k, x]) => `${jsonKey(k)}: ${jsonDumps(x, seen)}`)
        .join(", ")}}`;
    } finally {
      seen.delete(v);
    }
  }
  throw typeError(`Object of type ${typeName(v)} is not JSON serializable`);
}

// ---------------------------------------------------------------------------
// JSON parsing that keeps Python's int/float distinction

/**
 * Parse JSON text the way Python's json.loads types it, but into plain JS data:
 * ints stay numbers (bigint beyond 2^53), floats whose value is integral (e.g. `10.0`)
 * become PyFloat instances (they serialise back as numbers via toJSON), other floats
 * are plain numbers. Object key order is preserved even for integer-like keys
 * (recorded under the KEY_ORDER symbol, which toPy honours).
 */
const NUMBER = /-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y;

export function parseBfclJson(text: string): unknown {
  let i = 0;
  const ws = () => {
    while (i < text.length && " \t\n\r".includes(text[i])) i++;
  };
  const fail = (msg: string): never => {
    throw new SyntaxError(`${msg} at position ${i}`);
  };
  const parseString = (): string => {
    i++; // opening quote
    let out = "";
    for (;;) {
      if (i >= text.length) fail("unterminated string");
      const ch = text[i++];
      if (ch === '"') return out;
      if (ch !== "\\") {
        out += ch;
        continue;
      }
      const esc = text[i++];
      switch (esc) {
        case '"':
        case "\\":
        case "/":
          out += esc;
          break;
        case "b":
          out += "\b";
          break;
        case "f":
          out += "\f";
          break;
        case "n":
          out += "\n";
          break;
        case "r":
          out += "\r";
          break;
        case "t":
          out += "\t";
          break;
        case "u":
          out += String.fromCharCode(parseInt(text.slice(i, i + 4), 16));
          i += 4;
          break;
        default:
          fail(`bad escape \\${esc}`);
      }
    }
  };
  const parseNumber = (): unknown => {
    NUMBER.lastIndex = i; // sticky: no length cap, so 400-digit ints parse too
    const m = NUMBER.exec(text);
    if (!m) return fail("bad number");
    i += m[0].length;
    if (m[2] === undefined && m[3] === undefined) {
      const n = Number(m[0]);
      if (Number.isSafeInteger(n)) return Object.is(n, -0) ? 0 : n;
      return BigInt(m[0]);
    }
    const x = Number(m[0]);
    return Number.isInteger(x) || Object.is(x, -0) ? new PyFloat(x) : x;
  };
  const parseValue = (): unknown => {
    ws();
    const ch = text[i];
    if (ch === "{") {
      i++;
      const obj: Record<string, unknown> = {};
      Object.defineProperty(obj, EXACT_NUMBERS, { value: true, enumerable: false });
      const order: string[] = [];
      ws();
      if (text[i] === "}") {
        i++;
        return obj;
      }
      for (;;) {
        ws();
        if (text[i] !== '"') fail("expected key");
        const k = parseString();
        ws();
        if (text[i++] !== ":") fail("expected ':'");
        const v = parseValue();
        if (!Object.prototype.hasOwnProperty.call(obj, k)) order.push(k);
        obj[k] = v;
        ws();
        const sep = text[i++];
        if (sep === "}") break;
        if (sep !== ",") fail("expected ',' or '}'");
      }
      const natural = Object.keys(obj);
      if (natural.some((k, idx) => k !== order[idx])) {
        Object.defineProperty(obj, KEY_ORDER, { value: order, enumerable: false });
      }
      return obj;
    }
    if (ch === "[") {
      i++;
      const arr: unknown[] = [];
      ws();
      if (text[i] === "]") {
        i++;
        return arr;
      }
      for (;;) {
        arr.push(parseValue());
        ws();
        const sep = text[i++];
        if (sep === "]") break;
        if (sep !== ",") fail("expected ',' or ']'");
      }
      return arr;
    }
    if (ch === '"') return parseString();
    if (text.startsWith("true", i)) {
      i += 4;
      return true;
    }
    if (text.startsWith("false", i)) {
      i += 5;
      return false;
    }
    if (text.startsWith("null", i)) {
      i += 4;
      return null;
    }
    if (text.startsWith("NaN", i)) {
      i += 3;
      return NaN;
    }
    if (text.startsWith("Infinity", i)) {
      i += 8;
      return Infinity;
    }
    if (text.startsWith("-Infinity", i)) {
      i += 9;
      return -Infinity;
    }
    return parseNumber();
  };
  const v = parseValue();
  ws();
  if (i !== text.length) fail("trailing data");
  return v;
}
