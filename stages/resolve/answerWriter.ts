/**
 * The `answer-writer` role: the assistant's closing answer to a turn (its FinishAction), written
 * from the user's request and the answers its tool calls got. Offline, the rules restate what each
 * call returned — short, and nothing that the responses do not say.
 */
import { z } from 'zod';
import type { RoleSpec } from '../../pipeline/llm/types.js';
import { pythonLiteralToJson } from '../../pipeline/prompts/parseAction.js';
import { apiOf, isPlainObject } from '../../pipeline/errors/values.js';
import { parseJson, toJson } from '../../pipeline/pyValues.js';

export interface AnswerInput {
  request: string;
  steps: { name: string; args: Record<string, unknown> | string; response: string; error?: string }[];
}

export const AnswerOutput = z.object({ answer: z.string().trim().min(1) });
export type AnswerOutput = z.infer<typeof AnswerOutput>;

const MAX_ANSWER = 600;

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1).trimEnd()}…` : s);
const humanize = (k: string) => k.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/_+/g, ' ').trim();

/** A response as a value, when it is JSON or a Python literal; else undefined. */
export function parseResponse(text: string): unknown {
  for (const candidate of [text, (() => { try { return pythonLiteralToJson(text); } catch { return undefined; } })()]) {
    if (candidate === undefined) continue;
    try {
      // Lossless: an id in a response is quoted in the answer with every digit.
      return parseJson(candidate);
    } catch {
      // not this form
    }
  }
  return undefined;
}

function short(value: unknown, depth = 0): string {
  if (typeof value === 'string') return JSON.stringify(clip(value.replace(/\s+/g, ' ').trim(), 80));
  if (Array.isArray(value)) {
    if (value.length === 0) return 'an empty list';
    return depth > 0 ? `${value.length} item${value.length > 1 ? 's' : ''}` : `${value.length} item${value.length > 1 ? 's' : ''} (first: ${short(value[0], depth + 1)})`;
  }
  if (isPlainObject(value)) {
    const entries = Object.entries(value);
    if (entries.length === 0) return 'nothing';
    if (depth > 0) return `{${entries.slice(0, 2).map(([k, v]) => `${humanize(k)}: ${short(v, depth + 1)}`).join(', ')}${entries.length > 2 ? ', …' : ''}}`;
    return entries.slice(0, 3).map(([k, v]) => `${humanize(k)} ${short(v, depth + 1)}`).join(', ') + (entries.length > 3 ? ', …' : '');
  }
  return String(value);
}

export function offlineAnswer(input: AnswerInput): string {
  if (input.steps.length === 0) return 'No tool call was needed for this request.';
  const parts = input.steps.map((s) => {
    const api = apiOf(s.name);
    if (s.error) return `${api} failed: ${clip(s.error, 120)}`;
    const value = parseResponse(s.response);
    if (value === undefined) return s.response.trim() ? `${api} returned ${JSON.stringify(clip(s.response.replace(/\s+/g, ' ').trim(), 120))}` : `${api} completed`;
    if (value === null || (isPlainObject(value) && Object.keys(value).length === 0)) return `${api} completed`;
    return `${api} returned ${short(value)}`;
  });
  // The opening word must not claim success a failed call did not give.
  const failed = input.steps.filter((s) => s.error).length;
  const lead = failed === 0 ? 'Done.' : failed === input.steps.length ? 'I could not complete this.' : 'Only partly done.';
  return clip(`${lead} ${parts.join('; ')}.`, MAX_ANSWER);
}

export const answerWriterRole: RoleSpec<AnswerInput, AnswerOutput> = {
  role: 'answer-writer',
  schemaName: 'turn_answer',
  schema: AnswerOutput,
  template: {
    id: 'answer-writer/turn-final',
    version: '1',
    render: (input) => [
      {
        role: 'system',
        content:
          "You write the assistant's closing answer (its FinishAction) to one user request in a tool-use dialogue. " +
          'Use only what the tool results below say: report what was done and found, with the concrete values, and say plainly if a call failed. ' +
          'Do not invent facts or promise further actions. One to three sentences. Reply in JSON: {"answer": string}.',
      },
      {
        role: 'user',
        content:
          `User request:\n${input.request}\n\nTool calls and results, in order:\n` +
          (input.steps.length
            ? input.steps.map((s, i) => `${i + 1}. ${s.name}(${toJson(s.args)})\n   ${s.error ? `ERROR: ${s.error}` : `-> ${clip(s.response, 2000)}`}`).join('\n')
            : '(no tool calls)'),
      },
    ],
  },
  offline: { version: 'answer-writer-2', run: (input) => ({ answer: offlineAnswer(input) }) },
};
