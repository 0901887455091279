/**
 * A thought whose call passes a value only a tool answer showed says where it comes from. Before
 * (g0, thought-writer-32): 633 of 2,186 CoT cases held a thought such as "Next, I need to retrieve the
 * details of the property, so I will call `get_property_details` with property id set to 10803849."
 * right after the listing that shows the id (thought_answer_value_untied).
 */
import { describe, expect, it } from 'vitest';
import type { TestCase } from '../../pipeline/schemas.js';
import { thoughtAnswerValueUntied, untiedAnswerValues } from '../../pipeline/quality/measures/thoughtAnswerTie.js';
import { whereInAnswer } from '../../pipeline/thoughtPhrases.js';
import { offlineThoughts, tieThoughtsToAnswers, type TiedStep } from '../../stages/standardize/thoughtWriter.js';
import { echoCited, newPartMidLoop, repeatedFrames, thoughtFrameRepeatedInCase, thoughtNewPartMidLoop, thoughtTieCitesEcho } from '../../pipeline/quality/measures/thoughtAnswerTie.js';
import { Rng } from '../../pipeline/rng.js';

const CTX = {} as never;
/** The three ways whereInAnswer places a named record of a listing (its `variant`), as a regex source. */
function placed(ord: string, count: string, noun: string, nouns: string, name: string, field: string): string {
  const q = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return `(?:there are ${count} ${nouns}, and the ${ord}, "${q}", has ${field}|"${q}", the ${ord} of ${count} ${nouns}, has ${field}|the ${ord} ${noun}, "${q}", has ${field})`;
}

const LISTING = "{'property': [{'id': '10803849', 'name': 'clean warm quiet otaku private room', 'address': 'Monterey Park'}, {'id': '48347678', 'name': 'Suite in DTLA', 'address': 'Los Angeles'}]}";
const call = (thought: string, name: string, args: Record<string, unknown>) => ({ role: 'assistant', content: JSON.stringify({ thought, name, args }) });

function caseOf(gtThought: string, cot = true): TestCase {
  return {
    id: 'c', kind: 'internal', errorType: '', cot, k: 2, trajectoryId: 't', source: 'teval', provenance: {},
    tools: [{ name: 'AirbnbSearch.search_property_by_place', description: 'Search for properties on Airbnb' }, { name: 'AirbnbSearch.get_property_details', description: 'Retrieve details of the property' }],
    messages: [
      { role: 'system', content: 'tools' },
      { role: 'user', content: 'Find properties in Los Angeles and give me the details of the first one.' },
      call('The user asks for properties in "Los Angeles", which is the place.', 'AirbnbSearch.search_property_by_place', { place: 'Los Angeles' }),
      { role: 'function', content: LISTING },
    ],
    groundTruth: { name: 'AirbnbSearch.get_property_details', thought: gtThought, args: { propertyId: 10803849 } },
  } as unknown as TestCase;
}

describe('thought_answer_value_untied', () => {
  it('flags a thought passing an id off the listing with no word of where it comes from', () => {
    const bare = caseOf('Next, I need to retrieve the details of the property, so I will call `get_property_details` with property id set to 10803849.');
    expect(untiedAnswerValues(bare)).toHaveLength(1);
    expect(thoughtAnswerValueUntied.kind === 'case' && thoughtAnswerValueUntied.check(bare, CTX)).toMatch(/10803849 \(search_property_by_place\)/);
    // "will be" is the assistant's own words, no source.
    expect(untiedAnswerValues(caseOf('The property id will be 10803849. Next, I need to retrieve the details of the property.'))).toHaveLength(1);
  });

  it('passes a thought naming the answer, and leaves values of the request and plain cases out', () => {
    const check = (tc: TestCase) => (thoughtAnswerValueUntied.kind === 'case' ? thoughtAnswerValueUntied.check(tc, CTX) : undefined);
    expect(check(caseOf('`search_property_by_place` says there are two properties, and the first, "clean warm quiet otaku private room", has id 10803849. Next, I need to retrieve its details.'))).toBeNull();
    expect(check(caseOf('The property id 10803849 comes from what the search returned. Now I can retrieve the details.'))).toBeNull();
    expect(check(caseOf('Next, I need the details.', false))).toBeUndefined();
    const fromRequest = caseOf('Next, I need to retrieve the details.');
    (fromRequest.messages[1] as { content: string }).content += ' Start with property 10803849.';
    expect(check(fromRequest)).toBeNull();
  });
});

