/**
 * How a closing answer tells a FAILED call to the user (stages/resolve/failureSentences.ts writes
 * them). A careful assistant says what could not be done in the user's terms ("I couldn't book the
 * flight"), why in brief plain words that keep the fact an expert needs (HTTP 503, connection
 * refused, timed out after 10 s, the wait it asked for), and offers the real choices; it does not
 * paste a Python exception or address the user by a function's name.
 *
 * The population is read from the case, not from the answer's wording: a closing answer of a turn
 * in which a call was answered with an error.
 */
import { FINISH_ACTION, type TestCase, type Trajectory } from '../../schemas.js';
import { firstDefect } from '../evidence.js';
import { toolSteps } from '../../steps.js';
import { conditionalTask, stepsWaitingOn } from '../../afterFailure.js';
import { apiOf, isPlainObject } from '../../errors/values.js';
import { toJson } from '../../pyValues.js';
import { classifyEnvironmentMessage } from '../../errors/environment.js';
import { isErrorResponse } from '../../errors/responses.js';
import { NEVER_RAN, UNREPEATABLE_CALL } from '../../resolution/simulatorRules.js';
import { holderCounts } from '../text.js';
import { answeredTurns } from './answers.js';
import { answerSentences } from '../../answerFacts.js';
import { TELLS_FAILURE, questionAndBefore, taskSaidAgain, tellsFailure } from '../../failureQuestion.js';
import type { CaseMeasure, QualityContext, SetMeasure } from '../types.js';
import { QUOTED_TEXT } from '../grammar.js';
import { filmsQuotedIn } from '../../resolution/worldFacts.js';

export interface FailedCall {
  name: string;
  args: unknown;
  error: string;
}

