/**
 * Harder tool docs that lose what the tool does. A harder doc may be terser or vaguer in wording,
 * and may leave to a required parameter's doc what that parameter is ("Authenticate a user with
 * username and password." -> "Authenticate a user."), but it must still say what the tool acts on:
 * the object of its action and where a write or a move goes. "Write content to a file at current
 * directory or display it in the terminal." -> "Write content at current directory or display it in
 * the terminal." no longer says the content goes to a file (the file's name is an optional
 * parameter: a model reading the doc would think `echo` without it writes somewhere else).
 *
 * Read with compromise's part-of-speech tags, not with the rewrite rules' own phrase splitter
 * (stages/evolve/roles/harderTools.ts), so the judge does not share the writer's blind spots.
 */
import { nlp } from '../../nlp.js';
import { levenshtein } from '../../editDistance.js';
import type { TestCase } from '../../schemas.js';
import { fieldDocsText, namedTools, ownText, untagged } from '../toolDocs.js';
import type { CaseMeasure, QualityContext } from '../types.js';

type Tool = TestCase['tools'][number];

/** Where a write, a move or a send goes: a phrase with one of these names part of the action's object. */
const DESTINATION = new Set(['to', 'into', 'onto']);
/** Verbs that only frame the doc ("This function takes …", "is used to …"), never the tool's action. */
const FRAME_VERBS = new Set(['is', 'are', 'be', 'was', 'can', 'may', 'will', 'use', 'used', 'uses', 'want', 'takes', 'take', 'needs', 'need', 'contain', 'contains', 'have', 'has']);
/** Verbs whose object is what comes back: in a later clause ("Run Arxiv search and get the article meta information", "…, and return the results into a list") the return fields say it. */
const RETURN_VERBS = new Set(['return', 'returns', 'get', 'gets', 'fetch', 'fetches', 'retrieve', 'retrieves']);
/** Nouns that name no object of their own. */
const EMPTY_NOUNS = new Set(['it', 'them', 'one', 'another', 'function', 'tool', 'api', 'method', 'something', 'anything']);

interface ActionObject {
  verb: string;
  /** Which verb of the summary (0: its first, the tool's main action). */
  index: number;
  /** The phrase as the original says it ("to a file") and its head noun ("file"). */
  phrase: string;
  head: string;
}

interface Term {
  text: string;
  tags: string[];
  post: string;
}

const lower = (t: Term) => t.text.toLowerCase().replace(/[^a-z0-9]/g, '');
const isVerb = (t: Term, first: boolean) => {
  const w = lower(t);
  if (FRAME_VERBS.has(w) || !w) return false;
  if (t.tags.includes('Gerund') || t.tags.includes('PastTense') || t.tags.includes('Participle') || t.tags.includes('Auxiliary') || t.tags.includes('Modal') || t.tags.includes('Copula')) return false;
  // A summary opens with its verb, lower case or not ("prints the details of …", which the tagger reads as a plural noun).
  return t.tags.includes('Verb') || (first && /^[a-z]+s?$/.test(w) && !t.tags.includes('Determiner'));
};
const isNoun = (t: Term) => t.tags.includes('Noun') && !t.tags.includes('Pronoun') && !EMPTY_NOUNS.has(lower(t));
const ends = (t: Term) => /[,;.:!?]/.test(t.post);

/**
 * The objects of each action verb of a summary: the direct object's head, the head of an "of"
 * phrase right after it ("the contents of a file"), the head of a destination phrase ("to a
 * file"), and where the verb takes no direct object the head of its first phrase ("Search for
 * scholarly articles", "Comment on a tweet").
 */
