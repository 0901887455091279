/**
 * Cutting a Long Context insertion out of the corpus: whole exchanges, in their original order,
 * from a seeded starting dialogue onwards, up to a seeded token target inside [minTokens,
 * maxTokens]; the slice ends after an assistant's reply (see sliceAt). Token counts are
 * o200k_base (pipeline/tokens.ts).
 */
import type { Rng } from '../../pipeline/rng.js';
import { countTokens, truncateToTokens } from '../../pipeline/tokens.js';
import type { Corpus } from './corpus.js';

export interface ContextSlice {
  /** Dialogue ids the turns came from, in order. */
  from: string[];
  turns: { role: 'user' | 'assistant'; content: string }[];
  tokens: number;
  target: number;
}

/** The text cut back to its last sentence end, or undefined when it has none. */
function cutAtSentence(text: string): string | undefined {
  const m = text.match(/^[^]*[.!?](?=\s|$)/);
  return m ? m[0] : undefined;
}

/** The text cut back to its last whole word. */
function cutAtWord(text: string): string {
  const m = text.match(/^[^]*\S(?=\s)/);
  return m ? m[0] : text;
}

/** Where a slice starts and how long it runs: all a slice is, given the corpus and the token bounds. */
export interface SliceDraw {
  target: number;
  /** Index of the first dialogue in the corpus. */
  start: number;
}

export function drawSlice(corpus: Corpus, rng: Rng, minTokens: number, maxTokens: number): SliceDraw {
  if (maxTokens < minTokens) throw new Error(`evolve.longContext: maxTokens ${maxTokens} < minTokens ${minTokens}`);
  const total = corpus.dialogues.reduce((n, d) => n + d.turns.reduce((m, t) => m + t.tokens, 0), 0);
  if (total < minTokens) throw new Error(`long-context corpus has ${total} tokens in all, fewer than minTokens ${minTokens}`);
  const target = rng.int(minTokens, maxTokens);
  const start = rng.int(0, corpus.dialogues.length - 1);
  return { target, start };
}

export function sliceContext(corpus: Corpus, rng: Rng, minTokens: number, maxTokens: number): ContextSlice {
  return sliceAt(corpus, drawSlice(corpus, rng, minTokens, maxTokens), minTokens, maxTokens);
}

/**
 * The slice a draw names: the same turns every time for the same corpus and bounds. It ends after
 * an assistant's reply — the last one whose running total stays within the target, else the first
 * that reaches the minimum — so no question is left unanswered before the task's own request and
 * no reply stops mid-word. Only when no reply ends inside [min, max] is the crossing turn cut, at a
 * sentence end when it is a reply.
 */
export function sliceAt(corpus: Corpus, { target, start }: SliceDraw, minTokens: number, maxTokens: number): ContextSlice {
  const turns: { role: 'user' | 'assistant'; content: string; tokens: number; from: string }[] = [];
  let tokens = 0;
  // Where the slice could end: after each assistant turn, with the running total then.
  const ends: { length: number; tokens: number }[] = [];
  let crossing: { role: 'user' | 'assistant'; content: string; from: string } | undefined;
  // A user-only corpus (BFCL's dialogues, on request) can end after any turn.
  const twoSided = corpus.dialogues.some((d) => d.turns.some((t) => t.role === 'assistant'));
  outer: for (let d = 0; d < corpus.dialogues.length; d++) {
    const dialogue = corpus.dialogues[(start + d) % corpus.dialogues.length];
    for (const turn of dialogue.turns) {
      if (tokens + turn.tokens > maxTokens) {
        crossing = { role: turn.role, content: turn.content, from: dialogue.id };
        break outer;
      }
      turns.push({ ...turn, from: dialogue.id });
      tokens += turn.tokens;
      const canEnd = turn.role === 'assistant' || !twoSided;
      if (canEnd) ends.push({ length: turns.length, tokens });
      if (tokens >= target && canEnd) break outer;
    }
  }
  const within = ends.filter((e) => e.tokens >= minTokens && e.tokens <= maxTokens);
  const end = [...within].reverse().find((e) => e.tokens <= target) ?? within[0];
  if (end) return slice(turns.slice(0, end.length), target);

  // No reply ends inside the bounds (a corpus of very long turns): the old cut, at the crossing turn.
  const out = turns.filter((_, i) => i < (ends[ends.length - 1]?.length ?? 0));
  let total = out.reduce((n, t) => n + t.tokens, 0);
  const next = turns[out.length] ?? crossing;
  if (next) {
    const raw = truncateToTokens(next.content, Math.max(0, target - total));
    const options = [cutAtSentence(raw), ...(next.role === 'user' ? [] : [cutAtWord(raw), raw])].filter((t): t is string => !!t && t.trim().length > 0);
    for (const text of options) {
      const n = countTokens(text);
      if (total + n >= minTokens && total + n <= maxTokens) {
        out.push({ role: next.role, content: text, tokens: n, from: next.from });
        total += n;
        break;
      }
    }
  }
  return slice(out, target);
}

function slice(turns: { role: 'user' | 'assistant'; content: string; tokens: number; from: string }[], target: number): ContextSlice {
  return {
    from: [...new Set(turns.map((t) => t.from))],
    turns: turns.map(({ role, content }) => ({ role, content })),
    tokens: turns.reduce((n, t) => n + t.tokens, 0),
    target,
  };
}