describe('the thought writer ties a value to the answer that showed it (whereInAnswer)', () => {
  it('says where an answer holds a value: a listing record by place and name, a parallel list, a field', () => {
    expect(whereInAnswer(LISTING, '48347678', true)).toBe('there are two properties, and the second, "Suite in DTLA", has id 48347678');
    expect(whereInAnswer("{'title': ['A study', 'B review'], 'organic_id': ['luTaq8PfhYcJ', 'Xk8GurSkkSUJ']}", 'Xk8GurSkkSUJ')).toBe('there are two entries, and the second, "B review", has organic id "Xk8GurSkkSUJ"');
    expect(whereInAnswer('{"symbol": "ZETA"}', 'ZETA')).toBe('the symbol is "ZETA"');
    expect(whereInAnswer('{"current_directory_content": ["a.md", "report.txt"]}', 'report.txt')).toBe('there are two entries, and the second is "report.txt"');
    expect(whereInAnswer('{"stock_list": ["AAPL", "GOOG", "MSFT"]}', 'MSFT')).toBe('there are three stocks, and the third is "MSFT"');
    // A watchlist holds stocks, not watchlists; past twenty, no count the answer never writes out.
    expect(whereInAnswer('{"watchlist": ["NVDA", "OMEG"]}', 'OMEG')).toBe('there are two entries, and the second is "OMEG"');
    // Past twenty the count goes unsaid; among the first ten the place is said, past it only "one of" (thought-writer-52).
    expect(whereInAnswer(JSON.stringify({ airports: Array.from({ length: 23 }, (_, i) => `A${i}X`) }), 'A0X')).toBe('the first airport is "A0X"');
    expect(whereInAnswer(JSON.stringify({ airports: Array.from({ length: 23 }, (_, i) => `A${i}X`) }), 'A12X')).toBe('"A12X" is one of the airports');
    expect(whereInAnswer('Published: 2023 Title: x', 'x')).toBeUndefined();
    // The other two ways to place it, so a loop over the listing varies.
    expect(whereInAnswer(LISTING, '48347678', true, 1)).toBe('"Suite in DTLA", the second of two properties, has id 48347678');
    expect(whereInAnswer(LISTING, '48347678', true, 2)).toBe('the second property, "Suite in DTLA", has id 48347678');
    expect(whereInAnswer('{"stock_list": ["AAPL", "GOOG", "MSFT"]}', 'MSFT', false, 1)).toBe('"MSFT" is the third of three stocks');
  });

  it('never writes the bare call for an id off the previous answer (the old writer did, seed after seed)', () => {
    for (let seed = 0; seed < 30; seed++) {
      const [, second] = offlineThoughts({ query: 'Find properties in Los Angeles and give me details.', steps: [
        { name: 'AirbnbSearch.search_property_by_place', description: 'Search for properties on Airbnb', args: { place: 'Los Angeles' } },
        { name: 'AirbnbSearch.get_property_details', description: 'Retrieve details of the property', args: { propertyId: 10803849 }, previousResponse: LISTING },
      ] }, new Rng(seed, 'tie'));
      expect(second).toMatch(new RegExp(`^(?:\`search_property_by_place\` says |From \`search_property_by_place\` I know that |The last call tells me )${placed('first', 'two', 'property', 'properties', 'clean warm quiet otaku private room', 'id')} 10803849\\. `));
    }
  });

  it('ties a value an earlier turn\'s answer showed, by the tool that gave it', () => {
    const seen = new Set<string>();
    for (let seed = 0; seed < 20; seed++) {
      const [t] = offlineThoughts({ query: 'Now get its details.', earlierRequests: ['Find properties in Los Angeles.'], earlierAnswers: [{ name: 'AirbnbSearch.search_property_by_place', response: LISTING }], steps: [
        { name: 'AirbnbSearch.get_property_details', description: 'Retrieve details of the property', args: { propertyId: 48347678 } },
      ] }, new Rng(seed, 'earlier'));
      seen.add(t.split('. ')[0]);
    }
    // "The last call" is said only of this turn's previous step; an earlier request's answer is told in the past
    // (thought-writer-37: it said so then, it does not "say" it now), never "says" as if just given.
    expect([...seen].every((t) => new RegExp(`^(?:\`search_property_by_place\` said earlier that|From \`search_property_by_place\` I know that) ${placed('second', 'two', 'property', 'properties', 'Suite in DTLA', 'id')} 48347678$`).test(t))).toBe(true);
  });
});

