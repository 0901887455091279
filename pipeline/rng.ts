/**
 * Seeded randomness. Every random choice in the pipeline comes from a generator derived from
 * (seed, item id, purpose), never from call order, so concurrency and resumption cannot change
 * a result.
 */
import { hash } from 'node:crypto';
import { xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';

export class Rng {
  private gen: RandomGenerator;

  constructor(seed: number | string, ...scope: string[]) {
    // The one-shot hash: the same digest as createHash's, at a fraction of the cost for these short keys.
    const digest = hash('sha256', [String(seed), ...scope].join('\u0000'), 'buffer');
    // 128 bits of state straight from the digest; sha256 output is never all zeros in practice.
    this.gen = xoroshiro128plusFromState([0, 4, 8, 12].map((o) => digest.readInt32LE(o)));
  }

  /** The generator's state: two generators with equal states draw the same from here on. */
  state(): readonly number[] {
    return this.gen.getState();
  }

  /** Puts the generator in a state `state()` returned (a memo replaying a draw's effect on the generator). */
  restore(state: readonly number[]): void {
    this.gen = xoroshiro128plusFromState(state);
  }

  /** Integer in [min, max] inclusive. */
  int(min: number, max: number): number {
    if (max < min) throw new Error(`Rng.int: empty range [${min}, ${max}]`);
    return uniformInt(this.gen, min, max);
  }

  /** Float in [0, 1). */
  float(): number {
    return this.int(0, 2 ** 30 - 1) / 2 ** 30;
  }

  chance(p: number): boolean {
    return this.float() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('Rng.pick: empty list');
    return items[this.int(0, items.length - 1)];
  }

  /** A shuffled copy (Fisher-Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.int(0, i);
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  }

  /** n distinct items, in random order. */
  sample<T>(items: readonly T[], n: number): T[] {
    return this.shuffle(items).slice(0, Math.min(n, items.length));
  }

  /** Index chosen with probability proportional to its weight. */
  weighted(weights: readonly number[]): number {
    const total = weights.reduce((a, b) => a + b, 0);
    if (total <= 0) throw new Error('Rng.weighted: weights sum to zero');
    let r = this.float() * total;
    for (let i = 0; i < weights.length; i++) {
      r -= weights[i];
      if (r < 0) return i;
    }
    return weights.length - 1;
  }
}

export function rngFor(seed: number, itemId: string, purpose: string): Rng {
  return new Rng(seed, itemId, purpose);
}
