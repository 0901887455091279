/** MathAPI — BFCL's stateless math backend (mpmath for logarithm, decimal for square_root). */
import { type Backend, dict, method, type MethodTable } from "./common.js";
import {
  decFromFloat,
  decFromInt,
  decSqrt,
  decToStr,
  dpsToPrec,
  type Mpf,
  mpDiv,
  mpfFromFloat,
  mpfFromInt,
  mpfFromString,
  mpLog,
  type MpResult,
  mpRepr,
  ZeroDivisionMpmath,
} from "./pyNumeric.js";
import { pyRepr, pyStr, roundFloat, roundInt } from "./pythonFormat.js";
import {
  f,
  isFloat,
  isIntLike,
  isNumber,
  pyAbs,
  pyAdd,
  pyCmp,
  PyDict,
  pyEq,
  PyException,
  pyIntOf,
  pyIter,
  pyLen,
  pyMul,
  PyOpaque,
  pyPow,
  pySub,
  pyTrueDiv,
  truthy,
  typeError,
  typeName,
  type PyValue,
  valueError,
  normInt,
} from "./pyRuntime.js";

/** Python-level `except TypeError:` helper. */
function catchTypeError(fn: () => PyValue, onError: () => PyValue): PyValue {
  try {
    return fn();
  } catch (e) {
    if (e instanceof PyException && e.pyType === "TypeError") return onError();
    throw e;
  }
}

/** `except OverflowError:` around the unit conversions (an int beyond the float range). */
function catchOverflow(fn: () => PyValue): PyValue {
  try {
    return fn();
  } catch (e) {
    if (e instanceof PyException && e.pyType === "OverflowError") {
      return dict({ error: "Conversion resulted in a value too large to represent" });
    }
    throw e;
  }
}

/** sum(iterable) starting from int 0. */
function pySum(numbers: PyValue): PyValue {
  let total: PyValue = 0;
  for (const x of pyIter(numbers)) total = pyAdd(total, x);
  return total;
}

/** Python int -> bigint */
const big = (v: number | bigint | boolean): bigint => (typeof v === "boolean" ? (v ? 1n : 0n) : BigInt(v));

export class MathAPI implements Backend {
  readonly className = "MathAPI";
  /** mpmath.mp.dps / decimal context precision are process-global in Python; kept per session here. */
  private mpPrec = 53;
  private decimalPrec = 28;

  private toMpf(v: PyValue): Mpf {
    if (typeof v === "boolean") return mpfFromInt(v ? 1n : 0n);
    if (typeof v === "number" || typeof v === "bigint") return mpfFromInt(big(v));
    if (isFloat(v)) return mpfFromFloat(v.value);
    if (typeof v === "string") {
      const m = mpfFromString(v, this.mpPrec);
      if (m) return m;
    }
    throw typeError(`cannot create mpf from ${pyRepr(v)}`);
  }

  logarithm(value: PyValue, base: PyValue, precision: PyValue): PyValue {
    try {
      this.mpPrec = dpsToPrec(Number(pyIntOf(precision)));
      const prec = this.mpPrec;
      const result: MpResult = mpDiv(mpLog(this.toMpf(value), prec), mpLog(this.toMpf(base), prec), prec);
      return dict({ result: new PyOpaque(result.kind, mpRepr(result, prec)) });
    } catch (e) {
      if (e instanceof ZeroDivisionMpmath) return dict({ error: "" });
      if (e instanceof PyException) return dict({ error: e.pyMessage });
      throw e;
    }
  }

  mean(numbers: PyValue): PyValue {
    if (!truthy(numbers)) return dict({ error: "Cannot calculate mean of an empty list" });
    return catchTypeError(
      () => dict({ result: pyTrueDiv(pySum(numbers), pyLen(numbers)) }),
      () => dict({ error: "All elements in the list must be numbers" }),
    );
  }

  standardDeviation(numbers: PyValue): PyValue {
    if (!truthy(numbers)) return dict({ error: "Cannot calculate standard deviation of an empty list" });
    return catchTypeError(
      () => {
        const n = pyLen(numbers);
        const mean = pyTrueDiv(pySum(numbers), n);
        let acc: PyValue = 0;
        for (const x of pyIter(numbers)) acc = pyAdd(acc, pyPow(pySub(x, mean), 2));
        const variance = pyTrueDiv(acc, n);
        if (variance.value < 0) throw valueError("math domain error");
        return dict({ result: f(Math.sqrt(variance.value)) });
      },
      () => dict({ error: "All elements in the list must be numbers" }),
    );
  }

