/**
 * What an injector sees about the step it corrupts, and the facts it mines from it: spans of the
 * user's query, ids and directories that appeared earlier in the trajectory. Errors built from
 * these look like a model's slips (a value taken from the wrong part of the query, an id from an
 * earlier response) rather than random noise.
 */
import type { Action, ErrorType, ToolArgs, ToolDoc } from '../../schemas.js';
import { isPlainObject, sameValue } from '../values.js';
import { isCalendarWord, kindOfParam } from '../kinds.js';

export interface EarlierStep {
  name: string;
  args: ToolArgs | string;
  /** The response content the model saw. */
  response?: string;
}

export interface InjectionInput {
  /** The tools listed in the prompt. */
  tools: ToolDoc[];
  /** The correct action a_k (the ground truth). */
  correct: Action;
  /** The user message of the turn that holds step k. */
  query: string;
  /** The user messages of the turns before the one that holds step k. */
  earlierRequests?: string[];
  /** Tool steps before k, with their responses. */
  earlier: EarlierStep[];
  /** Every known tool name of the ground truth's toolkit, listed or not: an invented name must be none of them. */
  toolkitApis: string[];
  /** Trajectory meta (BFCL initial state), mined for directory names and the like. */
  meta: Record<string, unknown>;
  /**
   * Every tool step of the trajectory's ground truth (1-based k-1 is the correct one). An injected
   * action equal to any of them is a valid step, not an error; the tools of steps k-1 and k+1 are
   * the "neighbouring step" confusions. Absent: only the correct action is known.
   */
  validSteps?: { name: string; args: ToolArgs | string }[];
  /** The tool steps after k in the same turn that do not need step k first (steps.ts independentLaterSteps). */
  laterInTurn?: { name: string; args: ToolArgs | string }[];
  /**
   * T-Eval only: the later lookups of the turn that take nothing step k answers, whatever toolkit the
   * steps between change (PPT.get_image("programming") after add_text_page, teval_query_229_2): one
   * drawn on other values is a part of the request taken early, which a model may redo rightly next.
   */
  laterLookupsInTurn?: { name: string; args: ToolArgs | string }[];
  /** Tools an earlier attempt at this step drew and the label checker rejected: not drawn again. */
  avoid?: readonly string[];
}

/**
 * A later step of the same request that `action` does early: the same tool, no argument in both
 * with another value — the same value, or for a search term or text a shorter, longer or overlapping form of it
 * (serper_search("quantum computing") when the request also wants a web search on "the fundamentals
 * and applications of quantum computing"; get_ticker_news(ticker="AAPL") when it wants get_ticker_news()).
 * Calling it before the step due is doing the task in another order, not choosing the wrong tool.
 */
export function earlyLaterStep(action: Pick<Action, 'name' | 'args'>, laterInTurn: { name: string; args: ToolArgs | string }[] | undefined): { name: string; args: ToolArgs | string } | undefined {
  return laterInTurn?.find((s) => {
    if (s.name !== action.name) return false;
    if (!isPlainObject(s.args) || !isPlainObject(action.args)) return sameValue(s.args, action.args);
    const later = s.args;
    return Object.entries(action.args).every(([k, v]) => !(k in later) || sameValue(later[k], v) || samePlace(later[k], v) || (kindOfParam({ name: k, type: 'string' }) === 'text' && sameText(later[k], v)));
  });
}

/**
 * A later step's tool called with none of the due step's values (teval_query_116_1: Email.show while
 * get_property_reviews(28722771) is due and the request asks to "show the emails" next;
 * 434_1: get_distance of two named places while now_playing_out_filter is due): no wrong tool for
 * the due step's object but a step of the request taken early with other values, after which redoing
 * it rightly is as right a next call as the due step. A later tool on the due step's own values
 * (search_movie("artificial intelligence") for the paper search) stays a wrong tool for this step.
 */
export function laterStepToolOnOtherValues(
  action: Pick<Action, 'name' | 'args'>,
  correct: Pick<Action, 'name' | 'args'>,
  laterInTurn: { name: string; args: ToolArgs | string }[] | undefined,
): { name: string; args: ToolArgs | string } | undefined {
  const later = laterInTurn?.find((s) => s.name === action.name && s.name !== correct.name);
  if (!later) return undefined;
  const own = isPlainObject(correct.args) ? Object.values(correct.args) : [];
  const given = isPlainObject(action.args) ? Object.values(action.args) : [];
  return given.some((v) => own.some((o) => sameValue(o, v) || samePlace(o, v))) ? undefined : later;
}

const TEXT_STOP = new Set(['the', 'a', 'an', 'of', 'on', 'in', 'for', 'and', 'or', 'to', 'with', 'about', 'at', 'by', 'from', 'latest', 'recent', 'new', 'some', 'more']);

function contentWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 1 && !TEXT_STOP.has(w));
}

/**
 * "quantum computing" and "fundamentals and applications of quantum computing", "methods of data
 * analysis" and "data analysis": two texts of which one holds every word of the other, or that
 * share most of their words — the same search or lookup put shorter or longer.
 */
