/**
 * What a case shows a model, split by where it comes from, and whether a value can be read from it.
 *
 * A ground-truth value is *shown* when the user said it, a tool returned it, or the tool docs hold it.
 * Earlier assistant calls do not count: they are the trajectory's own past actions, so a value that
 * appears only there was never given to the assistant either (it was copied from the source's plan).
 * Matching is deliberately literal — a number matches a number of the same value anywhere in the
 * text, a string matches case-insensitively after whitespace folding — so a value a model would have
 * to compute (a sum, a date from "next Friday") counts as unshown only when no literal form of it
 * appears; such derivations are rare in the ground truths and listed in the report's examples.
 */
import { FINISH_ACTION, type Action, type ChatMessage, type TestCase } from '../schemas.js';

export interface CaseEvidence {
  /** User turns (the query and any earlier turns or inserted conversation). */
  user: string;
  /** Tool responses shown as `function` messages. */
  responses: string;
  /** The tool docs listed in the system prompt. */
  docs: string;
  /** Earlier assistant actions, the erroneous one included. */
  assistant: string;
}

const NUMBER_RE = /-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?/g;

export function evidenceOf(messages: ChatMessage[], excludeLastFunction = false): CaseEvidence {
  const parts: Record<keyof CaseEvidence, string[]> = { user: [], responses: [], docs: [], assistant: [] };
  const lastFunction = excludeLastFunction ? messages.map((m) => m.role).lastIndexOf('function') : -1;
  messages.forEach((m, i) => {
    if (m.role === 'system') parts.docs.push(m.content);
    else if (m.role === 'user') parts.user.push(m.content);
    else if (m.role === 'function') {
      if (i !== lastFunction) parts.responses.push(m.content);
    } else parts.assistant.push(m.content);
  });
  return { user: parts.user.join('\n'), responses: parts.responses.join('\n'), docs: parts.docs.join('\n'), assistant: parts.assistant.join('\n') };
}

/** The scalar leaves of a call's arguments, with their path (`a.b[2]`). */
export function argLeaves(args: Action['args'], prefix = ''): { path: string; value: unknown }[] {
  if (typeof args === 'string') return [{ path: prefix || '(args)', value: args }];
  const out: { path: string; value: unknown }[] = [];
  const walk = (v: unknown, path: string): void => {
    if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${path}[${i}]`));
    else if (v !== null && typeof v === 'object' && !isNumberBox(v)) for (const [k, x] of Object.entries(v)) walk(x, path ? `${path}.${k}` : k);
    else out.push({ path, value: v });
  };
  walk(args, prefix);
  return out;
}

/** A number-like box (PyFloat and friends carry `value`); read as its number. */
function isNumberBox(v: object): boolean {
  return 'value' in v && (typeof (v as { value: unknown }).value === 'number' || typeof (v as { value: unknown }).value === 'bigint') && Object.keys(v).length <= 2;
}

function numericText(value: unknown): string | undefined {
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (value !== null && typeof value === 'object' && isNumberBox(value)) return numericText((value as { value: unknown }).value);
  return undefined;
}

/** Numbers in a text, as canonical decimal strings (`5.0` → `5`, `-0` → `0`). */
export function numbersIn(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(NUMBER_RE)) {
    out.add(canonicalNumber(m[0]));
    // "1,234" and "1_234" are how people write one number.
  }
  for (const m of text.matchAll(/\d{1,3}(?:,\d{3})+(?:\.\d+)?/g)) out.add(canonicalNumber(m[0].replace(/,/g, '')));
  return out;
}

/** One decimal spelling per value, exact for integers of any size. */
export function canonicalNumber(text: string): string {
  const t = text.trim();
  if (/^-?\d+$/.test(t)) {
    const big = BigInt(t);
    return (big === 0n ? 0n : big).toString();
  }
  const n = Number(t);
  if (!Number.isFinite(n)) return t;
  if (Number.isInteger(n) && Math.abs(n) < 2 ** 53) return String(n === 0 ? 0 : n);
  return String(n);
}

const DATE_RE = /^\d{4}-\d{2}-\d{2}(?:[ T]\d{2}:\d{2}(?::\d{2})?)?$/;

/**
 * The values of an action a model must be able to read off the case: numbers (a count of 12 or
 * less can come from words: "three", "a dozen"), and numeric tokens inside short strings — ids,
 * coordinates, codes. Dates are left out: they are routinely computed from "tomorrow".
 */
export function valuesNeedingEvidence(action: Action): { path: string; value: string }[] {
  if (action.name === FINISH_ACTION) return [];
  const out: { path: string; value: string }[] = [];
  for (const { path, value } of argLeaves(action.args)) {
    const num = numericText(value);
    if (num !== undefined) {
      const n = Number(num);
      if (!(Number.isInteger(n) && Math.abs(n) <= 12)) out.push({ path, value: canonicalNumber(num) });
      continue;
    }
    if (typeof value !== 'string' || value.length > 60 || DATE_RE.test(value.trim())) continue;
    for (const m of value.matchAll(NUMBER_RE)) {
      const digits = m[0].replace(/[^0-9]/g, '');
      // An id or coordinate has several digits; "room 2" or "v1" does not need a source.
      if (digits.length >= 4) out.push({ path, value: canonicalNumber(m[0]) });
    }
  }
  return out;
}

/** The values of `action` no part of `texts` shows. */
export function unshownValues(action: Action, texts: string[]): { path: string; value: string }[] {
  const needed = valuesNeedingEvidence(action);
  if (needed.length === 0) return [];
  const shown = new Set<string>();
  for (const t of texts) for (const n of numbersIn(t)) shown.add(n);
  return needed.filter((v) => !shown.has(v.value) && !shown.has(stripSign(v.value)));
}

function stripSign(v: string): string {
  return v.startsWith('-') ? v.slice(1) : v;
}

/** The ground-truth actions of a case that call a tool: internal a_k, external [retry, next]. */
export function groundTruthActions(tc: TestCase): Action[] {
  return Array.isArray(tc.groundTruth) ? tc.groundTruth : [tc.groundTruth as Action];
}

/** Normalised text for literal string matching: case and whitespace folded. */
export function fold(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').trim();
}
