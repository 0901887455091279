/**
 * Small readers of a case the measures share: its ground-truth actions, the actions its assistant
 * messages show, and its user turns (what the user said, where a wrong value a model might take
 * could come from).
 */
import type { Action, TestCase } from '../schemas.js';
import { parseJson } from '../pyValues.js';

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

/** The action an assistant message shows, read losslessly (an id beyond 2^53 keeps its digits); undefined for other text. */
export function shownAction(content: string): Action | undefined {
  try {
    const a = parseJson(content) as Action;
    return typeof a?.name === 'string' ? a : undefined;
  } catch {
    return undefined;
  }
}
