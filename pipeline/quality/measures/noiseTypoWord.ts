/**
 * A "typo" that spells another real word: "ensure you move it" -> "endure u move it"
 * (bfcl_multi_turn_base_5-tool_hallucination_error-k1~noisy_query), "my tire pressure" -> "my tore
 * pressure", "meta information" -> "mega information". A slip that lands on a word reads as that word: the
 * request now says something else, where a typo must leave it meaning what it did.
 *
 * What counts as a real word: a word written in lower case somewhere in the base cases' own text (their
 * messages, the answers they show, their tool docs), or a word cspell's common-misspellings list gives
 * as the right spelling of a slip (about 19,000 words) — never one the list calls a misspelling
 * ("milage", written so in a recorded answer).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { diffWords } from 'diff';
import type { TestCase } from '../../schemas.js';
import { noisyPair } from './text.js';
import type { SetMeasure } from '../types.js';

/** Lower-case words of a text, whole (no piece of a capitalised word: "Properties" gives nothing). */
const lowerWords = (text: string) => (text.match(/\b[A-Za-z]+\b/g) ?? []).filter((w) => /^[a-z]+$/.test(w));

let spelling: { right: Set<string>; wrong: Set<string> } | undefined;

/** The right and the wrong spellings of cspell's common-misspellings list ("wrong->right, right2"). */
function spellingLists(): { right: Set<string>; wrong: Set<string> } {
  if (spelling) return spelling;
  const require = createRequire(import.meta.url);
  const dir = dirname(require.resolve('@cspell/dict-en-common-misspellings/cspell-ext.json'));
  const json = JSON.parse(readFileSync(join(dir, 'dict', 'dict-en.json'), 'utf8')) as { dictionaryDefinitions: { flagWords?: string[]; suggestWords?: string[] }[] };
  const right = new Set<string>();
  const wrong = new Set<string>();
  for (const def of json.dictionaryDefinitions)
    for (const entry of [...(def.flagWords ?? []), ...(def.suggestWords ?? [])]) {
      const [bad, good] = entry.split('->');
      if (bad) wrong.add(bad.trim().toLowerCase());
      for (const w of good?.split(',') ?? []) right.add(w.trim().toLowerCase());
    }
  return (spelling = { right, wrong });
}

/** The real words a slip must not land on: every whole lower-case word the base cases write, and cspell's right spellings, less its misspellings. */
export function vocabularyOf(cases: TestCase[]): Set<string> {
  const { right, wrong } = spellingLists();
  const words = new Set<string>(right);
  for (const tc of cases) {
    if (tc.evolution) continue;
    for (const m of tc.messages) for (const w of lowerWords(m.content)) words.add(w);
    for (const t of tc.tools) {
      for (const w of lowerWords(t.description)) words.add(w);
      for (const p of [...t.required_parameters, ...t.optional_parameters]) for (const w of lowerWords(p.description ?? '')) words.add(w);
    }
  }
  for (const w of wrong) words.delete(w);
  return words;
}

/** The slips of a noisy query that spell another word of `vocabulary`: one word of the original replaced by one near it in length. */
export function realWordTypos(original: string, noisy: string, vocabulary: Set<string>): { from: string; to: string }[] {
  const parts = diffWords(original, noisy);
  const out: { from: string; to: string }[] = [];
  for (let i = 0; i + 1 < parts.length; i++) {
    const [a, b] = [parts[i], parts[i + 1]];
    if (!a.removed || !b.added) continue;
    // Words changed side by side ("ensure you" -> "endure u") come as one run each: paired word by word.
    const froms = a.value.trim().split(/\s+/);
    const tos = b.value.trim().split(/\s+/);
    if (froms.length !== tos.length) continue;
    froms.forEach((from, k) => {
      const to = tos[k];
      if (!/^[a-z]+$/.test(from) || !/^[a-z]+$/.test(to) || from === to) return;
      // A slip keeps the word's length within two letters; a rewording ("you" -> "u", "please" -> "pls") is no slip.
      if (Math.abs(from.length - to.length) > 2 || Math.min(from.length, to.length) < 3) return;
      if (vocabulary.has(to)) out.push({ from, to });
    });
  }
  return out;
}

export const noiseTypoRealWord: SetMeasure = {
  kind: 'set',
  id: 'noise_typo_real_word',
  group: 'text',
  title: 'noisy query: share of noisy cases with a typo that spells another real word ("ensure" -> "endure", "tire pressure" -> "tore pressure", "meta" -> "mega"): the request says something else',
  population: 'evolved cases with a noisy query',
  better: 'lower',
  score(cases) {
    const vocabulary = vocabularyOf(cases);
    let n = 0;
    const hits: { id: string; detail: string }[] = [];
    for (const tc of cases) {
      if (tc.evolution?.details?.noisyQuery === undefined) continue;
      const pair = noisyPair(tc);
      if (!pair) continue;
      n++;
      const found = realWordTypos(pair.original, pair.noisy, vocabulary);
      if (found.length) hits.push({ id: tc.id, detail: found.map((f) => `"${f.from}" -> "${f.to}"`).join(', ') });
    }
    if (n === 0) return undefined;
    return { value: hits.length / n, n, detail: `${hits.length} of ${n}`, examples: hits.slice(0, 8) };
  },
};
