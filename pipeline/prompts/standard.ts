/**
 * The standard CRITICTOOL prompt (paper Figs. 10/11) and the chat history of a trajectory. This is
 * the one place the format lives: the official evaluator slices the tool list out of the system
 * prompt (first `[` up to `\nTo use a tool`) and inserts its own instructions right before
 * "Remember: only generate ONE step each time", so both markers must appear exactly once.
 */
import { FINISH_ACTION, type Action, type ChatMessage, type ToolDoc, type Trajectory, type Turn } from '../schemas.js';
import { toolSteps } from '../steps.js';
import { toJson } from '../pyValues.js';
import { answerFact, argPhrase } from '../thoughtPhrases.js';
import { failureKind } from '../errors/environment.js';
import { isPlainObject } from '../errors/values.js';
import { joinAnd } from '../quality/grammar.js';

export const TOOL_LIST_END_MARKER = '\nTo use a tool';
export const REMEMBER_LINE = 'Remember: only generate ONE step each time.';

const PREAMBLE = 'You are a assistant who can utilize external tools. You can call the following tools:\n';

function toolFormat(cot: boolean): string {
  return [
    '```',
    '{',
    ...(cot ? ['    "thought": string, // goal at current step'] : []),
    '    "name": string, // tool name to call',
    '    "args": Record<string, any> // input params required by current tool in JSON format',
    '}',
    '```',
  ].join('\n');
}

function finishFormat(cot: boolean): string {
  return [
    '```',
    '{',
    ...(cot ? ['    "thought": string, // explain why the task is accomplished/unaccomplished'] : []),
    '    "name": "FinishAction",',
    '    "args": string // your final response to the query',
    '}',
    '```',
  ].join('\n');
}

/** Tool docs in a fixed key order, so the same tools always render to the same bytes. */
export function orderedDoc(doc: ToolDoc): ToolDoc {
  return {
    name: doc.name,
    description: doc.description,
    required_parameters: doc.required_parameters,
    optional_parameters: doc.optional_parameters,
    return_data: doc.return_data,
  };
}

/**
 * Lists rendered, by the list: every case cut from a trajectory renders its tool list (assemble
 * screens each pool member in both variants, builds the drawn ones again, and checks each prompt
 * against the list), 0.8 s of the build's stringify. A hit must still hold the same docs in the same
 * places; docs are never edited in place (readers share them, pipeline/artifactRef.ts).
 */
const renderedLists = new WeakMap<ToolDoc[], { docs: ToolDoc[]; text: string }>();

export function renderToolList(tools: ToolDoc[]): string {
  const hit = renderedLists.get(tools);
  if (hit && hit.docs.length === tools.length && hit.docs.every((d, i) => d === tools[i])) return hit.text;
  const text = JSON.stringify(tools.map(orderedDoc));
  renderedLists.set(tools, { docs: tools.slice(), text });
  return text;
}

export function renderSystemPrompt(tools: ToolDoc[], opts: { cot: boolean }): string {
  const list = renderToolList(tools);
  const text =
    PREAMBLE +
    list +
    TOOL_LIST_END_MARKER +
    ', please directly generate the response in JSON format. Do NOT add comments (//) in the response.\n' +
    toolFormat(opts.cot) +
    '\nIf you already know the answer, or you do not need to use tools, please using the following format to reply:\n' +
    finishFormat(opts.cot) +
    '\n' +
    REMEMBER_LINE +
    '\n';
  return text;
}

/** The tool list back out of a system prompt, exactly as the official evaluator slices it. */
export function toolListFromSystemPrompt(prompt: string): unknown {
  const start = prompt.indexOf('[');
  const end = prompt.indexOf(TOOL_LIST_END_MARKER);
  if (start < 0 || end < 0 || end < start) throw new Error('system prompt has no tool list');
  return JSON.parse(prompt.slice(start, end));
}

/** Assistant message content: the action as JSON, thought first in CoT variants. */
export function renderAction(action: Action, opts: { cot: boolean }): string {
  const body: Record<string, unknown> = {};
  if (opts.cot) body.thought = action.thought ?? '';
  body.name = action.name;
  body.args = action.args;
  // Lossless: an id beyond 2^53 is written with every digit, as the source gave it.
  return toJson(body);
}

