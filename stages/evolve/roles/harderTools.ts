/**
 * The `harder-tools` role (paper Fig. 19): a tool's description made less ideal while the tool does
 * exactly the same thing. Only the API's description changes: names, parameters, parameter
 * descriptions, types, required sets and return docs are kept from the original, so a model's answer
 * cannot alter them (verify re-checks anyway).
 *
 * Offline rules (degradeDescription): what a parameter's or a return field's doc already says left to
 * it (a phrase of the summary, "Authenticate a user with username and password" -> "Authenticate a
 * user.", "Get the distance between two locations in km." -> "Get the distance in km."; a clause or
 * sentence on what comes back, "It returns the overall and avg temperature."; a sentence that only
 * restates a parameter; since harder-tools-11 also inside the summary: a modifier before a word of the
 * tool's name, "the room booking status" -> "the room status"; a trailing "ordered by rating" the
 * return field ranks by; "by an identification of organic result's id" that `q` says), so a model
 * has to read the parameters and return fields — a draw that
 * leaves such a fact is preferred over one that only rewords (harder_tools_wording_only); examples and
 * qualifiers dropped, a vaguer verb, standard abbreviations, constraint sentences and leading
 * conditions moved last (never left out); BFCL's toolkit preamble dropped (the name says the
 * toolkit), so every doc of a list reads in one style; always a sentence (a capital, a full stop) in
 * careful English (articles kept, the source's misspellings mended), in one of a few forms (the
 * "This function ..." frame dropped or not, the opening verb's mood) — seeded by the tool and one of
 * HARDER_VARIANTS draws per case, so a tool reads the same throughout a case and in a few ways across cases. A draw that loses a constraint,
 * breaks the English or drops what the tool's name says (pipeline/quality/toolDocs.ts) is drawn again.
 */
import { z } from 'zod';
import type { RoleSpec } from '../../../pipeline/llm/types.js';
import { Rng } from '../../../pipeline/rng.js';
import type { ToolDoc } from '../../../pipeline/schemas.js';
import { toJson } from '../../../pipeline/pyValues.js';
import { brokenDocIssues, citedNames, nameWords, droppedConstraints, fieldDocsText, fieldWords, leftToFieldDocs, leftToSibling, siblingReferenceIssues, type DocParts, type SiblingDoc } from '../../../pipeline/quality/toolDocs.js';

export interface HarderToolsInput {
  /** `required: false` marks an optional parameter (a summary's destination, "to a file", is never left to one: the doc would no longer say where the tool writes). */
  tools: { name: string; description: string; parameters: { name: string; type: string; description: string; required?: boolean }[]; returns?: { name: string; description: string }[] }[];
  /**
   * The other tools of the same list, as the case shows them (context only, never rewritten): a
   * description may be written relative to one of them ("Like `FilmTMDB.get_popular_movies`, but
   * ordered by rating."), leaving what the two share to that sibling's doc. `original` is the
   * sibling's own description before any rewrite.
   */
  siblings?: { name: string; description: string; original: string; parameters: { name: string; description: string }[]; returns?: { name: string; description: string }[] }[];
}

export const HarderToolsOutput = z.object({
  tools: z.array(
    z.object({
      name: z.string(),
      description: z.string().min(1),
      parameters: z.array(z.object({ name: z.string(), description: z.string() })).default([]),
    }),
  ),
});
export type HarderToolsOutput = z.infer<typeof HarderToolsOutput>;

export const HARDER_RULES_VERSION = 'harder-tools-22'; // 22 (lead40): a doc may say what its tool is for ("Used to cancel an order.", "Lets you multiply two numbers."), a third form beside the two moods: 14 of 178 tools had one wording in every rewrite (harder_tools_stock_wording 0.628 on lead40 m10). 21 (lead37): "Handle user login." may open on a plainer verb ("Manage user login."), one wording in all its rewrites before (harder_tools_stock_wording 0.641 on m17). 20 (lead36): T-Eval's shouted "YOU MUST … when all steps done" mended to "You must … when all steps are done" (SPELLING). 19: a second verb of the opening verb's subject takes its mood ("Write content to a file … or displays it", "Makes a ticket … and queue it": harder_tools_mood_mismatch 73/1,000 on b2). 18: a destination phrase ("to a file" of echo) is left only to a required parameter: "Write content at current directory or display it in the terminal." no longer said where the content goes (harder_tools_object_dropped 129/1,000 on g0); the input marks optional parameters. 17: 24 draws, not 12, before a rewrite that only rewords (harder_tools_wording_only 22/1,000 on the merged build g3). 16: only before a singular noun (15 kept "with specific themes" too, so that phrase was no longer left to the theme parameter: harder_tools_wording_only 11 -> 24/1,000). 15: a qualifier right after a preposition with no article stays ("under specific path", never "under path"; harder_tools_broken widened, 106/1,000 on evolve 76).
/** How many ways one tool's doc may be rewritten across cases (evolve draws one per case): a model path's cache holds as many per tool. */
export const HARDER_VARIANTS = 6;

/**
 * Jargon and standard short forms a terse maintainer writes (whole words, case kept on the first
 * letter): ones real reference docs use (ID, max, params, config), never ones made up for the
 * occasion ("acct", "msgs", "w/", "dest", "temp": pipeline/quality/toolDocs.ts sloppyWording).
 */
const ABBREVIATIONS: [RegExp, string][] = [
  [/\bparameters\b/gi, 'params'],
  [/\bparameter\b/gi, 'param'],
  [/\bconfiguration\b/gi, 'config'],
  [/\bapplication\b/gi, 'app'],
  [/\bmaximum\b/gi, 'max'],
  [/\bminimum\b/gi, 'min'],
  [/\bidentifier\b/gi, 'ID'],
  [/\bauthentication\b/gi, 'auth'],
  [/\bdatabase\b/gi, 'DB'],
  [/\bdocumentation\b/gi, 'docs'],
  [/\brepository\b/gi, 'repo'],
  [/\benvironment\b/gi, 'env'],
  [/\bbased on\b/gi, 'by'],
  [/\bin order to\b/gi, 'to'],
  [/\bspecified\b/gi, 'given'],
];

/** Plainer or vaguer verbs for precise ones, at the start of the description: words a careful writer uses, no slang ("grab", "pull", "sees about"). */
const VAGUE_VERBS: Record<string, string[]> = {
  retrieve: ['get', 'fetch'],
  retrieves: ['gets', 'fetches'],
  get: ['fetch', 'return'],
  gets: ['fetches', 'returns'],
  calculate: ['compute'],
  calculates: ['computes'],
  search: ['look up', 'find'],
  searches: ['looks up', 'finds'],
  display: ['show'],
  displays: ['shows'],
  list: ['show'],
  lists: ['shows'],
  create: ['make'],
  creates: ['makes'],
  check: ['inspect'],
  checks: ['inspects'],
  obtain: ['get'],
  query: ['look up'],
  queries: ['looks up'],
  // "Handle user login." and "Handle user logout for trading system." were one wording in all of their 100 rewrites each
  // (harder_tools_stock_wording 0.641 on lead37 m17). "Place an order." and "Notify if …" keep their verbs: each is the
  // tool's own name word, which a rewrite keeps.
  handle: ['manage'],
  handles: ['manages'],
};

let synonymIndex: Map<string, string[]> | undefined;

