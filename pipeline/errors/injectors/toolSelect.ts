/**
 * Tool selection errors: a listed tool a model could take for the right one — ranked by how alike
 * the two look (name words, description, parameters, toolkit) or the tool of a neighbouring step,
 * drawn from the top, never a tool that shares nothing with the step — called with arguments
 * adapted to its own parameters (each of its kind), the way a model fills in a tool it believes is
 * the right one. Never a read a careful agent may well make at the step (a pre-check before it
 * changes something, a look at the session before it reads a named object: pipeline/errors/benignSelect.ts),
 * never one that removes what the request never asked to remove (pipeline/errors/destructive.ts).
 * The CoT thought is written afterwards (thoughts.ts erroneousThought).
 */
import type { Rng } from '../../rng.js';
import type { ParamType, ToolArgs, ToolDoc, ToolParam } from '../../schemas.js';
import { enumOf, fitsType, isPlainObject, sameValue, toolkitOf } from '../values.js';
import { KEY_SYNONYMS, words } from '../vocabulary.js';
import { valueKindProblem } from '../kinds.js';
import { keysAgree, misplacedValue, type GivenValue } from '../misplaced.js';
import { confusable, toolSimilarity, type ToolSimilarity } from '../similarity.js';
import { pathProblem, type PathContext } from '../pathKinds.js';
import { actsOnSameObject, continuesPlan, reasonableInstead, repeatsPrevious } from '../benignSelect.js';
import { destroysUnasked } from '../destructive.js';
import { callSchemaProblems, holdsId, idShown, typeProblem } from '../wrongCall.js';
import { exactNumber, toJson } from '../../pyValues.js';
import { earlyLaterStep, laterStepToolOnOtherValues, gtArgs, isIdKey, namesATool, neighbourTools, querySpans, repeatsValidStep, shapeOf, type Injection, type InjectionInput, type Injector, type QuerySpan, type ValueShape } from './context.js';

const STOP = new Set(['the', 'a', 'an', 'to', 'of', 'and', 'or', 'in', 'on', 'for', 'with', 'by', 'is', 'are', 'be', 'this', 'that', 'it', 'from', 'as', 'at', 'i', 'me', 'my', 'you', 'your', 'can', 'will', 'please', 'tool', 'function', 'api', 'given', 'specified', 'current']);

// Every candidate tool of a step is scored against the same intent, and the same tool docs recur in
// every step of every trajectory: each distinct text is split once (a quarter of diversify-internal's
// time went to splitting them again). Callers only read the sets.
const bags = new Map<string, ReadonlySet<string>>();
const MAX_BAGS = 50_000;

function bag(text: string): ReadonlySet<string> {
  let hit = bags.get(text);
  if (!hit) {
    hit = new Set(
      text
        .split(/[^A-Za-z0-9]+/)
        .flatMap((w) => words(w))
        .filter((w) => w.length > 2 && !STOP.has(w)),
    );
    if (bags.size >= MAX_BAGS) bags.clear();
    bags.set(text, hit);
  }
  return hit;
}

/** How plausible `tool` looks for this step: same toolkit, words shared with the query and the intent, shared parameter names. */
export function relevance(tool: ToolDoc, input: InjectionInput): number {
  const intent = bag(`${input.query} ${input.correct.thought ?? ''}`);
  const toolWords = bag(`${tool.name.replace('.', ' ')} ${tool.description}`);
  let overlap = 0;
  for (const w of toolWords) if (intent.has(w)) overlap++;
  const params = [...tool.required_parameters, ...tool.optional_parameters].map((p) => p.name);
  const shared = params.filter((p) => p in gtArgs(input)).length;
  return (toolkitOf(tool.name) === toolkitOf(input.correct.name) ? 2 : 0) + Math.min(overlap, 6) * 0.5 + shared;
}

