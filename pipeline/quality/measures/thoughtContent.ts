/**
 * Does a CoT thought say something about its case? "I have no further call to make, so I will
 * write the final answer." or "One more try with the same arguments." could stand in any case: a
 * thought that names no tool, no value, no fact of an answer, nothing of what the user asked and no
 * kind of failure tells a model nothing about why this step, and the same sentence in hundreds of
 * cases teaches a template. Inserted long-context dialogues are measured by context.ts.
 */
import type { TestCase } from '../../schemas.js';
import { argStrings, groundTruthActions, shownAction } from '../evidence.js';
import { sentencesOf } from '../grammar.js';
import { insertedRange } from '../text.js';
import { FILE_TYPES, PLAIN_REQUEST, listSaysWhole, citedRequest, endsDangling, holdsValue, insideSpan, unitSpans, valueSource } from '../../thoughtPhrases.js';
import { apiOf } from '../../errors/values.js';
import { escapeRegExp } from '../../errors/vocabulary.js';
import { answerSentences } from '../../answerFacts.js';
import type { CaseMeasure, SetMeasure } from '../types.js';
import { topShare } from './topShare.js';
import { placeSaidOtherwiseIn } from '../../resolution/places.js';

/** A thought of a CoT case, outside an inserted dialogue: the shown steps' and the ground truth's. */
export function caseThoughts(tc: TestCase): string[] {
  if (!tc.cot) return [];
  const range = insertedRange(tc);
  const out: string[] = [];
  tc.messages.forEach((m, i) => {
    if (m.role !== 'assistant' || (range && i >= range[0] && i < range[1])) return;
    const a = shownAction(m.content);
    if (a?.thought) out.push(a.thought);
  });
  for (const a of groundTruthActions(tc)) if (a.thought) out.push(a.thought);
  return out;
}

/**
 * Words any thought may use whatever its case: the frames' own ("call", "answer", "retry", "went
 * through") and function words. A thought holding nothing but these (and no tool, value or failure)
 * says nothing of its case.
 */
const GENERIC = new Set(
  (
    'a an the and or but so if then than that this these those it its it\'s i i\'ll i\'m i\'ve me my we you your they them their he she there here what which who how why when where ' +
    'is are was were be been being am do does did done doing have has had having will would can could should may might must shall not no nor yes ' +
    'to of in on at by for with from into onto about as up down out over under again once more most some any all every each both either neither other another ' +
    'now just still also too very only own same such much many few lot lots bit next last first final finally before after since while until because though ' +
    'call calls called calling caller tool tools step steps answer answers answered answering result results response responses reply replies output outputs ' +
    'went go goes going gone come came comes coming back through got get gets give gives given giving make makes made making take takes took taken ' +
    'try tries tried trying retry retries retried retrying attempt attempts send sent sending resend need needs needed nothing something anything everything ' +
    'user users request requests requested asked ask asks question task tasks job thing things part parts rest way ways time point ' +
    'succeed succeeded succeeds success successful successfully work worked works working fine well good ok okay right wrong ' +
    'sum summary summarize summarise report reports reported reporting write writes wrote written writing tell tells told say says said explain explains ' +
    'further planned plan plans proceed proceeding continue continuing move moving moved on off set aside leave left let lets know known ' +
    'argument arguments args parameter parameters input inputs value values change changes changed unchanged ' +
    'directly straight away reply respond responded needed needs require requires required ' +
    'one two three luck hope hopefully maybe perhaps probably likely clear clearly enough complete completed finish finished finishing end ended ' +
    'went whole fully full able unable cannot can\'t don\'t didn\'t doesn\'t won\'t isn\'t wasn\'t use used uses using ' +
    'went decide decides decided want wants wanted how happened happen happens what\'s that\'s there\'s let\'s guess rather instead ' +
    'second third worked failure failed fails fail failing error errors problem problems issue issues'
  ).split(/\s+/),
);

/** Words that say what kind of failure came back (environment.ts failureKind's evidence). */
const FAILURE_KIND = /\b(?:time[sd]? ?out|timing out|took too long|usage limit|rate limit|limit|quota|throttl\w*|too many|connection|unreachable|refused|denied|permission|forbidden|unauthori[sz]ed|server|gateway|unavailable|busy|crash\w*|I\/O error|\d{3})\b/i;

