/**
 * `pnpm inspect <sample id>`: every evaluation of the sample — model, file, mode, status, each reply
 * round as it came back, and the scores — beside its lineage.
 */
import type { Store } from '../pipeline/store/store.js';
import { EvalRecords, hasEvalTables } from './records.js';

export interface SampleEvaluation {
  model: string;
  file: string;
  mode: string;
  status: string;
  error: string | null;
  scores: Record<string, number> | null;
  similarity: string | null;
  replies: { round: number; reply: string; cached: boolean; requestHash: string | null }[];
  calls: Record<string, unknown>[];
}

export function evaluationsOf(store: Store, sampleId: string): SampleEvaluation[] {
  if (!hasEvalTables(store)) return [];
  const records = new EvalRecords(store);
  return records.forSampleId(sampleId).map((row) => ({
    model: row.model,
    file: row.file,
    mode: row.mode,
    status: row.status,
    error: row.error,
    scores: row.scores ? JSON.parse(row.scores) : null,
    similarity: row.similarity,
    replies: records.replies(row.key).map((r) => ({ round: r.round, reply: r.reply, cached: !!r.cached, requestHash: r.request_hash })),
    calls: store.callsFor(row.key).map((c) => ({ model: c.model, status: c.status, cached: !!c.cached, tokens: c.prompt_tokens != null ? `${c.prompt_tokens}+${c.completion_tokens}` : undefined, cost: c.cost })),
  }));
}

export function printEvaluations(evals: SampleEvaluation[], print: (l: string) => void = console.log): void {
  if (evals.length === 0) return;
  print(`evaluations (${evals.length}):`);
  for (const e of evals) {
    const scores = e.scores ? Object.entries(e.scores).map(([k, v]) => `${k}=${Number(v.toFixed(4))}`).join(' ') : '';
    print(`- ${e.model}  ${e.file} [${e.mode}]  ${e.status}${e.error ? `  error: ${e.error}` : ''}${scores ? `  ${scores}` : ''}${e.similarity ? `  (similarity ${e.similarity})` : ''}`);
    for (const r of e.replies) print(`    round ${r.round}${r.cached ? ' (cache)' : ''}: ${JSON.stringify(r.reply.length > 400 ? `${r.reply.slice(0, 400)}…` : r.reply)}`);
    for (const c of e.calls) print(`    call: llm ${c.model} tokens=${c.tokens ?? '?'} cost=${c.cost ?? 0}${c.cached ? ' (cache)' : ''} [${c.status}]`);
  }
}
