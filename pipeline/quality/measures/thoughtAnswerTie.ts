/**
 * Does a CoT thought say where a value its call passes comes from, when only a tool answer showed
 * it? A person who takes an id from the listing just shown says so ("The first listing, "Cozy Loft"
 * (id 10803849), …"); "Next, I need to retrieve the details of the property, so I will call
 * `get_property_details` with property id set to 10803849." reads as if the id fell from the sky, and a
 * model learns nothing of reading the answer before the call.
 */
import type { Action, TestCase } from '../../schemas.js';
import { groundTruthActions, shownAction } from '../evidence.js';
import { insertedRange } from '../text.js';
import { holdsValue } from '../../thoughtPhrases.js';
import { apiOf } from '../../errors/values.js';
import { isErrorResponse } from '../../errors/responses.js';
import type { CaseMeasure } from '../types.js';
import { sentencesOf } from '../grammar.js';
import { thoughtFrame } from './thoughtContent.js';

/** The values of a call an answer can have given: ids, names, dates (strings of 3+ characters, numbers of 3+ digits). */
function answerValues(args: unknown): string[] {
  if (!args || typeof args !== 'object' || Array.isArray(args)) return [];
  return Object.values(args as Record<string, unknown>).flatMap((v) => {
    if (typeof v === 'number' || typeof v === 'bigint') return String(v).replace(/[^0-9]/g, '').length >= 3 ? [String(v)] : [];
    return typeof v === 'string' && v.trim().length >= 3 && v.length <= 80 ? [v] : [];
  });
}

/**
 * Does a tool answer show the value? A plain word ("day") only as a whole value there ('day'), never as a word of
 * its prose: the timespan "day" is no value an email announcing a "Demo Day" gave (teval_query_344_2-env-k3-cot,
 * flagged on int29's m4 after the thought rightly stopped tying it to that email).
 */
function shows(content: string, value: string): boolean {
  return /^[a-z]+$/.test(value) ? new RegExp(`['"]${value}['"]`).test(content) : holdsValue(content, value);
}

/** Words that tie a thought to an answer it read: its tool named, or the answer referred to. */
const ANSWER_WORDS = /\b(?:returned|came back|answer|results?|listings?|listed|lists|shows|showed|shown|according to|tells me|found|building on that)\b/i;

/** A measure's verdict on the faulty thoughts of one case: null when none is, else how many and the first. */
export function thoughtsVerdict(bad: readonly string[]): string | null {
  return bad.length ? `${bad.length} thought${bad.length > 1 ? 's' : ''}, e.g. ${bad[0]}` : null;
}

/**
 * Walks a CoT case as a reader meets it, outside an inserted dialogue: each user turn, each tool answer
 * with the call it answers (undefined after a closing answer), and each shown call — whose thought goes to
 * `thought` first, unless it is an internal error case's injected wrong call (the error measures judge that
 * one: tying its wrong value to an answer would state the correct one) — then the ground truth's first call's thought.
 */
export function walkThoughts(tc: TestCase, on: { user?: (content: string) => void; answer?: (content: string, call: Action | undefined) => void; thought: (thought: string | undefined, args: unknown) => void; call?: (content: string) => void }): void {
  const range = insertedRange(tc);
  const wrongAt = tc.erroneousAction ? tc.messages.map((m) => m.role).lastIndexOf('assistant') : -1;
  let lastCall: Action | undefined;
  tc.messages.forEach((m, i) => {
    if (range && i >= range[0] && i < range[1]) return;
    if (m.role === 'user') on.user?.(m.content);
    else if (m.role === 'function') on.answer?.(m.content, lastCall);
    else if (m.role === 'assistant') {
      const a = shownAction(m.content);
      if (!a) return;
      if (i !== wrongAt) on.thought(a.thought, a.args);
      lastCall = a.name === 'FinishAction' ? undefined : a;
      on.call?.(m.content);
    }
  });
  const first = groundTruthActions(tc)[0];
  if (first && first.name !== 'FinishAction') on.thought(first.thought, first.args);
}

/**
 * The thoughts of a CoT case (shown steps outside an inserted dialogue, less an injected wrong
 * call, and the ground truth's first step, the one that follows the last message) whose call passes a value first shown by a tool
 * answer — no user turn, tool doc or earlier call holds it — and which neither names the tool that
 * gave it nor refers to an answer. Each as `value (tool)`.
 */