/** A tool answer that reads as a failure: an error object, or an environment failure's wording. */
export function readsAsFailure(content: string): boolean {
  if (isErrorResponse({ content })) return true;
  // A record or a list that is no error object is an answer, whatever numbers it holds ("parking brake force 500").
  if (/^\s*[[{]/.test(content) && !/^\s*\{\s*'text'\s*:/.test(content)) return false;
  return !!classifyEnvironmentMessage(content) && /error|fail|denied|exceeded|unavailable|timed out|refused|HTTP \d{3}|Errno|Exception|\b\d{3} [A-Z]/i.test(content);
}

/** Each closing answer of a turn in which a call failed, with the calls that failed (in order): the answered turns (answers.ts) whose calls hold a failure. */
export function failureAnswers(tc: TestCase): { answer: string; failed: FailedCall[] }[] {
  return answeredTurns(tc).flatMap(({ answer, calls }) => {
    // A call shown without an answer ('' in the turn) failed in no way the case shows.
    const failed = calls.filter((c) => c.response !== '' && readsAsFailure(c.response)).map((c) => ({ name: c.name, args: c.args, error: c.response }));
    return failed.length ? [{ answer, failed }] : [];
  });
}

const sentencesOf = (answer: string) => answer.split(/(?<=[.!?])\s+(?=[A-Z`"(])/);
/** The sentences of an answer that report a failure, and the question after it. */
export function failurePart(answer: string): string[] {
  return sentencesOf(answer).filter((s) => TELLS_FAILURE.test(s) || /\?$/.test(s.trim()));
}

/** One case measure over the failure answers: the first one `find` faults. */
function failureDefect(tc: TestCase, find: (answer: string, failed: FailedCall[]) => string | undefined): string | null | undefined {
  const answers = failureAnswers(tc);
  if (answers.length === 0) return undefined;
  for (const { answer, failed } of answers) {
    const hit = find(answer, failed);
    if (hit) return hit;
  }
  return null;
}

/**
 * A raw exception pasted to the user: a Python exception's class ("BrokenPipeError", "ReadTimeout"),
 * its errno in brackets, urllib3's "Max retries exceeded with url … (Caused by NewConnectionError(…))",
 * a tuple repr ("('Connection aborted.', …)"), a client's wrapper ({'text': …}), or the HTTP body's
 * JSON. A person reports the cause in words and keeps its code ("connection refused", "HTTP 503").
 */
export function rawException(answer: string): string | undefined {
  const m = /\b[A-Z][A-Za-z]*(?:Error|Exception)\b|\bReadTimeout\b|\[Errno \d+\]|\bCaused by\b|Max retries exceeded|HTTPSConnectionPool|\('[^']*',|\{'text'|\{"(?:error|message|statusCode)"|x-ratelimit-|WWW-Authenticate|\bE[A-Z]{3,}\b(?=\))/.exec(answer);
  return m ? m[0] : undefined;
}

export const answerFailureRawException: CaseMeasure = {
  kind: 'case',
  id: 'answer_failure_raw_exception',
  group: 'text',
  title: 'closing answer pastes a failed call\'s raw exception to the user ("failed with "BrokenPipeError: [Errno 32] Broken pipe while running fillFuelTank…"", "(Caused by NewConnectionError(…))") instead of saying the cause in plain words with its code',
  population: 'closing answers of a turn in which a call failed',
  check: (tc) => failureDefect(tc, (a) => {
    const hit = rawException(a);
    return hit ? `"${hit}" in "${a.slice(Math.max(0, a.indexOf(hit) - 50), a.indexOf(hit) + 60)}…"` : undefined;
  }),
};

/** A name's words ("fillFuelTank" -> fill, fuel, tank). */
const nameWords = (name: string) => name.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[_.-]+/g, ' ').toLowerCase().split(/\s+/).filter(Boolean);
/** Words of an API's name that say nothing of the task: verbs of looking up, qualifiers, the API's plumbing. */
const GENERIC = new Set(['get', 'fetch', 'retrieve', 'search', 'list', 'view', 'check', 'show', 'display', 'find', 'query', 'read', 'lookup', 'look', 'with', 'based', 'on', 'by', 'for', 'of', 'to', 'from', 'in', 'the', 'a', 'info', 'information', 'detail', 'details', 'data', 'api', 'tool', 'all', 'time', 'filter', 'print', 'serper', 'curr', 'current', 'new', 'do', 'run', 'make', 'set', 'use']);
// "files" and "file" one stem ("fil" against "file" read "list the files" as no word of ls's toolkit: bfcl_multi_turn_base_26-env-k1).
// "movies" is "movie", never "movy" (teval_query_262_2-env-k1's "the details of the five movies" read as no movie).
export const stem = (w: string) => (/^(?:\w*(?:movie|cookie|calorie|rookie|selfie|zombie|genie|prairie)|tie|pie|lie)s$/.test(w) ? w.slice(0, -1) : w.replace(/ies$/, 'y').replace(/(?<=(?:ss|x|z|ch|sh))es$/, '').replace(/(?<!s)s$/, ''));

/**
 * What the failed call was for, not said in the user's words: no word of its name beyond the
 * generic ones ("flight" of `book_flight`, "coordinates" of `get_coordinates`), of its toolkit
 * ("email" of Email.show) or of a short value it was passed ("Manaus") appears in the sentences
 * that report the failure, once code names and the quoted error are taken out.
 */
export function taskUnsaid(answer: string, failed: FailedCall[]): string | undefined {
  const errors = failed.map((f) => f.error);
  // Code names and quotes of the error message are no words addressed to the user about the task
  // (taken out of the whole answer first: a quoted message's own full stops split no sentence).
  const masked = answer.replace(/`[^`]*`/g, ' X ').replace(/"((?:[^"\\]|\\.)*)"/g, (q, inner: string) => (errors.some((e) => e.includes(inner)) && inner.length > 12 ? ' Q ' : q));
  const part = failurePart(masked).join(' ');
  const plain = part;
  // Words as written too: a brand in mixed case ("arXiv") is one word to the user, not "ar" and "xiv".
  const said = new Set([...nameWords(plain.replace(/[^\p{L}\p{N}\s_-]/gu, ' ')), ...plain.toLowerCase().split(/[^\p{L}\p{N}]+/u)].filter(Boolean).map(stem));
  for (const f of failed) {
    const dot = f.name.indexOf('.');
    const kit = dot > 0 ? nameWords(f.name.slice(0, dot)).filter((w) => !/api$|^api/.test(w)) : [];
    const own = nameWords(apiOf(f.name)).filter((w) => !GENERIC.has(w) && w.length >= 3);
    // A call named only in common words ("get_current_time") is told by them: "I couldn't get the current time".
    const words = [...(own.length ? own : nameWords(apiOf(f.name)).filter((w) => w.length >= 3 && !/^(?:get|fetch|retrieve)$/.test(w))), ...kit.filter((w) => !GENERIC.has(w) && w.length >= 3)];
    const values = f.args && typeof f.args === 'object' ? Object.values(f.args as Record<string, unknown>).filter((v): v is string | number => (typeof v === 'string' && v.length > 0 && v.length <= 40) || typeof v === 'number').map(String) : [];
    if (words.length === 0 && values.length === 0) continue;
    const hit = words.some((w) => said.has(stem(w))) || values.some((v) => plain.includes(v));
    if (!hit) return `${apiOf(f.name)} failed, and "${part.slice(0, 150)}" does not say what it was for`;
  }
  return undefined;
}

export const answerFailureTaskUnsaid: CaseMeasure = {
  kind: 'case',
  id: 'answer_failure_task_unsaid',
  group: 'text',
  title: 'closing answer reports a failed call without saying in the user\'s words what could not be done ("`get_ticker_news` did not go through" where a person writes "I couldn\'t get the ticker news"): no word of the task outside code names and the quoted error',
  population: 'closing answers of a turn in which a call failed',
  check: (tc) => failureDefect(tc, taskUnsaid),
};

/** Ways forward a question may offer, and ways to leave the failed step. */
const RETRY = /\b(?:again|retry|another (?:go|try|attempt)|once more|wait|later|come back|resets?|grant|access|permissions?|account)\b/i;
const LEAVE = /\b(?:skip|leave|without|move on|carry on|go on|instead|hold off|drop|for now|stop (?:here|there)|set (?:it|that) aside)\b/i;

/**
 * The choice offered after a failure, unclear: the question names a function ("another try at
 * `book_flight`, or skip it?"), or does not offer both a way forward (retry, wait for the limit,
 * grant access) and a way to leave the step.
 */
export function choiceUnclear(answer: string, apis: string[] = []): string | undefined {
  const question = sentencesOf(answer.trim()).filter((s) => /\?$/.test(s.trim())).pop();
  if (!question) return undefined;
  if (/`[^`]+`/.test(question)) return `names a function: "${question}"`;
  const plain = question.replace(QUOTED_TEXT, '""');
  const api = apis.find((a) => /[_A-Z]/.test(a.slice(1)) && plain.includes(a));
  if (api) return `names ${api}: "${question}"`;
  if (!RETRY.test(question) || !LEAVE.test(question)) return `offers no ${RETRY.test(question) ? 'way to leave the step' : 'way forward'}: "${question}"`;
  return undefined;
}

export const answerFailureChoiceUnclear: CaseMeasure = {
  kind: 'case',
  id: 'answer_failure_choice_unclear',
  group: 'text',
  title: 'closing answer after a failure offers an unclear choice: its question names a function ("How would you like to proceed: another try at `book_flight`, or skip it?") or does not offer both a way forward (retry, wait, grant access) and a way to leave the step',
  population: 'closing answers of a turn in which a call failed',
  check: (tc) => failureDefect(tc, (a) => choiceUnclear(a, tc.tools.map((t) => apiOf(t.name)))),
};

/** Did the turn stop at a failure: its last call answered with one (a call shown without an answer failed in no way the case shows)? */
function stoppedAtFailure(turn: { calls: { response: string }[] }): boolean {
  const last = turn.calls[turn.calls.length - 1];
  return !!last && last.response !== '' && readsAsFailure(last.response);
}

/** Ways a question may offer to go on without the failed step. */
const GO_ON = /\b(?:carry on|move on|go on|continue|proceed|keep going|skip)\b|\bwithout (?:it|that)\b/i;

/**
 * The question after a failure offers to go on without the failed step ("Shall I try again in a
 * moment, or carry on without it?") when nothing ran after it: the assistant stopped there because
 * nothing the request still holds can run without it (or nothing is left), so going on is no choice
 * it has. Only a turn whose last call failed: a failure the turn went on past may well be left.
 */
export function offersGoingOn(turn: { answer: string; calls: { response: string }[] }): string | undefined {
  if (!stoppedAtFailure(turn)) return undefined;
  const question = sentencesOf(turn.answer.trim()).filter((s) => /\?$/.test(s.trim())).pop();
  if (!question) return undefined;
  const m = GO_ON.exec(question.replace(QUOTED_TEXT, '""'));
  return m ? `offers "${m[0]}" after the turn stopped at the failure: "${question}"` : undefined;
}

export const answerFailureOffersGoingOn: CaseMeasure = {
  kind: 'case',
  id: 'answer_failure_offers_going_on',
  group: 'text',
  title: 'closing answer after the turn stopped at a failure offers to go on without the failed step ("…, or carry on without it?", "…, or skip it?"), though it stopped because nothing left could run without it',
  population: 'closing answers of a turn whose last call failed',
  check: (tc) => firstDefect(answeredTurns(tc), (t) => (stoppedAtFailure(t) ? (offersGoingOn(t) ?? null) : undefined)),
};

/** A text's words, punctuation left out, as a tool name's words are read ("get_image" and "image" alike). */
const plainWords = (text: string) => nameWords(text.replace(/[^\p{L}\p{N}\s_-]/gu, ' '));
/** A text's words cut to their stems. */
const wordsOf = (text: string) => plainWords(text).map(stem);
/** The words of an API's name that tell it apart ("weather" of get_weather_today), cut to their stems. */
const apiWords = (name: string) => nameWords(apiOf(name)).filter((w) => !GENERIC.has(w) && w.length >= 4).map(stem);

/**
 * An external case whose ground truth closes the turn after its failure, with the trajectory resolve kept: the closing
 * (a FinishAction with its answer), the trajectory's tool steps and the failed one; undefined outside that population.
 */
function closingAfterFailure(tc: TestCase, ctx: QualityContext): { close: { name: string; args: string }; trajectory: Trajectory; steps: ReturnType<typeof toolSteps>; at: ReturnType<typeof toolSteps>[number] } | undefined {
  if (tc.kind !== 'external' || !Array.isArray(tc.groundTruth)) return undefined;
  const close = tc.groundTruth[1];
  if (close?.name !== FINISH_ACTION || typeof close.args !== 'string') return undefined;
  const trajectory = ctx.trajectory(tc.trajectoryId);
  if (!trajectory) return undefined;
  const steps = toolSteps(trajectory);
  const at = steps[tc.k - 1];
  return at ? { close: { name: close.name, args: close.args }, trajectory, steps, at } : undefined;
}

/**
 * A closing answer after a failure that says a later step waits on the failed one when it does not:
 * "Getting the details of the movie … need it first." after a failed arXiv search, where the film
 * look-up takes an id no answer gave (held up, but not by the search). A step waits on the failed
 * one when it takes what only that answer would show, works in the state it was to make, or the
 * user tied it to its result (pipeline/afterFailure.ts stepsWaitingOn); the sentence naming it is
 * found by the words the answer writer says a task in (failureSentences.ts taskOf).
 */
export const answerFailureBlamesUnrelated: CaseMeasure = {
  kind: 'case',
  id: 'answer_failure_blames_unrelated',
  group: 'text',
  title: 'closing answer after a failure says a later step waits on the failed one though it takes nothing from it ("Getting the weather today needs it first." after a failed arXiv search)',
  population: 'external cases whose ground truth closes the turn after the failure and whose trajectory resolve kept',
  check: (tc, ctx) => {
    const after = closingAfterFailure(tc, ctx);
    if (!after) return undefined;
    const { close, trajectory, steps, at } = after;
    const claims = sentencesOf(close.args).filter((x) => WAITS.test(x));
    if (claims.length === 0) return null;
    const later = steps.filter((x) => x.turnIndex === at.turnIndex && x.k > tc.k);
    // A step is told by the distinctive words of its name ("weather" of get_weather_today); words a
    // waiting step's name also has tell nothing apart.
    const waits = stepsWaitingOn(trajectory, tc.k);
    const waitingWords = new Set(later.filter((x) => waits.has(x.k)).flatMap((x) => apiWords(x.step.action.name)));
    // A claim naming a step that does wait is that step's ("Without it I can't go on to reserve the
    // meeting room." of reserve, though get_room_status's "room" is in it too: teval_query_51_1-env-k1).
    const blaming = claims.filter((c) => ![...waitingWords].some((w) => wordsOf(c).includes(w)));
    for (const step of later) {
      if (waits.has(step.k)) continue;
      const own = apiWords(step.step.action.name).filter((w) => !waitingWords.has(w));
      const hit = blaming.find((c) => own.some((w) => wordsOf(c).includes(w)));
      if (hit) return `${step.step.action.name} takes nothing from the failed ${apiOf(at.step.action.name)}: "${hit}"`;
    }
    return null;
  },
};
// The failure said as "it", or after a finding by its task ("Cancelling the booking waits on booking the flight.": failureSentences failureNamed).
const WAITS = /\bneeds? it first\b|\bwaits? on (?:it|[a-z]+ing)\b|\bcan't go on to\b|\bdepends? on (?:it|[a-z]+ing)\b/i;

const COUNT_NAMES = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

/**
 * A closing answer after a failure whose opener says the failed task was for several films where the turn
 * plans that call for fewer: "getting the details of the three films did not" after print_detail failed
 * for the one film the plan looks up (teval_query_217_1-env-k2: the list already gave the first three's
 * details, the plan reads the first one's description). Counted from the trajectory: the failed call and
 * the later calls of the same tool in its turn.
 */
export const answerFailedTaskOvercounted: CaseMeasure = {
  kind: 'case',
  id: 'answer_failed_task_overcounted',
  group: 'text',
  title: 'closing answer after a failure says the failed task was for more films than the turn plans that call for ("getting the details of the three films did not" where print_detail was planned, and failed, for one)',
  population: 'external cases whose ground truth closes the turn after the failure and whose trajectory resolve kept',
  check: (tc, ctx) => {
    const after = closingAfterFailure(tc, ctx);
    if (!after) return undefined;
    const { close, trajectory, steps, at } = after;
    const opener = sentencesOf(close.args)[0] ?? '';
    const m = /\bthe (two|three|four|five|six|seven|eight|nine|ten|\d+) (?:films|movies)\b/i.exec(opener);
    if (!m || !/\b(?:not|didn't|failed)\b/i.test(opener)) return null;
    const said = /^\d+$/.test(m[1]) ? Number(m[1]) : COUNT_NAMES.indexOf(m[1].toLowerCase());
    const planned = steps.filter((x) => x.turnIndex === at.turnIndex && x.k >= tc.k && x.step.action.name === at.step.action.name).length;
    return said > planned ? `"${m[0]}" where the turn plans ${apiOf(at.step.action.name)} for ${planned}: "${opener.slice(0, 120)}"` : null;
  },
};

/**
 * Ids a later step passes that only the failed step's recorded answer holds: the numbers of five or more
 * digits in the step's arguments as Python writes them (exact, a property id past 2^53 included) that the
 * failed step's answer has and no message of the case shows. Read on its own, not through the answer
 * writer's stepsWaitingOn.
 */
function idsFromFailedAnswer(step: { action: { args: unknown } }, failedAnswer: string, shown: string): string[] {
  return [...new Set(toJson(step.action.args).match(/\d{5,}/g) ?? [])].filter((id) => failedAnswer.includes(id) && !shown.includes(id));
}

/**
 * A closing answer after a failure that calls a later step merely still to do though it takes an id only
 * the failed call's answer would give: "Getting the property checkout price needs it first. Still to do:
 * checking the availability." after search_property_by_place failed, where check_availability takes the
 * property id that search was to list (teval_query_144_2-env-k1). The user reads that it could still run.
 */
export const answerFailureWaitingToldPending: CaseMeasure = {
  kind: 'case',
  id: 'answer_failure_waiting_told_pending',
  group: 'text',
  title: 'closing answer after a failure calls a later step still to do though it takes an id only the failed call\'s answer would give ("Still to do: checking the availability." after the property search failed, check_availability taking the property id that search was to list)',
  population: 'external cases whose ground truth closes the turn after the failure, saying a step is still to do, and whose trajectory resolve kept',
  check: (tc, ctx) => {
    const after = closingAfterFailure(tc, ctx);
    if (!after) return undefined;
    const { close, trajectory, steps, at } = after;
    const pending = sentencesOf(close.args).filter((x) => /\bstill to do\b/i.test(x));
    if (pending.length === 0) return undefined;
    const shown = tc.messages.map((m) => m.content).join('\n');
    const failedAnswer = at.step.response?.content ?? '';
    for (const later of steps.filter((x) => x.turnIndex === at.turnIndex && x.k > tc.k)) {
      const ids = idsFromFailedAnswer(later.step, failedAnswer, shown);
      if (ids.length === 0) continue;
      // Words the later step's name shares with the failed call's ("image" of add_text_image_page and get_image) tell neither apart: "Still to do: getting another image" is a later get_image.
      const failedWords = nameWords(apiOf(at.step.action.name)).map(stem);
      const own = apiWords(later.step.action.name).filter((w) => !failedWords.includes(w));
      // Told as waiting, and "another" of its kind still to do ("Adding the page with text and an image waits on it. Still to do: …,
      // adding another page with text and an image …"): that pending one is a later step of the kind, not this one.
      const toldWaiting = sentencesOf(close.args).some((c) => WAITS.test(c) && own.some((w) => wordsOf(c).includes(w)));
      const hit = pending.find((c) => own.some((w) => wordsOf(c).includes(w)) && !(toldWaiting && own.some((w) => new RegExp(`\\banother (?:[a-z]+ ){0,2}${w}`, 'i').test(c))));
      if (hit) return `${later.step.action.name} takes ${ids[0]}, which only the failed ${apiOf(at.step.action.name)} would list: "${hit}"`;
    }
    return null;
  },
};

/**
 * A closing answer after a failure that tells one of two later steps of one kind and drops the other: "Adding the
 * page with text and an image waits on it. Still to do: getting another image and saving the presentation file."
 * where the turn plans two more text-and-image pages after the failed get_image (teval_query_431_2-env-k12: the
 * third review's page left untold). Each kind a turn plans twice or more after the failure is told as many times,
 * or once as several ("three text pages", "the pages"), or swept into "the rest of the request".
 */
export const answerFailureRepeatDropped: CaseMeasure = {
  kind: 'case',
  id: 'answer_failure_repeat_dropped',
  group: 'text',
  title: 'closing answer after a failure tells once a kind of step the turn plans twice or more after it, with no count or plural ("Adding the page with text and an image waits on it. Still to do: getting another image and saving the presentation file." where two more pages were planned)',
  population: 'external cases whose ground truth closes the turn after the failure and whose trajectory resolve kept',
  check: (tc, ctx) => {
    const after = closingAfterFailure(tc, ctx);
    if (!after) return undefined;
    const { close, trajectory, steps, at } = after;
    const told = sentencesOf(close.args).slice(1).filter((x) => WAITS.test(x) || /\bstill to do\b/i.test(x)).join(' ');
    if (/\b(?:the rest|most of|everything after)\b/i.test(told)) return null;
    const later = steps.filter((x) => x.turnIndex === at.turnIndex && x.k > tc.k);
    const failedWords = new Set(nameWords(apiOf(at.step.action.name)).map(stem));
    const count = new Map<string, number>();
    for (const x of later) count.set(apiOf(x.step.action.name), (count.get(apiOf(x.step.action.name)) ?? 0) + 1);
    const words = plainWords(told.toLowerCase());
    for (const [api, n] of count) {
      if (n < 2) continue;
      const own = apiWords(api).filter((w) => !failedWords.has(w));
      if (own.length === 0) continue;
      // Where each of its mentions stands: the word of the kind said, said as several, or said with a count before or after it
      // ("three text pages", "the details of the five movies").
      const at2 = words.flatMap((w, i) => (own.includes(stem(w)) ? [i] : []));
      const mentions = at2.filter((i, k) => k === 0 || i - at2[k - 1] > 4);
      const several = at2.some((i) => /s$/.test(words[i]) && !/ss$/.test(words[i])) || mentions.some((i) => words.slice(Math.max(0, i - 4), i + 5).some((w) => COUNT_WORDS.indexOf(w) >= 2 || /^\d+$/.test(w) || w === 'each' || w === 'every'));
      if (mentions.length === 1 && !several) return `${api} planned ${n} times after the failure, told once: "${told.slice(0, 160)}"`;
    }
    return null;
  },
};

const COUNT_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
const countOf = (w: string) => (/^\d+$/.test(w) ? Number(w) : COUNT_WORDS.indexOf(w.toLowerCase()));

/**
 * A closing answer that counts the request's steps wrong ("I got through one of the two steps."
 * when the request holds five, three of which waited on the failed one): the M of "N of the M steps"
 * is the number of tool steps the trajectory's turn plans. The turn is found by its place among the
 * case's user turns (an inserted conversation's turns are no turns of the task).
 */
export const answerStepCountFalse: CaseMeasure = {
  kind: 'case',
  id: 'answer_step_count_false',
  group: 'text',
  title: 'closing answer counts the request\'s steps wrong ("I got through one of the two steps." of a request holding five: the steps that waited on the failed call left out of the count)',
  population: 'closing answers that count "N of the M steps", of cases whose trajectory resolve kept',
  check: (tc, ctx) => {
    const trajectory = ctx.trajectory(tc.trajectoryId);
    if (!trajectory) return undefined;
    return firstDefect(answeredTurns(tc), ({ answer, turn }) => {
      const m = /\b(\w+) of the (\w+) steps\b/i.exec(answer);
      if (!m) return undefined;
      const planned = trajectory.turns[turn]?.steps.filter((s) => s.action.name !== FINISH_ACTION).length;
      return planned !== undefined && countOf(m[2]) !== planned ? `"${m[0]}" where the request plans ${planned} steps (turn ${turn + 1})` : null;
    });
  },
};

/** A status code, and how long the failure says to wait, as the error gives them. */
function errorFacts(error: string): { code?: string; wait?: string } {
  const code = /^\s*HTTP\s+(\d{3})\b/.exec(error)?.[1] ?? /\b(\d{3}) (?:Client Error|Server Error|Bad Gateway|Gateway Time-?out|Service Unavailable|Too Many Requests|Forbidden|Unauthorized|Internal Server Error)\b/.exec(error)?.[1];
  const wait = /Retry-After:\s*(\d+)/i.exec(error)?.[1] ?? /(?:resets? in|replenished in|x-ratelimit-reset:)\s*([\d:]+)/i.exec(error)?.[1];
  return { ...(code ? { code } : {}), ...(wait ? { wait } : {}) };
}

/**
 * A failure told as something else, or with the fact an expert needs lost: the sentences reporting
 * it read as another kind of failure than the error (a timeout told as a server error), or drop its
 * HTTP status or the wait it asked for ("Retry-After: 30", "resets in 14 s").
 */
export function failureMisreported(answer: string, failed: FailedCall[]): string | undefined {
  // From the first sentence that reports the failure to the end: a quoted message's own full stops split no report.
  const first = failurePart(answer)[0] ?? '';
  const part = answer.slice(Math.max(0, answer.indexOf(first)));
  for (const f of failed) {
    const kind = classifyEnvironmentMessage(f.error)?.kind;
    // Told by the answer's own words first: a quoted title or summary tells no failure, nor a figure's decimals
    // (a film's popularity "4575.403" is no HTTP 403: teval_query_224_2-env-k3 on h-solv28's b3).
    const own = part.replace(QUOTED_TEXT, '""').replace(/\d+\.\d+/g, '#');
    const told = classifyEnvironmentMessage(own)?.kind ?? classifyEnvironmentMessage(part)?.kind;
    if (kind && told !== kind) return `${apiOf(f.name)}: a ${kind} told as ${told ?? 'no kind of failure'} ("${part.slice(0, 140)}")`;
    const { code, wait } = errorFacts(f.error);
    if (code && !new RegExp(`\\b${code}\\b`).test(part)) return `${apiOf(f.name)}: HTTP ${code} not kept ("${part.slice(0, 140)}")`;
    if (wait && !part.includes(wait)) return `${apiOf(f.name)}: the wait of ${wait} not kept ("${part.slice(0, 140)}")`;
  }
  return undefined;
}

export const answerFailureMisreported: CaseMeasure = {
  kind: 'case',
  id: 'answer_failure_misreported',
  group: 'text',
  title: 'closing answer tells a failure as another kind than the error (a timeout told as a server error), or drops its HTTP status or the wait it asked for (Retry-After: 30, "resets in 14 s")',
  population: 'closing answers of a turn in which a call failed',
  check: (tc) => failureDefect(tc, failureMisreported),
};

/** The words failureSentences falls back to when it reads a failure only by its kind: true of any failure of that kind, so they say nothing of this one. */
const KIND_ONLY = /\b(?:permission was denied|access was refused|the (?:daily )?quota ran out|a connection error stopped it|the service reported an internal server error|it hit a rate limit|the request timed out)(?! after| while| of\b)/;

/**
 * The cause told by its kind alone, or pasted: "permission was denied (401 UNAUTHENTICATED)" for a
 * token that expired mid-request (teval_query_393_2-env-k2), "it reported "I/O error (EIO) writing
 * to the disk"" (bfcl_multi_turn_base_37-env-k5). The message said what happened; the user is owed
 * that in plain words, as every other failure of the build is told.
 */
export function causeGeneric(answer: string, failed: FailedCall[]): string | undefined {
  const quoted = /\breported "([^"]{6,})"/.exec(answer);
  if (quoted && failed.some((f) => f.error.includes(quoted[1]))) return `the error is quoted, not told: "${answer.slice(Math.max(0, quoted.index - 40), quoted.index + quoted[0].length)}"`;
  const kind = KIND_ONLY.exec(answer);
  // Only where the message has words of its own to tell (an error object's "message", or a sentence past its status line).
  const message = (e: string) => /["']message["']\s*:\s*["']([^"']{20,})/.exec(e)?.[1];
  const told = failed.map((f) => message(f.error)).find(Boolean);
  if (kind && told) return `"${kind[0]}" for "${told.slice(0, 100)}"`;
  return undefined;
}

export const answerFailureCauseGeneric: CaseMeasure = {
  kind: 'case',
  id: 'answer_failure_cause_generic',
  group: 'text',
  title: 'closing answer tells a failure\'s cause by its kind alone ("permission was denied (401 UNAUTHENTICATED)" for an access token that expired mid-request) or quotes the message ("it reported "I/O error (EIO) writing to the disk"") where the message says what happened',
  population: 'closing answers of a turn in which a call failed',
  check: (tc) => failureDefect(tc, causeGeneric),
};

/** Words a failure sentence's frame is made of; every other word is what it is about. */
const FRAME_WORDS = new Set('i i\'m me my you your we it its this that these there here so but and or because since as when while once if then not no nothing could couldn\'t can can\'t did didn\'t do does don\'t was wasn\'t were is are be been have has had would should shall will want like prefer which what how whether able unable tried try trying again retry another go once more moment now later later, skip leave carry on move without instead proceed rather stop sorry unfortunately afraid attempt attempts failed fail work worked went through got part way some all of the a an to for with in at up out back next step call calls reply answer error problem luck'.split(' '));

/** A failure sentence with what it is about blanked: its code names, quotes, numbers, what follows a colon, and every word outside the frame's own. */
export function failureFrame(sentence: string): string {
  const blanked = sentence.replace(/`[^`]*`/g, ' _ ').replace(/"(?:[^"\\]|\\.)*"/g, ' _ ').replace(/:.*$/, ': …').replace(/\([^)]*\)/g, ' ');
  const tokens = blanked.split(/\s+/).filter(Boolean).map((t) => {
    const m = /^([^A-Za-z'_…]*)([A-Za-z'_…-]*)([^A-Za-z'_…]*)$/.exec(t);
    const word = (m?.[2] ?? t).toLowerCase();
    return `${m?.[1] ?? ''}${word === '…' || FRAME_WORDS.has(word) ? word : '_'}${m?.[3] ?? ''}`;
  });
  return tokens.join(' ').replace(/(?:\b(?:the|a|an|of|for|to|in|at|with|and)\s+)*_(?:[ ,]+(?:(?:the|a|an|of|for|to|in|at|with|and)\s+)*_)*/g, '_').trim();
}

/**
 * Failure answers written from a handful of frames: the share of distinct failure answers holding
 * the most common failure sentence frame (failureFrame). Before answer-writer-28+fail2, "How would
 * you like to proceed: another try at `X`, or skip it?" and its five siblings closed every one.
 */
export const answerFailureFrameShare: SetMeasure = {
  kind: 'set',
  id: 'answer_failure_frame_top_share',
  group: 'text',
  title: 'closing answers reporting a failed call: share of distinct ones holding the most common failure sentence or question frame (names, quotes, numbers and the task\'s own words blanked)',
  population: 'distinct closing answers of turns in which a call failed',
  better: 'lower',
  // A full build holds about 100 distinct failure answers; a --limit sample is reported, not gated.
  minGateN: 50,
  score(cases) {
    const distinct = new Map<string, string>();
    for (const tc of cases) for (const { answer } of failureAnswers(tc)) if (!distinct.has(answer)) distinct.set(answer, tc.id);
    if (distinct.size === 0) return undefined;
    const counts = holderCounts([...distinct].map(([text, id]) => ({ id, items: failurePart(text).map(failureFrame).filter((f) => f.split(/\s+/).length >= 4).map((key) => ({ key, text })) })));
    const top = [...counts.entries()].sort((a, b) => b[1].n - a[1].n).slice(0, 3);
    if (top.length === 0) return { value: 0, n: distinct.size };
    return { value: top[0][1].n / distinct.size, n: distinct.size, detail: `most common: "${top[0][0]}" (${top[0][1].n})`, examples: top.map(([f, e]) => ({ id: e.id, detail: `${e.n}× "${f}"` })) };
  },
};

/** Verbs of looking up: a name that opens with one is a thing to get ("get_flight_cost" -> "get the flight cost"). */
const LOOKUP_VERB = /^(?:get|fetch|retrieve|query|lookup|view|display|show|read|search|list|find)$/;

/**
 * A failed action said as a thing to get: the function's name read as a noun after "get" ("I wasn't
 * able to get the trading logout", "getting the write file for "outputs/x.txt"", "get the gallon to
 * liter"). A person says the act: "log out of the trading account", "write the file". Only names
 * that open with no verb of looking up count (a "get_flight_cost" is rightly "get the flight cost").
 */
export function actionUnphrased(answer: string, failed: FailedCall[]): string | undefined {
  for (const f of failed) {
    const words = nameWords(apiOf(f.name));
    if (words.length === 0 || LOOKUP_VERB.test(words[0])) continue;
    const m = new RegExp(`\\b(?:get|getting)\\s+the\\s+${words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s+')}\\b`, 'i').exec(answer);
    if (m) return `${apiOf(f.name)} said as "${m[0]}"`;
  }
  return undefined;
}

export const answerActionUnphrased: CaseMeasure = {
  kind: 'case',
  id: 'answer_action_unphrased',
  group: 'text',
  title: 'closing answer says a failed action as a thing to get, its function name read as a noun ("I wasn\'t able to get the trading logout", "getting the write file") where a person says the act ("log out of the trading account", "write the file")',
  population: 'closing answers of a turn in which a call failed',
  check: (tc) => failureDefect(tc, actionUnphrased),
};


/**
 * An external case whose failed call does something a second call would do again (send an email,
 * book a flight, place an order, add a slide) and whose failure leaves open whether it ran: a read
 * timeout, a reset connection, a 500 or 502, an I/O error mid-write. The ground truth retries the
 * call, yet a careful model would first look whether the email went out or the flight was booked,
 * and would be marked wrong for it. Only a wording that says the call never ran (NEVER_RAN: a
 * connect timeout, a refused connection, a limit or denial at the door) makes the retry the one
 * right step.
 */
export const externalRetryMayRepeat: CaseMeasure = {
  kind: 'case',
  id: 'external_retry_may_repeat',
  group: 'text',
  title: 'external case retrying a call a second try could do twice after a failure that leaves open whether it ran (book_flight → "ReadTimeout: the request to book_flight timed out (read timeout=10)"; Email.send → "Connection reset by peer")',
  population: 'external cases',
  check: (tc) => {
    if (tc.kind !== 'external') return undefined;
    const call = tc.messages[tc.messages.length - 2];
    const failure = tc.messages[tc.messages.length - 1];
    if (!call || !failure) return null;
    let name = '';
    try {
      const parsed: unknown = JSON.parse(call.content);
      if (parsed && typeof parsed === 'object' && typeof (parsed as { name?: unknown }).name === 'string') name = (parsed as { name: string }).name;
    } catch {
      return null;
    }
    if (!UNREPEATABLE_CALL.test(apiOf(name))) return null;
    if (NEVER_RAN.test(failure.content)) return null;
    return `${name} may have run before "${failure.content.split('\n')[0].slice(0, 90)}"`;
  },
};

/**
 * The thought of the step after giving up, when that step calls the failed API again with other
 * arguments (the weather for the second address after the first timed out), naming the failed call
 * by its function alone: "`get_weather_today` gave no answer on any try, so I skip it for now. Next
 * I can still get today's weather: `get_weather_today` with location …" reads as skipping the very
 * call it makes. The failed call is to be named by a value that sets it apart.
 */
export const skipThoughtSameCallUnnamed: CaseMeasure = {
  kind: 'case',
  id: 'skip_thought_same_call_unnamed',
  group: 'text',
  title: 'skip thought after giving up on a call naming it by its function alone when the next step calls that function again ("`get_weather_today` gave no answer on any try, so I skip it for now. Next I can still get today\'s weather: `get_weather_today` with location …")',
  population: 'external CoT cases whose step after giving up calls the failed API again',
  check: (tc) => {
    if (tc.kind !== 'external' || !tc.cot || !Array.isArray(tc.groundTruth) || tc.groundTruth.length < 2) return undefined;
    const [retry, next] = tc.groundTruth;
    if (next.name !== retry.name || typeof next.thought !== 'string') return undefined;
    const failedArgs = isPlainObject(retry.args) ? retry.args : {};
    const nextArgs: Record<string, unknown> = isPlainObject(next.args) ? next.args : {};
    const apart = Object.entries(failedArgs).filter(([key, value]) => toJson(value) !== toJson(nextArgs[key]));
    if (apart.length === 0) return null;
    const said = apart.some(([, value]) => next.thought!.includes(typeof value === 'string' ? value : toJson(value)));
    return said ? null : `"${next.thought.slice(0, 120)}" never says which ${apiOf(retry.name)} call failed`;
  },
};

/**
 * A closing answer after a failure that names a waiting step by a value the case never shows:
 * "Adding "ZETA" to the watchlist needs it first." after get_symbol_by_name("Zeta Corp") failed
 * (bfcl_multi_turn_base_140-env-k1): ZETA is what only the failed look-up would have told, so the
 * answer states a fact no one has seen and a model's honest answer cannot match it.
 */
export const answerFailureUnshownValue: CaseMeasure = {
  kind: 'case',
  id: 'answer_failure_unshown_value',
  group: 'text',
  title: 'closing answer after a failure names a waiting or left step by a value the case never shows ("Adding "ZETA" to the watchlist needs it first." after the symbol look-up for "Zeta Corp" failed; "Moving into the folder "tmp" needs it first." after ls failed)',
  population: 'external cases whose ground truth closes the turn after the failure',
  check(tc) {
    if (tc.kind !== 'external' || !Array.isArray(tc.groundTruth)) return undefined;
    const close = tc.groundTruth[tc.groundTruth.length - 1];
    if (close.name !== FINISH_ACTION || typeof close.args !== 'string') return undefined;
    const shown = tc.messages.map((m) => m.content).join('\n');
    for (const sentence of sentencesOf(close.args).filter((x) => /needs? it first|waits? on it|depends? on it|Without it I can't go on to|still to do/i.test(x))) {
      for (const m of sentence.matchAll(/"([^"]+)"/g)) {
        if (!shown.includes(m[1]) && !shown.includes(JSON.stringify(m[1]).slice(1, -1))) return `"${m[1]}" is shown nowhere: "${sentence.slice(0, 110)}"`;
      }
    }
    return null;
  },
};


/**
 * A step the request asks for only on a condition ("If it falls under 37.5 PSI, perhaps we could swing by the
 * nearest tire shop?") told after a failure as if it would surely follow: "Without it I can't go on to find the
 * nearest tire shop.", "Finding the nearest tire shop needs it first." A careful person says whether it is
 * needed depends on the failed step ("Whether to find the nearest tire shop depends on it.").
 */
export function conditionalToldAsPlanned(answer: string, request: string): string | undefined {
  for (const s of sentencesOf(answer)) {
    const m = /^(.+?) (?:needs?|waits?) (?:it first|on it)\.$/.exec(s.trim()) ?? /^Without it I can't go on to (.+)\.$/.exec(s.trim());
    if (!m) continue;
    const task = m[1].split(/, | and /).find((t) => conditionalTask(request, t));
    if (task) return `"${task}" is asked only on a condition, yet told as planned: "${s.trim().slice(0, 120)}"`;
  }
  return undefined;
}

export const answerConditionalAsPlanned: CaseMeasure = {
  kind: 'case',
  id: 'answer_conditional_as_planned',
  group: 'text',
  title: 'closing answer after a failure telling a step the request asks for only on a condition as if it would surely follow ("If it falls under 37.5 PSI, perhaps we could swing by the nearest tire shop?" → "Without it I can\'t go on to find the nearest tire shop.")',
  population: 'closing answers of a turn in which a call failed',
  check(tc) {
    const turns = answeredTurns(tc).filter(({ calls }) => calls.some((c) => c.response !== '' && readsAsFailure(c.response)));
    if (turns.length === 0) return undefined;
    for (const t of turns) {
      const hit = conditionalToldAsPlanned(t.answer, t.request);
      if (hit) return hit;
    }
    return null;
  },
};

/**
 * A task told with its thing left bare or a preposition counted as the thing: "get the details of
 * property, get the property reviews for property and search for "restaurant" the three nears"
 * (teval_query_1_0-env-k1) — the ids nothing shown gives were cut and left the noun without its article,
 * and three searches near three listings counted "near" as what there were three of.
 */
export function taskNounBare(answer: string): string | undefined {
  const m = /\b(?:of|for|near|about) (?:property|movie|film|ticket|booking|article|paper|tweet|listing)\b(?!\s*(?:\d|"|id\b|[A-Z(]))|\bthe (?:two|three|four|five|six|seven|eight|nine|ten|\d+) (?:near|for|of|in|at|to|from|on|about|with)s\b/.exec(answer);
  return m ? m[0] : undefined;
}

export const answerTaskNounBare: CaseMeasure = {
  kind: 'case',
  id: 'answer_task_noun_bare',
  group: 'text',
  title: 'closing answer after a failure telling a task with its thing left bare or a preposition counted as the thing: "get the details of property, get the property reviews for property and search for "restaurant" the three nears"',
  population: 'cases that show or ask for a closing answer of a turn in which a call failed',
  check: (tc) => failureDefect(tc, (answer) => taskNounBare(answer)),
};

/**
 * A partial-failure opener whose failure clause says "it" where the task just named is the only thing "it"
 * can be: "Getting the route got done, but since it hit the rate limit (HTTP 429 …), I could not get the
 * distance." reads as the route hitting the limit (teval_query_26_2-env-k2).
 */
export function failurePronounUnclear(answer: string): string | undefined {
  const opener = /^[^.]*? (?:went through|got done|worked|came through), but (?:since|because|as) its? \w+/.exec(answer)?.[0];
  if (opener) return opener;
  // A failure sentence opening on the cause, "It hit the rate limit …, so I couldn't send the message." after "I logged in as USR001.":
  // the "it" comes before anything it could be but the sentence before.
  return answerSentences(answer).find((s) => IT_FAILED.test(s))?.slice(0, 70);
}

const IT_FAILED = /^(?:Since )?[Ii]t (?:hit|timed out|failed|ran into|reported|lost|could not|couldn't|was (?:throttled|overloaded|refused|denied|rejected|blocked|called too often|cut off|dropped))\b/;

export const answerFailurePronounUnclear: CaseMeasure = {
  kind: 'case',
  id: 'answer_failure_pronoun_unclear',
  group: 'text',
  title: 'closing answer says a failure of "it" before naming what failed: a partial-failure opener right after the tasks that worked ("Getting the route got done, but since it hit the rate limit, I could not get the distance"), or a sentence opening on its cause after another ("I logged in as USR001. It hit the rate limit …, so I couldn\'t send the message.")',
  population: 'cases whose closing answer follows a failed call',
  check: (tc) => failureDefect(tc, failurePronounUnclear),
};

/** A waiting task said by a parameter's name for a thing nothing shown names yet ("Copying the source to "Archived_Quarter1" waits on it."). */
export function parameterAsThing(answer: string): string | undefined {
  return /\b(?:[A-Z][a-z]+ing|to [a-z]+) the (?:source|src)\b[^.;]*/.exec(answer.replace(QUOTED_TEXT, '""'))?.[0];
}

export const answerParameterAsThing: CaseMeasure = {
  kind: 'case',
  id: 'answer_parameter_as_thing',
  group: 'text',
  title: 'closing answer after a failure names what a later step takes by its parameter\'s name ("Copying the source to "Archived_Quarter1" waits on it." for the text files the request asks to copy), never as the thing it is ("the files")',
  population: 'cases whose closing answer follows a failed call',
  check: (tc) => failureDefect(tc, parameterAsThing),
};

/** Two waiting tasks of one verb on one thing said whole twice ("Getting the details of the movie and getting the reviews of the movie wait on it."). */
export function waitingTasksUnmerged(answer: string): string | undefined {
  return /\b(\w+) the \w+(?: \w+)? of ((?:the )?[\w" ]+?) and \1 the \w+(?: \w+)? of \2\b/i.exec(answer)?.[0];
}

export const answerWaitingTasksUnmerged: CaseMeasure = {
  kind: 'case',
  id: 'answer_waiting_tasks_unmerged',
  group: 'text',
  title: 'closing answer after a failure says two waiting tasks that do one thing to one thing in full twice ("Getting the details of the movie and getting the reviews of the movie wait on it."), where a person says "Getting the details and the reviews of the movie waits on it."',
  population: 'cases whose closing answer follows a failed call',
  check: (tc) => failureDefect(tc, waitingTasksUnmerged),
};

/** A closing answer saying a folder change waits on the failure ("Moving into the temporary directory needs it first."). */
// The failure said as "it" or, after a finding, by its task ("… waits on listing the files", "Without listing the files, I can't go on to …": failureSentences failureNamed).
const CD_WAITS = /\b(?:[Mm]oving into|move into|[Gg]oing up to|go up to|[Cc]hanging (?:in)?to|change (?:in)?to)\b[^.]*\b(?:needs? it first|waits? on (?:it|[a-z]+ing))\b|\b[Ww]ithout (?:it|[a-z]+ing[^,.]*,) I can't go on to [^.]*\b(?:move into|go up to|change (?:in)?to)\b/;
/** A file-system task told as still to do ("Listing the files in the folder again is still to do."). */
const FS_PENDING = /(?:\b(?:[Ll]isting|[Cc]reating|[Cc]opying|[Mm]oving|[Rr]enaming|[Ww]riting|[Rr]eading|[Rr]emoving|[Ss]orting|[Cc]ounting|[Ss]earching)\b[^.]*\bis still to do\b|\bStill to do: [^.]*\b(?:listing|creating|copying|moving|renaming|writing|reading|removing|sorting|counting|searching)\b)/;

/**
 * A closing answer after a failure that says a folder change waits on it and a later file-system step is merely still to
 * do: "Moving into the temporary directory needs it first. Listing the files in the folder again is still to do."
 * (bfcl_multi_turn_base_26-env-k1). That step runs in the folder the waiting change would have entered, so it waits too.
 */
export function fsStepAfterUnrunCd(answer: string): string | undefined {
  // Names hold their own full stops ("final_document.txt"): read with quotes left empty.
  const bare = answer.replace(QUOTED_TEXT, '""');
  if (!CD_WAITS.test(bare)) return undefined;
  return FS_PENDING.exec(bare)?.[0];
}

export const answerFsStepAfterUnrunCd: CaseMeasure = {
  kind: 'case',
  id: 'answer_fs_step_after_unrun_cd',
  group: 'text',
  title: 'closing answer after a failure says a folder change waits on it and a later file-system step is merely still to do ("Moving into the temporary directory needs it first. Listing the files in the folder again is still to do."), though that step runs in the folder the change would have entered',
  population: 'cases whose closing answer follows a failed call',
  check: (tc) => failureDefect(tc, (answer) => fsStepAfterUnrunCd(answer)),
};

/**
 * The failed task said again, word for word, in the question right after the sentence that told it: "I tried to
 * purchase the insurance, but the connection … timed out. Want me to purchase the insurance again shortly, or hold
 * off?" A person asks "Want me to try again shortly, or hold off?": the task was named one sentence before.
 */
export function taskAskedTwice(answer: string): string | undefined {
  const qb = questionAndBefore(answer);
  // After a sentence of what waits on the failed step ("Listing the files in the folder again needs it first."), the
  // question names which step it asks about.
  const run = qb && TELLS_FAILURE.test(qb.before) ? taskSaidAgain(qb.before, qb.question) : undefined;
  return run ? `asks about "${run}" right after saying it: "${qb!.before.slice(0, 90)}" "${qb!.question}"` : undefined;
}

export const answerFailureTaskTwice: CaseMeasure = {
  kind: 'case',
  id: 'answer_failure_task_twice',
  group: 'text',
  title: 'closing answer after a failure asks about the failed task in the words of the sentence just before it ("Sorry, I wasn\'t able to convert 1500 USD to EUR, because the request timed out after 5 seconds. Shall I have another go at converting 1500 USD to EUR, or leave it there?"), where a person asks "Shall I have another go, or leave it there?"',
  population: 'closing answers of a turn in which a call failed',
  check: (tc) => failureDefect(tc, taskAskedTwice),
};

/**
 * A sentence of what waits on the failed step saying the failure as "it" right after a sentence that does not tell
 * it: "The first-class flight from SFO to LAX on 25 December 2026 costs 2000 USD. Cancelling the booking waits on
 * it." reads as waiting on the flight's cost. A person names the step: "… waits on getting the booking details."
 */
export function failureItFar(answer: string): string | undefined {
  const sentences = sentencesOf(answer.trim());
  for (let i = 1; i < sentences.length; i++) {
    const s = sentences[i];
    if (/\b(?:needs? it first|waits? on it|depends on it)\.$|^Without it\b|\bafter it in the request\b/.test(s) && !tellsFailure(sentences[i - 1])) return `"${s}" right after "${sentences[i - 1].slice(-90)}"`;
  }
  return undefined;
}

export const answerFailureItFar: CaseMeasure = {
  kind: 'case',
  id: 'answer_failure_it_far',
  group: 'text',
  title: 'closing answer after a failure says what waits on the failed step with "it" right after a sentence that does not tell the failure ("The first-class flight from SFO to LAX on 25 December 2026 costs 2000 USD. Cancelling the booking waits on it."), where a person names the step ("… waits on getting the booking details.")',
  population: 'closing answers of a turn in which a call failed',
  check: (tc) => failureDefect(tc, failureItFar),
};

/**
 * A film the request names by its title ('Inception') said as "the movie" in what a failure leaves undone: "Getting the
 * details and the reviews of the movie is still to do." (teval_query_297_0-env-k1), where the user asked about one film
 * by name and a person says which ("… of "Inception" …"). Only where the request quotes one known film's title and the
 * answer names none.
 */
export function filmLeftUnnamed(answer: string, request: string): string | undefined {
  const named = filmsQuotedIn(request).map((f) => f.title);
  if (named.length !== 1 || answer.includes(named[0])) return undefined;
  const bare = /\bthe (?:movie|film)\b(?! (?:"|titled|called|named))/.exec(answer);
  return bare ? `says "${answer.slice(Math.max(0, bare.index - 50), bare.index + 10)}" where the request names "${named[0]}"` : undefined;
}

export const answerFilmLeftUnnamed: CaseMeasure = {
  kind: 'case',
  id: 'answer_film_left_unnamed',
  group: 'text',
  title: 'closing answer after a failure says "the movie" of the one film the request names by its title ("Getting the details and the reviews of the movie is still to do." after a request about \'Inception\'), where a person names it',
  population: 'closing answers of a turn in which a call failed, whose request quotes one known film\'s title',
  check(tc) {
    let seen = false;
    for (const t of answeredTurns(tc)) {
      if (!t.calls.some((c) => c.response !== '' && readsAsFailure(c.response))) continue;
      if (filmsQuotedIn(t.request).length === 0) continue;
      seen = true;
      const hit = filmLeftUnnamed(t.answer, t.request);
      if (hit) return hit;
    }
    return seen ? null : undefined;
  },
};

export const FAILURE_ANSWER_MEASURES = [answerFilmLeftUnnamed, answerFailureItFar, answerFailureTaskTwice, answerFailureRepeatDropped, answerFsStepAfterUnrunCd, answerWaitingTasksUnmerged, answerParameterAsThing, answerFailurePronounUnclear, answerTaskNounBare, answerConditionalAsPlanned, answerActionUnphrased, answerFailureRawException, answerFailureTaskUnsaid, answerFailureChoiceUnclear, answerFailureOffersGoingOn, answerStepCountFalse, answerFailureBlamesUnrelated, answerFailureWaitingToldPending, answerFailedTaskOvercounted, answerFailureUnshownValue, answerFailureMisreported, answerFailureCauseGeneric, answerFailureFrameShare, externalRetryMayRepeat, skipThoughtSameCallUnnamed];
