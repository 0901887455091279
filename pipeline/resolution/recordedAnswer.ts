/**
 * A recorded answer as a value, read once per text and shared. The simulator's readers of an API's
 * recorded examples (recordedLists, recordedKeys, recordedIds, recordedDatedFlags,
 * recordedTitleRecords, recordedSearchShape, recordedResultCount, recordedClockDay, recordedStatus)
 * each parsed every example again, several times in every simulated call of the API. The value is
 * a function of the text alone, so it is parsed once (parseToolResponse) and frozen all the way down:
 * a reader that tried to change it would throw instead of changing what the next reader sees.
 * Bounded by the characters held, as parseToolResponse's own memo is.
 */
import { parseToolResponse } from '../prompts/parseAction.js';

const answers = new Map<string, unknown>();
let heldChars = 0;
const MAX_HELD_CHARS = 32_000_000;

function deepFreeze(v: unknown): unknown {
  if (v !== null && typeof v === 'object' && !Object.isFrozen(v)) {
    for (const x of Object.values(v)) deepFreeze(x);
    Object.freeze(v);
  }
  return v;
}

/** parseToolResponse's value of `text`, shared between readers and frozen: read it, never change it. */
export function recordedAnswer(text: string): unknown {
  if (answers.has(text)) return answers.get(text);
  const value = deepFreeze(parseToolResponse(text));
  if (heldChars + text.length > MAX_HELD_CHARS) {
    answers.clear();
    heldChars = 0;
  }
  answers.set(text, value);
  heldChars += text.length;
  return value;
}
