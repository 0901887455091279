/**
 * The `judge` role: the paper's equivalence verification, one question per applied strategy
 * (Figs. 20–23) — does the inserted context leave the task unaffected; does the noisy query still
 * state the task without ambiguity; are the added tools dissimilar to the original ones; is the
 * harder documentation equivalent. The answer is {answer: "Yes" | "No", reason}.
 *
 * Offline rules answer the same questions from the structure of the case:
 * - long_context: Yes unless a context turn looks like a tool call, names a listed tool's api
 *   (snake_case/camelCase identifiers only), or states a distinctive ground-truth argument value (5+ characters, not a plain lower-case word
 *   such as "draft", which ordinary conversation uses) (any of which could change what the right step is);
 * - noisy_query: Yes when every protected value is still there and at least 60% of the original
 *   query's content words survive (a typo'd word of 5+ letters counts as kept; padding is allowed,
 *   a rewrite that drops the task is not);
 * - extra_tools: Yes when no added tool is the same function as an original tool (similarity.ts);
 * - harder_tools: Yes when every tool keeps its name and parameters, at least 70% of each
 *   original description's content words are still in the rewritten one, no constraint of the
 *   original (language, format, unit, range, condition) is lost and the rewrite reads as a doc
 *   that still says what its tool's name does (pipeline/quality/toolDocs.ts); a doc written relative
 *   to a sibling it names ("Like `X`, but ordered by rating.") is read beside that sibling's original
 *   and shown docs, which the judge is given (judge-6): the sibling must be listed, must not point
 *   back, and the rewrite must still say what tells the two apart (siblingReferenceIssues).
 */
import { z } from 'zod';
import type { RoleSpec } from '../../pipeline/llm/types.js';
import { toolCallReason } from '../../sources/dialogue/corpus.js';
import { conflictWith, contentWords } from '../../pipeline/quality/sameFunction.js';
import { isDistinctive } from '../evolve/caseParts.js';
import { toJson } from '../../pipeline/pyValues.js';
import { descriptionSynonyms, splitPreamble } from '../evolve/roles/harderTools.js';
import { levenshtein } from '../../pipeline/editDistance.js';
import { brokenDocIssues, droppedConstraints, siblingReferenceIssues, type DocParts, type SiblingDoc } from '../../pipeline/quality/toolDocs.js';
import { parseJson } from '../../pipeline/pyValues.js';

/** A judged doc: the JSON of a tool doc (as verify renders it), or a bare description. */
function docOf(text: string): DocParts {
  try {
    const v = parseJson(text) as Partial<DocParts>;
    if (v && typeof v === 'object' && typeof v.description === 'string') return v as DocParts;
  } catch {
    // A bare description.
  }
  return { description: text };
}

export const JudgeOutput = z.object({ answer: z.enum(['Yes', 'No']), reason: z.string() });
export type JudgeOutput = z.infer<typeof JudgeOutput>;

export const JUDGE_RULES_VERSION = 'judge-6';
export const NOISY_WORD_SHARE = 0.6;
export const HARDER_WORD_SHARE = 0.7;

interface BriefTool {
  name: string;
  description: string;
}

export type JudgeInput =
  | { strategy: 'long_context'; query: string; context: string[]; toolNames: string[]; values: string[] }
  | { strategy: 'noisy_query'; original: string; evolved: string; protected: string[] }
  | { strategy: 'extra_tools'; task: string; original: BriefTool[]; added: BriefTool[] }
  | { strategy: 'harder_tools'; pairs: HarderPair[] };

/**
 * One rewritten doc to judge: its original and its rewrite (each the JSON of the whole tool doc), and
 * the tools of the same list its rewrite names in backticks ("Like `FilmTMDB.get_popular_movies`,
 * but ordered by rating."), each with its original doc and the doc the case shows: a relative doc
 * is equivalent only if what it leaves out is what that sibling's shown doc says.
 */
export interface HarderPair {
  name: string;
  original: string;
  evolved: string;
  sameSignature: boolean;
  siblings?: { name: string; original: string; shown: string }[];
}

