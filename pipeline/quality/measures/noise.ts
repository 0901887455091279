/**
 * Does a noisy query read like a real, varied user, with parts that fit together? (The offline
 * rules once filled one skeleton from word lists — doubting opener, relative's call or appliance
 * aside, bracketed self-check, sign-off — with clashing parts: "Good afternoon … my brother rang
 * this evening", "the fridge broke during my commute", "Hello again" opening a conversation, a
 * proofreading claim beside typos, a typo in "three".)
 */
import { FINISH_ACTION, type TestCase } from '../../schemas.js';
import { groundTruthActions } from '../evidence.js';
import { AGAIN_GREETING, COUNT_WORDS, lowercaseI, noiseClashes, noiseFrame, PROOFREAD_CLAIM, skeletonOnly, typosOf } from '../noiseShape.js';
import { diffWords } from 'diff';
import { insertedRange, insertedSentences } from '../text.js';
import { noisyPair } from './text.js';
import type { CaseMeasure, SetMeasure } from '../types.js';
import { topShare } from './topShare.js';
import { sentencesOf } from '../grammar.js';

/** Words every text has: a slip in one changes no value. */
const GLUE = new Set('with that this from have your about into then than them they there their what when where which will would could should also just only some more most very been were does done make made like want need please'.split(' '));

const POPULATION = 'evolved cases with a noisy query';

/** String and number leaves of an argument value, as text. */
function leaves(v: unknown): string[] {
  if (typeof v === 'string') return [v];
  if (typeof v === 'number') return [String(v)];
  if (Array.isArray(v)) return v.flatMap(leaves);
  if (v && typeof v === 'object') return Object.values(v).flatMap(leaves);
  return [];
}

function pairOf(tc: TestCase): { original: string; noisy: string } | null | undefined {
  if (tc.evolution?.details?.noisyQuery === undefined) return undefined;
  return noisyPair(tc) ?? null;
}

/** Whether a case's noise is the old skeleton only (undefined: not a noisy case). */
export function skeletonDefect(tc: TestCase): string | null | undefined {
  const pair = pairOf(tc);
  if (!pair) return pair;
  const s = skeletonOnly(pair.original, pair.noisy);
  return s.only ? `only ${s.kinds.join(' + ')}` : null;
}

// A share over the set, not a per-case defect: a case holding only a sign-off is fine; a build whose
// noise is mostly the skeleton is not (so it is gated only from 100 cases up).
export const noiseSkeletonOnly: SetMeasure = {
  kind: 'set',
  id: 'noise_skeleton_share',
  group: 'text',
  title: "noisy query: share of noisy cases whose every added sentence is one of the old skeleton's parts (a doubting opener, a relative's call, an appliance aside, a bracketed self-check, a sign-off)",
  population: POPULATION,
  better: 'lower',
  minGateN: 100,
  score(cases) {
    let n = 0;
    const hits: { id: string; detail: string }[] = [];
    for (const tc of cases) {
      const d = skeletonDefect(tc);
      if (d === undefined) continue;
      n++;
      if (d) hits.push({ id: tc.id, detail: d });
    }
    if (n === 0) return undefined;
    return { value: hits.length / n, n, detail: `${hits.length} of ${n}`, examples: hits.slice(0, 3) };
  },
};

export const noiseFrameTop: SetMeasure = {
  kind: 'set',
  id: 'noise_frame_top_share',
  group: 'text',
  title: 'noisy query: share of noisy cases with the most frequent frame (the set of kinds of sentence the noise added)',
  population: POPULATION,
  better: 'lower',
  minGateN: 100,
  score(cases) {
    function* frames() {
      for (const tc of cases) {
        const pair = pairOf(tc);
        if (pair) yield { id: tc.id, keys: [noiseFrame(pair.original, pair.noisy)] };
      }
    }
    return topShare(frames(), { top: 5, unit: 'cases' });
  },
};

export const noiseClash: CaseMeasure = {
  kind: 'case',
  id: 'noise_clash',
  group: 'text',
  title: 'noisy query: parts that clash (an appliance acting "on the way here", a morning greeting beside "this evening", a visit at dawn, an accountant come to discuss lentil soup)',
  population: POPULATION,
  check(tc) {
    const pair = pairOf(tc);
    if (!pair) return pair;
    // Only what the noise added can clash: the user's request is upstream data.
    const found = noiseClashes(pair.noisy, pair.original).filter((c) => !noiseClashes(pair.original).includes(c));
    return found.length ? found.join('; ') : null;
  },
};

