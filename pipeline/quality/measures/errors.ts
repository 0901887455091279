/**
 * Are the internal errors ones a real model would make, and does the case keep the answer to
 * itself? (issue 14: hints in error responses and thoughts, confusable tools, plausible values,
 * real vs injected.)
 */
import { type Action, type TestCase, type ToolDoc } from '../../schemas.js';
import { apiOf, isPlainObject, sameValue } from '../../errors/values.js';
import { escapeRegExp, words } from '../../errors/vocabulary.js';
import { Rng } from '../../rng.js';
import { groundTruthActions, userText } from '../evidence.js';
import type { CaseMeasure, SetMeasure } from '../types.js';

function wrongAction(tc: TestCase): Action | undefined {
  if (tc.erroneousAction) return tc.erroneousAction;
  try {
    const a = JSON.parse(tc.messages[tc.messages.length - 2]?.content ?? '') as Action;
    return typeof a?.name === 'string' ? a : undefined;
  } catch {
    return undefined;
  }
}

function mentions(text: string, token: string): boolean {
  if (!token) return false;
  return new RegExp(`(^|[^A-Za-z0-9_])${escapeRegExp(token)}($|[^A-Za-z0-9_])`).test(text);
}

/** Keys the correct call has and the wrong one lacks: what a key error got wrong. */
function missedKeys(correct: Action, wrong: Action): string[] {
  if (!isPlainObject(correct.args) || !isPlainObject(wrong.args)) return [];
  return Object.keys(correct.args).filter((k) => !(k in (wrong.args as Record<string, unknown>)));
}

/** Argument paths whose values differ between the correct and the wrong call (top level). */
function changedValues(correct: Action, wrong: Action): { key: string; correct: unknown; wrong: unknown }[] {
  if (!isPlainObject(correct.args) || !isPlainObject(wrong.args)) return [];
  const w = wrong.args as Record<string, unknown>;
  return Object.entries(correct.args)
    .filter(([k, v]) => k in w && !sameValue(v, w[k]))
    .map(([k, v]) => ({ key: k, correct: v, wrong: w[k] }));
}

export const toolErrorHint: CaseMeasure = {
  kind: 'case',
  id: 'tool_error_hint',
  group: 'errors',
  title: 'response to a wrong / invented tool names the correct tool',
  population: 'tool_select and tool_hallucination cases',
  check(tc) {
    if (tc.errorType !== 'tool_select_error' && tc.errorType !== 'tool_hallucination_error') return undefined;
    const correct = groundTruthActions(tc)[0];
    const response = tc.messages[tc.messages.length - 1].content;
    return mentions(response, apiOf(correct.name)) ? `"${response.slice(0, 100)}" names ${apiOf(correct.name)}` : null;
  },
};

export const keyErrorHint: CaseMeasure = {
  kind: 'case',
  id: 'key_error_hint',
  group: 'errors',
  title: 'response to a wrong / missing key names the correct key (BFCL\'s own TypeErrors do: fair there)',
  population: 'parameters_key cases',
  check(tc) {
    if (tc.errorType !== 'parameters_key_error') return undefined;
    const wrong = wrongAction(tc);
    const correct = groundTruthActions(tc)[0];
    if (!wrong) return null;
    const response = tc.messages[tc.messages.length - 1].content;
    const named = missedKeys(correct, wrong).filter((k) => mentions(response, k));
    return named.length ? `"${response.slice(0, 100)}" names ${named.join(', ')}` : null;
  },
};

export const valueErrorHint: CaseMeasure = {
  kind: 'case',
  id: 'value_error_hint',
  group: 'errors',
  title: 'response to a wrong value states the correct value',
  population: 'parameters_value cases',
  check(tc) {
    if (tc.errorType !== 'parameters_value_error') return undefined;
    const wrong = wrongAction(tc);
    const correct = groundTruthActions(tc)[0];
    if (!wrong) return null;
    const response = tc.messages[tc.messages.length - 1].content;
    // The user may have stated the value too; only a response that adds it is a hint.
    for (const c of changedValues(correct, wrong)) {
      const text = typeof c.correct === 'string' ? c.correct : JSON.stringify(c.correct);
      if (text.length < 3 || (typeof c.wrong === 'string' && c.wrong.includes(text))) continue;
      if (typeof c.correct === 'string' ? response.includes(text) : mentions(response, text)) return `"${response.slice(0, 100)}" states ${c.key}=${text.slice(0, 40)}`;
    }
    return null;
  },
};