/**
 * Share of the original's content words still in the evolved text; a word of 5+ letters within edit
 * distance 2 (a typo) counts as kept, and so does a word whose synonym (an abbreviation such as
 * "info" for "information", or a vaguer verb) is there.
 */
export function keptShare(original: string, evolved: string, synonyms: (word: string) => readonly string[] = () => []): number {
  const a = contentWords(original);
  if (a.size === 0) return 1;
  const b = contentWords(evolved);
  let kept = 0;
  for (const w of a) {
    if (b.has(w) || synonyms(w).some((x) => b.has(x))) kept++;
    else if (w.length >= 5 && [...b].some((x) => Math.abs(x.length - w.length) <= 1 && levenshtein(w, x) <= 2)) kept++;
  }
  return kept / a.size;
}

export function judgeRules(input: JudgeInput): JudgeOutput {
  switch (input.strategy) {
    case 'long_context': {
      // Only distinctive identifiers (snake_case or camelCase): plain words like "mean" or "search" are conversation.
      // Each is looked for in every turn: its pattern is built once, and only a turn that holds the word is searched.
      const apis = input.toolNames
        .map((n) => n.split('.')[1] ?? n)
        .filter((a) => /_|[a-z][A-Z]/.test(a))
        .map((a) => {
          const word = a.replace(/[^A-Za-z0-9_]/g, '');
          return { api: a, word, pattern: new RegExp(`\\b${word}\\b`) };
        });
      for (const [i, turn] of input.context.entries()) {
        const why = toolCallReason(turn);
        if (why) return { answer: 'No', reason: `context turn ${i + 1} ${why}` };
        const api = apis.find((a) => turn.includes(a.word) && a.pattern.test(turn))?.api;
        if (api) return { answer: 'No', reason: `context turn ${i + 1} names the tool "${api}"` };
        const value = input.values.find((v) => isDistinctive(v) && turn.includes(v));
        if (value) return { answer: 'No', reason: `context turn ${i + 1} states the task value ${toJson(value)}` };
      }
      return { answer: 'Yes', reason: `the ${input.context.length} inserted turns are unrelated conversation: no tool call, no listed tool, no task value` };
    }
    case 'noisy_query': {
      const lost = input.protected.filter((v) => !input.evolved.includes(v));
      if (lost.length) return { answer: 'No', reason: `the noisy query no longer states ${lost.map((v) => toJson(v)).join(', ')}` };
      const s = keptShare(input.original, input.evolved);
      if (s < NOISY_WORD_SHARE) return { answer: 'No', reason: `only ${(s * 100).toFixed(0)}% of the original query's content words survive (need ${NOISY_WORD_SHARE * 100}%)` };
      return { answer: 'Yes', reason: `every stated value is kept and ${(s * 100).toFixed(0)}% of the original content words survive` };
    }
    case 'extra_tools': {
      for (const t of input.added) {
        const why = conflictWith(t, input.original);
        if (why) return { answer: 'No', reason: `added tool ${t.name}: ${why}` };
      }
      return { answer: 'Yes', reason: `none of the ${input.added.length} added tools is the same function as an original tool` };
    }
    case 'harder_tools': {
      for (const p of input.pairs) {
        if (!p.sameSignature) return { answer: 'No', reason: `${p.name} changed its name or parameters` };
        // The API's own description is what says what it does; BFCL's toolkit preamble may be cut to a tag.
        const s = keptShare(splitPreamble(p.original).own, p.evolved, descriptionSynonyms);
        if (s < HARDER_WORD_SHARE) return { answer: 'No', reason: `${p.name}: only ${(s * 100).toFixed(0)}% of the original description's content words remain` };
        const before = docOf(p.original);
        const after = docOf(p.evolved).description;
        if (after === before.description) continue;
        const lost = droppedConstraints(before, after);
        if (lost.length) return { answer: 'No', reason: `${p.name}: the rewrite lost the constraint "${lost[0].constraint}" (${lost[0].missing.join(', ')})` };
        const broken = brokenDocIssues({ name: p.name, ...before }, after);
        if (broken.length) return { answer: 'No', reason: `${p.name}: ${broken[0]}` };
        // A doc written relative to a sibling: read beside that sibling (a tool the list lacks, a sibling that leans back, nothing left telling them apart).
        if (p.siblings?.length) {
          const docs: SiblingDoc[] = [
            { ...docOf(p.evolved), name: p.name, description: after, original: before.description },
            ...p.siblings.map((sib) => ({ ...docOf(sib.shown), name: sib.name, original: docOf(sib.original).description })),
          ];
          const issues = siblingReferenceIssues(docs);
          if (issues.length) return { answer: 'No', reason: `${p.name}: ${issues[0]}` };
        }
      }
      return { answer: 'Yes', reason: `all ${input.pairs.length} rewritten docs keep their signatures and the original content` };
    }
  }
}

