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

export const NOISY_RULES_VERSION = 'noisy-query-9';

/**
 * The grammar the offline rules draw from. Every inserted sentence is put together from short
 * slots (one to three words each, a dozen or more options per slot), so any 4-word run spans two
 * or three slots: a sentence recurs rarely and the inserted text seldom repeats a phrase. Slots
 * are grouped so that every combination is English a person would write: a doubt is *whether* or
 * *how* something reads (never "when it makes sense"), subjects are singular to agree with their
 * verbs, an ongoing noise takes a present time and a finished one a past time, a self-correction
 * confirms (it never retracts), and each thanks takes only the tails it collocates with
 * (pipeline/quality/noiseCoherence.ts measures the slips the unconstrained product made).
 */
const G = {
  greet: ['Hi,', 'Hey,', 'Hello,', 'Hi there,', 'Morning,', 'Evening,', 'Hey again,', 'Good afternoon,', 'Hiya,', 'Ok so,', 'Right,', 'Um, hi,', 'Hello again,', 'Afternoon,', 'Hi hi,', 'Hey there,', 'Hi again,', 'Okay,', 'So,', 'Quick one,', 'Good morning,', 'Good evening,', 'Howdy,', 'Heya,', 'Hey folks,', 'Morning all,', 'Greetings,'],
  /** Stances that take "whether" (and "if", unless `whetherOnly`). */
  stanceWhether: ['Not sure', 'Unsure', 'No idea', 'Wondering', 'Honestly unsure', 'Dunno', 'Not certain', 'Curious', 'Uncertain', "Can't tell", 'Asking myself', "I'm not sure", 'Not quite sure', 'Unclear', 'Checking', 'I wonder', 'Never sure', 'Not totally sure'],
  whetherOnly: ['Debating', 'Torn on', 'Doubtful', 'Undecided on', 'Second-guessing'],
  /** Stances that take "how". */
  stanceHow: ['Not sure', 'Unsure', 'No idea', 'Wondering', 'Curious', "Can't tell", 'Unclear on', 'Not quite sure', 'I wonder', 'Unsure, honestly,'],
  /** Singular subjects, so "is" / "makes" agree. */
  doubtWho: ['this', 'my request', 'the thing below', 'what I need', 'my ask', 'this one', 'the job', 'everything below', 'my question', 'the task', 'any of this', 'my wording', 'the plan', 'this bit', 'my message', 'the order of things', 'the request', 'what follows', 'the whole thing', 'my note', 'my phrasing', 'the ask', 'this message', 'my list', 'what I typed', 'this request', 'my explanation', 'the setup', 'my brief', 'the description', 'my summary', 'the wording'],
  whetherTail: ['makes sense', 'is clear', 'reads right', 'is doable', 'sounds okay', 'is possible', 'is a normal ask', 'works out', 'is too much', 'is phrased well', 'is specific enough', 'is detailed enough', 'is complete', 'adds up', 'hangs together', 'is in scope', 'is worded right', 'is unambiguous', 'is a big ask', 'is easy to follow', 'needs more detail', 'covers it'],
  howTail: ['comes across', 'reads', 'sounds', 'will land', 'should be phrased', 'looks to you', 'is best put', 'reads to you', 'will come across', 'lands'],
  connect: [', but', ', so', ', anyway,', ', though,', '... anyway,', ', still,', ' - so'],
  who: ['my sister', 'my neighbour', 'my boss', 'my roommate', 'a coworker', 'my landlord', 'my cousin', 'my dentist', 'our team lead', 'my old flatmate', 'my brother-in-law', 'the plumber', 'my manager', 'a colleague', 'my aunt', 'the courier', 'my accountant', 'my kid', 'the vet', 'my partner', 'my mum', 'my dad', 'my grandma', 'the neighbour upstairs', 'my flatmate', 'an old friend', 'my old teacher', 'my coach', 'the landlady', 'my niece', 'my nephew', 'my uncle', 'the babysitter', 'my best friend', 'a client', 'my mentor', 'the mechanic', 'my trainer', "my landlord's son", 'a neighbour', 'my sister-in-law', 'my godson', "the plumber's office", 'my old boss', 'a recruiter', 'the school', 'my brother', 'my grandad'],
  /** A visit or a message, each with the ways of saying what it was about that fit it. */
  contact: [
    { did: ['called', 'rang', 'phoned'], about: ['about', 'regarding', 'to ask about', 'to moan about'] },
    { did: ['stopped by', 'dropped in', 'showed up', 'came round'], about: ['to discuss', 'to moan about', 'to ask about', 'about'] },
    { did: ['texted', 'emailed', 'messaged', 'pinged me', 'wrote'], about: ['about', 'regarding', 'asking about', 'to complain about'] },
  ],
  pastWhen: ['this morning', 'an hour ago', 'just now', 'earlier today', 'last night', 'over lunch', 'at dawn', 'at seven', 'before noon', 'around ten', 'after dinner', 'mid-meeting', 'on Sunday', 'yesterday', 'at midnight', 'at breakfast', 'this afternoon', 'on the way here', 'during my commute', 'late last night', 'first thing', 'at lunchtime', 'on Friday', 'twenty minutes ago', 'a moment ago', 'mid-morning', 'around noon', 'before breakfast', 'over coffee', 'at the weekend', 'this evening'],
  about: ['the weekend', 'a leaking tap', 'car insurance', 'a birthday', 'book club', 'a bike chain', 'the fence', 'a parking fine', 'the school run', 'concert tickets', 'a film review', 'lentil soup', 'the wifi', 'a delayed flight', 'the rent', 'a lost key', 'tax forms', 'the boiler', 'a wedding', 'the garden', 'the holidays', 'a job offer', 'their new puppy', 'the football', 'a broken dishwasher', 'the bins', 'a surprise party', 'the heatwave', 'a noisy party', 'the car service', 'a dentist bill', 'their house move', 'a recipe', 'the quiz night', 'a missing parcel', 'the gym', 'a board game', 'a new bakery', 'the broadband bill', 'a leaky roof'],
  so: ['so', 'and now', 'which means', 'and honestly', 'so yeah,', 'and so', 'and basically', 'long story short,', 'so now', 'which is why', 'so anyway', 'so basically', 'hence', 'so honestly'],
  mood: ["I'm scattered", "I'm distracted", "I'm behind", "I'm frazzled", "I'm all over the place", "I can't focus", "I'm half here", "I'm rushed", "I'm tired", "I'm sidetracked", "I'm flustered", "I'm slow today", "I'm a bit behind", "I'm running late", "I'm juggling things", "I'm playing catch-up", "I'm multitasking", "I'm short on time", "I'm miles away", "I'm swamped", "I'm knackered", "I'm way behind", "I'm wiped out", "I'm stretched thin"],
  asideOpen: ['Side note:', 'Unrelated, but', 'Also,', 'Oh and', 'Fun fact:', 'Meanwhile', 'Sorry,', 'Ugh,', 'Random, but', 'FYI', 'By the way,', 'Totally unrelated:', 'Quick aside:', 'PS:', 'Apologies,'],
  /** Things around the writer, each with what it may do: an ongoing act ("is", "keeps", "will not") or a finished one. */
  thing: [
    { name: 'the printer', act: ['keeps beeping', 'is acting up', 'is blinking', 'jammed', 'died', 'gave up'] },
    { name: 'my laptop fan', act: ['keeps whining', 'is humming', 'is acting up', 'started squeaking', 'gave up'] },
    { name: 'my phone', act: ['keeps buzzing', 'is acting up', 'died', 'froze', 'crashed'] },
    { name: 'the smoke alarm', act: ['keeps beeping', 'will not stop', 'went off'] },
    { name: 'my headset', act: ['keeps crackling', 'is acting up', 'died', 'broke'] },
    { name: 'the fridge', act: ['is humming', 'keeps clicking', 'is rattling', 'broke'] },
    { name: 'the doorbell', act: ['keeps ringing', 'went off', 'broke'] },
    { name: 'a car alarm', act: ['will not stop', 'keeps wailing', 'went off'] },
    { name: 'the kettle', act: ['is rattling', 'broke', 'gave up'] },
    { name: 'the radiator', act: ['keeps clicking', 'is rattling', 'is banging', 'broke'] },
    { name: 'the upstairs drill', act: ['will not stop', 'is going again', 'started up'] },
    { name: 'the dog next door', act: ['keeps barking', 'will not stop', 'started howling'] },
    { name: 'my old mouse', act: ['keeps double-clicking', 'died', 'froze', 'gave up'] },
    { name: 'the baby monitor', act: ['keeps beeping', 'is crackling', 'went off'] },
    { name: "the neighbour's lawnmower", act: ['will not stop', 'is going again', 'started up'] },
    { name: 'my keyboard', act: ['keeps sticking', 'is acting up', 'died'] },
    { name: 'the wifi', act: ['keeps dropping', 'is acting up', 'went down', 'cut out'] },
    { name: 'the heating', act: ['keeps clicking', 'is acting up', 'broke', 'packed in'] },
    { name: 'the ceiling fan', act: ['keeps wobbling', 'is rattling', 'died'] },
    { name: 'my webcam', act: ['keeps freezing', 'is acting up', 'died'] },
    { name: 'the microwave', act: ['keeps beeping', 'broke', 'died'] },
    { name: 'the cat', act: ['keeps walking across my keyboard', 'is yowling', 'knocked a mug over', 'escaped'] },
    { name: 'my toddler', act: ['is singing', 'keeps asking for snacks', 'woke up', 'spilled juice'] },
    { name: 'the washing machine', act: ['is thumping', 'keeps beeping', 'flooded the floor', 'broke'] },
  ],
  /** Times that fit an ongoing act. */
  nowWhen: ['again', 'right now', 'all morning', 'non-stop', 'as I type', 'every few minutes', 'today', 'all afternoon', 'every so often', 'on and off', 'constantly', 'this whole time', 'as we speak', 'all day'],
  // No "oops": it announces a slip, and the aside then finds none.
  fix: ['wait', 'hold on', 'sorry', 'hmm', 'one sec', 'ah', 'actually', 'hang on', 'um'],
  fixWhat: ['reread', 'double-checked', 'looked again', 'checked twice', 'went back', 'verified', 'scrolled up', 'compared', 'rechecked', 'reviewed', 'confirmed', 'squinted at it', 'read it back', 'went over it', 'proofread it', 'skimmed it again', 'checked the details', 'checked it', 'looked twice', 'read it over', 'double-checked it', 'rechecked it'],
  fixJoin: [' and', ' -', ';', ', and', '... and', ', yep,', ' and yes,'],
  /** Whole clauses: a self-correction that confirms says so in words. */
  fixEnd: ["it's right", "that's what I meant", "it's correct as typed", 'nothing changes', 'it stands', "it's all good", 'it holds', 'no edits needed', "it's fine", "it's spot on", "it's accurate", "it's still valid", "it's what I want", "it's as I intended", 'nothing needs changing', "it's good to go", "it's all correct", "it's exactly right", 'all fine', 'it reads right', 'no changes', 'it is right', 'it checks out', 'still right'],
  /** Each thanks with the tails it takes. */
  thanks: [
    { say: ['Thanks', 'Thx'], tail: ['a lot', 'in advance', 'for this', 'for helping', 'for your time', 'for looking', 'again', 'loads', 'heaps', 'a million', 'as always', 'so much', 'for the help', 'for sorting this', 'for bearing with me'] },
    { say: ['Thank you'], tail: ['in advance', 'for this', 'for helping', 'for your time', 'for looking', 'again', 'kindly', 'so much', 'as always', 'for the help', 'for bearing with me'] },
    { say: ['Cheers'], tail: ['in advance', 'for this', 'for helping', 'for looking', 'again', 'loads', 'as always', 'for the help', 'for sorting this'] },
    { say: ['Many thanks'], tail: ['in advance', 'for this', 'for helping', 'for your time', 'again', 'as always'] },
    // Thanks that stand alone.
    { say: ['Thanks a ton', 'Big thanks', 'Much obliged', 'Ta very much', 'Thanks ever so much'], tail: [''] },
    { say: ['Grateful', 'Much appreciated'], tail: ['as always', 'in advance', 'for any help', 'for your time', 'for any pointers', 'for the help'] },
  ],
  closeTail: ["sorry if it's messy", 'ping me', 'I owe you', 'no rush', 'hope that helps', 'shout if lost', 'you rock', 'have a good one', 'talk soon', 'sorry for rambling', "that's all", 'fingers crossed', 'ciao', 'catch you later', 'enjoy your day', 'over and out', 'bye for now', 'take care', 'best', 'speak soon', 'appreciate it', 'no pressure', 'whenever you can', 'much obliged', "you're a star", 'until next time', 'be well', 'all the best', 'good luck', 'see you', 'later', 'chat soon', 'stay well'],
  sign: ['!', '.', '!!', ' :)', '.', '...!', ' :D'],
};

