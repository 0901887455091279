/**
 * Does the generated text read like people wrote it? (issue 15: noisy queries, thoughts, closing
 * answers, harder tool docs, long contexts, evolved length.)
 */
import { ownDescription } from '../../toolDescription.js';
import { diffWords } from 'diff';
import { FINISH_ACTION, type TestCase } from '../../schemas.js';
import { apiOf } from '../../errors/values.js';
import { addedExtraTools, groundTruthActions, shownAction, userText } from '../evidence.js';
import { grammarIssues, keyAsWords, QUOTED_TEXT } from '../grammar.js';
import { parseToolResponse } from '../../prompts/parseAction.js';
import { isPlainObject } from '../../errors/values.js';
import { toJson } from '../../pyValues.js';
import { docTypo } from '../../thoughtPhrases.js';
import { levenshtein } from '../../editDistance.js';
import { callChangesState } from '../../errors/sideEffects.js';
import { noiseIncoherences } from '../noiseCoherence.js';
import { ABBREVIATION_END, unclosedQuote } from '../noiseShape.js';
import { distinctN, holderCounts, insertedContext, insertedRange, insertedSentences, insertedText, isOneSided, isTruncated, nonDescriptionChanges, words } from '../text.js';
import type { CaseMeasure, QualityContext, SetMeasure } from '../types.js';
import { failureAnswers } from './failureAnswers.js';
import { answeredTurns, type AnsweredTurn } from './answers.js';
import { unrepairedDocDefect, brokenDocIssues, droppedConstraints, indistinctDocs, leftToFieldDocs, leftToSibling, ownFieldText, ownText, siblingReferenceIssues, untagged, type SiblingDoc } from '../toolDocs.js';
import { conflictWith, requestStep, servesRequest, servesUnmetAsk } from '../sameFunction.js';
import { caseSubject, isRelatedDistractor } from '../distractors.js';
import { escapeRegExp } from '../../errors/vocabulary.js';

function hasNoise(tc: TestCase): boolean {
  return tc.evolution?.details?.noisyQuery !== undefined;
}

/** The noisy query of an evolved case and the query it was made from. */
export function noisyPair(tc: TestCase): { original: string; noisy: string } | undefined {
  const nq = tc.evolution?.details?.noisyQuery as { originalQuery?: string } | undefined;
  if (!nq?.originalQuery) return undefined;
  const range = insertedRange(tc);
  const candidates = tc.messages.filter((m, i) => m.role === 'user' && !(range && i >= range[0] && i < range[1]));
  const noisy = candidates.reverse().find((m) => m.content !== nq.originalQuery);
  return noisy ? { original: nq.originalQuery, noisy: noisy.content } : undefined;
}

/** The runs of words noise added to a query, with the original text around each (typo replacements of one word are not insertions). */
export function insertedRuns(original: string, noisy: string): { text: string; before: string; after: string }[] {
  const parts = diffWords(original, noisy);
  const out: { text: string; before: string; after: string }[] = [];
  let before = '';
  parts.forEach((p, i) => {
    if (p.added) {
      let after = parts.slice(i + 1).find((q) => !q.added)?.value ?? '';
      let text = p.value.trim();
      let at = before;
      // A word the noise also misspelled right after the inserted sentence ("I [wonder how this
      // reads. I nedd] need to") ends the run: it is that word's typo, not inserted text.
      const swapped = [parts[i - 1], parts[i + 1]].find((q) => q?.removed);
      const replaced = swapped ? swapped.value.trim().split(/\s+/).length : 0;
      const runWords = text.split(/\s+/);
      if (replaced && runWords.length > replaced) text = runWords.slice(0, -replaced).join(' ');
      // A word diff aligns a sentence inserted before "My takeoff…" that itself starts with "My" as
      // "My [manager … . My] takeoff": while the run ends with the word before it, the same text
      // was inserted one word earlier, so slide it back to where it was put.
      for (;;) {
        const prev = /(\S+)(\s*)$/.exec(at);
        const last = /(\s*)(\S+)$/.exec(text);
        if (!prev || !last || prev[1] !== last[2]) break;
        text = `${prev[1]} ${text.slice(0, last.index).trim()}`.trim();
        after = `${prev[1]}${prev[2]}${after}`;
        at = at.slice(0, prev.index);
      }
      // The mirror case: "team [today. Meanwhile … earlier] today. Once" was put after "today.".
      for (;;) {
        const first = /^(\S+)(\s*)/.exec(text);
        const next = /^(\s*)(\S+)(\s*)/.exec(after);
        if (!first || !next || first[1] !== next[2] || !/[.!?]$/.test(first[1])) break;
        at = `${at}${next[1]}${first[1]} `;
        text = `${text.slice(first[0].length)} ${first[1]}`.trim();
        after = after.slice(next[0].length);
      }
      out.push({ text, before: at, after });
    } else if (!p.removed) before += p.value;
  });
  return out.filter((c) => c.text.split(/\s+/).length >= 4);
}

function distinctRatio(texts: string[], n: number): { value: number; total: number } {
  const total = texts.reduce((sum, t) => sum + Math.max(0, words(t).length - n + 1), 0);
  return { value: distinctN(texts, n), total };
}

export const noiseReuse: SetMeasure = {
  kind: 'set',
  id: 'noise_sentence_top_share',
  group: 'text',
  title: 'noisy query: share of noisy cases holding the most frequent inserted sentence',
  population: 'evolved cases with a noisy query',
  better: 'lower',
  minGateN: 100,
  score(cases) {
    const members = cases.flatMap((tc) => {
      const pair = hasNoise(tc) ? noisyPair(tc) : undefined;
      return pair ? [{ id: tc.id, items: insertedSentences(pair.original, pair.noisy).filter((s) => words(s).length >= 4).map((s) => ({ key: words(s).join(' '), text: s })) }] : [];
    });
    const n = members.length;
    const counts = holderCounts(members);
    if (n === 0) return undefined;
    const top = [...counts.values()].sort((a, b) => b.n - a.n || a.text.localeCompare(b.text)).slice(0, 3);
    return {
      value: top.length ? top[0].n / n : 0,
      n,
      detail: `${counts.size} distinct inserted sentences`,
      examples: top.map((t) => ({ id: t.id, detail: `${t.n}×: "${t.text.slice(0, 80)}"` })),
    };
  },
};

export const noiseDistinct: SetMeasure = {
  kind: 'set',
  id: 'noise_distinct4',
  group: 'text',
  title: 'noisy query: distinct-4-gram ratio of the inserted text',
  population: 'evolved cases with a noisy query',
  better: 'higher',
  score(cases) {
    const texts = cases.flatMap((tc) => {
      const pair = hasNoise(tc) ? noisyPair(tc) : undefined;
      return pair ? insertedText(pair.original, pair.noisy) : [];
    });
    if (texts.length === 0) return undefined;
    const d = distinctRatio(texts, 4);
    return { value: d.value, n: texts.length, detail: `${d.total} 4-grams` };
  },
};

export const noiseSplitsSentence: CaseMeasure = {
  kind: 'case',
  id: 'noise_splits_sentence',
  group: 'text',
  title: 'noisy query: an inserted sentence cuts a sentence of the request in two (mid-clause, after an abbreviation\'s stop as in "Apple Inc. [aside] stock on…", or inside a quote the request left open)',
  population: 'evolved cases with a noisy query',
  check(tc) {
    if (!hasNoise(tc)) return undefined;
    const pair = noisyPair(tc);
    if (!pair) return null;
    for (const c of insertedRuns(pair.original, pair.noisy)) {
      const before = c.before.trimEnd();
      const after = c.after.trimStart();
      // Mid-sentence: the text before it does not end a clause and the text after goes on in lower case.
      if (before && !/[.!?,;:)\]"'—-]$/.test(before) && /^[a-z]/.test(after) && /[.!?]/.test(c.text) && !pair.original.split(/(?<=[.!?])\s+/).every((s) => sentenceIntact(s, pair.noisy))) {
        return `"…${before.slice(-30)} [${c.text.slice(0, 40)}…] ${after.slice(0, 30)}…"`;
      }
      // After an abbreviation's stop ("Apple Inc. [Honestly, … lol.] stock on October 1"): the request's sentence goes on after it.
      if (ABBREVIATION_END.test(before) && /^[a-z]/.test(after) && /[.!?]/.test(c.text)) return `after an abbreviation: "…${before.slice(-30)} [${c.text.slice(0, 40)}…] ${after.slice(0, 30)}…"`;
      // Inside a quote the request opened and never closed ("password is 'SecurePass123. [My boss messaged…]"): the aside reads as the quoted value.
      if (unclosedQuote(pair.original) && unclosedQuote(before)) return `inside an unclosed quote: "…${before.slice(-30)} [${c.text.slice(0, 40)}…]"`;
    }
    return null;
  },
};

/** "you" / "u", "please" / "pls": the casual swaps the noise makes, one word for another. */
const CASUAL_SAME: Record<string, string> = { u: 'you', pls: 'please', plz: 'please', thx: 'thanks', cuz: 'because', bc: 'because', '&': 'and' };

/**
 * Does the request's sentence still stand whole in the noisy query, its words in a row (a typo,
 * "nesd" for "need", or a casual "u" for "you" counts as the word)? A word diff aligns an inserted
 * sentence that starts like the request ("… I've been meaning to catch up. I nesd to make") as if it
 * cut the request ("I [… . I nesd] to make"); the sentence standing whole in the text says it did not.
 */