/** The values a case's calls pass that a thought could name: strings of two or more characters and numbers. */
function caseValues(tc: TestCase): string[] {
  const out = new Set<string>();
  const add = (args: unknown) => {
    if (typeof args === 'string') {
      if (args.length >= 2 && args.length <= 60) out.add(args);
      return;
    }
    if (!args || typeof args !== 'object') return;
    for (const v of Object.values(args as Record<string, unknown>)) {
      if (typeof v === 'number') out.add(String(v));
      else if (typeof v === 'string' && v.length >= 2) out.add(v);
      else if (Array.isArray(v)) v.forEach((x) => (typeof x === 'string' || typeof x === 'number') && out.add(String(x)));
    }
  };
  for (const m of tc.messages) if (m.role === 'assistant') add(shownAction(m.content)?.args);
  for (const a of groundTruthActions(tc)) if (a.name !== 'FinishAction') add(a.args);
  return [...out];
}

/**
 * Why `thought` names nothing of its case, or undefined when it names something: a tool of the case
 * (backticked or by its name), a value a call passes, a kind of failure, or a word of the user's
 * request, a tool answer or a tool's description beyond the frames' own vocabulary.
 */
export function contentFree(thought: string, tc: TestCase): boolean {
  if (/`[^`]+`/.test(thought)) return false;
  if (FAILURE_KIND.test(thought)) return false;
  const lower = thought.toLowerCase();
  for (const t of tc.tools ?? []) {
    const api = t.name.slice(t.name.lastIndexOf('.') + 1);
    if (api.length >= 3 && holdsValue(lower, api.toLowerCase())) return false;
  }
  if (caseValues(tc).some((v) => holdsValue(thought, v))) return false;
  const words = lower.match(/[a-z][a-z'-]*/g) ?? [];
  const own = words.filter((w) => w.length >= 3 && !GENERIC.has(w));
  if (own.length === 0) return true;
  const caseText = [...tc.messages.filter((m) => m.role === 'user' || m.role === 'function').map((m) => m.content), ...(tc.tools ?? []).map((t) => `${t.name} ${t.description}`)].join('\n').toLowerCase();
  return !own.some((w) => holdsValue(caseText, w) || holdsValue(caseText, w.replace(/s$/, '')) || holdsValue(caseText, w.replace(/(?:ed|ing)$/, '')));
}

export const thoughtContentFree: CaseMeasure = {
  kind: 'case',
  id: 'thought_content_free',
  group: 'text',
  title: 'CoT: a thought names nothing of its case — no tool, value, fact of an answer, word of the request or kind of failure ("I have no further call to make, so I will write the final answer.", "One more try with the same arguments.")',
  population: 'CoT cases',
  check(tc) {
    if (!tc.cot) return undefined;
    const bad = caseThoughts(tc).filter((t) => contentFree(t, tc));
    return bad.length ? `${bad.length} thought${bad.length > 1 ? 's' : ''}, e.g. "${bad[0].slice(0, 110)}"` : null;
  },
};

/**
 * One thought saying a sentence twice: "The access token is again "251675", the one `authenticate_travel`
 * gave, and `register_credit_card` says the card id is "391310425148". The access token is again "251675",
 * …" (bfcl_multi_turn_base_172: a tie put before a thought that already opened with it). The sentence, or undefined.
 */
export function sentenceDoubled(thought: string): string | undefined {
  const said = answerSentences(thought).filter((x) => x.length > 20);
  return said.find((x, i) => said.indexOf(x) !== i);
}

export const thoughtSentenceDoubled: CaseMeasure = {
  kind: 'case',
  id: 'thought_sentence_doubled',
  group: 'text',
  title: 'CoT: one thought says the same sentence twice ("The access token is again "251675", the one `authenticate_travel` gave, … The access token is again "251675", …")',
  population: 'CoT cases',
  check(tc) {
    if (!tc.cot) return undefined;
    for (const t of caseThoughts(tc)) {
      const doubled = sentenceDoubled(t);
      if (doubled) return `"${doubled.slice(0, 120)}"`;
    }
    return null;
  },
};

/** A sentence as compared across cases: lower case, spacing and closing punctuation ignored. */
function sentenceKey(s: string): string {
  return s.toLowerCase().replace(/\s+/g, ' ').replace(/[.!?]+$/, '').trim();
}

/** Share of cases above which a thought sentence counts as repeated. */
export const REPEATED_SENTENCE_SHARE = 0.02;

/**
 * The share of CoT cases holding a thought sentence that more than 2% of CoT cases hold (a sentence
 * counts once per case). A sentence tied to its case's content recurs only with the trajectory (the
 * same history cut at several steps); one in 150 cases is a template.
 */
export const thoughtSentenceRepeated: SetMeasure = {
  kind: 'set',
  id: 'thought_sentence_repeated',
  group: 'text',
  title: `CoT: share of CoT cases whose thoughts (outside inserted dialogues) hold a sentence found in more than ${REPEATED_SENTENCE_SHARE * 100}% of CoT cases`,
  population: 'CoT cases',
  better: 'lower',
  minGateN: 200,
  score(cases) {
    const per = cases
      .filter((tc) => tc.cot)
      .map((tc) => ({ id: tc.id, keys: new Map(caseThoughts(tc).flatMap(sentencesOf).map((s) => [sentenceKey(s), s] as const)) }));
    const n = per.length;
    if (n === 0) return undefined;
    const counts = new Map<string, { n: number; id: string; text: string }>();
    for (const { id, keys } of per) {
      for (const [key, text] of keys) {
        const e = counts.get(key) ?? { n: 0, id, text };
        e.n++;
        counts.set(key, e);
      }
    }
    const limit = n * REPEATED_SENTENCE_SHARE;
    const frequent = new Set([...counts.entries()].filter(([, e]) => e.n > limit).map(([k]) => k));
    const holders = per.filter((p) => [...p.keys.keys()].some((k) => frequent.has(k)));
    const top = [...counts.values()].sort((a, b) => b.n - a.n).slice(0, 5);
    return {
      value: holders.length / n,
      n,
      detail: `${holders.length}/${n} cases; ${frequent.size} sentences over ${Math.floor(limit)} cases; top: ${top.map((t) => `${t.n}: "${t.text.slice(0, 60)}"`).join('; ')}`,
      examples: top.map((t) => ({ id: t.id, detail: `${t.n} cases: "${t.text.slice(0, 90)}"` })),
    };
  },
};

/**
 * A thought sentence's frame: what is left with its quoted values, code spans and numbers blanked
 * ("\"…\" comes straight from the request.", "My plan starts with `…`, since it can look up the
 * article on Arxiv; the arguments are query \"…\"."). Lower case, spacing and closing punctuation ignored.
 */
export function thoughtFrame(sentence: string): string {
  return sentenceKey(
    sentence
      .replace(/"[^"]*"/g, '"…"')
      .replace(/`[^`]*`/g, '`…`')
      .replace(/\d+(?:[.,]\d+)*/g, 'N'),
  );
}

