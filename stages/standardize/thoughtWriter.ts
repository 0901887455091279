/**
 * The `thought-writer` role: the "goal at current step" a CoT variant shows for each ground-truth
 * call. Offline (offlineThoughts), the rules tie the step's purpose, its arguments, a value the user
 * stated and what the previous step returned, in varied frames that stay grammatical.
 */
import { z } from 'zod';
import type { RoleSpec } from '../../pipeline/llm/types.js';
import type { Rng } from '../../pipeline/rng.js';
import { joinAnd, keyAsWords, keyNoun, type KeyDoc } from '../../pipeline/quality/grammar.js';
import { SOURCE_FRAMES, COMPOSED, EARLIER_REQUEST, PLAIN_REQUEST, RESPELLED, onlyRespelled, baseForm, citedRequest, composedFrom, framesOf, holdsValue, isNounKey, argPhrase, intentOf, purpose, quotable, quotableValue, sayValue, valueSource, whereInAnswer, placeInAnswer, holdsWhole } from '../../pipeline/thoughtPhrases.js';

export { baseForm, intentOf } from '../../pipeline/thoughtPhrases.js';

const humanize = keyAsWords;
import { parseJson, toJson } from '../../pipeline/pyValues.js';
import { placeSaidOtherwiseIn } from '../../pipeline/resolution/places.js';
import { englishTitleAsked } from '../../pipeline/resolution/worldFacts.js';
import { changesNothing } from '../../pipeline/steps.js';

export interface ThoughtInput {
  query: string;
  /** The user's requests of the turns before this one (a multi-turn conversation): values they gave are the user's too. */
  earlierRequests?: string[];
  /** Tool answers shown before this turn, with the call that gave each (undefined: one the source does not record here). */
  earlierAnswers?: { name: string; response?: string }[];
  steps: {
    name: string;
    description: string;
    args: Record<string, unknown> | string;
    /** The previous step's response, when the source recorded one (T-Eval); BFCL's come later, in resolve. */
    previousResponse?: string;
    /** The tool's doc, so a key prose cannot say as it is spelled (`mauthors`, `q`) is named by what its doc says it is. */
    doc?: KeyDoc;
  }[];
}

const Output = z.object({ thoughts: z.array(z.string().min(1)) });

/** Where a value a call passes comes from, as far as the writer can tell. */
type Provenance =
  /** The user's words hold it as it is: this turn's request, or (`earlier`) an earlier turn's. */
  | { kind: 'request'; earlier: boolean }
  /** Only in another letter case the user's words or an earlier answer hold ("technology" for "Technology"). */
  | { kind: 'respelled' }
  /** Only in another spelling the user wrote, or in an answer the source does not record here: where it comes from is not known, and no lead says it. */
  | { kind: 'neutral' }
  /** An earlier tool answer shows it: `api` gave it. */
  | { kind: 'answer'; api: string }
  /** Nothing shown before the step gave it: the assistant's own pick. */
  | { kind: 'chosen' };

/** The requests and tool answers a step's thought can know of: the ones shown before the step. */
interface Seen {
  query: string;
  earlierRequests: string[];
  /**
   * Answers before the step, latest first; response undefined when the source does not record it here
   * (BFCL's come in resolve); `passed`, the values the call that got it passed, where known.
   */
  answers: { api: string; response?: string; passed?: string[]; turnsAgo?: number; args?: Record<string, unknown> | string }[];
  /** How many of `answers` (the first ones) are this turn's. */
  answersThisTurn: number;
}

const apiOf = (name: string) => name.split('.').pop()!;

/**
 * Does a tool answer give this value? A plain word ("day") only where it is a whole value there ('day'), never
 * a word of its prose: "`show` returned "day", which is the timespan to pass" and "Now that I have the timespan"
 * after an email announcing a Demo Day (teval_query_344_2-env-k3-cot, thought_false_sequence on int29's m1).
 */
function answerHolds(response: string, value: string): boolean {
  return /^[a-z]+$/.test(value) ? new RegExp(`['"]${value}['"]`).test(response) : holdsValue(response, value);
}

/**
 * The answer a value was read off: the latest holding it whose call was not itself given it. An answer
 * only echoing the value its call passed ("`get_movie_details` says the id is 575264" after the details
 * call for movie 575264) is where it was repeated, not where it came from; the listing before it is.
 * The latest holding it when every one echoes it; -1 when none holds it.
 */
function sourceAt(value: string, seen: Seen): number {
  // An answer holding the value as a value of its own comes before one holding it only inside a text: room 102 of
  // the free rooms ({'rooms': [102]}), not of the status lines after them ("Room 102: available"; teval_query_470_2).
  const whole = (a: Seen['answers'][number]) => a.response !== undefined && holdsWhole(a.response, value);
  const holds = (a: Seen['answers'][number]) => a.response !== undefined && answerHolds(a.response, value);
  const fresh = (a: Seen['answers'][number]) => !(a.passed ?? []).includes(value);
  for (const test of [(a: Seen['answers'][number]) => whole(a) && fresh(a), whole, (a: Seen['answers'][number]) => holds(a) && fresh(a), holds]) {
    const at = seen.answers.findIndex(test);
    if (at >= 0) return at;
  }
  return -1;
}

function provenanceOf(value: string, seen: Seen): Provenance {
  if (holdsValue(seen.query, value, true)) return { kind: 'request', earlier: false };
  if (seen.earlierRequests.some((r) => holdsValue(r, value, true))) return { kind: 'request', earlier: true };
  if ([seen.query, ...seen.earlierRequests].some((r) => holdsValue(r, value))) return [seen.query, ...seen.earlierRequests].some((r) => onlyRespelled(r, value)) ? { kind: 'respelled' } : { kind: 'neutral' };
  const answered = seen.answers[sourceAt(value, seen)];
  if (answered) return onlyRespelled(answered.response!, value) ? { kind: 'respelled' } : { kind: 'answer', api: answered.api };
  // An answer not recorded here may have given it: nothing says the assistant picked it.
  if (seen.answers.some((a) => a.response === undefined)) return { kind: 'neutral' };
  // The request's own place written as the tool's doc asks (天安门广场 for "Tiananmen Square in Beijing"): the user's, not a pick.
  return [seen.query, ...seen.earlierRequests].some((r) => placeSaidOtherwiseIn(value, r)) ? { kind: 'neutral' } : { kind: 'chosen' };
}

/** An argument value the user's request states verbatim (what ties this step to the request), if any. */
function statedValue(args: Record<string, unknown> | string, seen: Seen): { key: string; value: string; num: boolean; provenance: Provenance } | undefined {
  if (typeof args === 'string') return undefined;
  for (const [key, v] of Object.entries(args)) {
    const value = quotable(v);
    const provenance = value ? provenanceOf(value, seen) : undefined;
    if (value && provenance?.kind === 'request') return { key, value, num: typeof v === 'number', provenance };
  }
  return undefined;
}

/**
 * The sentence saying where `value` comes from, in the frame of its provenance: the user's words (cited where
 * they can be), the answer that gave it, its letter case, or the assistant's own pick. Undefined where the writer
 * cannot place it: a bare restatement ("The name will be "Zeta Corp".", "For the folder, I'll pass "document".")
 * gives no reason for the value, so no lead is said at all (thought_value_restated 858/2,186 CoT cases on g0,
 * most of them a value the user's words hold, demoted at random to the neutral frame).
 */
