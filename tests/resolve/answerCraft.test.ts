import { describe, expect, it } from 'vitest';
import { offlineAnswer, restatesDone, type AnswerInput } from '../../stages/resolve/answerWriter.js';
import { partialOpener } from '../../stages/resolve/failureSentences.js';
import { Rng } from '../../pipeline/rng.js';
import { answerOpenerContradicts, checkUndecided, firstSentence, openerTasks, recordDump } from '../../pipeline/quality/measures/answerCraft.js';
import { DEFAULT_QUALITY_THRESHOLDS } from '../../pipeline/config.js';

const seeds = Array.from({ length: 12 }, (_, i) => new Rng(i, 'answer-writer'));
const answers = (input: AnswerInput) => seeds.map((rng) => offlineAnswer(input, rng));

describe('records said as findings, not fields (answer_record_dump)', () => {
  it('flags the field-dump forms of the m7 build and passes their rewrites', () => {
    const request = 'Find five places to visit near the Louvre with their addresses.';
    expect(recordDump({ request, answer: 'The reply lists 5 places: "Hartley Museum of Art", "Anchor Gardens" and "Ortega Theatre".' })).toBeDefined();
    expect(recordDump({ request, answer: 'I found 2 places: "Hartley Museum of Art" (address "116 Rue Montorgueil") and "Anchor Gardens" (address "165 Rue de Rivoli").' })).toBeDefined();
    expect(recordDump({ request: 'Tell me about John Smith.', answer: 'Author information: name "John Smith", affiliation "University of Amsterdam" and website "https://x.net/".' })).toBeDefined();
    expect(recordDump({ request: 'Search Scholar for climate change papers and their citations.', answer: 'A search found 1 result: "New directions" (cited by 663; organic id "selJwfIN0t8J"; snippet "… a framework …").' })).toBeDefined();
    expect(recordDump({ request: 'Get information on the author John Smith.', answer: 'John Smith is at University of Amsterdam. The author id is "0juNTSgAAAAJ".' })).toBeDefined();
    expect(recordDump({ request, answer: 'I found 2 places: "Hartley Museum of Art" at 116 Rue Montorgueil and "Anchor Gardens" at 165 Rue de Rivoli.' })).toBeUndefined();
    expect(recordDump({ request: 'Find the author ID of John Smith and his details.', answer: 'The author id is "0juNTSgAAAAJ". John Smith is at University of Amsterdam.' })).toBeUndefined();
    expect(recordDump({ request: 'Give the titles, citations and snippets.', answer: 'A search found 1 result: "New directions" (cited by 663; snippet "… a framework …").' })).toBeUndefined();
  });

  it('tells places at their addresses, a person in sentences, and a search without its bookkeeping', () => {
    const places: AnswerInput = { request: 'Find places near the Louvre and give me their addresses.', steps: [{ name: 'GoogleMaps.search_nearby', args: { keywords: 'places' }, response: JSON.stringify({ places: [{ name: 'Hartley Museum of Art', address: '116 Rue Montorgueil' }, { name: 'Anchor Gardens', address: '165 Rue de Rivoli' }] }) }] };
    for (const a of answers(places)) {
      expect(recordDump({ request: places.request, answer: a })).toBeUndefined();
      expect(a).toContain('"Hartley Museum of Art" at 116 Rue Montorgueil');
    }
    const author: AnswerInput = { request: 'I need information about the author John Smith: affiliation, articles and website.', steps: [
      { name: 'GoogleScholar.get_author_id', args: { mauthors: 'John Smith' }, response: "{'author_id': '0juNTSgAAAAJ'}" },
      { name: 'GoogleScholar.get_author_information', args: { author_id: '0juNTSgAAAAJ' }, response: JSON.stringify({ name: 'John Smith', affliation: 'University of Amsterdam', articles: ['Materials science in practice', 'Interdisciplinary perspectives'], website: 'https://www.john-smith.net/' }) },
    ] };
    for (const a of answers(author)) {
      expect(recordDump({ request: author.request, answer: a })).toBeUndefined();
      expect(a).toContain('John Smith is at University of Amsterdam');
      expect(a).toContain('https://www.john-smith.net/');
    }
    // Asked for, the id is told, before what it led to.
    const asked = { ...author, request: "Find this author's ID, then retrieve John Smith's affiliation, articles and website." };
    for (const a of answers(asked)) expect(a.indexOf('0juNTSgAAAAJ')).toBeLessThan(a.indexOf('John Smith is at'));
    const scholar: AnswerInput = { request: 'Search Google Scholar for "climate change" and give me the titles and citation counts.', steps: [{ name: 'GoogleScholar.get_scholar_search', args: { query: 'climate change' }, response: JSON.stringify({ title: ['A', 'B'], cited_by: [663, 8299], organic_id: ['selJwfIN0t8J', 'q28AhHbR4352'], snippet: ['… x …', '… y …'], pub_info: ['J Smith - IEEE Access, 2022', 'F Schmidt - IEEE Access, 2012'] }) }] };
    for (const a of answers(scholar)) {
      expect(recordDump({ request: scholar.request, answer: a })).toBeUndefined();
      expect(a).toMatch(/cited by 663/);
    }
  });
});

