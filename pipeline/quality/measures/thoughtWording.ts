/**
 * How a CoT thought words its call, read from the text alone: a parameter's name pasted in as a noun
 * ("passing only unread set to false", "movie id set to 575264"), the tool's own verb said again as
 * what it is for ("use `show` to show the emails"), and a few stock links carrying most thoughts
 * ("Next, I need to …, so I will call …", "… takes care of that."). A careful person says "showing
 * all emails, read and unread" or "the movie id 575264", says what a call is for in words of their
 * own, and links a step to the one before by what connects them.
 */
import type { CaseMeasure, SetMeasure } from '../types.js';
import type { TestCase } from '../../schemas.js';
import { keyAsWords, sentencesOf, QUOTED_TEXT } from '../grammar.js';
import { thoughtCalls } from './thoughts.js';
import { thoughtDefect as thoughtDefectOf } from './text.js';
import { topShare } from './topShare.js';
import { parseToolResponse } from '../../prompts/parseAction.js';
import { englishTitleAsked } from '../../resolution/worldFacts.js';
import { outsideBrackets } from '../../thoughtPhrases.js';
import { apiOf } from '../../errors/values.js';

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * An argument said as "<its key in words> set to <value>" or a flag said bare ("only unread false"):
 * the parameter's name pasted into the sentence as if it were a noun a person would use. Undefined
 * when the thought says none.
 */
export function pastedKey(thought: string, args: unknown): string | undefined {
  if (!args || typeof args !== 'object' || Array.isArray(args)) return undefined;
  const prose = thought.replace(QUOTED_TEXT, '""');
  for (const [key, v] of Object.entries(args as Record<string, unknown>)) {
    const kw = escapeRegExp(keyAsWords(key));
    const set = new RegExp(`(?<![\\w-])${kw} set to\\b`, 'i').exec(prose);
    if (set) return `says ${key} as "${set[0]}"`;
    if (typeof v === 'boolean') {
      const bare = new RegExp(`(?<![\\w-])${kw} (?:true|false)\\b`, 'i').exec(prose);
      if (bare) return `says the flag ${key} as "${bare[0]}"`;
    }
  }
  // Any other "<words> set to <value>" in an argument list ("passing door set to [...]").
  const other = /\b(?:with|passing|pass|are|and|,)\s+(?:[a-z]+\s){0,3}[a-z]+ set to\b/i.exec(prose);
  return other ? `says an argument as "${other[0].replace(/^(?:with|passing|pass|are|and|,)\s+/i, '')}"` : undefined;
}

export const thoughtArgKeyPasted: CaseMeasure = {
  kind: 'case',
  id: 'thought_arg_key_pasted',
  group: 'text',
  title: 'CoT: a thought says an argument by pasting its parameter name as a noun ("`show` …, passing only unread set to false", "`fetch_movie_reviews`, passing movie id set to 575264") instead of in words ("showing all emails, not only unread ones", "the movie id 575264")',
  population: 'CoT cases',
  check(tc) {
    if (!tc.cot) return undefined;
    for (const call of thoughtCalls(tc)) {
      const why = pastedKey(call.thought, call.args);
      if (why) return `${why}: "${call.thought.slice(0, 140)}"`;
    }
    return null;
  },
};

/** The verb a tool's name opens with: `show` → show, `get_movie_reviews` → get, `lockDoors` → lock. */
export function nameVerb(api: string): string {
  return api.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase().split(/_+/)[0];
}

/**
 * The words that put a tool to a purpose right after its name ("`x` to", "`x` will", "`x`, since it can"). A verb
 * right before a quoted value is a key's own words ("`follow_user` with username to follow "john"", BFCL's
 * username_to_follow), no purpose.
 */
const PURPOSE_AFTER = /^(?:\s+with\b[^.;:]*?)?(?:,? since it can| in order to| so that I can|,? to|:? it (?:will|lets me)| will| can) ([a-z]+)(?! "")/;