export function sameText(a: unknown, b: unknown): boolean {
  if (typeof a !== 'string' || typeof b !== 'string') return false;
  const [wa, wb] = [contentWords(a), contentWords(b)];
  if (wa.length === 0 || wb.length === 0) return false;
  // Ids, codes and numbers differ by a character: only words of text compare here.
  if (![...wa, ...wb].some((w) => /^\p{L}{3,}$/u.test(w))) return false;
  const [short, long] = wa.length <= wb.length ? [wa, new Set(wb)] : [wb, new Set(wa)];
  const shared = short.filter((w) => long.has(w)).length;
  if (shared === short.length) return true;
  const union = new Set([...wa, ...wb]).size;
  return shared >= 2 && shared / union >= 0.5;
}

/** "Mountain View" and "Mountain View, California": a place and the same place with its region. */
function samePlace(a: unknown, b: unknown): boolean {
  if (typeof a !== 'string' || typeof b !== 'string') return false;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  const parts = long.split(/\s*,\s*/);
  return parts.some((_, i) => i > 0 && sameValue(parts.slice(0, i).join(', '), short));
}

export interface Injection {
  action: Action;
  /** The family of real mistakes it belongs to (README "Internal errors"), e.g. "format", "confusable-name". */
  family: string;
  /** The strategy that made it, e.g. "rename-key:snake-camel", "date-format". */
  variant: string;
  /** What changed, for the audit trail. */
  detail: string;
}

export type Applicability = { ok: true } | { ok: false; reason: string };

export interface Injector {
  type: ErrorType;
  applies(input: InjectionInput): Applicability;
  inject(input: InjectionInput, rng: import('../../rng.js').Rng): Injection;
}

/** Does `action` repeat a step of the trajectory's ground truth (a valid step, so no error)? */
export function repeatsValidStep(action: Pick<Action, 'name' | 'args'>, input: Pick<InjectionInput, 'validSteps' | 'correct'>): boolean {
  const steps = input.validSteps ?? [input.correct];
  return steps.some((s) => s.name === action.name && sameValue(s.args, action.args));
}

/** Spans of the query that name one of the listed tools or toolkits ("Arxiv", "Airbnb") rather than an entity of the task. */
export function namesATool(text: string, input: Pick<InjectionInput, 'tools'>): boolean {
  const toolWords = toolNameWords(input.tools);
  const ws = text.toLowerCase().split(/\s+/);
  return ws.every((w) => toolWords.has(w));
}

// Asked for every span of a query against the same tool list: its words are collected once per list.
const toolWordsMemo = new WeakMap<ToolDoc[], ReadonlySet<string>>();

function toolNameWords(tools: ToolDoc[]): ReadonlySet<string> {
  let found = toolWordsMemo.get(tools);
  if (!found) {
    found = new Set(tools.flatMap((t) => t.name.split(/[._]/).flatMap((part) => [part.toLowerCase(), ...part.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase().split(' ')])));
    toolWordsMemo.set(tools, found);
  }
  return found;
}

/** The tools of the steps just before and just after the correct one. */
export function neighbourTools(input: InjectionInput): Set<string> {
  const out = new Set<string>();
  const prev = input.earlier[input.earlier.length - 1];
  if (prev) out.add(prev.name);
  const next = input.validSteps?.[input.earlier.length + 1];
  if (next) out.add(next.name);
  out.delete(input.correct.name);
  return out;
}

export function gtArgs(input: InjectionInput): ToolArgs {
  return isPlainObject(input.correct.args) ? input.correct.args : {};
}

export interface QuerySpan {
  text: string;
  kind: 'quoted' | 'number' | 'file' | 'date' | 'name';
}

