/**
 * The error simulator (role `error-simulator`): CRITICTOOL's error-diversification prompt (paper
 * Fig. 15, "Fig. 16" in DESIGN.md) with three few-shot examples of the same error type, the
 * correct dialog trajectory up to a_k, and the error type to make. Offline, the same interface is
 * answered by the rule-based injectors.
 *
 * Departures from the figure, and why: the reply is the action object itself
 * (`{"thought", "name", "args"}`) instead of `{"role": "assistant", "content": "<action as a
 * string>"}`, so that it can be validated as structured output; each error type is given a
 * one-line definition (CRITICTOOL §3.1) so the category is not left to the model's reading of its
 * name; a retry tells the model why its previous modification was rejected.
 */
import { z } from 'zod';
import type { PromptMessage, RoleSpec } from '../../pipeline/llm/types.js';
import type { Action, ChatMessage, ErrorType } from '../../pipeline/schemas.js';
import { INJECTORS_VERSION, inject, type InjectionInput } from '../../pipeline/errors/index.js';
import type { FewShotExample } from './fewShot.js';
import { toJson } from '../../pipeline/pyValues.js';

export interface ErrorSimulatorInput {
  errorType: ErrorType;
  /** The correct dialog trajectory: standard system prompt, history, and the correct a_k last. */
  dialog: ChatMessage[];
  fewShot: FewShotExample[];
  /** Earlier attempts of this item that the label checker rejected. */
  rejected: { action?: Action; problem: string }[];
  /** What the offline rules act on (not rendered into the prompt beyond the dialog). */
  injection: InjectionInput;
}

export const ErrorSimulatorOutput = z.object({
  thought: z.string().optional(),
  name: z.string().min(1),
  args: z.record(z.string(), z.unknown()),
  /** Filled by the offline rules: the injector strategy and what it changed. */
  variant: z.string().optional(),
  detail: z.string().optional(),
});
export type ErrorSimulatorOutput = z.infer<typeof ErrorSimulatorOutput>;

export const ERROR_TYPE_TITLES: Record<ErrorType, string> = {
  tool_select_error: 'Tool Select Error',
  tool_hallucination_error: 'Tool Hallucination Error',
  parameters_key_error: 'Parameters Key Error',
  parameters_value_error: 'Parameters Value Error',
};

const DEFINITIONS: Record<ErrorType, string> = {
  tool_select_error: 'call a different tool that exists in the tool list but is unsuitable for this step',
  tool_hallucination_error: 'call a tool that does not exist in the tool list (a plausible but non-existent name)',
  parameters_key_error: 'call the right tool, but with a required parameter key missing or a parameter key the tool does not have',
  parameters_value_error: 'call the right tool with the right keys, but with a parameter value in the wrong format or with the wrong content',
};

const SYSTEM = `Character Introduction
You are a large language modeling engineer, and your current task is to modify some conversation datas of large language model interacting with some external tool APIs. Your goal is to modify the content of the last reply of assistant in the correct dialog so that an error occurs and matches the error category I have given.

Description of the Dialogues Structure:
- User presents the task and describes the problems to be solved.
- Assistant replies to solve the problems, may call the tool API or give the answer directly.
- Function is a tool API return that provides actual datas or the results of performing a specific action.
- The interaction consists of several steps, and the assistant solves the problems step-by-step by calling functions.

Your Task:
- Find the dialog to be modified: identify the last assistant response in each dialog that is the target of the message you need to modify.
- Understanding error categories: I will provide you with a specific error category, and you need to analyze the original dialog according to the error category and find out what needs to be modified, making sure that each step of your analysis is clear and reasonable.
- Conduct modifications: make the appropriate modifications based on the error category so that the dialog contains errors that match that error category.

Error Categories:
${Object.entries(DEFINITIONS)
  .map(([t, d]) => `- ${ERROR_TYPE_TITLES[t as ErrorType]}: ${d}.`)
  .join('\n')}

Response Format:
Follow the JSON format to output only the modified assistant reply without redundancy, and do not add comments (//) in the response.
{"thought": string, "name": string, "args": Record<string, any>}
- thought: the goal at the current step, as the assistant would state it
- name: tool name to call
- args: input params required by the tool, in JSON format

Notes:
- Accuracy of JSON format: Please strictly follow the reply format, and output only the modified wrong tool call action of assistant.
- Reasonability of tool call: even if the error is generated, the called tool and its argument settings should be within a reasonable range, and the error should have some relevance to the correct dialog.
- Keep the chain of thought clear: although it is a simulation of the dialog and errors, assistant's thought process still needs to be clear and reasonable. Even if an error occurs, the logic of the assistant's reasoning when calling the tool should be complete.`;

