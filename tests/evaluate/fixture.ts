/**
 * A small CRITICTOOL data directory written by hand (internal + external, no CoT), and a scripted
 * model with known mistakes whose scores are worked out by hand in the tests.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ChatRequestBody, ScriptedReply } from '../support/openaiServer.js';

const TOOLS = [
  {
    name: 'Maps.search',
    description: 'Search places.',
    required_parameters: [{ name: 'query', type: 'string', description: 'what to look for' }],
    optional_parameters: [{ name: 'limit', type: 'integer', description: 'how many' }],
    return_data: [],
  },
  {
    name: 'Maps.fetch',
    description: 'Fetch a place by id.',
    required_parameters: [{ name: 'id', type: 'integer', description: 'place id' }],
    optional_parameters: [],
    return_data: [],
  },
];

const SYSTEM =
  'You are a assistant who can utilize external tools. You can call the following tools:\n' +
  JSON.stringify(TOOLS) +
  '\nTo use a tool, please reply with a JSON object {"name": ..., "args": ...}.\nRemember: only generate ONE step each time.';

const call = (name: string, args: unknown) => JSON.stringify({ name, args });

function internalSample(marker: string, shown: { name: string; args: unknown }, response: string, errorType: string, gt: { name: string; args: unknown }) {
  return {
    error_type: errorType,
    ground_truth: gt,
    query_prompt: [
      { role: 'system', content: SYSTEM },
      { role: 'user', content: `${marker} Find places for me.` },
      { role: 'assistant', content: call(shown.name, shown.args) },
      { role: 'function', content: response },
    ],
  };
}

function externalSample(marker: string, failed: { name: string; args: unknown }, next: { name: string; args: unknown }) {
  return {
    ground_truth: [failed, next],
    query_prompt: [
      { role: 'system', content: SYSTEM },
      { role: 'user', content: `${marker} Fetch the place, then search.` },
      { role: 'assistant', content: call(failed.name, failed.args) },
      { role: 'function', content: 'HTTP 503 Service Unavailable: Maps is down, try again later' },
    ],
  };
}

/**
 * Writes internal_error/base_data_wo_cot.json (3 errors + 1 control) and external_error/base_data_wo_cot.json (2);
 * with copies > 1, each sample that many times, each copy's query made distinct (for benchmarks).
 */
export function writeFixture(dir: string, copies = 1, opts: { cot?: boolean } = {}): void {
  mkdirSync(join(dir, 'internal_error'), { recursive: true });
  mkdirSync(join(dir, 'external_error'), { recursive: true });
  const internal = {
    's1-select': internalSample('[case s1]', { name: 'Maps.fetch', args: { id: 1 } }, '{"name": "Louvre"}', 'tool_select_error', { name: 'Maps.search', args: { query: 'paris', limit: 5 } }),
    's2-value': internalSample('[case s2]', { name: 'Maps.search', args: { query: 'rome', limit: 30 } }, '[]', 'parameters_value_error', { name: 'Maps.search', args: { query: 'rome', limit: 3 } }),
    's3-halluc': internalSample('[case s3]', { name: 'Maps.find', args: { query: 'oslo' } }, 'Error: no tool Maps.find', 'tool_hallucination_error', { name: 'Maps.search', args: { query: 'oslo' } }),
    's4-control': internalSample('[case s4]', { name: 'Maps.search', args: { query: 'bern' } }, '["Bern"]', '', { name: 'Maps.fetch', args: { id: 4 } }),
  };
  const external = {
    'e1-skip': externalSample('[case e1]', { name: 'Maps.fetch', args: { id: 7 } }, { name: 'Maps.search', args: { query: 'x', limit: 1 } }),
    'e2-stuck': externalSample('[case e2]', { name: 'Maps.fetch', args: { id: 9 } }, { name: 'FinishAction', args: 'done' }),
  };
  const scaled = (samples: Record<string, { query_prompt: { role: string; content: string }[] }>) => {
    if (copies === 1) return samples;
    const out: Record<string, unknown> = {};
    for (let c = 0; c < copies; c++) {
      for (const [id, sample] of Object.entries(samples)) {
        const prompt = sample.query_prompt.map((m, i) => (i === 1 ? { ...m, content: `${m.content} (copy ${c})` } : m));
        out[`${id}-${c}`] = { ...sample, query_prompt: prompt };
      }
    }
    return out;
  };
  writeFileSync(join(dir, 'internal_error', 'base_data_wo_cot.json'), JSON.stringify(scaled(internal), null, 2));
  writeFileSync(join(dir, 'external_error', 'base_data_wo_cot.json'), JSON.stringify(scaled(external), null, 2));
  if (opts.cot) {
    // The same cases with thoughts: on every ground-truth action and every shown step.
    const thought = (a: { name: string; args: unknown }) => ({ thought: `Next I will call ${a.name} to get what the user asked for.`, ...a });
    const withThoughts = <T extends { ground_truth: unknown; query_prompt: { role: string; content: string }[] }>(samples: Record<string, T>) =>
      Object.fromEntries(
        Object.entries(samples).map(([id, smp]) => [
          `${id}-cot`,
          {
            ...smp,
            ground_truth: Array.isArray(smp.ground_truth) ? smp.ground_truth.map(thought) : thought(smp.ground_truth as { name: string; args: unknown }),
            query_prompt: smp.query_prompt.map((m) => (m.role === 'assistant' ? { ...m, content: JSON.stringify(thought(JSON.parse(m.content))) } : m)),
          },
        ]),
      );
    writeFileSync(join(dir, 'internal_error', 'base_data_w_cot.json'), JSON.stringify(withThoughts(internal), null, 2));
    writeFileSync(join(dir, 'external_error', 'base_data_w_cot.json'), JSON.stringify(withThoughts(external), null, 2));
  }
}