/** The words the rules may put for `word` (abbreviations and vaguer verbs), both ways: a judge counts them as kept. */
export function descriptionSynonyms(word: string): readonly string[] {
  if (!synonymIndex) {
    const index = new Map<string, Set<string>>();
    const link = (a: string, b: string) => {
      if (!/^[a-z]+$/.test(a) || !/^[a-z]+$/.test(b)) return;
      for (const [x, y] of [[a, b], [b, a]]) {
        if (!index.has(x)) index.set(x, new Set());
        index.get(x)!.add(y);
      }
    };
    for (const [re, short] of ABBREVIATIONS) link(re.source.replace(/\\b/g, '').toLowerCase(), short.toLowerCase());
    for (const [verb, vaguer] of Object.entries(VAGUE_VERBS)) for (const v of vaguer) link(verb, v);
    synonymIndex = new Map([...index].map(([k, v]) => [k, [...v]]));
  }
  return synonymIndex.get(word.toLowerCase()) ?? [];
}

/**
 * Qualifiers whose loss leaves the doc vaguer but the function the same — before a word that is not
 * a preposition ("provided by get_author_id" is no qualifier). Not "current" ("at current directory",
 * "get current time": the tool's own scope), "existing" or "provided" ("available in the provided
 * time" is not "available in time").
 */
