/**
 * The thought an erroneous action carries in CoT variants. A model that makes a mistake believes
 * its step is right, so the thought reasons toward the wrong step — the tool it picked, the key it
 * spelled, the value it passes — and never states the correct tool, key or value (a thought that
 * says `lines=1` before passing "one" hands the model the answer). What the correct step's thought
 * says about the situation is kept sentence by sentence where it gives nothing away; the sentence
 * that announces the call is written for the wrong call, in one of several phrasings.
 */
import { ownDescription } from '../../toolDescription.js';
import { Rng } from '../../rng.js';
import type { Action, ErrorType, ToolDoc } from '../../schemas.js';
import { leaksIn, changedValues, droppedValues, keyStandingFor, statesDroppedValue, statesUnpassedValue } from '../leaks.js';
import { apiOf, isPlainObject, show } from '../values.js';
import { toJson } from '../../pyValues.js';
import { COMPOSED, EARLIER_REQUEST, PLAIN_REQUEST, RESPELLED, SOURCE_FRAMES, onlyRespelled, argPhrase, citedRequest, composedFrom, framesOf, holdsValue, intentOf, quotable, quotableArgs, quotableValue, quotedInOtherRole, valueSource, whereInAnswer } from '../../thoughtPhrases.js';
import { keyAsWords, keyNoun } from '../../quality/grammar.js';
import { escapeRegExp } from '../vocabulary.js';

function sentences(text: string): string[] {
  // A sentence ends at . ! ? before white space, so "report.txt" stays whole.
  return text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Sentences, where a period inside a quoted value ("Fixed. Closing.") ends none. */
function sentencesOutsideQuotes(text: string): string[] {
  const out: string[] = [];
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '"') quoted = !quoted;
    else if (!quoted && /[.!?]/.test(text[i]) && /\s/.test(text[i + 1] ?? '')) {
      out.push(text.slice(start, i + 1).trim());
      start = i + 1;
    }
  }
  out.push(text.slice(start).trim());
  return out.filter(Boolean);
}

function shown(value: unknown): string {
  if (typeof value === 'string') return `"${value.length > 60 ? `${value.slice(0, 57)}...` : value}"`;
  return show(value, 60);
}

/** A short clause for what a tool does, from the first sentence of its description. */
export function toolPurpose(doc: ToolDoc | undefined): string | undefined {
  // BFCL's descriptions open with a preamble about the toolkit ("This tool belongs to the ticketing system…"); the API's own words follow "Tool description:".
  const own = doc ? ownDescription(doc.description) : undefined;
  const first = own?.trim().split(/(?<=[.!?])\s/)[0]?.trim().replace(/[.!?]+$/, '');
  if (!first || first.length < 8 || first.length > 140) return undefined;
  const lowered = first[0].toLowerCase() + first.slice(1);
  // "This function retrieves..." / "Retrieves..." both read as "it retrieves ...".
  const body = lowered.replace(/^(this (function|tool|api)|the function|it)\s+/, '');
  return /^[a-z]+s\b/.test(body) ? body : undefined;
}

function argsText(args: Action['args'], doc?: ToolDoc): string {
  if (!isPlainObject(args)) return '';
  // Every argument, each key as prose can say it: "a, b, c" reads as all the call passes, and counting off the rest left the one that matters unsaid.
  return Object.entries(args).map(([k, v]) => `${keyNoun(k, doc)} ${shown(v)}`).join(', ');
}

type Template = (p: { tool: string; args: string; purpose?: string }) => string | undefined;

const TOOL_TEMPLATES: Template[] = [
  ({ tool, args }) => `I'll call ${tool}${args ? ` with ${args}` : ''}.`,
  ({ tool, purpose }) => (purpose ? `${tool} ${purpose}; that is what this step needs, so I'll use it.` : undefined),
  ({ tool, args }) => `The tool for this looks like ${tool}; calling it${args ? ` with ${args}` : ''}.`,
  ({ tool }) => `${tool} should handle this, so that is the call to make.`,
  ({ tool, args }) => `Next I'll use ${tool}${args ? `, passing ${args}` : ''}.`,
];

