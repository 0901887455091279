/**
 * T-Eval's captured real failures (review_str_v1.json, label B: "a malfunction or connectivity
 * issue within the tool itself"): proxy errors, read timeouts, rate limits, daily quotas, servers
 * down. Reused as environment errors for the same API — the exact message — or for another API
 * of the same toolkit (same host), with the API-specific parts of the message adapted.
 * Label-B records that are bugs in T-Eval's own wrappers are not environment errors and are left out,
 * and so are real failures a retry cannot fix (a daily quota used up): the ground truth retries.
 */
import type { Rng } from '../../pipeline/rng.js';
import type { Action, EnvironmentErrorKind, ToolArgs } from '../../pipeline/schemas.js';
import { apiOf, classifyEnvironmentMessage, isPlainObject, notAnEnvironmentError, sameValue, toolkitOf } from '../../pipeline/errors/index.js';
import { retryFutile } from '../../pipeline/errors/environment.js';
import { escapeRegExp, join, words } from '../../pipeline/errors/vocabulary.js';
import type { TevalRecord } from '../diversify-internal/inputs.js';

export interface CapturedFailure {
  recordId: string;
  /** The collect artifact it was read from (lineage). */
  key: string;
  tool: string;
  args: ToolArgs | string;
  message: string;
  kind: EnvironmentErrorKind;
  /** The words that decided the kind. */
  pattern: string;
}

export interface CapturedIndex {
  usable: CapturedFailure[];
  /** The kind of every real environment failure captured, reusable or not: what the drawn kinds are weighted by. */
  seenKinds: EnvironmentErrorKind[];
  unusable: { recordId: string; tool: string; why: string }[];
}

export function indexCaptured(records: TevalRecord[]): CapturedIndex {
  const out: CapturedIndex = { usable: [], seenKinds: [], unusable: [] };
  for (const { key, itemId, record } of records) {
    const cls = classifyEnvironmentMessage(record.response);
    if (!cls) {
      out.unusable.push({ recordId: itemId, tool: record.tool, why: notAnEnvironmentError(record.response) ?? 'unclassified' });
      continue;
    }
    out.seenKinds.push(cls.kind);
    // A real failure that cannot pass ("USER_DAILY_QUERY_OVER_LIMIT") stays as recorded but is not
    // reused: the ground truth after it would be the protocol's retry, which a careful model would not make.
    const futile = retryFutile(record.response);
    if (futile) {
      out.unusable.push({ recordId: itemId, tool: record.tool, why: `a failure a retry cannot fix (${futile}), where the protocol retries` });
      continue;
    }
    out.usable.push({ recordId: itemId, key, tool: record.tool, args: record.args, message: record.response, kind: cls.kind, pattern: cls.pattern });
  }
  return out;
}

export type Adaptation = 'exact' | 'args-adapted' | 'path-adapted' | 'toolkit-generic';

export interface CapturedMatch {
  failure: CapturedFailure;
  message: string;
  adaptation: Adaptation;
}

function camel(api: string): string {
  return join(words(api), 'camel');
}

/** How a client puts a value into a query string (requests' quote_plus). */
function queryValue(value: unknown): string {
  return encodeURIComponent(String(value)).replace(/%20/g, '+');
}

/**
 * Replace the captured call's arguments in a message by the new call's: `key=value` pairs of a
 * URL query by key (whatever the recorded value looked like), and literal mentions of the old
 * values. `leftovers`: the message still names an argument the new call does not have.
 */
function adaptArgs(message: string, from: ToolArgs | string, to: ToolArgs | string): { text: string; changed: boolean; leftovers: boolean } {
  let text = message;
  let changed = false;
  let leftovers = false;
  const source = isPlainObject(from) ? from : {};
  const target = isPlainObject(to) ? to : {};
  for (const key of Object.keys(source)) {
    const pair = new RegExp(`([?&]${escapeRegExp(key)}=)([^&\\s'"()]*)`, 'g');
    if (!pair.test(text)) continue;
    if (!(key in target) || target[key] === undefined || typeof target[key] === 'object') {
      leftovers = true;
      continue;
    }
    const replaced = text.replace(pair, (_m, prefix: string) => `${prefix}${queryValue(target[key])}`);
    if (replaced !== text) changed = true;
    text = replaced;
  }
  for (const [k, v] of Object.entries(source)) {
    if (v === undefined || v === null || typeof v === 'object') continue;
    const old = String(v);
    if (old.length < 2 || !text.includes(old)) continue;
    if (k in target && target[k] !== undefined && typeof target[k] !== 'object') {
      if (!sameValue(target[k], v)) {
        text = text.split(old).join(String(target[k]));
        changed = true;
      }
    } else {
      leftovers = true;
    }
  }
  return { text, changed, leftovers };
}

/**
 * A captured failure of `kind` for this call: the same API first (exact, or with the argument
 * values in the message replaced by this call's), else another API of the same toolkit whose
 * message either names nothing API-specific or names an API path that can be rewritten.
 */
export function matchCaptured(failures: CapturedFailure[], call: Action, kind: EnvironmentErrorKind, rng: Rng): CapturedMatch | undefined {
  const ofKind = failures.filter((f) => f.kind === kind);
  const sameApi = ofKind.filter((f) => f.tool === call.name);
  if (sameApi.length > 0) {
    const failure = rng.pick(sameApi);
    const { text, changed, leftovers } = adaptArgs(failure.message, failure.args, call.args);
    if (!leftovers) return { failure, message: text, adaptation: changed ? 'args-adapted' : 'exact' };
  }
  const toolkit = toolkitOf(call.name);
  const adaptable: CapturedMatch[] = [];
  for (const failure of ofKind.filter((f) => f.tool !== call.name && toolkitOf(f.tool) === toolkit)) {
    const fromPath = camel(apiOf(failure.tool));
    let message = failure.message;
    let adaptation: Adaptation = 'toolkit-generic';
    if (message.includes(fromPath)) {
      message = message.split(fromPath).join(camel(apiOf(call.name)));
      adaptation = 'path-adapted';
    } else if (/url: \//.test(message)) {
      continue; // names a path of another API that cannot be rewritten
    }
    const { text, leftovers } = adaptArgs(message, failure.args, call.args);
    if (leftovers) continue; // would name another call's arguments
    adaptable.push({ failure, message: text, adaptation });
  }
  return adaptable.length ? rng.pick(adaptable) : undefined;
}
