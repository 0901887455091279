/**
 * Do a CoT case's thoughts say true things about the plan and read as a person's words? A thought
 * that says "that leaves one more thing to do" with two calls still to come, or "to start" on the
 * only call of its turn, misleads a model trained or judged on it; one that names a tool no list
 * holds (`check_empty`), a doc's placeholder ("the N upcoming days") or a key's camel case ("the
 * brake Pedal Status") was filled in by a template, not written.
 */
import { isPlural } from '../../thoughtPhrases.js';
import { FINISH_ACTION, type TestCase } from '../../schemas.js';
import { groundTruthActions, shownAction } from '../evidence.js';
import { toJson } from '../../pyValues.js';
import { parseToolResponse } from '../../prompts/parseAction.js';
import { apiOf, isPlainObject } from '../../errors/values.js';
import { keyStandingFor } from '../../errors/leaks.js';
import { BARE_KEYS, keyAsWords, keyNoun, rawKeyWords, docVocabulary, type KeyDoc, QUOTED_TEXT } from '../grammar.js';
import { sentencesOf } from '../grammar.js';
import { thoughtDefect, thoughtsOf } from './text.js';
import { answeredTurns } from './answers.js';
import { DECODE_FAILURE, failureKind, localityOf } from '../../errors/environment.js';
import { intentOf } from '../../thoughtPhrases.js';
import { DOC_PHRASES, MORE_ARGUMENTS, holdsValue, isNounKey, listItems, quotable, quotableArgs, quotableValue, quotedInOtherRole, recordLabels, valueSource } from '../../thoughtPhrases.js';
import type { CaseMeasure } from '../types.js';
import { escapeRegExp } from '../../errors/vocabulary.js';

/** Frames that say the step is the turn's last (nothing after it) or its first (more after it). */
const CLAIMS_LAST = /\b(?:one more thing to do|a final thing to do|what remains is to|the only thing left|the last thing (?:to do|left))\b|(?:^|\.\s+)Last, /i;
const CLAIMS_FIRST = /(?:^|\.\s+)(?:To start,|The first thing to do|I should begin by|Before anything else|Before going further|What I need first|First I have to|My plan starts with|Step one:|First step:)|\bfirst; |\bfirst by calling\b|\bcomes first: it will\b/;

/** Openers that say the call follows an earlier one of its turn ("Next,", "With that done", "I still need to"). */
const CLAIMS_AFTER = /(?:^|[.;]\s+)(?:Next,|Next I\b|Then,|Then I\b|Now that\b|After that\b|Finally,|With that done\b|Building on that\b|With that answer in hand\b|The next step is\b|I still need to\b|Last,|What remains is\b|That leaves\b)/;

/** What a thought claims about its place among the turn's `count` calls that is false at `index`. */
export function misplacedClaim(thought: string, index: number, count: number): string | undefined {
  if (CLAIMS_LAST.test(thought) && index < count - 1) return `says nothing more is left, but ${count - 1 - index} more call${count - 1 - index > 1 ? 's follow' : ' follows'} in this turn`;
  if (CLAIMS_AFTER.test(thought) && index === 0) return `opens as if an earlier call of its turn came before ("${CLAIMS_AFTER.exec(thought)![0].replace(/^[.;]\s+/, '').trim()}"), but it is the turn's first call`;
  if (CLAIMS_FIRST.test(thought) && index > 0) return `says it is the first call, but it is call ${index + 1} of ${count}`;
  if (CLAIMS_FIRST.test(thought) && count === 1) return 'calls the only call of its turn a first step';
  return undefined;
}

export const thoughtMisplacesStep: CaseMeasure = {
  kind: 'case',
  id: 'thought_misplaces_step',
  group: 'text',
  title: 'CoT: a thought places its call wrongly in the plan ("that leaves one more thing" with more calls to come, "to start" on a later or the only call, "Next," or "I still need to" on a turn\'s first call)',
  population: 'CoT cases whose trajectory resolve kept',
  check(tc, ctx) {
    const trajectory = tc.cot ? ctx.trajectory(tc.trajectoryId) : undefined;
    if (!trajectory) return undefined;
    const place = new Map<string, { index: number; count: number }>();
    for (const turn of trajectory.turns) turn.steps.forEach((s, index) => s.action.thought && place.set(s.action.thought, { index, count: turn.steps.length }));
    return thoughtDefect(tc, (t) => {
      const at = place.get(t);
      return at ? misplacedClaim(t, at.index, at.count) : undefined;
    });
  },
};

/** Text anywhere in the case a thought may quote from (arguments, responses, the request). */
function caseText(tc: TestCase): string {
  return tc.messages.filter((m) => m.role !== 'system').map((m) => m.content).join('\n');
}

/** How a thought shows it was filled in by a template rather than written; undefined when it reads as written. */
export function thoughtMalformation(thought: string, tc: TestCase): string | undefined {
  // The wrong call's own tool counts as named: a model that invents `get_movie_info` believes in it.
  const own = tc.erroneousAction ? [tc.erroneousAction.name, apiOf(tc.erroneousAction.name)] : [];
  const listed = new Set([...tc.tools.flatMap((t) => [t.name, apiOf(t.name)]), ...own]);
  for (const sentence of sentencesOf(thought)) {
    const named = [...sentence.matchAll(/`([A-Za-z_][\w.]*)`/g)].map((m) => m[1]);
    const twice = named.find((n, i) => named.indexOf(n) !== i);
    if (twice) return `names \`${twice}\` twice in one sentence`;
  }
  const unlisted = [...thought.matchAll(/`([A-Za-z_][\w.]*)`/g)].map((m) => m[1]).find((n) => !listed.has(n));
  if (unlisted) return `names \`${unlisted}\`, which is no tool in the list`;
  if (/\b(?:the|in|of|for|next) N\b/.test(thought)) return 'keeps a doc\'s placeholder "N"';
  if (/, which [^.;]*, which /.test(thought)) return 'chains two "which" clauses';
  const text = caseText(tc);
  for (const m of thought.matchAll(/\b([a-z]+)((?: [A-Z][a-z]+)+)\b/g)) {
    const key = m[1] + m[2].replace(/ /g, '');
    if (text.includes(key)) return `keeps the capitals of the key ${key} ("${m[0]}")`;
  }
  return undefined;
}

export const thoughtMalformed: CaseMeasure = {
  kind: 'case',
  id: 'thought_malformed',
  group: 'text',
  title: 'CoT: a thought reads as a filled template (a tool named twice in a sentence, a tool no list holds, a doc placeholder "N", two chained "which" clauses, a key\'s camel case)',
  population: 'CoT cases',
  check: (tc) => thoughtDefect(tc, (t) => thoughtMalformation(t, tc)),
};

/** A text's sentences, where a period inside a quoted value ends none. */
function sentencesOutsideQuotes(text: string): string[] {
  const out: string[] = [];
  let rest = text.trim();
  while (rest) {
    const first = firstSentenceOutsideQuotes(rest);
    out.push(first);
    rest = rest.slice(first.length).trim();
  }
  return out;
}

/** A text's first sentence, where a period inside a quoted value ends none. */
function firstSentenceOutsideQuotes(text: string): string {
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '"') quoted = !quoted;
    else if (!quoted && /[.!?]/.test(text[i]) && /\s/.test(text[i + 1] ?? '')) return text.slice(0, i + 1).trim();
  }
  return text.trim();
}