export const thoughtLeak: CaseMeasure = {
  kind: 'case',
  id: 'thought_leak',
  group: 'errors',
  title: 'CoT: the thought before the wrong call states the correct tool, key or value',
  population: 'CoT internal error cases',
  check(tc) {
    if (!tc.cot || tc.kind !== 'internal' || tc.errorType === '') return undefined;
    const wrong = wrongAction(tc);
    const correct = groundTruthActions(tc)[0];
    const thought = wrong?.thought ?? '';
    if (!wrong || !thought) return null;
    if ((tc.errorType === 'tool_select_error' || tc.errorType === 'tool_hallucination_error') && apiOf(correct.name) !== apiOf(wrong.name) && mentions(thought, apiOf(correct.name))) {
      return `the thought names ${apiOf(correct.name)} but the call is ${apiOf(wrong.name)}`;
    }
    if (tc.errorType === 'parameters_key_error') {
      const named = missedKeys(correct, wrong).filter((k) => mentions(thought, k));
      if (named.length) return `the thought names key ${named[0]}, which the call lacks`;
    }
    if (tc.errorType === 'parameters_value_error') {
      for (const c of changedValues(correct, wrong)) {
        const text = typeof c.correct === 'string' ? c.correct : JSON.stringify(c.correct);
        if (text.length >= 1 && (typeof c.correct === 'string' ? thought.includes(text) : mentions(thought, text)) && !(typeof c.wrong === 'string' && c.wrong.includes(text))) {
          return `the thought says ${c.key}=${text.slice(0, 40)} but the call passes ${JSON.stringify(c.wrong)?.slice(0, 40)}`;
        }
      }
    }
    return null;
  },
};

/** Words a value (or the user's text) is made of, for fragment checks. */
function phraseAround(text: string, fragment: string): string | undefined {
  const re = new RegExp(`(?:[A-Z][\\w'-]*\\s+)+${escapeRegExp(fragment)}\\b|\\b${escapeRegExp(fragment)}(?:\\s+[A-Z][\\w'-]*)+`, 'g');
  const m = re.exec(text);
  return m ? m[0] : undefined;
}

/** The rough kind of a value: an id, a short code (LAX, AAPL), a word or name, or prose. */
function shapeOf(v: unknown): string {
  if (typeof v !== 'string') return typeof v;
  const t = v.trim();
  if ((t.match(/\d/g) ?? []).length >= 3) return 'id';
  if (/^[A-Z0-9]{2,5}$/.test(t)) return 'code';
  return t.split(/\s+/).length >= 3 ? 'prose' : 'word';
}

