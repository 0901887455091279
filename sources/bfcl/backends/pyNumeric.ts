/**
 * Just enough of mpmath (binary arbitrary precision: log, division, repr) and
 * of Python's decimal module (sqrt, str) to reproduce MathAPI.logarithm and
 * MathAPI.square_root byte-for-byte. BFCL's executor cannot json.dumps these
 * objects, so it prints `str(dict)`, e.g. `{'result': mpf('1.3027')}`.
 */

const bitLength = (n: bigint): number => (n === 0n ? 0 : (n < 0n ? -n : n).toString(2).length);

// ---------------------------------------------------------------------------
// mpf

export type Mpf =
  | { kind: "finite"; neg: boolean; man: bigint; exp: number } // (-1)^neg * man * 2^exp, man > 0
  | { kind: "zero" }
  | { kind: "inf"; neg: boolean }
  | { kind: "nan" };

export const ZERO: Mpf = { kind: "zero" };

type Rounding = "n" | "d"; // nearest-even | toward zero

/** Round man*2^exp (+ sticky bits below) to `prec` bits. */
function roundMpf(neg: boolean, man: bigint, exp: number, prec: number, rnd: Rounding, sticky = false): Mpf {
  if (man === 0n) return ZERO;
  const bc = bitLength(man);
  if (bc > prec) {
    const shift = bc - prec;
    const sh = BigInt(shift);
    let q = man >> sh;
    const rem = man & ((1n << sh) - 1n);
    if (rnd === "n") {
      const half = 1n << (sh - 1n);
      if (rem > half || (rem === half && (sticky || (q & 1n) === 1n))) q += 1n;
    }
    man = q;
    exp += shift;
  }
  // normalise: strip trailing zero bits
  while ((man & 1n) === 0n) {
    man >>= 1n;
    exp += 1;
  }
  return { kind: "finite", neg, man, exp };
}

export function mpfFromFloat(x: number): Mpf {
  if (Number.isNaN(x)) return { kind: "nan" };
  if (!Number.isFinite(x)) return { kind: "inf", neg: x < 0 };
  if (x === 0) return ZERO;
  const buf = new DataView(new ArrayBuffer(8));
  buf.setFloat64(0, x);
  const hi = buf.getUint32(0);
  const lo = buf.getUint32(4);
  const expBits = (hi >>> 20) & 0x7ff;
  let man = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  let e: number;
  if (expBits === 0) e = -1074;
  else {
    man |= 1n << 52n;
    e = expBits - 1075;
  }
  return roundMpf(x < 0, man, e, 100000, "n");
}

export function mpfFromInt(n: bigint): Mpf {
  if (n === 0n) return ZERO;
  return roundMpf(n < 0n, n < 0n ? -n : n, 0, Math.max(bitLength(n), 1), "n");
}

/** mpmath's from_str for plain decimal literals, rounded to prec. Returns undefined if not a number. */
export function mpfFromString(s: string, prec: number): Mpf | undefined {
  const t = s.trim().toLowerCase();
  if (t === "inf" || t === "+inf" || t === "infinity") return { kind: "inf", neg: false };
  if (t === "-inf" || t === "-infinity") return { kind: "inf", neg: true };
  if (t === "nan") return { kind: "nan" };
  const m = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/.exec(t);
  if (!m || (m[2] === "" && (m[3] ?? "") === "")) return undefined;
  const neg = m[1] === "-";
  const digits = BigInt((m[2] || "") + (m[3] || "") || "0");
  const e10 = (m[4] ? parseInt(m[4], 10) : 0) - (m[3] ?? "").length;
  if (digits === 0n) return ZERO;
  if (e10 >= 0) return roundMpf(neg, digits * 10n ** BigInt(e10), 0, prec, "n");
  return divRational(neg, digits, 10n ** BigInt(-e10), 0, prec, "n");
}

