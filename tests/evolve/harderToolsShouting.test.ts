// harder-tools-20 (lead36): T-Eval's PPT.save_file doc shouts and drops its verb; a harder rewrite is still careful English.
import { describe, expect, it } from 'vitest';
import { degradeDescription } from '../../stages/evolve/roles/harderTools.js';
import { shouting } from '../../pipeline/quality/measures/text.js';
import { Rng } from '../../pipeline/rng.js';

describe('a rewritten doc never shouts', () => {
  it('mends "YOU MUST … when all steps done" whatever the draw, and the measure flags the old text', () => {
    const tool = { name: 'PPT.save_file', required_parameters: [], optional_parameters: [], return_data: [{ name: 'status', description: 'the status of the operation' }] };
    for (let seed = 0; seed < 20; seed++) {
      const text = degradeDescription('When all steps done, YOU MUST use save_file() to save PPT.', new Rng(seed, 'harder'), tool as never);
      expect(shouting(text), text).toBeUndefined();
      expect(text).toMatch(/\bmust use save_file\(\)/i);
      expect(text).toMatch(/when all steps are done/i);
    }
    expect(shouting('YOU MUST use save_file() to save PPT when all steps done.')).toBe('YOU MUST');
    // An acronym is no shouting.
    expect(shouting('Save the PPT file as a PDF.')).toBeUndefined();
  });
});
