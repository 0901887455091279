/**
 * Token counts with a real BPE tokenizer (js-tiktoken, whose ranks ship inside the package, so it
 * works offline). o200k_base is the encoding of the GPT-4o family the paper measured with; the
 * counts are used for the dataset report, Long Context sizing and LLM cost estimates.
 */
// The lite entry and the one rank file: the main entry bundles every encoding's ranks (5.6 MB of
// module to compile) and getEncoding is `new Tiktoken(<these ranks>)`.
import { Tiktoken } from 'js-tiktoken/lite';
import o200kBase from 'js-tiktoken/ranks/o200k_base';
import type { ChatMessage } from './schemas.js';

export const TOKENIZER = 'o200k_base';
const RANKS = o200kBase;

let encoder: Tiktoken | undefined;

function enc(): Tiktoken {
  // Building the encoder takes ~0.6 s; counting (PieceCounter) does without it.
  encoder ??= new Tiktoken(RANKS);
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
 *
 * The ranks are read from the encoding's data, not from a Tiktoken: building one (a 200k-entry
 * object, every token base64-decoded and joined into a "b1,b2,…" key) cost 0.6 s of every build.
 * Here a byte string is its latin1 text — one character per byte, so a slice of the piece's bytes
 * is a slice of its key — and the rank table is the tokens decoded once into such keys.
 */
class PieceCounter {
  private readonly pattern: RegExp;
  private readonly special: RegExp;
  /**
   * What every special token starts with ("<|" in o200k_base): a text without it holds none, and
   * `includes` says so faster than the pattern (0.45 s of a build asked it of every counted text).
   */
  private readonly specialLead: string;
  private readonly ranks: Map<string, number>;
  private readonly pieces = new Map<string, number>();

  /** The pattern anchored where the last piece ended: pieces are read without a match object each. */
  private readonly sticky: RegExp;

  constructor(data: { pat_str: string; special_tokens: Record<string, number>; bpe_ranks: string }) {
    this.pattern = new RegExp(data.pat_str, 'ug');
    this.sticky = new RegExp(data.pat_str, 'uy');
    const escaped = Object.keys(data.special_tokens).map((t) => t.replace(/[\\^$*+?.()|[\]{}]/g, '\\$&'));
    this.special = new RegExp(escaped.join('|'));
    this.specialLead = commonPrefix(Object.keys(data.special_tokens));
    this.ranks = rankTable(data.bpe_ranks);
  }

  holdsSpecial(text: string): boolean {
    return text.includes(this.specialLead) && this.special.test(text);
  }

  /** Undefined when the text holds a special token: encode decides what that means (it refuses). */
  count(text: string): number | undefined {
    if (this.holdsSpecial(text)) return undefined;
    // The pattern's pieces tile a text end to end, so each is read where the last ended (`test` on
    // the sticky pattern, then a slice): matchAll's match objects were most of what counting
    // allocated. Should a piece ever not start where the last ended (or be empty), the text is
    // counted the way matchAll reads it.
    const re = this.sticky;
    let n = 0;
    let at = 0;
    re.lastIndex = 0;
    while (at < text.length) {
      if (!re.test(text) || re.lastIndex === at) return this.countByMatches(text);
      n += this.piece(text.slice(at, re.lastIndex));
      at = re.lastIndex;
    }
    return n;
  }

  private countByMatches(text: string): number {
    let n = 0;
    this.pattern.lastIndex = 0;
    for (const match of text.matchAll(this.pattern)) n += this.piece(match[0]);
    return n;
  }

  private piece(piece: string): number {
    let n = this.pieces.get(piece);
    if (n === undefined) {
      const bytes = Buffer.from(piece, 'utf8').toString('latin1');
      n = this.ranks.has(bytes) ? 1 : mergedLength(bytes, this.ranks);
      // Pieces are short and their variety is bounded; a plain bound keeps a pathological input in check.
      if (this.pieces.size >= MAX_PIECES) this.pieces.clear();
      this.pieces.set(piece, n);
    }
    return n;
  }
}

/** The longest start all of `texts` share ("" for none or no texts: `includes("")` is always true). */
export function commonPrefix(texts: readonly string[]): string {
  if (texts.length === 0) return '';
  let lead = texts[0];
  for (const t of texts) while (!t.startsWith(lead)) lead = lead.slice(0, -1);
  return lead;
}

