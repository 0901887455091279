/**
 * A thought says a long value by what it is, and closes a turn on what the turn really did.
 * On the build of 7ce4efc thoughts said "bullet items set to a 15-word text" for "1. Rising global
 * temperatures\n2. Melting ice caps…" (a list, its "1." counted as words: 61/2186 CoT cases counted
 * a list or a record that way), and closing thoughts cited the value the call itself passed
 * ("`retrieve_invoice` came back and the booking id is "insurance_12345"") or a key that is no noun
 * ("the expires in is 2"): 83/2186. A closing thought after a failed retry that promised to "say
 * what worked" when the failed call was the turn's only one was fixed before (h-thoughts7); its
 * measure keeps it out.
 */
import { describe, expect, it } from 'vitest';
import type { TestCase, Turn } from '../../pipeline/schemas.js';
import { argPhrase, answerFact, describeText, sayValue } from '../../pipeline/thoughtPhrases.js';
import { claimsWorkDone, emptyClosingFact, miscountedValue, thoughtClosingFactEmpty, thoughtValueMiscounted } from '../../pipeline/quality/measures/thoughts.js';
import { finishThought } from '../../pipeline/prompts/standard.js';
import { finishThought as closeAfterFailure } from '../../stages/diversify-external/afterFailure.js';
import { Rng } from '../../pipeline/rng.js';
import { groundTruthThoughtCase } from '../support/thoughtCases.js';

const LIST = '1. Rising global temperatures\n2. Melting ice caps\n3. Extreme weather events\n4. Ocean acidification';
const RECORD = 'Published: 2019-09-08\nTitle: Lecture Notes: Optimization for Machine Learning\nAuthors: Elad Hazan\nSummary: Lecture notes on optimization for machine learning.';
const ctx = { trajectory: () => undefined, baseCase: () => undefined };

const cotCase = (thought: string, args: Record<string, unknown>): TestCase => groundTruthThoughtCase(thought, args, 'Make a slide on climate change.');

describe('a long value is said by what it is', () => {
  it('a list by its items, a record by its labels, a letter by whom it is to, prose by its opening — never a word count', () => {
    expect(describeText(LIST)).toBe('four numbered points, the first "Rising global temperatures"');
    expect(describeText('- The purpose of the research\n- Methodologies used\n- Expected outcomes')).toBe('three bullet points ("The purpose of the research", "Methodologies used" and "Expected outcomes")');
    expect(describeText('Increase brand awareness, Drive website traffic, Generate leads')).toBe('three items ("Increase brand awareness", "Drive website traffic" and "Generate leads")');
    expect(describeText(RECORD)).toBe('a record of Published, Title, Authors and Summary');
    expect(describeText('Dear John,\n\nI hope this email finds you well. I am writing to confirm our meeting on October 17, 2023, at 3 PM.')).toBe('a message to John that says "I am writing to confirm our meeting on October 17, 2023, at 3 PM."');
    expect(describeText('Setting forth on an exciting quest from San Francisco to Stonebrook to uncover ancestral stories!')).toBe('a text beginning "Setting forth on an exciting quest from San Francisco"');
    // Since thought-writer-34 a long value's description stands in parentheses after its noun, never "bullet items set to …" (thought_arg_key_pasted).
    expect(argPhrase({ title: 'Climate Change', bullet_items: LIST })).toBe('title "Climate Change" and bullet items (four numbered points, the first "Rising global temperatures")');
    expect(argPhrase({ message: 'Hi John, I would like to schedule a meeting with you next week. Please let me know your availability.' })).toBe('message to John that says "I would like to schedule a meeting with you next week."');
    for (const v of [LIST, RECORD, 'There is an issue with a recent transaction involving a canceled buy order for 100 shares of AAPL.']) expect(sayValue(v)).not.toMatch(/\d+-word/);
  });

  it('thought_value_miscounted flags a list or record counted as words and a wrong item count; passes the writer\'s words', () => {
    expect(miscountedValue('passing bullet items set to a 15-word text', [LIST])).toMatch(/counts a list as words/);
    expect(miscountedValue(`passing text set to a ${RECORD.split(/\s+/).length}-word text`, [RECORD])).toMatch(/record/);
    expect(miscountedValue('passing bullet items set to five numbered points', [LIST])).toMatch(/counts no value/);
    // A count inside a quoted value is the value's own words (teval_query_53_2: bullets "Notes: hotel[SPAN]- 8 items reviewed[SPAN]…").
    expect(miscountedValue('I will call `add_text_page` with bullet items "Notes: hotel[SPAN]- 8 items reviewed[SPAN]- open questions"', ['Notes: hotel[SPAN]- 8 items reviewed[SPAN]- open questions'])).toBeUndefined();
    expect(miscountedValue(`passing bullet items set to ${describeText(LIST)}`, [LIST])).toBeUndefined();
    const args = { title: 'Climate Change', bullet_items: LIST };
    expect(thoughtValueMiscounted.check(cotCase('The user gave the title as "Climate Change". Now I will use `add_text_page`, passing title "Climate Change" and bullet items set to a 15-word text.', args), ctx)).toMatch(/15-word/);
    expect(thoughtValueMiscounted.check(cotCase(`Now I will use \`add_text_page\`, passing ${argPhrase(args)}.`, args), ctx)).toBeNull();
  });
});