/**
 * A clause that names a tool and then says what it is for with the verb its name opens with ("use
 * `show` to show the emails", "Calling `get_watchlist` will get the watchlist", "`send` with
 * address …, to send the email"): the purpose says the name again. Undefined when none does.
 */
export function echoedVerb(thought: string): string | undefined {
  const prose = thought.replace(QUOTED_TEXT, '""');
  for (const m of prose.matchAll(/`([A-Za-z_][\w]*)`/g)) {
    const verb = nameVerb(m[1]);
    if (verb.length < 3) continue;
    const after = PURPOSE_AFTER.exec(prose.slice(m.index! + m[0].length));
    if (after && after[1].toLowerCase() === verb) return `\`${m[1]}\` …${after[0].slice(-30)}`;
  }
  return undefined;
}

export const thoughtToolVerbEchoed: CaseMeasure = {
  kind: 'case',
  id: 'thought_tool_verb_echoed',
  group: 'text',
  title: 'CoT: a thought names a tool and then says what it is for with the verb the name opens with ("Now I will use `show` to show the emails in the inbox", "Calling `get_watchlist` will get the watchlist"): the purpose repeats the name instead of saying why',
  population: 'CoT cases',
  check(tc) {
    if (!tc.cot) return undefined;
    for (const call of thoughtCalls(tc)) {
      const echo = echoedVerb(call.thought);
      if (echo) return `${echo}: "${call.thought.slice(0, 140)}"`;
    }
    return null;
  },
};

/** A phrase with its quoted values, code spans and numbers blanked, lower case. */
function blanked(s: string): string {
  // Lower case first, so the blanked number stays "N", which no closing's words hold.
  return s
    .toLowerCase()
    .replace(/"(?:[^"\\]|\\.)*"/g, '"…"')
    .replace(/`[^`]*`/g, '`…`')
    .replace(/\d+(?:[.,]\d+)*/g, 'N')
    .trim();
}

/**
 * The links of a thought: how each of its sentences opens (up to the first comma, colon or
 * semicolon within four words, else its first three words: "next,", "building on that,", "i
 * still need"), the three words that lead to a tool's name ("so i will call `…`"), and how a
 * sentence ends after its last value or name ("takes care of that."). Case words blanked.
 */
export function thoughtLinks(thought: string): string[] {
  const keys: string[] = [];
  for (const sentence of sentencesOf(thought)) {
    const b = blanked(sentence);
    const words = b.split(/\s+/);
    const punct = words.slice(0, 4).findIndex((w) => /[,:;]$/.test(w));
    keys.push(`open: ${words.slice(0, punct >= 0 ? punct + 1 : 3).join(' ')}`);
    const before = /((?:[a-z']+ ){3})`…`/.exec(b);
    if (before) keys.push(`call: ${before[1]}\`…\``);
    const tail = /(?:^|["`N)])\s*([a-z ,']+[.!?])$/.exec(b)?.[1]?.trim();
    if (tail && tail.split(/\s+/).length >= 3 && tail.split(/\s+/).length <= 6) keys.push(`end: ${tail}`);
  }
  return keys;
}

/**
 * The share of thoughts (every call's thought in CoT cases) that hold the most frequent link: one
 * stock connective ("I will call", "Next, I need to", "takes care of that") carrying a large part of
 * all thoughts reads as a template, whatever the step before was.
 */
export const thoughtLinkTopShare: SetMeasure = {
  kind: 'set',
  id: 'thought_link_top_share',
  group: 'text',
  title: 'CoT: share of thoughts (each call\'s, in CoT cases) holding the most frequent link: a sentence opening ("next, i need"), the words leading to the tool\'s name ("so i will call `…`") or a closing ("takes care of that.")',
  population: 'thoughts of CoT cases',
  better: 'lower',
  minGateN: 200,
  score(cases) {
    const units = cases.filter((tc) => tc.cot).flatMap((tc) => thoughtCalls(tc).map((c, i) => ({ id: `${tc.id}#${i}`, keys: thoughtLinks(c.thought) })));
    return topShare(units, { top: 6, unit: 'thoughts' });
  },
};

