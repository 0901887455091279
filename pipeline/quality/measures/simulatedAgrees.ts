/**
 * Simulated answers that disagree with the call they answer:
 *
 * - simulated_success_ruled_out: a success the call's own arguments rule out — a forecast of
 *   `days` days listing another number of days (days=2 → three dated days), a value above the
 *   maximum its doc states answered (days=500 where "maximum N is 3"), a "lat,lon" string whose
 *   latitude is off the globe given a distance ("139.79289,35.71975" → {"distance": 17.2}).
 * - simulated_status_names_other_path: a status-only success naming a file the call did not write
 *   ({'status': 'File written successfully to outputs/status.txt.'} for file_path "weather.txt").
 * - similar_films_list_itself: a similar-films answer listing the queried film (movie_id 27205 →
 *   [{"id": 27205, "title": "Inception"}]); a film is not similar to itself.
 * - similar_films_unlike: a similar-films answer listing a film titled as the asked one (the film
 *   "Paris" → [{"id": 23119, "title": "Paris"}]) or a known film sharing no genre with a known asked film.
 * - simulated_list_id_repeated: a simulated list giving two different records one id (two Los Angeles
 *   listings both 42736872): drawn ids of a field whose recordings hold one id took that id whole.
 * - similar_films_untitled: a similar-films answer listing films by a plot line with no title
 *   ({"films": ["An aging jazz pianist agrees to guide a stranger …", …]}): T-Eval's recordings list
 *   {id, title, release_date, vote_average, popularity} records, and a closing answer cannot name a film
 *   the answer never titles.
 * - simulated_clock_contradicted_later: a simulated clock answer ("2020-09-29 05:30") another date
 *   and time a later call of the plan or the closing answer writes contradicts (write_file("2023-10-21
 *   11:14\n") right after): the plan copied the time its run saw, so the case shows two nows.
 * - one_api_two_forms: one API answering in a case both as T-Eval recorded it (a Python literal)
 *   and as JSON, which shows which answer was simulated.
 * - io_error_direction_wrong: a device I/O error "reading from the device" on a call that writes
 *   (save_file, add_text_image_page), or "writing to" on one that reads.
 * - simulated_status_list_omits_used: a simulated list of every room and its status that lacks a room
 *   another step of the case finds free or reserves (rooms 234, 971 and 555 listed, then
 *   get_empty_room_with_time → {'rooms': [103]} and reserve(room_id="103")).
 * - simulated_status_contradicts_check: a simulated status list calling a room free that a check of the
 *   task for a time window leaves out ("Room 102: available", "Room 103: free after 12:30", then
 *   get_empty_room_with_time(14:00, 16:00) → {'rooms': [103]}), or one the check lists taken then.
 */
import type { CaseMeasure } from '../types.js';
import { firstDefect } from '../evidence.js';
import { shownCalls } from './paths.js';
import { toolSteps } from '../../steps.js';
import { parseToolResponse } from '../../prompts/parseAction.js';
import { isPlainObject, apiOf } from '../../errors/values.js';
import { isClock, statedMaximum, WRITING_CALL } from '../../resolution/simulatorRules.js';
import { FINISH_ACTION } from '../../schemas.js';
import type { ToolDoc } from '../../schemas.js';
import { answerForm, type AnswerForm } from '../../resolution/answerForm.js';
import { filmById, filmByTitle } from '../../resolution/worldFacts.js';
import { itemsUsedElsewhere } from '../../resolution/askedCount.js';

/** How a tool's answer reads as a refusal or failure, in the forms the sources and the simulator print. */
const FAILED = /["']error["']|errorDetails|\[Errno \d+\]|INVALID_PARAMS|^\s*\{\s*'text':\s*["']Error:|Invalid value|failed/i;

/** The records of the first list an answer holds whose items carry a date ("results": [{"date": …}, …]). */
function datedRecords(value: unknown): unknown[] | undefined {
  if (!isPlainObject(value)) return undefined;
  for (const v of Object.values(value)) if (Array.isArray(v) && v.length && v.every((r) => isPlainObject(r) && typeof r.date === 'string')) return v;
  return undefined;
}

