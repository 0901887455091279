/**
 * The shape of the noise a noisy query adds, read from the text alone: which kinds of sentence
 * were inserted (a doubting opener, a relative's call, an appliance aside, a bracketed self-check,
 * a sign-off, a reason for asking, a restatement, …), which words the rewrite misspelled, and the
 * parts that clash with each other or with the case (a time of day the greeting contradicts, an
 * appliance "on the way here", "Hello again" opening a conversation, a proofreading claim beside
 * typos). The rules are text patterns, so they read any rewrite, not only the offline rules'.
 */
import { diffWords } from 'diff';
import { sentencesOf } from './grammar.js';
import { levenshtein } from '../editDistance.js';

/** The four parts of the one skeleton the noisy-query rules used to fill from word lists. */
export const SKELETON_KINDS = ['doubt', 'relative', 'appliance', 'self-check', 'sign-off'] as const;

export type NoiseKind = (typeof SKELETON_KINDS)[number] | 'greeting' | 'reason' | 'context' | 'filler' | 'restate' | 'typing-note' | 'ability' | 'other';

const KIND_RULES: { kind: NoiseKind; re: RegExp }[] = [
  { kind: 'self-check', re: /^\(.*\)$/s },
  { kind: 'doubt', re: /\b(?:not sure|unsure|no idea|wondering|dunno|not certain|curious|uncertain|can't tell|asking myself|unclear(?: on)?|checking|i wonder|never sure|debating|torn on|doubtful|undecided on|second-guessing|not quite sure|not totally sure)\s+(?:whether|if|how)\s+(?:this|my|the|what|any|everything)\b/i },
  { kind: 'relative', re: /\b(?:called|rang|phoned|stopped by|dropped in|showed up|came round|texted|emailed|messaged|pinged me|wrote)\b[^.]*\b(?:about|regarding|to discuss|to ask about|to moan about|asking about|to complain about)\b/i },
  { kind: 'appliance', re: /^(?:side note:|unrelated, but|also,|oh and|fun fact:|meanwhile|sorry,|ugh,|random, but|fyi|by the way,|totally unrelated:|quick aside:|ps:|apologies,)\s+(?:the|my|a)\s+[\w' -]{2,30}?\s+(?:keeps|is|will not|went|died|broke|jammed|gave|froze|crashed|started|knocked|escaped|woke|spilled|flooded|packed|cut)\b/i },
  { kind: 'sign-off', re: /^(?:thanks|thx|thank you|cheers|many thanks|big thanks|much obliged|ta very much|grateful|much appreciated|ta\b|ty\b|appreciate it)/i },
  { kind: 'typing-note', re: /\b(?:typos?|typing|one-handed|on my phone|autocorrect|spelling)\b/i },
  { kind: 'filler', re: /^(?:,\s*)?(?:if (?:that's|it's|it is|you|at all)|when you|ideally|i (?:think|guess|suppose)\b|please|whenever|as soon as|so basically|um\b|okay so|alright, so|hmm|ok so|right, so|so, um|what i need)/i },
  { kind: 'restate', re: /^(?:so yeah|to sum up|in short|tl;?dr|basically, (?:that|every|just|the|it|please)|short version|recap|main thing|the important part|what matters most|bottom line|so, to be clear|just to be clear|so, in a nutshell|anyway, (?:that|every|just|the|it|please)|again,)/i },
  { kind: 'ability', re: /\b(?:if you can|whether you can|can you even|if this is something|first time|one more thing|next up|following on|another one|next bit|back again|one more|hope this is|hoping this|odd request|unusual request|dull request|weird one|odd one|boring one|right place|right one|moving on|continuing|carrying on|new ask|next part|next step)\b/i },
  { kind: 'reason', re: /\b(?:for context|background|context:|why i ask|in case it matters|i need this|i'm trying to|i am trying to|i've been|we're|we are|i have to|i'm putting|i'm sorting|i'm handing|because|so that|need it for|reason)\b/i },
  { kind: 'context', re: /\b(?:lately|these days|at the moment|right now|for ages|honestly|to be honest|to be fair|fwiw|for what it is worth|not that it matters|admittedly|always|never|one of those|i keep|i'm not (?:much|really|the most)|far too)\b/i },
  { kind: 'greeting', re: /^(?:hi|hey|hello|hiya|heya|howdy|morning|afternoon|evening|good (?:morning|afternoon|evening)|greetings|yo)\b[^a-z]*$/i },
];

/** The kind of one inserted sentence (by its cues; 'other' when none fits). */
export function noiseKind(sentence: string): NoiseKind {
  for (const { kind, re } of KIND_RULES) if (re.test(sentence.trim())) return kind;
  return 'other';
}

/** Sentences of the runs a rewrite inserted, with at least `minWords` words. */
export function addedSentences(original: string, noisy: string, minWords = 4): string[] {
  return diffWords(original, noisy)
    .filter((p) => p.added)
    // A bracketed sentence ends at its ")": "(Ah, I checked.) Thanks a lot!" is two.
    .flatMap((p) => sentencesOf(p.value.trim()).flatMap((x) => x.split(/(?<=[.!?]\))\s+(?=[A-Z"'(`])/)))
    .filter((s) => (s.match(/[A-Za-z']+/g) ?? []).length >= minWords);
}

/** Whether every inserted sentence (4+ words, at least one) is one of the skeleton's parts. */
export function skeletonOnly(original: string, noisy: string): { only: boolean; kinds: NoiseKind[] } {
  const kinds = addedSentences(original, noisy).map(noiseKind);
  return { only: kinds.length > 0 && kinds.every((k) => (SKELETON_KINDS as readonly string[]).includes(k)), kinds };
}

/** The frame of a noisy query: the set of kinds it inserted ("typos only" when it inserted no sentence). */
export function noiseFrame(original: string, noisy: string): string {
  const kinds = [...new Set(addedSentences(original, noisy).map(noiseKind))].sort();
  return kinds.length ? kinds.join('+') : 'typos only';
}

/**
 * Words of the original the rewrite misspelled: a removed word replaced, at the same place, by a
 * word one or two edits away (a letter swapped, dropped or doubled).
 */
export function typosOf(original: string, noisy: string): { from: string; to: string }[] {
  const parts = diffWords(original, noisy);
  const out: { from: string; to: string }[] = [];
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i];
    const q = parts[i + 1];
    if (!q) break;
    const removed = p.removed ? p : q.removed ? q : undefined;
    const added = p.added ? p : q.added ? q : undefined;
    if (!removed || !added || removed === added) continue;
    const from = removed.value.match(/[A-Za-z']+/g) ?? [];
    const to = added.value.match(/[A-Za-z']+/g) ?? [];
    // The replaced word is at one end of the added run (a sentence may have been inserted beside it).
    for (const w of from) {
      const cands = [to[0], to[to.length - 1], ...to].filter((v): v is string => Boolean(v));
      const hit = cands.find((v) => v.toLowerCase() !== w.toLowerCase() && w.length >= 3 && levenshtein(w.toLowerCase(), v.toLowerCase()) <= 2 && Math.abs(w.length - v.length) <= 2);
      if (hit) out.push({ from: w, to: hit });
    }
    i++;
  }
  return out;
}

/** Words that say how many or which one: a typo in one can change what is asked. */
export const COUNT_WORDS = new Set(
  (
    'one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety hundred thousand million billion ' +
    'first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth twentieth hundredth once twice thrice dozen dozens half quarter single double triple couple pair both'
  ).split(' '),
);

/** Ways of writing at a time of day; the later part must not come after the greeting's. */
// A plan for later ("something to see tonight", "what to cook tonight") is no clash: only a time the day has not reached yet told as past.
const PLANNED = '(?<!\\b(?:watch|see|cook|make|eat|for)\\s)';
const LATER_THAN: Record<'morning' | 'afternoon', RegExp> = {
  morning: new RegExp(`\\b(?:this afternoon|this evening|${PLANNED}tonight|after dinner|over lunch|at lunchtime|after lunch|over dinner)\\b`, 'i'),
  afternoon: new RegExp(`\\b(?:this evening|${PLANNED}tonight|after dinner|over dinner)\\b`, 'i'),
};

/** Professionals and what they would plausibly come or write about. */
const TRADE_TOPICS: Record<string, RegExp> = {
  accountant: /tax|invoice|receipt|expense|budget|return|accounts|bill|payroll|books/i,
  dentist: /appointment|check-?up|filling|teeth|tooth|bill|crown|clean/i,
  vet: /dog|cat|puppy|kitten|pet|jab|vaccin|check-?up|worming|flea/i,
  plumber: /tap|boiler|leak|pipe|radiator|sink|toilet|shower|heating|drain/i,
  mechanic: /car|brake|tyre|tire|service|engine|\bmot\b|clutch|exhaust|oil/i,
  courier: /parcel|delivery|package|slot|signature/i,
  recruiter: /job|role|offer|interview|position|cv|salary/i,
};

/** A topic within the trade, a typo in it forgiven (the courier about a missing "paecel" is about a parcel). */
function onTopic(trade: string, topic: string): boolean {
  const re = TRADE_TOPICS[trade];
  if (re.test(topic)) return true;
  // The words the trade's pattern names and their plurals (the typo may be in "invoices").
  const keys = re.source.replace(/\\b/g, '').replace(/-\?/g, '').split('|').flatMap((k) => (k.endsWith('s?') ? [k.slice(0, -2), k.slice(0, -1)] : [k, `${k}s`])).filter((k) => k.length >= 4);
  return topic.toLowerCase().split(/[^a-z]+/).some((w) => w.length >= 4 && keys.some((k) => levenshtein(w, k) <= 1 || swapsTwo(w, k)));
}

/** Two letters side by side swapped, the typo the noise makes most ("invocies" for "invoices"). */
function swapsTwo(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  const at = [...a].findIndex((ch, i) => ch !== b[i]);
  return at >= 0 && at < a.length - 1 && a[at] === b[at + 1] && a[at + 1] === b[at] && a.slice(at + 2) === b.slice(at + 2);
}

/**
 * Parts of a noisy query that clash with one another (each rule names one; the first found). A time
 * the user's own request says (`request`: "I'm craving Italian food tonight") is what they plan, which
 * a morning greeting does not contradict; only a time the noise added can clash with it.
 */
export function noiseClashes(noisy: string, request = ''): string[] {
  const out: string[] = [];
  // An appliance or pet acting where the writer was travelling or in a meeting.
  const m1 = /\b(?:the|my|a)\s+(?:printer|laptop fan|phone|smoke alarm|headset|fridge|doorbell|car alarm|kettle|radiator|upstairs drill|dog next door|old mouse|baby monitor|neighbour's lawnmower|keyboard|wifi|heating|ceiling fan|webcam|microwave|cat|washing machine|boiler|dishwasher|oven|toaster)\s+[a-z' -]{2,40}?\b(?:on the way here|during my commute|mid-meeting|on the bus|on the train|at the office)\b/i.exec(noisy);
  if (m1) out.push(`appliance away from home: "${m1[0]}"`);
  // A greeting for one part of the day beside a time later than it.
  const greet = /^\W*(?:good\s+)?(morning|afternoon)\b/i.exec(noisy)?.[1]?.toLowerCase() as 'morning' | 'afternoon' | undefined;
  if (greet) {
    const later = [...noisy.matchAll(new RegExp(LATER_THAN[greet].source, 'gi'))].find((m) => !request.toLowerCase().includes(m[0].toLowerCase()));
    if (later) out.push(`"${greet}" greeting beside "${later[0]}"`);
  }
  // A visit at an hour nobody visits.
  const m3 = /\b(?:came round|dropped in|stopped by|showed up|dropped by)\s+(?:at dawn|at midnight|late last night|at five|before breakfast)\b/i.exec(noisy);
  if (m3) out.push(`visit at an odd hour: "${m3[0]}"`);
  // A professional about something outside their trade.
  for (const m of noisy.matchAll(/\b(?:my|the|a|our)\s+(accountant|dentist|vet|plumber|mechanic|courier|recruiter)\b[^.;!?]{0,60}?\b(?:about|regarding|to discuss|to ask about|to moan about|asking about|to complain about)\s+([^,.;!?]+)/gi)) {
    if (!onTopic(m[1].toLowerCase(), m[2])) out.push(`${m[1]} about ${m[2].trim()}`);
  }
  return out;
}

/** A greeting that says the writer is back ("Hello again") or continues. */
export const AGAIN_GREETING = /^\W*(?:hi|hey|hello|hiya|heya|ok(?:ay)?|right)(?:\s+there)?\s+again\b|^\W*(?:back again|me again)\b/i;

/** A claim to have proofread the message ("(Sorry, I double-checked and nothing needs changing.)"). */
export const PROOFREAD_CLAIM = /\((?:[^)]*\b(?:reread|re-read|double-checked|checked twice|looked again|verified|rechecked|reviewed|confirmed|proofread|read it back|read it over|went over it|checked it|checked the details|looked twice|compared|squinted at it|skimmed it again)\b[^)]*)\)/i;

/** "i'm" / "i" in lower case where the original had none: a capital lost where text was spliced. */
export function lowercaseI(original: string, noisy: string): string | undefined {
  const count = (t: string) => (t.match(/(?:^|\s)i(?:'m|'d|'ll|'ve)?(?=\s|[,.!?]|$)/g) ?? []).length;
  if (count(noisy) > count(original)) return /(?:^|\s)i(?:'m|'d|'ll|'ve)?(?=\s|[,.!?]|$)[^.]{0,20}/.exec(noisy)?.[0].trim();
  return undefined;
}

/** A stop that ends an abbreviation, not a sentence ("Apple Inc.", "Dr.", "e.g."). */
export const ABBREVIATION_END = /\b(?:Inc|Corp|Ltd|Co|Dr|Mr|Mrs|Ms|St|Ave|No|vs|etc|e\.g|i\.e|U\.S|approx|Jr|Sr|Mt|Ft|Jan|Feb|Mar|Apr|Aug|Sept?|Oct|Nov|Dec)\.$/;

/** Whether a text leaves a quote open: a quote mark opening a word ("'SecurePass123") with none closing it after. */
export function unclosedQuote(text: string): boolean {
  for (const q of ["'", '"', '`']) {
    const opens = [...text.matchAll(new RegExp(`(?:^|[\\s(\\[:=])${q}(?=\\S)`, 'g'))].length;
    const closes = [...text.matchAll(new RegExp(`(?<=\\S)${q}(?=$|[\\s.,;:!?)\\]])`, 'g'))].length;
    if (q === "'" ? opens > closes : (text.split(q).length - 1) % 2 === 1) return true;
  }
  return false;
}
