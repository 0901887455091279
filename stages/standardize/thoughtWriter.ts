/**
 * The `thought-writer` role: the "goal at current step" a CoT variant shows for each ground-truth
 * call. Offline, the rules tie the user's request, the tool's purpose and the key argument values.
 */
import { z } from 'zod';
import type { RoleSpec } from '../../pipeline/llm/types.js';
import { toJson } from '../../pipeline/pyValues.js';

export interface ThoughtInput {
  query: string;
  steps: { name: string; description: string; args: Record<string, unknown> | string }[];
}

const Output = z.object({ thoughts: z.array(z.string().min(1)) });

function purpose(description: string): string {
  // BFCL descriptions carry a preamble about the toolkit; the part after "Tool description:" is the API's own.
  const own = description.includes('Tool description:') ? description.split('Tool description:').pop()! : description;
  const first = own.trim().split(/(?<=\.)\s/)[0].replace(/\.$/, '').replace(/^\[[^\]]*\]\s*/, '');
  return first.charAt(0).toLowerCase() + first.slice(1);
}

function showArgs(args: Record<string, unknown> | string): string {
  if (typeof args === 'string') return args ? ` with ${args}` : '';
  const parts = Object.entries(args).slice(0, 4).map(([k, v]) => `${k}=${toJson(v)}`);
  return parts.length ? ` with ${parts.join(', ')}` : '';
}

export const thoughtWriterRole: RoleSpec<ThoughtInput, { thoughts: string[] }> = {
  role: 'thought-writer',
  schemaName: 'step_thoughts',
  schema: Output,
  template: {
    id: 'thought-writer/goal-at-step',
    version: '1',
    render: (input) => [
      {
        role: 'system',
        content:
          'You annotate tool-calling trajectories. For each tool call below, write one short sentence stating the goal at that step (why this call, with these arguments, is the next thing to do for the user\'s request). Reply in JSON: {"thoughts": [string, ...]} with exactly one thought per call, in order.',
      },
      { role: 'user', content: `User request:\n${input.query}\n\nCalls:\n${input.steps.map((s, i) => `${i + 1}. ${s.name}(${toJson(s.args)}) — ${purpose(s.description)}`).join('\n')}` },
    ],
  },
  offline: {
    version: 'thought-writer-1',
    run: (input) => ({
      thoughts: input.steps.map((s, i) => {
        const lead = i === 0 ? 'To handle the request' : 'Next';
        return `${lead}, I need to ${purpose(s.description) || 'use ' + s.name}, so I will call ${s.name}${showArgs(s.args)}.`;
      }),
    }),
  },
};
