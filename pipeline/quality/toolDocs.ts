/**
 * What a rewritten ("harder") tool description must still do, checked against the original doc.
 * Shared by the harder-tools rules (stages/evolve/roles/harderTools.ts, which redraw a rewrite that
 * fails) and the quality measures harder_tools_constraint_dropped and harder_tools_broken.
 *
 * A harder doc may be terser, vaguer in wording, abbreviated or reordered, but:
 *
 * - constraints: every constraint of the original description (a sentence that says must, should,
 *   only, note, if, until, up to, a format or default ...; and anywhere a unit, a format name, a
 *   language or a number: "in km", "IATA", "in Chinese", "50 gallons") keeps its content words in
 *   the rewrite or in the parameter docs (which the rewrite never changes). "Param must be in
 *   Chinese" dropped from GaodeMap.get_coordinate leaves a ground truth of 天安门广场 unguessable.
 * - grammar and meaning (brokenDocIssues): no sentence ends on a dangling preposition or
 *   participle ("Filter stocks based."), no a/an mismatch ("an ticket"), no noun repeated across a
 *   preposition ("Remove a dir at dir", "unfollow user for user"), no relative clause in a toolkit
 *   tag ("[ticketing system that is part of a company]"), no heading re-inflected ("Sends: send
 *   email"), and every word of the description that the tool's own name says ("power" for
 *   MathAPI.power, "SI unit" for si_unit_conversion, "price" for filter_stocks_by_price) kept —
 *   those words are what tells the tool from its siblings;
 * - siblings (indistinctDocs): no rewrite says nothing its sibling's does not ("Converts a value"
 *   next to "Convert value between imperial and SI units") unless the originals were already so.
 *
 * Each check reports only what the rewrite introduced: an issue the original doc has already
 * (T-Eval's "if they are any rooms") is not the rewrite's.
 */
import { ownDescription } from '../toolDescription.js';
import type { ToolDoc } from '../schemas.js';

/** What the checks read of a tool doc: its description and its parameters' names and docs. */
export interface DocParts {
  description: string;
  required_parameters?: { name: string; description: string }[];
  optional_parameters?: { name: string; description: string }[];
  /** What the tool returns, each field with its doc: a summary may leave "It returns the time." to them. */
  return_data?: { name: string; description?: string }[];
}

/** The API's own text of a BFCL doc (after "Tool description:"), or the whole doc. */
export function ownText(description: string): string {
  return ownDescription(description).trim();
}

/** A rewrite without its toolkit tag ("[Math API] ...") or trailer ("... Part of the Math API."). */
export function untagged(description: string): string {
  return ownText(description)
    .replace(/^\[[^\]]*\]\s*/, '')
    .replace(/\s*Part of (?:the )?[^.]*\.?$/, '')
    .trim();
}

/** Words that say the same (abbreviations and vaguer verbs a rewrite may put). */
const SAME: string[][] = [
  ['get', 'gets', 'fetch', 'fetches', 'pull', 'pulls', 'grab', 'grabs', 'retrieve', 'retrieves', 'obtain'],
  ['calculate', 'calculates', 'compute', 'computes', 'work', 'works'],
  ['search', 'searches', 'look', 'looks', 'find', 'finds', 'query', 'queries'],
  ['display', 'displays', 'show', 'shows', 'list', 'lists'],
  ['create', 'creates', 'make', 'makes', 'set'],
  ['check', 'checks', 'see', 'sees'],
  ['return', 'returns', 'give', 'gives'],
  ['message', 'msg'],
  ['account', 'acct'],
  ['database', 'db'],
  ['identifier', 'identification', 'id'],
  ['specified', 'given'],
  ['number', 'no'],
];
const SAME_INDEX = new Map<string, number>();
SAME.forEach((group, i) => group.forEach((w) => SAME_INDEX.set(w, i)));

const STOP = new Set(
  'the and for with from that this into onto are was were will can may its has have had not but you your our their them they then than when what which who whom whose how all any each per via use used uses using given based also only just more most such other some over under about above after before between both same own very should would could one two a an of to in on by or as at be is if do does it must note specified provided'.split(' '),
);

function stem(w: string): string {
  return w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w;
}

