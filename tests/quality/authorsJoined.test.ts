import { describe, expect, it } from 'vitest';
import { authorsSaid } from '../../stages/resolve/answerWriter.js';
import { authorsUnjoined } from '../../pipeline/quality/measures/answerCraft.js';

describe('a paper\'s authors said as an English list (answer_authors_unjoined)', () => {
  // teval_query_191_1-control-k5 on g0: arXiv's "Authors:" field pasted after "by".
  const field = 'Yingbo Li, Anamaria-Beatrice Spulber, Yucong Duan';
  it('flags the field pasted and passes the list said', () => {
    expect(authorsUnjoined(`"The Governance of Physical Artificial Intelligence" by ${field} (published 6 April 2023).`)).toBeDefined();
    expect(authorsUnjoined(`"The Governance of Physical Artificial Intelligence" by ${authorsSaid(field)} (published 6 April 2023).`)).toBeUndefined();
    expect(authorsUnjoined('"Lecture Notes" by Elad Hazan (published 8 September 2019).')).toBeUndefined();
  });
  it('joins a plain list of full names and leaves anything else as it is', () => {
    expect(authorsSaid(field)).toBe('Yingbo Li, Anamaria-Beatrice Spulber and Yucong Duan');
    expect(authorsSaid('Seth Lloyd')).toBe('Seth Lloyd');
    expect(authorsSaid('Smith, J.')).toBe('Smith, J.');
    expect(authorsSaid('Jiajun Shen and Wei Weng')).toBe('Jiajun Shen and Wei Weng');
  });
});