/** How a thought is written, apart from what it says: how it names its tool, whether it spells raw keys. */
export function thoughtStyle(thought: string, args: unknown, tools: readonly string[] = []): string {
  // A tool named Toolkit.api ("Polygon.io" in a doc's words is no tool name).
  const bare = thought.replace(/"[^"]*"/g, '""');
  const dotted = [...bare.matchAll(/(?<!`)\b([A-Z][A-Za-z0-9]+\.[A-Za-z_][A-Za-z0-9_]*)\b(?!`)/g)].some((m) => tools.length === 0 ? /_|[a-z][A-Z]/.test(m[1].split('.')[1]) : tools.includes(m[1]));
  const backticked = /`[A-Za-z_][A-Za-z0-9_]*`/.test(thought);
  const keys = args && typeof args === 'object' && !Array.isArray(args) ? Object.keys(args).filter((k) => /_|[a-z][A-Z]/.test(k)) : [];
  const rawKey = keys.some((k) => new RegExp(`(?<![\\w"])${k}(?![\\w"])`).test(thought.replace(/"[^"]*"/g, '""')));
  // Frames only the fallback for a wrong call's thought used (pipeline/errors/injectors/thoughts.ts), never the thought writer.
  // "is the call this needs" was the writer's "is the one call this needs" with a word taken out, only ever before a wrong call.
  const fallbackFrame = /is the call this needs|The tool for this looks like|should handle this, so that is the call to make|(?:^|\. )Next step: |(?:^|\. )Calling `[^`]+`.* now\.$|The arguments are .*, so I'll pass them to|Next I'll use `|(?:^|\. )I'll call `|; that is what this step needs, so I'll use it/.test(thought);
  // An opening sentence saying where a value comes from ("The request names \"workspace\" as the folder.") or what the last call said.
  // A quoted value may hold a sentence break (". Attach my resume"): the first sentence ends outside quotes.
  const first = firstSentenceOutsideQuotes(thought);
  // The writer's ties along a listing ("The next listed property, …") and of a value passed before ("The order id is again 12446, the one `place_order` gave.") say where it comes from too.
  const sourced = valueSource(first) !== undefined || /^(?:`[^`]+` says |`[^`]+` (?:said earlier|told me last time) that |From `[^`]+` I know that |The last call tells me |The (?:next|last|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth) listed )|^The .+ is again .+, the one `[^`]+` gave\.$/.test(first);
  return [dotted ? 'names Toolkit.api' : '', backticked ? 'names `api`' : '', rawKey ? 'spells a raw key' : '', fallbackFrame ? 'uses a frame no correct thought uses' : '', sourced ? 'opens with where a value comes from' : ''].filter(Boolean).join(', ') || 'plain';
}

/**
 * CoT: the wrong call's thought written in another style than the ground truth's (the tool as
 * `Toolkit.api` where every correct thought writes \`api\`, raw keys where they write words): a model
 * could tell the injected step from its style alone, without reading a single answer.
 */
export const errorThoughtStyleTell: CaseMeasure = {
  kind: 'case',
  id: 'error_thought_style_tell',
  group: 'errors',
  // A limit of 0.5% allows one tell only from 200 cases: a two-trajectory build's 13 CoT errors would
  // breach on the first. Reported on every build, gated from 200 cases.
  minGateN: 200,
  title: "CoT: the wrong call's thought is written in another style than the correct thoughts (names its tool as Toolkit.api, spells raw keys, a sentence frame no correct thought uses such as \"is the call this needs\", or only one of the two opens with where a value comes from), so its style gives the error away",
  population: 'CoT internal error cases whose wrong call and ground truth both carry a thought',
  check(tc) {
    if (!tc.cot || !tc.errorType || !tc.erroneousAction?.thought || Array.isArray(tc.groundTruth)) return undefined;
    const gt = tc.groundTruth as { thought?: string; args?: unknown };
    if (!gt.thought) return undefined;
    const names = [...(tc.tools ?? []).map((t) => t.name), tc.erroneousAction.name];
    // A call passing no value a thought could quote (none, only long texts and objects, or only values that are the
    // correct value of another key, as in a swapped pair) has nothing to say the source of without giving the error away.
    const correctValues = gt.args && typeof gt.args === 'object' ? Object.entries(gt.args as Record<string, unknown>) : [];
    const quotes = (args: unknown) =>
      !!args && typeof args === 'object' && Object.entries(args).some(([k, v]) => quotable(v) !== undefined && !correctValues.some(([ck, cv]) => ck !== k && quotable(cv) === quotable(v)));
    const sourceless = (style: string) => (quotes(tc.erroneousAction!.args) ? style : style.replace(/(?:, )?opens with where a value comes from/, '') || 'plain');
    const wrong = sourceless(thoughtStyle(tc.erroneousAction.thought, tc.erroneousAction.args, names));
    const right = sourceless(thoughtStyle(gt.thought, gt.args, names));
    return wrong === right ? null : `the wrong call's thought ${wrong}, the correct one ${right}: "${tc.erroneousAction.thought.slice(0, 90)}"`;
  },
};

/**
 * CoT: the wrong call's thought names none of the values the call passes where the correct thought
 * names its own ("Now I can get the route between the two locations by calling `get_route`." before
 * get_route(start="Empire State Building", end="Hotel Mela Times Square"), beside the ground truth's
 * "… `get_route` with starting point "Hotel Mela Times Square" and destination "Empire State
 * Building"."). The thought writer names a call's values wherever it passes any, so the one thought
 * that does not is the injected call, told apart by saying less.
 */
export const errorThoughtArgsUnsaid: CaseMeasure = {
  kind: 'case',
  id: 'error_thought_args_unsaid',
  group: 'errors',
  title: "CoT: the wrong call's thought names none of the values the call passes, where the correct thought names its own, so saying less gives the injected call away",
  population: 'CoT internal error cases whose wrong call passes a value a thought could quote and whose ground-truth thought names one of its own',
  check(tc) {
    if (!tc.cot || !tc.errorType || !tc.erroneousAction?.thought || Array.isArray(tc.groundTruth)) return undefined;
    const gt = tc.groundTruth as { thought?: string; args?: unknown };
    const wrong = quotableArgs(tc.erroneousAction.args);
    const right = quotableArgs(gt.args);
    if (!gt.thought || wrong.length === 0 || !right.some((v) => gt.thought!.includes(v))) return undefined;
    return wrong.some((v) => tc.erroneousAction!.thought!.includes(v)) ? null : `the wrong call passes ${wrong.map((v) => `"${v}"`).join(', ')}, its thought names none: "${tc.erroneousAction.thought.slice(0, 110)}"`;
  },
};

/** The keys of a call in the order the thought's sentence naming the call says their values. */
function keysAsSaid(thought: string, api: string, args: unknown): string[] {
  if (!args || typeof args !== 'object' || Array.isArray(args)) return [];
  const sentence = sentencesOf(thought).find((s) => s.includes(`\`${api}\``)) ?? '';
  const at = sentence.indexOf(`\`${api}\``);
  const values = Object.entries(args).map(([k, v]) => [k, quotableValue(v), typeof v === 'string'] as const);
  // Two keys passing one value (start and end both "1600 Pennsylvania Ave") say nothing of the order by their values.
  const said = values.flatMap(([k, q, quoted]) => {
    if (q === undefined || values.some(([k2, q2]) => k2 !== k && q2 === q)) return [];
    const i = sentence.indexOf(quoted ? `"${q}"` : q, at);
    return i < 0 ? [] : [[k, i] as const];
  });
  return said.sort((a, b) => a[1] - b[1]).map(([k]) => k);
}

/**
 * CoT: the wrong call said with its arguments in another order than the correct thought
 * says the same keys ("`get_flight_cost` with travel from "LAX", travel to "ORD", travel class …"
 * beside the ground truth's "with travel class "economy", travel date …, travel from "ORD" and
 * travel to "LAX""): the thought writer says a call's arguments in one order, so the one that puts
 * the changed values first is the injected call.
 */
export const errorThoughtArgOrder: CaseMeasure = {
  kind: 'case',
  id: 'error_thought_arg_order',
  group: 'errors',
  title: "CoT: the wrong call is said with its arguments in another order than the correct thought says the same keys (a value error's changed ones first), so the order gives the injected call away",
  population: 'CoT internal error cases whose wrong and correct thoughts both say the values of two or more of the same keys',
  check(tc) {
    if (!tc.cot || !tc.errorType || !tc.erroneousAction?.thought || Array.isArray(tc.groundTruth)) return undefined;
    const gt = tc.groundTruth as { name: string; thought?: string; args?: unknown };
    if (!gt.thought) return undefined;
    // A key error's renamed key stands for the correct key whose value it passes ("starts" for "start").
    const correctArgs = isPlainObject(gt.args) ? gt.args : {};
    const wrongArgs = isPlainObject(tc.erroneousAction.args) ? tc.erroneousAction.args : {};
    const wrong = keysAsSaid(tc.erroneousAction.thought, apiOf(tc.erroneousAction.name), tc.erroneousAction.args).map((k) => keyStandingFor(k, correctArgs, wrongArgs));
    const right = keysAsSaid(gt.thought, apiOf(gt.name), gt.args);
    const both = wrong.filter((k) => right.includes(k));
    if (both.length < 2) return undefined;
    const inRight = right.filter((k) => both.includes(k));
    return both.join() === inRight.join() ? null : `the wrong call says ${both.join(', ')}, the correct one ${inRight.join(', ')}: "${tc.erroneousAction.thought.slice(0, 110)}"`;
  },
};

/** Phrases by which a thought leans on the call before it having answered. */
const LEANS_ON_PREVIOUS = /\b(?:the last call tells me|with that done|building on that|now that (?:I have|it (?:has|is))|from the (?:result|answer)|using (?:the|its) (?:result|answer))\b/i;

/**
 * What an external case's thought for the step after the failure states that the case never
 * showed: a result of the failed call ("`get_zipcode_based_on_city` says the zipcode is "94016""),
 * success of the call before it ("With that done"), or a quoted value or number nowhere in the case.
 */
export function skipThoughtUnseen(thought: string, failedApi: string, tc: TestCase): string | undefined {
  const api = failedApi.includes('.') ? failedApi.slice(failedApi.indexOf('.') + 1) : failedApi;
  const cites = new RegExp(`\`${api}\` (?:says|said|reports|returned|shows|tells|gave)|(?:From|According to) \`${api}\``);
  if (cites.test(thought) && !/\b(?:fail|error|did not|didn't|never|could not|couldn't|no answer)/i.test(thought)) return `cites a result of the failed \`${api}\``;
  const leans = LEANS_ON_PREVIOUS.exec(thought);
  if (leans) return `says "${leans[0]}" after a call that failed`;
  const shown = `${caseText(tc)}\n${toJson(groundTruthActions(tc).map((a) => a.args))}`;
  for (const m of thought.matchAll(/"([^"]{2,80})"/g)) if (!shown.includes(m[1]) && !shown.includes(JSON.stringify(m[1]).slice(1, -1))) return `states "${m[1]}", which the case never shows`;
  // A count the thought makes of an argument ("a 22-word text", "a list of 4 values") is shown by the argument.
  const counted = thought.replace(/\b\d+-word\b|\ba list of \d+ values\b/g, ' ');
  for (const m of counted.matchAll(/(?<![\w.])\d+(?:\.\d+)?(?![\w])/g)) if (!shown.includes(m[0])) return `states ${m[0]}, which the case never shows`;
  return undefined;
}

export const skipThoughtCitesUnseen: CaseMeasure = {
  kind: 'case',
  id: 'skip_thought_unseen',
  group: 'text',
  title: 'CoT: the thought of the step after a failure states what never came (the failed call\'s result, "with that done", a value the case does not show)',
  population: 'CoT external cases whose next ground-truth action is a tool call',
  check(tc) {
    if (!tc.cot || tc.kind !== 'external' || !Array.isArray(tc.groundTruth)) return undefined;
    const [failed, next] = tc.groundTruth;
    if (next.name === FINISH_ACTION) return undefined;
    const why = next.thought ? skipThoughtUnseen(next.thought, failed.name, tc) : undefined;
    return why ? `${why}: "${next.thought!.slice(0, 110)}"` : null;
  },
};


/** A sentence that frames a quoted value (or a bare number) as the assistant's own pick ("I'll go with "workspace" for the folder.", "I'll pick 5"). */
const CLAIMS_CHOICE = /\bI(?:'ll| will| am going to)\s+(?:go with|pick|choose|opt for|settle on|decide on|use)\s+(?:"([^"]*)"|(-?\d+(?:\.\d+)?)(?![\w.]))/gi;
/** A sentence that says the user gave a quoted value ("The request names "AAPL" as the symbol", "as you asked"). */
const CLAIMS_USER = /\b(?:the user (?:gave|mentioned|wants|asked for|said|named|chose|picked)|the request (?:names|says|gives|asks for)|comes straight from the request|you asked for|as you asked|as requested)\b/i;
/** A sentence that says an earlier call answered with a value ("`search` says the id is 42", "The last call tells me ..."). */
const CLAIMS_RESULT = /(?:^|\s)(?:`[^`]+` (?:says|said|told me|returned|reports|gave)|From `[^`]+` I know that|The last call tells me|The (?:last|earlier|previous) (?:answer|result|call) (?:gave|returned|shows|says))\b|\bcomes from what `[^`]+` returned\b/;

/**
 * Where a thought says a value comes from, against what the case showed before it: a value it calls
 * its own pick that the user's request or an earlier tool answer already gave, or a value it says the
 * user (or an earlier call) gave that they never did. `users` and `answers` are the user and tool
 * messages shown before the thought's step.
 */
export function misattributedValue(thought: string, users: string, answers: string, calls = ''): string | undefined {
  // Sentences end outside quotes: a quoted clause holding a stop ("\"jot down 'Collaboration leads to success. Innovation
  // ignites growth.' into the previous file,\" the request says, …") is one sentence, its quotes paired as written.
  for (const sentence of sentencesOutsideQuotes(thought)) {
    for (const m of sentence.matchAll(CLAIMS_CHOICE)) {
      const value = m[1] ?? m[2];
      if (holdsValue(users, value)) return `calls "${value}" its own pick, but the user's request gave it`;
      if (holdsValue(answers, value)) return `calls "${value}" its own pick, but an earlier tool answer gave it`;
    }
    // A quote ending in the frame's own comma ("\"Go to documents and list it,\" the request says, …") is the user's words without it.
    // A gloss naming the title the user asked by ("\"小丑\" (Chinese for \"Joker\")", thought-writer-53) quotes the user, not the call.
    const quoted = [...sentence.replace(/ \(Chinese for "([^"]+)"\)/g, (gloss, title: string) => (holdsValue(users, title) ? '' : gloss)).matchAll(/"([^"]+)"/g)].map((m) => m[1].replace(/,$/, ''));
    if (CLAIMS_USER.test(sentence)) {
      const unsaid = quoted.find((v) => !holdsValue(users, v));
      if (unsaid) return `says the user gave "${unsaid}", which the user never said`;
    }
    if (CLAIMS_RESULT.test(sentence)) {
      // A value an earlier call was given, said after "for" ("the coordinate for "上海市政府" is …"), names which call answered, no fact of its answer.
      const given = new Set([...sentence.matchAll(/\bfor "([^"]+)"/g)].map((m) => m[1]).filter((v) => holdsValue(calls, v)));
      const facts = [...quoted.filter((v) => !given.has(v)), ...[...sentence.replace(/"[^"]*"/g, ' ').matchAll(/(?<![\w.])-?\d+(?:\.\d+)?(?![\w])/g)].map((m) => m[0])];
      const unseen = facts.find((v) => !holdsValue(answers, v));
      if (unseen) return `says an earlier call gave "${unseen}", which no earlier tool answer shows`;
    }
  }
  return undefined;
}

/** Each thought a CoT case shows (earlier steps, the wrong call, the ground truth) with the user and tool messages shown before its step. */
export function thoughtsInContext(tc: TestCase): { thought: string; users: string; answers: string; calls: string }[] {
  const out: { thought: string; users: string; answers: string; calls: string }[] = [];
  const seen = (upTo: number) => {
    const before = tc.messages.slice(0, upTo);
    const calls = before.filter((m) => m.role === 'assistant').map((m) => toJson(shownAction(m.content)?.args ?? null)).join('\n');
    return { users: before.filter((m) => m.role === 'user').map((m) => m.content).join('\n'), answers: before.filter((m) => m.role === 'function').map((m) => m.content).join('\n'), calls };
  };
  tc.messages.forEach((m, i) => {
    if (m.role !== 'assistant') return;
    const thought = shownAction(m.content)?.thought;
    if (thought) out.push({ thought, ...seen(i) });
  });
  // The ground truth stands where the wrong call stands (before its answer), or after everything shown.
  const lastAssistant = tc.messages.map((m) => m.role).lastIndexOf('assistant');
  const gtAt = tc.kind === 'internal' && tc.erroneousAction && lastAssistant >= 0 ? lastAssistant : tc.messages.length;
  for (const a of groundTruthActions(tc)) if (a.thought) out.push({ thought: a.thought, ...seen(gtAt) });
  return out;
}

/**
 * CoT: a thought frames a value as its own choice ("I'll go with "workspace" for the folder.") that
 * the user's request or an earlier tool answer gave, or says the user (or an earlier call) gave a
 * value they never did. A choice frame is honest only for a value the assistant picked itself.
 */
export const thoughtClaimsGivenValue: CaseMeasure = {
  kind: 'case',
  id: 'thought_claims_given_value',
  group: 'text',
  title: 'CoT: a thought calls a value the user or an earlier tool answer gave its own pick ("I\'ll go with "workspace" for the folder" after "Go to workspace directory"), or says the user gave a value they never said',
  population: 'CoT cases',
  check(tc) {
    if (!tc.cot) return undefined;
    for (const { thought, users, answers, calls } of thoughtsInContext(tc)) {
      const why = misattributedValue(thought, users, answers, calls);
      if (why) return `${why}: "${thought.slice(0, 110)}"`;
    }
    return null;
  },
};

/**
 * CoT: an injected wrong call's thought backs a value by quoting request words in which the value
 * plays the other role than the argument's ("The request says "arrange a flight from San Francisco
 * International", so the travel to is "San Francisco International""): the quote says the opposite
 * of the slip it is meant to explain. The quote and the role it gives, or null.
 */
export function quotesOtherRole(tc: TestCase): string | null | undefined {
  const wrong = tc.erroneousAction;
  if (!tc.cot || !wrong?.thought) return undefined;
  if (wrong.args === null || typeof wrong.args !== 'object' || Array.isArray(wrong.args)) return null;
  const quotes = [...wrong.thought.matchAll(/"([^"]+)"/g)].map((m) => m[1]);
  for (const [key, v] of Object.entries(wrong.args)) {
    const value = quotable(v);
    if (!value) continue;
    for (const q of quotes) {
      const role = q.length > value.length ? quotedInOtherRole(key, q, value) : undefined;
      if (role) return `${key}="${value}" backed by "${q.slice(0, 80)}" ("${role}")`;
    }
  }
  return null;
}

export const errorThoughtQuotesOtherRole: CaseMeasure = {
  kind: 'case',
  id: 'error_thought_quotes_other_role',
  group: 'text',
  title: 'CoT: an injected wrong call\'s thought backs its value by quoting request words that give it the other role ("The request says "arrange a flight from San Francisco International", so the travel to is "San Francisco International"")',
  population: 'CoT cases with an injected wrong call',
  check: quotesOtherRole,
};

/** Words by which a retry's thought says the call went wrong and is sent again. */
const RETRY_WORDS = /\b(?:again|retry|retrying|once more|one more try|another (?:try|attempt)|second attempt)\b/i;
// "sent back no JSON" / "the service broke while answering": a JSON decode failure as the retry's thought tells it (failureKind, env-8).
const FAILURE_WORDS = /\b(?:fail\w*|crash\w*|error|timed out|timeout|(?:rate|usage) limit|quota|too many requests|refused|did not go through|server|no answer|los(?:t|es) its connection|could not get through the proxy|had no connection|could not reach|sent back no JSON|broke)\b/i;

/**
 * The CoT thought of an external case's retry (its ground truth's first step), against the failure
 * the case shows: it must say the call failed and goes again. The failed call's own thought,
 * written before it failed ("Building on that, I can print the details …"), says neither.
 */
export function retryThoughtStale(tc: TestCase): string | null | undefined {
  if (!tc.cot || tc.kind !== 'external' || !Array.isArray(tc.groundTruth)) return undefined;
  const retry = tc.groundTruth[0];
  const thought = retry.thought ?? '';
  const lastCall = [...tc.messages].reverse().find((m) => m.role === 'assistant');
  const failedThought = lastCall ? shownAction(lastCall.content)?.thought : undefined;
  if (failedThought !== undefined && thought.trim() === failedThought.trim()) return `repeats the failed call's own thought: "${thought.slice(0, 100)}"`;
  if (!FAILURE_WORDS.test(thought) || !RETRY_WORDS.test(thought)) return `does not say the call failed and goes again: "${thought.slice(0, 100)}"`;
  const leans = LEANS_ON_PREVIOUS.exec(thought);
  return leans ? `says "${leans[0]}" of a call that failed: "${thought.slice(0, 100)}"` : null;
}

export const externalRetryThoughtStale: CaseMeasure = {
  kind: 'case',
  id: 'retry_thought_stale',
  group: 'text',
  title: 'CoT: the retry\'s thought (an external case\'s first ground-truth step) is the failed call\'s own, written before it failed ("Building on that, I can print the details …" after a 502), or does not say the call failed and goes again',
  population: 'CoT external cases',
  check: (tc) => retryThoughtStale(tc),
};

/** The words a thought telling a failure's kind (environment.ts failureKind) would use; a server error is not read. */
const KIND_TOLD: Record<string, { kind: string; told: RegExp }> = {
  'hit its usage limit': { kind: 'a usage limit', told: /limit|quota|too many|throttl/i },
  'timed out': { kind: 'a timeout', told: /time(?:d|s)? ?out|took too long/i },
  'lost its connection': { kind: 'a lost connection', told: /connection|unreachable|reach/i },
  'was refused a connection': { kind: 'a refused connection', told: /refus|connection/i },
  'had no connection': { kind: 'no connection', told: /connection|connected/i },
  'could not get through the proxy': { kind: 'a failed proxy', told: /proxy|tunnel/i },
  'could not reach its server': { kind: 'an unreachable server', told: /reach|server|host/i },
  'was refused access': { kind: 'a refusal', told: /refus|denied|permission|access|forbidden|unauthori/i },
  'sent back no JSON': { kind: 'a body that is not JSON', told: /JSON|\bbody\b|empty/i },
  'hit an I/O error': { kind: 'an I/O error', told: /I\/O|input\/output/i },
  crashed: { kind: 'a crash', told: /crash/i },
};

/** A failure that says a limit was hit: a rate, a quota, a cap on calls at once. */
const SAYS_LIMIT = /over the limit|limit of \d+|too many|throttl|rate.?limit|\b429\b|quota/i;

/**
 * CoT external cases whose failure says a limit was hit ("4 calls are already running, over the
 * limit of 4 at once") and a ground-truth thought after it tells something else ("`startEngine` met
 * a server error … A server error is on their side"): the thought misreads the one line shown.
 */
export const failureThoughtLimitMisread: CaseMeasure = {
  kind: 'case',
  id: 'failure_thought_limit_misread',
  group: 'text',
  title: 'CoT external cases whose failure says a limit was hit ("over the limit of 4 at once", "throttled", a 429): a ground-truth thought tells it as a server error or a bare failure, not as the limit',
  population: 'CoT external cases whose failure says a limit was hit',
  check(tc) {
    if (tc.kind !== 'external' || !tc.cot) return undefined;
    const failure = [...tc.messages].reverse().find((m) => m.role === 'function')?.content ?? '';
    if (!SAYS_LIMIT.test(failure)) return undefined;
    for (const g of groundTruthActions(tc)) {
      const thought = g.thought ?? '';
      if (thought && /server error|server's trouble|\(it failed\)|\bfailed too\b|\bstill fails\b/i.test(thought) && !/limit|throttl|too many|quota/i.test(thought)) return `a limit told as: "${thought.slice(0, 120)}"`;
    }
    return null;
  },
};

/**
 * CoT external cases whose step after giving up calls the failed API again with other arguments
 * (check_availability for the second property): a moving-on sentence saying what it "can still" do
 * in the failed call's own words ("`check_availability` … met a server error again … What I can do
 * without it is check the availability of the property") reads as doing the very thing just given up.
 */
export const skipThoughtRepeatsFailedIntent: CaseMeasure = {
  kind: 'case',
  id: 'skip_thought_repeats_failed_intent',
  group: 'text',
  title: 'CoT external cases whose next step calls the failed API again with other arguments: the moving-on thought says what it can still do in the failed call\'s own words ("What I can do without it is check the availability of the property" after `check_availability` failed)',
  population: 'CoT external cases whose step after giving up calls the failed API with other arguments',
  check(tc) {
    if (tc.kind !== 'external' || !tc.cot) return undefined;
    const failed = shownAction(tc.messages[tc.messages.length - 2]?.content ?? '');
    const next = groundTruthActions(tc)[1];
    if (!failed || !next || next.name !== failed.name || toJson(next.args) === toJson(failed.args)) return undefined;
    const doc = tc.tools.find((t) => t.name === failed.name);
    const args = typeof failed.args === 'string' || (failed.args && typeof failed.args === 'object') ? (failed.args as Record<string, unknown> | string) : {};
    const intent = intentOf(doc?.description ?? '', apiOf(failed.name), args).toLowerCase();
    const rest = sentencesOf(next.thought ?? '').slice(1).join(' ').toLowerCase();
    return intent && !intent.includes('`') && rest.includes(intent) ? `"${intent}" said of the call after giving up on it: "${(next.thought ?? '').slice(0, 140)}"` : null;
  },
};

/**
 * CoT external cases whose failure is a client's JSON decoder giving up on the body ("Expecting
 * value: line 1 column 1 (char 0)", T-Eval's own captured failure): a ground-truth thought that
 * tells it as something else ("The message points at the service, not at what I sent", "met a
 * server error") misreads the one line the model sees. What it says is that the service answered
 * with an empty or non-JSON body, and the thoughts after it must say so.
 */
export const decodeFailureMisread: CaseMeasure = {
  kind: 'case',
  id: 'decode_failure_thought_misread',
  group: 'text',
  title: 'CoT external cases failing with a JSON decode message ("Expecting value: line 1 column 1 (char 0)"): a ground-truth thought after it does not say the service sent back no JSON (an empty or non-JSON body), or says "the message points at the service"',
  population: 'CoT external cases whose failure is a JSON decode message',
  check(tc) {
    if (tc.kind !== 'external' || !tc.cot) return undefined;
    const failure = [...tc.messages].reverse().find((m) => m.role === 'function')?.content ?? '';
    if (!DECODE_FAILURE.test(failure)) return undefined;
    for (const g of groundTruthActions(tc)) {
      if (g.name === FINISH_ACTION && !g.thought) continue;
      const thought = g.thought ?? '';
      if (/points at the service|server error|\(it failed\)|\bfailed too\b|\bstill fails\b/i.test(thought) || !/JSON|\bbody\b/i.test(thought)) return `"${failure.slice(0, 50)}" told as: "${thought.slice(0, 120)}"`;
    }
    return null;
  },
};

/**
 * CoT external cases: a ground-truth thought after the failure that tells it only as "(it failed)",
 * "failed too", "still fails" where the failure says what it was ("throttled after too many
 * operations", "timed out"): the thought drops the one fact the model must reason from.
 */
export const failureThoughtKindUnsaid: CaseMeasure = {
  kind: 'case',
  id: 'failure_thought_kind_unsaid',
  group: 'text',
  title: 'CoT external cases: a ground-truth thought after the failure says only that the call failed ("No luck with `cd` on the second try either (it failed)") where the failure says its kind (a limit, a timeout, a lost connection, a refusal)',
  population: 'CoT external cases',
  check(tc) {
    if (tc.kind !== 'external' || !tc.cot) return undefined;
    const failure = [...tc.messages].reverse().find((m) => m.role === 'function')?.content ?? '';
    const kind = KIND_TOLD[failureKind(failure)];
    if (!kind) return null;
    const gts = Array.isArray(tc.groundTruth) ? tc.groundTruth : [tc.groundTruth];
    for (const g of gts) {
      const thought = g.thought ?? '';
      if (/\(it failed\)|\bfailed too\b|\bstill fails\b/.test(thought) && !kind.told.test(thought)) return `${kind.kind} told as a bare failure: "${thought.slice(0, 110)}"`;
    }
    return null;
  },
};

/** A failure that says the connection was never made: refused, never up (ENOTCONN), a proxy tunnel that failed, a host out of reach. */
const NEVER_CONNECTED = /connection refused|ECONNREFUSED|Failed to establish a new connection|\bENOTCONN\b|not connected|Unable to connect to proxy|tunnel connection\b[^.;]*\bfailed|unreachable|host is down/i;
/** A failure that says a connection that was up broke off. */
const BROKE_OFF = /connection\b[^.;]*?\b(?:lost|reset|closed|dropped|aborted)|broken pipe|EPIPE|ECONNRESET/i;
/** A thought telling a connection as lost or dropped. */
const TOLD_LOST = /\blos(?:t|es?|ing) (?:its|the|my) connection|\bdropped connection|connection (?:dropped|was lost|broke off|kept dropping)/i;

/**
 * CoT external cases: a ground-truth thought telling a lost or dropped connection where the failure
 * says the connection was never made ("`reserve` lost its connection" after "[Errno 111] Connection
 * refused", "`cat` lost its connection" after ENOTCONN): the thought states a failure the case does
 * not show.
 */
export const failureThoughtConnectionMisread: CaseMeasure = {
  kind: 'case',
  id: 'failure_thought_connection_misread',
  group: 'text',
  title: 'CoT external cases: a ground-truth thought says the call lost its connection where the failure says none was made (refused, not connected, a failed proxy tunnel, a host out of reach)',
  population: 'CoT external cases whose failure says the connection was never made',
  check(tc) {
    if (tc.kind !== 'external' || !tc.cot) return undefined;
    const failure = [...tc.messages].reverse().find((m) => m.role === 'function')?.content ?? '';
    if (!NEVER_CONNECTED.test(failure) || BROKE_OFF.test(failure)) return undefined;
    const gts = Array.isArray(tc.groundTruth) ? tc.groundTruth : [tc.groundTruth];
    for (const g of gts) {
      const m = TOLD_LOST.exec(g.thought ?? '');
      if (m) return `"${m[0]}" after "${failure.replace(/\s+/g, ' ').slice(0, 90)}"`;
    }
    return null;
  },
};

/** Words that put a failure on a service, a server or the network. */
const BLAMES_SERVICE = /\b(?:services?|servers?|network|remote|on their (?:side|end)|gateway|endpoint|upstream)\b/i;
/** A failure that itself names a server, a service or the network (a network share's host, a policy service, a proxy), after which saying so is reading it. */
const NAMES_SERVICE = /\b(?:server|service|network|host|peer|proxy|gateway|HTTP|\d{3} [A-Z][a-z]+)\b/i;
/** A failure that names a local cause: the disk, an I/O error, the file system, space on the device. */
const LOCAL_CAUSE = /\bdisk\b|\bEIO\b|Input\/output error|\bI\/O error\b|file system|No space left/i;

/**
 * External cases whose failure is local (the failed tool is a file system, a car, a deck on disk, a
 * worker computing a value; or the message names a disk or an I/O error) where a ground-truth thought
 * or the closing answer puts it on a service, a server or the network ("The message points at the
 * service, not at what I sent" after "echo failed: I/O error (EIO) reading from the disk"; "Timing
 * out is about the service" after a local tail timed out): it says what the message does not.
 */
export const failureBlamedOnService: CaseMeasure = {
  kind: 'case',
  id: 'failure_local_blamed_on_service',
  group: 'text',
  title: 'External cases whose failure is local (a file system, a car, a deck on disk, a local worker; or the message names a disk or an I/O error): a ground-truth thought or the closing answer puts it on a service, a server or the network the message never names ("The message points at the service" after "echo failed: I/O error (EIO) reading from the disk")',
  population: 'external cases whose failed tool is local or whose failure names a local cause',
  check(tc) {
    if (tc.kind !== 'external') return undefined;
    const failure = [...tc.messages].reverse().find((m) => m.role === 'function')?.content ?? '';
    const failed = groundTruthActions(tc)[0];
    if (!failed) return undefined;
    if (localityOf(failed.name, tc.tools) !== 'local' && !LOCAL_CAUSE.test(failure)) return undefined;
    if (NAMES_SERVICE.test(failure)) return null;
    for (const g of groundTruthActions(tc)) {
      for (const text of [g.thought ?? '', g.name === FINISH_ACTION && typeof g.args === 'string' ? g.args : '']) {
        // A quoted value is the call's, not the thought's reading ("content set to a text reading \"… a server error was detected …\"").
        const m = BLAMES_SERVICE.exec(text.replace(QUOTED_TEXT, '""'));
        if (m) return `"${m[0]}" after "${failure.replace(/\s+/g, ' ').slice(0, 70)}": "${text.slice(0, 120)}"`;
      }
    }
    return null;
  },
};

/**
 * CoT external cases whose moving-on thought says the step with two withs in a row ("I can still
 * create a new file with `touch` with file name \"index.html\""): a frame filled in, not written.
 */
export const skipThoughtDoubleWith: CaseMeasure = {
  kind: 'case',
  id: 'skip_thought_double_with',
  group: 'text',
  title: 'CoT external cases: a ground-truth thought says a call with two withs in a row ("I can still create a new file with `touch` with file name \"index.html\"")',
  population: 'CoT external cases',
  check(tc) {
    if (tc.kind !== 'external' || !tc.cot) return undefined;
    for (const g of groundTruthActions(tc)) {
      const m = /\bwith `[^`]+` with \w+/.exec(g.thought ?? '');
      if (m) return `"${m[0]}": "${(g.thought ?? '').slice(0, 140)}"`;
    }
    return null;
  },
};

/** A call a CoT case shows or expects, with its thought and the last tool answer shown before it. */
interface ThoughtCall {
  thought: string;
  name: string;
  args: unknown;
  /** The last tool answer before the call, in its turn (undefined: the call opens its turn). */
  lastAnswer?: string;
  /** The external ground truth's first action: the failed call sent again. */
  retry?: boolean;
  /** The internal case's wrong call: its thought argues for the call as the model believes in it. */
  wrong?: boolean;
  /** Every call shown before it, in every turn, with its answer. */
  before?: { name: string; args: unknown; response?: string }[];
}

/** Every call of a CoT case that carries a thought: the shown calls, then the ground truth's, each with the last answer before it in its turn. */
export function thoughtCalls(tc: TestCase): ThoughtCall[] {
  const out: ThoughtCall[] = [];
  let last: string | undefined;
  const lastBefore: (string | undefined)[] = [];
  tc.messages.forEach((m) => {
    if (m.role === 'user') last = undefined;
    if (m.role === 'function') last = m.content;
    lastBefore.push(last);
  });
  const lastAssistant = tc.messages.map((m) => m.role).lastIndexOf('assistant');
  // Every call the case shows, read once, each with the answer right after it; the calls before message i are the first of them.
  const shownCalls = tc.messages.flatMap((m, k) => {
    const a = m.role === 'assistant' ? shownAction(m.content) : undefined;
    if (!a || a.name === FINISH_ACTION) return [];
    const next = tc.messages[k + 1];
    return [{ at: k, call: { name: a.name, args: a.args, ...(next?.role === 'function' ? { response: next.content } : {}) } }];
  });
  const callsBefore = (i: number) => shownCalls.filter((c) => c.at < i).map((c) => c.call);
  tc.messages.forEach((m, i) => {
    if (m.role !== 'assistant') return;
    const a = shownAction(m.content);
    const wrong = tc.kind === 'internal' && !!tc.erroneousAction && i === lastAssistant;
    if (a?.thought && a.name !== FINISH_ACTION) out.push({ thought: a.thought, name: a.name, args: a.args, lastAnswer: lastBefore[i], ...(wrong ? { wrong } : {}), before: callsBefore(i) });
  });
  // The ground truth stands where the wrong call stands (an internal case) or after everything shown.
  const gtAt = tc.kind === 'internal' && tc.erroneousAction && lastAssistant >= 0 ? lastAssistant : tc.messages.length;
  const answerAt = lastBefore[gtAt - 1];
  groundTruthActions(tc).forEach((a, j) => {
    if (!a.thought || a.name === FINISH_ACTION) return;
    out.push({ thought: a.thought, name: a.name, args: a.args, lastAnswer: answerAt, retry: tc.kind === 'external' && j === 0, before: callsBefore(gtAt) });
  });
  return out;
}

/** The first call of a CoT case whose thought `find` finds fault with, quoted after why; undefined for a plain case. */
function thoughtCallDefect(tc: TestCase, find: (call: ThoughtCall) => string | undefined): string | null | undefined {
  if (!tc.cot) return undefined;
  for (const call of thoughtCalls(tc)) {
    const why = find(call);
    if (why) return `${why}: "${call.thought.slice(0, 110)}"`;
  }
  return null;
}

/** The values a call passes that an answer could show: strings of two or more characters and numbers. */
function passedValues(args: unknown): string[] {
  if (!args || typeof args !== 'object' || Array.isArray(args)) return [];
  return Object.values(args).flatMap((v) => (typeof v === 'number' ? [String(v)] : typeof v === 'string' && v.length >= 2 ? [v] : []));
}

/** Phrases by which a thought says its call builds on the answer before it. */
const BUILDS_ON = /\b(?:Building on (?:that|the last answer)|With (?:that|the last) answer in hand|(?:That|The last) answer gives me|Now that I have (?:it|that|the \w+)|using (?:the|its|that) (?:result|answer))\b/;
/** The thought writer's opening clause citing what the previous call returned: the value it cites. */
const CITES_FACT = /^(?:`[^`]+` says |`[^`]+` (?:said earlier|told me last time) that |From `[^`]+` I know that |The last call tells me )the [^.]*? is ("[^"]*"|-?\d+(?:\.\d+)?)\.\s/;
/** Words by which a retry's thought says the call failed and is sent again. */
const SAYS_RETRY = /\b(?:fail\w*|error|timed out|time(?:d)? ?out|refused|limit|again|retry|once more|one more try)\b/i;

/**
 * What a thought says of its call's place in the run that is false: that it builds on the answer
 * before it when it passes nothing that answer shows ("Building on that, I can list the users"
 * after `view_messages_sent`), a fact of the last answer the call has no use for ("`post_tweet` says
 * the id is 5. I still need to lock the doors"), or — for the retry of a call that failed — the
 * first try's words ("With that done, I can add a stock …" right after that very call failed).
 */
export function falseSequence(call: ThoughtCall): string | undefined {
  if (call.retry) return SAYS_RETRY.test(call.thought) ? undefined : 'the retry of a failed call reads as a first try (it says nothing of the failure)';
  const passed = passedValues(call.args);
  const builds = BUILDS_ON.exec(call.thought);
  // A wrong call passing a value the answer does not show believes it copied it: that is the error, not its thought's.
  if (builds && !call.wrong && (call.lastAnswer === undefined || !passed.some((v) => holdsValue(call.lastAnswer!, v)))) return `says "${builds[0]}", but the call passes nothing the answer before it shows`;
  const fact = CITES_FACT.exec(call.thought);
  if (fact) {
    const value = fact[1].replace(/^"|"$/g, '');
    if (!passed.includes(value)) return `cites ${fact[1]} from the last answer, which the call does not use`;
  }
  return undefined;
}

export const thoughtFalseSequence: CaseMeasure = {
  kind: 'case',
  id: 'thought_false_sequence',
  group: 'text',
  title: 'CoT: a thought ties its call to the step before it falsely ("Building on that" for a call that uses nothing of the last answer, a fact of the last answer the call does not use, a retry after a failure worded as the first try)',
  population: 'CoT cases',
  check: (tc) => thoughtCallDefect(tc, falseSequence),
};

/** A name that reads as a file's (an extension), not a folder's. */
const FILE_NAME = /\.[A-Za-z0-9]{1,5}$/;

/**
 * What a thought says its call does that the call's arguments make false: "change into the folder"
 * for `cd("..")` (the parent), "lock the doors" for `lockDoors(unlock=true)`, "count the lines, words,
 * and characters" for `wc(mode="w")`, "the file" for a name without an extension a file-or-directory
 * tool takes, or a verb swapped in with its preposition kept ("reply to on the tweet").
 */
export function callContradiction(thought: string, args: unknown, description = '', doc?: KeyDoc): string | undefined {
  const bare = thought.replace(/"[^"]*"/g, '""').replace(/`[^`]*`/g, '``');
  if (/\bto on\b|\bon on\b|\bto to\b/.test(bare)) return `a verb swapped in with the old one's preposition ("${/\b\w+ (?:to on|on on|to to)\b/.exec(bare)?.[0] ?? ''}")`;
  if (!args || typeof args !== 'object' || Array.isArray(args)) return undefined;
  const entries = Object.entries(args as Record<string, unknown>);
  for (const [k, v] of entries) {
    if (/^(?:folder|dir(?:ectory)?(?:_name)?|path)$/i.test(k) && (v === '..' || v === '../') && !/\bparent\b|\bup (?:a|one) (?:level|folder)\b|\bgo(?:es)? up\b|\bback up\b/i.test(bare)) return `passes ${k} "..", the parent folder, but never says it goes up`;
    const undo = /^un([a-z]+)$/i.exec(k)?.[1]?.toLowerCase();
    if (undo && typeof v === 'boolean') {
      const says = new RegExp(`\\b${undo}(?:s|ing)? the\\b`, 'i').test(bare);
      const saysUndo = new RegExp(`\\bun${undo}(?:s|ing)? the\\b`, 'i').test(bare);
      if (v && says && !saysUndo) return `passes ${k}=true but says "${undo}"`;
      if (!v && saysUndo) return `passes ${k}=false but says "un${undo}"`;
    }
    if (/^mode$/i.test(k) && typeof v === 'string' && ['l', 'w', 'c'].includes(v) && /\blines, words,? and characters\b/.test(bare)) return `passes mode "${v}" but says it counts lines, words and characters`;
  }
  // "with a, b and c" reads as all the call passes: a call passing more says how many more.
  // "text beginning "Attached is …"" names the text by its opening words.
  // An argument is named as "<key> "value"", "<key> 575264", "10 <key>", "the <key> flag on", "<key> (a record of …)", "<key> [...]" (or, before thought-writer-34, "<key> set to …").
  // A bare key's noun (grammar.ts BARE_KEYS: from -> "start date") counts as naming it where the doc is not at hand (a made-up tool's call).
  const named = entries.filter(([k]) => [keyAsWords(k), keyNoun(k, doc), ...(BARE_KEYS[k]?.map(([, noun]) => noun) ?? [])].some((w) => new RegExp(`\\b${escapeRegExp(w)}(?: (?:""|set to|beginning ""|opening with ""|reading ""|-?\\d|\\(|\\[|flag\\b|on\\b|off\\b)|-flag\\b)|\\b\\d+(?:\\.\\d+)? ${escapeRegExp(w)}`, 'i').test(bare)));
  if (entries.length > named.length && named.length >= 3 && !MORE_ARGUMENTS.test(bare)) return `lists ${named.length} of the call's ${entries.length} arguments as if they were all`;
  if (/\bfile or directory\b|\bdirectory or file\b/i.test(description) && /\bthe file\b(?!\s+names?\b)/.test(bare)) {
    const name = entries.find(([k, v]) => /^(?:source|file_name|name)$/i.test(k) && typeof v === 'string')?.[1] as string | undefined;
    if (name && !FILE_NAME.test(name)) return `calls "${name}", which may be a folder, "the file"`;
  }
  return undefined;
}

export const thoughtContradictsCall: CaseMeasure = {
  kind: 'case',
  id: 'thought_contradicts_call',
  group: 'text',
  title: 'CoT: a thought says its call does what the call\'s arguments make false ("change into the folder" for cd(".."), "lock the doors" with unlock=true, "count the lines, words, and characters" with mode "w, "the file" for a name with no extension, "reply to on the tweet", three of four arguments listed as if all)',
  population: 'CoT cases',
  check: (tc) => thoughtCallDefect(tc, (call) => callContradiction(call.thought, call.args, tc.tools.find((t) => t.name === call.name)?.description, tc.tools.find((t) => t.name === call.name))),
};


/**
 * A key prose cannot say as it is spelled, used as a noun in a thought: "The user gave the mauthors
 * as "John Smith"", "with q "EQ8shYj8Ai8J"", "The dir name will be …": a run-together or abbreviated
 * key (`mauthors`, `q`, `dir`, `num`, a lone letter) that no tool doc of the case uses as a word.
 * Quoted values and `code` are not prose. Undefined when the thought names none.
 */
export function rawKeyNoun(thought: string, args: unknown, doc: KeyDoc | undefined): string | undefined {
  if (!doc || !args || typeof args !== 'object' || Array.isArray(args)) return undefined;
  const vocab = docVocabulary([doc.description ?? '', ...[...(doc.required_parameters ?? []), ...(doc.optional_parameters ?? []), ...(doc.return_data ?? [])].map((p) => p.description ?? '')].join(' '));
  const documented = new Set([...(doc.required_parameters ?? []), ...(doc.optional_parameters ?? [])].map((p) => p.name));
  const prose = thought.replace(QUOTED_TEXT, '""').replace(/`[^`]*`/g, '``');
  for (const key of Object.keys(args)) {
    if (!documented.has(key) || rawKeyWords(key, vocab).length === 0) continue;
    const kw = escapeRegExp(keyAsWords(key));
    const noun = new RegExp(`(?:\\b(?:the|with|passing|and)\\s+${kw}\\b(?!')|(?<![\\w'])${kw}\\s+(?:""|set to\\b|as\\b|will be\\b|here\\b|to pass\\b|comes\\b))`, 'i');
    const m = noun.exec(prose);
    if (m) return `names the key ${key} as a noun ("${m[0].trim()}") where its doc says "${([...(doc.required_parameters ?? []), ...(doc.optional_parameters ?? [])].find((p) => p.name === key)?.description ?? '').replace(/\[Required\]\s*/, '').slice(0, 60)}"`;
  }
  return undefined;
}

export const thoughtRawKeyNoun: CaseMeasure = {
  kind: 'case',
  id: 'thought_raw_key_noun',
  group: 'text',
  title: 'CoT: a thought uses a key that is no English word as a noun ("The user gave the mauthors as "John Smith"", "with q "EQ8shYj8Ai8J"") where its doc says what it is (the author\'s name, the organic search result\'s ID)',
  population: 'CoT cases',
  check: (tc) => thoughtCallDefect(tc, (call) => rawKeyNoun(call.thought, call.args, tc.tools.find((t) => t.name === call.name) ?? tc.tools.find((t) => [...t.required_parameters, ...t.optional_parameters].some((p) => call.args && typeof call.args === 'object' && p.name in (call.args as object))))),
};


/**
 * CoT: a thought that names some of its call's arguments and counts off the rest ("`place_order` with
 * amount set to 100, order type "Buy", price set to 700 and one more argument"): the argument left
 * unnamed is often the one that matters (the symbol), and no careful person reasons about a call
 * while leaving a value of it unsaid.
 */
export const thoughtArgsWavedOff: CaseMeasure = {
  kind: 'case',
  id: 'thought_args_waved_off',
  group: 'text',
  title: 'CoT: a thought names some of its call\'s arguments and counts off the rest ("price set to 700 and one more argument", the symbol unsaid)',
  population: 'CoT cases',
  check: (tc) =>
    thoughtCallDefect(tc, (call) => {
      const bare = call.thought.replace(/"[^"]*"/g, '""');
      const more = MORE_ARGUMENTS.exec(bare);
      return more ? `counts off arguments ("${more[0].trim()}")` : undefined;
    }),
};

/**
 * CoT: a thought whose key noun disagrees in number with its verb ("The user mentioned "…", which is
 * the places here", "The bullet items "…" comes from what `x` returned", "`x` says the keywords is …").
 */
const NOUN_VERB: { re: RegExp; noun: number; verb: number }[] = [
  { re: /\bwhich (is|are) the ([A-Za-z][A-Za-z' ]{1,40}?) (?:here|to pass)\b/g, noun: 2, verb: 1 },
  { re: /\bThe ([a-z][A-Za-z' ]{1,40}?) "" (comes|come) from\b/g, noun: 1, verb: 2 },
  { re: /\b(?:says|know that|tells me) the ([a-z][A-Za-z' ]{1,40}?) (is|are) /g, noun: 1, verb: 2 },
];
export function nounVerbDisagreement(thought: string): string | undefined {
  const bare = thought.replace(/"[^"]*"/g, '""');
  for (const { re, noun, verb } of NOUN_VERB) {
    for (const m of bare.matchAll(re)) {
      const plural = isPlural(m[noun]);
      const pluralVerb = /^(?:are|come)$/.test(m[verb]);
      if (plural !== pluralVerb) return `"${m[0].trim()}": ${plural ? 'a plural' : 'a singular'} noun with "${m[verb]}"`;
    }
  }
  return undefined;
}

export const thoughtNounAgreement: CaseMeasure = {
  kind: 'case',
  id: 'thought_noun_agreement',
  group: 'text',
  title: 'CoT: a thought names a key by a noun that disagrees in number with its verb ("which is the places here", "The bullet items "…" comes from")',
  population: 'CoT cases',
  check: (tc) => thoughtCallDefect(tc, (call) => nounVerbDisagreement(call.thought)),
};


/** Words by which a closing thought says some of the turn got done ("I will say what worked", "sum up what was done"). */
const CLAIMS_WORK = /\b(?:what (?:worked|went through|got done|was done|I (?:have|did|got) done)|sum up what (?:was|got|I) |report what I have|what I managed|the parts? that (?:worked|went through)|I got part of the way|some of (?:this|it) went through)\b/i;

/**
 * CoT external cases closing the turn after a call that kept failing: the thought says it will
 * report what worked ("so I cannot finish this; I will say what worked, what did not, and ask how
 * to go on") when the failed call was the turn's only call, so nothing did. A turn with an earlier
 * call may say so; one whose first call failed has nothing to report but the failure.
 */
export function claimsWorkDone(tc: TestCase): string | null | undefined {
  if (!tc.cot || tc.kind !== 'external') return undefined;
  const gts = Array.isArray(tc.groundTruth) ? tc.groundTruth : [tc.groundTruth];
  const finish = gts.find((g) => g.name === FINISH_ACTION);
  if (!finish) return undefined;
  const lastUser = tc.messages.map((m) => m.role).lastIndexOf('user');
  const calls = tc.messages.slice(lastUser + 1).filter((m) => m.role === 'assistant').length;
  if (calls > 1) return null;
  const claim = CLAIMS_WORK.exec(finish.thought ?? '');
  return claim ? `says "${claim[0]}" though the failed call was the turn's only one: "${(finish.thought ?? '').slice(-110)}"` : null;
}

export const thoughtClaimsWorkDone: CaseMeasure = {
  kind: 'case',
  id: 'thought_claims_work_done',
  group: 'text',
  title: 'CoT external cases: the closing thought after a call that kept failing promises to say what worked or sum up what was done ("I will say what worked, what did not, and ask how to go on") when that call was the turn\'s only one, so nothing had been done',
  population: 'CoT external cases closing the turn after the failure',
  check: (tc) => claimsWorkDone(tc),
};

const COUNT_NUMBERS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19, twenty: 20 };
/** A count a thought makes of a value: "a 15-word text", "a 40-character text", "four bullet points", "3 items", "eight numbered points". */
const VALUE_COUNT = /\b(\d+)-(word|character)\b|\b(\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty) (?:numbered |bullet )?(points?|items?|lines?)\b/gi;

/** The words of a text, a list's markers ("1.", "-") not among them; "morning,Finished" is two. */
export function wordCount(v: string): number {
  const unmarked = v.split(/\r?\n/).map((l) => l.replace(/^\s*(?:\d{1,2}[.)]|[-*•])\s+/, '')).join('\n');
  return (unmarked.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu) ?? []).length;
}

/** Every string a case shows: its calls' arguments and the string leaves of its tool answers. */
function shownStrings(tc: TestCase): string[] {
  const out: string[] = [];
  const walk = (x: unknown): void => {
    if (typeof x === 'string') out.push(x);
    else if (Array.isArray(x)) x.forEach(walk);
    else if (x && typeof x === 'object') Object.values(x).forEach(walk);
  };
  for (const m of tc.messages) {
    if (m.role === 'function' || m.role === 'assistant') {
      try {
        walk(JSON.parse(m.content));
      } catch {
        out.push(m.content);
      }
    }
  }
  groundTruthActions(tc).forEach((a) => walk(a.args));
  return out.filter((v) => v.length > 20);
}

/**
 * What count a thought makes of a value that is not the value's: "a 15-word text" for "1. Rising
 * global temperatures\n2. Melting ice caps…" (a list counted as words, its "1." among them — and a
 * list is no text), "four bullet points" where the list holds five. Undefined when every count it
 * makes is some shown value's.
 */
export function miscountedValue(thought: string, values: readonly string[]): string | undefined {
  // A count inside a quoted value ("Notes: hotel[SPAN]- 8 items reviewed") is the value's own words, not the thought's count.
  const own = thought.replace(/"(?:[^"\\]|\\.)*"/g, (q) => `"${'x'.repeat(q.length - 2)}"`);
  for (const m of own.matchAll(VALUE_COUNT)) {
    if (m[1]) {
      const n = Number(m[1]);
      const counted = values.filter((v) => (m[2] === 'character' ? v.replace(/\s/g, '').length === n : v.split(/\s+/).length === n || wordCount(v) === n));
      if (counted.length === 0) return `"${m[0]}" counts no value the case shows`;
      if (counted.every((v) => listItems(v))) return `"${m[0]}" counts a list as words, its markers among them`;
      if (counted.every((v) => recordLabels(v))) return `"${m[0]}" counts a record's labelled lines as words of a text`;
      continue;
    }
    const n = COUNT_NUMBERS[m[3].toLowerCase()] ?? Number(m[3]);
    const kind = m[4].toLowerCase();
    const count = (v: string) => (kind.startsWith('line') ? v.split(/\r?\n|\[SPAN\]/).filter((l) => l.trim()).length : listItems(v)?.items.length);
    if (!values.some((v) => count(v) === n)) return `"${m[0]}" counts no value the case shows`;
  }
  return undefined;
}

export const thoughtValueMiscounted: CaseMeasure = {
  kind: 'case',
  id: 'thought_value_miscounted',
  group: 'text',
  title: 'CoT: a thought counts a value wrongly: "bullet items set to a 15-word text" for "1. Rising global temperatures\\n2. Melting ice caps…" (a list counted as words with its "1." markers, and called a text; a record\'s "Published: …\\nTitle: …" lines likewise), or "four bullet points" where the list holds another number',
  population: 'CoT cases',
  check(tc) {
    if (!tc.cot) return undefined;
    const shown = shownStrings(tc);
    for (const call of thoughtCalls(tc)) {
      const own = call.args && typeof call.args === 'object' ? Object.values(call.args).filter((v): v is string => typeof v === 'string') : [];
      const why = miscountedValue(call.thought, own.length ? [...own, ...shown] : shown);
      if (why) return `${why}: "${call.thought.slice(0, 110)}"`;
    }
    return null;
  },
};

/** The fact a closing thought cites of the last answer (standard.ts DONE_FACT): "`x` came back and the price is 725.89;". */
const CLOSING_FACT = /(?:`[^`]+` (?:came back and|answered that|went through and|shows|, which says)|According to `[^`]+`,|which says|Now that `[^`]+` shows) the ([a-z][a-z ]*?) (?:is|are|holds) ("[^"]*"|-?\d+(?:\.\d+)?)/;

/**
 * What the fact a closing thought cites of the last answer fails to say: a key that is no noun read
 * as one ("the expires in is 2"), or the value the call itself passed, echoed back ("`retrieve_invoice`
 * came back and the booking id is "insurance_12345"" after retrieve_invoice(booking_id="insurance_12345")).
 */
export function emptyClosingFact(thought: string, lastArgs: unknown): string | undefined {
  // A field named as a list read as a noun: "the travel cost list holds 440", "the stock list holds "AAPL", …".
  const listField = /\bthe ((?:[a-z]+ )+list) (?:holds|is|are)\b/.exec(thought);
  if (listField) return `reads the field "${listField[1]}" as a noun ("${listField[0]} …")`;
  const m = CLOSING_FACT.exec(thought);
  if (!m) return undefined;
  if (!isNounKey(m[1])) return `reads the key "${m[1]}" as a noun ("the ${m[1]} is ${m[2]}")`;
  const value = m[2].replace(/^"|"$/g, '').toLowerCase();
  // Only a value passed as it is: mean([37]) answering 37 says something.
  const passed = lastArgs && typeof lastArgs === 'object' ? Object.values(lastArgs).flatMap((v) => (typeof v === 'string' || typeof v === 'number' ? [String(v).toLowerCase()] : [])) : [];
  if (passed.includes(value)) return `cites ${m[2]}, the value the call itself passed, as what it returned`;
  return undefined;
}

/**
 * Every closing thought of a CoT case (shown FinishActions, then the ground truth's), each with the request of
 * its turn, the last answer shown in that turn and the last call before it (its arguments and name): what the
 * closing-fact measures read the thought against.
 */
function closingThoughts(tc: TestCase): { thought: string; request: string; response: string; args: unknown; api: string }[] {
  let request = '';
  let response = '';
  let args: unknown;
  let api = '';
  const out: { thought: string; request: string; response: string; args: unknown; api: string }[] = [];
  const take = (a: { name: string; args: unknown; thought?: string }) => {
    if (a.name === FINISH_ACTION) out.push({ thought: a.thought ?? '', request, response, args, api });
    else [args, api] = [a.args, a.name];
  };
  for (const m of tc.messages) {
    if (m.role === 'user') [request, response, args, api] = [m.content, '', undefined, ''];
    else if (m.role === 'function') response = m.content;
    else if (m.role === 'assistant') {
      const a = shownAction(m.content);
      if (a) take(a);
    }
  }
  groundTruthActions(tc).forEach(take);
  return out;
}

export const thoughtClosingFactEmpty: CaseMeasure = {
  kind: 'case',
  id: 'thought_closing_fact_empty',
  group: 'text',
  title: 'CoT: a closing thought cites as the last answer\'s news the value the call itself passed ("`retrieve_invoice` came back and the booking id is "insurance_12345""), a key that is no noun ("the expires in is 2") or a list field read as a noun ("the travel cost list holds 440")',
  population: 'CoT cases',
  check(tc) {
    if (!tc.cot) return undefined;
    for (const f of closingThoughts(tc)) {
      const why = emptyClosingFact(f.thought, f.args);
      if (why) return `${why}: "${f.thought.slice(0, 110)}"`;
    }
    return null;
  },
};

/** Words of a field name or request that say nothing of which field is meant ("the details", "the info"). */
const FIELD_GENERIC = new Set(['detail', 'details', 'info', 'information', 'data', 'list', 'result', 'results', 'item', 'items', 'value', 'values', 'type', 'name', 'status', 'state', 'the', 'and', 'of', 'for', 'with', 'from', 'current', 'latest']);
const fieldStem = (w: string) => w.toLowerCase().replace(/ies$/, 'y').replace(/(?<!s)s$/, '');
/** The content words of a field's name ("binding_card" -> binding, card; "MA(5)" -> none). */
function fieldWords(key: string, api = ''): string[] {
  // The record the call is about ("account" of get_account_info's "account_id") is no field the request singles out.
  const own = new Set(keyAsWords(apiOf(api)).split(/\s+/).map(fieldStem));
  return keyAsWords(key).split(/\s+/).filter((w) => /^[a-z]{3,}$/i.test(w) && !FIELD_GENERIC.has(w.toLowerCase())).map(fieldStem).filter((w) => !own.has(w));
}
/** A response's fields with their values, top level and one record inside ("{"booking": {...}}"). */
function responseFields(content: string): [string, unknown][] {
  // JSON or a Python literal, as every tool answer is read (parseToolResponse).
  const v = content ? parseToolResponse(content) : undefined;
  if (!v || typeof v !== 'object' || Array.isArray(v)) return [];
  const entries = Object.entries(v as Record<string, unknown>);
  const inner = entries.length === 1 ? entries[0][1] : undefined;
  // A wrapper ("{"invoice": {...}}") is the record, not one of its fields.
  return inner && typeof inner === 'object' && !Array.isArray(inner) ? Object.entries(inner as Record<string, unknown>) : entries;
}

/**
 * A closing thought citing a field of the last answer the request never asked about while the answer
 * holds one it did: "Now that `get_account_info` shows the account id is 12345, the answer can rest on
 * that." for "give me an overview of my account, especially the available balance and linked card
 * details" (bfcl_multi_turn_base_109-control-k6-cot). The thought's reason to stop should be what was asked.
 */
export function closingFactUnasked(thought: string, request: string, response: string, args?: unknown, api = ''): string | undefined {
  const m = CLOSING_FACT.exec(thought);
  if (!m) return undefined;
  const words = (request.toLowerCase().match(/[a-z]+/g) ?? []).map(fieldStem);
  // A word of the request holding the field's ("lock" in "unlocking", "travel" in "traveling").
  const said = (w: string) => words.some((r) => r === w || (w.length >= 4 && r.includes(w)));
  const cited = fieldWords(m[1].replace(/ /g, '_'), api);
  // The call's own state ("the lock status" of lockDoors, "the engine state" of startEngine) is what it did.
  if (cited.some(said) || (cited.length === 0 && /\b(?:status|state)$/.test(m[1]))) return undefined;
  // A field holding what the call passed ("price" after place_order(price=…)) is no news: the id it made is.
  const passed = new Set(args && typeof args === 'object' ? Object.values(args).map((x) => toJson(x)) : []);
  const other = responseFields(response).find(([k, x]) => !passed.has(toJson(x)) && fieldWords(k, api).some(said))?.[0];
  return other ? `cites "the ${m[1]}", which the request never asks about, while the answer holds "${other}", which it does` : undefined;
}

export const thoughtClosingFactUnasked: CaseMeasure = {
  kind: 'case',
  id: 'thought_closing_fact_unasked',
  group: 'text',
  title: 'CoT: a closing thought gives as its reason to answer a field the request never asks about while the last answer holds one it does ("Now that `get_account_info` shows the account id is 12345, the answer can rest on that." for "especially the available balance and linked card details")',
  population: 'CoT cases',
  check(tc) {
    if (!tc.cot) return undefined;
    for (const f of closingThoughts(tc)) {
      const why = closingFactUnasked(f.thought, f.request, f.response, f.args, f.api);
      if (why) return `${why}: "${f.thought.slice(0, 110)}"`;
    }
    return null;
  },
};

/** The bare keys (grammar.ts BARE_KEYS) of a case's tools whose docs give them a noun: the words a thought must not use as nouns. */
function bareKeysOf(tc: TestCase): string[] {
  const out = new Set<string>();
  for (const t of tc.tools) {
    for (const p of [...(t.required_parameters ?? []), ...(t.optional_parameters ?? [])]) {
      if (BARE_KEYS[p.name]?.some(([re]) => re.test(p.description ?? ''))) out.add(p.name);
    }
  }
  return [...out];
}

/**
 * A parameter too bare to be a noun said as one: "the end is "Miami"", "`search_stock_ticker` with
 * search "Apple Inc."", "the places are "Times Square"", "with from "2023-10-01"". The key's own
 * words, where its doc says what it holds (a destination, search terms, a start date).
 */
export function bareKeyNoun(thought: string, keys: string[], owns?: (api: string, key: string) => boolean): string | undefined {
  // The key as spelled and in its words ("file_name1" and "file name 1", "checkIn" and "check in").
  for (const [k, w] of keys.flatMap((key) => [...new Set([key, keyAsWords(key)])].map((w) => [key, escapeRegExp(w)] as const))) {
    const m = new RegExp(`\\b(?:the ${w} (?:is|are|will be|as)\\b|(?:with|and|,) ${w} ["\\d]|as the ${w}(?=[.,;:!?]|$))`).exec(thought);
    // A key the call's own tool does not take is the wrong key a key error passes ("`search_google_scholar` with q …"):
    // its thought says the call as made, by that key; only a tool's own bare key has a doc to say it by.
    const api = m ? [...thought.slice(0, m.index).matchAll(/`([A-Za-z_]+)`/g)].pop()?.[1] : undefined;
    if (m && !(api && owns && !owns(api, k))) return `"${k}" said as a noun ("${m[0]}")`;
  }
  return undefined;
}

export const thoughtKeyBare: CaseMeasure = {
  kind: 'case',
  id: 'thought_key_bare',
  group: 'text',
  title: 'CoT: a parameter too bare to stand as a noun said as one where its doc says what it holds: "the end is "Miami"" (a destination), "`search_stock_ticker` with search "Apple Inc."" (search terms), "the places are "Times Square"", "with from "2023-10-01"" (a start date)',
  population: 'CoT cases',
  check(tc) {
    const keys = bareKeysOf(tc);
    const params = new Map(tc.tools.map((t) => [t.name.split('.').pop()!, new Set([...(t.required_parameters ?? []), ...(t.optional_parameters ?? [])].map((p) => p.name))]));
    return thoughtDefect(tc, (t) => bareKeyNoun(t, keys, (api, key) => !params.has(api) || params.get(api)!.has(key)));
  },
};

/** A file system's own sentence for a deed quoted back in a thought ("the result is "'a.txt' moved to 'b.txt'""): the words, or undefined. */
export function replyQuotedInThought(thought: string): string | undefined {
  return /"'[^'"]+' (?:moved|copied|removed|deleted|created|renamed)\b[^"]*"/.exec(thought)?.[0];
}