function sourceSentence(key: string, value: string, num: boolean, p: Provenance, rng: Rng, seen: Seen): string | undefined {
  if (p.kind === 'neutral') return undefined;
  if (p.kind === 'respelled') return SOURCE_FRAMES[RESPELLED].say(key, value, undefined, undefined, num);
  if (p.kind === 'request') {
    // The user's own words that name the value ("papers on", "the request says "find papers on …"") say why it is
    // this value, case by case; a value standing alone in its clause gets one of the plain frames.
    const request = p.earlier ? seen.earlierRequests.find((r) => holdsValue(r, value, true)) : seen.query;
    const cited = citedRequest(key, value, request, p.earlier, num);
    if (cited) return cited;
  }
  // A value put together from parts the user named ("Times Square" and "New York City") says so, not that it was a free pick.
  if (p.kind === 'chosen' && composedFrom(seen.query, value)) return SOURCE_FRAMES[COMPOSED].say(key, value, undefined, seen.query);
  const pool = p.kind === 'request' ? (p.earlier ? EARLIER_REQUEST : PLAIN_REQUEST) : framesOf(p.kind);
  return SOURCE_FRAMES[rng.pick(pool)].say(key, value, p.kind === 'answer' ? `${p.api}` : undefined, undefined, num);
}

/** The values a call passes as a thought or an answer would show them: short strings and numbers. */
function passedValues(args: Record<string, unknown> | string): string[] {
  if (typeof args === 'string') return [];
  return Object.values(args).flatMap((v) => (typeof v === 'number' ? [String(v)] : typeof v === 'string' && v.length >= 2 ? [v] : []));
}

/**
 * A lead sentence's shape, as far as the next thought must not repeat it: how a fact of an answer is
 * introduced ("`x` says", "From `x` I know that", "The last call tells me"), or which source frame
 * says where a value comes from.
 */
