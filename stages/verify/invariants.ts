/**
 * Deterministic invariants of an evolved case against its base case. They hold whatever a judge
 * says: a failed invariant rejects the case. Each one names what broke.
 *
 * - ground_truth_unchanged: ground truth, erroneous action, error type, kind, k, CoT flag equal;
 * - query_values_kept: every ground-truth (and earlier-action) argument value the original query
 *   states is still stated verbatim in the evolved query;
 * - tool_schemas_identical: every original tool is still listed with the same name, parameter
 *   names, types, extra schema details, required/optional sets and return fields (descriptions may change);
 * - no_same_function_tool_added: no added tool has a used tool's name or function (similarity.ts),
 *   and no name is listed twice;
 * - history_preserved: the conversation is the original one — only one inserted block (long_context:
 *   before the task's first user turn) and the query itself (noisy_query) may differ;
 * - context_has_no_tool_call: inserted messages are user turns or FinishAction replies, none
 *   looking like a tool call;
 * - tool_list_parses: the evolved system prompt's tool list (first `[` to `\nTo use a tool`) parses
 *   as ToolDoc[] equal to the case's `tools`, the prompt's markers appear once, and the rest of the
 *   system prompt is byte-for-byte the original's.
 */
import { z } from 'zod';
import { canonicalJson } from '../../pipeline/hash.js';
import { orderedDoc, REMEMBER_LINE, TOOL_LIST_END_MARKER, toolListFromSystemPrompt } from '../../pipeline/prompts/standard.js';
import { FINISH_ACTION, ToolDoc, type ChatMessage, type TestCase } from '../../pipeline/schemas.js';
import { toolCallReason } from '../../sources/dialogue/corpus.js';
import { missingValues, protectedValues, queryIndex, statedGroundTruthValues, usedToolDocs } from '../evolve/caseParts.js';
import { conflictWith, servesUnmetAsk } from '../../pipeline/quality/sameFunction.js';
import { parseJson, toJson } from '../../pipeline/pyValues.js';

export interface InvariantResult {
  name: string;
  passed: boolean;
  detail?: string;
}

export const INVARIANT_NAMES = [
  'ground_truth_unchanged',
  'query_values_kept',
  'tool_schemas_identical',
  'no_same_function_tool_added',
  'history_preserved',
  'context_has_no_tool_call',
  'tool_list_parses',
] as const;

function ok(name: string, detail?: string): InvariantResult {
  return detail === undefined ? { name, passed: true } : { name, passed: true, detail };
}
function fail(name: string, detail: string): InvariantResult {
  return { name, passed: false, detail };
}

/** A tool's signature: everything but its descriptions. */
export function signature(doc: ToolDoc): string {
  const strip = ({ description: _d, ...rest }: ToolDoc['required_parameters'][number]) => rest;
  return canonicalJson({
    name: doc.name,
    required: doc.required_parameters.map(strip),
    optional: doc.optional_parameters.map(strip),
    returns: doc.return_data.map((r) => r.name),
  });
}

/**
 * The evolved conversation split against the base: shared prefix, inserted block, the rest of the
 * base's turns, query, shared suffix. The block starts at the first message (after the system
 * prompt) that differs from the base's: before the task's first user turn (long_context), or right
 * before the query in cases evolved by older rules.
 */
export function alignMessages(base: ChatMessage[], evolved: ChatMessage[]): { prefixOk: boolean; suffixOk: boolean; inserted: ChatMessage[]; baseQuery: string; evolvedQuery: string; problems: string[] } {
  const qb = queryIndex(base);
  const qe = queryIndex(evolved);
  const problems: string[] = [];
  const same = (a: ChatMessage, b: ChatMessage) => a.role === b.role && a.content === b.content;
  const extra = qe - qb;
  let prefixOk = extra >= 0 && evolved.length - base.length === extra;
  if (!prefixOk) problems.push(`the query moved from message ${qb} to ${qe}`);
  let at = 1;
  while (at < qb && evolved[at] && same(base[at], evolved[at])) at++;
  for (let i = at; prefixOk && i < qb; i++) {
    if (!evolved[i + extra] || !same(base[i], evolved[i + extra])) {
      prefixOk = false;
      problems.push(`message ${i} (${base[i].role}) differs from the original`);
    }
  }
  const tailBase = base.slice(qb + 1);
  const tailEvolved = evolved.slice(qe + 1);
  const suffixOk = tailBase.length === tailEvolved.length && tailBase.every((m, i) => same(m, tailEvolved[i]));
  if (!suffixOk) problems.push(`the ${tailBase.length} messages after the query differ (${tailEvolved.length} now)`);
  if (evolved[0]?.role !== 'system') problems.push('message 0 is not the system prompt');
  return { prefixOk, suffixOk, inserted: prefixOk ? evolved.slice(at, at + extra) : [], baseQuery: base[qb].content, evolvedQuery: evolved[qe].content, problems };
}