export const thoughtReplyQuoted: CaseMeasure = {
  kind: 'case',
  id: 'thought_reply_quoted',
  group: 'text',
  title: 'CoT: a thought quotes back the file system\'s own sentence for a deed ("`cp` answered that the result is "\'annual_report.txt\' copied to \'Reports/annual_report.txt\'", which is what I was waiting for") where a person says what was done',
  population: 'CoT cases',
  check: (tc) => thoughtDefect(tc, replyQuotedInThought),
};

/** "forecast the weather in the next 3 days", "in the upcoming days": a forecast is for days ahead, not in them. */
export function forecastDaysIn(text: string): string | undefined {
  return /\bweather in the (?:next (?:\d+ )?days?|upcoming days)\b/.exec(text)?.[0];
}

export const forecastDaysInText: CaseMeasure = {
  kind: 'case',
  id: 'forecast_days_in',
  group: 'text',
  title: 'a thought or closing answer says a forecast is "in" the days ahead ("I still need to forecast the weather in the next 3 days", "could not forecast the weather in the next day"), the tool doc\'s "in the N upcoming days" pasted, not "for the next 3 days"',
  population: 'cases',
  check(tc) {
    for (const t of [...thoughtsOf(tc), ...answeredTurns(tc).map((turn) => turn.answer)]) {
      const hit = forecastDaysIn(t);
      if (hit) return `"${hit}" in "${t.slice(0, 110)}"`;
    }
    return null;
  },
};

