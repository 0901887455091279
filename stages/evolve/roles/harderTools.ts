/**
 * The `harder-tools` role (paper Fig. 19): a tool's description made less ideal while the tool does
 * exactly the same thing. Only the API's description changes: names, parameters, parameter
 * descriptions, types, required sets and return docs are kept from the original, so a model's answer
 * cannot alter them (verify re-checks anyway).
 *
 * Offline rules (degradeDescription): examples and qualifiers dropped, a vaguer verb, jargon and
 * abbreviations, articles cut, constraint sentences moved last or left implicit, BFCL's toolkit
 * preamble cut to a tag, moved last or dropped — seeded by the tool, so each tool reads the same in
 * every case.
 */
import { z } from 'zod';
import type { RoleSpec } from '../../../pipeline/llm/types.js';
import type { Rng } from '../../../pipeline/rng.js';
import type { ToolDoc } from '../../../pipeline/schemas.js';
import { toJson } from '../../../pipeline/pyValues.js';

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

export const HARDER_RULES_VERSION = 'harder-tools-4';

/** Jargon and abbreviations a hurried maintainer writes (whole words, case kept on the first letter). */
const ABBREVIATIONS: [RegExp, string][] = [
  [/\binformation\b/gi, 'info'],
  [/\bdirectories\b/gi, 'dirs'],
  [/\bdirectory\b/gi, 'dir'],
  [/\bparameters\b/gi, 'params'],
  [/\bparameter\b/gi, 'param'],
  [/\bconfiguration\b/gi, 'config'],
  [/\bapplication\b/gi, 'app'],
  [/\bmessages\b/gi, 'msgs'],
  [/\bmessage\b/gi, 'msg'],
  [/\bmaximum\b/gi, 'max'],
  [/\bminimum\b/gi, 'min'],
  [/\bidentifier\b/gi, 'ID'],
  [/\btemperature\b/gi, 'temp'],
  [/\bauthentication\b/gi, 'auth'],
  [/\bdatabase\b/gi, 'DB'],
  [/\bdocumentation\b/gi, 'docs'],
  [/\bdescription\b/gi, 'desc'],
  [/\baccount\b/gi, 'acct'],
  [/\brepository\b/gi, 'repo'],
  [/\bdestination\b/gi, 'dest'],
  [/\bprevious\b/gi, 'prev'],
  [/\benvironment\b/gi, 'env'],
  [/\bnumber of\b/gi, 'no. of'],
  [/\breference\b/gi, 'ref'],
  [/\bwithout\b/gi, 'w/o'],
  [/\bwith\b/gi, 'w/'],
  [/\bbased on\b/gi, 'by'],
  [/\bin order to\b/gi, 'to'],
  [/\bspecified\b/gi, 'given'],
];