export function finishAction(answer: string, thought?: string): Action {
  return thought === undefined ? { name: FINISH_ACTION, args: answer } : { thought, name: FINISH_ACTION, args: answer };
}

/**
 * Said of the calls, never of the request: the calls show what went through, not whether they
 * cover every part of it (teval_query_479_1 asks for three things and its two calls answer two).
 * Each says something of this turn: the last call by name and a fact its answer shows ("`get_watchlist`
 * says the stock list holds "NVDA" and "OMEG""), or the calls by name where no short fact can be
 * said. A sentence that fits every case ("Every call went through, so I can sum up what came back.",
 * 160 cases of one build) tells a model nothing about why the turn ends here.
 */
interface Done {
  /** The last call, backticked. */
  api: string;
  /** The turn's calls by name ("`cd`, `ls` and `cat`"), each once. */
  calls: string;
  /** How many distinct calls. */
  n: number;
  /** The calls before the last by name, each once, the last left out ("`cd` and `ls`"). */
  earlier: string;
  /** A fact the last call's answer shows ("the stock list holds "NVDA" and "OMEG""). */
  fact: string;
  /** The last call's arguments in words, after "with" (" with folder "documents""), or nothing for a call without any. */
  withArgs: string;
}
const DONE_FACT: ((d: Done) => string)[] = [
  ({ api, fact }) => `${api} came back and ${fact}; it was the last call I planned, so I can report the results.`,
  ({ api, fact }) => `According to ${api}, ${fact}; nothing is left to call, so I will answer with that.`,
  ({ api, fact }) => `${api} answered that ${fact}, which is what I was waiting for before replying.`,
  ({ api, fact, earlier }) => (earlier ? `${earlier} went through before ${api}, which says ${fact}, so I can sum up now.` : `${api} went through and ${fact}, so it is time to tell the user.`),
  ({ api, fact }) => `Now that ${api} shows ${fact}, the answer can rest on that.`,
];
const DONE_PLAIN: ((d: Done) => string)[] = [
  ({ api, withArgs }) => `${api}${withArgs} came back, and it was the last call I planned, so I can report the results.`,
  ({ calls, n }) => `${calls} ${n > 2 ? 'all went' : n === 2 ? 'both went' : 'went'} through, so I can sum up what came back.`,
  ({ api, withArgs }) => `${api}${withArgs} was my last call, so it is time to answer.`,
  ({ calls, n }) => (n > 1 ? `Each of ${calls} succeeded; now I give the answer.` : `${calls} succeeded; now I give the answer.`),
  ({ api, withArgs, earlier }) => (earlier ? `${earlier} went through, then ${api}${withArgs}; I can write the answer from what they returned.` : `${api}${withArgs} is done, so I can write the answer from what it returned.`),
];
const PARTLY: ((api: string, how: string, done: string) => string)[] = [
  (api, how, done) => `${api} ${how}, so I will say what ${done} gave and what did not go through.`,
  (api, how, done) => `Not every call succeeded: ${api} ${how}. I will report what ${done} returned and the failure.`,
];
const FAILED: ((api: string, how: string) => string)[] = [
  (api, how) => `${api} ${how}, so I will tell the user what went wrong.`,
  (api, how) => `The request could not be completed because ${api} ${how}; I will explain the error that came back.`,
];
const NO_TOOL = ['This needs no tool call, so I can answer directly.', 'Nothing here calls for a tool; I can reply straight away.'];

/** A small stable hash: which wording a turn gets depends on the turn, never on call order. */
function pick<T>(options: readonly T[], key: string): T {
  let h = 2166136261;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 16777619);
  return options[(h >>> 0) % options.length];
}


/**
 * The thought a turn's closing FinishAction carries in CoT variants: what the turn's calls came to
 * (all done, one failed, none needed), naming the calls and what the last one showed, in one of a
 * few wordings chosen by the turn's request.
 */
