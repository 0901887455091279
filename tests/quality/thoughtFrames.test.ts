/**
 * Thought frames that cite the case's own words. Before (f182e81) one frame, ""…" comes straight
 * from the request.", stood in 342 of 2,186 CoT cases (15.6%): a value was said to come from the
 * request in the same sentence whatever the request said. Now a thought cites the user's words
 * around the value ("The user asks for papers on "quantum computing", which is the query.", "The
 * request says "Go to documents", so the folder is "documents"."), whole words of one clause.
 */
import { describe, expect, it } from 'vitest';
import type { Action, TestCase } from '../../pipeline/schemas.js';
import type { QualityContext } from '../../pipeline/quality/types.js';
import { Rng } from '../../pipeline/rng.js';
import { thoughtFrame, thoughtFrameTopShare } from '../../pipeline/quality/measures/thoughtContent.js';
import { doneAfterLead, misattributedValue } from '../../pipeline/quality/measures/thoughts.js';
import { erroneousThought } from '../../pipeline/errors/injectors/thoughts.js';
import { offlineThoughts } from '../../stages/standardize/thoughtWriter.js';
import { askedFor, requestClause, valueSource } from '../../pipeline/thoughtPhrases.js';
import { thoughtQuotes } from '../../stages/evolve/caseParts.js';

const NONE: QualityContext = { trajectory: () => undefined, baseCase: () => undefined };

/** A CoT case whose ground truth carries `thought`. */
const cotCase = (id: string, thought: string): TestCase =>
  ({ id, cot: true, kind: 'internal', tools: [], messages: [{ role: 'user', content: 'q' }], groundTruth: { thought, name: 'T.search', args: { query: 'x' } } }) as unknown as TestCase;

describe('thought_frame_top_share', () => {
  it('scores a set whose every case holds one frame 1, and a varied set 0.01 (each frame once)', () => {
    const same = Array.from({ length: 100 }, (_, i) => cotCase(`s${i}`, `"topic ${String.fromCharCode(97 + (i % 26))}" comes straight from the request.`));
    expect(thoughtFrameTopShare.score(same, NONE)?.value).toBe(1);
    const words = ['apples', 'boats', 'cities', 'dogs', 'eggs', 'farms', 'games', 'hills', 'inks', 'jobs'];
    const varied = Array.from({ length: 100 }, (_, i) => cotCase(`v${i}`, `I want the ${words[i % 10]} of ${words[Math.floor(i / 10)]} here.`));
    expect(thoughtFrameTopShare.score(varied, NONE)?.value).toBe(0.01);
  });
  it('blanks quoted values, code spans and numbers', () => {
    expect(thoughtFrame('"Oslo" comes straight from the request.')).toBe(thoughtFrame('"Times Square" comes straight from the request.'));
    expect(thoughtFrame('I will call `a` with 3.')).toBe(thoughtFrame('I will call `b` with 42.'));
  });
});

