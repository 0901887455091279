/**
 * ShareGPT JSONL in LLaMA-Factory's function-calling shape (its `data/README.md`, formatting
 * "sharegpt"): `conversations` alternate human/observation and gpt/function_call turns; a tool
 * call is a `function_call` turn holding `{"name", "arguments"}` and its answer an `observation`;
 * the tools offered are a JSON string in the `tools` column. The final `gpt` turn is the critique
 * CRITICTOOL asks for — `{"error", "thought", "name", "args"}` — after the wrong call and the tool's
 * real feedback.
 *
 * The wrong call is an ordinary `function_call` turn, because the conversation must show it; train
 * with `mask_history: true` (LLaMA-Factory then learns only the last turn, the critique), which
 * `dataset_info.json` beside the files says again. `mistake_turn` names the wrong call's index.
 */
import type { Action } from '../../pipeline/schemas.js';
import { groundTruthAt, historyEvents, reflection, type CorrectionSample } from './samples.js';
import { toJson } from '../../pipeline/pyValues.js';
import { toolSchema } from './openaiChat.js';

export const SHAREGPT_SYSTEM_PROMPT =
  'You are an assistant who can call tools. When a tool call fails or returns an error, reply with a JSON object ' +
  '{"error": <error type>, "thought": <what went wrong and how to fix it>, "name": <tool>, "args": <corrected arguments>}. ' +
  'Error types: tool_select_error, tool_hallucination_error, parameters_key_error, parameters_value_error.';

type Turn = { from: 'human' | 'gpt' | 'function_call' | 'observation'; value: string };

function functionCall(action: Action): Turn {
  return { from: 'function_call', value: toJson({ name: action.name, arguments: typeof action.args === 'string' ? { input: action.args } : action.args }) };
}

/** The tools column: function schemas under the names the conversation calls them by. */
function toolsColumn(sample: CorrectionSample): string {
  return toJson(sample.trajectory.tools.map((doc) => ({ ...toolSchema(doc).function, name: doc.name })));
}

export function toShareGpt(sample: CorrectionSample): Record<string, unknown> {
  const conversations: Turn[] = [];
  for (const ev of historyEvents(sample.trajectory, sample.k)) {
    if (ev.kind === 'user') conversations.push({ from: 'human', value: ev.content });
    else if (ev.kind === 'finish') conversations.push({ from: 'gpt', value: ev.answer.trim() || '(turn finished)' });
    else conversations.push(functionCall(ev.action), { from: 'observation', value: ev.response });
  }
  const mistakeTurn = conversations.length;
  conversations.push(functionCall(sample.erroneous), { from: 'observation', value: sample.feedback.content });
  const corrected = groundTruthAt(sample.trajectory, sample.k);
  conversations.push({
    from: 'gpt',
    value: toJson({ error: sample.errorType, thought: reflection(sample, corrected), name: corrected.name, args: corrected.args }),
  });
  return { id: sample.id, system: SHAREGPT_SYSTEM_PROMPT, tools: toolsColumn(sample), conversations, mistake_turn: mistakeTurn, origin: sample.origin, method: sample.method };
}

/** LLaMA-Factory's `data/dataset_info.json` entries for the train and validation files. */
export function llamaFactoryDatasetInfo(files: string[]): Record<string, unknown> {
  return Object.fromEntries(
    files.map((file) => [
      `critictool_forge_${file.replace(/\.jsonl$/, '')}`,
      {
        file_name: file,
        formatting: 'sharegpt',
        columns: { messages: 'conversations', system: 'system', tools: 'tools' },
        tags: { role_tag: 'from', content_tag: 'value', user_tag: 'human', assistant_tag: 'gpt', observation_tag: 'observation', function_tag: 'function_call' },
      },
    ]),
  );
}