export function untiedAnswerValues(tc: TestCase): string[] {
  if (!tc.cot) return [];
  const docs = (tc.tools ?? []).map((t) => `${t.name} ${t.description}`).join('\n');
  const users: string[] = [];
  const answers: { api: string; content: string }[] = [];
  const calls: string[] = [];
  const out: string[] = [];
  const check = (thought: string | undefined, args: unknown) => {
    if (!thought) return;
    // Every such value: a thought naming the tool of one gives no source for a value another tool gave.
    for (const value of answerValues(args)) {
      if ([...users, ...calls].some((t) => holdsValue(t, value)) || holdsValue(docs, value)) continue;
      const from = answers.find((a) => shows(a.content, value));
      if (!from) continue;
      // Any tool whose answer shows it: the listing it was read off, not only a later answer echoing it (thought_tie_cites_echo).
      const named = answers.some((a) => a.api !== '' && shows(a.content, value) && thought.includes(`\`${a.api}\``));
      if (!named && !ANSWER_WORDS.test(thought)) return void out.push(`${value} (${from.api || 'an answer'}): "${thought.slice(0, 120)}"`);
    }
  };
  walkThoughts(tc, {
    user: (content) => users.push(content),
    answer: (content, call) => answers.unshift({ api: call ? apiOf(call.name) : '', content }),
    thought: check,
    call: (content) => calls.push(content),
  });
  return out;
}

export const thoughtAnswerValueUntied: CaseMeasure = {
  kind: 'case',
  id: 'thought_answer_value_untied',
  group: 'text',
  title: 'CoT: a thought\'s call passes a value only a tool answer showed (an id, a name, a date) and the thought says nothing of where it comes from ("Next, I need to retrieve the details of the property, so I will call `get_property_details` with property id set to 10803849." right after the listing that shows it)',
  population: 'CoT cases',
  check(tc) {
    if (!tc.cot) return undefined;
    const bad = untiedAnswerValues(tc);
    return thoughtsVerdict(bad);
  },
};

/**
 * The thoughts of a case's correct calls in order, one per tool call (a closing answer or a call
 * without a thought breaks the run): the shown calls outside an inserted dialogue, less an internal
 * error case's wrong call (its thought mirrors the correct one on purpose), then the ground truth's first call.
 */
function correctCallThoughts(tc: TestCase): (string | undefined)[] {
  const range = insertedRange(tc);
  const shown = tc.messages.flatMap((m, i) => (m.role !== 'assistant' || (range && i >= range[0] && i < range[1]) ? [] : [shownAction(m.content)]));
  if (tc.erroneousAction && shown.length) shown.pop();
  const first = groundTruthActions(tc)[0];
  return [...shown, first].map((a) => (a && a.name !== 'FinishAction' && a.thought ? a.thought : undefined));
}

/**
 * Two thoughts in a row of one case sharing a sentence frame (quoted values, code spans and numbers
 * blanked): "I still need to get the MLA citation format; calling `get_citation_format` with … takes
 * care of that." twice over, or the same request clause quoted again for the value the thought before
 * just cited. A person going through a list says which item comes next; the same sentence step after
 * step reads as a template filled in a loop.
 */
export function repeatedFrames(tc: TestCase): string[] {
  if (!tc.cot) return [];
  const frames = correctCallThoughts(tc).map((t) => (t ? new Set(sentencesOf(t).map(thoughtFrame)) : new Set<string>()));
  const out: string[] = [];
  for (let i = 1; i < frames.length; i++) {
    const shared = [...frames[i]].find((f) => frames[i - 1].has(f));
    if (shared) out.push(shared);
  }
  return out;
}

export const thoughtFrameRepeatedInCase: CaseMeasure = {
  kind: 'case',
  id: 'thought_frame_repeated_in_case',
  group: 'text',
  title: 'CoT: two thoughts in a row of one case share a sentence frame ("I still need to get the MLA citation format; calling `get_citation_format` with organic search result\'s ID "…" takes care of that." for the second paper and again for the third; the same request clause quoted again for the value just cited); an injected wrong call\'s thought, which mirrors the correct one, not counted',
  population: 'CoT cases',
  check(tc) {
    if (!tc.cot) return undefined;
    const bad = repeatedFrames(tc);
    return bad.length ? `${bad.length} pair${bad.length > 1 ? 's' : ''}, e.g. "${bad[0].slice(0, 110)}"` : null;
  },
};

/** The links that say a call opens another part of the request (thought-writer's frames for a call of another toolkit than the one before). */
const NEW_PART_LINK = /\b(?:That part is done; now|Moving on to the rest of the request,|On to another part of the request:|Another part of the request is to)/;

