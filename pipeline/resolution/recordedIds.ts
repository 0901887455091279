/**
 * Ids in the form the API's recordings write them. T-Eval's ReserveMeeting answers its free rooms
 * as three-digit numbers ({'rooms': [101, 102, 103]}); the simulator drew five-digit ones
 * ({'rooms': [67977, 78304, 63790]}) beside them, a tell of which answer was made up. A drawn id
 * whose form (length, all digits or not) matches no recorded id of the same
 * field is redrawn in a recorded form: the prefix every recorded id of that form shares, then
 * characters of the classes the recorded ids hold there.
 */
import { recordedAnswer } from './recordedAnswer.js';
import { isPlainObject } from '../errors/values.js';
import type { ReturnField } from '../schemas.js';
import type { Rng } from '../rng.js';
import { filmById, TMDB_GENRE_IDS } from './worldFacts.js';

/** A field holding ids: its name says so (id, room_id, ids, authorId…), or its doc does ("list of available room ids"). */
export function isIdField(key: string, docs: readonly ReturnField[] = []): boolean {
  if (/(?:^|_)ids?$|[a-z]Ids?$|ID$/.test(key)) return true;
  return /\bids?\b/i.test(docs.find((f) => f.name === key)?.description ?? '');
}

/**
 * An id's form: its length and whether it is all digits ("3:digits", "12:mixed"). Not its type: a
 * list takes the type of the id a later step copies from it (oneTypePerField), as T-Eval's own plans
 * pass room_id "102" from {'rooms': [102]}.
 */
export function idForm(v: string | number): string {
  const s = String(v);
  return `${s.length}:${/^\d+$/.test(s) ? 'digits' : 'mixed'}`;
}

/** Ids the world has (TMDB's own film and genre ids, worldFacts.ts): they are what they are, whatever length. */
export function worldId(v: unknown): boolean {
  return (typeof v === 'number' || typeof v === 'string') && (filmById(v) !== undefined || Object.values(TMDB_GENRE_IDS).includes(Number(v)));
}

/** Each id value an answer holds, with its field's path ("rooms[]", "property[].id"). */
export function idsIn(answer: unknown, docs: readonly ReturnField[] = []): { path: string; value: string | number }[] {
  const out: { path: string; value: string | number }[] = [];
  const visit = (v: unknown, path: string, id: boolean) => {
    if (Array.isArray(v)) return v.forEach((x) => visit(x, `${path}[]`, id));
    if ((typeof v === 'number' && Number.isInteger(v)) || (typeof v === 'string' && /^[A-Za-z0-9_-]{2,40}$/.test(v))) {
      if (id) out.push({ path, value: v });
      return;
    }
    if (!isPlainObject(v)) return;
    for (const [k, x] of Object.entries(v)) visit(x, path ? `${path}.${k}` : k, isIdField(k, path ? [] : docs));
  };
  visit(answer, '', false);
  return out;
}

/** The ids the recordings hold, by field path. */
export function recordedIds(examples: readonly { response: string }[], docs: readonly ReturnField[] = []): Map<string, (string | number)[]> {
  const out = new Map<string, (string | number)[]>();
  for (const e of examples) {
    const answer = recordedAnswer(e.response);
    if (!isPlainObject(answer) || 'error' in answer) continue;
    for (const { path, value } of idsIn(answer, docs)) (out.get(path) ?? out.set(path, []).get(path)!).push(value);
  }
  return out;
}

const sharedPrefix = (xs: string[]) => xs.reduce((p, x) => { let i = 0; while (i < p.length && p[i] === x[i]) i++; return p.slice(0, i); });

/** A new id in the form of `recorded` (ids of one form): the prefix they all share, then characters of the classes one of them holds there. */
function drawLike(recorded: string[], rng: Rng, taken: Set<string>): string {
  const pattern = recorded[rng.int(0, recorded.length - 1)].replace(/[0-9]/g, '9').replace(/[a-z]/g, 'a').replace(/[A-Z]/g, 'A');
  // The prefix distinct recorded ids share. One recorded id (or one id recorded many times) is its own whole
  // prefix, which gave every drawn id that very id (two listings both 42736872, teval_query_151_1): its last
  // characters (three, half of a short one) are drawn.
  const distinct = [...new Set(recorded)];
  const prefix = distinct.length > 1 ? sharedPrefix(distinct) : distinct[0].slice(0, distinct[0].length - Math.min(3, Math.ceil(distinct[0].length / 2)));
  const pick = (c: string, first: boolean) =>
    c === '9' ? String(rng.int(first ? 1 : 0, 9)) : c === 'a' ? String.fromCharCode(97 + rng.int(0, 25)) : c === 'A' ? String.fromCharCode(65 + rng.int(0, 25)) : c;
  let best = '';
  for (let tries = 0; tries < 12; tries++) {
    const drawn = prefix + [...pattern.slice(prefix.length)].map((c, i) => pick(c, prefix.length + i === 0)).join('');
    best = drawn;
    if (!taken.has(drawn)) break;
  }
  return best;
}

/**
 * `answer` with each id whose form no recorded id of its field has redrawn in a recorded form.
 * `keep` holds values that stay as they are (ids later steps take, the call's own arguments).
 */
export function idsAsRecorded(answer: unknown, recorded: ReadonlyMap<string, (string | number)[]>, rng: Rng, keep: (v: unknown) => boolean, docs: readonly ReturnField[] = []): unknown {
  if (!recorded.size || !isPlainObject(answer)) return answer;
  const taken = new Set(idsIn(answer, docs).map((x) => String(x.value)));
  const redraw = (v: unknown, path: string, id: boolean): unknown => {
    if (Array.isArray(v)) return v.map((x) => redraw(x, `${path}[]`, id));
    if (id && (typeof v === 'number' || typeof v === 'string')) {
      const theirs = recorded.get(path);
      if (!theirs?.length || keep(v)) return v;
      const forms = new Map<string, string[]>();
      for (const r of theirs) (forms.get(idForm(r)) ?? forms.set(idForm(r), []).get(idForm(r))!).push(String(r));
      if (forms.has(idForm(v as string | number))) return v;
      // The form most recordings take.
      const [, values] = [...forms].sort((a, b) => b[1].length - a[1].length)[0];
      const drawn = drawLike(values, rng, taken);
      taken.add(drawn);
      // In the type the recordings write it in.
      return theirs.some((r) => typeof r === 'number') && /^\d+$/.test(drawn) ? Number(drawn) : drawn;
    }
    if (!isPlainObject(v)) return v;
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, redraw(x, path ? `${path}.${k}` : k, isIdField(k, path ? [] : docs))]));
  };
  return redraw(answer, '', false);
}
