/**
 * When is a "wrong tool" no mistake? CRITICTOOL's tool selection error is a listed tool that does
 * not do what the step needs (tail for cat, wc for sort, mkdir for touch, get_ticker_news for
 * get_stock_info). Three kinds of other call are reasonable steps a careful agent may take, and a
 * case that asks a model to call them a mistake misleads:
 *
 * (a) answer-equivalent: a read that went through and whose answer holds every value the correct
 *     call's answer gives (get_all_credit_cards listing "balance": 1500.75 for card_4455 when
 *     get_credit_card_balance(card_4455) answers {"balance": 1500.75}); answering from it is as right;
 * (b) plausible pre-check: before a step that changes something, a read of the same toolkit about
 *     the same object or session — it names no object the step does not name
 *     (get_flight_cost(SFO→LAX) before book_flight(SFO→LAX), ticket_get_login_status before
 *     create_ticket, get_account_info before place_order, pwd or ls before cd, get_tweet(10) before
 *     retweet(10)): its answer or the precondition it checks feeds the step; a login status check
 *     is one before any call of its toolkit;
 * (c) status look: before a read that names its object, a read of the same toolkit that names none
 *     (pwd or ls before cat(file3.txt), get_order_history before get_order_details(12446)): a look
 *     around the session the step works in, not a different action on the request's object.
 *
 * (b) and (c) need only the two calls, so the injector never draws them; (a) needs both answers,
 * so diversify-internal rejects it once the wrong call is answered.
 */
import type { Action, ToolArgs, ToolDoc, ToolParam } from '../schemas.js';
import { callChangesState, responseRefuses } from './sideEffects.js';
import { isErrorResponse } from './responses.js';
import { enumOf, isPlainObject, sameValue, toolkitOf } from './values.js';
import { parseToolResponse } from '../prompts/parseAction.js';
import { KEY_SYNONYMS, words } from './vocabulary.js';
import { isIdKey } from './injectors/context.js';
import { idsNamed } from '../resolution/availability.js';

type Call = Pick<Action, 'name' | 'args'>;

/** A parameter that names what a call acts on or looks up: not a flag (boolean) and not a choice among listed options (a wc mode, a door of the car). */
function namesObject(param: ToolParam | undefined, value: unknown): boolean {
  if (typeof value === 'boolean' || value === null || value === undefined) return false;
  if (param && (param.type === 'boolean' || enumOf(param).length > 0)) return false;
  // An array of listed options (lockDoors' doors) is a choice too.
  if (param?.type === 'array' && Array.isArray(value) && /\[Enum\]|one of|any of/i.test(param.description)) return false;
  return true;
}

function leafValues(value: unknown, out: unknown[] = []): unknown[] {
  if (Array.isArray(value)) value.forEach((v) => leafValues(v, out));
  else if (isPlainObject(value)) Object.values(value).forEach((v) => leafValues(v, out));
  else out.push(value);
  return out;
}

/** The values of a call's arguments that name an object (its leaves, flags and listed options left out). */
export function objectValues(call: Call, tools: ToolDoc[]): unknown[] {
  if (!isPlainObject(call.args)) return [];
  const doc = tools.find((t) => t.name === call.name);
  const params = doc ? [...doc.required_parameters, ...doc.optional_parameters] : [];
  const out: unknown[] = [];
  for (const [key, value] of Object.entries(call.args as ToolArgs)) {
    if (!namesObject(params.find((p) => p.name === key), value)) continue;
    for (const leaf of leafValues(value)) if (namesObject(undefined, leaf)) out.push(leaf);
  }
  return out;
}

function sameToolkitRead(correct: Call, wrong: Call): boolean {
  const kit = toolkitOf(correct.name);
  return kit !== '' && kit === toolkitOf(wrong.name) && !callChangesState(wrong.name);
}

const LOGIN_STATUS = /login_status|logged_in|auth(?:entication)?_status/i;

const LOGIN = /log_?in|sign_?in|authenticat/i;

/**
 * A login the request invites: a call of the toolkit's login (message_login, authenticate_twitter)
 * whose every value the user's own words give ("I (user id 'USR001') request you dispatch a
 * message…" -> message_login(user_id="USR001")). A user who names their id or credentials asks to act
 * as themselves; a model that logs in with them first is taking a sensible step, not a wrong tool.
 */
