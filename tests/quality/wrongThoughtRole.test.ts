/**
 * A wrong call's thought never backs its value by quoting request words that give it the other role
 * (h-evol20). Before (error-injectors@49, f36): 3 of 1,448 CoT cases with an injected wrong call
 * (bfcl_multi_turn_base_159-parameters_value_error-k3-cot and its two evolved copies) said "The
 * request says "arrange a flight from San Francisco International", so the travel to is "San
 * Francisco International"": the quote says the airport is where the flight leaves from.
 */
import { describe, expect, it } from 'vitest';
import type { Action, TestCase } from '../../pipeline/schemas.js';
import { erroneousThought } from '../../pipeline/errors/injectors/thoughts.js';
import { quotesOtherRole } from '../../pipeline/quality/measures/thoughts.js';
import { quotedInOtherRole } from '../../pipeline/thoughtPhrases.js';
import { DEFAULT_QUALITY_THRESHOLDS } from '../../pipeline/config.js';

const QUERY = "Next, let's arrange a flight from San Francisco International (SFO) to Los Angeles International (LAX). Utilize the access token 'abc123xyz'.";
const TOOLS = [
  {
    name: 'TravelAPI.book_flight',
    description: 'Book a flight given the travel information.',
    required_parameters: [
      { name: 'access_token', type: 'string' as const, description: 'the access token' },
      { name: 'travel_from', type: 'string' as const, description: 'the 3 letter code of the departing airport' },
      { name: 'travel_to', type: 'string' as const, description: 'the 3 letter code of the arriving airport' },
    ],
    optional_parameters: [],
    return_data: [],
  },
];
const correct: Action = {
  thought: 'The request says "Utilize the access token \'abc123xyz\'", so the access token is "abc123xyz". Calling `book_flight` with access token "abc123xyz", travel from "SFO" and travel to "LAX" will book a flight.',
  name: 'TravelAPI.book_flight',
  args: { access_token: 'abc123xyz', travel_from: 'SFO', travel_to: 'LAX' },
};
const wrongArgs = { access_token: 'abc123xyz', travel_from: 'SFO', travel_to: 'San Francisco International' };

const withThought = (thought: string): TestCase => ({ id: 'c', cot: true, kind: 'internal', errorType: 'parameters_value_error', erroneousAction: { thought, name: correct.name, args: wrongArgs }, groundTruth: correct, messages: [] }) as unknown as TestCase;

describe("a wrong value's thought does not quote the request giving it the other role", () => {
  it('reads the role the quoted words give a value', () => {
    expect(quotedInOtherRole('travel_to', 'arrange a flight from San Francisco International', 'San Francisco International')).toBe('from');
    expect(quotedInOtherRole('sender_id', 'send the message to USR003', 'USR003')).toBe('to');
    expect(quotedInOtherRole('travel_from', 'arrange a flight from San Francisco International', 'San Francisco International')).toBeUndefined();
    expect(quotedInOtherRole('destination', "move it into 'temp'", 'temp')).toBeUndefined();
    expect(quotedInOtherRole('folder', 'copy from "docs"', 'docs')).toBeUndefined();
  });
  it('the measure flags the contradicting quote and passes a plain slip', () => {
    expect(quotesOtherRole(withThought('The request says "arrange a flight from San Francisco International", so the travel to is "San Francisco International". Calling `book_flight` will book a flight.'))).toMatch(/travel_to/);
    expect(quotesOtherRole(withThought('The travel to will be "San Francisco International". Calling `book_flight` will book a flight.'))).toBeNull();
    expect(DEFAULT_QUALITY_THRESHOLDS.error_thought_quotes_other_role).toBe(0);
  });
  it('the injector says the slipped value plainly instead of quoting "a flight from …"', () => {
    const thought = erroneousThought('parameters_value_error', correct, { name: correct.name, args: wrongArgs }, { tools: TOOLS, query: QUERY, earlierRequests: [], earlier: [] });
    expect(thought).toBeDefined();
    expect(thought).not.toMatch(/flight from San Francisco/);
    expect(quotesOtherRole(withThought(thought!))).toBeNull();
  });
});
