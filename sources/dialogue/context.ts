/**
 * Cutting a Long Context insertion out of the corpus: whole turns, in their original order, from a
 * seeded starting dialogue onwards, until a seeded token target inside [minTokens, maxTokens] is
 * reached; the turn that crosses the target is cut at a sentence end (or, when that would fall
 * below the minimum, at a word, or at the token) and ends the slice, so the total stays inside
 * [min, max]. Token counts are o200k_base (pipeline/tokens.ts).
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

/** The slice a draw names: the same turns every time for the same corpus and bounds. */
export function sliceAt(corpus: Corpus, { target, start }: SliceDraw, minTokens: number, maxTokens: number): ContextSlice {
  const out: ContextSlice = { from: [], turns: [], tokens: 0, target };
  let done = false;
  for (let d = 0; d < corpus.dialogues.length && !done; d++) {
    const dialogue = corpus.dialogues[(start + d) % corpus.dialogues.length];
    out.from.push(dialogue.id);
    for (const turn of dialogue.turns) {
      const room = target - out.tokens;
      if (turn.tokens <= room) {
        out.turns.push({ role: turn.role, content: turn.content });
        out.tokens += turn.tokens;
        if (out.tokens === target) done = true;
        continue;
      }
      // The turn that crosses the target is the last one: cut at a sentence end if that still
      // reaches the minimum, else at a word; a fragment too short to be a turn is left out.
      const raw = truncateToTokens(turn.content, room);
      const options = [cutAtSentence(raw), cutAtWord(raw), raw].filter((t): t is string => !!t && t.trim().length > 0);
      for (const text of options) {
        const tokens = countTokens(text);
        if (out.tokens + tokens >= minTokens && out.tokens + tokens <= maxTokens) {
          out.turns.push({ role: turn.role, content: text });
          out.tokens += tokens;
          break;
        }
      }
      done = true;
      break;
    }
  }
  return out;
}
