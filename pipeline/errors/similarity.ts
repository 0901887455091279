/**
 * How alike two tools look to a model choosing between them: the words of their names, the words
 * of their descriptions, the parameters they share, and whether they belong to one toolkit. A
 * tool selection error takes a tool a model could mistake for the right one, so the injector
 * ranks by this score and the quality report compares the injected tools' score with what a
 * random draw from the same tool list would give.
 */
import type { ToolDoc } from '../schemas.js';
import { apiOf, toolkitOf } from './values.js';
import { words } from './vocabulary.js';

const STOP = new Set([
  'the', 'a', 'an', 'to', 'of', 'and', 'or', 'in', 'on', 'for', 'with', 'by', 'is', 'are', 'be', 'this', 'that', 'it', 'its', 'from', 'as', 'at',
  'i', 'me', 'my', 'you', 'your', 'can', 'will', 'please', 'tool', 'function', 'api', 'given', 'specified', 'current', 'returns', 'return', 'based',
  'if', 'not', 'all', 'any', 'which', 'has', 'have', 'into', 'such', 'using', 'use', 'used', 'also', 'when', 'than', 'then', 'their', 'there', 'them',
  'args', 'default', 'optional', 'none', 'true', 'false', 'name', 'str', 'int', 'bool', 'list', 'dict', 'float',
  // Verbs every other API starts with say nothing about what it does.
  'get', 'set', 'gets', 'sets', 'retrieves', 'retrieve', 'provided', 'specific', 'specified', 'given'
]);

/**
 * What the tool itself does: BFCL prefixes every description with its toolkit's blurb ("This tool
 * belongs to the vehicle control system, ... Tool description: Locks or unlocks doors"), which
 * would make every pair of a toolkit look alike.
 */
export function ownDescription(description: string): string {
  const m = /Tool description:\s*([\s\S]*)$/i.exec(description);
  return (m ? m[1] : description).trim();
}

/** Content words of a text or identifier, lower-case, crude plural folded ("files" → "file"). */
export function contentWords(text: string): Set<string> {
  return new Set(wordsOf(text));
}

// Tool descriptions recur in every item of a trajectory and every pair of a tool list: each
// distinct text is split once per process. Bounded by clearing (the words are pure).
const wordsMemo = new Map<string, ReadonlySet<string>>();
const MAX_WORDS_MEMO = 20_000;

function wordsOf(text: string): ReadonlySet<string> {
  let found = wordsMemo.get(text);
  if (!found) {
    found = new Set(
      text
        .split(/[^A-Za-z0-9]+/)
        .flatMap((w) => words(w))
        .filter((w) => w.length > 2 && !STOP.has(w))
        .map((w) => (w.length > 4 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w)),
    );
    if (wordsMemo.size >= MAX_WORDS_MEMO) wordsMemo.clear();
    wordsMemo.set(text, found);
  }
  return found;
}

function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let both = 0;
  for (const w of a) if (b.has(w)) both++;
  return both / (a.size + b.size - both);
}

export interface ToolSimilarity {
  /** 0..1: names 0.4, descriptions 0.35, shared parameter names 0.15, same toolkit 0.1. */
  score: number;
  nameWords: number;
  description: number;
  parameters: number;
  sameToolkit: boolean;
}

/**
 * `pool` (the tool list both come from) drops the words most of its descriptions share — the
 * toolkit's own vocabulary ("file", "system") says nothing about which of its tools is meant.
 */
export function toolSimilarity(a: ToolDoc, b: ToolDoc, pool: ToolDoc[] = []): ToolSimilarity {
  const common = commonWords(pool);
  const own = (t: ToolDoc) => new Set([...wordsOf(ownDescription(t.description))].filter((w) => !common.has(w)));
  const nameWords = jaccard(wordsOf(apiOf(a.name)), wordsOf(apiOf(b.name)));
  const description = jaccard(own(a), own(b));
  const params = (t: ToolDoc) => new Set([...t.required_parameters, ...t.optional_parameters].map((p) => p.name));
  const parameters = jaccard(params(a), params(b));
  const sameToolkit = toolkitOf(a.name) !== '' && toolkitOf(a.name) === toolkitOf(b.name);
  return { score: 0.4 * nameWords + 0.35 * description + 0.15 * parameters + (sameToolkit ? 0.1 : 0), nameWords, description, parameters, sameToolkit };
}

// A caller compares one tool with every other tool of the same list: the list's common words are
// counted once per list (lists are not changed after they are built).
const commonMemo = new WeakMap<ToolDoc[], ReadonlySet<string>>();

/** The words at least half of the pool's descriptions share (none for a pool under four tools). */
function commonWords(pool: ToolDoc[]): ReadonlySet<string> {
  let common = commonMemo.get(pool);
  if (!common) {
    const found = new Set<string>();
    if (pool.length >= 4) {
      const df = new Map<string, number>();
      for (const t of pool) for (const w of wordsOf(ownDescription(t.description))) df.set(w, (df.get(w) ?? 0) + 1);
      for (const [w, n] of df) if (n / pool.length >= 0.5) found.add(w);
    }
    common = found;
    commonMemo.set(pool, common);
  }
  return common;
}

/**
 * Does `candidate` share anything with the right tool beyond its toolkit — a name word, a
 * description that overlaps, a parameter — or is it the tool of a neighbouring step? A tool that
 * shares nothing is one no model would take for the right one (a weather tool to unlock doors).
 */
export function confusable(sim: ToolSimilarity, neighbour: boolean): boolean {
  if (neighbour || sim.nameWords > 0) return true;
  // Across toolkits only a name or a neighbouring step makes two tools confusable.
  return sim.sameToolkit && (sim.description >= 0.12 || sim.parameters >= 0.5);
}

/** The mean similarity of a random draw from `pool` (every tool but the right one) to `correct`. */
export function randomDrawSimilarity(correct: ToolDoc, pool: ToolDoc[]): number | undefined {
  const others = pool.filter((t) => t.name !== correct.name);
  if (others.length === 0) return undefined;
  return others.reduce((n, t) => n + toolSimilarity(correct, t, pool).score, 0) / others.length;
}