export function invitedLogin(correct: Call, wrong: Call, tools: ToolDoc[], requests: string): string | undefined {
  const kit = toolkitOf(correct.name);
  if (kit === '' || kit !== toolkitOf(wrong.name) || !LOGIN.test(wrong.name) || LOGIN_STATUS.test(wrong.name) || /log_?out/i.test(wrong.name)) return undefined;
  const named = objectValues(wrong, tools);
  if (named.length === 0) return undefined;
  const text = requests.toLowerCase();
  if (!named.every((v) => (typeof v === 'string' || typeof v === 'number') && text.includes(String(v).toLowerCase()))) return undefined;
  return `${wrong.name} logs in with ${named.map((v) => JSON.stringify(v)).join(', ')}, which the user gave as their own: a step the request invites before ${correct.name}, not a wrong tool`;
}

/**
 * (b) Why `wrong` is a plausible pre-check for the state-changing `correct`, or undefined; with the
 * user's requests, a login with the id or credentials they give counts too (invitedLogin).
 */
export function plausiblePrecheck(correct: Call, wrong: Call, tools: ToolDoc[], requests?: string): string | undefined {
  if (requests !== undefined) {
    const login = invitedLogin(correct, wrong, tools, requests);
    if (login) return login;
  }
  if (!sameToolkitRead(correct, wrong)) return undefined;
  // Being logged in is what every call of the toolkit needs (ticket_get_login_status before view_messages_sent too).
  if (LOGIN_STATUS.test(wrong.name)) return `${wrong.name} checks the login every call of the toolkit needs before ${correct.name}: a pre-check, not a wrong tool`;
  if (!callChangesState(correct.name)) return undefined;
  const named = objectValues(wrong, tools);
  const target = objectValues(correct, tools);
  if (!named.every((v) => target.some((t) => sameValue(t, v)))) return undefined;
  return named.length === 0
    ? `${wrong.name} reads the session's state (it names nothing) before ${correct.name} changes it: a pre-check, not a wrong tool`
    : `${wrong.name} reads about ${named.map((v) => JSON.stringify(v)).join(', ')}, what ${correct.name} then acts on: a pre-check, not a wrong tool`;
}

/** (c) Why `wrong` is a look around the session before a read of a named object, or undefined. */
export function statusLook(correct: Call, wrong: Call, tools: ToolDoc[]): string | undefined {
  if (callChangesState(correct.name) || !sameToolkitRead(correct, wrong)) return undefined;
  if (objectValues(correct, tools).length === 0 || objectValues(wrong, tools).length > 0) return undefined;
  return `${wrong.name} names nothing: a look at the session before ${correct.name} reads what the request names, not a different action on it`;
}

const GENERIC_KEY_WORDS = new Set(['name', 'names', 'type', 'value', 'number']);

/** Keys that name the same thing: equal, listed as synonyms, or sharing a word through them (folder / dir_name via "dir"). */
function relatedKeys(a: string, b: string): boolean {
  if (a === b) return true;
  // "name", "id", "type" end many keys (file_name, dir_name): alone they name nothing in particular.
  const forms = (k: string) => new Set([k, ...(KEY_SYNONYMS[k] ?? [])].flatMap((x) => [x, ...words(x)]).filter((w) => w.length > 2 && !GENERIC_KEY_WORDS.has(w)));
  const fb = forms(b);
  return [...forms(a)].some((w) => fb.has(w));
}

/** A value that names the thing a call acts on: a name, path or code (no date or time), or a number under an id key. */
function objectValue(key: string, value: unknown): boolean {
  if (typeof value === 'string') return value.trim().length >= 2 && !/^\d{4}-\d{2}-\d{2}|^\d{1,2}:\d{2}/.test(value.trim());
  return typeof value === 'number' && isIdKey(key);
}