/** Why a success is ruled out by the call's own arguments, null when it agrees, undefined when nothing here speaks to it. */
export function successRuledOut(doc: ToolDoc | undefined, args: unknown, answer: string): string | null | undefined {
  if (!doc || !isPlainObject(args)) return undefined;
  let spoke = false;
  const failed = FAILED.test(answer);
  for (const p of [...doc.required_parameters, ...doc.optional_parameters]) {
    const v = args[p.name];
    const most = typeof v === 'number' ? statedMaximum(p.description ?? '') : undefined;
    if (most !== undefined) {
      spoke = true;
      if ((v as number) > most && !failed) return `${p.name}=${v} is above the maximum of ${most} its doc states, yet the call succeeded`;
    }
    const pair = typeof v === 'string' && !/lon,\s*lat/i.test(p.description ?? '') ? /^\s*(-?\d{1,3}\.\d+)\s*,\s*(-?\d{1,3}\.\d+)\s*$/.exec(v) : null;
    if (pair) {
      spoke = true;
      if (Math.abs(Number(pair[1])) > 90 && !failed) return `${p.name}="${v}" has latitude ${pair[1]}, off the globe, yet the call succeeded`;
    }
  }
  const days = args.days;
  if (typeof days === 'number' && /\bdays?\b/i.test(`${doc.description} ${doc.return_data.map((r) => r.description ?? '').join(' ')}`)) {
    spoke = true;
    const listed = failed ? undefined : datedRecords(parseToolResponse(answer));
    if (listed && listed.length !== days) return `days=${days} answered with ${listed.length} dated days`;
  }
  return spoke ? null : undefined;
}

export const simulatedSuccessRuledOut: CaseMeasure = {
  kind: 'case',
  id: 'simulated_success_ruled_out',
  group: 'solvable',
  title: 'a simulated success its call\'s own arguments rule out: a forecast for days=2 listing three days, days=500 (doc: "maximum N is 3") answered with a forecast, get_distance to "139.79289,35.71975" (latitude 139, off the globe) answered {"distance": 17.2}',
  population: 'cases showing a simulated answer to a call with a count of days, a numeric value under a stated maximum, or a "lat,lon" string',
  check: (tc, ctx) =>
    firstDefect(shownCalls(tc, ctx), (call) => {
      if (call.tier !== 'simulated') return undefined;
      const why = successRuledOut(tc.tools.find((d) => d.name === call.name), call.args, call.answer);
      return why === undefined ? undefined : why ? `${call.name}: ${why}` : null;
    }),
};

/** The file names a status text names ("outputs/status.txt" in "File written successfully to outputs/status.txt."). */
function namedFiles(status: string): string[] {
  return [...status.matchAll(/(?<![\w./-])((?:[\w.-]+\/)*[\w-]+(?:\.[\w-]+)*\.[A-Za-z]{1,5})(?![\w/])/g)].map((m) => m[1]).filter((f) => !/^\d+(\.\d+)*$/.test(f));
}

export const simulatedStatusNamesOtherPath: CaseMeasure = {
  kind: 'case',
  id: 'simulated_status_names_other_path',
  group: 'text',
  title: 'a simulated status-only success names a file its call did not write ({\'status\': \'File written successfully to outputs/status.txt.\'} for write_file("weather.txt"))',
  population: 'cases showing a simulated status-only answer that names a file',
  check: (tc, ctx) =>
    firstDefect(shownCalls(tc, ctx), (call) => {
      if (call.tier !== 'simulated') return undefined;
      const v = parseToolResponse(call.answer);
      if (!isPlainObject(v) || Object.keys(v).length !== 1 || typeof v.status !== 'string') return undefined;
      const files = namedFiles(v.status);
      if (!files.length) return undefined;
      const given = isPlainObject(call.args) ? Object.values(call.args).filter((a): a is string => typeof a === 'string').map((a) => a.trim()) : [];
      const other = files.find((f) => !given.includes(f));
      return other ? `${call.name}: the status names ${other}, the call wrote ${given.find((g) => /\.\w{1,5}$/.test(g)) ?? 'no such file'}` : null;
    }),
};