/** Vaguer verbs for precise ones, at the start of the description. */
const VAGUE_VERBS: Record<string, string[]> = {
  retrieve: ['get', 'pull', 'fetch'],
  retrieves: ['gets', 'pulls', 'fetches'],
  get: ['fetch', 'pull', 'grab'],
  gets: ['fetches', 'pulls', 'grabs'],
  calculate: ['work out', 'compute'],
  calculates: ['works out', 'computes'],
  search: ['look up', 'find'],
  searches: ['looks up', 'finds'],
  display: ['show'],
  displays: ['shows'],
  list: ['show'],
  lists: ['shows'],
  create: ['make', 'set up'],
  creates: ['makes', 'sets up'],
  check: ['see about'],
  checks: ['sees about'],
  obtain: ['get'],
  return: ['give back'],
  returns: ['gives back'],
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

/** Qualifiers whose loss leaves the doc vaguer but the function the same. */
const QUALIFIERS = /\b(currently|specific|particular|various|certain|basic|simple|exactly|existing|corresponding|respective|desired|provided|relevant|appropriate|detailed|comprehensive|authenticated|current)\s+/gi;
/** Examples and enumerations: "(e.g. ...)", "such as A, B and C", ", etc.", "For example ...". */
const EXAMPLES: RegExp[] = [/\s*\((e\.g\.|i\.e\.|eg|for example|such as|like)[^)]*\)/gi, /,?\s*such as [^.;]*/gi, /,?\s*(etc\.?|and more)(?=[.;]|$)/gi, /(^|\s)(For example|E\.g\.|For instance)[^.]*\.(?=\s|$)/g];
/** A sentence that states a constraint or condition: moved to the end, or left implicit. */
const CONSTRAINT = /\b(must|only|default|defaults|note|required|requires|should|cannot|can't|if|unless|at least|at most|otherwise|before|after)\b/i;

function cleanSpaces(text: string): string {
  return text.replace(/\s+([,.;:)])/g, '$1').replace(/\(\s+/g, '(').replace(/\s{2,}/g, ' ').replace(/,\s*,/g, ',').replace(/^[,;\s]+/, '').trim();
}

function matchCase(word: string, like: string): string {
  return /^[A-Z]/.test(like) ? word.charAt(0).toUpperCase() + word.slice(1) : word;
}

/** The system a BFCL preamble names ("This tool belongs to the Gorilla file system. ..." -> "Gorilla file system"), and the API's own text. */
export function splitPreamble(description: string): { system?: string; own: string } {
  const at = description.indexOf('Tool description:');
  if (at < 0) return { own: description.trim() };
  const pre = description.slice(0, at);
  const system = pre.match(/belongs to (?:the )?([^,.]+?)(?:,| which|\.|$)/)?.[1]?.trim();
  return { system, own: description.slice(at + 'Tool description:'.length).trim() };
}

const sentences = (text: string) => text.split(/(?<=[.!?])\s+(?=[A-Z(])/).filter((s) => s.trim());

/**
 * One description made worse the way real docs are worse: examples and qualifiers dropped, a vaguer
 * verb, jargon and abbreviations, articles cut, constraints moved last or left out, the toolkit
 * preamble cut to a tag or dropped. Never the original with text around it.
 */
export function degradeDescription(description: string, rng: Rng): string {
  const { system, own } = splitPreamble(description);
  let parts = sentences(own);
  // Examples and qualifiers go first: they are what makes a doc precise.
  parts = parts.map((p) => cleanSpaces(EXAMPLES.reduce((t, re) => t.replace(re, ''), p)));
  if (rng.chance(0.7)) parts = parts.map((p) => cleanSpaces(p.replace(QUALIFIERS, '')));
  // A constraint sentence goes last or is left implicit (never the only sentence).
  if (parts.length > 1) {
    const constraints = parts.filter((p, i) => i > 0 && CONSTRAINT.test(p));
    const rest = parts.filter((p) => !constraints.includes(p));
    parts = rng.chance(0.5) ? [...rest, ...constraints] : rest.length ? rest : parts;
  }
  let text = parts.filter(Boolean).join(' ').replace(/^(search(?:es)?) for\b/i, '$1');
  const first = text.match(/^[A-Za-z]+/)?.[0] ?? '';
  const vaguer = VAGUE_VERBS[first.toLowerCase()];
  if (vaguer && rng.chance(0.6)) text = matchCase(rng.pick(vaguer), first) + text.slice(first.length);
  for (const [re, short] of ABBREVIATIONS) if (rng.chance(0.75)) text = text.replace(re, (m) => matchCase(short, m));
  if (rng.chance(0.5)) text = text.replace(/\b(the|a|an) (?=[a-z])/gi, '');
  text = cleanSpaces(text);
  // Terse style: no final period, lower-case start (unless the start is a name or acronym).
  if (rng.chance(0.4)) text = text.replace(/\.$/, '');
  if (rng.chance(0.4) && /^[A-Z][a-z]/.test(text)) text = text.charAt(0).toLowerCase() + text.slice(1);
  const original = own.trim();
  if (!text || text.toLowerCase().includes(original.replace(/\.$/, '').toLowerCase())) text = terser(original, rng);
  if (!system) return text;
  // The preamble: dropped, cut to a tag, or moved after the API's own text.
  const tag = system.replace(/^the /i, '');
  return rng.pick([text, `[${tag}] ${text}`, `${text.replace(/[.;]?$/, '.')} Part of ${tag}.`]);
}

/** A third-person verb: "write" -> "writes", "search" -> "searches", "apply" -> "applies". */
function thirdPerson(verb: string): string {
  if (/[^aeiou]y$/i.test(verb)) return `${verb.slice(0, -1)}ies`;
  if (/(s|sh|ch|x|z)$/i.test(verb)) return `${verb}es`;
  return `${verb}s`;
}

/**
 * For a doc too short for the rules above to touch ("write file to disk"): its last qualifying
 * phrase dropped ("to disk") and, when it opens with an imperative verb, that verb in the third
 * person ("writes file") — the terse, lossy style of a real changelog-era doc.
 */
function terser(original: string, rng: Rng): string {
  let text = original.replace(/\.$/, '');
  // Only a phrase of two words or more, after at least three ("line by line" and "the details of a ticket" keep theirs).
  const cut = text.match(/^(.*\S)\s+(?:to|for|in|on|at|from|by|with|into|using|via|given)\s+(\S+\s+[^,;]*\S)$/i);
  if (cut && cut[1].split(/\s+/).length >= 3) text = cut[1];
  const first = text.match(/^[A-Za-z]+/)?.[0] ?? '';
  const verb = first.toLowerCase();
  if (VAGUE_VERBS[verb] || ['add', 'write', 'read', 'send', 'book', 'open', 'move', 'copy', 'delete', 'remove', 'find', 'update', 'cancel', 'set', 'post', 'make', 'raise', 'sort', 'convert', 'translate', 'play', 'reply', 'apply', 'modify', 'edit', 'view'].includes(verb)) {
    if (!/s$/.test(verb)) text = matchCase(thirdPerson(verb), first) + text.slice(first.length);
  }
  // Still the same: articles cut, and a third-person opening verb put in the imperative ("prints the details" -> "print details").
  if (text.toLowerCase() === original.replace(/\.$/, '').toLowerCase()) {
    text = text.replace(/\b(the|a|an) (?=\S)/gi, '');
    if (text.toLowerCase() === original.replace(/\.$/, '').toLowerCase() && /^[a-z]+s\s/i.test(text)) text = text.replace(/^([a-z]+?)(e?s)(?=\s)/i, (_m, stem: string, end: string) => (end === 'es' && /(s|sh|ch|x|z)$/i.test(stem) ? stem : stem + (end === 'es' ? 'e' : '')));
  }
  return text;
}

export function harderRules(input: HarderToolsInput, rng: Rng): HarderToolsOutput {
  return { tools: input.tools.map((tool) => ({ name: tool.name, description: degradeDescription(tool.description || tool.name.split('.').pop()!, rng), parameters: [] })) };
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
    version: '2',
    render: (input) => [
      {
        role: 'system',
        content:
          'You are a data engineer who makes tool-use benchmarks harder. Rewrite the description of each tool below so that it ' +
          'becomes less ideal to read, the way real API docs are: vaguer or more roundabout wording, qualifiers and examples ' +
          'dropped, jargon and abbreviations, key constraints moved late or left implicit. Do not copy the original sentence. ' +
          'The functionality must stay exactly equivalent. Change only the API description and nothing else: do not change the ' +
          'parameters, their descriptions or types, or the tool name (the parameters are shown only as context). ' +
          'Reply in JSON: {"tools": [{"name": string, "description": string}]}, with the tool names exactly as given.',
      },
      { role: 'user', content: `Tools:\n${toJson(input.tools, 2)}` },
    ],
  },
  offline: { version: HARDER_RULES_VERSION, run: harderRules },
};
