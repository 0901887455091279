/**
 * The `thought-writer` role: the "goal at current step" a CoT variant shows for each ground-truth
 * call. Offline (offlineThoughts), the rules tie the step's purpose, its arguments, a value the user
 * stated and what the previous step returned, in varied frames that stay grammatical.
 */
import { z } from 'zod';
import type { RoleSpec } from '../../pipeline/llm/types.js';
import type { Rng } from '../../pipeline/rng.js';
import { keyAsWords, keyNoun, type KeyDoc } from '../../pipeline/quality/grammar.js';
import { SOURCE_FRAMES, COMPOSED, EARLIER_REQUEST, PLAIN_REQUEST, citedRequest, composedFrom, framesOf, holdsValue, argPhrase, intentOf, purpose, quotable, sayValue, type SourceKind } from '../../pipeline/thoughtPhrases.js';

export { baseForm, intentOf } from '../../pipeline/thoughtPhrases.js';

const humanize = keyAsWords;
import { parseJson, toJson } from '../../pipeline/pyValues.js';

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
  /** Only in another letter case or spelling the user wrote, or in an answer the source does not record here: said without a source. */
  | { kind: 'neutral' }
  /** An earlier tool answer shows it: `api` gave it. */
  | { kind: 'answer'; api: string }
  /** Nothing shown before the step gave it: the assistant's own pick. */
  | { kind: 'chosen' };

/** The requests and tool answers a step's thought can know of: the ones shown before the step. */
interface Seen {
  query: string;
  earlierRequests: string[];
  /** Answers before the step, latest first; response undefined when the source does not record it here (BFCL's come in resolve). */
  answers: { api: string; response?: string }[];
}

const apiOf = (name: string) => name.split('.').pop()!;

function provenanceOf(value: string, seen: Seen): Provenance {
  if (holdsValue(seen.query, value, true)) return { kind: 'request', earlier: false };
  if (seen.earlierRequests.some((r) => holdsValue(r, value, true))) return { kind: 'request', earlier: true };
  if ([seen.query, ...seen.earlierRequests].some((r) => holdsValue(r, value))) return { kind: 'neutral' };
  const answered = seen.answers.find((a) => a.response !== undefined && holdsValue(a.response, value));
  if (answered) return { kind: 'answer', api: answered.api };
  // An answer not recorded here may have given it: nothing says the assistant picked it.
  return seen.answers.some((a) => a.response === undefined) ? { kind: 'neutral' } : { kind: 'chosen' };
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
 * The sentence saying where `value` comes from, in a frame of its provenance: mostly the source
 * (`sourced` of the time), else the neutral frame; a value the writer cannot place, always neutral.
 */
function sourceSentence(key: string, value: string, num: boolean, p: Provenance, rng: Rng, sourced: number, seen: Seen): string {
  const neutral = framesOf('neutral');
  let kind: SourceKind = p.kind;
  if (p.kind !== 'neutral' && !rng.chance(sourced)) kind = 'neutral';
  if (kind === 'request' && p.kind === 'request') {
    // The user's own words that name the value ("papers on", "the request says "find papers on …"") say why it is
    // this value, case by case; a value standing alone in its clause gets one of the plain frames.
    const request = p.earlier ? seen.earlierRequests.find((r) => holdsValue(r, value, true)) : seen.query;
    const cited = citedRequest(key, value, request, p.earlier);
    if (cited) return cited;
  }
  // A value put together from parts the user named ("Times Square" and "New York City") says so, not that it was a free pick.
  if (kind === 'chosen' && composedFrom(seen.query, value)) return SOURCE_FRAMES[COMPOSED].say(key, value, undefined, seen.query);
  const plain = kind === 'request' ? (p.kind === 'request' && p.earlier ? EARLIER_REQUEST : PLAIN_REQUEST) : undefined;
  const pool = kind === 'neutral' ? neutral : plain ?? framesOf(kind);
  return SOURCE_FRAMES[rng.pick(pool)].say(key, value, p.kind === 'answer' ? `${p.api}` : undefined, undefined, num);
}

/** The values a call passes as a thought or an answer would show them: short strings and numbers. */
function passedValues(args: Record<string, unknown> | string): string[] {
  if (typeof args === 'string') return [];
  return Object.values(args).flatMap((v) => (typeof v === 'number' ? [String(v)] : typeof v === 'string' && v.length >= 2 ? [v] : []));
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
      for (const [k, x] of Object.entries(v)) {
        if (!((typeof x === 'string' && x.length > 0 && x.length <= 40) || typeof x === 'number')) continue;
        if (passed.includes(String(x))) return `the ${humanize(k)} is ${sayValue(x)}`;
      }
    }
  } catch {
    // not JSON: no fact to quote
  }
  return undefined;
}