/** The list a similar-films answer gives (its first list field), or undefined for any other call or an answer with none. */
function similarFilms(call: { name: string; answer: string }): unknown[] | undefined {
  if (!/similar_movies|similar_films/i.test(call.name)) return undefined;
  const v = parseToolResponse(call.answer);
  return isPlainObject(v) ? Object.values(v).find(Array.isArray) : undefined;
}

export const similarFilmsListItself: CaseMeasure = {
  kind: 'case',
  id: 'similar_films_list_itself',
  group: 'text',
  title: 'a similar-films answer lists the queried film itself (get_similar_movies(27205) → [{"id": 27205, "title": "Inception"}])',
  population: 'cases showing a successful answer of get_similar_movies',
  check: (tc, ctx) =>
    firstDefect(shownCalls(tc, ctx), (call) => {
      const list = similarFilms(call);
      if (!list || !isPlainObject(call.args)) return undefined;
      const id = call.args.movie_id;
      return list.some((r) => isPlainObject(r) && r.id !== undefined && String(r.id) === String(id)) ? `${call.name}(${String(id)}) lists the film ${String(id)} itself` : null;
    }),
};

/** The title a case shows for a film id before `before` ends: a search or list record, or a details answer, giving that id a title. */
function shownFilmTitle(before: { role: string; content: string }[], id: unknown): string | undefined {
  if (id === undefined) return undefined;
  for (const m of before) {
    if (m.role !== 'function') continue;
    const v = parseToolResponse(m.content);
    const records = isPlainObject(v) ? [v, ...Object.values(v).filter(Array.isArray).flat()] : Array.isArray(v) ? v : [];
    for (const r of records) if (isPlainObject(r) && r.id !== undefined && String(r.id) === String(id) && typeof r.title === 'string' && r.title.trim()) return r.title.trim();
  }
  return undefined;
}

const sameTitle = (a: string, b: string) => a.normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '') === b.normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/**
 * What in a similar-films list is no film like the asked one: a record titled as the asked film (another
 * "Paris" like "Paris"), or a film the facts table knows sharing no genre with an asked film it knows.
 */
export function unlikeFilm(list: unknown[], askedId: unknown, askedTitle: string | undefined): string | undefined {
  const asked = filmById(askedId) ?? filmByTitle(askedTitle);
  const title = asked?.title ?? askedTitle;
  for (const r of list) {
    if (!isPlainObject(r)) continue;
    if (title && typeof r.title === 'string' && sameTitle(r.title, title)) return `lists ${JSON.stringify(r.title)} (id ${String(r.id)}) as like the film ${JSON.stringify(title)} itself`;
    const film = filmById(r.id) ?? filmByTitle(r.title);
    if (asked && film && film !== asked && !film.genres.some((g) => asked.genres.includes(g))) return `lists ${film.title} (${film.genres.join(', ')}) as like ${asked.title} (${asked.genres.join(', ')})`;
  }
  return undefined;
}

export const similarFilmsUnlike: CaseMeasure = {
  kind: 'case',
  id: 'similar_films_unlike',
  group: 'text',
  title: 'a similar-films answer lists a film titled as the asked one (get_similar_movies(8279), the film "Paris" → [{"id": 23119, "title": "Paris"}]) or a known film sharing no genre with it',
  population: 'cases showing a successful answer of get_similar_movies',
  check: (tc, ctx) =>
    firstDefect(shownCalls(tc, ctx), (call) => {
      const list = similarFilms(call);
      if (!list || !isPlainObject(call.args)) return undefined;
      const bad = unlikeFilm(list, call.args.movie_id, shownFilmTitle(call.before, call.args.movie_id));
      return bad ? `${call.name}(${String(call.args.movie_id)}) ${bad}` : null;
    }),
};

