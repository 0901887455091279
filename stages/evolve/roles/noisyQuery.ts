/**
 * The `noisy-query` role (paper Fig. 18): the user's query rewritten verbose and vague, with
 * irrelevant detail and typos, still stating the task without ambiguity. Whatever writes it, every
 * protected value (an argument value of the ground truth or of an earlier action that the query
 * states) must survive verbatim; verify re-checks that as an invariant.
 *
 * Offline rules: a hedge, a digression put between two sentences (never inside one), sometimes a
 * self-correction, a closer — each sentence assembled from independent slots of a grammar (G) so
 * none recurs often — and 1–3 typos, real misspellings from cspell's common-misspellings list or
 * keyboard-adjacent slips, in plain lower-case words that touch no protected span and no value-like
 * span (quotes, paths, numbers, names: see lookalikeSpans).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import type { RoleSpec } from '../../../pipeline/llm/types.js';
import type { Rng } from '../../../pipeline/rng.js';
import { missingValues, protectedSpans } from '../caseParts.js';

export interface NoisyQueryInput {
  query: string;
  /** Values that must appear verbatim in the rewrite. */
  protected: string[];
}

export const NoisyQueryOutput = z.object({ query: z.string().min(1) });
export type NoisyQueryOutput = z.infer<typeof NoisyQueryOutput>;

export const NOISY_RULES_VERSION = 'noisy-query-3';

/**
 * The grammar the offline rules draw from: each inserted sentence is put together from several
 * independent slots, so any one sentence is rare (thousands of combinations per kind) and the
 * inserted text as a whole rarely repeats a 4-word phrase.
 */
const G = {
  greet: ['Hi,', 'Hey,', 'Hello,', 'Hi there,', 'Morning,', 'Evening,', 'Hey again,', 'Good afternoon,', 'Hiya,', 'Ok so,', 'Right,', 'Um, hi,'],
  hedge: [
    "I'm not sure this is the right place to ask, but",
    "I'm honestly a bit lost here, so",
    'I think I know what I want but maybe not how to say it, anyway',
    'this might be a silly question, but',
    "I've been putting this off all day, so",
    "I tried doing this myself and gave up, so",
    'bear with me because I type fast and badly, but',
    "I'm on my phone so forgive the formatting, but",
    "not sure if you can help with this, but here goes:",
    "I'll try to be clear, though I rarely am, so",
    'quick one, I hope,',
    "I hope I'm explaining this right, so",
    "I don't usually ask for help with this kind of thing, but",
    'someone told me you could sort this out, so',
  ],
  who: ['my sister', 'my neighbour', 'my boss', 'my roommate', 'a friend from work', 'my landlord', 'my cousin', 'my dentist', 'our team lead', 'my old flatmate', 'my brother-in-law', 'the plumber', 'my manager', 'a colleague'],
  did: ['called me', 'texted me', 'stopped by', 'emailed me', 'rang the doorbell', 'pinged me', 'left me a voicemail', 'dropped in'],
  when: ['this morning', 'an hour ago', 'just now', 'earlier today', 'last night', 'over lunch', 'while I was cooking', 'at seven sharp', 'halfway through my coffee'],
  about: ['the weekend plans', 'a leaking tap', 'the car insurance', 'a birthday dinner', 'the book club', 'a broken bike chain', 'the garden fence', 'a parking ticket', 'the school run', 'some concert tickets', 'the quarterly review', 'a recipe for lentil soup', 'the wifi at home', 'a flight delay'],
  feel: ["so I'm a little scattered", 'so my head is elsewhere', "so I'm running behind", 'which threw my whole day off', "and now I can't focus", 'so sorry if I ramble', "and I'm still thinking about it", 'so apologies in advance'],
  aside: [
    'the printer in the hallway is making that noise again',
    'it has been raining for what feels like a week',
    "I still haven't had breakfast",
    'my laptop fan sounds like a jet engine',
    'there is construction right outside my window',
    'the cat keeps sitting on my notes',
    "I'm typing this between two meetings",
    'my coffee went cold ages ago',
    "the kids' music practice is very loud today",
    "I've had about four hours of sleep",
    'the train was cancelled again this morning',
    'I can hear the neighbours moving furniture',
  ],
  asideFrame: ['(Side note: {a}.)', 'Not that it matters, but {a}.', 'Also, unrelated, {a}.', 'Anyway, {a}, ha.', 'By the way {a}, just so you know.', '(Sorry, {a}.)', 'Funny thing, {a}.'],
  correction: [
    'wait, let me reread that... yes, that is what I meant',
    'hold on, I typed that wrong at first but it is right now',
    "sorry, I almost asked for something else there, but that's it",
    'actually no, ignore my first thought, what I wrote is correct',
    "scratch what I was about to add, it's fine as it is",
    'I went back and checked, and that part is right',
  ],
  thanks: ['Thanks a lot', 'Thank you so much', 'Cheers', 'Many thanks', 'Thanks heaps', 'Much appreciated', 'Thanks in advance', 'Thank you'],
  close: [
    "and sorry if that's confusing",
    'and let me know if anything is unclear',
    "I owe you one",
    'and sorry for the wall of text',
    "hope that's enough to go on",
    'you are a lifesaver',
    "and no rush, well, a little rush",
    'and apologies for the rambling',
    'I think that covers it',
    "let me know if I've missed something",
  ],
  sign: ['!', '.', '!!', ', really.', ' :)', '.'],
};