const cap = (t: string) => t.charAt(0).toUpperCase() + t.slice(1);

function hedgeOpener(rng: Rng): string {
  const greet = rng.chance(0.6) ? `${rng.pick(G.greet)} ` : '';
  let doubt: string;
  if (rng.chance(0.3)) doubt = `${rng.pick(G.stanceHow)} how ${rng.pick(G.doubtWho)} ${rng.pick(G.howTail)}`;
  else {
    const only = rng.chance(0.25);
    const stance = only ? rng.pick(G.whetherOnly) : rng.pick(G.stanceWhether);
    doubt = `${stance} ${only ? 'whether' : rng.pick(['if', 'whether'])} ${rng.pick(G.doubtWho)} ${rng.pick(G.whetherTail)}`;
  }
  const hedge = `${doubt}${rng.pick(G.connect)}`;
  // After a greeting the hedge runs on: "Heya, undecided on whether…" ("I" keeps its capital).
  return `${greet}${greet ? decap(hedge) : cap(hedge)} `;
}

const decap = (t: string) => (/^I\b/.test(t) ? t : t.charAt(0).toLowerCase() + t.slice(1));

function digression(rng: Rng): string {
  if (rng.chance(0.55)) {
    const c = rng.pick(G.contact);
    return cap(`${rng.pick(G.who)} ${rng.pick(c.did)} ${rng.pick(G.pastWhen)} ${rng.pick(c.about)} ${rng.pick(G.about)}, ${rng.pick(G.so)} ${rng.pick(G.mood)}.`);
  }
  const thing = rng.pick(G.thing);
  const act = rng.pick(thing.act);
  const when = /^(is|keeps|will not)\b/.test(act) ? rng.pick(G.nowWhen) : rng.pick(G.pastWhen);
  return `${rng.pick(G.asideOpen)} ${thing.name} ${act} ${when}.`;
}

