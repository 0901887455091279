/**
 * The `noisy-query` role (paper Fig. 18): the user's query rewritten verbose and vague, with
 * irrelevant detail and typos, still stating the task without ambiguity. Whatever writes it, every
 * protected value (an argument value of the ground truth or of an earlier action that the query
 * states) must survive verbatim; verify re-checks that as an invariant.
 *
 * Offline rules: a hedging opener, an irrelevant aside at a sentence boundary, a rambling closer,
 * and 1–3 typos (swap, drop or double a letter) in plain lower-case words of 5+ letters that touch no
 * protected span and no value-like span (quotes, paths, numbers, names: see lookalikeSpans).
 */
import { z } from 'zod';
import type { RoleSpec } from '../../../pipeline/llm/types.js';
import type { Rng } from '../../../pipeline/rng.js';
import { missingValues, protectedSpans } from '../caseParts.js';
import { toJson } from '../../../pipeline/pyValues.js';

export interface NoisyQueryInput {
  query: string;
  /** Values that must appear verbatim in the rewrite. */
  protected: string[];
}

export const NoisyQueryOutput = z.object({ query: z.string().min(1) });
export type NoisyQueryOutput = z.infer<typeof NoisyQueryOutput>;

export const NOISY_RULES_VERSION = 'noisy-query-2';

const OPENERS = [
  'Hi there! Sorry in advance, this might come out a little all over the place, but here goes: ',
  'Okay so, um, I have kind of a thing I need help with, I think? Basically, ',
  "Hey, hope you're doing well. I was going to do this myself but honestly I'm not totally sure how, so ",
  "Hello! Quick question, or maybe not so quick, we'll see. Anyway, ",
  'So my friend told me you could probably sort this out for me, which would be great, because ',
];

const ASIDES = [
  '(My coffee went cold while I was typing this, by the way.)',
  "Not that it matters, but it has been raining here all week and I'm a bit distracted.",
  "I was also thinking about repainting the kitchen this weekend, but that's a story for another day.",
  "My cat just walked across the keyboard, so apologies if anything looks odd.",
  'Side note: I read somewhere that octopuses have three hearts, which is wild.',
];

const CLOSERS = [
  " Anyway, thanks a ton, I really appreciate it, and sorry if that was confusing!",
  " I think that's everything? Let me know if I missed something, thanks so much.",
  ' Sorry for the long message, I tend to ramble a bit when I am tired.',
  ' That should be it, more or less. Thank you!',
];

/** Sentence-initial words safe to lower-case after an opener (not names). */
const COMMON_STARTS = new Set(
  'also after then please can could would will i\'d i\'m now next first finally additionally moreover furthermore and but so what how find get show display list create make move copy delete remove send post book check set update add search look give tell help retrieve calculate compute open close turn start stop'.split(
    ' ',
  ),
);

function overlaps(start: number, end: number, spans: [number, number][]): boolean {
  return spans.some(([s, e]) => start < e && end > s);
}

function typo(word: string, rng: Rng): string {
  const op = rng.int(0, 2);
  const i = rng.int(1, word.length - 3);
  if (op === 0) return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2); // swap two letters
  if (op === 1) return word.slice(0, i) + word.slice(i + 1); // drop one
  return word.slice(0, i) + word[i] + word.slice(i); // double one
}

/**
 * Spans the rules leave alone besides the protected values: quoted text, anything with a digit,
 * slash, underscore, @ or inner dot (paths, file names, ids, amounts), and capitalised words
 * (names, places) — values a later step may need even when no action before step k used them.
 */
export function lookalikeSpans(text: string): [number, number][] {
  const re = /'[^'\n]+'|"[^"\n]+"|`[^`\n]+`|\S*[\d/_@\\]\S*|\S+\.\S+|\b[A-Z][A-Za-z]*\b/g;
  return [...text.matchAll(re)].map((m) => [m.index!, m.index! + m[0].length] as [number, number]);
}

