/**
 * A closing answer states floats to 12 significant digits (no binary noise), and counts what it saw
 * in words or characters: neither is a number "nothing shown supports" (answer_unsupported flagged
 * teval_query_111_1-env-k14's 40.7494314923 for the shown 40.749431492345, and "a 349-character
 * text"), while a number shown nowhere still is.
 */
import { describe, expect, it } from 'vitest';
import { unsupportedNumbers } from '../../pipeline/quality/grounding.js';
import { unsupportedAnswer } from '../../pipeline/quality/measures/solvable.js';
import type { TestCase } from '../../pipeline/schemas.js';

const shown = [{ role: 'function' as const, content: '{"lat": 40.749431492345, "lon": -73.98}' }];

describe('numbers a closing answer states', () => {
  it('a float rounded to 12 significant digits is the shown one; another number is not', () => {
    expect(unsupportedNumbers('It is at 40.7494314923, -73.98.', shown)).toEqual([]);
    expect(unsupportedNumbers('It is at 40.7494314924.', shown)).toEqual(['40.7494314924']);
    expect(unsupportedNumbers('It is 12 km away.', shown)).toEqual(['12']);
  });

  it('a count of characters the answer makes is no claim', () => {
    const tc = { messages: [{ role: 'user', content: '看看这部电影' }, { role: 'function', content: '{"description": "很长的简介"}' }], groundTruth: { name: 'FinishAction', args: 'The description is a 349-character text that opens with "很长".' } } as unknown as TestCase;
    expect(unsupportedAnswer.check(tc, {} as never)).toBeNull();
    const wrong = { ...tc, groundTruth: { name: 'FinishAction', args: 'The film has 349 reviews.' } } as unknown as TestCase;
    expect(unsupportedAnswer.check(wrong, {} as never)).toMatch(/349/);
  });

  it('what the assistant\'s own shown call passed is shown: the times a reservation was made for (teval_query_81_0-env-k3)', () => {
    const messages = [
      { role: 'user', content: 'Find a free room between 2:00 PM and 4:00 PM and book the first one.' },
      { role: 'assistant', content: '{"name":"ReserveMeeting.reserve","args":{"end_time":"16:00","room_id":"103","start_time":"14:00"}}' },
      { role: 'function', content: "{'state': 'Book this room successfully.'}" },
    ];
    const tc = { messages, groundTruth: { name: 'FinishAction', args: 'I reserved room 103 from 14:00 to 16:00.' } } as unknown as TestCase;
    expect(unsupportedAnswer.check(tc, {} as never)).toBeNull();
    const made = { ...tc, groundTruth: { name: 'FinishAction', args: 'I reserved room 103 from 14:00 to 17:00.' } } as unknown as TestCase;
    expect(unsupportedAnswer.check(made, {} as never)).toMatch(/17/);
  });
});
