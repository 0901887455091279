/**
 * A CoT thought says where a value comes from by where it really comes from. Before
 * thought-writer-12 / error-injectors@18, 351 of 2,186 CoT cases (16.1%) showed a thought calling a
 * value the user or an earlier tool answer gave its own pick: "I'll go with "workspace" for the
 * folder." after "Go to workspace directory" (bfcl_multi_turn_base_1), "I'll go with "40553667" for
 * the property id." after the search returned it (teval_query_103_1); and a few said the user gave a
 * value the user never said ("2:00 PM" comes straight from a request saying "12:00 PM").
 */
import { describe, expect, it } from 'vitest';
import type { Action, TestCase } from '../../pipeline/schemas.js';
import { Rng } from '../../pipeline/rng.js';
import { misattributedValue, thoughtClaimsGivenValue } from '../../pipeline/quality/measures/thoughts.js';
import { erroneousThought } from '../../pipeline/errors/injectors/thoughts.js';
import { offlineThoughts, type ThoughtInput } from '../../stages/standardize/thoughtWriter.js';
import { holdsValue, valueSource } from '../../pipeline/thoughtPhrases.js';

const ctx = {} as never;
const call = (name: string, args: Record<string, unknown>, thought: string) => JSON.stringify({ thought, name, args });

/** bfcl_multi_turn_base_1's second turn, with the ground truth's thought as given. */
function cdCase(thought: string): TestCase {
  return {
    id: 't',
    cot: true,
    kind: 'internal',
    messages: [
      { role: 'system', content: 'tools' },
      { role: 'user', content: 'I am alex. List all the visible and hidden contents in the current directory now, please.' },
      { role: 'assistant', content: call('GorillaFileSystem.ls', { a: true }, 'Calling `ls` with a set to true will list what the current directory holds.') },
      { role: 'function', content: '{"current_directory_content": ["workspace"]}' },
      { role: 'user', content: "Go to workspace directory and move one of the 'log.txt' files into a new directory 'archive'." },
      { role: 'assistant', content: call('GorillaFileSystem.cd', {}, 'The first thing to do is to change into the folder, which `cd` handles.') },
      { role: 'function', content: "Error: missing 1 required positional argument: 'folder'" },
    ],
    groundTruth: { name: 'GorillaFileSystem.cd', args: { folder: 'workspace' }, thought },
    erroneousAction: { name: 'GorillaFileSystem.cd', args: {} },
    tools: [],
  } as unknown as TestCase;
}

