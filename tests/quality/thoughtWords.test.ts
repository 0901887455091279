/**
 * CoT thoughts say what a step is for in their own words, and a wrong call's thought reads like a
 * correct one. The default build before thought-writer-10 / error-injectors@17 pasted tool docs into
 * 498 of 936 base CoT cases ("get MLA citation format by an identification of organic result's id",
 * "from currrent directory", "since it can send;"); 82 of 648 CoT internal errors could be told by
 * style alone (the wrong call's "is the call this needs" beside the correct "is the one call this
 * needs"; only the correct thought opening with "The request names \"workspace\" as the folder.");
 * and a recorded error's thought said "\"12:00\" comes straight from the request" before a call
 * passing "12:00 PM".
 */
import { describe, expect, it } from 'vitest';
import type { Action, TestCase, ToolDoc } from '../../pipeline/schemas.js';
import { Rng } from '../../pipeline/rng.js';
import { docLifted, thoughtDocLifted } from '../../pipeline/quality/measures/text.js';
import { errorThoughtStyleTell, thoughtStyle } from '../../pipeline/quality/measures/thoughts.js';
import { thoughtLeak } from '../../pipeline/quality/measures/errors.js';
import { erroneousThought } from '../../pipeline/errors/injectors/thoughts.js';
import { statesValueNotPassed } from '../../pipeline/errors/leaks.js';
import { offlineThoughts } from '../../stages/standardize/thoughtWriter.js';
import { valueSource } from '../../pipeline/thoughtPhrases.js';

const doc = (name: string, description: string): ToolDoc => ({ name, description, required_parameters: [], optional_parameters: [], return_data: [] });
// Real docs of the sources, typos and all.
const DOCS = [
  doc('GoogleScholar.get_citation_format', "get MLA citation format by an identification of organic result's id"),
  doc('BINGMap.search_nearby', 'Search for places nearby a location, within a given radius, and return the results into a list. Put the location name at the end of the query.'),
  doc('BINGMap.get_route', 'Get the route between two locations in km.'),
  doc('GorillaFileSystem.cat', 'This tool belongs to the Gorilla file system. Tool description: Display the contents of a file of any extension from currrent directory.'),
  doc('Email.send', 'Send: send email. It needs the address (address) and title (title), and optionally body and attachment. It returns the state.'),
  doc('GoogleScholar.get_author_information', "Search for an author's information by author's id provided by get_author_id."),
  doc('FilmTMDB.search_movie', 'Search for movies by their original, translated and alternative titles'),
  doc('TravelAPI.get_flight_cost', 'This tool belongs to the travel system. Tool description: Get the list of cost of a flight in USD based on location, date, and class'),
  doc('ReserveMeeting.get_empty_room_with_time', 'if they are any rooms available in the provided time'),
  doc('PolygonFinance.get_ticker_detail', 'Get a single ticker supported by Polygon.io, with detailed information about the ticker and the company behind it'),
  doc('GorillaFileSystem.find', 'This tool belongs to the Gorilla file system. Tool description: Find any file or directories under specific path that contain name in its file name.  This method searches for files.'),
  // bfcl_multi_turn_base_27-tool_select_error-k5-cot pasted it after the merge of 8c89963.
  doc('TicketAPI.get_user_tickets', 'This tool belongs to the ticketing system that is part of a company. Tool description: Get all tickets created by the current user, optionally filtered by status.'),
];

const caseWith = (thoughts: string[], tools: ToolDoc[] = DOCS, request = 'Cite the first result.'): TestCase =>
  ({
    id: 'c',
    kind: 'internal',
    errorType: '',
    cot: true,
    trajectoryId: 't',
    source: 'teval',
    k: 1,
    messages: [
      { role: 'system', content: 'tools' },
      { role: 'user', content: request },
      ...thoughts.slice(1).map((thought) => ({ role: 'assistant', content: JSON.stringify({ thought, name: 'x', args: {} }) })),
    ],
    tools,
    groundTruth: { name: 'GoogleScholar.get_citation_format', args: { q: 'EQ8shYj8Ai8J' }, thought: thoughts[0] },
    provenance: { methods: {}, parents: [] },
  }) as unknown as TestCase;

const ctx = { trajectory: () => undefined, baseCase: () => undefined } as never;

