/** Shared plumbing for the BFCL backend classes. */
import { strRepr } from "./pythonFormat.js";
import { PyDict, PyFloat, type PyValue, typeError, typeName, valueError } from "./pyRuntime.js";

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

const STRPTIME_YMD = /^(?<Y>\d\d\d\d)-(?<m>1[0-2]|0[1-9]|[1-9])-(?<d>3[01]|[12]\d|0[1-9]|[1-9]| [1-9])/;

/**
 * datetime.strptime(value, "%Y-%m-%d") — returns epoch milliseconds of the naive date
 * (UTC arithmetic), raising Python's TypeError/ValueError messages.
 */
export function strptimeYmd(value: PyValue): number {
  // CPython's argument parser names None itself, not its type ("must be str, not None").
  if (typeof value !== "string") {
    throw typeError(`strptime() argument 1 must be str, not ${value === null ? "None" : typeName(value)}`);
  }
  const m = STRPTIME_YMD.exec(value);
  if (!m) throw valueError(`time data ${strRepr(value)} does not match format '%Y-%m-%d'`);
  if (m[0].length !== value.length) throw valueError(`unconverted data remains: ${value.slice(m[0].length)}`);
  const y = Number(m.groups!.Y);
  const mo = Number(m.groups!.m);
  const d = Number(m.groups!.d.trim());
  const t = Date.UTC(y, mo - 1, d);
  if (new Date(t).getUTCDate() !== d) throw valueError("day is out of range for month");
  return t;
}

/**
 * BFCL's scenario files always write these state fields as floats (`10.0`). A caller that parsed
 * initial_config with plain JSON.parse loses that, so integral JS numbers in such fields are
 * read back as Python floats. (parseBfclJson keeps the distinction and is unaffected.)
 */
export function asFloat(v: PyValue): PyValue {
  return typeof v === "number" ? new PyFloat(v) : v;
}

/** Apply asFloat to d[key] for each key present in dict d. */
export function floatFields(d: PyValue, keys: string[]): void {
  if (!(d instanceof PyDict)) return;
  for (const k of keys) if (d.has(k)) d.set(k, asFloat(d.get(k) as PyValue));
}