export function addTypos(text: string, keep: string[], rng: Rng): { text: string; typos: { from: string; to: string }[] } {
  const spans = [...protectedSpans(text, keep), ...lookalikeSpans(text)];
  const words = [...text.matchAll(/[A-Za-z]{5,}/g)].filter((m) => !overlaps(m.index!, m.index! + m[0].length, spans));
  if (words.length === 0) return { text, typos: [] };
  const n = rng.int(1, Math.min(3, words.length));
  const chosen = rng.sample(words, n).sort((a, b) => b.index! - a.index!);
  let out = text;
  const typos: { from: string; to: string }[] = [];
  for (const m of chosen) {
    const changed = typo(m[0], rng);
    if (changed === m[0]) continue;
    out = out.slice(0, m.index!) + changed + out.slice(m.index! + m[0].length);
    typos.push({ from: m[0], to: changed });
  }
  return { text: out, typos: typos.reverse() };
}

/** Insert a sentence at a sentence boundary outside every protected span, or append it. */
function insertAside(text: string, aside: string, keep: string[], rng: Rng): string {
  const spans = protectedSpans(text, keep);
  const boundaries = [...text.matchAll(/[.!?](\s+)(?=\S)/g)].map((m) => m.index! + 1).filter((p) => !overlaps(p - 1, p + 1, spans));
  if (boundaries.length === 0) return `${text.trimEnd()} ${aside}`;
  const at = rng.pick(boundaries);
  return `${text.slice(0, at)} ${aside}${text.slice(at)}`;
}

export function noisyRules(input: NoisyQueryInput, rng: Rng): NoisyQueryOutput & { typos: { from: string; to: string }[] } {
  const { text: typoed, typos } = addTypos(input.query, input.protected, rng);
  const withAside = insertAside(typoed, rng.pick(ASIDES), input.protected, rng);
  const opener = rng.pick(OPENERS);
  // The openers run on into the query ("..., so "): its first letter goes lower-case unless it
  // starts a protected value, a name or "I".
  const first = withAside.match(/^[A-Za-z']+/)?.[0] ?? '';
  const lower = /^[A-Z][a-z']+$/.test(first) && first !== 'I' && !input.protected.some((v) => withAside.startsWith(v)) && COMMON_STARTS.has(first.toLowerCase());
  const query = opener + (lower ? withAside[0].toLowerCase() + withAside.slice(1) : withAside) + rng.pick(CLOSERS);
  const lost = missingValues(query, input.protected);
  // Cannot happen with the spans respected; if it does, the rules are wrong and must not ship a broken case.
  if (lost.length) throw new Error(`noisy-query rules lost protected values ${toJson(lost)}`);
  return { query, typos };
}

export const noisyQueryRole: RoleSpec<NoisyQueryInput, NoisyQueryOutput> = {
  role: 'noisy-query',
  schemaName: 'noisy_query',
  schema: NoisyQueryOutput,
  template: {
    id: 'noisy-query/fig18',
    version: '2',
    render: (input) => [
      {
        role: 'system',
        content:
          'You are a data engineer who makes tool-use benchmark queries harder while keeping them solvable. ' +
          'Rewrite the user query below so that it sounds like a real, imperfect user: make it more verbose and vague, ' +
          'add irrelevant details and small talk, and introduce a few typos. The rewritten query must still contain the ' +
          'complete task, with every requirement and every concrete value, so that it can be completed without ambiguity. ' +
          'Never add new requirements or change what is asked. ' +
          'Reply in JSON: {"query": string}.',
      },
      {
        role: 'user',
        content:
          `Original query:\n${input.query}\n\n` +
          (input.protected.length
            ? `These values must appear in the rewritten query exactly as written (no typos inside them, same spelling, case and format):\n${input.protected.map((v) => `- ${toJson(v)}`).join('\n')}\n`
            : 'The query states no argument values that must be kept verbatim.\n') +
          'Also keep every quoted string, file or path name, number, date and proper name of the original exactly as it is.\n',
      },
    ],
  },
  offline: {
    version: NOISY_RULES_VERSION,
    run: (input, rng) => ({ query: noisyRules(input, rng).query }),
  },
};