const CALL_TEMPLATES: Template[] = [
  ({ tool, args }) => `I'll call ${tool}${args ? ` with ${args}` : ''}.`,
  ({ tool, args }) => `Calling ${tool}${args ? ` with ${args}` : ''} now.`,
  // No "needs no further input" for a call without arguments: the wrong call is one that leaves out a required key.
  ({ tool, args }) => (args ? `The arguments are ${args}, so I'll pass them to ${tool}.` : undefined),
  ({ tool, args }) => `Next step: ${tool}${args ? ` with ${args}` : ''}.`,
];

function seededRng(type: ErrorType, erroneous: Pick<Action, 'name' | 'args'>): Rng {
  return new Rng(0, 'erroneous-thought', type, erroneous.name, toJson(erroneous.args) ?? '');
}

/** The changed arguments first (the value the model believes in), then the rest. */
function orderedArgs(type: ErrorType, correct: Action, erroneous: Pick<Action, 'name' | 'args'>): Action['args'] {
  if (!isPlainObject(erroneous.args) || type !== 'parameters_value_error') return erroneous.args;
  const changed = new Set(changedValues(correct, erroneous).map((c) => c.key));
  const entries = Object.entries(erroneous.args).sort(([a], [b]) => Number(changed.has(b)) - Number(changed.has(a)));
  return Object.fromEntries(entries);
}

const shortName = (name: string) => (name.includes('.') ? name.slice(name.indexOf('.') + 1) : name);

/** Another way to say an API named by one verb, for the thought of a call to a tool that does not exist. */
const VERB_SYNONYMS: Record<string, string> = {
  show: 'list', send: 'mail off', find: 'look for', search: 'look up', retweet: 'repost', comment: 'reply to', reply: 'answer', post: 'publish',
  delete: 'remove', remove: 'delete', create: 'make', add: 'put in', read: 'open', write: 'save', list: 'show', get: 'fetch', logarithm: 'log',
  mean: 'average', reserve: 'book', cancel: 'call off', cd: 'change into', ls: 'list', cat: 'print', mkdir: 'make', touch: 'create', mv: 'move', cp: 'copy', sort: 'order',
};

/** A verb said another way where a wrong tool's name opens with it and would stand right before it in the thought. */
const ECHO_SYNONYMS: Record<string, string> = { ...VERB_SYNONYMS, count: 'tally', compare: 'check', forecast: 'predict', calculate: 'work out', check: 'look at', fetch: 'get', retrieve: 'get', lock: 'secure', book: 'reserve', update: 'change', change: 'move', move: 'relocate' };

/** An option word said another way, where a key error leaves the option out and its word is the purpose's verb. */
const OPTION_WORDS: Record<string, string> = { start: 'fire up', stop: 'shut off', lock: 'secure', unlock: 'open up', open: 'unlock', close: 'shut', on: 'switched on', off: 'switched off' };

/** What the case shows before the wrong call, as far as its thought's writer knows: the turn's request and earlier answers. */
export interface ShownBefore {
  query?: string;
  /** The user's requests of earlier turns (undefined: not known here). */
  earlierRequests?: string[];
  /** Earlier tool steps with the answers the case shows (undefined: not known here). */
  earlier?: { name: string; response?: string }[];
}

/**
 * The sentence saying where a value comes from, for the wrong call: in the correct thought's frame
 * (`index` into SOURCE_FRAMES) about a value the wrong call passes where that frame is true of it —
 * one the request states for a request frame, one an earlier answer shows for an answer frame, one
 * nothing shown gave for a frame saying it is the assistant's pick — else in a neutral frame ("The
 * folder will be "documents"."), which correct thoughts also use. A request frame cites the user's
 * words around the value wherever the writer would (thoughtPhrases citedRequest: "The request says
 * "if 'AMZN' appears promising", so the stocks are "AMZN"."), so the wrong call's thought is as specific
 * as a correct one, of this turn's request or an earlier one. Never that the request holds a
 * value the wrong call does not pass (that hands over the correct one), never a value the user gave
 * as the assistant's own pick.
 */
