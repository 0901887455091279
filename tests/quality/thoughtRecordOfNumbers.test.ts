// thought-writer-48 / assemble 65 (lead36): a schedule's lines are no record (teval_query_88_0-env-k2-cot's retry
// thought said "bullet items (a record of 9, 10, 11 and more)").
import { describe, expect, it } from 'vitest';
import { describeText, recordLabels } from '../../pipeline/thoughtPhrases.js';
import { recordOfNumbers } from '../../pipeline/quality/measures/thoughtWording.js';

describe('a schedule described by its opening, never as a record of its hours', () => {
  it('reads clock times as no labels, and real labels still as a record', () => {
    const agenda = '9:00 AM - Registration and Networking[SPAN]10:00 AM - Keynote Speech[SPAN]11:30 AM - Break[SPAN]12:00 PM - Panel Discussion[SPAN]1:30 PM - Lunch Break';
    expect(recordLabels(agenda)).toBeUndefined();
    expect(describeText(agenda)).toBe('a text beginning "9:00 AM - Registration and Networking"');
    expect(describeText('Published: 2023-04-06\nTitle: The Governance of Physical AI\nAuthors: Yingbo Li\nSummary: …')).toBe('a record of Published, Title, Authors and Summary');
  });
  it('flags the old wording', () => {
    expect(recordOfNumbers('so I\'ll send it again, still with bullet items (a record of 9, 10, 11 and more), and title "Conference Agenda".')).toBe('a record of 9, 10, 11 and more');
    expect(recordOfNumbers('with content (a record of Published, Title and Summary)')).toBeUndefined();
  });
});