describe('thoughts say what a step is for, not what its doc says', () => {
  it('the measure flags a pasted doc, a doc typo and a bare tool name, and passes plain words', () => {
    expect(docLifted("Next, I need to get MLA citation format by an identification of organic result's id, so I will call `get_citation_format` with q \"EQ8shYj8Ai8J\".", caseWith([]))).toMatch(/words of the doc of get_citation_format/);
    expect(docLifted('I still need to search for places nearby a location, within a given radius; `search_nearby` will do it.', caseWith([]))).toMatch(/search_nearby/);
    expect(docLifted('Now I will display the contents from currrent directory with `cat`.', caseWith([]))).toMatch(/misspelling "currrent"/);
    expect(docLifted('My plan starts with `send`, since it can send; the arguments are address "a@b.c".', caseWith([]))).toMatch(/bare name/);
    expect(docLifted('Now I will get the MLA citation for the first result with `get_citation_format`, passing q "EQ8shYj8Ai8J".', caseWith([]))).toBeUndefined();
    // The user's own words are no doc pasted.
    expect(docLifted('I need to get the route between two locations in km with `get_route`.', caseWith([], DOCS, 'Get the route between two locations in km: Paris and Lyon.'))).toBeUndefined();
    expect(thoughtDocLifted.check(caseWith(['Calling `get_route` will get the route between two locations in km.']), ctx)).toMatch(/get_route/);
    expect(thoughtDocLifted.check(caseWith(['Calling `get_route` with start "Paris" and end "Lyon" will get the route between the two places.']), ctx)).toBeNull();
  });

  it('the offline writer pastes none of these docs, whatever the frame', () => {
    for (const d of DOCS) {
      for (let seed = 0; seed < 15; seed++) {
        const [thought] = offlineThoughts({ query: 'Please help.', steps: [{ name: d.name, description: d.description, args: { query: 'x1' } }] }, new Rng(seed, 'words'));
        expect(docLifted(thought, caseWith([thought])), thought).toBeUndefined();
      }
    }
    const [send] = offlineThoughts({ query: 'Mail Bob.', steps: [{ name: 'Email.send', description: DOCS[4].description, args: { address: 'bob@x.org' } }] }, new Rng(1, 'words'));
    expect(send).toContain('send the email');
  });
});

const ROOMS = DOCS[8];
const REQUEST = 'Could you check if there are any meeting rooms free between 10:00 and 12:00? If so, book one.';

function correctWithSource(args: Record<string, unknown>): Action {
  // A seed whose correct thought opens with where a value comes from.
  for (let seed = 0; seed < 200; seed++) {
    const [thought] = offlineThoughts({ query: REQUEST, steps: [{ name: ROOMS.name, description: ROOMS.description, args }] }, new Rng(seed, 'source'));
    const first = thought.split(/(?<=\.)\s/)[0];
    if (valueSource(first)?.kind === 'request') return { name: ROOMS.name, args, thought };
  }
  throw new Error('no seed opened with a source');
}

describe("a wrong call's thought is written like a correct one", () => {
  it('the measure flags a source sentence only the correct thought has', () => {
    const gt = { name: 'GorillaFileSystem.cd', args: { folder: 'workspace' }, thought: 'The request names "workspace" as the folder. The first thing to do is to change into the folder, which `cd` handles with folder "workspace".' };
    const tc = (thought: string, args: Record<string, unknown>) => ({ cot: true, errorType: 'parameters_value_error', groundTruth: gt, erroneousAction: { name: gt.name, args, thought } }) as unknown as TestCase;
    expect(errorThoughtStyleTell.check(tc('The first thing to do is to change into the folder, which `cd` handles with folder "documents".', { folder: 'documents' }), ctx)).toMatch(/where a value comes from/);
    expect(errorThoughtStyleTell.check(tc('I\'ll go with "documents" for the folder. The first thing to do is to change into the folder, which `cd` handles with folder "documents".', { folder: 'documents' }), ctx)).toBeNull();
    // A wrong call passing nothing has no value to say the source of.
    expect(errorThoughtStyleTell.check(tc('The first thing to do is to change into the folder, which `cd` handles.', {}), ctx)).toBeNull();
  });

  it('the generator opens the wrong thought with a source sentence about a value the wrong call passes', () => {
    const correct = correctWithSource({ end_time: '12:00', start_time: '10:00' });
    for (const wrong of [{ end_time: '12:00 PM', start_time: '9:00 AM' }, { end_time: '12:00', start_time: '9:00' }]) {
      const thought = erroneousThought('parameters_value_error', correct, { name: ROOMS.name, args: wrong }, { tools: [ROOMS], query: REQUEST })!;
      expect(valueSource(thought.split(/(?<=\.)\s/)[0]), thought).toBeDefined();
      expect(statesValueNotPassed(thought, { args: wrong }, REQUEST), thought).toBeUndefined();
      expect(thoughtStyle(thought, wrong)).toBe(thoughtStyle(correct.thought!, correct.args));
      expect(thought).not.toMatch(/is the call this needs/);
    }
  });

  it('thought_leak flags a thought saying the call takes a value it does not pass', () => {
    const gt = { name: ROOMS.name, args: { end_time: '12:00', start_time: '10:00' }, thought: 'x' };
    const wrong = { name: ROOMS.name, args: { end_time: '12:00 PM', start_time: '9:00 AM' } };
    const tc = (thought: string) =>
      ({ cot: true, kind: 'internal', errorType: 'parameters_value_error', groundTruth: gt, erroneousAction: { ...wrong, thought }, messages: [{ role: 'user', content: REQUEST }, { role: 'function', content: '{}' }], tools: [ROOMS] }) as unknown as TestCase;
    expect(thoughtLeak.check(tc('"12:00" comes straight from the request as the end time. Next, I need to check the rooms with end time "12:00 PM".'), ctx)).toMatch(/12:00/);
    expect(thoughtLeak.check(tc('I\'ll go with "12:00 PM" for the end time. Next, I need to check the rooms with end time "12:00 PM".'), ctx)).toBeNull();
    // A source sentence saying the request holds a value it does not.
    expect(thoughtLeak.check(tc('The request names "9:00 AM" as the start time. Next, I need to check the rooms.'), ctx)).toMatch(/9:00 AM/);
  });
});