/** The first id two different records of one list in `value` share (at any depth): {'property': [{'id': 42736872, 'name': 'Quiet guest suite'}, {'id': 42736872, 'name': 'Modern condominium'}]}. */
export function repeatedListId(value: unknown): string | undefined {
  if (Array.isArray(value)) {
    const seen = new Map<string, string>();
    for (const r of value) {
      if (!isPlainObject(r)) continue;
      for (const [k, v] of Object.entries(r)) {
        if (!/(?:^|_)id$|[a-z]Id$/.test(k) || (typeof v !== 'number' && typeof v !== 'string')) continue;
        const key = `${k}=${String(v)}`;
        const whole = JSON.stringify(r);
        if (seen.has(key) && seen.get(key) !== whole) return `${k} ${String(v)}`;
        seen.set(key, whole);
      }
    }
    for (const r of value) {
      const inner = repeatedListId(r);
      if (inner) return inner;
    }
    return undefined;
  }
  if (isPlainObject(value)) for (const v of Object.values(value)) {
    const inner = repeatedListId(v);
    if (inner) return inner;
  }
  return undefined;
}

export const simulatedListIdRepeated: CaseMeasure = {
  kind: 'case',
  id: 'simulated_list_id_repeated',
  group: 'solvable',
  title: 'a simulated list gives two different records one id ({\'property\': [… {\'id\': 42736872, \'name\': \'Quiet guest suite in Los Angeles\'}, {\'id\': 42736872, \'name\': \'Modern condominium in Los Angeles\'}]}): a later call by that id names neither',
  population: 'cases showing a successful simulated answer',
  check: (tc, ctx) =>
    firstDefect(shownCalls(tc, ctx), (call) => {
      if (call.tier !== 'simulated') return undefined;
      const v = parseToolResponse(call.answer);
      if (!isPlainObject(v) || 'error' in v) return undefined;
      const id = repeatedListId(v);
      return id ? `${call.name} lists two records under ${id}` : null;
    }),
};

/** The first item of a list of films that names no film: a plain line (a plot) or a record with no title. */
export function untitledFilm(list: unknown[]): string | undefined {
  for (const r of list) {
    if (typeof r === 'string') return /\s\S+\s\S+\s\S+\s\S+\s/.test(r) || /[.!?]$/.test(r.trim()) ? r : undefined;
    if (!isPlainObject(r)) return JSON.stringify(r);
    const title = r.title ?? r.name ?? r.original_title;
    if (typeof title !== 'string' || !title.trim()) return JSON.stringify(r);
  }
  return undefined;
}

export const similarFilmsUntitled: CaseMeasure = {
  kind: 'case',
  id: 'similar_films_untitled',
  group: 'text',
  title: 'a similar-films answer lists plot lines with no title ({"films": ["An aging jazz pianist agrees to guide a stranger across the mountains …", …]}), so no later step or closing answer can name a film',
  population: 'cases showing a successful answer of get_similar_movies',
  check: (tc, ctx) =>
    firstDefect(shownCalls(tc, ctx), (call) => {
      const list = similarFilms(call);
      if (!list) return undefined;
      const bad = untitledFilm(list);
      return bad ? `${call.name} lists a film with no title: ${bad.slice(0, 80)}` : null;
    }),
};

const DATE_TIME = /\b((?:19|20)\d\d-\d{2}-\d{2})[ T](\d{2}:\d{2})\b/g;

/** Every "YYYY-MM-DD HH:MM" a value writes, in its strings at any depth. */
function dateTimes(value: unknown): string[] {
  if (typeof value === 'string') return [...value.matchAll(DATE_TIME)].map((m) => `${m[1]} ${m[2]}`);
  if (Array.isArray(value)) return value.flatMap(dateTimes);
  if (isPlainObject(value)) return Object.values(value).flatMap(dateTimes);
  return [];
}