/** "I can print the details of the films now playing in China": a look-up said in its doc's verb, as if the assistant printed something. */
export function lookupPrinted(thought: string): string | undefined {
  // The user's own words quoted ("…and print the details of each") are theirs to choose.
  return /\bprint the details of\b[^.;]*/.exec(thought.replace(QUOTED_TEXT, '""'))?.[0];
}

export const thoughtLookupPrinted: CaseMeasure = {
  kind: 'case',
  id: 'thought_lookup_printed',
  group: 'text',
  title: 'CoT: a thought says the assistant will "print" what a look-up returns, the doc\'s verb pasted ("so that I can print the details of the films coming out in China", "I need to print the details of the movie"), not "look up the films …" or "get the details of the movie"',
  population: 'CoT cases',
  check: (tc) => thoughtDefect(tc, lookupPrinted),
};

/** The doc constructions the thought writer rewords (DOC_PHRASES), found anywhere in a thought, not only opening an intent. */
const DOC_PHRASE_PASTED = new RegExp(DOC_PHRASES.map(([re]) => `\\b(?:${re.source.replace(/^\^/, '')})`).join('|'), 'i');

/**
 * What a doc construction says, as a thought pastes it: "get the movies ordered by rating", "get the similar movies",
 * "get the weekday today", "get the coordinate of", "look up the article on Arxiv", "get the symbol of the stock by
 * company name", "convert the liter to gallon", "create a ticket and queue it", "get the zipcode".
 */