/** Salient spans of a query: quoted strings, file names, dates, numbers, capitalised names. */
export function querySpans(query: string): QuerySpan[] {
  const spans: QuerySpan[] = [];
  const seen = new Set<string>();
  const add = (text: string, kind: QuerySpan['kind']) => {
    const t = text.trim();
    if (!t || seen.has(`${kind}:${t}`)) return;
    seen.add(`${kind}:${t}`);
    spans.push({ text: t, kind });
  };
  // A single quote opens a span only after a non-word character, so "I'll ... it's" is no span.
  for (const m of query.matchAll(/(?<![\w'])'([^']{1,80})'(?![\w'])|"([^"]{1,80})"|‘([^’]{1,80})’|“([^”]{1,80})”/g)) add(m[1] ?? m[2] ?? m[3] ?? m[4], 'quoted');
  for (const m of query.matchAll(/\b[\w-]+\.(?:txt|pdf|csv|md|json|py|docx?|xlsx?|jpg|png|log|zip)\b/gi)) add(m[0], 'file');
  for (const m of query.matchAll(/\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}\/\d{1,2}\/\d{2,4}\b/g)) add(m[0], 'date');
  for (const m of query.matchAll(/(?<![\w.])-?\d+(?:\.\d+)?(?![\w.])/g)) add(m[0], 'number');
  // Months and weekdays are words of dates ("March 15, 1985"), not names.
  // A sentence's opening word is no part of the name after it: "If Zeta Corp's …" names Zeta Corp.
  for (const m of query.matchAll(/\b[A-Z][a-z]+(?:\s+[A-Z][a-z]+)+\b/g)) {
    const name = m[0].replace(SENTENCE_OPENER, '');
    if (!name.split(/\s+/).some(isCalendarWord) && (/\s/.test(name) || (name !== m[0] && name.length > 2))) add(name, 'name');
  }
  // Single capitalised words inside a sentence (Rivermist, Nvidia); a sentence's first word is no name.
  for (const m of query.matchAll(/(?<=[a-z0-9,;:]\s+)[A-Z][a-z]{2,}\b/g)) if (!COMMON_CAPITALISED.has(m[0]) && !isCalendarWord(m[0])) add(m[0], 'name');
  return spans;
}

const SENTENCE_OPENER = /^(If|When|Whether|Since|Because|Unless|Although|While|Once|Also|Then|Now|Next|Please|Could|Would|Can|And|But|So|Afterwards|Additionally|Finally|Lastly|Moreover|Furthermore)\s+/;

const COMMON_CAPITALISED = new Set(['I', 'The', 'This', 'That', 'Then', 'And', 'But', 'Please', 'Could', 'Would', 'Can', 'Also', 'Oh', 'Afterwards', 'Moreover', 'Furthermore', 'Additionally', 'Finally']);

/** How readily a value of one shape is mistaken for another (1: same shape; 0: never). */
export function shapeAffinity(target: ValueShape, candidate: ValueShape): number {
  if (target === candidate) return 1;
  if ((target === 'code' && candidate === 'name') || (target === 'name' && candidate === 'code')) return 0.6;
  if ((target === 'text' && candidate === 'name') || (target === 'name' && candidate === 'text')) return 0.3;
  return 0;
}

const ID_KEY = /(^id$|_id$|Id$|ID$|^id_|ids$|Ids$)/;

export function isIdKey(key: string): boolean {
  return ID_KEY.test(key);
}

/**
 * Ids seen before step k that a model could mistake for the one at `key`: first those under the
 * same key (an earlier `tweet_id`), then other ids of the same shape (as many digits, give or take one).
 */
export function earlierIds(input: InjectionInput, key: string, current: unknown): string[] {
  const sameKey = new Set<string>();
  const other = new Set<string>();
  const note = (k: string, v: string) => (k === key ? sameKey : other).add(v);
  for (const step of input.earlier) {
    if (isPlainObject(step.args)) {
      for (const [k, v] of Object.entries(step.args)) if (isIdKey(k) && (typeof v === 'string' || typeof v === 'number' || typeof v === 'bigint')) note(k, String(v));
    }
    if (step.response) {
      for (const m of step.response.matchAll(/["']?([A-Za-z_]*(?:id|Id|ID))["']?\s*[:=]\s*["']?([A-Za-z0-9-]{1,40})/g)) note(m[1], m[2]);
    }
  }
  const text = String(current);
  const similar = (v: string) => v !== text && /^\d+$/.test(v) === /^\d+$/.test(text) && Math.abs(v.length - text.length) <= 1;
  return [...[...sameKey].filter((v) => v !== text), ...[...other].filter((v) => !sameKey.has(v) && similar(v))];
}

export type ValueShape = 'date' | 'time' | 'file' | 'code' | 'number' | 'name' | 'text';

/** The rough shape of a value, so a value from elsewhere replaces it only with one of its kind. */
export function shapeOf(value: string): ValueShape {
  const v = value.trim();
  if (/^\d{4}-\d{2}-\d{2}|^\d{1,2}\/\d{1,2}\/\d{2,4}$/.test(v)) return 'date';
  if (/^\d{1,2}:\d{2}/.test(v)) return 'time';
  if (/^-?\d+(\.\d+)?$/.test(v)) return 'number';
  if (/\.\w{1,5}$/.test(v) && !/\s/.test(v)) return 'file';
  if (/^[A-Z0-9_-]{2,}$/.test(v) || /^[A-Za-z]+\d[\w-]*$/.test(v)) return 'code';
  if (/^[A-Z]/.test(v)) return 'name';
  return 'text';
}

/** Directory names known to the trajectory: from a file-system initial state and from earlier directory arguments. */
export function knownDirectories(input: InjectionInput): string[] {
  const out = new Set<string>();
  const walk = (node: unknown, depth: number) => {
    if (depth > 12 || !isPlainObject(node)) return;
    for (const [name, child] of Object.entries(node)) {
      if (isPlainObject(child) && child.type === 'directory') out.add(name);
      walk(child, depth + 1);
    }
  };
  walk(input.meta, 0);
  for (const step of input.earlier) {
    if (!isPlainObject(step.args)) continue;
    for (const [k, v] of Object.entries(step.args)) if (/folder|dir|destination|path/i.test(k) && typeof v === 'string' && !/\.\w{1,5}$/.test(v)) out.add(v);
  }
  out.delete('..');
  out.delete('.');
  return [...out];
}