/** Lower-cased word tokens (letters and digits; "save_file()" gives save, file). */
/**
 * The harder-doc rewrite checks every draft against the same originals, field docs and siblings,
 * twelve drafts a doc: the words of a text are read once (11.6 s of a 28 s evolve went to these
 * checks, a quarter of it splitting the same texts again). Frozen, so no caller can change a
 * shared answer.
 */
const WORDS_CACHE_LIMIT = 50_000;
const tokenCache = new Map<string, readonly string[]>();
const keyWordCache = new Map<string, readonly string[]>();

function remembered(cache: Map<string, readonly string[]>, text: string, read: (text: string) => string[]): readonly string[] {
  let words = cache.get(text);
  if (words === undefined) {
    if (cache.size >= WORDS_CACHE_LIMIT) cache.clear();
    words = Object.freeze(read(text));
    cache.set(text, words);
  }
  return words;
}

function tokens(text: string): readonly string[] {
  return remembered(tokenCache, text, (t) => t.toLowerCase().match(/[a-z0-9]+/g) ?? []);
}

function keyWords(text: string): readonly string[] {
  return remembered(keyWordCache, text, (t) => [...new Set(tokens(t).filter((w) => w.length >= 3 && !STOP.has(w)).map(stem))]);
}

/** Whether `word` (or an abbreviation, expansion or synonym of it) is among `have`. */
function kept(word: string, have: Set<string>): boolean {
  if (have.has(word)) return true;
  const group = SAME_INDEX.get(word) ?? SAME_INDEX.get(`${word}s`);
  if (group !== undefined && SAME[group].some((w) => have.has(stem(w)) || have.has(w))) return true;
  // Abbreviations are prefixes ("dir", "info", "temp", "dest", "curr"); typo-free, so a shared start of 3+ letters that is a whole word of one side.
  for (const h of have) {
    if (h.length >= 3 && word.startsWith(h)) return true;
    if (word.length >= 3 && h.startsWith(word)) return true;
  }
  return false;
}

/** A sentence that states a constraint or condition on how the tool is called or what it takes. */
const CONSTRAINT_SENTENCE = /\b(must|should|only|required|requires|cannot|can't|never|always|note|unless|until|if|at least|at most|up to|no more than|default|defaults|format|formatted)\b/i;
/** Value tokens that constrain wherever they stand: units, formats, languages, numbers. */
const VALUE_TOKEN = /\b(km|kilometers?|kilometres?|miles?|meters?|metres?|usd|eur|gallons?|liters?|litres?|celsius|fahrenheit|kg|iata|iso|yyyy[-\w]*|utc|mla|apa|chinese|english|japanese|french|german|spanish|\d+(?:\.\d+)?)\b/gi;

function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+(?=\S)/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * The constraints of `original`'s description that `rewritten` lost: for each, the constraint as
 * the original says it and the words missing from both the rewrite and the parameter docs.
 */
export function droppedConstraints(original: DocParts, rewritten: string): { constraint: string; missing: string[] }[] {
  const own = ownText(original.description);
  const params = [...(original.required_parameters ?? []), ...(original.optional_parameters ?? [])].map((p) => `${p.name} ${p.description}`).join(' ');
  const have = new Set(keyWords(`${rewritten} ${params}`));
  const raw = new Set(tokens(`${rewritten} ${params}`));
  // "ID" is two letters, yet what "an identification of the result's id" names.
  if (raw.has('id')) have.add('id');
  const out: { constraint: string; missing: string[] }[] = [];
  for (const s of sentences(own)) {
    const missing = new Set<string>();
    if (CONSTRAINT_SENTENCE.test(s)) for (const w of keyWords(s)) if (!kept(w, have)) missing.add(w);
    for (const m of s.matchAll(VALUE_TOKEN)) {
      const v = m[0].toLowerCase();
      if (!raw.has(v) && !kept(stem(v), have)) missing.add(v);
    }
    if (missing.size) out.push({ constraint: s, missing: [...missing] });
  }
  return out;
}

const DANGLING_END = /\b(based|for|to|of|in|at|by|with|from|on|into|onto|via|the|a|an|and|or|than|between|given|about|w\/)$/i;
const NOT_AN = /^(?:h(?:our|onest|onou?r|eir))/i;

/** Issues of one text, each a short label with the words concerned. */
function textIssues(text: string): string[] {
  const out: string[] = [];
  for (const s of sentences(untagged(text))) {
    const bare = s.replace(/[.!?;:,]+$/, '').trim();
    const end = bare.match(DANGLING_END);
    if (end) out.push(`ends on "${end[0]}": "${s}"`);
  }
  for (const m of text.matchAll(/\b(a|an)\s+([a-z][a-z-]*)/gi)) {
    const [, art, word] = m;
    const vowel = /^[aeio]/i.test(word) || (/^u/i.test(word) && !/^u(?:s|n[iy]|ti|r[aeiou]|k)/i.test(word));
    if (art.toLowerCase() === 'a' && /^[aeio]/i.test(word)) out.push(`"a ${word}"`);
    else if (art.toLowerCase() === 'an' && !vowel && !NOT_AN.test(word)) out.push(`"an ${word}"`);
  }
  // The same noun either side of a preposition, ending the clause: "a dir at dir", "user for user" (not "pedal by pedal position").
  for (const m of untagged(text).matchAll(/\b([a-z]{3,})\s+(?:at|in|for|to|from|on|into|of|by)\s+(?:(?:the|a|an)\s+)?\1\b(?=\s*(?:[.;,:]|$))/gi)) out.push(`repeats "${m[1]}": "${m[0]}"`);
  // An article left before a preposition once the noun it went with is gone: "Log in a user with the to messeage app".
  for (const m of untagged(text).matchAll(/\b(?:the|a|an)\s+(?:to|of|in|for|with|by|from|on|at|into)\b/gi)) out.push(`an article before a preposition: "${m[0]}"`);
  const tag = text.match(/^\[([^\]]*)\]/)?.[1] ?? text.match(/Part of (?:the )?([^.]*)\.?$/)?.[1];
  if (tag && /\b(that|which|who|whose)\b/i.test(tag)) out.push(`a toolkit tag with a relative clause: "${tag}"`);
  return out;
}