/**
 * Does `call` act on what `correct` acts on, in the same toolkit (mkdir(dir_name="workspace") for
 * cd(folder="workspace"), remove_stock_from_watchlist(symbol="ZETA") for place_order(symbol="ZETA", …))?
 * The same name, path, code or id under a key naming the same thing; a date or an amount is no
 * object. Such a tool is a different action on the request's object — the mistake a tool selection
 * error is — however little its name or description shares with the right one's.
 */
export function actsOnSameObject(correct: Call, call: Call, tools: ToolDoc[]): boolean {
  if (toolkitOf(correct.name) === '' || toolkitOf(correct.name) !== toolkitOf(call.name)) return false;
  if (!isPlainObject(correct.args) || !isPlainObject(call.args)) return false;
  const docOf = (name: string) => tools.find((t) => t.name === name);
  const paramOf = (name: string, key: string) => {
    const doc = docOf(name);
    return doc ? [...doc.required_parameters, ...doc.optional_parameters].find((p) => p.name === key) : undefined;
  };
  const right = Object.entries(correct.args as ToolArgs).filter(([k, v]) => namesObject(paramOf(correct.name, k), v) && objectValue(k, v));
  return Object.entries(call.args as ToolArgs).some(
    ([k, v]) => namesObject(paramOf(call.name, k), v) && objectValue(k, v) && right.some(([rk, rv]) => sameValue(rv, v) && relatedKeys(rk, k)),
  );
}

const DETERMINER = '(?:no|up|the|these|those|this|that|all|each|every|some|any|a|an|its|their|them|it|his|her|my|our|your|\\d+|one|two|three|four|five|several|more|at)';

/**
 * (d) A fair reading of the request: both calls read the same object in one toolkit, and the word
 * that names what the correct tool returns (the plural noun of its name: get_property_reviews'
 * "reviews") is in the request only as a verb ("review no more than three of these properties"),
 * which the other read does as well (get_property_details looks a property over). 0_1: a model that
 * "reviews" the properties by their details has read the request, not chosen a wrong tool.
 */
export function fairReading(correct: Call, wrong: Call, tools: ToolDoc[], requests: string): string | undefined {
  if (!sameToolkitRead(correct, wrong) || callChangesState(correct.name) || !actsOnSameObject(correct, wrong, tools)) return undefined;
  const own = (name: string) => (name.split('.').pop() ?? name).toLowerCase().split('_');
  const other = new Set(own(wrong.name));
  for (const w of own(correct.name)) {
    if (other.has(w) || !/^[a-z]{4,}s$/.test(w) || /ss$/.test(w)) continue;
    const stem = w.slice(0, -1);
    const uses = [...requests.matchAll(new RegExp(`\\b${stem}(?:s|ed|ing|er|ers)?\\b`, 'gi'))];
    if (uses.length === 0) continue;
    const verb = new RegExp(`^${stem}\\s+${DETERMINER}\\b`, 'i');
    const asVerb = uses.every((m) => verb.test(requests.slice(m.index!)) && !/\b(?:the|a|an|its|their|his|her|my|our|your)\s+$/i.test(requests.slice(Math.max(0, m.index! - 8), m.index!)));
    if (asVerb) return `the request's "${stem}" is a verb ("${requests.slice(uses[0].index!, uses[0].index! + 40).split(/[.?!]/)[0].trim()}"), which ${wrong.name} does as fairly as ${correct.name}: a reading of the request, not a wrong tool`;
  }
  return undefined;
}

/** (b), (c) or (d): a call the injector must not offer as a wrong tool for `correct`. */
export function reasonableInstead(correct: Call, wrong: Call, tools: ToolDoc[], requests?: string): string | undefined {
  return plausiblePrecheck(correct, wrong, tools, requests) ?? statusLook(correct, wrong, tools) ?? (requests === undefined ? undefined : fairReading(correct, wrong, tools, requests));
}

/**
 * A "wrong tool" that is the step just before done again: the previous call's tool, naming nothing
 * the correct call names, or carrying a value the previous call gave under the same key that the
 * correct call does not give (search_nearby(search_term="restaurant") right after
 * search_nearby(places="Times Square", radius=1000, search_term="restaurant") when get_coordinates
 * ("Central Park") is due; Email.show(only_unread=true) right after Email.show(only_unread=false)).
 * A model doing that repeats a step (often with keys dropped) rather than choosing a wrong tool for this
 * one; the previous tool given the correct call's own object (get_arxiv_article_information("art
 * gallery") when search_nearby(search_term="art gallery") is due) is a wrong tool and stays.
 */
