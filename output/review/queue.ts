/**
 * Which samples go into a review queue: `flagged` (what verify could not settle, the default),
 * `stale` (decided on content that has changed since; a release waits for these), `sample:N` (N of the accepted and flagged samples drawn with the seed — a spot check of what
 * would ship unreviewed), `strategy:X` (every accepted or flagged sample of one evolution strategy).
 */
import { Rng } from '../../pipeline/rng.js';
import { EVOLUTION_STRATEGIES } from '../../pipeline/schemas.js';
import type { ReviewSample } from './samples.js';

export type QueueSpec = { kind: 'flagged' } | { kind: 'stale' } | { kind: 'sample'; n: number } | { kind: 'strategy'; strategy: string };

export class QueueSpecError extends Error {}

export function parseQueueSpec(text: string): QueueSpec {
  if (text === 'flagged') return { kind: 'flagged' };
  if (text === 'stale') return { kind: 'stale' };
  const m = /^(sample|strategy):(.+)$/.exec(text);
  if (m?.[1] === 'sample') {
    const n = Number(m[2]);
    if (!Number.isInteger(n) || n <= 0) throw new QueueSpecError(`--queue ${text}: N must be a positive integer`);
    return { kind: 'sample', n };
  }
  if (m?.[1] === 'strategy') {
    if (!(EVOLUTION_STRATEGIES as readonly string[]).includes(m[2])) {
      throw new QueueSpecError(`--queue ${text}: unknown strategy "${m[2]}" (one of ${EVOLUTION_STRATEGIES.join(', ')})`);
    }
    return { kind: 'strategy', strategy: m[2] };
  }
  throw new QueueSpecError(`--queue ${text}: expected flagged, stale, sample:N or strategy:X`);
}

export function queueName(spec: QueueSpec): string {
  return spec.kind === 'flagged' || spec.kind === 'stale' ? spec.kind : spec.kind === 'sample' ? `sample-${spec.n}` : `strategy-${spec.strategy}`;
}

/** The queue's samples in the verify stage's order (a sample draw keeps that order too). */
export function selectQueue(samples: ReviewSample[], spec: QueueSpec, seed: number, isStale: (s: ReviewSample) => boolean = () => false): ReviewSample[] {
  const live = samples.filter((s) => s.status !== 'rejected');
  // Decided on content they no longer have: a release waits for a new decision on these.
  if (spec.kind === 'stale') return live.filter(isStale);
  if (spec.kind === 'flagged') return live.filter((s) => s.status === 'flagged');
  if (spec.kind === 'strategy') return live.filter((s) => s.strategy === spec.strategy);
  const chosen = new Set(new Rng(seed, 'review-queue', 'sample').sample(live.map((s) => s.id), spec.n));
  return live.filter((s) => chosen.has(s.id));
}