export function actionObjects(summary: string): ActionObject[] {
  const terms: Term[] = (nlp(summary).json() as { terms: Term[] }[]).flatMap((s) => s.terms);
  const out: ActionObject[] = [];
  let index = 0;
  for (let i = 0; i < terms.length; i++) {
    if (!isVerb(terms[i], i === 0)) continue;
    // "to search properties": an infinitive after a frame verb is the action; a verb right after "to" otherwise too.
    const verb = lower(terms[i]);
    let j = i + 1;
    let object: number[] = [];
    let sawPrep = false;
    // "display it in the terminal": a pronoun is the object, the phrase after it only where.
    let pronoun = false;
    const phrases: { prep: string; nouns: number[] }[] = [];
    for (; j < terms.length; j++) {
      const t = terms[j];
      // "the user reviews": a verb's form right after a noun of the object is the noun it ends on.
      const inNoun = !sawPrep && object.length > 0 && object[object.length - 1] === j - 1;
      if (inNoun && t.tags.includes('Verb') && /s$/.test(lower(t))) {
        object.push(j);
        if (ends(t)) {
          j++;
          break;
        }
        continue;
      }
      if (isVerb(t, false) && !t.tags.includes('Noun')) break;
      if (t.tags.includes('Verb') && (t.tags.includes('PastTense') || t.tags.includes('Gerund') || t.tags.includes('Participle')) && !t.tags.includes('Adjective')) break;
      if (/^(?:that|which|who|whose|where|when|if|and|or|but)$/i.test(t.text)) break;
      if (t.tags.includes('Preposition') || /^(?:of|to|into|onto|in|on|at|for|from|with|by|about|between|within)$/i.test(t.text)) {
        sawPrep = true;
        phrases.push({ prep: t.text.toLowerCase(), nouns: [] });
      } else if (!sawPrep && t.tags.includes('Pronoun')) {
        pronoun = true;
      } else if (isNoun(t)) {
        if (sawPrep) phrases[phrases.length - 1].nouns.push(j);
        else object.push(j);
      }
      if (ends(t)) {
        j++;
        break;
      }
    }
    const head = (nouns: number[]) => (nouns.length ? terms[nouns[nouns.length - 1]] : undefined);
    const add = (phrase: string, h: Term | undefined) => h && out.push({ verb, index, phrase: phrase.trim(), head: lower(h) });
    const obj = head(object);
    if (obj) add(object.map((k) => terms[k].text).join(' '), obj);
    else if (phrases[0] && !pronoun) add(`${phrases[0].prep} ${phrases[0].nouns.map((k) => terms[k].text).join(' ')}`, head(phrases[0].nouns));
    phrases.forEach((p, k) => {
      const right = obj || pronoun ? k === 0 && p.prep === 'of' : k === 1 && p.prep === 'of';
      if (DESTINATION.has(p.prep) || right) add(`${p.prep} ${p.nouns.map((n) => terms[n].text).join(' ')}`, head(p.nouns));
    });
    index++;
    object = [];
    i = j - 1;
  }
  return out;
}

const stem = (w: string) => w.replace(/(?:ies)$/, 'y').replace(/(?<=[a-z]{3})(?:es|s)$/, '');
/** Short forms a harder doc may put for a word: "params", "ID", "DB", "app". */
const SHORT: Record<string, string[]> = { identifier: ['id'], identification: ['id'], database: ['db'], application: ['app'], parameter: ['param'], configuration: ['config'], repository: ['repo'], directory: ['dir'] };

function says(words: Set<string>, head: string): boolean {
  const h = stem(head);
  for (const w of words) {
    const s = stem(w);
    if (s === h || (s.length >= 4 && h.startsWith(s)) || (h.length >= 4 && s.startsWith(h))) return true;
    // A misspelling the rewrite mended ("milage" -> "mileage").
    if (h.length >= 5 && levenshtein(s, h) <= 1) return true;
  }
  return (SHORT[h] ?? SHORT[head] ?? []).some((x) => words.has(x));
}