/** Does the call pass a value the previous step's answer shows (what "Building on that" claims)? */
function usesPrevious(args: Record<string, unknown> | string, response: string | undefined): boolean {
  return response !== undefined && passedValues(args).some((v) => holdsValue(response, v));
}

type Frame = (p: { api: string; intent: string; args: string; withArgs: string }) => string;

const FIRST: Frame[] = [
  ({ api, intent, withArgs }) => `To start, I need to ${intent}, so I will call ${api}${withArgs}.`,
  ({ api, intent, withArgs }) => `The first thing to do is ${intent.startsWith('use ') ? intent : `to ${intent}`}, which ${api} handles${withArgs}.`,
  ({ api, intent, withArgs }) => `I should begin by calling ${api}${withArgs} in order to ${intent}.`,
  ({ api, intent, withArgs }) => `Let me ${intent} first; ${api}${withArgs} does exactly that.`,
  ({ api, intent, withArgs }) => `Before anything else I have to ${intent}, and ${api}${withArgs} is the tool for it.`,
  ({ api, intent, args }) => `My plan starts with ${api}, since it can ${intent}${args ? `; the arguments are ${args}` : ''}.`,
  ({ api, intent, withArgs }) => `First step: call ${api}${withArgs} so that I can ${intent}.`,
  ({ api, intent, withArgs }) => `Step one: ${api}${withArgs}, to ${intent}.`,
  ({ api, intent, withArgs }) => `To start, ${api}${withArgs} will ${intent}.`,
];
/** Frames for a later call that say nothing of what comes after it. */
const NEXT: Frame[] = [
  ({ api, intent, withArgs }) => `Next, I need to ${intent}, so I will call ${api}${withArgs}.`,
  ({ api, intent, withArgs }) => `With that done, I can ${intent} by calling ${api}${withArgs}.`,
  ({ api, intent, withArgs }) => `The next step is to ${intent}; ${api}${withArgs} will do it.`,
  ({ api, intent, args }) => `Now I will use ${api} to ${intent}${args ? `, passing ${args}` : ''}.`,
  ({ api, intent, withArgs }) => `I still need to ${intent}; calling ${api}${withArgs} takes care of that.`,
];
/** Frames that say the call builds on the previous answer: only for a call passing a value that answer shows. */
const BUILDS_ON: Frame[] = [
  ({ api, intent, args }) => `Building on that, I can ${intent} with ${api}${args ? `, passing ${args}` : ''}.`,
  ({ api, intent, withArgs }) => `With that answer in hand, I can ${intent}: ${api}${withArgs}.`,
];
/** Frames that say the call is the turn's last: only for the last call. */
const LAST: Frame[] = [
  ({ api, intent, withArgs }) => `That leaves a final thing to do here: ${intent}, which means calling ${api}${withArgs}.`,
  ({ api, intent, withArgs }) => `What remains is to ${intent}, so ${api}${withArgs} comes next.`,
  ({ api, intent, withArgs }) => `Last, I need to ${intent}, so I will call ${api}${withArgs}.`,
];
/** Frames for a turn's only call: no "to start", no "next". */
const SOLE: Frame[] = [
  ({ api, intent, withArgs }) => `I need to ${intent}, so I will call ${api}${withArgs}.`,
  ({ api, intent, args }) => `This request calls for ${api}: it lets me ${intent}${args ? `, and I will pass ${args}` : ''}.`,
  ({ api, intent, withArgs }) => `A single call does it: ${api}${withArgs}, to ${intent}.`,
  ({ api, intent, withArgs }) => `${api}${withArgs} is the only call this needs: it will ${intent}.`,
  ({ api, intent, withArgs }) => `Calling ${api}${withArgs} will ${intent}.`,
];

