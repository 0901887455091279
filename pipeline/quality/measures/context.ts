/**
 * Does a Long Context insertion read like a real earlier conversation? (The reviewer's findings on
 * the coffee-order insertions: canned lines repeated within a case and across cases, a context that
 * stops on "Is this correct?", a shop that has no mocha and then serves one, an assistant refusing a
 * topic its own tools cover, and CoT replies whose thought is empty.) The text rules are
 * sources/dialogue/rules.ts, the ones the corpus pool applies.
 */
import type { TestCase } from '../../schemas.js';
import { shownAction } from '../evidence.js';
import { holderCounts, insertedContext, insertedRange } from '../text.js';
import type { CaseMeasure, SetMeasure } from '../types.js';
import { topShare } from './topShare.js';
import { openerRepeated, readBackDropsPlace, readBackDropsName, readBackDropsTeaName, orderCountMisread, closingDropsAsked, restatedItemCounted, closingDropsConfirmed, claimsCanMake, replyMissesOrder, openingAcknowledgement, confirmationMisfits, speaksAsServer, readBackDropsSaid, thoughtDeniesSaid, claimsHistory, readBackItemDropped, readBackModifierLost, closingRepeatsItem, replyNotAnswering, asksContents, drinkCut, asksToSeeMenu, CORPUS_ADD_INS, checkBeforeReadBack, readBackOfQuestion, replyDrinks, closingSentenceShapes, misattachedModifier, splicedLine, splitOrderLost, turnNotFollowing, confirmsNothing, describesRecipe, statesSpec, halfCasedName, bareSecondDrink, withoutIngredientEspresso, saysNoMenu, speaksAsCustomer, spellDrinks, asksMenu, statesMenu, wrongArticle, asksOffTopic, claimsAction, claimsSituation, declines, menuCapitalised, endsOnQuestion, lineWords, menuItems, normalizeLine, opensWithGreeting, OPENS_WITH_FILLER, splitAcknowledgement, incompleteReadBack, readsOrderBack, readBackFrame, saysCannotOrder, saysUnavailable, tidyLine, userAsks, upstreamSlip } from '../../dialogueRules.js';
export { readBackFrame };

/** The inserted turns as a reader sees them: the user's text, the reply inside a FinishAction (with its thought). */
export function spokenTurns(tc: TestCase): { role: 'user' | 'assistant'; text: string; thought?: string }[] | undefined {
  const context = insertedContext(tc);
  if (!context) return undefined;
  return context.map((m) => {
    if (m.role !== 'assistant') return { role: 'user' as const, text: m.content };
    const a = shownAction(m.content);
    return { role: 'assistant' as const, text: a && typeof a.args === 'string' ? a.args : m.content, ...(a && 'thought' in a ? { thought: String(a.thought ?? '') } : {}) };
  });
}

export const contextRepeatedLine: CaseMeasure = {
  kind: 'case',
  id: 'long_context_repeated_line',
  group: 'text',
  title: 'long context: the inserted conversation has the assistant say the same line (4+ words) twice',
  population: 'evolved cases with an inserted long context',
  check(tc) {
    const turns = spokenTurns(tc);
    if (!turns) return undefined;
    const seen = new Map<string, number>();
    for (const t of turns) {
      if (t.role !== 'assistant' || lineWords(t.text) < 4) continue;
      const key = normalizeLine(t.text);
      seen.set(key, (seen.get(key) ?? 0) + 1);
    }
    const top = [...seen].sort((a, b) => b[1] - a[1])[0];
    return top && top[1] > 1 ? `${top[1]} times: "${top[0].slice(0, 90)}"` : null;
  },
};

export const contextDanglingQuestion: CaseMeasure = {
  kind: 'case',
  id: 'long_context_dangling_question',
  group: 'text',
  title: 'long context: the inserted conversation ends on a question of the assistant nobody answers ("Is this correct?"), then the task starts',
  population: 'evolved cases with an inserted long context',
  check(tc) {
    const turns = spokenTurns(tc);
    if (!turns?.length) return undefined;
    const last = turns[turns.length - 1];
    return last.role === 'assistant' && endsOnQuestion(last.text) ? `ends on "${last.text.slice(0, 100)}"` : null;
  },
};

export const contextEmptyThought: CaseMeasure = {
  kind: 'case',
  id: 'long_context_empty_thought',
  group: 'text',
  title: 'long context (CoT): an inserted assistant reply has an empty thought, unlike every other turn',
  population: 'CoT evolved cases with an inserted long context',
  check(tc) {
    if (!tc.cot) return undefined;
    const turns = spokenTurns(tc);
    if (!turns) return undefined;
    const empty = turns.filter((t) => t.role === 'assistant' && !t.thought?.trim());
    return empty.length ? `${empty.length} of ${turns.filter((t) => t.role === 'assistant').length} inserted replies, e.g. "${empty[0].text.slice(0, 60)}"` : null;
  },
};

/** Topics a user asks about under a word a tool doc would not use ("rain" for a Weather tool). */
const TOPIC_WORDS: [RegExp, string][] = [
  [/\b(?:weather|rain\w*|snow\w*|sunny|cloudy|storm\w*|temperature|forecast|umbrella|humid\w*|wind\w*|tornado|siren)\b/i, 'weather'],
  [/\b(?:headlines?|news)\b/i, 'news'],
  [/\b(?:stocks?|shares?|market)\b/i, 'stock'],
  [/\b(?:movies?|films?|cinema|actor|actress|oscars?|academy awards?|star of)\b/i, 'film movie'],
  [/\b(?:translat\w*|spanish|french|german|language)\b/i, 'translate translation'],
  [/\b(?:directions?|route|how far|distance|map)\b/i, 'map location route direction'],
    [/\b(?:papers?|research|scholar|article)\b/i, 'scholar paper'],
  [/\b(?:e-?mail)\b/i, 'email mail'],
  [/\b(?:calculat\w*|math|plus|minus|times|divided)\b/i, 'calculate calculator math'],
  [/\b(?:flights?|airport|fly)\b/i, 'flight airport'],
];
const stem = (w: string) => w.toLowerCase().replace(/(?:ing|ed|es|s)$/, '');

/** The topics a user's request is about, in the words a tool doc would use ("rain" -> weather). */
function topicWords(text: string): Set<string> {
  const out = new Set<string>();
  for (const [re, words] of TOPIC_WORDS) if (re.test(text)) for (const w of words.split(' ')) out.add(stem(w));
  return out;
}

/** A listed tool covering what an inserted reply declines, as "<tool>: <user's request>", or undefined. */
export function toolCoversDeclined(tc: TestCase, turns: { role: string; text: string }[]): string | undefined {
  for (let i = 1; i < turns.length; i++) {
    // A decline, or any reply to a question off the coffee: an answer made up without the tool is no better.
    if (turns[i].role !== 'assistant' || turns[i - 1].role !== 'user' || !(declines(turns[i].text) || asksOffTopic(turns[i - 1].text))) continue;
    const asked = topicWords(turns[i - 1].text);
    if (!asked.size) continue;
    for (const tool of tc.tools) {
      const doc = new Set(`${tool.name.replace(/[._]/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2')} ${tool.description}`.toLowerCase().match(/[a-z]{4,}/g)?.map(stem) ?? []);
      const shared = [...asked].find((w) => doc.has(w));
      if (shared) return `${tool.name} covers "${shared}", but the inserted reply to "${turns[i - 1].text.slice(0, 60)}" is "${turns[i].text.slice(0, 70)}"`;
    }
  }
  return undefined;
}

export const contextContradictsTools: CaseMeasure = {
  kind: 'case',
  id: 'long_context_contradicts_tools',
  group: 'text',
  title: 'long context: an inserted reply declines a topic one of the case\'s own tools covers ("Sorry I have no idea" about the rain, with a Weather tool listed)',
  population: 'evolved cases with an inserted long context',
  check(tc) {
    const turns = spokenTurns(tc);
    if (!turns) return undefined;
    return toolCoversDeclined(tc, turns) ?? null;
  },
};

export const contextDeclines: CaseMeasure = {
  kind: 'case',
  id: 'long_context_declines',
  group: 'text',
  title: 'long context: an inserted reply declines what it was asked ("I can only help you with your order", "I can\'t talk about movies") or answers a question off the coffee from nothing ("Who is the best youtube fashion star now?" -> "I would say Jennifer Anniston.")',
  population: 'evolved cases with an inserted long context',
  check(tc) {
    const turns = spokenTurns(tc);
    if (!turns) return undefined;
    const i = turns.findIndex((t, j) => j > 0 && t.role === 'assistant' && turns[j - 1].role === 'user' && (declines(t.text) || asksOffTopic(turns[j - 1].text)));
    return i >= 0 ? `${declines(turns[i].text) ? 'declines' : 'off-topic question answered'}: "${turns[i - 1].text.slice(0, 60)}" -> "${turns[i].text.slice(0, 80)}"` : null;
  },
};

export const contextContradictsItself: CaseMeasure = {
  kind: 'case',
  id: 'long_context_contradicts_itself',
  group: 'text',
  title: 'long context: the inserted conversation says the shop has no such drink and elsewhere serves it ("We don\'t have Mocha" ... "your mocha will be ready soon")',
  population: 'evolved cases with an inserted long context',
  check(tc) {
    const turns = spokenTurns(tc);
    if (!turns) return undefined;
    const replies = turns.filter((t) => t.role === 'assistant');
    for (const denial of replies) {
      const items = saysUnavailable(denial.text);
      if (!items?.length) continue;
      for (const other of replies) {
        if (other === denial || saysUnavailable(other.text)) continue;
        const item = items.find((i) => menuItems(other.text).includes(i));
        if (item) return `"${denial.text.slice(0, 60)}" but "${other.text.slice(0, 60)}"`;
      }
    }
    return null;
  },
};

export const contextGreetingReopens: CaseMeasure = {
  kind: 'case',
  id: 'long_context_greeting_reopens',
  group: 'text',
  title: 'long context: a user turn after the first greets again ("Hi, ..."), so the insertion reads as separate conversations strung together',
  population: 'evolved cases with an inserted long context',
  check(tc) {
    const turns = spokenTurns(tc);
    if (!turns) return undefined;
    const users = turns.filter((t) => t.role === 'user');
    const again = users.slice(1).filter((t) => opensWithGreeting(t.text));
    return again.length ? `${again.length} later user turns greet, e.g. "${again[0].text.slice(0, 60)}"` : null;
  },
};

export const contextUnbackedClaim: CaseMeasure = {
  kind: 'case',
  id: 'long_context_unbacked_claim',
  group: 'text',
  title: 'long context: an inserted reply (or its thought) claims an act done or under way that no tool call did ("Okay, order place. It will be ready soon!", "I put it in for you", "I\'ll send it to the coffee bar"; or a history with the customer it has not got ("Thank you for being a loyal customer.")',
  population: 'evolved cases with an inserted long context',
  check(tc) {
    const turns = spokenTurns(tc);
    if (!turns) return undefined;
    for (const t of turns) {
      if (t.role !== 'assistant') continue;
      const said = claimsAction(t.text) ?? claimsHistory(t.text);
      if (said) return `reply claims "${said}": "${t.text.slice(0, 90)}"`;
      const thought = t.thought ? claimsAction(t.thought) : undefined;
      if (thought) return `thought claims "${thought}": "${t.thought!.slice(0, 90)}"`;
    }
    return null;
  },
};


/**
 * One insertion says the assistant cannot order more than once: honest, but a disclaimer after
 * each of 25 orders (the median before) reads as a script. A person says it once, then names the
 * order and where to give it.
 */
export const contextClosingRepeated: CaseMeasure = {
  kind: 'case',
  id: 'long_context_closing_repeated',
  group: 'text',
  title: 'long context: the inserted assistant says it cannot place orders more than once ("I can\'t place orders from here, so you\'ll need to ask for … at the counter" after each of 25 orders)',
  population: 'evolved cases with an inserted long context',
  check(tc) {
    const turns = spokenTurns(tc);
    if (!turns) return undefined;
    const said = turns.filter((t) => t.role === 'assistant' && saysCannotOrder(t.text));
    return said.length > 1 ? `${said.length} replies say it cannot order: "${said[1].text.slice(0, 80)}"` : null;
  },
};

/**
 * The first fault `find` sees in one inserted dialogue of a case, each dialogue read on its own;
 * without the dialogues' starts (older builds) the insertion is read as one, and each order is still
 * tracked from the turn that names it. Undefined when the case has no inserted context.
 */
function dialogueDefect(tc: TestCase, find: (dialogue: NonNullable<ReturnType<typeof spokenTurns>>) => string | undefined): string | null | undefined {
  const turns = spokenTurns(tc);
  if (!turns) return undefined;
  for (const d of dialogueSegments(tc, turns) ?? [turns]) {
    const why = find(d);
    if (why) return why;
  }
  return null;
}

/** The inserted turns `find` finds fault with (given all turns and a turn's place), counted, the first one quoted. Undefined when the case has no inserted context. */
function turnDefects(tc: TestCase, find: (turns: NonNullable<ReturnType<typeof spokenTurns>>, i: number) => string | undefined): string | null | undefined {
  const turns = spokenTurns(tc);
  if (!turns) return undefined;
  const bad = turns.map((_, i) => find(turns, i)).filter(Boolean);
  return bad.length ? `${bad.length} turns, e.g. ${bad[0]}` : null;
}

