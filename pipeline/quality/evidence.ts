/**
 * Small readers of a case the measures share: its ground-truth actions, and its user turns (what
 * the user said, where a wrong value a model might take could come from).
 */
import type { Action, TestCase } from '../schemas.js';

/** The ground-truth actions of a case: internal a_k, external [retry, next]. */
export function groundTruthActions(tc: TestCase): Action[] {
  return Array.isArray(tc.groundTruth) ? tc.groundTruth : [tc.groundTruth as Action];
}

/** Every user turn of a case, the query and any earlier turns or inserted conversation. */
export function userText(tc: TestCase): string {
  return tc.messages
    .filter((m) => m.role === 'user')
    .map((m) => m.content)
    .join('\n');
}