  siUnitConversion(value: PyValue, unitIn: PyValue, unitOut: PyValue): PyValue {
    const toMeters: [string, PyValue][] = [
      ["km", 1000],
      ["m", 1],
      ["cm", f(0.01)],
      ["mm", f(0.001)],
      ["um", f(1e-6)],
      ["nm", f(1e-9)],
    ];
    const to = PyDict.from(toMeters);
    const from = PyDict.from(toMeters.map(([u, factor]) => [u, pyTrueDiv(1, factor)]));
    if (!isNumber(value)) return dict({ error: "Value must be a number" });
    if (!to.has(unitIn) || !from.has(unitOut)) {
      return dict({ error: `Conversion from '${pyStr(unitIn)}' to '${pyStr(unitOut)}' is not supported` });
    }
    return catchOverflow(() => {
      const inMeters = pyMul(value, to.getItem(unitIn));
      return dict({ result: pyMul(inMeters, from.getItem(unitOut)) });
    });
  }

  imperialSiConversion(value: PyValue, unitIn: PyValue, unitOut: PyValue): PyValue {
    const conversion = PyDict.from(
      Object.entries({
        cm_to_in: 0.393701,
        in_to_cm: 2.54,
        m_to_ft: 3.28084,
        ft_to_m: 0.3048,
        m_to_yd: 1.09361,
        yd_to_m: 0.9144,
        km_to_miles: 0.621371,
        miles_to_km: 1.60934,
        kg_to_lb: 2.20462,
        lb_to_kg: 0.453592,
        celsius_to_fahrenheit: 1.8,
        fahrenheit_to_celsius: 5 / 9,
      }).map(([k, v]): [PyValue, PyValue] => [k, f(v)]),
    );
    if (!isNumber(value)) return dict({ error: "Value must be a number" });
    if (pyEq(unitIn, unitOut)) return dict({ result: value });
    const key = `${pyStr(unitIn)}_to_${pyStr(unitOut)}`;
    if (!conversion.has(key)) {
      return dict({ error: `Conversion from '${pyStr(unitIn)}' to '${pyStr(unitOut)}' is not supported` });
    }
    const factor = conversion.getItem(key);
    return catchOverflow(() => {
      let result: PyValue;
      if (unitIn === "celsius" && unitOut === "fahrenheit") result = pyAdd(pyMul(value, factor), 32);
      else if (unitIn === "fahrenheit" && unitOut === "celsius") result = pyMul(pySub(value, 32), factor);
      else result = pyMul(value, factor);
      return dict({ result });
    });
  }

  add(a: PyValue, b: PyValue): PyValue {
    return catchTypeError(
      () => dict({ result: pyAdd(a, b) }),
      () => dict({ error: "Both inputs must be numbers" }),
    );
  }

  subtract(a: PyValue, b: PyValue): PyValue {
    return catchTypeError(
      () => dict({ result: pySub(a, b) }),
      () => dict({ error: "Both inputs must be numbers" }),
    );
  }

  multiply(a: PyValue, b: PyValue): PyValue {
    if (!isNumber(a) || !isNumber(b)) return dict({ error: "Both inputs must be numbers" });
    return dict({ result: pyMul(a, b) });
  }

  divide(a: PyValue, b: PyValue): PyValue {
    return catchTypeError(
      () => {
        if (pyEq(b, 0)) return dict({ error: "Cannot divide by zero" });
        return dict({ result: pyTrueDiv(a, b) });
      },
      () => dict({ error: "Both inputs must be numbers" }),
    );
  }

  power(base: PyValue, exponent: PyValue): PyValue {
    return catchTypeError(
      () => dict({ result: pyPow(base, exponent) }),
      () => dict({ error: "Both inputs must be numbers" }),
    );
  }

  squareRoot(number: PyValue, precision: PyValue): PyValue {
    const invalid = () =>
      dict({ error: "Input must be a number or computation resulted in an invalid operation" });
    try {
      if (pyCmp(number, "<", 0)) return dict({ error: "Cannot calculate square root of a negative number" });
      if (!isIntLike(precision)) throw typeError(`'${typeName(precision)}' object cannot be interpreted as an integer`);
      const p = Number(precision);
      if (p < 1) throw valueError("valid range for prec is [1, MAX_PREC]");
      this.decimalPrec = p;
      const d = isFloat(number) ? decFromFloat(number.value) : decFromInt(big(number as number | bigint | boolean));
      const r = decSqrt(d, p);
      const s = decToStr(r);
      return dict({ result: new PyOpaque("Decimal", `Decimal('${s}')`, s) });
    } catch (e) {
      if (e instanceof PyException && e.pyType === "TypeError") return invalid();
      throw e;
    }
  }