export function intentDocPhrase(thought: string): string | undefined {
  return DOC_PHRASE_PASTED.exec(thought.replace(QUOTED_TEXT, '""'))?.[0];
}

export const thoughtIntentDocPhrase: CaseMeasure = {
  kind: 'case',
  id: 'thought_intent_doc_phrase',
  group: 'text',
  title: 'CoT: a thought says what a call is for in its doc\'s construction, not as a person would ("get the movies ordered by rating" for the top-rated movies, "get the similar movies", "get the weekday today", "get the coordinate of the location", "look up the article on Arxiv" for searching arXiv, "get the symbol of the stock by company name", "convert the liter to gallon", "create a ticket and queue it")',
  population: 'CoT cases',
  check: (tc) => thoughtDefect(tc, intentDocPhrase),
};

/** "With that done" after a sentence of the thought: "that" is then the sentence (a fact, where a value comes from), no deed. */
export function doneAfterLead(thought: string): string | undefined {
  // "That part is done" (thought-writer-34's link to another part of the request) says the same of "that".
  const m = /(?:^|[.!?]["”]?\s+)([^.!?]*[.!?]["”]?)\s+(With that done|That part is done)\b/.exec(thought);
  return m ? `goes on "${m[2]}" after "${m[1].trim().slice(0, 60)}", which is no deed` : undefined;
}

