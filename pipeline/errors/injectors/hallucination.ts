/**
 * Tool hallucination errors: a name a model would plausibly invent for the tool it needs — the
 * same toolkit prefix with a spelled-out or synonym variant of the API (`GorillaFileSystem.mv` →
 * `GorillaFileSystem.move_file`, `AirbnbSearch.get_property_details` →
 * `AirbnbSearch.get_property_info`) — and never the name of a tool that exists.
 */
import type { Rng } from '../../rng.js';
import { apiOf, toolkitOf } from '../values.js';
import { NOUN_SYNONYMS, OTHER_VERBS, SPELLED_OUT, VERB_SYNONYMS, join, styleOf, words } from '../vocabulary.js';
import type { Injection, InjectionInput, Injector } from './context.js';

const KNOWN_VERBS = new Set([...Object.keys(VERB_SYNONYMS), ...OTHER_VERBS]);
const PREPOSITIONS = new Set(['to', 'from', 'by', 'for', 'on', 'in', 'of', 'with', 'into']);

/** How natural each strategy's names are: spelled-out shell names most, pluralised nouns least. */
const STRATEGY_WEIGHT: Record<string, number> = { 'spelled-out': 3, 'verb-synonym': 2, 'noun-synonym': 2, 'verb-added': 1.5, 'number-variant': 0.5 };

function plural(word: string): string | undefined {
  if (word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  if (word.length > 2) return `${word}s`;
  return undefined;
}

/** Invented API names for `api`, most natural first, with the strategy that made each. */
export function inventedApiNames(api: string, description = ''): { name: string; strategy: string }[] {
  const style = styleOf(api) === 'lower' ? 'snake' : styleOf(api);
  const parts = words(api);
  const out: { name: string; strategy: string }[] = [];
  const add = (p: string[], strategy: string) => out.push({ name: join(p.flatMap((x) => x.split('_')), style), strategy });

  const spelledOut = SPELLED_OUT[api] ?? [];
  for (const spelled of spelledOut) add([spelled], 'spelled-out');
  if (parts.length > 0 && KNOWN_VERBS.has(parts[0])) {
    // "add_to_watchlist" becomes "append_to_watchlist", not "create_to_watchlist".
    const synonyms = PREPOSITIONS.has(parts[1] ?? '') && parts[0] === 'add' ? ['append', 'insert'] : (VERB_SYNONYMS[parts[0]] ?? []);
    for (const verb of synonyms) add([verb, ...parts.slice(1)], 'verb-synonym');
  } else if (parts.length > 0 && spelledOut.length === 0) {
    // A bare noun API (MathAPI.logarithm, TwitterAPI.comment...) gets the verb models put in front of it.
    add(['get', ...parts], 'verb-added');
    if (/calculat|comput/i.test(description)) add(['calculate', ...parts], 'verb-added');
  }
  parts.forEach((w, i) => {
    if (i === 0 && KNOWN_VERBS.has(w)) return;
    for (const syn of NOUN_SYNONYMS[w] ?? []) add([...parts.slice(0, i), syn, ...parts.slice(i + 1)], 'noun-synonym');
  });
  if (parts.length > 1) {
    const last = plural(parts[parts.length - 1]);
    if (last) add([...parts.slice(0, -1), last], 'number-variant');
  }
  return out;
}

export const hallucinationInjector: Injector = {
  type: 'tool_hallucination_error',
  applies: () => ({ ok: true }),
  inject(input: InjectionInput, rng: Rng): Injection {
    const toolkit = toolkitOf(input.correct.name);
    const api = apiOf(input.correct.name);
    const taken = new Set([...input.tools.map((t) => t.name), ...input.toolkitApis, input.correct.name].map((n) => n.toLowerCase()));
    const description = input.tools.find((t) => t.name === input.correct.name)?.description ?? '';
    const fresh = inventedApiNames(api, description)
      .map((c) => ({ ...c, full: toolkit ? `${toolkit}.${c.name}` : c.name }))
      .filter((c, i, all) => !taken.has(c.full.toLowerCase()) && all.findIndex((x) => x.full === c.full) === i);
    let chosen: { full: string; strategy: string };
    if (fresh.length > 0) {
      chosen = fresh[rng.weighted(fresh.map((c) => STRATEGY_WEIGHT[c.strategy] ?? 1))];
    } else {
      // Every variant exists already (tiny vocabularies): a versioned name is what models fall back to.
      let n = 2;
      while (taken.has(`${toolkit}.${api}_v${n}`.toLowerCase())) n++;
      chosen = { full: `${toolkit}.${api}_v${n}`, strategy: 'versioned' };
    }
    return {
      action: { name: chosen.full, args: input.correct.args },
      family: chosen.strategy,
      variant: `${chosen.strategy}:invented-name`,
      detail: `${input.correct.name} → ${chosen.full} (not a tool)`,
    };
  },
};