export const implausibleValue: CaseMeasure = {
  kind: 'case',
  id: 'value_implausible',
  group: 'errors',
  title: 'wrong value a model would not write: a fragment of a name, another parameter\'s value, prose for a token',
  population: 'parameters_value cases',
  check(tc, ctx) {
    if (tc.errorType !== 'parameters_value_error') return undefined;
    const wrong = wrongAction(tc);
    const correct = groundTruthActions(tc)[0];
    if (!wrong) return null;
    const user = userText(tc);
    const t = ctx.trajectory(tc.trajectoryId);
    for (const c of changedValues(correct, wrong)) {
      if (typeof c.wrong !== 'string') continue;
      const w = c.wrong.trim();
      if (/^\S+$/.test(w) && typeof c.correct === 'string' && c.correct !== w && new RegExp(`\\b${escapeRegExp(w)}\\b`).test(c.correct) && /\s/.test(c.correct)) {
        return `${c.key}=${JSON.stringify(w)} is a fragment of the correct ${JSON.stringify(c.correct)}`;
      }
      const phrase = /^[A-Z][\w'-]*$/.test(w) ? phraseAround(user, w) : undefined;
      if (phrase && phrase !== w && !user.includes(`"${w}"`) && !user.includes(`'${w}'`)) return `${c.key}=${JSON.stringify(w)} is cut from "${phrase}" in the query`;
      if (typeof c.correct === 'string' && !/\s/.test(c.correct.trim()) && w.split(/\s+/).length >= 3) return `${c.key}=${JSON.stringify(w.slice(0, 50))} is prose where a single token belongs`;
      if (t) {
        for (const turn of t.turns)
          for (const s of turn.steps) {
            if (!isPlainObject(s.action.args)) continue;
            for (const [k, v] of Object.entries(s.action.args)) {
              if (k !== c.key && typeof v === 'string' && v === w && words(k).every((x) => !words(c.key).includes(x)) && shapeOf(w) !== shapeOf(c.correct)) {
                return `${c.key}=${JSON.stringify(w)} is the value of another parameter (${apiOf(s.action.name)}.${k})`;
              }
            }
          }
      }
    }
    return null;
  },
};

/** Name-word and description-word overlap of two tools (Jaccard, averaged). */
export function toolSimilarity(a: ToolDoc, b: ToolDoc): number {
  const jac = (x: Set<string>, y: Set<string>) => {
    if (x.size === 0 && y.size === 0) return 0;
    let inter = 0;
    for (const w of x) if (y.has(w)) inter++;
    return inter / (x.size + y.size - inter);
  };
  const content = (s: string) => new Set(s.toLowerCase().match(/[a-z]{3,}/g)?.filter((w) => !STOP.has(w)) ?? []);
  return (jac(new Set(words(apiOf(a.name))), new Set(words(apiOf(b.name)))) + jac(content(a.description), content(b.description))) / 2;
}
const STOP = new Set(['the', 'and', 'for', 'with', 'this', 'that', 'from', 'function', 'given', 'will', 'are', 'its', 'into', 'can', 'used', 'use', 'which', 'returns', 'return']);

export const confusableTools: SetMeasure = {
  kind: 'set',
  id: 'tool_select_similarity',
  group: 'errors',
  title: 'tool_select: similarity of the injected tool to the correct one (a random tool of the same prompt in the detail)',
  population: 'tool_select cases',
  better: 'higher',
  score(cases) {
    let sum = 0;
    let rand = 0;
    let n = 0;
    const low: { id: string; detail: string; s: number }[] = [];
    for (const tc of cases) {
      if (tc.errorType !== 'tool_select_error') continue;
      const wrong = wrongAction(tc);
      const correct = groundTruthActions(tc)[0];
      const a = tc.tools.find((t) => t.name === correct.name);
      const b = wrong && tc.tools.find((t) => t.name === wrong.name);
      if (!a || !b) continue;
      const s = toolSimilarity(a, b);
      const others = tc.tools.filter((t) => t.name !== correct.name);
      const r = others.length ? toolSimilarity(a, new Rng(0, tc.id, 'quality-random-tool').pick(others)) : 0;
      sum += s;
      rand += r;
      n++;
      low.push({ id: tc.id, detail: `${apiOf(wrong!.name)} for ${apiOf(correct.name)} (similarity ${s.toFixed(2)})`, s });
    }
    if (n === 0) return undefined;
    low.sort((x, y) => x.s - y.s || x.id.localeCompare(y.id));
    return { value: sum / n, n, detail: `a random tool of the same prompt: ${(rand / n).toFixed(3)}`, examples: low.slice(0, 3) };
  },
};

export const realErrors: SetMeasure = {
  kind: 'set',
  id: 'real_error_share',
  group: 'errors',
  title: 'internal errors that are real (recorded in T-Eval or observed from a model) rather than injected',
  population: 'internal error cases',
  better: 'higher',
  score(cases) {
    const errs = cases.filter((c) => c.kind === 'internal' && c.errorType !== '');
    if (errs.length === 0) return undefined;
    const real = errs.filter((c) => /^(recorded|observed)/.test(c.provenance.origin ?? ''));
    const byType = new Map<string, [number, number]>();
    for (const c of errs) {
      const e = byType.get(c.errorType) ?? [0, 0];
      e[1]++;
      if (real.includes(c)) e[0]++;
      byType.set(c.errorType, e);
    }
    const detail = [...byType].sort().map(([t, [r, n]]) => `${t.replace(/_error$/, '')} ${r}/${n}`).join(', ');
    return { value: real.length / errs.length, n: errs.length, detail };
  },
};

export const ERROR_MEASURES = [toolErrorHint, keyErrorHint, valueErrorHint, thoughtLeak, implausibleValue, confusableTools, realErrors];
