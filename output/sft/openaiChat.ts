/**
 * OpenAI chat fine-tuning JSONL with native tool calls. Earlier assistant turns carry weight 0 so
 * training teaches the reflection and the correction, never the mistake.
 */
import type { ToolDoc, Action } from '../../pipeline/schemas.js';
import { groundTruthAt, historyEvents, reflection, type CorrectionSample } from './samples.js';
import { toJson } from '../../pipeline/pyValues.js';

export const SFT_SYSTEM_PROMPT =
  'You are an assistant who can call tools. If a tool call fails or returns an error, analyse what went wrong, say which kind of error it was, and make the corrected call.';

/** OpenAI function names allow [A-Za-z0-9_-]{1,64}: `Toolkit.api` becomes `Toolkit__api`. */
export function openaiToolName(name: string): string {
  return name.replace(/\./g, '__').replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64);
}

const JSON_TYPES: Record<string, string | undefined> = {
  string: 'string',
  integer: 'integer',
  float: 'number',
  boolean: 'boolean',
  array: 'array',
  dict: 'object',
  any: undefined,
};

/**
 * The JSON-schema `items` of an array parameter. OpenAI's `strict: true` rejects `items: {}`, so an
 * element type always comes out: the doc's own (in the evaluator's names, float → number), else
 * string — what BFCL and T-Eval pass in arrays without saying.
 */
function itemsSchema(items: unknown): Record<string, unknown> {
  const declared = items && typeof items === 'object' ? (items as Record<string, unknown>) : {};
  const raw = typeof declared.type === 'string' ? declared.type : 'string';
  const type = JSON_TYPES[raw] ?? (['string', 'number', 'integer', 'boolean', 'object', 'array'].includes(raw) ? raw : 'string');
  return type === 'array' ? { type, items: itemsSchema(declared.items) } : { type };
}

export function toolSchema(doc: ToolDoc) {
  const properties: Record<string, Record<string, unknown>> = {};
  for (const p of [...doc.required_parameters, ...doc.optional_parameters]) {
    const type = JSON_TYPES[p.type];
    properties[p.name] = { ...(type ? { type } : {}), description: p.description, ...(p.type === 'array' ? { items: itemsSchema(p.items) } : {}) };
  }
  return {
    type: 'function' as const,
    function: {
      name: openaiToolName(doc.name),
      description: doc.description,
      parameters: { type: 'object', properties, required: doc.required_parameters.map((p) => p.name) },
    },
  };
}

/**
 * OpenAI's data checks count a message with empty content as missing its content; a tool that
 * answered nothing (or a turn closed without words) is said so explicitly instead.
 */
function nonEmpty(text: string, placeholder: string): string {
  return text.trim() === '' ? placeholder : text;
}

function toolCall(id: string, action: Action) {
  return { id, type: 'function' as const, function: { name: openaiToolName(action.name), arguments: toJson(typeof action.args === 'string' ? { input: action.args } : action.args) } };
}

export function toOpenAIChat(sample: CorrectionSample): Record<string, unknown> {
  const messages: Record<string, unknown>[] = [{ role: 'system', content: SFT_SYSTEM_PROMPT }];
  let n = 0;
  for (const ev of historyEvents(sample.trajectory, sample.k)) {
    if (ev.kind === 'user') messages.push({ role: 'user', content: nonEmpty(ev.content, '(no message)') });
    else if (ev.kind === 'finish') messages.push({ role: 'assistant', content: nonEmpty(ev.answer, '(turn finished)'), weight: 0 });
    else {
      const id = `call_${++n}`;
      messages.push({ role: 'assistant', tool_calls: [toolCall(id, ev.action)], weight: 0 });
      messages.push({ role: 'tool', tool_call_id: id, content: nonEmpty(ev.response, '(empty response)') });
    }
  }
  const wrongId = `call_${++n}`;
  messages.push({ role: 'assistant', tool_calls: [toolCall(wrongId, sample.erroneous)], weight: 0 });
  messages.push({ role: 'tool', tool_call_id: wrongId, content: nonEmpty(sample.feedback.content, '(empty response)') });
  const corrected = groundTruthAt(sample.trajectory, sample.k);
  messages.push({ role: 'assistant', content: reflection(sample, corrected), tool_calls: [toolCall(`call_${++n}`, corrected)], weight: 1 });
  return { messages, tools: sample.trajectory.tools.map(toolSchema) };
}
