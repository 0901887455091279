/**
 * One item's run reduced to what the store records: the stage's `run`, its output schema, the
 * classification of what it threw, and the content's canonical text. The same function serves the
 * main thread and the worker threads (pipeline/parallel/worker.ts), so an item's artifact cannot
 * depend on where it ran; the outcome is plain data, so it crosses from a worker as it is.
 */
import { canonicalJsonText } from '../hash.js';
import { BudgetExceededError, LlmOutputError, StopRunError } from '../llm/types.js';
import { FlagItem, RejectItem, type ItemContext, type ItemResult, type ItemStage, type StageItem } from '../stage.js';
import type { ArtifactStatus } from '../schemas.js';

export type ItemOutcome =
  | {
      kind: 'done';
      status: Exclude<ArtifactStatus, 'failed'>;
      /** Canonical JSON of the content (null for none), and whether it needs the lossless parser. */
      content: { text: string; lossless: boolean } | null;
      reason: string | null;
      method: string;
    }
  | { kind: 'failed'; message: string }
  /** The run must stop (budget reached, a fatal model error): the item is left pending. */
  | { kind: 'stop'; message: string };

export async function runItem(stage: ItemStage, item: StageItem<unknown>, ictx: ItemContext): Promise<ItemOutcome> {
  let result: ItemResult<unknown>;
  try {
    result = await stage.run(item, ictx);
    if (stage.output && result.status !== 'rejected') {
      const parsed = stage.output.safeParse(result.content);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new Error(`output of item ${item.id} is invalid at ${issue.path.join('.') || '(root)'}: ${issue.message}`);
      }
      result = { ...result, content: parsed.data };
    }
  } catch (err) {
    if (err instanceof StopRunError) return { kind: 'stop', message: err instanceof BudgetExceededError ? `budget reached: ${err.message}` : err.message };
    if (err instanceof FlagItem || err instanceof LlmOutputError) {
      result = { status: 'flagged', content: null, reason: err.message, method: err instanceof LlmOutputError ? `llm:${err.model ?? err.role}` : 'rules' };
    } else if (err instanceof RejectItem) {
      result = { status: 'rejected', content: null, reason: err.message, method: 'rules' };
    } else {
      return { kind: 'failed', message: (err as Error)?.message ?? String(err) };
    }
  }
  const content = result.content === undefined || result.content === null ? null : canonicalJsonText(result.content);
  return { kind: 'done', status: result.status, content, reason: result.reason ?? null, method: result.method };
}
