/**
 * CPython-compatible `random.Random(seed)` (MT19937 seeded with init_by_array),
 * implementing the three methods BFCL's backends use: randint, random, uniform.
 */
import { createHash } from "node:crypto";

import { PyFloat, type PyValue, typeError } from "./pyRuntime.js";

const HASH_MODULUS = (1n << 61n) - 1n;

/** hash(float) as CPython computes it (_Py_HashDouble), for finite and infinite values. */
function hashFloat(v: number): bigint {
  if (v === Infinity) return 314159n;
  if (v === -Infinity) return -314159n;
  let m = Math.abs(v);
  let e = 0;
  if (m !== 0) {
    // frexp: m in [0.5, 1)
    e = Math.floor(Math.log2(m)) + 1;
    m = m / 2 ** e;
    while (m >= 1) {
      m /= 2;
      e++;
    }
    while (m < 0.5) {
      m *= 2;
      e--;
    }
  }
  let x = 0n;
  while (m) {
    x = ((x << 28n) & HASH_MODULUS) | (x >> 33n);
    m *= 268435456.0;
    e -= 28;
    const y = Math.floor(m);
    m -= y;
    x += BigInt(y);
    if (x >= HASH_MODULUS) x -= HASH_MODULUS;
  }
  const shift = BigInt(e >= 0 ? e % 61 : 61 - 1 - ((-1 - e) % 61));
  x = ((x << shift) & HASH_MODULUS) | (x >> (61n - shift));
  if (v < 0) x = -x;
  return x === -1n ? -2n : x;
}

/**
 * The integer `random.Random(a)` seeds MT19937 with: |a| for an int, the UTF-8 bytes followed by
 * their SHA-512 as one big-endian int for a str (version 2), hash(a) read as an unsigned 64-bit
 * int for a float. None seeds from the OS in Python (never reproducible); `fallback` stands in.
 */
export function seedOf(a: PyValue, fallback: number): bigint {
  if (a === null) return BigInt(fallback);
  if (typeof a === "boolean") return a ? 1n : 0n;
  if (typeof a === "number" || typeof a === "bigint") return BigInt(a);
  if (typeof a === "string") {
    const bytes = Buffer.from(a, "utf8");
    const all = Buffer.concat([bytes, createHash("sha512").update(bytes).digest()]);
    return BigInt(`0x${all.toString("hex")}`);
  }
  if (a instanceof PyFloat) {
    if (Number.isNaN(a.value)) return BigInt(fallback); // hash(nan) is the object's id in Python
    const h = hashFloat(a.value);
    return h < 0n ? (1n << 64n) + h : h;
  }
  throw typeError("The only supported seed types are: None,\nint, float, str, bytes, and bytearray.");
}

export class PyRandom {
  private readonly mt = new Uint32Array(624);
  private mti = 625;

  constructor(seed: number | bigint) {
    this.seedWith(typeof seed === "bigint" ? seed : BigInt(Math.trunc(seed)));
  }

  private initGenrand(s: number): void {
    const mt = this.mt;
    mt[0] = s >>> 0;
    for (let i = 1; i < 624; i++) {
      const prev = mt[i - 1] ^ (mt[i - 1] >>> 30);
      // 1812433253 * prev + i (mod 2^32) without losing precision
      mt[i] = (Math.imul(1812433253, prev) + i) >>> 0;
    }
    this.mti = 624;
  }

  private seedWith(seed: bigint): void {
    let n = seed < 0n ? -seed : seed;
    const key: number[] = [];
    if (n === 0n) key.push(0);
    while (n > 0n) {
      key.push(Number(n & 0xffffffffn));
      n >>= 32n;
    }
    this.initGenrand(19650218);
    const mt = this.mt;
    let i = 1;
    let j = 0;
    const len = key.length;
    for (let k = Math.max(624, len); k > 0; k--) {
      const prev = mt[i - 1] ^ (mt[i - 1] >>> 30);
      mt[i] = ((mt[i] ^ Math.imul(prev, 1664525)) + key[j] + j) >>> 0;
      i++;
      j++;
      if (i >= 624) {
        mt[0] = mt[623];
        i = 1;
      }
      if (j >= len) j = 0;
    }
    for (let k = 623; k > 0; k--) {
      const prev = mt[i - 1] ^ (mt[i - 1] >>> 30);
      mt[i] = ((mt[i] ^ Math.imul(prev, 1566083941)) - i) >>> 0;
      i++;
      if (i >= 624) {
        mt[0] = mt[623];
        i = 1;
      }
    }
    mt[0] = 0x80000000;
  }

  /** genrand_uint32 */
  private next32(): number {
    const mt = this.mt;
    if (this.mti >= 624) {
      for (let kk = 0; kk < 624; kk++) {
        const y = (mt[kk] & 0x80000000) | (mt[(kk + 1) % 624] & 0x7fffffff);
        mt[kk] = mt[(kk + 397) % 624] ^ (y >>> 1) ^ (y & 1 ? 0x9908b0df : 0);
      }
      this.mti = 0;
    }
    let y = mt[this.mti++];
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y >>> 0;
  }

  /** random.getrandbits(k) */
  getrandbits(k: number): bigint {
    if (k <= 32) return BigInt(this.next32() >>> (32 - k));
    let result = 0n;
    let shift = 0n;
    for (let left = k; left > 0; left -= 32) {
      let r = this.next32();
      if (left < 32) r >>>= 32 - left;
      result |= BigInt(r) << shift;
      shift += 32n;
    }
    return result;
  }

  private randbelow(n: bigint): bigint {
    const k = n.toString(2).length;
    let r = this.getrandbits(k);
    while (r >= n) r = this.getrandbits(k);
    return r;
  }

  /** random.randint(a, b) (inclusive) */
  randint(a: number, b: number): number {
    const width = BigInt(b) - BigInt(a) + 1n;
    if (width <= 0n) throw new Error(`empty range for randrange() (${a}, ${b + 1}, ${b + 1 - a})`);
    return Number(BigInt(a) + this.randbelow(width));
  }

  /** random.random() */
  random(): number {
    const a = this.next32() >>> 5;
    const b = this.next32() >>> 6;
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
  }

  /** random.uniform(a, b) */
  uniform(a: number, b: number): number {
    return a + (b - a) * this.random();
  }
}