export function finishThought(turn?: Pick<Turn, 'user' | 'steps'>, docs: readonly ToolDoc[] = []): string {
  const calls = (turn?.steps ?? []).filter((s) => s.action.name !== FINISH_ACTION);
  const key = turn?.user ?? '';
  if (calls.length === 0) return pick(NO_TOOL, key);
  const failed = calls.filter((s) => s.response?.error);
  const named = (s: (typeof calls)[number]) => `\`${s.action.name.slice(s.action.name.lastIndexOf('.') + 1)}\``;
  const how = (s: (typeof calls)[number]) => failureKind(s.response?.error?.message ?? s.response?.content ?? '');
  const lastFailed = failed[failed.length - 1];
  if (failed.length === calls.length) return pick(FAILED, key)(named(lastFailed), how(lastFailed));
  if (failed.length) return pick(PARTLY, key)(named(lastFailed), how(lastFailed), joinAnd([...new Set(calls.filter((s) => !s.response?.error).map(named))].filter((n) => n !== named(lastFailed))) || 'the other calls');
  const last = calls[calls.length - 1];
  const names = [...new Set(calls.map(named))];
  const fact = answerFact(last.response?.content, last.action.args, turn?.user, last.action.name);
  // Named by the docs where they say what a bare key holds ("starting point" for get_route's start: thought_key_bare).
  const phrase = typeof last.action.args === 'string' || isPlainObject(last.action.args) ? argPhrase(last.action.args, docs.find((d) => d.name === last.action.name)) : '';
  const done = { api: named(last), calls: joinAnd(names), n: names.length, earlier: joinAnd(names.filter((n) => n !== named(last))), fact: fact ?? '', withArgs: phrase ? ` with ${phrase}` : '' };
  return capitalised(fact ? pick(DONE_FACT, key)(done) : pick(DONE_PLAIN, key)(done));
}

function capitalised(t: string): string {
  return t.charAt(0).toUpperCase() + t.slice(1);
}

/**
 * System prompt, then the conversation up to (not including) tool step k: every earlier turn
 * in full with its closing FinishAction, then the user message of the turn that holds step k and
 * that turn's steps before k.
 */
export function renderPrefix(trajectory: Trajectory, k: number, opts: { cot: boolean; tools?: ToolDoc[]; system?: string }): ChatMessage[] {
  const located = toolSteps(trajectory);
  const target = located[k - 1];
  if (!target) throw new Error(`trajectory ${trajectory.id} has ${located.length} tool steps; cannot stop at k=${k}`);
  const messages: ChatMessage[] = [
    { role: 'system', content: opts.system ?? renderSystemPrompt(opts.tools ?? trajectory.tools, { cot: opts.cot }) },
  ];
  for (let t = 0; t <= target.turnIndex; t++) {
    const turn = trajectory.turns[t];
    messages.push({ role: 'user', content: turn.user });
    const last = t === target.turnIndex ? target.stepIndex : turn.steps.length;
    for (let s = 0; s < last; s++) {
      const step = turn.steps[s];
      messages.push(...renderStep(step.action, step.response?.content ?? '', opts));
    }
    if (t < target.turnIndex) {
      messages.push({ role: 'assistant', content: renderAction(finishAction(turn.final ?? '', finishThought(turn, trajectory.tools)), opts) });
    }
  }
  return messages;
}

export function renderStep(action: Action, responseContent: string, opts: { cot: boolean }): ChatMessage[] {
  if (action.name === FINISH_ACTION) return [{ role: 'assistant', content: renderAction(action, opts) }];
  return [
    { role: 'assistant', content: renderAction(action, opts) },
    { role: 'function', content: responseContent },
  ];
}

/** The action after tool step k: the next tool step of the same turn, or the turn's FinishAction. */
export function nextAction(trajectory: Trajectory, k: number): Action {
  const located = toolSteps(trajectory);
  const here = located[k - 1];
  if (!here) throw new Error(`trajectory ${trajectory.id} has no tool step k=${k}`);
  const turn = trajectory.turns[here.turnIndex];
  for (let s = here.stepIndex + 1; s < turn.steps.length; s++) {
    const step = turn.steps[s];
    if (step.action.name !== FINISH_ACTION) return step.action;
  }
  const answer = turn.final ?? (here.turnIndex === trajectory.turns.length - 1 ? trajectory.final : '');
  return finishAction(answer, finishThought(turn, trajectory.tools));
}
