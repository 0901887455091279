/**
 * Cutting a Long Context insertion out of the corpus. The default is whole dialogues
 * (pickDialogues, below): the rules of ./rules.ts leave out the dialogues that would not read as
 * part of one visit, and the least-used lines across cases come first. When the corpus cannot make
 * one that way (a user's corpus of a few long dialogues), the older cut: whole exchanges, in their
 * original order, from a seeded starting dialogue onwards, up to a seeded token target inside
 * [minTokens, maxTokens], ending after an assistant's reply (sliceAt). Token counts are o200k_base
 * (pipeline/tokens.ts).
 */
import type { Rng } from '../../pipeline/rng.js';
import { countTokens, truncateToTokens } from '../../pipeline/tokens.js';
import type { Corpus, CorpusTurn, Dialogue } from './corpus.js';
import { namesSelf, fitConfirmation, confirmationFits, readBackFrame, replyMissesOrder, replyNotAnswering, splicedLine, turnNotFollowing, asksOffTopic, claimsAction, confirmsNothing, speaksAsCustomer, declines, endsOnQuestion, incompleteReadBack, readBackDropsSaid, lineWords, menuItems, normalizeLine, opensWithGreeting, saysUnavailable, takesLeave } from '../../pipeline/dialogueRules.js';
import { closeInsertion, hash, honestTurns, menuInsertion, wordReadBacks, type ClosingPlan, type ReadBackPlan } from './honest.js';
import { renderAction, finishAction } from '../../pipeline/prompts/standard.js';
import { variedAcknowledgements } from './acknowledgements.js';