/**
 * How many of a dialogue's replies `flag` finds fault with, and the first one's reason ("3 replies; …"),
 * or null when none: the form every per-reply long-context measure reports in.
 */
function repliesFlagged(turns: NonNullable<ReturnType<typeof spokenTurns>>, flag: (t: (typeof turns)[number], i: number) => string | undefined, lead = '; '): string | null {
  let n = 0;
  let first = '';
  turns.forEach((t, i) => {
    const why = flag(t, i);
    if (why && !n++) first = why;
  });
  return n ? `${n} replies${lead}${first}` : null;
}

/** The inserted replies `bad` finds fault with, counted, the first one quoted by `quote`. Undefined when the case has no inserted context. */
function replyDefects(tc: TestCase, bad: (text: string) => unknown, quote: (text: string) => string): string | null | undefined {
  const turns = spokenTurns(tc);
  if (!turns) return undefined;
  return repliesFlagged(turns, (t) => (t.role === 'assistant' && bad(t.text) ? quote(t.text) : undefined), ', e.g. ');
}

/**
 * The inserted turns cut into their source dialogues, from the insertion's `starts` (the turns that
 * open one); undefined for a case exported before evolve recorded them.
 */
export function dialogueSegments<T>(tc: TestCase, turns: T[]): T[][] | undefined {
  const starts = (tc.evolution?.details?.longContext as { starts?: unknown } | undefined)?.starts;
  if (!Array.isArray(starts) || !starts.every((n) => typeof n === 'number')) return undefined;
  const at = starts as number[];
  return at.map((s, k) => turns.slice(s, at[k + 1] ?? turns.length)).filter((d) => d.length);
}

/**
 * The shape of each sentence of a dialogue's closing reply: its words, with the words the customer
 * said in that dialogue (the order) masked ("Got it: a decaf Latte." -> "got it *"); see
 * pipeline/dialogueRules.ts closingSentenceShapes, which the rewrite uses to word closings apart.
 */
export function closingShapes(dialogue: { role: string; text: string }[]): string[] {
  const closing = [...dialogue].reverse().find((t) => t.role === 'assistant');
  if (!closing) return [];
  return closingSentenceShapes(closing.text, dialogue.filter((t) => t.role === 'user').map((t) => t.text));
}

/** How often the insertion's most used closing shape recurs, and whether any recurs in two closings in a row. */
export function closingRepeats(tc: TestCase): { top: string; n: number; inARow?: string } | undefined {
  const turns = spokenTurns(tc);
  if (!turns) return undefined;
  const segments = dialogueSegments(tc, turns);
  if (!segments) return undefined;
  const shapes = segments.map(closingShapes);
  const counts = new Map<string, number>();
  let inARow: string | undefined;
  shapes.forEach((ss, i) => {
    for (const s of ss) {
      counts.set(s, (counts.get(s) ?? 0) + 1);
      if (i > 0 && !inARow && shapes[i - 1].includes(s)) inARow = s;
    }
  });
  const [top, n] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
  return { top, n, inARow };
}

/**
 * Every dialogue of an insertion ends naming the order and where to give it; worded by a hash of
 * each dialogue, one insertion of 25 such closings said "Order it in person when you arrive." six
 * times (the median; 13 at most), four closings in a row. A person would vary it.
 */
export const contextClosingShape: CaseMeasure = {
  kind: 'case',
  id: 'long_context_closing_shape',
  group: 'text',
  title: 'long context: a sentence of the dialogues\' closings recurs in more than two of them, or in two in a row, with only the order changed ("Order it in person when you arrive." six times; "Got it: a Latte." ... "Got it: a mocha.")',
  population: 'evolved cases with an inserted long context',
  check(tc) {
    const r = closingRepeats(tc);
    if (!r) return undefined;
    if (r.n > 2) return `${r.n} closings say "${r.top}"`;
    return r.inARow ? `two closings in a row say "${r.inARow}"` : null;
  },
};

/** Median and maximum, over insertions, of how often the most used closing shape recurs (informational). */
export const contextClosingShapeRepeats: SetMeasure = {
  kind: 'set',
  id: 'long_context_closing_shape_repeats',
  group: 'text',
  title: 'long context: how often an insertion\'s most used closing sentence shape recurs (median over insertions; the maximum in the detail)',
  population: 'evolved cases with an inserted long context',
  better: 'lower',
  score(cases) {
    const per = cases.flatMap((tc) => {
      const r = closingRepeats(tc);
      return r ? [r.n] : [];
    });
    if (!per.length) return undefined;
    const sorted = [...per].sort((a, b) => a - b);
    return { value: sorted[Math.floor(sorted.length / 2)], n: per.length, detail: `median ${sorted[Math.floor(sorted.length / 2)]}, max ${sorted[sorted.length - 1]}` };
  },
};

export const contextReadBackIncomplete: CaseMeasure = {
  kind: 'case',
  id: 'long_context_readback_incomplete',
  group: 'text',
  title: 'long context: a reply reading back or confirming an order drops a modifier the customer stated ("I would like a Latte, but decaffeinated please" -> "Got it: a Latte.")',
  population: 'evolved cases with an inserted long context',
  check(tc) {
    return dialogueDefect(tc, incompleteReadBack);
  },
};

export const contextLowercaseLine: CaseMeasure = {
  kind: 'case',
  id: 'long_context_lowercase_line',
  group: 'text',
  title: 'long context: an inserted line starts a sentence in lower case or writes "i" for "I" ("of course.", "i would like two mochas")',
  population: 'evolved cases with an inserted long context',
  check(tc) {
    const turns = spokenTurns(tc);
    if (!turns) return undefined;
    const bad = turns.filter((t) => tidyLine(t.text) !== t.text);
    return bad.length ? `${bad.length} lines, e.g. "${bad[0].text.slice(0, 80)}"` : null;
  },
};

export const contextSplitsTask: CaseMeasure = {
  kind: 'case',
  id: 'long_context_splits_task',
  group: 'text',
  title: 'long context: the inserted conversation comes between the task\'s own turns, so the next task turn refers back across it ("Lastly, draft and publish a tweet…" after 80 coffee messages)',
  population: 'evolved cases with an inserted long context',
  check(tc) {
    const range = insertedRange(tc);
    if (!range) return undefined;
    const before = tc.messages.slice(0, range[0]).filter((m) => m.role === 'user');
    const after = tc.messages[range[1]];
    return before.length ? `${before.length} task user turn(s) before the insertion; the turn after it: "${(after?.content ?? '').slice(0, 70)}"` : null;
  },
};

/**
 * Most frequent inserted line over the cases with a long context — a reply of 4+ words or a request
 * of 8+ words (a short answer like "Yes, that is correct." is what any customer says) — and the
 * share of them holding it.
 */
export const contextLineTopShare: SetMeasure = {
  kind: 'set',
  id: 'long_context_line_top_share',
  group: 'text',
  title: 'long context: share of long-context cases holding the most frequent inserted line (a reply of 4+ words, a request of 8+)',
  population: 'evolved cases with an inserted long context',
  better: 'lower',
  minGateN: 100,
  score(cases) {
    const members = cases.flatMap((tc) => {
      const turns = spokenTurns(tc);
      return turns ? [{ id: tc.id, items: turns.filter((t) => lineWords(t.text) >= (t.role === 'assistant' ? 4 : 8)).map((t) => ({ key: normalizeLine(t.text), text: t.text })) }] : [];
    });
    const n = members.length;
    const counts = holderCounts(members);
    if (n === 0) return undefined;
    const top = [...counts.values()].sort((a, b) => b.n - a.n).slice(0, 3);
    return {
      value: (top[0]?.n ?? 0) / n,
      n,
      detail: top.map((t) => `${t.n}: "${t.text.slice(0, 60)}"`).join('; '),
      examples: top.map((t) => ({ id: t.id, detail: `${t.n} cases: "${t.text.slice(0, 90)}"` })),
    };
  },
};

/** How many source dialogues one insertion strings together (informational: the corpus's dialogues are short). */
export const contextDialogues: SetMeasure = {
  kind: 'set',
  id: 'long_context_dialogues',
  group: 'text',
  title: 'long context: source dialogues per insertion (mean; the user turns that open a new one in the detail)',
  population: 'evolved cases with an inserted long context',
  better: 'lower',
  score(cases) {
    const per = cases.map((tc) => tc.evolution?.details?.longContext as { from?: string[] } | undefined).filter((lc): lc is { from: string[] } => Array.isArray(lc?.from)).map((lc) => lc.from.length);
    if (per.length === 0) return undefined;
    const sorted = [...per].sort((a, b) => a - b);
    return { value: per.reduce((a, b) => a + b, 0) / per.length, n: per.length, detail: `median ${sorted[Math.floor(sorted.length / 2)]}, range ${sorted[0]}-${sorted[sorted.length - 1]}` };
  },
};