describe('the thought writer cites the user\'s words', () => {
  const step = { name: 'Arxiv.search', description: 'Search papers on Arxiv.', args: { query: 'quantum computing' } };
  it('says what the user asks for ("papers on") of "Find me the latest papers on quantum computing"', () => {
    expect(askedFor('Find me the latest papers on quantum computing', 'quantum computing')).toBe('papers on');
    const all = new Set<string>();
    for (let seed = 0; seed < 80; seed++) for (const t of offlineThoughts({ query: 'Find me the latest papers on quantum computing', steps: [step] }, new Rng(seed, 'frames'))) all.add(t);
    expect([...all].some((t) => t.includes('The user asks for papers on "quantum computing", which is the query.'))).toBe(true);
    expect([...all].some((t) => t.includes('comes straight from the request'))).toBe(false);
  });
  it('quotes a whole clause, never a piece of a word or a number', () => {
    expect(requestClause("I've been thinking of visiting Autumnville, can you help?", 'Autumnville')).toBe("I've been thinking of visiting Autumnville");
    expect(requestClause("I'm planning a movie night for 8 people.", '8')).toBe("I'm planning a movie night for 8 people");
    expect(requestClause('Book it from 10:00 AM and 12:00 PM, please.', '12:00 PM')).toBe('Book it from 10:00 AM and 12:00 PM');
    expect(requestClause('Go to documents. Then list it.', 'documents')).toBe('Go to documents');
    // The asking words are left out; a value in single quotes is cited with them.
    expect(requestClause('Could you check if any rooms are free between 10:00 AM and 12:00 PM? Then book one.', '12:00 PM')).toBe('check if any rooms are free between 10:00 AM and 12:00 PM');
    expect(requestClause("Search for articles on Arxiv about 'sustainable tourism'. Show me three.", 'sustainable tourism')).toBe("Search for articles on Arxiv about 'sustainable tourism'");
    expect(askedFor("Find papers related to 'quantum computing' on arxiv.org.", 'quantum computing')).toBeUndefined();
    expect(askedFor("Search for articles about 'sustainable tourism'.", 'sustainable tourism')).toBe('articles about');
    // A value that is the whole clause, or one inside a longer word or a path, has no clause to quote.
    expect(requestClause('I have a 30-gallon drum handy.', '30')).toBeUndefined();
    expect(requestClause('Save it to /outputs/event_weather.txt please.', 'event_weather.txt')).toBeUndefined();
    expect(requestClause('Oslo.', 'Oslo')).toBeUndefined();
    expect(requestClause('Find Oslofjord tours', 'Oslo')).toBeUndefined();
    for (const [q, v] of [["I'm in Oslo", 'Oslo'], ['At 10:00 call me', '10:00'], ['Order 7.5 kg of rice', '7.5']] as const) {
      const said = requestClause(q, v)!;
      expect(q.includes(said), said).toBe(true);
      const at = q.indexOf(said);
      expect(/\w/.test(q[at - 1] ?? ' ') || /\w/.test(q[at + said.length] ?? ' ')).toBe(false);
    }
  });
  it('cites a clause the user says of themselves as what they say', () => {
    const step = { name: 'Arxiv.search', description: 'Search papers on Arxiv.', args: { query: 'artificial intelligence' } };
    const all = new Set<string>();
    for (let seed = 0; seed < 80; seed++) for (const t of offlineThoughts({ query: 'I am writing an article on artificial intelligence. Find me three sources.', steps: [step] }, new Rng(seed, 'said'))) all.add(t);
    // "so" or "which means", fixed per quote and value since h-text32 (thought_frame_top_share).
    expect([...all].some((t) => /"I am writing an article on artificial intelligence," the user says, (?:so|which means) the query is "artificial intelligence"\./.test(t))).toBe(true);
    expect(valueSource('"I am writing an article on artificial intelligence," the user says, so the query is "artificial intelligence".')?.kind).toBe('request');
    expect(requestClause("That's done, so could you jot down 'Growth.' into the previous file", 'Growth.')).toBe("jot down 'Growth.' into the previous file");
  });
  it('a quoted clause passes the claims check, and a rewrite of the query keeps it', () => {
    const t = offlineThoughts({ query: 'Go to documents and list it.', steps: [{ name: 'Fs.cd', description: 'Change the current directory.', args: { folder: 'documents' } }] }, new Rng(3, 'x')).join(' ');
    expect(misattributedValue(t, 'Go to documents and list it.', '')).toBeUndefined();
    const tc = cotCase('c', 'The request says "Go to documents and list it", so the folder is "documents".');
    expect(thoughtQuotes(tc)).toContain('Go to documents and list it');
    expect(misattributedValue('The request says "Go to documnts and list it", so the folder is "documents".', 'Go to documents and list it.', '')).toMatch(/never said/);
  });
});