/** The first hit `find` makes in a CoT case's call thoughts, quoted; null when none; undefined outside the population (no CoT, no call). */
function thoughtDefect(tc: TestCase, find: (c: ReturnType<typeof thoughtCalls>[number]) => string | undefined): string | null | undefined {
  if (!tc.cot) return undefined;
  const calls = thoughtCalls(tc);
  if (!calls.length) return undefined;
  for (const c of calls) {
    const hit = find(c);
    if (hit) return `"${hit}"`;
  }
  return null;
}

/** A call said to go again on its own ("so the same `get_distance` call goes again"): a call does not go; the assistant sends it. */
export function callGoesAgain(thought: string): string | undefined {
  return /\b(?:the same )?`[^`]+` call goes again\b/.exec(thought)?.[0];
}

export const thoughtCallGoesAgain: CaseMeasure = {
  kind: 'case',
  id: 'thought_call_goes_again',
  group: 'text',
  title: 'CoT: a retry\'s thought says the call "goes again" by itself ("A timeout is no fault of what I sent, so the same `get_distance` call goes again.") where a person says they send it again',
  population: 'CoT cases whose thoughts show or ask for a call',
  check: (tc) => thoughtDefect(tc, (c) => callGoesAgain(c.thought)),
};

/** "…, which may pass, so I retry it": a retry said to be worth it with no reason a reader can weigh ("That attempt at `coming_out_filter` timed out, which may pass, so I retry it."). */
export function retryMayPass(thought: string): string | undefined {
  return /\bwhich may pass\b/.exec(thought)?.[0];
}

export const thoughtRetryMayPass: CaseMeasure = {
  kind: 'case',
  id: 'thought_retry_may_pass',
  group: 'text',
  title: 'CoT: a retry thought says the failure "may pass" and gives no reason ("That attempt at `coming_out_filter` timed out, which may pass, so I retry it.") where the other retry thoughts say why a retry goes through ("a timeout is no fault of what I sent")',
  population: 'CoT cases whose thoughts show or ask for a call',
  check: (tc) => thoughtDefect(tc, (c) => retryMayPass(c.thought)),
};

/** "again on every retry": every retry already says it happened each time ("Since `get_property_details` met a server error again on every retry, I move on."). */
export function againEveryRetry(thought: string): string | undefined {
  return /\bagain on (?:every|each) (?:retry|try|attempt)\b/.exec(thought)?.[0];
}

export const thoughtAgainEveryRetry: CaseMeasure = {
  kind: 'case',
  id: 'thought_again_every_retry',
  group: 'text',
  title: 'CoT: a thought giving up on a failed call says it failed "again on every retry" ("Since `get_property_details` met a server error again on every retry, I move on."), where "on every retry" says it once',
  population: 'CoT cases whose thoughts show or ask for a call',
  check: (tc) => thoughtDefect(tc, (c) => againEveryRetry(c.thought)),
};

/**
 * A lead sentence citing the answer just given and, in the sentence after it, that answer named again as
 * what the call builds on ("The last call tells me there are four stocks, and the first is "AAPL". The last
 * answer gives me what I need to add a stock …", "`get_symbol_by_name` says the symbol is "QUAS". The answer
 * from `get_symbol_by_name` gives me …"): a person says "That gives me …", "Building on that, …".
 */
export function answerCitedTwice(thought: string): string | undefined {
  const sentences = sentencesOf(thought.replace(QUOTED_TEXT, '""'));
  for (let i = 0; i + 1 < sentences.length; i++) {
    const lead = /^(?:The last call tells me |`([^`]+)` (?:says|returned) |The .*? comes? from what `([^`]+)` returned\.$)/.exec(sentences[i]);
    if (!lead) continue;
    const cited = lead[1] ?? lead[2];
    const again = /^(?:The last answer gives me|Building on the last answer|With the last answer in hand|The answer from `([^`]+)` gives me)\b/.exec(sentences[i + 1]);
    // "`x` returned …" may cite an answer further back: only the answer named by its tool is surely the same one.
    if (again && (again[1] !== undefined ? again[1] === cited : !/ returned\b/.test(sentences[i]))) return `cites ${cited ? `\`${cited}\`` : 'the last call'}, then says "${again[0]}"`;
  }
  return undefined;
}

export const thoughtAnswerCitedTwice: CaseMeasure = {
  kind: 'case',
  id: 'thought_answer_cited_twice',
  group: 'text',
  title: 'CoT: a thought cites the answer just given and names it again in the next sentence as what the call builds on ("The last call tells me there are four stocks, and the first is "AAPL". The last answer gives me what I need to add a stock to the watchlist, …", "`get_symbol_by_name` says the symbol is "QUAS". The answer from `get_symbol_by_name` gives me …"), where a person says "That answer gives me …", "Building on that"',
  population: 'CoT cases whose thoughts show or ask for a call',
  check: (tc) => thoughtDefect(tc, (c) => answerCitedTwice(c.thought)),
};

/** A request clause quoted from its joining conjunction ("The request says "and I recall the ticket number was 987654", …"): a person quotes the clause itself. */
export function quoteOpensConjunction(thought: string, request: string): string | undefined {
  // The frames that cite the request: "The request says "…", so …" and ""…," the user says, which means …".
  const cited = /\bsays "((?:and|but|or|so|then|also|plus) [^"]+)"|"((?:and|but|or|so|then|also|plus) [^"]+?),"\s+(?:the request|the user) says\b/gi;
  for (const m of thought.matchAll(cited)) {
    const clause = m[1] ?? m[2];
    if (request.includes(clause)) return `"${clause.slice(0, 60)}"`;
  }
  return undefined;
}

export const thoughtQuoteOpensConjunction: CaseMeasure = {
  kind: 'case',
  id: 'thought_quote_opens_conjunction',
  group: 'text',
  title: 'CoT: a thought quotes a clause of the request from the conjunction that joined it ("The request says "and I recall the ticket number was 987654", so the ticket id is 987654."), where a person quotes the clause itself',
  population: 'CoT cases whose thoughts show or ask for a call',
  check: (tc) => {
    const request = tc.messages.filter((m) => m.role === 'user').map((m) => m.content).join('\n');
    return thoughtDefect(tc, (c) => quoteOpensConjunction(c.thought, request));
  },
};

/**
 * A comma before the last argument where no earlier argument holds an "and" of its own outside brackets: "with
 * bullet items (a record of Authors and Summary), and title "Lecture Notes"". The serial comma keeps arguments
 * apart only after a list said item by item ("doors "driver" and "passenger", and the unlock flag off").
 */
export function serialCommaNeedless(thought: string): string | undefined {
  const plain = thought.replace(QUOTED_TEXT, '""');
  for (const m of plain.matchAll(/\bwith ((?:(?!\bwith\b)[^.;:])*?\)), and [a-z][a-z ]*(?:""|-?\d)/g)) {
    if (!/ and /.test(outsideBrackets(m[1]))) return `"…${m[0].slice(-60)}"`;
  }
  return undefined;
}

export const thoughtSerialCommaNeedless: CaseMeasure = {
  kind: 'case',
  id: 'thought_serial_comma_needless',
  group: 'text',
  title: 'CoT: a thought puts a comma before the last argument where no argument before it holds an "and" of its own ("`add_text_page` with bullet items (a record of Authors and Summary), and title "…""), the "and" inside brackets already kept apart',
  population: 'CoT cases whose thoughts show or ask for a call',
  check: (tc) => thoughtDefect(tc, (c) => serialCommaNeedless(c.thought)),
};

/**
 * A lead citing one field of the answer just given where the call passes another field of that answer too:
 * "The last call tells me the latitude is 38.897671." before `search_nearby` with latitude 38.897671 and
 * longitude -77.036557. A person says both: "… the latitude is 38.897671 and the longitude is -77.036557."
 */
export function factHalfSaid(thought: string, args: unknown, lastAnswer: string | undefined): string | undefined {
  const lead = /^(?:The last call tells me |`[^`]+` says )the ([a-z ]+?) is ("[^"]*"|-?\d+(?:\.\d+)?)\.(?:\s|$)/.exec(thought);
  if (!lead || lastAnswer === undefined || !args || typeof args !== 'object' || Array.isArray(args)) return undefined;
  const answer = parseToolResponse(lastAnswer);
  if (!answer || typeof answer !== 'object' || Array.isArray(answer)) return undefined;
  const cited = lead[2].replace(/^"|"$/g, '');
  const passed = new Set(Object.values(args as Record<string, unknown>).map(String));
  const other = Object.entries(answer as Record<string, unknown>).find(([, v]) => (typeof v === 'number' || (typeof v === 'string' && v.length > 0 && v.length <= 40)) && String(v) !== cited && passed.has(String(v)));
  return other ? `cites the ${lead[1]} alone; the call passes the ${other[0]} ${String(other[1])} of the same answer too` : undefined;
}