/**
 * The share of CoT cases holding the most frequent thought frame. thought_sentence_repeated compares
 * whole sentences, so a frame filled with each case's value ("\"quantum computing\" comes straight from
 * the request.", "\"Times Square\" comes straight from the request.") escapes it while one sentence
 * shape stands in 15% of cases: a model learns the shape, not why this value comes from where it does.
 */
export const thoughtFrameTopShare: SetMeasure = {
  kind: 'set',
  id: 'thought_frame_top_share',
  group: 'text',
  title: 'CoT: share of CoT cases whose thoughts (outside inserted dialogues) hold the most frequent sentence frame (quoted values, code spans and numbers blanked: "\"…\" comes straight from the request.")',
  population: 'CoT cases',
  better: 'lower',
  minGateN: 200,
  score(cases) {
    const units = cases.filter((tc) => tc.cot).map((tc) => ({ id: tc.id, keys: caseThoughts(tc).flatMap(sentencesOf).map(thoughtFrame) }));
    return topShare(units, { top: 5, unit: 'cases' });
  },
};

/**
 * The least number of trajectories whose wrong calls' thoughts must hold a frame for it to count as a shape, not one
 * case's own words (a case and its evolved variants share their wrong call's thought).
 */
const WRONG_ONLY_MIN = 3;

/**
 * The share of CoT internal error cases whose wrong call's thought holds a sentence frame that the wrong calls of
 * three or more trajectories hold and no correct thought of the build does ("I'll pick N for the property id.",
 * "The symbol is "…", in the letter case the tool takes."): a model learns that a thought in that shape
 * precedes the error. A frame saying honestly where a wrong value comes from (nothing shown gave it) is one
 * only a wrong call needs, so this is reported, not gated: lowering it asks for a frame that claims less.
 */
