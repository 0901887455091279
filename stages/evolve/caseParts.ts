/**
 * Reading the parts of a TestCase that evolution touches or must keep: the query (the user message
 * of the turn that holds step k: the last user message), the actions the case shows or asks for,
 * and the argument values a query states — shared by evolve (what to protect) and verify (what to
 * re-check), so both read a case the same way.
 */
import { FINISH_ACTION, type Action, type ChatMessage, type TestCase, type ToolDoc } from '../../pipeline/schemas.js';
import { parseJson } from '../../pipeline/pyValues.js';
import { neededValues, shownAction } from '../../pipeline/quality/grounding.js';

/** Index of the query: the last user message (the turn that holds step k). */
export function queryIndex(messages: ChatMessage[]): number {
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i].role === 'user') return i;
  throw new Error('case has no user message');
}

/**
 * Where a Long Context insertion goes: before the task's first user turn. A multi-turn task's later
 * turns refer back to its earlier ones ("Following on from what I said", "Also, create a file"), so
 * the inserted conversation must not come between them.
 */
export function firstUserIndex(messages: ChatMessage[]): number {
  const i = messages.findIndex((m) => m.role === 'user');
  if (i < 0) throw new Error('case has no user message');
  return i;
}

export function groundTruthActions(tc: Pick<TestCase, 'groundTruth'>): Action[] {
  return Array.isArray(tc.groundTruth) ? [...tc.groundTruth] : [tc.groundTruth as Action];
}

/** The actions of the assistant messages in the history (JSON actions; unparsable ones skipped). */
export function historyActions(messages: ChatMessage[]): Action[] {
  const out: Action[] = [];
  for (const m of messages) {
    if (m.role !== 'assistant') continue;
    try {
      const v = parseJson(m.content) as { name?: unknown; args?: unknown };
      if (typeof v.name === 'string') out.push({ name: v.name, args: (v.args ?? {}) as Action['args'] });
    } catch {
      // Not a JSON action (free text): nothing to read.
    }
  }
  return out;
}

/** Every tool name the case uses: ground truth, the erroneous action, every action in the history. */
export function usedToolNames(tc: Pick<TestCase, 'groundTruth' | 'erroneousAction' | 'messages'>): string[] {
  const names = new Set<string>();
  for (const a of [...groundTruthActions(tc), ...(tc.erroneousAction ? [tc.erroneousAction] : []), ...historyActions(tc.messages)]) {
    if (a.name !== FINISH_ACTION) names.add(a.name);
  }
  return [...names].sort();
}

/** Docs (name + description) of the used tools; a name the tool list lacks (a hallucinated tool) has an empty description. */
export function usedToolDocs(tc: Pick<TestCase, 'groundTruth' | 'erroneousAction' | 'messages' | 'tools'>): Pick<ToolDoc, 'name' | 'description'>[] {
  const byName = new Map(tc.tools.map((t) => [t.name, t]));
  return usedToolNames(tc).map((name) => ({ name, description: byName.get(name)?.description ?? '' }));
}

/** String and number leaves of an argument object (arrays and objects walked), as text. */
export function argValues(args: Action['args']): string[] {
  const out: string[] = [];
  const walk = (v: unknown) => {
    if (typeof v === 'string') {
      if (v.trim()) out.push(v);
    } else if ((typeof v === 'number' && Number.isFinite(v)) || typeof v === 'bigint') {
      out.push(String(v));
    } else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  if (typeof args !== 'string') walk(args);
  return out;
}

/** The ground-truth argument values the query states verbatim (FinishAction answers are not arguments). */
export function statedGroundTruthValues(tc: Pick<TestCase, 'groundTruth'>, query: string): string[] {
  const values = groundTruthActions(tc)
    .filter((a) => a.name !== FINISH_ACTION)
    .flatMap((a) => argValues(a.args));
  return uniqueStated(values, query);
}

/** What a rewrite of the query must keep verbatim: stated values of the ground truth and of every earlier action. */
export function protectedValues(tc: Pick<TestCase, 'groundTruth' | 'messages'> & { erroneousAction?: TestCase['erroneousAction'] }, query: string): string[] {
  const actions = [...groundTruthActions(tc), ...historyActions(tc.messages)].filter((a) => a.name !== FINISH_ACTION);
  // A place argument is shown by its head ("Times Square" for "Times Square, New York City"): keep that too.
  const heads = actions.flatMap((a) => neededValues(a).flatMap((n) => (n.head ? [n.head] : [])));
  return uniqueStated([...actions.flatMap((a) => argValues(a.args)), ...heads, ...thoughtQuotes(tc)], query);
}

/**
 * The pieces of text a CoT case's thoughts quote ("The request says "Go to documents", so the folder
 * is "documents"."): where the query holds one, a rewrite keeps it verbatim, or the thought would cite
 * words the user no longer wrote.
 */
export function thoughtQuotes(tc: Pick<TestCase, 'groundTruth' | 'messages'> & { erroneousAction?: TestCase['erroneousAction'] }): string[] {
  const thoughts = [...groundTruthActions(tc).map((a) => a.thought), tc.erroneousAction?.thought, ...tc.messages.filter((m) => m.role === 'assistant').map((m) => shownAction(m.content)?.thought)];
  // A clause the user says of themselves is quoted with the frame's comma inside ("\"I need to travel from A to B,\" the user says"): the user's words end before it.
  return thoughts.flatMap((t) => (t ? [...t.matchAll(/"([^"]{2,})"/g)].flatMap((m) => (/,$/.test(m[1]) ? [m[1], m[1].slice(0, -1)] : [m[1]])) : []));
}

function uniqueStated(values: string[], query: string): string[] {
  // Longest first, so a value that contains another is matched whole.
  return [...new Set(values)].filter((v) => query.includes(v)).sort((a, b) => b.length - a.length || (a < b ? -1 : a > b ? 1 : 0));
}

/** Character ranges of every occurrence of every value in `text`, merged. */
export function protectedSpans(text: string, values: string[]): [number, number][] {
  const spans: [number, number][] = [];
  for (const v of values) {
    for (let i = text.indexOf(v); i >= 0; i = text.indexOf(v, i + 1)) spans.push([i, i + v.length]);
  }
  spans.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const merged: [number, number][] = [];
  for (const s of spans) {
    const last = merged[merged.length - 1];
    if (last && s[0] <= last[1]) last[1] = Math.max(last[1], s[1]);
    else merged.push([s[0], s[1]]);
  }
  return merged;
}

export function missingValues(text: string, values: string[]): string[] {
  return values.filter((v) => !text.includes(v));
}

/**
 * Whether a value is distinctive enough that a context mentioning it could change the task: 5+
 * characters and not a plain lower-case word ("draft" is conversation, "Seattle" or
 * "quantum computing" are not).
 */
export function isDistinctive(value: string): boolean {
  return value.length >= 5 && /[^a-z]/.test(value);
}

/** The distinctive argument values of the ground truth and of every earlier action. */
export function taskValues(tc: Pick<TestCase, 'groundTruth' | 'messages'>): string[] {
  const values = [...groundTruthActions(tc), ...historyActions(tc.messages)].filter((a) => a.name !== FINISH_ACTION).flatMap((a) => argValues(a.args));
  return [...new Set(values)].filter(isDistinctive).sort();
}