/** The text of an inserted message, or why it is not conversation. */
export function insertedText(m: ChatMessage): { text?: string; problem?: string } {
  if (m.role === 'user') {
    const why = toolCallReason(m.content);
    return why ? { problem: `user turn ${why}` } : { text: m.content };
  }
  if (m.role === 'assistant') {
    try {
      const v = parseJson(m.content) as { name?: unknown; args?: unknown };
      if (v.name !== FINISH_ACTION || typeof v.args !== 'string') return { problem: `assistant turn is a call of ${JSON.stringify(v.name)}, not a FinishAction reply` };
      const why = toolCallReason(v.args);
      return why ? { problem: `assistant reply ${why}` } : { text: v.args };
    } catch {
      return { problem: 'assistant turn is not a FinishAction reply' };
    }
  }
  return { problem: `a ${m.role} message (tool output or a second system prompt)` };
}

function systemOutsideList(prompt: string): string {
  const start = prompt.indexOf('[');
  const end = prompt.indexOf(TOOL_LIST_END_MARKER);
  return start < 0 || end < start ? prompt : prompt.slice(0, start) + prompt.slice(end);
}

function count(haystack: string, needle: string): number {
  let n = 0;
  for (let i = haystack.indexOf(needle); i >= 0; i = haystack.indexOf(needle, i + needle.length)) n++;
  return n;
}

