/**
 * The `harder-tools` role (paper Fig. 19): a tool's description made less ideal while the tool does
 * exactly the same thing. Only the API's description changes: names, parameters, parameter
 * descriptions, types, required sets and return docs are kept from the original, so a model's answer
 * cannot alter them (verify re-checks anyway).
 *
 * Offline rules (degradeDescription): examples and qualifiers dropped, a vaguer verb, jargon and
 * abbreviations, articles cut, constraint sentences and leading conditions moved last (never left
 * out), BFCL's toolkit preamble cut to a tag, moved last or dropped — seeded by the tool, so each
 * tool reads the same in every case. A draw that loses a constraint, breaks the English or drops
 * what the tool's name says (pipeline/quality/toolDocs.ts) is drawn again.
 */
import { z } from 'zod';
import type { RoleSpec } from '../../../pipeline/llm/types.js';
import type { Rng } from '../../../pipeline/rng.js';
import type { ToolDoc } from '../../../pipeline/schemas.js';
import { toJson } from '../../../pipeline/pyValues.js';
import { brokenDocIssues, droppedConstraints, type DocParts } from '../../../pipeline/quality/toolDocs.js';

export interface HarderToolsInput {
  tools: { name: string; description: string; parameters: { name: string; type: string; description: string }[] }[];
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

export const HARDER_RULES_VERSION = 'harder-tools-6';

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
const QUALIFIERS = /\b(currently|specific|particular|various|certain|basic|simple|exactly|corresponding|respective|desired|relevant|appropriate|detailed|comprehensive|authenticated)\s+(?!(?:by|to|in|on|for|with|from|at|of|as)\b)/gi;
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

/** Articles cut; a sentence that opened with one still opens with a capital ("The fuel tank can ..." -> "Fuel tank can ..."). */
function cutArticles(text: string): string {
  // Not before an identifier ("The getAuthorId function"): capitalising it would rename it.
  return text
    .replace(/(^|[.!?]\s+)(?:The|A|An) ([a-z]+)\b(?![0-9_(])/g, (_m, before: string, word: string) => before + word.charAt(0).toUpperCase() + word.slice(1))
    .replace(/\b(?:[Tt]he|[Aa]n?) (?=(?:[a-z]+|[A-Z][a-z]*|[A-Z]+)\b(?![0-9_(]))/g, '');
}

/** A leading condition moved after what it conditions ("When all steps done, YOU MUST use save_file()" -> "YOU MUST use save_file() when all steps done"). */
function conditionLast(text: string): string {
  return text.replace(/^(When|Once|After|Before|Unless)\s+([^,.;]{3,60}),\s+([^.;]+?)([.;]?)$/, (_m, w: string, cond: string, main: string, end: string) => `${/^[a-z]/.test(main) ? main.charAt(0).toUpperCase() + main.slice(1) : main} ${w.toLowerCase()} ${cond}${end}`);
}

/** A T-Eval heading ("Send: send email. ...", "Get curr time: ..."): the API's title, kept as written. */
const HEADING = /^([A-Za-z][\w ]{0,40}:)\s+/;

/** Attempts at a rewrite that keeps every constraint and reads as a doc (toolDocs.ts) before the plain fallback. */
const ATTEMPTS = 12;

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
  const original = { ...tool, description };
  const fails = (text: string) => droppedConstraints(original, text).length > 0 || (tool.name ? brokenDocIssues(original, text).length > 0 : false);
  for (let i = 0; i < ATTEMPTS; i++) {
    const text = degradeOnce(description, rng);
    if (!fails(text)) return text;
  }
  const { system, own } = splitPreamble(description);
  const gentle = cleanSpaces(ABBREVIATIONS.reduce((t, [re, short]) => t.replace(re, (m) => matchCase(short, m)), own));
  const options = [system ? `[${system.replace(/^the /i, '')}] ${gentle}` : gentle, system ? `[${system.replace(/^the /i, '')}] ${own}` : terser(own.trim(), rng)];
  return options.find((t) => t !== description && !fails(t)) ?? (system ? own : description);
}

function degradeOnce(description: string, rng: Rng): string {
  const { system, own: whole } = splitPreamble(description);
  const heading = whole.match(HEADING)?.[1];
  const own = heading ? whole.slice(whole.match(HEADING)![0].length) : whole;
  let parts = sentences(own);
  // Examples and qualifiers go first: they are what makes a doc precise. A constraint keeps its qualifiers.
  parts = parts.map((p) => cleanSpaces(EXAMPLES.reduce((t, re) => t.replace(re, ''), p)));
  const isConstraint = (p: string, i: number) => i > 0 && CONSTRAINT.test(p);
  if (rng.chance(0.7)) parts = parts.map((p, i) => (isConstraint(p, i) ? p : fixArticles(cleanSpaces(p.replace(QUALIFIERS, '')))));
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
  if (rng.chance(0.5)) text = cutArticles(text);
  if (rng.chance(0.5)) text = conditionLast(text);
  text = cleanSpaces(text);
  // Terse style: no final period, lower-case start (unless the start is a name or acronym).
  if (rng.chance(0.4)) text = text.replace(/\.$/, '');
  if (rng.chance(0.4) && /^[A-Z][a-z]/.test(text) && !heading) text = text.charAt(0).toLowerCase() + text.slice(1);
  if (heading) text = `${heading} ${text}`;
  const original = whole.trim();
  if (!text || text.toLowerCase().includes(original.replace(/\.$/, '').toLowerCase())) text = terser(original, rng);
  if (!system) return text;
  // The preamble: dropped, cut to a tag, or moved after the API's own text.
  const tag = system.replace(/^the /i, '');
  const the = /^the /i.test(system) ? 'the ' : '';
  return rng.pick([text, `[${tag}] ${text}`, `${text.replace(/[.;]?$/, '.')} Part of ${the}${tag}.`]);
}

/** A third-person verb: "write" -> "writes", "search" -> "searches", "apply" -> "applies". */
function thirdPerson(verb: string): string {
  if (/[^aeiou]y$/i.test(verb)) return `${verb.slice(0, -1)}ies`;
  if (/(s|sh|ch|x|z)$/i.test(verb)) return `${verb}es`;
  return `${verb}s`;
}

/** A phrase that only says where the tool works ("to disk", "in the inbox", "in the system"): a terse doc leaves it out. */
const AMBIENT = /\s+(?:to|from|in|on|into)\s+(?:the\s+)?(?:inbox|system)\b(?=\s+and\b|[.,;]?$)/i;

/**
 * For a doc too short for the rules above to touch ("write file to disk"): a phrase that only says
 * where the tool works dropped ("in the system" of "Create a ticket in the system and queue it") and,
 * when it opens with an imperative verb, that verb in the third person ("writes file to disk") — the
 * terse style of a real changelog-era doc. What the tool takes or gives ("to a power", "based on a
 * price range", "given its ID and check-in date") stays: that is what the tool does.
 */
function terser(original: string, rng: Rng): string {
  void rng;
  let text = original.replace(/\.$/, '');
  const heading = text.match(HEADING)?.[0];
  if (heading) text = text.slice(heading.length);
  const cut = text.replace(AMBIENT, '');
  if (cut !== text && cut.split(/\s+/).length >= 2) text = cut;
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
  // Still the same: articles cut, and a third-person opening verb put in the imperative ("prints the details" -> "print details").
  if (same(text)) {
    text = cutArticles(text);
    if (same(text) && /^[a-z]+s\s/i.test(text)) text = text.replace(/^([a-z]+?)(e?s)(?=\s)/i, (_m, stem: string, end: string) => (end === 'es' && /(s|sh|ch|x|z)$/i.test(stem) ? stem : stem + (end === 'es' ? 'e' : '')));
  }
  return (heading ?? '') + text;
}

export function harderRules(input: HarderToolsInput, rng: Rng): HarderToolsOutput {
  return {
    tools: input.tools.map((tool) => ({
      name: tool.name,
      description: degradeDescription(tool.description || tool.name.split('.').pop()!, rng, { name: tool.name, required_parameters: tool.parameters.map((p) => ({ ...p })) }),
      parameters: [],
    })),
  };
}

export function harderInput(tools: ToolDoc[]): HarderToolsInput {
  return {
    tools: tools.map((t) => ({
      name: t.name,
      description: t.description,
      parameters: [...t.required_parameters, ...t.optional_parameters].map((p) => ({ name: p.name, type: p.type, description: p.description })),
    })),
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
    version: '3',
    render: (input) => [
      {
        role: 'system',
        content:
          'You are a data engineer who makes tool-use benchmarks harder. Rewrite the description of each tool below so that it ' +
          'becomes less ideal to read, the way real API docs are: vaguer or more roundabout wording, qualifiers and examples ' +
          'dropped, jargon and abbreviations, key constraints moved late. Do not copy the original sentence. ' +
          'The functionality must stay exactly equivalent: keep every constraint on values (a language, a format such as IATA ' +
          'codes or YYYY-MM-DD, units, allowed values, ranges, conditions), keep what tells the tool apart from similar tools, ' +
          'and write grammatical English a real doc writer could have written. Change only the API description and nothing else: do not change the ' +
          'parameters, their descriptions or types, or the tool name (the parameters are shown only as context). ' +
          'Reply in JSON: {"tools": [{"name": string, "description": string}]}, with the tool names exactly as given.',
      },
      { role: 'user', content: `Tools:\n${toJson(input.tools, 2)}` },
    ],
  },
  offline: { version: HARDER_RULES_VERSION, run: harderRules },
};