export const thoughtFactHalfSaid: CaseMeasure = {
  kind: 'case',
  id: 'thought_fact_half_said',
  group: 'text',
  title: 'CoT: a thought cites one field of the answer just given where its call passes another field of that answer too ("The last call tells me the latitude is 38.897671." before `search_nearby` with latitude 38.897671 and longitude -77.036557), where a person cites both',
  population: 'CoT cases whose thoughts show or ask for a call',
  check: (tc) => thoughtDefect(tc, (c) => (c.wrong ? undefined : factHalfSaid(c.thought, c.args, c.lastAnswer))),
};

/**
 * A lead citing a field of a tool's answer ("From `get_coordinate` I know that the coordinate is "116.407417,39.904172".",
 * "The destination is again "…", the one `get_coordinate` gave.") where that tool answered more than once before
 * with another value under the same field, and the lead says nothing of which call it was: "the coordinate" reads
 * as if there were one. A person says whose: "the coordinate for "北京市政府" is …", "the zipcode for Rivermist is …".
 */
export function sourceCallUnsaid(thought: string, before: { name: string; args: unknown; response?: string }[]): string | undefined {
  const field = /^(?:`(\w+)` (?:says|told me last time that|said earlier that) |From `(\w+)` I know that )the ([a-z][a-z ]*?) is ("[^"]*"|-?\d[\d.]*)/.exec(thought);
  const again = field ? undefined : /^The ([a-z][a-z ]*?) is again ("[^"]*"|-?\d[\d.]*), the one `(\w+)` gave/.exec(thought);
  const cited = field ?? again;
  const api = field ? field[1] ?? field[2] : again?.[3];
  const value = (field ? field[4] : again?.[2])?.replace(/^"|"$/g, '');
  if (!cited || !api || value === undefined) return undefined;
  const end = /\.(?:\s+(?=[A-Z`"])|$)/.exec(thought.slice(cited[0].length));
  const lead = thought.slice(0, cited[0].length + (end ? end.index : thought.length));
  const answers = before
    .filter((c) => apiOf(c.name) === api && c.response !== undefined)
    .map((c) => ({ args: c.args, v: parseToolResponse(c.response!) }))
    .filter((c): c is { args: unknown; v: Record<string, unknown> } => !!c.v && typeof c.v === 'object' && !Array.isArray(c.v));
  const source = answers.find((c) => Object.values(c.v).some((x) => String(x) === value));
  if (!source) return undefined;
  const key = Object.keys(source.v).find((k) => String(source.v[k]) === value)!;
  const others = answers.filter((c) => c !== source && key in c.v && String(c.v[key]) !== value);
  if (others.length === 0) return undefined;
  const argsOf = (a: unknown) => (a && typeof a === 'object' && !Array.isArray(a) ? Object.entries(a as Record<string, unknown>) : []);
  const telling = argsOf(source.args).filter(([k, x]) => others.every((o) => argsOf(o.args).every(([ok, ox]) => ok !== k || String(ox) !== String(x)))).map(([, x]) => String(x));
  if (telling.length === 0 || telling.some((x) => lead.includes(x))) return undefined;
  return `cites the ${key} of \`${api}\` without saying which of its ${answers.length} calls gave it (${telling.join(', ')})`;
}

export const thoughtSourceCallUnsaid: CaseMeasure = {
  kind: 'case',
  id: 'thought_source_call_unsaid',
  group: 'text',
  title: 'CoT: a thought cites a field of a tool that answered more than once, under that field each time, without saying which call it means ("From `get_coordinate` I know that the coordinate is "116.407417,39.904172"." after coordinates for two city halls; "From `get_zipcode_based_on_city` I know that the zipcode is "94016"." after two cities\' zipcodes), where a person says whose ("the coordinate for "北京市政府" is …")',
  population: 'CoT cases whose thoughts show or ask for a call',
  check: (tc) => thoughtDefect(tc, (c) => sourceCallUnsaid(c.thought, c.before ?? [])),
};

/** Brackets inside brackets outside quotes: "`add_text_page` with bullet items (three numbered points ("A", "B" and "C"))". */
export function bracketsNested(thought: string): string | undefined {
  return /\([^()]*\([^()]*\)[^()]*\)/.exec(thought.replace(QUOTED_TEXT, '""'))?.[0];
}

export const thoughtBracketsNested: CaseMeasure = {
  kind: 'case',
  id: 'thought_brackets_nested',
  group: 'text',
  title: 'CoT: a thought puts brackets inside brackets ("`add_text_page` with bullet items (three numbered points ("Introduction to computer vision", "Applications of computer vision" and "Computer vision algorithms"))"), where a person says "three numbered bullet items (…)"',
  population: 'CoT cases',
  check: (tc) => thoughtDefectOf(tc, bracketsNested),
};

/** A text a call passes described by numbers read as labels ("bullet items (a record of 9, 10, 11 and more)" for a schedule's "9:00 AM - Registration" lines). */
export function recordOfNumbers(thought: string): string | undefined {
  return /\ba record of \d+(?:, \d+)*\b[^)]*/.exec(thought)?.[0];
}

export const thoughtRecordOfNumbers: CaseMeasure = {
  kind: 'case',
  id: 'thought_record_of_numbers',
  group: 'text',
  title: 'CoT: a thought describes a text its call passes as a record of numbers ("bullet items (a record of 9, 10, 11 and more)" for "9:00 AM - Registration and Networking[SPAN]10:00 AM - Keynote Speech…"), its clock times read as labels',
  population: 'CoT cases whose thoughts show or ask for a call',
  check: (tc) => thoughtDefect(tc, (c) => recordOfNumbers(c.thought)),
};

/** A unit said as the thing a value is ("The user mentioned "30", which is the gallon here.", "with gallon 13.2"). */
export function unitAsNoun(thought: string): string | undefined {
  return /\b(?:the|with) (?:gallon|liter|litre|mile|kilometer|kilometre)\b(?! (?:tank|count|amount|mark))[^.;,]{0,20}/i.exec(thought.replace(QUOTED_TEXT, '""'))?.[0];
}

export const thoughtUnitAsNoun: CaseMeasure = {
  kind: 'case',
  id: 'thought_unit_as_noun',
  group: 'text',
  title: 'CoT: a thought names a unit as the thing a value is ("The user mentioned "30", which is the gallon here.", "`gallon_to_liter` with gallon 13.2"), where a person says "the amount in gallons", "13.2 gallons"',
  population: 'CoT cases whose thoughts show or ask for a call',
  check: (tc) => thoughtDefect(tc, (c) => unitAsNoun(c.thought)),
};

/**
 * A number the call passes as a number restated in quotes as text ("…," the request says, so the amount is "100".)
 * before the call passes amount 100: a model reading it may pass the string. The user's own words quoted are left alone.
 */
export function numberQuotedAsText(thought: string, args: unknown): string | undefined {
  if (!args || typeof args !== 'object' || Array.isArray(args)) return undefined;
  const numbers = new Set(Object.values(args as Record<string, unknown>).filter((v) => typeof v === 'number').map(String));
  for (const m of thought.matchAll(/\b(?:is|are) "(-?\d+(?:\.\d+)?)"/g)) if (numbers.has(m[1])) return m[0];
  return undefined;
}

export const thoughtNumberQuotedAsText: CaseMeasure = {
  kind: 'case',
  id: 'thought_number_quoted_as_text',
  group: 'text',
  title: 'CoT: a thought restates a number its call passes as a number in quotes, as text ("…," the request says, so the amount is "100". … `place_order` with amount 100)',
  population: 'CoT cases whose thoughts show or ask for a call',
  check: (tc) => thoughtDefect(tc, (c) => numberQuotedAsText(c.thought, c.args)),
};

/** One value said of a plural key ("…," the user says, which means the cities are "San Francisco".). */
export function pluralKeyOneValue(thought: string): string | undefined {
  for (const m of thought.matchAll(/\bthe ((?:[a-z']+ )?[a-z]+s) are "([^"]+)"/g)) if (!/,|\band\b/.test(m[2])) return m[0];
  return undefined;
}

export const thoughtPluralKeyOneValue: CaseMeasure = {
  kind: 'case',
  id: 'thought_plural_key_one_value',
  group: 'text',
  title: 'CoT: a thought says one value of a plural parameter as if it were several ("…," the user says, which means the cities are "San Francisco".), where a person says "the city is"',
  population: 'CoT cases whose thoughts show or ask for a call',
  check: (tc) => thoughtDefect(tc, (c) => pluralKeyOneValue(c.thought)),
};

/**
 * A value said to be "one of the entries" of a listing shown with it among its first ten: "`list_all_airports` says
 * "RMS" is one of the entries." for the first of 23 airports, on a request flying "from the first airport to the
 * second one in the system's list" (bfcl_multi_turn_base_159). Its place says why it is the one; only past the tenth
 * is "one of" all a person would say.
 */
export function listPlaceUnsaid(thought: string, lists: readonly unknown[][]): string | undefined {
  for (const m of thought.matchAll(/"((?:[^"\\]|\\.)+)" is one of the \w+/g)) {
    for (const list of lists) {
      const at = list.indexOf(m[1]);
      if (at >= 0 && at < 10) return m[0];
    }
  }
  return undefined;
}

/** The listings a case's tool answers show, each read once. */
const shownLists = (tc: TestCase): unknown[][] =>
  tc.messages.flatMap((m) => (m.role === 'function' && typeof m.content === 'string' ? [parseToolResponse(m.content)] : [])).filter((v): v is unknown[] => Array.isArray(v));

export const thoughtListPlaceUnsaid: CaseMeasure = {
  kind: 'case',
  id: 'thought_list_place_unsaid',
  group: 'text',
  title: 'CoT: a value is said to be "one of the entries" of a listing that shows it among its first ten ("`list_all_airports` says "RMS" is one of the entries." for the first of 23 airports, the request flying "from the first airport to the second one")',
  population: 'CoT cases whose thoughts show or ask for a call',
  check: (tc) => {
    const lists = shownLists(tc);
    return thoughtDefect(tc, (c) => listPlaceUnsaid(c.thought, lists));
  },
};

/**
 * A thought passing a film by the Chinese title Douban takes, for a film the user named in English, with no word
 * that the two are one film: "`now_playing_out_filter` says there are five films, and the first has title "小丑"."
 * for "a brief description of the movie 'Joker'" (teval_query_56_2): it reads as if the first film were picked
 * for being first.
 */
export function titleLinkUnsaid(thought: string, request: string): string | undefined {
  for (const m of thought.matchAll(/"([^"]+)"/g)) {
    const english = englishTitleAsked(m[1], request);
    if (english && !thought.includes(english)) return `${m[0]} for "${english}"`;
  }
  return undefined;
}

export const thoughtTitleLinkUnsaid: CaseMeasure = {
  kind: 'case',
  id: 'thought_title_link_unsaid',
  group: 'text',
  title: 'CoT: a thought passes a film by its Chinese title for a film the user named in English, never saying they are one film ("`now_playing_out_filter` says there are five films, and the first has title "小丑"." for "the movie \'Joker\'")',
  population: 'CoT cases whose thoughts show or ask for a call',
  check: (tc) => {
    const request = tc.messages.filter((m) => m.role === 'user' && typeof m.content === 'string').map((m) => m.content as string).join('\n');
    return thoughtDefect(tc, (c) => titleLinkUnsaid(c.thought, request));
  },
};

/** A file's name said bare in a thought, outside quotes and code, where every other file is quoted: "`sort` told me last time that the sorted content is "…" for report.txt." (bfcl_multi_turn_base_4). */
export function fileNamedBare(thought: string): string | undefined {
  return /[^.]{0,30}\b[\w-]+\.(?:txt|md|csv|pdf|docx?|json|py|pptx?|jpg|png|log)\b/.exec(thought.replace(/"(?:[^"\\]|\\.)*"|`[^`]*`/g, '""'))?.[0].trim();
}

export const thoughtFileNamedBare: CaseMeasure = {
  kind: 'case',
  id: 'thought_file_named_bare',
  group: 'text',
  title: 'CoT: a thought says a file\'s name bare, outside quotes, where every other file is quoted ("`sort` told me last time that the sorted content is "…" for report.txt.")',
  population: 'CoT cases whose thoughts show or ask for a call',
  check: (tc) => thoughtDefect(tc, (c) => fileNamedBare(c.thought)),
};

/** A failure message saying why sending the call again goes through: a key rotated mid-flight, a token already renewed. */
const RETRY_WHY = /signed with a key that was rotated|expired while the request was in flight and has been renewed/i;

/**
 * CoT: a retry thought giving the refusal's generic reason, "A refusal like that may not last", where the failure's
 * message says why a retry goes through ("… signed with a key that was rotated while it was in flight; the new key is
 * in place, so retry the request.": bfcl_multi_turn_base_130-env-k1-cot, 193-env-k2-cot).
 */
export const thoughtRetryReasonUnsaid: CaseMeasure = {
  kind: 'case',
  id: 'thought_retry_reason_unsaid',
  group: 'text',
  title: 'CoT: a retry thought says only "A refusal like that may not last" where the failure\'s message says why a retry goes through (a key rotated mid-flight and replaced, a token renewed)',
  population: 'external CoT cases',
  check: (tc) => {
    if (tc.kind !== 'external' || !tc.cot || !Array.isArray(tc.groundTruth)) return undefined;
    const failure = [...tc.messages].reverse().find((m) => m.role === 'function')?.content ?? '';
    const thought = tc.groundTruth[0]?.thought ?? '';
    return RETRY_WHY.test(failure) && /\bA refusal like that may not last\b/.test(thought) ? `"${thought.slice(0, 120)}" for "${RETRY_WHY.exec(failure)![0]}"` : null;
  },
};

export const THOUGHT_WORDING_MEASURES = [thoughtBracketsNested, thoughtSourceCallUnsaid, thoughtFactHalfSaid, thoughtSerialCommaNeedless, thoughtQuoteOpensConjunction, thoughtAnswerCitedTwice, thoughtRetryMayPass, thoughtAgainEveryRetry, thoughtRetryReasonUnsaid, thoughtFileNamedBare, thoughtTitleLinkUnsaid, thoughtListPlaceUnsaid, thoughtArgKeyPasted, thoughtToolVerbEchoed, thoughtLinkTopShare, thoughtCallGoesAgain, thoughtRecordOfNumbers, thoughtUnitAsNoun, thoughtNumberQuotedAsText, thoughtPluralKeyOneValue];