const fill = (frame: string, a: string) => frame.replace('{a}', a);

const STANCE = ["I'm not sure", "I'm not totally sure", "I honestly don't know", 'I can never remember', "I'm a bit unsure", "I've no idea", "I wasn't sure", 'I really wonder'];
const DOUBT = ['if this is the right place to ask', 'how to phrase this', 'whether this is even possible', "if I'm asking this the right way", 'how this usually works', 'what the proper way is', 'if you get requests like this', 'who else to ask'];
const CONNECT = [', but', ', so', ', anyway,', '. Anyway,', ', though'];

function hedgeOpener(rng: Rng): string {
  const greet = rng.chance(0.6) ? `${rng.pick(G.greet)} ` : '';
  const hedge = rng.chance(0.4) ? rng.pick(G.hedge) : `${rng.pick(STANCE)} ${rng.pick(DOUBT)}${rng.pick(CONNECT)}`;
  return `${greet}${greet ? hedge : hedge.charAt(0).toUpperCase() + hedge.slice(1)} `;
}

function digression(rng: Rng): string {
  if (rng.chance(0.5)) {
    const s = `${rng.pick(G.who)} ${rng.pick(G.did)} ${rng.pick(G.when)} about ${rng.pick(G.about)}, ${rng.pick(G.feel)}.`;
    return s.charAt(0).toUpperCase() + s.slice(1);
  }
  return fill(rng.pick(G.asideFrame), rng.pick(G.aside));
}

function selfCorrection(rng: Rng): string {
  const s = rng.pick(G.correction);
  return `(${s.charAt(0).toUpperCase()}${s.slice(1)}.)`;
}

function closer(rng: Rng): string {
  const s = ` ${rng.pick(G.thanks)}, ${rng.pick(G.close)}`;
  const sign = rng.pick(G.sign);
  return s + sign;
}

/** Sentence-initial words safe to lower-case after an opener (not names). */
const COMMON_STARTS = new Set(
  'also after then please can could would will i\'d i\'m now next first finally additionally moreover furthermore and but so what how find get show display list create make move copy delete remove send post book check set update add search look give tell help retrieve calculate compute open close turn start stop'.split(
    ' ',
  ),
);

function overlaps(start: number, end: number, spans: [number, number][]): boolean {
  return spans.some(([s, e]) => start < e && end > s);
}

/** Keys next to each other on a QWERTY keyboard: the slips of a fast typist. */
const NEIGHBOURS: Record<string, string> = {
  a: 'qswz', b: 'vghn', c: 'xdfv', d: 'serfcx', e: 'wsdr', f: 'drtgvc', g: 'ftyhbv', h: 'gyujnb', i: 'ujko', j: 'huikmn', k: 'jiolm', l: 'kop',
  m: 'njk', n: 'bhjm', o: 'iklp', p: 'ol', q: 'wa', r: 'edft', s: 'awedxz', t: 'rfgy', u: 'yhji', v: 'cfgb', w: 'qase', x: 'zsdc', y: 'tghu', z: 'asx',
};

