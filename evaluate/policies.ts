/**
 * Who answers a turn: a model through the LLM layer, or a reference policy that needs none.
 *  - `baseline:ground-truth`: internal — the ground truth with its error type (none for a control);
 *    external — retries the failed call min(3, retry limit) times, as the instructions allow, then the
 *    next action (skip) or a FinishAction reporting the failure in the evaluator's own words (finish).
 *    It must score 100 on every metric of every file: the ceiling, and a check on the data.
 *  - `baseline:no-reflect`: repeats the step shown last, never naming an error.
 *  - `baseline:always-retry`: claims the last step failed and sends it again unchanged. On external
 *    files the step shown last is the failed call, so there the two floors act alike.
 * A model gets the conversation with roles mapped as the official API template maps them, at
 * temperature 0 and 512 completion tokens (the official wrapper's settings); its replies are kept
 * raw: a malformed reply is data, scored as the evaluator scores it.
 */
import { z } from 'zod';
import type { Config } from '../pipeline/config.js';
import { requestHash } from '../pipeline/llm/callCache.js';
import { identityFor } from '../pipeline/llm/openai.js';
import type { LlmGateway, RoleSpec } from '../pipeline/llm/types.js';
import { Rng } from '../pipeline/rng.js';
import type { EvalSampleData } from './dataset.js';
import { formatLoadText, parseLikePython } from './formatLoad.js';
import { apiRole, finishCriticThought, type ChatTurn, type EvalMode } from './protocol.js';
import { PyDict, pyStr, toJsonText, type PyValue } from './python/value.js';

export interface Turn {
  /** The eval sample key (calls rows point at it). */
  key: string;
  sample: EvalSampleData;
  mode: EvalMode;
  cot: boolean;
  /** 0-based reply round. */
  round: number;
  retryLimit: number;
  /** What the model is shown: instructions inserted, earlier retry rounds appended. */
  conversation: ChatTurn[];
}

export interface PolicyReply {
  text: string;
  requestHash?: string;
  cached?: boolean;
}

export interface Policy {
  /** The model name, or baseline:<name>. */
  readonly id: string;
  reply(turn: Turn): Promise<PolicyReply>;
}

export const BASELINES = ['baseline:ground-truth', 'baseline:no-reflect', 'baseline:always-retry'] as const;

/** Retries the ground-truth policy makes before moving on: what the instructions allow, within the run's limit. */
export function groundTruthRetries(retryLimit: number): number {
  return Math.min(3, retryLimit);
}

function action(fields: [string, PyValue | undefined][]): string {
  const d = new PyDict();
  for (const [k, v] of fields) if (v !== undefined) d.set(k, v);
  return toJsonText(d);
}

function asAction(v: PyValue): PyDict {
  return v as PyDict;
}

/** The ground-truth reply for a turn (also the dry run's stand-in for a model's reply). */
export function groundTruthReply(turn: Turn): string {
  const { sample, mode, cot } = turn;
  if (mode === 'internal') {
    const gt = asAction(sample.groundTruth);
    return action([
      ['error', sample.errorType || undefined],
      ['thought', cot ? gt.get('thought') : undefined],
      ['name', gt.get('name')],
      ['args', gt.get('args')],
    ]);
  }
  const [failed, next] = (sample.groundTruth as PyValue[]).map(asAction);
  const pick = (a: PyDict) => action([
    ['thought', cot ? a.get('thought') : undefined],
    ['name', a.get('name')],
    ['args', a.get('args')],
  ]);
  if (turn.round < groundTruthRetries(turn.retryLimit)) return pick(failed);
  if (mode === 'skip') return pick(next);
  const report = finishCriticThought(pyStr(failed.get('name') ?? ''));
  return action([
    ['thought', cot ? report : undefined],
    ['name', 'FinishAction'],
    ['args', report],
  ]);
}

function lastAssistant(conversation: ChatTurn[]): string {
  for (let i = conversation.length - 1; i >= 0; i--) if (conversation[i].role === 'assistant') return conversation[i].content;
  return '';
}

export const CLAIMED_FAILURE = 'the last step failed';

export function baselinePolicy(id: (typeof BASELINES)[number]): Policy {
  switch (id) {
    case 'baseline:ground-truth':
      return { id, reply: async (turn) => ({ text: groundTruthReply(turn) }) };
    case 'baseline:no-reflect':
      return { id, reply: async (turn) => ({ text: lastAssistant(turn.conversation) }) };
    case 'baseline:always-retry':
      return {
        id,
        reply: async (turn) => {
          const last = lastAssistant(turn.conversation);
          if (turn.mode !== 'internal') return { text: last };
          const parsed = parseLikePython(formatLoadText(last, '{', '}'));
          if (!(parsed instanceof PyDict)) return { text: last };
          const claimed = new PyDict();
          claimed.set('error', CLAIMED_FAILURE);
          for (const [k, v] of parsed.entries) if (k !== 'error') claimed.set(k, v);
          return { text: toJsonText(claimed) };
        },
      };
  }
}

/** The role spec a model is asked through: raw text out, the conversation in as the API template maps it. */
export const EVALUATED_MODEL_SPEC: RoleSpec<Turn, string> = {
  role: 'observed-model',
  template: {
    id: 'evaluate/critictool-protocol',
    version: '1',
    render: (turn) => turn.conversation.map((m) => ({ role: apiRole(m.role), content: m.content })),
  },
  schema: z.string(),
  schemaName: 'reply',
  output: 'text',
  offline: { version: 'evaluate-ground-truth-1', run: (turn) => groundTruthReply(turn) },
};

export function modelPolicy(model: string, llm: LlmGateway, config: Config): Policy {
  return {
    id: model,
    reply: async (turn) => {
      const rng = new Rng(config.seed, turn.key, `round-${turn.round}`);
      const result = await llm.invoke(EVALUATED_MODEL_SPEC, turn, { artifactKey: turn.key, stage: 'evaluate', rng });
      const identity = identityFor(config, EVALUATED_MODEL_SPEC as unknown as RoleSpec<unknown, unknown>, EVALUATED_MODEL_SPEC.template.render(turn));
      return { text: result.output, requestHash: requestHash(identity), cached: result.cached };
    },
  };
}