/** round((num/den) * 2^exp) to prec bits */
function divRational(neg: boolean, num: bigint, den: bigint, exp: number, prec: number, rnd: Rounding): Mpf {
  const extra = Math.max(0, prec + bitLength(den) - bitLength(num) + 4);
  const shifted = num << BigInt(extra);
  const q = shifted / den;
  const r = shifted % den;
  return roundMpf(neg, q, exp - extra, prec, rnd, r !== 0n);
}

export function mpfDiv(a: Mpf, b: Mpf, prec: number, rnd: Rounding = "n"): Mpf {
  if (a.kind === "nan" || b.kind === "nan") return { kind: "nan" };
  if (b.kind === "zero") throw new ZeroDivisionMpmath();
  if (a.kind === "inf") {
    if (b.kind === "inf") return { kind: "nan" };
    return { kind: "inf", neg: a.neg !== (b as { neg: boolean }).neg };
  }
  if (b.kind === "inf") return ZERO;
  if (a.kind === "zero") return ZERO;
  const fa = a as Extract<Mpf, { kind: "finite" }>;
  const fb = b as Extract<Mpf, { kind: "finite" }>;
  return divRational(fa.neg !== fb.neg, fa.man, fb.man, fa.exp - fb.exp, prec, rnd);
}

function mpfMulExact(a: Mpf, b: Mpf): Mpf {
  if (a.kind !== "finite" || b.kind !== "finite") {
    if (a.kind === "zero" || b.kind === "zero") return ZERO;
    throw new Error("non-finite complex arithmetic is not supported");
  }
  return { kind: "finite", neg: a.neg !== b.neg, man: a.man * b.man, exp: a.exp + b.exp };
}

function mpfAdd(a: Mpf, b: Mpf, prec: number, rnd: Rounding): Mpf {
  if (a.kind === "zero") return b.kind === "finite" ? roundMpf(b.neg, b.man, b.exp, prec, rnd) : b;
  if (b.kind === "zero") return a.kind === "finite" ? roundMpf(a.neg, a.man, a.exp, prec, rnd) : a;
  if (a.kind !== "finite" || b.kind !== "finite") throw new Error("non-finite complex arithmetic is not supported");
  const e = Math.min(a.exp, b.exp);
  const va = (a.neg ? -a.man : a.man) << BigInt(a.exp - e);
  const vb = (b.neg ? -b.man : b.man) << BigInt(b.exp - e);
  const s = va + vb;
  if (s === 0n) return ZERO;
  return roundMpf(s < 0n, s < 0n ? -s : s, e, prec, rnd);
}

const mpfNeg = (a: Mpf): Mpf =>
  a.kind === "finite" || a.kind === "inf" ? { ...a, neg: !a.neg } : a;

export class ZeroDivisionMpmath extends Error {
  constructor() {
    super("");
  }
}

// fixed-point helpers -------------------------------------------------------

/** atanh(1/x)-style series for ln: returns 2*atanh(z) with z = zNum/zDen, in fixed point W bits. */
function atanh2Fixed(zNum: bigint, zDen: bigint, W: bigint): bigint {
  // BigInt division truncates toward zero, so negative terms also shrink to 0.
  const one = 1n << W;
  const z = (zNum << W) / zDen;
  const z2 = (z * z) / one;
  let term = z;
  let sum = 0n;
  for (let k = 1n; term !== 0n; k += 2n) {
    sum += term / k;
    term = (term * z2) / one;
  }
  return 2n * sum;
}

const ln2Cache = new Map<bigint, bigint>();
function ln2Fixed(W: bigint): bigint {
  let v = ln2Cache.get(W);
  if (v === undefined) {
    v = atanh2Fixed(1n, 3n, W);
    ln2Cache.set(W, v);
  }
  return v;
}

function atanInvFixed(x: bigint, W: bigint): bigint {
  // atan(1/x) = sum (-1)^k / ((2k+1) x^(2k+1))
  let term = (1n << W) / x;
  const x2 = x * x;
  let sum = 0n;
  let sign = 1n;
  for (let k = 1n; term !== 0n; k += 2n) {
    sum += (sign * term) / k;
    term /= x2;
    sign = -sign;
  }
  return sum;
}