let misspellings: Map<string, string[]> | undefined;

/**
 * Real misspellings people make, from cspell's common-misspellings dictionary (CC BY-SA 4.0):
 * correct word -> the misspellings that map only to it.
 */
export function commonMisspellings(): Map<string, string[]> {
  if (misspellings) return misspellings;
  const require = createRequire(import.meta.url);
  const dir = dirname(require.resolve('@cspell/dict-en-common-misspellings/cspell-ext.json'));
  const json = JSON.parse(readFileSync(join(dir, 'dict', 'dict-en.json'), 'utf8')) as { dictionaryDefinitions: { flagWords?: string[]; suggestWords?: string[] }[] };
  const map = new Map<string, string[]>();
  for (const def of json.dictionaryDefinitions) {
    for (const entry of [...(def.flagWords ?? []), ...(def.suggestWords ?? [])]) {
      const [wrong, right] = entry.split('->');
      if (!wrong || !right || right.includes(',') || !/^[a-z]+$/.test(wrong) || !/^[a-z]+$/.test(right.trim())) continue;
      const key = right.trim();
      if (!map.has(key)) map.set(key, []);
      map.get(key)!.push(wrong);
    }
  }
  misspellings = map;
  return map;
}

function keyboardSlip(word: string, rng: Rng): string {
  const positions = [...word].map((c, i) => i).filter((i) => i > 0 && NEIGHBOURS[word[i].toLowerCase()]);
  if (positions.length === 0) return word;
  const i = rng.pick(positions);
  return word.slice(0, i) + rng.pick([...NEIGHBOURS[word[i].toLowerCase()]]) + word.slice(i + 1);
}

/** A real misspelling of the word when one is known, else a keyboard-adjacent slip. */
function typo(word: string, rng: Rng): string {
  const known = commonMisspellings().get(word.toLowerCase());
  if (known && word === word.toLowerCase() && rng.chance(0.8)) return rng.pick(known);
  return keyboardSlip(word, rng);
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
  const words = [...text.matchAll(/[A-Za-z]{4,}/g)].filter((m) => !overlaps(m.index!, m.index! + m[0].length, spans));
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
  // The inserted text has slips too, as a hurried writer's would.
  const sloppy = (text: string) => (rng.chance(0.3) ? addTypos(text, [], rng).text : text);
  // A digression goes between two sentences (never inside one); a self-correction after the request.
  let body = rng.chance(0.8) ? insertAside(typoed, sloppy(digression(rng)), input.protected, rng) : typoed;
  if (rng.chance(0.4)) body = `${body.trimEnd()} ${selfCorrection(rng)}`;
  const opener = rng.chance(0.85) ? sloppy(hedgeOpener(rng)) : '';
  // The openers run on into the query: its first letter goes lower-case unless it starts a
  // protected value, a name or "I".
  const first = body.match(/^[A-Za-z']+/)?.[0] ?? '';
  const lower = opener && /^[A-Z][a-z']+$/.test(first) && first !== 'I' && !input.protected.some((v) => body.startsWith(v)) && COMMON_STARTS.has(first.toLowerCase());
  // A query that cannot run on (it starts with a name or a value) follows a hedge that ends as a sentence.
  const lead = lower || !opener ? opener : `${opener.trimEnd().replace(/[,.]?\s*(so|but|anyway,?|though|here goes:|quick one, I hope,)$/i, '').replace(/[,:]$/, '')}. `;
  const query = lead + (lower ? body[0].toLowerCase() + body.slice(1) : body) + sloppy(closer(rng));
  const lost = missingValues(query, input.protected);
  // Cannot happen with the spans respected; if it does, the rules are wrong and must not ship a broken case.
  if (lost.length) throw new Error(`noisy-query rules lost protected values ${JSON.stringify(lost)}`);
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
            ? `These values must appear in the rewritten query exactly as written (no typos inside them, same spelling, case and format):\n${input.protected.map((v) => `- ${JSON.stringify(v)}`).join('\n')}\n`
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
