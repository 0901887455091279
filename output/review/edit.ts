/**
 * How a reviewer's edit is applied. An edit names the field it changes; today that is the evolved
 * `query` (the last user message, the one verify compares — what reviewers fix most: a noisy query
 * that lost a value, a paraphrase that changed the task). The edited text replaces that message and
 * the result becomes the sample's reviewed content in the release, after a re-check with verify's
 * own deterministic invariants (stages/verify/invariants.ts) against the base case:
 *  - an edit is a reviewed rewrite of the query, so the re-check treats the query as rewritable
 *    (as if noisy_query were applied) — everything else (history, tools, ground truth) must hold;
 *  - an invariant that already failed before the edit does not block it (it cannot, in practice:
 *    a failed invariant rejects the sample, and rejected samples are not reviewed);
 *  - without the base case (not in the store) only the schema, a non-empty query and the
 *    ground-truth values the original query stated are checked.
 * An edit that fails the re-check is not applied: import reports it as an error on the
 * `edited_query` field, and a release leaves the sample out with the reason.
 */
import { TestCase, type Action } from '../../pipeline/schemas.js';
import { checkInvariants } from '../../stages/verify/invariants.js';
import { queryIndex } from '../../stages/evolve/caseParts.js';

export const EDITABLE_FIELDS = ['query'] as const;
export type EditableField = (typeof EDITABLE_FIELDS)[number];

export interface EditSpec {
  field: EditableField;
  value: string;
  /** Index of the message the edit replaces (the evolved query when the decision was made). */
  messageIndex: number;
}

export type EditResult = { ok: true; content: TestCase } | { ok: false; problems: string[] };

/** Scalar argument values worth checking (very short ones would match anywhere). */
function argValues(actions: Action[]): string[] {
  const out: string[] = [];
  const visit = (v: unknown) => {
    if (typeof v === 'string' && v.trim().length >= 3) out.push(v.trim());
    else if ((typeof v === 'number' || typeof v === 'bigint') && String(v).length >= 2) out.push(String(v));
    else if (Array.isArray(v)) v.forEach(visit);
    else if (v && typeof v === 'object') Object.values(v).forEach(visit);
  };
  for (const a of actions) if (typeof a.args !== 'string') visit(a.args);
  return out;
}

function fallbackCheck(original: TestCase, edited: TestCase, index: number): string[] {
  const before = original.messages[index].content.toLowerCase();
  const after = edited.messages[index].content.toLowerCase();
  const gt = Array.isArray(original.groundTruth) ? original.groundTruth : [original.groundTruth as Action];
  const lost = argValues(gt).filter((v) => before.includes(v.toLowerCase()) && !after.includes(v.toLowerCase()));
  return lost.length ? [`query_values_kept: the edited query no longer states ${lost.map((v) => JSON.stringify(v)).join(', ')}`] : [];
}

function asRewritable(tc: TestCase): TestCase {
  if (!tc.evolution || tc.evolution.applied.includes('noisy_query')) return tc;
  return { ...tc, evolution: { ...tc.evolution, applied: [...tc.evolution.applied, 'noisy_query'] } };
}

export function applyEdit(content: TestCase, spec: EditSpec, base?: TestCase): EditResult {
  if (!(EDITABLE_FIELDS as readonly string[]).includes(spec.field)) return { ok: false, problems: [`field ${spec.field} is not editable (editable: ${EDITABLE_FIELDS.join(', ')})`] };
  const index = spec.messageIndex;
  if (content.messages[index]?.role !== 'user' || index !== queryIndex(content.messages)) {
    return { ok: false, problems: [`query: message ${index} is not the query of this sample any more`] };
  }
  if (spec.value.trim() === '') return { ok: false, problems: ['query: the edited query is empty'] };
  const messages = content.messages.map((m, i) => (i === index ? { ...m, content: spec.value } : m));
  const edited: TestCase = { ...content, messages };
  const parsed = TestCase.safeParse(edited);
  if (!parsed.success) {
    const i = parsed.error.issues[0];
    return { ok: false, problems: [`schema: ${i.path.join('.')}: ${i.message}`] };
  }
  let problems: string[];
  if (base) {
    const before = new Set(checkInvariants(base, asRewritable(content)).filter((r) => !r.passed).map((r) => r.name));
    problems = checkInvariants(base, asRewritable(edited))
      .filter((r) => !r.passed && !before.has(r.name))
      .map((r) => `${r.name}: ${r.detail ?? 'failed'}`);
  } else {
    problems = fallbackCheck(content, edited, index);
  }
  return problems.length ? { ok: false, problems } : { ok: true, content: edited };
}