export const simulatedClockContradictedLater: CaseMeasure = {
  kind: 'case',
  id: 'simulated_clock_contradicted_later',
  group: 'solvable',
  title: 'a simulated clock answer another now a later call or the closing answer writes contradicts (get_curr_time → "2020-09-29 05:30", then write_file("2023-10-21 11:14\\n"))',
  population: 'cases showing a simulated clock answer (get_curr_time) with a date and time',
  check: (tc, ctx) =>
    firstDefect(shownCalls(tc, ctx), (call) => {
      const doc = tc.tools.find((d) => d.name === call.name);
      if (call.tier !== 'simulated' || !doc || !isClock(doc)) return undefined;
      const said = dateTimes(parseToolResponse(call.answer))[0];
      if (!said) return undefined;
      const truths = Array.isArray(tc.groundTruth) ? tc.groundTruth : [tc.groundTruth];
      // Only a now written as such: a date and time a later step or the closing answer writes ("2023-10-21 11:14").
      const later = [...call.later.map((l) => l.args), ...truths.filter((a) => a.name === FINISH_ACTION).map((a) => a.args)];
      const other = later.flatMap(dateTimes).find((t) => t !== said);
      return other ? `${call.name} answers ${said}; a later step writes ${other}` : null;
    }),
};

export const ioErrorDirectionWrong: CaseMeasure = {
  kind: 'case',
  id: 'io_error_direction_wrong',
  group: 'text',
  title: 'a device or disk I/O error says it failed reading on a call that writes (save_file failed: I/O error (EIO) reading from the device; echo failed: I/O error (EIO) reading from the disk), or writing on one that reads',
  population: 'cases showing a device or disk I/O error that says reading or writing',
  check: (tc, ctx) =>
    firstDefect(shownCalls(tc, ctx), (call) => {
      const m = /I\/O error \(EIO\) (reading from|writing to) the (device|disk)/i.exec(call.answer);
      if (!m) return undefined;
      const writes = WRITING_CALL.test(apiOf(call.name));
      return writes !== /writing/i.test(m[1]) ? `${call.name} ${writes ? 'writes' : 'reads'}, yet its error says "${m[1]} the ${m[2]}"` : null;
    }),
};


/**
 * The forms one API's answers take in a case: T-Eval's recorded Python literal beside the
 * simulator's JSON ({'description': '…'} then {"description": "…"}) shows which answer was made up.
 */
export const oneApiTwoForms: CaseMeasure = {
  kind: 'case',
  id: 'one_api_two_forms',
  group: 'text',
  title: 'one API answers in two serialisations in one case: T-Eval\'s recorded Python literal ({\'description\': \'…\'}) beside a simulated JSON answer ({"description": "…"}), a tell of which answer is simulated',
  population: 'cases where one API answers at least twice with a JSON or Python-literal object',
  check(tc, ctx) {
    const forms = new Map<string, Set<AnswerForm>>();
    let spoke = false;
    for (const call of shownCalls(tc, ctx)) {
      const form = answerForm(call.answer);
      if (!form) continue;
      const seen = forms.get(call.name) ?? new Set<AnswerForm>();
      if (seen.size) spoke = true;
      seen.add(form);
      forms.set(call.name, seen);
      if (seen.size > 1) return `${call.name} answers both as JSON and as a Python literal`;
    }
    return spoke ? null : undefined;
  },
};

/**
 * The wrong call's answer written in another form than every other answer its toolkit gives in the
 * case: an invented ReserveMeeting API refused in JSON ({"error":"API ReserveMeeting.query_room_status
 * does not exist: …"}) right after the toolkit's Python literals ({'rooms': [103]}). The form alone
 * shows which answer the benchmark made, and no service switches serialisation for its errors. An
 * invented API has no answers of its own, so its toolkit's are the only form it can take (an API that
 * exists keeps its own recorded form: one_api_two_forms).
 */