describe('lists named for what they hold, labels and fields in sentences (answer_record_dump, answer-writer-46)', () => {
  it('flags the three m16 wordings and passes their rewrites', () => {
    const request = 'Plan the route and tell me the films.';
    // teval_query_34_0-env-k11, bfcl_multi_turn_base_18: a list told as items.
    expect(recordDump({ request, answer: 'The route has 49 items, the first three being "Head northwest on Murray St toward Church St", "Turn right onto Church St" and "Bear left onto Avenue of the Americas".' })).toBeDefined();
    expect(recordDump({ request, answer: 'The current directory holds 7 items, the first three being "report1.txt", "report2.txt" and "Backup".' })).toBeDefined();
    // teval_query_447_2-env-k3-cot: a label and a colon before a counted list.
    expect(recordDump({ request, answer: 'Now playing: 2 films: "珍·古道尔的传奇一生" and "汪汪队立大功大电影2：超能大冒险". Coming soon: 2 films: "红猪" and "涉过愤怒的海".' })).toBeDefined();
    // teval_query_65_1-control-k3-cot: a counted list swallowing the record's other fields.
    expect(recordDump({ request, answer: 'For movie 238, I found 2 genres: "Drama" and "Crime", release date 14 March 1972, runtime 175 minutes, the overview reads "Spanning the years".' })).toBeDefined();
    for (const good of [
      'The route has 49 steps, starting with "Head northwest on Murray St toward Church St", then "Turn right onto Church St", then "Bear left onto Avenue of the Americas".',
      'The current directory holds 7 files and folders, among them "report1.txt", "report2.txt" and "Backup".',
      'Two films are playing now: "珍·古道尔的传奇一生" and "汪汪队立大功大电影2：超能大冒险". Two films are coming soon: "红猪" and "涉过愤怒的海".',
      'For "The Godfather" (movie 238), the genres are "Drama" and "Crime", release date 14 March 1972, runtime 175 minutes.',
      'I found 2 films: "红猪", with release date 11月17日 and region 日本; and "迷失之城", with release date 11月9日.',
      'I found 2 places: "Hartley Museum of Art" at 116 Rue Montorgueil, Paris; and "Anchor Gardens" at 165 Rue de Rivoli.',
    ]) expect(recordDump({ request, answer: good }), good).toBeUndefined();
  });

  it('writes a route as steps and a directory as files and folders', () => {
    const route: AnswerInput = { request: 'Get me directions from Murray St to Times Square.', steps: [{ name: 'GoogleMaps.get_route', args: { origin: 'Murray St', destination: 'Times Square' }, response: JSON.stringify({ route: Array.from({ length: 9 }, (_, i) => `Step number ${i + 1} on Main St`), distance: '4.5 km' }) }] };
    for (const a of answers(route)) {
      expect(recordDump({ request: route.request, answer: a }), a).toBeUndefined();
      expect(a).toMatch(/the route has 9 steps, starting with "Step number 1 on Main St", then "Step number 2 on Main St", then "Step number 3 on Main St"/i);
    }
    const ls: AnswerInput = { request: 'List what is in the current directory.', steps: [{ name: 'GorillaFileSystem.ls', args: {}, response: JSON.stringify({ current_directory_content: ['report1.txt', 'report2.txt', 'Backup', 'a.txt', 'b.txt', 'c.txt', 'd.txt'] }) }] };
    for (const a of answers(ls)) {
      expect(recordDump({ request: ls.request, answer: a }), a).toBeUndefined();
      expect(a).toMatch(/holds 7 files and folders, among them "report1\.txt", "report2\.txt" and "Backup"/);
    }
  });

  it('keeps a record\'s named list one field among the others (teval_query_65_1)', () => {
    const details = "{'id': 238, 'genres': [{'id': 18, 'name': 'Drama'}, {'id': 80, 'name': 'Crime'}], 'release_date': '1972-03-14', 'runtime': 175, 'title': 'The Godfather', 'vote_average': 8.709}";
    const input: AnswerInput = { request: 'Retrieve the details of the movie with id 238.', steps: [{ name: 'FilmTMDB.get_movie_details', args: { movie_id: 238 }, response: details }] };
    for (const a of answers(input)) {
      expect(recordDump({ request: input.request, answer: a }), a).toBeUndefined();
      // A film's genres are the kind of film it is (answer_label_run, answer-writer-47).
      expect(a).toMatch(/is a drama and crime film, released 14 March 1972/);
      expect(a).not.toMatch(/2 genres:/);
    }
  });
});

