import { describe, expect, it } from 'vitest';
import { readBackDetails } from '../../stages/evolve/contextThoughts.js';
import { thoughtFrame } from '../../pipeline/quality/measures/context.js';

// On the merged build m20 one read-back reason ("Reading the X back means nothing gets lost along the
// way.") sat in 50.4% of CoT insertions (long_context_thought_frame_share, limit 0.5): seven reasons
// about read-backs in general served every read-back. A read-back that names details may be thought
// about by them, in the customer's words.
describe('a read-back thought may name what the read-back checks (evolve 51)', () => {
  it('reads the details a read-back names after its drink, and nothing else', () => {
    expect(readBackDetails("So that's a latte with oat milk and vanilla?")).toBe('oat milk and vanilla');
    expect(readBackDetails('Let me read that back: an iced cortado with oat milk and hazelnut, is every detail right?')).toBe('oat milk and hazelnut');
    expect(readBackDetails("So that's a decaf mocha?")).toBeUndefined();
    expect(readBackDetails('Is that with the oat milk you wanted?')).toBeUndefined();
  });

  it('two drinks\' details are said as theirs, without the second drink\'s "one with" (evolve 67)', () => {
    expect(readBackDetails('So that is two lattes, one with almond milk and one with oat milk?')).toBe('almond milk and oat milk');
    expect(readBackDetails('Two matcha lattes, one with oat milk and another with almond milk, right?')).toBe('oat milk and almond milk');
    expect(readBackDetails('Two lattes, one with almond milk and the other with oat milk?')).toBe('almond milk and oat milk');
    for (const r of ['So that is two lattes, one with almond milk and one with oat milk?']) {
      const thought = `Reading the lattes back lets them confirm the ${readBackDetails(r)}.`;
      expect(thought).not.toMatch(/and one with/);
    }
  });

  it('the details keep the frame apart where the drinks are masked', () => {
    const a = thoughtFrame('Reading the latte back makes sure I have the oat milk and vanilla right.');
    const b = thoughtFrame('Reading the mocha back makes sure I have the almond milk right.');
    expect(a).not.toBe(b);
  });
});