function selfCorrection(rng: Rng): string {
  return `(${cap(rng.pick(G.fix))}, I ${rng.pick(G.fixWhat)}${rng.pick(G.fixJoin)} ${rng.pick(G.fixEnd)}.)`;
}

function closer(rng: Rng): string {
  const t = rng.pick(G.thanks);
  const tail = rng.pick(t.tail);
  return ` ${rng.pick(t.say)}${tail ? ` ${tail}` : ''}, ${rng.pick(G.closeTail)}${rng.pick(G.sign)}`;
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
  // Never the first letter (people rarely miss it) nor the last (a slip there reads as another
  // inflection: "note" -> "nots").
  const positions = [...word].map((c, i) => i).filter((i) => i > 0 && i < word.length - 1 && NEIGHBOURS[word[i].toLowerCase()]);
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

export function addTypos(text: string, keep: string[], rng: Rng, most = 3): { text: string; typos: { from: string; to: string }[] } {
  const spans = [...protectedSpans(text, keep), ...lookalikeSpans(text)];
  const words = [...text.matchAll(/[A-Za-z]{4,}/g)].filter((m) => !overlaps(m.index!, m.index! + m[0].length, spans));
  if (words.length === 0) return { text, typos: [] };
  const n = rng.int(1, Math.min(most, words.length));
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
  const { text: typoed, typos } = addTypos(input.query, input.protected, rng, 2);
  // The inserted text has the odd slip too, as a hurried writer's would; a few in all, or the
  // message reads garbled rather than hurried.
  const sloppy = (text: string) => (rng.chance(0.25) ? addTypos(text, [], rng, 1).text : text);
  // A digression goes between two sentences (never inside one); a self-correction after the request.
  let body = rng.chance(0.8) ? insertAside(typoed, sloppy(digression(rng)), input.protected, rng) : typoed;
  if (rng.chance(0.4)) body = `${body.trimEnd()} ${selfCorrection(rng)}`;
  const hedge = rng.chance(0.85) ? hedgeOpener(rng) : '';
  // The openers run on into the query: its first letter goes lower-case unless it starts a
  // protected value, a name or "I".
  const first = body.match(/^[A-Za-z']+/)?.[0] ?? '';
  const lower = hedge && /^[A-Z][a-z']+$/.test(first) && first !== 'I' && !input.protected.some((v) => body.startsWith(v)) && COMMON_STARTS.has(first.toLowerCase());
  // A query that cannot run on (it starts with a name or a value) follows a hedge that ends as a
  // sentence: its connector goes before the typos, which would hide it ("anway,. I've been").
  const ended = lower || !hedge ? hedge : `${hedge.trimEnd().replace(/(\s*-\s*|[,.]+\s*|\.\.\.\s*)(so|but|anyway,?|though,?|still,?)$/i, '')}. `;
  const lead = ended ? sloppy(ended) : '';
  // Most people sign off; some just stop.
  const query = lead + (lower ? body[0].toLowerCase() + body.slice(1) : body) + (rng.chance(0.8) ? sloppy(closer(rng)) : '');
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