const CHOICE = /\bI(?:'ll| will) (?:go with|pick|choose)\b/;

describe('thought_claims_given_value', () => {
  it('flags a value the user gave called the assistant\'s pick, and passes the same value said as the user\'s', () => {
    expect(thoughtClaimsGivenValue.check(cdCase('I\'ll go with "workspace" for the folder. The first thing to do is to change into the folder, which `cd` handles with folder "workspace".'), ctx)).toMatch(/user's request gave it/);
    expect(thoughtClaimsGivenValue.check(cdCase('The request names "workspace" as the folder. The first thing to do is to change into the folder, which `cd` handles with folder "workspace".'), ctx)).toBeNull();
    expect(thoughtClaimsGivenValue.check(cdCase('The folder will be "workspace". The first thing to do is to change into the folder, which `cd` handles.'), ctx)).toBeNull();
  });

  it('flags a value an earlier answer gave called a pick, and a value said to be the user\'s that the user never said', () => {
    expect(misattributedValue('I\'ll go with "40553667" for the property id.', 'Find me a place in Paris.', '{"id": 40553667}')).toMatch(/earlier tool answer gave it/);
    expect(misattributedValue('"2:00 PM" comes straight from the request.', 'Free between 10:00 AM and 12:00 PM?', '')).toMatch(/never said/);
    expect(misattributedValue('The request names "restaurant" as the keywords.', 'Find restaurants near me.', '')).toMatch(/never said/);
    // A value nothing shown gave is the assistant's pick.
    expect(misattributedValue('I\'ll go with "10" for the limit.', 'Find restaurants near me.', '{"total": 12}')).toBeUndefined();
    expect(misattributedValue('`search` returned "40553667", which is the property id to pass.', 'Find me a place.', '{"id": 40553667}')).toBeUndefined();
    expect(misattributedValue('`search` returned "40553660", which is the property id to pass.', 'Find me a place.', '{"id": 40553667}')).toMatch(/no earlier tool answer/);
  });

  it('matches values as whole tokens', () => {
    expect(holdsValue('between 10:00 AM and 12:00 PM', '2:00 PM')).toBe(false);
    expect(holdsValue('between 10:00 AM and 12:00 PM', '12:00')).toBe(true);
    expect(holdsValue('Find restaurants', 'restaurant')).toBe(false);
    expect(holdsValue('Go to Workspace', 'workspace')).toBe(true);
    expect(holdsValue('Go to Workspace', 'workspace', true)).toBe(false);
  });
});

const CD = { name: 'GorillaFileSystem.cd', description: 'Change the current working directory to the specified folder.' };
const GET = { name: 'Airbnb.get_property_details', description: 'Get the details of a property.' };
const SEARCH = { name: 'Airbnb.search_property_by_place', description: 'Search for properties by place.' };

/** The source sentence each seed opens with, for `input`'s step `at`. */
function openings(input: ThoughtInput, at: number): { kind: string; sentence: string }[] {
  const out: { kind: string; sentence: string }[] = [];
  for (let seed = 0; seed < 300; seed++) {
    const thought = offlineThoughts(input, new Rng(seed, 'provenance'))[at];
    const first = thought.split(/(?<=\.)\s/)[0];
    const source = valueSource(first);
    if (source) out.push({ kind: source.kind, sentence: first });
  }
  return out;
}

describe('the thought writer frames a value by its provenance', () => {
  it('never calls a value the request gives its own pick, and says it is the user\'s most of the time', () => {
    const said = openings({ query: "Go to workspace directory and move one of the 'log.txt' files.", steps: [{ ...CD, args: { folder: 'workspace' } }] }, 0);
    expect(said.length).toBeGreaterThan(30);
    expect(said.filter((s) => CHOICE.test(s.sentence))).toEqual([]);
    expect(said.filter((s) => s.kind === 'request').length).toBeGreaterThan(said.length / 2);
  });

  it('says a value from an earlier turn is the user\'s, never the assistant\'s pick', () => {
    const said = openings({ query: 'Now move into it.', earlierRequests: ['Make a folder called workspace.'], earlierAnswers: [{ name: 'GorillaFileSystem.mkdir' }], steps: [{ ...CD, args: { folder: 'workspace' } }] }, 0);
    expect(said.filter((s) => CHOICE.test(s.sentence))).toEqual([]);
    expect(said.some((s) => s.kind === 'request' && /^The user/.test(s.sentence))).toBe(true);
    expect(said.some((s) => /request names|straight from the request/.test(s.sentence))).toBe(false);
  });

  it('credits a value an earlier answer gave to the call that gave it', () => {
    const input: ThoughtInput = {
      query: 'Find a place in Paris and tell me about the first one.',
      steps: [
        { ...SEARCH, args: { place: 'Paris' } },
        // An answer no clause can place the id in (thought-writer-33 places a JSON listing's: below).
        { ...GET, args: { property_id: '40553667' }, previousResponse: 'Found 40553667: Loft' },
      ],
    };
    const said = openings(input, 1);
    expect(said.filter((s) => CHOICE.test(s.sentence))).toEqual([]);
    expect(said.some((s) => s.kind === 'answer' && s.sentence.includes('`search_property_by_place`'))).toBe(true);
    // A JSON listing: every thought opens with where it holds the id, crediting the call that gave it (h-thoughts27).
    const listing: ThoughtInput = { ...input, steps: [input.steps[0], { ...input.steps[1], previousResponse: '[{"id": "40553667", "name": "Loft"}]' }] };
    for (let seed = 0; seed < 50; seed++) {
      expect(offlineThoughts(listing, new Rng(seed, 'provenance'))[1]).toMatch(/^(?:`search_property_by_place` says |From `search_property_by_place` I know that |The last call tells me )(?:the only entry, "Loft",|"Loft", the only entry,) has id "40553667"\. /);
    }
  });

  it('calls a value its own pick only when nothing shown gave it, and never when an answer it cannot see may have', () => {
    const picked = openings({ query: 'Tell me about a property.', steps: [{ ...GET, args: { property_id: '40553667' } }] }, 0);
    expect(picked.some((s) => s.kind === 'chosen')).toBe(true);
    // BFCL records no answers before resolve: the value may come from one.
    // thought-writer-40 (h-text32): it says no lead at all, where it said the neutral "The property id will be "40553667"."
    // — a restatement with no reason for the value (thought_value_restated); resolve ties it once the answer is shown.
    const unseen = openings({ query: 'Tell me about it.', earlierRequests: ['Find a place.'], earlierAnswers: [{ name: SEARCH.name }], steps: [{ ...GET, args: { property_id: '40553667' } }] }, 0);
    expect(unseen).toEqual([]);
  });
});

describe("a wrong call's thought frames its value by that value's provenance", () => {
  const correct: Action = { name: CD.name, args: { folder: 'documents' }, thought: 'I\'ll go with "documents" for the folder. The first thing to do is to change into the folder, which `cd` handles with folder "documents".' };
  it('does not call a value the user gave its own pick', () => {
    const thought = erroneousThought('parameters_value_error', correct, { name: CD.name, args: { folder: 'workspace' } }, { tools: [{ ...CD, required_parameters: [], optional_parameters: [], return_data: [] }], query: 'Go to workspace and list it.', earlierRequests: [], earlier: [] })!;
    expect(thought).not.toMatch(CHOICE);
    // error-injectors@67 (h-text32): said from the user's words that hold it, where it was the neutral "The folder will be
    // "workspace"." — a frame the thought writer no longer writes, so it would mark the wrong call out (thought_value_restated).
    expect(valueSource(thought.split(/(?<=\.)\s/)[0])?.kind).toBe('request');
  });
  it('keeps the pick frame for a value nothing shown gave', () => {
    const thought = erroneousThought('parameters_value_error', correct, { name: CD.name, args: { folder: 'temp' } }, { tools: [{ ...CD, required_parameters: [], optional_parameters: [], return_data: [] }], query: 'Go to my folder and list it.', earlierRequests: [], earlier: [] })!;
    expect(thought).toMatch(/^I'll go with "temp" for the folder\./);
  });
});

// teval_query_344_2-env-k3-cot on int29's m1: "`show` returned "day", which is the timespan to pass." after an email
// announcing a "Demo Day": a plain word of a tool answer's prose is no value that answer gave.
describe('a plain word is read off an answer only where it is a whole value there', () => {
  it('never ties "day" to an email that mentions a Demo Day, but does to an answer whose value it is', () => {
    const input = (emails: string): ThoughtInput => ({
      query: 'Check all my emails, then the aggregated stock bars for AAPL from October 10, 2023 to October 17, 2023.',
      steps: [
        { name: 'Email.show', description: 'show the emails in the inbox', args: { only_unread: false } },
        { name: 'PolygonFinance.aggregate_stock_with_time', description: 'get aggregate bars for a stock over a date range', args: { from: '2023-10-10', multiplier: 1, ticker: 'AAPL', timespan: 'day', to: '2023-10-17' }, previousResponse: emails },
      ],
    });
    for (let seed = 1; seed <= 30; seed++) {
      const thought = offlineThoughts(input("{'emails': [{'title': 'Hackathon', 'body': 'Demo Day: Nov 2nd - Nov 4th', 'is_read': False}]}"), new Rng(seed, 'plain-word'))[1];
      expect(thought).not.toMatch(/`show` (?:returned|says|gave)|From `show`|The last call tells me|The last answer gives me/);
    }
    const said = Array.from({ length: 30 }, (_, seed) => offlineThoughts(input("{'timespan': 'day'}"), new Rng(seed + 1, 'plain-word'))[1]);
    expect(said.some((t) => /`show`|The last call tells me|The last answer/.test(t))).toBe(true);
  });
});
