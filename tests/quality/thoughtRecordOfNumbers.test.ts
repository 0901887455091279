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

describe('a unit key names an amount (thought-writer-49)', () => {
  it('says "the amount in gallons" and "13.2 gallons", never "the gallon"', async () => {
    const { keyNoun } = await import('../../pipeline/quality/grammar.js');
    const { argWords, isPlural } = await import('../../pipeline/thoughtPhrases.js');
    const { unitAsNoun } = await import('../../pipeline/quality/measures/thoughtWording.js');
    expect(keyNoun('gallon', { required_parameters: [{ name: 'gallon', description: 'The amount of gallons to be converted.' }] })).toBe('amount in gallons');
    expect(keyNoun('liter')).toBe('amount in liters');
    expect(argWords('amount in gallons', 13.2)).toBe('13.2 gallons');
    expect(argWords('amount in liters', 1)).toBe('1 liter');
    expect(isPlural('amount in gallons')).toBe(false);
    expect(isPlural('points of interest')).toBe(true);
    // bfcl_multi_turn_base_88 and 58 on lead36 m17.
    expect(unitAsNoun('"I\'ve just filled my car up with 13.2 gallons of fuel," the user says, which means the gallon is "13.2".')).toMatch(/^the gallon is/);
    expect(unitAsNoun('All this takes is to convert gallons to liters, and `gallon_to_liter` with gallon 13.2 does that.')).toMatch(/^with gallon 13/);
    expect(unitAsNoun('The user mentioned "30", which is the amount in gallons here; `gallon_to_liter` with 30 gallons.')).toBeUndefined();
  });
});

describe('a number cited from the request restated as the call passes it (thought-writer-50)', () => {
  it('says "so the amount is 100", reads both forms back, and flags the quoted one', async () => {
    const { citedRequest, valueSource } = await import('../../pipeline/thoughtPhrases.js');
    const { numberQuotedAsText } = await import('../../pipeline/quality/measures/thoughtWording.js');
    const request = "I've resolved to initiate a purchase of 100 shares of Tesla at $700 per share.";
    const said = citedRequest('amount', '100', request, false, true)!;
    expect(said).toMatch(/(?:so|which means) the amount is 100\.$/);
    expect(valueSource(said)).toMatchObject({ kind: 'request', value: '100', key: 'amount' });
    // A string value keeps its quotes.
    expect(citedRequest('symbol', 'TSLA', 'Buy shares of TSLA for me, please.', false, false)).toMatch(/"TSLA"/);
    expect(valueSource('"Buy shares of TSLA," the request says, so the symbol is "TSLA".')).toMatchObject({ value: 'TSLA', key: 'symbol' });
    // bfcl_multi_turn_base_102 on lead36 m18.
    expect(numberQuotedAsText(`"${request.slice(0, -1)}," the user says, so the amount is "100". All this takes is …`, { amount: 100, symbol: 'TSLA' })).toBe('is "100"');
    expect(numberQuotedAsText(said, { amount: 100 })).toBeUndefined();
  });
});

describe('one value of a plural key said with the singular (thought-writer-51)', () => {
  it('says "the city is", keeps a list whole in the plural, and flags the old wording', async () => {
    const { SOURCE_FRAMES, citedRequest } = await import('../../pipeline/thoughtPhrases.js');
    const { pluralKeyOneValue } = await import('../../pipeline/quality/measures/thoughtWording.js');
    // bfcl_multi_turn_base_77 on lead36 m19: cities "San Francisco".
    const said = citedRequest('cities', 'San Francisco', 'What is the weather like in San Francisco today?', false, false);
    expect(said).toMatch(/the city is "San Francisco"/);
    expect(pluralKeyOneValue(said!)).toBeUndefined();
    expect(SOURCE_FRAMES[0].say('cities', 'San Francisco, Los Angeles and Chicago')).toMatch(/cities/);
    expect(pluralKeyOneValue('"What is the weather in San Francisco," the user says, which means the cities are "San Francisco".')).toBe('the cities are "San Francisco"');
  });
});