describe('resolve ties a thought to an answer written after it (tieThoughtsToAnswers)', () => {
  const stepsOf = (): TiedStep[] => [
    { action: { name: 'AirbnbSearch.search_property_by_place', args: { place: 'Los Angeles' }, thought: 'The user asks for properties in "Los Angeles", which is the place. To start, I need to search for properties.' }, response: { content: LISTING } },
    // Written before the simulator answered the search: the writer could only say the id in its own words.
    { action: { name: 'AirbnbSearch.get_property_details', args: { propertyId: 10803849 }, thought: 'The property id will be 10803849. Next, I need to retrieve the details of the property, so I will call `get_property_details` with property id set to 10803849.' }, response: { content: "{'title': 'x'}" } },
    { action: { name: 'AirbnbSearch.get_property_details', args: { propertyId: 48347678 }, thought: 'With that done, I can retrieve the details of the property by calling `get_property_details` with property id set to 48347678.' }, response: { content: "{'title': 'y'}" } },
  ];

  it('puts the tie in place of the lead, or in front of a thought without one, and leaves request values alone', () => {
    for (let seed = 0; seed < 10; seed++) {
      const steps = stepsOf();
      expect(tieThoughtsToAnswers([{ user: 'Find properties in Los Angeles and give me details.', steps }], new Map(), new Rng(seed, 'ties'))).toBe(2);
      expect(steps[0].action.thought).toBe(stepsOf()[0].action.thought);
      expect(steps[1].action.thought).toMatch(new RegExp(`^(?:\`search_property_by_place\` says |From \`search_property_by_place\` I know that |The last call tells me )${placed('first', 'two', 'property', 'properties', 'clean warm quiet otaku private room', 'id')} 10803849\\. Next, I need to retrieve`));
      expect(steps[1].action.thought).not.toMatch(/will be/);
      // "With that done" after a lead would point at the lead: "Now I can". The second item of the listing the thought
      // before took the first from goes on from there, not placed afresh (h-text31: thought_listing_placed_afresh).
      // thought-writer-47: placed one of three ways.
      expect(steps[2].action.thought).toMatch(/^The next listed property(?:, "Suite in DTLA", has id 48347678| is "Suite in DTLA", with id 48347678| is "Suite in DTLA", whose id is 48347678)\. Now I can retrieve the details/);
      // Never the same opening twice in a row.
      expect(steps[1].action.thought!.slice(0, 12)).not.toBe(steps[2].action.thought!.slice(0, 12));
    }
  });
});