describe('checks a listed result decides (answer_check_undecided)', () => {
  const rooms: AnswerInput = { request: 'Check if the second available meeting room is empty from 16:00 to 18:00. If available, create a presentation.', steps: [
    { name: 'ReserveMeeting.get_empty_room_with_time', args: { start_time: '16:00', end_time: '18:00' }, response: '{"rooms": [67977, 78304, 63790]}' },
    { name: 'PPT.save_file', args: {}, response: '', error: 'TimeoutError: [Errno 110] Operation timed out after 10 s while running save_file' },
  ] };
  const calls = rooms.steps.map((s) => ({ name: s.name, args: s.args, response: s.error ?? s.response }));
  it('flags the undecided answer of teval_query_417_2 and passes one that resolves the ordinal', () => {
    expect(checkUndecided({ calls, answer: "I can't tell from this whether the second available meeting room is empty from 16:00 to 18:00. The rooms are 67977, 78304 and 63790." })).toBeDefined();
    expect(checkUndecided({ calls, answer: "I can't tell from this whether the current directory is under your name." })).toBeUndefined();
  });
  it('answers it from the second room listed', () => {
    for (const a of answers(rooms)) {
      expect(a).toMatch(/^Yes, the second room listed, 78304, is empty from 16:00 to 18:00\./);
      expect(checkUndecided({ calls, answer: a })).toBeUndefined();
    }
  });
  it('says what was looked at and that it does not settle it, where nothing shown decides it', () => {
    const a = offlineAnswer({ request: 'Check if the current directory is under my name and list all the contents.', steps: [{ name: 'GorillaFileSystem.ls', args: { a: true }, response: '{"current_directory_content": ["workspace"]}' }] });
    expect(a).toMatch(/^The listing shows only "workspace"; it doesn't say whose directory this is\./);
  });
});

describe('partial failures open with what was and was not done (answer_opener_top_share)', () => {
  const steps: AnswerInput['steps'] = [
    { name: 'Email.send', args: { address: 'a@x.com', title: 'Hi', content: 'Hello' }, response: '{"status": "success"}' },
    { name: 'PolygonFinance.get_ticker_news', args: {}, response: '', error: 'ConnectionResetError: connection reset by peer' },
  ];
  it('never the canned "I got part of the way."', () => {
    const openers = seeds.map((rng) => partialOpener(steps, rng));
    expect(openers.some((o) => o === 'I got part of the way.')).toBe(false);
    // A sent email is a deed the answer tells after the failure: the opener never names it too (answer_done_said_twice,
    // answer-writer-109); a look-up done beside it is named.
    expect(openers.filter(Boolean).some((o) => /sending the email/i.test(o))).toBe(false);
    const withLookup: AnswerInput['steps'] = [{ name: 'Email.show', args: { only_unread: true }, response: '{"emails": []}' }, ...steps];
    expect(seeds.map((rng) => partialOpener(withLookup, rng)).filter(Boolean).some((o) => /checking|showing|emails/i.test(o) && /stock market news/.test(o) && !/sending/.test(o))).toBe(true);
    for (const a of answers({ request: 'Send the email, then get the ticker news.', steps })) expect(firstSentence(a)).not.toBe('I got part of the way.');
  });
});

describe('a partial failure never names one task as done and not done (answer_opener_contradicts)', () => {
  // teval_query_474_0: two Scholar searches, the second failed.
  const steps: AnswerInput['steps'] = [
    { name: 'FilmTMDB.get_top_rated_movies', args: {}, response: '{"results": [{"title": "The Godfather"}]}' },
    { name: 'GoogleScholar.search_google_scholar', args: { query: 'The Godfather' }, response: '{"organic_results": [{"title": "The Godfather revisited"}]}' },
    { name: 'GoogleScholar.search_google_scholar', args: { query: 'The Shawshank Redemption' }, response: '', error: 'ReadTimeout: the request timed out (read timeout=30)' },
  ];
  it('tells the two alike calls apart by count only', () => {
    const openers = seeds.map((rng) => partialOpener(steps, rng)).filter(Boolean);
    expect(openers.length).toBeGreaterThan(0);
    for (const o of openers) {
      const told = openerTasks(`${o} Next.`);
      expect(told?.undone.some((u) => told.done.includes(u)) ?? false).toBe(false);
    }
    expect(openers.some((o) => /two of the three steps/i.test(o))).toBe(true);
  });
  it('the measure flags the m12 opener and passes a count; gated at 0', () => {
    const tc = (answer: string) => ({
      id: 'x', kind: 'external', errorType: '', cot: false, k: 3, trajectoryId: 't', source: 'teval', tools: [],
      messages: [{ role: 'system', content: 'tools' }, { role: 'user', content: 'Get the top-rated movies and search Google Scholar for the first two.' }],
      groundTruth: { name: 'FinishAction', args: answer }, provenance: { methods: {}, origin: 'test', parents: [] },
    }) as unknown as Parameters<typeof answerOpenerContradicts.check>[0];
    const ctx = { trajectory: () => undefined } as unknown as Parameters<typeof answerOpenerContradicts.check>[1];
    expect(answerOpenerContradicts.check(tc('Getting the top-rated movies and searching Google Scholar went through, but not searching Google Scholar. There are 3 films.'), ctx)).toMatch(/searching google scholar/);
    expect(answerOpenerContradicts.check(tc('Two of the three steps went through. There are 3 films.'), ctx)).toBeNull();
    expect(DEFAULT_QUALITY_THRESHOLDS.answer_opener_contradicts).toBe(0);
  });
});

describe('beyondDone drops a success-only status by one test (restatesDone)', () => {
  it('handles both of the old guards\' cases', () => {
    // The old SUCCESS_MESSAGE pattern's cases: a bare success word, "ok", "added page".
    expect(restatesDone('sent the email', 'success')).toBe(true);
    expect(restatesDone('sent the email', 'ok')).toBe(true);
    expect(restatesDone('added a text page titled "Intro"', 'added page')).toBe(true);
    // The old restatesDone case: the deed's own verb.
    expect(restatesDone('created the file "a.pptx"', 'created a ppt file.')).toBe(true);
    expect(restatesDone('sent the email', 'Send failed: no recipient')).toBe(false);
    const said = (response: string, name = 'Email.send', args: Record<string, unknown> = { address: 'a@x.com' }) => offlineAnswer({ request: 'Do it.', steps: [{ name, args, response }] });
    expect(said('{"status": "success"}')).toMatch(/^I (?:have )?sent the email to a@x\.com\.$/);
    expect(said('{"status": "Send completed successfully."}')).toMatch(/^I (?:have )?sent the email to a@x\.com\.$/);
    expect(said('{"status": "created a ppt file."}', 'PPT.create_file', { abs_location: 'a.pptx' })).toMatch(/^I (?:have )?created the file "a\.pptx"\.$/);
    expect(said('{"status": "Ticket 987654 has been resolved successfully."}')).toContain('987654');
  });
});
