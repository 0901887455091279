import { describe, expect, it } from 'vitest';
import { subjectOnce } from '../../stages/resolve/answerWriter.js';
import { subjectRepeated } from '../../pipeline/quality/measures/answerCraft.js';

// bfcl_multi_turn_base_151-control-k5 on g0.
const BODY = [
  '400 USD is 320 EUR.',
  'The business-class flight from SFO to LAX on 10 November 2026 costs 400 USD.',
  'The business-class flight from SFO to LAX on 10 November 2026 is booked as booking 3426812, paid in transaction 45451592.',
];

describe('a long subject said once (answer_subject_repeated)', () => {
  it('flags the subject said twice in a row and passes the answer subjectOnce writes', () => {
    expect(subjectRepeated(BODY.join(' '))).toMatch(/opens two sentences in a row/);
    const once = subjectOnce(BODY);
    expect(once[2]).toBe('It is booked as booking 3426812, paid in transaction 45451592.');
    expect(subjectRepeated(once.join(' '))).toBeUndefined();
  });
  it('leaves sentences that share a short opening or go on with no verb it can take', () => {
    expect(subjectOnce(['I moved into "a".', 'I moved into "b".'])).toEqual(['I moved into "a".', 'I moved into "b".']);
    const lists = ['The films now playing in China are "A" and "B".', 'The films now playing in China are listed by score.'];
    expect(subjectOnce(lists)).toEqual(lists);
  });
});