export const thoughtFrameWrongOnly: SetMeasure = {
  kind: 'set',
  id: 'thought_frame_wrong_only',
  group: 'text',
  title: `CoT: share of wrong calls' thoughts (internal error cases) holding a sentence frame the wrong calls of ${WRONG_ONLY_MIN} or more trajectories hold and no correct thought does ("I'll pick N for the property id.")`,
  population: 'CoT internal error cases whose wrong call carries a thought',
  better: 'lower',
  minGateN: 200,
  score(cases) {
    const correct = new Set<string>();
    const wrong: { id: string; trajectory: string; frames: string[] }[] = [];
    for (const tc of cases) {
      if (!tc.cot) continue;
      const own = tc.errorType && tc.erroneousAction?.thought ? tc.erroneousAction.thought : undefined;
      if (own) wrong.push({ id: tc.id, trajectory: tc.trajectoryId, frames: [...new Set(sentencesOf(own).map(thoughtFrame))] });
      // Every other thought the case shows or asks for is a correct one (the wrong call's is the history's last).
      const thoughts = caseThoughts(tc);
      const shown = thoughts.length - groundTruthActions(tc).filter((a) => a.thought).length;
      const skip = own !== undefined && thoughts[shown - 1] === own ? shown - 1 : -1;
      thoughts.forEach((t, i) => i !== skip && sentencesOf(t).forEach((s) => correct.add(thoughtFrame(s))));
    }
    if (wrong.length === 0) return undefined;
    const uses = new Map<string, { n: number; id: string; trajectories: Set<string> }>();
    for (const w of wrong) {
      for (const f of w.frames) {
        const u = uses.get(f) ?? { n: 0, id: w.id, trajectories: new Set<string>() };
        u.n++;
        u.trajectories.add(w.trajectory);
        uses.set(f, u);
      }
    }
    const tells = new Set([...uses].filter(([f, u]) => u.trajectories.size >= WRONG_ONLY_MIN && !correct.has(f)).map(([f]) => f));
    const holders = wrong.filter((w) => w.frames.some((f) => tells.has(f)));
    const top = [...tells].map((f) => [f, uses.get(f)!] as const).sort((a, b) => b[1].n - a[1].n).slice(0, 5);
    return {
      value: holders.length / wrong.length,
      n: wrong.length,
      detail: `${holders.length}/${wrong.length} wrong calls' thoughts; ${tells.size} frames only wrong calls use; top: ${top.map(([f, u]) => `${u.n}: "${f.slice(0, 70)}"`).join('; ')}`,
      examples: top.map(([f, u]) => ({ id: u.id, detail: `${u.n} wrong calls' thoughts, no correct one: "${f.slice(0, 90)}"` })),
    };
  },
};

/**
 * The same over the wrong calls' thoughts alone (CoT internal error cases). Wrong calls are a third
 * of CoT cases, so a frame they alone use ("The user gave the query as "…"." where every correct
 * thought cites the user's words) hides in the whole; here it stands out, and it is a tell: a model
 * learns that the thought in that shape precedes the error.
 */
export const thoughtFrameTopShareWrong: SetMeasure = {
  kind: 'set',
  id: 'thought_frame_top_share_wrong',
  group: 'text',
  title: "CoT: share of wrong calls' thoughts (internal error cases) holding their most frequent sentence frame (quoted values, code spans and numbers blanked)",
  population: 'CoT internal error cases whose wrong call carries a thought',
  better: 'lower',
  minGateN: 200,
  score(cases) {
    const units = cases.filter((tc) => tc.cot && tc.errorType && tc.erroneousAction?.thought).map((tc) => ({ id: tc.id, keys: sentencesOf(tc.erroneousAction!.thought!).map(thoughtFrame) }));
    return topShare(units, { top: 5, unit: 'cases' });
  },
};

/** The values a call passes that a thought could quote, as strings. */
function argValues(args: unknown): string[] {
  if (!args || typeof args !== 'object' || Array.isArray(args)) return typeof args === 'string' ? [args] : [];
  return Object.values(args as Record<string, unknown>).flatMap((v) => (typeof v === 'string' || typeof v === 'number' ? [String(v)] : []));
}

/**
 * The plain "where the value comes from" sentences of a CoT case's thoughts ("The user gave the
 * query as "quantum computing".", "The request names "AMZN" as the stock.") where the request's words
 * around the value could be cited ("The user asks for papers on "quantum computing"", "The request
 * says "if 'AMZN' appears promising""): the thought writer cites them whenever it can, so a plain
 * one says less than it could and, in a wrong call's thought, marks it out. A wrong call's thought
 * may stay plain where citing would state a value of the correct call the wrong one does not pass.
 */