/**
 * The scripted model. Internal (one reply each):
 *  s1 — right error type, right call, inside prose and a ```json fence → critic, reflect, name, args 1.
 *  s2 — wrong error type; limit sent as the string "3" for an integer parameter → critic 1, reflect 0,
 *       name 1, args (query 1 + limit 0) / 2 = 0.5.
 *  s3 — no JSON at all → parse 0, critic 0, name 0.
 *  s4 — a control, but the reply claims an error → critic 0 (parses).
 *  ⇒ critic 2/4, parse_rate 3/4, reflect 1/3, name 2/3, args 1.5/3.
 * External, skip mode (retry limit 3):
 *  e1 — retries once, then the right next step → retry 1, break 1, name 1, args 1 (2 requests).
 *  e2 — sends the failed call again every time, id as 9.0 (== 9 in Python) → retry 1, nothing else (4 requests).
 *  ⇒ retry 1, break 1/2, name 1/2, args 1/2, parse_rate 1.
 */
export function scriptedModel(req: ChatRequestBody): ScriptedReply {
  const user = req.messages.find((m) => m.role === 'user')?.content ?? '';
  const marker = /\[case (\w+)\]/.exec(user)?.[1];
  const assistants = req.messages.filter((m) => m.role === 'assistant').length;
  switch (marker) {
    case 's1':
      return { content: 'The last call used the wrong tool.\n```json\n{"error": "tool_select_error", "name": "Maps.search", "args": {"query": "paris", "limit": 5}}\n```' };
    case 's2':
      return { content: '{"error": "parameters_key_error", "name": "Maps.search", "args": {"query": "rome", "limit": "3"}}' };
    case 's3':
      return { content: 'I am not sure what went wrong.' };
    case 's4':
      return { content: '{"error": "tool_select_error", "name": "Maps.fetch", "args": {"id": 4}}' };
    case 'e1':
      return { content: assistants === 1 ? call('Maps.fetch', { id: 7 }) : call('Maps.search', { query: 'x', limit: 1 }) };
    case 'e2':
      return { content: '{"name": "Maps.fetch", "args": {"id": 9.0}}' };
    default:
      return { status: 400, content: `no scripted case in ${user.slice(0, 40)}` };
  }
}

export const EXPECTED = {
  internal: { critic: 2 / 4, reflect: 1 / 3, name: 2 / 3, args: 1.5 / 3, parse_rate: 3 / 4 },
  skip: { retry: 1, break: 1 / 2, name: 1 / 2, args: 1 / 2, parse_rate: 1 },
  /** 4 internal + 2 (e1) + 4 (e2). */
  requests: 10,
};