/** Words of the tool's own name ("filter_stocks_by_price": filter, stock, price; "si_unit_conversion": si, unit, conversion). */
export function nameWords(name: string): string[] {
  const api = name.slice(name.indexOf('.') + 1);
  return api
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length >= 2 && !STOP.has(w))
    .map(stem);
}

function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  if (a.length < 4 || b.length < 4) return false;
  // "curr"/"current", "convert"/"conversion", "coordinate"/"coordinates".
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i >= Math.min(a.length, b.length) || i >= 6;
}

/** Name words that only say "what comes back": a return field listing what it includes says them. */
const GENERIC_RETURN = new Set(['get', 'information', 'info', 'details', 'detail', 'data', 'meta', 'metadata']);

/**
 * What a rewrite broke: grammar a doc writer would not write, or a word of the tool's name the
 * original description said and the rewrite dropped. Only issues the original does not have.
 */
export function brokenDocIssues(original: Pick<ToolDoc, 'name' | 'description'> & Pick<DocParts, 'return_data' | 'required_parameters' | 'optional_parameters'>, rewritten: string): string[] {
  const before = new Set(textIssues(original.description).map((i) => i.replace(/: ".*$/, '')));
  const out = textIssues(rewritten).filter((i) => !before.has(i.replace(/: ".*$/, '')));
  // A heading re-inflected: "Send: send email" -> "Sends: send email".
  const h0 = ownText(original.description).match(/^([A-Za-z][\w ]{0,40}):\s/)?.[1];
  const h1 = untagged(rewritten).match(/^([A-Za-z][\w ]{0,40}):\s/)?.[1];
  if (h0 && h1 && h0.toLowerCase() !== h1.toLowerCase() && stem(h0.toLowerCase().replace(/e?s$/, '')) === stem(h1.toLowerCase().replace(/e?s$/, ''))) out.push(`heading "${h0}:" re-inflected as "${h1}:"`);
  out.push(...sloppyWording(original.description, rewritten));
  out.push(...carelessForms(original.description, rewritten));
  // A clause alone for a summary ("If they are any rooms available."): a rewrite writes the sentence, even where the original was a fragment.
  // A qualifier cut from after a preposition with no article before a singular noun ("under specific path" -> "under path that contain name"; h-evol26): a bare noun left ("with themes" is fine).
  for (const m of ownText(original.description).matchAll(/\b(under|in|at|from|to|of|on|for|with|into|within|by|across|over|through) (?:specific|particular|various|certain|basic|simple|exactly|corresponding|respective|desired|relevant|appropriate|detailed|comprehensive|authenticated) ([a-z]*[a-rt-z])\b(?! of\b)/gi)) {
    if (new RegExp(`\\b${m[1]} ${m[2]}\\b`, 'i').test(untagged(rewritten)) && !new RegExp(`\\b${m[1]} ${m[2]}\\b`, 'i').test(ownText(original.description))) out.push(`a qualifier cut leaves a bare noun: "${m[1]} ${m[2]}"`);
  }
  const clause = untagged(rewritten).replace(/^[A-Za-z][\w ]{0,40}:\s+/, '').match(/^(?:if|whether)\b[^.]*/i);
  if (clause) out.push(`a clause alone for a summary: "${clause[0].slice(0, 50)}"`);
  const name = nameWords(original.name);
  const have = new Set([...tokens(rewritten), ...keyWords(rewritten)]);
  const lost = new Set<string>();
  for (const w of tokens(ownText(original.description))) {
    const s = stem(w);
    if ((w.length >= 3 && STOP.has(w)) || !name.some((n) => sameWord(n, s))) continue;
    if (!kept(s, have) && !have.has(w)) lost.add(w);
  }
  // A name word that only says what comes back ("get", "information" of get_arxiv_article_information) is not lost when a return field's doc lists what it includes
  // ("published date, title, authors, and summary"), nor one that field says in its own word ("article": "a list of 3 arxiv search papers"); any other name word is.
  const returns = (original as DocParts).return_data ?? [];
  if (returns.some((r) => /\b(?:including|containing)\b/i.test(r.description ?? ''))) {
    const raw = new Set(keyWords(fieldDocsText({ return_data: returns }).returns));
    const said = fieldWords(fieldDocsText({ return_data: returns }).returns);
    for (const w of [...lost]) if (GENERIC_RETURN.has(w) || (said.has(stem(w)) && !raw.has(stem(w)) && FIELD_SAME_INDEX.has(stem(w)))) lost.delete(w);
  }
  // A name word after "with" that a parameter's name holds ("time" of get_empty_room_with_time, whose parameters are start_time and end_time): the tool is "with" its parameters, which say it.
  const withWords = original.name.slice(original.name.indexOf('.') + 1).toLowerCase().match(/(?<=(?:^|_)with_)[a-z0-9]+/g) ?? [];
  const paramNames = [...((original as DocParts).required_parameters ?? []), ...((original as DocParts).optional_parameters ?? [])].flatMap((p) => p.name.toLowerCase().split(/[^a-z0-9]+/));
  for (const w of [...lost]) if (withWords.some((x) => sameWord(x, stem(w))) && paramNames.some((p) => sameWord(p, stem(w)))) lost.delete(w);
  if (lost.size) out.push(`drops ${[...lost].map((w) => `"${w}"`).join(', ')}, which the tool's name ${original.name} says`);
  return out;
}

/**
 * Words a careful doc writer does not put in a reference doc, however terse: slang verbs ("grab
 * the route", "pull watchlist", "Sees about tire pressure", "gives back", "work out the mean",
 * "set up new file") and abbreviations made up for the occasion ("acct", "msgs", "w/", "dest",
 * "temp", "no. of", "dir"). Terse is fine ("Get account information", "Remove stock from
 * watchlist"); standard short forms (ID, max, min, params, config, app) are too.
 */
const SLANG: [RegExp, string][] = [
  [/\b(?:grab|grabs|grabbing)\b/i, 'slang verb'],
  [/\b(?:pull|pulls)\b/i, 'slang verb'],
  [/\b(?:see|sees) about\b/i, 'slang verb'],
  [/\b(?:give|gives) back\b/i, 'slang verb'],
  [/\b(?:work|works) out\b/i, 'slang verb'],
  [/\b(?:set|sets) up\b/i, 'slang verb'],
  [/\b(?:acct|accts|msg|msgs|dest|temp|prev|ref|desc|dirs?|info)\b/i, 'made-up abbreviation'],
  [/(?:^|\s)w\/o?(?=\s|$)/i, 'made-up abbreviation'],
  [/\bno\. of\b/i, 'made-up abbreviation'],
];

/** Slang verbs and made-up abbreviations in a rewrite that its original did not use. */
export function sloppyWording(original: string, rewritten: string): string[] {
  const out: string[] = [];
  for (const [re, what] of SLANG) {
    const m = rewritten.match(re);
    if (m && !re.test(original)) out.push(`${what} "${m[0].trim()}"`);
  }
  return out;
}

/** Qualifiers whose loss leaves a doc vaguer but still about the same thing. */
const QUALIFIER_WORDS = new Set('specific particular certain various basic simple exactly existing corresponding respective desired provided relevant appropriate detailed comprehensive authenticated current currently'.split(' '));

/**
 * Tools of one list whose rewritten doc no longer tells them from a sibling: the same opening verb
 * (or a synonym), every word of the rewrite (its toolkit tag included) in the sibling's rewrite, and
 * a word the original had, that the sibling's original lacks and that is more than a qualifier, lost
 * ("Converts a value" next to "Convert value between imperial and SI units": "SI unit" lost). A
 * word the tool's own parameter docs state (`params`) is not lost: "Authenticate a user." whose
 * parameters are the username and password differs from a sibling by its parameters.
 */
export function indistinctDocs(pairs: { name: string; before: string; after: string; params?: string }[]): string[] {
  const words = (t: string) => new Set(keyWords(t.replace(/[[\]]/g, ' ')));
  const verb = (t: string) => stem(tokens(untagged(t))[0] ?? '');
  const sameVerb = (a: string, b: string) => a === b || (SAME_INDEX.get(a) ?? -1) === (SAME_INDEX.get(b) ?? -2) || sameWord(a, b);
  const out: string[] = [];
  for (const p of pairs) {
    if (p.after === p.before) continue;
    const a1 = words(p.after);
    const a0 = words(ownText(p.before));
    // A word the tool's own parameter docs state moved there (harder-tools-7 leaves what a parameter says to it): the parameters still tell the tools apart.
    const ownParams = new Set(keyWords(p.params ?? ''));
    const lost = [...a0].filter((w) => !QUALIFIER_WORDS.has(w) && !kept(w, a1) && !ownParams.has(w));
    if (!lost.length || a1.size === 0) continue;
    for (const q of pairs) {
      if (q.name === p.name || !sameVerb(verb(p.after), verb(q.after))) continue;
      const b1 = words(q.after);
      const b0 = words(ownText(q.before));
      if ([...a1].every((w) => kept(w, b1)) && lost.some((w) => !kept(w, b0))) {
        out.push(`${p.name} "${untagged(p.after)}" says nothing ${q.name} "${untagged(q.after)}" does not (lost ${lost.join(', ')})`);
        break;
      }
    }
  }
  return out;
}

/** Words of one meaning a summary and a field doc may each use ("upcoming" days, "the N number of days later"; an "article" a search returns, "papers"): the fact is the doc's either way. */
const FIELD_SAME: string[][] = [
  ['upcoming', 'later', 'next', 'coming', 'following'],
  ['id', 'identifier', 'identification'],
  ['article', 'paper'],
];
const FIELD_SAME_INDEX = new Map<string, number>();
FIELD_SAME.forEach((group, i) => group.forEach((w) => FIELD_SAME_INDEX.set(w, i)));

/** A field-doc word set: content words, "id" too (two letters, yet what "given its ID" names), and each word's FIELD_SAME group. */
export function fieldWords(text: string): Set<string> {
  const out = new Set<string>();
  for (const w of [...keyWords(text), ...(tokens(text).includes('id') ? ['id'] : [])]) {
    out.add(w);
    const g = FIELD_SAME_INDEX.get(w);
    if (g !== undefined) for (const v of FIELD_SAME[g]) out.add(v);
  }
  return out;
}

/** The parameter docs (name and doc) and the return docs (name and doc) of a tool, as text. */
export function fieldDocsText(doc: Omit<DocParts, 'description'>): { params: string; returns: string } {
  const split = (n: string) => n.replace(/_/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2');
  const params = [...(doc.required_parameters ?? []), ...(doc.optional_parameters ?? [])].map((p) => `${split(p.name)} ${p.description}`).join(' ');
  const returns = (doc.return_data ?? []).map((r) => `${split(r.name)} ${r.description ?? ''}`).join(' ');
  return { params, returns };
}

/**
 * What a tool's own field docs say, for indistinctDocs: its parameters' names and docs and its
 * return fields' names and docs (and "return" itself when it has return fields: "It returns the
 * time." left to the field `time` loses no word a sibling could be told apart by).
 */
export function ownFieldText(doc: Omit<DocParts, 'description'>): string {
  const { params, returns } = fieldDocsText(doc);
  return `${params} ${returns}${doc.return_data?.length ? ' return' : ''}`.trim();
}

/**
 * The words of `original`'s own text that `rewritten` no longer says and a parameter's or a return
 * field's name or doc does: facts the rewrite left to those docs ("in the N upcoming days" of a
 * forecast, the parameter `days` saying "the N number of days later"; "given its ID", `propertyId`
 * saying "The ID of the property"; "It returns the time.", the field `time` saying "the time in
 * YYYY-MM-DD HH:MM format"). Qualifiers do not count, nor a word the rewrite still says in another
 * form (an abbreviation, a synonym: "location" -> "place" moved nothing), nor a word the rewrite
 * merely swapped for another word of the same field docs.
 */
export function leftToFieldDocs(original: DocParts, rewritten: string): string[] {
  const { params, returns } = fieldDocsText(original);
  if (!params.trim() && !returns.trim()) return [];
  const field = fieldWords(`${params} ${returns}`);
  const after = untagged(rewritten);
  const now = fieldWords(after);
  const before = fieldWords(ownText(original.description));
  // A word the rewrite brought in from the field docs restates what it dropped (a swap, not a move): "of a location" -> "of a place", the parameter saying "the place name".
  const broughtIn = [...now].filter((w) => !kept(w, before) && field.has(w) && !SAME_INDEX.has(w));
  if (broughtIn.length) return [];
  return [...fieldWords(ownText(original.description))].filter((w) => !QUALIFIER_WORDS.has(w) && !kept(w, now) && field.has(w) && !(FIELD_SAME_INDEX.has(w) && FIELD_SAME[FIELD_SAME_INDEX.get(w)!].some((v) => now.has(v))));
}

/** The tools a doc names in backticks (`FilmTMDB.get_popular_movies`, `check_empty`, save_file()), matched against a list's names (full, or the API part after the toolkit). */
export function namedTools(text: string, names: readonly string[]): string[] {
  const cited = [...text.matchAll(/`([A-Za-z_][\w.]*)(?:\(\))?`/g)].map((m) => m[1]);
  return names.filter((n) => cited.some((c) => c === n || c === n.slice(n.indexOf('.') + 1)));
}

/** Every backticked tool-like name a doc cites (`check_empty`, `FilmTMDB.get_popular_movies`). */
export function citedNames(text: string): string[] {
  return [...new Set([...text.matchAll(/`([A-Za-z_][\w.]*)(?:\(\))?`/g)].map((m) => m[1]))];
}

/** A listed tool as a sibling check reads it: its original doc and the doc the case shows. */
export interface SiblingDoc extends Omit<DocParts, 'description'> {
  name: string;
  /** The description the case shows (a harder rewrite, or the original). */
  description: string;
  /** Its original description (a distractor's own, or the base case's). */
  original: string;
}

/**
 * The words of `original`'s own text that `rewritten` no longer says and a sibling it names in
 * backticks still says — in the doc the case shows for that sibling (its description or its field
 * docs) and in that sibling's original: facts left to the sibling's doc ("Get a list of movies
 * ordered by rating" -> "Like `FilmTMDB.get_popular_movies`, but ordered by rating.", "a list of
 * movies" left to get_popular_movies). Nothing when the sibling's shown doc names this tool back
 * (neither doc would say it), or when the rewrite keeps no word that tells it from the sibling.
 */
export function leftToSibling(original: DocParts & { name: string }, rewritten: string, siblings: readonly SiblingDoc[]): string[] {
  const now = fieldWords(untagged(rewritten));
  const mine = fieldWords(ownText(original.description));
  const out = new Set<string>();
  for (const s of namedTools(rewritten, siblings.map((t) => t.name).filter((n) => n !== original.name))) {
    const sib = siblings.find((t) => t.name === s)!;
    if (namedTools(sib.description, [original.name]).length) continue;
    const theirs = fieldWords(ownText(sib.original));
    // What tells the two apart must still be said.
    if (![...mine].some((w) => !kept(w, theirs) && kept(w, now))) continue;
    const { params, returns } = fieldDocsText(sib);
    const shown = fieldWords(`${untagged(sib.description)} ${params} ${returns}`);
    for (const w of mine) if (!QUALIFIER_WORDS.has(w) && !kept(w, now) && kept(w, theirs) && kept(w, shown)) out.add(w);
  }
  return [...out];
}

/** Words that frame what a tool gives, whatever it is about ("a list of", "the details of"). */
const FRAME_WORDS = new Set('list details detail information info data result results item items'.split(' '));

/**
 * What is wrong with the sibling references a set of rewrites introduced (each doc with its original
 * and the doc the case shows): a rewrite that names a tool the list lacks, two docs that name each
 * other (each leaves its facts to the other), or a rewrite that names a sibling and keeps no word
 * telling it from that sibling ("Like `FilmTMDB.get_popular_movies`." for get_top_rated_movies).
 * References the original already made (T-Eval's "provided by `check_empty`") are not the rewrite's.
 */
export function siblingReferenceIssues(docs: readonly SiblingDoc[]): string[] {
  const names = docs.map((d) => d.name);
  const out: string[] = [];
  for (const d of docs) {
    if (d.description === d.original) continue;
    const before = new Set(citedNames(d.original));
    const added = citedNames(d.description).filter((c) => !before.has(c));
    if (!added.length) continue;
    for (const c of added) if (!names.some((n) => n === c || n.slice(n.indexOf('.') + 1) === c)) out.push(`${d.name} names \`${c}\`, which the list lacks: "${d.description.slice(0, 90)}"`);
    for (const s of namedTools(d.description, names.filter((n) => n !== d.name))) {
      if (!added.some((c) => c === s || c === s.slice(s.indexOf('.') + 1))) continue;
      const sib = docs.find((t) => t.name === s)!;
      if (namedTools(sib.description, [d.name]).length) out.push(`${d.name} and ${s} name each other: "${d.description.slice(0, 70)}" / "${sib.description.slice(0, 70)}"`);
      const mine = fieldWords(ownText(d.original));
      const theirs = fieldWords(ownText(sib.original));
      const now = fieldWords(untagged(d.description));
      // The two must do nearly the same: a shared word beyond a verb and a frame ("Get a list of" stocks is no model for a list of movies).
      const shared = [...mine].filter((w) => kept(w, theirs) && !SAME_INDEX.has(w) && !FRAME_WORDS.has(w));
      if (!shared.length) out.push(`${d.name} names ${s}, which shares nothing with it but a verb or a frame: "${d.description.slice(0, 90)}"`);
      const differs = [...mine].filter((w) => !kept(w, theirs));
      if (differs.length && !differs.some((w) => kept(w, now))) out.push(`${d.name} names ${s} and no longer says what tells them apart (${differs.join(', ')}): "${d.description.slice(0, 90)}"`);
    }
  }
  return out;
}

/** Container words a list's doc may name instead of what it holds ("List of dictionaries, each containing tweet information"). */
const CONTAINERS = new Set('dictionaries dicts items objects strings results records entries values pairs ids names'.split(' '));
const docWords = (text: string) => new Set(text.toLowerCase().replace(/_/g, ' ').match(/[a-z]+/g) ?? []);

/**
 * A return field's doc copied from another API's ("list of reviews including user's name, rating,
 * and reviews" on get_similar_movies' `films`, T-Eval's copy of get_movie_reviews'): a list of
 * something no word of the field's or the API's name starts like. Written from the API's name
 * instead ("list of similar movies"); undefined when the doc is its own.
 */
export function copiedReturnDoc(api: { name: string }, field: { name: string; description: string }): string | undefined {
  const listed = field.description.trim().match(/^(?:a |the )?list of ([a-z]+s)\b/i)?.[1].toLowerCase();
  if (!listed || CONTAINERS.has(listed)) return undefined;
  // Its own when any word of it (four letters on) starts like a word of the field's or the API's name ("users mentioned in the tweet" of get_tweet's `mentions`).
  // Not the API's description: a harder-tools rewrite may drop the word that tied them.
  const own = [...docWords(field.name), ...docWords(api.name)].filter((w) => w.length >= 4).map((w) => w.slice(0, 4));
  if ([...docWords(field.description)].some((w) => w.length >= 4 && own.includes(w.slice(0, 4)))) return undefined;
  const words = (api.name.split('.').pop() ?? api.name).split('_');
  const object = (/^(?:get|list|search|fetch|find|show|retrieve)$/i.test(words[0]) ? words.slice(1) : words).join(' ').toLowerCase();
  return object ? `list of ${object}` : undefined;
}

/**
 * A listed tool's doc defect standardize repairs (stages/standardize): a parameter doc with no word
 * in it ("[Required] ','") or a return doc copied from another API (copiedReturnDoc). Undefined when none.
 */
export function unrepairedDocDefect(tool: { name: string; description: string; required_parameters: { name: string; description: string }[]; optional_parameters?: { name: string; description: string }[]; return_data?: { name: string; description: string }[] }): string | undefined {
  for (const p of [...tool.required_parameters, ...(tool.optional_parameters ?? [])]) if (!/[A-Za-z]/.test(p.description.replace('[Required]', ''))) return `${tool.name}: parameter ${p.name} documented as "${p.description}"`;
  for (const r of tool.return_data ?? []) if (copiedReturnDoc(tool, r)) return `${tool.name}: return field ${r.name} documented as "${r.description.slice(0, 70)}" (another API's doc)`;
  return undefined;
}

/** Misspellings of the source docs ("Estimates the milage", "from currrent directory") a careful rewrite mends. */
const SOURCE_MISSPELLINGS = /\b(?:milage|currrent|recieves?|recieved|seperate(?:ly)?)\b/i;
const ARTICLE = /\b(?:the|a|an)\s+/gi;

/**
 * Forms a careful doc writer does not leave: a heading its text says again ("Send: send email."),
 * the original with its articles cut ("Activates parking brake of vehicle." for "Activates the
 * parking brake of the vehicle."), a source misspelling copied ("milage").
 */
export function carelessForms(original: string, rewritten: string): string[] {
  const out: string[] = [];
  const own = untagged(rewritten).trim();
  const h = own.match(/^([A-Za-z]+)[\w ]{0,40}:\s+([A-Za-z]+)/);
  if (h && h[1].toLowerCase().replace(/e?s$/, '') === h[2].toLowerCase().replace(/e?s$/, '')) out.push(`a heading its text says again: "${own.slice(0, 40)}"`);
  const norm = (t: string) => t.replace(ARTICLE, '').replace(/[.\s]+$/, '').replace(/\s+/g, ' ').trim().toLowerCase();
  const cut = (ownText(original).match(ARTICLE) ?? []).length - (own.match(ARTICLE) ?? []).length;
  // The opening verb's article cut ("Place order." for "Place an order.", "Activates parking brake of vehicle."); a later "the" gone ("should be airport codes in IATA format") is terse, not notes.
  const firstKept = (() => {
    // Only an article in the first three words: the object of the opening verb ("based on a price range" later is terse either way).
    const m = /^(?:\S+\s+){0,2}?(?:the|a|an)\s+(\S+)/i.exec(ownText(original).replace(/^[A-Za-z][\w ]{0,40}:\s+/, ''));
    return !m || new RegExp(`\\b(?:the|a|an)\\s+${m[1].replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'i').test(own);
  })();
  if (cut > 0 && !firstKept && norm(ownText(original)) === norm(own)) out.push(`the original with its articles cut: "${own.slice(0, 60)}"`);
  const typo = own.match(SOURCE_MISSPELLINGS);
  if (typo) out.push(`a source misspelling copied: "${typo[0]}"`);
  return out;
}
