/**
 * A value a case never states: the ground truth of a key error that leaves a required key out must
 * be a value the case gives a model before the wrong call (the user's words, an earlier answer, an
 * earlier call), else the corrected call fills in a free choice ("Please assist with my confirmed
 * booking." as contact_customer_support's message when the user only said "mention my confirmed
 * booking"; mauthors="John Doe" for "an author using his or her unique ID"). A careful model asks the
 * user for it and is marked wrong; one that guesses matches by luck.
 *
 * Shown allows the forms the grounding rules already accept (quality/grounding.ts groundedIn): a
 * number in any of its forms or units ("20 liters" for 20.0, "1 km" for 1000), a ticker by its
 * company's name, an airport by its city, a file name as written, a place by its head; a text is
 * shown when the case writes it (any case and spacing) or writes every content word of it. Dates are
 * left to the date rules (gt_date_unanchored), flags and enum-free switches to the request.
 */
import { FINISH_ACTION, type Action, type ToolDoc } from '../schemas.js';
import { airportNeeds, groundedIn, neededValues, pathNeeds, shownTextOf, tickerNeeds, valueShownIn, type NeededValue } from '../quality/grounding.js';
import { isPlainObject } from './values.js';

/** What a case shows before its step: the tool docs, and the exchange (user turns, earlier answers and calls). */
export interface ShownBefore {
  /** The tool docs (or the system prompt that lists them). */
  docs: string;
  /** User turns, earlier tool answers and earlier calls (as text), in order. */
  exchange: string[];
}

/** Words a composed text is made of that say nothing of its content. */
const FILLER = new Set(
  'the a an of on in at to for from with by and or but as is are be was were it its this that these those my me i you your we our us he she his her they them their please kindly can could would will shall should may might do does did have has had not no yes all any some each every about into over under than then there here what which who whom whose when where why how just also only very more most much many such so up out new latest recent current'.split(' '),
);

/** The content words of a text, lower case: tokens of letters or digits, two or more long, no filler. */
function contentWords(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.length >= 2 && !FILLER.has(w));
}

/** A word's stem for matching "bookings" with "booking", "confirmed" with "confirm". */
function stem(word: string): string {
  return word.length > 4 ? word.replace(/(?:ies|ing|ed|es|s|ly)$/, '') : word;
}

/** Does `text` (lower case words) hold `word` or a word of its stem? */
function wordShown(word: string, stems: Set<string>, words: Set<string>): boolean {
  if (words.has(word)) return true;
  // A run of CJK characters is one token: shown when the text holds it anywhere.
  if (/\p{Script=Han}/u.test(word)) return [...words].some((w) => w.includes(word));
  return stems.has(stem(word));
}

const ISO_DATE = /^\s*\d{4}-\d{1,2}-\d{1,2}(?:$|[T\s])/;

/**
 * Why `value` (what the ground truth passes as `key` of `tool`) is a free choice the case never
 * states before the step, or undefined when the case gives it (see the file comment).
 */
export function unstatedValue(key: string, value: unknown, shown: ShownBefore, tool?: string): string | undefined {
  if (value === null || value === undefined || typeof value === 'boolean') return undefined;
  if (Array.isArray(value)) {
    for (const item of value) {
      const why = unstatedValue(key, item, shown, tool);
      if (why) return why;
    }
    return undefined;
  }
  if (isPlainObject(value)) {
    for (const [k, v] of Object.entries(value)) {
      const why = unstatedValue(k, v, shown, tool);
      if (why) return why;
    }
    return undefined;
  }
  if (typeof value === 'string' && (value.trim().length < 2 || ISO_DATE.test(value))) return undefined;
  const exchange = shownTextOf(shown.exchange);
  const all = shownTextOf([shown.docs, ...shown.exchange]);
  const action: Action = { name: tool ?? 'tool', args: { [key]: value } };
  const special: NeededValue[] = [...airportNeeds(action), ...tickerNeeds(action), ...pathNeeds(action)];
  const needs = special.length ? special : neededValues(action);
  const missing = needs.find((n) => !groundedIn(n, all, exchange, true));
  if (missing) return `${key}=${JSON.stringify(typeof missing.value === 'bigint' ? missing.value.toString() : missing.value)} is shown by no user turn, earlier answer or call`;
  // A value taken whole (an id, a name, a number, a ticker, a file) is shown; a text's embedded numbers are only part of it.
  if (typeof value !== 'string' || needs.some((n) => n.value === value || n.head !== undefined || n.airport || n.ticker || n.path)) return undefined;
  if (valueShownIn(value, exchange.raw)) return undefined;
  const words = contentWords(value);
  if (words.length === 0) return undefined;
  const said = new Set(contentWords(exchange.raw));
  const stems = new Set([...said].map(stem));
  const unsaid = words.filter((w) => !wordShown(w, stems, said));
  return unsaid.length ? `${key}=${JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value)} is a text the case never states ("${unsaid.slice(0, 3).join('", "')}" said nowhere before)` : undefined;
}

/** The required keys of `tool`'s doc that `correct` passes and the case does not state before the step. */
export function unstatedRequired(correct: Action, tools: readonly ToolDoc[], shown: ShownBefore): Map<string, string> {
  const out = new Map<string, string>();
  if (correct.name === FINISH_ACTION || !isPlainObject(correct.args)) return out;
  const doc = tools.find((t) => t.name === correct.name);
  for (const p of doc?.required_parameters ?? []) {
    if (!(p.name in correct.args)) continue;
    const why = unstatedValue(p.name, correct.args[p.name], shown, correct.name);
    if (why) out.set(p.name, why);
  }
  return out;
}

/** What a case's messages show before its last call (an internal case's wrong call): the system prompt, then the rest. */
export function shownBeforeLastCall(messages: readonly { role: string; content: string }[]): ShownBefore {
  const last = messages.map((m) => m.role).lastIndexOf('assistant');
  const before = messages.slice(0, last < 0 ? messages.length : last);
  return { docs: before.filter((m) => m.role === 'system').map((m) => m.content).join('\n'), exchange: before.filter((m) => m.role !== 'system').map((m) => m.content) };
}

/** What an injector's input shows before its step: the tool docs, earlier requests and the step's, earlier calls and answers. */
export function shownBeforeStep(input: { tools: readonly ToolDoc[]; query: string; earlierRequests?: readonly string[]; earlier: readonly { name: string; args: unknown; response?: string }[] }): ShownBefore {
  const calls = input.earlier.flatMap((s) => [JSON.stringify({ name: s.name, args: s.args }, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)), ...(s.response !== undefined ? [s.response] : [])]);
  return { docs: JSON.stringify(input.tools), exchange: [...(input.earlierRequests ?? []), input.query, ...calls] };
}