/** A thought that says its reply reads the order back ("Let me repeat the latte so they can correct anything I missed."). */
const THOUGHT_READS_BACK = /\b(?:read(?:ing)? (?:the|their|it|that|this)\b[^.;]*\bback|read-back|repeat(?:ing)? (?:the|their|what)|(?:saying|naming|echoing) [^.;]*\b(?:back|as they gave it)|going over [^.;]*once more|as i understood|into my own words|hear the \w+)/i;
/** A thought that says a detail is open and the reply asks about it ("Something about their choice is unclear…"). */
const THOUGHT_ASKS = /\b(?:still open|unclear|is not clear|more detail|one more detail|(?:i will|i'll|should|then) ask|asking (?:is|which|whether|what|how)|a question comes next|need to know|rather than guess|not guess|have not said)\b/i;
/** A thought that says the user asked a question ("They want to know about the macchiato…"). */
const THOUGHT_QUESTION = /\b(?:they (?:asked|want to know|are asking|are curious)|a question about|their question|this is a question|answer (?:this|that) (?:question|directly)|to answer this question)\b/i;
/** A thought that says the reply tells the user it cannot order. */
const THOUGHT_CANNOT = /\b(?:no tool that orders|beyond what i can do|cannot order|none of my tools|can only tell them what to ask)\b/i;

/**
 * What an inserted reply's thought says that its reply does not do, or undefined: a read-back
 * promised where the reply names no order, a detail said to be open where the reply only reads the
 * order back, a question the user did not ask (an order put as a request is no question), a
 * refusal to order the reply does not make.
 */
export function thoughtDisagrees(user: string, reply: string, thought: string): string | undefined {
  if (THOUGHT_READS_BACK.test(thought) && !readsOrderBack(reply)) return 'promises a read-back the reply does not give';
  if (THOUGHT_ASKS.test(thought) && (!endsOnQuestion(reply) || readsOrderBack(reply))) return readsOrderBack(reply) ? 'says a detail is open on a read-back' : 'says it will ask, the reply asks nothing';
  if (THOUGHT_QUESTION.test(thought) && !userAsks(user)) return 'calls the user\'s turn a question';
  if (THOUGHT_CANNOT.test(thought) && !saysCannotOrder(reply)) return 'says it cannot order, the reply does not';
  return undefined;
}

export const contextThoughtDisagrees: CaseMeasure = {
  kind: 'case',
  id: 'long_context_thought_disagrees',
  group: 'text',
  title: 'long context (CoT): an inserted reply\'s thought says something its reply does not do ("Let me repeat the latte so they can correct anything I missed." -> "Do you see the correct order?"; "Something about their choice is unclear" on a read-back; "They want to know about the macchiato" after "Can I get an oat milk Macchiato?")',
  population: 'CoT evolved cases with an inserted long context',
  check(tc) {
    if (!tc.cot) return undefined;
    const turns = spokenTurns(tc);
    if (!turns) return undefined;
    return repliesFlagged(turns, (t, i) => {
      if (t.role !== 'assistant' || !t.thought) return undefined;
      const user = turns[i - 1]?.role === 'user' ? turns[i - 1].text : '';
      const why = thoughtDisagrees(user, t.text, t.thought);
      return why && `${why}: "${t.thought.slice(0, 70)}" -> "${t.text.slice(0, 60)}"`;
    });
  },
};

/** A thought naming an order's details with a second drink's pronoun left in: "the almond milk and one with oat milk". */
const DETAIL_GARBLED = /\bthe [a-z ]{1,30}? and (?:one|another|the other)\s+(?:with\s+)?[a-z ]{0,20}?(?:milk|syrup|vanilla|caramel|hazelnut|shots?|decaf)\b/i;

export const contextThoughtDetailGarbled: CaseMeasure = {
  kind: 'case',
  id: 'long_context_thought_detail_garbled',
  group: 'text',
  title: 'long context (CoT): an inserted reply\'s thought names the order\'s details with the second drink\'s pronoun left in ("Reading the lattes back lets them confirm the almond milk and one with oat milk."), or a sugar-free flavour as sugar ("… lets them confirm the 2% milk and sugar." -> "a cortado with 2% milk and sugar free vanilla")',
  population: 'CoT evolved cases with an inserted long context',
  check(tc) {
    if (!tc.cot) return undefined;
    const turns = spokenTurns(tc);
    if (!turns) return undefined;
    const hit = turns.find((t) => t.role === 'assistant' && t.thought && DETAIL_GARBLED.test(t.thought));
    if (hit) return `"${DETAIL_GARBLED.exec(hit.thought!)![0]}" in "${hit.thought!.slice(0, 90)}"`;
    // "sugar free vanilla" named as "the sugar" (widened, h-evol25).
    const sugar = turns.find((t) => t.role === 'assistant' && t.thought && /\bsugar\b(?![ -]free)/i.test(t.thought) && /\bsugar[ -]free\b/i.test(t.text) && !/\bsugar\b(?![ -]free)/i.test(t.text));
    return sugar ? `"sugar" for the sugar-free: "${sugar.thought!.slice(0, 90)}" -> "${sugar.text.slice(0, 60)}"` : null;
  },
};

export const contextThoughtDeniesSaid: CaseMeasure = {
  kind: 'case',
  id: 'long_context_thought_denies_said',
  group: 'text',
  title: 'long context (CoT): an inserted reply\'s thought says the customer has not said what they want right after they said it ("Could I please get a dirty mocha with non-fat milk?" -> "Nothing they said tells me what they prefer.")',
  population: 'CoT evolved cases with an inserted long context',
  check(tc) {
    if (!tc.cot) return undefined;
    const turns = spokenTurns(tc);
    if (!turns) return undefined;
    return repliesFlagged(turns, (t, i) => (t.role !== 'assistant' || !t.thought || turns[i - 1]?.role !== 'user' ? undefined : thoughtDeniesSaid(turns[i - 1].text, t.thought)));
  },
};

/** Uses of one inserted thought in one case from which it reads as canned. */
export const THOUGHT_REPEAT_LIMIT = 2;

export const contextThoughtRepeats: CaseMeasure = {
  kind: 'case',
  id: 'long_context_thought_repeats',
  group: 'text',
  title: `long context (CoT): one inserted thought is used ${THOUGHT_REPEAT_LIMIT}+ times in one case ("Reading their choice back first avoids a mix-up." ten times)`,
  population: 'CoT evolved cases with an inserted long context',
  check(tc) {
    if (!tc.cot) return undefined;
    const turns = spokenTurns(tc);
    if (!turns) return undefined;
    const counts = new Map<string, number>();
    for (const t of turns) if (t.role === 'assistant' && t.thought) counts.set(t.thought, (counts.get(t.thought) ?? 0) + 1);
    const top = [...counts].sort((a, b) => b[1] - a[1])[0];
    return top && top[1] >= THOUGHT_REPEAT_LIMIT ? `${top[1]} times: "${top[0].slice(0, 90)}"` : null;
  },
};

/** A line spliced badly: no space after a sentence's end, a double space, a capital after a comma ("Okay.I can't place it for you, but  A Peppermint Rose tea …"). */
export function splicedBadly(text: string): string | undefined {
  const m = /[a-z!?]\.(?=[A-Z][a-z])|\S {2,}\S|, (?:but )?(?:A|An|One|The|Two) (?=[a-z])/.exec(text);
  return m ? `"${text.slice(Math.max(0, m.index - 20), m.index + 25)}"` : undefined;
}

export const contextSplicedLine: CaseMeasure = {
  kind: 'case',
  id: 'long_context_spliced_line',
  group: 'text',
  title: 'long context: an inserted reply is spliced badly: no space after a sentence end, a double space, a capital after a comma ("Okay.I can\'t place it for you, but  A Peppermint Rose tea is what to ask for")',
  population: 'evolved cases with an inserted long context',
  check(tc) {
    const turns = spokenTurns(tc);
    if (!turns) return undefined;
    for (const t of turns) {
      if (t.role !== 'assistant') continue;
      const bad = splicedBadly(t.text);
      if (bad) return bad;
    }
    return null;
  },
};

/**
 * The coffee agent spoke as the café ("Yes, we have Bigelow and Twinings.", "nothing on our menu");
 * the case's assistant is not the café, and the same insertion says it cannot reach the café.
 */
export const contextSpeaksAsCafe: CaseMeasure = {
  kind: 'case',
  id: 'long_context_speaks_as_cafe',
  group: 'text',
  title: 'long context: an inserted reply speaks as the café ("Yes, we have Bigelow and Twinings.", "our menu") or its server ("Okay I\'ll go make that right now.", "Hi what would you like", "Would you like anything else?") while the assistant says it cannot contact the café',
  population: 'evolved cases with an inserted long context',
  check(tc) {
    // Widened (evolve 49): or as the café's server ("Okay I'll go make that right now.", "Hi what would you like", "Would you like anything else?"; speaksAsServer).
    return replyDefects(tc, (text) => /\b(?:we|we're|we've|we'll|we'd|our|ours|let us)\b/i.test(text) || speaksAsServer(text), (text) => `"${text.slice(0, 80)}"`);
  },
};

/** Drinks a reply may name, for the read-back measures. */
const DRINK_WORDS = new Set(['hot chocolate', 'chai latte', 'cold brew', 'iced coffee', 'drip coffee', 'flat white', 'matcha latte', 'green tea', 'black tea', 'herbal tea', 'cappuccino', 'macchiato', 'americano', 'espresso', 'frappuccino', 'frappe', 'cortado', 'steamer', 'mocha', 'latte', 'chai', 'matcha', 'smoothie', 'tea', 'coffee']);
const namesDrink = (text: string) => menuItems(text).some((m) => DRINK_WORDS.has(m)) || /\b(?:cappucinos?|cortandos?|expressos?|lates?)\b/i.test(text);

/** The customer's request clause carried into a read-back ("… and make the milk steamed extra hot", "with both oat milk and caramel", "and please add caramel syrup"). */
const ECHO = /(?:\band|,)\s+(?:please\s+|also\s+)?(?:make|add|put)\s+(?:it|that|them|the|some|a|an|sea|extra|\w+\s+to (?:it|that))\b|\band double the\b|\bwith both\b|\bplease add\b/i;

/** A word that joins a clause to what follows (not a preposition: "anything else I could interest you with?"), ending a sentence of an inserted reply: an order cut mid-sentence ("Let me read that back: a mocha to go since. Is that right?", "A mocha with milk but?"). */
export const DANGLING_END = /\b(?:since|because|but|and|or|the|an?)\s*[.?!](?=\s|$)/i;

export const contextReadBackDangling: CaseMeasure = {
  kind: 'case',
  id: 'long_context_readback_dangling',
  group: 'text',
  title: 'long context: an inserted reply ends a sentence on a joining word, an order cut where the customer\'s sentence went on ("Let me read that back: a mocha to go since. Is that right?", "a latte with 2% milk and vanilla and.")',
  population: 'evolved cases with an inserted long context',
  check: (tc) => replyDefects(tc, (text) => DANGLING_END.test(text), (text) => `"${text.slice(0, 90)}"`),
};

/** An inserted reply naming an order in the customer's own request words, not as items and options; the clause, or undefined. */
export function echoedRequest(text: string): string | undefined {
  if (!namesDrink(text)) return undefined;
  const m = ECHO.exec(text);
  return m ? m[0].trim() : undefined;
}

export const contextReadBackEcho: CaseMeasure = {
  kind: 'case',
  id: 'long_context_readback_echo',
  group: 'text',
  title: 'long context: a read-back or closing copies the customer\'s request whole instead of restating the order ("a Mocha with whole milk and make the milk steamed extra hot, is that it?", "a Latte with both oat milk and caramel")',
  population: 'evolved cases with an inserted long context',
  check(tc) {
    return replyDefects(tc, echoedRequest, (text) => `"${echoedRequest(text)}" in "${text.slice(0, 90)}"`);
  },
};

/** An option word of an order capitalised inside a sentence, never part of a tea's name: lactose-free, to go, for here, oat milk run together. */
const OPTION_CAPITALISED = /(?<=[\w,%] )(?:Lactose|Free(?= milk\b)|To [Gg]o|For [Hh]ere|Oatmilk|Both)\b/;
export const contextMenuCapitalised: CaseMeasure = {
  kind: 'case',
  id: 'long_context_menu_capitalised',
  group: 'text',
  title: 'long context: an inserted reply capitalises a menu or option word inside a sentence ("So that\'s a Mocha with Oat Milk?", "Two Mocha\'s", "2% Lactose Free milk", "a Triple Oat Cortado To go")',
  population: 'evolved cases with an inserted long context',
  check(tc) {
    // Also a plural written with an apostrophe ("two chai latte's") and an article capitalised mid-sentence ("a cortado with almond and A latte").
    // Widened (evolve 87): an option's words the rewrite read as a tea's own name ("2% Lactose Free milk", "a Triple Oat Cortado To go", "with Oatmilk"), by a list of its own.
    return replyDefects(tc, (text) => menuCapitalised(text) || /\b(?:two|three|four|\d+)(?: \w+){0,2} \w+'s\b/i.test(text) || /(?<=[a-z,] )An? (?=[a-z])/.test(text) || OPTION_CAPITALISED.test(text), (text) => `"${text.slice(0, 90)}"`);
  },
};

/**
 * A drink's proper name written in lower case in a reply or its thought: "A lavender earl grey tea, did I catch
 * that right?", "So that's an english breakfast tea?" (the customer's typing read back as typed). Earl Grey is a
 * person and English a nation: a careful writer capitalises them whatever the customer typed.
 */
const PROPER_LOWERED = /\b(?:[Ee]arl gr[ae]y|earl Gr[ae]y|english|irish cream|french vanilla|french roast|italian roast|turkish coffee|mexican mocha|thai tea|vietnamese coffee)\b/;
export const contextProperNameLowered: CaseMeasure = {
  kind: 'case',
  id: 'long_context_proper_name_lowered',
  group: 'text',
  title: 'long context: an inserted reply or its thought writes a drink\'s proper name in lower case ("A lavender earl grey tea, did I catch that right?", "So that\'s an english breakfast tea?")',
  population: 'evolved cases with an inserted long context',
  check(tc) {
    const turns = spokenTurns(tc);
    if (!turns) return undefined;
    return repliesFlagged(turns, (t) => {
      if (t.role !== 'assistant') return undefined;
      const hit = [t.text, t.thought ?? ''].map((x) => PROPER_LOWERED.exec(x)).find(Boolean);
      return hit ? `"${hit[0]}" in "${(hit.input ?? '').slice(0, 80)}"` : undefined;
    }, ', e.g. ');
  },
};

export { confirmsNothing, namesCustomerWords } from '../../dialogueRules.js';

export const contextConfirmsNothing: CaseMeasure = {
  kind: 'case',
  id: 'long_context_confirms_nothing',
  group: 'text',
  title: 'long context: after an order, an inserted reply asks the customer to confirm without naming anything to confirm ("Is that everything you want?", "Please check the details of your order. Is it correct?")',
  population: 'evolved cases with an inserted long context',
  check(tc) {
    const turns = spokenTurns(tc);
    if (!turns) return undefined;
    const i = turns.findIndex((t, j) => t.role === 'assistant' && j > 0 && turns[j - 1].role === 'user' && confirmsNothing(turns[j - 1].text, t.text));
    return i >= 0 ? `"${turns[i - 1].text.slice(0, 60)}" -> "${turns[i].text.slice(0, 80)}"` : null;
  },
};

export const contextSituationalClaim: CaseMeasure = {
  kind: 'case',
  id: 'long_context_situational_claim',
  group: 'text',
  title: 'long context: an inserted reply places the assistant where it is not: at the shop or with its menu to hand ("… at this location.", "Take a look at their menu", "please see their menu above")',
  population: 'evolved cases with an inserted long context',
  check(tc) {
    const turns = spokenTurns(tc);
    if (!turns) return undefined;
    for (const t of turns) {
      if (t.role !== 'assistant') continue;
      const said = claimsSituation(t.text);
      if (said) return `"${said}": "${t.text.slice(0, 90)}"`;
    }
    return null;
  },
};

const AFFIRMED = /^\W*(?:yes|yep|yeah|yup|ya|correct|that'?s (?:right|correct|it)|it is|it'?s (?:right|correct)|looks (?:good|right|great|correct)|perfect|right|sure|absolutely|exactly|you got it|that is (?:right|correct|it))\b/i;

/** The longest run of words two lines share. */
function sharedRun(a: string, b: string): string[] {
  // "non-fat", "half-caf": one word, as a reader counts it.
  // A run stops at a sentence's end: "… oat milk? I want …" and "… oat milk. I can't …" share "oat milk", not "oat milk i".
  const words = (t: string, stop: string) => t.split(/(?<=[.!?])\s+/).flatMap((s) => [...normalizeLine(s.replace(/(?<=\w)-(?=\w)/g, '')).split(' '), stop]);
  const x = words(a, '\u0001');
  const y = words(b, '\u0002');
  let best: string[] = [];
  for (let i = 0; i < x.length; i++)
    for (let j = 0; j < y.length; j++) {
      let k = 0;
      while (i + k < x.length && j + k < y.length && x[i + k] === y[j + k]) k++;
      if (k > best.length) best = x.slice(i, i + k);
    }
  return best;
}

/** A shared run without the joining and pointing words at its ends ("cortado with nonfat milk and" -> "cortado with nonfat milk"). */
function trimRun(run: string[]): string[] {
  const edge = /^(?:and|or|but|so|is|are|then|that|thats|its|a|an|the|one|your|you|is|right|it)$/;
  let i = 0;
  let j = run.length;
  while (i < j && edge.test(run[i])) i++;
  while (j > i && edge.test(run[j - 1])) j--;
  return run.slice(i, j);
}

/** A reply after the customer confirmed a read-back that reads the order back again, 6+ of its words in a row; the words, or undefined. */
export function readBackRepeated(dialogue: { role: string; text: string }[]): string | undefined {
  for (let i = 0; i + 2 < dialogue.length; i++) {
    const [first, yes, next] = dialogue.slice(i, i + 3);
    if (first.role !== 'assistant' || yes.role !== 'user' || next.role !== 'assistant' || !readsOrderBack(first.text) || !AFFIRMED.test(yes.text)) continue;
    // The order's words only: not a joining word the two sentences happen to share after it ("… milk and you're set").
    const run = trimRun(sharedRun(first.text, next.text));
    if (run.length >= 6 && namesDrink(run.join(' '))) return `"${run.join(' ')}" read back, confirmed, then said again: "${next.text.slice(0, 80)}"`;
  }
  return undefined;
}

export const contextReadBackRepeated: CaseMeasure = {
  kind: 'case',
  id: 'long_context_readback_repeated',
  group: 'text',
  title: 'long context: once the customer has confirmed a read-back, the next reply reads the whole order back again ("A mocha with whole milk, steamed extra hot?" "Yes" "Then a mocha with whole milk, steamed extra hot is your order.")',
  population: 'evolved cases with an inserted long context',
  check(tc) {
    return dialogueDefect(tc, readBackRepeated);
  },
};

/**
 * The coffee agent answered from its scenario's menu ("Do you serve honey here?" -> "Yes they do.
 * They have buckwheat and clover."); rewritten in the third person it still states a particular
 * café's menu as fact, while the same insertion says the assistant cannot reach the café and it has
 * no tool that reads a menu.
 */
export const contextStatesMenu: CaseMeasure = {
  kind: 'case',
  id: 'long_context_states_menu',
  group: 'text',
  title: 'long context: an inserted reply states what a particular café has or can make as fact ("Do you serve honey here?" -> "Yes they do. They have buckwheat and clover."; "They offer mint, ginger and chamomile"; "Alright, I think they can do that. So that\'s a decaf mocha?") though the assistant has no tool that reads its menu',
  population: 'evolved cases with an inserted long context',
  check(tc) {
    const turns = spokenTurns(tc);
    if (!turns) return undefined;
    return repliesFlagged(turns, (t, i) => {
      if (t.role !== 'assistant') return undefined;
      const asked = i > 0 && turns[i - 1].role === 'user' && asksMenu(turns[i - 1].text);
      // Either way: "They have buckwheat and clover." and "I don't see mocha on the menu." both claim to know it.
      const said = statesMenu(t.text, asked) ?? claimsCanMake(t.text) ?? (saysUnavailable(t.text) ? t.text : undefined) ?? (i > 0 && turns[i - 1].role === 'user' ? describesRecipe(turns[i - 1].text, t.text) ?? (asksToSeeMenu(turns[i - 1].text) && !saysNoMenu(t.text) ? t.text : undefined) : undefined);
      return said && `"${turns[i - 1]?.text.slice(0, 50) ?? ''}" -> "${said.slice(0, 80)}"`;
    }, ', e.g. ');
  },
};

export const contextWrongArticle: CaseMeasure = {
  kind: 'case',
  id: 'long_context_wrong_article',
  group: 'text',
  title: 'long context: an inserted reply puts "a" or "an" against the sound of the next word ("A 8oz cappuccino?", "an mocha")',
  population: 'evolved cases with an inserted long context',
  check(tc) {
    return replyDefects(tc, wrongArticle, (text) => `"${wrongArticle(text)}" in "${text.slice(0, 80)}"`);
  },
};

/** A drink in a reply spelt as no careful writer spells it ("a decaffinated cuppuccino", "an almond Corado", "an expresso"); the word, or undefined. */
export function misspeltDrink(text: string): string | undefined {
  const right = spellDrinks(text);
  if (right === text) return undefined;
  const a = text.split(/\b/);
  const b = right.split(/\b/);
  return a.find((w, i) => w !== b[i]) ?? text;
}

export const contextMisspeltDrink: CaseMeasure = {
  kind: 'case',
  id: 'long_context_misspelt_drink',
  group: 'text',
  title: 'long context: an inserted reply spells a drink as the customer mistyped it ("Let me read that back: a decaffinated cuppuccino.", "You\'d like an almond Corado", "an expresso diluted with warm water")',
  population: 'evolved cases with an inserted long context',
  check(tc) {
    // A CoT reply's thought too ("Saying the matcha letta back to them …"): it names the drinks as the reply does.
    const turns = spokenTurns(tc);
    if (!turns) return undefined;
    const bad = turns.flatMap((t) => (t.role === 'assistant' ? [t.text, t.thought ?? ''] : [])).filter((x) => x && misspeltDrink(x));
    return bad.length ? `${bad.length} lines, e.g. "${misspeltDrink(bad[0])}" in "${bad[0].slice(0, 80)}"` : null;
  },
};

/**
 * A reply saying the menu is out of sight whose clause for what was asked keeps the asking words or
 * a broken noun ("unable to check what kids of coffee they have", "whether they have herbals",
 * "whether they have cold", "what sweetener comes with they have"); the clause, or undefined.
 */
export function garbledMenuClause(text: string): string | undefined {
  if (!saysNoMenu(text)) return undefined;
  const m = /\b(?:what|whether they have(?: any| an?)?) (?:(?:different |other )?(?:kinds?|kids|kinda|kind's|types?|sorts?|assortments?|varieties)\b|of\b|'s\b)|\b(?:what|whether)\b[^.;]{0,40}\b(?:please|exactly|thanks)\b(?=[^.;]{0,20}(?:they have|is beyond|[.;,]))|\bherbals\b|\bcomes with they\b|\bwhether they have (?:cold|hot|iced|this|that|it|a|an)(?= is\b|[.;,])|\b(?:whether|what) they have [^.;,]{0,30}\b(?:coffe|sweetners?)\b/i.exec(text);
  return m ? m[0] : undefined;
}

export const contextMenuClauseGarbled: CaseMeasure = {
  kind: 'case',
  id: 'long_context_menu_clause_garbled',
  group: 'text',
  title: 'long context: an inserted "I can\'t see their menu" reply words what was asked clumsily ("unable to check what kids of coffee they have", "whether they have herbals", "whether they have cold", "what sweetener comes with they have")',
  population: 'evolved cases with an inserted long context',
  check: (tc) => replyDefects(tc, garbledMenuClause, (text) => `"${garbledMenuClause(text)}" in "${text.slice(0, 90)}"`),
};

/**
 * Two sentences of filler opening a reply ("OK. Fine. Ordering it is up to you", "Alright. Good. I can't …", "Got it.
 * Got it: the cortado", the corpus's "Okay, cool." or "Okay sounds great." before the rewrite's "Noted, the cortado;"
 * or "Right, the mocha;"); the pair, or undefined.
 */
export function stackedFiller(text: string): string | undefined {
  const opened = splitAcknowledgement(text);
  const m = opened && OPENS_WITH_FILLER.exec(opened.rest);
  return m ? `${opened.ack} ${m[0]}` : undefined;
}

export const contextFillerStacked: CaseMeasure = {
  kind: 'case',
  id: 'long_context_filler_stacked',
  group: 'text',
  title: 'long context: an inserted reply opens with two fillers in a row, the corpus\'s and the rewrite\'s ("OK. Fine. Ordering it is up to you", "Alright. Good. I can\'t place the order")',
  population: 'evolved cases with an inserted long context',
  check: (tc) => replyDefects(tc, stackedFiller, (text) => `"${text.slice(0, 80)}"`),
};

/**
 * One drink's options joined by a second "with" ("a cortado with chocolate drizzle with almond milk", "a
 * cortado with oat milk with caramel flavor"): said back as the customer strung it, where a careful
 * barista says "with chocolate drizzle and almond milk". "flavored with", "along with" and a second
 * drink's own "with" are English; the phrase, or undefined.
 */
export function withTwice(text: string): string | undefined {
  return /\bwith ((?:(?!and\b|along\b|topped\b|flavou?red\b|made\b|one\b|the\b|an?\b)[\w%-]+ ){1,3})with\b/i.exec(text)?.[0];
}

export const contextWithTwice: CaseMeasure = {
  kind: 'case',
  id: 'long_context_with_twice',
  group: 'text',
  title: 'long context: an inserted reply strings one drink\'s options with two "with"s ("a cortado with chocolate drizzle with almond milk") instead of joining them with "and"',
  population: 'evolved cases with an inserted long context',
  check: (tc) => replyDefects(tc, withTwice, (text) => `"${withTwice(text)}" in "${text.slice(0, 80)}"`),
};

/** A word said twice in a row in an inserted reply ("A decaf cortado with caramel in it it is"), the customer's own stutter aside. */
export function wordDoubled(text: string): string | undefined {
  return /\b([a-z]+) \1\b/i.exec(text)?.[0];
}

export const contextWordDoubled: CaseMeasure = {
  kind: 'case',
  id: 'long_context_word_doubled',
  group: 'text',
  title: 'long context: an inserted reply says a word twice in a row, the order and the closing frame run together ("A decaf cortado with caramel in it it is; tell the barista when you get there.")',
  population: 'evolved cases with an inserted long context',
  check: (tc) => replyDefects(tc, wordDoubled, (text) => `"${wordDoubled(text)}" in "${text.slice(0, 80)}"`),
};

/** One cup of a drink sold by the cup said as "some" ("To confirm: some chai latte, is that it?"): the words, or undefined. */
export const someDrink = (text: string) => /\bsome (?:[\w%-]+ ){0,3}?(?:chai latte|latte|mocha|cortado|macchiato|cappuccino|americano|steamer|flat white|frappuccino)\b(?!s\b|\s+(?:sauce|syrup|powder|drizzle|flavou?r|chips?|shots?)\b)/i.exec(text)?.[0];

export const contextSomeDrink: CaseMeasure = {
  kind: 'case',
  id: 'long_context_some_drink',
  group: 'text',
  title: 'long context: an inserted reply says one cup of a drink sold by the cup as "some" ("I\'d really like some Chai Latte, please." -> "To confirm: some chai latte, is that it?", "Order some chai latte at the counter")',
  population: 'evolved cases with an inserted long context',
  check: (tc) => replyDefects(tc, someDrink, (text) => `"${someDrink(text)}" in "${text.slice(0, 80)}"`),
};

/** A read-back opening on the first word of the sentence the reply keeps before it ("That sounds great. That sounds like a decaf macchiato …?"). */
export function readBackOpenerTwice(text: string): string | undefined {
  const sentences = text.trim().split(/(?<=[.!?])\s+(?=[A-Z"])/);
  const last = sentences[sentences.length - 1];
  if (sentences.length < 2 || !/\?$/.test(last)) return undefined;
  const before = sentences[sentences.length - 2];
  return openerRepeated(before, last) ? `${before} ${last.slice(0, 40)}…` : undefined;
}

export const contextReadBackOpenerTwice: CaseMeasure = {
  kind: 'case',
  id: 'long_context_readback_opener_twice',
  group: 'text',
  title: 'long context: an inserted read-back opens on the first word of the sentence the reply keeps before it ("That sounds great. That sounds like a decaf macchiato with a little bit of chocolate drizzle, is that right?")',
  population: 'evolved cases with an inserted long context',
  check: (tc) => replyDefects(tc, readBackOpenerTwice, (text) => `"${readBackOpenerTwice(text)}"`),
};

export const contextReplyAsCustomer: CaseMeasure = {
  kind: 'case',
  id: 'long_context_reply_as_customer',
  group: 'text',
  title: 'long context: an inserted reply orders as the customer does, a corpus turn given to the wrong speaker ("I would like a cappuccino." -> "Give me a cortado extra foam please.")',
  population: 'evolved cases with an inserted long context',
  check: (tc) => replyDefects(tc, speaksAsCustomer, (text) => `"${text.slice(0, 80)}"`),
};

/**
 * A read-back whose restated request left its joins behind ("a decaf macchiato with chocolate and
 * to it", "a decaf cortado with and hazelnut", "and an other normal coffee"), or stacked two
 * connectors where the order had one ("a mocha with 2% milk and also and a cortado", "plus and a
 * latte", ", and and"); the words, or undefined.
 */
export function garbledReadBack(text: string): string | undefined {
  return garbledItem(text) ?? /\b(?:with|and|plus)(?:,? (?:also|then|too))*,? (?:and|with|plus|as well as)\b|\bas well as,? (?:and|with|plus)\b|\b(?:and|with) (?:to|in|into) (?:it|that|them)\b|\ban other\b|\b(?:and|plus|as well as)(?: also| then)*[.?!]/i.exec(text)?.[0];
}

/**
 * An order a reply names garbled out of the customer's sentence (widened, evolve 49): a question's
 * words taken for the drink's ("Do you guys do chocolate Americanos?" -> "a guys do chocolate
 * americanos"), one drink split against itself ("one triple latte, one triple and the other with 2%
 * milk"), the beans put in a drink read as a coffee ("an almond milk macchiato and a few raw
 * coffee?"), a request clause kept ("a single mocha with oat milk and can you make that to go",
 * "… with 2% milk and could you make that a decaf?"). The words, or undefined.
 */
export function garbledItem(text: string): string | undefined {
  return /\b(?:a|an|some) (?:guys|you|do|does|did|y'?all|folks)\b|\bone ([\w%-]+) [\w%-]+, one \1 and the other\b|\b(?:a few|some|a couple of) (?:[\w-]+ )?coffee\b(?![\s-]+(?:beans?|grounds?)\b)(?=\s*[?.,;!]|\s+(?:it|is|and|then|for)\b)|(?:\band|,)\s+(?:can|could|would|will) you\b(?!\s+(?:please\s+)?(?:confirm|tell|let|check|repeat|say|double-?check)\b)|\b(?:two|three|four|[2-4]) (?:espressos|lattes|mochas) shots?\b|\bif you (?:could|can|would) (?:please )?(?:make|add|put|do)\b|\b(?:and|with|plus),? of (?:the|a|an|your|their)\b|\b(?:with|and) [\w%-]+(?: [\w%-]+)? if (?:you|they) (?:have|'ve got|got) it\b|\band (?:please )?use\b/i.exec(text)?.[0];
}

export const contextReadBackGarbled: CaseMeasure = {
  kind: 'case',
  id: 'long_context_readback_garbled',
  group: 'text',
  title: 'long context: an inserted read-back keeps the joins of the request it restates or stacks two ("A decaf macchiato with chocolate and to it?", "A decaf cortado with and Hazelenut Sweetner", "Two decaf cortados and an other normal coffee?", "A mocha with 2% milk and also and a cortado with almond milk"), or names the order garbled ("a guys do chocolate americanos", "one triple latte, one triple and the other with 2% milk", "an almond milk macchiato and a few raw coffee?", "a single mocha with oat milk and can you make that to go")',
  population: 'evolved cases with an inserted long context',
  check: (tc) => replyDefects(tc, garbledReadBack, (text) => `"${garbledReadBack(text)}" in "${text.slice(0, 90)}"`),
};

/** A closing naming the order short whose option stops on its first word ("Say the mocha with extra at the register"); the words, or undefined. */
export function cutOption(text: string): string | undefined {
  return /\bwith (?:extra|no|light|less|more|double|triple|room|two|three|four|\d+)(?=[.,;!?]|\s+(?:at|and|is|sounds|for(?! (?:cream|milk|sugar)\b)|when|then|it|just|to|you)\b)/i.exec(text)?.[0];
}

export const contextShortOrderCut: CaseMeasure = {
  kind: 'case',
  id: 'long_context_short_order_cut',
  group: 'text',
  title: 'long context: an inserted closing names the order short and cuts an option on its first word ("the macchiato with extra is what to ask for", "Say the mocha with extra at the register")',
  population: 'evolved cases with an inserted long context',
  check: (tc) => replyDefects(tc, cutOption, (text) => `"${cutOption(text)}" in "${text.slice(0, 90)}"`),
};

/** A closing that says two drinks as one ("The mochas sounds like the one.", "the cortados" for "1 cortado"); the words, or undefined. */
export function pluralDisagrees(text: string): string | undefined {
  // "You'd like two latte, one with 2% milk …": a count with its drink in the singular.
  const count = /\b(?:[Tt]wo|[Tt]hree|[Ff]our|[2-9]) (?:(?!of\b|pumps?\b|shots?\b)[\w%-]+ ){0,2}?(?:latte|mocha|cappuccino|macchiato|americano|espresso|cortado|frappuccino|steamer|smoothie|coffee|flat white|cold brew)\b(?!s\b|es\b|'|\s+(?:lattes?|teas?|brews?|mochas?|coffees?|shots?|pumps?|beans?)\b)/.exec(text)?.[0];
  if (count) return count;
  // "a macchiatos", "a decaf macchiatos" (widened, evolve 49): an article with a drink in the plural.
  const article = /\b(?:a|an|one) (?:(?!(?:and|or|two|three|four|one|of|with|the|both)\b)[\w%-]+ ){0,3}?(?:lattes|mochas|macchiatos|cappuccinos|americanos|cortados|espressos|frappuccinos|steamers|chais|chai lattes|matcha lattes|flat whites|cold brews)\b/i.exec(text)?.[0];
  if (article) return article;
  // "the mocha with oat milk and the one with 2% milk; ask for it at the counter" (widened, evolve 53): two drinks, the second said as "one", then called "it".
  const oneMore = /\b(?:and|plus) (?:the|a|an|another) (?:[\w%-]+ ){0,2}?one\b(?! (?:to|of|for)\b)[^.?!;]*[;.]\s+[^.?!]*?\b(?:(?:order|ask for|mention|say|give|read|name|take|make) (?:it|that one)|that one)\b(?!')/i.exec(text)?.[0];
  if (oneMore) return oneMore;
  // "The chai tea latte, just as you said; mention them when you reach the front." (widened, evolve 75): one drink, named with no second, count or plural, then "them", "those" or "both".
  const onlyOne = oneDrinkAsMany(text);
  if (onlyOne) return onlyOne;
  return /\b(?:[Tt]he \w+s|[Tt]wo \w+s|the \w+ and the \w+) (?:sounds like the one|is the one)\b|(?<!\bwith )\b(?:(?:[Tt]he|[Tt]wo|[Tt]hree|[2-9]) (?:\w+ )?(?!(?:sound|look|seem|make|goe|come|work)s\b)\w{3,}s\b[^.?!]*|the \w+ and the \w+)[.!] (?:That'?s the one|Just ask the barista for that one|Order that one)\b|\b(?:[Tt]wo|[Tt]hree|[2-9]) \w+s(?:,[^.?!]*)? is (?:your order|what to ask|the one)\b|\b(?:1|one) \w+ with [^.?!]*\. [^.?!]*\bthe \w+os\b/.exec(text)?.[0];
}

/** What says "more than one" before a drink is called "them": a join, a count, a split, a plural drink. */
const MANY_SAID = /\b(?:and|plus|both|two|three|four|one of them|other|another|each|all)\b|\b\d+\b|\b\w+(?:lattes|mochas|cortados|cappuccinos|macchiatos|americanos|espressos|teas|brews|coffees|chais|steamers|frappuccinos|chocolates|whites|drinks|orders)\b|\b(?:lattes|mochas|cortados|cappuccinos|macchiatos|americanos|espressos|teas|brews|coffees|chais|steamers|frappuccinos|chocolates|whites|drinks|orders)\b/i;
/** The order as "them"/"those"/"both": "ask for them", "order those", "can take them", "have I got both right?". */
const MANY_REF = /\b(?:ask for|order|mention|take|give|make|read out|send|pass|name|say|tell the barista) (?:them|those)\b|\b(?:both|all three)(?: of (?:them|those))? right\b|\bcatch both\b/i;
/** A reply naming one drink that calls it "them", "those" or "both" ("The chai tea latte, just as you said; mention them when you reach the front."); the words, or undefined. */
export function oneDrinkAsMany(text: string): string | undefined {
  const ref = MANY_REF.exec(text);
  if (!ref) return undefined;
  const before = text.slice(0, ref.index);
  if (MANY_SAID.test(before) || !menuItems(before).some((m) => NAMED_DRINKS_SET.has(m))) return undefined;
  return `${before.trim().slice(-50)} … ${ref[0]}`;
}
const NAMED_DRINKS_SET = new Set(['hot chocolate', 'chai latte', 'cold brew', 'iced coffee', 'drip coffee', 'flat white', 'matcha latte', 'green tea', 'black tea', 'herbal tea', 'cappuccino', 'macchiato', 'americano', 'espresso', 'frappuccino', 'frappe', 'cortado', 'steamer', 'mocha', 'latte', 'chai', 'matcha', 'smoothie', 'tea']);

/** A CoT thought naming as two drinks ("the chai and the tea") what its reply says as one name ("the chai tea latte"); the words, or undefined. */
export function thoughtSplitsName(thought: string, reply: string): string | undefined {
  const two = /\bthe ([\w-]+) and the ([\w-]+)\b/i.exec(thought);
  if (!two) return undefined;
  return new RegExp(`\\b${two[1]} ${two[2]}\\b`, 'i').test(reply) && !new RegExp(`\\b${two[1]}s? and\\b`, 'i').test(reply) ? two[0] : undefined;
}

/** A thought naming two drinks or a plural one that then calls them "it" ("Their choice is the lattes, so naming it for the counter is enough."); the words, or undefined. */
export function thoughtPluralIt(thought: string): string | undefined {
  const plural = /\bthe \w+ and the \w+\b|\bthe (?:\w+ )?(?:lattes|mochas|cortados|cappuccinos|macchiatos|americanos|espressos|teas|brews|coffees|chais|steamers|frappuccinos|chocolates)\b/i.exec(thought);
  if (!plural || /\bthem\b/.test(thought)) return undefined;
  const it = /\b(?:name|order|ask for|orders|heard|understood|gave|say|naming|placing|about) it\b/i.exec(thought.slice(plural.index));
  return it ? `"${plural[0]}" … "${it[0]}"` : undefined;
}

export const contextPluralAgreement: CaseMeasure = {
  kind: 'case',
  id: 'long_context_plural_agreement',
  group: 'text',
  title: 'long context: an inserted closing treats two drinks as one ("The mochas sounds like the one.", "Then the latte and the mocha is the one to order") or one as two ("The chai tea latte, just as you said; mention them when you reach the front."; a thought\'s "the chai and the tea"), a reply counts a drink in the singular ("You\'d like two latte, one with 2% milk") or one in the plural ("a macchiatos?", "So that\'s a chai lattes?"), or a CoT thought calls two drinks "it" ("Their choice is the lattes, so naming it for the counter is enough.")',
  population: 'evolved cases with an inserted long context',
  check(tc) {
    const replies = replyDefects(tc, pluralDisagrees, (text) => `"${pluralDisagrees(text)}" in "${text.slice(0, 90)}"`);
    if (replies !== null) return replies;
    const thought = spokenTurns(tc)?.find((t) => t.role === 'assistant' && t.thought && thoughtPluralIt(t.thought));
    if (thought) return `thought ${thoughtPluralIt(thought.thought!)}: "${thought.thought!.slice(0, 90)}"`;
    // "Naming the chai and the tea back …" beside "a chai tea latte?" (widened, evolve 75).
    const split = spokenTurns(tc)?.find((t) => t.role === 'assistant' && t.thought && thoughtSplitsName(t.thought, t.text));
    return split ? `thought "${thoughtSplitsName(split.thought!, split.text)}" beside "${split.text.slice(0, 80)}"` : null;
  },
};

/** Why a customer's turn of the dialogue does not follow the reply before it; a dialogue's first turn follows nothing (pipeline/dialogueRules.ts turnNotFollowing). */
export function dialogueTurnNotFollowing(dialogue: { role: string; text: string }[]): string | undefined {
  for (const [i, t] of dialogue.entries()) {
    if (t.role === 'assistant') {
      // "I'd like a macchiato" -> "I can't seem to find that item.", "Can I see the menu again?" -> "Let me know if you'd like anything.".
      const user = i > 0 && dialogue[i - 1].role === 'user' ? dialogue[i - 1].text : undefined;
      const not = replyNotAnswering(user, t.text);
      if (not) return `reply ${not}: ${user === undefined ? '(no line before)' : `"${user.slice(0, 60)}"`} -> "${t.text.slice(0, 70)}"`;
      continue;
    }
    if (t.role !== 'user') continue;
    const prev = i > 0 && dialogue[i - 1].role === 'assistant' ? dialogue[i - 1].text : undefined;
    const why = turnNotFollowing(prev, t.text);
    if (why) return `${why}: ${prev === undefined ? '(dialogue opens)' : `"${prev.slice(0, 60)}"`} -> "${t.text.slice(0, 70)}"`;
  }
  return undefined;
}

export const contextTurnNotFollowing: CaseMeasure = {
  kind: 'case',
  id: 'long_context_turn_not_following',
  group: 'text',
  title: 'long context: an inserted customer turn does not follow the reply before it, or a reply does not answer the line before it ("I\'d like a macchiato" -> "I can\'t seem to find that item.", "I would like to get a Mocha please" -> "That looks perfect.", "Can I see the menu again?" -> "Let me know if you\'d like anything."; "Yeah, I\'ll take a Cortado" opening a dialogue after another\'s closing, "OK." -> "No, I want it decaf", "They all sound good" after "I can\'t see their menu")',
  population: 'evolved cases with an inserted long context',
  check: (tc) => dialogueDefect(tc, dialogueTurnNotFollowing),
};

export const contextCorpusLineSpliced: CaseMeasure = {
  kind: 'case',
  id: 'long_context_corpus_line_spliced',
  group: 'text',
  title: 'long context: an inserted turn keeps a corpus line spliced or cut ("Could I get a chai latte?Yes", "… to go please,", a line ending on a joining word)',
  population: 'evolved cases with an inserted long context',
  check: (tc) => turnDefects(tc, (turns, i) => splicedLine(turns[i].text)),
};

export const contextReadBackModifierMisattached: CaseMeasure = {
  kind: 'case',
  id: 'long_context_readback_modifier_misattached',
  group: 'text',
  title: 'long context: an inserted reply puts the customer\'s modifier of an add-in on the drink ("adding double sugar" -> "a double mocha", "a double foam cortado" -> "the double cortado")',
  population: 'evolved cases with an inserted long context',
  check: (tc) =>
    dialogueDefect(tc, (d) => {
      for (const [i, t] of d.entries()) {
        if (t.role !== 'assistant') continue;
        const why = misattachedModifier(d.slice(0, i).filter((u) => u.role === 'user').map((u) => u.text), t.text);
        if (why) return why;
      }
      return undefined;
    }),
};

export const contextShortOrderSplitLost: CaseMeasure = {
  kind: 'case',
  id: 'long_context_short_order_split_lost',
  group: 'text',
  title: 'long context: an inserted reply names a split order as one ("At the counter, just say the lattes." after "two lattes, one decaf")',
  population: 'evolved cases with an inserted long context',
  check: (tc) => dialogueDefect(tc, splitOrderLost),
};

/**
 * CoT long context: a reply naming two drinks, or more than one of a drink, whose thought names one
 * ("They want the cortado" beside "Say two cortados at the register"): the thought says less than
 * the reply it argues for.
 */
export const contextThoughtDrinkShort: CaseMeasure = {
  kind: 'case',
  id: 'long_context_thought_drink_short',
  group: 'text',
  title: 'long context (CoT): a reply names two drinks or more than one of a drink, and its thought names one ("They want the cortado" beside "two cortados")',
  population: 'evolved cases with an inserted long context',
  check(tc) {
    if (!tc.cot) return undefined;
    return dialogueDefect(tc, (turns) => {
      for (const t of turns) {
        // A thought about the question asked ("They asked about the americano") speaks of its topic, not of an order.
        if (t.role !== 'assistant' || !t.thought || /\b(?:question|asked about|want to know about|curious about)\b/i.test(t.thought)) continue;
        const drinks = replyDrinks(t.text);
        if (!drinks?.plural) continue;
        const thought = t.thought.toLowerCase();
        const single = drinks.phrase.includes(' and the ') ? drinks.phrase.split(' and the ')[0] : drinks.phrase.replace(/s$/, '');
        if (!thought.includes(drinks.phrase.toLowerCase()) && new RegExp(`\\bthe ${single}\\b(?!s)`).test(thought)) return `"${t.thought.slice(0, 80)}" beside "${t.text.slice(0, 80)}"`;
      }
      return undefined;
    });
  },
};

export const contextReadBackAddInDropped: CaseMeasure = {
  kind: 'case',
  id: 'long_context_readback_addin_dropped',
  group: 'text',
  title: 'long context: a read-back the customer confirms leaves out part of what they said about the drink: a corpus add-in ("a Macchiato with 2% milk and please add chocolate syrup" -> "a macchiato with 2% milk. Is that right?"; CORPUS_ADD_INS) or any milk, syrup, hot water, ice, foam, strength, named variant or per-drink split ("…whole milk and can you put some extra hot water in it" -> "a cortado with whole milk, extra hot?"; saidModifierKeys)',
  population: 'evolved cases with an inserted long context',
  // Widened (evolve 47): every modifier the customer says about the drink (saidModifierKeys: any milk, syrup, hot water, ice, foam, strength, a named variant, each drink of a split) must be in the read-back they confirm.
  check: (tc) => dialogueDefect(tc, (d) => incompleteReadBack(d, (m) => CORPUS_ADD_INS.includes(m)) ?? readBackDropsSaid(d)),
};

export const contextCheckBeforeReadBack: CaseMeasure = {
  kind: 'case',
  id: 'long_context_check_before_readback',
  group: 'text',
  title: 'long context: an inserted read-back asks for the check before it names the order ("If it\'s right let me know. A mocha with no foam? I want to make sure I heard you.")',
  population: 'evolved cases with an inserted long context',
  check: (tc) => replyDefects(tc, checkBeforeReadBack, (text) => checkBeforeReadBack(text)!),
};

export const contextReadBackOfQuestion: CaseMeasure = {
  kind: 'case',
  id: 'long_context_readback_of_question',
  group: 'text',
  title: 'long context: an inserted read-back names a drink the customer only asked about, not the one ordered ("I\'d like a Mocha" … "what syrups do you have for the coffee?" … "To be sure I follow, that\'s a coffee with vanilla?")',
  population: 'evolved cases with an inserted long context',
  check: (tc) => dialogueDefect(tc, readBackOfQuestion),
};

/**
 * The assistant sentence (3+ words) the most inserted dialogues hold, as a share of all inserted
 * dialogues ("Have I got that right?" after a read-back in 11.5% of them): a sentence every ninth
 * dialogue says is a template showing, not a barista talking.
 */
export const contextSentenceTopShare: SetMeasure = {
  kind: 'set',
  id: 'long_context_sentence_top_share',
  group: 'text',
  title: 'long context: share of inserted dialogues holding the most frequent assistant sentence of 3+ words ("Have I got that right?")',
  population: 'inserted dialogues of evolved cases with a long context',
  better: 'lower',
  minGateN: 1000,
  score(cases) {
    // Each dialogue's sentences as said (the first wording of a sentence is the one shown).
    const said = new Map<string, string>();
    function* dialogues() {
      for (const tc of cases) {
        const turns = spokenTurns(tc);
        if (!turns) continue;
        for (const d of dialogueSegments(tc, turns) ?? [turns]) {
          const keys: string[] = [];
          for (const t of d) {
            if (t.role !== 'assistant') continue;
            for (const sentence of t.text.trim().split(/(?<=[.!?])\s+/)) {
              const key = normalizeLine(sentence);
              if (key.split(' ').length < 3) continue;
              if (!said.has(key)) said.set(key, sentence);
              keys.push(key);
            }
          }
          yield { id: tc.id, keys };
        }
      }
    }
    return topShare(dialogues(), { top: 3, unit: 'dialogues', shown: (k) => said.get(k) ?? k });
  },
};

export const contextDrinkCut: CaseMeasure = {
  kind: 'case',
  id: 'long_context_drink_cut',
  group: 'text',
  title: 'long context: an inserted reply names the chai or matcha latte ordered as the bare tea ("Can I get a Chai Tea Latte" -> "To be sure I follow, that\'s a chai?")',
  population: 'evolved cases with an inserted long context',
  check: (tc) => dialogueDefect(tc, drinkCut),
};

/**
 * An insertion whose assistant says it cannot see the café's menu ("I can't see their menu") and
 * elsewhere answers from it: what a drink holds ("What is actually in a Matcha Latte?" -> "It has
 * some matcha concentrate with milk and a bit of microfoam."), or an item looked up on it ("I can't
 * seem to find that item."). One assistant, two claims about one menu; the quoted reply, or null.
 */
export function menuClaimContradicted(turns: { role: string; text: string }[]): string | undefined {
  if (!turns.some((t) => t.role === 'assistant' && saysNoMenu(t.text))) return undefined;
  for (const [i, t] of turns.entries()) {
    if (t.role !== 'assistant' || saysNoMenu(t.text)) continue;
    const user = i > 0 && turns[i - 1].role === 'user' ? turns[i - 1].text : '';
    // "It's a 12 oz cup of steamed milk with microfoam.", "Their cold brew is a mix of their delicious coffee concentrate and ice.": this café's make, from its menu.
    const spec = statesSpec(t.text, turns.slice(0, i).filter((u) => u.role === 'user').map((u) => u.text).join(' '));
    if (spec) return `says it cannot see the menu, yet states the café's make: "${spec.slice(0, 80)}"`;
    if (user && asksContents(user) && describesRecipe(user, t.text)) return `says it cannot see the menu, yet "${user.slice(0, 50)}" -> "${t.text.slice(0, 70)}"`;
    if (user && asksToSeeMenu(user)) return `says it cannot see the menu, yet "${user.slice(0, 50)}" -> "${t.text.slice(0, 70)}"`;
    if (replyNotAnswering(undefined, t.text)) return `says it cannot see the menu, yet "${t.text.slice(0, 70)}"`;
  }
  return undefined;
}

export const contextMenuClaimContradicted: CaseMeasure = {
  kind: 'case',
  id: 'long_context_menu_claim_contradicted',
  group: 'text',
  title: 'long context: the inserted assistant says it cannot see the café\'s menu and elsewhere answers from it ("It has some matcha concentrate with milk and a bit of microfoam." to "What is actually in a Matcha Latte?", "I can\'t seem to find that item.", "It\'s a 12 oz cup of steamed milk with microfoam." to "What is a steamer")',
  population: 'evolved cases with an inserted long context',
  check(tc) {
    const turns = spokenTurns(tc);
    if (!turns) return undefined;
    return menuClaimContradicted(turns) ?? null;
  },
};

/** Sentences (3+ words) of the inserted replies, normalized, once per case. */
export function replySentences(tc: TestCase): Set<string> | undefined {
  const turns = spokenTurns(tc);
  if (!turns) return undefined;
  const out = new Set<string>();
  for (const t of turns) {
    if (t.role !== 'assistant') continue;
    for (const sentence of t.text.trim().split(/(?<=[.!?])\s+/)) {
      const key = normalizeLine(sentence);
      if (key.split(' ').length >= 3) out.add(key);
    }
  }
  return out;
}

/**
 * The share of cases with an inserted long context whose inserted replies hold the most common
 * reply sentence ("Have I got that right?" in 954 of 1,000, "Have a Brew-tiful day!" in 729): each
 * case is read alone, so a stock line every case repeats shows as a template, however rare it is
 * among the pool's dialogues (long_context_sentence_top_share reads those).
 */
export const contextStockLineShare: SetMeasure = {
  kind: 'set',
  id: 'long_context_stock_line_share',
  group: 'text',
  title: 'long context: share of cases with an inserted context whose replies hold the most common reply sentence of 3+ words ("Have I got that right?", "Ask for it at the counter.", "Have a Brew-tiful day!")',
  population: 'evolved cases with an inserted long context',
  better: 'lower',
  minGateN: 100,
  score(cases) {
    function* withContext() {
      for (const tc of cases) {
        const keys = replySentences(tc);
        if (keys) yield { id: tc.id, keys };
      }
    }
    return topShare(withContext(), { top: 5, unit: 'cases' });
  },
};


export const contextReadBackItemDropped: CaseMeasure = {
  kind: 'case',
  id: 'long_context_readback_item_dropped',
  group: 'text',
  title: 'long context: an inserted read-back names fewer drinks than the customer ordered ("I would like one decaf Latte and one regular." -> "So that\'s one decaf latte?"; "one regular Cortado and one decaffeinated" -> "one decaf regular cortado")',
  population: 'evolved cases with an inserted long context',
  check: (tc) => dialogueDefect(tc, readBackItemDropped),
};

export const contextReadBackModifierLost: CaseMeasure = {
  kind: 'case',
  id: 'long_context_readback_modifier_lost',
  group: 'text',
  title: 'long context: an inserted read-back or closing names an add-in without the amount the customer gave it ("put some extra oat milk in it" -> "The cappuccino with oat milk it is."; "only half the normal chocolate" -> "a mocha with whole milk and chocolate")',
  population: 'evolved cases with an inserted long context',
  check: (tc) => dialogueDefect(tc, readBackModifierLost),
};

/**
 * A read-back or closing whose order ends in an aside ("two mochas, one decaf", "a mocha, not too hot")
 * with the frame's words run on after it: "Is it two mochas, one decaf you'd like?", "A mocha, not too
 * hot is your order", "Say two lattes, one decaf at the register and that's it.", "A cortado, extra hot it is."
 */
const RUN_ON_TAIL = /(?:you'd like\?|down;|it is\b|is (?:your order|what (?:you're after|to ask for)|the one to order)\b|sounds like the one\b|(?:for you|for today), then\b|at the register and\b|and you're set\b)/;
let runOn: RegExp | undefined;
export function readBackRunOn(text: string): string | undefined {
  runOn ??= new RegExp(`\\b(?:Is it|I have) [^?;.]*?, [^?;.]*? (?:you'd like\\?|down;)|\\b(?:a|an|one|two|three|the|both|\\d+) (?:[\\w%'-]+ ){0,6}?(?:${[...DRINK_WORDS].join('|')})s?, (?:[\\w%'-]+ ){0,12}?${RUN_ON_TAIL.source}`, 'i');
  return runOn.exec(text)?.[0];
}

export const contextReadBackRunOn: CaseMeasure = {
  kind: 'case',
  id: 'long_context_readback_run_on',
  group: 'text',
  title: 'long context: an inserted read-back or closing runs its frame on after an order that ends in an aside ("Is it two mochas, one decaf you\'d like?", "I have two lattes, one decaf down; is that accurate?", "A mocha, not too hot is your order", "Say two lattes, one decaf at the register and that\'s it.")',
  population: 'evolved cases with an inserted long context',
  check: (tc) => replyDefects(tc, readBackRunOn, (t) => readBackRunOn(t) ?? t),
};

export const contextClosingRepeatsItem: CaseMeasure = {
  kind: 'case',
  id: 'long_context_closing_repeats_item',
  group: 'text',
  title: 'long context: an inserted closing names one drink in two sentences ("Noted, the decaf cortado. Ask for the cortado at the till.")',
  population: 'evolved cases with an inserted long context',
  check: (tc) => dialogueDefect(tc, closingRepeatsItem),
};

export const contextReplyMissesOrder: CaseMeasure = {
  kind: 'case',
  id: 'long_context_reply_misses_order',
  group: 'text',
  title: 'long context: an inserted reply does not answer the customer\'s order or change just before it ("I would like a Americano with a hint of vanilla please." -> "Okay maybe this drink?", "No, I actually want it decaf." -> "OK, how is the order now?", "Can I get a matcha please?" -> "Yes, it is also a great drink.")',
  population: 'evolved cases with an inserted long context',
  check(tc) {
    const turns = spokenTurns(tc);
    if (!turns) return undefined;
    for (let i = 1; i < turns.length; i++) {
      if (turns[i].role !== 'assistant' || turns[i - 1].role !== 'user') continue;
      const why = replyMissesOrder(turns[i - 1].text, turns[i].text);
      if (why) return why;
    }
    return null;
  },
};

/** The bare acknowledgement each inserted reply opens with ("OK.", "Great."), as its canonical word, or "" when it opens with none. */
function replyOpeners(cases: TestCase[]): { id: string; openers: string[] }[] {
  return cases.flatMap((tc) => {
    const turns = spokenTurns(tc);
    if (!turns) return [];
    return [{ id: tc.id, openers: turns.filter((t) => t.role === 'assistant').map((t) => (openingAcknowledgement(t.text) ?? '').toLowerCase().replace(/[^a-z' ]/g, '').trim()) }];
  });
}

/** How many inserted replies there are, and how many open with each bare acknowledgement (with the first case holding it). */
function openerTally(cases: TestCase[]): { n: number; counts: Map<string, { n: number; id: string }> } | undefined {
  const all = replyOpeners(cases);
  const n = all.reduce((k, c) => k + c.openers.length, 0);
  if (!n) return undefined;
  const counts = new Map<string, { n: number; id: string }>();
  for (const c of all) for (const o of c.openers) if (o) counts.set(o, { n: (counts.get(o)?.n ?? 0) + 1, id: counts.get(o)?.id ?? c.id });
  return { n, counts };
}

export const contextAcknowledgementShare: SetMeasure = {
  kind: 'set',
  id: 'long_context_acknowledgement_share',
  group: 'text',
  title: 'long context: share of inserted replies opening with a bare acknowledgement ("OK. So that\'s a latte?", "Great. Ask for it at the counter.")',
  population: 'inserted assistant replies of evolved cases with a long context',
  better: 'lower',
  minGateN: 1000,
  score(cases) {
    const tally = openerTally(cases);
    if (!tally) return undefined;
    const { n, counts } = tally;
    const opened = [...counts.values()].reduce((k, c) => k + c.n, 0);
    const top = [...counts].sort((a, b) => b[1].n - a[1].n).slice(0, 4);
    return {
      value: opened / n,
      n,
      detail: `${opened} of ${n} replies; ${top.map(([k, c]) => `"${k}" ${c.n}`).join(', ')}`,
      examples: top.map(([k, c]) => ({ id: c.id, detail: `${c.n} replies open with "${k}"` })),
    };
  },
};

export const contextAcknowledgementTop: SetMeasure = {
  kind: 'set',
  id: 'long_context_acknowledgement_top_share',
  group: 'text',
  title: 'long context: share of inserted replies opening with the commonest bare acknowledgement ("OK.")',
  population: 'inserted assistant replies of evolved cases with a long context',
  better: 'lower',
  minGateN: 1000,
  score(cases) {
    const tally = openerTally(cases);
    if (!tally) return undefined;
    const { n, counts } = tally;
    const top = [...counts].sort((a, b) => b[1].n - a[1].n)[0];
    return top ? { value: top[1].n / n, n, detail: `"${top[0]}" opens ${top[1].n} of ${n} replies`, examples: [{ id: top[1].id, detail: `"${top[0]}" ${top[1].n} replies` }] } : { value: 0, n, detail: 'no reply opens with a bare acknowledgement', examples: [] };
  },
};

/** A thought with the drinks it names masked ("They confirmed the latte; …" -> "They confirmed the X; …"): the frame a reader sees again. */
export function thoughtFrame(thought: string): string {
  return thought.replace(/\bthe (?:[a-z]+ ){0,3}?(?:hot chocolate|chai latte|cold brew|iced coffee|drip coffee|flat white|matcha latte|green tea|black tea|herbal tea|cappuccino|macchiato|americano|espresso|frappuccino|frappe|cortado|steamer|mocha|latte|chai|matcha|smoothie|tea|coffee)s?(?: and the (?:[a-z]+ ){0,3}?[a-z]+)?\b/gi, 'the X');
}

export const contextThoughtFrameShare: SetMeasure = {
  kind: 'set',
  id: 'long_context_thought_frame_share',
  group: 'text',
  title: 'long context (CoT): share of insertions holding the commonest thought frame of an inserted reply, drinks masked ("They have chosen the X, and they will give the order at the counter.")',
  population: 'CoT evolved cases with an inserted long context',
  better: 'lower',
  minGateN: 100,
  score(cases) {
    return topShare(
      cases.flatMap((tc) => {
        const turns = tc.cot ? spokenTurns(tc) : undefined;
        return turns ? [{ id: tc.id, keys: turns.filter((t) => t.role === 'assistant' && t.thought).map((t) => thoughtFrame(t.thought!)) }] : [];
      }),
      { top: 3, unit: 'insertions' },
    );
  },
};

/**
 * The customer's "Yes it does" to a read-back that asks nothing with "does" ("So that's a latte with
 * oat milk and a mocha with almond milk?" -> "Yes it does"): the corpus's customer answered the
 * till's "Does this look right?", which the rewrite replaced (pipeline/dialogueRules.ts confirmationMisfits).
 */
export const contextConfirmationMisfits: CaseMeasure = {
  kind: 'case',
  id: 'long_context_confirmation_misfits',
  group: 'text',
  title: 'long context: an inserted customer confirms echoing a verb the question was not asked with: "Yes it does" to no "does" ("So that\'s a latte with oat milk and a mocha with almond milk?" -> "Yes it does"), "Yes I am" to no "are you" ("…, is every detail right?" -> "Yes I am."), "Yes I do", "Yes they are", or "Yes it is" to "Have I got that right?"',
  population: 'evolved cases with an inserted long context',
  check: (tc) => turnDefects(tc, (turns, i) => (turns[i].role === 'user' && turns[i - 1]?.role === 'assistant' ? confirmationMisfits(turns[i - 1].text, turns[i].text) : undefined)),
};

/**
 * The closing after a confirmed read-back giving less than was confirmed: "a cortado with vanilla and
 * oat milk?" "Yes" "Give the barista your order: the cortado with vanilla." (pipeline/dialogueRules.ts
 * closingDropsConfirmed; the rewrite's shortOrder names the drink alone or all of it).
 */
export const contextClosingDropsConfirmed: CaseMeasure = {
  kind: 'case',
  id: 'long_context_closing_drops_confirmed',
  group: 'text',
  title: 'long context: an inserted closing after a confirmed read-back names some but not all of its options, or calls a partial order the order ("a cortado with vanilla and oat milk?" "Yes" "Give the barista your order: the cortado with vanilla."; "a sugar-free vanilla macchiato with almond milk?" "Yes" "Then the macchiato with almond milk is your order.")',
  population: 'evolved cases with an inserted long context',
  check: (tc) => dialogueDefect(tc, closingDropsConfirmed),
};

/** An inserted reply carrying a slip of the corpus's writers into the helper's words ("Sound good. The latte, just as you said; …", "So thats a macchiato", "english breatfast tea"; dialogueRules UPSTREAM_SLIPS). */
export const contextUpstreamSlip: CaseMeasure = {
  kind: 'case',
  id: 'long_context_upstream_slip',
  group: 'text',
  title: 'long context: an inserted reply carries a slip of the corpus into the helper\'s words ("Sound good. The latte, just as you said; …", "So thats a macchiato …", "an english breatfast tea", "a latte with 2% mild", "Prefect.")',
  population: 'evolved cases with an inserted long context',
  check: (tc) => replyDefects(tc, upstreamSlip, (text) => `"${upstreamSlip(text)}" in "${text.slice(0, 90)}"`),
};


/** A reply that is only an acknowledgement ("OK!", "Great.", "Sure, thank you."): it names nothing and settles nothing. */
const BARE_ACK = /^\W*(?:ok(?:ay)?|alright|all right|great|fine|sure(?: thing)?|perfect|awesome|excellent|wonderful|cool|thanks?|thank you|good|nice|got it|sounds good|will do|no problem)[\s,.!]*(?:(?:ok(?:ay)?|great|sure|thanks?|thank you|perfect)[\s,.!]*)*$/i;
const SAID_YES_TO = /^\W*(?:(?:oh|um+|ah+)[,.]?\s*)?(?:yes|yep|yeah|yup|ya|correct|that'?s (?:right|correct|it|what i want)|it is|it'?s (?:right|correct|fine|good)|looks (?:good|right|great|correct)|everything looks|perfect|right|sure|absolutely|exactly|you got it)\b/i;

/**
 * The dialogue's last reply, after the customer said yes to a read-back, left as a bare "OK!" or
 * "Great!" once its claim ("We will get that for you right away at the coffee bar.") was dropped,
 * while the closings around it name the order and where to give it (265 of 1,000 insertions on f28).
 */
export const contextBareClosing: CaseMeasure = {
  kind: 'case',
  id: 'long_context_bare_closing',
  group: 'text',
  title: 'long context: an inserted reply after the customer\'s yes to a read-back is a bare acknowledgement ("To be sure I follow, that\'s 2 lattes?" "Yes." "OK!"), where every other closing names the order and where to give it',
  population: 'evolved cases with an inserted long context',
  check: (tc) =>
    turnDefects(tc, (turns, i) => {
      const [rb, yes, t] = [turns[i - 2], turns[i - 1], turns[i]];
      if (!rb || t.role !== 'assistant' || yes.role !== 'user' || rb.role !== 'assistant') return undefined;
      return readsOrderBack(rb.text) && SAID_YES_TO.test(yes.text) && BARE_ACK.test(t.text) ? `"${rb.text.slice(0, 60)}" "${yes.text.slice(0, 30)}" "${t.text}"` : undefined;
    }),
};

/** A thought that says nothing of its turn, only that no tool is needed ("Nothing here calls for a tool; I can reply straight away.", "A short reply is all this needs."). */
const STOCK_THOUGHT = /^(?:this needs no tool call|nothing here calls for a tool|a plain reply is enough|no tool is needed (?:for this|to answer)|a short (?:reply|answer)|i can respond to this directly|just a brief answer|this only needs a word back|no lookup is needed|a sentence in reply|nothing to call here|i can simply answer|i can answer this straight away|they asked something i can answer|their question needs only|i know the answer to this|this question is easy|this is a question about the drinks)\b/i;

/**
 * The share of CoT insertions holding a stock thought that says nothing of its turn ("Nothing here
 * calls for a tool; I can reply straight away." on the bare "OK!" after a confirmed read-back), where
 * the thoughts around it say what the turn does with its drink.
 */
export const contextStockThoughtShare: SetMeasure = {
  kind: 'set',
  id: 'long_context_stock_thought_share',
  group: 'text',
  title: 'long context (CoT): share of insertions holding a stock thought that says nothing of its turn ("Nothing here calls for a tool; I can reply straight away." on a bare "OK!")',
  population: 'CoT evolved cases with an inserted long context',
  better: 'lower',
  minGateN: 100,
  score(cases) {
    let n = 0;
    let hit = 0;
    const counts = new Map<string, { n: number; id: string }>();
    for (const tc of cases) {
      const turns = tc.cot ? spokenTurns(tc) : undefined;
      if (!turns) continue;
      n++;
      const stock = turns.filter((t) => t.role === 'assistant' && t.thought && STOCK_THOUGHT.test(t.thought.trim()));
      if (!stock.length) continue;
      hit++;
      for (const t of stock) counts.set(t.thought!.trim(), { n: (counts.get(t.thought!.trim())?.n ?? 0) + 1, id: counts.get(t.thought!.trim())?.id ?? tc.id });
    }
    if (!n) return undefined;
    const top = [...counts].sort((a, b) => b[1].n - a[1].n).slice(0, 3);
    return { value: hit / n, n, detail: `${hit} of ${n} insertions; ${top.map(([k, c]) => `${c.n}: "${k.slice(0, 50)}"`).join('; ')}`, examples: top.map(([k, c]) => ({ id: c.id, detail: `${c.n}× "${k}"` })) };
  },
};

/**
 * The most read-backs of one insertion in one frame ("To be sure I follow, that's …?" three times in
 * one conversation of thirty orders): the mean over insertions of the commonest frame's count.
 */
export const contextReadBackFrameRepeats: SetMeasure = {
  kind: 'set',
  id: 'long_context_readback_frame_repeats',
  group: 'text',
  title: 'long context: mean over insertions of how often the commonest read-back frame recurs in one insertion ("To be sure I follow, that\'s …?" 3 times in one case)',
  population: 'evolved cases with an inserted long context',
  better: 'lower',
  minGateN: 100,
  score(cases) {
    let n = 0;
    let sum = 0;
    let worst: { id: string; k: number; frame: string } | undefined;
    for (const tc of cases) {
      const turns = spokenTurns(tc);
      if (!turns) continue;
      const counts = new Map<string, number>();
      for (const t of turns) {
        const f = t.role === 'assistant' ? readBackFrame(t.text) : undefined;
        if (f) counts.set(f, (counts.get(f) ?? 0) + 1);
      }
      const top = [...counts].sort((a, b) => b[1] - a[1])[0];
      n++;
      sum += top?.[1] ?? 0;
      if (top && (!worst || top[1] > worst.k)) worst = { id: tc.id, k: top[1], frame: top[0] };
    }
    if (!n) return undefined;
    return { value: sum / n, n, detail: worst ? `most: ${worst.k}× "${worst.frame}"` : 'no read-backs', examples: worst ? [{ id: worst.id, detail: `${worst.k}× "${worst.frame}"` }] : [] };
  },
};

/**
 * A customer's one drink, said twice in one turn, counted as two ("I think a Cappuccino would be good
 * right now, so one Cappuccino." -> "a cappuccino and one cappuccino?", then "The cappuccinos, then").
 */
export const contextRestatedItemCounted: CaseMeasure = {
  kind: 'case',
  id: 'long_context_restated_item_counted',
  group: 'text',
  title: 'long context: a drink the customer says twice in one turn is counted as two ("I think a Cappuccino would be good right now, so one Cappuccino." -> "a cappuccino and one cappuccino?", "The cappuccinos, then"; "one Cortado, that\'s one Cortado to carry out" -> "one cortado and one cortado")',
  population: 'evolved cases with an inserted long context',
  check: (tc) => dialogueDefect(tc, restatedItemCounted),
};

/**
 * A closing naming the customer's drink without what they asked for in it, when no reply before it
 * read that back (a menu reply in between): "Do you guys have a Cappuccino that's with non-fat milk?
 * Oh, and make sure use Vanilla…" … "Okay, that's my order!" -> "At the counter, just say a cappuccino."
 */
export const contextClosingDropsAsked: CaseMeasure = {
  kind: 'case',
  id: 'long_context_closing_drops_asked',
  group: 'text',
  title: 'long context: an inserted closing names the customer\'s drink without a detail they gave it, nothing having read it back ("Do you guys have a Cappuccino that\'s with non-fat milk? Oh, and make sure use Vanilla…" -> a menu reply -> "Okay, that\'s my order!" -> "At the counter, just say a cappuccino.")',
  population: 'evolved cases with an inserted long context',
  check: (tc) => dialogueDefect(tc, closingDropsAsked),
};

/**
 * A read-back or closing counting the customer's drinks wrong ("one latte with almond milk and the
 * other with oat milk" -> "Noted, the latte"; "2 coffees. 1 latte with almond milk and 1 Cappuccino
 * with oat milk" -> "2 coffees with almond milk and 1 cappuccino with oat milk?").
 */
export const contextOrderCountMisread: CaseMeasure = {
  kind: 'case',
  id: 'long_context_order_count_misread',
  group: 'text',
  title: 'long context: an inserted read-back or closing counts the customer\'s drinks wrong ("one latte with almond milk and the other with oat milk" -> "Noted, the latte"; "a Macchiato and can you make one decaf and the other regular" -> "a decaf macchiato?"; "2 coffees. 1 latte with almond milk and 1 Cappuccino with oat milk" -> "2 coffees with almond milk and 1 cappuccino with oat milk?")',
  population: 'evolved cases with an inserted long context',
  check: (tc) => dialogueDefect(tc, orderCountMisread),
};

export const contextNameHalfCased: CaseMeasure = {
  kind: 'case',
  id: 'long_context_name_half_cased',
  group: 'text',
  title: 'long context: an inserted reply or its thought writes a tea\'s or coffee\'s name half lower-cased, half capitalised ("One peppermint Rose tea, is that right?", "An English breakfast black tea", "a Ginger green Cold Steep tea")',
  population: 'evolved cases with an inserted long context',
  check(tc) {
    const turns = spokenTurns(tc);
    if (!turns) return undefined;
    const bad = turns.flatMap((t) => (t.role === 'assistant' ? [t.text, t.thought ?? ''] : [])).filter((x) => x && halfCasedName(x));
    return bad.length ? `${bad.length} lines, e.g. "${halfCasedName(bad[0])}" in "${bad[0].slice(0, 80)}"` : null;
  },
};

export const contextItemArticleMissing: CaseMeasure = {
  kind: 'case',
  id: 'long_context_item_article_missing',
  group: 'text',
  title: 'long context: an inserted read-back or closing names an order\'s second drink without its article, as the corpus typed it ("a mocha with 2% milk and cortado with skim milk, is that right?")',
  population: 'evolved cases with an inserted long context',
  check: (tc) => replyDefects(tc, bareSecondDrink, (text) => `"${bareSecondDrink(text)}" in "${text.slice(0, 90)}"`),
};

/**
 * A reply or thought of a dialogue naming the espresso as a drink of its own ("the cortado and the
 * espresso") where the customer said espresso only as what goes into the drink ("a cortado with 2%
 * milk and a shot of espresso", "a 12oz Latte with decaf espresso"); the line, or undefined.
 */
export function espressoCounted(dialogue: { role: string; text: string; thought?: string }[]): string | undefined {
  if (dialogue.some((t) => t.role === 'user' && /\bespressos?\b/i.test(withoutIngredientEspresso(t.text)))) return undefined;
  for (const t of dialogue) {
    if (t.role !== 'assistant') continue;
    const line = [t.text, t.thought ?? ''].find((x) => /\b(?:the|a|an) [\w%-]+(?: [\w%-]+)? and the espresso\b|\bthe espresso and the\b/i.test(x));
    if (line) return `"${line.slice(0, 90)}"`;
  }
  return undefined;
}

export const contextEspressoCounted: CaseMeasure = {
  kind: 'case',
  id: 'long_context_espresso_counted',
  group: 'text',
  title: 'long context: an inserted reply or thought counts the espresso that goes into the drink as a second drink ("a cortado with 2% milk and a shot of espresso" -> "So the order is the cortado and the espresso"; "a 12oz Latte with decaf espresso" -> "Saying the latte and the espresso back to them …")',
  population: 'evolved cases with an inserted long context',
  check: (tc) => dialogueDefect(tc, espressoCounted),
};

/** What a menu answer (or its thought) is about: what goes into a drink, its price, a recommendation, or what is stocked. */
export function menuTopic(text: string): 'contents' | 'price' | 'pick' | 'stock' | undefined {
  if (/\bwhat goes into\b|\brecipe\b|\bwhat is in\b|\bhow they make\b/i.test(text)) return 'contents';
  if (/\bcosts?\b|\bprice\b/i.test(text)) return 'price';
  if (/\brecommend|\bpicking something\b/i.test(text)) return 'pick';
  if (/\b(?:carry|carries|stocks?|to offer|what [\w ]{1,40} there (?:is|are)|they have|whether they)\b/i.test(text)) return 'stock';
  return undefined;
}

export const contextMenuThoughtTopic: CaseMeasure = {
  kind: 'case',
  id: 'long_context_menu_thought_topic',
  group: 'text',
  title: 'long context (CoT): a menu answer\'s thought is about another question than its reply ("What is in the Cold Brew?" -> thought "What cold brew they carry depends on the café" while the reply says it cannot check "what goes into their cold brew")',
  population: 'CoT evolved cases with an inserted long context',
  check(tc) {
    if (!tc.cot) return undefined;
    const turns = spokenTurns(tc);
    if (!turns) return undefined;
    return repliesFlagged(turns, (t) => {
      if (t.role !== 'assistant' || !t.thought || !saysNoMenu(t.text)) return undefined;
      const said = menuTopic(t.text);
      if (!said || said === 'stock') return undefined;
      const thought = menuTopic(t.thought);
      return thought !== said ? `reply on ${said}, thought on ${thought ?? 'nothing'}: "${t.thought.slice(0, 70)}" -> "${t.text.slice(0, 70)}"` : undefined;
    });
  },
};

/** A question naming what it asks about: a drink or part, what is in one, a price, a pick, the kinds of something. */
const NAMES_TOPIC = /\bhow much\b|\bprices?\b|\bcosts?\b|\brecommend|\bbest\b|\boptions\b|\bchoices\b|\bvarieties\b|\bkinds?\b|\btypes?\b|\bsyrups?\b|\bsweeten|\bketchup\b|\bfood\b|\bmilk\b/i;

export const contextMenuReplyOffTopic: CaseMeasure = {
  kind: 'case',
  id: 'long_context_menu_reply_off_topic',
  group: 'text',
  title: 'long context: a menu answer checks something other than what the customer asked ("May I ask what a steamer is made of?" -> "I\'m unable to check what they have"; "How much is it for an espresso drink?" -> "… what they have"), or answers an order as a menu question ("I would like a Vanilla Macchiato made with 2% please." -> "I can\'t see what the café stocks")',
  population: 'evolved cases with an inserted long context',
  check(tc) {
    const turns = spokenTurns(tc);
    if (!turns) return undefined;
    return repliesFlagged(turns, (t, i) => {
      if (t.role !== 'assistant' || !saysNoMenu(t.text) || turns[i - 1]?.role !== 'user') return undefined;
      const u = turns[i - 1].text;
      const bare = /\bwhat they have\b(?=[.,;]| is beyond| since)/i.test(t.text);
      const asked = menuTopic(t.text.replace(/\bwhat they carry\b/gi, ''));
      const why = /\bwhat they carry\b/i.test(t.text) && asked && asked !== 'stock' ? `a ${asked} answer pointing to "what they carry"` : asksContents(u) && !/\bwhat goes into\b/i.test(t.text) ? 'a contents question answered as another' : bare && (NAMES_TOPIC.test(u) || menuItems(u).length > 0) ? 'a named question answered as "what they have"' : !/\?/.test(u) && !userAsks(u) && !asksMenu(u) && !/\b(?:menu|possible|able to)\b/i.test(u) ? 'an order answered as a menu question' : undefined;
      return why && `${why}: "${u.slice(0, 70)}" -> "${t.text.slice(0, 70)}"`;
    });
  },
};

export const contextReadBackPlaceDropped: CaseMeasure = {
  kind: 'case',
  id: 'long_context_readback_place_dropped',
  group: 'text',
  title: 'long context: a read-back leaves out where the customer said they will have the drink ("Can I get a Triple shot Mocha with Whole milk? Can I get it for here?" -> "A triple shot mocha with whole milk, is that right?")',
  population: 'evolved cases with an inserted long context',
  check: (tc) => dialogueDefect(tc, readBackDropsPlace),
};

export const contextReadBackNameDropped: CaseMeasure = {
  kind: 'case',
  id: 'long_context_readback_name_dropped',
  group: 'text',
  title: 'long context: a read-back leaves out whom the customer said the order is for ("I\'d like a latte for Mark." -> "I want to make sure I heard you: a latte?"; "Can I get a Cortado, please? It\'ll be for Geoff." -> "Let me check I have it: a cortado?")',
  population: 'evolved cases with an inserted long context',
  check: (tc) => dialogueDefect(tc, readBackDropsName),
};

export const contextReadBackTeaNameDropped: CaseMeasure = {
  kind: 'case',
  id: 'long_context_readback_tea_name_dropped',
  group: 'text',
  title: 'long context: a read-back leaves out the name the customer gave their tea, or says it as an add-in ("I\'d like the Peppermint Rose, tea, please." -> "So that\'s a tea with peppermint?")',
  population: 'evolved cases with an inserted long context',
  check: (tc) => dialogueDefect(tc, readBackDropsTeaName),
};

export const CONTEXT_MEASURES = [contextReadBackOpenerTwice, contextWordDoubled, contextMenuThoughtTopic, contextMenuReplyOffTopic, contextReadBackPlaceDropped, contextReadBackNameDropped, contextReadBackTeaNameDropped, contextSomeDrink, contextEspressoCounted, contextNameHalfCased, contextItemArticleMissing, contextOrderCountMisread, contextClosingDropsAsked, contextRestatedItemCounted, contextBareClosing, contextStockThoughtShare, contextReadBackFrameRepeats, contextUpstreamSlip, contextClosingDropsConfirmed, contextConfirmationMisfits, contextThoughtFrameShare, contextReplyMissesOrder, contextAcknowledgementShare, contextAcknowledgementTop, contextThoughtDeniesSaid, contextReadBackItemDropped, contextReadBackModifierLost, contextReadBackRunOn, contextClosingRepeatsItem, contextStockLineShare, contextMenuClaimContradicted, contextDrinkCut, contextSentenceTopShare, contextReadBackAddInDropped, contextCheckBeforeReadBack, contextReadBackOfQuestion, contextThoughtDrinkShort, contextTurnNotFollowing, contextCorpusLineSpliced, contextReadBackModifierMisattached, contextShortOrderSplitLost, contextReadBackGarbled, contextShortOrderCut, contextPluralAgreement, contextMisspeltDrink, contextMenuClauseGarbled, contextFillerStacked, contextWithTwice, contextReplyAsCustomer, contextReadBackDangling, contextStatesMenu, contextWrongArticle, contextReadBackEcho, contextMenuCapitalised, contextProperNameLowered, contextConfirmsNothing, contextSituationalClaim, contextReadBackRepeated, contextSpeaksAsCafe, contextThoughtDisagrees, contextThoughtDetailGarbled, contextThoughtRepeats, contextSplicedLine, contextUnbackedClaim, contextClosingRepeated, contextClosingShape, contextClosingShapeRepeats, contextReadBackIncomplete, contextLowercaseLine, contextSplitsTask, contextRepeatedLine, contextDanglingQuestion, contextEmptyThought, contextContradictsTools, contextDeclines, contextContradictsItself, contextGreetingReopens, contextLineTopShare, contextDialogues];
