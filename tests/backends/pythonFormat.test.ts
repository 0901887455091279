/** Python-compatible formatting helpers, checked against values printed by CPython 3.11. */
import { describe, expect, it } from "vitest";
import {
  floatRepr,
  formatFixed,
  jsonDumps,
  parseBfclJson,
  pyRepr,
  roundFloat,
  strRepr,
} from "../../sources/bfcl/backends/pythonFormat.js";
import { PyDict, PyFloat, toPy } from "../../sources/bfcl/backends/pyRuntime.js";

describe("pythonFormat", () => {
  it("repr(float)", () => {
    expect(floatRepr(30)).toBe("30.0");
    expect(floatRepr(1e16)).toBe("1e+16");
    expect(floatRepr(1e15)).toBe("1000000000000000.0");
    expect(floatRepr(1e-5)).toBe("1e-05");
    expect(floatRepr(0.0001)).toBe("0.0001");
    expect(floatRepr(113.56230000000001)).toBe("113.56230000000001");
    expect(floatRepr(-0)).toBe("-0.0");
  });
  it("format(x, '.2f') and round() are half-even on the exact binary value", () => {
    expect(formatFixed(1.125, 2)).toBe("1.12");
    expect(formatFixed(86, 2)).toBe("86.00");
    expect(roundFloat(2.675, 2)).toBe(2.67);
    expect(roundFloat(2857.142857142857, 2)).toBe(2857.14);
    expect(roundFloat(2.5, 0)).toBe(2);
  });
  it("repr(str) and json.dumps (ensure_ascii, default separators)", () => {
    expect(strRepr("it's")).toBe(`"it's"`);
    expect(strRepr(`both ' and "`)).toBe(`'both \\' and "'`);
    const d = PyDict.from([["k", "é😀\n"], [1, new PyFloat(2)], ["l", [true, null]]]);
    expect(jsonDumps(d)).toBe('{"k": "\\u00e9\\ud83d\\ude00\\n", "1": 2.0, "l": [true, null]}');
    expect(pyRepr(d)).toBe("{'k': 'é😀\\n', 1: 2.0, 'l': [True, None]}");
  });
  it("parseBfclJson keeps int/float and key order", () => {
    const v = parseBfclJson('{"b": 10.0, "2": 3, "1": 2.5, "a": 12345678901234567890}');
    expect(jsonDumps(toPy(v))).toBe('{"b": 10.0, "2": 3, "1": 2.5, "a": 12345678901234567890}');
  });
});