/**
 * The ranks as js-tiktoken reads them ("! <first rank> <base64 token> …" per line, ranks counting up
 * along the line, a token listed again taking its later rank), keyed by the token's bytes as latin1.
 */
function rankTable(bpeRanks: string): Map<string, number> {
  const ranks = new Map<string, number>();
  for (const line of bpeRanks.split('\n')) {
    if (!line) continue;
    const [, offsetText, ...tokens] = line.split(' ');
    const offset = Number.parseInt(offsetText, 10);
    tokens.forEach((token, i) => ranks.set(Buffer.from(token, 'base64').toString('latin1'), offset + i));
  }
  return ranks;
}

const MAX_PIECES = 500_000;

/**
 * How many tokens js-tiktoken's bytePairEncode yields for a piece not in the ranks: the same
 * merge (lowest rank first, leftmost on ties) over the same byte strings, counting the parts
 * whose bytes are a token (encode drops the others).
 */
function mergedLength(piece: string, ranks: Map<string, number>): number {
  if (piece.length === 1) return ranks.get(piece) === undefined ? 0 : 1;
  const parts = Array.from({ length: piece.length }, (_, i) => ({ start: i, end: i + 1 }));
  while (parts.length > 1) {
    let minRank: number | undefined;
    let at = -1;
    for (let i = 0; i < parts.length - 1; i++) {
      const rank = ranks.get(piece.slice(parts[i].start, parts[i + 1].end));
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
  return parts.filter((p) => ranks.get(piece.slice(p.start, p.end)) !== undefined).length;
}

let counter: PieceCounter | undefined;

function pieceCounter(): PieceCounter {
  counter ??= new PieceCounter(RANKS);
  return counter;
}

function countFast(text: string): number {
  if (!text) return 0;
  return pieceCounter().count(text) ?? countTokensUncached(text);
}

// One system prompt serves many cases and corpus turns recur: each distinct text is counted once
// per process. Bounded by the characters it holds (texts can be whole prompts), cleared when full.
const memo = new Map<string, number>();
const MAX_MEMO_CHARS = 16_000_000;
let memoChars = 0;

export function countTokens(text: string): number {
  let n = memo.get(text);
  if (n === undefined) {
    if (text.length >= SEGMENTED_MIN_CHARS) {
      const cuts = segmentCuts(text);
      if (cuts.length > 0) return countSegments(text, cuts);
    }
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

/**
 * A prompt's tool list is one JSON line of tool docs, and evolve counts every evolved prompt afresh
 * (~25 M characters of a build, 2–3 s of its CPU), though each doc in it was counted in other
 * prompts before: a long text is counted a segment at a time, each segment remembered, cut only
 * where its pieces are the pieces of the whole — so the count is the same, not an estimate.
 */
const SEGMENTED_MIN_CHARS = 4096;

/**
 * Where a text may be cut so that its pieces (the encoding's pattern, o200k_base's pat_str) are
 * the pieces of its parts: right after `},{"` (the next object of a JSON list) where an ASCII letter
 * follows. Why the pieces do not change there:
 * - `},{"` lies inside one piece: no piece ends inside it (a punctuation piece,
 *   ` ?[^\s\p{L}\p{N}]+[\r\n/]*`, is greedy and each next character is punctuation too; a word
 *   piece ends on a letter; digits and white space end before punctuation), so no word piece can
 *   start at its `"` and take the letter after it (a word piece's leading character is optional
 *   and single); the one piece that holds `},{"` is a punctuation piece, stopped by the letter;
 * - the pattern has no lookbehind, and its one lookahead (`\s+(?!\S)`) reads one character past a
 *   white-space piece, never past `},{"`: each part reads as it does inside the whole.
 * A text holding a special token is not cut (it is counted whole, as before).
 */
function segmentCuts(text: string): number[] {
  const cuts: number[] = [];
  for (let i = text.indexOf('},{"'); i >= 0; i = text.indexOf('},{"', i + 4)) {
    const next = text.charCodeAt(i + 4);
    if ((next >= 65 && next <= 90) || (next >= 97 && next <= 122)) cuts.push(i + 4);
  }
  if (cuts.length > 0 && pieceCounter().holdsSpecial(text)) return [];
  return cuts;
}

function countSegments(text: string, cuts: number[]): number {
  let n = 0;
  let from = 0;
  for (const at of cuts) {
    n += countTokens(text.slice(from, at));
    from = at;
  }
  return n + countTokens(text.slice(from));
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