export function repeatsPrevious(correct: Call, wrong: Call, previous: Call | undefined, tools: ToolDoc[]): string | undefined {
  if (!previous || previous.name !== wrong.name || wrong.name === correct.name) return undefined;
  const right = leafValues(correct.args);
  const named = objectValues(wrong, tools);
  if (!named.some((v) => right.some((r) => sameValue(r, v)))) {
    return `${wrong.name} is the tool of the step just before, called again naming nothing ${correct.name} names: a repeat of that step, not a wrong tool for this one`;
  }
  if (isPlainObject(wrong.args) && isPlainObject(previous.args)) {
    const prevArgs = previous.args as ToolArgs;
    const correctArgs = isPlainObject(correct.args) ? (correct.args as ToolArgs) : {};
    const doc = tools.find((t) => t.name === wrong.name);
    const params = doc ? [...doc.required_parameters, ...doc.optional_parameters] : [];
    const carried = Object.entries(wrong.args as ToolArgs).find(
      ([k, v]) => k in prevArgs && sameValue(prevArgs[k], v) && namesObject(params.find((p) => p.name === k), v) && !Object.values(correctArgs).some((c) => sameValue(c, v)),
    );
    if (carried) return `${wrong.name} is the tool of the step just before, called again with its ${carried[0]}=${JSON.stringify(carried[1])}: a repeat of that step with arguments changed, not a wrong tool for this one`;
  }
  return undefined;
}

interface AnswerLeaf {
  value: unknown;
  /** One of two scalars or more in a list (an airport among all airports): the answer does not pick it out. */
  listed: boolean;
}

function answerLeavesOf(value: unknown, out: AnswerLeaf[] = [], listed = false): AnswerLeaf[] {
  if (Array.isArray(value)) {
    const many = value.filter((v) => !Array.isArray(v) && !isPlainObject(v)).length >= 2;
    value.forEach((v) => answerLeavesOf(v, out, many));
  } else if (isPlainObject(value)) Object.values(value).forEach((v) => answerLeavesOf(v, out));
  else out.push({ value, listed });
  return out;
}