// Not right after a preposition with no article before a singular noun (harder-tools-15): "under specific path" cut to "under path" reads broken; "with specific themes" may go (harder_tools_broken, 106/1,000 on evolve 76).
const QUALIFIERS = /\b(currently|specific|particular|various|certain|basic|simple|exactly|corresponding|respective|desired|relevant|appropriate|detailed|comprehensive|authenticated)\s+(?!(?:by|to|in|on|for|with|from|at|of|as)\b)(?!(?<=\b(?:under|in|at|from|to|of|on|for|with|into|within|by|across|over|through)\s+[a-z]+\s+)[a-z]*[a-rt-z]\b)/gi;
/** Examples and enumerations: "(e.g. ...)", "such as A, B and C", ", etc.", "For example ...". */
const EXAMPLES: RegExp[] = [/\s*\((e\.g\.|i\.e\.|eg|for example|such as|like)[^)]*\)/gi, /,?\s*such as [^.;]*/gi, /,?\s*(etc\.?|and more)(?=[.;]|$)/gi, /(^|\s)(For example|E\.g\.|For instance)[^.]*\.(?=\s|$)/g];
/** A sentence that states a constraint or condition: kept, perhaps moved to the end, its qualifiers kept. */
const CONSTRAINT = /\b(must|only|default|defaults|note|required|requires|should|cannot|can't|if|unless|at least|at most|otherwise|before|after)\b/i;

function cleanSpaces(text: string): string {
  return text.replace(/\s+([,.;:)])/g, '$1').replace(/\(\s+/g, '(').replace(/\s{2,}/g, ' ').replace(/,\s*,/g, ',').replace(/^[,;\s]+/, '').trim();
}

function matchCase(word: string, like: string): string {
  return /^[A-Z]/.test(like) ? word.charAt(0).toUpperCase() + word.slice(1) : word;
}

/** The system a BFCL preamble names ("This tool belongs to the Gorilla file system. ..." -> "the Gorilla file system"), and the API's own text. */
export function splitPreamble(description: string): { system?: string; own: string } {
  const at = description.indexOf('Tool description:');
  if (at < 0) return { own: description.trim() };
  const pre = description.slice(0, at);
  // "the ticketing system that is part of a company, which ..." -> "ticketing system".
  const system = pre.match(/belongs to ((?:the )?[^,.]+?)(?:,| which| that| who|\.|$)/)?.[1]?.trim();
  return { system, own: description.slice(at + 'Tool description:'.length).trim() };
}

const sentences = (text: string) => text.split(/(?<=[.!?])\s+(?=[A-Z(])/).filter((s) => s.trim());

/** "a"/"an" agreeing with the word after it, once a qualifier between them is gone ("an existing ticket" -> "a ticket"). */
function fixArticles(text: string): string {
  return text.replace(/\b(a|an|A|An)\s+([a-z][a-z-]*)/g, (m, art: string, word: string) => {
    const vowel = /^[aeio]/.test(word) || (/^u/.test(word) && !/^u(?:s|n[iy]|ti|r[aeiou]|k)/.test(word)) || /^h(?:our|onest|onou?r|eir)/.test(word);
    const want = vowel ? 'an' : 'a';
    return art.toLowerCase() === want ? m : `${art[0] === 'A' ? want.charAt(0).toUpperCase() + want.slice(1) : want} ${word}`;
  });
}

/** A leading condition moved after what it conditions ("When all steps done, YOU MUST use save_file()" -> "YOU MUST use save_file() when all steps done"). */
function conditionLast(text: string): string {
  return text.replace(/^(When|Once|After|Before|Unless)\s+([^,.;]{3,60}),\s+([^.;]+?)([.;]?)$/, (_m, w: string, cond: string, main: string, end: string) => `${/^[a-z]/.test(main) ? main.charAt(0).toUpperCase() + main.slice(1) : main} ${w.toLowerCase()} ${cond}${end}`);
}

/** A T-Eval heading ("Send: send email. ...", "Get curr time: ..."): the API's title, kept as written. */
const HEADING = /^([A-Za-z][\w ]{0,40}:)\s+/;

/** Attempts at a rewrite that keeps every constraint and reads as a doc (toolDocs.ts) before the plain fallback. */
// Twice the draws before settling for a rewrite that only rewords: on the merged build g3, 22/1,000 harder-tools cases had every doc only reworded (harder_tools_wording_only, limit 2%).
const ATTEMPTS = 24;

/**
 * One description made worse the way real docs are worse: examples and qualifiers dropped, a vaguer
 * verb, jargon and abbreviations, articles cut, constraints moved last, the toolkit preamble cut to
 * a tag or dropped. Never the original with text around it; never a constraint lost (a value's
 * language, format, unit, range: "Param must be in Chinese", "airport codes in the IATA format")
 * and never broken English or a doc that no longer says what its tool's name does
 * (pipeline/quality/toolDocs.ts): a draw that fails is drawn again, and after ATTEMPTS the rewrite
 * is the gentlest one (abbreviations, the preamble handled) that passes, or the original's own text.
 */
export function degradeDescription(description: string, rng: Rng, tool: Omit<DocParts, 'description'> & { name: string } = { name: '' }): string {
  const key = JSON.stringify([rng.state(), description, tool.name, tool.required_parameters, tool.optional_parameters, tool.return_data]);
  const hit = degradeMemo.get(key);
  if (hit) {
    rng.restore(hit.after);
    return hit.text;
  }
  const text = drawDegraded(description, rng, tool);
  if (degradeMemo.size >= DEGRADE_MEMO_LIMIT) degradeMemo.clear();
  degradeMemo.set(key, { text, after: rng.state() });
  return text;
}

/**
 * Each rewrite by (generator state, doc): evolve asks for every tool's rewrite in each case that
 * lists the tool, its generator seeded by the tool, so the same draw recurs (a model's answers come
 * from the LLM cache the same way); twelve checked drafts a rewrite made this the larger part of
 * evolve. A hit gives the same text and leaves the generator where the draw left it: the draw reads
 * nothing but its arguments and the generator.
 */
const DEGRADE_MEMO_LIMIT = 20_000;
const degradeMemo = new Map<string, { text: string; after: readonly number[] }>();

/**
 * What the checks said of each draft text of one doc (keyed by the doc as the draw reads it): a tool's
 * HARDER_VARIANTS draws of ATTEMPTS drafts each come back to the same few texts (37,135 drafts of 178
 * docs were 831 texts in a fresh build), and the checks are functions of the doc and the text alone.
 */
const DRAFT_MEMO_LIMIT = 2_000;
const draftMemo = new Map<string, Map<string, DraftVerdict>>();
export interface DraftVerdict {
  /** A constraint dropped or the doc broken (toolDocs.ts droppedConstraints, brokenDocIssues). */
  fails: boolean;
  /** Facts of the summary left to the field docs (leftToFieldDocs), once asked. */
  left?: boolean;
}

/** The remembered verdicts on drafts of one doc (its name, summary and field docs). */
export function draftVerdicts(original: DocParts & { name: string }): Map<string, DraftVerdict> {
  const key = JSON.stringify([original.description, original.name, original.required_parameters, original.optional_parameters, original.return_data]);
  let verdicts = draftMemo.get(key);
  if (!verdicts) {
    if (draftMemo.size >= DRAFT_MEMO_LIMIT) draftMemo.clear();
    verdicts = new Map();
    draftMemo.set(key, verdicts);
  }
  return verdicts;
}

/** The checks' verdict on one draft of `original`'s rewrite; `verdicts` is draftVerdicts(original). */
export function draftVerdict(verdicts: Map<string, DraftVerdict>, original: DocParts & { name: string }, text: string): DraftVerdict {
  let v = verdicts.get(text);
  if (!v) {
    v = { fails: droppedConstraints(original, text).length > 0 || (original.name ? brokenDocIssues(original, text).length > 0 : false) };
    verdicts.set(text, v);
  }
  return v;
}

/** Whether a draft leaves a fact of the summary to the field docs (leftToFieldDocs), asked once per doc and text. */
export function draftLeavesToFields(verdicts: Map<string, DraftVerdict>, original: DocParts & { name: string }, text: string): boolean {
  const v = draftVerdict(verdicts, original, text);
  return (v.left ??= leftToFieldDocs(original, text).length > 0);
}

function drawDegraded(description: string, rng: Rng, tool: Omit<DocParts, 'description'> & { name: string }): string {
  const original = { ...tool, description };
  // The original with only a capital or a full stop added is no rewrite.
  const norm = (t: string) => t.trim().replace(/[.]$/, '').replace(/^./, (c) => c.toLowerCase());
  const sameText = (t: string) => norm(t) === norm(description);
  const verdicts = draftVerdicts(original);
  const fails = (text: string) => draftVerdict(verdicts, original, text).fails;
  const { params: paramText, returns: returnText } = fieldDocsText(tool);
  const words = (text: string) => new Set([...fieldWords(text), ...(text.toLowerCase().match(/[a-z0-9]+/g) ?? []).map(stemWord)]);
  const fields = { params: words(paramText), required: words(fieldDocsText({ required_parameters: tool.required_parameters }).params), returns: words(returnText), name: tool.name ? nameWords(tool.name) : [] };
  // The first sound draw that leaves a fact of the summary to the parameter or return docs (the doc is harder to use, not only reworded); else the first sound one.
  let sound: string | undefined;
  for (let i = 0; i < ATTEMPTS; i++) {
    const text = asSentence(agreeing(varied(spelled(degradeOnce(description, rng, fields)), rng)));
    if (fails(text) || sameText(text)) continue;
    if (draftLeavesToFields(verdicts, original, text)) return text;
    sound ??= text;
  }
  if (sound) return sound;
  const { own } = splitPreamble(description);
  const gentle = asSentence(cleanSpaces(ABBREVIATIONS.reduce((t, [re, short]) => t.replace(re, (m) => matchCase(short, m)), own)));
  const options = [gentle, asSentence(agreeing(terser(own.trim(), rng))), asSentence(own)];
  return options.find((t) => !sameText(t) && !fails(t)) ?? description;
}

/**
 * A doc as a reference doc writes it: opening with a capital (unless it opens with an identifier,
 * "getAuthorId", "ls_dir") and ending with a full stop.
 */
export function asSentence(text: string): string {
  let out = text.trim();
  // A backtick with no partner (T-Eval's "answer about specific `questions.") opens a code span nothing closes: it goes.
  if ((out.split('`').length - 1) % 2 === 1) out = out.replace(/`(?=[^`]*$)/, '');
  if (/^[a-z]+(?=[\s,.;:'’]|$)/.test(out)) out = out.charAt(0).toUpperCase() + out.slice(1);
  if (out && !/[.!?)]$/.test(out)) out += '.';
  return out;
}

/**
 * Prepositions that open a phrase of a summary a parameter may say instead ("given its ID", "in the
 * N upcoming days", "between two locations", "giving its name", "of a location"), never after a
 * participle the phrase completes ("the room id provided by `check_empty`" is one phrase) or after an
 * article ("with the given user ID" is one phrase).
 */
const PHRASE = /(?<!\b[a-z]+ed)(?<!\b(?:the|a|an|its|their|any|this|that|each|every))\s+(?=(?:given|giving|with|for|by|in|from|based on|using|within|to|on|at|into|between|of)\s)/i;

/** A phrase saying where the tool's action goes ("to a file", "into the folder"). */
const DESTINATION_PHRASE = /^\s*(?:to|into|onto)\s/i;

/** What a summary's phrase may be left to: the words of the parameter docs and of the return docs (fieldWords, and every raw word, stemmed). */
interface FieldSets {
  params: Set<string>;
  returns: Set<string>;
  /** The words of the required parameters' docs: a destination ("to a file") is left to these only (an optional parameter's doc says where the tool writes only when it is given). */
  required?: Set<string>;
  /** The words of the tool's own name (toolDocs nameWords): a modifier before one of them may be left to the field docs, the name word itself never. */
  name?: readonly string[];
}

const stemWord = (w: string) => (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w);

/** Words that only frame a phrase about a parameter ("It needs the location", "given its ID", "between two locations", "and optionally body"). */
const LEAVE_STOP = new Set('s the a an of to in on by for with from at its their his her this that given giving based using within into between and or any which is are be as it all needs need takes take requires accepts param params parameter parameters argument arguments specified provided optionally optional one two both each'.split(' '));
/** Words that only frame what comes back ("It returns the results", "and return the results into a list"). */
const RETURN_STOP = new Set('it return returns returning result results list into a an the and of as in'.split(' '));
/** Words that only frame what a trailing "and get ..." clause fetches ("and get the article meta information"): what the return fields list is that information. */
const FETCH_STOP = new Set([...RETURN_STOP, ...'get gets fetch fetches retrieve retrieves meta metadata information info details data'.split(' ')]);

/** Whether every content word of `phrase` is among `field`'s words: a field's doc says it already. */
function saidBy(phrase: string, field: Set<string>, stop: Set<string> = LEAVE_STOP): boolean {
  const words = (phrase.toLowerCase().match(/[a-z0-9]+/g) ?? []).filter((w) => !stop.has(w)).map(stemWord);
  // "and return the results into a list": nothing but the frame, said by any return doc.
  if (!words.length) return stop === RETURN_STOP && field.size > 0;
  return words.every((w) => field.has(w));
}

/** A clause or sentence that only says what comes back ("It returns the state.", ", return the image path", "and return the results into a list"). */
const RETURN_CLAUSE = /(?:,?\s+and\s+|,\s*)((?:it\s+)?returns?\b[^.;,]*)/i;
/** A trailing clause that fetches what the return fields describe ("Run Arxiv search and get the article meta information"). */
const FETCH_CLAUSE = /,?\s+and\s+((?:get|fetch|retrieve)\s[^.;,]*)$/i;

/** A trailing "ordered by ..." / "ranked by ..." whose order a return field's doc states ("Get a list of movies ordered by rating", the field `films` saying "list of films ranked by rating"). */
const ORDER_CLAUSE = /\s+((?:ordered|ranked|sorted)\s+by\s+[^.;,]+)$/i;
const ORDER_STOP = new Set([...LEAVE_STOP, 'ordered', 'ranked', 'sorted']);
/**
 * A modifier inside the summary's object that a field doc states, right before a word of the tool's
 * name ("the room booking status" of get_room_status, the field `rooms` listing "rooms as well as
 * its booking status"; "the user reviews" of get_movie_reviews, whose field lists "user's name"):
 * the name word stays, the modifier is the field's to say.
 */
const MODIFIER = /\b(the|a|an)\s+([a-z]+\s+)([a-z]{4,})\s+([a-z]{3,})\b/;
const MODIFIER_ONE = /\b(the|a|an)\s+()([a-z]{4,})\s+([a-z]{3,})\b/;

/** A head a phrase may be cut after: more than a bare verb, not ending on a participle or gerund that needs its phrase ("relating", "based", "filtered"). */
const headStands = (head: string) => head.trim().split(/\s+/).length >= 2 && !/(?:ing|ed|\[[^\]]*\]|\b(?:relative|according|due|prior|close|next|nearby|similar|equal|compared|up|out|off))$/i.test(head.trim());
/** A phrase that gives a unit ("in km", "in miles"): it measures what the phrase before it says. */
const UNIT_PHRASE = /^\s*in\s+(?:km|kilomet(?:er|re)s?|miles?|met(?:er|re)s?|m|ft|feet|seconds?|minutes?|hours?|celsius|fahrenheit|kg|pounds?|lbs?)\b/i;
/** A head a unit can measure ("the distance in km"; never "the route in km"). */
const MEASURED = /\b(?:distance|length|duration|time|temperature|speed|weight|height|width|depth|size|elevation|altitude|mileage|area|volume)s?$/i;
/** Nouns whose "of" phrase is what they are ("a number of decimal places", "a list of numbers"): never cut after them. */
const OF_HEAD = /\b(?:number|list|set|amount|count|kind|type|sort|part|piece|group|pair|series|range|total|percentage|unit|units|size)$/i;

/**
 * The summary's details a parameter's or a return field's doc already states, left to that doc (the
 * way a reference doc says what a tool does and leaves how to the parameters and what comes back to
 * the return fields): a phrase of the first sentence ("Get the distance between two locations in
 * km." -> "Get the distance in km.", `start` and `end` naming the locations; "Forecast the weather
 * in the N upcoming days" -> "Forecast the weather", `days` saying "the N number of days later"), a
 * clause on what it returns (", return the image path", the field `picture_url` saying "the file
 * path to the searched image"), and any later sentence every word of which a parameter's doc says
 * ("It needs the location (location).") or a return field's doc says ("It returns the time.").
 * Never the first phrase (what the tool does); a constraint whose words the parameters hold stays
 * checked by droppedConstraints like any other.
 */
function leaveToParams(parts: string[], fields: FieldSets, rng: Rng): string[] {
  const { params, returns } = fields;
  if (!params.size && !returns.size) return parts;
  const saysReturn = (p: string) => /^\s*(?:it\s+)?returns?\b/i.test(p) && saidBy(p, returns, RETURN_STOP);
  const out = parts.filter((p, i) => i === 0 || !(saidBy(p, params) || saysReturn(p)));
  let first = out[0] ?? '';
  const end = first.match(/[.;]?$/)?.[0] ?? '';
  first = first.slice(0, first.length - end.length);
  // A trailing clause on what comes back.
  const ret = first.match(RETURN_CLAUSE);
  if (ret && ret.index! > 0 && saidBy(ret[1], returns, RETURN_STOP) && headStands(first.slice(0, ret.index))) first = first.slice(0, ret.index).replace(/,\s*$/, '');
  // A trailing "and get ..." whose every content word a return field's doc says (the metadata the field lists): what comes back is the field's to say.
  const fetch = first.match(FETCH_CLAUSE);
  if (fetch && fetch.index! > 0 && returns.size && saidBy(fetch[1], returns, FETCH_STOP) && (fetch[1].match(/[a-z0-9]+/gi) ?? []).some((w) => !FETCH_STOP.has(w.toLowerCase())) && headStands(first.slice(0, fetch.index))) first = first.slice(0, fetch.index);
  // A trailing order ("ordered by rating") a return field's doc states.
  const order = first.match(ORDER_CLAUSE);
  if (order && order.index! > 0 && returns.size && saidBy(order[1], returns, ORDER_STOP) && headStands(first.slice(0, order.index))) first = first.slice(0, order.index);
  // A modifier before a name word that a field doc states.
  const isName = (x: string) => (fields.name ?? []).some((n) => n === stemWord(x) || (x.length >= 4 && n.length >= 4 && (stemWord(x).startsWith(n) || n.startsWith(stemWord(x)))));
  for (const mod of [first.match(MODIFIER_ONE), first.match(MODIFIER)]) {
    if (!mod) continue;
    const [, , before, modifier, head] = mod;
    const w = stemWord(modifier.toLowerCase());
    // A modifier a name word abbreviates ("maximum" of max_value) is what tells the tool from its siblings (min_value): it stays.
    const abbreviated = (fields.name ?? []).some((n) => n.length >= 3 && modifier.toLowerCase().startsWith(n));
    if (/ly$/.test(modifier) || isName(modifier) || abbreviated || !isName(head) || LEAVE_STOP.has(w) || !(params.has(w) || returns.has(w))) continue;
    first = first.replace(mod[0], mod[0].replace(`${before}${modifier} `, before));
    break;
  }
  let phrases = first.split(PHRASE);
  // A phrase and the "of" phrase after it, said together by the parameters ("by an identification of organic result's id"): one detail.
  for (let i = 1; i + 1 < phrases.length; i++) {
    if (!/^of\s/i.test(phrases[i]) && !OF_HEAD.test(phrases[i].trim()) && /^of\s/i.test(phrases[i + 1]) && i + 1 === phrases.length - 1 && saidBy(`${phrases[i]} ${phrases[i + 1]}`, params)) phrases = [...phrases.slice(0, i), `${phrases[i]} ${phrases[i + 1]}`];
  }
  const kept: string[] = [phrases[0]];
  // Phrases a parameter says go, the last ones first; sometimes one is kept for variety. An "of" phrase only at the end (it names what the head is of).
  // A phrase in the middle only without a clause of its own ("at current directory or display it in the terminal" is not one detail).
  // A destination ("to a file" of echo) only to a required parameter: "Write content at current directory" no longer says where the content goes (harder_tools_object_dropped).
  const cut = phrases.map((ph, i) => i > 0 && saidBy(ph, params) && (!DESTINATION_PHRASE.test(ph) || saidBy(ph, fields.required ?? params)) && (!/^of\s/i.test(ph) || (i === phrases.length - 1 && !OF_HEAD.test(phrases[i - 1].trim()))) && (i === phrases.length - 1 || !/,|\b(?:and|or)\b/i.test(ph.replace(/^\S+\s+/, ''))));
  let spared = false;
  for (let i = 1; i < phrases.length; i++) {
    // Never a phrase before a unit ("between two locations in km") where the unit would fall on a head it cannot measure ("the route in km").
    if (cut[i] && headStands(kept.join(' ')) && !/^of\s/i.test(phrases[i + 1] ?? '') && !(UNIT_PHRASE.test(phrases[i + 1] ?? '') && !MEASURED.test(kept.join(' '))) && (spared || !rng.chance(0.2))) continue;
    if (cut[i]) spared = true;
    kept.push(phrases[i]);
  }
  out[0] = kept.join(' ').replace(/,\s*$/, '') + end;
  return out;
}

/**
 * What degradeOnce makes of a doc before its first draw: the doc without its preamble, its heading,
 * its sentences without examples, and those without qualifiers (a constraint keeps its own). A
 * function of the text alone, read again by each of a draw's ATTEMPTS drafts (37,135 drafts of 178
 * docs in a fresh build), so worked out once per doc text.
 */
interface DocSentences {
  whole: string;
  heading: string | undefined;
  parts: readonly string[];
  unqualified: readonly string[];
}
const SENTENCES_MEMO_LIMIT = 2_000;
const sentencesMemo = new Map<string, DocSentences>();
const isConstraint = (p: string, i: number) => i > 0 && CONSTRAINT.test(p);

function docSentences(description: string): DocSentences {
  let hit = sentencesMemo.get(description);
  if (hit) return hit;
  // The toolkit preamble goes: the tool's name says its toolkit, and every doc of a list reads alike (no tag on some, a trailer on others).
  const { own: whole } = splitPreamble(description);
  const heading = whole.match(HEADING)?.[1];
  const own = heading ? whole.slice(whole.match(HEADING)![0].length) : whole;
  // Examples and qualifiers go first: they are what makes a doc precise. A constraint keeps its qualifiers.
  const parts = sentences(own).map((p) => cleanSpaces(EXAMPLES.reduce((t, re) => t.replace(re, ''), p)));
  const unqualified = parts.map((p, i) => (isConstraint(p, i) ? p : fixArticles(cleanSpaces(p.replace(QUALIFIERS, '')))));
  hit = { whole, heading, parts, unqualified };
  if (sentencesMemo.size >= SENTENCES_MEMO_LIMIT) sentencesMemo.clear();
  sentencesMemo.set(description, hit);
  return hit;
}

function degradeOnce(description: string, rng: Rng, fields: FieldSets = { params: new Set(), returns: new Set() }): string {
  const doc = docSentences(description);
  const { whole, heading } = doc;
  let parts = (rng.chance(0.7) ? doc.unqualified : doc.parts).slice();
  // What a parameter's doc says already is left to it: the summary says what, the parameters how.
  parts = leaveToParams(parts, fields, rng);
  // A constraint sentence stays, or goes last (never the only sentence, never left out).
  if (parts.length > 1 && rng.chance(0.5)) {
    const constraints = parts.filter(isConstraint);
    parts = [...parts.filter((p) => !constraints.includes(p)), ...constraints];
  }
  let text = parts.filter(Boolean).join(' ').replace(/^(search(?:es)?) for\b/i, '$1');
  const first = text.match(/^[A-Za-z]+/)?.[0] ?? '';
  const vaguer = VAGUE_VERBS[first.toLowerCase()];
  if (vaguer && rng.chance(0.6)) text = matchCase(rng.pick(vaguer), first) + text.slice(first.length);
  for (const [re, short] of ABBREVIATIONS) if (rng.chance(0.75)) text = text.replace(re, (m) => matchCase(short, m));
  if (rng.chance(0.5)) text = conditionLast(text);
  text = cleanSpaces(text);
  // A summary is a sentence: a clause alone ("if they are any rooms available", T-Eval's) gets the verb it leaves out, and T-Eval's "they are any" its "there".
  text = text.replace(/\bthey (are|is) any\b/gi, (m, v: string) => matchCase(`there ${v} any`, m)).replace(/^(if|whether)\b/i, (m) => `Check ${m.toLowerCase()}`);
  if (heading) text = `${heading} ${text}`;
  const original = whole.trim();
  if (!text || text.toLowerCase().includes(original.replace(/\.$/, '').toLowerCase())) text = terser(original, rng);
  return asSentence(text);
}

/** A third-person verb: "write" -> "writes", "search" -> "searches", "apply" -> "applies". */
function thirdPerson(verb: string): string {
  if (/[^aeiou]y$/i.test(verb)) return `${verb.slice(0, -1)}ies`;
  if (/(s|sh|ch|x|z)$/i.test(verb)) return `${verb}es`;
  return `${verb}s`;
}

/** The opening verb in the other mood: third person to imperative ("Retrieves" -> "Retrieve") and back ("Show" -> "Shows"); undefined when the doc opens with no verb the rules know. */
function moodSwapped(text: string): string | undefined {
  const first = text.match(/^[A-Za-z]+/)?.[0] ?? '';
  const lower = first.toLowerCase();
  const base = thirdPersonBase(lower);
  if (base) return matchCase(base, first) + text.slice(first.length);
  if (KNOWN_VERBS.has(lower)) return matchCase(thirdPerson(lower), first) + text.slice(first.length);
  return undefined;
}

/** The bare form of a known verb in the third person ("displays" -> "display", "applies" -> "apply"); undefined for any other word. */
function thirdPersonBase(word: string): string | undefined {
  const base = word.endsWith('ies') ? `${word.slice(0, -3)}y` : /(?:ss|sh|ch|x|z)es$/.test(word) ? word.slice(0, -2) : word.endsWith('s') ? word.slice(0, -1) : undefined;
  return base && KNOWN_VERBS.has(base) && thirdPerson(base) === word ? base : undefined;
}

/**
 * A second verb of the opening verb's subject in the opening verb's mood, whichever rule changed
 * the opening one (a vaguer verb, the mood swap, terser's third person): "Write content to a file
 * … or displays it" -> "… or display it", "Makes a ticket in the system and queue it" -> "… and
 * queues it" (harder_tools_mood_mismatch, 73/1,000 on b2).
 */
function agreeing(text: string): string {
  const heading = text.match(HEADING)?.[0] ?? '';
  const body = text.slice(heading.length);
  const first = body.match(/^[A-Za-z]+/)?.[0]?.toLowerCase() ?? '';
  const third = thirdPersonBase(first) ? true : KNOWN_VERBS.has(first) ? false : undefined;
  if (third === undefined) return text;
  const agreed = body.replace(/\b(and|or) ([a-z]+)(?= (?:it|them|the|a|an)\b)/g, (m, conj: string, verb: string) => {
    const base = thirdPersonBase(verb) ?? (KNOWN_VERBS.has(verb) ? verb : undefined);
    return base ? `${conj} ${third ? thirdPerson(base) : base}` : m;
  });
  return heading + agreed;
}

/** Verbs a tool doc opens with: the ones whose mood the rules may change. */
const KNOWN_VERBS = new Set([...Object.keys(VAGUE_VERBS).filter((v) => !v.endsWith('s')), 'add', 'write', 'read', 'send', 'book', 'open', 'move', 'copy', 'delete', 'remove', 'find', 'update', 'cancel', 'set', 'post', 'make', 'raise', 'sort', 'convert', 'translate', 'play', 'reply', 'apply', 'modify', 'edit', 'view', 'show', 'fetch', 'return', 'compute', 'activate', 'estimate', 'change', 'run', 'look', 'lock', 'unlock', 'start', 'stop', 'fill', 'check', 'authenticate', 'log', 'close', 'print', 'count', 'compare', 'forecast', 'schedule', 'reserve', 'mention', 'follow', 'comment', 'share', 'press', 'release', 'display', 'adjust', 'submit', 'purchase', 'buy', 'sell', 'verify', 'register', 'notify', 'turn', 'queue']);

/** Misspellings of the source docs a careful rewrite does not copy ("milage", "currrent"). */
const SPELLING: [RegExp, string][] = [
  [/\bmilage\b/g, 'mileage'],
  [/\bcurrrent\b/g, 'current'],
  [/\brecieve(s|d)?\b/g, 'receive$1'],
  [/\bseperate(ly)?\b/g, 'separate$1'],
  [/\bmesseage\b/g, 'message'],
  // T-Eval's PPT.save_file shouts and drops its verb ("When all steps done, YOU MUST use save_file() …"): a careful
  // writer says it once, in sentence case (harder-tools-20; 126 of 126 rewrites kept it as it was on lead36 m15).
  [/\bYOU MUST\b/g, 'you must'],
  [/\b([Ww])hen all steps done\b/g, '$1hen all steps are done'],
];
const spelled = (text: string) => SPELLING.reduce((t, [re, right]) => t.replace(re, right), text);

/** "This function retrieves X" / "This tool lets you X": the frame a terse doc leaves out, the verb then opening it ("Retrieves X"). */
const SELF_FRAME = /^(?:This|The) (?:function|tool|API|endpoint|method)\s+(?=[a-z]+s\b)/;

/**
 * The other forms a careful writer might give the same terse doc, drawn so one tool reads in a few
 * ways across cases (never one stock wording for every case): the self-describing frame dropped
 * ("This function retrieves the reviews of a property." -> "Retrieves the reviews of a property."),
 * the opening verb in the other mood ("Show the emails." -> "Shows the emails."). Each keeps every
 * word that says what the tool does.
 */
function varied(text: string, rng: Rng): string {
  let out = text;
  if (SELF_FRAME.test(out) && rng.chance(0.6)) {
    out = out.replace(SELF_FRAME, '');
    out = out.charAt(0).toUpperCase() + out.slice(1);
  }
  const heading = out.match(HEADING)?.[0];
  if (!heading && rng.chance(0.5)) out = moodSwapped(out) ?? out;
  // A third form a reference doc takes, what the tool is for ("Used to cancel an order.", "Lets you multiply two numbers."):
  // a doc too short for any rule above had one wording in every rewrite ("Cancel an order." 99 of 99; harder_tools_stock_wording
  // 0.628 on lead40 m10, 14 of 178 tools with one wording).
  if (!heading && rng.chance(0.35)) out = purposeFramed(out, rng) ?? out;
  return out;
}

/** "Cancels an order." -> "Used to cancel an order." or "Lets you cancel an order."; undefined when the doc opens with no verb the rules know. */
function purposeFramed(text: string, rng: Rng): string | undefined {
  const first = text.match(/^[A-Za-z]+/)?.[0] ?? '';
  const lower = first.toLowerCase();
  const base = thirdPersonBase(lower) ?? (KNOWN_VERBS.has(lower) ? lower : undefined);
  if (!base || first !== first.charAt(0).toUpperCase() + lower.slice(1)) return undefined;
  // A second verb of the same subject in the base form too: "Lets you write content to a file … or display it in the terminal".
  const bare = agreeing(matchCase(base, first) + text.slice(first.length));
  return `${rng.pick(['Used to', 'Lets you'])} ${base}${bare.slice(base.length)}`;
}

/**
 * For a doc too short for the rules above to touch ("write file to disk"): when it opens with an
 * imperative verb, that verb in the third person ("Writes file to disk"). Every phrase stays: where
 * the tool works ("in the inbox") is as much what it does as what it takes ("to a power").
 */
function terser(original: string, rng: Rng): string {
  void rng;
  let text = original.replace(/\.$/, '');
  const heading = text.match(HEADING)?.[0];
  if (heading) text = text.slice(heading.length);
  const first = text.match(/^[A-Za-z]+/)?.[0] ?? '';
  const verb = first.toLowerCase();
  if (!heading && (VAGUE_VERBS[verb] || ['add', 'write', 'read', 'send', 'book', 'open', 'move', 'copy', 'delete', 'remove', 'find', 'update', 'cancel', 'set', 'post', 'make', 'raise', 'sort', 'convert', 'translate', 'play', 'reply', 'apply', 'modify', 'edit', 'view'].includes(verb))) {
    if (!/s$/.test(verb)) {
      text = matchCase(thirdPerson(verb), first) + text.slice(first.length);
      // A second verb of the same subject agrees too: "Creates a ticket and queues it", "Writes content to a file or displays it".
      text = text.replace(/\b(and|or) ([a-z]+) (it|them)\b/, (_m, conj: string, v: string, obj: string) => `${conj} ${/s$/.test(v) ? v : thirdPerson(v)} ${obj}`);
    }
  }
  if (text === original.replace(/\.$/, '')) text = conditionLast(text);
  const same = (t: string) => (heading ?? '') + t === original.replace(/\.$/, '');
  // Still the same: a third-person opening verb put in the imperative ("Activates the parking brake" -> "Activate the parking brake"), its
  // articles kept (a doc with its articles cut, "Activates parking brake of vehicle.", reads as notes, not as a careful writer's doc);
  // only a verb ("This function ..." is no "Thi function").
  if (same(text)) text = moodSwapped(text) ?? text;
  return (heading ?? '') + text;
}

/** Words that bind to what follows them: a sibling's difference starts before them ("ordered by | rating" -> "ordered by rating"). */
const BINDS = new Set('a an the of to in on by for with from at into within between ordered ranked sorted filtered given using about'.split(' '));
/** Words that open a clause or a frame of their own: two remainders opening with different ones are not parallel ("that are currently in theatres" vs "ordered by popularity"). */
const FUNCTION_OPENERS = new Set([...BINDS, ...'that which who whose where when and or but if as than'.split(' ')]);
const SIBLING_FRAMES = ['Like {s}, but {x}.', 'Same as {s}, but {x}.', 'Works as {s} does, but {x}.'];

const summaryWords = (t: string) => t.replace(/[.;]+$/, '').trim().split(/\s+/);

/*
 * What relativeDescription reads of a sibling, remembered per text: every draw for every listed
 * tool went over every sibling's doc again (1.5 s of a build, a few hundred distinct docs). Pure
 * functions of their strings; the arrays handed out are only read.
 */
const summaryMemo = new Map<string, readonly string[] | null>();
const citesMemo = new Map<string, boolean>();
const SIBLING_MEMO_SIZE = 20_000;

/** The words of a sibling's original first sentence (its preamble cut); null for a heading doc. */
function siblingSummary(original: string): readonly string[] | null {
  let hit = summaryMemo.get(original);
  if (hit === undefined) {
    const own = splitPreamble(original).own;
    hit = HEADING.test(own) ? null : summaryWords(sentences(own)[0] ?? '');
    if (summaryMemo.size >= SIBLING_MEMO_SIZE) summaryMemo.clear();
    summaryMemo.set(original, hit);
  }
  return hit;
}

/** Whether a shown description cites a tool its original does not (a sibling written relative to another). */
function citesBeyondOriginal(description: string, original: string): boolean {
  const key = `${description}\u0000${original}`;
  let hit = citesMemo.get(key);
  if (hit === undefined) {
    const cited = citedNames(original);
    hit = citedNames(description).some((c) => !cited.includes(c));
    if (citesMemo.size >= SIBLING_MEMO_SIZE) citesMemo.clear();
    citesMemo.set(key, hit);
  }
  return hit;
}

/**
 * A description written relative to a sibling of the same list whose summary runs parallel to this
 * tool's (the same opening words, then a different detail): "Get a list of movies ordered by
 * rating" beside get_popular_movies' "Get a list of movies ordered by popularity" -> "Like
 * `FilmTMDB.get_popular_movies`, but ordered by rating."; Douban's coming films beside the films
 * now playing -> "Same as `FilmDouban.now_playing_out_filter`, but for coming films in China.".
 * Only what the two originals share is left to the sibling (whose shown doc must still say it),
 * the detail that tells them apart stays, later sentences (constraints) stay; never a sibling that
 * is itself written relative to another, never a heading doc. Undefined when no sibling runs parallel
 * or no such draw is sound.
 */
export function relativeDescription(tool: { name: string } & DocParts, siblings: readonly SiblingDoc[], rng: Rng): string | undefined {
  const { own } = splitPreamble(tool.description);
  if (HEADING.test(own)) return undefined;
  const [first, ...rest] = sentences(own);
  if (!first) return undefined;
  const mine = summaryWords(first);
  const candidates: { name: string; x: string[] }[] = [];
  for (const s of siblings) {
    if (s.name === tool.name || citesBeyondOriginal(s.description, s.original)) continue;
    const theirs = siblingSummary(s.original);
    if (!theirs) continue;
    let p = 0;
    while (p < mine.length && p < theirs.length && mine[p].toLowerCase() === theirs[p].toLowerCase()) p++;
    if (p < 3) continue;
    while (p > 0 && BINDS.has(mine[p - 1].toLowerCase())) p--;
    const x = mine.slice(p);
    const y = theirs.slice(p);
    if (!x.length || !y.length || x.length > 8 || p < 2) continue;
    const [x0, y0] = [x[0].toLowerCase(), y[0].toLowerCase()];
    if (x0 !== y0 && (FUNCTION_OPENERS.has(x0) || FUNCTION_OPENERS.has(y0))) continue;
    // A sibling of the same toolkit only, and never a different head ("Get a list | of movies" beside "of stock symbols").
    if (s.name.split('.')[0] !== tool.name.split('.')[0] || x0 === 'of') continue;
    candidates.push({ name: s.name, x });
  }
  if (!candidates.length) return undefined;
  const original = { ...tool };
  for (const c of rng.shuffle(candidates)) {
    const lead = c.x[0].toLowerCase();
    const detail = (BINDS.has(lead) || /ed$/.test(lead) ? '' : 'for ') + c.x.join(' ');
    const frame = rng.pick(SIBLING_FRAMES);
    const text = cleanSpaces([frame.replace('{s}', `\`${c.name}\``).replace('{x}', detail), ...rest].join(' '));
    const shown = siblings.map((s) => ({ ...s }));
    const me: SiblingDoc = { name: tool.name, description: text, original: tool.description, required_parameters: tool.required_parameters, return_data: tool.return_data };
    if (droppedConstraints(original, text).length || brokenDocIssues(original, text).length) continue;
    if (siblingReferenceIssues([me, ...shown]).length || !leftToSibling(original, text, shown).length) continue;
    return text;
  }
  return undefined;
}

export function harderRules(input: HarderToolsInput, rng: Rng): HarderToolsOutput {
  const siblings: SiblingDoc[] = (input.siblings ?? []).map((s) => ({ name: s.name, description: s.description, original: s.original, required_parameters: s.parameters.map((p) => ({ ...p })), return_data: s.returns?.map((r) => ({ ...r })) }));
  return {
    tools: input.tools.map((tool) => {
      const parts = { name: tool.name, required_parameters: tool.parameters.filter((p) => p.required !== false).map((p) => ({ ...p })), optional_parameters: tool.parameters.filter((p) => p.required === false).map((p) => ({ ...p })), return_data: tool.returns?.map((r) => ({ ...r })) };
      const description = tool.description || tool.name.split('.').pop()!;
      const relative = siblings.length ? relativeDescription({ ...parts, description }, siblings, rng) : undefined;
      return { name: tool.name, description: relative ?? degradeDescription(description, rng, parts), parameters: [] };
    }),
  };
}

/**
 * The variants (of HARDER_VARIANTS, each seeded as evolve seeds a tool's rewrite) whose rule-made
 * rewrite leaves a fact of the tool's summary to its parameter or return docs — a rewrite that makes
 * the tool harder to use, not one that only rewords ("Get current time." has nothing a field doc
 * says but its name). Empty: no rewrite of this doc can be harder without dropping what it does.
 * Remembered by tool: evolve asks it for every listed tool of every base case.
 */
export function harderVariants(tool: ToolDoc, seed: number): number[] {
  const key = JSON.stringify([seed, tool.name, tool.description, tool.required_parameters, tool.optional_parameters, tool.return_data]);
  let hit = harderVariantMemo.get(key);
  if (!hit) {
    hit = [];
    for (let v = 0; v < HARDER_VARIANTS; v++) {
      const text = harderRules(harderInput([tool]), new Rng(seed, `tool:${tool.name}`, 'harder-tools', String(v))).tools[0].description;
      if (text !== tool.description && leftToFieldDocs(tool, text).length) hit.push(v);
    }
    harderVariantMemo.set(key, hit);
  }
  return hit;
}
const harderVariantMemo = new Map<string, number[]>();

export function harderInput(tools: ToolDoc[], siblings?: { shown: ToolDoc; original: string }[]): HarderToolsInput {
  return {
    tools: tools.map((t) => ({
      name: t.name,
      description: t.description,
      parameters: [...t.required_parameters.map((p) => ({ ...p, required: true })), ...t.optional_parameters.map((p) => ({ ...p, required: false }))].map((p) => ({ name: p.name, type: p.type, description: p.description, required: p.required })),
      returns: t.return_data.map((r) => ({ name: r.name, description: r.description ?? '' })),
    })),
    ...(siblings?.length
      ? {
          siblings: siblings.map(({ shown: t, original }) => ({
            name: t.name,
            description: t.description,
            original,
            parameters: [...t.required_parameters, ...t.optional_parameters].map((p) => ({ name: p.name, description: p.description })),
            returns: t.return_data.map((r) => ({ name: r.name, description: r.description ?? '' })),
          })),
        }
      : {}),
  };
}

/**
 * Only the tool's description from the rewrite; everything else — name, parameters and their
 * descriptions, types, required sets, return docs — from the original (the paper's Fig. 19: "do not
 * change other parts, especially parameters"). Returns which tools changed.
 */
export function mergeDescriptions(tools: ToolDoc[], output: HarderToolsOutput): { tools: ToolDoc[]; changed: string[]; ignored: string[] } {
  const byName = new Map(output.tools.map((t) => [t.name, t]));
  const known = new Set(tools.map((t) => t.name));
  const changed: string[] = [];
  const merged = tools.map((tool) => {
    const rewrite = byName.get(tool.name);
    if (!rewrite || rewrite.description === tool.description) return tool;
    changed.push(tool.name);
    return { ...tool, description: rewrite.description };
  });
  return { tools: merged, changed, ignored: [...new Set(output.tools.map((t) => t.name).filter((n) => !known.has(n)))] };
}

export const harderToolsRole: RoleSpec<HarderToolsInput, HarderToolsOutput> = {
  role: 'harder-tools',
  schemaName: 'harder_tool_descriptions',
  schema: HarderToolsOutput,
  template: {
    id: 'harder-tools/fig19',
    version: '6', // 6: each parameter says whether it is required (the input marks optional ones).
    render: (input) => [
      {
        role: 'system',
        content:
          'You are a data engineer who makes tool-use benchmarks harder. Rewrite the description of each tool below so that it ' +
          'becomes less ideal to read, the way real API docs are: vaguer or more roundabout wording, qualifiers and examples ' +
          'dropped, jargon and abbreviations, key constraints moved late. Do not copy the original sentence. ' +
          'The functionality must stay exactly equivalent: keep every constraint on values (a language, a format such as IATA ' +
          'codes or YYYY-MM-DD, units, allowed values, ranges, conditions), keep what tells the tool apart from similar tools, ' +
          'and write grammatical English a real doc writer could have written. Make it harder to use, not only reworded: a detail of the ' +
          'description that a parameter\'s or return field\'s own doc already states (what the tool takes, what it returns) may be left to that doc. ' +
          'When "siblings" (other tools of the same list, as shown, for context only) are given and one of them does nearly the same, you may write the ' +
          'description relative to it, naming it in backticks and saying only what differs ("Like `FilmTMDB.get_popular_movies`, but ordered by rating."), ' +
          'never relative to a sibling whose own description already points to another tool, and never claiming a similarity the docs do not support. ' +
          'Change only the API description and nothing else: do not change the ' +
          'parameters, their descriptions or types, the return fields or the tool name (they are shown only as context). ' +
          'Reply in JSON: {"tools": [{"name": string, "description": string}]}, with the tool names exactly as given.',
      },
      { role: 'user', content: `Tools:\n${toJson(input.tools, 2)}${input.siblings?.length ? `\n\nSiblings (context only, do not rewrite):\n${toJson(input.siblings, 2)}` : ''}` },
    ],
  },
  offline: { version: HARDER_RULES_VERSION, run: harderRules },
};

/** Verbs a list's docs open with whose mood inListMood may change: the rules' own and the tool verbs the rules leave as drawn ("Handle user login.", "Fund the account."). */
const LIST_VERBS = new Set([...KNOWN_VERBS, 'handle', 'withdraw', 'place', 'filter', 'fund', 'contact', 'resolve', 'search', 'list', 'create', 'generate', 'calculate', 'provide', 'save', 'query']);

/** The bare form of a list verb in the third person ("handles" -> "handle"), or undefined. */
function listVerbBase(word: string): string | undefined {
  const base = word.endsWith('ies') ? `${word.slice(0, -3)}y` : /(?:ss|sh|ch|x|z)es$/.test(word) ? word.slice(0, -2) : word.endsWith('s') ? word.slice(0, -1) : undefined;
  return base && LIST_VERBS.has(base) && thirdPerson(base) === word ? base : undefined;
}

/** A doc's opening verb mood ("Fetches …" third, "Fetch …" bare), after any heading; undefined when it opens with no verb the list rules know. */
function moodOf(text: string): 'third' | 'bare' | undefined {
  const body = text.slice(text.match(HEADING)?.[0].length ?? 0);
  const first = body.match(/^[A-Za-z]+/)?.[0]?.toLowerCase() ?? '';
  return listVerbBase(first) ? 'third' : LIST_VERBS.has(first) ? 'bare' : undefined;
}

/** The doc with its opening verb in the other mood, its second verb agreeing; undefined when it opens with no list verb. */
function otherMood(text: string): string | undefined {
  const heading = text.match(HEADING)?.[0] ?? '';
  const body = text.slice(heading.length);
  const first = body.match(/^[A-Za-z]+/)?.[0] ?? '';
  const base = listVerbBase(first.toLowerCase());
  const swapped = base ? matchCase(base, first) : LIST_VERBS.has(first.toLowerCase()) ? matchCase(thirdPerson(first.toLowerCase()), first) : undefined;
  if (!swapped) return undefined;
  const out = heading + swapped + body.slice(first.length);
  // A second verb of the same subject agrees: "Makes a ticket and queues it" -> "Make a ticket and queue it".
  const third = !base;
  return out.replace(/\b(and|or) ([a-z]+)(?= (?:it|them|the|a|an)\b)/, (m, conj: string, verb: string) => {
    const b = listVerbBase(verb) ?? (LIST_VERBS.has(verb) ? verb : undefined);
    return b ? `${conj} ${third ? thirdPerson(b) : b}` : m;
  });
}

/**
 * The rewritten docs of one list in one mood: each tool's rewrite is drawn on its own (seeded by the
 * tool), so a list read "Cancels an order." beside "Fund the account." — stitched from two writers
 * (harder_tools_list_mood_mixed, 559/1,000 on g0). A rewrite may take the other mood when the draw
 * checks pass on it ("Notifies if …" no longer states the source's "Notify if …" condition, "Verifies …"
 * drops the name's "verify"); an untouched doc stays as its source wrote it. The list takes the mood
 * that leaves the fewest docs in the other, then the one most of its docs open in, a tie going to
 * `thirdOnTie`.
 */
export function inListMood(docs: { original: DocParts & { name: string }; after: string }[], thirdOnTie: boolean): string[] {
  const options = docs.map(({ original, after }) => {
    const mood = moodOf(after);
    if (!mood) return { mood, after, other: undefined };
    const text = after === original.description ? undefined : otherMood(after);
    // Nor a swap back to the source's own words ("Adds text page of ppt." -> "Add text page of ppt."): that is no rewrite (harder_tools_wrapped).
    const wraps = text !== undefined && text.toLowerCase().includes(original.description.replace(/\.$/, '').toLowerCase());
    const other = text === undefined || wraps || draftVerdict(draftVerdicts(original), original, text).fails ? undefined : text;
    return { mood, after, other };
  });
  const stuck = (want: 'third' | 'bare') => options.filter((o) => o.mood && o.mood !== want && o.other === undefined).length;
  const count = (mood: 'third' | 'bare') => options.filter((o) => o.mood === mood).length;
  const [st, sb] = [stuck('third'), stuck('bare')];
  const want = st !== sb ? (st < sb ? 'third' : 'bare') : count('third') !== count('bare') ? (count('third') > count('bare') ? 'third' : 'bare') : thirdOnTie ? 'third' : 'bare';
  return options.map((o) => (o.mood && o.mood !== want && o.other !== undefined ? o.other : o.after));
}
