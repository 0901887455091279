/**
 * Parameter key errors: the right tool with a key a model gets wrong, in five families — a synonym
 * (`file_name` → `filename`), the other case style (`propertyId` → `property_id`), the other
 * grammatical number (`tags` → `tag`), a required key left out, and the key a sibling API of the
 * toolkit uses for the same thing. Never an option nobody asked for (`"recursive": true` on a clock).
 */
import type { Rng } from '../../rng.js';
import type { ToolArgs } from '../../schemas.js';
import { findTool, paramIndex, toolkitOf } from '../values.js';
import { KEY_SYNONYMS, join, styleOf, words } from '../vocabulary.js';
import { gtArgs, repeatsValidStep, type Injection, type InjectionInput, type Injector } from './context.js';
import { shownBeforeStep, unstatedValue } from '../unstated.js';

/** A key's other grammatical number: `file_names` ↔ `file_name`, `tags` ↔ `tag`, `propertyIds` ↔ `propertyId`. */
function otherNumber(key: string): string | undefined {
  const m = /^(.*?)([A-Za-z]+)$/.exec(key);
  if (!m) return undefined;
  const [, head, last] = m;
  if (last.length < 3) return undefined;
  if (/ies$/.test(last)) return `${head}${last.slice(0, -3)}y`;
  if (/[^s]s$/.test(last)) return `${head}${last.slice(0, -1)}`;
  if (/[^aeiou]y$/.test(last)) return `${head}${last.slice(0, -1)}ies`;
  if (/(s|x|ch|sh)$/.test(last)) return `${head}${last}es`;
  return `${head}${last}s`;
}

export type KeyFamily = 'synonym' | 'case-style' | 'singular-plural' | 'missing-required' | 'sibling-key';

/** Plausible wrong spellings of `key` that the tool does not declare, each with its family. */
export function renamesFor(key: string, declared: Set<string>): { to: string; strategy: string; family: KeyFamily }[] {
  const out: { to: string; strategy: string; family: KeyFamily }[] = [];
  const parts = words(key);
  const style = styleOf(key);
  if (parts.length > 1) {
    if (style === 'snake') {
      out.push({ to: join(parts, 'camel'), strategy: 'snake-to-camel', family: 'case-style' });
      out.push({ to: parts.join(''), strategy: 'joined', family: 'case-style' });
    } else {
      out.push({ to: join(parts, 'snake'), strategy: 'camel-to-snake', family: 'case-style' });
    }
  }
  const number = otherNumber(key);
  if (number) out.push({ to: number, strategy: 'singular-plural', family: 'singular-plural' });
  for (const syn of KEY_SYNONYMS[key] ?? []) out.push({ to: syn, strategy: 'synonym', family: 'synonym' });
  const seen = new Set<string>();
  return out.filter((r) => r.to !== key && !declared.has(r.to) && !seen.has(r.to) && (seen.add(r.to), true));
}

interface KeyEdit {
  family: KeyFamily;
  weight: number;
  apply(): Injection;
}

/** How often each family is drawn where it applies (renames are the commonest slip in tool-use logs). */
const FAMILY_WEIGHT: Record<KeyFamily, number> = { 'case-style': 3, synonym: 3, 'singular-plural': 1.5, 'missing-required': 3, 'sibling-key': 2 };

function related(a: string, b: string): boolean {
  if ((KEY_SYNONYMS[a] ?? []).includes(b) || (KEY_SYNONYMS[b] ?? []).includes(a)) return true;
  const wa = words(a).filter((w) => w.length > 2 && w !== 'id');
  const wb = words(b);
  return wa.some((w) => wb.includes(w));
}

/**
 * The required keys of the correct call whose value the case never states before the step (errors/unstated.ts):
 * left out, the corrected call would fill in a free choice (message="Please assist with my confirmed booking."
 * when the user only said "mention my confirmed booking"), so none is dropped.
 */
export function freeChoiceKeys(input: InjectionInput): Map<string, string> {
  const doc = findTool(input.tools, input.correct.name);
  const out = new Map<string, string>();
  if (!doc) return out;
  const args = gtArgs(input);
  const shown = shownBeforeStep(input);
  for (const p of paramIndex(doc).required) {
    if (!(p.name in args)) continue;
    const why = unstatedValue(p.name, args[p.name], shown, doc.name);
    if (why) out.set(p.name, why);
  }
  return out;
}

/** Every key edit of the correct call that repeats no valid step of the trajectory. */
function keyEdits(input: InjectionInput): KeyEdit[] {
  const doc = findTool(input.tools, input.correct.name);
  if (!doc) return [];
  const freeChoice = freeChoiceKeys(input);
  const params = paramIndex(doc);
  const args = gtArgs(input);
  const declared = new Set([...params.byName.keys(), ...Object.keys(args)]);
  const edits: KeyEdit[] = [];
  const renamed = (from: string, to: string, family: KeyFamily, variant: string, detail: string) => {
    const out: ToolArgs = {};
    for (const [k, v] of Object.entries(args)) out[k === from ? to : k] = v;
    return { action: { name: doc.name, args: out }, family, variant: `${family}:${variant}`, detail };
  };

  for (const key of Object.keys(args)) {
    for (const r of renamesFor(key, declared)) {
      edits.push({ family: r.family, weight: 1, apply: () => renamed(key, r.to, r.family, r.strategy, `${key} → ${r.to}`) });
    }
  }
  for (const p of params.required) {
    if (!(p.name in args) || freeChoice.has(p.name)) continue;
    edits.push({
      family: 'missing-required',
      weight: 1,
      apply: () => {
        const rest: ToolArgs = { ...args };
        delete rest[p.name];
        return { action: { name: doc.name, args: rest }, family: 'missing-required', variant: 'missing-required:dropped', detail: `required ${p.name} left out` };
      },
    });
  }
  // A sibling API's name for the same thing: the key a confusable tool of the toolkit uses for
  // what this one calls `key` (get_distance's `origins` where get_route says `origin`).
  const siblings = input.tools.filter((t) => t.name !== doc.name && toolkitOf(t.name) === toolkitOf(doc.name));
  for (const key of Object.keys(args)) {
    const seen = new Set<string>();
    for (const sib of siblings) {
      for (const p of [...sib.required_parameters, ...sib.optional_parameters]) {
        if (declared.has(p.name) || seen.has(p.name) || !related(key, p.name)) continue;
        seen.add(p.name);
        edits.push({ family: 'sibling-key', weight: 1, apply: () => renamed(key, p.name, 'sibling-key', 'renamed', `${key} → ${p.name}, the key ${sib.name} uses`) });
      }
    }
  }

  return edits.filter((e) => !repeatsValidStep(e.apply().action, input));
}

export const paramKeyInjector: Injector = {
  type: 'parameters_key_error',
  applies(input) {
    if (keyEdits(input).length === 0) {
      const free = [...freeChoiceKeys(input).values()];
      const unstated = free.length ? `; no required key can be left out whose value the case states (${free.join('; ')})` : ' and none is required to leave out';
      return { ok: false, reason: `no key of ${input.correct.name} has a realistic misspelling (synonym, case style, singular/plural, a sibling API's key)${unstated}` };
    }
    return { ok: true };
  },
  inject(input: InjectionInput, rng: Rng): Injection {
    const possible = keyEdits(input);
    const families = [...new Set(possible.map((e) => e.family))].sort();
    if (families.length === 0) throw new Error(`no key edit possible for ${input.correct.name}`);
    const family = families[rng.weighted(families.map((f) => FAMILY_WEIGHT[f]))];
    return rng.pick(possible.filter((e) => e.family === family)).apply();
  },
};