/** An answer's leaf values: parsed when it is JSON or a Python literal, else its quoted strings and numbers. */
function answerLeaves(content: string): AnswerLeaf[] {
  const parsed = parseToolResponse(content);
  if (parsed !== undefined && parsed !== null && typeof parsed === 'object') return answerLeavesOf(parsed);
  const out: AnswerLeaf[] = [];
  // Prose or a broken literal: quoted strings not followed by a colon (keys), then bare numbers.
  const rest = content.replace(/(["'])((?:(?!\1)[^\\]|\\.)*)\1(\s*:)?/g, (_m, _q, text: string, colon?: string) => {
    if (!colon) out.push({ value: text, listed: false });
    return ' ';
  });
  for (const m of rest.matchAll(/(?<![\w.])-?\d+(?:\.\d+)?(?![\w.])/g)) out.push({ value: Number(m[0]), listed: false });
  return out;
}

/** A value that says something: a number, or a string of two characters or more. */
function informative(v: unknown): v is string | number {
  return (typeof v === 'number' && Number.isFinite(v)) || (typeof v === 'string' && v.trim().length >= 2);
}

/** A value unlikely to turn up by chance: a word or code of three characters or more, a fraction, a number of three digits or more. */
function distinctive(v: string | number): boolean {
  return typeof v === 'string' ? /[\p{L}\p{N}]{3,}/u.test(v) : !Number.isInteger(v) || Math.abs(v) >= 100;
}

/** Does the answer hold `v` where it picks it out (a value the correct answer gave alone is not held by a list of its kind)? */
function holds(leaves: AnswerLeaf[], v: string | number, alone: boolean): boolean {
  return leaves.some(({ value: l, listed }) => {
    if (listed && alone) return false;
    if (typeof v === 'number') return (typeof l === 'number' || (typeof l === 'string' && /^-?\d+(\.\d+)?$/.test(l.trim()))) && sameValue(Number(l), v);
    if (typeof l !== 'string' && typeof l !== 'number') return false;
    const s = String(l);
    return sameValue(s, v) || (v.trim().length >= 8 && s.toLowerCase().includes(v.trim().toLowerCase()));
  });
}

/**
 * (a) Why the wrong call's answer already gives what the correct call's does, or undefined: the
 * wrong call only reads, went through, and its answer holds every value of the correct answer
 * (those the correct call passed itself left out, at least one of them distinctive).
 */
export function answerEquivalent(correct: Call, wrong: Call, correctAnswer: string | undefined, wrongAnswer: string | undefined): string | undefined {
  if (!correctAnswer || !wrongAnswer || callChangesState(wrong.name)) return undefined;
  if (isErrorResponse({ content: wrongAnswer }) || responseRefuses(wrongAnswer) || isErrorResponse({ content: correctAnswer }) || responseRefuses(correctAnswer)) return undefined;
  const passed = leafValues(correct.args);
  const leaves = answerLeaves(correctAnswer).filter(
    (l): l is { value: string | number; listed: boolean } => informative(l.value) && !passed.some((p) => sameValue(p, l.value) || (typeof p === 'number' && sameValue(p, Number(l.value)))),
  );
  const values = leaves.map((l) => l.value);
  if (!values.some(distinctive)) return undefined;
  const got = answerLeaves(wrongAnswer);
  if (!leaves.every((l) => holds(got, l.value, !l.listed))) return undefined;
  const shown = values.filter(distinctive).slice(0, 2).map((v) => JSON.stringify(v)).join(', ');
  return `${wrong.name}'s answer already holds what ${correct.name} answers (${shown}${values.length > 2 ? ', …' : ''}): answering from it is as right`;
}

/**
 * A tool selection "error" that carries on what the plan was doing (h-solv26): the tool of an
 * earlier step called again on the same record with an argument left out
 * (check_availability(41020735) after check_availability(41020735, date="2023-10-25"), for "available
 * for the next week": the plan's own look again, answered; teval_query_172_0), or on the next record
 * of a list whose other records the plan already put through that tool (get_movie_details(27205)
 * after get_movie_details of the five films before Inception in get_popular_movies' list, for "a list
 * of popular movies and their details"; teval_query_262_2). Either is a step of the task a careful
 * agent may take, answered with a success: no wrong tool to find.
 */
export function continuesPlan(correct: Call, wrong: Call, earlier: readonly { name: string; args: unknown; response?: string }[]): string | undefined {
  if (wrong.name === correct.name || !isPlainObject(wrong.args)) return undefined;
  const w = wrong.args as ToolArgs;
  const keys = Object.keys(w);
  const same = earlier.filter((s): s is { name: string; args: ToolArgs; response?: string } => s.name === wrong.name && isPlainObject(s.args));
  if (!same.length || !keys.length) return undefined;
  const wider = same.find((s) => keys.length < Object.keys(s.args).length && keys.every((k) => k in s.args && sameValue(s.args[k], w[k])));
  if (wider) {
    const dropped = Object.keys(wider.args).filter((k) => !(k in w));
    return `${wrong.name} is an earlier step of the plan again on the same ${keys.join(', ')} with ${dropped.join(', ')} left out: the plan's own look again, not a wrong tool`;
  }
  const ids = idsNamed(w);
  if (!ids.length) return undefined;
  const done = same.map((s) => idsNamed(s.args)).filter((x) => x.length > 0);
  if (new Set(done.flat()).size < 2 || done.some((x) => x.some((v) => ids.includes(v)))) return undefined;
  const holds = (text: string, v: string) => new RegExp(`(?<![\\w.])${v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w.])`).test(text);
  const list = earlier.find((s) => s.response !== undefined && [...done.flat(), ...ids].every((v) => holds(s.response!, v)));
  return list ? `${wrong.name} on ${ids[0]}, the next record of ${list.name}'s list, after ${new Set(done.flat()).size} others of it the plan already put through ${wrong.name}: a step of the task, not a wrong tool` : undefined;
}