describe('thought_frame_repeated_in_case', () => {
  const caseWith = (thoughts: string[], wrong?: string): TestCase => ({
    id: 'c', kind: 'internal', errorType: wrong ? 'tool_hallucination_error' : '', cot: true, k: thoughts.length, trajectoryId: 't', source: 'teval', provenance: {}, tools: [],
    messages: [{ role: 'system', content: 'tools' }, { role: 'user', content: 'Cite the three papers.' }, ...thoughts.slice(0, -1).flatMap((t, i) => [call(t, 'GoogleScholar.get_citation_format', { q: `id${i}` }), { role: 'function', content: '{"citation": "x"}' }]), ...(wrong ? [call(wrong, 'GoogleScholar.get_citation', { q: 'idw' })] : [])],
    groundTruth: { name: 'GoogleScholar.get_citation_format', thought: thoughts[thoughts.length - 1], args: { q: 'idz' } },
    ...(wrong ? { erroneousAction: { name: 'GoogleScholar.get_citation', thought: wrong, args: { q: 'idw' } } } : {}),
  }) as unknown as TestCase;
  const check = (tc: TestCase) => (thoughtFrameRepeatedInCase.kind === 'case' ? thoughtFrameRepeatedInCase.check(tc, CTX) : undefined);

  it('flags the same sentence frame in two thoughts in a row', () => {
    const tc = caseWith(['I still need to get the MLA citation format; calling `get_citation_format` with q "a" takes care of that.', 'I still need to get the MLA citation format; calling `get_citation_format` with q "b" takes care of that.']);
    expect(repeatedFrames(tc)).toHaveLength(1);
    expect(check(tc)).toMatch(/^1 pair/);
  });

  it('passes other frames in a row, and a wrong call mirroring its ground truth', () => {
    expect(check(caseWith(['I still need to get the MLA citation format; calling `get_citation_format` with q "a" takes care of that.', 'The next step is to get the MLA citation format; `get_citation_format` with q "b" will do it.']))).toBeNull();
    const mirrored = 'The next step is to get the MLA citation format; `get_citation_format` with q "b" will do it.';
    expect(check(caseWith(['I still need to get the MLA citation format; calling `get_citation_format` with q "a" takes care of that.', mirrored], mirrored.replace('`get_citation_format`', '`get_citation`')))).toBeNull();
  });
});

