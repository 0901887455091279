/**
 * Executable TypeScript ports of BFCL v3's multi-turn backends.
 *
 * `createSession(initial_config, involved_classes)` builds one instance per involved class
 * (state loaded like BFCL's `_load_scenario`), and `execute(name, args)` behaves like BFCL's
 * `execute_multi_turn_func_call` for a single call: it resolves the method among the involved
 * classes, binds keyword arguments like Python, runs the method and renders the result the way
 * BFCL's executor does (`json.dumps` for dicts, `str()` otherwise, `"Error during execution: …"`
 * for exceptions).
 */
import { type Backend, type MethodSpec, numbersAreExact, restoreLossyFloats } from "./common.js";
import { GorillaFileSystem } from "./gorillaFileSystem.js";
import { MathAPI } from "./mathApi.js";
import { MessageAPI } from "./messageApi.js";
import { jsonDumps, pyStr } from "./pythonFormat.js";
import { isDict, PyDict, PyException, type PyValue, toPlain, toPy } from "./pyRuntime.js";
import { TicketAPI } from "./ticketApi.js";
import { TradingBot } from "./tradingBot.js";
import { TravelAPI } from "./travelApi.js";
import { TwitterAPI } from "./twitterApi.js";
import { VehicleControlAPI } from "./vehicleControl.js";

export { parseBfclJson } from "./pythonFormat.js";
export { PyFloat } from "./pyRuntime.js";

export const BFCL_CLASSES: readonly string[] = [
  "GorillaFileSystem",
  "MathAPI",
  "MessageAPI",
  "TwitterAPI",
  "TicketAPI",
  "TradingBot",
  "TravelAPI",
  "VehicleControlAPI",
];

export interface BfclCallResult {
  response: string;
  isError: boolean;
  errorMessage?: string;
}

export interface BfclSession {
  /** name is "Class.method" or a bare method name (resolved among the session's involved classes) */
  execute(name: string, args: Record<string, unknown>): BfclCallResult;
  snapshot(): unknown; // deep copy of all class states (for debugging)
}

const FACTORIES: Record<string, (scenario: PyDict) => Backend> = {
  GorillaFileSystem: (s) => new GorillaFileSystem(s),
  MathAPI: () => new MathAPI(),
  MessageAPI: (s) => new MessageAPI(s),
  TwitterAPI: (s) => new TwitterAPI(s),
  TicketAPI: (s) => new TicketAPI(s),
  TradingBot: (s) => new TradingBot(s),
  TravelAPI: (s) => new TravelAPI(s),
  VehicleControlAPI: (s) => new VehicleControlAPI(s),
};

/** BFCL refuses these names before evaluating anything. */
const FORBIDDEN = new Set(["kill", "exit", "quit", "remove", "unlink", "popen", "Popen", "run"]);

let methodNameCache: Map<string, ReadonlySet<string>> | undefined;
function methodNames(className: string): ReadonlySet<string> {
  if (!methodNameCache) {
    methodNameCache = new Map();
    for (const cls of BFCL_CLASSES) {
      methodNameCache.set(cls, new Set(Object.keys(FACTORIES[cls](new PyDict()).methods)));
    }
  }
  return methodNameCache.get(className) ?? new Set();
}

/** Public methods of a class (what BFCL's executor can dispatch to). */
export function methodsOfClass(className: string): string[] {
  return [...methodNames(className)];
}

/** A public method's parameters in declaration order, with the default where Python declares one. */
export function parametersOf(className: string, method: string): { name: string; default?: unknown }[] | undefined {
  const factory = FACTORIES[className];
  const spec = factory?.(new PyDict()).methods[method];
  return spec?.params.map((p) => (p.default === undefined ? { name: p.name } : { name: p.name, default: toPlain(p.default.value) }));
}

/** class owning a bare method name among involved classes, or undefined */
export function classOfMethod(method: string, involvedClasses: string[]): string | undefined {
  // BFCL builds a name -> instance map in involved-class order, later classes overriding earlier ones.
  let owner: string | undefined;
  for (const cls of involvedClasses) if (methodNames(cls).has(method)) owner = cls;
  return owner;
}

const execError = (message: string): BfclCallResult => ({
  response: `Error during execution: ${message}`,
  isError: true,
  errorMessage: message,
});

