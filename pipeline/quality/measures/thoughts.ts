/**
 * Do a CoT case's thoughts say true things about the plan and read as a person's words? A thought
 * that says "that leaves one more thing to do" with two calls still to come, or "to start" on the
 * only call of its turn, misleads a model trained or judged on it; one that names a tool no list
 * holds (`check_empty`), a doc's placeholder ("the N upcoming days") or a key's camel case ("the
 * brake Pedal Status") was filled in by a template, not written.
 */
import { FINISH_ACTION, type TestCase } from '../../schemas.js';
import { groundTruthActions, shownAction } from '../evidence.js';
import { toJson } from '../../pyValues.js';
import { apiOf } from '../../errors/values.js';
import { sentencesOf } from '../grammar.js';
import { thoughtDefect } from './text.js';
import { holdsValue, quotable, valueSource } from '../../thoughtPhrases.js';
import type { CaseMeasure } from '../types.js';

/** Frames that say the step is the turn's last (nothing after it) or its first (more after it). */
const CLAIMS_LAST = /\b(?:one more thing to do|a final thing to do|what remains is to|the only thing left|the last thing (?:to do|left))\b|(?:^|\.\s+)Last, /i;
const CLAIMS_FIRST = /(?:^|\.\s+)(?:To start,|The first thing to do|I should begin by|Before anything else|My plan starts with|Step one:|First step:)|\bfirst; /;

/** What a thought claims about its place among the turn's `count` calls that is false at `index`. */
export function misplacedClaim(thought: string, index: number, count: number): string | undefined {
  if (CLAIMS_LAST.test(thought) && index < count - 1) return `says nothing more is left, but ${count - 1 - index} more call${count - 1 - index > 1 ? 's follow' : ' follows'} in this turn`;
  if (CLAIMS_FIRST.test(thought) && index > 0) return `says it is the first call, but it is call ${index + 1} of ${count}`;
  if (CLAIMS_FIRST.test(thought) && count === 1) return 'calls the only call of its turn a first step';
  return undefined;
}

export const thoughtMisplacesStep: CaseMeasure = {
  kind: 'case',
  id: 'thought_misplaces_step',
  group: 'text',
  title: 'CoT: a thought places its call wrongly in the plan ("that leaves one more thing" with more calls to come, "to start" on a later or the only call)',
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
  const sourced = valueSource(first) !== undefined || /^(?:`[^`]+` says |From `[^`]+` I know that |The last call tells me )/.test(first);
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


/** A sentence that frames a quoted value as the assistant's own pick ("I'll go with "workspace" for the folder."). */
const CLAIMS_CHOICE = /\bI(?:'ll| will| am going to)\s+(?:go with|pick|choose|opt for|settle on|decide on|use)\s+"([^"]*)"/gi;
/** A sentence that says the user gave a quoted value ("The request names "AAPL" as the symbol", "as you asked"). */
const CLAIMS_USER = /\b(?:the user (?:gave|mentioned|wants|asked for|said|named|chose|picked)|the request (?:names|says|gives|asks for)|comes straight from the request|you asked for|as you asked|as requested)\b/i;
/** A sentence that says an earlier call answered with a value ("`search` says the id is 42", "The last call tells me ..."). */
const CLAIMS_RESULT = /(?:^|\s)(?:`[^`]+` (?:says|said|returned|reports)|From `[^`]+` I know that|The last call tells me|The (?:last|earlier|previous) (?:answer|result|call) (?:gave|returned|shows|says))\b|\bcomes from what `[^`]+` returned\b/;

/**
 * Where a thought says a value comes from, against what the case showed before it: a value it calls
 * its own pick that the user's request or an earlier tool answer already gave, or a value it says the
 * user (or an earlier call) gave that they never did. `users` and `answers` are the user and tool
 * messages shown before the thought's step.
 */
export function misattributedValue(thought: string, users: string, answers: string): string | undefined {
  for (const sentence of sentencesOf(thought)) {
    for (const m of sentence.matchAll(CLAIMS_CHOICE)) {
      const value = m[1];
      if (holdsValue(users, value)) return `calls "${value}" its own pick, but the user's request gave it`;
      if (holdsValue(answers, value)) return `calls "${value}" its own pick, but an earlier tool answer gave it`;
    }
    const quoted = [...sentence.matchAll(/"([^"]+)"/g)].map((m) => m[1]);
    if (CLAIMS_USER.test(sentence)) {
      const unsaid = quoted.find((v) => !holdsValue(users, v));
      if (unsaid) return `says the user gave "${unsaid}", which the user never said`;
    }
    if (CLAIMS_RESULT.test(sentence)) {
      const facts = [...quoted, ...[...sentence.replace(/"[^"]*"/g, ' ').matchAll(/(?<![\w.])-?\d+(?:\.\d+)?(?![\w])/g)].map((m) => m[0])];
      const unseen = facts.find((v) => !holdsValue(answers, v));
      if (unseen) return `says an earlier call gave "${unseen}", which no earlier tool answer shows`;
    }
  }
  return undefined;
}

/** Each thought a CoT case shows (earlier steps, the wrong call, the ground truth) with the user and tool messages shown before its step. */
export function thoughtsInContext(tc: TestCase): { thought: string; users: string; answers: string }[] {
  const out: { thought: string; users: string; answers: string }[] = [];
  const seen = (upTo: number) => {
    const before = tc.messages.slice(0, upTo);
    return { users: before.filter((m) => m.role === 'user').map((m) => m.content).join('\n'), answers: before.filter((m) => m.role === 'function').map((m) => m.content).join('\n') };
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
    for (const { thought, users, answers } of thoughtsInContext(tc)) {
      const why = misattributedValue(thought, users, answers);
      if (why) return `${why}: "${thought.slice(0, 110)}"`;
    }
    return null;
  },
};

/** Words by which a retry's thought says the call went wrong and is sent again. */
const SAYS_RETRY = /\b(?:again|retry|retrying|once more|another (?:try|attempt)|second attempt)\b/i;
const SAYS_FAILED = /\b(?:fail\w*|error|timed out|timeout|rate limit|too many requests|refused|did not go through|server)\b/i;

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
  if (!SAYS_FAILED.test(thought) || !SAYS_RETRY.test(thought)) return `does not say the call failed and goes again: "${thought.slice(0, 100)}"`;
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

export const THOUGHT_MEASURES = [thoughtMisplacesStep, thoughtMalformed, errorThoughtStyleTell, skipThoughtCitesUnseen, thoughtClaimsGivenValue, externalRetryThoughtStale];