export function checkInvariants(base: TestCase, evolved: TestCase): InvariantResult[] {
  const out: InvariantResult[] = [];
  const applied = new Set(evolved.evolution?.applied ?? []);

  // ground_truth_unchanged
  {
    const fields = ['groundTruth', 'erroneousAction', 'errorType', 'environmentError', 'kind', 'k', 'cot', 'trajectoryId', 'source'] as const;
    const changed = fields.filter((f) => canonicalJson(base[f] ?? null) !== canonicalJson(evolved[f] ?? null));
    out.push(changed.length ? fail('ground_truth_unchanged', `changed: ${changed.join(', ')}`) : ok('ground_truth_unchanged'));
  }

  const align = alignMessages(base.messages, evolved.messages);

  // query_values_kept
  {
    const gt = statedGroundTruthValues(base, align.baseQuery);
    const all = protectedValues(base, align.baseQuery);
    const lostGt = missingValues(align.evolvedQuery, gt);
    const lostHistory = missingValues(align.evolvedQuery, all).filter((v) => !lostGt.includes(v));
    if (lostGt.length || lostHistory.length) {
      out.push(
        fail(
          'query_values_kept',
          [lostGt.length ? `ground-truth values no longer stated: ${lostGt.map((v) => toJson(v)).join(', ')}` : '', lostHistory.length ? `earlier-action values no longer stated: ${lostHistory.map((v) => toJson(v)).join(', ')}` : '']
            .filter(Boolean)
            .join('; '),
        ),
      );
    } else out.push(ok('query_values_kept', `${all.length} stated values kept`));
  }

  // tool_schemas_identical
  {
    const byName = new Map(evolved.tools.map((t) => [t.name, t]));
    const problems: string[] = [];
    for (const t of base.tools) {
      const e = byName.get(t.name);
      if (!e) problems.push(`${t.name} is gone`);
      else if (signature(e) !== signature(t)) problems.push(`${t.name} changed its parameters, types, required set or return fields`);
    }
    out.push(problems.length ? fail('tool_schemas_identical', problems.join('; ')) : ok('tool_schemas_identical'));
  }

  // no_same_function_tool_added
  {
    const baseNames = new Set(base.tools.map((t) => t.name));
    const names = evolved.tools.map((t) => t.name);
    const dup = names.filter((n, i) => names.indexOf(n) !== i);
    const used = usedToolDocs(base);
    // A distractor whose doc the harder-tools step rewrote (mixed) is judged on its own doc: a rewrite changes wording, not function.
    const originals = ((evolved.evolution?.details?.harderTools as { addedOriginals?: Record<string, string> } | undefined)?.addedOriginals ?? {}) as Record<string, string>;
    const conflicts = evolved.tools
      .filter((t) => !baseNames.has(t.name))
      .map((t) => ({ t, why: conflictWith(originals[t.name] !== undefined ? { ...t, description: originals[t.name] } : t, used) }))
      .filter((c) => c.why)
      .map((c) => `${c.t.name}: ${c.why}`);
    const added = names.filter((n) => !baseNames.has(n));
    // Nor one serving a part of the base request no listed tool serves (a distance tool for "how far" with none listed):
    // evolve's pick leaves those out; this holds it for every evolved case, however its tools were drawn.
    const request = [...base.messages].reverse().find((m) => m.role === 'user')?.content ?? '';
    for (const n of added) {
      const why = servesUnmetAsk({ name: n }, request, base.tools);
      if (why) conflicts.push(`${n}: ${why}`);
    }
    if (added.length && !applied.has('extra_tools')) conflicts.push(`tools added without extra_tools: ${added.join(', ')}`);
    if (dup.length) conflicts.push(`listed twice: ${[...new Set(dup)].join(', ')}`);
    out.push(conflicts.length ? fail('no_same_function_tool_added', conflicts.join('; ')) : ok('no_same_function_tool_added', `${added.length} added`));
  }

  // history_preserved
  {
    const problems = [...align.problems];
    if (align.inserted.length && !applied.has('long_context')) problems.push(`${align.inserted.length} messages inserted without long_context`);
    if (align.baseQuery !== align.evolvedQuery && !applied.has('noisy_query')) problems.push('the query changed without noisy_query');
    out.push(problems.length ? fail('history_preserved', problems.join('; ')) : ok('history_preserved'));
  }

  // context_has_no_tool_call
  {
    const problems = align.inserted.map((m, i) => ({ i, p: insertedText(m).problem })).filter((x) => x.p).map((x) => `inserted message ${x.i + 1}: ${x.p}`);
    out.push(problems.length ? fail('context_has_no_tool_call', problems.join('; ')) : ok('context_has_no_tool_call', `${align.inserted.length} inserted`));
  }

  // tool_list_parses
  {
    const system = evolved.messages[0]?.content ?? '';
    const problems: string[] = [];
    try {
      const parsed = z.array(ToolDoc).safeParse(toolListFromSystemPrompt(system));
      if (!parsed.success) problems.push(`the tool list is not ToolDoc[] (${parsed.error.issues[0].path.join('.')}: ${parsed.error.issues[0].message})`);
      else if (canonicalJson(parsed.data.map(orderedDoc)) !== canonicalJson(evolved.tools.map(orderedDoc))) problems.push('the tool list in the prompt differs from the case\'s tools');
    } catch (err) {
      problems.push(`the tool list does not parse: ${(err as Error).message}`);
    }
    if (count(system, TOOL_LIST_END_MARKER) !== 1) problems.push(`"\\nTo use a tool" appears ${count(system, TOOL_LIST_END_MARKER)} times`);
    if (count(system, REMEMBER_LINE) !== 1) problems.push(`"${REMEMBER_LINE}" appears ${count(system, REMEMBER_LINE)} times`);
    if (systemOutsideList(system) !== systemOutsideList(base.messages[0].content)) problems.push('the system prompt changed outside the tool list');
    out.push(problems.length ? fail('tool_list_parses', problems.join('; ')) : ok('tool_list_parses'));
  }
  return out;
}
