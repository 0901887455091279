/**
 * The correct step's thought as the ground truth of an internal-error case says it: after the wrong call
 * and its error, "the last call" is the wrong one, so the thought names the tool it means instead. The
 * correct step's own thought was written where the call before it was the last ("The last call tells me
 * the symbol is "QUAS".", "The last answer gives me what I need to add a stock to the watchlist"); shown
 * after the failed `add_to_watchlist`, it would point at the error (bfcl_multi_turn_base_113,
 * gt_thought_last_call_stale). Only the references change; what the thought reasons is the correct step's.
 */
const LAST_CALL = /(^|[.!?]\s+)The last call tells me /g;
const LAST_ANSWER = /(^|[.!?]\s+)The last answer gives me what I need/g;
const LAST_CALL_INNER = /\bthe last call\b/g;

export function thoughtAfterError(thought: string, previousApi: string | undefined): string {
  if (!previousApi) return thought;
  const api = `\`${previousApi}\``;
  return thought
    // "`x` says", the writer's own frame for an answer just given: a frame no correct thought uses would tell the
    // wrong call's thought apart by its style (error_thought_style_tell).
    .replace(LAST_CALL, (_m, lead: string) => `${lead}${api} says `)
    // "The answer from `x`", never "What `x` returned": that reads as a claim that the call's other values came from it (thought_claims_given_value).
    .replace(LAST_ANSWER, (_m, lead: string) => `${lead}The answer from ${api} gives me what I need`)
    .replace(LAST_CALL_INNER, api);
}
