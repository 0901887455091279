/**
 * The `thought-writer` role: the "goal at current step" a CoT variant shows for each ground-truth
 * call. Offline (offlineThoughts), the rules tie the step's purpose, its arguments, a value the user
 * stated and what the previous step returned, in varied frames that stay grammatical.
 */
import { z } from 'zod';
import { nlp } from '../../pipeline/nlp.js';
import type { RoleSpec } from '../../pipeline/llm/types.js';
import type { Rng } from '../../pipeline/rng.js';
import { keyAsWords, withArticle } from '../../pipeline/quality/grammar.js';
import { parseJson, toJson } from '../../pipeline/pyValues.js';

export interface ThoughtInput {
  query: string;
  steps: {
    name: string;
    description: string;
    args: Record<string, unknown> | string;
    /** The previous step's response, when the source recorded one (T-Eval); BFCL's come later, in resolve. */
    previousResponse?: string;
  }[];
}

const Output = z.object({ thoughts: z.array(z.string().min(1)) });

/** The API's own description (BFCL's toolkit preamble dropped), its first sentence, without its period. */
function purpose(description: string): string {
  // BFCL descriptions carry a preamble about the toolkit; the part after "Tool description:" is the API's own.
  const own = description.includes('Tool description:') ? description.split('Tool description:').pop()! : description;
  let first = own.trim().split(/(?<=\.)\s/)[0].replace(/\.$/, '').replace(/^\[[^\]]*\]\s*/, '');
  // A doc's template slot ("the filtered [outNum] playing films") is no words a person thinks in.
  first = first.replace(/\s*\[[A-Za-z_]+\]/g, '');
  // A clause pointing at another API by a name no tool list holds ("using the room id provided by `check_empty`").
  first = first.replace(/,?\s+(?:using|with|from|by|via)\b[^,;`]*`[^`]+`[^,;]*/g, '');
  // An instruction to the model ("When all steps done, YOU MUST use save_file() to save PPT") says what the tool is for after "to".
  const instructed = /\buse\s+`?\w+\(\)`?\s+to\s+(.+)$/i.exec(first);
  if (instructed) first = instructed[1].replace(/\bPPT\b/, 'the presentation');
  return first.charAt(0).toLowerCase() + first.slice(1);
}

/** Verbs a doc may open with that compromise may read as nouns ("list", "search", "post", ...). */
const OPENING_VERBS = new Set(['add', 'adjust', 'answer', 'archive', 'ask', 'book', 'buy', 'calculate', 'call', 'cancel', 'change', 'check', 'close', 'compare', 'compute', 'convert', 'copy', 'count', 'create', 'delete', 'display', 'download', 'edit', 'estimate', 'fetch', 'fill', 'filter', 'find', 'follow', 'generate', 'get', 'give', 'handle', 'list', 'load', 'lock', 'log', 'look', 'make', 'mention', 'modify', 'move', 'navigate', 'open', 'order', 'pause', 'place', 'play', 'post', 'press', 'print', 'purchase', 'query', 'raise', 'read', 'record', 'release', 'remove', 'rename', 'reply', 'request', 'reset', 'resolve', 'retrieve', 'retweet', 'return', 'round', 'run', 'save', 'search', 'sell', 'send', 'set', 'share', 'show', 'sort', 'start', 'stop', 'submit', 'take', 'translate', 'turn', 'unlock', 'update', 'upload', 'use', 'verify', 'view', 'withdraw', 'write']);

/** A third-person verb in its base form: "gets" -> "get", "searches" -> "search", "applies" -> "apply". */
export function baseForm(word: string): string {
  const w = word.toLowerCase();
  if (/ies$/.test(w)) return w.slice(0, -3) + 'y';
  if (/(ch|sh|ss|x|z|o)es$/.test(w)) return w.slice(0, -2);
  if (/[^s]s$/.test(w)) return w.slice(0, -1);
  return w;
}

/**
 * What the step does as a base-form verb phrase, for "I need to ___": the doc's first sentence with
 * "This function/tool/API" dropped and a third-person verb put in its base form ("Gets the zipcode"
 * -> "get the zipcode"); a doc that names a thing instead ("A google search API") becomes "use a
 * google search API"; a doc with nothing usable, "use <api>".
 */
export function intentOf(description: string, api: string, args: Record<string, unknown> | string = {}): string {
  let text = purpose(description)
    .replace(/^(this|the)( \w+)? (function|tool|api|endpoint|method|operation)( is used to| is used for| will| can| helps to| helps| allows you to| lets you)?\s+/i, '')
    .replace(/^(used|designed) to\s+/i, '')
    .replace(/^(it|this)\s+/i, '')
    .split(/[:;]\s/)[0]
    .trim()
    .replace(/[.!?]+$/, '');
  if (!text) return `use \`${api}\``;
  text = fillPlaceholder(plainWords(text), args);
  // A doc that opens with the question the tool answers ("if they are any rooms available") is a check.
  const question = /^(?:if|whether)\s+(.+)$/i.exec(text);
  if (question) text = `check whether ${question[1].replace(/^they are any\b/i, 'there are any')}`;
  const first = text.match(/^[A-Za-z]+/)?.[0] ?? '';
  const base = baseForm(first);
  const isVerb = OPENING_VERBS.has(base) || (nlp(text).terms().first().has('#Verb') && !nlp(first).has('#Determiner'));
  if (isVerb && first) text = base + text.slice(first.length);
  else text = `use ${/^(a|an|the)\b/i.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : `\`${api}\`, which provides ${text.charAt(0).toLowerCase() + text.slice(1)}`}`;
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/**
 * A doc's count placeholder ("forecast weather in the N upcoming days") with the call's number in
 * it when the call passes exactly one ("in the next 3 days"), else without it ("in the upcoming days").
 */
function fillPlaceholder(text: string, args: Record<string, unknown> | string): string {
  if (!/\bN\b/.test(text)) return text;
  const numbers = typeof args === 'string' ? [] : Object.values(args).filter((v): v is number => typeof v === 'number' && Number.isInteger(v));
  if (numbers.length !== 1) return text.replace(/\s*\bN\b/g, '');
  return text.replace(/\bthe N upcoming\b/g, 'the next N').replace(/\bN\b/g, String(numbers[0]));
}

/**
 * Doc shorthand no person thinks in, in plain words: "add text page of ppt" is adding a text slide
 * to the presentation; "book a flight given the travel information" is booking the flight.
 */
function plainWords(text: string): string {
  return text
    .replace(/\b(?:an?\s+)?((?:text|image|title|bullet)(?:\s+and\s+\w+)?)\s+page\s+of\s+ppt\b/gi, (_m, kind: string) => `${withArticle(kind.toLowerCase())} slide to the presentation`)
    .replace(/\bpage\s+of\s+ppt\b/gi, 'slide to the presentation')
    .replace(/\bof ppt\b/gi, 'of the presentation')
    .replace(/\bppt\b/gi, 'presentation')
    .replace(/\s+given the [a-z ]+?information$/i, '')
    .replace(/\s+(?:with|using) the given [a-z ]+$/i, '');
}

const humanize = keyAsWords;

function sayValue(v: unknown): string {
  if (typeof v === 'string') return v.length > 60 ? `${withArticle(`${v.split(/\s+/).length}-word`)} text` : JSON.stringify(v);
  if (Array.isArray(v)) return v.length <= 3 ? `[${v.map(sayValue).join(', ')}]` : `a list of ${v.length} values`;
  if (v && typeof v === 'object') return `an object with ${Object.keys(v).map(humanize).join(', ')}`;
  return String(v);
}

/** "the city "Paris" and the unit "C"" — up to three arguments; "" when there are none. */
export function argPhrase(args: Record<string, unknown> | string): string {
  if (typeof args === 'string') return args ? JSON.stringify(args) : '';
  const entries = Object.entries(args)
    .slice(0, 3)
    .map(([k, v]) => (typeof v === 'string' && v.length <= 60 ? `${humanize(k)} ${sayValue(v)}` : `${humanize(k)} set to ${sayValue(v)}`));
  if (entries.length <= 1) return entries.join('');
  return `${entries.slice(0, -1).join(', ')} and ${entries[entries.length - 1]}`;
}

/** An argument value the user's request states verbatim (what ties this step to the request), if any. */
function statedValue(args: Record<string, unknown> | string, query: string): { key: string; value: string } | undefined {
  if (typeof args === 'string') return undefined;
  for (const [key, v] of Object.entries(args)) {
    const value = typeof v === 'number' ? String(v) : typeof v === 'string' ? v : undefined;
    if (value && value.length >= 2 && value.length <= 60 && query.includes(value)) return { key, value };
  }
  return undefined;
}

/** One short, whole fact from a previous response, when it is a JSON object with a short scalar field. */
function previousFact(response: string | undefined): string | undefined {
  if (!response) return undefined;
  try {
    const v = parseJson(response) as unknown;
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      for (const [k, x] of Object.entries(v)) {
        if ((typeof x === 'string' && x.length > 0 && x.length <= 40) || typeof x === 'number') return `the ${humanize(k)} is ${sayValue(x)}`;
      }
    }
  } catch {
    // not JSON: no fact to quote
  }
  return undefined;
}

type Frame = (p: { api: string; intent: string; args: string; withArgs: string }) => string;

const FIRST: Frame[] = [
  ({ api, intent, withArgs }) => `To start, I need to ${intent}, so I will call ${api}${withArgs}.`,
  ({ api, intent, withArgs }) => `The first thing to do is ${intent.startsWith('use ') ? intent : `to ${intent}`}, which ${api} handles${withArgs}.`,
  ({ api, intent, withArgs }) => `I should begin by calling ${api}${withArgs} in order to ${intent}.`,
  ({ api, intent, withArgs }) => `Let me ${intent} first; ${api}${withArgs} does exactly that.`,
  ({ api, intent, withArgs }) => `Before anything else I have to ${intent}, and ${api}${withArgs} is the tool for it.`,
  ({ api, intent, args }) => `My plan starts with ${api}, since it can ${intent}${args ? `; the arguments are ${args}` : ''}.`,
  ({ api, intent, withArgs }) => `Step one: call ${api}${withArgs} so that I can ${intent}.`,
];
/** Frames for a later call that say nothing of what comes after it. */
const NEXT: Frame[] = [
  ({ api, intent, withArgs }) => `Next, I need to ${intent}, so I will call ${api}${withArgs}.`,
  ({ api, intent, withArgs }) => `With that done, I can ${intent} by calling ${api}${withArgs}.`,
  ({ api, intent, withArgs }) => `The next step is to ${intent}; ${api}${withArgs} will do it.`,
  ({ api, intent, args }) => `Now I will use ${api} to ${intent}${args ? `, passing ${args}` : ''}.`,
  ({ api, intent, args }) => `Building on that, I can ${intent} with ${api}${args ? `, passing ${args}` : ''}.`,
  ({ api, intent, withArgs }) => `I still need to ${intent}; calling ${api}${withArgs} takes care of that.`,
];
/** Frames that say the call is the turn's last: only for the last call. */
const LAST: Frame[] = [
  ({ api, intent, withArgs }) => `That leaves one more thing to do here: ${intent}, which means calling ${api}${withArgs}.`,
  ({ api, intent, withArgs }) => `What remains is to ${intent}, so ${api}${withArgs} comes next.`,
  ({ api, intent, withArgs }) => `Last, I need to ${intent}, so I will call ${api}${withArgs}.`,
];
/** Frames for a turn's only call: no "to start", no "next". */
const SOLE: Frame[] = [
  ({ api, intent, withArgs }) => `I need to ${intent}, so I will call ${api}${withArgs}.`,
  ({ api, intent, args }) => `This request calls for ${api}: it lets me ${intent}${args ? `, and I will pass ${args}` : ''}.`,
  ({ api, intent, withArgs }) => `One call does it: ${api}${withArgs}, to ${intent}.`,
  ({ api, intent, withArgs }) => `${api}${withArgs} is the one call this needs: it will ${intent}.`,
  ({ api, intent, withArgs }) => `Calling ${api}${withArgs} will ${intent}.`,
];

/** The frames that say true things about a call's place among its turn's `count` calls. */
function framesFor(index: number, count: number): Frame[] {
  if (count === 1) return SOLE;
  if (index === 0) return FIRST;
  return index === count - 1 ? [...NEXT, ...LAST] : NEXT;
}

const capitalise = (t: string) => t.charAt(0).toUpperCase() + t.slice(1);

/**
 * The offline thought for each step: what the step is for (the tool's own description as a verb
 * phrase), with which arguments, tied to the request (a value the user stated) and to what the
 * previous step returned where the source recorded it — in one of several sentence frames, each
 * grammatical whatever it is filled with.
 */
export function offlineThoughts(input: ThoughtInput, rng: Rng): string[] {
  return input.steps.map((s, i) => {
    const apiName = s.name.includes('.') ? s.name.slice(s.name.indexOf('.') + 1) : s.name;
    const api = `\`${apiName}\``;
    const intent = intentOf(s.description, apiName, s.args);
    const args = argPhrase(s.args);
    const withArgs = args ? ` with ${args}` : '';
    const frame = rng.pick(framesFor(i, input.steps.length))({ api, intent, args, withArgs });
    const stated = statedValue(s.args, input.query);
    const fact = i > 0 ? previousFact(s.previousResponse) : undefined;
    const prevApi = i > 0 ? input.steps[i - 1].name.split('.').pop()! : '';
    // One optional clause in front: what the previous call returned, or the value the user gave.
    const lead =
      fact && rng.chance(0.7)
        ? rng.pick([`\`${prevApi}\` says ${fact}. `, `From \`${prevApi}\` I know that ${fact}. `, `The last call tells me ${fact}. `])
        : stated && rng.chance(0.5)
          ? rng.pick([
              `The user gave the ${humanize(stated.key)} as "${stated.value}". `,
              `The request names "${stated.value}" as the ${humanize(stated.key)}. `,
              `The user mentioned "${stated.value}", which is the ${humanize(stated.key)} here. `,
              `"${stated.value}" comes straight from the request. `,
            ])
          : '';
    return capitalise(lead + frame);
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
  offline: { version: 'thought-writer-7', run: (input, rng) => ({ thoughts: offlineThoughts(input, rng) }) },
};