export const noiseProofreadBesideTypos: CaseMeasure = {
  kind: 'case',
  id: 'noise_proofread_beside_typos',
  group: 'text',
  title: 'noisy query: claims to have checked the message ("(Sorry, I double-checked and nothing needs changing.)") while holding typos',
  population: POPULATION,
  check(tc) {
    const pair = pairOf(tc);
    if (!pair) return pair;
    const claim = PROOFREAD_CLAIM.exec(pair.noisy);
    if (!claim || PROOFREAD_CLAIM.test(pair.original)) return null;
    const typos = typosOf(pair.original, pair.noisy);
    return typos.length ? `"${claim[0]}" beside ${typos.map((t) => `"${t.to}"`).join(', ')}` : null;
  },
};

export const noiseAgainWithoutHistory: CaseMeasure = {
  kind: 'case',
  id: 'noise_again_without_history',
  group: 'text',
  title: 'noisy query: greets as if back ("Hello again") where no earlier user turn exists',
  population: POPULATION,
  check(tc) {
    const pair = pairOf(tc);
    if (!pair) return pair;
    const m = AGAIN_GREETING.exec(pair.noisy);
    if (!m || AGAIN_GREETING.test(pair.original)) return null;
    // Any user turn before the query is history, an inserted conversation's too.
    const qi = tc.messages.findLastIndex((msg) => msg.role === 'user' && msg.content === pair.noisy);
    return tc.messages.slice(0, qi).some((msg) => msg.role === 'user') ? null : `"${m[0].trim()}" opens the conversation`;
  },
};

/** A lead that carries on a task ("Okay, next step.", "Following on from what I said:"), not one that opens a new ask. */
const CARRIES_ON = /\b(?:next (?:step|bit|part)|Following on from|Okay, (?:continuing|carrying on)|Back again with the next|moving on to the next|Next up:)/i;

/**
 * "Okay, next step." or "Following on from what I said:" where the only earlier user turns are an
 * inserted, unrelated conversation (a café order): there was no task for this to be the next step of.
 */
export const noiseNextStepAfterChat: CaseMeasure = {
  kind: 'case',
  id: 'noise_next_step_after_chat',
  group: 'text',
  title: 'noisy query: carries on a task ("Okay, next step.", "Following on from what I said:", "Back again with the next bit") where the only earlier user turns are an inserted unrelated conversation',
  population: 'evolved cases with a noisy query after an inserted conversation and no earlier task turn',
  check(tc) {
    const pair = pairOf(tc);
    if (!pair) return pair;
    const range = insertedRange(tc);
    if (!range) return undefined;
    const qi = tc.messages.findLastIndex((msg) => msg.role === 'user' && msg.content === pair.noisy);
    const taskTurnBefore = tc.messages.slice(0, qi).some((msg, i) => msg.role === 'user' && (i < range[0] || i >= range[1]));
    if (taskTurnBefore || qi < range[1]) return undefined;
    const m = CARRIES_ON.exec(pair.noisy);
    return m && !CARRIES_ON.test(pair.original) ? `"${m[0]}" after an unrelated inserted conversation, with no earlier task` : null;
  },
};

export const noiseLowercaseI: CaseMeasure = {
  kind: 'case',
  id: 'noise_lowercase_i',
  group: 'text',
  title: `noisy query: a lower-case "i'm" spliced in where text was joined`,
  population: POPULATION,
  check(tc) {
    const pair = pairOf(tc);
    if (!pair) return pair;
    const at = lowercaseI(pair.original, pair.noisy);
    return at ? `"${at}"` : null;
  },
};

export const noiseTypoInCountWord: CaseMeasure = {
  kind: 'case',
  id: 'noise_typo_in_count_word',
  group: 'text',
  title: 'noisy query: a typo in a number word or ordinal ("retrieve turee articles", "fiorst"), which can change what is asked',
  population: POPULATION,
  check(tc) {
    const pair = pairOf(tc);
    if (!pair) return pair;
    const bad = typosOf(pair.original, pair.noisy).filter((t) => COUNT_WORDS.has(t.from.toLowerCase()));
    return bad.length ? bad.map((t) => `"${t.from}" -> "${t.to}"`).join(', ') : null;
  },
};

