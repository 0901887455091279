/**
 * How the closing answer tells a FAILED call (the answer-writer's failure branch, answerWriter.ts
 * calls in here): the sentence that reports the failure, the opener of an answer where some call
 * failed, and the question that asks the user what to do next.
 */
import type { AnswerInput } from './answerWriter.js';
import { sayString } from './answerWriter.js';
import { parseToolResponse } from '../../pipeline/prompts/parseAction.js';
import { isPlainObject } from '../../pipeline/errors/values.js';
import type { Rng } from '../../pipeline/rng.js';
import { saysItPasses } from '../../pipeline/errors/environment.js';

type Step = AnswerInput['steps'][number];

/** Openers of an answer where some call failed (partial) or every call did (failed); often none at all. */
export const FAILURE_OPENERS = {
  partial: ['', '', 'Part of this worked, but not all of it.', 'Some of this went through and some did not.', 'Not everything succeeded.', 'I got part of the way.', 'Only some of this could be done.'],
  failed: ['', '', 'I was not able to do this.', 'This did not work.', 'Unfortunately this could not be completed.', 'I ran into a problem.', 'Sorry, this did not go through.'],
};

const FAILED: ((api: string, error: string) => string)[] = [
  (api, error) => `${api} failed with the error ${error}.`,
  (api, error) => `I could not get ${api} to work: it reported ${error}.`,
  (api, error) => `The ${api} call did not go through (${error}).`,
  (api, error) => `${api} returned an error, ${error}.`,
  (api, error) => `My call to ${api} failed (${error}).`,
  (api, error) => `${api} gave an error: ${error}.`,
  (api, error) => `I tried ${api}, but it failed with ${error}.`,
  (api, error) => `${api} did not work; it reported ${error}.`,
];

/** The sentence that reports a failed step; `api` is how the step is named. */
export function failedSentence(s: Step, rng: Rng, api: string): string {
  return rng.pick(FAILED)(api, sayError(s.error ?? ''));
}

/**
 * An error as a person would report it: an HTTP failure by its status line and the message its
 * body gives (and when to retry), not its raw text with escaped JSON; any other error quoted.
 */
export function sayError(error: string): string {
  const status = /^HTTP\s+(\d{3}\s+[A-Za-z][A-Za-z -]*?)\s*(?:\n|\/|$|[A-Z][a-z-]+:)/.exec(error.trim());
  if (!status) return sayErrorBody(error) ?? sayString(error);
  const message = /"(?:message|detail|error_description)"\s*:\s*"((?:[^"\\]|\\.)*)"/.exec(error)?.[1].replace(/\\"/g, '"');
  const retry = /Retry-After:\s*(\d+)/i.exec(error)?.[1];
  return `HTTP ${status[1].trim()}${message ? `: "${message}"` : ''}${retry ? `, to retry after ${retry} seconds` : ''}`;
}

/** An error given as a JSON body ({"error": {"code": 403, "status": "QUOTA_EXCEEDED", "message": …}}): its code and message. */
function sayErrorBody(error: string): string | undefined {
  const body = parseToolResponse(error.trim());
  if (!isPlainObject(body)) return undefined;
  // A captured client failure wrapped as {'text': "('Connection aborted.', …)"}: the text itself.
  if (Object.keys(body).length === 1 && typeof body.text === 'string') return JSON.stringify(body.text.trim());
  const inner = isPlainObject(body.error) ? body.error : body;
  const message = [inner.message, inner.detail, inner.error_description, typeof body.error === 'string' ? body.error : undefined].find((m): m is string => typeof m === 'string' && m.trim() !== '');
  if (!message) return undefined;
  const code = [inner.code, inner.status, inner.info, body.infocode].filter((c) => (typeof c === 'string' || typeof c === 'number') && String(c) !== '0' && String(c) !== message).map(String);
  return `${code.length ? `${code.join(' ')}: ` : ''}${JSON.stringify(message.trim())}`;
}

/**
 * After a failure the user decides what comes next (CRITICTOOL's protocol: "report the error to the
 * user and ask the user for next action"): a question fitted to what failed. A limit or a quota
 * resets later, access is the user's to grant (unless the denial says it passes), anything else may work
 * on another try.
 */
const NEXT_STEP: { when: RegExp; unless?: (error: string) => boolean; ask: ((api: string) => string)[] }[] = [
  {
    // "QUOTA_EXCEEDED" and "USER_DAILY_QUERY_OVER_LIMIT" are limits too, whatever status code came with them.
    when: /\b429\b|rate.?limit|too many requests|quota|over.?limit|limit (?:exceeded|reached)|daily limit/i,
    ask: [
      (api) => `Should I try ${api} again once the limit resets, or carry on without it?`,
      (api) => `Would you like me to retry ${api} later, or skip it for now?`,
      (api) => `The limit should reset before long; do you want me to wait and try ${api} again, or move on?`,
      (api) => `Do you want me to come back to ${api} after the limit resets, or leave it?`,
    ],
  },
  {
    // A denial that says it passes (the authorization service did not answer, another process holds
    // the file open) is no access to grant: it takes another try, as any other failure.
    when: /\b(401|403|permission|denied|forbidden|unauthori[sz]ed|not allowed|EACCES|EPERM)\b/i,
    unless: saysItPasses,
    ask: [
      (api) => `Could you check that I have access for ${api}, or should I skip this step?`,
      (api) => `Do you want to grant access and have me try ${api} again, or leave it out?`,
      (api) => `If you can sort out the permissions for ${api}, I can try again; or should I go on without it?`,
      (api) => `Is there an account with access to ${api} I should use, or shall I skip it?`,
    ],
  },
  {
    when: /./,
    ask: [
      (api) => `Shall I try ${api} again in a moment, or carry on without it?`,
      (api) => `Would you like me to try ${api} again, or do something else instead?`,
      (api) => `How would you like to proceed: another try at ${api}, or skip it?`,
      (api) => `Should I give ${api} another go, or leave it for now?`,
      (api) => `Do you want me to retry ${api}, or continue without that part?`,
      (api) => `I can try ${api} once more if you like, or we can skip it. Which do you prefer?`,
    ],
  },
];

export function nextStepQuestion(step: Step, rng: Rng, api: string): string {
  const error = step.error ?? '';
  const { ask } = NEXT_STEP.find((n) => n.when.test(error) && !n.unless?.(error))!;
  return rng.pick(ask)(api);
}
