/**
 * The thought an erroneous action carries in CoT variants. A model that makes a mistake believes
 * its step is right, so the thought reasons toward the wrong step — the tool it picked, the key it
 * spelled, the value it passes — and never states the correct tool, key or value (a thought that
 * says `lines=1` before passing "one" hands the model the answer). What the correct step's thought
 * says about the situation is kept sentence by sentence where it gives nothing away; the sentence
 * that announces the call is written for the wrong call, in one of several phrasings.
 */
import { Rng } from '../../rng.js';
import type { Action, ErrorType, ToolDoc } from '../../schemas.js';
import { leaksIn, changedValues, statesDroppedValue, statesUnpassedValue } from '../leaks.js';
import { apiOf, isPlainObject, show } from '../values.js';
import { toJson } from '../../pyValues.js';

function sentences(text: string): string[] {
  // A sentence ends at . ! ? before white space, so "report.txt" stays whole.
  return text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

function shown(value: unknown): string {
  if (typeof value === 'string') return `"${value.length > 60 ? `${value.slice(0, 57)}...` : value}"`;
  return show(value, 60);
}

/** A short clause for what a tool does, from the first sentence of its description. */
function purpose(doc: ToolDoc | undefined): string | undefined {
  // BFCL's descriptions open with a preamble about the toolkit ("This tool belongs to the ticketing system…"); the API's own words follow "Tool description:".
  const own = doc?.description.includes('Tool description:') ? doc.description.split('Tool description:').pop()! : doc?.description;
  const first = own?.trim().split(/(?<=[.!?])\s/)[0]?.trim().replace(/[.!?]+$/, '');
  if (!first || first.length < 8 || first.length > 140) return undefined;
  const lowered = first[0].toLowerCase() + first.slice(1);
  // "This function retrieves..." / "Retrieves..." both read as "it retrieves ...".
  const body = lowered.replace(/^(this (function|tool|api)|the function|it)\s+/, '');
  return /^[a-z]+s\b/.test(body) ? body : undefined;
}

function argsText(args: Action['args']): string {
  if (!isPlainObject(args)) return '';
  const entries = Object.entries(args).slice(0, 3);
  if (entries.length === 0) return '';
  return entries.map(([k, v]) => `${k} ${shown(v)}`).join(', ');
}

type Template = (p: { tool: string; args: string; purpose?: string }) => string | undefined;

const TOOL_TEMPLATES: Template[] = [
  ({ tool, args }) => `I'll call ${tool}${args ? ` with ${args}` : ''}.`,
  ({ tool, purpose }) => (purpose ? `${tool} ${purpose}; that is what this step needs, so I'll use it.` : undefined),
  ({ tool, args }) => `The tool for this looks like ${tool}; calling it${args ? ` with ${args}` : ''}.`,
  ({ tool }) => `${tool} should handle this, so that is the call to make.`,
  ({ tool, args }) => `Next I'll use ${tool}${args ? `, passing ${args}` : ''}.`,
];

const CALL_TEMPLATES: Template[] = [
  ({ tool, args }) => `I'll call ${tool}${args ? ` with ${args}` : ''}.`,
  ({ tool, args }) => `Calling ${tool}${args ? ` with ${args}` : ''} now.`,
  // No "needs no further input" for a call without arguments: the wrong call is one that leaves out a required key.
  ({ tool, args }) => (args ? `The arguments are ${args}, so I'll pass them to ${tool}.` : undefined),
  ({ tool, args }) => `Next step: ${tool}${args ? ` with ${args}` : ''}.`,
];

function seededRng(type: ErrorType, erroneous: Pick<Action, 'name' | 'args'>): Rng {
  return new Rng(0, 'erroneous-thought', type, erroneous.name, toJson(erroneous.args) ?? '');
}

/** The changed arguments first (the value the model believes in), then the rest. */
function orderedArgs(type: ErrorType, correct: Action, erroneous: Pick<Action, 'name' | 'args'>): Action['args'] {
  if (!isPlainObject(erroneous.args) || type !== 'parameters_value_error') return erroneous.args;
  const changed = new Set(changedValues(correct, erroneous).map((c) => c.key));
  const entries = Object.entries(erroneous.args).sort(([a], [b]) => Number(changed.has(b)) - Number(changed.has(a)));
  return Object.fromEntries(entries);
}

/**
 * The thought for an erroneous action: the correct thought's sentences that leak nothing about the
 * correct step and announce no call, then one sentence announcing the wrong call. Deterministic per
 * action (its own generator when none is given). Undefined when the correct step has no thought.
 */
export function erroneousThought(type: ErrorType, correct: Action, erroneous: Pick<Action, 'name' | 'args'>, opts: { tools?: ToolDoc[]; rng?: Rng } = {}): string | undefined {
  if (correct.thought === undefined) return undefined;
  const rng = opts.rng ?? seededRng(type, erroneous);
  const announcesCall = (s: string) => s.includes(apiOf(correct.name)) || /\b(call|use|invoke|run|execute|pass|set|with)\b/i.test(s) || /[=:{]/.test(s);
  // A sentence stating a value the wrong call then leaves out ("The user gave the file path as …") is dropped with it.
  // So is one stating a value of the correct call a wrong tool does not take (it argues for the call not made).
  const kept = sentences(correct.thought).filter(
    (s) =>
      !announcesCall(s) &&
      leaksIn(s, type, correct, erroneous).length === 0 &&
      (type !== 'parameters_key_error' || statesDroppedValue(s, correct, erroneous) === undefined) &&
      (type !== 'tool_select_error' || statesUnpassedValue(s, correct, erroneous) === undefined),
  );
  const isToolError = type === 'tool_select_error' || type === 'tool_hallucination_error';
  const templates = isToolError ? TOOL_TEMPLATES : CALL_TEMPLATES;
  const params = { tool: erroneous.name, args: argsText(orderedArgs(type, correct, erroneous)), purpose: isToolError ? purpose(opts.tools?.find((t) => t.name === erroneous.name)) : undefined };
  const usable = templates.map((t) => t(params)).filter((s): s is string => s !== undefined);
  let announce = usable[rng.int(0, usable.length - 1)];
  // A wrong call's own arguments can still hold the correct value elsewhere (a swapped pair): then say less.
  if (leaksIn(announce, type, correct, erroneous).length) announce = `I'll call ${erroneous.name}.`;
  const thought = [...kept.slice(0, 2), announce].join(' ');
  return thought;
}