function sourceForWrongCall(index: number, wrongArgs: Action['args'], shown: ShownBefore, rng: Rng, clean: (s: string) => boolean, doc?: ToolDoc): string | undefined {
  if (!isPlainObject(wrongArgs)) return undefined;
  const values = Object.entries(wrongArgs).flatMap(([key, v]) => {
    const value = quotable(v);
    return value ? [{ raw: key, key: keyNoun(key, doc), value, num: typeof v === 'number' }] : [];
  });
  // A value that is also the correct value of another key (a swapped pair) is not said, as the frame does not say it.
  const says = (sentence: string) => (clean(sentence) ? sentence : undefined);
  const frame = SOURCE_FRAMES[index];
  const { query, earlier, earlierRequests } = shown;
  // The answer that shows the value as the call passes it: "`get_stock_info` returned "nvda"" is untrue of an answer holding "NVDA".
  const answerOf = (value: string) => [...(earlier ?? [])].reverse().find((s) => s.response !== undefined && holdsValue(s.response, value, true));
  const picked = (value: string) => query !== undefined && earlier !== undefined && earlierRequests !== undefined && ![query, ...earlierRequests].some((r) => holdsValue(r, value)) && earlier.every((s) => s.response !== undefined && !holdsValue(s.response, value));
  // Shown only in another letter case (the user's "XTC" for "xtc"): the frame that says it is spelled for the tool.
  const respelledOf = (value: string) => [query, ...(earlierRequests ?? []), ...(earlier ?? []).map((s) => s.response)].some((t) => t !== undefined && onlyRespelled(t, value));
  // The request that holds a value as it is: this turn's, else an earlier turn's.
  const requestOf = (value: string) => {
    if (query !== undefined && holdsValue(query, value, true)) return { request: query, earlier: false };
    const before = earlierRequests?.find((r) => holdsValue(r, value, true));
    return before === undefined ? undefined : { request: before, earlier: true };
  };
  // The correct thought's own frame (a neutral one asks for none: whatever frame tells the truth of the value).
  for (const e of frame.kind === 'neutral' ? [] : values) {
    if (frame.kind === 'request') {
      const r = requestOf(e.value);
      if (!r) continue;
      // A value the request gives the other role ("a flight from San Francisco International" for travel_to): the
      // slip is said plainly, never backed by a quote that says the opposite nor by "the request names it as" that role.
      if (quotedInOtherRole(e.raw, r.request, e.value)) {
        const plain = says(SOURCE_FRAMES[rng.pick(framesOf('neutral'))].say(e.key, e.value, undefined, undefined, e.num));
        if (plain) return plain;
        continue;
      }
      // As the thought writer says it of a correct value: in the user's own words around it where they can be
      // cited ("The request says "…", so the folder is "…""), else in a plain frame — the correct thought's own where it is one.
      const cited = citedRequest(e.key, e.value, r.request, r.earlier, e.num);
      const told = cited !== undefined ? says(cited) : undefined;
      if (told) return told;
      const pool = r.earlier ? EARLIER_REQUEST : PLAIN_REQUEST;
      const plain = says(SOURCE_FRAMES[pool.includes(index) ? index : rng.pick(pool)].say(e.key, e.value, undefined, undefined, e.num));
      if (plain) return plain;
      continue;
    }
    const api = frame.kind === 'answer' ? answerOf(e.value)?.name.split('.').pop() : undefined;
    const fits = frame.kind === 'answer' ? api !== undefined : frame.kind === 'chosen' ? picked(e.value) : frame.kind === 'respelled' ? respelledOf(e.value) : true;
    // A value put together from parts the user named says so, as the writer says it ("I put "Times Square" and "New York City" from the request together").
    const composed = frame.kind === 'chosen' && query !== undefined && composedFrom(query, e.value) !== undefined;
    const told = fits ? says((composed ? SOURCE_FRAMES[COMPOSED] : frame).say(e.key, e.value, api, query, e.num)) : undefined;
    if (told) return told;
  }
  // Else any value the wrong call passes, in the frame of where the case shows it (the user's words, an earlier
  // answer, another letter case of either) or as the call's own pick where nothing shown gave it — never restated
  // bare ("The order id will be 14246."): the thought writer no longer writes that frame, so it would mark the wrong
  // call out, and it gives no reason for the value (thought_value_restated).
  for (const e of values) {
    const r = requestOf(e.value);
    if (r && !quotedInOtherRole(e.raw, r.request, e.value)) {
      const cited = citedRequest(e.key, e.value, r.request, r.earlier, e.num);
      const told = (cited !== undefined ? says(cited) : undefined) ?? says(SOURCE_FRAMES[rng.pick(r.earlier ? EARLIER_REQUEST : PLAIN_REQUEST)].say(e.key, e.value, undefined, undefined, e.num));
      if (told) return told;
    }
    const api = answerOf(e.value)?.name.split('.').pop();
    if (api) {
      const told = says(SOURCE_FRAMES[rng.pick(framesOf('answer'))].say(e.key, e.value, api, undefined, e.num));
      if (told) return told;
    }
    if (respelledOf(e.value)) {
      const told = says(SOURCE_FRAMES[RESPELLED].say(e.key, e.value, undefined, undefined, e.num));
      if (told) return told;
    }
    if (picked(e.value)) {
      const composed = query !== undefined && composedFrom(query, e.value) !== undefined;
      // "I'll go with …" or "I'll pick … for the …": the chosen frames that claim nothing of what the case shows ("since nothing so far gives one" may be untrue of the key).
      const own = framesOf('chosen').filter((i) => /^\^I'll (?:go with|pick) /.test(SOURCE_FRAMES[i].pattern.source));
      const told = says(SOURCE_FRAMES[composed ? COMPOSED : rng.pick(own)].say(e.key, e.value, undefined, query, e.num));
      if (told) return told;
    }
  }
  const neutral = SOURCE_FRAMES[rng.pick(framesOf('neutral'))];
  for (const e of values) {
    const told = says(neutral.say(e.key, e.value, undefined, undefined, e.num));
    if (told) return told;
  }
  return undefined;
}

/**
 * The thought writer's tie (where an answer holds a value the call passes) said of a value the wrong
 * call passes that an earlier answer shows: "`search_property_by_place` says there are three
 * properties, and the second, "…", has id 35494221." before the wrong call on that id — a misread
 * record, told as the writer tells a right one. Undefined when no answer shows a wrong value.
 */
function wrongTie(wrongArgs: Action['args'], shown: ShownBefore, rng: Rng, clean: (s: string) => boolean): string | undefined {
  if (!isPlainObject(wrongArgs)) return undefined;
  for (const v of Object.values(wrongArgs)) {
    const value = quotableValue(v);
    const from = value ? [...(shown.earlier ?? [])].reverse().find((s) => s.response !== undefined && holdsValue(s.response, value)) : undefined;
    const where = from && value ? whereInAnswer(from.response!, value, typeof v === 'number' || typeof v === 'bigint', rng.int(0, 2)) : undefined;
    if (!where || !from) continue;
    const api = from.name.split('.').pop()!;
    const told = rng.pick([`\`${api}\` says ${where}.`, `From \`${api}\` I know that ${where}.`]);
    if (clean(told)) return told;
  }
  return undefined;
}

/** How the thought writer opens with what the last call returned. */
const FACT_LEAD = /^(?:`[^`]+` says |`[^`]+` (?:said earlier|told me last time) that |From `[^`]+` I know that |The last call tells me |The (?:next|last|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth) listed )|^The .+ is again .+, the one `[^`]+` gave\.$/;

/** How a frame attaches a call's arguments (thoughtWriter's frames): dropped whole when the wrong call passes none. */
const ARG_ATTACHMENTS = [' with ', '; the arguments are ', ', passing ', ', and I will pass '];

/**
 * The correct thought with the wrong call said in its place, in the same frame: the thought writer
 * built the correct thought from the tool's name, what it does and its arguments in words, so the
 * wrong call's thought swaps exactly those (its tool, what the model believes that tool does, the
 * arguments it passes). A thought in another style than every correct one would give the error away
 * before any answer is read: every CoT error of the default build did (1,445 of 1,447) until this.
 * Undefined when the correct thought is not one the rules wrote (an LLM's), or when the swap would
 * still state the correct tool, key or value.
 */
function inCorrectFrame(type: ErrorType, correct: Action, erroneous: Pick<Action, 'name' | 'args'>, tools: ToolDoc[], shown: ShownBefore, rng: Rng): string | undefined {
  const thought = correct.thought ?? '';
  const doc = tools.find((t) => t.name === correct.name);
  const api = `\`${shortName(correct.name)}\``;
  if (!thought.includes(api)) return undefined;
  const args = isPlainObject(correct.args) || typeof correct.args === 'string' ? correct.args : {};
  const parts = sentencesOutsideQuotes(thought);
  const at = parts.findIndex((s) => s.includes(api));
  let frame = parts[at];
  const wrongArgs = isPlainObject(erroneous.args) || typeof erroneous.args === 'string' ? orderedArgs(type, correct, erroneous) : {};
  const wrongDoc = tools.find((t) => t.name === erroneous.name);
  frame = frame.replace(api, `\`${shortName(erroneous.name)}\``);
  // A wrong tool, like an invented one, is believed to do what the step needs: a model that slips
  // takes `mkdir` for the way into "ResearchDocs", it does not set out to "create a new directory" the
  // user never asked for (h-read23 read such thoughts as doing something other than asked;
  // tool_select_thought_states_other_act). So the step's own act stays in the frame.
  const intent = doc ? intentOf(doc.description, shortName(correct.name), args) : undefined;
  // Where the step's act names the correct tool ("calculate the mean" for `mean`), it is said another
  // way ("calculate the average"), as a person who took another tool for it would; failing that, the
  // wrong tool's own act.
  if (type === 'tool_select_error' && intent && frame.includes(intent) && leaksIn(intent, type, correct, erroneous).length > 0) {
    const real = shortName(correct.name).toLowerCase();
    const other = VERB_SYNONYMS[real];
    const swapped = other ? intent.replace(new RegExp(`(?<![\\w\`])${escapeRegExp(real)}(?![\\w\`])`, 'gi'), other) : undefined;
    if (swapped && swapped !== intent && leaksIn(swapped, type, correct, erroneous).length === 0) frame = frame.replace(intent, swapped);
    else if (wrongDoc) frame = frame.replace(intent, intentOf(wrongDoc.description, shortName(erroneous.name), wrongArgs));
  }
  // What the step does can hold a count the call passes ("forecast weather in the next 3 days"): the wrong call's count.
  // Not where the wrong call's purpose would state a correct value (a swapped pair: "move "temp"",
  // where "temp" is the right destination) and the correct purpose states none ("move the file").
  if (type !== 'tool_select_error' && doc && intent && frame.includes(intent)) {
    const wrongIntent = intentOf(doc.description, shortName(correct.name), wrongArgs);
    const leaks = (s: string) => leaksIn(s, type, correct, erroneous, doc).length > 0;
    // A swapped pair's own purpose names a value the correct call puts elsewhere ("move "temp""), and
    // the correct one names the wrong kind of thing for it ("move the file" of a folder): "move it".
    const unnamed = /^([a-z]+) the [a-z]+$/.exec(intent)?.[1];
    if (!leaks(wrongIntent) || leaks(intent)) frame = frame.replace(intent, wrongIntent);
    else if (unnamed) frame = frame.replace(intent, `${unnamed} it`);
  }
  // A value the wrong call leaves out can be the purpose's own verb ("start the engine" for ignition
  // mode "START"): the model that forgot the argument still means to do it, said in other words.
  if (type === 'parameters_key_error') {
    for (const { value } of droppedValues(correct, erroneous)) {
      const said = typeof value === 'string' ? OPTION_WORDS[value.toLowerCase()] : undefined;
      if (!said) continue;
      const word = new RegExp(`(?<!["\\w])${value}(?![\\w"])`, 'i');
      frame = frame.split(/(`[^`]*`|"[^"]*")/).map((piece) => (/^[`"]/.test(piece) ? piece : piece.replace(word, said))).join('');
    }
  }
  // An option the step's purpose names ("start the engine" for ignition mode "START") is what the model
  // believes it picks: a wrong option is said in its place ("stop the engine", passing "STOP"), or the
  // purpose would state the correct value.
  if (type === 'parameters_value_error') {
    for (const c of changedValues(correct, erroneous)) {
      const from = c.from;
      const to = c.to;
      if (typeof from !== 'string' || typeof to !== 'string' || !/^[A-Za-z]+$/.test(from) || !/^[A-Za-z]+$/.test(to)) continue;
      const word = new RegExp(`(?<!["\\w])${from}(?![\\w"])`, 'i');
      // Outside the tool's name and the quoted values, which stay as the call has them.
      frame = frame.split(/(`[^`]*`|"[^"]*")/).map((piece) => (/^[`"]/.test(piece) ? piece : piece.replace(word, to.toLowerCase()))).join('');
    }
  }
  // An invented tool's thought says what the step needs; where that names the real tool ("show the
  // emails" for `show`), the verb is said another way, as a person who forgot the name would.
  if (type === 'tool_hallucination_error') {
    const real = shortName(correct.name).toLowerCase();
    const other = VERB_SYNONYMS[real];
    // Only in what the step is for: the arguments' words ("comment content") name the call's keys, and
    // a synonym ending in a preposition takes the place of the verb's own ("reply to the tweet", not "reply to on").
    const said = doc ? intentOf(doc.description, shortName(correct.name), wrongArgs) : undefined;
    if (other && said && frame.includes(said)) {
      const swapped = said.replace(new RegExp(`(?<![\\w\`])${real}(?![\\w\`])`, 'g'), other).replace(new RegExp(`\\b(${other}) (?:on|to|for|at|about) `), '$1 ');
      frame = frame.replace(said, swapped);
    }
  }
  // The wrong tool named right before the verb its own name opens with ("`count_words` … is the only call
  // this needs: it will count the words"): the writer never puts a name before its own verb (it says
  // the purpose first), so the echo would mark the wrong call out; the verb is said another way.
  const wrongName = shortName(erroneous.name);
  const wrongVerb = wrongName.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase().split(/_+/)[0];
  const otherVerb = ECHO_SYNONYMS[wrongVerb];
  if (otherVerb && wrongVerb.length >= 3) {
    frame = frame.replace(new RegExp(`(\`${escapeRegExp(wrongName)}\`(?:"[^"]*"|[^.;:"])*?(?:,? since it can|: it lets me|: it will| in order to| so that I can|,? to| will| can) )${wrongVerb}\\b`), `$1${otherVerb}`);
  }
  // The arguments in words as the writer put them (in the call's key order, or sorted), then the wrong call's.
  const sorted = (a: Action['args']) => (isPlainObject(a) ? Object.fromEntries(Object.entries(a).sort(([x], [y]) => x.localeCompare(y))) : a);
  const orders = [args, sorted(args)].map((a) => argPhrase(a, doc));
  const order = orders.findIndex((p) => p && frame.includes(p));
  const phrase = order >= 0 ? orders[order] : undefined;
  // The wrong call's arguments in the order the correct thought says its own, a renamed key (a key error's "starts")
  // in the place of the key whose value it passes: a value error's changed ones put first, or a renamed key
  // sorted elsewhere, would be the one thought listing its arguments out of the call's order.
  const correctKeys = isPlainObject(args) ? Object.keys(order === 1 ? sorted(args) : args) : [];
  const slotOf = (k: string) => (isPlainObject(args) && isPlainObject(wrongArgs) ? keyStandingFor(k, args, wrongArgs, correctKeys) : k);
  const rank = (k: string) => {
    const at = correctKeys.indexOf(slotOf(k));
    return at < 0 ? correctKeys.length : at;
  };
  const inOrder = isPlainObject(wrongArgs) && correctKeys.length > 0 ? Object.fromEntries(Object.entries(wrongArgs).sort(([a], [b]) => rank(a) - rank(b))) : wrongArgs;
  const wrongPhrase = argPhrase(inOrder, wrongDoc ?? doc, slotOf);
  const withoutArgs = (f: string, p: string) => {
    const attached = ARG_ATTACHMENTS.map((a) => `${a}${p}`).find((a) => f.includes(a));
    return attached ? f.replace(attached, '') : f.replace(p, '');
  };
  if (phrase) frame = wrongPhrase ? frame.replace(phrase, wrongPhrase) : withoutArgs(frame, phrase);
  // A frame that named the call after a colon ("I can get the details of the ticker: `get_ticker_detail` with ticker …"),
  // its arguments gone, would read "the ticker: `get_ticker_detail`" as a key and its value: the call is said as a means.
  if (phrase && !wrongPhrase) frame = frame.replace(/: (`[^`]+`)\.$/, ' by calling $1.');
  const clean = (s: string) => leaksIn(s, type, correct, erroneous, wrongDoc ?? doc).length === 0 && (type !== 'parameters_key_error' || statesDroppedValue(s, correct, erroneous) === undefined) && (type !== 'tool_select_error' || statesUnpassedValue(s, correct, erroneous) === undefined);
  // A wrong call whose own arguments still hold a correct value elsewhere (a swapped pair): say less.
  if (!clean(frame) && phrase && wrongPhrase) frame = withoutArgs(frame, wrongPhrase);
  if (!clean(frame)) return undefined;
  // A key the wrong call misspells or leaves out is not named in words either ("The request names "AAPL" as the symbol").
  const missingKeys = type === 'parameters_key_error' && isPlainObject(correct.args) ? Object.keys(correct.args).filter((k) => !isPlainObject(erroneous.args) || !(k in erroneous.args)).flatMap((k) => [keyAsWords(k).toLowerCase(), keyNoun(k, doc).toLowerCase()]) : [];
  const wrongValues = quotableArgs(wrongArgs);
  const namesMissingKey = (s: string) => missingKeys.some((k) => new RegExp(`\\b${escapeRegExp(k)}\\b`, 'i').test(s));
  const lead = parts.flatMap((s, i) => {
    if (i === at) return [];
    // What an answer said, as the correct thought opens (thought writer's tie): kept only where it names a value
    // the wrong call passes; else the same kind of sentence about a wrong value an answer shows ("`ls` says …
    // "file2.txt"" for a call on file2.txt), else a neutral one. A tie to the correct value before a call
    // passing another ("the first is "file1.txt"" before diff("documents/file1.txt")) points at the slip.
    if (i === 0 && FACT_LEAD.test(s) && !wrongValues.some((v) => holdsValue(s, v))) {
      const told = wrongTie(wrongArgs, shown, rng, (t) => clean(t) && !namesMissingKey(t)) ?? sourceForWrongCall(rng.pick(framesOf('neutral')), wrongArgs, shown, rng, (t) => clean(t) && !namesMissingKey(t), wrongDoc ?? doc);
      return told ? [told] : [];
    }
    const source = valueSource(s);
    if (source) {
      const told = sourceForWrongCall(source.index, wrongArgs, shown, rng, clean, wrongDoc ?? doc);
      return told ? [told] : [];
    }
    if (clean(s) && !namesMissingKey(s)) return [s];
    // What the last call returned, dropped for naming what the wrong call leaves out: the thought still opens with where a value comes from.
    if (i === 0 && FACT_LEAD.test(s)) {
      const told = sourceForWrongCall(rng.pick(framesOf('neutral')), wrongArgs, shown, rng, (t) => clean(t) && !namesMissingKey(t), wrongDoc ?? doc);
      return told ? [told] : [];
    }
    return [];
  });
  const out = [...lead, frame].join(' ');
  return out.charAt(0).toUpperCase() + out.slice(1);
}

/**
 * The thought for an erroneous action: the correct thought's sentences that leak nothing about the
 * correct step and announce no call, then one sentence announcing the wrong call. Deterministic per
 * action (its own generator when none is given). Undefined when the correct step has no thought.
 */
export function erroneousThought(type: ErrorType, correct: Action, erroneous: Pick<Action, 'name' | 'args'>, opts: { tools?: ToolDoc[]; rng?: Rng; query?: string; earlierRequests?: string[]; earlier?: ShownBefore['earlier'] } = {}): string | undefined {
  if (correct.thought === undefined) return undefined;
  const rng = opts.rng ?? seededRng(type, erroneous);
  const shown: ShownBefore = { query: opts.query, earlierRequests: opts.earlierRequests, earlier: opts.earlier };
  const restyled = inCorrectFrame(type, correct, erroneous, opts.tools ?? [], shown, rng);
  if (restyled) return restyled;
  const announcesCall = (s: string) => s.includes(apiOf(correct.name)) || /\b(call|use|invoke|run|execute|pass|set|with)\b/i.test(s) || /[=:{]/.test(s);
  // A sentence stating a value the wrong call then leaves out ("The user gave the file path as …") is dropped with it.
  // So is one stating a value of the correct call a wrong tool does not take (it argues for the call not made).
  const wrongArgs = isPlainObject(erroneous.args) ? erroneous.args : {};
  const callDoc = opts.tools?.find((t) => t.name === erroneous.name) ?? opts.tools?.find((t) => t.name === correct.name);
  const kept = sentencesOutsideQuotes(correct.thought).flatMap((s) => {
    // Where a value comes from is said of a value the wrong call passes, as the correct thought said it of its own.
    const source = valueSource(s);
    if (!source) return [s];
    const told = sourceForWrongCall(source.index, wrongArgs, shown, rng, (t) => leaksIn(t, type, correct, erroneous, callDoc).length === 0, callDoc);
    return told ? [told] : [];
  }).filter(
    (s) =>
      (valueSource(s) !== undefined || !announcesCall(s)) &&
      leaksIn(s, type, correct, erroneous, callDoc).length === 0 &&
      (type !== 'parameters_key_error' || statesDroppedValue(s, correct, erroneous) === undefined) &&
      (type !== 'tool_select_error' || statesUnpassedValue(s, correct, erroneous) === undefined),
  );
  const isToolError = type === 'tool_select_error' || type === 'tool_hallucination_error';
  const templates = isToolError ? TOOL_TEMPLATES : CALL_TEMPLATES;
  const params = { tool: `\`${shortName(erroneous.name)}\``, args: argsText(orderedArgs(type, correct, erroneous), callDoc), purpose: type === 'tool_hallucination_error' ? toolPurpose(callDoc) : undefined };
  const usable = templates.map((t) => t(params)).filter((s): s is string => s !== undefined);
  let announce = usable[rng.int(0, usable.length - 1)];
  // A wrong call's own arguments can still hold the correct value elsewhere (a swapped pair): then say less.
  if (leaksIn(announce, type, correct, erroneous, callDoc).length) announce = `I'll call \`${shortName(erroneous.name)}\`.`;
  const thought = [...kept.slice(0, 2), announce].join(' ');
  return thought;
}
