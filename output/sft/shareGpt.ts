/**
 * ShareGPT-style JSONL in the benchmark's own text format: gpt turns are the JSON actions of the
 * standard prompt, observations are tool responses, and the last gpt turn is what CRITICTOOL's
 * critique prompt asks for — {"error", "thought", "name", "args"}.
 */
import { renderAction, renderSystemPrompt, finishAction } from '../../pipeline/prompts/standard.js';
import { groundTruthAt, historyEvents, reflection, type CorrectionSample } from './samples.js';
import { toJson } from '../../pipeline/pyValues.js';

export function toShareGpt(sample: CorrectionSample): Record<string, unknown> {
  const conversations: { from: 'human' | 'gpt' | 'observation'; value: string }[] = [];
  for (const ev of historyEvents(sample.trajectory, sample.k)) {
    if (ev.kind === 'user') conversations.push({ from: 'human', value: ev.content });
    else if (ev.kind === 'finish') conversations.push({ from: 'gpt', value: renderAction(finishAction(ev.answer), { cot: false }) });
    else {
      conversations.push({ from: 'gpt', value: renderAction(ev.action, { cot: false }) });
      conversations.push({ from: 'observation', value: ev.response });
    }
  }
  conversations.push({ from: 'gpt', value: renderAction({ name: sample.erroneous.name, args: sample.erroneous.args }, { cot: false }) });
  conversations.push({ from: 'observation', value: sample.feedback.content });
  const corrected = groundTruthAt(sample.trajectory, sample.k);
  conversations.push({
    from: 'gpt',
    value: toJson({ error: sample.errorType, thought: reflection(sample, corrected), name: corrected.name, args: corrected.args }),
  });
  return { id: sample.id, system: renderSystemPrompt(sample.trajectory.tools, { cot: false }), conversations, origin: sample.origin, method: sample.method };
}