/**
 * The thoughts of a CoT case (as untiedAnswerValues walks them) that link their call as another part
 * of the request ("Moving on to the rest of the request, I need to print the details of the movie")
 * while the call passes a value only an earlier answer of the same turn showed (the fifth film of the
 * listing): the call is the same part, the next item of a loop over that answer, not a new one. Each
 * as `value (tool)`.
 */
export function newPartMidLoop(tc: TestCase): string[] {
  if (!tc.cot) return [];
  const docs = (tc.tools ?? []).map((t) => `${t.name} ${t.description}`).join('\n');
  const users: string[] = [];
  let answers: { api: string; content: string }[] = [];
  const out: string[] = [];
  const check = (thought: string | undefined, args: unknown) => {
    if (!thought || !NEW_PART_LINK.test(thought)) return;
    for (const value of answerValues(args)) {
      if (users.some((t) => holdsValue(t, value)) || holdsValue(docs, value)) continue;
      const from = answers.find((a) => holdsValue(a.content, value));
      if (from) return void out.push(`${value} (${from.api || 'an answer'}): "${thought.slice(0, 140)}"`);
    }
  };
  walkThoughts(tc, {
    user: (content) => {
      users.push(content);
      answers = [];
    },
    // An error echoes what its own call passed ("10:00 is before start_time 12:00" after a swapped wrong call): it shows no value of the request's (372_2).
    answer: (content, call) => void (isErrorResponse({ content }) || answers.unshift({ api: call ? apiOf(call.name) : '', content })),
    thought: check,
  });
  return out;
}

export const thoughtNewPartMidLoop: CaseMeasure = {
  kind: 'case',
  id: 'thought_new_part_mid_loop',
  group: 'text',
  title: 'CoT: a thought links its call as another part of the request ("Moving on to the rest of the request, I need to print the details of the movie; `print_detail` with film name "一闪一闪亮星星" does that.", 449_1) while the call passes a value only an earlier answer of the same turn showed (the fifth film of the listing): the same part for the next item, not a new one',
  population: 'CoT cases',
  check(tc) {
    if (!tc.cot) return undefined;
    const bad = newPartMidLoop(tc);
    return thoughtsVerdict(bad);
  },
};

/**
 * The thoughts of a CoT case (as untiedAnswerValues walks them) that cite as where a value comes from
 * an answer that only echoed it back ("`get_movie_details` says the id is 575264." before the reviews
 * call, where get_movie_details was itself called with movie id 575264), while an earlier answer of a
 * call that was not given it showed it first (the listing of popular films): the value's source is
 * that answer, and the echo tells nothing. Each as `value (echoing tool, first shown by tool)`.
 */
export function echoCited(tc: TestCase): string[] {
  if (!tc.cot) return [];
  const answers: { api: string; content: string; passed: string[] }[] = [];
  const out: string[] = [];
  const check = (thought: string | undefined, args: unknown) => {
    if (!thought) return;
    const cited = [...thought.matchAll(/(?:^|[.;] )(?:`([^`]+)` (?:says|said earlier that|told me last time that)|From `([^`]+)` I know that)\b|, the one `([^`]+)` gave\b/g)].map((m) => m[1] ?? m[2] ?? m[3]);
    for (const value of answerValues(args)) {
      const holders = answers.filter((a) => holdsValue(a.content, value));
      const source = holders.find((a) => !a.passed.includes(value));
      if (!source) continue;
      const echo = holders.find((a) => a.passed.includes(value) && cited.includes(a.api) && !cited.includes(source.api));
      if (echo) return void out.push(`${value} (${echo.api}, first shown by ${source.api}): "${thought.slice(0, 120)}"`);
    }
  };
  walkThoughts(tc, {
    answer: (content, call) => answers.unshift({ api: call ? apiOf(call.name) : '', content, passed: call ? answerValues(call.args) : [] }),
    thought: check,
  });
  return out;
}

export const thoughtTieCitesEcho: CaseMeasure = {
  kind: 'case',
  id: 'thought_tie_cites_echo',
  group: 'text',
  title: 'CoT: a thought says a value comes from an answer that only echoed it back ("`get_movie_details` says the id is 575264." where get_movie_details was called with that id) while an earlier answer showed it first (the listing it was read off)',
  population: 'CoT cases',
  check(tc) {
    if (!tc.cot) return undefined;
    const bad = echoCited(tc);
    return thoughtsVerdict(bad);
  },
};

export const THOUGHT_ANSWER_MEASURES = [thoughtTieCitesEcho, thoughtAnswerValueUntied, thoughtFrameRepeatedInCase, thoughtNewPartMidLoop];