export const wrongCallFormUnlikeToolkit: CaseMeasure = {
  kind: 'case',
  id: 'wrong_call_form_unlike_toolkit',
  group: 'text',
  title: 'an invented API\'s refusal in another serialisation than every other answer of its toolkit in the case (an invented ReserveMeeting API refused as {"error":"API ReserveMeeting.query_room_status does not exist: …"} after the toolkit\'s {\'rooms\': [103]})',
  population: 'tool-hallucination cases whose wrong call\'s answer is a JSON or Python-literal object and whose toolkit answers another call in the case in one',
  check(tc, ctx) {
    if (tc.kind !== 'internal' || !tc.errorType) return undefined;
    const calls = shownCalls(tc, ctx);
    const wrong = calls[calls.length - 1];
    const last = tc.messages[tc.messages.length - 1];
    if (!wrong || last.role !== 'function' || wrong.answer !== last.content) return undefined;
    const form = answerForm(wrong.answer);
    const kit = wrong.name.split('.')[0];
    const formsOf = (cs: typeof calls) => new Set(cs.map((c) => answerForm(c.answer)).filter((f): f is AnswerForm => f !== undefined));
    // The toolkit's other answers, else (no other call of it shown, or none an object) every other answer the case shows:
    // an invented Weather API refused in JSON where every answer before it is a Python literal (teval_query_114_2).
    const kitForms = formsOf(calls.slice(0, -1).filter((c) => c.name.split('.')[0] === kit));
    const [others, whose] = kitForms.size ? [kitForms, `${kit}'s other answers are`] : [formsOf(calls.slice(0, -1)), 'the case\'s other answers are'];
    if (!form || !others.size) return undefined;
    return others.size === 1 && !others.has(form) ? `${wrong.name} answers as ${form === 'json' ? 'JSON' : 'a Python literal'} where ${whose} ${form === 'json' ? 'Python literals' : 'JSON'}` : null;
  },
};

export const simulatedStatusListOmitsUsed: CaseMeasure = {
  kind: 'case',
  id: 'simulated_status_list_omits_used',
  group: 'solvable',
  title: 'a simulated list of every room and its booking status that lacks a room another step of the case finds free or reserves (rooms 234, 971 and 555 listed, then get_empty_room_with_time → {\'rooms\': [103]} and reserve(room_id="103")), or lists it booked before anything booked it',
  population: 'cases showing a simulated status list (get_room_status) and another step naming a room',
  check(tc, ctx) {
    const all = shownCalls(tc, ctx);
    // An internal case's wrong call names a wrong room on purpose: not one the list must hold.
    const calls = tc.kind === 'internal' && tc.errorType !== '' ? all.slice(0, -1) : all;
    const truths = (Array.isArray(tc.groundTruth) ? tc.groundTruth : [tc.groundTruth]).filter((a) => a.name !== FINISH_ACTION);
    return firstDefect(calls.map((call, i) => ({ call, i })), ({ call, i }) => {
      const doc = tc.tools.find((d) => d.name === call.name);
      if (call.tier !== 'simulated' || !doc) return undefined;
      // Every step the case shows, then what the plan does after them, then the expected calls.
      const after = call.later.slice(Math.max(0, all.length - 1 - i));
      const steps = [...calls.map((c) => ({ name: c.name, args: c.args, response: c.answer })), ...after.map((l) => ({ name: l.name, args: l.args })), ...truths.map((t) => ({ name: t.name, args: t.args }))];
      const used = itemsUsedElsewhere(doc, i, steps, parseToolResponse);
      if (!used) return undefined;
      const text = call.answer;
      const missing = used.filter((u) => !new RegExp(`\\b${u.name}\\b`).test(text));
      if (missing.length) return `${call.name} lists ${[...text.matchAll(/\b[A-Z][a-z]+ \d+\b/g)].map((m) => m[0]).join(', ') || 'nothing'}, yet another step names ${missing.map((u) => u.name).join(', ')}`;
      const wrong = used.find((u) => u.status === 'available' && new RegExp(`\\b${u.name}: (?:booked|occupied)`).test(text));
      return wrong ? `${call.name} lists ${wrong.name} as booked or occupied, yet another step finds it free or reserves it` : null;
    });
  },
};

/** One line of a status list: "Room 102: available" → 102, available. */
const STATUS_LINE = /['"][A-Z][a-z]+ (\w+): ([^'"]+)['"]/g;

/** "14:00" → minutes after midnight; undefined for any other form. */
function minutesOf(v: unknown): number | undefined {
  const m = typeof v === 'string' ? /^(\d{1,2}):(\d{2})$/.exec(v.trim()) : null;
  return m ? Number(m[1]) * 60 + Number(m[2]) : undefined;
}