export function uncitedRequests(tc: TestCase): string[] {
  if (!tc.cot) return [];
  const range = insertedRange(tc);
  const users: string[] = [];
  const out: string[] = [];
  const correct = tc.erroneousAction ? groundTruthActions(tc).flatMap((a) => argValues(a.args)) : [];
  const wrongPasses = argValues(tc.erroneousAction?.args);
  const correctApis = tc.erroneousAction && (tc.errorType === 'tool_hallucination_error' || tc.errorType === 'tool_select_error') ? groundTruthActions(tc).map((a) => apiOf(a.name).replace(/_/g, ' ')) : [];
  const check = (thought: string, wrong: boolean) => {
    const query = users[users.length - 1];
    for (const s of sentencesOf(thought)) {
      const v = valueSource(s);
      if (!v || v.key === undefined || !PLAIN_REQUEST.includes(v.index)) continue;
      const here = query !== undefined && holdsValue(query, v.value, true);
      const earlier = here ? undefined : users.slice(0, -1).find((r) => holdsValue(r, v.value, true));
      const cited = here ? citedRequest(v.key, v.value, query) : earlier !== undefined ? citedRequest(v.key, v.value, earlier, true) : undefined;
      if (!cited) continue;
      if (wrong && correct.some((c) => !wrongPasses.includes(c) && holdsValue(cited.replace(`"${v.value}"`, ''), c))) continue;
      // Nor where the user's words name the correct tool ("I need to send an email" beside a call of a
      // made-up `post` for `send`): the writer's leak check keeps a wrong call's thought from saying it.
      if (wrong && correctApis.some((api) => new RegExp(`\\b${escapeRegExp(api)}\\b`, 'i').test(cited))) continue;
      out.push(`"${s.slice(0, 80)}" where the request says "${cited.slice(0, 90)}"`);
    }
  };
  const lastCall = tc.messages.map((m) => m.role).lastIndexOf('assistant');
  tc.messages.forEach((m, i) => {
    if (range && i >= range[0] && i < range[1]) return;
    if (m.role === 'user') users.push(m.content);
    if (m.role !== 'assistant') return;
    const a = shownAction(m.content);
    if (a?.thought) check(a.thought, !!tc.erroneousAction && i === lastCall);
  });
  for (const a of groundTruthActions(tc)) if (a.thought) check(a.thought, false);
  return out;
}

export const thoughtRequestUncited: CaseMeasure = {
  kind: 'case',
  id: 'thought_request_uncited',
  group: 'text',
  title: 'CoT: a thought says a value comes from the request in a plain frame ("The user gave the query as "quantum computing".") where the user\'s words around it could be cited, as the thought writer does ("The user asks for papers on "quantum computing", which is the query."); in a wrong call\'s thought, a tell',
  population: 'CoT cases',
  check(tc) {
    if (!tc.cot) return undefined;
    const bad = uncitedRequests(tc);
    return bad.length ? bad[0] : null;
  },
};

/**
 * The request fragments a CoT case's thoughts quote that end on a word needing its complement while
 * the user's sentence goes on with it: 'The request says "save this information in a file named
 * 'Delivery_Distance.txt' in the path", so the file path is …' for "… in the path \"outputs\"?"
 * (T-Eval 275_1): the quote stops just before the decisive words.
 */
export function cutQuotes(tc: TestCase): string[] {
  if (!tc.cot) return [];
  const request = tc.messages.filter((m) => m.role === 'user').map((m) => m.content).join('\n');
  const out: string[] = [];
  const check = (thought: string) => {
    for (const m of thought.matchAll(/(?:The request says "([^"]+)"|"([^"]+)," the (?:user|request) says)/g)) {
      const said = m[1] ?? m[2];
      if (!endsDangling(said)) continue;
      const at = request.indexOf(said);
      // The user's sentence goes on past the quote (not at its end).
      if (at >= 0 && /^\s*[^\s.!?\n]/.test(request.slice(at + said.length))) out.push(`"${said.slice(-60)}" where the request goes on "${request.slice(at + said.length, at + said.length + 30).trim()}"`);
    }
  };
  for (const msg of tc.messages) {
    if (msg.role !== 'assistant') continue;
    const a = shownAction(msg.content);
    if (a?.thought) check(a.thought);
  }
  for (const a of groundTruthActions(tc)) if (a.thought) check(a.thought);
  return out;
}

export const thoughtQuoteCutShort: CaseMeasure = {
  kind: 'case',
  id: 'thought_quote_cut_short',
  group: 'text',
  title: 'CoT: a thought quotes the request up to a word that needs its complement ("… a file named \'Delivery_Distance.txt\' in the path", "… named") while the user\'s sentence goes on with it ("… in the path \\"outputs\\"")',
  population: 'CoT cases',
  check(tc) {
    if (!tc.cot) return undefined;
    const cut = cutQuotes(tc);
    return cut.length ? cut[0] : null;
  },
};

/** Each thought of a CoT case (outside an inserted dialogue) with the call it goes with and the call shown before it. */
function thoughtsWithCalls(tc: TestCase): { thought: string; args: unknown; before: unknown }[] {
  const range = insertedRange(tc);
  const out: { thought: string; args: unknown; before: unknown }[] = [];
  let before: unknown;
  tc.messages.forEach((m, i) => {
    if (m.role !== 'assistant' || (range && i >= range[0] && i < range[1])) return;
    const a = shownAction(m.content);
    if (a?.thought) out.push({ thought: a.thought, args: a.args, before });
    if (a) before = a.args;
  });
  for (const a of groundTruthActions(tc)) {
    if (a.thought) out.push({ thought: a.thought, args: a.args, before });
    before = a.args;
  }
  return out;
}

