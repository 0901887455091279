/**
 * What a careful model may do once tool step k has failed for good (an environment error) and it
 * gives up on it: which later step of the turn it can still take, judged from what it saw. Shared
 * by diversify-external (which picks the external ground truth's second element) and the quality
 * measures (which check the shipped cases), so the two agree.
 *
 * A later step cannot be taken when it needs what the failed call would have given:
 * - a value only the failed call's answer (or the answer of a step skipped with it) would have
 *   shown: an id, or text written from that answer (an email quoting the articles it found);
 * - state the failed call would have made: the presentation create_file opens, the session a
 *   login starts;
 * - a condition the user tied to the failed call's result ("if room 101 is available, reserve
 *   it", "should any tire be below 40 PSI, ...");
 * - a claim that the failed call's effect happened (an email saying the room was booked);
 * - or it is no careful step at all: an argument that is a placeholder ("company name").
 */
import { FINISH_ACTION, type Action, type ChatMessage, type Trajectory } from './schemas.js';
import { changesNothing, laterStepsDoableEarly, stepsOnAnswerOf, toolSteps, type LocatedStep } from './steps.js';
import { describeUngrounded, shownText, ungroundedValues } from './quality/grounding.js';
import { escapeRegExp } from './errors/vocabulary.js';
import { isoDateStated } from './quality/dates.js';
import { isComputation, localityOf } from './errors/environment.js';
import { placeSaidOtherwiseIn } from './resolution/places.js';

const norm = (s: string): string => s.toLowerCase().replace(/\\u([0-9a-f]{4})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))).replace(/\s+/g, ' ').trim();

function stringLeaves(args: unknown, out: { key: string; value: string }[] = [], key = ''): { key: string; value: string }[] {
  if (typeof args === 'string') out.push({ key, value: args });
  else if (typeof args === 'number' && Number.isFinite(args)) out.push({ key, value: String(args) });
  else if (Array.isArray(args)) args.forEach((a) => stringLeaves(a, out, key));
  else if (args && typeof args === 'object') Object.entries(args).forEach(([k, a]) => stringLeaves(a, out, k));
  return out;
}

// ---------------------------------------------------------------------------------------------
// Placeholders

/**
 * Why an argument value is a placeholder rather than a value (undefined when it is a value): a
 * template slot ("{places}", "[IMAGE_PATH]"), what the value should be instead of it ("company
 * name", "organic_result_id" where the docs name a field so), numbered filler ("Bullet point 1",
 * "Lorem ipsum"), a dummy number ("12345", "xxx km"), a stand-in for where the user is ("current location").
 */