function coerce(value: unknown, type: ParamType): unknown {
  if (fitsType(value, type)) return value;
  if ((type === 'integer' || type === 'float') && typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())) {
    const n = Number(value);
    // An integer id past 2^53 stays exact (exactNumber), not rounded through float64.
    return type === 'integer' ? (/^-?\d+$/.test(value.trim()) ? exactNumber(value) : Math.trunc(n)) : n;
  }
  if (type === 'string' && (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean')) return String(value);
  if (type === 'array' && value !== undefined && !Array.isArray(value)) return [value];
  return value;
}

function related(a: string, b: string): boolean {
  if (a === b) return true;
  if ((KEY_SYNONYMS[a] ?? []).includes(b) || (KEY_SYNONYMS[b] ?? []).includes(a)) return true;
  const wa = words(a);
  const wb = words(b);
  return wa.some((w) => w.length > 2 && wb.includes(w));
}

type Role = 'file' | 'folder' | 'pattern' | 'id' | 'place' | 'date' | 'time' | 'other';

/** What a parameter holds, read from its name and description. */
function roleOf(param: ToolParam): Role {
  const n = param.name;
  if (isIdKey(n)) return 'id';
  if (/file|image|path|document/i.test(n)) return 'file';
  if (/folder|dir/i.test(n)) return 'folder';
  if (/pattern|query|keyword|search|term|content|text|message|body|title|comment/i.test(n)) return 'pattern';
  if (/city|place|location|address|destination|origin|^from$|^to$|_from$|_to$/i.test(n)) return 'place';
  if (/date|day/i.test(n)) return 'date';
  if (/time/i.test(n)) return 'time';
  return 'other';
}

const ROLE_SHAPE_SCORE: Record<Role, Partial<Record<ValueShape, number>>> = {
  file: { file: 3, text: -1, name: -1 },
  folder: { text: 2, name: 1, file: -3, code: -1 },
  pattern: { text: 2, name: 1, file: -1 },
  id: { code: 2, number: 2, text: -2, name: -2 },
  place: { name: 3, code: 1, text: 0, file: -3 },
  date: { date: 3 },
  time: { time: 3 },
  other: {},
};

interface ValueCandidate {
  value: unknown;
  /** Where it came from: a ground-truth argument (its key) or a span of the query. */
  from: { key: string } | { span: QuerySpan };
}

/** How well a candidate value suits a parameter; undefined when its type cannot fit. */
function suitability(param: ToolParam, c: ValueCandidate): number | undefined {
  const value = coerce(c.value, param.type);
  if (param.type !== 'any' && !fitsType(value, param.type)) return undefined;
  let score = 'key' in c.from ? 0.5 : 0; // a model reuses its own values first
  if (typeof value === 'string' && typeof c.value !== 'string' && roleOf(param) !== 'id') score -= 1; // a number is rarely put in a text field
  if (typeof value === 'string') {
    score += ROLE_SHAPE_SCORE[roleOf(param)][shapeOf(value)] ?? 0;
    if ('span' in c.from && c.from.span.kind === 'quoted' && roleOf(param) === 'pattern') score += 1;
  }
  return score;
}

/**
 * May a value given for `key` (of the correct tool) fill `param` of another? Only when both hold
 * the same kind of thing (pipeline/errors/misplaced.ts keysAgree) — an order type never fills an
 * order id, a travel class never an access token — and ids only for the same entity (`booking_id` is no `card_id`).
 */
function sameKindKeys(key: string, param: ToolParam, sourceDoc: ToolDoc | undefined): boolean {
  const sourceParam = sourceDoc ? [...sourceDoc.required_parameters, ...sourceDoc.optional_parameters].find((p) => p.name === key) : undefined;
  return keysAgree(sourceParam ?? { name: key, type: 'any' }, param);
}

/** The values the case has given for a parameter before the wrong call: the correct call's arguments and earlier calls'. */
export function givenValues(input: InjectionInput): GivenValue[] {
  const out: GivenValue[] = [];
  const add = (toolName: string, args: ToolArgs | string, where: string) => {
    if (!isPlainObject(args)) return;
    const doc = input.tools.find((t) => t.name === toolName);
    for (const [key, value] of Object.entries(args)) {
      const param = doc ? [...doc.required_parameters, ...doc.optional_parameters].find((p) => p.name === key) : undefined;
      out.push({ key, value, where, ...(param ? { param } : {}) });
    }
  };
  add(input.correct.name, input.correct.args, 'the correct call');
  for (const step of input.earlier) add(step.name, step.args, 'an earlier call');
  return out;
}

/** Values the trajectory gave this key before (an earlier call's argument): what a model reuses when it fills the same parameter again. */
function earlierValues(input: InjectionInput, key: string): unknown[] {
  const out: unknown[] = [];
  for (const step of [...input.earlier].reverse()) {
    if (isPlainObject(step.args) && key in step.args && !out.some((v) => sameValue(v, (step.args as ToolArgs)[key]))) out.push((step.args as ToolArgs)[key]);
  }
  return out;
}

/**
 * A value for a parameter nobody named: the best-suited unused ground-truth value or span of the
 * query (a file name for a file parameter, a city for a place), or the value an earlier step gave
 * the same key — and only one of the parameter's kind (pipeline/errors/kinds.ts). Undefined when
 * nothing fits: a model would not fill a booking id with an airport code, so neither do we.
 */
export function valueFor(param: ToolParam, input: InjectionInput, usedKeys: Set<string> = new Set(), usedValues: unknown[] = []): { value: unknown; key?: string } | undefined {
  const allowed = enumOf(param);
  if (allowed.length > 0) {
    // An enumerated parameter gets the member the query mentions, else its first member.
    const mentioned = allowed.find((v) => typeof v === 'string' && input.query.toLowerCase().includes(v.toLowerCase()));
    // A list parameter's options are its items' ("door": ["driver"], never "driver").
    return { value: param.type === 'array' ? [mentioned ?? allowed[0]] : (mentioned ?? allowed[0]) };
  }
  if (param.type === 'boolean') return { value: true };
  const source = gtArgs(input);
  const given = givenValues(input);
  const candidates: ValueCandidate[] = [
    ...Object.keys(source)
      .filter((k) => !usedKeys.has(k) && sameKindKeys(k, param, input.tools.find((t) => t.name === input.correct.name)))
      .map((k) => ({ value: source[k], from: { key: k } })),
    ...earlierValues(input, param.name).map((value) => ({ value, from: { key: param.name } })),
    ...querySpans(input.query)
      // A span the request labels for another parameter ("my access token 'abc123xyz'") is no card id.
      .filter((span) => !namesATool(span.text, input) && !misplacedValue(param, span.text, given, input.query, input.tools))
      // An id only where the request gives it as one: "expire in 2026" is no booking id.
      .filter((span) => !holdsId(param) || idShown(param.name, span.kind === 'number' ? exactNumber(span.text) : span.text, shownText(input)))
      .map((span) => ({ value: span.kind === 'number' ? exactNumber(span.text) : span.text, from: { span } })),
  ];
  let best: { c: ValueCandidate; score: number; value: unknown } | undefined;
  for (const c of candidates) {
    if (usedValues.some((u) => sameValue(u, c.value))) continue;
    const score = suitability(param, c);
    if (score === undefined || score <= 0) continue;
    const value = coerce(c.value, param.type);
    if (valueKindProblem(param, value, undefined, input.query)) continue;
    if (!best || score > best.score) best = { c, score, value };
  }
  if (!best) return undefined;
  return { value: best.value, ...('key' in best.c.from && best.c.from.key in source ? { key: best.c.from.key } : {}) };
}

/**
 * The ground truth's arguments carried over to another tool's parameters: same names first, then
 * related names, then the best-suited value of the parameter's kind. Undefined when a required
 * parameter has no value of its kind anywhere in the conversation.
 */
export function adaptArgs(tool: ToolDoc, input: InjectionInput): ToolArgs | undefined {
  const source = gtArgs(input);
  const sourceDoc = input.tools.find((t) => t.name === input.correct.name);
  const used = new Set<string>();
  const out: ToolArgs = {};
  const fill = (p: ToolParam, requiredParam: boolean): boolean => {
    const carry = (key: string): boolean => {
      const value = coerce(source[key], p.type);
      if (!sameKindKeys(key, p, sourceDoc)) return false;
      if (valueKindProblem(p, value, undefined, input.query)) return false;
      // A value of another type or outside the parameter's options (setHeadlights(mode="START") from startEngine's ignitionMode) fails for a second reason.
      if (typeProblem(p, value)) return false;
      out[p.name] = value;
      used.add(key);
      return true;
    };
    if (p.name in source && carry(p.name)) return true;
    const relatedKey = Object.keys(source).find((k) => !used.has(k) && related(k, p.name));
    if (relatedKey && carry(relatedKey)) return true;
    if (!requiredParam) return true;
    const found = valueFor(p, input, used, Object.values(out));
    if (!found) return false;
    out[p.name] = found.value;
    if (found.key) used.add(found.key);
    return true;
  };
  // Parameters of a name the correct call also takes are filled first, so the values they carry
  // over are not drawn for another parameter before (travel_class "business" as the access token).
  const ordered = (ps: ToolParam[]) => [...ps.filter((p) => p.name in source), ...ps.filter((p) => !(p.name in source))];
  for (const p of ordered(tool.required_parameters)) if (!fill(p, true)) return undefined;
  for (const p of ordered(tool.optional_parameters)) fill(p, false);
  // Every value must sit in a slot of its kind: a tool whose call would hold another parameter's
  // value or a sentence of the request is no tool a model would have picked this way.
  const given = givenValues(input);
  const params = [...tool.required_parameters, ...tool.optional_parameters];
  for (const [key, value] of Object.entries(out)) {
    const p = params.find((q) => q.name === key);
    if (!p || !misplacedValue(p, value, given, input.query, input.tools)) continue;
    if (tool.required_parameters.includes(p)) return undefined;
    delete out[key];
  }
  return out;
}

/** What the conversation showed before step k: the requests, earlier calls and their answers (where an id may come from). */
export function shownText(input: InjectionInput): string {
  return [...(input.earlierRequests ?? []), input.query, ...input.earlier.flatMap((s) => [toJson({ name: s.name, args: s.args }), s.response ?? ''])].join('\n');
}

/** The user's requests up to step k's turn: where an id or credentials a login takes may come from. */
export function requestsText(input: Pick<InjectionInput, 'earlierRequests' | 'query'>): string {
  return [...(input.earlierRequests ?? []), input.query].join('\n');
}

/** What the task has shown before step k (the request, earlier answers and calls), for "does this file exist". */
function pathContextOf(input: InjectionInput): PathContext {
  // The step's own call and the later ones of its request write what is not there yet (53_1 creates the deck it names).
  return { shown: [input.query, ...input.earlier.map((s) => s.response ?? '')].join('\n'), earlier: input.earlier, tools: input.tools, later: [input.correct, ...(input.validSteps ?? []).slice(input.earlier.length), ...(input.laterInTurn ?? [])] };
}

export interface ConfusableTool {
  tool: ToolDoc;
  similarity: ToolSimilarity;
  neighbour: boolean;
  /** Confusable only by acting on the request's object (same toolkit, little else shared). */
  sameObject: boolean;
  /** Ranking score: similarity, a neighbouring step's tool, words shared with the request. */
  score: number;
  args: ToolArgs;
}

/**
 * The listed tools a model could take for the right one, most confusable first: each shares a
 * name word, a description or parameters with it, or is the tool of a neighbouring step, and can
 * be called with values of its parameters' kinds; a call equal to a valid step is no candidate.
 */
export function confusableTools(input: InjectionInput): ConfusableTool[] {
  let ranked = confusableByInput.get(input);
  if (!ranked) confusableByInput.set(input, (ranked = rankConfusable(input)));
  // A list and arguments of the caller's own: an injected call's args become the case's action.
  return ranked.map((c) => ({ ...c, args: { ...c.args } }));
}

/**
 * confusableTools per input: an item asks for one step's input three times or more (whether the type
 * applies, again when the injector runs, then to draw), and ranking adapts the arguments of every
 * listed tool. Inputs are not changed once made (the injectors read them), so the ranking stands.
 */
const confusableByInput = new WeakMap<InjectionInput, ConfusableTool[]>();

function rankConfusable(input: InjectionInput): ConfusableTool[] {
  const correctDoc = input.tools.find((t) => t.name === input.correct.name);
  if (!correctDoc) return [];
  const neighbours = neighbourTools(input);
  const out: ConfusableTool[] = [];
  for (const tool of input.tools) {
    if (tool.name === input.correct.name) continue;
    // Taking away what the request never asked to remove (remove_stock_from_watchlist for get_stock_info,
    // rmdir for cd, delete_message for send_message) is the opposite action, not a tool taken for the right one.
    if (destroysUnasked(input.correct.name, tool.name, input.query)) continue;
    const similarity = toolSimilarity(correctDoc, tool, input.tools);
    const neighbour = neighbours.has(tool.name);
    const alike = confusable(similarity, neighbour);
    // A tool of the same toolkit that shares little with the right one's name or description is
    // still a slip when it acts on the request's object: mkdir("workspace") for cd("workspace").
    if (!alike && toolkitOf(tool.name) !== toolkitOf(correctDoc.name)) continue;
    const args = adaptArgs(tool, input);
    if (!args || (!alike && !actsOnSameObject(input.correct, { name: tool.name, args }, input.tools))) continue;
    // Arguments its own doc rules out (a type, a missing key, an option it lacks, an id nobody gave) make the call wrong a second way.
    if (callSchemaProblems({ name: tool.name, args }, input.tools, shownText(input), gtArgs(input)).length > 0) continue;
    if (repeatsValidStep({ name: tool.name, args }, input) || earlyLaterStep({ name: tool.name, args }, input.laterInTurn)) continue;
    // A later step's tool on none of this step's values is that step taken early with other values (Email.show while
    // get_property_reviews is due and "show the emails" comes next): redoing it rightly would be as right as the due step.
    if (laterStepToolOnOtherValues({ name: tool.name, args }, input.correct, [...(input.laterInTurn ?? []), ...(input.laterLookupsInTurn ?? [])])) continue;
    // A file it would read that does not exist fails for a second reason: the case would no longer be only the wrong tool.
    if (pathProblem(tool, args, pathContextOf(input))) continue;
    // A read a careful agent may well make here is no mistake: a pre-check before the step changes
    // something (ticket_get_login_status before create_ticket, pwd before cd, get_flight_cost before
    // book_flight), or a look at the session before a read of a named object (ls before cat).
    if (reasonableInstead(input.correct, { name: tool.name, args }, input.tools, requestsText(input))) continue;
    // The step just before done again (its tool, naming nothing this step names or keeping its
    // values) repeats that step: no wrong tool for this one.
    if (repeatsPrevious(input.correct, { name: tool.name, args }, input.earlier[input.earlier.length - 1], input.tools)) continue;
    // An earlier step's tool again on its record with an argument left out, or on the next record of a list the plan
    // is going through with it (get_movie_details of the sixth popular film after the first five): a step of the task.
    if (continuesPlan(input.correct, { name: tool.name, args }, input.earlier)) continue;
    out.push({ tool, similarity, neighbour, sameObject: !alike, args, score: similarity.score + (neighbour ? 0.15 : 0) + Math.min(relevance(tool, input), 6) * 0.02 });
  }
  return out.sort((a, b) => b.score - a.score || a.tool.name.localeCompare(b.tool.name));
}

function familyOf(c: ConfusableTool): string {
  if (c.sameObject) return 'same-object';
  if (c.neighbour) return 'neighbour-step';
  if (c.similarity.nameWords > 0) return 'similar-name';
  if (c.similarity.description >= 0.12) return 'similar-description';
  return 'shared-parameters';
}

export const toolSelectInjector: Injector = {
  type: 'tool_select_error',
  applies(input) {
    if (input.tools.every((t) => t.name === input.correct.name)) {
      return { ok: false, reason: `the tool list holds only ${input.correct.name}; a tool selection error needs another listed tool` };
    }
    if (confusableTools(input).length === 0) {
      const destructive = input.tools.filter((t) => destroysUnasked(input.correct.name, t.name, input.query)).map((t) => t.name);
      const left = destructive.length ? `; ${destructive.join(', ')} left out: ${destructive.length === 1 ? 'it removes' : 'they remove'} what the request never asked to remove` : '';
      return { ok: false, reason: `no listed tool is confusable with ${input.correct.name} (none shares a name word, a description, parameters or a neighbouring step with it and can be called with values of its kinds${left})` };
    }
    return { ok: true };
  },
  inject(input: InjectionInput, rng: Rng): Injection {
    const confusable = confusableTools(input);
    if (confusable.length === 0) throw new Error(`no listed tool is confusable with ${input.correct.name}`);
    // A tool a retry was told about (its answer held what the correct call answers) is not drawn again.
    const ranked = confusable.filter((c) => !input.avoid?.includes(c.tool.name));
    if (ranked.length === 0) throw new Error(`every tool confusable with ${input.correct.name} was rejected before (${input.avoid?.join(', ')})`);
    const top = ranked.slice(0, 3);
    // Favour the most confusable tools without always taking the first one.
    const chosen = top[rng.weighted(top.map((c) => c.score + 0.05))];
    const family = familyOf(chosen);
    return {
      action: { name: chosen.tool.name, args: chosen.args },
      family,
      variant: `${family}:${toolkitOf(chosen.tool.name) === toolkitOf(input.correct.name) ? 'same-toolkit' : 'other-toolkit'}`,
      detail: `${input.correct.name} → ${chosen.tool.name} (similarity ${chosen.similarity.score.toFixed(2)})`,
    };
  },
};
