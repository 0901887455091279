/**
 * T-Eval's docs misspell or rename some fields the real APIs answer with: Google Scholar's doc says
 * "snipets", its recordings "snippets"; the weather doc "avg temperature", the recordings
 * "temperature"; the author profile "affliation", the recordings "affiliations". The simulator
 * reads the doc, so its answers carried the doc's name beside recordings carrying the real one, a
 * tell of which answer was made up. A drawn field no recording holds takes the name of the one
 * recorded field that is plainly the same (a letter or two apart, or one name inside the other).
 */
import { recordedAnswer } from './recordedAnswer.js';
import { levenshtein } from '../editDistance.js';
import { isPlainObject } from '../errors/values.js';

const bare = (k: string) => k.toLowerCase().replace(/[^a-z]/g, '');

/** Two field names for one field: a letter or two apart (long names only), or one a whole word of the other ("avg temperature", "temperature"). */
export function sameFieldName(a: string, b: string): boolean {
  const x = bare(a);
  const y = bare(b);
  if (x === y) return true;
  if (Math.min(x.length, y.length) >= 6 && levenshtein(x, y) <= 2) return true;
  const words = (k: string) => k.toLowerCase().split(/[^a-z]+/).filter(Boolean);
  const [short, long] = words(a).length <= words(b).length ? [words(a), words(b)] : [words(b), words(a)];
  return short.length === 1 && long.length > 1 && long.includes(short[0]) && short[0].length >= 5;
}

/** The top-level field names the API's recordings answer with (none when it has no successful recording). */
export function recordedKeys(examples: readonly { response: string }[]): Set<string> {
  const keys = new Set<string>();
  for (const e of examples) {
    const answer = recordedAnswer(e.response);
    if (isPlainObject(answer) && !('error' in answer)) for (const k of Object.keys(answer)) keys.add(k);
  }
  return keys;
}

/** `answer` with each field no recording holds renamed to the one recorded field of the same name; order kept. */
export function keysAsRecorded(answer: unknown, recorded: ReadonlySet<string>): unknown {
  if (!recorded.size || !isPlainObject(answer)) return answer;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(answer)) {
    const matches = recorded.has(k) ? [] : [...recorded].filter((r) => !(r in answer) && sameFieldName(k, r));
    out[matches.length === 1 ? matches[0] : k] = v;
  }
  return out;
}