function piFixed(W: bigint): bigint {
  return 16n * atanInvFixed(5n, W) - 4n * atanInvFixed(239n, W);
}

function fixedToMpf(v: bigint, W: number, prec: number): Mpf {
  if (v === 0n) return ZERO;
  return roundMpf(v < 0n, v < 0n ? -v : v, -W, prec, "n", true);
}

/** ln(|x|) rounded to prec bits (x finite, non-zero). */
function lnAbs(x: Extract<Mpf, { kind: "finite" }>, prec: number): Mpf {
  const bc = bitLength(x.man);
  // |x| = t * 2^k with t = man / 2^bc in [0.5, 1)
  const k = x.exp + bc;
  if (x.man === 1n && x.exp === 0) return ZERO; // ln(1)
  const guard = 80 + Math.max(0, -x.exp) + bitLength(BigInt(Math.abs(k)));
  const W = BigInt(prec + guard);
  const pow = 1n << BigInt(bc);
  const lnT = atanh2Fixed(x.man - pow, x.man + pow, W); // ln t = 2 atanh((t-1)/(t+1))
  const total = lnT + BigInt(k) * ln2Fixed(W);
  return fixedToMpf(total, prec + guard, prec);
}

export type MpResult = { kind: "mpf"; value: Mpf } | { kind: "mpc"; re: Mpf; im: Mpf };

/** mpmath.log(x) at precision prec. */
export function mpLog(x: Mpf, prec: number): MpResult {
  if (x.kind === "nan") return { kind: "mpf", value: x };
  if (x.kind === "zero") return { kind: "mpf", value: { kind: "inf", neg: true } };
  if (x.kind === "inf") {
    if (!x.neg) return { kind: "mpf", value: x };
    return { kind: "mpc", re: { kind: "inf", neg: false }, im: mpPi(prec) };
  }
  const re = lnAbs(x, prec);
  if (!x.neg) return { kind: "mpf", value: re };
  return { kind: "mpc", re, im: mpPi(prec) };
}

export function mpPi(prec: number): Mpf {
  const W = prec + 40;
  return fixedToMpf(piFixed(BigInt(W)), W, prec);
}

/** a / b for mpf/mpc operands as mpmath does it. */
export function mpDiv(a: MpResult, b: MpResult, prec: number): MpResult {
  if (a.kind === "mpf" && b.kind === "mpf") return { kind: "mpf", value: mpfDiv(a.value, b.value, prec) };
  if (b.kind === "mpf") {
    // mpc / mpf
    const z = a as Extract<MpResult, { kind: "mpc" }>;
    return { kind: "mpc", re: mpfDiv(z.re, b.value, prec), im: mpfDiv(z.im, b.value, prec) };
  }
  // (a + bi) / (c + di) as mpmath.libmpc.mpc_div
  const [ra, ia] = a.kind === "mpf" ? [a.value, ZERO] : [a.re, a.im];
  const { re: c, im: d } = b;
  const wp = prec + 10;
  const mag = mpfAdd(mpfMulExact(c, c), mpfMulExact(d, d), wp, "d");
  const t = mpfAdd(mpfMulExact(ra, c), mpfMulExact(ia, d), wp, "d");
  const u = mpfAdd(mpfMulExact(ia, c), mpfNeg(mpfMulExact(ra, d)), wp, "d");
  return { kind: "mpc", re: mpfDiv(t, mag, prec), im: mpfDiv(u, mag, prec) };
}

// printing ---------------------------------------------------------------

const LOG2_10 = 3.3219280948873626;

/** Python's round() of a float to an int (half-even). */
function pyRoundInt(x: number): number {
  const r = Math.round(x);
  if (Math.abs(x % 1) === 0.5) return 2 * Math.round(x / 2);
  return r;
}