const STAND_IN = 'a stand-in for a place nobody named';
const STAND_IN_PLACE =
  /^(?:(?:my|the|your|the user'?s|user'?s) )?(?:current|present) (?:location|position|place|city|address)$|^(?:my|your|the user'?s) (?:location|position)$|^(?:here|near me|nearby|current)$|^(?:(?:my|the|your|a) )?(?:(?:vacation|holiday|travel|trip) )?destination$/i;

/** A sender's slot in a message's text: "[Your Name]", "[INSERT YOUR NAME]", "[Your Company]", "[Your Title]". */
export const SIGN_OFF_SLOT = /\[(?:(?:insert|enter)\s+)?(?:your|my|sender'?s?)\s+(?:full\s+)?(?:name|company|title|position|signature|phone(?:\s+number)?|email|contact(?:\s+information|\s+details)?)\]/i;
const SIGN_OFF = 'a sign-off slot left to fill';

/**
 * A message text with its sender's slots taken out (T-Eval's plans end emails "Best regards,\n[Your
 * Name]"): a line holding only slots goes, with the valediction line just before it ("Best regards,"
 * would end the email dangling); a slot inside a line goes with the space before it. Slots the user's
 * own words hold (`said`: they dictated the text) stay as the user wrote them.
 */
export function dropSignOffSlots(value: string, said = ''): string {
  const slots = new RegExp(SIGN_OFF_SLOT.source, 'gi');
  if (!SIGN_OFF_SLOT.test(value) || (value.match(slots) ?? []).every((slot) => said.includes(slot))) return value;
  const lines = value.split('\n');
  const out: string[] = [];
  for (const line of lines) {
    if (line.trim() && line.replace(slots, '').trim() === '') {
      // The valediction before a name slot ("Best regards,") goes with it.
      while (out.length && /^\s*(?:best(?:\s+regards)?|kind regards|regards|warm regards|sincerely(?:\s+yours)?|yours(?:\s+sincerely|\s+truly)?|thanks|thank you|cheers|best wishes|all the best|respectfully)[,!.]?\s*$/i.test(out[out.length - 1])) out.pop();
      continue;
    }
    out.push(line.replace(new RegExp(`\\s*${SIGN_OFF_SLOT.source}`, 'gi'), ''));
  }
  return out.join('\n').replace(/\s+$/, '');
}

export function placeholderValue(value: string, fields: ReadonlySet<string> = new Set()): string | undefined {
  const v = value.trim();
  if (/\{[A-Za-z_][A-Za-z0-9_ ]*\}/.test(v)) return 'a template slot';
  if (/^\[[A-Z][A-Z0-9_ ]*\]$|\[(?:IMAGE|FILE|PATH|URL|NAME|ID)[A-Z_]*\]/.test(v)) return 'a template slot';
  // A slot left in text for someone to fill ("my research proposal on the topic of [insert topic]", "[Event Date]").
  if (/\[(?:insert|enter|add|fill in)\b[^\]]{0,40}\]|\[(?:Event|Recipient(?:'s)?|Company|Your Company|Meeting|Project|Product) [A-Z][a-z]+\]|\[(?:Date|Time|Topic|Location|Place|Subject)\]/i.test(v)) return 'a template slot';
  if (/^<[^<>]+>$/.test(v)) return 'a template slot';
  // A sender's slot left in a message ("Best regards,\n[Your Name]", "[Your Company]"): the email goes out signed "[Your Name]".
  if (SIGN_OFF_SLOT.test(v)) return SIGN_OFF;
  if (/\blorem ipsum\b/i.test(v)) return 'filler text';
  if (/\b(?:bullet (?:point|item)|point|item|slide) [1-9]\b\.?(?:\s*\[SPAN\]|\s*$)/i.test(v) && /\b(?:bullet (?:point|item)|item) [1-9]/i.test(v)) return 'numbered filler';
  if (/^(?:the |a |your |my )?(?:[a-z]+ ){0,2}(?:name|id|title|symbol|ticker|address|keyword|query)s?$/.test(v) && !/^[A-Z]/.test(v)) return 'a description of the value, not the value';
  if (/^(?:1234|12345|123456|1234567|0000|00000|xxx+)$/i.test(v) || /\bx{3,}\b/i.test(v)) return 'a dummy value';
  // A place the user never named, passed as where they are ("current location", "my location", "here"): no API looks it up.
  if (STAND_IN_PLACE.test(v)) return STAND_IN;
  // A parameter or answer field of the docs passed as the value ("organic_result_id").
  if (/^[a-z]+(?:_[a-z]+)+$/.test(v) && fields.has(v)) return 'a field name of the docs, not a value';
  return undefined;
}

/** The parameter and answer-field names the tool docs of a system prompt (or a trajectory's tools, as JSON) declare. */
export function docFieldNames(docs: string): ReadonlySet<string> {
  // One system prompt serves many cases and every check of each: read once per distinct prompt.
  let names = fieldNamesMemo.get(docs);
  if (!names) {
    names = new Set([...docs.matchAll(/"name"\s*:\s*"([A-Za-z_][\w]*)"/g)].map((m) => m[1]));
    if (fieldNamesMemo.size >= 256) fieldNamesMemo.delete(fieldNamesMemo.keys().next().value!);
    fieldNamesMemo.set(docs, names);
  }
  return names;
}
const fieldNamesMemo = new Map<string, ReadonlySet<string>>();

/** The first placeholder argument of a call ("search=\"company name\": a description ..."), or undefined. */
export function placeholderArgument(action: Action, fields: ReadonlySet<string> = new Set(), said = ''): string | undefined {
  if (action.name === FINISH_ACTION || typeof action.args !== 'object' || action.args === null) return undefined;
  for (const { key, value } of stringLeaves(action.args)) {
    const why = placeholderValue(value, fields);
    // A sign-off the user dictated ("the body 'Dear HR, … Best, [Your Name]'") is the user's text.
    if (why === SIGN_OFF && dropSignOffSlots(value, said) === value) continue;
    if (why) return `${key}=${JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value)} is ${why}`;
  }
  return undefined;
}

/**
 * A ground-truth call whose argument is a placeholder nothing in the prompt says ("Bullet point
 * 1[SPAN]Bullet point 2", "Lorem ipsum…", search="company name"): the plan's stand-in for content
 * the user never gave, so any other text would be as right and the case has no one answer. A value
 * the prompt shows (BFCL's order 12345 in an earlier answer) is a real value.
 */
export function unshownPlaceholder(messages: readonly ChatMessage[], groundTruth: Action | Action[]): string | undefined {
  const shown = messages.filter((m) => m.role === 'user' || m.role === 'function').map((m) => m.content).join('\n');
  const fields = docFieldNames(messages.find((m) => m.role === 'system')?.content ?? '');
  for (const action of Array.isArray(groundTruth) ? groundTruth : [groundTruth]) {
    if (action.name === FINISH_ACTION) continue;
    for (const { key, value } of stringLeaves(action.args)) {
      const why = placeholderValue(value, fields);
      // "the vacation destination" in the request names no place either: a stand-in the user says counts
      // only where a place follows it ("my current location at 456 Broad St").
      if (why === SIGN_OFF && dropSignOffSlots(value, shown) === value) continue;
      const said = why === STAND_IN ? new RegExp(`${escapeRegExp(value.trim())}\\s*(?:at|in|is|:|,|\\()\\s*[A-Z0-9]`, 'i').test(shown) : shown.includes(value.trim());
      if (why && !said) return `${action.name} ${key}=${JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value)} is ${why}`;
    }
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Values from answers that never came

/** The pieces of an argument's text a writer copies from an answer: lines, list items, fields, dates, numbers. */
/** An email address: copied from an inbox, never composed ("email@msr-cmt.org" from "Microsoft CMT <email@msr-cmt.org>"). */
const EMAIL = /^[^\s@<>]+@[^\s@<>]+\.[a-z]{2,}$/i;

function fragments(value: string): string[] {
  const out = new Set<string>();
  const add = (s: string) => {
    const t = s.trim().replace(/^(?:\d+[.)]|[-*•])\s+/, '').replace(/[.;,]+$/, '').trim();
    const cjk = /[\u3400-\u9fff]/.test(t);
    if (t.length < (cjk ? 2 : 4)) return;
    // A piece worth finding: a name, a number, a CJK word, or several words.
    if (cjk || /\d/.test(t) || /[A-Z]/.test(t.slice(0, 1)) || /\s\S+\s/.test(t) || EMAIL.test(t)) out.add(t);
  };
  // The smallest pieces first: a report names "2022-08-01", not the whole text around it.
  for (const m of value.matchAll(/\b\d{4}-\d{2}-\d{2}\b|(?<![\w.])\d+\.\d+(?![\w.])|(?<![\w.])\d{3,}(?![\w.])/g)) out.add(m[0]);
  for (const piece of value.split(/\[SPAN\]|\n|[;|]|,\s|:\s|\s[-–—]\s|\s\/\s/i)) add(piece);
  add(value);
  return [...out];
}

/**
 * Pieces of `step`'s arguments that the answers of `skipped` (the failed step and any skipped with
 * it) show and the case does not: the step was written from answers the model never got.
 */
export function valuesFromUnseenAnswers(step: Action, skipped: LocatedStep[], shown: string): string[] {
  const answers = norm(skipped.map((s) => s.step.response?.content ?? '').join('\n'));
  if (!answers) return [];
  const seen = norm(shown);
  const out: string[] = [];
  for (const { value } of stringLeaves(step.args)) {
    for (const f of fragments(value)) {
      const n = norm(f);
      if (answers.includes(n) && !seen.includes(n) && !isoDateStated(f, shown) && !out.some((o) => n.includes(norm(o)))) out.push(f);
    }
  }
  return out;
}

/** A fragment nobody composes: a CJK name, a word mixing letters and digits, a date, a long number, a decimal. */
function copiedFragment(f: string): boolean {
  return /[\u3400-\u9fff]/.test(f) || EMAIL.test(f) || /^(?=\S*[A-Za-z])(?=\S*\d)\S{4,}$/.test(f) || /^\d{4}-\d{2}-\d{2}$/.test(f) || /^(?:\d{3,}|\d+\.\d+)$/.test(f);
}

/**
 * Pieces of `step`'s arguments that nothing the case shows holds, when the plan says the step was
 * built on the failed call (T-Eval's `prev`): a film name, an id or a date copied from the answer
 * the source recorded for it, which the model never got.
 */
export function valuesFromPlannedAnswer(step: Action, shown: string): string[] {
  const seen = norm(shown);
  const out: string[] = [];
  for (const { key, value } of stringLeaves(step.args)) {
    // Numbers are grounding's (a radius said as "2 km"); titles and paths are the writer's own.
    if (/title|subject|theme|path|location|file/i.test(key) || /^-?\d+(?:\.\d+)?$/.test(value.trim())) continue;
    // A date the request says in words ("October 1, 2023" for "2023-10-01") is shown, whatever the plan took it from.
    // A place the request names, written in the language the tool's doc asks (天安门广场 for "Tiananmen Square"), is shown too.
    for (const f of fragments(value)) if (copiedFragment(f) && !seen.includes(norm(f)) && !isoDateStated(f, shown) && !placeSaidOtherwiseIn(f, shown) && !out.includes(f)) out.push(f);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// State the failed call would have made

/** Calls that open what later calls of their toolkit work in: a file, a session. */
const OPENS = /^(?:create_file|create_presentation|open|open_file|new_file|login|log_in|\w*_login|login_\w+|authenticate\w*|auth_\w+)$/i;

function apiName(tool: string): string {
  return tool.slice(tool.indexOf('.') + 1);
}
function toolkit(tool: string): string {
  return tool.includes('.') ? tool.slice(0, tool.indexOf('.')) : '';
}

/** Why `step` needs what the failed call would have opened, or undefined. */
export function needsOpenedState(failed: Action, step: Action): string | undefined {
  if (!OPENS.test(apiName(failed.name)) || toolkit(failed.name) !== toolkit(step.name)) return undefined;
  if (OPENS.test(apiName(step.name)) || changesNothing(step.name)) return undefined;
  const what = /create|open|new/i.test(apiName(failed.name)) ? 'the file' : 'the session';
  return `${step.name} works in ${what} the failed ${apiName(failed.name)} would have opened`;
}

/** A file system's calls that make a name (a copy, a moved file, a folder, a file): the argument that names it. */
const MAKES: Record<string, string[]> = { cp: ['destination'], mv: ['destination'], mkdir: ['dir_name'], touch: ['file_name'], echo: ['file_name'] };

/** The last part of a path ("docs/archive/" -> "archive"). */
const baseName = (v: string): string => v.trim().replace(/\/+$/, '').split('/').pop() ?? '';

/**
 * Why `step` depends on the state the failed call would have left, or undefined: BFCL's file system
 * keeps a working directory and the files calls make. After a failed `cd document`, every later call
 * of that file system runs in the directory the user did not want (`mkdir temp` makes temp outside
 * document, `du` measures the wrong folder); after a failed `cp(test_document.txt, archives)`, a
 * later call that works in or on `archives` goes to rename a copy that was never made; after a failed
 * `touch`, `mkdir` or `echo`, a call on the file or folder it was to make finds nothing (or the old one).
 */
export function needsFailedState(failed: Action, step: Action): string | undefined {
  if (!toolkit(failed.name) || toolkit(failed.name) !== toolkit(step.name) || typeof failed.args !== 'object' || failed.args === null || Array.isArray(failed.args)) return undefined;
  const args = failed.args as Record<string, unknown>;
  const api = apiName(failed.name);
  if (api === 'cd' && typeof args.folder === 'string') {
    // A path from the root goes where it says, whatever the working directory.
    const folder = stringLeaves(step.args).find((l) => l.key === 'folder')?.value ?? '';
    if (apiName(step.name) === 'cd' && folder.startsWith('/')) return undefined;
    return `${step.name} runs in the working directory, which is not ${JSON.stringify(args.folder)} since cd(${JSON.stringify(args.folder)}) failed`;
  }
  const made = (MAKES[api] ?? []).map((key) => args[key]).filter((v): v is string => typeof v === 'string' && baseName(v).length > 0 && baseName(v) !== '.' && baseName(v) !== '..');
  for (const name of made) {
    const hit = stringLeaves(step.args).find((l) => l.value.trim() === name.trim() || baseName(l.value) === baseName(name));
    if (hit) return `${step.name} ${hit.key}=${JSON.stringify(hit.value)} works on ${JSON.stringify(name)}, which the failed ${api} was to make`;
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Claims that the failed call's effect happened

/** Words saying a deed went through. */
const SUCCEEDED = /\bsuccess(?:ful(?:ly)?)?\b|\bsucceeded\b/i;
const PARTICIPLE: Record<string, string> = { send: 'sent', write: 'written', make: 'made', buy: 'bought', put: 'put', set: 'set' };

/** The words a report of a call's deed says: its toolkit ("Email"), its verb and that verb done ("send", "sent"). */
function deedWords(tool: string): string[] {
  const words = apiName(tool).replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase().split('_').filter((w) => w.length >= 3);
  const verb = words[0];
  const done = verb ? (PARTICIPLE[verb] ?? (verb.endsWith('e') ? `${verb}d` : `${verb}ed`)) : undefined;
  return [...new Set([toolkit(tool).toLowerCase(), ...words, ...(done ? [done] : [])].filter((w) => w.length >= 3))];
}

/** Why `step` reports the failed call's effect as done (its text names what the failed call would have changed), or undefined. */
export function claimsFailedEffect(failed: Action, step: Action): string | undefined {
  if (changesNothing(failed.name) || typeof failed.args !== 'object' || failed.args === null) return undefined;
  const changed = stringLeaves(failed.args).map((l) => l.value.trim()).filter((v) => v.length >= 2 && v.length <= 60);
  if (changed.length === 0) return undefined;
  const deed = deedWords(failed.name);
  for (const { key, value } of stringLeaves(step.args)) {
    // A status line however short ("Email sent successfully." for "write the status of the email sending operation", teval_query_194_1).
    if (SUCCEEDED.test(value) && deed.some((w) => new RegExp(`\\b${escapeRegExp(w)}\\b`, 'i').test(value))) {
      return `${step.name} ${key} reports ${apiName(failed.name)} as done ("${value.trim().slice(0, 60)}"), though it failed`;
    }
    if (value.trim().split(/\s+/).length < 5) continue;
    const text = norm(value);
    // A text of the same kind (the email the failed send was to go out as) is not a report of it.
    if (stringLeaves(failed.args).some((l) => norm(l.value) === text)) continue;
    const named = changed.filter((v) => new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(norm(v))}($|[^\\p{L}\\p{N}])`, 'u').test(text));
    if (named.length && /\b(?:booked|reserved|secured|confirmed|scheduled|created|sent|saved|added|placed|done|completed|have (?:been )?\w+ed)\b/i.test(value)) {
      return `${step.name} ${key} reports ${apiName(failed.name)}(${named.map((n) => JSON.stringify(n)).join(', ')}) as done, though it failed`;
    }
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Conditions the user tied to the failed call's result

const STOP = new Set(
  'the a an of to in on for at by with and or is are be it its this that these those any all my me you your i we our please kindly could would should can will if once whether when then so there their them they what which who get set use make do does did have has from into up out about as than just also more most some each every'.split(' '),
);

function contentWords(text: string): Set<string> {
  const words = text
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length >= 3 && !STOP.has(w))
    .map((w) => w.replace(/(?:ies)$/, 'y').replace(/(?<=[^s])s$/, ''));
  return new Set(words);
}

function wordsOfCall(action: Action, description = ''): Set<string> {
  const args = stringLeaves(action.args).map((l) => l.value).filter((v) => v.length <= 40).join(' ');
  return contentWords(`${apiName(action.name).replace(/_/g, ' ')} ${args} ${description.split(/(?<=\.)\s/)[0] ?? ''}`);
}

/** Politeness and hedges that open with "if" and tie nothing to a result. */
const HEDGE = /^(?:if|should)\s+(?:you|it(?:'s| is) (?:possible|convenient)|possible|needed|necessary|required|applicable|you can|you could|you don't mind)\b/i;
/**
 * A condition about what something turns out to be: "if room 101 is available", "Should any tire
 * display ...", "once the file is saved". "Should" counts only where it opens a clause (a modal
 * "should be sent" is no condition); a number's decimal point does not end the clause.
 */
const CONDITION = /(?:\b(if|in case|once|whether|provided that|unless|depending on)|(?:^|[,;:]\s*|\band\s+)(should))\b\s+((?:[^,.;?!]|\.(?=\d))*)(?:[,;]\s*(?:then\s+)?((?:[^.;?!]|\.(?=\d))*))?/gi;
/** "determine if ...", "check whether ...": an embedded question, what a call finds out, not a condition on it. */
const ASKS = /\b(?:determine|check|verify|see|know|find out|tell me|ask|confirm|figure out|learn|investigate|examine|whether or not)\s*$/i;

function sentences(text: string): string[] {
  return text.split(/(?<=[.?!])\s+/).map((s) => s.trim()).filter(Boolean);
}

const shares = (a: Set<string>, b: Set<string>): string[] => [...a].filter((w) => b.has(w));

/**
 * Why the user made `step` depend on the failed call's result, or undefined: a condition in the
 * turn's request about what the failed call checks ("Should any tire display a pressure below 40
 * PSI" ~ check_tire_pressure), with `step` in what follows it ("guide me to the nearest tire
 * service facility" ~ find_nearest_tire_shop). A condition that opens with a pronoun ("If it falls
 * under 37.5 PSI") is about the sentence before it.
 */
export function conditionOnFailed(request: string, failed: Action, step: Action, tools: { name: string; description: string }[] = []): string | undefined {
  const doc = (name: string) => tools.find((t) => t.name === name)?.description ?? '';
  const failedWords = wordsOfCall(failed, doc(failed.name));
  const stepWords = wordsOfCall(step, doc(step.name));
  const all = sentences(request);
  for (let i = 0; i < all.length; i++) {
    const sentence = all[i];
    for (const m of sentence.matchAll(CONDITION)) {
      const word = m[1] ?? m[2];
      const clause = `${word} ${m[3]}`;
      if (HEDGE.test(clause) || /^(?:if|once)\s+(?:you|I)\b/i.test(clause)) continue;
      const at = (m.index ?? 0) + m[0].length - m[0].replace(/^[,;:]?\s*(?:and\s+)?/i, '').length;
      if (/^(?:if|whether)$/i.test(word) && ASKS.test(sentence.slice(0, at))) continue;
      // What follows the condition: the rest of the clause after a comma, or the sentence's head before it.
      const after = (m[4] ?? '').trim();
      const before = sentence.slice(0, at).trim();
      const consequent = after || before;
      if (!consequent) continue;
      const anaphoric = /^(?:if|should|once|unless)\s+(?:it|they|this|that|so|not|these|those|the result|any of them)\b/i.test(clause);
      const conditionText = anaphoric && i > 0 ? `${clause} ${all[i - 1]}` : clause;
      const onFailed = shares(contentWords(conditionText), failedWords);
      // "reserve it for that time" points back at a time already said: no clock read is asked there (teval_query_250_1).
      const onStep = shares(contentWords(consequent.replace(/\b(?:that|this|the same|those)\s+(?:time|times|date|day|slot)\b/gi, ' ')), stepWords);
      // The consequent must not also be what the failed call itself does ("check whether ..., then check ...").
      if (onFailed.length && onStep.length && shares(contentWords(consequent), failedWords).length <= onStep.length) {
        return `the user asked for ${apiName(step.name)} only "${clause.trim()}", which the failed ${apiName(failed.name)} was to tell`;
      }
    }
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Alternatives the user offered, chosen by the failed call's result

/** Why `step` picks between alternatives the user offered ("'healthy' or 'not healthy'") that only the failed call could decide. */
export function choiceOnFailed(request: string, failed: Action, step: Action): string | undefined {
  if (!changesNothing(failed.name)) return undefined;
  for (const m of request.matchAll(/(['"‘“])([^'"’”]{1,40})['"’”]\s+or\s+(['"‘“])([^'"’”]{1,40})['"’”]/g)) {
    const options = [m[2], m[4]];
    for (const { key, value } of stringLeaves(step.args)) {
      if (options.includes(value.trim())) return `${step.name} ${key}=${JSON.stringify(value)} picks one of "${options[0]}" or "${options[1]}", which the failed ${apiName(failed.name)} was to decide`;
    }
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------

/** The turn's request that step k belongs to. */
export function requestOf(trajectory: Trajectory, k: number): string {
  const at = toolSteps(trajectory)[k - 1];
  return at ? trajectory.turns[at.turnIndex].user : '';
}

/**
 * The later steps of k's turn that wait on step k itself, as a closing answer may say ("Cancelling
 * the booking needs it first."), by their k: each takes a value only k's answer showed
 * (stepsOnAnswerOf) or a text only its answer, or an answer of a step waiting on it, would have given,
 * works in the state k was to open or make, or the user tied it to k's result (a condition, a choice,
 * a claim that k worked). A step held up by something else (a value nothing showed) does not wait on k.
 */
export function stepsWaitingOn(trajectory: Trajectory, k: number): Set<number> {
  const steps = toolSteps(trajectory);
  const at = steps[k - 1];
  const waiting = new Set<number>();
  if (!at) return waiting;
  const failed = at.step.action;
  const request = requestOf(trajectory, k);
  const onAnswer = new Set(stepsOnAnswerOf(trajectory, k).map((s) => s.k));
  // What the case showed before k: the user turns so far and the answers of the steps before it.
  const shown = [...trajectory.turns.slice(0, at.turnIndex + 1).map((t) => t.user), ...steps.slice(0, k - 1).map((s) => s.step.response?.content ?? '')].join('\n');
  // The steps between that wait on k pass its answer on ("the ticker" k found, then the details of it).
  const chain = [at];
  for (const s of steps.slice(k).filter((x) => x.turnIndex === at.turnIndex)) {
    const action = s.step.action;
    // The state a waiting step was to leave is no more there than the failed one's: after a failed ls, the cd waiting on
    // it never runs, so the ls after that cd would list the wrong folder (bfcl_multi_turn_base_26-env-k1, "Listing the files
    // in the folder again is still to do." as if it could run).
    const waits = onAnswer.has(s.k) || valuesFromUnseenAnswers(action, chain, shown).length > 0 || !!(needsOpenedState(failed, action) ?? chain.map((c) => needsFailedState(c.step.action, action)).find(Boolean) ?? tiedToFailed(request, failed, action, trajectory.tools));
    if (!waits) continue;
    waiting.add(s.k);
    chain.push(s);
  }
  return waiting;
}

/** A later step the user tied to the failed one: a claim that it worked, a condition on its result, a choice it was to decide. */
function tiedToFailed(request: string, failed: Action, action: Action, tools: Trajectory['tools']): string | undefined {
  return claimsFailedEffect(failed, action) ?? conditionOnFailed(request, failed, action, tools) ?? choiceOnFailed(request, failed, action);
}

/**
 * Why `candidate` (a later tool step of k's turn) cannot be the next step once step k has failed
 * for good, from what the case shows (`messages`, the failure last); undefined when it can. The
 * steps between k and the candidate are given up with k (they needed it).
 */
/** File names an action passes (a path's last part). */
function filesOf(action: Action): string[] {
  if (typeof action.args !== 'object' || action.args === null) return [];
  return Object.entries(action.args as Record<string, unknown>)
    .filter(([key, v]) => typeof v === 'string' && (/file|path|location|source|destination/i.test(key) || (!/\s/.test(v) && /\.\w{2,4}$/.test(v))))
    .map(([, v]) => String(v).split('/').pop()!.toLowerCase());
}

/**
 * A local failure that says a thing other calls share stands in the way (a lock another operation
 * holds on the file, the network share's server down, the connection to the car's controller lost,
 * the disk full): a next step of the same toolkit on that thing meets it too, so it is no careful
 * step after giving up (teval_query_247_2-env-k4: save_file right after add_text_page "timed out waiting
 * for a lock another operation holds on the file"; bfcl_multi_turn_base_60-env-k1: pressBrakePedal after
 * lockDoors' "connection to the controller dropped").
 */
export function sharedFaultBlocks(failure: string, failed: Action, action: Action, tools: Trajectory['tools']): string | undefined {
  const kit = (name: string) => name.split('.')[0];
  if (kit(failed.name) !== kit(action.name) || localityOf(action.name, tools) !== 'local' || isComputation(action.name, tools)) return undefined;
  const say = (what: string) => `the next step ${action.name} ${what}, which the failure says stood in the way`;
  if (/network share/i.test(failure)) return say('works on the same network share');
  if (/connection to the controller|device not ready|device is not connected|\bENOTCONN\b/i.test(failure)) return say('goes through the same controller');
  if (/No space left on device|Disk quota exceeded/i.test(failure) && WRITES.test(action.name.split('.').pop() ?? '')) return say('writes to the same full disk');
  if (/lock another operation holds on the file|waiting for the lock on the device/i.test(failure)) {
    const a = filesOf(failed);
    const b = filesOf(action);
    if ((a.length === 0 && b.length === 0) || a.some((f) => b.includes(f))) return say('needs the same locked file');
  }
  return undefined;
}
const WRITES = /write|save|create|add|insert|append|update|delete|remove|mkdir|touch|move|copy|rename|^(?:echo|cp|mv|rm|rmdir)$/i;

export function skipObstacle(trajectory: Trajectory, k: number, candidate: LocatedStep, messages: ChatMessage[], action: Action = candidate.step.action): string | undefined {
  const steps = toolSteps(trajectory);
  const failed = steps[k - 1]?.step.action;
  if (!failed) return undefined;
  const last = messages[messages.length - 1];
  const shared = last?.role === 'function' ? sharedFaultBlocks(last.content, failed, action, trajectory.tools) : undefined;
  if (shared) return shared;
  const placeholder = placeholderArgument(action, docFieldNames(messages[0]?.content ?? ''), messages.filter((m) => m.role === 'user').map((m) => m.content).join('\n'));
  if (placeholder) return `the next step ${action.name} is no careful step: ${placeholder}`;
  const missing = ungroundedValues({ messages, groundTruth: action });
  if (missing.length) return `the next step ${action.name} takes ${describeUngrounded(missing.slice(0, 3))}, which only the failed ${apiName(failed.name)} would have shown`;
  const unseen = valuesFromUnseenAnswers(action, steps.slice(k - 1, candidate.k - 1), shownText(messages));
  if (unseen.length) return `the next step ${action.name} states ${unseen.slice(0, 3).map((u) => JSON.stringify(u.length > 50 ? `${u.slice(0, 47)}...` : u)).join(', ')}, which only the failed ${apiName(failed.name)} would have shown`;
  const opened = needsOpenedState(failed, action) ?? needsFailedState(failed, action);
  if (opened) return opened;
  const builtOn = (candidate.step.prev ?? []).filter((id) => id >= k - 1 && id < candidate.k - 1);
  const planned = builtOn.length ? valuesFromPlannedAnswer(action, shownText(messages)) : [];
  if (planned.length) return `the next step ${action.name} states ${planned.slice(0, 3).map((u) => JSON.stringify(u)).join(', ')}, which the plan took from the failed ${apiName(failed.name)} and the case never shows`;
  const request = requestOf(trajectory, k);
  return tiedToFailed(request, failed, action, trajectory.tools);
}

/**
 * The later tool steps of k's turn a model may go on with after giving up on step k, in order:
 * the next one, then those that need nothing from step k (laterStepsDoableEarly: independent ones and lookups of another toolkit than the writes between). Each still has to
 * pass skipObstacle.
 */
export function skipCandidates(trajectory: Trajectory, k: number): LocatedStep[] {
  const steps = toolSteps(trajectory);
  const at = steps[k - 1];
  if (!at) return [];
  const next = steps[k];
  const out: LocatedStep[] = [];
  if (next && next.turnIndex === at.turnIndex) out.push(next);
  // A lookup of another toolkit than the writes between (the clock after a reservation, teval_query_250_1)
  // reads nothing they change: passing over it for a later step would make the model skip a part of the request.
  for (const s of laterStepsDoableEarly(trajectory, k)) if (!out.some((o) => o.k === s.k)) out.push(s);
  return out;
}

/** Words of a task that say nothing of what it is about. */
const TASK_STOP = new Set(['the', 'that', 'this', 'them', 'those', 'these', 'again', 'another', 'with', 'from', 'into', 'onto', 'for', 'about', 'nearest', 'first', 'last', 'file', 'files', 'details', 'information', 'stock']);

/**
 * Whether the request asks for a task only on a condition: a sentence that opens with "If" ("If it falls
 * under 37.5 PSI, perhaps we could swing by the nearest tire shop?", "If there are, could you please reserve
 * the first available room for me?") and names what the task is about (its words after its verb, a plural
 * matching its singular). `task` is a verb phrase or its -ing form ("find the nearest tire shop").
 */
export function conditionalTask(request: string, task: string): boolean {
  const words = task
    .toLowerCase()
    .replace(/"[^"]*"/g, ' ')
    .split(/[^a-z]+/)
    .slice(1)
    .filter((w) => w.length >= 4 && !TASK_STOP.has(w))
    .map((w) => w.replace(/(?:es|s)$/, ''));
  if (words.length === 0) return false;
  return request
    .split(/(?<=[.?!;])\s+|\n+/)
    .some((s) => /^\s*(?:(?:and|then|so|but)\s+)?if\b/i.test(s) && words.some((w) => new RegExp(`\\b${w}`, 'i').test(s)));
}