export function sentenceIntact(sentence: string, noisy: string): boolean {
  const norm = (t: string) => (t.toLowerCase().match(/[a-z0-9&']+/g) ?? []).map((w) => CASUAL_SAME[w] ?? w);
  const want = norm(sentence);
  const have = norm(noisy);
  if (want.length < 2) return true;
  const same = (a: string, b: string) => a === b || (a.length >= 4 && b.length >= 3 && levenshtein(a, b) <= 2);
  for (let i = 0; i + want.length <= have.length; i++) if (want.every((w, j) => same(w, have[i + j]))) return true;
  return false;
}

/**
 * Grammar slips of the noise's slot templates: every slot fine alone, the sentence wrong ("Bit of an
 * dull request", "my partner keep asking", "it has been a busy days", "one of those day", "the smoke
 * alarm needs a new battery and keeps telling me", "I'm only starting managing this", a hedge stacked
 * on a hedge in one sentence: "To be honest, I'm normally better organised than this, honestly, to be
 * honest."). Checked on the inserted text only: the user's request is upstream data.
 */
const HEDGE = String.raw`(?:to be honest|honestly|to be fair|if I'm honest|frankly|truthfully|admittedly)`;
const GRAMMAR_SLIPS: { rule: string; re: RegExp }[] = [
  { rule: 'an-before-consonant', re: /\b[Aa]n\s+(?!(?:hour|honest|heir|herb)\w*\b)[b-df-hj-np-tv-z][a-z]*\b/ },
  { rule: 'a-before-vowel', re: /\b[Aa]\s+(?!(?:one|once|uni|use|usu|uti|eu|ur)[a-z]*\b)[aeiou][a-z]+\b/ },
  { rule: 'subject-verb', re: /\b(?:my|our|the) (?:partner|family|friend|boss|manager|team|sister|brother|mum|dad) keep\b|\bmy (?:friends|parents|kids) keeps\b/i },
  { rule: 'article-plural', re: /\b(?:a|one) (?:long|strange|busy|hectic|quiet|slow|rough|good|bad) (?:days|weeks)\b|\bone of those (?:day|week)\b(?!s)|\bwhat a one of\b/i },
  { rule: 'unfinished-phrase', re: /\bkeeps telling me\b(?!\s+(?:to|that|about|so|it|off))|\bonly starting (?:[a-z]+ing)\b/i },
  { rule: 'stacked-hedge', re: new RegExp(String.raw`\b${HEDGE}\b[^.!?]*\b${HEDGE}\b`, 'i') },
  // "(Looked it back, …)": one looks a text over and reads it back; "will not stop non-stop" says it twice.
  { rule: 'looked-it-back', re: /\blooked it back\b/i },
  // "will not stop on and off" / "… every few minutes" says it stops now and then after saying it never does.
  { rule: 'doubled-adverb', re: /\b(?:will not|won't|never) stop(?: [a-z]+ing)? (?:non-stop|on and off|every few minutes)\b/i },
  // One assistant reads the message: "Hi all." / "Morning all." greets a room.
  { rule: 'group-greeting', re: /^\W*(?:hi|hello|hey|morning|evening|afternoon) (?:all|everyone|folks)\b/i },
  // "So I need this done before I head off, so go easy on me.": "so" opens the sentence and says it again.
  { rule: 'so-twice', re: /^\W*(?:(?:okay|right),? )?so\b[^.!?]*, so\b/i },
];

export function noiseGrammarSlips(text: string): { rule: string; at: string }[] {
  return GRAMMAR_SLIPS.flatMap(({ rule, re }) => {
    const m = re.exec(text);
    return m ? [{ rule, at: m[0] }] : [];
  });
}

export const noiseGrammarSlip: CaseMeasure = {
  kind: 'case',
  id: 'noise_grammar_slip',
  group: 'text',
  title: 'noisy query: inserted small talk with a grammar slip ("Bit of an dull request", "my partner keep asking", "a busy days", "keeps telling me" with nothing told, "only starting managing", "To be honest, … honestly, to be honest", "will not stop on and off", "So I need this done before I head off, so go easy on me.")',
  population: 'evolved cases with a noisy query',
  check(tc) {
    if (!hasNoise(tc)) return undefined;
    const pair = noisyPair(tc);
    if (!pair) return null;
    // Sentence by sentence, so a hedge in one sentence and another in the next is no stack.
    const found = insertedSentences(pair.original, pair.noisy).flatMap((s) => noiseGrammarSlips(s).filter((f) => !noiseGrammarSlips(pair.original).some((o) => o.at === f.at)));
    return found.length ? found.map((f) => `${f.rule}: "${f.at}"`).join('; ') : null;
  },
};

export const noiseIncoherent: CaseMeasure = {
  kind: 'case',
  id: 'noise_incoherent',
  group: 'text',
  title: 'noisy query: inserted small talk no person would write (doubting "when" a request makes sense, plural subject with a singular verb, an ongoing state dated in the past, a retraction that confirms, "grateful hugely", a fragment, a capital run on after a greeting, a connector stranded before a full stop)',
  population: 'evolved cases with a noisy query',
  check(tc) {
    if (!hasNoise(tc)) return undefined;
    const pair = noisyPair(tc);
    if (!pair) return null;
    const found = noiseIncoherences(insertedText(pair.original, pair.noisy).join(' '));
    return found.length ? found.map((f) => `${f.rule}: "${f.at}"`).join('; ') : null;
  },
};

/** The first thought of a CoT case `defect` finds fault with, quoted after why; null when none is, undefined for a plain case. */
export function thoughtDefect(tc: TestCase, defect: (thought: string) => string | undefined, width = 110): string | null | undefined {
  if (!tc.cot) return undefined;
  for (const t of thoughtsOf(tc)) {
    const why = defect(t);
    if (why) return `${why}: "${t.slice(0, width)}"`;
  }
  return null;
}

/** Thoughts shown in a CoT case: earlier steps and the ground truth. */
export function thoughtsOf(tc: TestCase): string[] {
  const out: string[] = [];
  for (const m of tc.messages) if (m.role === 'assistant') {
    const a = shownAction(m.content);
    if (a?.thought) out.push(a.thought);
  }
  for (const a of groundTruthActions(tc)) if (a.thought) out.push(a.thought);
  return out;
}

/** A thought with its case-specific words (tool, arguments, query words) blanked: what is left is the template. */
function skeleton(thought: string, tc: TestCase): string {
  const query = new Set((userText(tc).toLowerCase().match(/[a-z]+/g) ?? []));
  const toolWords = new Set(tc.tools.flatMap((t) => [t.name, apiOf(t.name), ...(t.description.toLowerCase().match(/[a-z]+/g) ?? [])]).map((w) => w.toLowerCase()));
  return thought
    .replace(/"[^"]*"|'[^']*'|\b\w+\.\w+\b|-?\d+(?:\.\d+)?|\w+=\S+/g, ' _ ')
    .toLowerCase()
    .split(/\s+/)
    .map((w) => w.replace(/[^a-z_]/g, ''))
    .filter(Boolean)
    .map((w) => (query.has(w) || toolWords.has(w) ? '_' : w))
    .join(' ')
    .replace(/(_ )+_?/g, '_ ')
    .trim();
}

function skeletonShare(items: { text: string; skel: string; id: string }[], top = 3): { share: number; examples: { id: string; detail: string }[]; distinct: number } {
  const distinct = new Map<string, { skel: string; id: string }>();
  for (const it of items) if (!distinct.has(it.text)) distinct.set(it.text, { skel: it.skel, id: it.id });
  const bySkel = new Map<string, { n: number; id: string; text: string }>();
  for (const [text, { skel, id }] of distinct) {
    const e = bySkel.get(skel) ?? { n: 0, id, text };
    e.n++;
    bySkel.set(skel, e);
  }
  const ranked = [...bySkel.entries()].sort((a, b) => b[1].n - a[1].n || a[0].localeCompare(b[0])).slice(0, top);
  const covered = ranked.reduce((s, [, e]) => s + e.n, 0);
  return {
    share: distinct.size ? covered / distinct.size : 0,
    distinct: distinct.size,
    examples: ranked.map(([skel, e]) => ({ id: e.id, detail: `${e.n}× "${skel.slice(0, 70)}" e.g. "${e.text.slice(0, 70)}"` })),
  };
}

export const thoughtTemplates: SetMeasure = {
  kind: 'set',
  id: 'thought_template_share',
  group: 'text',
  title: 'thoughts: share of distinct thoughts that fit the 3 most common templates (case words blanked)',
  population: 'thoughts in CoT cases (earlier steps and ground truth)',
  better: 'lower',
  score(cases) {
    const items = cases.filter((c) => c.cot).flatMap((tc) => thoughtsOf(tc).map((text) => ({ text, skel: skeleton(text, tc), id: tc.id })));
    if (items.length === 0) return undefined;
    const t = skeletonShare(items);
    const d = distinctRatio([...new Set(items.map((i) => i.text))], 3);
    return { value: t.share, n: t.distinct, detail: `distinct thoughts ${t.distinct}; distinct-3-gram ratio ${d.value.toFixed(3)}`, examples: t.examples };
  },
};

/**
 * Words of a tool's doc no person thinks in, copied into a thought: a template slot ("the filtered
 * [outNum] playing films") or an instruction shouted at the model ("YOU MUST use save_file()"). A
 * slot or capitals an argument of the case holds (`[SPAN]` in bullet items, a recorded `[IMAGE_PATH]`)
 * is quoted, not copied.
 */
export function docResidue(thought: string, tc: TestCase): string | undefined {
  const args = tc.messages.filter((m) => m.role === 'assistant').map((m) => m.content).join('\n') + (toJson(groundTruthActions(tc).map((a) => a.args)) ?? '');
  const slot = thought.match(/\[[A-Za-z_]+\]/g)?.find((m) => !args.includes(m));
  if (slot) return `a doc's template slot ${slot}`;
  const shout = thought.match(/\b[A-Z]{3,}(?: [A-Z]{3,})+\b/g)?.find((m) => !args.includes(m));
  return shout ? `a doc's instruction in capitals "${shout}"` : undefined;
}

export const thoughtDocResidue: CaseMeasure = {
  kind: 'case',
  id: 'thought_doc_residue',
  group: 'text',
  title: 'CoT: a thought copies words of a tool doc no person thinks in (a template slot "[outNum]", an instruction "YOU MUST use save_file()")',
  population: 'CoT cases',
  check: (tc) => thoughtDefect(tc, (t) => docResidue(t, tc), 100),
};

/** Words of a text as a thought and a doc share them: lower case, quoted values and code left out as breaks. */
function docWords(text: string): string[] {
  return text
    .replace(/"[^"]*"|`[^`]*`/g, ' | ')
    .toLowerCase()
    .split(/[^a-z0-9'|]+/)
    .filter(Boolean);
}

/** The longest run of words `a` and `b` share in order (a "|" breaks a run). */
function longestSharedRun(a: string[], b: string[]): string[] {
  let best: [number, number] = [0, 0];
  const prev = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    let diag = 0;
    for (let j = 1; j <= b.length; j++) {
      const up = prev[j];
      prev[j] = a[i - 1] === b[j - 1] && a[i - 1] !== '|' ? diag + 1 : 0;
      if (prev[j] > best[0]) best = [prev[j], i];
      diag = up;
    }
  }
  return a.slice(best[1] - best[0], best[1]);
}

/** How many words of a tool doc in a row a thought may share with it before it reads as pasted. */
export const DOC_RUN_LIMIT = 7;

/**
 * A tool doc's wording lifted into a thought, where a person says what the step is for in their own
 * words about the task in hand: a run of DOC_RUN_LIMIT or more of a doc's words in a row ("search for
 * places nearby a location, within a given radius"), a misspelling of the doc ("from currrent
 * directory"), or the bare name of the tool as what it does ("since it can send;"). A run the user's
 * request holds too is the user's words.
 */
export function docLifted(thought: string, tc: TestCase): string | undefined {
  const request = docWords(tc.messages.filter((m) => m.role === 'user').map((m) => m.content).join(' | ')).join(' ');
  const mine = docWords(thought);
  for (const tool of tc.tools) {
    const own = ownDescription(tool.description);
    const run = longestSharedRun(mine, docWords(own));
    if (run.length >= DOC_RUN_LIMIT && !` ${request} `.includes(` ${run.join(' ')} `)) return `${run.length} words of the doc of ${apiOf(tool.name)} in a row ("${run.join(' ')}")`;
  }
  const bare = thought.replace(/"[^"]*"/g, '""');
  const typo = bare.match(/[A-Za-z]+/g)?.find((w) => docTypo(w) && tc.tools.some((t) => new RegExp(`\\b${w}\\b`, 'i').test(t.description)));
  if (typo) return `the doc's misspelling "${typo}"`;
  for (const tool of tc.tools) {
    const api = apiOf(tool.name);
    if (new RegExp(`\\b(?:can|to|will|lets me) ${api}(?:[.;,]|$)`).test(bare)) return `says what \`${api}\` does by its bare name ("to ${api}")`;
  }
  const selfNamed = docSelfReference(bare);
  if (selfNamed) return `speaks of the tool as its doc does ("${selfNamed}")`;
  return undefined;
}

/**
 * A doc's way of speaking of itself, in a thought: the service as an "API" ("use a google search
 * API", "authenticate the user with travel API"), "this function/tool/API", or the doc's framing of a
 * call ("takes the parameters to", "handle the user logout", "when all steps done"). A person says
 * what the step does: "search Google", "log out of the trading system". Code and quoted values are
 * left out (a tool named `get_api_key` is no doc's wording).
 */
export function docSelfReference(thought: string): string | undefined {
  const bare = thought.replace(/"[^"]*"/g, '""').replace(/`[^`]*`/g, '``');
  const m =
    /\b(?:use|call|with|via|through|using|from|by)\s+(?:an?|the)?\s*(?:[\w-]+\s+){0,3}(?:API|api|endpoint)\b/.exec(bare) ??
    /\b(?:this|the)\s+(?:function|api|API|endpoint|method)\b/.exec(bare) ??
    /\btakes? (?:the |various |some )?parameters to\b|\bhandle (?:the )?user (?:logout|login)\b|\bwhen all steps (?:are )?done\b|\bwhich provides\b/i.exec(bare);
  return m?.[0];
}

export const thoughtDocLifted: CaseMeasure = {
  kind: 'case',
  id: 'thought_doc_lifted',
  group: 'text',
  title: `CoT: a thought pastes a tool doc's wording instead of saying what the step is for (${DOC_RUN_LIMIT}+ doc words in a row "search for places nearby a location, within a given radius", a doc typo "currrent", "since it can send;", the doc speaking of itself: "use a google search API", "handle the user logout")`,
  population: 'CoT cases',
  check: (tc) => thoughtDefect(tc, (t) => docLifted(t, tc)),
};

export function grammarProblems(text: string): string[] {
  return grammarIssues(text).map((i) => `${i.rule}: "${i.at}"`);
}

export const thoughtGrammar: SetMeasure = {
  kind: 'set',
  id: 'thought_grammar_per_100',
  group: 'text',
  title: 'thoughts: grammar errors per 100 distinct thoughts (broken infinitive, doubled word, "a" before a vowel…)',
  population: 'distinct thoughts in CoT cases',
  better: 'lower',
  score(cases) {
    const seen = new Map<string, string>();
    for (const tc of cases) if (tc.cot) for (const t of thoughtsOf(tc)) if (!seen.has(t)) seen.set(t, tc.id);
    if (seen.size === 0) return undefined;
    let errors = 0;
    const examples: { id: string; detail: string }[] = [];
    for (const [t, id] of [...seen].sort((a, b) => a[1].localeCompare(b[1]) || a[0].localeCompare(b[0]))) {
      const p = grammarProblems(t);
      errors += p.length;
      if (p.length && examples.length < 3) examples.push({ id, detail: p[0] });
    }
    return { value: (100 * errors) / seen.size, n: seen.size, detail: `${errors} errors`, examples };
  },
};

/** Closing answers a case shows or asks for (an inserted long context is conversation, not answers). */
function answersOf(tc: TestCase): string[] {
  const out: string[] = [];
  const range = insertedRange(tc);
  for (const [i, m] of tc.messages.entries()) if (m.role === 'assistant' && !(range && i >= range[0] && i < range[1])) {
    const a = shownAction(m.content);
    if (a?.name === FINISH_ACTION && typeof a.args === 'string') out.push(a.args);
  }
  for (const a of groundTruthActions(tc)) if (a.name === FINISH_ACTION && typeof a.args === 'string') out.push(a.args);
  return out;
}

/**
 * The first closing answer `find` faults, told by `tell` (the hit and the answer it is in); null when
 * none is faulty, undefined when the case shows and asks for no closing answer.
 */
function answerDefect(tc: TestCase, find: (answer: string) => string | undefined, tell: (hit: string, answer: string) => string = (hit) => `"${hit}"`): string | null | undefined {
  const answers = answersOf(tc);
  if (answers.length === 0) return undefined;
  for (const a of answers) {
    const hit = find(a);
    if (hit) return tell(hit, a);
  }
  return null;
}

/**
 * A closing answer's own grammar, quoted text aside (a file's line, an email's subject "Let's Build
 * for Cosmos" is what it is): "There are 1 line", "a error", a doubled word. Questions put the modal
 * first ("Should I try again?") and pass.
 */
export function answerGrammarSlip(answer: string): string | undefined {
  const own = answer.replace(/"[^"]*?([.!?]?)"/g, (_, end: string) => `"X${end}"`);
  const issue = grammarIssues(own)[0];
  return issue ? `${issue.rule}: "${issue.at}"` : undefined;
}

export const answerGrammar: CaseMeasure = {
  kind: 'case',
  id: 'answer_grammar',
  group: 'text',
  title: 'a closing answer with a grammar slip in its own words: "There are 1 line in \"summary.txt\"", "a error", a doubled word, a verb after "will" not in its base form (quoted text aside)',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => answerDefect(tc, answerGrammarSlip, (hit, answer) => `${hit} in "${answer.slice(0, 80)}"`),
};

export const answerTruncated: CaseMeasure = {
  kind: 'case',
  id: 'answer_truncated',
  group: 'text',
  title: 'closing answer cut short (an ellipsis, or no sentence end at the end)',
  population: 'cases that show or ask for a closing answer',
  check(tc) {
    const answers = answersOf(tc);
    if (answers.length === 0) return undefined;
    // An ellipsis the answer quotes from a response ("… machine learning …" in a snippet) was not cut by the writer.
    const responses = tc.messages.filter((m) => m.role === 'function').map((m) => m.content).join('\n');
    const ownText = (a: string) => a.replace(/"([^"]*)"/g, (q, inner: string) => (inner.includes('…') && responses.includes(inner) ? '""' : q));
    const cut = answers.find((a) => isTruncated(ownText(a)));
    return cut ? `"…${cut.slice(-70)}"` : null;
  },
};

/**
 * A field name read as a noun where it is a phrase, or a value dumped under it: "the created by is",
 * "the cited by is [5854, 12360]", "the success is true", "the healthy tire pressure is true", "the
 * gallon is 3.96258", "the stock list is a list of 4", "the travel cost list is just 10000", "the car
 * info is empty", `the state is "Send completed successfully."`, "the description is a 349-character
 * text". People write "created by tech_guru", "it succeeded", "the tyre pressure is healthy", "that is
 * 3.96258 gallons", "the flight costs 10000", "I sent the email".
 */
const UNPHRASED_FIELD: RegExp[] = [
  /\bthe ((?:[a-z]+ )*?(?:by|at|on|in|from|to|with|for))\s+(?:is|are)\b/i,
  /\bthe (?:[a-z()0-9]+ )*?[a-z()0-9]+\s+(?:is|are)\s+(?:true|false)\b/i,
  /\b(?:is|are)\s+(?:a list of \d|just\b)/i,
  /\bthe (?:[a-z]+ )*?list\s+(?:is|are)\b/i,
  /\bthe (?:gallons?|liters?|litres?|kilometers?|kilometres?|miles?)\s+(?:is|are)\b/i,
  /\bthe (?:[a-z]+ )*?[a-z]+\s+(?:is|are)\s+empty\b/i,
  /\bthe (?:[a-z]+ )*?(?:status|state)\s+(?:is|are)\s+"[^"]*\b(?:successfully|completed)\b/i,
  /\ba [\d,]+-(?:character|word) text\b/i,
  /\bthe result\s+(?:is|are)\b/i,
  // A source's field names read as nouns: "the overall is "Light rain"", "the avg temperature is 29.4"
  // (no unit), "property type House, person capacity 2": "light rain, averaging 29.4 °C", "a house for 2 guests".
  /\bthe overall(?: weather)?\s+(?:is|are)\b/i,
  /\b(?:the )?avg temperature(?:\s+(?:is|are))?\s+-?\d/i,
  /\bproperty type [A-Z]/,
  /\bperson capacity \d/i,
];
const NOUN_COMPOUND = /\b(?:check|log|sign|plug|add|drop) (?:in|on)\s+(?:is|are)\b/i;
/** Words that say a call only looked something up: wrong for a call that sent, booked or cancelled. */
const LOOKUP_VERB = /(?:I looked this up with|I checked with|Running|I looked up) `([^`]+)`/g;

/**
 * The first unphrased field of an answer; with the case's tool names, also a look-up verb said of a
 * call that changed state ("I looked this up with `cancel_booking`").
 */
export function unphrasedField(answer: string, tools: string[] = []): string | undefined {
  // Quoted free text (a tweet's own words: "…, and we are just getting started.") is the user's, not the writer's phrasing.
  // So is the user's question said back ("I can't tell from this whether the second available meeting room is empty").
  const own = answer
    // Quotes paired left to right: a short one ("The Matrix") keeps its own pair, so the prose after it is never taken for a quote.
    .replace(/"((?:[^"\\]|\\.)*)"/g, (q, inner: string) => (inner.length >= 40 ? `"${'x'.repeat(inner.length)}"` : q))
    .replace(/\b(?:tell|find out|say|check)(?: from this)? whether [^.?!]*/g, (clause) => 'x'.repeat(clause.length));
  for (const re of UNPHRASED_FIELD) {
    const m = re.exec(own);
    if (m && !NOUN_COMPOUND.test(m[0])) return m[0];
  }
  for (const m of answer.matchAll(LOOKUP_VERB)) {
    const tool = tools.find((t) => apiOf(t) === m[1]) ?? m[1];
    if (callChangesState(tool)) return m[0];
  }
  return undefined;
}

export const answerFieldUnphrased: CaseMeasure = {
  kind: 'case',
  id: 'answer_field_unphrased',
  group: 'text',
  title: 'closing answer reads a field name as a noun or dumps its value ("the created by is", "the success is true", "the healthy tire pressure is true", "the gallon is 3.96", "the stock list is a list of 4", "the travel cost list is just 10000", "the car info is empty", `the state is "Send completed successfully."`, "a 349-character text", "the overall is "Light rain" and the avg temperature is 29.4", "property type House, person capacity 2"), or says it looked up what a call changed ("I checked with `save_file`")',
  population: 'cases that show or ask for a closing answer',
  check(tc) {
    const tools = tc.tools.map((t) => t.name);
    return answerDefect(tc, (a) => unphrasedField(a, tools), (hit, a) => `"${hit}" in "${a.slice(Math.max(0, a.indexOf(hit) - 30), a.indexOf(hit) + hit.length + 30)}"`);
  },
};

/**
 * A closing answer that names a response's fields without their values: "`get_movie_details` reports
 * that 8 fields (id, genres, release date, …)", "the invoice is {7 fields (booking id, …)}". The user
 * asked for those values; a count of them answers nothing. ("and 3 more fields (…)" after ten stated
 * ones is a long record summed up, not withheld.)
 */
export function withheldFields(answer: string): string | undefined {
  return /\b\d[\d,]* fields \([^)]*\)|\{\d[\d,]* fields\b[^}]*\}?/.exec(answer)?.[0];
}

export const answerWithholdsFields: CaseMeasure = {
  kind: 'case',
  id: 'answer_withholds_fields',
  group: 'text',
  title: 'closing answer names a response\'s fields without their values ("8 fields (id, genres, release date, …)")',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => answerDefect(tc, withheldFields, (hit) => `"${hit.slice(0, 90)}"`),
};

/**
 * A closing answer that gives a text's size where the user asked for the text: "the content runs to
 * 192 words" for three papers' dates, titles, authors and abstracts, "a 78-word text", "230 words of
 * text", with nothing of it quoted; or an opening quoted with the text's labelled fields run together
 * ("opens with "Published: 2022-08-01 Title: … Authors: Seng W.""), which is no one's reading of it.
 */
export function textSizeOnly(answer: string): string | undefined {
  const SIZE = /\b(?:runs to [\d,]+ (?:words?|characters?)|[\d,]+ (?:words?|characters?) of text|a [\d,]+-(?:word|character) [a-z]+)\b/g;
  for (const m of answer.matchAll(SIZE)) {
    const after = answer.slice(m.index + m[0].length);
    const quote = /^,? (?:and )?open(?:s|ing) with "((?:[^"\\]|\\.)*)"/.exec(after);
    if (!quote) return m[0];
    if ((quote[1].match(/(?:^|\s)[A-Z][a-z]+: /g) ?? []).length >= 2) return `${m[0]} and opens with "${quote[1].slice(0, 60)}"`;
  }
  return undefined;
}

export const answerTextSizeOnly: CaseMeasure = {
  kind: 'case',
  id: 'answer_text_size_only',
  group: 'text',
  title: 'closing answer gives a text\'s size instead of its content ("the content runs to 192 words" for the papers\' titles, authors and abstracts the user asked for), or quotes an opening that runs its labelled fields together',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => answerDefect(tc, textSizeOnly),
};

/**
 * Words by which a closing answer (or the thought before it) claims the whole request is done: "All
 * set.", "Done.", "Everything asked for is done", "Nothing else is left to do for this request". The
 * writer knows the calls it made, not whether they cover all the request asks: teval_query_479_1
 * asks for popular films, a ticker and the company's details, no listed tool gives company details,
 * and its answer closed "Everything asked for is done".
 */
const WHOLE_REQUEST_DONE = /\bEverything (?:asked for|requested|you asked for) (?:is|has been) done\b|\bAll the requested steps\b|\bNothing else is left to do for this request\b|\bthe (?:last step|final call) this request needed\b|(?:^|[.!?]\s+)(?:All set|That is taken care of|I have finished this|Done|All done)[.!]|\bthat covers everything\b/i;

export function claimsWholeRequest(text: string): string | undefined {
  return WHOLE_REQUEST_DONE.exec(text)?.[0].replace(/^[.!?]\s+/, '');
}

export const answerClaimsWholeRequest: CaseMeasure = {
  kind: 'case',
  id: 'answer_claims_whole_request',
  group: 'text',
  title: 'closing answer or its thought claims the whole request is done ("Everything asked for is done", "All set.", "Done.") where the calls can only show what went through (a request part no tool answers is then claimed done)',
  population: 'cases that show or ask for a closing answer',
  check(tc) {
    const answers = answersOf(tc);
    if (answers.length === 0) return undefined;
    const thoughts: string[] = [];
    for (const m of tc.messages) if (m.role === 'assistant') {
      const a = shownAction(m.content);
      if (a?.name === FINISH_ACTION && typeof a.thought === 'string') thoughts.push(a.thought);
    }
    for (const a of groundTruthActions(tc)) if (a.name === FINISH_ACTION && typeof a.thought === 'string') thoughts.push(a.thought);
    for (const t of [...answers, ...thoughts]) {
      const hit = claimsWholeRequest(t);
      if (hit) return `"${hit}" in "${t.slice(0, 90)}"`;
    }
    return null;
  },
};

/** Words a count of entries may follow in a sentence: "there are 3 entries", "returned 3 entries", "(9 entries)". */
const COUNT_LEAD = new Set(['are', 'is', 'were', 'was', 'returned', 'back', 'with', 'of', 'me', 'got', 'and', 'in', 'to', 'about', 'gave', 'listed', 'lists', 'found', 'shows', 'show', 'holds', 'hold', 'contains', 'only', 'just', 'all', 'than', 'had', 'over', 'under', 'another', 'has', 'have']);

/** Keys of a response's nested records that are ids ("USR005", "trip_2"), at any depth. */
function idKeys(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) idKeys(v, out);
  else if (isPlainObject(value)) for (const [k, v] of Object.entries(value)) {
    if (/[A-Za-z]/.test(k) && /\d/.test(k)) out.add(k);
    idKeys(v, out);
  }
  return out;
}

/**
 * The first place a closing answer spells a nested record or list field by field instead of saying
 * what it holds: "the messages has USR 005 1 entry" (a map of ids to lists of messages, its ids split
 * into words and joined to counts), "organic 9 entries", "there are 2 results, the first with the open
 * is 20.08", "the message id has new id 67410", "1 item, the first three being", "there are 3 contents",
 * a record in braces. With the case's tool answers, also an id key of theirs split into words.
 */
export function nestedUnphrased(answer: string, responses: string[] = []): string | undefined {
  const plain = answer.replace(QUOTED_TEXT, '""');
  const plural = /\bthe ((?:[a-z]+ )*?[a-z]*[^siu\s]s) has\b/.exec(plain);
  if (plural && !/\b(?:news|series|species)$/.test(plural[1])) return plural[0];
  for (const m of plain.matchAll(/\b([A-Za-z0-9]+) \d[\d,]* (?:entry|entries|items?)\b/g)) if (!COUNT_LEAD.has(m[1].toLowerCase())) return m[0];
  const fixed = [
    /\bthe first with (?:the|it|its)\b/i,
    /\b[1-3] items?, the first three being\b/,
    /\bthe (?:[a-z]+ )*?id has (?:[a-z]+ )*?id\b/i,
    /\b\d[\d,]* contents\b/,
    /\b1 entries\b|\b(?:[02-9]|\d\d+) entry\b/,
    /[{}]/,
    /\b[A-Z]{2,} 0\d+\b/,
  ];
  for (const re of fixed) {
    const m = re.exec(plain);
    if (m) return m[0];
  }
  for (const r of responses) {
    const value = parseToolResponse(r);
    // A record holding its items column by column (Scholar's title, cited_by, organic_id lists)
    // listed column by column: two names side by side, their other values apart from them.
    if (isPlainObject(value)) {
      const scalarList = (v: unknown): v is unknown[] => Array.isArray(v) && v.length >= 2 && v.every((x) => x === null || typeof x !== 'object');
      const names = Object.entries(value).find(([k, v]) => /^(?:titles?|names?)$/i.test(k) && scalarList(v))?.[1] as unknown[] | undefined;
      const beside = names && Object.entries(value).some(([k, v]) => !/^(?:titles?|names?)$/i.test(k) && scalarList(v) && v.length === names.length);
      if (names && beside && typeof names[0] === 'string' && typeof names[1] === 'string') {
        const hit = new RegExp(`${escapeRegExp(JSON.stringify(names[0]))}(?:,| and) ${escapeRegExp(JSON.stringify(names[1]))}`).exec(answer);
        if (hit) return hit[0];
      }
    }
    for (const k of idKeys(value)) {
      const split = keyAsWords(k);
      if (split !== k && new RegExp(`\\b${escapeRegExp(split)}\\b`).test(plain)) return split;
    }
  }
  return undefined;
}

export const answerNestedUnphrased: CaseMeasure = {
  kind: 'case',
  id: 'answer_nested_unphrased',
  group: 'text',
  title: 'closing answer spells a nested record or list of a tool answer as key-value residue ("the messages has USR 005 1 entry", "organic 9 entries", "there are 2 results, the first with the open is 20.08", "the message id has new id 67410", "there are 3 contents") instead of saying what it holds',
  population: 'cases that show or ask for a closing answer',
  check(tc) {
    const responses = tc.messages.filter((m) => m.role === 'function').map((m) => m.content);
    return answerDefect(tc, (a) => nestedUnphrased(a, responses), (hit, a) => {
      const at = Math.max(0, a.indexOf(hit));
      return `"${hit}" in "…${a.slice(Math.max(0, at - 40), at + hit.length + 40)}…"`;
    });
  },
};

const REPORTS_FAILURE = /did not go through|could not get .{1,80} to work|failed with the error|returned an error|was not able to do this|could not be completed|\b(?:couldn't|could not|wasn't able to|was unable to)\b|didn't (?:work|go through)|\bfailed\b/i;

/**
 * A closing answer that reports a failed call and leaves the user without a next step. CRITICTOOL's
 * protocol for environment errors: "report the error to the user and ask the user for next action".
 */
export const answerFailureNoNextStep: CaseMeasure = {
  kind: 'case',
  id: 'answer_failure_no_next_step',
  group: 'text',
  title: 'closing answer reports a failed call and asks the user nothing about what to do next (the protocol: "report the error to the user and ask the user for next action")',
  population: 'cases that show or ask for a closing answer reporting a failed call',
  check(tc) {
    // The answers of a turn whose call failed (read from the case, whatever words report it), and any that says a call failed.
    const failures = [...new Set([...failureAnswers(tc).map((f) => f.answer), ...answersOf(tc).filter((a) => REPORTS_FAILURE.test(a))])];
    if (failures.length === 0) return undefined;
    const silent = failures.find((a) => !a.includes('?'));
    return silent ? `"…${silent.slice(-90)}"` : null;
  },
};

const sentencesOf = (answer: string) => answer.split(/(?<=[.!?])\s+(?=[A-Z`"(])/);

/**
 * A closing answer that addresses the user by an API's name: in backticks anywhere ("`get_stock_info`
 * reports that the price is 227.16", "`book_flight` gave an error", "another try at `book_flight`"),
 * or one of the case's API names written bare outside a quote ("the get_ticker_news call failed").
 * The user asked for the price or the booking, not for the function; a failure is told by what
 * could not be done (answer-writer-28+fail2 widened this from sentences that report no failure).
 */
export function namesApi(answer: string, apis: string[] = []): string | undefined {
  const plain = (s: string) => s.replace(QUOTED_TEXT, '""');
  const codeLike = apis.filter((a) => /[_A-Z]/.test(a.slice(1)) && a.length >= 4);
  for (const s of sentencesOf(answer)) {
    const bare = codeLike.some((a) => new RegExp(`(?<![\\w.])${a}(?![\\w])`).test(plain(s)));
    if (/`[^`]+`/.test(plain(s)) || bare) return s.length > 110 ? `${s.slice(0, 110)}…` : s;
  }
  return undefined;
}

export const answerNamesApi: CaseMeasure = {
  kind: 'case',
  id: 'answer_names_api',
  group: 'text',
  title: 'closing answer addresses the user by an API\'s name: in backticks ("`get_stock_info` reports that the price is 227.16", "`book_flight` gave an error", "another try at `book_flight`, or skip it?") or a case\'s API name written bare outside a quote',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => answerDefect(tc, (a) => namesApi(a, tc.tools.map((t) => apiOf(t.name)))),
};

/**
 * Openers that talk about the calls, not the finding: the same handful opened a third of all answers.
 * "Here is where things stand." and "Here is what I found." say nothing the next sentence does not
 * (answer-writer-36 opened 54 of 379 distinct answers with them).
 */
const CANNED_OPENER = /^(?:The results follow|Each call succeeded|Every call went through|This is what came back|Here are the results|Here is the rundown|Here(?: is|'s) (?:where things stand|what I found|an update|the update|what came back)|Here you go|This is where things stand)[.!:](?:\s|$)/;

export function cannedOpener(answer: string): string | undefined {
  return CANNED_OPENER.exec(answer.trim())?.[0].trim();
}

export const answerCannedOpener: CaseMeasure = {
  kind: 'case',
  id: 'answer_canned_opener',
  group: 'text',
  title: 'closing answer opens with a sentence that says nothing ("Here is where things stand.", "Here is what I found.", "The results follow.", "Each call succeeded.", "This is what came back.") instead of with what was found',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => answerDefect(tc, cannedOpener),
};

/**
 * A sentence that states four or more fields each as "the X is Y": "the id is 12446, the order type is
 * "Buy", the symbol is "AAPL", the price is 227.16, the amount is 100 and the status is "Open"". A
 * person writes a record as one line ("price 227.16, volume 2.552 and status Open") or by its meaning
 * ("a buy order for 100 shares of AAPL at 227.16").
 */
export function fieldDump(answer: string): string | undefined {
  // Quoted values are masked before the answer is cut into sentences: a quoted review with its own
  // full stops ("The writing is careful. Fine for a rainy afternoon.") is a value, not the answer's prose.
  // A value that ends the answer's sentence ("the citation is "… 2020." For …") keeps that end.
  for (const s of sentencesOf(answer.replace(/"(?:[^"\\]|\\.)*"/g, (q) => (/[.!?]"$/.test(q) ? '"".' : '""')))) {
    const clauses = s.match(/\bthe [a-z][a-z0-9()' ]{0,40}? (?:is|are) /gi) ?? [];
    if (clauses.length >= 4) return s.length > 110 ? `${s.slice(0, 110)}…` : s;
  }
  return undefined;
}

/** Response keys whose values are credentials: never something to tell the user. */
const SECRET_KEY = /(?:^|_)(?:access_?token|refresh_?token|token|secret|password|api_?key|client_?secret)$/i;

/** Every string a response holds under a credential's key, at any depth. */
function secretsIn(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) secretsIn(v, out);
  else if (isPlainObject(value)) for (const [k, v] of Object.entries(value)) {
    if (SECRET_KEY.test(k) && typeof v === 'string' && v.length >= 6) out.push(v);
    else secretsIn(v, out);
  }
  return out;
}

/**
 * Fields the user did not ask about told as if they had: a credential a call returned ("access token
 * "251675"" after signing in to the travel service), a lifetime without its unit ("expires in 2"), an underscore-private field ("parking brake force 500" from "_parkingBrakeForce"), a device state read as a field ("parking brake status engaged, …"), a reply's field name as the subject ("The exchanged value is 320 EUR", "the verification failure is …"), a
 * text the user wrote themselves read back as a field of what was created ("description "Urgent
 * assistance required."", "created by "Michael Thompson"" for their own new ticket), or an empty part
 * of a reply told as a fact ("there is no booking history", which the doc says may be empty anyway).
 */
export function fieldsNotAsked(turn: AnsweredTurn): string | undefined {
  const plain = turn.answer.replace(QUOTED_TEXT, '""');
  const expires = /\bexpires? in \d+(?:\.\d+)?(?!\s*(?:seconds?|minutes?|hours?|days?|weeks?|ms|s|h|min)\b)/i.exec(plain);
  if (expires) return expires[0];
  const empty = /\bthere is no (?:booking history|[a-z]+ info|[a-z]+ details|[a-z]+ data)\b|\bthe remaining unlocked doors (?:is|are) \d/.exec(plain);
  if (empty) return empty[0];
  // A device's state read out as a field ("parking brake status engaged, …", "engine state running, fuel level …"), not said ("the parking brake is engaged").
  // Not a verb after it ("getting the room status failed; the service …", teval_query_455_1-env-k3), nor a when ("Shall I get the room
  // status later, or leave it?", 455_1-env-k3 on h-lead30's l3): the status is a task there, not a field.
  const stateField = /\b(?:[a-z]+ ){1,3}(?:status|state) (?!is\b|was\b|of\b|and\b|for\b|to\b|failed\b|worked\b|went\b|did\b|timed\b|came\b|ran\b|returned\b|gave\b|later\b|again\b|now\b|first\b|soon\b|shortly\b|once\b|today\b)[a-z]+(?=,|;| and )/.exec(plain);
  if (stateField) return stateField[0];
  // A reply's field name read as the subject: "The exchanged value is 320 EUR", "the verification failure is "Passport must …"".
  const fieldSubject = /\b[Tt]he (?:exchanged|converted) (?:value|amount) is\b|\b[Tt]he [a-z]+ failure is\b/.exec(plain);
  if (fieldSubject) return fieldSubject[0];
  for (const c of turn.calls) {
    for (const secret of secretsIn(parseToolResponse(c.response))) if (turn.answer.includes(secret)) return `a credential ("${secret.slice(0, 12)}") told`;
    // An underscore-private field of the reply read out ("parking brake force 500" from "_parkingBrakeForce").
    const own = parseToolResponse(c.response);
    if (isPlainObject(own)) {
      for (const k of Object.keys(own)) {
        if (!k.startsWith('_')) continue;
        const words = keyAsWords(k.replace(/^_+/, '')).toLowerCase();
        if (words.length >= 4 && new RegExp(`\\b${escapeRegExp(words)}\\b`, 'i').test(turn.answer)) return `the private field ${k} told ("${words}")`;
      }
    }
    if (!callChangesState(c.name) || !isPlainObject(c.args)) continue;
    for (const [k, v] of Object.entries(c.args)) {
      if (typeof v !== 'string' || v.length < 12 || !/^(?:description|content|message|body|text|created_by|creator)$/i.test(k)) continue;
      const hit = new RegExp(`\\b(?:description|content|message|body|text|created by) ${escapeRegExp(JSON.stringify(v))}`).exec(turn.answer);
      if (hit) return hit[0].slice(0, 80);
    }
    if (/\bcreated by "/.test(turn.answer) && /^create_/.test(apiOf(c.name))) return 'created by … told for a record the user just created';
    // A list the user gave read back ("the tags are "#A" and "#B"" after posting with those tags), or an empty one told ("there are no mentions").
    const reply = parseToolResponse(c.response);
    if (!isPlainObject(reply)) continue;
    for (const [k, v] of Object.entries(reply)) {
      if (!Array.isArray(v)) continue;
      const stem = escapeRegExp(keyAsWords(k).toLowerCase().replace(/s$/, ''));
      if (v.length === 0 && new RegExp(`\\bthere are no ${stem}`).test(plain)) return `there are no ${stem}s`;
      const given = c.args[k];
      if (v.length && typeof v[0] === 'string' && Array.isArray(given) && toJson(given) === toJson(v) && new RegExp(`\\bthe (?:only )?${stem}s? (?:is|are) ${escapeRegExp(JSON.stringify(v[0]))}`).test(turn.answer)) return `the ${stem}s the user gave read back`;
    }
  }
  return undefined;
}

export const answerFieldDump: CaseMeasure = {
  kind: 'case',
  id: 'answer_field_dump',
  group: 'text',
  title: 'closing answer dumps fields instead of answering: four or more in one sentence each as "the X is Y" ("the id is 12446, the order type is "Buy", …"), a credential ("access token "…""), a lifetime without its unit ("expires in 2"), the user\'s own text read back ("description "Urgent assistance required."", "created by "Michael Thompson"") or an empty part told as a fact ("there is no booking history")',
  population: 'cases that show or ask for a closing answer',
  check(tc) {
    const own = answerDefect(tc, fieldDump);
    if (own) return own;
    for (const t of answeredTurns(tc)) {
      const hit = fieldsNotAsked(t);
      if (hit) return `"${hit}" in "${t.answer.slice(0, 90)}"`;
    }
    return own;
  },
};

/**
 * A sentence that restates the value it was asked about as one of the finding's fields: "For the order
 * id 12446, the id is 12446, …", "I asked `get_ticker` about the symbol "AAPL", and the symbol is "AAPL"".
 */
export function restatesAsked(answer: string): string | undefined {
  for (const s of sentencesOf(answer)) {
    const m = /^(?:For|As for|On|I asked .{1,60}? about) the [a-z][a-z ]{0,40}? ("(?:[^"\\]|\\.)*"|\d[\d.]*)[,:]/.exec(s);
    if (!m) continue;
    const rest = s.slice(m[0].length);
    const value = escapeRegExp(m[1]);
    const hit = new RegExp(`\\b(?:is|are|id|symbol|name) ${value}(?![\\d.])`).exec(rest);
    if (hit) return `${m[0]} … ${hit[0]}`;
  }
  return undefined;
}

export const answerRestatesAsked: CaseMeasure = {
  kind: 'case',
  id: 'answer_restates_asked',
  group: 'text',
  title: 'closing answer restates the value it was asked about as a field of the finding ("For the order id 12446, the id is 12446")',
  population: 'cases that show or ask for a closing answer',
  check: (tc) => answerDefect(tc, restatesAsked),
};

export const answerOpenings: SetMeasure = {
  kind: 'set',
  id: 'answer_opening_share',
  group: 'text',
  title: 'closing answers: share of distinct answers that open with one of the 3 most common openings (first two words)',
  population: 'closing answers shown or asked for',
  better: 'lower',
  score(cases) {
    const items = cases.flatMap((tc) => answersOf(tc).map((text) => ({ text, skel: words(text).slice(0, 2).join(' '), id: tc.id })));
    if (items.length === 0) return undefined;
    const t = skeletonShare(items);
    const d = distinctRatio([...new Set(items.map((i) => i.text))], 3);
    return { value: t.share, n: t.distinct, detail: `distinct-3-gram ratio ${d.value.toFixed(3)}`, examples: t.examples };
  },
};

/** A sentence of a closing answer with what it is about blanked: its code names, quotes, numbers and what follows a colon. */
export function answerFrame(sentence: string): string {
  return sentence
    .replace(/`[^`]*`/g, 'X')
    .replace(/"(?:[^"\\]|\\.)*"/g, 'Q')
    .replace(/:.*$/, ': …')
    .replace(/\d[\d,.]*/g, 'N')
    .replace(/\b(?:for|with) [a-z ]+ (?:Q|N)\b/g, 'for K V')
    .trim();
}

/**
 * Closing answers written from a handful of frames ("Would you like me to try `X` again, or do
 * something else instead?" closing 148 answers): the share of distinct answers that hold the most
 * common sentence frame (what a sentence is about blanked, answerFrame). Per source too: T-Eval's
 * answers run to several look-ups each, so one frame ("I checked with `X`: …") reached 0.255 of them
 * while the whole set stood at 0.108.
 */
function answerFrameShareOf(source?: TestCase['source']): SetMeasure {
  return {
    kind: 'set',
    id: source ? `answer_frame_top_share_${source}` : 'answer_frame_top_share',
    group: 'text',
    title: `closing answers${source === 'teval' ? ' of T-Eval cases' : source ? ` of ${source} cases` : ''}: share of distinct answers holding the most common sentence frame (names, quotes and numbers blanked)`,
    population: source ? `closing answers shown or asked for in ${source === 'teval' ? 'T-Eval' : source} cases` : 'closing answers shown or asked for',
    better: 'lower',
    // A frame's share of a handful of answers says nothing: a --limit sample is reported, not gated
    // (a full build holds about 400 distinct closing answers, 100 of them T-Eval's).
    minGateN: 50,
    score(cases) {
      const distinct = new Map<string, string>();
      for (const tc of cases) if (!source || tc.source === source) for (const a of answersOf(tc)) if (!distinct.has(a)) distinct.set(a, tc.id);
      if (distinct.size === 0) return undefined;
      const counts = holderCounts([...distinct].map(([text, id]) => ({ id, items: text.split(/(?<=[.!?])\s+/).map(answerFrame).filter((f) => f.split(/\s+/).length >= 4).map((key) => ({ key, text })) })));
      const top = [...counts.entries()].sort((a, b) => b[1].n - a[1].n).slice(0, 3);
      if (top.length === 0) return { value: 0, n: distinct.size };
      return { value: top[0][1].n / distinct.size, n: distinct.size, detail: `most common: "${top[0][0]}" (${top[0][1].n})`, examples: top.map(([f, e]) => ({ id: e.id, detail: `${e.n}× "${f}"` })) };
    },
  };
}
export const answerFrameShare = answerFrameShareOf();
export const answerFrameShareTeval = answerFrameShareOf('teval');

/** Each tool of the base case with its doc in an evolved case whose tool docs were made harder; undefined for other cases. */
function harderToolPairs(tc: TestCase, ctx: QualityContext): { before: TestCase['tools'][number]; after?: TestCase['tools'][number] }[] | undefined {
  if (tc.evolution?.details?.harderTools === undefined) return undefined;
  const base = ctx.baseCase(tc.evolution.baseCaseId);
  return base ? base.tools.map((before) => ({ before, after: tc.tools.find((t) => t.name === before.name) })) : [];
}

/** The pairs whose description the evolution rewrote: the ones a doc-writing measure reads. */
function rewrittenPairs(pairs: NonNullable<ReturnType<typeof harderToolPairs>>): { before: TestCase['tools'][number]; after: TestCase['tools'][number] }[] {
  return pairs.flatMap(({ before, after }) => (after && after.description !== before.description ? [{ before, after }] : []));
}

export const harderToolsFidelity: CaseMeasure = {
  kind: 'case',
  id: 'harder_tools_param_changed',
  group: 'text',
  title: 'harder tools: a tool\'s name, parameters, parameter docs or return docs changed (only the description may)',
  population: 'evolved cases with harder tool docs',
  check(tc, ctx) {
    const pairs = harderToolPairs(tc, ctx);
    if (!pairs) return undefined;
    for (const { before, after } of pairs) {
      if (!after) return `${before.name} is gone`;
      const changed = nonDescriptionChanges(before, after);
      if (changed.length) return `more than the description changed: ${changed.slice(0, 3).join(', ')}`;
    }
    return null;
  },
};

export const harderToolsWrapped: CaseMeasure = {
  kind: 'case',
  id: 'harder_tools_wrapped',
  group: 'text',
  title: 'harder tools: the new description still holds the original verbatim (wrapped, not rewritten)',
  population: 'evolved cases with harder tool docs',
  check(tc, ctx) {
    const pairs = harderToolPairs(tc, ctx);
    if (!pairs) return undefined;
    const wrapped = pairs.find(({ before, after }) => after && after.description !== before.description && before.description.length >= 20 && after.description.includes(before.description));
    return wrapped ? `${wrapped.before.name}: "${wrapped.after!.description.slice(0, 90)}"` : null;
  },
};

/**
 * A harder doc that lost a constraint the original description set on values — a language, a
 * format, a unit, a range, a condition (GaodeMap.get_coordinate "Param must be in Chinese" ->
 * "Fetch coordinate of location.": a ground truth of 天安门广场 nothing in the case asks for) —
 * whose words neither the rewrite nor the parameter docs still hold (pipeline/quality/toolDocs.ts).
 */
export const harderToolsConstraintDropped: CaseMeasure = {
  kind: 'case',
  id: 'harder_tools_constraint_dropped',
  group: 'text',
  title: 'harder tools: a rewritten doc lost a constraint of the original (language, format, unit, range, condition) the parameter docs do not restate',
  population: 'evolved cases with harder tool docs',
  check(tc, ctx) {
    const pairs = harderToolPairs(tc, ctx);
    if (!pairs) return undefined;
    for (const { before, after } of rewrittenPairs(pairs)) {
      const lost = droppedConstraints(before, after.description);
      if (lost.length) return `${before.name}: "${lost[0].constraint}" (${lost[0].missing.join(', ')}) gone from "${after.description.slice(0, 90)}"`;
    }
    return null;
  },
};

/**
 * A harder doc a doc writer would not have written, or that no longer tells its tool from a sibling:
 * a dangling end ("Filter stocks based."), a/an mismatch ("an ticket"), a noun repeated across a
 * preposition ("Remove a dir at dir"), a tag holding a relative clause ("[ticketing system that is
 * part of a company]"), a re-inflected heading ("Sends: send email"), a word of the tool's name
 * dropped ("Raises a number" for MathAPI.power), or a doc that says nothing a listed sibling's does
 * not ("Converts a value" next to "Convert value between imperial and SI units").
 */
/** Two or more capitalised words in a row that are no acronym ("YOU MUST use save_file()"): a doc shouting. */
export function shouting(text: string): string | undefined {
  return /\b(?:YOU|MUST|NOT|NEVER|ALWAYS|ONLY|SHOULD|DO|ALL|WHEN|THE)(?: (?:YOU|MUST|NOT|NEVER|ALWAYS|ONLY|SHOULD|DO|ALL|WHEN|THE))+\b/.exec(text)?.[0];
}

export const harderToolsShouting: CaseMeasure = {
  kind: 'case',
  id: 'harder_tools_shouting',
  group: 'text',
  title: 'harder tools: a rewritten doc keeps its source\'s shouting and dropped verb ("YOU MUST use save_file() to save PPT when all steps done."), where the rewrite promises careful English ("You must use save_file() to save PPT when all steps are done.")',
  population: 'evolved cases with harder tool docs',
  check(tc, ctx) {
    const pairs = harderToolPairs(tc, ctx);
    if (!pairs) return undefined;
    for (const { before, after } of rewrittenPairs(pairs)) {
      const hit = shouting(after.description);
      if (hit) return `${before.name}: "${hit}" in "${after.description.slice(0, 80)}"`;
    }
    return null;
  },
};

export const harderToolsBroken: CaseMeasure = {
  kind: 'case',
  id: 'harder_tools_broken',
  group: 'text',
  title: "harder tools: a rewritten doc reads broken (dangling end, a/an, repeated noun, tag clause) or no longer says what its name or its siblings' docs tell apart",
  population: 'evolved cases with harder tool docs',
  check(tc, ctx) {
    const pairs = harderToolPairs(tc, ctx);
    if (!pairs) return undefined;
    for (const { before, after } of rewrittenPairs(pairs)) {
      const issues = brokenDocIssues(before, after.description);
      if (issues.length) return `${before.name}: ${issues[0]} in "${after.description.slice(0, 90)}"`;
    }
    // Siblings: every listed tool, a distractor (not in the base case) read as already rewritten.
    const original = new Map(pairs.map((p) => [p.before.name, p.before.description]));
    const sibling = indistinctDocs(tc.tools.map((t) => ({ name: t.name, before: original.get(t.name) ?? t.description, after: t.description, params: ownFieldText(t) })));
    return sibling.length ? sibling[0] : null;
  },
};

/** A rewritten doc's style: a toolkit tag in front ("[Math API] ..."), a trailer ("... Part of the Math API."), or none. */
function tagStyle(description: string): 'bracket' | 'part' | 'none' {
  const own = ownText(description);
  return /^\[[^\]]*\]/.test(own) ? 'bracket' : /\bPart of (?:the )?[^.]*\.?$/.test(own) ? 'part' : 'none';
}

/**
 * A rewritten doc that opens in lower case, after any toolkit tag ("compute the absolute value of a
 * number.", "[Gorilla file system] remove file or directory"): a reference doc's summary is a
 * sentence. An opening identifier ("getAuthorId returns ...", "ls_dir ...") is not a word to capitalise.
 */
export const harderToolsLowercase: CaseMeasure = {
  kind: 'case',
  id: 'harder_tools_lowercase',
  group: 'text',
  title: 'harder tools: a rewritten doc opens in lower case (after any toolkit tag)',
  population: 'evolved cases with harder tool docs',
  check(tc, ctx) {
    const pairs = harderToolPairs(tc, ctx);
    if (!pairs) return undefined;
    for (const { before, after } of rewrittenPairs(pairs)) {
      const first = untagged(after.description).match(/^\S+/)?.[0] ?? '';
      if (/^[a-z]/.test(first) && !/[_A-Z0-9(]/.test(first)) return `${before.name}: "${after.description.slice(0, 90)}"`;
    }
    return null;
  },
};

/**
 * One tool list whose rewritten docs mix toolkit-tag styles: "[Math API] ...", "... Part of the
 * Math API." and untagged docs side by side, as no one doc writer would.
 */
export const harderToolsMixedTags: CaseMeasure = {
  kind: 'case',
  id: 'harder_tools_mixed_tags',
  group: 'text',
  title: 'harder tools: the rewritten docs of one list mix toolkit-tag styles ([tag] ..., ... Part of the X., untagged)',
  population: 'evolved cases with harder tool docs',
  check(tc, ctx) {
    const pairs = harderToolPairs(tc, ctx);
    if (!pairs) return undefined;
    const styles = new Map<string, string>();
    for (const { before, after } of pairs) if (after && after.description !== before.description) styles.set(tagStyle(after.description), before.name);
    return styles.size > 1 ? [...styles].map(([style, name]) => `${style} (${name})`).join(', ') : null;
  },
};

/**
 * A harder-tools case whose rewrites change only wording: no rewritten doc leaves a fact of its
 * summary to the parameter or return docs alone (a word of the original's own text, gone from the
 * rewrite, that a parameter's or a return field's doc states: "forecast weather in the N upcoming
 * days" -> "Forecast weather.", the window left to `days`; "Get curr time: get current time. It
 * returns the time." -> "Get curr time: get current time.", the rest left to the field `time`).
 * Rewording, abbreviating, cutting qualifiers or adding filler moves nothing; nor does swapping the
 * word for another the field docs use ("of a location" -> "of a place"). The share says how often
 * the rewrite makes a model read the parameters and return fields; gated at 1%, what harder-tools-11
 * reaches (5.5% under harder-tools-10: "the room booking status" now "the room status", the field
 * `rooms` saying "booking status"; "by an identification of organic result's id" left to `q`; "ordered
 * by rating" left to the field `films`, "ranked by rating"). The rest are TimeTool lists whose every
 * word is the tool's name or heading ("Get curr time: get current time.").
 */
export const harderToolsWordingOnly: CaseMeasure = {
  kind: 'case',
  id: 'harder_tools_wording_only',
  group: 'text',
  title: 'harder tools: every rewrite changes only wording (no fact of a summary left to the parameter or return docs alone)',
  population: 'evolved cases with harder tool docs',
  minGateN: 50,
  check(tc, ctx) {
    const pairs = harderToolPairs(tc, ctx);
    if (!pairs) return undefined;
    const changed = pairs.filter((p) => p.after && p.after.description !== p.before.description);
    if (!changed.length) return undefined;
    const siblings = listedSiblings(tc, pairs);
    return changed.some((p) => leftToFieldDocs(p.before, p.after!.description).length || leftToSibling(p.before, p.after!.description, siblings).length) ? null : `${changed.length} rewritten docs, none leaves a fact to its parameter or return docs or to a sibling's doc (${changed[0].before.name}: "${changed[0].after!.description.slice(0, 80)}")`;
  },
};

/** Every tool the case lists as a sibling check reads it: the doc it shows and its original (the base case's, a mixed distractor's own before its rewrite, else the shown one). */
function listedSiblings(tc: TestCase, pairs: NonNullable<ReturnType<typeof harderToolPairs>>): SiblingDoc[] {
  const original = new Map(pairs.map((p) => [p.before.name, p.before.description]));
  const added = ((tc.evolution?.details?.harderTools as { addedOriginals?: Record<string, string> } | undefined)?.addedOriginals ?? {}) as Record<string, string>;
  return tc.tools.map((t) => ({ ...t, original: original.get(t.name) ?? added[t.name] ?? t.description }));
}

/**
 * A harder doc written relative to a sibling unsoundly: it names a tool the list lacks, two docs
 * name each other (each leaves what it does to the other: "Like `get_popular_movies`, but ordered
 * by rating." beside "Like `get_top_rated_movies`, but ordered by popularity."), or it names a
 * sibling and no longer says what tells the two apart ("Like `FilmTMDB.get_popular_movies`." for
 * get_top_rated_movies). A reference the original doc made already is not the rewrite's.
 */
export const harderToolsSiblingUnsound: CaseMeasure = {
  kind: 'case',
  id: 'harder_tools_sibling_unsound',
  group: 'text',
  title: 'harder tools: a doc written relative to a sibling names a tool the list lacks, leans on a sibling that leans back, or no longer says what tells them apart',
  population: 'evolved cases with harder tool docs',
  check(tc, ctx) {
    const pairs = harderToolPairs(tc, ctx);
    if (!pairs) return undefined;
    const issues = siblingReferenceIssues(listedSiblings(tc, pairs));
    return issues.length ? issues[0] : null;
  },
};

/**
 * Two tools of one list whose harder docs read the same where their originals differ:
 * `MathAPI.max_value` and `MathAPI.min_value` both "Find the value in a list of numbers." (the word
 * that told them apart left to a field doc). A model can no longer choose between them from the docs.
 */
export const harderToolsSiblingsIdentical: CaseMeasure = {
  kind: 'case',
  id: 'harder_tools_siblings_identical',
  group: 'text',
  title: 'harder tools: two tools of one list whose rewritten docs are the same where their originals differ ("Find the value in a list of numbers." for max_value and min_value)',
  population: 'evolved cases with harder tool docs',
  check(tc, ctx) {
    const pairs = harderToolPairs(tc, ctx);
    if (!pairs) return undefined;
    const siblings = listedSiblings(tc, pairs);
    const norm = (t: string) => ownText(t).trim().toLowerCase().replace(/[.\s]+$/, '');
    for (let i = 0; i < siblings.length; i++) {
      for (let j = i + 1; j < siblings.length; j++) {
        const [a, b] = [siblings[i], siblings[j]];
        if (norm(a.description) === norm(b.description) && norm(a.original) !== norm(b.original)) return `${a.name} and ${b.name} both "${a.description.slice(0, 80)}"`;
      }
    }
    return null;
  },
};

/** A backtick the rewrite left unpaired ("get answer about `questions."): a code span opened and never closed. */
export const harderToolsStrayBacktick: CaseMeasure = {
  kind: 'case',
  id: 'harder_tools_stray_backtick',
  group: 'text',
  title: 'harder tools: a rewritten doc holds an unpaired backtick ("…get answer about `questions.")',
  population: 'evolved cases with harder tool docs',
  check(tc, ctx) {
    const pairs = harderToolPairs(tc, ctx);
    if (!pairs) return undefined;
    for (const { before, after } of rewrittenPairs(pairs)) if ((after.description.split('`').length - 1) % 2 === 1) return `${before.name}: "${after.description.slice(0, 90)}"`;
    return null;
  },
};

/**
 * Extra Tools must add distractors, never a second tool for the same job: an added tool the same
 * function as one the base case lists (pipeline/quality/sameFunction.ts: BINGMap.get_coordinates
 * next to GaodeMap.get_coordinate, BINGMap.get_distance next to VehicleControlAPI.estimate_distance),
 * or a tool of another job that serves the request the ground truth's step serves (servesRequest:
 * Weather.get_weather_today next to forecast_weather(days=1), AirbnbSearch.check_availability for
 * "find available rentals").
 */
export const extraToolsSameFunction: CaseMeasure = {
  kind: 'case',
  id: 'extra_tools_same_function',
  group: 'text',
  title: "extra tools: an added tool does the same job as a tool the case lists, or serves the ground truth's request (a second right answer)",
  population: 'evolved cases with extra tools',
  check(tc, ctx) {
    const added = addedExtraTools(tc);
    if (!added) return undefined;
    const base = ctx.baseCase(tc.evolution!.baseCaseId);
    if (!base) return null;
    // The base docs are the originals; an added tool's doc is the one shown (rewritten too in a mixed case: the name rules read no doc).
    // A distractor the harder-tools step rewrote (mixed) is read in its own doc, as verify does: a rewrite changes wording, not function.
    const originals = (tc.evolution?.details?.harderTools as { addedOriginals?: Record<string, string> } | undefined)?.addedOriginals ?? {};
    for (const name of added) {
      const shown = tc.tools.find((t) => t.name === name);
      if (!shown) continue;
      const doc = originals[name] !== undefined ? { ...shown, description: originals[name] } : shown;
      const why = conflictWith(doc, base.tools);
      if (why) return `added ${name}: ${why}`;
    }
    // A tool of another job that still serves the request the ground truth's step serves (today's weather next to a one-day forecast).
    const step = requestStep(base);
    for (const name of added) {
      const doc = tc.tools.find((t) => t.name === name);
      const why = doc && servesRequest(doc, step);
      if (why) return `added ${name}: ${why}`;
    }
    return null;
  },
};

/**
 * Extra Tools must not hand a case a tool for a part of its request that no listed tool serves
 * (sameFunction.ts servesUnmetAsk): teval_query_272_1 asks "how far the first Italian restaurant is
 * from 123 Main Street" and lists no distance tool, so its plan goes on to the films; an added
 * BINGMap.get_route ("the route between two locations in km") or get_distance makes measuring the
 * distance first as right a next call as the ground truth's get_now_playing.
 */
export const extraToolsServeUnmetAsk: CaseMeasure = {
  kind: 'case',
  id: 'extra_tools_serves_unmet_ask',
  group: 'text',
  title: 'extra tools: an added tool serves a part of the request no listed tool serves ("how far" with a distance or route tool added and none listed): a second right next call',
  population: 'evolved cases with extra tools',
  check(tc, ctx) {
    const added = addedExtraTools(tc);
    if (!added?.length) return undefined;
    const base = ctx.baseCase(tc.evolution!.baseCaseId);
    if (!base) return null;
    // The base case's request (noise and context are added around it, not to what it asks).
    const request = [...base.messages].reverse().find((m) => m.role === 'user')?.content ?? '';
    for (const name of added) {
      const why = servesUnmetAsk({ name }, request, base.tools);
      if (why) return `added ${name}: ${why}`;
    }
    return null;
  },
};

/**
 * Extra Tools should add distractors a model has to weigh: at least one added tool from the case's
 * own domain — a toolkit the case lists, or a tool whose name or own description shares a subject
 * word with the case's requests or listed tools (pipeline/quality/distractors.ts). A case whose
 * added tools all come from unrelated systems (a file-system task given trading and film tools) is
 * trivially easy.
 */
export const extraToolsUnrelated: CaseMeasure = {
  kind: 'case',
  id: 'extra_tools_unrelated',
  group: 'text',
  title: "extra tools: no added tool is related to the case (none of a listed toolkit, none sharing a subject word with the request or the listed tools)",
  population: 'evolved cases with extra tools',
  minGateN: 100,
  check(tc, ctx) {
    const added = addedExtraTools(tc);
    if (!added?.length) return undefined;
    const base = ctx.baseCase(tc.evolution!.baseCaseId);
    if (!base) return null;
    const subject = caseSubject(base.tools, base.messages.filter((m) => m.role === 'user').map((m) => m.content));
    // The docs as shown (a mixed case shows them rewritten: abbreviations read as their words do not count).
    const docs = added.map((name) => tc.tools.find((t) => t.name === name)).filter((t) => t !== undefined);
    if (docs.some((d) => isRelatedDistractor(d, subject))) return null;
    return `none of ${added.length} added tools (${added.slice(0, 4).join(', ')}${added.length > 4 ? ', ...' : ''}) is of a listed toolkit (${[...subject.toolkits].join(', ')}) or shares a subject word with the case`;
  },
};

export const oneSidedContext: CaseMeasure = {
  kind: 'case',
  id: 'context_one_sided',
  group: 'text',
  title: 'long context: the inserted conversation has only user turns',
  population: 'evolved cases with an inserted long context',
  check(tc) {
    const context = insertedContext(tc);
    if (!context) return undefined;
    return isOneSided(context) ? `${context.length} inserted messages, roles: ${[...new Set(context.map((m) => m.role))].join(', ')}` : null;
  },
};

/**
 * An inserted conversation that breaks as a chat: a user turn followed by another user turn, the
 * first never answered — inside the insertion, or where it meets the task's own request.
 */
export const brokenContext: CaseMeasure = {
  kind: 'case',
  id: 'context_unanswered_turn',
  group: 'text',
  title: 'long context: an inserted user turn nobody answers (two user turns in a row, at the seam with the task too)',
  population: 'evolved cases with an inserted long context',
  check(tc) {
    const range = insertedRange(tc);
    if (!range) return undefined;
    // The message after the insertion is the task's own turn: the seam counts.
    const span = tc.messages.slice(range[0], range[1] + 1);
    for (let i = 1; i < span.length; i++) {
      if (span[i].role === 'user' && span[i - 1].role === 'user') return `two user turns in a row: "${span[i - 1].content.slice(0, 60)}" then "${span[i].content.slice(0, 60)}"`;
    }
    return null;
  },
};

/** The words a person reads in an inserted turn: a user's text, or the reply inside an assistant's FinishAction. */
function spokenText(m: TestCase['messages'][number]): string {
  if (m.role !== 'assistant') return m.content;
  const a = shownAction(m.content);
  return a && typeof a.args === 'string' ? a.args : m.content;
}

export const contextEscapeResidue: CaseMeasure = {
  kind: 'case',
  id: 'context_escape_residue',
  group: 'text',
  title: 'long context: an inserted turn shows a line break its corpus escaped ("It is.\\r", "teas.\\rI recommend") as text',
  population: 'evolved cases with an inserted long context',
  check(tc) {
    const context = insertedContext(tc);
    if (!context) return undefined;
    for (const m of context) {
      const text = spokenText(m);
      const at = /.{0,30}\\[rnt].{0,10}/.exec(text);
      if (at) return `${m.role} turn: "${at[0]}"`;
    }
    return null;
  },
};

export const lengthRatio: SetMeasure = {
  kind: 'set',
  id: 'evolved_length_ratio',
  group: 'text',
  title: 'evolved / base prompt tokens (the paper: 2,387 / 1,291 = 1.85)',
  population: 'evolved cases',
  better: 'lower',
  score(cases) {
    let base = 0;
    let evolved = 0;
    let n = 0;
    for (const tc of cases) {
      const t = tc.evolution?.details?.tokens as { base?: number; evolved?: number } | undefined;
      if (typeof t?.base !== 'number' || typeof t.evolved !== 'number') continue;
      base += t.base;
      evolved += t.evolved;
      n++;
    }
    if (n === 0) return undefined;
    return { value: evolved / base, n, detail: `${Math.round(base / n)} → ${Math.round(evolved / n)} tokens per case` };
  },
};

/**
 * A listed tool shown with a doc defect standardize repairs (a parameter documented as "[Required]
 * ','", get_similar_movies' `films` documented as "list of reviews including user's name, rating,
 * and reviews"): in a base case the repair was skipped, in an extra-tools case the distractor came
 * from the pool unrepaired. Every tool must read as the repaired doc wherever it is listed.
 */
export const toolDocUnrepaired: CaseMeasure = {
  kind: 'case',
  id: 'tool_doc_unrepaired',
  group: 'text',
  title: 'tool docs: a listed tool (an added distractor included) shows a doc defect standardize repairs (a parameter doc with no word, a return doc copied from another API)',
  population: 'all cases',
  check(tc) {
    for (const t of tc.tools) {
      const defect = unrepairedDocDefect(t);
      if (defect) return addedExtraTools(tc)?.includes(t.name) ? `added ${defect}` : defect;
    }
    return null;
  },
};

/**
 * One stock wording per tool: of the rewrites of tools rewritten in at least 10 cases, the share
 * holding their tool's most frequent wording (harder-tools-13 gave 175 of 178 tools one wording
 * each: "Run Arxiv search." 184 times). A harder doc is terser, but a few careful wordings of it
 * across cases, not one canned line; a doc too short to word another way keeps the share above 0.
 */
export const harderToolsStockWording: SetMeasure = {
  kind: 'set',
  id: 'harder_tools_stock_wording',
  group: 'text',
  title: "harder tools: share of rewrites (tools rewritten in 10+ cases) holding their tool's most frequent wording",
  population: 'rewritten docs of evolved cases with harder tool docs',
  better: 'lower',
  minGateN: 200,
  score(cases) {
    const byTool = new Map<string, Map<string, { n: number; id: string }>>();
    for (const tc of cases) {
      const changed = (tc.evolution?.details?.harderTools as { changed?: string[] } | undefined)?.changed;
      if (!changed) continue;
      for (const t of tc.tools) {
        if (!changed.includes(t.name)) continue;
        const forms = byTool.get(t.name) ?? new Map<string, { n: number; id: string }>();
        const f = forms.get(t.description) ?? { n: 0, id: tc.id };
        f.n++;
        forms.set(t.description, f);
        byTool.set(t.name, forms);
      }
    }
    let n = 0;
    let top = 0;
    const tops: { name: string; text: string; n: number; of: number; id: string }[] = [];
    for (const [name, forms] of byTool) {
      const all = [...forms.values()].reduce((a, f) => a + f.n, 0);
      if (all < 10) continue;
      const [text, f] = [...forms].sort((a, b) => b[1].n - a[1].n)[0];
      n += all;
      top += f.n;
      tops.push({ name, text, n: f.n, of: all, id: f.id });
    }
    if (!n) return undefined;
    tops.sort((a, b) => b.n / b.of - a.n / a.of || b.of - a.of);
    return {
      value: top / n,
      n,
      detail: `${top} of ${n} rewrites; ${tops.filter((t) => t.n === t.of).length} of ${tops.length} tools with one wording`,
      examples: tops.slice(0, 5).map((t) => ({ id: t.id, detail: `${t.name}: ${t.n}/${t.of} "${t.text.slice(0, 70)}"` })),
    };
  },
};

export const TEXT_MEASURES = [harderToolsShouting, toolDocUnrepaired, harderToolsStockWording, noiseReuse, noiseDistinct, noiseSplitsSentence, noiseIncoherent, noiseGrammarSlip, thoughtTemplates, thoughtGrammar, thoughtDocResidue, thoughtDocLifted, answerGrammar, answerTruncated, answerFieldUnphrased, answerWithholdsFields, answerTextSizeOnly, answerClaimsWholeRequest, answerNestedUnphrased, answerFailureNoNextStep, answerOpenings, answerFrameShare, answerFrameShareTeval, harderToolsFidelity, harderToolsWrapped, harderToolsConstraintDropped, harderToolsBroken, harderToolsLowercase, harderToolsMixedTags, harderToolsWordingOnly, harderToolsSiblingUnsound, harderToolsSiblingsIdentical, harderToolsStrayBacktick, extraToolsSameFunction, extraToolsServeUnmetAsk, extraToolsUnrelated, oneSidedContext, brokenContext, contextEscapeResidue, lengthRatio, answerNamesApi, answerCannedOpener, answerFieldDump, answerRestatesAsked];