/** Python's TypeError text for a call that cannot be bound. */
function bindArguments(qualname: string, spec: MethodSpec, args: Record<string, unknown>): PyValue[] {
  const names = spec.params.map((p) => p.name);
  for (const key of Object.keys(args)) {
    // `self` is already bound positionally, so Python reports it as given twice.
    if (key === "self") throw new PyException("TypeError", `${qualname}() got multiple values for argument 'self'`);
    if (!names.includes(key)) throw new PyException("TypeError", `${qualname}() got an unexpected keyword argument '${key}'`);
  }
  const missing = spec.params.filter((p) => !Object.hasOwn(args, p.name) && p.default === undefined).map((p) => `'${p.name}'`);
  if (missing.length > 0) {
    const list =
      missing.length === 1
        ? missing[0]
        : missing.length === 2
          ? `${missing[0]} and ${missing[1]}`
          : `${missing.slice(0, -1).join(", ")}, and ${missing[missing.length - 1]}`;
    const noun = missing.length === 1 ? "argument" : "arguments";
    throw new PyException("TypeError", `${qualname}() missing ${missing.length} required positional ${noun}: ${list}`);
  }
  return spec.params.map((p) => (Object.hasOwn(args, p.name) ? toPy(args[p.name]) : p.default!.value));
}

/** Render a method's return value exactly as BFCL's executor does. */
function render(result: PyValue): BfclCallResult {
  let response: string;
  if (typeof result === "string") response = result;
  else if (isDict(result)) {
    try {
      response = jsonDumps(result);
    } catch (e) {
      if (!(e instanceof PyException)) throw e;
      response = pyStr(result);
    }
  } else response = pyStr(result);

  let errorMessage: string | undefined;
  if (isDict(result) && result.has("error")) errorMessage = pyStr(result.get("error") ?? null);
  else if (Array.isArray(result) && result.length > 0) {
    // TradingBot/TicketAPI wrap some authentication errors in a list.
    const first = result[0];
    if (isDict(first) && first.has("error")) errorMessage = pyStr(first.get("error") ?? null);
    else if (typeof first === "string" && first.startsWith("Error:")) errorMessage = first.slice("Error:".length).trim();
  }
  return errorMessage === undefined ? { response, isError: false } : { response, isError: true, errorMessage };
}

export function createSession(initialConfig: Record<string, unknown>, involvedClasses: string[]): BfclSession {
  const config = toPy(initialConfig ?? {});
  if (!isDict(config)) throw new TypeError("initialConfig must be an object");
  const lossy = !numbersAreExact(initialConfig);
  const instances = new Map<string, Backend>();
  for (const cls of involvedClasses) {
    const factory = FACTORIES[cls];
    if (!factory) throw new Error(`Unknown BFCL class: ${cls}`);
    const scenario = config.has(cls) ? config.get(cls) : new PyDict();
    if (!isDict(scenario)) throw new TypeError(`initial_config.${cls} must be an object`);
    if (lossy) restoreLossyFloats(cls, scenario);
    instances.set(cls, factory(scenario));
  }

  return {
    execute(name: string, args: Record<string, unknown>): BfclCallResult {
      let className: string | undefined;
      let methodName = name;
      const dot = name.lastIndexOf(".");
      if (dot >= 0) {
        methodName = name.slice(dot + 1);
        const requested = name.slice(0, dot);
        className = instances.has(requested) && methodNames(requested).has(methodName) ? requested : undefined;
      } else {
        className = classOfMethod(methodName, involvedClasses);
      }
      if (FORBIDDEN.has(methodName)) return execError(`Function call ${methodName} is not allowed.`);
      const instance = className === undefined ? undefined : instances.get(className);
      const spec = instance?.methods[methodName];
      if (!instance || !spec) return execError(`name '${methodName}' is not defined`);
      try {
        const bound = bindArguments(`${instance.className}.${methodName}`, spec, args ?? {});
        return render(spec.call(...bound));
      } catch (e) {
        if (e instanceof PyException) return execError(e.pyMessage);
        return execError(e instanceof Error ? e.message : String(e));
      }
    },
    snapshot(): unknown {
      const out: Record<string, unknown> = {};
      for (const [cls, inst] of instances) out[cls] = inst.snapshot();
      return JSON.parse(JSON.stringify(out));
    },
  };
}
