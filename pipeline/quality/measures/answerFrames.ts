/**
 * Closing answers written from a stock frame across cases that have nothing else in common (h-answers28):
 *
 * - answer_opening_frame_top_share: the share of distinct trajectories whose closing answers open a
 *   statement with the most common frame (a sentence's first three words, quotes, code and numbers
 *   blanked). Counted by trajectory, not by answer: a trajectory's many cases repeat its answers, and a
 *   frame is a template when it carries unrelated tasks ("I found that …" opened statements in 25 of g0's
 *   242 trajectories, about watchlists, distances, directories and routes alike). Questions are left to
 *   answer_failure_frame_top_share, which reads the failure answers they close.
 * - answer_apology_doubled: an answer that apologises and then opens its first sentence with
 *   "Unfortunately" ("Sorry. Unfortunately, getting the details of order 12446 failed; …"), saying sorry twice.
 */
import type { CaseMeasure, SetMeasure } from '../types.js';
import { answeredTurns, turnDefect } from './answers.js';
import { topShare } from './topShare.js';

/** A sentence's opening with what it is about blanked: quotes Q, code X, numbers N; its first three words. */
export function openingFrame(sentence: string): string {
  return sentence
    .replace(/"(?:[^"\\]|\\.)*"/g, 'Q')
    .replace(/`[^`]*`/g, 'X')
    .replace(/\d[\d,.]*/g, 'N')
    .trim()
    .split(/\s+/)
    .slice(0, 3)
    .join(' ');
}

/** An answer's statements (questions left out), cut outside quotes at a sentence's end before a capital. */
export function statementsOf(answer: string): string[] {
  const quotes: string[] = [];
  const masked = answer.replace(/"(?:[^"\\]|\\.)*"/g, (q) => `\u0000${quotes.push(q) - 1}\u0001`);
  return masked
    .split(/(?<=[.!?])\s+(?=[A-Z\u0000])/)
    .filter((s) => !/\?\s*$/.test(s))
    .map((s) => s.replace(/\u0000(\d+)\u0001/g, (_m, i) => quotes[Number(i)]));
}

export const answerOpeningFrameTopShare: SetMeasure = {
  kind: 'set',
  id: 'answer_opening_frame_top_share',
  group: 'text',
  title: 'closing answers: share of distinct trajectories whose closing answers open a statement with the most common frame (first three words, quotes and numbers blanked: "I found that …")',
  population: 'distinct trajectories with a closing answer shown or asked for',
  better: 'lower',
  // A frame's share of a handful of trajectories says nothing (a --limit sample); a full build holds about 240.
  minGateN: 100,
  score(cases) {
    const byFrame = new Map<string, { trajectories: Set<string>; id: string }>();
    const trajectories = new Set<string>();
    for (const tc of cases) {
      for (const t of answeredTurns(tc)) {
        trajectories.add(tc.trajectoryId);
        for (const frame of new Set(statementsOf(t.answer).map(openingFrame))) {
          const e = byFrame.get(frame) ?? { trajectories: new Set<string>(), id: tc.id };
          e.trajectories.add(tc.trajectoryId);
          byFrame.set(frame, e);
        }
      }
    }
    if (trajectories.size === 0) return undefined;
    const top = [...byFrame].sort((a, b) => b[1].trajectories.size - a[1].trajectories.size || (a[0] < b[0] ? -1 : 1)).slice(0, 5);
    return {
      value: (top[0]?.[1].trajectories.size ?? 0) / trajectories.size,
      n: trajectories.size,
      detail: top.map(([f, e]) => `${e.trajectories.size}: "${f} …"`).join('; '),
      examples: top.map(([f, e]) => ({ id: e.id, detail: `${e.trajectories.size} trajectories: "${f} …"` })),
    };
  },
};

/** "Sorry. Unfortunately, …", "I'm sorry. Unfortunately, …": an apology said twice in a row. */
export function apologyDoubled(answer: string): string | undefined {
  const m = /\b(?:Sorry|I'm sorry|I am sorry|I apologi[sz]e)[.,!]\s+(?:but )?(?:Unfortunately|Regrettably|Sadly)\b/i.exec(answer);
  return m ? `"${m[0]} …"` : undefined;
}

export const answerApologyDoubled: CaseMeasure = {
  kind: 'case',
  id: 'answer_apology_doubled',
  group: 'text',
  title: 'closing answer apologises twice in a row ("Sorry. Unfortunately, getting the details of order 12446 failed; …")',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, (t) => apologyDoubled(t.answer)),
};

/** A whole statement with what it is about blanked (quotes Q, code X, numbers N): "Sorry.", "It is now N on N October N.". */
export function sentenceFrame(sentence: string): string {
  return sentence
    .replace(/"(?:[^"\\]|\\.)*"/g, 'Q')
    .replace(/`[^`]*`/g, 'X')
    .replace(/\d+(?:[.,:]\d+)*/g, 'N')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The share of distinct trajectories whose closing answers hold the most common whole statement, its
 * values blanked: a sentence that stands word for word in answers about watchlists, routes and files
 * alike ("Sorry." before the failure in 17 of g0's 241 trajectories) is a template, whatever it says.
 * answer_opening_frame_top_share reads only the first three words, so a shared opening with its own
 * ending passes here, and a whole stock sentence shows.
 */
export const answerSentenceFrameTopShare: SetMeasure = {
  kind: 'set',
  id: 'answer_sentence_frame_top_share',
  group: 'text',
  title: 'closing answers: share of distinct trajectories whose closing answers hold the most common whole statement, quotes, code and numbers blanked ("Sorry.", "It is now N on N October N.")',
  population: 'distinct trajectories with a closing answer shown or asked for',
  better: 'lower',
  minGateN: 100,
  score(cases) {
    const units = new Map<string, { id: string; keys: Set<string> }>();
    for (const tc of cases) {
      for (const t of answeredTurns(tc)) {
        const u = units.get(tc.trajectoryId) ?? { id: tc.id, keys: new Set<string>() };
        // An author's initial ("Seng W. Loke") ends no sentence.
        for (const s of statementsOf(t.answer.replace(/\b([A-Z])\. (?=[A-Z])/g, '$1.\u0002'))) u.keys.add(sentenceFrame(s.replace(/\u0002/g, ' ')));
        units.set(tc.trajectoryId, u);
      }
    }
    return topShare([...units.values()].map((u) => ({ id: u.id, keys: [...u.keys] })), { top: 5, unit: 'trajectories' });
  },
};

/**
 * Readings listed one by one where one value repeats: "35 psi front left, 35 psi front right, 35 psi rear
 * left and 35 psi rear right" (bfcl_multi_turn_base_94), a form read off the fields, where a person says the
 * shared value once ("the four tires are all at 35 psi"). Three or more "<number> <unit> <label>" items in
 * one sentence, quotes left out, with one number and unit given twice or more.
 */
export function sameValueRun(answer: string): string | undefined {
  const masked = answer.replace(/"(?:[^"\\]|\\.)*"/g, 'Q');
  for (const sentence of masked.split(/(?<=[.!?;])\s+/)) {
    const items = [...sentence.matchAll(/(?<![\w.])(\d+(?:\.\d+)?) ?(psi|kPa|bar|km|miles|°[CF]|V|%) ((?:[a-z]+ ){0,2}[a-z]+)(?=,|;| and\b|\.|$)/g)];
    if (items.length < 3) continue;
    const seen = new Map<string, number>();
    for (const m of items) seen.set(`${m[1]} ${m[2]}`, (seen.get(`${m[1]} ${m[2]}`) ?? 0) + 1);
    const [value, n] = [...seen].sort((a, b) => b[1] - a[1])[0];
    if (n >= 2) return `"${value}" said ${n} times in one list: "${items.map((m) => m[0]).join(', ')}"`;
  }
  return undefined;
}

export const answerSameValueRun: CaseMeasure = {
  kind: 'case',
  id: 'answer_same_value_run',
  group: 'text',
  title: 'closing answer lists readings one by one where one value repeats ("35 psi front left, 35 psi front right, 35 psi rear left and 35 psi rear right") instead of saying it once',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => turnDefect(tc, (t) => sameValueRun(t.answer)),
};

export const ANSWER_FRAME_MEASURES = [answerOpeningFrameTopShare, answerSentenceFrameTopShare, answerApologyDoubled, answerSameValueRun];
