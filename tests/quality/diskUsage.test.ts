import { describe, expect, it } from 'vitest';
import { offlineAnswer } from '../../stages/resolve/answerWriter.js';
import { quotedScalar } from '../../pipeline/quality/measures/answers.js';
import { Rng } from '../../pipeline/rng.js';

// bfcl_multi_turn_base_29: answer-writer-108 said "The disk usage is "79.00 B"." for "What's the human readible disk usage of that folder?".
const du = { name: 'GorillaFileSystem.du', args: { human_readable: true }, response: '{"disk_usage": "79.00 B"}' };

describe('a size is said, not quoted as code (answer_quoted_scalar widened)', () => {
  it('flags a quoted size and passes one said plainly', () => {
    expect(quotedScalar('The disk usage is "79.00 B".')).toBeDefined();
    expect(quotedScalar('The current directory takes up 79.00 B on disk.')).toBeUndefined();
  });
  it('the writer says what du measured as the space the directory takes up', () => {
    for (let seed = 0; seed < 6; seed++) {
      const answer = offlineAnswer({ request: "What's the human readable disk usage of that folder?", steps: [du] } as never, new Rng(seed, 'answer-writer'));
      expect(quotedScalar(answer), answer).toBeUndefined();
      expect(answer).toBe('The current directory takes up 79.00 B on disk.');
    }
  });
});
