/**
 * Did a wrong call change something and go through? A wrong tool or value that filled an order,
 * sent an email, added a slide or wrote a file leaves the next step two right answers: undo it, or
 * go on as if it had not happened (the ground truth places a second order, sends a second email).
 * Such a case is no longer about noticing one error. Calls that change nothing (steps.ts
 * changesNothing: get_*, search, list, ...) and calls the tool refused are clean.
 */
import type { ToolResponse } from '../schemas.js';
import { changesNothing } from '../steps.js';
import { isErrorResponse } from './responses.js';

/** A tool's own words for "did not happen" in an answer that is not an error object. */
const REFUSED = /^\s*(?:Error\b|HTTP [45]\d\d)|["']error["']\s*:|\[Errno \d+\]|\bno such\b|["'](?:status|booking_status|success|result)["']\s*:\s*(?:false|["']?fail)|NOT_FOUND|\bnot found\b|\binvalid\b|\bdenied\b|\bnot (?:allowed|permitted|authorized|authenticated|logged in)\b/i;

/** Verbs of calls that only read or compute, beyond the ones steps.ts knows (forecast_weather, read_file). */
const ALSO_READS = new Set(['forecast', 'read', 'query', 'lookup', 'calculate', 'convert', 'translate', 'count', 'fetch', 'aggregate', 'print']);

/** Does a call of this tool change something (send, book, cancel, write)? Reads and computations do not. */
export function callChangesState(name: string): boolean {
  const verb = name.slice(name.indexOf('.') + 1).replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase().split('_')[0];
  return !(changesNothing(name) || ALSO_READS.has(verb));
}

/** Does a response that is no error object still say the call did not happen ("status": false, "not found")? */
export function responseRefuses(content: string): boolean {
  return REFUSED.test(content.slice(0, 400));
}

export function wrongCallChangedState(name: string, response: Pick<ToolResponse, 'content' | 'error'>): boolean {
  if (!callChangesState(name)) return false;
  return !isErrorResponse(response) && !responseRefuses(response.content);
}