/** Whether a status line's words say the room is free from `start` on: true, false, or undefined when they do not say. */
function freeAt(status: string, start: number): boolean | undefined {
  const s = status.trim().toLowerCase();
  if (/^(?:available|free|empty|vacant)$/.test(s)) return true;
  if (/^(?:booked|occupied|reserved|taken|in use)$/.test(s)) return false;
  const after = /^(?:free|available) (?:after|from) (\d{1,2}:\d{2})$/.exec(s);
  if (after) return minutesOf(after[1])! <= start;
  const until = /^(?:occupied|booked|in use|reserved) until (\d{1,2}:\d{2})$/.exec(s);
  if (until) return minutesOf(until[1])! <= start;
  return undefined;
}

export const simulatedStatusContradictsCheck: CaseMeasure = {
  kind: 'case',
  id: 'simulated_status_contradicts_check',
  group: 'solvable',
  title: 'a simulated room status list calling a room free that a recorded check of the task for a time window leaves out, or taken that the check finds free ("Room 102: available", then get_empty_room_with_time(14:00, 16:00) → {\'rooms\': [103]})',
  population: 'cases showing a simulated status list ("Room 101: …") whose task checks which rooms are free in a time window',
  check(tc, ctx) {
    const t = ctx.trajectory(tc.trajectoryId);
    if (!t) return undefined;
    const steps = toolSteps(t).map(({ step }) => step);
    // Checks of the task, shown or still to come: the window asked and the free rooms answered.
    const checks = steps.flatMap((s, at) => {
      const args = isPlainObject(s.action.args) ? (s.action.args as Record<string, unknown>) : {};
      const start = minutesOf(args.start_time);
      const list = /^\s*\{\s*['"]\w*rooms?\w*['"]\s*:\s*\[([^\]]*)\]\s*\}\s*$/.exec(s.response?.content ?? '');
      return start !== undefined && list && !s.response?.error ? [{ at, start, free: new Set(list[1].split(',').map((x) => x.trim().replace(/^['"]|['"]$/g, '')).filter(Boolean)) }] : [];
    });
    const all = shownCalls(tc, ctx);
    const calls = tc.kind === 'internal' && tc.errorType !== '' ? all.slice(0, -1) : all;
    const lists = calls.filter((c) => c.tier === 'simulated' && [...c.answer.matchAll(STATUS_LINE)].some((m) => freeAt(m[2], 0) !== undefined));
    if (!lists.length || !checks.length) return undefined;
    return firstDefect(lists, (call) => {
      const at = steps.findIndex((s) => s.action.name === call.name && s.response?.content === call.answer);
      for (const [, room, status] of call.answer.matchAll(STATUS_LINE)) {
        for (const check of checks) {
          const free = freeAt(status, check.start);
          if (free === undefined) continue;
          // A room the task reserved before the status look-up is booked by then (its own booking).
          const reservedBefore = steps.slice(0, Math.max(at, 0)).some((s) => /reserve|book/i.test(s.action.name) && isPlainObject(s.action.args) && Object.values(s.action.args as object).some((v) => String(v) === room));
          if (free && !check.free.has(room)) return `${call.name} says room ${room} is "${status}", yet the check from ${Math.floor(check.start / 60)}:${String(check.start % 60).padStart(2, '0')} finds only ${[...check.free].join(', ') || 'none'} free`;
          if (!free && check.free.has(room) && !reservedBefore) return `${call.name} says room ${room} is "${status}", yet the check from ${Math.floor(check.start / 60)}:${String(check.start % 60).padStart(2, '0')} finds it free`;
        }
      }
      return null;
    });
  },
};

export const AGREEMENT_MEASURES: CaseMeasure[] = [simulatedSuccessRuledOut, simulatedStatusNamesOtherPath, similarFilmsListItself, similarFilmsUntitled, similarFilmsUnlike, simulatedListIdRepeated, simulatedClockContradictedLater, ioErrorDirectionWrong, oneApiTwoForms, wrongCallFormUnlikeToolkit, simulatedStatusListOmitsUsed, simulatedStatusContradictsCheck];