describe('a value put together from parts the user named', () => {
  it('is said to be put together, which the claims check passes', () => {
    const query = 'Find hotels near Times Square. I will be in New York City next week.';
    const step = { name: 'Geo.locate', description: 'Get the coordinates of a place.', args: { location: 'Times Square, New York City' } };
    const all = new Set<string>();
    for (let seed = 0; seed < 80; seed++) for (const t of offlineThoughts({ query, steps: [step] }, new Rng(seed, 'composed'))) all.add(t);
    const told = [...all].filter((t) => t.includes('from the request together'));
    expect(told.length).toBeGreaterThan(0);
    expect(told[0]).toContain('I put "Times Square" and "New York City" from the request together: the location is "Times Square, New York City".');
    for (const t of all) expect(misattributedValue(t, query, ''), t).toBeUndefined();
  });
});

describe("a wrong call's thought reads the new frames", () => {
  const CD = { name: 'GorillaFileSystem.cd', description: 'Change the current working directory to the specified folder.', required_parameters: [], optional_parameters: [], return_data: [] };
  for (const first of ['The request says "Go to documents", so the folder is "documents".', 'The user asks for files in "documents", which is the folder.']) {
    it(`re-frames "${first.slice(0, 30)}…" for the wrong value`, () => {
      expect(valueSource(first)?.kind).toBe('request');
      const correct: Action = { name: CD.name, args: { folder: 'documents' }, thought: `${first} The first thing to do is to change into the folder, which \`cd\` handles with folder "documents".` };
      const thought = erroneousThought('parameters_value_error', correct, { name: CD.name, args: { folder: 'temp' } }, { tools: [CD], query: 'Go to documents', earlierRequests: [], earlier: [] })!;
      expect(thought).not.toContain('"documents"');
      expect(thought).not.toContain('Go to documents');
    });
  }
});

describe('"With that done" only after a deed (h-base25, thought-writer-32)', () => {
  const steps = [
    { name: 'TravelAPI.book_flight', description: 'Book a flight.', args: { access_token: '1293', card_id: 'card_3487' } },
    { name: 'TravelAPI.retrieve_invoice', description: 'Retrieve the invoice for the booking.', args: { access_token: '1293', booking_id: '3426812' }, previousResponse: '{"booking_id": "3426812", "transaction_id": "45451592"}' },
    { name: 'TravelAPI.cancel_booking', description: 'Cancel the booking.', args: { access_token: '1293', booking_id: '3426812' }, previousResponse: '{"invoice": {"booking_id": "3426812"}}' },
    // thought-writer-33 (h-thoughts27) opens every thought passing an answer's value (the booking id above) with where
    // the answer holds it, so a step passing none is what can still open bare with "With that done".
    { name: 'TravelAPI.logout', description: 'Log out of the travel account.', args: {}, previousResponse: '{"cancel_status": true}' },
  ];
  it('the measure flags "With that done" after a lead sentence, not at a thought\'s start', () => {
    expect(doneAfterLead('The request names "1293" as the access token. With that done, I can retrieve the invoice for the booking by calling `retrieve_invoice`.')).toMatch(/no deed/);
    expect(doneAfterLead('From `book_flight` I know that the booking id is "3426812". With that done, I can cancel the booking by calling `cancel_booking`.')).toMatch(/no deed/);
    expect(doneAfterLead('With that done, I can retrieve the invoice for the booking by calling `retrieve_invoice`.')).toBeUndefined();
  });
  it('the writer never puts "With that done" after a lead, and still opens with it where no lead is', () => {
    let bare = 0;
    for (let seed = 0; seed < 200; seed++) {
      for (const t of offlineThoughts({ query: 'Book a flight with card card_3487 and access code 1293, then get the invoice and cancel it.', steps }, new Rng(seed, 'done'))) {
        expect(doneAfterLead(t)).toBeUndefined();
        if (t.startsWith('With that done')) bare++;
      }
    }
    expect(bare).toBeGreaterThan(0);
  });
});
