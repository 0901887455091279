import { describe, expect, it } from 'vitest';
import { addTypos } from '../../stages/evolve/roles/noisyQuery.js';
import { Rng } from '../../pipeline/rng.js';

// teval_query_266_0-parameters_value_error-k2-cot~noisy_query on h-solv33's build: "the way to reach the Empire State
// Building frok the first hotel" left the route's two ends undecided (value_error_swap_undecided).
const REQUEST = 'Also, I would like to know the way to reach the Empire State Building from the first hotel, and the route into town between stops until noon.';

describe('a noisy query never misspells the words that say which end is which', () => {
  it('keeps "from", "into", "between" and "until" whatever the seed', () => {
    let slips = 0;
    for (let seed = 0; seed < 300; seed++) {
      const { text, typos } = addTypos(REQUEST, [], new Rng(seed, 'typos'), 3);
      slips += typos.length;
      for (const w of ['from', 'into', 'between', 'until']) expect(text, `seed ${seed}`).toMatch(new RegExp(`\\b${w}\\b`));
    }
    // The other words still take slips: the rule protects only these.
    expect(slips).toBeGreaterThan(300);
  });
});