const wordSet = (text: string) => new Set((text.toLowerCase().replace(/_/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase().match(/[a-z0-9]+/g) ?? []));

/**
 * The objects of the original summary's actions that the rewrite no longer says: neither in its own
 * text nor, for the tool's inputs, in a required parameter's name or doc; for a later "and get …"
 * clause, nor in a return field's doc. Nothing for a doc written relative to a sibling it names
 * (what the two share is the sibling's to say: harder_tools_sibling_unsound checks it).
 */
export function droppedActionObjects(original: Pick<Tool, 'name' | 'description' | 'required_parameters' | 'return_data'>, rewritten: string, listed: readonly string[] = []): ActionObject[] {
  if (namedTools(rewritten, listed.filter((n) => n !== original.name)).length) return [];
  const own = ownText(original.description).replace(/^[A-Za-z][\w ]{0,40}:\s+/, '');
  const summary = own.split(/(?<=[.!?])\s+(?=[A-Z])/)[0] ?? own;
  const now = wordSet(untagged(rewritten));
  const required = wordSet(fieldDocsText({ required_parameters: original.required_parameters }).params);
  const returns = wordSet(fieldDocsText({ return_data: original.return_data }).returns);
  return actionObjects(summary).filter((o) => !says(now, o.head) && !says(required, o.head) && !(o.index > 0 && RETURN_VERBS.has(o.verb) && returns.size > 0));
}

function pairsOf(tc: TestCase, ctx: QualityContext): { before: Tool; after: Tool }[] | undefined {
  if (tc.evolution?.details?.harderTools === undefined) return undefined;
  const base = ctx.baseCase(tc.evolution.baseCaseId);
  if (!base) return [];
  const added = ((tc.evolution.details.harderTools as { addedOriginals?: Record<string, string> }).addedOriginals ?? {}) as Record<string, string>;
  const originals = new Map<string, Tool>(base.tools.map((t) => [t.name, t]));
  return tc.tools.flatMap((after) => {
    const before = originals.get(after.name) ?? (added[after.name] !== undefined ? { ...after, description: added[after.name] } : undefined);
    return before && before.description !== after.description ? [{ before, after }] : [];
  });
}

export const harderToolsObjectDropped: CaseMeasure = {
  kind: 'case',
  id: 'harder_tools_object_dropped',
  group: 'text',
  title: 'harder tools: a rewrite drops what the tool acts on (the object of its action or where it writes: "Write content to a file …" -> "Write content at current directory …")',
  population: 'evolved cases with harder tool docs',
  check(tc, ctx) {
    const pairs = pairsOf(tc, ctx);
    if (!pairs) return undefined;
    const listed = tc.tools.map((t) => t.name);
    for (const { before, after } of pairs) {
      const lost = droppedActionObjects(before, after.description, listed);
      if (lost.length) return `${before.name}: "${after.description.slice(0, 90)}" drops "${lost[0].phrase}" (what "${lost[0].verb}" acts on)`;
    }
    return null;
  },
};

/** Whether a verb form is the third person ("writes", "queues") or the bare form ("write", "queue"). */
const thirdPerson = (w: string) => /[^s]s$/i.test(w);

/**
 * Verbs of one summary joined by "and"/"or" in two moods: the opening verb in one ("Write content
 * to a file …"), the one after the conjunction in the other ("… or displays it in the terminal").
 * Each pair as written: [opening verb, the verb that disagrees]. None where the first word is no
 * verb ("This function …") or the original disagreed already.
 */
export function moodMismatches(text: string): [string, string][] {
  // A purpose frame ("Used to write …", "Lets you write …") puts the verbs after it in the base form: read from the verb.
  const summary = untagged(text).replace(/^[A-Za-z][\w ]{0,40}:\s+/, '').replace(/^(?:Used to|Lets you)\s+/, '').split(/(?<=[.!?])\s+(?=[A-Z])/)[0] ?? '';
  const terms: Term[] = (nlp(summary).json() as { terms: Term[] }[]).flatMap((x) => x.terms);
  const first = terms[0];
  if (!first || first.tags.some((t) => ['Determiner', 'Pronoun', 'Preposition', 'Conjunction', 'Adjective'].includes(t)) || (!first.tags.includes('Verb') && !thirdPerson(first.text))) return [];
  const out: [string, string][] = [];
  for (let i = 1; i + 2 < terms.length + 1; i++) {
    const [conj, verb, next] = [terms[i - 1], terms[i], terms[i + 1]];
    if (!/^(?:and|or)$/i.test(conj.text) || !verb.tags.includes('Verb') || verb.tags.includes('PastTense') || verb.tags.includes('Gerund')) continue;
    // A verb with an object of its own ("queue it", "return the results"): a second action of the same subject.
    if (!next || !(next.tags.includes('Pronoun') || next.tags.includes('Determiner'))) continue;
    if (thirdPerson(first.text) !== thirdPerson(verb.text)) out.push([first.text, verb.text]);
  }
  return out;
}

export const harderToolsMoodMismatch: CaseMeasure = {
  kind: 'case',
  id: 'harder_tools_mood_mismatch',
  group: 'text',
  title: 'harder tools: a rewrite joins two verbs of one subject in two moods ("Write content to a file … or displays it in the terminal.", "Makes a ticket in the system and queue it.")',
  population: 'evolved cases with harder tool docs',
  check(tc, ctx) {
    const pairs = pairsOf(tc, ctx);
    if (!pairs) return undefined;
    for (const { before, after } of pairs) {
      const now = moodMismatches(after.description);
      if (now.length && !moodMismatches(before.description).length) return `${before.name}: "${after.description.slice(0, 90)}" ("${now[0][0]}" … "${now[0][1]}")`;
    }
    return null;
  },
};

/** A doc's opening verb mood: "imperative" ("Fetch the current time."), "third" ("Fetches the current time."), or undefined (no verb first: "This function …", "Like `X`, but …"). */
export function openingMood(doc: string): 'imperative' | 'third' | undefined {
  const summary = untagged(doc).replace(/^[A-Za-z][\w ]{0,40}:\s+/, '').split(/(?<=[.!?])\s+(?=[A-Z])/)[0] ?? '';
  const first = ((nlp(summary).json() as { terms: Term[] }[])[0]?.terms ?? [])[0];
  if (!first || !first.tags.includes('Verb')) return undefined;
  if (first.tags.includes('Imperative')) return 'imperative';
  return thirdPerson(first.text) && first.tags.includes('PresentTense') ? 'third' : undefined;
}

/** How many docs of a list open in each mood. */
function moodCounts(docs: string[]): { imperative: number; third: number } {
  const n = { imperative: 0, third: 0 };
  for (const d of docs) {
    const m = openingMood(d);
    if (m) n[m]++;
  }
  return n;
}

/** Docs of each mood a list may hold before it reads as two writers' work stitched together. */
const MIXED_FROM = 2;

export const harderToolsListMoodMixed: CaseMeasure = {
  kind: 'case',
  id: 'harder_tools_list_mood_mixed',
  group: 'text',
  title: 'harder tools: one list\'s docs open in two moods, some rewritten one way and some the other ("Cancels an order." beside "Fund the account.", "Gets the watchlist." beside "Place an order."), so the list reads as stitched from two writers where its original did not',
  population: 'evolved cases with harder tool docs',
  check(tc, ctx) {
    if (tc.evolution?.details?.harderTools === undefined) return undefined;
    const now = moodCounts(tc.tools.map((t) => t.description));
    if (Math.min(now.imperative, now.third) < MIXED_FROM) return null;
    const base = ctx.baseCase(tc.evolution.baseCaseId);
    const before = base ? moodCounts(base.tools.map((t) => t.description)) : undefined;
    if (before && Math.min(before.imperative, before.third) >= MIXED_FROM) return null;
    const third = tc.tools.find((t) => openingMood(t.description) === 'third');
    const imperative = tc.tools.find((t) => openingMood(t.description) === 'imperative');
    return `${now.third} docs in the third person ("${third?.description.slice(0, 50)}"), ${now.imperative} in the imperative ("${imperative?.description.slice(0, 50)}")`;
  },
};

export const HARDER_MEANING_MEASURES = [harderToolsObjectDropped, harderToolsMoodMismatch, harderToolsListMoodMixed];