export const thoughtDoneAfterLead: CaseMeasure = {
  kind: 'case',
  id: 'thought_done_after_lead',
  group: 'text',
  title: 'CoT: a thought says "With that done" or "That part is done" right after a sentence that did nothing ("The request names \"1293\" as the access token. With that done, I can retrieve the invoice …", "The place will be \"Bali\". That part is done; …")',
  population: 'CoT cases',
  check: (tc) => thoughtDefect(tc, doneAfterLead),
};

/**
 * An internal-error case whose ground-truth thought still points at "the last call" or "the last answer"
 * where the wrong call's error is now the last answer: "The last call tells me the symbol is "QUAS"." after
 * the failed `add_to_watchlist` (bfcl_multi_turn_base_113-parameters_key_error-k2-cot). The correct step's
 * thought was written where the call before it was the last; assemble names that tool now.
 */
export const STALE_LAST_CALL = /\bThe last call tells me\b|\bThe last answer gives me\b|\bthe last call\b/;

export const gtThoughtLastCallStale: CaseMeasure = {
  kind: 'case',
  id: 'gt_thought_last_call_stale',
  group: 'text',
  title: 'CoT internal error: the ground-truth thought says "the last call" or "the last answer" of the call before the wrong one, whose error is now the last answer ("The last call tells me the symbol is "QUAS"." after a failed `add_to_watchlist`)',
  population: 'CoT internal-error cases',
  check(tc) {
    if (!tc.cot || tc.kind !== 'internal' || !tc.errorType) return undefined;
    const thought = groundTruthActions(tc)[0]?.thought ?? '';
    return STALE_LAST_CALL.exec(thought)?.[0] ? `"${thought.slice(0, 100)}"` : null;
  },
};

export const THOUGHT_MEASURES = [thoughtReplyQuoted, gtThoughtLastCallStale, thoughtDoneAfterLead, thoughtIntentDocPhrase, thoughtLookupPrinted, thoughtClosingFactUnasked, thoughtKeyBare, forecastDaysInText, errorThoughtQuotesOtherRole, thoughtClosingFactEmpty, thoughtClaimsWorkDone, thoughtValueMiscounted, thoughtNounAgreement, thoughtRawKeyNoun, thoughtMisplacesStep, thoughtMalformed, errorThoughtStyleTell, errorThoughtArgsUnsaid, errorThoughtArgOrder, skipThoughtCitesUnseen, thoughtClaimsGivenValue, thoughtFalseSequence, thoughtContradictsCall, thoughtArgsWavedOff, failureThoughtKindUnsaid, decodeFailureMisread, skipThoughtRepeatsFailedIntent, failureThoughtLimitMisread, failureThoughtConnectionMisread, externalRetryThoughtStale, failureBlamedOnService, skipThoughtDoubleWith];