describe('a closing thought says what the turn did', () => {
  const external = (thought: string, callsInTurn: number): TestCase =>
    ({
      id: 'e',
      kind: 'external',
      cot: true,
      messages: [
        { role: 'user', content: 'Go to the temp folder.' },
        ...Array.from({ length: callsInTurn }, () => [
          { role: 'assistant', content: JSON.stringify({ thought: 'x', name: 'GorillaFileSystem.cd', args: { folder: 'temp' } }) },
          { role: 'function', content: 'Error: cd failed' },
        ]).flat(),
      ],
      groundTruth: [
        { name: 'GorillaFileSystem.cd', args: { folder: 'temp' }, thought: 'retry' },
        { name: 'FinishAction', args: 'I could not change into temp.', thought },
      ],
    }) as unknown as TestCase;

  it('thought_claims_work_done flags "say what worked" after a turn whose only call failed; passes the writer\'s closing thought', () => {
    expect(claimsWorkDone(external('`cd` failed again on the retry, so I cannot finish this; I will say what worked, what did not, and ask how to go on.', 1))).toMatch(/what worked/);
    expect(claimsWorkDone(external("I'll sum up what was done and ask the user how to proceed.", 1))).toMatch(/sum up what was/);
    expect(claimsWorkDone(external("I'll sum up what was done and ask the user how to proceed.", 2))).toBeNull();
    const tools = [{ name: 'GorillaFileSystem.cd', description: 'Change the current working directory to the specified folder.', required_parameters: [], optional_parameters: [], return_data: [] }];
    for (let seed = 0; seed < 16; seed++) {
      const t = closeAfterFailure({ name: 'GorillaFileSystem.cd', args: { folder: 'temp' } }, 'Error: cd failed', tools as never, new Rng(seed, 'finish-thought'));
      expect(claimsWorkDone(external(t, 1)), t).toBeNull();
    }
  });

  it('thought_closing_fact_empty flags an echoed argument or a verb key cited as news; the writer cites what the call returned', () => {
    expect(emptyClosingFact('`retrieve_invoice` came back and the booking id is "insurance_12345"; it was the last call I planned, so I can report the results.', { booking_id: 'insurance_12345' })).toMatch(/passed/);
    expect(emptyClosingFact('`authenticate_travel` answered that the expires in is 2, which is what I was waiting for before replying.', {})).toMatch(/expires in/);
    expect(emptyClosingFact('`mean` came back and the result is 37; it was the last call I planned, so I can report the results.', { numbers: [37] })).toBeUndefined();
    // A field named as a list is its items (a BFCL CoT travel case: "the travel cost list holds 440").
    expect(emptyClosingFact('`get_flight_cost` came back and the travel cost list holds 440; it was the last call I planned, so I can report the results.', {})).toMatch(/travel cost list/);
    expect(answerFact('{"travel_cost_list": [440.0]}')).toBe('the travel cost is 440');
    expect(answerFact('{"stock_list": ["AAPL", "GOOG", "MSFT"]}')).toBe('the stocks are "AAPL", "GOOG" and "MSFT"');
    expect(emptyClosingFact(`\`get_flight_cost\` came back and ${answerFact('{"travel_cost_list": [440.0]}')}; it was the last call I planned.`, {})).toBeUndefined();
    const invoice = JSON.stringify({ invoice: { booking_id: 'insurance_12345', travel_date: '2026-12-24', travel_from: 'SFO', travel_cost: 9500 } });
    expect(answerFact(invoice, { booking_id: 'insurance_12345' })).toBe('the travel date is "2026-12-24"');
    expect(answerFact(JSON.stringify({ expires_in: 2, access_token: '251675' }), {})).toBe('the access token is "251675"');
    const turn = (user: string, name: string, args: Record<string, unknown>, content: string) => ({ user, steps: [{ action: { name, args, thought: '' }, response: { content } }] }) as unknown as Turn;
    for (const user of ['Get my invoice.', 'Show the invoice please.', 'Invoice for my booking?', 'What did I pay?']) {
      const t = finishThought(turn(user, 'TravelAPI.retrieve_invoice', { booking_id: 'insurance_12345' }, invoice));
      expect(emptyClosingFact(t, { booking_id: 'insurance_12345' }), t).toBeUndefined();
      expect(t).not.toMatch(/insurance_12345/);
      const login = finishThought(turn(user, 'TravelAPI.authenticate_travel', {}, JSON.stringify({ expires_in: 2, access_token: '251675' })));
      expect(login).not.toMatch(/expires in is/);
    }
    expect(thoughtClosingFactEmpty.check(cotCase('`authenticate_travel` answered that the expires in is 2, which is what I was waiting for before replying.', {}), ctx)).toBeNull();
  });
});
