/**
 * Does a tool's response read as an error: the resolution chain marked it so, or the tool answered
 * with an `{"error": …}` object (T-Eval's tools and the simulator's rules do), which a model sees
 * as a failure whatever tier produced it.
 */
import type { ToolResponse } from '../schemas.js';

export function isErrorResponse(response: Pick<ToolResponse, 'content' | 'error'>): boolean {
  // AMap's failures are a status object: {"status": "0", "info": "INVALID_PARAMS", "infocode": "20000"}.
  return response.error !== undefined || /^\s*\{\s*["']error["']\s*:/.test(response.content) || /^\s*\{\s*["']status["']\s*:\s*["']0["']\s*,\s*["']info["']/.test(response.content);
}