export function dpsToPrec(n: number): number {
  return Math.max(1, Math.trunc(pyRoundInt((Math.trunc(n) + 1) * LOG2_10)));
}
export function precToDps(n: number): number {
  return Math.max(1, Math.trunc(pyRoundInt(Math.trunc(n) / LOG2_10) - 1));
}
export function reprDps(prec: number): number {
  const dps = precToDps(prec);
  return dps === 15 ? 17 : dps + 3;
}

/** First n decimal digits (truncated) of |v| and its decimal exponent. */
function toDigitsExp(v: Extract<Mpf, { kind: "finite" }>, n: number): { digits: string; exponent: number } {
  // |v| = num / den exactly
  let num = v.man;
  let den = 1n;
  if (v.exp >= 0) num <<= BigInt(v.exp);
  else den <<= BigInt(-v.exp);
  // estimate decimal exponent
  let e = Math.floor((bitLength(num) - bitLength(den)) / LOG2_10);
  const ge = (ex: number) => (ex >= 0 ? num >= den * 10n ** BigInt(ex) : num * 10n ** BigInt(-ex) >= den);
  while (!ge(e)) e--;
  while (ge(e + 1)) e++;
  // digits = floor(|v| * 10^(n-1-e))
  const s = n - 1 - e;
  const q = s >= 0 ? (num * 10n ** BigInt(s)) / den : num / (den * 10n ** BigInt(-s));
  return { digits: q.toString(), exponent: e };
}

/** mpmath.libmp.to_str(s, dps) with default arguments. */
export function mpfToStr(x: Mpf, dps: number): string {
  if (x.kind === "zero") return "0.0";
  if (x.kind === "inf") return x.neg ? "-inf" : "+inf";
  if (x.kind === "nan") return "nan";
  const sign = x.neg ? "-" : "";
  const minFixed = Math.min(-Math.floor(dps / 3), -5);
  const maxFixed = dps;
  let { digits, exponent } = toDigitsExp(x, dps + 3);
  if (digits.length > dps && "56789".includes(digits[dps])) {
    digits = digits.slice(0, dps);
    let i = dps - 1;
    while (i >= 0 && digits[i] === "9") i--;
    if (i >= 0) digits = digits.slice(0, i) + String(Number(digits[i]) + 1) + "0".repeat(dps - i - 1);
    else {
      digits = "1" + "0".repeat(dps - 1);
      exponent += 1;
    }
  } else {
    digits = digits.slice(0, dps);
  }
  let split: number;
  if (minFixed < exponent && exponent < maxFixed) {
    if (exponent < 0) {
      digits = "0".repeat(-exponent) + digits;
      split = 1;
    } else {
      split = exponent + 1;
      if (split > dps) digits += "0".repeat(split - dps);
    }
    exponent = 0;
  } else {
    split = 1;
  }
  let out = digits.slice(0, split) + "." + digits.slice(split);
  out = out.replace(/0+$/, "");
  if (out.endsWith(".")) out += "0";
  if (exponent === 0) return sign + out;
  if (exponent > 0) return `${sign}${out}e+${exponent}`;
  return `${sign}${out}e${exponent}`;
}

export function mpRepr(v: MpResult, prec: number): string {
  const d = reprDps(prec);
  if (v.kind === "mpf") return `mpf('${mpfToStr(v.value, d)}')`;
  return `mpc(real='${mpfToStr(v.re, d)}', imag='${mpfToStr(v.im, d)}')`;
}

// ---------------------------------------------------------------------------
// decimal.Decimal (finite values, sqrt + str)

export type Dec =
  | { kind: "finite"; neg: boolean; coeff: bigint; exp: number }
  | { kind: "inf"; neg: boolean }
  | { kind: "nan" };

