/**
 * The label checker: decides, deterministically, what kind of error an action is against the tool
 * list and the ground truth (in the spirit of SpecTool's feedback checks). The injectors' output,
 * the error simulator's output and the observed model's actions are all held to it.
 *
 * Precedence follows CRITICTOOL's taxonomy from the outside in: a name that is not listed is a
 * hallucination; another listed tool is a selection error; the right tool with a missing
 * required key or an undeclared key is a key error; the right keys with a value that differs
 * from the ground truth (type-aware) or breaks the declared type is a value error.
 */
import { FINISH_ACTION, type Action, type ErrorType, type ObservedLabel, type ToolDoc } from '../schemas.js';
import { findTool, fitsType, isPlainObject, paramIndex, sameValue, show } from './values.js';
import { parseJson } from '../pyValues.js';

export interface CheckContext {
  /** The tools listed in the prompt the action answers. */
  tools: ToolDoc[];
  /** The correct action for this step. */
  groundTruth: Action;
}

export interface Verdict {
  label: ObservedLabel;
  /** Every finding behind the label, in plain words (several for one label are normal). */
  reasons: string[];
}

export function isErrorLabel(label: ObservedLabel): label is ErrorType {
  return label !== 'correct' && label !== 'format_error';
}

export function classifyAction(action: Action, ctx: CheckContext): Verdict {
  const raw = action as unknown as Record<string, unknown> | null;
  if (!raw || typeof raw !== 'object' || typeof raw.name !== 'string' || raw.name === '') {
    return { label: 'format_error', reasons: ['the action has no tool name'] };
  }
  const args: unknown = raw.args;
  if (typeof args !== 'string' && !isPlainObject(args)) {
    return { label: 'format_error', reasons: [`"args" must be an object (or a string for FinishAction), got ${show(args)}`] };
  }
  const gt = ctx.groundTruth;

  if (gt.name === FINISH_ACTION) {
    if (action.name === FINISH_ACTION) return { label: 'correct', reasons: ['finishes where the ground truth finishes'] };
    if (!findTool(ctx.tools, action.name)) return { label: 'tool_hallucination_error', reasons: [`${action.name} is not in the tool list`] };
    return { label: 'tool_select_error', reasons: [`calls ${action.name} where the ground truth gives the final answer`] };
  }
  if (action.name === FINISH_ACTION) {
    return { label: 'tool_select_error', reasons: [`answers with FinishAction where the ground truth calls ${gt.name}`] };
  }

  const doc = findTool(ctx.tools, action.name);
  if (!doc) {
    const reasons = [`${action.name} is not in the tool list`];
    const nearMiss = ctx.tools.find((t) => t.name.toLowerCase() === action.name.toLowerCase());
    if (nearMiss) reasons.push(`it differs from the listed ${nearMiss.name} only in letter case`);
    if (action.name === gt.name) reasons.push(`the ground-truth tool ${gt.name} is not in the tool list either`);
    return { label: 'tool_hallucination_error', reasons };
  }
  if (action.name !== gt.name) {
    return { label: 'tool_select_error', reasons: [`calls ${action.name}, a listed tool, where the ground truth calls ${gt.name}`] };
  }
  return classifyArguments(action.args, gt, doc);
}

function classifyArguments(given: Action['args'], gt: Action, doc: ToolDoc): Verdict {
  const params = paramIndex(doc);
  const gtArgs = isPlainObject(gt.args) ? gt.args : {};
  const reasons: string[] = [];
  let args: Record<string, unknown>;

  if (typeof given === 'string') {
    const parsed = parseObject(given);
    if (!parsed) {
      if (given.trim() === '' && params.required.length === 0 && Object.keys(gtArgs).length === 0) {
        return { label: 'correct', reasons: ['no arguments, as the ground truth'] };
      }
      const missing = params.required.map((p) => p.name);
      return {
        label: 'parameters_key_error',
        reasons: [
          `"args" is the bare string ${show(given)} instead of an object of named parameters`,
          ...(missing.length ? [`required key${missing.length > 1 ? 's' : ''} ${missing.join(', ')} missing`] : []),
        ],
      };
    }
    reasons.push('"args" arrived as a JSON string, not an object');
    args = parsed;
  } else {
    args = given;
  }

  // Keys the ground truth itself uses count as declared even if the doc forgot them, so the
  // ground truth can never be judged wrong against its own documentation.
  const declared = new Set([...params.byName.keys(), ...Object.keys(gtArgs)]);
  const missing = params.required.filter((p) => !(p.name in args) || args[p.name] === undefined).map((p) => p.name);
  const unknown = Object.keys(args).filter((k) => !declared.has(k));
  if (missing.length || unknown.length) {
    const keyReasons = [
      ...missing.map((k) => `required key ${k} missing`),
      ...unknown.map((k) => `unknown key ${k} (not a parameter of ${doc.name})`),
    ];
    return { label: 'parameters_key_error', reasons: [...keyReasons, ...reasons] };
  }

  const valueReasons: string[] = [];
  for (const key of declared) {
    const inAction = key in args && args[key] !== undefined;
    const inGt = key in gtArgs && gtArgs[key] !== undefined;
    if (!inAction && !inGt) continue;
    const type = params.byName.get(key)?.type ?? 'any';
    if (inAction && !inGt) {
      valueReasons.push(`sets optional ${key}=${show(args[key])}, which the ground truth leaves unset`);
      continue;
    }
    if (!inAction && inGt) {
      valueReasons.push(`leaves optional ${key} unset where the ground truth passes ${show(gtArgs[key])}`);
      continue;
    }
    if (sameValue(args[key], gtArgs[key])) {
      if (!fitsType(args[key], type)) reasons.push(`${key}=${show(args[key])} is not ${withArticle(type)}, but neither is the ground truth's`);
      continue;
    }
    if (!fitsType(args[key], type)) valueReasons.push(`${key}=${show(args[key])} is not ${withArticle(type)} (ground truth ${show(gtArgs[key])})`);
    else valueReasons.push(`${key}=${show(args[key])} differs from the ground truth ${show(gtArgs[key])}`);
  }
  if (valueReasons.length) return { label: 'parameters_value_error', reasons: [...valueReasons, ...reasons] };
  if (reasons.some((r) => r.startsWith('"args" arrived as a JSON string'))) {
    // Same call, wrong shape: the evaluator would read a string, not these arguments.
    return { label: 'format_error', reasons };
  }
  return { label: 'correct', reasons: ['same tool and arguments as the ground truth', ...reasons] };
}

function withArticle(type: string): string {
  return type === 'any' ? 'any value' : `${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type}`;
}

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value = parseJson(text);
    return isPlainObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}
