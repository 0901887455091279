/**
 * The official CRITICTOOL protocol (test.py, critictool/utils/prompt.py, chat_template.py):
 *  - the instruction block for the run (internal / CoT, environment skip / finish, CoT or not) is
 *    inserted into the system prompt right before "Remember: only generate ONE step each time";
 *  - internal samples get one reply;
 *  - external samples loop: a reply that format_load (no start/end characters) reads as the failed
 *    call — same name, args equal under Python's == — is appended as an assistant message followed by
 *    the failure message again, and the model is asked again; at most retry_limit + 1 replies;
 *  - over the API, messages keep their role except `function`, sent as `user` (Meta_Template('api')).
 *    The released wrapper raises KeyError on 'assistant' (no mapping); we send it as `assistant`.
 *
 * The instruction texts are the protocol's wording, reproduced character for character: a model
 * sees exactly what the authors' harness shows it.
 */
import { formatLoad } from './formatLoad.js';
import { pyEquals, type PyValue } from './python/value.js';

export const REMEMBER_LINE = 'Remember: only generate ONE step each time';

export type EvalMode = 'internal' | 'skip' | 'finish';

const THOUGHT_LINE = '    "thought": string;\n';

/** The JSON reply format of a tool call; the error field only for internal runs, the thought only with CoT. */
const CALL_FORMAT = (thought: boolean, error: boolean) =>
  '```\n{\n' +
  (error ? '    //description about the type of error in the last step(tool_select_error, tool_hallucination_error, parameters_value_error, parameters_key_error)\n     "error": string;\n' : '') +
  (thought ? `${error ? '      ' : '    '}// goal at current step\n${THOUGHT_LINE}     // tool name to call\n` : '    // tool name to call\n') +
  '    "name": string;\n    // input params required by current tool in JSON format\n    "args": Record<string, any>;\n}\n```\n';

/** The JSON reply format of a FinishAction; `what` is the comment on its args. */
const FINISH_FORMAT = (thought: boolean, what: string) =>
  '```\n{\n' +
  (thought ? `    // explain why the task is accomplished/unaccomplished\n${THOUGHT_LINE}` : '') +
  `    "name": "FinishAction";\n    // ${what}\n    "args": string;\n}\n\`\`\`\n`;

const ENV_INTRO = 'If you meet environment error from tool call, please retry to call it NO MORE THAN THREE TIMES, and if it still fails, ';

const LLM_INTRO =
  'If you realize that an error occurred in the last step, then please analyse the error in the last step and regenerate the step to ensure that you get the correct response. ' +
  'Indicate the error type and select one of the following categories: tool_select_error(an exists but incorrect tool was chosen), tool_hallucination_error(a nonexistent tool was selected), ' +
  'parameters_value_error(the input parameter format or content is incorrect), parameters_key_error(incoming parameter keys are unrecognizable or required parameters are missing). ' +
  'And please using the following format to reply ';

/** The instruction block test.py inserts for a mode (prompt.py's six constants). */
export function instructionBlock(mode: EvalMode, cot: boolean): string {
  if (mode === 'internal') return LLM_INTRO + CALL_FORMAT(cot, true);
  if (mode === 'skip') {
    return (
      ENV_INTRO +
      'you should skip the current step and perform the next task. Please using the following format to reply ' +
      CALL_FORMAT(cot, false) +
      'If you already know the answer, or you do not need to use tools,\nplease using the following format to reply:\n' +
      FINISH_FORMAT(cot, 'your final response to the query')
    );
  }
  return ENV_INTRO + 'you should report the error to the user and ask the user for next action. Please using the following format to reply ' + FINISH_FORMAT(cot, 'your response');
}

export interface ChatTurn {
  role: string;
  content: string;
}

export class ProtocolError extends Error {}

/**
 * The system prompt with the instruction block inserted, as test.py's insert_system_prompt does.
 * test.py uses find(), which gives -1 for a prompt without the Remember line and would splice the
 * block in before the last character; such a file is refused instead, naming the sample.
 */
export function withInstructions(messages: ChatTurn[], mode: EvalMode, cot: boolean, where: string): ChatTurn[] {
  if (messages.length === 0 || messages[0].role !== 'system') throw new ProtocolError(`${where}: query_prompt[0] is not the system prompt`);
  const system = messages[0].content;
  const at = system.indexOf(REMEMBER_LINE);
  if (at < 0) throw new ProtocolError(`${where}: query_prompt[0].content has no "${REMEMBER_LINE}" (the instructions would land in the wrong place)`);
  const content = system.slice(0, at) + instructionBlock(mode, cot) + system.slice(at);
  return [{ role: 'system', content }, ...messages.slice(1).map((m) => ({ ...m }))];
}

/** Meta_Template('api'): the roles an OpenAI-compatible endpoint gets. */
export function apiRole(role: string): 'system' | 'user' | 'assistant' {
  if (role === 'system' || role === 'user' || role === 'assistant') return role;
  if (role === 'function') return 'user';
  throw new ProtocolError(`role ${JSON.stringify(role)} has no API mapping (the official templates know system, user, function, assistant)`);
}

/**
 * test.py's test for "the reply retried the failed call": format_load without start/end characters,
 * then name equal and args equal under Python's ==. Note the evaluators parse with '{'…'}' instead.
 */
export function repeatsFailedCall(reply: string, failed: { name: PyValue; args: PyValue }): boolean {
  const parsed = formatLoad(reply);
  return pyEquals(parsed.name, failed.name) && pyEquals(parsed.args, failed.args);
}

/**
 * The conversation after a repeated call, as test.py extends it: the reply (str(prediction)) as an
 * assistant message, then the message that was last before it — the failure — again.
 */
export function afterRetry(conversation: ChatTurn[], reply: string): ChatTurn[] {
  const next = [...conversation, { role: 'assistant', content: reply }];
  next.push(next[next.length - 2]);
  return next;
}

/** The finish-mode reference answer the external evaluator compares against (its wording, missing space included). */
export function finishCriticThought(failedToolName: string): string {
  return `I encountered an issue while trying to call${failedToolName}, please let me know how you would like to proceed.`;
}