/** Decimal(float) — exact conversion. */
export function decFromFloat(x: number): Dec {
  if (Number.isNaN(x)) return { kind: "nan" };
  if (!Number.isFinite(x)) return { kind: "inf", neg: x < 0 };
  const neg = x < 0 || Object.is(x, -0);
  const m = mpfFromFloat(Math.abs(x));
  if (m.kind !== "finite") return { kind: "finite", neg, coeff: 0n, exp: 0 };
  if (m.exp >= 0) return { kind: "finite", neg, coeff: m.man << BigInt(m.exp), exp: 0 };
  return { kind: "finite", neg, coeff: m.man * 5n ** BigInt(-m.exp), exp: m.exp };
}

export function decFromInt(n: bigint): Dec {
  return { kind: "finite", neg: n < 0n, coeff: n < 0n ? -n : n, exp: 0 };
}

/** Decimal.sqrt() under a context with `prec` digits, ROUND_HALF_EVEN. */
export function decSqrt(d: Dec, prec: number): Dec {
  if (d.kind === "nan") return d;
  if (d.kind === "inf") return d; // sqrt(+inf) = +inf (negative values are rejected earlier)
  if (d.coeff === 0n) return { kind: "finite", neg: d.neg, coeff: 0n, exp: d.exp >> 1 };
  const p = prec + 1;
  const clen = d.coeff.toString().length;
  let e = d.exp >> 1;
  let c: bigint;
  let l: number;
  if (d.exp & 1) {
    c = d.coeff * 10n;
    l = (clen >> 1) + 1;
  } else {
    c = d.coeff;
    l = (clen + 1) >> 1;
  }
  const shift = p - l;
  let exact: boolean;
  if (shift >= 0) {
    c *= 100n ** BigInt(shift);
    exact = true;
  } else {
    const div = 100n ** BigInt(-shift);
    exact = c % div === 0n;
    c /= div;
  }
  e -= shift;
  let n = 10n ** BigInt(p);
  for (;;) {
    const q = c / n;
    if (n <= q) break;
    n = (n + q) >> 1n;
  }
  exact = exact && n * n === c;
  if (exact) {
    if (shift >= 0) n /= 10n ** BigInt(shift);
    else n *= 10n ** BigInt(-shift);
    e += shift;
  } else if (n % 5n === 0n) {
    n += 1n;
  }
  return decRound({ kind: "finite", neg: false, coeff: n, exp: e }, prec);
}

/** Round a finite decimal to `prec` significant digits (half-even). */
function decRound(d: Extract<Dec, { kind: "finite" }>, prec: number): Dec {
  const s = d.coeff.toString();
  if (s.length <= prec) return d;
  const drop = s.length - prec;
  const p = 10n ** BigInt(drop);
  let q = d.coeff / p;
  const r = d.coeff % p;
  if (r * 2n > p || (r * 2n === p && q % 2n === 1n)) q += 1n;
  let exp = d.exp + drop;
  if (q.toString().length > prec) {
    q /= 10n;
    exp += 1;
  }
  return { kind: "finite", neg: d.neg, coeff: q, exp };
}

/** str(Decimal) (to-scientific-string). */
export function decToStr(d: Dec): string {
  if (d.kind === "nan") return "NaN";
  if (d.kind === "inf") return d.neg ? "-Infinity" : "Infinity";
  const sign = d.neg ? "-" : "";
  const digits = d.coeff.toString();
  const leftdigits = d.exp + digits.length;
  let dotplace: number;
  if (d.exp <= 0 && leftdigits > -6) dotplace = leftdigits;
  else dotplace = 1;
  let intpart: string;
  let fracpart: string;
  if (dotplace <= 0) {
    intpart = "0";
    fracpart = "." + "0".repeat(-dotplace) + digits;
  } else if (dotplace >= digits.length) {
    intpart = digits + "0".repeat(dotplace - digits.length);
    fracpart = "";
  } else {
    intpart = digits.slice(0, dotplace);
    fracpart = "." + digits.slice(dotplace);
  }
  const e = leftdigits - dotplace;
  const exp = leftdigits === dotplace ? "" : "E" + (e >= 0 ? "+" : "-") + Math.abs(e);
  return sign + intpart + fracpart + exp;
}
