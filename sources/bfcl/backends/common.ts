/** Shared plumbing for the BFCL backend classes. */
import { strRepr } from "./pythonFormat.js";
import { EXACT_NUMBERS, PyDict, PyFloat, type PyValue, typeError, typeName, valueError } from "./pyRuntime.js";

/** One Python parameter: required (no default) or with a default value. */
export interface ParamSpec {
  name: string;
  /** Present iff the parameter has a default. Mutable defaults are shared across calls, like Python. */
  default?: { value: PyValue };
}

export interface MethodSpec {
  params: ParamSpec[];
  /** Receives the bound arguments in declaration order. */
  call: (...args: PyValue[]) => PyValue;
}

export type MethodTable = Record<string, MethodSpec>;

/** A live backend instance (one per class per session). */
export interface Backend {
  readonly className: string;
  readonly methods: MethodTable;
  /** Plain-data view of the public state (for debugging). */
  snapshot(): unknown;
}

/** Parameter shorthand: "name" (required) or ["name", default]. */
export type ParamDecl = string | [string, PyValue];

export function method(params: ParamDecl[], call: (...args: PyValue[]) => PyValue): MethodSpec {
  return {
    params: params.map((p) => (typeof p === "string" ? { name: p } : { name: p[0], default: { value: p[1] } })),
    call,
  };
}

/** scenario.get(key, fallback) */
export function scenarioGet(scenario: PyDict, key: string, fallback: PyValue): PyValue {
  return scenario.has(key) ? (scenario.get(key) as PyValue) : fallback;
}

/** Build a Python dict literal from a JS object (keys in written order). */
export function dict(o: Record<string, PyValue>): PyDict {
  return PyDict.from(Object.entries(o));
}

/** The regex CPython's _strptime builds for each directive BFCL uses. */
const DIRECTIVES: Record<string, string> = {
  Y: "(?<Y>\\d\\d\\d\\d)",
  m: "(?<m>1[0-2]|0[1-9]|[1-9])",
  d: "(?<d>3[01]|[12]\\d|0[1-9]|[1-9]| [1-9])",
  H: "(?<H>2[0-3]|[0-1]\\d|\\d)",
  M: "(?<M>[0-5]\\d|\\d)",
  S: "(?<S>6[0-1]|[0-5]\\d|\\d)",
};
const FORMAT_REGEX = new Map<string, RegExp>();

/**
 * datetime.strptime(value, format) for formats made of %Y %m %d %H %M %S and literals — epoch
 * milliseconds of the naive datetime (UTC arithmetic), raising Python's TypeError/ValueError texts.
 */
export function strptime(value: PyValue, format: string): number {
  // CPython's argument parser names None itself, not its type ("must be str, not None").
  if (typeof value !== "string") {
    throw typeError(`strptime() argument 1 must be str, not ${value === null ? "None" : typeName(value)}`);
  }
  let re = FORMAT_REGEX.get(format);
  if (!re) {
    // As _strptime: regex specials escaped, each whitespace run matches any whitespace run, prefix match.
    const body = format
      .split(/(%[YmdHMS])/)
      .map((part) =>
        part.startsWith("%") ? DIRECTIVES[part[1]] : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\s+/g, "\\s+"),
      )
      .join("");
    re = new RegExp(`^(?:${body})`, "i");
    FORMAT_REGEX.set(format, re);
  }
  const m = re.exec(value);
  if (!m) throw valueError(`time data ${strRepr(value)} does not match format ${strRepr(format)}`);
  if (m[0].length !== value.length) throw valueError(`unconverted data remains: ${value.slice(m[0].length)}`);
  const g = m.groups!;
  const num = (k: string, fallback: number) => (g[k] === undefined ? fallback : Number(g[k].trim()));
  const [y, mo, d] = [num("Y", 1900), num("m", 1), num("d", 1)];
  if (y === 0) throw valueError("year 0 is out of range");
  const date = new Date(0); // setUTCFullYear, unlike Date.UTC, keeps years below 100 as written
  date.setUTCFullYear(y, mo - 1, d);
  date.setUTCHours(num("H", 0), num("M", 0), Math.min(num("S", 0), 59));
  const t = date.getTime();
  if (date.getUTCDate() !== d) throw valueError("day is out of range for month");
  if (num("S", 0) > 59) throw valueError("second must be in 0..59");
  return t;
}

/** datetime.strptime(value, "%Y-%m-%d") */
export function strptimeYmd(value: PyValue): number {
  return strptime(value, "%Y-%m-%d");
}

/**
 * State fields BFCL's scenario files always write as floats (`10.0`), per class, as key paths
 * ("*" = every value of a dict). A config read with plain JSON.parse has lost that, so createSession
 * turns integral numbers at these paths back into floats — only for such lossy input: a config
 * from parseBfclJson (or carrying PyFloat / BigInt values) is taken exactly as written, like Python.
 */
const FLOAT_FIELDS: Record<string, string[][]> = {
  VehicleControlAPI: [
    "fuelLevel", "batteryVoltage", "acTemperature", "humidityLevel", "parkingBrakeForce", "slopeAngle",
    "brakePedalForce", "distanceToNextVehicle", "frontLeftTirePressure", "frontRightTirePressure",
    "rearLeftTirePressure", "rearRightTirePressure",
  ].map((k) => [k]),
  TradingBot: [
    ["orders", "*", "price"],
    ["account_info", "balance"],
    ...["price", "percent_change", "volume", "MA(5)", "MA(20)"].map((k) => ["stocks", "*", k]),
  ],
  TravelAPI: [["budget_limit"], ["booking_record", "*", "travel_cost"]],
};

/** Turn integral numbers at className's float paths of scenario back into floats (see FLOAT_FIELDS). */
export function restoreLossyFloats(className: string, scenario: PyDict): void {
  const walk = (d: PyValue | undefined, path: string[]): void => {
    if (!(d instanceof PyDict)) return;
    const [head, ...rest] = path;
    const keys = head === "*" ? d.keys() : d.has(head) ? [head] : [];
    for (const k of keys) {
      const v = d.get(k) as PyValue;
      if (rest.length > 0) walk(v, rest);
      else if (typeof v === "number") d.set(k, new PyFloat(v));
    }
  };
  for (const path of FLOAT_FIELDS[className] ?? []) walk(scenario, path);
}

/** Whether a raw initial config keeps Python's int/float distinction (see FLOAT_FIELDS). */
export function numbersAreExact(config: unknown): boolean {
  const seen = (v: unknown): boolean => {
    if (v instanceof PyFloat || typeof v === "bigint") return true;
    if (v instanceof PyDict) return v.values().some(seen);
    if (Array.isArray(v)) return v.some(seen);
    if (v !== null && typeof v === "object") return EXACT_NUMBERS in v || Object.values(v).some(seen);
    return false;
  };
  return seen(config);
}
