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
import { toJson } from '../../../pipeline/pyValues.js';

export interface NoisyQueryInput {
  query: string;
  /** Values that must appear verbatim in the rewrite. */
  protected: string[];
}

export const NoisyQueryOutput = z.object({ query: z.string().min(1) });
export type NoisyQueryOutput = z.infer<typeof NoisyQueryOutput>;

export const NOISY_RULES_VERSION = 'noisy-query-4';

/**
 * The grammar the offline rules draw from. Every inserted sentence is put together from short
 * independent slots (one to three words each, a dozen or more options per slot), so any 4-word run
 * spans two or three slots: a sentence recurs rarely and the inserted text seldom repeats a phrase.
 */
const G = {
  greet: ['Hi,', 'Hey,', 'Hello,', 'Hi there,', 'Morning,', 'Evening,', 'Hey again,', 'Good afternoon,', 'Hiya,', 'Ok so,', 'Right,', 'Um, hi,', 'Hello again,', 'Yo,', 'Afternoon,', 'Hi hi,'],
  stance: ['Not sure', 'Unsure', 'No idea', 'Wondering', 'Honestly unsure', 'Dunno', 'Not certain', 'Curious', 'Doubtful', 'Confused about', 'Clueless', 'Uncertain', 'Debating', 'Puzzled', 'Torn on'],
  doubtWh: ['if', 'whether', 'how', 'when', 'why'],
  doubtWho: ['this', 'my request', 'the thing below', 'what I need', 'my ask', 'this one', 'the job', 'everything below', 'my question', 'the task', 'any of it', 'my wording', 'the plan', 'this bit', 'my message', 'the order of things', 'the details', 'my notes', 'the request', 'what follows'],
  doubtTail: ['makes sense', 'is clear', 'fits here', 'reads right', 'is doable', 'sounds okay', 'is possible', 'belongs here', 'comes across', 'is the norm', 'works out', 'is too much'],
  connect: [', but', ', so', ', anyway,', ', though,', '... anyway,', ', still,', ' - so'],
  who: ['my sister', 'my neighbour', 'my boss', 'my roommate', 'a coworker', 'my landlord', 'my cousin', 'my dentist', 'our team lead', 'my old flatmate', 'my brother-in-law', 'the plumber', 'my manager', 'a colleague', 'my aunt', 'the courier', 'my accountant', 'my kid', 'the vet', 'my partner'],
  did: ['called', 'texted', 'stopped by', 'emailed', 'rang', 'pinged me', 'phoned', 'dropped in', 'wrote', 'showed up', 'messaged', 'buzzed'],
  when: ['this morning', 'an hour ago', 'just now', 'earlier today', 'last night', 'over lunch', 'at dawn', 'at seven', 'before noon', 'around ten', 'after dinner', 'mid-meeting', 'on Sunday', 'yesterday', 'at midnight'],
  about: ['the weekend', 'a leaking tap', 'car insurance', 'a birthday', 'book club', 'a bike chain', 'the fence', 'a parking fine', 'the school run', 'concert tickets', 'the review', 'lentil soup', 'the wifi', 'a delayed flight', 'the rent', 'a lost key', 'tax forms', 'the boiler', 'a wedding', 'the garden'],
  so: ['so', 'and now', 'which means', 'and honestly', 'hence why', 'meaning', 'so yeah,', 'and so', 'therefore', 'and basically', 'long story short,'],
  about2: ['about', 'regarding', 'asking about', 'over', 'to discuss', 'to moan about', 'to ask about', 're:', 'wanting to chat about', 'with news on'],
  mood: ["I'm scattered", "I'm distracted", "I'm behind", "I'm frazzled", "I'm all over", "I can't focus", "I'm half here", "I'm rushed", "I'm tired", "I'm sidetracked", "I'm flustered", "I'm slow today"],
  thing: ['the printer', 'my laptop fan', 'the radiator', 'the dog next door', 'the kettle', 'my phone', 'the upstairs drill', 'the smoke alarm', 'my headset', 'the fridge', 'the doorbell', 'a car alarm', 'the baby monitor', 'my old mouse'],
  act: ['keeps beeping', 'is rattling', 'will not stop', 'just died', 'is buzzing', 'is acting up', 'went off', 'is humming', 'keeps clicking', 'is blinking', 'froze again', 'started squeaking'],
  asideOpen: ['Side note:', 'Unrelated, but', 'Also,', 'Oh and', 'Fun fact:', 'Meanwhile', 'Sorry,', 'Ugh,', 'Random, but', 'FYI'],
  fix: ['wait', 'hold on', 'sorry', 'hmm', 'oops', 'one sec', 'scratch that', 'never mind'],
  fixWhat: ['reread', 'double-checked', 'looked again', 'checked twice', 'went back', 'verified', 'scrolled up', 'compared', 'rechecked', 'reviewed', 'confirmed', 'squinted'],
  fixJoin: ['and', '-', ';', ', and', '... and', ', so', ', yep,'],
  fixEnd: ['it is right', "that's what I meant", 'correct as typed', 'nothing changes', 'it stands', 'yes, that', 'all good', 'it holds', 'no edits', 'fine', 'spot on', 'as is', 'accurate', 'unchanged', 'still valid'],
  thanks: ['Thanks', 'Thank you', 'Cheers', 'Many thanks', 'Thanks heaps', 'Much appreciated', 'Ta', 'Thanks so much', 'Grateful', 'Thx'],
  thanksFor: ['a lot', 'in advance', 'for this', 'for helping', 'for your time', 'for looking', 'again', 'loads', 'massively', 'truly', 'kindly', 'heaps', 'a million', 'hugely', 'as always'],
  closeTail: ["sorry if it's messy", 'ping me', 'I owe you', 'no rush', 'hope that helps', 'shout if lost', 'you rock', 'have a good one', 'talk soon', 'sorry for rambling', "that's all", 'fingers crossed', 'legend', 'ciao', 'catch you later', 'much love', 'stay dry', 'enjoy your day', 'over and out', 'bye for now', 'take care', 'best'],
  sign: ['!', '.', '!!', ' :)', '.', '...!', ' :D'],
};