const SYSTEM = 'You are a careful reviewer of tool-use benchmark data. Answer strictly in JSON: {"answer": "Yes" | "No", "reason": string}.';

function render(input: JudgeInput): string {
  switch (input.strategy) {
    case 'long_context':
      // Fig. 20
      return (
        'A long piece of dialogue context was inserted before the user query below. Determine whether this context affects ' +
        'the task of the query in any way: whether it changes, adds or removes requirements, or introduces information that ' +
        'would change which tool should be called or with which arguments. Answer "Yes" if the context does NOT affect the task, "No" otherwise.\n\n' +
        `Inserted context:\n${input.context.map((c, i) => `[${i + 1}] ${c}`).join('\n')}\n\nUser query:\n${input.query}`
      );
    case 'noisy_query':
      // Fig. 21
      return (
        'The original user query was rewritten to be verbose, vague and noisy (irrelevant details, typos). Determine whether the ' +
        'rewritten query still contains the complete task of the original, including every concrete value, so that it can be ' +
        'completed without ambiguity. Answer "Yes" if it does, "No" otherwise.\n\n' +
        `Original query:\n${input.original}\n\nRewritten query:\n${input.evolved}`
      );
    case 'extra_tools':
      // Fig. 22
      return (
        'New tools were added to the tool list of a task. Determine whether any newly added tool is similar in function to one of ' +
        'the original tools, so that it could be used instead of it and make the expected answer ambiguous. Answer "Yes" if the ' +
        'added tools are all dissimilar to the original tools, "No" if any of them is similar.\n\n' +
        `Task:\n${input.task}\n\nOriginal tools:\n${toJson(input.original, 2)}\n\nAdded tools:\n${toJson(input.added, 2)}`
      );
    case 'harder_tools':
      // Fig. 23
      return (
        'Tool documentation was rewritten to be more verbose and less clear. For each tool, determine whether the rewritten ' +
        'documentation is functionally equivalent to the original: the same tool doing the same thing with the same parameters. ' +
        'A rewritten doc may leave a detail to its own parameter or return docs, or be written relative to another tool of the same ' +
        'list that it names in backticks ("Like `X`, but ordered by rating."); such a tool is shown after it, with its original doc and ' +
        'the doc the list shows for it. A relative doc is equivalent only if that tool exists in the list, its shown doc still says what ' +
        'the relative doc leaves out, it does not itself point back, and the rewrite still says what tells the two apart. ' +
        'Answer "Yes" if every rewritten doc is equivalent, "No" otherwise.\n\n' +
        input.pairs
          .map((p) => [`Tool ${p.name}\nOriginal: ${p.original}\nRewritten: ${p.evolved}`, ...(p.siblings ?? []).map((sib) => `Named tool ${sib.name} (same list)\nOriginal: ${sib.original}\nShown: ${sib.shown}`)].join('\n'))
          .join('\n\n')
      );
  }
}

export const judgeRole: RoleSpec<JudgeInput, JudgeOutput> = {
  role: 'judge',
  schemaName: 'equivalence_judgement',
  schema: JudgeOutput,
  template: {
    id: 'judge/fig20-23',
    version: '2',
    render: (input) => [
      { role: 'system', content: SYSTEM },
      { role: 'user', content: render(input) },
    ],
  },
  offline: { version: JUDGE_RULES_VERSION, run: (input) => judgeRules(input) },
};