  absoluteValue(number: PyValue): PyValue {
    return catchTypeError(
      () => dict({ result: pyAbs(number) }),
      () => dict({ error: "Input must be a number" }),
    );
  }

  roundNumber(number: PyValue, decimalPlaces: PyValue): PyValue {
    return catchTypeError(
      () => {
        if (!isIntLike(decimalPlaces) && decimalPlaces !== null) {
          throw typeError(`'${typeName(decimalPlaces)}' object cannot be interpreted as an integer`);
        }
        if (isFloat(number)) {
          if (decimalPlaces === null) {
            const r = roundFloat(number.value, 0);
            return dict({ result: normInt(BigInt(r)) });
          }
          return dict({ result: f(roundFloat(number.value, Number(decimalPlaces))) });
        }
        if (isIntLike(number)) {
          const n = big(number);
          return dict({ result: normInt(roundInt(n, decimalPlaces === null ? 0 : Number(decimalPlaces))) });
        }
        throw typeError(`type ${typeName(number)} doesn't define __round__ method`);
      },
      () => dict({ error: "First input must be a number, second input must be an integer" }),
    );
  }

  percentage(part: PyValue, whole: PyValue): PyValue {
    return catchTypeError(
      () => {
        if (pyEq(whole, 0)) return dict({ error: "Whole value cannot be zero" });
        return dict({ result: pyMul(pyTrueDiv(part, whole), 100) });
      },
      () => dict({ error: "Both inputs must be numbers" }),
    );
  }

  private extreme(numbers: PyValue, which: "min" | "max", emptyMsg: string): PyValue {
    if (!truthy(numbers)) return dict({ error: emptyMsg });
    return catchTypeError(
      () => {
        const items = pyIter(numbers);
        let best = items[0];
        for (const x of items.slice(1)) {
          if (which === "min" ? pyCmp(x, "<", best) : pyCmp(x, ">", best)) best = x;
        }
        return dict({ result: best });
      },
      () => dict({ error: "All elements in the list must be numbers" }),
    );
  }

  sumValues(numbers: PyValue): PyValue {
    if (!truthy(numbers)) return dict({ error: "Cannot calculate sum of an empty list" });
    return catchTypeError(
      () => dict({ result: pySum(numbers) }),
      () => dict({ error: "All elements in the list must be numbers" }),
    );
  }

  readonly methods: MethodTable = {
    absolute_value: method(["number"], (a) => this.absoluteValue(a)),
    add: method(["a", "b"], (a, b) => this.add(a, b)),
    divide: method(["a", "b"], (a, b) => this.divide(a, b)),
    imperial_si_conversion: method(["value", "unit_in", "unit_out"], (a, b, c) => this.imperialSiConversion(a, b, c)),
    logarithm: method(["value", "base", "precision"], (a, b, c) => this.logarithm(a, b, c)),
    max_value: method(["numbers"], (a) => this.extreme(a, "max", "Cannot find maximum of an empty list")),
    mean: method(["numbers"], (a) => this.mean(a)),
    min_value: method(["numbers"], (a) => this.extreme(a, "min", "Cannot find minimum of an empty list")),
    multiply: method(["a", "b"], (a, b) => this.multiply(a, b)),
    percentage: method(["part", "whole"], (a, b) => this.percentage(a, b)),
    power: method(["base", "exponent"], (a, b) => this.power(a, b)),
    round_number: method(["number", ["decimal_places", 0]], (a, b) => this.roundNumber(a, b)),
    si_unit_conversion: method(["value", "unit_in", "unit_out"], (a, b, c) => this.siUnitConversion(a, b, c)),
    square_root: method(["number", "precision"], (a, b) => this.squareRoot(a, b)),
    standard_deviation: method(["numbers"], (a) => this.standardDeviation(a)),
    subtract: method(["a", "b"], (a, b) => this.subtract(a, b)),
    sum_values: method(["numbers"], (a) => this.sumValues(a)),
  };

  snapshot(): unknown {
    return { mp_dps_prec: this.mpPrec, decimal_prec: this.decimalPrec };
  }
}