/** A CoT case's first defect `find` lists, told by `tell`; null when it lists none, undefined for a plain case. */
function cotDefect(tc: TestCase, find: (tc: TestCase) => string[], tell: (hit: string) => string = (hit) => hit): string | null | undefined {
  if (!tc.cot) return undefined;
  const bad = find(tc);
  return bad.length ? tell(bad[0]) : null;
}

/** The request fragments a thought quotes as the user's words: 'The request says "…"', '"…," the user says', '"…," the request says'. */
export function requestQuotes(thought: string): string[] {
  return [...thought.matchAll(/The request says "([^"]+)"|"([^"]+)," the (?:user|request) says/g)].map((m) => m[1] ?? m[2]);
}

/** Where `said` stands in `text`, in any letter case and spacing: its start and end, or undefined. */
function locate(text: string, said: string): [number, number] | undefined {
  const re = new RegExp(said.trim().split(/\s+/).map(escapeRegExp).join('\\s+'), 'i');
  const m = re.exec(text);
  return m ? [m.index, m.index + m[0].length] : undefined;
}

/**
 * Why a quote of `text` at [start, end) splits a unit, or undefined: it starts or ends inside a date,
 * a number or a place with its region ("on March 3" of "on March 3, 2024"; "2023 in Cambridge, MA" of
 * "October 18, 2023 in Cambridge, MA"), or inside a name ("from San" of "from San Francisco").
 */