describe('the thought writer never opens two thoughts in a row alike (the loop over a listing)', () => {
  it('takes another call frame and another lead shape than the thought before, over many seeds', () => {
    const scholar = "{'title': ['A study', 'B review', 'C survey'], 'organic_id': ['luTaq8PfhYcJ', 'Xk8GurSkkSUJ', 'yt_vFfMib7MJ']}";
    const frameOf = (s: string) => s.replace(/"[^"]*"/g, '"…"').replace(/`[^`]*`/g, '`…`').replace(/\d+/g, 'N');
    for (let seed = 0; seed < 40; seed++) {
      const thoughts = offlineThoughts({ query: 'Search Google Scholar for "sales strategies" and cite the top three.', steps: [
        { name: 'GoogleScholar.search_google_scholar', description: 'Search Google Scholar for articles', args: { query: 'sales strategies' } },
        ...['luTaq8PfhYcJ', 'Xk8GurSkkSUJ', 'yt_vFfMib7MJ'].map((q, j) => ({ name: 'GoogleScholar.get_citation_format', description: 'Get the MLA citation format', args: { q }, previousResponse: j === 0 ? scholar : '{"citation": "x"}' })),
      ] }, new Rng(seed, 'loop'));
      const sentences = thoughts.map((t) => new Set(t.split(/(?<=\.)\s+(?=[A-Z`"])/).map(frameOf)));
      for (let i = 1; i < sentences.length; i++) expect([...sentences[i]].filter((f) => sentences[i - 1].has(f)), thoughts.slice(i - 1, i + 1).join(' | ')).toEqual([]);
    }
  });
});

describe('ties of two tools, stale ties and wrong calls', () => {
  it('ties a value of each of two tools in one sentence', () => {
    const seen = new Set<string>();
    for (let seed = 0; seed < 10; seed++) {
      const [, , third] = offlineThoughts({ query: 'Log in and book the flight with my new card.', steps: [
        { name: 'TravelAPI.authenticate_travel', description: 'Authenticate the user.', args: { client_id: 'c1' } },
        { name: 'TravelAPI.register_credit_card', description: 'Register a credit card.', args: { card_number: '4444' }, previousResponse: '{"access_token": "251675"}' },
        { name: 'TravelAPI.book_flight', description: 'Book a flight.', args: { access_token: '251675', card_id: '391310425148' }, previousResponse: '{"card_id": "391310425148"}' },
      ] }, new Rng(seed, 'two'));
      seen.add(third.split('. ')[0]);
    }
    for (const s of seen) expect(s).toMatch(/`register_credit_card` .*card id "391310425148".*`authenticate_travel` says the access token is "251675"|`authenticate_travel` .*access token is "251675".*`register_credit_card` says the card id is "391310425148"/);
  });

  it('drops a tie the writer made from a recorded answer the shown answer does not bear out', () => {
    const steps: TiedStep[] = [
      { action: { name: 'FilmTMDB.get_top_rated_movies', args: {}, thought: 'To start, I need the top rated movies.' }, response: { content: "{'films': [{'id': 238, 'title': 'The Godfather'}]}" } },
      { action: { name: 'GoogleScholar.search_google_scholar', args: { query: 'The Godfather Part II' }, thought: '`get_top_rated_movies` says there are five films, and the third has title "The Godfather Part II". Now I can search Google Scholar.' } },
    ];
    tieThoughtsToAnswers([{ user: 'Find articles on the top rated films.', steps }], new Map(), new Rng(1, 'stale'));
    expect(steps[1].action.thought).toBe('Now I can search Google Scholar.');
  });

  it("a wrong call's thought never ties the correct value it does not pass (injectors' FACT_LEAD)", async () => {
    const { erroneousThought } = await import('../../pipeline/errors/injectors/thoughts.js');
    const LS = '{"current_directory_content": ["file1.txt", "file2.txt", "file3.txt"]}';
    const tools = [{ name: 'GorillaFileSystem.tail', description: 'Display the last part of a file.', required_parameters: [{ name: 'file_name', type: 'string', description: 'The file.' }], optional_parameters: [], return_data: [] }] as never;
    const correct = { name: 'GorillaFileSystem.tail', args: { file_name: 'file1.txt' }, thought: 'The last call tells me there are three entries, and the first is "file1.txt". Next, I need to display the last part of the file, so I will call `tail` with file name "file1.txt".' };
    const shown = { tools, query: 'Show the end of the first file.', earlierRequests: [], earlier: [{ name: 'GorillaFileSystem.ls', response: LS }] };
    // Another file of the listing: told as the writer tells a right one, a misread record.
    const misread = erroneousThought('parameters_value_error', correct, { name: correct.name, args: { file_name: 'file2.txt' } }, shown)!;
    expect(misread).not.toContain('file1.txt');
    expect(misread).toMatch(/there are three entries, and the second is "file2\.txt"\./);
    // A value no answer shows: a neutral opening, never the correct file.
    const invented = erroneousThought('parameters_value_error', correct, { name: correct.name, args: { file_name: 'documents/file1.txt' } }, shown)!;
    expect(invented).not.toMatch(/"file1\.txt"/);
  });
});

/**
 * A call going on with a loop over an earlier answer (the fifth film of a listing) is never linked as
 * another part of the request. Before (g0, resolve 31): 8 of 2,186 CoT cases (teval_query_449_1,
 * 453_1) held "`coming_out_filter` says the fifth film has title "一闪一闪亮星星". Moving on to the rest
 * of the request, I need to print the details of the movie; …" (thought_new_part_mid_loop).
 */
describe('thought_new_part_mid_loop', () => {
  const FILMS = "{'film': [{'title': '红猪', 'date': '11月17日'}, {'title': '金手指', 'date': '12月30日'}]}";
  const loopCase = (thought: string): TestCase => ({
    id: 'c', kind: 'internal', errorType: '', cot: true, k: 2, trajectoryId: 't', source: 'teval', provenance: {},
    tools: [{ name: 'FilmDouban.coming_out_filter', description: 'Films coming out' }, { name: 'FilmDouban.print_detail', description: 'Print the details of a movie' }],
    messages: [
      { role: 'system', content: 'tools' },
      { role: 'user', content: 'Look for movies coming out soon in China and print the details of each.' },
      call('Before anything else I need the films coming out.', 'FilmDouban.coming_out_filter', {}),
      { role: 'function', content: FILMS },
      call('`coming_out_filter` says the first film has title "红猪". I still need to print its details.', 'FilmDouban.print_detail', { film_name: '红猪' }),
      { role: 'function', content: "{'description': '红猪是一部日本的动画电影'}" },
    ],
    groundTruth: { name: 'FilmDouban.print_detail', thought, args: { film_name: '金手指' } },
  }) as unknown as TestCase;
  const check = (tc: TestCase) => (thoughtNewPartMidLoop.kind === 'case' ? thoughtNewPartMidLoop.check(tc, CTX) : undefined);

  it('flags "another part of the request" for the next film of the listing', () => {
    expect(check(loopCase('`coming_out_filter` says the second film has title "金手指". Moving on to the rest of the request, I need to print the details of the movie; `print_detail` does that.'))).toMatch(/金手指 \(coming_out_filter\)/);
    expect(newPartMidLoop(loopCase('On to another part of the request: to print the details of the movie, I will use `print_detail` with film name "金手指".'))).toHaveLength(1);
  });
  it('passes the loop linked as going on, and a new part whose value the user gave', () => {
    expect(check(loopCase('`coming_out_filter` says the second film has title "金手指". Then I need to print the details of the movie; `print_detail` does that.'))).toBeNull();
    const asked = loopCase('Moving on to the rest of the request, I need to print the details of the movie; `print_detail` does that.');
    (asked.messages[1] as { content: string }).content += ' Start with 金手指.';
    expect(check(asked)).toBeNull();
  });

  it('resolve relinks a writer\'s "another part" once the answer shows the value (tieThoughtsToAnswers)', () => {
    for (const [link, relinked] of [
      ['Moving on to the rest of the request, I need to print the details of the movie; `print_detail` with film name "金手指" does that.', /Then I need to print the details of the movie;/],
      ['On to another part of the request: to print the details of the movie, I will use `print_detail` with film name "金手指".', /Then, to print the details of the movie, I will use/],
    ] as const) {
      const steps: TiedStep[] = [
        { action: { name: 'FilmDouban.coming_out_filter', args: {}, thought: 'Before anything else I need the films coming out.' }, response: { content: FILMS } },
        { action: { name: 'PPT.create_file', args: { theme: 'Default' }, thought: 'Now I need to create the file.' }, response: { content: "{'status': 'created'}" } },
        { action: { name: 'FilmDouban.print_detail', args: { film_name: '金手指' }, thought: link } },
      ];
      tieThoughtsToAnswers([{ user: 'Look for movies coming out soon in China and print their details.', steps }], new Map(), new Rng(1, 't'));
      const thought = steps[2].action.thought!;
      expect(thought).toMatch(relinked);
      expect(thought).not.toMatch(/rest of the request|another part/);
      expect(thought).toContain('金手指');
    }
  });
});

/**
 * A value is tied to the answer it was read off, never to a later answer that only echoed it back.
 * Before (g0, thought-writer-34): 68 of 2,186 CoT cases held "`get_order_details` says the id is 12446."
 * before cancel_order, where get_order_details was itself called with order 12446 and place_order gave
 * it (thought_tie_cites_echo; "`…` says the id is n" was the most common frame of wrong calls' thoughts).
 */
describe('thought_tie_cites_echo', () => {
  const POPULAR = "{'films': [{'id': 575264, 'title': 'Mission: Impossible - Dead Reckoning Part One'}, {'id': 615656, 'title': 'Meg 2: The Trench'}]}";
  const DETAILS = "{'id': 575264, 'title': 'Mission: Impossible - Dead Reckoning Part One', 'runtime': 164}";
  const echoCase = (thought: string): TestCase => ({
    id: 'c', kind: 'internal', errorType: '', cot: true, k: 3, trajectoryId: 't', source: 'teval', provenance: {},
    tools: [{ name: 'FilmTMDB.get_popular_movies', description: 'Popular movies' }, { name: 'FilmTMDB.get_movie_details', description: 'Details of a movie' }, { name: 'FilmTMDB.get_movie_reviews', description: 'Reviews of a movie' }],
    messages: [
      { role: 'system', content: 'tools' },
      { role: 'user', content: 'Get the popular films, then the details and reviews of the first.' },
      call('The first thing to do is to get the movies ordered by popularity.', 'FilmTMDB.get_popular_movies', {}),
      { role: 'function', content: POPULAR },
      call('`get_popular_movies` says the first film has id 575264. Next, the details.', 'FilmTMDB.get_movie_details', { movie_id: 575264 }),
      { role: 'function', content: DETAILS },
    ],
    groundTruth: { name: 'FilmTMDB.get_movie_reviews', thought, args: { movie_id: 575264 } },
  }) as unknown as TestCase;
  const check = (tc: TestCase) => (thoughtTieCitesEcho.kind === 'case' ? thoughtTieCitesEcho.check(tc, CTX) : undefined);

  it('flags the echo cited as the source, and passes the listing cited', () => {
    expect(check(echoCase('`get_movie_details` says the id is 575264. I still need the reviews.'))).toMatch(/575264 \(get_movie_details, first shown by get_popular_movies\)/);
    expect(echoCited(echoCase('From `get_movie_details` I know that the id is 575264. I still need the reviews.'))).toHaveLength(1);
    expect(check(echoCase('`get_popular_movies` says the first film, "Mission: Impossible - Dead Reckoning Part One", has id 575264. I still need the reviews.'))).toBeNull();
    // Naming the listing is a tie for thought_answer_value_untied too, though the details answer shows the id later.
    expect(untiedAnswerValues(echoCase('`get_popular_movies` says the first film, "Mission: Impossible - Dead Reckoning Part One", has id 575264. I still need the reviews.'))).toHaveLength(0);
  });

  it('the writer and resolve tie the id to the listing, never the details that echoed it', () => {
    for (let seed = 0; seed < 20; seed++) {
      const steps: TiedStep[] = [
        { action: { name: 'FilmTMDB.get_popular_movies', args: {}, thought: 'The first thing to do is to get the popular movies.' }, response: { content: POPULAR } },
        { action: { name: 'FilmTMDB.get_movie_details', args: { movie_id: 575264 }, thought: 'Next, I need the details, so I will call `get_movie_details`.' }, response: { content: DETAILS } },
        { action: { name: 'FilmTMDB.get_movie_reviews', args: { movie_id: 575264 }, thought: 'I still need the reviews, and `get_movie_reviews` with movie id 575264 is the call for it.' } },
      ];
      tieThoughtsToAnswers([{ user: 'Get the popular films, then the details and reviews of the first.', steps }], new Map(), new Rng(seed, 't'));
      expect(steps[2].action.thought).toMatch(/`get_popular_movies`/);
      expect(steps[2].action.thought).not.toMatch(/`get_movie_details` says|From `get_movie_details`/);
      const written = offlineThoughts({ query: 'Get the popular films, then the details and reviews of the first.', steps: [
        { name: 'FilmTMDB.get_popular_movies', description: 'Popular movies', args: {} },
        { name: 'FilmTMDB.get_movie_details', description: 'Get the details of a movie', args: { movie_id: 575264 }, previousResponse: POPULAR },
        { name: 'FilmTMDB.get_movie_reviews', description: 'Get the reviews of a movie', args: { movie_id: 575264 }, previousResponse: DETAILS },
      ] }, new Rng(seed, 'w'));
      expect(written[2]).not.toMatch(/`get_movie_details` says|From `get_movie_details`/);
    }
  });
});

// teval_query_344_2-env-k3-cot on int29's m3: the writer linked the stock-bars call as building on the answer the
// source recorded before it; the film listing shown there holds nothing the call passes.
describe('resolve says a link that builds on the last answer as a plain next step where that answer gives nothing', () => {
  it('rewrites "The last answer gives me what I need to" and keeps a link that does build on it', () => {
    const films = "{'film': [{'title': '贝肯熊：火星任务', 'score': 7.2, 'region': '中国大陆'}]}";
    const steps: TiedStep[] = [
      { action: { name: 'FilmDouban.now_playing_out_filter', args: {}, thought: 'To start, I need to print the details of the films now playing in China.' }, response: { content: films } },
      { action: { name: 'PolygonFinance.aggregate_stock_with_time', args: { from: '2023-10-10', multiplier: 1, ticker: 'AAPL', timespan: 'day', to: '2023-10-17' }, thought: 'The user mentioned "AAPL", which is the ticker here. The last answer gives me what I need to get aggregate bars for the stock over the date range, so `aggregate_stock_with_time` is next.' }, response: { content: 'HTTP 503' } },
    ];
    tieThoughtsToAnswers([{ user: 'Show the films playing in China, then the aggregated stock bars for AAPL from October 10, 2023 to October 17, 2023.', steps }], new Map(), new Rng(1, 'ties'));
    expect(steps[1].action.thought).not.toMatch(/last answer gives me|Building on|Now that I have|With that answer/);
    expect(steps[1].action.thought).toMatch(/I also need to get aggregate bars/);
    const building: TiedStep[] = [
      { action: { name: 'FilmTMDB.search_movie', args: { query: 'Inception' }, thought: 'To start, I need to search for the movie.' }, response: { content: "{'results': [{'id': 27205, 'title': 'Inception'}]}" } },
      { action: { name: 'FilmTMDB.get_movie_reviews', args: { movie_id: 27205 }, thought: 'Now that I have the movie id, I can get the reviews by calling `get_movie_reviews`.' }, response: { content: "{'reviews': []}" } },
    ];
    tieThoughtsToAnswers([{ user: 'Find Inception and its reviews.', steps: building }], new Map(), new Rng(1, 'ties'));
    expect(building[1].action.thought).toMatch(/I can get the reviews/);
    expect(building[1].action.thought).not.toMatch(/^Next, I can get the reviews/);
  });
});

describe('thought_answer_value_untied reads a plain word as shown only where an answer gives it whole', () => {
  // teval_query_344_2-env-k3-cot on int29's m4: the timespan "day" after an email announcing a "Demo Day".
  it('passes "day" after prose that only mentions a day, flags it after an answer that gives it', () => {
    const bars = (answer: string): TestCase =>
      ({
        id: 'd', kind: 'internal', errorType: '', cot: true, k: 2, trajectoryId: 't', source: 'teval', provenance: {},
        tools: [{ name: 'Email.show', description: 'show the emails in the inbox' }, { name: 'PolygonFinance.aggregate_stock_with_time', description: 'get aggregate bars for a stock' }],
        messages: [
          { role: 'system', content: 'tools' },
          { role: 'user', content: 'Check my emails, then the aggregated stock bars for AAPL from October 10, 2023 to October 17, 2023.' },
          call('To start, I need to show the emails in the inbox.', 'Email.show', { only_unread: false }),
          { role: 'function', content: answer },
        ],
        groundTruth: { name: 'PolygonFinance.aggregate_stock_with_time', thought: 'The user mentioned "AAPL", which is the ticker here. I also need to get aggregate bars for the stock over the date range.', args: { ticker: 'AAPL', timespan: 'day', from: '2023-10-10', to: '2023-10-17', multiplier: 1 } },
      }) as unknown as TestCase;
    expect(untiedAnswerValues(bars("{'emails': [{'title': 'Hackathon', 'body': 'Demo Day: Nov 2nd - Nov 4th'}]}"))).toEqual([]);
    expect(untiedAnswerValues(bars("{'timespan': 'day'}"))).toHaveLength(1);
  });
});
