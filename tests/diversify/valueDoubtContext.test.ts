/**
 * underivableTruth keeps the last context it normalised (valueDoubt.ts normContext): an answer after
 * another context must be the answer for its own context, never the one it kept.
 */
import { describe, expect, it } from 'vitest';
import { underivableTruth } from '../../pipeline/errors/valueDoubt.js';

describe('underivableTruth with the last context kept', () => {
  it('answers each context for itself, whatever was asked before', () => {
    const withParis = 'Tool: Weather.get  city (string)\nWhat is the weather in Paris tomorrow?';
    const withoutParis = 'Tool: Weather.get  city (string)\nWhat is the weather tomorrow?';
    const withHan = '查询北京的天气';
    // Alternating contexts, each asked twice in a row, so the kept one is both right and stale at some point.
    for (const [context, want] of [
      [withParis, undefined],
      [withParis, undefined],
      [withoutParis, /"Paris"/],
      [withoutParis, /"Paris"/],
      [withParis, undefined],
      [withHan, /"Paris"/],
    ] as const) {
      const got = underivableTruth('Paris', context);
      if (want) expect(got).toMatch(want);
      else expect(got).toBeUndefined();
    }
    expect(underivableTruth('北京', withHan)).toBeUndefined();
    expect(underivableTruth('北京', withParis)).toMatch(/北京/);
    // Whitespace and case are normalised in the kept context as they were afresh.
    expect(underivableTruth('new   york', 'Find flights to NEW\nYORK')).toBeUndefined();
  });
});