function leadShape(lead: string): string {
  const t = lead.trim();
  const prefix = (/^(?:`[^`]+` says|`[^`]+` (?:said earlier|told me last time) that|From `[^`]+` I know that|The last call tells me)/.exec(t)?.[0] ?? (LISTED_NEXT.test(t) ? 'listed' : AGAIN.test(t) ? 'again' : undefined))?.replace(/`[^`]+`/, '`…`');
  if (prefix) return prefix;
  const source = valueSource(t);
  return source ? `source ${source.index}` : t;
}

/**
 * What an earlier request's call was given, said after the fact it gave ("…that the order id is 12446 for TSLA."):
 * the trading or booking id every later request takes is the same number in every trajectory (12446), so the
 * call is told apart by what it was for. The first short word argument that names the thing (no id, token,
 * type or mode); "" when there is none.
 */
const FILE_NAME = /\.[A-Za-z0-9]{1,5}$/;

function givenWith(args: Record<string, unknown> | string | undefined, doc?: KeyDoc): string {
  if (!args || typeof args === 'string') return '';
  // A word or code without digits, said bare ("the symbol TSLA"): quoted, the sentence naming what `place_order` told
  // would read as if its answer had given it (thought_claims_given_value 135/2,186 on h-text31's b6).
  // Said as a person names the thing: a key that reads as no noun ("travel from") names nothing, and the owner a key
  // spells out ("user first name") goes without saying ("when it was given the first name Michael"; thought_given_key_stiff).
  const noun = (k: string) => keyNoun(k, doc).replace(/^user (?=\S+ \S+)/, '');
  // A file's name is no word said bare ("…, the sorted content is "…" for report.txt"): such a tie says nothing more (thought_file_named_bare).
  const named = Object.entries(args).find(([k, v]) => typeof v === 'string' && /^[A-Za-z][A-Za-z .'-]{1,29}$/.test(v) && !FILE_NAME.test(v) && !/(?:^|_)(?:id|token|password|type|mode|class|status)$/i.test(k) && isNounKey(noun(k)));
  // "…that the price is 310.23 for MSFT.", never "…, when it was given the symbol MSFT." (84 of g0's 936 CoT base cases read that clause).
  return named ? ` for ${named[1]}` : '';
}

/** A tie going on along a listing the thought before took an item from ("The next listed property, "…", has id …."). */
const LISTED_NEXT = /^The (?:next|last|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth) listed /;
/**
 * A tie of a value an earlier call already passed ("The order id is again 12446, the one `place_order` gave."),
 * a second tool's value after it or not (", and `register_credit_card` says the card id is …": read as no lead,
 * that tie was said twice in a row, bfcl_multi_turn_base_172, thought_sentence_doubled).
 */
const AGAIN = /^The .+ is again .+, the one `[^`]+` gave(?:, and `[^`]+` says .+)?\.$/;

/** The sentences whose shape is not `avoid` (all of them when none is left). */
function fresh(sentences: string[], avoid: string | undefined): string[] {
  const left = sentences.filter((x) => leadShape(x) !== avoid);
  return left.length ? left : sentences;
}

/**
 * The sentence that ties a value only a tool answer showed to that answer, or undefined when the
 * call passes none: which tool gave it and where its answer holds it ("`search_property_by_place`
 * says the first of the three properties, "Cozy Loft", has id 10803849."), else which tool returned it
 * ("The property id 10803849 comes from what `search_property_by_place` returned."). A call passing
 * an id read off a listing with no word of where it comes from reads as if the id fell from the sky.
 */
/** The listing item the thought before took its value from (its answer and place), so the next thought of a loop says "the next …". */
interface LoopItem {
  response: string;
  at: number;
  /** Its thought said it as "the next listed …". */
  next?: boolean;
}

/** A record's field said as it is ("the latitude is 38.897671"). */
const FIELD_SAID = /^the [a-z][a-z ]* is (?:"[^"]*"|-?\d)/;
/** The field's words of such a clause ("the zipcode is …" -> "zipcode"), where a call's tail goes in. */
const FIELD_HEAD = /^the ([a-z][a-z ]*?) is /;

/** A plain listing's entry said by its place ("the first entry is "RMS""). */
const ENTRY_PLACED = /^the (?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth) [a-z]+ is /;

/**
 * What tells the call behind answer `at` apart from other calls of its tool that answered otherwise: the
 * argument only it passed (" for Rivermist", " for "北京市政府""), or '' when the tool answered once.
 */
function whichCall(at: number, seen: Seen): string {
  const self = seen.answers[at];
  const others = seen.answers.filter((a, k) => k !== at && a.api === self.api && a.response !== undefined && a.response !== self.response);
  if (others.length === 0 || !self.args || typeof self.args === 'string') return '';
  const argOf = (a: Seen['answers'][number], k: string) => (a.args && typeof a.args !== 'string' ? a.args[k] : undefined);
  const told = Object.entries(self.args).find(([k, v]) => ((typeof v === 'string' && v.length > 0 && v.length <= 40) || typeof v === 'number' || typeof v === 'bigint') && others.every((o) => argOf(o, k) !== v));
  if (!told) return '';
  const [k, v] = told;
  // An id is said with what it names ("for property 561489475078914207"), a place or name bare, anything else quoted.
  const idOf = /^(.+?)(?:_?[iI]d)$/.exec(k)?.[1];
  if (idOf && /^[\w-]+$/.test(String(v))) return ` for ${keyAsWords(idOf).toLowerCase()} ${String(v)}`;
  return ` for ${typeof v !== 'string' || (/^[A-Z][A-Za-z .'-]{1,29}$/.test(v as string) && !FILE_NAME.test(v as string)) ? String(v) : `"${v as string}"`}`;
}

function answerTie(args: Record<string, unknown> | string, seen: Seen, doc: KeyDoc | undefined, rng: Rng, avoid?: string, loop?: { last?: LoopItem }): string | undefined {
  if (typeof args === 'string') return undefined;
  // Each value only an answer showed, the first of each tool that gave one.
  const sources: { key: string; value: string; num: boolean; api: string; at: number }[] = [];
  // A second value off the same listing (the second airport of "from the first airport to the second"), said by its place too.
  let sameList: (typeof sources)[number] | undefined;
  let twin: (typeof sources)[number] | undefined;
  for (const [key, v] of Object.entries(args)) {
    // An id past 2^53 is read exactly, as a bigint (T-Eval's Airbnb ids): it is a number all the same.
    const value = quotableValue(v);
    const p = value ? provenanceOf(value, seen) : undefined;
    if (!value || p?.kind !== 'answer') continue;
    const at = sourceAt(value, seen);
    const source = { key, value, num: typeof v === 'number' || typeof v === 'bigint', api: p.api, at };
    if (sources.some((x) => x.api === p.api)) {
      sameList ??= sources.find((x) => x.api === p.api && x.at === at) && source;
      // A value another answer of the same tool gave (the second city's zipcode, the other city hall's coordinate).
      twin ??= sources.find((x) => x.api === p.api && x.at !== at) && source;
    } else sources.push(source);
  }
  const [first, second] = sources;
  const before = loop?.last;
  if (loop) loop.last = undefined;
  if (!first) return undefined;
  const response = seen.answers[first.at].response!;
  const follows = before?.response === response ? before.at : undefined;
  const placed = placeInAnswer(response, first.value, first.num, rng.int(0, 2), follows, before?.next);
  const also = placed && sameList ? placeInAnswer(response, sameList.value, sameList.num, 0) : undefined;
  const alsoAt = also?.text;
  // Two entries of one plain listing: "the first entry is "RMS" and the second entry is "SBK""; two fields of one record
  // the call passes both: "the latitude is 38.897671 and the longitude is -77.036557", never the latitude alone (thought_fact_half_said).
  const twoFields = placed?.at === undefined && also !== undefined && also.at === undefined && FIELD_SAID.test(placed?.text ?? '') && FIELD_SAID.test(also.text);
  // A tool that answered more than once, differently: the field said with the call it came from ("the zipcode for
  // Rivermist is "83214"", "the coordinate for "北京市政府" is …"), a value of its other answer the call passes too
  // with it ("… and the one for San Francisco is "94016""), never "the zipcode is "83214"" as if there were one (thought_source_call_unsaid).
  const firstFor = whichCall(first.at, seen);
  const forField = (text: string | undefined, tail: string) => (text && tail && FIELD_SAID.test(text) ? text.replace(FIELD_HEAD, `the $1${tail} is `) : text);
  const twinFor = twin ? whichCall(twin.at, seen) : '';
  const twinPlaced = twin && firstFor && twinFor ? placeInAnswer(seen.answers[twin.at].response!, twin.value, twin.num, 0) : undefined;
  const twinField = placed && twinPlaced && FIELD_SAID.test(placed.text) && FIELD_SAID.test(twinPlaced.text) && FIELD_HEAD.exec(placed.text)?.[1] === FIELD_HEAD.exec(twinPlaced.text)?.[1];
  const said = forField(placed?.text, firstFor);
  const where = placed && alsoAt && ((ENTRY_PLACED.test(placed.text) && ENTRY_PLACED.test(alsoAt)) || twoFields)
    ? `${forField(placed.text, firstFor)} and ${alsoAt}`
    : twinField ? `${said} and ${twinPlaced!.text.replace(FIELD_HEAD, `the one${twinFor} is `)}` : said;
  const saidFor = !!firstFor && FIELD_SAID.test(placed?.text ?? '');
  if (loop && placed?.at !== undefined) loop.last = { response, at: placed.at, next: /^the next listed /.test(where ?? '') };
  // "The last call" only of the step just before, in this turn.
  const previous = first.at === 0 && seen.answersThisTurn > 0 && !twinField;
  // The sentence follows how the value reached this step, not a rotation of synonyms: the next item of a listing the
  // thought before took one from goes on from there ("The next listed property, "…", has id …."); a value an earlier
  // call already passed is the same one again ("The order id is again 12446, the one `place_order` gave."); an answer
  // of an earlier request is told in the past, the last one's as such ("`place_order` told me last time that …", "`place_order` said earlier that …"); one of this request two or more
  // steps back is what I know from it ("From `search_movie` I know that …"); the answer just given says it
  // ("`search_movie` says …", "The last call tells me …"). One sentence for every later use of a trading or booking id,
  // or "From `…` I know that" before most ties, read as a template (thought_link_top_share, thought_sentence_repeated).
  const earlierTurn = first.at >= seen.answersThisTurn;
  const usedBefore = seen.answers.some((a) => (a.passed ?? []).includes(first.value));
  // The same id passed again in the next call of a row says it once more in other words only where the thought before did not.
  const againBefore = avoid === 'again';
  const again = `The ${keyNoun(first.key, doc)} is again ${first.num ? first.value : `"${first.value}"`}, the one \`${first.api}\` gave${firstFor}.`;
  const lead = where && follows !== undefined && placed?.at !== undefined && placed.at > follows && /^the [a-z]+ listed /.test(where)
    ? `${where.charAt(0).toUpperCase()}${where.slice(1)}.`
    : usedBefore && !againBefore && !/\d/.test(keyNoun(first.key, doc))
      ? again
      : where
        ? rng.pick(fresh(earlierTurn ? [`\`${first.api}\` ${seen.answers[first.at].turnsAgo === 1 ? 'told me last time' : 'said earlier'} that ${where}${saidFor ? '' : givenWith(seen.answers[first.at].args)}.`] : first.at > 0 ? [`From \`${first.api}\` I know that ${where}.`] : [`\`${first.api}\` says ${where}.`, ...(previous ? [`The last call tells me ${where}.`] : [])], avoid))
        : rng.pick(fresh(framesOf('answer').map((f) => SOURCE_FRAMES[f].say(keyNoun(first.key, doc), first.value, first.api, undefined, first.num)), avoid));
  // A second value another tool gave (the card id of `register_credit_card` beside the access token of
  // `authenticate_travel`) is tied in the same sentence, where its answer places it.
  const other = second ? whereInAnswer(seen.answers[second.at].response!, second.value, second.num, rng.int(0, 2)) : undefined;
  return titleLinked(other ? `${lead.slice(0, -1)}, and \`${second!.api}\` says ${other}.` : lead, first.value, seen);
}

/**
 * A Chinese title the request named in English said as that film ("… the first has title "小丑" (Chinese for
 * "Joker")."): without it, the tie reads as if the first film were picked for being first (thought_title_link_unsaid).
 */
function titleLinked(lead: string, value: string, seen: Seen): string {
  const english = englishTitleAsked(value, [seen.query, ...seen.earlierRequests].join('\n'));
  const at = english && !lead.includes(english) ? lead.indexOf(`"${value}"`) : -1;
  return at < 0 ? lead : `${lead.slice(0, at + value.length + 2)} (Chinese for "${english}")${lead.slice(at + value.length + 2)}`;
}

/**
 * One short, whole fact from a previous response that this call uses: a scalar field of a JSON
 * object whose value the call passes ("the zipcode is "69238"" before a call passing 69238). A fact
 * the call has no use for ("the id is 5" before locking the doors) is no reason for the step.
 */
function previousFact(response: string | undefined, args: Record<string, unknown> | string): string | undefined {
  if (!response) return undefined;
  const passed = passedValues(args);
  try {
    const v = parseJson(response) as unknown;
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      // Every such fact the call uses, said together: "the latitude is 38.897671 and the longitude is -77.036557", never
      // the latitude alone before a call passing both (thought_fact_half_said).
      const facts = Object.entries(v)
        .filter(([, x]) => ((typeof x === 'string' && x.length > 0 && x.length <= 40) || typeof x === 'number') && passed.includes(String(x)))
        .map(([k, x]) => `the ${humanize(k)} is ${sayValue(x)}`);
      if (facts.length) return joinAnd(facts.slice(0, 3));
    }
  } catch {
    // not JSON: no fact to quote
  }
  return undefined;
}

/** Does the call pass a value the previous step's answer shows (what "Building on that" claims)? */
function usesPrevious(args: Record<string, unknown> | string, response: string | undefined): boolean {
  return response !== undefined && passedValues(args).some((v) => answerHolds(response, v));
}

/** What a call frame is filled with: the tool, what the call is for, its arguments, and (`had`) the value it takes from the answer before, in words. */
type Fill = { api: string; intent: string; withArgs: string; had: string };
/**
 * A call frame. `toolFirst`: the tool's name comes before what the call is for, right before its
 * verb ("`get_watchlist` will get the watchlist"): not for a call whose purpose opens with the verb
 * its name opens with, where it would say the name twice ("use `show` to show the emails").
 */
type Frame = ((p: Fill) => string) & { toolFirst?: boolean };
const toolFirst = (f: (p: Fill) => string): Frame => Object.assign(f, { toolFirst: true });

/**
 * Frames for a turn's first call, by what it does: a call that only reads (a lookup, changesNothing) says what it
 * will tell ("… will tell me"); one that changes something says what it does first. Nine frames for every first
 * call put "To start," and "The first thing to do" before a seventh of all thoughts (thought_link_top_share).
 */
const FIRST_READ: Frame[] = [
  ({ api, intent, withArgs }) => `To start, I need to ${intent}, so I will call ${api}${withArgs}.`,
  ({ api, intent, withArgs }) => `Let me ${intent} first; ${api}${withArgs} does exactly that.`,
  ({ api, intent, withArgs }) => `I'll ${intent} first by calling ${api}${withArgs}.`,
  ({ api, intent, withArgs }) => `Before going further I want to ${intent}, and ${api}${withArgs} will tell me.`,
  ({ api, intent, withArgs }) => `What I need first is to ${intent}: ${api}${withArgs}.`,
  toolFirst(({ api, intent, withArgs }) => `My plan starts with ${api}${withArgs}, since it can ${intent}.`),
  toolFirst(({ api, intent, withArgs }) => `First step: call ${api}${withArgs} so that I can ${intent}.`),
];
const FIRST_CHANGE: Frame[] = [
  ({ api, intent, withArgs }) => `The first thing to do is ${intent.startsWith('use ') ? intent : `to ${intent}`}, which ${api}${withArgs} handles.`,
  ({ api, intent, withArgs }) => `Before anything else I have to ${intent}, and ${api}${withArgs} is the tool for it.`,
  ({ api, intent, withArgs }) => `First I have to ${intent}; ${api}${withArgs} does it.`,
  toolFirst(({ api, intent, withArgs }) => `I should begin by calling ${api}${withArgs} in order to ${intent}.`),
  toolFirst(({ api, intent, withArgs }) => `Step one: ${api}${withArgs}, to ${intent}.`),
  toolFirst(({ api, intent, withArgs }) => `${api}${withArgs} comes first: it will ${intent}.`),
];
/** Frames for a later call of the same toolkit as the one before, that say nothing of what comes after it. */
const NEXT: Frame[] = [
  ({ api, intent, withArgs }) => `Next, I need to ${intent}, so I'll call ${api}${withArgs}.`,
  ({ api, intent, withArgs }) => `With that done, I can ${intent} by calling ${api}${withArgs}.`,
  ({ api, intent, withArgs }) => `The next step is to ${intent}; ${api}${withArgs} will do it.`,
  ({ api, intent, withArgs }) => `Then I have to ${intent}, for which ${api}${withArgs} is the call.`,
  ({ api, intent, withArgs }) => `I still need to ${intent}, and ${api}${withArgs} is the call for it.`,
  toolFirst(({ api, intent, withArgs }) => `After that, ${api}${withArgs} will ${intent}.`),
];
/** Frames for a later call of another toolkit than the one before: another part of the request. */
const NEW_PART: Frame[] = [
  ({ api, intent, withArgs }) => `That part is done; now I need to ${intent}, so ${api}${withArgs} comes next.`,
  ({ api, intent, withArgs }) => `Moving on to the rest of the request, I need to ${intent}; ${api}${withArgs} does that.`,
  ({ api, intent, withArgs }) => `On to another part of the request: to ${intent}, I will use ${api}${withArgs}.`,
  // A fourth: one of three closed 45 of 2,186 CoT cases on the same get_curr_time sentence (thought_sentence_repeated 0.021 on lead37 m15).
  // Not "Another thing the user asked for is to …": said beside the call's arguments it claims the user gave them (thought_claims_given_value).
  ({ api, intent, withArgs }) => `Another part of the request is to ${intent}; ${api}${withArgs} handles it.`,
];
/** Frames that say the call builds on the previous answer: only for a call passing a value that answer shows (`had` names it). */
const BUILDS_ON: Frame[] = [
  ({ api, intent, withArgs }) => `Building on that, I can ${intent}: ${api}${withArgs}.`,
  toolFirst(({ api, intent, withArgs }) => `With that answer in hand, ${api}${withArgs} can ${intent}.`),
  ({ api, intent, withArgs, had }) => `Now that I have ${had}, I can ${intent} by calling ${api}${withArgs}.`,
  ({ api, intent, withArgs }) => `That answer gives me what I need to ${intent}, so ${api}${withArgs} is next.`,
];
/** Frames that say the call is the turn's last: only for the last call. */
const LAST: Frame[] = [
  ({ api, intent, withArgs }) => `That leaves a final thing to do here: ${intent}, which means calling ${api}${withArgs}.`,
  ({ api, intent, withArgs }) => `What remains is to ${intent}, so ${api}${withArgs} comes next.`,
  ({ api, intent, withArgs }) => `Last, I need to ${intent}; ${api}${withArgs} does that.`,
];
/** Frames for a turn's only call: no "to start", no "next". */
const SOLE: Frame[] = [
  ({ api, intent, withArgs }) => `I need to ${intent}, which is what ${api}${withArgs} is for.`,
  ({ api, intent, withArgs }) => `All this takes is to ${intent}, and ${api}${withArgs} does that.`,
  ({ api, intent, withArgs }) => `To ${intent}, one call is enough: ${api}${withArgs}.`,
  toolFirst(({ api, intent, withArgs }) => `This request calls for ${api}${withArgs}: it lets me ${intent}.`),
  toolFirst(({ api, intent, withArgs }) => `A single call does it: ${api}${withArgs}, to ${intent}.`),
  toolFirst(({ api, intent, withArgs }) => `${api}${withArgs} is the only call this needs: it will ${intent}.`),
  toolFirst(({ api, intent, withArgs }) => `Calling ${api}${withArgs} will ${intent}.`),
];

/**
 * The frames that say true things about a call's place among its turn's `count` calls and how it
 * connects to the one before: `builds`, it passes a value the previous answer shows; `newPart`, the
 * previous call was of another toolkit (the request's next part, not a means to this call); `echoes`,
 * its purpose opens with the verb its name opens with, so the name does not stand right before it.
 */
function framesFor(index: number, count: number, link: { builds?: boolean; newPart?: boolean; echoes?: boolean; reads?: boolean } = {}): Frame[] {
  const pool = count === 1 ? SOLE : index === 0 ? (link.reads ? FIRST_READ : FIRST_CHANGE) : [...(link.builds ? BUILDS_ON : link.newPart ? NEW_PART : NEXT), ...(index === count - 1 ? LAST : [])];
  return link.echoes ? pool.filter((f) => !f.toolFirst) : pool;
}

/** The verb a tool's name opens with: `show` → show, `get_movie_reviews` → get, `lockDoors` → lock. */
function nameVerb(api: string): string {
  return api.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase().split(/_+/)[0];
}

/** The toolkit of a call ("Email" of "Email.show"), "" for a bare name. */
const toolkitOf = (name: string) => (name.includes('.') ? name.slice(0, name.lastIndexOf('.')) : '');

/** The value a call takes from the answer before it, as "the <its key in words>" ("the movie id"), for "Now that I have …". */
function hadFrom(args: Record<string, unknown> | string, response: string | undefined, doc: KeyDoc | undefined): string {
  if (typeof args === 'string' || response === undefined) return 'that';
  const key = Object.entries(args).find(([, v]) => (typeof v === 'number' || (typeof v === 'string' && v.length >= 2)) && answerHolds(response, String(v)))?.[0];
  return key ? `the ${keyNoun(key, doc)}` : 'that';
}

const capitalise = (t: string) => t.charAt(0).toUpperCase() + t.slice(1);

/**
 * The links that say a call builds on the answer before it, as said after a lead citing that very answer
 * ("`ls` says "a.txt" is the first of three entries. Building on that, …": "that" is the fact just cited)
 * and as said anywhere else ("Building on the last answer, …"). The named form after a lead citing the
 * same answer names it twice in two sentences ("The last call tells me … The last answer gives me …":
 * 342 thoughts of 2,186 CoT cases on lead38 f5, thought_answer_cited_twice).
 */
const BUILDS_ON_LINKS: { that: string; named: string; both: string }[] = [
  { that: 'Building on that, ', named: 'Building on the last answer, ', both: 'Building on those answers, ' },
  { that: 'That answer gives me ', named: 'The last answer gives me ', both: 'Those answers give me ' },
  { that: 'With that answer in hand, ', named: 'With the last answer in hand, ', both: 'With those answers in hand, ' },
];

/** A frame whose link builds on the answer before it, its link said in `form` ("that", named, or of two answers: "Those answers give me …"). */
function linkAs(frame: string, form: 'that' | 'named' | 'both'): string {
  for (const link of BUILDS_ON_LINKS) {
    const said = [link.that, link.named, link.both].find((f) => frame.startsWith(f));
    if (said) return link[form] + frame.slice(said.length);
  }
  return frame;
}

/** A link that builds on the last answer, said by name ("The last answer gives me …"): where no lead before it cites that answer. */
export const lastAnswerNamed = (frame: string): string => linkAs(frame, 'named');

/** A lead citing two tools' answers ("`get_stock_info` says the price is 227.16, and `get_watchlist` says …"). */
const citesTwo = (lead: string) => (lead.match(/`[^`]+` (?:says|returned)\b/g) ?? []).length > 1;

/**
 * Does a lead sentence cite the answer of `previousApi`, the call just before ("The last call tells me …",
 * "`ls` says …", "`liter_to_gallon` returned 10, …")? One citing a second tool too is `citesTwo`.
 */
export function citesAnswerOf(lead: string, previousApi: string | undefined): boolean {
  if (!previousApi || citesTwo(lead)) return false;
  const api = `\`${previousApi}\``;
  return lead.startsWith('The last call tells me ') || lead.startsWith(`${api} says `) || lead.startsWith(`${api} returned `) || lead.includes(`from what ${api} returned.`);
}

/**
 * A call frame said after a lead sentence (a fact of an answer, where a value comes from): a link whose
 * "that" points at the step before would point at the lead ("The address will be "…". Building on that,
 * …", "`now_playing_out_filter` says … That part is done; …"), so it names what it means or goes without.
 * After a lead citing the answer just before, the link's "that" is that answer, said once.
 */
function afterLead(frame: string, lead = '', previousApi?: string): string {
  // A lead going on along a listing ("The next listed property, …") already says "next": the frame does not say it again.
  const saysNext = /\bnext\b/i.test(lead);
  const moved = frame
    .replace(/^Next, I need to /, saysNext ? 'Now I need to ' : 'Next, I need to ')
    .replace(/^The next step is to /, saysNext ? 'What I need now is to ' : 'The next step is to ')
    .replace(/^With that done, I can /, 'Now I can ')
    .replace(/^That part is done; now I need to /, 'Now I need to ');
  return linkAs(moved, citesTwo(lead) ? 'both' : citesAnswerOf(lead, previousApi) ? 'that' : 'named');
}

/**
 * The offline thought for each step: what the step is for (the tool's description cut to what it
 * does, in plain words about the thing in hand: "get the details of the movie", not the doc's "get
 * the top level details of a movie by ID"), with which arguments, tied to the request (a value the user stated) and to what the
 * previous step returned where the source recorded it — in one of several sentence frames, each
 * grammatical whatever it is filled with.
 */
export function offlineThoughts(input: ThoughtInput, rng: Rng): string[] {
  // What the thought before used: its call frame and its lead's shape. The next one takes another of
  // each, or no lead at all: the same sentence step after step reads as a template filled in a loop
  // ("I still need to get the MLA citation format; …" for the second paper and again for the third).
  let lastFrame: Frame | undefined;
  let lastLead: string | undefined;
  const loop: { last?: LoopItem } = {};
  return input.steps.map((s, i) => {
    const apiName = s.name.includes('.') ? s.name.slice(s.name.indexOf('.') + 1) : s.name;
    const api = `\`${apiName}\``;
    const asIntended = intentOf(s.description, apiName, s.args);
    // A tool whose doc fixes the day ("Book the meeting room today") on a request for another ("for tomorrow"): the thought
    // does not say it books "today" as if that were what the user asked, and says what is true (thought_day_contradicts_request).
    const otherDay = /\btoday\b/i.test(purpose(s.description)) && !changesNothing(s.name) ? /\btomorrow\b/i.exec(input.query)?.[0].toLowerCase() : undefined;
    const intent = otherDay ? asIntended.replace(/\s+today\b/i, '') : asIntended;
    const verb = intent.split(' ')[0];
    const dayNote = otherDay ? ` ${api} ${/(?:s|sh|ch|x)$/.test(verb) ? `${verb}es` : `${verb}s`} for today only, though the user asked for ${otherDay}.` : '';
    const args = argPhrase(s.args, s.doc);
    const withArgs = args ? ` with ${args}` : '';
    // "Building on that" only for a value the last answer gave, not one the user's words hold too ("Inception" searched again after the film's details).
    const builds = i > 0 && s.previousResponse !== undefined && passedValues(s.args).some((v) => answerHolds(s.previousResponse!, v) && ![input.query, ...(input.earlierRequests ?? [])].some((r) => holdsValue(r, v)));
    // Another toolkit than the step before is another part of the request, unless the call takes a value an earlier answer showed (the film of a listing two steps back).
    const newPart = i > 0 && toolkitOf(s.name) !== toolkitOf(input.steps[i - 1].name) && !input.steps.slice(1, i + 1).some((p) => usesPrevious(s.args, p.previousResponse));
    const echoes = baseForm(intent.split(/\s+/)[0] ?? '') === nameVerb(apiName);
    const pool = framesFor(i, input.steps.length, { builds, newPart, echoes, reads: changesNothing(s.name) });
    const chosen = rng.pick(pool.length > 1 ? pool.filter((f) => f !== lastFrame) : pool);
    lastFrame = chosen;
    const frame = chosen({ api, intent, withArgs, had: builds ? hadFrom(s.args, s.previousResponse, s.doc) : 'that' });
    const seen: Seen = {
      query: input.query,
      earlierRequests: input.earlierRequests ?? [],
      answers: [],
      answersThisTurn: i,
    };
    // Latest first: this turn's earlier steps, then earlier turns'.
    seen.answers = [...input.steps.slice(0, i).map((p, j) => ({ api: apiOf(p.name), response: input.steps[j + 1].previousResponse, passed: passedValues(p.args), args: p.args })).reverse(), ...[...(input.earlierAnswers ?? [])].reverse().map((a) => ({ api: apiOf(a.name), response: a.response }))];
    const stated = statedValue(s.args, seen);
    // Another value the call passes, said in the frame of where it comes from (its own pick only when nothing shown gave it).
    const other = typeof s.args === 'string' ? undefined : Object.entries(s.args).map(([key, v]) => ({ key, value: quotable(v), num: typeof v === 'number' })).find((e): e is { key: string; value: string; num: boolean } => e.value !== undefined);
    // A value only a tool answer showed is always said with where it comes from.
    const tie = answerTie(s.args, seen, s.doc, rng, lastLead, loop);
    // Else one optional clause: a fact of the last answer the call uses (a value the user gave too), or where a value comes from.
    const fact = i > 0 ? previousFact(s.previousResponse, s.args) : undefined;
    const prevApi = i > 0 ? input.steps[i - 1].name.split('.').pop()! : '';
    const facts = [`\`${prevApi}\` says ${fact}. `, `The last call tells me ${fact}. `].filter((f) => leadShape(f) !== lastLead);
    let lead =
      tie
        ? `${tie} `
        : fact && rng.chance(0.7)
        ? rng.pick(facts)
        : stated && rng.chance(i === 0 ? 0.8 : 0.5)
          ? `${sourceSentence(keyNoun(stated.key, s.doc), stated.value, stated.num, stated.provenance, rng, seen) ?? ''} `.trimStart()
          : other && rng.chance(0.2)
            ? `${sourceSentence(keyNoun(other.key, s.doc), other.value, other.num, provenanceOf(other.value, seen), rng, seen) ?? ''} `.trimStart()
            : '';
    // Where a value comes from, said in the shape the thought before just used ("The request says "…", so the city is "…"" twice): left unsaid.
    if (lead && !tie && leadShape(lead) === lastLead) lead = '';
    lastLead = lead ? leadShape(lead) : undefined;
    // "With that done" says the step before was a deed: after a lead (a fact or where a value comes from) "that" would be the lead, so it opens with "Now" instead.
    return capitalise(lead + (lead ? afterLead(frame, lead, i > 0 ? prevApi : undefined) : frame)) + dayNote;
  });
}

export const thoughtWriterRole: RoleSpec<ThoughtInput, { thoughts: string[] }> = {
  role: 'thought-writer',
  schemaName: 'step_thoughts',
  schema: Output,
  template: {
    id: 'thought-writer/goal-at-step',
    version: '1',
    render: (input) => [
      {
        role: 'system',
        content:
          'You annotate tool-calling trajectories. For each tool call below, write one short sentence stating the goal at that step (why this call, with these arguments, is the next thing to do for the user\'s request). Reply in JSON: {"thoughts": [string, ...]} with exactly one thought per call, in order.',
      },
      { role: 'user', content: `User request:\n${input.query}\n\nCalls:\n${input.steps.map((s, i) => `${i + 1}. ${s.name}(${toJson(s.args)}) — ${purpose(s.description)}`).join('\n')}` },
    ],
  },
  offline: { version: 'thought-writer-67', // 67 (lead40): a list said with its items in brackets takes no second pair round it ("three numbered bullet items (\"Introduction to computer vision\", …)", "content of three numbered points (…)"; thoughtPhrases argWords; thought_brackets_nested 22/2,186 on lead40 m9). 66 (lead40): "look up the user's ID", "the opening, closing and after-hours prices of the stock", never the docs' "get the user ID from user name" and "… of the stock symbol" (thoughtPhrases DOC_PHRASES; thought_intent_doc_phrase widened, 37/2,186 on lead40 m8). 65 (lead40): T-Eval's Airbnb ids read as the bigints they are. 64 (lead40): an id told apart said with what it names ("the latitude for property 561489475078914207 is …"), two fields of one record with it too. 63 (lead40): a fact lead of a tool that answered more than once says which call it was ("From `get_zipcode_based_on_city` I know that the zipcode for San Francisco is \"94016\" and the one for Rivermist is \"83214\"."), never "the zipcode is \"94016\"" as if there were one (thought_source_call_unsaid 43/2,186 on lead39 f3). 62 (lead39): a fact lead cites every field of the last answer the call uses ("The last call tells me the latitude is 38.897671 and the longitude is -77.036557."), never the latitude alone (thought_fact_half_said 29/2,186 on lead39 m11). 61 (lead39): diff's files said as the first and second file ("`diff` with first file \"config.py\" and second file \"real_config.py\""), never "file name 1" (grammar.ts BARE_KEYS; thought_key_bare widened, 23/2,186 on lead39 m9). 60 (lead39): no comma before the last argument where the "and" before it sits inside brackets ("with bullet items (a record of Authors and Summary) and title \"…\"": thoughtPhrases argPhrase outsideBrackets; thought_serial_comma_needless 29/2,186 on lead39 m8). 59 (lead39): a request clause is quoted without the conjunction that joined it ("The request says \"I recall the ticket number was 987654\"", never "and I recall …": thought_quote_opens_conjunction 13/2,186 on lead39 m5). 58 (lead39): after a lead citing the answer just before ("The last call tells me …", "`ls` says …"), the link that builds on it says "that" ("That answer gives me …", "Building on that, …"), never names the answer again ("The last answer gives me …": thought_answer_cited_twice 280/2,186 on lead38 f5). 57 (lead38): Scholar's `q` said as the organic id its listing gave ("with organic id \"O89oBDOtbPMJ\""), never "with organic search result's ID" beside "has organic id"; Airbnb's dates as "check-in date" and "check-out date", never "with check in \"2023-12-01\"" (grammar.ts BARE_KEYS). 56 (lead37): 55's fourth frame says "Another part of the request is to …", never "Another thing the user asked for is to …", which beside the call's arguments claimed the user gave them (thought_claims_given_value 45/2,186 on m21). 55 (lead37): a call opening another part of the request said four ways, not three ("Another part of the request is to get the current time; `get_curr_time` handles it."; thought_sentence_repeated 0.021 on m15, 45 CoT cases sharing one get_curr_time sentence). 54 (lead37): a tie to an earlier request's answer names no file bare ("`sort` told me last time that the sorted content is \"…\"."), never "… for report.txt" (thought_file_named_bare 10/2,186 on m13). 53 (lead37): a Chinese title the request named in English said as that film ("… the first has title \"小丑\" (Chinese for \"Joker\")."; thought_title_link_unsaid 8/2,186 on m4). 52 (lead37): a listing's entry among its first ten said by its place ("the first entry is \"RMS\""), a second value off the same listing with it ("… and the second entry is \"SBK\""), never "\"RMS\" is one of the entries" (thought_list_place_unsaid 13/2,186 on g0). 51 (lead36): one value of a plural key said with the singular ("the city is \"San Francisco\""), never "the cities are" (thought_plural_key_one_value). 50 (lead36): a number cited from the request restated as the call passes it ("…,\" the request says, so the amount is 100."), never in quotes as text (thought_number_quoted_as_text). 49 (lead36): a unit key names an amount ("which is the amount in gallons here", "`gallon_to_liter` with 13.2 gallons"), never "the gallon" (thought_unit_as_noun). 48 (lead36): a schedule's lines ("9:00 AM - Registration") are no record: "bullet items beginning \"9:00 AM - …\"", never "a record of 9, 10, 11 and more" (thought_record_of_numbers). 47 (lead36): a loop's next item placed three ways ("The next listed property is \"…\", with id …", "… whose id is …"), never one frame for every step of every loop (thought_frame_top_share 0.048 on m8). 46 (h-lead34): a short list said item by item ("doors \"driver\" and \"passenger\""), never as code. 45 45 (h-lead33): intents the docs word as no person would said as a person does ("get the top-rated movies", "find similar movies", "search arXiv for articles"; thoughtPhrases DOC_PHRASES, thought_intent_doc_phrase). 44 (h-lead33): a Douban look-up said as one ("look up the films now playing in China", "get the details of the movie"), never the doc's "print the details of" (thought_lookup_printed). 43 (h-lead33): a forecast is "for the next 3 days", never "in the next 3 days" (thoughtPhrases fillPlaceholder; forecast_days_in 36/4,926 on g0). 42 (h-lead33): an earlier request's answer is told with what it was for ("`get_stock_info` told me last time that the price is 310.23 for MSFT."), never "…, when it was given the symbol MSFT.". 41 (h-lead33): a parameter too bare to stand as a noun is said by what its doc says it holds ("the destination is "Miami"", "search terms "Apple Inc."", "the place is "Times Square"", "start date"; grammar.ts BARE_KEYS; thought_key_bare 0 on b6). 40 (h-text32): a value is never restated bare ("The name will be \"Zeta Corp\".", "For the folder, I'll pass \"document\"."): a value the user's words hold is always said from them, one shown only in another letter case says so ("…, in the letter case the tool takes."), one the writer cannot place gets no lead; a lead saying "next" is not followed by "Next, I need to"; a tool whose doc books "today" on a request for tomorrow says so; "the first name Michael", not "the user first name Michael" (thought_value_restated, thought_next_twice, thought_day_contradicts_request, thought_given_key_stiff on g0). 39 (h-text31): a turn's first call takes a frame by what it does (a lookup "will tell me", a change "First I have to"), a tie by how its value reached the step (the next item of a listing, a value passed again, an earlier request's answer, one two steps back, the answer just given), never "From `…` I know that" before a tenth of all thoughts; a value is read off the answer holding it whole (thought_link_top_share, thought_sentence_repeated on g0). 38: int30's 37 and h-text30's 37 merged. 37 (h-text30): a value an earlier request's answer gave is tied in the past ("`place_order` said earlier that the order id is 12446."), never "says" as if just given (thought_link_top_share 0.110 on g0, its top link "From `…` I" 37 (h-solv30): the request's own place written as the tool's doc asks (天安门广场 for "Tiananmen Square in Beijing", GaodeMap's "Param must be in Chinese") is said neutrally, never "Nothing fixes the address, so I'll pick \"天安门广场\"." (thought_request_place_called_pick, new, 7/12 on h-solv30's b3: teval_query_358_0). 36: a plain word is read off an answer only where it is a whole value, never a word of its prose ("`show` returned \"day\", which is the timespan to pass" after an email about a Demo Day: thought_false_sequence 4/2,186 on int29's m1, teval_query_344_2-env-k3-cot). 35 (h-text29): a value is tied to the answer it was read off, never to a later one that only echoed it back because its call was given it ("`get_movie_details` says the id is 575264." before the reviews call; sourceAt; thought_tie_cites_echo 68/2186 CoT cases on g0, the most common frame of wrong calls' thoughts). 34 (h-thoughts28): an argument is said in words, never its parameter name pasted with "set to" ("the movie id 575264", "read and unread ones alike" for only_unread=false, "the unlock flag off"; thoughtPhrases argWords; thought_arg_key_pasted); a call whose purpose opens with the verb its name opens with takes a frame that says the purpose first (never "use `show` to show the emails"; thought_tool_verb_echoed); a later call's link says how it connects: another toolkit than the step before is another part of the request, a value off the last answer "Now that I have the movie id", the rest "Next" and the like, in more wordings (thought_link_top_share), \"Building on that\" only for a value the last answer gave and the user did not; after a lead sentence no link points \"that\" at the lead (\"Building on the last answer\", \"Now I need to\"). 33 (h-thoughts27): the place of an item in a listing said in one of three ways (thought_frame_top_share 4.0% with one on h-thoughts27's b5); a thought takes another call frame than the one before it, and another lead shape (or none), so no two thoughts in a row share a sentence (thought_frame_repeated_in_case 102/2186 CoT cases on g0); a call passing a value only a tool answer showed (an id off a listing, a price from a quote) always opens with where that answer holds it ("`search_property_by_place` says the first of the three properties, \"Cozy Loft\", has id 10803849."; thoughtPhrases whereInAnswer), else which tool returned it — never the bare "Next, I need to retrieve the details of the property …" nor "The property id will be 10803849." (thought_answer_value_untied 633/2186 CoT cases on g0). 32 (h-base25): a thought with a lead sentence (a fact of the last answer, where a value comes from) never goes on "With that done, I can …" ("that" would be the lead, no deed: "The request names \"1293\" as the access token. With that done, …"), but "Now I can …" (thought_done_after_lead 89/936 CoT base cases on f52). 31 (h-thoughts13): a number the call passes as a number is said bare in a frame of the assistant's own words ("The movie id will be 27205.", not "27205"; thoughtPhrases said; thought_number_quoted); a string id stays quoted; Earlier versions: docs/method-versions.md.
    run: (input, rng) => ({ thoughts: offlineThoughts(input, rng) }) },
};

/**
 * A call frame's link for a call that goes on with the part of the request an earlier answer opened
 * (the details of the fifth film of the listing, a slide for it): never "another part of the request",
 * which the writer chose for a call of another toolkit than the one before, when the answer it takes
 * its value from was not yet there to see.
 */
function sameThread(thought: string): string {
  return thought
    .replace(/\bThat part is done; now I need to /, 'Now I need to ')
    .replace(/\bMoving on to the rest of the request, I need to /, 'Then I need to ')
    .replace(/\bOn to another part of the request: to /, 'Then, to ')
    .replace(/\bAnother part of the request is to /, 'Then I need to ');
}

/** A thought's first sentence, ended outside quotes (a quoted value may hold ". "), and the rest. */
function splitFirst(thought: string): [string, string] {
  let quoted = false;
  for (let i = 0; i < thought.length; i++) {
    if (thought[i] === '"') quoted = !quoted;
    else if (!quoted && /[.!?]/.test(thought[i]) && /\s/.test(thought[i + 1] ?? '')) return [thought.slice(0, i + 1), thought.slice(i + 1).trim()];
  }
  return [thought, ''];
}

/** Does a lead sentence say where a value comes from or what an answer said (one the tie takes the place of)? */
function isLead(sentence: string): boolean {
  return /^(?:`[^`]+` says |`[^`]+` (?:said earlier|told me last time) that |From `[^`]+` I know that |The last call tells me )/.test(sentence) || LISTED_NEXT.test(sentence) || AGAIN.test(sentence) || valueSource(sentence) !== undefined;
}

/** A tie the writer wrote from a recorded answer (whereInAnswer's listing clauses), which resolve re-checks against the answer shown. */
const WRITER_TIE = new RegExp(`${/^(?:`[^`]+` says |`[^`]+` (?:said earlier|told me last time) that |From `[^`]+` I know that |The last call tells me )(?:there are |the only |.*\b(?:is one of|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth)\b)/.source}|${LISTED_NEXT.source}|${AGAIN.source}`);

/** A step as the resolve stage holds it: its thought, call and (by then) its answer. */
export interface TiedStep {
  action: { name: string; args: Record<string, unknown> | string; thought?: string };
  response?: { content: string };
}

/** A thought's link that says the call builds on the last answer, said as a plain next step: for a call that takes nothing from it. */
function notBuildingOn(thought: string): string {
  return thought
    .replace(/\bBuilding on (?:that|the last answer), I can /, 'Next, I can ')
    .replace(/\bWith that answer in hand, /, 'Next, ')
    .replace(/\bNow that I have [^,]+, I can /, 'Next, I can ')
    .replace(/\b(?:That|The last) answer gives me what I need to /, 'I also need to ');
}

/**
 * The thoughts of a resolved trajectory, tied to the answers it now shows. The thought writer runs
 * before resolve, when most T-Eval answers and some BFCL ones are not yet there (the simulator writes
 * them), so a call passing an id off a listing it could not see got "The property id will be
 * 10803849." or no word at all. Here, with every answer known, a thought whose call passes a value
 * only an earlier answer shows opens with where that answer holds it (answerTie), in place of the
 * lead sentence it had; two thoughts in a row never open in the same shape. Thoughts in place.
 */
export function tieThoughtsToAnswers(turns: { user: string; steps: TiedStep[] }[], docs: Map<string, KeyDoc>, rng: Rng): number {
  let tied = 0;
  const earlier: (Seen['answers'][number] & { turn: number })[] = [];
  turns.forEach((turn, t) => {
    let lastLead: string | undefined;
    const loop: { last?: LoopItem } = {};
    turn.steps.forEach((s, i) => {
      const thought = s.action.thought;
      const answers = [...turn.steps.slice(0, i).map((p) => ({ api: apiOf(p.action.name), response: p.response?.content, passed: passedValues(p.action.args), args: p.action.args })).reverse(), ...[...earlier].reverse().map((e) => ({ ...e, turnsAgo: t - e.turn }))];
      if (thought !== undefined && s.action.name !== 'FinishAction') {
        const seen: Seen = { query: turn.user, earlierRequests: turns.slice(0, t).map((x) => x.user), answers, answersThisTurn: i };
        const tie = answerTie(s.action.args, seen, docs.get(s.action.name), rng, lastLead, loop);
        const [first, rest] = splitFirst(thought);
        const previousApi = i > 0 ? apiOf(turn.steps[i - 1].action.name) : undefined;
        if (tie && rest && isLead(first)) {
          s.action.thought = `${tie} ${afterLead(rest, tie, previousApi)}`;
          tied += Number(first !== tie);
        } else if (tie && !isLead(first)) {
          s.action.thought = `${tie} ${afterLead(thought, tie, previousApi)}`;
          tied++;
        } else if (!tie && rest && WRITER_TIE.test(first)) {
          // The writer placed the value in the answer the source recorded; the answer shown now does not hold it there.
          // Without the lead, a link's "that" would have nothing before it to point at.
          s.action.thought = lastAnswerNamed(rest);
        }
        // A link saying the call builds on the last answer ("The last answer gives me what I need to …") where the answer
        // shown now holds nothing the call passes: the writer chose it over the answer the source recorded (teval_query_344_2-env-k3-cot
        // after a film listing, thought_false_sequence 4/2,186 on int29's m3).
        if (!usesPrevious(s.action.args, i > 0 ? turn.steps[i - 1].response?.content : undefined)) s.action.thought = notBuildingOn(s.action.thought!);
        // A value off an earlier answer of this turn, not the user's: the call goes on with that answer's part of the request.
        const earlierThisTurn = turn.steps.slice(0, i).map((p) => p.response?.content);
        if (passedValues(s.action.args).some((v) => earlierThisTurn.some((r) => r !== undefined && holdsValue(r, v)) && !holdsValue(turn.user, v))) s.action.thought = sameThread(s.action.thought!);
        const [lead, after] = splitFirst(s.action.thought!);
        lastLead = after && isLead(lead) ? leadShape(lead) : undefined;
      }
    });
    for (const s of turn.steps) if (s.action.name !== 'FinishAction') earlier.push({ api: apiOf(s.action.name), response: s.response?.content, passed: passedValues(s.action.args), args: s.action.args, turn: t });
  });
  return tied;
}
