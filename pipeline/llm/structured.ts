/**
 * Structured output: which response_format a request carries, how the reply is read back into a
 * value, and what a re-ask says when it could not be.
 *
 * 'json_schema' sends the role's zod schema as a JSON schema; 'json_object' asks for any JSON object
 * and states the schema in the prompt; 'text' sends no response_format and states the schema in the
 * prompt. In every mode the reply is parsed and validated here: a server's promise of structure is
 * never taken on trust.
 */
import { z } from 'zod';
import type { PromptMessage, RoleSpec } from './types.js';
import { parseJson } from '../pyValues.js';

export type StructuredMode = 'json_schema' | 'json_object' | 'text';

const FALLBACK: Record<StructuredMode, StructuredMode | null> = { json_schema: 'json_object', json_object: 'text', text: null };

/**
 * What each endpoint was found to accept, per base URL, for the life of the process: after one
 * rejection of json_schema, later requests go straight to the mode that worked.
 */
const learned = new Map<string, StructuredMode>();

export function learnedMode(baseUrl: string): StructuredMode | undefined {
  return learned.get(baseUrl);
}

export function rememberMode(baseUrl: string, mode: StructuredMode): void {
  learned.set(baseUrl, mode);
}

/** For tests: forget what endpoints were found to accept. */
export function forgetLearnedModes(): void {
  learned.clear();
}

export function nextMode(mode: StructuredMode): StructuredMode | null {
  return FALLBACK[mode];
}

/** A 400 that rejects the response format itself (not the request as a whole). */
export function isResponseFormatRejection(status: number | undefined, message: string): boolean {
  return status === 400 && /response_format|json_schema|json_object|structured output|response format/i.test(message);
}

const jsonSchemas = new WeakMap<object, Record<string, unknown> | null>();

/**
 * The JSON schema of what the model must write (zod's input side: before any transform). Null when
 * the schema cannot be expressed (a custom refinement-only type): such roles use json_object.
 */
export function jsonSchemaOf(spec: RoleSpec<unknown, unknown>): Record<string, unknown> | null {
  if (jsonSchemas.has(spec.schema)) return jsonSchemas.get(spec.schema)!;
  let schema: Record<string, unknown> | null;
  try {
    schema = z.toJSONSchema(spec.schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
    delete schema.$schema;
  } catch {
    schema = null;
  }
  jsonSchemas.set(spec.schema, schema);
  return schema;
}

/** The schema name OpenAI accepts: letters, digits, _ and -, at most 64 characters. */
export function schemaNameFor(spec: RoleSpec<unknown, unknown>): string {
  return (spec.schemaName || spec.role).replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64);
}

/** Messages and response_format for one request in the given mode. */
export function shapeRequest(
  spec: RoleSpec<unknown, unknown>,
  messages: PromptMessage[],
  mode: StructuredMode,
): { messages: PromptMessage[]; responseFormat?: Record<string, unknown> } {
  if (spec.output === 'text') return { messages };
  const schema = jsonSchemaOf(spec);
  if (mode === 'json_schema' && schema) {
    return { messages, responseFormat: { type: 'json_schema', json_schema: { name: schemaNameFor(spec), schema, strict: false } } };
  }
  // json_object needs the word JSON in the prompt (OpenAI refuses it otherwise), and without a
  // server-side schema the model must be told the shape.
  const instruction =
    'Reply with only a JSON object' + (schema ? ` that matches this JSON schema:\n${JSON.stringify(schema)}` : '.') + '\nNo prose, no code fences.';
  return { messages: withInstruction(messages, instruction), responseFormat: mode === 'json_object' || (mode === 'json_schema' && !schema) ? { type: 'json_object' } : undefined };
}

function withInstruction(messages: PromptMessage[], instruction: string): PromptMessage[] {
  const i = messages.findIndex((m) => m.role === 'system');
  if (i < 0) return [{ role: 'system', content: instruction }, ...messages];
  return messages.map((m, j) => (j === i ? { ...m, content: `${m.content}\n\n${instruction}` } : m));
}

/**
 * The JSON value in a reply: the whole text, else a ```json fence, else the span from the first
 * `{` to the last `}`. Throws with what was tried.
 */
export function extractJson(text: string): unknown {
  const trimmed = text.trim();
  try {
    return parseJson(trimmed);
  } catch {
    /* try the other shapes */
  }
  const fence = /```(?:json|JSON)?\s*\n?([\s\S]*?)```/.exec(trimmed);
  if (fence) {
    try {
      return parseJson(fence[1].trim());
    } catch {
      /* fall through */
    }
  }
  const first = trimmed.indexOf('{');
  const last = trimmed.lastIndexOf('}');
  if (first >= 0 && last > first) {
    try {
      return parseJson(trimmed.slice(first, last + 1));
    } catch (err) {
      throw new Error(`the reply is not valid JSON (${(err as Error).message})`);
    }
  }
  throw new Error('the reply contains no JSON object');
}

export interface ReplyForCheck {
  content: string;
  finishReason: string | null;
}

/** Read a reply as the role's output, or say why it is not one. */
export function interpretReply<O>(spec: RoleSpec<unknown, O>, reply: ReplyForCheck): { ok: true; value: O } | { ok: false; reason: string } {
  if (spec.output === 'text') {
    // A text role observes the model: a cut-off or odd reply is data, only the schema can refuse it.
    const parsed = spec.schema.safeParse(reply.content);
    return parsed.success ? { ok: true, value: parsed.data } : { ok: false, reason: describeIssues(parsed.error) };
  }
  if (reply.finishReason === 'length') return { ok: false, reason: 'the reply was truncated (finish_reason=length): answer more briefly' };
  let value: unknown;
  try {
    value = extractJson(reply.content);
  } catch (err) {
    return { ok: false, reason: (err as Error).message };
  }
  const parsed = spec.schema.safeParse(value);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, reason: describeIssues(parsed.error) };
}

function describeIssues(error: z.ZodError): string {
  return (
    'the reply does not match the schema: ' +
    error.issues
      .slice(0, 5)
      .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
      .join('; ')
  );
}

/** The message appended after an invalid reply, asking again. */
export function reaskMessage(reason: string): PromptMessage {
  return { role: 'user', content: `Your previous reply was not usable: ${reason}. Reply again with only the corrected JSON object.` };
}