/** The frames that say true things about a call's place among its turn's `count` calls (`builds`: it passes a value the previous answer shows). */
function framesFor(index: number, count: number, builds = false): Frame[] {
  if (count === 1) return SOLE;
  if (index === 0) return FIRST;
  const later = builds ? [...NEXT, ...BUILDS_ON] : NEXT;
  return index === count - 1 ? [...later, ...LAST] : later;
}

const capitalise = (t: string) => t.charAt(0).toUpperCase() + t.slice(1);

/**
 * The offline thought for each step: what the step is for (the tool's description cut to what it
 * does, in plain words about the thing in hand: "get the details of the movie", not the doc's "get
 * the top level details of a movie by ID"), with which arguments, tied to the request (a value the user stated) and to what the
 * previous step returned where the source recorded it — in one of several sentence frames, each
 * grammatical whatever it is filled with.
 */
export function offlineThoughts(input: ThoughtInput, rng: Rng): string[] {
  return input.steps.map((s, i) => {
    const apiName = s.name.includes('.') ? s.name.slice(s.name.indexOf('.') + 1) : s.name;
    const api = `\`${apiName}\``;
    const intent = intentOf(s.description, apiName, s.args);
    const args = argPhrase(s.args, s.doc);
    const withArgs = args ? ` with ${args}` : '';
    const frame = rng.pick(framesFor(i, input.steps.length, i > 0 && usesPrevious(s.args, s.previousResponse)))({ api, intent, args, withArgs });
    const seen: Seen = {
      query: input.query,
      earlierRequests: input.earlierRequests ?? [],
      answers: [],
    };
    // Latest first: this turn's earlier steps, then earlier turns'.
    seen.answers = [...input.steps.slice(0, i).map((p, j) => ({ api: apiOf(p.name), response: input.steps[j + 1].previousResponse })).reverse(), ...[...(input.earlierAnswers ?? [])].reverse().map((a) => ({ api: apiOf(a.name), response: a.response }))];
    const stated = statedValue(s.args, seen);
    // Another value the call passes, said in the frame of where it comes from (its own pick only when nothing shown gave it).
    const other = typeof s.args === 'string' ? undefined : Object.entries(s.args).map(([key, v]) => ({ key, value: quotable(v), num: typeof v === 'number' })).find((e): e is { key: string; value: string; num: boolean } => e.value !== undefined);
    const fact = i > 0 ? previousFact(s.previousResponse, s.args) : undefined;
    const prevApi = i > 0 ? input.steps[i - 1].name.split('.').pop()! : '';
    // One optional clause in front: what the previous call returned, or where a value of the call comes from.
    const lead =
      fact && rng.chance(0.7)
        ? rng.pick([`\`${prevApi}\` says ${fact}. `, `From \`${prevApi}\` I know that ${fact}. `, `The last call tells me ${fact}. `])
        : stated && rng.chance(0.5)
          ? `${sourceSentence(keyNoun(stated.key, s.doc), stated.value, stated.num, stated.provenance, rng, 0.8, seen)} `
          : other && rng.chance(0.2)
            ? `${sourceSentence(keyNoun(other.key, s.doc), other.value, other.num, provenanceOf(other.value, seen), rng, 0.6, seen)} `
            : '';
    // "With that done" says the step before was a deed: after a lead (a fact or where a value comes from) "that" would be the lead, so it opens with "Now" instead.
    return capitalise(lead + (lead ? frame.replace(/^With that done, I can /, 'Now I can ') : frame));
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
  offline: { version: 'thought-writer-32', // 32 (h-base25): a thought with a lead sentence (a fact of the last answer, where a value comes from) never goes on "With that done, I can …" ("that" would be the lead, no deed: "The request names \"1293\" as the access token. With that done, …"), but "Now I can …" (thought_done_after_lead 89/936 CoT base cases on f52). 31 (h-thoughts13): a number the call passes as a number is said bare in a frame of the assistant's own words ("The movie id will be 27205.", not "27205"; thoughtPhrases said; thought_number_quoted); a string id stays quoted; Earlier versions: docs/method-versions.md.
    run: (input, rng) => ({ thoughts: offlineThoughts(input, rng) }) },
};