const cap = (t: string) => t.charAt(0).toUpperCase() + t.slice(1);

function hedgeOpener(rng: Rng): string {
  const greet = rng.chance(0.6) ? `${rng.pick(G.greet)} ` : '';
  const stance = rng.pick(G.stance);
  const hedge = `${stance} ${rng.pick(G.doubtWh)} ${rng.pick(G.doubtWho)} ${rng.pick(G.doubtTail)}${rng.pick(G.connect)}`;
  return `${greet}${greet ? hedge : cap(hedge)} `;
}

function digression(rng: Rng): string {
  if (rng.chance(0.55)) return cap(`${rng.pick(G.who)} ${rng.pick(G.did)} ${rng.pick(G.when)} ${rng.pick(G.about2)} ${rng.pick(G.about)}, ${rng.pick(G.so)} ${rng.pick(G.mood)}.`);
  return `${rng.pick(G.asideOpen)} ${rng.pick(G.thing)} ${rng.pick(G.act)} ${rng.pick(G.when)}.`;
}

function selfCorrection(rng: Rng): string {
  return `(${cap(rng.pick(G.fix))}, I ${rng.pick(G.fixWhat)}${rng.pick(G.fixJoin).replace(/^(?=[a-z-])/, ' ')} ${rng.pick(G.fixEnd)}.)`;
}

function closer(rng: Rng): string {
  return ` ${rng.pick(G.thanks)} ${rng.pick(G.thanksFor)}, ${rng.pick(G.closeTail)}${rng.pick(G.sign)}`;
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
  const sloppy = (text: string) => (rng.chance(0.4) ? addTypos(text, [], rng).text : text);
  // A digression goes between two sentences (never inside one); a self-correction after the request.
  let body = rng.chance(0.8) ? insertAside(typoed, sloppy(digression(rng)), input.protected, rng) : typoed;
  if (rng.chance(0.4)) body = `${body.trimEnd()} ${selfCorrection(rng)}`;
  const opener = rng.chance(0.85) ? sloppy(hedgeOpener(rng)) : '';
  // The openers run on into the query: its first letter goes lower-case unless it starts a
  // protected value, a name or "I".
  const first = body.match(/^[A-Za-z']+/)?.[0] ?? '';
  const lower = opener && /^[A-Z][a-z']+$/.test(first) && first !== 'I' && !input.protected.some((v) => body.startsWith(v)) && COMMON_STARTS.has(first.toLowerCase());
  // A query that cannot run on (it starts with a name or a value) follows a hedge that ends as a sentence.
  const lead = lower || !opener ? opener : `${opener.trimEnd().replace(/(\s*-\s*|[,.]+\s*|\.\.\.\s*)(so|but|anyway,?|though,?|still,?)$/i, '')}. `;
  const query = lead + (lower ? body[0].toLowerCase() + body.slice(1) : body) + sloppy(closer(rng));
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