function actionJson(action: Action): string {
  const body: Record<string, unknown> = {};
  if (action.thought !== undefined) body.thought = action.thought;
  body.name = action.name;
  body.args = action.args;
  return toJson(body);
}

function renderExample(example: FewShotExample, index: number): string {
  const lines = [`Example ${index + 1} (${ERROR_TYPE_TITLES[example.errorType]}):`];
  if (example.goal) lines.push(`Task: ${example.goal}`);
  if (example.correct) lines.push(`Correct assistant reply: ${actionJson(example.correct)}`);
  lines.push(`Modified assistant reply: ${actionJson(example.erroneous)}`);
  if (example.response) lines.push(`Function response to the modified reply: ${example.response}`);
  return lines.join('\n');
}

function renderDialog(dialog: ChatMessage[]): string {
  return dialog.map((m) => `${m.role}: ${m.content}`).join('\n');
}

export function renderErrorSimulatorPrompt(input: ErrorSimulatorInput): PromptMessage[] {
  const examples = input.fewShot.length
    ? `\n\nModification Example:\n${input.fewShot.map(renderExample).join('\n\n')}`
    : '';
  const title = ERROR_TYPE_TITLES[input.errorType];
  let user =
    "Now I'll provide you with the error type and the correct dialog trajectory, please modify the last assistant's response to correspond to the error type.\n" +
    `Error Type: ${title}\n` +
    `Correct Dialog Trajectory:\n${renderDialog(input.dialog)}`;
  if (input.rejected.length) {
    user +=
      `\n\nYour previous modification${input.rejected.length > 1 ? 's were' : ' was'} rejected:\n` +
      input.rejected.map((r) => `- ${r.action ? `${actionJson(r.action)}: ` : ''}${r.problem}`).join('\n') +
      `\nMake a different modification that is a ${title} (${DEFINITIONS[input.errorType]}).`;
  }
  return [
    { role: 'system', content: SYSTEM + examples },
    { role: 'user', content: user },
  ];
}

export const errorSimulatorRole: RoleSpec<ErrorSimulatorInput, ErrorSimulatorOutput> = {
  role: 'error-simulator',
  template: { id: 'error-simulator/fig16', version: '1', render: renderErrorSimulatorPrompt },
  schema: ErrorSimulatorOutput,
  schemaName: 'erroneous_action',
  offline: {
    version: INJECTORS_VERSION,
    run(input, rng) {
      // A tool a rejected attempt called is not drawn again for a wrong tool (the rules would repeat it).
      const avoid = input.errorType === 'tool_select_error' ? [...new Set(input.rejected.flatMap((r) => (r.action ? [r.action.name] : [])))] : [];
      const injection = inject(input.errorType, avoid.length ? { ...input.injection, avoid } : input.injection, rng);
      const args = injection.action.args;
      if (typeof args === 'string') throw new Error(`injector ${injection.variant} produced string arguments`);
      return {
        ...(injection.action.thought !== undefined ? { thought: injection.action.thought } : {}),
        name: injection.action.name,
        args,
        variant: injection.variant,
        detail: injection.detail,
      };
    },
  },
};
