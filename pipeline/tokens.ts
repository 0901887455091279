/**
 * Token counts with a real BPE tokenizer (js-tiktoken, whose ranks ship inside the package, so it
 * works offline). o200k_base is the encoding of the GPT-4o family the paper measured with; the
 * counts are used for the dataset report, Long Context sizing and LLM cost estimates.
 */
import { getEncoding, type Tiktoken } from 'js-tiktoken';
import type { ChatMessage } from './schemas.js';

export const TOKENIZER = 'o200k_base';

let encoder: Tiktoken | undefined;

function enc(): Tiktoken {
  // Loading the ranks takes ~100 ms; most commands never count a token.
  encoder ??= getEncoding(TOKENIZER);
  return encoder;
}

/** Encodes every time: what the memos below save, for benchmarks and as the reference count. */
export function countTokensUncached(text: string): number {
  return text ? enc().encode(text).length : 0;
}

/**
 * What js-tiktoken's encode does, counted rather than collected: the text is cut into pieces by
 * the encoding's pattern, and each piece is one token (it is in the ranks) or its byte-pair merge.
 * A piece's count depends on the piece alone, so it is worked out once per distinct piece — words,
 * punctuation and indentation recur across every prompt, the whole texts rarely do.
 */
class PieceCounter {
  private readonly pattern: RegExp;
  private readonly special: RegExp;
  private readonly ranks: Map<string, number>;
  private readonly utf8 = new TextEncoder();
  private readonly pieces = new Map<string, number>();

  constructor(tiktoken: Tiktoken) {
    // The fields encode itself reads (typed @internal, public in the package's JavaScript).
    const internals = tiktoken as unknown as { patStr: string; rankMap: Map<string, number>; specialTokens: Record<string, number> };
    this.pattern = new RegExp(internals.patStr, 'ug');
    this.ranks = internals.rankMap;
    const escaped = Object.keys(internals.specialTokens).map((t) => t.replace(/[\\^$*+?.()|[\]{}]/g, '\\$&'));
    this.special = new RegExp(escaped.join('|'));
  }

  /** Undefined when the text holds a special token: encode decides what that means (it refuses). */
  count(text: string): number | undefined {
    if (this.special.test(text)) return undefined;
    let n = 0;
    this.pattern.lastIndex = 0;
    for (const match of text.matchAll(this.pattern)) n += this.piece(match[0]);
    return n;
  }

  private piece(piece: string): number {
    let n = this.pieces.get(piece);
    if (n === undefined) {
      const bytes = this.utf8.encode(piece);
      n = this.ranks.has(bytes.join(',')) ? 1 : mergedLength(bytes, this.ranks);
      // Pieces are short and their variety is bounded; a plain bound keeps a pathological input in check.
      if (this.pieces.size >= MAX_PIECES) this.pieces.clear();
      this.pieces.set(piece, n);
    }
    return n;
  }
}

const MAX_PIECES = 500_000;

/**
 * How many tokens js-tiktoken's bytePairEncode yields for a piece not in the ranks: the same
 * merge (lowest rank first, leftmost on ties) over the same byte-string keys, counting the parts
 * whose bytes are a token (encode drops the others).
 */
function mergedLength(bytes: Uint8Array, ranks: Map<string, number>): number {
  const piece = Array.from(bytes);
  if (piece.length === 1) return ranks.get(piece.join(',')) === undefined ? 0 : 1;
  const parts = piece.map((_, i) => ({ start: i, end: i + 1 }));
  while (parts.length > 1) {
    let minRank: number | undefined;
    let at = -1;
    for (let i = 0; i < parts.length - 1; i++) {
      const rank = ranks.get(piece.slice(parts[i].start, parts[i + 1].end).join(','));
      if (rank === undefined) continue;
      if (minRank === undefined || rank < minRank) {
        minRank = rank;
        at = i;
      }
    }
    if (at < 0) break;
    parts[at] = { start: parts[at].start, end: parts[at + 1].end };
    parts.splice(at + 1, 1);
  }
  return parts.filter((p) => ranks.get(piece.slice(p.start, p.end).join(',')) !== undefined).length;
}

let counter: PieceCounter | null | undefined;

/** The piece counter, or null when js-tiktoken no longer has the fields it reads (then every text is encoded). */
function pieceCounter(): PieceCounter | null {
  if (counter === undefined) {
    const internals = enc() as unknown as { patStr?: unknown; rankMap?: unknown; specialTokens?: unknown };
    const usable = typeof internals.patStr === 'string' && internals.rankMap instanceof Map && typeof internals.specialTokens === 'object';
    counter = usable ? new PieceCounter(enc()) : null;
  }
  return counter;
}

function countFast(text: string): number {
  if (!text) return 0;
  return pieceCounter()?.count(text) ?? countTokensUncached(text);
}

// One system prompt serves many cases and corpus turns recur: each distinct text is counted once
// per process. Bounded by the characters it holds (texts can be whole prompts), cleared when full.
const memo = new Map<string, number>();
const MAX_MEMO_CHARS = 16_000_000;
let memoChars = 0;

export function countTokens(text: string): number {
  let n = memo.get(text);
  if (n === undefined) {
    n = countFast(text);
    if (memoChars + text.length > MAX_MEMO_CHARS) {
      memo.clear();
      memoChars = 0;
    }
    memo.set(text, n);
    memoChars += text.length;
  }
  return n;
}

/** Forget every count (benchmarks measure from a cold memo). */
export function clearTokenMemo(): void {
  memo.clear();
  memoChars = 0;
  counter = undefined;
}

/** The tokens a chat request costs: content plus the few tokens each message's framing takes. */
export function countChatTokens(messages: Pick<ChatMessage, 'content'>[], count: (text: string) => number = countTokens): number {
  const PER_MESSAGE = 4;
  return messages.reduce((n, m) => n + count(m.content) + PER_MESSAGE, 0) + 3;
}

/** The longest prefix of `text` that is at most `max` tokens, cut at a token boundary. */
export function truncateToTokens(text: string, max: number): string {
  const tokens = enc().encode(text);
  if (tokens.length <= max) return text;
  return enc().decode(tokens.slice(0, max));
}
