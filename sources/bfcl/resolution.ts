/**
 * BFCL's part of the resolution chain: the live tier on the executable backends (./backends). A
 * call runs in the state its trajectory reached: a session is built from the trajectory's initial
 * state — `meta.initialConfigJson`, the initial_config as Python-faithful JSON text that the
 * adapter wrote (key order and 10.0-vs-10 kept, both of which BFCL's answers depend on) — and its
 * `involvedClasses`, the history is replayed in order, so a wrong call gets the error the real
 * backend gives in that state. Nothing is read from files: the trajectory carries its state.
 *
 * Replaying the whole history for every call is quadratic in a trajectory's length, so sessions
 * are kept by the state they are in: the resolve stage asks for step 1, 2, 3... and each call
 * continues the session the previous one left. A call that branches off (an erroneous call at
 * step k) finds no session in its state and replays from scratch, so it never disturbs another.
 */
import { canonicalJson, sha256 } from '../../pipeline/hash.js';
import { PyFloat } from '../../pipeline/pyValues.js';
import { nextContext, stateContext } from '../../pipeline/resolution/canonical.js';
import type { LiveAnswer, LiveCall, LiveExecutor, SourceResolution } from '../../pipeline/resolution/sources.js';
import type { ToolArgs, ToolDoc, ToolParam } from '../../pipeline/schemas.js';
import { classOfMethod, createSession, parseBfclJson, type BfclSession } from './backends/index.js';
import { jsonDumps } from './backends/pythonFormat.js';
import { toPy } from './backends/pyRuntime.js';

export interface BfclState {
  /** initial_config as Python-faithful JSON text (parseBfclJson reads it back with order and floats). */
  initialConfigJson: string;
  involvedClasses: string[];
}

/** The initial_config as the trajectory carries it: json.dumps text of the value parseBfclJson read. */
export function initialConfigJson(config: unknown): string {
  return jsonDumps(toPy(config ?? {}));
}

/** The BFCL state in a trajectory's meta; an error naming the trajectory and field when malformed. */
export function bfclState(trajectoryId: string, meta: Record<string, unknown>): BfclState {
  const involved = meta.involvedClasses;
  if (!Array.isArray(involved) || involved.length === 0 || !involved.every((c) => typeof c === 'string')) {
    throw new Error(`bfcl trajectory ${trajectoryId}: meta.involvedClasses is missing or not a list of class names`);
  }
  const text = meta.initialConfigJson;
  if (typeof text !== 'string') throw new Error(`bfcl trajectory ${trajectoryId}: meta.initialConfigJson (the initial_config as JSON text) is missing`);
  return { initialConfigJson: text, involvedClasses: involved as string[] };
}

/** The state before any call: a hash of the initial config text and the involved classes. */
export function initialContext(state: BfclState): string {
  return sha256(`bfcl-state\u0000${sha256(state.initialConfigJson)}\u0000${canonicalJson(state.involvedClasses)}`);
}

function asFloat(value: unknown): unknown {
  return typeof value === 'number' && Number.isInteger(value) ? new PyFloat(value) : value;
}

/**
 * Python prints 5.0 and 5 differently, and JSON (hence the store) cannot tell them apart. A
 * parameter the tool doc types `float` is a float — the exporter writes it as `5.0` and the
 * evaluator checks `isinstance(value, float)` — so an integral value there runs as a float
 * (`add(a=2.0, b=3.0)` answers `5.0`, as BFCL's Python does), arrays of floats likewise.
 */
export function typedArgs(args: ToolArgs, doc: ToolDoc | undefined): ToolArgs {
  if (!doc) return args;
  const params = new Map<string, ToolParam>([...doc.required_parameters, ...doc.optional_parameters].map((p) => [p.name, p]));
  let out: ToolArgs | undefined;
  for (const [k, v] of Object.entries(args)) {
    const p = params.get(k);
    if (!p) continue;
    const items = (p.items as { type?: string } | undefined)?.type;
    const typed = p.type === 'float' ? asFloat(v) : p.type === 'array' && items === 'float' && Array.isArray(v) ? v.map(asFloat) : v;
    if (typed !== v) (out ??= { ...args })[k] = typed;
  }
  return out ?? args;
}

export class BfclLive implements LiveExecutor {
  private readonly sessions = new Map<string, BfclSession>();
  private readonly configs = new Map<string, Record<string, unknown>>();
  private readonly keep: number;

  constructor(opts: { keep?: number } = {}) {
    this.keep = opts.keep ?? 64;
  }

  private config(text: string, trajectoryId: string): Record<string, unknown> {
    let config = this.configs.get(text);
    if (!config) {
      let parsed: unknown;
      try {
        parsed = parseBfclJson(text);
      } catch (err) {
        throw new Error(`bfcl trajectory ${trajectoryId}: meta.initialConfigJson is not JSON: ${(err as Error).message}`);
      }
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error(`bfcl trajectory ${trajectoryId}: meta.initialConfigJson is not a JSON object`);
      config = parsed as Record<string, unknown>;
      this.configs.set(text, config);
      while (this.configs.size > this.keep) this.configs.delete(this.configs.keys().next().value!);
    }
    return config;
  }

  execute(call: LiveCall): LiveAnswer {
    const state = bfclState(call.trajectoryId, call.meta);
    const doc = (name: string) => call.tools.find((t) => t.name === name);
    const history = call.history.map((h) => ({ name: h.name, args: typedArgs(h.args, doc(h.name)) }));
    const args = typedArgs(call.args, doc(call.name));
    const context = stateContext(initialContext(state), history);
    let session = this.sessions.get(context);
    let replayed = 0;
    if (session) {
      this.sessions.delete(context);
    } else {
      // createSession copies the config into Python values, so one parsed config serves every session.
      session = createSession(this.config(state.initialConfigJson, call.trajectoryId), state.involvedClasses);
      for (const h of history) session.execute(h.name, h.args);
      replayed = history.length;
    }
    const result = session.execute(call.name, args);
    this.sessions.set(nextContext(context, { name: call.name, args }), session);
    while (this.sessions.size > this.keep) this.sessions.delete(this.sessions.keys().next().value!);
    const dot = call.name.lastIndexOf('.');
    const method = call.name.slice(dot + 1);
    const owner = dot >= 0 && state.involvedClasses.includes(call.name.slice(0, dot)) ? call.name.slice(0, dot) : classOfMethod(method, state.involvedClasses);
    return { ...result, origin: `bfcl-backend:${owner ?? 'none'}`, context, replayed };
  }
}

export const bfclResolution: SourceResolution = {
  source: 'bfcl',
  // The backends are stateful, local and deterministic: every call runs live.
  live: () => new BfclLive(),
  groundingHints: () => ({ executed: true, suppliersOf: () => [] }),
};
