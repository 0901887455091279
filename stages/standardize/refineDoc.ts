/**
 * The `refine-doc` role: an empty or vague description made clear (paper Fig. 14's refined docs).
 * Offline, the rules write it from the API's name, parameters and return data.
 */
import { z } from 'zod';
import type { RoleSpec } from '../../pipeline/llm/types.js';
import { joinAnd } from '../../pipeline/quality/grammar.js';

export interface RefineDocInput {
  name: string;
  description: string;
  parameters: { name: string; type: string; description: string; required: boolean }[];
  returns: { name: string; description: string }[];
}

const Output = z.object({ description: z.string().min(1) });

function words(identifier: string): string {
  return identifier
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_.]+/g, ' ')
    .trim()
    .toLowerCase();
}


export const refineDocRole: RoleSpec<RefineDocInput, { description: string }> = {
  role: 'refine-doc',
  schemaName: 'refined_description',
  schema: Output,
  template: {
    id: 'refine-doc/fig14',
    version: '1',
    render: (input) => [
      {
        role: 'system',
        content:
          'You are a helpful expert who writes API documentation. You will receive an API document whose description is empty or vague. Write a clear, accurate one- or two-sentence description of what the API does, based only on its name, parameters and return data. Do not invent behaviour. Reply in JSON: {"description": string}.',
      },
      { role: 'user', content: `Here is the API document:\n${JSON.stringify(input, null, 2)}` },
    ],
  },
  offline: {
    version: 'refine-doc-2',
    run: (input) => {
      const [, api] = input.name.split('.');
      const action = words(api);
      const verb = action.charAt(0).toUpperCase() + action.slice(1);
      const required = input.parameters.filter((p) => p.required).map((p) => `${words(p.name)} (${p.name})`);
      const optional = input.parameters.filter((p) => !p.required).map((p) => p.name);
      const returns = input.returns.map((r) => words(r.name));
      const kept = input.description.trim().replace(/\.$/, '');
      // A kept text opening with the API's own verb ("send email" of Email.send) needs no heading: "Send: send email." says it twice.
      const sameVerb = kept && kept.split(/\s+/)[0].toLowerCase() === action.split(' ')[0];
      let text = !kept ? `${verb}.` : sameVerb ? `${kept.charAt(0).toUpperCase()}${kept.slice(1)}.` : `${verb}: ${kept}.`;
      if (required.length) text += ` It needs the ${joinAnd(required)}`;
      if (optional.length) text += `${required.length ? ', and optionally' : ' It optionally takes'} ${joinAnd(optional)}`;
      if (required.length || optional.length) text += '.';
      if (returns.length) text += ` It returns the ${joinAnd(returns)}.`;
      return { description: text };
    },
  },
};