export interface ContextSlice {
  /** Dialogue ids the turns came from, in order. */
  from: string[];
  turns: { role: 'user' | 'assistant'; content: string }[];
  tokens: number;
  target: number;
  /** Indices of the turns that open a new source dialogue. */
  starts: number[];
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

/**
 * The corpus's tokens in all, counted once per corpus: evolve draws a slice for every long-context
 * case (and redraws some), and summing ~3,700 dialogues' turns each time was ~0.5% of a build's CPU.
 * A corpus is never changed once loaded (loadCorpus hands back the same object for the same file).
 */
const corpusTotals = new WeakMap<Corpus, number>();
function corpusTokens(corpus: Corpus): number {
  let total = corpusTotals.get(corpus);
  if (total === undefined) corpusTotals.set(corpus, (total = corpus.dialogues.reduce((n, d) => n + d.turns.reduce((m, t) => m + t.tokens, 0), 0)));
  return total;
}

export function drawSlice(corpus: Corpus, rng: Rng, minTokens: number, maxTokens: number): SliceDraw {
  if (maxTokens < minTokens) throw new Error(`evolve.longContext: maxTokens ${maxTokens} < minTokens ${minTokens}`);
  const total = corpusTokens(corpus);
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
/**
 * A dialogue as it may be inserted: the coffee agent's claims of acts undone (./honest.ts), token
 * counts redone for the rewritten replies; undefined when a claim could not be undone. Cached per
 * dialogue object.
 */
/** A dialogue as inserted, with its rewritten closing's parts (an insertion words each closing anew). */
export type HonestDialogue = Dialogue & { closing?: ClosingPlan; menu?: { index: number; question: string }[]; readBacks?: ReadBackPlan[] };
const honestCache = new WeakMap<Dialogue, HonestDialogue | null>();
export function honestDialogue(d: Dialogue): HonestDialogue | undefined {
  let h = honestCache.get(d);
  if (h === undefined) {
    const plan: { closing?: ClosingPlan; menu?: { index: number; question: string }[]; readBacks?: ReadBackPlan[] } = {};
    const turns = honestTurns(d.turns, d.id, plan);
    h = turns ? { id: d.id, turns: turns.map((t, i) => (t === d.turns[i] ? t : { ...t, tokens: countTokens(t.content) })), ...(plan.closing ? { closing: plan.closing } : {}), ...(plan.menu ? { menu: plan.menu } : {}), ...(plan.readBacks ? { readBacks: plan.readBacks } : {}) } : null;
    honestCache.set(d, h);
  }
  return h ?? undefined;
}

export function sliceAt(corpus: Corpus, { target, start }: SliceDraw, minTokens: number, maxTokens: number): ContextSlice {
  const turns: { role: 'user' | 'assistant'; content: string; tokens: number; from: string }[] = [];
  let tokens = 0;
  // Where the slice could end: after each assistant turn, with the running total then.
  const ends: { length: number; tokens: number }[] = [];
  let crossing: { role: 'user' | 'assistant'; content: string; from: string } | undefined;
  // A user-only corpus (BFCL's dialogues, on request) can end after any turn.
  const twoSided = corpus.dialogues.some((d) => d.turns.some((t) => t.role === 'assistant'));
  outer: for (let d = 0; d < corpus.dialogues.length; d++) {
    const dialogue = honestDialogue(corpus.dialogues[(start + d) % corpus.dialogues.length]);
    if (!dialogue) continue;
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
    starts: turns.flatMap((t, i) => (i === 0 || turns[i - 1].from !== t.from ? [i] : [])),
  };
}

/**
 * Whole dialogues, not a run of the corpus: the default way a Long Context insertion is made.
 *
 * The corpus's dialogues are short (Taskmaster-4: 2–8 turns, ~45 tokens), so reaching the token
 * target takes many of them; what keeps them reading as one visit at the counter is what is left
 * out. The pool drops every dialogue the rules of sources/dialogue/rules.ts flag (it stops on a
 * question, says the shop lacks a drink, declines a topic, repeats itself). One insertion then takes
 * whole dialogues with no line (4+ words) in common, at most one that opens with a greeting (it goes
 * first) and one that takes leave (it goes last), and at most one answer per menu question (two
 * scenarios' menus differ). Across cases, the lines already used least are preferred, so the
 * corpus is spread and no canned line recurs in many cases.
 */

/** A dialogue as the picker sees it. */
export interface PoolEntry {
  id: string;
  /** Tokens of its messages as inserted (replies wrapped as FinishAction JSON). */
  tokens: number;
  /**
   * Normalized replies of 4+ words and requests of 8+ words: no two dialogues of one insertion share
   * one, and across cases the least used come first. (Short answers — "Yes, that is correct." — are
   * what any customer says; they may recur.)
   */
  lines: string[];
  greets: boolean;
  leaves: boolean;
  /** Menu questions the user asks ("what syrups do you have" -> syrup). */
  topics: string[];
  /** All its text, for the task-value check. */
  text: string;
  /** The dialogue as inserted: an insertion's exact tokens are counted from it (insertionTurns). */
  dialogue: HonestDialogue;
}

export interface ContextPool {
  entries: PoolEntry[];
  /** Dialogues left out, by reason. */
  dropped: Record<string, number>;
  /** False when the rules left too little text and the pool is the whole corpus unfiltered. */
  filtered: boolean;
}

/** Why a dialogue cannot be inserted whole, or undefined. */
export function unusableReason(turns: { role: 'user' | 'assistant'; content: string }[]): string | undefined {
  const replies = turns.filter((t) => t.role === 'assistant');
  if (!replies.length || turns[turns.length - 1].role !== 'assistant') return 'has no closing reply';
  if (endsOnQuestion(turns[turns.length - 1].content)) return 'ends on a question nobody answers';
  if (replies.some((t) => saysUnavailable(t.content))) return 'says the menu lacks a drink';
  if (replies.some((t) => declines(t.content))) return 'declines a topic';
  // "Who is the best youtube fashion star now?" -> "I would say Jennifer Anniston.": declined or made up.
  if (turns.some((t) => t.role === 'user' && asksOffTopic(t.content))) return 'asks about something besides the coffee';
  // A claim ./honest.ts could not undo ("I'll send it to the coffee bar"): no tool did it.
  if (replies.some((t) => claimsAction(t.content))) return 'claims an act no tool did';
  // The corpus's own read-back that drops what the customer asked ("a latte with the lactose free milk" for 2%).
  if (incompleteReadBack(turns.map((t) => ({ role: t.role, text: t.content })))) return 'reads the order back without what the customer asked';
  // A confirmed read-back the rules could not make whole ("the Lavender one" read back as "an Earl Grey", "a whole or 2% milk latte" as one of them): left out.
  if (readBackDropsSaid(turns.map((t) => ({ role: t.role, text: t.content })))) return 'reads back an order without part of what the customer said';
  // "I would like a cappuccino." -> "Give me a cortado extra foam please.": a customer's line given to the assistant.
  if (replies.some((t) => speaksAsCustomer(t.content))) return 'gives the assistant a customer\'s line';
  // A check after an order the rewrite could not name ("I'd like to get a drink for Marge." -> "do you mind checking to see if the order is right?"): nothing to confirm.
  if (turns.some((t, i) => i > 0 && t.role === 'assistant' && turns[i - 1].role === 'user' && confirmsNothing(turns[i - 1].content, t.content))) return 'asks to confirm an order it cannot name';
  // "OK." -> "No, I want it decaf", "They all sound good" after "I can't see their menu": a customer answering what was never said.
  if (turns.some((t, i) => t.role === 'user' && turnNotFollowing(i > 0 && turns[i - 1].role === 'assistant' ? turns[i - 1].content : undefined, t.content))) return 'has a customer turn that follows nothing said';
  // "I'd like a macchiato" -> "I can't seem to find that item.", "That looks perfect.": a menu or a till the assistant has neither of.
  if (turns.some((t, i) => t.role === 'assistant' && replyNotAnswering(i > 0 && turns[i - 1].role === 'user' ? turns[i - 1].content : undefined, t.content))) return 'has a reply that reads a menu or till it cannot see';
  // "Can I get a matcha please?" -> "Yes, it is also a great drink.", "I'd like a latte with almond milk" -> "Could you please repeat your order to me?": an order left unanswered.
  if (turns.some((t, i) => t.role === 'assistant' && i > 0 && turns[i - 1].role === 'user' && replyMissesOrder(turns[i - 1].content, t.content))) return 'has a reply that does not answer the order before it';
  if (turns.some((t) => splicedLine(t.content))) return 'keeps a spliced corpus line';
  const keys = replies.map((t) => normalizeLine(t.content));
  if (new Set(keys).size < keys.length) return 'repeats a reply';
  return undefined;
}

const QUESTION = /^(?:\W*(?:hi|hello|hey|ok(?:ay)?|so|and|also|um+|oh)\b[,.!]*\s*)*(?:what|which|how|do you|does|is there|are there|can you tell|tell me|could you tell|what'?s)\b/i;

const rendered = new WeakMap<CorpusTurn, number>();
/** A turn's tokens as inserted: a reply is wrapped as FinishAction JSON (counted once per turn). */
function insertedTokens(t: CorpusTurn): number {
  if (t.role === 'user') return t.tokens;
  let n = rendered.get(t);
  if (n === undefined) rendered.set(t, (n = countTokens(renderAction(finishAction(t.content), { cot: false }))));
  return n;
}

/** A pool entry's own findings: what `entry` works out of a dialogue as inserted, besides its text and the dialogue. */
type EntryFacts = Pick<PoolEntry, 'tokens' | 'lines' | 'greets' | 'leaves' | 'topics'>;

function entryFacts(d: HonestDialogue): EntryFacts {
  const users = d.turns.filter((t) => t.role === 'user');
  return {
    tokens: d.turns.reduce((n, t) => n + insertedTokens(t), 0),
    lines: [...new Set(d.turns.filter((t) => lineWords(t.content) >= (t.role === 'assistant' ? 4 : 8)).map((t) => normalizeLine(t.content)))],
    greets: users.some((t) => opensWithGreeting(t.content)),
    leaves: d.turns.some((t) => takesLeave(t.content)),
    topics: [...new Set(users.filter((t) => QUESTION.test(t.content)).flatMap((t) => menuItems(t.content)))],
  };
}

function entryOf(d: HonestDialogue, facts: EntryFacts = entryFacts(d)): PoolEntry {
  return { id: d.id, ...facts, text: d.turns.map((t) => t.content).join('\n'), dialogue: d };
}

/**
 * What the pool makes of one corpus dialogue, as plain data a file can keep (sources/dialogue/poolCache.ts):
 * the dialogue as inserted (each turn null when it is the corpus's own, else its rewritten text and
 * tokens; null when a claim could not be undone), why it is left out, or its entry's findings and
 * each reply's tokens as inserted. A function of the dialogue and the rules' code alone.
 */
export interface DialogueVerdict {
  honest: { turns: ({ content: string; tokens: number } | null)[]; closing?: ClosingPlan; menu?: { index: number; question: string }[]; readBacks?: ReadBackPlan[] } | null;
  why?: string;
  entry?: EntryFacts;
  /** Per turn, a reply's tokens as inserted (FinishAction JSON); null for a customer's turn. */
  inserted?: (number | null)[];
}

/** The pool's verdict on one corpus dialogue, worked out (honestDialogue, unusableReason, the entry's findings). */
export function judgeDialogue(raw: Dialogue): DialogueVerdict {
  const d = honestDialogue(raw);
  if (!d) return { honest: null, why: 'claims an act no tool did' };
  const honest: NonNullable<DialogueVerdict['honest']> = {
    turns: d.turns.map((t, i) => (t === raw.turns[i] ? null : { content: t.content, tokens: t.tokens })),
    ...(d.closing ? { closing: d.closing } : {}),
    ...(d.menu ? { menu: d.menu } : {}),
    ...(d.readBacks ? { readBacks: d.readBacks } : {}),
  };
  const why = unusableReason(d.turns);
  if (why) return { honest, why };
  return { honest, entry: entryFacts(d), inserted: d.turns.map((t) => (t.role === 'user' ? null : insertedTokens(t))) };
}

/** A closing plan as honest.ts makes it: opener and phrase are always there, undefined when it has none (a file keeps no undefined). */
const closingPlan = (c: ClosingPlan): ClosingPlan => ({ index: c.index, opener: c.opener, said: c.said, leave: c.leave, phrase: c.phrase, ...(c.reference ? { reference: c.reference } : {}) });

/**
 * A kept verdict taken as this process's own: the dialogue as inserted is rebuilt from it (the
 * corpus's own turn objects where the turn is unchanged, as honestDialogue makes it) and remembered
 * as honestDialogue's answer for the dialogue, with each reply's inserted tokens, so every later
 * reader sees one object. A dialogue honestDialogue has already answered keeps that answer.
 */
export function adoptVerdict(raw: Dialogue, v: DialogueVerdict): void {
  if (honestCache.has(raw)) return;
  if (!v.honest) {
    honestCache.set(raw, null);
    return;
  }
  const { turns, closing, ...plan } = v.honest;
  const h: HonestDialogue = { id: raw.id, turns: raw.turns.map((t, i) => (turns[i] ? { ...t, content: turns[i]!.content, tokens: turns[i]!.tokens } : t)), ...(closing ? { closing: closingPlan(closing) } : {}), ...plan };
  if (v.inserted) h.turns.forEach((t, i) => v.inserted![i] !== null && v.inserted![i] !== undefined && !rendered.has(t) && rendered.set(t, v.inserted![i]!));
  honestCache.set(raw, h);
}

/**
 * The dialogues of the corpus fit to insert, and why the others are left out. `verdicts`, when
 * given, are the corpus's dialogues' verdicts in its order, kept from an earlier run of the same
 * rules on the same corpus (sources/dialogue/poolCache.ts); otherwise each is worked out here.
 */
export function contextPool(corpus: Corpus, minTokens: number, verdicts?: readonly DialogueVerdict[]): ContextPool {
  if (verdicts && verdicts.length !== corpus.dialogues.length) throw new Error(`contextPool: ${verdicts.length} verdicts for ${corpus.dialogues.length} dialogues`);
  const dropped: Record<string, number> = {};
  const entries: PoolEntry[] = [];
  corpus.dialogues.forEach((raw, i) => {
    let v = verdicts?.[i];
    if (v) adoptVerdict(raw, v);
    else v = judgeDialogue(raw);
    if (v.why || !v.entry) dropped[v.why!] = (dropped[v.why!] ?? 0) + 1;
    else entries.push(entryOf(honestDialogue(raw)!, v.entry));
  });
  // A user's corpus the rules empty (or leave too short): every dialogue, as before.
  if (entries.reduce((n, e) => n + e.tokens, 0) < minTokens * 4) return { entries: corpus.dialogues.map((d) => entryOf(honestDialogue(d) ?? d)), dropped: {}, filtered: false };
  return { entries, dropped, filtered: true };
}

/** How often each dialogue and each of its lines has been inserted so far, over the cases already drawn. */
export class LineUsage {
  private counts = new Map<string, number>();
  /** Every key `add` counted, in order: what the tracked costs have not taken in yet starts at their `seen`. */
  private added: string[] = [];
  private tracked = new WeakMap<ContextPool, { costs: number[]; byKey: Map<string, number[]>; seen: number }>();
  cost(e: PoolEntry): number {
    let max = this.counts.get(`#${e.id}`) ?? 0;
    for (const l of e.lines) max = Math.max(max, this.counts.get(l) ?? 0);
    return max;
  }
  add(e: PoolEntry): void {
    for (const key of [`#${e.id}`, ...e.lines]) {
      this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
      this.added.push(key);
    }
  }
  /**
   * `cost` of every entry of the pool, in its order. Kept from one call to the next and brought up
   * to date from the keys added since: a count only grows, so an entry's cost is the larger of what
   * it was and the new count of a key it holds. (Recomputing every entry's cost for every case was
   * most of evolve's enumerate: 3,000 dialogues by 1,000 insertions.)
   */
  costs(pool: ContextPool): readonly number[] {
    let t = this.tracked.get(pool);
    if (!t) {
      const byKey = new Map<string, number[]>();
      pool.entries.forEach((e, i) => {
        for (const key of new Set([`#${e.id}`, ...e.lines])) {
          const at = byKey.get(key);
          if (at) at.push(i);
          else byKey.set(key, [i]);
        }
      });
      t = { costs: pool.entries.map((e) => this.cost(e)), byKey, seen: this.added.length };
      this.tracked.set(pool, t);
    }
    for (; t.seen < this.added.length; t.seen++) {
      const key = this.added[t.seen];
      const n = this.counts.get(key)!;
      for (const i of t.byKey.get(key) ?? []) if (t.costs[i] < n) t.costs[i] = n;
    }
    return t.costs;
  }
}

/**
 * Pool indices in the order (cost, draw, index) — what a stable sort by cost then draw gives — taken
 * one at a time from a binary heap: an insertion takes a few dozen dialogues of some 3,000, so
 * sorting them all for every case was wasted.
 */
export function* rankedOrder(costs: readonly number[], draws: Float64Array): Generator<number> {
  const n = draws.length;
  // Each draw is a whole number of 2^-30 (Rng.float), so (cost, draw, index) packs into one exact
  // float64 when the three fit in 53 bits — a pool of 3,000 dialogues with costs in the hundreds —
  // and a native numeric sort of those orders the pool at once. Otherwise a heap does it.
  const indexBits = Math.max(1, Math.ceil(Math.log2(n + 1)));
  let maxCost = 0;
  for (const c of costs) if (c > maxCost) maxCost = c;
  if (Number.isInteger(maxCost) && maxCost < 2 ** (53 - 30 - indexBits) && draws.every((d) => Number.isInteger(d * 2 ** 30))) {
    const keys = new Float64Array(n);
    const drawUnit = 2 ** indexBits;
    const costUnit = 2 ** (30 + indexBits);
    for (let i = 0; i < n; i++) keys[i] = costs[i] * costUnit + draws[i] * 2 ** 30 * drawUnit + i;
    keys.sort();
    for (let i = 0; i < n; i++) yield keys[i] % drawUnit;
    return;
  }
  const heap = new Int32Array(n);
  for (let i = 0; i < n; i++) heap[i] = i;
  const before = (a: number, b: number) => costs[a] - costs[b] || draws[a] - draws[b] || a - b;
  const down = (i: number, size: number) => {
    for (;;) {
      const l = 2 * i + 1;
      if (l >= size) return;
      const c = l + 1 < size && before(heap[l + 1], heap[l]) < 0 ? l + 1 : l;
      if (before(heap[c], heap[i]) >= 0) return;
      const x = heap[i];
      heap[i] = heap[c];
      heap[c] = x;
      i = c;
    }
  };
  for (let i = (n >> 1) - 1; i >= 0; i--) down(i, n);
  for (let size = n; size > 0; size--) {
    const top = heap[0];
    heap[0] = heap[size - 1];
    down(0, size - 1);
    yield top;
  }
}

/**
 * The turns of an insertion of whole dialogues, in order, each with its tokens as inserted: every
 * rewritten closing worded for this insertion (./honest.ts closeInsertion: the first says once that
 * the assistant cannot order, the later ones vary), so the tokens are exact. The wording depends
 * only on the dialogues and their order.
 */
export function insertionTurns(dialogues: HonestDialogue[]): { role: 'user' | 'assistant'; content: string; tokens: number; from: string }[] {
  // The menu answers ("I can't see their menu …") worded for this insertion too: no sentence of theirs in two dialogues in a row.
  // The read-backs worded apart too (honest.ts wordReadBacks), each customer's answer fitted to its question.
  const { menuText, closings, worded } = wordedInsertion(dialogues);
  const turns: { role: 'user' | 'assistant'; content: string; tokens: number; from: string }[] = [];
  dialogues.forEach((d, n) => {
    d.turns.forEach((t, i) => {
      const content = rewrittenText(d, n, i, closings, menuText, worded);
      if (content === undefined || content === t.content) turns.push({ role: t.role, content: t.content, tokens: insertedTokens(t), from: d.id });
      else turns.push({ role: t.role, content, tokens: t.role === 'user' ? countTokens(content) : closingTokens(content), from: d.id });
    });
  });
  return turns;
}

/** Turn `i` of the insertion's dialogue `n` as rewritten for it (its closing, its menu answer, a worded read-back or answer), or undefined where the corpus's own text stands. */
function rewrittenText(d: HonestDialogue, n: number, i: number, closings: readonly (string | undefined)[], menuText: ReadonlyMap<string, string>, worded?: ReadonlyMap<string, string>): string | undefined {
  return closings[n] !== undefined && d.closing?.index === i ? closings[n]! : menuText.get(`${n}:${i}`) ?? worded?.get(`${n}:${i}`);
}

/**
 * The menu answers and closings worded for one insertion, remembered by its dialogues (the same
 * objects, in order): evolve's enumerate counts an insertion's exact tokens with them and the case
 * then inserts the same dialogues, so each insertion was worded twice (closeInsertion ~10% of evolve).
 * A small local memo (the wording is a function of the dialogues alone); entries go oldest first.
 */
const WORDED_LIMIT = 4096;
const wordedMemo = new Map<string, { dialogues: readonly HonestDialogue[]; menuText: ReadonlyMap<string, string>; closings: readonly (string | undefined)[]; worded: ReadonlyMap<string, string> }>();

/**
 * A dialogue's customer turns and its turns normalised, kept per dialogue object (a dialogue as
 * inserted is never changed): every insertion it sits in reads them, and the same customer list lets
 * closingSentenceShapes' per-list memo of the customer's words hit across insertions.
 */
const customerMemo = new WeakMap<HonestDialogue, readonly string[]>();
function customerTurns(d: HonestDialogue): readonly string[] {
  let c = customerMemo.get(d);
  if (!c) customerMemo.set(d, (c = d.turns.filter((t) => t.role === 'user').map((t) => t.content)));
  return c;
}
const linesMemo = new WeakMap<HonestDialogue, readonly string[]>();
function normalizedLines(d: HonestDialogue): readonly string[] {
  let l = linesMemo.get(d);
  if (!l) linesMemo.set(d, (l = d.turns.map((t) => normalizeLine(t.content))));
  return l;
}

function wordedInsertion(dialogues: readonly HonestDialogue[]): { menuText: ReadonlyMap<string, string>; closings: readonly (string | undefined)[]; worded: ReadonlyMap<string, string> } {
  const key = dialogues.map((d) => d.id).join('\n');
  const hit = wordedMemo.get(key);
  if (hit && hit.dialogues.length === dialogues.length && hit.dialogues.every((d, i) => d === dialogues[i])) return hit;
  const menuAt = dialogues.flatMap((d, n) => (d.menu ?? []).map((m) => ({ n, index: m.index, question: m.question })));
  const menuTexts = menuInsertion(menuAt.map((m) => m.question), key);
  const menuText = new Map(menuAt.map((m, k) => [`${m.n}:${m.index}`, menuTexts[k]]));
  // Each dialogue's last reply as shown when it is not rewritten (a menu answer, the corpus's own):
  // the rewritten closings around it are worded apart from it.
  const lastReply = (d: HonestDialogue, n: number) => {
    const i = d.turns.map((t) => t.role).lastIndexOf('assistant');
    return i < 0 ? undefined : menuText.get(`${n}:${i}`) ?? d.turns[i].content;
  };
  const closings = closeInsertion(
    dialogues.map((d) => d.closing),
    key,
    { customer: dialogues.map(customerTurns), fixed: dialogues.map(lastReply) },
  );
  // The read-backs: the frames of every other reply as shown count as used (the corpus's own read-backs).
  const rules = new Set(dialogues.flatMap((d, n) => (d.readBacks ?? []).map((r) => `${n}:${r.index}`)));
  const fixed = dialogues.flatMap((d, n) =>
    d.turns.flatMap((t, i) => {
      if (t.role !== 'assistant' || rules.has(`${n}:${i}`)) return [];
      const f = readBackFrame(rewrittenText(d, n, i, closings, menuText) ?? t.content);
      return f ? [f] : [];
    }),
  );
  const lines = new Set(dialogues.flatMap(normalizedLines));
  const worded = new Map(wordReadBacks(dialogues, key, readBackFrame, fixed, lines));
  for (const [at, text] of [...worded]) {
    const [n, i] = at.split(':').map(Number);
    const answer = dialogues[n].turns[i + 1];
    if (answer?.role !== 'user') continue;
    const fit = fitConfirmation(text, answer.content);
    if (fit !== answer.content) worded.set(`${n}:${i + 1}`, fit);
  }
  // A fitted answer the customer would say more than MAX_SAID times in the insertion ("Yes, that's right." three
  // times: long_context_customer_line_repeats) takes another of the corpus's ways to say it ("Yes, that's correct.").
  const said = new Map<string, number>();
  dialogues.forEach((d, n) => d.turns.forEach((t, i) => {
    if (t.role !== 'user') return;
    const k = normalizeLine(worded.get(`${n}:${i}`) ?? t.content);
    said.set(k, (said.get(k) ?? 0) + 1);
  }));
  for (const [at, text] of [...worded]) {
    const [n, i] = at.split(':').map(Number);
    const answer = dialogues[n].turns[i + 1];
    const now = worded.get(`${n}:${i + 1}`);
    if (answer?.role !== 'user' || now === undefined || (said.get(normalizeLine(now)) ?? 0) <= MAX_SAID) continue;
    for (let alt = 1; alt < confirmationFits(text, answer.content); alt++) {
      const other = fitConfirmation(text, answer.content, alt);
      if ((said.get(normalizeLine(other)) ?? 0) >= MAX_SAID) continue;
      said.set(normalizeLine(now), said.get(normalizeLine(now))! - 1);
      said.set(normalizeLine(other), (said.get(normalizeLine(other)) ?? 0) + 1);
      worded.set(`${n}:${i + 1}`, other);
      break;
    }
  }
  const varied = withVariedAcknowledgements(dialogues, key, closings, menuText, worded);
  if (wordedMemo.size >= WORDED_LIMIT) wordedMemo.delete(wordedMemo.keys().next().value!);
  const entry = { dialogues: dialogues.slice(), menuText, closings: varied, worded };
  wordedMemo.set(key, entry);
  return entry;
}

/**
 * The insertion's replies with their opening acknowledgements varied (./acknowledgements.ts): a
 * changed closing in the closings returned, any other changed reply in `worded`, which insertionTurns
 * reads after the menu answers (a menu answer opens with none).
 */
function withVariedAcknowledgements(dialogues: readonly HonestDialogue[], key: string, closings: readonly (string | undefined)[], menuText: ReadonlyMap<string, string>, worded: Map<string, string>): (string | undefined)[] {
  const at: { n: number; i: number }[] = [];
  const shown = dialogues.flatMap((d, n) =>
    d.turns.map((t, i) => {
      at.push({ n, i });
      const content = rewrittenText(d, n, i, closings, menuText, worded) ?? t.content;
      return { role: t.role, content };
    }),
  );
  const out = closings.slice();
  for (const [k, text] of variedAcknowledgements(shown, hash(key))) {
    const { n, i } = at[k];
    if (closings[n] !== undefined && dialogues[n].closing?.index === i) out[n] = text;
    else if (!menuText.has(`${n}:${i}`)) worded.set(`${n}:${i}`, text);
  }
  return out;
}

/** A closing's tokens as inserted (FinishAction JSON); the same closings recur across insertions, so counted once each. */
const closingMemo = new Map<string, number>();
function closingTokens(text: string): number {
  let n = closingMemo.get(text);
  if (n === undefined) {
    n = countTokens(renderAction(finishAction(text), { cot: false }));
    if (closingMemo.size > 50_000) closingMemo.clear();
    closingMemo.set(text, n);
  }
  return n;
}

/** Pool entries in the order shown: the greeting opens the visit, the goodbye closes it. */
function shownOrder(chosen: PoolEntry[]): PoolEntry[] {
  const first = chosen.filter((e) => e.greets && !e.leaves);
  const last = chosen.filter((e) => e.leaves);
  const middle = chosen.filter((e) => !first.includes(e) && !last.includes(e));
  return [...first, ...middle, ...last];
}

/** The exact tokens of the insertion the chosen entries make. */
export function insertionTokens(chosen: PoolEntry[]): number {
  return insertionTurns(shownOrder(chosen).map((e) => e.dialogue)).reduce((n, t) => n + t.tokens, 0);
}

/**
 * The dialogues of one insertion (ids, in the order shown), or undefined when the pool cannot reach
 * minTokens under the rules. Their tokens reach `target` (or the most that fits under maxTokens);
 * none mentions one of `values` (a task value in the context could change the task).
 */
/**
 * Tokens the pool's counts may fall short of an insertion's: the pool counts each closing in one
 * wording, the insertion words them anew and says once that the assistant cannot order (under 25
 * tokens more). The picker keeps this much room under maxTokens; the exact count (insertionTokens)
 * then settles it.
 */
export const DISCLAIMER_ROOM = 30;

/** Times one insertion's customer may say the same line ("Yes.", "Yes it is."): twice reads as a habit, ten times as a loop. */
export const MAX_SAID = 2;

/** A dialogue's customer lines, normalized ("Yes, it is." -> "yes it is"). */
function customerLines(e: PoolEntry): string[] {
  return e.dialogue.turns.filter((t) => t.role === 'user').map((t) => normalizeLine(t.content));
}

export function pickDialogues(pool: ContextPool, usage: LineUsage, rng: Rng, opts: { target: number; minTokens: number; maxTokens: number; values: string[]; namesUser?: boolean }): string[] | undefined {
  // Least-used first, ties in a seeded order: one draw per pool entry, in the pool's order.
  const costs = usage.costs(pool);
  const draws = new Float64Array(pool.entries.length);
  for (let i = 0; i < draws.length; i++) draws[i] = rng.float();
  const chosen: PoolEntry[] = [];
  const lines = new Set<string>();
  const topics = new Set<string>();
  // Short customer lines said so far ("yes", "yes it is"): the corpus's 4-turn dialogues all confirm,
  // and its least-used ranking favours those with no long line, so one insertion said "Yes." ten times
  // (long_context_customer_line_repeats); the corpus has ~480 ways to confirm, each kept to MAX_SAID.
  const said = new Map<string, number>();
  let tokens = 0;
  let greets = false;
  let leaves = false;
  const fits = (e: PoolEntry) => {
    if (pool.filtered) {
      // A greeting goes first and a goodbye last: a dialogue with both fits only alone.
      if ((e.greets && greets) || (e.leaves && leaves) || (e.greets && e.leaves)) return false;
      if (e.lines.some((l) => lines.has(l)) || e.topics.some((t) => topics.has(t))) return false;
      if (customerLines(e).some((l) => (said.get(l) ?? 0) >= MAX_SAID)) return false;
    }
    // A customer saying who they are ("I'm Marge, and I need to get a latte") in a case that names its
    // user (a username, "my first name is Michael"): a second name the model could take for the user's.
    if (opts.namesUser && e.dialogue.turns.some((t) => t.role === 'user' && namesSelf(t.content))) return false;
    return !opts.values.some((v) => e.text.includes(v));
  };
  const take = (e: PoolEntry) => {
    chosen.push(e);
    tokens += e.tokens;
    greets ||= e.greets;
    leaves ||= e.leaves;
    for (const l of e.lines) lines.add(l);
    for (const t of e.topics) topics.add(t);
    for (const l of customerLines(e)) said.set(l, (said.get(l) ?? 0) + 1);
  };
  const ranked = rankedOrder(costs, draws);
  for (let r = ranked.next(); !r.done; r = ranked.next()) {
    const e = pool.entries[r.value];
    // Room kept for the closings as the insertion words them (longer than the pool counted them).
    if (tokens + e.tokens > opts.maxTokens - DISCLAIMER_ROOM) continue;
    if (!fits(e)) continue;
    take(e);
    if (tokens >= opts.target) break;
  }
  if (tokens < opts.minTokens) return undefined;
  // The exact count settles the bounds: past the maximum, the last taken go back; short of the
  // minimum (rare: closings worded shorter than counted), the next in the ranking that keep it
  // within the maximum are taken.
  let exact = insertionTokens(chosen);
  while (exact > opts.maxTokens && chosen.length > 1) {
    chosen.pop();
    exact = insertionTokens(chosen);
  }
  for (let r = ranked.next(); exact < opts.minTokens && !r.done; r = ranked.next()) {
    const e = pool.entries[r.value];
    if (chosen.includes(e) || !fits(e)) continue;
    const n = insertionTokens([...chosen, e]);
    if (n > opts.maxTokens) continue;
    take(e);
    exact = n;
  }
  if (exact < opts.minTokens || exact > opts.maxTokens) return undefined;
  for (const e of chosen) usage.add(e);
  return shownOrder(chosen).map((e) => e.id);
}

/** The insertion a list of whole dialogues makes. */
const dialoguesById = new WeakMap<Corpus, Map<string, Corpus['dialogues'][number]>>();

export function dialoguesAt(corpus: Corpus, ids: string[], target: number): ContextSlice {
  // Indexed once per corpus, not once per insertion.
  let byId = dialoguesById.get(corpus);
  if (!byId) dialoguesById.set(corpus, (byId = new Map(corpus.dialogues.map((d) => [d.id, d]))));
  // The pool (contextPool) lists only dialogues honestDialogue could make; a raw one is a user's corpus the rules emptied.
  const dialogues = ids.map((id) => {
    const raw = byId!.get(id);
    if (!raw) throw new Error(`long-context corpus has no dialogue ${id}`);
    return honestDialogue(raw) ?? raw;
  });
  return slice(insertionTurns(dialogues), target);
}