export function splitUnit(text: string, start: number, end: number): string | undefined {
  const units = unitSpans(text);
  for (const [s, e] of units) if (insideSpan(start, [[s, e]]) || insideSpan(end, [[s, e]])) return `cuts "${text.slice(s, e)}"`;
  const last = /([A-Z][\w'-]*)$/.exec(text.slice(0, end))?.[1];
  const next = /^ ([A-Z][\w'-]*)/.exec(text.slice(end))?.[1];
  if (last && next && next !== 'I' && !/^(?:I'm|I'd|I've|I'll)$/.test(next)) return `ends inside "${last} ${next}"`;
  const first = /^([A-Z][\w'-]*)/.exec(text.slice(start))?.[1];
  const prev = /\b([A-Z][\w'-]*) $/.exec(text.slice(0, start))?.[1];
  if (first && prev && first !== 'I' && !/^(?:Please|Kindly|Could|Can|Would|Will|Also|Then|And|So|Now|Hi|Hello|Hey)$/.test(prev)) return `starts inside "${prev} ${first}"`;
  return undefined;
}

/** The quotes of a CoT case's thoughts that split a unit of the request or of the text argument they quote. */
export function unitSplits(tc: TestCase): string[] {
  if (!tc.cot) return [];
  const users = tc.messages.filter((m) => m.role === 'user').map((m) => m.content);
  const out: string[] = [];
  for (const { thought, args } of thoughtsWithCalls(tc)) {
    for (const said of requestQuotes(thought)) {
      for (const u of users) {
        const at = locate(u, said);
        const why = at && splitUnit(u, at[0], at[1]);
        if (why) out.push(`"${said.slice(0, 70)}" ${why}`);
        if (at) break;
      }
    }
    // A long text argument said by its opening ("a text beginning "…"", "a message … that says "…"").
    const texts = argStrings(args);
    for (const m of thought.matchAll(/(?:beginning|that says|reading) "([^"]+)"/g)) {
      for (const v of texts) {
        const at = locate(v, m[1]);
        const why = at && splitUnit(v, at[0], at[1]);
        if (why) out.push(`"${m[1].slice(0, 70)}" ${why}`);
        if (at) break;
      }
    }
  }
  return out;
}

export const thoughtQuoteSplitsUnit: CaseMeasure = {
  kind: 'case',
  id: 'thought_quote_splits_unit',
  group: 'text',
  title: 'CoT: a thought quotes the request (or a text it passes) cut inside a date, a number or a name: "The name and DoB are Carlos Martinez and March 23" of "… March 23, 1968", "2023 in Cambridge, MA" of "October 18, 2023 in Cambridge, MA", "New York to Times Square" of "Central Park, New York to …"',
  population: 'CoT cases',
  check: (tc) => cotDefect(tc, unitSplits),
};

/** The request quotes of a CoT case's thoughts no user turn holds word for word (letter case aside). */
export function misquotes(tc: TestCase): string[] {
  if (!tc.cot) return [];
  const users = tc.messages.filter((m) => m.role === 'user').map((m) => m.content);
  return thoughtsWithCalls(tc).flatMap(({ thought }) => requestQuotes(thought).filter((said) => !users.some((u) => locate(u, said))));
}

export const thoughtRequestMisquoted: CaseMeasure = {
  kind: 'case',
  id: 'thought_request_misquoted',
  group: 'text',
  title: 'CoT: a thought quotes the request with words it does not hold in that order ("I need to travel from Harvard University to …," the user says, where a noisy rewrite reads "ofrom Harvard University"); letter case aside',
  population: 'CoT cases',
  check: (tc) => cotDefect(tc, misquotes, (q) => `"${q.slice(0, 100)}" is in no user turn`),
};

const TYPE_SAID = new RegExp(`\\b(?:a|an|the) (${FILE_TYPES}) (?:file|document)\\b`, 'gi');
const EXT = new RegExp(`\\.(${FILE_TYPES})$`, 'i');

/**
 * The file types a CoT case's thoughts say ("create a pptx file") that no file its call names has
 * ("outputs/GlobalWarming.ppt"); a thought of a call naming no file (a failure's final answer) is
 * read against the call before it.
 */
export function fileTypeMismatches(tc: TestCase): string[] {
  if (!tc.cot) return [];
  const out: string[] = [];
  const extsOf = (args: unknown) => argStrings(args).flatMap((v) => EXT.exec(v)?.[1]?.toLowerCase() ?? []);
  const said = tc.messages.filter((m) => m.role === 'user').map((m) => m.content).join('\n');
  for (const { thought, args, before } of thoughtsWithCalls(tc)) {
    const own = extsOf(args);
    const exts = own.length ? own : extsOf(before);
    if (!exts.length) continue;
    // The user's own words quoted ("The request says \"save the PPT file at … 'outputs/marketing.pptx'\"") are theirs to choose (teval_query_350_0-control-k6-cot).
    const quoted = [...thought.matchAll(/"([^"]+)"/g)].filter((q) => said.includes(q[1])).map((q) => [q.index!, q.index! + q[0].length]);
    for (const m of thought.matchAll(TYPE_SAID)) if (!exts.includes(m[1].toLowerCase()) && !quoted.some(([a, b]) => m.index! >= a && m.index! < b)) out.push(`"${m[0]}" for a .${exts[0]} file`);
  }
  return out;
}

export const thoughtFileTypeMismatch: CaseMeasure = {
  kind: 'case',
  id: 'thought_file_type_mismatch',
  group: 'text',
  title: 'CoT: a thought names a file type its call\'s file does not have: "create a pptx file" for `create_file("outputs/GlobalWarming.ppt")` (the doc says pptx, the path .ppt)',
  population: 'CoT cases',
  check: (tc) => cotDefect(tc, fileTypeMismatches),
};

/** The list arguments a CoT case's thoughts count off ("door set to a list of 4 values") where the list is short enough to say item by item. */
export function listsUnsaid(tc: TestCase): string[] {
  if (!tc.cot) return [];
  const out: string[] = [];
  for (const { thought, args } of thoughtsWithCalls(tc)) {
    if (!args || typeof args !== 'object') continue;
    for (const [k, v] of Object.entries(args as Record<string, unknown>)) {
      if (Array.isArray(v) && listSaysWhole(v) && new RegExp(`\\ba list of ${v.length} values\\b`).test(thought)) out.push(`${k} ${JSON.stringify(v)} said as "a list of ${v.length} values"`);
    }
  }
  return out;
}

export const thoughtListUnsaid: CaseMeasure = {
  kind: 'case',
  id: 'thought_list_unsaid',
  group: 'text',
  title: 'CoT: a thought counts off a short list its call passes instead of saying it: "`lockDoors` with door set to a list of 4 values and unlock set to false" for ["driver", "passenger", "rear_left", "rear_right"]',
  population: 'CoT cases',
  check: (tc) => cotDefect(tc, listsUnsaid),
};

/**
 * The lists a CoT case's thoughts write as code ("tags ["#TravelUpdate", "#BusinessTrip"]", "door
 * ["driver", "passenger", "rear_left", "rear_right"]") where a person lists the items ("tags
 * "#TravelUpdate" and "#BusinessTrip"", "doors "driver", …"); any thought, the retry's and the wrong
 * call's included.
 */
export function listsAsCode(tc: TestCase): string[] {
  if (!tc.cot) return [];
  const out: string[] = [];
  for (const { thought } of thoughtsWithCalls(tc)) {
    const m = /[a-z]+ \[(?:"[^"\n]*"|-?\d[\d.]*)(?:, (?:"[^"\n]*"|-?\d[\d.]*))*\]/.exec(thought);
    if (m) out.push(`"${m[0].slice(0, 80)}"`);
  }
  return out;
}

export const thoughtListAsCode: CaseMeasure = {
  kind: 'case',
  id: 'thought_list_as_code',
  group: 'text',
  title: 'CoT: a thought writes a list its call passes as code ("tags ["#TravelUpdate", "#BusinessTrip"]", "door ["driver", "passenger", "rear_left", "rear_right"]") where a person lists the items ("tags "#TravelUpdate" and "#BusinessTrip"", "doors "driver", "passenger", …")',
  population: 'CoT cases',
  check: (tc) => cotDefect(tc, listsAsCode),
};

/**
 * The sentences of a CoT case's thoughts that quote a number the call passes as a number as if it
 * were text, in a frame of their own ("The movie id will be "27205"." before movie_id=27205, "For
 * the distance, I'll pass "75"."): a model reading it may pass the string. A request frame quotes
 * the user's own words ("The user gave the amount as "100"") and is not counted.
 */
export function numbersQuoted(tc: TestCase): string[] {
  if (!tc.cot) return [];
  const out: string[] = [];
  for (const { thought, args } of thoughtsWithCalls(tc)) {
    if (!args || typeof args !== 'object') continue;
    const numbers = Object.values(args as Record<string, unknown>).filter((v): v is number => typeof v === 'number').map(String);
    if (!numbers.length) continue;
    for (const sentence of sentencesOf(thought)) {
      const v = valueSource(sentence);
      if (v && v.kind !== 'request' && numbers.includes(v.value) && sentence.includes(`"${v.value}"`)) out.push(sentence.slice(0, 100));
    }
  }
  return out;
}

export const thoughtNumberQuoted: CaseMeasure = {
  kind: 'case',
  id: 'thought_number_quoted',
  group: 'text',
  title: 'CoT: a thought quotes a number its call passes as a number as if it were text, in its own words ("The movie id will be "27205"." before movie_id=27205; the user\'s quoted words not counted); a string id stays quoted',
  population: 'CoT cases',
  check: (tc) => cotDefect(tc, numbersQuoted, (q) => `"${q}"`),
};

export const THOUGHT_CONTENT_MEASURES = [thoughtContentFree, thoughtSentenceDoubled, thoughtSentenceRepeated, thoughtFrameTopShare, thoughtFrameTopShareWrong, thoughtFrameWrongOnly, thoughtRequestUncited, thoughtQuoteCutShort, thoughtQuoteSplitsUnit, thoughtRequestMisquoted, thoughtFileTypeMismatch, thoughtListUnsaid, thoughtListAsCode, thoughtNumberQuoted];

/**
 * A thought calling a value its own pick ("Nothing fixes the address, so I'll pick "天安门广场".",
 * "I'll go with "天安门广场" for the location.") where the request names that very place in other
 * words ("the coordinates of Tiananmen Square in Beijing"): GaodeMap's doc asks for Chinese, so the
 * plan wrote the request's place as the doc asks. A model reading the thought learns the address was
 * made up when it was the user's.
 */
export const thoughtRequestPlaceCalledPick: CaseMeasure = {
  kind: 'case',
  id: 'thought_request_place_called_pick',
  group: 'text',
  title: 'CoT: a thought calling a value its own pick ("Nothing fixes the address, so I\'ll pick "天安门广场".") where the request names that place in other words ("Tiananmen Square in Beijing")',
  population: 'CoT cases whose thoughts call a value their own pick',
  check(tc) {
    if (!tc.cot) return undefined;
    const request = tc.messages.filter((m) => m.role === 'user').map((m) => m.content).join('\n');
    const thoughts = [...tc.messages.filter((m) => m.role === 'assistant').map((m) => shownAction(m.content)), ...groundTruthActions(tc)].map((a) => (a && 'thought' in a ? String(a.thought ?? '') : ''));
    let seen = false;
    for (const t of thoughts) {
      for (const m of t.matchAll(/\bNothing fixes the [\w ]+?, so I'll pick "([^"]+)"|\bI'll go with "([^"]+)" for the\b/g)) {
        seen = true;
        const value = m[1] ?? m[2];
        if (placeSaidOtherwiseIn(value, request)) return `"${m[0]}" where the request names the place in other words`;
      }
    }
    return seen ? null : undefined;
  },
};

THOUGHT_CONTENT_MEASURES.push(thoughtRequestPlaceCalledPick);