export const noiseTypoInTaskWord: CaseMeasure = {
  kind: 'case',
  id: 'noise_typo_in_task_word',
  group: 'text',
  title: "noisy query: a typo in a word the ground truth's arguments use (the request says \"lentil soup\", the call searches \"lentil soup\", the rewrite says \"lentl\")",
  population: POPULATION,
  check(tc) {
    const pair = pairOf(tc);
    if (!pair) return pair;
    const used = new Set(
      groundTruthActions(tc)
        .filter((a) => a.name !== FINISH_ACTION)
        .flatMap((a) => leaves(a.args))
        .flatMap((v) => v.toLowerCase().match(/[a-z']+/g) ?? []),
    );
    const bad = typosOf(pair.original, pair.noisy).filter((t) => used.has(t.from.toLowerCase()) && t.from.length >= 4 && !GLUE.has(t.from.toLowerCase()));
    return bad.length ? bad.map((t) => `"${t.from}" -> "${t.to}"`).join(', ') : null;
  },
};


/** A fresh greeting ("Hi!", "Good morning.") with no "again": how a conversation opens, not how it goes on. */
const FRESH_GREETING = /^\W*(?:hi|hey|hello|hiya|heya|howdy|greetings|(?:good\s+)?(?:morning|afternoon|evening))(?:\s+(?:there|all|everyone|folks))?\s*[!.,]/i;

export const noiseGreetingMidConversation: CaseMeasure = {
  kind: 'case',
  id: 'noise_greeting_mid_conversation',
  group: 'text',
  title: 'noisy query: a later turn of a conversation already under way opens with a fresh greeting ("Hi! Also, create a file…" after earlier turns and calls; "Hiya! As a teacher…" after an inserted conversation)',
  population: POPULATION,
  check(tc) {
    const pair = pairOf(tc);
    if (!pair) return pair;
    const m = FRESH_GREETING.exec(pair.noisy);
    if (!m || FRESH_GREETING.test(pair.original) || AGAIN_GREETING.test(pair.noisy)) return null;
    // Every user turn before it counts, an inserted conversation's too: a greeting after thirty café exchanges opens nothing.
    const qi = tc.messages.findLastIndex((msg) => msg.role === 'user' && msg.content === pair.noisy);
    const earlier = tc.messages.slice(0, qi).filter((msg) => msg.role === 'user').length;
    if (!earlier) return null;
    const range = insertedRange(tc);
    const inserted = range ? tc.messages.slice(range[0], range[1]).filter((msg) => msg.role === 'user').length : 0;
    return `"${m[0].trim()}" opens user turn ${earlier + 1}${inserted ? ` (after ${inserted} of an inserted conversation)` : ''}`;
  },
};

/**
 * What a user says about their request's subject, by subject: the words that name it in a request
 * ("request"), the heads of the nouns a priority aside uses for it ("Main thing is the travel bits"),
 * and the words an aside in its voice uses ("I'm not the most efficient traveller"). Such an aside on
 * a request about something else (a meeting room) is a false statement by the user.
 */
const ASIDE_SUBJECTS: { subject: string; request: RegExp; nouns: string[]; aside?: RegExp }[] = [
  {
    subject: 'travel',
    request: /\b(?:flights?|fly|flying|hotels?|trips?|travel\w*|airports?|accommodations?|vacation|holiday|itinerar\w+|airlines?|airbnb|rentals?|propert(?:y|ies)|check-?in|destination|tour\w*|visit\w*|sightseeing|attractions?|journey|route)\b/i,
    nouns: ['trip', 'travel'],
    aside: /\b(?:traveller|travel (?:planning|admin|plans|bits)|sorting out a trip|the trip\b|a getaway|time away|some travel|went anywhere|had a proper break|since I travelled)\b/i,
  },
  { subject: 'booking', request: /\b(?:book\w*|reserv\w*)\b/i, nouns: ['booking'] },
  // Finding one's way around one place: not a route or a distance between cities ("DC to New York to Cupertino").
  { subject: 'local area', request: /\b(?:near\w*|maps?|(?<!(?:e-?mail|ip|web) )address\w*|neighbou?rhoods?|around here|in the area|local\w*|walk\w*|town)\b/i, nouns: [], aside: /\b(?:find my way around|(?:new to|unfamiliar with) the area|know where things are|this part of town)\b/i },
  // A place asked about, not "place an order", "in place" or a city named in passing.
  { subject: 'place', request: /\b(?:locat\w*|(?<!(?:e-?mail|ip|web) )address\w*|coordinat\w*|distances?|routes?|directions?|near\w*|(?<!(?:in|take|takes|first|second|third) )places?(?! (?:an?|the|my) (?:order|trade|bet|call))|maps?|how far|where is|(?:best|shortest|quickest|fastest) (?:path|way)|how (?:to|do I) get)\b/i, nouns: ['location', 'directions', 'place', 'route', 'distance'] },
  // "an academic search engine" is no car (h-evol30).
  { subject: 'car', request: /\b(?:cars?|vehicles?|(?<!search )engines?|fuel|tyres?|tires?|(?<!(?:hard|shared|flash|usb|google|external) )driv\w*(?! (?:website|traffic|sales|growth|engagement|innovation))|parking|gas|battery|doors?|brakes?)\b/i, nouns: ['car', 'driving'] },
  // A figure to work out, not a field named so ("vote average", "average temperature"), a place ("in the area") or a route looked up ("calculate the route"); a distance or a price looked up is no sum either.
  { subject: 'calculation', request: /\b(?:calculat\w*(?! (?:the |a |my )?(?:best |fastest |shortest |quickest )?(?:route|directions|path|way)\b)|comput\w*|math\w*|sum|(?<!vote )average(?! (?:rating|votes?|score|temperature|temp|humidity|weather|high|low)\b)|totals?|equation|formula|(?<!in the )area|volume|probability|mean|deviation|logarithm|factorial|square)\b/i, nouns: ['maths', 'calculation', 'numbers'], aside: /\b(?:maths was never|my own arithmetic|did any of this by hand|checking some working|with homework)\b/i },
  { subject: 'reading', request: /\b(?:articles?|papers?|research\w*|read(?:s|ing)?|(?<!(?:good|bad|great|some) )news|journals?|publications?|arxiv|scholar\w*|citations?|studies|literature|blog)\b/i, nouns: ['reading', 'research', 'articles'] },
  { subject: 'files', request: /\b(?:files?|folders?|director(?:y|ies)|documents?|workspace|txt|pdf|csv|reports?|paths?)\b/i, nouns: ['files', 'folders', 'file', 'documents'], aside: /\b(?:my (?:work|project|old) (?:folders|files|directories)|folder (?:structure|layout|setup)|these (?:directories|folders))\b/i },
  { subject: 'messages', request: /\b(?:messag\w*|e-?mails?|mail|inbox|contacts?|send\w*|sms|chat\w*)\b/i, nouns: ['message', 'messaging', 'messages'] },
  // "In working order", "bring some order", "place an order" for a latte: no trade.
  { subject: 'investments', request: /\b(?:stocks?|shares|portfolio|trad\w*|watchlist|invest\w*|market|tickers?|(?<!(?:working|some|in|an?|chronological|alphabetical|descending|ascending|reverse|sorted|same|right) )orders?(?! (?:of|to)\b)|funds?|balance|compan(?:y|ies))\b/i, nouns: ['stock', 'trading', 'portfolio', 'order'] },
  // A car's or a room's temperature ("the AC temperature", "cabin temperature") and windows are no weather.
  { subject: 'weather', request: /\b(?:weather|forecast|(?<!\b(?:ac|a\/c|air[- ]conditioning|air[- ]conditioner|cabin|engine|coolant|oil|tyre|tire|battery|water|room|body|cpu|core|oven|fridge|freezer|thermostat) )temperature|rain\w*|snow\w*|sunny|humidity|wind(?:y|s|storms?)?|climate)\b/i, nouns: ['weather', 'forecast'] },
  { subject: 'films', request: /\b(?:movies?|films?|cinema|theat(?:er|re)s?|showtimes?|actors?|series|episodes?|tv|shows?)\b/i, nouns: ['film', 'movies'] },
  { subject: 'food', request: /\b(?:restaurants?|recipes?|food|cook\w*|meals?|dinner|lunch|breakfast|cuisine|ingredients?|menu|eat\w*|dishes)\b/i, nouns: ['food', 'recipe'] },
  { subject: 'posts', request: /\b(?:tweets?|posts?(?![-\w])|twitter|followers?|comments?|social|retweets?)\b/i, nouns: ['posting', 'social', 'post'] },
  // A conversion is money only with a currency or a rate: "convert 10 gallons of gasoline to liters" is no finance.
  { subject: 'money', request: /\b(?:tax\w*|loans?|payments?|invoices?|budget|salary|bank|currenc\w+|exchange rates?|mortgage|prices?|costs?|money|pay\w*|dollars?|euros?|finan\w*|spend\w*)\b/i, nouns: ['money', 'cost'], aside: /\b(?:my finances|budgeting for|the money side|money admin|careful with (?:spending|money|my budget))\b/i },
  { subject: 'music', request: /\b(?:songs?|music|playlists?|albums?|artists?|(?<!(?:keep|keeping|kept|lose|losing|lost|on|off) )tracks?(?! (?:of|down)\b)|podcasts?|lyrics)\b/i, nouns: ['music', 'playlist'] },
];

/** A priority aside ("What matters most is the booking, as above."): the noun's head word. */
const PRIORITY_ASIDE = /\b(?:Main thing is|The important part is|What matters most is) (?:the|my) ([a-z]+)(?: [a-z]+)?(?:, (?:as above|as described|like I said|as written above))?[.,]/i;

/** A summing-up sentence the noise adds ("Bottom line: it's the travel plans, the film bit and the maths I'm asking about."). */
const SUMMARY = /^(?:So yeah,|To sum up,|In short,|TL;DR:|Short version:|Bottom line:|Just to be clear,|Basically,|Recap:|Anyway,|Long story short,|So, in a nutshell,)/;

export function foreignAside(original: string, noisy: string): string | undefined {
  for (const s of insertedSentences(original, noisy)) {
    // Each subject a summary or a priority names must be one the request has: "the route question" from "place an order"
    // is not, nor "the weather" of "Main thing is the car stuff and the weather" from "the AC temperature".
    if (SUMMARY.test(s.trim()) || /^(?:Main thing is|The important part is|What matters most is)\b/.test(s.trim())) {
      // Not an idiom's noun ("all over the place", "in the first place").
      for (const [, head] of s.matchAll(/(?<!\b(?:over|in|of|to|on) )\b(?:the|my) ([a-z]+)/gi)) {
        const named = ASIDE_SUBJECTS.filter((t) => t.nouns.includes(head.toLowerCase()));
        if (named.length && !named.some((t) => t.request.test(original))) return `summary "${s.trim().slice(0, 90)}" names the ${head.toLowerCase()}, where the request has no ${named.map((t) => t.subject).join(' or ')}`;
      }
    }
    const p = PRIORITY_ASIDE.exec(s);
    if (p && !PRIORITY_ASIDE.test(original)) {
      const named = ASIDE_SUBJECTS.filter((t) => t.nouns.includes(p[1].toLowerCase()));
      // A head word of several subjects ("the numbers": maths or money) is fine when the request has one of them.
      if (named.length && !named.some((t) => t.request.test(original))) return `"${p[0]}" where the request has no ${named.map((t) => t.subject).join(' or ')}`;
    }
    for (const t of ASIDE_SUBJECTS) {
      const a = t.aside?.exec(s);
      if (a && !t.aside!.test(original) && !t.request.test(original)) return `${t.subject} aside "${a[0]}" on a request with no ${t.subject}: "${s.slice(0, 90)}"`;
    }
  }
  return undefined;
}

export const noiseAsideForeign: CaseMeasure = {
  kind: 'case',
  id: 'noise_aside_foreign',
  group: 'text',
  title: 'noisy query: an aside or summary about a subject the request does not have ("I\'m not the most efficient traveller" before a meeting-room booking; "What matters most is the booking, as above." where nothing is booked; "Recap: the stock stuff and the route question" from "place an order")',
  population: POPULATION,
  check(tc) {
    const pair = pairOf(tc);
    if (!pair) return pair;
    return foreignAside(pair.original, pair.noisy) ?? null;
  },
};

/** A hedge that doubts what it follows: ", I think." after "from 3PM to 5PM". */
const DOUBTING_HEDGE = /,\s+(?:I (?:think|guess|suppose|believe|reckon)|ideally|probably|maybe|or so)\s*[.!?]/gi;

/** Words any sentence shares with any request. */
const FUNCTION_WORDS = new Set('a an the of to in on at for by with and or but is it its this that be one some bit i me my you your we our'.split(' '));

export const noiseHedgesRequest: CaseMeasure = {
  kind: 'case',
  id: 'noise_hedges_request',
  group: 'text',
  title: 'noisy query: the noise puts a doubt on a value the request states ("book the first one available for that time slot, I guess.", "within the time frame of 3PM to 5PM, I think."), which the ground truth takes as said',
  population: POPULATION,
  check(tc) {
    const pair = pairOf(tc);
    if (!pair) return pair;
    const before = new Set([...pair.original.matchAll(DOUBTING_HEDGE)].map((m) => m[0].toLowerCase()));
    // On the request's own clause (most of its words the request's), not an aside about it ("Bit of an odd request, maybe.").
    const asked = new Set(pair.original.toLowerCase().match(/[a-z0-9']+/g) ?? []);
    // Content words only: "Bit of an odd one, maybe." shares "of", "an" and "one" with any request.
    const onRequest = (m: RegExpMatchArray) => {
      const sentence = (pair.noisy.slice(0, m.index!).split(/[.!?]\s+/).pop()!.toLowerCase().match(/[a-z0-9']+/g) ?? []).filter((w) => !FUNCTION_WORDS.has(w));
      return sentence.length > 0 && sentence.filter((w) => asked.has(w)).length / sentence.length >= 0.5;
    };
    const added = [...pair.noisy.matchAll(DOUBTING_HEDGE)].filter((m) => !before.has(m[0].toLowerCase()) && onRequest(m));
    if (!added.length) return null;
    const m = added[0];
    return `"${pair.noisy.slice(Math.max(0, m.index! - 40), m.index! + m[0].length).trim()}"`;
  },
};

/** Whether `from`'s letters appear in order in `to` (case ignored): a word grown by inserted letters. */
function grownFrom(from: string, to: string): boolean {
  const a = from.toLowerCase();
  const b = to.toLowerCase();
  let i = 0;
  for (const c of b) if (c === a[i]) i++;
  return i === a.length;
}

/** Words the noise replaced one for one that grew by three letters or more, keeping the word's letters ("idea" -> "idaeidae", "available" -> "availailable"). */
export function garbledTypos(original: string, noisy: string): { from: string; to: string }[] {
  const parts = diffWords(original, noisy);
  const out: { from: string; to: string }[] = [];
  for (let i = 0; i + 1 < parts.length; i++) {
    const [p, q] = [parts[i], parts[i + 1]];
    const removed = p.removed ? p : q.removed ? q : undefined;
    const added = p.added ? p : q.added ? q : undefined;
    if (!removed || !added || removed === added) continue;
    const from = removed.value.match(/[A-Za-z]+/g) ?? [];
    const to = added.value.match(/[A-Za-z]+/g) ?? [];
    for (const w of from) {
      const hit = to.find((v) => w.length >= 3 && v.length >= w.length + 3 && v.slice(0, 2).toLowerCase() === w.slice(0, 2).toLowerCase() && grownFrom(w, v));
      if (hit) out.push({ from: w, to: hit });
    }
    i++;
  }
  return out;
}

export const noiseTypoGarbled: CaseMeasure = {
  kind: 'case',
  id: 'noise_typo_garbled',
  group: 'text',
  title: 'noisy query: a "typo" that grows a word by three letters or more ("idea" -> "idaeidae", "initiate" -> "initiatiate"): no slip of the fingers, a garble',
  population: POPULATION,
  check(tc) {
    const pair = pairOf(tc);
    if (!pair) return pair;
    const bad = garbledTypos(pair.original, pair.noisy);
    return bad.length ? bad.map((t) => `"${t.from}" -> "${t.to}"`).join(', ') : null;
  },
};

/** A summing-up tag at the start of an inserted sentence ("TL;DR:", "Short version:", "Bottom line,"). */
const SUMMARY_TAG = /^(?:so,? )?(?:so yeah,|to sum up|in short|tl;?dr|short version|bottom line|in a nutshell|long story short|recap|in sum|summing up|basically|just to be clear)\b[,:]?\s*/i;
/** What points back instead of saying: "it's all in the bit above", "just what I wrote", "that's basically the ask", "that's everything I need". */
const POINTS_BACK = /\b(?:above|what I (?:wrote|said|typed|described)|the (?:whole |my whole )?ask|(?:that's|that is) (?:basically |pretty much |more or less )?(?:it|everything|all)|the request (?:above|itself)|nothing (?:more|else|extra)|everything (?:above|I said)|in that order|step by step|one after the other)\b/i;

/** The first inserted sentence that opens with a summary tag and then points back at the request instead of restating it. */
export function summaryPointsBack(original: string, noisy: string): string | undefined {
  for (const s of insertedSentences(original, noisy)) {
    const tag = SUMMARY_TAG.exec(s);
    if (tag && POINTS_BACK.test(s.slice(tag[0].length))) return `"${s.slice(0, 90)}"`;
  }
  return undefined;
}

export const noiseSummaryPointsBack: CaseMeasure = {
  kind: 'case',
  id: 'noise_summary_points_back',
  group: 'text',
  title: 'noisy query: a summing-up sentence points back instead of restating the ask ("TL;DR: it\'s all in the bit above.", "Bottom line, just what I wrote above.")',
  population: POPULATION,
  check(tc) {
    const pair = pairOf(tc);
    if (!pair) return pair;
    return summaryPointsBack(pair.original, pair.noisy) ?? null;
  },
};

/**
 * Typos in two words side by side of the noisy query ("withh accees tolen" for "with access
 * token", "currnet rqte" for "current rate"): one slip is mended from the words around it, two in
 * a row hide the phrase. The slipped words are the noisy query's words not in the original that
 * typosOf pairs with an original word.
 */
export function adjacentTypos(original: string, noisy: string): string[] {
  // A casual register's short forms ("you" -> "u") are no slips: the rules slip words of four letters or more.
  const slipped = new Set(typosOf(original, noisy).filter((t) => t.from.length >= 4 && t.to.length >= 3).map((t) => t.to.toLowerCase()));
  const kept = new Set((original.match(/[A-Za-z']+/g) ?? []).map((w) => w.toLowerCase()));
  const words = noisy.match(/[A-Za-z']+/g) ?? [];
  const bad = (w: string) => slipped.has(w.toLowerCase()) && !kept.has(w.toLowerCase());
  return words.flatMap((w, i) => (i > 0 && bad(w) && bad(words[i - 1]) ? [`${words[i - 1]} ${w}`] : []));
}

export const noiseTyposAdjacent: CaseMeasure = {
  kind: 'case',
  id: 'noise_typos_adjacent',
  group: 'text',
  title: 'noisy query: typos in two words side by side ("withh accees tolen" for "with access token", "currnet rqte" for "current rate"): the phrase is hidden, not slipped',
  population: POPULATION,
  check(tc) {
    const pair = pairOf(tc);
    if (!pair) return pair;
    const bad = adjacentTypos(pair.original, pair.noisy);
    return bad.length ? bad.map((x) => `"${x}"`).join(', ') : null;
  },
};

/** A clause ending on an object pronoun ("… whether the request covers it.", "… so I can sort them."). */
const UNBOUND_OBJECT = /\b(?:covers?|explains?|includes?|needs?|says?|gets?|handles?|does|do|sorts?|fixes?|describes?) (?:it|them)(?=\s*(?:[,.!?;:]|$|,? (?:but|so)\b))/i;

export const noisePronounUnbound: CaseMeasure = {
  kind: 'case',
  id: 'noise_pronoun_unbound',
  group: 'text',
  title: 'noisy query: a sentence put before the request ends on a pronoun pointing at nothing yet ("Can\'t tell whether the request covers it." opening the message)',
  population: POPULATION,
  check(tc) {
    const pair = pairOf(tc);
    if (!pair) return pair;
    // The noise before the request's first words: nothing is named yet for "it" to point at.
    const head = pair.original.trim().split(/\s+/).slice(0, 3).join(' ');
    const at = pair.noisy.indexOf(head);
    const before = at > 0 ? pair.noisy.slice(0, at) : '';
    const m = UNBOUND_OBJECT.exec(before);
    return m ? `"${before.trim().slice(0, 90)}"` : null;
  },
};

/** A day or a part of one said in words ("today", "this afternoon", "by tomorrow", "on Friday"). */
const SAID_WHEN = /\b(?:today|tonight|tomorrow|yesterday|this (?:morning|afternoon|evening|week|weekend)|(?:at|before|by|over|for) the weekend|next week|last (?:night|week)|(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b/gi;
/** A request's own when: a day said in words, a date ("October 20, 2023", "2023-10-20", "09/10", "the 18th") or a clock time ("10:00 AM", "2pm"). */
const REQUEST_WHEN = new RegExp(`${SAID_WHEN.source}|\\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\\.? \\d{1,2}\\b|\\b\\d{4}-\\d{2}-\\d{2}\\b|\\b\\d{1,2}/\\d{1,2}\\b|\\b\\d{1,2}(?:st|nd|rd|th)\\b|\\b\\d{1,2}(?::\\d{2})?\\s*(?:am|pm)\\b|\\b\\d{1,2}:\\d{2}\\b`, 'i');

/**
 * A day or time of day the noise says beside the request's own ("the team need somewhere to sit
 * down together today" before "rooms available from 10:00 AM to 12:00 PM tomorrow"), or undefined.
 * A request that names when gets no other when from the noise: the model could book or look up the
 * one the aside says.
 */
export function timeBesideRequestTime(original: string, noisy: string): string | undefined {
  const asked = REQUEST_WHEN.exec(original);
  if (!asked) return undefined;
  const own = new Set([...original.matchAll(SAID_WHEN)].map((m) => m[0].toLowerCase()));
  for (const s of insertedSentences(original, noisy)) {
    const other = [...s.matchAll(SAID_WHEN)].find((m) => !own.has(m[0].toLowerCase()));
    if (other) return `"${other[0]}" in "${s.trim().slice(0, 90)}" beside the request's "${asked[0]}"`;
  }
  return undefined;
}

export const noiseTimeBesideRequestTime: CaseMeasure = {
  kind: 'case',
  id: 'noise_time_beside_request_time',
  group: 'text',
  title: 'noisy query: the noise says a day or time of its own beside the one the request names ("the team need somewhere to sit down together today" before "rooms available from 10:00 AM to 12:00 PM tomorrow")',
  population: 'evolved cases with a noisy query whose request names a day, date or time',
  check(tc) {
    const pair = pairOf(tc);
    if (!pair) return pair;
    if (!REQUEST_WHEN.test(pair.original)) return undefined;
    return timeBesideRequestTime(pair.original, pair.noisy) ?? null;
  },
};


/** A sentence of a request that states a part of its detail rather than asking ("This should include their name, …", "The file is …"). */
const DETAIL_LEAD = /^(?:this|that|these|those|it|its|they|their|there|the|my|our|his|her|he|she|we|i'm|i am|i've|as|for|with|which|each|every|all)\b/i;
/** Cues that a sentence asks for something, whatever its first word. */
const ASK_CUE = /\b(?:(?:could|can|would|will) you|i(?:'d| would)? (?:need|want|like|wish)|please|let me know|tell me|show me|help me)\b/i;

/** The sentences of a request that each ask for something (an imperative, a question, "I'd like …"), not those that only add detail. */
export function asksOf(request: string): string[] {
  return sentencesOf(request).filter((s) => (s.match(/[A-Za-z']+/g) ?? []).length >= 3 && (!DETAIL_LEAD.test(s.trim()) || ASK_CUE.test(s) || /\?\s*$/.test(s)));
}

/** Extra head words a summary uses for a subject, beyond ASIDE_SUBJECTS' own nouns. */
const SUMMARY_HEADS: Record<string, string> = { reservation: 'booking', forecast: 'weather', movies: 'films', recipe: 'food', posting: 'posts', social: 'posts', post: 'posts', playlist: 'music', driving: 'car', route: 'place', directions: 'place', distance: 'place', maths: 'calculation', calculation: 'calculation' };

/**
 * A summing-up or priority sentence the noise adds that names the request's subjects ("Basically, it's
 * the location stuff I'm asking about.", "Main thing is the car stuff.") while another ask of the request
 * is none of them ("Create a presentation titled …", "can you tell me the current time?"): the summary
 * says the request is about less than it is, and a reader could take it for the real request.
 */
export function summaryNarrows(original: string, noisy: string): string | undefined {
  const asks = asksOf(original);
  if (asks.length < 2) return undefined;
  for (const s of insertedSentences(original, noisy)) {
    const t = s.trim();
    if (!SUMMARY.test(t) && !PRIORITY_ASIDE.test(t)) continue;
    const heads = [...t.matchAll(/(?<!\b(?:over|in|of|to|on) )\b(?:the|my) ([a-z]+)/gi)].map((m) => m[1].toLowerCase());
    const subjects = ASIDE_SUBJECTS.filter((x) => heads.some((h) => x.nouns.includes(h) || SUMMARY_HEADS[h] === x.subject));
    if (!subjects.length) continue;
    const missed = asks.find((a) => !subjects.some((x) => x.request.test(a)));
    if (missed) return `"${t.slice(0, 90)}" names ${subjects.map((x) => x.subject).join(' and ')} only, where the request also asks "${missed.trim().slice(0, 80)}"`;
  }
  return undefined;
}

export const noiseSummaryNarrows: CaseMeasure = {
  kind: 'case',
  id: 'noise_summary_narrows',
  group: 'text',
  title: 'noisy query: a summing-up or priority sentence says the request is about some of its asks only ("Basically, it\'s the location stuff I\'m asking about." after "Plan an event at … Create a presentation … Save the presentation as …"), so a reader could take it for the real request',
  population: 'evolved cases with a noisy query whose request asks two things or more',
  check(tc) {
    const pair = pairOf(tc);
    if (!pair) return pair;
    if (asksOf(pair.original).length < 2) return undefined;
    return summaryNarrows(pair.original, pair.noisy) ?? null;
  },
};

export const NOISE_MEASURES = [noiseSummaryNarrows, noiseTimeBesideRequestTime, noisePronounUnbound, noiseTyposAdjacent, noiseSummaryPointsBack, noiseTypoGarbled, noiseSkeletonOnly, noiseFrameTop, noiseClash, noiseProofreadBesideTypos, noiseAgainWithoutHistory, noiseLowercaseI, noiseTypoInCountWord, noiseTypoInTaskWord, noiseGreetingMidConversation, noiseAsideForeign, noiseNextStepAfterChat, noiseHedgesRequest];
